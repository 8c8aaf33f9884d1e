"""The site's handlers: the JSON API under ``/api`` and the HTML pages at the same paths
without it (DESIGN.md, "Results site"), in :data:`ROUTES`."""

from __future__ import annotations

from starlette.routing import Route

from bridgeio.site.views import (
    accounts,
    api_games,
    api_players,
    clubs,
    game_pages,
    games,
    players,
)

ROUTES = [
    Route("/api/session", accounts.api_login, methods=["POST"]),
    Route("/api/tokens", accounts.api_tokens, methods=["GET", "POST"]),
    Route("/api/tokens/{id:int}", accounts.api_revoke, methods=["DELETE"]),
    Route("/api/clubs", games.api_clubs),
    Route("/api/clubs/{club}/games", games.api_games, methods=["GET", "POST"]),
    Route("/api/games/{id:int}", games.api_game),
    Route("/api/games/{id:int}/publish", games.api_publish, methods=["POST"]),
    Route("/api/games/{id:int}/versions", games.api_versions),
    Route("/api/games/{id:int}/deals", api_games.api_deals, methods=["POST"]),
    Route("/api/games/{id:int}/unpublish", api_games.api_unpublish, methods=["POST"]),
    Route("/api/games/{id:int}/versions/{number:int}", games.api_game),
    Route("/api/clubs/{club}/ladder", clubs.api_ladder),
    Route("/api/players", players.api_player),
    Route("/api/players/{number}", api_players.api_player),
    Route("/api/players/{body}/{number}", api_players.api_body_player),
    Route("/api/search", players.api_search),
    Route("/", game_pages.home),
    Route("/login", accounts.login_page),
    Route("/session", accounts.login, methods=["POST"]),
    Route("/logout", accounts.logout, methods=["POST"]),
    Route("/clubs/{club}", game_pages.club),
    Route("/clubs/{club}/ladder", clubs.ladder_page),
    Route("/clubs/{club}/feed.atom", clubs.atom),
    Route("/clubs/{club}/games", game_pages.upload, methods=["GET", "POST"]),
    Route("/games/{id:int}", game_pages.game),
    Route("/games/{id:int}.{ext}", games.download),
    Route("/games/{id:int}/events/{event:int}", game_pages.game),
    Route("/games/{id:int}/events/{event:int}.{ext}", games.event_download),
    Route("/games/{id:int}/publish", game_pages.publish, methods=["POST"]),
    Route("/games/{id:int}/versions", game_pages.versions),
    Route("/games/{id:int}/versions/{number:int}", game_pages.version),
    Route("/games/{id:int}/versions/{number:int}.{ext}", games.version_download),
    Route("/games/{id:int}/versions/{number:int}/events/{event:int}", game_pages.version),
    Route("/games/{id:int}/versions/{number:int}/events/{event:int}.{ext}", games.event_download),
    Route("/games/{id:int}/unpublish", game_pages.unpublish, methods=["POST"]),
    Route("/games/{id:int}/mine", game_pages.mine),
    Route("/games/{id:int}/player", game_pages.player),
    Route("/games/{id:int}/boards/{board:int}", game_pages.board),
    Route("/players", players.player),
    Route("/players/{number}", players.player),
    Route("/players/{body}/{number}", players.player),
    Route("/search", players.search),
]
"""Every route of the site."""
