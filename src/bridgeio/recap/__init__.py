"""HTML recaps of games for people: standings, scorecards, travellers with the hands, the
makeable contracts and par, and the movement, in one self-contained page per game (no request
leaves the page), and an index page when there are several.

Built from the results model (:mod:`bridgeio.model.results`) and nothing else: any results
format gives the same pages.

>>> import bridgeio
>>> from bridgeio.recap import game_page
>>> "Tuesday Afternoon Pairs" in game_page(bridgeio.read("examples/club-game.ACA").events[0], "x")
True
"""

from bridgeio.recap.page import (
    content_security_policy,
    game_page,
    index_page,
    render_game,
    render_games,
)
from bridgeio.recap.site import write_recap
from bridgeio.recap.view import Game

__all__ = [
    "Game",
    "content_security_policy",
    "game_page",
    "index_page",
    "render_game",
    "render_games",
    "write_recap",
]
