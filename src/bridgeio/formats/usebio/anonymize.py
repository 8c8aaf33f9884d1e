"""Anonymising a USEBIO file byte for byte: names, personal numbers and places are replaced
by :class:`~bridgeio.model.pseudonyms.Pseudonyms`; every other byte stays as it was (the
version, the layout, the encoding, comments, elements bridgeio does not know).

What is replaced (each element's text, its leading and trailing blanks kept):

* people's names: PLAYER_NAME (or its FIRSTNAME and LASTNAME), CONTACT's FULL_NAME and SCORER
  (the same person gets the same pseudonym everywhere: by NATIONAL_ID_NUMBER where the
  PLAYER has one, else by name);
* numbers that identify a person or a club: a PLAYER's NATIONAL_ID_NUMBER and CLUB_ID_NUMBER
  (membership), the CLUB's CLUB_ID_NUMBER, DIRECTOR_ID, a MATCH's SITOUT, CONTACT's
  TELEPHONE and FAX;
* CONTACT's EMAIL (``user1234@example.invalid``);
* places: the CLUB's CLUB_NAME, the event's TOWN, CITY and VENUE, a player's ACBL city;
* a TEAM's TEAM_NAME attribute (teams are often named after their captain).

Left as they are: event titles and descriptions, states and countries, session URLs, pair
and team ids (the file's own numbering), scores. The file is parsed first (safely, as when
reading) and the places found in its bytes are checked against the parse: a file whose text
cannot be matched up is refused rather than changed in the wrong places.

>>> import io, os, tempfile
>>> from bridgeio.model.pseudonyms import Pseudonyms
>>> path = os.path.join(tempfile.mkdtemp(), "x.xml")
>>> _ = open(path, "w").write('<USEBIO Version="1.2"><CLUB><CLUB_NAME>Bay Club</CLUB_NAME>'
...     '</CLUB><!-- kept --><EVENT><PAIR><PLAYER><PLAYER_NAME> Ann Lee </PLAYER_NAME>'
...     '<NATIONAL_ID_NUMBER>123</NATIONAL_ID_NUMBER></PLAYER></PAIR></EVENT></USEBIO>')
>>> out = io.BytesIO(); anonymize(path, out, Pseudonyms(b"key"))
>>> print(out.getvalue().decode())  # doctest: +ELLIPSIS
<USEBIO Version="1.2"><CLUB><CLUB_NAME>Club ...</CLUB_NAME></CLUB><!-- kept --><EVENT><PAIR>\
<PLAYER><PLAYER_NAME> Given... Player... </PLAYER_NAME><NATIONAL_ID_NUMBER>Z...\
</NATIONAL_ID_NUMBER></PLAYER></PAIR></EVENT></USEBIO>
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from typing import Any, BinaryIO

from bridgeio.errors import FormatError
from bridgeio.formats.usebio.parsing import Stream, refuse_oversized
from bridgeio.model.pseudonyms import Pseudonyms
from bridgeio.model.results import Player

PERSONS = {("PLAYER", "PLAYER_NAME"), ("CONTACT", "FULL_NAME"), ("CONTACT", "SCORER")}
NAME_PARTS = {("PLAYER_NAME", "FIRSTNAME"), ("PLAYER_NAME", "LASTNAME")}
NUMBERS = {
    ("PLAYER", "NATIONAL_ID_NUMBER"),
    ("PLAYER", "CLUB_ID_NUMBER"),
    ("CLUB", "CLUB_ID_NUMBER"),
    ("EVENT", "DIRECTOR_ID"),
    ("SESSION", "DIRECTOR_ID"),
    ("MATCH", "SITOUT"),
    ("CONTACT", "TELEPHONE"),
    ("CONTACT", "FAX"),
}
EMAILS = {("CONTACT", "EMAIL")}
PLACES = {
    ("CLUB", "CLUB_NAME"): "Club ",
    ("EVENT", "TOWN"): "Town ",
    ("EVENT", "CITY"): "Town ",
    ("EVENT", "VENUE"): "Venue ",
    ("PLAYER", "ACBL_PLAYER_CITY"): "Town ",
    ("PLAYER", "ACBL_CITY"): "Town ",
}
ATTRIBUTES = {("TEAM", "TEAM_NAME"): "Team "}
SENSITIVE = PERSONS | NAME_PARTS | NUMBERS | EMAILS | set(PLACES)
TAGS = tuple(sorted({tag for _, tag in SENSITIVE} | {"TEAM"}))

# Markup in the text of an XML document, in the order the specification allows it.
_TOKEN = re.compile(
    r"<!--.*?-->"
    r"|<!\[CDATA\[.*?\]\]>"
    r"|<\?.*?\?>"
    r"|<!DOCTYPE(?:[^\[>]|\[.*?\])*>"
    r"|<(/?)([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>",
    re.S,
)
_ATTRIBUTE = re.compile(r"([^\s=/>]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_REFERENCE = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_DECLARED = re.compile(rb"""^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")


@dataclass
class Span:
    """Where one sensitive text is in the document: its kind, its span, its PLAYER."""

    key: tuple[str, str]
    start: int
    end: int
    player: int | None
    attribute: str = ""


@dataclass
class Scan:
    """The sensitive texts of a document as its text shows them, and each PLAYER's number."""

    spans: list[Span] = field(default_factory=list)
    numbers: dict[int, str] = field(default_factory=dict)


def anonymize(path: str, handle: BinaryIO, pseudonyms: Pseudonyms, **options: Any) -> None:
    """Copy the USEBIO file ``path`` to ``handle`` with names, personal numbers and places
    replaced (see the module's list) and every other byte as it was."""
    refuse_oversized(path)
    data = _read(path)
    codec = _codec(data)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as error:
        raise FormatError(
            path, f"byte {error.start}", f"text in its declared encoding {codec}"
        ) from None
    except LookupError:
        raise FormatError(path, "file", f"an encoding bridgeio knows (not {codec!r})") from None
    parsed = _parsed_texts(path)
    scan = _scan(text)
    found = [
        (s.key[1] if not s.attribute else s.attribute, _decoded(text[s.start : s.end]))
        for s in scan.spans
    ]
    if found != parsed:
        raise FormatError(
            path, "file", "text whose names bridgeio can match up with its parse (not anonymised)"
        )
    handle.write(_replaced(text, scan, pseudonyms).encode(codec))


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as source:
            return source.read()
    except OSError as error:
        raise FormatError(path, "file", f"a readable file ({error})") from None


def _codec(data: bytes) -> str:
    """The codec that turns the file's bytes into its text and back, byte for byte."""
    if data.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if data.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    declared = _DECLARED.match(data)
    if declared is not None:
        return declared.group(1).decode("ascii").lower()
    return "utf-8"


def _parsed_texts(path: str) -> list[tuple[str, str]]:
    """Each sensitive text as the (safe) parse gives it, in the order elements end (a
    TEAM's name when the TEAM ends)."""
    texts: list[tuple[str, str]] = []
    for element in Stream(path, (*TAGS, "BOARD")):
        parent = element.getparent()
        parent_tag = str(parent.tag) if parent is not None else ""
        tag = str(element.tag)
        if tag == "BOARD":
            element.clear(keep_tail=True)  # nothing sensitive: memory stays bounded
        elif tag == "TEAM":
            if parent_tag == "PARTICIPANTS" and element.get("TEAM_NAME") is not None:
                texts.append(("TEAM_NAME", element.get("TEAM_NAME", "")))
        elif (parent_tag, tag) in SENSITIVE and not len(element):
            texts.append((tag, element.text or ""))
    return texts


def _scan(text: str) -> Scan:
    """The sensitive spans of a document's text, found by walking its markup, in the order
    their elements end (as the parse lists them)."""
    scan = Scan()
    stack: list[_Open] = []
    players = 0
    for token in _TOKEN.finditer(text):
        closing, tag, attributes, empty = token.groups()
        if tag is None:
            continue  # a comment, CDATA, processing instruction or DOCTYPE
        if not closing:
            parent = stack[-1] if stack else None
            if parent is not None:
                parent.has_elements = True
            player = parent.player if parent is not None else None
            if tag == "PLAYER":
                players += 1
                player = players
            opened = _Open(tag, token.end(), player)
            if tag == "TEAM" and parent is not None and parent.tag == "PARTICIPANTS":
                opened.attributes = _attribute_spans(token, attributes)
            if empty:
                scan.spans.extend(opened.attributes)
            else:
                stack.append(opened)
            continue
        if not stack:
            continue
        own = stack.pop()
        key = (stack[-1].tag if stack else "", own.tag)
        if key in SENSITIVE and not own.has_elements:
            scan.spans.append(Span(key, own.content, token.start(), own.player))
            if own.tag == "NATIONAL_ID_NUMBER" and own.player is not None:
                scan.numbers[own.player] = _decoded(text[own.content : token.start()]).strip()
        scan.spans.extend(own.attributes)
    return scan


@dataclass
class _Open:
    """An element the walk is inside: its tag, where its content starts, its PLAYER, and
    whether it holds elements; a TEAM's name attribute span."""

    tag: str
    content: int
    player: int | None
    has_elements: bool = False
    attributes: list[Span] = field(default_factory=list)


def _attribute_spans(token: re.Match[str], attributes: str) -> list[Span]:
    offset = token.start(3)
    spans = []
    for found in _ATTRIBUTE.finditer(attributes):
        name = found.group(1)
        if ("TEAM", name) in ATTRIBUTES:
            group = 2 if found.group(2) is not None else 3
            start, end = offset + found.start(group), offset + found.end(group)
            spans.append(Span(("TEAM", name), start, end, None, name))
    return spans


def _decoded(content: str) -> str:
    """The text an element's content gives (references resolved, CDATA opened, comments and
    processing instructions out), as the parse gives it."""
    parts = []
    position = 0
    for token in _TOKEN.finditer(content):
        parts.append(_unescape(content[position : token.start()]))
        markup = token.group(0)
        if markup.startswith("<![CDATA["):
            parts.append(markup[9:-3])
        position = token.end()
    parts.append(_unescape(content[position:]))
    return "".join(parts)


def _unescape(text: str) -> str:
    def one(found: re.Match[str]) -> str:
        """A reference's character."""
        name = found.group(1)
        if name.startswith("#x"):
            return chr(int(name[2:], 16))
        if name.startswith("#"):
            return chr(int(name[1:]))
        return _NAMED[name]

    return _REFERENCE.sub(one, text)


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _replaced(text: str, scan: Scan, names: Pseudonyms) -> str:
    """The text with each sensitive span's core replaced (the blanks around it kept)."""
    parts: dict[tuple[int | None, str], str] = {}  # FIRSTNAME and LASTNAME of each PLAYER
    for span in scan.spans:
        if span.key in NAME_PARTS:
            parts[(span.player, span.key[1])] = _decoded(text[span.start : span.end]).strip()
    pieces = []
    position = 0
    for span in sorted(scan.spans, key=lambda s: s.start):
        raw = text[span.start : span.end]
        core = _decoded(raw).strip()
        if not core:
            continue
        number = scan.numbers.get(span.player, "") if span.player is not None else ""
        if span.key in NAME_PARTS:
            player = Player(
                parts.get((span.player, "LASTNAME"), ""),
                parts.get((span.player, "FIRSTNAME"), ""),
                number,
            )
            last, first = names.player(player)
            replacement = first if span.key[1] == "FIRSTNAME" else last
        else:
            replacement = _pseudonym(span.key, core, number, names)
        lead = raw[: len(raw) - len(raw.lstrip())]
        trail = raw[len(raw.rstrip()) :]
        pieces.append(text[position : span.start])
        pieces.append(lead + _escape(replacement) + trail)
        position = span.end
    pieces.append(text[position:])
    return "".join(pieces)


def _pseudonym(key: tuple[str, str], core: str, number: str, names: Pseudonyms) -> str:
    """The pseudonym of one sensitive text (not FIRSTNAME or LASTNAME)."""
    if key in PERSONS:
        return names.person(core, number if key == ("PLAYER", "PLAYER_NAME") else "")
    if key in NUMBERS:
        return names.number(core)
    if key in EMAILS:
        return f"{names.place('user', core)}@example.invalid"
    if key in PLACES:
        return names.place(PLACES[key], core)
    return names.place(ATTRIBUTES.get(key, "Team "), core)
