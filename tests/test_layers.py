"""The dependency rule of the house: engine → nothing; render, data → engine; bot → all.

The fake Discord speaks Discord's JSON without the client it stands in for, and the
benchmarks and the tests share code only through the installed packages."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "sqlite3", "render", "data", "bot", "aiohttp"},
    "render": {"discord", "aiosqlite", "sqlite3", "data", "bot"},
    "data": {"discord", "PIL", "render", "bot"},
    "bot/discord_app/fake": {"discord"},
    "bench": {"tests"},
    "tests": {"bench"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_respect_the_layers(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN[package])
        for path in (ROOT / package).rglob("*.py")
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


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
    offenders = [str(path.relative_to(ROOT)) for path in (ROOT / folder).rglob("*.py")
                 if uses_sys_path(path)]
    assert offenders == []


def test_the_layer_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom PIL import Image\nfrom .local import x\n")
    assert imported_roots(sample) == {"discord", "PIL"}
    assert not uses_sys_path(sample)
    sample.write_text("import sys\nsys.path.insert(0, 'tests')\n")
    assert uses_sys_path(sample)


def test_the_store_accepts_every_theme_and_back_that_render_draws() -> None:
    import data
    import render

    assert set(data.THEMES) == set(render.THEMES)
    assert set(data.BACKS) == set(render.BACKS)
