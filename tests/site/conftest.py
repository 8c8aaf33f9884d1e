"""The database a site test runs over: each test module that asks for ``database`` runs
twice, over SQLite (None: the site's own file) and over a PostgreSQL started for the module
(skipped, saying why, where PostgreSQL is not installed)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.site.server import postgres_programs, postgresql


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> Iterator[str | None]:
    if request.param == "sqlite":
        yield None
        return
    if postgres_programs() is None:
        pytest.skip("PostgreSQL is not installed (make postgresql installs it as root or sudo)")
    with postgresql() as url:
        yield url
