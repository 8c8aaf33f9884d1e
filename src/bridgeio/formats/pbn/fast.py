"""The fast way through a block of PBN: whole-block NumPy operations instead of a loop over
lines, for the common, clean layout (what solvers and scoring programs export).

:func:`parse_fast` gives exactly what :func:`~bridgeio.formats.pbn.blocks.parse_slow` gives
for a block it accepts, and None for any block it does not: a ``{`` comment, a ``"#"`` value,
a line that is not exactly one ``[Name "value"]`` tag, a deal or table it cannot take at a
glance, text outside a game... The general way then reads that block and says what is wrong.

Fixed-width views (``sliding_window_view``) of the block give each tag's name, each deal and
each table row as a row of a small byte matrix, so no index array grows with the block.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from bridgeio.formats.pbn.blocks import Parsed, empty
from bridgeio.formats.pbn.provenance import CATEGORIES, GAMES, category
from bridgeio.formats.pbn.scan import BOM as BOM_TEXT
from bridgeio.formats.pbn.scan import WS
from bridgeio.formats.pbn.tables import Columns, TableError
from bridgeio.model import NO_SEAT, RANKS, UNKNOWN_TRICKS
from bridgeio.model.deals import UNKNOWN_VULNERABILITY

BLANK, TAG, COMMENT, SECTION = 0, 1, 2, 3
NAME_WIDTH = 24  # a tag name longer than 23 characters goes the general way
DEAL_WIDTH = 69  # "N:" + 52 cards + 12 dots + 3 spaces
ROW_WIDTH = 64  # a table row longer than this goes the general way
BOARD_WIDTH = 9
WINDOW = 80  # the widest of the above, and then some
BUCKETS = 1 << 16  # hash buckets for tag names (a block holds a few dozen names)
SPACE, TAB, QUOTE, BACKSLASH = 32, 9, 34, 92
BOM = BOM_TEXT.encode("latin-1")

_WHITE = np.zeros(256, dtype=bool)
_WHITE[np.frombuffer(WS.encode(), dtype=np.uint8)] = True
_RANK = np.full(256, 255, dtype=np.uint8)
_RANK[np.frombuffer(RANKS.encode(), dtype=np.uint8)] = np.arange(13)
_SEAT = np.full(256, 255, dtype=np.uint8)
_SEAT[np.frombuffer(b"NESW", dtype=np.uint8)] = np.arange(4)
_STRAIN = np.full(256, 255, dtype=np.uint8)
_STRAIN[np.frombuffer(b"SHDCN", dtype=np.uint8)] = np.arange(5)
_ONE_CHAR_TRICKS = np.full(256, 255, dtype=np.uint8)
_ONE_CHAR_TRICKS[np.frombuffer(b"0123456789", dtype=np.uint8)] = np.arange(10)
_ONE_CHAR_TRICKS[[ord("?"), ord("-")]] = UNKNOWN_TRICKS
_TWO_CHAR_TRICKS = np.full(1 << 16, 255, dtype=np.uint8)
for _count in range(14):
    _TWO_CHAR_TRICKS[int.from_bytes(f"{_count:02d}".encode(), "big")] = _count
_NAME_CHAR = np.zeros(256, dtype=bool)
_NAME_CHAR[
    np.frombuffer(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_", np.uint8)
] = True
_HEX_TRICKS = np.full(256, 255, dtype=np.uint8)
_HEX_TRICKS[np.frombuffer(b"0123456789ABCD", dtype=np.uint8)] = np.arange(14)
_HEX_TRICKS[np.frombuffer(b"abcd", dtype=np.uint8)] = np.arange(10, 14)
_ABILITY_LAYOUT = np.frombuffer(b"N:00000 E:00000 S:00000 W:00000", dtype=np.uint8)
_ABILITY_FIXED = np.array([c != ord("0") for c in _ABILITY_LAYOUT.tolist()])
_ABILITY_SEATS = np.arange(4)  # N E S W
_DOUBLE_DUMMY_SEATS = np.array([0, 2, 1, 3])  # N S E W
_STRAIN_ROWS = np.array([4, 0, 1, 2, 3])  # NT S H D C as the model's strain rows
_GAPS = [16, 33, 50]  # where the spaces between the hands of a full deal are
_HAND_ENDS = [15, 32, 49, 66]
_HAND = np.repeat(np.arange(4, dtype=np.uint8), 17)[:67]
_GAP_MASK = np.zeros(67, dtype=bool)
_GAP_MASK[_GAPS] = True
_DOTS_BEFORE_HAND = (3 * _HAND).astype(np.int8)
_PREFIX = (
    np.where(np.arange(NAME_WIDTH) < np.arange(NAME_WIDTH + 1)[:, None], 255, 0)
    .astype(np.uint8)
    .view(np.uint64)
)  # row n: the first n bytes of a name kept, the rest zero
_RESULTS = [str(n).encode() for n in range(14)] + [f"{n:02d}".encode() for n in range(10)]
_ALLOWED = {
    "Dealer": [b"", b"?", b"N", b"E", b"S", b"W"],
    "Vulnerable": [b"", b"?", b"None", b"Love", b"-", b"NS", b"EW", b"All", b"Both"],
    "Declarer": [b"", b"?", b"^"] + [p + s for p in (b"", b"^") for s in (b"N", b"E", b"S", b"W")],
    "Result": [b"", b"?", *_RESULTS],
}
"""The values of these tags ``check`` lets pass (others go the general way, which says so)."""
_DATE_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9]  # the places of YYYY.MM.DD's digits
_CHECKED = {
    name: np.array(
        [int.from_bytes(v.ljust(4, b"\0"), "little") + (len(v) << 32) for v in values],
        dtype=np.int64,
    )
    for name, values in _ALLOWED.items()
}  # each value as its length and its bytes (at most 4) in one number


def _value_keys(values: dict[bytes, int]) -> tuple[np.ndarray, np.ndarray]:
    """Values of at most 4 bytes as sorted keys (length and bytes in one number, as
    :data:`_CHECKED`'s) and the code of each."""
    keys = [int.from_bytes(v.ljust(4, b"\0"), "little") + (len(v) << 32) for v in values]
    order = np.argsort(keys)
    return np.array(keys, np.int64)[order], np.array(list(values.values()), np.uint8)[order]


_STATED = {
    "Dealer": _value_keys({b"": NO_SEAT, b"?": NO_SEAT, b"N": 0, b"E": 1, b"S": 2, b"W": 3}),
    "Vulnerable": _value_keys(
        {b"": UNKNOWN_VULNERABILITY, b"?": UNKNOWN_VULNERABILITY}
        | {b"None": 0, b"Love": 0, b"-": 0, b"NS": 1, b"EW": 2, b"All": 3, b"Both": 3}
    ),
}
"""The Dealer and Vulnerable values the fast way reads (others go the general way), and the
seat or vulnerability code of each (as :func:`~bridgeio.formats.pbn.blocks.dealer_code` and
:func:`~bridgeio.formats.pbn.blocks.vulnerability_code` give them)."""
_MIX = np.array(
    [0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9],
    dtype=np.uint64,
)


class _Refused(Exception):
    """The block is not for the fast way."""


def parse_fast(block: bytes, final: bool, thorough: bool = False) -> Parsed | None:
    """The deals of a clean block, or None (see the module docstring). A block that is not
    the last and holds too little to end a deal's stretch gives no deals and uses 0 bytes.
    With ``thorough`` (for ``check``) a block is clean only if the values ``check`` looks at
    are too (Dealer, Vulnerable, Declarer, Result, board 0, no tag repeated in a game)."""
    if b"{" in block or b'"#"' in block or not block.strip():
        return None
    try:
        return _Block(block, final, thorough).parse()
    except _Refused:
        return None


def _first_of_run(values: np.ndarray) -> np.ndarray:
    """True where a value differs from the one before (the first tag of a kind in a game)."""
    return np.concatenate([[True], values[1:] != values[:-1]]) if len(values) else values == 0


class _Tags:
    """A block's lines and tag pairs: what each line is (blank, tag, comment, other), and
    each tag line's name (an index into ``known``, the names the block uses) and value bounds;
    :class:`_Refused` for any line that is not exactly one tag pair where a tag should be."""

    def __init__(self, block: bytes) -> None:
        self.block = block
        self.arr = np.frombuffer(block, dtype=np.uint8)
        padded = np.concatenate([self.arr, np.zeros(WINDOW, dtype=np.uint8)])
        self.windows = sliding_window_view(padded, WINDOW)
        self._lines()
        self.tags = np.flatnonzero(self.kind == TAG)
        self._tag_bounds(self.tags)
        self.names = self._names()

    def _lines(self) -> None:
        """Line bounds (without the line end) and what each line is."""
        arr = self.arr
        newlines = np.flatnonzero(arr == 10)
        starts = np.concatenate([[0], newlines + 1])
        ends = np.concatenate([newlines, [len(arr)]])
        if starts[-1] == len(arr):
            starts, ends = starts[:-1], ends[:-1]
        ends = ends - ((ends > starts) & (arr[np.maximum(ends - 1, 0)] == 13))
        if self.block.startswith(BOM) and len(ends) and ends[0] >= len(BOM):
            starts[0] = len(BOM)  # the byte-order mark is no text
        first = np.where(ends > starts, self.windows[np.minimum(starts, len(arr)), 0], 10)
        kind = np.full(len(starts), SECTION, dtype=np.uint8)
        kind[first == ord("[")] = TAG
        kind[(first == ord("%")) | (first == ord(";"))] = COMMENT
        kind[ends == starts] = BLANK
        for line in np.flatnonzero(_WHITE[first]).tolist():
            text = self.block[starts[line] : ends[line]].lstrip(WS.encode())
            if text[:1] == b"[":
                raise _Refused
            kind[line] = BLANK if not text else COMMENT if text[:1] in (b"%", b";") else SECTION
        self.starts, self.ends, self.kind = starts, ends, kind

    def _tag_bounds(self, tags: np.ndarray) -> None:
        """Each tag line exactly ``[Name "value"]``: name and value bounds kept, and each
        name as words of 8 bytes (``self.words``, zero after the name)."""
        arr = self.arr
        start, end = self.starts[tags], self.ends[tags]
        grid = self.windows[start + 1, :NAME_WIDTH]
        length = (grid == SPACE).argmax(axis=1)
        name_end = start + 1 + length
        ok = (grid[np.arange(len(grid)), length] == SPACE) & (length > 0)
        ok &= name_end + 3 <= end - 1
        ok &= self.windows[np.minimum(name_end, len(arr)), 1] == QUOTE
        ok &= (arr[end - 1] == ord("]")) & (arr[end - 2] == QUOTE)
        ok &= (end - 3 <= name_end + 1) | (arr[np.maximum(end - 3, 0)] != BACKSLASH)
        if not ok.all():
            raise _Refused
        value_start, value_end = name_end + 2, end - 2
        if np.count_nonzero(arr == ord("[")) != len(tags):  # a tag pair inside another line?
            brackets = np.flatnonzero(arr == ord("["))
            if (self.kind[np.searchsorted(self.starts, brackets, side="right") - 1] != TAG).any():
                raise _Refused  # the general way reads tags anywhere in a line
        if np.count_nonzero(arr == QUOTE) != 2 * len(tags):  # quotes elsewhere: look closer
            quotes = np.flatnonzero(arr == QUOTE)
            if (quotes[np.searchsorted(quotes, value_start)] != value_end).any():
                raise _Refused  # a quote inside a value
        self.words = np.ascontiguousarray(grid).view(np.uint64) & _PREFIX[length]
        self.value_start, self.value_end = value_start, value_end

    def _names(self) -> np.ndarray:
        """Each tag's name as an index into ``self.known``, by hashing the names into
        buckets (checking that no two names share one, else the general way)."""
        words = self.words
        with np.errstate(over="ignore"):
            mixed = (words * _MIX).sum(axis=1, dtype=np.uint64)
        bucket = (mixed >> np.uint64(40)).astype(np.int64) % BUCKETS
        holder = np.full(BUCKETS, -1, dtype=np.int64)
        holder[bucket] = np.arange(len(bucket))
        if not (words == words[holder[bucket]]).all():
            raise _Refused  # two names in one bucket
        used = np.flatnonzero(holder >= 0)
        names = np.ascontiguousarray(words[holder[used]]).view(np.uint8)
        given = names != 0
        if not (_NAME_CHAR[names] == given).all() or (given[:, 1:] > given[:, :-1]).any():
            raise _Refused  # not a tag name: the general way says so
        self.known = [bytes(name).rstrip(b"\0").decode() for name in names]
        index = np.full(BUCKETS, -1, dtype=np.int64)
        index[used] = np.arange(len(used))
        result: np.ndarray = index[bucket]
        return result

    def _named(self, names: np.ndarray, name: str) -> np.ndarray:
        result: np.ndarray = names == (self.known.index(name) if name in self.known else -1)
        return result

    def _trivial(self, tags: np.ndarray) -> np.ndarray:
        length = self.value_end[tags] - self.value_start[tags]
        result: np.ndarray = (length == 0) | (
            (length == 1) & (self.arr[self.value_start[tags]] == ord("?"))
        )
        return result


class _Block(_Tags):
    """A block's games and what the model takes of them: deals, board numbers, optimum
    result tables (:class:`_ResultTables`), and counts of the other tags; :class:`_Tags`
    reads the block's lines and tags."""

    def __init__(self, block: bytes, final: bool, thorough: bool = False) -> None:
        self.final, self.thorough = final, thorough
        super().__init__(block)

    def parse(self) -> Parsed:
        """The games of the block, framed by blank lines, and the deals of those that hold
        one (see :func:`parse_fast`)."""
        kind, lines = self.kind, np.arange(len(self.kind))
        framing = (kind == BLANK) | (kind == TAG)
        last_frame = np.maximum.accumulate(np.where(framing, lines, -1))
        before = np.concatenate([[-1], last_frame[:-1]])
        framed_by_blank = (before < 0) | (kind[np.maximum(before, 0)] == BLANK)
        game_start = (kind == TAG) & framed_by_blank
        game_lines = np.flatnonzero(game_start)
        self.game_of_line = np.cumsum(game_start) - 1
        tags, names = self.tags, self.names
        self.tag_game = self.game_of_line[tags]
        complete = len(game_lines) if self.final else len(game_lines) - 1
        deal_games, deal_tags = self._deal_games(names, complete)
        if self.final:
            end_line = len(kind)
        elif len(deal_games) < 2:
            return empty(0)  # nothing ends in this block: read more
        else:
            end_line = int(game_lines[deal_games[-1]])
            deal_games, deal_tags = deal_games[:-1], deal_tags[:-1]
        outside = (kind[:end_line] == SECTION) & framed_by_blank[:end_line]
        if outside.any():
            raise _Refused  # text outside any game: the general way warns
        if self.thorough:
            self._refuse_what_check_reports(np.flatnonzero(tags < end_line), names)
        return self._assemble(game_lines, deal_games, deal_tags, tags, names, end_line)

    def _refuse_what_check_reports(self, used: np.ndarray, names: np.ndarray) -> None:
        """Values ``check`` would report, and tags repeated in a game: the general way."""
        for name, allowed in _CHECKED.items():
            tags = used[self._named(names, name)[used]]
            length = self.value_end[tags] - self.value_start[tags]
            grid = np.where(
                np.arange(4) < length[:, None], self.windows[self.value_start[tags], :4], 0
            )
            keys = np.ascontiguousarray(grid, dtype=np.uint8).view(np.uint32).ravel()
            if (length > 4).any() or not np.isin(
                keys.astype(np.int64) + (length << 32), allowed
            ).all():
                raise _Refused
        for name in ("Date", "EventDate"):
            if not self._dates_fit(used[self._named(names, name)[used]]):
                raise _Refused
        kept = used[~self._named(names, "Note")[used]]
        order = np.argsort(names[kept].astype(np.int16), kind="stable")  # by name, then place
        name, game = names[kept][order], self.tag_game[kept][order]
        if ((name[1:] == name[:-1]) & (game[1:] == game[:-1])).any():
            raise _Refused  # a tag repeated in a game

    def _dates_fit(self, tags: np.ndarray) -> bool:
        """Whether each of these Date tags is trivial or ``YYYY.MM.DD`` with a digit or
        ``?`` at each place, a known month from 1 to 12 and day from 1 to 31 (as
        :func:`~bridgeio.formats.pbn.blocks.pbn_date`: the general way reports the others)."""
        tags = tags[~self._trivial(tags)]
        if not len(tags):
            return True
        length = self.value_end[tags] - self.value_start[tags]
        grid = self.windows[self.value_start[tags], :10]
        digit = ((grid >= ord("0")) & (grid <= ord("9"))) | (grid == ord("?"))
        dots = (grid[:, 4] == ord(".")) & (grid[:, 7] == ord("."))
        fits = (length == 10) & dots & digit[:, _DATE_DIGITS].all(axis=1)
        for at, most in ((5, 12), (8, 31)):  # the month, the day
            tens, ones = grid[:, at].astype(np.int16) - 48, grid[:, at + 1].astype(np.int16) - 48
            known = (tens <= 9) & (ones <= 9)
            fits &= ~known | ((tens * 10 + ones >= 1) & (tens * 10 + ones <= most))
        return bool(fits.all())

    def _first_named(self, names: np.ndarray, name: str) -> np.ndarray:
        """The first tag called ``name`` of each game (a repeated tag is ignored)."""
        found = np.flatnonzero(self._named(names, name))
        result: np.ndarray = found[_first_of_run(self.tag_game[found])]
        return result

    def _deal_games(self, names: np.ndarray, complete: int) -> tuple[np.ndarray, np.ndarray]:
        """Games (of the first ``complete``) whose first Deal tag gives a deal, and that tag."""
        deal = self._first_named(names, "Deal")
        deal = deal[(self.tag_game[deal] < complete) & ~self._trivial(deal)]
        return self.tag_game[deal], deal

    def _assemble(
        self,
        game_lines: np.ndarray,
        deal_games: np.ndarray,
        deal_tags: np.ndarray,
        tags: np.ndarray,
        names: np.ndarray,
        end_line: int,
    ) -> Parsed:
        k = len(deal_games)
        parsed = empty(k)
        end = len(self.block) if end_line == len(self.kind) else int(self.starts[end_line])
        parsed.starts[:k] = self.starts[game_lines[deal_games]]
        parsed.starts[k] = end
        parsed.games = int(np.searchsorted(game_lines, end_line))
        self.record_of_game = np.full(len(game_lines) + 1, -1, dtype=np.int64)
        self.record_of_game[deal_games] = np.arange(k)
        self._deals(parsed, deal_tags)
        self._boards(parsed, names)
        parsed.dealers[:] = self._stated(names, "Dealer", k)
        parsed.vulnerabilities[:] = self._stated(names, "Vulnerable", k)
        _ResultTables(self).read(parsed, tags, names)
        self._trick_tags(parsed, names)
        self._counts(parsed, tags, names, end_line, game_lines, deal_games)
        if self.final:
            content = np.flatnonzero((self.kind == TAG) | (self.kind == SECTION))
            blanks = np.flatnonzero(self.kind == BLANK)
            parsed.closed = not len(content) or (len(blanks) > 0 and blanks[-1] > content[-1])
        return parsed

    def _deals(self, parsed: Parsed, deal_tags: np.ndarray) -> None:
        """The 69-character deals, all at once; any other deal goes the general way."""
        if not len(deal_tags):
            return
        if ((self.value_end - self.value_start)[deal_tags] != DEAL_WIDTH).any():
            raise _Refused
        grid = self.windows[self.value_start[deal_tags], :DEAL_WIDTH]
        first = _SEAT[grid[:, 0]]
        body = grid[:, 2:]
        dots = body == ord(".")
        ranks = _RANK[body]
        suit = np.cumsum(dots, axis=1, dtype=np.int8) - _DOTS_BEFORE_HAND
        ok = (first < 4) & (grid[:, 1] == ord(":")) & (body[:, _GAPS] == SPACE).all(axis=1)
        ok &= (suit[:, _HAND_ENDS] == 3).all(axis=1)
        ok &= ((ranks < 13) | dots | _GAP_MASK).all(axis=1)
        if not ok.all():
            raise _Refused
        card = np.where(dots | _GAP_MASK, 52, suit * 13 + ranks).astype(np.intp)
        seat = ((first[:, None] + _HAND) % 4).astype(np.uint8)
        seats = np.full((len(grid), 53), NO_SEAT, dtype=np.uint8)
        np.put_along_axis(seats, card, seat, axis=1)
        if (seats[:, :52] == NO_SEAT).any():
            raise _Refused  # a card given twice: the general way says which
        parsed.seats[:] = seats[:, :52]

    def _boards(self, parsed: Parsed, names: np.ndarray) -> None:
        board = self._first_named(names, "Board")
        records = self.record_of_game[self.tag_game[board]]
        board, records = board[records >= 0], records[records >= 0]
        given = ~self._trivial(board)
        board, records = board[given], records[given]
        length = self.value_end[board] - self.value_start[board]
        grid = self.windows[self.value_start[board], :BOARD_WIDTH].astype(np.int64) - 48
        inside = np.arange(BOARD_WIDTH) < length[:, None]
        if (length > BOARD_WIDTH).any() or not ((grid >= 0) & (grid <= 9) | ~inside).all():
            raise _Refused
        powers = 10 ** np.clip(length[:, None] - 1 - np.arange(BOARD_WIDTH), 0, None)
        parsed.boards[records] = (np.where(inside, grid, 0) * powers).sum(axis=1)
        if self.thorough and (parsed.boards[records] == 0).any():
            raise _Refused  # board 0: check warns

    def _stated(self, names: np.ndarray, name: str, k: int) -> np.ndarray:
        """The code of each deal's first ``name`` tag (:data:`_STATED`; unknown where
        the game has none); any other value goes the general way."""
        keys, codes = _STATED[name]
        found = np.full(k, codes[np.searchsorted(keys, 0)], dtype=np.uint8)  # the empty value
        tags = self._first_named(names, name)
        records = self.record_of_game[self.tag_game[tags]]
        tags, records = tags[records >= 0], records[records >= 0]
        length = self.value_end[tags] - self.value_start[tags]
        if (length > 4).any():
            raise _Refused
        grid = np.where(np.arange(4) < length[:, None], self.windows[self.value_start[tags], :4], 0)
        values = np.ascontiguousarray(grid, dtype=np.uint8).view(np.uint32).ravel()
        wanted = values.astype(np.int64) + (length << 32)
        at = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
        if (keys[at] != wanted).any():
            raise _Refused
        found[records] = codes[at]
        return found

    def _trick_tags(self, parsed: Parsed, names: np.ndarray) -> None:
        """The tricks of deals without an OptimumResultTable from their first
        DoubleDummyTricks tag, else their first Ability tag (Big Deal's layout: ``N:`` and
        five hexadecimal digits for each seat in turn), all at once; any other value goes
        the general way (:func:`~bridgeio.formats.pbn.blocks._trick_tags` says what)."""
        missing = (parsed.tricks == UNKNOWN_TRICKS).all(axis=(1, 2))
        for name, width in (("DoubleDummyTricks", 20), ("Ability", len(_ABILITY_LAYOUT))):
            tags = self._first_named(names, name)
            records = self.record_of_game[self.tag_game[tags]]
            chosen = (records >= 0) & ~self._trivial(tags)
            chosen[chosen] = missing[records[chosen]]
            tags, records = tags[chosen], records[chosen]
            if not len(tags):
                continue
            if ((self.value_end - self.value_start)[tags] != width).any():
                raise _Refused
            grid = self.windows[self.value_start[tags], :width]
            if name == "Ability":
                if (grid[:, _ABILITY_FIXED] != _ABILITY_LAYOUT[_ABILITY_FIXED]).any():
                    raise _Refused
                grid = grid[:, ~_ABILITY_FIXED]
            counts = _HEX_TRICKS[grid]
            if (counts > 13).any():
                raise _Refused
            seats = _ABILITY_SEATS if name == "Ability" else _DOUBLE_DUMMY_SEATS
            tricks = counts.reshape(-1, 4, 5).transpose(0, 2, 1)  # (deal, strain, seat group)
            found = np.empty_like(tricks)
            found[:, _STRAIN_ROWS[:, None], seats[None, :]] = tricks
            parsed.tricks[records] = found
            missing[records] = False

    def _counts(
        self,
        parsed: Parsed,
        tags: np.ndarray,
        names: np.ndarray,
        end_line: int,
        game_lines: np.ndarray,
        deal_games: np.ndarray,
    ) -> None:
        """What each stretch holds beyond the model, counted by tag name."""
        used = tags < end_line
        known = [-1 if (c := category(n)) is None else c for n in self.known]
        column = np.array(known, dtype=np.int64)[names[used]]
        counted = (column >= 0) & ~self._trivial(np.flatnonzero(used))
        starts = np.zeros(len(self.kind) + 1, dtype=np.int64)
        starts[game_lines[deal_games]] = 1
        record_of_line = np.cumsum(starts) - 1
        record = record_of_line[tags[used][counted]]
        width = len(CATEGORIES)
        size = (len(deal_games) + 1) * width
        flat = (record + 1) * width + column[counted]
        table = np.bincount(flat, minlength=size).reshape(-1, width)
        games = record_of_line[game_lines[game_lines < end_line]]
        table[:, GAMES] += np.bincount(games + 1, minlength=len(deal_games) + 1)
        table[1:, GAMES] -= 1  # a stretch's own game has a deal
        parsed.preamble_counts += table[0]
        parsed.counts += table[1:]


class _ResultTables:
    """The optimum result tables of a block's deals (each deal's first OptimumResultTable
    and the rows after it): the tables of one header read at once, as a matrix of rows, their
    cells found by the header's columns (:func:`_trick_columns`)."""

    def __init__(self, source: _Block) -> None:
        self.source = source  # the block the tables are in

    def read(self, parsed: Parsed, tags: np.ndarray, names: np.ndarray) -> None:
        """OptimumResultTable rows of every deal, as a matrix of rows."""
        source = self.source
        table = source._first_named(names, "OptimumResultTable")
        records = source.record_of_game[source.tag_game[table]]
        table, records = table[records >= 0], records[records >= 0]
        if not len(table):
            return
        kind = source.kind
        line = tags[table]
        stop_at = np.where(kind != SECTION, np.arange(len(kind)), len(kind))
        next_other = np.minimum.accumulate(stop_at[::-1])[::-1]
        stop = np.append(next_other, len(kind))[line + 1]
        if (kind[stop[stop < len(kind)]] == COMMENT).any():
            raise _Refused  # a comment line among the rows: the general way
        count = stop - line - 1
        for header, chosen in self._headers(table).items():
            columns = _trick_columns(header)
            rows = np.repeat(line[chosen] + 1, count[chosen]) + _ragged(count[chosen])
            seat, strain, tricks = self._rows(rows, columns)
            parsed.tricks[np.repeat(records[chosen], count[chosen]), strain, seat] = tricks

    def _headers(self, table: np.ndarray) -> dict[bytes, np.ndarray]:
        """The tables of each distinct header (most blocks have one)."""
        source = self.source
        start, end = source.value_start, source.value_end
        length = end[table] - start[table]
        first = source.block[start[table[0]] : end[table[0]]]
        width = min(len(first), WINDOW)
        grid = source.windows[start[table], :width]
        same = (length == len(first)) & (grid == grid[0]).all(axis=1)
        if len(first) <= WINDOW and same.all():
            return {first: np.arange(len(table))}
        groups: dict[bytes, list[int]] = {}
        for i, tag in enumerate(table.tolist()):
            value = source.block[start[tag] : end[tag]]
            groups.setdefault(value, []).append(i)
        return {h: np.array(g) for h, g in groups.items()}

    def _rows(self, rows: np.ndarray, columns: tuple[int, int, int, int]) -> Cells:
        """Declarer, strain and tricks of table rows, cells picked by the header."""
        source = self.source
        start, length = source.starts[rows], source.ends[rows] - source.starts[rows]
        width = int(length.max()) + 1 if len(length) else 1
        if width > ROW_WIDTH:
            raise _Refused
        grid = source.windows[start, :width]
        if len(rows) and (length == width - 1).all():
            fixed = _fixed_columns(grid[:, :-1], columns)
            if fixed is not None:
                return fixed
        inside = (np.arange(width) < length[:, None]) & (grid != SPACE) & (grid != TAB)
        begins = inside & ~np.pad(inside, ((0, 0), (1, 0)))[:, :-1]
        finishes = inside & ~np.pad(inside, ((0, 0), (0, 1)))[:, 1:]
        if (begins.sum(axis=1) != columns[3]).any():
            raise _Refused
        token = np.cumsum(begins, axis=1, dtype=np.uint8)
        cells = []
        every = np.arange(len(grid))
        for column in columns[:3]:
            at = (begins & (token == column + 1)).argmax(axis=1)
            last = (finishes & (token == column + 1)).argmax(axis=1)
            second = grid[every, np.minimum(at + 1, width - 1)]
            cells.append((grid[every, at], second, last - at + 1))
        return _cells(*cells)


Cell = tuple[np.ndarray, np.ndarray, np.ndarray]
"""A column of cells: each cell's first and second character and its width."""


def _fixed_columns(grid: np.ndarray, columns: tuple[int, int, int, int]) -> Cells | None:
    """Cells of rows of one length whose columns line up (the header's widths kept): a
    column of spaces in every row separates cells. None if they do not line up so."""
    candidates = np.flatnonzero(grid[0] == SPACE)
    blank = np.zeros(grid.shape[1], dtype=bool)
    blank[candidates] = [bool((grid[:, c] == SPACE).all()) for c in candidates.tolist()]
    steps = np.diff(np.concatenate([[0], ~blank, [0]]).astype(np.int8))
    regions = list(zip(np.flatnonzero(steps == 1), np.flatnonzero(steps == -1), strict=True))
    if len(regions) != columns[3]:
        return None
    cells: list[Cell] = []
    for column in columns[:3]:
        start, end = regions[column]
        first = grid[:, start]
        if end - start == 1:
            cells.append((first, first, np.ones(len(grid), dtype=np.int64)))
            continue
        second = grid[:, start + 1]
        if end - start > 2 or (second == SPACE).any():
            return None  # wide or left-aligned cells: the token way
        lead = first == SPACE
        cells.append((np.where(lead, second, first), second, np.where(lead, 1, 2)))
    return _cells(*cells)


Cells = tuple[np.ndarray, np.ndarray, np.ndarray]
"""Declarer, strain and tricks of each row."""


def _cells(seat_cell: Cell, strain_cell: Cell, result_cell: Cell) -> Cells:
    """Declarer, strain and tricks from the cells; anything unusual goes the general way."""
    seat_char, _, seat_width = seat_cell
    strain_char, strain_second, strain_width = strain_cell
    first, second, width = result_cell
    seat = np.where(seat_width == 1, _SEAT[seat_char], 255)
    strain = np.where(strain_width == 1, _STRAIN[strain_char], 255)
    strain[(strain_width == 2) & (strain_char == ord("N")) & (strain_second == ord("T"))] = 4
    tricks = np.where(
        width == 1,
        _ONE_CHAR_TRICKS[first],
        np.where(width == 2, _TWO_CHAR_TRICKS[(first.astype(np.intp) << 8) | second], 255),
    )
    if (seat == 255).any() or (strain == 255).any() or (tricks == 255).any():
        raise _Refused
    return seat.astype(np.uint8), strain.astype(np.uint8), tricks.astype(np.uint8)


def _trick_columns(header: bytes) -> tuple[int, int, int, int]:
    columns = Columns.parse(header.decode("latin-1"))
    try:
        return (*columns.trick_columns(), len(columns.names))
    except TableError:
        raise _Refused from None


def _ragged(lengths: np.ndarray) -> np.ndarray:
    """0, 1, …, n-1 for each n of ``lengths``, one after another."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    ends = np.cumsum(lengths)
    result: np.ndarray = np.arange(total) - np.repeat(ends - lengths, lengths)
    return result
