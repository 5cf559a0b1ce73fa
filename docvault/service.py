"""The composition root: every part built from the settings, and each command's run of them.

    docvault run      run_daemon     the pipeline, start-up recovery, every part,
                                     Supervisor.run until the stop
    docvault ingest   ingest_files   the pipeline, the index and worker parts,
                                     Supervisor.run_until_done(the files read), one-shot

Both run inside `blocking_calls`, the bounded executor of every short blocking call, entered
before anything else. Which part runs in which thread or process, and how a failing part is
restarted or ends the command, is drawn in `docvault.runtime.supervisor`. What is not composition
lives in modules of its own: the pipeline and its bridges (`docvault.pipeline`), what the
daemon reports (`docvault.reporting`), ingest's steps (`docvault.intake.ingest`). Nothing else reads
settings but the command and the builders of `docvault.from_settings`: each part is handed
plain values here. What a clinic never sets is read here too: the test hooks
(`DOCVAULT_TEST_HOLD_INTAKE`, `DOCVAULT_TEST_HOLD_FACTS`, `DOCVAULT_TEST_WORKER_FAILS`) and a
benchmark's profile (`DOCVAULT_BENCH_PROFILE`). The environment is otherwise read by the
settings' loader (`docvault.config`); the root hands it down to the systemd notifier
(`docvault.runtime.notify`), the engines' processes (`EngineLayout`), the hand-over commands (a
few names, `docvault.delivery`) and the clinic's time zone where none is set (its `$TZ`,
`docvault.web.display`).
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import logging
import os
import secrets
import shlex
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import AsyncExitStack, asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from sqlalchemy import Engine as DatabaseEngine

from docvault import backup, db, records, retention
from docvault.archive import remove_incomplete_copies
from docvault.config import Settings
from docvault.corrections import Corrector
from docvault.delivery import Deliverer, HandoverConfig
from docvault.errors import ServerFault, UnknownProfile
from docvault.facts import FactsProposer, register, senders
from docvault.from_settings import handover_config, planned_jobs
from docvault.intake import (
    Inspector,
    Intake,
    MailIntake,
    MailReader,
    ProgressBar,
    ReadAgain,
    read_files,
    readable_kinds,
)
from docvault.models import MailMessage
from docvault.ocr import (
    BENCH_PROFILE_NAMES,
    Engine,
    EngineLayout,
    Profile,
    VllmReplicas,
    get_profile,
    replica_ports,
    replica_settings,
    transcribe_page,
)
from docvault.parts import (
    CalendarPart,
    EnginePart,
    FactsPart,
    FileEventsPart,
    HandoverPart,
    IndexPart,
    IntakePart,
    JobsPart,
    MailboxPart,
    WebPart,
    WorkerPart,
)
from docvault.pipeline import Pipeline
from docvault.render import RenderOptions, RenderPool
from docvault.reporting import (
    Daemon,
    Greeting,
    Heartbeat,
    ServiceProblems,
    heartbeat_seconds,
    live_figures,
    service_status,
    status_file_path,
)
from docvault.runtime import (
    Job,
    Notifier,
    Part,
    Place,
    Policy,
    Supervisor,
    blocking_calls,
    fault_of,
)
from docvault.scheduler import Calendar, CalendarJob, zone_label
from docvault.search import OutboxDriver, SearchIndex
from docvault.setting_types import InboxSettings, MailboxSettings, ProfileChoice
from docvault.vocabulary import PageImage, PageOutcome, SamplingMode
from docvault.web import Display, zone_named
from docvault.worker import ATTEMPTS_PER_PAGE, STUCK_MARGIN_SECONDS, Transcriber, Worker

logger = logging.getLogger(__name__)

LEASE_CHECK_SECONDS = 60.0
# How long a calendar job may run before the calendar part is stalled: hashing a large
# archive on Sunday takes hours; the others take minutes.
CALENDAR_BOUND_SECONDS = {"archive-check": 12 * 3600.0}
CALENDAR_DEFAULT_BOUND_SECONDS = 3600.0
# The test hook that makes the worker fail as a defect would, with this variable's sentence,
# when it hands its first page to the engine (tests/intake/test_ingest_command.py).
WORKER_FAILS_VARIABLE = "DOCVAULT_TEST_WORKER_FAILS"
# A benchmark's profile (exactly 600 tokens a page), which no clinic's `profile` offers.
BENCH_PROFILE_VARIABLE = "DOCVAULT_BENCH_PROFILE"


def for_benchmark(settings: Settings, environ: Mapping[str, str]) -> Settings:
    """The settings with the benchmark's profile of DOCVAULT_BENCH_PROFILE, if one is named."""
    name = environ.get(BENCH_PROFILE_VARIABLE, "")
    if not name:
        return settings
    if name not in BENCH_PROFILE_NAMES:
        raise UnknownProfile(name, BENCH_PROFILE_NAMES)
    # The setting's type names the clinics' profiles; the benchmark's is a profile all the same.
    return dataclasses.replace(settings, profile=cast(ProfileChoice, name))


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


def record_clinic(settings: Settings, database: DatabaseEngine) -> None:
    """The clinic's own names, numbers and mail domains into the sender directory, where
    they mark the addressee (never a sender)."""
    senders.record_clinic(
        database, settings.clinic_names, settings.clinic_numbers, settings.clinic_mail_domains
    )


def build_engine(settings: Settings, profile: Profile) -> Engine:
    """The OCR engine the settings ask for."""
    if settings.engine == "cpu":
        from docvault.ocr import RapidEngine

        return RapidEngine(threads=settings.cpu_threads)
    from docvault.ocr import OpenAIEngine

    endpoints = engine_endpoints(settings)
    return OpenAIEngine(
        endpoints=endpoints,
        profile=profile,
        timeout_seconds=settings.engine_timeout_seconds,
        concurrency=settings.concurrency * len(endpoints),
    )


def engine_layout(settings: Settings, environ: Mapping[str, str] = os.environ) -> EngineLayout:
    """What the engine replicas' layout reads of the settings (`EngineLayout` names each
    field as its setting), and the environment the engines start from."""
    names = [each.name for each in dataclasses.fields(EngineLayout) if each.name != "environment"]
    values = {name: getattr(settings, name) for name in names}
    return EngineLayout(**values, environment=dict(environ))


def engine_endpoints(settings: Settings) -> list[str]:
    """Where the engine answers: the replicas docvault starts itself, or the configured URLs."""
    if settings.vllm_start:
        return [f"http://127.0.0.1:{port}/v1" for port in replica_ports(engine_layout(settings))]
    return list(settings.engine_url)


def build_replicas(settings: Settings, profile: Profile) -> VllmReplicas | None:
    """The `vllm serve` replicas docvault starts and supervises, when vllm_start is set."""
    if not settings.vllm_start:
        return None
    layout = engine_layout(settings)
    return VllmReplicas(replica_settings(layout, settings.vllm_model or profile.model))


def worker_concurrency(settings: Settings) -> int:
    """Requests kept in flight: `concurrency` per endpoint, or the CPU engine's threads."""
    if settings.engine == "cpu":
        return settings.cpu_threads
    return settings.concurrency * len(engine_endpoints(settings))


@asynccontextmanager
async def open_pipeline(
    settings: Settings, loop: asyncio.AbstractEventLoop, environ: Mapping[str, str]
) -> AsyncIterator[Pipeline]:
    """Database, render pools, engine, worker and index, from the settings, each owned from
    the moment it opens: a failure at any step (or the end of the block) closes everything
    opened before it, in the reverse order (Starlette's lifespan shape)."""
    settings = for_benchmark(settings, environ)
    async with AsyncExitStack() as resources:
        profile = get_profile(settings.effective_profile())
        handover = handover_config(settings, environ)
        if handover is not None:  # the zone a letter's day starts in (the FHIR `date`)
            handover = dataclasses.replace(handover, zone=zone_named(settings.timezone, environ))
        database = db.open_database(
            settings.database_path, busy_seconds=settings.database_busy_seconds
        )
        resources.callback(database.dispose)
        record_clinic(settings, database)
        renderer = render_pool(settings, settings.render_workers)
        resources.callback(renderer.close)
        inspector = render_pool(settings, 1)
        resources.callback(inspector.close)
        # The web view's own share of render workers: a look never takes one reading needs.
        web_renderer = (
            render_pool(settings, settings.web_render_workers) if settings.web_enabled else None
        )
        if web_renderer is not None:
            resources.callback(web_renderer.close)
        engine = build_engine(settings, profile)
        resources.push_async_callback(engine.aclose)
        index = SearchIndex(settings.index_path)
        index_writer = OutboxDriver(
            database,
            index,
            batch_size=settings.index_batch_size,
            batch_seconds=settings.index_batch_seconds,
            stemming_language=settings.stemming_language,
            engine=settings.index_engine,
        )
        facts_proposer = FactsProposer(database, index_writer.wake)
        owner = records.new_owner()
        worker = build_worker(
            settings,
            database,
            renderer,
            engine,
            _transcriber(profile, environ),
            owner=owner,
            on_finished=functools.partial(wake_all, index_writer.wake, facts_proposer.wake),
            handover=handover,
        )
        pipeline = Pipeline(
            database=database,
            renderer=renderer,
            inspector=inspector,
            web_renderer=web_renderer,
            engine=engine,
            profile=profile,
            worker=worker,
            index=index,
            index_writer=index_writer,
            facts_proposer=facts_proposer,
            loop=loop,
            data_path=settings.data_path,
            render_settings=repr(render_options(settings)),
            owner=owner,
            handover=handover,
            replicas=build_replicas(settings, profile),
        )
        # What the parts' builders open later on the pipeline (the mail reader), closed first.
        resources.callback(close_all, pipeline.closing)
        yield pipeline


def wake_all(*wakes: Callable[[], None]) -> None:
    """A page finished: the index writer and the facts part look at their outboxes."""
    for wake in wakes:
        wake()


def close_all(closers: list[Callable[[], None]]) -> None:
    """Close what was opened on the pipeline after it was made, the last opened first."""
    for close in reversed(closers):
        close()


def build_worker(
    settings: Settings,
    database: DatabaseEngine,
    renderer: RenderPool,
    engine: Engine,
    transcribe: Transcriber,
    *,
    owner: str,
    on_finished: Callable[[], None],
    handover: HandoverConfig | None,
) -> Worker:
    """The worker: `concurrency` requests in flight, each page bounded by its attempts."""
    return Worker(
        database,
        renderer,
        engine,
        transcribe,
        settings.data_path,
        concurrency=worker_concurrency(settings),
        lease_seconds=settings.lease_seconds,
        owner=owner,
        on_finished=on_finished,
        page_limit_seconds=ATTEMPTS_PER_PAGE * settings.engine_timeout_seconds
        + STUCK_MARGIN_SECONDS,
        handover=handover.targets if handover is not None else (),
        render_slots=settings.render_workers,
        corrector=word_corrector(settings),
    )


def word_corrector(settings: Settings) -> Corrector | None:
    """The dictionary check of the CPU engine's words, where the settings ask for it (its
    word lists load at the first page corrected, not here)."""
    if not settings.correct_words or settings.engine != "cpu":
        return None
    return Corrector()


def _transcriber(profile: Profile, environ: Mapping[str, str]) -> Transcriber:
    """A page's retry schedule with the profile; the failing one of the test hook instead
    when `WORKER_FAILS_VARIABLE` is set (never in production)."""

    async def transcribe(engine: Engine, image: PageImage, first_mode: SamplingMode) -> PageOutcome:
        return await transcribe_page(engine, profile, image, first_mode)

    failure = environ.get(WORKER_FAILS_VARIABLE)
    if not failure:
        return transcribe

    async def fails(engine: Engine, image: PageImage, first_mode: SamplingMode) -> PageOutcome:
        raise RuntimeError(failure)

    return fails


def render_pool(settings: Settings, workers: int) -> RenderPool:
    """Worker processes with the render time and memory limits (make it on the loop's thread)."""
    return RenderPool(
        workers=workers,
        options=render_options(settings),
        timeout_seconds=settings.render_timeout_seconds,
        memory_limit_bytes=settings.render_memory_limit_mb * 1024 * 1024,
    )


def make_intake(
    settings: Settings, pipeline: Pipeline, inboxes: tuple[InboxSettings, ...]
) -> Intake:
    """Intake of the given inboxes (none for `docvault ingest`, which names its files)."""
    return Intake(
        pipeline.database,
        settings.data_path,
        inboxes,
        pipeline.inspect,
        empty_grace_seconds=settings.empty_grace_seconds,
        unreadable_retry_seconds=settings.unreadable_retry_seconds,
        max_file_bytes=settings.max_file_mb * 1024 * 1024,
        hidden_report_seconds=settings.hidden_report_seconds,
    )


def make_mail_intakes(settings: Settings, pipeline: Pipeline) -> tuple[MailIntake, ...]:
    """One mail intake per [[mailboxes]] table, all reading messages with one mail reader
    (made here, on the loop's thread, when there is a mailbox; closed with the pipeline)."""
    if not settings.mailboxes:
        return ()
    reader = _mail_reader(settings)
    pipeline.closing.append(reader.close)
    return tuple(
        _mail_intake(settings, pipeline.database, mailbox, pipeline.inspect, reader)
        for mailbox in settings.mailboxes
    )


def _mail_reader(settings: Settings) -> MailReader:
    return MailReader(
        timeout_seconds=settings.mail_read_timeout_seconds,
        memory_limit_bytes=settings.mail_read_memory_mb * 1024 * 1024,
        max_attachments=settings.mail_max_attachments,
    )


def _mail_intake(
    settings: Settings,
    database: DatabaseEngine,
    mailbox: MailboxSettings,
    inspect: Inspector,
    reader: MailReader,
) -> MailIntake:
    return MailIntake(
        database,
        settings.data_path,
        mailbox,
        inspect,
        reader,
        readable_kinds=readable_kinds(settings.accept_text_documents),
        timeout_seconds=settings.mail_timeout_seconds,
        max_message_bytes=settings.mail_max_message_mb * 1024 * 1024,
        max_file_bytes=settings.max_file_mb * 1024 * 1024,
        max_pages=settings.mail_max_pages,
        empty_grace_seconds=settings.empty_grace_seconds,
    )


def read_kept_messages(
    settings: Settings,
    database: DatabaseEngine,
    mailbox: MailboxSettings,
    kept: list[tuple[MailMessage, int]],
    who: str,
) -> list[ReadAgain]:
    """`docvault mail-retry`'s reading of messages kept whole as unreadable: from their
    archived .eml, under the settings' limits now, with a mail reader and an inspection
    worker of this command's own (the limits of the running service may be older)."""
    inspector = render_pool(settings, 1)
    reader = _mail_reader(settings)

    def inspect(path: Path) -> tuple[int, str]:
        info = inspector.inspect_blocking(path)
        return info.page_count, info.kind

    try:
        intake = _mail_intake(settings, database, mailbox, inspect, reader)
        return [intake.read_again(row, kept_id, who) for row, kept_id in kept]
    finally:
        reader.close()
        inspector.close()


def stage_timeouts(settings: Settings) -> dict[int, float]:
    """How long each stop stage is waited for: the worker's drain, a little around it."""
    return {0: 10.0, 1: settings.stop_timeout_seconds + 5.0, 2: 15.0}


def build_parts(settings: Settings, daemon: Daemon, environ: Mapping[str, str]) -> list[Part]:
    """Every part of `docvault run`, in the order they start."""
    pipeline, intake = daemon.pipeline, daemon.intake
    stall = settings.part_stall_seconds
    parts: list[Part] = []
    if pipeline.replicas is not None:
        parts.append(EnginePart(pipeline.replicas, stall))
    parts += [
        IndexPart(pipeline.index_writer, stall),
        WorkerPart(pipeline.worker, settings.stop_timeout_seconds, stall),
        FactsPart(pipeline.facts_proposer, stall, hold=_held(environ, "DOCVAULT_TEST_HOLD_FACTS")),
        IntakePart(
            intake, pipeline.wake_worker, stall, hold=_held(environ, "DOCVAULT_TEST_HOLD_INTAKE")
        ),
        FileEventsPart(intake, settings.polling, stall),
        JobsPart(scheduled_jobs(settings, pipeline, intake), stall),
        CalendarPart(make_calendar(settings, pipeline), stall),
    ]
    if settings.web_enabled:
        parts.append(web_part(settings, daemon))
    if pipeline.handover is not None:
        deliverer = Deliverer(
            pipeline.database,
            pipeline.handover,
            archive_copy=pipeline.archive_copy,
            data_dir=pipeline.data_path,
        )
        pipeline.facts_proposer.listeners.append(deliverer.wake)
        parts.append(HandoverPart(deliverer, stall))
    parts += [MailboxPart(mail, pipeline.wake_worker, stall) for mail in daemon.mail]
    return parts


def _held(environ: Mapping[str, str], variable: str) -> Callable[[], None] | None:
    """A test hook that blocks a part while the file `variable` names exists
    (DOCVAULT_TEST_HOLD_INTAKE, DOCVAULT_TEST_HOLD_FACTS; never set in production)."""
    hold_file = environ.get(variable)
    if not hold_file:
        return None
    path = Path(hold_file)

    def hold() -> None:
        while path.exists():
            time.sleep(0.1)

    return hold


def scheduled_jobs(settings: Settings, pipeline: Pipeline, intake: Intake) -> list[Job]:
    """The supervisor's timers (`docvault.runtime.jobs`): what runs every so often."""
    database = pipeline.database
    return [
        Job("inbox-rescan", intake.request_rescan, settings.rescan_seconds),
        Job(
            "lease-expiry",
            lambda: records.expire_leases(
                database, lease_seconds=settings.lease_seconds, alive=pipeline.owner
            ),
            LEASE_CHECK_SECONDS,
        ),
    ]


def make_calendar(settings: Settings, pipeline: Pipeline) -> Calendar:
    """The clinic's calendar (`docvault.scheduler`): each job's work, planned by the settings."""
    work = calendar_work(settings, pipeline)
    jobs = [
        CalendarJob(
            planned,
            work[planned.name],
            CALENDAR_BOUND_SECONDS.get(planned.name, CALENDAR_DEFAULT_BOUND_SECONDS),
        )
        for planned in planned_jobs(settings)
    ]
    zone = zone_named(settings.timezone, os.environ)
    return Calendar(
        pipeline.database, jobs, zone, zone_label(zone), settings.calendar_grace_hours * 3600
    )


def calendar_work(settings: Settings, pipeline: Pipeline) -> dict[str, Callable[[], str]]:
    """What each calendar job does; each returns its outcome as a sentence."""
    database, data_dir = pipeline.database, settings.data_path

    def database_backup() -> str:
        made = backup.nightly_backup(database, data_dir / "backups", keep=settings.backup_keep)
        return f"the database was copied to {made} ({settings.backup_keep} copies kept)"

    def index_check() -> str:
        pipeline.index_writer.request_consistency_check()
        return "the index writer compares the index with the database at its next turn"

    def retention_review() -> str:
        zone = zone_named(settings.timezone, os.environ)
        due = retention.due_documents(database, settings.retention, datetime.now(zone).date(), zone)
        return retention.review_sentence(due, settings.retention)

    def register_refresh() -> str:
        if not settings.register_source:
            return "no register_source is set: there is no register to refresh"
        return register.refresh_from(
            database,
            Path(settings.register_source),
            settings.register_format,
            settings.register_csv_columns,
            settings.register_fhir_system,
        ).sentence()

    return {
        "database-backup": database_backup,
        "archive-check": lambda: backup.archive_check(database, data_dir),
        "index-check": index_check,
        "retention-review": retention_review,
        "rerun-failed": lambda: records.rerun_failed_when_idle(database),
        "register-refresh": register_refresh,
    }


def daemon_supervisor(
    settings: Settings,
    daemon: Daemon,
    ready: threading.Event | None,
    environ: Mapping[str, str],
) -> Supervisor:
    """`docvault run`'s supervisor: every part, and the heartbeat that reports them."""
    parts = build_parts(settings, daemon, environ)
    web = next((part for part in parts if isinstance(part, WebPart)), None)
    notifier = Notifier(environ)
    greeting = Greeting(len(settings.inboxes), settings.web_host, first_account_command(settings))
    heartbeat = Heartbeat(
        daemon, notifier, status_file_path(settings.data_path), greeting, ready, web
    )
    daemon.supervisor = Supervisor(
        parts,
        on_heartbeat=heartbeat,
        heartbeat_seconds=heartbeat_seconds(notifier),
        stage_timeouts=stage_timeouts(settings),
        on_stop=notifier.stopping,
    )
    return daemon.supervisor


async def run_daemon(
    settings: Settings,
    stop: asyncio.Event,
    ready: threading.Event | None = None,
    environ: Mapping[str, str] = os.environ,
) -> None:
    """`docvault run`: every part under one supervisor until `stop` is set.

    Raises PartFailed (the CLI exits non-zero with its sentence) when a part could not be
    kept running.
    """
    async with (
        blocking_calls(),
        open_pipeline(settings, asyncio.get_running_loop(), environ) as pipeline,
    ):
        try:
            await _recover_from_crash(settings, pipeline)
            daemon = Daemon(
                pipeline,
                ServiceProblems(pipeline.database, settings.database_path),
                make_intake(settings, pipeline, settings.inboxes),
                make_mail_intakes(settings, pipeline),
            )
            await daemon_supervisor(settings, daemon, ready, environ).run(stop)
        finally:
            logger.info("docvault stopped")


async def ingest_files(
    settings: Settings,
    paths: list[Path],
    progress: ProgressBar,
    environ: Mapping[str, str] = os.environ,
) -> dict[str, Any]:
    """`docvault ingest`: archive and read the given files now, then exit.

    The index writer and the worker are parts under the supervisor, one-shot: a part that
    fails ends the command with its sentence (PartFailed). The files are left where they
    are (a one-shot command should not move a person's files); documents are recorded under
    the inbox name "ingest".
    """
    async with (
        blocking_calls(),
        open_pipeline(settings, asyncio.get_running_loop(), environ) as pipeline,
    ):
        intake = make_intake(settings, pipeline, ())
        stall = settings.part_stall_seconds
        supervisor = Supervisor(
            [
                IndexPart(pipeline.index_writer, stall),
                WorkerPart(pipeline.worker, settings.stop_timeout_seconds, stall),
                FactsPart(pipeline.facts_proposer, stall),
            ],
            stage_timeouts=stage_timeouts(settings),
            policy=Policy.one_shot,
            command="docvault ingest",
        )
        document_ids = await supervisor.run_until_done(
            lambda: read_files(pipeline.database, intake, paths, pipeline.worker.wake, progress)
        )
        return await asyncio.to_thread(records.summarise_documents, pipeline.database, document_ids)


async def _recover_from_crash(settings: Settings, pipeline: Pipeline) -> None:
    # The pages an earlier process held go back to the queue, whatever ended it: a death of
    # the daemon blames no page (a render's own death is the render pool's to judge).
    try:
        released = await asyncio.to_thread(
            records.release_dead_owners, pipeline.database, pipeline.owner
        )
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
    if removed := await asyncio.to_thread(remove_incomplete_copies, settings.data_path):
        logger.info("start: removed %d incomplete archive copies left by a crash", removed)


def web_part(settings: Settings, daemon: Daemon) -> WebPart:
    """The web view, built anew each time the supervisor (re)starts it."""
    from docvault.web import bind_warning

    warning = bind_warning(settings.web_host, settings.web_https, settings.web_trusted_proxy)
    if warning:
        logger.warning("%s", warning)
    return WebPart(
        make_app=lambda: _make_web_app(settings, daemon),
        host=settings.web_host,
        port=settings.web_port,
        trusted_proxy=settings.web_trusted_proxy,
        https=settings.web_https,
        stall_seconds=settings.part_stall_seconds,
    )


def _make_web_app(settings: Settings, daemon: Daemon) -> Any:
    from docvault.web import WebContext, create_app

    pipeline = daemon.pipeline
    context = WebContext(
        database=pipeline.database,
        index=pipeline.index,
        data_dir=settings.data_path,
        render_png=pipeline.render_png,
        status=lambda: service_status(daemon),
        secret_key=secret_key(settings.data_path),
        https=settings.web_https,
        render_settings=pipeline.render_settings,
        session_idle_minutes=settings.web_session_idle_minutes,
        session_hours=settings.web_session_hours,
        live=lambda: live_figures(pipeline),
        max_request_bytes=settings.web_max_request_bytes,
        rereads_per_hour=settings.web_rereads_per_hour,
        max_pages=settings.max_pages,
        display=Display(zone_named(settings.timezone, os.environ), settings.date_format),
        first_account_command=first_account_command(settings),
        inspect=pipeline.inspect,
        empty_grace_seconds=settings.empty_grace_seconds,
        build_searchable=pipeline.build_searchable,
        correction_targets=(
            pipeline.handover.correction_targets if pipeline.handover is not None else ()
        ),
        calendar=planned_jobs(settings),
        retention=settings.retention,
    )
    return create_app(context)


def first_account_command(settings: Settings) -> str:
    """The command line, to copy as it is, that makes the first administrator."""
    program = Path(sys.argv[0]) if Path(sys.argv[0]).name == "docvault" else Path("docvault")
    configured = (
        f" --config {shlex.quote(str(settings.config_file))}" if settings.config_file else ""
    )
    return f"{shlex.quote(str(program))}{configured} user add YOUR-NAME --admin"


def secret_key(data_dir: Path) -> bytes:
    """The key that signs session cookies: made once, kept in the data folder (mode 0600)."""
    path = data_dir / "secret_key"
    if not path.exists():
        data_dir.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secrets.token_bytes(32))
    return path.read_bytes()
