"""Opening inputs and writing outputs safely: regular files only, atomic replacement."""

from __future__ import annotations

import contextlib
import gc
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from bridgeio.errors import FormatError

PathLike = str | os.PathLike


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


@contextlib.contextmanager
def atomic_output(path: PathLike, overwrite: bool = True) -> Iterator[BinaryIO]:
    """Write to a temporary file beside ``path`` and move it into place only on success.

    A failure leaves no partial output and any earlier file at ``path`` untouched.

    >>> import tempfile, os; d = tempfile.mkdtemp(); p = os.path.join(d, "x.bin")
    >>> with atomic_output(p) as f: _ = f.write(b"ok")
    >>> open(p, "rb").read()
    b'ok'
    """
    target = Path(path)
    if not overwrite and target.exists():
        raise FileExistsError(f"{target} exists (not overwritten)")
    handle = tempfile.NamedTemporaryFile(
        "wb", dir=target.parent or ".", prefix=f".{target.name}.", suffix=".part", delete=False
    )
    try:
        with handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(handle.name, 0o666 & ~_umask())
        os.replace(handle.name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(handle.name)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
