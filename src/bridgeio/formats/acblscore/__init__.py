"""ACBLscore game files: read every event, write back byte for byte, anonymise.

>>> import bridgeio
>>> sniff(b"\\x12\\x0a\\x03AC3" + bytes(10), 16), sniff(b"PK", 2)
(True, False)
"""

from __future__ import annotations

from bridgeio.formats.acblscore import layout, reader, writer
from bridgeio.registry import FileFormat, register_format


def sniff(head: bytes, size: int) -> bool:
    return head[:6] == layout.MAGIC


register_format(
    FileFormat(
        name="acblscore",
        extensions=(".aca", ".acm", ".ace"),
        description="ACBLscore game file",
        sniff=sniff,
        read=reader.read,
        write=writer.write,
    )
)

__all__ = ["reader", "writer", "layout"]
