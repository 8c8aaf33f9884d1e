"""A recap page (made once by a job, kept as bytes) shown inside the site: its own policy
tag taken out (the site's header policy, :data:`bridgeio.site.pages.POLICY`, allows the same
and the site's style sheet and forms besides), the site's style sheet added and the site's
header put before the page's body; a player's own rows marked; one board cut out of it.

>>> page = b'<head><meta http-equiv="Content-Security-Policy" content="x">\\n<style>a</style>'
>>> page += b'</head><body>\\n<table><tr><td><a href="#s0-ns1">1</a></td></tr></table>'
>>> out = framed(page, "<nav>site</nav>")
>>> b"Content-Security-Policy" in out, out.count(b"<style>"), b"<body>\\n<nav>site</nav>" in out
(False, 2, True)
>>> b'<tr class="mine">' in marked(page, "s0-ns1"), marked(page, "s0-ns2") == page
(True, True)
"""

from __future__ import annotations

import re

from bridgeio.site import pages

_POLICY_TAG = re.compile(rb'<meta http-equiv="Content-Security-Policy" content="[^"]*">\n?')
_STEPS = re.compile(rb'<h3>Board [^<]*</h3>\n?|<p class="boardsteps">.*?</p>\n?', re.S)
_BOARD = re.compile(rb'<article class="board" id="(?P<id>[^"]*)">.*?</article>', re.S)
ANCHOR = re.compile(r"[A-Za-z0-9-]{1,40}")
"""What a player's anchor in a page (``s0-ns3``) may be."""


def framed(page: bytes, header: str, body: bytes | None = None) -> bytes:
    """``page`` with the site's style sheet and ``header`` (HTML) at the top of its body;
    ``body`` in place of the page's body when given (one board of it)."""
    page = _POLICY_TAG.sub(b"", page, count=1)
    head, found, rest = page.partition(b"</style>")
    if found:
        page = head + found + b"<style>" + pages.SITE_CSS.encode() + b"</style>" + rest
    start, found, rest = page.partition(b"<body>\n")
    if not found:
        return page
    if body is not None:
        script = rest.rfind(b"<script>")
        rest = body + (rest[script:] if script >= 0 else b"</body></html>")
    return start + found + header.encode("utf-8") + rest


def marked(page: bytes, anchor: str) -> bytes:
    """The rows of ``page`` naming the entry ``anchor`` (a link to its scorecard) marked
    ``mine``: the player's own lines in every traveller and the standings."""
    if not ANCHOR.fullmatch(anchor):
        return page
    link = b'href="#' + anchor.encode() + b'"'
    parts = page.split(b"<tr")
    for index in range(1, len(parts)):
        part = parts[index]
        end = part.find(b"</tr>")
        if end < 0 or part.find(link, 0, end) < 0:
            continue
        if part.startswith(b">"):
            parts[index] = b' class="mine"' + part
        elif part.startswith(b' class="'):
            parts[index] = b' class="mine ' + part[8:]
    return b"<tr".join(parts)


def boards(page: bytes) -> list[tuple[str, bytes]]:
    """Each board of a page: its id and its HTML (hands, analysis, travellers; not its
    heading, nor its links to the boards before and after in the page)."""
    return [(m.group("id").decode(), _STEPS.sub(b"", m.group(0))) for m in _BOARD.finditer(page)]
