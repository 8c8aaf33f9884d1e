"""``validate`` for PBN files: every problem with its line, none raised.

Errors (exit status 1): a bad deal (a card given twice, a hand of 12 cards, a rank that is
not one), a bad board number, a bad double-dummy table, a tag that is not ``[Name "value"]``,
a value that runs over a line end or never ends, impossible Dealer, Vulnerable, Declarer or
Result values. Warnings: text outside any game, a repeated tag, board 0, a file that mixes
UTF-8 and another encoding, games without a deal only, a score table's row that cannot be
read (:mod:`~bridgeio.formats.pbn.results`).

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "bad.pbn")
>>> _ = open(path, "w").write('[Board "x"]\\n[Deal "N:AK.. - - -"]\\n[Dealer "Q"]\\n')
>>> for problem in check(path): print(problem)
line 1 (Board tag): error: expected a board number, found 'x'
line 2 (Deal tag): error: expected a PBN deal: hand 'AK..' of N must have 4 suits separated by '.'
line 3: error: Dealer must be N, E, S or W, found 'Q'
"""

from __future__ import annotations

import warnings

from bridgeio.errors import Problem
from bridgeio.formats.pbn.blocks import Findings
from bridgeio.formats.pbn.reader import Reader, results_text
from bridgeio.formats.pbn.results import tables_to_results


def check(path: str) -> list[Problem]:
    """All problems of a PBN file (see the module docstring) in line order;
    :class:`~bridgeio.FormatError` only for a file that is not PBN at all."""
    problems: list[Problem] = []
    findings = Findings(str(path), problems)
    text = results_text(str(path))
    reader = Reader(str(path), findings)
    reader.quiet = text is not None  # (a file of score tables: games without a deal are no news)
    for _ in reader.chunks(1 << 62):
        pass
    findings.summary()
    if text is not None:
        with warnings.catch_warnings():  # listed here rather than warned
            warnings.simplefilter("ignore")
            problems += tables_to_results(text, str(path)).problems
    return sorted(problems, key=lambda p: p.sort_key)
