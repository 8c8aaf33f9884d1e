"""The options of the commands made from the format registry: ``--from`` and the readers'
options, ``--to``, ``--force``, ``--strict`` and the writers' options, and the output they
choose (:class:`Output`: the file, its format and how core writes it)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar

import click

import bridgeio.formats  # noqa: F401  (the built-in formats register themselves)
from bridgeio.cli.status import Failure
from bridgeio.files import STDIO
from bridgeio.registry import FileFormat, Option, formats

F = TypeVar("F", bound=Callable[..., Any])


def _unique(options: list[Option]) -> list[Option]:
    seen: dict[str, Option] = {}
    for option in options:
        seen.setdefault(option.name, option)
    return list(seen.values())


def _click_option(option: Option) -> Callable[[F], F]:
    kind = click.Choice(option.choices, case_sensitive=False) if option.choices else None
    return click.option(option.flag, option.name, type=kind, default=None, help=option.help)


def reading(function: F) -> F:
    """``--from``, ``--verbose`` and every reader's own options (``--codepage``, ...)."""
    readable = [f.name for f in formats() if f.reads]
    for option in reversed(_unique([o for f in formats() for o in f.read_options])):
        function = _click_option(option)(function)
    function = click.option(
        "--verbose", "-v", is_flag=True, help="List every problem, not one line a kind."
    )(function)
    return click.option(
        "--from",
        "source_format",
        type=click.Choice(readable, case_sensitive=False),
        help="Input format (default: from the content).",
    )(function)


def writing(function: F) -> F:
    """``--to``, ``--force``, ``--strict`` and every writer's own options."""
    writable = [f.name for f in formats() if f.writes]
    for option in reversed(_unique([o for f in formats() for o in f.write_options])):
        function = _click_option(option)(function)
    function = click.option(
        "--strict", is_flag=True, help="Fail rather than leave out what TARGET cannot hold."
    )(function)
    function = click.option("--force", is_flag=True, help="Replace TARGET if it exists.")(function)
    return click.option(
        "--to",
        "to",
        type=click.Choice(writable, case_sensitive=False),
        help="Output format (default: from TARGET's extension).",
    )(function)


def read_options(options: dict[str, Any]) -> dict[str, Any]:
    """The readers' options given on the command line, out of a command's ``**options``.

    >>> read_options({"codepage": "cp1252", "seat": None, "key": "x"})
    {'codepage': 'cp1252'}
    """
    names = {o.name for f in formats() for o in f.read_options}
    return {k: v for k, v in options.items() if k in names and v is not None}


def write_options(options: dict[str, Any]) -> dict[str, Any]:
    """The writers' options given on the command line, out of a command's ``**options``
    (a seat in upper case).

    >>> write_options({"seat": "w", "codepage": "cp1252"})
    {'seat': 'W'}
    """
    names = {o.name for f in formats() for o in f.write_options}
    found = {k: v for k, v in options.items() if k in names and v is not None}
    if "seat" in found:
        found["seat"] = found["seat"].upper()
    return found


def target_format(target: str, to: str | None) -> FileFormat:
    """The format to write TARGET in: ``--to``, else from its extension (``-`` needs ``--to``).

    >>> target_format("deals.pbn", None).name, target_format("-", "zrd").name
    ('pbn', 'zrd')
    """
    from bridgeio.core import output_format

    if target == STDIO and not to:
        raise Failure("writing to standard output (-) needs --to FORMAT")
    return output_format("" if target == STDIO else target, to)


@dataclass(frozen=True)
class Output:
    """What a command's TARGET, ``--to``, ``--force`` and writers' options say to write: the
    file (``-``: standard output), its format, and the keywords of core's writers
    (``overwrite``: ``--force``; the file appears only when complete, core's atomic write).
    What the format cannot hold is core's to report (a loss; ``--strict``: an error).

    >>> out = Output.of("deals.zrj", None, False, {"seat": "w", "codepage": None})
    >>> out.format.name, out.file, out.keywords
    ('zrj', 'deals.zrj', {'overwrite': False, 'seat': 'W'})
    >>> Output.of("-", "pbn", True, {}).keywords
    {'overwrite': True}
    """

    target: str
    format: FileFormat
    keywords: dict[str, Any]

    @classmethod
    def of(cls, target: str, to: str | None, force: bool, options: dict[str, Any]) -> Output:
        """TARGET's output; a Failure for ``-`` without ``--to`` (:func:`target_format`)."""
        keywords = {"overwrite": force, **write_options(options)}
        return cls(target, target_format(target, to), keywords)

    @property
    def file(self) -> str | BinaryIO:
        """The path to write, or standard output's bytes for ``-``."""
        return sys.stdout.buffer if self.target == STDIO else self.target
