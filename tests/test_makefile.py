"""The Makefile shows a user only the commands it runs: make echoes a comment written
inside a recipe, so none is."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

MAKEFILE = Path(__file__).resolve().parent.parent / "Makefile"


def test_no_recipe_line_is_a_comment() -> None:
    recipe_comments = [line for line in MAKEFILE.read_text().splitlines()
                       if line.startswith("\t") and line.strip().startswith("#")]
    assert recipe_comments == []


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_a_fresh_set_up_echoes_no_comment() -> None:
    shown = subprocess.run(["make", "-n", "-B", "-f", str(MAKEFILE), ".venv/.installed"],
                           cwd=MAKEFILE.parent, capture_output=True, text=True, check=True)
    assert "pip install" in shown.stdout
    assert not [line for line in shown.stdout.splitlines() if line.lstrip().startswith("#")]
