"""Pseudonyms for everything that names a person or a place in a results file.

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
        identity = player.player_number.strip()
        if not identity or identity.upper() == "NM":
            identity = f"{player.first_name} {player.last_name}".strip().lower()
        code = self._code("player", identity)
        return f"Player{code % 100000:05d}", f"Given{(code >> 20) % 1000:03d}"

    def number(self, number: str) -> str:
        if not number.strip() or number.strip().upper() == "NM":
            return number
        return f"Z{self._code('number', number.strip()) % 1000000:06d}"

    def place(self, kind: str, text: str) -> str:
        if not text.strip():
            return text
        return f"{kind}{self._code(kind, text.strip().lower()) % 10000:04d}"


def anonymize(results: Results, key: bytes | None = None) -> Results:
    """Replace names, player numbers, cities, clubs and directors in place; returns ``results``."""
    names = Pseudonyms(key)
    results.extra["rewrite"] = SENSITIVE
    for event in results.events:
        event.club = names.place("Club ", event.club)
        event.director = names.place("Director ", event.director)
        if event.extra.get("city"):
            event.extra["city"] = names.place("Town ", event.extra["city"])
        for section in event.sections:
            for entry in section.entries:
                for player in entry.players:
                    if player.last_name or player.first_name:
                        player.last_name, player.first_name = names.player(player)
                    player.player_number = names.number(player.player_number)
                    player.city = names.place("Town ", player.city)
    return results
