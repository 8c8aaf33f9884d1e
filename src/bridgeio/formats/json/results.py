"""Canonical JSON of results files (DESIGN.md): events, sections, entries, boards."""

from __future__ import annotations

from typing import Any

from bridgeio.model.results import Award, BoardResult, Entry, Event, Player, Results, Section


def results_document(results: Results, source: str | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "format": source or results.format or "json",
        "events": [event_json(e) for e in results.events],
    }
    if results.partial:
        document["partial"] = True
    if results.problems:
        document["problems"] = list(results.problems)
    return document


def event_json(event: Event) -> dict[str, Any]:
    return {
        "number": event.number,
        "name": event.name,
        "session_name": event.session_name,
        "date": event.date or event.date_text,
        "club": event.club,
        "club_number": event.club_number,
        "director": event.director,
        "kind": event.kind,
        "scoring": event.scoring,
        "rating": event.rating,
        "strats": [
            {"letter": s.get("letter", ""), "min_mp": s.get("min_mp"), "max_mp": s.get("max_mp")}
            for s in event.strats
        ],
        "sections": [section_json(s, event.kind) for s in event.sections],
    }


def section_json(section: Section, kind: str) -> dict[str, Any]:
    data = {
        "name": section.name,
        "movement": section.movement,
        "tables": section.tables,
        "rounds": section.rounds,
        "boards_per_round": section.boards_per_round,
        "board_top": section.board_top,
        "maximum_score": section.maximum_score,
        "entries": [entry_json(e) for e in section.entries],
        "boards": [
            {"number": b.number, "results": [result_json(r, kind) for r in b.results]}
            for b in section.results
        ],
    }
    if section.extra.get("session") is not None:
        data["session"] = section.extra["session"]
    if section.matches:
        data["matches"] = [
            {
                "round": m.round,
                "team": m.team,
                "opponent": m.opponent,
                "imps": m.imps,
                "victory_points": m.victory_points,
                "wins": m.wins,
                "boards": m.boards,
                "table": m.table,
            }
            for m in section.matches
        ]
    return data


def entry_json(entry: Entry) -> dict[str, Any]:
    return {
        "id": entry.id,
        "number": entry.number,
        "direction": entry.direction,
        "score": entry.score,
        "percentage": entry.percentage,
        "rank": entry.rank,
        "strat": entry.strat,
        "boards_played": entry.boards_played,
        "ranks": [
            {
                "rank": r.rank,
                "section": [r.section_low, r.section_high],
                "overall": [r.overall_low, r.overall_high],
                "qualified": r.qualified,
            }
            for r in entry.ranks
        ],
        "awards": awards_json(entry.awards),
        "players": [player_json(p) for p in entry.players],
    }


def player_json(player: Player) -> dict[str, Any]:
    return {
        "last_name": player.last_name,
        "first_name": player.first_name,
        "player_number": player.player_number,
        "masterpoints": player.masterpoints,
        "city": player.city,
        "state": player.state,
        "country": player.country,
        "rank": player.rank,
        "awards": awards_json(player.awards),
    }


def awards_json(awards: dict[str, list[Award]]) -> dict[str, list[dict[str, Any]]]:
    return {
        name: [{"points": a.points, "color": a.color, "ranking": a.ranking} for a in items]
        for name, items in awards.items()
        if items
    }


def result_json(result: BoardResult, kind: str) -> dict[str, Any]:
    data: dict[str, Any] = {"round": result.round, "table": result.table}
    if kind == "individual" and result.seats is not None:
        for seat, number, points in zip(
            "nesw", result.seats, result.points or (None,) * 4, strict=True
        ):
            data[seat] = number
            data[f"{seat}_points"] = points
        data.update(ns_score=result.ns_score, ew_score=result.ew_score)
        return data
    data.update(
        ns=result.ns,
        ew=result.ew,
        ns_score=result.ns_score,
        ew_score=result.ew_score,
        ns_points=result.ns_points,
        ew_points=result.ew_points,
    )
    if result.foul_group:
        data["foul_group"] = result.foul_group
    return data
