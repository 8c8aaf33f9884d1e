"""Validating a game file: every problem its reading finds (a truncated file, parts that
cannot be read, damaged text, impossible dates), each naming its byte.

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.model.results import Event, Results
>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "cut.aca")
>>> _ = open(path, "wb").write(build(Results([Event(1, "Pairs")]))[:-5])
>>> for problem in check(path): print(problem.place, "|", problem.message)
byte 3317 | the file ends here; its header (byte 6) gives 3322 bytes: truncated
event 1 details at byte 2580 | event 1 left out: expected its 740 bytes within the file, ...
"""

from __future__ import annotations

from bridgeio.errors import Problem
from bridgeio.formats.acblscore.reader import load, read_bytes


def check(path: str) -> list[Problem]:
    """The problems found reading ``path``, in the order of their places (a file that is no
    game file at all raises :class:`~bridgeio.errors.FormatError`)."""
    results = read_bytes(load(path), path, quiet=True)
    return sorted(results.problems, key=lambda p: p.sort_key)
