"""Writing ACBLscore game files: in place over the file a model was read from, or built anew.

A model read from a game file carries the file's bytes (:class:`.provenance.GameFile`) and,
on each object, where its record lies. Writing reads those bytes again, pairs each model
object with its record by that offset, and encodes in place every value of the model that
differs from what the bytes hold: an unedited model gives the file back byte for byte, and an
edit (a name, a score, a board result, a team match, a date...) changes its own bytes only.
An edit the file cannot take in place (an entry added or removed, a Howell made a Mitchell,
an event renumbered) builds the file anew (:func:`.builder.build`), and says so.

A model from elsewhere (USEBIO, JSON) is built with :func:`.builder.build`; what the file
cannot hold is reported as lost (a :class:`~bridgeio.errors.DataLossWarning`).

This module holds what every part's patching uses (:class:`Patch`); each structure is patched
in its own module, beside its reading: :mod:`.events`, :mod:`.sections`, :mod:`.entries`,
:mod:`.boards`, :mod:`.matches`; :mod:`.pairing` pairs each object with its original.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import BinaryIO

from bridgeio.errors import ConversionError, lost
from bridgeio.formats.acblscore.builder import build
from bridgeio.formats.acblscore.encode import Encoder, put_awards, score_code
from bridgeio.formats.acblscore.events import patch_event
from bridgeio.formats.acblscore.pairing import Structural, event_identity, paired
from bridgeio.formats.acblscore.provenance import GameFile
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.model.document import Document
from bridgeio.model.results import Award, Results, Score

_ABSENT: list[Award] = []


def write(doc: Document, handle: BinaryIO, source: str | None = None) -> None:
    """Write ``doc`` as a game file (in place over its original, or built anew)."""
    if not isinstance(doc, Results):
        raise ConversionError("acblscore", "results", source)
    handle.write(to_bytes(doc, source=source))


def to_bytes(
    results: Results, rewrite: frozenset[str] = frozenset(), source: str | None = None
) -> bytes:
    """The bytes of the game file of ``results``. Fields named in ``rewrite`` (attribute
    names such as ``last_name``) are written whole even where unchanged, so that old text
    after a string's end does not survive (anonymising)."""
    kept = results.provenance
    if isinstance(kept, GameFile):
        out = Encoder(bytearray(kept.data), source)
        try:
            Patch(out, rewrite).results(results, read_bytes(kept.data, quiet=True))
        except Structural as change:
            lost(
                "acblscore",
                f"the original file's layout and the fields the model has no place for "
                f"({change}: the file is built anew)",
                source,
            )
        else:
            out.report()
            return bytes(out.data)
    return build(results, source)


class Patch:
    """Encodes the differences between a model and the original reading of its file: the
    writing of fields that the patching of each structure (:func:`.events.patch_event` and
    on) uses."""

    def __init__(self, out: Encoder, rewrite: frozenset[str]) -> None:
        self.out, self.rewrite = out, rewrite

    def results(self, new: Results, old: Results) -> None:
        """Every event, paired with the original reading of its record."""
        for event, original in paired(new.events, old.events, "events", event_identity):
            patch_event(self, event, original)

    def changed(self, new: object, old: object, attribute: str) -> bool:
        """Must ``attribute`` be written (edited, or to be rewritten whole)?"""
        return attribute in self.rewrite or getattr(new, attribute) != getattr(old, attribute)

    def fields(
        self, new: object, old: object, base: int, fields: Sequence[tuple[str, int, str]]
    ) -> None:
        """Write each ``(attribute, offset, type)`` whose value changed (None as 0)."""
        for attribute, offset, kind in fields:
            if self.changed(new, old, attribute):
                value = getattr(new, attribute)
                self.out.put(base + offset, kind, 0 if value is None else value, attribute)

    def unkept(self, new: object, old: object, attribute: str, what: str) -> None:
        """Count an edit of ``attribute`` the file has no field for as lost."""
        if getattr(new, attribute) != getattr(old, attribute):
            self.out.lose(what)

    def awards(
        self,
        new: dict[str, list[Award]],
        old: dict[str, list[Award]],
        name: str,
        at: int,
        letters: list[str],
    ) -> None:
        """One award set (previous, current or total), whole if it changed."""
        items = new.get(name, _ABSENT)
        if items != old.get(name, _ABSENT):
            put_awards(self.out, at, items, letters)

    def score(self, at: int, score: Score | None, foul_group: int) -> None:
        """A table result's score (what ACBLscore cannot hold made to fit and counted)."""
        self.out.put(at, "i16", score_code(self.out, score, foul_group))
