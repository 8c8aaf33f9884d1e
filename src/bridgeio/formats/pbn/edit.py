"""Writing a model edit into a game's text: the Deal, Board, Dealer, Vulnerable and
OptimumResultTable are rewritten from the model, every other byte of the game stays as it was.

>>> import numpy as np
>>> from bridgeio.formats.pbn.scan import scan
>>> text = '[Board "01"]\\n[Deal "N:AKQJT98765432... - - -"]\\n'
>>> game = scan(text).games[0]
>>> apply(text, [(game.tags[0].value_start, game.tags[0].value_end, "7")])[:12]
'[Board "7"]\\n'
"""

from __future__ import annotations

import numpy as np

from bridgeio.formats.pbn.provenance import PbnGames
from bridgeio.formats.pbn.scan import Game, Row, Tag, escape, scan
from bridgeio.formats.pbn.tables import (
    Columns,
    TableError,
    ability_text,
    cells,
    double_dummy_text,
    row_cell,
)
from bridgeio.model import (
    NO_SEAT,
    UNKNOWN_TRICKS,
    DealSet,
    Seat,
    Strain,
    Vulnerability,
    deal_strings,
)
from bridgeio.model.deals import UNKNOWN_VULNERABILITY

Edit = tuple[int, int, str]
"""Replace the text from offset ``start`` to ``end`` with a new text."""

STANDARD_HEADER = "Declarer;Denomination\\2R;Result\\2R"
ROW_ORDER = [
    (seat, strain)
    for seat in Seat
    for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
]
BOARD_BEFORE = ("West", "North", "East", "South", "Dealer", "Vulnerable", "Deal")
"""Tags a new Board tag goes before (the standard export order has it after Date)."""


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with non-overlapping ``edits`` made."""
    out, position = [], 0
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
        out += [text[position:start], new]
        position = max(position, end)
    out.append(text[position:])
    return "".join(out)


def edit(
    data: bytes,
    deals: DealSet,
    games: PbnGames,
    i: int,
    moved: bool,
    said: tuple[Seat, Vulnerability] | None = None,
) -> bytes:
    """Deal ``i``'s stretch with its model values written in (``said``: its dealer and
    vulnerability, written where its game states others); with ``moved``, its ``"#"``
    values spelled out (the game they copied no longer comes before it)."""
    text = data.decode("latin-1")
    game = scan(text).games[0]
    eol = "\r\n" if "\r\n" in text else "\n"
    inherited = games.inherited[i] if games.inherited is not None else None
    inherited = inherited or {}
    edits: list[Edit] = []
    deal = game.first("Deal")
    if deals.seats is not None and deal is not None:
        if (deals.seats[i] != games.seats[i]).any() or (moved and deal.value == "#"):
            written = inherited.get("Deal", deal.value) if deal.value == "#" else deal.value
            first = Seat.from_char(written.strip()[:1] or "N")
            edits.append(
                (deal.value_start, deal.value_end, deal_strings(deals.seats[i : i + 1], first)[0])
            )
    if deals.boards is not None and deals.boards[i] != games.boards[i]:
        edits += _board(game, int(deals.boards[i]), eol)
    if said is not None:
        edits += _stated(game, games, i, *said)
    if deals.tricks is not None and (deals.tricks[i] != games.tricks[i]).any():
        tagged = _trick_tags(text, game, deals.tricks[i], inherited)
        if game.first("OptimumResultTable") is not None or not tagged:
            tagged += _table(text, game, deals.tricks[i], eol, inherited)
        edits += tagged
    if moved:
        done = {e[0] for e in edits}
        edits += [
            (t.value_start, t.value_end, escape(inherited[t.name]))
            for t in game.tags
            if t.value == "#" and t.name in inherited and t.value_start not in done
        ]
    return apply(text, edits).encode("latin-1")


def _stated(
    game: Game, games: PbnGames, i: int, dealer: Seat, vulnerable: Vulnerability
) -> list[Edit]:
    """The Dealer and Vulnerable tags made to say ``dealer`` and ``vulnerable`` where they
    state something else."""
    edits: list[Edit] = []
    tag = game.first("Dealer")
    if tag is not None and games.dealers[i] not in (NO_SEAT, dealer):
        edits.append((tag.value_start, tag.value_end, dealer.char))
    tag = game.first("Vulnerable")
    stated = games.vulnerabilities[i]
    if tag is not None and stated not in (UNKNOWN_VULNERABILITY, vulnerable.code):
        edits.append((tag.value_start, tag.value_end, vulnerable.text))
    return edits


def _board(game: Game, board: int, eol: str) -> list[Edit]:
    tag = game.first("Board")
    if tag is not None:
        return [(tag.value_start, tag.value_end, str(board))]
    after = [t for t in game.tags if t.name in BOARD_BEFORE]
    at = after[0].start if after else game.start
    return [(at, at, f'[Board "{board}"]{eol}')]


def _trick_tags(text: str, game: Game, tricks: np.ndarray, inherited: dict[str, str]) -> list[Edit]:
    """The game's DoubleDummyTricks and Ability tags made to say ``tricks`` (a tag whose
    tricks are no longer all known goes, with its line)."""
    edits: list[Edit] = []
    for name, spell in (("DoubleDummyTricks", double_dummy_text), ("Ability", ability_text)):
        tag = game.first(name)
        if tag is None:
            continue
        written = inherited.get(name, tag.value) if tag.value == "#" else tag.value
        value = spell(tricks) if name == "Ability" else double_dummy_text(tricks, written.islower())
        if value is None:
            end, _ = _line_after(text, tag.end, "")
            edits.append((tag.start, end, ""))
        else:
            edits.append((tag.value_start, tag.value_end, value))
    return edits


def _line_after(text: str, offset: int, eol: str) -> tuple[int, str]:
    """Where a new line goes after the line holding ``offset``, and what must precede it."""
    newline = text.find("\n", offset)
    if newline < 0:
        return len(text), eol
    return newline + 1, ""


def _table(
    text: str, game: Game, tricks: np.ndarray, eol: str, inherited: dict[str, str]
) -> list[Edit]:
    """The OptimumResultTable made to say ``tricks``: rows whose count changed rewritten in
    the header's widths, rows now unknown dropped, rows missing added in the standard order."""
    tag = game.first("OptimumResultTable")
    if tag is None:
        if (tricks > 13).all():
            return []
        at, before = _line_after(text, _last_line(game), eol)
        rows = _rows(Columns.parse(STANDARD_HEADER), (0, 1, 2), tricks, set())
        lines = [f'[OptimumResultTable "{STANDARD_HEADER}"]', *rows]
        return [(at, at, before + eol.join(lines) + eol)]
    header = inherited.get(tag.name, tag.value) if tag.value == "#" else tag.value
    columns = Columns.parse(header)
    try:
        picked = columns.trick_columns()
    except TableError:
        return []  # not a table of tricks: nothing of it is in the model
    edits: list[Edit] = []
    seen: set[tuple[Seat, Strain]] = set()
    for row in tag.section:
        edits += _row(text, row, columns, picked, tricks, seen)
    rows = _rows(columns, picked, tricks, seen)
    if rows:
        last = tag.section[-1].end if tag.section else tag.end
        at, before = _line_after(text, last, eol)
        edits.append((at, at, before + eol.join(rows) + eol))
    return edits


def _row(
    text: str,
    row: Row,
    columns: Columns,
    picked: tuple[int, int, int],
    tricks: np.ndarray,
    seen: set[tuple[Seat, Strain]],
) -> list[Edit]:
    try:
        seat, strain, count = row_cell(picked, row.text)
    except TableError:
        return []
    seen.add((seat, strain))
    wanted = int(tricks[strain, seat])
    if wanted == count:
        return []
    if wanted == UNKNOWN_TRICKS:
        end, _ = _line_after(text, row.end, "")
        return [(row.start, end, "")]
    found = cells(row.text)
    found[picked[2]] = str(wanted)
    return [(row.start, row.end, columns.format(found))]


def _rows(
    columns: Columns,
    picked: tuple[int, int, int],
    tricks: np.ndarray,
    seen: set[tuple[Seat, Strain]],
) -> list[str]:
    """Rows for the known counts the table does not have yet."""
    rows = []
    for seat, strain in ROW_ORDER:
        count = int(tricks[strain, seat])
        if count <= 13 and (seat, strain) not in seen:
            found = ["-"] * max(len(columns.names), 3)
            found[picked[0]], found[picked[1]], found[picked[2]] = (
                seat.char,
                strain.text,
                str(count),
            )
            rows.append(columns.format(found))
    return rows


def _last_line(game: Game) -> int:
    """An offset on the game's last tag or section line."""
    last: Tag = game.tags[-1]
    return last.section[-1].end if last.section else last.end
