"""Issue 48 in Debian's chromium, at 1440x900 and 1024x768: the staff's day without reloads.

A corrected patient found by plain words; a new fax appearing in an open arrivals list and
a page's text appearing in an open document view, without a reload (the page's own
`window` survives: a reload would make a new one); twenty letters marked handled in one
action; a staff user's document page without engine jargon.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from docvault import records
from docvault.audit import AuditFilter
from docvault.db import read_session
from docvault.models import Page as PageRow
from docvault.vocabulary import SamplingMode, Verdict
from docvault.web import queries
from tests.browser.conftest import log_in, screenshot
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter, drain_index
from tests.support.finish import complete
from tests.support.liveserver import csrf_token, logged_in_site
from tests.support.webarchive import (
    ADMIN,
    NURSE,
    OWNER,
    WebArchive,
    add_document,
    attempt,
    record_arrivals,
)

pytestmark = pytest.mark.browser

SIZES = {"1440x900": (1440, 900), "1024x768": (1024, 768)}
# The lists ask every 3 s (static/docvault.js); a change shows within two asks and a fetch.
LIVE_WAIT_MILLISECONDS = 10_000


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, page: Page) -> tuple[Page, str]:
    width, height = SIZES[request.param]
    page.set_viewport_size({"width": width, "height": height})
    return page, request.param


def _remember_this_page(page: Page) -> None:
    """A mark on the page's window: a reload or a navigation would lose it."""
    page.evaluate("window.docvaultTestMark = 'not reloaded'")


def _still_this_page(page: Page) -> None:
    assert page.evaluate("window.docvaultTestMark") == "not reloaded", "the page was reloaded"


def _no_horizontal_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    window = page.viewport_size
    assert window is not None
    assert width <= window["width"], f"the page is {width} px wide in a {window['width']} px window"


# ------------------------------------------------------------------ plain words


def test_a_corrected_patient_is_found_by_plain_words_and_the_result_says_how(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    drain_index(archive)
    log_in(page, site)
    page.goto(f"{site}/documents/{letter}#facts")
    row = page.locator('tr.fact[data-field="patient"]')
    row.locator('input[name="value"]').fill("Abraham Lincoln")
    row.get_by_role("button", name="Correct").click()
    expect(page.locator('tr.fact[data-field="patient"]')).to_have_attribute(
        "data-state", "corrected"
    )
    drain_index(archive)  # the correction goes to the index as the daemon's writer takes it

    page.goto(f"{site}/")
    for typed in ("Lincoln", "Abraham Lincoln"):
        page.locator('input[name="q"]').fill(typed)
        page.get_by_role("button", name="Search").click()
        results = page.locator("li.document")
        expect(results).to_have_count(1)
        expect(results.first).to_have_attribute("data-document-id", str(letter))
        expect(results.first.locator(".found-through")).to_have_text(
            "Found through patient (corrected by nurse)."
        )
    _no_horizontal_overflow(page)
    screenshot(page, f"plain-words-{size}")

    # The birth date typed as the web view shows it.
    page.locator('input[name="q"]').fill("12.03.1961")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("li.document")).to_have_count(1)
    expect(page.locator(".found-through")).to_contain_text("date of birth (docvault's proposal)")

    # status:failed in the box lists what the Status filter lists.
    page.locator('input[name="q"]').fill("status:failed")
    page.get_by_role("button", name="Search").click()
    expect(page.locator("table.arrivals-list tbody tr")).to_have_count(1)
    expect(page.locator(f'tr[data-document-id="{archive.failed_document}"]')).to_have_count(1)


# ------------------------------------------------------------------ live lists


def test_a_new_fax_appears_in_the_open_arrivals_list_without_a_reload(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    log_in(page, site)
    todo = page.locator('.worklist-filters a[data-filter="todo"]')
    expect(todo).to_have_text("To do (4)")
    problems = page.locator("header.top .problems-count")
    before_problems = problems.inner_text()
    _remember_this_page(page)
    page.locator('input[name="document_id"]').first.check()

    fax = add_letter(archive, "ocrmypdf__graph_ocred.pdf", "Fax from Dr. Jones, lab results")
    row = page.locator(f'tr[data-document-id="{fax}"]')
    expect(row).to_have_count(1, timeout=LIVE_WAIT_MILLISECONDS)
    expect(todo).to_have_text("To do (5)")
    _still_this_page(page)
    # What the reader ticked is still ticked.
    expect(page.locator('input[name="document_id"]:checked')).to_have_count(1)
    screenshot(page, f"new-fax-{size}")

    # A letter failing shows in the problems count of the header, still without a reload.
    refused, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__cardinal.pdf", "fax")
    for claimed in records.claim(archive.database, OWNER, limit=10, lease_seconds=600):
        records.fail(archive.database, claimed.page_id, OWNER, "The engine refused the page.")
    expect(problems).not_to_have_text(before_problems, timeout=LIVE_WAIT_MILLISECONDS)
    expect(page.locator(f'tr[data-document-id="{refused}"]')).to_have_count(1)
    _still_this_page(page)


def test_a_pages_text_appears_in_the_open_document_view_without_a_reload(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    document_id, _ = add_document(archive.database, archive.data_dir, "ocrmypdf__jbig2.pdf", "fax")
    log_in(page, site)
    page.goto(f"{site}/documents/{document_id}")
    text = page.locator("article.transcription")
    expect(text).to_contain_text("No text yet.")
    _remember_this_page(page)

    claimed = records.claim(archive.database, OWNER, limit=10, lease_seconds=600)
    assert [page_.document_id for page_ in claimed] == [document_id]
    expect(text.locator("[data-state-of]")).to_have_text("running", timeout=LIVE_WAIT_MILLISECONDS)
    words = "Referral letter: please see Mrs Williams-Hart about her knee."
    attempts = [attempt(words, Verdict.clean)]
    assert complete(archive.database, claimed[0].page_id, OWNER, words, False, attempts)
    expect(text).to_contain_text("please see Mrs Williams-Hart", timeout=LIVE_WAIT_MILLISECONDS)
    expect(text.locator("[data-state-of]")).to_have_text("done")
    _still_this_page(page)
    screenshot(page, f"text-arrived-{size}")


def test_the_lists_ask_a_small_answer_that_shows_no_letter(site: str, archive: WebArchive) -> None:
    """What the open lists ask every few seconds: counts, no letter (so no look is
    recorded); the header marks the asking as the page's own (it keeps no login alive)."""
    with logged_in_site(archive, NURSE) as client:
        csrf_token(client, "/")
        answer = client.get("/api/live", headers={"X-Docvault-Live": "1"})
        assert answer.status_code == 200
        assert set(answer.json()) == {"todo", "unconfirmed", "problems", "latest_document",
                                      "by_status"}  # fmt: skip


# ------------------------------------------------------------------ the to-do list in bulk


def test_twenty_letters_are_marked_handled_in_one_action(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    letters = record_arrivals(archive, 20)
    log_in(page, site)
    page.goto(f"{site}/?status=processing&todo=todo")
    rows = page.locator("table.arrivals-list tbody tr")
    expect(rows).to_have_count(20)
    page.get_by_label("Tick all letters shown").check()
    expect(page.locator('input[name="document_id"]:checked')).to_have_count(20)
    screenshot(page, f"bulk-ticked-{size}")
    page.get_by_role("button", name="Mark ticked as handled").click()
    expect(page.locator("p.empty")).to_contain_text("No document matches these filters.")
    expect(page.locator('.worklist-filters a[data-filter="todo"]')).to_have_text("To do (4)")
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse", "mark handled"), 0, 50)
    assert sorted(event.document_id for event in events) == sorted(letters)
    screenshot(page, f"bulk-done-{size}")

    # Back on the list: the button says what it does.
    page.goto(f"{site}/?status=processing&todo=handled")
    first = rows.first
    first.get_by_role("button", name=re.compile("^Mark .* as to do again$")).click()
    expect(rows).to_have_count(19)


# ------------------------------------------------------------------ staff's words

JARGON = re.compile(
    r"greedy|penalty|uncapped|tokens|max_tokens|frequency_penalty|Tokens in", re.IGNORECASE
)


def test_a_staff_user_sees_no_engine_jargon_and_an_administrator_sees_the_details(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    log_in(page, site)
    page.goto(f"{site}/documents/{archive.multi_page}?page=2")  # a looped page: re-run offered
    body = page.locator("main")
    expect(body).to_contain_text("Read this page again")
    shown = body.inner_text()
    assert not JARGON.search(shown), JARGON.search(shown)
    # No way of reading to choose and no engine named: the page's own way is used.
    expect(page.locator("form.rerun-form select")).to_have_count(0)
    assert "engine-sim" not in shown
    expect(page.locator(".text-source")).to_have_text(
        "Text from: the page's image, read by docvault"
    )
    _no_horizontal_overflow(page)
    screenshot(page, f"staff-words-{size}")
    page.get_by_role("button", name="Read this page again").click()
    expect(page.locator("article.transcription [data-state-of]")).to_have_text("queued")
    with read_session(archive.database) as session:
        query = select(PageRow).where(
            PageRow.document_id == archive.multi_page, PageRow.number == 2
        )
        looped = session.exec(query).one()
        assert (looped.status, looped.rerun_mode) == ("queued", SamplingMode.penalty.value)

    page.locator("form.logout button").click()
    log_in(page, site, ADMIN)
    page.goto(f"{site}/documents/{archive.multi_page}?page=2")
    details = page.locator("details.attempts-details")
    expect(details).to_have_count(1)
    details.locator("summary").click()
    expect(details).to_contain_text("Tokens in / out")
    expect(page.locator(".text-source")).to_have_text("Text from: engine-sim")
    screenshot(page, f"admin-details-{size}")
    page.goto(f"{site}/documents/{archive.multi_page}?page=3")  # a failed page
    expect(page.locator('form.rerun-form select[name="mode"]')).to_have_count(1)


# ------------------------------------------------------------------ the not-saved page


def test_the_not_saved_page_of_a_wrong_value_is_laid_out_with_the_letter_beside_it(
    sized: tuple[Page, str], site: str, archive: WebArchive
) -> None:
    page, size = sized
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    log_in(page, site)
    page.goto(f"{site}/documents/{letter}#facts")
    row = page.locator('tr.fact[data-field="born"]')
    row.locator('input[name="value"]').fill("31.02.1961")
    row.get_by_role("button", name="Correct").click()
    expect(page.locator("#fact-refused")).to_contain_text("Not saved")
    screenshot(page, f"not-saved-{size}")
    _no_horizontal_overflow(page)
    # The typed value is kept beside its sentence; the letter is there to compare with.
    expect(page.locator('tr.fact[data-field="born"] input[name="value"]')).to_have_value(
        "31.02.1961"
    )
    image = page.locator("#page-image img")
    expect(image).to_be_visible()
    assert page.evaluate("document.querySelector('#page-image img').naturalWidth") > 0
    # Every Confirm button lies inside the window's width, and the labels are not one word
    # a line (the label column was squeezed to a word's width).
    window = page.viewport_size
    assert window is not None
    for button in page.get_by_role("button", name=re.compile("^Confirm")).all():
        box = button.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= window["width"], box
    lines = page.evaluate(
        """() => { const range = document.createRange();
        range.selectNodeContents(document.querySelector('tr.fact[data-field="born"] th'));
        return range.getClientRects().length; }"""
    )
    assert lines == 1, f"'Date of birth' takes {lines} lines"


# ------------------------------------------------------------------ the smaller items


def test_dates_are_typed_as_shown_and_a_wrong_password_keeps_the_name(
    sized: tuple[Page, str], site: str, archive: WebArchive
) -> None:
    page, size = sized
    page.goto(f"{site}/")
    page.get_by_label("User name").fill("nurse")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("p.error")).to_contain_text("The user name or the password is wrong.")
    expect(page.get_by_label("User name")).to_have_value("nurse")
    page.get_by_label("Password").fill(NURSE[1])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{site}/")

    letters = record_arrivals(archive, 3)  # received 01.11.2026 08:00 to 08:02 UTC
    page.locator("details.filters summary").click()
    since = page.locator('input[name="date_from"]')
    expect(since).to_have_attribute("placeholder", "DD.MM.YYYY")
    since.fill("01.11.2026")
    page.locator('input[name="date_to"]').fill("01.11.2026")
    page.get_by_role("button", name="Search").click()
    rows = page.locator("table.arrivals-list tbody tr")
    expect(rows).to_have_count(3)
    assert sorted(int(row.get_attribute("data-document-id") or 0) for row in rows.all()) == sorted(
        letters
    )
    expect(page.locator('input[name="date_from"]')).to_have_value("01.11.2026")
    screenshot(page, f"dates-typed-{size}")
    _no_horizontal_overflow(page)
    # A day that is none: a page that says how to write it, as wide as the window.
    page.goto(f"{site}/?date_from=31.02.2026")
    expect(page.locator("main")).to_contain_text("write it as DD.MM.YYYY")
    _no_horizontal_overflow(page)
