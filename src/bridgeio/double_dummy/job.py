"""A resumable solving job: deals in, a deal file with tricks out, whatever interrupts it.

Solved deals are appended, batch by batch, to a work file beside the output (``OUT.solving``,
ZRD records, flushed to disk after every batch). A rerun of the same job checks that the work
file holds the same deals and continues after them. The output itself is written atomically
once every deal is solved, so it is either absent or complete, and a killed and resumed run
writes exactly the bytes an uninterrupted one would.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

import bridgeio
from bridgeio.core import get_format
from bridgeio.double_dummy.solver import solve_seats
from bridgeio.errors import ConversionError
from bridgeio.model import NO_SEAT, DealSet, as_deals
from bridgeio.model.document import Document
from bridgeio.model.results import Results

WORK_SUFFIX = ".solving"


class WorkFileMismatch(ValueError):
    """The work file beside the output belongs to other deals."""


@dataclass
class SolveJob:
    """Solve every deal of ``source`` into ``target`` (format from ``to`` or the extension)."""

    source: str
    target: str
    to: str | None = None
    seat: str | None = None
    batch: int = 200
    dask: str | None = None
    document: Document | None = dataclasses.field(default=None, init=False, repr=False)

    @property
    def work_path(self) -> str:
        """The work file beside the target: its name plus ``.solving``."""
        return self.target + WORK_SUFFIX

    def deals(self) -> DealSet:
        """The source's deals; :class:`ConversionError` unless every card of each is placed."""
        self.document = bridgeio.read(self.source)
        deals = as_deals(self.document, "solve")
        if deals.seats is None or (deals.seats == NO_SEAT).any():
            raise ConversionError(
                "a solved deal file", "whole deals (every card placed)", deals.format
            )
        return deals

    def solved_before(self, deals: DealSet) -> int:
        """Deals already in the work file (cut back to whole records), checked against ours."""
        if not os.path.exists(self.work_path):
            return 0
        size = os.path.getsize(self.work_path)
        record = _zrd_record_size()
        whole = size // record
        if whole * record != size:
            with open(self.work_path, "r+b") as handle:
                handle.truncate(whole * record)
        if whole == 0:
            return 0
        done = bridgeio.read(self.work_path, "zrd", expect=DealSet)
        if len(done) > len(deals) or not np.array_equal(_cards(done), _cards(deals)[: len(done)]):
            raise WorkFileMismatch(
                f"{self.work_path} holds work on other deals: delete it to start again"
            )
        return len(done)

    def run(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Solve what is left; returns the number of deals solved in this run."""
        deals = self.deals()
        seats = _cards(deals)
        start = self.solved_before(deals)
        if progress:
            progress(start, len(deals))
        solved = 0
        write_chunks = get_format("zrd").write_chunks
        assert write_chunks is not None
        with open(self.work_path, "ab") as work:
            for first, tricks in self._results(seats, start):
                rows = slice(first, first + len(tricks))
                write_chunks([DealSet(seats[rows], tricks)], work)
                work.flush()
                os.fsync(work.fileno())
                solved += len(tricks)
                if progress:
                    progress(len(tricks), len(deals))
        self._finish(deals)
        return solved

    def _results(self, seats: np.ndarray, start: int) -> Iterator[tuple[int, np.ndarray]]:
        starts = list(range(start, len(seats), self.batch))
        batches = [seats[s : s + self.batch] for s in starts]
        if self.dask:
            yield from zip(starts, _on_dask(self.dask, batches), strict=True)
        else:
            for first, batch in zip(starts, batches, strict=True):
                yield first, solve_seats(batch)

    def _finish(self, deals: DealSet) -> None:
        solved = (
            bridgeio.read(self.work_path, "zrd", expect=DealSet)
            if os.path.getsize(self.work_path)
            else DealSet.empty(with_tricks=True)
        )
        solved_document = with_tricks(self.document or deals, solved.tricks)
        bridgeio.write(solved_document, self.target, self.to, seat=self.seat)
        os.unlink(self.work_path)


def with_tricks(document: Document, tricks: np.ndarray | None) -> Document:
    """The source document with its deals' tricks replaced by ``tricks`` (one row a deal,
    in the order :func:`~bridgeio.model.as_deals` gives them) and all else kept: a results
    file keeps its events, a PBN file every tag, table and comment.

    >>> deals = DealSet(np.zeros((2, 52), dtype=np.uint8), boards=np.array([3, 4]))
    >>> solved = with_tricks(deals, np.full((2, 5, 4), 7, dtype=np.uint8))
    >>> solved.boards.tolist(), int(solved.tricks[1, 0, 0]), deals.tricks is None
    ([3, 4], 7, True)
    """
    if not isinstance(document, Results):
        return dataclasses.replace(as_deals(document, "solve"), tricks=tricks)
    copy = dataclasses.replace(document, events=list(document.events))
    start = 0
    for k, event in enumerate(copy.events):
        if isinstance(event.deals, DealSet):
            rows = None if tricks is None else tricks[start : start + len(event.deals)]
            copy.events[k] = dataclasses.replace(
                event, deals=dataclasses.replace(event.deals, tricks=rows)
            )
            start += len(event.deals)
    return copy


def _zrd_record_size() -> int:
    """Bytes a record of the work file (ZRD) takes, from the registry."""
    size = get_format("zrd").record_size
    assert size is not None
    return size


def _cards(deals: DealSet) -> np.ndarray:
    """The seats of deals that ``SolveJob.deals`` has checked to be whole."""
    assert deals.seats is not None
    return deals.seats


def _on_dask(address: str, batches: list[np.ndarray]) -> Iterator[np.ndarray]:
    """Solve batches on a Dask cluster, yielding results in order as they arrive."""
    try:
        from distributed import Client
    except ImportError:
        raise RuntimeError(
            "--dask needs the distributed package: pip install 'bridgeio[dask]'"
        ) from None
    with Client(address) as client:  # type: ignore[no-untyped-call]
        window = 2 * max(1, sum(client.nthreads().values()))
        waiting = iter(batches)
        pending = deque(
            client.submit(solve_seats, b, pure=False) for b in itertools.islice(waiting, window)
        )
        while pending:
            result = pending.popleft().result()
            following = next(waiting, None)
            if following is not None:
                pending.append(client.submit(solve_seats, following, pure=False))
            yield result
