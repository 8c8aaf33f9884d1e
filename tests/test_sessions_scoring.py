"""``validate`` and ``score`` on events of several sessions: each session's figures checked
against its own boards (board numbers repeat from session to session; a cumulative total is
never compared with one session's boards), and the overall standings against the sessions'
figures by the rule the file's own figures follow (docs/scoring-conventions.md, "Events of
several sessions")."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.cli import run
from bridgeio.model import Entry, Event, Results, Section, Session, add_session
from tests.test_sessions_usebio import SPECIFICATION


def championship(tmp_path, old: str = "", new: str = "", name: str = "event.xml"):
    text = SPECIFICATION
    if old:
        assert text.count(old) >= 1, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text)
    return path


def quietly(path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return bridgeio.read(path)


OVERALL_2 = "<PAIR_NUMBER>2</PAIR_NUMBER>\n        <PLACE>3=</PLACE>\n        <TOTAL_SCORE>1.5"
SUN_BOARD_1 = (
    "<SCORE>110</SCORE>\n          <NS_MATCH_POINTS>0</NS_MATCH_POINTS>\n"
    "          <EW_MATCH_POINTS>1</EW_MATCH_POINTS>"
)


def test_a_sound_event_of_sessions_validates_clean(tmp_path, capsys):
    path = championship(tmp_path)
    assert run(["validate", str(path)]) == 0
    done = rescore(quietly(path))
    assert done.differences == [] and done.unchecked == []
    # both sessions' 4 boards and 8 entries, and the 4 overall entries, each checked
    assert done.agreement["boards"] == [4, 4]
    assert done.agreement["totals"] == [12, 12]
    assert done.agreement["ranks"] == [12, 12]
    assert (
        done.methods[1]
        .describe()
        .endswith(
            "overall: totals the sum of the sessions' totals and the carry forward, percentages "
            "over all boards played, ranks by total across the field"
        )
    )
    capsys.readouterr()


def test_a_wrong_overall_total_is_one_error_at_its_entry(tmp_path, capsys):
    path = championship(tmp_path, OVERALL_2, OVERALL_2.replace("1.5", "1.75"))
    assert run(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "event 1, overall standings, pair 2: error: overall total 1.75 recorded, 1.5" in out
    assert out.count("error") == 1  # (pair 3's shared place is not moved by it)
    fixed = tmp_path / "fixed.xml"
    assert run(["score", str(path), str(fixed)]) == 1
    shown = capsys.readouterr().out
    assert "  session SAT\n" in shown and "  session SUN\n" in shown
    assert "  overall standings\n        1    4     3.50  62.50%" in shown
    back = quietly(fixed).events[0]
    assert [e.score for e in back.entries] == [3.5, 2.5, 1.5, 1.5]
    assert fixed.read_bytes() == path.read_bytes().replace(b">1.75<", b">1.50<")  # in place
    capsys.readouterr()


def test_a_session_s_findings_are_placed_in_that_session(tmp_path, capsys):
    """Board 1 of SUN changed: SUN's two boards no longer follow one rule (one warning, the
    bulk policy on so small a session), said at SUN; SAT's board 1 is no part of it."""
    wrong = SUN_BOARD_1.replace(">0<", ">0.5<").replace(">1<", ">0.5<")
    path = championship(tmp_path, SUN_BOARD_1, wrong)
    done = rescore(quietly(path))
    assert done.agreement["boards"] == [3, 4]
    assert done.unchecked[0].startswith(
        "event 1, session SUN: board points not checked: no known rule reproduces them"
    )
    assert not any("SAT" in text for text in done.unchecked)
    assert run(["validate", str(path)]) == 0  # (warnings only)
    capsys.readouterr()


def test_the_carry_forward_counts_where_the_file_counts_it(tmp_path, capsys):
    """Without the carry forward in its total (USEBIO 2.7's TOTAL_SCORE), the rule found is
    the sum alone; pair 4 still ranks first: the places follow the percentage."""
    text = SPECIFICATION.replace("<TOTAL_SCORE>3.5</TOTAL_SCORE>", "<TOTAL_SCORE>2.5</TOTAL_SCORE>")
    text = text.replace(
        "<PAIR_NUMBER>1</PAIR_NUMBER>\n        <PLACE>2</PLACE>",
        "<PAIR_NUMBER>1</PAIR_NUMBER>\n        <PLACE>1=</PLACE>",
    ).replace(
        "<PAIR_NUMBER>4</PAIR_NUMBER>\n        <PLACE>1</PLACE>",
        "<PAIR_NUMBER>4</PAIR_NUMBER>\n        <PLACE>1=</PLACE>",
    )
    path = tmp_path / "plain.xml"
    path.write_text(text)
    done = rescore(quietly(path))
    assert done.differences == []
    assert "overall: totals the sum of the sessions' totals, " in done.methods[1].describe()
    assert run(["validate", str(path)]) == 0
    capsys.readouterr()


def session(*scores: float) -> list[Section]:
    return [Section("", entries=[Entry(str(n), n, score=s) for n, s in enumerate(scores, 1)])]


def test_standings_no_rule_reproduces_are_one_warning():
    event = Event(1, scoring=bridgeio.model.Scoring.AGGREGATE)
    add_session(event, Session("1"), session(10, 20, 30, 40))
    add_session(event, Session("2"), session(10, 20, 30, 40))
    event.entries = [Entry(str(n), n, score=s) for n, s in enumerate((5, 45, 60, 90), 1)]
    done = rescore(Results([event]))
    assert [d for d in done.differences] == []
    assert [t for t in done.unchecked if "overall" in t] == [
        "event 1, overall standings: totals not checked: no known rule reproduces them "
        "(closest: the sum of the sessions' totals and the carry forward, 1 of 4 agree)"
    ]


@pytest.mark.parametrize("missing", [True, False])
def test_a_pair_missing_from_a_session_adds_nothing_for_it(missing):
    event = Event(1, scoring=bridgeio.model.Scoring.AGGREGATE)
    add_session(event, Session("1"), session(10, 20, 30, 40))
    second = session(10, 20, 30, 40)
    if missing:
        second[0].entries.pop(0)
    add_session(event, Session("2"), second)
    totals = (10 if missing else 20, 40, 60, 80)
    event.entries = [Entry(str(n), n, score=s) for n, s in enumerate(totals, 1)]
    done = rescore(Results([event]))
    assert done.differences == []
    assert done.agreement["totals"] == [4, 4]


def test_an_overall_entry_in_no_session_is_said():
    event = Event(1, scoring=bridgeio.model.Scoring.AGGREGATE)
    add_session(event, Session("1"), session(10, 20, 30, 40))
    event.entries = [Entry(str(n), n, score=s) for n, s in enumerate((10, 20, 30, 40, 50), 1)]
    done = rescore(Results([event]))
    assert done.differences == [] and done.agreement["totals"] == [4, 4]
    assert "event 1, overall standings: pair 5 in no session: figures not checked" in (
        done.unchecked
    )


@st.composite
def standings_events(draw):
    """An aggregate event of 2-3 sessions of 4-8 pairs whose overall totals are the sums of
    the session totals and the carry forwards, ranked by total."""
    pairs = draw(st.integers(4, 8))
    event = Event(1, scoring=bridgeio.model.Scoring.AGGREGATE)
    sums = [0.0] * pairs
    for number in range(draw(st.integers(2, 3))):
        scores = draw(st.lists(st.integers(0, 400), min_size=pairs, max_size=pairs))
        add_session(event, Session(str(number + 1)), session(*map(float, scores)))
        sums = [a + b for a, b in zip(sums, scores, strict=True)]
    carried = draw(st.lists(st.sampled_from([0.0, 0.0, 2.5, 10.0]), min_size=pairs, max_size=pairs))
    totals = [s + c for s, c in zip(sums, carried, strict=True)]
    event.entries = [
        Entry(str(n), n, score=t, carry_forward=c or None, rank=1 + sum(o > t for o in totals))
        for n, (t, c) in enumerate(zip(totals, carried, strict=True), 1)
    ]
    return event


@settings(max_examples=60, deadline=None)
@given(event=standings_events(), data=st.data())
def test_one_wrong_overall_total_is_found_alone(event, data):
    assert rescore(Results([event])).differences == []
    entry = data.draw(st.sampled_from(event.entries))
    right = entry.score
    entry.score = right + data.draw(st.sampled_from([-7.0, 1.0, 50.0]))
    found = [d for d in rescore(Results([event])).differences if not d.follows]
    assert [(d.place, d.what, d.computed) for d in found] == [
        (f"event 1, overall standings, pair {entry.id}", "overall total", right)
    ]


def test_standings_to_date_of_sessions_the_file_does_not_hold_are_ranked_only():
    """A championship's second session written alone (Ruter): the overall standings count
    the first session's boards too (boards played 26 of 52 here), so their totals and
    percentages cannot be checked from this file; their places can, and nothing is unfit."""
    event = Event(1, scoring=bridgeio.model.Scoring.AGGREGATE)
    second = session(40, 60, 50, 30)
    for entry in second[0].entries:
        entry.boards_played = 26
    add_session(event, Session("2"), second)
    totals = (95, 110, 90, 70)
    event.entries = [
        Entry(str(n), n, score=t, rank=1 + sum(o > t for o in totals), boards_played=52)
        for n, t in enumerate(totals, 1)
    ]
    done = rescore(Results([event]))
    assert done.differences == [] and done.unfit == []
    assert done.agreement["ranks"] == [4, 4]
    assert (
        "event 1, overall standings: 4 of 4 pairs count boards of sessions this file does not "
        "hold: their percentages, and totals without a carry forward, not checked"
    ) in done.unchecked
    for entry, before in zip(event.entries, (55, 50, 40, 40), strict=True):
        entry.carry_forward = float(before)  # (said: the totals are checked again)
    assert rescore(Results([event])).agreement["totals"] == [4, 4]
