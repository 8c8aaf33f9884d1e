"""bridgeio: read, write, convert and check the data files of duplicate bridge.

>>> import bridgeio, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> deals = bridgeio.DealSet.from_deals([bridgeio.Deal.from_pbn(
...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")])
>>> bridgeio.write(deals, os.path.join(folder, "one.zbd"))
>>> bridgeio.convert(os.path.join(folder, "one.zbd"), os.path.join(folder, "one.pbn"))
>>> bridgeio.read(os.path.join(folder, "one.pbn"))[0].hand(bridgeio.Seat.SOUTH)
'K5.T83.KQ9.A7652'
>>> found = bridgeio.tables(folder)  # every file of a folder as Arrow tables
>>> found["files"].column("format").to_pylist(), found["deals"].column("dealer").to_pylist()
(['pbn', 'zbd'], ['N', 'N'])
>>> found["deals"].to_pandas()["deal_id"].nunique()  # one deal in two files: one deal_id
1

Importing bridgeio is cheap: the model, NumPy and each format's modules are imported when
first used (``bridgeio.DealSet`` imports NumPy; reading a USEBIO file imports lxml).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridgeio import model
    from bridgeio.analysis.scoring.session import score
    from bridgeio.analysis.tables import tables
    from bridgeio.core import (
        FileFormat,
        available_formats,
        convert,
        get_format,
        read,
        register_format,
        validate,
        write,
    )
    from bridgeio.errors import (
        ConversionError,
        DataLossWarning,
        FormatError,
        FormatWarning,
        InternalError,
        Problem,
    )
    from bridgeio.model import (
        Card,
        Deal,
        DealSet,
        Diagram,
        DiagramSet,
        Document,
        Seat,
        Strain,
        Suit,
    )

__version__ = "0.1.0"

_WHERE = {
    **dict.fromkeys(("read", "write", "convert", "validate"), "bridgeio.core"),
    "score": "bridgeio.analysis.scoring.session",
    **dict.fromkeys(
        (
            "ConversionError",
            "DataLossWarning",
            "FormatError",
            "FormatWarning",
            "InternalError",
            "Problem",
        ),
        "bridgeio.errors",
    ),
    **dict.fromkeys(
        ("FileFormat", "get_format", "register_format", "available_formats"), "bridgeio.core"
    ),
    "tables": "bridgeio.analysis.tables",
    **dict.fromkeys(
        ("Card", "Deal", "DealSet", "Diagram", "DiagramSet", "Document", "Seat", "Strain", "Suit"),
        "bridgeio.model",
    ),
}


def __getattr__(name: str) -> Any:
    """The public names, each imported when first used."""
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    if name in ("model", "analysis", "formats", "double_dummy", "cli", "core", "errors"):
        return importlib.import_module(f"bridgeio.{name}")
    raise AttributeError(f"module 'bridgeio' has no attribute {name!r}")


__all__ = [
    "read",
    "write",
    "convert",
    "validate",
    "score",
    "tables",
    "FormatError",
    "FormatWarning",
    "DataLossWarning",
    "ConversionError",
    "InternalError",
    "FileFormat",
    "Problem",
    "available_formats",
    "get_format",
    "register_format",
    "model",
    "Card",
    "Deal",
    "DealSet",
    "Diagram",
    "DiagramSet",
    "Document",
    "Seat",
    "Strain",
    "Suit",
]
