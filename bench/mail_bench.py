"""Mail intake benchmark of issue 31 (not a test; prints Markdown tables).

    python -m bench.mail_bench [--messages 1000] [--small 100] [--polls 50]

A real Dovecot on loopback (tests/support/dovecot.py), implicit TLS. Two folders are
filled, one with `--small` and one with `--messages` messages (each a one-page PDF letter
of ~2 KB); docvault's `MailIntake` takes each folder in process (no OCR: the page
inspection runs as in intake, in this process), timed. Then the cost of a poll with
nothing new is measured on each folder, `--polls` times over one connection: the time of
`poll()` and the bytes the server sent for it (Dovecot's own count at logout, less a
session that only connected and logged out). A poll is one `UID SEARCH UID n:*` and a few
SQLite reads: it must not grow with the folder's size.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from bench.engine_bench import _table as table
from docvault import db
from docvault.intake.imap import MailConnection
from docvault.intake.mailbox import MailIntake
from docvault.intake.mailparse import readable_kinds
from docvault.intake.mailreader import MailReader
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import MailboxSettings
from tests.support.dovecot import PASSWORD, USER, Dovecot, dovecot_missing
from tests.support.mail import letter_message

TIMEOUT_SECONDS = 30.0
_LOGGED_OUT = re.compile(r"Logged out in=(\d+) out=(\d+)")


def fill(server: Dovecot, folder: str, count: int, scratch: Path, first_seed: int) -> float:
    """Append `count` one-letter messages over one connection; the seconds it took."""
    messages = [letter_message(scratch, first_seed + number) for number in range(count)]
    started = time.perf_counter()
    in_one_session(server, lambda: server.append_many(messages, folder))
    return time.perf_counter() - started


def mailbox(server: Dovecot, folder: str, password_file: Path) -> MailboxSettings:
    return MailboxSettings(
        name=f"bench-{folder.lower()}",
        host="127.0.0.1",
        user=USER,
        password_file=password_file,
        port=server.imaps_port,
        tls_ca_file=server.certificate,
        folder=folder,
        require_attachment=True,
    )


def intake_for(settings: MailboxSettings, data: Path) -> MailIntake:
    database = db.open_database(data / "docvault.sqlite3")
    options = RenderOptions()

    def inspect(path: Path) -> tuple[int, str]:
        info = inspect_document(path, options)
        return info.page_count, info.kind

    return MailIntake(
        database,
        data,
        settings,
        inspect,
        MailReader(TIMEOUT_SECONDS, 0, 100),
        readable_kinds=readable_kinds(False),
        timeout_seconds=TIMEOUT_SECONDS,
        max_message_bytes=300 * 1024 * 1024,
        max_file_bytes=200 * 1024 * 1024,
    )


def take_all(intake: MailIntake, count: int) -> float:
    """Seconds until every message of the folder is taken (one connection)."""
    connection = MailConnection.open(intake.mailbox, PASSWORD, TIMEOUT_SECONDS)
    try:
        started = time.perf_counter()
        taken = 0
        while taken < count:
            taken += intake.poll(connection)
        return time.perf_counter() - started
    finally:
        connection.close()


def sessions(server: Dovecot) -> list[int]:
    """The bytes the server sent in each of its finished sessions (its log line at logout)."""
    return [int(sent) for _, sent in _LOGGED_OUT.findall(server.log.read_text())]


def next_session_bytes(server: Dovecot, finished_before: int) -> int:
    """The bytes sent in the session that finishes next (dovecot logs it after answering
    the logout, so the log is read until the line is there)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = sessions(server)
        if len(found) > finished_before:
            return found[-1]
        time.sleep(0.05)  # polling the server's log file: nothing else tells of the line
    raise AssertionError("dovecot logged no end of the session")


def in_one_session(server: Dovecot, action: Callable[[], object]) -> int:
    """Run `action` (which opens and closes one IMAP session); the bytes the server sent."""
    finished = len(sessions(server))
    action()
    return next_session_bytes(server, finished)


def idle_poll_cost(server: Dovecot, intake: MailIntake, polls: int) -> tuple[float, float, float]:
    """(median ms, p95 ms, bytes from the server per poll) of a poll with nothing new."""
    baseline = in_one_session(
        server, lambda: MailConnection.open(intake.mailbox, PASSWORD, TIMEOUT_SECONDS).close()
    )
    durations: list[float] = []

    def poll_often() -> None:
        connection = MailConnection.open(intake.mailbox, PASSWORD, TIMEOUT_SECONDS)
        try:
            stopping = threading.Event()
            for _ in range(polls):
                started = time.perf_counter()
                assert intake.poll(connection, stopping) == 0
                durations.append((time.perf_counter() - started) * 1000)
        finally:
            connection.close()

    total = in_one_session(server, poll_often)
    durations.sort()
    return (
        statistics.median(durations),
        durations[max(int(len(durations) * 0.95) - 1, 0)],
        (total - baseline) / polls,
    )


def run(messages: int, small: int, polls: int) -> str:
    reason = dovecot_missing()
    if reason is not None:
        raise SystemExit(reason)
    with tempfile.TemporaryDirectory(prefix="docvault-mail-bench-") as temporary:
        folder = Path(temporary)
        password = folder / "password"
        password.write_text(PASSWORD + "\n")
        password.chmod(0o600)
        server = Dovecot()
        server.prepare()
        server.start()
        try:
            return _measure(server, folder, password, messages, small, polls)
        finally:
            server.remove()


def _measure(
    server: Dovecot, folder: Path, password: Path, messages: int, small: int, polls: int
) -> str:
    scratch = folder / "letters"
    scratch.mkdir()
    rows_take, rows_poll = [], []
    for name, count, seed in (("Small", small, 0), ("Large", messages, 100_000)):
        filled = fill(server, name, count, scratch, seed)
        intake = intake_for(mailbox(server, name, password), folder / f"data-{name.lower()}")
        seconds = 0.0

        def take(intake: MailIntake = intake, count: int = count) -> None:
            nonlocal seconds
            seconds = take_all(intake, count)

        in_one_session(server, take)
        rows_take.append(
            [
                str(count),
                f"{filled:.1f}",
                f"{seconds:.1f}",
                f"{count * 60 / seconds:.0f}",
                f"{seconds * 1000 / count:.0f}",
            ]
        )
        median, p95, sent = idle_poll_cost(server, intake, polls)
        rows_poll.append([str(count), str(polls), f"{median:.2f}", f"{p95:.2f}", f"{sent:.0f}"])
    return (
        table(
            "Taking a mailbox: one-page PDF letters, one message each, in process (archive of "
            "the .eml and the PDF with fsync, inspection, records, \\Seen at the server)",
            ["messages", "append s (setup)", "take s", "messages/min", "ms per message"],
            rows_take,
        )
        + "\n"
        + table(
            "A poll with nothing new (UID SEARCH UID n:* and the database's answers), over "
            "one connection",
            [
                "messages in the folder",
                "polls",
                "median ms",
                "p95 ms",
                "bytes from server per poll",
            ],
            rows_poll,
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.mail_bench")
    parser.add_argument("--messages", type=int, default=1000)
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--polls", type=int, default=50)
    arguments = parser.parse_args()
    print(run(arguments.messages, arguments.small, arguments.polls))


if __name__ == "__main__":
    main()
