"""The reports on the analysis tables, by name: what each shows, its DuckDB query (the README
shows them verbatim, and a test runs the README's text against the corpus export) and the
parameters it takes. Running them is :mod:`bridgeio.analysis.tables.reports`; this module
needs nothing but the standard library, so the command line can list them at no cost.

Every query reads the tables by name (``results``, ``players``, ...). Parameters are
DuckDB's ``$name``.

>>> sorted(REPORTS)
['declarers', 'field', 'history', 'par', 'partners', 'payoff']
>>> REPORTS["history"].needs
('player', 'partner')
"""

from __future__ import annotations

from dataclasses import dataclass


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

DIRECTIONAL_SQL = "'mitchell', 'web'"
"""The movements whose pairs keep a direction, as SQL: ``MovementKind``'s directional ones
(tests/test_tables_reports.py holds the two together; written out, so that listing the
reports loads no model)."""

PAYOFF = f"""\
WITH sides AS (  -- each line from both sides; a direction only where pairs keep theirs
  SELECT r.file_id, r.event, r.section, r.ns AS pair, r.ew AS opponent, r.ns_points AS points,
         r.ew_points AS against, CASE WHEN lower(s.movement) IN ({DIRECTIONAL_SQL})
              THEN 'NS' END AS direction
  FROM results r JOIN sections s USING (file_id, event, section)
  UNION ALL
  SELECT r.file_id, r.event, r.section, r.ew, r.ns, r.ew_points, r.ns_points,
         CASE WHEN lower(s.movement) IN ({DIRECTIONAL_SQL}) THEN 'EW' END
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
