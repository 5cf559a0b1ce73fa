"""A document of 100,000 pages in the real daemon, read by the engine simulator (issue 25).

- Over `max_pages` it is refused at intake with a sentence; the original is kept.
- Allowed (max_pages raised), it does not starve a letter dropped after it: the queue is
  fair between documents, and the letter is read within seconds.
- Deleting it while the worker reads its pages and a letter arrives: no "database is
  locked", the worker part is never restarted, the web view answers throughout.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.documents import letter_pdf
from tests.support.long_documents import long_pdf

LONG_PAGES = 100_000


@pytest.fixture(scope="module")
def long_document(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_pdf(tmp_path_factory.mktemp("long") / "whole-record.pdf", LONG_PAGES)


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        "DOCVAULT_CONCURRENCY": "8",
        **settings,
    }


def query(folder: Path, sql: str, *parameters: object) -> list[tuple[object, ...]]:
    path = folder / "docvault-data" / "docvault.sqlite3"
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return list(connection.execute(sql, parameters))
    except sqlite3.OperationalError:  # the daemon has not made the tables yet
        return []
    finally:
        connection.close()


def document(folder: Path, name: str) -> tuple[int, str, str | None, str | None] | None:
    rows = query(
        folder,
        "SELECT id, status, error_class, error FROM documents WHERE original_name = ?",
        name,
    )
    return rows[0] if rows else None  # type: ignore[return-value]


def done_pages(folder: Path, name: str) -> int:
    rows = query(
        folder,
        "SELECT COUNT(*) FROM pages p JOIN documents d ON d.id = p.document_id"
        " WHERE d.original_name = ? AND p.status = 'done'",
        name,
    )
    return int(rows[0][0]) if rows else 0  # type: ignore[call-overload]


def drop(source: Path, inbox: Path) -> None:
    """Into the inbox in one step, as a scanner's finished file appears."""
    inbox.mkdir(parents=True, exist_ok=True)
    partial = inbox.parent / f".{source.name}.part"
    shutil.copy(source, partial)
    partial.rename(inbox / source.name)


def write_lock_wait(folder: Path) -> float:
    """How long another writer waits for the database's write lock right now (seconds)."""
    path = folder / "docvault-data" / "docvault.sqlite3"
    connection = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        started = time.monotonic()
        connection.execute("BEGIN IMMEDIATE")
        waited = time.monotonic() - started
        connection.execute("ROLLBACK")
        return waited
    finally:
        connection.close()


def worker_restarts(daemon: Daemon) -> int:
    from docvault.runtime.supervisor import read_status_file

    status = read_status_file(daemon.status_file, fresh_seconds=float("inf"))
    return sum(int(part["restarts"]) for part in status["parts"] if part["name"] == "worker")


@pytest.mark.slow
def test_a_document_over_max_pages_is_refused_with_a_sentence_and_kept(
    tmp_path: Path, simulator: EngineSimulator, long_document: Path
) -> None:
    daemon = Daemon(tmp_path, **simulated(simulator))  # max_pages at its default, 2,000
    daemon.start()
    try:
        drop(long_document, tmp_path / "inbox")
        refused = wait_for(
            lambda: (row := document(tmp_path, "whole-record.pdf")) and row[1] == "failed" and row,
            120,
            "the long document to be refused",
        )
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    _, _, error_class, error = refused
    assert error_class == "too-many-pages"
    assert error == (
        "whole-record.pdf in the inbox: the file has 100,000 pages, more than the limit of "
        "2,000 (setting max_pages), so none of its pages was queued; the original is kept in "
        "the archive. Split the file into smaller documents and put them in the inbox, or "
        "raise max_pages if documents this long are expected."
    )
    assert query(tmp_path, "SELECT COUNT(*) FROM pages") == [(0,)]
    (archived,) = query(tmp_path, "SELECT archive_path FROM documents")
    original = tmp_path / "docvault-data" / str(archived[0])
    assert original.read_bytes() == long_document.read_bytes(), "the original is kept"


def _reading_the_long_document(
    tmp_path: Path, simulator: EngineSimulator, long_document: Path
) -> Daemon:
    """A daemon allowed the long document, which was dropped and whose first pages are read."""
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_MAX_PAGES=str(LONG_PAGES)))
    daemon.start()
    try:
        drop(long_document, tmp_path / "inbox")
        wait_for(lambda: done_pages(tmp_path, "whole-record.pdf") >= 5, 180, "its first pages")
    except BaseException:
        daemon.stop()
        raise
    return daemon


@pytest.mark.slow
def test_a_letter_dropped_after_a_100000_page_document_is_read_first(
    tmp_path: Path, simulator: EngineSimulator, long_document: Path
) -> None:
    letter = letter_pdf(tmp_path / "letter.pdf", 1, seed=25)
    daemon = _reading_the_long_document(tmp_path, simulator, long_document)
    try:
        drop(letter, tmp_path / "inbox")
        dropped = time.monotonic()
        wait_for(
            lambda: (row := document(tmp_path, "letter.pdf")) and row[1] == "done",
            120,
            "the letter to be read",
        )
        waited = time.monotonic() - dropped
        long_done = done_pages(tmp_path, "whole-record.pdf")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    print(f"the letter was read {waited:.1f} s after it was dropped")
    long_row = document(tmp_path, "whole-record.pdf")
    assert long_row is not None
    assert long_row[1] == "processing"
    assert long_done < LONG_PAGES // 100, "the letter did not wait for the long document"


@pytest.mark.slow
def test_deleting_a_100000_page_document_while_it_is_read_keeps_every_part_running(
    tmp_path: Path, simulator: EngineSimulator, long_document: Path
) -> None:
    letter = letter_pdf(tmp_path / "letter.pdf", 2, seed=26)
    daemon = _reading_the_long_document(tmp_path, simulator, long_document)
    try:
        client = daemon.logged_in_client()
        row = document(tmp_path, "whole-record.pdf")
        assert row is not None
        deleting = subprocess.Popen(
            [sys.executable, "-m", "docvault", "delete", str(row[0]), "--yes"],
            cwd=tmp_path,
            env=daemon.environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        drop(letter, tmp_path / "inbox")
        longest_lock_wait = 0.0
        try:
            while deleting.poll() is None:
                # Every request of a logged-in user writes (its session, the audit log).
                answer = client.get("/", timeout=60)
                assert answer.status_code == 200, answer.text
                longest_lock_wait = max(longest_lock_wait, write_lock_wait(tmp_path))
        finally:
            if deleting.poll() is None:  # a failed check above: no delete left running
                deleting.kill()
        output, errors = deleting.communicate(timeout=60)
        assert deleting.returncode == 0, errors
        wait_for(
            lambda: (row := document(tmp_path, "letter.pdf")) and row[1] == "done",
            120,
            "the letter dropped during the delete to be read",
        )
        restarts = worker_restarts(daemon)
        client.close()
    except httpx.TransportError as error:
        raise AssertionError(f"the web view stopped answering: {error}") from error
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    assert f"removed with {LONG_PAGES} page(s)" in output
    log = daemon.log.read_text()
    assert "database is locked" not in log
    assert "Traceback" not in log
    assert restarts == 0, "the worker part never failed"
    # One transaction for the whole delete held the lock past the 30 s busy timeout; short
    # ones keep every wait far below it (under 2 s here, with room for a loaded CI machine).
    assert longest_lock_wait < 10, f"a writer waited {longest_lock_wait:.1f} s for the lock"
    assert document(tmp_path, "whole-record.pdf") is None
    assert query(
        tmp_path, "SELECT COUNT(*) FROM pages p JOIN documents d ON d.id = p.document_id"
    ) == [(2,)]
    assert query(tmp_path, "SELECT COUNT(*) FROM pages") == [(2,)], "no page row left behind"
