"""Issue 50 in Debian's chromium: filing a letter to a patient of the practice system's
register (confirm the proposal, or pick another by searching the register), and its sender
from the clinic's sender directory (learned from a confirmed letter, re-assigned to a
sender an admin added)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from docvault.facts import register
from tests.browser.conftest import log_in, screenshot
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter
from tests.support.webarchive import ADMIN, WebArchive

pytestmark = pytest.mark.browser

REGISTER = """id,surname,given_names,birth_date,street,postcode,city
P-1001,Mustermann,Erika,1961-03-12,Hauptstraße 1,79098,Freiburg
P-1002,Mustermann,Erika,1979-08-30,,,
P-2002,Müller,Hans,1950-02-01,Wiesenweg 7,79102,Freiburg
"""

# Two letters of one radiology practice: the first names it in its letter head, the second
# (its short report form) only in a stamp under the text, which the layout rules do not
# read as a sender; the fax number is the same.
FIRST_RADIOLOGY = """Radiologie am Stadtpark
Parkallee 3 · 79098 Freiburg
Tel. 0761 555 120 · Fax 0761 555 129

Freiburg, 02.12.2026

Befundbericht

Patient: Mustermann, Erika, geb. 12.03.1961

Sehr geehrte Kollegin,
die Röntgenaufnahme des Thorax zeigt keinen pathologischen Befund.

Mit freundlichen Grüßen
Dr. med. Anna Roth
"""
SECOND_RADIOLOGY = """Kurzbefund Sonographie

Patient: Mustermann, Erika, geb. 12.03.1961
Untersuchung vom 03.12.2026: Leber und Nieren unauffällig.

Fax 0761 555 129
"""


def test_confirm_then_pick_another_patient_from_the_register(
    page: Page, site: str, archive: WebArchive, tmp_path: Path
) -> None:
    export = tmp_path / "register.csv"
    export.write_text(REGISTER, encoding="utf-8")
    register.refresh_from(archive.database, export)
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    earlier = add_letter(archive, "caltech__hale-letter-1.jpg", FIRST_RADIOLOGY)
    unfiled = add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    log_in(page, site)

    page.goto(f"{site}/documents/{letter}")
    number = page.locator('tr.fact[data-field="patient_id"]')
    expect(number.locator(".value")).to_have_text("P-1001")  # name and birth date: one entry
    expect(number.locator(".evidence")).to_contain_text("register")
    # The patient's other letter (the radiology report, proposed for P-1001 too) is listed.
    expect(page.locator(f'ul.other-letters li[data-document-id="{earlier}"]')).to_be_visible()
    screenshot(page, "patient-proposed", tmp_path)
    page.get_by_role("button", name="Confirm Patient number", exact=True).click()
    expect(number).to_have_attribute("data-state", "confirmed")

    # Not filed: the letters nobody confirmed a patient for (the confirmed one is gone).
    page.goto(f"{site}/")
    page.locator('a[data-filter="unfiled"]').click()
    expect(page.locator(f'tr[data-document-id="{unfiled}"]')).to_be_visible()
    expect(page.locator(f'tr[data-document-id="{letter}"]')).to_have_count(0)

    # Re-assign: the register searched by a transliterated name, another patient picked.
    page.goto(f"{site}/documents/{letter}")
    page.get_by_label("Search the patient register").fill("Mueller")
    page.get_by_role("button", name="Find in the register").click()
    found = page.locator("ul.register-found li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Hans Müller")
    expect(found).to_contain_text("Wiesenweg 7, 79102 Freiburg")  # tells namesakes apart
    screenshot(page, "register-picker", tmp_path)
    page.get_by_role("button", name="File to Hans Müller, number P-2002").click()
    expect(number).to_have_attribute("data-state", "corrected")
    expect(number.locator(".value")).to_have_text("P-2002")
    expect(page.locator("ul.other-letters")).to_have_count(0)  # Hans Müller has no other
    screenshot(page, "patient-reassigned", tmp_path)


def test_a_confirmed_sender_is_learned_then_reassigned_from_the_directory(
    page: Page, site: str, archive: WebArchive, tmp_path: Path
) -> None:
    first = add_letter(archive, "pymupdf__small-table.pdf", FIRST_RADIOLOGY)
    log_in(page, site, ADMIN)
    page.goto(f"{site}/documents/{first}")
    sender = page.locator('tr.fact[data-field="sender"]')
    expect(sender.locator(".value")).to_have_text("Radiologie am Stadtpark")
    page.get_by_role("button", name="Confirm Sender", exact=True).click()
    expect(sender).to_have_attribute("data-state", "confirmed")

    # The next letter with the practice's fax number: its sender from the directory.
    second = add_letter(archive, "caltech__hale-letter-2.jpg", SECOND_RADIOLOGY)
    page.goto(f"{site}/documents/{second}")
    sender = page.locator('tr.fact[data-field="sender"]')
    expect(sender.locator(".value")).to_have_text("Radiologie am Stadtpark")
    expect(sender.locator(".evidence")).to_contain_text("sender directory: fax number 7615551")
    screenshot(page, "sender-from-directory", tmp_path)

    # An admin adds another sender; the letter is re-assigned to it from the directory.
    page.goto(f"{site}/senders")
    expect(page.locator('tr[data-sender="Radiologie am Stadtpark"]')).to_contain_text("761555129")
    form = page.locator("#add-sender")
    form.get_by_label("Name").fill("MVZ Bildgebung Freiburg")
    form.get_by_label("Fax numbers").fill("0761 777 88 99")
    form.get_by_role("button", name="Add").click()
    expect(page.locator('tr[data-sender="MVZ Bildgebung Freiburg"]')).to_contain_text("7617778899")
    screenshot(page, "senders-page", tmp_path)

    page.goto(f"{site}/documents/{second}")
    options = page.locator("datalist#known-senders option")
    expect(options).to_have_count(2)
    page.get_by_label("Correct Sender", exact=True).fill("MVZ Bildgebung Freiburg")
    page.get_by_role("button", name="Correct Sender to the typed value").click()
    expect(sender).to_have_attribute("data-state", "corrected")
    expect(sender.locator(".value")).to_have_text("MVZ Bildgebung Freiburg")
    # The letter's fax number is now the re-assigned sender's as well: no longer one
    # sender's, so it identifies neither (the directory page lists it under both).
    page.goto(f"{site}/senders")
    expect(page.locator('tr[data-sender="MVZ Bildgebung Freiburg"]')).to_contain_text("761555129")
