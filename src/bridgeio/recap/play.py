"""A table's auction and play as the recap shows them: the auction in the usual four-column
grid (West, North, East, South; blank cells before the dealer), each alerted call numbered to
its explanation, and the play trick by trick (who led, the four cards, who won).

>>> from bridgeio.model.auction import Auction
>>> from bridgeio.model.cards import Seat
>>> from bridgeio.model.contract import Contract
>>> from bridgeio.model.play import Play
>>> shown = play_view(Auction.parse(Seat.NORTH, "1S P 2S! P P P".split(), {2: "weak"}),
...                   Play.parse("HA H2 H3 H4".split(), claim=8), Contract.parse("2S", "N"))
>>> [[c.plain if c else "" for c in row] for row in shown.rounds]
[['', '1S', 'P', '2S*1'], ['P', 'P', 'P', '']]
>>> shown.notes, [(t.leader, t.winner) for t in shown.tricks], shown.claim
([(1, 'weak')], [('E', 'E')], 'Declarer claimed 8 tricks in all.')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgeio.model.auction import Auction, Call
from bridgeio.model.cards import Seat, Strain
from bridgeio.model.contract import Contract
from bridgeio.model.play import Play
from bridgeio.recap.text import CardText, card_text

COLUMNS = ("W", "N", "E", "S")
"""The grid's columns, as bridge sites show an auction."""
_COLUMN = {Seat.WEST: 0, Seat.NORTH: 1, Seat.EAST: 2, Seat.SOUTH: 3}
_WORDS = ("Pass", "X", "XX")
_UNEXPLAINED = "alerted (no explanation given)"


@dataclass(frozen=True)
class CallText:
    """A call for a template: a bid's level and strain letter (``"NT"`` or a suit), or
    ``word`` (``Pass``, ``X``, ``XX``); ``note``: its alert's number (0: not alerted) and
    ``alert`` its explanation."""

    level: int
    strain: str
    word: str
    note: int = 0
    alert: str = ""

    @property
    def plain(self) -> str:
        """As plain text (``"2S*1"``, ``"P"``): for tests."""
        text = f"{self.level}{self.strain}" if self.level else self.word
        text = "P" if text == "Pass" else text
        return text + (f"*{self.note}" if self.note else "")


@dataclass(frozen=True)
class TrickView:
    """One trick: its number, who led and who won (letters; empty while incomplete), and
    its cards in the grid's columns (None: not played)."""

    number: int
    leader: str
    winner: str
    cards: tuple[CardText | None, ...]
    costs: tuple[int, ...] = (0, 0, 0, 0)  # in the grid's columns: tricks each card cost

    @property
    def led(self) -> int:
        """The column of the card led."""
        return COLUMNS.index(self.leader)


@dataclass
class PlayView:
    """A line's auction (rows of four cells, West first) with its alerts' notes, and its
    tricks; ``claim`` says how the play ended when it stopped before the last trick."""

    rounds: list[list[CallText | None]] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)
    tricks: list[TrickView] = field(default_factory=list)
    claim: str = ""
    room: str = ""  # "open" or "closed": a teams line's room
    lost: tuple[int, int] | None = None  # solved: tricks lost by declarer's side, defenders'

    @property
    def summary(self) -> str:
        """What the line's details hold (``"Auction and play"``)."""
        parts = [p for p, has in (("Auction", self.rounds), ("play", self.tricks)) if has]
        return " and ".join(parts).capitalize()

    @property
    def lost_text(self) -> str:
        """The solved play's tricks lost by each side, as the legend says them."""
        if self.lost is None:
            return ""
        ours, theirs = (tricks_word(n) for n in self.lost)
        return f"Declarer's side lost {ours} and the defenders {theirs}."


def tricks_word(count: int) -> str:
    """``"1 trick"``, ``"2 tricks"``, ``"no trick"``.

    >>> tricks_word(0), tricks_word(1), tricks_word(3)
    ('no trick', '1 trick', '3 tricks')
    """
    return "no trick" if count == 0 else f"{count} trick" + ("s" if count > 1 else "")


def play_view(
    auction: Auction | None, play: Play | None, contract: Contract | None, room: str | None = None
) -> PlayView:
    """The auction and play of a line (either may be None); an empty view for neither."""
    shown = PlayView(room=room or "")
    if auction is not None:
        _add_auction(shown, auction)
    if play is not None:
        _add_play(shown, play, contract)
    return shown


def _add_auction(shown: PlayView, auction: Auction) -> None:
    cells: list[CallText | None] = [None] * _COLUMN[auction.dealer]
    for index, call in enumerate(auction.calls):
        note, explanation = 0, auction.explanations.get(index)
        if index in auction.alerted or explanation is not None:
            note, explanation = len(shown.notes) + 1, explanation or _UNEXPLAINED
            shown.notes.append((note, explanation))
        cells.append(call_text(call, note, explanation or ""))
    cells += [None] * (-len(cells) % 4)
    shown.rounds = [cells[i : i + 4] for i in range(0, len(cells), 4)]


def call_text(call: Call, note: int = 0, alert: str = "") -> CallText:
    """A call as :class:`CallText`.

    >>> call_text(Call.parse("3NT")).strain, call_text(Call.parse("X"), 2, "t/o").plain
    ('NT', 'X*2')
    """
    strain = call.strain
    if strain is None:
        return CallText(0, "", _WORDS[call], note, alert)
    text = "NT" if strain is Strain.NOTRUMP else strain.text
    return CallText(call.level, text, "", note, alert)


def _add_play(shown: PlayView, play: Play, contract: Contract | None) -> None:
    if contract is None or contract.declarer is None or contract.strain is None:
        return  # who played which card follows from the contract alone
    costs = getattr(play, "costs", ())  # a SolvedPlay's (bridgeio.recap.costs)
    ours = contract.declarer.value % 2
    lost = [0, 0]
    for number, trick in enumerate(play.tricks(contract.declarer.next(), contract.strain), 1):
        cells: list[CardText | None] = [None] * 4
        paid = [0] * 4
        for offset, card in enumerate(trick.cards):
            seat, index = trick.leader.next(offset), 4 * (number - 1) + offset
            cells[_COLUMN[seat]] = card_text(card)
            if index < len(costs):
                paid[_COLUMN[seat]] = costs[index]
                lost[int(seat.value % 2 != ours)] += costs[index]
        winner = "" if trick.winner is None else trick.winner.char
        shown.tricks.append(TrickView(number, trick.leader.char, winner, tuple(cells), tuple(paid)))
    if costs:
        shown.lost = (lost[0], lost[1])
    if play.claim is not None:
        shown.claim = f"Declarer claimed {play.claim} tricks in all."
