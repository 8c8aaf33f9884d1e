"""Every format the registry holds offers what its roles promise: each function the table
names lazily imports, takes its role's arguments and options, and is one mypy checks against
its role's protocol (the ``if TYPE_CHECKING`` lists of ``bridgeio.formats``)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import bridgeio.formats
from bridgeio.registry import FileFormat, Lazy, formats

ROLES = {
    "sniff": ("head", "size"),
    "resembles": ("head", "size"),
    "read": ("path",),
    "iter_chunks": ("path",),
    "write": ("doc", "handle"),
    "write_chunks": ("chunks", "handle"),
    "check": ("path",),
    "anonymize": ("path", "handle", "pseudonyms"),
    "restore": ("data", "path"),
    "carry": ("doc",),
    "split": ("doc",),
}
"""Each role and the positional arguments the core passes it."""

WRITING = ("write", "write_chunks")


def functions(fmt: FileFormat) -> list[tuple[str, object]]:
    return [(role, getattr(fmt, role)) for role in ROLES if getattr(fmt, role) is not None]


def accepts(function: object, role: str, fmt: FileFormat) -> str | None:
    """Why ``function`` cannot take what the core passes it in ``role``; None when it can."""
    bound = dict(function.bound) if isinstance(function, Lazy) else {}
    target = function.resolve() if isinstance(function, Lazy) else function
    signature = inspect.signature(target)  # type: ignore[arg-type]
    keywords = dict(bound)
    if role in WRITING:
        keywords["source"] = None
        keywords.update({o.name: None for o in fmt.write_options})
    if role in ("read", "iter_chunks", "check"):
        keywords.update({o.name: None for o in fmt.read_options})
    try:
        signature.bind(*ROLES[role], **keywords)
    except TypeError as error:
        return f"{fmt.name}.{role} {target}: {error}"
    return None


@pytest.mark.parametrize("fmt", formats(), ids=lambda f: f.name)
def test_every_role_resolves_and_takes_its_arguments(fmt: FileFormat) -> None:
    wrong = [accepts(function, role, fmt) for role, function in functions(fmt)]
    assert [w for w in wrong if w] == []


def checked_by_mypy() -> set[tuple[str, str]]:
    """(module, attribute) of every function the table's ``if TYPE_CHECKING`` lists name."""
    tree = ast.parse(Path(bridgeio.formats.__file__).read_text())
    block = next(
        n
        for n in tree.body
        if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING"
    )
    aliases = {
        alias.asname or alias.name: f"{node.module}.{alias.name}"
        for node in ast.walk(block)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    aliases.update({name: f"bridgeio.formats.{name}" for name in ("acblscore", "asc", "chessbase")})
    aliases.update({name: f"bridgeio.formats.{name}" for name in ("json", "pbn", "usebio")})
    return {
        (aliases[node.value.id], node.attr)
        for node in ast.walk(block)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in aliases
    }


def test_every_lazy_function_is_checked_by_mypy_against_its_role() -> None:
    checked = checked_by_mypy()
    named = {
        (function.module, function.attribute)
        for fmt in formats()
        for _, function in functions(fmt)
        if isinstance(function, Lazy)
    }
    assert named - checked == set()


def test_a_drifted_signature_is_found() -> None:
    """The run-time check fails on a reader that takes two arguments, and on a typo."""
    fmt = bridgeio.formats.BUILT_IN[0]
    assert accepts(Lazy("os.path", "join"), "read", fmt) is None  # join(path) binds
    assert accepts(Lazy("os.path", "getsize"), "write", fmt) is not None
    with pytest.raises(AttributeError):
        accepts(Lazy("bridgeio.formats.asc.reader", "raed"), "read", fmt)
