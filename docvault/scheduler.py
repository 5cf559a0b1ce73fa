"""The clinic's calendar: jobs planned by the wall clock in the clinic's time zone, with
APScheduler (3.x) keeping its plan in docvault's own database.

    database-backup    backup_at            02:00 every day
    archive-check      verify_at            Sunday 03:00 (`docvault verify`)
    index-check        index_check_at       every hour at :15
    retention-review   retention_review_at  05:00 every day (lists, never deletes)
    rerun-failed       rerun_failed_at      off (failed and looped pages read again, when
                                            no page is being read or waiting)
    register-refresh   register_refresh_at  off (the patient register from register_source)

Why APScheduler here, and not for the supervisor's short timers (`docvault.runtime.jobs`): these
jobs belong to the calendar ("at 02:00 Berlin time, summer or winter", "on Sunday"), a run
missed while the server was off must be caught up once at the next start, and the admin
must see what ran when: cron triggers across summer time, a persistent job store and a
misfire policy are exactly what the library does. The short timers (rescan, lease expiry)
need none of it and stay on the monotonic clock.

The scheduler runs on the daemon's event loop (`threads.calendar_scheduler`, no thread of
its own) inside the calendar part (`parts.CalendarPart`), and each job runs in the bounded
executor of short blocking calls; a job running past its bound makes the part stalled. Its
job store is APScheduler's `SQLAlchemyJobStore` on docvault's database (table
`apscheduler_jobs`): a job whose time passed while docvault was down runs once at the next
start if it is at most `calendar_grace_hours` late (coalesced), and its run says it ran late
and why; later than that it is recorded as missed. A job that raises is recorded as failed
with its sentence (the status page shows it to staff and the admin) and runs again at its
next time. Every run, missed or skipped run is a row of `calendar_runs` (`calendar_log`).
The night the clocks go back, a job planned at a time of day runs at the first of the two
times that are its time (APScheduler would run it at both) and records the second as left
out.

APScheduler keeps a job's function as an import path (it must survive a restart), so every
job is `run_planned(name)`, which finds the running `Calendar` and its callable by name.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

from apscheduler.events import EVENT_JOB_MAX_INSTANCES, EVENT_JOB_MISSED, JobEvent
from apscheduler.executors.asyncio import AsyncIOExecutor
from apscheduler.jobstores.sqlalchemy import SQLAlchemyJobStore
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.cron import CronTrigger
from sqlalchemy import Engine

from docvault import calendar_log
from docvault.calendar_log import Outcome, Planned
from docvault.errors import DocvaultError, ServerFault
from docvault.models import utcnow
from docvault.runtime import ClockWatch, Place, Progress, RunningJobs, calendar_scheduler, fault_of

logger = logging.getLogger(__name__)

# A run starting this much after its time is late, and says why.
LATE_SECONDS = 60.0
# How often the calendar part looks for "run now" requests and beats its progress.
LOOK_SECONDS = 1.0

_running_calendar: Calendar | None = None  # the one whose jobs `run_planned` runs
_calendar_lock = threading.Lock()


@dataclass(frozen=True)
class CalendarJob:
    """A job of the calendar: what it is, when, what it does and how long it may take."""

    planned: Planned
    function: Callable[[], str]  # does the work; returns its outcome as a sentence
    bound_seconds: float  # running longer than this makes the calendar part stalled

    @property
    def name(self) -> str:
        return self.planned.name


# The calendar's jobs: name, title, and the setting that plans it, in the schedule's order.
JOBS = (
    ("database-backup", "Database backup", "backup_at"),
    (calendar_log.ARCHIVE_CHECK, "Archive check", "verify_at"),
    ("index-check", "Index consistency check", "index_check_at"),
    ("retention-review", "Retention review", "retention_review_at"),
    ("rerun-failed", "Failed and looped pages read again", "rerun_failed_at"),
    ("register-refresh", "Patient register refreshed", "register_refresh_at"),
)


def zone_label(zone: tzinfo) -> str:
    """The zone as the schedule names it: "Europe/Berlin" (the server's own zone, by name)."""
    return str(getattr(zone, "key", None) or zone)


def run_planned(name: str) -> None:
    """What APScheduler's job store names as every job's function (see the docstring)."""
    with _calendar_lock:
        calendar = _running_calendar
    if calendar is None:
        raise RuntimeError(f"calendar job {name} is due, but no calendar is running")
    calendar.run(name)


class _PlannedTimes(AsyncIOExecutor):  # type: ignore[misc]  # APScheduler 3 is untyped
    """APScheduler's asyncio executor, noting each run's planned time for the run to read
    (the job's function is given only its name)."""

    def __init__(self, calendar: Calendar) -> None:
        super().__init__()
        self._calendar = calendar

    def _do_submit_job(self, job: Any, run_times: list[datetime]) -> None:
        self._calendar.note_planned(str(job.id), run_times[-1])
        super()._do_submit_job(job, run_times)


class Calendar:
    """The calendar's jobs planned and run; one per running daemon."""

    def __init__(
        self,
        database: Engine,
        jobs: Sequence[CalendarJob],
        zone: tzinfo,
        zone_name: str,
        grace_seconds: float,
    ) -> None:
        self.database = database
        self.jobs = {job.name: job for job in jobs}
        self.zone, self.zone_name = zone, zone_name
        self.grace_seconds = grace_seconds
        self.running = RunningJobs()
        self.started_at = utcnow()
        self._planned: dict[str, datetime] = {}
        self._lock = threading.Lock()
        self._not_run: list[tuple[str, datetime, str, str]] = []  # from APScheduler's events

    # --- the part's loop, on the event loop ------------------------------------------------

    async def serve(self, progress: Progress, stop: asyncio.Event) -> None:
        """Plan every job and keep the calendar until `stop`; then let go of it."""
        global _running_calendar
        self.started_at = utcnow()
        scheduler = calendar_scheduler(
            self.zone,
            SQLAlchemyJobStore(engine=self.database),
            _PlannedTimes(self),
            self.grace_seconds,
        )
        with _calendar_lock:
            _running_calendar = self
        try:
            scheduler.add_listener(self._noted, EVENT_JOB_MISSED | EVENT_JOB_MAX_INSTANCES)
            scheduler.start(paused=True)
            self._plan(scheduler)
            scheduler.resume()
            await self._keep(scheduler, progress, stop)
        finally:
            scheduler.shutdown(wait=False)
            with _calendar_lock:
                if _running_calendar is self:
                    _running_calendar = None

    async def _keep(
        self, scheduler: AsyncIOScheduler, progress: Progress, stop: asyncio.Event
    ) -> None:
        """Until the stop: record what APScheduler left out, start what admins asked for,
        and have APScheduler look again when the wall clock was set (its wake-up waits on
        the loop's monotonic clock: set forward past 02:00, the backup is due now)."""
        manual: list[asyncio.Task[None]] = []
        wall = ClockWatch()
        async with asyncio.TaskGroup() as runs:
            while not stop.is_set():
                if wall.jumped():
                    scheduler.wakeup()
                try:
                    await self._record_not_run()
                    asked = await asyncio.to_thread(calendar_log.take_requests, self.database)
                except ServerFault as fault:  # the database locked or its disk full: next turn
                    progress.trouble(fault.message)
                    asked = []
                else:
                    progress.trouble(None)
                manual += [self._run_now(runs, name, by) for name, by in asked if name in self.jobs]
                progress.beat()
                await _pause(stop, LOOK_SECONDS)
            for task in manual:  # its thread finishes the call by itself, recorded
                task.cancel()

    def _plan(self, scheduler: AsyncIOScheduler) -> None:
        """Each job planned as the settings say. A job whose plan is unchanged keeps its
        stored next time, so a run missed while docvault was down is still due."""
        for stored in scheduler.get_jobs():
            if stored.id not in self.jobs or self.jobs[stored.id].planned.plan is None:
                scheduler.remove_job(stored.id)
        for job in self.jobs.values():
            plan = job.planned.plan
            if plan is None:
                continue
            trigger = CronTrigger(**plan.cron_fields(), timezone=self.zone)
            stored = scheduler.get_job(job.name)
            if stored is not None and repr(stored.trigger) == repr(trigger):
                continue
            scheduler.add_job(
                run_planned,
                trigger,
                args=[job.name],
                id=job.name,
                name=job.planned.title,
                replace_existing=True,
            )
            logger.info("calendar: %s planned %s", job.name, plan.words(self.zone_name))

    def _noted(self, event: JobEvent) -> None:
        """APScheduler's word that a planned run did not happen (on the loop: only noted,
        written by the part's loop)."""
        planned = getattr(event, "scheduled_run_time", None) or event.scheduled_run_times[-1]
        if event.code == EVENT_JOB_MISSED:
            outcome = Outcome.missed
            why = (
                f"docvault was not running at {self.local(planned)} and started more than "
                f"{self.grace_seconds / 3600:g} hours later (calendar_grace_hours), so this run "
                "was left out; it runs at its next time, or run it now"
            )
        else:
            outcome = Outcome.skipped
            why = (
                f"its run planned for {self.local(planned)} was left out: the previous one "
                "was still going"
            )
        with self._lock:
            self._not_run.append((str(event.job_id), planned, outcome, why))

    async def _record_not_run(self) -> None:
        while True:
            with self._lock:
                if not self._not_run:
                    return
                name, planned, outcome, sentence = self._not_run[0]
            await asyncio.to_thread(
                calendar_log.not_run, self.database, name, planned, outcome, sentence
            )
            logger.warning("calendar: %s %s: %s", name, outcome, sentence)
            with self._lock:
                self._not_run.pop(0)  # written: a fault above keeps it for the next turn

    def _run_now(self, runs: asyncio.TaskGroup, name: str, by: str) -> asyncio.Task[None]:
        logger.info("calendar: %s runs now, asked by %s", name, by)
        return runs.create_task(asyncio.to_thread(self.run, name, by), name=f"calendar-{name}")

    # --- one run, in the executor ------------------------------------------------------------

    def note_planned(self, name: str, planned: datetime) -> None:
        with self._lock:
            self._planned[name] = planned

    def run(self, name: str, by: str | None = None) -> None:
        """Run the job once (never while it runs already) and record how it went."""
        job = self.jobs[name]
        with self._lock:
            planned = None if by else self._planned.pop(name, None)
        if planned is not None and self._ran_at_the_first(job, planned):
            return
        if not self.running.claim(name):
            said = f"asked by {by}" if by else f"planned for {self.local(planned)}"
            calendar_log.not_run(
                self.database,
                name,
                planned or utcnow(),
                Outcome.skipped,
                f"its run {said} was left out: the previous one was still going",
            )
            return
        try:
            started = utcnow()
            run_id = calendar_log.started(
                self.database, name, planned, self._lateness(planned, started), by
            )
            outcome, sentence = _outcome(job)
            calendar_log.finished(self.database, run_id, outcome, sentence)
        except ServerFault as fault:  # its record could not be written: the log says so
            logger.error("calendar job %s: its run could not be recorded: %s", name, fault.message)
        finally:
            self.running.finished(name)

    def _ran_at_the_first(self, job: CalendarJob, planned: datetime) -> bool:
        """The night the clocks go back, a time of day comes twice: a job planned at a fixed
        hour ("02:00") runs at the first and leaves the second out, recorded with why (an
        hourly job runs in both hours: they are two real hours)."""
        plan = job.planned.plan
        first = first_of_a_repeated_time(planned, self.zone)
        if plan is None or plan.hour is None or first is None:
            return False
        if not calendar_log.ran_as_planned(self.database, job.name, first):
            return False  # docvault was down at the first: the second is the night's run
        calendar_log.not_run(
            self.database,
            job.name,
            planned,
            Outcome.skipped,
            f"its run planned for {self.local(planned)} was left out: the clocks went back "
            f"that night, so that time came twice, and it ran at the first ({self.local(first)})",
        )
        return True

    def _lateness(self, planned: datetime | None, started: datetime) -> str:
        """Why a run starts late (empty when it does not)."""
        if planned is None or (started - planned).total_seconds() < LATE_SECONDS:
            return ""
        late = _duration(started - planned)
        if planned < self.started_at:
            return (
                f"ran {late} late: docvault was not running at {self.local(planned)} (it "
                f"started at {self.local(self.started_at)}), so it ran once at the start"
            )
        return f"ran {late} late: docvault was busy (another run of it, or the executor full)"

    def local(self, moment: datetime | None) -> str:
        """A moment as the clinic reads it: "2026-03-29 02:00 CEST"."""
        if moment is None:
            return "now"
        # Through UTC: APScheduler's 02:00 in the spring gap is 03:00 on the clinic's wall.
        return moment.astimezone(UTC).astimezone(self.zone).strftime("%Y-%m-%d %H:%M %Z")

    def liveness(self) -> str | None:
        """A sentence when a job runs past its bound (the part is then stalled)."""
        longest = self.running.longest()
        if longest is None:
            return None
        name, seconds = longest
        if seconds <= self.jobs[name].bound_seconds:
            return None
        return f"the calendar job {name} has been running for {seconds:.0f} s"


def first_of_a_repeated_time(planned: datetime, zone: tzinfo) -> datetime | None:
    """When `planned` is the second time its time of day comes in `zone` (the night the
    clocks go back), the first, in UTC; otherwise None."""
    wall = planned.astimezone(UTC).astimezone(zone)
    if not wall.fold:
        return None
    first = wall.replace(fold=0)
    return first.astimezone(UTC) if first.utcoffset() != wall.utcoffset() else None


def _outcome(job: CalendarJob) -> tuple[str, str]:
    """(outcome, sentence) of one call of the job's function."""
    try:
        return Outcome.ok, job.function()
    except Exception as error:  # every failure of a job is recorded here
        said = error if isinstance(error, DocvaultError) else None
        said = said or fault_of(
            error, Place.data, Path(getattr(error, "filename", None) or "the data folder")
        )
        if said is None:
            logger.exception("calendar job %s failed; it runs again at its next time", job.name)
            return Outcome.failed, f"{type(error).__name__}: {error}"
        logger.error("calendar job %s failed: %s", job.name, said.message)
        return Outcome.failed, said.message


def _duration(length: timedelta) -> str:
    minutes = int(length.total_seconds() // 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min" if hours else f"{minutes} min"


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    try:
        await asyncio.wait_for(stop.wait(), timeout=seconds)
    except TimeoutError:
        return
