"""The checks a movement must pass (the rules of a schedule, whatever file it came from):
counts that contradict the header, a contestant twice in a round, a pair playing a board group
twice, numbers out of range; each problem with the line of its round.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

from bridgeio.errors import Problem
from bridgeio.model.movement import Movement, size_problem


def _line(movement: Movement, round_index: int) -> str:
    if round_index < len(movement.round_lines):
        return f"line {movement.round_lines[round_index]} (round {round_index + 1})"
    return f"round {round_index + 1}"


def errors(movement: Movement) -> list[Problem]:
    """Counts that contradict the header, a contestant twice in a round, a pair playing a
    board group twice, numbers out of range; each with the line of its round.

    >>> from bridgeio.model.movement import Table
    >>> m = Movement(4, 2, 1, 2, False, [[Table((1, 2), "A"), Table((3, 3), "B")]])
    >>> for problem in errors(m): print(problem)
    round 1: error: table 2: 3 plays board group B a second time
    round 1: error: contestant 3 sits 2 times
    line 1: warning: of the header's 4 contestants, 1 never play (4)
    """
    problems: list[Problem] = []
    m = movement
    wrong = size_problem(m.participants, m.tables, m.rounds, m.groups, m.individual)
    if wrong is not None:
        problems.append(Problem("line 1", f"the header's {wrong[0]}: expected {wrong[1]}"))
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
        problems += _header_counts(movement, labels, contestants)
    return problems


def _header_counts(movement: Movement, labels: set[str], contestants: set[int]) -> list[Problem]:
    """The header's board groups and contestants against those the rounds use (the work
    grows with the rounds, never with the header's numbers)."""
    problems = []
    if len(labels) != movement.groups:
        problems.append(
            Problem(
                "line 1",
                f"the header gives {movement.groups} board groups, the rounds use {len(labels)}",
            )
        )
    missing = movement.participants - len(contestants)  # contestants holds only 1..participants
    if missing > 0:  # a phantom's number, say: worth a look, not an error
        everyone = range(1, movement.participants + 1)  # a range: nothing is made of it but 10
        first = list(itertools.islice((n for n in everyone if n not in contestants), 10))
        listed = ", ".join(map(str, first)) + (", ..." if missing > len(first) else "")
        problems.append(
            Problem(
                "line 1",
                f"of the header's {movement.participants} "
                f"contestants, {missing} never play ({listed})",
                "warning",
            )
        )
    return problems


def _group_in_range(group: str, groups: int) -> bool:
    if group.isdecimal():
        return 1 <= int(group) <= groups
    return len(group) == 1 and group.isalpha() and ord(group.upper()) - ord("A") < groups
