"""Comparing our reading of an ACBLscore game file with ACBLgamedump's (Matthew Kidd's) JSON.

Returns a list of differences, each naming the field: an empty list is full agreement.
"""

from __future__ import annotations

import json
from pathlib import Path

from bridgeio.formats.acblscore.decode import parse_date
from bridgeio.model.results import Results

MOVEMENTS = {"Mitchell": "mitchell", "Howell": "howell"}
SPECIAL = {
    "late_play": "Late Play",
    "not_played": "Not Played",
    "ave-": "Ave-",
    "ave": "Ave",
    "ave+": "Ave+",
    "not_in_play": "Not In Play",
}


def their_score(score):
    return SPECIAL.get(score, score) if isinstance(score, str) else score


def their_entry_key(entry) -> str:
    side = entry.direction.value[0] if entry.direction else entry.seat.char if entry.seat else ""
    return f"{entry.number}{side}"


def awards_of(ours) -> list[list]:
    return [[a.points, a.color, a.ranking] for a in ours]


DOCUMENTED = {
    "rating 47": "the document lists rating 47 as 'Pupil Game'; ACBLgamedump 1.0.6 has no name "
    "for it (null).",
}


def compare(ours: Results, expected_path: Path, documented: list[str] | None = None) -> list[str]:
    """Undocumented differences; documented ones (DOCUMENTED) are appended to ``documented``."""
    theirs = json.loads(expected_path.read_text())
    differences: list[str] = []
    noted = documented if documented is not None else []

    def check(place: str, mine, theirs_value) -> None:
        if mine != theirs_value and not (
            isinstance(mine, float)
            and isinstance(theirs_value, int | float)
            and abs(mine - theirs_value) < 0.005
        ):
            differences.append(f"{place}: ours {mine!r}, theirs {theirs_value!r}")

    their_events = theirs[0]["event"]
    check("events", len(ours.events), len(their_events))
    for event, their_event in zip(ours.events, their_events, strict=False):
        where = f"event {event.number}"
        check(f"{where} name", event.name, their_event["event_name"])
        check(f"{where} date", event.kept.date_text, their_event["date"])
        check(f"{where} date parsed", event.date, parse_date(their_event["date"]))
        # In tournament mode ACBLgamedump calls the club field "tournament" and leaves out the
        # club number (bridgeio reads the field all the same).
        check(f"{where} club", event.club, their_event.get("club", their_event.get("tournament")))
        check(f"{where} director", event.director, their_event.get("director", ""))
        check(f"{where} city", event.city, their_event.get("city", ""))
        if "club_num" in their_event:
            check(f"{where} club number", event.club_number, their_event["club_num"])
        if their_event["rating"] is None and their_event["rating_id"] == 47:
            noted.append(f"{where} rating 47")
        else:
            check(f"{where} rating", event.rating, their_event["rating"])
        their_sections = their_event["section"]
        check(f"{where} sections", sorted(s.name for s in event.sections), sorted(their_sections))
        for section in event.sections:
            their_section = their_sections.get(section.name)
            if their_section is None:
                continue
            compare_section(section, their_section, f"{where} section {section.name}", check, noted)
    return differences


def compare_section(section, theirs: dict, where: str, check, noted: list[str]) -> None:
    check(f"{where} movement", section.movement, MOVEMENTS.get(theirs["movement_type"]))
    check(f"{where} tables", section.tables, theirs["ntables"])
    check(f"{where} rounds", section.rounds, theirs["rounds"])
    check(f"{where} board top", section.board_top, theirs["board_top"])
    entries = {their_entry_key(e): e for e in section.entries}
    check(f"{where} distinct entries", len(entries), len(section.entries))
    check(f"{where} entries", sorted(entries), sorted(theirs["entry"]))
    for key, their_entry in theirs["entry"].items():
        entry = entries.get(key)
        if entry is None:
            continue
        at = f"{where} entry {key}"
        check(f"{at} score", entry.score, their_entry["score_session"])
        check(f"{at} percentage", entry.percentage, their_entry["pct"])
        check(f"{at} strat", entry.strat, their_entry["strat_num"])
        their_ranks = [
            [
                r["rank"],
                r["section_rank_low"],
                r["section_rank_high"],
                r["overall_rank_low"],
                r["overall_rank_high"],
                bool(r["qual_flag"]),
            ]
            for r in their_entry["rank"]
        ]
        our_ranks = [
            [r.rank, r.section_low, r.section_high, r.overall_low, r.overall_high, r.qualified]
            for r in entry.ranks[: len(their_ranks)]
        ]
        check(f"{at} ranks", our_ranks, their_ranks)
        for name in ("previous", "current", "total"):
            check(
                f"{at} {name} award",
                awards_of(entry.awards.get(name, [])),
                [a[:3] for a in their_entry.get("award", {}).get(name, [])],
            )
        check(f"{at} players", len(entry.players), len(their_entry["player"]))
        for n, (player, their_player) in enumerate(
            zip(entry.players, their_entry["player"], strict=False), start=1
        ):
            pat = f"{at} player {n}"
            check(f"{pat} last name", player.last_name, their_player["lname"])
            check(f"{pat} first name", player.first_name, their_player["fname"])
            check(f"{pat} number", player.player_number, their_player["pnum"])
            check(f"{pat} masterpoints", player.masterpoints, their_player["mp_total"])
            check(f"{pat} city", player.city, their_player["city"])
            check(f"{pat} state", player.state, their_player["state"])
            for name in ("previous", "current", "total"):
                check(
                    f"{pat} {name} award",
                    awards_of(player.awards.get(name, [])),
                    [a[:3] for a in their_player.get("award", {}).get(name, [])],
                )
    boards = {str(b.number): b for b in section.results}
    check(f"{where} boards", sorted(boards, key=int), sorted(theirs.get("board", {}), key=int))
    for number, their_rows in theirs.get("board", {}).items():
        board = boards.get(number)
        if board is None:
            continue
        rows = [
            [
                r.round,
                r.table,
                r.ns,
                their_score(r.ns_score),
                r.ns_points,
                r.ew,
                their_score(r.ew_score),
                r.ew_points,
            ]
            for r in board.results
        ]
        check(f"{where} board {number}", rows, their_rows)
