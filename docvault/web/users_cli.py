"""`docvault user …`: the people who may log in to the web view, and API tokens for scripts.

The composition root attaches the group: `main.add_command(make_users_group(open), "user")`,
where `open()` returns the upgraded database engine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import click
from sqlalchemy import Engine

from docvault import auth
from docvault.errors import DocvaultError

# SQLite's largest integer (web.context.MAX_ID bounds the web's ids the same way): a larger
# id reached SQLite as an OverflowError traceback (issue 25).
MAX_ROW_ID = 2**63 - 1


class RowId(click.ParamType[int]):
    """A row id typed on the command line: a whole number from 1 to 2^63-1, else a sentence.

    The one parameter type of every id the `docvault` command takes; `listing` names the
    command that shows the ids in use.
    """

    name = "id"

    def __init__(self, listing: str) -> None:
        self.listing = listing

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int:
        text = str(value).strip()
        # At most 19 digits before int(): Python refuses to convert more than 4,300 digits
        # with a ValueError that click does not turn into a sentence.
        if text.isascii() and text.isdigit() and len(text) <= 19 and 1 <= int(text) <= MAX_ROW_ID:
            return int(text)
        self.fail(
            f"{text[:40]!r} is not an id: an id is a whole number from 1 to {MAX_ROW_ID} "
            f"(digits 0-9 only); `{self.listing}` shows the ids in use.",
            param,
            ctx,
        )


def read_secret(prompt: str = "Password", confirm: bool = False) -> str:
    """From standard input when it is not a terminal (scripts), else asked without echo."""
    if not sys.stdin.isatty():
        password = sys.stdin.readline().rstrip("\r\n")
        if not password:
            raise click.ClickException("No password on standard input; pipe one line to it.")
        return password
    return str(click.prompt(prompt, hide_input=True, confirmation_prompt=confirm))


def _read_password() -> str:
    """A new user's password: from standard input, or asked twice on a terminal."""
    return read_secret("Password", confirm=True)


def _when(moment: datetime) -> str:
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


def make_users_group(open_database: Callable[[], Engine]) -> click.Group:
    """The `user` command group, reading and writing the database `open_database()` gives."""

    def run(action: Callable[[Engine], object]) -> object:
        database = open_database()
        try:
            return action(database)
        except DocvaultError as error:
            raise click.ClickException(error.message) from None
        finally:
            database.dispose()

    @click.group("user")
    def users_group() -> None:
        """People who may log in to the web view, and API tokens."""

    @users_group.command("add")
    @click.argument("name")
    @click.option("--admin", is_flag=True, help="May see the audit log.")
    def add(name: str, admin: bool) -> None:
        """Add a user; the password comes from standard input or is asked twice."""
        password = _read_password()
        run(lambda database: auth.add_user(database, name, password, is_admin=admin))
        click.echo(f"User {name} added{' as an administrator' if admin else ''}.")

    @users_group.command("passwd")
    @click.argument("name")
    def passwd(name: str) -> None:
        """Set a new password (ends the user's sessions and lifts a lock-out)."""
        password = _read_password()
        run(lambda database: auth.set_password(database, name, password))
        click.echo(f"Password of {name} changed.")

    @users_group.command("remove")
    @click.argument("name")
    def remove(name: str) -> None:
        """Remove a user and their API tokens."""
        run(lambda database: auth.remove_user(database, name))
        click.echo(f"User {name} removed.")

    @users_group.command("disable")
    @click.argument("name")
    def disable(name: str) -> None:
        """Stop a user from logging in; their sessions end and their tokens stop working."""
        run(lambda database: auth.set_disabled(database, name, True))
        click.echo(f"User {name} disabled; their sessions have ended.")

    @users_group.command("enable")
    @click.argument("name")
    def enable(name: str) -> None:
        """Let a disabled user log in again."""
        run(lambda database: auth.set_disabled(database, name, False))
        click.echo(f"User {name} enabled.")

    @users_group.command("logout")
    @click.argument("name")
    def logout(name: str) -> None:
        """End every session of the user at once (e.g. a workstation left logged in)."""
        ended = run(lambda database: auth.end_sessions(database, name))
        click.echo(f"Ended {ended} session(s) of {name}.")

    @users_group.command("unlock")
    @click.argument("name")
    def unlock(name: str) -> None:
        """Lift a login lock-out of the name (forget its failed logins)."""
        forgotten = run(lambda database: auth.unlock(database, name))
        click.echo(f"{name}: {forgotten} failed login(s) forgotten; the name may log in again.")

    @users_group.command("list")
    def list_command() -> None:
        """Show every user."""
        accounts = run(auth.list_users)
        assert isinstance(accounts, list)
        if not accounts:
            click.echo("No users yet; add one with `docvault user add NAME --admin`.")
        for account in accounts:
            click.echo(f"{account.name}{'  (administrator)' if account.is_admin else ''}")

    @users_group.group("token")
    def token_group() -> None:
        """API tokens for scripts (sent as Authorization: Bearer TOKEN)."""

    @token_group.command("create")
    @click.argument("name")
    @click.option("--label", default="", help="What the token is for, e.g. the script's name.")
    @click.option(
        "--scope",
        type=click.Choice([scope.value for scope in auth.TokenScope]),
        default=auth.TokenScope.read.value,
        show_default=True,
        help="metrics: only /metrics; read: search and view; rerun: read and re-run "
        "incomplete, looped or failed pages; admin: all its administrator may do.",
    )
    @click.option(
        "--expires",
        type=click.DateTime(formats=["%Y-%m-%d"]),
        default=None,
        help="Last day (UTC) the token works, YYYY-MM-DD; without it, until revoked.",
    )
    def token_create(name: str, label: str, scope: str, expires: datetime | None) -> None:
        """Make a token for user NAME; it is shown once, keep it secret."""
        until = expires.replace(tzinfo=UTC) + timedelta(days=1) if expires else None
        token = run(
            lambda database: auth.create_token(database, name, label, auth.TokenScope(scope), until)
        )
        click.echo(str(token))

    @token_group.command("list")
    def token_list() -> None:
        """Show the tokens (never the tokens themselves)."""
        tokens = run(auth.list_tokens)
        assert isinstance(tokens, list)
        click.echo("id\tuser\tlabel\tscope\tstate\texpires\tlast used")
        for info in tokens:
            used = _when(info.last_used_at) if info.last_used_at else "never used"
            expires = _when(info.expires_at) if info.expires_at else "never"
            click.echo(
                f"{info.id}\t{info.user_name}\t{info.label or '-'}\t{info.scope}\t"
                f"{info.state}\t{expires}\t{used}"
            )

    @token_group.command("revoke")
    @click.argument("token_id", type=RowId("docvault user token list"))
    def token_revoke(token_id: int) -> None:
        """Revoke the token with this id (see `docvault user token list`)."""
        run(lambda database: auth.revoke_token(database, token_id))
        click.echo(f"Token {token_id} revoked.")

    return users_group
