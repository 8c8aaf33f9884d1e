"""Text a person reads: what a file holds, and a deal drawn as a diagram."""

from __future__ import annotations

from collections import Counter

import numpy as np

from bridgeio.model import UNKNOWN_TRICKS, Deal, DealSet, DiagramSet, Seat, Strain, Suit
from bridgeio.model.chess import TournamentIndex
from bridgeio.model.movement import Movement, Table
from bridgeio.model.results import Entry, Results, Section

_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


def diagram(deal: Deal) -> str:
    """A deal as the usual compass diagram, with its double-dummy table when known.

    >>> print(diagram(Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. "
    ...                             "..AKQJT98765432. ...AKQJT98765432")).splitlines()[0])
                  S AKQJT98765432
    """

    def lines(seat: Seat) -> list[str]:
        holdings = deal.hand(seat).split(".") if deal.hand(seat) != "-" else ["?"] * 4
        return [f"{suit.char} {h or '-'}" for suit, h in zip(Suit, holdings, strict=True)]

    north, east, south, west = (lines(s) for s in Seat)
    rows = [" " * 14 + line for line in north]
    rows += [f"{w:<28}{e}" for w, e in zip(west, east, strict=True)]
    rows += [" " * 14 + line for line in south]
    if deal.tricks is not None:
        rows.append("")
        rows.append("      " + "".join(f"{s.text:>4}" for s in _STRAINS))
        for seat in Seat if deal.target is None else [deal.target]:
            cells = []
            for strain in _STRAINS:
                value = int(deal.tricks[strain, seat])
                cells.append(f"{value:>4}" if value <= 13 else "   ?")
            rows.append(f"    {seat.char} " + "".join(cells))
    return "\n".join(rows)


def describe_deals(deals: DealSet, count: int, fmt: str, show: int = 1) -> str:
    """A summary of a deal file: counts, what each record holds, end marker, first deals."""
    parts = [f"{fmt} file: {count:,} deal records"]
    holds = []
    holds.append("cards" if deals.seats is not None else "no cards")
    if deals.tricks is not None:
        holds.append(
            "one hand's double-dummy tricks" if deals.target is not None else "double-dummy tricks"
        )
        unknown = int(np.count_nonzero(deals.tricks == UNKNOWN_TRICKS))
        if unknown and deals.target is None:
            holds.append(f"{unknown:,} unknown trick counts in the first {len(deals):,} records")
    else:
        holds.append("no tricks")
    parts.append("holds: " + ", ".join(holds))
    if deals.target is not None:
        targets = Counter(Seat(int(t)).char for t in deals.target)
        parts.append("target hands: " + ", ".join(f"{k} {v:,}" for k, v in sorted(targets.items())))
    if deals.terminated:
        parts.append(f"ends with an end-of-list marker; {len(deals.trailing):,} bytes after it")
    for i in range(min(show, len(deals))):
        deal = deals[i]
        title = f"board {deal.board}" if deal.board is not None else f"record {i + 1}"
        parts.append(f"\n{title}:")
        if deal.seats is not None:
            parts.append(diagram(deal))
        elif deal.tricks is not None:
            parts.append(str(deal.dd()))
    return "\n".join(parts)


def describe_diagrams(diagrams: DiagramSet, fmt: str, show: int = 1) -> str:
    sizes = Counter(int(s) for s in diagrams.group_sizes)
    parts = [f"{fmt} file: {len(diagrams):,} diagrams in {len(diagrams.locations):,} suit records"]
    parts.append("suits a diagram: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(sizes.items())))
    if diagrams.is_deals() and len(diagrams):
        parts.append("every diagram is a whole deal")
    if diagrams.terminated:
        parts.append(f"ends with an end-of-list marker; {len(diagrams.trailing):,} bytes after it")
    for i in range(min(show, len(diagrams))):
        parts.append(f"\ndiagram {i + 1}:")
        for suit, seats in diagrams[i].holdings().items():
            parts.append(f"  {suit}: " + "  ".join(f"{s} {r or '-'}" for s, r in seats.items()))
    return "\n".join(parts)


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
        lines.append(
            f"{slot:>6}  {t.date.iso() or '?':<10}  {t.title:<40.40} {t.place:<24.24} "
            f"{t.nation:<4} {t.pairing:<12} {t.rounds:>3} {t.games:>6}"
        )
    return "\n".join(lines)


def describe(doc: object, fmt: str) -> str:
    """One screen about any model object."""
    if isinstance(doc, Results):
        return describe_results(doc, fmt)
    if isinstance(doc, Movement):
        return describe_movement(doc, fmt)
    if isinstance(doc, TournamentIndex):
        return describe_tournaments(doc, fmt)
    if isinstance(doc, DiagramSet):
        return describe_diagrams(doc, fmt)
    return describe_deals(doc, len(doc), fmt)


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
            f"  {event.date or event.date_text}  {event.club}"
            + (f" (club {event.club_number})" if event.club_number else "")
        )
        lines.append(f"  {event.kind}, {event.scoring.replace('_', ' ')}; rating: {event.rating}")
        for section in event.sections:
            lines.extend(_section_lines(section))
    return "\n".join(lines)


def _section_lines(section: Section) -> list[str]:
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
        for entry in ranked:
            names = " - ".join(p.name for p in entry.players if p.name) or "(no names)"
            score = "" if entry.score is None else f"{entry.score:8.2f}"
            pct = "" if entry.percentage is None else f"{entry.percentage:6.2f}%"
            rank = entry.rank if entry.rank else ""
            lines.append(f"    {rank!s:>3} {entry.number:>4} {score} {pct}  {names}")
    return lines


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
    width = max(len(_cell(t, movement.individual)) for row in movement.schedule for t in row)
    lines += [
        "",
        "round " + " ".join(f"{'table ' + str(t):>{width}}" for t in range(1, movement.tables + 1)),
    ]
    for number, row in enumerate(movement.schedule, start=1):
        lines.append(
            f"{number:>5} " + " ".join(f"{_cell(t, movement.individual):>{width}}" for t in row)
        )
    lines += ["", "guide cards (round: table, direction, boards)"]
    for contestant in range(1, movement.participants + 1):
        seats = {r: (t, d, g) for r, t, d, g in movement.seating(contestant)}
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
