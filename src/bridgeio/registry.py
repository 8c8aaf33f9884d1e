"""The format registry: every format module registers a :class:`FileFormat` here.

The core picks a reader by content (each format's ``sniff``), using the file extension only to
choose between formats whose content fits, and a writer by extension or explicit name.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from bridgeio.errors import FormatError

Sniffer = Callable[[bytes, int], bool]
"""``sniff(head, size)``: does a file of ``size`` bytes starting with ``head`` fit this format?"""


@dataclass(frozen=True)
class Problem:
    """One finding of a check: where, what, and whether it is an error or only a warning."""

    place: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.place}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class FileFormat:
    """What a format module offers. Only ``name``, ``extensions`` and ``sniff`` are required.

    ``read(path)`` returns a model object; ``write(doc, handle, **options)`` writes one;
    ``iter_chunks(path, records)`` and ``write_chunks(chunks, handle, **options)`` stream bulk
    data with bounded memory; ``check(path)`` lists :class:`Problem` s without raising for them.
    """

    name: str
    extensions: tuple[str, ...]
    description: str
    sniff: Sniffer
    read: Callable[[str], Any] | None = None
    write: Callable[..., None] | None = None
    iter_chunks: Callable[[str, int], Iterator[Any]] | None = None
    write_chunks: Callable[..., None] | None = None
    check: Callable[[str], list[Problem]] | None = None
    options: dict[str, str] = field(default_factory=dict)
    record_size: int | None = None
    read_options: dict[str, str] = field(default_factory=dict)
    split: Callable[[Any], list[tuple[str, Any]]] | None = None
    """For a target that holds less than a source file: the parts to write, each with the
    suffix of its own file name (several parts: OUT-A.asc, OUT-B.asc, ...)."""


_FORMATS: dict[str, FileFormat] = {}


def register_format(fmt: FileFormat) -> FileFormat:
    """Add a format (the order of registration is the order of preference when sniffing)."""
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> list[FileFormat]:
    _load_builtin()
    return list(_FORMATS.values())


def get_format(name: str) -> FileFormat:
    """The format called ``name`` (case-insensitive); ``ValueError`` lists the known names.

    >>> get_format("ZRD").extensions
    ('.zrd',)
    """
    _load_builtin()
    try:
        return _FORMATS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown format {name!r}; known: {', '.join(_FORMATS)}") from None


def format_for_extension(path: str | os.PathLike) -> FileFormat | None:
    _load_builtin()
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    for fmt in _FORMATS.values():
        if suffix in fmt.extensions:
            return fmt
    return None


def detect_format(path: str | os.PathLike, head: bytes, size: int) -> FileFormat:
    """The format of a file, from its content; the extension breaks ties.

    Raises :class:`FormatError` when no format's content fits and the extension is unknown.
    """
    _load_builtin()
    by_extension = format_for_extension(path)
    if by_extension is not None and by_extension.read and by_extension.sniff(head, size):
        return by_extension  # the content fits the extension: no need to ask every format
    fitting = [fmt for fmt in _FORMATS.values() if fmt.read and fmt.sniff(head, size)]
    if by_extension is not None and (by_extension in fitting or not fitting):
        return by_extension  # with nothing fitting, its reader names what is wrong
    if fitting:
        return fitting[0]
    raise FormatError(path, "start of file", f"one of the formats {', '.join(_FORMATS)}")


def names(fmts: Iterable[FileFormat]) -> str:
    return ", ".join(f.name for f in fmts)


def _load_builtin() -> None:
    if not _FORMATS:
        import bridgeio.formats  # noqa: F401  (registers the built-in formats)
