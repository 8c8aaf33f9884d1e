"""The reports on the analysis tables, by name: what each shows, its DuckDB query (the README
shows them verbatim, and a test runs the README's text against the corpus export) and the
parameters it takes. Running them is :mod:`bridgeio.analysis.tables.reports`; this module
needs nothing but the standard library, so the command line can list them at no cost.

Every query reads the tables by name (``results``, ``players``, ...). Parameters are
DuckDB's ``$name``.

>>> sorted(REPORTS)  # doctest: +NORMALIZE_WHITESPACE
['contracts', 'declarers', 'field', 'history', 'lead_contracts', 'leads', 'par', 'partners',
 'payoff', 'play']
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
    check: str = ""
    """A query of one row (why the report has nothing to show, or null; a note to show beside
    its rows, or null): the play reports say that ``dd_cost`` is not solved rather than show
    a table of nothing as if it were."""


HISTORY = """\
SELECT ev.date, ev.club, ev.name AS event, me.section, me.entry, e.percentage, e.rank,
       string_agg(other.first_name || ' ' || other.last_name, ' & ') AS partners
FROM players me
JOIN entries e
  ON e.file_id = me.file_id AND e.event = me.event AND e.section = me.section
 AND e.session IS NOT DISTINCT FROM me.session AND e.entry = me.entry
JOIN events ev ON ev.file_id = me.file_id AND ev.event = me.event
LEFT JOIN players other
  ON other.file_id = me.file_id AND other.event = me.event AND other.section = me.section
 AND other.session IS NOT DISTINCT FROM me.session
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
 AND other.session IS NOT DISTINCT FROM me.session
 AND other.entry = me.entry AND other.seat <> me.seat
JOIN entries e
  ON e.file_id = me.file_id AND e.event = me.event AND e.section = me.section
 AND e.session IS NOT DISTINCT FROM me.session AND e.entry = me.entry
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

SEATED = """\
seated AS (  -- each seat of each line: its side's entry, and who sat there where the file says
  SELECT r.file_id, r.event, r.section, r.board, r.round, r."table", r.session, s.seat,
         CASE WHEN s.seat IN ('N', 'S') THEN 'NS' ELSE 'EW' END AS side,
         CASE WHEN s.seat IN ('N', 'S') THEN r.ns ELSE r.ew END AS pair,
         coalesce(e.entry, CAST(CASE WHEN s.seat IN ('N', 'S') THEN r.ns ELSE r.ew END
                                AS VARCHAR)) AS entry,
         r.contract, r.declarer, r.ns_score, p.player_number,
         nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '') IS NOT NULL AS named,
         coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''),
                  format('file {} entry {} {}', r.file_id,
                         coalesce(e.entry, CAST(CASE WHEN s.seat IN ('N', 'S') THEN r.ns
                                                     ELSE r.ew END AS VARCHAR)), s.seat)) AS player
  FROM results r
  CROSS JOIN (VALUES ('N'), ('E'), ('S'), ('W')) s(seat)
  LEFT JOIN events ev USING (file_id, event)
  LEFT JOIN entries e  -- teams: a team's players are not seated, so none is named
    ON e.file_id = r.file_id AND e.event = r.event AND e.section = r.section
   AND e.session IS NOT DISTINCT FROM r.session AND coalesce(ev.kind, '') <> 'teams'
   AND e.number = CASE WHEN ev.kind = 'individual'
                       THEN [r.ns, r.ew, r.south, r.west][strpos('NESW', s.seat)]
                       WHEN s.seat IN ('N', 'S') THEN r.ns ELSE r.ew END
   AND coalesce(e.direction, CASE WHEN s.seat IN ('N', 'S') THEN 'NS' ELSE 'EW' END)
       = CASE WHEN s.seat IN ('N', 'S') THEN 'NS' ELSE 'EW' END
  LEFT JOIN players p  -- a pair's first player sat North or East, its second South or West
    ON p.file_id = e.file_id AND p.event = e.event AND p.section = e.section
   AND p.session IS NOT DISTINCT FROM e.session
   AND p.entry = e.entry AND p.seat = CASE WHEN ev.kind = 'individual' OR s.seat IN ('N', 'E')
                                           THEN 1 ELSE 2 END)"""
"""Who sat at each seat of each ``results`` line (a CTE the play reports share): the pair
(team) of the seat's side, and the player: the players table's name where the file seats
one (played boards: a pair's first player sat North or East; individuals: by seat), else
``file F entry P SEAT``."""

ON_LINE = """ON {b}.file_id = {a}.file_id AND {b}.event = {a}.event AND {b}.section = {a}.section
   AND {b}.board = {a}.board AND {b}.round IS NOT DISTINCT FROM {a}.round
   AND {b}."table" IS NOT DISTINCT FROM {a}."table"
   AND {b}.session IS NOT DISTINCT FROM {a}.session"""
"""The join of two tables' rows of one line (round, table and session may be null)."""

LEADS = f"""\
WITH {SEATED}
SELECT any_value(s.player) AS player, any_value(s.player_number) AS player_number,
       count(*) AS leads, count_if(c.dd_cost > 0) AS gave_up,
       round(100 * count_if(c.dd_cost > 0) / count(*), 1) AS percentage,
       sum(c.dd_cost) AS tricks
FROM cards c
JOIN seated s {ON_LINE.format(a="c", b="s")} AND s.seat = c.seat
WHERE c.trick = 1 AND c.position = 1 AND c.dd_cost IS NOT NULL
GROUP BY coalesce(s.player_number, s.player)
ORDER BY leads DESC, player"""

LEAD_CONTRACTS = f"""\
SELECT CASE WHEN r.contract LIKE '_NT%' THEN 'NT' ELSE 'suit' END AS strain,
       CAST(left(r.contract, 1) AS INTEGER) AS level,
       count(*) AS leads, count_if(c.dd_cost > 0) AS gave_up,
       round(100 * count_if(c.dd_cost > 0) / count(*), 1) AS percentage,
       sum(c.dd_cost) AS tricks
FROM cards c
JOIN results r {ON_LINE.format(a="c", b="r")}
WHERE c.trick = 1 AND c.position = 1 AND c.dd_cost IS NOT NULL
  AND regexp_matches(r.contract, '^[1-7]')
GROUP BY ROLLUP (strain, level)
ORDER BY strain NULLS LAST, level NULLS LAST"""

PLAY = f"""\
WITH {SEATED},
costs AS (  -- the tricks each seat's cards cost, on the lines every card of which is solved
  SELECT * FROM (
    SELECT file_id, event, section, board, round, "table", session, seat,
           sum(dd_cost) AS lost,
           sum(count(*) - count(dd_cost)) OVER (
             PARTITION BY file_id, event, section, board, round, "table", session) AS unsolved
    FROM cards
    GROUP BY file_id, event, section, board, round, "table", session, seat)
  WHERE unsolved = 0),
roles AS (  -- each seat of each solved line: its role, its cards' cost and its side's
  SELECT s.file_id, s.event, s.section, s.board, s.round, s."table", s.session, s.player,
         s.player_number,
         CASE WHEN s.seat = s.declarer THEN 'declarer'
              WHEN s.side = CASE WHEN s.declarer IN ('N', 'S') THEN 'NS' ELSE 'EW' END
              THEN 'dummy' ELSE 'defender' END AS role,
         coalesce(c.lost, 0) AS own,
         sum(coalesce(c.lost, 0)) OVER (
           PARTITION BY s.file_id, s.event, s.section, s.board, s.round, s."table", s.session,
                        s.side
         ) AS side_lost
  FROM seated s
  LEFT JOIN costs c {ON_LINE.format(a="s", b="c")} AND c.seat = s.seat
  WHERE s.declarer IS NOT NULL
  QUALIFY count(c.seat) OVER (
    PARTITION BY s.file_id, s.event, s.section, s.board, s.round, s."table", s.session) > 0),
deals AS (  -- a player's role on a line once (a robot's name may defend from both seats)
  SELECT coalesce(player_number, player) AS who, any_value(player) AS player,
         any_value(player_number) AS player_number, role, any_value(side_lost) AS side_lost,
         CASE role WHEN 'declarer' THEN any_value(side_lost) ELSE sum(own) END AS own
  FROM roles
  WHERE role <> 'dummy'
  GROUP BY file_id, event, section, board, round, "table", session, who, role)
SELECT any_value(player) AS player, any_value(player_number) AS player_number, role,
       count(*) AS deals, sum(side_lost) AS tricks_lost, round(avg(side_lost), 2) AS per_deal,
       sum(own) AS own_cards
FROM deals
GROUP BY who, role
ORDER BY player, role"""

CONTRACTS = f"""\
WITH {SEATED},
sides AS (  -- each line from both sides: the side's score less the deal's par
  SELECT CASE WHEN bool_and(s.named)
              THEN array_to_string(list_sort(list(s.player)), ' & ')
              ELSE format('file {{}} entry {{}}', s.file_id, any_value(s.entry)) END AS partnership,
         CASE WHEN s.side = 'NS' THEN 1 ELSE -1 END * (any_value(s.ns_score) - any_value(d.par))
           AS difference
  FROM seated s
  JOIN deals d ON d.file_id = s.file_id AND d.event = s.event AND d.board = s.board
  WHERE d.par IS NOT NULL AND s.ns_score IS NOT NULL AND s.pair <> 0
  GROUP BY s.file_id, s.event, s.section, s.board, s.round, s."table", s.session, s.side,
           s.pair)
SELECT partnership, count(*) AS boards, count_if(difference > 0) AS above,
       count_if(difference = 0) AS at_par, count_if(difference < 0) AS below,
       round(avg(difference), 1) AS average
FROM sides
GROUP BY partnership
ORDER BY boards DESC, partnership"""

SOLVED = """\
WITH plays AS (
  SELECT count(dd_cost) AS solved, count(*) AS cards FROM cards
  GROUP BY file_id, event, section, board, round, "table", session)
SELECT CASE WHEN count(*) = 0 THEN 'no cards: the files hold no play'
            WHEN sum(solved) = 0 THEN 'dd_cost not solved: run bridgeio export --solve' END,
       CASE WHEN count_if(solved < cards) > 0
            THEN format('dd_cost null on {} of {} plays: what is not solved is left out',
                        count_if(solved < cards), count(*)) END
FROM plays"""
"""The check of the reports on ``dd_cost``."""

HAS_PAR = """\
SELECT CASE WHEN count(par) = 0
            THEN 'no par: no deal of the files has its double-dummy tricks' END, NULL
FROM deals"""
"""The check of the report on par."""

REPORTS = {
    "history": Report("a player's games (with $partner: a partnership's)", HISTORY,
                      ("player", "partner")),
    "partners": Report("a player's partners: games, average, best and worst", PARTNERS,
                       ("player",)),
    "payoff": Report("how each pair fared against each other pair (the payoff matrix)", PAYOFF),
    "field": Report("field strength of each game: masterpoints of its players", FIELD),
    "par": Report("per board: the par score and how often each side beat it", PAR),
    "declarers": Report("per declaring pair: tricks taken against double dummy", DECLARERS),
    "leads": Report("per player: opening leads that gave up a trick (dd_cost)", LEADS,
                    check=SOLVED),
    "lead_contracts": Report("per contract: opening leads that gave up a trick (dd_cost)",
                             LEAD_CONTRACTS, check=SOLVED),
    "play": Report("per player, as declarer and as defender: tricks lost a deal (dd_cost)",
                   PLAY, check=SOLVED),
    "contracts": Report("per partnership: the contracts reached against par", CONTRACTS,
                        check=HAS_PAR),
}  # fmt: skip
"""The reports by name."""
