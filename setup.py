"""Build steps that pyproject.toml cannot declare: the solver's compiled dynamic program
(engine/solver/_dpcore*.c, one module) and the text catalogs: the engine's
(engine/locales/*/LC_MESSAGES/rami.po) and the interfaces' (bot/locales/*/LC_MESSAGES/rami_bot.po).

The compiled module is optional: where no C compiler is found, the install still
succeeds and the solver runs its Python program (same answer). The catalogs are compiled
to gettext's ``.mo`` files with Babel (a build requirement): into the wheel, or beside
their ``.po`` files for an editable install, as the compiled module is.
"""

from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

# Every catalog folder: the engine's words, and the interfaces' beside them (bot/__init__.py).
LOCALES = (Path("engine") / "locales", Path("bot") / "locales")


class BuildWithCatalogs(build_py):
    """``build_py`` that also compiles every ``.po`` catalog to its ``.mo``."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for source in sorted(po for folder in LOCALES for po in folder.glob("*/LC_MESSAGES/*.po")):
            target = source.with_suffix(".mo")
            if not self.editable_mode:
                target = Path(self.build_lib) / target
            target.parent.mkdir(parents=True, exist_ok=True)
            with source.open("rb") as po:
                catalog = read_po(po)  # language and plural rule from the file's header
            with target.open("wb") as mo:
                write_mo(mo, catalog)


setup(
    cmdclass={"build_py": BuildWithCatalogs},
    ext_modules=[
        Extension(
            "engine.solver._dpcore",
            # One module from three translation units sharing _dpcore.h (a change of the
            # header rebuilds them all).
            sources=[
                "engine/solver/_dpcore.c",
                "engine/solver/_dpcore_layer.c",
                "engine/solver/_dpcore_moves.c",
            ],
            depends=["engine/solver/_dpcore.h"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ],
)
