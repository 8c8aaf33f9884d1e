"""Runs many ``bridgeio`` command lines in one process, for tests/test_every_command.py.

Started as ``python tests/cli_driver.py JOBS RESULTS`` with standard output and error on a
pseudo-terminal or on pipes (the test decides). For each job of JOBS (a JSON list) it calls
:func:`bridgeio.cli.run` in-process under a time limit, then writes a marker on standard
output and standard error so that the test can cut both streams into one piece a job, and
appends one JSON line to RESULTS: the job's id, its exit status (or ``"timeout"``,
``"escaped: <exception>"``), the files the command left in the job's output folder, and, for
a conversion that succeeded, whether :func:`bridgeio.read` reads its output back.

A line ``{"id": n, "started": true}`` goes to RESULTS before each job, so that a driver that
dies (a crash, the memory limit) is known to have died in job ``n``.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sys
import time
from pathlib import Path
from typing import Any, TextIO

MEMORY_LIMIT = 3 << 30  # bytes of address space: a runaway reader fails, the machine lives


def marker(job_id: int) -> bytes:
    """What follows a job's output on standard output and standard error."""
    return f"\x1e<end of job {job_id}>\x1e".encode()


class CallTimeout(BaseException):
    """Raised by the alarm inside a call that runs too long (not an Exception: the command
    line's safety net must not swallow it)."""


def _alarm(signum: int, frame: object) -> None:
    raise CallTimeout()


def run_job(job: dict[str, Any]) -> dict[str, Any]:
    """One command line, in-process; what the test needs to judge it."""
    from bridgeio.cli import run

    result: dict[str, Any] = {"id": job["id"]}
    stdin = sys.stdin
    began = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, float(job.get("limit", 10.0)))
    try:
        if job.get("stdin"):
            sys.stdin = open(job["stdin"], encoding="utf-8", errors="replace")  # noqa: SIM115
        result["status"] = run(list(job["args"]))
    except CallTimeout:
        result["status"] = "timeout"
    except BaseException as error:  # noqa: BLE001 - run() must catch everything itself
        result["status"] = f"escaped: {type(error).__name__}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if sys.stdin is not stdin:
            sys.stdin.close()
            sys.stdin = stdin
    result["seconds"] = round(time.perf_counter() - began, 3)
    _flush()
    if job.get("out"):
        result.update(_outputs(Path(job["out"]), result["status"] == 0, job.get("readback")))
    return result


def _outputs(folder: Path, succeeded: bool, readback: str | None) -> dict[str, Any]:
    """What a command left in its output folder, read back when asked; the folder emptied."""
    found = sorted(p.name for p in folder.iterdir())
    checked: dict[str, Any] = {"outputs": found}
    if succeeded and readback and found:
        checked["readback"] = _read_back([folder / name for name in found], readback)
    for path in folder.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
    return checked


def _read_back(paths: list[Path], format: str) -> str | None:
    """None when every output reads as ``format``; else the kind of failure."""
    import warnings

    import bridgeio

    signal.setitimer(signal.ITIMER_REAL, 10.0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for path in paths:
                bridgeio.read(path, format)
    except CallTimeout:
        return "timeout"
    except bridgeio.FormatError as error:
        return f"FormatError at {error.place}"
    except BaseException as error:  # noqa: BLE001 - reported, not hidden
        return f"{type(error).__name__}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass


def _mark(job_id: int) -> None:
    for fd in (1, 2):
        os.write(fd, marker(job_id))


def main(jobs_path: str, results_path: str) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    signal.signal(signal.SIGALRM, _alarm)
    jobs = json.loads(Path(jobs_path).read_text())
    with open(results_path, "a", encoding="utf-8") as results:
        for job in jobs:
            _note(results, {"id": job["id"], "started": True})
            result = run_job(job)
            _mark(job["id"])
            _note(results, result)


def _note(results: TextIO, line: dict[str, Any]) -> None:
    results.write(json.dumps(line) + "\n")
    results.flush()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
