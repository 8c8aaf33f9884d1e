"""The import graph of src/bridgeio has no cycle, and keeps the layers of DESIGN.md: the model
imports nothing of bridgeio but ``errors``; a format package imports only the model,
``errors``, ``files``, ``jsonfields``, ``registry`` and itself (never another format, never
``analysis``); ``analysis``, ``double_dummy``, ``recap`` and ``cli`` never import a format package
(they read and write through the core and the registry; :data:`CLI_FORMAT_IMPORTS` names the
two command modules still excepted).

Every ``import`` and ``from ... import`` of a bridgeio module counts, at module level or inside
a function (an import deferred for speed is still a dependency), and so does a string that
names a bridgeio module (``importlib.import_module("bridgeio.formats.pbn")``, a ``Lazy``'s
``"bridgeio.formats.pbn.reader:read"``); a
module name built at run time (``f"bridgeio.formats.{name}"``) is a violation in a layer,
since no test can see what it imports. Only imports made for type checking
(``if TYPE_CHECKING:``) do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"
BUILT = "<a module name built at run time>"


def module_name(path: Path, source: Path = SOURCE) -> str:
    parts = path.relative_to(source).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(source: Path = SOURCE) -> dict[str, Path]:
    return {module_name(p, source): p for p in (source / "bridgeio").rglob("*.py")}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The bridgeio modules ``path`` imports."""
    tree = ast.parse(path.read_text())
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking_only(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            for alias in node.names:
                if (base, alias.name) == ("bridgeio", "__version__"):
                    continue  # a constant of the package root, which loads nothing with it
                target = f"{base}.{alias.name}"
                found.add(target if target in known else base)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            named = node.value.partition(":")[0]  # a Lazy's "module:attribute" names its module
            if named in known and named.startswith("bridgeio."):
                found.add(named)
        elif isinstance(node, ast.JoinedStr):
            found.update(_built(node, name, package))
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in found if (m in known or m == BUILT) and m != name}


def _built(node: ast.JoinedStr, name: str, package: str) -> set[str]:
    """What an f-string that builds a bridgeio module name names: its own package when it
    starts with ``{__name__}`` (a package's lazy ``__getattr__``), else :data:`BUILT`."""
    head = node.values[0] if node.values else None
    if isinstance(head, ast.Constant) and str(head.value).startswith("bridgeio."):
        return {BUILT}
    if isinstance(head, ast.FormattedValue) and getattr(head.value, "id", "") == "__name__":
        return {name}
    return set()


def allowed(importer: str, imported: str) -> bool:
    """Whether the layers let module ``importer`` import ``imported``."""
    parts = importer.split(".")
    layer = parts[1] if len(parts) > 1 else ""
    if layer == "model":
        return imported.startswith("bridgeio.model") or imported == "bridgeio.errors"
    if layer == "formats" and len(parts) > 2:  # a format package (formats/__init__ is the table)
        own = f"bridgeio.formats.{parts[2]}"
        shared = {"bridgeio.errors", "bridgeio.files", "bridgeio.jsonfields", "bridgeio.registry"}
        return (
            imported in shared
            or imported == "bridgeio.model"
            or imported.startswith("bridgeio.model.")
            or imported == own
            or imported.startswith(own + ".")
        )
    if layer in ("analysis", "double_dummy", "recap"):
        return imported != BUILT and not imported.startswith("bridgeio.formats")
    if layer == "cli":  # through the core and the registry (bridgeio.formats, the table)
        return not imported.startswith("bridgeio.formats.") or (
            CLI_FORMAT_IMPORTS.get(importer) == imported
        )
    return True


CLI_FORMAT_IMPORTS = {
    "bridgeio.cli.dump": "bridgeio.formats.json.writer",  # one document a line: json's text()
    "bridgeio.cli.schema": "bridgeio.formats.usebio.checks",  # prints the USEBIO schema
}
"""The command modules that still import a format module, and which: the canonical JSON's
one-line text and USEBIO's schema have no registry role yet. Every other format-specific
path goes through the registry (``rewrite``, ``split``, ...)."""


def violations(source: Path = SOURCE) -> list[str]:
    """Every import that breaks a layer, as ``importer -> imported``."""
    known = modules(source)
    return sorted(
        f"{name} -> {target}"
        for name, path in known.items()
        for target in imports(path, name, set(known))
        if not allowed(name, target)
    )


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            strong(v)
    return found


def test_the_import_graph_has_no_cycle():
    known = modules()
    graph = {name: imports(path, name, set(known)) - {BUILT} for name, path in known.items()}
    assert cycles(graph) == []


def test_the_checker_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_layers_are_kept():
    assert violations() == []


def _plant(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / "bridgeio" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_the_checker_finds_a_planted_violation_of_each_layer(tmp_path):
    empty = ""
    root = _plant(
        tmp_path,
        {
            "__init__.py": empty,
            "errors.py": empty,
            "core.py": empty,
            "model/__init__.py": empty,
            "model/cards.py": "import bridgeio.core\n",
            "formats/__init__.py": 'LAZY = "bridgeio.formats.pbn.reader"\n',
            "formats/pbn/__init__.py": empty,
            "formats/pbn/reader.py": "from bridgeio.errors import FormatError\n",
            "formats/usebio/__init__.py": empty,
            "formats/usebio/reader.py": (
                "def f():\n    from bridgeio.formats.pbn import reader\n"
                "    from bridgeio.analysis import summary\n"
            ),
            "formats/usebio/lazy.py": 'import importlib\nimportlib.import_module(f"bridgeio.{1}")',
            "analysis/__init__.py": empty,
            "analysis/summary.py": 'NAME = "bridgeio.formats.usebio.reader:read"\n',
            "double_dummy/__init__.py": empty,
            "double_dummy/job.py": "from bridgeio.formats.pbn import reader\n",
            "cli/__init__.py": empty,
            "formats/usebio/patch.py": empty,
            "cli/score.py": "def f():\n    from bridgeio.formats.usebio.patch import patched\n",
            "cli/formats.py": "import bridgeio.formats\n",
        },
    )
    assert violations(root) == [
        "bridgeio.analysis.summary -> bridgeio.formats.usebio.reader",
        "bridgeio.cli.score -> bridgeio.formats.usebio.patch",
        "bridgeio.double_dummy.job -> bridgeio.formats.pbn.reader",
        f"bridgeio.formats.usebio.lazy -> {BUILT}",
        "bridgeio.formats.usebio.reader -> bridgeio.analysis.summary",
        "bridgeio.formats.usebio.reader -> bridgeio.formats.pbn.reader",
        "bridgeio.model.cards -> bridgeio.core",
    ]
