"""Deal sets as Arrow tables, vectorised from the NumPy arrays: no Python object per deal.

``deal_id`` identifies the 52 cards' places, so it joins a hand across files (the same deal
in a game file's hand record and in a solver's ZRD) and to its double-dummy tricks. It is a
64-bit hash of the deal (collisions: about one in 10^7 among a million distinct deals): each
card's seat (N 0, E 1, S 2, W 3) packed two bits a card, cards ♠A first and ♣2 last,
cards 1-32 into ``low`` (card 1 in the lowest bits) and cards 33-52 into ``high``; then
``deal_id = mix(low ^ mix(high))`` with ``mix`` the SplitMix64 finaliser, read as a signed
64-bit integer. A deal with a card nobody holds has no ``deal_id``.

>>> import numpy as np
>>> from bridgeio.model.deals import DealSet, parse_pbn_deal
>>> seats = parse_pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
>>> ids = deal_ids(np.stack([seats, seats]))
>>> bool(ids[0] == ids[1]), ids.dtype
(True, dtype('int64'))
>>> tables = deal_tables(0, DealSet(seats[None, :]), None)
>>> tables["deals"].column("pbn")[0].as_py()[:20], tables["deals"].column("dealer")[0].as_py()
('N:QJ6.K652.J85.T98 8', 'N')
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.schema import SCHEMAS
from bridgeio.model.board import BY_CODE
from bridgeio.model.deals import Deal, DealSet, deal_text
from bridgeio.model.par import UNKNOWN_PAR, par_scores

SLICE = 1_000_000
"""Deals per Arrow piece: a million PBN strings stay within a string column's 2 GB offsets."""

# Dictionaries as lists: Arrow arrays are made when used, as a first pa.array() call makes
# pyarrow import pandas (columns.pandas_unseen has the export do without it).
_SEATS = ["N", "E", "S", "W"]
_STRAINS = ["S", "H", "D", "C", "NT"]  # the model's Strain order
_VULNERABILITY = [v.text for v in BY_CODE]  # by the model's vulnerability code


def _mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser on uint64 (wrapping arithmetic)."""
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    mixed: np.ndarray = z ^ (z >> np.uint64(31))
    return mixed


def deal_ids(seats: np.ndarray) -> np.ndarray:
    """The ``deal_id`` of each row of a ``(n, 52)`` seat array (int64; meaningless for a row
    with a card nobody holds, which :func:`deal_tables` leaves null)."""
    codes = (seats & 3).astype(np.uint64)
    shifts = (2 * np.arange(32)).astype(np.uint64)
    low = np.bitwise_or.reduce(codes[:, :32] << shifts, axis=1)
    high = np.bitwise_or.reduce(codes[:, 32:] << shifts[:20], axis=1)
    with np.errstate(over="ignore"):
        mixed: np.ndarray = _mix(low ^ _mix(high))
    return mixed.view(np.int64)


def add_deals(tables: Tables, file_id: int, deals: DealSet, event: int | None) -> None:
    """A deal set's ``deals`` and ``dd_tricks`` rows, a million deals to an Arrow piece."""
    for start in range(0, len(deals), SLICE):
        for name, piece in deal_tables(file_id, deals[start : start + SLICE], event, start).items():
            tables.attach(name, piece)


def deal_tables(
    file_id: int, deals: DealSet, event: int | None, start: int = 0
) -> dict[str, pa.Table]:
    """``deals`` and ``dd_tricks`` of a deal set whose first record is number ``start + 1``."""
    n = len(deals)
    record = pa.array(np.arange(start + 1, start + n + 1, dtype=np.int32))
    ids = pa.nulls(n, pa.int64())
    pbn = pa.nulls(n, pa.string())
    if deals.seats is not None:
        ids, pbn = _cards(deals.seats)
    boards = deals.board_numbers()
    if deals.boards is None:
        boards = boards + start
    rows = {
        "file_id": pa.array(np.full(n, file_id, np.int32)),
        "event": pa.nulls(n, pa.int32())
        if event is None
        else pa.array(np.full(n, event, np.int32)),
        "record": record,
        "deal_id": ids,
        "board": pa.array(boards.astype(np.int32)),
        "dealer": pa.DictionaryArray.from_arrays(
            pa.array(deals.dealers(boards).astype(np.int32)), pa.array(_SEATS)
        ),
        "vulnerability": pa.DictionaryArray.from_arrays(
            pa.array(deals.vulnerabilities(boards).astype(np.int32)), pa.array(_VULNERABILITY)
        ),
        "pbn": pbn,
        "par": _par(deals, boards),
    }
    found = {"deals": pa.Table.from_pydict(rows, schema=SCHEMAS["deals"])}
    found["dd_tricks"] = _tricks(rows, deals.tricks)
    return found


def _par(deals: DealSet, boards: np.ndarray) -> pa.Array:
    """North-South's par score where the deal's double-dummy tricks are all known (dealer
    and vulnerability as stated, else by ``boards``)."""
    if deals.tricks is None or deals.target is not None:
        return pa.nulls(len(deals), pa.int32())
    scores = par_scores(deals, boards)
    return pa.array(scores, mask=scores == UNKNOWN_PAR)


def _cards(seats: np.ndarray) -> tuple[pa.Array, pa.Array]:
    """deal_id and PBN text of each row; null for a deal with a card nobody holds."""
    n = len(seats)
    text, whole = deal_text(seats)
    width = text.shape[1]
    offsets = np.arange(0, width * (n + 1), width, dtype=np.int32)
    pbn = pa.StringArray.from_buffers(n, pa.py_buffer(offsets), pa.py_buffer(text.tobytes()))
    ids = pa.array(deal_ids(seats), mask=~whole)
    if not whole.all():  # partial deals: the general path, row by row
        rows = np.flatnonzero(~whole)
        pbn = pc.replace_with_mask(
            pbn, pa.array(~whole), pa.array([Deal(seats[r]).pbn() for r in rows])
        )
    return ids, pbn


def _tricks(rows: dict[str, pa.Array], tricks: np.ndarray | None) -> pa.Table:
    """20 rows a deal (seats N E S W, each strain S H D C NT), tricks null where unknown."""
    schema = SCHEMAS["dd_tricks"]
    if tricks is None:
        return schema.empty_table()
    n = len(tricks)
    by_seat = tricks.transpose(0, 2, 1).reshape(-1)  # deal, seat, strain
    repeat = pa.array(np.repeat(np.arange(n), 20))
    seat = np.tile(np.repeat(np.arange(4, dtype=np.int32), 5), n)
    strain = np.tile(np.arange(5, dtype=np.int32), 4 * n)
    columns = {
        "file_id": rows["file_id"].take(repeat),
        "event": rows["event"].take(repeat),
        "record": rows["record"].take(repeat),
        "deal_id": rows["deal_id"].take(repeat),
        "seat": pa.DictionaryArray.from_arrays(pa.array(seat), pa.array(_SEATS)),
        "strain": pa.DictionaryArray.from_arrays(pa.array(strain), pa.array(_STRAINS)),
        "tricks": pa.array(by_seat.astype(np.int8), mask=by_seat > 13),
    }
    return pa.Table.from_pydict(columns, schema=schema)
