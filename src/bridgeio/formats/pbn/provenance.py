"""What a PBN file holds beyond the model's arrays: every game's text, with its tags in order
and the section lines after each tag, and the file's header lines.

Each deal of a :class:`~bridgeio.model.DealSet` read from PBN owns the stretch of the file
from its game up to the next game with a deal: its own game, the games without a deal that
follow it (a second table's result, a results-only game) and the blank and comment lines
between them. The file's lines before its first game with a deal (``% PBN 2.1``, ``% EXPORT``,
BridgeComposer's option lines, games without a deal) are the preamble. The stretches and the
preamble, one after another, are the file byte for byte.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "g.pbn")
>>> deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
>>> _ = open(path, "w").write(f'% PBN 2.1\\n[Board "1"]\\n[North "Ann"]\\n[Deal "{deal}"]\\n'
...                           '[Auction "N"]\\n1C Pass\\n')
>>> games = bridgeio.read(path).provenance
>>> [name for name, value in games.record(0).tags], games.record(0).tags[1]
(['Board', 'North', 'Deal', 'Auction'], ('North', 'Ann'))
>>> games.record(0).sections, games.preamble, games.contents()
({'Auction': ['1C Pass']}, b'% PBN 2.1\\n', {'auctions': 1, 'player names': 1})
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeio.formats.pbn.scan import Game, escape, scan
from bridgeio.model.deals import NO_SEAT, UNKNOWN_VULNERABILITY
from bridgeio.model.provenance import DealProvenance

CATEGORIES = (
    "games without a deal",
    "auctions",
    "plays",
    "contracts and results",
    "player names",
    "score tables",
    "notes",
    "comments",
    "other PBN tags",
)
"""What :meth:`PbnGames.contents` counts, in the order of :attr:`PbnGames.counts` columns."""
GAMES, AUCTIONS, PLAYS, CONTRACTS, NAMES, SCORE_TABLES, NOTES, COMMENTS, OTHER = range(9)

CARRIED = frozenset(
    {"Deal", "Board", "OptimumResultTable", "Dealer", "Vulnerable", "DoubleDummyTricks"}
    | {"Ability", "Minimax"}
)
"""Tags not counted as left out: the model holds them (Deal, Board, the double-dummy tricks
of an OptimumResultTable, DoubleDummyTricks or Ability tag) or they follow from what it
holds (Dealer and Vulnerable from the board number, Big Deal's Minimax, the par, from the
tricks)."""
_CATEGORY = {
    "Auction": AUCTIONS,
    "Play": PLAYS,
    "Contract": CONTRACTS,
    "North": NAMES,
    "East": NAMES,
    "South": NAMES,
    "West": NAMES,
    "ScoreTable": SCORE_TABLES,
    "TotalScoreTable": SCORE_TABLES,
    "InstantScoreTable": SCORE_TABLES,
    "Note": NOTES,
}
_PART_OF_CONTRACT = frozenset({"Declarer", "Result"})

UTF8, CP1252 = 0, 1
ENCODINGS = ("utf-8", "cp1252")
# cp1252 where it defines a byte, Latin-1 (the C1 control) where it does not: every byte has a
# character and back, so that any file's bytes survive a trip through text (JSON) unchanged.
_CP1252 = "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in range(256))
_FROM_LATIN1 = str.maketrans({chr(b): c for b, c in enumerate(_CP1252) if chr(b) != c})
_TO_LATIN1 = str.maketrans({c: chr(b) for b, c in enumerate(_CP1252) if chr(b) != c})


def category(name: str) -> int | None:
    """The :data:`CATEGORIES` column a tag counts in, None for a tag the model carries.

    >>> CATEGORIES[category("West")], category("Deal"), CATEGORIES[category("Event")]
    ('player names', None, 'other PBN tags')
    """
    if name in CARRIED or name in _PART_OF_CONTRACT:
        return None
    return _CATEGORY.get(name, OTHER)


def trivial(value: str) -> bool:
    """A value that says nothing: empty (not applicable) or ``?`` (unknown)."""
    return value == "" or value == "?"


def decode(data: bytes, encoding: int) -> str:
    """Text of a file's bytes in the encoding it was read with (every byte has a character)."""
    if encoding == UTF8:
        return data.decode("utf-8")
    return data.decode("latin-1").translate(_FROM_LATIN1)


def encode(text: str, encoding: int) -> bytes:
    """The inverse of :func:`decode`; ``ValueError`` for a character the encoding lacks."""
    if encoding == UTF8:
        return text.encode("utf-8")
    try:
        return text.translate(_TO_LATIN1).encode("latin-1")
    except UnicodeEncodeError as error:
        raise ValueError(f"{error.object[error.start]!r} is not a cp1252 character") from None


@dataclass
class GameRecord:
    """One game as text: its tags in order (values unescaped) and the lines after each tag
    (as written, line ends aside)."""

    tags: list[tuple[str, str]]
    sections: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, game: Game, encoding: int) -> GameRecord:
        """A scanned game as text decoded in ``encoding``."""

        def text(latin: str) -> str:
            return decode(latin.encode("latin-1"), encoding)

        record = cls([(tag.name, text(tag.value)) for tag in game.tags])
        for tag in game.tags:
            if tag.section:
                record.sections.setdefault(tag.name, []).extend(text(r.raw) for r in tag.section)
        return record

    def render(self, eol: str = "\n") -> str:
        """The game written the usual way: a tag a line, its section lines below it."""
        lines = []
        done = set()
        for name, value in self.tags:
            lines.append(f'[{name} "{escape(value)}"]')
            if name in self.sections and name not in done:
                lines += self.sections[name]
                done.add(name)
        return eol.join(lines) + eol


@dataclass
class Record:
    """The games a deal owns: its own game first, then the games without a deal after it."""

    games: list[GameRecord]

    @property
    def tags(self) -> list[tuple[str, str]]:
        """The tags of the deal's own game, as ``(name, value)`` pairs."""
        return self.games[0].tags

    @property
    def sections(self) -> dict[str, list[str]]:
        """The section lines of the deal's own game, by tag name."""
        return self.games[0].sections


class PbnGames(DealProvenance):
    """Provenance of deals read from PBN: each deal's stretch of the file as bytes, what its
    Deal, Board, Dealer, Vulnerable and OptimumResultTable said when read (so that the writer
    sees a model edit),
    and per deal how much it holds that other formats leave out (``counts``)."""

    format = "pbn"

    def record_json(self, index: int) -> dict[str, Any]:
        """The ``"pbn"`` object of deal ``index`` in the canonical JSON."""
        return record_document(self, index)

    def __init__(
        self,
        texts: np.ndarray,
        seats: np.ndarray,
        boards: np.ndarray,
        tricks: np.ndarray,
        counts: np.ndarray,
        closed: np.ndarray,
        encodings: np.ndarray,
        order: np.ndarray,
        inherited: np.ndarray | None = None,
        preamble: bytes | None = None,
        preamble_counts: np.ndarray | None = None,
        preamble_encoding: int = UTF8,
        dealers: np.ndarray | None = None,
        vulnerabilities: np.ndarray | None = None,
    ) -> None:
        self.texts = texts
        """Each deal's stretch of the file (an object array of bytes)."""
        self.seats, self.boards, self.tricks = seats, boards, tricks
        """The cards, board number (-1: none) and tricks (15: none) the text says."""
        self.counts = counts
        """``(n, len(CATEGORIES))``: what each stretch holds that other formats leave out."""
        self.closed = closed
        """A blank line ends the stretch (false only for a file's last game)."""
        self.encodings = encodings
        """Per stretch, :data:`UTF8` or :data:`CP1252`: how its bytes are text."""
        self.order = order
        """File identity and position of each game, to tell when a deal changed neighbours."""
        self.inherited = inherited
        """Per deal, the values its ``"#"`` tags took from the game before (None: no ``#``)."""
        self.preamble = preamble
        """The file's lines before its first game with a deal; None in a later chunk."""
        self.preamble_counts = (
            preamble_counts if preamble_counts is not None else np.zeros(len(CATEGORIES), np.int64)
        )
        self.preamble_encoding = preamble_encoding
        n = len(texts)
        self.dealers = dealers if dealers is not None else np.full(n, NO_SEAT, np.uint8)
        """The seat each game's Dealer tag names (:data:`~bridgeio.model.NO_SEAT`: none)."""
        self.vulnerabilities = (
            vulnerabilities
            if vulnerabilities is not None
            else np.full(n, UNKNOWN_VULNERABILITY, np.uint8)
        )
        """The vulnerability code each game's Vulnerable tag names, or unknown."""

    def __len__(self) -> int:
        return len(self.texts)

    def take(self, rows: Any) -> PbnGames:
        """The entries of ``rows``; the preamble stays only where row 0 stays first."""
        picked = np.arange(len(self))[rows]
        keep = self.preamble if len(picked) and picked[0] == 0 else None
        if len(picked) == 0 and isinstance(rows, slice) and (rows.start or 0) == 0:
            keep = self.preamble
        return PbnGames(
            self.texts[rows],
            self.seats[rows],
            self.boards[rows],
            self.tricks[rows],
            self.counts[rows],
            self.closed[rows],
            self.encodings[rows],
            self.order[rows],
            None if self.inherited is None else self.inherited[rows],
            keep,
            self.preamble_counts,
            self.preamble_encoding,
            self.dealers[rows],
            self.vulnerabilities[rows],
        )

    @classmethod
    def join(cls, parts: Sequence[DealProvenance]) -> PbnGames:
        """The entries of ``parts`` one after another, with the first part's preamble."""
        games = [p for p in parts if isinstance(p, PbnGames)]
        if len(games) != len(parts) or not games:
            raise TypeError("PbnGames.join takes PbnGames only")

        def stack(name: str) -> np.ndarray:
            return np.concatenate([getattr(g, name) for g in games])

        inherited = None
        if any(g.inherited is not None for g in games):
            inherited = np.concatenate(
                [g.inherited if g.inherited is not None else np.full(len(g), None) for g in games]
            )
        return cls(
            stack("texts"),
            stack("seats"),
            stack("boards"),
            stack("tricks"),
            stack("counts"),
            stack("closed"),
            stack("encodings"),
            stack("order"),
            inherited,
            games[0].preamble,
            games[0].preamble_counts,
            games[0].preamble_encoding,
            stack("dealers"),
            stack("vulnerabilities"),
        )

    def contents(self) -> dict[str, int]:
        """How many auctions, plays, contracts, player names, score tables, notes, comments,
        games without a deal and other tags (with a value) the games hold."""
        total = self.counts.sum(axis=0, dtype=np.int64)
        if self.preamble is not None:
            total = total + self.preamble_counts
        return {name: int(n) for name, n in zip(CATEGORIES, total, strict=True) if n}

    def games(self, index: int) -> list[Game]:
        """The games of deal ``index``'s stretch as scanned (offsets into its text)."""
        return scan(self.texts[index].decode("latin-1")).games

    def record(self, index: int) -> Record:
        """Deal ``index``'s game and the games without a deal after it, as text."""
        encoding = int(self.encodings[index])
        return Record([GameRecord.of(game, encoding) for game in self.games(index)])

    def text(self, index: int) -> str:
        """Deal ``index``'s stretch of the file as text."""
        return decode(self.texts[index], int(self.encodings[index]))


def line_end(text: bytes) -> bytes:
    """The line end a text uses (CRLF or LF)."""
    return b"\r\n" if b"\r\n" in text else b"\n"


def record_document(games: PbnGames, index: int) -> dict[str, Any]:
    """The ``"pbn"`` object of deal ``index`` (with the preamble when it is the first)."""
    encoding = int(games.encodings[index])
    text = games.text(index)
    record = games.record(index)
    eol = "\r\n" if "\r\n" in text else "\n"
    closed = bool(games.closed[index])
    document: dict[str, Any] = _game(record.games[0])
    if len(record.games) > 1:
        document["games_without_deal"] = [_game(g) for g in record.games[1:]]
    if render(record.games, eol, closed) != text:
        document["text"] = text
    if eol != "\n":
        document["eol"] = eol
    if not closed:
        document["blank_line_after"] = False
    if encoding != UTF8:
        document["encoding"] = ENCODINGS[encoding]
    if index == 0 and games.preamble is not None:
        document["header"] = decode(games.preamble, games.preamble_encoding)
        if games.preamble_encoding != UTF8:
            document["header_encoding"] = ENCODINGS[games.preamble_encoding]
    return document


def _game(game: GameRecord) -> dict[str, Any]:
    return {"tags": [[name, value] for name, value in game.tags], "sections": game.sections}


def render(games: list[GameRecord], eol: str, closed: bool = True) -> str:
    """The stretch of a file that tags and sections alone give: the games, a blank line
    after each (none after the last where ``closed`` is false)."""
    text = eol.join(game.render(eol) for game in games)
    return text + eol if closed else text
