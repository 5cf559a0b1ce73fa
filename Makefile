# `make run` and `make test` set everything up themselves on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
# The exact versions measured (tests/test_lock.py checks they meet pyproject.toml's ranges).
LOCK := requirements.lock
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)

.PHONY: run test lint browser systemd-tools mail-server lock

$(STAMP): pyproject.toml $(LOCK)
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --upgrade pip
	$(VENV)/bin/python -m pip install --quiet -e '.[dev]' --constraint $(LOCK)
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

# After a deliberate upgrade in .venv (measured with bench/, bench/fidelity_bench.py for what
# is read): write its exact versions as the new lock.
lock:
	(echo '# The exact versions docvault was measured with; `make` installs these. Written by `make lock`.'; \
	 $(VENV)/bin/python -m pip freeze --exclude-editable | grep -v '^#') > $(LOCK)

run: $(STAMP)
	$(VENV)/bin/docvault run

lint: $(STAMP)
	$(VENV)/bin/ruff check docvault devtools tests bench migrations
	$(VENV)/bin/ruff format --check docvault devtools tests bench migrations
	$(VENV)/bin/mypy

# Debian's chromium for the browser tests (Playwright's own browser download does not work
# on machines without internet access beyond the package registries).
browser:
	command -v chromium >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null)

# systemd-analyze (Debian's systemd package) checks the units; systemd need not be running.
systemd-tools:
	command -v systemd-analyze >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null)

# Debian's Dovecot for the mail tests (tests/support/dovecot.py starts one of its own per
# test, in a temporary folder, on loopback; the package's own service is never started).
mail-server:
	command -v dovecot >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dovecot-imapd >/dev/null)

# One process: under two xdist workers on two cores the CPU engine's tests starve the daemon
# tests' timed waits (measured: 1,006 s and 3 such failures against about 1,200 s serial).
# `.venv/bin/pytest -n 2 --dist loadfile FILES` runs a chosen group in parallel.
test: $(STAMP) browser systemd-tools mail-server lint
	$(VENV)/bin/pytest --durations=25
