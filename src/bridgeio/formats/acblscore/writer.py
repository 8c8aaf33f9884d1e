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
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Sequence
from typing import BinaryIO, TypeVar

from bridgeio.errors import ConversionError, lost
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore import records as R
from bridgeio.formats.acblscore.builder import build
from bridgeio.formats.acblscore.codes import NOT_IN_PLAY, rank_letter, scoring_code
from bridgeio.formats.acblscore.decode import date_text
from bridgeio.formats.acblscore.encode import Encoder, put_awards, score_code
from bridgeio.formats.acblscore.provenance import (
    BoardKept,
    EntryKept,
    EventKept,
    GameFile,
    Kept,
    MatchKept,
    PlayerKept,
    SectionKept,
)
from bridgeio.formats.acblscore.reader import read_bytes
from bridgeio.model.document import Document
from bridgeio.model.results import (
    Award,
    Board,
    BoardResult,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Section,
    StratRank,
)

T = TypeVar("T")
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


class Structural(Exception):
    """The model's structure differs from the file's: it cannot be written in place."""


def _paired(
    new: Sequence[T], old: Sequence[T], what: str, identity: Callable[[T], object] | None = None
) -> list[tuple[T, T]]:
    """Each new object with the original object read from the same record: by the offset in
    its ``kept`` (a model read from the file), or by position where no object has one (a
    model read back from the canonical JSON, which does not carry them); there ``identity``
    (a pair's number and direction, a board's number) must agree, so that a reordered list is
    not written over the wrong records. :class:`Structural` when no pairing holds."""
    if len(new) != len(old):
        raise Structural(f"{what}: {len(new)} where the file has {len(old)}")
    keys = [_key(getattr(item, "kept", None)) for item in new]
    if all(key is None for key in keys):
        pairs = list(zip(new, old, strict=True))
        if identity is not None and any(identity(a) != identity(b) for a, b in pairs):
            raise Structural(f"{what}: not in the file's order")
        return pairs
    originals = {_key(getattr(o, "kept", None)): o for o in old}
    pairs, seen = [], set()
    for item, key in zip(new, keys, strict=True):
        if key is None or key not in originals or key in seen:
            raise Structural(f"{what}: one is not from this file")
        seen.add(key)
        pairs.append((item, originals[key]))
    return pairs


def _key(kept: object) -> tuple[str, int, int] | None:
    if not isinstance(kept, Kept):
        return None
    second = kept.away if isinstance(kept, MatchKept) else 0
    return (kept.key, kept.at, second)


def _entry_identity(entry: Entry) -> object:
    return (entry.number, entry.direction, entry.seat)


def _board_identity(board: Board) -> object:
    return board.number


def _match_identity(match: Match) -> object:
    return (match.round, match.home, match.away)


def _event_identity(event: Event) -> object:
    return event.number


class Patch:
    """Encodes the differences between a model and the original reading of its file."""

    def __init__(self, out: Encoder, rewrite: frozenset[str]) -> None:
        self.out, self.rewrite = out, rewrite

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

    # ------------------------------------------------------------------------------ events

    def results(self, new: Results, old: Results) -> None:
        """Every event, paired with the original reading of its record."""
        for event, original in _paired(new.events, old.events, "events", _event_identity):
            self.event(event, original)

    def event(self, new: Event, old: Event) -> None:
        """An event's details, master table codes, strats and sections."""
        kept = old.kept
        assert isinstance(kept, EventKept)
        if new.number != old.number or new.kind != old.kind:
            raise Structural(f"event {old.number}'s number or kind")
        at, out = kept.at, self.out
        self.fields(new, old, at, _EVENT_TEXTS)
        tournament = bool(kept.tournament)
        here, elsewhere = ("city", "director") if tournament else ("director", "city")
        if self.changed(new, old, here):
            out.put(at + R.EVENT.offset["director"], "str:16", getattr(new, here), here)
        self.unkept(
            new, old, elsewhere, f"the {elsewhere} of # events (no field for it in this mode)"
        )
        if new.date != old.date:
            out.put(at + R.EVENT.offset["date"], "str:19", date_text(new.date) if new.date else "")
        if new.rating != old.rating:
            self.rating(new.rating, at)
        if new.scoring != old.scoring:
            code = scoring_code(new.kind, new.scoring)
            if code is None:
                out.lose(f"the {new.scoring.value} scoring of # events (no ACBLscore code)")
            else:
                out.put(L.EVENT_SCORINGS + kept.slot, "u8", code)
        self.strats(new, old, at)
        letters = [s.letter for s in new.strats]
        for section, original in _paired(new.sections, old.sections, "sections"):
            self.section(section, original, new.kind, letters)
        if new.deals is not None:
            out.lose("the hand records of # events")

    def rating(self, rating: str, at: int) -> None:
        """The masterpoint rating's code (twice, where the file repeats it)."""
        if rating in L.RATINGS:
            code = L.RATINGS.index(rating)
        elif rating.startswith("rating ") and rating[7:].isdigit():
            code = int(rating[7:])
        else:
            self.out.lose("# masterpoint ratings (no ACBLscore code)")
            return
        again = self.out.data[at + 0xA9] == self.out.data[at + 0x88]
        self.out.put(at + 0x88, "u8", code, "ratings")
        if again:  # ACBLscore repeats the rating at 0xA9
            self.out.put(at + 0xA9, "u8", code, "ratings")

    def strats(self, new: Event, old: Event, at: int) -> None:
        """The event's strats: count, letters and masterpoint limits."""
        if len(new.strats) > 3:
            self.out.lose("# strats after the third", len(new.strats) - 3)
        if len(new.strats) != len(old.strats):
            self.out.put(at + R.EVENT.offset["strats"], "u8", min(len(new.strats), 3))
        for k, strat in enumerate(new.strats[:3]):
            base = at + L.EVENT_STRATS[k]
            before = old.strats[k] if k < len(old.strats) else None
            if before is None or strat.letter != before.letter:
                self.out.put(base + 0x22, "chr:1", strat.letter or "\0", "strat letters")
            if before is None or strat.min_mp != before.min_mp:
                self.out.put(base + 0x1E, "u16", strat.min_mp or 0, "masterpoint limits")
            if before is None or strat.max_mp != before.max_mp:
                self.out.put(base + 0x20, "u16", strat.max_mp or 0, "masterpoint limits")

    # ---------------------------------------------------------------------------- sections

    def section(self, new: Section, old: Section, kind: EventKind, letters: list[str]) -> None:
        """A section's details and summary, its entries, boards and matches."""
        kept = old.kept
        assert isinstance(kept, SectionKept)
        at, out = kept.at, self.out
        if new.movement != old.movement:
            if {new.movement, old.movement} != {"mitchell", "web"}:
                raise Structural(f"section {old.name}'s movement")
            out.put(at + R.SECTION.offset["web"], "bool", new.movement == "web")
        summary = L.SECTION_SUMMARIES + (kept.summary - 1) * L.SECTION_SUMMARY_SIZE
        if self.changed(new, old, "name"):
            out.put(summary + 1, "str:2", new.name, "section names")
        self.fields(new, old, at, _SECTION_FIELDS)
        if self.changed(new, old, "rounds"):
            out.put(summary + 0x14, "u8", new.rounds or 0, "rounds")
        if self.changed(new, old, "maximum_score"):
            out.put(summary + 0x0C, "u16", new.maximum_score or 0, "maximum scores")
        self.unkept(new, old, "session", "the session numbers of # sections")
        for entry, original in _paired(
            new.entries, old.entries, f"entries of {old.name}", _entry_identity
        ):
            self.entry(entry, original, letters)
        if new.schedule != old.schedule:
            self.schedule(new, old, at)
        mapping = self.mapping(at, old, kind)
        for board, before in _paired(
            new.results, old.results, f"boards of {old.name}", _board_identity
        ):
            self.board(board, before, kind == EventKind.INDIVIDUAL, mapping)
        for match, before_match in _paired(
            new.matches, old.matches, f"matches of {old.name}", _match_identity
        ):
            self.match(match, before_match)

    def schedule(self, new: Section, old: Section, at: int) -> None:
        """The cells of the movement that changed (same rounds and tables)."""
        pointer = struct.unpack_from("<I", self.out.data, at + R.SECTION.offset["match_table"])[0]
        shape = [len(row) for row in old.schedule]
        if not pointer or [len(row) for row in new.schedule] != shape:
            raise Structural(f"section {old.name}'s movement")
        width = len(next((c for row in old.schedule for c in row if c), (0, 0, 0)))
        per_table = L.INDIVIDUAL_MATCH[0] if width == 5 else L.PAIR_MATCH[0]
        for r, row in enumerate(new.schedule):
            for t, cell in enumerate(row):
                if cell != old.schedule[r][t]:
                    cells = cell or (0,) * width
                    if len(cells) != width:
                        raise Structural(f"section {old.name}'s movement")
                    place = pointer + L.MATCH_ROWS + (t * per_table + r) * width
                    for k, value in enumerate(cells):
                        self.out.put(place + k, "u8", value, "movement numbers")

    def mapping(self, at: int, old: Section, kind: EventKind) -> tuple[bytes, bool] | None:
        """The section's reassigned numbers as written now (None when there are none):
        board results name pairs by their movement numbers."""
        if kind != EventKind.PAIRS:
            return None
        howell = old.movement == "howell"
        base = at + L.PAIR_MAPPING
        mapping = bytes(self.out.data[base : base + (80 if howell else 160)])
        return (mapping, howell) if any(mapping) else None

    # ----------------------------------------------------------------------------- entries

    def entry(self, new: Entry, old: Entry, letters: list[str]) -> None:
        """An entry's number, scores, ranks, awards and players."""
        kept = old.kept
        assert isinstance(kept, EntryKept)
        at, out = kept.at, self.out
        if new.direction != old.direction or new.seat != old.seat:
            raise Structural(f"entry {old.id}'s direction or seat")
        if new.number != old.number:
            if not kept.number_at:
                raise Structural(f"entry {old.id}'s number")
            out.put(kept.number_at, "u16" if kept.team else "u8", new.number, "entry numbers")
        self.unkept(new, old, "name", "# team names")
        if self.changed(new, old, "score"):
            out.put(at + 0x0C, "F2", -0.01 if new.score is None else new.score, "scores")
        self.fields(new, old, at, _ENTRY_FIELDS)
        if len(new.ranks) > 3:
            out.lose("# rankings after the third strat", len(new.ranks) - 3)
        for k, rank in enumerate(new.ranks[:3]):
            if k >= len(old.ranks) or rank != old.ranks[k]:
                self.ranking(at + L.ENTRY_RANKINGS[k], rank)
        if new.rank != old.rank:
            out.put(at + L.ENTRY_RANKINGS[0] + 0x0A, "u16", new.rank or 0, "ranks")
        for name, offset in L.ENTRY_AWARDS:
            self.awards(new.awards, old.awards, name, at + offset, letters)
        for player, original in _paired(new.players, old.players, f"players of {old.id}"):
            self.player(player, original, letters)

    def ranking(self, at: int, rank: StratRank) -> None:
        """One ranking structure, whole."""
        values = (
            rank.section_low,
            rank.section_high,
            rank.overall_low,
            rank.overall_high,
            int(rank.qualified),
            rank.rank,
        )
        for k, value in enumerate(values):
            self.out.put(at + 2 * k, "u16", value, "ranks")

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

    def player(self, new: Player, old: Player, letters: list[str]) -> None:
        """A player's names, number, places, masterpoints, rank and awards."""
        kept = old.kept
        assert isinstance(kept, PlayerKept)
        at = kept.at
        self.fields(new, old, at, _PLAYER_FIELDS)
        if new.rank != old.rank:
            letter = rank_letter(new.rank)
            if letter is None:
                self.out.lose("# player ranks (no ACBLscore letter)")
            else:
                self.out.put(at + 0x73, "chr:1", letter, "player ranks")
        for name, offset in L.PLAYER_AWARDS:
            self.awards(new.awards, old.awards, name, at + offset, letters)

    # ------------------------------------------------------------------------------ boards

    def board(
        self, new: Board, old: Board, individual: bool, mapping: tuple[bytes, bool] | None
    ) -> None:
        """A board's number and its results, row by row."""
        kept = old.kept
        assert isinstance(kept, BoardKept)
        if new.number != old.number:
            self.out.put(kept.at, "u8", new.number, "board numbers")
        if new.results == old.results:
            return
        rows = self.rows(kept.at, individual)
        if len(new.results) != len(old.results) or len(rows) != len(old.results):
            raise Structural(f"the results of board {old.number}")
        for at, result, before in zip(rows, new.results, old.results, strict=True):
            if result != before:
                self.result(at, result, before, individual, mapping)

    def rows(self, item: int, individual: bool) -> list[int]:
        """Offsets of a board's result rows that the reader made results of."""
        data = self.out.data
        table = struct.unpack_from("<I", data, item + 4)[0]
        if not table:
            return []
        size = L.BOARD4_SIZE if individual else L.BOARD2_SIZE
        length = struct.unpack_from("<h", data, table)[0]
        count = min(data[table + 5], (length - 4) // size)
        starts = [table + L.BOARD_RESULTS + k * size for k in range(count)]
        return [at for at in starts if struct.unpack_from("<h", data, at + 4)[0] != NOT_IN_PLAY]

    def result(
        self,
        at: int,
        new: BoardResult,
        old: BoardResult,
        individual: bool,
        mapping: tuple[bytes, bool] | None,
    ) -> None:
        """One table result: what changed of round, table, pairs, scores, points."""
        out = self.out
        self.fields(new, old, at, _RESULT_PLACE)
        for attribute in ("contract", "tricks", "lead"):
            self.unkept(new, old, attribute, f"the {attribute} of # table results")
        rescored = new.foul_group != old.foul_group
        if individual:
            seats = new.seats or (new.ns, new.ew, 0, 0)
            before = old.seats or (old.ns, old.ew, 0, 0)
            for k in range(4):
                if seats[k] != before[k]:
                    out.put(at + 2 + 8 * k, "u16", seats[k], "player numbers")
            scores = (new.ns_score, new.ew_score, new.ns_score, new.ew_score)
            if rescored or new.ns_score != old.ns_score or new.ew_score != old.ew_score:
                for k, score in enumerate(scores):
                    out.put(at + 4 + 8 * k, "i16", score_code(out, score, new.foul_group))
            points = new.points or (None, None, None, None)
            if new.points != old.points:
                for k, value in enumerate(points):
                    out.put(at + 6 + 8 * k, "F2", value or 0, "matchpoints")
            return
        for attribute, offset, ew in (("ns", 2, False), ("ew", 0x0A, True)):
            if getattr(new, attribute) != getattr(old, attribute):
                number = movement_number(getattr(new, attribute), mapping, ew)
                out.put(at + offset, "u16", number, "pair numbers")
        if rescored or new.ns_score != old.ns_score:
            out.put(at + 4, "i16", score_code(out, new.ns_score, new.foul_group))
        if rescored or new.ew_score != old.ew_score:
            out.put(at + 0x0C, "i16", score_code(out, new.ew_score, new.foul_group))
        self.fields(new, old, at, _RESULT_POINTS)

    # ----------------------------------------------------------------------------- matches

    def match(self, new: Match, old: Match) -> None:
        """A team match: both teams' records (round, table, IMPs, victory points)."""
        kept = old.kept
        assert isinstance(kept, MatchKept)
        out, home, away = self.out, kept.at, kept.away
        if new.home != old.home or (away and new.away != old.away):
            raise Structural(f"the teams of a match in round {old.round}")
        sides = [(home, new.home_imps, old.home_imps, new.home_vp, old.home_vp)]
        if away:
            sides.append((away, new.away_imps, old.away_imps, new.away_vp, old.away_vp))
        else:
            if new.away != old.away:
                out.put(home + 2, "u16", new.away, "team numbers")
            if new.away_imps is not None or new.away_vp is not None:
                out.lose("the scores of # teams without a match record")
        for at, imps, imps_before, vp, vp_before in sides:
            if new.round != old.round:
                out.put(at + 1, "u8", new.round, "rounds")
            if new.table != old.table:
                out.put(at + 0x12, "u16", new.table or 0, "table numbers")
            if imps != imps_before:
                out.put(at + 8, "i16", imps or 0, "IMPs")
            if vp != vp_before:
                out.put(at + 0x0A, "f2", vp or 0, "victory points")
        if new.boards:
            out.lose("the # boards of team matches", len(new.boards))


_EVENT_TEXTS = [
    ("name", 0x04, "str:25"),
    ("session_name", 0x1E, "str:13"),
    ("club", 0x5C, "str:25"),
    ("club_number", 0xB0, "str:6"),
]
_SECTION_FIELDS = [
    ("boards", 0x19, "u16"),
    ("boards_per_round", 0x1D, "u8"),
    ("board_top", 0x1E, "u16"),
    ("rounds", 0x35, "u16"),
    ("tables", 0x48, "u16"),
    ("maximum_score", 0x4E, "u16"),
]
_ENTRY_FIELDS = [("percentage", 0x1C, "f2"), ("strat", 0x1E, "u8"), ("boards_played", 0x2F, "u16")]
_PLAYER_FIELDS = [
    ("last_name", 0x00, "str:16"),
    ("first_name", 0x11, "str:16"),
    ("city", 0x22, "str:16"),
    ("state", 0x33, "str:2"),
    ("player_number", 0x36, "str:7"),
    ("masterpoints", 0x71, "u16"),
    ("country", 0x75, "str:2"),
]
_RESULT_PLACE = [("round", 0, "u8"), ("table", 1, "u8")]
_RESULT_POINTS = [("ns_points", 0x06, "F2"), ("ew_points", 0x0E, "F2")]


def movement_number(number: int, mapping: tuple[bytes, bool] | None, ew: bool) -> int:
    """The number a board result stores for a pair shown as ``number`` (the movement number,
    where numbers were reassigned)."""
    if mapping is None:
        return number
    values, howell = mapping
    step, first = (1, 0) if howell else (4, 1 if ew else 0)
    for moved in range(1, len(values) // step + 1):
        if values[first + step * (moved - 1)] == number:
            return moved
    return number
