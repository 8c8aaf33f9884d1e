"""The format registry: one table (:mod:`bridgeio.formats`, which registers itself here when
imported: the core imports it) says which formats exist, what each reads and writes and which
options it takes; the core, the command line and ``bridgeio formats`` all ask it.

A format's functions are named by module and attribute and imported only when first called,
so that sniffing a file and starting the command line load no format module that the file
does not need (no NumPy for a USEBIO file, no lxml for a deal file).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import partial
from types import ModuleType
from typing import TYPE_CHECKING, Any, BinaryIO, Generic, Literal, Protocol, TypeVar, get_args

from bridgeio.errors import FormatError, Problem

if TYPE_CHECKING:
    from bridgeio.model.document import Document
    from bridgeio.model.provenance import Provenance
    from bridgeio.model.pseudonyms import Pseudonyms

__all__ = [
    "FileFormat",
    "Lazy",
    "Option",
    "Problem",
    "detect_format",
    "format_for_extension",
    "formats",
    "get_format",
    "register_format",
]

T = TypeVar("T")


Holds = Literal["deals", "results", "movement", "tournaments", "any", "table"]
"""What kind of document a format carries: a :class:`~bridgeio.model.document.DocumentKind`,
``any`` (JSON) or ``table`` (CSV)."""

Part = Literal[
    "cards", "tricks", "target", "boards", "dealer", "vulnerability", "provenance", "sessions"
]
"""A part of a deal set a format keeps (``target``: one declarer's tricks, ZRJ; ``dealer`` and
``vulnerability``: as a file states them, where they differ from its board number's), or of
results: ``sessions``, an event's sessions and overall standings (a format without it writes
the sessions' sections one after another, and says so)."""


# One protocol a role. A function with more (optional) options than its role still fits;
# the core passes the options the format declares. Formats' functions are checked against
# these by mypy (``bridgeio.formats``' table) and by tests/test_registry.py at run time.


class Sniffer(Protocol):
    """``sniff(head, size)``: does a file of ``size`` bytes starting with ``head`` fit?"""

    def __call__(self, head: bytes, size: int, /) -> bool: ...


class Reader(Protocol):
    """``read(path, **read_options)``: the document in the file."""

    def __call__(self, path: str, /) -> Document: ...


class ChunkReader(Protocol):
    """``iter_chunks(path, **read_options)``: the document in chunks, in bounded memory."""

    def __call__(self, path: str, /) -> Iterable[Document]: ...


class Writer(Protocol):
    """``write(doc, handle, source=..., **write_options)``: the document as this format."""

    def __call__(self, doc: Document, handle: BinaryIO, /, *, source: str | None = ...) -> None: ...


class ChunkWriter(Protocol):
    """``write_chunks(chunks, handle, source=..., **write_options)``: chunks one after another."""

    def __call__(
        self, chunks: Iterable[Document], handle: BinaryIO, /, *, source: str | None = ...
    ) -> None: ...


class Checker(Protocol):
    """``check(path, **read_options)``: every problem of the file, none raised."""

    def __call__(self, path: str, /) -> list[Problem]: ...


class Anonymizer(Protocol):
    """``anonymize(path, handle, pseudonyms, **read_options)``: the file, names replaced."""

    def __call__(self, path: str, handle: BinaryIO, pseudonyms: Pseudonyms, /) -> None: ...


class Splitter(Protocol):
    """``split(doc)``: (file name suffix, part) for each file the document gives."""

    def __call__(self, doc: Document, /) -> Sequence[tuple[str, Document]]: ...


class Restorer(Protocol):
    """``restore(data, path)``: the provenance whose JSON the canonical JSON carried."""

    def __call__(self, data: object, path: str, /) -> Provenance: ...


class Carrier(Protocol):
    """``carry(doc)``: what a document keeps beyond the model, where it holds none itself."""

    def __call__(self, doc: Document, /) -> Provenance | None: ...


class Rewriter(Protocol):
    """``rewrite(data, old, new)``: the bytes ``data`` of a file read as ``old``, with what
    ``new`` changed written over them and every other byte kept; None where the change is not
    one it can write in place (the caller writes ``new`` whole). ``old`` and ``new`` are
    documents of the kind the format holds."""

    def __call__(self, data: bytes, old: Any, new: Any, /) -> bytes | None: ...


class Lazy(Generic[T]):
    """A function (or any object) named ``"module:attribute"``, imported on first use; its
    type, usually a role's protocol (``Lazy[Reader]``), is what mypy checks where the entry
    sits and what a caller sees. ``bound`` keyword arguments are passed on every call (a bound
    value that is itself a ``Lazy`` is resolved with it).

    >>> from collections.abc import Callable
    >>> join = Lazy[Callable[..., str]]("os.path:join"); join("a", "b"), repr(join)
    ('a/b', "Lazy('os.path:join')")
    >>> Lazy[Callable[[str], int]]("builtins:int", base=16)("ff")
    255

    mypy checks the role of every entry of the registry's table (``Lazy[Sniffer]`` where a
    ``Reader`` goes is an error); tests/test_registry.py has mypy check each target named
    against its role.
    """

    def __init__(self, target: str, /, **bound: Any) -> None:
        module, colon, attribute = target.partition(":")
        if not colon or not module or not attribute:
            raise ValueError(f"a lazy reference is 'module:attribute', not {target!r}")
        self.module, self.attribute, self.bound = module, attribute, bound
        self._resolved: T | None = None

    def resolve(self) -> T:
        """The object itself (imported now if it was not yet), its bound arguments applied."""
        if self._resolved is None:
            found = getattr(importlib.import_module(self.module), self.attribute)
            if isinstance(found, ModuleType):  # a submodule of the name shadows the function
                raise TypeError(f"{self!r} names a module, not a function")
            if self.bound:
                values = {
                    k: v.resolve() if isinstance(v, Lazy) else v for k, v in self.bound.items()
                }
                found = partial(found, **values)
            self._resolved = found
        return self._resolved

    @property
    def __call__(self) -> T:
        """Calling the reference calls the object it names (typed as ``T``)."""
        return self.resolve()

    @property
    def role(self) -> object:
        """The type it was given (``Lazy[Reader]``: :class:`Reader`), or None."""
        alias = getattr(self, "__orig_class__", None)
        return get_args(alias)[0] if alias is not None else None

    def __repr__(self) -> str:
        bound = "".join(f", {k}={v!r}" for k, v in self.bound.items())
        return f"Lazy({self.module + ':' + self.attribute!r}{bound})"


@dataclass(frozen=True)
class Option:
    """An option a reader or writer takes; the command line offers it as ``--name``.

    >>> Option("usebio_version", "USEBIO version to write", ("1.4", "1.2")).flag
    '--usebio-version'
    """

    name: str
    help: str
    choices: tuple[str, ...] | None = None

    @property
    def flag(self) -> str:
        """The command-line flag: ``--`` and the name with ``-`` for ``_``."""
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class FileFormat:
    """What a format offers. Only ``name``, ``extensions``, ``description`` and ``sniff`` are
    required; every other capability is optional.

    * ``read(path, **read_options)`` returns a model object; it raises
      :class:`~bridgeio.errors.FormatError` for what cannot be read and reports what can be
      read only in part with :func:`~bridgeio.errors.report`.
    * ``write(doc, handle, source=..., **write_options)`` writes one model object.
    * ``iter_chunks(path)`` and ``write_chunks(chunks, handle, source=..., **write_options)``
      stream bulk data (deal sets) with bounded memory.
    * ``check(path, **read_options)`` lists :class:`Problem` s without raising for them.
    * ``anonymize(path, handle, pseudonyms, **read_options)`` copies a file with names,
      numbers and places replaced and every other byte kept.
    * ``restore(data, path)`` gives back the :class:`~bridgeio.model.provenance.Provenance`
      whose JSON the canonical JSON carried for this format: an object's ``kept`` (results),
      the list of every deal record's entry (deal sets), the whole document (tournaments).
    * ``carry(doc)`` gives the provenance a document read from this format keeps beyond the
      model where the document holds none as an attribute (a .cbt file's slots and tree):
      the canonical JSON carries its ``to_json``.
    * ``rewrite(data, old, new)`` writes a changed document over the bytes of the file it
      was read from, keeping every byte it did not change (a rescored USEBIO file's layout,
      comments and DOCTYPE): :func:`bridgeio.write` with ``original=`` uses it. (ACBLscore
      needs none: its documents carry their file's bytes, and its writer edits them.)
    * ``split(doc)``: for a target that holds less than a source file, the parts to write,
      each with the suffix of its own file name (OUT-A.asc, OUT-B.asc, ...).
    * ``resembles(head, size)``: could the file be a short or damaged file of this format
      (not empty, not text, no other kind's signature)? Asked only when the extension names
      this format and no format's ``sniff`` fits, so that its reader can say what is wrong.
    * ``holds``: what kind of document it carries: ``deals``, ``results``, ``movement``,
      ``tournaments``, ``table`` (CSV) or ``any`` (JSON).
    * ``carries``: which parts of a deal set it keeps (``cards``, ``tricks``, ``target``
      (one declarer's tricks, ZRJ), ``boards``, ``dealer`` and ``vulnerability`` (as a file
      states them), ``provenance`` (every format's)); a conversion reports the rest as left
      out (a dealer or vulnerability only where it differs from what the board number gives);
      ``sessions`` for results: an event's sessions and its overall standings.
    """

    name: str
    extensions: tuple[str, ...]
    description: str
    sniff: Sniffer
    resembles: Sniffer | None = None
    holds: Holds = "any"
    read: Reader | None = None
    write: Writer | None = None
    iter_chunks: ChunkReader | None = None
    write_chunks: ChunkWriter | None = None
    check: Checker | None = None
    anonymize: Anonymizer | None = None
    restore: Restorer | None = None
    carry: Carrier | None = None
    split: Splitter | None = None
    rewrite: Rewriter | None = None
    read_options: tuple[Option, ...] = ()
    write_options: tuple[Option, ...] = ()
    record_size: int | None = None
    carries: frozenset[Part] = frozenset()
    headerless: bool = False
    """Its content has no signature (Pavlicek's records): asked last when sniffing."""

    @property
    def reads(self) -> bool:
        """True when the format can be read, whole or in chunks."""
        return self.read is not None or self.iter_chunks is not None

    @property
    def writes(self) -> bool:
        """True when the format can be written, whole or in chunks."""
        return self.write is not None or self.write_chunks is not None

    def reader_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The given options this format's reader takes (others are for other formats)."""
        names = {o.name for o in self.read_options}
        return {k: v for k, v in options.items() if v is not None and k in names}


_FORMATS: dict[str, FileFormat] = {}


def register_format(fmt: FileFormat) -> FileFormat:
    """Add a format (the order of registration is the order of preference when sniffing).

    A format of one's own is one entry, registered by its package when imported (before the
    command line or :func:`bridgeio.read` is used); its functions named lazily, so that
    registering imports nothing. Every list of formats takes it from here: ``bridgeio
    formats``, ``--from``/``--to``, sniffing, the fuzzer and the every-command test. The
    built-in entries are in :mod:`bridgeio.formats`.

    >>> import bridgeio.formats
    >>> tally = FileFormat("tally", (".tly",), "Tally deal list", holds="deals",
    ...     sniff=Lazy[Sniffer]("tallyformat:sniff"), read=Lazy[Reader]("tallyformat:read"))
    >>> register_format(tally) is get_format("TALLY"), tally.reads, tally.writes
    (True, True, False)
    >>> del _FORMATS["tally"]  # (a doctest's format: gone again)
    """
    _FORMATS[fmt.name] = fmt
    return fmt


def formats() -> list[FileFormat]:
    """Every registered format, built-in ones first.

    >>> import bridgeio.formats  # the built-in table (the core imports it)
    >>> [f.name for f in formats()][:3]
    ['acblscore', 'usebio', 'pbn']
    """
    return list(_FORMATS.values())


def get_format(name: str | FileFormat) -> FileFormat:
    """The format called ``name`` (case-insensitive); ``ValueError`` lists the known names.

    >>> import bridgeio.formats
    >>> get_format("ZRD").extensions
    ('.zrd',)
    """
    if isinstance(name, FileFormat):
        return name
    try:
        return _FORMATS[name.lower()]
    except KeyError:
        raise ValueError(f"unknown format {name!r}; known: {', '.join(_FORMATS)}") from None


def format_for_extension(path: str | os.PathLike[str]) -> FileFormat | None:
    """The format whose extension ``path`` has, if any (an extension may be a pattern:
    ``.ac?``).

    >>> import bridgeio.formats
    >>> format_for_extension("170807.ACL").name, format_for_extension("x.ac") is None
    ('acblscore', True)
    """
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    for fmt in _FORMATS.values():
        if suffix in fmt.extensions or any(fnmatchcase(suffix, e) for e in fmt.extensions):
            return fmt
    return None


def detect_format(path: str | os.PathLike[str], head: bytes, size: int) -> FileFormat:
    """The format of a file from its content; the extension only chooses among formats whose
    content fits. Raises :class:`FormatError` when no format's content fits.

    >>> import bridgeio.formats
    >>> detect_format("notes.txt", b"hello", 5)
    Traceback (most recent call last):
    bridgeio.errors.FormatError: notes.txt: start of file: expected a recognised format ...
    """
    by_extension = format_for_extension(path)
    if by_extension is not None and by_extension.reads and by_extension.sniff(head, size):
        return by_extension  # the content fits the extension: no need to ask every format
    in_order = sorted((f for f in _FORMATS.values() if f.reads), key=lambda f: f.headerless)
    for fmt in in_order:
        if fmt.sniff(head, size):
            return fmt
    if by_extension is not None and by_extension.resembles is not None:
        if by_extension.resembles(head, size):
            return by_extension  # a short or damaged file of its extension's format
    readable = ", ".join(f.name for f in _FORMATS.values() if f.reads)
    raise FormatError(
        path,
        "start of file",
        f"a recognised format ({readable}); name one with --from if it is one of them",
    )


def names(fmts: Iterable[FileFormat]) -> str:
    """The formats' names, comma-separated."""
    return ", ".join(f.name for f in fmts)
