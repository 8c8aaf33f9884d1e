"""Analysis tables: results, deals and movements of many files as Arrow tables.

One table each for ``files``, ``events``, ``sections``, ``entries``, ``players``,
``results`` (one row per traveller line), ``team_matches``, ``deals``, ``dd_tricks`` and
``movements`` (DESIGN.md, "Analysis tables"; docs/tables.md lists every column). Every row
carries ``file_id``, a file's place in the sorted list of inputs; keys join across files (a
player number across games, a ``deal_id`` to its double-dummy tricks). pyarrow is imported
only here, so commands that make no tables do not pay for it.

>>> from bridgeio.model.deals import DealSet, parse_pbn_deal
>>> deals = DealSet(parse_pbn_deal(
...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")[None, :])
>>> found = tables(deals)
>>> found["deals"].num_rows, found["files"].column("kind").to_pylist()
(1, ['deals'])
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

import pyarrow as pa

from bridgeio.analysis.tables.build import add_document, add_file
from bridgeio.analysis.tables.columns import Tables
from bridgeio.analysis.tables.play import Pending, fill_costs, plays_to_solve
from bridgeio.analysis.tables.schema import SCHEMAS, TABLES
from bridgeio.model.document import kind_of
from bridgeio.model.results import Results

__all__ = ["SCHEMAS", "TABLES", "tables", "expand"]

Paths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def tables(doc_or_paths: Any, solve: bool = False, **options: Any) -> Mapping[str, pa.Table]:
    """Every analysis table of a document, or of files and folders (walked recursively, the
    format of each file sniffed from its content; a file that cannot be read is a ``files``
    row with its error). ``solve``: fill ``cards.dd_cost`` with DDS (endplay), as
    ``export --solve`` does. ``options`` go to :func:`bridgeio.read`."""
    found = Tables()
    plays: list[Pending] | None = [] if solve else None
    kind = kind_of(doc_or_paths)
    if kind is not None:
        found.add(
            "files",
            (
                0,
                None,
                getattr(doc_or_paths, "format", None),
                kind.value,
                None,
                None,
                bool(getattr(doc_or_paths, "partial", False)),
                None,
                None,
            ),
        )
        add_document(found, 0, doc_or_paths)
        if plays is not None and isinstance(doc_or_paths, Results):
            plays += plays_to_solve(found.rows["cards"], 0, 0, doc_or_paths)
    else:
        for file_id, path in enumerate(expand(doc_or_paths)):
            add_file(found, file_id, path, plays, **options)
    if plays:
        fill_costs(found.rows["cards"], plays)
    return found.build()


def expand(paths: Paths) -> list[str]:
    """Files named and the files in folders named (recursively, hidden ones left out), in
    the order given, each folder's files sorted; a name that is neither is kept, so that its
    error is reported."""
    if isinstance(paths, str | os.PathLike):
        paths = [paths]
    found: list[str] = []
    for given in paths:
        path = os.fspath(given)
        if not os.path.isdir(path):
            found.append(path)
            continue
        for folder, subfolders, names in os.walk(path):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            found += [os.path.join(folder, n) for n in sorted(names) if not n.startswith(".")]
    return found
