"""Run `docvault` as a real subprocess in a folder of its own, as an admin would."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx


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
        self, *arguments: str, check: bool = True, input_text: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "docvault", *arguments],
            cwd=self.folder,
            env=self.environment,
            capture_output=True,
            text=True,
            check=check,
            timeout=120,
            input=input_text,
        )

    def logged_in_client(
        self, name: str = "clerk", password: str = "a long test password"
    ) -> httpx.Client:
        """A web client logged in as a user created with `docvault user add`."""
        self.cli("user", "add", name, input_text=f"{password}\n")
        client = httpx.Client(base_url=self.url(""), timeout=10)
        form = client.get("/login").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', form)
        assert token is not None, form
        answer = client.post(
            "/login",
            data={"name": name, "password": password, "csrf_token": token.group(1), "next": "/"},
        )
        assert answer.status_code == 303, answer.text
        return client

    def cli_json(self, *arguments: str) -> Any:
        return json.loads(self.cli(*arguments, "--json").stdout)

    def start(self, wait: bool = True) -> None:
        """Start `docvault run`; unless told otherwise, wait for the web view to answer."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "docvault", "run"],
                cwd=self.folder,
                env=self.environment,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        if wait:
            wait_for(self.web_is_up, 120, "the web view to answer")

    def web_is_up(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"docvault run exited early:\n{self.log.read_text()}")
        try:
            return httpx.get(self.url("/"), timeout=2).status_code < 500
        except httpx.TransportError:
            return False

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
