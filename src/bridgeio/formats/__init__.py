"""The built-in formats; importing this package registers them (text formats first)."""

from bridgeio.formats import (  # noqa: F401  (order: sniffing preference)
    json,
    pavlicek,  # noqa: F401
    pbn,
)
