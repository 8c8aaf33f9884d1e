"""The scoring engine: recorded scores checked against the rules of duplicate bridge.

It reads only the typed results model (:mod:`bridgeio.model.results`) and knows no file
format. It checks each traveller line's score against its contract (:mod:`.contracts`), and
every figure of a file (board points, totals, percentages, ranks, IMPs, VPs) against the
convention its own figures follow (:func:`rescore`, :mod:`.session`).

>>> from bridgeio.model.results import Board, BoardResult, Event, Results, Section
>>> lines = [BoardResult(1, t, ns=t, ew=t, ns_score=s, ew_score=-s, ns_points=p, ew_points=1 - p)
...          for t, s, p in [(1, 420, 1.0), (2, 170, 0.0)]]
>>> results = Results([Event(sections=[Section("A", results=[Board(1, lines)])])])
>>> check_contract_scores(results)[0].message
'2 of 2 lines record no contract with declarer and tricks: their scores are not checked'
>>> rescore(results).differences
[]
"""

from bridgeio.analysis.scoring.butler import (
    DatumRule,
    Rounding,
    butler_imps,
    datum,
    datum_rules_agreeing,
)
from bridgeio.analysis.scoring.contracts import check_contract_scores
from bridgeio.analysis.scoring.imp_events import (
    ImpMethod,
    ImpRules,
    RankScope,
    Total,
    check_imps,
    detect_imp_rules,
    ranks,
)
from bridgeio.analysis.scoring.imps import CrossAverage, cross_imps, imps
from bridgeio.analysis.scoring.matchpoints import Convention, matchpoints
from bridgeio.analysis.scoring.report import Difference, Method, Rescoring
from bridgeio.analysis.scoring.session import rescore, score
from bridgeio.analysis.scoring.teams import match_imps, score_match
from bridgeio.analysis.scoring.victory_points import victory_points, vp_scale

__all__ = [
    "Convention",
    "check_contract_scores",
    "matchpoints",
    "CrossAverage",
    "DatumRule",
    "ImpMethod",
    "ImpRules",
    "RankScope",
    "Rounding",
    "Total",
    "butler_imps",
    "check_imps",
    "cross_imps",
    "datum",
    "datum_rules_agreeing",
    "detect_imp_rules",
    "imps",
    "match_imps",
    "ranks",
    "score_match",
    "victory_points",
    "vp_scale",
    "Difference",
    "Method",
    "Rescoring",
    "rescore",
    "score",
]
