"""Provenance: what a format keeps of a file beyond the model's own fields.

The model is format-neutral; a format that wants to write a file back exactly as it read it
(byte for byte where it can) keeps what the model has no field for in one typed object of
its own, a subclass of :class:`Provenance`, attached to the document it read. Writers work
from the model first and consult their own provenance only for what the model does not hold,
so an edit of any model field reaches the written file. Another format's writer ignores the
provenance, and the conversion reports what it held (:meth:`Provenance.contents`) as left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from bridgeio.model.chess import Tournament, TournamentIndex


class Provenance:
    """Base of every format's provenance object."""

    format: ClassVar[str] = ""
    """The format whose writer understands this provenance."""

    def contents(self) -> dict[str, int]:
        """What this provenance holds that the model does not, as ``{what: how many}`` (for
        example ``{"auctions": 12, "player names": 48}``): what a conversion to another
        format leaves out. Empty when it holds nothing a user would miss (layout, padding)."""
        return {}

    def to_json(self) -> dict[str, Any] | None:
        """What the canonical JSON carries of it (plain JSON data), so that reading the JSON
        back restores it and ``read(json) -> write(format)`` gives the same file; None when it
        is not carried. The format's registered ``restore`` turns it back."""
        return None


class DealProvenance(Provenance):
    """Provenance of a :class:`~bridgeio.model.DealSet`: one entry a deal, sliced and joined
    with the set it belongs to."""

    def __len__(self) -> int:
        raise NotImplementedError

    def take(self, rows: Any) -> DealProvenance:
        """The entries of ``rows`` (a slice or an index array), in that order."""
        raise NotImplementedError

    @classmethod
    def join(cls, parts: Sequence[DealProvenance]) -> DealProvenance:
        """The entries of ``parts`` one after another (all of this class)."""
        raise NotImplementedError

    def record_json(self, index: int) -> Any:
        """What the canonical JSON carries of deal ``index`` (under the format's name in its
        record), None when nothing is carried; the format's registered ``restore`` takes the
        list of every record's and gives the provenance back."""
        return None


class IndexProvenance(Provenance):
    """Provenance of a tournament index read from a file that keeps more than the
    tournaments (a ChessBase .cbt file's slots, tree and record bytes)."""

    def record_json(self, slot: int) -> Any:
        """What the canonical JSON carries of the tournament in ``slot``, None for nothing."""
        return None

    def rebuild(self, tournaments: dict[int, Tournament], path: str) -> TournamentIndex:
        """The index of the format's own kind over ``tournaments`` (by id), with what this
        provenance keeps; :class:`~bridgeio.errors.FormatError` naming ``path`` where the
        two do not fit together."""
        raise NotImplementedError
