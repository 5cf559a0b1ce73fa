"""The composition root: build every part from the settings, start them, stop them.

    intake thread ──> queue (SQLite) ──> worker (asyncio) ──> outbox ──> index writer thread
                                                                    web (uvicorn thread)

Nothing else reads settings: each part is handed plain values here.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import shlex
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy import Engine as DatabaseEngine

from docvault import backup, db, queue
from docvault.archive import remove_incomplete_copies
from docvault.config import InboxSettings, Settings
from docvault.errors import ConfigError, DocvaultError
from docvault.inbox import Intake, Watchers
from docvault.indexing import ArchiveIndex, IndexWriter
from docvault.jobs import Job, start_scheduler
from docvault.notify import Notifier
from docvault.ocr.base import Engine, PageImage, PageOutcome, SamplingMode
from docvault.ocr.profiles import Profile, get_profile
from docvault.ocr.schedule import transcribe_page
from docvault.ocr.vllm_server import VllmServerSettings, VllmSupervisor
from docvault.render import RenderOptions, RenderPool
from docvault.web.status import EngineState, InboxState, ServiceStatus
from docvault.worker import Worker

logger = logging.getLogger(__name__)

INTAKE_TICK_SECONDS = 0.25
LEASE_CHECK_SECONDS = 60.0
CONSISTENCY_CHECK_SECONDS = 3600.0
# systemd's WatchdogSec in the unit is 60 s; a heartbeat every 10 s leaves a wide margin.
HEARTBEAT_SECONDS = 10.0
# Checked hourly, made at most once a day: a daemon restarted more often still gets one.
BACKUP_CHECK_SECONDS = 3600.0


def render_options(settings: Settings) -> RenderOptions:
    return RenderOptions(
        dpi=settings.render_dpi,
        raster_long_side=settings.render_long_side,
        max_side=settings.render_max_side,
        max_pixels=settings.render_max_pixels,
        accept_text_documents=settings.accept_text_documents,
        orientation=settings.orientation,
        text_layer=settings.prefers_text_layer(),
    )


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
    """Where the engine answers: the one docvault starts itself, or the configured URLs."""
    if settings.vllm_start:
        return [f"http://127.0.0.1:{settings.vllm_port}/v1"]
    return list(settings.engine_url)


def build_supervisor(settings: Settings, profile: Profile) -> VllmSupervisor | None:
    """The `vllm serve` process docvault starts and supervises, when vllm_start is set."""
    if not settings.vllm_start:
        return None
    if settings.engine != "openai":
        raise ConfigError(
            "vllm_start",
            settings.sources["vllm_start"],
            "is true but engine is 'cpu'; set engine = \"openai\" to read pages with the "
            "vLLM engine docvault starts.",
        )
    return VllmSupervisor(
        VllmServerSettings(
            model=settings.vllm_model or profile.model,
            port=settings.vllm_port,
            command=tuple(shlex.split(settings.vllm_command)),
            arguments=tuple(shlex.split(settings.vllm_extra_args)),
        )
    )


def worker_concurrency(settings: Settings) -> int:
    """Requests kept in flight: `concurrency` per endpoint, or the CPU engine's threads."""
    if settings.engine == "cpu":
        return int(settings.cpu_threads)
    return int(settings.concurrency) * len(engine_endpoints(settings))


def open_database(settings: Settings) -> DatabaseEngine:
    """The database, upgraded to the newest schema."""
    engine = db.make_engine(settings.database_path)
    db.upgrade(engine)
    return engine


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


@dataclass
class Pipeline:
    """The parts that read pages: shared by `docvault run` and `docvault ingest`."""

    settings: Settings
    database: DatabaseEngine
    renderer: RenderPool
    engine: Engine
    profile: Profile
    worker: Worker
    index: ArchiveIndex
    index_writer: IndexWriter
    loop: asyncio.AbstractEventLoop
    owner: str = field(default_factory=queue.new_owner)
    supervisor: VllmSupervisor | None = None

    def inspect(self, path: Path) -> tuple[int, str]:
        """Page count and kind, computed in the render pool (called from the intake thread)."""
        future = asyncio.run_coroutine_threadsafe(self.renderer.inspect(path), self.loop)
        info = future.result()
        return info.page_count, info.kind

    def make_intake(self, inboxes: tuple[InboxSettings, ...]) -> Intake:
        return Intake(
            self.database,
            self.settings.data_path,
            inboxes,
            self.inspect,
            empty_grace_seconds=self.settings.empty_grace_seconds,
            unreadable_retry_seconds=self.settings.unreadable_retry_seconds,
        )

    def render_png(self, path: Path, page_number: int, rotation: int) -> bytes:
        """A page image for the web view, rendered in the pool (called from the web thread)."""
        future = asyncio.run_coroutine_threadsafe(
            self.renderer.render(path, page_number, rotation), self.loop
        )
        return future.result(timeout=120).image.data

    def wake_worker(self) -> None:
        self.loop.call_soon_threadsafe(self.worker.wake)

    async def close(self) -> None:
        self.index_writer.stop()
        await self.engine.aclose()
        self.renderer.close()
        self.database.dispose()


def build_pipeline(settings: Settings, loop: asyncio.AbstractEventLoop) -> Pipeline:
    """Database, renderer, engine, worker and index, from the settings."""
    profile = _check_profile(settings)
    database = open_database(settings)
    renderer = RenderPool(workers=settings.render_workers, options=render_options(settings))
    engine = build_engine(settings, profile)
    index = ArchiveIndex(settings.index_path)
    index_writer = IndexWriter(
        database,
        index,
        batch_size=settings.index_batch_size,
        batch_seconds=settings.index_batch_seconds,
        stemming_language=settings.stemming_language,
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
    )
    return Pipeline(
        settings, database, renderer, engine, profile, worker, index, index_writer, loop, owner
    )


class IntakeThread(threading.Thread):
    """Runs the intake's ticks: rescans, stability checks, archiving."""

    def __init__(self, intake: Intake, on_taken: Any) -> None:
        super().__init__(name="intake", daemon=True)
        self.intake = intake
        self.on_taken = on_taken
        self.stopping = threading.Event()
        self.first_scan_done = threading.Event()

    def run(self) -> None:
        self.intake.scan()
        while not self.stopping.is_set():
            try:
                if self.intake.tick():
                    self.on_taken()
            except DocvaultError as error:
                logger.error("intake: %s", error.message)
            except Exception:
                logger.exception("intake: unexpected error; intake goes on with the next file")
            self.first_scan_done.set()
            self.stopping.wait(INTAKE_TICK_SECONDS)


class WebServer:
    """The web view in its own thread, so a slow request never stalls the worker."""

    def __init__(self, app: Any, host: str, port: int, trusted_proxy: bool = False) -> None:
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            proxy_headers=trusted_proxy,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    def start(self) -> None:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not self.server.started:
            raise DocvaultError(
                "The web view could not start; is the port already in use? "
                "Set web_port to a free port."
            )

    @property
    def port(self) -> int:
        servers = getattr(self.server, "servers", [])
        for server in servers:
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        return 0

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


async def _heartbeat(notifier: Notifier, pipeline: Pipeline, stop: asyncio.Event) -> None:
    """WATCHDOG=1 from the event loop (a stuck loop stops it) and a STATUS= line."""
    interval = min(HEARTBEAT_SECONDS, (notifier.watchdog_seconds or HEARTBEAT_SECONDS) / 2)
    while not stop.is_set():
        notifier.watchdog()
        counts = await asyncio.to_thread(queue.page_counts, pipeline.database)
        notifier.status(status_line(counts, pipeline.worker.stats.engine_state))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), timeout=interval)


def status_line(counts: dict[str, int], engine_state: str) -> str:
    """The one line systemd shows under `systemctl status docvault`."""
    return (
        f"queue: {counts['queued']} queued, {counts['running']} running; "
        f"{counts['done']} done, {counts['looped']} looped, {counts['failed']} failed; "
        f"engine {engine_state}"
    )


async def run_daemon(
    settings: Settings, stop: asyncio.Event, ready: threading.Event | None = None
) -> None:
    """`docvault run`: intake, pipeline, index writer, jobs and web until `stop` is set."""
    loop = asyncio.get_running_loop()
    supervisor = build_supervisor(settings, _check_profile(settings))
    if supervisor is not None:
        await supervisor.start()  # returns at once; pages wait (backoff) until it is healthy
        logger.info("start: supervising %s", " ".join(supervisor.command_line()))
    pipeline = build_pipeline(settings, loop)
    pipeline.supervisor = supervisor
    released = queue.release_dead_owners(pipeline.database, pipeline.owner)
    if released:
        logger.info("start: %d pages left running by an earlier process are queued again", released)
    if removed := remove_incomplete_copies(settings.data_path):
        logger.info("start: removed %d incomplete archive copies left by a crash", removed)
    pipeline.index_writer.start()
    intake = pipeline.make_intake(settings.inboxes)
    for inbox in settings.inboxes:
        inbox.path.mkdir(parents=True, exist_ok=True)
    watchers = Watchers(intake, polling_everywhere=settings.polling)
    intake_thread = IntakeThread(intake, pipeline.wake_worker)
    watchers.start()
    intake_thread.start()
    scheduler = start_scheduler(
        [
            Job("inbox-rescan", intake.request_rescan, settings.rescan_seconds),
            Job(
                "lease-expiry", lambda: queue.expire_leases(pipeline.database), LEASE_CHECK_SECONDS
            ),
            Job(
                "database-backup",
                lambda: backup.backup_if_due(
                    pipeline.database, settings.data_path / "backups", keep=settings.backup_keep
                ),
                BACKUP_CHECK_SECONDS,
            ),
            Job(
                "index-consistency",
                pipeline.index_writer.request_consistency_check,
                CONSISTENCY_CHECK_SECONDS,
            ),
        ]
    )
    web = _start_web(settings, pipeline, intake)
    await asyncio.to_thread(intake_thread.first_scan_done.wait, 60)
    logger.info(
        "docvault is running: %d inbox(es), engine %s, profile %s%s",
        len(settings.inboxes),
        pipeline.engine.name,
        pipeline.profile.name,
        f", web on http://{settings.web_host}:{web.port}/" if web else "",
    )
    if ready is not None:
        ready.set()
    notifier = Notifier(os.environ)
    counts = queue.page_counts(pipeline.database)
    notifier.ready(status_line(counts, pipeline.worker.stats.engine_state))
    heartbeat = asyncio.create_task(_heartbeat(notifier, pipeline, stop))
    try:
        await pipeline.worker.run(stop, drain_seconds=settings.stop_timeout_seconds)
    finally:
        notifier.stopping()
        await heartbeat
        scheduler.shutdown(wait=False)
        watchers.stop()
        intake_thread.stopping.set()
        await asyncio.to_thread(intake_thread.join, 30)
        if web is not None:
            web.stop()
        await pipeline.close()
        if supervisor is not None:
            await supervisor.stop()
        logger.info("docvault stopped")


def _start_web(settings: Settings, pipeline: Pipeline, intake: Intake) -> WebServer | None:
    if not settings.web_enabled:
        return None
    from docvault.web.app import WebContext, bind_warning, create_app

    warning = bind_warning(settings.web_host, settings.web_https, settings.web_trusted_proxy)
    if warning:
        logger.warning("%s", warning)
    stats = pipeline.worker.stats
    context = WebContext(
        database=pipeline.database,
        index=pipeline.index,
        data_dir=settings.data_path,
        render_png=pipeline.render_png,
        status=lambda: service_status(pipeline, intake),
        secret_key=secret_key(settings.data_path),
        https=settings.web_https,
        live=lambda: {
            "in_flight": stats.in_flight,
            "engine_up": stats.engine_state in ("up", "unknown"),
            "pages_per_minute": stats.pages_per_minute(300),
        },
    )
    web = WebServer(
        create_app(context), settings.web_host, settings.web_port, settings.web_trusted_proxy
    )
    web.start()
    return web


def secret_key(data_dir: Path) -> bytes:
    """The key that signs session cookies: made once, kept in the data folder (mode 0600)."""
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secrets.token_bytes(32))
    return path.read_bytes()


def service_status(pipeline: Pipeline, intake: Intake) -> ServiceStatus:
    """What only the running service knows, for the status page."""
    inboxes: list[InboxState] = []
    for inbox in intake.inboxes:
        tracker = intake.trackers[inbox.name]
        settling = len(tracker.settling(time.monotonic()))
        inboxes.append(
            InboxState(
                name=inbox.name,
                path=str(inbox.path),
                waiting=len(tracker.tracked()),
                settling=settling,
            )
        )
    return ServiceStatus(inboxes=inboxes, engines=engine_states(pipeline))


def engine_states(pipeline: Pipeline) -> list[EngineState]:
    endpoint_states = getattr(pipeline.engine, "endpoint_states", None)
    if endpoint_states is None:
        down = pipeline.worker.stats.engine_state == "down"
        return [
            EngineState(
                name=pipeline.engine.name,
                state="down" if down else "up",
                in_flight=pipeline.worker.stats.in_flight,
            )
        ]
    states: list[EngineState] = []
    supervised = pipeline.supervisor.state if pipeline.supervisor is not None else None
    for endpoint in endpoint_states():
        if supervised is not None and supervised.status in ("starting", "down"):
            starting = EngineState(
                name=endpoint.base_url,
                state="starting" if supervised.status == "starting" else "down",
                in_flight=endpoint.in_flight,
            )
            starting["detail"] = supervised.last_error or "vllm serve is starting (minutes)"
            states.append(starting)
            continue
        entry = EngineState(
            name=endpoint.base_url,
            state="up" if endpoint.up else "down",
            in_flight=endpoint.in_flight,
        )
        if endpoint.last_error:
            entry["detail"] = endpoint.last_error
        states.append(entry)
    return states


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
