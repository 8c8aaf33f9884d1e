# make demo: set up .venv and show bridgeio on the bundled example files
# make test: set up .venv, run the linter, the formatter's check, mypy --strict and every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint bench clean browser postgresql mdbtools

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
test: browser postgresql mdbtools

# Debian packages the tests use, installed when missing and the user can (root, or sudo without
# a password); otherwise those tests skip and say why (tools/debian-package.sh).
# Chromium for the browser tests (tests/browser).
browser:
	@command -v chromium-browser >/dev/null 2>&1 || \
	  bash tools/debian-package.sh chromium "the browser tests" chromium chromium-driver

# PostgreSQL for the results site's tests (tests/site).
postgresql:
	@bash tools/debian-package.sh "/usr/lib/postgresql/*/bin/initdb" \
	  "the site's PostgreSQL tests" postgresql

# mdbtools for the Bridgemate tests (tests/formats/test_bws*.py): the independent reader ours is
# counted against.
mdbtools:
	@bash tools/debian-package.sh mdb-export "the Bridgemate comparisons" mdbtools

bench: setup
	$(BIN)/python benchmarks/pavlicek.py
	$(BIN)/python benchmarks/chessbase.py
	$(BIN)/python benchmarks/acblscore.py
	$(BIN)/python benchmarks/usebio.py
	$(BIN)/python benchmarks/solve.py
	$(BIN)/python benchmarks/recap.py
	$(BIN)/python benchmarks/site.py

clean:
	rm -rf $(VENV) demo-out .pytest_cache .hypothesis
