"""Writing a rescored USEBIO file over its original bytes: only the figures that rescoring
changed (a traveller line's points, an entry's total, percentage and place) are rewritten, in
place; the declaration, DOCTYPE, version, whitespace, comments and element order stay as the
file had them.

The changed figures are found by comparing the model read from the file (``old``) with the
rescored one (``new``): any other difference, or a structure the pairing below cannot follow,
gives None and the caller writes the document whole. Model objects are paired with the file's
elements in the reader's order (sections, then each section's PARTICIPANTS entries, BOARDs
and TRAVELLER_LINEs), and the patched bytes are read again and must give ``new``: a pairing
that went wrong can never write a wrong file, only fall back to the whole writer.

A figure is written with the decimals the element had (``10.0`` stays one decimal), more only
when the new value needs them; one that reads the same at that precision is left as written.

>>> old = b'<USEBIO><EVENT><X>10.5</X><!-- <X> --><X>3</X></EVENT></USEBIO>'
>>> tags = start_tags(old)
>>> [old[end:end + 4] for _, end, _ in tags[2:]]
[b'10.5', b'3</X']
>>> figure(11.0, "10.5"), figure(2.25, "3"), figure(10.5, "10.50")
('11.0', '2.25', None)
"""

from __future__ import annotations

import copy
import os
import re
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

from lxml import etree

from bridgeio.formats.usebio.names import POINTS_KINDS
from bridgeio.formats.usebio.values import place_text
from bridgeio.model.results import BoardResult, Entry, Results

ENTRY_FIGURES = (("score", "TOTAL_SCORE"), ("percentage", "PERCENTAGE"))
"""An entry's figures that rescoring sets, and their elements (the place is set apart)."""

_MARKUP = re.compile(
    rb"<!--.*?-->|<!\[CDATA\[.*?\]\]>|<\?.*?\?>|<!DOCTYPE[^\[>]*(?:\[.*?\])?\s*>"
    rb"|<(/?)([A-Za-z_][\w.:-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>",
    re.DOTALL,
)


@dataclass
class Change:
    """A figure to write: the element (its place in document order) and the new text."""

    index: int
    text: str


def patched(data: bytes, old: Results, new: Results) -> bytes | None:
    """``data`` (the file ``old`` was read from) with the figures where ``new`` differs from
    ``old`` rewritten; None when ``new`` differs otherwise, or the file cannot be followed."""
    if new.events == old.events:  # nothing changed: the file as it is (any layout)
        return data
    if not only_figures(old, new):
        return None
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True))
    except etree.XMLSyntaxError:
        return None
    # keyed by the element proxies themselves, which the dict keeps alive (an id() alone
    # could be reused by a proxy lxml made anew)
    order = {e: k for k, e in enumerate(e for e in root.iter() if isinstance(e.tag, str))}
    changes = _changes(root, order, old, new)
    if changes is None:
        return None
    if not changes:
        return data
    out = _apply(data, changes, len(order))
    return out if out is not None and _reads_as(out, new) else None


def only_figures(old: Results, new: Results) -> bool:
    """Does ``new`` differ from ``old`` in rescoring's figures only?"""
    if len(old.events) != len(new.events):
        return False
    probe = copy.deepcopy(new)
    for event, before in zip(probe.events, old.events, strict=True):
        if len(event.sections) != len(before.sections):
            return False
        if len(event.entries) != len(before.entries):
            return False
        for entry, prior in zip(event.entries, before.entries, strict=True):  # (overall)
            _figures_of(entry, prior)
        for section, was in zip(event.sections, before.sections, strict=True):
            if len(section.entries) != len(was.entries) or len(section.results) != len(was.results):
                return False
            for entry, prior in zip(section.entries, was.entries, strict=True):
                _figures_of(entry, prior)
            for board, then in zip(section.results, was.results, strict=True):
                if len(board.results) != len(then.results):
                    return False
                for line, first in zip(board.results, then.results, strict=True):
                    line.ns_points, line.ew_points = first.ns_points, first.ew_points
                    line.points = first.points
    return probe.events == old.events


def _figures_of(entry: Entry, prior: Entry) -> None:
    """Rescoring's figures of ``entry`` set back to ``prior``'s."""
    entry.score, entry.percentage = prior.score, prior.percentage
    entry.rank, entry.tied = prior.rank, prior.tied


def containers(event: etree._Element) -> list[etree._Element]:
    """The elements an EVENT's sections are read from, in the reader's order
    (:mod:`~bridgeio.formats.usebio.events`): the EVENT itself where it holds results of its
    own (in an EVENT of sessions its PARTICIPANTS are the overall standings instead), each
    SECTION, and each SESSION (itself where it holds results or no SECTION, then its
    SECTIONs)."""
    tags = [child.tag for child in event]
    whole = "SESSION" in tags and not {"SECTION", "BOARD", "MATCH"} & set(tags)
    found = [] if whole or not _STREAMED & set(tags) else [event]
    for child in event:
        if child.tag == "SECTION":
            found.append(child)
        elif child.tag == "SESSION":
            nested = list(child.iterchildren("SECTION"))
            if not nested or _STREAMED & {c.tag for c in child}:
                found.append(child)
            found.extend(nested)
    return found


_STREAMED = frozenset({"PARTICIPANTS", "BOARD", "MATCH"})


def _changes(
    root: etree._Element, order: dict[etree._Element, int], old: Results, new: Results
) -> list[Change] | None:
    """The figures to write, by element; None where the file's elements do not pair with
    the model's objects."""
    events = [e for e in root.iter("EVENT")]
    if len(events) != len(old.events):
        return None
    changes: list[Change] = []
    for element, event, before in zip(events, new.events, old.events, strict=True):
        boxes = containers(element)
        if len(boxes) != len(event.sections):
            return None
        if event.sessions:  # the overall standings: the EVENT's own PARTICIPANTS
            entries = [e for p in element.findall("PARTICIPANTS") for e in p if e.tag in _ENTRIES]
            if len(entries) != len(before.entries):
                return None
            for item, entry, prior in zip(entries, event.entries, before.entries, strict=True):
                if not _entry(item, entry, prior, order, changes):
                    return None
        for box, section, was in zip(boxes, event.sections, before.sections, strict=True):
            entries = [e for p in box.findall("PARTICIPANTS") for e in p if e.tag in _ENTRIES]
            boards = box.findall("BOARD")
            if len(entries) != len(was.entries) or len(boards) != len(was.results):
                return None
            for item, entry, prior in zip(entries, section.entries, was.entries, strict=True):
                if not _entry(item, entry, prior, order, changes):
                    return None
            for board, now, then in zip(boards, section.results, was.results, strict=True):
                lines = board.findall("TRAVELLER_LINE")
                if len(lines) != len(then.results):
                    return None
                for line, result, first in zip(lines, now.results, then.results, strict=True):
                    if not _line(line, result, first, order, changes):
                        return None
    return changes


_ENTRIES = frozenset({"PAIR", "TEAM", "PLAYER"})


def _entry(
    element: etree._Element,
    new: Entry,
    old: Entry,
    order: dict[etree._Element, int],
    out: list[Change],
) -> bool:
    """The changed total, percentage and place of one entry; False where one has no element."""
    for attribute, tag in ENTRY_FIGURES:
        value, was = getattr(new, attribute), getattr(old, attribute)
        if value != was and not _figure(element, tag, value, order, out):
            return False
    if (new.rank, new.tied) != (old.rank, old.tied):
        child = element.find("PLACE")
        if child is None or new.rank is None or len(child):
            return False
        text = place_text(new.rank, new.tied)
        if text != (child.text or "").strip():
            out.append(Change(order[child], text))
    return True


def _line(
    element: etree._Element,
    new: BoardResult,
    old: BoardResult,
    order: dict[etree._Element, int],
    out: list[Change],
) -> bool:
    """The changed points of one traveller line; False where they have no element."""
    sides = [(new.ns_points, old.ns_points), (new.ew_points, old.ew_points)]
    if new.points is not None and old.points is not None:  # an individual's: N-S, E-W
        sides = [(new.points[0], old.points[0]), (new.points[1], old.points[1])]
    for prefix, (value, was) in zip(("NS_", "EW_"), sides, strict=True):
        if value == was:
            continue
        tags = [c.tag for c in element if str(c.tag).removeprefix(prefix) in POINTS_KINDS]
        if len(tags) != 1 or not _figure(element, str(tags[0]), value, order, out):
            return False
    return True


def _figure(
    element: etree._Element,
    tag: str,
    value: float | None,
    order: dict[etree._Element, int],
    out: list[Change],
) -> bool:
    """Rewrite ``element``'s child ``tag`` as ``value`` (if it reads otherwise at its
    precision); False when there is no such child to write into."""
    child = element.find(tag)
    if child is None or value is None or len(child):
        return False
    text = figure(value, (child.text or "").strip())
    if text is not None:
        out.append(Change(order[child], text))
    return True


def figure(value: float, written: str) -> str | None:
    """``value`` with the decimals of ``written`` (more where it needs them, at most 2);
    None when ``written`` already reads as ``value`` at its precision."""
    decimals = len(written.partition(".")[2])
    text = f"{value:.{decimals}f}"
    while abs(float(text) - value) > 1e-9 and decimals < 2:
        decimals += 1
        text = f"{value:.{decimals}f}"
    try:
        if abs(float(written) - float(text)) < 1e-9:
            return None
    except ValueError:
        pass
    return text


def start_tags(data: bytes) -> list[tuple[int, int, bool]]:
    """Every element's start tag in ``data``, in document order: where it begins, where its
    content begins, and whether it is empty (``<X/>``)."""
    return list(_start_tags(data))


def _start_tags(data: bytes) -> Iterator[tuple[int, int, bool]]:
    for match in _MARKUP.finditer(data):
        if match.group(2) is not None and not match.group(1):
            yield match.start(), match.end(), match.group(3).rstrip().endswith(b"/")


def _apply(data: bytes, changes: list[Change], count: int) -> bytes | None:
    """``data`` with each change's element text replaced; None when the start tags found do
    not match the elements parsed (an odd file: written whole instead)."""
    tags = start_tags(data)
    if len(tags) != count:
        return None
    out = bytearray()
    at = 0
    for change in sorted(changes, key=lambda c: c.index):
        _, begin, empty = tags[change.index]
        end = data.find(b"<", begin)
        if empty or end < 0:
            return None
        out += data[at:begin] + change.text.encode("ascii")
        at = end
    return bytes(out + data[at:])


def _reads_as(data: bytes, new: Results) -> bool:
    """Do the patched bytes read as the rescored model?"""
    from bridgeio.formats.usebio.reader import read

    handle, path = tempfile.mkstemp(suffix=".xml")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            again = read(path)
    finally:
        os.unlink(path)
    return again.events == new.events
