"""A fixed seeded sample of the mutation fuzzer (benchmarks/fuzz.py runs 1,000 a format):
damaged copies of real files of every format, each in a forked worker with a memory limit and
a 5 s limit a step. What must hold (issue 13): no exception other than FormatError from any
reader or from info, validate and dump; no step over 5 s; the memory a worker adds bounded by
a small multiple of its input.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.conftest import CORPUS
from tests.mutate import (
    Outcome,
    Seed,
    fuzzed_formats,
    modelled_formats,
    mutants,
    run_all,
    seeds,
)

PER_FORMAT = 20


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> list[Outcome]:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    found = seeds(CORPUS, per_format=3, max_bytes=24_000, smallest=True)
    modelled = modelled_formats(found)
    folder = tmp_path_factory.mktemp("fuzz")
    return list(run_all(mutants(found, PER_FORMAT, seed=1), modelled, folder=folder))


def test_every_format_has_seeds() -> None:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    found: dict[str, list[Seed]] = seeds(CORPUS, per_format=3, max_bytes=24_000, smallest=True)
    assert sorted(name for name, pool in found.items() if pool) == sorted(fuzzed_formats())


def test_only_format_errors_no_step_over_five_seconds_and_bounded_memory(
    outcomes: list[Outcome],
) -> None:
    """The memory bound: tests.mutate.memory_bound (96 MB and 12 times the input)."""
    broken = [
        f"{o.mutant.format} mutant {o.mutant.number} of {o.mutant.seed} "
        f"({'; '.join(o.mutant.how)}): {', '.join(o.bugs)}"
        for o in outcomes
        if o.bugs
    ]
    assert not broken, f"{len(broken)} mutants broke a rule:\n" + "\n".join(broken[:30])


def test_the_sample_reaches_every_outcome(outcomes: list[Outcome]) -> None:
    """A check on the fuzzer: every format was run, and its mutants were neither all
    readable nor all rejected overall (the mutations damage files, but not beyond reading)."""
    assert Counter(o.mutant.format for o in outcomes) == {
        name: PER_FORMAT for name in fuzzed_formats()
    }
    reads = Counter(o.steps.get("read") for o in outcomes)
    assert reads["ok"] > 0 and reads["FormatError"] > 0, reads


def test_mutants_are_the_same_for_the_same_seed() -> None:
    pool = {"pbn": [Seed("pbn", "pbn[x]", b'[Board "1"]\n[Deal "N:AKQ.x.x.x"]\n')]}
    first = [(m.how, m.data) for m in mutants(pool, 5, seed=3)]
    assert first == [(m.how, m.data) for m in mutants(pool, 5, seed=3)]
    assert first != [(m.how, m.data) for m in mutants(pool, 5, seed=4)]
