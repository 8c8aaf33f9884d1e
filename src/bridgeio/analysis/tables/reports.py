"""Reports on the analysis tables, each one DuckDB query (the README shows them verbatim, and a
test runs the README's text against the corpus export).

Every query reads the tables by name (``results``, ``players``, ...): :func:`connect` makes
them views of an export (``OUT/<table>.parquet``, ``OUT/<table>/`` partitions, or the tables of
a DuckDB file). Parameters are DuckDB's ``$name``.

>>> sorted(REPORTS)
['declarers', 'field', 'history', 'par', 'partners', 'payoff']
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from bridgeio.analysis.tables.schema import TABLES


@dataclass(frozen=True)
class Report:
    """A report: what it shows, its query, the parameters it needs."""

    title: str
    sql: str
    needs: tuple[str, ...] = ()


HISTORY = """\
SELECT ev.date, ev.club, ev.name AS event, me.section, me.entry, e.percentage, e.rank,
       string_agg(other.first_name || ' ' || other.last_name, ' & ') AS partners
FROM players me
JOIN entries e USING (file_id, event, section, entry)
JOIN events ev USING (file_id, event)
LEFT JOIN players other
  ON other.file_id = me.file_id AND other.event = me.event AND other.section = me.section
 AND other.entry = me.entry AND other.seat <> me.seat
WHERE me.player_number = $player
GROUP BY ALL
HAVING $partner IS NULL OR list_contains(list(other.player_number), $partner)
ORDER BY ev.date, ev.club, event, me.section"""

PARTNERS = """\
SELECT other.player_number AS partner,
       any_value(other.first_name || ' ' || other.last_name) AS name,
       count(*) AS games, round(avg(e.percentage), 2) AS average,
       max(e.percentage) AS best, min(e.percentage) AS worst
FROM players me
JOIN players other
  ON other.file_id = me.file_id AND other.event = me.event AND other.section = me.section
 AND other.entry = me.entry AND other.seat <> me.seat
JOIN entries e
  ON e.file_id = me.file_id AND e.event = me.event AND e.section = me.section
 AND e.entry = me.entry
WHERE me.player_number = $player
GROUP BY other.player_number
ORDER BY games DESC, average DESC"""

PAYOFF = """\
WITH sides AS (  -- each line from both sides; a direction only where pairs keep theirs
  SELECT r.file_id, r.event, r.section, r.ns AS pair, r.ew AS opponent, r.ns_points AS points,
         r.ew_points AS against, CASE WHEN s.movement = 'mitchell' THEN 'NS' END AS direction
  FROM results r JOIN sections s USING (file_id, event, section)
  UNION ALL
  SELECT r.file_id, r.event, r.section, r.ew, r.ns, r.ew_points, r.ns_points,
         CASE WHEN s.movement = 'mitchell' THEN 'EW' END
  FROM results r JOIN sections s USING (file_id, event, section))
SELECT file_id, event, section, pair, direction, opponent, count(*) AS boards,
       sum(points) AS points, sum(against) AS against,
       round(100 * sum(points) / nullif(sum(points + against), 0), 2) AS percentage
FROM sides
WHERE points IS NOT NULL AND against IS NOT NULL
GROUP BY ALL
ORDER BY file_id, event, section, direction NULLS FIRST, pair, opponent"""

FIELD = """\
SELECT f.path, ev.event, ev.date, ev.club, ev.name,
       count(*) AS players, count(p.masterpoints) AS with_masterpoints,
       round(avg(p.masterpoints), 1) AS average_masterpoints,
       median(p.masterpoints) AS median_masterpoints
FROM players p
JOIN events ev USING (file_id, event)
JOIN files f USING (file_id)
GROUP BY ALL
ORDER BY average_masterpoints DESC NULLS LAST, f.path, ev.event"""

PAR = """\
SELECT r.file_id, r.event, r.section, r.board, any_value(d.par) AS par,
       count(*) AS tables, count_if(r.ns_score > d.par) AS ns_beat_par,
       count_if(r.ns_score = d.par) AS at_par, count_if(r.ns_score < d.par) AS ew_beat_par
FROM results r
JOIN deals d
  ON d.file_id = r.file_id AND d.event = r.event AND d.board = r.board
WHERE d.par IS NOT NULL AND r.ns_score IS NOT NULL
GROUP BY ALL
ORDER BY ALL"""

DECLARERS = """\
WITH solved AS (  -- tricks by deal_id: from the same file or any other (a solver's ZRD)
  SELECT deal_id, seat, strain, any_value(tricks) AS tricks
  FROM dd_tricks WHERE deal_id IS NOT NULL AND tricks IS NOT NULL
  GROUP BY ALL)
SELECT r.file_id, r.event, r.section,
       CASE WHEN r.declarer IN ('N', 'S') THEN r.ns ELSE r.ew END AS pair,
       count(*) AS contracts, sum(r.tricks - s.tricks) AS over_double_dummy,
       round(avg(r.tricks - s.tricks), 2) AS average
FROM results r
JOIN deals d
  ON d.file_id = r.file_id AND d.event = r.event AND d.board = r.board
JOIN solved s
  ON s.deal_id = d.deal_id AND s.seat = r.declarer
 AND s.strain = regexp_extract(r.contract, '^[1-7](NT|S|H|D|C)', 1)
WHERE r.tricks IS NOT NULL
GROUP BY ALL
ORDER BY ALL"""

REPORTS = {
    "history": Report("a player's games (with $partner: a partnership's)", HISTORY,
                      ("player", "partner")),
    "partners": Report("a player's partners: games, average, best and worst", PARTNERS,
                       ("player",)),
    "payoff": Report("how each pair fared against each other pair (the payoff matrix)", PAYOFF),
    "field": Report("field strength of each game: masterpoints of its players", FIELD),
    "par": Report("per board: the par score and how often each side beat it", PAR),
    "declarers": Report("per declaring pair: tricks taken against double dummy", DECLARERS),
}  # fmt: skip
"""The reports by name."""


def connect(export: str | os.PathLike[str]) -> Any:
    """A DuckDB connection with a view of each table of an export: a folder of
    ``<table>.parquet`` or ``<table>.csv`` files or ``<table>/`` partitions, or a DuckDB file
    (opened read-only). FileNotFoundError when ``export`` is none of these."""
    import duckdb

    path = os.fspath(export)
    if os.path.isfile(path):
        return duckdb.connect(path, read_only=True)
    db = duckdb.connect()
    for name in TABLES:
        source = _source(path, name)
        if source is None:
            raise FileNotFoundError(f"{path}: no {name} table (an export's folder was expected)")
        db.execute(f'CREATE VIEW "{name}" AS SELECT * FROM {source}')
    return db


def _source(folder: str, name: str) -> str | None:
    """The DuckDB table function reading one table of an export folder."""
    base = os.path.join(folder, name)
    found = {
        f"{base}.parquet": f"read_parquet('{base}.parquet')",
        base: f"read_parquet('{os.path.join(base, '*.parquet')}')",
        f"{base}.csv": f"read_csv('{base}.csv')",
    }
    for candidate, reader in found.items():
        if os.path.exists(candidate):
            return reader.replace("\\", "/")
    return None


def run(db: Any, name: str, **parameters: Any) -> tuple[list[str], list[tuple[Any, ...]]]:
    """(column names, rows) of a report; ``parameters`` fill its ``$`` names (None for those
    not given)."""
    report = REPORTS[name]
    given = {key: parameters.get(key) for key in report.needs}
    cursor = db.execute(report.sql, given) if given else db.execute(report.sql)
    columns = [d[0] for d in cursor.description]
    return columns, cursor.fetchall()
