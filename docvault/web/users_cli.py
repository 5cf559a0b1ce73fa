"""`docvault user …`: the people who may log in to the web view, and API tokens for scripts.

The composition root attaches the group: `main.add_command(make_users_group(open), "user")`,
where `open()` returns the upgraded database engine.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import click
from sqlalchemy import Engine

from docvault import auth
from docvault.errors import DocvaultError


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
    def token_create(name: str, label: str) -> None:
        """Make a token for user NAME; it is shown once, keep it secret."""
        token = run(lambda database: auth.create_token(database, name, label))
        click.echo(str(token))

    @token_group.command("list")
    def token_list() -> None:
        """Show the tokens (never the tokens themselves)."""
        tokens = run(auth.list_tokens)
        assert isinstance(tokens, list)
        for info in tokens:
            used = info.last_used_at.isoformat() if info.last_used_at else "never used"
            state = "revoked" if info.revoked else used
            click.echo(f"{info.id}\t{info.user_name}\t{info.label or '-'}\t{state}")

    @token_group.command("revoke")
    @click.argument("token_id", type=int)
    def token_revoke(token_id: int) -> None:
        """Revoke the token with this id (see `docvault user token list`)."""
        run(lambda database: auth.revoke_token(database, token_id))
        click.echo(f"Token {token_id} revoked.")

    return users_group
