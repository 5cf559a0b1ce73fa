"""Issue 25, finding 3, against the real daemon: `docvault unlock` of a protected PDF whose
name is 250 bytes long (a MuPDF traceback before: the decrypted copy's name was built from
the original's and was too long for the file system); a wrong try is in the audit log."""

from __future__ import annotations

import getpass
import sqlite3
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from tests.support.encrypted import PASSWORD, files_containing, protected_copy

LONG_NAME = "Überweisung Kardiologie " + "Befund-" * 31 + "Ende.pdf"  # 249 characters


def _document(daemon: Daemon) -> dict[str, object]:
    documents = daemon.cli_json("documents")["documents"]
    found = [document for document in documents if document["file_name"] == LONG_NAME]
    return found[0] if found else {"status": None}


def _status(daemon: Daemon) -> str | None:
    """The PDF's status, from the daemon's database (a `docvault documents` at every look
    took the CPU from the engine being waited on)."""
    return daemon.document_statuses().get(LONG_NAME)


@pytest.mark.slow
def test_docvault_unlock_opens_a_protected_pdf_with_a_long_name(tmp_path: Path) -> None:
    assert len(LONG_NAME.encode()) == 250
    daemon = Daemon(tmp_path)
    daemon.start()
    try:
        protected_copy(tmp_path / "referral.pdf").rename(tmp_path / "inbox" / LONG_NAME)
        wait_for(lambda: _status(daemon) == "failed", 60, "the PDF to be refused")
        document_id = str(_document(daemon)["id"])
        wrong = daemon.cli("unlock", document_id, check=False, input_text="guess\n")
        done = daemon.cli("unlock", document_id, check=False, input_text=f"{PASSWORD}\n")
        wait_for(lambda: _status(daemon) == "done", 120, "the unlocked pages read")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert wrong.returncode == 1
    assert "The password does not open document" in wrong.stderr
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr + wrong.stderr
    assert "3 page(s) queued" in done.stdout
    rows = sqlite3.connect(tmp_path / "docvault-data" / "docvault.sqlite3")
    try:
        audit = rows.execute(
            "SELECT user_name, action, via FROM audit_events WHERE action LIKE 'unlock%' "
            "ORDER BY id"
        ).fetchall()
    finally:
        rows.close()
    assert [action for _, action, _ in audit] == ["unlock failed", "unlock"]
    # A command's acts are the system user's, as every command records them, wrong tries
    # too, each saying it came through the command line (issue 45).
    assert {(user, via) for user, _, via in audit} == {(f"cli:{getpass.getuser()}", "cli")}
    assert files_containing(tmp_path, PASSWORD) == []
