"""The pairs and players of a Bridgemate database, and its hand record."""

from __future__ import annotations

from typing import Any

from bridgeio.errors import report
from bridgeio.formats.bws.jet import Row, Tables, whole
from bridgeio.model.deals import Deal, DealSet
from bridgeio.model.results import Direction, Entry, Player, Section

_SEATS = ("North", "East", "South", "West")
_SUITS = ("Spades", "Hearts", "Diamonds", "Clubs")


def entries(
    path: str, rounds: list[Row], section: Section, tables: Tables
) -> tuple[list[Entry], str]:
    """The section's pairs (numbered by direction in a Mitchell, where no pair sits both ways)
    with their players, and the movement's kind."""
    seen: dict[int, set[Direction]] = {}
    # those who played; the movement's pairs only before any result (a pair with none, such
    # as a Howell's missing pair at its stationary table, is no entry)
    sittings: list[tuple[Any, Any]] = [
        (line.ns, line.ew) for board in section.results for line in board.results
    ] or [(r.get("NSPair"), r.get("EWPair")) for r in rounds]
    for ns, ew in sittings:
        seen.setdefault(whole(ns), set()).add(Direction.NS)
        seen.setdefault(whole(ew), set()).add(Direction.EW)
    seen.pop(0, None)
    apart = all(len(directions) == 1 for directions in seen.values())
    mitchell = apart or _shared_numbers(rounds, section)
    found = {
        (number, direction if mitchell else None): Entry(
            f"{number}{direction.value}" if mitchell else str(number),
            number,
            direction if mitchell else None,
        )
        for number, directions in seen.items()
        for direction in directions
    }
    _seat_players(path, rounds, tables, found, mitchell)
    ordered = sorted(found.values(), key=lambda e: (e.direction or "", e.number))
    return ordered, "mitchell" if mitchell else "howell"


def _shared_numbers(rounds: list[Row], section: Section) -> bool:
    """Whether a round seats one pair number at two tables, or against itself: a Mitchell
    whose two fields are both numbered from 1 (a pair of a Howell sits at one table a
    round). The movement's rounds where the database has them, else the results' sittings.

    >>> from bridgeio.model.results import Section
    >>> _shared_numbers([{"Round": 1, "Table": 1, "NSPair": 1, "EWPair": 1}], Section("A"))
    True
    >>> howell = [{"Round": 1, "Table": t, "NSPair": t, "EWPair": t + 2} for t in (1, 2)]
    >>> _shared_numbers(howell, Section("A"))
    False
    """
    sittings = {
        tuple(whole(r.get(name)) for name in ("Round", "Table", "NSPair", "EWPair")) for r in rounds
    } or {(x.round, x.table, x.ns, x.ew) for board in section.results for x in board.results}
    seated: set[tuple[int, int]] = set()
    for number, _table, ns, ew in sittings:
        if ns and ns == ew:
            return True
        for pair in (ns, ew):
            if pair and (number, pair) in seated:
                return True
            seated.add((number, pair))
    return False


def _seat_players(
    path: str,
    rounds: list[Row],
    tables: Tables,
    found: dict[tuple[int, Direction | None], Entry],
    mitchell: bool,
) -> None:
    """Each number in ``PlayerNumbers`` given to the pair the movement seats there."""
    names = {str(r.get("ID")): str(r.get("Name") or "").strip() for r in tables.rows("PlayerNames")}
    section = whole(rounds[0].get("Section")) if rounds else 0
    for row in tables.rows("PlayerNumbers"):
        if whole(row.get("Section")) != section:
            continue
        seat = str(row.get("Direction") or "").strip().upper()[:1]
        sitting = _sitting(rounds, whole(row.get("Table")), whole(row.get("Round")) or 1)
        if sitting is None or seat not in "NESW" or not seat:
            continue
        direction = Direction.NS if seat in "NS" else Direction.EW
        pair = whole(sitting.get("NSPair" if direction is Direction.NS else "EWPair"))
        entry = found.get((pair, direction if mitchell else None))
        number = str(row.get("Number") or "").strip()
        if entry is not None and number and len(entry.players) < 2:
            name = str(row.get("Name") or "").strip() or names.get(number, "")
            entry.players.append(Player(last_name=name, player_number=number))


def _sitting(rounds: list[Row], table: int, number: int) -> Row | None:
    for row in rounds:
        if whole(row.get("Table")) == table and whole(row.get("Round")) == number:
            return row
    return None


def deals(path: str, rows: list[Row]) -> DealSet | None:
    """The hand record, where the database has one (boards of the first section)."""
    found: list[Deal] = []
    first = min((whole(r.get("Section")) for r in rows), default=0)
    for row in sorted(rows, key=lambda r: whole(r.get("Board"))):
        if whole(row.get("Section")) != first:
            continue
        hands = [".".join(_suit(row.get(seat + suit)) for suit in _SUITS) for seat in _SEATS]
        try:
            deal = Deal.from_pbn("N:" + " ".join(hands))
        except ValueError as error:
            report(path, f"HandRecord board {whole(row.get('Board'))}", f"no deal: {error}")
            continue
        deal.board = whole(row.get("Board"))
        found.append(deal)
    return DealSet.from_deals(found) if found else None


def _suit(value: Any) -> str:
    return str(value or "").replace(" ", "").upper().replace("10", "T")
