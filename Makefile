# The two set-up commands of the README: `make run` and `make test`.
# Each creates the virtual environment it needs from nothing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest bench clean emoji-sheet

# Installing also compiles the C module and the text catalogs (setup.py): redo it when
# one of their sources changes.
CATALOGS := $(wildcard engine/locales/*/LC_MESSAGES/rami.po bot/locales/*/LC_MESSAGES/rami_bot.po)
CORE := $(wildcard engine/solver/_dpcore*.c engine/solver/_dpcore.h)

# setuptools notes every editable install in a boxed "Editable installation." warning
# (information only, nothing to act on): a fresh `make run` shows none. (A comment inside a
# recipe would be echoed to the user: they all stay out here.)
$(STAMP): pyproject.toml setup.py $(CORE) $(CATALOGS)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -W "ignore:Editable installation:UserWarning" -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The game says how to come back to it: `make run ARGS=…`, not `rummy-bot` (not on the PATH).
run: export RAMI_STARTED_BY := make run
run: $(STAMP)
	$(BIN)/rummy-bot $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict engine data render bot

pytest: $(STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck pytest

bench: $(STAMP)
	$(BIN)/python -W "ignore:Editable installation:UserWarning" -m pip install --quiet -e '.[bench]'
	for b in bench/*_bench.py; do $(BIN)/python $$b || exit 1; done

# The sheet of every emoji face docs/BOT.md shows (tests/render/test_render_emoji.py
# checks that it is what render draws).
emoji-sheet: $(STAMP)
	$(BIN)/python -c "from pathlib import Path; from render.emoji import emoji_sheet; \
	Path('docs/img/emoji-sheet.png').write_bytes(emoji_sheet())"

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build engine/solver/*.so engine/locales/*/LC_MESSAGES/*.mo \
		bot/locales/*/LC_MESSAGES/*.mo
