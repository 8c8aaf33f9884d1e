# make demo: set up .venv and show bridgeio on the bundled example files
# make test: set up .venv and run the linter and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

demo: setup
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

lint: setup
	$(BIN)/ruff check src tests benchmarks examples

test: lint
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python benchmarks/pavlicek.py
	$(BIN)/python benchmarks/chessbase.py
	$(BIN)/python benchmarks/acblscore.py
	$(BIN)/python benchmarks/usebio.py
	$(BIN)/python benchmarks/solve.py

clean:
	rm -rf $(VENV) demo-out .pytest_cache .hypothesis
