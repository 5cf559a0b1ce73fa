"""The real daemon under hostile files and faults: every part supervised, every stop clean.

Each test runs `docvault run` as a subprocess (devtools/daemon.py) against the
loopback engine simulator, and finds the daemon's children by the marker every process it
starts inherits, so an orphan (reparented to PID 1) is found as well as a child.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.support.documents import letter_pdf
from tests.support.hostile import endless_pdf
from tests.support.notify import NotifyListener

pytestmark = pytest.mark.slow

RENDER_TIMEOUT_SECONDS = 4.0
STOP_TIMEOUT_SECONDS = 2.0


@pytest.fixture
def engine() -> Iterator[EngineSimulator]:
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as simulator:
        yield simulator


def make_daemon(tmp_path: Path, engine: EngineSimulator, **settings: str) -> Daemon:
    defaults = {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": engine.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        "DOCVAULT_CONCURRENCY": "4",
        "DOCVAULT_RENDER_TIMEOUT_SECONDS": str(RENDER_TIMEOUT_SECONDS),
        "DOCVAULT_STOP_TIMEOUT_SECONDS": str(STOP_TIMEOUT_SECONDS),
        "DOCVAULT_INDEX_BATCH_SECONDS": "0.5",
    }
    return Daemon(tmp_path, **{**defaults, **settings})


@pytest.fixture
def running(tmp_path: Path) -> Iterator[list[Daemon]]:
    """Daemons a test started; killed (with every child) if the test left them running."""
    daemons: list[Daemon] = []
    yield daemons
    for daemon in daemons:
        for pid in daemon.processes():
            os.kill(pid, signal.SIGKILL)
        if daemon.process is not None:
            daemon.process.wait(timeout=30)


def documents(daemon: Daemon) -> list[dict[str, Any]]:
    return list(daemon.cli_json("documents")["documents"])


def parts(daemon: Daemon) -> dict[str, dict[str, Any]]:
    service = daemon.cli_json("status")["service"]
    return {part["name"]: part for part in service["parts"]}


def database_rows(daemon: Daemon, sql: str) -> list[tuple[Any, ...]]:
    path = daemon.folder / "docvault-data" / "docvault.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.execute(sql).fetchall())
    finally:
        connection.close()


def test_pages_that_render_forever_fail_alone_and_the_letters_are_read(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> None:
    daemon = make_daemon(tmp_path, engine, DOCVAULT_RENDER_WORKERS="2")
    running.append(daemon)
    daemon.start()
    inbox = tmp_path / "inbox"
    # Two hostile files first, so that both render workers are caught by them.
    endless_pdf(inbox / "endless-1.pdf", marker=1)
    endless_pdf(inbox / "endless-2.pdf", marker=2)
    dropped = time.monotonic()
    for number in range(4):
        letter_pdf(inbox / f"letter-{number}.pdf", pages=1, seed=number)

    def settled() -> dict[str, str] | None:
        states = {row["file_name"]: row["status"] for row in documents(daemon)}
        return states if len(states) == 6 and "processing" not in states.values() else None

    # Both endless pages are stopped at the limit, in parallel; a margin for start-up.
    states = wait_for(settled, RENDER_TIMEOUT_SECONDS + 60, "every file to finish")
    elapsed = time.monotonic() - dropped
    assert states == {
        **{f"letter-{number}.pdf": "done" for number in range(4)},
        "endless-1.pdf": "attention",
        "endless-2.pdf": "attention",
    }
    assert elapsed < 2 * RENDER_TIMEOUT_SECONDS + 45
    errors = [
        row[0] for row in database_rows(daemon, "SELECT error FROM pages WHERE error IS NOT NULL")
    ]
    assert len(errors) == 2
    for error in errors:
        assert "could not be rendered within 4 seconds (render_timeout_seconds)" in error
        assert ": Page 1 of the file could not" in error  # never the archive's sha256 name
        assert "the original is kept in the archive" in error
    assert daemon.process is not None
    assert daemon.process.poll() is None, "the daemon must keep running"
    assert httpx.get(daemon.url("/healthz"), timeout=5).status_code == 200
    assert daemon.stop(timeout=STOP_TIMEOUT_SECONDS + 20) == 0


def _start_with_a_stuck_render(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> Daemon:
    daemon = make_daemon(tmp_path, engine, DOCVAULT_RENDER_TIMEOUT_SECONDS="600")
    daemon.start()
    running.append(daemon)  # stopped by the fixture even when the wait below fails
    endless_pdf(tmp_path / "inbox" / "endless.pdf")

    def rendering() -> bool:
        rows = database_rows(daemon, "SELECT count(*) FROM pages WHERE status = 'running'")
        return rows[0][0] == 1

    wait_for(rendering, 60, "the endless page to be rendering")
    return daemon


def test_sigterm_stops_the_daemon_and_every_child_while_a_render_is_stuck(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> None:
    daemon = _start_with_a_stuck_render(tmp_path, engine, running)
    assert len(daemon.processes()) >= 3  # the daemon and its render and inspect workers
    assert daemon.process is not None
    started = time.monotonic()
    daemon.process.send_signal(signal.SIGTERM)
    wait_for(lambda: not daemon.processes(), STOP_TIMEOUT_SECONDS + 5, "every process to end")
    assert time.monotonic() - started < STOP_TIMEOUT_SECONDS + 5
    assert daemon.process.wait(timeout=5) == 0
    # The stuck page went back to the queue: nothing is lost, it is tried at the next start.
    assert database_rows(daemon, "SELECT status FROM pages") == [("queued",)]


def test_every_child_exits_after_the_daemon_is_killed(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> None:
    daemon = _start_with_a_stuck_render(tmp_path, engine, running)
    assert daemon.process is not None
    children = [pid for pid in daemon.processes() if pid != daemon.process.pid]
    assert len(children) >= 2
    daemon.process.kill()
    daemon.process.wait(timeout=10)
    wait_for(lambda: not daemon.processes(), 10, "every orphaned child to exit")


def _status_lines(listener: NotifyListener, start: int) -> list[str]:
    return [line for line in listener.since(start) if line.startswith("STATUS=")]


def test_an_unlistable_inbox_and_an_unopenable_index_are_shown_and_recover(
    tmp_path: Path,
    engine: EngineSimulator,
    notify_socket: NotifyListener,
    running: list[Daemon],
) -> None:
    inbox = tmp_path / "inbox"
    inbox.write_text("a file where the inbox folder should be")
    data = tmp_path / "docvault-data"
    data.mkdir()
    blocker = tmp_path / "blocker"
    blocker.write_text("not a folder")
    (data / "index").symlink_to(blocker / "index")  # like a share that went away
    daemon = make_daemon(
        tmp_path, engine, NOTIFY_SOCKET=str(tmp_path / "notify"), WATCHDOG_USEC="2000000"
    )
    running.append(daemon)
    daemon.start()

    def both_troubled() -> dict[str, dict[str, Any]] | None:
        found = parts(daemon)
        ok = found["intake"]["state"] == "degraded" and found["index"]["state"] == "restarting"
        return found if ok else None

    found = wait_for(both_troubled, 60, "intake and index to report their trouble")
    assert "Inbox inbox at" in found["intake"]["detail"]
    assert "cannot be listed" in found["intake"]["detail"]
    assert "The search index folder" in found["index"]["detail"]
    assert "cannot be opened" in found["index"]["detail"]
    wait_for(
        lambda: any(
            "intake degraded: Inbox inbox" in line and "index restarting" in line
            for line in _status_lines(notify_socket, 0)
        ),
        30,
        "STATUS= to name both parts",
    )

    inbox.unlink()
    inbox.mkdir()
    (data / "index").unlink()
    healthy = {"state": "running", "detail": ""}

    def recovered() -> bool:
        found = parts(daemon)
        return all(
            {key: found[name][key] for key in healthy} == healthy for name in ("intake", "index")
        )

    wait_for(recovered, 60, "intake and index to recover")
    letter_pdf(inbox / "after.pdf", pages=1, seed=7)
    wait_for(
        lambda: daemon.cli_json("search", "Referral")["total"] == 1,
        60,
        "the letter to be searchable",
    )
    assert daemon.stop(timeout=STOP_TIMEOUT_SECONDS + 20) == 0


def test_the_watchdog_stops_while_intake_is_stuck_and_resumes_after(
    tmp_path: Path,
    engine: EngineSimulator,
    notify_socket: NotifyListener,
    running: list[Daemon],
) -> None:
    hold = tmp_path / "hold-intake"
    daemon = make_daemon(
        tmp_path,
        engine,
        NOTIFY_SOCKET=str(tmp_path / "notify"),
        WATCHDOG_USEC="1000000",  # a heartbeat every 0.5 s
        DOCVAULT_PART_STALL_SECONDS="2",
        DOCVAULT_TEST_HOLD_INTAKE=str(hold),
    )
    running.append(daemon)
    daemon.start()
    wait_for(lambda: "WATCHDOG=1" in notify_socket.since(0), 30, "the first WATCHDOG=1")

    hold.touch()
    wait_for(
        lambda: any("intake stalled" in line for line in _status_lines(notify_socket, 0)),
        30,
        "STATUS= to say that intake is stalled",
    )
    stalled_from = len(notify_socket.messages)
    # Three more heartbeats, each reporting the stall, and no WATCHDOG=1 among them.
    wait_for(
        lambda: len(_status_lines(notify_socket, stalled_from)) >= 3, 30, "three more heartbeats"
    )
    later = notify_socket.since(stalled_from)
    assert "WATCHDOG=1" not in later
    assert all("intake stalled" in line for line in later if line.startswith("STATUS="))

    hold.unlink()
    freed_from = len(notify_socket.messages)
    wait_for(lambda: "WATCHDOG=1" in notify_socket.since(freed_from), 30, "WATCHDOG=1 again")
    assert daemon.stop(timeout=STOP_TIMEOUT_SECONDS + 20) == 0


def test_metrics_and_the_status_page_answer_every_parallel_request_while_pages_finish(
    tmp_path: Path, running: list[Daemon]
) -> None:
    # A slower engine (over a second a page), so that the scrapes overlap pages finishing.
    engine = EngineSimulator(SimulatorConfig(speed=1.5, loop_fraction=0.0))
    engine.start()
    daemon = make_daemon(tmp_path, engine)
    running.append(daemon)
    daemon.start()
    # A fresh install has no account: the start-up log says how to make the first one.
    first_run = wait_for(
        lambda: [
            line for line in daemon.log.read_text().splitlines() if "no one can log in" in line
        ],
        30,
        "the start-up log to say how to make the first account",
    )
    assert "user add YOUR-NAME --admin" in first_run[0]
    client = daemon.logged_in_client()
    token = daemon.cli("user", "token", "create", "clerk", "--label", "prometheus").stdout.strip()
    for number in range(12):
        letter_pdf(tmp_path / "inbox" / f"batch-{number}.pdf", pages=3, seed=100 + number)

    def scrape(number: int) -> int:
        if number % 3 == 0:
            headers = {"Authorization": f"Bearer {token}"}
            return httpx.get(daemon.url("/metrics"), headers=headers, timeout=30).status_code
        path = "/status" if number % 3 == 1 else "/api/status"
        return client.get(path, timeout=30).status_code

    statuses: list[int] = []
    rounds_while_reading = 0
    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            for _ in range(100):
                statuses += list(pool.map(scrape, range(24)))
                rows = documents(daemon)
                if len(rows) == 12 and all(row["status"] == "done" for row in rows):
                    break
                rounds_while_reading += 1
        assert daemon.stop(timeout=STOP_TIMEOUT_SECONDS + 20) == 0
    finally:
        client.close()
        engine.stop()
    assert rounds_while_reading >= 2, "the scrapes must overlap pages being read"
    assert set(statuses) == {200}, {status: statuses.count(status) for status in set(statuses)}
    log = daemon.log.read_text()
    assert "Traceback" not in log, log


def test_a_file_name_that_is_not_utf8_is_taken_once_shown_escaped_and_searchable(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> None:
    daemon = make_daemon(tmp_path, engine)
    running.append(daemon)
    daemon.start()
    raw = os.fsencode(tmp_path / "inbox") + b"/Befund_M\xfcller.pdf"  # Latin-1, as Samba writes
    letter = letter_pdf(tmp_path / "letter.pdf", pages=1, seed=42)
    os.rename(letter, raw)

    def taken() -> list[dict[str, Any]] | None:
        rows = documents(daemon)
        return rows if rows and rows[0]["status"] == "done" else None

    rows = wait_for(taken, 60, "the file to be read")
    assert [row["file_name"] for row in rows] == ["Befund_M\\xfcller.pdf"]
    results = daemon.cli_json("search", "Referral")
    assert results["total"] == 1
    assert results["hits"][0]["file_name"] == "Befund_M\\xfcller.pdf"
    archived = [
        path for path in (tmp_path / "docvault-data" / "archive").rglob("*") if path.is_file()
    ]
    assert len(archived) == 1
    audit = database_rows(
        daemon, "SELECT detail FROM audit_events WHERE action = 'intake-raw-name'"
    )
    assert [json.loads(detail)["path_bytes_hex"] for (detail,) in audit] == [raw.hex()]
    assert not [path for path in (tmp_path / "inbox").iterdir() if path.is_file()]
    log = daemon.log.read_text()
    assert "UnicodeEncodeError" not in log
    assert "Logging error" not in log
    assert daemon.stop(timeout=STOP_TIMEOUT_SECONDS + 20) == 0
