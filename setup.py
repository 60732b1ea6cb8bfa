"""Build of the one compiled module, the solver's dynamic program (engine/_dpcore.c).

Everything else is in pyproject.toml. The module is optional: where no C compiler is
found, the install still succeeds and the solver runs its Python program (same answer).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "engine._dpcore",
            sources=["engine/_dpcore.c"],
            extra_compile_args=["-O2"],
            optional=True,
        )
    ]
)
