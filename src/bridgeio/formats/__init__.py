"""The built-in formats; importing this package registers them.

The order of registration is the order of preference when several formats' content fits:
text formats first, then those with a magic number, then the headerless binary records.
"""

# isort: off
from bridgeio.formats import json  # noqa: F401
from bridgeio.formats import pbn  # noqa: F401
from bridgeio.formats import acblscore  # noqa: F401
from bridgeio.formats import asc  # noqa: F401
from bridgeio.formats import usebio  # noqa: F401
from bridgeio.formats import chessbase  # noqa: F401
from bridgeio.formats import pavlicek  # noqa: F401
from bridgeio.formats import csv  # noqa: F401
# isort: on
