"""`docvault verify`, the nightly check (issue 29): an unlocked PDF and the files derived from
the originals are no problem; a missing or changed archived file is, and is named."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from sqlmodel import select

from docvault import db, derived, records
from docvault.intake.folders import Intake
from docvault.models import Document
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import InboxSettings

LOCKED = "paperless__password-is-test.pdf"  # RC4-128, user password 'test'
PLAIN = "pymupdf__small-table.pdf"


def docvault(folder: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m docvault ARGUMENTS` in `folder`, as an admin (or a timer) runs it."""
    return subprocess.run(
        [sys.executable, "-m", "docvault", *arguments],
        cwd=folder,
        env={**os.environ, "DOCVAULT_CONFIG": "", "DOCVAULT_INBOX": str(folder / "inbox")},
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
    )


def take_in(folder: Path, fixtures_dir: Path, *names: str) -> dict[str, Document]:
    """The fixtures dropped into ./inbox and taken in by the real intake: their documents."""
    inbox = folder / "inbox"
    inbox.mkdir(parents=True, exist_ok=True)
    for name in names:
        shutil.copy(fixtures_dir / name, inbox / name)

    def inspect_real(path: Path) -> tuple[int, str]:
        info = inspect_document(path, RenderOptions())
        return info.page_count, info.kind

    database = db.open_database(folder / "docvault-data" / "docvault.sqlite3")
    try:
        intake = Intake(
            database,
            folder / "docvault-data",
            (InboxSettings("fax", inbox, settle_seconds=0.0),),
            inspect_real,
            empty_grace_seconds=0.0,
            clock=lambda: 0.0,
        )
        intake.scan()
        while intake.tick():
            pass
        with db.read_session(database) as session:
            rows = session.exec(select(Document)).all()
        return {row.original_name: row for row in rows}
    finally:
        database.dispose()


def unlocked(folder: Path, fixtures_dir: Path) -> Document:
    """The protected fixture taken in, refused, and unlocked with `docvault unlock`."""
    refused = take_in(folder, fixtures_dir, LOCKED, PLAIN)[LOCKED]
    assert records.waits_for_password(refused), refused.error
    answer = docvault(folder, "unlock", str(refused.id), stdin="test\n")
    assert answer.returncode == 0, answer.stderr
    document = take_in(folder, fixtures_dir)[LOCKED]
    assert document.unlocked_path is not None
    assert (folder / "docvault-data" / document.unlocked_path).is_file()
    return document


def test_verify_after_a_real_unlock_exits_0(tmp_path: Path, fixtures_dir: Path) -> None:
    unlocked(tmp_path, fixtures_dir)

    answer = docvault(tmp_path, "verify")

    assert answer.returncode == 0, answer.stdout
    assert answer.stdout.strip() == "0 problem(s) found"


def test_verify_fails_naming_a_removed_or_changed_archived_file(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    document = unlocked(tmp_path, fixtures_dir)
    data = tmp_path / "docvault-data"
    original = data / document.archive_path
    copy = data / str(document.unlocked_path)

    original.unlink()
    removed = docvault(tmp_path, "verify")
    shutil.copy(fixtures_dir / LOCKED, original)
    copy.write_bytes(copy.read_bytes() + b"\n% edited\n")
    changed = docvault(tmp_path, "verify")

    assert removed.returncode == 1, removed.stdout
    assert f"its original {original} is missing" in removed.stdout
    assert "1 problem(s) found" in removed.stdout
    assert changed.returncode == 1, changed.stdout
    assert f"its unlocked copy {copy} no longer matches its sha256" in changed.stdout
    assert "1 problem(s) found" in changed.stdout


def test_searchable_pdfs_and_page_images_are_never_a_problem(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    document = unlocked(tmp_path, fixtures_dir)
    data = tmp_path / "docvault-data"
    kept = derived.searchable_pdf_path(data, document.sha256, "0123abcd")
    gone_sha256 = "ab" * 32  # a deleted document's original
    gone = derived.searchable_pdf_path(data, gone_sha256, "4567cdef")
    gone_image = derived.page_image_path(data, gone_sha256, 1, "settings")
    for path in (kept, gone):
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(data / str(document.unlocked_path), path)
    # An archive copy that is not a PDF/A has its note beside it: the same original's folder.
    gone_note = derived.not_pdfa_note_path(gone)
    gone_note.write_text("It is not a PDF/A-2b: ...")
    gone_image.parent.mkdir(parents=True)
    gone_image.write_bytes(b"\x89PNG\r\n\x1a\n")
    # An unlock's scratch folder: one left by a crash long ago, one of an unlock running now.
    crashed, running = data / "tmp" / "tmpcrashed", data / "tmp" / "tmprunning"
    for folder in (crashed, running):
        folder.mkdir(parents=True)
        (folder / "unlocked.pdf").write_bytes(b"%PDF-1.7")
    two_hours_ago = time.time() - 2 * 3600
    os.utime(crashed, (two_hours_ago, two_hours_ago))

    listed = docvault(tmp_path, "verify")
    removing = docvault(tmp_path, "verify", "--remove-reclaimable")
    after = docvault(tmp_path, "verify")

    assert listed.returncode == 0, listed.stdout
    assert "0 problem(s) found" in listed.stdout
    assert f"{gone.parent} can be removed" in listed.stdout
    assert f"{gone_image.parent} can be removed" in listed.stdout
    assert f"{crashed} can be removed (an unlock's scratch folder left by a crash" in listed.stdout
    assert str(kept) not in listed.stdout
    assert str(running) not in listed.stdout
    assert "3 derived or leftover file(s) reclaimable (not a problem)" in listed.stdout
    assert removing.returncode == 0, removing.stdout
    assert not gone.exists()
    assert not gone_note.exists()
    assert not gone_image.exists()
    assert not crashed.exists()
    assert running.is_dir()
    assert kept.is_file()
    assert after.returncode == 0
    assert after.stdout.strip() == "0 problem(s) found"


def test_an_archive_file_of_no_document_exits_3(tmp_path: Path, fixtures_dir: Path) -> None:
    take_in(tmp_path, fixtures_dir, PLAIN)
    stray = tmp_path / "docvault-data" / "archive" / "ab" / ("ab" * 32 + ".pdf")
    stray.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(fixtures_dir / LOCKED, stray)

    answer = docvault(tmp_path, "verify")

    assert answer.returncode == 3, answer.stdout
    assert f"{stray} is in the archive but no document refers to it" in answer.stdout
