"""`docvault ingest`'s own steps: the given files taken now, their pages waited for.

The composition root runs these as the command's work under the supervisor
(`Supervisor.run_until_done`, one-shot): the worker and the index writer are parts as in
`docvault run`, so a part that fails ends the command with its sentence instead of leaving
it waiting for pages no one reads.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from sqlalchemy import Engine as DatabaseEngine

from docvault import records
from docvault.intake.folders import Intake

# The progress bar: a context made with the number of pages, giving a function that
# advances it by so many pages.
ProgressBar = Callable[[int], AbstractContextManager[Callable[[int], None]]]
# How often the bar is brought up to date (the bar's refresh, not a synchronisation).
REFRESH_SECONDS = 0.2


async def read_files(
    database: DatabaseEngine,
    intake: Intake,
    paths: list[Path],
    wake_worker: Callable[[], None],
    progress: ProgressBar,
) -> list[int]:
    """Take each file into the archive and the queue, then wait until every page of them
    is finished; the ids of the documents taken (a file refused is said and left out)."""
    taken = [await asyncio.to_thread(intake.take_now, path) for path in paths]
    document_ids = [document_id for document_id in taken if document_id is not None]
    wake_worker()
    total = await asyncio.to_thread(records.pages_of, database, document_ids)
    with progress(total) as advance:
        finished = 0
        while finished < total:
            await asyncio.sleep(REFRESH_SECONDS)
            now = await asyncio.to_thread(records.finished_pages_of, database, document_ids)
            advance(now - finished)
            finished = now
    return document_ids
