"""Parsing USEBIO safely, as a stream.

Safe by construction: no DTD is loaded, no entity is expanded (a file that declares or uses
an entity other than XML's five and character references is refused), nothing is fetched
from a network, libxml2's limits on depth and sizes stay on, and a file over
:data:`MAX_BYTES` is refused unread. Whatever goes wrong is a
:class:`~bridgeio.errors.FormatError` naming the file, the line and what was expected; no
lxml exception leaves this module.

The parse is a stream: :class:`Stream` hands over each element of the tags asked for once
the parser has passed its end (as it starts an element outside it, or ends the document), so
that the reader can take what it needs and empty it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

from lxml import etree

from bridgeio.errors import FormatError
from bridgeio.files import input_size

MAX_BYTES = 1 << 30
"""Larger files are refused unread rather than risk unbounded memory."""

SAFE_PARSING: dict[str, Any] = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "dtd_validation": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
    "remove_blank_text": True,
}
"""The options of every parse of a USEBIO file. (Whitespace between elements means nothing
in USEBIO; leaving it out of the tree halves the nodes of an indented file.)"""

Element = etree._Element


class Source(Protocol):
    """A file-like object the parser may read instead of the file (its ``name`` the
    file's path)."""

    name: str

    def read(self, size: int = ..., /) -> bytes:
        """The next bytes."""

    def close(self) -> None:
        """Done with."""


def safe_parser() -> etree.XMLParser:
    """A parser with :data:`SAFE_PARSING` (for small trees built from kept text)."""
    parser: etree.XMLParser = etree.XMLParser(**SAFE_PARSING)
    return parser


def refuse_oversized(path: str) -> int:
    """The size of ``path``; :class:`FormatError` when it is over :data:`MAX_BYTES`."""
    size = input_size(path)
    if size > MAX_BYTES:
        raise FormatError(path, "file", f"a USEBIO file of at most {MAX_BYTES} bytes")
    return size


def place(element: Element) -> str:
    """Where an element is: its line and its path (``line 12 /USEBIO/EVENT/BOARD[3]``)."""
    return f"line {element.sourceline} {element.getroottree().getpath(element)}"


class Stream:
    """The elements of ``tags`` in ``path``, each as the parser passes its end tag; then
    ``root`` is the document's root (what the reader left of it).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.xml")
    >>> _ = open(path, "w").write("<USEBIO><EVENT><BOARD/><BOARD/></EVENT></USEBIO>")
    >>> stream = Stream(path, ("BOARD",))
    >>> [e.tag for e in stream], stream.root.tag
    (['BOARD', 'BOARD'], 'USEBIO')
    """

    def __init__(self, path: str, tags: tuple[str, ...], source: Source | None = None) -> None:
        self.path = path
        self.tags = tags
        self.source = source
        self._root: Element | None = None

    @property
    def root(self) -> Element:
        """The root element, once the stream has been read to its end."""
        if self._root is None:
            raise FormatError(self.path, "line 1", "a USEBIO document, found none")
        return self._root

    def __iter__(self) -> Iterator[Element]:
        refuse_oversized(self.path)
        etree.clear_error_log()  # (a parse's errors are told from earlier ones' by its file)
        try:
            # Start events, not end events: lxml then steps in only as elements start, not
            # also as they end (each step takes Python's lock; a fifth of a big file's read).
            # An element has ended once the parser starts one outside it.
            events = etree.iterparse(
                self.source or self.path, events=("start",), tag=self.tags, **SAFE_PARSING
            )
            checked = False
            logged = 0
            pending: list[Element] = []  # started, not known to have ended: each in the last
            for _, element in events:
                if not checked:
                    self._check_document(element.getroottree())
                    checked = True
                if len(events.error_log) != logged:  # before an element is used
                    self._refuse_entity_references(events.error_log)
                    logged = len(events.error_log)
                if pending:
                    yield from _ended(pending, element)
                pending.append(element)
            root = events.root
            if root is None:
                raise FormatError(self.path, "line 1", "a USEBIO document, found none")
            self._root = root
            self._check_document(root.getroottree())
            self._refuse_entity_references(events.error_log)
            while pending:
                yield pending.pop()
        except etree.XMLSyntaxError as error:
            if self.source is not None:  # (its text was changed: the file's own error)
                raise self._malformed(_syntax_error(self.path) or error) from None
            raise self._malformed(error) from None
        except (etree.LxmlError, ValueError, LookupError) as error:
            if isinstance(error, FormatError):
                raise
            raise FormatError(self.path, "line 1", f"well-formed XML ({error})") from None
        except OSError as error:
            raise FormatError(self.path, "file", f"a readable file ({error})") from None
        finally:
            if self.source is not None:
                self.source.close()

    def _check_document(self, tree: etree._ElementTree) -> None:
        root = tree.getroot()
        if root.tag != "USEBIO":
            raise FormatError(
                self.path, f"line {root.sourceline} <{root.tag!s}>", "the root element USEBIO"
            )
        dtd = tree.docinfo.internalDTD
        if dtd is not None:
            for entity in dtd.iterentities():
                raise FormatError(
                    self.path,
                    f"the DOCTYPE's entity {entity.name}",
                    "no entity declarations (bridgeio expands no entities)",
                )

    def _refuse_entity_references(self, log: Any) -> None:
        for entry in log:
            if "ENTITY" in entry.type_name:
                raise FormatError(
                    self.path,
                    f"line {entry.line} column {entry.column}",
                    f"no entity reference other than XML's own ({entry.message.strip()})",
                )

    def _malformed(self, error: etree.XMLSyntaxError) -> FormatError:
        """The parser's first fatal error (its message is clearer than the exception's)."""
        line, column = error.position if error.position else (0, 0)
        message = error.msg
        for entry in error.error_log:  # (the log may hold earlier parses' errors too)
            if entry.filename == self.path and entry.level >= etree.ErrorLevels.ERROR:
                line, column, message = entry.line, entry.column, entry.message
                break
        return FormatError(
            self.path, f"line {line} column {column}", f"well-formed XML ({message.strip()})"
        )


def _syntax_error(path: str) -> etree.XMLSyntaxError | None:
    """The error parsing the file itself meets (None: it meets none)."""
    etree.clear_error_log()
    try:
        for _ in etree.iterparse(path, events=("end",), tag="_", **SAFE_PARSING):
            pass
    except etree.XMLSyntaxError as error:
        return error
    return None


def _ended(pending: list[Element], element: Element) -> Iterator[Element]:
    """The pending elements (each inside the one before) that have ended now that the parser
    starts ``element``: those it is not inside. A sibling (the usual case: the board before)
    is told by its parent alone."""
    parent = element.getparent()
    while pending and pending[-1].getparent() is parent and pending[-1] is not parent:
        yield pending.pop()
    if pending and pending[-1] is not parent:
        outer = set(element.iterancestors())
        while pending and pending[-1] not in outer:
            yield pending.pop()
