"""``validate`` for Bridgemate databases: what the reader reported (entries dropped, a contract
and a result that cannot both be), then each standing result against the movement: a result
naming pairs the movement does not seat at its table in its round, a round the movement does
not have at that table, a board the movement does not give the table in that round, and two
results for one table and board. Each problem is at its ``ReceivedData`` entry."""

from __future__ import annotations

from bridgeio.errors import FormatError, Problem, collect
from bridgeio.formats.bws.jet import Row, Tables, whole
from bridgeio.formats.bws.reader import read, standing


def check(path: str) -> list[Problem]:
    """Every problem of the database at ``path``; a file that cannot be read is one problem.

    >>> [str(p) for p in check("/nonexistent.bws")]
    ['file: error: expected an existing file']
    """
    try:
        with collect() as found:
            read(path)
        tables = Tables(path)
        with collect():
            rows = standing(path, tables.rows("ReceivedData"))
        movement = tables.rows("RoundData")
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return found.problems + _against(rows, movement) + _twice(rows)


def _key(row: Row, *columns: str) -> tuple[int, ...]:
    return tuple(whole(row.get(c)) for c in columns)


def _place(row: Row) -> str:
    return f"ReceivedData ID {whole(row.get('ID'))}"


def _against(rows: list[Row], movement: list[Row]) -> list[Problem]:
    """Each result against the movement's seating and boards at its table and round."""
    seated = {_key(r, "Section", "Table", "Round"): r for r in movement}
    problems: list[Problem] = []
    missing: dict[tuple[int | None, ...], int] = {}  # one defect: the table-rounds it lacks
    for row in rows:
        section, table, turn, board = _key(row, "Section", "Table", "Round", "Board")
        sitting = seated.get((section, table, turn))
        if sitting is None:
            missing[(table, turn)] = missing.get((table, turn), 0) + 1
            continue
        pairs, given = _key(row, "PairNS", "PairEW"), _key(sitting, "NSPair", "EWPair")
        if pairs != given:
            problems.append(
                Problem(
                    _place(row),
                    f"pairs {pairs[0]} NS and {pairs[1]} EW at table {table} in round {turn}, "
                    f"where the movement seats {given[0]} NS and {given[1]} EW",
                )
            )
        low, high = _key(sitting, "LowBoard", "HighBoard")
        if not low <= board <= high:
            problems.append(
                Problem(
                    _place(row),
                    f"board {board} at table {table} in round {turn}, where the movement "
                    f"gives the table boards {low}-{high}",
                )
            )
    if missing:
        at, when = next(iter(missing))
        results = sum(missing.values())
        message = (
            f"the movement has no round {when} at table {at} (and {len(missing) - 1} more "
            f"table-rounds): RoundData lacks {len(missing)} table-rounds the results record, "
            f"so {results} results are not checked against the movement"
        )
        problems.append(Problem("RoundData", message))
    return problems


def _twice(rows: list[Row]) -> list[Problem]:
    """A second result for one table and board (in another round)."""
    first: dict[tuple[int, ...], Row] = {}
    problems: list[Problem] = []
    for row in rows:
        earlier = first.setdefault(_key(row, "Section", "Table", "Board"), row)
        if earlier is not row:
            table, board = _key(row, "Table", "Board")
            problems.append(
                Problem(
                    _place(row),
                    f"a second result for board {board} at table {table} (the first: "
                    f"{_place(earlier)}, round {whole(earlier.get('Round'))})",
                )
            )
    return problems
