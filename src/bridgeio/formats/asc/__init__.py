"""Dutch ASC movement schedules (schemafiles): read leniently, write plainly, check.

>>> import bridgeio, tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "m.asc")
>>> _ = open(path, "w").write("4 2 2 2 0\\n1-2 A 3-4 B\\n1-3 B 4-2 A\\nQf=100.00\\n")
>>> m = bridgeio.read(path); m.schedule[1][0], m.trailing
(Table(seats=(1, 3), group='B'), 'Qf=100.00')
"""

from __future__ import annotations

from typing import Any

from bridgeio.formats.asc import checks, reader, writer
from bridgeio.model.movement import Movement, from_schedule
from bridgeio.model.results import Results
from bridgeio.registry import FileFormat, register_format


def movements(doc: Any) -> list[tuple[str, Movement]]:
    """A movement, or every section's movement of a results file (suffix: the section name,
    with the event number first when there are several events)."""
    if isinstance(doc, Movement):
        return [("", doc)]
    if not isinstance(doc, Results):
        return []
    parts = []
    for event in doc.events:
        for section in event.sections:
            if section.schedule:
                movement = from_schedule(
                    section.schedule,
                    event.kind == "individual",
                    section.movement in ("mitchell", "web"),
                )
                name = section.name if len(doc.events) == 1 else f"{event.number}{section.name}"
                parts.append((name, movement))
    return parts


register_format(
    FileFormat(
        name="asc",
        extensions=(".asc",),
        description="ASC movement schedule",
        sniff=reader.sniff,
        read=reader.read,
        write=writer.write,
        check=checks.check,
        split=movements,
    )
)

__all__ = ["reader", "writer", "checks"]
