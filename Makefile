# make demo: set up .venv and show bridgeio on the bundled example files
# make test: set up .venv, run the linter, the formatter's check, mypy --strict and every test
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint bench clean browser postgresql

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
test: browser postgresql

# Chromium for the browser tests (tests/browser): installed when missing and the user can
# (root, or sudo without a password); otherwise those tests skip and say why.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  if ! command -v apt-get >/dev/null 2>&1; then run=""; \
	  elif [ "$$(id -u)" = 0 ]; then run=" "; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then run="sudo -n"; \
	  else run=""; fi; \
	  if [ -n "$$run" ]; then \
	    $$run apt-get install -y -q chromium chromium-driver >/dev/null \
	    || { $$run apt-get update -q >/dev/null && $$run apt-get install -y -q chromium chromium-driver >/dev/null; } \
	    || echo "make: chromium could not be installed: the browser tests will skip"; \
	  else echo "make: chromium is not installed and cannot be here (not root, no sudo): the browser tests will skip"; fi; }

# PostgreSQL for the results site's tests (tests/site): Debian's server, installed when missing
# and the user can, as Chromium above; otherwise those tests skip and say why.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if ! command -v apt-get >/dev/null 2>&1; then run=""; \
	  elif [ "$$(id -u)" = 0 ]; then run=" "; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then run="sudo -n"; \
	  else run=""; fi; \
	  if [ -n "$$run" ]; then \
	    $$run apt-get install -y -q postgresql >/dev/null \
	    || { $$run apt-get update -q >/dev/null && $$run apt-get install -y -q postgresql >/dev/null; } \
	    || echo "make: postgresql could not be installed: the site's PostgreSQL tests will skip"; \
	  else echo "make: postgresql is not installed and cannot be here (not root, no sudo): the site's PostgreSQL tests will skip"; fi; }

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
