"""Jobs (:mod:`bridgeio.site.jobs`) in processes of their own, each with a time limit (CPU and
wall clock) and a memory limit, so that a hostile or huge file costs the site one process and
never the server. Processes come from a fork server that has bridgeio's readers, writers and
recap already imported, so a job starts in milliseconds.

>>> pool = Workers(slots=1)
>>> data, why = pool.run("convert", ("examples/club-game.ACA", "aca"), seconds=60, memory=10**9)
>>> data == open("examples/club-game.ACA", "rb").read(), why
(True, None)
>>> pool.run("check", ("README.md", "README.md", "/"), seconds=60, memory=10**9)
Traceback (most recent call last):
...
bridgeio.site.worker.JobFailed: README.md: start of file: expected a recognised format ...
"""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import threading
import traceback
from multiprocessing.connection import Connection
from typing import Any

PRELOAD = ["bridgeio.cli", "bridgeio.site.jobs", "bridgeio.site.warm"]
"""What the fork server imports once, before it forks the first job."""


class JobFailed(Exception):
    """A job the file made fail: refused, too slow, too big. Its text is for the uploader."""


class Workers:
    """At most ``slots`` jobs at once, each in a new process from the fork server."""

    def __init__(self, slots: int = 2) -> None:
        self.slots = threading.BoundedSemaphore(max(1, slots))
        self.context = multiprocessing.get_context("forkserver")
        self.context.set_forkserver_preload(PRELOAD)

    def start(self) -> None:
        """Start the fork server now, in the background (it imports bridgeio once and warms
        it), not at the first upload."""
        warming = threading.Thread(target=self.run, args=("ping", (), 120.0, 10**9), daemon=True)
        warming.start()

    def run(
        self, job: str, args: tuple[Any, ...], seconds: float, memory: int, nice: int = 0
    ) -> Any:
        """The value of ``jobs.<job>(*args)``; :class:`JobFailed` when the job refused the
        file or went past ``seconds`` or ``memory`` bytes more than a fresh worker holds;
        ``nice``: how much lower the job's priority is (work that may wait)."""
        with self.slots:
            from bridgeio.site.worker import _child as child  # by its package's name

            receiving, sending = self.context.Pipe(duplex=False)
            process = self.context.Process(
                target=child, args=(sending, job, args, seconds, memory, nice), daemon=True
            )
            process.start()
            sending.close()
            try:
                return _answer(receiving, process, seconds, memory)
            finally:
                if process.is_alive():
                    process.kill()
                process.join()
                receiving.close()


def _answer(receiving: Connection, process: Any, seconds: float, memory: int) -> Any:
    """What the job sent, or why it sent nothing."""
    if not receiving.poll(seconds + 1):
        raise JobFailed(f"reading the file took longer than the limit of {seconds:g} s")
    try:
        kind, value = receiving.recv()
    except (EOFError, OSError):
        process.join(5)
        if process.exitcode in (-signal.SIGXCPU, -signal.SIGKILL):
            raise JobFailed(
                f"reading the file took longer than the limit of {seconds:g} s"
            ) from None
        raise JobFailed(
            f"reading the file stopped (it may need more memory than the limit of "
            f"{memory // 1_000_000} MB)"
        ) from None
    if kind == "ok":
        return value
    raise JobFailed(value)


def _child(
    sending: Connection, job: str, args: tuple[Any, ...], seconds: float, memory: int, nice: int
) -> None:
    """In the job's process: set the limits, run the job, send back its value or why not."""
    from bridgeio.site import jobs

    _limit(seconds, memory)
    if nice:
        os.nice(nice)
    try:
        answer: tuple[str, Any] = ("ok", getattr(jobs, job)(*args))
    except jobs.Refused as refused:
        answer = ("refused", str(refused))
    except MemoryError:
        answer = (
            "refused",
            f"reading the file needs more memory than the limit of {memory // 1_000_000} MB",
        )
    except RecursionError:
        answer = ("refused", "the file nests too deep to be read")
    except Exception as error:  # a bug of bridgeio's: said, with where, for the log
        where = traceback.extract_tb(error.__traceback__)[-1]
        answer = (
            "refused",
            f"internal error: {type(error).__name__}: {error} "
            f"({os.path.basename(where.filename)}:{where.lineno}; a bug: please report it)",
        )
    try:
        sending.send(answer)
    except MemoryError:
        sending.send(("refused", "the result is larger than the memory limit"))
    sending.close()


def _limit(seconds: float, memory: int) -> None:
    """CPU seconds and address space for this process: what it holds now plus ``memory``."""
    cpu = max(1, int(seconds + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    try:
        with open("/proc/self/statm") as statm:
            held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return  # not Linux: the time limit still holds
    resource.setrlimit(resource.RLIMIT_AS, (held + memory, held + memory))
