"""PBN (Portable Bridge Notation) deal files: lenient reading, faithful writing.

A file read and written again is the same file byte for byte (every tag, section, comment
and header line kept), with what the model holds (cards, board number, double-dummy table)
written from the model; deals from other formats are written as strict PBN 2.1.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "one.pbn")
>>> _ = open(path, "w").write('[Board "3"]\\n[Deal "N:AKQJT98765432... .AKQJT98765432.. '
...                           '..AKQJT98765432. ...AKQJT98765432"]\\n')
>>> deals = bridgeio.read(path); deals.boards.tolist(), deals[0].hand(bridgeio.Seat.EAST)
([3], '.AKQJT98765432..')
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:  # reader and writer are imported when first used
    import importlib

    if name in ("reader", "writer"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
