"""The coverage check end to end: a page whose text lost lines ends `incomplete`, marked.

1. The real daemon with the engine simulator (a vision model, Markdown): the engine's text
   for the scanned letter keeps only its first two lines; the page ends `incomplete`, is on
   the problems page over HTTP, and its page JSON carries the marked region over the ink.
2. The worker in process with the real render pool, a real SQLite queue and a scripted
   engine with located lines (as the CPU engine reports them): the engine loses the
   echocardiogram line; the one automatic re-read of its region recovers it (the page ends
   `done`, the line in its place, the re-read on record as an attempt), or does not (the
   page ends `incomplete` with the region over the lost line).
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest
from sqlalchemy import Engine as DatabaseEngine
from sqlmodel import col, select

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from docvault import records
from docvault.archive import archive_file
from docvault.coverage import NO_TEXT
from docvault.db import read_session
from docvault.models import Attempt, Page
from docvault.ocr.profiles import get_profile
from docvault.ocr.schedule import transcribe_page
from docvault.render import RenderOptions, RenderPool
from docvault.vocabulary import (
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    ReadLine,
    SamplingMode,
    TextFormat,
)
from docvault.web import queries
from docvault.worker import Worker
from tests.support.lostline import FILE_NAME, LINES, LOST, LostLineLetter, write_letter

WAIT_SECONDS = 60.0


def _overlaps(first: list[int] | tuple[int, ...], second: tuple[int, ...]) -> bool:
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )


@pytest.mark.slow
def test_a_page_whose_text_lost_most_lines_is_incomplete_and_on_the_problems_page(
    tmp_path: Path, start_simulator: object
) -> None:
    (tmp_path / "written").mkdir()
    letter = write_letter(tmp_path / "written")
    kept = "\n\n".join(LINES[:2])
    simulator: EngineSimulator = start_simulator(page_text=lambda data: kept)  # type: ignore[operator]
    daemon = Daemon(
        tmp_path / "daemon",
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=simulator.base_url,
        DOCVAULT_PROFILE="ovisocr2",
    )
    daemon.start()
    try:
        shutil.copy(letter.path, tmp_path / "daemon" / "inbox" / FILE_NAME)
        wait_for(
            lambda: daemon.page_counts().get("incomplete") == 1,
            WAIT_SECONDS,
            "the page to end incomplete",
        )
        client = daemon.logged_in_client()
        try:
            problems = client.get("/problems").text
            page = client.get("/api/documents/1/pages/1").json()
        finally:
            client.close()
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert FILE_NAME in problems
    assert "Text may be missing on this page." in problems
    assert page["status"] == "incomplete"
    report = page["coverage"]
    assert report["complete"] is False
    assert report["ink_lines"] == len(LINES)
    assert report["summary"].startswith("The text read is much shorter than the ink")
    (suspect,) = report["suspects"]
    width, height = page["image_size"]
    for box in _scaled_boxes(letter, (width, height)):  # the region spans every lost line
        assert _overlaps(suspect["box"], box)


def _scaled_boxes(letter: LostLineLetter, size: tuple[int, int]) -> list[tuple[int, ...]]:
    scale = size[0] / letter.image_size[0]
    return [tuple(int(value * scale) for value in box) for box in letter.boxes[2:]]


class LocatedEngine:
    """Reads the letter as the CPU engine would, line by line with boxes, losing one line.

    A crop (the re-read of a region) is read as `crop_text` at the crop's middle.
    """

    name = "cpu"
    text_format = TextFormat.plain

    def __init__(self, letter: LostLineLetter, crop_text: str) -> None:
        self.letter = letter
        self.crop_text = crop_text
        self.sizes: list[tuple[int, int]] = []

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        self.sizes.append((image.width, image.height))
        if (image.width, image.height) == self.letter.image_size:
            lines = tuple(
                ReadLine(box, text, 0.97)
                for number, (box, text) in enumerate(zip(self.letter.boxes, LINES, strict=True))
                if number != LOST
            )
        else:
            width, height = image.width, image.height
            middle = (width // 8, height // 3, width * 7 // 8, height * 2 // 3)
            lines = (ReadLine(middle, self.crop_text, 0.9),)
        text = "\n".join(line.text for line in lines)
        return EngineReply(text, "stop", 0, len(text.split()), 0.05, "cpu", lines=lines)

    async def aclose(self) -> None:
        return None


async def _transcribe(engine: object, image: PageImage, mode: SamplingMode) -> PageOutcome:
    return await transcribe_page(engine, get_profile("cpu"), image, mode)  # type: ignore[arg-type]


def _read_through_the_worker(
    database: DatabaseEngine,
    tmp_path: Path,
    crop_text: str,
    engine_class: type[LocatedEngine] | None = None,
) -> tuple[Page, list[Attempt], LocatedEngine, LostLineLetter]:
    letter = write_letter(tmp_path)
    data_dir = tmp_path / "data"
    archived = archive_file(letter.path, data_dir)
    records.record_document(
        database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name=FILE_NAME,
            inbox="fax",
            original_path=f"/srv/inbox/fax/{FILE_NAME}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            kind="pdf",
        ),
        1,
    )
    engine = (engine_class or LocatedEngine)(letter, crop_text)
    pool = RenderPool(1, RenderOptions())
    try:
        asyncio.run(_run_until_finished(database, pool, engine, data_dir))
    finally:
        pool.close()
    with read_session(database) as session:
        (page,) = session.exec(select(Page)).all()
        attempts = list(session.exec(select(Attempt).order_by(col(Attempt.id))).all())
    return page, attempts, engine, letter


async def _run_until_finished(
    database: DatabaseEngine, pool: RenderPool, engine: LocatedEngine, data_dir: Path
) -> None:
    finished = asyncio.Event()
    worker = Worker(
        database,
        pool,
        engine,
        _transcribe,
        data_dir,
        concurrency=1,
        lease_seconds=60.0,
        owner="coverage test",
        on_finished=finished.set,
    )
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop, drain_seconds=5.0))
    try:
        async with asyncio.timeout(WAIT_SECONDS):
            await finished.wait()
    finally:
        stop.set()
        await task


def test_the_reread_of_the_lost_line_recovers_it_and_the_page_is_done(
    database: DatabaseEngine, tmp_path: Path
) -> None:
    page, attempts, engine, _ = _read_through_the_worker(database, tmp_path, LINES[LOST])
    assert page.status == "done"
    assert page.markdown is not None
    assert page.markdown.splitlines() == list(LINES)
    assert json.loads(page.coverage or "{}").get("suspects") == []
    reread = [json.loads(attempt.settings) for attempt in attempts][1:]
    assert len(attempts) == 2
    assert reread[0]["reread"] == "region"
    assert len(engine.sizes) == 2
    assert engine.sizes[1] != engine.sizes[0]


def test_a_reread_that_reads_no_better_leaves_the_page_incomplete_over_the_lost_line(
    database: DatabaseEngine, tmp_path: Path
) -> None:
    page, attempts, _, letter = _read_through_the_worker(database, tmp_path, "i i o")
    assert page.status == "incomplete"
    assert page.markdown is not None
    assert LINES[LOST] not in page.markdown
    report = records.coverage_report(page.coverage)
    assert report is not None
    (suspect,) = report.suspects
    assert suspect.reason == NO_TEXT
    assert _overlaps(list(suspect.box), letter.lost_box)
    assert report.summary == f"1 of {len(LINES)} lines on this page has no legible text."
    assert len(attempts) == 2  # the first reading and the re-read, both on record


class NothingLegibleEngine(LocatedEngine):
    """Reads marks and nothing legible on the whole page, as rapidocr reads a photo: a few
    letters at each line of ink. A crop would be read as `crop_text`."""

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        if (image.width, image.height) != self.letter.image_size:
            return await super().transcribe(image, request)
        self.sizes.append((image.width, image.height))
        lines = tuple(ReadLine(box, "i i o", 0.31) for box in self.letter.boxes)
        text = "\n".join(line.text for line in lines)
        return EngineReply(text, "stop", 0, len(text.split()), 0.05, "cpu", lines=lines)


def test_a_page_with_nothing_legible_is_no_letter_to_check_not_eight_region_rereads(
    database: DatabaseEngine, tmp_path: Path
) -> None:
    """Issue 48: a photo of dogs cost eight region re-reads and then read "text may be
    missing"; a page where not one line was read legibly goes to a person at once as "no
    text: not a letter?"."""
    page, attempts, engine, _ = _read_through_the_worker(
        database, tmp_path, LINES[LOST], NothingLegibleEngine
    )
    assert page.status == "incomplete"
    assert len(attempts) == 1  # the first reading only: no region was read again
    assert len(engine.sizes) == 1
    report = records.coverage_report(page.coverage)
    assert report is not None
    assert report.nothing_legible
    (problem,) = queries.problem_pages(database)
    assert problem.reason.startswith("No text: not a letter?")
    assert "Text may be missing" not in problem.reason
