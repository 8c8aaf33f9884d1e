"""CSV tables for spreadsheets: tournaments (one row each, in id order) and deals.

>>> import bridgeio, io
>>> from bridgeio.model.chess import Tournament, TournamentIndex
>>> out = io.BytesIO(); write(TournamentIndex([Tournament("Hastings", nation="ENG")]), out)
>>> out.getvalue().decode().splitlines()[1]
'0,Hastings,,,none,classical,false,ENG,England,0,0,0,0,false'
"""

from __future__ import annotations

import csv
import io
from typing import Any, BinaryIO

from bridgeio.errors import ConversionError
from bridgeio.model import DealSet, Seat, as_deals, deal_strings
from bridgeio.model.chess import TournamentIndex
from bridgeio.model.document import Document

TOURNAMENT_COLUMNS = [
    "id",
    "title",
    "place",
    "date",
    "pairing",
    "time_control",
    "team",
    "nation",
    "nation_name",
    "category",
    "rounds",
    "games",
    "first_game",
    "complete",
]
STRAINS = ["NT", "S", "H", "D", "C"]


def tournament_rows(index: TournamentIndex) -> list[list[Any]]:
    """One row a tournament, in ``TOURNAMENT_COLUMNS`` order; empty slots are skipped."""
    rows = []
    for slot, t in enumerate(index.tournaments):
        if t is None:
            continue
        rows.append(
            [
                slot,
                t.title,
                t.place,
                t.date.iso() or "",
                t.pairing,
                t.time_control_name,
                str(t.team).lower(),
                t.nation,
                t.nation_name,
                t.category,
                t.rounds,
                t.games,
                t.first_game,
                str(t.complete).lower(),
            ]
        )
    return rows


def deal_rows(deals: DealSet) -> tuple[list[str], list[list[Any]]]:
    """Header and rows: board, PBN deal, then tricks by seat and strain (NT first; empty when
    unknown)."""
    header = ["board", "deal"] + [f"{seat.char}_{strain}" for seat in Seat for strain in STRAINS]
    texts = deal_strings(deals.seats) if deals.seats is not None else [""] * len(deals)
    rows = []
    for i, (board, text) in enumerate(zip(deals.board_numbers().tolist(), texts, strict=True)):
        row: list[Any] = [board, text]
        if deals.tricks is not None:
            for seat in Seat:
                for strain in (4, 0, 1, 2, 3):  # NT, S, H, D, C
                    value = int(deals.tricks[i, strain, seat])
                    row.append(value if value <= 13 else "")
        else:
            row.extend([""] * 20)
        rows.append(row)
    return header, rows


def write(doc: Document, handle: BinaryIO, source: str | None = None) -> None:
    """Write tournaments or deals to ``handle`` as UTF-8 CSV; :class:`ConversionError` for
    anything else."""
    text = io.StringIO()
    table = csv.writer(text, lineterminator="\n")
    if isinstance(doc, TournamentIndex):
        table.writerow(TOURNAMENT_COLUMNS)
        table.writerows(tournament_rows(doc))
    else:
        try:
            header, rows = deal_rows(as_deals(doc, "csv"))
        except ConversionError:
            raise ConversionError("csv", "tournaments or deals", source) from None
        table.writerow(header)
        table.writerows(rows)
    handle.write(text.getvalue().encode("utf-8"))
