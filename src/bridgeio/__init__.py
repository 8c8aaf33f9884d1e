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

The public names are listed once, in ``__init__.pyi``. Importing bridgeio is cheap: the model,
NumPy and each format's modules are imported when first used (``bridgeio.DealSet`` imports
NumPy; reading a USEBIO file imports lxml).
"""

import lazy_loader

__version__ = "0.1.0"
__getattr__, __dir__, __all__ = lazy_loader.attach_stub(__name__, __file__)
