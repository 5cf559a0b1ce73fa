"""What the running daemon says about itself: systemd's STATUS= line and watchdog, the status
file `docvault status` reads, and the figures only the running service knows for the web
view's status page and `/metrics`.

Everything here reads published snapshots (the supervisor's, intake's, the mailboxes', the
worker's and the engine replicas'), each replaced whole by its own thread: a report never
iterates a part's live state.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine as DatabaseEngine

from docvault import auth, db, figures
from docvault.errors import ServerFault
from docvault.intake import Intake, MailboxSnapshot, MailIntake
from docvault.ocr import SupervisorState
from docvault.parts import WebPart
from docvault.pipeline import Pipeline
from docvault.runtime import (
    Notifier,
    PartHealth,
    PartState,
    Place,
    Standing,
    Supervisor,
    database_locked,
    fault_of,
    write_status_file,
)
from docvault.vocabulary import EngineState
from docvault.web import EngineReport, InboxReport, ServiceStatus

logger = logging.getLogger(__name__)

# systemd's WatchdogSec in the unit is 60 s; a heartbeat every 10 s leaves a wide margin.
HEARTBEAT_SECONDS = 10.0
# A writer that has waited this long for the database's write lock waits for another program
# (docvault's own write transactions take milliseconds): said before its busy timeout ends.
LOCK_REPORT_SECONDS = 5.0


class ServiceProblems:
    """What the service notices beyond its parts' troubles: another program holding the
    database's write lock (seen while docvault's writers wait, before they give up), and a
    status file the heartbeat cannot write (the data folder's disk full or read-only)."""

    def __init__(self, database: DatabaseEngine, database_path: Path) -> None:
        self.database = database
        self.database_path = database_path
        self.status_file = Standing("heartbeat")

    def sentences(self) -> list[str]:
        found = []
        if db.longest_write_wait(self.database) >= LOCK_REPORT_SECONDS:
            found.append(database_locked(self.database_path).message)
        if self.status_file.sentence:
            found.append(self.status_file.sentence)
        return found


@dataclass
class Daemon:
    """What the reports read of `docvault run`, as the composition root built it."""

    pipeline: Pipeline
    problems: ServiceProblems
    intake: Intake
    mail: tuple[MailIntake, ...] = ()
    # Set once the parts are built (the web view's status closure is made before).
    supervisor: Supervisor | None = None


def status_line(
    counts: dict[str, int],
    engine_state: EngineState,
    parts: Sequence[PartHealth] = (),
    problems: Sequence[str] = (),
) -> str:
    """The one line systemd shows under `systemctl status docvault`.

    A fault several parts meet (the database's disk full stops intake, the worker and the
    index alike) is said once, after the names of the parts it holds up.
    """
    line = (
        f"queue: {counts['queued']} queued, {counts['running']} running; "
        f"{counts['done']} done, {counts['incomplete']} incomplete, {counts['looped']} looped, "
        f"{counts['failed']} failed; "
        f"engine {engine_state}"
    )
    said: dict[str, list[str]] = {}
    for part in parts:
        if part.healthy and part.state is PartState.running:
            continue
        state = "stalled" if part.stalled else part.state.value
        said.setdefault(part.detail, []).append(f"{part.name} {state}")
    for sentence in problems:
        said.setdefault(sentence, [])
    for detail, names in said.items():
        line += "; " + ": ".join(text for text in (", ".join(names), detail) if text)
    return line


def troubles(parts: Sequence[PartHealth], problems: Sequence[str]) -> list[str]:
    """Every distinct sentence of what is wrong now, for the status page: the troubles of the
    parts that are degraded, restarting, failed or stalled, then the service's own."""
    shown = (PartState.degraded, PartState.restarting, PartState.failed)
    details = [
        part.detail for part in parts if part.detail and (part.stalled or part.state in shown)
    ]
    return list(dict.fromkeys([*details, *problems]))


@dataclass
class Greeting:
    """What the log says once every part runs: plain values from the composition root."""

    inboxes: int
    web_host: str
    first_account_command: str  # the command that makes the first administrator


class Heartbeat:
    """What the supervisor's heartbeat reports: systemd's notify socket and the status file."""

    def __init__(
        self,
        daemon: Daemon,
        notifier: Notifier,
        status_file: Path,
        greeting: Greeting,
        ready: threading.Event | None = None,
        web: WebPart | None = None,
    ) -> None:
        self.daemon = daemon
        self.notifier = notifier
        self.status_file = status_file
        self.greeting = greeting
        self.ready = ready
        self.web = web
        self.announced = False

    async def __call__(self, parts: tuple[PartHealth, ...]) -> None:
        pipeline, problems = self.daemon.pipeline, self.daemon.problems
        counts = await asyncio.to_thread(figures.page_counts, pipeline.database)
        engine_state = pipeline.worker.stats.published.engine_state
        line = status_line(counts, engine_state, parts, problems.sentences())
        if all(part.healthy for part in parts):
            self.notifier.watchdog()  # only while every part moves within its bound
        self.notifier.status(line)
        extra = {
            "status_line": line,
            "fresh_for": 3 * heartbeat_seconds(self.notifier),
            "engine_replicas": replica_report(pipeline),
            "mailboxes": [asdict(mail.snapshot) for mail in self.daemon.mail],
            # Why the index cannot be written now (None: it can): `docvault search` says it.
            "index_behind": pipeline.index.behind,
        }
        self.write_status(parts, extra, problems.status_file)
        if not self.announced and all(part.state is not PartState.starting for part in parts):
            self.announce(line)

    def write_status(
        self, parts: tuple[PartHealth, ...], extra: dict[str, Any], standing: Standing
    ) -> None:
        """The status file for `docvault status`; a data folder that cannot take it (full,
        read-only) is said in STATUS= and on the status page instead, once, not logged with
        a traceback at every heartbeat."""
        try:
            write_status_file(self.status_file, parts, extra)
        except OSError as error:
            standing.hit(fault_of(error, Place.data, self.status_file.parent) or _unwritable(error))
        else:
            standing.clear()

    def announce(self, line: str) -> None:
        self.announced = True
        pipeline, greeting = self.daemon.pipeline, self.greeting
        port = self.web.bound_port if self.web is not None else 0
        logger.info(
            "docvault is running: %d inbox(es), %d mailbox(es), engine %s, profile %s%s",
            greeting.inboxes,
            len(self.daemon.mail),
            pipeline.engine.name,
            pipeline.profile.name,
            f", web on http://{greeting.web_host}:{port}/" if port else "",
        )
        if not auth.has_accounts(pipeline.database):
            # A fresh install: nobody can log in until the first administrator is made.
            logger.warning(
                "no one can log in to the web view yet: make the first administrator on "
                "this server with  %s  (it asks for a password), then log in",
                greeting.first_account_command,
            )
        self.notifier.ready(line)
        if self.ready is not None:
            self.ready.set()


def _unwritable(error: OSError) -> ServerFault:
    reason = f"The status file cannot be written ({error})"
    return ServerFault(
        f"{reason}; `docvault status` shows an older state meanwhile. Check the data folder's "
        "permissions and disk.",
        "The status file cannot be written; an administrator must check the data folder.",
    )


def status_file_path(data_path: Path) -> Path:
    """Where the running daemon publishes its parts' health for `docvault status`."""
    return data_path / "run" / "status.json"


def heartbeat_seconds(notifier: Notifier) -> float:
    # systemd's WatchdogSec in the unit is 60 s; a heartbeat every 10 s leaves a wide margin,
    # and a shorter watchdog gets a beat at least twice per period.
    return min(HEARTBEAT_SECONDS, (notifier.watchdog_seconds or HEARTBEAT_SECONDS) / 2)


def live_figures(pipeline: Pipeline) -> dict[str, Any]:
    """What /metrics shows of the running process: from the worker's published snapshot."""
    published = pipeline.worker.stats.published
    return {
        "in_flight": published.in_flight,
        "engine_up": published.engine_state in (EngineState.up, EngineState.unknown),
        "pages_per_minute": published.pages_per_minute,
    }


def service_status(daemon: Daemon) -> ServiceStatus:
    """What only the running service knows, for the status page: published snapshots only."""
    inboxes = [
        InboxReport(
            name=inbox.name,
            path=inbox.path,
            waiting=inbox.waiting,
            settling=inbox.settling,
            problem=inbox.problem,
        )
        for inbox in daemon.intake.snapshot
    ]
    inboxes += [mailbox_report(mail.snapshot) for mail in daemon.mail]
    health = daemon.supervisor.snapshot if daemon.supervisor is not None else ()
    problems = daemon.problems.sentences()
    handover = daemon.pipeline.handover
    return ServiceStatus(
        inboxes=inboxes,
        engines=engine_states(daemon.pipeline),
        parts=[part.as_json() for part in health],
        handover_targets=[str(target) for target in handover.targets] if handover else [],
        troubles=troubles(health, problems),
    )


def mailbox_report(snapshot: MailboxSnapshot) -> InboxReport:
    """A mailbox as a row of the status page's inboxes: its address, how it is watched, the
    messages held but not yet acted on at the server, and its problem."""
    return InboxReport(
        name=snapshot.name,
        path=f"{snapshot.address} · {snapshot.mode} · {snapshot.taken} message(s) taken",
        waiting=snapshot.waiting,
        settling=0,
        problem=snapshot.problem,
    )


def engine_states(pipeline: Pipeline) -> list[EngineReport]:
    """Each endpoint the engine sends to, in the state its replica or its last answer left
    it; an engine in docvault's own process (none) as the worker sees it."""
    endpoints = pipeline.engine.endpoint_states()
    published = pipeline.worker.stats.published
    if not endpoints:
        down = published.engine_state is EngineState.down
        state = EngineState.down if down else EngineState.up
        return [EngineReport(name=pipeline.engine.name, state=state, in_flight=published.in_flight)]
    supervised = {state.base_url: state for state in replica_states(pipeline)}
    states: list[EngineReport] = []
    for endpoint in endpoints:
        entry = EngineReport(
            name=endpoint.base_url, state=endpoint.state, in_flight=endpoint.in_flight
        )
        replica = supervised.get(endpoint.base_url)
        if replica is not None and replica.status in (EngineState.starting, EngineState.down):
            entry["state"] = replica.status
            entry["detail"] = replica.last_error or "vllm serve is starting (minutes)"
        elif endpoint.last_error:
            entry["detail"] = endpoint.last_error
        states.append(entry)
    return states


def replica_states(pipeline: Pipeline) -> list[SupervisorState]:
    """The engine replicas' states (none when docvault starts no engine)."""
    return pipeline.replicas.states if pipeline.replicas is not None else []


def replica_report(pipeline: Pipeline) -> list[dict[str, Any]]:
    """Each replica for `docvault status` (through the status file)."""
    return [
        {
            "replica": number,
            "base_url": state.base_url,
            "status": state.status.value,
            "pid": state.pid,
            "restarts": state.restarts,
            "last_error": state.last_error,
        }
        for number, state in enumerate(replica_states(pipeline))
    ]
