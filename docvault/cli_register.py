"""`docvault register …`: the practice system's patient register, refreshed and shown.

Module-level click commands; `docvault.cli` adds the group to `docvault`. A refresh is
recorded with its report (`facts.register`), whoever started it.
"""

from __future__ import annotations

from pathlib import Path

import click
from sqlmodel import Session, col, select

from docvault.cli_base import State, friendly_errors, pass_state
from docvault.facts import register
from docvault.models import RegisterRefresh
from docvault.setting_types import RegisterFormat

FORMATS: tuple[RegisterFormat, ...] = ("auto", "csv", "gdt", "fhir")
# The refused rows a refresh prints; the rest are counted (all are kept in its record).
SHOWN_REFUSALS = 50
ACCEPT_REMOVALS = click.option(
    "--accept-removals",
    is_flag=True,
    help="Take the export even if it removes more than half of the register.",
)


@click.group("register", invoke_without_command=True)
@click.pass_context
@pass_state
@friendly_errors
def register_group(state: State, context: click.Context) -> None:
    """The patient register: its size and its last refreshes."""
    if context.invoked_subcommand is not None:
        return
    with state.use_database() as database, Session(database) as session:
        click.echo(f"register: {register.register_size(session)} patient(s)")
        refreshes = session.exec(
            select(RegisterRefresh).order_by(col(RegisterRefresh.id).desc()).limit(5)
        ).all()
    for row in refreshes:
        click.echo(
            f"{row.finished_at:%Y-%m-%d %H:%M} UTC {row.outcome}: {row.source}: {row.added} "
            f"added, {row.changed} changed, {row.merged} merged, {row.removed} removed, "
            f"{row.refused} refused"
        )


def _run(state: State, path: Path, kind: str, accept_removals: bool) -> None:
    settings = state.settings()
    with state.use_database() as database:
        report = register.refresh_from(
            database,
            path,
            kind,
            settings.register_csv_columns,
            settings.register_fhir_system,
            accept_removals,
        )
    for sentence in report.refused[:SHOWN_REFUSALS]:
        click.echo(f"refused: {sentence}")
    if len(report.refused) > SHOWN_REFUSALS:
        click.echo(f"refused: {len(report.refused) - SHOWN_REFUSALS} more (`docvault register`)")
    click.echo(report.sentence())


@register_group.command("import")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--format", "kind", type=click.Choice(FORMATS), default="auto", show_default=True)
@ACCEPT_REMOVALS
@pass_state
@friendly_errors
def import_register(state: State, path: Path, kind: str, accept_removals: bool) -> None:
    """Refresh the register from an export: a CSV file, a GDT folder or a FHIR file."""
    _run(state, path, kind, accept_removals)


@register_group.command("refresh")
@ACCEPT_REMOVALS
@pass_state
@friendly_errors
def refresh_register(state: State, accept_removals: bool) -> None:
    """Refresh the register from register_source now, as the calendar does."""
    settings = state.settings()
    if not settings.register_source:
        raise click.ClickException(
            "register_source is not set: name the practice system's register export there, "
            "or use `docvault register import PATH`."
        )
    _run(state, Path(settings.register_source), settings.register_format, accept_removals)
