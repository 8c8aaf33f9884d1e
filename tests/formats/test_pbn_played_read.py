"""PBN played boards read as results: a game with Contract/Declarer/Result (and no ScoreTable)
is a table's result with its auction and play; the Score is checked; two rooms of a board are
a teams match. Real files: BBO Helper's (world/pbn), RealBridge's and rpbridge.net's
(endplay's examples), pbntools' PCH1003, and our own LIN -> PBN output. endplay's PBN parser
is the independent reader of auctions and play."""

from __future__ import annotations

import warnings
from collections import Counter
from pathlib import Path

import pytest

import bridgeio
from bridgeio.errors import collect
from bridgeio.model.play import Play
from bridgeio.model.results import BoardResult, EventKind, Results
from tests.conftest import CORPUS
from tests.formats.test_lin import WORLD as LIN_WORLD
from tests.formats.test_lin import _public

endplay_pbn = pytest.importorskip("endplay.parsers.pbn")

DIANA = CORPUS / "world" / "pbn" / "lorserker__ben__Diana_and_Friends_Daylong.pbn"
PLAYED = [
    DIANA,
    CORPUS / "pbn" / "dominicprice__endplay__example2.pbn",
    CORPUS / "pbn" / "dominicprice__endplay__example3.pbn",
]
_SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})


def _read(path: Path) -> Results:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = bridgeio.read(path)
    assert isinstance(doc, Results), path.name
    return doc


def _lines(doc: Results) -> list[BoardResult]:
    """Every line once, in file order (a match's lines are its section's too)."""
    seen: dict[int, BoardResult] = {}
    for event in doc.events:
        for section in event.sections:
            boards = [*section.results, *(b for m in section.matches for b in m.boards)]
            for board in boards:
                for line in board.results:
                    seen.setdefault(id(line), line)
    return list(seen.values())


def _call(bid: object) -> str:
    text = str(bid).translate(_SUITS).upper().rstrip("!*")
    return {"PASS": "P", "D": "X", "R": "XX"}.get(text, text)


def _cards(play: list[object]) -> str:
    return " ".join(str(c).translate(_SUITS) for c in play)


def _present(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"{path.name} is not in the corpus")


def test_bbo_helper_file_reads_as_a_pairs_game_with_every_call_and_card() -> None:
    _present(DIANA)
    with collect() as found:
        doc = bridgeio.read(DIANA)
    assert isinstance(doc, Results) and not [p for p in found.problems if "Score" in p.message]
    (event,) = doc.events
    assert event.kind == EventKind.PAIRS and event.name == "Diana and Friends Daylong"
    lines = _lines(doc)
    assert len(lines) == 8
    assert all(line.auction is not None and line.play is not None for line in lines)
    first = lines[0]
    assert (str(first.contract), first.tricks, first.ns_score) == ("1S", 8, 110)
    assert first.auction is not None and first.auction.explanations[0].startswith("Major suit")
    assert first.play is not None and len(first.play.cards) == 52
    # every line's tricks follow from its play (a claim, or all 13 tricks)
    for line in lines:
        assert line.play is not None and line.contract is not None
        assert line.play.declarer_tricks(line.contract) == line.tricks


@pytest.mark.parametrize("path", PLAYED, ids=lambda p: p.name)
def test_auctions_and_play_equal_endplays_reading(path: Path) -> None:
    _present(path)
    doc = _read(path)
    with path.open(encoding="utf-8") as handle:
        boards = [b for b in endplay_pbn.load(handle) if b.contract is not None]
    ours = [line for line in _lines(doc) if line.contract is not None]
    assert len(ours) == len(boards)
    # compared as multisets: a match's lines are grouped by match, endplay's in file order
    theirs_calls = sorted(" ".join(_call(b) for b in bd.auction) for bd in boards if bd.auction)
    ours_calls = sorted(
        " ".join(line.auction.texts()).replace("!", "") for line in ours if line.auction
    )
    assert ours_calls == theirs_calls
    calls = sum(len(c.split()) for c in ours_calls)
    theirs_play = sorted(_cards(board.play) for board in boards if board.play)
    ours_play = sorted(" ".join(map(str, line.play.cards)) for line in ours if line.play)
    # a trick with a card unknown ("-") stops our play there; endplay pads it and goes on
    assert len(ours_play) == len(theirs_play)
    left = Counter(theirs_play) - Counter(ours_play)
    for mine in (Counter(ours_play) - Counter(theirs_play)).elements():
        other = next(o for o in left.elements() if o.startswith(mine))
        left[other] -= 1
    cards = sum(len(p.split()) for p in ours_play)
    assert calls and cards
    print(f"{path.name}: {len(ours)} lines, {calls} calls, {cards} cards")


def test_a_score_that_disagrees_is_a_problem_at_its_line(tmp_path: Path) -> None:
    _present(DIANA)
    text = DIANA.read_text(encoding="utf-8").replace('[Score "NS 110"]', '[Score "NS 140"]', 1)
    wrong = tmp_path / "wrong.pbn"
    wrong.write_text(text, encoding="utf-8")
    line = 1 + text[: text.index('[Score "NS 140"]')].count("\n")
    with collect() as found:
        bridgeio.read(wrong)
    said = [p for p in found.problems if "found NS 140" in p.message]
    assert len(said) == 1 and said[0].place == f"line {line}"
    assert "NS 110 for 1S by N making 8 tricks" in said[0].message


def test_pbntools_file_of_many_tables_reads_as_pairs_with_computed_scores() -> None:
    path = CORPUS / "pbn" / "jarekczek__pbntools__PCH1003.pbn"
    _present(path)
    doc = _read(path)
    lines = _lines(doc)
    assert len(lines) == path.read_text(encoding="utf-8").count("[Result ")
    assert all(line.ns_score is not None for line in lines if line.tricks is not None)
    pairs = doc.events[0].sections[0].entries
    assert len(pairs) > 2 and all(len(e.players) == 2 for e in pairs)


def test_lin_to_pbn_reads_back_the_same_lines(tmp_path: Path) -> None:
    sources = sorted(LIN_WORLD.glob("*.lin")) + _public(tmp_path)
    if not sources:
        pytest.skip("no LIN file")
    checked = teams = 0
    for source in sources:
        lin = _read(source)
        out = tmp_path / f"{source.stem}.pbn"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bridgeio.write(lin, out, "pbn")
        back = _read(out)

        def key(r: BoardResult) -> tuple[object, ...]:
            a = r.auction
            # a PBN note marks a call alerted and explained: both are alerts read back
            marks = None if a is None else (a.calls, sorted(a.alerted | set(a.explanations)))
            notes = None if a is None else a.explanations
            play = r.play
            if play is not None and play.claim not in (None, r.tricks):
                play = Play(play.cards, r.tricks)  # (PBN's Result is the claim: a loss said)
            return (r.contract, r.tricks, r.ns_score, marks, notes, play)

        before = [key(r) for r in _lines(lin) if r.contract is not None]
        after = [key(r) for r in _lines(back) if r.contract is not None]
        assert sorted(map(repr, after)) == sorted(map(repr, before)), source.name
        checked += len(after)
        if lin.events[0].kind == EventKind.TEAMS:
            teams += 1
            (match,) = [m for s in back.events[0].sections for m in s.matches]
            (original,) = [m for s in lin.events[0].sections for m in s.matches]
            assert (match.home_imps, match.away_imps) == (
                original.home_imps,
                original.away_imps,
            )
    assert checked and teams
