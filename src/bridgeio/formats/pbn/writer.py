"""Strict PBN 2.1 export of deals, built as byte arrays so that millions of boards write fast.

Each board's text is laid out in fixed-width columns padded with NUL bytes, which are dropped
at the end: every board costs a few array operations, not a Python loop.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import BinaryIO

import numpy as np

from bridgeio.errors import ConversionError
from bridgeio.formats.pbn.edit import edit
from bridgeio.formats.pbn.provenance import PbnGames, line_end
from bridgeio.formats.pbn.write_results import faithful_deals, results_text
from bridgeio.model import NO_SEAT, DealSet, Seat, Strain, as_deals, deal_strings
from bridgeio.model.board import dealer as dealer
from bridgeio.model.board import vulnerability
from bridgeio.model.document import Document
from bridgeio.model.par import Par
from bridgeio.model.results import Results

HEADER = b"% PBN 2.1\n% EXPORT\n\n"
TABLE_TAG = '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n'
TABLE_ORDER = [
    (seat, strain)
    for seat in Seat
    for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
]


def vulnerable(board: int) -> str:
    """The vulnerability of a board as PBN spells it (the model's rule, :mod:`.board`).

    >>> vulnerable(1), vulnerable(4), vulnerable(16)
    ('None', 'All', 'EW')
    """
    return vulnerability(board).text


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
    [f'[Dealer "{dealer(b).char}"]\n[Vulnerable "{vulnerable(b)}"]\n' for b in range(1, 17)]
)
_TABLE_ROWS = _fixed(
    [
        f"{seat.char} {strain.text:>2} {tricks:>2}\n" if tricks <= 13 else ""
        for seat, strain in TABLE_ORDER
        for tricks in range(16)
    ]
    + [""]
)  # in the header's widths; unknown counts are left out: readers take rows by their labels


def board_texts(deals: DealSet, boards: np.ndarray) -> bytes:
    """The PBN text of every deal of a chunk, boards numbered by ``boards``."""
    n = len(deals)
    if n == 0:
        return b""
    if (boards < 0).any():
        raise ConversionError("pbn", "board numbers of 0 or more")
    cycle = (boards - 1) % 16
    parts = [
        _bytes('[Event "?"]\n[Site "?"]\n[Date "?"]\n[Board "', n),
        _numbers(boards),
        _bytes('"]\n[West "?"]\n[North "?"]\n[East "?"]\n[South "?"]\n', n),
        _DEALER_VUL[cycle],
        _bytes('[Deal "', n),
        _deals_from_dealer(deals.seats, cycle % 4),
        _bytes('"]\n[Scoring ""]\n[Declarer ""]\n[Contract ""]\n[Result ""]\n', n),
    ]
    if deals.tricks is not None:
        parts.append(_fixed([_par_tags(deals.tricks[i], int(b)) for i, b in enumerate(boards)]))
        values = np.minimum(deals.tricks, 15).astype(np.int64)  # (n, strain, seat)
        index = [values[:, strain, seat] + 16 * k for k, (seat, strain) in enumerate(TABLE_ORDER)]
        parts += [_bytes(TABLE_TAG, n), _TABLE_ROWS[np.stack(index, axis=1)].reshape(n, -1)]
    parts.append(_bytes("\n", n))
    text = np.concatenate(parts, axis=1)
    data: bytes = text[text != 0].tobytes()
    return data


def _par_tags(tricks: np.ndarray, board: int) -> str:
    """``OptimumScore`` and ``ParContract`` of a deal whose tricks are all known, else ``""``."""
    par = Par.of(tricks, dealer(board), vulnerability(board)) if board > 0 else None
    if par is None:
        return "\0"  # (a NUL: dropped with the padding)
    return f'[OptimumScore "{par.optimum_score}"]\n[ParContract "{par.par_contract}"]\n'


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
    moved = np.zeros(n, dtype=bool)
    if games.inherited is not None:
        previous = np.concatenate([[before], games.order[:-1]])
        moved = (games.inherited != None) & (games.order != previous + 1)  # noqa: E711
    texts: list[bytes] = games.texts.tolist()
    for i in np.flatnonzero(changed | moved).tolist():
        texts[i] = edit(texts[i], deals, games, i, bool(moved[i]))
    return texts
