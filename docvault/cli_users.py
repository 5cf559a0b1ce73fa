"""`docvault user …`: the people who may log in to the web view, and API tokens for scripts.

Module-level click commands; `docvault.cli` adds the group to `docvault`. Each works on
the database its `State` gives (`State.use_database`): the settings' database, or the
engine a caller handed in (`obj=State(database=engine)`, as the tests do).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import click
from sqlalchemy import Engine

from docvault import audit, auth
from docvault.audit import AuditAction
from docvault.cli_base import RowId, State, friendly_errors, pass_state, read_secret


def _read_password() -> str:
    """A new user's password: from standard input, or asked twice on a terminal."""
    return read_secret("Password", confirm=True)


def _when(moment: datetime) -> str:
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")


@click.group("user")
def user_group() -> None:
    """People who may log in to the web view, and API tokens."""


def _audit(database: Engine, action: AuditAction, detail: str) -> None:
    """The row a person's change leaves, as the web view's do, with the system user."""
    audit.record_cli(database, action, detail)


@user_group.command("add")
@click.argument("name")
@click.option("--admin", is_flag=True, help="May see the audit log.")
@pass_state
@friendly_errors
def add(state: State, name: str, admin: bool) -> None:
    """Add a user; the password comes from standard input or is asked twice."""
    password = _read_password()
    with state.use_database() as database:
        auth.add_user(database, name, password, is_admin=admin)
        _audit(database, AuditAction.user_add, f"{name}{' (administrator)' if admin else ''}")
    click.echo(f"User {name} added{' as an administrator' if admin else ''}.")


@user_group.command("passwd")
@click.argument("name")
@pass_state
@friendly_errors
def passwd(state: State, name: str) -> None:
    """Set a new password (ends the user's sessions and lifts a lock-out)."""
    password = _read_password()
    with state.use_database() as database:
        auth.set_password(database, name, password)
        _audit(database, AuditAction.user_password, name)
    click.echo(f"Password of {name} changed.")


@user_group.command("remove")
@click.argument("name")
@pass_state
@friendly_errors
def remove(state: State, name: str) -> None:
    """Remove a user and their API tokens."""
    with state.use_database() as database:
        auth.remove_user(database, name)
        _audit(database, AuditAction.user_remove, f"{name} and their API tokens")
    click.echo(f"User {name} removed.")


@user_group.command("disable")
@click.argument("name")
@pass_state
@friendly_errors
def disable(state: State, name: str) -> None:
    """Stop a user from logging in; their sessions end and their tokens stop working."""
    with state.use_database() as database:
        auth.set_disabled(database, name, True)
        _audit(database, AuditAction.user_change, f"{name}: disabled")
    click.echo(f"User {name} disabled; their sessions have ended.")


@user_group.command("enable")
@click.argument("name")
@pass_state
@friendly_errors
def enable(state: State, name: str) -> None:
    """Let a disabled user log in again."""
    with state.use_database() as database:
        auth.set_disabled(database, name, False)
        _audit(database, AuditAction.user_change, f"{name}: enabled")
    click.echo(f"User {name} enabled.")


@user_group.command("logout")
@click.argument("name")
@pass_state
@friendly_errors
def logout(state: State, name: str) -> None:
    """End every session of the user at once (e.g. a workstation left logged in)."""
    with state.use_database() as database:
        ended = auth.end_sessions(database, name)
        _audit(database, AuditAction.user_change, f"{name}: {ended} session(s) ended")
    click.echo(f"Ended {ended} session(s) of {name}.")


@user_group.command("unlock")
@click.argument("name")
@pass_state
@friendly_errors
def unlock(state: State, name: str) -> None:
    """Lift a login lock-out of the name (forget its failed logins)."""
    with state.use_database() as database:
        forgotten = auth.unlock(database, name)
        _audit(database, AuditAction.user_change, f"{name}: login lock-out lifted")
    click.echo(f"{name}: {forgotten} failed login(s) forgotten; the name may log in again.")


@user_group.command("list")
@pass_state
@friendly_errors
def list_users(state: State) -> None:
    """Show every user."""
    with state.use_database() as database:
        accounts = auth.list_users(database)
    if not accounts:
        click.echo("No users yet; add one with `docvault user add NAME --admin`.")
    for account in accounts:
        click.echo(f"{account.name}{'  (administrator)' if account.is_admin else ''}")


@user_group.group("token")
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
@pass_state
@friendly_errors
def token_create(state: State, name: str, label: str, scope: str, expires: datetime | None) -> None:
    """Make a token for user NAME; it is shown once, keep it secret."""
    until = expires.replace(tzinfo=UTC) + timedelta(days=1) if expires else None
    with state.use_database() as database:
        token = auth.create_token(database, name, label, auth.TokenScope(scope), until)
        _audit(database, AuditAction.token_create, f"for {name} ({scope}): {label or 'no label'}")
    click.echo(token)


@token_group.command("list")
@pass_state
@friendly_errors
def token_list(state: State) -> None:
    """Show the tokens (never the tokens themselves)."""
    with state.use_database() as database:
        tokens = auth.list_tokens(database)
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
@pass_state
@friendly_errors
def token_revoke(state: State, token_id: int) -> None:
    """Revoke the token with this id (see `docvault user token list`)."""
    with state.use_database() as database:
        auth.revoke_token(database, token_id)
        _audit(database, AuditAction.token_revoke, f"token {token_id}")
    click.echo(f"Token {token_id} revoked.")
