"""Typed access to the fields of JSON data (the canonical JSON, and what a format carries in
it): each getter returns the value or raises :class:`FormatError` naming the JSON path
(``tournaments[3].date``) and what was expected, so a malformed document never ends in a
``KeyError`` or ``TypeError``. Beside ``errors`` and ``files``: every format may use it.

>>> integer({"rounds": 2**40}, "rounds", "x.json", 0, 255)
Traceback (most recent call last):
bridgeio.errors.FormatError: x.json: rounds: expected an integer 0-255, found 1099511627776
"""

from __future__ import annotations

from typing import Any

from bridgeio.errors import FormatError

JSON = dict[str, Any]
"""A JSON object as Python data."""

_MISSING = object()


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
