"""How DDS spells par (its ``Par``, ``DealerPar`` and ``par`` results), made from bridgeio's
:class:`~bridgeio.model.par.Par`, so that tests compare bridgeio's par with DDS's answer key
(`../shared/corpus/deals/dds_list100.txt`) text for text."""

from __future__ import annotations

from bridgeio.model.cards import Strain
from bridgeio.model.par import Par, ParContract


def _strain(one: ParContract) -> str:
    strain = one.contract.strain
    assert strain is not None
    return "N" if strain is Strain.NOTRUMP else strain.text


def contract_text(one: ParContract) -> str:
    """DDS's ``Par`` spelling: levels, strain (``N`` for notrump), ``x`` when doubled."""
    levels = "".join(str(level) for level in range(one.contract.level, one.top + 1))
    return f"{one.side} {levels}{_strain(one)}{'x' * one.contract.doubling}"


def overtricks_text(one: ParContract) -> str:
    """DDS's ``DealerPar`` spelling: ``"4S*-EW-1"``, ``"3N-NS+2"``, ``"2S-EW"``."""
    doubled = "*" * one.contract.doubling
    extra = f"{one.overtricks:+d}" if one.overtricks else ""
    return f"{one.contract.level}{_strain(one)}{doubled}-{one.side}{extra}"


def score_text(par: Par, view: str = "NS") -> str:
    """DDS's par score from ``view``'s side (``"NS"`` or ``"EW"``): ``"NS -110"``."""
    return f"{view} {par.score if view == 'NS' else -par.score}"


def contracts_text(par: Par, view: str = "NS") -> str:
    """DDS's par contracts as seen from ``view``: ``"NS:EW 2S"``, ``"NS:EW 2Nx,EW 3Cx"``."""
    return f"{view}:" + (",".join(contract_text(c) for c in par.contracts) or "pass")
