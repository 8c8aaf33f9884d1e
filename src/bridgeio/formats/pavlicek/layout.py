"""Record layouts of Richard Pavlicek's binary formats, field by field as his document gives them.

Bits are numbered from 0 (least significant bit of the first byte), little-endian throughout.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Field:
    """One field of a record: ``bits`` bits from ``first_bit``, its ``name`` and its coding."""

    first_bit: int
    bits: int
    name: str
    coding: str


@dataclass(frozen=True)
class RecordLayout:
    """One fixed-size record format; ``end_bits`` null bits at the start of a record end a list."""

    name: str
    size: int
    fields: tuple[Field, ...]
    end_bits: int
    title: str

    def field(self, name: str) -> Field | None:
        """The field called ``name``, or None when the layout has none."""
        return next((f for f in self.fields if f.name == name), None)

    @property
    def has_deal(self) -> bool:
        """True when a record holds the cards of a deal."""
        return self.field("deal") is not None

    @property
    def has_tricks(self) -> bool:
        """True when a record holds tricks: every declarer's, or one target hand's (ZRJ)."""
        return self.field("tricks") is not None or self.field("target_tricks") is not None


DEAL = Field(
    0, 104, "deal", "2 bits a card, S A K … 2, H, D, C: 0 = West, 1 = North, 2 = East, 3 = South"
)

ZBD = RecordLayout("zbd", 13, (DEAL,), end_bits=32, title="Pavlicek binary deal")

ZDD = RecordLayout(
    "zdd",
    10,
    (Field(0, 80, "tricks", "a nibble a result, NT S H D C, each by W N E S: 0-13, 15 = unknown"),),
    end_bits=16,
    title="Pavlicek double-dummy results",
)

ZRD = RecordLayout(
    "zrd",
    23,
    (DEAL, Field(104, 80, "tricks", "as ZDD: NT S H D C by W N E S, 0-13, 15 = unknown")),
    end_bits=32,
    title="Pavlicek random deal with double-dummy results",
)

ZRJ = RecordLayout(
    "zrj",
    16,
    (
        DEAL,
        Field(104, 2, "target", "the hand: 0 = West, 1 = North, 2 = East, 3 = South"),
        Field(106, 2, "reserved", "unused, 0"),
        Field(108, 20, "target_tricks", "a nibble a strain, NT S H D C: 0-13, 15 = unknown"),
    ),
    end_bits=32,
    title="Pavlicek deal with one hand's double-dummy results",
)

ZBS = RecordLayout(
    "zbs",
    4,
    (
        Field(0, 1, "continues", "1 = the next record belongs to the same diagram"),
        Field(1, 31, "locator", "13 base-5 digits, ace lowest: 0 = unused, 1-4 = W N E S"),
    ),
    end_bits=32,
    title="Pavlicek binary suit",
)

LAYOUTS = {layout.name: layout for layout in (ZRD, ZRJ, ZBD, ZDD, ZBS)}

LOCATOR_LIMIT = 5**13  # 1,220,703,125: a locator must be below it
