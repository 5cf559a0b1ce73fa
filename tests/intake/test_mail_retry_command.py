"""`docvault mail-retry`: a person's ask to read refused messages again is audited like
every change made through the command line (issue 45)."""

from __future__ import annotations

import getpass
from pathlib import Path

import pytest
from click.testing import CliRunner
from sqlmodel import col, select

from docvault import db
from docvault.cli import main
from docvault.models import AuditEvent, MailMessage
from docvault.records import mailstore
from docvault.vocabulary import MailState


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    password = tmp_path / "mail.password"
    password.write_text("secret\n")
    password.chmod(0o600)
    config = tmp_path / "docvault.toml"
    config.write_text(
        '[[mailboxes]]\nname = "labor"\nhost = "127.0.0.1"\nuser = "fax"\n'
        f'password_file = "{password}"\n'
    )
    monkeypatch.setenv("DOCVAULT_CONFIG", str(config))
    monkeypatch.setenv("DOCVAULT_DATA_DIR", str(tmp_path / "data"))
    database = db.open_database(tmp_path / "data" / "docvault.sqlite3")
    try:
        for uid, state in ((7, MailState.refused), (8, MailState.refused), (9, MailState.done)):
            mailstore.record(database, mailstore.Seen("labor", 1, uid, state, 100))
    finally:
        database.dispose()
    return tmp_path / "data"


def test_mail_retry_marks_the_refused_messages_and_leaves_an_audit_row(
    data_folder: Path,
) -> None:
    answer = CliRunner().invoke(main, ["mail-retry", "labor", "7", "9"], catch_exceptions=False)
    assert answer.exit_code == 0, answer.output
    assert "1 message(s) left on the server (UID 7) will be read again" in answer.output
    nothing = CliRunner().invoke(main, ["mail-retry", "labor", "9"], catch_exceptions=False)
    assert nothing.exit_code == 1  # nothing to retry: nothing changed, nothing audited
    database = db.open_database(data_folder / "docvault.sqlite3")
    try:
        with db.read_session(database) as session:
            states = session.exec(
                select(MailMessage.uid, MailMessage.state).order_by(col(MailMessage.uid))
            ).all()
            rows = session.exec(select(AuditEvent)).all()
    finally:
        database.dispose()
    assert [tuple(row) for row in states] == [(7, "retry"), (8, "refused"), (9, "done")]
    assert [(row.user_name, row.action, row.detail, row.via) for row in rows] == [
        (
            f"cli:{getpass.getuser()}",
            "retry",
            "mailbox labor: 1 message(s) left on the server (UID 7) will be read again at the "
            "service's next look",
            "cli",
        )
    ]
