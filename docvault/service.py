"""The composition root: build every part from the settings and hand them to the supervisor.

    intake ──> queue (SQLite) ──> worker ──> outbox ──> index writer        web view

Which part runs in which thread or process, who starts and stops what, and how a failing
part is restarted is drawn in `docvault.supervisor`. Nothing else reads settings (or the
environment): each part is handed plain values here.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import secrets
import shlex
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine as DatabaseEngine

from docvault import auth, backup, db, figures, queue, searchable, suspects, transcription
from docvault.archive import remove_incomplete_copies
from docvault.config import InboxSettings, Settings
from docvault.delivery import Deliverer, HandoverConfig, handover_config
from docvault.errors import ConfigError, ServerFault
from docvault.faults import Place, Standing, database_locked, fault_of
from docvault.inbox import Intake
from docvault.jobs import Job
from docvault.mailbox import MailboxSnapshot, MailIntake
from docvault.mailparse import readable_kinds
from docvault.notify import Notifier
from docvault.ocr.base import Engine
from docvault.ocr.profiles import Profile, get_profile
from docvault.ocr.replica_layout import replica_ports, replica_settings
from docvault.ocr.schedule import transcribe_page
from docvault.ocr.vllm_server import SupervisorState, VllmReplicas
from docvault.parts import (
    EnginePart,
    FileEventsPart,
    HandoverPart,
    IndexPart,
    IntakePart,
    JobsPart,
    MailboxPart,
    WebPart,
    WorkerPart,
)
from docvault.render import RenderOptions, RenderPool
from docvault.search import OutboxDriver, SearchIndex
from docvault.searchable import PageText
from docvault.supervisor import Part, PartHealth, PartState, Supervisor, write_status_file
from docvault.suspects import RenderMarks
from docvault.vocabulary import EngineState, PageImage, PageOutcome, SamplingMode
from docvault.web.display import Display, zone_named
from docvault.web.status import EngineReport, InboxReport, ServiceStatus
from docvault.worker import ATTEMPTS_PER_PAGE, STUCK_MARGIN_SECONDS, Worker

logger = logging.getLogger(__name__)

LEASE_CHECK_SECONDS = 60.0
CONSISTENCY_CHECK_SECONDS = 3600.0
# systemd's WatchdogSec in the unit is 60 s; a heartbeat every 10 s leaves a wide margin.
HEARTBEAT_SECONDS = 10.0
# Checked hourly, made at most once a day: a daemon restarted more often still gets one.
BACKUP_CHECK_SECONDS = 3600.0
# A writer that has waited this long for the database's write lock waits for another program
# (docvault's own write transactions take milliseconds): said before its busy timeout ends.
LOCK_REPORT_SECONDS = 5.0


def render_options(settings: Settings) -> RenderOptions:
    return RenderOptions(
        dpi=settings.render_dpi,
        grid=render_grid(settings),
        raster_long_side=settings.render_long_side,
        max_side=settings.render_max_side,
        max_pixels=settings.render_max_pixels,
        accept_text_documents=settings.accept_text_documents,
        orientation=settings.orientation,
        text_layer=settings.prefers_text_layer(),
        max_pages=settings.max_pages,
    )


def render_grid(settings: Settings) -> int:
    """The pixel grid page sides are rounded to: the setting, else the model's patch grid.

    Rounding to the nearest multiple, as the model's processor would: the model sees the
    same number of pixels either way, rendered once instead of rendered and resampled.
    """
    if settings.render_grid:
        return settings.render_grid
    return get_profile(settings.effective_profile()).image_grid


def build_engine(settings: Settings, profile: Profile) -> Engine:
    """The OCR engine the settings ask for."""
    if settings.engine == "cpu":
        from docvault.ocr.rapid import RapidEngine

        return RapidEngine(threads=settings.cpu_threads)
    from docvault.ocr.client import OpenAIEngine

    endpoints = engine_endpoints(settings)
    return OpenAIEngine(
        endpoints=endpoints,
        profile=profile,
        timeout_seconds=settings.engine_timeout_seconds,
        concurrency=settings.concurrency * len(endpoints),
    )


def engine_endpoints(settings: Settings) -> list[str]:
    """Where the engine answers: the replicas docvault starts itself, or the configured URLs."""
    if settings.vllm_start:
        return [f"http://127.0.0.1:{port}/v1" for port in replica_ports(settings)]
    return list(settings.engine_url)


def build_supervisor(settings: Settings, profile: Profile) -> VllmReplicas | None:
    """The `vllm serve` replicas docvault starts and supervises, when vllm_start is set."""
    if not settings.vllm_start:
        return None
    if settings.engine != "openai":
        raise ConfigError(
            "vllm_start",
            settings.sources["vllm_start"],
            "is true but engine is 'cpu'; set engine = \"openai\" to read pages with the "
            "vLLM engine docvault starts.",
        )
    return VllmReplicas(replica_settings(settings, settings.vllm_model or profile.model))


def worker_concurrency(settings: Settings) -> int:
    """Requests kept in flight: `concurrency` per endpoint, or the CPU engine's threads."""
    if settings.engine == "cpu":
        return settings.cpu_threads
    return settings.concurrency * len(engine_endpoints(settings))


def _check_profile(settings: Settings) -> Profile:
    name = settings.effective_profile()
    if settings.engine == "cpu" and name != "cpu":
        raise ConfigError(
            "profile",
            settings.sources["profile"],
            f"is {name!r} but engine is 'cpu'; the cpu engine only runs the "
            '\'cpu\' profile. Set engine = "openai" or profile = "auto".',
        )
    return get_profile(name)


# A page of a searchable PDF takes milliseconds when its lines are located, a render (up to a
# few seconds for a huge page) when its text must be laid over the ink lines.
SEARCHABLE_SECONDS_PER_PAGE = 5.0


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
class Pipeline:
    """The parts that read pages: shared by `docvault run` and `docvault ingest`."""

    settings: Settings
    database: DatabaseEngine
    renderer: RenderPool
    inspector: RenderPool
    engine: Engine
    profile: Profile
    worker: Worker
    index: SearchIndex
    index_writer: OutboxDriver
    loop: asyncio.AbstractEventLoop
    owner: str = field(default_factory=queue.new_owner)
    supervisor: VllmReplicas | None = None
    parts: Supervisor | None = None
    intake: Intake | None = None
    handover: HandoverConfig | None = None
    mail: tuple[MailIntake, ...] = ()
    problems: ServiceProblems | None = None

    def inspect(self, path: Path) -> tuple[int, str]:
        """Page count and kind, from the inspection pool within its time limit (intake thread).

        A pool of its own: intake never waits behind pages being rendered, so a file built
        to hang the renderer delays only its own pages.
        """
        info = self.inspector.inspect_blocking(path)
        return info.page_count, info.kind

    def make_intake(self, inboxes: tuple[InboxSettings, ...]) -> Intake:
        return Intake(
            self.database,
            self.settings.data_path,
            inboxes,
            self.inspect,
            empty_grace_seconds=self.settings.empty_grace_seconds,
            unreadable_retry_seconds=self.settings.unreadable_retry_seconds,
            max_file_bytes=self.settings.max_file_mb * 1024 * 1024,
            hidden_report_seconds=self.settings.hidden_report_seconds,
        )

    def make_mail_intakes(self) -> tuple[MailIntake, ...]:
        """One mail intake per [[mailboxes]] table."""
        settings = self.settings
        return tuple(
            MailIntake(
                self.database,
                settings.data_path,
                mailbox,
                self.inspect,
                readable_kinds=readable_kinds(settings.accept_text_documents),
                timeout_seconds=settings.mail_timeout_seconds,
                max_message_bytes=settings.mail_max_message_mb * 1024 * 1024,
                max_file_bytes=settings.max_file_mb * 1024 * 1024,
                empty_grace_seconds=settings.empty_grace_seconds,
            )
            for mailbox in settings.mailboxes
        )

    def render_png(self, path: Path, page_number: int, rotation: int) -> bytes:
        """A page image for the web view, rendered in the pool (called from the web thread)."""
        future = asyncio.run_coroutine_threadsafe(
            self.renderer.render(path, page_number, rotation), self.loop
        )
        limit = self.renderer.timeout_seconds * 2 + 10  # one crash retry, then the deadline
        return future.result(timeout=limit).image.data

    def build_searchable(self, path: Path, pages: tuple[PageText, ...]) -> bytes:
        """A searchable PDF's bytes, made in the render pool (called from a thread other
        than the event loop's: the web view's, a hand-over's)."""
        # Pages without located lines are rendered again for their ink lines: allow for it.
        limit = self.renderer.timeout_seconds + SEARCHABLE_SECONDS_PER_PAGE * len(pages)
        make = functools.partial(searchable.build, pages=pages)
        future = asyncio.run_coroutine_threadsafe(
            self.renderer.derive(path, make, timeout_seconds=limit), self.loop
        )
        return future.result(timeout=limit * 2 + 10)  # one crash retry, then the deadline

    def searchable_pdf(self, document_id: int) -> Path | None:
        """The finished document's searchable PDF, made if need be (None: not finished, or
        gone); for the hand-over command, which is given the file's path."""
        source = transcription.searchable_source(self.database, document_id)
        if source is None or not source.finished:
            return None
        return transcription.searchable_pdf(
            self.settings.data_path,
            source,
            self.build_searchable,
            repr(render_options(self.settings)),
        )

    def wake_worker(self) -> None:
        self.loop.call_soon_threadsafe(self.worker.wake)

    async def close(self) -> None:
        self.index_writer.stop()
        await self.engine.aclose()
        self.renderer.close()
        self.inspector.close()
        self.database.dispose()


def build_pipeline(settings: Settings, loop: asyncio.AbstractEventLoop) -> Pipeline:
    """Database, renderer, engine, worker and index, from the settings."""
    profile = _check_profile(settings)
    handover = handover_config(settings, os.environ)
    database = db.open_database(settings.database_path)
    renderer = render_pool(settings, settings.render_workers)
    inspector = render_pool(settings, 1)
    engine = build_engine(settings, profile)
    index = SearchIndex(settings.index_path)
    index_writer = OutboxDriver(
        database,
        index,
        batch_size=settings.index_batch_size,
        batch_seconds=settings.index_batch_seconds,
        stemming_language=settings.stemming_language,
        engine=settings.index_engine,
    )
    owner = queue.new_owner()

    async def transcribe(engine: Engine, image: PageImage, first_mode: SamplingMode) -> PageOutcome:
        return await transcribe_page(engine, profile, image, first_mode)

    worker = Worker(
        database,
        renderer,
        engine,
        transcribe,
        settings.data_path,
        concurrency=worker_concurrency(settings),
        lease_seconds=settings.lease_seconds,
        owner=owner,
        on_finished=index_writer.wake,
        page_limit_seconds=ATTEMPTS_PER_PAGE * settings.engine_timeout_seconds
        + STUCK_MARGIN_SECONDS,
        handover=handover.targets if handover is not None else (),
        marks=RenderMarks(settings.data_path / "run"),
        render_slots=settings.render_workers,
    )
    return Pipeline(
        settings,
        database,
        renderer,
        inspector,
        engine,
        profile,
        worker,
        index,
        index_writer,
        loop,
        owner,
        handover=handover,
        problems=ServiceProblems(database, settings.database_path),
    )


def render_pool(settings: Settings, workers: int) -> RenderPool:
    """Worker processes with the render time and memory limits (make it on the loop's thread)."""
    return RenderPool(
        workers=workers,
        options=render_options(settings),
        timeout_seconds=settings.render_timeout_seconds,
        memory_limit_bytes=settings.render_memory_limit_mb * 1024 * 1024,
    )


def build_parts(
    settings: Settings, pipeline: Pipeline, intake: Intake, environ: Mapping[str, str]
) -> list[Part]:
    """Every part of `docvault run`, in the order they start."""
    stall = settings.part_stall_seconds
    parts: list[Part] = []
    if pipeline.supervisor is not None:
        parts.append(EnginePart(pipeline.supervisor, stall))
    parts += [
        IndexPart(pipeline.index_writer, stall),
        WorkerPart(pipeline.worker, settings.stop_timeout_seconds, stall),
        IntakePart(intake, pipeline.wake_worker, stall, hold=_intake_hold(environ)),
        FileEventsPart(intake, settings.polling, stall),
        JobsPart(scheduled_jobs(settings, pipeline, intake), stall),
    ]
    if settings.web_enabled:
        parts.append(web_part(settings, pipeline, intake))
    if pipeline.handover is not None:
        deliverer = Deliverer(
            pipeline.database, pipeline.handover, searchable_pdf=pipeline.searchable_pdf
        )
        parts.append(HandoverPart(deliverer, stall))
    parts += [MailboxPart(mail, pipeline.wake_worker, stall) for mail in pipeline.mail]
    return parts


def _intake_hold(environ: Mapping[str, str]) -> Callable[[], None] | None:
    """The test hook that blocks intake while a file exists (never set in production)."""
    hold_file = environ.get("DOCVAULT_TEST_HOLD_INTAKE")
    if not hold_file:
        return None
    path = Path(hold_file)

    def hold() -> None:
        while path.exists():
            time.sleep(0.1)

    return hold


def scheduled_jobs(settings: Settings, pipeline: Pipeline, intake: Intake) -> list[Job]:
    database = pipeline.database
    return [
        Job("inbox-rescan", intake.request_rescan, settings.rescan_seconds),
        Job(
            "lease-expiry",
            lambda: queue.expire_leases(
                database, lease_seconds=settings.lease_seconds, alive=pipeline.owner
            ),
            LEASE_CHECK_SECONDS,
        ),
        Job(
            "database-backup",
            lambda: backup.backup_if_due(
                database, settings.data_path / "backups", keep=settings.backup_keep
            ),
            BACKUP_CHECK_SECONDS,
        ),
        Job(
            "index-consistency",
            pipeline.index_writer.request_consistency_check,
            CONSISTENCY_CHECK_SECONDS,
        ),
    ]


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


class Heartbeat:
    """What the supervisor's heartbeat reports: systemd's notify socket and the status file."""

    def __init__(
        self,
        settings: Settings,
        pipeline: Pipeline,
        notifier: Notifier,
        ready: threading.Event | None,
        web: WebPart | None,
    ) -> None:
        self.settings = settings
        self.pipeline = pipeline
        self.notifier = notifier
        self.ready = ready
        self.web = web
        self.announced = False
        self.status_file = status_file_path(settings)

    async def __call__(self, parts: tuple[PartHealth, ...]) -> None:
        counts = await asyncio.to_thread(figures.page_counts, self.pipeline.database)
        problems = self.pipeline.problems
        assert problems is not None
        engine_state = self.pipeline.worker.stats.published.engine_state
        line = status_line(counts, engine_state, parts, problems.sentences())
        if all(part.healthy for part in parts):
            self.notifier.watchdog()  # only while every part moves within its bound
        self.notifier.status(line)
        fresh_for = 3 * heartbeat_seconds(self.notifier)
        extra = {
            "status_line": line,
            "fresh_for": fresh_for,
            "engine_replicas": replica_report(self.pipeline),
            "mailboxes": [asdict(mail.snapshot) for mail in self.pipeline.mail],
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
        port = self.web.bound_port if self.web is not None else 0
        logger.info(
            "docvault is running: %d inbox(es), %d mailbox(es), engine %s, profile %s%s",
            len(self.settings.inboxes),
            len(self.settings.mailboxes),
            self.pipeline.engine.name,
            self.pipeline.profile.name,
            f", web on http://{self.settings.web_host}:{port}/" if port else "",
        )
        if not auth.has_accounts(self.pipeline.database):
            # A fresh install: nobody can log in until the first administrator is made.
            logger.warning(
                "no one can log in to the web view yet: make the first administrator on "
                "this server with  %s  (it asks for a password), then log in",
                first_account_command(self.settings),
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


def status_file_path(settings: Settings) -> Path:
    """Where the running daemon publishes its parts' health for `docvault status`."""
    return settings.data_path / "run" / "status.json"


def heartbeat_seconds(notifier: Notifier) -> float:
    # systemd's WatchdogSec in the unit is 60 s; a heartbeat every 10 s leaves a wide margin,
    # and a shorter watchdog gets a beat at least twice per period.
    return min(HEARTBEAT_SECONDS, (notifier.watchdog_seconds or HEARTBEAT_SECONDS) / 2)


async def run_daemon(
    settings: Settings,
    stop: asyncio.Event,
    ready: threading.Event | None = None,
    environ: Mapping[str, str] = os.environ,
) -> None:
    """`docvault run`: every part under one supervisor until `stop` is set.

    Raises DocvaultError (the CLI exits non-zero with its sentence) when a part could not
    be kept running.
    """
    pipeline = build_pipeline(settings, asyncio.get_running_loop())
    pipeline.supervisor = build_supervisor(settings, pipeline.profile)
    notifier = Notifier(environ)
    try:
        await _recover_from_crash(settings, pipeline)
        intake = pipeline.make_intake(settings.inboxes)
        pipeline.mail = pipeline.make_mail_intakes()
        parts = build_parts(settings, pipeline, intake, environ)
        web = next((part for part in parts if isinstance(part, WebPart)), None)
        supervisor = Supervisor(
            parts,
            on_heartbeat=Heartbeat(settings, pipeline, notifier, ready, web),
            heartbeat_seconds=heartbeat_seconds(notifier),
            stage_timeouts={0: 10.0, 1: settings.stop_timeout_seconds + 5.0, 2: 15.0},
            on_stop=notifier.stopping,
        )
        pipeline.parts = supervisor
        pipeline.intake = intake
        await supervisor.run(stop)
    finally:
        await pipeline.close()
        logger.info("docvault stopped")


async def _recover_from_crash(settings: Settings, pipeline: Pipeline) -> None:
    # First, before any page is released to the queue: the pages rendering when docvault
    # died, rendered alone (docvault.suspects).
    try:
        await suspects.examine(
            pipeline.database,
            settings.data_path,
            suspects.Probe(
                render_options(settings),
                settings.render_timeout_seconds,
                settings.render_memory_limit_mb * 1024 * 1024,
            ),
            pipeline.handover.targets if pipeline.handover is not None else (),
        )
        released = queue.release_dead_owners(pipeline.database, pipeline.owner)
    except (ServerFault, OSError) as error:
        # A start on a full or read-only disk must still start: the pages left running are
        # queued again by the lease expiry once the database can be written.
        fault = fault_of(error, Place.data, settings.data_path / "run") or error
        logger.error("start: the pages of an earlier process wait for their leases: %s", fault)
    else:
        if released:
            logger.info(
                "start: %d pages left running by an earlier process are queued again", released
            )
    if removed := remove_incomplete_copies(settings.data_path):
        logger.info("start: removed %d incomplete archive copies left by a crash", removed)


def web_part(settings: Settings, pipeline: Pipeline, intake: Intake) -> WebPart:
    """The web view, built anew each time the supervisor (re)starts it."""
    from docvault.web.app import bind_warning

    warning = bind_warning(settings.web_host, settings.web_https, settings.web_trusted_proxy)
    if warning:
        logger.warning("%s", warning)
    return WebPart(
        make_app=lambda: _make_web_app(settings, pipeline),
        host=settings.web_host,
        port=settings.web_port,
        trusted_proxy=settings.web_trusted_proxy,
        https=settings.web_https,
        stall_seconds=settings.part_stall_seconds,
    )


def _make_web_app(settings: Settings, pipeline: Pipeline) -> Any:
    from docvault.web.app import WebContext, create_app

    context = WebContext(
        database=pipeline.database,
        index=pipeline.index,
        data_dir=settings.data_path,
        render_png=pipeline.render_png,
        status=lambda: service_status(pipeline),
        secret_key=secret_key(settings.data_path),
        https=settings.web_https,
        render_settings=repr(render_options(settings)),
        session_idle_minutes=settings.web_session_idle_minutes,
        session_hours=settings.web_session_hours,
        live=lambda: _live_figures(pipeline),
        max_request_bytes=settings.web_max_request_bytes,
        rereads_per_hour=settings.web_rereads_per_hour,
        max_pages=settings.max_pages,
        display=Display(zone_named(settings.timezone), settings.date_format),
        first_account_command=first_account_command(settings),
        inspect=pipeline.inspect,
        empty_grace_seconds=settings.empty_grace_seconds,
        build_searchable=pipeline.build_searchable,
    )
    return create_app(context)


def first_account_command(settings: Settings) -> str:
    """The command line, to copy as it is, that makes the first administrator."""
    program = Path(sys.argv[0]) if Path(sys.argv[0]).name == "docvault" else Path("docvault")
    configured = (
        f" --config {shlex.quote(str(settings.config_file))}" if settings.config_file else ""
    )
    return f"{shlex.quote(str(program))}{configured} user add YOUR-NAME --admin"


def _live_figures(pipeline: Pipeline) -> dict[str, Any]:
    """What /metrics shows of the running process: from the worker's published snapshot."""
    figures = pipeline.worker.stats.published
    return {
        "in_flight": figures.in_flight,
        "engine_up": figures.engine_state in (EngineState.up, EngineState.unknown),
        "pages_per_minute": figures.pages_per_minute,
    }


def secret_key(data_dir: Path) -> bytes:
    """The key that signs session cookies: made once, kept in the data folder (mode 0600)."""
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secrets.token_bytes(32))
    return path.read_bytes()


def service_status(pipeline: Pipeline) -> ServiceStatus:
    """What only the running service knows, for the status page: published snapshots only."""
    inboxes = [
        InboxReport(
            name=inbox.name,
            path=inbox.path,
            waiting=inbox.waiting,
            settling=inbox.settling,
            problem=inbox.problem,
        )
        for inbox in (pipeline.intake.snapshot if pipeline.intake is not None else ())
    ]
    inboxes += [mailbox_report(mail.snapshot) for mail in pipeline.mail]
    health = pipeline.parts.snapshot if pipeline.parts else ()
    parts = [part.as_json() for part in health]
    problems = pipeline.problems.sentences() if pipeline.problems is not None else []
    targets = (
        [str(target) for target in pipeline.handover.targets]
        if pipeline.handover is not None
        else []
    )
    return ServiceStatus(
        inboxes=inboxes,
        engines=engine_states(pipeline),
        parts=parts,
        handover_targets=targets,
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
    figures = pipeline.worker.stats.published
    endpoint_states = getattr(pipeline.engine, "endpoint_states", None)
    if endpoint_states is None:
        down = figures.engine_state is EngineState.down
        return [
            EngineReport(
                name=pipeline.engine.name,
                state=EngineState.down if down else EngineState.up,
                in_flight=figures.in_flight,
            )
        ]
    supervised = {state.base_url: state for state in replica_states(pipeline)}
    states: list[EngineReport] = []
    for endpoint in endpoint_states():
        replica = supervised.get(endpoint.base_url)
        if replica is not None and replica.status in (EngineState.starting, EngineState.down):
            starting = EngineReport(
                name=endpoint.base_url, state=replica.status, in_flight=endpoint.in_flight
            )
            starting["detail"] = replica.last_error or "vllm serve is starting (minutes)"
            states.append(starting)
            continue
        entry = EngineReport(
            name=endpoint.base_url, state=endpoint.state, in_flight=endpoint.in_flight
        )
        if endpoint.last_error:
            entry["detail"] = endpoint.last_error
        states.append(entry)
    return states


def replica_states(pipeline: Pipeline) -> list[SupervisorState]:
    """The supervised engine replicas' states (none when docvault starts no engine)."""
    return pipeline.supervisor.states if pipeline.supervisor is not None else []


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


async def ingest_files(settings: Settings, paths: list[Path], progress: Any) -> dict[str, Any]:
    """`docvault ingest`: archive and read the given files now, then exit.

    The files are left where they are (a one-shot command should not move a person's
    files); documents are recorded under the inbox name "ingest".
    """
    loop = asyncio.get_running_loop()
    pipeline = build_pipeline(settings, loop)
    pipeline.index_writer.start()
    stop = asyncio.Event()
    worker_task = asyncio.create_task(pipeline.worker.run(stop))
    try:
        intake = pipeline.make_intake(())
        taken = [await asyncio.to_thread(intake.take_now, path) for path in paths]
        document_ids = [document_id for document_id in taken if document_id is not None]
        pipeline.worker.wake()
        await _wait_for_pages(pipeline, document_ids, progress)
    finally:
        stop.set()
        await worker_task
        await asyncio.to_thread(pipeline.index_writer.flush)
        await pipeline.close()
    return queue.summarise_documents(pipeline.database, document_ids)


async def _wait_for_pages(pipeline: Pipeline, document_ids: list[int], progress: Any) -> None:
    total = queue.pages_of(pipeline.database, document_ids)
    with progress(total) as advance:
        finished = 0
        while finished < total:
            await asyncio.sleep(0.2)  # the progress bar's refresh, not synchronisation
            now = queue.finished_pages_of(pipeline.database, document_ids)
            advance(now - finished)
            finished = now
