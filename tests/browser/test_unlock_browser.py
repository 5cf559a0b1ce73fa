"""An admin unlocks a password-protected PDF from the problems page, in chromium, against
the real daemon; the PDF becomes searchable and its password is kept nowhere."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from devtools.daemon import Daemon, wait_for
from tests.browser.conftest import screenshot
from tests.support.encrypted import PASSWORD, files_containing, protected_copy

pytestmark = pytest.mark.browser
ADMIN = ("boss", "a long admin password")


@pytest.mark.slow
def test_an_admin_unlocks_a_protected_pdf_from_the_problems_page(
    browser: Browser, tmp_path: Path
) -> None:
    daemon = Daemon(tmp_path)
    daemon.start()
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        daemon.cli("user", "add", ADMIN[0], "--admin", input_text=f"{ADMIN[1]}\n")
        original = protected_copy(tmp_path / "referral.pdf").read_bytes()
        (tmp_path / "inbox" / "referral.pdf").write_bytes(original)
        wait_for(
            lambda: daemon.document_statuses().get("referral.pdf") == "failed",
            60,
            "the protected PDF to be refused",
        )
        page.goto(daemon.url("/login"))
        page.get_by_label("User name").fill(ADMIN[0])
        page.get_by_label("Password").fill(ADMIN[1])
        page.get_by_role("button", name="Log in").click()
        page.goto(daemon.url("/problems"))
        row = page.locator("table.failed-documents tr", has_text="referral.pdf")
        expect(row).to_contain_text("protected by a password")
        row.get_by_label("Password of the PDF").fill("not the password")
        row.get_by_role("button", name="Unlock and read").click()
        expect(page.locator("body")).to_contain_text("The password does not open document")
        page.goto(daemon.url("/problems"))
        row.get_by_label("Password of the PDF").fill(PASSWORD)
        screenshot(page, "unlock")
        row.get_by_role("button", name="Unlock and read").click()
        page.wait_for_url("**/documents/*")
        deadline = time.monotonic() + 60
        while True:
            page.goto(daemon.url("/?q=%22multi+page+document%22"))
            if page.locator("mark").count():
                break
            assert time.monotonic() < deadline, "the unlocked PDF was not found within 60 s"
            time.sleep(0.5)  # the daemon reads and indexes it; polled with a deadline
        expect(page.locator("main")).to_contain_text("referral.pdf")
    finally:
        context.close()
        assert daemon.stop() == 0, daemon.log.read_text()
    data = tmp_path / "docvault-data"
    archived = [path for path in (data / "archive").rglob("*.pdf")]
    assert original in [path.read_bytes() for path in archived]  # untouched, beside the copy
    assert len(archived) == 2
    assert files_containing(tmp_path, PASSWORD) == []
