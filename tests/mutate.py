"""A seeded mutation fuzzer over real files, for benchmarks/fuzz.py and tests/test_fuzz_all.py.

Seeds are real files: the corpus's ACBLscore, USEBIO, PBN, ASC and ChessBase files; Pavlicek
files (ZBS ZBD ZDD ZRD ZRJ) our writers make from the corpus's PBN deals; JSON that bridgeio
writes from corpus files. A mutant is a seed with one to three mutations: bit flips, bytes set
to extremes, truncation, chunks inserted, deleted or duplicated, 16- and 32-bit words set to
huge values; in text formats also numbers made huge, negative or hundreds of digits long,
odd bytes (NUL, bytes that are not UTF-8, a BOM, a lone CR, an undefined entity), lines
deleted or repeated, and the whole text in another encoding.

Each mutant runs in a forked worker (the parent has every module loaded, so a fork is cheap)
under a memory limit, with a time limit on each of four steps: the format's reader called
directly (``bridgeio.read``'s reader, without its safety net that would turn a stray exception
into a FormatError) and then the whole model turned into canonical JSON (where the format's
seeds allow it), and the command line's ``info``, ``validate`` and ``dump`` in-process.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import resource
import select
import signal
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TEXT_FORMATS = frozenset({"usebio", "pbn", "asc", "json", "lin"})
COMMANDS = ("info", "validate", "dump")
STEP_LIMIT = 5.0  # seconds each step of a mutant may take
MEMORY_LIMIT = 2 << 30  # bytes of address space a worker may add to what it had at the fork
MEMORY_FLOOR = 96 << 20  # memory any mutant may make a worker add, whatever its size
MEMORY_MULTIPLE = 12  # and per byte of the mutant
PAGE = os.sysconf("SC_PAGE_SIZE")

CORPUS_FOLDERS = {"cbt": "chessbase", "lin": "world/lin", "bws": "world/bws"}
"""A format's folder in the shared corpus where it is not the format's name."""
CORPUS_PATTERNS = {"acblscore": "*.AC?", "asc": "*"}
"""Which files of its folder seed a format, where not those with its extensions."""


def fuzzed_formats() -> list[str]:
    """Every format the registry reads, built-in or registered since: each is fuzzed, and
    test_fuzz_all fails for one without seeds (a corpus folder named for it, or files our
    writers make).

    >>> fuzzed_formats()[:3], "csv" in fuzzed_formats()
    (['acblscore', 'usebio', 'pbn'], False)
    """
    import bridgeio

    return [f.name for f in bridgeio.available_formats() if f.reads]


def corpus_folder(name: str) -> str:
    """The corpus folder of format ``name`` (``chessbase`` for cbt)."""
    return CORPUS_FOLDERS.get(name, name)


def corpus_files(corpus: Path, name: str) -> list[Path]:
    """The corpus files of format ``name``: its folder's files with its extensions (or
    :data:`CORPUS_PATTERNS`'s)."""
    import bridgeio
    from bridgeio.registry import format_for_extension

    folder = corpus / corpus_folder(name)
    if not folder.is_dir():
        return []
    if name in CORPUS_PATTERNS:
        return sorted(p for p in folder.glob(CORPUS_PATTERNS[name]) if p.is_file())
    fmt = bridgeio.get_format(name)
    return sorted(p for p in folder.iterdir() if p.is_file() and format_for_extension(p) is fmt)


# ------------------------------------------------------------------------------------ seeds


@dataclass
class Seed:
    """A real file (or a file our writers made from one) to mutate; ``tag`` names it without
    its name."""

    format: str
    tag: str
    data: bytes

    @property
    def extension(self) -> str:
        import bridgeio

        return bridgeio.get_format(self.format).extensions[0]


def seeds(
    corpus: Path, per_format: int = 12, max_bytes: int = 96_000, smallest: bool = False
) -> dict[str, list[Seed]]:
    """Up to ``per_format`` seeds of every format (a seeded choice where there are more, or
    the smallest files); text files longer than ``max_bytes`` are cut at a blank line before
    it."""
    found: dict[str, list[Seed]] = {}
    rng = random.Random(2024)
    in_corpus = {name: corpus_files(corpus, name) for name in fuzzed_formats()}
    for name, paths in in_corpus.items():
        if not paths:
            continue  # made by our writers, if at all
        chosen = sorted(rng.sample(paths, min(per_format, len(paths))))
        if smallest:
            chosen = sorted(paths, key=lambda p: p.stat().st_size)[:per_format]
        found[name] = [
            Seed(name, f"{name}[{paths.index(p)}]", _shortened(p.read_bytes(), name, max_bytes))
            for p in chosen
        ]
    written = [name for name in fuzzed_formats() if name not in found]
    found.update(_written_seeds(corpus, per_format, written))
    return found


def _shortened(data: bytes, format: str, max_bytes: int) -> bytes:
    if format not in ("pbn", "asc") or len(data) <= max_bytes:
        return data
    cut = max(data.rfind(b"\n\n", 0, max_bytes), data.rfind(b"\r\n\r\n", 0, max_bytes))
    return data[: cut + 1] if cut > 0 else data[:max_bytes]


def _written_seeds(corpus: Path, per_format: int, names: list[str]) -> dict[str, list[Seed]]:
    """Files of the formats ``names`` (those the corpus lacks) by our writers: the deal
    formats' (Pavlicek's) from the corpus's PBN deals, JSON of corpus files."""
    import bridgeio

    made: dict[str, list[Seed]] = {
        name: [] for name in names if name == "json" or bridgeio.get_format(name).holds == "deals"
    }
    with tempfile.TemporaryDirectory() as folder, warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pbn_files = sorted((corpus / "pbn").glob("*.pbn"))
        for n, path in enumerate(pbn_files):
            deals = _or_none(bridgeio.read, path)
            if deals is None or getattr(deals, "seats", None) is None:
                continue
            part = deals[:160]
            for name in made:
                if name == "json" or len(made[name]) >= per_format:
                    continue
                out = Path(folder) / f"seed.{name}"
                if _made(bridgeio.write, part, out, seat="S" if name == "zrj" else None):
                    made[name].append(Seed(name, f"{name}-of-pbn[{n}]", out.read_bytes()))
        for source in _json_sources(corpus) if "json" in made else ():
            out = Path(folder) / "seed.json"
            if _made(bridgeio.convert, source, out):
                index = sorted(source.parent.iterdir()).index(source)
                tag = f"json-of-{source.parent.name}[{index}]"
                made["json"].append(Seed("json", tag, out.read_bytes()))
            if len(made["json"]) >= per_format:
                break
    return made


def _json_sources(corpus: Path) -> list[Path]:
    sources = []
    for folder, pattern in (
        ("pbn", "*.pbn"),
        ("acblscore", "*.AC?"),
        ("usebio", "*.xml"),
        ("chessbase", "*.cbt"),
        ("asc", "*.asc"),
    ):
        sources += sorted((corpus / folder).glob(pattern))[:3]
    return [p for p in sources if p.stat().st_size < 300_000]


def _or_none(action: Callable[..., Any], *args: Any, **options: Any) -> Any:
    """``action``'s result, or None when it raises (a seed that cannot be made is left out:
    the every-command test reports such writer and reader bugs)."""
    try:
        return action(*args, **{k: v for k, v in options.items() if v is not None})
    except Exception:  # noqa: BLE001
        return None


def _made(action: Callable[..., Any], *args: Any, **options: Any) -> bool:
    """Whether ``action`` (a write) ran without raising."""
    return _or_none(lambda: action(*args, **options) or True) is not None


def modelled_formats(found: dict[str, list[Seed]]) -> set[str]:
    """The formats whose every seed reads and turns into canonical JSON unmutated."""
    import bridgeio
    from bridgeio.formats.json.writer import document

    able = set()
    for name, pool in found.items():
        fmt = bridgeio.get_format(name)
        assert fmt.read is not None
        try:
            with warnings.catch_warnings(), tempfile.TemporaryDirectory() as folder:
                warnings.simplefilter("ignore")
                for n, seed in enumerate(pool):
                    path = Path(folder) / f"seed{n}{seed.extension}"
                    path.write_bytes(seed.data)
                    document(fmt.read(str(path)), name)
            able.add(name)
        except Exception:  # noqa: BLE001 - such a format's model is not turned into JSON
            pass
    return able


# ------------------------------------------------------------------------------------ mutations

EXTREMES = [2**31, 2**31 - 1, 2**32, 2**63, 65_536, 10**12, 999_999_999, 0]
ODD_BYTES = [
    b"\x00",
    b"\xff\xfe",
    b"\xef\xbb\xbf",
    b"\r",
    b"\t",
    b"\x80",
    b"\xc3\x28",
    b"&undefined;",
    b"<",
    b'"',
    b"[",
    b"]",
    b"\x1b",
    b"\xed\xa0\x80",
]
ENCODINGS = ["utf-16", "utf-16-be", "latin-1", "cp1252", "utf-8-sig", "utf-32"]
NUMBER = re.compile(rb"\d+")
GROWTH = 1 << 20  # bytes a repetition may add at most: mutants stay small enough to be quick


def _at(data: bytearray, rng: random.Random) -> int:
    return rng.randrange(len(data)) if data else 0


def flip_bit(data: bytearray, rng: random.Random) -> str:
    if not data:
        return "flip (empty)"
    at, bit = _at(data, rng), rng.randrange(8)
    data[at] ^= 1 << bit
    return f"flip bit {bit} at byte {at}"


def set_byte(data: bytearray, rng: random.Random) -> str:
    if not data:
        return "set (empty)"
    at, value = _at(data, rng), rng.choice([0, 0xFF, 0x7F, 0x80, rng.randrange(256)])
    data[at] = value
    return f"byte {at} = {value:#04x}"


def truncate(data: bytearray, rng: random.Random) -> str:
    at = _at(data, rng)
    del data[at:]
    return f"cut at byte {at}"


def insert_chunk(data: bytearray, rng: random.Random) -> str:
    at, size = _at(data, rng), rng.choice([1, 2, 4, 8, rng.randrange(1, 200)])
    data[at:at] = rng.randbytes(size)
    return f"{size} random bytes inserted at byte {at}"


def delete_chunk(data: bytearray, rng: random.Random) -> str:
    at = _at(data, rng)
    size = rng.choice([1, 4, rng.randrange(1, 64), max(len(data) // 4, 1)])
    del data[at : at + size]
    return f"{size} bytes deleted at byte {at}"


def duplicate_chunk(data: bytearray, rng: random.Random) -> str:
    at = _at(data, rng)
    size = rng.choice([4, 23, rng.randrange(1, 300)])
    chunk = bytes(data[at : at + size])
    times = min(rng.choice([1, 1, 2, 50]), GROWTH // max(len(chunk), 1) + 1)
    where = _at(data, rng)
    data[where:where] = chunk * times
    return f"{len(chunk)} bytes from {at} copied {times}x to byte {where}"


def extreme_word(data: bytearray, rng: random.Random) -> str:
    """A 16- or 32-bit little-endian number (a count, an offset, a length) set to an extreme."""
    width = rng.choice([2, 4])
    if len(data) < width:
        return "word (too short)"
    at = rng.randrange(len(data) - width + 1)
    value = rng.choice([0, 2 ** (8 * width) - 1, 2 ** (8 * width - 1), 2 ** (8 * width - 1) - 1])
    data[at : at + width] = value.to_bytes(width, "little")
    return f"{8 * width}-bit word at byte {at} = {value}"


def _number(data: bytearray, rng: random.Random) -> re.Match[bytes] | None:
    numbers = list(NUMBER.finditer(data))
    return rng.choice(numbers) if numbers else None


def huge_number(data: bytearray, rng: random.Random) -> str:
    found = _number(data, rng)
    if found is None:
        return "number (none)"
    value = rng.choice(EXTREMES)
    data[found.start() : found.end()] = str(value).encode()
    return f"number at byte {found.start()} = {value}"


def negative_number(data: bytearray, rng: random.Random) -> str:
    found = _number(data, rng)
    if found is None:
        return "negative (none)"
    data[found.start() : found.start()] = b"-"
    return f"number at byte {found.start()} made negative"


def long_number(data: bytearray, rng: random.Random) -> str:
    found = _number(data, rng)
    if found is None:
        return "digits (none)"
    count = rng.choice([100, 300, 1000])
    data[found.start() : found.end()] = b"9" * count
    return f"number at byte {found.start()} = {count} digits"


def odd_bytes(data: bytearray, rng: random.Random) -> str:
    at, odd = _at(data, rng), rng.choice(ODD_BYTES)
    data[at:at] = odd
    return f"odd bytes {odd!r} at byte {at}"


def _lines(data: bytearray) -> list[int]:
    return [0] + [m.end() for m in re.finditer(rb"\n", data)]


def repeat_line(data: bytearray, rng: random.Random) -> str:
    starts = _lines(data)
    n = rng.randrange(len(starts))
    end = starts[n + 1] if n + 1 < len(starts) else len(data)
    line = bytes(data[starts[n] : end])
    times = min(rng.choice([1, 3, 1000]), GROWTH // max(len(line), 1) + 1)
    data[end:end] = line * times
    return f"line {n + 1} repeated {times}x"


def delete_line(data: bytearray, rng: random.Random) -> str:
    starts = _lines(data)
    n = rng.randrange(len(starts))
    end = starts[n + 1] if n + 1 < len(starts) else len(data)
    del data[starts[n] : end]
    return f"line {n + 1} deleted"


def reencode(data: bytearray, rng: random.Random) -> str:
    encoding = rng.choice(ENCODINGS)
    text = bytes(data).decode("utf-8", errors="replace")
    data[:] = text.encode(encoding, errors="replace")
    return f"the text in {encoding}"


BINARY_MUTATIONS = [
    flip_bit,
    set_byte,
    truncate,
    insert_chunk,
    delete_chunk,
    duplicate_chunk,
    extreme_word,
]
TEXT_MUTATIONS = [
    huge_number,
    negative_number,
    long_number,
    odd_bytes,
    repeat_line,
    delete_line,
    reencode,
]


def mutate(data: bytes, rng: random.Random, text: bool) -> tuple[bytes, list[str]]:
    """One to three mutations of ``data`` (text formats: half of them textual), and what
    each did, by place (never by content).

    >>> data, how = mutate(b'[Board "12"] [Dealer "N"]', random.Random(2), text=True)
    >>> how
    ['number at byte 8 = 1000 digits']
    >>> len(data)
    1023
    """
    out = bytearray(data)
    done = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        kinds = TEXT_MUTATIONS if text and rng.random() < 0.5 else BINARY_MUTATIONS
        done.append(rng.choice(kinds)(out, rng))
    return bytes(out), done


@dataclass
class Mutant:
    """A damaged copy of a seed, and how it was made."""

    format: str
    number: int
    seed: str
    how: list[str]
    data: bytes
    extension: str


def mutants(found: dict[str, list[Seed]], count: int, seed: int = 13) -> Iterator[Mutant]:
    """``count`` mutants of every format's seeds, the same for the same ``seed``."""
    for name in fuzzed_formats():
        pool = found.get(name, [])
        if not pool:
            continue
        rng = random.Random(f"{seed}-{name}")
        for number in range(count):
            source = pool[number % len(pool)]
            data, how = mutate(source.data, rng, name in TEXT_FORMATS)
            yield Mutant(name, number, source.tag, how, data, source.extension)


# ------------------------------------------------------------------------------------ running


@dataclass
class Outcome:
    """What one mutant did in each step: ``read`` and every command.

    A step's result is ``ok``, ``FormatError``, ``exception: <type> at <place>: <message>``,
    ``timeout``; a command's is its exit status, ``internal error: ...``, ``safety net: ...``
    (a stray exception the core turned into a FormatError: a reader bug hidden), ``timeout``.
    ``worker`` is set when the worker itself died or was killed."""

    mutant: Mutant
    size: int = 0  # bytes of the mutant (its data is let go once it is known to be harmless)
    steps: dict[str, str] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    growth: int = 0  # bytes of peak resident memory above the worker's at the fork
    worker: str = ""

    @property
    def bugs(self) -> list[str]:
        """The rules it broke: an exception other than FormatError, a step over the time
        limit, an internal error, a crash, memory beyond :func:`memory_bound`."""
        found = [f"worker {self.worker}"] if self.worker else []
        for step, result in self.steps.items():
            if result.startswith(("exception", "timeout", "internal error", "exit ")):
                found.append(f"{step}: {result}")
        if self.growth > memory_bound(self.size):
            found.append(f"memory: {self.growth / 2**20:,.0f} MB added for {self.size:,} bytes")
        return found


def memory_bound(size: int) -> int:
    """The most memory a worker may add for an input of ``size`` bytes: a floor any step may
    need whatever the input (a schema, NumPy's buffers) and a small multiple of the input."""
    return MEMORY_FLOOR + MEMORY_MULTIPLE * size


class StepTimeout(BaseException):
    """The alarm in a step that runs too long (a BaseException: no handler swallows it)."""


def _alarm(signum: int, frame: object) -> None:
    raise StepTimeout()


def run_all(
    items: Iterable[Mutant],
    modelled: set[str],
    workers: int = 2,
    limit: float = STEP_LIMIT,
    folder: Path | None = None,
) -> Iterator[Outcome]:
    """Run every mutant in a forked worker, ``workers`` at a time; outcomes in finishing order.

    ``modelled``: the formats whose read model is also turned into canonical JSON (those
    whose unmutated seeds allow it)."""
    _load_everything()
    work = Path(folder or tempfile.mkdtemp(prefix="bridgeio-fuzz-"))
    running: dict[int, tuple[int, Mutant, Path, float, list[bytes]]] = {}
    pending = iter(items)
    exhausted = False
    while running or not exhausted:
        while not exhausted and len(running) < workers:
            item = next(pending, None)
            if item is None:
                exhausted = True
                break
            path = work / f"mutant-{item.format}-{item.number}{item.extension}"
            path.write_bytes(item.data)
            reader, pid = _fork(path, item.format, item.format in modelled, limit)
            deadline = time.monotonic() + limit * (len(COMMANDS) + 1) + 5
            running[reader] = (pid, item, path, deadline, [])
        if running:
            yield from _collect(running, limit)


def _fork(path: Path, format: str, modelled: bool, limit: float) -> tuple[int, int]:
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the worker
        os.close(reader)
        status = 0
        try:
            report = _work(str(path), format, modelled, limit)
            os.write(writer, json.dumps(report).encode())
        except BaseException:  # noqa: BLE001 - the parent sees a worker that said nothing
            status = 3
        finally:
            os._exit(status)
    os.close(writer)
    return reader, pid


def _collect(
    running: dict[int, tuple[int, Mutant, Path, float, list[bytes]]], limit: float
) -> Iterator[Outcome]:
    now = time.monotonic()
    wait = max(min(d for _, _, _, d, _ in running.values()) - now, 0.0)
    ready, _, _ = select.select(list(running), [], [], min(wait, 1.0))
    for reader in ready:
        chunk = os.read(reader, 1 << 16)
        if chunk:
            running[reader][4].append(chunk)
            continue
        yield _finish(running.pop(reader), reader, killed=False)
    now = time.monotonic()
    for reader in [r for r, entry in running.items() if entry[3] < now]:
        yield _finish(running.pop(reader), reader, killed=True)


def _finish(
    entry: tuple[int, Mutant, Path, float, list[bytes]], reader: int, killed: bool
) -> Outcome:
    pid, mutant, path, _, chunks = entry
    if killed:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    os.close(reader)
    path.unlink(missing_ok=True)
    outcome = Outcome(mutant, len(mutant.data))
    if chunks:
        report = json.loads(b"".join(chunks))
        outcome.steps, outcome.seconds, outcome.growth = (
            report["steps"],
            report["seconds"],
            report["growth"],
        )
    if killed:
        outcome.worker = "killed at the time limit"
    elif os.WIFSIGNALED(status):
        outcome.worker = f"died of signal {os.WTERMSIG(status)}"
    elif not chunks:
        outcome.worker = f"ended {os.WEXITSTATUS(status)} without a report"
    if not outcome.bugs:
        mutant.data = b""  # thousands of outcomes are kept: only the bad ones need their bytes
    return outcome


def _load_everything() -> None:
    """Import every module a step may need, before forking: the workers share them."""
    import importlib

    import bridgeio
    from bridgeio.registry import Lazy

    for command in COMMANDS:
        importlib.import_module(f"bridgeio.cli.{command}")

    for fmt in bridgeio.available_formats():
        for function in (fmt.read, fmt.iter_chunks, fmt.check, fmt.write, fmt.write_chunks):
            if isinstance(function, Lazy):
                function.resolve()
    import bridgeio.analysis.summary  # noqa: F401
    import bridgeio.formats.json.reader  # noqa: F401
    import bridgeio.formats.json.writer  # noqa: F401


# ------------------------------------------------------------------------------------ the worker


def _work(path: str, format: str, modelled: bool, limit: float) -> dict[str, Any]:
    """Inside the forked worker: every step, timed, under the limits."""
    start = _resident()
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    budget = _address_space() + MEMORY_LIMIT
    resource.setrlimit(resource.RLIMIT_AS, (budget, hard))
    signal.signal(signal.SIGALRM, _alarm)
    steps: dict[str, str] = {}
    seconds: dict[str, float] = {}
    for step in ("read", *COMMANDS):
        began = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            if step == "read":
                steps[step] = _read_step(path, format, modelled)
            else:
                steps[step] = _command_step(step, path)
        except StepTimeout:
            steps[step] = "timeout"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds[step] = round(time.perf_counter() - began, 4)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"steps": steps, "seconds": seconds, "growth": max(peak - start, 0)}


def _read_step(path: str, format: str, modelled: bool) -> str:
    """The format's reader called directly; then the whole model as canonical JSON."""
    import bridgeio
    from bridgeio.formats.json.writer import document

    fmt = bridgeio.get_format(format)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert fmt.read is not None, f"{format} has no whole-file reader"
            doc = fmt.read(path)
            if modelled:
                json.dumps(document(doc, fmt.name))
    except bridgeio.FormatError:
        return "FormatError"
    except StepTimeout:
        raise
    except BaseException as error:  # noqa: BLE001 - what the fuzzer is looking for
        return f"exception: {type(error).__name__} at {_place(error)}: {_short(error)}"
    return "ok"


def _command_step(command: str, path: str) -> str:
    """A command in-process, its output discarded and its messages examined."""
    from bridgeio.cli import run

    saved = sys.stdout, sys.stderr
    raw = io.BytesIO()
    messages = io.TextIOWrapper(raw, encoding="utf-8", errors="replace")
    with open(os.devnull, "w", encoding="utf-8") as sink:
        sys.stdout, sys.stderr = sink, messages
        try:
            status = run([command, path])
        finally:
            sys.stdout, sys.stderr = saved
    messages.flush()
    text = raw.getvalue().decode(errors="replace")
    if "internal error" in text or "Traceback" in text:
        line = next(x for x in text.splitlines() if "internal error" in x or "Traceback" in x)
        return "internal error: " + _short(line.split("internal error: ")[-1])
    if status not in (0, 1, 2):
        return f"exit {status}"
    if "unknown place" in text:
        return f"{status} safety net: " + _short(text.split("expected ", 1)[-1])
    return str(status)


def _place(error: BaseException) -> str:
    """The innermost frame of bridgeio's own code where ``error`` was raised."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if "/bridgeio/" in f.filename] or frames
    if not ours:
        return "?"
    last = ours[-1]
    return f"{last.filename.split('/bridgeio/')[-1]}:{last.lineno} ({last.name})"


def _short(error: object, limit: int = 120) -> str:
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "...", str(error)).replace("\n", " ")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _resident() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * PAGE
