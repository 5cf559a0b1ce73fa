"""Run `docvault` as a real subprocess in a folder of its own, as an admin would.

The one launcher of the daemon for the tests and the benchmarks. `start()` waits until the
daemon says it is ready: its status file (written by the supervisor's heartbeat, the file
`docvault status` reads) comes from this very process and names no part still `starting`.
That is the moment the daemon sends systemd READY=1 and logs "docvault is running": every
part (worker, intake, index, jobs and, when enabled, the web view, whose part runs only once
`/healthz` answered through the real socket) has made progress. It holds with the web view
off, as the benchmarks run it, and reads a file the daemon writes whole, not its log text.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import httpx

from docvault.config import load_settings
from docvault.reporting import status_file_path
from docvault.runtime.supervisor import read_status_file


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(
    condition: Callable[[], Any], timeout: float, what: str, interval: float = 0.25
) -> Any:
    """Poll `condition` until it returns something truthy; fail with `what` on timeout."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


async def until(
    condition: Callable[[], Any], timeout: float, what: str, interval: float = 0.01
) -> Any:
    """`wait_for` inside a coroutine: the event loop runs between two looks."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        await asyncio.sleep(interval)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")


class Daemon:
    """`docvault run` in `folder` with the given DOCVAULT_* settings."""

    def __init__(self, folder: Path, **settings: str) -> None:
        self.folder = folder
        self.web_port = free_port()
        self.marker = uuid.uuid4().hex
        self.environment = {
            **os.environ,
            # Every process this daemon starts inherits it: how its children are found.
            "DOCVAULT_TEST_DAEMON": self.marker,
            "DOCVAULT_CONFIG": "",
            "DOCVAULT_WEB_PORT": str(self.web_port),
            "DOCVAULT_SETTLE_SECONDS": "0.5",
            "PYTHONUNBUFFERED": "1",
            **settings,
        }
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder / "daemon.log"

    def cli(
        self,
        *arguments: str,
        check: bool = True,
        input_text: str | None = None,
        timeout: float = 120,
    ) -> subprocess.CompletedProcess[str]:
        """A `docvault` command in the daemon's folder and environment; `timeout` bounds it
        (subprocess.TimeoutExpired past it, the command killed)."""
        return subprocess.run(
            [sys.executable, "-m", "docvault", *arguments],
            cwd=self.folder,
            env=self.environment,
            capture_output=True,
            text=True,
            check=check,
            timeout=timeout,
            input=input_text,
        )

    def logged_in_client(
        self, name: str = "clerk", password: str = "a long test password", admin: bool = False
    ) -> httpx.Client:
        """A web client logged in as a user created with `docvault user add` (`--admin`)."""
        self.cli("user", "add", name, *(["--admin"] if admin else []), input_text=f"{password}\n")
        client = httpx.Client(base_url=self.url(""), timeout=10)
        log_in(client, name, password)
        return client

    def cli_json(self, *arguments: str) -> Any:
        return json.loads(self.cli(*arguments, "--json").stdout)

    def start(self, wait: bool = True) -> None:
        """Start `docvault run`; unless told otherwise, wait until it says it is ready."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "docvault", "run"],
                cwd=self.folder,
                env=self.environment,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if wait:
            # A look is one small file read: polled often, since every test that starts a
            # daemon waits here (at the default quarter second, 0.1 s lost a start on average).
            wait_for(self.ready, 120, "the daemon to say it is ready", interval=0.02)

    @property
    def status_file(self) -> Path:
        """Where this daemon's heartbeat writes its parts' health (its data folder's run/)."""
        return status_file_path(load_settings(environ=self.environment, cwd=self.folder).data_path)

    def page_counts(self) -> dict[str, int]:
        """Pages per status (only those with pages), read straight from the daemon's database.

        The look for a wait: a `docvault status` costs a process start, over a second of
        CPU taken from the daemon being waited on, at every look. Empty before the daemon
        made its tables."""
        return dict(self._read("SELECT status, COUNT(*) FROM pages GROUP BY status"))

    def document_statuses(self) -> dict[str, str]:
        """Each document's status by its file name, read as `page_counts` reads."""
        return dict(self._read("SELECT original_name, status FROM documents"))

    def _read(self, query: str) -> list[Any]:
        """The rows of `query` in the daemon's database, opened read-only; none before the
        daemon made the database and its tables."""
        path = load_settings(environ=self.environment, cwd=self.folder).database_path
        if not path.exists():
            return []
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as database:
            try:
                return database.execute(query).fetchall()
            except sqlite3.OperationalError:  # the daemon has not made its tables yet
                return []

    def ready(self) -> bool:
        """The daemon's own word: its status file, from this process, with no part starting."""
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"docvault run exited early:\n{self.log.read_text()}")
        status = read_status_file(self.status_file, fresh_seconds=float("inf"))
        parts = status.get("parts", [])
        return bool(
            status.get("pid") == self.process.pid
            and parts
            and all(part["state"] != "starting" for part in parts)
        )

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.web_port}{path}"

    def stop(self, timeout: float = 60) -> int:
        assert self.process is not None
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout=timeout)

    def processes(self) -> list[int]:
        """Live processes (the daemon and every descendant, orphaned or not) of this daemon."""
        wanted = f"DOCVAULT_TEST_DAEMON={self.marker}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if wanted not in (entry / "environ").read_bytes().split(b"\0"):
                    continue
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if state != "Z":
                found.append(int(entry.name))
        return found

    def kill_everything(self) -> None:
        """SIGKILL the daemon and every process of it still alive (a test's clean-up)."""
        for pid in self.processes():
            os.kill(pid, signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=30)

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=30)


def log_in(client: httpx.Client, name: str, password: str) -> None:
    """Log `client` in through the login form, as a browser does."""
    form = client.get("/login").text
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token is not None, form
    answer = client.post(
        "/login",
        data={"name": name, "password": password, "csrf_token": token.group(1), "next": "/"},
    )
    assert answer.status_code == 303, answer.text
