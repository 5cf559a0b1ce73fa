"""The parts that read pages, built once by the composition root and shared by `docvault run`
and `docvault ingest`, and the bridges to them from other threads.

    intake ──> queue (SQLite) ──> worker ──> outbox ──> index writer        web view
                                                 └──> facts due ──> facts proposer

The render pool lives on the event loop; the web view's thread and a hand-over's thread reach
it through `render_png` and `build_searchable`, which hand the coroutine to the loop and wait
for its answer within the pool's own deadline.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine as DatabaseEngine

from docvault import records, transcription
from docvault.copies import ArchiveFile, PageText, build_archive_copy
from docvault.delivery import HandoverConfig
from docvault.facts import FactsProposer
from docvault.ocr import Engine, Profile, VllmReplicas
from docvault.render import RenderPool
from docvault.search import OutboxDriver, SearchIndex
from docvault.worker import Worker

# A page of a searchable PDF takes milliseconds when its lines are located, a render (up to a
# few seconds for a huge page) when its text must be laid over the ink lines.
SEARCHABLE_SECONDS_PER_PAGE = 5.0


@dataclass
class Pipeline:
    """Database, render pools, engine, worker and index: what reads a page."""

    database: DatabaseEngine
    renderer: RenderPool
    inspector: RenderPool  # intake's own pool: never waits behind pages being rendered
    engine: Engine
    profile: Profile
    worker: Worker
    index: SearchIndex
    index_writer: OutboxDriver
    facts_proposer: FactsProposer
    loop: asyncio.AbstractEventLoop
    data_path: Path
    render_settings: str  # the render options as cached files are keyed by
    owner: str = field(default_factory=records.new_owner)
    # The `vllm serve` replicas docvault starts (None: it starts none).
    replicas: VllmReplicas | None = None
    handover: HandoverConfig | None = None
    # What else is closed with the pipeline (the mail reader's worker, when there is one).
    closing: list[Callable[[], None]] = field(default_factory=list)
    # The web view's own share of render workers (web_render_workers): a look at a page
    # never takes a worker that reading needs, nor waits behind pages being read (issue 44).
    # None: no web view; its images would be drawn in `renderer`.
    web_renderer: RenderPool | None = None

    def inspect(self, path: Path) -> tuple[int, str]:
        """Page count and kind, from the inspection pool within its time limit (intake thread).

        A pool of its own: intake never waits behind pages being rendered, so a file built
        to hang the renderer delays only its own pages.
        """
        info = self.inspector.inspect_blocking(path)
        return info.page_count, info.kind

    def render_png(self, path: Path, page_number: int, rotation: int) -> bytes:
        """A page image for the web view, rendered in the web view's own pool (called from
        the web thread)."""
        pool = self.web_renderer or self.renderer
        future = asyncio.run_coroutine_threadsafe(
            pool.render(path, page_number, rotation), self.loop
        )
        limit = pool.timeout_seconds * 2 + 10  # one crash retry, then the deadline
        try:
            return future.result(timeout=limit).image.data
        except TimeoutError:
            future.cancel()  # its render, if it began, is stopped: the share stays free
            raise

    def build_searchable(self, path: Path, pages: tuple[PageText, ...]) -> ArchiveFile:
        """An archive copy's bytes (the searchable PDF/A, validated), made in the render pool
        (called from a thread other than the event loop's: the web view's, a hand-over's)."""
        # Pages without located lines are rendered again for their ink lines: allow for it.
        limit = self.renderer.timeout_seconds + SEARCHABLE_SECONDS_PER_PAGE * len(pages)
        make = functools.partial(build_archive_copy, pages=pages)
        future = asyncio.run_coroutine_threadsafe(
            self.renderer.derive(path, make, timeout_seconds=limit), self.loop
        )
        return future.result(timeout=limit * 2 + 10)  # one crash retry, then the deadline

    def archive_copy(self, document_id: int) -> transcription.ArchiveCopy | None:
        """The finished document's archive copy (the searchable PDF/A: its path, its bytes,
        whether it is a PDF/A), made if need be; None: not finished, or gone. The one place
        that chooses the file the hand-overs give the practice system to keep (the command's
        file, the FHIR Binary, the GDT attachment)."""
        source = transcription.searchable_source(self.database, document_id)
        if source is None or not source.finished:
            return None
        return transcription.archive_copy(
            self.data_path, source, self.build_searchable, self.render_settings
        )

    def wake_worker(self) -> None:
        """New pages are queued (thread-safe: intake's and the mailboxes' threads call it)."""
        self.loop.call_soon_threadsafe(self.worker.wake)
