"""Reading .cbt files into an editable file (:class:`.entity.TournamentFile`)."""

from __future__ import annotations

import os

from bridgeio.errors import OptionError
from bridgeio.formats.chessbase.entity import TournamentFile


def read(path: str | os.PathLike[str], codepage: str = "cp1252") -> TournamentFile:
    """The tournament file at ``path`` (text fields decoded with ``codepage``)."""
    try:
        "".encode(codepage)
    except LookupError:
        raise OptionError("codepage", f"unknown code page {codepage!r}") from None
    return TournamentFile.read(os.fspath(path), codepage)
