"""The worker in process: a scripted engine, a fake renderer, a real SQLite queue.

Only the two outside parts are stood in for: the engine (`ScriptedEngine`, told per call
what to answer, raise or wait for) and the renderer (`FakeRenderer`, an image per page
without MuPDF). The retry schedule is production's (`transcribe_page` with the ovisocr2
profile) and the queue is a real database file migrated to head. Every wait is on an
asyncio condition the fakes notify, bounded by a time-out that only fails the test.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine as DatabaseEngine
from sqlmodel import col, select

from devtools.daemon import until
from docvault import db, records
from docvault.db import read_session, write_transaction
from docvault.errors import EngineRequestRejected, EngineUnavailable
from docvault.models import Attempt, Document, IndexOutbox, Page, utcnow
from docvault.ocr.profiles import get_profile
from docvault.ocr.schedule import transcribe_page
from docvault.render import RenderedPage
from docvault.runtime.supervisor import Progress
from docvault.vocabulary import (
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    PageStatus,
    SamplingMode,
    TextFormat,
)
from docvault.worker import CompletePages, Worker, WorkerTimings
from tests.support.finish import complete
from tests.support.mounts import fill, mount_problem, tmpfs

OWNER = "the worker under test"
OTHER = "another worker"
LEASE_SECONDS = 60.0
# Bounds every wait of a test: reached only when the behaviour under test is broken.
WAIT_SECONDS = 30.0
# How long the engine takes to answer the pages it holds when the worker is told to stop.
ENGINE_SECONDS_AFTER_STOP = 0.3


class Watched:
    """A condition the test waits on; every change the fakes make notifies it."""

    def __init__(self) -> None:
        self._changed = asyncio.Condition()

    async def changed(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def until(self, condition: Callable[[], bool], what: str) -> None:
        try:
            async with asyncio.timeout(WAIT_SECONDS), self._changed:
                await self._changed.wait_for(condition)
        except TimeoutError:
            raise AssertionError(f"timed out waiting for {what}") from None


@dataclass
class Call:
    """One engine call as the scripted engine saw it."""

    label: str
    started: float  # time.monotonic(), the clock the worker's back-off runs on
    finished: bool = False


Script = Callable[["ScriptedEngine", Call], Awaitable[str]]


class ScriptedEngine(Watched):
    """Stands in for the OCR engine: `script` decides each call (answer, raise or wait)."""

    name = "scripted"
    text_format = TextFormat.markdown

    def __init__(self, script: Script) -> None:
        super().__init__()
        self.script = script
        self.calls: list[Call] = []
        self.release = asyncio.Event()  # what a holding script waits for

    @property
    def in_flight(self) -> int:
        return sum(1 for call in self.calls if not call.finished)

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        call = Call(image.label, time.monotonic())
        self.calls.append(call)
        await self.changed()
        try:
            text = await self.script(self, call)
        finally:
            call.finished = True
            await self.changed()
        words = len(text.split())
        return EngineReply(text, "stop", prompt_tokens=2139, completion_tokens=words, seconds=0.01)

    async def aclose(self) -> None:
        return None


class FakeRenderer(Watched):
    """Stands in for the render pool: a page image per call, no file read."""

    def __init__(self) -> None:
        super().__init__()
        self.rendered: list[int] = []  # page numbers, in the order they were rendered

    async def render(self, path: Path, page_number: int, rotation: int | None = None) -> Any:
        self.rendered.append(page_number)
        await self.changed()
        image = PageImage(f"page {page_number}".encode(), "image/png", 1275, 1650)
        return RenderedPage(image=image, warnings=(), notes=())


def answer_of(label: str) -> str:
    return f"Dear colleague, this is {label}. Metoprolol 50 mg twice daily."


async def answers(engine: ScriptedEngine, call: Call) -> str:
    return answer_of(call.label)


async def holds_then_answers(engine: ScriptedEngine, call: Call) -> str:
    await engine.release.wait()
    return answer_of(call.label)


PROFILE = get_profile("ovisocr2")


async def transcribe(engine: Any, image: PageImage, first_mode: SamplingMode) -> PageOutcome:
    return await transcribe_page(engine, PROFILE, image, first_mode)


@dataclass
class Run:
    """A worker on the test's database, running as a task until `stop` is set."""

    worker: Worker
    engine: ScriptedEngine
    renderer: FakeRenderer
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    finished: list[None] = field(default_factory=list)  # one per on_finished call
    task: asyncio.Task[None] | None = None

    def start(self, drain_seconds: float = 30.0) -> None:
        self.task = asyncio.create_task(self.worker.run(self.stop, drain_seconds))

    async def stopped(self) -> None:
        """Ask the worker to stop and wait until its run has ended."""
        self.stop.set()
        assert self.task is not None
        async with asyncio.timeout(WAIT_SECONDS):
            await self.task


@pytest.fixture
def make_run(database: DatabaseEngine, tmp_path: Path) -> Callable[..., Run]:
    """Builds a worker with the fakes around `script`; the test starts it in its own loop."""

    def make(
        script: Script,
        concurrency: int = 1,
        render_ahead: int | None = None,
        timings: WorkerTimings | None = None,
        complete_pages: CompletePages = records.complete_many,
    ) -> Run:
        engine = ScriptedEngine(script)
        renderer = FakeRenderer()
        finished: list[None] = []
        built = Worker(
            database,
            renderer,
            engine,
            transcribe,
            tmp_path,
            concurrency=concurrency,
            lease_seconds=LEASE_SECONDS,
            owner=OWNER,
            render_ahead=render_ahead,
            on_finished=lambda: finished.append(None),
            timings=timings,
            complete_pages=complete_pages,
        )
        return Run(built, engine, renderer, finished=finished)

    return make


def letter(database: DatabaseEngine, pages: int) -> int:
    new = records.NewDocument(
        sha256="c" * 64,
        original_name="letter.pdf",
        inbox="fax",
        original_path="/inbox/fax/letter.pdf",
        archive_path="archive/letter.pdf",
        size_bytes=1000,
    )
    return records.record_document(database, new, pages).document_id


def pages_of(database: DatabaseEngine) -> dict[int, Page]:
    with read_session(database) as session:
        return {page.number: page for page in session.exec(select(Page)).all()}


def verdicts_of(database: DatabaseEngine, page_id: int | None) -> list[str]:
    with read_session(database) as session:
        query = select(Attempt.verdict).where(Attempt.page_id == page_id)
        return list(session.exec(query.order_by(col(Attempt.id))).all())


def document_status(database: DatabaseEngine, document_id: int) -> str:
    with read_session(database) as session:
        document = session.get(Document, document_id)
        assert document is not None
        return document.status


# --- (a) back-off after an engine outage ----------------------------------------------------


def test_an_engine_outage_puts_the_page_back_with_a_growing_back_off_then_reads_it(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    # Production waits 1, 2, 4 ... s; a quarter of that keeps the test short, still doubling.
    # The page's not_before (wall clock) ends a moment after the worker's pause (monotonic):
    # the idle poll that follows is shortened too, or each retry adds a second.
    timings = WorkerTimings(backoff_first_seconds=0.25, idle_poll_seconds=0.05)
    outage_calls = 3
    states_seen: list[str] = []
    run: Run

    async def down_three_times(engine: ScriptedEngine, call: Call) -> str:
        states_seen.append(run.worker.stats.engine_state)
        if len(engine.calls) <= outage_calls:
            raise EngineUnavailable("The engine at http://127.0.0.1:8000/v1 answered HTTP 503.")
        return answer_of(call.label)

    async def scenario() -> None:
        nonlocal run
        run = make_run(down_three_times, timings=timings)
        run.start()
        await run.engine.until(
            lambda: len(run.engine.calls) == outage_calls + 1 and run.engine.in_flight == 0,
            "the call after the outage",
        )
        await run.stopped()

    document_id = letter(database, pages=1)
    asyncio.run(scenario())

    starts = [call.started for call in run.engine.calls]
    waits = [later - earlier for earlier, later in itertools.pairwise(starts)]
    for number, waited in enumerate(waits):
        assert waited >= 0.25 * 2**number, waits  # 0.25, 0.5, 1.0: each wait doubles
    assert states_seen == ["unknown", "down", "down", "down"]
    assert run.worker.stats.engine_state == "up"
    page = pages_of(database)[1]
    assert (page.status, page.markdown, page.error) == (
        "done",
        answer_of(run.engine.calls[0].label),
        None,
    )
    assert verdicts_of(database, page.id) == ["error", "error", "error", "clean"]
    assert document_status(database, document_id) == "done"
    assert len(run.finished) == 1


# --- (b) draining at stop ---------------------------------------------------------------------


def test_stopping_lets_the_pages_with_the_engine_finish_and_gives_the_rest_back(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    document_id = letter(database, pages=6)

    async def answers_a_while_after_the_stop(engine: ScriptedEngine, call: Call) -> str:
        await engine.release.wait()
        # The engine's own service time after the stop was asked for: a worker that cancelled
        # its requests at once instead of draining would lose these answers. Not a wait for
        # anything: the result is the same however long it is, within the drain time.
        await asyncio.sleep(ENGINE_SECONDS_AFTER_STOP)
        return answer_of(call.label)

    async def scenario() -> Run:
        run = make_run(answers_a_while_after_the_stop, concurrency=2, render_ahead=2)
        run.start()
        # Both consumers wait on the engine and two more pages wait rendered in front of it.
        await run.engine.until(lambda: run.engine.in_flight == 2, "two pages at the engine")
        await run.renderer.until(lambda: len(run.renderer.rendered) == 4, "two pages ahead")
        run.stop.set()
        run.engine.release.set()
        await run.stopped()
        return run

    run = asyncio.run(scenario())

    assert len(run.engine.calls) == 2, "a page went to the engine after the stop"
    assert len(run.renderer.rendered) == 4, "a page was rendered after the stop"
    with_engine = {call.label for call in run.engine.calls}
    pages = pages_of(database)
    done = {number for number, page in pages.items() if page.status == "done"}
    assert {f"document {document_id} page {number}" for number in done} == with_engine
    for number in done:
        assert pages[number].markdown == answer_of(f"document {document_id} page {number}")
    rest = [page for number, page in pages.items() if number not in done]
    assert len(rest) == 4
    for page in rest:  # back in the queue at once, for the next start
        assert (page.status, page.lease_owner, page.not_before) == ("queued", None, None)


def test_pages_still_with_the_engine_when_the_drain_time_ends_go_back_to_the_queue(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    letter(database, pages=6)

    async def scenario() -> Run:
        run = make_run(holds_then_answers, concurrency=2, render_ahead=2)
        run.start(drain_seconds=0.2)  # the engine never answers: the drain time runs out
        await run.engine.until(lambda: run.engine.in_flight == 2, "two pages at the engine")
        await run.renderer.until(lambda: len(run.renderer.rendered) == 4, "two pages ahead")
        await run.stopped()
        return run

    run = asyncio.run(scenario())

    assert len(run.engine.calls) == 2
    pages = pages_of(database)
    assert len(pages) == 6
    for page in pages.values():
        assert (page.status, page.lease_owner, page.not_before) == ("queued", None, None)
        assert verdicts_of(database, page.id) == []
    assert run.finished == []


# --- (c) a lost lease -------------------------------------------------------------------------


async def rejects(engine: ScriptedEngine, call: Call) -> str:
    await engine.release.wait()
    raise EngineRequestRejected("The engine refused the request (HTTP 400).", 400)


async def unavailable(engine: ScriptedEngine, call: Call) -> str:
    await engine.release.wait()
    raise EngineUnavailable("The engine at http://127.0.0.1:8000/v1 answered HTTP 503.")


@pytest.mark.parametrize(
    ("late", "new_owner_finishes"),
    [
        (holds_then_answers, True),
        (holds_then_answers, False),
        (rejects, False),
        (unavailable, False),
    ],
    ids=["late-text-after-the-new-owner-finished", "late-text", "late-failure", "late-give-back"],
)
def test_a_late_result_after_the_lease_was_lost_leaves_the_new_owners_page_alone(
    database: DatabaseEngine,
    make_run: Callable[..., Run],
    late: Script,
    new_owner_finishes: bool,
) -> None:
    letter(database, pages=1)
    new_text = "The new owner's transcription."

    def lease_taken_over() -> None:
        # The lease ran out while the engine held the page (a stall): the reaper gave the
        # page back and another worker took it. Both in one write transaction: between a
        # separate expiry and claim this worker's own idle poll could take the page back
        # first, and the test would be about something else.
        with write_transaction(database) as session:
            (page,) = session.exec(select(Page).where(col(Page.lease_owner) == OWNER)).all()
            page.lease_owner = OTHER
            page.lease_expires_at = utcnow() + timedelta(seconds=LEASE_SECONDS)
            session.add(page)
            page_id = page.id
        assert page_id is not None
        if new_owner_finishes:
            assert complete(database, page_id, OTHER, new_text, False, [])

    async def scenario() -> Run:
        run = make_run(late)
        run.start()
        await run.engine.until(lambda: run.engine.in_flight == 1, "the page at the engine")
        await asyncio.to_thread(lease_taken_over)
        run.engine.release.set()
        await run.engine.until(lambda: run.engine.in_flight == 0, "the late result")
        await run.stopped()  # every result the worker had is stored (or refused) by now
        return run

    run = asyncio.run(scenario())

    page = pages_of(database)[1]
    if new_owner_finishes:
        assert (page.status, page.markdown, page.lease_owner) == ("done", new_text, None)
    else:
        assert (page.status, page.markdown, page.lease_owner) == ("running", None, OTHER)
        assert page.error is None
        assert page.not_before is None
    assert verdicts_of(database, page.id) == [], "the late worker's attempts were stored"
    with read_session(database) as session:
        outbox = session.exec(select(IndexOutbox).where(IndexOutbox.page_id == page.id)).all()
    assert len(outbox) == (1 if new_owner_finishes else 0)
    assert run.finished == []


# --- (d) a page failing alone -----------------------------------------------------------------


def test_a_page_the_engine_refuses_fails_alone_and_the_rest_of_its_document_is_read(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    document_id = letter(database, pages=3)
    refused = f"document {document_id} page 2"

    async def refuses_one_page(engine: ScriptedEngine, call: Call) -> str:
        if call.label == refused:
            raise EngineRequestRejected("The engine refused this page's request (HTTP 400).", 400)
        return answer_of(call.label)

    async def scenario() -> Run:
        run = make_run(refuses_one_page, concurrency=2)
        run.start()
        await run.engine.until(
            lambda: len(run.engine.calls) == 3 and run.engine.in_flight == 0, "every page read"
        )
        await run.stopped()
        return run

    run = asyncio.run(scenario())

    assert len(run.engine.calls) == 3, "the refused page was sent again"
    pages = pages_of(database)
    assert (pages[2].status, pages[2].markdown) == ("failed", None)
    assert pages[2].error == f"{refused}: The engine refused this page's request (HTTP 400)."
    assert verdicts_of(database, pages[2].id) == ["error"]
    for number in (1, 3):
        page = pages[number]
        assert (page.status, page.markdown) == (
            "done",
            answer_of(f"document {document_id} page {number}"),
        )
        assert page.not_before is None
    assert document_status(database, document_id) == "attention"
    assert run.worker.stats.engine_state == "up", "one page's refusal was taken for an outage"
    assert len(run.finished) == 2


# --- a database that cannot be written (issue 29) -------------------------------------------


def test_a_page_read_while_the_database_disk_is_full_is_kept_and_stored_once_there_is_room(
    tmp_path: Path,
) -> None:
    if (problem := mount_problem()) is not None:
        pytest.skip(problem)
    disk = tmp_path / "disk"
    with tmpfs(disk, 16 * 1024 * 1024):
        database = db.open_database(disk / "docvault.sqlite3")
        try:
            letter(database, pages=1)
            engine, progress = ScriptedEngine(holds_then_answers), Progress()
            built = Worker(
                database, FakeRenderer(), engine, transcribe, tmp_path, concurrency=1,
                lease_seconds=LEASE_SECONDS, owner=OWNER,
                timings=WorkerTimings(fault_retry_seconds=0.1),
            )  # fmt: skip

            def trouble() -> str:
                return progress.problem or ""

            async def scenario() -> None:
                stop = asyncio.Event()
                task = asyncio.create_task(built.run(stop, 5.0, progress))
                await engine.until(lambda: engine.in_flight == 1, "the page at the engine")
                filler = fill(disk)
                engine.release.set()  # read now, while nothing can be stored
                await until(
                    lambda: "The disk holding the database" in trouble(),
                    WAIT_SECONDS,
                    "it",
                    interval=0.05,
                )
                assert pages_of(database)[1].status == PageStatus.running, "kept, not lost"
                assert built.liveness() is None, "waiting out a fault is not being stuck"
                filler.unlink()
                await until(
                    lambda: pages_of(database)[1].status == PageStatus.done,
                    WAIT_SECONDS,
                    "room",
                    interval=0.05,
                )
                assert trouble() == ""
                stop.set()
                await task

            asyncio.run(scenario())
            assert len(engine.calls) == 1, "stored from memory, not read again"
            assert answer_of("document 1 page 1") in (pages_of(database)[1].markdown or "")
        finally:
            database.dispose()


# --- a reading that cannot be stored (issue 29) ---------------------------------------------


def test_an_engine_answer_with_a_lone_surrogate_is_stored_with_the_character_replaced(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    # JSON may escape a lone surrogate ("\udcff"); SQLite refuses to encode one, and the page
    # was read again for ever instead of stored.
    document_id = letter(database, pages=1)

    async def broken_unicode(engine: ScriptedEngine, call: Call) -> str:
        return "Befund f\udcfcr Herrn M\ud800ller"

    async def scenario() -> Run:
        run = make_run(broken_unicode)
        run.start()
        await run.engine.until(lambda: run.engine.in_flight == 0 and run.engine.calls, "a read")
        await until(
            lambda: pages_of(database)[1].status != PageStatus.running,
            WAIT_SECONDS,
            "stored",
            interval=0.05,
        )
        await run.stopped()
        return run

    run = asyncio.run(scenario())
    page = pages_of(database)[1]
    assert (page.status, page.markdown) == ("done", "Befund f\\xfcr Herrn M\ufffdller")
    assert len(run.engine.calls) == 1
    assert document_status(database, document_id) == "done"


def test_a_page_whose_reading_cannot_be_stored_fails_alone_with_a_sentence(
    database: DatabaseEngine, make_run: Callable[..., Run]
) -> None:
    """The safety net for what no fix foresaw: the page that cannot be stored fails with a
    sentence after its one reading; the pages stored beside it are not held back."""
    document_id = letter(database, pages=3)
    with read_session(database) as session:
        poisoned = session.exec(select(Page.id).where(Page.number == 2)).one()

    def refuses_page_two(
        database: DatabaseEngine, owner: str, finished: Any, handover: Any = ()
    ) -> list[bool]:
        if any(page.page_id == poisoned for page in finished):
            raise ValueError("something SQLite never said before")
        return records.complete_many(database, owner, finished, handover)

    async def scenario() -> Run:
        run = make_run(answers, concurrency=3, complete_pages=refuses_page_two)
        run.start()
        await run.engine.until(
            lambda: len(run.engine.calls) == 3 and run.engine.in_flight == 0, "every page read"
        )
        await until(
            lambda: all(page.status != PageStatus.running for page in pages_of(database).values()),
            WAIT_SECONDS,
            "every page stored or failed",
            interval=0.05,
        )
        await run.stopped()
        return run

    run = asyncio.run(scenario())
    assert len(run.engine.calls) == 3, "a page was read again"
    pages = pages_of(database)
    assert pages[2].status == PageStatus.failed
    assert pages[2].error == (
        f"document {document_id} page 2: its reading could not be stored (ValueError: "
        "something SQLite never said before), so docvault failed the page instead of reading "
        "it again for ever; the original is kept in the archive. Re-run the page from the "
        "problems page; if it fails the same way, report it with this sentence"
    )
    assert [pages[number].status for number in (1, 3)] == [PageStatus.done, PageStatus.done]
    assert document_status(database, document_id) == "attention"
