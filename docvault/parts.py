"""The daemon's parts as the supervisor runs them: each a name, a loop, a stop and a bound.

Each class here adapts one driver (intake, the worker, the index writer, the timers, the web
view, the engine process, the hand-over) to `docvault.runtime.supervisor.Part`: where it runs (the
event loop, or a thread of its own for a blocking loop: `docvault.runtime.threads`), what counts as
its progress, and how it is told to stop. The drivers themselves stay unaware of
supervision; `docvault.service` builds these from the settings.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import uvicorn

from docvault.delivery import Deliverer
from docvault.errors import DocvaultError
from docvault.facts import FactsProposer
from docvault.intake import Intake, MailIntake, Watchers
from docvault.ocr import VllmReplicas
from docvault.runtime import (
    Job,
    Progress,
    RunningJobs,
    in_thread,
    run_timers,
    stop_relayed,
    thread_future,
)
from docvault.scheduler import Calendar
from docvault.search import OutboxDriver
from docvault.vocabulary import EngineState
from docvault.web_connections import (
    HEADER_TIMEOUT_SECONDS,
    KEEP_ALIVE_SECONDS,
    LIMIT_CONCURRENCY,
    headers_due,
)
from docvault.worker import Worker

logger = logging.getLogger(__name__)

INTAKE_TICK_SECONDS = 0.25
# How often the parts that only watch something (file events, web, engine) look.
LOOK_SECONDS = 1.0
WEB_PROBE_TIMEOUT_SECONDS = 5.0
WEB_START_SECONDS = 30.0


class _PartDefaults:
    """What most parts share: they stop first, may fail at start, and their beats say it all."""

    stop_stage: int = 0
    required_at_start: bool = False

    def liveness(self) -> str | None:
        return None


async def _pause(stop: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), timeout=seconds)


@dataclass
class IntakePart(_PartDefaults):
    """Intake's ticks (rescans, stability, archiving, inspection) in a thread of its own."""

    intake: Intake
    on_taken: Callable[[], None]
    stall_seconds: float
    # A test hook (DOCVAULT_TEST_HOLD_INTAKE, read by the composition root): called before
    # every tick, it blocks the intake thread the way a hung network share would.
    hold: Callable[[], None] | None = None
    name: str = "intake"

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop) as stopping:
            await in_thread("intake", lambda: self._loop(progress, stopping))

    def _loop(self, progress: Progress, stopping: threading.Event) -> None:
        while not stopping.is_set():
            if self.hold is not None:
                progress.now_doing("held by the test hook")
                self.hold()
            progress.now_doing("taking files from the inboxes")
            try:
                if self.intake.tick():
                    self.on_taken()
            except DocvaultError as error:
                logger.error("intake: %s", error.message)
            progress.now_doing("")
            progress.trouble(self.intake.problem())
            progress.beat()
            stopping.wait(INTAKE_TICK_SECONDS)


@dataclass
class FileEventsPart(_PartDefaults):
    """watchdog's observer: makes intake fast; the rescan still guarantees it. Its look at
    the observer and the folders to watch is a loop in a thread of its own."""

    intake: Intake
    polling_everywhere: bool
    stall_seconds: float
    name: str = "file-events"

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop) as stopping:
            await in_thread("file-events", lambda: self._watch(progress, stopping))

    def _watch(self, progress: Progress, stopping: threading.Event) -> None:
        watchers = Watchers(self.intake, polling_everywhere=self.polling_everywhere)
        watchers.start()
        try:
            while not stopping.is_set():
                if watchers.active and not watchers.observer.is_alive():
                    raise RuntimeError("watchdog's file-event observer thread stopped")
                progress.trouble(watchers.problem())
                progress.beat()
                stopping.wait(LOOK_SECONDS)
                # A folder made (or made again) since the last look is watched from now on.
                watchers.refresh()
        finally:
            watchers.stop()


@dataclass
class WorkerPart(_PartDefaults):
    """The worker's tasks on the event loop; stops second, after nothing new comes in."""

    worker: Worker
    drain_seconds: float
    stall_seconds: float
    name: str = "worker"
    stop_stage: int = 1

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        await self.worker.run(stop, drain_seconds=self.drain_seconds, progress=progress)

    def liveness(self) -> str | None:
        return self.worker.liveness()


@dataclass
class IndexPart(_PartDefaults):
    """The index writer in a thread of its own; stops last but one, with a final drain."""

    writer: OutboxDriver
    stall_seconds: float
    name: str = "index"
    stop_stage: int = 2

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop, self.writer.request_stop):
            await in_thread("index", lambda: self.writer.serve(progress))

    def liveness(self) -> str | None:
        # Documents left out and failures an admin must fix are the part's trouble (it is
        # degraded); a writer failing for an unforeseen reason past the bound is stalled.
        return self.writer.liveness(self.stall_seconds)


@dataclass
class FactsPart(_PartDefaults):
    """The facts proposer (`docvault.facts.outbox`) in a thread of its own: the facts of
    each finished letter proposed after its reading's commit. Stops with the worker, and
    before the index writer, whose last drain takes the pages its facts changed."""

    proposer: FactsProposer
    stall_seconds: float
    # A test hook (DOCVAULT_TEST_HOLD_FACTS, read by the composition root): called once
    # before the loop, it holds the part between a reading's commit and its facts, the
    # moment a crash can hit.
    hold: Callable[[], None] | None = None
    name: str = "facts"
    stop_stage: int = 1

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop, self.proposer.wake) as stopping:
            await in_thread("facts", lambda: self._serve(progress, stopping))

    def _serve(self, progress: Progress, stopping: threading.Event) -> None:
        if self.hold is not None:
            progress.now_doing("held by the test hook")
            progress.beat()
            self.hold()
        self.proposer.serve(progress, stopping)


@dataclass
class JobsPart(_PartDefaults):
    """The supervisor's timers (`docvault.runtime.jobs`): the rescan and lease expiry, each on the
    monotonic clock, each run in the executor (the calendar's jobs are `CalendarPart`'s)."""

    jobs: list[Job]
    stall_seconds: float
    name: str = "jobs"
    running: RunningJobs = field(default_factory=RunningJobs)
    _bounds: dict[str, float] = field(default_factory=dict)

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        # A job may run as long as two of its intervals (or the stall bound, if longer).
        self._bounds = {
            job.name: max(2 * job.every_seconds, self.stall_seconds) for job in self.jobs
        }
        await run_timers(self.jobs, stop, progress, self.running)

    def liveness(self) -> str | None:
        longest = self.running.longest()
        if longest is None:
            return None
        name, seconds = longest
        if seconds <= self._bounds.get(name, self.stall_seconds):
            return None
        return f"the scheduled job {name} has been running for {seconds:.0f} s"


@dataclass
class CalendarPart(_PartDefaults):
    """The clinic's calendar (`docvault.scheduler`): APScheduler on the event loop, each job
    run in the executor; a job running past its bound makes the part stalled."""

    calendar: Calendar
    stall_seconds: float
    name: str = "calendar"

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        await self.calendar.serve(progress, stop)

    def liveness(self) -> str | None:
        return self.calendar.liveness()


@dataclass
class WebPart(_PartDefaults):
    """uvicorn in a thread of its own (a slow request never stalls the worker).

    Its progress is a probe of `GET /healthz` through the real socket every second: the
    web view is alive when it answers, not when its thread merely exists.
    """

    make_app: Callable[[], Any]
    host: str
    port: int
    trusted_proxy: bool
    https: bool
    stall_seconds: float
    name: str = "web"
    required_at_start: bool = True
    bound_port: int = 0
    header_timeout_seconds: float = HEADER_TIMEOUT_SECONDS

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        # docvault binds the socket itself and hands it to uvicorn (Server.run's `sockets`):
        # the port it got is the socket's own, and a port in use is an error here, not a
        # SystemExit from inside uvicorn.
        listening = self._bind()
        self.bound_port = int(listening.getsockname()[1])
        server = uvicorn.Server(self._config())
        serving = thread_future("web", lambda: server.run(sockets=[listening]))
        try:
            await self._wait_started(server, serving)
            await self._probe_until_stop(progress, stop, serving)
        finally:
            server.should_exit = True
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(serving), timeout=10)
            listening.close()

    def _bind(self) -> socket.socket:
        try:
            family, kind, protocol, _, address = socket.getaddrinfo(
                self.host or None, self.port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
            )[0]
            listening = socket.socket(family, kind, protocol)
        except OSError as error:
            raise self._cannot_start() from error
        try:
            listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listening.bind(address)
        except OSError as error:
            listening.close()
            raise self._cannot_start() from error
        return listening

    def _cannot_start(self) -> DocvaultError:
        return DocvaultError(
            f"The web view could not start on {self.host}:{self.port}; is the port "
            "already in use? Set web_port to a free port (or web_enabled = false)."
        )

    def _config(self) -> uvicorn.Config:
        return uvicorn.Config(
            self.make_app(),
            host=self.host,
            port=self.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            proxy_headers=self.trusted_proxy,
            # Responses name no server software (an attacker's first question).
            server_header=False,
            # Bounded connections (issue 44): a request head is due within seconds, at most
            # LIMIT_CONCURRENCY served at once (503 past it), idle keep-alive closed.
            http=headers_due(self.header_timeout_seconds),
            limit_concurrency=LIMIT_CONCURRENCY,
            timeout_keep_alive=KEEP_ALIVE_SECONDS,
        )

    async def _wait_started(self, server: uvicorn.Server, serving: asyncio.Future[None]) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WEB_START_SECONDS
        while not server.started and not serving.done() and loop.time() < deadline:
            await asyncio.sleep(0.05)  # uvicorn offers no event for "listening"
        if not server.started:
            raise self._cannot_start()

    async def _probe_until_stop(
        self, progress: Progress, stop: asyncio.Event, serving: asyncio.Future[None]
    ) -> None:
        scheme = "https" if self.https else "http"
        host = "127.0.0.1" if self.host in ("0.0.0.0", "", "localhost") else self.host  # noqa: S104
        url = f"{scheme}://{host}:{self.bound_port}/healthz"
        # The probe talks to our own socket; a self-signed certificate is expected there.
        async with httpx.AsyncClient(timeout=WEB_PROBE_TIMEOUT_SECONDS, verify=False) as client:  # noqa: S501
            while not stop.is_set():
                if serving.done():
                    raise RuntimeError("the web server's thread ended on its own")
                with contextlib.suppress(httpx.HTTPError):
                    if (await client.get(url)).status_code == 200:
                        progress.beat()
                await _pause(stop, LOOK_SECONDS)


@dataclass
class EnginePart(_PartDefaults):
    """The `vllm serve` replicas docvault starts; owned from before they start until they end."""

    replicas: VllmReplicas
    stall_seconds: float
    name: str = "engine"
    stop_stage: int = 2

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        try:
            await self.replicas.start()
            for command in self.replicas.command_lines():
                logger.info("start: supervising %s", " ".join(command))
            while not stop.is_set():
                failure = self.replicas.failure()
                if failure is not None:
                    raise RuntimeError(f"the vLLM supervisor stopped: {failure}")
                progress.trouble(replicas_not_up(self.replicas))
                progress.beat()
                await _pause(stop, LOOK_SECONDS)
        finally:
            await self.replicas.stop()


@dataclass
class HandoverPart(_PartDefaults):
    """Hand-overs to the practice system: a loop in a thread of its own that sends each
    due hand-over with a bounded pool of senders (docvault.delivery).

    Stops first, with intake: a hand-over in flight is not waited for; it stays pending
    and goes out again at the next start with the same event id.
    """

    deliverer: Deliverer
    stall_seconds: float
    name: str = "handover"

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop, self.deliverer.wake) as stopping:
            await in_thread("handover", lambda: self.deliverer.serve(progress, stopping))


@dataclass
class MailboxPart(_PartDefaults):
    """One mailbox's intake in a thread of its own (docvault.intake.mailbox): a part per mailbox,
    so that a server that is down or refuses the login holds up only its own mail.

    Its bound is at least a poll interval and two server time-outs: it beats after each
    look at the folder, after each message and each attachment judged within a look (an
    attachment may take the inspection worker up to render_timeout_seconds), and between
    looks it waits in IDLE (or sleeps) up to poll_seconds.
    """

    intake: MailIntake
    on_taken: Callable[[], None]
    stall_seconds: float
    name: str = "mailbox"

    def __post_init__(self) -> None:
        self.name = f"mailbox-{self.intake.mailbox.name}"
        self.stall_seconds = max(
            self.stall_seconds,
            self.intake.mailbox.poll_seconds + 2 * self.intake.timeout_seconds + 10.0,
        )

    async def run(self, progress: Progress, stop: asyncio.Event) -> None:
        async with stop_relayed(stop) as stopping:
            await in_thread(self.name, lambda: self.intake.serve(progress, stopping, self.on_taken))


def replicas_not_up(replicas: VllmReplicas) -> str | None:
    """A sentence naming the replicas that failed and are not back, for the part's detail.

    A first start (minutes) is no trouble; a replica that is down, or starting again after
    a failure, is, while the others keep serving.
    """
    troubled = [
        f"replica {number} ({state.base_url}) {state.status.value}"
        + (f": {state.last_error}" if state.last_error else "")
        for number, state in enumerate(replicas.states)
        if state.status is EngineState.down
        or (state.status is EngineState.starting and state.restarts)
    ]
    return "; ".join(troubled) or None
