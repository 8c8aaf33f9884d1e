"""The deals of LIN's ``md`` tags: hands South, West, North, East, each ``S...H...D...C...``
(ranks in any order, ten ``T`` or ``10``), the fourth hand filled in where it is left out and
the others hold 13 cards each.

A file's deals are read at once, as arrays (:func:`read_hands`); a deal that is not sound (a
card twice, a hand of more than 13, a character that is neither a suit nor a rank) is read
again by :func:`parse_hands`, which says what is wrong.

>>> seats, wrong = read_hands(["S2,SA,SK,", "SAKQJT98765432,HAKQJT98765432,DAKQJT98765432,",
...                            "SA,SA,,"])
>>> [Seat(seats[0][c]).char for c in (0, 1, 12)], int(seats[0][13]), Seat(seats[1][51]).char
(['W', 'N', 'S'], 255, 'E')
>>> wrong
[2]
"""

from __future__ import annotations

import numpy as np

from bridgeio.model.cards import RANKS, Card, Seat
from bridgeio.model.deals import NO_SEAT

LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_SEAT_OF_HAND = np.array([int(s) for s in LIN_SEATS] + [NO_SEAT], dtype=np.uint8)
_SUIT, _COMMA, _END, _OTHER = 20, 30, 31, 255
_CODES = np.full(256, _OTHER, dtype=np.uint8)
"""Each byte's meaning in a deal: a rank's index 0-12, a suit 20-23 (S, H, D, C), a comma, the
end of a deal (``;``), or anything else."""
for _index, _rank in enumerate(RANKS):
    _CODES[ord(_rank)] = _index
for _index, _suit in enumerate("SHDC"):
    _CODES[ord(_suit)] = _SUIT + _index
_CODES[ord(",")], _CODES[ord(";")] = _COMMA, _END


def read_hands(deals: list[str]) -> tuple[np.ndarray, list[int]]:
    """The seat of each card of each deal (a row of 52), and which deals are not sound (their
    rows left unplaced, for :func:`parse_hands` to say why)."""
    count = len(deals)
    if not count:
        return np.zeros((0, 52), dtype=np.uint8), []
    text = ";".join(deals).upper().replace("10", "T") + ";"
    if text.count(";") != count:  # a deal holding the separator: not a sound one
        text = ";".join(d.replace(";", "?") for d in deals).upper().replace("10", "T") + ";"
    codes = _CODES[np.frombuffer(text.encode("ascii", "replace"), dtype=np.uint8)]
    end, comma = codes == _END, codes == _COMMA
    of_byte = np.cumsum(end, dtype=np.int32) - end  # each byte's deal
    commas = np.cumsum(comma, dtype=np.int32)
    hand = commas - comma - np.concatenate(([0], commas[end][:-1]))[of_byte]
    np.minimum(hand, 4, out=hand)
    marked = codes >= _SUIT  # a suit, a comma or an end: what a rank's suit is read from
    last = np.maximum.accumulate(np.where(marked, np.arange(len(codes), dtype=np.int32), 0))
    suit = codes[last]  # a suit 20-23; else (a comma, an end, or none) no suit is in force
    rank = codes < 13
    wrong = (codes == _OTHER) | rank & ((suit > _SUIT + 3) | ~marked[last])
    wrong |= (hand == 4) & ~comma & ~end  # a fifth hand
    placed = rank & ~wrong
    deal, hand = of_byte[placed], hand[placed]
    card = deal * 52 + (suit[placed].astype(np.int32) - _SUIT) * 13 + codes[placed]
    wrong_deals = np.zeros(count, dtype=bool)
    wrong_deals[of_byte[wrong]] = True
    wrong_deals |= (np.bincount(card, minlength=count * 52) > 1).reshape(count, 52).any(axis=1)
    held = np.bincount(deal * 5 + hand, minlength=count * 5)
    held = held.reshape(count, 5)[:, :4]
    wrong_deals |= (held > 13).any(axis=1)
    placing = np.full(count * 52, NO_SEAT, dtype=np.uint8)
    placing[card] = _SEAT_OF_HAND[hand]
    seats = placing.reshape(count, 52)
    three = (held[:, :3] == 13).all(axis=1) & (held[:, 3] == 0) & ~wrong_deals
    seats[three] = np.where(seats[three] == NO_SEAT, np.uint8(Seat.EAST), seats[three])
    seats[wrong_deals] = NO_SEAT
    return seats, np.flatnonzero(wrong_deals).tolist()


def parse_hands(value: str) -> np.ndarray:
    """The seat of each card of one deal (see the module); ``ValueError`` where a card is given
    twice, a hand holds more than 13, or a character is not a suit or a rank.

    >>> seats = parse_hands("S2,SA,SK,"); [Seat(seats[c]).char for c in (0, 1, 12)], int(seats[13])
    (['W', 'N', 'S'], 255)
    """
    seats = np.full(52, NO_SEAT, dtype=np.uint8)
    hands = value.upper().replace("10", "T").split(",")
    if len(hands) > 4 and any(h for h in hands[4:]):
        raise ValueError(f"four hands, found {len(hands)}")
    counts = [0, 0, 0, 0]
    for index, hand in enumerate(hands[:4]):
        suit = -1
        for char in hand:
            if char in "SHDC":
                suit = "SHDC".index(char)
            elif char in RANKS and suit >= 0:
                card = suit * 13 + RANKS.index(char)
                if seats[card] != NO_SEAT:
                    raise ValueError(f"{Card(card)} is given twice")
                seats[card] = LIN_SEATS[index]
                counts[index] += 1
            else:
                raise ValueError(f"a suit letter or a rank, found {char!r}")
        if counts[index] > 13:
            raise ValueError(f"13 cards a hand, found {counts[index]}")
    if counts[:3] == [13, 13, 13] and counts[3] == 0:
        seats[seats == NO_SEAT] = Seat.EAST
    return seats
