"""The supervisor's timers: the jobs that run every so often, on the monotonic clock.

Each job (inbox rescan, lease expiry, database backup, index check) is a plain callable
handed in by the composition root; this module only decides when it runs. `run_timers` is
the jobs part's loop on the event loop: each job is due `every_seconds` after its last
start, measured on the monotonic clock, which no one can set: a wall clock set back an hour
(by hand, or NTP stepping a clock that ran fast) moves no job. A job runs in the bounded
executor of short blocking calls (`docvault.runtime.threads`); one still running when it is due
again is not started twice, its turn is skipped. A job that raises is logged and runs again
at its next time: one failure never stops the others.

`ClockWatch` notices the wall clock being set, for the log: the logins and waits stored as
wall-clock times are bounded where they are kept (issue 29), the timers need nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from docvault.errors import DocvaultError
from docvault.runtime.faults import Place, fault_of
from docvault.runtime.supervisor import Progress

logger = logging.getLogger(__name__)

# A jump smaller than this is a scheduling delay or NTP's slewing, not a clock being set.
CLOCK_JUMP_SECONDS = 2.0
# The longest the timers' loop sleeps: it beats its progress and looks at the wall clock.
LOOK_SECONDS = 1.0


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

    def claim(self, name: str) -> bool:
        """Mark the job running unless it already is: whether this caller may run it."""
        with self._lock:
            if name in self._since:
                return False
            self._since[name] = time.monotonic()
            return True

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


async def run_timers(
    jobs: list[Job],
    stop: asyncio.Event,
    progress: Progress,
    running: RunningJobs,
    clock: Callable[[], float] = time.monotonic,
) -> None:
    """Start each job every `every_seconds` until `stop` is set (the first run one interval
    after the start); beat `progress` at least every `LOOK_SECONDS`.

    The runs are tasks of this coroutine's task group: on the stop they are cancelled, and a
    job's thread finishes its call by itself (no stop waits for a backup).
    """
    due = {job.name: clock() + job.every_seconds for job in jobs}
    runs: dict[str, asyncio.Task[None]] = {}
    wall = ClockWatch()  # the real clocks, whatever `clock` the timers are given
    async with asyncio.TaskGroup() as group:
        while not stop.is_set():
            now = clock()
            for job in jobs:
                if due[job.name] > now:
                    continue
                due[job.name] = now + job.every_seconds
                if job.name not in runs or runs[job.name].done():
                    runs[job.name] = group.create_task(
                        asyncio.to_thread(_guarded(job, running)), name=f"job-{job.name}"
                    )
            _tell_jump(wall.jumped())
            progress.beat()
            wait = min([LOOK_SECONDS, *(at - clock() for at in due.values())])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=max(0.0, wait))
        for run in runs.values():
            run.cancel()


def _tell_jump(jump: float) -> None:
    if jump:
        logger.warning(
            "the wall clock was set %s by %.0f s; docvault's timers run on the monotonic "
            "clock and are not moved",
            "back" if jump < 0 else "forward",
            abs(jump),
        )


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
