# Card Drive. Two commands for a newcomer: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 0.0.0.0
PORT ?= 8000
# One gunicorn worker per core (sync workers: one request at a time each).
WORKERS ?= $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)

.PHONY: run test test-fast test-pg e2e lint format bench bench-bots install install-dev dev clean-db messages

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

## make run: install, migrate, demo data on an empty database, serve on the local network
## (a buffering front before gunicorn, the practice table on servers of its own: config/serve.py).
run: install
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py clearsessions
	$(BIN)/python manage.py forget_practice_games -v0
	$(BIN)/python manage.py collectstatic --noinput -v0
	$(BIN)/python manage.py setup_site --port $(PORT)
	PORT=$(PORT) $(BIN)/python -m config.serve --host $(HOST) --port $(PORT) --workers $(WORKERS)

## make test: install, lint, then the whole suite (browser tests skip without Chromium).
test: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/check_translations.py
	$(BIN)/pytest

## The suite without the browser tests (CI runs it again on PostgreSQL).
test-fast: install-dev
	$(BIN)/pytest -m "not e2e"

e2e: install-dev
	$(BIN)/pytest -m e2e

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python scripts/check_translations.py

## make messages: the French catalog brought up to date with the code, then compiled (the .mo
## is committed, so `make run` needs no gettext tools). Needs GNU gettext.
messages: install
	$(BIN)/python manage.py makemessages -l fr --no-wrap -v0
	$(BIN)/python manage.py compilemessages -l fr -v0

format: install-dev
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install-dev
	$(BIN)/python bench/all.py
	$(BIN)/python bench/load.py --runs sqlite:1,postgres:1 --scale 0.05
	$(BIN)/python bench/association.py
	$(BIN)/python bench/bots.py --deals 200 --seeds 1

## The computer players' strength and speed in full: 1,000 deals a seed on 2 seeds, so 2,000
## deals a pairing (500 in self-play, 200 against perfect-information play), three players
## alone and Auction in partnerships, every seat rotated, a process per core (about four hours
## on 2 quiet cores; the tables are in README.md).
bench-bots: install-dev
	$(BIN)/python bench/bots.py --deals 1000 --seeds 1,2 --setups 45x3,auction \
		--self-play-share 0.25 --ceiling-share 0.1

## Development server with auto-reload (not for the hall).
dev: install
	$(BIN)/python manage.py migrate --noinput -v0
	$(BIN)/python manage.py setup_site
	PORT=$(PORT) DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)
