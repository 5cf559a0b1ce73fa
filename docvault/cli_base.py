"""What every `docvault` command shares: the state the group's options set (and the
database a caller may hand in), errors as one sentence, the id type, secrets from stdin."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

import click
from sqlalchemy import Engine

from docvault import db
from docvault.config import Settings, load_settings
from docvault.errors import DocvaultError

F = TypeVar("F", bound=Callable[..., Any])
# SQLite's largest integer (web.context.MAX_ID bounds the web's ids the same way): a larger
# id reached SQLite as an OverflowError traceback (issue 25).
MAX_ROW_ID = 2**63 - 1


class State:
    """What the group options set for every command (the click context's object).

    `database`: an engine to work on instead of opening the settings' database; a caller
    that runs a command against a database of its own (a test) hands it in as
    `CliRunner().invoke(command, arguments, obj=State(database=engine))`.
    """

    def __init__(
        self, config: Path | None = None, debug: bool = False, database: Engine | None = None
    ) -> None:
        self.config = config
        self.debug = debug
        self.database = database

    def settings(self) -> Settings:
        return load_settings(self.config)

    @contextmanager
    def use_database(self, settings: Settings | None = None) -> Iterator[Engine]:
        """The one way a command opens its database: the one handed in (left open), else
        that of `settings` (read now when not given), upgraded to the newest schema and
        closed after."""
        if self.database is not None:
            yield self.database
            return
        # The schema upgraded under its lock, the busy timeout; named after the command for
        # its sentences.
        settings = settings or self.settings()
        database = db.open_database(
            settings.database_path, command_name(), settings.database_busy_seconds
        )
        try:
            yield database
        finally:
            database.dispose()


def command_name() -> str:
    """The command running, as typed: "docvault user add" (however docvault was started)."""
    names: list[str] = []
    context = click.get_current_context(silent=True)
    while context is not None and context.parent is not None:
        names.insert(0, context.info_name or "")
        context = context.parent
    return " ".join(["docvault", *names])


# A command's first parameter is the State; one invoked on its own (not under `docvault`)
# gets a State with no options set.
pass_state = click.make_pass_decorator(State, ensure=True)


def friendly_errors(function: F) -> F:
    """Translate docvault's errors into one clear sentence, once, at the edge."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        state = click.get_current_context().find_object(State)
        try:
            return function(*args, **kwargs)
        except DocvaultError as error:
            if state is not None and state.debug:
                raise
            raise click.ClickException(error.message) from None

    return cast(F, wrapper)


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
