"""From a block of PBN bytes to deals: the general (line by line) way, and what both ways give.

A block starts where a game with a deal starts (or at the start of the file) and ends at a
line end. Unless it is the file's last block, the deal whose stretch may go on after the block
(the last game with a deal in it, and what follows) is left for the next block.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field

import numpy as np

from bridgeio.errors import FormatError, Problem, Severity, report
from bridgeio.formats.pbn.provenance import CATEGORIES, COMMENTS, GAMES, category, trivial
from bridgeio.formats.pbn.scan import Game, Tag, scan
from bridgeio.formats.pbn.tables import (
    TableError,
    ability_tricks,
    double_dummy_tricks,
    parse_tricks,
)
from bridgeio.formats.pbn.tagvalues import header_value, result_form
from bridgeio.model import NO_SEAT, UNKNOWN_TRICKS, Seat, Vulnerability, parse_pbn_deal
from bridgeio.model.deals import UNKNOWN_VULNERABILITY

MAX_LISTED = 200
"""Problems of one kind ``check`` lists one by one; more are counted."""
REPEATABLE = frozenset({"Note"})
"""Tags a game may hold more than once."""
VULNERABLE = frozenset({"None", "Love", "-", "NS", "EW", "All", "Both", "", "?"})
DEALERS = frozenset({"N", "E", "S", "W", "", "?"})


class Findings:
    """Where problems go: raised and reported while reading, or listed by ``check``."""

    def __init__(self, path: str, collected: list[Problem] | None = None) -> None:
        self.path = path
        self.collected = collected
        self.thorough = collected is not None
        """Check what reading does not need (Dealer and Vulnerable values, repeated tags)."""
        self.kinds: dict[str, int] = {}

    def fatal(self, place: str, expected: str) -> None:
        """What stops reading: a :class:`FormatError`, or a listed error when checking."""
        if self.collected is None:
            raise FormatError(self.path, place, expected)
        self.problem(place, f"expected {expected}", "error")

    def notify(self, line: int, message: str, severity: str = "warning") -> None:
        """A problem reading gets past, on a line."""
        self.problem(f"line {line}", message, "error" if severity == "error" else "warning")

    def problem(self, place: str, message: str, severity: Severity) -> None:
        """Reported as a warning while reading, listed (up to :data:`MAX_LISTED` of a
        kind, then counted) when checking."""
        if self.collected is None:
            report(self.path, place, message, severity)
            return
        found = Problem(place, message, severity, self.path)
        self.kinds[found.kind] = self.kinds.get(found.kind, 0) + 1
        if self.kinds[found.kind] <= MAX_LISTED:
            self.collected.append(found)

    def summary(self) -> None:
        """After checking: how many problems of each kind were not listed."""
        assert self.collected is not None
        for kind, count in self.kinds.items():
            if count > MAX_LISTED:
                # the first of the kind, as the file has it (a kind is a message with its
                # figures blanked out: no words of the file)
                first = next(p for p in self.collected if p.kind == kind)
                self.collected.append(
                    Problem(
                        "file",
                        f"{count - MAX_LISTED} more problems like that of {first.place}"
                        f" ({first.message}), not listed",
                        first.severity,
                        self.path,
                    )
                )


@dataclass
class Parsed:
    """The deals of one block: arrays, and where each deal's stretch starts in the block."""

    seats: np.ndarray
    tricks: np.ndarray
    boards: np.ndarray
    starts: np.ndarray
    """``(k + 1,)``: stretch boundaries; ``starts[0]`` is where the block's preamble ends
    (0 after the first block) and ``starts[-1]`` how much of the block was used."""
    counts: np.ndarray
    preamble_counts: np.ndarray
    closed: bool = True
    """The block's last stretch ends with a blank line (always so when more follows)."""
    inherited: list[dict[str, str] | None] | None = None
    games: int = 0
    dealers: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    """``(k,)``: the dealer each game's Dealer tag names, :data:`NO_SEAT` where none."""
    vulnerabilities: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    """``(k,)``: the vulnerability code each Vulnerable tag names, or unknown."""

    @property
    def consumed(self) -> int:
        """How much of the block was used (``starts[-1]``)."""
        return int(self.starts[-1])

    def __len__(self) -> int:
        return len(self.seats)


def empty(k: int) -> Parsed:
    """Room for ``k`` deals: no cards placed, tricks unknown, no board numbers."""
    return Parsed(
        np.full((k, 52), NO_SEAT, dtype=np.uint8),
        np.full((k, 5, 4), UNKNOWN_TRICKS, dtype=np.uint8),
        np.full(k, -1, dtype=np.int64),
        np.zeros(k + 1, dtype=np.int64),
        np.zeros((k, len(CATEGORIES)), dtype=np.int64),
        np.zeros(len(CATEGORIES), dtype=np.int64),
        dealers=np.full(k, NO_SEAT, dtype=np.uint8),
        vulnerabilities=np.full(k, UNKNOWN_VULNERABILITY, dtype=np.uint8),
    )


def dealer_code(value: str) -> int:
    """The :class:`Seat` a Dealer value names, :data:`NO_SEAT` for none (empty, ``?``, or
    not a seat: ``check`` says so).

    >>> dealer_code("W"), dealer_code("?"), dealer_code("Q")
    (3, 255, 255)
    """
    value = value.strip().upper()
    return "NESW".index(value) if len(value) == 1 and value in "NESW" else NO_SEAT


def vulnerability_code(value: str) -> int:
    """The vulnerability code a Vulnerable value names (the spellings
    :meth:`~bridgeio.model.Vulnerability.from_text` knows), unknown for none (empty, ``?``, or
    not a vulnerability: ``check`` says so).

    >>> vulnerability_code("Both"), vulnerability_code("-"), vulnerability_code("?")
    (3, 0, 255)
    """
    if value.strip() in ("", "?"):
        return UNKNOWN_VULNERABILITY
    try:
        return Vulnerability.from_text(value).code
    except ValueError:
        return UNKNOWN_VULNERABILITY


@dataclass
class Inheritance:
    """Values of earlier games, for tags written ``"#"`` (the same as before)."""

    values: dict[str, str] = field(default_factory=dict)
    rows: dict[str, list[str]] = field(default_factory=dict)

    def resolve(self, tag: Tag) -> str:
        """The tag's value, or for ``"#"`` the value it copies."""
        value = tag.value
        return self.values.get(tag.name, value) if value == "#" else value

    def section(self, tag: Tag) -> list[str]:
        """The tag's section lines, or for ``"#"`` without lines those it copies."""
        if tag.value == "#" and not tag.section:
            return self.rows.get(tag.name, [])
        return tag.rows

    def update(self, game: Game) -> None:
        """Remember the game's values (the first of each tag) for the games after it."""
        seen: set[str] = set()
        for tag in game.tags:
            if tag.name not in seen:
                self.values[tag.name] = self.resolve(tag)
                self.rows[tag.name] = self.section(tag)
                seen.add(tag.name)


def has_deal(game: Game, last_deal: str) -> tuple[bool, str]:
    """Whether a game has a deal, and the Deal value it leaves for a later ``"#"``."""
    tag = game.first("Deal")
    if tag is None:
        return False, last_deal
    value = last_deal if tag.value == "#" else tag.value
    return not trivial(value.strip()), value


def parse_slow(
    text: str,
    final: bool,
    first_line: int,
    findings: Findings,
    inheritance: Inheritance,
) -> Parsed:
    """Deals of a block (bytes viewed as Latin-1) the general way. A block that is not the
    last and holds too little to end a deal's stretch gives no deals and uses 0 bytes."""
    notes: list[tuple[int, str, str]] = []
    found = scan(text, first_line, lambda *note: notes.append(note))
    notes.sort(key=lambda note: note[0])
    games = found.games if final else found.games[:-1]  # the last may go on after the block
    flags, last = [], inheritance.values.get("Deal", "")
    for game in games:
        flag, last = has_deal(game, last)
        flags.append(flag)
    dealt = [i for i, flag in enumerate(flags) if flag]
    if not final:
        if len(dealt) < 2:
            return empty(0)  # nothing ends in this block: read more
        cut = games[dealt[-1]].start
        games, flags, dealt = games[: dealt[-1]], flags[: dealt[-1]], dealt[:-1]
    else:
        cut = len(text)
    last_line = first_line + text.count("\n", 0, cut)
    notes = [n for n in notes if final or n[0] < last_line]  # the rest is read again later
    parsed = empty(len(dealt))
    parsed.games = len(games)
    parsed.inherited = []
    record = -1
    ends = [g.line for g in games[1:]] + [last_line + 1 if final else last_line] * bool(games)
    for game, flag, end in zip(games, flags, ends, strict=True):
        while notes and notes[0][0] < end:  # told in line order, up to this game's end
            findings.notify(*notes.pop(0))
        if flag:
            record += 1
            parsed.starts[record] = game.start
            parsed.inherited.append(_inherited(game, inheritance))
            _deal_game(game, record, parsed, findings, inheritance)
        row = parsed.counts[record] if record >= 0 else parsed.preamble_counts
        _count(game, row, inheritance, findings)
        if not flag:
            row[GAMES] += 1
        inheritance.update(game)
    for note in notes:
        findings.notify(*note)
    if not dealt:
        parsed.starts[0] = cut
    parsed.starts[-1] = cut
    parsed.closed = found.closed or not final
    _count_comments(parsed, found.comments)
    return parsed


def _count_comments(parsed: Parsed, offsets: list[int]) -> None:
    """``{…}`` comments, each counted in the stretch it starts in."""
    for offset in offsets:
        if offset < parsed.consumed:
            record = int(np.searchsorted(parsed.starts[:-1], offset, side="right")) - 1
            row = parsed.counts[record] if record >= 0 else parsed.preamble_counts
            row[COMMENTS] += 1


def _inherited(game: Game, inheritance: Inheritance) -> dict[str, str] | None:
    values = {t.name: inheritance.resolve(t) for t in game.tags if t.value == "#"}
    return values or None


def _count(game: Game, row: np.ndarray, inheritance: Inheritance, findings: Findings) -> None:
    seen: set[str] = set()
    for tag in game.tags:
        column = category(tag.name)
        if column is not None and not trivial(inheritance.resolve(tag)):
            row[column] += 1
        if findings.thorough:
            if tag.name in seen and tag.name not in REPEATABLE:
                findings.notify(tag.line, f"the {tag.name} tag is repeated in this game: ignored")
            _check_value(tag, inheritance.resolve(tag), findings)
        seen.add(tag.name)


def _check_value(tag: Tag, value: str, findings: Findings) -> None:
    """What ``check`` looks at beyond what reading needs."""
    if tag.name == "Dealer" and value not in DEALERS:
        findings.notify(tag.line, f"Dealer must be N, E, S or W, found {value!r}", "error")
    elif tag.name == "Vulnerable" and value not in VULNERABLE:
        findings.notify(
            tag.line, f"Vulnerable must be None, NS, EW or All, found {value!r}", "error"
        )
    elif tag.name == "Declarer" and value.lstrip("^") not in DEALERS:
        findings.notify(tag.line, f"Declarer must be N, E, S or W, found {value!r}", "error")
    elif tag.name == "Result" and not trivial(value):
        if not result_form(value):
            findings.notify(tag.line, f"Result must be 0-13 tricks, found {value!r}", "error")
    elif tag.name in ("Date", "EventDate") and not trivial(header_value(value)):
        if not pbn_date(header_value(value)):
            _check_date(tag, header_value(value), findings)


def _check_date(tag: Tag, value: str, findings: Findings) -> None:
    """A date another way (BBO's games as pbntools writes them: ``2013-08-24 18:36``) is
    read, and a time of day alone is no date: warnings; anything else is an error."""
    other = other_date(value)
    if other is not None:
        findings.notify(
            tag.line,
            f"{tag.name} is not PBN's YYYY.MM.DD, found {value!r}: read as {other}",
        )
    elif _TIME.fullmatch(value.strip()):
        findings.notify(tag.line, f"{tag.name} holds a time of day, {value!r}, and no date")
    else:
        findings.notify(
            tag.line,
            f"{tag.name} must be YYYY.MM.DD (? for each unknown digit), found {value!r}",
            "error",
        )


_DATE = re.compile(r"([0-9?]{4})\.([0-9?]{2})\.([0-9?]{2})")
_OTHER_DATE = re.compile(r"(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?")
_TIME = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def other_date(value: str) -> datetime.date | None:
    """The day of a Date value written another way than PBN's: ``YYYY-MM-DD`` or
    ``YYYY/MM/DD``, maybe with a time of day after it (None for any other value).

    >>> other_date("2013-08-24 18:36"), other_date("2013.08.24"), other_date("2013-02-30")
    (datetime.date(2013, 8, 24), None, None)
    """
    found = _OTHER_DATE.fullmatch(value.strip())
    if found is None:
        return None
    try:
        return datetime.date(*(int(part) for part in found.groups()))
    except ValueError:
        return None


def pbn_date(value: str) -> bool:
    """Whether a Date value is PBN's ``YYYY.MM.DD``, ``?`` for each unknown digit (a month
    from 1 to 12, a day from 1 to 31 where known).

    >>> [pbn_date(v) for v in ("2023.08.02", "2023.??.??", "2-Aug-2023", "2023.13.01")]
    [True, True, False, False]
    """
    found = _DATE.fullmatch(value)
    if found is None:
        return False
    month, day = found.group(2), found.group(3)
    return (not month.isdecimal() or 1 <= int(month) <= 12) and (
        not day.isdecimal() or 1 <= int(day) <= 31
    )


def _deal_game(
    game: Game, record: int, parsed: Parsed, findings: Findings, inheritance: Inheritance
) -> None:
    deal = game.first("Deal")
    assert deal is not None
    value = inheritance.resolve(deal)
    if deal.lines_over:
        value = joined_deal(deal.raw)
    if _SPOTS.search(value):
        value = _SPOTS.sub("-", value)
        findings.notify(deal.line, "a hand with small cards written x (which, unknown): not read")
    try:
        parsed.seats[record] = parse_pbn_deal(value)
    except ValueError as error:
        findings.fatal(f"line {deal.line} (Deal tag)", f"a PBN deal: {error}")
    else:
        _hand_sizes(value, parsed.seats[record], deal.line, findings)
    board = game.first("Board")
    if board is not None:
        parsed.boards[record] = _board(board, inheritance.resolve(board), findings)
    dealer = game.first("Dealer")
    if dealer is not None:
        parsed.dealers[record] = dealer_code(inheritance.resolve(dealer))
    vulnerable = game.first("Vulnerable")
    if vulnerable is not None:
        parsed.vulnerabilities[record] = vulnerability_code(inheritance.resolve(vulnerable))
    table = game.first("OptimumResultTable")
    if table is not None:
        try:
            parsed.tricks[record] = parse_tricks(
                inheritance.resolve(table), inheritance.section(table)
            )
        except TableError as error:
            where = "OptimumResultTable" if error.row else "OptimumResultTable tag"
            findings.fatal(f"line {table.line + max(error.row, 0)} ({where})", error.expected)
    if (parsed.tricks[record] == UNKNOWN_TRICKS).all():
        _trick_tags(game, record, parsed, findings, inheritance)


TRICK_TAGS = {"DoubleDummyTricks": double_dummy_tricks, "Ability": ability_tricks}
"""Tags that give the double-dummy tricks of a game without an OptimumResultTable, the
first found used."""


def _trick_tags(
    game: Game, record: int, parsed: Parsed, findings: Findings, inheritance: Inheritance
) -> None:
    """The tricks of the first :data:`TRICK_TAGS` tag the game has; a value that is not
    tricks is a warning (the tricks stay unknown)."""
    for name, read in TRICK_TAGS.items():
        tag = game.first(name)
        if tag is None or trivial(inheritance.resolve(tag).strip()):
            continue
        try:
            parsed.tricks[record] = read(inheritance.resolve(tag))
        except ValueError as error:
            findings.notify(tag.line, f"the {name} tag: {error}: its tricks not read")
        return


def joined_deal(raw: str) -> str:
    """A Deal value broken over lines: the pieces joined with a space, or without one where
    the break fell inside a hand (the joined text that reads as four hands)."""
    pieces = [p.strip(" \t\r") for p in raw.split("\n")]
    spaced = " ".join(pieces)
    if len(spaced[2:].split()) == 4:
        return spaced
    return "".join(pieces)


def _hand_sizes(value: str, seats: np.ndarray, line: int, findings: Findings) -> None:
    """Every hand given holds 13 cards, or all hold as many (an ending, a warning), or the
    hands are part of a deal (some not shown or none whole, none over 13: a diagram, a
    warning); else one error a deal naming the hands that are off."""
    held = np.bincount(seats[seats < 4], minlength=4)
    if (held == 13).all():
        return
    hands = value.strip()[2:].split()
    first = Seat.from_char(value.strip()[0])
    given = {  # (a hand not shown: "-", or BridgeComposer's "..." of no cards)
        first.next(offset): int(held[first.next(offset)])
        for offset, hand in enumerate(hands)
        if hand != "-" and held[first.next(offset)]
    }
    sizes = set(given.values())
    if len(sizes) == 1 and 0 < min(sizes) < 13 and len(given) == 4:
        message = f"a deal of {min(sizes)} cards a hand (an ending): read as it is"
        findings.notify(line, message, "warning")
        return
    off = [f"{seat.name.title()} {count}" for seat, count in given.items() if count != 13]
    if off and max(sizes) <= 13 and (len(given) < 4 or max(sizes) < 13):
        # some hands not shown, or none whole: a teaching diagram (BridgeComposer's lessons
        # show one hand, a suit's layout, the lead), not a deal that lost a card
        message = "a diagram of part of a deal (some hands not shown or not whole): read as it is"
        findings.notify(line, message, "warning")
    elif off:
        findings.notify(line, f"13 cards a hand, found {', '.join(off)}", "error")


_SPOTS = re.compile(r"(?<=[\s:])(?=[^\s]*[xX])[AKQJT2-9xX.]+(?=\s|$)")
"""A hand of a teaching diagram with its small cards written ``x``, ``"AJxx.Kxx.xx.Qxxx"``."""
_LABEL = re.compile(r"\d{1,4}(?:[-./]\d{1,4})+")


def _board(tag: Tag, value: str, findings: Findings) -> int:
    value = value.strip()
    if trivial(value):
        return -1
    if _LABEL.fullmatch(value):  # (BridgeComposer's exercises: "1-2", the second of the first)
        findings.notify(tag.line, f"the Board tag {value!r} is a label: read without a number")
        return -1
    if not value.isdecimal() or len(value) > 9:
        findings.fatal(f"line {tag.line} (Board tag)", f"a board number, found {value!r}")
        return -1
    if int(value) == 0 and findings.thorough:
        findings.notify(tag.line, "board number 0 (boards are numbered from 1)")
    return int(value)
