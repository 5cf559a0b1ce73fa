"""Real-browser fixtures: a real uvicorn server on loopback and Debian's chromium."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, sync_playwright

from docvault.web.app import create_app
from tests.support.webarchive import NURSE, WebArchive

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


class LiveServer:
    """The web app served by a real uvicorn on 127.0.0.1 and a free port, in a thread."""

    def __init__(self, archive: WebArchive) -> None:
        config = uvicorn.Config(
            create_app(archive.context), host="127.0.0.1", port=0, log_level="warning",
            access_log=False, lifespan="off",
        )  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="web-test", daemon=True)

    def start(self) -> str:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert self.thread.is_alive(), "uvicorn stopped before it started"
            assert time.monotonic() < deadline, "uvicorn did not start within 20 s"
            time.sleep(0.02)  # polling a flag with a deadline, not a stand-in for an event
        port = self.server.servers[0].sockets[0].getsockname()[1]
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture
def site(archive: WebArchive) -> Iterator[str]:
    server = LiveServer(archive)
    yield server.start()
    server.stop()


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


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
