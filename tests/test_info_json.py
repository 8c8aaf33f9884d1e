"""``bridgeio info --json``: one JSON document a file, in the README's shape, for every
document kind; each read back and compared with what ``bridgeio.read`` gives for the file (and
with the text ``info`` shows, which is made from the same summary)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model.deals import DealSet
from bridgeio.model.diagrams import DiagramSet

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def info_json(capsys: pytest.CaptureFixture[str], *paths: Path) -> list[dict[str, object]]:
    status = run(["info", "--json", *map(str, paths)])
    out = capsys.readouterr().out
    assert status in (0, 1), out
    return [json.loads(line) for line in out.splitlines()]


def test_results_events_sections_and_standings(corpus: Path, capsys) -> None:
    path = corpus / "acblscore" / "750-club_170727.ACM"
    [found] = info_json(capsys, path)
    doc = bridgeio.read(path)
    assert found["format"] == "acblscore" and found["kind"] == "results"
    assert found["partial"] is False and isinstance(found["problems"], list)
    events = found["events"]
    assert [e["number"] for e in events] == [e.number for e in doc.events]
    for shown, event in zip(events, doc.events, strict=True):
        assert shown["date"] == (event.date.isoformat() if event.date else None)
        assert shown["kind"] == event.kind and shown["scoring"] == event.scoring
        for section_json, section in zip(shown["sections"], event.sections, strict=True):
            assert section_json["name"] == section.name
            assert section_json["tables"] == section.tables
            rows = {(r["direction"], r["number"]): r for r in section_json["standings"]}
            assert len(rows) == len(section.entries)
            for entry in section.entries:
                row = rows[(entry.direction, entry.number)]
                assert row["rank"] == entry.rank and row["percentage"] == entry.percentage
                assert row["score"] == entry.score
                assert len(row["names"]) == len([p for p in entry.players if p.name])
    ranks = [r["rank_text"] for s in events[0]["sections"] for r in s["standings"]]
    assert ranks.count("6-7") == 2  # the span the file records, as the text shows it


def test_a_damaged_file_says_so_with_its_problems(corpus: Path, capsys) -> None:
    [cut] = sorted((corpus / "acblscore").glob("truncated_*"))
    [found] = info_json(capsys, cut)
    assert found["partial"] is True
    errors = [p for p in found["problems"] if p["severity"] == "error"]
    assert errors and all(set(p) == {"severity", "place", "message"} for p in errors)


def test_movement_grid_and_guide_cards(corpus: Path, capsys) -> None:
    path = sorted((corpus / "asc").glob("*"))[0]
    [found] = info_json(capsys, path)
    movement = bridgeio.read(path)
    assert found["kind"] == "movement" and found["participants"] == movement.participants
    assert len(found["schedule"]) == len(movement.schedule)
    for row, tables in zip(found["schedule"], movement.schedule, strict=True):
        assert row == [None if t is None else list(t.seats) for t in tables]
    for contestant, card in found["guide_cards"].items():
        played = [(r, t, d, g) for r, t, d, g in movement.seating(int(contestant))]
        shown = [(r, s["table"], s["direction"], s["group"]) for r, s in enumerate(card, 1) if s]
        assert shown == played


def test_tournaments_in_sort_order(corpus: Path, capsys) -> None:
    path = sorted((corpus / "chessbase").glob("*.cbt"))[0]
    [found] = info_json(capsys, path)
    index = bridgeio.read(path)
    assert found["kind"] == "tournaments" and found["slots"] == len(index.tournaments)
    assert [t["id"] for t in found["tournaments"]] == index.sort_order()
    first = index.tournaments[index.sort_order()[0]]
    assert found["tournaments"][0]["title"] == first.title


def test_deals_and_diagrams(tmp_path: Path, capsys) -> None:
    deals = bridgeio.read(EXAMPLES / "deals.pbn")
    assert isinstance(deals, DealSet)
    for name in ("zrd", "zbs"):
        bridgeio.write(deals, tmp_path / f"d.{name}")
    zrd, zbs = info_json(capsys, tmp_path / "d.zrd", tmp_path / "d.zbs")
    assert zrd["kind"] == "deals" and zrd["records"] == len(deals) and zrd["cards"] is True
    assert zrd["tricks"] == ("all" if deals.tricks is not None else None)
    first = zrd["first"][0]
    assert first["deal"] == deals[0].pbn() and first["dd"] == deals[0].dd()
    diagrams = bridgeio.read(tmp_path / "d.zbs")
    assert isinstance(diagrams, DiagramSet)
    assert zbs["kind"] == "diagrams" and zbs["diagrams"] == len(diagrams)
    assert zbs["first"][0] == diagrams[0].holdings() and zbs["whole_deals"] is True


def test_a_file_that_cannot_be_read_prints_no_json(tmp_path: Path, capsys) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    assert run(["info", "--json", str(text)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "notes.txt" in captured.err


def test_a_teams_event_in_vps_says_how_its_matches_and_pairs_are_scored(
    corpus: Path, capsys
) -> None:
    path = corpus / "world" / "usebio" / "jacquicollier__ukbridge-club-website__multiple-teams.xml"
    if not path.exists():
        pytest.skip(f"{path} is not in this corpus")
    [found] = info_json(capsys, path)
    [event] = found["events"]  # type: ignore[misc]
    assert event["kind"] == "teams" and event["scoring"] == "imps"
    assert (event["match_scoring"], event["pairwise_scoring"]) == ("victory_points", "cross_imps")
    assert event["scoring_text"] == "VPs (IMPs a board, pairwise cross-IMPs)"
    assert run(["info", str(path)]) == 0
    assert "  teams, VPs (IMPs a board, pairwise cross-IMPs)" in capsys.readouterr().out
