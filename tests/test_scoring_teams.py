"""Teams events scored in VPs with pairwise cross-IMPs (TeamsScorer): each figure checked
against its own meaning (the match IMPs of each board, the pairs' cross-IMPs against the
field, the VPs on the scale the file's matches make, the teams' totals and ranks), and a
changed figure or raw score reported where it is."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.analysis.scoring.vp_scales import MatchVps, fit_scale
from bridgeio.analysis.summary import scoring_words
from bridgeio.cli import run
from bridgeio.model.results import Results, Scoring

TEAMS = "world/usebio/jacquicollier__ukbridge-club-website__multiple-teams.xml"
LATIN = "iso-8859-1"


def read(path: Path) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": error: " in line]


def _changed(corpus: Path, tmp_path: Path, pattern: str, change) -> tuple[Path, str]:
    """A copy of the teams file with the middle match of ``pattern`` changed; the text
    before it (to say where it is)."""
    text = (corpus / TEAMS).read_text(encoding=LATIN)
    found = list(re.finditer(pattern, text))
    at = found[len(found) // 2]
    copied = tmp_path / "changed.xml"
    copied.write_text(text[: at.start()] + change(at) + text[at.end() :], LATIN)
    return copied, text[: at.start()]


def _match_of(before: str) -> str:
    home = re.findall(r"<TEAM>(\d+)</TEAM>", before)[-1]
    away = re.findall(r"<OPPOSING_TEAM>(\d+)</OPPOSING_TEAM>", before)[-1]
    return f"match {home} v {away}"


def test_teams_in_vps_with_pairwise_cross_imps_agree(corpus, capsys):
    results = read(corpus / TEAMS)
    event = results.events[0]
    assert event.scoring is Scoring.IMPS and event.match_scoring is Scoring.VICTORY_POINTS
    assert event.pairwise_scoring is Scoring.CROSS_IMPS
    match = event.sections[0].matches[0]
    assert (match.home_vp, match.away_vp) == (12.0, 8.0)  # TEAM_SCORE: VPs
    assert [b.imps for b in match.boards] == [0.0, 8.0, -6.0]  # each board's IMPS
    assert (match.home_imps, match.away_imps) == (8.0, 6.0)
    done = rescore(results)
    assert done.differences == [] and done.unchecked == []
    described = done.methods[1].describe()
    assert "pairwise cross-IMPs averaged over the other results, 2 decimals" in described
    assert "VPs on a 20-VP scale found from the file (IMP margin 0: 10, 1: 11, 2: 12" in described
    assert "team totals the VPs summed" in described
    # 120 boards of 40 matches; 80 IMP totals, 40 VPs and 10 team totals; 10 ranks
    assert done.agreement["boards"] == [120, 120]
    assert done.agreement["totals"] == [130, 130] and done.agreement["ranks"] == [10, 10]
    assert scoring_words(event) == "teams, VPs (IMPs a board, pairwise cross-IMPs)"
    assert run(["validate", str(corpus / TEAMS)]) == 0
    assert errors(capsys.readouterr().out) == []


def test_score_leaves_the_teams_file_as_it_is(corpus, tmp_path):
    out = tmp_path / "scored.xml"
    assert run(["score", str(corpus / TEAMS), str(out)]) == 0
    assert out.read_bytes() == (corpus / TEAMS).read_bytes()


def test_a_changed_raw_score_is_reported_at_its_board(corpus, tmp_path, capsys):
    copied, before = _changed(
        corpus, tmp_path, r"<SCORE>(-?\d+)</SCORE>", lambda m: f"<SCORE>{int(m[1]) + 1000}</SCORE>"
    )
    board = re.findall(r"<BOARD_NUMBER>(\d+)</BOARD_NUMBER>", before)[-1]
    assert run(["validate", "--verbose", str(copied)]) == 1
    said = [line.split(": error: ")[0] for line in errors(capsys.readouterr().out)]
    on_boards = [place for place in said if ", board " in place]
    assert on_boards and all(
        place.endswith(f"board {board}") or f"board {board}," in place for place in on_boards
    )
    assert any(place.endswith(f"{_match_of(before)}, board {board}") for place in on_boards)


def test_a_changed_board_imps_or_vp_is_reported_at_its_match(corpus, tmp_path, capsys):
    copied, before = _changed(
        corpus, tmp_path, r"<IMPS>(-?\d+)</IMPS>", lambda m: f"<IMPS>{int(m[1]) + 3}</IMPS>"
    )
    board = re.findall(r"<BOARD_NUMBER>(\d+)</BOARD_NUMBER>", before)[-1]
    assert run(["validate", "--verbose", str(copied)]) == 1
    said = errors(capsys.readouterr().out)
    assert any(f"{_match_of(before)}, board {board}: error: home IMPs" in x for x in said)
    copied, before = _changed(
        corpus,
        tmp_path,
        r"<TEAM_SCORE>(\d+)</TEAM_SCORE>\s*<OPPOSING_TEAM_SCORE>(\d+)<",
        lambda m: m[0].replace(f">{m[1]}<", f">{int(m[1]) + 3}<", 1),
    )
    assert run(["validate", "--verbose", str(copied)]) == 1
    said = errors(capsys.readouterr().out)
    assert any(f"{_match_of(before + '<TEAM_SCORE>')}: error: VPs" in x for x in said)


def test_the_canonical_json_keeps_board_imps_and_the_scorings(corpus, tmp_path, capsys):
    assert run(["dump", str(corpus / TEAMS)]) == 0
    document = json.loads(capsys.readouterr().out)
    event = document["events"][0]
    assert event["match_scoring"] == "victory_points"
    assert event["pairwise_scoring"] == "cross_imps"
    sections = event["sessions"][0]["sections"]  # (the file's one SESSION, as it has it)
    assert [b["imps"] for b in sections[0]["matches"][0]["boards"]] == [0, 8, -6]
    copied = tmp_path / "teams.json"
    copied.write_text(json.dumps(document))
    again = read(copied)
    assert again.events == read(corpus / TEAMS).events


@st.composite
def discrete_scales(draw) -> tuple[float, list[tuple[int, float]]]:
    """A discrete scale: its total and, from margin 0, each band's first margin and VPs."""
    total = draw(st.sampled_from([20.0, 30.0, 25.0, 10.0]))
    steps = draw(st.lists(st.integers(1, 4), min_size=3, max_size=int(total / 2)))
    bands, margin = [(0, total / 2)], 1
    for k, width in enumerate(steps, start=1):
        bands.append((margin, total / 2 + k))
        margin += width
    return total, bands


def _vps(bands: list[tuple[int, float]], margin: int) -> float:
    return [v for start, v in bands if start <= margin][-1]


@given(discrete_scales(), st.integers(0, 10_000))
def test_a_discrete_scale_is_found_and_a_match_sums_to_its_total(scale, seed):
    total, bands = scale
    rng = np.random.default_rng(seed)
    margins = rng.integers(-40, 41, size=30).tolist()
    matches = []
    for m in margins:
        winner = _vps(bands, abs(m))
        home = winner if m >= 0 else total - winner
        matches.append(MatchVps(m, 3, home, total - home))
    fit = fit_scale(matches)
    assert fit.agree == len(matches) and fit.wrong == {}
    assert fit.total == total
    for m in margins:
        home, away = fit.vps(m, 3) or (None, None)
        assert home is not None and away is not None and home + away == total
    # one match given a VP more than its band: it alone is said
    odd = int(np.argmax(np.abs(margins)))
    wrong = list(matches)
    wrong[odd] = MatchVps(margins[odd], 3, matches[odd].home + 1, matches[odd].away - 1)
    fit = fit_scale(wrong)
    assert set(fit.wrong) <= {odd}


@pytest.mark.parametrize("boards", [3, 8, 16])
def test_the_wbf_scale_is_chosen_where_it_reproduces_the_matches(boards):
    from bridgeio.analysis.scoring.victory_points import match_victory_points

    matches = [
        MatchVps(m, boards, *match_victory_points(max(m, 0), max(-m, 0), boards))
        for m in range(-30, 31, 3)
    ]
    fit = fit_scale(matches)
    assert fit.describe() == "the WBF 2013 continuous scale" and fit.agree == len(matches)
    assert all(sum(fit.vps(m.margin, boards) or (0, 0)) == 20.0 for m in matches)
