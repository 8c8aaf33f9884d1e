"""``read``, ``write`` and ``convert``: the three calls most users need."""

from __future__ import annotations

import os
import struct
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bridgeio.errors import FormatError
from bridgeio.files import PathLike, atomic_output, input_size, read_head, same_file
from bridgeio.registry import FileFormat, detect_format, format_for_extension, get_format

Progress = Callable[[int], None]
"""Called with the number of records just processed."""


def input_format(path: PathLike, format: str | None = None) -> FileFormat:
    """The format of an input file: ``format`` if given, else sniffed from its content."""
    if format:
        input_size(path)
        return get_format(format)
    head = read_head(path)  # it checks the file is there and readable
    return detect_format(path, head, os.stat(path).st_size)


def output_format(path: PathLike, format: str | None = None) -> FileFormat:
    """The format to write: ``format`` if given, else from the extension of ``path``."""
    if format:
        return get_format(format)
    fmt = format_for_extension(path)
    if fmt is None:
        raise ValueError(
            f"cannot tell the format of {os.fspath(path)!r} from its extension; "
            "name one (format=... or --to)"
        )
    return fmt


def read(path: PathLike, format: str | None = None, **options: Any) -> Any:
    """Read a file into the model; the format comes from the content (extension a hint).

    ``options`` are the reader's own (``codepage="cp1251"`` for ChessBase files); ones the
    format does not take are ignored, so a caller can pass them for any file. Every problem
    with the input raises :class:`FormatError` naming file, place and expectation.

    >>> import bridgeio
    >>> bridgeio.read("/no/such/file.zrd")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such/file.zrd: file: expected an existing file
    """
    path = os.fspath(path)
    fmt = input_format(path, format)
    if fmt.read is None:
        raise ValueError(f"bridgeio cannot read {fmt.name} files")
    wanted = {k: v for k, v in options.items() if v is not None and k in fmt.read_options}
    with _reader_errors(path, fmt):
        return fmt.read(path, **wanted)


class _reader_errors:
    """A last safety net: a reader bug on odd input still surfaces as a FormatError."""

    def __init__(self, path: str, fmt: FileFormat) -> None:
        self.path, self.fmt = path, fmt

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type | None, error: BaseException | None, tb: object) -> bool:
        if kind is not None and issubclass(
            kind, (struct.error, IndexError, KeyError, UnicodeDecodeError, OverflowError, TypeError)
        ):
            raise FormatError(
                self.path,
                "unknown place",
                f"a valid {self.fmt.name} file ({kind.__name__}: {error})",
            ) from error
        if kind is not None and issubclass(kind, OSError) and not issubclass(kind, FormatError):
            raise FormatError(self.path, "file", f"a readable file ({error})") from error
        return False


def _writer(fmt: FileFormat, options: dict[str, Any]) -> Callable[[Iterable[Any], Any], None]:
    unknown = set(options) - set(fmt.options)
    if unknown:
        raise ValueError(f"the {fmt.name} writer takes no option {', '.join(sorted(unknown))}")
    if fmt.write_chunks is not None:
        return lambda chunks, handle, source=None: fmt.write_chunks(
            chunks, handle, source=source, **options
        )
    if fmt.write is not None:

        def write_whole(chunks: Iterable[Any], handle: Any, source: str | None = None) -> None:
            from bridgeio.model import concat

            parts = list(chunks)
            whole = parts[0] if len(parts) == 1 else concat(parts)
            fmt.write(whole, handle, source=source, **options)

        return write_whole
    raise ValueError(f"bridgeio cannot write {fmt.name} files")


def write(
    doc: Any, path: PathLike, format: str | None = None, overwrite: bool = True, **options: Any
) -> None:
    """Write a model object; the format comes from ``format`` or the extension of ``path``.

    The file appears only when complete (atomic); a failed write leaves nothing behind.
    Raises :class:`ConversionError` when ``doc`` lacks what the format needs.
    """
    fmt = output_format(path, format)
    writer = _writer(fmt, {k: v for k, v in options.items() if v is not None})
    for target, part in split_parts(fmt, doc, path):
        with atomic_output(target, overwrite=overwrite) as handle:
            writer([part], handle, source=getattr(doc, "format", None))


def split_parts(fmt: FileFormat, doc: Any, path: PathLike) -> list[tuple[str, Any]]:
    """(file name, document) pairs: one file, or OUT-A.asc, OUT-B.asc, ... when the target
    format holds one part (a section's movement, an event) of what the source holds."""
    path = os.fspath(path)
    parts = fmt.split(doc) if fmt.split is not None else [("", doc)]
    if not parts:
        raise ValueError(f"nothing in the source can be written as {fmt.name}")
    if len(parts) == 1:
        return [(path, parts[0][1])]
    stem, extension = os.path.splitext(path)
    return [(f"{stem}-{suffix}{extension}", part) for suffix, part in parts]


def write_stream(
    chunks: Iterable[Any],
    path: PathLike,
    format: str | None = None,
    source: str | None = None,
    overwrite: bool = True,
    **options: Any,
) -> None:
    """Write chunks (deal sets, say) one after another to one file, atomically."""
    fmt = output_format(path, format)
    writer = _writer(fmt, {k: v for k, v in options.items() if v is not None})
    with atomic_output(path, overwrite=overwrite) as handle:
        writer(chunks, handle, source=source)


def convert(
    source: PathLike,
    target: PathLike,
    to: str | None = None,
    *,
    source_format: str | None = None,
    overwrite: bool = True,
    progress: Progress | None = None,
    **options: Any,
) -> None:
    """Read ``source`` and write ``target``, streaming in chunks where both formats allow.

    Refuses to overwrite the input itself.

    >>> import bridgeio
    >>> bridgeio.convert("/no/such/deals.zrd", "/tmp/deals.pbn")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such/deals.zrd: file: expected an existing file
    """
    source, target = os.fspath(source), os.fspath(target)
    src = input_format(source, source_format)
    dst = output_format(target, to)
    if same_file(source, target):
        raise ValueError(f"{target} is the input file: not overwritten")
    writer = _writer(dst, {k: v for k, v in options.items() if v is not None})
    if dst.split is not None:
        write(read(source, src.name), target, dst.name, overwrite=overwrite, **options)
        return
    if src.iter_chunks is not None:
        chunks: Iterable[Any] = _counted(_guarded(src.iter_chunks(source), source, src), progress)
    else:
        chunks = [read(source, src.name)]
    with atomic_output(target, overwrite=overwrite) as handle:
        writer(chunks, handle, source=src.name)


def _guarded(chunks: Iterator[Any], path: str, fmt: FileFormat) -> Iterator[Any]:
    with _reader_errors(path, fmt):
        yield from chunks


def _counted(chunks: Iterable[Any], progress: Progress | None) -> Iterator[Any]:
    for chunk in chunks:
        yield chunk
        if progress is not None:
            progress(len(chunk))
