"""Issue 25, finding 3 and the unlock part of the LOW ones: a protected PDF with a long name
is unlocked; a wrong password leads back to the form with a sentence; guessing is slowed
down and every failed try is in the audit log."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from docvault import db, records
from docvault.errors import EncryptedDocument
from docvault.models import AuditEvent, Document, utcnow
from docvault.web.app import create_app
from docvault.web.context import WebContext
from tests.support.encrypted import PASSWORD, files_containing, protected_copy
from tests.support.problems import record_refused
from tests.support.webarchive import ADMIN, WebArchive

# 250 bytes: a name the file system allows, too long for anything built from it
# (".unlocked.pdf" after its stem was 259 bytes: "File name too long", a 500).
LONG_NAME = "Überweisung Kardiologie " + "Befund-" * 31 + "Ende.pdf"


def add_protected(archive: WebArchive, tmp_path: Path, name: str) -> int:
    """A protected PDF that intake refused, as intake records it: its document id."""
    source = protected_copy(tmp_path / f"source-{len(name)}.pdf")
    message = f"{name} is protected by a password; an administrator can unlock it."
    return record_refused(archive, source, name, EncryptedDocument.code, message)


@pytest.fixture
def admin(archive: WebArchive) -> Iterator[tuple[TestClient, str]]:
    with logged_in_admin(archive.context) as logged_in:
        yield logged_in


@contextmanager
def logged_in_admin(context: WebContext) -> Iterator[tuple[TestClient, str]]:
    """A client of the web view built from `context`, logged in as the admin; its CSRF token."""
    with TestClient(create_app(context), follow_redirects=False) as client:
        login = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
        assert login
        answer = client.post(
            "/login", data={"name": ADMIN[0], "password": ADMIN[1], "csrf_token": login.group(1)}
        )
        assert answer.status_code == 303
        token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/problems").text)
        assert token
        yield client, token.group(1)


def _audit(archive: WebArchive, *actions: str) -> list[tuple[str, str, int | None]]:
    rows = _rows(archive, *actions)
    return [(row.user_name, row.action, row.document_id) for row in rows]


def _rows(archive: WebArchive, *actions: str) -> list[AuditEvent]:
    with db.read_session(archive.database) as session:
        return list(
            session.exec(
                select(AuditEvent)
                .where(col(AuditEvent.action).in_(actions))
                .order_by(col(AuditEvent.id))
            ).all()
        )


def test_a_long_named_protected_pdf_is_unlocked_and_a_wrong_password_returns_to_the_form(
    archive: WebArchive, tmp_path: Path, admin: tuple[TestClient, str]
) -> None:
    assert len(LONG_NAME) > 200
    assert len(LONG_NAME.encode()) <= 255
    client, csrf = admin
    document_id = add_protected(archive, tmp_path, LONG_NAME)

    wrong = client.post(
        f"/documents/{document_id}/unlock", data={"csrf_token": csrf, "password": "guess"}
    )
    assert wrong.status_code == 400
    assert 'class="unlock-form"' in wrong.text  # the form again, not an error page
    assert "Not unlocked: The password does not open document" in wrong.text
    assert "check the password with the sender and try again" in wrong.text
    empty = client.post(f"/documents/{document_id}/unlock", data={"csrf_token": csrf})
    assert empty.status_code == 400
    assert 'class="unlock-form"' in empty.text
    assert "Type the PDF" in empty.text

    done = client.post(
        f"/documents/{document_id}/unlock", data={"csrf_token": csrf, "password": PASSWORD}
    )
    assert done.status_code == 303, done.text
    assert done.headers["location"] == f"/documents/{document_id}"
    with db.read_session(archive.database) as session:
        document = session.get(Document, document_id)
    assert document is not None
    assert document.page_count == 3
    assert document.unlocked_path is not None
    assert len(Path(document.unlocked_path).name) < 100  # named by its sha256, not the original
    assert _audit(archive, "unlock failed", "unlock") == [
        ("admin", "unlock failed", document_id),
        ("admin", "unlock", document_id),
    ]
    # The wrong try says which door it came through, as the unlock itself does (issue 45).
    assert [row.via for row in _rows(archive, "unlock failed", "unlock")] == ["browser"] * 2
    assert files_containing(archive.data_dir, PASSWORD) == []
    assert list((archive.data_dir / "tmp").iterdir()) == []


def test_guessing_unlock_passwords_is_slowed_down_and_every_try_audited(
    archive: WebArchive, tmp_path: Path
) -> None:
    # The unlock clock stands still: the back-off after the third failure is 2 s, which a
    # loaded machine could pass between two tries and turn an expected 429 into a 400.
    frozen = utcnow()
    context = replace(archive.context, unlock_clock=lambda: frozen)
    with logged_in_admin(context) as (client, csrf):
        _guess(archive, tmp_path, client, csrf)


def _guess(archive: WebArchive, tmp_path: Path, client: TestClient, csrf: str) -> None:
    """Three wrong passwords, then the waits that follow them, each in the audit log."""
    document_id = add_protected(archive, tmp_path, "referral.pdf")
    other_id = add_protected(archive, tmp_path, "Befund Müller.pdf")

    def attempt(document: int, password: str) -> tuple[int, str]:
        answer = client.post(
            f"/documents/{document}/unlock", data={"csrf_token": csrf, "password": password}
        )
        return answer.status_code, answer.text

    statuses = [attempt(document_id, f"guess {number}")[0] for number in range(3)]
    assert statuses == [400, 400, 400]
    status, text = attempt(document_id, PASSWORD)  # even the right one waits now
    assert status == 429
    assert 'class="unlock-form"' in text
    assert re.search(
        r"3 wrong passwords for document \d+ in the last 15 minutes: wait \d+ second", text
    )
    # The person's tries count too: another document of theirs waits as well.
    assert attempt(other_id, PASSWORD)[0] == 429
    with db.read_session(archive.database) as session:
        document = session.get(Document, document_id)
    assert document is not None
    assert document.unlocked_path is None
    assert _audit(archive, "unlock failed", "unlock refused") == [
        *[("admin", "unlock failed", document_id)] * 3,
        ("admin", "unlock refused", document_id),
        ("admin", "unlock refused", other_id),
    ]
    assert files_containing(archive.data_dir, PASSWORD) == []


def test_an_unlocked_pdf_keeps_intakes_page_limit(archive: WebArchive, tmp_path: Path) -> None:
    # Intake cannot count a locked PDF's pages, so the limit is checked when it is unlocked
    # (the protected copy has 3 pages); nothing is queued or archived beyond the limit.
    from docvault.errors import TooManyPages
    from docvault.intake.unlock import unlock_document

    document_id = add_protected(archive, tmp_path, "Befund.pdf")
    archived_before = sorted(archive.data_dir.joinpath("archive").rglob("*"))
    with pytest.raises(TooManyPages) as refused:
        unlock_document(archive.database, archive.data_dir, document_id, PASSWORD, max_pages=2)
    assert "has 3 pages, more than the page limit of 2 (max_pages)" in refused.value.message
    assert sorted(archive.data_dir.joinpath("archive").rglob("*")) == archived_before
    with db.read_session(archive.database) as session:
        document = session.get(Document, document_id)
        assert document is not None
        assert records.waits_for_password(document)
    unlocked = unlock_document(
        archive.database, archive.data_dir, document_id, PASSWORD, max_pages=3
    )
    assert unlocked.pages == 3
