"""Issue 25, intake: an inbox cannot be turned against the archive. The real daemon.

Whoever can write to an inbox share chooses what lies in it: links to docvault's secrets or
to files elsewhere, a linked folder, a hard link, a named pipe, a sparse giant, a name with
a newline. Each test drops the hostile entries beside an ordinary letter, runs `docvault
run` (devtools/daemon.py) with the engine simulator, and checks the archive folder and the
database, the log, the status file (STATUS=) and the status page: the hostile entries are
refused once with their sentence and left where they are, and the letter is still taken.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import sqlite3
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from docvault.runtime.supervisor import read_status_file
from tests.support.documents import letter_pdf

PASSWORD = "a long test password"


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        **settings,
    }


def recorded(daemon: Daemon) -> list[tuple[str, str]]:
    """(file name, inbox) of every document row, straight from SQLite (no CLI start per
    look, and no dependence on `docvault documents` coping with duplicates)."""
    database = daemon.folder / "docvault-data" / "docvault.sqlite3"
    if not database.exists():
        return []
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT original_name, inbox FROM documents ORDER BY id")
        return [(str(name), str(inbox)) for name, inbox in rows]


def duplicate_rows(daemon: Daemon) -> int:
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as connection:
        (count,) = connection.execute("SELECT COUNT(*) FROM duplicates").fetchone()
    return int(count)


def archived(daemon: Daemon) -> dict[str, int]:
    """sha256 -> size of every file in the archive folder."""
    root = daemon.folder / "docvault-data" / "archive"
    return {
        hashlib.sha256(path.read_bytes()).hexdigest(): path.stat().st_size
        for path in root.rglob("*")
        if path.is_file()
    }


def sha256_of(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def log_text(daemon: Daemon) -> str:
    return daemon.log.read_text(errors="replace")


def intake_detail(daemon: Daemon) -> str:
    """The intake part's detail in the status file: what STATUS= and `docvault status` show."""
    status = read_status_file(daemon.status_file, fresh_seconds=float("inf"))
    details = [part["detail"] for part in status.get("parts", []) if part["name"] == "intake"]
    return str(details[0]) if details else ""


def admin_client(daemon: Daemon) -> httpx.Client:
    """A web client logged in as an administrator (staff do not see the inbox's sentences)."""
    daemon.cli("user", "add", "boss", "--admin", input_text=f"{PASSWORD}\n")
    client = httpx.Client(base_url=daemon.url(""), timeout=10)
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/login").text)
    assert token is not None
    answer = client.post(
        "/login",
        data={"name": "boss", "password": PASSWORD, "csrf_token": token.group(1), "next": "/"},
    )
    assert answer.status_code == 303, answer.text
    return client


def status_page(daemon: Daemon) -> str:
    """The status page as an administrator sees it (unescaped, to compare sentences)."""
    client = admin_client(daemon)
    try:
        return html.unescape(client.get("/status").text)
    finally:
        client.close()


def stop(daemon: Daemon) -> None:
    """Stop the daemon; one that hangs (the bug some of these tests catch) is killed."""
    try:
        assert daemon.stop(timeout=30) == 0, log_text(daemon)
    finally:
        daemon.kill_everything()


def write_config(tmp_path: Path, *tables: dict[str, Any]) -> Path:
    lines = []
    for table in tables:
        lines.append("[[inboxes]]")
        for key, value in table.items():
            shown = str(value).lower() if isinstance(value, bool) else f'"{value}"'
            lines.append(f"{key} = {shown}")
    config = tmp_path / "docvault.toml"
    config.write_text("\n".join(lines) + "\n")
    return config


@pytest.mark.slow
def test_links_hard_links_and_linked_folders_are_refused_and_the_letter_is_taken(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    """The HIGH finding: a link to a secret, a link to a PDF elsewhere, a PDF in a linked
    folder of a recursive inbox and a hard-linked secret were archived (and downloadable);
    none is now, each is reported once with its sentence, and stays where it is."""
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "handover.secret"
    secret.write_bytes(b"the hand-over signing secret " * 4)
    session_key = outside / "secret_key"
    session_key.write_bytes(b"the web session key, 32 bytes.")
    outside_pdf = letter_pdf(outside / "outside.pdf", 1, 70)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    behind_link = letter_pdf(elsewhere / "behind-link.pdf", 1, 71)
    # Two recursive inboxes: one only rescanned (polling), one also watched for file events,
    # so both of intake's paths meet every kind of link.
    config = write_config(
        tmp_path,
        {"name": "polled", "path": "polled", "recursive": True, "polling": True},
        {"name": "watched", "path": "watched", "recursive": True},
    )
    inboxes = {name: tmp_path / name for name in ("polled", "watched")}
    for inbox in inboxes.values():
        inbox.mkdir()
    daemon = Daemon(
        tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config), DOCVAULT_RESCAN_SECONDS="1")
    )

    def drop_hostile_entries(inbox: Path) -> None:
        (inbox / "secret.pdf").symlink_to(secret)
        (inbox / "referral.pdf").symlink_to(outside_pdf)
        (inbox / "scans").symlink_to(elsewhere, target_is_directory=True)
        os.link(session_key, inbox / "copy.pdf")

    drop_hostile_entries(inboxes["polled"])  # before the start: found by the first rescan
    daemon.start()
    try:
        drop_hostile_entries(inboxes["watched"])  # while running: seen through file events
        letters = {
            name: letter_pdf(inbox / "letter.pdf", 1, number)
            for number, (name, inbox) in enumerate(inboxes.items(), start=1)
        }
        expected = {
            name: [
                f"secret.pdf in inbox {name} is a symbolic link; docvault takes only regular "
                "files that are really in the inbox, never what a link points to",
                f"referral.pdf in inbox {name} is a symbolic link",
                f"The folder scans in inbox {name} is a symbolic link; docvault does not look "
                "into linked folders, so no file in it is taken",
                f"copy.pdf in inbox {name} is a hard link (the same file has another name on its "
                "disk)",
            ]
            for name in inboxes
        }
        every_sentence = [sentence for sentences in expected.values() for sentence in sentences]
        wait_for(
            lambda: not any(letter.exists() for letter in letters.values()),
            60,
            "both letters beside the links to be taken",
        )
        for private in (secret, session_key, outside_pdf, behind_link):
            assert sha256_of(private) not in archived(daemon), f"{private.name} was archived"
        wait_for(
            lambda: all(sentence in log_text(daemon) for sentence in every_sentence),
            60,
            "every refusal to be logged",
        )
        # A second letter taken by a later rescan of the polled inbox: the rescans after the
        # refusals have looked at the links again, without refusing them again.
        second = letter_pdf(inboxes["polled"] / "second.pdf", 1, 3)
        wait_for(lambda: not second.exists(), 60, "a rescan to take the second letter")
        # The status file is written by the heartbeat, every two seconds: poll for it.
        detail = wait_for(
            lambda: (lambda text: text if text.count("refused file(s)") == 2 else "")(
                intake_detail(daemon)
            ),
            30,
            "STATUS= to name both inboxes' refusals",
        )
        page = status_page(daemon)
    finally:
        stop(daemon)

    assert sorted(recorded(daemon)) == [
        ("letter.pdf", "polled"),
        ("letter.pdf", "watched"),
        ("second.pdf", "polled"),
    ]
    letters_kept = {sha256_of(path) for path in (tmp_path / "polled" / "processed").rglob("*.pdf")}
    letters_kept |= {
        sha256_of(path) for path in (tmp_path / "watched" / "processed").rglob("*.pdf")
    }
    assert set(archived(daemon)) == letters_kept, "nothing but the three letters is archived"
    for private in (secret, session_key, outside_pdf, behind_link):
        assert sha256_of(private) not in archived(daemon), private.name
    log = log_text(daemon)
    for sentence in every_sentence:
        assert log.count(sentence) == 1, sentence  # reported once, however often rescanned
    for name, inbox in inboxes.items():
        assert (inbox / "secret.pdf").is_symlink(), "left where it is"
        assert (inbox / "scans").is_symlink()
        assert os.stat(inbox / "copy.pdf").st_nlink == 3  # the key and its two links
        for sentence in expected[name]:
            assert sentence in page, sentence  # the status page, for the administrator
    assert "Inbox polled: 4 refused file(s) left in place" in detail
    assert "Inbox watched: 4 refused file(s) left in place" in detail
    assert behind_link.exists()
    assert secret.read_bytes() == b"the hand-over signing secret " * 4


@pytest.mark.slow
def test_a_named_pipe_does_not_hang_intake(tmp_path: Path, simulator: EngineSimulator) -> None:
    """A FIFO in the inbox was stat-ed as an empty file, opened after the empty-file wait and
    blocked intake for good; it is refused once now, and a letter dropped after it taken."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    daemon = Daemon(
        tmp_path,
        **simulated(simulator, DOCVAULT_EMPTY_GRACE_SECONDS="1", DOCVAULT_RESCAN_SECONDS="1"),
    )
    daemon.start()
    try:
        os.mkfifo(inbox / "fax-0001.pdf")
        sentence = (
            "fax-0001.pdf in the inbox is a named pipe (FIFO), not a regular file; docvault "
            "never opens it and leaves it where it is."
        )
        wait_for(lambda: sentence in log_text(daemon), 30, "the pipe to be refused")
        # Past the empty-file wait, when the old intake opened the pipe and hung.
        letter = letter_pdf(inbox / "letter.pdf", 1, 1)
        wait_for(lambda: not letter.exists(), 60, "the letter dropped after the pipe")
        later = letter_pdf(inbox / "later.pdf", 1, 2)
        wait_for(lambda: not later.exists(), 60, "a second letter, rescans later")
    finally:
        stop(daemon)
    assert [name for name, _ in recorded(daemon)] == ["letter.pdf", "later.pdf"]
    assert (inbox / "fax-0001.pdf").is_fifo()
    assert log_text(daemon).count(sentence) == 1


@pytest.mark.slow
def test_a_recursive_inbox_with_file_events_takes_a_file_exactly_once(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    """File events from intake's own processed/ folder were taken again: one file became
    many duplicate rows, then "File name too long" tracebacks for ever."""
    config = write_config(tmp_path, {"name": "scanner", "path": "inbox", "recursive": True})
    inbox = tmp_path / "inbox"
    (inbox / "ward-3").mkdir(parents=True)
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_CONFIG=str(config)))
    daemon.start()
    try:
        first = letter_pdf(inbox / "ward-3" / "referral.pdf", 2, 1)
        wait_for(lambda: not first.exists(), 60, "the referral to be taken")
        # Each later letter is dropped only once the one before is taken: by then every
        # event of the earlier moves into processed/ has reached intake.
        for number in (2, 3):
            letter = letter_pdf(inbox / f"letter-{number}.pdf", 1, number)
            wait_for(lambda: not letter.exists(), 60, f"letter {number} to be taken")  # noqa: B023
    finally:
        stop(daemon)
    assert recorded(daemon) == [
        ("referral.pdf", "scanner"),
        ("letter-2.pdf", "scanner"),
        ("letter-3.pdf", "scanner"),
    ]
    assert duplicate_rows(daemon) == 0
    processed = sorted(path.name for path in (inbox / "processed").rglob("*") if path.is_file())
    assert processed == ["letter-2.pdf", "letter-3.pdf", "referral.pdf"]
    log = log_text(daemon)
    assert "Traceback" not in log
    assert "duplicate" not in log


@pytest.mark.slow
def test_a_sparse_giant_is_refused_before_it_is_copied(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    """A 300 MB sparse file became 300 MB in the archive; with max_file_mb it is refused
    from its size alone, before a byte is copied, and stays in the inbox."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_MAX_FILE_MB="5"))
    daemon.start()
    try:
        giant = inbox / "scan-giant.pdf"
        with giant.open("wb") as handle:
            handle.truncate(300 * 1024 * 1024)
        letter = letter_pdf(inbox / "letter.pdf", 1, 1)
        wait_for(lambda: not letter.exists(), 60, "the letter beside the giant to be taken")
        # The giant, seen first, would have been copied before the letter was taken.
        assert sum(archived(daemon).values()) < 1024 * 1024, "no byte of the giant is archived"
        sentence = (
            "scan-giant.pdf in the inbox is 300.0 MB, more than the limit of 5.0 MB per file; "
            "docvault does not take it and leaves it where it is. Split it into smaller files, "
            "or raise the setting max_file_mb"
        )
        wait_for(lambda: sentence in log_text(daemon), 30, "the giant to be refused")
        page = status_page(daemon)
    finally:
        stop(daemon)
    assert [name for name, _ in recorded(daemon)] == ["letter.pdf"]
    assert sum(archived(daemon).values()) < 1024 * 1024, "no byte of the giant is archived"
    assert giant.stat().st_size == 300 * 1024 * 1024
    assert sentence in page
    assert log_text(daemon).count(sentence) == 1


@pytest.mark.slow
def test_a_newline_in_a_file_name_cannot_forge_a_log_line(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    daemon = Daemon(tmp_path, **simulated(simulator))
    daemon.start()
    forged = "ERROR docvault.web: admin logged in from 10.0.0.1"
    try:
        letter = letter_pdf(inbox / f"Befund\n{forged}\u202e.pdf", 1, 1)
        wait_for(lambda: not letter.exists(), 60, "the file with a newline in its name")
        listing = daemon.cli("documents").stdout
        rows = daemon.cli_json("documents")["documents"]
    finally:
        stop(daemon)
    escaped = f"Befund\\x0a{forged}\\u202e.pdf"
    lines = log_text(daemon).splitlines()
    assert not [line for line in lines if line.startswith(forged)], "no forged line"
    taken = [line for line in lines if escaped in line and "is document" in line]
    assert len(taken) == 1, lines
    assert [row["file_name"] for row in rows] == [escaped]
    assert escaped in listing
    assert "\n" + forged not in listing
    assert "\u202e" not in listing


@pytest.mark.slow
def test_a_hidden_file_that_stays_is_reported_not_taken(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    daemon = Daemon(tmp_path, **simulated(simulator, DOCVAULT_HIDDEN_REPORT_SECONDS="1"))
    daemon.start()
    try:
        hidden = letter_pdf(inbox / ".Befund Maier.pdf", 1, 1)
        (inbox / ".DS_Store").write_bytes(b"Finder's folder settings")
        sentence = (
            ".Befund Maier.pdf in the inbox has stayed unchanged for 1 second but is not "
            "taken: docvault ignores file names starting with '.' "
            "(scanners write under such names). Rename it without the leading '.' to have it "
            "taken."
        )
        wait_for(lambda: sentence in log_text(daemon), 30, "the hidden file to be reported")
        letter = letter_pdf(inbox / "letter.pdf", 1, 2)
        wait_for(lambda: not letter.exists(), 60, "the letter beside it to be taken")
        page = status_page(daemon)
    finally:
        stop(daemon)
    assert [name for name, _ in recorded(daemon)] == ["letter.pdf"]
    assert hidden.exists()
    assert sentence in page
    assert ".DS_Store" not in log_text(daemon)
