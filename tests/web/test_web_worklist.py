"""Issue 27 over a real HTTP server: the to-do list (handled, audited, filtered), confirm all,
the first-run sentence on the login page, and the clinic's local time."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest
from sqlmodel import delete

from docvault import db
from docvault.audit import AuditFilter
from docvault.config import load_settings
from docvault.models import DocumentFact, User, WebSession
from docvault.service import first_account_command
from docvault.web import queries
from docvault.web.display import Display
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter
from tests.support.liveserver import LiveServer, csrf_token, logged_in_site
from tests.support.webarchive import NURSE, WebArchive, record_arrivals

ROW = re.compile(r'<tr data-document-id="(\d+)"')


@pytest.fixture
def nurse(archive: WebArchive) -> Iterator[httpx.Client]:
    with logged_in_site(archive, NURSE) as client:
        yield client


def listed(client: httpx.Client, **filters: str) -> list[int]:
    answer = client.get("/", params=filters)
    assert answer.status_code == 200, answer.text
    return [int(found) for found in ROW.findall(answer.text)]


def mark(client: httpx.Client, document_id: int, action: str) -> httpx.Response:
    token = csrf_token(client, "/")
    return client.post(
        f"/documents/{document_id}/handled",
        data={"csrf_token": token, "action": action, "next": "/?todo=todo"},
    )


def test_handled_letters_leave_the_to_do_list_and_each_change_is_audited(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    everything = set(listed(nurse))
    assert set(listed(nurse, todo="todo")) == everything
    assert listed(nurse, todo="handled") == []
    answer = mark(nurse, archive.huck_finn, "handled")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/?todo=todo"
    assert set(listed(nurse, todo="todo")) == everything - {archive.huck_finn}
    assert listed(nurse, todo="handled") == [archive.huck_finn]
    assert mark(nurse, archive.huck_finn, "handled").status_code == 303  # again: no change
    assert mark(nurse, archive.huck_finn, "todo").status_code == 303
    assert set(listed(nurse, todo="todo")) == everything
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    changes = [(event.action, event.document_id) for event in reversed(events)
               if event.action.startswith("mark ")]  # fmt: skip
    assert changes == [("mark handled", archive.huck_finn), ("mark to do", archive.huck_finn)]


def test_marking_needs_the_form_token_a_known_action_and_a_real_document(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    refused = nurse.post(f"/documents/{archive.huck_finn}/handled", data={"action": "handled"})
    assert refused.status_code == 403  # no CSRF token
    assert mark(nurse, archive.huck_finn, "archive").status_code == 400
    assert mark(nurse, 999_999, "handled").status_code == 404
    answer = nurse.get("/", params={"todo": "someday"})
    assert answer.status_code == 400
    assert "todo or handled" in answer.text
    assert set(listed(nurse, todo="todo")) == set(listed(nurse))  # nothing was marked


def mark_many(client: httpx.Client, document_ids: list[int], action: str) -> httpx.Response:
    form = {"csrf_token": csrf_token(client, "/"), "action": action, "next": "/?todo=todo",
            "document_id": [str(document_id) for document_id in document_ids]}  # fmt: skip
    return client.post("/documents/handled", data=form)


def _mark_changes(archive: WebArchive) -> list[tuple[str, int | None]]:
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 500)
    return [(event.action, event.document_id) for event in reversed(events)
            if event.action.startswith("mark ")]  # fmt: skip


def test_twenty_ticked_letters_are_marked_handled_in_one_action_each_audited(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    letters = record_arrivals(archive, 20)
    answer = mark_many(nurse, letters, "handled")
    assert answer.status_code == 303
    assert answer.headers["location"] == "/?todo=todo"
    assert set(listed(nurse, todo="handled")) == set(letters)
    assert sorted(_mark_changes(archive)) == sorted(("mark handled", letter) for letter in letters)
    assert mark_many(nurse, letters[:5], "todo").status_code == 303
    assert set(listed(nurse, todo="handled")) == set(letters[5:])
    assert _mark_changes(archive)[-5:] == [("mark to do", letter) for letter in letters[:5]]


def test_a_letter_with_an_unsettled_problem_is_not_marked_handled_and_the_answer_says_why(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    refused = mark(nurse, archive.failed_document, "handled")
    assert refused.status_code == 409
    assert "has a problem nobody settled yet (failed)" in refused.text
    assert "settle it on the problems page" in refused.text
    both = mark_many(nurse, [archive.huck_finn, archive.multi_page], "handled")
    assert both.status_code == 409
    assert "1 letter(s) marked handled" in both.text
    assert "paperless__multi-page-digital.pdf" in both.text
    assert listed(nurse, todo="handled") == [archive.huck_finn]
    assert _mark_changes(archive) == [("mark handled", archive.huck_finn)]
    # The list offers no way to tick or mark it, and says what to do instead.
    page = nurse.get("/", params={"todo": "todo"}).text
    row = re.search(rf'<tr data-document-id="{archive.multi_page}".*?</tr>', page, re.S)
    assert row is not None
    assert 'name="document_id"' not in row.group()
    assert "settle the problem first" in row.group()
    # Settled (dismissed with a reason), it is marked like any other.
    token = csrf_token(nurse, "/problems")
    dismissed = nurse.post(f"/documents/{archive.multi_page}/dismiss",
                           data={"csrf_token": token, "reason": "page 3 is blank"})  # fmt: skip
    assert dismissed.status_code == 303, dismissed.text
    assert mark(nurse, archive.multi_page, "handled").status_code == 303


def test_marking_many_refuses_an_empty_or_a_hostile_form(nurse: httpx.Client) -> None:
    assert mark_many(nurse, [], "handled").status_code == 400
    assert mark_many(nurse, list(range(1, 502)), "handled").status_code == 400
    token = csrf_token(nurse, "/")
    form = {"csrf_token": token, "action": "handled", "document_id": "x"}
    bad = nurse.post("/documents/handled", data=form)
    assert bad.status_code == 400
    assert "not a number" in bad.text


def test_confirm_all_confirms_every_proposal_and_leaves_an_invalid_one_to_correct(
    nurse: httpx.Client, archive: WebArchive
) -> None:
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    assert listed(nurse, facts="unconfirmed") == [letter]
    with db.write_transaction(archive.database) as session:
        # A proposal from before the checks existed: month 13 is no date of birth.
        session.execute(
            DocumentFact.__table__.update()  # type: ignore[attr-defined]
            .where(DocumentFact.field == "born")
            .values(proposed="1961-13-12")
        )
    token = csrf_token(nurse, f"/documents/{letter}")
    answer = nurse.post(f"/documents/{letter}/facts/confirm-all", data={"csrf_token": token})
    assert answer.status_code == 303
    page = nurse.get(f"/documents/{letter}").text
    states = dict(re.findall(r'data-field="(\w+)" data-state="(\w+)"', page))
    assert states == {
        "patient": "confirmed", "born": "invalid", "letter_date": "confirmed",
        "sender": "confirmed", "title": "confirmed",
    }  # fmt: skip
    # No register was imported, so no patient-number row is offered.
    # The invalid one still waits for a person to type the right date: still listed.
    assert listed(nurse, facts="unconfirmed") == [letter]
    assert "type the right value and choose Correct" in page
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    confirmed = [event.detail for event in events if event.action == "confirm all facts"]
    assert len(confirmed) == 1
    assert "patient: 'Erika Mustermann' confirmed" in confirmed[0]


def test_the_login_page_says_how_to_make_the_first_account_only_while_there_is_none(
    archive: WebArchive, tmp_path: Path
) -> None:
    config = tmp_path / "clinic.toml"
    config.write_text(f'data_dir = "{archive.data_dir}"\n')
    settings = load_settings(config, environ={}, cwd=tmp_path)
    command = first_account_command(settings)
    assert command.endswith(f"--config {config} user add YOUR-NAME --admin")
    context = dataclasses.replace(archive.context, first_account_command=command)
    with db.write_transaction(archive.database) as session:
        session.execute(delete(WebSession))
        session.execute(delete(User))
    server = LiveServer(context)
    site = server.start()
    try:
        with httpx.Client(base_url=site) as client:
            fresh = client.get("/login").text
            assert "No account exists yet" in fresh
            assert f"{config} user add YOUR-NAME --admin" in fresh
    finally:
        server.stop()


def test_times_are_shown_in_the_clinic_zone_and_date_format() -> None:
    berlin = Display(ZoneInfo("Europe/Berlin"), "german")
    assert berlin.when(datetime(2026, 1, 15, 23, 30, tzinfo=UTC)) == "16.01.2026 00:30"
    assert berlin.when(datetime(2026, 7, 15, 23, 30, tzinfo=UTC)) == "16.07.2026 01:30"
    assert berlin.day("1961-03-12") == "12.03.1961"
    iso = Display(ZoneInfo("America/New_York"), "iso")
    assert iso.when(datetime(2026, 1, 15, 3, 0, tzinfo=UTC)) == "2026-01-14 22:00"
    assert iso.day("1961-03-12") == "1961-03-12"
    assert berlin.day("not a date") == "not a date"
