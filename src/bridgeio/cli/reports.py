"""``bridgeio analyze --report NAME``: a report on the analysis tables, as text or JSON.

The inputs are one export of ``bridgeio export`` (a folder of tables or a DuckDB file), or
files and folders, exported first to a temporary folder on every core.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from typing import Any

import click

from bridgeio.cli.progress import Progress
from bridgeio.cli.status import OK, Failure


def show_report(paths: tuple[str, ...], name: str, as_json: bool, **parameters: Any) -> int:
    """Print report ``name`` of ``paths``; its exit status."""
    from bridgeio.analysis.reports import REPORTS
    from bridgeio.analysis.tables.reports import NothingToReport, check, connect, run

    needs = REPORTS[name].needs
    if "player" in needs and not parameters.get("player"):
        raise Failure(f"--report {name} needs --player NUMBER")
    with tempfile.TemporaryDirectory(prefix="bridgeio-report-") as temp:
        source = paths[0] if len(paths) == 1 and _is_export(paths[0]) else _export(paths, temp)
        try:
            db = connect(source)
        except FileNotFoundError as error:
            raise Failure(str(error)) from None
        try:
            note = check(db, name)
            columns, rows = run(db, name, **parameters)
        except NothingToReport as error:
            raise Failure(f"--report {name}: {error}") from None
        finally:
            db.close()
    if note is not None:
        click.echo(f"bridgeio: --report {name}: {note}", err=True)
    if as_json:
        for row in rows:
            click.echo(json.dumps(dict(zip(columns, row, strict=True)), default=_text))
    elif name == "payoff":
        click.echo(payoff_text(columns, rows))
    else:
        click.echo(table_text(columns, rows))
    return OK


def _is_export(path: str) -> bool:
    """An export's folder (it has a files table) or a DuckDB database file."""
    if os.path.isdir(path):
        return any(
            os.path.exists(os.path.join(path, f"files{suffix}"))
            for suffix in (".parquet", ".csv", "")
        )
    if os.path.isfile(path):
        with open(path, "rb") as file:
            return file.read(12)[8:12] == b"DUCK"
    return False


def _export(paths: tuple[str, ...], temp: str) -> str:
    from bridgeio.analysis.tables import expand
    from bridgeio.analysis.tables.export import export

    found = expand(paths)
    out = os.path.join(temp, "tables")
    with Progress("reading", len(found)) as bar:
        export(found, out, "parquet", progress=bar.update)
    return out


def _text(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime.date) else str(value)


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)


def table_text(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    """Rows as aligned columns under a header line.

    >>> print(table_text(["pair", "score"], [(1, 55.5), (12, None)]))
    pair  score
       1  55.50
      12      -
    """
    cells = [[_cell(v) for v in row] for row in rows]
    widths = [max([len(c), *(len(r[i]) for r in cells)]) for i, c in enumerate(columns)]
    numeric = [
        all(isinstance(r[i], int | float) or r[i] is None for r in rows)
        for i in range(len(columns))
    ]

    def line(values: list[str]) -> str:
        return "  ".join(
            v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric, strict=True)
        ).rstrip()

    return "\n".join([line(columns), *(line(row) for row in cells)])


def payoff_text(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    """The payoff rows as one matrix a section: a pair's percentage against each opponent.

    >>> cols = ["file_id", "event", "section", "pair", "direction", "opponent", "percentage"]
    >>> print(payoff_text(cols, [(0, 1, "A", 1, "NS", 2, 60.0), (0, 1, "A", 2, "EW", 1, 40.0)]))
    == file 0 event 1 section A (percentage against each opponent)
    pair     2     1
    1NS   60.0     -
    2EW      -  40.0
    """
    at = {name: i for i, name in enumerate(columns)}
    sections: dict[tuple[Any, ...], dict[str, dict[Any, float | None]]] = {}
    for row in rows:
        key = (row[at["file_id"]], row[at["event"]], row[at["section"]])
        pair = f"{row[at['pair']]}{row[at['direction']] or ''}"
        sections.setdefault(key, {}).setdefault(pair, {})[row[at["opponent"]]] = row[
            at["percentage"]
        ]
    blocks = []
    for (file_id, event, section), pairs in sections.items():
        opponents = list(dict.fromkeys(o for against in pairs.values() for o in against))
        width = max(len(p) for p in pairs)
        title = f"== file {file_id} event {event} section {section}"
        lines = [
            f"{title} (percentage against each opponent)",
            "pair".ljust(width) + "".join(f"{o:>6}" for o in opponents),
        ]
        for pair, against in pairs.items():
            values = [against.get(o) for o in opponents]
            lines.append(
                pair.ljust(width) + "".join("     -" if v is None else f"{v:6.1f}" for v in values)
            )
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
