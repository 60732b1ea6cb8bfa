"""The dependency rules of the house: engine → nothing; render, data → engine; bot → all;
only the Discord front end imports discord; the session layer imports no front end; and
no import circle among the bot's modules. Imports count wherever they are in a file
(inside functions, under ``TYPE_CHECKING``, through ``importlib.import_module``).

The fake Discord speaks Discord's JSON without the client it stands in for, and the
benchmarks and the tests share code only through the installed packages."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "data", "bot")
FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "sqlite3", "render", "data", "bot", "aiohttp"},
    "render": {"discord", "aiosqlite", "sqlite3", "data", "bot"},
    "data": {"discord", "PIL", "render", "bot"},
    "bot/session": {"bot.discord_app", "bot.terminal", "bot.simulator"},
    "bot/terminal": {"bot.discord_app"},
    "bot/simulator": {"bot.discord_app"},
    "bot/discord_app/fake": {"discord"},
    "bench": {"tests"},
    "tests": {"bench"},
}
DISCORD_FRONT_END = "bot/discord_app"
DISCORD_ONLY = {"discord", "aiohttp"}  # discord.ext and the rest are inside "discord"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in the file, as dotted names.

    ``from a import b`` counts as ``a`` and ``a.b`` (``b`` may be a submodule); relative
    imports are resolved against the file's package.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
        elif _is_import_call(node):
            found.add(node.args[0].value)  # type: ignore[attr-defined]
    return found


def _is_import_call(node: ast.AST) -> bool:
    """``importlib.import_module("x")`` or ``__import__("x")`` with a literal name."""
    if not isinstance(node, ast.Call) or not node.args:
        return False
    target = node.func
    called = (target.attr if isinstance(target, ast.Attribute)
              else target.id if isinstance(target, ast.Name) else "")
    first = node.args[0]
    return (called in ("import_module", "__import__") and isinstance(first, ast.Constant)
            and isinstance(first.value, str))


def inside(name: str, packages: set[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def source_files(folder: str) -> Iterator[Path]:
    return (ROOT / folder).rglob("*.py")


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_package_imports_respect_the_layers(folder: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            {name for name in imported_modules(path) if inside(name, FORBIDDEN[folder])})
        for path in source_files(folder)
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_only_the_discord_front_end_imports_discord() -> None:
    front_end = ROOT / DISCORD_FRONT_END
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            {name for name in imported_modules(path) if inside(name, DISCORD_ONLY)})
        for package in PACKAGES for path in source_files(package)
        if front_end not in path.parents
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def import_circles(package: str) -> set[frozenset[str]]:
    """The groups of ``package``'s modules that import each other, directly or not."""
    files = {module_name(path): path for path in source_files(package)}
    graph = {name: sorted(imported_modules(path) & files.keys() - {name})
             for name, path in files.items()}
    # Tarjan's strongly connected components; a component of two or more is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = {stack.pop()}
            while node not in component:
                component.add(stack.pop())
            if len(component) > 1:
                circles.add(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


@pytest.mark.parametrize("package", ["engine", "render", "data", "bot"])
def test_no_import_circle_among_a_packages_modules(package: str) -> None:
    assert {tuple(sorted(c)) for c in import_circles(package)} == set()


def test_the_layer_check_sees_every_kind_of_import(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    sample = tmp_path / "bot" / "session" / "sample.py"
    sample.parent.mkdir(parents=True)
    sample.write_text("import discord.ext.commands\nfrom PIL import Image\nfrom .hand import x\n"
                      "def late():\n    from bot.discord_app import present\n"
                      "    importlib.import_module('aiohttp')\n", encoding="utf-8")
    assert imported_modules(sample) == {
        "discord.ext.commands", "PIL", "PIL.Image", "bot.session.hand", "bot.session.hand.x",
        "bot.discord_app", "bot.discord_app.present", "aiohttp"}


def test_the_circle_check_sees_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def f():\n    from pkg.c import x\n")
    (package / "c.py").write_text("import pkg.a\n")
    assert import_circles("pkg") == {frozenset({"pkg.a", "pkg.b", "pkg.c"})}


def uses_sys_path(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Attribute) and node.attr == "path"
        and isinstance(node.value, ast.Name) and node.value.id == "sys"
        for node in ast.walk(tree)
    )


@pytest.mark.parametrize("folder", ["bench", "tests"])
def test_no_module_edits_the_import_path(folder: str) -> None:
    # A hand-edited sys.path is how a benchmark used to reach into tests/.
    offenders = [str(path.relative_to(ROOT)) for path in source_files(folder)
                 if uses_sys_path(path)]
    assert offenders == []


def test_the_import_path_check_sees_an_edit(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import sys\nsys.path.insert(0, 'tests')\n")
    assert uses_sys_path(sample)
    sample.write_text("import sys\nprint(sys.argv)\n")
    assert not uses_sys_path(sample)


def test_the_session_layer_imports_no_front_end() -> None:
    """bot/session is what the front ends drive: it knows neither discord nor them."""
    front_ends = ("discord", "bot.discord_app", "bot.terminal", "bot.simulator")
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            module for module in imported_modules(path)
            if any(module == name or module.startswith(name + ".") for name in front_ends))
        for path in (ROOT / "bot" / "session").rglob("*.py")
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}
