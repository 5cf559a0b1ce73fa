"""Intake under the faults a real server sees, with the real daemon and the engine simulator."""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
import time
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.documents import letter_pdf, manifest

# What each MANIFEST category must become: a document whose pages are read, or a failed
# document with this error code (docvault.errors: stored with the document).
EXPECTED_FAILURES = {
    "paperless__password-is-test.pdf": "encrypted-document",
    "ocrmypdf__invalid.pdf": "corrupt-document",
    "pdfjs__bug1020226.pdf": "corrupt-document",
    "pillow__truncated_image.png": "corrupt-document",
    "ocrmypdf__zero_byte.pdf": "empty-file",
    "paperless__simple.txt": "unsupported-format",
    "paperless__sample.docx": "unsupported-format",
    "pillow__fli_overrun.exe": "unsupported-format",
}
FAILING_CATEGORIES = {"encrypted", "corrupt", "zero_byte", "non_document"}


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        **settings,
    }


def inbox_is_empty(inbox: Path) -> bool:
    return not [path for path in inbox.iterdir() if path.is_file()]


def all_settled(daemon: Daemon, inbox: Path) -> bool:
    """Nothing left in the inbox and no page queued or running (read straight from SQLite:
    polling the CLI would cost a process start per look)."""
    if not inbox_is_empty(inbox):
        return False
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as database:
        (unfinished,) = database.execute(
            "SELECT COUNT(*) FROM pages WHERE status IN ('queued', 'running')"
        ).fetchone()
    return bool(unfinished == 0)


def archived_bytes(data_dir: Path) -> dict[str, bytes]:
    files = [path for path in (data_dir / "archive").rglob("*") if path.is_file()]
    return {hashlib.sha256(path.read_bytes()).hexdigest(): path.read_bytes() for path in files}


@pytest.mark.slow
def test_every_real_fixture_is_read_or_refused_with_its_specific_error(
    tmp_path: Path, fixtures_dir: Path, simulator: EngineSimulator
) -> None:
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_EMPTY_GRACE_SECONDS="1"))
    daemon.start()
    rows = manifest()
    inbox = tmp_path / "inbox"
    try:
        for name in rows:
            shutil.copy(fixtures_dir / name, inbox / name)
        wait_for(lambda: all_settled(daemon, inbox), 240, "every fixture to be taken and read")
        assert daemon.process is not None
        assert daemon.process.poll() is None
        documents = {row["file_name"]: row for row in daemon.cli_json("documents")["documents"]}
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    assert sorted(documents) == sorted(rows)
    for name, row in rows.items():
        document = documents[name]
        if name in EXPECTED_FAILURES:
            assert row["category"] in FAILING_CATEGORIES
            assert (document["status"], document["error_code"]) == (
                "failed",
                EXPECTED_FAILURES[name],
            ), name
            assert name in document["error"], "the sentence names the file"
        elif row["category"] == "handwriting":
            # Handwriting is read but may not be read whole: the coverage check can find ink
            # the engine gave no text for, and then the document asks for attention.
            assert document["status"] in ("done", "attention"), name
            assert document["page_counts"]["total"] == int(row["pages"]), name
        else:
            assert (document["status"], document["page_counts"]["total"]) == (
                "done",
                int(row["pages"]),
            ), name
    kept = archived_bytes(tmp_path / "docvault-data")
    for name, row in rows.items():
        assert kept[row["sha256"]] == (fixtures_dir / name).read_bytes(), name
    quarantined = sorted(path.name for path in (inbox / "quarantine").rglob("*") if path.is_file())
    assert quarantined == sorted(EXPECTED_FAILURES)


@pytest.mark.slow
def test_sigkill_at_random_moments_loses_nothing_and_reads_nothing_twice(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    chooser = random.Random(20261130)
    originals = {
        letter_pdf(source / f"letter-{number:03}.pdf", chooser.randint(1, 3), number)
        for number in range(60)  # ten kills over six files each: intake, OCR and idle all hit
    }
    expected_pages = {path.name: len(_pdf_pages(path)) for path in originals}
    daemon = Daemon(tmp_path, **simulated(simulator))
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    batches = [sorted(originals)[start::10] for start in range(10)]
    for batch in batches:
        for path in batch:
            shutil.copy(path, inbox / path.name)
        daemon.start()
        # A random moment: sometimes mid-intake, sometimes mid-OCR, sometimes idle.
        time.sleep(chooser.uniform(0.2, 2.5))
        daemon.kill()
    daemon.start()
    try:
        wait_for(lambda: all_settled(daemon, inbox), 240, "every file to be read after the kills")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    database = sqlite3.connect(tmp_path / "docvault-data" / "docvault.sqlite3")
    documents = dict(database.execute("SELECT original_name, sha256 FROM documents"))
    assert sorted(documents) == sorted(path.name for path in originals)
    assert database.execute("SELECT COUNT(*) FROM duplicates").fetchone() == (0,)
    per_document = dict(
        database.execute(
            "SELECT d.original_name, COUNT(*) FROM pages p JOIN documents d ON d.id = p.document_id"
            " WHERE p.status = 'done' GROUP BY d.id"
        )
    )
    assert per_document == expected_pages
    attempts = database.execute(
        "SELECT p.id, COUNT(a.id) FROM pages p LEFT JOIN attempts a ON a.page_id = p.id"
        " GROUP BY p.id"
    ).fetchall()
    assert {count for _, count in attempts} == {1}, "every page read exactly once"
    kept = archived_bytes(tmp_path / "docvault-data")
    assert len(kept) == len(originals)
    for path in originals:
        assert kept[documents[path.name]] == path.read_bytes()
    processed = sorted(path.name for path in (inbox / "processed").rglob("*") if path.is_file())
    assert processed == sorted(path.name for path in originals)


def _pdf_pages(path: Path) -> list[int]:
    import pymupdf

    with pymupdf.open(path) as document:
        return list(range(document.page_count))


@pytest.mark.slow
def test_files_placed_while_down_or_without_events_are_taken_by_the_rescan(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    letter_pdf(inbox / "while-down.pdf", 1, 1)
    daemon = Daemon(
        tmp_path, **simulated(simulator, DOCVAULT_POLLING="true", DOCVAULT_RESCAN_SECONDS="2")
    )
    daemon.start()
    try:
        wait_for(lambda: inbox_is_empty(inbox), 60, "the file placed while down to be taken")
        letter_pdf(inbox / "no-event.pdf", 1, 2)  # polling only: no observer sees this
        wait_for(lambda: inbox_is_empty(inbox), 60, "the rescan to take the file")
        names = {row["file_name"] for row in daemon.cli_json("documents")["documents"]}
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert names == {"while-down.pdf", "no-event.pdf"}


@pytest.mark.slow
def test_the_same_bytes_in_two_inboxes_are_one_document_and_a_duplicate(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    config = tmp_path / "docvault.toml"
    config.write_text(
        '[[inboxes]]\nname = "fax"\npath = "fax"\n[[inboxes]]\nname = "scanner"\npath = "scanner"\n'
    )
    for folder in ("fax", "scanner"):
        (tmp_path / folder).mkdir()
    letter = letter_pdf(tmp_path / "letter.pdf", 2, 7)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        shutil.copy(letter, tmp_path / "fax" / "referral.pdf")
        wait_for(lambda: inbox_is_empty(tmp_path / "fax"), 60, "the fax to be taken")
        shutil.copy(letter, tmp_path / "scanner" / "scan-0001.pdf")
        wait_for(lambda: inbox_is_empty(tmp_path / "scanner"), 60, "the scan to be taken")
        wait_for(lambda: all_settled(daemon, tmp_path / "fax"), 60, "the pages to be read")
        rows = daemon.cli_json("documents")["documents"]
        pages = daemon.cli_json("status")["pages"]
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    (first,) = rows  # the second arrival is one of the document's duplicates, not a document
    assert (first["file_name"], first["inbox"], first["status"]) == ("referral.pdf", "fax", "done")
    assert [(copy["file_name"], copy["inbox"]) for copy in first["duplicates"]] == [
        ("scan-0001.pdf", "scanner")
    ]
    assert pages["done"] == 2, "the duplicate is not read a second time"
