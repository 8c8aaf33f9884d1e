"""The corpus table of docs/scoring-conventions.md, made from the scoring engine itself: each
results file of ../shared/corpus with the convention found for it and how many of its figures
of each kind agree (``python docs/conventions_table.py > table.md``)."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import bridgeio
from bridgeio.analysis.scoring import rescore
from bridgeio.model.results import Results

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
FOLDERS = ("acblscore", "usebio", "pbn", "world/usebio", "world/pbn")


def row(path: Path) -> str | None:
    """The file's line of the table (None for a file that holds no results)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            doc = bridgeio.read(path)
        except bridgeio.FormatError:
            return None
    if not isinstance(doc, Results) or not doc.events:
        return None
    done = rescore(doc)
    said = [m.describe() for m in done.methods.values()]
    methods = "; ".join(
        (f"ev{k + 1}: " if k else "") + text
        for k, text in enumerate(said)
        if k == 0 or text != said[0]
    )
    counts = [
        f"{a}/{c}" if c else "—"
        for a, c in (done.agreement[k] for k in ("boards", "totals", "percentages", "ranks"))
    ]
    errors = [d for d in done.differences if not d.blank]
    notes = [f"{len(errors)} finding(s)"] if errors else []
    notes += [text.split(": ", 1)[-1][:70] for text in done.unchecked]
    name = path.relative_to(CORPUS)
    return f"| {name} | {methods or '—'} | " + " | ".join(counts) + f" | {'; '.join(notes)} |"


def main() -> None:
    print(
        "| file | convention found (event 1; others where they differ) | boards | totals | % "
        "| ranks | not checked / findings |"
    )
    print("|---|---|---|---|---|---|---|")
    for folder in FOLDERS:
        for path in sorted((CORPUS / folder).glob("*")):
            if path.is_file() and (line := row(path)) is not None:
                print(line)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
