"""Fuzzing every reader: random and mutated inputs end in a result or a FormatError, quickly.

The readers are called directly (not through ``bridgeio.read``, whose safety net would turn a
reader's stray exception into a FormatError and hide the bug).
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio import FormatError
from bridgeio.formats.chessbase import TournamentFile
from bridgeio.model import DealSet
from bridgeio.model.chess import Tournament
from tests.conftest import random_seats, random_tricks

READERS = ["zrd", "zrj", "zbd", "zdd", "zbs", "pbn", "json", "cbt", "usebio", "asc"]
MUTATIONS_PER_FORMAT = 400


def seed_file(folder, name: str) -> bytes:
    if name == "cbt":
        return TournamentFile.new([Tournament(t, "X") for t in "DBFACEGH"]).to_bytes()
    if name == "asc":
        return b"4 2 2 4 0 # c\r\n1-2 A 3-4 B\r\n1-3 C 4-2 D\r\nQf=1.00\r\n"
    if name == "usebio":
        return (
            b'<?xml version="1.0"?><USEBIO Version="1.2"><CLUB><CLUB_NAME>C</CLUB_NAME>'
            b'</CLUB><EVENT EVENT_TYPE="PAIRS"><DATE>01/02/2020</DATE><PARTICIPANTS><PAIR>'
            b"<PAIR_NUMBER>1 NS</PAIR_NUMBER><PLACE>1=</PLACE><TOTAL_SCORE>5</TOTAL_SCORE>"
            b"<PLAYER><PLAYER_NAME>A B</PLAYER_NAME></PLAYER></PAIR></PARTICIPANTS><BOARD>"
            b"<BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1 NS"
            b"</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2 EW</EW_PAIR_NUMBER><SCORE>A6040</SCORE>"
            b"<NS_MATCH_POINTS>1.5</NS_MATCH_POINTS><ROUND_NUMBER>1</ROUND_NUMBER>"
            b"<TABLE_NUMBER>1</TABLE_NUMBER></TRAVELLER_LINE></BOARD></EVENT></USEBIO>"
        )
    deals = DealSet(random_seats(1, 6), random_tricks(1, 6))
    path = folder / f"seed.{name}"
    bridgeio.write(deals, path, seat="S" if name == "zrj" else None)
    return path.read_bytes()


def mutate(data: bytes, rng: np.random.Generator) -> bytes:
    data = bytearray(data)
    for _ in range(int(rng.integers(1, 4))):
        kind = int(rng.integers(0, 6))
        at = int(rng.integers(0, max(len(data), 1)))
        if kind == 0 and data:  # flip a bit
            data[at % len(data)] ^= 1 << int(rng.integers(0, 8))
        elif kind == 1 and data:  # replace a byte
            data[at % len(data)] = int(rng.integers(0, 256))
        elif kind == 2:  # truncate
            del data[at:]
        elif kind == 3:  # insert junk
            data[at:at] = rng.bytes(int(rng.integers(1, 30)))
        elif kind == 4:  # delete a stretch
            del data[at : at + int(rng.integers(1, 30))]
        else:  # duplicate a stretch
            data[at:at] = data[at : at + int(rng.integers(1, 60))]
    return bytes(data)


TIME_LIMIT = 5.0  # seconds a read may take (the bound; well above a quiet machine's)


def read_only_format_errors(name: str, path) -> None:
    reader = bridgeio.get_format(name).read
    began = time.perf_counter()
    try:
        reader(str(path))
    except FormatError:
        pass
    assert time.perf_counter() - began < TIME_LIMIT


@pytest.mark.parametrize("name", READERS)
def test_mutated_files(tmp_path, name):
    seed = seed_file(tmp_path, name)
    rng = np.random.default_rng(sum(map(ord, name)))
    path = tmp_path / f"mutant.{name}"
    for _ in range(MUTATIONS_PER_FORMAT):
        path.write_bytes(mutate(seed, rng))
        read_only_format_errors(name, path)
        checker = bridgeio.get_format(name).check
        if checker is not None:
            try:  # validate lists problems; what cannot be read is a FormatError, as reading
                checker(str(path))
            except FormatError:
                pass


@pytest.mark.parametrize("name", READERS)
@settings(max_examples=150)
@given(data=st.binary(max_size=300))
def test_random_bytes(tmp_path_factory, name, data):
    path = tmp_path_factory.mktemp("fuzz") / f"random.{name}"
    path.write_bytes(data)
    read_only_format_errors(name, path)


@settings(max_examples=200)
@given(data=st.binary(max_size=200))
def test_sniffing_any_bytes_gives_a_result_or_a_format_error(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "unknown.bin"
    path.write_bytes(data)
    try:
        bridgeio.read(path)
    except FormatError:
        pass


def test_text_readers_survive_hostile_structure(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "deep.json").write_text('{"records": ' + deep + "}")
    read_only_format_errors("json", tmp_path / "deep.json")
    (tmp_path / "long.pbn").write_text('[Deal "N:' + "A" * 1_000_000 + '"]\n')
    read_only_format_errors("pbn", tmp_path / "long.pbn")


def test_ten_thousand_mutated_game_files(corpus):
    """Only FormatError (or a result marked partial) ever comes out of the game file reader,
    quickly; what it reads, damaged or not, is written back byte for byte."""
    from bridgeio.formats.acblscore.reader import read_bytes
    from bridgeio.formats.acblscore.writer import to_bytes

    seeds = [p.read_bytes() for p in sorted((corpus / "acblscore").iterdir()) if p.is_file()]
    rng = np.random.default_rng(3)
    slowest = 0.0
    outcomes = {"read": 0, "partial": 0, "FormatError": 0}
    for number in range(10_000):
        data = mutate(seeds[number % len(seeds)], rng)
        began = time.perf_counter()
        try:
            results = read_bytes(data, "mutant.aca", quiet=True)
            outcomes["partial" if results.partial else "read"] += 1
        except FormatError:
            outcomes["FormatError"] += 1
            continue
        finally:
            slowest = max(slowest, time.perf_counter() - began)
        assert results.partial == any(p.severity == "error" for p in results.problems)
        if number % 25 == 0:
            assert to_bytes(results) == data
    assert slowest < 1.0
    assert all(outcomes.values()), outcomes  # every kind of outcome was exercised
