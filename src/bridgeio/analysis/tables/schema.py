"""The columns of every analysis table and their Arrow types (docs/tables.md describes each).

Column names are a contract (DESIGN.md, "Analysis tables"): other tools and the README's
queries rely on them. Types: strings that repeat (names, formats, contracts) are
dictionary-encoded, strings unique to a row (paths, hashes, deals) are plain, whole numbers are
integers, and every column is nullable: null where the file does not say.

>>> [f.name for f in SCHEMAS["dd_tricks"]]
['file_id', 'event', 'record', 'deal_id', 'seat', 'strain', 'tricks']
"""

from __future__ import annotations

import pyarrow as pa

_TYPES = {
    "i8": pa.int8(),
    "i32": pa.int32(),
    "i64": pa.int64(),
    "f64": pa.float64(),
    "bool": pa.bool_(),
    "date": pa.date32(),
    "str": pa.string(),
    "cat": pa.dictionary(pa.int32(), pa.string()),
}

_KEYS = "file_id:i32 event:i32 section:cat"
_COLUMNS = {
    "files": "file_id:i32 path:str format:cat kind:cat size:i64 sha256:str partial:bool "
    "warnings:str error:str",
    "events": "file_id:i32 event:i32 name:cat session_name:cat date:date club:cat "
    "club_number:cat director:cat city:cat kind:cat scoring:cat rating:cat match_scoring:cat "
    "pairwise_scoring:cat",
    "event_sessions": "file_id:i32 event:i32 session:i32 id:cat date:date",
    "sections": f"{_KEYS} movement:cat tables:i32 rounds:i32 boards:i32 boards_per_round:i32 "
    "board_top:i32 session:i32",
    "entries": f"{_KEYS} entry:cat number:i32 direction:cat name:cat score:f64 percentage:f64 "
    "rank:i32 tied:bool strat:i32 boards_played:i32 seat:cat awards:f64 session:i32 "
    "carry_forward:f64",
    "players": f"{_KEYS} entry:cat seat:i8 last_name:cat first_name:cat player_number:cat "
    "masterpoints:f64 city:cat state:cat country:cat awards:f64 session:i32",
    "results": f"{_KEYS} board:i32 round:i32 table:i32 ns:i32 ew:i32 contract:cat declarer:cat "
    "lead:cat tricks:i8 ns_score:i32 ew_score:i32 ns_points:f64 ew_points:f64 "
    "ns_adjusted:cat ew_adjusted:cat south:i32 west:i32 home:i32 away:i32 session:i32",
    "team_matches": f"{_KEYS} round:i32 home:i32 away:i32 home_imps:f64 away_imps:f64 "
    "home_vp:f64 away_vp:f64 table:i32 session:i32",
    "deals": "file_id:i32 event:i32 record:i32 deal_id:i64 board:i32 dealer:cat "
    "vulnerability:cat pbn:str par:i32",
    "dd_tricks": "file_id:i32 event:i32 record:i32 deal_id:i64 seat:cat strain:cat tricks:i8",
    "movements": f"{_KEYS} round:i32 table:i32 ns:i32 ew:i32 south:i32 west:i32 group:cat "
    "session:i32",
    "calls": f"{_KEYS} board:i32 round:i32 table:i32 room:cat index:i32 seat:cat call:cat "
    "alert:str session:i32",
    "cards": f"{_KEYS} board:i32 round:i32 table:i32 room:cat trick:i8 position:i8 seat:cat "
    "card:cat dd_cost:i8 session:i32",
}


def _schema(spec: str) -> pa.Schema:
    return pa.schema(
        [pa.field(name, _TYPES[code]) for name, code in (c.split(":") for c in spec.split())]
    )


SCHEMAS: dict[str, pa.Schema] = {name: _schema(spec) for name, spec in _COLUMNS.items()}
"""Every table's schema, in the order DESIGN.md lists the tables."""

TABLES = tuple(SCHEMAS)
"""The table names."""
