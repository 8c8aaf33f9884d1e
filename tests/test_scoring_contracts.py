"""Every contract's duplicate score against the published scoring table (Law 77 of the Laws
of Duplicate Bridge 2017), at every level, strain, doubling and vulnerability, for every
number of tricks declarer can take: made with each number of overtricks, and each number of
undertricks. The table is written out here as the Law prints it, not computed the way
``model/contract.py`` computes it."""

from __future__ import annotations

import itertools

import pytest

from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Seat
from bridgeio.model.contract import Contract

# Law 77, contract points for each trick bid and made: (undoubled, doubled, redoubled)
TRICK_POINTS = {
    "C": [(20, 40, 80)] * 7,
    "D": [(20, 40, 80)] * 7,
    "H": [(30, 60, 120)] * 7,
    "S": [(30, 60, 120)] * 7,
    "N": [(40, 80, 160)] + [(30, 60, 120)] * 6,  # first trick 40, each subsequent 30
}
# Overtrick points for each overtrick: {vulnerable: (undoubled per strain, doubled, redoubled)}
OVERTRICK = {
    False: ({"C": 20, "D": 20, "H": 30, "S": 30, "N": 30}, 100, 200),
    True: ({"C": 20, "D": 20, "H": 30, "S": 30, "N": 30}, 200, 400),
}
# Premium points: (not vulnerable, vulnerable)
PART_SCORE = (50, 50)
GAME = (300, 500)  # contract points of 100 or more
SMALL_SLAM = (500, 750)
GRAND_SLAM = (1000, 1500)
INSULT = (0, 50, 100)  # making a doubled, a redoubled contract
# Undertrick penalties, the total for 1, 2, ... 13 down, as the Law's table adds them up:
# {(vulnerable, doubling): [1 down, 2 down, ...]}
UNDER = {
    (False, 0): [50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600, 650],
    (True, 0): [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300],
    (False, 1): [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    (True, 1): [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    (False, 2): [200, 600, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000],
    (True, 2): [400, 1000, 1600, 2200, 2800, 3400, 4000, 4600, 5200, 5800, 6400, 7000, 7600],
}
# A few scores as every scoring table prints them (a check of the table above)
KNOWN = [
    ("1N", 7, False, 90), ("3N", 9, False, 400), ("3N", 9, True, 600), ("4S", 10, False, 420),
    ("4H", 11, True, 650), ("5C", 11, False, 400), ("2SX", 8, False, 470), ("1CXX", 7, True, 230),
    ("6S", 12, False, 980), ("6N", 12, True, 1440), ("7C", 13, True, 2140), ("7N", 13, True, 2220),
    ("7NXX", 13, True, 2980), ("3NX", 6, True, -800), ("7NXX", 0, True, -7600),
    ("1SX", 10, True, 760), ("2HX", 8, False, 470), ("4SX", 10, True, 790),
]  # fmt: skip


def table_score(level: int, strain: str, doubling: int, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score by the table above."""
    needed = 6 + level
    if tricks < needed:
        return -UNDER[(vulnerable, doubling)][needed - tricks - 1]
    contract = sum(TRICK_POINTS[strain][k][doubling] for k in range(level))
    over = tricks - needed
    if doubling:
        overtricks = over * OVERTRICK[vulnerable][doubling]
    else:
        overtricks = over * OVERTRICK[vulnerable][0][strain]
    bonus = GAME[vulnerable] if contract >= 100 else PART_SCORE[vulnerable]
    bonus += {6: SMALL_SLAM, 7: GRAND_SLAM}.get(level, (0, 0))[vulnerable]
    return contract + overtricks + bonus + INSULT[doubling]


@pytest.mark.parametrize("text, tricks, vulnerable, points", KNOWN)
def test_the_table_gives_the_published_scores(text, tricks, vulnerable, points):
    doubling = text.count("X")
    assert table_score(int(text[0]), text[1], doubling, vulnerable, tricks) == points
    assert Contract.parse(text, "S").score(tricks, vulnerable) == points


def test_every_contract_scores_as_the_table():
    checked = 0
    for level, strain, doubling, vulnerable in itertools.product(
        range(1, 8), "CDHSN", range(3), (False, True)
    ):
        contract = Contract.parse(f"{level}{strain}{'X' * doubling}", "N")
        for tricks in range(14):
            expected = table_score(level, strain, doubling, vulnerable, tricks)
            assert contract.score(tricks, vulnerable) == expected, (contract, tricks, vulnerable)
            checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_a_side_score_is_declarers_with_its_sign(vulnerability):
    for seat in Seat:
        contract = Contract.parse("4SX", seat)
        vulnerable = vulnerability.is_vulnerable(seat)
        for tricks in (7, 10, 12):
            own = table_score(4, "S", 1, vulnerable, tricks)
            north_south = seat in (Seat.NORTH, Seat.SOUTH)
            assert contract.ns_score(tricks, vulnerability) == (own if north_south else -own)
