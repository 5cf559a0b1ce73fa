"""Shared fixtures: real SQLite files migrated the way production migrates them.

Every process this test session starts, and every process those start, carries
DOCVAULT_TEST_SESSION in its environment; when the session ends, any such process still
alive (an orphaned render worker, a daemon, a simulator) fails the run.
"""

from __future__ import annotations

import contextlib
import gc
import logging
import os
import shutil
import signal
import tempfile
import time
import uuid
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import Engine

from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault import db
from docvault.web.app import create_app
from tests.support.dovecot import imap_server  # noqa: F401  (the mail tests' IMAP server)
from tests.support.liveserver import LiveServer
from tests.support.notify import NotifyListener
from tests.support.properties import Tracebacks
from tests.support.webarchive import WebArchive, build_archive, copy_archive

FIXTURES = Path(__file__).parent / "fixtures"


HYPOTHESIS_HOME_KEY = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    """Hypothesis's caches go to a temporary folder, not the checkout: its pytest plugin
    reads the test modules' constants into `.hypothesis/constants` while collecting, before
    any fixture runs. The property tests keep no example database (tests/support/properties.py).
    """
    from hypothesis import configuration

    home = tempfile.mkdtemp(prefix="docvault-hypothesis-")
    config.stash[HYPOTHESIS_HOME_KEY] = home
    configuration.set_hypothesis_home_dir(home)


def pytest_unconfigure(config: pytest.Config) -> None:
    home = config.stash.get(HYPOTHESIS_HOME_KEY, None)
    if home is not None:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture
def tracebacks() -> Iterator[Tracebacks]:
    """Every log record of docvault's with a traceback, while the test runs."""
    handler = Tracebacks()
    logging.getLogger("docvault").addHandler(handler)
    yield handler
    logging.getLogger("docvault").removeHandler(handler)


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Engine]:
    """A database file in tmp_path, upgraded with Alembic to head (not create_all)."""
    database = db.make_engine(tmp_path / "data" / "docvault.sqlite3")
    db.upgrade(database)
    yield database
    database.dispose()


@pytest.fixture
def simulator() -> Iterator[EngineSimulator]:
    """The loopback engine simulator: fast, no loops, no 503s (tests override as needed)."""
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as engine:
        yield engine


@pytest.fixture
def notify_socket(tmp_path: Path) -> Iterator[NotifyListener]:
    """Stands in for systemd's notify socket at tmp_path/notify (set NOTIFY_SOCKET to it)."""
    listener = NotifyListener(tmp_path / "notify")
    listener.start()
    yield listener
    listener.close()


@pytest.fixture
def damaged_index_files() -> Iterator[None]:
    """For tests that damage an index on purpose: Whoosh leaves the file of a segment it
    failed to read unclosed; reclaim it here, quietly, instead of as a ResourceWarning in
    whichever later test the garbage collector happens to run."""
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


@pytest.fixture(scope="session")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small real archive for the web tests, built once; each test copies it."""
    root = tmp_path_factory.mktemp("web-template")
    build_archive(root).database.dispose()
    return root


@pytest.fixture
def archive(template: Path, tmp_path: Path) -> Iterator[WebArchive]:
    """A copy of the template archive of the test's own (database, index, data folder)."""
    copied = copy_archive(template, tmp_path)
    yield copied
    copied.database.dispose()


@pytest.fixture(scope="module")
def module_app(template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """The web app of a copy of the template archive that one test module's tests share
    (the property tests send it thousands of requests)."""
    copied = copy_archive(template, tmp_path_factory.mktemp("module-archive"))
    yield create_app(copied.context)
    copied.database.dispose()


@pytest.fixture
def site(archive: WebArchive) -> Iterator[str]:
    """The test's archive served by a real uvicorn on loopback: its base URL."""
    server = LiveServer(archive)
    yield server.start()
    server.stop()


@pytest.fixture
def start_simulator() -> Iterator[Callable[..., EngineSimulator]]:
    """Start simulators configured per test (instant unless told otherwise); stop them after."""
    started: list[EngineSimulator] = []

    def start(**options: Any) -> EngineSimulator:
        simulator = EngineSimulator(SimulatorConfig(**{"instant": True, **options}))
        simulator.start()
        started.append(simulator)
        return simulator

    yield start
    for simulator in started:
        simulator.stop()


SESSION_MARKER = f"DOCVAULT_TEST_SESSION={uuid.uuid4().hex}".encode()
os.environ["DOCVAULT_TEST_SESSION"] = SESSION_MARKER.split(b"=", 1)[1].decode()
# Children notice their parent's end at once; giving them a moment to finish exiting.
LEFTOVER_GRACE_SECONDS = 15.0


def session_processes() -> list[tuple[int, str]]:
    """Live processes other than this one that carry this session's marker."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if SESSION_MARKER not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue  # it ended while we looked
        state, parent = fields[0], int(fields[1])
        # multiprocessing's resource tracker of this very process ends when we do (its
        # pipe from us closes): it is ours to leave, not a leftover.
        ours = parent == os.getpid() and "multiprocessing.resource_tracker" in command
        if state != "Z" and not ours:  # a zombie has ended; its parent has not reaped it yet
            found.append((int(entry.name), command.strip()))
    return found


# The end of each daemon log a failed test leaves: a wait that timed out on CI says what the
# daemon was doing, where the temporary folder itself is gone with the machine.
DAEMON_LOG_LINES = 60


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.failed and call.when == "call":
        folder = getattr(item, "funcargs", {}).get("tmp_path")
        if isinstance(folder, Path):
            for log in sorted(folder.rglob("daemon.log"))[:4]:
                lines = log.read_text(errors="replace").splitlines()[-DAEMON_LOG_LINES:]
                name = log.relative_to(folder)
                report.sections.append((f"Captured {name} (its end)", "\n".join(lines)))
    return report


# Leftovers the pytest-xdist workers found among their own children, gathered by the controller.
WORKER_LEFTOVERS: list[str] = []


@pytest.hookimpl(optionalhook=True)  # the hook exists only while pytest-xdist is loaded
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller's side of a finished xdist worker: keep what its guard found."""
    WORKER_LEFTOVERS.extend(getattr(node, "workeroutput", {}).get("leftover_processes", []))


def leftover_listing() -> list[str]:
    """This process's leftovers after the grace period, killed; one line for each."""
    deadline = time.monotonic() + LEFTOVER_GRACE_SECONDS
    leftovers = session_processes()
    while leftovers and time.monotonic() < deadline:
        time.sleep(0.2)  # polling the process table; nothing else tells us of their end
        leftovers = session_processes()
    for pid, _ in leftovers:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    return [f"  pid {pid}: {command}" for pid, command in leftovers]


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        # An xdist worker: its exit status does not reach the run's, so the controller
        # reports (and fails the run on) what this worker found.
        workeroutput["leftover_processes"] = leftover_listing()
        return
    # The controller under xdist runs no test; its live workers carry its marker and are
    # not leftovers, so only the workers' findings count there.
    distributing = session.config.pluginmanager.hasplugin("dsession")
    listing = WORKER_LEFTOVERS + ([] if distributing else leftover_listing())
    if not listing:
        return
    session.config.get_terminal_writer().line(
        "\nThese processes outlived the test session (now killed):\n" + "\n".join(listing),
        red=True,
    )
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
