"""The site's handlers: the JSON API under ``/api`` and the HTML pages at the same paths
without it (DESIGN.md, "Results site"), in :data:`ROUTES`."""

from __future__ import annotations

from starlette.routing import Route

from bridgeio.site.views import accounts, api_games, api_players, games, players

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
    Route("/api/players", players.api_player),
    Route("/api/players/{number}", api_players.api_player),
    Route("/api/players/{body}/{number}", api_players.api_body_player),
    Route("/api/search", players.api_search),
    Route("/", games.home),
    Route("/login", accounts.login_page),
    Route("/session", accounts.login, methods=["POST"]),
    Route("/logout", accounts.logout, methods=["POST"]),
    Route("/clubs/{club}", games.club),
    Route("/clubs/{club}/games", games.upload, methods=["GET", "POST"]),
    Route("/games/{id:int}", games.game),
    Route("/games/{id:int}.{ext}", games.download),
    Route("/games/{id:int}/events/{event:int}", games.game),
    Route("/games/{id:int}/events/{event:int}.{ext}", api_games.event_download),
    Route("/games/{id:int}/publish", games.publish, methods=["POST"]),
    Route("/games/{id:int}/versions", games.versions),
    Route("/games/{id:int}/versions/{number:int}", games.game),
    Route("/players", players.player),
    Route("/players/{number}", players.player),
    Route("/search", players.search),
]
"""Every route of the site."""
