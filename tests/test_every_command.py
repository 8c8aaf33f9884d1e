"""Every command on every file of the shared corpus, and on odd inputs, on a pseudo-terminal
and piped (issue 13, "What must hold").

One driver process a mode (tests/cli_driver.py) runs each command line in-process through
``bridgeio.cli.run``; its standard output and error are two pseudo-terminals (progress shown)
or two pipes (quiet). What must hold for every call: no traceback, no "internal error", no
hang; exit status 0, 1 or 2 as the contract says for that command and input; every line on
standard error names the file; standard output carries only the command's data; a file
written whole or not at all; an input that info cannot read, validate and dump cannot read
either. A few real processes of the installed ``bridgeio`` command check what in-process calls
cannot show: progress on a terminal and none on a pipe, true standard input, a reader that
closes the pipe early, several files at once, Ctrl-C.

Inputs: every file of ../shared/corpus (the answer keys and READMEs are odd inputs too), files
our writers made from a corpus PBN file (every Pavlicek format, JSON of each kind), truncated
copies of one file of each format, and odd inputs (empty, text, random bytes, an ELF program, a
ZIP, a PDF, a directory, a missing path), and one file of each format on standard input
(Pavlicek files, which have no signature, with --from). info, validate, dump, checksum, analyze,
anonymize and convert to standard output run on every input in both modes. Conversions to
every target file run on every input except the ASC schedules, of which a seeded sample of 24
is converted (the 502 schedules differ in their numbers, not in their code paths); each
(input, target) conversion runs in one of the two modes, in turn, so that every target is
written on a terminal and piped while the whole stays within its time budget.

Failures name a file by folder, index and extension (``pbn[3].pbn``), never by its name, and
quote messages with their quoted values left out.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
import warnings
import zipfile
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import bridgeio
from bridgeio.model.results import Results
from tests.cli_driver import marker
from tests.conftest import CORPUS
from tests.corpus_runs import python_wording
from tests.mutate import corpus_folder
from tests.terminal import TRACEBACK, Captured, capture, redacted, visible_lines

DRIVER = Path(__file__).with_name("cli_driver.py")
BRIDGEIO = Path(sys.executable).with_name("bridgeio")
MODES = ("terminal", "piped")
TARGETS = [f.name for f in bridgeio.available_formats() if f.writes]
ASC_CONVERTED = 24  # the seeded sample of ASC schedules converted to every target
CALL_LIMIT = 30.0  # seconds a call may take: a hang, not a timing (most take under one;
# validating the 7,632 played lines of endplay's example3.pbn takes 7 s, and more on a busy machine)

# What a conversion from a kind of document to a target must do: MUST succeed (exit 0 or 1),
# NEVER succeed (exit 2: the target cannot hold that kind); others may go either way (a PBN
# file may hold results, a USEBIO file a hand set, ...). A file's own format is a MUST.
MUST = {
    "results": {"json", "usebio", "pbn"},  # (PBN ScoreTable/TotalScoreTable: issue 19)
    "deals": {"json"},
    "movement": {"json", "asc"},
    "tournaments": {"json", "csv", "cbt"},
}
NEVER = {
    "results": {"cbt"},  # a USEBIO file may hold a hand set: deal formats may work
    "deals": {"acblscore", "asc", "cbt"},
    "movement": {"acblscore", "usebio", "pbn", "zbs", "zbd", "zdd", "zrd", "zrj", "cbt"},
    "tournaments": {"acblscore", "usebio", "pbn", "zbs", "zbd", "zdd", "zrd", "zrj", "asc"},
}
# never from an ACBLscore game (no hands): the formats that hold deals alone (ZBS ... ZRJ)
DEAL_FORMATS = {f.name for f in bridgeio.available_formats() if f.holds == "deals" and f.writes}
HEADERLESS = {f.name for f in bridgeio.available_formats() if f.headerless}  # given with --from


def kinds() -> dict[str, str]:
    """The kind of document each corpus folder holds, by format (every format the registry
    reads, built-in or registered since: a format's corpus folder runs through every command);
    a format that may hold any kind (PBN) is taken as deals, its score tables found apart."""
    found = {}
    for fmt in bridgeio.available_formats():
        if fmt.reads:
            kind = fmt.holds if fmt.holds not in ("any", "table") else "deals"
            found[fmt.name] = found[corpus_folder(fmt.name)] = kind
    return found


def format_of_folder(folder: str) -> str:
    """The format of a corpus folder (``chessbase``: cbt)."""
    return next((name for name in kinds() if corpus_folder(name) == folder), folder)


MADE_FROM_DEALS = sorted(DEAL_FORMATS) + ["pbn", "json"]  # made from the corpus's deals


@dataclass
class Input:
    """A file the commands run on, and what it is.

    ``kind``: results, deals, movement, tournaments (a bridge file of format ``format``),
    ``foreign`` (a regular file that is no bridge file), ``absent`` (no file: a directory or a
    missing path), ``damaged`` (a truncated copy), ``random`` (random bytes: anything clean)."""

    path: str
    tag: str  # what a failure calls it: folder[index].ext, never its name
    kind: str
    format: str | None = None
    stdin: bool = False  # given as - with the file on standard input
    convert: bool = True  # converted to every target
    hands: bool = True  # may hold deals (an ACBLscore game holds none)

    @property
    def label(self) -> str:
        return "<stdin>" if self.stdin else self.path

    def __repr__(self) -> str:  # what a failing test shows: never a corpus file's name
        return f"Input({self.tag}{', stdin' if self.stdin else ''})"


@dataclass
class Call:
    """One command line on one input, and what came of it."""

    id: int
    command: str
    args: list[str]
    input: Input
    target: str | None = None  # conversions: the target format
    out: str | None = None  # the folder its output goes to
    result: dict[str, Any] = field(default_factory=dict)
    stdout: str = ""
    stderr: str = ""

    @property
    def status(self) -> Any:
        return self.result.get("status", "no result")

    @property
    def key(self) -> tuple[str, str, bool, str | None, bool]:
        """The same call in the other mode has the same key."""
        return self.command, self.input.tag, self.input.stdin, self.target, self.out is None

    def describe(self) -> str:
        what = self.command + (f" --to {self.target}" if self.target else "")
        return f"{what} {self.input.tag}{' (stdin)' if self.input.stdin else ''}"

    def __repr__(self) -> str:  # never a file's name or what it holds
        return f"Call({self.describe()}: {self.status})"


# ------------------------------------------------------------------------------- the inputs


def corpus_inputs() -> list[Input]:
    """Every file of the corpus, a seeded sample of the ASC schedules marked for conversion."""
    files = sorted(p for p in CORPUS.rglob("*") if p.is_file())
    counters: dict[str, int] = defaultdict(int)
    inputs = []
    for path in files:
        folder = path.parent.relative_to(CORPUS).as_posix()
        tag = f"{folder}[{counters[folder]}]{path.suffix}"
        counters[folder] += 1
        kind = _corpus_kind(path.parent.name, path)  # world/pbn holds PBN files too
        inputs.append(Input(str(path), tag, *kind, hands=folder != "acblscore"))
    schedules = [i for i in inputs if i.kind == "movement"]
    converted = {
        id(i) for i in random.Random(13).sample(schedules, min(ASC_CONVERTED, len(schedules)))
    }
    for schedule in schedules:
        schedule.convert = id(schedule) in converted
    return inputs


def _corpus_kind(folder: str, path: Path) -> tuple[str, str | None]:
    if folder not in kinds() or path.suffix.lower() in (".md", ".json"):
        return "foreign", None  # READMEs, ACBLgamedump's answer keys, a DDS test list
    if path.name.startswith("truncated_"):
        return "damaged", "acblscore"
    if folder == "pbn" and re.search(
        rb'^\[(Total)?ScoreTable "|^\[Result "\d', path.read_bytes(), re.M
    ):
        return "results", "pbn"  # a PBN file with score tables or played boards: results
    return kinds()[folder], format_of_folder(folder)


def made_inputs(folder: Path) -> list[Input]:
    """Files our writers make from corpus files: every Pavlicek format, JSON of each kind."""
    made = []
    deals = _first_solved_deals()
    if deals is not None:
        for name in MADE_FROM_DEALS:
            path = folder / f"deals.{name}"
            if _made(bridgeio.write, deals, path, seat="S" if name == "zrj" else None):
                made.append(Input(str(path), f"made[deals]{path.suffix}", "deals", name))
    for source in _one_of_each_kind():
        kind = kinds()[source.parent.name]
        path = folder / f"{source.parent.name}-{kind}.json"  # one file each (two give results)
        if _made(bridgeio.convert, source, path):
            hands = source.parent.name != "acblscore"
            tag = f"made[{source.parent.name}].json"
            made.append(Input(str(path), tag, kind, "json", hands=hands))
    return made


def _made(write: Callable[..., None], *args: Any, **options: Any) -> bool:
    """Whether a writer made its file (test_inputs_could_be_made says which did not)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            write(*args, **options)
    except Exception:  # noqa: BLE001 - reported by test_inputs_could_be_made
        return False
    return True


def _first_solved_deals() -> Any:
    for path in sorted((CORPUS / "pbn").glob("*.pbn")):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                deals = bridgeio.read(path)
        except Exception:  # noqa: BLE001 - a PBN reader bug: the PBN tests report it
            continue
        if isinstance(deals, Results) and deals.events:  # played boards: their deals alone
            deals = deals.events[0].deals[:64]
            deals.provenance = None  # (the games written back would read as results)
        if getattr(deals, "seats", None) is not None and getattr(deals, "tricks", None) is not None:
            return deals[:64]
    return None


def _one_of_each_kind() -> list[Path]:
    picked = []
    for folder, pattern in (("acblscore", "*.AC?"), ("usebio", "*.xml"), ("asc", "*.asc")):
        picked.append(sorted((CORPUS / folder).glob(pattern))[0])
    picked.append(sorted((CORPUS / "chessbase").glob("*.cbt"))[-1])
    return picked


def truncated_inputs(folder: Path, sources: list[Input]) -> list[Input]:
    """Two cut copies (a third and two thirds, off any record boundary) of one file a format."""
    one_each: dict[str, Input] = {}
    for source in sources:
        if source.format and source.kind != "damaged":
            one_each.setdefault(source.format, source)
    cut = []
    for source in one_each.values():
        data = Path(source.path).read_bytes()
        for share in (1, 2):
            path = folder / f"cut{share}-{source.format}{Path(source.path).suffix}"
            path.write_bytes(data[: len(data) * share // 3 + 1])
            cut.append(Input(str(path), f"cut{share}[{source.tag}]", "damaged", source.format))
    return cut


def odd_inputs(folder: Path) -> list[Input]:
    """Empty, text, random bytes, an ELF program, a ZIP, a PDF, a directory, a missing path."""
    rng = random.Random(7)
    files = {
        "empty": b"",
        "empty.zrd": b"",
        "hello.txt": b"hello, world\n",
        "notes.zdd": b"Shopping list\nbread\nmilk\n",
        "doc.pdf": b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n",
        "random.bin": rng.randbytes(4096),
        "random.zrd": rng.randbytes(23 * 40),
    }
    inputs = []
    for name, data in files.items():
        (folder / name).write_bytes(data)
        kind = "random" if name.startswith("random") else "foreign"
        inputs.append(Input(str(folder / name), f"odd[{name}]", kind))
    with zipfile.ZipFile(folder / "archive.zip", "w") as archive:
        archive.writestr("readme.txt", "not a bridge file\n" * 50)
    (folder / "a-directory.zrd").mkdir()
    inputs += [
        Input(str(folder / "archive.zip"), "odd[archive.zip]", "foreign"),
        Input("/bin/ls", "odd[ELF]", "foreign"),
        Input(str(folder / "a-directory.zrd"), "odd[directory]", "absent"),
        Input(str(folder / "missing.pbn"), "odd[missing]", "absent"),
    ]
    return inputs


def stdin_inputs(sources: list[Input]) -> list[Input]:
    """One file of each format, and two odd ones, given on standard input."""
    chosen: dict[str, Input] = {}
    for source in sources:
        key = source.format or source.tag
        if (source.format and source.kind != "damaged") or source.tag in (
            "odd[hello.txt]",
            "odd[empty]",
        ):
            chosen.setdefault(key, source)
    return [
        Input(s.path, s.tag, s.kind, s.format, stdin=True, convert=False, hands=s.hands)
        for s in chosen.values()
    ]


# ------------------------------------------------------------------------------- the calls


def calls_for(inputs: list[Input], out: Path, share: int) -> list[Call]:
    """The command lines to run on ``inputs`` in one mode; outputs go to folders under ``out``.

    Cheap commands run in both modes; the conversions to files are shared out between the two
    (``share`` 0 or 1), each (input, target) in one of them, each target in both."""
    calls: list[Call] = []

    def add(command: str, args: list[str], source: Input, **more: Any) -> None:
        calls.append(Call(len(calls), command, args, source, **more))

    for n, source in enumerate(inputs):
        name = "-" if source.stdin else source.path
        if source.stdin:
            named = ["--from", source.format] if source.format in HEADERLESS else []
            for command in ("info", "validate", "dump"):
                add(command, [command, name, *named], source)
            add("convert", ["convert", name, "-", "--to", "json", *named], source, target="json")
            continue
        for command in ("info", "validate", "dump", "checksum"):
            add(command, [command, name], source)
        add("analyze", ["analyze", name, *(["--json"] if n % 2 else [])], source)
        folder = str(out / f"anonymize-{n}")
        extension = Path(source.path).suffix or ".out"
        add("anonymize", ["anonymize", name, f"{folder}/anonymous{extension}"], source, out=folder)
        if not source.convert:
            continue
        add("convert", ["convert", name, "-", "--to", "json"], source, target="json")
        for target in TARGETS[(n + share) % 2 :: 2]:
            folder = str(out / f"convert-{n}-{target}")
            extension = bridgeio.get_format(target).extensions[0]
            args = ["convert", name, f"{folder}/converted{extension}"]
            args += ["--seat", "S"] if target == "zrj" else []
            add("convert", args, source, target=target, out=folder)
    return calls


def jobs_of(calls: list[Call]) -> list[dict[str, Any]]:
    jobs = []
    for call in calls:
        job: dict[str, Any] = {"id": call.id, "args": call.args, "limit": CALL_LIMIT}
        if call.input.stdin:
            job["stdin"] = call.input.path
        if call.out:
            Path(call.out).mkdir(parents=True, exist_ok=True)
            job["out"] = call.out
            if call.target and call.target != "csv":
                job["readback"] = call.target
        jobs.append(job)
    return jobs


def drive(calls: list[Call], on_terminal: bool, folder: Path) -> None:
    """Run the calls in driver processes (a new one after a driver dies), filling in each
    call's result, standard output and standard error."""
    folder.mkdir(parents=True, exist_ok=True)
    remaining = list(calls)
    for attempt in range(20):
        if not remaining:
            return
        jobs, results = folder / f"jobs-{attempt}.json", folder / f"results-{attempt}.jsonl"
        jobs.write_text(json.dumps(jobs_of(remaining)))
        ran = capture(
            [sys.executable, str(DRIVER), str(jobs), str(results)], on_terminal, limit=240.0
        )
        remaining = _collect(remaining, ran, results)


def _collect(calls: list[Call], ran: Captured, results: Path) -> list[Call]:
    """Give each call its outputs; the calls still to run (after the one a driver died in)."""
    lines = (
        [json.loads(line) for line in results.read_text().splitlines()] if results.exists() else []
    )
    finished = {line["id"]: line for line in lines if "status" in line}
    out, err = _pieces(ran.out), _pieces(ran.err)
    for call in calls:
        if call.id in finished:
            call.result = finished[call.id]
            call.stdout, call.stderr = out.get(call.id, ""), err.get(call.id, "")
    started = [line["id"] for line in lines if "started" in line]
    dead = next((i for i in started if i not in finished), None)
    if dead is None:
        if len(finished) < len(calls):  # killed at the limit between jobs
            return [c for c in calls if c.id not in finished]
        return []
    by_id = {call.id: call for call in calls}
    end = "killed at the time limit" if ran.status is None else f"exit {ran.status}"
    by_id[dead].result = {"status": f"driver died ({end})"}
    by_id[dead].stderr = _tail(ran.err)
    return [c for c in calls if c.id not in finished and c.id != dead]


def _pieces(stream: bytes) -> dict[int, str]:
    """Output cut at the drivers' end-of-job markers: job id -> what it wrote."""
    pieces = {}
    pattern = re.escape(marker(0)).replace(b"0", rb"(\d+)")
    start = 0
    for found in re.finditer(pattern, stream):
        pieces[int(found.group(1))] = stream[start : found.start()].decode(errors="replace")
        start = found.end()
    return pieces


def _tail(stream: bytes) -> str:
    last = stream.rsplit(marker(0)[-1:], 1)[-1]
    return last.decode(errors="replace")[-2000:]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Input]:
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    folder = tmp_path_factory.mktemp("inputs")
    made = made_inputs(folder)
    found = corpus_inputs() + made
    found += truncated_inputs(folder, found) + odd_inputs(folder)
    return found + stdin_inputs(found)


@pytest.fixture(scope="module")
def runs(inputs: list[Input], tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Call]]:
    """Every call in both modes, the two drivers side by side (one a core)."""
    work = tmp_path_factory.mktemp("runs")
    planned = {mode: calls_for(inputs, work / mode / "out", n) for n, mode in enumerate(MODES)}
    with ThreadPoolExecutor(len(MODES)) as pool:
        done = [
            pool.submit(drive, planned[mode], mode == "terminal", work / mode) for mode in MODES
        ]
        for future in done:
            future.result()
    return planned


# ------------------------------------------------------------------------------- the rules


def allowed_statuses(call: Call) -> set[int]:
    """The exit statuses the contract allows for this command on this input."""
    kind, command = call.input.kind, call.command
    if kind == "absent":
        return {2}
    if command == "checksum":
        return {0}
    if kind == "foreign":
        return {2}
    if kind == "random":
        return {0, 1, 2}
    if kind == "damaged":
        return {1, 2} if command == "validate" else {0, 1, 2}
    if command in ("info", "dump", "validate"):
        return {0, 1}
    if command == "analyze":
        return {0, 1} if kind == "movement" else {0, 1, 2} if kind == "results" else {2}
    if command == "anonymize":
        assert call.input.format is not None
        return {0, 1} if bridgeio.get_format(call.input.format).anonymize else {2}
    assert call.target is not None
    if call.target in MUST[kind] or call.target == call.input.format:
        return {0, 1}
    never = NEVER[kind] | (set() if call.input.hands else DEAL_FORMATS)
    return {2} if call.target in never else {0, 1, 2}


def status_problem(call: Call) -> str | None:
    status = call.status
    if status not in (0, 1, 2):
        return f"ended {status}"
    allowed = allowed_statuses(call)
    if status not in allowed:
        wanted = " or ".join(map(str, sorted(allowed)))
        return f"exit {status}, the contract says {wanted}"
    return None


def stderr_problem(call: Call, on_terminal: bool) -> str | None:
    """No traceback, no internal error; every line names the file (or the output); piped,
    no progress at all."""
    text = call.stderr
    if TRACEBACK in text or "internal error" in text:
        return "stderr: " + redacted(_first_line(text, ("internal error", "Error")))
    if not on_terminal and ("\r" in text or "\x1b" in text):
        return "progress output on stderr although it is a pipe"
    names = [call.input.label] + ([call.out] if call.out else [])
    for line in visible_lines(text):
        if not any(name in line for name in names):
            return "a stderr line that names no file: " + redacted(_anonymous(call, line))
    if call.input.kind == "damaged" and call.command == "info" and call.status in (0, 1):
        if not visible_lines(text):
            return "a damaged file read with nothing said on stderr"
    return None


def stdout_problem(call: Call) -> str | None:
    """Standard output carries the command's data only."""
    text = call.stdout.replace("\r\n", "\n")
    if TRACEBACK in text or "internal error" in text:
        return "stdout: " + redacted(_first_line(text, ("internal error", "Error")))
    lines = [line for line in text.split("\n") if line]
    if any(line.startswith("bridgeio:") or "\x1b[K" in line for line in lines):
        return "a message or progress on stdout"
    if call.status not in (0, 1):
        is_stream = call.command == "dump" or "-" in call.args[2:3]
        return None if is_stream or not lines else "data on stdout from a failed call"
    check = STDOUT_CHECKS.get(call.command if call.out is None else "file")
    return check(call, text, lines) if check else None


def _json_documents(call: Call, text: str, lines: list[str]) -> str | None:
    try:
        json.loads(text)
        return None
    except ValueError:
        pass
    for n, line in enumerate(lines, 1):
        try:
            json.loads(line)
        except json.JSONDecodeError as error:
            return f"stdout line {n} is not JSON ({error.msg})"
    return None if lines else "no JSON on stdout"


def _labelled(call: Call, text: str, lines: list[str]) -> str | None:
    label = call.input.label
    stray = [line for line in lines if not line.startswith(label + ":")]
    return f"{len(stray)} stdout lines not about the file" if stray else None


def _info(call: Call, text: str, lines: list[str]) -> str | None:
    return None if lines[:1] == [f"== {call.input.label}"] else "info does not begin with the file"


def _checksum(call: Call, text: str, lines: list[str]) -> str | None:
    wanted = re.compile(r"[0-9A-F]{16}  " + re.escape(call.input.label))
    return None if len(lines) == 1 and wanted.fullmatch(lines[0]) else "not one checksum line"


def _analyze(call: Call, text: str, lines: list[str]) -> str | None:
    if "--json" in call.args:
        return _json_documents(call, text, lines)
    return None if lines and lines[0].startswith(f"== {call.input.label}") else "no report"


def _nothing(call: Call, text: str, lines: list[str]) -> str | None:
    return f"{len(lines)} lines on stdout from a command that writes a file" if lines else None


STDOUT_CHECKS: dict[str, Callable[[Call, str, list[str]], str | None]] = {
    "dump": _json_documents,
    "convert": _json_documents,  # to standard output, --to json
    "validate": _labelled,
    "info": _info,
    "checksum": _checksum,
    "analyze": _analyze,
    "file": _nothing,
}


def output_problem(call: Call) -> str | None:
    """A command that writes a file: there when it succeeded, nothing at all when it failed;
    what it wrote reads back."""
    if call.out is None:
        return None
    outputs = call.result.get("outputs", [])
    if call.status in (0, 1) and not outputs:
        return "succeeded but wrote no file"
    if call.status == 2 and outputs:
        return f"failed but left {len(outputs)} files behind"
    if call.result.get("readback"):
        return f"its output does not read back: {call.result['readback']}"
    return None


def _first_line(text: str, words: tuple[str, ...]) -> str:
    lines = visible_lines(text)
    return next(
        (line for line in lines if any(w in line for w in words)), lines[-1] if lines else ""
    )


def _anonymous(call: Call, line: str) -> str:
    return line.replace(call.input.path, call.input.tag)


def problems(calls: list[Call], check: Callable[[Call], str | None]) -> list[str]:
    found = []
    for call in calls:
        problem = check(call)
        if problem:
            found.append(f"{call.describe()}: {problem}")
    return found


def summary(found: list[str], limit: int = 40) -> str:
    shown = "\n".join(found[:limit])
    more = f"\n... and {len(found) - limit} more" if len(found) > limit else ""
    return f"{len(found)} calls broke the contract:\n{shown}{more}"


def _sorted_by_command(calls: list[Call], command: str) -> Iterator[Call]:
    return (call for call in calls if call.command == command)


# ------------------------------------------------------------------------------- the tests

COMMANDS = ("info", "validate", "dump", "checksum", "analyze", "anonymize", "convert")


def test_inputs_could_be_made(inputs: list[Input]) -> None:
    """Our writers made every derived input (a Pavlicek file of each layout, JSON of each kind)."""
    made = {Path(i.path).name for i in inputs if i.tag.startswith("made[")}
    wanted = {f"deals.{name}" for name in MADE_FROM_DEALS}
    wanted |= {
        f"{source.parent.name}-{kinds()[source.parent.name]}.json" for source in _one_of_each_kind()
    }
    assert sorted(wanted - made) == []


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", COMMANDS)
def test_exit_status_follows_the_contract(
    runs: dict[str, list[Call]], mode: str, command: str
) -> None:
    found = problems(list(_sorted_by_command(runs[mode], command)), status_problem)
    assert not found, summary(found)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", COMMANDS)
def test_stderr_names_the_file_and_never_a_traceback(
    runs: dict[str, list[Call]], mode: str, command: str
) -> None:
    on_terminal = mode == "terminal"
    found = problems(
        list(_sorted_by_command(runs[mode], command)), lambda c: stderr_problem(c, on_terminal)
    )
    assert not found, summary(found)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("command", COMMANDS)
def test_stdout_carries_only_data(runs: dict[str, list[Call]], mode: str, command: str) -> None:
    found = problems(list(_sorted_by_command(runs[mode], command)), stdout_problem)
    assert not found, summary(found)


@pytest.mark.parametrize("mode", MODES)
def test_outputs_are_whole_or_absent_and_read_back(runs: dict[str, list[Call]], mode: str) -> None:
    found = problems(runs[mode], output_problem)
    assert not found, summary(found)


@pytest.mark.parametrize("mode", MODES)
def test_one_exit_status_rule_across_commands(runs: dict[str, list[Call]], mode: str) -> None:
    """An input info cannot read, validate and dump cannot read either (exit 2 from all three);
    an error info reports makes validate fail too."""
    by_input: dict[tuple[str, bool], dict[str, Any]] = defaultdict(dict)
    for call in runs[mode]:
        if call.command in ("info", "validate", "dump"):
            by_input[(call.input.tag, call.input.stdin)][call.command] = call.status
    found = []
    for (tag, stdin), statuses in by_input.items():
        unreadable = {command for command, status in statuses.items() if status == 2}
        if unreadable and len(unreadable) < len(statuses):
            found.append(f"{tag}{' (stdin)' if stdin else ''}: {statuses}")
        elif statuses.get("info") == 1 and statuses.get("validate") == 0:
            found.append(f"{tag}: info finds an error that validate does not: {statuses}")
    assert not found, summary(found)


@pytest.mark.parametrize("mode", MODES)
def test_no_message_in_pythons_wording(runs: dict[str, list[Call]], mode: str) -> None:
    """No warning or error names a file's fault in Python's words (``invalid literal``,
    ``object has no attribute``...; issue 29). The cases other helpers fix now are left to
    tests/test_corpus_commands.py, which marks them xfail with their owner."""
    found = []
    for call in runs[mode]:
        unknown, _ = python_wording(call.stderr, Path(call.input.path).name)
        found += [f"{call.describe()}: {redacted(_anonymous(call, line))}" for line in unknown]
    assert not found, summary(found)


def test_both_modes_agree(runs: dict[str, list[Call]]) -> None:
    """A terminal changes how progress shows, never what a command does."""
    piped = {call.key: call for call in runs["piped"]}
    both = [(call, piped[call.key]) for call in runs["terminal"] if call.key in piped]
    assert len(both) > len(runs["piped"]) // 2
    found = [
        f"{call.describe()}: {call.status} on a terminal, {other.status} piped"
        for call, other in both
        if call.status != other.status
    ]
    assert not found, summary(found)


def test_progress_shows_on_a_terminal(runs: dict[str, list[Call]]) -> None:
    """The terminal mode really ran on a terminal: some conversion showed progress there."""
    assert any("\x1b[K" in call.stderr for call in runs["terminal"] if call.command == "convert")


def test_every_call_was_run(runs: dict[str, list[Call]]) -> None:
    missing = [call.describe() for mode in MODES for call in runs[mode] if not call.result]
    assert not missing, summary(missing)


# ------------------------------------------------------------------------- real processes


def _bridgeio(
    args: list[str], on_terminal: bool, stdin: Path | None = None, cwd: Path | None = None
) -> Captured:
    ran = capture([str(BRIDGEIO), *args], on_terminal, stdin=stdin, cwd=cwd, limit=60.0)
    text = (ran.out + ran.err).decode(errors="replace")
    assert TRACEBACK not in text and "internal error" not in text, redacted(text[-300:])
    return ran


@pytest.mark.parametrize("mode", MODES)
def test_the_installed_command_converts_with_progress_on_a_terminal_only(
    inputs: list[Input], tmp_path: Path, mode: str
) -> None:
    """A conversion of a Pavlicek file (a known total: a bar) and of a PBN file (a count)."""
    on_terminal = mode == "terminal"
    made = {Path(i.path).suffix: i.path for i in inputs if i.tag.startswith("made[deals]")}
    for source, target in ((".zrd", "out.pbn"), (".pbn", "out.zbd")):
        if source not in made:
            pytest.fail(f"no made {source} file (see test_inputs_could_be_made)")
        ran = _bridgeio(["convert", made[source], str(tmp_path / target)], on_terminal)
        assert ran.status == 0 and ran.out == b""
        err = ran.err.decode()
        assert all(made[source] in line for line in visible_lines(err)), redacted(err)
        if not on_terminal:
            assert "\r" not in err and "\x1b" not in err
        assert bridgeio.read(tmp_path / target) is not None


@pytest.mark.parametrize("mode", MODES)
def test_the_installed_command_reads_standard_input(inputs: list[Input], mode: str) -> None:
    on_terminal = mode == "terminal"
    pbn = next(i for i in inputs if i.format == "pbn" and i.tag.startswith("pbn["))
    ran = _bridgeio(["dump", "-"], on_terminal, stdin=Path(pbn.path))
    assert ran.status == 0, redacted(ran.err.decode())
    assert json.loads(ran.out.decode())["format"] == "pbn"
    text = next(i for i in inputs if i.tag == "odd[hello.txt]")
    ran = _bridgeio(["validate", "-"], on_terminal, stdin=Path(text.path))
    assert ran.status == 2 and ran.out == b""
    assert visible_lines(ran.err.decode()) and all(
        "<stdin>" in line for line in visible_lines(ran.err.decode())
    )


def test_the_installed_command_stops_quietly_when_its_reader_does(inputs: list[Input]) -> None:
    """``bridgeio dump big.pbn | head -c 100``: exit 0, nothing on stderr but the file's own
    warnings (no broken pipe, no traceback)."""
    import subprocess

    pbn = max((i for i in inputs if i.format == "pbn" and i.tag.startswith("pbn[")), key=_size)
    dump = subprocess.Popen(
        [str(BRIDGEIO), "dump", pbn.path], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert dump.stdout is not None and dump.stderr is not None
    dump.stdout.read(100)
    dump.stdout.close()
    err = dump.stderr.read().decode()
    # what the file itself warns of (the reader's) may be said; nothing of the closed pipe
    assert dump.wait(timeout=60) == 0, redacted(err)
    assert all(": warning: " in line for line in err.splitlines()), redacted(err)


def test_the_installed_command_on_every_odd_input_at_once(inputs: list[Input]) -> None:
    """Several files, each processed: the worst status, a message naming each bad one."""
    odd = [i for i in inputs if i.tag.startswith("odd[") and i.kind in ("foreign", "absent")]
    good = next(i for i in inputs if i.format == "asc")
    for on_terminal in (True, False):
        ran = _bridgeio(["info", good.path, *(i.path for i in odd)], on_terminal)
        assert ran.status == 2
        lines = visible_lines(ran.err.decode())
        for each in odd:
            assert any(each.path in line for line in lines), f"no message names {each.tag}"
        assert f"== {good.path}" in ran.out.decode()


def _size(source: Input) -> int:
    return Path(source.path).stat().st_size


def test_the_corpus_was_all_run(inputs: list[Input], runs: dict[str, list[Call]]) -> None:
    """Every corpus file had every cheap command, in both modes (a check on the harness)."""
    files = sum(1 for p in CORPUS.rglob("*") if p.is_file())
    for mode in MODES:
        seen = {c.input.path for c in runs[mode] if c.command == "info" and not c.input.stdin}
        assert sum(1 for path in seen if path.startswith(str(CORPUS))) == files
    assert shutil.which(str(BRIDGEIO)), "the installed bridgeio command is missing"


def test_the_installed_command_interrupted_on_a_terminal(tmp_path: Path) -> None:
    """Ctrl-C in a long run: exit 130, one line on stderr, no traceback, no partial output."""
    import os
    import select
    import signal
    import subprocess

    target = tmp_path / "many.zbd"
    out_end, out_child = os.openpty()
    err_end, err_child = os.openpty()
    child = subprocess.Popen(
        [str(BRIDGEIO), "generate", "--count", "50000000", "--seed", "1", str(target)],
        stdin=out_child,
        stdout=out_child,
        stderr=err_child,
        start_new_session=True,
    )
    os.close(out_child)
    os.close(err_child)
    said = b""
    try:
        while b"\x1b[K" not in said:  # the progress bar is up: the work has begun
            ready, _, _ = select.select([err_end], [], [], 30)
            assert ready, "no progress shown within 30 s"
            said += os.read(err_end, 4096)
        child.send_signal(signal.SIGINT)
        status = child.wait(timeout=30)
        while select.select([err_end], [], [], 0.2)[0]:
            try:
                chunk = os.read(err_end, 4096)
            except OSError:
                break
            if not chunk:
                break
            said += chunk
    finally:
        if child.poll() is None:
            child.kill()
        os.close(out_end)
        os.close(err_end)
    text = said.decode(errors="replace")
    assert status == 130 and TRACEBACK not in text, redacted(text[-300:])
    assert visible_lines(text) == ["bridgeio: interrupted"]
    assert os.listdir(tmp_path) == []  # nothing half-written left behind
