"""Make the example files that ``make demo`` shows: 16 random deals, solved double dummy.

The deals come from a fixed seed; the tricks from endplay's DDS solver (``pip install endplay``),
so this script is run by hand, once, and its output committed: the demo needs no solver.

    python examples/make_examples.py                  # all (the deals need endplay)
    python examples/make_examples.py --results-only   # the club game and tournaments
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

import bridgeio
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.model import DealSet
from bridgeio.model.board import dealer, vulnerability
from bridgeio.model.cards import RANKS, Seat, Strain
from bridgeio.model.chess import PartialDate, Tournament
from bridgeio.model.contract import Contract
from bridgeio.model.par import Par

HERE = Path(__file__).parent


TOURNAMENTS = [
    ("Hastings", "Hastings", (1895, 8, 5), "round_robin", "ENG", 21),
    ("London", "London", (1851, 5, 27), "knockout", "ENG", 4),
    ("Linares", "Linares", (1994, 2, 23), "round_robin", "ESP", 13),
    ("World Championship", "New York", (1886, 1, 11), "match", "USA", 20),
    ("Olympiad", "Buenos Aires", (1939, 8, 24), "team", "ARG", 0),
    ("Wijk aan Zee", "Wijk aan Zee", (2024, 1, 13), "round_robin", "NED", 13),
    ("Reykjavik Open", "Reykjavik", (2024, 4, 0), "swiss", "ISL", 9),
]


def tournaments() -> None:
    """A small ChessBase tournament file of famous events (our own writer, our own data)."""
    entries = [
        Tournament(
            title,
            place,
            PartialDate(*date),
            pairing,
            nation=nation,
            rounds=rounds,
            complete=True,
            games=rounds * 2,
            first_game=10 * number,
        )
        for number, (title, place, date, pairing, nation, rounds) in enumerate(TOURNAMENTS)
    ]
    bridgeio.write(TournamentFile.new(entries), HERE / "tournaments.cbt")


def deals() -> None:
    """16 random deals with their double-dummy tables (needs endplay)."""
    from endplay.dds import calc_all_tables
    from endplay.types import Deal as SolverDeal

    rng = np.random.default_rng(2026_11_21)
    seats = rng.permuted(np.tile(np.repeat(np.arange(4, dtype=np.uint8), 13), (16, 1)), axis=1)
    solved = DealSet(seats)
    tables = calc_all_tables([SolverDeal(deal.pbn()) for deal in solved])
    solved.tricks = np.array([table.to_list() for table in tables], dtype=np.uint8)
    bridgeio.write(solved, HERE / "deals.pbn")


FIRST = [
    "Ada",
    "Ben",
    "Cleo",
    "Dev",
    "Elif",
    "Finn",
    "Gus",
    "Hana",
    "Ivo",
    "Jade",
    "Kofi",
    "Lena",
    "Milo",
    "Nia",
    "Otto",
    "Pia",
]
LAST = [
    "Archer",
    "Baker",
    "Carver",
    "Draper",
    "Fisher",
    "Fowler",
    "Glover",
    "Hunter",
    "Mason",
    "Miller",
    "Porter",
    "Sawyer",
    "Slater",
    "Turner",
    "Walker",
    "Weaver",
]


GAMES = {Strain.NOTRUMP: 3, Strain.SPADES: 4, Strain.HEARTS: 4, Strain.DIAMONDS: 5, Strain.CLUBS: 5}
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


def bid(deals: DealSet, number: int) -> list[Contract]:
    """The contracts a club field bids on board ``number`` of ``deals``: the par contracts,
    and the side with more high-card points in its best strain (most tricks double dummy),
    in game when it makes, else at the level it makes."""
    row = number - 1
    tricks = deals.tricks[row]  # type: ignore[index]
    found = []
    par = Par.of(tricks, dealer(number), vulnerability(number))
    for one in par.contracts if par is not None else ():
        found += [one.contract.with_declarer(seat) for seat in one.seats]
    points = [0, 0, 0, 0]
    for card, seat in enumerate(deals.seats[row].tolist()):  # type: ignore[index]
        points[seat] += HCP.get(RANKS[card % 13], 0)
    side = (Seat.NORTH, Seat.SOUTH) if points[0] + points[2] >= 20 else (Seat.EAST, Seat.WEST)
    strain, seat = max(
        ((s, p) for s in Strain for p in side), key=lambda sp: (int(tricks[sp[0], sp[1]]), -sp[0])
    )
    made = int(tricks[strain, seat]) - 6
    level = GAMES[strain] if made >= GAMES[strain] else max(made, 1)
    found.append(
        Contract.parse(f"{level}{'NT' if strain is Strain.NOTRUMP else strain.text}", seat.char)
    )
    return found


def played(deals: DealSet, number: int, tables: int, rng: np.random.Generator) -> list[int]:
    """N-S's scores at ``tables`` tables: each a contract the field bids (the par contract
    more often) making its double-dummy tricks, give or take one now and then (a doubled
    sacrifice exactly)."""
    contracts = bid(deals, number)
    weights = np.array([2.0] * (len(contracts) - 1) + [1.0])
    scores = []
    for _ in range(tables):
        contract = contracts[int(rng.choice(len(contracts), p=weights / weights.sum()))]
        if contract.passed_out or contract.declarer is None or contract.strain is None:
            scores.append(0)
            continue
        dd = int(deals.tricks[number - 1][contract.strain, contract.declarer])  # type: ignore[index]
        slip = int(rng.choice([-1, 0, 0, 0, 0, 1]))
        taken = dd if contract.doubling else min(13, max(0, dd + slip))  # a sacrifice: exact
        scores.append(contract.ns_score(taken, vulnerability(number)))
    return scores


def club_game() -> None:
    """A 5-table Mitchell club game written by bridgeio's own builder, with invented players;
    its scores are contracts the field would bid on the example deals (deals.pbn), making
    about what double dummy says they make."""
    import datetime

    from bridgeio.formats.acblscore.builder import build
    from bridgeio.model.results import (
        Board,
        BoardResult,
        Direction,
        Entry,
        Event,
        Player,
        Results,
        Section,
        Strat,
        StratRank,
    )

    rng = np.random.default_rng(7)
    tables, rounds, per_round = 5, 5, 2
    boards, top = tables * per_round, rounds - 1
    deals = bridgeio.read(HERE / "deals.pbn")
    assert isinstance(deals, DealSet) and deals.tricks is not None
    section = Section(
        "A",
        "mitchell",
        tables=tables,
        rounds=rounds,
        boards=boards,
        boards_per_round=per_round,
        board_top=top,
        maximum_score=top * boards,
    )
    schedule = [
        [
            (t, (t - 1 + r) % tables + 1, ((t - 1 - r) % tables) * 2 + 1)
            for t in range(1, tables + 1)
        ]
        for r in range(rounds)
    ]
    section.schedule = [list(row) for row in schedule]
    seated: dict[int, list[tuple[int, int, int, int]]] = {}
    for r, row in enumerate(schedule, start=1):
        for t, (ns, ew, first) in enumerate(row, start=1):
            for number in range(first, first + per_round):
                seated.setdefault(number, []).append((r, t, ns, ew))
    totals: dict[tuple[int, str], float] = {}
    for number in sorted(seated):
        board = Board(number)
        raw = played(deals, number, len(seated[number]), rng)
        for (r, t, ns, ew), score in zip(seated[number], raw, strict=True):
            mp = sum(1.0 if score > o else 0.5 if score == o else 0 for o in raw) - 0.5
            board.results.append(BoardResult(r, t, ns, ew, score, -score, mp, top - mp))
            totals[(ns, "NS")] = totals.get((ns, "NS"), 0) + mp
            totals[(ew, "EW")] = totals.get((ew, "EW"), 0) + top - mp
        section.results.append(board)
    names = iter(range(2 * 2 * tables))
    field = list(totals.values())  # ACBLscore's overall places: both directions, ties shared
    for direction in ("NS", "EW"):
        mine = [totals[(n, direction)] for n in range(1, tables + 1)]
        for number in range(1, tables + 1):
            players = [
                Player(
                    LAST[(5 * k + k // len(FIRST)) % len(LAST)],
                    FIRST[k % len(FIRST)],
                    f"Z{100000 + k * 7919:06d}",
                    40 + 37 * k,
                    "Springfield",
                    "CA",
                    "US",
                    "Club Master",
                )
                for k in (next(names), next(names))
            ]
            total = totals[(number, direction)]
            rank = 1 + sum(other > total for other in mine)  # ties share the best place
            overall = 1 + sum(other > total for other in field)
            tie = overall + sum(other == total for other in field) - 1
            section.entries.append(
                Entry(
                    f"{number}{direction}",
                    number,
                    Direction(direction),
                    score=total,
                    percentage=round(100 * total / (top * boards), 2),
                    rank=rank,
                    strat=1,
                    players=players,
                    ranks=[StratRank(rank, rank, 0, overall, tie if tie > overall else 0, False)],
                    boards_played=boards,
                )
            )
    game = Results(
        events=[
            Event(
                1,
                "Tuesday Afternoon Pairs",
                "Tuesday Aft",
                date=datetime.date(2026, 11, 17),
                club="Example Bridge Club",
                club_number="999999",
                director="Pat Director",
                rating="Club Masterpoint",
                strats=[Strat("A")],
                sections=[section],
            )
        ]
    )
    (HERE / "club-game.ACA").write_bytes(build(game))


def main() -> None:
    if "--results-only" not in sys.argv:  # the deals need endplay's solver
        deals()
    club_game()
    tournaments()


if __name__ == "__main__":
    main()
