"""What a director checks in a movement: errors with their lines, and the statistics.

The balance figure Qf follows the NBB "Groot Schemaboek" as FACTS.md gives it: for every two
pairs add h = P·r/(2b) − 1 for each table-round they meet, +1 for every two table-rounds that
play the same board group with the two pairs in the same direction, −1 in opposite
directions; Qf = minsq(S, N) / Σ score² × 100, with N = P(P−1)/2 and S = used table-rounds ·
h, where minsq is the smallest sum of squares of N integers adding up to S.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from typing import Any

import numpy as np

from bridgeio.model.movement import Movement, size_problem


def minsq(total: int, count: int) -> int:
    """The smallest sum of squares of ``count`` integers adding up to ``total``.

    >>> minsq(10, 4)
    26
    """
    quotient, remainder = divmod(total, count)
    return (count - remainder) * quotient**2 + remainder * (quotient + 1) ** 2


def balance(movement: Movement) -> float | None:
    """The Qf balance figure of a pair movement (None for individuals, compact schedules, and
    schedules whose numbers the checks reject).

    The ±1 comparisons of every two table-rounds of a board group are summed per group
    rather than pair by pair: for contestants x ≠ y they add up to S(x)·S(y) plus the
    table-rounds where x meets y, S(x) being x's N-S minus E-W table-rounds in the group. The
    work grows with the contestants of each group, not with the square of its table-rounds.

    >>> from bridgeio.model.movement import Table
    >>> m = Movement(4, 2, 3, 3, False, [[Table((1, 2), "A"), Table((3, 4), "B")],
    ...     [Table((1, 3), "B"), Table((4, 2), "C")], [Table((1, 4), "C"), Table((2, 3), "A")]])
    >>> round(balance(m), 2)
    40.0
    """
    m = movement
    if m.individual or m.compact or m.participants < 2:
        return None
    if size_problem(m.participants, m.tables, m.rounds, m.groups, m.individual) is not None:
        return None
    sittings = [(t.seats[0], t.seats[1], t.group) for row in m.schedule for t in row if t]
    if any(not (1 <= a <= m.participants and 1 <= b <= m.participants) for a, b, _ in sittings):
        return None
    h = m.participants * m.rounds / (2 * m.groups) - 1
    size = m.participants + 1  # contestants by number; row and column 0 stay empty
    meets = np.zeros((size, size), np.int64)
    signed: dict[str, Counter[int]] = defaultdict(Counter)  # S(x) of every group
    for ns, ew, group in sittings:
        meets[min(ns, ew), max(ns, ew)] += 1
        signed[group][ns] += 1
        signed[group][ew] -= 1
    compared = np.zeros((size, size), np.int64)
    for counts in signed.values():
        numbers = np.array([x for x, n in counts.items() if n], np.int64)
        values = np.array([n for n in counts.values() if n], np.int64)
        compared[np.ix_(numbers, numbers)] += np.outer(values, values)
    upper = np.triu(np.ones((size, size), bool), 1)
    score = np.where(upper, (h + 1) * meets + compared, 0.0) + h * np.diag(np.diag(meets))
    squares = float((score * score).sum())
    if not squares:
        return None
    pairs = m.participants * (m.participants - 1) // 2
    total = len(sittings) * h
    best = (
        minsq(round(total), pairs)
        if abs(total - round(total)) < 1e-9
        else pairs * (total / pairs) ** 2
    )
    return 100 * best / squares


def statistics(movement: Movement) -> dict[str, Any]:
    """Meetings, board groups per round, shared groups, sit-outs and Qf; ValueError for a
    movement too large to be a schedule (its tables are the contestants' matrices' bound).

    >>> from bridgeio.model.movement import Table
    >>> m = Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 4), "B")]])
    >>> statistics(m)["meetings"], statistics(m)["sit_outs"]
    ({0: 4, 1: 2}, {})
    """
    m = movement
    wrong = size_problem(m.participants, m.tables, m.rounds, m.groups, m.individual)
    if wrong is not None:
        raise ValueError(f"a movement of these {wrong[0]} cannot be analysed: expected {wrong[1]}")
    opponents: Counter[tuple[int, int]] = Counter()
    partners: Counter[tuple[int, int]] = Counter()
    rounds_played: Counter[int] = Counter()
    groups_per_round, shared = [], []
    for index, row in enumerate(movement.schedule, start=1):
        groups = Counter(t.group for t in row if t)
        groups_per_round.append(len(groups))
        shared += [{"round": index, "group": g, "tables": n} for g, n in groups.items() if n > 1]
        for table in row:
            if table is None:
                continue
            for number in table.seats:
                rounds_played[number] += 1
            sides = (
                [table.seats[:2], table.seats[2:]]
                if movement.individual
                else [table.seats[:1], table.seats[1:]]
            )
            for a in sides[0]:
                for b in sides[1]:
                    opponents[(min(a, b), max(a, b))] += 1
            if movement.individual:
                for side in sides:
                    partners[(min(side), max(side))] += 1
    everyone = range(1, movement.participants + 1)
    result: dict[str, Any] = {
        "participants": movement.participants,
        "tables": movement.tables,
        "rounds": movement.rounds,
        "board_groups": movement.groups,
        "individual": movement.individual,
        "opponents": _matrix(opponents, movement.participants),
        "meetings": dict(
            sorted(
                Counter(
                    opponents.get((a, b), 0) for a, b in itertools.combinations(everyone, 2)
                ).items()
            )
        ),
        "groups_per_round": groups_per_round,
        "shared_groups": shared,
        "sit_outs": {
            n: len(movement.schedule) - rounds_played[n]
            for n in everyone
            if rounds_played[n] < len(movement.schedule)
        },
        "qf": None if (q := balance(movement)) is None else round(q, 2),
    }
    if movement.individual:
        result["partners"] = _matrix(partners, movement.participants)
    return result


def _matrix(counts: Counter[tuple[int, int]], size: int) -> list[list[int]]:
    grid = [[0] * size for _ in range(size)]
    for (a, b), n in counts.items():
        if 1 <= a <= size and 1 <= b <= size:
            grid[a - 1][b - 1] = grid[b - 1][a - 1] = n
    return grid
