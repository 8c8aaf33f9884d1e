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
>>> p.score, p.optimum_score, p.par_contract
(420, 'NS 420', 'NS 4S')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from bridgeio.model.board import Vulnerability
from bridgeio.model.cards import Seat, Strain
from bridgeio.model.contract import Contract, Doubling, duplicate_score
from bridgeio.model.deals import UNKNOWN_TRICKS, DealSet

_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
"""Strains from the lowest-ranking; contract ``k`` is level ``k // 5 + 1`` in ``_ORDER[k % 5]``."""
_SIDES = ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_MANY = 10_000  # more than any score (the most is 3,800: 7NT doubled, vulnerable, 13 down)


@dataclass(frozen=True)
class ParContract:
    """One par contract: at its lowest level, doubled when it is a sacrifice, with the seats
    of the side that take ``tricks`` in its strain (both, or the one that takes more).

    ``top`` is the highest level that scores the same (DDS writes ``"345N"`` for 3NT to 5NT).

    >>> c = ParContract(Contract.parse("3NT", "N"), (Seat.NORTH, Seat.SOUTH), 11, 5)
    >>> c.text, c.overtricks
    ('NS 3NT', 2)
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


@dataclass(frozen=True)
class Par:
    """The par of a deal: ``score`` from North-South's side and the par ``contracts`` (none
    when the deal is passed out).

    >>> p = Par(-100, (ParContract(Contract.parse("5HX", "N"), (Seat.NORTH,), 10, 5),))
    >>> p.optimum_score, p.par_contract, p.text
    ('NS -100', 'N 5HX', 'NS -100: N 5HX')
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
    scores, best, _ = _contract_scores(tricks[None], vul[None])
    first = np.array([_side(dealer)])
    values, root = _solve(scores, first)
    ns = int(root[0])
    if ns == 0:
        return Par(0, ())
    owner = 0 if ns > 0 else 1
    scores, values, best = scores[:, :, 0].T, values[:, :, 0].T, best[:, :, 0]  # one deal's
    found = _made(tricks, scores, best, owner, abs(ns), int(first[0]))
    found += _sacrifices(tricks, scores, values, best, owner, abs(ns), int(first[0]))
    return Par(ns, tuple(found))


@dataclass(frozen=True, eq=False)
class ParSet:
    """The par of every deal of a set, worked out for all of them at once by :func:`par_set`
    (the same :class:`Par` as :func:`par` gives each deal; ``pars[i]`` builds it).

    * ``score``: ``(n,)`` North-South's par score, :data:`UNKNOWN_PAR` where a count is unknown;
    * ``level``: ``(n, 5)`` for each strain from clubs up, the lowest level at which the side
      with the par score makes a par contract in it; 0 where it has none;
    * ``top``: ``(n, 5)`` the highest level of that strain that scores the same;
    * ``seats``: ``(n, 5)`` the seats that declare it: bit 0 the side's first seat (N or E),
      bit 1 its second (S or W);
    * ``sacrifices``: ``(n, 35)`` for each contract of the other side (0 = 1C, 1 = 1D ...
      34 = 7NT) the seats of it (as ``seats``) where it is a doubled par sacrifice, else 0;
    * ``taken``: ``(n, 2, 5)`` each side's tricks by strain from clubs up (its better seat).

    >>> t = np.full((2, 5, 4), 6, dtype=np.uint8)
    >>> t[0, Strain.SPADES] = (10, 3, 10, 3); t[1, 0, 0] = 15
    >>> pars = par_set(t, np.array([0, 0]), np.zeros((2, 2), dtype=bool))
    >>> pars.score.tolist(), pars[0].text, pars[1]
    ([420, -1000000], 'NS 420: NS 4S', None)
    """

    score: np.ndarray
    level: np.ndarray
    top: np.ndarray
    seats: np.ndarray
    sacrifices: np.ndarray
    taken: np.ndarray

    def __len__(self) -> int:
        return len(self.score)

    def __getitem__(self, i: int) -> Par | None:
        score = int(self.score[i])
        if score == UNKNOWN_PAR:
            return None
        owner = int(score < 0)
        found = []
        for strain in np.flatnonzero(self.level[i]).tolist():
            level, seats = int(self.level[i, strain]), int(self.seats[i, strain])
            found.append(self._contract(i, owner, level, strain, seats, int(self.top[i, strain])))
        for k in np.flatnonzero(self.sacrifices[i]).tolist():
            level, strain, seats = k // 5 + 1, k % 5, int(self.sacrifices[i, k])
            found.append(self._contract(i, 1 - owner, level, strain, seats, level, doubled=True))
        return Par(score, tuple(found))

    def _contract(
        self, i: int, side: int, level: int, strain: int, mask: int, top: int, doubled: bool = False
    ) -> ParContract:
        seats = tuple(s for bit, s in enumerate(_SIDES[side]) if mask >> bit & 1)
        contract = Contract(level, _ORDER[strain], Doubling(doubled), seats[0])
        return ParContract(contract, seats, int(self.taken[i, side, strain]), top)

    @classmethod
    def of(cls, deals: DealSet, boards: np.ndarray | None = None) -> ParSet:
        """The par of every deal of a set, dealer and vulnerability as the set states them,
        else by board number (the set's own, or ``boards``); unknown for every deal of a set
        with one declarer's tricks only (ZRJ).

        >>> t = np.full((1, 5, 4), 6, dtype=np.uint8); t[0, Strain.NOTRUMP] = (9, 4, 9, 4)
        >>> ParSet.of(DealSet(tricks=t, boards=np.array([2])))[0].text  # NS vulnerable
        'NS 600: NS 3NT'
        >>> stated = DealSet(tricks=t, boards=np.array([2]), vulnerability=np.array([0], np.uint8))
        >>> ParSet.of(stated)[0].text  # the file says none vulnerable
        'NS 400: NS 3NT'
        """
        n = len(deals)
        if deals.tricks is None or deals.target is not None:
            tricks = np.full((n, 5, 4), UNKNOWN_TRICKS, dtype=np.uint8)
        else:
            tricks = deals.tricks
        dealers, vulnerable = _dealers_and_vulnerable(deals, boards)
        return par_set(tricks, dealers, vulnerable)


def par_set(tricks: np.ndarray, dealers: np.ndarray, vulnerable: np.ndarray) -> ParSet:
    """The par of ``n`` deals at once: their ``(n, 5, 4)`` tricks as for :func:`par`, each
    dealer's side (``(n,)``: 0 North-South, 1 East-West, or the dealer's :class:`Seat`
    number) and whether each side is vulnerable (``(n, 2)``, North-South first). The same
    game as :func:`par`, solved with array operations over blocks of deals.

    >>> t = np.full((1, 5, 4), 6, dtype=np.uint8); t[0, Strain.NOTRUMP] = (7, 7, 6, 6)
    >>> par_set(t, np.array([1]), np.zeros((1, 2), dtype=bool))[0].text  # East deals
    'NS -90: E 1NT'
    """
    n = len(tricks)
    first = np.asarray(dealers, dtype=np.int64).reshape(n) % 2
    vulnerable = np.asarray(vulnerable, dtype=bool).reshape(n, 2)
    parts = [
        _par_block(tricks[i : i + _BLOCK], first[i : i + _BLOCK], vulnerable[i : i + _BLOCK])
        for i in range(0, n, _BLOCK)
    ] or [_par_block(tricks, first, vulnerable)]
    return ParSet(*(np.concatenate(arrays) for arrays in zip(*parts, strict=True)))


_BLOCK = 4096  # deals solved together: their arrays stay in the processor's cache


def _par_block(
    tricks: np.ndarray, first: np.ndarray, vulnerable: np.ndarray
) -> tuple[np.ndarray, ...]:
    """:func:`par_set`'s arrays for one block. Inside, arrays are ``[contract, side, deal]``
    or ``[contract, deal]``: each step works on whole rows of deals. Choices between two
    arrays are arithmetic (``a + (b - a) * flag``): NumPy's ``where`` is many times slower."""
    scores, best, t = _contract_scores(tricks, vulnerable)
    values, root = _solve(scores, first)
    unknown = tricks.reshape(len(tricks), 20).max(axis=1) > 13
    root[unknown] = 0  # no score is 0: no contract is found for these
    owner = root < 0  # the side with the par score: True for East-West
    view = _Views(scores, values, owner, first != owner)
    view.target = np.abs(root).astype(scores.dtype)
    root[unknown] = UNKNOWN_PAR
    lowest, highest = _made_set(view)
    sacrificed = _sacrifices_set(view)
    masks = _seat_masks(t, best)  # (5, 2, n)
    mine = _pick(owner, masks[:, 0], masks[:, 1]) * (lowest > 0)
    theirs = np.tile(_pick(owner, masks[:, 1], masks[:, 0]), (7, 1))
    return root, lowest.T, highest.T, mine.T, (sacrificed * theirs).T, best.transpose(2, 0, 1)


def _pick(flag: np.ndarray, no: np.ndarray, yes: np.ndarray) -> np.ndarray:
    """``yes`` where ``flag`` (broadcast over the last axis), else ``no``."""
    picked: np.ndarray = no + (yes - no) * flag.astype(no.dtype)
    return picked


_K = np.arange(35, dtype=np.int16)[:, None]  # contract numbers down the rows
_LEVEL = (_K // 5 + 1).astype(np.uint8)


class _Views:
    """One block's arrays ``[contract, deal]`` seen from the side with the par score
    (``mine``) and from the other (``theirs``); ``target`` is the par from the owner's side."""

    target: np.ndarray

    def __init__(
        self, scores: np.ndarray, values: np.ndarray, owner: np.ndarray, theirs_first: np.ndarray
    ) -> None:
        self.mine = _pick(owner, scores[:, 0], scores[:, 1])
        self.theirs = scores[:, 0] + scores[:, 1] - self.mine
        self.their_values = _pick(owner, values[:, 1], values[:, 0])
        self.theirs_first = theirs_first
        # What the opponents lose at least by outbidding each contract (_cheapest_above):
        # over[k] counts the contracts above k, and k itself where they may bid first.
        over = np.empty_like(self.theirs)
        over[34] = _MANY
        for k in range(33, -1, -1):
            np.minimum(over[k + 1], -self.theirs[k + 1], out=over[k])
        self.cheapest = _pick(theirs_first, over, np.minimum(over, -self.theirs))


def _made_set(view: _Views) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_made` for a block: ``(5, n)`` the lowest and the highest level of each strain
    at which the owner scores par with no cheaper sacrifice above (0 for none)."""
    n = view.mine.shape[1]
    target = view.target
    at_par = (view.mine == target) & (view.cheapest >= target)
    levels = at_par.reshape(7, 5, n)
    highest = (levels * _LEVEL.reshape(7, 5, 1)).max(axis=0)
    below = (levels * (8 - _LEVEL).reshape(7, 5, 1)).max(axis=0)  # 8 - the lowest level
    return (below > 0) * (8 - below), highest


def _sacrifices_set(view: _Views) -> np.ndarray:
    """:func:`_sacrifices` for a block: ``(35, n)`` the opponents' par sacrifices. The
    search there takes the owner's contracts from the best down and stops at the first with a
    sacrifice above it: the first whose start is at most the highest sacrifice there is."""
    target = view.target
    candidates = (view.theirs == -target) & (view.their_values == -target)
    highest = (candidates * (_K + 1)).max(axis=0) - 1  # -1 for none
    later = (~view.theirs_first).astype(np.int16)  # the sacrifice starts a contract higher
    bases = (view.mine > target) & (view.cheapest > 0) & (_K <= highest - later)
    # The best base: the highest score, then the highest contract (k < 64); 0 for none.
    key = (bases * (view.mine.astype(np.int32) * 64 + _K)).max(axis=0)
    lowest = np.where(key > 0, key % 64 + later, 35)
    found: np.ndarray = candidates & (_K >= lowest)
    return found


def _seat_masks(t: np.ndarray, best: np.ndarray) -> np.ndarray:
    """``(5, 2, n)``: which seats of each side take its best tricks in each strain of
    ``_ORDER`` (bit 0 N or E, bit 1 S or W), from tricks ``(5 strains, 4 seats, n)``."""
    masks = [(t[:, x] == best[x]) | (t[:, x + 2] == best[x]) << 1 for x in (0, 1)]
    return np.stack(masks, axis=1).astype(np.uint8)


def par_scores(deals: DealSet, boards: np.ndarray | None = None) -> np.ndarray:
    """North-South's par score of every deal (dealer and vulnerability as the set states them,
    else by board number: the set's own, or ``boards``), as an ``int32`` array with
    ``-1_000_000`` where the tricks are unknown or missing.

    >>> t = np.full((1, 5, 4), 6, dtype=np.uint8); t[0, Strain.NOTRUMP] = (9, 4, 9, 4)
    >>> par_scores(DealSet(tricks=t, boards=np.array([2]))).tolist()  # NS vulnerable
    [600]
    """
    n = len(deals)
    if deals.tricks is None or deals.target is not None:
        return np.full(n, UNKNOWN_PAR, dtype=np.int32)
    dealers, vul = _dealers_and_vulnerable(deals, boards)
    scores, _, _ = _contract_scores(deals.tricks, vul)
    _, root = _solve(scores, dealers)
    root[(deals.tricks > 13).any(axis=(1, 2))] = UNKNOWN_PAR
    return root


UNKNOWN_PAR = -1_000_000
"""The value :func:`par_scores` gives a deal whose par is not known."""


def _side(seat: Seat) -> int:
    return int(seat) % 2


def _dealers_and_vulnerable(
    deals: DealSet, boards: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """Each deal's dealer's side (``(n,)``: 0 N-S, 1 E-W) and who is vulnerable (``(n, 2)``,
    North-South first), as the set states them, else by board number."""
    numbers = None if boards is None else np.asarray(boards).reshape(len(deals))
    sides = (deals.dealers(numbers) % 2).astype(np.int64)
    codes = deals.vulnerabilities(numbers)
    return sides, np.stack([codes & 1, codes >> 1 & 1], axis=1).astype(bool)


@functools.cache
def _score_table() -> np.ndarray:
    """``[vulnerable, contract, tricks]``: the declaring side's score, doubled when it fails."""
    table = np.zeros((2, 35, 14), dtype=np.int16)
    for k in range(35):
        level, strain = k // 5 + 1, _ORDER[k % 5]
        made = Contract(level, strain)
        failed = Contract(level, strain, Doubling.DOUBLED)
        for vul in (0, 1):
            for t in range(14):
                contract = made if t >= level + 6 else failed
                table[vul, k, t] = duplicate_score(contract, t, bool(vul))
    return table


def _contract_scores(
    tricks: np.ndarray, vul: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(35, 2, n)`` each side's score for each contract, ``(2, 5, n)`` its tricks by
    strain in ``_ORDER`` (the better of its two declarers), and the tricks by ``[strain in
    _ORDER, seat, deal]``; unknown counts read as 13."""
    t = np.minimum(tricks, 13).transpose(1, 2, 0)[list(_ORDER)]  # (5 strains, 4 seats, n)
    best = np.stack([np.maximum(t[:, 0], t[:, 2]), np.maximum(t[:, 1], t[:, 3])])
    # Each level's scores from its row of _level_scores by [vulnerable, strain, tricks].
    vulnerable = np.ascontiguousarray(vul.T, dtype=np.intp)  # (2, n), C order for take
    at = (vulnerable * 5 + np.arange(5, dtype=np.intp)[:, None, None]) * 14
    at += best.transpose(1, 0, 2)  # (5, 2, n)
    table = _level_scores()
    scores = np.empty((7, *at.shape), dtype=table.dtype)
    for level in range(7):
        table[level].take(at, out=scores[level])
    return scores.reshape(35, *at.shape[1:]), best, t


@functools.cache
def _level_scores() -> np.ndarray:
    """``_score_table`` by level: ``[level - 1, (vulnerable * 5 + strain) * 14 + tricks]``."""
    by_level = _score_table().reshape(2, 7, 5, 14).transpose(1, 0, 2, 3)
    return np.ascontiguousarray(by_level).reshape(7, 2 * 5 * 14)


def _solve(scores: np.ndarray, first: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The auction game: ``values[k, x]`` is what side ``x`` gets (its own view) after
    bidding contract ``k`` with the best play of both sides thereafter; ``root`` is North-South's
    par when side ``first`` (0 NS, 1 EW) may bid first."""
    values = np.empty_like(scores)
    outbid = np.full(scores.shape[1:], _MANY, dtype=scores.dtype)  # x's best when outbid
    other = np.empty_like(outbid)
    for k in range(34, -1, -1):
        np.minimum(scores[k], outbid, out=values[k])
        np.negative(values[k, ::-1], out=other)
        np.minimum(outbid, other, out=outbid)
    best = values.max(axis=0)  # (2, n): each side's best opening bid
    mine, theirs = np.where(first == 0, best[0], best[1]), np.where(first == 0, best[1], best[0])
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
