"""ChessBase tournament files (.cbt): read, write, edit and check.

>>> import bridgeio, tempfile, os
>>> from bridgeio.model.chess import PartialDate, Tournament
>>> path = os.path.join(tempfile.mkdtemp(), "t.cbt")
>>> bridgeio.write([Tournament("Linares", "Linares", PartialDate(1994)),
...                 Tournament("Hastings", "Hastings", PartialDate(1895, 8))], path)
>>> db = bridgeio.read(path)
>>> [db.tournaments[i].title for i in db.sort_order()]
['Linares', 'Hastings']
"""

from __future__ import annotations

from bridgeio.formats.chessbase import checks, entity
from bridgeio.formats.chessbase.entity import TournamentFile
from bridgeio.formats.chessbase.layout import HEADER, MAGIC, RECORD_SIZE
from bridgeio.registry import FileFormat, register_format


def sniff(head: bytes, size: int) -> bool:
    if len(head) < HEADER.size:
        return False
    fields = HEADER.unpack_from(head)
    return fields[2] == MAGIC and fields[3] == RECORD_SIZE


register_format(
    FileFormat(
        name="cbt",
        extensions=(".cbt",),
        description="ChessBase tournament index",
        sniff=sniff,
        read=entity.read,
        write=entity.write,
        check=checks.check,
        read_options={"codepage": "text code page (cp1252 by default; cp1251, latin-1, ...)"},
    )
)

__all__ = ["TournamentFile"]
