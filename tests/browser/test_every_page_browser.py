"""Issue 48: every page a member of staff and an administrator reach, in Debian's chromium at
1440x900 and 1024x768, laid out within the window.

The pages are the ones the link walk of tests/web/test_web_links.py reaches from the menu
(every link of every page, a few of each route), so a page added to the menu is checked
here too. On each: nothing wider than the window (no sideways scrolling), no cell's text
running out of its table cell, no table running past the window's edge, and each menu
entry on one line. A full-page screenshot of each is kept in the test's folder to look at.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from playwright.sync_api import Page
from sqlmodel import col, select

from docvault import calendar_log, db
from docvault.calendar_log import Outcome, Planned
from docvault.models import Document
from docvault.plans import parse_plan
from docvault.scheduler import JOBS
from docvault.setting_types import CountedFrom, RetentionRule
from docvault.web.app import create_app
from tests.browser.conftest import log_in, screenshot
from tests.support.liveserver import LiveServer, logged_in_site
from tests.support.webarchive import ADMIN, NURSE, WebArchive
from tests.web.test_web_links import walk

pytestmark = pytest.mark.browser

SIZES = ((1440, 900), (1024, 768))
ACCOUNTS = {"staff": NURSE, "admin": ADMIN}

# What lies outside its place on the page, as (what, where) pairs: the page wider than the
# window, a cell whose text runs past the cell's edge, a table past the window's right edge,
# a menu entry broken over two lines. A table inside a sideways-scrolling box of its own is
# within its box, so it is measured against the box.
LAYOUT_FAULTS = """() => {
  const faults = [];
  const width = window.innerWidth;
  const page = document.documentElement.scrollWidth;
  if (page > width) faults.push(`the page is ${page} px wide in a ${width} px window`);
  for (const cell of document.querySelectorAll("td, th")) {
    if (cell.scrollWidth > cell.clientWidth + 1)
      faults.push(`cell text runs out of its cell: ${cell.innerText.slice(0, 60)}`);
  }
  for (const table of document.querySelectorAll("table")) {
    const box = table.closest(".table-scroll");
    const right = box ? box.getBoundingClientRect().right : width;
    if (table.getBoundingClientRect().right > right + 1)
      faults.push(`a table (${table.className || table.id}) runs past the window's edge`);
  }
  for (const link of document.querySelectorAll("header.top nav a")) {
    const words = document.createRange();
    words.selectNodeContents(link);
    const lines = new Set([...words.getClientRects()].map((rect) => Math.round(rect.bottom)));
    if (lines.size > 1)
      faults.push(`the menu entry "${link.innerText}" takes ${lines.size} lines`);
  }
  return faults;
}"""


# Every calendar job as docvault plans it by default (the rerun-failed job at night), one
# retention rule; the night's runs as recorded, with their longest sentences.
CALENDAR = tuple(
    Planned(name, title, parse_plan("01:30" if name == "rerun-failed" else default))
    for (name, title, _), default in zip(
        JOBS, ("02:00", "sun 03:00", "*:15", "05:00", "off", "off"), strict=True
    )
)
FAX_ONE_YEAR = RetentionRule(keep_years=1, inbox="fax", counted_from=CountedFrom.arrival)
ARCHIVED = "60abfda66889f7ea7721f5b25bf5c189440a988411cb5363c0f616c800f1d889.pdf"
NIGHT = (
    ("rerun-failed", Outcome.ok,
     "found the engine busy (3 page(s) being read or waiting to be read), so no failed or "
     "looped page was queued; it tries again at its next run"),
    ("archive-check", Outcome.failed,  # as docvault.backup.archive_check words it
     "The archive check found 1 problem(s): document 4 (ocrmypdf__invalid.pdf): its original "
     f"/var/lib/docvault/archive/60/{ARCHIVED} is missing from the archive. Restore it from a "
     f"backup: copy archive/60/{ARCHIVED} from the newest docvault-<time> backup folder. Run "
     "`docvault verify` for the whole list."),
    ("database-backup", Outcome.ok, "the database was copied to /var/lib/docvault/backups/"
     "docvault-2026-12-06T020000.sqlite3 (7 copies kept)"),
)  # fmt: skip


def _with_a_calendar(archive: WebArchive) -> WebArchive:
    """The archive with the calendar's jobs and a night's runs on the schedule, and the fax
    letters arrived two years ago under a one-year rule (so "Due for deletion" lists them)."""
    for job, outcome, sentence in NIGHT:
        run = calendar_log.started(archive.database, job, None, "", None)
        calendar_log.finished(archive.database, run, outcome, sentence)
    with db.write_transaction(archive.database) as session:
        for document in session.exec(select(Document).where(col(Document.inbox) == "fax")):
            document.received_at -= timedelta(days=800)
            session.add(document)
    context = replace(archive.context, calendar=CALENDAR, retention=(FAX_ONE_YEAR,))
    return replace(archive, context=context)


def _pages_of(archive: WebArchive, account: tuple[str, str]) -> list[str]:
    """The HTML pages the account reaches from the menu, by the link walk."""
    with logged_in_site(archive, account) as client:
        found = walk(client, create_app(archive.context))
    assert found.dead == []
    return found.pages


def _file_name(path: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "home"


@pytest.mark.parametrize("who", sorted(ACCOUNTS))
def test_every_page_fits_the_window_at_both_sizes(
    page: Page, archive: WebArchive, who: str, tmp_path: Path
) -> None:
    account = ACCOUNTS[who]
    archive = _with_a_calendar(archive)
    paths = _pages_of(archive, account)
    # The walk reached the pages each reaches from the menu.
    names = {path.split("?")[0].split("/")[1] for path in paths}
    expected = {"", "problems", "status", "documents"}
    if who == "admin":
        expected |= {"audit", "senders", "schedule", "retention"}
    assert expected <= names, sorted(names)
    server = LiveServer(archive.context)
    try:
        faults = _faults_on(page, server.start(), account, paths, f"{who}-", tmp_path)
    finally:
        server.stop()
    assert faults == [], "\n".join(faults)


def _faults_on(
    page: Page, site: str, account: tuple[str, str], paths: list[str], prefix: str, folder: Path
) -> list[str]:
    """Each page opened at both sizes: what lies outside its place, and a screenshot."""
    log_in(page, site, account)
    faults: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for path in paths:
            page.goto(f"{site}{path}")
            page.wait_for_load_state("load")
            faults += [f"{path} at {width}x{height}: {fault}"
                       for fault in page.evaluate(LAYOUT_FAULTS)]  # fmt: skip
            screenshot(page, f"{prefix}{width}-{_file_name(path)}", folder)
    return faults
