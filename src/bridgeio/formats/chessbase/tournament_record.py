"""The 90-byte tournament record: decoding into :class:`Tournament`, encoding over the original
bytes so that whatever the document does not describe is written back unchanged."""

from __future__ import annotations

import struct

from bridgeio.formats.chessbase import layout as L
from bridgeio.model.chess import NATIONS, PAIRINGS, TIME_CONTROLS, PartialDate, Tournament

_U32 = struct.Struct("<I")
SortKey = tuple[int, bytes, bytes, int, int]
"""(-year, title, place, -month, -day), the strings as bytes that compare like signed ones."""
_TIME_BITS = {name: 1 << (5 + i) for i, name in enumerate(TIME_CONTROLS)}


def text_field(raw: bytes | bytearray, span: tuple[int, int], codepage: str) -> str:
    """The text of a zero-padded field (what follows the first zero byte is not read)."""
    start, size = span
    return raw[start : start + size].split(b"\0", 1)[0].decode(codepage, errors="replace")


def decode(raw: bytes, codepage: str = "cp1252") -> Tournament:
    """A tournament from its 90 record bytes."""
    date = _U32.unpack_from(raw, L.DATE)[0]
    kind = raw[L.TYPE]
    flags = raw[L.FLAGS]
    pairing = kind & 31
    return Tournament(
        title=text_field(raw, L.TITLE, codepage),
        place=text_field(raw, L.PLACE, codepage),
        date=PartialDate((date >> 9) & 0xFFF, (date >> 5) & 15, date & 31),
        pairing=PAIRINGS[pairing] if pairing < len(PAIRINGS) else f"unknown-{pairing}",
        time_control=frozenset(n for n, bit in _TIME_BITS.items() if kind & bit),
        team=bool(raw[L.TEAM] & 1),
        nation=nation_name(raw[L.NATION]),
        category=raw[L.CATEGORY],
        legacy_complete=bool(flags & 1),
        complete=bool(flags & 2),
        board_points=bool(flags & 4),
        three_points_for_win=bool(flags & 8),
        rounds=raw[L.ROUNDS],
        games=_U32.unpack_from(raw, L.GAMES)[0],
        first_game=_U32.unpack_from(raw, L.FIRST_GAME)[0],
    )


def encode(
    tournament: Tournament, original: bytes | None = None, codepage: str = "cp1252"
) -> bytes:
    """The record bytes of ``tournament``, over ``original`` where given (unchanged fields and
    undocumented bits stay as they were). Raises ValueError for a value that does not fit."""
    raw = bytearray(original if original is not None else bytes(L.RECORD_SIZE))
    for span, text in ((L.TITLE, tournament.title), (L.PLACE, tournament.place)):
        if original is None or text_field(raw, span, codepage) != text:
            _put_text(raw, span, text, codepage)
    date = tournament.date
    if not (0 <= date.year < 4096 and 0 <= date.month <= 15 and 0 <= date.day <= 31):
        raise ValueError(f"date {date} does not fit")
    old_date = _U32.unpack_from(raw, L.DATE)[0]
    _U32.pack_into(
        raw, L.DATE, (old_date & ~0x1FFFFF) | date.year << 9 | date.month << 5 | date.day
    )
    raw[L.TYPE] = _pairing_code(tournament, raw[L.TYPE] & 31) | sum(
        _TIME_BITS[t] for t in tournament.time_control
    )
    raw[L.TEAM] = (raw[L.TEAM] & 0xFE) | int(tournament.team)
    raw[L.NATION] = nation_code(tournament.nation)
    flags = (
        tournament.legacy_complete
        | tournament.complete << 1
        | tournament.board_points << 2
        | tournament.three_points_for_win << 3
    )
    raw[L.FLAGS] = (raw[L.FLAGS] & 0xF0) | flags
    for offset, value, name in (
        (L.CATEGORY, tournament.category, "category"),
        (L.ROUNDS, tournament.rounds, "rounds"),
    ):
        if not 0 <= value <= 255:
            raise ValueError(f"{name} {value} does not fit in a byte")
        raw[offset] = value
    _U32.pack_into(raw, L.GAMES, tournament.games)
    _U32.pack_into(raw, L.FIRST_GAME, tournament.first_game)
    return bytes(raw)


_NATION_CODES: dict[str, int] = {}
for _index, (_ioc, _) in enumerate(NATIONS):
    _NATION_CODES.setdefault(
        _ioc, _index
    )  # a code listed twice (GCI) reads as "#n" after the first


def nation_name(code: int) -> str:
    """The IOC code of a nation number; "#n" where the code is unknown or shared."""
    ioc = NATIONS[code][0] if code < len(NATIONS) else ""
    return ioc if _NATION_CODES.get(ioc) == code else f"#{code}"


def nation_code(ioc: str) -> int:
    """ChessBase's nation number of an IOC code ("" none, "#n" kept as n)."""
    if ioc in _NATION_CODES:
        return _NATION_CODES[ioc]
    if ioc.startswith("#") and ioc[1:].isdecimal() and int(ioc[1:]) < 256:
        return int(ioc[1:])
    raise ValueError(f"nation {ioc!r} is not an IOC code ChessBase knows")


def _pairing_code(tournament: Tournament, old: int) -> int:
    if tournament.pairing in PAIRINGS:
        return PAIRINGS.index(tournament.pairing)
    if tournament.pairing == f"unknown-{old}":
        return old
    raise ValueError(f"pairing {tournament.pairing!r} is not one of {', '.join(PAIRINGS)}")


def _put_text(raw: bytearray, span: tuple[int, int], text: str, codepage: str) -> None:
    start, size = span
    data = text.encode(codepage, errors="replace")
    if len(data) >= size:
        raise ValueError(f"{text!r} is longer than the {size - 1} bytes the field holds")
    raw[start : start + size] = data.ljust(size, b"\0")


def sort_key(tournament: Tournament, codepage: str = "cp1252") -> SortKey:
    """ChessBase's default order: year descending, title, place, month and day descending;
    strings compare as signed bytes (shifting every byte by 128 makes that a plain compare)."""

    def signed(text: str) -> bytes:
        """The text's bytes shifted so that a plain compare orders them as signed bytes."""
        return text.encode(codepage, errors="replace").translate(_SIGNED)

    date = tournament.date
    return (-date.year, signed(tournament.title), signed(tournament.place), -date.month, -date.day)


_SIGNED = bytes((b + 128) & 255 for b in range(256))
