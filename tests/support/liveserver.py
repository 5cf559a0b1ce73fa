"""The web app served by a real uvicorn on loopback, for the browser and HTTP tests."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx
import uvicorn

from docvault.web.app import WebContext, create_app
from tests.support.webarchive import WebArchive


class LiveServer:
    """The web app served by a real uvicorn on 127.0.0.1 and a free port, in a thread."""

    def __init__(self, archive: WebArchive | WebContext) -> None:
        context = archive if isinstance(archive, WebContext) else archive.context
        config = uvicorn.Config(
            create_app(context), host="127.0.0.1", port=0, log_level="warning",
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


def csrf_token(client: httpx.Client, path: str) -> str:
    """The CSRF token of the form on `path`."""
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).text)
    assert match, f"no CSRF field on {path}"
    return match.group(1)


@contextmanager
def logged_in_site(archive: WebArchive, account: tuple[str, str]) -> Iterator[httpx.Client]:
    """The archive's web app on a live uvicorn, and a client logged in as `account`."""
    server = LiveServer(archive)
    base = server.start()
    try:
        with httpx.Client(base_url=base, follow_redirects=False, timeout=30) as client:
            name, password = account
            login = {"name": name, "password": password, "csrf_token": csrf_token(client, "/login")}
            assert client.post("/login", data={**login, "next": "/"}).status_code == 303
            yield client
    finally:
        server.stop()
