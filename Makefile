# Quick start: `make run` serves the lobby in the browser; `make test` runs the checks.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# cache compiled modules and pytest's rewritten test modules (__pycache__, git-ignored): an
# environment that forbids bytecode makes every run recompile and rewrite (~12 s per worker)
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run play test test-fast lint bench bench-server bench-profile clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml examples/candlelit-wickwatch/pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	$(BIN)/pip install -q -e examples/candlelit-wickwatch
	touch $(VENV)/.installed $@

run: $(VENV)/.installed
	$(BIN)/candlelit serve

play: $(VENV)/.installed
	$(BIN)/candlelit play divinare --players 4

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests bench scripts vulture_whitelist.py examples
	$(BIN)/mypy
	$(BIN)/vulture

test: lint
	$(BIN)/pytest -n 2

# the edit-run loop: no lint, no browser, no PostgreSQL, no test marked slow
test-fast: $(VENV)/.installed-dev
	$(BIN)/pytest -n 2 -m "not browser and not postgres and not slow" --hypothesis-profile=fast

bench: $(VENV)/.installed-dev
	$(BIN)/python bench/engine_bench.py --seconds 3 --json bench/results/engine.json
	$(BIN)/python bench/pettingzoo_bench.py --seconds 3 --json bench/results/pettingzoo.json
	$(BIN)/python bench/peers_run.py --seconds 3
	$(BIN)/python bench/openspiel_bench.py --seconds 2
	$(BIN)/python bench/ray_bench.py --json bench/results/ray.json
	$(BIN)/python bench/report.py
	$(BIN)/candlelit simulate divinare -n 1000 --players 4 \
		--bots expectation,random,random,random --jobs 2

bench-server: $(VENV)/.installed-dev
	$(BIN)/python bench/server_bench.py
	$(BIN)/python bench/cluster_bench.py

bench-profile: $(VENV)/.installed-dev
	$(BIN)/python bench/profile_playout.py --players 4 --games 300

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

# Golden playthroughs (tests/golden/README.md): rewrite them after an intended behaviour change.
.PHONY: goldens screenshots
goldens: $(VENV)/.installed-dev
	$(BIN)/python bench/goldens.py --write

# Screenshots of every game's table (desktop, phone; en, zh-TW) into docs/screenshots/
# (Chinese text needs a CJK font, e.g. Debian's fonts-wqy-microhei).
screenshots: $(VENV)/.installed-dev
	$(BIN)/python scripts/screenshots.py --out docs/screenshots
