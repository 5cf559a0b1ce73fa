"""The searchable PDF downloaded from the document view in chromium, against the real daemon
and its CPU engine, at two screen sizes; its text layer read back with PyMuPDF."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pymupdf
import pytest
from playwright.sync_api import Browser, expect

from devtools.daemon import Daemon, wait_for
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser
SCAN = "ocrmypdf__c02-22.pdf"  # a scanned book page: "We scrouched down and laid still."
USER = ("nurse", "a long nurse password")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    folder = tmp_path_factory.mktemp("searchable")
    running = Daemon(folder)
    running.start()
    try:
        running.cli("user", "add", USER[0], input_text=f"{USER[1]}\n")
        shutil.copy(FIXTURES / SCAN, folder / "inbox" / SCAN)
        wait_for(lambda: _read(running), 300, "the scan to be read by the CPU engine")
        # Plainly done: the engraving beside the text is a picture, not unread lines (issue 47).
        assert running.cli_json("status")["documents"].get("done") == 1
        yield running
    finally:
        assert running.stop() == 0, running.log.read_text()


def _read(running: Daemon) -> bool:
    """The letter is read: no longer processing (done, or set aside for a person). From the
    daemon's database: a `docvault status` at every look took the CPU from the engine."""
    return running.document_statuses().get(SCAN) in ("done", "attention")


@pytest.mark.parametrize(("width", "height"), [(1440, 900), (1024, 768)])
@pytest.mark.slow
def test_the_searchable_pdf_is_downloaded_from_the_document_view(
    browser: Browser, daemon: Daemon, tmp_path: Path, width: int, height: int
) -> None:
    (document,) = daemon.cli_json("documents")["documents"]
    context = browser.new_context(
        viewport={"width": width, "height": height}, accept_downloads=True
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        page.goto(daemon.url("/login"))
        page.get_by_label("User name").fill(USER[0])
        page.get_by_label("Password").fill(USER[1])
        page.get_by_role("button", name="Log in").click()
        page.goto(daemon.url(f"/documents/{document['id']}"))
        link = page.get_by_role("link", name="Download searchable PDF")
        expect(link).to_be_visible()
        expect(link).to_be_in_viewport()
        screenshot(page, f"searchable-{width}x{height}", tmp_path)
        with page.expect_download() as waiting:
            link.click()
        download = waiting.value
        assert download.suggested_filename == "ocrmypdf__c02-22.searchable.pdf"
        saved = tmp_path / download.suggested_filename
        download.save_as(saved)
    finally:
        context.close()
    with pymupdf.open(saved) as searchable:
        words = [word[4] for word in searchable[0].get_text("words")]
        box = searchable[0].rect
    for word in ("scrouched", "kitchen", "widow's"):
        assert word in words
    with pymupdf.open(FIXTURES / SCAN) as original:
        assert box == original[0].rect
