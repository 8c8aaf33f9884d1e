"""``validate`` for .cbt files: header, tree, deleted list, field ranges."""

from __future__ import annotations

from bridgeio.errors import FormatError
from bridgeio.formats.chessbase import layout as L
from bridgeio.formats.chessbase.entity import TournamentFile
from bridgeio.formats.chessbase.tree import SortTree
from bridgeio.model.chess import NATIONS, PAIRINGS
from bridgeio.registry import Problem


def check(path: str) -> list[Problem]:
    try:
        db = TournamentFile.read(path)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return check_file(db)


def check_file(db: TournamentFile) -> list[Problem]:
    """Everything that can be wrong with a read file; quirks of real files are warnings."""
    problems: list[Problem] = []
    tree = SortTree(db.left, db.right, db.root, db._key)
    order = tree.in_order()
    live = [i for i, t in enumerate(db.tournaments) if t is not None]
    in_tree = set(order)
    for slot in sorted(set(live) - in_tree):
        problems.append(Problem(f"slot {slot}", "a live tournament the sort tree does not reach"))
    deleted = db.deleted_slots()
    for slot in sorted(in_tree.intersection(deleted)):
        problems.append(Problem(f"slot {slot}", "in both the sort tree and the deleted list"))
    marked = {i for i, t in enumerate(db.tournaments) if t is None}
    for slot in sorted(marked - set(deleted)):
        problems.append(Problem(f"slot {slot}", "marked deleted but not on the deleted list"))
    for slot in order:
        balance = tree.balance(slot)
        if abs(balance) > 1:
            problems.append(Problem(f"slot {slot}", f"the tree is out of balance here ({balance})"))
        elif balance != db.balance[slot]:
            problems.append(
                Problem(
                    f"slot {slot}",
                    f"stored balance {db.balance[slot]}, the subtrees give {balance}",
                )
            )
    for before, after in zip(order, order[1:], strict=False):
        if db._key(after) < db._key(before):
            problems.append(
                Problem(
                    f"slot {after}", f"sorts before slot {before}, which the tree puts ahead of it"
                )
            )
    for slot in live:
        problems.extend(_field_problems(slot, db))
    if db.live != len(live):
        problems.append(
            Problem(
                "header byte 20",
                f"says {db.live} live tournaments, the slots hold {len(live)}",
                "warning",
            )
        )
    return problems


def _field_problems(slot: int, db: TournamentFile) -> list[Problem]:
    tournament = db.tournaments[slot]
    place = f"slot {slot} ({tournament.title!r})"
    found = []
    if tournament.pairing not in PAIRINGS:
        found.append(Problem(place, f"pairing code {tournament.pairing}, not 0-8"))
    if tournament.nation.startswith("#") and int(tournament.nation[1:]) >= len(NATIONS):
        found.append(
            Problem(place, f"nation number {tournament.nation[1:]}, not 0-{len(NATIONS) - 1}")
        )
    if tournament.category > 99:
        found.append(Problem(place, f"category {tournament.category}, not 0-99"))
    date = tournament.date
    if date.month > 12 or date.day > 31 or (date.day and not date.month):
        found.append(Problem(place, f"date {date.year}-{date.month}-{date.day} is not a date"))
    raw = db.raw[slot]
    if raw[L.NATION + 1] or raw[L.ROUNDS + 1]:
        found.append(Problem(place, "bytes 77 and 81, always 0 in known files, are not", "warning"))
    return found
