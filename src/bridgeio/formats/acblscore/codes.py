"""ACBLscore's codes and the model's types, both ways: event types, scoring methods, special
scores, masterpoint colours, player ranks.

ACBLscore's finer kinds (home-style pairs, board-a-match teams, the nine team and pair
scoring methods) map onto the model's general :class:`EventKind` and :class:`Scoring`; the
code itself stays in the event's provenance, so a file written back keeps it.

>>> EVENT_KINDS[4], SCORINGS[13], scoring_code(EventKind.TEAMS, Scoring.VICTORY_POINTS)
(<EventKind.TEAMS: 'teams'>, <Scoring.BUTLER: 'butler'>, 7)
>>> stored_score(430), stored_score(Special.AVERAGE_PLUS), stored_score(-140, 1), raw_score(3986)
(43, 2060, 3986, (-140, 1))
"""

from __future__ import annotations

from bridgeio.formats.acblscore import layout as L
from bridgeio.model.results import EventKind, Scoring, Special

EVENT_KINDS = {
    0: EventKind.PAIRS,
    1: EventKind.TEAMS,
    2: EventKind.INDIVIDUAL,
    3: EventKind.PAIRS,  # home-style pairs
    4: EventKind.TEAMS,  # board-a-match teams
    5: EventKind.PAIRS,  # series winner
}
KIND_CODES = {EventKind.PAIRS: 0, EventKind.TEAMS: 1, EventKind.INDIVIDUAL: 2}

SCORINGS = {
    0: Scoring.MATCHPOINTS,
    1: Scoring.BUTLER,  # IMPs against a computed datum
    2: Scoring.CROSS_IMPS,  # average IMPs
    3: Scoring.CROSS_IMPS,  # total IMPs
    4: Scoring.MATCHPOINTS,  # instant matchpoints
    5: Scoring.BOARD_A_MATCH,
    6: Scoring.WIN_LOSS,
    7: Scoring.VICTORY_POINTS,
    8: Scoring.IMPS,  # knockout
    9: Scoring.IMPS,  # zip knockout
    10: Scoring.MATCHPOINTS,  # continuous pairs
    13: Scoring.BUTLER,  # IMPs against a predetermined datum
    14: Scoring.MATCHPOINTS,  # double (European) matchpoints
    15: Scoring.AGGREGATE,
    16: Scoring.BOARD_A_MATCH,
    18: Scoring.IMPS,  # compact knockout
}
_PAIR_SCORINGS = {
    Scoring.MATCHPOINTS: 0,
    Scoring.BUTLER: 1,
    Scoring.IMPS: 1,
    Scoring.CROSS_IMPS: 2,
    Scoring.BOARD_A_MATCH: 5,
    Scoring.AGGREGATE: 15,
}
_TEAM_SCORINGS = {
    Scoring.WIN_LOSS: 6,
    Scoring.VICTORY_POINTS: 7,
    Scoring.IMPS: 8,
    Scoring.BOARD_A_MATCH: 16,
}


def scoring_code(kind: EventKind, scoring: Scoring) -> int | None:
    """ACBLscore's code for a scoring method in an event of ``kind``; None if it has none."""
    table = _TEAM_SCORINGS if kind == EventKind.TEAMS else _PAIR_SCORINGS
    return table.get(scoring)


SPECIAL_CODES = {code: Special(name) for code, name in L.SPECIAL_SCORES.items()}
CODES_OF_SPECIALS = {special: code for code, special in SPECIAL_CODES.items()}
LATE_PLAY = 900
NOT_PLAYED = 950
NOT_IN_PLAY = 999
FOUL_OFFSET = 2000


def raw_score(value: int) -> tuple[int | Special, int]:
    """A stored score (points / 10) as points or a special result, and its foul group
    (fouled boards are stored 2000 x (group + 1) higher).

    >>> raw_score(43), raw_score(-5), raw_score(2050), raw_score(4043), raw_score(6098)
    ((430, 0), (-50, 0), (<Special.AVERAGE: 'ave'>, 0), (430, 1), (980, 2))
    """
    special = SPECIAL_CODES.get(value)
    if special is not None:
        return special, 0
    if value > 1500:
        group = round(value / FOUL_OFFSET) - 1
        if group >= 1:
            return (value - FOUL_OFFSET * (group + 1)) * 10, group
    return value * 10, 0


def stored_score(score: int | Special, foul_group: int = 0) -> int:
    """A score as ACBLscore stores it: points / 10, specials as codes, foul groups offset.
    ``ValueError`` for what it cannot hold (a score not a multiple of 10, say)."""
    if isinstance(score, Special):
        return CODES_OF_SPECIALS[score]
    if score % 10:
        raise ValueError(f"a score that is not a multiple of 10: {score}")
    value = score // 10 + (FOUL_OFFSET * (foul_group + 1) if foul_group else 0)
    if not -32768 <= value <= 32767 or (not foul_group and not -900 < value < 900):
        raise ValueError(f"a score out of ACBLscore's range: {score}")
    return value


PIGMENTS = L.PIGMENTS
PIGMENT_CODES = {letter: code for code, letter in PIGMENTS.items() if letter}
COLOUR_NAMES = {"black": 1, "silver": 2, "red": 3, "gold": 4, "platinum": 5}
"""Pigment codes by the colour's name, as other formats write it (USEBIO "RED")."""

PLAYER_RANKS = {**L.PLAYER_RANKS, "\0": ""}  # a NUL: no rank recorded
RANK_LETTERS = {name: letter for letter, name in PLAYER_RANKS.items()}


def player_rank(letter: str) -> str:
    """The rank's name for its letter ("" for none); an unknown letter stays as it is."""
    return PLAYER_RANKS.get(letter, letter)


def rank_letter(name: str) -> str | None:
    """The one-character code of a rank's name (or of a one-character rank); None if none."""
    letter = RANK_LETTERS.get(name)
    if letter is None and len(name) == 1:
        return name
    return letter


def award_ranking(code: int, letters: list[str]) -> str:
    """An award's ranking as text: "O" (overall) or "S" (section) and the strat's letter.

    >>> award_ranking(13, ["A", "B", "C"]), award_ranking(2, ["A", "B"]), award_ranking(0, [])
    ('OC', 'SB', '')
    """
    if not code:
        return ""
    strat = code % 10
    letter = letters[strat - 1] if 1 <= strat <= len(letters) else str(strat)
    return ("O" if code // 10 == 1 else "S") + letter


def ranking_code(ranking: str, letters: list[str]) -> int | None:
    """The code of an award's ranking text (see :func:`award_ranking`); None if it has none.

    >>> ranking_code("OC", ["A", "B", "C"]), ranking_code("S2", []), ranking_code("X", [])
    (13, 2, None)
    """
    if not ranking:
        return 0
    where, letter = ranking[:1], ranking[1:]
    if where not in ("O", "S"):
        return None
    if letter in letters:
        strat = letters.index(letter) + 1
    elif letter.isdigit() and len(letter) == 1:
        strat = int(letter)
    else:
        return None
    return strat + (10 if where == "O" else 0)
