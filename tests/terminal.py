"""Running processes the way a user does: on a pseudo-terminal, or piped.

``capture(argv, on_terminal=True)`` gives the child two pseudo-terminals, one for standard
output and one for standard error (so that they can be told apart while each is a tty, as
in a shell where both are the terminal); ``on_terminal=False`` gives it pipes. Both streams
are drained while the child runs, so a chatty child never blocks.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

TRACEBACK = "Traceback (most recent call last)"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass
class Captured:
    """What a finished child said and how it ended (``status`` None: killed at the limit)."""

    status: int | None
    out: bytes
    err: bytes
    seconds: float

    def __repr__(self) -> str:  # a failing test shows sizes, never what a file holds
        return f"Captured(status={self.status}, {len(self.out)} bytes out, {len(self.err)} err)"


def capture(
    argv: list[str],
    on_terminal: bool,
    stdin: Path | None = None,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    limit: float = 120.0,
) -> Captured:
    """Run ``argv`` to its end (killed after ``limit`` seconds), both outputs captured."""
    ends = [os.openpty() if on_terminal else os.pipe() for _ in range(2)]
    # (master, slave) for a terminal, (read end, write end) for a pipe: the child gets [1].
    began = time.monotonic()
    with open(stdin or os.devnull, "rb") as source:
        child = subprocess.Popen(
            argv,
            stdin=source if stdin or not on_terminal else ends[0][1],
            stdout=ends[0][1],
            stderr=ends[1][1],
            env=env,
            cwd=cwd,
            start_new_session=True,
        )
    for _, child_end in ends:
        os.close(child_end)
    out, err = _drain([ends[0][0], ends[1][0]], began + limit)
    try:
        status: int | None = child.wait(timeout=max(began + limit - time.monotonic(), 0.1))
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        status = None
    for reader, _ in ends:
        os.close(reader)
    return Captured(status, out, err, time.monotonic() - began)


def _drain(readers: list[int], deadline: float) -> tuple[bytes, bytes]:
    """Everything the child writes to the two streams, until both close or the deadline."""
    chunks: dict[int, list[bytes]] = {fd: [] for fd in readers}
    open_fds = list(readers)
    while open_fds and time.monotonic() < deadline:
        ready, _, _ = select.select(open_fds, [], [], 0.2)
        for fd in ready:
            try:
                data = os.read(fd, 1 << 16)
            except OSError:  # EIO: the terminal's last user is gone
                data = b""
            if data:
                chunks[fd].append(data)
            else:
                open_fds.remove(fd)
    return b"".join(chunks[readers[0]]), b"".join(chunks[readers[1]])


def visible_lines(text: str) -> list[str]:
    """The lines a terminal shows at the end: a carriage return starts the line over, escape
    sequences (colour, erase to end of line) show nothing; blank lines are left out.

    >>> visible_lines("a\\r\\nconvert [##   ] 2/5\\r\\x1b[Kdone\\r\\n\\r\\n")
    ['a', 'done']
    """
    lines = []
    for line in text.replace("\r\n", "\n").split("\n"):
        shown = ANSI.sub("", line.split("\r")[-1]).strip()
        if shown:
            lines.append(shown)
    return lines


def redacted(text: str, limit: int = 160) -> str:
    """A message fit for a test's output: quoted values (which may be names from a file)
    replaced by an ellipsis, cut to ``limit`` characters.

    >>> redacted("x.pbn: line 3: expected a seat, got 'Jane Doe'")
    'x.pbn: line 3: expected a seat, got ...'
    """
    text = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "...", text)
    return text if len(text) <= limit else text[: limit - 3] + "..."
