"""PBN (Portable Bridge Notation) deal files: lenient reading, strict PBN 2.1 writing.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "one.pbn")
>>> _ = open(path, "w").write('[Board "3"]\\n[Deal "N:AKQJT98765432... .AKQJT98765432.. '
...                           '..AKQJT98765432. ...AKQJT98765432"]\\n')
>>> deals = bridgeio.read(path); deals.boards.tolist(), deals[0].hand(bridgeio.Seat.EAST)
([3], '.AKQJT98765432..')
"""

from bridgeio.formats.pbn import reader, writer
from bridgeio.formats.pbn.writer import dealer, vulnerable
from bridgeio.registry import FileFormat, register_format

register_format(
    FileFormat(
        name="pbn",
        extensions=(".pbn",),
        description="Portable Bridge Notation 2.1 deals",
        sniff=reader.sniff,
        read=reader.read,
        write_chunks=writer.write_chunks,
    )
)

__all__ = ["reader", "writer", "dealer", "vulnerable"]
