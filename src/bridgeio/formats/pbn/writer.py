"""Strict PBN 2.1 export of deals, built as byte arrays so that millions of boards write fast.

Each board's text is laid out in fixed-width columns padded with NUL bytes, which are dropped
at the end: every board costs a few array operations, not a Python loop.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from bridgeio.errors import ConversionError
from bridgeio.formats.pbn.edit import edit
from bridgeio.formats.pbn.provenance import PbnGames, line_end
from bridgeio.formats.pbn.write_results import faithful_deals, results_text
from bridgeio.model import NO_SEAT, DealSet, Seat, Strain, as_deals, deal_strings
from bridgeio.model.board import BY_CODE
from bridgeio.model.contract import Contract, Doubling
from bridgeio.model.deals import UNKNOWN_VULNERABILITY
from bridgeio.model.document import Document
from bridgeio.model.par import UNKNOWN_PAR, ParContract, ParSet
from bridgeio.model.results import Results

HEADER = b"% PBN 2.1\n% EXPORT\n\n"
TABLE_TAG = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
_PAR_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
TABLE_ORDER = [
    (seat, strain)
    for seat in Seat
    for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
]


def _fixed(texts: list[str]) -> np.ndarray:
    """Strings as rows of a NUL-padded byte array."""
    width = max(len(t) for t in texts)
    return (
        np.array([t.encode().ljust(width, b"\0") for t in texts], dtype=f"S{width}")
        .view(np.uint8)
        .reshape(len(texts), width)
    )


def _bytes(text: str, n: int) -> np.ndarray:
    return np.broadcast_to(np.frombuffer(text.encode(), dtype=np.uint8), (n, len(text)))


def _numbers(values: np.ndarray) -> np.ndarray:
    """Decimal digits of non-negative integers, NUL-padded on the left."""
    values = values.astype(np.int64)
    width = max(1, len(str(int(values.max())))) if len(values) else 1
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    digits = (values[:, None] // powers) % 10
    significant = (values[:, None] >= powers) | (powers == 1)
    return np.where(significant, digits + ord("0"), 0).astype(np.uint8)


_DEALER_VUL = _fixed(
    [f'[Dealer "{seat.char}"]\n[Vulnerable "{v.text}"]\n' for seat in Seat for v in BY_CODE]
)  # by dealer * 4 + vulnerability code
_TABLE_ROWS = _fixed(
    [
        f"{seat.char} {strain.text:>2} {tricks:>2}\n" if tricks <= 13 else ""
        for seat, strain in TABLE_ORDER
        for tricks in range(16)
    ]
    + [""]
)  # in the header's widths; unknown counts are left out: readers take rows by their labels


def board_texts(deals: DealSet, boards: np.ndarray) -> bytes:
    """The PBN text of every deal of a chunk, boards numbered by ``boards``; dealer and
    vulnerability as the set states them, else by board number."""
    n = len(deals)
    if n == 0:
        return b""
    if (boards < 0).any():
        raise ConversionError("pbn", "board numbers of 0 or more")
    dealers = deals.dealers(boards)
    parts = [
        _bytes('[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "', n),
        _numbers(boards),
        _bytes('"]\n[West "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n', n),
        _DEALER_VUL[dealers.astype(np.intp) * 4 + deals.vulnerabilities(boards)],
        _bytes('[Deal "', n),
        _deals_from_dealer(deals.seats, dealers),
        _bytes('"]\n[Scoring ""]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n', n),
    ]
    if deals.tricks is not None:
        parts += par_tags(deals, boards)
        values = np.minimum(deals.tricks, 15).astype(np.int64)  # (n, strain, seat)
        index = [values[:, strain, seat] + 16 * k for k, (seat, strain) in enumerate(TABLE_ORDER)]
        parts += [_bytes(TABLE_TAG, n), _TABLE_ROWS[np.stack(index, axis=1)].reshape(n, -1)]
    parts.append(_bytes("\n", n))
    text = np.concatenate(parts, axis=1)
    data: bytes = text[text != 0].tobytes()
    return data


def par_tags(deals: DealSet, boards: np.ndarray) -> list[np.ndarray]:
    """``OptimumScore`` and ``ParContract`` of every deal whose tricks are all known and whose
    board number is 1 or more, as columns of NUL-padded rows (all NUL for the others).

    >>> t = np.full((2, 5, 4), 6, dtype=np.uint8); t[:, Strain.SPADES] = (3, 10, 3, 10)
    >>> rows = np.concatenate(par_tags(DealSet(tricks=t), np.array([1, 0])), axis=1)
    >>> rows[0][rows[0] != 0].tobytes().decode().splitlines(), bool(rows[1].any())
    (['[OptimumScore "NS -420"]', '[ParContract "EW 4S"]'], False)
    """
    pars = ParSet.of(deals, boards)
    known = (pars.score != UNKNOWN_PAR) & (boards > 0)
    # Scores are multiples of 10 from -_MOST to _MOST: the text up to ParContract's by table.
    score = np.where(known, pars.score // 10 + _MOST // 10, _UNKNOWN)
    end = known[:, None] * np.frombuffer(b'"]\n', dtype=np.uint8)
    return [_optimum_scores()[score], _par_contracts(pars, known), end]


_MOST = 7600  # more than any par score (the most is 2,220)
_UNKNOWN = 2 * _MOST // 10 + 1


@functools.cache
def _optimum_scores() -> np.ndarray:
    """The tags' text from ``OptimumScore`` to ``ParContract``'s value by score, then none."""
    scores = range(-_MOST, _MOST + 1, 10)
    return _fixed([f'[OptimumScore "NS {s}"]\n[ParContract "' for s in scores] + ["\0"])


def _par_contracts(pars: ParSet, known: np.ndarray) -> np.ndarray:
    """PBN's ``ParContract`` of every deal (``"NS 4S,NS 5C"``, ``"Pass"``) where ``known`` as
    NUL-padded rows of fragments from a table: the first without a comma, the others after one.
    The contracts are taken as (deal, place) pairs: a deal has one or two, seldom more."""
    n = len(pars)
    owner = (pars.score < 0).astype(np.int16)
    made_deals, strains = _pairs(pars.seats, known)  # by deal, then strain
    sacrifice_deals, ks = _pairs(pars.sacrifices, known)  # then sacrifices
    made_count = np.bincount(made_deals, minlength=n)
    sacrifice_count = np.bincount(sacrifice_deals, minlength=n)
    count = made_count + sacrifice_count
    compact = np.zeros((n, max(1, int(count.max(initial=0)))), dtype=np.int16)
    compact[:, 0] = np.where(known, 2 * _CODES, 0)  # "Pass", or nothing
    seats = pars.seats[made_deals, strains].astype(np.int16)
    level = pars.level[made_deals, strains].astype(np.int16)
    side = owner[made_deals]
    place = _places(made_deals, made_count)
    code = 1 + ((side * 5 + strains) * 7 + level - 1) * 3 + seats - 1
    compact[made_deals, place] = code + (place == 0) * _CODES  # the first: no comma
    seats = pars.sacrifices[sacrifice_deals, ks].astype(np.int16)
    side = 1 - owner[sacrifice_deals]
    place = _places(sacrifice_deals, sacrifice_count) + made_count[sacrifice_deals]
    code = _SACRIFICE + (side * 35 + ks) * 3 + seats - 1
    compact[sacrifice_deals, place] = code + (place == 0) * _CODES
    return _contract_fragments()[compact].reshape(n, -1)


def _pairs(listed: np.ndarray, known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(deal, place) of every nonzero entry of ``listed`` in a ``known`` deal."""
    deals, places = np.nonzero(listed)
    keep = known[deals]
    return (deals, places) if keep.all() else (deals[keep], places[keep])


def _places(deals: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """The place of each of a run of pairs among its deal's pairs: 0, 1, ... (``deals``
    sorted; ``counts`` pairs of each deal)."""
    starts = np.cumsum(counts) - counts
    places: np.ndarray = np.arange(len(deals)) - starts[deals]
    return places


_SACRIFICE = 1 + 2 * 5 * 7 * 3  # code of the first sacrifice: side, contract (1C = 0), seats
_CODES = _SACRIFICE + 2 * 35 * 3  # then the same without their comma, then "Pass"


@functools.cache
def _contract_fragments() -> np.ndarray:
    """Each contract's text after a comma by code (0 none; made contracts by side, strain from
    clubs up, level and seats; then doubled sacrifices by side, contract and seats), then the
    same without the comma, then ``"Pass"``. Seats are a :class:`ParSet` mask: bit 0 the
    side's first seat, bit 1 its second."""
    texts = [""]
    for side, strain, level, seats in itertools.product(range(2), range(5), range(1, 8), (1, 2, 3)):
        texts.append(_fragment(Contract(level, _PAR_ORDER[strain]), side, seats))
    for side, k, seats in itertools.product(range(2), range(35), (1, 2, 3)):
        contract = Contract(k // 5 + 1, _PAR_ORDER[k % 5], Doubling.DOUBLED)
        texts.append(_fragment(contract, side, seats))
    return _fixed([*texts, *(text[1:] for text in texts), "Pass"])


def _fragment(contract: Contract, side: int, seats: int) -> str:
    pair = (Seat.NORTH, Seat.SOUTH) if side == 0 else (Seat.EAST, Seat.WEST)
    declarers = tuple(seat for bit, seat in enumerate(pair) if seats >> bit & 1)
    return "," + ParContract(contract, declarers, 0, contract.level).text


def _deals_from_dealer(seats: np.ndarray | None, dealers: np.ndarray) -> np.ndarray:
    n = len(dealers)
    if seats is None:
        return _bytes("?", n)
    out = np.zeros((n, 69), dtype=np.uint8)
    for seat in Seat:
        rows = np.flatnonzero(dealers == seat)
        if len(rows):
            lines = deal_strings(seats[rows], seat)
            out[rows] = _fixed([line.ljust(69, "\0") for line in lines])
    return out


def write_chunks(chunks: Iterable[Document], handle: BinaryIO, source: str | None = None) -> None:
    """Write deals or results as PBN. Results as tournament tables with their hand records
    (:mod:`.write_results`); a PBN file's as it was where its tables are unchanged. Deals
    read from PBN are written as their file had them (every tag, section, comment and byte
    kept), with what the model holds (the cards, board number and
    double-dummy table) written from the model; other deals as strict PBN 2.1 games, boards
    numbered 1, 2, … where the set has no numbers.

    >>> import io
    >>> from bridgeio.model import parse_pbn_deal
    >>> deal = parse_pbn_deal("N:AKQJT98765432... - - -")  # three hands unknown
    >>> out = io.BytesIO(); write_chunks([DealSet(deal[None])], out)
    >>> out.getvalue().decode().splitlines()[:7]
    ['% PBN 2.1', '% EXPORT', '', '[Event "?"]', '[Site "?"]', '[Date "?"]', '[Board "1"]']
    """
    out = _Output(handle)
    done = 0
    for chunk in chunks:
        if isinstance(chunk, Results):
            faithful = faithful_deals(chunk)
            if faithful is None:
                out.start(None)
                out.write([results_text(chunk, source)], np.ones(1, dtype=bool))
                continue
            chunk = faithful
        chunk = as_deals(chunk, "pbn")
        games = chunk.provenance if isinstance(chunk.provenance, PbnGames) else None
        out.start(games)
        if games is None:
            _check_writable(chunk, source)
            boards = (
                chunk.boards
                if chunk.boards is not None
                else np.arange(done + 1, done + len(chunk) + 1, dtype=np.int64)
            )
            out.write([board_texts(chunk, boards)], np.ones(1, dtype=bool))
        else:
            out.write(game_texts(chunk, games, out.last_order), games.closed)
            if len(games):
                out.last_order = int(games.order[-1])
        done += len(chunk)
    out.start(None)


def _check_writable(chunk: DealSet, source: str | None) -> None:
    if chunk.seats is None and chunk.tricks is None:
        raise ConversionError("pbn", "deals or double-dummy tricks", source)
    if chunk.seats is not None and (chunk.seats == NO_SEAT).all(axis=1).any():
        raise ConversionError("pbn", "at least one card placed in every deal", source)


class _Output:
    """The file being written: its header once, games one after another, a blank line
    between two games wherever the first did not end with one."""

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.started = False
        self.open = False
        self.last = b"\n"
        self.last_order = -1

    def start(self, games: PbnGames | None) -> None:
        if not self.started:
            preamble = games.preamble if games is not None else None
            self.handle.write(HEADER if preamble is None else preamble)
            self.started = True

    def write(self, texts: list[bytes], closed: np.ndarray) -> None:
        if not texts:
            return
        if self.open or not closed[:-1].all():
            texts = self._separated(texts, closed)
        self.handle.write(b"".join(texts))
        self.open = not bool(closed[-1])
        self.last = texts[-1][-1:] or self.last

    def _separated(self, texts: list[bytes], closed: np.ndarray) -> list[bytes]:
        out: list[bytes] = []
        last = self.last
        for text, ends in zip(texts, closed.tolist(), strict=True):
            if self.open and text:
                eol = line_end(text)
                out.append(eol if last == b"\n" else eol + eol)
            out.append(text)
            last = text[-1:] or last
            self.open = not ends
        return out


def game_texts(deals: DealSet, games: PbnGames, before: int = -1) -> list[bytes]:
    """Each deal's stretch of its PBN file, edited where the model differs from what was read
    (and where a ``"#"`` value no longer follows the game it copied)."""
    n = len(games)
    changed = np.zeros(n, dtype=bool)
    if deals.seats is not None:
        changed |= (deals.seats != games.seats).any(axis=1)
    if deals.boards is not None:
        changed |= deals.boards != games.boards
    if deals.tricks is not None:
        changed |= (deals.tricks != games.tricks).reshape(n, -1).any(axis=1)
    dealers, vulnerabilities = deals.dealers(), deals.vulnerabilities()
    # A Dealer or Vulnerable tag that no longer says what the model holds (a game without one
    # keeps to its board number's rule: no tag is added).
    changed |= (games.dealers != NO_SEAT) & (games.dealers != dealers)
    changed |= (games.vulnerabilities != UNKNOWN_VULNERABILITY) & (
        games.vulnerabilities != vulnerabilities
    )
    moved = np.zeros(n, dtype=bool)
    if games.inherited is not None:
        previous = np.concatenate([[before], games.order[:-1]])
        moved = (games.inherited != None) & (games.order != previous + 1)  # noqa: E711
    texts: list[bytes] = games.texts.tolist()
    for i in np.flatnonzero(changed | moved).tolist():
        said = Seat(int(dealers[i])), BY_CODE[int(vulnerabilities[i])]
        texts[i] = edit(texts[i], deals, games, i, bool(moved[i]), said)
    return texts
