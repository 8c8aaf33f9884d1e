"""Traveller lines captured from a USEBIO file's text read exactly as the parser reads them:
the same results, the same problems at the same places, the same refusal, for every layout
(plain, pretty-printed, CRLF), for lines the capture must leave alone (attributes, entities,
a child twice, inside a comment) and for files it must leave alone altogether."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgeio import FormatError
from bridgeio.errors import collect
from bridgeio.formats.json import document
from bridgeio.formats.usebio.boards import LINE_TAGS
from bridgeio.formats.usebio.problems import Problems
from bridgeio.formats.usebio.reader import Pass, read
from bridgeio.formats.usebio.travellers import Capture, order

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"

HEAD = """<?xml version="1.0" encoding="{encoding}"?>
<USEBIO Version="1.2"><CLUB><CLUB_NAME>Club {club}</CLUB_NAME></CLUB>
<EVENT EVENT_TYPE="MP_PAIRS"><DATE>01/03/2024</DATE><SECTION><SECTION_ID>A</SECTION_ID>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE></PAIR>
<PAIR><PAIR_NUMBER>3</PAIR_NUMBER><PLACE>3</PLACE></PAIR>
<PAIR><PAIR_NUMBER>4</PAIR_NUMBER><PLACE>4</PLACE></PAIR></PARTICIPANTS>
"""
TAIL = "</SECTION></EVENT></USEBIO>\n"

CHILDREN = (
    ("NS_PAIR_NUMBER", ("1", "3", " 3 ", "x")),
    ("EW_PAIR_NUMBER", ("2", "4")),
    ("CONTRACT", ("4S", "3NTx", "PASS", "42", "")),
    ("PLAYED_BY", ("N", "W", "Q")),
    ("LEAD", ("HK", "S2", "ZZ")),
    ("TRICKS", ("10", "9", "14")),
    ("SCORE", ("420", "-100", "A60", "oops")),
    ("NS_MATCH_POINTS", ("1", "0.5", "two")),
    ("EW_MATCH_POINTS", ("0", "1.5")),
    ("NS_CROSS_IMP_POINTS", ("2.5", "-1")),  # points of a kind the event is not scored in
    ("ROUND_NUMBER", ("1", "r")),
    ("TABLE_NUMBER", ("2", "Green8")),
    ("DIRECTION", ("NS", "EW")),
    ("EW_SCORE", ("A40",)),
    ("N_PLAYER_NUMBER", ("1",)),
)


def canonical(path: Path, capture: bool) -> object:
    """What a read gives (results and problems), or the refusal's message."""
    try:
        if capture:
            with collect() as found:
                results = read(str(path))
            problems = [str(p) for p in found.problems]
        else:
            pass_ = Pass(str(path), problems=Problems(str(path), report=False))
            results = pass_.run()
            problems = [str(p) for p in results.problems]
    except FormatError as error:
        return ("refused", str(error))
    return document(results), problems


def same_read(path: Path) -> None:
    plain, captured = canonical(path, False), canonical(path, True)
    assert captured == plain


def line_text(children: list[tuple[str, str]], space: str, attribute: str = "") -> str:
    inner = "".join(f"{space}<{tag}>{text}</{tag}>" for tag, text in children)
    return f"<TRAVELLER_LINE{attribute}>{inner}{space}</TRAVELLER_LINE>"


def board_text(number: int, lines: list[str], space: str) -> str:
    return f"<BOARD>{space}<BOARD_NUMBER>{number}</BOARD_NUMBER>{space}{space.join(lines)}</BOARD>"


def write(tmp_path: Path, body: str, name: str = "x.xml", encoding: str = "UTF-8") -> Path:
    path = tmp_path / name
    text = HEAD.format(encoding=encoding, club="é") + body + TAIL
    path.write_bytes(text.encode("utf-16" if encoding == "UTF-16" else encoding))
    return path


ODD_LINES = (
    "<TRAVELLER_LINE><SCORE>420</SCORE><SCORE>430</SCORE></TRAVELLER_LINE>",  # a child twice
    '<TRAVELLER_LINE x="1"><SCORE>420</SCORE></TRAVELLER_LINE>',  # an attribute
    "<TRAVELLER_LINE><SCORE>4&#50;0</SCORE></TRAVELLER_LINE>",  # a reference
    "<TRAVELLER_LINE><SCORE><![CDATA[420]]></SCORE></TRAVELLER_LINE>",
    "<TRAVELLER_LINE><SCORE>420</SCORE><REMARK>late</REMARK></TRAVELLER_LINE>",
    "<TRAVELLER_LINE/>",
    "<TRAVELLER_LINE>  </TRAVELLER_LINE>",
    "<TRAVELLER_LINE>text</TRAVELLER_LINE>",
    "<TRAVELLER_LINE><SCORE>4\n20</SCORE></TRAVELLER_LINE>",
    "<TRAVELLER_LINE><SCORE/><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER></TRAVELLER_LINE>",
    '<TRAVELLER_LINE _bridgeio_line=""/>',  # the stand-in's mark, written by someone else
    "<!-- <TRAVELLER_LINE><SCORE>420</SCORE></TRAVELLER_LINE> -->",
    "<?note <TRAVELLER_LINE><SCORE>1</SCORE></TRAVELLER_LINE>?>",
)

child_lists = st.lists(
    st.sampled_from(CHILDREN).flatmap(lambda c: st.tuples(st.just(c[0]), st.sampled_from(c[1]))),
    max_size=12,
    unique_by=lambda child: child[0],
)
lines = st.one_of(
    st.tuples(child_lists, st.sampled_from(("", " ", "\n  ", "\r\n\t"))).map(
        lambda made: line_text(*made)
    ),
    st.sampled_from(ODD_LINES),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    boards=st.lists(st.lists(lines, min_size=1, max_size=5), min_size=1, max_size=4),
    space=st.sampled_from(("", "\n", "\r\n  ")),
    stray=st.booleans(),
)
def test_any_layout_reads_as_the_parser_reads_it(tmp_path, boards, space, stray):
    body = space.join(board_text(n, board, space) for n, board in enumerate(boards, 1))
    if stray:  # a line out of place (kept whole where it is, not a board's)
        body += line_text([("SCORE", "420")], space)
    path = write(tmp_path, body)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        same_read(path)


def test_a_problem_in_a_captured_line_is_placed_at_its_child(tmp_path):
    good = line_text([("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "2"), ("SCORE", "420")], "\r\n  ")
    bad = line_text([("NS_PAIR_NUMBER", "3"), ("EW_PAIR_NUMBER", "4"), ("SCORE", "oops")], "\r\n  ")
    path = write(tmp_path, board_text(1, [good, bad], "\r\n"))
    with collect() as found:
        read(str(path))
    (problem,) = [p for p in found.problems if "oops" in p.message]
    assert problem.place == "line 18 /USEBIO/EVENT/SECTION/BOARD/TRAVELLER_LINE[2]/SCORE"
    assert path.read_text().splitlines()[17].strip() == "<SCORE>oops</SCORE>"
    same_read(path)


@pytest.mark.parametrize("encoding", ["UTF-16", "ISO-8859-1", "windows-1252"])
def test_other_encodings_read_the_same(tmp_path, encoding):
    line = line_text([("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "2"), ("SCORE", "420")], "")
    path = write(tmp_path, board_text(1, [line, line], ""), encoding=encoding)
    same_read(path)
    results, _ = canonical(path, True)  # type: ignore[misc]
    assert len(results["events"][0]["sections"][0]["boards"][0]["results"]) == 2


def test_a_malformed_file_is_refused_where_the_parser_says(tmp_path):
    line = line_text([("NS_PAIR_NUMBER", "1"), ("EW_PAIR_NUMBER", "2"), ("SCORE", "420")], "")
    path = write(tmp_path, board_text(1, [line, line], "") + "<BOARD><oops></BOARD>")
    with pytest.raises(FormatError) as refused:
        read(str(path))
    assert "line 8 column 305" in str(refused.value)
    same_read(path)


def test_lines_are_captured_and_stand_ins_keep_line_numbers(tmp_path):
    line = line_text([("NS_PAIR_NUMBER", "1"), ("SCORE", "420")], "\n  ")
    path = write(tmp_path, board_text(1, [line, line], "\n"))
    capture = Capture(str(path), LINE_TAGS)
    fed = b"".join(iter(lambda: capture.read(100), b""))
    assert len(capture.lines) == 2
    assert b"<SCORE>" not in fed
    assert fed.count(b"\n") == path.read_bytes().count(b"\n")
    assert capture.template.tags == ("NS_PAIR_NUMBER", "SCORE")


def test_the_order_of_children_is_learnt_from_many_lines():
    assert order([("B",), ("A", "B"), ("B", "C"), ("A", "D", "C")]) == ("A", "D", "B", "C")


CORPUS_USEBIO = (
    sorted(p for folder in ("usebio", "world/usebio") for p in (CORPUS / folder).glob("*.xml"))
    if CORPUS.is_dir()
    else []
)


@pytest.mark.skipif(not CORPUS_USEBIO, reason="the corpus (../shared/corpus) is absent")
def test_every_corpus_usebio_file_reads_as_the_parser_reads_it():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path in CORPUS_USEBIO:
            same_read(path)
