"""Reading an ACBLscore game file into the results model.

The walk follows pointers (blocks are in no fixed order) and checks every block against the
file's bounds. Each record is read with one ``struct`` call (:mod:`.records`); only what the
model holds is decoded, the rest stays in the bytes for the provenance objects to decode
when asked. A damaged file is read as far as it can be: each part that cannot be read (an
event, a section's entries, a board) is reported as an error naming its byte, the result is
marked ``partial``, and the rest is read all the same. Only a file that is no game file at
all (its magic or master table) raises :class:`~bridgeio.errors.FormatError`.

This module reads the master table and holds the checks every part's reading uses
(:class:`Walk`); each structure is read in its own module, beside its patching:
:mod:`.events`, :mod:`.sections`, :mod:`.entries` (with players), :mod:`.boards`,
:mod:`.matches` (match tables and team matches), :mod:`.numbering` (reassigned pair numbers).

>>> from bridgeio.formats.acblscore.builder import build
>>> from bridgeio.model.results import Event, Results
>>> read_bytes(build(Results([Event(1, "Tuesday Pairs")]))).events[0].name
'Tuesday Pairs'
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from bridgeio.errors import FormatError, Problem, Severity, report
from bridgeio.files import collector_paused, input_size
from bridgeio.formats.acblscore import compiled as R
from bridgeio.formats.acblscore import layout as L
from bridgeio.formats.acblscore.decode import BAD, Record, text
from bridgeio.formats.acblscore.events import read_event
from bridgeio.formats.acblscore.provenance import EntryKept, EventKept, GameFile, MatchKept
from bridgeio.model.results import Results

MAX_FILE = 64 << 20  # real game files are tens of kilobytes
_COUNTED_NAMES = ("adjustment", "handicap", "score_carryover")
assert {R.ENTRY.kind[name] for name in _COUNTED_NAMES} == {"F2"}
# The start of an entry structure, as far as the fields counted (one small struct call).
_ENTRY_COUNTED = Record(R.ENTRY.name, [(R.ENTRY.offset[n], "F2", n) for n in _COUNTED_NAMES])
_COUNTED = _ENTRY_COUNTED.getter(*_COUNTED_NAMES)


def read(path: str) -> Results:
    """Read every event of a game file (see the module for damaged files).

    >>> read("/no/such.aca")
    Traceback (most recent call last):
    bridgeio.errors.FormatError: /no/such.aca: file: expected an existing file
    """
    return read_bytes(load(path), path)


def load(path: str) -> bytes:
    """The bytes of the game file at ``path`` (at most :data:`MAX_FILE` of them)."""
    size = input_size(path)
    if size > MAX_FILE:
        raise FormatError(path, "file", f"a game file of at most {MAX_FILE} bytes, found {size}")
    with open(path, "rb") as handle:
        return handle.read(size + 1)  # (a file grown since is read no further)


def read_bytes(data: bytes, path: str = "<data>", quiet: bool = False) -> Results:
    """Read the game file held in ``data``; ``quiet`` collects problems in
    ``Results.problems`` without reporting them as warnings."""
    with collector_paused():  # the model holds no cycles: collecting while it grows is waste
        return Walk(bytes(data), path, quiet).results()


class Walk:
    """One reading of a game file: its bytes, the problems found, and the checks of blocks
    and texts that the reading of each structure (:func:`.events.read_event` and on) uses."""

    def __init__(self, data: bytes, path: str, quiet: bool = False) -> None:
        self.data, self.path, self.quiet = data, path, quiet
        self.file = GameFile(data)
        self.problems: list[Problem] = []
        self.partial = False

    # ------------------------------------------------------------------ checks and problems

    def fail(self, place: str, expected: str) -> FormatError:
        """A :class:`FormatError` at ``place`` in this file."""
        return FormatError(self.path, place, expected)

    def problem(self, place: str, message: str, severity: Severity = "error") -> None:
        """Note a problem (and report it, unless quiet); an error marks the result partial."""
        if severity == "error":
            self.partial = True
        if self.quiet:
            self.problems.append(Problem(place, message, severity, self.path))
        else:
            self.problems.append(report(self.path, place, message, severity))

    def damaged(self, error: FormatError, part: str) -> None:
        """A part that could not be read: reported, and left out of the result."""
        self.problem(error.place, f"{part} left out: expected {error.expected}")

    def block(self, pointer: int, what: str, minimum: int = 0) -> int:
        """Check that a pointer leads to a whole block; returns the length after its word."""
        if not 0 < pointer <= len(self.data) - 2:
            raise self.fail(f"pointer to the {what}", f"an offset inside the file, found {pointer}")
        length: int = struct.unpack_from("<h", self.data, pointer)[0]
        if length < minimum:
            raise self.fail(
                f"{what} at byte {pointer}", f"a block of {minimum} or more bytes, found {length}"
            )
        if pointer + 2 + length > len(self.data):
            raise self.fail(
                f"{what} at byte {pointer}",
                f"its {length} bytes within the file, which ends at byte {len(self.data)}",
            )
        return length

    def check_room(self, pointer: int, what: str, length: int, needed: int, items: str) -> None:
        """Check that a block of ``length`` bytes (after its word) holds ``needed`` bytes,
        counted from the word: what its header says it has (``items``)."""
        if needed > length + 2:
            raise self.fail(
                f"{what} at byte {pointer}", f"room for {items} in a block of {length} bytes"
            )

    def table(self, pointer: int, what: str, count_at: int, first: int, size: int) -> int:
        """Check a table block (its count of items of ``size`` bytes at ``count_at``, the
        items from ``first``) and return the count."""
        length = self.block(pointer, what, first - 2)
        count: int = struct.unpack_from("<H", self.data, pointer + count_at)[0]
        self.check_room(pointer, what, length, first + size * count, f"its {count} entries")
        return count

    def text(self, raw: bytes, at: int, what: Callable[[], str]) -> str:
        """A string field; a damaged one (control characters, undefined bytes) is cleaned
        and reported as a warning naming the field."""
        value = text(raw)
        if BAD in value:
            self.problem(
                f"byte {at}",
                f"{what()}: control characters or undefined bytes, each read as U+FFFD",
                "warning",
            )
        return value

    # ---------------------------------------------------------------------------- the file

    def results(self) -> Results:
        """The whole file: its master table checked, then each event read."""
        data = self.data
        if data[:6] != L.MAGIC:
            raise self.fail("byte 0", "an ACBLscore game file (bytes 12 0A 03 'AC3')")
        if len(data) < L.MASTER_LENGTH + 2:
            raise self.fail(
                "master table at byte 0", f"{L.MASTER_LENGTH + 2} bytes, the file has {len(data)}"
            )
        declared, free_list = struct.unpack_from("<II", data, 6)
        if declared > len(data):
            self.problem(
                f"byte {len(data)}",
                f"the file ends here; its header (byte 6) gives {declared} bytes: truncated",
            )
        elif declared < len(data):
            self.problem(
                f"byte {declared}",
                f"{len(data) - declared} bytes after the end its header (byte 6) gives",
                "warning",
            )
        self.check_free_list(free_list)
        results = Results(format="acblscore", provenance=self.file)
        pointers = struct.unpack_from(f"<{L.MAX_EVENTS}I", data, L.EVENT_POINTERS)
        for slot, pointer in enumerate(pointers):
            if pointer:
                try:
                    results.events.append(read_event(self, slot, pointer))
                except FormatError as error:
                    self.damaged(error, f"event {slot + 1}")
        results.partial, results.problems = self.partial, self.problems
        self.file.counts = kept_counts(results)
        return results

    def check_free_list(self, pointer: int) -> None:
        """Follow the free block list: one that leaves the file or runs in a circle is
        reported where it goes wrong."""
        seen: set[int] = set()
        while pointer:
            if pointer in seen or not 0 < pointer <= len(self.data) - 6:
                why = "runs in a circle" if pointer in seen else "points outside the file"
                self.problem(f"free block list at pointer {pointer}", f"the list {why}")
                return
            seen.add(pointer)
            pointer = struct.unpack_from("<I", self.data, pointer + 2)[0]


def kept_counts(results: Results) -> dict[str, int]:
    """How many of what the model has no field for a game holds (for the provenance's
    :meth:`~GameFile.contents`): score adjustments, handicaps, carry-over scores, team wins,
    memo lines of events and sections."""
    counts = {
        "lines of memos and notes": 0,
        "score adjustments": 0,
        "handicaps": 0,
        "carry-over scores": 0,
        "team match wins": 0,
    }
    for event in results.events:
        if isinstance(event.kept, EventKept):
            counts["lines of memos and notes"] += len(event.kept.memo)
        for section in event.sections:
            for entry in section.entries:
                kept = entry.kept
                if isinstance(kept, EntryKept) and kept.file is not None:
                    # (the three fields at once: an intfloat is non-zero as its raw value is)
                    adjustment, handicap, carryover = _COUNTED(
                        _ENTRY_COUNTED.unpack(kept.file.data, kept.at)
                    )
                    counts["score adjustments"] += adjustment != 0
                    counts["handicaps"] += handicap != 0
                    counts["carry-over scores"] += carryover != 0
            counts["team match wins"] += sum(
                1 for m in section.matches if isinstance(m.kept, MatchKept) and m.kept.wins
            )
    return {what: count for what, count in counts.items() if count}
