"""Results whose lines carry auctions or play written as PBN played boards: one game a table
result, with its players, ``Contract``/``Declarer``/``Result``/``Score``, ``Room`` and the
``Auction`` (alerts as ``=n=`` notes, ``[Note "n:..."]``) and ``Play`` sections.

>>> from bridgeio.model import Seat
>>> from bridgeio.model.auction import Auction
>>> auction = Auction.parse(Seat.NORTH, "1S P 2S! P P P".split(), {2: "weak"})
>>> print("\\n".join(auction_section(auction)))
[Auction "N"]
1S Pass 2S =1= Pass
Pass Pass
[Note "1:weak"]
"""

from __future__ import annotations

from bridgeio.model import DealSet, Seat, Strain, deal_strings
from bridgeio.model.auction import Auction
from bridgeio.model.board import BY_CODE, dealer, vulnerability
from bridgeio.model.play import Play
from bridgeio.model.results import Board, BoardResult, Direction, Entry, Event, Score, Section

_CALLS = {"P": "Pass", "XX": "XX", "X": "X"}


def holds_play(event: Event) -> bool:
    """Does a line of the event carry an auction or a play?"""
    return any(
        line.auction is not None or line.play is not None
        for section in event.sections
        for board in _boards(section)
        for line in board.results
    )


def _boards(section: Section) -> list[Board]:
    return [*section.results, *(b for m in section.matches for b in m.boards)]


def played_games(event: Event, head: list[str], tail: list[str]) -> list[str]:
    """One game a table result of the event, in board order (open room before closed)."""
    deals = _deal_index(event.deals)
    games = []
    for section in event.sections:
        names, teams = _names(section), _teams(section)
        for number, lines in _lines(section):
            for line in lines:
                text = [*head, f'[Board "{number}"]', *_players(names, line)]
                text += _deal_tags(number, deals.get(number)) + tail + teams.get(id(line), [])
                games.append("\n".join(text + _result_tags(line)) + "\n")
    return games


def _teams(section: Section) -> dict[int, list[str]]:
    """The ``HomeTeam``/``VisitTeam`` tags of each line (by id) of a match: the teams'
    names, so that the games read back as the match."""
    named = {e.number: e.name or str(e.number) for e in section.entries}
    found = {}
    for match in section.matches:
        home, away = named.get(match.home, str(match.home)), named.get(match.away, str(match.away))
        tags = [f'[HomeTeam "{_tag(home)}"]', f'[VisitTeam "{_tag(away)}"]']
        for board in match.boards:
            for line in board.results:
                imps = board.imps if line.ns == match.home else -board.imps if board.imps else None
                imps = line.ns_points if imps is None else imps
                found[id(line)] = tags + ([f'[ScoreIMP "NS {imps:g}"]'] if imps is not None else [])
    return found


def _lines(section: Section) -> list[tuple[int, list[BoardResult]]]:
    """Each board's lines (open room first), once though a section's boards and its
    matches' hold the same lines."""
    found: dict[int, dict[int, BoardResult]] = {}
    for board in _boards(section):
        for line in board.results:
            found.setdefault(board.number, {})[id(line)] = line
    return [
        (number, sorted(found[number].values(), key=lambda r: r.room != "open"))
        for number in sorted(found)
    ]


def _deal_index(deals: DealSet | None) -> dict[int, tuple[DealSet, int]]:
    if deals is None:
        return {}
    return {int(b): (deals, i) for i, b in enumerate(deals.board_numbers().tolist())}


def _deal_tags(number: int, deal: tuple[DealSet, int] | None) -> list[str]:
    first, vulnerable = dealer(number), vulnerability(number)
    if deal is not None:
        deals, i = deal
        first = Seat(int(deals.dealers()[i]))
        vulnerable = BY_CODE[int(deals.vulnerabilities()[i])]
    lines = [f'[Dealer "{first.char}"]', f'[Vulnerable "{vulnerable.text}"]']
    if deal is not None and deal[0].seats is not None:
        lines.append(f'[Deal "{deal_strings(deal[0].seats[deal[1] : deal[1] + 1], first)[0]}"]')
    return lines


_Names = dict[tuple[str | None, int, Seat], str]


def _names(section: Section) -> _Names:
    """Player names by (room, number, seat): a pair's from its entry, a match's lineup."""
    names: _Names = {}
    for entry in section.entries:
        if entry.direction not in (Direction.NS, Direction.EW):
            continue  # (a team: its players by the match's lineup)
        seats = (
            (Seat.NORTH, Seat.SOUTH) if entry.direction is Direction.NS else (Seat.EAST, Seat.WEST)
        )
        for seat, player in zip(seats, entry.players, strict=False):
            names[(None, entry.number, seat)] = _player(entry, player)
    for match in section.matches:
        for seating in match.lineup:
            names[(seating.room, 0, seating.seat)] = seating.player.last_name
    return names


def _player(entry: Entry, player: object) -> str:
    first = getattr(player, "first_name", "")
    last = getattr(player, "last_name", "")
    return " ".join(part for part in (first, last) if part) or entry.name


def _players(names: _Names, line: BoardResult) -> list[str]:
    out = []
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH):
        number = line.ns if seat in (Seat.NORTH, Seat.SOUTH) else line.ew
        name = names.get((line.room, 0, seat)) or names.get((None, number, seat))
        out.append(f'[{seat.name.title()} "{_tag(name or "")}"]')
    return out


def _result_tags(line: BoardResult) -> list[str]:
    lines = [f'[Room "{line.room.title()}"]'] if line.room else []
    contract = line.contract
    declarer = contract.declarer if contract is not None else None
    lines.append(f'[Declarer "{declarer.char if declarer is not None else ""}"]')
    lines.append(f'[Contract "{_contract(line)}"]')
    lines.append(f'[Result "{"" if line.tricks is None else line.tricks}"]')
    score = _score(line.ns_score, line.ew_score)
    if score:
        lines.append(f'[Score "{score}"]')
    if line.auction is not None:
        lines += auction_section(line.auction)
    if line.play is not None and contract is not None and declarer is not None:
        lines += play_section(line.play, declarer.next(), contract.strain)
    return lines


def _score(ns: Score | None, ew: Score | None) -> str:
    if isinstance(ns, int) and not isinstance(ns, bool):
        return f"NS {ns}"
    if isinstance(ew, int) and not isinstance(ew, bool):
        return f"EW {ew}"
    return ""


def auction_section(auction: Auction) -> list[str]:
    """The ``Auction`` tag, its calls four a row from the dealer, and its notes."""
    words: list[str] = []
    notes: list[str | None] = []
    for index, call in enumerate(auction.calls):
        words.append(_CALLS.get(call.text, call.text))
        if index in auction.alerted or index in auction.explanations:
            notes.append(auction.explanations.get(index))  # (an alert alone: no Note tag)
            words.append(f"={len(notes)}=")
    if not auction.complete and auction.calls:
        words.append("*")
    rows: list[list[str]] = []
    count = 0
    for word in words:
        if not word.startswith("=") or not rows:
            if count % 4 == 0:
                rows.append([])
            count += 1
        rows[-1].append(word)
    out = [f'[Auction "{auction.dealer.char}"]', *(" ".join(row) for row in rows)]
    out += [f'[Note "{n}:{_tag(text)}"]' for n, text in enumerate(notes, 1) if text is not None]
    return out


def play_section(play: Play, leader: Seat, trump: Strain | None) -> list[str]:
    """The ``Play`` tag (the opening leader) and a row a trick, each card in its player's
    column from the leader on (``-`` for a card not played); ``*`` where play stopped."""
    out = [f'[Play "{leader.char}"]']
    for trick in play.tricks(leader, trump):
        row = ["-"] * 4
        for k, card in enumerate(trick.cards):
            row[(int(trick.leader) + k - int(leader)) % 4] = str(card)
        out.append(" ".join(row))
    if play.claim is not None or len(play.cards) < 52:
        out.append("*")
    return out


def _tag(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _contract(line: BoardResult) -> str:
    return "" if line.contract is None else line.contract.text
