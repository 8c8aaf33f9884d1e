"""A board number dealt again with other cards in one file (rpbridge's compilations number
each segment's boards from 1: endplay's example3.pbn) shows no hands, rather than the first
deal's hands beside plays made with other cards; its plays are solved with the deal each
was played in (tests/test_play_cost.py)."""

from __future__ import annotations

from pathlib import Path

import bridgeio
from bridgeio.double_dummy.play_cost import deal_holders
from bridgeio.model.results import Results
from bridgeio.recap.page import game_page

SPADES = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
HEARTS = "N:.AKQJT98765432.. AKQJT98765432... ..AKQJT98765432. ...AKQJT98765432"


def _segment(stage: str, deal: str, board: int = 1) -> str:
    line = '[Declarer "N"]\n[Contract "7S"]\n[Result "13"]\n'
    return (
        f'[Event "Cup"]\n[Stage "{stage}"]\n[HomeTeam "A"]\n[VisitTeam "B"]\n'
        f'[Board "{board}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{deal}"]\n'
        f"{line}\n{line}\n"
    )


def _read(tmp_path: Path, text: str) -> Results:
    path = tmp_path / "cup.pbn"
    path.write_text(text)
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    return doc


def test_a_number_dealt_again_with_other_cards_shows_no_hands(tmp_path: Path) -> None:
    doc = _read(tmp_path, _segment("Final:1", SPADES) + _segment("Final:2", HEARTS))
    event = doc.events[0]
    assert [len(v) for v in deal_holders(event.deals).values()] == [2]  # a play picks its own
    page = game_page(event, "cup.pbn")
    assert 'class="hand ' not in page
    assert "Board 1 is dealt more than once in this file" in page


def test_a_deal_given_again_alike_and_other_numbers_keep_their_hands(tmp_path: Path) -> None:
    text = _segment("Final:1", SPADES) + _segment("Final:2", SPADES)
    text += _segment("Final:2", HEARTS, board=2)
    event = _read(tmp_path, text).events[0]
    assert {n: len(v) for n, v in deal_holders(event.deals).items()} == {1: 1, 2: 1}
    page = game_page(event, "cup.pbn")
    assert page.count('class="hand ') == 8 and "dealt more than once" not in page


def test_each_room_of_a_turned_robot_match_is_solved_in_its_own_deal(tmp_path: Path) -> None:
    # ThorvaldAagaard/Bridge-Robot-Utilities' GIB match: the closed room holds each deal
    # turned a seat (its Deal tag starts a seat on), so the first deal fits half the plays
    import subprocess

    import pytest

    from bridgeio.double_dummy.play_cost import play_to_solve

    git = Path("/work/.mirror/ThorvaldAagaard+Bridge-Robot-Utilities/repo")
    git = git / ".git" if (git / ".git").is_dir() else git
    name = "Example/Match- GIBNS v GIBEW.pbn"
    shown = subprocess.run(
        ["git", "--git-dir", str(git), "show", f"HEAD:{name}"], capture_output=True, check=False
    )
    if shown.returncode:
        pytest.skip(f"{name} is not mirrored under {git}")
    path = tmp_path / "match.pbn"
    path.write_bytes(shown.stdout)
    doc = bridgeio.read(path)
    assert isinstance(doc, Results)
    event = doc.events[0]
    holders = deal_holders(event.deals)
    from bridgeio.model.results import outside_matches

    boards = [b for s in event.sections for b in outside_matches(s)]
    boards += [b for s in event.sections for m in s.matches for b in m.boards]
    lines = [(b.number, line) for b in boards for line in b.results]
    plays = [play_to_solve(line, holders.get(number)) for number, line in lines]
    assert len(plays) == 8 and all(p is not None and p.solvable() for p in plays)
    turned = [p for (n, _), p in zip(lines, plays, strict=True) if p.holder is not holders[n][0]]
    assert len(turned) == 4  # the closed room's


def test_an_ending_shows_its_hands_and_a_broken_deal_none(tmp_path: Path) -> None:
    # a teaching file's problem: two cards a hand (Anakin100100/zaobridge's LIN endings)
    path = tmp_path / "ending.lin"
    path.write_text("qx|A1|md|4S73,SK6,SAQ,SJT|mb|1n|mb|p|mb|p|mb|p|pg||\n")
    page = game_page(bridgeio.read(path).events[0], "ending.lin")  # type: ignore[union-attr]
    assert page.count('class="hand ') == 4 and "J 10" in page
    path.write_text("qx|A1|md|4S73,SK6J,SAQ,ST|mb|1n|mb|p|mb|p|mb|p|pg||\n")  # 2, 3, 2, 1
    page = game_page(bridgeio.read(path).events[0], "ending.lin")  # type: ignore[union-attr]
    assert 'class="hand ' not in page


def test_a_line_without_players_names_no_pair_0(tmp_path: Path) -> None:
    path = tmp_path / "ending.lin"
    path.write_text("qx|A1|md|4S73,SK6,SAQ,SJT|mb|1n|mb|p|mb|p|mb|p|pg||\n")
    page = game_page(bridgeio.read(path).events[0], "ending.lin")  # type: ignore[union-attr]
    assert "table 1, — v — · 1NT" in page and ">0<" not in page
