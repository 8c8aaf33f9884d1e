"""One game (an event of a results file) as the recap page shows it: per section the standings
of each direction, each entry's scorecard, the movement, and per board the hands and every
section's traveller.

>>> import bridgeio
>>> game = Game.of(bridgeio.read("examples/club-game.ACA").events[0], "club-game")
>>> game.title, [s.name for s in game.sections], [g.title for g in game.sections[0].standings]
('Tuesday Afternoon Pairs', ['Section A'], ['North-South', 'East-West'])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bridgeio.analysis.summary import scoring_words
from bridgeio.model.results import Award, Direction, Entry, Event, Scoring, Section
from bridgeio.recap.checks import Checks, Figure, checks
from bridgeio.recap.entries import Roster, Who
from bridgeio.recap.hands import BoardHands, Hands
from bridgeio.recap.lines import Line, ScoreLine, scorecards, travellers
from bridgeio.recap.matches import MatchView, by_team, matches
from bridgeio.recap.moves import Moves, moves
from bridgeio.recap.text import number_text, percent_text

_DIRECTIONS = {Direction.NS: "North-South", Direction.EW: "East-West"}
_SCORING = {Scoring.MATCHPOINTS: "matchpoints", Scoring.IMPS: "IMPs", Scoring.BUTLER: "Butler IMPs"}


@dataclass
class Standing:
    """One line of the standings: an entry with its rank (``"2="`` when tied), total,
    percentage, awards and strat ranks."""

    who: Who
    rank: str
    rank_order: int
    score: str
    percent: str
    awards: str
    strat_ranks: list[str]
    checks: dict[str, Figure] = field(default_factory=dict)  # "total", "percentage", "rank"


@dataclass
class Finding:
    """A figure of the file the scoring engine computes otherwise: where (a link), and what."""

    href: str
    where: str
    what: str


@dataclass
class Group:
    """The standings of one direction of a section (or all of it, in a Howell)."""

    title: str
    rows: list[Standing]


@dataclass
class Scorecard:
    """One entry's boards."""

    who: Who
    standing: Standing
    lines: list[ScoreLine]
    matches: list[MatchView] = field(default_factory=list)  # a team's, from its side


@dataclass
class Traveller:
    """A board in one section: its lines sorted by N-S's score."""

    section: SectionView
    anchor: str
    lines: list[Line]


@dataclass
class SectionView:
    """A section: standings, scorecards, the movement, and what its lines hold."""

    key: str
    name: str
    movement: str
    standings: list[Group] = field(default_factory=list)
    scorecards: list[Scorecard] = field(default_factory=list)
    moves: Moves | None = None
    matches: list[MatchView] = field(default_factory=list)
    strats: list[str] = field(default_factory=list)
    has: set[str] = field(default_factory=set)  # "percent", "awards", "contract", "lead", ...


@dataclass
class BoardView:
    """A board: its hands and its traveller in every section that played it."""

    hands: BoardHands
    travellers: list[Traveller] = field(default_factory=list)
    prefix: str = ""  # the game's, on a page of several games

    @property
    def anchor(self) -> str:
        """The board's id in the page."""
        return f"{self.prefix}b{self.hands.number}"


@dataclass
class Game:
    """A game's page: title lines, sections, boards."""

    title: str
    details: list[str]
    sections: list[SectionView]
    boards: list[BoardView]
    individual: bool = False
    team: bool = False  # a teams event (its standings headed Team, matches in its file or not)
    method: str = ""  # how the figures are checked: the scoring engine's Method.describe()
    unchecked: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    computed: bool = False  # some figures shown are the engine's, the file recording none
    prefix: str = ""  # before every id of the game's page, unique among the games of a page

    @property
    def entries(self) -> int:
        """How many pairs, teams or players took part."""
        return sum(len(s.scorecards) for s in self.sections)

    @classmethod
    def of(cls, event: Event, fallback: str, prefix: str = "") -> Game:
        """The page of ``event``; ``fallback`` names it when the file gives no title;
        ``prefix`` starts each of its ids (several games on one page: ``e2-``, ...)."""
        title = event.name or event.session_name or fallback
        details = [event.session_name if event.session_name != title else "", event.club]
        details += [event.date.isoformat() if event.date else "", event.director]
        plain = event.match_scoring is None and event.pairwise_scoring is None
        said = _SCORING.get(event.scoring) if plain else None
        details.append(said or scoring_words(event, kind=False))
        hands = Hands(event.deals)
        game = cls(title, [d for d in details if d], [], [], event.kind.value == "individual")
        game.prefix = prefix
        game.team = event.kind.value == "teams"
        boards: dict[int, BoardView] = {}
        marks = event.scoring is Scoring.MATCHPOINTS
        found = checks(event)
        game.method, game.unchecked, game.computed = found.method, found.unchecked, found.computed
        for index, section in enumerate(event.sections):
            shown, played = _section(section, index, event, marks, found, prefix)
            game.findings += _findings(shown, played, prefix)
            game.sections.append(shown)
            for number, lines in played:
                if number not in boards:
                    boards[number] = BoardView(hands.board(number), prefix=prefix)
                board = boards[number]
                board.travellers.append(Traveller(shown, f"{board.anchor}-{shown.key}", lines))
        game.boards = [boards[n] for n in sorted(boards)]
        return game


def _findings(
    shown: SectionView, boards: list[tuple[int, list[Line]]], prefix: str
) -> list[Finding]:
    """The section's figures that differ from the engine's, board by board, then entries."""
    found = []
    where = f"{shown.name}, " if len(shown.name) > len("Section ") else ""
    for number, lines in boards:
        for one in lines:
            said = [
                f"{side} {check.recorded:g} recorded, {check.computed:g} computed"
                for side, check in (("N-S", one.ns_check), ("E-W", one.ew_check))
                if check is not None and check.state == "differs" and check.computed is not None
            ]
            said += [one.note] if one.note else []
            if said:
                pairs = " v ".join(w[0].label for w in (one.ns, one.ew) if w)
                href = f"#{prefix}b{number}-{shown.key}"
                what = f"{one.ns_score}: {'; '.join(said)}"
                found.append(Finding(href, f"{where}board {number}, {pairs}", what))
    for card in shown.scorecards:
        said = [
            f"{what} {check.recorded:g} recorded, {check.computed:g} computed"
            for what, check in card.standing.checks.items()
            if check.state == "differs"
            and check.recorded is not None
            and check.computed is not None
        ]
        if said:
            found.append(
                Finding(f"#{card.who.anchor}", f"{where}{card.who.label}", "; ".join(said))
            )
    return found


def _section(
    section: Section, index: int, event: Event, marks: bool, found: Checks, prefix: str
) -> tuple[SectionView, list[tuple[int, list[Line]]]]:
    """A section's view, and its travellers board by board."""
    roster = Roster(section, index, prefix)
    name = f"Section {section.name}" if section.name else ("Results" if index == 0 else "")
    shown = SectionView(roster.key, name or f"Section {index + 1}", section.movement)
    shown.strats = [s.letter for s in event.strats] if any(e.ranks for e in section.entries) else []
    boards = travellers(section, roster, marks, found)
    every = [one for _, lines in boards for one in lines]
    shown.has = {
        key
        for key, present in (
            ("contract", any(x.contract for x in every)),
            ("lead", any(x.lead for x in every)),
            ("tricks", any(x.tricks for x in every)),
            ("percent", any(e.percentage is not None for e in section.entries)),
            ("awards", any(_awards(e) for e in section.entries)),
            ("round", any(x.round for x in every)),
        )
        if present
    }
    rows = {who.anchor: _standing(who, shown.strats, found) for who in roster.everyone()}
    shown.standings = _groups(list(rows.values()))
    cards = scorecards(boards)
    shown.matches = matches(section, roster)
    teams = by_team(shown.matches)
    shown.scorecards = [
        Scorecard(r.who, r, cards.get(a, []), teams.get(a, [])) for a, r in rows.items()
    ]
    shown.moves = moves(boards)
    return shown, boards


def _standing(who: Who, strats: list[str], found: Checks) -> Standing:
    entry = who.entry
    assert entry is not None
    checked = found.entries.get(id(entry), {})
    rank = "" if entry.rank is None else f"{entry.rank}{'=' if entry.tied else ''}"
    strat_ranks = [str(r.rank) if r.rank else "" for r in entry.ranks][: len(strats)]
    strat_ranks += [""] * (len(strats) - len(strat_ranks))
    return Standing(
        who,
        rank,
        entry.rank if entry.rank is not None else 1 << 30,
        number_text(entry.score),
        percent_text(entry.percentage),
        _awards(entry),
        strat_ranks,
        checked,
    )


def _groups(rows: list[Standing]) -> list[Group]:
    by_direction: dict[Direction | None, list[Standing]] = {}
    for row in rows:
        assert row.who.entry is not None
        by_direction.setdefault(row.who.entry.direction, []).append(row)
    if len(by_direction) > 1 and _one_ranking(by_direction.values()):
        # ranked across the field (cross-IMPs, a Howell with directions): one table, the
        # winner at its top, not below the other direction's
        return [Group("", sorted(rows, key=lambda r: r.rank_order))]
    return [
        Group(_DIRECTIONS.get(d, "") if d else "", sorted(found, key=lambda r: r.rank_order))
        for d, found in by_direction.items()
    ]


def _one_ranking(groups: Iterable[list[Standing]]) -> bool:
    """Whether the directions' ranks are one ranking: every entry ranked, and no rank in two
    directions (two rankings each have a first)."""
    seen: set[int] = set()
    for group in groups:
        ranks = {r.who.entry.rank for r in group if r.who.entry is not None}
        if None in ranks or ranks & seen:
            return False
        seen |= ranks  # type: ignore[arg-type]
    return True


def _awards(entry: Entry) -> str:
    """The entry's awards this game (``"0.18 R, 0.18 B (SC)"``): its own, else its first
    player's; none when every award is zero."""
    awards: dict[str, list[Award]] = entry.awards
    if not awards and entry.players:
        awards = entry.players[0].awards
    found = [a for a in awards.get("current") or awards.get("total") or [] if a.points]
    text = ", ".join(f"{number_text(a.points)} {a.color}" for a in found)
    rankings = sorted({a.ranking for a in found if a.ranking})
    return f"{text} ({', '.join(rankings)})" if rankings else text
