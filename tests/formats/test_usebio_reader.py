"""USEBIO reading: every corpus file, producers' quirks, hostile XML, movements to ASC."""

from __future__ import annotations

import gc
import json
import time

import numpy as np
import pytest
from lxml import etree

import bridgeio
from bridgeio import FormatError
from bridgeio.analysis.movement import errors
from bridgeio.formats.json import document
from bridgeio.formats.usebio import reader
from bridgeio.formats.usebio.reader import (
    board_rows,
    normalise_contract,
    normalise_lead,
    pair_id,
    parser,
    read_board,
)
from bridgeio.formats.usebio.writer import to_xml
from bridgeio.model import RANKS


def test_every_corpus_file_reads(corpus):
    files = sorted((corpus / "usebio").glob("*.xml"))
    assert len(files) == 12
    for path in files:
        results = bridgeio.read(path)
        assert results.format == "usebio" and results.events, path.name
        sections = results.events[0].sections
        assert sections and all(s.entries for s in sections), path.name
        lines = sum(len(b.results) for s in sections for b in s.results)
        assert lines > 0, path.name


def test_known_values(corpus):
    results = bridgeio.read(corpus / "usebio" / "nzscorer_pairs.xml")
    event = results.events[0]
    assert (event.date, event.kind, event.club_number) == ("2015-11-16", "pairs", "330")
    section = event.sections[0]
    first = next(e for e in section.entries if e.id == "5NS")
    assert (first.rank, first.percentage, first.direction) == (1, 59.94, "NS")
    assert [a.points for a in first.awards["total"]] == [4000]
    board = section.results[0]
    line = board.results[0]
    assert (
        line.ns,
        line.ew,
        line.contract,
        line.declarer,
        line.lead,
        line.tricks,
        line.ns_score,
        line.ns_points,
    ) == (1, 1, "4S", "S", "H4", 12, 480, 16)


def test_multi_section_files_and_handsets(corpus):
    multi = bridgeio.read(corpus / "usebio" / "nzscorer_multi-section-multi-movement-pairs.xml")
    assert [s.name for s in multi.events[0].sections] == ["A", "B", "C"]
    with_hands = bridgeio.read(corpus / "usebio" / "compscore_mp_pairs_howell.xml")
    deals = with_hands.extra["deals"]
    assert len(deals) >= 24 and (deals.seats < 4).all()


def test_handset_deals_are_every_card_where_the_hands_put_it(corpus, walker):
    """Checked card by card against the HAND elements, independently of the deal parser."""
    checked = 0
    for path in sorted((corpus / "usebio").glob("*.xml")):
        handset = etree.parse(str(path), parser()).find(".//HANDSET")
        if handset is None:
            continue
        expected, numbers = [], []
        for board_element in handset.iter("BOARD"):
            seats = np.full(52, 255, dtype=np.uint8)
            for hand in board_element.iter("HAND"):
                seat = "NESW".index(hand.findtext("DIRECTION").strip()[0].upper())
                for suit, tag in enumerate(("SPADES", "HEARTS", "DIAMONDS", "CLUBS")):
                    for rank in (hand.findtext(tag) or "").strip().upper():
                        seats[suit * 13 + RANKS.index(rank)] = seat
            expected.append(seats)
            numbers.append(int(board_element.findtext("BOARD_NUMBER")))
        deals = bridgeio.read(path).extra["deals"]
        assert np.array_equal(deals.seats, np.array(expected)), path.name
        assert deals.boards.tolist() == numbers, path.name
        checked += 1
    assert checked >= 5


def test_producer_quirks():
    assert pair_id("(A) 12 EW") == ("(A)12EW", 12, "EW")
    assert [normalise_contract(c) for c in ("4 S x", "6CX", "5Hx", "3N", "pass")] == [
        "4SX",
        "6CX",
        "5HX",
        "3NT",
        "PASS",
    ]
    assert [normalise_lead(c) for c in ("KH", "HK", "10S", "s4")] == ["HK", "HK", "ST", "S4"]


def write(tmp_path, text: str, name: str = "x.xml"):
    path = tmp_path / name
    path.write_text(text)
    return path


MINIMAL = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>{club}</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE>
<PARTICIPANTS>{pairs}</PARTICIPANTS>{boards}</EVENT></USEBIO>"""


def pairs(*numbers: int) -> str:
    return "".join(
        f"<PAIR><PAIR_NUMBER>{n}</PAIR_NUMBER><PLACE>{n}</PLACE>"
        f"<PLAYER><PLAYER_NAME>A B{n}</PLAYER_NAME></PLAYER></PAIR>"
        for n in numbers
    )


def body_with_club(club: str) -> str:
    """MINIMAL after its XML declaration, one pair, no boards, `club` as the club's name."""
    return MINIMAL.format(club=club, pairs=pairs(1), boards="").split("?>", 1)[1]


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
    began = time.perf_counter()
    try:
        results = bridgeio.read(write(tmp_path, bomb))
        assert len(results.events[0].club) < 1000  # not expanded
    except FormatError:
        pass
    assert time.perf_counter() - began < 2


def test_external_entities_and_dtds_are_never_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    text = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO SYSTEM "http://192.0.2.1/usebio.dtd" '
        f'[<!ENTITY x SYSTEM "file://{secret}">]>' + body_with_club("&x;")
    )
    began = time.perf_counter()
    try:
        results = bridgeio.read(write(tmp_path, text))
        assert "TOP SECRET" not in results.events[0].club
    except FormatError:
        pass
    assert time.perf_counter() - began < 2  # no network wait either


def test_deep_nesting_and_bad_xml_are_format_errors(tmp_path):
    deep = '<?xml version="1.0"?><USEBIO>' + "<X>" * 100_000 + "</X>" * 100_000 + "</USEBIO>"
    with pytest.raises(FormatError):
        bridgeio.read(write(tmp_path, deep), "usebio")
    with pytest.raises(FormatError, match=r"line 2 column \d+: expected well-formed XML"):
        bridgeio.read(write(tmp_path, '<?xml version="1.0"?>\n<USEBIO><EVENT></USEBIO>'), "usebio")
    with pytest.raises(FormatError, match="the root element USEBIO"):
        bridgeio.read(write(tmp_path, "<RESULTS/>"), "usebio")


def test_files_over_a_gigabyte_are_refused_unread(tmp_path):
    path = tmp_path / "huge.xml"
    with open(path, "wb") as sparse:  # no disk used: the middle is a hole
        sparse.write(b'<?xml version="1.0"?><USEBIO Version="1.4">')
        sparse.seek(reader.MAX_BYTES + 1)
        sparse.write(b"</USEBIO>")
    began = time.perf_counter()
    with pytest.raises(FormatError, match="a USEBIO file of at most 1073741824 bytes"):
        bridgeio.read(path)
    assert time.perf_counter() - began < 1


def test_boards_are_emptied_as_the_parse_passes_them(tmp_path, monkeypatch):
    """Streaming: however many boards a file has, the tree never holds more than about a
    chunk's worth of them with their lines."""
    line = f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"
    boards = "".join(
        f"<BOARD><BOARD_NUMBER>{n}</BOARD_NUMBER>{line * 13}</BOARD>" for n in range(1, 2001)
    )
    source = write(tmp_path, MINIMAL.format(club="Club", pairs=pairs(1, 2), boards=boards))
    assert source.stat().st_size > 20 * reader.CHUNK_BYTES
    full_at_once = []
    board_rows = reader.board_rows

    def counting(element, path):
        full_at_once.append(sum(1 for b in element.getroottree().iter("BOARD") if len(b)))
        return board_rows(element, path)

    monkeypatch.setattr(reader, "board_rows", counting)
    results = bridgeio.read(source)
    assert len(results.events[0].sections[0].results) == 2000
    assert len(full_at_once) == 2000
    per_board = len(boards) // 2000
    assert max(full_at_once) <= reader.CHUNK_BYTES // per_board + 2


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
        tmp_path, MINIMAL.format(club="Club", pairs=pairs(1, 2, 3, 4), boards="".join(boards))
    )
    bridgeio.convert(source, tmp_path / "movement.asc")
    movement = bridgeio.read(tmp_path / "movement.asc")
    assert (movement.participants, movement.tables, movement.rounds) == (4, 2, 3)
    assert movement.schedule[1][1].seats == (4, 2)
    assert not [p for p in errors(movement) if p.severity == "error"]


def test_a_handset_is_a_deal_source(corpus, tmp_path):
    source = corpus / "usebio" / "compscore_mp_pairs_howell.xml"
    bridgeio.convert(source, tmp_path / "hands.zbd")
    deals = bridgeio.read(tmp_path / "hands.zbd")
    assert len(deals) == len(bridgeio.read(source).extra["deals"])
    with pytest.raises(bridgeio.ConversionError, match="needs deals"):
        bridgeio.convert(corpus / "usebio" / "nzscorer_pairs.xml", tmp_path / "none.zbd")


C_WALKERS = ("board_columns", "child_texts", "hand_seats", "scan_children")


@pytest.fixture(params=["c", "python"])
def walker(request, monkeypatch):
    """Each board test runs with the C walker of boards and with the Python walk."""
    if request.param == "c" and reader.board_columns is None:
        pytest.skip("the C walker was not built (no C compiler when installing)")
    if request.param == "python":
        for name in C_WALKERS:
            monkeypatch.setattr(reader, name, None)
    return request.param


def test_every_corpus_file_reads_the_same_without_the_c_walker(corpus, monkeypatch):
    """The C walker is only quicker: the model, and the USEBIO written from it (leftovers
    included), are the same as from the Python walk."""
    if reader.board_columns is None:
        pytest.skip("the C walker was not built (no C compiler when installing)")
    for path in sorted((corpus / "usebio").glob("*.xml")):
        in_c = bridgeio.read(path)
        with monkeypatch.context() as python_only:
            for name in C_WALKERS:
                python_only.setattr(reader, name, None)
            in_python = bridgeio.read(path)
        assert json.dumps(document(in_c)) == json.dumps(document(in_python)), path.name
        assert to_xml(in_c) == to_xml(in_python), path.name


def test_column_wise_boards_read_as_line_by_line(corpus, walker):
    """The fast board reader agrees with the line-by-line one on every corpus board
    it takes, and takes most of them."""
    taken = 0
    for path in sorted((corpus / "usebio").glob("*.xml")):
        tree = etree.parse(str(path), parser())
        for element in tree.iter("BOARD"):
            if element.find("TRAVELLER_LINE") is None:
                continue
            fast = board_rows(element, str(path))
            if fast is None:
                continue
            taken += 1
            slow = read_board(element, str(path))
            same = (fast.number, list(fast.results), fast.extra) == (
                slow.number,
                slow.results,
                slow.extra,
            )
            assert same, (path.name, element.sourceline)
    assert taken > 100


LINE = "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>420</SCORE>"
ODD_BOARDS = {
    "an attribute on a line": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"
    f'<TRAVELLER_LINE note="late">{LINE}</TRAVELLER_LINE>',
    "an element inside a child": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE><TRAVELLER_LINE>"
    "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
    "<SCORE>420<X/></SCORE></TRAVELLER_LINE>",
    "an unknown child": f"<TRAVELLER_LINE>{LINE}<REMARK>slow play</REMARK></TRAVELLER_LINE>"
    f"<TRAVELLER_LINE>{LINE}<REMARK>ok</REMARK></TRAVELLER_LINE>",
    "a tag twice": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"
    f"<TRAVELLER_LINE>{LINE}<SCORE>430</SCORE></TRAVELLER_LINE>",
    "a tag twice in every line": f"<TRAVELLER_LINE>{LINE}<SCORE>430</SCORE></TRAVELLER_LINE>"
    f"<TRAVELLER_LINE>{LINE}<SCORE>430</SCORE></TRAVELLER_LINE>",
    "a processing instruction in a line": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>"
    f"<TRAVELLER_LINE>{LINE}<?note x?></TRAVELLER_LINE>",
}
VARIED_BOARDS = {
    "another order": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE><TRAVELLER_LINE>"
    "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><SCORE>420</SCORE>"
    "</TRAVELLER_LINE>",
    "lines of two widths": f"<TRAVELLER_LINE>{LINE}<LEAD>SA</LEAD></TRAVELLER_LINE>"
    "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
    "</TRAVELLER_LINE>",
}


def board(lines: str) -> etree._Element:
    return etree.fromstring(board_xml(lines))


@pytest.mark.parametrize("case", sorted(ODD_BOARDS))
def test_odd_boards_are_read_line_by_line(case, tmp_path, walker):
    element = board(ODD_BOARDS[case])
    assert board_rows(element, "odd.xml") is None, case
    # and the whole reader keeps what the line holds
    source = write(
        tmp_path,
        MINIMAL.format(club="Club", pairs=pairs(1, 2), boards=etree.tostring(element).decode()),
    )
    results = bridgeio.read(source)
    bridgeio.write(results, tmp_path / "again.xml")
    again = bridgeio.read(tmp_path / "again.xml")
    boards, boards_again = (r.events[0].sections[0].results for r in (results, again))
    assert len(boards[0].results) == 2, case
    assert boards_again == boards, case


@pytest.mark.parametrize("case", sorted(VARIED_BOARDS))
def test_lines_in_any_order_or_width_take_the_fast_path(case, walker):
    element = board(VARIED_BOARDS[case])
    fast = board_rows(element, "varied.xml")
    assert fast is not None, case
    assert list(fast.results) == read_board(element, "varied.xml").results, case


# Boards one walker may take and the other leave to the line-by-line reader: either way the
# whole read gives the same boards.
EDGE_BOARDS = {
    "an empty child": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE><TRAVELLER_LINE>"
    "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE/>"
    "</TRAVELLER_LINE>",
    "text in pieces": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE><TRAVELLER_LINE>"
    "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><SCORE>-5<![CDATA[0]]>&amp;</SCORE></TRAVELLER_LINE>",
    "an entity reference": f"<TRAVELLER_LINE>{LINE}<LEAD>&lead;</LEAD></TRAVELLER_LINE>",
    "a namespaced child": f'<TRAVELLER_LINE xmlns:x="urn:x">{LINE}<x:SCORE>1</x:SCORE>'
    "</TRAVELLER_LINE>",
    "text between lines": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>stray<TRAVELLER_LINE>"
    f"mixed{LINE}</TRAVELLER_LINE>",
    "no number": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>",
    "a line with no children": f"<TRAVELLER_LINE/><TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>",
    "a leftover child of the board": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE><REMARK>r</REMARK>",
    "leftovers with elements inside": f"<BOARD_AVERAGE> 160 </BOARD_AVERAGE><TRAVELLER_LINE>{LINE}"
    "</TRAVELLER_LINE><REMARK><BY>TD</BY></REMARK>",
    "an attribute on the board": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>",
    "a namespaced attribute on the board": f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>",
    "points in many forms": "".join(
        f"<TRAVELLER_LINE>{LINE}<NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS>"
        f"<EW_MATCH_POINTS>{ew}</EW_MATCH_POINTS></TRAVELLER_LINE>"
        for ns, ew in [(" 5. ", "-.5e+2"), ("1_0", "2.25"), ("", "+7"), ("1E3", " inf ")]
    ),
    "many tags": "<TRAVELLER_LINE>"
    + "".join(f"<T{n}>{n}</T{n}>" for n in range(40))
    + f"{LINE}</TRAVELLER_LINE>",
}


@pytest.mark.parametrize("case", sorted(EDGE_BOARDS))
def test_edge_boards_read_the_same_with_either_walker(case, tmp_path, monkeypatch):
    lines = EDGE_BOARDS[case]
    boards = board_xml(lines)
    if case == "no number":
        boards = f"<BOARD>{lines}</BOARD>"
    if case == "an attribute on the board":
        boards = boards.replace("<BOARD>", '<BOARD status="late" EVENT_TYPE="MP_PAIRS">')
    if case == "a namespaced attribute on the board":
        boards = boards.replace("<BOARD>", '<BOARD xmlns:x="urn:x" x:status="late">')
    document = MINIMAL.format(club="Club", pairs=pairs(1, 2), boards=boards)
    if case == "an entity reference":
        document = document.replace("<USEBIO", '<!DOCTYPE USEBIO [<!ENTITY lead "SA">]><USEBIO')
    source = write(tmp_path, document)
    read_in_c = bridgeio.read(source)
    for name in C_WALKERS:
        monkeypatch.setattr(reader, name, None)
    read_in_python = bridgeio.read(source)
    first, second = (r.events[0].sections[0].results for r in (read_in_c, read_in_python))
    assert [list(b.results) for b in first] == [list(b.results) for b in second], case
    assert [(b.number, b.extra) for b in first] == [(b.number, b.extra) for b in second], case
    assert first[0].results, case


def hand(direction: str, spades: str = "", hearts: str = "", diamonds: str = "", clubs: str = ""):
    return (
        f"<HAND><DIRECTION>{direction}</DIRECTION><SPADES>{spades}</SPADES><HEARTS>{hearts}"
        f"</HEARTS><DIAMONDS>{diamonds}</DIAMONDS><CLUBS>{clubs}</CLUBS></HAND>"
    )


SUITED = "".join(
    hand(seat, *["AKQJT98765432" if n == i else "" for n in range(4)])
    for i, seat in enumerate(("North", "East", "South", "West"))
)
# HANDSET boards the C reader of hands takes or leaves to Python: the same deals either way,
# or the same error.
HAND_EDGES = {
    "plain": SUITED,
    "lower case and blanks": SUITED.replace("North", " north\n").replace("AKQ", " akq"),
    "one hand left out": SUITED.split("<HAND><DIRECTION>West")[0],
    "two hands left out": SUITED.split("<HAND><DIRECTION>South")[0],
    "a hand with no direction": SUITED.replace("<DIRECTION>West</DIRECTION>", ""),
    "a direction that is no seat": SUITED.replace(">West<", ">W<"),
    "a seat twice": SUITED + hand("North"),
    "a card twice": SUITED.replace("<HEARTS></HEARTS>", "<HEARTS>A</HEARTS>", 1),
    "no rank": SUITED.replace("AKQJT98765432", "AKQJT9876543X", 1),
    "ten as 10": SUITED.replace("AKQJT98765432", "AKQJ1098765432", 1),
    "a suit twice": SUITED.replace("<CLUBS></CLUBS>", "<CLUBS></CLUBS><CLUBS>2</CLUBS>", 1),
    "text in pieces": SUITED.replace("AKQJT98765432", "AKQ<![CDATA[JT9]]>8765432", 1),
    "an unknown child": SUITED.replace("<CLUBS>", "<NOTE>x</NOTE><CLUBS>", 1),
    "a short hand": SUITED.replace("AKQJT98765432", "AKQ", 1),
}


@pytest.mark.parametrize("case", sorted(HAND_EDGES))
def test_handset_edges_read_the_same_with_either_walker(case, tmp_path, monkeypatch):
    handset = (
        f"<HANDSET><BOARD><BOARD_NUMBER> 3 </BOARD_NUMBER>{HAND_EDGES[case]}</BOARD></HANDSET>"
    )
    document = MINIMAL.format(club="Club", pairs=pairs(1, 2), boards="").replace(
        "</USEBIO>", handset + "</USEBIO>"
    )
    source = write(tmp_path, document)

    def outcome():
        try:
            deals = bridgeio.read(source).extra["deals"]
        except FormatError as error:
            return str(error)
        return deals.seats.tolist(), deals.boards.tolist()

    in_c = outcome()
    for name in C_WALKERS:
        monkeypatch.setattr(reader, name, None)
    assert in_c == outcome(), case


def test_the_c_walker_pads_columns_past_its_tag_cache():
    """More tags than the walker keeps slots for (32): the columns still line up."""
    if reader.board_columns is None:
        pytest.skip("the C walker was not built (no C compiler when installing)")
    first = "".join(f"<T{n}>{n}</T{n}>" for n in range(40))
    second = "<T39>x</T39><T2/>"
    lines = f"<TRAVELLER_LINE>{first}</TRAVELLER_LINE><TRAVELLER_LINE>{second}</TRAVELLER_LINE>"
    number, count, columns, *_ = reader.board_columns(board(lines))
    assert (number, count, len(columns)) == ("1", 2, 40)
    assert all(len(column) == 2 for column in columns.values())
    assert columns["T0"] == ["0", None] and columns["T39"] == ["39", "x"]
    assert columns["T2"] == ["2", ""]


def test_an_empty_handset_is_no_deals_and_none_is_no_deal_set(tmp_path):
    document = MINIMAL.format(club="Club", pairs=pairs(1, 2), boards="")
    with_empty = write(tmp_path, document.replace("</USEBIO>", "<HANDSET/></USEBIO>"), "a.xml")
    assert len(bridgeio.read(with_empty).extra["deals"]) == 0
    assert "deals" not in bridgeio.read(write(tmp_path, document, "b.xml")).extra


def test_the_c_walker_refuses_what_is_not_an_element():
    if reader.board_columns is None:
        pytest.skip("the C walker was not built (no C compiler when installing)")
    with pytest.raises(TypeError, match=r"board_columns\(\) takes an lxml element"):
        reader.board_columns("<BOARD/>")
    for name in ("child_texts", "hand_seats"):
        with pytest.raises(TypeError, match=rf"{name}\(\) takes an lxml element"):
            getattr(reader, name)("<BOARD/>")
    with pytest.raises(TypeError, match=r"scan_children\(\) takes an lxml element"):
        reader.scan_children("<PAIR/>", set(), set())


def test_a_bad_number_in_a_line_is_reported_at_read_time_with_its_line(tmp_path, walker):
    lines = f"<TRAVELLER_LINE>{LINE}</TRAVELLER_LINE>\n<TRAVELLER_LINE>{LINE}"
    lines += "<NS_MATCH_POINTS>lots</NS_MATCH_POINTS></TRAVELLER_LINE>"
    source = write(
        tmp_path, MINIMAL.format(club="Club", pairs=pairs(1, 2), boards=board_xml(lines))
    )
    with pytest.raises(
        FormatError, match=r"x.xml: line 5 <TRAVELLER_LINE> <NS_MATCH_POINTS>.*'lots'"
    ):
        bridgeio.read(source)


def board_xml(lines: str) -> str:
    return f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>"


def test_the_cycle_collector_is_running_after_a_read(corpus, tmp_path):
    bridgeio.read(corpus / "usebio" / "nzscorer_pairs.xml")
    assert gc.isenabled()
    bad = tmp_path / "bad.xml"
    bad.write_bytes(b"<USEBIO Version='1.4'><EVENT>")
    with pytest.raises(FormatError):
        bridgeio.read(bad)
    assert gc.isenabled()
