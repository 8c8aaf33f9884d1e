"""The site's HTML pages (besides the recaps, which :mod:`bridgeio.recap` makes): Jinja2
templates with autoescaping, the recap's style sheet and sorting script inline, and the
recap's Content-Security-Policy with this page's style added and forms allowed to post to the
site itself. Every page works without JavaScript (sorting is also a link) and on a phone.

>>> "default-src 'none'" in POLICY and "form-action 'self'" in POLICY
True
>>> "<b>" in render("error.html.j2", title="x", message="<b>", user=None, csrf="t")
False
"""

from __future__ import annotations

import base64
import functools
import hashlib
from pathlib import Path
from typing import Any

import jinja2

from bridgeio.recap import content_security_policy
from bridgeio.recap.page import TEMPLATES as RECAP_TEMPLATES
from bridgeio.recap.page import environment

TEMPLATES = Path(__file__).parent / "templates"

SITE_CSS = """
.site { display: flex; flex-wrap: wrap; gap: .3rem 1rem; align-items: baseline;
  padding-top: .5rem; }
.site form { display: inline; margin: 0; }
.site button, form.box button { font: inherit; padding: .35rem .8rem; }
form.box { display: grid; gap: .5rem; max-width: 28rem; margin: .6rem 0 1rem; }
form.box input[type=text], form.box input[type=password], form.box input[type=search] {
  font: inherit; padding: .35rem; width: 100%; }
.severity-error { color: var(--red); font-weight: 600; }
.status-draft { color: var(--muted); font-style: italic; }
td.break { overflow-wrap: anywhere; }
body > footer { margin: .2rem auto .6rem; }
details.choose summary { cursor: pointer; color: #0645ad; }
.frame { max-width: 72rem; margin: 0 auto; padding: 0 .75rem; }
@media (max-width: 40rem) { .frame { padding: 0 .5rem; } }
.banner { border: 2px solid #f0b400; background: #fff8e1; border-radius: 6px;
  padding: .4rem .8rem; margin: .6rem 0; }
.banner.banner-published { border-color: #5a9e4b; background: #eef8ea; }
.banner p { margin: .3rem 0; }
.banner h2 { font-size: 1.1rem; border: 0; margin: .5rem 0 .2rem; }
form.publish button { font: inherit; font-weight: 600; padding: .4rem 1rem; }
tr.mine td, tr.mine th, .mine-key { background: #fde9a9; font-weight: 600; }
.boardnav { display: flex; justify-content: space-between; gap: 1rem; margin: .4rem 0; }
.boardnav a { display: inline-block; padding: .45rem .9rem; border: 1px solid var(--line);
  border-radius: 6px; text-decoration: none; }
.stats { display: flex; flex-wrap: wrap; gap: .4rem 1.5rem; margin: .4rem 0; padding: 0;
  list-style: none; }
.stats b { font-size: 1.3rem; display: block; }
svg.trend { width: 100%; max-width: 40rem; height: auto; display: block; }
svg.trend .axis { stroke: var(--line); stroke-width: 1; fill: none; }
svg.trend .fifty { stroke: var(--muted); stroke-dasharray: 4 3; stroke-width: 1; }
svg.trend polyline { stroke: #0645ad; stroke-width: 2; fill: none; }
svg.trend circle { fill: #0645ad; }
svg.trend text { font-size: 16px; fill: var(--muted); }
td.date { white-space: nowrap; }
.pager { display: flex; gap: 1rem; }
""".strip()


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _policy() -> str:
    """The recap's policy, with the site's style sheet allowed and forms posting here."""
    parts = []
    for part in content_security_policy().split("; "):
        if part.startswith("style-src "):
            part = f"{part} {_hash(SITE_CSS)}"
        elif part == "form-action 'none'":
            part = "form-action 'self'"
        parts.append(part)
    return "; ".join([*parts, "frame-ancestors 'none'"])


POLICY = _policy()
"""The Content-Security-Policy header of every response of the site."""


@functools.cache
def _environment() -> jinja2.Environment:
    made = environment(TEMPLATES)
    made.globals.update(
        css=(RECAP_TEMPLATES / "recap.css").read_text(encoding="utf-8"),
        site_css=SITE_CSS,
        js=(RECAP_TEMPLATES / "recap.js").read_text(encoding="utf-8"),
    )
    return made


def render(template: str, **values: Any) -> str:
    """A page of the site (``user`` and ``csrf`` are needed by every page's header)."""
    return _environment().get_template(template).render(**values)
