"""Anonymising a game file byte for byte: names, player numbers, cities, clubs and directors
replaced by consistent pseudonyms, every other byte as it was.

The file is read, :func:`~bridgeio.model.pseudonyms.anonymize_with` replaces the names in
the model, and the writer puts them back in place; each sensitive string field is written
whole (its length, the pseudonym, zeros after it), so that old text after a string's end,
which ACBLscore leaves in its fields, does not survive either.
"""

from __future__ import annotations

from typing import BinaryIO

from bridgeio.formats.acblscore.reader import read
from bridgeio.formats.acblscore.writer import to_bytes
from bridgeio.model.pseudonyms import SENSITIVE, Pseudonyms, anonymize_with


def anonymize(path: str, handle: BinaryIO, pseudonyms: Pseudonyms) -> None:
    """Write the game file at ``path`` to ``handle`` with names, numbers and places replaced.

    >>> import io, tempfile, os
    >>> from bridgeio.formats.acblscore.builder import build
    >>> from bridgeio.model.results import Event, Results
    >>> path = os.path.join(tempfile.mkdtemp(), "club.aca")
    >>> _ = open(path, "wb").write(build(Results([Event(1, "Pairs", club="Soledad Club")])))
    >>> out = io.BytesIO(); anonymize(path, out, Pseudonyms(b"key"))
    >>> b"Soledad" in out.getvalue(), len(out.getvalue()) == os.path.getsize(path)
    (False, True)
    """
    results = read(path)
    anonymize_with(results, pseudonyms)
    handle.write(to_bytes(results, rewrite=SENSITIVE))
