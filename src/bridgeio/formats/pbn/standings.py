"""The entries of a PBN results file: a ``TotalScoreTable`` row each, or, for a file without
standings (a club game's travellers alone), each pair its table results name.

Built from the travellers, a pair's direction follows its numbers: where a pair number
meets the same number (pair 1 N-S against pair 1 E-W) the numbers of each direction are
apart (a Mitchell numbered 1, 2, ... both ways: ids ``1NS``, ``1EW``); where each number sits
one way only it is that direction; else the pairs sit both ways (a Howell). Names come from
the score table's ``Names_NS``/``Names_EW`` where it has them; totals and ranks are left to
scoring.

>>> from bridgeio.model.results import Board, BoardResult, Section
>>> section = Section("", results=[Board(1, [BoardResult(1, 1, 1, 1), BoardResult(1, 2, 2, 2)])])
>>> [(e.id, e.direction.value) for e in from_lines(section, {})]
[('1NS', 'NS'), ('2NS', 'NS'), ('1EW', 'EW'), ('2EW', 'EW')]
"""

from __future__ import annotations

from collections.abc import Iterable

from bridgeio.formats.pbn import cells
from bridgeio.formats.pbn.lines import PbnCells
from bridgeio.model.cards import Seat
from bridgeio.model.directions import direction_named
from bridgeio.model.results import Direction, Entry, Player, Section

TOTALS = ("TotalScoreMP", "TotalScoreIMP", "TotalScoreVP", "TotalScoreBAM", "TotalScore", "MP")
"""The columns of a total, the first found taken (``MP``: PBN 2.0's)."""


SESSION = {
    "SessionRank": "Rank",
    "SessionScoreMP": "TotalScoreMP",
    "SessionScoreIMP": "TotalScoreIMP",
    "SessionScoreVP": "TotalScoreVP",
    "SessionScore": "TotalScore",
    "SessionPercentage": "TotalPercentage",
    "NrBoardsSession": "NrBoards",
    "SessionRankTie": "RankTie",
}
"""Ruter's columns of a championship's session (beside the cumulative ones, named as the
total's) and the column of the total each stands for."""


def cumulative(columns: Iterable[str]) -> bool:
    """Whether a TotalScoreTable's columns give a session's own figures beside cumulative
    ones (Ruter's championships: ``SessionScoreMP`` beside ``TotalScoreMP``).

    >>> cumulative(["Rank", "TotalScoreMP", "SessionScoreMP"]), cumulative(["TotalScoreMP"])
    (True, False)
    """
    return any(name in SESSION for name in columns)


def overall(values: dict[str, str]) -> Entry | None:
    """The entry of a championship's session row (see :func:`cumulative`) in the event's
    overall standings: its cumulative figures (``Rank``, ``TotalScoreMP``, ...), the
    session's own left out; None for a row of one session alone. ``ValueError`` as
    :func:`entry`.

    >>> row = {"PairId": "3", "Rank": "2", "TotalScoreMP": "80.0", "SessionScoreMP": "41.5"}
    >>> found = overall(row); found.score, found.rank, found.kept
    (80.0, 2, None)
    >>> overall({"PairId": "3", "TotalScoreMP": "41.5"}) is None
    True
    """
    if not cumulative(values):
        return None
    return entry({k: v for k, v in values.items() if k not in SESSION})


def entry(values: dict[str, str]) -> Entry:
    """One TotalScoreTable row as an entry with its players (cells the model has no field
    for kept); ``ValueError`` for a cell that is not what its column holds. In a session
    of a championship (see :func:`cumulative`) the entry's figures are the session's own
    (the cumulative ones are the event's overall standings, :func:`overall`).

    >>> row = {"PairId": "3", "TotalScoreMP": "80.0", "SessionScoreMP": "41.5"}
    >>> found = entry(row); found.score, found.kept
    (41.5, None)
    """
    _session(values)
    individual = "PlayerId" in values
    team = cells.text(values.pop("TeamName", "-")) if "TeamId" in values else ""
    number = cells.number(
        values.pop("PlayerId" if individual else "PairId", values.pop("TeamId", "-"))
    )
    sat = cells.text(values.pop("Direction", "-"))
    tie = cells.text(values.pop("RankTie", "-"))
    score = None
    for column in TOTALS:
        if column in values:
            score = cells.decimal(values.pop(column))
            break
    percentage = values.pop("TotalPercentage", values.pop("Percentage", "-"))
    found = Entry(
        id=str(number),
        number=number,
        direction=None if individual else direction_named(sat),
        name=team,
        score=score,
        percentage=cells.decimal(percentage),
        rank=cells.number(values.pop("Rank", "-")) or None,
        tied=bool(tie),
        boards_played=cells.number(values.pop("NrBoards", "-")) or None,
        players=_players(values, individual),
    )
    if individual and len(sat) == 1 and sat in "NESW":
        found.seat = Seat.from_char(sat)  # the seat the player started in
    if tie:
        values["RankTie"] = tie  # the high end of the tie, kept
    if sat and found.direction is None and found.seat is None:
        values["Direction"] = sat  # (Ruter's teams: "Home", "Away")
    if values:
        found.kept = PbnCells(values)
    return found


def _session(values: dict[str, str]) -> dict[str, str]:
    """A session's own figures put in the total's columns (in place); the cumulative
    figures, by their columns (a cumulative figure without the session's beside it, such as
    a rank where the session's is not given, is not read as the session's).

    >>> row = {"Rank": "4", "TotalScoreMP": "80", "SessionScoreMP": "41"}
    >>> _session(row), row
    ({'Rank': '4', 'TotalScoreMP': '80'}, {'TotalScoreMP': '41'})
    """
    if not cumulative(values):
        return {}
    displaced = {}
    for column, total in SESSION.items():
        if total in values:
            displaced[total] = values.pop(total)
        if column in values:
            values[total] = values.pop(column)
    return displaced


def _players(values: dict[str, str], individual: bool) -> list[Player]:
    names = cells.text(values.pop("Name" if individual else "Names", "-"))
    players = players_of(names)
    if not players and "RosterDetails" in values:
        return roster(cells.text(values.pop("RosterDetails")))
    if individual and players:
        players[0].player_number = cells.text(values.pop("MemberID", "-"))
    for i, player in enumerate(players, start=1):
        if f"MemberID{i}" in values:
            player.player_number = cells.text(values.pop(f"MemberID{i}"))
    return players


def players_of(names: str) -> list[Player]:
    """The players of a names cell: ``"Ann SMITH - Bob JONES"`` (PBN 2.1) or
    ``"Ann SMITH ;Bob JONES"`` (PBN 2.0's example).

    >>> [p.last_name for p in players_of("Ann SMITH ;Bob JONES  ")]
    ['SMITH', 'JONES']
    """
    parts = names.split(";") if ";" in names else names.split(" - ")
    return [_player(part.strip()) for part in parts if part.strip()]


def roster(details: str) -> list[Player]:
    """A team's players from Ruter's ``RosterDetails`` (``number,last name,first name``
    joined by ``|``); ``ValueError`` for a part that is not so.

    >>> [(p.player_number, p.first_name, p.last_name) for p in roster("28,Smith,Ann|6,Jones,Bob")]
    [('28', 'Ann', 'Smith'), ('6', 'Bob', 'Jones')]
    """
    players = []
    for part in details.split("|") if details else []:
        pieces = [piece.strip() for piece in part.split(",", 2)]
        if len(pieces) != 3:
            raise ValueError(f"RosterDetails as number,last name,first name, found {part!r}")
        players.append(Player(last_name=pieces[1], first_name=pieces[2], player_number=pieces[0]))
    return players


def _player(name: str) -> Player:
    """``"Ann SMITH"``: the last name is the words in capitals at the end (else the last).

    >>> p = _player("Anne Marie VAN DYKE"); p.first_name, p.last_name
    ('Anne Marie', 'VAN DYKE')
    """
    words = name.split()
    cut = len(words)
    while cut > 0 and words[cut - 1].isupper():
        cut -= 1
    if cut == len(words) or cut == 0:
        cut = max(len(words) - 1, 0)
    return Player(last_name=" ".join(words[cut:]), first_name=" ".join(words[:cut]))


def from_lines(section: Section, names: dict[tuple[str, str, int], str]) -> list[Entry]:
    """The pairs the section's table results name, numbered as they are, N-S pairs first
    (see the module); ``names`` by (section, side, pair number) where the file gives them."""
    lines = [line for board in section.results for line in board.results]
    ns = {line.ns for line in lines if line.ns}
    ew = {line.ew for line in lines if line.ew}
    apart = any(line.ns == line.ew for line in lines if line.ns) or not ns & ew
    found = []
    for side, numbers in (("NS", ns), ("EW", ew - (set() if apart else ns))):
        for number in sorted(numbers):
            direction = Direction(side) if apart else None
            both = apart and bool(ns & ew)
            given = names.get((section.name, side, number), "")
            if not given and not apart:
                given = names.get((section.name, "EW", number), "")
            found.append(
                Entry(
                    id=f"{number}{side}" if both else str(number),
                    number=number,
                    direction=direction,
                    players=players_of(given),
                )
            )
    return found
