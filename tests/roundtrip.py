"""The shared round-trip check every format's tests use: write, read back, compare.

A format's Hypothesis property draws a model object and calls :func:`assert_round_trip`;
what "the same" means is the model's own equality unless the test passes ``same``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import bridgeio


def round_trip(doc: Any, folder: Path, format: str, **options: Any) -> Any:
    """``doc`` written as ``format`` into ``folder`` and read back with that format's reader."""
    fmt = bridgeio.get_format(format)
    path = folder / f"round-trip{fmt.extensions[0]}"
    if path.exists():
        path.unlink()
    bridgeio.write(doc, path, fmt.name, **options)
    return bridgeio.read(path, fmt.name)


def assert_round_trip(
    doc: Any,
    folder: Path,
    format: str,
    same: Callable[[Any, Any], bool] | None = None,
    **options: Any,
) -> Any:
    """Check ``read(write(doc)) == doc`` for ``format`` (or ``same(doc, back)``); returns
    what was read back for further checks."""
    back = round_trip(doc, folder, format, **options)
    equal = same(doc, back) if same is not None else back == doc
    assert equal, f"{format}: what was read back differs from what was written"
    return back
