"""Par against DDS's own answers and the OptimumScore of real PBN files, and properties of
the auction game that can fail.

The DDS file is parsed here, independently of bridgeio: its PBN line gives dealer (0-3 for
N E S W), vulnerability (DDS's code: 0 none, 1 both, 2 NS, 3 EW) and deal; TABLE the tricks
for [strain S, H, D, C, NT][declarer N, E, S, W]; PAR the par score and contracts from both
sides' views; PAR2 the contracts with over- or undertricks (DDS's DealerPar).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.model import (
    UNKNOWN_TRICKS,
    Contract,
    DealSet,
    Par,
    Results,
    Seat,
    Vulnerability,
    dealer,
    duplicate_score,
    par_scores,
    vulnerability,
)
from bridgeio.model.par import ParSet, par_set
from tests import dds_spelling as dds

DDS_VULNERABILITY = [Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW]
PBN_FILES = [
    "zdenecek__pbn__bridgecomposer",
    "gerhardsletten__jrbridge-pbn-api__individuals",
    "dominicprice__endplay__example2",
    "gerhardsletten__jrbridge-pbn-api__teams-sub",
    "lucbellicaud__bridgetrainer__boards",
]


def dds_deals(corpus: Path) -> list[dict]:
    deals: list[dict] = []
    for line in (corpus / "deals" / "dds_list100.txt").read_text().splitlines():
        words = line.split()
        if line.startswith("PBN "):
            deals.append({"dealer": Seat(int(words[1])), "vul": DDS_VULNERABILITY[int(words[2])]})
        elif line.startswith("TABLE "):
            deals[-1]["tricks"] = np.array(words[1:], dtype=np.uint8).reshape(5, 4)
        elif line.startswith(("PAR ", "PAR2 ")):
            deals[-1][words[0]] = re.findall(r'"([^"]*)"', line)
    assert len(deals) == 100
    return deals


def test_par_agrees_with_dds_on_its_100_deals(corpus):
    scores = contracts = 0
    for deal in dds_deals(corpus):
        par = Par.of(deal["tricks"], deal["dealer"], deal["vul"])
        assert par is not None
        ns_score, ew_score, ns_view, ew_view = deal["PAR"]
        assert (dds.score_text(par, "NS"), dds.score_text(par, "EW")) == (ns_score, ew_score)
        scores += 1
        # DDS may list the same contracts in another order.
        for view, text in (("NS", ns_view), ("EW", ew_view)):
            ours, theirs = dds.contracts_text(par, view), text
            assert ours[:3] == theirs[:3] == f"{view}:"
            assert set(ours[3:].split(",")) == set(theirs[3:].split(","))
        assert str(par.score) == deal["PAR2"][0]
        assert {dds.overtricks_text(c) for c in par.contracts} == set(deal["PAR2"][1:])
        contracts += 1
    assert (scores, contracts) == (100, 100)


def dds_sides(vul: Vulnerability) -> list[bool]:
    return [vul.is_vulnerable(Seat.NORTH), vul.is_vulnerable(Seat.EAST)]


def test_the_par_of_a_whole_set_is_par_of_each_of_the_dds_deals(corpus):
    deals = dds_deals(corpus)
    pars = par_set(
        np.stack([d["tricks"] for d in deals]),
        np.array([int(d["dealer"]) for d in deals]),
        np.array([dds_sides(d["vul"]) for d in deals]),
    )
    assert len(pars) == 100
    for i, deal in enumerate(deals):
        expected = Par.of(deal["tricks"], deal["dealer"], deal["vul"])
        assert pars[i] == expected, (i, pars[i], expected)
        assert dds.contracts_text(pars[i]) == dds.contracts_text(expected)
    assert sum(len(pars[i].contracts) > 1 for i in range(100)) > 5  # (not a trivial check)
    assert sum(any(c.contract.doubling for c in pars[i].contracts) for i in range(100)) > 5


def test_par_scores_of_a_deal_set_agree_with_dds(corpus):
    deals = dds_deals(corpus)
    # Each (dealer, vulnerability) is the one of exactly one board of 1-16.
    board_of = {(dealer(b), vulnerability(b)): b for b in range(1, 17)}
    boards = np.array([board_of[d["dealer"], d["vul"]] for d in deals])
    tricks = np.stack([d["tricks"] for d in deals])
    expected = [int(d["PAR2"][0]) for d in deals]
    assert par_scores(DealSet(tricks=tricks, boards=boards)).tolist() == expected


def pbn_tags(game: str, tag: str) -> str | None:
    found = re.search(rf'\[{tag} "([^"]*)"\]', game)
    return found.group(1) if found else None


@pytest.mark.parametrize("name", PBN_FILES)
def test_par_agrees_with_the_optimum_score_of_real_pbn_files(corpus, name):
    path = corpus / "pbn" / f"{name}.pbn"
    if not path.exists():
        pytest.skip(f"{path.name} is not in the corpus")
    doc = bridgeio.read(path)
    deals = doc.events[0].deals if isinstance(doc, Results) else doc  # a file with score tables
    assert isinstance(deals, DealSet) and deals.tricks is not None
    games = [g for g in re.split(r"\n\s*\n", path.read_text(encoding="latin-1")) if "[Deal " in g]
    assert len(games) == len(deals)
    checked = contracts = 0
    for number, game in enumerate(games):
        optimum = pbn_tags(game, "OptimumScore")
        if optimum is None:
            continue
        par = Par.of(
            deals.tricks[number],
            Seat.from_char(pbn_tags(game, "Dealer")),
            Vulnerability.from_text(pbn_tags(game, "Vulnerable")),
        )
        # "NS 420", "NS +90", "EW 430" (EW's view), or "E 4Hx; +100" (contract; NS's view).
        side, _, rest = optimum.partition(" ")
        contract, semicolon, score = rest.rpartition("; ")
        sign = -1 if side in ("EW", "E", "W") and not semicolon else 1
        assert par.score == sign * int(score), (number, optimum, par.text)
        checked += 1
        if semicolon:
            # The file names one contract at its lowest level; DDS (and we) may start a level
            # higher where the opponents have a cheaper sacrifice: compare side and strain.
            strain = re.match(r"\d([SHDCN]x?)", contract).group(1)
            listed = [
                f"{c.side} {dds.contract_text(c)[-1 - c.contract.doubling :]}"
                for c in par.contracts
            ]
            assert f"{side} {strain}" in listed, (number, optimum, par.text)
            contracts += 1
    assert checked > 10
    print(f"{name}: {checked} par scores agree, {contracts} par contracts too")


def test_par_of_unknown_tricks_is_none():
    tricks = np.full((5, 4), 7, dtype=np.uint8)
    tricks[2, 3] = 15
    assert Par.of(tricks, Seat.NORTH, Vulnerability.NONE) is None
    assert par_scores(DealSet(tricks=tricks[None])).tolist() == [-1_000_000]


# -- properties -------------------------------------------------------------------------------

tables = st.lists(st.integers(0, 13), min_size=20, max_size=20).map(
    lambda v: np.array(v, dtype=np.uint8).reshape(5, 4)
)
seats = st.sampled_from(list(Seat))
vulnerabilities = st.sampled_from(list(Vulnerability))
SWAP = {
    Vulnerability.NS: Vulnerability.EW,
    Vulnerability.EW: Vulnerability.NS,
    Vulnerability.NONE: Vulnerability.NONE,
    Vulnerability.BOTH: Vulnerability.BOTH,
}
STRAINS = [3, 2, 1, 0, 4]  # the model's strain numbers from clubs up to notrump


def score(tricks: np.ndarray, seat: int, k: int, vul: Vulnerability) -> int:
    """The score of contract k (0 = 1C ... 34 = 7NT) for seat's side from its own view,
    doubled when it fails; written here from duplicate_score alone."""
    level, strain = k // 5 + 1, STRAINS[k % 5]
    taken = max(int(tricks[strain, seat]), int(tricks[strain, (seat + 2) % 4]))
    doubled = "X" if taken < level + 6 else ""
    contract = Contract.parse(f"{level}{'SHDCN'[strain]}{doubled}")
    return duplicate_score(contract, taken, vul.is_vulnerable(Seat(seat)))


@given(tables, seats, vulnerabilities)
def test_turning_the_table_swaps_the_sides(tricks, first, vul):
    par = Par.of(tricks, first, vul)
    turned = Par.of(tricks[:, [1, 2, 3, 0]], first.next(-1), SWAP[vul])
    assert turned.score == -par.score
    turn = str.maketrans({s.char: s.next(-1).char for s in Seat})
    assert sorted(sorted(c.side.translate(turn)) + [c.contract.text] for c in par.contracts) == (
        sorted(sorted(c.side) + [c.contract.text] for c in turned.contracts)
    )


@given(tables, seats, vulnerabilities)
def test_the_dealers_side_gets_at_least_any_contract_less_the_cheapest_sacrifice(
    tricks, first, vul
):
    par = Par.of(tricks, first, vul)
    mine = par.score if first in (Seat.NORTH, Seat.SOUTH) else -par.score
    for k in range(35):
        over = [-score(tricks, first.next(), j, vul) for j in range(k + 1, 35)]
        assert mine >= min([score(tricks, first, k, vul), *over])


@given(tables, seats, vulnerabilities)
def test_no_side_gets_more_than_its_best_contract(tricks, first, vul):
    par = Par.of(tricks, first, vul)
    for seat, sign in ((Seat.NORTH, 1), (Seat.EAST, -1)):
        best = max(score(tricks, seat, k, vul) for k in range(35))
        assert sign * par.score <= max(best, 0)


@given(tables, seats, vulnerabilities)
def test_par_is_zero_exactly_when_nobody_makes_anything(tricks, first, vul):
    par = Par.of(tricks, first, vul)
    assert (par.score == 0) == bool((tricks <= 6).all())
    assert (par.par_contract == "Pass") == (par.score == 0)


@given(tables, seats, vulnerabilities)
def test_every_par_contract_scores_par(tricks, first, vul):
    par = Par.of(tricks, first, vul)
    for listed in par.contracts:
        for seat in listed.seats:
            strain = listed.contract.strain
            assert int(tricks[strain, seat]) == listed.tricks
            for level in range(listed.contract.level, listed.top + 1):
                contract = Contract(level, strain, listed.contract.doubling, seat)
                assert contract.ns_score(listed.tricks, vul) == par.score


@given(st.lists(st.tuples(tables, st.integers(1, 64)), min_size=1, max_size=8))
def test_par_scores_of_a_set_are_the_par_of_each_deal(rows):
    tricks = np.stack([t for t, _ in rows])
    boards = np.array([b for _, b in rows])
    expected = [Par.of(t, dealer(b), vulnerability(b)).score for t, b in rows]
    assert par_scores(DealSet(tricks=tricks, boards=boards)).tolist() == expected


# The batched par against Par.of: independent counts (sacrifices everywhere), and tables where
# the two sides' counts in a strain add up to about 13, as in real deals; unknown counts too.
def realistic(values: list[int], shifts: list[int]) -> np.ndarray:
    ns = np.array(values, dtype=np.int64).reshape(5, 2)
    ew = np.clip(13 - ns + np.array(shifts).reshape(5, 2), 0, 13)
    return np.stack([ns[:, 0], ew[:, 0], ns[:, 1], ew[:, 1]], axis=1).astype(np.uint8)


realistic_tables = st.builds(
    realistic,
    st.lists(st.integers(0, 13), min_size=10, max_size=10),
    st.lists(st.integers(-1, 1), min_size=10, max_size=10),
)
some_unknown = st.tuples(tables, st.integers(0, 19), st.sampled_from([14, UNKNOWN_TRICKS])).map(
    lambda x: np.where(np.arange(20).reshape(5, 4) == x[1], x[2], x[0]).astype(np.uint8)
)
SIDES = {
    Vulnerability.NONE: (False, False),
    Vulnerability.NS: (True, False),
    Vulnerability.EW: (False, True),
    Vulnerability.BOTH: (True, True),
}


@given(
    st.lists(
        st.tuples(tables | realistic_tables | some_unknown, seats, vulnerabilities),
        min_size=1,
        max_size=12,
    )
)
def test_the_par_of_a_set_is_par_of_of_each_deal(rows):
    pars = par_set(
        np.stack([t for t, _, _ in rows]),
        np.array([int(s) for _, s, _ in rows]),
        np.array([SIDES[v] for _, _, v in rows]),
    )
    assert len(pars) == len(rows)
    for i, (tricks, first, vul) in enumerate(rows):
        assert pars[i] == Par.of(tricks, first, vul)


def test_the_par_of_a_large_random_set_is_par_of_of_each_deal():
    rng = np.random.default_rng(19)
    tricks = rng.integers(0, 14, size=(3000, 5, 4), dtype=np.uint8)
    tricks[1500:] = [
        realistic(rng.integers(0, 14, 10), rng.integers(-1, 2, 10)) for _ in range(1500)
    ]
    tricks[::37, 3, 1] = UNKNOWN_TRICKS
    tricks[5::41] = rng.integers(0, 7, size=tricks[5::41].shape)  # nobody makes anything
    boards = rng.integers(1, 65, 3000)  # across blocks of par_set's work
    pars = ParSet.of(DealSet(tricks=tricks, boards=boards))
    kinds = {"sacrifice": 0, "several": 0, "unknown": 0, "passed": 0}
    for i, board in enumerate(boards.tolist()):
        expected = Par.of(tricks[i], dealer(board), vulnerability(board))
        assert pars[i] == expected, i
        if expected is None:
            kinds["unknown"] += 1
            assert pars.score[i] == -1_000_000
            continue
        kinds["passed"] += not expected.contracts
        kinds["several"] += len(expected.contracts) > 1
        kinds["sacrifice"] += any(c.contract.doubling for c in expected.contracts)
    assert pars.score.tolist() == par_scores(DealSet(tricks=tricks, boards=boards)).tolist()
    assert min(kinds.values()) > 0, kinds


def test_the_par_of_a_set_without_tricks_or_with_one_declarers_is_unknown():
    assert ParSet.of(DealSet(seats=np.zeros((2, 52), dtype=np.uint8)))[1] is None
    tricks = np.full((1, 5, 4), 7, dtype=np.uint8)
    assert ParSet.of(DealSet(tricks=tricks, target=np.array([0], dtype=np.uint8)))[0] is None
    assert ParSet.of(DealSet(tricks=tricks))[0].text == "NS 90: NS 1NT"
