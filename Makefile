# The two set-up commands: `make play` and `make test` each build .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench install-check

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/botyard

test: $(STAMP)
	$(BIN)/ruff check game hardware tests tools
	$(BIN)/python -m pytest
	$(BIN)/botyard validate-data data/cards.yaml
	$(BIN)/botyard scenario tests/scenarios/goblins/*.yaml

lint: $(STAMP)
	$(BIN)/ruff check game hardware tests tools

bench: $(STAMP)
	$(BIN)/botyard simulate --game goblins --players 4 --games 500 --seed 1

# A plain (non-editable) install must find its data from any working directory.
install-check:
	rm -rf /tmp/botyard-install-check
	$(PYTHON) -m venv /tmp/botyard-install-check
	/tmp/botyard-install-check/bin/python -m pip install --quiet .
	cd / && /tmp/botyard-install-check/bin/botyard validate-data
	cd / && /tmp/botyard-install-check/bin/botyard simulate --games 3 --seed 7
