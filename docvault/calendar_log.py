"""The calendar's record in the database: each job's runs, the "run now" requests, and the
schedule as the status page and `docvault schedule` show it.

The calendar (`docvault.scheduler`, in the running daemon) writes the runs and takes the
requests; the web view and the command read them and add requests, in any process. When a
job runs next is APScheduler's own record (its job store's table in the same database,
`apscheduler_jobs`), read here as it stands; before the daemon first planned a job, it is
worked out from the plan.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, tzinfo

from sqlalchemy import Engine, func, inspect, text
from sqlmodel import col, select

from docvault.db import read_session, write_transaction
from docvault.models import CalendarRequest, CalendarRun, utcnow
from docvault.plans import Plan

JOB_STORE_TABLE = "apscheduler_jobs"
ARCHIVE_CHECK = "archive-check"  # the job whose outcome /metrics also gives on its own


class Outcome:
    """What became of one run (the words stored in `calendar_runs.outcome`)."""

    running = "running"
    ok = "ok"
    failed = "failed"
    missed = "missed"  # docvault was down past the grace period: not run, waits for next time
    skipped = "skipped"  # its previous run was still going


@dataclass(frozen=True)
class Planned:
    """A calendar job as the schedule shows it: its name, title and plan (None: off)."""

    name: str
    title: str
    plan: Plan | None


@dataclass(frozen=True)
class ScheduleRow:
    """One line of the schedule page."""

    name: str
    title: str
    plan: str  # in words: "every day at 02:00 Europe/Berlin", or "off"
    last: CalendarRun | None
    next_at: datetime | None
    waiting_request: str | None  # who asked to run it now, while the daemon has not yet

    @property
    def duration_seconds(self) -> float | None:
        if self.last is None or self.last.finished_at is None:
            return None
        return (self.last.finished_at - self.last.started_at).total_seconds()

    @property
    def problem(self) -> bool:
        return self.last is not None and self.last.outcome in (Outcome.failed, Outcome.missed)


def started(
    database: Engine, job: str, planned_at: datetime | None, late: str, by: str | None
) -> int:
    """A run begins; its row's id."""
    with write_transaction(database) as session:
        row = CalendarRun(job=job, planned_at=planned_at, late=late, requested_by=by)
        session.add(row)
        session.flush()
        return int(row.id or 0)


def finished(database: Engine, run_id: int, outcome: str, sentence: str) -> None:
    with write_transaction(database) as session:
        row = session.get(CalendarRun, run_id)
        if row is not None:
            row.finished_at, row.outcome, row.sentence = utcnow(), outcome, sentence
            session.add(row)


def not_run(database: Engine, job: str, planned_at: datetime, outcome: str, sentence: str) -> None:
    """A planned run that did not happen (missed, or skipped), with why."""
    now = utcnow()
    with write_transaction(database) as session:
        session.add(
            CalendarRun(
                job=job,
                planned_at=planned_at,
                started_at=now,
                finished_at=now,
                outcome=outcome,
                sentence=sentence,
            )
        )


def ran_as_planned(database: Engine, job: str, planned_at: datetime) -> bool:
    """Whether a run of the job planned for `planned_at` started (missed ones did not)."""
    with read_session(database) as session:
        found = session.exec(
            select(CalendarRun.id).where(
                CalendarRun.job == job,
                CalendarRun.planned_at == planned_at,
                CalendarRun.outcome != Outcome.missed,
            )
        ).first()
        return found is not None


def request(database: Engine, job: str, by: str) -> None:
    """An admin asks for the job to run now; the running daemon's calendar takes it."""
    with write_transaction(database) as session:
        session.add(CalendarRequest(job=job, requested_by=by))


def take_requests(database: Engine) -> list[tuple[str, str]]:
    """(job, who) of every waiting request, removed as they are taken (looked at every
    second: a read, and a write only when there is one)."""
    with read_session(database) as session:
        if session.exec(select(CalendarRequest.id).limit(1)).first() is None:
            return []
    with write_transaction(database) as session:
        rows = session.exec(select(CalendarRequest).order_by(col(CalendarRequest.id))).all()
        taken = [(row.job, row.requested_by) for row in rows]
        for row in rows:
            session.delete(row)
    return taken


def last_runs(database: Engine) -> dict[str, CalendarRun]:
    """Each job's newest run (or missed run)."""
    with read_session(database) as session:
        newest = select(func.max(CalendarRun.id)).group_by(col(CalendarRun.job))
        ids = [run_id for run_id in session.exec(newest).all() if run_id is not None]
        rows = session.exec(select(CalendarRun).where(col(CalendarRun.id).in_(ids))).all()
        return {row.job: row for row in rows}


def next_runs(database: Engine) -> dict[str, datetime | None]:
    """When APScheduler will run each job it keeps (None: paused), from its job store."""
    if not inspect(database).has_table(JOB_STORE_TABLE):
        return {}
    with database.connect() as connection:
        rows = connection.execute(text("SELECT id, next_run_time FROM apscheduler_jobs"))
        return {
            str(job): None if at is None else datetime.fromtimestamp(float(at), UTC)
            for job, at in rows
        }


def _waiting(database: Engine) -> dict[str, str]:
    with read_session(database) as session:
        rows = session.exec(select(CalendarRequest)).all()
        return {row.job: row.requested_by for row in rows}


def schedule(
    database: Engine, jobs: Sequence[Planned], zone: tzinfo, zone_name: str
) -> list[ScheduleRow]:
    """Every job: its plan in words, its last run, its next run."""
    from apscheduler.triggers.cron import CronTrigger

    last, stored, waiting = last_runs(database), next_runs(database), _waiting(database)
    rows = []
    for job in jobs:
        next_at = None
        if job.plan is not None:
            next_at = stored.get(job.name) or CronTrigger(
                **job.plan.cron_fields(), timezone=zone
            ).get_next_fire_time(None, datetime.now(zone))
        words = "off" if job.plan is None else job.plan.words(zone_name)
        rows.append(
            ScheduleRow(
                job.name, job.title, words, last.get(job.name), next_at, waiting.get(job.name)
            )
        )
    return rows


def problems(database: Engine, jobs: Sequence[Planned]) -> list[str]:
    """A sentence for each job whose last run failed or was missed: the status page's."""
    last = last_runs(database)
    titles = {job.name: job.title for job in jobs}
    found = []
    for name, run in sorted(last.items()):
        if name in titles and run.outcome in (Outcome.failed, Outcome.missed):
            found.append(f"{titles[name]} ({run.outcome}): {run.sentence}")
    return found
