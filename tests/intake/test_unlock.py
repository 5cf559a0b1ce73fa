"""A protected PDF unlocked with `docvault unlock ID`: read, found, its password kept nowhere."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from tests.support.encrypted import PASSWORD, files_containing, protected_copy

REAL = "paperless__password-is-test.pdf"  # RC4-128, user password 'test'


def _document(daemon: Daemon, name: str) -> dict[str, object]:
    documents = daemon.cli_json("documents")["documents"]
    return next(
        (document for document in documents if document["file_name"] == name), {"status": None}
    )


def _statuses(daemon: Daemon) -> set[str | None]:
    """The two letters' statuses, from the database (two `docvault documents` at every look
    took CPU from the engine being waited on)."""
    statuses = daemon.document_statuses()
    return {statuses.get(name) for name in ("referral.pdf", REAL)}


@pytest.mark.slow
def test_docvault_unlock_reads_the_pdf_and_keeps_the_password_nowhere(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    daemon = Daemon(tmp_path)
    daemon.start()
    data = tmp_path / "docvault-data"
    try:
        inbox = tmp_path / "inbox"
        protected_copy(tmp_path / "referral.pdf").rename(inbox / "referral.pdf")
        shutil.copy(fixtures_dir / REAL, inbox / REAL)
        wait_for(
            lambda: _statuses(daemon) == {"failed"},
            60,
            "both protected PDFs to be refused",
        )
        referral = _document(daemon, "referral.pdf")
        original = data / str(referral["archive_path"])
        original_bytes = original.read_bytes()
        assert "protected by a password" in str(referral["error"])

        wrong = daemon.cli("unlock", str(referral["id"]), check=False, input_text="guess\n")
        assert wrong.returncode == 1
        assert "The password does not open document" in wrong.stderr
        assert "nothing was changed" in wrong.stderr
        assert _document(daemon, "referral.pdf")["status"] == "failed"

        done = daemon.cli("unlock", str(referral["id"]), input_text=f"{PASSWORD}\n")
        assert "3 page(s) queued" in done.stdout
        real = _document(daemon, REAL)
        daemon.cli("unlock", str(real["id"]), input_text="test\n")
        wait_for(
            lambda: _statuses(daemon) == {"done"},
            120,
            "the unlocked pages to be read",
        )
        found = wait_for(
            lambda: daemon.cli_json("search", '"multi page document"')["hits"], 30, "the index"
        )
        protected = wait_for(
            lambda: daemon.cli_json("search", '"password protected"')["hits"], 30, "the index"
        )
        again = daemon.cli("unlock", str(referral["id"]), check=False, input_text=f"{PASSWORD}\n")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    assert {hit["file_name"] for hit in found} == {"referral.pdf"}
    assert [hit["file_name"] for hit in protected] == [REAL]
    assert again.returncode == 1
    assert "is not a password-protected PDF waiting to be unlocked" in again.stderr
    # The original is untouched; the unlocked copy lies beside it in the archive.
    assert original.read_bytes() == original_bytes
    assert hashlib.sha256(original_bytes).hexdigest() == original.stem
    rows = sqlite3.connect(data / "docvault.sqlite3")
    try:
        (unlocked_path,) = rows.execute(
            "SELECT unlocked_path FROM documents WHERE original_name = 'referral.pdf'"
        ).fetchone()
        audit = rows.execute("SELECT user_name, action, detail FROM audit_events").fetchall()
    finally:
        rows.close()
    assert (data / unlocked_path).parent.parent == original.parent.parent
    assert unlocked_path != referral["archive_path"]
    assert [event[1:] for event in audit if event[1] == "unlock"] == [
        ("unlock", "referral.pdf: 3 page(s) queued"),
        ("unlock", f"{REAL}: 1 page(s) queued"),
    ]
    # The password is in no log, database file (WAL included), audit entry or archive file,
    # nor in the output of the commands.
    assert PASSWORD not in daemon.log.read_text()
    assert files_containing(tmp_path, PASSWORD) == []
    assert PASSWORD not in done.stdout + done.stderr + again.stdout + again.stderr
