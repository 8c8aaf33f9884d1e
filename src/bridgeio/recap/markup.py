"""The small pieces of HTML the recap's templates repeat thousands of times on a page (a pair's
link, a contract, a checked figure), made in Python: a Jinja macro call costs a hundred times
a function's, and these are most of a page's render time. Every value from a file is escaped
(``Markup.format`` and :func:`~markupsafe.escape`); the templates call them by these names.

>>> from bridgeio.recap.entries import Who
>>> str(whos([Who("s0-ns3", "3NS"), Who("", "<4>")]))
'<a href="#s0-ns3" title="3NS">3NS</a> &amp; &lt;4&gt;'
>>> str(contract(ContractText(4, "H", "x")))
'4<span class="suit h" role="img" aria-label="hearts">♥</span>x'
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from bridgeio.recap.entries import Who
from bridgeio.recap.play import CallText, TrickView, tricks_word
from bridgeio.recap.text import SUITS, CardText, ContractText, number_text

_SUIT = Markup('<span class="suit {}" role="img" aria-label="{}">{}</span>')
_SUITS = {letter: _SUIT.format(letter.lower(), words, symbol) for letter, (symbol, words) in
          SUITS.items()}  # fmt: skip


def suit(letter: str) -> Markup:
    """A suit's symbol, with the words a screen reader says for it."""
    return _SUITS[letter]


def strain(letter: str) -> Markup:
    """``NT`` or a suit's symbol."""
    return Markup("NT") if letter == "NT" else _SUITS[letter]


def contract(shown: ContractText | None) -> Markup:
    """``4♥x``, ``Pass``, or nothing."""
    if shown is None:
        return Markup("")
    if shown.level == 0:
        return Markup("Pass")
    return escape(shown.level) + strain(shown.strain) + escape(shown.doubling)


def card(shown: CardText | None) -> Markup:
    """A card (``♥10``), or nothing."""
    return Markup("") if shown is None else _SUITS[shown.suit] + escape(shown.rank)


def cost(tricks: int) -> Markup:
    """The mark after a card that cost its side tricks double dummy: ``−1`` (hidden from a
    screen reader, titled), then the words, which only a screen reader says; nothing for 0.

    >>> str(cost(0)), str(cost(2))  # doctest: +NORMALIZE_WHITESPACE
    ('', '<span class="cost" title="cost 2 tricks" aria-hidden="true">−2</span><span
    class="vh"> (cost 2 tricks)</span>')
    """
    if not tricks:
        return Markup("")
    words = f"cost {tricks_word(tricks)}"
    return Markup(
        '<span class="cost" title="{}" aria-hidden="true">−{}</span><span class="vh"> ({})</span>'
    ).format(words, tricks, words)


def call(shown: CallText | None) -> Markup:
    """A call (``1♠``, ``Pass``, ``X``), its alert's number after it, the explanation as
    the number's title (the explanation is the file's text: escaped); nothing for None.

    >>> str(call(CallText(0, "", "X", 1, "t/o <b>")))
    'X<sup class="alert" title="t/o &lt;b&gt;">1</sup>'
    """
    if shown is None:
        return Markup("")
    text = escape(shown.word) if not shown.level else escape(shown.level) + strain(shown.strain)
    if shown.note:
        text += Markup('<sup class="alert" title="{}">{}</sup>').format(shown.alert, shown.note)
    return Markup(text)


def who(one: Who) -> Markup:
    """An entry's label, linked to its scorecard with its names as the title; the direction
    in a span a phone's layout hides."""
    short, label = one.short, one.label
    shown: str = escape(label)
    if short != label:
        shown = f'{escape(short)}<span class="long">{escape(label[len(short) :])}</span>'
    if one.anchor:
        return Markup(f'<a href="#{escape(one.anchor)}" title="{escape(one.name)}">{shown}</a>')
    return Markup(shown)


def whos(found: list[Who]) -> Markup:
    """Entries (a pair's players in an individual), joined by ``&``."""
    return Markup(" &amp; ".join([who(one) for one in found]))


def team(one: Who) -> Markup:
    """A team's name, linked to its scorecard."""
    if one.anchor:
        return Markup(f'<a href="#{escape(one.anchor)}">{escape(one.team)}</a>')
    return escape(one.team)


def mark(shown: str) -> Markup:
    """A top or bottom's label, after a space."""
    return Markup(f' <span class="mark {escape(shown)}">{escape(shown)}</span>' if shown else "")


def checked(text: Any, check: Any) -> Markup:
    """A figure of the file as the scoring engine found it: as it is, the engine's where the
    file has none (marked computed), or the file's with the engine's beside it (≠)."""
    state = None if check is None else check.state
    if not state:
        return escape(text)
    computed = escape(number_text(check.computed))
    if state == "computed":
        return Markup(
            f'<span class="check computed">{computed} <span class="tag">computed</span></span>'
        )
    text = escape(text)
    return Markup(
        f'{text} <span class="check differs" title="recorded {text}, computed {computed}">'
        f"≠ {computed} computed</span>"
    )


def auction_rows(rounds: list[list[CallText | None]]) -> Markup:
    """An auction grid's rows, a line each (thousands on a page of played boards)."""
    return Markup(
        "".join(f"<tr>{''.join(f'<td>{call(c)}</td>' for c in row)}</tr>\n" for row in rounds)
    )


_LED = ' class="led"'


def trick_rows(tricks: list[TrickView]) -> Markup:
    """The play's rows, a trick each: its number, who led, the four cards (the lead marked,
    each card's cost after it) and who won."""
    rows = []
    for t in tricks:
        led = t.led
        cells = "".join(
            f"<td{_LED if i == led else ''}>{card(c)}{cost(t.costs[i])}</td>"
            for i, c in enumerate(t.cards)
        )
        rows.append(
            f'<tr><th scope="row" class="num">{t.number}</th><td>{escape(t.leader)}</td>'
            f"{cells}<td>{escape(t.winner)}</td></tr>\n"
        )
    return Markup("".join(rows))


HELPERS = {
    "auction_rows": auction_rows,
    "trick_rows": trick_rows,
    "suit": suit,
    "strain": strain,
    "contract": contract,
    "card": card,
    "cost": cost,
    "call": call,
    "who": who,
    "whos": whos,
    "team": team,
    "mark": mark,
    "checked": checked,
}
"""What the templates call, by name."""
