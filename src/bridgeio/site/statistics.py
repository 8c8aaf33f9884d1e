"""A player's figures over their games (as :func:`bridgeio.site.players.history` lists them):
the average percentage, best and wins, the partners they played with most and how they did
together, the best games, and the trend of their percentages drawn as inline SVG (no script,
no image request: the site's Content-Security-Policy allows it).

>>> games = [{"date": "2024-01-0" + str(d), "percentage": p, "rank": r, "partner": "Bo",
...           "name": "Pairs", "url": "/games/" + str(d)}
...          for d, p, r in ((1, 48.0, 5), (2, 61.5, 1), (3, None, None))]
>>> figures = summary(games)
>>> figures["average"], figures["scored"], figures["wins"], figures["best"]["percentage"]
(54.75, 2, 1, 61.5)
>>> [(p["name"], p["games"], p["average"]) for p in figures["partners"]]
[('Bo', 3, 54.75)]
>>> "<polyline" in trend(games) and "<title>" in trend(games)
True
"""

from __future__ import annotations

from html import escape
from typing import Any

WIDTH, HEIGHT, PAD = 600, 200, 40


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Games, games with a percentage, the average and best percentage, wins (rank 1), top
    three finishes, the partners (most games first) and the five best games."""
    scored = [g for g in games if g.get("percentage") is not None]
    average = round(sum(g["percentage"] for g in scored) / len(scored), 2) if scored else None
    partners: dict[str, list[dict[str, Any]]] = {}
    for game in games:
        if game.get("partner"):
            partners.setdefault(game["partner"], []).append(game)
    listed: list[dict[str, Any]] = []
    for name, together in partners.items():
        marks = [g["percentage"] for g in together if g.get("percentage") is not None]
        mean = round(sum(marks) / len(marks), 2) if marks else None
        listed.append({"name": name, "games": len(together), "average": mean})
    listed.sort(key=lambda p: (-p["games"], -(p["average"] or 0), p["name"]))
    best = sorted(scored, key=lambda g: -g["percentage"])
    return {
        "games": len(games),
        "scored": len(scored),
        "average": average,
        "best": best[0] if best else None,
        "wins": sum(1 for g in games if g.get("rank") == 1),
        "top3": sum(1 for g in games if g.get("rank") is not None and g["rank"] <= 3),
        "partners": listed[:10],
        "best_games": best[:5],
    }


def trend(games: list[dict[str, Any]]) -> str:
    """The percentages in date order as an SVG line (a point a game, its game and figure in
    the point's title; 50% dashed); "" with fewer than two."""
    points = sorted(
        (g for g in games if g.get("percentage") is not None),
        key=lambda g: (g.get("date") or "", g.get("url") or ""),
    )
    if len(points) < 2:
        return ""
    values = [float(g["percentage"]) for g in points]
    low = min(30.0, (min(values) // 10) * 10)
    high = max(70.0, (max(values) // 10 + 1) * 10)

    def x(i: int) -> float:
        return PAD + i * (WIDTH - 2 * PAD) / (len(points) - 1)

    def y(v: float) -> float:
        return HEIGHT - PAD - (v - low) * (HEIGHT - 2 * PAD) / (high - low)

    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="Percentage in each game, oldest first">',
        f'<path class="axis" d="M{PAD},{PAD} V{HEIGHT - PAD} H{WIDTH - PAD}"/>',
        f'<line class="fifty" x1="{PAD}" x2="{WIDTH - PAD}" y1="{y(50):.1f}" y2="{y(50):.1f}"/>',
    ]
    for mark in (low, 50.0, high):
        parts.append(f'<text x="2" y="{y(mark) + 4:.1f}">{mark:g}%</text>')
    parts.append(f'<text x="{PAD}" y="{HEIGHT - 6}">{escape(points[0].get("date") or "")}</text>')
    parts.append(
        f'<text x="{WIDTH - PAD}" y="{HEIGHT - 6}" text-anchor="end">'
        f"{escape(points[-1].get('date') or '')}</text>"
    )
    parts.append(f'<polyline points="{line}"/>')
    for i, (game, value) in enumerate(zip(points, values, strict=True)):
        title = escape(f"{game.get('date') or ''} {game.get('name') or ''}: {value:g}%")
        parts.append(
            f'<circle cx="{x(i):.1f}" cy="{y(value):.1f}" r="5"><title>{title}</title></circle>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
