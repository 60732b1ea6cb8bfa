"""The documents say what the code does: ``rummy-bot --help`` as docs/BOT.md shows it, each
variant's rules as the bot words them in docs/VARIANTS.md, and links that lead somewhere
in this repository (a clone has nothing beside it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot import __main__ as entry
from engine.rules_text import summary
from engine.variants import variant, variant_names

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def subcommands() -> list[str]:
    parser = entry.build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return list(action.choices or [])  # type: ignore[arg-type]


def main_help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as stop:
        entry.main(list(argv))
    assert stop.value.code == 0
    return capsys.readouterr().out


def test_bot_md_lists_the_subcommands_as_the_help_prints_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps to the terminal's width
    text = main_help(capsys, "--help")
    listing = text[text.index("positional arguments:"):text.index("\noptions:")].rstrip()
    assert f"```text\n{listing}\n```" in (ROOT / "docs" / "BOT.md").read_text(encoding="utf-8")
    assert all(name in listing for name in subcommands())


@pytest.mark.parametrize("name", subcommands())
def test_every_subcommand_has_its_own_help(capsys: pytest.CaptureFixture[str],
                                          name: str) -> None:
    assert main_help(capsys, name, "--help").startswith(f"usage: rummy-bot {name} ")


def variant_section(name: str) -> str:
    text = (ROOT / "docs" / "VARIANTS.md").read_text(encoding="utf-8")
    found = re.search(rf"^## .*\(`{name}`\)\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert found is not None, f"docs/VARIANTS.md has no section for {name}"
    return found.group(1)


@pytest.mark.parametrize("name", variant_names()[:5])
def test_variants_md_has_each_variants_rules_as_the_bot_says_them(name: str) -> None:
    """`/rummy rules` and the lobby say these lines: the document says the same, in order."""
    bullets = [line[2:] for line in variant_section(name).split("\n") if line.startswith("- ")]
    lines = list(summary(variant(name), "en"))
    assert bullets[:len(lines)] == lines


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {slug(line.lstrip("#")) for line in text.split("\n") if line.startswith("#")}


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_links_lead_to_files_and_headings_of_this_repository(document: Path) -> None:
    broken = []
    for target in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # https://…, mailto:…
        file, _, anchor = target.partition("#")
        path = (document.parent / file).resolve() if file else document
        missing = ROOT not in path.parents or not path.exists()
        if missing or (anchor and path.suffix == ".md" and anchor not in anchors(path)):
            broken.append(target)
    assert broken == []


def test_nothing_points_outside_the_repository() -> None:
    outside = [path.name for path in DOCUMENTS
               if "../shared" in path.read_text(encoding="utf-8")]
    assert outside == []
