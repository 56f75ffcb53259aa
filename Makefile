# make run   - create .venv, install, migrate, serve on 127.0.0.1:$(PORT) (Flask's development server)
# make serve - create .venv, install, migrate, print the address phones open (and its QR code), then serve
#              the night under gunicorn on 0.0.0.0:$(PORT) (several workers, no debug)
# make test  - create .venv, install, get Debian's chromium if missing, run the whole suite
# All are idempotent: each install is skipped while its requirements are unchanged. `make run` and
# `make serve` install only the app (requirements.txt); `make test` adds the test tools
# (requirements-test.txt).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 5000
# Each install stamp is keyed on the contents of its requirements.
APP_HASH   := $(shell cat requirements.txt | cksum | cut -d' ' -f1)
TEST_HASH  := $(shell cat requirements.txt requirements-test.txt | cksum | cut -d' ' -f1)
STAMP      := $(VENV)/.installed-app-$(APP_HASH)
TEST_STAMP := $(VENV)/.installed-test-$(TEST_HASH)
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

export FLASK_APP := app

.PHONY: run serve test install install-test chromium migrate clean

install: $(STAMP)
install-test: $(TEST_STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements.txt
	rm -f $(VENV)/.installed-app-*
	touch $@

$(TEST_STAMP): requirements.txt requirements-test.txt | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements-test.txt
	rm -f $(VENV)/.installed-test-* $(VENV)/.installed-app-*
	touch $@ $(STAMP)

migrate: $(STAMP)
	$(BIN)/flask db upgrade

run: migrate
	$(BIN)/flask run --host 127.0.0.1 --port $(PORT)

serve: migrate
	$(BIN)/flask address --port $(PORT)
	PORT=$(PORT) $(BIN)/gunicorn -c gunicorn.conf.py

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  $(SUDO) apt-get update -q && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; \
	fi

test: $(TEST_STAMP) chromium
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
