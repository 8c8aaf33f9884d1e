"""Bridgemate databases of an American club (Rick-Wilson/Bridge-Game-Analysis
``tests/integration/source/LBC-2026-01-26.bws``, Rick-Wilson/Bridge-Parsers
``tests/fixtures/input/...260119M.BWS``), read in place from their mirrors (skipped where a
mirror is not on this machine): Mitchell movements whose North-South and East-West pairs are
both numbered from 1, so every number sits both ways and only the rounds tell the movement
(North-South 1 meets East-West 1 at table 1 in round 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeio import read
from bridgeio.model.results import Direction, Results
from tests.formats.test_bws_mirrors import mirrored

LBC = ("Rick-Wilson/Bridge-Game-Analysis", "HEAD", "tests/integration/source/LBC-2026-01-26.bws")
PARSERS = (
    "Rick-Wilson/Bridge-Parsers",
    "HEAD",
    "tests/fixtures/input/1768880456-bJwUQdVmhY@260119M.BWS",
)


@pytest.mark.parametrize(("source", "tables"), [(LBC, 10), (PARSERS, 11)])
def test_a_mitchell_numbered_from_1_both_ways_is_two_fields(
    source: tuple[str, str, str], tables: int, tmp_path: Path
) -> None:
    found = read(mirrored(*source, tmp_path))
    assert isinstance(found, Results)
    section = found.events[0].sections[0]
    assert section.movement == "mitchell"
    by_direction = {d: [e for e in section.entries if e.direction is d] for d in Direction}
    assert len(by_direction[Direction.NS]) == len(by_direction[Direction.EW]) == tables
    # each line's pairs are two entries: NS 1 is not EW 1, and each pair holds two players
    assert all(len(e.players) == 2 for e in section.entries)
    ns_one = next(e for e in by_direction[Direction.NS] if e.number == 1)
    ew_one = next(e for e in by_direction[Direction.EW] if e.number == 1)
    numbers = {p.player_number for p in ns_one.players} | {p.player_number for p in ew_one.players}
    assert len(numbers) == 4
