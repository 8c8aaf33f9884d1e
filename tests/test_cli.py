"""The bridgeio command: outputs, exit statuses, safety of files."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import bridgeio
from bridgeio.cli import run
from bridgeio.model import DealSet
from tests.conftest import random_seats, random_tricks

BRIDGEIO = [sys.executable, "-m", "bridgeio"]


@pytest.fixture
def zrd(tmp_path):
    path = tmp_path / "deals.zrd"
    bridgeio.write(DealSet(random_seats(1, 12), random_tricks(1, 12)), path)
    return path


def test_info_shows_counts_and_a_diagram(zrd, capsys):
    assert run(["info", str(zrd)]) == 0
    out = capsys.readouterr().out
    assert "zrd file: 12 deal records" in out
    assert "double-dummy tricks" in out
    assert "NT   S   H   D   C" in out


def test_dump_several_files_gives_one_document_a_line(zrd, tmp_path, capsys):
    bridgeio.convert(zrd, tmp_path / "deals.zbd")
    assert run(["dump", str(zrd), str(tmp_path / "deals.zbd")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["format"] for line in lines] == ["zrd", "zbd"]


def test_convert_refuses_an_existing_output_without_force(zrd, tmp_path, capsys):
    target = tmp_path / "out.zbd"
    target.write_bytes(b"precious")
    assert run(["convert", str(zrd), str(target)]) == 2
    assert "exists" in capsys.readouterr().err
    assert target.read_bytes() == b"precious"
    assert run(["convert", str(zrd), str(target), "--force"]) == 0
    assert len(bridgeio.read(target)) == 12


def test_convert_with_explicit_format_and_seat(zrd, tmp_path):
    assert run(["convert", str(zrd), str(tmp_path / "out.bin"), "--to", "zrj", "--seat", "e"]) == 0
    assert bridgeio.read(tmp_path / "out.bin", "zrj").target.tolist() == [1] * 12


def test_failed_conversion_leaves_no_output(tmp_path, capsys):
    bridgeio.write(DealSet(random_seats(2, 3)), tmp_path / "a.zbd")
    assert run(["convert", str(tmp_path / "a.zbd"), str(tmp_path / "a.zrd")]) == 2
    assert "needs double-dummy tricks" in capsys.readouterr().err
    assert sorted(os.listdir(tmp_path)) == ["a.zbd"]


def test_validate_exit_statuses(zrd, tmp_path, capsys):
    assert run(["validate", str(zrd)]) == 0
    broken = tmp_path / "broken.zrd"
    data = bytearray(zrd.read_bytes())
    data[2] ^= 0x10
    broken.write_bytes(bytes(data))
    # unreadable (the reader refuses it): status 2, as for info; what was found on stderr
    assert run(["validate", str(broken)]) == 2
    assert "record 1 at byte 0: error: not 13 cards a hand" in capsys.readouterr().err
    assert run(["info", str(broken)]) == 2
    assert run(["validate", str(tmp_path / "missing.zrd")]) == 2
    assert run(["validate", str(tmp_path)]) == 2


def test_checksum_prints_hex(zrd, capsys):
    assert run(["checksum", str(zrd)]) == 0
    value, name = capsys.readouterr().out.split()
    assert int(value, 16) == bridgeio.analysis.checksum.word_sum(zrd) and name == str(zrd)


def test_unreadable_input_is_status_2_with_a_message(tmp_path, capsys):
    junk = tmp_path / "junk.zbd"
    junk.write_bytes(b"\x00\x01" * 7)
    assert run(["info", str(junk)]) == 2
    err = capsys.readouterr().err
    assert "junk.zbd" in err and "Traceback" not in err


def test_the_installed_command_pipes_quietly(zrd):
    """As a separate process: data on stdout, nothing on stderr (no progress bar when piped)."""
    done = subprocess.run(
        [*BRIDGEIO, "convert", str(zrd), str(zrd.with_suffix(".pbn"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "" and done.stdout == ""
    done = subprocess.run(
        [*BRIDGEIO, "dump", str(zrd.with_suffix(".pbn"))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert json.loads(done.stdout)["format"] == "pbn"
    done = subprocess.run(
        [*BRIDGEIO, "convert", "--bogus"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2


def test_standard_input_and_output(zrd, tmp_path):
    """- reads standard input (format sniffed or named) and writes standard output (--to)."""
    done = subprocess.run(
        [*BRIDGEIO, "convert", "-", "-", "--to", "zbd"],
        input=zrd.read_bytes(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == (bridgeio_bytes(zrd, tmp_path, "zbd"))
    assert b"zbd cannot hold the double-dummy tricks of 12 deals" in done.stderr
    done = subprocess.run(
        [*BRIDGEIO, "info", "-"], input=b"not a bridge file", capture_output=True, check=False
    )
    assert done.returncode == 2 and b"<stdin>: start of file" in done.stderr
    done = subprocess.run([*BRIDGEIO, "convert", str(zrd), "-"], capture_output=True, check=False)
    assert done.returncode == 2 and b"needs --to" in done.stderr


def bridgeio_bytes(source, folder, fmt):
    target = folder / f"expected.{fmt}"
    bridgeio.convert(source, target)
    return target.read_bytes()


def test_force_writes_through_a_link_and_never_to_a_device(zrd, tmp_path, capsys):
    real = tmp_path / "real.zbd"
    real.write_bytes(b"old")
    link = tmp_path / "link.zbd"
    link.symlink_to(real)
    assert run(["convert", str(zrd), str(link)]) == 2
    assert real.read_bytes() == b"old"
    assert run(["convert", str(zrd), str(link), "--force"]) == 0
    assert link.is_symlink() and len(bridgeio.read(real)) == 12
    assert run(["convert", str(zrd), "/dev/null", "--to", "zbd", "--force"]) == 2
    assert run(["convert", str(zrd), str(tmp_path), "--to", "zbd", "--force"]) == 2
    err = capsys.readouterr().err
    assert "is a device" in err and "is a directory" in err


def test_strict_refuses_a_lossy_conversion_and_writes_nothing(zrd, tmp_path, capsys):
    target = tmp_path / "out.zbd"
    assert run(["convert", str(zrd), str(target), "--strict"]) == 2
    assert "--strict: nothing written" in capsys.readouterr().err
    assert not target.exists() and os.listdir(tmp_path) == ["deals.zrd"]
    assert run(["convert", str(zrd), str(target)]) == 0
    assert "left out" in capsys.readouterr().err


def test_several_files_each_processed_worst_status(zrd, tmp_path, capsys):
    text = tmp_path / "notes.txt"
    text.write_text("hello, world\n")
    assert run(["info", str(text), str(zrd)]) == 2
    captured = capsys.readouterr()
    assert "zrd file: 12 deal records" in captured.out
    assert "notes.txt: start of file: expected a recognised format" in captured.err
    broken = tmp_path / "broken.zrd"
    data = bytearray(zrd.read_bytes())
    data[2] ^= 0x10
    broken.write_bytes(bytes(data))
    assert run(["validate", str(zrd), str(zrd)]) == 0
    assert run(["validate", str(broken), str(text), str(zrd)]) == 2
    assert f"{zrd}: ok" in capsys.readouterr().out


def test_problems_of_one_kind_are_grouped_unless_verbose(tmp_path, capsys):
    from bridgeio.cli import show_problems
    from bridgeio.errors import Problem

    problems = [Problem(f"line {n}", f"HAND {n} is not in 1.4", "warning") for n in (30, 9, 12)]
    problems.append(Problem("line 3", "bad date", "error"))
    lines: list[str] = []
    show_problems("f.xml", problems, False, lines.append)
    assert lines == [
        "f.xml: line 3: error: bad date",
        "f.xml: line 9: warning: HAND 9 is not in 1.4 (and 2 more like it: line 12, line 30; "
        "--verbose lists them all)",
    ]
    lines.clear()
    show_problems("f.xml", problems, True, lines.append)
    assert [line.split(":")[1] for line in lines] == [" line 3", " line 9", " line 12", " line 30"]


def test_a_bug_is_one_line_not_a_traceback(zrd, monkeypatch, capsys):
    import bridgeio.analysis.deal_summary as summary

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(summary, "summarize_deals", broken)
    assert run(["info", str(zrd)]) == 70  # a bug's own exit status (issue 29)
    err = capsys.readouterr().err
    assert "internal error in bridgeio" in err and "(RuntimeError: boom" in err
    assert "Traceback" not in err


def test_readme_lists_what_the_registry_says():
    """The README's command list and format table agree with the registry."""
    from pathlib import Path

    from bridgeio.cli import format_table, main

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    writable = [f.name for f in bridgeio.available_formats() if f.writes]
    convert_line = next(line for line in readme.splitlines() if "bridgeio convert IN OUT" in line)
    assert convert_line.split("   ")[-1].split() == writable
    for line in format_table():
        assert line in readme, f"README lacks the formats line {line!r}"
    for name in main.commands:
        assert f"bridgeio {name} " in readme or f"bridgeio {name}\n" in readme, name
