"""Error codes: chosen once, stored with failed documents, never derived from a class name."""

from __future__ import annotations

import inspect
import shutil
import sqlite3
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import Engine

from docvault import db, errors
from docvault.intake.folders import Intake
from docvault.records.document_json import Audience, describe_all
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import InboxSettings
from docvault.web import queries

# Every error class and its code. A code is stored in the database and shown to scripts
# (`docvault documents --json`, `/metrics`): renaming a class must leave it as it is, and
# changing one here needs a migration like 0005_error_codes.
CODES: dict[type[errors.DocvaultError], str] = {
    errors.DocvaultError: "docvault-error",
    errors.ConfigError: "config-invalid",
    errors.UnknownProfile: "unknown-profile",
    # A part the supervisor could not keep running (issue 30).
    errors.PartFailed: "part-failed",
    errors.DatabaseError: "database-unusable",
    errors.IntakeError: "intake-failed",
    errors.FileNotReady: "file-not-ready",
    errors.EmptyFile: "empty-file",
    errors.FileVanished: "file-vanished",
    errors.RenderError: "render-failed",
    errors.EncryptedDocument: "encrypted-document",
    errors.CorruptDocument: "corrupt-document",
    errors.UnsupportedFormat: "unsupported-format",
    errors.ImageTooLarge: "image-too-large",
    errors.RenderTimedOut: "render-timed-out",
    errors.RenderCrashed: "render-crashed",
    errors.PageDamaged: "page-damaged",
    errors.TooManyPages: "too-many-pages",
    errors.OcrError: "ocr-failed",
    errors.EngineUnavailable: "engine-unavailable",
    errors.EngineTimeout: "engine-timed-out",
    errors.EngineConfigurationError: "engine-misconfigured",
    errors.EngineRequestRejected: "engine-request-rejected",
    errors.ReadingDoubtful: "reading-doubtful",
    errors.SearchIndexError: "search-index-unusable",
    errors.QuerySyntaxError: "query-not-understood",
    errors.AuthError: "not-allowed",
    errors.RequestTooLarge: "request-too-large",
    errors.RateLimited: "rate-limited",
    errors.DocumentNotIndexable: "document-not-indexable",
    errors.FactRefused: "fact-refused",
    errors.RegisterRefused: "register-refused",
    # Intake refusals (issue 25).
    errors.FileRefused: "file-refused",
    errors.LinkRefused: "link-refused",
    errors.NotARegularFile: "not-a-regular-file",
    errors.FileTooLarge: "file-too-large",
    errors.HiddenFileIgnored: "hidden-file-ignored",
    # Mail intake (issue 31).
    errors.MailError: "mail-failed",
    errors.MailServerUnreachable: "mail-server-unreachable",
    errors.MailLoginRefused: "mail-login-refused",
    errors.MailPasswordFileRefused: "mail-password-file-refused",
    errors.MailFolderMissing: "mail-folder-missing",
    errors.MailNoReadableAttachment: "mail-no-readable-attachment",
    errors.MailEncrypted: "mail-encrypted",
    errors.MailMalformed: "mail-malformed",
    # Faults a clinic server has (issue 29).
    errors.ServerFault: "server-fault",
    errors.DiskFull: "disk-full",
    errors.StorageReadOnly: "storage-read-only",
    errors.DatabaseLocked: "database-locked",
    errors.ArchivedFileDamaged: "archived-file-damaged",
    errors.ArchivedFileMissing: "archived-file-missing",
    errors.ArchivedFileChanged: "archived-file-changed",
    # A record's lifetime (issue 49).
    errors.OnLegalHold: "legal-hold",
    errors.MailUnreadable: "mail-unreadable",
}


def error_classes() -> list[type[errors.DocvaultError]]:
    return [
        member
        for _, member in inspect.getmembers(errors, inspect.isclass)
        if issubclass(member, errors.DocvaultError) and member.__module__ == errors.__name__
    ]


def test_every_error_class_has_its_own_pinned_code() -> None:
    assert set(error_classes()) == set(CODES), "a new error class needs its code in CODES"
    for error_class, code in CODES.items():
        assert "code" in vars(error_class), f"{error_class.__name__} inherits its code"
        assert error_class.code == code, error_class.__name__


def test_no_two_classes_share_a_code() -> None:
    assert len(set(CODES.values())) == len(CODES)


def test_the_dead_error_class_is_gone() -> None:
    # Looping is a page state (PageStatus.looped), never an exception.
    assert not hasattr(errors, "PageLooped")


def intake_of(database: Engine, tmp_path: Path, inbox: Path) -> Intake:
    def inspect_real(path: Path) -> tuple[int, str]:
        info = inspect_document(path, RenderOptions())
        return info.page_count, info.kind

    return Intake(
        database,
        tmp_path / "data",
        (InboxSettings("fax", inbox, settle_seconds=0.0),),
        inspect_real,
        empty_grace_seconds=0.0,
        clock=lambda: 0.0,
    )


@pytest.mark.parametrize(
    ("fixture", "code"),
    [
        ("ocrmypdf__zero_byte.pdf", "empty-file"),
        ("ocrmypdf__invalid.pdf", "corrupt-document"),
        ("paperless__password-is-test.pdf", "encrypted-document"),
        ("paperless__simple.txt", "unsupported-format"),
    ],
)
def test_intake_stores_the_code_of_the_error_that_refused_a_file(
    database: Engine, tmp_path: Path, fixtures_dir: Path, fixture: str, code: str
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    shutil.copy(fixtures_dir / fixture, inbox / fixture)
    intake = intake_of(database, tmp_path, inbox)
    intake.scan()
    assert intake.tick() == 1

    (document,) = describe_all(database, Audience())
    assert (document["status"], document["error_code"]) == ("failed", code)
    assert fixture in str(document["error"]), "the sentence names the file"
    assert (inbox / "quarantine").exists(), "the refused file is kept beside the inbox"


def test_only_an_encrypted_document_waits_for_a_password(
    database: Engine, tmp_path: Path, fixtures_dir: Path
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    for name in ("paperless__password-is-test.pdf", "ocrmypdf__invalid.pdf"):
        shutil.copy(fixtures_dir / name, inbox / name)
    intake = intake_of(database, tmp_path, inbox)
    intake.scan()
    assert intake.tick() == 2

    waiting = {
        view.original_name: view.needs_password for view in queries.failed_documents(database)
    }
    assert waiting == {"paperless__password-is-test.pdf": True, "ocrmypdf__invalid.pdf": False}


def test_the_migration_turns_stored_class_names_into_codes_and_back(tmp_path: Path) -> None:
    path = tmp_path / "docvault.sqlite3"
    database = db.make_engine(path)
    config = db._alembic_config(database)
    command.upgrade(config, "0004_orientation")
    stored = {
        "a": "EncryptedDocument",
        "b": "CorruptDocument",
        "c": "EmptyFile",
        "d": "UnsupportedFormat",
        "e": "ImageTooLarge",
        "f": "RenderTimedOut",
        "g": "RenderError",
        "h": None,
        "i": "something-else",
    }
    with sqlite3.connect(path) as connection:
        connection.executemany(
            "INSERT INTO documents (sha256, original_name, inbox, original_path, archive_path, "
            "size_bytes, tags, page_count, status, error_class, received_at, updated_at) "
            "VALUES (?, 'x.pdf', 'fax', '/srv/x.pdf', 'archive/x', 1, '', 0, 'failed', ?, "
            "'2026-12-01 10:00:00', '2026-12-01 10:00:00')",
            [(key * 64, value) for key, value in stored.items()],
        )
    connection.close()

    command.upgrade(config, "0005_error_codes")
    assert read_codes(path) == {
        "a": "encrypted-document",
        "b": "corrupt-document",
        "c": "empty-file",
        "d": "unsupported-format",
        "e": "image-too-large",
        "f": "render-timed-out",
        "g": "render-failed",
        "h": None,
        "i": "something-else",
    }
    command.downgrade(config, "0004_orientation")
    assert read_codes(path) == stored
    database.dispose()


def test_the_migration_writes_only_codes_the_error_classes_have() -> None:
    migration = Path(__file__).parent.parent / "migrations" / "versions" / "0005_error_codes.py"
    namespace: dict[str, object] = {}
    exec(compile(migration.read_text(), str(migration), "exec"), namespace)
    frozen = namespace["CODES"]
    assert isinstance(frozen, dict)
    assert set(frozen.values()) <= set(CODES.values())


def read_codes(path: Path) -> dict[str, str | None]:
    with sqlite3.connect(path) as connection:
        rows = connection.execute("SELECT substr(sha256, 1, 1), error_class FROM documents")
        codes = dict(rows.fetchall())
    connection.close()
    return codes
