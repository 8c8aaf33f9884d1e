"""Writing .cbt files: a file as read (edits applied, every other byte kept), or a new file
from any tournament index."""

from __future__ import annotations

from typing import BinaryIO

from bridgeio.errors import ConversionError
from bridgeio.formats.chessbase.entity import TournamentFile
from bridgeio.model.chess import Tournament, TournamentIndex
from bridgeio.model.document import Document


def write(doc: Document | list[Tournament], handle: BinaryIO, source: str | None = None) -> None:
    """A file as read (edits applied), or a new file from tournaments in id order."""
    if isinstance(doc, list):
        doc = TournamentFile.new(doc)
    elif not isinstance(doc, TournamentFile):
        if not isinstance(doc, TournamentIndex):
            raise ConversionError("cbt", "tournaments", source)
        doc = TournamentFile.new([t for t in doc.tournaments if t is not None])
    handle.write(doc.to_bytes())
