"""LIN (BBO's hand viewer, "my hands" and vugraph files) read into the results model, on real
files: the shared corpus's world/lin, and public repositories' LIN files where a mirror of
them is on this machine (tested in place, skipped with a reason where absent). endplay's LIN
parser is the independent reader: deals, dealers and auctions equal its reading of the same
file wherever it reads the file."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring.imps import imps
from bridgeio.errors import collect
from bridgeio.formats.lin.checks import check
from bridgeio.formats.lin.reader import read_lines
from bridgeio.formats.lin.sniff import sniff
from bridgeio.model.cards import Seat, Strain
from bridgeio.model.deals import Deal
from bridgeio.model.imps import imps_of
from bridgeio.model.results import BoardResult, Results
from tests.conftest import CORPUS

WORLD = CORPUS / "world" / "lin"
MIRROR = Path("/work/.mirror")
PUBLIC = {  # repository (mirrored as owner+name) and the LIN files it holds
    "Anakin100100+zaobridge": ["example.lin"],  # a teaching file: 56 endings, calls run together
    "ThorvaldAagaard+Bridge-Robot-Utilities": [
        "Example/Match- GIBNS v GIBEW 1-4.lin",
        "Example/Match- GIBNS v GIBEW BC 1-4.lin",
    ],
    "dominicprice+endplay": ["tests/lin/example1.lin"],
    "kevinywlui+lin2pbn": ["test.lin"],
    "rthorst+Bridge": ["sample.lin"],  # BBO vugraph: 2016 Spingold QF, segment 4 of 4
    "sihengz02+bridge-lin2json-parser": [f"raw_file/{n}.lin" for n in range(74800, 74808)],
}
VUGRAPH = "ThorvaldAagaard__Bridge-Robot-Utilities__Match-GIBNS_v_GIBEW_1-4.lin"
HAND = "kevinywlui__lin2pbn__test.lin"
DAMAGED = {  # a file's deals that are not sound, by line: said as errors, the rest read
    # a rank before any suit (lines 109, 176, 279: "JT", "4AQT...", "1aA92"), D6 in two hands
    "Anakin100100+zaobridge__example.lin": ["line 109", "line 176", "line 244", "line 279"],
}
_CALL = re.compile(r"[1-7](?:nt|[cdhsn])|xx|pass|[pdrx]", re.IGNORECASE)


def _public(tmp: Path) -> list[Path]:
    """The public repositories' LIN files, taken out of their mirrors (git objects) into
    ``tmp``: the files as their repositories hold them."""
    import subprocess

    found = []
    for repo, paths in PUBLIC.items():
        git = MIRROR / repo / "repo"
        if (git / ".git").is_dir():
            git = git / ".git"
        if not git.is_dir():
            continue
        for path in paths:
            shown = subprocess.run(
                ["git", "--git-dir", str(git), "show", f"HEAD:{path}"], capture_output=True
            )
            if shown.returncode == 0:
                out = tmp / f"{repo}__{path.replace('/', '__')}"
                out.write_bytes(shown.stdout)
                found.append(out)
    return found


@pytest.fixture(scope="module")
def real_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    files = sorted(WORLD.glob("*.lin")) if WORLD.is_dir() else []
    files += _public(tmp_path_factory.mktemp("public"))
    if not files:
        pytest.skip(f"no LIN file here: neither {WORLD} nor mirrors under {MIRROR}")
    return files


def _lines(results: Results) -> list[BoardResult]:
    section = results.events[0].sections[0]
    boards = section.results + [b for m in section.matches for b in m.boards]
    return [line for board in boards for line in board.results]


def test_every_real_file_reads_with_every_call_and_card(real_files: list[Path]) -> None:
    assert len(real_files) >= 2
    for path in real_files:
        text = path.read_text(encoding="utf-8", errors="replace")
        with collect() as found:
            results = bridgeio.read(path)
        assert isinstance(results, Results) and results.format == "lin"
        lines = _lines(results)
        calls = sum(len(line.auction.calls) for line in lines if line.auction)
        cards = sum(len(line.play.cards) for line in lines if line.play)
        # each mb| one call, or several run together (a teaching file's mb|1nppp|)
        assert calls == sum(len(_CALL.findall(v)) for v in re.findall(r"mb\|([^|]*)\|", text))
        assert calls >= text.count("mb|"), path.name
        assert cards == text.count("pc|"), path.name
        for line in lines:  # the reader's tricks (all a file's plays at once) are the model's
            if line.play is not None and line.play.claim is None and line.contract is not None:
                assert line.tricks == line.play.declarer_tricks(line.contract), path.name
        errors = [p.place.split(",")[0] for p in found.problems if p.severity == "error"]
        assert errors == DAMAGED.get(path.name, []), path.name
        # every deal a line (a vugraph file's rs| results add lines without one)
        assert len(lines) >= len(re.findall(r"(?:^|\|)\s*md\|", text)), path.name
        # the files agree with themselves, but for claims that are not the result (3 boards of
        # BBO's vugraph files 74804, 74806, 74807: a claim disputed, or the result mistyped)
        assert [p.message for p in check(path) if p.severity == "error"] == [], path.name


def _endplay_calls(board: object) -> list[str]:
    from endplay.types import ContractBid

    texts = []
    for bid in board.auction:  # type: ignore[attr-defined]
        if isinstance(bid, ContractBid):
            texts.append(f"{bid.level}{Strain(int(bid.denom)).text}")
        else:
            texts.append({"passed": "P", "doubled": "X", "redoubled": "XX"}[bid.penalty.name])
    return texts


def test_deals_and_auctions_equal_endplays(real_files: list[Path]) -> None:
    from endplay.parsers import lin as endplay_lin

    compared = files = 0
    for path in real_files:
        theirs = _endplays(endplay_lin, path.read_text(encoding="utf-8", errors="replace"))
        results, lines = read_lines(str(path))
        ours = [line for line in lines if line.board.seats is not None]
        if theirs is None or len(theirs) != len(ours):
            continue  # endplay cannot read it (a vugraph file without a pn| a board)
        # a vugraph file's boards in endplay's order: as the file gives them
        ours.sort(key=_line_number)
        for line, board in zip(ours, theirs, strict=True):
            assert Deal(line.board.seats).pbn() == board.deal.to_pbn(), path.name
            assert line.board.dealer == Seat(int(board.dealer)), path.name
            auction, play = line.result.auction, line.result.play
            calls = [c.text for c in auction.calls] if auction is not None else []
            assert calls == _endplay_calls(board), path.name
            alerted = {i for i, bid in enumerate(board.auction) if bid.alertable}
            assert set(auction.alerted if auction is not None else ()) == alerted, path.name
            cards = [str(c)[::-1] for c in play.cards] if play is not None else []
            assert (
                cards
                == [  # endplay: rank, suit
                    str(c).translate(str.maketrans("♠♥♦♣", "SHDC"))[::-1] for c in board.play
                ]
                or not board.play
            )
            compared += 1
        files += 1
    # 3 hand-viewer boards, both GIB vugraph matches' 16 lines, BBO's vugraph files: the 8 of
    # sihengz02's and the Spingold segment's 30 lines, where their mirrors are here
    assert compared >= 3 * 1 + 8 * 2 and files >= 2
    print(f"{compared} boards of {files} files equal endplay's reading")


def _line_number(line: object) -> int:
    return int(line.board.place.split(",")[0].split()[1])  # type: ignore[attr-defined]


def _endplays(endplay_lin: object, text: str) -> list | None:  # type: ignore[type-arg]
    """endplay's boards with a deal, reading the text; where it cannot, the text without the
    vugraph header's players (eight names, which endplay cannot unpack); where it reads no
    board, that text with players named before each ``qx|`` (endplay starts a board at
    ``pn|`` only), then without commentary; None where it still cannot."""
    headless = re.sub(r"pn\|([^|,]*,){7}[^|]*\|", "", text)
    named = headless.replace("qx|", "pn|s,w,n,e|qx|")
    # and without commentary (endplay takes nt| for the last call's explanation, and fails
    # before a call), sv|0 spelt sv|o as endplay knows it
    plain = re.sub(r"nt\|[^|]*\|", "", named).replace("sv|0|", "sv|o|")
    for attempt in (text, headless, named, plain):
        try:
            boards = endplay_lin.loads(attempt.replace("\r\n", "").replace("\n", ""))  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001, S112 - endplay refuses it: try the next, or give up
            continue
        found = [b for b in boards if b.deal is not None]
        if found:
            return found
    return None


def test_a_vugraph_file_is_a_teams_match_of_two_rooms(real_files: list[Path]) -> None:
    path = next((p for p in real_files if p.name == VUGRAPH), None)
    if path is None:
        pytest.skip(f"{VUGRAPH} is not in {WORLD}")
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    section = results.events[0].sections[0]
    (match,) = section.matches
    text = path.read_text()
    rs = text.split("rs|", 1)[1].split("|", 1)[0].split(",")
    assert len(match.boards) == len(rs) // 2 == 4
    for board in match.boards:
        rooms = {line.room: line for line in board.results}
        assert set(rooms) == {"open", "closed"}
        open_line, closed_line = rooms["open"], rooms["closed"]
        assert (open_line.ns, open_line.ew, closed_line.ns, closed_line.ew) == (1, 2, 2, 1)
        given = rs[2 * board.number - 2 : 2 * board.number]
        for line, text in zip((open_line, closed_line), given, strict=True):
            assert line.contract is not None
            assert text.startswith(line.contract.text.replace("NT", "N"))
        assert isinstance(open_line.ns_score, int) and isinstance(closed_line.ns_score, int)
        assert board.imps == imps(open_line.ns_score - closed_line.ns_score)
    won = [b.imps for b in match.boards if b.imps is not None]
    assert match.home_imps == sum(i for i in won if i > 0)
    assert [e.name for e in section.entries] == ["GIBNS", "GIBEW"]


def test_the_imp_table() -> None:
    # WBF's scale at its edges (differences in points are multiples of 10): 20-40 is 1, 4000
    # and more 24; the model's table, which the vugraph reader uses
    assert [imps_of(d) for d in (0, 10, 20, 40, 50, 2490, 2500, 3990, 4000, 9000)] == [
        0, 0, 1, 1, 2, 20, 21, 23, 24, 24,
    ]  # fmt: skip
    assert imps_of(-620) == -12


def test_dump_reads_back_the_same_model(real_files: list[Path], tmp_path: Path) -> None:
    for path in real_files:
        results = bridgeio.read(path)
        out = tmp_path / f"{path.stem}.json"
        bridgeio.write(results, out)
        back = bridgeio.read(out)
        assert isinstance(back, Results)
        assert _lines(back) == _lines(results), path.name


# --------------------------------------------------------------- damage and disagreement


def _hand(tmp_path: Path, text: str, name: str = "x.lin") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


HAND_TEXT = (
    "pn|s,w,n,e|st||md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|rh||ah|Board 1|sv|o|"
    "mb|1S|mb|p|mb|p|mb|p|pc|C2|pc|S2|pc|H2|pc|D2|mc|13|"
)


def test_a_hand_viewer_line(tmp_path: Path) -> None:
    results = bridgeio.read(_hand(tmp_path, HAND_TEXT))
    assert isinstance(results, Results)
    (line,) = _lines(results)
    assert line.contract is not None and line.contract.text == "1S"
    assert line.declarer is Seat.NORTH  # dealer 3 is North; hands go S, W, N, E
    assert (line.tricks, line.ns_score, str(line.lead)) == (13, 260, "C2")
    assert [p.last_name for e in results.events[0].sections[0].entries for p in e.players] == [
        "n", "s", "e", "w",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "found"),
    [
        (("mb|p|mb|p|mb|p|", "mb|1H|mb|p|mb|p|mb|p|"), "call 2 (E): 1H after 1S is insufficient"),
        (("pc|S2|", "pc|H3|"), "card 2 (trick 1): H3 is not a card of S (held by W)"),
        (("mc|13|", "mc|0|"), "a claim of 0 tricks"),
    ],
)
def test_validate_says_where_auction_and_play_break_the_rules(
    tmp_path: Path, change: tuple[str, str], found: str
) -> None:
    path = _hand(tmp_path, HAND_TEXT.replace(*change))
    messages = [f"{p.place}: {p.message}" for p in bridgeio.validate(path)]
    assert any(found in m and m.startswith("board 1, line 1") for m in messages), messages


def test_validate_says_where_a_result_disagrees_with_the_play(
    real_files: list[Path], tmp_path: Path
) -> None:
    path = next((p for p in real_files if p.name == VUGRAPH), None)
    if path is None:
        pytest.skip(f"{VUGRAPH} is not in {WORLD}")
    text = path.read_text()
    damaged = _hand(tmp_path, text.replace("rs|2SN+1,2SN=,", "rs|3SN=,2SN+1,", 1))
    messages = sorted(f"{p.place}: {p.message}" for p in bridgeio.validate(damaged))
    assert len(messages) == 2
    assert messages[0].startswith("board 1 (closed room)")
    assert messages[0].endswith("the play gives declarer 8 tricks, the result 9")
    assert messages[1].startswith("board 1 (open room)")
    assert messages[1].endswith("the auction names 2S by N, the result 3S by N")


def test_a_revoke_in_a_real_play_is_found(real_files: list[Path], tmp_path: Path) -> None:
    path = next((p for p in real_files if p.name == HAND), None)
    if path is None:
        pytest.skip(f"{HAND} is not in {WORLD}")
    # trick 2: E leads the S2 and South, whose one spade is the SJ, plays the H4 instead
    text = path.read_text().replace("pc|S2|pc|SJ|", "pc|S2|pc|H4|", 1)
    messages = [p.message for p in bridgeio.validate(_hand(tmp_path, text))]
    assert "card 6 (trick 2): a revoke: S plays H4 on S2 led, holding SJ" in messages


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("", "line 1, column 1"),
        ("hello world, no tags at all\n", "line 1, column 1"),
        ("st||rh||pg||", "line 1, column 1"),
    ],
)
def test_what_is_not_lin_is_a_format_error(tmp_path: Path, text: str, place: str) -> None:
    with pytest.raises(bridgeio.FormatError) as refused:
        bridgeio.read(_hand(tmp_path, text), "lin")
    assert place in str(refused.value) and "x.lin" in str(refused.value)


def test_what_is_not_read_is_a_warning_at_its_place(tmp_path: Path) -> None:
    text = HAND_TEXT.replace("sv|o|", "sv|o|zz|odd|nt|a comment|xyz|") + "md|3SQ,S1,|"
    with collect() as found:
        bridgeio.read(_hand(tmp_path, text))
    said = [f"{p.place}: {p.severity}: {p.message}" for p in found.problems]
    assert any("(zz|): warning: zz| is a tag bridgeio does not read" in s for s in said), said
    assert any("(nt|): warning: nt| is commentary" in s for s in said), said
    assert any("'xyz'" in s and "warning" in s for s in said), said
    assert any("(md|): error: a deal" in s for s in said), said


def test_a_vugraph_header_tag_not_read_is_said(tmp_path: Path) -> None:
    text = "vg|M,1,I,1,1,A,0,B,0|pw|x|rs|2SN=,|pn|a,b,c,d,e,f,g,h|pg||qx|o1|md|3S2,,,|"
    with collect() as found:
        bridgeio.read(_hand(tmp_path, text))
    said = sorted(f"{p.place}: {p.message}" for p in found.problems)
    assert said == [
        "line 1, column 22 (pw|): pw| is a tag bridgeio does not read: not read",
        "line 1, column 65 (md|): a deal of 52 cards, found 1: read as it is (the rest unplaced)",
    ], said


def test_sniffed_from_content(tmp_path: Path) -> None:
    path = _hand(tmp_path, HAND_TEXT, "no-extension")
    assert bridgeio.read(path).format == "lin"  # type: ignore[union-attr]
    assert sniff(HAND_TEXT.encode(), len(HAND_TEXT))
    assert not sniff(b"pg||\n", 5) and not sniff(b'[Event "x"]\n', 12)


def test_info_dump_and_validate_on_the_command_line(
    real_files: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgeio.cli import run

    for path in real_files[:2]:
        assert run(["info", str(path)]) == 0
        assert run(["validate", str(path)]) == 0
        assert run(["dump", str(path)]) == 0
        dumped = json.loads(capsys.readouterr().out.splitlines()[-1])
        assert dumped["format"] == "lin"
    broken = tmp_path / "cut.lin"
    shutil.copy(real_files[0], broken)
    broken.write_bytes(b"\x00\x01not lin")
    assert run(["validate", str(broken)]) == 2


def test_text_lines_before_a_tag_are_passed_over_and_the_tag_read(tmp_path: Path) -> None:
    # PbnToLin (ADavidBailey/Practice-Bidding-Scenarios) opens its files with % comment lines
    text = "% LIN File created by PbnToLin\n% \nqx|o1|md|3S23456789TJQKA,H23456789TJQKA,"
    text += "D23456789TJQKA|sv|0|"
    with collect() as found:
        results, lines = read_lines(str(_hand(tmp_path, text)))
    (line,) = lines
    assert (line.board.number, line.board.room, line.board.place) == (
        1,
        "open",
        "line 3, column 1 (qx|)",
    )
    said = [f"{p.place}: {p.message}" for p in found.problems]
    assert said == [
        "line 1, column 1: a tag (two letters and '|'), found '% LIN File created b': not read"
    ]


def _ids(html: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', html)


def test_a_number_given_again_with_another_deal_is_another_board(tmp_path: Path) -> None:
    # "my hands": board 13 of two games, and board 13 of the first game played again
    other = HAND_TEXT.replace(
        "md|3S23456789TJQKA,H23456789TJQKA,", "md|3H23456789TJQKA,S23456789TJQKA,"
    )
    text = "\n".join(t.replace("Board 1|", "Board 13|") for t in (HAND_TEXT, other, HAND_TEXT))
    path = _hand(tmp_path, text)
    with collect() as found:
        results, lines = read_lines(str(path))
    said = [f"{p.place}: {p.message}" for p in found.problems]
    assert said == [
        "line 2, column 1 (pn|): board 13 again with another deal (another game): read as board 14"
    ]
    boards = results.events[0].sections[0].results
    assert [(b.number, [line.table for line in b.results]) for b in boards] == [
        (13, [1, 2]),
        (14, [1]),
    ]
    deals = results.events[0].deals
    assert deals is not None and deals.board_numbers().tolist() == [13, 14]
    assert lines[1].result.auction is not None and lines[1].result.auction.dealer is Seat.NORTH
    from bridgeio.cli import run

    out = tmp_path / "recap.html"
    assert run(["recap", str(path), "-o", str(out)]) == 0
    ids = _ids(out.read_text())
    assert ids and len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


DEAL = "md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|sv|o|"
MATCH_TEXT = (
    "vg|M,Segment 2 of 3,I,1,1,Aces,12,Bees,3.5|rs|2SN=,2SN+1|pn|a,b,c,d,Aces,f,Bees,h|pg||"
    f"qx|o1|{DEAL}mb|p|mb|p|mb|2S|mb|p|mb|p|mb|p|qx|c1|{DEAL}mb|p|mb|p|mb|2S|mb|p|mb|p|mb|p|"
)


def test_a_vugraph_carry_over_is_kept_and_written_back(tmp_path: Path) -> None:
    from bridgeio.model.results import Segment

    results = bridgeio.read(_hand(tmp_path, MATCH_TEXT))
    assert isinstance(results, Results)
    section = results.events[0].sections[0]
    (match,) = section.matches
    # 2S= for 110 in the open room, 2S+1 for 140 in the closed: the home team loses 1 IMP
    assert (match.home_imps, match.away_imps) == (0.0, 1.0)
    assert match.segments == [Segment(0, 12.0, 3.5), Segment(1, 0.0, 1.0)]
    rooms = {line.room: (line.ns_points, line.ew_points) for line in match.boards[0].results}
    assert rooms == {"open": (-1.0, 1.0), "closed": (1.0, -1.0)}  # the IMPs, from N-S's side
    # a seat named by its team's name names no player
    assert [[p.last_name for p in e.players] for e in section.entries] == [
        ["a", "c", "f", "h"],  # N-S in the open room, E-W in the closed
        ["b", "d"],  # the closed room's N-S named "Aces" and "Bees"
    ]
    out = tmp_path / "back.lin"
    with collect() as found:
        bridgeio.write(results, out)
    assert not found.losses, [str(w) for w in found.losses]
    assert out.read_text().startswith("vg|M,Segment 2 of 3,I,1,1,Aces,12,Bees,3.5|")
    back = bridgeio.read(out)
    assert isinstance(back, Results)
    assert back.events[0].sections[0].matches[0].segments == match.segments


def test_info_says_a_vugraph_match_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgeio.cli import run

    assert run(["info", str(_hand(tmp_path, MATCH_TEXT))]) == 0
    out = capsys.readouterr().out
    assert "Match: Aces 0 - Bees 1 IMPs; carried over 12 - 3.5: 12 - 4.5 in all" in out, out


def test_a_play_that_stops_in_a_whole_file_is_no_cut_file(tmp_path: Path) -> None:
    # a BBO single-board file saved as play stopped (jarekczek/pbntools' 20784108.lin):
    # the board closed by pg||; the same text cut inside the trick is said cut short
    deal = "S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,"
    text = f"pn|s,w,n,e|st||md|3{deal}|sv|o|mb|7S|mb|p|mb|p|mb|p|pg||pc|C2|pc|S2|pg||"
    found = bridgeio.validate(_hand(tmp_path, text, "whole.lin"))
    assert [p.message for p in found if p.severity == "error"] == []
    assert "the play stops after 2 cards, with no claim" in [p.message for p in found]
    found = bridgeio.validate(_hand(tmp_path, text.removesuffix("pg||"), "cut.lin"))
    assert [p.message for p in found if p.severity == "error"] == [
        "the file ends inside trick 1 of its last board, with no claim: cut short?"
    ]
