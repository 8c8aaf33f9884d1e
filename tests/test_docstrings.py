"""Every module, public function and public class of src/bridgeio has a docstring, and the
functions a user calls first show a runnable example (``>>>``, run by ``--doctest-modules``).

Public: a name not starting with ``_``; the methods checked are those of public classes.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import bridgeio

SOURCE = Path(__file__).resolve().parents[1] / "src"
FIRST_CALLED = ["read", "write", "convert", "validate", "DealSet", "Deal"]

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def undocumented(body: list[ast.stmt], where: str, prefix: str = "") -> list[str]:
    """``file:line name`` of each public definition in ``body`` without a docstring, and of
    those inside its public classes (an ``@overload`` stub aside: the implementation after
    it carries the docstring)."""
    gaps = []
    for node in body:
        if not isinstance(node, Definition) or node.name.startswith("_") or _overload(node):
            continue
        if ast.get_docstring(node) is None:
            gaps.append(f"{where}:{node.lineno} {prefix}{node.name}")
        if isinstance(node, ast.ClassDef):
            gaps += undocumented(node.body, where, f"{prefix}{node.name}.")
    return gaps


def _overload(node: Definition) -> bool:
    return any(getattr(d, "id", getattr(d, "attr", "")) == "overload" for d in node.decorator_list)


def test_every_module_and_public_definition_has_a_docstring() -> None:
    paths = sorted((SOURCE / "bridgeio").rglob("*.py"))
    assert len(paths) > 50  # the walk found the package
    gaps = []
    for path in paths:
        where = str(path.relative_to(SOURCE.parent))
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=where)
        if ast.get_docstring(tree) is None:
            gaps.append(f"{where}: module")
        gaps += undocumented(tree.body, where)
    assert not gaps, f"{len(gaps)} without a docstring:\n" + "\n".join(gaps)


def test_undocumented_finds_what_lacks_a_docstring() -> None:
    tree = ast.parse(
        'class A:\n    """A."""\n    def f(self): pass\n    def _g(self): pass\n'
        "class _B:\n    def h(self): pass\n"
        'def i(): pass\nasync def j(): """J."""\n'
        "@overload\ndef k(x: int) -> int: ...\ndef k(x): return x\n"
    )
    assert undocumented(tree.body, "m.py") == ["m.py:3 A.f", "m.py:7 i", "m.py:11 k"]


@pytest.mark.parametrize("name", FIRST_CALLED)
def test_first_called_have_an_example(name: str) -> None:
    doc = inspect.getdoc(getattr(bridgeio, name)) or ""
    assert ">>>" in doc, f"bridgeio.{name} has no doctest example in its docstring"
