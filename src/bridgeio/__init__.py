"""bridgeio: read, write, convert and check the data files of duplicate bridge.

>>> import bridgeio, tempfile, os
>>> folder = tempfile.mkdtemp()
>>> deals = bridgeio.DealSet.from_deals([bridgeio.Deal.from_pbn(
...     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")])
>>> bridgeio.write(deals, os.path.join(folder, "one.zbd"))
>>> bridgeio.convert(os.path.join(folder, "one.zbd"), os.path.join(folder, "one.pbn"))
>>> bridgeio.read(os.path.join(folder, "one.pbn"))[0].hand(bridgeio.Seat.SOUTH)
'K5.T83.KQ9.A7652'
"""

from bridgeio import model
from bridgeio.core import convert, read, write
from bridgeio.errors import ConversionError, FormatError
from bridgeio.model import Card, Deal, DealSet, Diagram, DiagramSet, Seat, Strain, Suit
from bridgeio.registry import FileFormat, Problem, get_format, register_format
from bridgeio.registry import formats as available_formats

__version__ = "0.1.0"

__all__ = [
    "read",
    "write",
    "convert",
    "FormatError",
    "ConversionError",
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
    "Seat",
    "Strain",
    "Suit",
]
