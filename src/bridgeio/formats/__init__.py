"""The built-in formats: the one table that says which formats exist, what each reads and
writes, and which options it takes. The command line, ``bridgeio formats``, the README's list
and the tests' lists of formats (fuzzed, run through every command) are all made from it.

A format is one entry: a :class:`~bridgeio.registry.FileFormat` whose functions are typed
lazy references, ``Lazy[Reader]("bridgeio.formats.pbn.reader:read")``: mypy checks each
against its role where it sits, tests/test_registry.py has mypy check the function named, and
nothing is imported until a file of that format is sniffed, read or written (importing this
table imports no format module). Sniffers are light (standard library only), except the
headerless Pavlicek records', which are asked last.

A format of one's own is one call, :func:`bridgeio.register_format`, with an entry like
these (see tests/test_registry.py, which registers a throwaway one).
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgeio.registry import (
    Anonymizer,
    Carrier,
    Checker,
    ChunkReader,
    ChunkWriter,
    FileFormat,
    Lazy,
    Option,
    Part,
    Reader,
    Restorer,
    Rewriter,
    Sniffer,
    Splitter,
    Writer,
    register_format,
)

__all__ = ["BUILT_IN"]

CODEPAGE = Option(
    "codepage", "Text code page of ChessBase files (cp1252 by default; cp1251, latin-1, ...)."
)
SEAT = Option("seat", "ZRJ: the target hand.", ("N", "E", "S", "W"))
USEBIO_VERSION = Option(
    "usebio_version", "USEBIO: the version to write (default 1.4).", ("1.4", "1.2")
)


def _never(head: bytes, size: int) -> bool:
    return False


def _pavlicek(name: str, title: str, size: int, carries: Iterable[Part]) -> FileFormat:
    """A Pavlicek record format: the shared functions bound to its layout (``title`` and
    ``size`` are the layout's; tests/test_registry.py holds them to it)."""
    layout = Lazy[object](f"bridgeio.formats.pavlicek.layout:{name.upper()}")
    package = "bridgeio.formats.pavlicek"
    zbs = name == "zbs"  # diagrams, not deals: its own functions
    return FileFormat(
        name=name,
        extensions=(f".{name}",),
        description=title,
        holds="deals",
        sniff=Lazy[Sniffer](f"{package}.sniff:plausible", layout=layout),
        resembles=Lazy[Sniffer](f"{package}.sniff:resembles", layout=layout),
        read=Lazy[Reader](f"{package}.reader:read_diagrams")
        if zbs
        else Lazy[Reader](f"{package}.reader:read", layout=layout),
        write=Lazy[Writer](f"{package}.writer:write_diagrams") if zbs else None,
        iter_chunks=None
        if zbs
        else Lazy[ChunkReader](f"{package}.reader:iter_chunks", layout=layout),
        write_chunks=Lazy[ChunkWriter](f"{package}.writer:write_diagram_chunks")
        if zbs
        else Lazy[ChunkWriter](f"{package}.writer:write_chunks", layout=layout),
        check=Lazy[Checker](f"{package}.checks:check", layout=layout),
        write_options=(SEAT,) if name == "zrj" else (),
        carries=frozenset(carries),
        record_size=size,
        headerless=True,
    )


BUILT_IN = [
    FileFormat(
        name="acblscore",
        extensions=(".aca", ".acm", ".ace", ".ac?"),  # .AC and any letter: all game files
        description="ACBLscore game file",
        holds="results",
        sniff=Lazy[Sniffer]("bridgeio.formats.acblscore.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.acblscore.reader:read"),
        write=Lazy[Writer]("bridgeio.formats.acblscore.writer:write"),
        check=Lazy[Checker]("bridgeio.formats.acblscore.checks:check"),
        anonymize=Lazy[Anonymizer]("bridgeio.formats.acblscore.anonymize:anonymize"),
        restore=Lazy[Restorer]("bridgeio.formats.acblscore.provenance:restore"),
    ),
    FileFormat(
        name="usebio",
        extensions=(".xml",),
        description="USEBIO XML results",
        holds="results",
        sniff=Lazy[Sniffer]("bridgeio.formats.usebio.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.usebio.reader:read"),
        write=Lazy[Writer]("bridgeio.formats.usebio.writer:write"),
        check=Lazy[Checker]("bridgeio.formats.usebio.checks:check"),
        anonymize=Lazy[Anonymizer]("bridgeio.formats.usebio.anonymize:anonymize"),
        restore=Lazy[Restorer]("bridgeio.formats.usebio.provenance:restore"),
        split=Lazy[Splitter]("bridgeio.formats.usebio:split_events"),
        rewrite=Lazy[Rewriter]("bridgeio.formats.usebio.patch:patched"),
        write_options=(USEBIO_VERSION,),
        carries=frozenset({"sessions"}),
    ),
    FileFormat(
        name="pbn",
        extensions=(".pbn",),
        description="Portable Bridge Notation 2.1 deals",
        holds="any",  # deals, or results (score tables) with their hand records
        sniff=Lazy[Sniffer]("bridgeio.formats.pbn.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.pbn.reader:read"),
        iter_chunks=Lazy[ChunkReader]("bridgeio.formats.pbn.reader:iter_documents"),
        write_chunks=Lazy[ChunkWriter]("bridgeio.formats.pbn.writer:write_chunks"),
        check=Lazy[Checker]("bridgeio.formats.pbn.checks:check"),
        anonymize=Lazy[Anonymizer]("bridgeio.formats.pbn.anonymize:anonymize"),
        restore=Lazy[Restorer]("bridgeio.formats.pbn.carried:restore"),
        # sessions: Ruter's way, a PBN event a session (the PBN writer says it)
        carries=frozenset({"cards", "tricks", "boards", "dealer", "vulnerability", "sessions"}),
    ),
    _pavlicek("zbs", "Pavlicek binary suit", 4, {"cards"}),
    _pavlicek("zbd", "Pavlicek binary deal", 13, {"cards"}),
    _pavlicek("zdd", "Pavlicek double-dummy results", 10, {"tricks"}),
    _pavlicek("zrd", "Pavlicek random deal with double-dummy results", 23, {"cards", "tricks"}),
    _pavlicek("zrj", "Pavlicek deal with one hand's double-dummy results", 16, {"cards", "target"}),
    FileFormat(
        name="lin",
        extensions=(".lin",),
        description="Bridge Base Online LIN (hand viewer, my hands, vugraph)",
        holds="results",
        sniff=Lazy[Sniffer]("bridgeio.formats.lin.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.lin.reader:read"),
        check=Lazy[Checker]("bridgeio.formats.lin.checks:check"),
        write=Lazy[Writer]("bridgeio.formats.lin.writer:write"),
    ),
    FileFormat(
        name="asc",
        extensions=(".asc",),
        description="ASC movement schedule",
        holds="movement",
        sniff=Lazy[Sniffer]("bridgeio.formats.asc.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.asc.reader:read"),
        write=Lazy[Writer]("bridgeio.formats.asc.writer:write"),
        check=Lazy[Checker]("bridgeio.formats.asc.checks:check"),
        split=Lazy[Splitter]("bridgeio.model.movement:movements"),
    ),
    FileFormat(
        name="cbt",
        extensions=(".cbt",),
        description="ChessBase tournament index",
        holds="tournaments",
        sniff=Lazy[Sniffer]("bridgeio.formats.chessbase.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.chessbase.reader:read"),
        write=Lazy[Writer]("bridgeio.formats.chessbase.writer:write"),
        check=Lazy[Checker]("bridgeio.formats.chessbase.checks:check"),
        restore=Lazy[Restorer]("bridgeio.formats.chessbase.provenance:restore"),
        carry=Lazy[Carrier]("bridgeio.formats.chessbase.provenance:carried"),
        read_options=(CODEPAGE,),
    ),
    FileFormat(
        name="bws",
        extensions=(".bws",),
        description="Bridgemate Control Software database",
        holds="results",
        sniff=Lazy[Sniffer]("bridgeio.formats.bws.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.bws.reader:read"),
        check=Lazy[Checker]("bridgeio.formats.bws.checks:check"),
    ),
    FileFormat(
        name="json",
        extensions=(".json",),
        description="bridgeio canonical JSON",
        holds="any",
        sniff=Lazy[Sniffer]("bridgeio.formats.json.sniff:sniff"),
        read=Lazy[Reader]("bridgeio.formats.json.reader:read"),
        write_chunks=Lazy[ChunkWriter]("bridgeio.formats.json.writer:write_chunks"),
        carries=frozenset(
            {
                "cards",
                "tricks",
                "target",
                "boards",
                "dealer",
                "vulnerability",
                "provenance",
                "sessions",
            }
        ),
    ),
    FileFormat(
        name="csv",
        extensions=(".csv",),
        description="comma-separated table (write only)",
        holds="table",
        sniff=_never,
        write=Lazy[Writer]("bridgeio.formats.csv.writer:write"),
        carries=frozenset({"cards", "tricks", "target", "boards"}),
    ),
]

for _format in BUILT_IN:
    register_format(_format)
