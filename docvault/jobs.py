"""Scheduled jobs (APScheduler): inbox rescan, lease expiry, index consistency check.

Each job is a plain callable handed in by the composition root; this module only decides
when they run. A job that raises is logged and runs again at its next time: one failure
never stops the schedule.

APScheduler plans on the wall clock: set back an hour (by hand, or NTP stepping a clock
that ran fast), it would wait an hour and a minute for a job due in a minute, and a polled
inbox would take nothing meanwhile. `ClockWatch` notices such a jump by the distance
between the wall clock and the monotonic clock, which no one can set, and `replan` then
plans every job afresh from the present time.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from apscheduler.schedulers.background import BackgroundScheduler

from docvault.errors import DocvaultError
from docvault.faults import Place, fault_of

logger = logging.getLogger(__name__)

# A jump smaller than this is a scheduling delay or NTP's slewing, not a clock being set.
CLOCK_JUMP_SECONDS = 2.0


@dataclass(frozen=True)
class Job:
    """A callable and how often it runs."""

    name: str
    function: Callable[[], object]
    every_seconds: float


class RunningJobs:
    """Which jobs are running since when; job threads write it, the supervisor reads it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._since: dict[str, float] = {}

    def started(self, name: str) -> None:
        with self._lock:
            self._since[name] = time.monotonic()

    def finished(self, name: str) -> None:
        with self._lock:
            self._since.pop(name, None)

    def longest(self) -> tuple[str, float] | None:
        """The job running longest and for how many seconds, or None when none runs."""
        with self._lock:
            if not self._since:
                return None
            name, since = min(self._since.items(), key=lambda item: item[1])
        return name, time.monotonic() - since


def _guarded(job: Job, running: RunningJobs) -> Callable[[], None]:
    def run() -> None:
        running.started(job.name)
        try:
            job.function()
        except Exception as error:
            # A condition with its sentence (the database locked, a backup's disk full) is no
            # bug: its sentence, without a traceback.
            place = Path(getattr(error, "filename", None) or "the data folder")
            said = error if isinstance(error, DocvaultError) else fault_of(error, Place.data, place)
            if said is None:
                logger.exception(
                    "scheduled job %s failed; it runs again in %.0f s", job.name, job.every_seconds
                )
            else:
                logger.error(
                    "scheduled job %s failed; it runs again in %.0f s: %s",
                    job.name,
                    job.every_seconds,
                    said.message,
                )
        finally:
            running.finished(job.name)

    return run


def start_scheduler(jobs: list[Job], running: RunningJobs | None = None) -> BackgroundScheduler:
    """Start a background scheduler running `jobs`; call `.shutdown()` to stop it."""
    scheduler = BackgroundScheduler(daemon=True)
    for job in jobs:
        scheduler.add_job(
            _guarded(job, running or RunningJobs()),
            "interval",
            seconds=job.every_seconds,
            id=job.name,
            max_instances=1,
            coalesce=True,
        )
    scheduler.start()
    return scheduler


def replan(scheduler: BackgroundScheduler, jobs: list[Job]) -> None:
    """Plan every job afresh: its next run one interval from now (after the clock jumped)."""
    for job in jobs:
        scheduler.reschedule_job(job.name, trigger="interval", seconds=job.every_seconds)


class ClockWatch:
    """Notices the wall clock being set: the distance between it and the monotonic clock,
    which only runs, changes by the size of the jump."""

    def __init__(
        self,
        wall: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self._wall = wall
        self._monotonic = monotonic
        self._offset = wall() - monotonic()

    def jumped(self) -> float:
        """Seconds the wall clock was moved since the last look (negative: set back), or 0.0
        for less than `CLOCK_JUMP_SECONDS`."""
        offset = self._wall() - self._monotonic()
        jump, self._offset = offset - self._offset, offset
        return jump if abs(jump) >= CLOCK_JUMP_SECONDS else 0.0
