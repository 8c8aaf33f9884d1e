"""``read``, ``write`` and ``convert``: the three calls most users need.

A conversion is ``write(read(x))``, streamed chunk by chunk where both formats can; what the
target cannot hold is reported as a :class:`~bridgeio.errors.DataLossWarning` (see
:class:`Losses`).
"""

from __future__ import annotations

import os
import warnings
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, BinaryIO, TypeVar, overload

import bridgeio.formats  # noqa: F401  (the built-in formats register themselves)
from bridgeio.errors import (
    ConversionError,
    FormatError,
    FormatWarning,
    InternalError,
    OptionError,
    Problem,
    collect,
    lost,
)
from bridgeio.files import PathLike, atomic_output, input_size, read_head
from bridgeio.files import same_file as same_file
from bridgeio.model.document import Document, DocumentKind, kind_of
from bridgeio.registry import FileFormat, detect_format, format_for_extension, get_format
from bridgeio.registry import formats as available_formats
from bridgeio.registry import register_format as register_format

__all__ = [
    "FileFormat",
    "available_formats",
    "convert",
    "get_format",
    "read",
    "register_format",
    "validate",
    "write",
]

Progress = Callable[[int], None]
"""Called with the number of records just processed."""

Target = PathLike | BinaryIO
"""Where to write: a path (written atomically) or an open binary handle (standard output)."""


def input_format(path: PathLike, format: str | FileFormat | None = None) -> FileFormat:
    """The format of an input file: ``format`` if given, else sniffed from its content."""
    if format:
        input_size(path)
        return get_format(format)
    head = read_head(path)  # it checks the file is there and readable
    return detect_format(path, head, os.stat(path).st_size)


def output_format(path: Target, format: str | FileFormat | None = None) -> FileFormat:
    """The format to write: ``format`` if given, else from the extension of ``path``."""
    if format:
        return get_format(format)
    fmt = None if _is_handle(path) else format_for_extension(path)  # type: ignore[arg-type]
    if fmt is None:
        raise ValueError(
            f"cannot tell the format of {_name(path)!r} from its extension; "
            "name one (format=... or --to)"
        )
    return fmt


D = TypeVar("D")


@overload
def read(
    path: PathLike, format: str | FileFormat | None = None, *, expect: type[D], **options: Any
) -> D: ...
@overload
def read(path: PathLike, format: str | FileFormat | None = None, **options: Any) -> Document: ...


def read(
    path: PathLike,
    format: str | FileFormat | None = None,
    *,
    expect: type[Any] | None = None,
    **options: Any,
) -> Any:
    """Read a file into the model; the format comes from the content (extension a hint). A
    :data:`~bridgeio.model.Document`: ask its ``kind``, or name the class you expect
    (``expect=DealSet``): type checkers then know it, and a file that holds another kind of
    document raises :class:`FormatError`.

    ``options`` are the reader's own (``codepage="cp1251"`` for ChessBase files); ones the
    format does not take are ignored, so a caller can pass them for any file. Every problem
    with the input raises :class:`FormatError` naming file, place and expectation; what can
    be read only in part is reported as a :class:`~bridgeio.errors.FormatWarning`.

    >>> import bridgeio
    >>> bridgeio.read("/no/such/file.zrd")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such/file.zrd: file: expected an existing file
    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "one.zbd")
    >>> bridgeio.write(bridgeio.DealSet.from_deals([bridgeio.Deal.from_pbn(
    ...     "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")]), path)
    >>> len(bridgeio.read(path, expect=bridgeio.DealSet))
    1
    >>> bridgeio.read(path, expect=bridgeio.DiagramSet)
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /...one.zbd: document: expected a DiagramSet, found deals
    """
    path = os.fspath(path)
    fmt = input_format(path, format)
    doc = read_as(path, fmt, **options)
    if expect is not None and not isinstance(doc, expect):
        found = kind_of(doc)
        raise FormatError(
            path, "document", f"a {expect.__name__}, found {found.value if found else 'none'}"
        )
    return doc


def read_as(path: str, fmt: FileFormat, **options: Any) -> Document:
    """Read ``path`` with ``fmt``'s reader (the format already known)."""
    wanted = fmt.reader_options(options)
    with reader_errors(path, fmt):
        if fmt.read is not None:
            doc: Document = fmt.read(path, **wanted)
            return doc
        if fmt.iter_chunks is not None:
            return _join(list(fmt.iter_chunks(path, **wanted)))
    raise ValueError(f"bridgeio cannot read {fmt.name} files")


def _join(chunks: list[Any]) -> Document:
    from bridgeio.model.deals import concat

    return chunks[0] if len(chunks) == 1 else concat(chunks)


def validate(
    path: PathLike, format: str | FileFormat | None = None, **options: Any
) -> list[Problem]:
    """Every problem found in a file: its format's checks and what its reader reports, each
    once, sorted by place. Raises :class:`FormatError` for a file its reader refuses (with
    the problems found in ``error.problems``).

    >>> import bridgeio, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "cut.zbd")
    >>> bridgeio.write(bridgeio.DealSet.from_deals([bridgeio.Deal.from_pbn(
    ...     "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")]), path)
    >>> _ = open(path, "ab").write(b"cut!!")  # readable in part: its problems are listed
    >>> [(p.place, p.severity) for p in bridgeio.validate(path)]
    [('record 2 at byte 13', 'error')]
    >>> _ = open(path, "r+b").write(bytes([255]))  # four cards move: the hands are not 13
    >>> try:
    ...     bridgeio.validate(path)
    ... except bridgeio.FormatError as refused:  # unreadable: the problems come with it
    ...     [p.place for p in refused.problems]
    ['record 1 at byte 0', 'record 2 at byte 13']
    """
    path = os.fspath(path)
    fmt = input_format(path, format)
    return validate_as(path, fmt, **options)


def validate_as(path: str, fmt: FileFormat, **options: Any) -> list[Problem]:
    """:func:`validate` with the format already known.

    One rule for every command: a file is unreadable when its reader refuses it. So when a
    format's checks find errors, the reader is asked too, and a file it refuses raises its
    :class:`FormatError`, which carries the problems found (``error.problems``).
    """
    listed: list[Problem] = []
    with collect() as found:
        try:
            if fmt.check is not None:
                with reader_errors(path, fmt):
                    listed = list(fmt.check(path, **fmt.reader_options(options)))
                if any(p.severity == "error" for p in listed):
                    _read_through(path, fmt, **options)
            else:
                _read_through(path, fmt, **options)
        except FormatError as error:
            error.problems = _merged(listed, found.problems)
            raise
    return _merged(listed, found.problems)


def _read_through(path: str, fmt: FileFormat, **options: Any) -> None:
    """Read the whole file (in chunks where it streams), keeping nothing."""
    for _ in iter_chunks(path, fmt, **options):
        pass


def _merged(listed: list[Problem], reported: list[Problem]) -> list[Problem]:
    """A check's problems and the reader's, each once, sorted by place."""
    seen = {(p.place, p.message) for p in listed}
    every = listed + [p for p in reported if (p.place, p.message) not in seen]
    return sorted(every, key=lambda p: p.sort_key)


def iter_chunks(path: str, fmt: FileFormat, **options: Any) -> Iterator[Any]:
    """The document in chunks (deal sets) where the format streams, else whole."""
    wanted = fmt.reader_options(options)
    if fmt.iter_chunks is None:
        yield read_as(path, fmt, **options)
        return
    with reader_errors(path, fmt):
        yield from fmt.iter_chunks(path, **wanted)


class reader_errors:  # noqa: N801 - a context manager, named like contextlib's
    """What may leave a reader: a :class:`FormatError` (the file is at fault), an ``OSError``
    (it could not be read: a FormatError too), an :class:`OptionError` (an option it cannot
    take), a warning a caller's filter made an exception;
    anything else is a bug in bridgeio, never blamed on the file: an :class:`InternalError`
    naming the file, with the bug's own exception as its cause."""

    def __init__(self, path: str, fmt: FileFormat) -> None:
        self.path, self.fmt = path, fmt

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type | None, error: BaseException | None, tb: object) -> None:
        if kind is None or error is None or not issubclass(kind, Exception):
            return
        if issubclass(kind, FormatError | InternalError | OptionError | Warning):
            return
        if issubclass(kind, OSError):
            raise FormatError(self.path, "file", f"a readable file ({error})") from error
        raise InternalError(self.path, "reading", error) from error


def _writer(
    fmt: FileFormat, options: dict[str, Any]
) -> Callable[[Iterable[Any], Any, str | None], None]:
    options = {k: v for k, v in options.items() if v is not None}
    unknown = set(options) - {o.name for o in fmt.write_options}
    if unknown:
        raise ValueError(f"the {fmt.name} writer takes no option {', '.join(sorted(unknown))}")
    if fmt.write_chunks is not None:
        chunks_writer = fmt.write_chunks
        return lambda chunks, handle, source: chunks_writer(
            chunks, handle, source=source, **options
        )
    if fmt.write is not None:
        whole_writer = fmt.write

        def write_whole(chunks: Iterable[Any], handle: Any, source: str | None) -> None:
            parts = list(chunks)
            whole_writer(
                parts[0] if len(parts) == 1 else _join(parts), handle, source=source, **options
            )

        return write_whole
    raise ValueError(f"bridgeio cannot write {fmt.name} files")


def write(
    doc: Any,
    path: Target,
    format: str | FileFormat | None = None,
    overwrite: bool = True,
    *,
    original: PathLike | None = None,
    **options: Any,
) -> None:
    """Write a model object; the format comes from ``format`` or the extension of ``path``.

    The file appears only when complete (atomic); a failed write leaves nothing behind. A
    target format that holds one part of the source (one section's movement, one event)
    gives OUT-A.asc, OUT-B.asc, ... Raises :class:`ConversionError` when ``doc`` lacks
    what the format needs.

    ``original``: the file ``doc`` was read from and changed since (rescored, say). Where
    the target is of that file's format and the format rewrites in place (its registry
    entry's ``rewrite``: USEBIO), ``doc``'s changes are written over the file's own bytes and
    every other byte is kept; otherwise (another format, a writer option asked for, a change
    it cannot write in place) ``doc`` is written whole.

    >>> import bridgeio, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "one.pbn")
    >>> deal = bridgeio.Deal.from_pbn(
    ...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    >>> bridgeio.write(bridgeio.DealSet.from_deals([deal]), path)
    >>> bridgeio.read(path)[0].pbn() == deal.pbn()
    True
    """
    kept = None if original is None else rewritten(doc, path, format, original, options)
    if kept is None:
        write_files(doc, path, format, overwrite, **options)
        return
    with output_handle(path, overwrite) as handle:
        handle.write(kept)


def rewritten(
    doc: Any, path: Target, format: str | FileFormat | None, original: PathLike, options: Any
) -> bytes | None:
    """``original``'s bytes with ``doc``'s changes written over them, where the target
    format's ``rewrite`` can (see :func:`write`); None to write ``doc`` whole."""
    fmt = output_format(path, format)
    if fmt.rewrite is None or any(v is not None for v in options.values()):
        return None
    source = os.fspath(original)
    if input_format(source) is not fmt:
        return None
    with warnings.catch_warnings():  # what reading it says was said when it was first read
        warnings.simplefilter("ignore", FormatWarning)
        old = read_as(source, fmt)
    with open(source, "rb") as handle:
        data = handle.read()
    return fmt.rewrite(data, old, doc)


def write_files(
    doc: Any,
    path: Target,
    format: str | FileFormat | None = None,
    overwrite: bool = True,
    **options: Any,
) -> list[str]:
    """:func:`write`, returning the names of the files written."""
    fmt = output_format(path, format)
    source = getattr(doc, "format", None)
    writer = _writer(fmt, options)
    losses = Losses(fmt, source)
    losses.see(doc)
    parts = split_parts(fmt, fitted(doc, fmt), path)
    losses.report()  # before anything is written: with --strict a loss writes nothing
    written = []
    for target, part in parts:
        with output_handle(target, overwrite) as handle:
            writer([part], handle, source)
        written.append(_name(target))
    return written


def fitted(doc: Any, fmt: FileFormat) -> Any:
    """``doc`` as what ``fmt`` holds: a results file's hand record for a deal format; a
    :class:`ConversionError` for a document of another kind (a movement as deals, say).

    >>> from bridgeio.model.movement import Movement
    >>> fitted(Movement(4, 2, 1, 2, False), get_format("zbd"))
    Traceback (most recent call last):
    bridgeio.errors.ConversionError: cannot write zbd: it needs deals, which the ... not hold
    """
    kind, holds = kind_of(doc), fmt.holds
    if holds in ("any", "table") or kind == holds or kind is None or fmt.split is not None:
        return doc  # JSON, CSV, PBN (deals or results) take any; split() picks its own part
    if holds == "deals":
        from bridgeio.model.diagrams import as_deals

        return doc if kind == DocumentKind.DEALS else as_deals(doc, fmt.name)
    raise ConversionError(fmt.name, holds, getattr(doc, "format", None) or kind)


def split_parts(fmt: FileFormat, doc: Any, path: Target) -> list[tuple[Target, Any]]:
    """(file name, document) pairs: one file, or OUT-A.asc, OUT-B.asc, ... when the target
    format holds one part (a section's movement, an event) of what the source holds."""
    parts = fmt.split(doc) if fmt.split is not None else [("", doc)]
    if not parts:
        raise ConversionError(fmt.name, f"{fmt.holds}", getattr(doc, "format", None))
    if len(parts) == 1:
        return [(path, parts[0][1])]
    if _is_handle(path):
        raise ValueError(
            f"the source gives {len(parts)} {fmt.name} files ({fmt.holds}): "
            "name an output file instead of standard output"
        )
    stem, extension = os.path.splitext(os.fspath(path))  # type: ignore[arg-type]
    return [(f"{stem}-{suffix}{extension}", part) for suffix, part in parts]


def write_stream(
    chunks: Iterable[Any],
    path: Target,
    format: str | FileFormat | None = None,
    source: str | None = None,
    overwrite: bool = True,
    **options: Any,
) -> None:
    """Write chunks (deal sets, say) one after another to one file, atomically."""
    fmt = output_format(path, format)
    writer = _writer(fmt, options)
    losses = Losses(fmt, source)
    with output_handle(path, overwrite) as handle:
        writer(losses.watch(chunks), handle, source)
        losses.report()  # inside: with --strict the output is not committed


def convert(
    source: PathLike,
    target: Target,
    to: str | FileFormat | None = None,
    *,
    source_format: str | FileFormat | None = None,
    overwrite: bool = True,
    progress: Progress | None = None,
    **options: Any,
) -> None:
    """Read ``source`` and write ``target``, streaming in chunks where both formats allow.

    Refuses to overwrite the input itself. Options go to the reader (``codepage``) or the
    writer (``seat``, ``usebio_version``) that takes them.

    >>> import bridgeio
    >>> bridgeio.convert("/no/such/deals.zrd", "/tmp/deals.pbn")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such/deals.zrd: file: expected an existing file
    """
    convert_files(
        source,
        target,
        to,
        source_format=source_format,
        overwrite=overwrite,
        progress=progress,
        **options,
    )


def convert_files(
    source: PathLike,
    target: Target,
    to: str | FileFormat | None = None,
    *,
    source_format: str | FileFormat | None = None,
    overwrite: bool = True,
    progress: Progress | None = None,
    **options: Any,
) -> list[str]:
    """:func:`convert`, returning the names of the files written."""
    source = os.fspath(source)
    src = input_format(source, source_format)
    dst = output_format(target, to)
    if not _is_handle(target) and same_file(source, target):  # type: ignore[arg-type]
        raise ValueError(f"{_name(target)} is the input file: not overwritten")
    write_options = {k: v for k, v in options.items() if k not in src.reader_options(options)}
    read_options = src.reader_options(options)
    if dst.split is not None or src.iter_chunks is None or dst.write_chunks is None:
        doc = read_as(source, src, **read_options)
        return write_files(doc, target, dst, overwrite, **write_options)
    writer = _writer(dst, write_options)
    losses = Losses(dst, src.name)
    chunks = _counted(losses.watch(iter_chunks(source, src, **read_options)), progress)
    with output_handle(target, overwrite) as handle:
        writer(chunks, handle, src.name)
        losses.report()  # inside: with --strict the output is not committed
    return [_name(target)]


class Losses:
    """What a conversion leaves out, counted over every chunk and reported once at the end
    as :class:`~bridgeio.errors.DataLossWarning` s (``--strict`` makes them errors).

    >>> import warnings, bridgeio
    >>> from bridgeio.model.deals import DealSet
    >>> import numpy as np
    >>> losses = Losses(bridgeio.get_format("zbd"), "zrd")
    >>> losses.see(DealSet(np.zeros((3, 52), np.uint8), np.zeros((3, 5, 4), np.uint8)))
    >>> with warnings.catch_warnings(record=True) as seen:
    ...     warnings.simplefilter("always"); losses.report()
    >>> [str(w.message) for w in seen]
    ['zbd cannot hold the double-dummy tricks of 3 deals of the zrd source: left out']
    """

    def __init__(self, target: FileFormat, source: str | None) -> None:
        self.target, self.source = target, source
        self.counts: Counter[str] = Counter()
        self.done = 0  # deals seen so far, for board numbers' positions

    def watch(self, chunks: Iterable[Any]) -> Iterator[Any]:
        """Pass chunks through, counting what each holds that the target does not."""
        for chunk in chunks:
            self.see(chunk)
            yield chunk

    def see(self, doc: Any) -> None:
        """Count what ``doc`` holds that the target cannot."""
        kind, holds = kind_of(doc), self.target.holds
        if kind == DocumentKind.DEALS:
            from bridgeio.model.deals import DealSet  # (deals are loaded: NumPy is)

            if isinstance(doc, DealSet):
                self._deals(doc)
            return
        if kind == DocumentKind.RESULTS and holds not in ("results", "any"):
            entries = sum(len(s.entries) for e in doc.events for s in e.sections)
            lines = sum(len(b.results) for e in doc.events for s in e.sections for b in s.results)
            self.counts[f"the results ({entries} entries, {lines} table results)"] = 1
        elif kind == DocumentKind.RESULTS and self.target.name not in ("json", "pbn", "lin"):
            played = [
                line
                for e in doc.events
                for s in e.sections
                for b in [*s.results, *(b for m in s.matches for b in m.boards)]
                for line in b.results
                if line.auction is not None or line.play is not None
            ]
            if played:
                self.counts["the auctions and play of # table results"] += len(played)
        if kind == DocumentKind.RESULTS and holds in ("results", "any"):
            self._sessions(doc)

    def _sessions(self, doc: Any) -> None:
        """An event's sessions, where the target has none: their sections are written one
        after another, and the sessions' ids and dates and the overall standings are not."""
        if "sessions" in self.target.carries:
            return
        for event in doc.events:
            if event.sessions:
                what = "the sessions of # events (each session's sections written as the event's)"
                self.counts[what] += 1
            if event.entries:
                self.counts["the overall standings of # entries"] += len(event.entries)

    def _deals(self, deals: Any) -> None:
        n, carries = len(deals), self.target.carries
        if deals.tricks is not None:
            known = int((deals.tricks <= 13).any(axis=(1, 2)).sum())  # all unknown: nothing lost
            if "tricks" not in carries and "target" not in carries and known:
                self.counts["the double-dummy tricks of # deals"] += known
            elif "tricks" not in carries and deals.target is None and known:
                self.counts["the double-dummy tricks of three declarers in # deals"] += known
        if deals.seats is not None and "cards" not in carries:
            self.counts["the cards of # deals"] += n
        import numpy as np

        positions = np.arange(self.done + 1, self.done + n + 1)
        if deals.boards is not None and "boards" not in carries:
            moved = int((deals.boards != positions).sum())
            if moved:
                self.counts["board numbers of # deals (numbered by position)"] += moved
        boards = deals.boards if deals.boards is not None and "boards" in carries else positions
        dealer, vulnerable = deals.unlike_boards(boards)
        for part, unlike in (("dealer", dealer), ("vulnerability", vulnerable)):
            if part not in carries and unlike.any():
                what = f"the {part} of # deals (other than the board numbers written give)"
                self.counts[what] += int(unlike.sum())
        kept = deals.provenance
        if kept is not None and "provenance" not in carries and kept.format != self.target.name:
            for what, count in kept.contents().items():
                if count:
                    self.counts[f"# {what}"] += count
        self.done += n

    def report(self) -> None:
        """Warn once about each kind of thing left out, with how much of it."""
        for what, count in self.counts.items():
            lost(self.target.name, what.replace("#", f"{count:,}"), self.source)
        self.counts.clear()


def _is_handle(target: object) -> bool:
    return hasattr(target, "write") and not isinstance(target, str | bytes | os.PathLike)


def _name(target: Target) -> str:
    return getattr(target, "name", "<output>") if _is_handle(target) else os.fspath(target)  # type: ignore[arg-type]


class output_handle:  # noqa: N801 - a context manager, named like contextlib's
    """A handle to write: the given one (standard output, left open), or an atomic file."""

    def __init__(self, target: Target, overwrite: bool) -> None:
        self.target, self.overwrite = target, overwrite
        self.inner: Any = None

    def __enter__(self) -> BinaryIO:
        if _is_handle(self.target):
            return self.target  # type: ignore[return-value]
        self.inner = atomic_output(self.target, overwrite=self.overwrite)  # type: ignore[arg-type]
        return self.inner.__enter__()  # type: ignore[no-any-return]

    def __exit__(self, *exc: Any) -> bool:
        if self.inner is None:
            if exc[0] is None:
                self.target.flush()  # type: ignore[union-attr]
            return False
        return bool(self.inner.__exit__(*exc))


def _counted(chunks: Iterable[Any], progress: Progress | None) -> Iterator[Any]:
    for chunk in chunks:
        yield chunk
        if progress is not None:  # (a results document, read whole, counts as one)
            progress(len(chunk) if kind_of(chunk) == DocumentKind.DEALS else 1)
