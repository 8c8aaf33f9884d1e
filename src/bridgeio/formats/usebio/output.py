"""What the USEBIO writer builds elements with: children put in the specification's order and
named as the version written names them, texts cleaned of what XML cannot hold, kept
elements brought back, and a tally of what the target could not carry (reported once a kind
with :func:`~bridgeio.errors.lost` when the file is written).

>>> losses = Losses("1.2")
>>> children = Children(("DATE", "EVENT_RATING", "TABLE_NUMBER"), "1.2", losses)
>>> children.text("TABLE_NUMBER", "4"); children.text("EVENT_RATING", "Club\\x07")
>>> element = children.into(etree.Element("EVENT"))
>>> etree.tostring(element), losses.found
(b'<EVENT><MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE></EVENT>', \
Counter({'TABLE_NUMBER elements, new in USEBIO 1.3 or 1.4': 1, \
'control characters in EVENT_RATING texts (removed)': 1}))
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TypeVar

from lxml import etree

from bridgeio.errors import lost
from bridgeio.formats.usebio import values as V
from bridgeio.formats.usebio.names import tag_for_version
from bridgeio.formats.usebio.parsing import Element, safe_parser
from bridgeio.formats.usebio.provenance import FileKept, UsebioKept
from bridgeio.model.results import Results

K = TypeVar("K", bound=UsebioKept)

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


class Losses:
    """What a write could not carry, by kind, reported together at the end."""

    def __init__(self, version: str) -> None:
        self.version = version
        self.found: Counter[str] = Counter()
        self.tags: dict[str, set[str]] = {}

    def add(self, what: str, count: int = 1) -> None:
        """Note ``count`` of ``what`` as not carried."""
        self.found[what] += count

    def dropped(self, tag: str) -> None:
        """An element this version cannot hold."""
        self.add(f"{tag} elements, new in USEBIO 1.3 or 1.4")

    def cleaned(self, tag: str) -> None:
        """A text that held characters XML cannot (control characters)."""
        self.add(f"control characters in {tag} texts (removed)")

    def report(self, source: str | None) -> None:
        """Each kind of loss as one :class:`~bridgeio.errors.DataLossWarning`, with its count."""
        for what, count in self.found.items():
            lost(f"usebio {self.version}", f"{what} ({count})", source)


def clean(text: str, tag: str, losses: Losses) -> str:
    """``text`` without the characters XML cannot hold (a control character from a damaged
    source), noted in ``losses``."""
    if _NOT_XML.search(text) is None:
        return text
    losses.cleaned(tag)
    return _NOT_XML.sub("", text)


def attributes(pairs: Iterable[tuple[str, str]], tag: str, losses: Losses) -> dict[str, str]:
    """Attributes for an element, their values cleaned."""
    return {name: clean(value, f"{tag}/@{name}", losses) for name, value in pairs}


def restored(xml: str, losses: Losses) -> Element | None:
    """A kept element brought back from its XML text (None, noted, if it does not parse:
    kept text that came through JSON may have been edited)."""
    try:
        return etree.fromstring(xml, safe_parser())
    except (etree.XMLSyntaxError, ValueError):
        losses.add("kept elements that are not XML")
        return None


class Children:
    """The children of one element, put in ``order`` (others after, as given) and named as
    ``version`` names them; what the version cannot hold is left out and noted."""

    def __init__(
        self, order: tuple[str, ...], version: str, losses: Losses, parent: str = ""
    ) -> None:
        self.rank = {tag: i for i, tag in enumerate(order)}
        self.version = version
        self.losses = losses
        self.parent = parent
        self.items: list[tuple[int, int, Element]] = []

    def _name(self, tag: str) -> str | None:
        name = tag_for_version(tag, self.version, self.parent)
        if name is None:
            self.losses.dropped(tag)
        return name

    def text(self, tag: str, value: str | None, empty: bool = False) -> None:
        """A child with text ``value``: left out when None, and when empty or blank unless
        ``empty`` (an element receivers look up in every parent, written even with nothing in
        it). ACBLscore pads an unknown state or country with spaces: that is no value."""
        if value is None or (not value.strip() and not empty):
            return
        name = self._name(tag)
        if name is not None:
            child = etree.Element(name)
            child.text = clean(value, tag, self.losses)
            self.add(child)

    def element(self, child: Element) -> None:
        """A built or kept child, renamed for the version (or left out)."""
        name = self._name(str(child.tag))
        if name is not None:
            if name != child.tag:
                child.tag = name
            self.add(child)

    def kept(self, elements: Iterable[str]) -> None:
        """Kept elements, as XML text."""
        for xml in elements:
            child = restored(xml, self.losses)
            if child is not None:
                self.element(child)

    def add(self, child: Element) -> None:
        """A child, ranked by its tag's place in the order."""
        rank = self.rank.get(str(child.tag), len(self.rank))
        self.items.append((rank, len(self.items), child))

    def into(self, parent: Element) -> Element:
        """Append the children to ``parent``, in order; returns ``parent``."""
        for _, _, child in sorted(self.items, key=lambda item: item[:2]):
            parent.append(child)
        return parent


class Target:
    """One write: the version written and its tally of losses, the event written and what the
    source file kept; builds children and numbers as that version writes them.

    >>> from bridgeio.model.results import Event
    >>> target = Target(Results([Event(1, "Pairs")]), "1.2")
    >>> target.number(55.0, 2), target.number(float("nan")), target.losses.found
    ('55.00', None, Counter({'numbers that are not finite': 1}))
    """

    def __init__(self, doc: Results, version: str) -> None:
        self.version = version
        self.losses = Losses(version)
        self.file = doc.provenance if isinstance(doc.provenance, FileKept) else FileKept()
        self.event = doc.events[0]

    def children(self, order: tuple[str, ...], parent: str = "") -> Children:
        """A builder of an element's children, in ``order``."""
        return Children(order, self.version, self.losses, parent)

    def number(self, value: float | None, decimals: int | None = None) -> str | None:
        """A number's text (None for none, and for one that is not finite, noted)."""
        if value is None:
            return None
        if not math.isfinite(value):
            self.losses.add("numbers that are not finite")
            return None
        return V.number_text(value, decimals)


def kept_of(obj: object, cls: type[K]) -> K:
    """An object's USEBIO provenance of class ``cls`` (an empty one when it has none).

    >>> from bridgeio.formats.usebio.provenance import LineKept
    >>> kept_of(object(), LineKept) == LineKept()
    True
    """
    kept = getattr(obj, "kept", None)
    return kept if isinstance(kept, cls) else cls()


def kept_values(children: Children, kept: UsebioKept, written: set[str]) -> None:
    """Texts the model could not take, written back as they were where the model wrote
    nothing in their place."""
    for tag, text in kept.values:
        if tag not in written:
            children.text(tag, text)


def text_element(tag: str, text: str, losses: Losses) -> Element:
    """An element with ``text``, cleaned."""
    element = etree.Element(tag)
    element.text = clean(text, tag, losses)
    return element


def indent(element: Element, level: int, space: str = "  ") -> None:
    """Indent ``element``'s children by nesting ``level``, leaving alone any element with
    text among its children (mixed content kept from a source: blanks there are text)."""
    children = list(element)
    if not children or _mixed(element, children):
        return
    inner = "\n" + space * (level + 1)
    element.text = inner
    for child in children:
        child.tail = inner
        indent(child, level + 1, space)
    children[-1].tail = "\n" + space * level


def _mixed(element: Element, children: list[Element]) -> bool:
    if element.text is not None and element.text.strip():
        return True
    return any(child.tail is not None and child.tail.strip() for child in children)
