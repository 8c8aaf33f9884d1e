"""``bridgeio info`` shows each entry's rank with its ties, its percentage and its awards
where the format has them (checked on the figures only: names are not compared)."""

from __future__ import annotations

import re

import pytest

from bridgeio.cli import run

# rank, number, score, percentage (optional) ... names ... award (optional)
ROW = re.compile(r"^ +([0-9][0-9=-]*) +(\d+) +(-?[\d.]+)(?: +([\d.]+)%)?  .*?(?:  award (.+))?$")


def standings(capsys, path) -> dict[int, list[tuple[str, str | None, str | None]]]:
    """Each entry number's (rank, percentage, award) as info shows them."""
    assert run(["info", str(path)]) == 0
    shown: dict[int, list[tuple[str, str | None, str | None]]] = {}
    for line in capsys.readouterr().out.splitlines():
        found = ROW.match(line)
        if found:
            rank, number, _, percentage, award = found.groups()
            shown.setdefault(int(number), []).append((rank, percentage, award))
    return shown


def test_acblscore_ties_spans_percentages_and_awards(corpus, capsys):
    shown = standings(capsys, corpus / "acblscore" / "750-club_170727.ACM")
    ranks = [r for rows in shown.values() for r, _, _ in rows]
    assert ranks.count("6-7") == 2  # two pairs on 195.50 share the 6th and 7th places
    rows = [row for rows in shown.values() for row in rows]
    assert all(p is not None for _, p, _ in rows)  # every pair's percentage
    first = [row for row in rows if row[0] == "1"]
    assert first and all(
        a is not None and re.fullmatch(r"[\d.]+ R \+ [\d.]+ B", a) for *_, a in first
    )


def test_acblscore_tied_ranks_are_marked(corpus, capsys):
    shown = standings(capsys, corpus / "acblscore" / "agile-bridge-club_170613.ACA")
    ranks = [r for rows in shown.values() for r, _, _ in rows]
    assert ranks.count("2-3") == 2  # the places the tie spans, as the file records them
    assert ranks.count("4=") == 2  # tied, the span not recorded


@pytest.mark.parametrize(
    "name, awards",
    [
        (
            "usebio/compscore_mp_pairs_howell.xml",
            {
                "1": "60 RED",
                "2": "42 RED",
                "3": "30 RED",
                "4": "20 RED",
                "5": "15 RED",
                "6": "12 RED",
            },
        ),
        ("pbn/gerhardsletten__jrbridge-pbn-api__individuals.pbn", {}),
    ],
)
def test_other_formats_show_percentages_and_awards(corpus, capsys, name, awards):
    rows = [row for rows in standings(capsys, corpus / name).values() for row in rows]
    assert rows and all(p is not None for _, p, _ in rows)
    assert {r: a for r, _, a in rows if a} == awards
