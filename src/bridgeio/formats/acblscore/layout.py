"""ACBLscore game file structures, field by field as in Matthew Kidd's document
(acblscore-game-files-decoded.txt): (offset, type, name). Offsets are hexadecimal as there.

Types: ``u8 u16 u32 i8 i16 i32`` integers; ``ptr`` a file pointer (0 = none); ``bool``;
``str:N`` a string of up to N characters (N + 1 bytes, the first the length); ``chr:N`` N
characters; ``f1``/``f2``/``f4`` intfloat with 1, 2 or 4 decimals in 2 bytes (``F2`` signed in
4 bytes); ``dt`` a DOS datetime; ``r48`` a Pascal real48. Bytes not listed are kept as they are.
"""

from __future__ import annotations

from bridgeio.formats.acblscore.sniff import MAGIC as MAGIC  # (the sniffer's)

Field = tuple[int, str, str]

MASTER_LENGTH = 0x0A12  # 2578 bytes after the length word
MAX_EVENTS = 50
MAX_SECTIONS = 100

MASTER: list[Field] = [
    (0x0000, "i16", "length"),
    (0x0002, "str:3", "magic"),
    (0x0006, "u32", "file_length"),
    (0x000A, "ptr", "free_list"),
    (0x000E, "ptr", "instant_matchpoint_table"),
    (0x09D6, "ptr", "memo"),
    (0x09DA, "bool", "has_club_number"),
    (0x09DB, "f2", "version"),
    (0x09DD, "dt", "created"),
    (0x09E1, "f2", "min_version"),
    (0x09E3, "ptr", "note"),
    (0x09EC, "u8", "global_options"),
    (0x0A13, "u8", "bridgemate_import"),
]
EVENT_POINTERS = 0x0012  # 50 pointers to Event Details
EVENT_TYPES = 0x00DA  # 50 bytes
EVENT_SCORINGS = 0x010C  # 50 bytes
SECTION_SUMMARIES = 0x013E  # 100 structures of 22 bytes
SECTION_SUMMARY_SIZE = 22

SECTION_SUMMARY: list[Field] = [
    (0x00, "u8", "event"),
    (0x01, "str:2", "letter"),
    (0x04, "ptr", "details"),
    (0x08, "ptr", "board_index"),
    (0x0C, "u16", "maximum_score"),
    (0x0E, "u8", "status"),
    (0x0F, "u8", "previous_scored"),
    (0x10, "u8", "next_scored"),
    (0x11, "u8", "previous_ranked"),
    (0x12, "u8", "next_ranked"),
    (0x13, "u8", "rounds_posted"),
    (0x14, "u8", "rounds"),
    (0x15, "u8", "flags"),
]

EVENT_DETAILS: list[Field] = [
    (0x0000, "i16", "length"),
    (0x0002, "u16", "number"),
    (0x0004, "str:25", "name"),
    (0x001E, "str:13", "session_name"),
    (0x002C, "str:16", "director"),
    (0x003D, "str:10", "sanction"),
    (0x0048, "str:19", "date"),
    (0x005C, "str:25", "club"),
    (0x0076, "str:4", "event_code"),
    (0x007D, "f1", "p_factor"),
    (0x0081, "f2", "qualify_percent"),
    (0x0083, "f1", "t_factor"),
    (0x0087, "bool", "stratify_by_age"),
    (0x0088, "u8", "rating"),
    (0x0089, "u8", "end_of_event"),
    (0x008A, "u16", "board_average"),
    (0x008C, "u8", "session"),
    (0x008D, "i8", "handicap_type"),
    (0x008E, "u8", "start_session"),
    (0x008F, "bool", "carryover_calculated"),
    (0x0090, "bool", "tournament_edited"),
    (0x0091, "bool", "negative_handicap"),
    (0x0092, "u8", "awards_verified"),
    (0x0094, "u8", "max_imp_swing"),
    (0x0095, "u8", "club_session"),
    (0x0096, "f2", "tie_break_spread"),
    (0x0098, "u16", "perfect_score"),
    (0x009A, "u16", "board_top"),
    (0x009E, "u8", "strats"),
    (0x009F, "u8", "sessions"),
    (0x00A0, "bool", "consolation"),
    (0x00A1, "u8", "club_game_type"),
    (0x00A9, "u8", "rating_again"),
    (0x00AE, "u16", "newcomer_tables"),
    (0x00B0, "str:6", "club_number"),
    (0x00B7, "dt", "modified"),
    (0x00BD, "ptr", "memo"),
    (0x00C2, "u8", "brackets"),
    (0x00C3, "u8", "bracket"),
    (0x00C5, "str:4", "qualifying_event_code"),
    (0x00CA, "u8", "handicap_award_method"),
    (0x00CC, "bool", "imp_datum_calc"),
    (0x00CD, "bool", "edxov_done"),
    (0x00CE, "bool", "continuous_pairs"),
    (0x00D2, "bool", "qualifying_event"),
    (0x01F5, "u8", "percent_to_qualify"),
    (0x01F7, "i8", "lm_eligibility_1"),
    (0x01F8, "i8", "lm_eligibility_2"),
    (0x01F9, "i8", "lm_eligibility_3"),
    (0x01FA, "u8", "nap_level"),
    (0x023D, "bool", "split_site"),
    (0x023E, "r48", "multi_site_factor"),
    (0x0244, "str:8", "hand_set"),
    (0x024F, "bool", "show_percentages"),
    (0x0251, "bool", "senior_event"),
    (0x0252, "u8", "restrictions"),
    (0x0253, "bool", "side_game"),
    (0x0254, "u8", "award_version"),
    (0x026B, "bool", "print_unpaid"),
    (0x0275, "r48", "game_sanction_fee"),
    (0x027B, "r48", "table_sanction_fee"),
    (0x0281, "r48", "charity_table_sanction_fee"),
    (0x0295, "str:50", "local_charity"),
    (0x02C8, "bool", "stratify_by_average"),
    (0x02C9, "bool", "recaps_in_percent"),
    (0x02CA, "bool", "non_acbl"),
]
EVENT_STRATS = (0x00D4, 0x0133, 0x0192)

STRAT: list[Field] = [
    (0x10, "f2", "first_overall_award"),
    (0x12, "u8", "ribbon_color"),
    (0x13, "u8", "ribbon_depth"),
    (0x14, "f4", "mpt_factor"),
    (0x16, "f2", "masterpoint_related"),
    (0x18, "u16", "overall_award_depth"),
    (0x1A, "u16", "table_basis"),
    (0x1C, "u16", "omitted_ranks"),
    (0x1E, "u16", "min_mp"),
    (0x20, "u16", "max_mp"),
    (0x22, "chr:1", "letter"),
    (0x23, "u8", "club_percent_open_rating"),
    (0x24, "r48", "event_m_factor"),
    (0x2A, "r48", "session_m_factor"),
]
STRAT_PIGMENTATIONS = (("overall", 0x32), ("session", 0x41), ("section", 0x50))

PIGMENTATION: list[Field] = [
    (0x00, "f2", "percent_1"),
    (0x02, "f2", "percent_2"),
    (0x04, "f2", "percent_3"),
    (0x06, "f2", "points_1"),
    (0x08, "f2", "points_2"),
    (0x0A, "f2", "points_3"),
    (0x0C, "u8", "type_1"),
    (0x0D, "u8", "type_2"),
    (0x0E, "u8", "type_3"),
]

SECTION_STRAT: list[Field] = [
    (0x00, "i16", "rank_depth_n"),
    (0x02, "i16", "rank_depth_e"),
    (0x04, "i16", "rank_depth_s"),
    (0x06, "i16", "rank_depth_w"),
    (0x08, "u16", "count_n"),
    (0x0A, "u16", "count_e"),
    (0x0C, "u16", "count_w"),
    (0x0E, "u16", "count_s"),
    (0x10, "i16", "qualify_depth_n"),
    (0x12, "i16", "qualify_depth_e"),
    (0x14, "i16", "qualify_depth_s"),
    (0x16, "i16", "qualify_depth_w"),
]

SECTION_DETAILS: list[Field] = [
    (0x0000, "i16", "length"),
    (0x0002, "u16", "number"),
    (0x0004, "ptr", "index_1"),  # N-S pairs, teams, or North individuals
    (0x0008, "ptr", "index_2"),  # E-W pairs or East individuals
    (0x000C, "ptr", "index_3"),  # South individuals
    (0x0010, "ptr", "index_4"),  # West individuals
    (0x0014, "ptr", "match_table"),
    (0x0018, "bool", "howell"),
    (0x0019, "u16", "boards"),
    (0x001B, "u16", "highest_pair"),
    (0x001D, "u8", "boards_per_round"),
    (0x001E, "u16", "board_top"),
    (0x0020, "u16", "bye_stand"),
    (0x0022, "u16", "rover_mode"),
    (0x0024, "u16", "board_1_table"),
    (0x0026, "u16", "skip_after_round"),
    (0x002A, "u16", "names_entered"),
    (0x002C, "bool", "carry_over"),
    (0x002D, "u8", "max_boards"),
    (0x002E, "f1", "board_factor"),
    (0x0030, "f1", "score_adjust_average"),
    (0x0032, "bool", "factored"),
    (0x0033, "u8", "posting_method"),
    (0x0034, "bool", "posted"),
    (0x0035, "u16", "rounds"),
    (0x0037, "str:11", "movement_file"),
    (0x0043, "i16", "phantom"),
    (0x0045, "u8", "color_index"),
    (0x0046, "u8", "dbadd_count"),
    (0x0047, "bool", "barometer"),
    (0x0048, "u16", "tables"),
    (0x004E, "u16", "maximum_score"),
    (0x0050, "str:6", "color"),
    (0x005B, "u8", "posting_change_round"),
    (0x0060, "bool", "web"),
    (0x0061, "u8", "max_results_per_board"),
    (0x0062, "bool", "outside_adjustments"),
    (0x0063, "u8", "posting_sequence"),
    (0x0064, "u16", "rover_table"),
    (0x00B5, "f2", "match_award"),
    (0x00B9, "u8", "vp_scale"),
    (0x00BD, "dt", "modified"),
    (0x00D1, "ptr", "memo"),
    (0x00D5, "bool", "bam"),
    (0x00D8, "f2", "version"),
    (0x00DA, "u8", "phantom_2"),
    (0x00DB, "u8", "phantom_3"),
    (0x00DC, "bool", "manual_scoring"),
    (0x0235, "str:6", "club_number"),
    (0x023D, "ptr", "team_match_index"),
    (0x0241, "u16", "eligible_1"),
    (0x0243, "u16", "eligible_2"),
    (0x0245, "u16", "eligible_3"),
]
SECTION_STRATS = (0x0068, 0x0081, 0x009A)
PAIR_MAPPING = 0x00DD  # Howell: 80 reassigned numbers, 80 (table, direction); Mitchell: 40x4, 40x4

AWARD: list[Field] = [
    (0x00, "f2", "points_1"),
    (0x02, "u8", "color_1"),
    (0x03, "u8", "ranking_1"),
    (0x04, "f2", "points_2"),
    (0x06, "u8", "color_2"),
    (0x07, "u8", "ranking_2"),
    (0x08, "f2", "points_3"),
    (0x0A, "u8", "color_3"),
    (0x0B, "u8", "ranking_3"),
]
AWARD_SIZE = 12

RANKING: list[Field] = [
    (0x00, "u16", "section_rank_low"),
    (0x02, "u16", "section_rank_high"),
    (0x04, "u16", "overall_rank_low"),
    (0x06, "u16", "overall_rank_high"),
    (0x08, "u16", "qualified"),
    (0x0A, "u16", "rank"),
    (0x0C, "u16", "next_section_entry"),
    (0x0E, "u8", "next_section_section"),
    (0x0F, "u8", "next_section_direction"),
    (0x10, "u16", "next_overall_entry"),
    (0x12, "u8", "next_overall_section"),
    (0x13, "u8", "next_overall_direction"),
]

PLAYER: list[Field] = [
    (0x00, "str:16", "last_name"),
    (0x11, "str:16", "first_name"),
    (0x22, "str:16", "city"),
    (0x33, "str:2", "state"),
    (0x36, "str:7", "player_number"),
    (0x3E, "str:3", "db_key"),
    (0x42, "f2", "team_wins"),
    (0x44, "f2", "team_matches"),
    (0x71, "u16", "masterpoints"),
    (0x73, "chr:1", "rank"),
    (0x75, "str:2", "country"),
]
PLAYER_AWARDS = (("previous", 0x48), ("current", 0x54), ("total", 0x60))
PLAYER_SIZE = 120

ENTRY: list[Field] = [  # the common start of Pair, Individual and Team structures
    (0x0000, "i16", "length"),
    (0x0002, "u16", "entry_id"),
    (0x0004, "F2", "adjustment"),
    (0x0008, "F2", "score_unscaled"),
    (0x000C, "F2", "score"),
    (0x0010, "F2", "score_carryover"),
    (0x0014, "F2", "score_final"),
    (0x0018, "F2", "handicap"),
    (0x001C, "f2", "percentage"),
    (0x001E, "u8", "strat"),
    (0x0020, "u32", "average_masterpoints"),
    (0x0028, "str:2", "next_section"),
    (0x002B, "chr:1", "next_direction"),
    (0x002C, "u16", "next_table"),
    (0x002E, "u8", "next_stays"),
    (0x002F, "u16", "boards_played"),
    (0x0033, "u8", "eligibility"),
]
ENTRY_AWARDS = (("previous", 0x34), ("current", 0x40), ("total", 0x4C))
ENTRY_RANKINGS = (0x5E, 0x72, 0x86)
ENTRY_PLAYERS = 0xA4
PLAYERS_PER_ENTRY = {"individual": 1, "pairs": 2, "teams": 6}

INDEX_HEADER: list[Field] = [  # Pair, Individual and Team Index Tables
    (0x00, "i16", "length"),
    (0x02, "u16", "id"),
    (0x04, "u16", "max_players"),
    (0x06, "u16", "count"),
    (0x08, "ptr", "ranked_1"),
    (0x0C, "ptr", "ranked_2"),
    (0x10, "ptr", "ranked_3"),
]
INDEX_ENTRIES = 0x14
INDEX_ENTRY: list[Field] = [
    (0x00, "u16", "number"),
    (0x02, "u16", "players"),
    (0x04, "ptr", "entry"),
]
INDEX_ENTRY_SIZE = 8

BOARD_INDEX: list[Field] = [
    (0x00, "i16", "length"),
    (0x02, "u16", "section"),
    (0x04, "u16", "count"),
]
BOARD_INDEX_ENTRIES = 0x26
BOARD_INDEX_ENTRY: list[Field] = [
    (0x00, "u8", "board"),
    (0x01, "bool", "travellers"),
    (0x02, "u16", "results"),
    (0x04, "ptr", "table"),
]

BOARD_TABLE: list[Field] = [
    (0x00, "i16", "length"),
    (0x02, "u16", "board_id"),
    (0x04, "u8", "units"),
    (0x05, "u8", "valid_results"),
]
BOARD_RESULTS = 0x06
BOARD2_RESULT: list[Field] = [
    (0x00, "u8", "round"),
    (0x01, "u8", "table"),
    (0x02, "u16", "ns"),
    (0x04, "i16", "ns_score"),
    (0x06, "F2", "ns_points"),
    (0x0A, "u16", "ew"),
    (0x0C, "i16", "ew_score"),
    (0x0E, "F2", "ew_points"),
]
BOARD2_SIZE = 18
BOARD4_RESULT: list[Field] = [
    (0x00, "u8", "round"),
    (0x01, "u8", "table"),
    (0x02, "u16", "n"),
    (0x04, "i16", "n_score"),
    (0x06, "F2", "n_points"),
    (0x0A, "u16", "e"),
    (0x0C, "i16", "e_score"),
    (0x0E, "F2", "e_points"),
    (0x12, "u16", "s"),
    (0x14, "i16", "s_score"),
    (0x16, "F2", "s_points"),
    (0x1A, "u16", "w"),
    (0x1C, "i16", "w_score"),
    (0x1E, "F2", "w_points"),
]
BOARD4_SIZE = 34

MATCH_TABLE: list[Field] = [  # Pair and Individual Match Tables
    (0x00, "i16", "length"),
    (0x02, "u16", "id"),
    (0x04, "u8", "tables"),
    (0x05, "u8", "rounds"),
    (0x06, "u8", "mode"),
]
MATCH_ROWS = 0x07
PAIR_MATCH = (25, 3)  # rounds per table, bytes per round: N-S, E-W, lowest board
INDIVIDUAL_MATCH = (36, 5)  # N, E, S, W, lowest board

TEAM_MATCH_INDEX: list[Field] = [
    (0x00, "i16", "length"),
    (0x02, "u16", "section"),
    (0x04, "u16", "teams"),
    (0x06, "u16", "rounds"),
    (0x08, "ptr", "table_assignments"),
    (0x0C, "u8", "current_round"),
    (0x0D, "u16", "posted"),
    (0x39, "ptr", "victory_points"),
]
TEAM_MATCH_INDEX_ROUND_ROBINS = (0x11, 0x25)
TEAM_MATCH_INDEX_TABLES = 0x56

ROUND_ROBIN: list[Field] = [
    (0x00, "bool", "active"),
    (0x01, "u8", "start_round"),
    (0x02, "str:2", "section_1"),
    (0x05, "chr:1", "direction_1"),
    (0x06, "u16", "table_1"),
    (0x08, "str:2", "section_2"),
    (0x0B, "chr:1", "direction_2"),
    (0x0C, "u16", "table_2"),
    (0x0E, "str:2", "section_3"),
    (0x11, "chr:1", "direction_3"),
    (0x12, "u16", "table_3"),
]

TEAM_MATCH_TABLE: list[Field] = [
    (0x00, "i16", "length"),
    (0x02, "u16", "id"),
    (0x04, "u8", "rounds"),
    (0x05, "u8", "mode"),
    (0x07, "u8", "last_round"),
    (0x08, "str:2", "stationary_section_1"),
    (0x0B, "chr:1", "stationary_direction_1"),
    (0x0C, "u16", "stationary_table_1"),
    (0x0E, "str:2", "stationary_section_2"),
    (0x11, "chr:1", "stationary_direction_2"),
    (0x12, "u16", "stationary_table_2"),
    (0x1C, "u8", "stationary_once"),
    (0x1D, "u8", "stationary_more"),
    (0x1E, "u8", "start_round"),
]
TEAM_MATCHES = 0x22
TEAM_MATCH: list[Field] = [
    (0x00, "u8", "used"),  # "always seems to be 1"
    (0x01, "u8", "round"),
    (0x02, "u16", "opponent"),
    (0x04, "u8", "rounds"),
    (0x07, "u8", "round_robin"),
    (0x08, "i16", "imps"),
    (0x0A, "f2", "victory_points"),
    (0x0D, "u8", "boards"),
    (0x0F, "str:2", "table_letter"),
    (0x12, "u16", "table"),
    (0x14, "u16", "second_opponent"),
    (0x16, "f2", "wins"),
]
TEAM_MATCH_SIZE = 32  # the document says 32 and shows 16-byte steps (0x22, 0x32): see NOTES

VICTORY_POINTS: list[Field] = [
    (0x00, "i16", "length"),
    (0x02, "u8", "chart"),
    (0x04, "u8", "steps"),
    (0x05, "u8", "min_boards"),
    (0x06, "u8", "max_boards"),
    (0x07, "u8", "max_vp"),
    (0x08, "str:13", "filename"),
    (0x17, "str:85", "description"),
]
VP_STEPS = 0x6D
VP_STEP: list[Field] = [(0x00, "u8", "margin"), (0x01, "f2", "winner"), (0x03, "f2", "loser")]

TEXT_BLOCK: list[Field] = [(0x00, "i16", "length"), (0x02, "u16", "id"), (0x04, "u16", "lines")]
MEMO_LINE = 63  # string(63) a line
NOTE_LINE = 75

EVENT_TYPES_NAMES = {
    0: "pairs",
    1: "teams",
    2: "individual",
    3: "home_style_pairs",
    4: "bam_teams",
    5: "series_winner",
}
SCORING_NAMES = {
    0: "matchpoints",
    1: "imps_computed_datum",
    2: "average_imps",
    3: "total_imps",
    4: "instant_matchpoints",
    5: "bam_matchpoints",
    6: "win_loss",
    7: "victory_points",
    8: "knockout",
    9: "zip_knockout",
    10: "continuous_pairs",
    13: "imps_predetermined_datum",
    14: "double_matchpoints",
    15: "total_points",
    16: "bam_matchpoints",
    18: "compact_knockout",
}
RATINGS = [
    "No Masterpoints Awarded",
    "Club Masterpoint",
    "Club Championship",
    "Charity Club Championship",
    "Unit Championship",
    "Sectional",
    "Regional",
    "Club International Fund",
    "Club Membership",
    "GNT / NAP",
    "CNTC / COPC / CWTC",
    "Other Fundraiser",
    "Upgraded Club Championship",
    "National",
    "STAC Final Results",
    "Bridge Plus",
    "Club MPs for recording",
    "Progressive Sectional",
    "Unit Charity Game",
    "Unit Extended Team Game",
    "NAP Club Level",
    "NAP Unit Level",
    "GNT Club Level",
    "GNT Unit Level",
    "ACBL Wide Charity",
    "ACBL Wide International Fund",
    "District Charity",
    "Canada Wide Olympiad",
    "World Wide Instant Matchpoints",
    "ACBL Wide Instant Matchpoints",
    "Junior Fund",
    "Member / Guest",
    "ACBL Wide Senior",
    "COPC Club Level",
    "CNTC Master/Non Master",
    "CNTC Club Level",
    "CNTC Unit Level",
    "CWTC",
    "Canada Rookie/Master",
    "Inter-Club Championship",
    "Unit Wide Championship",
    "North American 49er Pairs",
    "Super Club Championship",
    "Club Appreciation",
    "ACBL wide Charity: no hands",
    "ACBL wide Intl Fund: no hands",
    "WorldWide Simultaneous Charity",
    "Pupil Game",
    "Introductory Game",
    "Club Appreciation Team",
    "NABC Fund Raiser",
    "GNT Fund Raiser",
    "CNTC Fund Raiser",
    "ACBL/District rankings",
    "ACBL Bridge Week",
    "Club Education Foundation",
    "Unit International Fund",
    "Club Membership",
    "Unit Education Fund",
    "District International Fund",
    "District Junior Fund",
    "District Education Foundation",
    "CBF Simultaneous Pairs",
    "Grass Roots Fund",
    "District Grass Roots Fund",
    "Alzheimer Fund",
]
CLUB_GAME_TYPES = ["Open", "Invitational", "Novice", "Bridge+", "Pupil", "Introductory"]
PIGMENTS = {0: "", 1: "B", 2: "S", 3: "R", 4: "G", 5: "P"}
RIBBONS = {0: "", 1: "Blue", 2: "Red", 3: "Silver", 9: "Blue/Red"}
PLAYER_RANKS = {
    " ": "Rookie",
    "A": "Junior Master",
    "B": "Club Master",
    "C": "Sectional Master",
    "D": "Regional Master",
    "E": "NABC Master",
    "F": "Advanced NABC Master",
    "G": "Life Master",
    "H": "Bronze Life Master",
    "I": "Silver Life Master",
    "J": "Ruby Life Master",
    "K": "Gold Life Master",
    "L": "Sapphire Life Master",
    "M": "Diamond Life Master",
    "N": "Emerald Life Master",
    "O": "Platinum Life Master",
    "P": "Grand Life Master",
}
SPECIAL_SCORES = {
    900: "late_play",
    950: "not_played",
    999: "not_in_play",
    2040: "ave-",
    2050: "ave",
    2060: "ave+",
}
