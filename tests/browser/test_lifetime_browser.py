"""A record's lifetime in chromium, against the real daemon: the schedule page (a job's plan
in words, run now, its run appearing), the legal hold on the document page, and the retention
review (a batch confirmed with a reason; a document on legal hold refused with its sentence
and kept). Screenshots at 1440x900 and 1024x768 go to test-artifacts/screenshots/."""

from __future__ import annotations

import getpass
import re
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.browser.conftest import screenshot
from tests.support.documents import letter_pdf

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ADMIN = ("boss", "a long admin password")
LETTERS = ("referral-a.pdf", "referral-b.pdf", "court-case.pdf", "complaint.pdf")
SIZES = {"wide": (1440, 900), "narrow": (1024, 768)}
# One rule: the documents of the inbox are kept a year from their arrival.
CONFIG = """timezone = "Europe/Berlin"

[[retention]]
inbox = "inbox"
keep_years = 1
counted_from = "arrival"
"""


@dataclass
class Vault:
    daemon: Daemon
    ids: dict[str, int]  # file name -> document id


def _settled(daemon: Daemon) -> bool:
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as database:
        (documents,) = database.execute("SELECT COUNT(*) FROM documents").fetchone()
        (unfinished,) = database.execute(
            "SELECT COUNT(*) FROM pages WHERE status IN ('queued', 'running')"
        ).fetchone()
    return bool(documents == len(LETTERS) and unfinished == 0)


def _arrived_two_years_ago(daemon: Daemon) -> None:
    """The letters' arrival set back two years, so that the one-year rule makes them due
    (the review counts from the stored arrival; nothing else is changed)."""
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as database:
        database.execute("UPDATE documents SET received_at = datetime(received_at, '-2 years')")


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Vault]:
    folder = tmp_path_factory.mktemp("lifetime")
    (folder / "docvault.toml").write_text(CONFIG)
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as simulator:
        daemon = Daemon(
            folder,
            DOCVAULT_CONFIG=str(folder / "docvault.toml"),
            DOCVAULT_ENGINE="openai",
            DOCVAULT_ENGINE_URL=simulator.base_url,
            DOCVAULT_PROFILE="ovisocr2",
        )
        daemon.start()
        try:
            daemon.cli("user", "add", ADMIN[0], "--admin", input_text=f"{ADMIN[1]}\n")
            for seed, name in enumerate(LETTERS, start=3):
                shutil.copy(letter_pdf(folder / f"made-{name}", 1, seed), folder / "inbox" / name)
            wait_for(lambda: _settled(daemon), 90, "the four letters to be read")
            _arrived_two_years_ago(daemon)
            rows = daemon.cli_json("documents")["documents"]
            ids = {row["file_name"]: int(row["id"]) for row in rows}
            daemon.cli("hold", "place", str(ids["court-case.pdf"]), "--reason", "Case 4 O 17/26")
            yield Vault(daemon, ids)
        finally:
            assert daemon.stop() == 0, daemon.log.read_text()


@pytest.fixture
def admin_page(browser: Browser, vault: Vault) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1440, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    opened.goto(vault.daemon.url("/login"))
    opened.get_by_label("User name").fill(ADMIN[0])
    opened.get_by_label("Password").fill(ADMIN[1])
    opened.get_by_role("button", name="Log in").click()
    opened.wait_for_url(vault.daemon.url("/"))
    yield opened
    context.close()


def _screenshots(page: Page, name: str) -> None:
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        screenshot(page, f"{name}-{size}")
    page.set_viewport_size({"width": 1440, "height": 900})


def test_the_schedule_shows_each_plan_in_words_and_runs_a_job_now(
    admin_page: Page, vault: Vault
) -> None:
    page = admin_page
    page.get_by_role("link", name="Schedule").click()
    backup = page.locator('tr[data-job="database-backup"]')
    expect(backup.locator("td.plan")).to_have_text("every day at 02:00 Europe/Berlin")
    expect(page.locator('tr[data-job="archive-check"] td.plan')).to_have_text(
        "every Sunday at 03:00 Europe/Berlin"
    )
    expect(backup.locator("td.next-run")).to_contain_text(" 02:00")
    page.get_by_role("button", name="Run Database backup now").click()
    expect(page.locator(".notice")).to_contain_text("Database backup: asked to run now")
    # The page refreshes itself; the run the daemon's calendar took appears in its row.
    expect(backup.locator("td.last-run")).to_contain_text(f"run now by {ADMIN[0]}", timeout=30_000)
    # The row shows the run as it starts ("running"); the backup's copy of the database ends
    # it, which a loaded 2-core box took over 5 s to do (a CI run with the box shared).
    expect(backup.locator("td.last-run .state")).to_have_text("ok", timeout=30_000)
    _screenshots(page, "schedule")
    page.goto(vault.daemon.url("/audit?action=run+calendar+job"))
    expect(page.locator("main")).to_contain_text("database-backup")
    backups = list((vault.daemon.folder / "docvault-data" / "backups").glob("docvault-*"))
    assert backups, "the backup run by hand left no backup file"


def test_a_legal_hold_shows_on_the_document_and_refuses_its_deletion(
    admin_page: Page, vault: Vault
) -> None:
    page, daemon = admin_page, vault.daemon
    held = vault.ids["court-case.pdf"]
    page.goto(daemon.url(f"/documents/{held}"))
    hold = page.locator("#legal-hold")
    expect(hold).to_contain_text("On legal hold")
    expect(hold).to_contain_text("Case 4 O 17/26")
    expect(hold).to_contain_text(f"cli:{getpass.getuser()}")  # placed by `docvault hold`
    _screenshots(page, "document-on-hold")
    # The confirmation page says why and offers no delete button.
    page.goto(daemon.url(f"/documents/{held}/delete"))
    expect(page.locator("#legal-hold")).to_contain_text("cannot be deleted")
    expect(page.get_by_role("button", name="Delete from docvault")).to_have_count(0)
    # A hold placed while the confirmation page is open: the deletion is refused.
    other = vault.ids["complaint.pdf"]
    page.goto(daemon.url(f"/documents/{other}/delete"))
    daemon.cli("hold", "place", str(other), "--reason", "Complaint of 3 January")
    page.get_by_role("button", name="Delete from docvault").click()
    expect(page.locator("#delete-refused")).to_contain_text(
        f"Document {other} (complaint.pdf) is on legal hold since"
    )
    _screenshots(page, "delete-refused")
    # Lifted and placed again on the document page, both audited.
    page.goto(daemon.url(f"/documents/{other}"))
    page.get_by_role("button", name="Lift the legal hold").click()
    expect(page.locator("#legal-hold summary")).to_have_text("Place a legal hold")
    page.locator("#legal-hold summary").click()
    _screenshots(page, "document-place-hold")
    page.get_by_label("Reason (the case, the request, who asked)").fill("Complaint, renewed")
    page.get_by_role("button", name="Place the hold").click()
    expect(page.locator("#legal-hold")).to_contain_text(f"placed by {ADMIN[0]}: Complaint, renewed")
    page.goto(daemon.url(f"/audit?document={other}"))
    for action in ("delete refused", "lift legal hold", "place legal hold"):
        expect(page.locator("main")).to_contain_text(action)


def test_the_review_deletes_a_confirmed_batch_and_refuses_the_held_documents(
    admin_page: Page, vault: Vault
) -> None:
    page, daemon = admin_page, vault.daemon
    page.get_by_role("link", name="Due for deletion").click()
    rows = page.locator("table.due tbody tr")
    expect(rows).to_have_count(len(LETTERS))
    held = vault.ids["court-case.pdf"]
    expect(page.locator(f'tr[data-document-id="{held}"]')).to_contain_text("Case 4 O 17/26")
    expect(rows.first.locator("td").nth(3)).to_have_text("the inbox, 1 year")
    _screenshots(page, "due-for-deletion")
    page.get_by_label("Select all").check()
    page.get_by_label("Reason for this deletion").fill("Kept one year as the rule says")
    page.get_by_role("button", name="Delete the chosen documents").click()
    expect(page.locator("#deleted")).to_contain_text("2 document(s) deleted")
    expect(page.locator("#deleted li")).to_have_text(
        [re.compile(r"its original removed from the archive\)$")] * 2
    )
    refused = page.locator("#refused")
    expect(refused).to_contain_text(f"Document {held} (court-case.pdf) is on legal hold since")
    expect(refused).to_contain_text("It was not deleted")
    expect(rows).to_have_count(2)  # the two held documents stay, still due
    _screenshots(page, "due-for-deletion-confirmed")
    left = {row["file_name"] for row in daemon.cli_json("documents")["documents"]}
    assert left == {"court-case.pdf", "complaint.pdf"}
    page.goto(daemon.url("/audit?action=delete"))
    expect(page.locator("main")).to_contain_text("Kept one year as the rule says")
