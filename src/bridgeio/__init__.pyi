"""bridgeio's public names, each from its module (read by lazy_loader at run time, by type
checkers as the package's interface): written once, here."""

from . import analysis as analysis
from . import cli as cli
from . import core as core
from . import double_dummy as double_dummy
from . import errors as errors
from . import formats as formats
from . import model as model
from .analysis.scoring.session import score as score
from .analysis.tables import tables as tables
from .core import (
    FileFormat as FileFormat,
    available_formats as available_formats,
    convert as convert,
    get_format as get_format,
    read as read,
    register_format as register_format,
    validate as validate,
    write as write,
)
from .errors import (
    ConversionError as ConversionError,
    DataLossWarning as DataLossWarning,
    FormatError as FormatError,
    FormatWarning as FormatWarning,
    InternalError as InternalError,
    Problem as Problem,
)
from .model import (
    Card as Card,
    Deal as Deal,
    DealSet as DealSet,
    Diagram as Diagram,
    DiagramSet as DiagramSet,
    Document as Document,
    Seat as Seat,
    Strain as Strain,
    Suit as Suit,
)

__version__: str
