"""The benchmarks' scripts as modules, for the tests that check them (bench/ is no
package: each is loaded from its file)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench"


@contextmanager
def bench_module(name: str) -> Iterator[ModuleType]:
    """``bench/<name>.py`` loaded as the module ``name`` while the block runs (listed in
    ``sys.modules`` meanwhile, as its dataclasses need)."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    before = sys.modules.get(name)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        if before is None:
            del sys.modules[name]
        else:
            sys.modules[name] = before
