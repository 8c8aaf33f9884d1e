"""USEBIO writing and validation: a Hypothesis round trip of results models, 1.2 against 1.4,
the usual form for one section, teams, individuals and sessions, edits of the model reaching
the file, bad bytes cleaned, and the validator's rules. (Corpus files: tests/corpus/.)"""

from __future__ import annotations

import datetime
import string
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

import bridgeio
from bridgeio.cli import run
from bridgeio.errors import ConversionError, DataLossWarning, collect
from bridgeio.formats.usebio.checks import check
from bridgeio.formats.usebio.events import derive
from bridgeio.formats.usebio.names import NEWER_THAN_1_2
from bridgeio.formats.usebio.reader import read
from bridgeio.formats.usebio.writer import to_xml
from bridgeio.model.cards import Card, Seat, Strain
from bridgeio.model.contract import Contract, Doubling
from bridgeio.model.results import (
    Assigned,
    Award,
    Board,
    BoardResult,
    Direction,
    Entry,
    Event,
    EventKind,
    Match,
    Player,
    Results,
    Scoring,
    Section,
    Special,
    Strat,
)
from tests.roundtrip import assert_round_trip


def reread(tmp_path, xml: bytes, name: str = "again.xml") -> Results:
    path = tmp_path / name
    path.write_bytes(xml)
    with collect():
        return read(str(path))


def write_text(tmp_path, text: str, name: str = "x.xml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


# ---------------------------------------------------------------------------- models

WORD = st.text(string.ascii_letters + "éßØ&<>'\"", min_size=1, max_size=8)
TEXT = st.lists(WORD, max_size=3).map(" ".join)
SCORES = st.one_of(
    st.integers(-7600, 7600).map(lambda n: (n * 10, -n * 10)),
    st.sampled_from(
        [
            (Special.AVERAGE_PLUS, Special.AVERAGE_MINUS),
            (Special.AVERAGE, Special.AVERAGE),
            (Special.AVERAGE_PLUS, Special.AVERAGE_PLUS),
            (Assigned(70.0), Assigned(30.0)),
            (Special.NOT_PLAYED, Special.NOT_PLAYED),
        ]
    ),
)
POINTS = st.one_of(st.none(), st.integers(-400, 400).map(lambda n: n / 4))
CONTRACTS = st.one_of(
    st.none(),
    st.just(Contract(0)),
    st.builds(
        Contract,
        st.integers(1, 7),
        st.sampled_from(list(Strain)),
        st.sampled_from(list(Doubling)),
        st.sampled_from(list(Seat)),
    ),
)
SCORINGS = {
    EventKind.PAIRS: [s for s in Scoring],
    EventKind.INDIVIDUAL: [Scoring.MATCHPOINTS, Scoring.AGGREGATE],
    EventKind.TEAMS: [Scoring.IMPS, Scoring.VICTORY_POINTS],
}


@st.composite
def players(draw, modern: bool) -> Player:
    first = draw(st.one_of(st.just(""), WORD))
    last = draw(WORD) if not first else draw(TEXT.filter(bool))
    return Player(
        last,
        first,
        draw(st.one_of(st.just(""), st.from_regex(r"[0-9]{1,8}", fullmatch=True))),
        draw(st.one_of(st.none(), st.integers(0, 20000).map(float))) if modern else None,
        draw(TEXT) if modern else "",
        draw(TEXT) if modern else "",
        draw(TEXT) if modern else "",
    )


@st.composite
def entries(draw, kind: EventKind, prefix: str, modern: bool) -> list[Entry]:
    mitchell = kind is EventKind.PAIRS and draw(st.booleans())
    numbers = draw(st.lists(st.integers(1, 30), min_size=1, max_size=4, unique=True))
    sides = [Direction.NS, Direction.EW] if mitchell else [None]
    found = []
    for side in sides:
        for number in numbers:
            score = draw(st.one_of(st.none(), st.integers(-4000, 40000).map(lambda n: n / 4)))
            rank = (
                draw(st.integers(1, 40))
                if score is not None
                else draw(st.one_of(st.none(), st.integers(1, 40)))
            )
            awards = draw(
                st.lists(
                    st.builds(
                        Award,
                        st.integers(0, 400).map(float),
                        st.sampled_from(["RED", "GREEN", "c"]),
                    ),
                    max_size=2,
                )
            )
            count = (
                1
                if kind is EventKind.INDIVIDUAL
                else draw(st.integers(0, 4 if kind is EventKind.TEAMS else 2))
            )
            entry = Entry(
                f"{prefix}{number}{side.value if side else ''}",
                number,
                side,
                draw(TEXT) if kind is EventKind.TEAMS else "",
                score,
                draw(st.one_of(st.none(), st.integers(0, 10000).map(lambda n: n / 100))),
                rank,
                draw(st.booleans()) if rank is not None else False,
                draw(st.one_of(st.none(), st.integers(1, 3))) if modern else None,
                players=[draw(players(modern)) for _ in range(count)],
                awards={"total": awards} if awards else {},
                boards_played=draw(st.one_of(st.none(), st.integers(0, 60))),
            )
            found.append(entry)
    return found


@st.composite
def lines(draw, kind: EventKind, numbers: list[int], modern: bool, teams=None) -> BoardResult:
    ns_score, ew_score = draw(SCORES)
    contract = draw(CONTRACTS)
    pick = st.sampled_from(numbers)
    if teams is not None:
        ns, ew = teams if draw(st.booleans()) else teams[::-1]
        seats = points = None
    elif kind is EventKind.INDIVIDUAL:
        seats = (draw(pick), draw(pick), draw(pick), draw(pick))
        ns, ew = seats[0], seats[1]
        a, b = draw(POINTS), draw(POINTS)
        points = (a, b, a, b)
    else:
        ns, ew, seats, points = draw(pick), draw(pick), None, None
    pair_points = teams is None and seats is None
    return BoardResult(
        draw(st.integers(0, 9)) if modern and teams is None else 0,
        draw(st.integers(0, 9)) if modern and teams is None else 0,
        ns,
        ew,
        ns_score,
        ew_score,
        draw(POINTS) if pair_points else None,
        draw(POINTS) if pair_points else None,
        contract,
        draw(st.one_of(st.none(), st.integers(0, 13))),
        draw(st.one_of(st.none(), st.integers(0, 51).map(Card))),
        seats=seats,
        points=points,
    )


@st.composite
def boards(draw, kind: EventKind, numbers: list[int], modern: bool, teams=None) -> list[Board]:
    board_numbers = draw(st.lists(st.integers(1, 36), max_size=3, unique=True))
    return [
        Board(
            n, [draw(lines(kind, numbers, modern, teams)) for _ in range(draw(st.integers(1, 3)))]
        )
        for n in board_numbers
    ]


@st.composite
def results_models(draw, modern: bool = True) -> Results:
    """Results USEBIO holds exactly (1.2: without what only 1.3 and 1.4 hold); derived
    section facts (movement, schedule, counts) as the reader derives them."""
    kind = draw(st.sampled_from(list(EventKind)))
    count = draw(st.integers(1, 3))
    names = [""] if count == 1 else ["A", "B", "C"][:count]
    event = Event(
        1,
        draw(TEXT),
        draw(TEXT),
        draw(
            st.one_of(st.none(), st.dates(datetime.date(1950, 1, 1), datetime.date(2099, 12, 31)))
        ),
        draw(TEXT),
        draw(st.from_regex(r"[0-9]{0,5}", fullmatch=True)),
        city=draw(TEXT),
        kind=kind,
        scoring=draw(st.sampled_from(SCORINGS[kind])),
        rating=draw(TEXT),
    )
    if kind is EventKind.TEAMS:
        event.pairwise_scoring = draw(st.sampled_from([None, Scoring.CROSS_IMPS, Scoring.BUTLER]))
    if modern and draw(st.booleans()):
        event.strats = [
            Strat(letter, None, draw(st.one_of(st.none(), st.integers(1, 9999))))
            for letter in draw(st.lists(st.sampled_from("ABC"), unique=True, max_size=3))
        ]
    for name in names:
        prefix = name
        section = Section(name, entries=draw(entries(kind, prefix, modern)))
        numbers = sorted({e.number for e in section.entries})
        if kind is EventKind.TEAMS:
            for round_number in range(1, draw(st.integers(0, 3)) + 1):
                home, away = draw(st.sampled_from(numbers)), draw(st.sampled_from([0, *numbers]))
                first, second = draw(POINTS), draw(POINTS) if away else None
                match = Match(round_number, home, away)
                if event.scoring is Scoring.VICTORY_POINTS:
                    match.home_vp, match.away_vp = first, second
                else:
                    match.home_imps, match.away_imps = first, second
                if away and away != home:
                    match.boards = draw(boards(kind, numbers, modern, (home, away)))
                    if event.scoring is Scoring.IMPS:  # each board's IMPS (a VP event's add up)
                        for board in match.boards:
                            board.imps = draw(st.one_of(st.none(), POINTS))
                section.matches.append(match)
        else:
            section.results = draw(boards(kind, numbers, modern))
        derive(section, kind)
        event.sections.append(section)
    return Results([event], "usebio")


@settings(max_examples=20)
@given(model=results_models())
def test_results_models_round_trip_in_1_4(tmp_path_factory, model):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DataLossWarning)  # USEBIO holds all of it
        assert_round_trip(model, tmp_path_factory.mktemp("usebio"), "usebio")


@settings(max_examples=12)
@given(model=results_models(modern=False))
def test_results_models_round_trip_in_1_2(tmp_path_factory, model):
    with warnings.catch_warnings():
        warnings.simplefilter("error", DataLossWarning)
        assert_round_trip(model, tmp_path_factory.mktemp("usebio"), "usebio", usebio_version="1.2")


# ---------------------------------------------------------------------------- forms


def pair(number: int, direction: Direction | None = None, name: str = "Ann Lee") -> Entry:
    first, last = name.split()
    return Entry(
        f"{number}{direction.value if direction else ''}",
        number,
        direction,
        percentage=50.0 + number,
        rank=number,
        players=[Player(last, first, f"{number}00")],
    )


def test_split_scores_keep_their_e_w_side(tmp_path):
    """A split score (ACBLscore's: N-S and E-W given different results) has its E-W side
    written in EW_SCORE and read back; the file validates, and the loss for other programs
    is said."""
    splits = [(110, -90), (Special.AVERAGE_PLUS, 50), (-50, Special.AVERAGE_PLUS), (420, -420)]
    lines = [
        BoardResult(1, table, table, table, ns, ew, 1.0, 1.0)
        for table, (ns, ew) in enumerate(splits, start=1)
    ]
    entries = [pair(n, side) for n in range(1, 5) for side in (Direction.NS, Direction.EW)]
    section = Section("", entries=entries, results=[Board(1, lines)])
    doc = Results([Event(1, "Pairs", date=datetime.date(2024, 1, 1), sections=[section])])
    with collect() as found:
        xml = to_xml(doc)
    assert xml.count(b"<EW_SCORE>") == 3 and b"<EW_SCORE>A60</EW_SCORE>" in xml
    assert any("split scores" in str(loss) for loss in found.losses)
    back = reread(tmp_path, xml)
    assert [
        (r.ns_score, r.ew_score) for r in back.events[0].sections[0].results[0].results
    ] == splits
    path = write_text(tmp_path, xml.decode())
    kinds = {p.kind for p in check(path)}
    assert not any(kind.startswith(("schema", "missing", "unreadable")) for kind in kinds)
    assert "element not in USEBIO 1.4: EW_SCORE" in kinds  # a warning naming it bridgeio's


def test_one_section_is_written_in_the_usual_form_several_in_sections(tmp_path):
    one = Results([Event(1, "Pairs", sections=[Section("A", entries=[pair(1), pair(2)])])])
    with collect() as found:
        tree = etree.fromstring(to_xml(one))
    assert tree.find("EVENT/PARTICIPANTS/PAIR") is not None and tree.find(".//SECTION") is None
    assert [str(loss) for loss in found.losses] == [
        "usebio 1.4 cannot hold the name of an event's only section (USEBIO's usual form has "
        "none) (1): left out"
    ]
    two = Results(
        [
            Event(
                1,
                "Pairs",
                sections=[Section("A", entries=[pair(1)]), Section("B", entries=[pair(1)])],
            )
        ]
    )
    tree = etree.fromstring(to_xml(two))
    assert [s.get("SECTION_ID") for s in tree.iter("SECTION")] == ["A", "B"]
    assert [p.findtext("PAIR_NUMBER") for p in tree.iter("PAIR")] == ["A1", "B1"]  # unique


def test_a_file_with_one_section_element_keeps_it(tmp_path):
    text = (
        '<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER>'
        '</CLUB><EVENT EVENT_TYPE="PAIRS"><DATE>2024-01-01</DATE><SECTION SECTION_ID="X">'
        "<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE></PAIR></PARTICIPANTS>"
        "</SECTION></EVENT></USEBIO>"
    )
    results = read(write_text(tmp_path, text))
    tree = etree.fromstring(to_xml(results))
    assert [s.get("SECTION_ID") for s in tree.iter("SECTION")] == ["X"]


def test_writing_1_2_leaves_out_only_what_1_2_cannot_hold(tmp_path):
    line = BoardResult(2, 3, 1, 2, 420, -420, 1.0, 0.0, Contract.parse("4S", "S"))
    event = Event(
        1,
        "Pairs",
        date=datetime.date(2015, 11, 16),
        sections=[Section("", entries=[pair(1), pair(2)], results=[Board(1, [line])])],
    )
    with collect() as found:
        older = etree.fromstring(to_xml(Results([event]), "1.2"))
    assert older.get("Version") == "1.2"
    assert not {e.tag for e in older.iter()} & NEWER_THAN_1_2
    assert older.findtext("EVENT/DATE") == "16/11/2015"
    assert sorted(str(loss) for loss in found.losses) == [
        "usebio 1.2 cannot hold ROUND_NUMBER elements, new in USEBIO 1.3 or 1.4 (1): left out",
        "usebio 1.2 cannot hold TABLE_NUMBER elements, new in USEBIO 1.3 or 1.4 (1): left out",
    ]
    newer = etree.fromstring(to_xml(Results([event]), "1.4"))
    assert newer.findtext("EVENT/DATE") == "2015-11-16"


def test_output_is_deterministic_utf8():
    results = Results([Event(1, "Caf\u00e9", sections=[Section("", entries=[pair(1)])])])
    first, second = to_xml(results), to_xml(results)
    assert first == second and first.startswith(b"<?xml version='1.0' encoding='UTF-8'?>")
    assert "Caf\u00e9".encode() in first


def test_bad_bytes_of_a_source_become_a_cleaned_value_with_a_warning(tmp_path):
    """A damaged source (a cut ACBLscore file: control characters in a club number) gives a
    cleaned value and a warning, never a raw lxml message."""
    event = Event(1, "Pairs\x00", club="Bay\x07 Club", club_number="12\x03", sections=[])
    event.sections = [Section("", entries=[pair(1, name="A\x1bnn Lee")])]
    with collect() as found:
        bridgeio.write(Results([event]), tmp_path / "clean.xml")
    tree = etree.parse(str(tmp_path / "clean.xml"))
    assert (
        tree.findtext("CLUB/CLUB_ID_NUMBER") == "12"
        and tree.findtext("CLUB/CLUB_NAME") == "Bay Club"
    )
    assert tree.findtext(".//PLAYER_NAME") == "Ann Lee"
    assert sorted(str(loss) for loss in found.losses) == [
        f"usebio 1.4 cannot hold control characters in {tag} texts (removed) (1): left out"
        for tag in ("CLUB_ID_NUMBER", "CLUB_NAME", "EVENT_DESCRIPTION", "PLAYER_NAME")
    ]


def test_the_writer_refuses_what_is_not_one_event(tmp_path):
    with pytest.raises(ConversionError, match="exactly one event a file"):
        to_xml(Results([Event(1), Event(2)]))
    with pytest.raises(ValueError, match="1.3 is not written"):
        to_xml(Results([Event(1)]), "1.3")
    bridgeio.write(Results([Event(1, "A"), Event(2, "B")]), tmp_path / "out.xml")
    assert sorted(p.name for p in tmp_path.glob("out-*.xml")) == ["out-1.xml", "out-2.xml"]


# ---------------------------------------------------------------------------- validation

BASE = """<?xml version="1.0"?>
<USEBIO Version="1.4">
<CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS">
<DATE>2024-01-01</DATE>
<PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>60</PERCENTAGE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLACE>2</PLACE><PERCENTAGE>40</PERCENTAGE></PAIR>
</PARTICIPANTS>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>
<SCORE>420</SCORE><NS_MATCH_POINTS>1</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD>
</EVENT></USEBIO>
"""


def test_a_clean_file_has_no_problems(tmp_path):
    assert check(write_text(tmp_path, BASE)) == []


def test_rules_no_schema_can_say(tmp_path):
    text = (
        BASE.replace("<PLACE>2</PLACE><PERCENTAGE>40", "<PLACE>2</PLACE><PERCENTAGE>70")
        .replace("<EW_PAIR_NUMBER>2<", "<EW_PAIR_NUMBER>9<")
        .replace("<DATE>2024-01-01</DATE>", "<ACBL_THING>x</ACBL_THING>")
    )
    problems = check(write_text(tmp_path, text))
    found = {(p.kind, p.severity): str(p) for p in problems}
    assert found[("missing DATE", "error")].startswith(
        "line 4 /USEBIO/EVENT: error: EVENT needs a DATE"
    )
    assert "place 2 has a better score" in found[("place order", "warning")]
    assert found[("not a participant", "error")].startswith(
        "line 11 /USEBIO/EVENT/BOARD/TRAVELLER_LINE"
    )
    assert "EW_PAIR_NUMBER 9 is not a participant" in found[("not a participant", "error")]
    assert (
        "ACBL_THING is not in USEBIO 1.4"
        in found[("element not in USEBIO 1.4: ACBL_THING", "warning")]
    )
    assert [p.sort_key for p in problems] == sorted(p.sort_key for p in problems)  # reading order


def test_schema_errors_carry_line_and_path(tmp_path):
    text = BASE.replace("<PERCENTAGE>60</PERCENTAGE>", "<PERCENTAGE>lots</PERCENTAGE>")
    problems = check(write_text(tmp_path, text))
    assert [(p.kind, p.place) for p in problems] == [
        ("unreadable PERCENTAGE", "line 7 /USEBIO/EVENT/PARTICIPANTS/PAIR[1]/PERCENTAGE"),
        (
            "schema SCHEMAV_CVC_PATTERN_VALID",
            "line 7 /USEBIO/EVENT/PARTICIPANTS/PAIR[1]/PERCENTAGE",
        ),
    ]
    line = BASE.replace("<SCORE>420</SCORE>", "<SCORE>420<X/></SCORE>")
    problems = check(write_text(tmp_path, line))
    assert [(p.kind, p.place) for p in problems] == [
        ("missing SCORE", "line 11 /USEBIO/EVENT/BOARD/TRAVELLER_LINE"),  # none the model reads
        ("schema SCHEMAV_CVC_TYPE_3_1_2", "line 12 /USEBIO/EVENT/BOARD/TRAVELLER_LINE/SCORE"),
    ]


LABELLED = BASE.replace(
    "<DATE>2024-01-01</DATE>",
    "<DATE>2024-01-01</DATE><LABELS><NAME>Section</NAME><NAME>Category</NAME></LABELS>"
    "<BOARDS_PER_ROUND>3</BOARDS_PER_ROUND><COUNTRY>England</COUNTRY>",
).replace(
    "<PERCENTAGE>60</PERCENTAGE>",
    "<PERCENTAGE>60</PERCENTAGE><LABEL><NAME>Section</NAME><VALUE>A</VALUE></LABEL>"
    "<LABEL><NAME>Category</NAME><VALUE>Novice</VALUE></LABEL>",
)


def test_labels_as_the_specification_and_ebuscore_write_them_are_valid_and_kept(tmp_path):
    """2.2.6: a pair's LABEL is a NAME and a VALUE, the event's LABELS lists the names;
    BOARDS_PER_ROUND (1.4) and COUNTRY (1.0's "other tags") are USEBIO too."""
    source = write_text(tmp_path, LABELLED)
    assert check(source) == []
    results = bridgeio.read(source)
    out = tmp_path / "out.xml"
    bridgeio.write(results, out)
    written = out.read_bytes()
    assert written.count(b"<LABEL>") == 2 and b"<VALUE>Novice</VALUE>" in written
    assert b"<LABELS>" in written and check(str(out)) == []
    wrong = LABELLED.replace("<VALUE>A</VALUE>", "<COLOUR>A</COLOUR>")
    assert [p.place for p in check(write_text(tmp_path, wrong))] == [
        "line 7 /USEBIO/EVENT/PARTICIPANTS/PAIR[1]/LABEL[1]/COLOUR"
    ]


def test_schema_command_and_validate_exit_status(tmp_path, capsys):
    assert run(["schema", "usebio"]) == 0
    schema = capsys.readouterr().out
    assert schema.startswith("<?xml") and "xs:schema" in schema
    assert all(f'name="{e}"' in schema for e in ("PAIR", "TRAVELLER_LINE", "STRATIFICATION"))
    assert run(["validate", write_text(tmp_path, BASE)]) == 0
    assert run(["validate", write_text(tmp_path, BASE.replace("<DATE>2024-01-01</DATE>", ""))]) == 1


# ---------------------------------------------------- teams, individuals, sessions

TEAMS = """<?xml version="1.0" encoding="ISO-8859-1"?>
<USEBIO Version="1.2">
<CLUB><CLUB_NAME>Caf\xe9 Club</CLUB_NAME><CLUB_ID_NUMBER>7</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="SWISS_TEAMS"><DATE>01/03/2024</DATE>
<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>
<TEAM_PAIRING_AVAILABLE>Y</TEAM_PAIRING_AVAILABLE>
<PARTICIPANTS>
<TEAM TEAM_ID="1" TEAM_NAME="Fischer"><PLACE>1</PLACE><TOTAL_SCORE>32</TOTAL_SCORE>
<WINS_OR_DRAWS>2</WINS_OR_DRAWS><PAIR><PAIR_NUMBER>1A</PAIR_NUMBER>
<PLAYER><PLAYER_NAME><FIRSTNAME>Ann</FIRSTNAME><LASTNAME>Van Dyke</LASTNAME></PLAYER_NAME></PLAYER>
</PAIR></TEAM>
<TEAM TEAM_ID="2"><PLACE>2</PLACE><TOTAL_SCORE>8</TOTAL_SCORE></TEAM>
</PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<SITOUT>9</SITOUT><TEAM_SCORE>16</TEAM_SCORE><OPPOSING_TEAM_SCORE>4</OPPOSING_TEAM_SCORE>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>7</IMPS><TRAVELLER_LINE><DIRECTION>NS</DIRECTION>
<CONTRACT>4 S x</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>KH</LEAD><SCORE>590</SCORE>
</TRAVELLER_LINE></BOARD></MATCH>
<MATCH><ROUND_NUMBER>2</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>NONE</OPPOSING_TEAM>
<TEAM_SCORE>16</TEAM_SCORE></MATCH>
</EVENT></USEBIO>
"""


def test_team_events_keep_their_matches(tmp_path):
    path = tmp_path / "teams.xml"
    path.write_bytes(TEAMS.encode("latin-1"))
    results = read(str(path))
    event = results.events[0]
    assert event.club == "Caf\u00e9 Club" and event.kind is EventKind.TEAMS
    assert event.scoring is Scoring.VICTORY_POINTS
    section = event.sections[0]
    assert [(e.id, e.name) for e in section.entries] == [("1", "Fischer"), ("2", "")]
    assert [(p.first_name, p.last_name) for p in section.entries[0].players] == [
        ("Ann", "Van Dyke")
    ]
    matches = section.matches
    assert [(m.round, m.home, m.away, m.home_vp, m.away_vp, m.home_imps) for m in matches] == [
        (1, 1, 2, 16, 4, 7),
        (2, 1, 0, 16, None, None),
    ]
    line = matches[0].boards[0].results[0]  # the first team sat N-S (DIRECTION NS)
    assert (line.ns, line.ew, line.contract, line.lead) == (
        1,
        2,
        Contract.parse("4SX", "N"),
        Card.from_text("HK"),
    )
    xml = to_xml(results)
    assert b"<SITOUT>9</SITOUT>" in xml and b"<OPPOSING_TEAM>NONE</OPPOSING_TEAM>" in xml
    assert b"<IMPS>7</IMPS>" in xml and b'TEAM_NAME="Fischer"' in xml
    assert b"<LASTNAME>Van Dyke</LASTNAME>" in xml  # the team's pair and its player
    again = reread(tmp_path, xml)
    assert again == results and to_xml(again) == xml
    assert check(str(path)) == []


def test_an_edit_of_a_team_match_score_reaches_the_file(tmp_path):
    path = tmp_path / "teams.xml"
    path.write_bytes(TEAMS.encode("latin-1"))
    results = read(str(path))
    match = results.events[0].sections[0].matches[0]
    match.home_vp, match.away_vp = 12.5, 7.5
    match.away = 1  # and who they played: the first team against itself, say
    again = reread(tmp_path, to_xml(results))
    edited = again.events[0].sections[0].matches[0]
    assert (edited.home_vp, edited.away_vp, edited.away) == (12.5, 7.5, 1)


INDIVIDUAL = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="INDIVIDUAL"><DATE>2024-03-01</DATE><PARTICIPANTS>
<PLAYER><PLAYER_NAME>Ann Lee</PLAYER_NAME><PLAYER_NUMBER>1</PLAYER_NUMBER><PLACE>1=</PLACE>
<PERCENTAGE>60</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Bo Kim</PLAYER_NAME><PLAYER_NUMBER>2</PLAYER_NUMBER><PLACE>3</PLACE>
<PERCENTAGE>40</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Cy Ng</PLAYER_NAME><PLAYER_NUMBER>3</PLAYER_NUMBER><PLACE>1=</PLACE>
<PERCENTAGE>60</PERCENTAGE></PLAYER>
<PLAYER><PLAYER_NAME>Di Li</PLAYER_NAME><PLAYER_NUMBER>4</PLAYER_NUMBER><PLACE>4</PLACE>
<PERCENTAGE>40</PERCENTAGE></PLAYER>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>
<N_PLAYER_NUMBER>1</N_PLAYER_NUMBER><S_PLAYER_NUMBER>3</S_PLAYER_NUMBER>
<E_PLAYER_NUMBER>2</E_PLAYER_NUMBER><W_PLAYER_NUMBER>4</W_PLAYER_NUMBER>
<SCORE>A6040</SCORE><NS_MATCH_POINTS>1.2</NS_MATCH_POINTS><EW_MATCH_POINTS>0.8</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>
"""


def test_individual_events(tmp_path):
    path = write_text(tmp_path, INDIVIDUAL)
    results = read(path)
    entries = results.events[0].sections[0].entries
    assert [(e.id, e.rank, e.tied, e.players[0].last_name) for e in entries][:2] == [
        ("1", 1, True, "Lee"),
        ("2", 3, False, "Kim"),
    ]
    line = results.events[0].sections[0].results[0].results[0]
    assert line.seats == (1, 2, 3, 4) and line.points == (1.2, 0.8, 1.2, 0.8)
    assert (line.ns_score, line.ew_score) == (Special.AVERAGE_PLUS, Special.AVERAGE_MINUS)
    xml = to_xml(results)
    assert b"<S_PLAYER_NUMBER>3</S_PLAYER_NUMBER>" in xml and b"<SCORE>A6040</SCORE>" in xml
    assert reread(tmp_path, xml) == results
    assert check(path) == []


SESSIONS = """<?xml version="1.0"?>
<USEBIO Version="1.4"><CLUB><CLUB_NAME>C</CLUB_NAME><CLUB_ID_NUMBER>1</CLUB_ID_NUMBER></CLUB>
<EVENT EVENT_TYPE="PAIRS"><DATE>2024-03-01</DATE><SESSION_COUNT>2</SESSION_COUNT>
<SESSION SESSION_ID="S1"><SESSION_DATE>2024-03-01</SESSION_DATE>
<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>55</PERCENTAGE>
</PAIR></PARTICIPANTS></SESSION>
<SESSION SESSION_ID="S2"><SECTION SECTION_ID="A"><PARTICIPANTS><PAIR>
<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE><PERCENTAGE>60</PERCENTAGE></PAIR></PARTICIPANTS>
</SECTION></SESSION></EVENT></USEBIO>
"""


def test_sessions_are_kept(tmp_path):
    results = read(write_text(tmp_path, SESSIONS))
    event = results.events[0]
    assert [(s.id, s.date) for s in event.sessions] == [
        ("S1", datetime.date(2024, 3, 1)),
        ("S2", None),
    ]
    assert [(s.session, s.name) for s in event.sections] == [(1, ""), (2, "A")]
    xml = to_xml(results)
    tree = etree.fromstring(xml)
    assert [s.get("SESSION_ID") for s in tree.iter("SESSION")] == ["S1", "S2"]
    assert tree.findtext("EVENT/SESSION/SESSION_DATE") == "2024-03-01"
    assert reread(tmp_path, xml) == results
    from bridgeio.formats.json import document

    sessions = document(results)["events"][0]["sessions"]
    assert sessions[1]["id"] == "S2" and sessions[1]["sections"][0]["session"] == 2


def test_what_the_source_lacks_of_what_usebio_needs_is_an_error(tmp_path, capsys):
    """A results file without scores or entries (a hand record's ScoreTable of contracts, say)
    converts to a USEBIO file that says so: one error a kind, exit status 1, and nothing
    bridgeio's validator reports is left unsaid."""
    lines = [BoardResult(1, t, t, t, contract=Contract(4, Strain.SPADES)) for t in (1, 2)]
    section = Section("", results=[Board(1, lines)])
    doc = Results([Event(1, "Pairs", sections=[section])], format="pbn")
    source = tmp_path / "source.json"
    bridgeio.write(doc, source)
    status = run(["convert", str(source), str(tmp_path / "out.xml")])
    err = capsys.readouterr().err
    assert status == 1
    for what in ("a date", "a score on 2 of 2", "matchpoints on 2 of 2", "entries for 4 pairs"):
        assert f"lacks {what}" in err, what
    kinds = {p.kind for p in check(str(tmp_path / "out.xml")) if p.severity == "error"}
    assert kinds == {"missing DATE", "missing SCORE", "missing points", "not a participant"}


def test_a_hand_set_with_unknown_hands_writes_the_cards_it_holds(tmp_path):
    """A PBN test file's deals (issue 29): one hand known and three written '-', a hand of no
    cards between known ones, and a board of no known card. Each HAND known is written, an
    unknown one is left out (no zip of a '-' against four suits), and the reread deals are
    the same."""
    from bridgeio.model.deals import Deal, DealSet

    written = [
        "S:QT8.AT764.KQJ93. - - -",
        "N:- A7652.J765.8.QJ8 - 8.4.KQJT974.AK52",
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432",
    ]
    deals = DealSet.from_deals([Deal.from_pbn(text) for text in written])
    deals.boards = np.array([1, 2, 3], dtype=np.int64)
    line = BoardResult(1, 1, 1, 2, 420, -420, 1.0, 1.0)
    event = Event(1, "Pairs", date=datetime.date(2024, 3, 1), sections=[Section("A")])
    event.sections[0].entries = [pair(1, Direction.NS), pair(2, Direction.EW)]
    event.sections[0].results = [Board(n, [line]) for n in (1, 2, 3)]
    event.deals = deals
    again = reread(tmp_path, to_xml(Results([event]))).events[0].deals
    assert again is not None and again.boards.tolist() == [1, 2, 3]
    for before, after in zip(deals, again, strict=True):
        assert [after.hand(s) for s in Seat] == [before.hand(s) for s in Seat]
    assert again[0].hand(Seat.SOUTH) == "QT8.AT764.KQJ93." and again[0].hand(Seat.NORTH) == "-"


def test_a_sit_out_is_left_out_of_the_traveller_and_a_howell_pair_found_either_way(tmp_path):
    """Ruter's Bye rows (issue 29): a pair sitting out has one pair number, 0 for the absent
    side; no TRAVELLER_LINE names one pair, so the line is left out and said, and the award
    stays in the pair's total. Ruter gives each pair of a Howell the direction it started in:
    a line seating it the other way still names its PAIR."""
    played = BoardResult(1, 1, 2, 1, 420, -420, 1.0, -1.0, Contract.parse("4S", "N"), 10)
    bye = BoardResult(1, 2, 3, 0, Assigned(59.0), None, 0.9, None)
    entries = [pair(1, Direction.NS), pair(2, Direction.EW), pair(3, Direction.NS)]
    for entry, total in zip(entries, (-1.0, 1.0, 0.9), strict=True):
        entry.score, entry.percentage, entry.rank = total, 50 + total * 10, None
    section = Section("", entries=entries, results=[Board(1, [played, bye])])
    event = Event(1, "Pairs", date=datetime.date(2016, 11, 9), sections=[section])
    with collect() as found:
        xml = to_xml(Results([event]))
    assert [str(loss) for loss in found.losses if "sitting out" in str(loss)] != []
    assert [p for p in found.problems if p.severity == "error"] == []
    written = etree.fromstring(xml)
    lines = written.findall(".//TRAVELLER_LINE")
    assert [(x.findtext("NS_PAIR_NUMBER"), x.findtext("EW_PAIR_NUMBER")) for x in lines] == [
        ("2EW", "1NS")
    ]
    assert [p.findtext("TOTAL_SCORE") for p in written.iter("PAIR")] == ["-1.00", "1.00", "0.90"]
    path = tmp_path / "bye.xml"
    path.write_bytes(xml)
    assert [p for p in check(str(path)) if p.severity == "error"] == []


def test_lines_that_name_no_pair_are_left_out_and_said(tmp_path):
    """A PBN frequency table (bridge-pbn's test files: ``Score_NS`` and ``Multiplicity``, no
    pair numbers) gives lines of pair 0 against pair 0: no TRAVELLER_LINE can hold them."""
    counted = BoardResult(0, 0, 0, 0, 500, -500)
    played = BoardResult(1, 1, 1, 2, 420, -420, 1.0, 0.0)
    section = Section("", entries=[pair(1, Direction.NS), pair(2, Direction.EW)])
    section.results = [Board(1, [counted, played])]
    event = Event(1, "Pairs", date=datetime.date(1970, 5, 1), sections=[section])
    with collect() as found:
        written = etree.fromstring(to_xml(Results([event])))
    assert [x.findtext("SCORE") for x in written.iter("TRAVELLER_LINE")] == ["420"]
    assert any("name no pair" in str(loss) and "(1)" in str(loss) for loss in found.losses)
    assert [p for p in found.problems if p.severity == "error"] == []
