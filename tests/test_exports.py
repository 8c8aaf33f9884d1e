"""The public names stay in step with the modules: every public class of ``bridgeio.model``'s
modules is exported by ``bridgeio.model`` (one explicit ``__all__``, the same list for type
checkers), and everything ``bridgeio`` exports resolves to the object its module defines."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import bridgeio
import bridgeio.model

MODEL_INIT = Path(bridgeio.model.__file__)


def model_modules() -> list[str]:
    return [f"bridgeio.model.{m.name}" for m in pkgutil.iter_modules(bridgeio.model.__path__)]


def public_classes(module_name: str) -> dict[str, object]:
    module = importlib.import_module(module_name)
    return {
        name: value
        for name, value in vars(module).items()
        if not name.startswith("_") and inspect.isclass(value) and value.__module__ == module_name
    }


def test_every_public_model_class_is_exported() -> None:
    missing = []
    for module_name in model_modules():
        for name, cls in public_classes(module_name).items():
            if getattr(bridgeio.model, name, None) is not cls:
                missing.append(f"{module_name}.{name}")
    assert not missing, f"not exported by bridgeio.model: {missing}"


def test_model_all_resolves_once_each() -> None:
    names = bridgeio.model.__all__
    assert len(names) == len(set(names))
    for name in names:
        value = getattr(bridgeio.model, name)
        where = getattr(value, "__module__", None)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert where is not None and where.startswith("bridgeio.model."), name


def test_type_checkers_see_the_same_names() -> None:
    """The names each package's stub imports (what type checkers read) are exactly its
    ``__all__`` (what lazy_loader makes from the same stub at run time)."""
    for package in (bridgeio, bridgeio.model):
        stub = Path(str(package.__file__)).with_suffix(".pyi")
        imported = [
            alias.asname or alias.name
            for node in ast.parse(stub.read_text()).body
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        ]
        assert sorted(imported) == sorted(package.__all__), stub


def test_bridgeio_exports_resolve_to_their_modules() -> None:
    assert len(bridgeio.__all__) == len(set(bridgeio.__all__))
    for name in bridgeio.__all__:
        value = getattr(bridgeio, name)
        if name in bridgeio.model.__all__:
            assert value is getattr(bridgeio.model, name), name


def test_a_planted_unexported_class_is_found(monkeypatch) -> None:
    """The check above fails on a public model class left out of ``__all__``."""
    from bridgeio.model import results

    class Planted:
        pass

    Planted.__module__ = results.__name__
    monkeypatch.setattr(results, "Planted", Planted, raising=False)
    assert "Planted" in public_classes(results.__name__)
    assert getattr(bridgeio.model, "Planted", None) is not Planted


def test_the_model_of_a_results_file_needs_no_numpy() -> None:
    code = (
        "import sys; from bridgeio.model import Results, Movement, Contract, Document; "
        "print('numpy' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
