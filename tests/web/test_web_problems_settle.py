"""Issue 27: every item on the problems page can be settled. A refused file is taken in
again from its archived original, any item is dismissed with a reason (audited, the letter
kept and still found), an administrator deletes one after a confirmation (the original
kept); the menu's count of documents needing attention falls with each; a new problem of a
dismissed document lists it again. Real SQLite, the real app, the archive of test_web."""

from __future__ import annotations

import getpass
import re
from collections.abc import Iterator
from datetime import UTC, date, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlmodel import col, select

from docvault import auth, backup, db, derived, retention
from docvault.cli import main
from docvault.models import AuditEvent, Document, IndexOutbox, IndexProblem, Page, utcnow
from docvault.search.pages import PROBLEM_RETRY_FIRST_SECONDS, not_indexable, record_problems
from docvault.setting_types import RetentionRule
from docvault.web.app import create_app
from docvault.web.views.problems import MAX_REASON_CHARACTERS
from tests.support.problems import add_protected, add_timed_out
from tests.support.webarchive import ADMIN, NURSE, WebArchive, finish_claimed
from tests.web.test_web import log_in

COUNT = re.compile(r'<span class="problems-count">\((\d+)\)</span>')


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def menu_count(client: TestClient) -> int:
    """The number in the menu's "Problems (N)"."""
    found = COUNT.search(client.get("/problems").text)
    assert found, "no count beside Problems in the menu"
    return int(found.group(1))


def document_row(archive: WebArchive, document_id: int) -> Document:
    with db.read_session(archive.database) as session:
        document = session.get(Document, document_id)
    assert document is not None
    return document


def audit_rows(archive: WebArchive, action: str) -> list[AuditEvent]:
    with db.read_session(archive.database) as session:
        return list(
            session.exec(
                select(AuditEvent).where(AuditEvent.action == action).order_by(col(AuditEvent.id))
            ).all()
        )


def failed_rows(html: str) -> list[str]:
    """The document ids the "Files that could not be read" table lists."""
    table = html.split('<table class="failed-documents">', 1)
    if len(table) == 1:
        return []
    return re.findall(r'<tr data-document-id="(\d+)">', table[1].split("</table>", 1)[0])


def post(client: TestClient, path: str, token: str, **fields: str) -> tuple[int, str, str]:
    answer = client.post(path, data={"csrf_token": token, **fields})
    return answer.status_code, answer.headers.get("location", ""), answer.text


# ----------------------------------------------------------------------------- retry


def test_a_refused_file_that_opens_now_is_taken_in_again_and_the_count_falls(
    archive: WebArchive, client: TestClient, tmp_path: Path
) -> None:
    token = log_in(client, NURSE)
    document_id = add_timed_out(archive, tmp_path)
    before = menu_count(client)
    assert str(document_id) in failed_rows(client.get("/problems").text)

    status, location, _ = post(client, f"/documents/{document_id}/retry", token)

    assert (status, location) == (303, f"/problems?done=retry&document={document_id}")
    page = client.get(location).text
    assert "Befund Busy.pdf is being read again: 3 page(s) queued." in page
    assert str(document_id) not in failed_rows(page)
    assert menu_count(client) == before - 1
    document = document_row(archive, document_id)
    assert (document.status, document.page_count, document.kind) == ("processing", 3, "pdf")
    assert document.error is None
    with db.read_session(archive.database) as session:
        states = session.exec(select(Page.status).where(Page.document_id == document_id)).all()
    assert states == ["queued"] * 3
    [row] = audit_rows(archive, "retry")
    assert (row.user_name, row.document_id) == ("nurse", document_id)
    assert row.detail == "Befund Busy.pdf: 3 page(s) queued"


def test_a_file_that_still_cannot_be_read_stays_listed_with_the_new_reason(
    archive: WebArchive, client: TestClient
) -> None:
    token = log_in(client, NURSE)
    before = menu_count(client)

    status, location, _ = post(client, f"/documents/{archive.failed_document}/retry", token)

    assert status == 303
    page = client.get(location).text
    assert "was tried again and still cannot be read: the new reason is below." in page
    assert str(archive.failed_document) in failed_rows(page)
    assert menu_count(client) == before
    document = document_row(archive, archive.failed_document)
    assert document.status == "failed"
    assert document.error is not None
    assert document.error.startswith("ocrmypdf__invalid.pdf in inbox fax: ")
    [row] = audit_rows(archive, "retry")
    assert row.detail.startswith("ocrmypdf__invalid.pdf: refused again: ")
    # Taken in already: a second retry says so beside the list, not on an error page.
    assert post(client, f"/documents/{archive.huck_finn}/retry", token)[0] == 409


# ----------------------------------------------------------------------------- dismiss


def test_dismissing_needs_a_reason_and_keeps_the_letter_found_and_opened(
    archive: WebArchive, client: TestClient
) -> None:
    token = log_in(client, NURSE)
    document_id = archive.failed_document
    before = menu_count(client)

    for reason in ("", "   ", "x" * (MAX_REASON_CHARACTERS + 1)):
        status, _, text = post(client, f"/documents/{document_id}/dismiss", token, reason=reason)
        assert status == 400
        assert 'role="alert">Not done: ' in text
        assert str(document_id) in failed_rows(text)  # the list, with the form again
    assert (
        "Type a short reason to dismiss ocrmypdf__invalid.pdf"
        in post(client, f"/documents/{document_id}/dismiss", token)[2]
    )
    assert document_row(archive, document_id).settled_at is None
    assert audit_rows(archive, "dismiss") == []

    reason = "Sender faxed it again as a readable copy (2026-11-03)"
    status, location, _ = post(client, f"/documents/{document_id}/dismiss", token, reason=reason)

    assert (status, location) == (303, f"/problems?done=dismiss&document={document_id}")
    page = client.get(location).text
    assert "ocrmypdf__invalid.pdf was dismissed; it stays archived and can still be opened." in page
    assert 'name="next" value="/problems">' in page  # a re-run from here says it no more
    assert str(document_id) not in failed_rows(page)
    assert menu_count(client) == before - 1
    assert client.get("/api/status").json()["problems"] == {"documents": before - 1}
    document = document_row(archive, document_id)
    assert (document.settled_by, document.settled_reason) == ("nurse", reason)
    assert document.settled_at is not None
    [row] = audit_rows(archive, "dismiss")
    assert (row.user_name, row.document_id) == ("nurse", document_id)
    assert row.detail == f"ocrmypdf__invalid.pdf (failed): {reason}"
    # Nothing else changed: the original is archived, the letter opens and downloads.
    assert (archive.data_dir / document.archive_path).is_file()
    assert client.get(f"/documents/{document_id}").status_code == 200
    assert client.get(f"/documents/{document_id}/original").status_code == 200


def test_a_dismissed_document_with_a_new_problem_is_listed_again(
    archive: WebArchive, client: TestClient
) -> None:
    token = log_in(client, NURSE)
    looped = archive.page_id(archive.multi_page, 2)
    assert f'data-page-id="{looped}"' in client.get("/problems").text
    before = menu_count(client)
    reason = "Page 2 is a blank fax cover"
    assert post(client, f"/documents/{archive.multi_page}/dismiss", token, reason=reason)[0] == 303
    assert f'data-page-id="{looped}"' not in client.get("/problems").text
    assert menu_count(client) == before - 1

    # Read again (from the viewer) and looped again: a new problem, listed again.
    status, _, _ = post(client, "/rerun", token, only=str(looped), **{f"mode_{looped}": "penalty"})
    assert status == 303
    finish_claimed(archive.database, {(archive.multi_page, 2): "looped"})

    assert f'data-page-id="{looped}"' in client.get("/problems").text
    assert menu_count(client) == before
    assert document_row(archive, archive.multi_page).settled_at is None


# ----------------------------------------------------------------------------- index problems


def test_an_index_problem_is_retried_now_and_dismissed(
    archive: WebArchive, client: TestClient
) -> None:
    token = log_in(client, NURSE)
    before = menu_count(client)
    error = not_indexable(archive.huck_finn, "ocrmypdf__c02-22.pdf", ValueError("bad date"))
    record_problems(archive.database, {archive.huck_finn: error})
    page = client.get("/problems").text
    assert f'<tr data-document-id="{archive.huck_finn}">' in page
    assert menu_count(client) == before + 1

    status, location, _ = post(client, f"/documents/{archive.huck_finn}/retry-index", token)

    assert (status, location) == (303, f"/problems?done=retry-index&document={archive.huck_finn}")
    assert "goes to the search index again within a few seconds" in client.get(location).text
    with db.read_session(archive.database) as session:
        problem = session.exec(
            select(IndexProblem).where(IndexProblem.document_id == archive.huck_finn)
        ).one()
        waiting = session.exec(
            select(IndexOutbox.id).where(IndexOutbox.document_id == archive.huck_finn)
        ).all()
    # Due at the writer's next drain, not after the first wait (PROBLEM_RETRY_FIRST_SECONDS).
    assert problem.retry_at - problem.last_failed_at < timedelta(
        seconds=PROBLEM_RETRY_FIRST_SECONDS
    )
    assert problem.retry_at <= utcnow()
    assert waiting  # its pages wait in the outbox for that drain
    [row] = audit_rows(archive, "retry index")
    assert (row.user_name, row.document_id) == ("nurse", archive.huck_finn)

    reason = "A test letter; not needed in search"
    assert post(client, f"/documents/{archive.huck_finn}/dismiss", token, reason=reason)[0] == 303
    assert f'<tr data-document-id="{archive.huck_finn}">' not in client.get("/problems").text
    assert menu_count(client) == before
    # The status page still says what the index lacks: dismissed is not indexed.
    assert client.get("/api/status").json()["index"]["left_out"] == 1


# ----------------------------------------------------------------------------- delete


def test_only_an_administrator_deletes_and_the_deletion_leaves_a_tombstone(
    archive: WebArchive, client: TestClient
) -> None:
    document_id = archive.multi_page
    document = document_row(archive, document_id)
    original = archive.data_dir / document.archive_path
    images = derived.page_image_path(archive.data_dir, document.sha256, 1, "").parent
    images.mkdir(parents=True, exist_ok=True)
    (images / "1.png").write_bytes(b"derived")

    token = log_in(client, NURSE)
    assert "Delete…" not in client.get("/problems").text
    assert client.get(f"/documents/{document_id}/delete").status_code == 403
    assert post(client, f"/documents/{document_id}/delete", token)[0] == 403
    assert document_row(archive, document_id).page_count == 3
    client.post("/logout", data={"csrf_token": token})

    token = log_in(client, ADMIN)
    before = menu_count(client)
    confirm = client.get(f"/documents/{document_id}/delete")
    assert confirm.status_code == 200
    assert "Delete from docvault" in confirm.text
    assert str(original) in confirm.text  # the original that goes too
    assert document_row(archive, document_id).page_count == 3  # asking deletes nothing

    status, location, _ = post(
        client, f"/documents/{document_id}/delete", token, reason="scanned twice"
    )

    assert (status, location) == (303, f"/problems?done=delete&document={document_id}")
    assert "the audit log keeps who deleted it, when, why" in client.get(location).text
    assert menu_count(client) == before - 1
    with db.read_session(archive.database) as session:
        assert session.get(Document, document_id) is None
        assert session.exec(select(Page).where(Page.document_id == document_id)).all() == []
        removals = session.exec(
            select(IndexOutbox.action).where(IndexOutbox.document_id == document_id)
        ).all()
    assert removals == ["delete"] * 3
    assert not original.exists()  # no other document has its bytes
    assert not images.exists()
    [row] = audit_rows(archive, "delete")
    assert (row.user_name, row.document_id) == ("admin", document_id)
    assert row.detail == (
        f"{document.original_name}: removed with 3 page(s); original sha256 {document.sha256}; "
        "reason: scanned twice"
    )
    # A routine deletion is no problem of the archive's.
    assert backup.exit_code(backup.verify_archive(archive.database, archive.data_dir)) == 0


def test_every_delete_path_leaves_the_same_tombstone_and_says_how_the_person_acted(
    archive: WebArchive, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The refused file on the problems page, deleted in the web view; a letter, by the command;
    # a scan whose time is up, by the retention review (issue 49); a fax, by an API token.
    refused = document_row(archive, archive.failed_document)
    letter = document_row(archive, archive.huck_finn)
    scan = document_row(archive, archive.multi_page)
    fax = document_row(archive, archive.xss)
    token = log_in(client, ADMIN)
    post(client, f"/documents/{refused.id}/delete", token, reason="not ours")
    bearer = auth.create_token(archive.database, ADMIN[0], "", auth.TokenScope.admin)
    api = TestClient(client.app, follow_redirects=False)
    answer = api.post(
        f"/documents/{fax.id}/delete",
        data={"reason": "not ours"},
        headers={"Authorization": f"Bearer {bearer}"},
    )
    assert answer.status_code == 303, answer.text
    monkeypatch.setenv("DOCVAULT_CONFIG", "")
    monkeypatch.setenv("DOCVAULT_DATA_DIR", str(archive.data_dir))
    answer = CliRunner().invoke(
        main, ["delete", str(letter.id), "--yes", "--reason", "not ours"], catch_exceptions=False
    )
    assert answer.exit_code == 0, answer.output

    scans_year = RetentionRule(keep_years=1, inbox="scans")
    due = retention.due_documents(archive.database, [scans_year], date(2100, 1, 1), UTC)
    batch = retention.confirm(archive.database, archive.data_dir, [scan.id], "not ours", "dpo", due)
    assert [removed.document_id for removed in batch.deleted] == [scan.id]

    web, through_api, command, review = audit_rows(archive, "delete")
    assert (web.user_name, through_api.user_name, command.user_name, review.user_name) == (
        "admin", "admin", f"cli:{getpass.getuser()}", "dpo"
    )  # fmt: skip
    assert (web.via, through_api.via, command.via) == ("browser", "token", "cli")
    (entry,) = due_for(due, scan.id)
    for row, document, reason in (
        (web, refused, "not ours"),
        (through_api, fax, "not ours"),
        (command, letter, "not ours"),
        (review, scan, f"retention review ({entry.rule}, due {entry.due_on:%Y-%m-%d}): not ours"),
    ):
        assert row.document_id == document.id
        assert row.detail == (
            f"{document.original_name}: removed with {document.page_count} page(s); original "
            f"sha256 {document.sha256}; reason: {reason}"
        )
        assert not (archive.data_dir / document.archive_path).exists()
    assert (web.via, command.via) == ("browser", "cli")  # which door each came through
    # The audit page finds the command's tombstone by its user and action, and says its door.
    shown = client.get(
        "/audit", params={"user": f"cli:{getpass.getuser()}", "action": "delete"}
    ).text
    assert "1 event(s)" in shown
    assert f"document {letter.id}</a>" in shown
    assert f"original sha256 {letter.sha256}; reason: not ours" in shown
    assert refused.sha256 not in shown
    assert shown.count("<td>cli</td>") == 1
    assert backup.exit_code(backup.verify_archive(archive.database, archive.data_dir)) == 0


def due_for(due: list[retention.Due], document_id: int) -> list[retention.Due]:
    return [entry for entry in due if entry.document_id == document_id]


def test_every_settling_form_needs_the_csrf_token(archive: WebArchive, client: TestClient) -> None:
    log_in(client, ADMIN)
    document_id = archive.failed_document
    for action, fields in (
        ("retry", {}),
        ("retry-index", {}),
        ("dismiss", {"reason": "forged"}),
        ("delete", {}),
    ):
        answer = client.post(f"/documents/{document_id}/{action}", data=fields)
        assert answer.status_code == 403, action
    document = document_row(archive, document_id)
    assert (document.status, document.settled_at) == ("failed", None)
    assert audit_rows(archive, "retry") + audit_rows(archive, "dismiss") == []


# ----------------------------------------------------------------------------- messages


def test_a_protected_pdfs_message_fits_who_reads_it(
    archive: WebArchive, client: TestClient, tmp_path: Path
) -> None:
    add_protected(archive, tmp_path)
    token = log_in(client, NURSE)
    staff = client.get("/problems").text
    assert (
        "referral.pdf is protected by a password: ask the sender for an unprotected copy, or "
        "an administrator can unlock it here." in staff
    )
    assert 'class="unlock-form"' not in staff
    client.post("/logout", data={"csrf_token": token})

    log_in(client, ADMIN)
    admin = client.get("/problems").text
    assert "referral.pdf is protected by a password: type it below to unlock and read it." in admin
    assert 'class="unlock-form"' in admin
    protected_row = r'<tr data-document-id="\d+"><td class="kept"><bdi>referral\.pdf</bdi>.*?</tr>'
    row = re.search(protected_row, admin, re.S)
    assert row
    assert "ask the sender" not in row.group(0)
