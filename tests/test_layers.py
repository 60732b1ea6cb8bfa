"""The dependency rule of the house: engine → nothing; render, data → engine; bot → all."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {
    "engine": {"discord", "PIL", "aiosqlite", "sqlite3", "render", "data", "bot", "aiohttp"},
    "render": {"discord", "aiosqlite", "sqlite3", "data", "bot"},
    "data": {"discord", "PIL", "render", "bot"},
}


def imported_modules(path: Path) -> set[str]:
    """The modules a file imports by absolute name (relative imports stay inside)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_respect_the_layers(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN[package])
        for path in (ROOT / package).rglob("*.py")
    }
    assert {name: bad for name, bad in offenders.items() if bad} == {}


def test_the_layer_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import discord\nfrom PIL import Image\nfrom .local import x\n")
    assert imported_roots(sample) == {"discord", "PIL"}


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
