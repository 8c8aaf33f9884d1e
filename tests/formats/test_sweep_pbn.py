"""PBN files of programs first met in a sweep of public repositories, read in place from
their mirrors (skipped where a mirror is not on this machine).

jarekczek/pbntools writes BBO's games (one record a table, each with its auction and play)
with BBO's own time stamp in the Date tag, ``[Date "2013-08-24 18:36"]``, and its BBO history
with only a time of day, ``[Date "14:12"]``: readable dates, not PBN's ``YYYY.MM.DD``, so
warnings (the day is read), not errors."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from bridgeio import read
from bridgeio.formats.pbn.checks import check
from bridgeio.model.results import Results
from tests.formats.test_bws_mirrors import mirrored

PBNTOOLS = "jarekczek/pbntools"
WRONIE = "test/test_8_bbo_wronie_20130824/wronie_9533_pairs_2720_przyjaciele_wronia.pbn"
HISTORY = "test/test_bbo_history_with_lins/history_expected.pbn"
ABA = "test/test_11_aba_17901/aba_17901_aba_pairs.pbn"


@pytest.mark.parametrize(("path", "day"), [(ABA, datetime.date(2021, 4, 3)), (WRONIE, None)])
def test_bbo_time_stamps_as_dates_are_warnings_and_read(
    path: str, day: datetime.date | None, tmp_path: Path
) -> None:
    game = mirrored(PBNTOOLS, "HEAD", path, tmp_path)
    found = check(str(game))
    dates = [p for p in found if "Date" in p.message]
    assert dates and all(p.severity == "warning" for p in dates)
    assert not [p for p in found if p.severity == "error"]
    results = read(game)
    assert isinstance(results, Results)
    assert results.events[0].date == (day or datetime.date(2013, 8, 24))


def test_more_problems_of_a_kind_than_listed_quote_the_first(tmp_path: Path) -> None:
    # 736 Date tags: 200 listed, then one line naming the first as the file has it
    found = check(str(mirrored(PBNTOOLS, "HEAD", WRONIE, tmp_path)))
    more = [p for p in found if p.place == "file"]
    assert len(more) == 1 and more[0].severity == "warning"
    assert "535 more" in more[0].message and "'2013-08-24 18:36'" in more[0].message
    assert "#" not in more[0].message


def test_a_time_of_day_in_the_date_tag_is_a_warning(tmp_path: Path) -> None:
    found = check(str(mirrored(PBNTOOLS, "HEAD", HISTORY, tmp_path)))
    dates = [p for p in found if "Date" in p.message]
    assert [(p.place, p.severity) for p in dates] == [("line 1", "warning"), ("line 35", "warning")]
    assert "time of day" in dates[0].message


# timheilman/bridge-pbn holds the PBN reference implementation's test files:
# ``correct_*.pbn`` "do not contain errors against the PBN standard", ``errors_*.pbn`` do.
REFERENCE = "timheilman/bridge-pbn"
CORRECT = "spec/resource/reference_impl_tests/correct_{}.pbn"


def test_pbn_2_1_results_by_side_are_the_declarers_tricks(tmp_path: Path) -> None:
    # [Declarer "N"] [Contract "5CX"] [Result "NS 11"] [Score "NS +550"], EW vulnerable
    game = mirrored(REFERENCE, "HEAD", CORRECT.format(21), tmp_path)
    assert not [p for p in check(str(game)) if p.severity == "error"]
    results = read(game)
    assert isinstance(results, Results)
    line = results.events[0].sections[0].results[0].results[0]
    assert (str(line.contract), line.tricks, line.ns_score) == ("5CX", 11, 550)


def test_a_header_value_written_with_two_hashes_is_its_text(tmp_path: Path) -> None:
    # [Event "##Autumn regional"] [Date "##1980.10.24"]: for this game and all after it
    game = mirrored(REFERENCE, "HEAD", CORRECT.format(20), tmp_path)
    assert not [p for p in check(str(game)) if p.severity == "error"]


def test_irregularities_and_tag_spacing_are_no_internal_error(tmp_path: Path) -> None:
    # [Declarer "^S"] (declarer and dummy swapped) once stopped reading with an
    # AssertionError; ^I/^S in an auction and ^L in a play leave that section out (said),
    # [Event"no space"] is a tag, Results "NS 9 EW 4" and "^5" are PBN's forms
    game = mirrored(REFERENCE, "HEAD", CORRECT.format(10), tmp_path)
    found = check(str(game))
    errors = [p for p in found if p.severity == "error"]
    assert not [p for p in errors if "Result" in p.message or "found '[Event" in p.message]
    assert any("lead out of turn" in p.message and p.severity == "warning" for p in found)
    assert isinstance(read(game), Results)


# Rick-Wilson/pbn-to-pdf holds BridgeComposer 5.9x lesson files: boards labelled "1-1"
# (exercise 1, part 1), hands not shown written "...", a suit's layout or one hand or the
# lead alone, small cards written x. Each was refused (the label) or an error a deal.
LESSONS = "Rick-Wilson/pbn-to-pdf"
LEAD_EXERCISES = "tests/fixtures/ABS3-2 Opening Leads against Suit Contracts exercises.pbn"
PROMOTION = "tests/fixtures/ABS2-2 Promotion and Length exercises.pbn"


@pytest.mark.parametrize("path", [LEAD_EXERCISES, PROMOTION, "tests/fixtures/2O1-1 exercises.pbn"])
def test_bridgecomposer_lessons_read_with_warnings_only(path: str, tmp_path: Path) -> None:
    lesson = mirrored(LESSONS, "HEAD", path, tmp_path)
    found = check(str(lesson))
    assert found and not [p for p in found if p.severity == "error"]
    assert any("is a label" in p.message for p in found)
    assert read(lesson) is not None  # (it was refused: "expected a board number")


def test_a_deal_short_of_a_card_is_still_an_error(tmp_path: Path) -> None:
    # the diagrams' leniency is for hands not shown or none whole: a whole deal that lost
    # a card (12, 13, 13, 13) stays one error
    deal = "N:QJ6.K652.J85.T9 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
    path = tmp_path / "short.pbn"
    path.write_text(f'[Board "1"]\n[Deal "{deal}"]\n')
    assert [(p.severity, p.message) for p in check(str(path))] == [
        ("error", "13 cards a hand, found North 12")
    ]


def test_small_cards_written_x_leave_that_hand_out(tmp_path: Path) -> None:
    found = check(str(mirrored(LESSONS, "HEAD", LEAD_EXERCISES, tmp_path)))
    spots = [p for p in found if "written x" in p.message]
    assert spots and all(p.severity == "warning" for p in spots)
