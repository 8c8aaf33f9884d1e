"""PBN played boards: a game with ``Contract``/``Declarer``/``Result`` (and no ScoreTable in the
file) is one table's result. Its ``Auction`` (calls from the dealer, ``AP`` for the passes
that end it, ``=n=`` a note on the call before, ``[Note "n:..."]``) and ``Play`` (a row a trick,
each card in its player's column from the opening leader, ``-`` for none, ``*`` where play
stopped) are read into the model; its ``Score`` is checked against contract, tricks and
vulnerability. Pairs are the players' names (N-S, E-W); the games of two rooms
(:mod:`.teams`) a teams match.

>>> from bridgeio.formats.pbn.scan import scan
>>> game = scan('[Auction "N"]\\n1S =1= Pass 2S Pass\\nAP\\n[Note "1: 5+ spades"]\\n'
...             '[Play "E"]\\nCA C4 C6 C3\\n*\\n').games[0]
>>> found: list[tuple[int, str]] = []
>>> auction, play = read_played(game, {"Contract": "2S", "Declarer": "N", "Result": "8"}, found)
>>> auction.texts(), auction.explanations, [str(c) for c in play.cards], play.claim, found
(['1S!', 'P', '2S', 'P', 'P', 'P'], {0: '5+ spades'}, ['CA', 'C4', 'C6', 'C3'], 8, [])
"""

from __future__ import annotations

import re

from bridgeio.formats.pbn.scan import Game, Tag, scan
from bridgeio.model.auction import PASS, Auction, Call
from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Card, Seat
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play, winning_index
from bridgeio.model.results import Board, BoardResult, Direction, Entry, Player, Section

PLAYED = re.compile(r'^[ \t]*\[Contract "(?:[1-7]|pass)', re.MULTILINE | re.IGNORECASE)
"""A game naming a contract (a played board's mark)."""
_NOTE = re.compile(r"=(\d+)=")
_STOPS = ("*", "-", "+")


def has_played(text: str) -> bool:
    """Whether PBN text holds a played board (a game with a contract and its tricks, or
    the auction that reached it).

    >>> has_played('[Contract "4S"]\\n[Result "10"]\\n'), has_played('[Contract ""]')
    (True, False)
    """
    for game in scan(text).games:
        if is_played({t.name: t.value for t in game.tags if t.name in _MARKS}):
            return True
    return False


_MARKS = ("Contract", "Result", "Auction")


def is_played(values: dict[str, str]) -> bool:
    """A played board's game: a contract with its tricks (or passed out), or with the
    auction that reached it (a bidding record: the tricks unknown).

    >>> is_played({"Contract": "1NT", "Auction": "E"}), is_played({"Contract": "1NT"})
    (True, False)
    """
    contract = values.get("Contract", "").strip().upper()
    if not contract or contract in ("?", "-"):
        return False
    if values.get("Auction", "").strip() not in ("", "?", "#"):
        return True
    return contract in ("PASS", "P") or values.get("Result", "").strip().isdecimal()


def contract_of(values: dict[str, str]) -> Contract | None:
    """The game's contract with its declarer; None where it has none or one not read."""
    text, declarer = values.get("Contract", "").strip(), values.get("Declarer", "").strip()
    if not text or text in ("?", "-"):
        return None
    seat = Seat.from_char(declarer) if declarer.upper() in ("N", "E", "S", "W") else None
    try:
        return Contract.parse(text, seat)
    except ValueError:
        return None


def read_played(
    game: Game, values: dict[str, str], problems: list[tuple[int, str]]
) -> tuple[Auction | None, Play | None]:
    """The game's auction and play; what cannot be read goes to ``problems`` (line,
    message) and is left out."""
    notes = _notes(game)
    auction = play = None
    for tag in game.tags:
        try:
            if tag.name == "Auction" and tag.value not in ("", "?", "#"):
                auction = _auction(tag, notes)
            elif tag.name == "Play" and tag.value not in ("", "?", "#"):
                play = _play(tag, values)
        except ValueError as error:
            problems.append((tag.line, f"a {tag.name} section ({error}): not read"))
    return auction, play


def _notes(game: Game) -> dict[str, str]:
    found: dict[str, str] = {}
    for tag in game.tags:
        if tag.name == "Note":
            number, _, text = tag.value.partition(":")
            found.setdefault(number.strip(), text.strip())
    return found


def _tokens(tag: Tag) -> list[str]:
    words = []
    for row in tag.rows:
        if row.startswith(("%", ";")):
            continue
        words += re.sub(r"\{[^}]*\}", " ", row).split(";")[0].split()
    return words


def _auction(tag: Tag, notes: dict[str, str]) -> Auction:
    dealer = Seat.from_char(tag.value.strip())
    calls: list[Call] = []
    alerted: set[int] = set()
    explanations: dict[int, str] = {}
    for word in _tokens(tag):
        note = _NOTE.fullmatch(word)
        if note is not None and calls:
            alerted.add(len(calls) - 1)
            if note.group(1) in notes:
                explanations[len(calls) - 1] = notes[note.group(1)]
        elif word.upper() == "AP":
            while not Auction(dealer, tuple(calls)).complete:
                calls.append(PASS)
        elif word in _STOPS:
            break
        elif word.startswith("^"):
            raise ValueError("a call out of rotation or an insufficient bid, marked ^")
        elif not word.startswith("$") and note is None and word.strip("!?"):
            calls.append(Call.parse(word.rstrip("!?")))
    return Auction(dealer, tuple(calls), frozenset(alerted), explanations)


def _play(tag: Tag, values: dict[str, str]) -> Play:
    contract = contract_of(values)
    if contract is None or contract.passed_out:
        raise ValueError("no contract to play")
    if contract.declarer is None:
        raise ValueError("no declarer: who wins each trick cannot be told")
    first = int(Seat.from_char(tag.value.strip()))  # the column of the opening leader
    trick_leader = first
    winners = int(contract.declarer.next())  # each trick's winner, from the rules' leader
    cards: list[Card] = []
    stopped = False
    words = [w for w in _tokens(tag) if not w.startswith(("$", "=")) and w.strip("!?")]
    if "^L" in words:  # (the trick's seats would not follow from the trick before)
        raise ValueError("a lead out of turn, marked ^L")
    rows = [w for w in words if w != "^R"]  # a revoke: the card stands where it is
    for start in range(0, len(rows), 4):
        row = rows[start : start + 4]
        if "*" in row or len(row) < 4:
            stopped = True
            break
        # a row holds the cards by seat (the opening leader's first): in play order
        trick = [row[(trick_leader + k - first) % 4] for k in range(4)]
        played = [Card.from_text(w) for w in _until_gap(trick)]
        cards += played
        if len(played) < 4:
            stopped = True
            break
        winners = trick_leader = (winners + winning_index(played, contract.strain)) % 4
    else:
        stopped = stopped or len(cards) < 52
    result = values.get("Result", "").strip()
    claim = int(result) if stopped and result.isdecimal() and int(result) <= 13 else None
    return Play(tuple(cards), claim)


def _until_gap(trick: list[str]) -> list[str]:
    out = []
    for word in trick:
        if word in ("-", "+"):
            break
        out.append(word)
    return out


def score_problem(
    values: dict[str, str], vulnerability: Vulnerability, stated: int | None
) -> str | None:
    """What is wrong with a played board's ``Score`` (N-S's ``stated``): the score its
    contract, tricks and vulnerability make where it differs; None where it agrees or
    cannot be figured.

    >>> score_problem({"Contract": "4S", "Declarer": "N", "Result": "10"}, Vulnerability.NONE, 450)
    'a score of NS 420 for 4S by N making 10 tricks (vulnerable None), found NS 450'
    """
    contract = contract_of(values)
    result = values.get("Result", "").strip()
    if stated is None or contract is None:
        return None
    if not contract.passed_out and (contract.declarer is None or not result.isdecimal()):
        return None
    tricks = int(result) if result.isdecimal() else 0
    if tricks > 13:
        return None
    expected = contract.ns_score(tricks, vulnerability)
    if expected == stated:
        return None
    declarer = contract.declarer
    by = "" if declarer is None else f" by {declarer.char}"
    return (
        f"a score of NS {expected} for {contract.text}{by} making {tricks} tricks "
        f"(vulnerable {vulnerability.text}), found NS {stated}"
    )


class PlayedPairs:
    """The sections of a file's played boards without teams: a line a game, its pairs the
    names of its N-S and E-W players (an entry a pair of names), table by table as read."""

    def __init__(self) -> None:
        self.boards: dict[int, Board] = {}
        self.pairs: dict[tuple[Direction, str, str], Entry] = {}

    def add(self, board: int, names: dict[str, str], line: BoardResult) -> None:
        """A game's line on ``board``, its pairs from ``names`` (by seat tag)."""
        line.ns = self._pair(Direction.NS, names.get("North", ""), names.get("South", ""))
        line.ew = self._pair(Direction.EW, names.get("East", ""), names.get("West", ""))
        found = self.boards.setdefault(board, Board(board))
        line.round, line.table = 1, len(found.results) + 1
        found.results.append(line)

    def _pair(self, side: Direction, first: str, second: str) -> int:
        if not (first or second):
            return 0
        key = (side, first, second)
        if key not in self.pairs:
            number = 1 + sum(1 for k in self.pairs if k[0] is side)
            players = [Player(last_name=n) for n in (first, second)]
            self.pairs[key] = Entry(f"{number}{side.value}", number, side, players=players)
        return self.pairs[key].number

    def section(self) -> Section:
        """The one section of the lines read."""
        section = Section("", movement="", entries=list(self.pairs.values()))
        section.results = [self.boards[n] for n in sorted(self.boards)]
        section.boards = len(section.results) or None
        section.rounds = 1 if section.results else None
        section.tables = max((len(b.results) for b in section.results), default=0) or None
        return section


def played_line(values: dict[str, str], stated: int | None) -> BoardResult:
    """A played board's line (pairs 0 until placed): contract, tricks, the N-S score
    ``stated`` (its ``Score``), ``ScoreIMP`` as points, ``ScorePercentage`` kept."""
    from bridgeio.formats.pbn.lines import PbnCells
    from bridgeio.formats.pbn.teams import imps_of_tag

    result = values.get("Result", "").strip()
    tricks = int(result) if result.isdecimal() and int(result) <= 13 else None
    imps = imps_of_tag(values.get("ScoreIMP", ""))
    kept = {k: values[k] for k in ("ScorePercentage",) if values.get(k)}
    return BoardResult(
        1,
        1,
        0,
        0,
        ns_score=stated,
        ew_score=None if stated is None else -stated,
        ns_points=imps[0],
        ew_points=imps[1],
        contract=contract_of(values),
        tricks=tricks,
        kept=PbnCells(cells=kept) if kept else None,
    )
