"""PBN games in the canonical JSON: each record of a set read from PBN carries its game under
``"pbn"``, and reading the JSON back restores the provenance, so that a PBN file written from
the JSON is the PBN file written from the original.

A record's ``"pbn"`` object::

    {"tags": [["Event", "Club night"], ["Board", "1"], ...],   # in order, values unescaped
     "sections": {"Auction": ["1NT Pass 3NT AP"], ...},        # the lines after a tag
     "games_without_deal": [{"tags": ..., "sections": ...}],   # games after it, if any
     "text": "...",         # only where tags and sections do not give the file's bytes back
     "eol": "\\r\\n",          # only for CRLF text
     "blank_line_after": false,  # only for the file's last game, when nothing follows it
     "encoding": "cp1252",  # only for text that is not UTF-8
     "header": "% PBN 2.1\\n% EXPORT\\n"}  # the first record only: the file's preamble

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "a.pbn")
>>> deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
>>> _ = open(path, "w").write(f'% PBN 2.1\\n[Board "1"]\\n[Deal "{deal}"]\\n\\n')
>>> document = bridgeio.read(path).provenance.record_json(0)
>>> document["tags"][0], document["header"]
(['Board', '1'], '% PBN 2.1\\n')
"""

from __future__ import annotations

import secrets
from typing import Any

import numpy as np

from bridgeio.errors import FormatError
from bridgeio.formats.pbn.blocks import Findings, Inheritance, parse_slow
from bridgeio.formats.pbn.provenance import (
    CATEGORIES,
    ENCODINGS,
    UTF8,
    GameRecord,
    PbnGames,
    encode,
    render,
)


def restore(documents: Any, path: str) -> PbnGames:
    """The provenance of a deal set from every record's ``"pbn"`` object (the registry's
    ``restore`` for PBN)."""
    if not isinstance(documents, list):
        raise FormatError(path, "records", 'a "pbn" object in every record')
    return games_from_documents(documents, path)


def games_from_documents(documents: list[Any], path: str) -> PbnGames:
    """The provenance of a deal set from its records' ``"pbn"`` objects; each must hold
    exactly one game with a deal (a :class:`~bridgeio.FormatError` names the record)."""
    texts, encodings = [], []
    for i, document in enumerate(documents):
        try:
            text, encoding = _text(document)
            texts.append(encode(text, encoding))
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise FormatError(
                path, f"records[{i}].pbn", f"PBN tags and sections: {error}"
            ) from None
        encodings.append(encoding)
    preamble, preamble_encoding = _preamble(documents[0] if documents else {}, path)
    return _parsed(texts, encodings, preamble, preamble_encoding, path)


def _text(document: dict[str, Any]) -> tuple[str, int]:
    encoding = ENCODINGS.index(document.get("encoding", "utf-8"))
    if "text" in document:
        return str(document["text"]), encoding
    games = [document, *document.get("games_without_deal", [])]
    records = [
        GameRecord(
            [(str(name), str(value)) for name, value in game["tags"]],
            {str(k): [str(r) for r in v] for k, v in game.get("sections", {}).items()},
        )
        for game in games
    ]
    eol = str(document.get("eol", "\n"))
    return render(records, eol, bool(document.get("blank_line_after", True))), encoding


def _preamble(document: Any, path: str) -> tuple[bytes | None, int]:
    if not isinstance(document, dict) or "header" not in document:
        return None, UTF8
    try:
        encoding = ENCODINGS.index(document.get("header_encoding", "utf-8"))
        return encode(str(document["header"]), encoding), encoding
    except ValueError as error:
        raise FormatError(path, "records[0].pbn.header", f"PBN header lines: {error}") from None


def _parsed(
    texts: list[bytes],
    encodings: list[int],
    preamble: bytes | None,
    preamble_encoding: int,
    path: str,
) -> PbnGames:
    """Each text read as PBN (the games' ``"#"`` values carried from one to the next)."""
    findings, inheritance = Findings(path), Inheritance()
    preamble_counts = np.zeros(len(CATEGORIES), dtype=np.int64)
    if preamble:
        read = parse_slow(preamble.decode("latin-1"), True, 1, findings, inheritance)
        preamble_counts = read.preamble_counts
    parts = []
    for i, text in enumerate(texts):
        parsed = parse_slow(text.decode("latin-1"), True, 1, findings, inheritance)
        if len(parsed) != 1 or parsed.starts[0] != 0:
            raise FormatError(path, f"records[{i}].pbn", "one PBN game with a deal, first")
        parts.append(parsed)
    n = len(parts)

    def stack(name: str, shape: tuple[int, ...], dtype: Any) -> np.ndarray:
        if not parts:
            return np.zeros((0, *shape), dtype=dtype)
        return np.concatenate([getattr(p, name) for p in parts]).astype(dtype)

    stretches = np.empty(n, dtype=object)
    stretches[:] = texts
    inherited = np.empty(n, dtype=object)
    inherited[:] = [p.inherited[0] if p.inherited else None for p in parts]
    return PbnGames(
        stretches,
        stack("seats", (52,), np.uint8),
        stack("boards", (), np.int64),
        stack("tricks", (5, 4), np.uint8),
        stack("counts", (len(CATEGORIES),), np.int64),
        np.array([p.closed for p in parts], dtype=bool),
        np.array(encodings, dtype=np.uint8),
        (secrets.randbits(22) << 40) + np.arange(n, dtype=np.int64),
        inherited if any(v is not None for v in inherited) else None,
        preamble,
        preamble_counts,
        preamble_encoding if preamble is not None else UTF8,
        stack("dealers", (), np.uint8),
        stack("vulnerabilities", (), np.uint8),
    )
