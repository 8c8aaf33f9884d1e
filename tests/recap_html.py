"""Checks that a recap page is valid HTML5, fast enough for every corpus page.

html5lib (the WHATWG parsing algorithm, strict: any parse error raises) is pure Python, about
0.75 MB a second; the corpus's 81 pages are 31 MB (a big game's page is 1.4 MB: each traveller
line is shown three times, on its board and on both pairs' scorecards), 40 s in all. The
pages repeat themselves: a page's markup is the templates' with escaped text and attribute
values, so a row or a board shaped like one already parsed (the same tags and attributes, text
and values aside) can bring no new parse error. :func:`distinct` keeps the first row of each
shape in every table body, the first auction and play of a line (``details.play``) of each
shape, and the first board and scorecard of each shape; html5lib parses that (2 MB for the
whole corpus, under 2 s; with its plays not folded, the 40 MB first page of endplay's
example3.pbn alone left 9 MB, 12 s). What only the whole page can get wrong, its ids and
links, is checked on the whole page parsed by lxml (libxml2, in C: its own errors too).

>>> page = "<tbody><tr><td>1</td></tr><tr><td>2</td></tr><tr class='x'><td>3</td></tr></tbody>"
>>> distinct(page)
"<tbody><tr><td>1</td></tr><tr class='x'><td>3</td></tr></tbody>"
"""

from __future__ import annotations

import re
from typing import Any

import html5lib
from lxml import etree

_TEXT = re.compile(r">[^<]+<")
_VALUE = re.compile(r"=\"[^\"]*\"|='[^']*'")
_BODY = re.compile(r"<tbody>.*?</tbody>", re.S)
_ROW = re.compile(r"<tr[ >].*?</tr>\n?", re.S)
_PLAY = re.compile(r"<details class=\"play\">.*?</details>\n?", re.S)
_ARTICLE = re.compile(r"<article class=\"(?:board|scorecard)\".*?</article>\n?", re.S)


def shape(markup: str) -> str:
    """The tags and attribute names of ``markup``, its text and attribute values left out."""
    return _VALUE.sub('=""', _TEXT.sub("><", markup))


def distinct(html: str) -> str:
    """``html`` with each table row, play, board and scorecard shaped like an earlier one
    left out."""
    seen: set[str] = set()

    def first(found: re.Match[str]) -> str:
        key = shape(found.group(0))
        if key in seen:
            return ""
        seen.add(key)
        return found.group(0)

    rows = _BODY.sub(lambda body: _ROW.sub(first, body.group(0)), html)
    return _ARTICLE.sub(first, _PLAY.sub(first, rows))


def strict(html: str) -> None:
    """Raise at the first HTML5 parse error of the page's distinct markup."""
    html5lib.HTMLParser(strict=True).parse(distinct(html))


def tree(html: str) -> Any:
    """The whole page parsed by libxml2, which must report no error; every id is unique and
    every link within the page leads to one. (lxml's plain elements: lxml.html's element
    classes are looked up in Python for each element; ids and links gathered by XPath.)"""
    parser = etree.HTMLParser()
    root = etree.fromstring(html.encode("utf-8"), parser)
    errors = [f"line {e.line}: {e.message}" for e in parser.error_log]
    assert errors == [], errors[:5]
    ids = root.xpath("//@id", smart_strings=False)
    assert len(ids) == len(set(ids)), "an id is used twice"
    links = root.xpath("//a/@href", smart_strings=False)
    targets = {h[1:] for h in links if h.startswith("#")}
    assert targets <= set(ids), f"links to nothing: {sorted(targets - set(ids))[:5]}"
    return root
