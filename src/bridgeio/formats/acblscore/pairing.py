"""Pairing each object of a model with the original reading of its record, for writing a game
file in place (:mod:`.writer`); :class:`Structural` where no pairing holds.

>>> from bridgeio.model.results import Board
>>> paired([Board(1), Board(2)], [Board(1), Board(2)], "boards", board_identity)[1][0].number
2
>>> paired([Board(2), Board(1)], [Board(1), Board(2)], "boards", board_identity)
Traceback (most recent call last):
bridgeio.formats.acblscore.pairing.Structural: boards: not in the file's order
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bridgeio.formats.acblscore.provenance import Kept, MatchKept
from bridgeio.model.results import Board, Entry, Event, Match

T = TypeVar("T")


class Structural(Exception):
    """The model's structure differs from the file's: it cannot be written in place."""


def paired(
    new: Sequence[T], old: Sequence[T], what: str, identity: Callable[[T], object] | None = None
) -> list[tuple[T, T]]:
    """Each new object with the original object read from the same record: by the offset in
    its ``kept`` (a model read from the file), or by position where no object has one (a
    model read back from the canonical JSON, which does not carry them); there ``identity``
    (a pair's number and direction, a board's number) must agree, so that a reordered list is
    not written over the wrong records. :class:`Structural` when no pairing holds."""
    if len(new) != len(old):
        raise Structural(f"{what}: {len(new)} where the file has {len(old)}")
    keys = [_key(getattr(item, "kept", None)) for item in new]
    if all(key is None for key in keys):
        pairs = list(zip(new, old, strict=True))
        if identity is not None and any(identity(a) != identity(b) for a, b in pairs):
            raise Structural(f"{what}: not in the file's order")
        return pairs
    originals = {_key(getattr(o, "kept", None)): o for o in old}
    pairs, seen = [], set()
    for item, key in zip(new, keys, strict=True):
        if key is None or key not in originals or key in seen:
            raise Structural(f"{what}: one is not from this file")
        seen.add(key)
        pairs.append((item, originals[key]))
    return pairs


def _key(kept: object) -> tuple[str, int, int] | None:
    if not isinstance(kept, Kept):
        return None
    second = kept.away if isinstance(kept, MatchKept) else 0
    return (kept.key, kept.at, second)


def event_identity(event: Event) -> object:
    """What must agree for an event paired by position: its number."""
    return event.number


def entry_identity(entry: Entry) -> object:
    """What must agree for an entry paired by position: its number, direction and seat."""
    return (entry.number, entry.direction, entry.seat)


def board_identity(board: Board) -> object:
    """What must agree for a board paired by position: its number."""
    return board.number


def match_identity(match: Match) -> object:
    """What must agree for a match paired by position: its round and teams."""
    return (match.round, match.home, match.away)
