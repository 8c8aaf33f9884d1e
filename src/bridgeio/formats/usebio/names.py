"""USEBIO's vocabulary, shared by the reader and the writer: element names, their order in the
specification, what 1.2 cannot hold, and how event types and scoring methods map onto the
model's :class:`~bridgeio.model.results.EventKind` and :class:`~bridgeio.model.results.Scoring`.

>>> kind_of("SWISS_TEAMS"), scoring_of("BUTLER_PAIRS", {}, EventKind.PAIRS)
(<EventKind.TEAMS: 'teams'>, <Scoring.BUTLER: 'butler'>)
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgeio.model.results import EventKind, Scoring

# Elements whose children are streamed: read when the parser has passed them, then emptied.
CONTAINERS = frozenset({"EVENT", "SECTION", "SESSION"})
ENTRY_TAGS = {"PAIR": "PAIR_NUMBER", "TEAM": "TEAM_ID", "PLAYER": "PLAYER_NUMBER"}
"""Each kind of entry and the element (or, for TEAM, attribute) holding its id."""
ENTRY_TAG_OF_KIND = {
    EventKind.PAIRS: "PAIR",
    EventKind.TEAMS: "TEAM",
    EventKind.INDIVIDUAL: "PLAYER",
}

KINDS = {
    "INDIVIDUAL": EventKind.INDIVIDUAL,
    "TEAMS": EventKind.TEAMS,
    "SWISS_TEAMS": EventKind.TEAMS,
    "MULTIPLE_TEAMS": EventKind.TEAMS,
    "KNOCKOUT": EventKind.TEAMS,
    "TEAMS_OF_FOUR": EventKind.TEAMS,
}
EVENT_TYPE_OF_KIND = {
    EventKind.PAIRS: "PAIRS",
    EventKind.TEAMS: "TEAMS",
    EventKind.INDIVIDUAL: "INDIVIDUAL",
}
# Event types of 1.1 that say how boards were scored (deprecated, still written by producers).
TYPE_SCORINGS = {
    "MP_PAIRS": Scoring.MATCHPOINTS,
    "BUTLER_PAIRS": Scoring.BUTLER,
    "CROSS_IMP": Scoring.CROSS_IMPS,
    "AGGREGATE": Scoring.AGGREGATE,
    "SWISS_PAIRS_CROSS_IMPS": Scoring.CROSS_IMPS,
    "SWISS_PAIRS_BUTLER_IMPS": Scoring.BUTLER,
}
BOARD_SCORINGS = {
    "MATCH_POINTS": Scoring.MATCHPOINTS,
    "MATCHPOINTS": Scoring.MATCHPOINTS,
    "MP": Scoring.MATCHPOINTS,
    "BUTLER_IMPS": Scoring.BUTLER,
    "BUTLER": Scoring.BUTLER,
    "CROSS_IMPS": Scoring.CROSS_IMPS,
    "AGGREGATE": Scoring.AGGREGATE,
    "IMPS": Scoring.IMPS,
    "BAM": Scoring.BOARD_A_MATCH,
    "PAB": Scoring.BOARD_A_MATCH,
    "WIN_LOSS": Scoring.WIN_LOSS,
    "HYBRID": Scoring.OTHER,
    "OTHER": Scoring.OTHER,
}
MATCH_SCORINGS = {
    "VPS": Scoring.VICTORY_POINTS,
    "VP": Scoring.VICTORY_POINTS,  # (TeamsScorer's SCORING_METHOD)
    "IMPS": Scoring.IMPS,
    "TOTAL_IMPS": Scoring.IMPS,
    "AGGREGATE": Scoring.AGGREGATE,
    "PAB": Scoring.BOARD_A_MATCH,
    "BAM": Scoring.BOARD_A_MATCH,
    "PERCENTAGE": Scoring.MATCHPOINTS,
}
SCORING_TAGS = ("BOARD_SCORING_METHOD", "MATCH_SCORING_METHOD", "SCORING_METHOD")
# What the writer gives for each scoring: (element, text).
SCORING_ELEMENT = {
    Scoring.MATCHPOINTS: ("BOARD_SCORING_METHOD", "MATCH_POINTS"),
    Scoring.BUTLER: ("BOARD_SCORING_METHOD", "BUTLER_IMPS"),
    Scoring.CROSS_IMPS: ("BOARD_SCORING_METHOD", "CROSS_IMPS"),
    Scoring.AGGREGATE: ("BOARD_SCORING_METHOD", "AGGREGATE"),
    Scoring.IMPS: ("BOARD_SCORING_METHOD", "IMPS"),
    Scoring.BOARD_A_MATCH: ("BOARD_SCORING_METHOD", "BAM"),
    Scoring.WIN_LOSS: ("BOARD_SCORING_METHOD", "WIN_LOSS"),
    Scoring.OTHER: ("BOARD_SCORING_METHOD", "OTHER"),
    Scoring.VICTORY_POINTS: ("MATCH_SCORING_METHOD", "VPS"),
}
POINTS_TAG = {
    Scoring.MATCHPOINTS: "MATCH_POINTS",
    Scoring.BUTLER: "BUTLER_POINTS",
    Scoring.IMPS: "BUTLER_POINTS",
    Scoring.CROSS_IMPS: "CROSS_IMP_POINTS",
    Scoring.AGGREGATE: "AGGREGATE_POINTS",
}
"""The traveller line's points element (``NS_`` and ``EW_`` in front) for each scoring."""
POINTS_KINDS = frozenset(
    {"MATCH_POINTS", "BUTLER_POINTS", "CROSS_IMP_POINTS", "CROSS_IMPS_POINTS", "AGGREGATE_POINTS"}
)


def kind_of(event_type: str) -> EventKind:
    """The kind of an EVENT_TYPE (unknown types are pairs, the usual event)."""
    return KINDS.get(event_type.strip().upper(), EventKind.PAIRS)


def scoring_of(event_type: str, texts: Mapping[str, str], kind: EventKind) -> Scoring:
    """How boards were scored, from the EVENT_TYPE and the texts of the event's scoring
    elements (:data:`SCORING_TAGS`): the board scoring method first, then what the event type
    implies, then the match scoring method, then the default of the kind."""
    board = texts.get("BOARD_SCORING_METHOD", "").strip().upper()
    if board:
        return BOARD_SCORINGS.get(board, Scoring.OTHER)
    implied = TYPE_SCORINGS.get(event_type.strip().upper())
    if implied is not None:
        return implied
    match = (texts.get("MATCH_SCORING_METHOD") or texts.get("SCORING_METHOD") or "").strip()
    if match:
        return MATCH_SCORINGS.get(match.upper(), Scoring.OTHER)
    return Scoring.IMPS if kind is EventKind.TEAMS else Scoring.MATCHPOINTS


def match_scoring_of(texts: Mapping[str, str], kind: EventKind) -> Scoring | None:
    """How the matches of an event are scored, where its MATCH_SCORING_METHOD says (or, in a
    teams event, its SCORING_METHOD: "Whether the results of teams matches are victory points
    or IMPS"); None where it does not.

    >>> match_scoring_of({"BOARD_SCORING_METHOD": "IMPS", "SCORING_METHOD": "VP"}, EventKind.TEAMS)
    <Scoring.VICTORY_POINTS: 'victory_points'>
    >>> match_scoring_of({"SCORING_METHOD": "IMPS"}, EventKind.PAIRS) is None
    True
    """
    text = texts.get("MATCH_SCORING_METHOD", "").strip()
    if not text and kind is EventKind.TEAMS:
        text = texts.get("SCORING_METHOD", "").strip()
    return MATCH_SCORINGS.get(text.upper()) if text else None


PAIRWISE_SCORINGS = {"CROSS_IMPS": Scoring.CROSS_IMPS, "BUTLER_IMPS": Scoring.BUTLER}
"""PAIRWISE_SCORING_METHOD's values: how a teams event's pairs are scored on the field."""
PAIRWISE_OF_SCORING = {scoring: text for text, scoring in PAIRWISE_SCORINGS.items()}


def points_tag(scoring: Scoring) -> str:
    """The points element a traveller line of an event so scored carries."""
    return POINTS_TAG.get(scoring, "MATCH_POINTS")


EVENT_ORDER = (
    "PROGRAM_NAME",
    "PROGRAM_VERSION",
    "PLAYING_ENVIRONMENT",
    "ONLINE_PLATFORM",
    "SESSION_URL",
    "AUTH_ORG",
    "EVENT_ID",
    "EVENT_IDENTIFIER",
    "EVENT_DESCRIPTION",
    "EVENT_LOCAL_ID",
    "TITLE",
    "DATE",
    "TOURNAMENT_ID",
    "TOURNAMENT_DESCRIPTION",
    "START_TIME",
    "END_TIME",
    "VENUE",
    "TOWN",
    "WINNER_TYPE",
    "TEAM_SIZE",
    "BOARD_SCORING_METHOD",
    "MATCH_SCORING_METHOD",
    "RESULTS_TYPE",
    "OVERALL_RESULTS",
    "BOARDS_PLAYED",
    "BOARD_AVERAGE",
    "SCORING_METHOD",
    "VP_SCALE",
    "TEAM_PAIRING_AVAILABLE",
    "PAIRWISE_SCORING_METHOD",
    "PAIRS",
    "EW_PAIRS",
    "NS_PAIRS",
    "SESSION_COUNT",
    "SECTION_COUNT",
    "MPS_AWARDED_FLAG",
    "EVENT_RATING",
    "MASTER_POINT_SCALE",
    "MASTER_POINT_TYPE",
    "P2P_CHARGE_RATE",
    "DIRECTOR_ID",
    "CONTACT",
    "HAND_RECORD_ID",
    "LABELS",
    "ARROW_SWITCH",
    "BOARDS_PER_ROUND",
    "BOARDS_PER_STANZA",
    "STRATIFICATION",
)
ENTRY_ORDER = (
    "PAIR_NUMBER",
    "PLAYER_NAME",
    "PLAYER_NUMBER",
    "NATIONAL_ID_NUMBER",
    "CLUB_ID_NUMBER",
    "STATUS",
    "MASTER_POINT_TOTAL",
    "DIRECTION",
    "BOARDS_PLAYED",
    "PAIR_IMPS",
    "SEATING",
    "CARRY_FORWARD_SEATING",
    "PLAYER",
    "PAIR",
    "PLACE",
    "TOTAL_SCORE",
    "MAX_SCORE",
    "ADJUSTMENT",
    "HANDICAP",
    "CARRY_FORWARD",
    "PERCENTAGE",
    "MASTER_POINTS_AWARDED",
    "MASTER_POINT_TYPE",
    "MASTER_POINTS",
    "WINS_OR_DRAWS",
    "PRIZE",
    "QUALIFY",
    "LABEL",
    "SECTION_PLACE",
    "STRAT_NUMBER",
    "STRAT_PLACE",
    "OVERRIDE_STRAT",
)
PLAYER_ORDER = (
    "PLAYER_NAME",
    "PLAYER_NUMBER",
    "NATIONAL_ID_NUMBER",
    "CLUB_ID_NUMBER",
    "STATUS",
    "ACBL_PLAYER_CITY",
    "ACBL_PLAYER_STATE",
    "ACBL_PLAYER_COUNTRY",
    "MASTER_POINT_TOTAL",
)
LINE_ORDER = (
    "DIRECTION",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "N_PLAYER_NUMBER",
    "S_PLAYER_NUMBER",
    "E_PLAYER_NUMBER",
    "W_PLAYER_NUMBER",
    "CONTRACT",
    "PLAYED_BY",
    "LEAD",
    "TRICKS",
    "SCORE",
    "EW_SCORE",
    "PERCENTAGE",
    "NS_MATCH_POINTS",
    "EW_MATCH_POINTS",
    "NS_BUTLER_POINTS",
    "EW_BUTLER_POINTS",
    "NS_CROSS_IMP_POINTS",
    "EW_CROSS_IMP_POINTS",
    "NS_AGGREGATE_POINTS",
    "EW_AGGREGATE_POINTS",
    "ROUND_NUMBER",
    "TABLE_NUMBER",
    "DATUM",
    "LIN_DATA",
    "PLAY_DATA",
)
BOARD_ORDER = ("BOARD_NUMBER", "IMPS", "TEAM_POINTS", "OPPOSING_TEAM_POINTS", "BOARD_AVERAGE")
MATCH_ORDER = (
    "ROUND_NUMBER",
    "START_BOARD_NUMBER",
    "END_BOARD_NUMBER",
    "TEAM",
    "OPPOSING_TEAM",
    "NS_PAIR_NUMBER",
    "EW_PAIR_NUMBER",
    "SITOUT",
    "TEAM_SCORE",
    "SCORE",
    "OPPOSING_TEAM_SCORE",
    "NS_VICTORY_POINTS",
    "EW_VICTORY_POINTS",
    "NS_SCORE",
    "EW_SCORE",
)

# Elements USEBIO 1.2 cannot hold (new in 1.3 or 1.4): left out when writing 1.2.
NEWER_THAN_1_2 = frozenset(
    {
        "PLAYING_ENVIRONMENT",
        "ONLINE_PLATFORM",
        "SESSION_URL",
        "AUTH_ORG",
        "EVENT_LOCAL_ID",
        "TOURNAMENT_ID",
        "TOURNAMENT_DESCRIPTION",
        "START_TIME",
        "END_TIME",
        "RESULTS_TYPE",
        "OVERALL_RESULTS",
        "VP_SCALE",
        "DIRECTOR_ID",
        "HAND_RECORD_ID",
        "BOARDS_PER_STANZA",
        "STRATIFICATION",
        "SEATING",
        "CARRY_FORWARD_SEATING",
        "MAX_SCORE",
        "SECTION_PLACE",
        "STRAT_NUMBER",
        "STRAT_PLACE",
        "OVERRIDE_STRAT",
        "STATUS",
        "MASTER_POINT_TOTAL",
        "ROUND_NUMBER",
        "TABLE_NUMBER",
        "DATUM",
        "LIN_DATA",
        "PLAY_DATA",
        "ACBL_PLAYER_CITY",
        "ACBL_PLAYER_STATE",
        "ACBL_PLAYER_COUNTRY",
        "SITOUT",
        "PLAYER_NUMBER",
    }
)
OLDER_IN = frozenset({("MATCH", "ROUND_NUMBER"), ("PLAYER", "PLAYER_NUMBER")})
"""Elements of :data:`NEWER_THAN_1_2` that 1.2 has under another parent (an individual's
PLAYER_NUMBER was in 1.0, "accidentally omitted" from 1.1 to 1.3, and lines refer to it)."""
RENAMED_IN_1_2 = {"EVENT_ID": "EVENT_IDENTIFIER", "EVENT_RATING": "MASTER_POINT_SCALE"}
"""Elements 1.3 renamed: the 1.2 name of each (1.4 accepts both and writes the new one)."""
RENAMED_IN_1_4 = {old: new for new, old in RENAMED_IN_1_2.items()}


def tag_for_version(tag: str, version: str, parent: str = "") -> str | None:
    """The name ``tag`` has (in ``parent``) in ``version``, or None where that version
    cannot hold it.

    >>> tag_for_version("EVENT_RATING", "1.2"), tag_for_version("ROUND_NUMBER", "1.2")
    ('MASTER_POINT_SCALE', None)
    >>> tag_for_version("ROUND_NUMBER", "1.2", "MATCH")
    'ROUND_NUMBER'
    """
    if version == "1.2":
        if tag in NEWER_THAN_1_2 and (parent, tag) not in OLDER_IN:
            return None
        return RENAMED_IN_1_2.get(tag, tag)
    return RENAMED_IN_1_4.get(tag, tag)
