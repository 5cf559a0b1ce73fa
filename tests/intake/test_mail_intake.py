"""docvault.intake.mailbox's `MailIntake` in this process against a real Dovecot: what the
mailbox part sees of a look (its heartbeat), and a folder the server numbered back.

The attachments are judged by the real inspection (`render.inspect_document`, as the
inspection worker does); the intake reads each message with the real mail reader."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlmodel import select

from docvault import db
from docvault.intake.imap import MailConnection
from docvault.intake.mailbox import MailIntake
from docvault.intake.mailparse import ParsedMessage, readable_kinds
from docvault.intake.mailreader import MailReader, Unreadable
from docvault.models import MailMessage
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import MailboxSettings
from tests.support.dovecot import PASSWORD, USER, Dovecot
from tests.support.mail import letter_message

TIMEOUT_SECONDS = 30.0


def _mailbox(server: Dovecot, home: Path) -> MailboxSettings:
    password = home / "mail.password"
    password.write_text(PASSWORD + "\n")
    password.chmod(0o600)
    return MailboxSettings(
        name="labor",
        host="127.0.0.1",
        user=USER,
        password_file=password,
        port=server.imaps_port,
        tls_ca_file=server.certificate,
    )


@pytest.fixture
def reader() -> Iterator[MailReader]:
    made = MailReader(TIMEOUT_SECONDS, 1024**3, 100)
    yield made
    made.close()


def _intake(
    server: Dovecot,
    home: Path,
    reader: MailReader,
    events: list[str] | None = None,
    judge: Callable[[Path], tuple[int, str]] | None = None,
) -> MailIntake:
    data = home / "data"
    data.mkdir(exist_ok=True)
    database = db.open_database(data / "docvault.sqlite3")
    options = RenderOptions()

    def inspect(path: Path) -> tuple[int, str]:
        if events is not None:
            events.append("inspect")
        info = inspect_document(path, options)
        return info.page_count, info.kind

    return MailIntake(
        database,
        data,
        _mailbox(server, home),
        judge or inspect,
        reader,
        readable_kinds=readable_kinds(False),
        timeout_seconds=TIMEOUT_SECONDS,
        max_message_bytes=50 * 1024 * 1024,
        max_file_bytes=50 * 1024 * 1024,
    )


def _look(intake: MailIntake, beat: Callable[[], None] | None = None) -> int:
    connection = MailConnection.open(intake.mailbox, PASSWORD, TIMEOUT_SECONDS)
    try:
        return intake.poll(connection, beat=beat)
    finally:
        connection.close()


def test_the_part_beats_after_each_attachment_is_judged(
    tmp_path: Path, imap_server: Dovecot, reader: MailReader
) -> None:
    """Issue 44: each attachment may keep the inspection worker up to render_timeout_seconds
    (60 s); a message of four such outlasted the part's bound (190 s) with no beat, and
    systemd killed the daemon. The part beats after each one now."""
    imap_server.append(letter_message(tmp_path, 1, letters=4, subject="Vier Befunde"))
    events: list[str] = []
    intake = _intake(imap_server, tmp_path, reader, events)
    taken = _look(intake, lambda: events.append("beat"))
    assert taken == 1
    # Each judgement is followed by a beat, then the message's own beat.
    assert events == ["inspect", "beat"] * 4 + ["beat"], events


class Stopped(BaseException):
    """The daemon stopped here (a SIGKILL, the power gone): nothing after it runs."""


def _stopped(_path: Path) -> tuple[int, str]:
    raise Stopped


class StoppingReader(MailReader):
    """A mail reader that stops docvault on every message: the message that would."""

    def message(self, path: Path) -> ParsedMessage | Unreadable:
        raise Stopped


def _start(intake: MailIntake) -> int:
    """A run's first look, as the mailbox part makes it: connected (messages a stopped run
    left held are settled), then the look."""
    connection = MailConnection.open(intake.mailbox, PASSWORD, TIMEOUT_SECONDS)
    try:
        intake._connected(connection)
        return intake.poll(connection)
    finally:
        connection.close()


def _state(home: Path) -> tuple[str, str | None]:
    database = db.make_engine(home / "data" / "docvault.sqlite3")
    try:
        with db.read_session(database) as session:
            row = session.exec(select(MailMessage)).one()
            return row.state, row.problem
    finally:
        database.dispose()


def test_stops_after_a_message_was_read_whole_never_refuse_it(
    tmp_path: Path, imap_server: Dovecot, reader: MailReader
) -> None:
    """Killed at random moments, a daemon met one message of several letters while taking
    its parts three times in a row, and refused it as the message that stops docvault (the
    random-kill test of the daemon, on a loaded box). A stop after the message was read
    whole is not its doing: eight such stops, and the next run takes it."""
    imap_server.append(letter_message(tmp_path, 1, letters=2, subject="Zwei Befunde"))
    for _ in range(8):
        with pytest.raises(Stopped):
            _start(_intake(imap_server, tmp_path, reader, judge=_stopped))
        assert _state(tmp_path)[0] == "reading"
    assert _start(_intake(imap_server, tmp_path, reader)) == 1
    assert _state(tmp_path)[0] != "refused"


def test_a_message_that_stops_docvault_while_it_is_read_is_refused_the_third_time(
    tmp_path: Path, imap_server: Dovecot
) -> None:
    """The guard the rule above must keep: a message whose reading stops docvault at every
    start is refused at the third, with its sentence, and docvault goes on."""
    imap_server.append(letter_message(tmp_path, 2, subject="Befund"))
    stopping = StoppingReader(TIMEOUT_SECONDS, 1024**3, 100)
    try:
        for _ in range(3):
            with pytest.raises(Stopped):
                _start(_intake(imap_server, tmp_path, stopping))
    finally:
        stopping.close()
    reader = MailReader(TIMEOUT_SECONDS, 1024**3, 100)
    try:
        assert _start(_intake(imap_server, tmp_path, reader)) == 0
    finally:
        reader.close()
    state, problem = _state(tmp_path)
    assert state == "refused"
    assert problem is not None
    assert "was being taken each of the 3 times docvault stopped" in problem
    assert "docvault mail-retry labor" in problem
