"""What an ACBLscore game file keeps beyond the results model, one typed class per concern.

* :class:`GameFile` (``Results.provenance``): the file's bytes. Every byte the model has no
  field for (unknown bytes, free blocks, the fields below) is kept there, so an unedited file
  is written back byte for byte.
* :class:`EventKept`, :class:`StratKept`, :class:`SectionKept`, :class:`EntryKept`,
  :class:`PlayerKept`, :class:`BoardKept`, :class:`MatchKept` (``kept`` on the model's
  objects): where the object's record lies in the file (the binding of its values to byte
  offsets) and, decoded only when asked, the record's fields the model has no place for: an
  event's sanction and scoring code, an entry's adjustment and handicap, a player's database
  key, a team's wins, a strat's masterpoint factors...

Writing back: the writer reads the kept bytes again and matches each model object to its
record by the offset in its ``kept``; every model value that differs from what the bytes hold
is encoded in place, and every other byte stays. So an edit of the model reaches the file,
and nothing else changes.

The canonical JSON carries the file's bytes (:meth:`GameFile.to_json`, base64; the objects'
``kept`` are not carried: what they decode is in those bytes). ``read(json) ->
write(acblscore)`` binds the model's objects to the records by their order, which is the
file's (an entry's number and direction, a board's number must agree; a list reordered or
resized builds the file anew): the same file comes back, with any edit made in the JSON in
place. :func:`restore` turns the JSON data back into a :class:`GameFile`.

>>> kept = EntryKept(4242)
>>> kept, kept.fields(), kept.to_json()
(EntryKept(at=4242), {}, None)
"""

from __future__ import annotations

import datetime
import struct
from typing import Any, ClassVar, Generic, TypeVar, overload

from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.decode import Record, text
from bridgeio.model.provenance import Provenance

T = TypeVar("T")


class GameFile(Provenance):
    """A game file's bytes: what the writer puts edited values into (see the module)."""

    format: ClassVar[str] = "acblscore"

    def __init__(self, data: bytes, counts: dict[str, int] | None = None) -> None:
        self.data = data
        self.counts: dict[str, int] = dict(counts or {})
        """What the reader counted that the model has no field for (see :meth:`contents`)."""

    def to_json(self) -> dict[str, Any]:
        """The file's bytes as base64 text, and the reader's counts:
        ``{"file": "...", "counts": {...}}``."""
        import base64  # here, not at the top: reading a game file starts without it

        return {"file": base64.b64encode(self.data).decode("ascii"), "counts": self.counts}

    def master(self) -> dict[str, Any]:
        """The master table's fields (version, creation time, pointers...)."""
        return R.MASTER.decode(self.data, 0)

    @property
    def version(self) -> float:
        """The version of ACBLscore that wrote the file (8.15, say)."""
        return float(self.master()["version"])

    @property
    def created(self) -> datetime.datetime | None:
        """When the game file was created."""
        created: datetime.datetime | None = self.master()["created"]
        return created

    @property
    def memo(self) -> list[str]:
        """The memo for all events (lines of text; printed on the recaps)."""
        return memo_lines(self.data, self.master()["memo"], L.MEMO_LINE)

    @property
    def note(self) -> list[str]:
        """The note for the directors (lines of text)."""
        return memo_lines(self.data, self.master()["note"], L.NOTE_LINE)

    def contents(self) -> dict[str, int]:
        """What the file holds that the results model does not (what a conversion to another
        format leaves out): memos and notes, and what the reader counted of score
        adjustments, handicaps, carry-over scores and team wins."""
        counts = dict(self.counts)
        memo = "lines of memos and notes"
        counts[memo] = counts.get(memo, 0) + len(self.memo) + len(self.note)
        return {what: count for what, count in counts.items() if count}


def memo_lines(data: bytes, pointer: int, width: int) -> list[str]:
    """The lines of a memo or note block (none for a null or broken pointer)."""
    if not 0 < pointer <= len(data) - 6:
        return []
    length, _, lines = struct.unpack_from("<hHH", data, pointer)
    lines = min(lines, max(0, min(length + 2, len(data) - pointer) - 6) // (width + 1))
    start = pointer + 6
    return [
        text(data[start + k * (width + 1) : start + (k + 1) * (width + 1)]) for k in range(lines)
    ]


class Field(Generic[T]):
    """A field of a provenance object's record, decoded when read (None when the object is
    not linked to its file): ``adjustment = Field[float]("adjustment", "A penalty...")``."""

    def __init__(self, name: str, doc: str) -> None:
        self.name, self.__doc__ = name, doc

    @overload
    def __get__(self, kept: None, owner: type) -> Field[T]: ...
    @overload
    def __get__(self, kept: Kept, owner: type) -> T | None: ...
    def __get__(self, kept: Kept | None, owner: type) -> Field[T] | T | None:
        if kept is None:
            return self
        value: T | None = kept.field(self.name)
        return value


class Kept(Provenance):
    """Where a model object's record lies in its game file, and that record's other fields.

    ``at`` is the record's byte offset; ``file`` the game file it was read from (None when
    restored from JSON: :meth:`fields` is then empty).
    """

    format: ClassVar[str] = "acblscore"
    key: ClassVar[str] = ""
    record: ClassVar[Record | None] = None

    def __init__(self, at: int, file: GameFile | None = None) -> None:
        self.at = at
        self.file = file

    def fields(self) -> dict[str, Any]:
        """Every field of the record, decoded now (empty when not linked to the file)."""
        if self.file is None or self.record is None:
            return {}
        return self.record.decode(self.file.data, self.at)

    def field(self, name: str) -> Any:
        """One field of the record, decoded now (None when not linked to the file)."""
        if self.file is None or self.record is None or name not in self.record.index:
            return None
        return self.record.value(self.file.data, self.at, name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(at={self.at})"


class EventKept(Kept):
    """An event's details record, and its slot (0-49) in the master table."""

    key = "event"
    record = R.EVENT

    def __init__(self, at: int, slot: int = 0, file: GameFile | None = None) -> None:
        super().__init__(at, file)
        self.slot = slot

    def _master_byte(self, base: int) -> int | None:
        return None if self.file is None else self.file.data[base + self.slot]

    @property
    def type_code(self) -> int | None:
        """ACBLscore's event type: 0 pairs, 1 teams, 2 individual, 3 home-style pairs,
        4 board-a-match teams, 5 series winner."""
        return self._master_byte(L.EVENT_TYPES)

    @property
    def scoring_code(self) -> int | None:
        """ACBLscore's scoring method (``layout.SCORING_NAMES``)."""
        return self._master_byte(L.EVENT_SCORINGS)

    date_text = Field[str]("date", "The event's date as the file writes it: June 13, 2017.")

    @property
    def tournament(self) -> bool | None:
        """Tournament mode (no club session): the director's field holds the city."""
        session = self.field("club_session")
        return None if session is None else session == 0

    sanction = Field[str]("sanction", "The tournament sanction number (empty for club games).")

    @property
    def memo(self) -> list[str]:
        """The event's memo, lines of text."""
        if self.file is None:
            return []
        return memo_lines(self.file.data, self.field("memo"), L.MEMO_LINE)


class StratKept(Kept):
    """A strat structure: masterpoint factors, ribbons, pigmentation (see :meth:`fields`)."""

    key = "strat"
    record = R.STRAT


class SectionKept(Kept):
    """A section's details record (``at``) and its summary's number (1-100)."""

    key = "section"
    record = R.SECTION

    def __init__(self, at: int, summary: int = 0, file: GameFile | None = None) -> None:
        super().__init__(at, file)
        self.summary = summary

    phantom = Field[int]("phantom", "The phantom pair's number (negative: E-W), 0 for none.")

    @property
    def memo(self) -> list[str]:
        """The section's memo, lines of text."""
        if self.file is None:
            return []
        return memo_lines(self.file.data, self.field("memo"), L.MEMO_LINE)


class EntryKept(Kept):
    """A pair, individual or team structure. ``number_at`` is where its number lives: the
    reassigned-number byte of the section's mapping (pairs, individuals) or its index entry
    (teams); 0 where there is none."""

    key = "entry"
    record = R.ENTRY

    def __init__(
        self, at: int, file: GameFile | None = None, number_at: int = 0, team: bool = False
    ) -> None:
        self.at, self.file = at, file
        self.number_at = number_at
        self.team = team

    adjustment = Field[float]("adjustment", "A penalty or other adjustment to the score.")
    unscaled_score = Field[float]("score_unscaled", "The score before scaling for boards.")
    carryover = Field[float]("score_carryover", "The score carried over from earlier sessions.")
    final_score = Field[float]("score_final", "The score over all sessions.")
    handicap = Field[float]("handicap", "The handicap.")
    average_masterpoints = Field[int]("average_masterpoints", "Average masterpoints (strats).")
    eligibility = Field[int]("eligibility", "0 when eligible; non-zero for an ineligible fill-in.")


class PlayerKept(Kept):
    """A player structure: database key, team wins and matches (see :meth:`fields`)."""

    key = "player"
    record = R.PLAYER

    db_key = Field[str]("db_key", "The key of the player in the club's ACBLscore database.")
    team_wins = Field[float]("team_wins", "Wins at teams.")


class BoardKept(Kept):
    """A board's entry in the section's board results index (``at``)."""

    key = "board"
    record = R.BOARD_INDEX_ENTRY


class MatchKept(Kept):
    """The two one-sided records of a team match: the home team's (``at``) and the away
    team's (``away``, 0 when the opponent has none: a bye, a withdrawn team)."""

    key = "match"
    record = R.TEAM_MATCH

    def __init__(self, at: int, away: int = 0, file: GameFile | None = None) -> None:
        super().__init__(at, file)
        self.away = away

    wins = Field[float]("wins", "The home team's wins in the match (0, 0.5 or 1).")
    boards = Field[int]("boards", "The boards played in the match.")


def restore(data: Any, path: str = "<data>") -> Provenance:
    """The :class:`GameFile` whose :meth:`~GameFile.to_json` gave ``data``; ValueError for
    anything else (the JSON reader names the place: ``path``, which the registry's
    ``restore`` passes, is not needed here).

    >>> restore({"file": "EgoDQUMz"}).data
    b'\\x12\\n\\x03AC3'
    """
    if not isinstance(data, dict) or not set(data) <= {"file", "counts"}:
        raise ValueError("acblscore provenance: expected {'file': the file's bytes as base64}")
    counts = data.get("counts", {})
    if not isinstance(data.get("file"), str) or not isinstance(counts, dict):
        raise ValueError("acblscore provenance: expected {'file': the file's bytes as base64}")
    if not all(isinstance(k, str) and type(v) is int for k, v in counts.items()):
        raise ValueError("acblscore provenance: counts are whole numbers by name")
    import base64  # here, not at the top: reading a game file starts without it
    import binascii

    try:
        return GameFile(base64.b64decode(data["file"], validate=True), counts)
    except binascii.Error:
        raise ValueError("acblscore provenance: the file's bytes as base64 text") from None
