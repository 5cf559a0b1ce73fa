"""The administrators' pages of a record's lifetime over real HTTP requests to the web app
(a real database, index and archive): the retention review deletes only a confirmed batch
with a reason, a document on legal hold stays, "run now" writes the calendar's request,
and staff can do none of it. The browser test (tests/browser/test_lifetime_browser.py)
drives the same pages against the real daemon."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlmodel import col, select

from docvault import calendar_log, db, holds
from docvault.calendar_log import Outcome, Planned
from docvault.models import AuditEvent, CalendarRequest, Document
from docvault.plans import parse_plan
from docvault.setting_types import CountedFrom, RetentionRule
from docvault.web.app import create_app
from tests.support.webarchive import ADMIN, NURSE, WebArchive

FAX_ONE_YEAR = RetentionRule(keep_years=1, inbox="fax", counted_from=CountedFrom.arrival)
BACKUP = Planned("database-backup", "Database backup", parse_plan("02:00"))


@pytest.fixture
def client(archive: WebArchive) -> TestClient:
    """The web app with one retention rule and one calendar job; the fax letters arrived
    two years ago, so the rule makes them due."""
    with db.write_transaction(archive.database) as session:
        for document in session.exec(select(Document).where(col(Document.inbox) == "fax")):
            document.received_at -= timedelta(days=800)
            session.add(document)
    context = replace(archive.context, retention=(FAX_ONE_YEAR,), calendar=(BACKUP,))
    return TestClient(create_app(context), follow_redirects=False)


def _log_in(client: TestClient, user: tuple[str, str]) -> str:
    """Log in through the form; the session's CSRF token."""
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert token
    client.post("/login", data={"name": user[0], "password": user[1], "csrf_token": token.group(1)})
    page = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/status").text)
    assert page
    return page.group(1)


def _documents(archive: WebArchive) -> set[int]:
    with db.read_session(archive.database) as session:
        return {int(row or 0) for row in session.exec(select(Document.id)).all()}


def _actions(archive: WebArchive, action: str) -> list[AuditEvent]:
    with db.read_session(archive.database) as session:
        return list(session.exec(select(AuditEvent).where(AuditEvent.action == action)).all())


def test_a_batch_is_deleted_only_with_a_reason_and_a_held_document_stays(
    client: TestClient, archive: WebArchive
) -> None:
    csrf = _log_in(client, ADMIN)
    listed = client.get("/retention")
    assert listed.status_code == 200
    due = {int(found) for found in re.findall(r'name="document" value="(\d+)"', listed.text)}
    # The fax inbox's documents (a refused file too); the scan is kept for ever.
    assert due == {archive.huck_finn, archive.xss, archive.failed_document}
    holds.place(archive.database, archive.xss, "Complaint of 3 January", "dpo")
    before = _documents(archive)
    with db.read_session(archive.database) as session:
        letter = session.get(Document, archive.huck_finn)
        assert letter is not None
    original = archive.data_dir / letter.archive_path
    chosen = {"csrf_token": csrf, "document": [str(archive.huck_finn), str(archive.xss)]}
    refused = client.post("/retention", data={**chosen, "reason": "  "})
    assert refused.status_code == 400
    assert "Type the reason for deleting these 2 document(s)" in refused.text
    assert _documents(archive) == before  # nothing without the confirmation's reason
    done = client.post("/retention", data={**chosen, "reason": "Kept a year, as the rule says"})
    assert done.status_code == 200
    assert f"Document {archive.xss} (ocrmypdf__skew.pdf) is on legal hold since" in done.text
    assert _documents(archive) == before - {archive.huck_finn}
    # What the page says of the original is what happened to it: no other document has its
    # bytes, so it left the archive (the page said the originals stay).
    assert not original.exists()
    assert "stay in the archive" not in done.text
    assert "(1 page(s); its original removed from the archive)" in done.text
    [deletion] = _actions(archive, "delete")
    assert deletion.document_id == archive.huck_finn
    assert "Kept a year, as the rule says" in deletion.detail
    assert [row.document_id for row in _actions(archive, "delete refused")] == [archive.xss]


def test_run_now_writes_the_calendars_request_and_is_audited(
    client: TestClient, archive: WebArchive
) -> None:
    csrf = _log_in(client, ADMIN)
    assert "every day at 02:00" in client.get("/schedule").text
    answer = client.post("/schedule/database-backup/run", data={"csrf_token": csrf})
    assert (answer.status_code, answer.headers["location"]) == (
        303,
        "/schedule?asked=database-backup",
    )
    assert client.post("/schedule/no-such-job/run", data={"csrf_token": csrf}).status_code == 404
    with db.read_session(archive.database) as session:
        asked = [(row.job, row.requested_by) for row in session.exec(select(CalendarRequest))]
    assert asked == [("database-backup", ADMIN[0])]
    assert [row.detail for row in _actions(archive, "run calendar job")] == ["database-backup"]


def test_staff_can_neither_see_nor_change_a_records_lifetime(
    client: TestClient, archive: WebArchive
) -> None:
    csrf = _log_in(client, NURSE)
    before = _documents(archive)
    for path in ("/schedule", "/retention"):
        assert client.get(path).status_code == 403
    form = {"csrf_token": csrf, "reason": "tidy up", "document": str(archive.huck_finn)}
    for path in (
        "/retention",
        "/schedule/database-backup/run",
        f"/documents/{archive.huck_finn}/hold",
        f"/documents/{archive.huck_finn}/hold/lift",
    ):
        assert client.post(path, data=form).status_code == 403, path
    assert _documents(archive) == before
    assert holds.hold_on(archive.database, archive.huck_finn) is None
    assert "Place a legal hold" not in client.get(f"/documents/{archive.huck_finn}").text


def test_the_archive_checks_outcome_is_on_the_status_page(
    client: TestClient, archive: WebArchive
) -> None:
    run = calendar_log.started(archive.database, "archive-check", None, "", None)
    missing = f"The archived file {archive.data_dir}/archive/ab/cd.pdf is missing."
    calendar_log.finished(archive.database, run, Outcome.failed, missing)
    _log_in(client, ADMIN)
    check = client.get("/api/status").json()["archive_check"]
    assert (check["outcome"], check["sentence"]) == ("failed", missing)
    assert missing in client.get("/status").text
    staff = TestClient(client.app, follow_redirects=False)
    _log_in(staff, NURSE)
    seen = staff.get("/api/status").json()["archive_check"]
    assert seen["outcome"] == "failed"
    assert str(archive.data_dir) not in staff.get("/status").text
