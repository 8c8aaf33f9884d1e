"""Fuzzing the USEBIO reader and validator with damaged copies of the corpus files.

A seeded mutator damages the real files as real damage and hostile input do: bit flips,
truncation, chunks inserted (from elsewhere in the file) and deleted, numbers made huge,
negative, NaN or infinite, impossible dates, entity and character references. Every read and
every check must end in a result (problems reported are fine) or a ``FormatError``, within
5 seconds, in bounded memory. ``tests/formats/test_usebio_fuzz.py`` runs a sample in the
suite; the full run is this script (each mutant in a worker process with a time limit and a
cap on its address space):

    python -m tests.usebio_fuzz [--mutants 1000] [--seed 0] [--workers 2]
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import resource
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "usebio"
SECONDS = 5.0
ADDRESS_SPACE = 2 << 30  # a worker that needs more is a failure (MemoryError)

_NUMBER = re.compile(rb">(-?\d+(?:\.\d+)?)<")
_TEXT = re.compile(rb"<([A-Z_]+)>([^<]*)</\1>")
_JUNK = (
    b"",
    b" ",
    b"X",
    b"4Z",
    b"A9999",
    b"A0000",
    b"-1",
    b"NP",
    b"Pass",
    b"10S",
    b"(Z) 9 NS",
    b"\xc3\xa9t\xc3\xa9",
    b"1e3",
    b"99999999999",
    b"=",
    b"0",
)
_DATE = re.compile(rb"<DATE>[^<]*</DATE>")
_TAG = re.compile(rb"<[A-Z_]+>")
_REFERENCES = (b"&x;", b"&undefined;", b"&#0;", b"&#xD800;", b"&#65;", b"&amp;", b"&lt;", b"&")


def mutate(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One to three damages to ``data``; the names of the damages done, and the result."""
    done = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(_KINDS)
        data = _DAMAGES[kind](bytearray(data), rng)
        done.append(kind)
    return "+".join(done), bytes(data)


def _flip(data: bytearray, rng: random.Random) -> bytes:
    if data:
        at = rng.randrange(len(data))
        data[at] ^= 1 << rng.randrange(8)
    return bytes(data)


def _truncate(data: bytearray, rng: random.Random) -> bytes:
    return bytes(data[: rng.randrange(len(data) + 1)])


def _insert(data: bytearray, rng: random.Random) -> bytes:
    at, start = rng.randrange(len(data) + 1), rng.randrange(len(data) + 1)
    data[at:at] = data[start : start + rng.randint(1, 400)]
    return bytes(data)


def _delete(data: bytearray, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    del data[at : at + rng.randint(1, 400)]
    return bytes(data)


def _number(data: bytearray, rng: random.Random) -> bytes:
    numbers = list(_NUMBER.finditer(data))
    if not numbers:
        return bytes(data)
    found = rng.choice(numbers)
    replacement = rng.choice(
        [
            b"9" * rng.randint(20, 600),
            b"-" + found.group(1),
            b"NaN",
            b"inf",
            b"-inf",
            b"1e999",
            b"-" + b"9" * 400,
            b"1_000",
            b"0x1F",
            b" +7 ",
            b"4294967296",
            b"-0",
        ]
    )
    return bytes(data[: found.start(1)] + replacement + data[found.end(1) :])


def _text(data: bytearray, rng: random.Random) -> bytes:
    """An element's text replaced by junk a producer might write."""
    texts = list(_TEXT.finditer(data))
    if not texts:
        return bytes(data)
    found = rng.choice(texts)
    return bytes(data[: found.start(2)] + rng.choice(_JUNK) + data[found.end(2) :])


def _rename(data: bytearray, rng: random.Random) -> bytes:
    """An element renamed, start and end tag alike (an element bridgeio does not know)."""
    texts = list(_TEXT.finditer(data))
    if not texts:
        return bytes(data)
    found = rng.choice(texts)
    tag = found.group(1)
    new = tag[:-1] + b"X"
    element = b"<" + new + b">" + found.group(2) + b"</" + new + b">"
    return bytes(data[: found.start()] + element + data[found.end() :])


def _twice(data: bytearray, rng: random.Random) -> bytes:
    """An element given twice."""
    texts = list(_TEXT.finditer(data))
    if not texts:
        return bytes(data)
    found = rng.choice(texts)
    return bytes(data[: found.end()] + found.group(0) + data[found.end() :])


def _date(data: bytearray, rng: random.Random) -> bytes:
    text = rng.choice([b"31/02/2022", b"2022-13-01", b"0/0/0", b"29/02/2023", b"yesterday"])
    return bytes(_DATE.sub(b"<DATE>" + text + b"</DATE>", bytes(data), count=1))


def _reference(data: bytearray, rng: random.Random) -> bytes:
    tags = list(_TAG.finditer(data))
    at = rng.choice(tags).end() if tags else rng.randrange(len(data) + 1)
    data[at:at] = rng.choice(_REFERENCES)
    return bytes(data)


_DAMAGES = {
    "flip": _flip,
    "truncate": _truncate,
    "insert": _insert,
    "delete": _delete,
    "number": _number,
    "date": _date,
    "reference": _reference,
    "text": _text,
    "rename": _rename,
    "twice": _twice,
}
# Damage that keeps the XML well-formed is drawn more often: it reaches deeper.
_KINDS = sorted(_DAMAGES) + ["number", "text", "text", "rename", "twice", "date"]


def mutants(seeds: list[bytes], count: int, seed: int = 0) -> Iterator[tuple[str, bytes]]:
    """``count`` damaged copies of the ``seeds``, the same ones for the same ``seed``."""
    rng = random.Random(seed)
    for number in range(count):
        yield mutate(seeds[number % len(seeds)], rng)


def outcome(path: str) -> tuple[str, str]:
    """Read one file, then check it (each on its own): ("read"/"problems"/"FormatError",
    detail) when both end as they may, ("FAILED", the exception) for anything else."""
    import warnings

    from bridgeio.errors import FormatError, collect
    from bridgeio.formats.usebio.checks import check
    from bridgeio.formats.usebio.reader import read

    kinds = []
    for action in (read, check):
        try:
            with collect() as found, warnings.catch_warnings():
                warnings.simplefilter("ignore")
                done = action(path)
            problems = found.problems if action is read else done
            kinds.append("problems" if problems else "read")
        except FormatError:
            kinds.append("FormatError")
        except Exception as error:  # the failure this run looks for
            return "FAILED", f"{action.__name__}: {type(error).__name__}: {error}"[:200]
    if "FormatError" in kinds:
        if kinds != ["FormatError", "FormatError"]:
            return "FAILED", f"read and check disagree: {kinds}"
        return "FormatError", ""
    return ("problems" if "problems" in kinds else "read"), ""


def _worker(connection: multiprocessing.connection.Connection) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
    while True:
        path = connection.recv()
        if path is None:
            return
        began = time.perf_counter()
        kind, detail = outcome(path)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        connection.send((kind, detail, time.perf_counter() - began, peak))


class Worker:
    """A process that reads mutants, replaced when one takes too long."""

    def __init__(self) -> None:
        self.connection, theirs = multiprocessing.Pipe()
        self.process = multiprocessing.Process(target=_worker, args=(theirs,), daemon=True)
        self.process.start()

    def run(self, path: str) -> tuple[str, str, float, int]:
        self.connection.send(path)
        if self.connection.poll(SECONDS * 2):
            kind, detail, seconds, peak = self.connection.recv()
            if seconds > SECONDS:
                return "SLOW", f"{seconds:.1f} s", seconds, peak
            return kind, detail, seconds, peak
        self.process.kill()
        self.process.join()
        self.__init__()  # type: ignore[misc]
        return "SLOW", f"over {SECONDS * 2:.0f} s", SECONDS * 2, 0

    def close(self) -> None:
        self.connection.send(None)
        self.process.join(timeout=5)


def main() -> None:
    cli = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    cli.add_argument("--mutants", type=int, default=1000)
    cli.add_argument("--seed", type=int, default=0)
    cli.add_argument("--corpus", default=str(CORPUS))
    args = cli.parse_args()
    seeds = [p.read_bytes() for p in sorted(Path(args.corpus).glob("*.xml"))]
    folder = Path(tempfile.mkdtemp(prefix="bridgeio-usebio-fuzz-"))
    worker = Worker()
    counts: Counter[str] = Counter()
    failures: list[tuple[str, str]] = []
    slowest = peak = largest = 0.0
    for number, (damage, data) in enumerate(mutants(seeds, args.mutants, args.seed)):
        path = folder / f"mutant-{number}.xml"
        path.write_bytes(data)
        kind, detail, seconds, memory = worker.run(str(path))
        counts[kind] += 1
        slowest, peak, largest = max(slowest, seconds), max(peak, memory), max(largest, len(data))
        if kind in ("FAILED", "SLOW"):
            failures.append((damage, detail))
            path.rename(folder / f"failed-{number}.xml")
        else:
            path.unlink()
    worker.close()
    print(f"{args.mutants} mutants of {len(seeds)} corpus files (seed {args.seed}):")
    for kind in ("read", "problems", "FormatError", "FAILED", "SLOW"):
        print(f"  {kind:<12}{counts[kind]:>6}")
    print(
        f"  slowest read + check {slowest:.2f} s; worker peak memory {peak / 1e6:.0f} MB "
        f"(largest mutant {largest / 1e6:.2f} MB)"
    )
    for damage, detail in failures[:20]:
        print(f"  {damage}: {detail}")
    if failures:
        print(f"  the failing mutants are in {folder}")
        raise SystemExit(1)


if __name__ == "__main__":
    main()
