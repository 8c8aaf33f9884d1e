"""Richard Pavlicek's binary deal formats: ZBS, ZBD, ZDD, ZRD and ZRJ.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "d.zbd")
>>> deals = bridgeio.DealSet.from_deals([bridgeio.Deal.from_pbn(
...     "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")])
>>> bridgeio.write(deals, path); os.path.getsize(path)
13
>>> bridgeio.read(path)[0].hand(bridgeio.Seat.NORTH)
'AKQJT98765432...'
"""

from __future__ import annotations

import importlib
from typing import Any

from bridgeio.formats.pavlicek.layout import LAYOUTS as LAYOUTS


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name == "RecordFile":
        from bridgeio.formats.pavlicek.deal_records import RecordFile

        return RecordFile
    if name == "plausible":
        from bridgeio.formats.pavlicek.sniff import plausible

        return plausible
    if name in ("checks", "codec", "deal_records", "reader", "sniff", "suits", "writer"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
