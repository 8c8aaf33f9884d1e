"""Lenient PBN reading: the deals (and double-dummy tables) of every game in a file.

Accepted beyond the strict standard: ``%`` and ``;`` comment lines and ``{…}`` comments
anywhere, ``#`` (same value as the previous game), ``?`` values, any first seat in the Deal
tag, CRLF, a byte-order mark, several tags on one line, cp1252 text that is not UTF-8.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.files import input_size
from bridgeio.model import UNKNOWN_TRICKS, DealSet, Seat, Strain, parse_pbn_deal

MAX_PBN_BYTES = 1 << 30
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


@dataclass
class Game:
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    tag_lines: dict[str, int] = field(default_factory=dict)
    sections: dict[str, list[str]] = field(default_factory=dict)


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), else cp1252 that never fails on a byte."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _strip_comments(text: str) -> list[str | None]:
    """Lines with comments removed; None for a line that held only a comment (it neither
    belongs to a game nor ends one). ``{}`` comments may span lines; line numbers are kept."""
    text = re.sub(r"\{[^}]*\}?", lambda m: re.sub(r"[^\n]", "\0", m.group(0)), text)
    lines: list[str | None] = []
    for line in text.splitlines():
        had_comment = "\0" in line or line.lstrip().startswith("%")
        if line.lstrip().startswith("%"):
            line = ""
        elif ";" in line and not _inside_quotes(line, line.index(";")):
            line, had_comment = line[: line.index(";")], True
        line = line.replace("\0", "")
        lines.append(None if had_comment and not line.strip() else line)
    return lines


def _inside_quotes(line: str, position: int) -> bool:
    return line.count('"', 0, position) % 2 == 1


def games(text: str) -> list[Game]:
    """Split PBN text into games: tag pairs, and the section lines that follow a tag."""
    found: list[Game] = []
    current: Game | None = None
    last_tag: str | None = None
    for number, line in enumerate(_strip_comments(text), start=1):
        if line is None:
            continue
        if not line.strip():
            current, last_tag = None, None
            continue
        tags = _TAG.findall(line)
        if not tags:
            if current is not None and last_tag is not None:
                current.sections.setdefault(last_tag, []).append(line.strip())
            continue
        if current is None:
            current = Game(number)
            found.append(current)
        for name, value in tags:
            current.tags[name] = value.replace('\\"', '"').replace("\\\\", "\\")
            current.tag_lines[name] = number
            last_tag = name
    return found


def _inherit(found: list[Game]) -> None:
    """Resolve ``#`` values from the game before."""
    previous: dict[str, str] = {}
    for game in found:
        for name, value in game.tags.items():
            if value == "#" and name in previous:
                game.tags[name] = previous[name]
        previous.update(game.tags)


def parse_table(game: Game, path: str) -> np.ndarray | None:
    """The OptimumResultTable of a game as tricks ``(5, 4)``, columns taken by their labels."""
    header = game.tags.get("OptimumResultTable")
    if header is None:
        return None
    columns = [c.split("\\")[0].strip().lower() for c in header.split(";")]
    try:
        seat_col, strain_col, result_col = (
            columns.index(c) for c in ("declarer", "denomination", "result")
        )
    except ValueError:
        raise FormatError(
            path,
            f"line {game.tag_lines['OptimumResultTable']}",
            "OptimumResultTable columns Declarer, Denomination and Result",
        ) from None
    tricks = np.full((5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
    for offset, row in enumerate(game.sections.get("OptimumResultTable", []), start=1):
        cells = row.split()
        place = f"line {game.tag_lines['OptimumResultTable'] + offset} (OptimumResultTable)"
        try:
            seat = Seat.from_char(cells[seat_col])
            strain = Strain.from_text(cells[strain_col])
            value = cells[result_col]
            count = UNKNOWN_TRICKS if value in ("?", "-") else int(value)
        except (IndexError, ValueError):
            raise FormatError(path, place, f"'declarer strain tricks', found {row!r}") from None
        if not (0 <= count <= 13 or count == UNKNOWN_TRICKS):
            raise FormatError(path, place, f"0-13 tricks, found {count}")
        tricks[strain, seat] = count
    return tricks


def read(path: str) -> DealSet:
    """Every game of a PBN file that has a deal, with boards and tables where given."""
    if input_size(path) > MAX_PBN_BYTES:
        raise FormatError(path, "file", f"a PBN file of at most {MAX_PBN_BYTES} bytes")
    with open(path, "rb") as handle:
        text = decode_text(handle.read())
    found = games(text)
    _inherit(found)
    seats, tables, boards = [], [], []
    for game in found:
        deal = game.tags.get("Deal", "").strip()
        if deal in ("", "?"):
            continue
        try:
            seats.append(parse_pbn_deal(deal))
        except ValueError as error:
            raise FormatError(
                path, f"line {game.tag_lines['Deal']} (Deal tag)", f"a PBN deal: {error}"
            ) from None
        tables.append(parse_table(game, path))
        boards.append(_board(game, path))
    result = DealSet(np.array(seats, dtype=np.uint8).reshape(len(seats), 52))
    if any(t is not None for t in tables):
        unknown = np.full((5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
        result.tricks = np.array([unknown if t is None else t for t in tables], dtype=np.uint8)
    if boards and None not in boards:
        result.boards = np.array(boards, dtype=np.int64)
    result.format = "pbn"
    return result


def _board(game: Game, path: str) -> int | None:
    value = game.tags.get("Board", "?").strip()
    if value in ("?", ""):
        return None
    if not value.isdecimal() or len(value) > 9:
        raise FormatError(
            path, f"line {game.tag_lines['Board']} (Board tag)", f"a board number, found {value!r}"
        )
    return int(value)


def sniff(head: bytes, size: int) -> bool:
    """PBN text: its first meaningful line is a tag pair or a ``%`` line."""
    text = decode_text(head[:4096])
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(";"):
            continue
        return line.startswith("%") or bool(_TAG.match(line))
    return False
