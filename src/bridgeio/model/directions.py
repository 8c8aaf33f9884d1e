"""The names programs write for the direction a pair sat, in their languages: one table that
every format reader looks a direction up in.

A name is compared without case, spaces, hyphens, slashes or dots, so ``N-S``, ``N/S``,
``n s`` and ``NS`` are one name. Each entry is the pair of words of a language's compass,
north-south and east-west:

========================  ============  ==============
language (program)        N-S           E-W
========================  ============  ==============
English (most)            N-S, NS       E-W, EW
Swedish, Finland-Swedish  N-S (Syd)     Ö-V (Öst-Väst)
 (Ruter, BridgeCentral)
Norwegian, Danish         N-S (Syd)     Ø-V (Øst-Vest)
 (Ruter, Magic Contest)
Dutch                     N-Z (Zuid)    O-W (Oost-West)
German                    N-S (Süd)     O-W (Ost-West)
French, Italian, Spanish  N-S (Sud)     E-O (Est-Ouest, Est-Ovest, Este-Oeste)
Portuguese                N-S (Sul)     L-O (Leste-Oeste)
Icelandic                 N-S (Suður)   A-V (Austur-Vestur)
Finnish                   P-E (Pohjois-Etelä)  I-L (Itä-Länsi)
========================  ============  ==============

A seat's letter alone (``N``, ``E``: USEBIO's ``DIRECTION`` of a pair written by the seat it
started in) names the side of that seat. A name not in the table is None: the reader says
so at its line (never a silent loss).

>>> [direction_named(name) for name in ("Ö-V", "ø-v", "N-Z", "O-W", "E/W", "NS", "Home")]
[<Direction.EW: 'EW'>, <Direction.EW: 'EW'>, <Direction.NS: 'NS'>, <Direction.EW: 'EW'>, \
<Direction.EW: 'EW'>, <Direction.NS: 'NS'>, None]
"""

from __future__ import annotations

from bridgeio.model.results import Direction

_NORTH_SOUTH = ("NS", "SN", "NZ", "PE", "N", "S")
"""Every language's north-south (Zuid: Dutch; Pohjois-Etelä: Finnish) and the two seats."""

_EAST_WEST = ("EW", "WE", "ÖV", "ØV", "OW", "EO", "LO", "AV", "IL", "E", "W")
"""Every language's east-west (Öst-Väst, Øst-Vest, Oost-West/Ost-West, Est-Ouest, Leste-Oeste,
Austur-Vestur, Itä-Länsi) and the two seats."""

DIRECTION_NAMES: dict[str, Direction] = {
    **dict.fromkeys(_NORTH_SOUTH, Direction.NS),
    **dict.fromkeys(_EAST_WEST, Direction.EW),
}
"""Each direction name the programs write, compacted (see :func:`compact`), and its direction."""

_DROPPED = str.maketrans("", "", " -/.\u2013\u2010\t")


def compact(name: str) -> str:
    """A direction name as the table holds it: capitals, without spaces, hyphens (also the
    typographic ones), slashes and dots.

    >>> compact(" ö - v "), compact("N/S"), compact("e.-w.")
    ('ÖV', 'NS', 'EW')
    """
    return name.translate(_DROPPED).upper()


def direction_named(name: str) -> Direction | None:
    """The direction a program's name for it names (see the module), None for a name not
    in the table (an empty one included).

    >>> direction_named("N-S"), direction_named("Øst-Vest"), direction_named("")
    (<Direction.NS: 'NS'>, None, None)
    """
    return DIRECTION_NAMES.get(compact(name))


KNOWN = (
    "a direction such as N-S or E-W (Ö-V, Ø-V, O-W, N-Z, E-O and the like:"
    " see bridgeio.model.directions)"
)
"""What a direction's cell is expected to hold, for a reader's warning."""


def unknown_direction(name: str) -> str:
    """A reader's warning for a pair's direction of a name not in the table.

    >>> unknown_direction("Sud-Est")
    "a direction named 'Sud-Est', expected a direction such as N-S or E-W (Ö-V, Ø-V, O-W, \
N-Z, E-O and the like: see bridgeio.model.directions): the pair's direction not read (the \
name is kept)"
    """
    kept = "the pair's direction not read (the name is kept)"
    return f"a direction named {name!r}, expected {KNOWN}: {kept}"
