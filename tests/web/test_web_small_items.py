"""Issue 13, finding 9: bidirectional names isolated, server paths for admins only, no Server
header, 401 JSON for /metrics, the security headers on every response (the 500 page too)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from dataclasses import replace

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from docvault import records
from docvault.archive import archive_bytes
from docvault.errors import CorruptDocument
from docvault.parts import WebPart
from docvault.records import mailstore
from docvault.runtime.supervisor import Progress
from docvault.vocabulary import MailState
from docvault.web.app import create_app
from docvault.web.status import ServiceStatus
from tests.support.webarchive import ADMIN, NURSE, WebArchive
from tests.web.test_web import log_in

SPOOFED = "rtl_\u202egnp.exe.pdf"


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def test_a_right_to_left_override_in_a_file_name_is_isolated_and_visible(
    client: TestClient, archive: WebArchive
) -> None:
    with archive.database.begin() as connection:
        connection.execute(text("UPDATE documents SET original_name = :name"), {"name": SPOOFED})
    log_in(client)
    for path in (f"/documents/{archive.huck_finn}", "/problems"):
        page = client.get(path).text
        assert "\u202e" not in page, path
        assert "<bdi>rtl_[U+202E]gnp.exe.pdf</bdi>" in page, path


def test_server_paths_are_shown_to_administrators_only(
    client: TestClient, archive: WebArchive
) -> None:
    paths = ("/srv/inbox", str(archive.data_dir), "archive/")
    log_in(client, NURSE)
    for path in ("/status", "/problems", "/api/status", f"/api/documents/{archive.huck_finn}"):
        answer = client.get(path).text
        assert not [shown for shown in paths if shown in answer], path
    client.post("/logout", data={"csrf_token": log_in(client, NURSE)})
    log_in(client, ADMIN)
    assert "/srv/inbox/fax" in client.get("/status").text
    assert str(archive.data_dir) in client.get("/api/status").text


def test_a_missing_message_file_does_not_name_its_server_path_to_staff(
    client: TestClient, archive: WebArchive
) -> None:
    """Issue 44 (INFO): the 404 of a missing .eml named where the server keeps it."""
    eml = f"archive/ab/{'ab' * 32}.eml"
    with archive.database.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO mail_messages (mailbox, uidvalidity, uid, state, size_bytes, "
                "eml_sha256, eml_path, sender, sender_address, subject, seen_at) VALUES "
                "('labor', 1, 7, 'done', 10, :sha, :path, '', '', 'Befund', '2026-12-01')"
            ),
            {"sha": "ab" * 32, "path": eml},
        )
        connection.execute(
            text(
                "INSERT INTO mail_documents (message_id, document_id, position, file_name) "
                "SELECT id, :document, 1, 'befund.pdf' FROM mail_messages WHERE uid = 7"
            ),
            {"document": archive.huck_finn},
        )
    log_in(client, NURSE)
    answer = client.get(f"/documents/{archive.huck_finn}/email")
    assert answer.status_code == 404
    assert "The archived file is missing" in answer.text
    assert str(archive.data_dir) not in answer.text
    assert eml not in answer.text
    client.post("/logout", data={"csrf_token": log_in(client, NURSE)})
    log_in(client, ADMIN)
    assert str(archive.data_dir / eml) in client.get(f"/documents/{archive.huck_finn}/email").text


def _message_of_two_problems(archive: WebArchive, sender: str, subject: str) -> None:
    """The archive's refused file and a second one, both attachments of one message."""
    broken = archive_bytes(b"%PDF-1.4 cut short", ".pdf", archive.data_dir)
    second = records.record_failed_document(
        archive.database,
        records.NewDocument(
            sha256=broken.sha256, original_name="befund-2.pdf", inbox="labor",
            original_path="labor/a/2/befund-2.pdf", archive_path=broken.relative_path,
            size_bytes=broken.size_bytes,
        ),
        CorruptDocument.code,
        "befund-2.pdf is not a PDF that can be opened; ask the sender for a new copy.",
    )  # fmt: skip
    seen = mailstore.Seen(
        mailbox="labor", uidvalidity=7, uid=3, state=MailState.done, size_bytes=2048,
        sender=sender, sender_address="befund@labor.example", subject=subject,
    )  # fmt: skip
    delivered = [
        mailstore.Delivered(archive.failed_document, 1, "befund-1.pdf"),
        mailstore.Delivered(second.document_id, 2, "befund-2.pdf"),
    ]
    mailstore.record(archive.database, seen, delivered)


def test_a_messages_subject_and_sender_reach_the_problems_sentences_with_bidi_escaped(
    client: TestClient, archive: WebArchive
) -> None:
    """Issue 44 (LOW): a mail's Subject and From reached problem sentences with their
    bidirectional controls as they were sent: a Subject with U+202E read backwards."""
    _message_of_two_problems(
        archive, "Labor \u2067Weiß <befund@labor.example>", "Befund\u202efdp.exe"
    )
    token = log_in(client, NURSE)
    listed = client.get("/problems").text
    found = re.search(r'<tr data-message-id="(\d+)">', listed)
    assert found is not None, listed
    refused = client.post(f"/mail-messages/{found.group(1)}/dismiss", data={"csrf_token": token})
    assert refused.status_code == 400
    assert "Type a short reason to dismiss the 2 problems of the message from" in refused.text
    for page in (listed, refused.text):
        assert "\u202e" not in page
        assert "\u2067" not in page
    assert "Befund\\u202efdp.exe" in refused.text


def test_anonymous_metrics_get_401_json(client: TestClient) -> None:
    answer = client.get("/metrics")
    assert answer.status_code == 401
    assert answer.json()["error"] == "Not logged in"
    invalid = client.get("/metrics", headers={"Authorization": "Bearer dv_not-a-token"})
    assert invalid.status_code == 401


def test_the_500_page_carries_the_security_headers(archive: WebArchive) -> None:
    def broken() -> ServiceStatus:
        raise RuntimeError("the status source failed")

    app = create_app(replace(archive.context, status=broken))
    with TestClient(app, follow_redirects=False, raise_server_exceptions=False) as client:
        log_in(client)
        normal = client.get("/")
        failed = client.get("/status")
    assert failed.status_code == 500
    assert "Traceback" not in failed.text
    for header in ("content-security-policy", "x-content-type-options", "x-frame-options",
                   "referrer-policy", "cross-origin-opener-policy", "cache-control"):  # fmt: skip
        assert failed.headers.get(header) == normal.headers.get(header), header


def test_no_server_header(archive: WebArchive) -> None:
    web = WebPart(
        make_app=lambda: create_app(archive.context),
        host="127.0.0.1",
        port=0,
        trusted_proxy=False,
        https=False,
        stall_seconds=60,
    )

    async def fetch_login_page() -> httpx.Response:
        stop, progress = asyncio.Event(), Progress()
        running = asyncio.ensure_future(web.run(progress, stop))
        try:
            for _ in range(600):  # until the part's own probe got its first answer
                if progress.beats or running.done():
                    break
                await asyncio.sleep(0.05)
            assert progress.beats, "the web view did not start"
            async with httpx.AsyncClient() as client:
                return await client.get(f"http://127.0.0.1:{web.bound_port}/login")
        finally:
            stop.set()
            await running

    answer = asyncio.run(fetch_login_page())
    assert answer.status_code == 200
    assert "server" not in answer.headers
