"""Issue 47 in Debian's chromium: a signed letter read in full is done, with nothing marked
on its signature; the same signed letter with a line the engine lost is on the problems
page with that line, and only that line, marked on the image.

The page's ink lines are the render's (docvault.render) and its report is the coverage
check's own (docvault.coverage.check) over a reading that has every line at its box, or
every line but one: the reader is the only stand-in."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import log_in, screenshot
from tests.browser.test_incomplete_browser import _assert_mark_over
from tests.support.lostline import LOST, checked, record_lost_line_page, write_letter
from tests.support.webarchive import WebArchive

pytestmark = pytest.mark.browser


def test_a_signed_page_read_in_full_is_done_and_a_lost_line_beside_a_signature_is_marked(
    page: Page, site: str, archive: WebArchive, tmp_path: Path
) -> None:
    signed = write_letter(tmp_path, signed=True, name="signed-letter.pdf")
    text, report = checked(signed, lost=None)
    assert report.complete  # the check itself: the signature is no lost line
    done_document, done_page = record_lost_line_page(
        archive.database, archive.data_dir, signed, report=report, transcription=text
    )
    lossy = write_letter(tmp_path, signed=True, name="signed-letter-lost-line.pdf")
    text, report = checked(lossy, lost=LOST)
    lost_document, lost_page = record_lost_line_page(
        archive.database, archive.data_dir, lossy, report=report, transcription=text
    )
    log_in(page, site)
    page.goto(f"{site}/problems")
    expect(page.locator(f'tr[data-page-id="{lost_page}"] .state')).to_have_text("incomplete")
    expect(page.locator(f'tr[data-page-id="{done_page}"]')).to_have_count(0)

    page.goto(f"{site}/documents/{done_document}?page=1", wait_until="domcontentloaded")
    _wait_for_image(page, signed.image_size)
    expect(page.locator(".transcription pre.plain-text")).to_contain_text("Dr. Anna Schmidt")
    expect(page.locator("#page-image rect.suspect")).to_have_count(0)
    expect(page.locator(".missing-text")).to_have_count(0)
    screenshot(page, "signed-page-done", tmp_path)

    page.goto(f"{site}/documents/{lost_document}?page=1#page-image", wait_until="domcontentloaded")
    image = _wait_for_image(page, lossy.image_size)
    expect(page.locator(".missing-text")).to_contain_text("Text may be missing on this page.")
    mark = page.locator("#page-image rect.suspect")
    expect(mark).to_have_count(1)
    expect(mark).to_be_visible()
    (suspect,) = report.suspects
    _assert_mark_over(mark, image, suspect.box, lossy.image_size)
    lost_left, lost_top, lost_right, lost_bottom = lossy.lost_box
    left, top, right, bottom = suspect.box  # the mark lies on the lost line, not the signature
    assert lost_top <= (top + bottom) / 2 <= lost_bottom
    assert right - left >= 0.9 * (lost_right - lost_left)
    screenshot(page, "signed-page-lost-line", tmp_path)


def _wait_for_image(page: Page, size: tuple[int, int]) -> Locator:
    """The page image, once chromium has it whole (the page's CSP allows no string eval)."""
    image = page.locator("#page-image img")
    image.scroll_into_view_if_needed()  # the image loads lazily
    # The server draws the image on the first request: give a busy machine its time.
    expect(image).to_have_js_property("complete", True, timeout=30_000)
    assert image.evaluate("element => [element.naturalWidth, element.naturalHeight]") == list(size)
    return image
