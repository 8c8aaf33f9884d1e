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
    assert run(["validate", str(broken)]) == 1
    assert "record 1 at byte 0: error: not 13 cards a hand" in capsys.readouterr().out
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
