"""Writing PLAYER and its PLAYER_NAME (one text, or FIRSTNAME and LASTNAME), and a team's
players in the PAIRs the source had them in: the writing side of the players that
:mod:`~bridgeio.formats.usebio.entries` reads.

>>> from bridgeio.model.results import Event, Player, Results
>>> players = PlayerWriter(Target(Results([Event(1, "Pairs")]), "1.4"))
>>> player = players.player(Player("Lee", "Ann", "7", masterpoints=12.5))
>>> [(child.tag, child.text) for child in player]
[('PLAYER_NAME', 'Ann Lee'), ('NATIONAL_ID_NUMBER', '7'), ('MASTER_POINT_TOTAL', '12.5')]
>>> players.player(Player("van der Berg", "Jan Piet")).findtext("PLAYER_NAME")
'van der Berg, Jan Piet'
"""

from __future__ import annotations

from lxml import etree

from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.entries import join_name
from bridgeio.formats.usebio.names import ENTRY_ORDER, PLAYER_ORDER
from bridgeio.formats.usebio.output import Children, Target, attributes, clean, kept_of, kept_values
from bridgeio.formats.usebio.parsing import Element
from bridgeio.formats.usebio.provenance import EntryKept, PlayerKept
from bridgeio.model.results import Entry, Player


class PlayerWriter:
    """Builds PLAYER elements, and a team's PAIRs of them."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.losses = target.losses
        self.version = target.version

    def players(self, children: Children, entry: Entry, kept: EntryKept) -> None:
        """The players of a pair, or of a team with its pairs (from the kept team pairs)."""
        in_pairs: dict[int, list[Player]] = {}
        for player in entry.players:
            pair = kept_of(player, PlayerKept).pair
            if pair is not None and pair < len(kept.pairs):
                in_pairs.setdefault(pair, []).append(player)
            else:
                children.element(self.player(player))
        for index, team_pair in enumerate(kept.pairs):
            element = etree.Element("PAIR", attributes(team_pair.attributes, "PAIR", self.losses))
            pair_children = self.target.children(ENTRY_ORDER)
            pair_children.kept(team_pair.elements)
            for player in in_pairs.get(index, []):
                pair_children.element(self.player(player))
            children.element(pair_children.into(element))

    def player(self, player: Player) -> Element:
        """PLAYER: the player's name, number, masterpoints and home."""
        kept = kept_of(player, PlayerKept)
        element = etree.Element("PLAYER", attributes(kept.attributes, "PLAYER", self.losses))
        children = self.target.children(PLAYER_ORDER, "PLAYER")
        self.fields(children, player)
        return children.into(element)

    def fields(self, children: Children, player: Player) -> None:
        """A player's elements, into ``children`` (a PLAYER's, or an individual's entry's)."""
        kept = kept_of(player, PlayerKept)
        children.element(self._name(player, kept))
        # Always, empty where unknown (as the specification's example and Compscore write it):
        # results sites look the element up in every PLAYER and stop at one without it.
        children.text("NATIONAL_ID_NUMBER", player.player_number, empty=True)
        children.text("MASTER_POINT_TOTAL", self.target.number(player.masterpoints))
        children.text("ACBL_PLAYER_CITY", player.city)
        children.text("ACBL_PLAYER_STATE", player.state)
        children.text("ACBL_PLAYER_COUNTRY", player.country)
        written = {"NATIONAL_ID_NUMBER"} | (
            {"MASTER_POINT_TOTAL"} if player.masterpoints is not None else set()
        )
        kept_values(children, kept, written)
        children.kept(kept.elements)
        if player.awards:
            self.losses.add("players' own masterpoint awards")
        if player.rank:
            self.losses.add("players' masterpoint ranks")

    def _name(self, player: Player, kept: PlayerKept) -> Element:
        """PLAYER_NAME: FIRSTNAME and LASTNAME where the source had them (1.4), else one text
        that reads back as the same first and last names."""
        first, last = player.first_name, player.last_name
        name = etree.Element("PLAYER_NAME")
        if kept.structured and self.version != "1.2":
            return self._structured(name, first, last)
        candidates = [kept.name_text] if kept.name_text else []
        candidates += [join_name(first, last)]
        if "," not in first + last and first:
            candidates.append(f"{last}, {first}")
        for text in candidates:
            if V.split_name(text) == (first, last):
                name.text = clean(text, "PLAYER_NAME", self.losses)
                return name
        if self.version != "1.2":
            return self._structured(name, first, last)
        self.losses.add("first and last names that one text cannot tell apart")
        name.text = clean(join_name(first, last), "PLAYER_NAME", self.losses)
        return name

    def _structured(self, name: Element, first: str, last: str) -> Element:
        """FIRSTNAME and LASTNAME in ``name``."""
        etree.SubElement(name, "FIRSTNAME").text = clean(first, "FIRSTNAME", self.losses)
        etree.SubElement(name, "LASTNAME").text = clean(last, "LASTNAME", self.losses)
        return name
