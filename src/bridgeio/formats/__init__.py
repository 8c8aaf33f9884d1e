"""The built-in formats: the one table that says which formats exist, what each reads and
writes, and which options it takes. The command line, ``bridgeio formats`` and the README's
list are all made from it.

Every function is named lazily (:class:`~bridgeio.registry.Lazy`): a format's modules are
imported only when a file of that format is read or written. Sniffers are light (standard
library only), except the headerless Pavlicek records', which are asked last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgeio.formats import acblscore, asc, chessbase, json, pbn, usebio
from bridgeio.formats.pavlicek.layout import LAYOUTS
from bridgeio.registry import FileFormat, Lazy, Option, Part, register_format

if TYPE_CHECKING:  # mypy checks each function the table names lazily against its role
    from functools import partial

    from bridgeio.formats.acblscore import anonymize as acbl_anonymize
    from bridgeio.formats.acblscore import checks as acbl_checks
    from bridgeio.formats.acblscore import provenance as acbl_provenance
    from bridgeio.formats.acblscore import reader as acbl_reader
    from bridgeio.formats.acblscore import writer as acbl_writer
    from bridgeio.formats.asc import checks as asc_checks
    from bridgeio.formats.asc import reader as asc_reader
    from bridgeio.formats.asc import writer as asc_writer
    from bridgeio.formats.chessbase import checks as cbt_checks
    from bridgeio.formats.chessbase import provenance as cbt_provenance
    from bridgeio.formats.chessbase import reader as cbt_reader
    from bridgeio.formats.chessbase import writer as cbt_writer
    from bridgeio.formats.csv import writer as csv_writer
    from bridgeio.formats.json import reader as json_reader
    from bridgeio.formats.json import writer as json_writer
    from bridgeio.formats.pavlicek import checks as pavlicek_checks
    from bridgeio.formats.pavlicek import reader as pavlicek_reader
    from bridgeio.formats.pavlicek import sniff as pavlicek_sniff
    from bridgeio.formats.pavlicek import writer as pavlicek_writer
    from bridgeio.formats.pavlicek.layout import ZRD
    from bridgeio.formats.pbn import anonymize as pbn_anonymize
    from bridgeio.formats.pbn import checks as pbn_checks
    from bridgeio.formats.pbn import documents as pbn_documents
    from bridgeio.formats.pbn import reader as pbn_reader
    from bridgeio.formats.pbn import writer as pbn_writer
    from bridgeio.formats.usebio import anonymize as usebio_anonymize
    from bridgeio.formats.usebio import provenance as usebio_provenance
    from bridgeio.formats.usebio import reader as usebio_reader
    from bridgeio.formats.usebio import validate as usebio_validate
    from bridgeio.formats.usebio import writer as usebio_writer
    from bridgeio.registry import (
        Anonymizer,
        Carrier,
        Checker,
        ChunkReader,
        ChunkWriter,
        Reader,
        Restorer,
        Sniffer,
        Splitter,
        Writer,
    )

    READERS: list[Reader] = [
        acbl_reader.read,
        usebio_reader.read,
        pbn_reader.read,
        asc_reader.read,
        cbt_reader.read,
        json_reader.read,
        pavlicek_reader.read_diagrams,
        partial(pavlicek_reader.read, layout=ZRD),
    ]
    CHUNK_READERS: list[ChunkReader] = [
        pbn_reader.iter_documents,
        partial(pavlicek_reader.iter_chunks, layout=ZRD),
    ]
    WRITERS: list[Writer] = [
        acbl_writer.write,
        usebio_writer.write,
        asc_writer.write,
        cbt_writer.write,
        csv_writer.write,
        pavlicek_writer.write_diagrams,
    ]
    CHUNK_WRITERS: list[ChunkWriter] = [
        pbn_writer.write_chunks,
        json_writer.write_chunks,
        pavlicek_writer.write_diagram_chunks,
        partial(pavlicek_writer.write_chunks, layout=ZRD),
    ]
    CHECKERS: list[Checker] = [
        acbl_checks.check,
        usebio_validate.check,
        pbn_checks.check,
        asc_checks.check,
        cbt_checks.check,
        partial(pavlicek_checks.check, layout=ZRD),
    ]
    ANONYMIZERS: list[Anonymizer] = [
        acbl_anonymize.anonymize,
        usebio_anonymize.anonymize,
        pbn_anonymize.anonymize,
    ]
    RESTORERS: list[Restorer] = [
        acbl_provenance.restore,
        usebio_provenance.restore,
        pbn_documents.restore,
        cbt_provenance.restore,
    ]
    CARRIERS: list[Carrier] = [cbt_provenance.carried]
    SPLITTERS: list[Splitter] = [usebio.events, asc.movements]
    SNIFFERS: list[Sniffer] = [
        acblscore.sniff,
        usebio.sniff,
        pbn.sniff,
        asc.sniff,
        chessbase.sniff,
        json.sniff,
        partial(pavlicek_sniff.plausible, layout=ZRD),
        partial(pavlicek_sniff.resembles, layout=ZRD),
    ]

CODEPAGE = Option(
    "codepage", "Text code page of ChessBase files (cp1252 by default; cp1251, latin-1, ...)."
)
SEAT = Option("seat", "ZRJ: the target hand.", ("N", "E", "S", "W"))
USEBIO_VERSION = Option(
    "usebio_version", "USEBIO: the version to write (default 1.4).", ("1.4", "1.2")
)


def _never(head: bytes, size: int) -> bool:
    return False


_PAVLICEK_CARRIES: dict[str, frozenset[Part]] = {
    "zbs": frozenset({"cards"}),
    "zbd": frozenset({"cards"}),
    "zdd": frozenset({"tricks"}),
    "zrd": frozenset({"cards", "tricks"}),
    "zrj": frozenset({"cards", "target"}),
}


def _pavlicek(name: str) -> FileFormat:
    layout = LAYOUTS[name]
    reader, writer = "bridgeio.formats.pavlicek.reader", "bridgeio.formats.pavlicek.writer"
    zbs = name == "zbs"
    return FileFormat(
        name=name,
        extensions=(f".{name}",),
        description=layout.title,
        holds="deals",
        sniff=Lazy("bridgeio.formats.pavlicek.sniff", "plausible", layout=layout),
        resembles=Lazy("bridgeio.formats.pavlicek.sniff", "resembles", layout=layout),
        read=Lazy(reader, "read_diagrams") if zbs else Lazy(reader, "read", layout=layout),
        write=Lazy(writer, "write_diagrams") if zbs else None,
        iter_chunks=None if zbs else Lazy(reader, "iter_chunks", layout=layout),
        write_chunks=Lazy(writer, "write_diagram_chunks")
        if zbs
        else Lazy(writer, "write_chunks", layout=layout),
        check=Lazy("bridgeio.formats.pavlicek.checks", "check", layout=layout),
        write_options=(SEAT,) if name == "zrj" else (),
        carries=_PAVLICEK_CARRIES[name],
        record_size=layout.size,
        headerless=True,
    )


BUILT_IN = [
    FileFormat(
        name="acblscore",
        extensions=(".aca", ".acm", ".ace", ".ac?"),  # .AC and any letter: all game files
        description="ACBLscore game file",
        holds="results",
        sniff=acblscore.sniff,
        read=Lazy("bridgeio.formats.acblscore.reader", "read"),
        write=Lazy("bridgeio.formats.acblscore.writer", "write"),
        check=Lazy("bridgeio.formats.acblscore.checks", "check"),
        anonymize=Lazy("bridgeio.formats.acblscore.anonymize", "anonymize"),
        restore=Lazy("bridgeio.formats.acblscore.provenance", "restore"),
    ),
    FileFormat(
        name="usebio",
        extensions=(".xml",),
        description="USEBIO XML results",
        holds="results",
        sniff=usebio.sniff,
        read=Lazy("bridgeio.formats.usebio.reader", "read"),
        write=Lazy("bridgeio.formats.usebio.writer", "write"),
        check=Lazy("bridgeio.formats.usebio.validate", "check"),
        anonymize=Lazy("bridgeio.formats.usebio.anonymize", "anonymize"),
        restore=Lazy("bridgeio.formats.usebio.provenance", "restore"),
        split=usebio.events,
        write_options=(USEBIO_VERSION,),
    ),
    FileFormat(
        name="pbn",
        extensions=(".pbn",),
        description="Portable Bridge Notation 2.1 deals",
        holds="any",  # deals, or results (score tables) with their hand records
        sniff=pbn.sniff,
        read=Lazy("bridgeio.formats.pbn.reader", "read"),
        iter_chunks=Lazy("bridgeio.formats.pbn.reader", "iter_documents"),
        write_chunks=Lazy("bridgeio.formats.pbn.writer", "write_chunks"),
        check=Lazy("bridgeio.formats.pbn.checks", "check"),
        anonymize=Lazy("bridgeio.formats.pbn.anonymize", "anonymize"),
        restore=Lazy("bridgeio.formats.pbn.documents", "restore"),
        carries=frozenset({"cards", "tricks", "boards", "dealer", "vulnerability"}),
    ),
    _pavlicek("zbs"),
    _pavlicek("zbd"),
    _pavlicek("zdd"),
    _pavlicek("zrd"),
    _pavlicek("zrj"),
    FileFormat(
        name="asc",
        extensions=(".asc",),
        description="ASC movement schedule",
        holds="movement",
        sniff=asc.sniff,
        read=Lazy("bridgeio.formats.asc.reader", "read"),
        write=Lazy("bridgeio.formats.asc.writer", "write"),
        check=Lazy("bridgeio.formats.asc.checks", "check"),
        split=asc.movements,
    ),
    FileFormat(
        name="cbt",
        extensions=(".cbt",),
        description="ChessBase tournament index",
        holds="tournaments",
        sniff=chessbase.sniff,
        read=Lazy("bridgeio.formats.chessbase.reader", "read"),
        write=Lazy("bridgeio.formats.chessbase.writer", "write"),
        check=Lazy("bridgeio.formats.chessbase.checks", "check"),
        restore=Lazy("bridgeio.formats.chessbase.provenance", "restore"),
        carry=Lazy("bridgeio.formats.chessbase.provenance", "carried"),
        read_options=(CODEPAGE,),
    ),
    FileFormat(
        name="json",
        extensions=(".json",),
        description="bridgeio canonical JSON",
        holds="any",
        sniff=json.sniff,
        read=Lazy("bridgeio.formats.json.reader", "read"),
        write_chunks=Lazy("bridgeio.formats.json.writer", "write_chunks"),
        carries=frozenset(
            {"cards", "tricks", "target", "boards", "dealer", "vulnerability", "provenance"}
        ),
    ),
    FileFormat(
        name="csv",
        extensions=(".csv",),
        description="comma-separated table (write only)",
        holds="table",
        sniff=_never,
        write=Lazy("bridgeio.formats.csv.writer", "write"),
        carries=frozenset({"cards", "tricks", "target", "boards"}),
    ),
]

for _format in BUILT_IN:
    register_format(_format)
