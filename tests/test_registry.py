"""Every format the registry holds offers what its roles promise, and a format is one entry.

Each function the table names lazily (``Lazy[Reader]("module:function")``) imports, takes its
role's arguments and options, and is one mypy checks against its role's protocol: mypy checks
the entry's role where it sits (``src`` under ``mypy --strict``), and the test below has mypy
check each function named against that role, from a module made from the registry itself (no
list kept by hand). A throwaway read-only format in a temporary package, registered with one
call, shows in ``bridgeio formats``, ``info``, ``convert``, the fuzz list and the every-command
test's list with nothing else edited.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import textwrap
import typing
import warnings
from pathlib import Path

import pytest

import bridgeio
import bridgeio.formats
from bridgeio import registry
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
    "rewrite": ("data", "old", "new"),
}
"""Each role and the positional arguments the core passes it."""

WRITING = ("write", "write_chunks")
ROOT = Path(__file__).resolve().parents[1]


def functions(fmt: FileFormat) -> list[tuple[str, object]]:
    return [(role, getattr(fmt, role)) for role in ROLES if getattr(fmt, role, None) is not None]


def accepts(function: object, role: str, fmt: FileFormat) -> str | None:
    """Why ``function`` cannot take what the core passes it in ``role``; None when it can."""
    target = function.resolve() if isinstance(function, Lazy) else function
    signature = inspect.signature(target)  # type: ignore[arg-type]
    keywords: dict[str, object] = {}
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


def role_protocols() -> dict[str, object]:
    """Each role's protocol, from FileFormat's own annotations (``read: Reader | None``)."""
    hints = typing.get_type_hints(FileFormat, vars(registry))
    return {
        role: next(a for a in typing.get_args(hints[role]) or [hints[role]] if a is not type(None))
        for role in ROLES
        if role in hints
    }


def test_every_lazy_entry_is_typed_with_its_roles_protocol() -> None:
    protocols = role_protocols()
    assert set(protocols) == set(ROLES)
    wrong = [
        f"{fmt.name}.{role}: Lazy[{function.role}]"
        for fmt in formats()
        for role, function in functions(fmt)
        if isinstance(function, Lazy) and function.role != protocols[role]
    ]
    assert wrong == []


def mypy_module(fmts: list[FileFormat]) -> str:
    """A module that assigns each function the registry names lazily to its role's protocol
    (its bound arguments applied with ``functools.partial``, each of its own type)."""
    lines = ["import functools", "import typing", "import bridgeio.registry"]
    body = []
    named = [(fmt, role, f) for fmt in fmts for role, f in functions(fmt) if isinstance(f, Lazy)]
    for n, (fmt, role, function) in enumerate(named):
        protocol = role_protocols()[role]
        lines.append(f"import {function.module}")
        target = f"{function.module}.{function.attribute}"
        if function.bound:
            values = []
            for key, value in function.bound.items():
                value = value.resolve() if isinstance(value, Lazy) else value
                kind = type(value)
                lines.append(f"import {kind.__module__}")
                values.append(f"{key}=typing.cast({kind.__module__}.{kind.__qualname__}, None)")
            target = f"functools.partial({target}, {', '.join(values)})"
        name = getattr(protocol, "__name__", "")
        body.append(f"_{n}: bridgeio.registry.{name} = {target}  # {fmt.name}.{role}")
    return "\n".join(sorted(set(lines)) + [""] + body) + "\n"


def test_mypy_checks_every_function_named_against_its_role(tmp_path: Path) -> None:
    """The static check the old hand-kept ``if TYPE_CHECKING`` mirror gave, made from the
    registry: a drifted signature anywhere in the table is a mypy error here."""
    module = tmp_path / "registry_roles.py"
    module.write_text(mypy_module(formats()))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(module)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_finds_a_drifted_function(tmp_path: Path) -> None:
    """A reader in a writer's place is a mypy error in the module made from the registry."""
    zrd = bridgeio.get_format("zrd")
    drifted = FileFormat("drift", (".drift",), "drifted", sniff=zrd.sniff, write=zrd.read)  # type: ignore[arg-type]
    module = tmp_path / "drifted_roles.py"
    module.write_text(mypy_module([drifted]))
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(module)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 1 and 'variable has type "Writer"' in done.stdout, done.stdout


def test_a_drifted_signature_is_found() -> None:
    """The run-time check fails on a reader that takes two arguments, and on a typo."""
    fmt = bridgeio.formats.BUILT_IN[0]
    assert accepts(Lazy[object]("os.path:join"), "read", fmt) is None  # join(path) binds
    assert accepts(Lazy[object]("os.path:getsize"), "write", fmt) is not None
    with pytest.raises(AttributeError):
        accepts(Lazy[object]("bridgeio.formats.asc.reader:raed"), "read", fmt)
    with pytest.raises(ValueError, match="module:attribute"):
        Lazy[object]("bridgeio.formats.asc.reader.read")


def test_pavlicek_entries_say_what_their_layouts_say() -> None:
    from bridgeio.formats.pavlicek.layout import LAYOUTS

    for name, layout in LAYOUTS.items():
        fmt = bridgeio.get_format(name)
        assert (fmt.description, fmt.record_size) == (layout.title, layout.size)


def test_the_table_imports_no_format_module() -> None:
    code = (
        "import sys, bridgeio.formats, bridgeio.core\n"
        "print(sorted(m for m in sys.modules if m.startswith('bridgeio.formats.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


# ----------------------------------------------------------------- a format of one's own

TALLY_PACKAGE = {
    "__init__.py": '''
        """Tally: a throwaway deals format, one PBN deal a line after a "TALLY" line."""

        from bridgeio.registry import FileFormat, Lazy, Reader, Sniffer, register_format


        def sniff(head: bytes, size: int) -> bool:
            return head.startswith(b"TALLY\\n")


        register_format(
            FileFormat(
                name="tally",
                extensions=(".tly",),
                description="Tally deal list (a test's)",
                holds="deals",
                sniff=Lazy[Sniffer]("tallyformat:sniff"),
                read=Lazy[Reader]("tallyformat.reader:read"),
            )
        )
    ''',
    "reader.py": """
        from bridgeio.errors import FormatError
        from bridgeio.model.deals import Deal, DealSet


        def read(path: str) -> DealSet:
            with open(path, encoding="ascii") as handle:
                lines = handle.read().split("\\n")[1:]
            deals = []
            for number, line in enumerate(lines, start=2):
                if line:
                    try:
                        deals.append(Deal.from_pbn(line))
                    except ValueError:
                        raise FormatError(path, f"line {number}", "a PBN deal") from None
            return DealSet.from_deals(deals)
    """,
}
DEALS = [
    "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    "E:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
]


@pytest.fixture
def tally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tally package on sys.path and registered (the registry restored afterwards);
    a corpus folder holding one tally file; returns that corpus."""
    package = tmp_path / "packages" / "tallyformat"
    package.mkdir(parents=True)
    for name, text in TALLY_PACKAGE.items():
        (package / name).write_text(textwrap.dedent(text))
    monkeypatch.syspath_prepend(str(package.parent))
    monkeypatch.setattr(registry, "_FORMATS", dict(registry._FORMATS))
    for module in ("tallyformat", "tallyformat.reader"):
        monkeypatch.delitem(sys.modules, module, raising=False)
    __import__("tallyformat")  # its one register_format call
    corpus = tmp_path / "corpus" / "tally"
    corpus.mkdir(parents=True)
    (corpus / "two.tly").write_text("TALLY\n" + "\n".join(DEALS) + "\n")
    return corpus.parent


def test_a_registered_format_is_listed_read_and_converted(
    tally: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bridgeio.cli import run

    source = tally / "tally" / "two.tly"
    assert run(["formats"]) == 0
    listed = [line for line in capsys.readouterr().out.splitlines() if line.startswith("tally")]
    assert listed == ["tally     read       .tly            Tally deal list (a test's)"]
    assert run(["info", str(source)]) == 0
    assert "tally file: 2 deal records" in capsys.readouterr().out
    target = tmp_path / "two.json"
    assert run(["convert", str(source), str(target)]) == 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        back = bridgeio.read(target)
    assert [deal.pbn() for deal in back] == [bridgeio.Deal.from_pbn(d).pbn() for d in DEALS]
    assert run(["convert", str(source), str(tmp_path / "no.tly")]) == 2  # read-only
    assert "cannot write tally" in capsys.readouterr().err


def test_a_registered_format_is_fuzzed_and_run_through_every_command(tally: Path) -> None:
    from tests.mutate import fuzzed_formats, mutants, seeds
    from tests.test_every_command import corpus_inputs, kinds

    assert "tally" in fuzzed_formats()
    found = seeds(tally, per_format=2)
    assert [seed.tag for seed in found["tally"]] == ["tally[0]"]
    assert {m.format for m in mutants({"tally": found["tally"]}, 3)} == {"tally"}
    assert kinds()["tally"] == "deals"
    import tests.test_every_command as every

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(every, "CORPUS", tally)
        inputs = corpus_inputs()
    assert [(i.tag, i.kind, i.format) for i in inputs] == [("tally[0].tly", "deals", "tally")]
