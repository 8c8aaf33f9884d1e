"""ASC movement schedules: the real corpus, the checks, Qf, and movements from game files."""

from __future__ import annotations

import json
import re
import time
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio import FormatError
from bridgeio.analysis.movement import balance, minsq, statistics
from bridgeio.cli import run
from bridgeio.errors import collect
from bridgeio.formats.asc.checks import check
from bridgeio.formats.asc.reader import parse
from bridgeio.formats.asc.writer import to_text
from bridgeio.formats.json.reader import from_document
from bridgeio.formats.json.writer import document
from bridgeio.model.movement import MAX_ROUNDS, MAX_TABLES, Movement, Table
from bridgeio.model.movement_checks import errors
from tests.roundtrip import assert_round_trip

# One corpus file publishes a Qf that this reading of the NBB definition does not give
# (77.76 against 73.44); FACTS.md reports the same single exception over its larger corpus.
QF_EXCEPTIONS = {"TeamPlusSchemas__18p8r8sH.TeamPlus.txt"}


def schedules(corpus):
    files = sorted((corpus / "asc").iterdir())
    assert len(files) == 502
    return files


def test_every_corpus_schedule_reads_and_round_trips(corpus):
    for path in schedules(corpus):
        movement = bridgeio.read(path, "asc")
        again = parse(to_text(movement))
        assert (again.schedule, again.flags, again.trailing) == (
            movement.schedule,
            movement.flags,
            movement.trailing,
        ), path.name
        assert len(movement.schedule) == movement.rounds
        assert all(len(row) == movement.tables for row in movement.schedule)


def test_every_corpus_schedule_passes_the_checks(corpus):
    failing = [
        p.name
        for p in schedules(corpus)
        if any(e.severity == "error" for e in errors(bridgeio.read(p, "asc")))
    ]
    assert failing == []


def test_published_balance_figures(corpus):
    checked, wrong = 0, []
    for path in schedules(corpus):
        movement = bridgeio.read(path, "asc")
        published = re.search(r"Qf\s*=\s*([0-9.]+)", movement.trailing)
        if not published or movement.individual:
            continue
        checked += 1
        if round(balance(movement), 2) != float(published.group(1)):
            wrong.append(path.name)
    assert checked == 339
    assert set(wrong) == QF_EXCEPTIONS


def test_real_world_variations():
    text = (
        "6 3 2 3 0 l # a header comment\r\n"
        "\r\n"
        "# a comment line\r\n"
        "01-02:A\t3,4;B  5 - 6 C   # comment after a round\r\n"
        "1-4 C 5-2 A 0 0 0\r\n"
        "Qf=12.34, more text\r\n"
    )
    movement = parse(text)
    assert movement.flags == ["l"] and movement.comment == "a header comment"
    assert movement.schedule[0] == [Table((1, 2), "A"), Table((3, 4), "B"), Table((5, 6), "C")]
    assert movement.schedule[1][2] is None
    assert movement.round_lines == [4, 5]
    assert movement.trailing == "Qf=12.34, more text"


def test_numbered_groups_and_individuals():
    movement = parse("4 1 2 2 1 g\n1 2 3 4 1\n1 3 2 4 02\n")
    assert movement.individual and movement.schedule[1][0] == Table((1, 3, 2, 4), "2")
    stats = statistics(movement)
    assert stats["partners"][0][1] == 1 and stats["opponents"][0][2] == 1


def test_compact_schedules_are_read_and_said_to_be_compact():
    movement = parse("8 4 7 7 0 H\n1-2 A 3-4 B 5-6 C 7-8 D\n")
    assert movement.compact and len(movement.schedule) == 1
    assert any("compact" in p.message for p in errors(movement))


def test_errors_name_their_line():
    movement = parse("4 2 3 3 0\n1-2 A 3-4 B\n# comment\n1-1 B 3-9 C\n1-3 A 2-4 D\n")
    found = [str(p) for p in errors(movement)]
    assert "line 4 (round 2): error: contestant 1 sits 2 times" in found
    assert any(
        p.startswith("line 4 (round 2)") and "contestant 9 is outside 1-4" in p for p in found
    )
    assert "line 5 (round 3): error: table 1: 1 plays board group A a second time" in found
    assert any("board group 'D' is outside 1-3" in p for p in found)


@pytest.mark.parametrize(
    "text,place",
    [
        ("", "line 1"),
        ("4 2 2\n", "line 1"),
        ("4 2 2 2 3\n", "line 1"),
        ("4 2 2 2 0\n", "line 2"),  # cut before a whole round: nothing to read
        ("4 2 2 2 0 # two rounds\n1-2 A 3\n", "line 2"),
        ("4 2 2 2 0\n1-2 A x-4 B\n1-3 B 2-4 A\n", "line 2"),
        ("4 2 1 2 0\n1-2 A 3-4 B 5-6 C\n", "line 2"),
    ],
)
def test_unreadable_schedules(text, place):
    with pytest.raises(FormatError, match=place):
        parse(text, "x.asc")


def test_a_cut_schedule_reads_its_whole_rounds_and_reports_the_cut():
    """A schedule cut short is read like other damaged files: its whole rounds, the cut
    reported at its line (before, such a file was refused whole)."""
    with collect() as found:
        movement = parse("4 2 3 3 0\n1-2 A 3-4 B\n\n1-3 B 4-2 C\n1-4 C\n", "x.asc")
    assert (movement.rounds, len(movement.schedule), movement.round_lines) == (2, 2, [2, 4])
    assert [str(p) for p in found.problems] == [
        "line 5: error: the header gives 3 rounds of 2 tables, the file ends after 2 and "
        "3 numbers of round 3: cut, the 2 whole rounds read"
    ]
    with collect() as found:
        parse("4 2 3 3 0\n1-2 A 3-4 B\n# a comment\n", "x.asc")
    assert found.problems[0].place == "line 3"  # where round 2 was due
    assert "ends after 1: cut, the 1 whole round read" in found.problems[0].message


def test_fuzzed_schedules_raise_only_format_errors(corpus):
    seeds = [p.read_bytes() for p in schedules(corpus)[:40]]
    rng = np.random.default_rng(5)
    alphabet = b"0123456789 -:,;#\nABZgHl\t"
    for number in range(2000):
        data = bytearray(seeds[number % len(seeds)])
        for _ in range(int(rng.integers(1, 5))):
            at = int(rng.integers(0, len(data)))
            data[at : at + int(rng.integers(0, 3))] = bytes(
                rng.choice(list(alphabet), int(rng.integers(0, 3)))
            )
        try:
            errors(parse(data.decode("cp1252", errors="replace"), "fuzz.asc"))
        except FormatError:
            pass


def test_game_file_movements_convert_and_pass_the_checks(corpus, tmp_path):
    count = 0
    for path in sorted((corpus / "acblscore").iterdir()):
        if not path.is_file() or path.name.startswith("truncated"):
            continue
        target = tmp_path / f"{path.name}.asc"
        bridgeio.convert(path, target)
        for written in tmp_path.glob(f"{path.name}*.asc"):
            count += 1
            movement = bridgeio.read(written)
            assert not [p for p in errors(movement) if p.severity == "error"], written.name
    assert count == 80  # every section of every game


def test_commands(tmp_path, capsys):
    path = tmp_path / "m.asc"
    path.write_text("4 2 2 4 0\n1-2 A 3-4 B\n1-3 C 4-2 D\n")
    assert run(["info", str(path)]) == 0
    out = capsys.readouterr().out
    assert "guide cards" in out and "   1  1: 1 NS A  2: 1 NS C" in out
    assert run(["analyze", "--json", str(path)]) == 0
    assert '"qf"' in capsys.readouterr().out
    assert run(["validate", str(path)]) == 0
    path.write_text("4 2 2 2 0\n1-2 A 3-4 B\n1-3 A 4-2 A\n")
    assert run(["validate", str(path)]) == 1


# ------------------------------------------------------------------ headers that claim too much


def with_header(path, **numbers) -> str:
    """A real schedule's text with some of its header numbers replaced."""
    text = path.read_bytes().decode("cp1252")
    first, rest = text.split("\n", 1)
    body, _, comment = first.partition("#")
    fields = body.split()
    for index, name in enumerate(("participants", "tables", "rounds", "groups", "individual")):
        if name in numbers:
            fields[index] = str(numbers[name])
    return " ".join(fields) + (f" #{comment}" if comment else "") + "\n" + rest


HUGE = [
    ({"participants": 2**31}, "at most 6 digits"),
    ({"participants": 65_536}, "contestants for"),
    ({"tables": 65_536}, "tables"),
    ({"rounds": 65_536}, "rounds"),
    ({"groups": 65_536}, "board groups"),
    ({"groups": 0}, "board groups"),
    ({"participants": 0}, "contestants for"),
    ({"participants": "9" * 400}, "at most 6 digits"),
]


@pytest.mark.parametrize("numbers,expected", HUGE)
def test_huge_header_numbers_in_real_files_fail_fast_in_bounded_memory(
    corpus, tmp_path, numbers, expected
):
    """Every corpus schedule with the header changed: a FormatError at line 1 (or a listed
    problem), quickly, whatever the header claims."""
    started, peak = time.perf_counter(), 0
    for source in schedules(corpus)[::5]:
        path = tmp_path / source.name
        path.write_text(with_header(source, **numbers), encoding="cp1252")
        tracemalloc.start()
        try:
            (problem,) = check(str(path))
            assert problem.place == "line 1" and expected in problem.message, source.name
            with pytest.raises(FormatError, match=re.escape(f"{source.name}: line 1: expected")):
                bridgeio.read(path)
        finally:
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
    assert peak < 2 << 20
    assert time.perf_counter() - started < 5


def test_a_negative_number_is_a_separator_and_more_rounds_are_reported(corpus, tmp_path):
    """'-' separates numbers (1-2 is a pair): a header's "-5" rounds is 5 rounds, and the
    rounds after the fifth are reported, not taken for free text."""
    path = tmp_path / "m.asc"
    path.write_text(with_header(corpus / "asc" / "10HOWL18.ASC", rounds="-5"))
    problems = [str(p) for p in bridgeio.validate(path)]
    assert (
        "line 7: error: the header gives 5 rounds, but this line after them reads as another round"
    ) in problems


def test_every_command_on_a_huge_header(corpus, tmp_path, capsys):
    path = tmp_path / "huge.asc"
    path.write_text(with_header(corpus / "asc" / "10HOWL18.ASC", participants=65_536))
    for command in ("info", "validate", "analyze", "dump"):
        assert run([command, str(path)]) == 2, command  # unreadable, for every command
        captured = capsys.readouterr()
        message = captured.out + captured.err
        assert "huge.asc: line 1: " in message and "1-20 contestants for 5 tables" in message
        assert "Traceback" not in captured.err


def test_numbers_in_the_rounds_are_bounded_too(corpus):
    text = (corpus / "asc" / "10HOWL18.ASC").read_bytes().decode("cp1252")
    lines = text.split("\n")
    lines[3] = "9" * 300 + lines[3]
    with pytest.raises(FormatError, match="line 4: expected contestant numbers of at most 6"):
        parse("\n".join(lines), "x.asc")
    lines = text.split("\n")
    lines[2] = lines[2].rstrip() + "Z" * 300  # the last table's group label
    with pytest.raises(FormatError, match="line 3: expected a board group of at most 6"):
        parse("\n".join(lines), "x.asc")


def test_a_header_that_differs_from_the_rounds_is_listed_with_line_1(corpus, tmp_path):
    source = corpus / "asc" / "10HOWL18.ASC"  # 10 pairs, 5 tables, 18 rounds, 18 groups
    path = tmp_path / "m.asc"
    path.write_text(with_header(source, participants=20, groups=90))
    found = [str(p) for p in check(str(path))]
    assert found == [
        "line 1: error: the header gives 90 board groups, the rounds use 18",
        "line 1: warning: of the header's 20 contestants, 10 never play "
        "(11, 12, 13, 14, 15, 16, 17, 18, 19, 20)",
    ]


def test_the_largest_schedule_allowed_is_checked_and_analysed_quickly():
    rng = np.random.default_rng(3)
    tables, rounds, players = MAX_TABLES, MAX_ROUNDS, 8 * MAX_TABLES
    rows = [
        "  ".join(
            " ".join(map(str, rng.choice(np.arange(1, players + 1), 4, replace=False))) + " A"
            for _ in range(tables)
        )
        for _ in range(rounds)
    ]
    movement = parse(f"{players} {tables} {rounds} 1 1\n" + "\n".join(rows))
    started = time.perf_counter()
    assert any(p.severity == "error" for p in errors(movement))
    assert statistics(movement)["participants"] == players
    assert time.perf_counter() - started < 5


def test_balance_equals_the_pair_by_pair_definition():
    """Qf's comparisons summed per board group give what comparing every two table-rounds
    of a group gives (FACTS.md's definition, written out here)."""
    rng = np.random.default_rng(8)
    for _ in range(30):
        pairs, tables, rounds, groups = 8, 4, 5, 6
        schedule = [
            [
                Table(tuple(int(n) for n in rng.choice(np.arange(1, pairs + 1), 2)), "ABCDEF"[g])
                for g in rng.integers(0, groups, tables)
            ]
            for _ in range(rounds)
        ]
        movement = Movement(pairs, tables, rounds, groups, False, schedule)
        assert balance(movement) == pytest.approx(pair_by_pair_balance(movement), rel=1e-12)


def pair_by_pair_balance(m: Movement) -> float:
    h = m.participants * m.rounds / (2 * m.groups) - 1
    score: dict[tuple[int, int], float] = {}
    sittings = [t for row in m.schedule for t in row if t]
    for t in sittings:
        key = (min(t.seats), max(t.seats))
        score[key] = score.get(key, 0) + h
    for i, first in enumerate(sittings):
        for second in sittings[i + 1 :]:
            if first.group != second.group:
                continue
            (n1, e1), (n2, e2) = first.seats, second.seats
            for a, b, value in ((n1, n2, 1), (e1, e2, 1), (n1, e2, -1), (e1, n2, -1)):
                if a != b:
                    key = (min(a, b), max(a, b))
                    score[key] = score.get(key, 0) + value
    count = m.participants * (m.participants - 1) // 2
    total = len(sittings) * h
    best = minsq(round(total), count) if total == round(total) else count * (total / count) ** 2
    return 100 * best / sum(v * v for v in score.values())


# ------------------------------------------------------------------ canonical JSON


def test_every_corpus_schedule_through_json_writes_the_same_file(corpus):
    for path in schedules(corpus):
        movement = bridgeio.read(path, "asc")
        data = json.loads(json.dumps(document(movement, "asc")))
        assert data["format"] == "asc" and len(data["schedule"]) == movement.rounds
        back = from_document(data, "m.json")
        assert back == movement, path.name
        assert to_text(back) == to_text(movement), path.name


def test_dump_and_convert_back_through_the_command_line(corpus, tmp_path, capsys):
    source = corpus / "asc" / "41bh41.asc"  # individual, numbered groups (g), 41 rounds
    assert run(["dump", str(source)]) == 0
    dumped = tmp_path / "m.json"
    dumped.write_text(capsys.readouterr().out)
    data = json.loads(dumped.read_text())
    assert data["individual"] and data["flags"] == ["g"]
    assert set(data["schedule"][0][0]) == {"table", "n", "s", "e", "w", "group"}
    assert run(["convert", str(source), str(tmp_path / "direct.asc")]) == 0
    assert run(["convert", str(dumped), str(tmp_path / "via-json.asc")]) == 0
    assert (tmp_path / "via-json.asc").read_bytes() == (tmp_path / "direct.asc").read_bytes()
    assert run(["convert", str(source), str(tmp_path / "m2.json")]) == 0
    assert json.loads((tmp_path / "m2.json").read_text()) == data


def test_unused_tables_are_null_in_json():
    movement = parse("6 3 2 3 0\n1-2 A 3-4 B 5-6 C\n1-4 C 5-2 A 0-0 0\n")
    data = document(movement, "asc")
    assert data["schedule"][1][2] is None
    assert data["schedule"][1][1] == {"table": 2, "ns": 5, "ew": 2, "group": "A"}


group_labels = st.sampled_from(["A", "B", "C", "D", "1", "2", "12"])


@st.composite
def movements(draw):
    individual = draw(st.booleans())
    tables = draw(st.integers(1, 4))
    seats = 4 if individual else 2
    participants = draw(st.integers(1, 2 * seats * tables))
    compact = draw(st.booleans())
    rounds = draw(st.integers(1, 5))
    number = st.integers(0, participants + 1)
    table = st.builds(Table, st.tuples(*[number] * seats), group_labels)
    schedule = [
        draw(st.lists(st.none() | table, min_size=tables, max_size=tables))
        for _ in range(1 if compact else rounds)
    ]
    text = st.text(st.sampled_from("Qf=83.7 abc"), max_size=12).map(str.strip)
    return Movement(
        participants,
        tables,
        rounds,
        draw(st.integers(1, tables * rounds)),
        individual,
        schedule,
        flags=draw(st.lists(st.sampled_from(["g", "l", "L", "x"]), max_size=2))
        + (["H"] if compact else []),
        comment=draw(text),
        trailing=draw(text.filter(lambda t: not t[:1].isdigit())),
        compact=compact,
    )


@given(movements())
@settings(max_examples=80)
def test_movements_round_trip_through_json_and_asc(tmp_path_factory, movement):
    folder = tmp_path_factory.mktemp("movement")
    assert_round_trip(movement, folder, "json")
    assert_round_trip(movement, folder, "asc")  # (no group "0": 0-0 0 is an unused table)


MALFORMED = [
    ({"schedule": []}, "individual: expected a value (the key is missing)"),
    ({"participants": "10"}, "participants: expected an integer 0-999999, found '10'"),
    ({"participants": True}, "participants: expected an integer 0-999999, found True"),
    ({"tables": 10**30}, "tables: expected an integer 0-100"),
    ({"participants": 10**7}, "participants: expected an integer 0-999999"),
    ({"participants": 999_999}, "participants: expected 1-8 contestants for 2 tables"),
    ({"board_groups": 7}, "board_groups: expected 1-6 board groups"),
    ({"individual": 0}, "individual: expected true or false, found 0"),
    ({"schedule": {"0": []}}, "schedule: expected a list"),
    ({"schedule": [[None, None]]}, "schedule: expected 3 rounds: 3 lists, found 1"),
    ({"schedule": [[None, None], [None], [None, None]]}, "schedule[1]: expected a list of 2"),
    ({"schedule": [[None, 5], [None, None], [None, None]]}, "schedule[0][1]: expected an object"),
    (
        {
            "schedule": [
                [None, {"table": 1, "ns": 1, "ew": 2, "group": "A"}],
                [None] * 2,
                [None] * 2,
            ]
        },
        "schedule[0][1].table: expected table 2",
    ),
    (
        {"schedule": [[{"ns": 1, "ew": -2, "group": "A"}, None], [None] * 2, [None] * 2]},
        "schedule[0][0].ew: expected an integer 0-999999, found -2",
    ),
    (
        {"schedule": [[{"ns": 1, "ew": 2}, None], [None] * 2, [None] * 2]},
        "schedule[0][0].group: expected a value (the key is missing)",
    ),
    ({"flags": ["g", 7]}, "flags[1]: expected a header flag"),
    ({"trailing": ["x"]}, "trailing: expected a string"),
]


@pytest.mark.parametrize("change,message", MALFORMED)
def test_malformed_movement_documents_name_their_json_path(tmp_path, change, message):
    data = document(parse("4 2 3 6 0\n1-2 A 3-4 B\n1-3 C 2-4 D\n1-4 E 2-3 F\n"), "asc")
    data.update(change)
    if change == {"schedule": []}:
        del data["individual"]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    with pytest.raises(FormatError) as raised:
        bridgeio.read(path)
    assert str(raised.value) == f"{path}: {message}" or str(raised.value).startswith(
        f"{path}: {message}"
    )


@pytest.mark.parametrize(
    "data,message",
    [
        ([], "top level: expected an object with one of the keys records, events, schedule"),
        ({"format": "asc"}, "top level: expected an object with one of the keys"),
        ({"schedule": [], "tournaments": []}, "top level: expected one of the keys"),
        ({"records": {}}, 'top level: expected an object with a "records" list'),
    ],
)
def test_documents_are_told_apart_by_their_keys(data, message):
    with pytest.raises(FormatError, match=re.escape(message)):
        from_document(data, "x.json")
