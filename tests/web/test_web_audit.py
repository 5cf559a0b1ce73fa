"""Issue 13, finding 3: every look at patient data is recorded, once per look."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from datetime import datetime, timedelta

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from docvault import audit, auth
from docvault.audit import AuditFilter
from docvault.cli import main
from docvault.models import utcnow
from docvault.web import queries
from docvault.web.app import create_app
from tests.support.webarchive import ADMIN, CLINIC_ZONE, NURSE, WebArchive
from tests.web.test_web import log_in


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def _looks(archive: WebArchive, user: str = "nurse") -> list[tuple[str, int | None, int | None]]:
    events, _ = queries.audit_events(archive.database, AuditFilter(user), 0, 1000)
    return [(event.action, event.document_id, event.page_number) for event in reversed(events)
            if event.action not in ("login", "logout")]  # fmt: skip


def test_page_images_crops_and_text_are_recorded_one_row_per_look(
    client: TestClient, archive: WebArchive
) -> None:
    log_in(client, NURSE)
    seen = len(_looks(archive))  # logging in read the problem list for its CSRF token
    page_id = archive.page_id(archive.huck_finn, 1)
    # A page viewed with its image, a crop and its text: one look.
    client.get(f"/documents/{archive.huck_finn}")
    client.get(f"/pages/{page_id}/image.png")
    client.get(f"/pages/{page_id}/figures/20_90_480_880.jpg")
    client.get(f"/documents/{archive.huck_finn}/pages/1/text")
    assert _looks(archive)[seen:] == [("view", archive.huck_finn, 1)]
    # Walking page images by id, unseen before, is recorded page by page.
    for number in (1, 2, 3):
        client.get(f"/pages/{archive.page_id(archive.multi_page, number)}/image.png")
    client.get(f"/documents/{archive.multi_page}/original")
    client.get("/api/search", params={"q": "widow"})
    client.get("/problems", params={"status": "looped"})
    assert _looks(archive)[seen + 1 :] == [
        ("view image", archive.multi_page, 1),
        ("view image", archive.multi_page, 2),
        ("view image", archive.multi_page, 3),
        ("download", archive.multi_page, None),
        ("search", None, None),
        ("view problems", None, None),
    ]


def test_a_look_after_the_window_is_a_new_row(archive: WebArchive) -> None:
    def look(at_minute: float) -> bool:
        return audit.record_look(archive.database, "nurse", "view image", document_id=1,
                                 page_number=1, remote_address="10.0.0.5",
                                 now=start + timedelta(minutes=at_minute))  # fmt: skip

    start = utcnow()
    assert [look(0), look(1), look(1.5), look(4)] == [True, False, False, True]


def test_the_audit_view_filters_by_user_document_and_date(
    client: TestClient, archive: WebArchive
) -> None:
    log_in(client, NURSE)
    client.get(f"/documents/{archive.huck_finn}")
    client.get(f"/documents/{archive.multi_page}")
    client.post("/logout", data={"csrf_token": log_in(client, NURSE)})
    log_in(client, ADMIN)
    # The view's days are the clinic's (its zone, as the app was given it), not UTC's: in
    # UTC's last hour of the day Berlin is already at the next one.
    today = datetime.now(CLINIC_ZONE).date().isoformat()
    page = client.get("/audit", params={"user": "nurse", "document": archive.huck_finn,
                                        "date_from": today, "date_to": today}).text  # fmt: skip
    assert "1 event(s)" in page
    assert f"document {archive.huck_finn} page 1" in page
    assert "0 event(s)" in client.get("/audit", params={"date_to": "2000-01-01"}).text
    assert client.get("/audit", params={"date_from": "yesterday"}).status_code == 400


def test_audit_export_writes_csv_and_json_lines(archive: WebArchive, tmp_path) -> None:  # type: ignore[no-untyped-def]
    auth.log_in(archive.database, *NURSE, "10.0.0.5")
    audit.record_look(archive.database, "nurse", "view", document_id=archive.huck_finn,
                      page_number=1, remote_address="10.0.0.5")  # fmt: skip
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    today = utcnow().date().isoformat()
    runner = CliRunner()
    as_csv = runner.invoke(main, ["audit", "export", "--from", today, "--to", today], env=env)
    assert as_csv.exit_code == 0, as_csv.output
    rows = list(csv.DictReader(io.StringIO(as_csv.output)))
    assert [(row["user_name"], row["action"], row["document_id"]) for row in rows] == [
        ("nurse", "view", str(archive.huck_finn))
    ]
    target = tmp_path / "audit.jsonl"
    as_json = runner.invoke(main, ["audit", "export", "--format", "jsonl", "--output",
                                   str(target), "--user", "nurse"], env=env)  # fmt: skip
    assert as_json.exit_code == 0, as_json.output
    (event,) = [json.loads(line) for line in target.read_text().splitlines()]
    assert (event["remote_address"], event["page_number"]) == ("10.0.0.5", 1)
    old = runner.invoke(main, ["audit", "export", "--to", "2000-01-01"], env=env)
    assert old.output.strip() == ",".join(audit.EXPORT_FIELDS)


def test_every_recorded_action_can_be_chosen_on_the_audit_page_and_in_the_export(
    client: TestClient, archive: WebArchive
) -> None:
    """One list of actions (AuditAction) for the writers, the page's filter and the export:
    a rotated page and an unlock (free strings that had drifted) are found by their action."""
    page_id = archive.page_id(archive.huck_finn, 1)
    token = log_in(client, ADMIN)
    turned = client.post(f"/pages/{page_id}/rotate", data={"turn": "90", "csrf_token": token})
    assert turned.status_code == 303, turned.text
    audit.record(archive.database, "admin", audit.AuditAction.unlock, "letter.pdf: 2 page(s)",
                 document_id=archive.failed_document)  # fmt: skip
    page = client.get("/audit").text
    offered = [action.value for action in audit.AuditAction]
    assert all(f'<option value="{action}"' in page for action in offered)
    rotated = client.get("/audit", params={"action": "rotate"}).text
    assert "1 event(s)" in rotated
    assert f"document {archive.huck_finn} page 1" in rotated
    assert "1 event(s)" in client.get("/audit", params={"action": "unlock"}).text
    assert client.get("/audit", params={"action": "sneeze"}).status_code == 400
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    exported = CliRunner().invoke(main, ["audit", "export", "--action", "unlock"], env=env)
    assert exported.exit_code == 0, exported.output
    assert [row["action"] for row in csv.DictReader(io.StringIO(exported.output))] == ["unlock"]
    wrong = CliRunner().invoke(main, ["audit", "export", "--action", "sneeze"], env=env)
    assert wrong.exit_code == 2
    assert "'sneeze' is not one of" in wrong.output
