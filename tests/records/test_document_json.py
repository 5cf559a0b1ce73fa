"""A document's one JSON description (docvault.records.document_json), held to
docs/document.schema.json in all three places it is read: `docvault documents --json`,
`GET /api/documents/ID` and the hand-over's `document`; and `docvault documents` listing a
duplicate without a traceback.

The archive is the web tests' real one (a done letter, a document with a looped and a failed
page, a refused file), plus a letter whose facts a person confirmed and corrected, a page the
coverage check found incomplete and docvault turned upright, and the same bytes arriving
again under another name.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from docvault import records
from docvault.cli import main
from docvault.db import read_session, write_transaction
from docvault.facts import store as fact_store
from docvault.models import Document, utcnow
from docvault.records.handover import Delivery, build_payload
from docvault.vocabulary import CoverageReport, SuspectRegion, TextFormat, Verdict
from docvault.web.app import create_app
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter
from tests.support.webarchive import ADMIN, OWNER, WebArchive, add_document, attempt
from tests.web.test_web import log_in

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "docs" / "document.schema.json").read_text(encoding="utf-8")
)
BASE_URL = "https://docvault.praxis.example"
URL_FIELDS = ("document_url", "original_url", "searchable_pdf_url")
INCOMPLETE_TEXT = "Befund\nNatrium 140 mmol/l\n\nKalium 4,1 mmol/l"


@dataclass(frozen=True)
class Described:
    """The documents of the archive, by what they show."""

    archive: WebArchive
    letter: int  # done, patient confirmed, sender corrected, the rest proposed
    incomplete: int  # one page: incomplete, turned 90° (detected), plain text
    reading: int  # its pages still queued

    @property
    def every_id(self) -> list[int]:
        archive = self.archive
        return [
            archive.huck_finn,
            archive.multi_page,
            archive.xss,
            archive.failed_document,
            self.letter,
            self.incomplete,
            self.reading,
        ]


def schema_errors(document: object) -> list[str]:
    """Each way `document` breaks the schema, as a sentence with where (none: it holds)."""
    validator = Draft202012Validator(SCHEMA)
    return [
        f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message}"
        for error in validator.iter_errors(document)
    ]


def _copy_of_huck_finn(archive: WebArchive) -> None:
    """The same bytes dropped again under another name: intake records a duplicate."""
    with read_session(archive.database) as session:
        first = session.get(Document, archive.huck_finn)
        assert first is not None
        new = records.NewDocument(
            sha256=first.sha256,
            original_name="huck-finn-again.pdf",
            inbox="scans",
            original_path="/srv/inbox/scans/huck-finn-again.pdf",
            archive_path=first.archive_path,
            size_bytes=first.size_bytes,
        )
    assert records.record_document(archive.database, new, 1).duplicate


def _incomplete_page(archive: WebArchive) -> int:
    """A one-page document read as plain lines, turned upright, with a line missing."""
    document_id, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__ccitt.pdf", "lab")
    (claimed,) = records.claim(archive.database, OWNER, limit=10, lease_seconds=600)
    report = CoverageReport(4, 3, (SuspectRegion((10, 20, 300, 60), "no text read here"),))
    finished = records.FinishedPage(
        claimed.page_id,
        INCOMPLETE_TEXT,
        False,
        [attempt(INCOMPLETE_TEXT, Verdict.clean)],
        rotation=(90, "detected"),
        coverage=report,
        text_format=TextFormat.plain,
    )
    assert records.complete_many(archive.database, OWNER, [finished]) == [True]
    return document_id


@pytest.fixture
def described(archive: WebArchive) -> Described:
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with write_transaction(archive.database) as session:
        fact_store.confirm(session, letter, "patient", "nurse")
        fact_store.confirm(session, letter, "sender", "nurse", corrected="Klinikum Nord Freiburg")
    _copy_of_huck_finn(archive)
    incomplete = _incomplete_page(archive)
    reading, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__jbig2.pdf", "fax")
    return Described(archive, letter, incomplete, reading)


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def _cli(archive: WebArchive, *arguments: str) -> str:
    """`docvault ARGUMENTS` against the archive's own database, as an admin runs it."""
    environment = {
        "DOCVAULT_CONFIG": "",
        "DOCVAULT_DATA_DIR": str(archive.data_dir),
        "DOCVAULT_INBOX": str(archive.data_dir.parent / "inbox"),
        "DOCVAULT_HANDOVER_LINK_BASE_URL": BASE_URL,
    }
    result = CliRunner().invoke(main, list(arguments), env=environment)
    assert result.exception is None, result.output
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    return result.output


def _handed_over(archive: WebArchive, document_id: int, page_texts: str) -> dict[str, Any]:
    delivery = Delivery(1, "event-1", document_id, "done", "webhook", 0, utcnow())
    payload = build_payload(archive.database, delivery, page_texts, BASE_URL)
    assert payload is not None
    return payload


# --- each reader's description holds to the schema -----------------------------------------


def test_the_api_describes_every_kind_of_document_by_the_schema(
    described: Described, client: TestClient
) -> None:
    archive = described.archive
    log_in(client)
    by_id = {}
    for document_id in described.every_id:
        answer = client.get(f"/api/documents/{document_id}")
        assert answer.status_code == 200, answer.text
        by_id[document_id] = answer.json()
        assert schema_errors(by_id[document_id]) == [], document_id

    multi_page = by_id[archive.multi_page]
    assert multi_page["status"] == "attention"
    assert [page["status"] for page in multi_page["pages"]] == ["done", "looped", "failed"]
    assert multi_page["page_counts"] == {
        "total": 3, "queued": 0, "running": 0, "done": 1, "incomplete": 0, "looped": 1, "failed": 1
    }  # fmt: skip
    assert multi_page["pages"][2]["error"].startswith("Page 3 of document")
    assert multi_page["pages"][2]["characters"] is None, "a failed page has no text to count"
    assert multi_page["pages"][0]["characters"] > 0
    assert "archive_path" not in multi_page, "server paths are for administrators"

    failed = by_id[archive.failed_document]
    assert (failed["status"], failed["pages"], failed["page_counts"]["total"]) == ("failed", [], 0)
    assert failed["error"]
    assert failed["error_code"] == "corrupt-document"
    assert failed["searchable_pdf_url"] is None

    huck_finn = by_id[archive.huck_finn]
    assert [copy["file_name"] for copy in huck_finn["duplicates"]] == ["huck-finn-again.pdf"]
    assert huck_finn["searchable_pdf_url"] == f"/documents/{archive.huck_finn}/searchable.pdf"
    assert huck_finn["pages"][0]["text"] is None, "the API gives the text at the page's URL"
    assert huck_finn["pages"][0]["text_url"] == f"/api/documents/{archive.huck_finn}/pages/1"

    reading = by_id[described.reading]
    assert reading["status"] == "processing"
    assert reading["page_counts"]["queued"] == reading["page_counts"]["total"] > 0
    assert reading["searchable_pdf_url"] is None

    (page,) = by_id[described.incomplete]["pages"]
    assert (page["status"], page["rotation"], page["rotation_source"]) == (
        "incomplete",
        90,
        "detected",
    )
    assert (page["text_format"], page["lines"], page["words"]) == ("plain", 3, 7)
    assert page["characters"] == len("Befund\nNatrium 140 mmol/l\nKalium 4,1 mmol/l")


def test_the_facts_are_the_panels_with_their_state_and_who_confirmed_them(
    described: Described, client: TestClient
) -> None:
    log_in(client)
    facts = client.get(f"/api/documents/{described.letter}").json()["facts"]
    assert list(facts) == ["patient", "born", "letter_date", "sender", "title", "patient_id"]
    assert facts["patient"]["value"] == "Erika Mustermann"
    assert (facts["patient"]["state"], facts["patient"]["confirmed_by"]) == ("confirmed", "nurse")
    assert facts["patient"]["confirmed_at"] is not None
    assert facts["sender"]["state"] == "corrected"
    assert facts["sender"]["value"] == "Klinikum Nord Freiburg"
    assert facts["sender"]["proposed"] not in (None, "Klinikum Nord Freiburg")
    assert facts["born"] == {
        "value": "1961-03-12",
        "state": "proposed",
        "proposed": "1961-03-12",
        "confirmed_by": None,
        "confirmed_at": None,
    }
    assert facts["letter_date"]["value"] == "2026-11-14"
    without = client.get(f"/api/documents/{described.archive.huck_finn}").json()["facts"]
    assert {fact["state"] for fact in without.values()} <= {"none", "proposed"}
    assert all(fact["value"] is None for fact in without.values() if fact["state"] == "none")


def test_an_administrator_sees_the_server_paths(described: Described, client: TestClient) -> None:
    log_in(client, ADMIN)
    document = client.get(f"/api/documents/{described.archive.huck_finn}").json()
    assert schema_errors(document) == []
    assert document["original_path"] == "/srv/inbox/fax/ocrmypdf__c02-22.pdf"
    assert document["archive_path"]
    assert document["duplicates"][0]["original_path"] == "/srv/inbox/scans/huck-finn-again.pdf"


def test_the_hand_over_wraps_the_same_description(described: Described) -> None:
    archive = described.archive
    for document_id in (described.letter, archive.multi_page, described.incomplete):
        for page_texts in ("inline", "link"):
            payload = _handed_over(archive, document_id, page_texts)
            assert set(payload) == {"event_id", "event", "occurred_at", "status", "document"}
            assert (payload["event"], payload["status"]) == ("document.done", "done")
            assert schema_errors(payload["document"]) == [], (document_id, page_texts)
            assert "archive_path" not in payload["document"], "no server paths leave docvault"
    inline = _handed_over(archive, described.letter, "inline")["document"]
    assert inline["pages"][0]["text"] == MUSTERMANN_LETTER
    assert inline["document_url"] == f"{BASE_URL}/documents/{described.letter}"
    assert inline["facts"]["patient"]["value"] == "Erika Mustermann"
    linked = _handed_over(archive, described.letter, "link")["document"]
    assert linked["pages"][0]["text"] is None
    assert linked["pages"][0]["text_url"] == f"{BASE_URL}/api/documents/{described.letter}/pages/1"


def test_documents_json_describes_every_document_by_the_schema(described: Described) -> None:
    archive = described.archive
    listed = json.loads(_cli(archive, "documents", "--json"))["documents"]
    assert [document["id"] for document in listed] == sorted(described.every_id)
    for document in listed:
        assert schema_errors(document) == [], document["id"]
    by_id = {document["id"]: document for document in listed}
    assert by_id[archive.huck_finn]["duplicates"][0]["file_name"] == "huck-finn-again.pdf"
    assert by_id[archive.huck_finn]["document_url"] == f"{BASE_URL}/documents/{archive.huck_finn}"
    assert "archive_path" in by_id[archive.huck_finn], "the command is run by an administrator"

    copies = json.loads(_cli(archive, "documents", "--status", "duplicate", "--json"))
    assert [document["id"] for document in copies["documents"]] == [archive.huck_finn]
    failed = json.loads(_cli(archive, "documents", "--status", "failed", "--json"))
    assert [document["id"] for document in failed["documents"]] == [archive.failed_document]


def test_documents_lists_a_duplicate_without_a_traceback(described: Described) -> None:
    archive = described.archive
    lines = _cli(archive, "documents").splitlines()
    assert len(lines) == len(described.every_id) + 1
    copy_line = f"- duplicate 1p scans/huck-finn-again.pdf duplicate of {archive.huck_finn}"
    assert lines[-1].split() == copy_line.split()
    (multi_page,) = [line for line in lines if line.split()[0] == str(archive.multi_page)]
    assert multi_page.split()[1:3] == ["attention", "3p"]
    (only_copy,) = _cli(archive, "documents", "--status", "duplicate").splitlines()
    assert only_copy == lines[-1]


def test_all_three_readers_get_one_description(described: Described, client: TestClient) -> None:
    """Beside what each reader may see and reach (links, server paths, the text inline),
    the command, the API and the hand-over say the same of a document."""

    def common(document: dict[str, Any]) -> dict[str, Any]:
        kept = {
            key: value
            for key, value in copy.deepcopy(document).items()
            if key not in (*URL_FIELDS, "archive_path", "original_path")
        }
        for duplicate in kept["duplicates"]:
            duplicate.pop("original_path", None)
        for page in kept["pages"]:
            page.pop("text"), page.pop("text_url")
        return kept

    archive = described.archive
    log_in(client, ADMIN)
    listed = json.loads(_cli(archive, "documents", "--json"))["documents"]
    for document in listed:
        api = client.get(f"/api/documents/{document['id']}").json()
        assert list(api) == list(document), "the same fields, in the same order"
        assert common(api) == common(document)
        if document["status"] in ("done", "attention"):
            handed = _handed_over(archive, document["id"], "inline")["document"]
            assert common(handed) == common(document)


# --- the schema can fail -------------------------------------------------------------------


def test_the_schema_refuses_the_old_shapes(described: Described, client: TestClient) -> None:
    log_in(client)
    good = client.get(f"/api/documents/{described.letter}").json()
    assert schema_errors(good) == []

    def broken(change: Any) -> list[str]:
        document = copy.deepcopy(good)
        change(document)
        return schema_errors(document)

    assert broken(lambda document: document.update(pages=1)), "pages as a count"
    assert broken(lambda document: document.update(page_count=1)), "a field of an old shape"
    assert broken(lambda document: document.pop("facts")), "no facts"
    assert broken(lambda document: document["facts"].pop("born")), "a fact left out"
    assert broken(lambda document: document["facts"]["born"].update(value="12.03.1961"))
    assert broken(lambda document: document["facts"]["title"].update(state="guessed"))
    assert broken(lambda document: document["pages"][0].update(status="lost"))
    assert broken(lambda document: document.update(tags="letters")), "tags as one string"
    assert broken(lambda document: document["page_counts"].pop("looped"))
