"""Issue 29, against the real daemon: the wall clock set back an hour while it runs.

The daemon runs under libfaketime (Debian's faketime), which moves the wall clock of the
daemon's processes only, never the machine's: `FAKETIME_TIMESTAMP_FILE` names a file with
the offset, read at every clock call (`FAKETIME_NO_CACHE`), so the test sets the clock back
while the daemon runs, as `date -s` or NTP stepping a clock that ran fast would. The
monotonic clock runs on untouched (`FAKETIME_DONT_FAKE_MONOTONIC`), as with a real clock;
tests/support/monotonic_sleep.c, built here and preloaded first, keeps Python's sleeps on
that clock working under libfaketime 0.9.10 (its bug wolfcw/libfaketime#426).

Set back an hour, nothing may wait the hour: not the scheduled rescan of an inbox without
file events (the timers run on the monotonic clock), not a letter's settle time, not a page
put back with a back-off while the engine was down (its time is stored in the database),
and a login may neither outlive its idle time by the hour nor be judged by stamps from
the future: it ends, and the next login expires when it should on the new clock.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools.daemon import Daemon, log_in, wait_for
from devtools.engine_sim import EngineSimulator
from docvault.worker import BACKOFF_MAX_SECONDS
from tests.support.documents import letter_pdf

pytestmark = pytest.mark.slow

LIBFAKETIME = sorted(Path("/usr/lib").glob("*/faketime/libfaketime.so.1"))
SLEEP_FIX = Path(__file__).parent / "support" / "monotonic_sleep.c"
PASSWORD = "a long test password"
HOUR = 3600
WAIT_SECONDS = 60.0
# The engine was down while the test set the clock: the worker pauses after each failure,
# doubling to its cap, so the page is read within that pause and the reading.
READ_WAIT_SECONDS = BACKOFF_MAX_SECONDS + WAIT_SECONDS
IDLE_MINUTES = 2


def set_clock(file: Path, offset_seconds: int) -> None:
    """The daemon's wall clock from now on: the real one plus `offset_seconds` (written
    whole, so that the daemon never reads half a line)."""
    temporary = file.with_suffix(".new")
    temporary.write_text(f"{offset_seconds:+d}\n")
    os.replace(temporary, file)


@pytest.fixture
def clock_file(tmp_path: Path) -> Path:
    file = tmp_path / "faketime"
    set_clock(file, 0)
    return file


@pytest.fixture
def preload(tmp_path: Path) -> str:
    """LD_PRELOAD for the daemon: the sleep fix, built now, then libfaketime."""
    if not LIBFAKETIME:
        pytest.skip("libfaketime is not installed (apt-get install faketime; make test does)")
    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (cc) to build tests/support/monotonic_sleep.c")
    fix = tmp_path / "monotonic_sleep.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(fix), str(SLEEP_FIX)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return f"{fix} {LIBFAKETIME[0]}"


@pytest.fixture
def daemon(
    tmp_path: Path,
    clock_file: Path,
    preload: str,
    start_simulator: Callable[..., EngineSimulator],
) -> Iterator[Daemon]:
    engine = start_simulator(loop_fraction=0.0)
    started = Daemon(
        tmp_path,
        LD_PRELOAD=preload,
        FAKETIME_TIMESTAMP_FILE=str(clock_file),
        FAKETIME_NO_CACHE="1",
        FAKETIME_DONT_FAKE_MONOTONIC="1",
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_TEXT_LAYER="ocr",  # every page goes to the engine
        DOCVAULT_ORIENTATION="false",
        DOCVAULT_INDEX_BATCH_SECONDS="0.5",
        DOCVAULT_POLLING="true",  # as an SMB share: only the scheduled rescan finds files
        DOCVAULT_RESCAN_SECONDS="1",
        # Longer than any wait below, in which the test makes no request: a login must not
        # end of idleness while the test waits for the pages (it did under a loaded machine).
        DOCVAULT_WEB_SESSION_IDLE_MINUTES=str(IDLE_MINUTES),
    )
    started.engine = engine  # type: ignore[attr-defined]
    try:
        started.start()
        yield started
    finally:
        started.kill_everything()


def rows(daemon: Daemon, sql: str, *parameters: object) -> list[tuple[Any, ...]]:
    path = daemon.folder / "docvault-data" / "docvault.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return list(connection.execute(sql, parameters).fetchall())
    finally:
        connection.close()


def put_back_pages(daemon: Daemon) -> int:
    query = "SELECT count(*) FROM pages WHERE status = 'queued' AND not_before IS NOT NULL"
    return int(rows(daemon, query)[0][0])


def read_and_searchable(daemon: Daemon, client: httpx.Client, file_name: str) -> bool:
    """The letter's page is read, and the reference the engine read on it finds it."""
    found = rows(
        daemon,
        "SELECT pages.status, pages.markdown FROM pages JOIN documents "
        "ON documents.id = pages.document_id WHERE documents.original_name = ?",
        file_name,
    )
    if not found or found[0][0] != "done":
        return False
    reference = re.search(r"Reference: SIM-([0-9a-f]+)", found[0][1])
    assert reference is not None, found
    answer = client.get("/api/search", params={"q": reference.group(1)})
    assert answer.status_code == 200, answer.text
    return bool(answer.json()["total"])


def asked_to_log_in(client: httpx.Client) -> bool:
    answer = client.get("/status", follow_redirects=False)
    return answer.status_code == 303 and answer.headers["location"].startswith("/login")


def test_the_wall_clock_set_back_an_hour_freezes_nothing(daemon: Daemon, clock_file: Path) -> None:
    engine: EngineSimulator = daemon.engine  # type: ignore[attr-defined]
    client = daemon.logged_in_client("admin", PASSWORD, admin=True)
    try:
        engine.control("down")
        letter_pdf(daemon.folder / "inbox" / "before.pdf", pages=1, seed=51)
        wait_for(
            lambda: put_back_pages(daemon), WAIT_SECONDS, "the page to be put back for a while"
        )

        set_clock(clock_file, -HOUR)
        wait_for(
            lambda: "the wall clock was set back by 3600 s" in daemon.log.read_text(),
            WAIT_SECONDS,
            "the daemon to notice the clock set back",
        )
        engine.control("up")
        letter_pdf(daemon.folder / "inbox" / "after.pdf", pages=1, seed=52)

        # The login from before has stamps an hour ahead: it ends instead of lasting an hour
        # longer; a new one works.
        assert asked_to_log_in(client)
        log_in(client, "admin", PASSWORD)
        assert not asked_to_log_in(client)
        # The rescan finds the new letter, its settle time passes, and the page put back
        # before the jump is read now, not in an hour.
        wait_for(
            lambda: all(
                read_and_searchable(daemon, client, name) for name in ("before.pdf", "after.pdf")
            ),
            READ_WAIT_SECONDS,
            "both letters to be read and searchable within the hour",
        )
        # Idle for twice its idle time on the new clock: the login ends.
        set_clock(clock_file, -HOUR + 2 * IDLE_MINUTES * 60)
        assert asked_to_log_in(client)
        assert "Traceback" not in daemon.log.read_text()
    finally:
        client.close()
