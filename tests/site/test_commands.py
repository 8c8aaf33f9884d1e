"""``bridgeio site init|add-club|add-user`` as a person runs them, and the schema the
migrations make (the analysis tables of ``bridgeio export``, column for column)."""

from __future__ import annotations

import socket
import sqlite3
import subprocess
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory

from bridgeio.analysis.tables import SCHEMAS
from bridgeio.site.db import MIGRATIONS, connect
from tests.site.server import PASSWORD, bridgeio, command


def test_a_site_is_made_and_its_clubs_and_users_added(tmp_path: Path) -> None:
    site = tmp_path / "site"
    made = bridgeio("site", "init", str(site))
    assert made.returncode == 0, made.stderr
    assert "a results site" in made.stderr and "add-club" in made.stderr
    assert (site / "site.db").is_file() and (site / "files").is_dir()
    assert bridgeio("site", "add-club", str(site), "north", "North Club").returncode == 0
    added = bridgeio(
        "site",
        "add-user",
        str(site),
        "ann",
        "--club",
        "north",
        "--password-stdin",
        stdin=PASSWORD + "\n",
    )
    assert added.returncode == 0, added.stderr
    with sqlite3.connect(site / "site.db") as db:
        hashed = db.execute("select password from users where name = 'ann'").fetchone()[0]
        assert hashed.startswith("$argon2id$") and PASSWORD not in hashed
        assert db.execute("select slug, name from clubs").fetchall() == [("north", "North Club")]


def test_mistakes_are_said_in_one_line_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each in this process (the same code as the command, without starting Python again)."""

    def bridgeio(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        capsys.readouterr()
        status = command(*args, stdin=stdin)
        said = capsys.readouterr()
        return subprocess.CompletedProcess(args, status, said.out, said.err)

    site = tmp_path / "site"
    assert bridgeio("site", "init", str(site)).returncode == 0
    cases = [
        (("site", "init", str(site)), "already a site"),
        (("site", "add-club", str(tmp_path / "nowhere"), "a", "A"), "not a site"),
        (("site", "add-club", str(site), "Bad Slug!", "A"), "lower-case letters"),
        (
            ("site", "add-user", str(site), "bob", "--club", "none", "--password-stdin"),
            "no club none",
        ),
        (("site", "add-user", str(site), "bob", "--password-stdin"), "--club"),
        (("serve", str(tmp_path / "nowhere")), "not a site"),
        (("serve", str(site / "site.db")), "not a site"),
        (("site", "init", str(site / "site.db")), "cannot be made a site"),
        (("site", "init", str(tmp_path / "x"), "--db", "mysql://db/x"), "not a database address"),
    ]
    for args, said in cases:
        done = bridgeio(*args, stdin=PASSWORD + "\n")
        assert done.returncode == 2, args
        assert said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert bridgeio("site", "add-club", str(site), "a", "A").returncode == 0
    again = bridgeio("site", "add-club", str(site), "a", "A")
    assert again.returncode == 2 and "exists already" in again.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = bridgeio("serve", str(site), "--port", str(taken.getsockname()[1]))
    assert busy.returncode == 2 and "cannot listen on 127.0.0.1:" in busy.stderr
    short = bridgeio(
        "site", "add-user", str(site), "c", "--club", "a", "--password-stdin", stdin="short\n"
    )
    assert short.returncode == 2 and "at least 12" in short.stderr


def test_the_schema_holds_the_analysis_tables_column_for_column(tmp_path: Path) -> None:
    """The site's tables are the export's: same names, same columns (a change of
    bridgeio.analysis.tables needs a migration of the site's schema: this says which)."""
    site = tmp_path / "site"
    assert command("site", "init", str(site)) == 0
    with sqlite3.connect(site / "site.db") as db:
        for table, schema in SCHEMAS.items():
            columns = [row[1] for row in db.execute(f"pragma table_info({table})")]
            assert columns == schema.names, f"{table}: add a migration in bridgeio/site/migrations"
        revision = db.execute("select version_num from alembic_version").fetchone()[0]
    assert revision == ScriptDirectory(str(MIGRATIONS)).get_current_head()
    # running the migrations again (as serve does at every start) changes nothing
    assert command("site", "add-club", str(site), "b", "B") == 0


def test_a_site_made_before_a_migration_is_brought_to_the_newest_schema(tmp_path: Path) -> None:
    """A database at the first revision (a site made before the events table gained its
    scoring columns), with a published game's events row, gains the columns added since
    (empty on that row) when a site command next runs."""
    from alembic import command as alembic
    from alembic.config import Config

    site = tmp_path / "site"
    assert command("site", "init", str(site)) == 0
    engine = connect(f"sqlite:///{site / 'site.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:  # (the newest migration's downgrade, then the row)
        config.attributes["connection"] = connection
        alembic.downgrade(config, "s0001")
        connection.exec_driver_sql(
            "insert into events (file_id, event, name) values (1, 1, 'Pairs')"
        )
    engine.dispose()
    assert command("site", "add-club", str(site), "a", "A") == 0
    with sqlite3.connect(site / "site.db") as db:
        columns = [row[1] for row in db.execute("pragma table_info(events)")]
        assert columns == SCHEMAS["events"].names
        row = db.execute("select name, match_scoring, pairwise_scoring from events").fetchone()
    assert row == ("Pairs", None, None)
