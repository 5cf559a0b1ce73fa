"""A fax page found in Debian's chromium by a word the CPU engine misread, the word marked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import log_in
from tests.support.webarchive import TEXTS, WebArchive, add_document, finish_claimed

pytestmark = pytest.mark.browser

FAX_PAGE = (
    "Befund vom 01.10.2025\n\nLabor: Hyperkallämie (K+ 6,1 mmol/l) bei Niereninsuffizienz.\n\n"
    "Kontrolle in 3 Tagen."
)


def test_a_fax_page_is_found_by_its_misread_word_and_the_word_is_marked(
    page: Page, site: str, archive: WebArchive
) -> None:
    fax, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__ccitt.pdf", "fax")
    TEXTS[(fax, 1)] = FAX_PAGE
    finish_claimed(archive.database, {})
    archive.reindex()
    log_in(page, site)
    page.get_by_label("Search words").fill("Hyperkaliämie")
    page.keyboard.press("Enter")
    expect(page.locator("p.count")).to_contain_text("1 document(s), 1 page(s)")
    expect(page.locator("mark")).to_have_text(["Hyperkallämie"])

    page.get_by_role("link", name="page 1").click()
    page.wait_for_url(re.compile(rf"/documents/{fax}\?page=1&search=q%3D"))
    expect(page.locator(".transcription")).to_contain_text("Labor: Hyperkallämie (K+ 6,1")
    expect(page.locator(".transcription mark")).to_have_text(["Hyperkallämie"])
