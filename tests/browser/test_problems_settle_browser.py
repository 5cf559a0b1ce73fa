"""Issue 27 in Debian's chromium, at 1440x900 and at 1024x768: an administrator settles each
kind of problem from the problems page (a refused file tried again, one dismissed with a
reason, a document with problem pages deleted after the confirmation, an index problem
dismissed) and a wrong unlock password comes back to the form with its sentence; the
menu's count falls with each; staff read the protected PDF's message meant for them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from docvault.search.pages import not_indexable, record_problems
from tests.browser.conftest import log_in, screenshot
from tests.support.problems import add_protected, add_timed_out
from tests.support.webarchive import ADMIN, NURSE, WebArchive

pytestmark = pytest.mark.browser

VIEWPORTS = [(1440, 900), (1024, 768)]


def menu_count(page: Page) -> int:
    text = page.locator("header.top nav a[href='/problems']").inner_text()
    found = re.fullmatch(r"Problems \((\d+)\)", text.strip())
    assert found, text
    return int(found.group(1))


def assert_fits(page: Page) -> None:
    """Nothing wider than the window: no sideways scrolling at this width."""
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the window"


def assert_one_line(button: Locator) -> None:
    """A button's label on one line (a wrapped one is twice as tall as its font)."""
    box = button.bounding_box()
    assert box is not None
    line = button.evaluate("element => parseFloat(getComputedStyle(element).lineHeight)")
    assert box["height"] < 2 * line, f"{button.inner_text()!r} wraps: {box['height']} px"


def open_dismissal(row: Locator) -> None:
    if not row.locator("details.settle").evaluate("element => element.open"):
        row.get_by_text("Dismiss…").click()


def dismiss(row: Locator, reason: str) -> None:
    open_dismissal(row)
    row.get_by_label(re.compile("^reason to dismiss")).fill(reason)
    row.get_by_role("button", name="Dismiss", exact=True).click()


@pytest.mark.parametrize(("width", "height"), VIEWPORTS, ids=["1440", "1024"])
def test_an_administrator_settles_each_kind_of_problem(
    page: Page, site: str, archive: WebArchive, tmp_path: Path, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    busy = add_timed_out(archive, tmp_path)
    add_protected(archive, tmp_path)
    error = not_indexable(archive.huck_finn, "ocrmypdf__c02-22.pdf", ValueError("bad date"))
    record_problems(archive.database, {archive.huck_finn: error})
    shots = tmp_path / "screenshots"
    log_in(page, site, ADMIN)
    page.goto(f"{site}/problems")
    # multi-page (looped and failed pages), the corrupt file, the busy day's, the protected
    # PDF and the letter the index could not take.
    screenshot(page, f"{width}-1-problems", shots)
    assert menu_count(page) == 5
    assert_fits(page)
    for button in page.locator("main button").all():
        if button.is_visible():
            assert_one_line(button)

    # A refused file tried again: it opens now, its pages are queued, it leaves the list.
    files = page.locator("table.failed-documents")
    busy_row = files.locator("tr", has_text="Befund Busy.pdf")
    busy_row.get_by_role("button", name="Try again: Befund Busy.pdf").click()
    page.wait_for_url(f"{site}/problems?done=retry&document={busy}")
    expect(page.locator(".notice")).to_have_text(
        "Befund Busy.pdf is being read again: 3 page(s) queued. Open it"
    )
    expect(busy_row).to_have_count(0)
    assert menu_count(page) == 4
    screenshot(page, f"{width}-2-retried", shots)

    # The corrupt file dismissed: not without a reason (the browser asks for one first).
    corrupt = files.locator("tr", has_text="ocrmypdf__invalid.pdf")
    open_dismissal(corrupt)
    corrupt.get_by_role("button", name="Dismiss", exact=True).click()
    reason = corrupt.get_by_label(re.compile("^reason to dismiss"))
    assert reason.evaluate("element => element.validity.valueMissing")
    assert_fits(page)
    screenshot(page, f"{width}-3-dismiss-open", shots)
    dismiss(corrupt, "The sender faxed a readable copy on 3 November")
    page.wait_for_url(f"{site}/problems?done=dismiss&document={archive.failed_document}")
    expect(page.locator(".notice")).to_contain_text("ocrmypdf__invalid.pdf was dismissed")
    expect(corrupt).to_have_count(0)
    assert menu_count(page) == 3

    # The letter the index could not take, dismissed from its own table.
    unsearchable = page.locator(f'#index-problems tr[data-document-id="{archive.huck_finn}"]')
    dismiss(unsearchable, "A test letter, not needed in search")
    page.wait_for_url(f"{site}/problems?done=dismiss&document={archive.huck_finn}")
    expect(unsearchable).to_have_count(0)
    assert menu_count(page) == 2

    # The document with problem pages deleted, after the confirmation page.
    looped = page.locator(f'tr[data-page-id="{archive.page_id(archive.multi_page, 2)}"]')
    looped.get_by_role("link", name="Delete…").click()
    page.wait_for_url(f"{site}/documents/{archive.multi_page}/delete")
    expect(page.locator("h1")).to_contain_text("paperless__multi-page-digital.pdf")
    expect(page.locator(".delete-confirm")).to_contain_text("the original file in the archive")
    assert_fits(page)
    screenshot(page, f"{width}-4-delete-confirm", shots)
    page.get_by_role("button", name="Delete from docvault").click()
    page.wait_for_url(f"{site}/problems?done=delete&document={archive.multi_page}")
    expect(page.locator(".notice")).to_contain_text("the audit log keeps who deleted it, when, why")
    expect(page.locator("table.problems")).to_have_count(0)
    assert menu_count(page) == 1
    screenshot(page, f"{width}-5-deleted", shots)

    # A wrong password: back on the list, the sentence beside the form, the field focused.
    protected = files.locator("tr", has_text="referral.pdf")
    expect(protected.locator(".reason")).not_to_contain_text("ask the sender")
    protected.get_by_label("Password of the PDF").fill("not the password")
    protected.get_by_role("button", name="Unlock and read").click()
    problem = protected.locator(".unlock-form .unlock-problem")
    expect(problem).to_contain_text("Not unlocked: The password does not open document")
    expect(protected.get_by_label("Password of the PDF")).to_be_focused()
    assert menu_count(page) == 1
    assert_fits(page)
    screenshot(page, f"{width}-6-wrong-password", shots)

    # Staff read the protected PDF's message meant for them, and no delete.
    page.get_by_role("button", name="Log out").click()
    log_in(page, site, NURSE)
    page.goto(f"{site}/problems")
    expect(protected.locator(".reason")).to_have_text(
        "referral.pdf is protected by a password: ask the sender for an unprotected copy, "
        "or an administrator can unlock it here."
    )
    expect(page.get_by_role("link", name="Delete…")).to_have_count(0)
    assert_fits(page)
    screenshot(page, f"{width}-7-staff", shots)
