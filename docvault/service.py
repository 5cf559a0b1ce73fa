"""The composition root: build every part from the settings, start them, stop them.

    intake thread ──> queue (SQLite) ──> worker (asyncio) ──> outbox ──> index writer thread
                                                                    web (uvicorn thread)

Nothing else reads settings: each part is handed plain values here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy import Engine as DatabaseEngine

from docvault import db, queue
from docvault.config import InboxSettings, Settings
from docvault.errors import ConfigError, DocvaultError
from docvault.inbox import Intake, Watchers
from docvault.indexing import ArchiveIndex, IndexWriter, open_index
from docvault.jobs import Job, start_scheduler
from docvault.ocr.base import Engine, PageImage, PageOutcome, SamplingMode
from docvault.ocr.profiles import Profile, get_profile
from docvault.ocr.schedule import transcribe_page
from docvault.render import RenderOptions, RenderPool
from docvault.worker import Worker

logger = logging.getLogger(__name__)

INTAKE_TICK_SECONDS = 0.25
LEASE_CHECK_SECONDS = 60.0
CONSISTENCY_CHECK_SECONDS = 3600.0


def render_options(settings: Settings) -> RenderOptions:
    return RenderOptions(
        dpi=settings.render_dpi,
        raster_long_side=settings.render_long_side,
        max_side=settings.render_max_side,
        max_pixels=settings.render_max_pixels,
        accept_text_documents=settings.accept_text_documents,
    )


def build_engine(settings: Settings, profile: Profile) -> Engine:
    """The OCR engine the settings ask for."""
    if settings.engine == "cpu":
        from docvault.ocr.rapid import RapidEngine

        return RapidEngine(threads=settings.cpu_threads)
    from docvault.ocr.client import OpenAIEngine

    return OpenAIEngine(
        endpoints=list(settings.engine_url),
        profile=profile,
        timeout_seconds=settings.engine_timeout_seconds,
        concurrency=settings.concurrency,
    )


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
    index = open_index(database, settings.index_path)
    index_writer = IndexWriter(
        database,
        index,
        batch_size=settings.index_batch_size,
        batch_seconds=settings.index_batch_seconds,
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
        concurrency=settings.concurrency if settings.engine != "cpu" else settings.cpu_threads,
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

    def __init__(self, app: Any, host: str, port: int) -> None:
        config = uvicorn.Config(
            app, host=host, port=port, log_level="warning", access_log=False, lifespan="off"
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


async def run_daemon(
    settings: Settings, stop: asyncio.Event, ready: threading.Event | None = None
) -> None:
    """`docvault run`: intake, pipeline, index writer, jobs and web until `stop` is set."""
    loop = asyncio.get_running_loop()
    pipeline = build_pipeline(settings, loop)
    released = queue.release_dead_owners(pipeline.database, pipeline.owner)
    if released:
        logger.info("start: %d pages left running by an earlier process are queued again", released)
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
    try:
        await pipeline.worker.run(stop)
    finally:
        scheduler.shutdown(wait=False)
        watchers.stop()
        intake_thread.stopping.set()
        intake_thread.join(timeout=30)
        if web is not None:
            web.stop()
        await pipeline.close()
        logger.info("docvault stopped")


def _start_web(settings: Settings, pipeline: Pipeline, intake: Intake) -> WebServer | None:
    if not settings.web_enabled:
        return None
    from docvault.web.app import WebContext, create_app

    context = WebContext(
        database=pipeline.database, index=pipeline.index, data_dir=settings.data_path
    )
    web = WebServer(create_app(context), settings.web_host, settings.web_port)
    web.start()
    return web


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
        document_ids = [await asyncio.to_thread(intake.take_now, path) for path in paths]
        pipeline.worker.wake()
        await _wait_for_pages(pipeline, [i for i in document_ids if i is not None], progress)
    finally:
        stop.set()
        await worker_task
        await asyncio.to_thread(pipeline.index_writer.flush)
        await pipeline.close()
    return queue.summarise_documents(pipeline.database, [i for i in document_ids if i])


async def _wait_for_pages(pipeline: Pipeline, document_ids: list[int], progress: Any) -> None:
    total = queue.pages_of(pipeline.database, document_ids)
    with progress(total) as advance:
        finished = 0
        while finished < total:
            await asyncio.sleep(0.2)  # a progress bar's refresh, not synchronisation
            now = queue.finished_pages_of(pipeline.database, document_ids)
            advance(now - finished)
            finished = now
