"""Text a person reads: what a results, movement or tournament file holds (deal files:
:mod:`bridgeio.analysis.deal_text`, which needs NumPy)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from bridgeio.model.document import Document, DocumentKind
from bridgeio.model.movement import Movement, Table
from bridgeio.model.results import Entry, Event, Results, Scoring, Section

if TYPE_CHECKING:
    from bridgeio.model.chess import TournamentIndex


def describe_tournaments(index: TournamentIndex, fmt: str) -> str:
    """Tournaments in sort order, a line each."""
    order = index.sort_order()
    lines = [f"{fmt} file: {len(order):,} tournaments in {len(index.tournaments):,} slots", ""]
    lines.append(
        f"{'id':>6}  {'date':<10}  {'title':<40} {'place':<24} {'nat':<4} "
        f"{'pairing':<12} {'rd':>3} {'games':>6}"
    )
    for slot in order:
        t = index.tournaments[slot]
        if t is None:  # a deleted slot is never in the sort order
            continue
        lines.append(
            f"{slot:>6}  {t.date.iso() or '?':<10}  {t.title:<40.40} {t.place:<24.24} "
            f"{t.nation:<4} {t.pairing:<12} {t.rounds:>3} {t.games:>6}"
        )
    return "\n".join(lines)


def describe(doc: Document, fmt: str) -> str:
    """One screen about any document."""
    if doc.kind == DocumentKind.RESULTS:
        return describe_results(doc, fmt)
    if doc.kind == DocumentKind.MOVEMENT:
        return describe_movement(doc, fmt)
    if doc.kind == DocumentKind.TOURNAMENTS:
        return describe_tournaments(doc, fmt)
    from bridgeio.analysis.deal_text import describe_deal_file  # (NumPy: deals only)

    return describe_deal_file(doc, fmt)


def describe_results(results: Results, fmt: str) -> str:
    """Events, sections and the ranking with names, scores and percentages."""
    lines = [f"{fmt} file: {len(results.events)} event(s)"]
    if results.partial:
        lines.append("PARTIAL: the file is damaged; what follows is what could be read")
    lines += [f"problem: {p}" for p in results.problems]
    for event in results.events:
        lines.append("")
        lines.append(f"Event {event.number}: {event.name}  {event.session_name}".rstrip())
        lines.append(
            f"  {event.date.isoformat() if event.date else 'date unknown'}  {event.club}"
            + (f" (club {event.club_number})" if event.club_number else "")
        )
        rating = f"; rating: {event.rating}" if event.rating else ""
        lines.append(f"  {scoring_words(event)}{rating}")
        for section in event.sections:
            lines.extend(section_lines(section))
    return "\n".join(lines)


_NAMES = {
    Scoring.IMPS: "IMPs",
    Scoring.CROSS_IMPS: "cross-IMPs",
    Scoring.BUTLER: "Butler IMPs",
    Scoring.VICTORY_POINTS: "VPs",
}


def scoring_words(event: Event, kind: bool = True) -> str:
    """How an event is scored, as its file states it: the kind (with ``kind``), then the
    scoring, with how its boards and its pairs are scored where the file says more.

    >>> scoring_words(Event(scoring=Scoring.CROSS_IMPS))
    'pairs, cross imps'
    >>> from bridgeio.model.results import EventKind
    >>> teams = Event(kind=EventKind.TEAMS, scoring=Scoring.IMPS,
    ...               match_scoring=Scoring.VICTORY_POINTS, pairwise_scoring=Scoring.CROSS_IMPS)
    >>> scoring_words(teams), scoring_words(teams, kind=False)
    ('teams, VPs (IMPs a board, pairwise cross-IMPs)', 'VPs (IMPs a board, pairwise cross-IMPs)')
    """
    text = event.scoring.value.replace("_", " ")
    more = []
    match = event.match_scoring
    if match is not None and match is not event.scoring:
        text = _NAMES.get(match, match.value.replace("_", " "))
        more.append(f"{_NAMES.get(event.scoring, event.scoring.value)} a board")
    if event.pairwise_scoring is not None:
        more.append(f"pairwise {_NAMES.get(event.pairwise_scoring, event.pairwise_scoring.value)}")
    text += f" ({', '.join(more)})" if more else ""
    return f"{event.kind.value}, {text}" if kind else text


def section_lines(section: Section) -> list[str]:
    """A blank line, the section's header, then its entries by rank and direction."""

    def known(value: object, unit: str) -> str:
        return f"{'?' if value is None else value} {unit}"

    lines = [
        "",
        f"  Section {section.name or '-'}: {section.movement}, "
        f"{known(section.tables, 'tables')}, {known(section.rounds, 'rounds')}, "
        f"{known(section.boards, 'boards')}, top {section.board_top or '?'}",
    ]
    groups: dict[str | None, list[Entry]] = {}
    for entry in section.entries:
        groups.setdefault(entry.direction, []).append(entry)
    for direction, entries in groups.items():
        if direction:
            lines.append(f"    {direction[0]}-{direction[1]}")
        ranked = sorted(entries, key=lambda e: (e.rank or 10**6, -(e.score or 0)))
        shared = Counter(e.rank for e in ranked if e.rank)
        for entry in ranked:
            names = entry.name or " - ".join(p.name for p in entry.players if p.name)
            score = "" if entry.score is None else f"{entry.score:8.2f}"
            pct = "" if entry.percentage is None else f"{entry.percentage:6.2f}%"
            rank = rank_text(entry, entry.rank is not None and shared[entry.rank] > 1)
            award = awards_text(entry)
            lines.append(
                f"    {rank:>5} {entry.number:>4} {score} {pct}  {names or '(no names)'}"
                + (f"  award {award}" if award else "")
            )
    return lines


def rank_text(entry: Entry, shared: bool = False) -> str:
    """An entry's rank as results pages show it: ``3``, a tie ``3=`` (or ``3-4`` where the
    file records the places the tie spans); empty when the file ranks it not.

    >>> from bridgeio.model.results import StratRank
    >>> rank_text(Entry("1", 1, rank=3)), rank_text(Entry("1", 1, rank=3, tied=True))
    ('3', '3=')
    >>> rank_text(Entry("1", 1, rank=6, ranks=[StratRank(6, section_low=6, section_high=7)]))
    '6-7'
    """
    if not entry.rank:
        return ""
    if entry.ranks:
        first = entry.ranks[0]  # the open (first) strat's, whose rank the entry's is
        if first.section_high > first.section_low and first.section_low <= entry.rank:
            return f"{first.section_low}-{first.section_high}"
    return f"{entry.rank}=" if entry.tied or shared else str(entry.rank)


def awards_text(entry: Entry) -> str:
    """An entry's awards of this event (masterpoints and the like): the current ones where
    the file tells them from the running totals, each with its colour.

    >>> from bridgeio.model.results import Award
    >>> awards_text(Entry("1", 1, awards={"current": [Award(1.15, "R"), Award(0.5, "B")]}))
    '1.15 R + 0.5 B'
    >>> awards_text(Entry("1", 1, awards={"total": [Award(0.0, "RED")]}))
    ''
    """
    found = entry.awards.get("current") or entry.awards.get("total") or []
    return " + ".join(f"{a.points:g} {a.color}".rstrip() for a in found if a.points)


def describe_movement(movement: Movement, fmt: str) -> str:
    """The schedule as a round x table grid, then each contestant's guide card."""
    kind = "individual" if movement.individual else "pairs"
    lines = [
        f"{fmt} schedule: {movement.participants} {kind}, {movement.tables} tables, "
        f"{movement.rounds} rounds, {movement.groups} board groups"
        + (f"  (flags: {' '.join(movement.flags)})" if movement.flags else "")
    ]
    if movement.comment:
        lines.append(f"comment: {movement.comment}")
    if movement.compact:
        lines.append(
            "compact (H/M) schedule: only round 1 is given; the rotation for later "
            "rounds is not known, so they are not shown"
        )
    width = max(
        (len(_cell(t, movement.individual)) for row in movement.schedule for t in row), default=1
    )
    lines += [
        "",
        "round " + " ".join(f"{'table ' + str(t):>{width}}" for t in range(1, movement.tables + 1)),
    ]
    for number, row in enumerate(movement.schedule, start=1):
        lines.append(
            f"{number:>5} " + " ".join(f"{_cell(t, movement.individual):>{width}}" for t in row)
        )
    lines += ["", "guide cards (round: table, direction, boards)"]
    everyone = movement.seatings()
    for contestant in range(1, movement.participants + 1):
        seats = {r: (t, d, g) for r, t, d, g in everyone.get(contestant, [])}
        card = [
            f"{r}: {seats[r][0]} {seats[r][1]} {seats[r][2]}" if r in seats else f"{r}: out"
            for r in range(1, len(movement.schedule) + 1)
        ]
        lines.append(f"{contestant:>4}  " + "  ".join(card))
    if movement.trailing:
        lines += ["", movement.trailing]
    return "\n".join(lines)


def _cell(table: Table | None, individual: bool) -> str:
    if table is None:
        return "-"
    joiner = " " if individual else "-"
    return joiner.join(map(str, table.seats)) + f" {table.group}"
