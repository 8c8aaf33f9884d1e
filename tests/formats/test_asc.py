"""ASC movement schedules: the real corpus, the checks, Qf, and movements from game files."""

from __future__ import annotations

import re

import numpy as np
import pytest

import bridgeio
from bridgeio import FormatError
from bridgeio.analysis.movement import balance, errors, statistics
from bridgeio.cli import run
from bridgeio.formats.asc.reader import parse
from bridgeio.formats.asc.writer import to_text
from bridgeio.model.movement import Table

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
        ("4 2 2 2 0\n1-2 A 3-4 B\n", "line 3"),
        ("4 2 2 2 0\n1-2 A x-4 B\n1-3 B 2-4 A\n", "line 2"),
        ("4 2 1 2 0\n1-2 A 3-4 B 5-6 C\n", "line 2"),
    ],
)
def test_unreadable_schedules(text, place):
    with pytest.raises(FormatError, match=place):
        parse(text, "x.asc")


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
