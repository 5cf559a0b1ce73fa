"""`docvault user …`: adding people, passwords from standard input, tokens."""

from __future__ import annotations

import getpass

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine
from sqlmodel import col, select

from docvault import auth, db
from docvault.cli_base import State
from docvault.cli_users import user_group
from docvault.errors import AuthError
from docvault.models import AuditEvent


@pytest.fixture
def run(database: Engine):  # type: ignore[no-untyped-def]
    state = State(database=database)
    runner = CliRunner()

    def invoke(*arguments: str, stdin: str | None = None):  # type: ignore[no-untyped-def]
        return runner.invoke(user_group, list(arguments), input=stdin, obj=state)

    return invoke


def test_add_reads_the_password_from_standard_input(run, database: Engine) -> None:  # type: ignore[no-untyped-def]
    result = run("add", "doctor", "--admin", stdin="long enough secret\n")
    assert result.exit_code == 0, result.output
    assert result.output == "User doctor added as an administrator.\n"
    account = auth.log_in(database, "doctor", "long enough secret", "127.0.0.1")
    assert account.is_admin
    listed = run("list")
    assert listed.output == "doctor  (administrator)\n"


def test_add_refuses_a_short_password_and_a_taken_name(run) -> None:  # type: ignore[no-untyped-def]
    short = run("add", "doctor", stdin="short\n")
    assert short.exit_code == 1
    assert "The password is too short: use at least 10 characters" in short.output
    run("add", "doctor", stdin="long enough secret\n")
    again = run("add", "doctor", stdin="long enough secret\n")
    assert "The user 'doctor' already exists; use `docvault user passwd doctor`" in again.output


def test_passwd_changes_the_password_and_remove_removes_the_user(run, database: Engine) -> None:  # type: ignore[no-untyped-def]
    run("add", "doctor", stdin="long enough secret\n")
    assert run("passwd", "doctor", stdin="another long secret\n").exit_code == 0
    with pytest.raises(AuthError):
        auth.log_in(database, "doctor", "long enough secret", "127.0.0.1")
    auth.log_in(database, "doctor", "another long secret", "127.0.0.1")
    assert run("remove", "doctor").output == "User doctor removed.\n"
    missing = run("remove", "doctor")
    assert missing.exit_code == 1
    assert "There is no user 'doctor'; `docvault user list` shows who there is." in missing.output


def test_tokens_are_shown_once_listed_without_secret_and_revoked(run, database: Engine) -> None:  # type: ignore[no-untyped-def]
    run("add", "script", stdin="long enough secret\n")
    token = run("token", "create", "script", "--label", "export").output.strip()
    assert token.startswith("dv_")
    assert len(token) > 40
    assert auth.token_use(database, token) is not None
    listed = run("token", "list").output
    assert token not in listed
    assert "\tscript\texport\t" in listed
    assert run("token", "revoke", "1").output == "Token 1 revoked.\n"
    assert auth.token_use(database, token) is None
    assert "revoked" in run("token", "list").output


def test_every_change_of_people_and_tokens_leaves_an_audit_row_of_the_system_user(  # type: ignore[no-untyped-def]
    run, database: Engine
) -> None:
    # Issue 45: every act of a person is audited whatever the door; the command line's rows
    # name the system user and say they came from the command line.
    changes: list[tuple[tuple[str, ...], str | None, str, str]] = [
        (("add", "doctor", "--admin"), "long enough secret\n", "user add",
         "doctor (administrator)"),
        (("passwd", "doctor"), "another long secret\n", "user password", "doctor"),
        (("disable", "doctor"), None, "user change", "doctor: disabled"),
        (("enable", "doctor"), None, "user change", "doctor: enabled"),
        (("logout", "doctor"), None, "user change", "doctor: 0 session(s) ended"),
        (("unlock", "doctor"), None, "user change", "doctor: login lock-out lifted"),
        (("token", "create", "doctor", "--label", "export"), None, "token create",
         "for doctor (read): export"),
        (("token", "revoke", "1"), None, "token revoke", "token 1"),
        (("remove", "doctor"), None, "user remove", "doctor and their API tokens"),
    ]  # fmt: skip
    for arguments, stdin, _, _ in changes:
        assert run(*arguments, stdin=stdin).exit_code == 0, arguments
    run("list")
    run("token", "list")  # looks change nothing and leave no row
    with db.read_session(database) as session:
        rows = session.exec(select(AuditEvent).order_by(col(AuditEvent.id))).all()
    assert [(row.user_name, row.action, row.detail, row.via) for row in rows] == [
        (f"cli:{getpass.getuser()}", action, detail, "cli") for _, _, action, detail in changes
    ]
