"""A sample of the USEBIO fuzz run (the full run: ``python -m tests.usebio_fuzz``): damaged
copies of two corpus files, each read and checked on its own, end in a result or a
FormatError, quickly, and read and check agree on which."""

from __future__ import annotations

import time

from tests.usebio_fuzz import SECONDS, mutants, outcome

SEEDS = ("nzscorer_handicap_pairs.xml", "compscore_mp_pairs_mitchell_04.xml")


def test_a_sample_of_damaged_corpus_files(corpus, tmp_path):
    seeds = [(corpus / "usebio" / name).read_bytes() for name in SEEDS]
    seen = set()
    for number, (damage, data) in enumerate(mutants(seeds, 50, seed=14)):
        path = tmp_path / f"mutant-{number}.xml"
        path.write_bytes(data)
        began = time.perf_counter()
        kind, detail = outcome(str(path))
        assert kind != "FAILED", f"{damage}: {detail}"
        assert time.perf_counter() - began < SECONDS, damage
        seen.add(kind)
    assert seen == {"read", "problems", "FormatError"} or seen == {"problems", "FormatError"}
