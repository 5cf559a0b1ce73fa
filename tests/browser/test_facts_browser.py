"""Issue 18 in Debian's chromium: a patient search, then confirming and correcting the
letter's proposed facts in the document view."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from docvault.audit import AuditFilter
from docvault.web import queries
from tests.browser.conftest import log_in
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter, drain_index
from tests.support.webarchive import WebArchive

pytestmark = pytest.mark.browser


def test_search_a_patient_then_confirm_and_correct_the_proposals(
    page: Page, site: str, archive: WebArchive, tmp_path: Path
) -> None:
    mustermann = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    drain_index(archive)
    log_in(page, site)

    page.get_by_label("Search words").fill("patient:mustermann")
    page.keyboard.press("Enter")
    expect(page.locator("p.count")).to_contain_text("1 document(s)")
    patient = page.locator('li.document .fact-inline[data-field="patient"]')
    expect(patient).to_contain_text("Erika Mustermann")
    expect(patient).to_have_attribute("data-fact-state", "proposed")
    page.screenshot(path=str(tmp_path / "patient-search.png"), full_page=True)

    page.locator("li.document h2 a").click()
    # The link carries the search (its own query string, so encoded once more: %253A).
    page.wait_for_url(f"{site}/documents/{mustermann}?search=q%3Dpatient%253Amustermann")
    patient = page.locator('tr.fact[data-field="patient"]')
    born = page.locator('tr.fact[data-field="born"]')
    expect(patient.locator(".badge-proposal")).to_have_text("proposal")
    expect(patient.locator(".evidence")).to_contain_text("Patient: Mustermann, Erika")
    page.screenshot(path=str(tmp_path / "facts-proposed.png"), full_page=True)

    page.get_by_role("button", name="Confirm Patient", exact=True).click()
    expect(patient).to_have_attribute("data-state", "confirmed")
    expect(patient.locator(".badge-proposal")).to_have_count(0)
    expect(patient.locator(".who")).to_contain_text("by nurse")
    expect(born).to_have_attribute("data-state", "proposed")  # the others still wait

    page.get_by_label("Correct Date of birth", exact=True).fill("1. April 1961")
    page.get_by_role("button", name="Correct Date of birth to the typed value").click()
    expect(born).to_have_attribute("data-state", "corrected")
    expect(born.locator(".value")).to_have_text("01.04.1961")  # the clinic's date format
    page.screenshot(path=str(tmp_path / "facts-corrected.png"), full_page=True)
    # The corrections kept the way back to the search the letter was opened from.
    expect(page.get_by_role("link", name="« back to results")).to_be_visible()

    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    changes = [(event.action, event.document_id) for event in reversed(events)
               if event.action.endswith("fact")]  # fmt: skip
    assert changes == [("confirm fact", mustermann), ("correct fact", mustermann)]

    drain_index(archive)
    page.goto(f"{site}/")
    page.get_by_label("Search words").fill("born:1.4.61")
    page.keyboard.press("Enter")
    expect(page.locator("li.document")).to_have_count(1)
    patient = page.locator('li.document .fact-inline[data-field="patient"]')
    expect(patient).to_contain_text("Erika Mustermann")
    expect(patient).to_have_attribute("data-fact-state", "confirmed")  # by the nurse, above
