"""Typed access to the fields of JSON data (the canonical JSON, and what a format carries in
it): each getter returns the value or raises :class:`FormatError` naming the JSON path
(``tournaments[3].date``) and what was expected, so a malformed document never ends in a
``KeyError`` or ``TypeError``. Beside ``errors`` and ``files``: every format may use it.

>>> integer({"rounds": 2**40}, "rounds", "x.json", 0, 255)
Traceback (most recent call last):
bridgeio.errors.FormatError: x.json: rounds: expected an integer 0-255, found 1099511627776
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bridgeio.errors import FormatError

JSON = dict[str, Any]
"""A JSON object as Python data."""

T = TypeVar("T")
_MISSING = object()
_LARGEST = 1 << 31
"""The largest whole number :func:`number` takes where it asks for one."""


def at(where: str, key: str | int) -> str:
    """The JSON path of ``key`` (a key or an index) inside ``where``.

    >>> at("", "schedule"), at("schedule", 2), at("schedule[2]", "ns")
    ('schedule', 'schedule[2]', 'schedule[2].ns')
    """
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def value(data: JSON, key: str, where: str, path: str, default: Any = _MISSING) -> Any:
    """``data[key]``; without a ``default``, a missing key is a :class:`FormatError`."""
    if key in data:
        return data[key]
    if default is _MISSING:
        raise FormatError(path, at(where, key), "a value (the key is missing)")
    return default


def _found(data: Any) -> str:
    text = repr(data)
    return text if len(text) <= 40 else text[:37] + "..."


def integer(
    data: JSON, key: str, path: str, low: int, high: int, where: str = "", default: Any = _MISSING
) -> int:
    """An integer from ``low`` to ``high`` (true and false are not integers)."""
    found = value(data, key, where, path, default)
    if type(found) is not int or not low <= found <= high:
        raise FormatError(path, at(where, key), f"an integer {low}-{high}, found {_found(found)}")
    return found


def text(data: JSON, key: str, path: str, where: str = "", default: Any = _MISSING) -> str:
    """A string."""
    found = value(data, key, where, path, default)
    if not isinstance(found, str):
        raise FormatError(path, at(where, key), f"a string, found {_found(found)}")
    return found


def boolean(data: JSON, key: str, path: str, where: str = "", default: Any = _MISSING) -> bool:
    """true or false."""
    found = value(data, key, where, path, default)
    if not isinstance(found, bool):
        raise FormatError(path, at(where, key), f"true or false, found {_found(found)}")
    return found


def array(data: JSON, key: str, path: str, where: str = "", default: Any = _MISSING) -> list[Any]:
    """A list."""
    found = value(data, key, where, path, default)
    if not isinstance(found, list):
        raise FormatError(path, at(where, key), f"a list, found {_found(found)}")
    return found


def mapping(found: Any, where: str, path: str) -> JSON:
    """``found`` itself, which must be an object."""
    if not isinstance(found, dict):
        raise FormatError(path, where, f"an object, found {_found(found)}")
    return found


def optional_text(data: JSON, key: str, path: str, where: str = "") -> str:
    """A string, ``""`` where the key is missing or null."""
    found = data.get(key)
    return "" if found is None else text(data, key, path, where)


def number(
    data: JSON, key: str, path: str, where: str = "", whole: bool = False
) -> int | float | None:
    """A number (an ``int`` with ``whole``: a float such as ``3.0`` taken, at most 2^31 either
    way), None where the key is missing or null."""
    found = data.get(key)
    if found is None:
        return None
    if isinstance(found, bool) or not isinstance(found, int | float):
        raise FormatError(path, at(where, key), f"a number or null, found {_found(found)}")
    if not whole:
        return found
    if isinstance(found, float) and not found.is_integer():
        raise FormatError(path, at(where, key), f"a whole number, found {_found(found)}")
    if abs(found) > _LARGEST:
        raise FormatError(path, at(where, key), f"a number of at most 2^31, found {found:.0f}")
    return int(found)


def parsed(parse: Callable[[], T], path: str, where: str, expected: str) -> T:
    """What ``parse()`` gives; the ``ValueError``, ``TypeError`` or ``KeyError`` it raises
    becomes a :class:`FormatError` saying what was ``expected`` at ``where``.

    >>> parsed(lambda: int("x"), "a.json", "events[0].number", "a number")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: a.json: events[0].number: expected a number
    """
    try:
        return parse()
    except (ValueError, TypeError, KeyError):
        raise FormatError(path, where or "top level", expected) from None


class Fields:
    """The getters above for one file: ``path`` given once.

    >>> read = Fields("a.json")
    >>> read.whole({"round": 3.0}, "round", "events[0]"), read.text({"name": None}, "name", "")
    (3, '')
    >>> read.items({"boards": 7}, "boards", "sections[1]")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: a.json: sections[1].boards: expected a list, found 7
    """

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, where: str, expected: str) -> FormatError:
        """The error for what is not ``expected`` at ``where``."""
        return FormatError(self.path, where or "top level", expected)

    def object(self, found: Any, where: str) -> JSON:
        """``found``, which must be an object."""
        return mapping(found, where or "top level", self.path)

    def items(self, data: JSON, key: str, where: str) -> list[Any]:
        """A list, empty where the key is missing."""
        return array(data, key, self.path, where, default=[])

    def text(self, data: JSON, key: str, where: str) -> str:
        """A string, ``""`` where missing or null."""
        return optional_text(data, key, self.path, where)

    def number(self, data: JSON, key: str, where: str, whole: bool = False) -> Any:
        """A number or None (see :func:`number`)."""
        return number(data, key, self.path, where, whole)

    def whole(self, data: JSON, key: str, where: str, default: int = 0) -> int:
        """A whole number, ``default`` where missing or null."""
        found = number(data, key, self.path, where, whole=True)
        return default if found is None else int(found)

    def parsed(self, where: str, parse: Callable[[], T], expected: str) -> T:
        """What ``parse()`` gives (see :func:`parsed`)."""
        return parsed(parse, self.path, where, expected)
