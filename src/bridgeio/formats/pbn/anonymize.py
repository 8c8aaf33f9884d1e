"""``anonymize`` for PBN: a copy of the file with every name and id replaced by a consistent
pseudonym and every other byte as it was (padding of table columns included).

What is replaced, and why:

* People: the seat tags ``North``, ``East``, ``South``, ``West`` (a ``#number`` after a name,
  as RealBridge writes it, is an id: replaced as one), ``Annotator``; the ``Name``/``Names``
  columns of score tables (``Names`` holds a pair, ``"A - B"``: each person replaced; also
  ``Names_NS``/``Names_EW`` and Ruter's team ``Roster``), and the players of Ruter's
  ``RosterDetails`` and ``LineupDetails_Home``/``_Away`` (names and member numbers);
  Ruter's ``% <META name=TournamentDirector ...>`` header line.
* Ids: member and national numbers in table columns (``MemberID``, ``MemberID1``, …,
  ``NationalID``...), and the network addresses (``NorthNA``…, ``AnnotatorNA``: e-mail).
* Groups and places that can name people or their club: ``HomeTeam``, ``VisitTeam``,
  ``EventSponsor``, ``Site``; the ``Team`` and ``Club`` columns; Ruter's ``Licencee``,
  ``Arranger`` and ``Signature`` header lines (the club).

Kept: the event's name, dates, contracts and scores, and ``PlayerId``/``PairId`` columns, which
number the players of one event (1, 2, …) to tie the ScoreTable to the standings: they name
nobody outside the file, and the names they lead to are replaced.

>>> import io, tempfile, os
>>> from bridgeio.model.pseudonyms import Pseudonyms
>>> path = os.path.join(tempfile.mkdtemp(), "n.pbn")
>>> deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
>>> _ = open(path, "w").write(f'[North "Ann Smith#123"]\\n[South "Ann Smith"]\\n[Deal "{deal}"]\\n')
>>> out = io.BytesIO(); anonymize(path, out, Pseudonyms(b"k"))
>>> text, ann = out.getvalue().decode(), Pseudonyms(b"k").person("Ann Smith")
>>> "Smith" in text, text.count(ann)
(False, 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import BinaryIO

from bridgeio.formats.pbn.provenance import PbnGames, decode, encode
from bridgeio.formats.pbn.reader import iter_chunks
from bridgeio.formats.pbn.scan import WS, Tag, scan
from bridgeio.formats.pbn.tables import Columns
from bridgeio.model.pseudonyms import Pseudonyms

Span = tuple[int, int, str]
"""Offsets of a value in a text and what it is: ``person``, ``people``, ``id``, a place."""

PERSON_TAGS = frozenset({"North", "East", "South", "West", "Annotator"})
ADDRESS_TAGS = frozenset({"NorthNA", "EastNA", "SouthNA", "WestNA", "AnnotatorNA"})
PLACE_TAGS = {
    "HomeTeam": "Team ",
    "VisitTeam": "Team ",
    "EventSponsor": "Sponsor ",
    "Site": "Site ",
}
META = {
    "TournamentDirector": "people",
    "Licencee": "Club ",
    "Arranger": "Club ",
    "Signature": "Club ",
}
_META = re.compile(r'^%[ \t]*<META[ \t]+name=(\w+)[ \t]+content="([^"]*)"', re.MULTILINE)
_CELL = re.compile(r'"[^"]*"|[^ \t"]+')
_PAIR = re.compile(r"( - | & | / |;)")
_SEAT_ID = re.compile(r"^(.*?)#(\d+)$")


def anonymize(path: str, handle: BinaryIO, pseudonyms: Pseudonyms) -> None:
    """Write ``path`` to ``handle`` with names and ids replaced (see the module docstring)."""
    for chunk in iter_chunks(str(path)):
        games = chunk.provenance
        assert isinstance(games, PbnGames)
        if games.preamble is not None:
            handle.write(_replaced(games.preamble, games.preamble_encoding, pseudonyms, True))
        for text, encoding in zip(games.texts.tolist(), games.encodings.tolist(), strict=True):
            handle.write(_replaced(text, encoding, pseudonyms, False))


def _replaced(data: bytes, encoding: int, pseudonyms: Pseudonyms, preamble: bool) -> bytes:
    """``data`` with every span :func:`spans` finds replaced."""
    latin = data.decode("latin-1")
    found = sorted(spans(latin, preamble))
    if not found:
        return data
    out, position = [], 0
    for start, end, kind in found:
        original = decode(latin[start:end].encode("latin-1"), encoding)
        out += [data[position:start], encode(pseudonym(original, kind, pseudonyms), encoding)]
        position = end
    out.append(data[position:])
    return b"".join(out)


def pseudonym(text: str, kind: str, pseudonyms: Pseudonyms) -> str:
    """The replacement of one value of ``kind`` (see :data:`Span`); nothing for an empty,
    unknown or copied (``#``) value.

    >>> p = Pseudonyms(b"k")
    >>> pair = pseudonym("Ann Smith - Bo Lee", "people", p)
    >>> pair == p.person("Ann Smith") + " - " + p.person("Bo Lee")
    True
    >>> pseudonym("?", "person", p), pseudonym("-", "id", p)
    ('?', '-')
    """
    if text.strip() in ("", "?", "-", "#"):
        return text
    if kind == "person":
        seat_id = _SEAT_ID.match(text)
        if seat_id:
            return f"{pseudonyms.person(seat_id.group(1))}#{pseudonyms.number(seat_id.group(2))}"
        return pseudonyms.person(text)
    if kind == "people":
        parts = _PAIR.split(text)
        return "".join(
            p if i % 2 else pseudonym(p, "person", pseudonyms) for i, p in enumerate(parts)
        )
    if kind == "id":
        return pseudonyms.number(text)
    if kind in DETAILS:
        return "|".join(_detail(part, DETAILS[kind], pseudonyms) for part in text.split("|"))
    return pseudonyms.place(kind, text)


DETAILS = {"roster": 0, "lineup": 3}
"""Ruter's player lists, ``|`` between players, ``,`` between fields: where the member number
is (``RosterDetails``: number, last name, first name; ``LineupDetails_Home``/``_Away``:
segment, room, seat, then the same)."""


def _detail(part: str, at: int, pseudonyms: Pseudonyms) -> str:
    """One player of a Ruter list with its number and names replaced (the person's pseudonym
    is the one their full name gets anywhere else in the file).

    >>> p = Pseudonyms(b"k")
    >>> first, last = _detail("1,O,N,18444,Smith,Ann", 3, p).split(",")[5:3:-1]
    >>> f"{first} {last}" == p.person("Ann Smith")
    True
    """
    fields = part.split(",", at + 2)
    if len(fields) != at + 3:
        return pseudonyms.person(part) if part.strip() else part
    number, last, first = fields[at:]
    fake = pseudonyms.person(f"{first.strip()} {last.strip()}".strip()).split()
    fields[at:] = [pseudonyms.number(number) if number.strip() else number, fake[-1]]
    fields.append(" ".join(fake[:-1]))
    return ",".join(fields)


def spans(text: str, preamble: bool = False) -> list[Span]:
    """Where the names and ids of PBN text (bytes viewed as Latin-1) are."""
    found: list[Span] = []
    if preamble:
        found += _meta_spans(text)
    for game in scan(text).games:
        for tag in game.tags:
            found += _tag_spans(tag, text)
    return found


def _meta_spans(text: str) -> Iterator[Span]:
    for match in _META.finditer(text):
        kind = META.get(match.group(1))
        if kind is not None:
            yield match.start(2), match.end(2), kind


def _tag_spans(tag: Tag, text: str) -> list[Span]:
    if tag.name in PERSON_TAGS:
        return [(tag.value_start, tag.value_end, "person")]
    if tag.name in ADDRESS_TAGS:
        return [(tag.value_start, tag.value_end, "Address ")]
    if tag.name in PLACE_TAGS:
        return [(tag.value_start, tag.value_end, PLACE_TAGS[tag.name])]
    if tag.name.endswith("Table") and tag.section:
        return _table_spans(tag, text)
    return []


def column_kind(name: str) -> str | None:
    """What a table column holds, if it names or identifies someone.

    >>> [column_kind(c) for c in ("Names", "MemberID2", "Team", "PlayerId_North", "Score_NS")]
    ['people', 'id', 'Team ', None, None]
    >>> [column_kind(c) for c in ("Roster", "RosterDetails", "LineupDetails_Away", "Names_EW")]
    ['people', 'roster', 'lineup', 'people']
    """
    lowered = name.lower()
    rules: list[tuple[Callable[[str], bool], str]] = [
        (
            lambda c: c in ("name", "names", "roster") or c.startswith(("playername", "names_")),
            "people",
        ),
        (lambda c: c == "rosterdetails", "roster"),
        (lambda c: c.startswith("lineupdetails"), "lineup"),
        (lambda c: c.startswith(("memberid", "nationalid", "playernumber", "membernumber")), "id"),
        (lambda c: c in ("team", "teamname"), "Team "),
        (lambda c: c in ("club", "clubname"), "Club "),
    ]
    return next((kind for rule, kind in rules if rule(lowered)), None)


def _table_spans(tag: Tag, text: str) -> list[Span]:
    kinds = {
        i: k for i, name in enumerate(Columns.parse(tag.value).names) if (k := column_kind(name))
    }
    found: list[Span] = []
    if not kinds:
        return found
    for row in tag.section:
        content = text[row.start : row.end]
        line = content.lstrip(WS)
        offset = row.start + len(content) - len(line)
        for index, cell in enumerate(_CELL.finditer(line)):
            if index in kinds:
                quoted = cell.group(0).startswith('"')
                start, end = cell.start() + quoted, cell.end() - quoted
                found.append((offset + start, offset + end, kinds[index]))
    return found
