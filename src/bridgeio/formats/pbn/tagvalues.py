"""Tag values PBN 2.1 writes in more than one way, each brought to its one plain form
before reading: a header value ``"##text"`` (text for this game and those after it, section
4.8), an irregular declarer ``"^S"`` (declarer and dummy swapped, 3.4.13), a Result given by
side, ``"NS 11"`` or ``"EW 2 NS 11"``, or marked ``^`` as agreed though wrong (3.4.15)."""

from __future__ import annotations

import re

_BY_SIDE = re.compile(r"(NS|EW)\s+(\d{1,2})(?:\s+(NS|EW)\s+(\d{1,2}))?")


def header_value(value: str) -> str:
    """The text of a ``##`` header value (use it in this game and all after it).

    >>> header_value("##1980.10.24"), header_value("1980.10.24"), header_value("##")
    ('1980.10.24', '1980.10.24', '')
    """
    return value[2:] if value.startswith("##") else value


def declarer_tricks(result: str, declarer: str) -> str:
    """A Result as the declarer's tricks: ``"NS 11"`` with North or South declaring is
    ``"11"``, with East or West ``"2"``; a ``^`` before it dropped (the tricks agreed stand);
    any other value as it is.

    >>> [declarer_tricks(r, "S") for r in ("NS 11", "EW 2", "EW 2 NS 11", "^9", "10", "")]
    ['11', '11', '11', '9', '10', '']
    >>> declarer_tricks("NS 11", "^W"), declarer_tricks("NS 11", "")
    ('2', 'NS 11')
    """
    text = result.strip().removeprefix("^").strip()
    found = _BY_SIDE.fullmatch(text)
    side = declarer.strip().lstrip("^").upper()
    if found is None or side not in ("N", "E", "S", "W"):
        return text if found is None else result
    ours = "NS" if side in ("N", "S") else "EW"
    first, tricks, second, more = found.groups()
    if first == ours:
        return str(int(tricks))
    if second == ours:
        return str(int(more))
    return str(13 - int(tricks)) if int(tricks) <= 13 else result


def result_form(result: str) -> bool:
    """Whether a Result value is one of PBN's forms (tricks 0-13, by side or not, maybe
    marked ``^``).

    >>> [result_form(r) for r in ("11", "NS 11", "EW 2 NS 11", "^9", "14", "NS", "11 NS")]
    [True, True, True, True, False, False, False]
    """
    text = result.strip().removeprefix("^").strip()
    found = _BY_SIDE.fullmatch(text)
    figures = [g for g in found.groups()[1::2] if g] if found else [text]
    return all(f.isdecimal() and int(f) <= 13 for f in figures)


def plain(values: dict[str, str]) -> dict[str, str]:
    """A game's values in their plain forms: ``##`` headers as their text, the Declarer
    without ``^``, the Result as the declarer's tricks.

    >>> plain({"Event": "##Club", "Declarer": "^E", "Result": "NS 4"})
    {'Event': 'Club', 'Declarer': 'E', 'Result': '9'}
    """
    out = {name: header_value(value) for name, value in values.items()}
    if "Result" in out:
        out["Result"] = declarer_tricks(out["Result"], out.get("Declarer", ""))
    if "Declarer" in out:
        out["Declarer"] = out["Declarer"].lstrip("^")
    return out
