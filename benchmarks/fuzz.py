"""Fuzzing every reader with damaged copies of real files (issue 13, "What must hold").

For every format (ACBLscore, USEBIO, PBN, ASC, ChessBase, ZBS, ZBD, ZDD, ZRD, ZRJ, JSON) it
makes ``--count`` seeded mutants of real files (tests/mutate.py says how) and runs each in a
forked worker with a memory limit and a 5 s limit a step: the reader called directly (the
model then turned into canonical JSON), and ``info``, ``validate`` and ``dump`` in-process. It
prints, per format: mutants; the reader's results, FormatErrors, other exceptions, timeouts;
the commands' exit statuses, internal errors and safety-net catches (a stray exception the
core turned into a FormatError); workers that died; the peak memory a worker added, as
megabytes and as a multiple of the input. Then the first few mutants that broke a rule, each
kept under benchmarks/data/fuzz/ (git ignores that folder: mutants hold real names) with the
command that replays it. The baseline is issue 13's fuzz run before this work.

    python benchmarks/fuzz.py [--count 1000] [--workers 2] [--seed 13] [--formats pbn,asc]
    python benchmarks/fuzz.py --replay benchmarks/data/fuzz/asc-17.asc --format asc
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.mutate import (  # noqa: E402 - after the path is set
    COMMANDS,
    Mutant,
    Outcome,
    fuzzed_formats,
    modelled_formats,
    mutants,
    run_all,
    seeds,
)

CORPUS = ROOT.parent / "shared" / "corpus"
KEPT = ROOT / "benchmarks" / "data" / "fuzz"
BASELINE = (
    "baseline (issue 13, before): 19,500 mutants across the ten readers, each in its own "
    "process: no crash, but an ASC participant count of 2^31 or 65,536 hung info and grew "
    "validate past 4 GB into a MemoryError traceback; 27 USEBIO numbers of hundreds of digits "
    "escaped as OverflowError/ValueError; an undefined entity ended validate in an lxml "
    "traceback"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="mutants a format")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--formats", default=",".join(fuzzed_formats()))
    parser.add_argument("--keep", type=int, default=5, help="mutants kept a format")
    parser.add_argument("--replay", help="run one kept file and print what each step did")
    parser.add_argument("--format", help="the format of --replay's file")
    args = parser.parse_args()
    if args.replay:
        if not args.format:
            parser.error("--replay needs --format")
        replay(Path(args.replay), args.format)
        return
    chosen = args.formats.split(",")
    began = time.monotonic()
    found = {name: pool for name, pool in seeds(CORPUS).items() if name in chosen}
    modelled = modelled_formats(found)
    print(f"seeds: {', '.join(f'{k} {len(v)}' for k, v in found.items())}")
    print(f"model turned into JSON after reading: {', '.join(sorted(modelled)) or 'none'}")
    outcomes: dict[str, list[Outcome]] = defaultdict(list)
    items = mutants(found, args.count, args.seed)
    for n, outcome in enumerate(run_all(items, modelled, workers=args.workers), 1):
        outcomes[outcome.mutant.format].append(outcome)
        if n % 500 == 0:
            print(f"  {n:,} mutants, {time.monotonic() - began:,.0f} s", file=sys.stderr)
    print()
    print_table(outcomes)
    print()
    print_bugs(outcomes, args.keep)
    print_safety_net(outcomes, args.keep)
    total = sum(map(len, outcomes.values()))
    bugs = sum(1 for found in outcomes.values() for o in found if o.bugs)
    print(
        f"\nbridgeio: {total:,} mutants, {bugs:,} broke a rule, {time.monotonic() - began:,.0f} s"
    )
    print(BASELINE)


def print_table(outcomes: dict[str, list[Outcome]]) -> None:
    head = (
        f"{'format':<10}{'mutants':>8} | {'read':>5}{'FmtErr':>7}{'other':>6}{'t/o':>4} | "
        + " ".join(f"{c + ' 0/1/2':>16}" for c in COMMANDS)
        + f" | {'intern':>6}{'net':>5}{'t/o':>4}{'died':>5} | {'peak MB':>8}{'x input':>9}"
    )
    print(head)
    print("-" * len(head))
    for name in fuzzed_formats():
        found = outcomes.get(name)
        if not found:
            continue
        read = Counter(o.steps.get("read", "").split(":")[0] for o in found)
        cells = []
        internal = net = timeouts = 0
        for command in COMMANDS:
            results = [o.steps.get(command, "") for o in found]
            counts = Counter(r.split(" ")[0] for r in results)
            cells.append(f"{counts['0']:>5}/{counts['1']:>4}/{counts['2']:>5}")
            internal += sum(r.startswith(("internal", "exit")) for r in results)
            net += sum("safety net" in r for r in results)
            timeouts += counts["timeout"]
        died = sum(1 for o in found if o.worker)
        growth = [o.growth for o in found]
        big = [o.growth / o.size for o in found if o.size >= 65_536]
        multiple = f"{max(big):>9.1f}" if big else f"{'-':>9}"
        print(
            f"{name:<10}{len(found):>8} | {read['ok']:>5}{read['FormatError']:>7}"
            f"{read['exception']:>6}{read['timeout']:>4} | "
            + " ".join(f"{c:>16}" for c in cells)
            + f" | {internal:>6}{net:>5}{timeouts:>4}{died:>5} | "
            f"{max(growth) / 2**20:>8.1f}{multiple}"
        )
    print(
        "read: the reader called directly (then the model as JSON); other: an exception other "
        "than FormatError;\nintern: internal errors of info/validate/dump; net: safety-net "
        "catches; peak MB: the most a worker added;\nx input: the most it added as a multiple "
        "of the mutant's size, for mutants of 64 KB or more"
    )
    sizes = [o.size for found in outcomes.values() for o in found]
    if sizes:
        print(f"mutant sizes: median {statistics.median(sizes):,.0f} bytes, largest {max(sizes):,}")


def print_bugs(outcomes: dict[str, list[Outcome]], keep: int) -> None:
    """Every kind of broken rule, a format at a time: how often, and the first ``keep`` mutants
    of that kind (kept for replay)."""
    KEPT.mkdir(parents=True, exist_ok=True)
    for name in fuzzed_formats():
        kinds: dict[str, list[tuple[Outcome, str]]] = defaultdict(list)
        for outcome in outcomes.get(name, []):
            for bug in outcome.bugs:
                kinds[_kind(bug)].append((outcome, bug))
        for kind, found in sorted(kinds.items(), key=lambda item: -len(item[1])):
            print(f"{name}: {len(found)} x {kind}")
            for outcome, bug in found[:keep]:
                path = _keep(outcome.mutant)
                print(f"  mutant {outcome.mutant.number} of {outcome.mutant.seed}: {bug}")
                print(f"    made by: {'; '.join(outcome.mutant.how)}")
                print(f"    replay: python benchmarks/fuzz.py --format {name} --replay {path}")


def print_safety_net(outcomes: dict[str, list[Outcome]], keep: int) -> None:
    """Commands whose FormatError came from the core's safety net (a reader raised something
    else, and the core said "unknown place"): allowed, but each is a reader bug hidden."""
    for name in fuzzed_formats():
        caught = [
            (outcome, step, result)
            for outcome in outcomes.get(name, [])
            for step, result in outcome.steps.items()
            if "safety net" in result
        ]
        if caught:
            print(f"{name}: {len(caught)} x a command's FormatError from the safety net")
        for outcome, step, result in caught[:keep]:
            print(f"  mutant {outcome.mutant.number} of {outcome.mutant.seed}: {step}: {result}")
            print(f"    made by: {'; '.join(outcome.mutant.how)}")


def _kind(bug: str) -> str:
    """A bug without its numbers and message: its step, and the exception's type and place."""
    step, _, result = bug.partition(": ")
    if result.startswith("exception"):
        return f"{step}: {result.rsplit(': ', 1)[0]}"
    if result.startswith("internal error"):
        return f"{step}: internal error: {result.split(': ')[1]}"
    if step == "memory":
        return "memory beyond the bound"
    return f"{step}: {result.split(': ')[0]}"


def _keep(mutant: Mutant) -> Path:
    path = KEPT / f"{mutant.format}-{mutant.number}{mutant.extension}"
    path.write_bytes(mutant.data)
    return path.relative_to(ROOT)


def replay(path: Path, format: str) -> None:
    """One file through every step, in a worker, with what each step did."""
    mutant = Mutant(format, 0, "replay", ["replayed"], path.read_bytes(), path.suffix)
    modelled = modelled_formats({format: seeds(CORPUS).get(format, [])})
    for outcome in run_all([mutant], modelled, workers=1):
        for step, result in outcome.steps.items():
            print(f"{step:<9} {result}  ({outcome.seconds.get(step, 0):.2f} s)")
        print(
            f"peak memory added: {outcome.growth / 2**20:.1f} MB; worker: {outcome.worker or 'ok'}"
        )


if __name__ == "__main__":
    main()
