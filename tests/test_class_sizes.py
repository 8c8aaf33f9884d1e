"""No class in src/ is over 300 lines: a class that grows past that is split by what it
handles (USEBIO's writer by element, ACBLscore's reading by structure), so that a newcomer
finds the code for one thing in one place."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"
MOST_LINES = 300


def long_classes(root: Path, most: int = MOST_LINES) -> list[str]:
    """``file:line Class (n lines)`` of every class of the Python files under ``root`` longer
    than ``most`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > most:
                    found.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines})")
    return found


def test_no_class_is_over_300_lines() -> None:
    assert long_classes(SOURCE) == []


def test_a_long_class_is_found(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MOST_LINES))
    (tmp_path / "m.py").write_text(f"class Long:\n{body}\n\nclass Short:\n    pass\n")
    assert long_classes(tmp_path) == [f"m.py:1 Long ({MOST_LINES + 1})"]
