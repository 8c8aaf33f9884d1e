"""What USEBIO requires of an event that a results model may lack (from a format that does
not record it): a DATE, each traveller line's SCORE and pairs, a match-pointed line's points,
each pair's PERCENTAGE (matchpoints) or TOTAL_SCORE (IMPs, VPs). The writer writes what the
model holds; each kind of lack is one error naming what the source lacks, so that a conversion
says so and exits 1 rather than write a file bridgeio's own validator rejects in silence.

>>> from bridgeio.model.results import BoardResult, Board, Event, Section
>>> lines = [BoardResult(1, 1, 1, 2), BoardResult(1, 2, 3, 4, 420, -420, 1.0, 0.0)]
>>> event = Event(1, sections=[Section("A", results=[Board(7, lines)])])
>>> for what in lacks(event): print(what)
a date (EVENT needs a DATE)
a score on 1 of 2 table results (USEBIO's TRAVELLER_LINE needs a SCORE)
matchpoints on 1 of 2 table results (a match-pointed TRAVELLER_LINE needs NS_MATCH_POINTS and \
EW_MATCH_POINTS)
entries for 4 pairs the traveller lines name (USEBIO's PARTICIPANTS lists each)
"""

from __future__ import annotations

from collections.abc import Iterator

from bridgeio.errors import report
from bridgeio.formats.usebio.entries import id_maps
from bridgeio.formats.usebio.names import ENTRY_TAG_OF_KIND
from bridgeio.formats.usebio.write_boards import pairless
from bridgeio.model.results import BoardResult, Event, EventKind, Scoring, Section


def lacks(event: Event) -> Iterator[str]:
    """What ``event`` lacks of what USEBIO requires, one text a kind."""
    if event.date is None:
        yield "a date (EVENT needs a DATE)"
    lines = [line for section in event.sections for line in _lines(section)]
    unscored = sum(line.ns_score is None for line in lines)
    if unscored:
        yield (
            f"a score on {unscored} of {len(lines)} table results (USEBIO's TRAVELLER_LINE "
            "needs a SCORE)"
        )
    matchpoints = event.scoring is Scoring.MATCHPOINTS
    if matchpoints and event.kind is not EventKind.TEAMS:
        pointless = sum(
            line.seats is None and (line.ns_points is None or line.ew_points is None)
            for line in lines
        )
        if pointless:
            yield (
                f"matchpoints on {pointless} of {len(lines)} table results (a match-pointed "
                "TRAVELLER_LINE needs NS_MATCH_POINTS and EW_MATCH_POINTS)"
            )
    if event.kind is EventKind.PAIRS:
        unnamed = sum(len(_unnamed(section)) for section in event.sections)
        if unnamed:
            yield (
                f"entries for {unnamed} pairs the traveller lines name (USEBIO's PARTICIPANTS "
                "lists each)"
            )
    entries = [entry for section in event.sections for entry in section.entries]
    if event.kind is not EventKind.INDIVIDUAL:
        placeless = sum(entry.rank is None and entry.score is None for entry in entries)
        if placeless:
            yield (
                f"a rank or total of {placeless} entries ({_tag(event)} needs a PLACE: "
                "its place by total)"
            )
    if matchpoints and event.kind is EventKind.PAIRS:
        missing = sum(entry.percentage is None for entry in entries)
        if missing:
            yield (
                f"a percentage of {missing} pairs (a PAIR of a match-pointed event needs a "
                "PERCENTAGE)"
            )
    elif not matchpoints:
        missing = sum(entry.score is None for entry in entries)
        if missing:
            yield (
                f"a total of {missing} entries (a {_tag(event)} of an IMP or VP event needs a "
                "TOTAL_SCORE)"
            )


def report_lacks(event: Event, source: str | None) -> None:
    """Each lack of ``event`` as an error (a conversion then exits 1; the file is written)."""
    of = f"the {source} source" if source else "the source"
    for what in lacks(event):
        kind = "usebio needs " + what.split(" (")[0].split(" on ")[0].split(" of ")[0]
        report(None, f"event {event.number}", f"{of} lacks {what}", "error", kind)


def _tag(event: Event) -> str:
    """The element an entry of ``event`` is written as."""
    return ENTRY_TAG_OF_KIND[event.kind]


def _lines(section: Section) -> Iterator[BoardResult]:
    """A section's traveller lines (a team match's among them)."""
    for board in section.results:
        yield from (x for x in board.results if not (x.sit_out or pairless(x)))  # (unwritten)
    for match in section.matches:
        for board in match.boards:
            yield from board.results


def _unnamed(section: Section) -> set[tuple[str, int]]:
    """Pairs (side, number) the section's lines name that none of its entries is."""
    ns, ew = id_maps(section.entries)
    missing = set()
    for board in section.results:
        for line in board.results:
            if line.seats is not None or line.sit_out or pairless(line):
                continue
            if line.ns not in ns:
                missing.add(("NS", line.ns))
            if line.ew not in ew:
                missing.add(("EW", line.ew))
    return missing
