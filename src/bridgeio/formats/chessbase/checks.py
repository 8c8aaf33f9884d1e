"""``validate`` for .cbt files: header, tree, deleted list, field ranges.

Errors are for real defects: what breaks the sort tree or the deleted list (ChessBase finds
tournaments through them) and dates no calendar has. A value outside a documented range that
the file still reads and writes back unchanged (a pairing code above 8, a nation number
beyond ChessBase's table, a category above 99, a day without a month, which ChessBase itself
writes, the two bytes "always 0") is a warning. A file that cannot be read at all is one
problem at the place the reader's :class:`~bridgeio.errors.FormatError` names.
"""

from __future__ import annotations

from bridgeio.errors import FormatError, Problem
from bridgeio.formats.chessbase import layout as L
from bridgeio.formats.chessbase.entity import TournamentFile
from bridgeio.formats.chessbase.tree import SortTree
from bridgeio.model.chess import NATIONS, PAIRINGS, Tournament


def check(path: str, codepage: str = "cp1252") -> list[Problem]:
    """Every problem of the file at ``path``."""
    try:
        db = TournamentFile.read(path, codepage)
    except FormatError as error:
        return [Problem(error.place, f"expected {error.expected}")]
    return check_file(db)


def check_file(db: TournamentFile) -> list[Problem]:
    """Everything that can be wrong with a read file; quirks of real files are warnings."""
    problems = _tree_problems(db)
    for slot, tournament in db.with_ids():
        problems.extend(_field_problems(slot, tournament, db.record_bytes(slot)))
    live = len(db)
    if db.live != live:
        problems.append(
            Problem(
                "header byte 20",
                f"says {db.live} live tournaments, the slots hold {live}",
                "warning",
            )
        )
    return problems


def _tree_problems(db: TournamentFile) -> list[Problem]:
    problems: list[Problem] = []
    tree = SortTree(db.left, db.right, db.root, db._key)
    order = tree.in_order()
    in_tree = set(order)
    for slot in sorted({i for i, _ in db.with_ids()} - in_tree):
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
    return problems


def _field_problems(slot: int, tournament: Tournament, raw: bytes) -> list[Problem]:
    place = f"slot {slot} ({tournament.title!r})"
    found = []
    if tournament.pairing not in PAIRINGS:
        code = raw[L.TYPE] & 31
        found.append(
            Problem(place, f"pairing code {code}, not one documented (0-8): kept", "warning")
        )
    if raw[L.NATION] >= len(NATIONS):
        found.append(
            Problem(
                place,
                f"nation number {raw[L.NATION]}, not in ChessBase's table "
                f"(0-{len(NATIONS) - 1}): kept",
                "warning",
            )
        )
    if tournament.category > 99:
        found.append(Problem(place, f"category {tournament.category}, not 0-99: kept", "warning"))
    odd = tournament.date.problem()
    if odd is not None:
        found.append(Problem(place, odd[1], odd[0]))
    if raw[L.NATION + 1] or raw[L.ROUNDS + 1]:
        found.append(Problem(place, "bytes 77 and 81, always 0 in known files, are not", "warning"))
    return found
