"""The inputs of a command: standard input spooled to a file, the format named or sniffed,
errors about a spooled copy naming what the user gave."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from bridgeio.errors import FormatError, InternalError
from bridgeio.files import STDIO
from bridgeio.registry import FileFormat


@dataclass
class Input:
    """One input of a command: where it is read from, what to call it, its format."""

    path: str
    label: str
    format: FileFormat


@contextmanager
def opened(name: str, source_format: str | None) -> Iterator[Input]:
    """An input resolved once: its format, named or sniffed from its content."""
    from bridgeio.core import input_format

    with spooled(name) as (path, label), relabelled(path, label):
        yield Input(path, label, input_format(path, source_format))


@contextmanager
def spooled(name: str) -> Iterator[tuple[str, str]]:
    """(path, label) of an input; standard input is copied to a temporary file first
    (readers need its size and may read it twice), removed afterwards."""
    from bridgeio.files import spool

    if name != STDIO:
        yield name, name
        return
    path = spool(sys.stdin.buffer)
    try:
        yield path, "<stdin>"
    finally:
        os.unlink(path)


@contextmanager
def relabelled(path: str, label: str) -> Iterator[None]:
    """Errors about a spooled copy name what the user gave."""
    try:
        yield
    except FormatError as error:
        if error.file == path and label != path:
            raise FormatError(label, error.place, error.expected) from None
        raise
    except InternalError as error:
        if error.file == path and label != path:
            raise InternalError(label, error.doing, error.error) from error.error
        raise
