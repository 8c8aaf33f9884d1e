"""The field tables of :mod:`~bridgeio.formats.acblscore.layout` compiled once into
:class:`~bridgeio.formats.acblscore.decode.Record` s, including the composite records the
reader takes in one call (an entry with its awards and rankings, a player with its awards).
"""

from __future__ import annotations

from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.decode import Record, nested

MASTER = Record("master table", L.MASTER)
SUMMARY = Record("section summary", L.SECTION_SUMMARY)
EVENT = Record("event details", L.EVENT_DETAILS)
STRAT = Record(
    "strat structure",
    L.STRAT
    + [f for name, at in L.STRAT_PIGMENTATIONS for f in nested(f"{name}_", at, L.PIGMENTATION)],
)
SECTION = Record("section details", L.SECTION_DETAILS)
SECTION_STRAT = Record("section strat structure", L.SECTION_STRAT)
AWARD = Record("masterpoint award", L.AWARD)
RANKING = Record("ranking structure", L.RANKING)


def _awards(places: tuple[tuple[str, int], ...]) -> list[tuple[int, str, str]]:
    return [f for name, at in places for f in nested(f"{name}_", at, L.AWARD)]


ENTRY = Record(
    "entry structure",
    L.ENTRY
    + _awards(L.ENTRY_AWARDS)
    + [f for k, at in enumerate(L.ENTRY_RANKINGS, 1) for f in nested(f"rank{k}_", at, L.RANKING)],
)
PLAYER = Record("player structure", L.PLAYER + _awards(L.PLAYER_AWARDS))
ENTRY_AWARDS = ENTRY.index["previous_points_1"]  # 27 values: 3 sets x 3 x (points, colour, code)
ENTRY_RANKS = ENTRY.index["rank1_section_rank_low"]  # 3 x 12 values, one ranking a strat
RANKING_VALUES = len(L.RANKING)
PLAYER_AWARDS = PLAYER.index["previous_points_1"]

INDEX = Record("index table", L.INDEX_HEADER)
INDEX_ENTRY = Record("index entry", L.INDEX_ENTRY)
BOARD_INDEX = Record("board results index", L.BOARD_INDEX)
BOARD_INDEX_ENTRY = Record("board results index entry", L.BOARD_INDEX_ENTRY)
BOARD_TABLE = Record("board result table", L.BOARD_TABLE)
BOARD2 = Record("board2 result", L.BOARD2_RESULT)
BOARD4 = Record("board4 result", L.BOARD4_RESULT)
MATCH_TABLE = Record("match table", L.MATCH_TABLE)
TEXT = Record("memo or note", L.TEXT_BLOCK)
TEAM_INDEX = Record("team match index", L.TEAM_MATCH_INDEX)
ROUND_ROBIN = Record("round robin structure", L.ROUND_ROBIN)
TEAM_TABLE = Record("team match table", L.TEAM_MATCH_TABLE)
TEAM_MATCH = Record("team match entry", L.TEAM_MATCH)
VP_CHART = Record("victory point structure", L.VICTORY_POINTS)
VP_STEP = Record("imp to vp step", L.VP_STEP)

assert BOARD2.size == L.BOARD2_SIZE and BOARD4.size == L.BOARD4_SIZE  # rows without gaps
assert INDEX_ENTRY.size == L.INDEX_ENTRY_SIZE and BOARD_INDEX_ENTRY.size == 8
assert PLAYER.size <= L.PLAYER_SIZE and ENTRY.size <= L.ENTRY_PLAYERS
