"""Dutch ASC movement schedules (schemafiles): read leniently, write plainly, check.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "m.asc")
>>> _ = open(path, "w").write("4 2 2 2 0\\n1-2 A 3-4 B\\n1-3 B 4-2 A\\nQf=100.00\\n")
>>> m = bridgeio.read(path); m.schedule[1][0], m.trailing
(Table(seats=(1, 3), group='B'), 'Qf=100.00')
"""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:  # the modules are imported when first used
    if name in ("reader", "writer", "checks"):
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
