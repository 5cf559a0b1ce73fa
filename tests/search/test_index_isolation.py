"""Issue 25: the index writer fails the one document it cannot index, never all of them.

A date of birth confirmed as "1961-13-01" before facts were checked (written straight into
the database, as such a confirmation would be) made every drain fail, every two seconds,
so no page of any document became searchable again. Now the document is left out with a
sentence (the problems page, the status page), keeps its outbox rows and what the index had
of it, is tried again once its facts are corrected, and every other document is indexed.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from click.testing import CliRunner

from devtools.daemon import wait_for
from docvault import db, records
from docvault.cli import main
from docvault.db import write_transaction
from docvault.errors import SearchIndexError
from docvault.facts import store
from docvault.search import outbox, rebuild_from_database, search, tantivy_schema
from docvault.search import writer as index_writer
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter, drain_index
from tests.support.index_writer import ServedWriter
from tests.support.liveserver import LiveServer
from tests.support.webarchive import NURSE, WebArchive

NEW_LETTER = """Praxis Dr. Lindqvist

Befund: Zebrafischallergie, Therapie mit Quetiapin.
"""
FLUSH_SECONDS = 20


def _sql(archive: WebArchive, statement: str, *parameters: Any) -> list[tuple[Any, ...]]:
    with sqlite3.connect(archive.database.url.database or "") as connection:
        return list(connection.execute(statement, parameters))


def _confirm_bad_date(archive: WebArchive, document_id: int) -> None:
    """A date of birth confirmed before the checks existed, and its pages in the outbox as
    the confirmation put them there."""
    _sql(
        archive,
        "UPDATE document_facts SET confirmed = '1961-13-01', confirmed_by = 'nurse', "
        "confirmed_at = '2026-11-20 10:00:00' WHERE document_id = ? AND field = 'born'",
        document_id,
    )
    _sql(
        archive,
        "INSERT INTO index_outbox (page_id, document_id, action, created_at) SELECT id, "
        "document_id, 'upsert', '2026-11-20 10:00:00' FROM pages WHERE document_id = ?",
        document_id,
    )


def _found(archive: WebArchive, query: str) -> set[int]:
    archive.index.reopen()
    results = search(archive.database, archive.index, query, 1, 100)
    return {document.document_id for document in results.documents}


def _drain(archive: WebArchive) -> ServedWriter:
    writer = ServedWriter(archive.database, archive.index, batch_size=100, batch_seconds=0.05)
    writer.start()
    try:
        assert writer.flush(timeout=FLUSH_SECONDS), "the index outbox was not drained"
    finally:
        writer.stop()
    return writer


def _outbox_documents(archive: WebArchive) -> set[int]:
    return {row[0] for row in _sql(archive, "SELECT document_id FROM index_outbox")}


@pytest.fixture
def letters(archive: WebArchive) -> tuple[int, int]:
    """Two letters with facts, indexed; then one of them gets a bad date confirmed."""
    bad = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    good = add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    drain_index(archive)
    _confirm_bad_date(archive, bad)
    return bad, good


def test_a_bad_date_leaves_only_its_document_out_and_says_why(
    archive: WebArchive, letters: tuple[int, int]
) -> None:
    bad, good = letters
    later = add_letter(archive, "paperless__multi-page-images.tiff", NEW_LETTER)
    writer = _drain(archive)

    assert _found(archive, "zebrafischallergie") == {later}, "pages after it are indexed"
    assert _found(archive, "patient:smith") == {good}
    # What the index had of the document stays searchable meanwhile.
    assert _found(archive, "patient:mustermann") == {bad}
    [(document_id, code, problem)] = _sql(
        archive, "SELECT document_id, code, problem FROM index_problems"
    )
    assert (document_id, code) == (bad, "document-not-indexable")
    assert f"Document {bad} (pymupdf__small-table.pdf)" in problem
    assert "'1961-13-01'" in problem
    assert "Correct it in the document's facts panel" in problem
    assert _outbox_documents(archive) == {bad}, "its rows wait for the correction"
    assert writer.trouble is not None
    assert "1 document(s) cannot be indexed" in writer.trouble

    with write_transaction(archive.database) as session:
        store.confirm(session, bad, "born", "nurse", "12.03.1961")
    _drain(archive)
    assert _found(archive, "born:1961-03-12") == {bad}
    assert _sql(archive, "SELECT * FROM index_problems") == []
    assert _outbox_documents(archive) == set()


def test_a_rebuild_completes_without_the_document_and_reindex_names_it(
    archive: WebArchive, letters: tuple[int, int]
) -> None:
    bad, good = letters
    _sql(archive, "DELETE FROM index_outbox")  # a reindex must find it on its own
    runner = CliRunner()
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    answer = runner.invoke(main, ["reindex"], env=env)
    assert answer.exit_code == 0, answer.output
    assert "rebuilt with" in answer.output
    assert "1 document(s) left out of the index" in answer.output
    assert f"skipped: Document {bad} (pymupdf__small-table.pdf)" in answer.output
    assert _found(archive, "patient:smith") == {good}
    assert _found(archive, "mustermann") == set(), "left out of the new index"
    assert _outbox_documents(archive) == {bad}, "to be indexed once it can be"
    status = runner.invoke(main, ["status"], env=env)
    assert f"skipped: Document {bad}" in status.output

    with write_transaction(archive.database) as session:
        store.confirm(session, bad, "born", "nurse", "1961-03-12")
    assert rebuild_from_database(archive.database, archive.index.directory) > 0
    assert _found(archive, "patient:mustermann") == {bad}
    assert _sql(archive, "SELECT * FROM index_problems") == []


def test_a_document_the_index_refuses_fails_alone(
    archive: WebArchive, letters: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, good = letters
    _sql(archive, "DELETE FROM index_outbox")
    _sql(archive, "UPDATE document_facts SET confirmed = NULL, confirmed_at = NULL")
    refused = add_letter(archive, "paperless__multi-page-images.tiff", NEW_LETTER)
    with write_transaction(archive.database) as session:
        store.confirm(session, good, "title", "nurse", "Arztbrief Lungenfunktion")
    original = index_writer.entry_fields

    def refusing(entry: Any) -> dict[str, Any]:
        if entry.document_id == refused:
            raise ValueError("a field value the index cannot take")  # stands in for any such
        return original(entry)

    # Each engine makes a page's fields with it (Tantivy's documents are made of them).
    monkeypatch.setattr(index_writer, "entry_fields", refusing)
    monkeypatch.setattr(tantivy_schema, "entry_fields", refusing)
    _drain(archive)
    assert _found(archive, 'title:"arztbrief lungenfunktion"') == {good}
    assert _found(archive, "zebrafischallergie") == set()
    [(document_id, problem)] = _sql(archive, "SELECT document_id, problem FROM index_problems")
    assert document_id == refused
    assert "ValueError: a field value the index cannot take" in problem
    assert _outbox_documents(archive) == {refused}

    # A rebuild leaves it out the same way, and completes.
    pages = rebuild_from_database(archive.database, archive.index.directory)
    others = _sql(
        archive,
        "SELECT COUNT(*) FROM pages WHERE status IN ('done', 'looped') AND document_id != ?",
        refused,
    )
    assert pages == others[0][0], "every page but its own"
    assert _found(archive, 'title:"arztbrief lungenfunktion"') == {good}
    assert [row[0] for row in _sql(archive, "SELECT document_id FROM index_problems")] == [refused]


def test_a_writer_that_keeps_failing_shows_and_stalls_only_for_a_bug(
    archive: WebArchive, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    writer = ServedWriter(archive.database, archive.index, batch_size=100, batch_seconds=0.05)

    def locked(self: Any, upserts: Any, deletes: Any) -> None:
        raise SearchIndexError("The search index is locked by another writer.")

    monkeypatch.setattr(index_writer.FolderWriter, "apply", locked)
    writer.start()
    try:
        trouble = wait_for(lambda: writer.trouble, 30, "the writer to report its failures")
        assert "The index writer has failed" in trouble
        assert "locked by another writer" in trouble
        assert writer.liveness(0.0) is None, "an admin must fix it: degraded, not stalled"

        def broken(database: Any, page_ids: Any) -> None:
            raise RuntimeError("a bug in the writer")

        monkeypatch.setattr(outbox, "entries_for", broken)  # before any one document
        writer.drain_now()
        stalled = wait_for(lambda: writer.liveness(0.0), 30, "the writer to count as stalled")
        assert "RuntimeError: a bug in the writer" in stalled
        monkeypatch.undo()
        assert writer.flush(timeout=FLUSH_SECONDS)
        assert writer.liveness(0.0) is None
    finally:
        writer.stop()
    assert writer.trouble is None


# --- what the web view shows ------------------------------------------------------------


@pytest.fixture
def client(archive: WebArchive) -> Iterator[httpx.Client]:
    server = LiveServer(archive)
    base = server.start()
    try:
        with httpx.Client(base_url=base, follow_redirects=False, timeout=30) as client:
            form = client.get("/login").text
            token = re.search(r'name="csrf_token" value="([^"]+)"', form)
            assert token is not None
            login = {"name": NURSE[0], "password": NURSE[1], "csrf_token": token.group(1)}
            assert client.post("/login", data={**login, "next": "/"}).status_code == 303
            yield client
    finally:
        server.stop()


def test_the_problems_and_status_pages_name_the_document_left_out(
    archive: WebArchive, letters: tuple[int, int], client: httpx.Client, tmp_path: Path
) -> None:
    bad, _ = letters
    _drain(archive)
    problems = client.get("/problems").text
    table = re.search(r'<table class="index-problems".*?</table>', problems, re.S)
    assert table is not None
    assert f'<tr data-document-id="{bad}">' in table.group()
    assert "pymupdf__small-table.pdf" in table.group()
    assert "not a real calendar day" in table.group()
    status = client.get("/status").text
    left_out = re.search(r'<dd id="index-left-out"[^>]*>(\d+)', status)
    assert left_out is not None
    assert left_out.group(1) == "1"
    assert f'<li data-document-id="{bad}">' in status
    assert client.get("/api/status").json()["index"]["left_out"] == 1


def test_the_index_problems_table_comes_and_goes_with_its_revision(tmp_path: Path) -> None:
    database = db.make_engine(tmp_path / "docvault.sqlite3")
    config = db._alembic_config(database)
    command.upgrade(config, "0008_claim_order")
    db.upgrade(database)
    with sqlite3.connect(tmp_path / "docvault.sqlite3") as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(index_problems)")]
    assert columns == [
        "id", "document_id", "code", "problem", "failures", "first_failed_at",
        "last_failed_at", "retry_at",
    ]  # fmt: skip
    command.downgrade(config, "0008_claim_order")
    with sqlite3.connect(tmp_path / "docvault.sqlite3") as connection:
        assert not list(connection.execute("PRAGMA table_info(index_problems)"))
    database.dispose()


def test_a_letter_left_out_and_then_deleted_leaves_search_at_once(
    archive: WebArchive, letters: tuple[int, int]
) -> None:
    bad, good = letters
    _drain(archive)
    assert _found(archive, "patient:mustermann") == {bad}  # what the index had of it
    records.delete_document(archive.database, bad)
    _drain(archive)  # its removal does not wait for the document's next try
    assert _found(archive, "patient:mustermann") == set()
    assert _found(archive, "patient:smith") == {good}
    assert _sql(archive, "SELECT * FROM index_problems") == []
    assert _outbox_documents(archive) == set()
