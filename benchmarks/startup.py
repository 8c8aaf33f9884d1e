"""Start-up: ``bridgeio --version`` against ``python -c pass``, whole processes, one run.

Both commands alternate, so that they see the same machine load; the figure is the median
of many runs (and the minimum, the least disturbed). The bar: within 60 ms of Python's own
start. Also lists the bridgeio modules ``bridgeio --version`` imports.

    python benchmarks/startup.py [--runs 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

BAR_MS = 60.0


# As a user runs it: with Python's bytecode cache (a machine that sets PYTHONDONTWRITEBYTECODE
# would otherwise compile every module from source on every start).
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(command: list[str]) -> float:
    began = time.perf_counter()
    subprocess.run(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
        env=ENVIRONMENT,
    )
    return (time.perf_counter() - began) * 1000


def imported_modules() -> list[str]:
    """bridgeio's own modules and the third-party packages ``bridgeio --version`` loads."""
    code = (
        "import sys; sys.argv = ['bridgeio', '--version']\n"
        "from bridgeio.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names = done.stdout.split()[1:]  # the first line is the version
    third_party = {"numpy", "lxml", "click", "pyarrow", "endplay", "dask"}
    return [n for n in names if n.startswith("bridgeio") or n.split(".")[0] in third_party]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    runs = parser.parse_args().runs
    bridgeio = [os.path.join(os.path.dirname(sys.executable), "bridgeio"), "--version"]
    python = [sys.executable, "-c", "pass"]
    ours, theirs = [], []
    timed(bridgeio)  # writes the bytecode cache once
    for _ in range(runs):
        theirs.append(timed(python))
        ours.append(timed(bridgeio))
    base, mine = statistics.median(theirs), statistics.median(ours)
    print(f"python -c pass      median {base:6.1f} ms   min {min(theirs):6.1f} ms   ({runs} runs)")
    print(f"bridgeio --version  median {mine:6.1f} ms   min {min(ours):6.1f} ms")
    over = mine - base
    verdict = "met" if over <= BAR_MS else "NOT met"
    print(f"difference          median {over:6.1f} ms   (bar: within {BAR_MS:.0f} ms: {verdict})")
    modules = imported_modules()
    print(f"modules loaded by bridgeio --version ({len(modules)}): {' '.join(modules)}")


if __name__ == "__main__":
    main()
