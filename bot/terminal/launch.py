"""How this process was started, to say a command that works to start it again.

After ``make run`` the program is ``.venv/bin/rummy-bot``, which is not on the PATH: the
goodbye then says ``make run ARGS="play --game classic-1"``. The Makefile's ``run`` marks
its start in ``RAMI_STARTED_BY``; otherwise the program's own path decides: ``rummy-bot``
when that name on the PATH is this program, else the path typed (``.venv/bin/rummy-bot``,
``.venv/bin/python -m bot``).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

STARTED_BY = "RAMI_STARTED_BY"  # set by the Makefile's run: "make run"
PROGRAM = "rummy-bot"


def command(args: str, *, env: Mapping[str, str] | None = None,
            argv0: str | None = None, python: str | None = None) -> str:
    """The command line that runs ``rummy-bot <args>`` the way this process was started
    (``env``, ``argv0`` and ``python`` default to this process's)."""
    env = os.environ if env is None else env
    argv0 = sys.argv[0] if argv0 is None else argv0
    python = sys.executable if python is None else python
    if env.get(STARTED_BY) == "make run":
        return f'make run ARGS="{args}"'
    program = Path(argv0)
    if program.name == "__main__.py" and program.parent.name == "bot":  # python -m bot
        own = Path(python).with_name(PROGRAM)
        if _on_path(own, env):
            return f"{PROGRAM} {args}"
        return f"{_shown(python)} -m bot {args}"
    if program.name == PROGRAM and not _on_path(program, env):
        return f"{_shown(argv0)} {args}"
    return f"{PROGRAM} {args}"


def _on_path(program: Path, env: Mapping[str, str]) -> bool:
    """Whether ``rummy-bot`` typed alone runs ``program``."""
    found = shutil.which(PROGRAM, path=env.get("PATH", ""))
    try:
        return found is not None and Path(found).resolve() == program.resolve()
    except OSError:
        return False


def _shown(path: str) -> str:
    """``path`` as short as it can be typed from here (relative below the current folder)."""
    try:
        relative = Path(path).absolute().relative_to(Path.cwd())
    except (OSError, ValueError):
        return shlex.quote(path)
    shown = str(relative)
    return shlex.quote(shown if os.sep in shown else os.path.join(".", shown))
