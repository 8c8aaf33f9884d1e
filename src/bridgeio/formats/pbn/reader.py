"""Reading PBN deal files in blocks of a few megabytes, in bounded memory.

Each block goes the fast way (:mod:`~bridgeio.formats.pbn.fast`) when its layout is clean and
the general way (:mod:`~bridgeio.formats.pbn.blocks`) otherwise; both give the same deals.
Every game with a deal is a record; games without one stay in the provenance
(:class:`~bridgeio.formats.pbn.provenance.PbnGames`) in their place. Damage is reported:
a bad deal, board or table is a :class:`~bridgeio.FormatError` naming its line; a tag value
over a line end, a hand of 12 cards or text outside any game a warning naming its line.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "two.pbn")
>>> deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
>>> _ = open(path, "w").write(f'[Board "1"]\\n[Deal "{deal}"]\\n\\n[Board "2"]\\n[Deal "#"]\\n')
>>> [len(chunk) for chunk in iter_chunks(path, records=1)]
[1, 1]
"""

from __future__ import annotations

import codecs
import io
import re
import secrets
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import cast

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.formats.pbn.blocks import Findings, Inheritance, Parsed, parse_slow
from bridgeio.formats.pbn.fast import parse_fast
from bridgeio.formats.pbn.played import has_played
from bridgeio.formats.pbn.provenance import CP1252, UTF8, PbnGames
from bridgeio.formats.pbn.results import has_results, tables_to_results
from bridgeio.formats.pbn.scan import TAG, first_text_line
from bridgeio.formats.pbn.sniff import BINARY, UTF16_BOMS, UTF32_BOMS
from bridgeio.model import NO_SEAT, DealSet, concat
from bridgeio.model.deals import UNKNOWN_VULNERABILITY
from bridgeio.model.results import Results

BLOCK_BYTES = 1 << 23
CHUNK_RECORDS = 1 << 16
MAX_STRETCH_BYTES = 1 << 30
"""A game (with the games without a deal after it) larger than this is refused."""
TRICK_NAMES = (b"OptimumResultTable", b"[Ability ", b"[DoubleDummyTricks ")
"""What marks a file whose deals carry double-dummy tricks (unknown where a game has none)."""
_SCORE_TABLE = re.compile(rb"\[(Total)?ScoreTable[ \t]")
_PLAYED = re.compile(rb'\[Result "\d|\[Contract "[Pp]ass"|\[Auction "[NESWnesw]"')
"""A game's tricks taken, a board passed out, or an auction: maybe a file of played boards."""
_UTF8_SEQUENCE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}")


def read(path: str) -> DealSet | Results:
    """Every game of a PBN file that has a deal, with boards, double-dummy tables and all the
    file's other text (its :class:`~bridgeio.formats.pbn.provenance.PbnGames`); for a file
    with score tables, its results, the deals in the event's ``deals``."""
    text = results_text(path)
    return read_deals(path) if text is None else _results(path, text)


def _results(path: str, text: str) -> Results:
    """The results of a file with score tables (its ``text``), its deals in the event."""
    results = tables_to_results(text, path)
    if results.events:
        results.events[0].deals = read_deals(path, tables=True)
    return results


def read_deals(path: str, tables: bool = False) -> DealSet:
    """The deals of a PBN file, whether or not it holds results (with ``tables``, a file of
    score tables, games without a deal are no news)."""
    input_size(path)
    reader = Reader(path)
    reader.quiet = tables
    parts = list(reader.chunks(1 << 62))
    return parts[0] if len(parts) == 1 else concat(parts)


def iter_documents(path: str, records: int = CHUNK_RECORDS) -> Iterator[DealSet | Results]:
    """What the registry streams: the deals in sets of at most ``records``, or a results
    file whole (its :func:`read`); the file is searched for score tables once."""
    text = results_text(str(path))
    if text is None:
        yield from iter_chunks(path, records)
    else:
        yield _results(str(path), text)


WIDE_BOMS = (*((bom, "utf-32") for bom in UTF32_BOMS), *((bom, "utf-16") for bom in UTF16_BOMS))
"""Byte-order marks of text in 2 or 4 bytes a character (UTF-32's first: it starts as UTF-16
little-endian's does)."""
SPOOL_BYTES = 1 << 26
"""Text transcoded from UTF-16 is held in memory up to this size, on disk beyond."""


@contextmanager
def opened(path: str) -> Iterator[io.BufferedIOBase]:
    """The file's bytes, or for UTF-16 and UTF-32 text (marked so by its byte-order mark) the
    same text in UTF-8, transcoded block by block; a byte sequence the encoding cannot hold
    is a :class:`~bridgeio.FormatError` at its byte offset."""
    with open(path, "rb") as handle:
        head = handle.read(4)
        encoding = next((name for bom, name in WIDE_BOMS if head.startswith(bom)), None)
        handle.seek(0)
        if encoding is None:
            yield handle
            return
        decoder = codecs.getincrementaldecoder(encoding)()
        with tempfile.SpooledTemporaryFile(SPOOL_BYTES) as spool:
            offset = 0
            while True:
                block = handle.read(BLOCK_BYTES)
                try:
                    text = decoder.decode(block, final=not block)
                except UnicodeDecodeError as error:
                    where = f"byte {offset + error.start}"
                    raise FormatError(
                        path, where, f"{encoding.upper()} text (its byte-order mark says so)"
                    ) from None
                spool.write(text.encode("utf-8"))
                offset += len(block)
                if not block:
                    break
            spool.seek(0)
            yield cast(io.BufferedIOBase, spool)


def results_text(path: str) -> str | None:
    """The text of a PBN file with score tables (``ScoreTable``, ``TotalScoreTable``) or
    played boards (:mod:`.played`), None for a deal file (found block by block: a deal file
    is not held whole)."""
    seam, found = b"", False
    with opened(path) as handle:
        while not found:
            block = handle.read(BLOCK_BYTES)
            if not block:
                return None
            found = _SCORE_TABLE.search(seam + block) is not None
            found = found or _PLAYED.search(seam + block) is not None
            seam = block[-40:]
        handle.seek(0)
        data = handle.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    text = text.removeprefix("\ufeff")
    return text if has_results(text) or has_played(text) else None


def iter_chunks(path: str, records: int = CHUNK_RECORDS) -> Iterator[DealSet]:
    """The deals of a PBN file in sets of at most ``records``, read block by block; the
    first set carries the file's preamble (its lines before the first game with a deal)."""
    path = str(path)
    input_size(path)
    yield from Reader(path).chunks(records)


def _stated(codes: np.ndarray, unknown: int) -> np.ndarray | None:
    """The dealers or vulnerabilities games state, None where no game states one."""
    return codes.copy() if (codes != unknown).any() else None


def _prescan(path: str) -> tuple[bool, bool]:
    """Whether the file uses ``"#"`` values (which need every game read the general way) and
    whether it has double-dummy tables (then every deal carries tricks, unknown if none).
    Read block by block into one buffer: mapping the file would count it all as ours."""
    hashes = tables = False
    buffer = bytearray(BLOCK_BYTES)
    tail = b""
    with opened(path) as handle:
        while not (hashes and tables):
            size = handle.readinto(buffer)
            if not size:
                break
            seam = tail + bytes(buffer[: min(size, 20)])  # what spans two reads
            hashes = hashes or buffer.find(b'"#"', 0, size) >= 0 or b'"#"' in seam
            for name in TRICK_NAMES:
                tables = tables or buffer.find(name, 0, size) >= 0 or name in seam
            tail = bytes(buffer[max(size - 20, 0) : size])
    return hashes, tables


class Reader:
    """One pass over a PBN file: blocks read, parsed and made into deal sets; problems go
    to ``findings`` (reported as warnings, or listed by ``check``)."""

    def __init__(self, path: str, findings: Findings | None = None) -> None:
        self.path = path
        self.findings = findings or Findings(path)
        self.inheritance = Inheritance()
        self.hashes, self.tables = _prescan(path)
        self.general = self.hashes
        """Every block the general way (for ``"#"`` values)."""
        self.file = secrets.randbits(22) << 40
        self.records = 0
        self.games = 0
        self.refused = False
        self.utf8_line: int | None = None
        self.cp1252_line: int | None = None
        self.mixed_told = False
        self.quiet = False
        """No warning for a file whose games have no deal (one of score tables)."""

    def chunks(self, records: int) -> Iterator[DealSet]:
        """The file's deals in sets of at most ``records``."""
        for parsed, block, first, line in self._blocks():
            deals = self._deal_set(parsed, block, first, line)
            self.records += len(deals)
            self.games += parsed.games
            if len(deals) == 0 and first:
                yield deals  # it carries the preamble
            for start in range(0, len(deals), records):
                part = deals[start : start + records]
                assert isinstance(part, DealSet)
                yield part
        if self.records == 0 and not self.refused:
            self._nothing_read()

    def _blocks(self) -> Iterator[tuple[Parsed, bytes, bool, int]]:
        pending, want, line, first = b"", BLOCK_BYTES, 1, True
        with opened(self.path) as handle:
            if self._binary(handle.read(4096)):
                return
            handle.seek(0)
            while True:
                data = handle.read(want)
                final = len(data) < want
                buffer = pending + data
                cut = len(buffer) if final else buffer.rfind(b"\n") + 1
                block = buffer[:cut]
                parsed = self._parse(block, final, line)
                if not final and parsed.consumed == 0:
                    if len(buffer) > MAX_STRETCH_BYTES:
                        raise FormatError(
                            self.path, f"line {line}", f"games of at most {MAX_STRETCH_BYTES} bytes"
                        )
                    pending, want = buffer, want * 2
                    continue
                yield parsed, block, first, line
                line += block.count(b"\n", 0, parsed.consumed)
                pending, want, first = buffer[parsed.consumed :], BLOCK_BYTES, False
                if final:
                    return

    def _binary(self, head: bytes) -> bool:
        """A file that starts with control bytes before any tag pair is no text: said at
        once (an error), not line by line."""
        binary = BINARY.search(head)
        if binary is None or TAG.search(head[: binary.start()].decode("latin-1")):
            return False
        line = head.count(b"\n", 0, binary.start()) + 1
        self.findings.fatal(f"line {line}", "PBN text, found binary data")
        self.refused = True
        return True

    def _parse(self, block: bytes, final: bool, line: int) -> Parsed:
        if not self.general:
            parsed = parse_fast(block, final, self.findings.thorough)
            if parsed is not None:
                return parsed
        return parse_slow(block.decode("latin-1"), final, line, self.findings, self.inheritance)

    def _deal_set(self, parsed: Parsed, block: bytes, first: bool, line: int) -> DealSet:
        k = len(parsed)
        starts = parsed.starts.tolist()
        texts = np.empty(k, dtype=object)
        texts[:] = [block[a:b] for a, b in zip(starts[:-1], starts[1:], strict=True)]
        closed = np.ones(k, dtype=bool)
        if k:
            closed[-1] = parsed.closed
        preamble = block[: starts[0]] if first else None
        encodings = self._encodings(block, starts, line)
        inherited = None
        if parsed.inherited is not None and any(v is not None for v in parsed.inherited):
            inherited = np.empty(k, dtype=object)
            inherited[:] = parsed.inherited
        games = PbnGames(
            texts,
            parsed.seats,
            parsed.boards,
            parsed.tricks,
            parsed.counts,
            closed,
            encodings[1:],
            self.file + self.records + np.arange(k, dtype=np.int64),
            inherited,
            preamble,
            parsed.preamble_counts,
            int(encodings[0]),
            parsed.dealers.copy(),
            parsed.vulnerabilities.copy(),
        )
        boards = parsed.boards.copy() if k and (parsed.boards >= 0).all() else None
        tricks = parsed.tricks.copy() if self.tables else None
        return DealSet(
            parsed.seats.copy(),
            tricks,
            boards,
            format="pbn",
            provenance=games,
            dealer=_stated(parsed.dealers, NO_SEAT),
            vulnerability=_stated(parsed.vulnerabilities, UNKNOWN_VULNERABILITY),
        )

    def _encodings(self, block: bytes, starts: list[int], line: int) -> np.ndarray:
        """UTF-8 or cp1252 for the preamble and each stretch (a cp1252 byte is never lost);
        a warning when a file mixes the two."""
        used = block[: starts[-1]]
        found = np.full(len(starts), UTF8, dtype=np.uint8)
        if used.isascii():
            return found
        try:
            used.decode("utf-8")
        except UnicodeDecodeError:
            pass
        else:
            self._seen_utf8(line)
            return found
        bounds = [0, *starts]
        for index, (a, b) in enumerate(zip(bounds[:-1], bounds[1:], strict=True)):
            part = block[a:b]
            try:
                part.decode("utf-8")
            except UnicodeDecodeError as error:
                found[index] = CP1252
                at = line + block.count(b"\n", 0, a + error.start)
                self._seen_cp1252(at, bool(_UTF8_SEQUENCE.search(part)))
            else:
                if not part.isascii():
                    self._seen_utf8(line + block.count(b"\n", 0, a))
        return found

    def _seen_utf8(self, line: int) -> None:
        self.utf8_line = self.utf8_line or line
        self._mixed()

    def _seen_cp1252(self, line: int, mixed_inside: bool) -> None:
        self.cp1252_line = self.cp1252_line or line
        self._mixed(force=mixed_inside)

    def _mixed(self, force: bool = False) -> None:
        if self.mixed_told or self.cp1252_line is None:
            return
        if force or self.utf8_line is not None:
            self.mixed_told = True
            self.findings.problem(
                f"line {self.cp1252_line}",
                "the file mixes encodings: this text is not UTF-8 (read as cp1252) "
                "while other text is UTF-8",
                "warning",
            )

    def _nothing_read(self) -> None:
        """Never a silent 0 deals: text that is not PBN is an error, games without a deal a
        warning; a file of comments alone (a header) is an empty PBN file."""
        if self.games and self.quiet:
            return
        if self.games:
            message = f"{self.games} games, none with a deal (read as 0 deals)"
            self.findings.problem("file", message, "warning")
            return
        with opened(self.path) as handle:
            text = handle.read(1 << 20).decode("latin-1")
        line = first_text_line(text)
        if line is not None:
            self.findings.fatal(f"line {line}", 'PBN tag pairs like [Board "1"]')
