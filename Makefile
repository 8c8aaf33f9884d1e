# make demo: set up .venv and show bridgeio on the bundled example files
# make test: set up .venv, run the linter, the formatter's check, mypy --strict and every test
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
	$(BIN)/ruff format --check --quiet src tests benchmarks examples
	$(BIN)/mypy --strict src

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
