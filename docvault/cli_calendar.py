"""`docvault schedule …` and `docvault hold …`: the clinic's calendar as it stands, a job run
now, and legal holds placed and lifted.

Module-level click commands; `docvault.cli` adds the groups to `docvault`. Each is audited
as the system user ("cli:<user>"), as every command is.
"""

from __future__ import annotations

import os
from datetime import datetime

import click

from docvault import audit, calendar_log, holds
from docvault.audit import AuditAction
from docvault.cli_base import RowId, State, friendly_errors, pass_state
from docvault.from_settings import planned_jobs
from docvault.scheduler import JOBS, zone_label
from docvault.web import zone_named


def _who() -> str:
    return audit.cli_actor()


@click.group("schedule", invoke_without_command=True)
@click.pass_context
@pass_state
@friendly_errors
def schedule_group(state: State, context: click.Context) -> None:
    """The calendar: every job, its plan, its last and next run."""
    if context.invoked_subcommand is not None:
        return
    settings = state.settings()
    zone = zone_named(settings.timezone, os.environ)
    with state.use_database() as database:
        rows = calendar_log.schedule(database, planned_jobs(settings), zone, zone_label(zone))
    for row in rows:
        click.echo(f"{row.name}: {row.title}, {row.plan}")
        click.echo(f"  last run: {_last(row, zone)}")
        next_at = _moment(row.next_at, zone) if row.next_at else "not planned"
        waiting = f" (asked to run now by {row.waiting_request})" if row.waiting_request else ""
        click.echo(f"  next run: {next_at}{waiting}")


def _moment(moment: datetime, zone: object) -> str:
    return moment.astimezone(zone).strftime("%Y-%m-%d %H:%M %Z")  # type: ignore[arg-type]


def _last(row: calendar_log.ScheduleRow, zone: object) -> str:
    run = row.last
    if run is None:
        return "never"
    took = f", {row.duration_seconds:.0f} s" if row.duration_seconds is not None else ""
    late = f"; {run.late}" if run.late else ""
    return f"{_moment(run.started_at, zone)}{took}, {run.outcome}: {run.sentence}{late}"


@schedule_group.command("run")
@click.argument("job", type=click.Choice([name for name, _, _ in JOBS]))
@pass_state
@friendly_errors
def run_now(state: State, job: str) -> None:
    """Ask the running service to run a calendar job now (audited)."""
    with state.use_database() as database:
        calendar_log.request(database, job, _who())
        audit.record_cli(database, AuditAction.run_job, job)
    click.echo(
        f"{job}: asked to run now; the running service starts it within a second "
        "(`docvault schedule` shows how it went)"
    )


@click.group("hold")
def hold_group() -> None:
    """Legal holds: documents no deletion may remove."""


@hold_group.command("place")
@click.argument("document_id", type=RowId("docvault documents"))
@click.option("--reason", required=True, help="Why: the case, the request, who asked.")
@pass_state
@friendly_errors
def place(state: State, document_id: int, reason: str) -> None:
    """Put a document on legal hold (audited)."""
    with state.use_database() as database:
        try:
            hold = holds.place(database, document_id, reason, _who())
        except ValueError as error:
            raise click.ClickException(str(error)) from None
        audit.record_cli(database, AuditAction.place_hold, hold.reason, document_id=document_id)
    click.echo(
        f"document {document_id}: on legal hold since {hold.placed_at:%Y-%m-%d}: {hold.reason}"
    )


@hold_group.command("lift")
@click.argument("document_id", type=RowId("docvault documents"))
@pass_state
@friendly_errors
def lift(state: State, document_id: int) -> None:
    """Lift a document's legal hold (audited)."""
    with state.use_database() as database:
        hold = holds.lift(database, document_id)
        if hold is None:
            raise click.ClickException(f"Document {document_id} is not on legal hold.")
        audit.record_cli(database, AuditAction.lift_hold, hold.reason, document_id=document_id)
    click.echo(f"document {document_id}: legal hold lifted (it was: {hold.reason})")
