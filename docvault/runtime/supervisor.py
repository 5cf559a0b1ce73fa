"""One supervisor for the parts of `docvault run`, and of every command that runs parts.

`docvault run` and `docvault ingest` are each one asyncio event loop. The supervisor owns
every part from before it starts until after it stopped, in one `asyncio.TaskGroup`
(structured concurrency: no part is started and forgotten, every failure surfaces here)::

    docvault run                cli: signals, the hard stop deadline
    └── service.run_daemon      builds the parts, inside `blocking_calls` (the executor)
        └── Supervisor.run      a TaskGroup on the main event loop, Policy.keep_running
            ├── engine          vllm serve, if docvault starts it   loop + child processes
            ├── index           the index writer drains the outbox  thread "index"
            ├── worker          claim, render, OCR, store           loop + render processes
            ├── facts           finished letters' facts proposed    thread "facts"
            ├── intake          rescans, stability, archive         thread "intake" + inspect
            ├── file-events     watchdog's observer (fast intake)   thread "file-events"
            ├── jobs            the timers: rescan, lease expiry    loop, monotonic clock;
            │                                                       each run in the executor
            ├── calendar        APScheduler: backup 02:00, archive  loop, wall clock in the
            │                   check Sunday, index check,          clinic's zone; each run
            │                   retention review, failed pages      in the executor
            ├── web             the web view                        thread "web": uvicorn's
            │                                                       loop, anyio's threadpool
            ├── handover        hand-overs to the practice system   thread "handover" + pool
            │                                                       "handover-0..3"
            ├── mailbox-NAME    one per [[mailboxes]]: IMAP intake  thread "mailbox-NAME"
            └── heartbeat       WATCHDOG=1, STATUS=, status file    loop; counts in executor

    docvault ingest FILE...     cli
    └── service.ingest_files    builds the parts, inside `blocking_calls` (the executor)
        └── Supervisor.run_until_done(the files read)             Policy.one_shot
            ├── index, worker,  as above
            │   facts
            ├── heartbeat       the parts' states, no report        loop
            └── the command's work: files taken, pages awaited      loop; files taken in
                                                                    the executor

    beside them, owned by what they serve, closed by the composition root:
      render pools   processes: `render_workers` to render, one to inspect, and
                     `web_render_workers` to draw the web view's images (pebble),
                     forked by the fork server (`docvault.runtime.forkserver`)
      CPU engine     threads "rapidocr" (`cpu_threads`): its compute, closed by aclose()
      the executor   threads "blocking_0..7": every short blocking call on the loop

**Blocking work, one rule** (`docvault.runtime.threads`). A part's long-lived blocking loop runs in
a named daemon thread of its own (`in_thread`), started and awaited by the part's task: a
loop may block for as long as a hung network share does, so it never takes a thread of a
shared pool, and a daemon thread never holds up the exit. Every short blocking call made
on the event loop (a database statement, a marker file, a scheduled job) goes through
`asyncio.to_thread`, whose executor is the one bounded pool `blocking_calls` installs as
the loop's default for the whole command and shuts down after it: named threads, a bound
chosen once, no thread started per call. The hand-overs, sent while their part's loop goes
on, go to a fixed pool of daemon threads (`DaemonPool`, four by default), since a stop must
not wait for a slow receiver. What is not docvault's stays the library's own: FastAPI runs
its sync endpoints (and starlette's `run_in_threadpool`) in anyio's threadpool on the web
thread's loop, and watchdog runs its observer thread.

uvicorn has an event loop of its own, in the web thread, on purpose, owned like any part's
thread (the web part starts it, awaits it, and tells it to exit on the stop): the web view
renders templates and Markdown in its coroutines, and a heavy page on the pipeline's loop
would delay the worker's requests and the heartbeat that feeds systemd's watchdog; and
uvicorn's `Server.serve` on the main thread takes SIGINT and SIGTERM over with
`signal.signal` (and raises them again when it returns), which would take the stop away from
the command. The web thread reaches the render pools on the pipeline's loop only through
`Pipeline.render_png` (the web view's own pool) and `build_searchable`, each bounded by the
pool's deadline.

**Tasks, each with an owner.** A part's task and the heartbeat are children of the
supervisor's TaskGroup; what a part starts beside its work (the jobs' runs, the calendar's
"run now" runs, the worker's
renderers and consumers, the relay of a stop to a thread) belongs to a TaskGroup of its own
or is cancelled and awaited before the part returns. The engines' background tasks (the OCR
client's re-check of a down endpoint, each `vllm serve` replica's supervisor and its log
drains) are held by the engine and cancelled and awaited by its `aclose()`/`stop()`, which
the composition root calls. Outside the loop only the command's hard stop deadline runs: a
`threading.Timer` (cli), since a stuck loop must not hold the stop up.

**Which clock plans what.** Two planners, each for its own kind of job:

- The supervisor's short timers (`docvault.runtime.jobs`, the jobs part): inbox rescan and lease
  expiry, each due a fixed interval after its last start on the *monotonic* clock, which no
  one can set, each run in the executor above. Intervals of seconds and minutes need no
  cron expressions, no persistence and no misfire policy; set back an hour, the wall clock
  moves none of them. The parts' own waits (intake's tick, the index writer's batch, the
  worker's idle poll, the heartbeat) are on the monotonic clock too.
- The clinic's calendar (`docvault.scheduler`, the calendar part): the database backup
  (`backup_at`, 02:00), the archive check (`verify_at`, Sunday 03:00), the index
  consistency check, the retention review and the night's re-reading of failed pages,
  planned by APScheduler on the *wall* clock in the clinic's `timezone`, summer time
  included. That is calendar work, what the library exists for: cron triggers, a job store
  in docvault's database (a run missed while the server was off runs once at the next
  start, coalesced, and says it ran late), max one instance of a job at a time. The
  scheduler runs on the main loop with no thread of its own (`threads.calendar_scheduler`),
  its jobs in the executor above; a job running past its bound makes the calendar part
  stalled. APScheduler once ran the four short timers too, as a fifth way of running
  blocking work, outside the supervisor; that is why it came back only for the calendar,
  and only inside a part. `ClockWatch` logs a jump of the wall clock, and tells the
  calendar to look again (set forward past 02:00, the backup is due at once).

Every part has a name, a `run(progress, stop)` that returns only when `stop` is set, a
progress bound and a stop stage. While it runs it calls `progress.beat()` whenever it moved
(a tick finished, a batch drained, a page finished, the web view answered); a part whose
last beat is older than its bound, or whose own `liveness()` names a problem, is *stalled*.

**When a part raises** under `Policy.keep_running` (the daemon), the supervisor logs what it
was doing and starts it again after a back-off (1 s doubling to 30 s). A `DocvaultError` is
a condition an admin must fix (an index folder that cannot be opened): the part retries
until it is fixed and says why on the status page and in systemd's STATUS= line; restarting
the daemon would not help and would stop the healthy parts. Any other exception is a bug:
after `crash_limit` of them within `crash_window_seconds` the supervisor gives up (OTP's
restart intensity), stops every part in order and `run` raises `PartFailed`, so the daemon
exits non-zero with the sentence and systemd restarts it. A part marked `required_at_start`
(the web view: its port may be taken) that fails before it ever ran stops the daemon the
same way. Under `Policy.one_shot` (a command: nobody watches it to fix a cause) a part's
first failure of any kind ends the command the same way: its work is cancelled, the parts
stop in order, and the command exits non-zero with the sentence.

Stopping goes stage by stage, each stage waited for within its time limit, then cancelled:
stage 0 (intake, file events, jobs, calendar, web: nothing new comes in), stage 1 (the
worker finishes the requests in flight for `stop_timeout_seconds`, then returns the rest to
the queue), stage 2 (the index writer's last drain, the engine process). Render workers are separate
processes that the render pool kills on its own deadline, and every child process carries
a parent-death signal (`docvault.runtime.lifeline`), so no process outlives the daemon.

Readers in other threads (the status page, `/metrics`) read `Supervisor.snapshot`, a tuple
of frozen `PartHealth` values that the heartbeat replaces whole; nothing iterates a part's
live state from another thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar

from docvault.errors import DocvaultError, PartFailed
from docvault.runtime.backoff import backoff_seconds

logger = logging.getLogger(__name__)

BACKOFF_FIRST_SECONDS = 1.0
BACKOFF_MAX_SECONDS = 30.0
# OTP's default restart intensity is 1 in 5 s; docvault's parts restart with back-off, so
# 5 unexpected failures within a minute mean a part fails at once every time it starts.
CRASH_LIMIT = 5
CRASH_WINDOW_SECONDS = 60.0

Result = TypeVar("Result")


class Policy(StrEnum):
    """What a part's failure does."""

    keep_running = "keep_running"  # the daemon: restarted with back-off, given up on a bug
    one_shot = "one_shot"  # a command: its first failure ends the command


class PartState(StrEnum):
    """Where a part stands, as the status page, `docvault status` and STATUS= show it."""

    starting = "starting"  # started, no progress reported yet
    running = "running"
    degraded = "degraded"  # running, but reporting a problem (an inbox it cannot list)
    restarting = "restarting"  # it failed; it starts again after a back-off
    stopped = "stopped"
    failed = "failed"  # given up: the daemon stops


@dataclass(frozen=True)
class PartHealth:
    """One part's state at the time of the snapshot."""

    name: str
    state: PartState
    last_progress: float  # wall-clock seconds (time.time()) of its last beat
    detail: str = ""  # what is wrong, or what it is doing
    restarts: int = 0
    stalled: bool = False  # no progress within its bound, or its liveness check failed

    @property
    def healthy(self) -> bool:
        """Moving, or waiting under supervision for a cause an admin must remove."""
        return not self.stalled and self.state is not PartState.failed

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "state": self.state.value}


class Progress:
    """What a part reports while it runs; safe to call from any thread.

    Each method replaces one attribute with an immutable value, so a reader on another
    thread sees either the old or the new value, never a half-made one.
    """

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        on_first_beat: Callable[[], None] | None = None,
    ) -> None:
        self._clock = clock
        # Called (from the beating thread) at the first beat: the part is running now.
        self._on_first_beat = on_first_beat
        self.last_beat = clock()
        self.last_beat_wall = time.time()
        self.beats = 0
        self.problem: str | None = None
        self.doing: str = ""

    def beat(self) -> None:
        """The part moved: finished a tick, drained a batch, answered a request."""
        self.last_beat = self._clock()
        self.last_beat_wall = time.time()
        self.beats += 1
        if self.beats == 1 and self._on_first_beat is not None:
            self._on_first_beat()

    def trouble(self, problem: str | None) -> None:
        """The part runs but something is wrong (None: nothing is wrong any more)."""
        self.problem = problem

    def now_doing(self, what: str) -> None:
        """What the part is busy with, for the log line if it fails."""
        self.doing = what


class Part(Protocol):
    """Something the daemon runs for as long as it runs."""

    name: str
    stall_seconds: float  # longest time without a beat while it is healthy
    stop_stage: int  # 0 stops first
    required_at_start: bool  # a failure before it ever ran stops the daemon

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        """Work until `stop` is set, beating `progress`; raise on failure."""
        ...

    def liveness(self) -> str | None:
        """A sentence when the part is stuck in a way its beats do not show."""
        ...


@dataclass
class _Record:
    part: Part
    progress: Progress
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    state: PartState = PartState.starting
    detail: str = ""
    restarts: int = 0
    crashes: list[float] = field(default_factory=list)
    ever_ran: bool = False
    failures_in_a_row: int = 0  # since the part last made progress: what the back-off grows by
    task: asyncio.Task[None] | None = None


class Supervisor:
    """Runs the parts until `stop` is set or one of them cannot be kept running."""

    def __init__(
        self,
        parts: Sequence[Part],
        on_heartbeat: Callable[[tuple[PartHealth, ...]], Awaitable[None]] | None = None,
        heartbeat_seconds: float = 2.0,
        on_stop: Callable[[], None] | None = None,
        stage_timeouts: Mapping[int, float] | None = None,
        clock: Callable[[], float] = time.monotonic,
        backoff_first_seconds: float = BACKOFF_FIRST_SECONDS,
        backoff_max_seconds: float = BACKOFF_MAX_SECONDS,
        policy: Policy = Policy.keep_running,
        command: str = "docvault",
    ) -> None:
        self._clock = clock
        self._policy = policy
        self._command = command  # who stops, in the failure's sentence
        self._records = {part.name: _Record(part, Progress(clock)) for part in parts}
        self._on_heartbeat = on_heartbeat
        self._on_stop = on_stop
        self._heartbeat_seconds = heartbeat_seconds
        self._stage_timeouts = dict(stage_timeouts or {})
        self._backoff_first = backoff_first_seconds
        self._backoff_max = backoff_max_seconds
        self._changed = asyncio.Event()
        self.failure: str | None = None
        self.snapshot: tuple[PartHealth, ...] = ()

    async def run(self, stop: asyncio.Event) -> None:
        """Start every part, keep them running, stop them in order; raise if one gave up."""
        self._publish()
        async with asyncio.TaskGroup() as group:
            for record in self._records.values():
                record.task = group.create_task(
                    self._keep_running(record, stop), name=f"part-{record.part.name}"
                )
            group.create_task(self._heartbeat(stop), name="heartbeat")
        self._publish()
        if self.failure is not None:
            raise PartFailed(self.failure)

    async def run_until_done(self, work: Callable[[], Coroutine[Any, Any, Result]]) -> Result:
        """A command's run: the parts run while `work` (the command's own steps) does, and
        are stopped in order once it returned; its result is returned.

        A part the supervisor gives up on (at once under `Policy.one_shot`) ends the
        command: `work` is cancelled, the parts stop, and `PartFailed` is raised.
        """
        stop = asyncio.Event()
        supervising = asyncio.create_task(self.run(stop), name="supervisor")
        doing: asyncio.Task[Result] = asyncio.create_task(work(), name="command")
        try:
            await asyncio.wait({supervising, doing}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            doing.cancel()  # nothing when it has finished
            await asyncio.gather(doing, return_exceptions=True)
            stop.set()
            await asyncio.gather(supervising, return_exceptions=True)
        supervising.result()  # raises PartFailed when a part ended the command
        return doing.result()

    # --- one part ------------------------------------------------------------------------

    async def _keep_running(self, record: _Record, stop: asyncio.Event) -> None:
        part = record.part
        while not record.stop.is_set():
            # A fresh progress per start: beats of an earlier run say nothing about this one.
            # Its first beat wakes the heartbeat, so that "running" is reported at once (the
            # status file, systemd's READY=1), not at the next heartbeat seconds later.
            record.progress = Progress(self._clock, self._wake_from_any_thread())
            try:
                await part.run(record.progress, record.stop)
                if record.stop.is_set():
                    break
                raise RuntimeError(f"part {part.name} returned without being asked to stop")
            except Exception as error:  # noqa: BLE001 - every failure of a part is handled here
                if record.stop.is_set():
                    logger.warning("%s: failed while stopping: %s", part.name, error)
                    break
                if record.progress.beats:  # it ran before failing: not a start-up failure
                    record.ever_ran = True
                    record.failures_in_a_row = 0
                record.failures_in_a_row += 1
                if not self._restart_allowed(record, error, stop):
                    break
                delay = self._backoff(record)
                self._set(record, PartState.restarting, self._failure_detail(error, delay))
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(record.stop.wait(), timeout=delay)
                record.restarts += 1
                if not record.stop.is_set():
                    self._set(record, PartState.starting, "starting again")
        if record.state is not PartState.failed:
            self._set(record, PartState.stopped, "")

    def _restart_allowed(self, record: _Record, error: Exception, stop: asyncio.Event) -> bool:
        part = record.part
        doing = f" while {record.progress.doing}" if record.progress.doing else ""
        expected = isinstance(error, DocvaultError)
        if expected:
            logger.error("%s failed%s: %s", part.name, doing, _message(error))
        else:
            logger.error("%s failed%s with an unexpected error", part.name, doing, exc_info=error)
        now = self._clock()
        if not expected:
            record.crashes = [at for at in record.crashes if now - at < CRASH_WINDOW_SECONDS]
            record.crashes.append(now)
        reason = self._reason_to_give_up(record)
        if reason is None:
            return True
        self.failure = (
            f"{self._command} stopped because its part '{part.name}' {reason}: {_message(error)}"
        )
        self._set(record, PartState.failed, _message(error))
        stop.set()
        return False

    def _reason_to_give_up(self, record: _Record) -> str | None:
        """Why the part is not started again (None: it is, after its back-off)."""
        if self._policy is Policy.one_shot:
            return "failed"
        if record.part.required_at_start and not record.ever_ran:
            return "could not start"
        if len(record.crashes) >= CRASH_LIMIT:
            return f"failed {len(record.crashes)} times within {CRASH_WINDOW_SECONDS:g} seconds"
        return None

    def _backoff(self, record: _Record) -> float:
        return backoff_seconds(record.failures_in_a_row, self._backoff_first, self._backoff_max)

    @staticmethod
    def _failure_detail(error: Exception, delay: float) -> str:
        return f"{_message(error)} (starting again in {delay:.0f} s)"

    def _wake_from_any_thread(self) -> Callable[[], None]:
        """Set `_changed` from whichever thread a part beats in (parts run in threads too)."""
        loop = asyncio.get_running_loop()

        def wake() -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to report
                loop.call_soon_threadsafe(self._changed.set)

        return wake

    def _set(self, record: _Record, state: PartState, detail: str) -> None:
        record.state = state
        record.detail = detail
        self._changed.set()

    # --- the heartbeat and the stop --------------------------------------------------------

    async def _heartbeat(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            await self._report()
            self._changed.clear()
            await self._wait_for_news(stop)
        if self._on_stop is not None:
            self._on_stop()
        await self._stop_parts()
        await self._report()

    async def _wait_for_news(self, stop: asyncio.Event) -> None:
        """Until the stop, a part's change of state, or the next heartbeat's time."""
        waiters = [asyncio.create_task(event.wait()) for event in (stop, self._changed)]
        try:
            await asyncio.wait(
                waiters, timeout=self._heartbeat_seconds, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            for waiter in waiters:
                waiter.cancel()
            await asyncio.gather(*waiters, return_exceptions=True)

    async def _report(self) -> None:
        self._publish()
        if self._on_heartbeat is None:
            return
        try:
            await self._on_heartbeat(self.snapshot)
        except Exception:
            logger.exception("the heartbeat's report failed; the next one tries again")

    def _publish(self) -> None:
        now = self._clock()
        for record in self._records.values():
            self._note_progress(record)
        self.snapshot = tuple(self._health(record, now) for record in self._records.values())

    @staticmethod
    def _note_progress(record: _Record) -> None:
        progress = record.progress
        if progress.beats and record.state is PartState.starting:
            record.ever_ran = True
            record.state = PartState.running
        if record.state in (PartState.running, PartState.degraded):
            record.state = PartState.degraded if progress.problem else PartState.running
            record.detail = progress.problem or ""

    def _health(self, record: _Record, now: float) -> PartHealth:
        part, progress = record.part, record.progress
        health = PartHealth(
            name=part.name,
            state=record.state,
            last_progress=progress.last_beat_wall,
            detail=record.detail,
            restarts=record.restarts,
        )
        if record.state not in (PartState.running, PartState.degraded, PartState.starting):
            return health
        silent = now - progress.last_beat
        stuck = part.liveness()
        if stuck is None and silent > part.stall_seconds:
            doing = f" (busy {progress.doing})" if progress.doing else ""
            stuck = f"no progress for {silent:.0f} s{doing}"
        if stuck is None:
            return health
        return replace(health, stalled=True, detail=stuck)

    async def _stop_parts(self) -> None:
        for stage in sorted({record.part.stop_stage for record in self._records.values()}):
            records = [r for r in self._records.values() if r.part.stop_stage == stage]
            for record in records:
                record.stop.set()
            tasks = [record.task for record in records if record.task is not None]
            timeout = self._stage_timeouts.get(stage, 10.0)
            _, late = await asyncio.wait(tasks, timeout=timeout) if tasks else (set(), set())
            for task in late:
                name = task.get_name()
                logger.warning("%s did not stop within %.0f s; abandoning it", name, timeout)
                task.cancel()
            self._publish()


def _message(error: BaseException) -> str:
    if isinstance(error, DocvaultError):
        return error.message
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(_message(inner) for inner in error.exceptions)
    return f"{type(error).__name__}: {error}"


# --- the status file ----------------------------------------------------------------------


def write_status_file(path: Path, health: Sequence[PartHealth], extra: Mapping[str, Any]) -> None:
    """The parts' health for `docvault status`, replaced whole (write, then rename)."""
    document = {
        "pid": os.getpid(),
        "written_at": time.time(),
        "parts": [part.as_json() for part in health],
        **extra,
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(document))
    temporary.replace(path)


def read_status_file(path: Path, fresh_seconds: float) -> dict[str, Any]:
    """What the running daemon last wrote, and whether it is running now."""
    try:
        document: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {"running": False, "parts": []}
    age = time.time() - float(document.get("written_at", 0))
    alive = _process_alive(int(document.get("pid", 0)))
    document["running"] = age <= fresh_seconds and alive
    # Alive, but its heartbeat cannot write the file (the data folder full or read-only).
    document["unreported"] = age > fresh_seconds and alive
    document["age_seconds"] = round(age, 1)
    return document


def _process_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
