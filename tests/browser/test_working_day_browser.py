"""Issue 27 in Debian's chromium, at 1440x900 and 1024x768: a clinic's working day.

First login on a fresh database (the login page says how to make the first account, and
the command it shows works), the letter visible without scrolling, marking letters handled
until the to-do list is empty, confirming all of a letter's proposals at once (and a
proposal never looking like a person's value), local times, a re-sent copy shown against
the first, and a search listing each matching page with its own snippet.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from docvault import db
from docvault.audit import AuditFilter
from docvault.config import load_settings
from docvault.models import Document, Duplicate
from docvault.search import SearchIndex
from docvault.service import first_account_command
from docvault.web import queries
from docvault.web.app import WebContext
from docvault.web.display import Display
from tests.browser.conftest import log_in
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter, drain_index
from tests.support.liveserver import LiveServer
from tests.support.webarchive import WebArchive, set_received

pytestmark = pytest.mark.browser

SIZES = {"1440x900": (1440, 900), "1024x768": (1024, 768)}


@pytest.fixture(params=sorted(SIZES))
def sized(request: pytest.FixtureRequest, page: Page) -> tuple[Page, str]:
    width, height = SIZES[request.param]
    page.set_viewport_size({"width": width, "height": height})
    return page, request.param


def visible_height(page: Page, selector: str) -> float:
    """How many pixels of the element show in the window without scrolling."""
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the page"
    window = page.viewport_size
    assert window is not None
    return max(0.0, min(box["y"] + box["height"], window["height"]) - max(box["y"], 0.0))


# ----------------------------------------------------------------------- first login


@pytest.fixture
def fresh_site(tmp_path: Path) -> Iterator[tuple[str, WebContext]]:
    """docvault's web view on a database just made: no account, no letter."""
    config = tmp_path / "docvault.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\ninbox = "{tmp_path / "inbox"}"\n')
    settings = load_settings(config, environ={}, cwd=tmp_path)
    database = db.open_database(settings.database_path)
    context = WebContext(
        database=database,
        index=SearchIndex(settings.data_path / "index"),
        data_dir=settings.data_path,
        render_png=lambda path, number, rotation: b"",
        status=lambda: {"inboxes": [], "engines": []},
        secret_key=b"f" * 32,
        display=Display(ZoneInfo("Europe/Berlin"), "german"),
        first_account_command=first_account_command(settings),
    )
    server = LiveServer(context)
    yield server.start(), context
    server.stop()
    database.dispose()


def test_a_fresh_install_says_how_to_make_the_first_account_and_that_command_works(
    sized: tuple[Page, str], fresh_site: tuple[str, WebContext], tmp_path: Path
) -> None:
    page, size = sized
    site, _ = fresh_site
    page.goto(f"{site}/")
    assert page.url.startswith(f"{site}/login")
    note = page.locator(".first-run")
    expect(note).to_contain_text("No account exists yet")
    shown = page.locator(".first-account-command").inner_text()
    assert "user add YOUR-NAME --admin" in shown
    assert "--config" in shown  # the command names the settings this server runs with
    assert visible_height(page, ".first-run") > 0
    assert visible_height(page, "form") > 0
    page.screenshot(path=str(tmp_path / f"first-run-{size}.png"))

    # The command as the page shows it, run as an admin would (`docvault` is the venv's).
    words = shlex.split(shown.replace("YOUR-NAME", "chefin"))
    if words[0] == "docvault":
        words[0] = str(Path(sys.executable).parent / "docvault")
    made = subprocess.run(
        words, input="first clinic password\n", capture_output=True, text=True, timeout=120
    )
    assert made.returncode == 0, made.stderr
    assert "User chefin added as an administrator" in made.stdout

    page.reload()
    expect(page.locator(".first-run")).to_have_count(0)  # said only while nobody can log in
    log_in(page, site, ("chefin", "first clinic password"))
    expect(page.locator("h1#arrivals-title")).to_have_text("Arrivals")
    expect(page.locator("p.empty")).to_contain_text("Nothing has arrived yet.")
    expect(page.get_by_role("link", name="Audit log")).to_be_visible()  # an administrator


# --------------------------------------------------------------- the letter first


def test_the_page_image_and_its_text_are_visible_without_scrolling(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    log_in(page, site)
    page.goto(f"{site}/documents/{letter}")
    # The letter's facts are in the head's one line; the page and its text below it.
    expect(page.locator("h1")).to_contain_text("Entlassungsbrief")
    assert visible_height(page, "#page-image img") >= 250, "the page image is not in view"
    assert visible_height(page, "article.transcription") >= 250, "the text is not in view"
    expect(page.locator("article.transcription")).to_contain_text("Mustermann, Erika")
    # The facts panel is below the letter, reachable by its link, still offering every field.
    panel = page.locator("section.facts")
    expect(panel.locator("tr.fact")).to_have_count(5)
    page_box = page.locator("#page-image").bounding_box()
    panel_box = panel.bounding_box()
    assert page_box is not None
    assert panel_box is not None
    assert panel_box["y"] > page_box["y"]
    page.screenshot(path=str(tmp_path / f"letter-first-{size}.png"))
    page.locator("a.facts-link").click()
    expect(panel).to_be_in_viewport()

    # The page strip and the keys still move through a document's pages.
    page.goto(f"{site}/documents/{archive.multi_page}")
    assert visible_height(page, "#page-image img") >= 250
    expect(page.locator(".page-strip a[aria-current='page']")).to_contain_text("1")
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r".*page=2.*"))
    expect(page.locator(".page-strip a[aria-current='page']")).to_contain_text("2")
    page.screenshot(path=str(tmp_path / f"letter-first-strip-{size}.png"))


# ------------------------------------------------------------- the to-do list empties


def test_letters_marked_handled_leave_the_to_do_list_until_it_is_empty(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    log_in(page, site)
    todo = page.locator('.worklist-filters a[data-filter="todo"]')
    expect(todo).to_have_text("To do (4)")
    todo.click()
    rows = page.locator("table.arrivals-list tbody tr")
    expect(rows).to_have_count(4)
    page.screenshot(path=str(tmp_path / f"todo-before-{size}.png"))
    markable = page.get_by_role("button", name=re.compile("^Mark (?!ticked).* handled$"))
    for left in (3, 2):
        markable.first.click()
        expect(rows).to_have_count(left)  # back on the to-do list, one row fewer
        expect(todo).to_have_text(f"To do ({left})")
    # The two letters left have a problem nobody settled (issue 48: the list said "Nothing
    # left to do" beside "Problems (2)"): they are settled first, not marked.
    expect(markable).to_have_count(0)
    expect(page.locator("a.problem-first")).to_have_count(2)
    expect(page.locator("p.empty")).to_have_count(0)
    page.screenshot(path=str(tmp_path / f"todo-problems-left-{size}.png"))

    # Handled letters are listed under Handled, with who; one goes back on the list.
    page.locator('.worklist-filters a[data-filter="handled"]').click()
    expect(rows).to_have_count(2)
    letter = page.locator(f'tr[data-document-id="{archive.huck_finn}"]')
    expect(letter.locator(".handled-mark")).to_have_attribute("title", re.compile("nurse"))
    letter.get_by_role("button", name=re.compile("^Mark .* as to do again$")).click()
    expect(rows).to_have_count(1)
    expect(todo).to_have_text("To do (3)")

    # The document view says it too, and marks handled from there.
    page.goto(f"{site}/documents/{archive.huck_finn}")
    head = page.locator("header.document-head")
    expect(head.locator(".todo-mark")).to_have_text("to do")
    head.get_by_role("button", name="Mark handled").click()
    expect(head.locator(".handled-mark")).to_contain_text("handled by nurse")
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 200)
    marked = [event.action for event in events if event.action.startswith("mark ")]
    assert marked.count("mark handled") == 3
    assert marked.count("mark to do") == 1


def test_confirm_all_confirms_every_proposal_and_a_proposal_never_looks_confirmed(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    letter = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    drain_index(archive)
    log_in(page, site)
    unconfirmed = page.locator('.worklist-filters a[data-filter="unconfirmed"]')
    expect(unconfirmed).to_have_text("Facts not confirmed (1)")
    unconfirmed.click()
    rows = page.locator("table.arrivals-list tbody tr")
    expect(rows).to_have_count(1)
    patient = rows.first.locator('.fact-inline[data-field="patient"]')
    expect(patient).to_have_attribute("data-fact-state", "proposed")
    assert patient.evaluate("node => getComputedStyle(node).fontStyle") == "italic"
    expect(patient.locator(".proposal-mark")).to_have_count(1)
    page.screenshot(path=str(tmp_path / f"proposed-{size}.png"))

    rows.first.locator("a.letter-title").click()
    page.wait_for_url(f"{site}/documents/{letter}")
    page.get_by_role("button", name=re.compile(r"^Confirm all \d proposal")).click()
    expect(page.locator("section.facts tr.fact-proposed")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Confirm all"))).to_have_count(0)
    head_patient = page.locator('.letter-line .fact-inline[data-field="patient"]')
    expect(head_patient).to_have_attribute("data-fact-state", "confirmed")
    expect(head_patient.locator(".confirmed-mark")).to_have_text("✓")
    # The date of birth in the clinic's date format, everywhere it is shown.
    expect(page.locator('.letter-line .fact-inline[data-field="born"]')).to_contain_text(
        "12.03.1961"
    )
    page.screenshot(path=str(tmp_path / f"confirmed-{size}.png"))

    page.goto(f"{site}/")
    row = page.locator(f'tr[data-document-id="{letter}"]')
    confirmed = row.locator('.fact-inline[data-field="patient"]')
    expect(confirmed).to_have_attribute("data-fact-state", "confirmed")
    assert confirmed.evaluate("node => getComputedStyle(node).fontStyle") == "normal"
    expect(unconfirmed).to_have_text("Facts not confirmed (0)")
    page.get_by_label("Search words").fill("patient:mustermann")
    page.keyboard.press("Enter")
    found = page.locator('li.document .fact-inline[data-field="patient"]')
    expect(found).to_have_attribute("data-fact-state", "confirmed")
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    confirm_all = [event for event in events if event.action == "confirm all facts"]
    assert len(confirm_all) == 1
    assert "patient" in confirm_all[0].detail


# ------------------------------------------------ local time, copies, many-page results


def test_times_are_local_a_resent_copy_is_shown_and_each_matching_page_has_a_snippet(
    sized: tuple[Page, str], site: str, archive: WebArchive, tmp_path: Path
) -> None:
    page, size = sized
    set_received(archive, archive.huck_finn, datetime(2026, 7, 1, 6, 5, tzinfo=UTC))
    with db.write_transaction(archive.database) as session:
        first = session.exec(select(Document).where(Document.id == archive.huck_finn)).one()
        session.add(
            Duplicate(
                document_id=archive.huck_finn,
                original_name="fax-resent-0703.pdf",
                inbox="fax",
                original_path="/srv/inbox/fax/fax-resent-0703.pdf",
                received_at=datetime(2026, 7, 3, 9, 0, tzinfo=UTC),
            )
        )
        assert first.original_name == "ocrmypdf__c02-22.pdf"
    log_in(page, site)
    row = page.locator(f'tr[data-document-id="{archive.huck_finn}"]')
    # 06:05 UTC on 1 July is 08:05 in Berlin (summer time): local, in the German format.
    expect(row.locator("td.when")).to_have_text("01.07.2026 08:05")
    expect(row.locator(".copies")).to_contain_text("arrived 2 times, last 03.07.2026 11:00")
    expect(row.locator(".copies")).to_contain_text("fax-resent-0703.pdf")
    page.screenshot(path=str(tmp_path / f"arrivals-{size}.png"))
    page.goto(f"{site}/documents/{archive.huck_finn}")
    expect(page.locator("header.document-head .meta")).to_contain_text("received 01.07.2026 08:05")

    page.goto(f"{site}/")
    page.get_by_label("Search words").fill("multi page document")
    page.keyboard.press("Enter")
    result = page.locator(f'li.document[data-document-id="{archive.multi_page}"]')
    hits = result.locator("li.hit")
    expect(hits).to_have_count(2)
    for number in (1, 2):
        hit = result.locator(f'li.hit[data-page="{number}"]')
        expect(hit.locator(".snippet")).to_contain_text(f"Page {number}")
        expect(hit.locator(".snippet mark").first).to_be_visible()
    page.screenshot(path=str(tmp_path / f"search-pages-{size}.png"))
