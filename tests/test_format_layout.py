"""Every format package names its roles alike (issue 30): the registry's entry for a format
points each role at the module of that role's name, so a newcomer finds a format's sniffer,
reader, writer, checks and provenance in the same files whichever format it is."""

from __future__ import annotations

from pathlib import Path

import bridgeio.formats
from bridgeio.formats import BUILT_IN
from bridgeio.registry import Lazy

ROLE_MODULES = {
    "sniff": {"sniff"},
    "resembles": {"sniff"},
    "read": {"reader"},
    "iter_chunks": {"reader"},
    "write": {"writer"},
    "write_chunks": {"writer"},
    "check": {"checks"},
    "restore": {"provenance", "carried"},  # carried: rebuilt with the reader's own parsing
    "carry": {"provenance", "carried"},
    "anonymize": {"anonymize"},
    "rewrite": {"patch"},
}
"""Where each role of a registry entry lives in its format's package."""

AMBIGUOUS = {"records.py", "validate.py", "documents.py"}
"""Names that meant different things in different formats: not used."""


def test_each_role_lives_in_the_module_of_its_name() -> None:
    wrong = []
    for entry in BUILT_IN:
        for role, modules in ROLE_MODULES.items():
            target = getattr(entry, role)
            if not isinstance(target, Lazy) or not target.module.startswith("bridgeio.formats."):
                continue
            if target.module.rsplit(".", 1)[-1] not in modules:
                wrong.append(f"{entry.name}.{role}: {target.module}:{target.attribute}")
    assert not wrong
    readers = [e for e in BUILT_IN if e.read is not None]
    assert readers and all(isinstance(e.sniff, Lazy) for e in readers)


def test_no_format_package_uses_an_ambiguous_module_name() -> None:
    root = Path(bridgeio.formats.__file__).parent
    found = sorted(str(p.relative_to(root)) for p in root.glob("*/*.py") if p.name in AMBIGUOUS)
    assert not found
    for package in root.iterdir():
        if package.is_dir() and (package / "reader.py").exists():
            assert (package / "sniff.py").exists(), package.name  # what reads, is sniffed
