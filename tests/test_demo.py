"""``make demo`` on a pseudo-terminal (issue 13: CI runs ``make test`` only, so this is how the
demo is run on a terminal in CI): exit 0, no traceback, no "internal error".

The demo runs on a copy of examples/ in a temporary folder (it writes demo-out/ beside the
examples), with the virtual environment's bin first on PATH, as ``make demo`` does.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from tests.terminal import TRACEBACK, capture, redacted, visible_lines

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_demo_runs_on_a_terminal(tmp_path: Path) -> None:
    shutil.copytree(EXAMPLES, tmp_path / "examples")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("BRIDGEIO_DEBUG", None)
    ran = capture(
        ["bash", str(tmp_path / "examples" / "demo.sh")],
        on_terminal=True,
        env=env,
        cwd=tmp_path,
        limit=180.0,
    )
    said = (ran.out + ran.err).decode(errors="replace")
    last = visible_lines(ran.out.decode(errors="replace"))[-3:]
    last += visible_lines(ran.err.decode(errors="replace"))[-5:]
    assert ran.status == 0, "\n".join(redacted(line) for line in last)
    assert TRACEBACK not in said and "internal error" not in said
    assert "\x1b[1m$ bridgeio solve" in ran.out.decode()  # it ran to its solving step
    assert (tmp_path / "demo-out" / "new.zrd").stat().st_size == 8 * 23  # 8 deals solved
