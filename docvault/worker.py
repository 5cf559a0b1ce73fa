"""The worker: the only place that chains render -> ocr -> queue, page after page.

It keeps exactly `concurrency` requests in flight across page and document boundaries,
renders a few pages ahead in the process pool so the engine never waits for the CPU,
records every attempt, and hands finished pages to the index through the outbox.

    claim (lease) -> render (process pool) -> transcribe (profile's retry schedule)
                  -> complete / fail / release (engine down: back to the queue, no fault)

A page is failed for its render only on the render pool's own evidence: its worker process
died (a signal, the memory limit) twice while rendering it (`render.RenderPool`). A death of
the daemon itself blames no page: whatever it was reading goes back to the queue.

A database that cannot be written (its disk full or read-only, its lock held by another
program: a `ServerFault`) stops no page: no page is claimed until it can be, and a page read
meanwhile is kept in memory and stored once it can be. The worker says the fault as its
trouble meanwhile and goes on by itself when it ends.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlalchemy import Engine as DatabaseEngine

from docvault import legibility, records
from docvault.corrections import Correction, Corrector
from docvault.coverage import check
from docvault.errors import (
    EngineConfigurationError,
    EngineTimeout,
    EngineUnavailable,
    OcrError,
    PageDamaged,
    ReadingDoubtful,
    RenderError,
    ServerFault,
)
from docvault.ocr import Engine, attempts_of, reread_suspects
from docvault.records import ClaimedPage, FinishedPage
from docvault.render import RenderPoolClosed
from docvault.runtime import RETRY_SECONDS, Progress, Standing, backoff_seconds
from docvault.textlayer import text_layer_outcome
from docvault.textutil import storable_text
from docvault.vocabulary import (
    AttemptRecord,
    CoverageReport,
    EngineState,
    HandoverTarget,
    PageFlag,
    PageImage,
    PageOutcome,
    RotationSource,
    SamplingMode,
    TextFormat,
)

logger = logging.getLogger(__name__)

Result = TypeVar("Result")

# How long an idle worker waits before looking for queued pages again; new work wakes it
# at once through `wake()`, so this only bounds the delay of re-runs and expired leases.
IDLE_POLL_SECONDS = 1.0
# Back-off after the engine was unavailable: doubling from 1 s to 30 s (vLLM takes minutes
# to start, so hammering it helps nobody), 60 s after a configuration error.
BACKOFF_FIRST_SECONDS = 1.0
BACKOFF_MAX_SECONDS = 30.0
CONFIGURATION_BACKOFF_SECONDS = 60.0


@dataclass(frozen=True)
class WorkerTimings:
    """The worker's waits: production's by default; a test gives shorter ones."""

    idle_poll_seconds: float = IDLE_POLL_SECONDS
    backoff_first_seconds: float = BACKOFF_FIRST_SECONDS
    # How often a write is tried again while a server fault stands (`faults.RETRY_SECONDS`).
    fault_retry_seconds: float = RETRY_SECONDS


class Renderer(Protocol):
    async def render(self, path: Path, page_number: int, rotation: int | None = None) -> Any: ...


class Transcriber(Protocol):
    async def __call__(
        self, engine: Engine, image: PageImage, first_mode: SamplingMode
    ) -> PageOutcome: ...


# Pages finished within this window make the live pages-per-minute figure.
RATE_WINDOW_SECONDS = 300.0
# A page in flight may take its engine attempts (at most three: greedy, penalty, uncapped),
# each bounded by the engine timeout; past that and this margin the worker is stuck.
ATTEMPTS_PER_PAGE = 3
STUCK_MARGIN_SECONDS = 60.0


@dataclass(frozen=True)
class WorkerSnapshot:
    """The worker's figures as one immutable value, for readers in other threads."""

    in_flight: int = 0
    engine_state: EngineState = EngineState.unknown
    pages_per_minute: float = 0.0  # over the last RATE_WINDOW_SECONDS


@dataclass
class WorkerStats:
    """Live figures, changed only on the event loop's thread; `published` is for the rest."""

    in_flight: int = 0
    finished_times: collections.deque[float] = field(default_factory=collections.deque)
    engine_state: EngineState = EngineState.unknown
    published: WorkerSnapshot = field(default_factory=WorkerSnapshot)

    def finished(self, now: float) -> None:
        self.finished_times.append(now)
        self.publish(now)

    def pages_per_minute(self, window_seconds: float, now: float | None = None) -> float:
        now = time.monotonic() if now is None else now
        recent = sum(1 for stamp in self.finished_times if now - stamp <= window_seconds)
        return recent * 60.0 / window_seconds

    def publish(self, now: float | None = None) -> None:
        """Replace the published snapshot whole (readers never see a half-made one)."""
        now = time.monotonic() if now is None else now
        while self.finished_times and now - self.finished_times[0] > RATE_WINDOW_SECONDS:
            self.finished_times.popleft()
        self.published = WorkerSnapshot(
            in_flight=self.in_flight,
            engine_state=self.engine_state,
            pages_per_minute=len(self.finished_times) * 60.0 / RATE_WINDOW_SECONDS,
        )


@dataclass(frozen=True)
class _Transcribed:
    claim: ClaimedPage
    outcome: PageOutcome
    warnings: tuple[str, ...]
    size: tuple[int, int]
    rotation: tuple[int, RotationSource] | None = None
    coverage: CoverageReport | None = None  # None: not checked (a text layer's text)
    flags: tuple[PageFlag, ...] = ()  # a damaged file, a doubtful reading
    corrections: tuple[Correction, ...] = ()  # words the dictionary check put right


@dataclass
class _Rendered:
    claim: ClaimedPage
    image: PageImage | None
    warnings: tuple[str, ...]
    error: RenderError | None
    rotation: tuple[int, RotationSource] | None = None  # degrees clockwise, source
    layer_text: str | None = None  # a trusted PDF text layer: no engine call needed
    ink_lines: tuple[tuple[int, int, int, int], ...] = ()  # render.RenderedPage.ink_lines
    damage: str | None = None  # render.RenderedPage.damage: what the file lost of the page


def _damage_flags(damage: str | None) -> tuple[PageFlag, ...]:
    """The render's sentence on what the file lost of the page, as the page's flag."""
    return (PageFlag(PageDamaged.code, damage),) if damage else ()


# Finished pages stored in one transaction, one flag per page (records.complete_many).
CompletePages = Callable[
    [DatabaseEngine, str, Sequence[FinishedPage], Sequence[HandoverTarget]], list[bool]
]


class Worker:
    """Runs the pipeline from a claimed page to its stored text."""

    def __init__(
        self,
        database: DatabaseEngine,
        renderer: Renderer,
        engine: Engine,
        transcribe: Transcriber,
        data_dir: Path,
        concurrency: int,
        lease_seconds: float,
        owner: str,
        render_ahead: int | None = None,
        on_finished: Callable[[], None] | None = None,
        page_limit_seconds: float = ATTEMPTS_PER_PAGE * 300.0 + STUCK_MARGIN_SECONDS,
        handover: Sequence[HandoverTarget] = (),
        render_slots: int | None = None,
        timings: WorkerTimings | None = None,
        complete_pages: CompletePages = records.complete_many,
        corrector: Corrector | None = None,
    ) -> None:
        self.database = database
        self.timings = timings or WorkerTimings()
        # How a batch of finished pages is stored: the records' one writer of page state.
        self.complete_pages = complete_pages
        # The dictionary check of the CPU engine's words (docvault.corrections); None: off.
        self.corrector = corrector
        self.renderer = renderer
        self.engine = engine
        self.transcribe = transcribe
        self.data_dir = data_dir
        self.concurrency = concurrency
        self.lease_seconds = lease_seconds
        self.owner = owner
        # A few rendered pages wait in front of the engine: enough to cover one render's
        # time at the engine's pace, few enough that leases are not held for long.
        self.render_ahead = render_ahead or max(2, concurrency // 4)
        self.on_finished = on_finished
        self.page_limit_seconds = page_limit_seconds
        # The receivers a finished document is handed over to (docvault.records.handover).
        self.handover = tuple(handover)
        # As many renders at a time as the pool has workers: a page waiting in the pool's
        # own queue is not rendering yet, and holds no lease's time in it.
        self._render_slots = asyncio.Semaphore(render_slots) if render_slots else None
        self.stats = WorkerStats()
        self._started: dict[int, float] = {}  # page id -> when its request left
        self._wake = asyncio.Event()
        # Set when a consumer takes a rendered page or finishes one: room to render ahead.
        self._room = asyncio.Event()
        self._outages = 0  # in a row, since the engine last answered
        self._paused_until = 0.0
        # A server fault (the database cannot be written): no claim before `_fault_until`.
        self.fault = Standing("worker")
        self._fault_until = 0.0
        self._progress = Progress()
        self._stop = asyncio.Event()
        self._held: set[int] = set()
        # Transcribed pages wait here for the store task, which writes all that are waiting
        # in one transaction; the consumer meanwhile sends its next page to the engine.
        self._transcribed: asyncio.Queue[_Transcribed] = asyncio.Queue()

    def wake(self) -> None:
        """New work may be queued (call from the event loop's thread)."""
        self._wake.set()

    async def run(
        self, stop: asyncio.Event, drain_seconds: float = 30.0, progress: Progress | None = None
    ) -> None:
        """Work until `stop` is set, then let requests in flight finish for `drain_seconds`.

        Every task of the worker belongs to one task group: if one of them fails (the
        database unreachable), the others are cancelled, the pages this run holds go back
        to the queue, and the error reaches the caller (the supervisor restarts the worker).
        """
        buffer: asyncio.Queue[_Rendered] = asyncio.Queue()
        self._transcribed = asyncio.Queue()
        beat = progress or Progress()
        self._progress, self._stop = beat, stop
        beat.trouble(self.fault.sentence)
        try:
            async with asyncio.TaskGroup() as group:
                producer = group.create_task(self._produce(stop, buffer, beat), name="producer")
                storer = group.create_task(self._store_transcribed(), name="worker-store")
                consumers = [
                    group.create_task(self._consume(stop, buffer), name=f"worker-{number}")
                    for number in range(self.concurrency)
                ]
                await stop.wait()
                await self._finish(producer, consumers, storer, buffer, drain_seconds)
        finally:
            await asyncio.shield(self._release_everything(buffer))

    def liveness(self) -> str | None:
        """A sentence when a page has been in flight longer than any page may take (a page
        waiting out a server fault to be stored is not stuck: the fault is the trouble)."""
        if not self._started or self.fault.sentence is not None:
            return None
        page_id, since = min(self._started.items(), key=lambda item: item[1])
        age = time.monotonic() - since
        if age <= self.page_limit_seconds:
            return None
        return (
            f"page {page_id} has been with the engine for {age:.0f} s, longer than "
            f"{self.page_limit_seconds:.0f} s (its attempts' timeouts)"
        )

    async def _finish(
        self,
        producer: asyncio.Task[None],
        consumers: list[asyncio.Task[None]],
        storer: asyncio.Task[None],
        buffer: asyncio.Queue[_Rendered],
        drain_seconds: float,
    ) -> None:
        producer.cancel()
        await asyncio.gather(producer, return_exceptions=True)
        _, pending = await asyncio.wait(consumers, timeout=drain_seconds)
        for task in pending:
            task.cancel()
        await asyncio.gather(*consumers, return_exceptions=True)
        await self._transcribed.join()  # every transcribed page stored before the release
        storer.cancel()
        await asyncio.gather(storer, return_exceptions=True)

    async def _release_everything(self, buffer: asyncio.Queue[_Rendered]) -> None:
        """Every page this run still holds goes back to the queue at once."""
        reason = "docvault stopped before reading it"
        try:
            while not buffer.empty():
                page_id = buffer.get_nowait().claim.page_id
                await asyncio.to_thread(
                    records.release, self.database, page_id, self.owner, 0.0, (), reason
                )
                self._held.discard(page_id)
            for page_id in list(self._held):
                await asyncio.to_thread(records.release, self.database, page_id, self.owner, 0.0)
                self._held.discard(page_id)
        except ServerFault as fault:
            # Stopping is not waited for: the next start gives them back (release_dead_owners).
            logger.warning("worker: pages held go back to the queue at the next start: %s", fault)
        self._started.clear()
        self.stats.in_flight = 0
        self.stats.publish()

    async def _produce(
        self, stop: asyncio.Event, buffer: asyncio.Queue[_Rendered], progress: Progress
    ) -> None:
        # The renders are tasks of this producer: a stop waits for them, a cancelled producer
        # (the worker failing) cancels them, and none outlives the run that claimed its page.
        rendering: set[asyncio.Task[None]] = set()
        async with asyncio.TaskGroup() as renders:
            while not stop.is_set():
                await self._produce_once(stop, buffer, progress, renders, rendering)

    async def _produce_once(
        self,
        stop: asyncio.Event,
        buffer: asyncio.Queue[_Rendered],
        progress: Progress,
        renders: asyncio.TaskGroup,
        rendering: set[asyncio.Task[None]],
    ) -> None:
        progress.beat()  # the loop turns at least once a second (the waits below)
        self.stats.publish()
        wanted = self.render_ahead + self._idle_consumers() - buffer.qsize() - len(rendering)
        resume_at = max(self._paused_until, self._fault_until)
        paused = time.monotonic() < resume_at
        if wanted <= 0 and not paused:
            # Full: wait for a consumer to take a page. This used to wait for new work
            # or the 1 s poll, so the 8 pages ahead ran out within 0.6 s at 800 pages
            # a minute and the engine saw 28.5 requests in flight instead of 32
            # (bench saturation, 600 pages).
            await self._wait_for_room()
            return
        claims: list[ClaimedPage] = []
        if not paused:
            claims = await self._claim(wanted)
        for claim in claims:
            self._held.add(claim.page_id)
            task = renders.create_task(self._render(claim, buffer), name="render")
            rendering.add(task)
            task.add_done_callback(rendering.discard)
        if not claims:
            idle = self.timings.idle_poll_seconds
            await self._idle(idle if not paused else max(0.05, resume_at - time.monotonic()))
        else:
            await asyncio.sleep(0)  # let renders and consumers start before claiming more

    async def _claim(self, wanted: int) -> list[ClaimedPage]:
        """Up to `wanted` pages; none while the database cannot be written (tried again in
        `RETRY_SECONDS`)."""
        try:
            claims = await asyncio.to_thread(
                records.claim, self.database, self.owner, wanted, self.lease_seconds
            )
        except ServerFault as fault:
            self._fault_hit(fault)
            self._fault_until = time.monotonic() + self.timings.fault_retry_seconds
            return []
        self._fault_cleared()
        return claims

    async def _write(self, action: Callable[[], Result]) -> Result:
        """A write to the queue, tried again every `RETRY_SECONDS` while a server fault stands
        (the page stays held, its text in memory); given up only when the worker stops."""
        while True:
            try:
                result = await asyncio.to_thread(action)
            except ServerFault as fault:
                self._fault_hit(fault)
                if self._stop.is_set():
                    raise
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(
                        self._stop.wait(), timeout=self.timings.fault_retry_seconds
                    )
                continue
            self._fault_cleared()
            return result

    def _fault_hit(self, fault: ServerFault) -> None:
        self.fault.hit(fault)
        self._progress.trouble(self.fault.sentence)

    def _fault_cleared(self) -> None:
        if self.fault.sentence is not None:
            self.fault.clear()
            self._progress.trouble(None)

    def _idle_consumers(self) -> int:
        return self.concurrency - self.stats.in_flight

    async def _wait_for_room(self) -> None:
        self._room.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._room.wait(), timeout=self.timings.idle_poll_seconds)

    async def _idle(self, seconds: float) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), timeout=seconds)

    async def _render(self, claim: ClaimedPage, buffer: asyncio.Queue[_Rendered]) -> None:
        path = self.data_dir / claim.archive_path
        try:
            async with self._render_slots or contextlib.nullcontext():
                rendered = await self.renderer.render(path, claim.number, claim.rotation)
        except RenderError as error:
            await buffer.put(_Rendered(claim, None, (), error))
            return
        except RenderPoolClosed:
            return  # stopping: the page is still held, and goes back to the queue
        image = rendered.image
        labelled = PageImage(
            data=image.data,
            media_type=image.media_type,
            width=image.width,
            height=image.height,
            label=claim.label,
        )
        rotation = (rendered.rotation, rendered.rotation_source)
        await buffer.put(
            _Rendered(
                claim,
                labelled,
                tuple(rendered.warnings),
                None,
                rotation,
                rendered.layer_text,
                tuple(rendered.ink_lines),
                rendered.damage,
            )
        )

    async def _consume(self, stop: asyncio.Event, buffer: asyncio.Queue[_Rendered]) -> None:
        while not stop.is_set():
            get = asyncio.create_task(buffer.get())
            stopped = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({get, stopped}, return_when=asyncio.FIRST_COMPLETED)
            if get not in done:
                get.cancel()
                stopped.cancel()
                await asyncio.gather(get, stopped, return_exceptions=True)
                return
            stopped.cancel()
            await asyncio.gather(stopped, return_exceptions=True)
            item = get.result()
            self.stats.in_flight += 1
            self._started[item.claim.page_id] = time.monotonic()
            self._room.set()
            try:
                await self._process(item)
            finally:
                self.stats.in_flight -= 1
                self._started.pop(item.claim.page_id, None)
                self._room.set()

    async def _process(self, item: _Rendered) -> None:
        claim = item.claim
        if item.error is not None or item.image is None:
            message = item.error.message if item.error else "the page could not be rendered"
            if item.error is not None:
                # The renderer only knows the archive's name (a sha256); the label names the
                # document, so the sentence says "the file" rather than a hash.
                message = message.replace(item.error.path.name, "the file")
            # Its image cannot be drawn: the web view shows the placeholder, never tries.
            await self._store(functools.partial(records.fail, undrawn=True), claim, message, ())
            return
        damaged = _damage_flags(item.damage)
        if item.layer_text is not None:
            outcome = text_layer_outcome(item.layer_text)
            size = (item.image.width, item.image.height)
            self._transcribed.put_nowait(
                _Transcribed(claim, outcome, item.warnings, size, item.rotation, flags=damaged)
            )
            return
        try:
            outcome = await self.transcribe(self.engine, item.image, claim.mode)
        except (EngineUnavailable, EngineTimeout, EngineConfigurationError) as error:
            await self._engine_trouble(claim, error)
            return
        except OcrError as error:
            attempts = attempts_of(error)
            await self._store(records.fail, claim, error.message, attempts)
            return
        self._engine_up()
        size = (item.image.width, item.image.height)
        outcome, report = await self._checked(item.image, item.ink_lines, outcome)
        # Off the event loop until the word lists are loaded (seconds, once per process).
        if legibility.loaded():
            doubt = legibility.doubt(outcome)
        else:
            doubt = await asyncio.to_thread(legibility.doubt, outcome)
        flags = damaged + ((PageFlag(ReadingDoubtful.code, doubt),) if doubt else ())
        corrections = await self._corrections(outcome)
        # Stored by the store task: this consumer's next request leaves at once instead of
        # after a thread hop and a write transaction (the engine would see one fewer).
        self._transcribed.put_nowait(
            _Transcribed(
                claim, outcome, item.warnings, size, item.rotation, report, flags, corrections
            )
        )

    async def _corrections(self, outcome: PageOutcome) -> tuple[Correction, ...]:
        """The dictionary check's corrections of a page the CPU engine read (its lines are
        located; a vision model's Markdown is left alone: its misreadings were not measured)."""
        if self.corrector is None or outcome.text_format is not TextFormat.plain:
            return ()
        if not outcome.lines:
            return ()
        text = storable_text(outcome.text)  # the places are those of the text as stored
        if self.corrector.loaded():
            return self.corrector.corrections(text)
        # Off the event loop until the word lists are loaded (seconds, once per process).
        return await asyncio.to_thread(self.corrector.corrections, text)

    async def _checked(
        self,
        image: PageImage,
        ink: tuple[tuple[int, int, int, int], ...],
        outcome: PageOutcome,
    ) -> tuple[PageOutcome, CoverageReport]:
        """The coverage check, and one re-read of the suspect regions when it finds some.

        Only an engine that locates its lines gets the re-read: its recovered lines have a
        place in the text. A looped page waits for a person's re-run in any case. A page
        where not one line was read legibly is not re-read in parts: that is a photo far
        more often than a letter (issue 48: a photo of dogs cost eight region re-reads and
        then read "text may be missing"); it goes to a person as "no text: not a letter?".
        """
        size = (image.width, image.height)
        report = check(ink, outcome.text, outcome.lines, outcome.text_format, size)
        if report.complete or outcome.looped or outcome.text_format is not TextFormat.plain:
            return outcome, report
        if report.nothing_legible:
            return outcome, report
        reread = await reread_suspects(self.engine, image, outcome, report.suspects)
        if reread is outcome:
            return outcome, report
        again = check(ink, reread.text, reread.lines, reread.text_format, size)
        logger.info(
            "%s: the re-read of %d suspect regions left %d",
            image.label,
            len(report.suspects),
            len(again.suspects),
        )
        return reread, again

    async def _store_transcribed(self) -> None:
        """Write transcribed pages as they come: all that wait, in one transaction."""
        while True:
            batch = [await self._transcribed.get()]
            while not self._transcribed.empty():
                batch.append(self._transcribed.get_nowait())
            try:
                await self._complete_or_fail(batch)
            finally:
                for _ in batch:
                    self._transcribed.task_done()

    async def _complete_or_fail(self, batch: Sequence[_Transcribed]) -> None:
        """Store the batch; when it cannot be (a server fault is waited out in `_write`, so
        this is something in a page), store each page alone and fail the one that still
        cannot be stored, with a sentence. Left to its lease instead, such a page would be
        read again and refused again for ever (issue 29)."""
        try:
            await self._complete(batch)
            return
        except Exception:
            logger.exception("%d finished pages could not be stored together", len(batch))
        for item in batch:
            try:
                await self._complete([item])
            except Exception as error:
                logger.exception("%s: its reading could not be stored", item.claim.label)
                await self._fail_unstorable(item, error)

    async def _fail_unstorable(self, item: _Transcribed, error: Exception) -> None:
        reason = " ".join(storable_text(f"{type(error).__name__}: {error}").split())
        message = (
            f"its reading could not be stored ({reason[:300]}), so docvault failed the page "
            "instead of reading it again for ever; the original is kept in the archive. "
            "Re-run the page from the problems page; if it fails the same way, report it "
            "with this sentence"
        )
        try:
            await self._store(records.fail, item.claim, message, ())
        except Exception:
            # Nothing more this worker can do: the lease expires and the page is read again.
            logger.exception("%s: not even its failure could be stored", item.claim.label)

    async def _complete(self, batch: Sequence[_Transcribed]) -> None:
        finished = [
            FinishedPage(
                item.claim.page_id,
                item.outcome.text,
                item.outcome.looped,
                item.outcome.attempts,
                item.warnings,
                item.size,
                item.rotation,
                coverage=item.coverage,
                text_format=item.outcome.text_format,
                lines=item.outcome.lines,
                flags=item.flags,
                corrections=item.corrections,
            )
            for item in batch
        ]
        stored = await self._write(
            functools.partial(
                self.complete_pages, self.database, self.owner, finished, self.handover
            )
        )
        for item, was_stored in zip(batch, stored, strict=True):
            self._completed(item.claim, item.outcome, was_stored)

    def _completed(self, claim: ClaimedPage, outcome: PageOutcome, stored: bool) -> None:
        self._held.discard(claim.page_id)
        if not stored:
            logger.warning("%s: finished after its lease was lost; the newer run wins", claim.label)
            return
        self.stats.finished(time.monotonic())
        if outcome.looped:
            logger.warning(
                "%s looped even with the penalty retry; it waits for a person "
                "(re-run it from the web view)",
                claim.label,
            )
        if self.on_finished is not None:
            self.on_finished()

    async def _store(
        self,
        action: Callable[..., bool],
        claim: ClaimedPage,
        message: str,
        attempts: Sequence[AttemptRecord],
    ) -> None:
        await self._write(
            functools.partial(
                action,
                self.database,
                claim.page_id,
                self.owner,
                f"{claim.label}: {message}",
                attempts,
                handover=self.handover,
            )
        )
        self._held.discard(claim.page_id)
        self.stats.finished(time.monotonic())
        logger.error("%s failed: %s", claim.label, message)

    async def _engine_trouble(self, claim: ClaimedPage, error: OcrError) -> None:
        if isinstance(error, EngineConfigurationError):
            delay = CONFIGURATION_BACKOFF_SECONDS
            self.stats.engine_state = EngineState.misconfigured
        else:
            # The requests in flight when the engine fell over all fail within moments: they
            # are one outage, so only the first failure after a pause has ended doubles the
            # backoff (32 in flight used to reach the 30 s maximum from one blip).
            if time.monotonic() >= self._paused_until:
                self._outages += 1
            first = self.timings.backoff_first_seconds
            delay = backoff_seconds(self._outages, first, BACKOFF_MAX_SECONDS)
            self.stats.engine_state = EngineState.down
        self._paused_until = max(self._paused_until, time.monotonic() + delay)
        attempts = attempts_of(error)
        logger.warning(
            "%s goes back to the queue for %.0f s: %s", claim.label, delay, error.message
        )
        await self._release(claim, delay, attempts, error.message)

    async def _release(
        self, claim: ClaimedPage, delay: float, attempts: Sequence[AttemptRecord], reason: str
    ) -> None:
        await self._write(
            functools.partial(
                records.release, self.database, claim.page_id, self.owner, delay, attempts, reason
            )
        )
        self._held.discard(claim.page_id)

    def _engine_up(self) -> None:
        self._outages = 0
        self.stats.engine_state = EngineState.up
