"""The text ``bridgeio info`` shows a person, made from the typed summaries of
:mod:`bridgeio.analysis.summary` (which ``info --json`` gives as they are).

>>> from bridgeio.analysis.summary import RoundSeat, MovementSummary
>>> found = MovementSummary("asc", 4, False, 2, 1, 2, [], "", False, [[[1, 2], [3, 4]]],
...                         [["A", "B"]], {1: [RoundSeat(1, "NS", "A")]}, "")
>>> print(text(found).splitlines()[0])
asc schedule: 4 pairs, 2 tables, 1 rounds, 2 board groups
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgeio.analysis.summary import (
    MovementSummary,
    ResultsSummary,
    SectionSummary,
    Summary,
    TournamentsSummary,
)

if TYPE_CHECKING:
    from bridgeio.analysis.deal_summary import DealPreview, DealsSummary, DiagramsSummary
    from bridgeio.model.results import Results

SUITS = "SHDC"
STRAINS = ("NT", "S", "H", "D", "C")


def text(summary: Summary) -> str:
    """One screen about a file, from its summary."""
    if isinstance(summary, ResultsSummary):
        return results_text(summary)
    if isinstance(summary, MovementSummary):
        return movement_text(summary)
    if isinstance(summary, TournamentsSummary):
        return tournaments_text(summary)
    from bridgeio.analysis.deal_summary import DealsSummary

    if isinstance(summary, DealsSummary):
        return deals_text(summary)
    return diagrams_text(summary)  # type: ignore[arg-type]


def results_text(found: ResultsSummary) -> str:
    """Events, sections and the ranking with names, scores and percentages."""
    lines = [f"{found.format} file: {len(found.events)} event(s)"]
    if found.partial:
        lines.append("PARTIAL: the file is damaged; what follows is what could be read")
    lines += [f"problem: {p}" for p in found.problems]
    for event in found.events:
        lines.append("")
        lines.append(f"Event {event.number}: {event.name}  {event.session}".rstrip())
        lines.append(
            f"  {event.date.isoformat() if event.date else 'date unknown'}  {event.club}"
            + (f" (club {event.club_number})" if event.club_number else "")
        )
        rating = f"; rating: {event.rating}" if event.rating else ""
        lines.append(f"  {event.kind}, {event.scoring_text}{rating}")
        for section in event.sections:
            lines.extend(section_lines(section))
    return "\n".join(lines)


def section_lines(section: SectionSummary) -> list[str]:
    """A blank line, the section's header, then its standings, each direction headed."""

    sizes = [
        f"{value} {unit}{'' if value == 1 else 's'}"
        for value, unit in ((section.tables, "table"), (section.rounds, "round"))
        if value is not None
    ]
    sizes.append("? boards" if section.boards is None else f"{section.boards} board")
    sizes[-1] += "" if section.boards in (None, 1) else "s"
    if section.top:
        sizes.append(f"top {section.top}")
    head = ", ".join(([section.movement] if section.movement else []) + sizes)
    lines = ["", f"  Section {section.name or '-'}: {head}"]
    direction: str | None = None
    for row in section.standings:
        if row.direction and row.direction != direction:
            lines.append(f"    {row.direction[0]}-{row.direction[1]}")
        direction = row.direction
        score = "" if row.score is None else f"{row.score:8.2f}"
        pct = "" if row.percentage is None else f"{row.percentage:6.2f}%"
        names = " - ".join(row.names)
        award = " + ".join(f"{a.points:g} {a.color}".rstrip() for a in row.awards)
        lines.append(
            f"    {row.rank_text:>5} {row.number:>4} {score} {pct}  {names or '(no names)'}"
            + (f"  award {award}" if award else "")
        )
    return lines


def movement_text(found: MovementSummary) -> str:
    """The schedule as a round x table grid, then each contestant's guide card."""
    kind = "individual" if found.individual else "pairs"
    lines = [
        f"{found.format} schedule: {found.participants} {kind}, {found.tables} tables, "
        f"{found.rounds} rounds, {found.board_groups} board groups"
        + (f"  (flags: {' '.join(found.flags)})" if found.flags else "")
    ]
    if found.comment:
        lines.append(f"comment: {found.comment}")
    if found.compact:
        lines.append(
            "compact (H/M) schedule: only round 1 is given; the rotation for later "
            "rounds is not known, so they are not shown"
        )
    joiner = " " if found.individual else "-"
    grid = [
        ["-" if seats is None else joiner.join(map(str, seats)) + f" {group}"
         for seats, group in zip(row, groups, strict=True)]
        for row, groups in zip(found.schedule, found.groups, strict=True)
    ]  # fmt: skip
    width = max((len(cell) for row in grid for cell in row), default=1)
    lines += [
        "",
        "round " + " ".join(f"{'table ' + str(t):>{width}}" for t in range(1, found.tables + 1)),
    ]
    for number, row in enumerate(grid, start=1):
        lines.append(f"{number:>5} " + " ".join(f"{cell:>{width}}" for cell in row))
    lines += ["", "guide cards (round: table, direction, boards)"]
    for contestant, seats in found.guide_cards.items():
        card = [
            f"{r}: {s.table} {s.direction} {s.group}" if s else f"{r}: out"
            for r, s in enumerate(seats, start=1)
        ]
        lines.append(f"{contestant:>4}  " + "  ".join(card))
    if found.trailing:
        lines += ["", found.trailing]
    return "\n".join(lines)


def tournaments_text(found: TournamentsSummary) -> str:
    """Tournaments in sort order, a line each."""
    count = len(found.tournaments)
    lines = [f"{found.format} file: {count:,} tournaments in {found.slots:,} slots", ""]
    lines.append(
        f"{'id':>6}  {'date':<10}  {'title':<40} {'place':<24} {'nat':<4} "
        f"{'pairing':<12} {'rd':>3} {'games':>6}"
    )
    for t in found.tournaments:
        lines.append(
            f"{t.id:>6}  {t.date or '?':<10}  {t.title:<40.40} {t.place:<24.24} "
            f"{t.nation:<4} {t.pairing:<12} {t.rounds:>3} {t.games:>6}"
        )
    return "\n".join(lines)


def deals_text(found: DealsSummary) -> str:
    """Counts, what each record holds, the end marker, then the first deals drawn."""
    parts = [f"{found.format} file: {found.records:,} deal records"]
    holds = ["cards" if found.cards else "no cards"]
    if found.tricks == "target":
        holds.append("one hand's double-dummy tricks")
    elif found.tricks == "all":
        holds.append("double-dummy tricks")
        if found.unknown_tricks:
            holds.append(
                f"{found.unknown_tricks:,} unknown trick counts in the first "
                f"{found.sampled:,} records"
            )
    else:
        holds.append("no tricks")
    parts.append("holds: " + ", ".join(holds))
    if found.targets:
        parts.append("target hands: " + ", ".join(f"{k} {v:,}" for k, v in found.targets.items()))
    if found.end_marker:
        parts.append(f"ends with an end-of-list marker; {found.trailing_bytes:,} bytes after it")
    for preview in found.first:
        board = preview.board
        parts.append(f"\n{f'board {board}' if board is not None else f'record {preview.record}'}:")
        if preview.deal is not None:
            parts.append(diagram(preview))
        elif preview.dd is not None:
            parts.append(str(preview.dd))
        if preview.par is not None:
            par = preview.par
            where = f"board {board if board is not None else preview.record}"
            parts.append(
                f"par ({where}: dealer {par.dealer}, vulnerable {par.vulnerable}): {par.text}"
            )
    return "\n".join(parts)


def diagram(preview: DealPreview) -> str:
    """A deal as the usual compass diagram, with its double-dummy table when known.

    >>> from bridgeio.analysis.deal_summary import DealPreview
    >>> deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    >>> print(diagram(DealPreview(1, None, deal, None, None)).splitlines()[0])
                  S AKQJT98765432
    """
    assert preview.deal is not None
    hands = preview.deal[2:].split(" ")  # from North, clockwise

    def lines(hand: str) -> list[str]:
        holdings = hand.split(".") if hand != "-" else ["?"] * 4
        return [f"{suit} {h or '-'}" for suit, h in zip(SUITS, holdings, strict=True)]

    north, east, south, west = (lines(h) for h in hands)
    rows = [" " * 14 + line for line in north]
    rows += [f"{w:<28}{e}" for w, e in zip(west, east, strict=True)]
    rows += [" " * 14 + line for line in south]
    if preview.dd is not None:
        rows.append("")
        rows.append("      " + "".join(f"{s:>4}" for s in STRAINS))
        for seat, tricks in preview.dd.items():
            cells = ["   ?" if tricks[s] is None else f"{tricks[s]:>4}" for s in STRAINS]
            rows.append(f"    {seat} " + "".join(cells))
    return "\n".join(rows)


def diagrams_text(found: DiagramsSummary) -> str:
    """Counts, suits a diagram, the end marker, then the first diagrams."""
    parts = [f"{found.format} file: {found.diagrams:,} diagrams in {found.suit_records:,} suit "
             "records"]  # fmt: skip
    sizes = found.suits_a_diagram
    parts.append("suits a diagram: " + ", ".join(f"{k}: {v:,}" for k, v in sizes.items()))
    if found.whole_deals:
        parts.append("every diagram is a whole deal")
    if found.end_marker:
        parts.append(f"ends with an end-of-list marker; {found.trailing_bytes:,} bytes after it")
    for number, holdings in enumerate(found.first, start=1):
        parts.append(f"\ndiagram {number}:")
        for suit, seats in holdings.items():
            parts.append(f"  {suit}: " + "  ".join(f"{s} {r or '-'}" for s, r in seats.items()))
    return "\n".join(parts)


def match_lines(doc: Results) -> list[str]:
    """The score of a section that is one team match (a vugraph file, a match's PBN): each
    team's IMPs, and a carry-over with the score in all where the match has one (segment 0,
    as LIN's ``vg`` gives it).

    >>> from bridgeio.model.results import Entry, Event, Match, Results, Section, Segment
    >>> match = Match(1, 1, 2, 9.0, 4.0, segments=[Segment(0, 10.0, 0.5), Segment(1, 9.0, 4.0)])
    >>> teams = [Entry("1", 1, name="Aces"), Entry("2", 2, name="Bees")]
    >>> match_lines(Results([Event(sections=[Section("", entries=teams, matches=[match])])]))
    ['  Match: Aces 9 - Bees 4 IMPs; carried over 10 - 0.5: 19 - 4.5 in all']
    """
    lines = []
    for event in doc.events:
        for section in event.sections:
            if len(section.matches) != 1:
                continue
            match = section.matches[0]
            if match.home_imps is None or match.away_imps is None:
                continue
            teams = {e.number: e.name or str(e.number) for e in section.entries}
            home, away = teams.get(match.home, str(match.home)), teams.get(match.away, "")
            line = f"  Match: {home} {match.home_imps:g} - {away} {match.away_imps:g} IMPs"
            carried = next((s for s in match.segments if s.number == 0), None)
            if carried is not None:
                before = carried.home_imps or 0.0, carried.away_imps or 0.0
                line += f"; carried over {before[0]:g} - {before[1]:g}: "
                line += f"{before[0] + match.home_imps:g} - {before[1] + match.away_imps:g} in all"
            lines.append(line)
    return lines
