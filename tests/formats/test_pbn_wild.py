"""PBN in the wild that strict parsers trip on (issue 19): each is read, or refused with its
line, never a crash and never a silent skip."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bridgeio
from bridgeio.errors import collect
from bridgeio.formats.pbn import scan
from bridgeio.model.results import Results

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
GAME = f'[Board "1"]\n[Deal "{DEAL}"]\n'
TABLE = '[ScoreTable "Table;PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'


def read(tmp_path, text: str | bytes):
    path = tmp_path / "wild.pbn"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with collect() as found:
        doc = bridgeio.read(path)
    return doc, [str(p) for p in found.problems]


@pytest.mark.parametrize(
    "text",
    [
        "{a line that is only commentary}\n" + GAME + "{and another}\n",
        GAME + '[Contract "?"]\n[Declarer "?"]\n[Result "?"]\n',
        GAME + '[Auction "N"]\n1S\tPass\t2S\tPass\nPass\tPass\n',
        GAME + '[Contract "4S"]\n\n[Contract "3NT"]\n[Declarer "N"]\n',  # the deal carries over
    ],
    ids=["commentary-lines", "contract-unknown", "tab-separated-auction", "deal-carried-over"],
)
def test_each_is_read_whole_without_a_word(tmp_path, text):
    deals, problems = read(tmp_path, text)
    assert len(deals) == 1 and deals.boards.tolist() == [1] and problems == []
    assert (tmp_path / "wild.pbn").read_bytes() == text.encode()  # (kept for PBN -> PBN)


def test_free_text_between_records_is_a_warning_with_its_line(tmp_path):
    deals, problems = read(tmp_path, GAME + "\nsome words a program left\n\n" + GAME)
    assert len(deals) == 2
    assert problems == [
        "line 4: warning: text outside any game (after a blank line, before a tag): ignored"
    ]


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-8"])
def test_text_with_a_byte_order_mark_is_read_in_its_encoding(tmp_path, encoding):
    text = GAME + '[North "Zoë Ørsted"]\n' + TABLE + "1 1 2 4S N 10 420\n"
    results, problems = read(tmp_path, ("\ufeff" + text).encode(encoding))
    assert problems == [] and isinstance(results, Results)
    assert results.events[0].sections[0].results[0].results[0].ns_score == 420
    assert len(results.events[0].deals) == 1 and results.events[0].deals.boards.tolist() == [1]
    with collect():
        deals = bridgeio.read(tmp_path / "wild.pbn", "pbn")
    assert bridgeio.model.as_deals(deals, "x").seats.tolist() == [
        bridgeio.model.Deal.from_pbn(DEAL).seats.tolist()
    ]


def test_damaged_utf16_is_an_error_at_its_byte(tmp_path):
    good = ("\ufeff" + GAME).encode("utf-16-le")
    data = good + b"\x00\xd8\x41\x00"  # a lone surrogate
    with pytest.raises(bridgeio.FormatError, match=f"byte {len(good)}: expected UTF-16 text"):
        read(tmp_path, data)


def test_a_score_table_with_commentary_and_unknown_contract_rows(tmp_path):
    """Rows around a commentary line are read; a row with ``?`` for a contract is a warning
    naming its line, not a lost row without a word."""
    text = GAME + TABLE + "1 1 2 4S N 10 420\n{scored late}\n2 3 4 ? - - -\n"
    results, problems = read(tmp_path, text)
    assert isinstance(results, Results)
    lines = results.events[0].sections[0].results[0].results
    assert [line.ns for line in lines] == [1]
    assert len(problems) == 1 and problems[0].startswith("line 6: warning:")


# The scanner reads runs of plain lines (one tag a line, or table rows) at once: it must give
# what its line-by-line reading gives for any mix of tags, rows, comments and damage.
LINES = [
    '[Board "1"]',
    '[Event "a;b {c}"]',
    f'[Deal "{DEAL}"]',
    '[ScoreTable "Table;Score_NS\\2R"]',
    ' [Note "x"] ',
    '[A "1"][B "2"]',
    "1 420",
    '"A" 4 - "x y"',
    "{ comment }",
    "{ opened",
    "closed }",
    "; to the end",
    "% a line",
    "",
    "   ",
    '[Open "value',
    'rest"]',
    '[Escaped "a\\"b"]',
    "1S 2H ;c",
    "x {y} z",
    '[Spaced  "s"]',
    '\t[Tab "t"]',
    '[Tail "y"] tail',
    '[Empty ""]',
    '60% "x;y"',
    '[Backslash "\\\\"]',
    "\ufeff",
    "\r",
]


def scanned(text: str) -> tuple:
    notes: list = []
    found = scan.scan(text, 1, lambda *note: notes.append(note))
    games = [
        (
            g.line,
            g.start,
            g.end,
            [
                (
                    t.name,
                    t.raw,
                    t.line,
                    t.start,
                    t.value_start,
                    t.value_end,
                    t.end,
                    t.lines_over,
                    [(r.raw, r.line, r.start, r.end) for r in t.section],
                )
                for t in g.tags
            ],
        )
        for g in found.games
    ]
    return games, found.comments, found.closed, notes


@given(
    st.lists(st.sampled_from(LINES), min_size=1, max_size=30),
    st.sampled_from(["\n", "\r\n"]),
    st.booleans(),
)
def test_plain_lines_read_at_once_are_read_as_line_by_line(lines, end, last):
    text = end.join(lines) + (end if last else "")
    at_once = scanned(text)
    with mock.patch.object(scan, "FAST", False):
        assert scanned(text) == at_once
