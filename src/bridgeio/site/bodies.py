"""Who issued a player number: a number names a player only within the body that gave it out
(the ACBL, the EBU, a national federation), which the file's program or country tells; and
some programs write a placeholder (``0``, ``-``) where a player has no number, which names
nobody.

>>> issuer("0", "acblscore", None)
>>> issuer("N123456", "acblscore", None)
('ACBL', 'N123456')
>>> issuer("12345", "usebio", None), issuer("12345", "usebio", "Scotland")
(('EBU', '12345'), ('SBU', '12345'))
>>> issuer("4711", "pbn", "Norway"), issuer("4711", "pbn", None)
(('NORWAY', '4711'), ('PBN', '4711'))
"""

from __future__ import annotations

_BY_FORMAT = {"acblscore": "ACBL", "usebio": "EBU"}
"""The body whose numbers a program writes when the file names no country: ACBLscore is the
ACBL's program; USEBIO is the EBU's format (its clubs' programs write EBU numbers)."""

_BY_COUNTRY = {
    "scotland": "SBU",
    "wales": "WBU",
    "ireland": "CBAI",
    "northern ireland": "NIBU",
    "england": "EBU",
    "united states": "ACBL",
    "usa": "ACBL",
    "us": "ACBL",
    "canada": "ACBL",
    "mexico": "ACBL",
}


def issuer(number: str | None, fmt: str, country: str | None) -> tuple[str, str] | None:
    """The body that issued ``number`` (a player's, in a file of format ``fmt``, the player
    from ``country`` when the file says) and the number as kept; None for a placeholder."""
    text = (number or "").strip()
    if not text or _placeholder(text):
        return None
    place = (country or "").strip().lower()
    if place in _BY_COUNTRY:
        return _BY_COUNTRY[place], text
    if place and fmt not in _BY_FORMAT:
        return place.upper()[:32], text
    return _BY_FORMAT.get(fmt, (fmt or "unknown").upper()[:32]), text


def _placeholder(text: str) -> bool:
    """Whether a number is a placeholder: no digit or letter that is not a zero."""
    if text.lower() in ("na", "n/a", "none", "null", "unknown", "guest", "visitor", "tbd", "tba"):
        return True
    return not any(c.isalnum() and c != "0" for c in text)
