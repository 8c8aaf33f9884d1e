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

from bridgeio.model.movement import Movement
from bridgeio.registry import Problem


def _line(movement: Movement, round_index: int) -> str:
    if round_index < len(movement.round_lines):
        return f"line {movement.round_lines[round_index]} (round {round_index + 1})"
    return f"round {round_index + 1}"


def errors(movement: Movement) -> list[Problem]:
    """Counts that contradict the header, a contestant twice in a round, a pair playing a
    board group twice, numbers out of range."""
    problems: list[Problem] = []
    if movement.compact:
        problems.append(
            Problem(
                "line 1",
                "a compact (H/M) schedule: only round 1 is given and "
                "the rotation for later rounds is not known, so later rounds "
                "cannot be checked",
                "warning",
            )
        )
    played: dict[int, set[str]] = defaultdict(set)
    labels = set()
    contestants = set()
    for index, row in enumerate(movement.schedule):
        where = _line(movement, index)
        seen: Counter[int] = Counter()
        for table_number, table in enumerate(row, start=1):
            if table is None:
                continue
            labels.add(table.group)
            if not _group_in_range(table.group, movement.groups):
                problems.append(
                    Problem(
                        where,
                        f"table {table_number}: board group "
                        f"{table.group!r} is outside 1-{movement.groups}",
                    )
                )
            for number in table.seats:
                if not 1 <= number <= movement.participants:
                    problems.append(
                        Problem(
                            where,
                            f"table {table_number}: contestant {number} "
                            f"is outside 1-{movement.participants}",
                        )
                    )
                    continue
                seen[number] += 1
                contestants.add(number)
                if table.group in played[number]:
                    problems.append(
                        Problem(
                            where,
                            f"table {table_number}: {number} plays board "
                            f"group {table.group} a second time",
                        )
                    )
                played[number].add(table.group)
        for number, count in sorted(seen.items()):
            if count > 1:
                problems.append(Problem(where, f"contestant {number} sits {count} times"))
    if not movement.compact:
        if len(labels) != movement.groups:
            problems.append(
                Problem(
                    "line 1",
                    f"the header gives {movement.groups} board groups, "
                    f"the rounds use {len(labels)}",
                )
            )
        missing = set(range(1, movement.participants + 1)) - contestants
        if missing:  # a phantom's number, say: worth a look, not an error
            listed = ", ".join(map(str, sorted(missing)[:10]))
            problems.append(
                Problem(
                    "line 1",
                    f"of the header's {movement.participants} "
                    f"contestants, {len(missing)} never play ({listed})",
                    "warning",
                )
            )
    return problems


def _group_in_range(group: str, groups: int) -> bool:
    if group.isdecimal():
        return 1 <= int(group) <= groups
    return len(group) == 1 and group.isalpha() and ord(group.upper()) - ord("A") < groups


def minsq(total: int, count: int) -> int:
    """The smallest sum of squares of ``count`` integers adding up to ``total``.

    >>> minsq(10, 4)
    26
    """
    quotient, remainder = divmod(total, count)
    return (count - remainder) * quotient**2 + remainder * (quotient + 1) ** 2


def balance(movement: Movement) -> float | None:
    """The Qf balance figure of a pair movement (None for individuals or empty schedules)."""
    if movement.individual or movement.compact or movement.participants < 2:
        return None
    h = movement.participants * movement.rounds / (2 * movement.groups) - 1
    score: Counter[tuple[int, int]] = Counter()
    by_group: dict[str, list[tuple[int, int]]] = defaultdict(list)
    used = 0
    for row in movement.schedule:
        for table in row:
            if table is None:
                continue
            used += 1
            ns, ew = table.seats
            score[(min(ns, ew), max(ns, ew))] += h
            by_group[table.group].append((ns, ew))
    for sittings in by_group.values():
        for (ns1, ew1), (ns2, ew2) in itertools.combinations(sittings, 2):
            for a, b, value in ((ns1, ns2, 1), (ew1, ew2, 1), (ns1, ew2, -1), (ew1, ns2, -1)):
                if a != b:
                    score[(min(a, b), max(a, b))] += value
    pairs = movement.participants * (movement.participants - 1) // 2
    squares = sum(v * v for v in score.values())
    total = used * h
    if not squares:
        return None
    best = (
        minsq(round(total), pairs)
        if abs(total - round(total)) < 1e-9
        else pairs * (total / pairs) ** 2
    )
    return 100 * best / squares


def statistics(movement: Movement) -> dict[str, Any]:
    """Meetings, board groups per round, shared groups, sit-outs and Qf."""
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
