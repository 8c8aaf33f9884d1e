"""A results site for tests: made with the real commands (``bridgeio site init``, ``add-club``,
``add-user``) and run as ``bridgeio serve`` on 127.0.0.1 on a free port, over SQLite or a
PostgreSQL started for the tests (:func:`postgresql`); stopped by the test that started it.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

BIN = Path(sys.executable).parent
PASSWORD = "a long enough password"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def bridgeio(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the command line as a user would."""
    return subprocess.run(
        [str(BIN / "bridgeio"), *args], input=stdin, capture_output=True, text=True, timeout=120
    )


def command(*args: str, stdin: str = "") -> int:
    """Run a command in this process (the same code, without starting Python again)."""
    import io

    from bridgeio.cli import run

    given = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return run(list(args))
    finally:
        sys.stdin = given


class Server:
    """A site in ``folder`` served on ``port``; ``clubs`` maps a club's slug to its director."""

    def __init__(self, folder: Path, database: str | None = None, **limits: Any) -> None:
        self.folder = folder
        assert command("site", "init", str(folder), *(["--db", database] if database else [])) == 0
        settings = json.loads((folder / "site.json").read_text())
        settings["limits"].update({"solve": False, **limits})
        (folder / "site.json").write_text(json.dumps(settings))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.tokens: dict[str, str] = {}

    def add_club(self, slug: str, director: str | None = None, admin: bool = False) -> None:
        """A club and its director (who gets an API token once the server runs)."""
        done = bridgeio("site", "add-club", str(self.folder), slug, f"Club {slug}")
        assert done.returncode == 0, done.stderr
        if director:
            options = ["--club", slug] + (["--admin"] if admin else [])
            done = bridgeio(
                "site",
                "add-user",
                str(self.folder),
                director,
                *options,
                "--password-stdin",
                stdin=PASSWORD + "\n",
            )
            assert done.returncode == 0, done.stderr

    def start(self) -> None:
        """Serve, and wait until the server answers and its workers are warm."""
        log = open(self.folder / "server.log", "wb")  # noqa: SIM115  (kept open while it runs)
        self.process = subprocess.Popen(
            [str(BIN / "bridgeio"), "serve", str(self.folder), "--port", str(self.port)],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.process.poll() is None, (self.folder / "server.log").read_text()
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(self.url + "/api/clubs", timeout=5).status_code == 200:
                    return
            time.sleep(0.1)
        raise TimeoutError("the site did not answer in 60 s")

    def stop(self) -> None:
        """Stop serving (Ctrl-C, as a person would)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(2)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def rss(self) -> int:
        """The server process's resident memory, in bytes (Linux)."""
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        raise LookupError("no VmRSS")

    def files(self) -> list[Path]:
        """Every file in the site's store (kept, or being received)."""
        return sorted(p for p in (self.folder / "files").rglob("*") if p.is_file())

    def bearer(self, user: str) -> dict[str, str]:
        """The headers of a call with ``user``'s API token."""
        return {"Authorization": f"Bearer {self.token(user)}"}

    def client(self, user: str | None = None) -> httpx.Client:
        """A client (logged in as ``user`` through the API: its session cookie)."""
        client = httpx.Client(base_url=self.url, timeout=120)
        if user is not None:
            answer = client.post("/api/session", json={"user": user, "password": PASSWORD})
            assert answer.status_code == 200, answer.text
        return client

    def token(self, user: str) -> str:
        """An API token of ``user``."""
        if user not in self.tokens:
            client = self.client(user)
            try:
                answer = client.post("/api/tokens", json={}, headers={"Origin": self.url})
                assert answer.status_code == 201, answer.text
                self.tokens[user] = answer.json()["token"]
            finally:
                client.close()
        return self.tokens[user]

    def upload(
        self, user: str, club: str, path: Path, publish: bool = True, name: str = ""
    ) -> httpx.Response:
        """``POST /api/clubs/{club}/games`` with a bearer token, as a scoring program would."""
        with path.open("rb") as handle:
            return httpx.post(
                f"{self.url}/api/clubs/{club}/games",
                headers={"Authorization": f"Bearer {self.token(user)}"},
                files={"file": (name or path.name, handle)},
                data={"publish": "true" if publish else "false"},
                timeout=120,
            )


@contextlib.contextmanager
def serving(folder: Path, database: str | None = None, **limits: Any) -> Iterator[Server]:
    """A running site (stopped at the end)."""
    server = Server(folder, database, **limits)
    try:
        yield server
    finally:
        server.stop()


def postgres_programs() -> Path | None:
    """Debian's PostgreSQL programs (initdb, postgres), if installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


@contextlib.contextmanager
def postgresql() -> Iterator[str]:
    """A PostgreSQL server for one test session, in a temporary folder, listening on a Unix
    socket only; the address of its database ``bridgeio``. initdb refuses root: as root the
    server runs as the ``postgres`` user."""
    programs = postgres_programs()
    assert programs is not None
    folder = Path(tempfile.mkdtemp(prefix="bridgeio-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    data, sockets = folder / "data", folder
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    made = subprocess.run(
        [
            *as_user,
            str(programs / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "postgres",
            "--no-sync",
            "-E",
            "UTF8",
        ],
        timeout=120,
        **quiet,  # type: ignore[call-overload]
    )
    assert made.returncode == 0, made.stderr
    server = subprocess.Popen(
        [
            *as_user,
            str(programs / "postgres"),
            "-D",
            str(data),
            "-k",
            str(sockets),
            "-c",
            "listen_addresses=",
            "-c",
            "fsync=off",
            "-c",
            "max_connections=200",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        import psycopg

        deadline = time.monotonic() + 60
        while True:
            try:
                with psycopg.connect(
                    host=str(sockets), user="postgres", dbname="postgres", autocommit=True
                ) as db:
                    db.execute("CREATE DATABASE bridgeio")
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise
                time.sleep(0.1)
        yield f"postgresql://postgres@/bridgeio?host={sockets}"
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)
