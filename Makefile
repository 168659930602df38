# The two set-up commands: `make play` and `make test` each build .venv first.
# `make play` installs what playing needs; `make test` adds the test tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PIP := $(BIN)/python -m pip --quiet --quiet --disable-pip-version-check
PLAY_STAMP := $(VENV)/.installed-play
TEST_STAMP := $(VENV)/.installed-test
CHECK_DIR ?= $(or $(TMPDIR),/tmp)/botyard-install-check-$(notdir $(CURDIR))

.PHONY: play test lint bench install-check firmware system-deps flash mutate reliability

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(TEST_STAMP): $(PLAY_STAMP)
	$(PIP) install -e ".[test]"
	touch $@

$(VENV)/.installed-mutate: $(TEST_STAMP)
	$(PIP) install -e ".[test,mutate]"
	touch $@

play: $(PLAY_STAMP)
	$(BIN)/botyard

# Tests run in parallel over the cores (pytest-xdist); the CLI steps run the checkout's
# code (python -m game from here), the same code pytest imports.
test: $(TEST_STAMP) firmware
	$(BIN)/ruff check game hardware tests tools
	$(BIN)/python -m pytest -n auto
	$(BIN)/python -m game validate-data game/data/cards.yaml
	$(BIN)/python -m game scenario tests/scenarios/*/*.yaml

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

# `make flash PORT=/dev/ttyACM0` builds the firmware and writes it to a board (an Uno
# through its bootloader) with avrdude, installed with apt when missing. The client
# names a board whose firmware is not the one it expects, with this command.
PORT ?= /dev/ttyACM0
flash: system-deps
	@if ! command -v avrdude >/dev/null; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends \
			avrdude; \
	fi
	$(MAKE) -C hardware/firmware flash PORT=$(PORT)

lint: $(TEST_STAMP)
	$(BIN)/ruff check game hardware tests tools

bench: $(PLAY_STAMP) firmware
	$(BIN)/python -m game simulate --game goblins --players 4 --games 500 --seed 1
	$(BIN)/python -m game simulate --game two_robots --players 4 --games 500 --seed 1
	$(BIN)/python -m game simulate --game blastbots --players 4 --games 500 --seed 1
	$(BIN)/python -m game simulate --game calamitron --players 4 --games 200 --seed 1
	$(BIN)/python -m game simulate --game coal_heart --players 4 --games 200 --seed 1
	$(BIN)/python -m game bench render
	$(BIN)/python -m game bench render --with-bot hard
	$(BIN)/python -m game bench render --game blastbots
	$(BIN)/python -m game bench render --game calamitron
	$(BIN)/python -m game bench render --game coal_heart
	$(BIN)/python -m game bench controller

# Mutation testing (mutmut) of rules and session modules: kill rates, survivors; slow, not in CI.
mutate: $(VENV)/.installed-mutate
	$(BIN)/python tools/mutate.py $(MUTANTS)

# The reliability campaign (games, malformed actions, damaged saves, kill -9, settings,
# cards, command lines): counts per kind, failing examples, exit 1 on a failure.
# Reproducible by --seed; SCALE=0.01 for a quick look (CI runs SCALE=0.2).
SCALE ?= 1
reliability: $(PLAY_STAMP)
	$(BIN)/python tools/reliability.py --scale $(SCALE)

# A plain (non-editable) install must play from any directory: build the wheel (and
# fail on any setuptools warning), install it into a fresh venv, then render every
# screenshot scene and play a whole match of every game from outside the checkout.
install-check:
	rm -rf $(CHECK_DIR) build/lib build/bdist.* *.egg-info
	mkdir -p $(CHECK_DIR)
	$(PYTHON) -m pip wheel --disable-pip-version-check --no-deps -v -w $(CHECK_DIR)/dist . \
		> $(CHECK_DIR)/build.log 2>&1 || { cat $(CHECK_DIR)/build.log; exit 1; }
	@if grep -E "Warning|warnings.warn|!!" $(CHECK_DIR)/build.log; then \
		echo "install-check: building the wheel printed the warnings above" >&2; exit 1; fi
	$(PYTHON) -m venv $(CHECK_DIR)/venv
	$(CHECK_DIR)/venv/bin/python -m pip install --quiet --quiet --disable-pip-version-check \
		$(CHECK_DIR)/dist/botyard-*.whl
	cd / && SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
		$(CHECK_DIR)/venv/bin/python $(CURDIR)/tools/install_check.py
