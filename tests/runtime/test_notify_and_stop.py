"""`docvault run` under a systemd-like supervisor: sd_notify, then a graceful stop mid-run."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pymupdf
import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.support.notify import NotifyListener

PAGES = 20
STOP_TIMEOUT_SECONDS = 5.0
# Python's start-up, the engine client's close and the index writer's last drain.
STOP_MARGIN_SECONDS = 20.0


@pytest.fixture
def engine() -> Iterator[EngineSimulator]:
    # Speed 2 makes a ~2.1 s page (700 tokens at 2.9 ms a step) take about one second;
    # no loops, so every page ends in exactly one clean attempt.
    with EngineSimulator(SimulatorConfig(speed=2.0, loop_fraction=0.0)) as simulator:
        yield simulator


def letter_pdf(path: Path, pages: int) -> None:
    document = pymupdf.open()
    for number in range(1, pages + 1):
        page = document.new_page()
        page.insert_text((72, 72), f"Referral letter, page {number} of {pages}", fontsize=14)
        page.insert_text((72, 100), "Patient seen in clinic; blood results attached.")
    document.save(path)
    document.close()


def page_states(database: Path) -> dict[str, int]:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return dict(connection.execute("SELECT status, count(*) FROM pages GROUP BY status"))
    finally:
        connection.close()


def clean_attempts_per_page(database: Path) -> list[int]:
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        rows = connection.execute(
            "SELECT p.id, (SELECT count(*) FROM attempts a WHERE a.page_id = p.id "
            "AND a.verdict = 'clean') FROM pages p ORDER BY p.id"
        ).fetchall()
    finally:
        connection.close()
    return [count for _, count in rows]


def make_daemon(tmp_path: Path, engine: EngineSimulator) -> Daemon:
    return Daemon(
        tmp_path,
        NOTIFY_SOCKET=str(tmp_path / "notify"),
        WATCHDOG_USEC="2000000",
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_CONCURRENCY="2",
        DOCVAULT_STOP_TIMEOUT_SECONDS=str(STOP_TIMEOUT_SECONDS),
    )


@pytest.mark.slow
def test_notifies_systemd_then_stops_gracefully_and_finishes_after_restart(
    tmp_path: Path, notify_socket: NotifyListener, engine: EngineSimulator
) -> None:
    daemon = make_daemon(tmp_path, engine)
    database = tmp_path / "docvault-data" / "docvault.sqlite3"
    daemon.start()
    try:
        for prefix in ("READY=1", "STATUS=queue: ", "WATCHDOG=1"):
            wait_for(partial(notify_socket.has, prefix), 30, f"{prefix} on the notify socket")

        letter_pdf(tmp_path / "inbox" / "referral.pdf", PAGES)
        wait_for(lambda: page_states(database).get("done", 0) >= 3, 60, "three pages done")
        stopped_at = time.monotonic()
        exit_code = daemon.stop(timeout=STOP_TIMEOUT_SECONDS + STOP_MARGIN_SECONDS)
        stop_seconds = time.monotonic() - stopped_at
    finally:
        if daemon.process is not None and daemon.process.poll() is None:
            daemon.kill()
    log = daemon.log.read_text()
    assert exit_code == 0, log
    assert stop_seconds < STOP_TIMEOUT_SECONDS + STOP_MARGIN_SECONDS
    states = page_states(database)
    assert set(states) <= {"done", "queued"}, states
    assert states.get("queued", 0) > 0, "the stop came too late to leave pages in the queue"
    assert sum(states.values()) == PAGES

    restarted = make_daemon(tmp_path, engine)
    restarted.start()
    try:
        wait_for(lambda: page_states(database).get("done") == PAGES, 60, "every page done")
    finally:
        assert restarted.stop(timeout=STOP_TIMEOUT_SECONDS + STOP_MARGIN_SECONDS) == 0
    assert clean_attempts_per_page(database) == [1] * PAGES
