"""Scheduled jobs (APScheduler): inbox rescan, lease expiry, index consistency check.

Each job is a plain callable handed in by the composition root; this module only decides
when they run. A job that raises is logged and runs again at its next time: one failure
never stops the schedule.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from apscheduler.schedulers.background import BackgroundScheduler

logger = logging.getLogger(__name__)


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
        except Exception:
            logger.exception(
                "scheduled job %s failed; it runs again in %.0f s", job.name, job.every_seconds
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
