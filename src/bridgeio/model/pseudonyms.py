"""Pseudonyms for everything that names a person or a place in a results file (a rule every
format's ``anonymize`` shares, so it lives in the model).

Names, player numbers, cities, club names and directors are replaced; every other value stays.
The same person (by player number, else by name) gets the same pseudonym wherever they
appear, and across files for the same ``key``. Without a key a random one is drawn, so the
pseudonyms cannot be reversed by trying every possible player number.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from bridgeio.model.results import Player, Results

SENSITIVE = frozenset({"last_name", "first_name", "player_number", "city", "club", "director"})
"""Fields a writer must rewrite whole, even where the value is unchanged or empty: formats
such as ACBLscore keep old text after a string's end, and that must not survive."""


class Pseudonyms:
    """Keyed, consistent replacements.

    >>> p = Pseudonyms(b"k"); p.number("K782243") == p.number("K782243"), len(p.number("1"))
    (True, 7)
    """

    def __init__(self, key: bytes | None = None) -> None:
        self.key = key if key is not None else secrets.token_bytes(32)

    def _code(self, kind: str, text: str) -> int:
        digest = hmac.new(self.key, f"{kind}:{text}".encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big")

    def player(self, player: Player) -> tuple[str, str]:
        """Pseudonymous ``(last_name, first_name)``: the same for the same player number, or for
        the same name where there is none (or it is ``"NM"``)."""
        identity = player.player_number.strip()
        if not identity or identity.upper() == "NM":
            identity = f"{player.first_name} {player.last_name}".strip().lower()
        code = self._code("player", identity)
        return f"Player{code % 100000:05d}", f"Given{(code >> 20) % 1000:03d}"

    def person(self, name: str, number: str = "") -> str:
        """A pseudonym for a person written as one text, in the same form ("Last, First"
        stays last name first); the same person (by ``number`` if given, else by name)
        always gets the same one.

        >>> p = Pseudonyms(b"k"); p.person("Smith, Ann") == p.person("smith,  ann")
        True
        >>> p.person("Ann Smith").startswith("Given"), "," in p.person("Smith, Ann")
        (True, True)
        """
        if not name.strip():
            return name
        if "," in name:
            last, first = (part.strip() for part in name.split(",", 1))
        else:
            first, _, last = name.strip().rpartition(" ")
        player = Player(last_name=last, first_name=first, player_number=number)
        if not number.strip():  # identity by name, spacing and case aside
            player.first_name = " ".join(first.split()).lower()
            player.last_name = " ".join(last.split()).lower()
        new_last, new_first = self.player(player)
        return f"{new_last}, {new_first}" if "," in name else f"{new_first} {new_last}"

    def number(self, number: str) -> str:
        """A pseudonymous player number (``"Z"`` and six digits); empty and ``"NM"`` stay."""
        if not number.strip() or number.strip().upper() == "NM":
            return number
        return f"Z{self._code('number', number.strip()) % 1000000:06d}"

    def place(self, kind: str, text: str) -> str:
        """A pseudonymous place, club or director: ``kind`` and four digits (``"Town 0042"``),
        the same for the same text in any case; empty text stays."""
        if not text.strip():
            return text
        return f"{kind}{self._code(kind, text.strip().lower()) % 10000:04d}"


def anonymize(results: Results, key: bytes | None = None) -> Results:
    """Replace names, player numbers, cities, clubs and directors in the model, in place;
    returns ``results``. (A format's own ``anonymize`` uses this and then writes the file
    back with every other byte as it was.)"""
    return anonymize_with(results, Pseudonyms(key))


def anonymize_with(results: Results, names: Pseudonyms) -> Results:
    """:func:`anonymize` with given :class:`Pseudonyms` (the same ones across files)."""
    for event in results.events:
        event.club = names.place("Club ", event.club)
        event.director = names.place("Director ", event.director)
        event.city = names.place("Town ", event.city)
        standings = [event.entries] + [section.entries for section in event.sections]
        for entries in standings:  # (an event of sessions: its overall standings too)
            for entry in entries:
                for player in entry.players:
                    if player.last_name or player.first_name:
                        player.last_name, player.first_name = names.player(player)
                    player.player_number = names.number(player.player_number)
                    player.city = names.place("Town ", player.city)
    return results
