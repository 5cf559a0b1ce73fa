"""Backups while the database is written, restore, retention and the archive's reconciliation."""

from __future__ import annotations

import getpass
import shutil
import sqlite3
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine

from docvault import backup, records
from docvault.archive import archive_file
from docvault.db import read_session, write_transaction
from docvault.errors import DatabaseError
from docvault.models import Document


def add_document(database: Engine, data_dir: Path, source: Path) -> int:
    archived = archive_file(source, data_dir)
    with write_transaction(database) as session:
        row = Document(
            sha256=archived.sha256,
            original_name=source.name,
            inbox="inbox",
            original_path=str(source),
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
        )
        session.add(row)
        session.flush()
        return int(row.id or 0)


def document_count(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("SELECT count(*) FROM documents").fetchone()[0])
    finally:
        connection.close()


def test_backup_taken_while_writing_opens_and_passes_integrity_check(
    database: Engine, tmp_path: Path
) -> None:
    data_dir = tmp_path / "data"
    writing = threading.Event()
    stop = threading.Event()

    def write_documents() -> None:
        number = 0
        while not stop.is_set():
            number += 1
            with write_transaction(database) as session:
                session.add(
                    Document(
                        sha256=f"{number:064x}",
                        original_name=f"fax-{number}.pdf",
                        inbox="fax",
                        original_path=f"/srv/fax/fax-{number}.pdf",
                        archive_path=f"archive/{number}",
                        size_bytes=number,
                    )
                )
            writing.set()

    writer = threading.Thread(target=write_documents)
    writer.start()
    try:
        assert writing.wait(10)
        copy = backup.backup_database(database, tmp_path / "backups" / "copy.sqlite3")
    finally:
        stop.set()
        writer.join()
    assert backup.integrity_problem(copy) is None
    assert 0 < document_count(copy) <= document_count(data_dir / "docvault.sqlite3")
    assert [path.name for path in copy.parent.iterdir()] == ["copy.sqlite3"]


def test_archive_snapshot_is_hard_links_with_a_manifest_sha256sum_accepts(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    data_dir = tmp_path / "data"
    add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    add_document(database, data_dir, fixtures_dir / "ocrmypdf__typewriter.png")
    snapshot = backup.backup(database, data_dir, tmp_path / "backups", include_archive=True)
    assert (snapshot.archive_files, snapshot.linked_files) == (2, 2)
    checked = subprocess.run(
        ["sha256sum", "-c", backup.MANIFEST_NAME],
        cwd=snapshot.folder,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count(": OK") == 2


def test_restore_refuses_while_the_database_is_open_then_brings_the_backup_back(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    data_dir = tmp_path / "data"
    add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    snapshot = backup.backup(database, data_dir, tmp_path / "backups", include_archive=True)
    add_document(database, data_dir, fixtures_dir / "ocrmypdf__typewriter.png")
    lost = next((data_dir / "archive").rglob("*.pdf"))
    lost.unlink()
    database.dispose()

    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            "c.execute('SELECT 1 FROM documents').fetchall(); print('open', flush=True); "
            "sys.stdin.read()",
            str(data_dir / "docvault.sqlite3"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "open\n"
        with pytest.raises(DatabaseError, match="is the docvault service running"):
            backup.restore(snapshot.folder, data_dir)
    finally:
        holder.communicate("")
    kept = backup.restore(snapshot.folder, data_dir)
    assert kept is not None
    assert document_count(data_dir / "docvault.sqlite3") == 1
    assert document_count(kept) == 2
    assert lost.is_file()


def test_a_restore_into_a_new_folder_names_no_previous_database(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    """Issue 48: `restore` into a new folder said a previous database was kept."""
    data_dir = tmp_path / "data"
    add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    snapshot = backup.backup(database, data_dir, tmp_path / "backups", include_archive=True)
    database.dispose()
    config = tmp_path / "new.toml"
    config.write_text(f'data_dir = "{tmp_path / "new"}"\ninbox = "{tmp_path / "inbox"}"\n')
    restored = subprocess.run(
        [sys.executable, "-m", "docvault", "--config", str(config), "restore",
         str(snapshot.folder)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert restored.returncode == 0, restored.stderr
    assert "previous database" not in restored.stdout
    assert f"into {tmp_path / 'new'}" in restored.stdout
    assert document_count(tmp_path / "new" / "docvault.sqlite3") == 1
    assert not list((tmp_path / "new").glob("docvault.sqlite3.before-restore-*"))
    # Issue 45: the restore is an act of a person, recorded in the log it put back.
    with sqlite3.connect(tmp_path / "new" / "docvault.sqlite3") as connection:
        rows = connection.execute(
            "SELECT user_name, action, detail FROM audit_events WHERE action = 'restore'"
        ).fetchall()
    assert [(user, action) for user, action, _ in rows] == [(f"cli:{getpass.getuser()}", "restore")]
    assert rows[0][2] == f"from {snapshot.folder}"


def test_verify_reports_changed_missing_and_orphaned_files(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    data_dir = tmp_path / "data"
    add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    changed_id = add_document(database, data_dir, fixtures_dir / "ocrmypdf__typewriter.png")
    missing_id = add_document(database, data_dir, fixtures_dir / "libtiff__testfax4.tiff")
    next((data_dir / "archive").rglob("*.png")).write_bytes(b"edited")
    next((data_dir / "archive").rglob("*.tiff")).unlink()
    orphan = data_dir / "archive" / "ab" / ("ab" * 32 + ".pdf")
    orphan.parent.mkdir(exist_ok=True)
    shutil.copy(fixtures_dir / "ocrmypdf__skew.pdf", orphan)

    findings = backup.verify_archive(database, data_dir)

    assert sorted((f.kind, f.document_id) for f in findings) == [
        ("changed", changed_id),
        ("missing", missing_id),
        ("orphaned", None),
    ]
    by_kind = {finding.kind: finding.message for finding in findings}
    assert "copy the file back from a backup" in by_kind["changed"]
    assert "Restore it from a backup" in by_kind["missing"]
    assert str(orphan) in by_kind["orphaned"]


def test_verify_tells_a_deleted_documents_leftover_original_from_a_lost_one(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    """Issue 49: a deletion's tombstone names its sha256, so an original its removal left
    behind (interrupted) is a note, not a problem: verify exits 0. An original no
    tombstone names is orphaned, as before."""
    data_dir = tmp_path / "data"
    deleted_id = add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    with read_session(database) as session:
        deleted = session.get(Document, deleted_id)
        assert deleted is not None
    leftover = data_dir / deleted.archive_path
    kept = leftover.read_bytes()
    assert records.remove_document(database, data_dir, deleted_id, actor="admin", reason="twice")
    assert not leftover.exists()
    leftover.write_bytes(kept)  # as a removal cut short between its rows and its file leaves it

    findings = backup.verify_archive(database, data_dir)
    assert [(finding.kind, finding.path) for finding in findings] == [("deleted", leftover)]
    assert "belongs to a document that was deleted" in findings[0].message
    assert backup.exit_code(findings) == backup.EXIT_ALL_WELL

    unknown = data_dir / "archive" / "ab" / ("ab" * 32 + ".pdf")
    unknown.parent.mkdir(exist_ok=True)
    shutil.copy(fixtures_dir / "ocrmypdf__skew.pdf", unknown)
    findings = backup.verify_archive(database, data_dir)
    assert sorted(finding.kind for finding in findings) == ["deleted", "orphaned"]
    assert backup.exit_code(findings) == backup.EXIT_ORPHANED


def test_the_nightly_backup_keeps_the_newest(database: Engine, tmp_path: Path) -> None:
    """When it runs is the calendar's (tests/test_scheduler.py); each run copies and prunes."""
    folder = tmp_path / "data" / "backups"
    start = datetime(2025, 3, 1, 2, 0, tzinfo=UTC)
    made = [
        backup.nightly_backup(database, folder, keep=3, now=start + timedelta(days=day)).name
        for day in range(4)
    ]
    assert made == [
        "docvault-20250301T020000Z.sqlite3",
        "docvault-20250302T020000Z.sqlite3",
        "docvault-20250303T020000Z.sqlite3",
        "docvault-20250304T020000Z.sqlite3",
    ]
    assert sorted(path.name for path in folder.iterdir()) == made[1:]


def _snapshot_with_one_document(database: Engine, tmp_path: Path, fixtures_dir: Path) -> Path:
    data_dir = tmp_path / "data"
    add_document(database, data_dir, fixtures_dir / "pymupdf__small-table.pdf")
    snapshot = backup.backup(database, data_dir, tmp_path / "backups", include_archive=True)
    database.dispose()
    return snapshot.folder


def _refused(snapshot: Path, data_dir: Path, match: str) -> None:
    before = (data_dir / "docvault.sqlite3").read_bytes()
    with pytest.raises(DatabaseError, match=match) as caught:
        backup.restore(snapshot, data_dir)
    assert "restore an older backup" in caught.value.message
    assert (data_dir / "docvault.sqlite3").read_bytes() == before  # nothing was replaced


@pytest.mark.parametrize("path", ["../../../etc/passwd", "/etc/passwd", "archive/../../x"])
def test_restore_refuses_a_backup_whose_database_names_a_file_outside_the_archive(
    database: Engine, tmp_path: Path, fixtures_dir: Path, path: str
) -> None:
    """Issue 44 (LOW): a tampered backup's row let staff download any file the service can
    read as an "original"."""
    snapshot = _snapshot_with_one_document(database, tmp_path, fixtures_dir)
    with sqlite3.connect(snapshot / backup.DATABASE_NAME) as connection:
        connection.execute("UPDATE documents SET archive_path = ?", (path,))
    _refused(snapshot, tmp_path / "data", "names the file .* not inside the data folder's archive")


def test_restore_refuses_a_symbolic_link_in_the_backups_archive(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    snapshot = _snapshot_with_one_document(database, tmp_path, fixtures_dir)
    archived = next((snapshot / "archive").rglob("*.pdf"))
    archived.unlink()
    archived.symlink_to("/etc/passwd")
    _refused(snapshot, tmp_path / "data", "holds the symbolic link archive/")


def test_restore_refuses_an_archived_file_that_does_not_match_its_sha256(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    snapshot = _snapshot_with_one_document(database, tmp_path, fixtures_dir)
    archived = next((snapshot / "archive").rglob("*.pdf"))
    archived.unlink()  # a hard link to the data folder's copy: replaced, not changed in place
    archived.write_bytes(b"%PDF-1.4 not what was archived")
    (tmp_path / "data" / archived.relative_to(snapshot)).unlink()  # the copy restore would use
    _refused(snapshot, tmp_path / "data", "does not match its sha256")
