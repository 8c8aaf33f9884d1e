"""Start-up stays light: ``bridgeio --version`` loads a short, named list of modules
(``benchmarks/startup.py`` times it)."""

from __future__ import annotations

import subprocess
import sys

ALLOWED_OWN = {"bridgeio", "bridgeio.cli"}
"""All of bridgeio that ``bridgeio --version`` may import."""


def imported(code: str) -> set[str]:
    """Every module a fresh Python has loaded after running ``code``."""
    done = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport sys\nprint(' '.join(sys.modules))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return set(done.stdout.splitlines()[-1].split())


def test_version_loads_only_the_command_group():
    names = imported(
        "from bridgeio.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit:\n    pass"
    )
    own = {n for n in names if n.startswith("bridgeio")}
    assert own == ALLOWED_OWN
    heavy = {n.split(".")[0] for n in names} & {"numpy", "lxml", "pyarrow", "endplay", "dask"}
    assert not heavy


def test_importing_bridgeio_imports_nothing_heavy():
    names = imported("import bridgeio")
    assert {n for n in names if n.startswith("bridgeio")} == {"bridgeio"}


def test_reading_a_text_format_needs_no_numpy(tmp_path):
    """A movement file is sniffed and read without NumPy or lxml."""
    path = tmp_path / "m.asc"
    path.write_text("4 2 2 2 0\n1-2 A 3-4 B\n1-3 B 4-2 A\n")
    names = imported(f"import bridgeio; bridgeio.read({str(path)!r})")
    assert "bridgeio.formats.asc.reader" in names
    assert not {n.split(".")[0] for n in names} & {"numpy", "lxml"}
