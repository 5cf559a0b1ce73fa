"""Real-browser fixtures: a real uvicorn server on loopback and Debian's chromium."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.support.webarchive import NURSE

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGUMENTS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]  # fmt: skip
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run `make browser` (apt-get install chromium).")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGUMENTS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1360, "height": 900})
    opened = context.new_page()
    opened.set_default_timeout(10_000)
    yield opened
    context.close()


def log_in(page: Page, site: str, user: tuple[str, str] = NURSE) -> None:
    page.goto(f"{site}/")
    assert page.url.startswith(f"{site}/login")
    page.get_by_label("User name").fill(user[0])
    page.get_by_label("Password").fill(user[1])
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{site}/")


def screenshot(page: Page, name: str, folder: Path = SCREENSHOTS) -> Path:
    """A full-page screenshot (into `folder`, the test's tmp folder where it passes one)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
