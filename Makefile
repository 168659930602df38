# The two set-up commands: `make play` and `make test` each build .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint bench install-check firmware system-deps mutate

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

$(VENV)/.installed-mutate: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test,mutate]"
	touch $@

play: $(STAMP)
	$(BIN)/botyard

test: $(STAMP) firmware
	$(BIN)/ruff check game hardware tests tools
	$(BIN)/python -m pytest
	$(BIN)/botyard validate-data game/data/cards.yaml
	$(BIN)/botyard scenario tests/scenarios/goblins/*.yaml

# Debian packages for the controller firmware (AVR toolchain) and its simavr tests;
# installed with apt-get (through sudo when not root) only if something is missing.
APT_PACKAGES := gcc-avr avr-libc binutils-avr libsimavr-dev libelf-dev pkg-config
system-deps:
	@if ! command -v avr-gcc >/dev/null || ! pkg-config --exists simavr 2>/dev/null; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends \
			$(APT_PACKAGES); \
	fi

# Controller firmware and the simavr harness the hardware-in-the-loop tests run.
firmware: system-deps
	$(MAKE) -C hardware/firmware
	$(MAKE) -C hardware/firmware check
	$(MAKE) -C hardware/sim

lint: $(STAMP)
	$(BIN)/ruff check game hardware tests tools

bench: $(STAMP)
	$(BIN)/botyard simulate --game goblins --players 4 --games 500 --seed 1
	$(BIN)/botyard bench controller

# Mutation testing (mutmut) of rules and session modules: kill rates, survivors; slow, not in CI.
mutate: $(VENV)/.installed-mutate
	$(BIN)/python tools/mutate.py $(MUTANTS)

# A plain (non-editable) install must find its data from any working directory.
install-check:
	rm -rf /tmp/botyard-install-check
	$(PYTHON) -m venv /tmp/botyard-install-check
	/tmp/botyard-install-check/bin/python -m pip install --quiet .
	cd / && /tmp/botyard-install-check/bin/botyard validate-data
	cd / && /tmp/botyard-install-check/bin/botyard simulate --games 3 --seed 7
