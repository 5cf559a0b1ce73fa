# `make run` and `make test` set everything up themselves on a fresh machine with Python 3.11.
PYTHON ?= python3
VENV := .venv
# The exact versions measured (tests/test_lock.py checks they meet pyproject.toml's ranges).
LOCK := requirements.lock
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml $(LOCK) | cksum | cut -d' ' -f1)
# What running docvault needs, and no more: the lock's own entries (versions and hashes) for
# the dependencies without the dev extra, plus the build backend that installs docvault
# itself. `make run` installs this; `make test` the whole lock (issue 48: a 1.3 GB venv for
# a first look).
RUN_LOCK := requirements-run.lock
RUN_STAMP := $(VENV)/.installed-run-$(shell cat pyproject.toml $(RUN_LOCK) | cksum | cut -d' ' -f1)

.PHONY: run test lint docs browser systemd-tools mail-server clock-tools wordlists lock upgrade

$(STAMP): pyproject.toml $(LOCK)
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	# Exactly the lock: every file checked against its hash, nothing resolved afresh, then
	# docvault itself on top (its build backend, hatchling, is one of the locked files).
	$(VENV)/bin/python -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(VENV)/bin/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(VENV)/bin/python -m pip check
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

$(RUN_STAMP): pyproject.toml $(RUN_LOCK)
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --quiet --require-hashes --no-deps -r $(RUN_LOCK)
	$(VENV)/bin/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(VENV)/bin/python -m pip check
	rm -f $(VENV)/.installed-run-*
	touch $(RUN_STAMP)

# The lock, resolved by uv from pyproject.toml's ranges, with every file's hash. `make lock`
# keeps the versions already locked and adds what a new dependency needs; `make upgrade`
# takes the newest versions the ranges allow: a deliberate change, measured before it lands
# (bench/fidelity_bench.py for what is read, bench/engine_bench.py for the engines).
# The runtime lock is resolved the same way without the dev extra, held to the versions of
# the whole lock (its pins, without their hashes, as constraints).
COMPILE = $(VENV)/bin/uv pip compile pyproject.toml --generate-hashes \
	--python-version 3.11 --python-platform x86_64-manylinux_2_28 --no-header --quiet
LOCK_COMMAND = $(COMPILE) --extra dev

lock: $(STAMP)
	$(LOCK_COMMAND) $(if $(UPGRADE),--upgrade,) --output-file $(LOCK)
	sed -i '1i # The exact versions docvault was measured, with every file'"'"'s hash; `make` installs these.\n# Written by `make lock` (keeps the locked versions) or `make upgrade` (takes the newest).' $(LOCK)
	grep -E '^[A-Za-z0-9._-]+==' $(LOCK) | sed 's/ .*//' > $(VENV)/lock-pins.txt
	printf 'hatchling\neditables\n' | $(COMPILE) - --constraint $(VENV)/lock-pins.txt --output-file $(RUN_LOCK)
	sed -i '1i # What `make run` installs: the entries of requirements.lock that running docvault needs.\n# Written by `make lock` from the same pins; `make test` installs the whole lock.' $(RUN_LOCK)

upgrade:
	$(MAKE) lock UPGRADE=1

run: $(RUN_STAMP)
	$(VENV)/bin/docvault run

lint: $(STAMP)
	$(VENV)/bin/ruff check docvault devtools tests bench migrations
	$(VENV)/bin/ruff format --check docvault devtools tests bench migrations
	$(VENV)/bin/mypy
	# Dead code (vulture, with pyproject.toml's explained allow-list): nothing is printed.
	$(VENV)/bin/python -m devtools.dead_code

# The documentation site in site/ (offline; a broken link or anchor fails the build). The
# reference pages are written from the code first.
docs: $(STAMP)
	$(VENV)/bin/python -m devtools.reference
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict

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

# Debian's medical word lists for the dictionary check of the CPU engine's words (the setting
# correct_words, docvault.corrections): German (every form written out) and English (hunspell
# stems). The German and English general lists come with pyspellchecker's wheel.
wordlists:
	test -f /usr/share/dict/german-medical -a -f /usr/share/hunspell/en_med_glut.dic || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wgerman-medical hunspell-en-med >/dev/null)

# Debian's libfaketime for the clock test (tests/test_clock_daemon.py): it sets the wall clock
# of the daemon's processes back while they run; the machine's own clock is never touched.
# A C compiler builds the test's fix for libfaketime 0.9.10's monotonic sleeps.
clock-tools:
	ls /usr/lib/*/faketime/libfaketime.so.1 >/dev/null 2>&1 || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq faketime >/dev/null)
	command -v cc >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc libc6-dev >/dev/null)

# Two xdist workers (CI has two cores), each taking the next test as it finishes
# (worksteal): the suite runs at under one core on average in one process, waiting on daemons,
# browsers and HTTP. A clean clone's .ci/run took 1,167 s on a quiet 2-core box (pytest 1,095 s;
# about 2,100 s in one process), and the suite passed so under load 7-9 from other work too
# (issue 45); on 6 December 2026 1,238-1,317 s for 2,183 tests (pytest 1,164-1,237 s). Cuts are
# measured per file (docs/development.md, on the suite's time).
# `-n 0` runs it in one process, for debugging.
test: $(STAMP) browser systemd-tools mail-server clock-tools wordlists lint
	$(VENV)/bin/pytest -n 2 --dist worksteal --durations=25
