"""Bridge Base Online's LIN files: hand-viewer and "my hands" files (a results line a board,
with its deal, auction, alerts, play and claim) and vugraph files (a teams match of two rooms),
read leniently: what BBO and the tools imitating it write is read, and what is not read is a
warning naming its place.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "hand.lin")
>>> _ = open(path, "w").write("pn|s,w,n,e|md|3SAKQJHAKQJDAKQJCA,S2H2D2C2345678910,,|"
...     "ah|Board 1|sv|o|mb|7N|mb|p|mb|p|mb|p|mc|13|")
>>> line = bridgeio.read(path).events[0].sections[0].results[0].results[0]
>>> line.contract, line.tricks, line.ns_score, line.auction.texts()[:2]
(Contract('7NT', declarer='N'), 13, 1520, ['7NT', 'P'])
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in ("reader", "checks", "writer"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
