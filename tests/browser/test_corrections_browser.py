"""Misread words put right by the dictionary check (issue 47), seen in Debian's chromium on a
real uvicorn server: each corrected word marked with how the engine read it, the text as
read one click away, and the page found by the corrected word and by the word as read."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import Page, expect

from docvault.corrections import Corrector
from docvault.vocabulary import TextFormat
from tests.browser.conftest import log_in
from tests.support.damaged import FIXTURES
from tests.support.readfax import FAX, ReplayedEngine
from tests.support.webarchive import WebArchive
from tests.support.worker_run import read_all, record_file

pytestmark = pytest.mark.browser


def test_corrected_words_are_marked_and_the_reading_is_one_click_away(
    page: Page, site: str, archive: WebArchive
) -> None:
    document_id = record_file(archive.database, FIXTURES / FAX, archive.data_dir)
    engine = ReplayedEngine("cpu", TextFormat.plain)
    # Read by the real worker in a thread of its own: Playwright's event loop runs in this one.
    with ThreadPoolExecutor(1) as reader:
        reader.submit(
            read_all, archive.database, archive.data_dir, engine, 1, corrector=Corrector()
        ).result()
    archive.reindex()
    log_in(page, site)
    page.goto(f"{site}/documents/{document_id}")
    text = page.locator(".transcription")
    marked = text.locator("ins.corrected")
    expect(marked).to_have_text(["Beurteilung", "Hyperkaliämie", "Patientin"])
    expect(marked.first).to_have_attribute("title", "read as: Beurtellung")
    expect(text).to_contain_text("Beurteilung: Hyperkaliämie bei Niereninsuffizienz")
    expect(text).to_contain_text("3 misread words put right by the dictionary check")

    page.get_by_role("link", name="Show the text as the engine read it").click()
    expect(text).to_contain_text("Beurtellung: Hyperkallämie bei Niereninsuffizienz")
    expect(text.locator("ins.corrected")).to_have_count(0)
    page.get_by_role("link", name="Show the text with the corrected words").click()
    expect(marked).to_have_count(3)

    for word in ("Beurteilung", "Beurtellung"):
        page.goto(f"{site}/")
        page.get_by_label("Search words").fill(word)
        page.keyboard.press("Enter")
        expect(page.locator("p.count")).to_contain_text("1 document(s), 1 page(s)")
        # The snippet shows the text staff read: the corrected word, marked either way.
        expect(page.locator("mark")).to_have_text(["Beurteilung"])
        expect(page.locator(f'a[href^="/documents/{document_id}"]').first).to_be_visible()
