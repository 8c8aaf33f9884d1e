"""Export many files into the analysis tables: Parquet, CSV or a DuckDB database, in
parallel over the machine's cores or on a Dask cluster.

Files are cut into partitions (a few dozen files each, in the order of :func:`expand`); one
partition is one task, :func:`build_partition`, the same code on a local process and on a Dask
worker. Locally the main process writes each partition's tables as it arrives, in partition
order, so memory holds a few partitions whatever the number of files: ``OUT/<table>.parquet``,
``OUT/<table>.csv`` or the tables of the DuckDB database ``OUT``. On Dask each task writes its
partition itself, ``OUT/<table>/part-<n>.parquet`` (a partitioned Parquet dataset, on a
file system every worker sees). Output is written beside ``OUT`` first and moved into place at
the end, so a failed export leaves nothing behind.

>>> import os, tempfile
>>> from bridgeio.model.deals import DealSet, parse_pbn_deal
>>> folder = tempfile.mkdtemp()
>>> deal = parse_pbn_deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
>>> import bridgeio; bridgeio.write(DealSet(deal[None, :]), os.path.join(folder, "a.zbd"))
>>> summary = export([folder], os.path.join(folder, "out"), "csv", workers=1)
>>> summary.files, summary.failed, summary.rows["deals"]
(1, 0, 1)
>>> sorted(os.listdir(os.path.join(folder, "out")))[:3]
['calls.csv', 'cards.csv', 'dd_tricks.csv']
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from bridgeio.analysis.tables import expand
from bridgeio.analysis.tables.build import add_file
from bridgeio.analysis.tables.columns import Tables, pandas_unseen
from bridgeio.analysis.tables.play import Pending, fill_costs
from bridgeio.analysis.tables.schema import SCHEMAS, TABLES
from bridgeio.files import collector_paused

FORMATS = ("parquet", "duckdb", "csv")
"""What :func:`export` writes."""

Partition = list[tuple[int, str]]
"""The files of one task: (file_id, path)."""


@dataclass
class Summary:
    """What an export did: files read, files that could not be read (and each one's error,
    which names it), rows of each table."""

    files: int = 0
    failed: int = 0
    rows: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLES, 0))
    written: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    warned: int = 0  # files read with warnings (in their files row)

    def count(self, built: dict[str, pa.Table]) -> None:
        """Count a partition's tables."""
        self.count_files(built["files"])
        for name, table in built.items():
            self.rows[name] += table.num_rows

    def count_files(self, files: pa.Table) -> None:
        """Count a partition's files and keep the errors of those that could not be read."""
        self.files += files.num_rows
        errors = [e for e in files.column("error").to_pylist() if e is not None]
        self.failed += len(errors)
        self.errors += errors
        self.warned += files.num_rows - files.column("warnings").null_count

    @property
    def bugs(self) -> int:
        """Files bridgeio could not read because of a bug of its own (an internal error)."""
        return sum(e.startswith("internal error") for e in self.errors)


_READING = threading.Lock()


def build_partition(
    partition: Partition, options: dict[str, Any], solve: bool = False
) -> dict[str, pa.Table]:
    """Every table of a partition's files (one task, local or on Dask); with ``solve``, each
    card's ``dd_cost``, the partition's plays solved together (DDS's batch calls).

    One partition at a time a process: the warnings a file raises while it is read are
    gathered with :func:`warnings.catch_warnings`, which is not thread-safe, and Dask runs
    tasks on threads (reading is Python code, held by the GIL: threads would gain nothing;
    give Dask workers one thread and more processes)."""
    with _READING, collector_paused():  # rows hold no cycles: collecting them is waste
        found = Tables()
        plays: list[Pending] | None = [] if solve else None
        for file_id, path in partition:
            add_file(found, file_id, path, plays, **options)
        if plays:
            fill_costs(found.rows["cards"], plays)
        return found.build()


def write_partition(
    number: int, partition: Partition, out: str, options: dict[str, Any], solve: bool = False
) -> dict[str, pa.Table]:
    """A Dask task: build a partition and write ``out/<table>/part-<number>.parquet``; only
    its ``files`` table goes back (with the counts of the others' rows as metadata)."""
    built = build_partition(partition, options, solve)
    for name, table in built.items():
        os.makedirs(os.path.join(out, name), exist_ok=True)
        pq.write_table(table, os.path.join(out, name, f"part-{number:05d}.parquet"))
    rows = {name.encode(): str(t.num_rows).encode() for name, t in built.items()}
    return {"files": built["files"].replace_schema_metadata(rows)}


def partitions(paths: list[str], size: int) -> list[Partition]:
    """Consecutive files, ``size`` a partition, each with its file_id (its place in ``paths``).

    >>> partitions(["a", "b", "c"], 2)
    [[(0, 'a'), (1, 'b')], [(2, 'c')]]
    """
    numbered = list(enumerate(paths))
    return [numbered[i : i + size] for i in range(0, len(numbered), size)]


def partition_size(files: int, workers: int) -> int:
    """Files a task: enough tasks to keep every worker busy to the end, few enough that a
    task's start costs little (at most 64 files, so that memory holds few files).

    >>> partition_size(2000, 2), partition_size(3, 8)
    (64, 1)
    """
    return max(1, min(64, -(-files // (workers * 4))))


def export(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    to: str = "parquet",
    *,
    workers: int | None = None,
    client: Any = None,
    overwrite: bool = False,
    progress: Callable[[int], None] | None = None,
    solve: bool = False,
    **options: Any,
) -> Summary:
    """Export files and folders (walked recursively, every format sniffed) to ``out``.

    ``workers``: processes (default: the machine's cores; 1 works in this process).
    ``client``: a ``distributed.Client``; the tables are then a partitioned Parquet dataset
    written by the cluster's workers. ``progress`` is called with the files each partition
    held. ``solve``: fill ``cards.dd_cost`` with DDS (endplay; where a task runs, each
    partition's plays solved together). ``options`` go to :func:`bridgeio.read`. A file that
    cannot be read is a ``files`` row with its error; the export goes on."""
    if to not in FORMATS:
        raise ValueError(f"cannot export to {to!r}: choose one of {', '.join(FORMATS)}")
    if client is not None and to != "parquet":
        raise ValueError("a Dask export writes a partitioned Parquet dataset: use --to parquet")
    found = expand(paths)
    target = os.fspath(out)
    _check_target(target, overwrite)
    workers = workers or os.cpu_count() or 1
    if client is not None:
        workers = max(1, sum(client.nthreads().values()))
    parts = partitions(found, partition_size(len(found), workers))
    summary = Summary()
    with _staged(target, to == "duckdb") as staging:
        if client is not None:
            _on_dask(client, parts, staging, (options, solve), summary, progress)
        else:
            sink = SINKS[to](staging)
            try:
                for built in _built(parts, workers, options, solve):
                    summary.count(built)
                    sink.write(built)
                    if progress:
                        progress(built["files"].num_rows)
            finally:
                sink.close()
    summary.written = [target]
    return summary


def _built(
    parts: list[Partition], workers: int, options: dict[str, Any], solve: bool
) -> Iterator[Any]:
    """Each partition's tables in order: here, or from a pool of processes with at most two
    partitions a worker in flight (so memory does not grow with the number of files)."""
    if workers == 1 or len(parts) <= 1:
        for part in parts:
            yield build_partition(part, options, solve)
        return
    with ProcessPoolExecutor(min(workers, len(parts)), initializer=pandas_unseen) as pool:
        pending: deque[Future[dict[str, pa.Table]]] = deque()
        queue = iter(parts)
        for part in queue:
            pending.append(pool.submit(build_partition, part, options, solve))
            if len(pending) >= 2 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _on_dask(
    client: Any,
    parts: list[Partition],
    out: str,
    how: tuple[dict[str, Any], bool],
    summary: Summary,
    progress: Callable[[int], None] | None,
) -> None:
    """One Dask task a partition, each writing its part files; the files tables come back.
    ``how``: the reading options and whether to solve the plays."""
    from distributed import as_completed

    options, solve = how
    futures = client.map(
        write_partition, range(len(parts)), parts, out=out, options=options, solve=solve,
        pure=False,
    )  # fmt: skip
    for future in as_completed(futures):  # type: ignore[no-untyped-call]
        files = future.result()["files"]
        rows = {k.decode(): int(v) for k, v in (files.schema.metadata or {}).items()}
        summary.count_files(files)
        for name, count in rows.items():
            summary.rows[name] += count
        if progress:
            progress(files.num_rows)
    if not parts:  # no files: an empty dataset still has every table's schema
        write_partition(0, [], out, options, solve)


class ParquetSink:
    """``OUT/<table>.parquet``, a row group a partition."""

    suffix = ".parquet"

    def __init__(self, folder: str) -> None:
        self.writers = {
            name: self.open(os.path.join(folder, name + self.suffix), schema)
            for name, schema in SCHEMAS.items()
        }

    def open(self, path: str, schema: pa.Schema) -> Any:
        """The writer of one table's file."""
        return pq.ParquetWriter(path, schema)

    def write(self, built: dict[str, pa.Table]) -> None:
        """A partition's tables, appended to the files."""
        for name, table in built.items():
            if table.num_rows:
                self.writers[name].write_table(self.fitted(table))

    def fitted(self, table: pa.Table) -> pa.Table:
        """A table as the file takes it."""
        return table

    def close(self) -> None:
        """Finish every file."""
        for writer in self.writers.values():
            writer.close()


class CsvSink(ParquetSink):
    """``OUT/<table>.csv``: a header line, then the rows (null as an empty field)."""

    suffix = ".csv"

    def open(self, path: str, schema: pa.Schema) -> Any:
        """The CSV writer of one table, its strings plain."""
        import pyarrow.csv as csv

        return csv.CSVWriter(path, _plain(schema))

    def fitted(self, table: pa.Table) -> pa.Table:
        """The table with its dictionaries decoded."""
        return table.cast(_plain(table.schema))


class DuckdbSink:
    """The tables of a DuckDB database file."""

    def __init__(self, path: str) -> None:
        import duckdb

        self.db = duckdb.connect(path)
        for name, schema in SCHEMAS.items():
            self.db.register("empty", schema.empty_table())
            self.db.execute(f'CREATE TABLE "{name}" AS SELECT * FROM empty')
            self.db.unregister("empty")

    def write(self, built: dict[str, pa.Table]) -> None:
        """A partition's tables, inserted into the database's."""
        for name, table in built.items():
            if table.num_rows:
                self.db.register("part", table)
                self.db.execute(f'INSERT INTO "{name}" SELECT * FROM part')
                self.db.unregister("part")

    def close(self) -> None:
        """Close the database."""
        self.db.close()


SINKS: dict[str, Callable[[str], Any]] = {
    "parquet": ParquetSink,
    "csv": CsvSink,
    "duckdb": DuckdbSink,
}


def _plain(schema: pa.Schema) -> pa.Schema:
    """Dictionary-encoded strings as plain ones (CSV has no dictionaries)."""
    return pa.schema(
        [
            pa.field(f.name, f.type.value_type) if pa.types.is_dictionary(f.type) else f
            for f in schema
        ]
    )


OURS = {f"{name}{suffix}" for name in TABLES for suffix in (".parquet", ".csv", "")}


def _check_target(target: str, overwrite: bool) -> None:
    """Refuse to replace an existing output without ``overwrite``, and always refuse a folder
    holding anything but an export's tables (never delete what an export did not write)."""
    if not os.path.lexists(target):
        return
    if not overwrite:
        raise FileExistsError(f"{target} exists (--force replaces it)")
    if os.path.isdir(target) and not set(os.listdir(target)) <= OURS:
        raise FileExistsError(f"{target} holds files other than an export's tables: not replaced")
    if not (os.path.isdir(target) or os.path.isfile(target)):
        raise FileExistsError(f"{target} is not a file or folder: not replaced")


class _staged:
    """A temporary folder (or database file) beside ``target``, moved into its place when
    the block ends well and removed when it does not."""

    def __init__(self, target: str, single_file: bool) -> None:
        self.target, self.single_file = target, single_file
        parent = os.path.dirname(os.path.abspath(target))
        self.folder = tempfile.mkdtemp(prefix=".bridgeio-export-", dir=parent)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(self.folder, 0o777 & ~mask)  # as a folder made by hand, not mkdtemp's 0700
        self.path = os.path.join(self.folder, "out.duckdb") if single_file else self.folder

    def __enter__(self) -> str:
        return self.path

    def __exit__(self, kind: object, *rest: object) -> None:
        try:
            if kind is None:
                if os.path.isdir(self.target) and not os.path.islink(self.target):
                    shutil.rmtree(self.target)  # an earlier export (_check_target made sure)
                elif os.path.lexists(self.target) and not self.single_file:
                    os.unlink(self.target)  # a file in the way of the folder (--force)
                if self.single_file:
                    os.replace(self.path, self.target)
                else:
                    os.replace(self.folder, self.target)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
