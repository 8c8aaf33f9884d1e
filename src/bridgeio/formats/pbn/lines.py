"""The rows of a PBN ``ScoreTable`` as table results, read column by column.

Besides played results a table holds rows that record no play: an adjusted score (``A+`` in a
score or Contract cell, Bridgewebs' ``A A A``), a pair sitting out (Ruter's ``Bye`` rows: one
pair, the other ``-``, with the award in its points and percentage columns) and an adjustment
in points (Ruter's ``Pen``). A sit-out is a line with one pair number and 0 for the absent
opponents (:attr:`~bridgeio.model.results.BoardResult.sit_out`); the pair's score is its
awarded percentage (``Percentage_NS``/``Percentage_EW``) as an assigned score where the file
gives one, else "not played", and its points are the award the file records.

A producer that writes contract, declarer and tricks but no score (Bridgewebs) has its scores
computed from them and the board's vulnerability (:func:`fill_scores`).

>>> columns = ["Table", "PairId_NS", "PairId_EW", "Contract", "Declarer", "Result",
...            "Score_NS", "MP_NS", "Percentage_NS"]
>>> rows = [["1", "1", "2", "4H", "S", "10", "420", "3", "75"],
...         ["7", "14", "-", "-", "-", "-", "Bye", "0.9", "59"]]
>>> (_, played), (_, bye) = score_lines(columns, rows, Converted())[0]
>>> played.contract, played.ns_score, played.ew_score, bye.sit_out, bye.ns_score, bye.ns_points
(Contract('4H', declarer='S'), 420, -420, True, Assigned(percent=59.0), 0.9)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from bridgeio.formats.pbn import cells
from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.provenance import Provenance
from bridgeio.model.results import BoardResult, Score, Special

SEATS = ("North", "East", "South", "West")  # the model's order for individuals' seats


@dataclass(eq=False)
class PbnCells(Provenance):
    """The cells of a table row the model has no field for, by column name (kept so that a
    later PBN writer can write them back; the file's text itself is in the deals)."""

    format = "pbn"
    cells: dict[str, str] = field(default_factory=dict)


class Converted:
    """Cells already converted, by converter and text: a file repeats its contracts, leads,
    scores and numbers, each converted once."""

    def __init__(self) -> None:
        self.known: dict[Callable[[Any], Any], dict[Any, Any]] = {}

    def convert(self, found: Iterable[Any], how: Callable[[Any], Any]) -> list[Any]:
        """``how`` of every cell (``ValueError`` as ``how`` raises it)."""
        found = list(found)
        known = self.known.setdefault(how, {})
        for cell in set(found).difference(known):
            known[cell] = how(cell)
        return list(map(known.__getitem__, found))


NOT_KEPT = frozenset(
    {"Section", "Score_NS", "Score_EW", "Contract", "Declarer", "Result", "Lead"}
    | {"MP_NS", "IMP_NS", "MP_EW", "IMP_EW", "Round", "Table", "PairId_NS", "PairId_EW"}
)
"""Columns the model holds (an individual's seats and points are added where present)."""


def score_lines(
    columns: list[str], rows: list[list[str]], converted: Converted
) -> tuple[list[tuple[str, BoardResult]], list[str]]:
    """Every row of a ScoreTable (each as many cells as there are columns) as a table
    result with its section, and the columns kept in the lines' cells. ``ValueError`` where
    a row cannot be read (read the rows one by one to know which)."""
    at = {name: i for i, name in enumerate(columns)}  # (a repeated name: its last column)
    by_column = list(zip(*rows, strict=True)) or [()] * len(columns)
    none = ("-",) * len(rows)

    def raw(name: str) -> tuple[str, ...]:
        return by_column[at[name]] if name in at else none

    def column(name: str, how: Callable[[str], Any]) -> list[Any]:
        return converted.convert(raw(name), how)

    dropped = set(NOT_KEPT)
    seats: list[Any] = [None] * len(rows)
    points: list[Any] = [None] * len(rows)
    if "PlayerId_North" in at:
        players = [f"PlayerId_{seat}" for seat in SEATS]
        seats = list(zip(*(column(p, cells.number) for p in players), strict=True))
        ns, ew = [s[0] for s in seats], [s[1] for s in seats]
        points = list(zip(*(column(f"MP_{seat}", cells.decimal) for seat in SEATS), strict=True))
        dropped |= {*players, *(f"MP_{seat}" for seat in SEATS)}
    else:
        ns, ew = column("PairId_NS", cells.number), column("PairId_EW", cells.number)
    texts = zip(*(raw(name) for name in ("Score_NS", "Score_EW", "Contract")), strict=True)
    scores = converted.convert(texts, _row_scores)
    plays = zip(*(raw(name) for name in ("Contract", "Declarer", "Result")), strict=True)
    contracts = converted.convert(plays, _row_contract)
    ns_points = column("MP_NS" if "MP_NS" in at else "IMP_NS", cells.decimal)
    ew_points = column("MP_EW" if "MP_EW" in at else "IMP_EW", cells.decimal)
    kept = [(name, i) for name, i in at.items() if name not in dropped]
    lines = []
    for row, section, round_, table, n, e, score, play, lead, seat, point, p, q in zip(
        rows,
        column("Section", cells.text),
        column("Round", cells.number),
        column("Table", cells.number),
        ns,
        ew,
        scores,
        contracts,
        column("Lead", _lead),
        seats,
        points,
        ns_points,
        ew_points,
        strict=True,
    ):
        values = {name: row[i] for name, i in kept}
        if play[2] is not None:
            values["Contract"] = play[2]  # an adjusted score written in the Contract column
        values.update(score[2])  # (words in the score columns: Pen)
        line = BoardResult(
            round=round_,
            table=table,
            ns=n,
            ew=e,
            ns_score=score[0],
            ew_score=score[1],
            ns_points=p,
            ew_points=q,
            contract=play[0],
            tricks=play[1],
            lead=lead,
            seats=seat,
            points=point,
        )
        line.kept = PbnCells(values) if values else None
        _sit_out(line)
        _adjusted_after_play(line)
        lines.append((section, line))
    return lines, [name for name, _ in kept]


def _row_scores(texts: tuple[str, str, str]) -> tuple[Score | None, Score | None, dict[str, str]]:
    """N-S's and E-W's scores from a row's Score_NS, Score_EW and Contract cells (an
    adjusted score in a score or Contract cell gives N-S's, and E-W's the complement), and
    the words of :data:`.cells.NO_SCORE` found in the score cells (kept by column)."""
    ns_text, ew_text, contract = texts
    words = {
        name: cells.text(cell)
        for name, cell in (("Score_NS", ns_text), ("Score_EW", ew_text))
        if cells.text(cell).upper() in cells.NO_SCORE or cells.ADJUSTED_AFTER.fullmatch(cell)
    }
    ns, ew = (cells.score(cells.played(text)) for text in (ns_text, ew_text))
    if isinstance(ns, int) and ew is None:
        ew = -ns
    elif isinstance(ew, int) and ns is None:
        ns = -ew
    adjusted = cells.score(contract, points=False)
    if ns is None and adjusted is not None:
        ns, ew = adjusted, cells.complement(adjusted)
    return ns, ew, words


def _row_contract(texts: tuple[str, str, str]) -> tuple[Contract | None, int | None, str | None]:
    """Contract (with its declarer) and tricks from a row's Contract, Declarer and Result
    cells, and the Contract cell's text where it is an adjusted score (kept: the row has
    neither contract nor tricks)."""
    text, declarer, tricks = (cells.text(cell) for cell in texts)
    if text.upper() in cells.ADJUSTED or text.endswith("%"):
        return None, None, text
    count = cells.whole(tricks, "0-13 tricks") if tricks else None
    if count is not None and not 0 <= count <= 13:
        raise ValueError(f"0-13 tricks, found {count}")
    if not text:
        return None, count, None  # (tricks without a contract are kept as the file has them)
    return Contract.parse(text, Seat.from_char(declarer) if declarer else None), count, None


def _lead(text: str) -> Card | None:
    lead = cells.text(text)
    return Card.from_text(lead) if lead else None


def _sit_out(line: BoardResult) -> None:
    """A row with one pair and no play: that pair sat out. Its score is its awarded
    percentage where the row gives one (or an adjusted score in its score cell), else not
    played; the absent side has none. The row's ``Bye`` words are not kept."""
    if line.seats is not None or (line.ns == 0) == (line.ew == 0) or line.contract is not None:
        return
    kept = line.kept.cells if isinstance(line.kept, PbnCells) else {}
    side = "NS" if line.ns else "EW"
    score = line.ns_score if side == "NS" else line.ew_score
    if score is None:
        percent = cells.decimal(kept.get(f"Percentage_{side}", "-"))
        score = Special.NOT_PLAYED if percent is None else cells.percent(percent)
    line.ns_score, line.ew_score = (score, None) if side == "NS" else (None, score)
    for name in ("Score_NS", "Score_EW"):
        kept.pop(name, None)
    if isinstance(line.kept, PbnCells) and not kept:
        line.kept = None


def _adjusted_after_play(line: BoardResult) -> None:
    """A row whose score cell is Ruter's ``800>a`` (the table's result, then an adjusted
    score): the line keeps its play, and each side's score is the percentage awarded it where
    the row gives both (else the score played). The cell is kept as written."""
    kept = line.kept.cells if isinstance(line.kept, PbnCells) else {}
    if not any(cells.ADJUSTED_AFTER.fullmatch(kept.get(name, "")) for name in _SCORE_COLUMNS):
        return
    ns, ew = (cells.decimal(kept.get(f"Percentage_{side}", "-")) for side in ("NS", "EW"))
    if ns is not None and ew is not None:
        line.ns_score, line.ew_score = cells.percent(ns), cells.percent(ew)


_SCORE_COLUMNS = ("Score_NS", "Score_EW")


def fill_scores(lines: Iterable[BoardResult], vulnerability: Vulnerability) -> int:
    """Each line with a contract (a declarer, or passed out) and tricks but no score is given
    the score they make on a board of this ``vulnerability``; the number of lines given one.

    >>> line = BoardResult(1, 1, 1, 2, contract=Contract.parse("3NT", "W"), tricks=8)
    >>> fill_scores([line], Vulnerability.EW), line.ns_score, line.ew_score
    (1, 100, -100)
    """
    computed = 0
    for line in lines:
        contract = line.contract
        if line.ns_score is not None or line.ew_score is not None or contract is None:
            continue
        if line.tricks is None and not contract.passed_out:
            continue
        if contract.declarer is None and not contract.passed_out:
            continue
        line.ns_score = contract.ns_score(line.tricks or 0, vulnerability)
        line.ew_score = -line.ns_score
        computed += 1
    return computed
