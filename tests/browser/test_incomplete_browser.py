"""Issue 26 in Debian's chromium: a page that lost a line is on the problems page, and its
view marks the lost line on the page image, where the line is, at every zoom."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.conftest import log_in, screenshot
from tests.support.lostline import LOST_REASON, record_lost_line_page, write_letter
from tests.support.webarchive import WebArchive

pytestmark = pytest.mark.browser

# The mark may sit a pixel off where chromium rounds the scaled image to device pixels.
TOLERANCE_PIXELS = 1.0
# Its outline (static/docvault.css: 3px, not scaled) lies half outside the box.
HALF_STROKE_PIXELS = 1.5


def _box(locator: Locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, "not laid out"
    return box


def _assert_mark_over(
    mark: Locator, image: Locator, pixels: tuple[int, int, int, int], size: tuple[int, int]
) -> None:
    """The mark covers exactly the box's part of the image as the image is shown now (its
    outline around it)."""
    shown, drawn = _box(image), _box(mark)
    scale_x, scale_y = shown["width"] / size[0], shown["height"] / size[1]
    left, top, right, bottom = pixels
    expected = {
        "x": shown["x"] + left * scale_x - HALF_STROKE_PIXELS,
        "y": shown["y"] + top * scale_y - HALF_STROKE_PIXELS,
        "width": (right - left) * scale_x + 2 * HALF_STROKE_PIXELS,
        "height": (bottom - top) * scale_y + 2 * HALF_STROKE_PIXELS,
    }
    for key, value in expected.items():
        assert abs(drawn[key] - value) <= TOLERANCE_PIXELS, (key, drawn, expected)


def test_an_incomplete_page_is_listed_and_its_lost_line_is_marked_on_the_image(
    page: Page, site: str, archive: WebArchive, tmp_path: Path
) -> None:
    letter = write_letter(tmp_path)
    document_id, page_id = record_lost_line_page(archive.database, archive.data_dir, letter)
    log_in(page, site)
    page.goto(f"{site}/problems")
    row = page.locator(f'tr[data-page-id="{page_id}"]')
    expect(row.locator(".state")).to_have_text("incomplete")
    expect(row.locator(".reason")).to_contain_text("Text may be missing on this page.")
    screenshot(page, "problems-incomplete", tmp_path)

    row.get_by_role("link", name="See the 1 marked region(s)").click()
    page.wait_for_url(f"{site}/documents/{document_id}?page=1#page-image")
    image = page.locator("#page-image img")
    page.wait_for_function("document.querySelector('#page-image img').naturalWidth > 0")
    assert image.evaluate("element => [element.naturalWidth, element.naturalHeight]") == list(
        letter.image_size
    )
    mark = page.locator("#page-image rect.suspect")
    expect(mark).to_have_count(1)
    expect(mark).to_be_visible()
    expect(mark.locator("title")).to_have_text(f"1: {LOST_REASON}")
    expect(page.locator(".suspect-list li")).to_have_text(LOST_REASON)
    _assert_mark_over(mark, image, letter.lost_box, letter.image_size)
    # Scaled by CSS (fit: smaller than the image's pixels; 200%: larger), it stays on the line.
    assert _box(image)["width"] < letter.image_size[0]
    page.get_by_role("button", name="200%").click()
    _assert_mark_over(mark, image, letter.lost_box, letter.image_size)
    page.get_by_role("button", name="fit").click()
    _assert_mark_over(mark, image, letter.lost_box, letter.image_size)
    expect(page.locator(".missing-text")).to_contain_text("Text may be missing on this page.")
    expect(page.locator(".transcription pre.plain-text")).to_contain_text("(*) to our clinic.")
    mark.scroll_into_view_if_needed()
    path = screenshot(page, "incomplete-page", tmp_path)
    assert path.stat().st_size > 0
    mark_shot = tmp_path / "lost-line-mark.png"
    page.screenshot(path=str(mark_shot), clip=_around(_box(mark)))


def _around(box: dict[str, float], margin: float = 40) -> dict[str, float]:
    """The mark and a margin of the page around it, for a close look at the screenshot."""
    return {
        "x": max(0.0, box["x"] - margin),
        "y": max(0.0, box["y"] - margin),
        "width": box["width"] + 2 * margin,
        "height": box["height"] + 2 * margin,
    }
