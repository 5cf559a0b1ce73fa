"""The searchable PDF from the web view: a finished document's download (audited), a clear
sentence while it is being read, and its link in the JSON API."""

from __future__ import annotations

from collections.abc import Iterator

import pymupdf
import pytest
from fastapi.testclient import TestClient

from docvault import pdfa
from docvault.audit import AuditFilter, events
from docvault.web.app import create_app
from tests.support.webarchive import WebArchive, add_document
from tests.web.test_web import log_in


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        log_in(test_client)
        yield test_client


def test_a_finished_document_downloads_as_a_searchable_pdf(
    archive: WebArchive, client: TestClient
) -> None:
    viewer = client.get(f"/documents/{archive.huck_finn}")
    assert f'href="/documents/{archive.huck_finn}/searchable.pdf"' in viewer.text
    # Not made yet: whether it will be a PDF/A is not known.
    assert client.get(f"/api/documents/{archive.huck_finn}").json()["pdfa"] is None
    answer = client.get(f"/documents/{archive.huck_finn}/searchable.pdf")
    assert answer.status_code == 200, answer.text
    assert pdfa.check(answer.content).passed  # the archive copy: a validated PDF/A-2u
    assert answer.headers["content-type"] == "application/pdf"
    assert "ocrmypdf__c02-22.searchable.pdf" in answer.headers["content-disposition"]
    with pymupdf.open("pdf", answer.content) as built:
        assert "scrouched" in built[0].get_text()  # the Markdown laid over the ink lines
    looks = list(events(archive.database, AuditFilter(action="download searchable")))
    assert [row.document_id for row in looks] == [archive.huck_finn]
    api = client.get(f"/api/documents/{archive.huck_finn}").json()
    assert api["searchable_pdf_url"] == f"/documents/{archive.huck_finn}/searchable.pdf"
    assert (api["pdfa"], api["pdfa_note"]) == (True, None)
    assert api["pdfa_level"] == pdfa.declared_level(answer.content) == "2u"


def test_a_document_still_being_read_has_no_searchable_pdf_yet(
    archive: WebArchive, client: TestClient
) -> None:
    reading, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__jbig2.pdf", "fax")
    viewer = client.get(f"/documents/{reading}")
    assert "searchable PDF once every page is read" in viewer.text
    assert f"/documents/{reading}/searchable.pdf" not in viewer.text
    answer = client.get(f"/documents/{reading}/searchable.pdf")
    assert answer.status_code == 409
    assert "still being read" in answer.text
    assert client.get(f"/api/documents/{reading}").json()["searchable_pdf_url"] is None
