"""Mail intake with the real daemon against a real IMAP server (Dovecot on loopback)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.dovecot import PASSWORD, USER, Dovecot, imap_server  # noqa: F401
from tests.support.mail import letter_message

pytestmark = pytest.mark.slow


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        "DOCVAULT_WEB_ENABLED": "false",
        **settings,
    }


def toml_value(value: Any) -> str:
    """A TOML value (JSON's strings, numbers, booleans and lists are TOML's)."""
    return json.dumps(value)


def mail_config(folder: Path, server: Dovecot, **mailbox: Any) -> Path:
    """docvault.toml with one [[mailboxes]] table for the test server (and its password
    file, mode 0600)."""
    password = folder / "mail.password"
    password.write_text(PASSWORD + "\n")
    password.chmod(0o600)
    table = {
        "name": "labor",
        "host": "127.0.0.1",
        "port": server.imaps_port,
        "tls": "implicit",
        "tls_ca_file": str(server.certificate),
        "user": USER,
        "password_file": str(password),
        "poll_seconds": 30,
        "tags": ["mail"],
        **mailbox,
    }
    config = folder / "docvault.toml"
    lines = ["[[inboxes]]", 'name = "scans"', 'path = "inbox"', "", "[[mailboxes]]"]
    lines += [f"{key} = {toml_value(value)}" for key, value in table.items()]
    config.write_text("\n".join(lines) + "\n")
    return config


def database(daemon: Daemon) -> sqlite3.Connection:
    return sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3")


def documents(daemon: Daemon) -> dict[str, tuple[str, str]]:
    """Every document: file name -> (inbox, status)."""
    with database(daemon) as connection:
        rows = connection.execute("SELECT original_name, inbox, status FROM documents")
        return {name: (inbox, status) for name, inbox, status in rows}


def test_messages_with_one_and_several_attachments_become_documents(
    tmp_path: Path, imap_server: Dovecot, simulator: EngineSimulator
) -> None:
    imap_server.append(letter_message(tmp_path, 1, letters=1))
    imap_server.append(letter_message(tmp_path, 2, letters=3))
    config = mail_config(tmp_path, imap_server)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        wait_for(lambda: len(documents(daemon)) == 4, 60, "four documents from two messages")
        wait_for(
            lambda: all("\\Seen" in flags for flags in imap_server.messages().values()),
            30,
            "both messages marked seen",
        )
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert {name: inbox for name, (inbox, _) in documents(daemon).items()} == {
        "befund-1-1.pdf": "labor",
        "befund-2-1.pdf": "labor",
        "befund-2-2.pdf": "labor",
        "befund-2-3.pdf": "labor",
    }
