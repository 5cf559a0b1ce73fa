"""Files read through the real worker, render pool and SQLite queue, with the engine a test
gives (a scripted one, or the real CPU engine)."""

from __future__ import annotations

import asyncio
import functools
from pathlib import Path

from sqlalchemy import Engine as DatabaseEngine

from docvault import records
from docvault.archive import archive_file
from docvault.corrections import Corrector
from docvault.ocr.profiles import get_profile
from docvault.ocr.schedule import transcribe_page
from docvault.render import RenderOptions, RenderPool
from docvault.vocabulary import PageImage, PageOutcome, SamplingMode
from docvault.worker import Worker

WAIT_SECONDS = 300.0


async def _transcribe(
    engine: object, image: PageImage, mode: SamplingMode, profile: str
) -> PageOutcome:
    return await transcribe_page(engine, get_profile(profile), image, mode)  # type: ignore[arg-type]


def record_file(database: DatabaseEngine, path: Path, data_dir: Path) -> int:
    """A one-page file archived and queued as intake would; its document id."""
    archived = archive_file(path, data_dir)
    recorded = records.record_document(
        database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name=path.name,
            inbox="scanner",
            original_path=f"/srv/inbox/scanner/{path.name}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            kind=path.suffix.lstrip(".").replace("jpg", "jpeg").replace("tif", "tiff"),
        ),
        1,
    )
    return recorded.document_id


async def _read_all(
    database: DatabaseEngine,
    data_dir: Path,
    engine: object,
    pages: int,
    profile: str,
    corrector: Corrector | None,
) -> None:
    finished = 0
    all_finished = asyncio.Event()

    def one_finished() -> None:
        nonlocal finished
        finished += 1
        if finished == pages:
            all_finished.set()

    pool = RenderPool(1, RenderOptions())
    worker = Worker(
        database,
        pool,
        engine,  # type: ignore[arg-type]
        functools.partial(_transcribe, profile=profile),
        data_dir,
        concurrency=1,
        lease_seconds=60.0,
        owner="pages test",
        on_finished=one_finished,
        corrector=corrector,
    )
    stop = asyncio.Event()
    task = asyncio.create_task(worker.run(stop, drain_seconds=5.0))
    try:
        async with asyncio.timeout(WAIT_SECONDS):
            await all_finished.wait()
    finally:
        stop.set()
        await task
        pool.close()


def read_all(
    database: DatabaseEngine,
    data_dir: Path,
    engine: object,
    pages: int,
    profile: str = "cpu",
    corrector: Corrector | None = None,
) -> None:
    """Read the queued pages (`pages` of them) with `engine`, until every one is finished;
    `corrector`: the dictionary check of the CPU engine's words, as the setting turns it on."""
    asyncio.run(_read_all(database, data_dir, engine, pages, profile, corrector))
