"""The web view in Debian's chromium: login, search, page beside its text, re-run, XSS."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, expect

from devtools.daemon import wait_for
from docvault import records
from docvault.vocabulary import PageStatus
from docvault.web import queries
from docvault.web.security import SESSION_COOKIE
from tests.browser.conftest import log_in, screenshot
from tests.support.finish import complete
from tests.support.webarchive import ADMIN, WebArchive

pytestmark = pytest.mark.browser


def test_log_in_search_open_the_hit_beside_its_image_and_log_out(
    page: Page, site: str, archive: WebArchive
) -> None:
    log_in(page, site)
    page.get_by_label("Search words").fill("scrouched")
    page.keyboard.press("Enter")
    expect(page.locator("p.count")).to_contain_text("1 document(s), 1 page(s)")
    expect(page.locator("mark").first).to_have_text("scrouched")
    screenshot(page, "search")

    page.get_by_role("link", name="page 1").click()
    page.wait_for_url(f"{site}/documents/{archive.huck_finn}?page=1&search=q%3Dscrouched")
    expect(page.locator(".transcription")).to_contain_text("We scrouched down and laid still.")
    image = page.locator("#page-image img")
    expect(image).to_be_visible()
    page.wait_for_function("document.querySelector('#page-image img').naturalWidth > 0")
    assert image.evaluate("element => element.naturalWidth") == 800
    picture, text = image.bounding_box(), page.locator(".transcription").bounding_box()
    assert picture is not None
    assert text is not None
    assert picture["x"] + picture["width"] <= text["x"]  # beside it, on the left
    assert abs(picture["y"] - text["y"]) < 5  # at the same height
    figure = page.locator(".markdown img")
    page.wait_for_function("document.querySelector('.markdown img').naturalWidth > 0")
    assert (
        figure.evaluate("element => element.naturalWidth") == 800 * 480 // 1000 - 800 * 20 // 1000
    )
    page.get_by_role("button", name="200%").click()
    wide = image.bounding_box()
    assert wide is not None
    assert wide["width"] > picture["width"] * 1.5
    page.get_by_role("button", name="fit").click()
    screenshot(page, "document")

    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{site}/login")
    page.goto(f"{site}/documents/{archive.huck_finn}")
    assert page.url.startswith(f"{site}/login")
    expect(page.locator(".transcription")).to_have_count(0)
    assert page.request.get(f"{site}/api/documents/{archive.huck_finn}").status == 401


def test_rerun_a_looped_page_and_watch_it_change_state_without_a_reload(
    page: Page, site: str, archive: WebArchive
) -> None:
    looped = archive.page_id(archive.multi_page, 2)
    log_in(page, site, ADMIN)  # choosing the way of reading is an administrator's (issue 48)
    page.goto(f"{site}/problems")
    row = page.locator(f'tr[data-page-id="{looped}"]')
    expect(row.locator(".state")).to_have_text("looped")
    expect(page.locator("table.failed-documents")).to_contain_text("ocrmypdf__invalid.pdf")
    screenshot(page, "problems")
    page.evaluate("window.notReloaded = true")

    row.locator("select").select_option("uncapped")
    row.get_by_role("button", name="Re-run").click()
    expect(row.locator(".state")).to_have_text("queued")
    wait_for(
        lambda: bool(records.claim(archive.database, "sim", 1, 60)),
        10,
        "the page to be queued",
        interval=0.05,
    )
    # the worker's part, played by the test: the page is read and finished
    assert queries.page_states(archive.database, [looped]) == {looped: PageStatus.running}
    complete(archive.database, looped, "sim", "Page 2, read again cleanly.", False, [])
    expect(row.locator(".state")).to_have_text("done")
    assert page.evaluate("window.notReloaded") is True
    assert page.url == f"{site}/problems"


def test_status_page_shows_the_service(page: Page, site: str) -> None:
    log_in(page, site, ADMIN)  # the inbox folders on the server are shown to administrators
    page.goto(f"{site}/status")
    fax = page.locator("tr", has_text="/srv/inbox/fax")
    expect(fax).to_contain_text("fax")
    expect(page.locator("table#engines")).to_contain_text("engine-sim")
    expect(page.get_by_text("Pages waiting to be indexed")).to_be_visible()
    screenshot(page, "status")


def test_page_text_with_script_shows_the_table_and_runs_nothing(
    page: Page, site: str, archive: WebArchive
) -> None:
    dialogs: list[str] = []
    errors: list[str] = []

    def on_dialog(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("dialog", on_dialog)
    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "response",
        lambda response: (
            errors.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    log_in(page, site)
    page.goto(f"{site}/documents/{archive.xss}")
    table = page.locator(".markdown table")
    expect(table).to_be_visible()
    expect(table.locator("td").first).to_have_text("Metoprolol")
    table.locator("td").first.hover()
    table.click()
    page.locator(".markdown a", has_text="this").click()  # its javascript: href was removed
    expect(page.locator(".markdown")).to_contain_text("[click me](javascript:")
    assert page.locator(".markdown script, .markdown iframe, .markdown style").count() == 0
    page.goto(f"{site}/documents/{archive.xss}/pages/1/text")  # the raw view is plain text
    expect(page.locator("body")).to_contain_text('<script>window.alert("script ran")</script>')
    assert dialogs == []
    assert errors == []


def test_after_logout_the_old_session_cookie_replayed_is_refused(
    page: Page, site: str, archive: WebArchive, browser: Browser
) -> None:
    log_in(page, site)
    page.goto(f"{site}/documents/{archive.huck_finn}")
    expect(page.locator(".transcription")).to_contain_text("We scrouched down")
    (copied,) = [cookie for cookie in page.context.cookies() if cookie["name"] == SESSION_COOKIE]
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{site}/login")

    # Another browser that replays the cookie copied before the logout gets nothing.
    thief = browser.new_context()
    try:
        thief.add_cookies([copied])
        stolen = thief.new_page()
        stolen.goto(f"{site}/documents/{archive.huck_finn}")
        assert stolen.url.startswith(f"{site}/login")
        expect(stolen.locator(".transcription")).to_have_count(0)
        api = stolen.request.get(f"{site}/api/documents/{archive.huck_finn}")
        assert api.status == 401
        page_id = archive.page_id(archive.huck_finn, 1)
        image = stolen.request.get(f"{site}/pages/{page_id}/image.png", max_redirects=0)
        assert image.status == 303
    finally:
        thief.close()
