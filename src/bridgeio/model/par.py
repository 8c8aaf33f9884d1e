"""Par: the score both sides reach when each bids as far as it pays on double-dummy tricks.

The auction is solved as a game on the 35 contracts, ranked 1C < 1D < ... < 7NT. A side that
bids a contract is either left there (doubled when it goes down, undoubled when it makes) or
outbid by the opponents; the dealer's side has the first chance to bid, so when both sides
can make the same contract the dealer's side gets it. Each side plays a strain from the seat
that takes more tricks. Scores come from :func:`~bridgeio.model.contract.duplicate_score`.

Par contracts are listed the way DDS lists them. When the side that owns the deal plays it,
each strain where it scores par, from the lowest level over which the opponents have no
cheaper sacrifice (nor a making contract) to the highest level that scores the same. When the
opponents sacrifice, each of their doubled contracts that costs exactly par and that the owner
would double rather than outbid, above the owner's best contract.

>>> t = np.full((5, 4), 6, dtype=np.uint8)
>>> t[Strain.SPADES] = (10, 3, 10, 3)  # North-South make ten tricks in spades
>>> p = par(t, Seat.NORTH, Vulnerability.NONE)
>>> p.score, p.optimum_score, p.par_contract, p.dds_contracts()
(420, 'NS 420', 'NS 4S', 'NS:NS 4S')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from bridgeio.model.board import Vulnerability, dealer, vulnerability
from bridgeio.model.cards import Seat, Strain
from bridgeio.model.contract import Contract, Doubling, duplicate_score
from bridgeio.model.deals import DealSet

_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
"""Strains from the lowest-ranking; contract ``k`` is level ``k // 5 + 1`` in ``_ORDER[k % 5]``."""
_SIDES = ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_DDS_STRAIN = {Strain.NOTRUMP: "N"}
_MANY = 1 << 20  # larger than any score


@dataclass(frozen=True)
class ParContract:
    """One par contract: at its lowest level, doubled when it is a sacrifice, with the seats
    of the side that take ``tricks`` in its strain (both, or the one that takes more).

    ``top`` is the highest level that scores the same (DDS writes ``"345N"`` for 3NT to 5NT).

    >>> c = ParContract(Contract.parse("3NT", "N"), (Seat.NORTH, Seat.SOUTH), 11, 5)
    >>> c.text, c.dds_text, c.overtricks, c.dds_overtricks_text
    ('NS 3NT', 'NS 345N', 2, '3N-NS+2')
    """

    contract: Contract
    seats: tuple[Seat, ...]
    tricks: int
    top: int

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"`` when both seats of the side declare it alike, else the seat."""
        return "".join(seat.char for seat in self.seats)

    @property
    def overtricks(self) -> int:
        """Tricks over the contract at its lowest level; negative for undertricks."""
        return self.tricks - self.contract.level - 6

    @property
    def text(self) -> str:
        """PBN's ``ParContract`` spelling: ``"NS 4S"``, ``"EW 5HX"``."""
        return f"{self.side} {self.contract.text}"

    @property
    def dds_text(self) -> str:
        """DDS's ``Par`` spelling: levels, strain (``N`` for notrump), ``x`` when doubled."""
        levels = "".join(str(level) for level in range(self.contract.level, self.top + 1))
        return f"{self.side} {levels}{self._strain}{'x' * self.contract.doubling}"

    @property
    def dds_overtricks_text(self) -> str:
        """DDS's ``DealerPar`` spelling: ``"4S*-EW-1"``, ``"3N-NS+2"``, ``"2S-EW"``."""
        doubled = "*" * self.contract.doubling
        extra = f"{self.overtricks:+d}" if self.overtricks else ""
        return f"{self.contract.level}{self._strain}{doubled}-{self.side}{extra}"

    @property
    def _strain(self) -> str:
        strain = self.contract.strain
        assert strain is not None
        return _DDS_STRAIN.get(strain, strain.text)


@dataclass(frozen=True)
class Par:
    """The par of a deal: ``score`` from North-South's side and the par ``contracts`` (none
    when the deal is passed out).

    >>> p = Par(-100, (ParContract(Contract.parse("5HX", "N"), (Seat.NORTH,), 10, 5),))
    >>> p.optimum_score, p.par_contract, p.dds_score("EW"), p.dds_contracts("EW")
    ('NS -100', 'N 5HX', 'EW 100', 'EW:N 5Hx')
    """

    score: int
    contracts: tuple[ParContract, ...]

    @classmethod
    def of(cls, tricks: np.ndarray, dealer: Seat, vulnerability: Vulnerability) -> Par | None:
        """:func:`par` (``bridgeio.model.par`` names the module, so the model exports this)."""
        return par(tricks, dealer, vulnerability)

    @property
    def optimum_score(self) -> str:
        """PBN's ``OptimumScore``: ``"NS 420"``."""
        return f"NS {self.score}"

    @property
    def par_contract(self) -> str:
        """PBN's ``ParContract``: the contracts joined with ``","``, ``"Pass"`` for none."""
        return ",".join(c.text for c in self.contracts) or "Pass"

    def dds_score(self, view: str = "NS") -> str:
        """DDS's par score from ``view``'s side (``"NS"`` or ``"EW"``): ``"NS -110"``."""
        return f"{view} {self.score if view == 'NS' else -self.score}"

    def dds_contracts(self, view: str = "NS") -> str:
        """DDS's par contracts as seen from ``view``: ``"NS:EW 2S"``, ``"NS:EW 2Nx,EW 3Cx"``."""
        return f"{view}:" + (",".join(c.dds_text for c in self.contracts) or "pass")

    @property
    def text(self) -> str:
        """One line for a person: ``"NS 420: NS 4S"``, ``"NS 0: Pass"``."""
        return f"{self.optimum_score}: {self.par_contract}"


def par(tricks: np.ndarray, dealer: Seat, vulnerability: Vulnerability) -> Par | None:
    """The par of one deal from its ``(5, 4)`` double-dummy tricks (strain S H D C NT by
    declarer N E S W); None when a trick count is unknown.

    >>> t = np.full((5, 4), 6, dtype=np.uint8)
    >>> t[Strain.NOTRUMP] = (7, 7, 6, 6)  # North and East each make 1NT: who bids it first?
    >>> par(t, Seat.EAST, Vulnerability.NONE).text, par(t, Seat.SOUTH, Vulnerability.NONE).text
    ('NS -90: E 1NT', 'NS 90: N 1NT')
    >>> t[0, 0] = 15  # UNKNOWN_TRICKS
    >>> par(t, Seat.NORTH, Vulnerability.NONE) is None
    True
    """
    if tricks.shape != (5, 4):
        raise ValueError(f"tricks must have shape (5, 4), not {tricks.shape}")
    if (tricks > 13).any():
        return None
    vul = np.array([vulnerability.is_vulnerable(s[0]) for s in _SIDES])
    scores, best = _contract_scores(tricks[None], vul[None])
    first = np.array([_side(dealer)])
    values, root = _solve(scores, first)
    ns = int(root[0])
    if ns == 0:
        return Par(0, ())
    owner = 0 if ns > 0 else 1
    found = _made(tricks, scores[0], best[0], owner, abs(ns), int(first[0]))
    found += _sacrifices(tricks, scores[0], values[0], best[0], owner, abs(ns), int(first[0]))
    return Par(ns, tuple(found))


def par_scores(deals: DealSet) -> np.ndarray:
    """North-South's par score of every deal (dealer and vulnerability by board number), as an
    ``int32`` array with ``-1_000_000`` where the tricks are unknown or missing.

    >>> t = np.full((1, 5, 4), 6, dtype=np.uint8); t[0, Strain.NOTRUMP] = (9, 4, 9, 4)
    >>> par_scores(DealSet(tricks=t, boards=np.array([2]))).tolist()  # NS vulnerable
    [600]
    """
    n = len(deals)
    if deals.tricks is None or deals.target is not None:
        return np.full(n, UNKNOWN_PAR, dtype=np.int32)
    cycle = (deals.board_numbers() - 1) % 16  # dealer and vulnerability repeat every 16 boards
    dealers = _DEALER_SIDES[cycle].reshape(n)
    vul = _VULNERABLE[cycle].reshape(n, 2)
    scores, _ = _contract_scores(deals.tricks, vul)
    _, root = _solve(scores, dealers)
    root[(deals.tricks > 13).any(axis=(1, 2))] = UNKNOWN_PAR
    return root


UNKNOWN_PAR = -1_000_000
"""The value :func:`par_scores` gives a deal whose par is not known."""


def _side(seat: Seat) -> int:
    return int(seat) % 2


_DEALER_SIDES = np.array([_side(dealer(b)) for b in range(1, 17)], dtype=np.int64)
_VULNERABLE = np.array(
    [[vulnerability(b).is_vulnerable(s[0]) for s in _SIDES] for b in range(1, 17)], dtype=bool
)
"""Of boards 1-16 (the cycle repeats): the dealer's side (0 N-S, 1 E-W), who is vulnerable."""


@functools.cache
def _score_table() -> np.ndarray:
    """``[vulnerable, contract, tricks]``: the declaring side's score, doubled when it fails."""
    table = np.zeros((2, 35, 14), dtype=np.int32)
    for k in range(35):
        level, strain = k // 5 + 1, _ORDER[k % 5]
        made = Contract(level, strain)
        failed = Contract(level, strain, Doubling.DOUBLED)
        for vul in (0, 1):
            for t in range(14):
                contract = made if t >= level + 6 else failed
                table[vul, k, t] = duplicate_score(contract, t, bool(vul))
    return table


def _contract_scores(tricks: np.ndarray, vul: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(n, 2, 35)`` each side's score for each contract, and ``(n, 2, 5)`` its tricks by
    strain in ``_ORDER`` (the better of its two declarers); unknown counts read as 13."""
    t = np.minimum(tricks, 13).astype(np.int64)[:, list(_ORDER), :]  # (n, 5 strains, 4 seats)
    best = np.stack([t[:, :, [0, 2]].max(axis=2), t[:, :, [1, 3]].max(axis=2)], axis=1)
    k = np.arange(35)
    side_tricks = best[:, :, k % 5]  # (n, 2, 35)
    scores = _score_table()[vul.astype(np.int64)[:, :, None], k, side_tricks]
    return scores, best


def _solve(scores: np.ndarray, first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The auction game: ``values[:, x, k]`` is what side ``x`` gets (its own view) after
    bidding contract ``k`` with the best play of both sides thereafter; ``root`` is North-South's
    par when side ``first`` (0 NS, 1 EW) may bid first."""
    n = len(scores)
    values = np.zeros_like(scores)
    outbid = np.full((n, 2), _MANY, dtype=scores.dtype)  # best for x when the other outbids
    for k in range(34, -1, -1):
        values[:, :, k] = np.minimum(scores[:, :, k], outbid)
        outbid = np.minimum(outbid, -values[:, ::-1, k])
    best = values.max(axis=2)  # (n, 2): each side's best opening bid
    rows = np.arange(n)
    mine, theirs = best[rows, first], best[rows, 1 - first]
    # Four chances to open before a pass-out: first side, other side, first side, other side.
    fourth = np.maximum(theirs, 0)
    third = np.maximum(mine, -fourth)
    second = np.maximum(theirs, -third)
    opener = np.maximum(mine, -second)
    return values, np.where(first == 0, opener, -opener).astype(np.int32)


def _seats(tricks: np.ndarray, side: int, strain: Strain, taken: int) -> tuple[Seat, ...]:
    return tuple(s for s in _SIDES[side] if int(tricks[strain, s]) == taken)


def _made(
    tricks: np.ndarray, scores: np.ndarray, best: np.ndarray, side: int, target: int, first: int
) -> list[ParContract]:
    """The owner's making contracts at the par score, one a strain, at the levels where no
    contract of the opponents above it costs them less (a sacrifice they would take)."""
    cheapest = _cheapest_above(-scores[1 - side], first != side)[:35]
    found = []
    for j, strain in enumerate(_ORDER):
        levels = [
            k // 5 + 1
            for k in range(j, 35, 5)
            if scores[side, k] == target and cheapest[k] >= target
        ]
        if levels:
            taken = int(best[side, j])
            seats = _seats(tricks, side, strain, taken)
            contract = Contract(levels[0], strain, declarer=seats[0])
            found.append(ParContract(contract, seats, taken, levels[-1]))
    return found


def _cheapest_above(costs: np.ndarray, first: bool) -> np.ndarray:
    """``[k]``: the least of ``costs`` over the contracts a side can bid over ``k``: those
    above it, and ``k`` itself when that side bids first (``_MANY`` for none)."""
    above = np.append(np.minimum.accumulate(costs[::-1])[::-1], _MANY)
    return above if first else above[1:]


def _sacrifices(
    tricks: np.ndarray,
    scores: np.ndarray,
    values: np.ndarray,
    best: np.ndarray,
    owner: int,
    target: int,
    first: int,
) -> list[ParContract]:
    """The opponents' doubled contracts that cost exactly the par score and are left there,
    above the owner's best contract: the highest-scoring one that no making contract of the
    opponents outbids, at its highest level of that score (the next best when none is found)."""
    side = 1 - owner
    unbeaten = _cheapest_above(-scores[side], first == side)[:35] > 0  # none of theirs makes
    bases = np.flatnonzero((scores[owner] > target) & unbeaten)
    for base in sorted(bases.tolist(), key=lambda k: (-scores[owner, k], -k)):
        found = []
        for k in range(base if first == side else base + 1, 35):
            if scores[side, k] == -target and values[side, k] == -target:
                strain, taken = _ORDER[k % 5], int(best[side, k % 5])
                seats = _seats(tricks, side, strain, taken)
                contract = Contract(k // 5 + 1, strain, Doubling.DOUBLED, seats[0])
                found.append(ParContract(contract, seats, taken, k // 5 + 1))
        if found:
            return found
    return []
