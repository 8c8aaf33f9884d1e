"""USEBIO reading: producers' quirks, typed values, damage reported with its kind and line,
hostile XML, streaming in bounded memory, hand sets, movements to ASC. (The corpus files are
read in tests/corpus/test_usebio.py.)"""

from __future__ import annotations

import datetime
import gc
import re
import time
from pathlib import Path

import numpy as np
import pytest
from lxml import etree

import bridgeio
from bridgeio import FormatError
from bridgeio.errors import collect
from bridgeio.formats.json import document
from bridgeio.formats.usebio import boards as board_module
from bridgeio.formats.usebio import parsing
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.boards import LINE_TAGS, BoardReader, Context
from bridgeio.formats.usebio.checks import check
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.provenance import LineKept
from bridgeio.formats.usebio.reader import read
from bridgeio.formats.usebio.travellers import BLOCK, Capture
from bridgeio.model import RANKS, Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.movement_checks import errors
from bridgeio.model.results import Assigned, Direction, Special

MINIMAL = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>{club}</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="PAIRS"><DATE>{date}</DATE>
<PARTICIPANTS>{pairs}</PARTICIPANTS>{boards}</EVENT></USEBIO>"""
LINE = "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"


def pairs(*numbers: int) -> str:
    return "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLACE>{n}</PLACE>"
        f"<PLAYER><PLAYER_NAME>A B{n}</PLAYER_NAME></PLAYER></PAIR>"
        for n in numbers
    )


def document_text(boards: str = "", club: str = "Club", date: str = "2024-03-01") -> str:
    return MINIMAL.format(club=club, date=date, pairs=pairs(1, 2), boards=boards)


def board_xml(lines: str, number: str = "1") -> str:
    return f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{lines}</BOARD>"


def write(tmp_path: Path, text: str, name: str = "x.xml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def read_quietly(path: Path):
    with collect() as found:
        results = read(str(path))
    return results, found.problems


# ---------------------------------------------------------------------------- values


def test_producer_quirks():
    assert V.pair_id("(A) 12 EW") == ("(A)12EW", 12, Direction.EW)
    assert [V.contract_value(c, "S").text for c in ("4 S x", "6CX", "5Hx", "3N", "pass")] == [
        "4SX",
        "6CX",
        "5HX",
        "3NT",
        "Pass",
    ]
    assert [str(V.lead_value(c)) for c in ("KH", "HK", "10S", "s4")] == ["HK", "HK", "ST", "S4"]
    assert V.date_value("5/12/2015") == datetime.date(2015, 12, 5)
    assert V.score_value("A6060") == (Special.AVERAGE_PLUS, Special.AVERAGE_PLUS)
    assert V.score_value("A7030") == (Assigned(70.0), Assigned(30.0))


def test_a_line_is_typed(tmp_path):
    lines = (
        "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>4 S x</CONTRACT><PLAYED_BY>W</PLAYED_BY><LEAD>KH</LEAD><TRICKS>9</TRICKS>"
        "<SCORE>100</SCORE><NS_MATCH_POINTS>3.5</NS_MATCH_POINTS>"
        "<EW_MATCH_POINTS>0.5</EW_MATCH_POINTS></TRAVELLER_LINE>"
    )
    results, problems = read_quietly(write(tmp_path, document_text(board_xml(lines))))
    line = results.events[0].sections[0].results[0].results[0]
    assert problems == []
    assert line.contract == Contract.parse("4SX", "W") and line.declarer is Seat.WEST
    assert line.lead == Card.from_text("HK") and line.tricks == 9
    assert (line.ns_score, line.ew_score, line.ns_points, line.ew_points) == (100, -100, 3.5, 0.5)
    assert results.events[0].date == datetime.date(2024, 3, 1)


# ---------------------------------------------------------------------------- damage


def test_an_impossible_date_is_an_error_naming_the_element_and_line(tmp_path):
    path = write(tmp_path, document_text(date="31/02/2022"))
    results, problems = read_quietly(path)
    assert results.events[0].date is None
    assert [(p.kind, p.place, p.severity) for p in problems] == [
        ("unreadable DATE", "line 3 /USEBIO/EVENT/DATE", "error")
    ]
    assert "31/02/2022" in problems[0].message
    assert document(results)["events"][0]["date"] is None
    assert "31/02/2022" not in str(document(results)["events"])  # only the problem says it
    assert [p.place for p in check(str(path)) if p.kind == "unreadable DATE"] == [
        "line 3 /USEBIO/EVENT/DATE"
    ]


def test_two_entries_with_one_pair_number_are_both_named(tmp_path):
    text = MINIMAL.format(club="C", date="2024-03-01", pairs=pairs(1, 2, 2), boards="")
    path = write(tmp_path, text.replace("</PAIR><PAIR>", "</PAIR>\n<PAIR>"))
    _, problems = read_quietly(path)
    assert [(p.kind, p.place) for p in problems] == [
        ("duplicate id", "line 6 /USEBIO/EVENT/PARTICIPANTS/PAIR[3]")
    ]
    assert problems[0].message == "PAIR id 2 is used twice: at lines 5 and 6"


def test_the_same_pair_in_two_sessions_is_no_duplicate(tmp_path):
    session = "<SESSION SESSION_ID='{}'><PARTICIPANTS>{}</PARTICIPANTS></SESSION>"
    body = session.format("S1", pairs(1, 2)) + session.format("S2", pairs(1, 2))
    text = document_text().replace(f"<PARTICIPANTS>{pairs(1, 2)}</PARTICIPANTS>", body)
    _, problems = read_quietly(write(tmp_path, text))
    assert problems == []


@pytest.mark.parametrize(
    ("tag", "text"),
    [
        ("SCORE", "9" * 400),
        ("SCORE", "-" + "9" * 400),
        ("SCORE", "NaN"),
        ("NS_MATCH_POINTS", "inf"),
        ("NS_MATCH_POINTS", "1e999"),
        ("NS_MATCH_POINTS", "1_0"),
        ("TRICKS", "-1"),
        ("TRICKS", "14"),
        ("ROUND_NUMBER", "9" * 300),
        ("NS_MATCH_POINTS", "lots"),
    ],
)
def test_numbers_no_line_can_hold_are_reported_at_read_time(tmp_path, tag, text):
    """Issue 13.5: hundreds of digits, NaN, infinities, negatives where impossible: a
    problem naming the line and the element when the file is read (before: 26 of 27 such
    files escaped as OverflowError or ValueError once the model was used; a word was a
    FormatError that stopped the read, now the file is read and the value kept as written)."""
    line = f"<TRAVELLER_LINE>{LINE}<{tag}>{text}</{tag}></TRAVELLER_LINE>".replace(
        "<SCORE>420</SCORE>", "" if tag == "SCORE" else "<SCORE>420</SCORE>"
    )
    path = write(tmp_path, document_text(board_xml(f"\n{line}")))
    results, problems = read_quietly(path)
    assert [(p.kind, p.place) for p in problems] == [
        (f"unreadable {tag}", f"line 5 /USEBIO/EVENT/BOARD/TRAVELLER_LINE/{tag}")
    ]
    assert repr(text[:20])[:-1] in problems[0].message
    result = results.events[0].sections[0].results[0].results[0]
    assert isinstance(result.kept, LineKept) and result.kept.value(tag) == text
    json_line = document(results)["events"][0]["sections"][0]["boards"][0]["results"][0]
    assert all(isinstance(v, int | float | str | type(None) | dict) for v in json_line.values())
    again = tmp_path / "again.xml"
    bridgeio.write(results, again)
    assert f"<{tag}>{text}</{tag}>" in again.read_text()  # written back as it was


@pytest.mark.parametrize(
    ("where", "replacement"),
    [
        ("<PLACE>1</PLACE>", "<PLACE>-1</PLACE>"),
        ("<PLACE>1</PLACE>", "<PLACE>1</PLACE><PERCENTAGE>140</PERCENTAGE>"),
        ("<PLACE>1</PLACE>", "<PLACE>1</PLACE><TOTAL_SCORE>" + "1" * 300 + "</TOTAL_SCORE>"),
        ("<PLACE>1</PLACE>", "<PLACE>1</PLACE><BOARDS_PLAYED>-5</BOARDS_PLAYED>"),
        ("<BOARD_NUMBER>1<", "<BOARD_NUMBER>-7<"),
    ],
)
def test_entry_and_board_numbers_no_file_can_mean_are_reported(tmp_path, where, replacement):
    text = document_text(board_xml(f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"))
    _, problems = read_quietly(write(tmp_path, text.replace(where, replacement, 1)))
    assert len(problems) == 1 and problems[0].severity == "error"
    assert problems[0].place.startswith("line ")


def test_a_contract_that_is_none_is_reported_and_kept(tmp_path):
    line = f"<TRAVELLER_LINE>{LINE}<CONTRACT>8S</CONTRACT><PLAYED_BY>N</PLAYED_BY></TRAVELLER_LINE>"
    results, problems = read_quietly(write(tmp_path, document_text(board_xml(line))))
    assert [p.kind for p in problems] == ["unreadable CONTRACT"]
    result = results.events[0].sections[0].results[0].results[0]
    assert result.contract is None and result.kept.value("CONTRACT") == "8S"
    bridgeio.write(results, tmp_path / "again.xml")
    text = (tmp_path / "again.xml").read_text()
    assert "<CONTRACT>8S</CONTRACT>" in text and "<PLAYED_BY>N</PLAYED_BY>" in text


def test_not_played_and_passed_out_are_read_as_producers_write_them(tmp_path):
    lines = "".join(
        f"<TRAVELLER_LINE>{LINE}<CONTRACT>{c}</CONTRACT><PLAYED_BY>N</PLAYED_BY></TRAVELLER_LINE>"
        for c in ("NP", "PASS")
    )
    results, problems = read_quietly(write(tmp_path, document_text(board_xml(lines))))
    not_played, passed = results.events[0].sections[0].results[0].results
    assert problems == []
    assert not_played.contract is None and not_played.kept.value("CONTRACT") == "NP"
    assert passed.contract.passed_out and passed.declarer is None
    assert passed.kept.value("PLAYED_BY") == "N"  # a pass-out has no declarer: kept


def test_problems_of_one_kind_are_counted_past_a_hundred(tmp_path):
    lines = "".join(
        f"<TRAVELLER_LINE>{LINE.replace('420', 'x')}</TRAVELLER_LINE>" for _ in range(150)
    )
    _, problems = read_quietly(write(tmp_path, document_text(board_xml(lines))))
    assert len(problems) == 101
    assert problems[-1].message == "and 50 more problems of this kind (unreadable SCORE)"


# ---------------------------------------------------------------------------- hostile XML


def body_with_club(club: str) -> str:
    return document_text(club=club).split("?>", 1)[1]


def test_entity_expansion_is_refused_quickly(tmp_path):
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa">'
        + "".join(
            f'<!ENTITY {x} "&{y};&{y};&{y};&{y};&{y};&{y};&{y};&{y};&{y};&{y};">'
            for x, y in zip("bcdefghij", "abcdefghi", strict=True)
        )
        + "]>"
        + body_with_club("&j;")
    )
    path = write(tmp_path, bomb)
    began = time.perf_counter()
    for action in (read, check):  # libxml2 or bridgeio refuses it, before any expansion
        with pytest.raises(FormatError, match="(?i)entit"):
            action(str(path))
    assert time.perf_counter() - began < 2


def test_entity_declarations_are_refused(tmp_path):
    text = '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY c "Club">]>' + body_with_club("&c;")
    for action in (read, check):
        with pytest.raises(FormatError, match="no entity declarations"):
            action(str(write(tmp_path, text)))


def test_external_entities_and_dtds_are_never_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    text = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO SYSTEM "http://192.0.2.1/usebio.dtd" '
        f'[<!ENTITY x SYSTEM "file://{secret}">]>' + body_with_club("&x;")
    )
    path = write(tmp_path, text)
    began = time.perf_counter()
    with pytest.raises(FormatError) as refused:
        read(str(path))
    assert "TOP SECRET" not in str(refused.value)
    assert time.perf_counter() - began < 2  # no network wait either


@pytest.mark.parametrize("doctype", ["", '<!DOCTYPE USEBIO SYSTEM "http://x.invalid/u.dtd">'])
def test_an_undefined_entity_is_a_format_error_in_read_and_check(tmp_path, doctype):
    """With an external DTD (not loaded) libxml2 lets an undefined entity through as a node;
    before, the validator then ended in lxml's XMLSchemaValidateError."""
    line = f"<TRAVELLER_LINE>{LINE.replace('420', '&x;420')}</TRAVELLER_LINE>"
    text = document_text(board_xml(line)).replace("<USEBIO", doctype + "<USEBIO")
    path = write(tmp_path, text)
    for action in (read, check):
        with pytest.raises(FormatError, match=r"line \d+ column \d+: expected .*Entity 'x'"):
            action(str(path))


def test_deep_nesting_and_bad_xml_are_format_errors(tmp_path):
    deep = '<?xml version="1.0"?><USEBIO>' + "<X>" * 100_000 + "</X>" * 100_000 + "</USEBIO>"
    with pytest.raises(FormatError, match="well-formed XML"):
        bridgeio.read(write(tmp_path, deep), "usebio")
    broken = write(tmp_path, '<?xml version="1.0"?>\n<USEBIO><EVENT></USEBIO>')
    for action in (read, check):
        with pytest.raises(FormatError, match=r"line 2 column \d+: expected well-formed XML"):
            action(str(broken))
    with pytest.raises(FormatError, match="the root element USEBIO"):
        bridgeio.read(write(tmp_path, "<RESULTS/>"), "usebio")
    with pytest.raises(FormatError, match="well-formed XML"):
        bridgeio.read(write(tmp_path, ""), "usebio")


def test_files_over_a_gigabyte_are_refused_unread(tmp_path):
    path = tmp_path / "huge.xml"
    with open(path, "wb") as sparse:  # no disk used: the middle is a hole
        sparse.write(b'<?xml version="1.0"?><USEBIO Version="1.4">')
        sparse.seek(parsing.MAX_BYTES + 1)
        sparse.write(b"</USEBIO>")
    began = time.perf_counter()
    for action in (read, check):
        with pytest.raises(FormatError, match="a USEBIO file of at most 1073741824 bytes"):
            action(str(path))
    assert time.perf_counter() - began < 1


# ---------------------------------------------------------------------------- streaming


def test_boards_are_emptied_as_the_parse_passes_them(tmp_path, monkeypatch):
    """However many boards a file has, the tree holds only the boards of the parser's last
    chunk of input with their lines (each board is read, then emptied), and the lines
    captured from the text ahead of the parser are at most a block's."""
    line = f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"
    boards = "".join(board_xml(line * 13, str(n)) for n in range(1, 2001))
    source = write(tmp_path, document_text(boards))
    full_at_once, waiting = [], []
    original = BoardReader.board

    def counting(self, element, context):
        full_at_once.append(sum(1 for b in element.getroottree().iter("BOARD") if len(b)))
        waiting.append(len(self.capture.lines))
        return original(self, element, context)

    monkeypatch.setattr(BoardReader, "board", counting)
    results = bridgeio.read(source)
    assert len(results.events[0].sections[0].results) == 2000
    assert len(full_at_once) == 2000
    # the parser reads what the capture hands it, 32 KB at a time
    capture = Capture(str(source), LINE_TAGS)
    parsed = sum(len(piece) for piece in iter(lambda: capture.read(32 * 1024), b""))
    assert max(full_at_once) * (parsed // 2000) <= 64 * 1024
    assert max(waiting) * len(line) <= 2 * BLOCK
    assert min(waiting) < max(waiting)  # lines are kept and taken as the read goes


def test_check_parses_the_file_once(tmp_path, monkeypatch):
    path = write(tmp_path, document_text(board_xml(f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>")))
    calls = []

    def counted(function):
        def parse(source, *args, **kwargs):
            if str(source) == str(path):
                calls.append(function.__name__)
            return function(source, *args, **kwargs)

        return parse

    for name in ("iterparse", "parse", "XMLPullParser"):
        monkeypatch.setattr(etree, name, counted(getattr(etree, name)))
    check(str(path))
    assert calls == ["iterparse"]


def test_plain_lines_read_as_the_careful_reading_does(tmp_path):
    """Lines whose texts are all known are built from what earlier lines taught: the same
    result as reading each with care (checked on lines of every kind of value)."""
    values = [
        ("420", "4S", "N", "HK", "10"),
        ("-50", "3NT", "E", "S2", "8"),
        ("A6040", "", "", "", ""),
    ]
    lines = "".join(
        f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{t + 1}"
        f"</EW_PAIR_NUMBER><CONTRACT>{c}</CONTRACT><PLAYED_BY>{b}</PLAYED_BY><LEAD>{lead}</LEAD>"
        f"<TRICKS>{k}</TRICKS><SCORE>{s}</SCORE><NS_MATCH_POINTS>{t % 3}</NS_MATCH_POINTS>"
        f"<ROUND_NUMBER>{t}</ROUND_NUMBER><TABLE_NUMBER>1</TABLE_NUMBER></TRAVELLER_LINE>"
        for t in range(1, 7)
        for s, c, b, lead, k in values
    )
    element = etree.fromstring(board_xml(lines))
    taught = BoardReader(Problems("x.xml", report=False))
    careful = BoardReader(Problems("x.xml", report=False))
    careful.plain.learn = lambda *args: None  # never builds a line from what it learnt
    context = Context({n: str(n) for n in range(1, 8)}, {n: str(n) for n in range(1, 8)})
    first = taught.board(element, context)
    assert taught.board(element, context) == careful.board(element, context) == first
    assert len(taught.plain.plays) > 1  # it did learn


def test_odd_lines_keep_what_they_hold(tmp_path):
    odd = {
        "an attribute on a line": f'<TRAVELLER_LINE note="late">{LINE}</TRAVELLER_LINE>',
        "an element inside a child": "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420<X/></SCORE></TRAVELLER_LINE>",
        "an unknown child": f"<TRAVELLER_LINE>{LINE}<REMARK>slow play</REMARK></TRAVELLER_LINE>",
        "a tag twice": f"<TRAVELLER_LINE>{LINE}<SCORE>430</SCORE></TRAVELLER_LINE>",
        "points of another kind": f"<TRAVELLER_LINE>{LINE}<NS_BUTLER_POINTS>3</NS_BUTLER_POINTS>"
        "<NS_MATCH_POINTS>1</NS_MATCH_POINTS></TRAVELLER_LINE>",
        "a table with a name": f"<TRAVELLER_LINE>{LINE}<TABLE_NUMBER>Green8</TABLE_NUMBER>"
        "</TRAVELLER_LINE>",
    }
    for case, line in odd.items():
        source = write(
            tmp_path, document_text(board_xml(f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>{line}"))
        )
        results, _ = read_quietly(source)
        bridgeio.write(results, tmp_path / "again.xml")
        again, _ = read_quietly(tmp_path / "again.xml")
        boards, boards_again = (r.events[0].sections[0].results for r in (results, again))
        assert len(boards[0].results) == 2, case
        assert boards_again == boards, case
        kept, kept_again = boards[0].results[1].kept, boards_again[0].results[1].kept
        assert kept is not None and kept == kept_again, case


def test_the_cycle_collector_is_running_after_a_read(tmp_path):
    read_quietly(write(tmp_path, document_text()))
    assert gc.isenabled()
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<USEBIO Version='1.4'><EVENT>")
    with pytest.raises(FormatError):
        bridgeio.read(bad)
    assert gc.isenabled()


def test_no_c_left_in_the_package():
    package = Path(board_module.__file__).parents[2]
    assert not list(package.rglob("*.c")) and not list(package.rglob("*.so"))


# ---------------------------------------------------------------------------- hand sets


def hand(direction: str, spades: str = "", hearts: str = "", diamonds: str = "", clubs: str = ""):
    return (
        f"<HAND><DIRECTION>{direction}</DIRECTION><SPADES>{spades}</SPADES><HEARTS>{hearts}"
        f"</HEARTS><DIAMONDS>{diamonds}</DIAMONDS><CLUBS>{clubs}</CLUBS></HAND>"
    )


SUITED = "".join(
    hand(seat, *["AKQJT98765432" if n == i else "" for n in range(4)])
    for i, seat in enumerate(("North", "East", "South", "West"))
)
HAND_EDGES = {
    "plain": (SUITED, True),
    "lower case and blanks": (SUITED.replace("North", " north\n").replace("AKQ", " akq"), True),
    "one hand left out": (SUITED.split("<HAND><DIRECTION>West")[0], True),
    "two hands left out": (SUITED.split("<HAND><DIRECTION>South")[0], True),
    "ten as 10": (SUITED.replace("AKQJT98765432", "AKQJ1098765432", 1), True),
    "text in pieces": (SUITED.replace("AKQJT98765432", "AKQ<![CDATA[JT9]]>8765432", 1), True),
    "a hand with no direction": (SUITED.replace("<DIRECTION>West</DIRECTION>", ""), False),
    "a direction that is no seat": (SUITED.replace(">West<", ">Wx<"), False),
    "a seat twice": (SUITED + hand("North"), False),
    "a card twice": (SUITED.replace("<HEARTS></HEARTS>", "<HEARTS>A</HEARTS>", 1), False),
    "no rank": (SUITED.replace("AKQJT98765432", "AKQJT9876543X", 1), False),
    "voids as -": (SUITED.replace("></", ">-</"), True),
    "voids as --, void, en dash": (
        SUITED.replace("<HEARTS></HEARTS>", "<HEARTS>--</HEARTS>", 1)
        .replace("<DIAMONDS></DIAMONDS>", "<DIAMONDS> Void </DIAMONDS>", 1)
        .replace("<CLUBS></CLUBS>", "<CLUBS>\u2013</CLUBS>", 1),
        True,
    ),
    "voids left out": (re.sub(r"<(HEARTS|DIAMONDS|CLUBS)></\1>", "", SUITED, count=3), True),
    "a dash among ranks": (SUITED.replace("AKQJT98765432", "AKQJT-98765432", 1), False),
}


@pytest.mark.parametrize("case", sorted(HAND_EDGES))
def test_handset_edges(case, tmp_path):
    hands, clean = HAND_EDGES[case]
    handset = f"<HANDSET><BOARD><BOARD_NUMBER> 3 </BOARD_NUMBER>{hands}</BOARD></HANDSET>"
    source = write(tmp_path, document_text().replace("</USEBIO>", handset + "</USEBIO>"))
    results, problems = read_quietly(source)
    deals = results.events[0].deals
    if clean:
        assert problems == [] and deals.boards.tolist() == [3]
        spades = deals.seats[0][:13]
        assert (spades == 0).all()  # North's thirteen spades, wherever the case put them
    else:
        assert [p.kind for p in problems] == ["unreadable HAND"]
        assert problems[0].place.startswith("line ")


def test_handset_deals_are_every_card_where_the_hands_put_it(tmp_path):
    """Checked card by card against HAND elements, independently of the deal parser."""
    rng = np.random.default_rng(4)
    boards, expected = [], []
    for number in range(1, 9):
        seats = rng.permutation(np.repeat(np.arange(4, dtype=np.uint8), 13))
        hands = ""
        for seat, name in enumerate(("North", "East", "South", "West")):
            suits = [
                "".join(RANKS[i] for i in range(13) if seats[suit * 13 + i] == seat)
                for suit in range(4)
            ]
            hands += hand(name, *suits)
        boards.append(f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{hands}</BOARD>")
        expected.append(seats)
    handset = "<HANDSET>" + "".join(boards) + "</HANDSET>"
    source = write(tmp_path, document_text().replace("</USEBIO>", handset + "</USEBIO>"))
    deals = bridgeio.read(source).events[0].deals
    assert np.array_equal(deals.seats, np.array(expected))
    assert deals.boards.tolist() == list(range(1, 9))


def test_a_void_is_written_back_as_the_file_spelled_it(tmp_path):
    """PairsScorer and EBUScore write ``-`` for a void; a file written from theirs does too,
    and a file from elsewhere leaves the element empty."""
    handset = f"<HANDSET><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{SUITED}</BOARD></HANDSET>"
    plain = document_text().replace("</USEBIO>", handset + "</USEBIO>")
    for text, void in ((plain.replace("></", ">-</"), b"-"), (plain, b"")):
        results = bridgeio.read(write(tmp_path, text))
        out = tmp_path / "out.xml"
        bridgeio.write(results, out)
        written = out.read_bytes()
        assert written.count(b"<HEARTS>" + void + b"</HEARTS>") == 3, void  # no hearts: 3 hands
        again = bridgeio.read(out).events[0].deals
        assert np.array_equal(again.seats, results.events[0].deals.seats)


def test_an_empty_handset_is_no_deals_and_none_is_no_deal_set(tmp_path):
    text = document_text()
    with_empty = write(tmp_path, text.replace("</USEBIO>", "<HANDSET/></USEBIO>"), "a.xml")
    assert bridgeio.read(with_empty).events[0].deals is None  # no board: no deal set
    assert bridgeio.read(write(tmp_path, text, "b.xml")).events[0].deals is None


# ---------------------------------------------------------------------------- movements


def test_traveller_rounds_and_tables_give_a_movement(tmp_path):
    boards = []
    seating = {1: [(1, 1, 2), (2, 3, 4)], 2: [(1, 1, 3), (2, 4, 2)], 3: [(1, 1, 4), (2, 2, 3)]}
    for round_number, tables in seating.items():
        for table, ns, ew in tables:
            board = 2 * (round_number - 1) + table
            boards.append(
                f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER><TRAVELLER_LINE>"
                f"<NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                f"<SCORE>420</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS>"
                f"<EW_MATCH_POINTS>0</EW_MATCH_POINTS><ROUND_NUMBER>{round_number}</ROUND_NUMBER>"
                f"<TABLE_NUMBER>{table}</TABLE_NUMBER></TRAVELLER_LINE></BOARD>"
            )
    source = write(
        tmp_path,
        MINIMAL.format(
            club="Club", date="2024-03-01", pairs=pairs(1, 2, 3, 4), boards="".join(boards)
        ),
    )
    bridgeio.convert(source, tmp_path / "movement.asc")
    movement = bridgeio.read(tmp_path / "movement.asc")
    assert (movement.participants, movement.tables, movement.rounds) == (4, 2, 3)
    assert movement.schedule[1][1].seats == (4, 2)
    assert not [p for p in errors(movement) if p.severity == "error"]
