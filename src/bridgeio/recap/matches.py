"""Team matches as the recap shows them: each match's teams, IMPs and victory points, the
boards of the match where the file has them, and each team's matches seen from its side.

>>> from bridgeio.model.results import Direction, Entry, Match, Section
>>> s = Section("A", entries=[Entry("1", 1, name="Oaks"), Entry("2", 2, name="Elms")])
>>> s.matches = [Match(1, 1, 2, 31.0, 12.0, 15.1, 4.9)]
>>> shown = matches(s, Roster(s, 0))
>>> shown[0].home.team, shown[0].imps, shown[0].vps, [m.imps for m in by_team(shown)["s0-x2"]]
('Oaks', '31–12', '15.1–4.9', ['12–31'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeio.model.results import Match, Section
from bridgeio.recap.entries import Roster, Who
from bridgeio.recap.lines import Line, line
from bridgeio.recap.text import number_text


@dataclass
class MatchView:
    """A match from one team's side (``home``: the side it is seen from)."""

    round: int
    table: str
    home: Who
    away: Who
    home_imps: float | None
    away_imps: float | None
    home_vp: float | None
    away_vp: float | None
    boards: list[Line] = field(default_factory=list)
    anchor: str = ""  # the match's id in the page

    @property
    def imps(self) -> str:
        """``"31–12"``: this side's IMPs, then the other's; empty when not played."""
        return _pair(self.home_imps, self.away_imps)

    @property
    def vps(self) -> str:
        """Victory points the same way."""
        return _pair(self.home_vp, self.away_vp)

    def turned(self) -> MatchView:
        """The same match seen from the away team's side."""
        return MatchView(
            self.round,
            self.table,
            self.away,
            self.home,
            self.away_imps,
            self.home_imps,
            self.away_vp,
            self.home_vp,
            self.boards,
            self.anchor,
        )


def _pair(one: float | None, other: float | None) -> str:
    if one is None and other is None:
        return ""
    return f"{number_text(one) or '–'}–{number_text(other) or '–'}"


def matches(section: Section, roster: Roster) -> list[MatchView]:
    """The section's matches in round order, each with its boards' lines."""
    ordered = sorted(section.matches, key=lambda m: (m.round, m.table or 0))
    return [_match(m, roster, f"{roster.key}-m{i + 1}") for i, m in enumerate(ordered)]


def _match(found: Match, roster: Roster, anchor: str) -> MatchView:
    home, away = roster.team(found.home), roster.team(found.away)
    shown = MatchView(
        found.round,
        "" if found.table is None else str(found.table),
        home,
        away,
        found.home_imps,
        found.away_imps,
        found.home_vp,
        found.away_vp,
        anchor=anchor,
    )
    for board in sorted(found.boards, key=lambda b: b.number):
        shown.boards += [line(board.number, result, roster) for result in board.results]
    return shown


def by_team(shown: list[MatchView]) -> dict[str, list[MatchView]]:
    """Each team's matches (by its anchor), seen from its side."""
    found: dict[str, list[MatchView]] = {}
    for one in shown:
        found.setdefault(one.home.anchor, []).append(one)
        found.setdefault(one.away.anchor, []).append(one.turned())
    return found
