"""Opening inputs and writing outputs safely: regular files only, atomic replacement."""

from __future__ import annotations

import contextlib
import gc
import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from pathlib import Path

from bridgeio.errors import FormatError

PathLike = str | os.PathLike[str]


def input_size(path: PathLike) -> int:
    """The size of a readable regular file; :class:`FormatError` for anything else.

    >>> input_size("/nonexistent/x.zrd")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /nonexistent/x.zrd: file: expected an existing file
    """
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise FormatError(path, "file", "an existing file") from None
    except OSError as error:
        raise FormatError(path, "file", f"a readable file ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise FormatError(path, "file", "a regular file, not a directory or device")
    if not os.access(path, os.R_OK):
        raise FormatError(path, "file", "a readable file (permission denied)")
    return info.st_size


class collector_paused:  # noqa: N801 - used as a context manager, like contextlib's
    """Pause Python's cycle collector while a reader builds many small objects that hold no
    cycles; its passes over the growing heap otherwise cost a fifth of a big read. (A class
    rather than a generator: entering and leaving is paid on every read, small ones too.)

    >>> with collector_paused():
    ...     rows = [[n] for n in range(3)]
    >>> gc.isenabled()
    True
    """

    def __enter__(self) -> None:
        self.was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exception: object) -> None:
        if self.was_enabled:
            gc.enable()


def read_head(path: PathLike, size: int = 4096) -> bytes:
    """The first ``size`` bytes of a file (after :func:`input_size` accepted it)."""
    input_size(path)
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except OSError as error:
        raise FormatError(path, "file", f"a readable file ({error.strerror})") from None


def same_file(a: PathLike, b: PathLike) -> bool:
    """True when both paths name one existing file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


STDIO = "-"
"""The command line's name for standard input or output."""


class OutputRefused(ValueError):
    """An output path bridgeio will not write: an existing file without ``overwrite``, or a
    directory, device, FIFO or socket (never, whatever the options)."""


def output_target(path: PathLike, overwrite: bool = True) -> Path:  # noqa: F821
    """Where writing ``path`` really goes: the path itself, or for a symbolic link the file it
    points to (the link is kept). Refuses an existing output unless ``overwrite``, and any
    path that is not a regular file.

    >>> import tempfile, os; d = tempfile.mkdtemp(); os.symlink("real.txt", f"{d}/link.txt")
    >>> output_target(f"{d}/link.txt").name
    'real.txt'
    >>> output_target(d)
    Traceback (most recent call last):
    bridgeio.files.OutputRefused: ... is a directory: bridgeio writes regular files only
    """
    from pathlib import Path  # (imported here: bridgeio starts faster without it)

    target = Path(path)
    if not os.path.lexists(target):
        return target
    real = Path(os.path.realpath(target))
    if real.exists():
        kind = _kind(os.stat(real).st_mode)
        if kind:
            hint = " (use - for standard output)" if kind != "a directory" else ""
            raise OutputRefused(
                f"{os.fspath(path)} is {kind}: bridgeio writes regular files only{hint}"
            )
    if not overwrite:
        raise OutputRefused(
            f"{os.fspath(path)} exists: not overwritten (use --force to replace it)"
        )
    return real


def _kind(mode: int) -> str:
    """What a non-regular file is, or "" for a regular file."""
    if stat.S_ISREG(mode):
        return ""
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file"


@contextlib.contextmanager
def atomic_output(path: PathLike, overwrite: bool = True) -> Iterator[BinaryIO]:
    """Write to a temporary file beside the output and move it into place only on success.

    A failure leaves no partial output and any earlier file untouched. A symbolic link's
    target is written (the link stays); a replaced file keeps its permissions.

    >>> import tempfile, os; d = tempfile.mkdtemp(); p = os.path.join(d, "x.bin")
    >>> with atomic_output(p) as f: _ = f.write(b"ok")
    >>> open(p, "rb").read()
    b'ok'
    """
    import tempfile

    target = output_target(path, overwrite)
    mode = (os.stat(target).st_mode & 0o7777) if target.exists() else 0o666 & ~_umask()
    try:
        handle = tempfile.NamedTemporaryFile(
            "wb", dir=target.parent, prefix=f".{target.name}.", suffix=".part", delete=False
        )
    except FileNotFoundError:
        raise OutputRefused(f"{os.fspath(path)}: its folder does not exist") from None
    try:
        with handle:
            yield handle  # type: ignore[misc]
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, mode)
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def spool(stream: BinaryIO, folder: str | None = None) -> str:
    """Copy a stream (standard input) to a temporary file and return its path, so that
    readers that need a file (size, random access, several passes) can read it. The caller
    removes it."""
    import tempfile

    with tempfile.NamedTemporaryFile("wb", dir=folder, prefix="bridgeio-stdin-", delete=False) as f:
        while block := stream.read(1 << 20):
            f.write(block)
    return f.name


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
