"""The model's public names, each from its module (read by lazy_loader at run time, by
type checkers as the package's interface): written once, here."""

from .auction import (
    Auction as Auction,
    Call as Call,
)
from .board import (
    Vulnerability as Vulnerability,
    dealer as dealer,
    vulnerability as vulnerability,
)
from .cards import (
    RANKS as RANKS,
    Card as Card,
    Seat as Seat,
    Strain as Strain,
    Suit as Suit,
)
from .chess import (
    PartialDate as PartialDate,
    Tournament as Tournament,
    TournamentIndex as TournamentIndex,
)
from .contract import (
    Contract as Contract,
    Doubling as Doubling,
    duplicate_score as duplicate_score,
)
from .deals import (
    NO_SEAT as NO_SEAT,
    UNKNOWN_TRICKS as UNKNOWN_TRICKS,
    Deal as Deal,
    DealSet as DealSet,
    concat as concat,
    deal_strings as deal_strings,
    parse_pbn_deal as parse_pbn_deal,
)
from .diagrams import (
    Diagram as Diagram,
    DiagramSet as DiagramSet,
    as_deals as as_deals,
)
from .directions import (
    DIRECTION_NAMES as DIRECTION_NAMES,
    direction_named as direction_named,
)
from .document import (
    Document as Document,
    DocumentKind as DocumentKind,
    kind_of as kind_of,
)
from .movement import (
    Movement as Movement,
    Table as Table,
)
from .par import (
    UNKNOWN_PAR as UNKNOWN_PAR,
    Par as Par,
    ParContract as ParContract,
    ParSet as ParSet,
    par_scores as par_scores,
    par_set as par_set,
)
from .play import (
    Play as Play,
    Trick as Trick,
)
from .provenance import (
    DealProvenance as DealProvenance,
    IndexProvenance as IndexProvenance,
    Provenance as Provenance,
)
from .pseudonyms import (
    Pseudonyms as Pseudonyms,
    anonymize as anonymize,
)
from .results import (
    Assigned as Assigned,
    Award as Award,
    Board as Board,
    BoardResult as BoardResult,
    Direction as Direction,
    Entry as Entry,
    Event as Event,
    EventKind as EventKind,
    Match as Match,
    MovementKind as MovementKind,
    Player as Player,
    Results as Results,
    Score as Score,
    Scoring as Scoring,
    Seating as Seating,
    Section as Section,
    Segment as Segment,
    Special as Special,
    Strat as Strat,
    StratRank as StratRank,
    parse_score as parse_score,
    score_text as score_text,
)
from .sessions import (
    Session as Session,
    add_session as add_session,
    sessions_of as sessions_of,
)
