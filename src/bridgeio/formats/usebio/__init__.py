"""USEBIO XML results (1.0-1.4): read into the results model.

>>> sniff(b'<?xml version="1.0"?><USEBIO Version="1.2">', 40)
True
"""

from __future__ import annotations

from bridgeio.formats.usebio import reader
from bridgeio.formats.usebio.reader import sniff
from bridgeio.registry import FileFormat, register_format

register_format(
    FileFormat(
        name="usebio",
        extensions=(".xml",),
        description="USEBIO XML results",
        sniff=sniff,
        read=reader.read,
    )
)

__all__ = ["reader", "sniff"]
