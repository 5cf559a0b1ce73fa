"""Scheduled jobs (APScheduler): inbox rescan, lease expiry, index consistency check.

Each job is a plain callable handed in by the composition root; this module only decides
when they run. A job that raises is logged and runs again at its next time: one failure
never stops the schedule.
"""

from __future__ import annotations

import logging
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


def _guarded(job: Job) -> Callable[[], None]:
    def run() -> None:
        try:
            job.function()
        except Exception:
            logger.exception(
                "scheduled job %s failed; it runs again in %.0f s", job.name, job.every_seconds
            )

    return run


def start_scheduler(jobs: list[Job]) -> BackgroundScheduler:
    """Start a background scheduler running `jobs`; call `.shutdown()` to stop it."""
    scheduler = BackgroundScheduler(daemon=True)
    for job in jobs:
        scheduler.add_job(
            _guarded(job),
            "interval",
            seconds=job.every_seconds,
            id=job.name,
            max_instances=1,
            coalesce=True,
        )
    scheduler.start()
    return scheduler
