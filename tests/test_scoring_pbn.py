"""PBN results checked and rescored like the other formats: the corpus' Ruter individual
(matchpoints per seat, centred on the average) and Butler session agree on every board, total,
percentage and rank; a changed figure is reported where it was changed; ``bridgeio score``
fills the matchpoints a copy left out with the file's own figures."""

from __future__ import annotations

from pathlib import Path

import pytest

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.cli import run
from bridgeio.model.results import BoardResult, Entry, Results

INDIVIDUAL = "pbn/gerhardsletten__jrbridge-pbn-api__individuals.pbn"
BUTLER = "pbn/gerhardsletten__jrbridge-pbn-api__teams-sub.pbn"
# file: (boards, totals, percentages, ranks) agreeing/compared, and the method found
AGREEMENT = {
    INDIVIDUAL: (
        {"boards": [27, 27], "totals": [20, 20], "percentages": [20, 20], "ranks": [20, 20]},
        "European matchpoints per seat, centred on the average, top 8",
    ),
    BUTLER: (
        {"boards": [14, 14], "totals": [52, 52], "percentages": [0, 0], "ranks": [52, 52]},
        "Butler IMPs, datum the mean dropping the top and bottom 1, rounded to 10 with halves "
        "away from zero, across sections; totals per board played, ranked across the event",
    ),
}


def read(path: Path) -> Results:
    results = bridgeio.read(path)
    assert isinstance(results, Results)
    return results


def lines(results: Results) -> list[BoardResult]:
    return [x for s in results.events[0].sections for b in s.results for x in b.results]


def errors(text: str) -> list[str]:
    return [line for line in text.splitlines() if ": error: " in line]


def test_every_pbn_results_file_agrees(corpus):
    checked = {}
    for path in sorted((corpus / "pbn").glob("*.pbn")):
        document = bridgeio.read(path)
        if isinstance(document, Results) and b"ScoreTable" in path.read_bytes():
            # (a file of played boards records no points to rescore: issue 39's lines)
            done = rescore(document)
            assert done.differences == [] and done.unchecked == [], path.name
            checked[f"pbn/{path.name}"] = (done.agreement, done.methods[1].describe())
    assert checked == AGREEMENT


def _rows(text: str, change) -> str:
    """The individual's ScoreTable rows (20 values: table, round, four players, contract,
    declarer, result, lead, two scores, four seats' MP, four percentages) through
    ``change``."""
    out, inside = [], False
    for line in text.split("\r\n"):
        if line.startswith("["):
            inside = line.startswith("[ScoreTable")
        elif inside and len(line.split()) == 20:
            line = " ".join(change(line.split()))
        out.append(line)
    return "\r\n".join(out)


def test_individual_matchpoints_left_out_are_filled(corpus, tmp_path, capsys):
    source = corpus / INDIVIDUAL
    text = source.read_bytes().decode("utf-8")
    blank = tmp_path / "blank.pbn"
    blank.write_bytes(_rows(text, lambda t: t[:12] + ["-"] * 4 + t[16:]).encode())
    assert all(x.points == (None,) * 4 for x in lines(read(blank)))
    filled = tmp_path / "filled.pbn"
    assert run(["score", str(blank), str(filled)]) == 1
    assert "centred on the average, top 8" in capsys.readouterr().out
    original = [x.points for x in lines(read(source))]
    assert [x.points for x in lines(read(filled))] == original
    assert any(p != (0.0,) * 4 for p in original)
    assert run(["validate", str(filled)]) == 0


def test_individual_changed_figures_are_reported(corpus, tmp_path, capsys):
    source = corpus / INDIVIDUAL
    text = source.read_bytes().decode("utf-8")
    first = next(
        line.split() for line in text.split("\r\n") if len(line.split()) == 20 and '"' in line
    )
    north, mp = first[2], int(first[12])

    def one_mp(tokens: list[str]) -> list[str]:
        if tokens[:4] == first[:4]:
            tokens[12] = str(mp + 1)
        return tokens

    copy = tmp_path / "mp.pbn"
    copy.write_bytes(_rows(text, one_mp).encode())
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    assert len(found) == 1, found
    assert (
        f"player {north} (North): error: matchpoints {mp + 1} recorded, {mp} by the rule"
        in (found[0])
    )

    def one_score(tokens: list[str]) -> list[str]:
        if tokens[:4] == first[:4]:
            tokens[10] = f'"{int(tokens[10].strip(chr(34))) + 20}"'
        return tokens

    copy.write_bytes(_rows(text, one_score).encode())
    assert run(["validate", str(copy)]) == 1
    found = errors(capsys.readouterr().out)
    assert found and "does not fit" in found[0] and ", board 1" in found[0]


@pytest.mark.parametrize("name", sorted(AGREEMENT))
def test_pbn_results_rescore_to_themselves(corpus, tmp_path, capsys, name):
    out = tmp_path / "again.pbn"
    assert run(["score", str(corpus / name), str(out)]) == 0
    capsys.readouterr()
    before, after = read(corpus / name), read(out)
    assert [(x.ns_points, x.ew_points, x.points) for x in lines(after)] == [
        (x.ns_points, x.ew_points, x.points) for x in lines(before)
    ]


CONVERTED = [
    "usebio/compscore_butler_mitchell.xml",  # Butler
    "usebio/compscore_mp_pairs_mitchell_02.xml",  # European, Neuberg, an assigned score kept
    "usebio/nzscorer_multi-section-multi-movement-pairs.xml",  # European, pooled, cut
    "acblscore/750-club_170724.ACM",  # ACBL
]


@pytest.mark.parametrize("name", CONVERTED)
def test_a_file_written_as_pbn_scores_as_the_original(corpus, tmp_path, name):
    """The convention is found from a PBN file's figures as from the original's."""
    original = read(corpus / name)
    copy = tmp_path / "copy.pbn"
    with pytest.warns(bridgeio.DataLossWarning):  # (strats, awards...: not scores)
        bridgeio.write(original, copy)
    first, again = rescore(original), rescore(read(copy))
    assert [m.describe() for m in again.methods.values()] == [
        m.describe() for m in first.methods.values()
    ]
    # (PBN carries no strats: the copy has the entries' ranks only, all agreeing)
    ranks = again.agreement.pop("ranks")
    assert ranks[0] == ranks[1] == sum(e.rank is not None for e in _entries(original))
    assert again.agreement == {k: v for k, v in first.agreement.items() if k != "ranks"}
    assert [str(d.problem).split(": error: ")[1] for d in again.differences] == [
        str(d.problem).split(": error: ")[1] for d in first.differences
    ]


def _entries(results: Results) -> list[Entry]:
    return [x for e in results.events for s in e.sections for x in s.entries]
