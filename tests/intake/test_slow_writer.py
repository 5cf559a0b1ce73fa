"""A scanner that writes slowly, with pauses, is never taken half-written."""

from __future__ import annotations

import asyncio
import hashlib
import threading
import time
from pathlib import Path

import pymupdf
from sqlalchemy import Engine

from devtools.daemon import wait_for
from docvault.intake.folders import Intake
from docvault.intake.watchers import Watchers
from docvault.parts import INTAKE_TICK_SECONDS, IntakePart
from docvault.records.document_json import Audience, describe_all
from docvault.render import RenderOptions, inspect_document
from docvault.runtime.supervisor import Progress
from docvault.setting_types import InboxSettings

TRIALS = 20
CHUNKS = 6
SETTLE_SECONDS = 1.0
# Longer than intake's look-again interval (the event debounce, 0.25 s), shorter than the
# settle time: every pause is a moment where a naive watcher would take the file.
PAUSE_SECONDS = 0.6


def _letter_bytes(number: int) -> bytes:
    document = pymupdf.open()
    for page_number in range(1, 4):
        page = document.new_page()
        page.insert_text((72, 100), f"Slow scan {number} page {page_number}", fontsize=14)
    data = document.tobytes(garbage=0, deflate=False)
    document.close()
    return data


def _write_slowly(path: Path, data: bytes) -> None:
    size = len(data) // CHUNKS + 1
    with path.open("wb") as handle:
        for start in range(0, len(data), size):
            handle.write(data[start : start + size])
            handle.flush()
            time.sleep(PAUSE_SECONDS)  # the scanner's pause: this is the behaviour under test


class IntakeRunner(threading.Thread):
    """The intake part on an event loop of its own, as the daemon's supervisor runs it."""

    def __init__(self, part: IntakePart) -> None:
        super().__init__(name="intake-runner", daemon=True)
        self.part = part
        self.started = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stopping: asyncio.Event | None = None

    def run(self) -> None:
        async def main() -> None:
            self.loop, self.stopping = asyncio.get_running_loop(), asyncio.Event()
            self.started.set()
            await self.part.run(Progress(), self.stopping)

        asyncio.run(main())

    def stop(self) -> None:
        assert self.started.wait(timeout=30)
        assert self.loop is not None
        assert self.stopping is not None
        self.loop.call_soon_threadsafe(self.stopping.set)
        self.join(timeout=30)


def test_files_written_with_pauses_are_never_taken_early(database: Engine, tmp_path: Path) -> None:
    assert PAUSE_SECONDS > INTAKE_TICK_SECONDS
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    options = RenderOptions()

    def inspect(path: Path) -> tuple[int, str]:
        info = inspect_document(path, options)
        return info.page_count, info.kind

    settings = InboxSettings("scanner", inbox, settle_seconds=SETTLE_SECONDS)
    intake = Intake(database, tmp_path / "data", (settings,), inspect)
    watchers = Watchers(intake, polling_everywhere=False)
    ticking = IntakeRunner(IntakePart(intake, on_taken=lambda: None, stall_seconds=60))
    watchers.start()
    ticking.start()
    expected = {}
    try:
        writers = []
        for number in range(TRIALS):
            data = _letter_bytes(number)
            expected[hashlib.sha256(data).hexdigest()] = f"scan-{number:02}.pdf"
            writer = threading.Thread(
                target=_write_slowly, args=(inbox / f"scan-{number:02}.pdf", data)
            )
            writers.append(writer)
            writer.start()
        for writer in writers:
            writer.join()
        wait_for(
            lambda: (
                len(describe_all(database, Audience())) >= TRIALS
                and not [path for path in inbox.iterdir() if path.is_file()]
            ),
            60,
            "every slow file to be taken",
        )
    finally:
        ticking.stop()
        watchers.stop()
    documents = describe_all(database, Audience())
    taken = {
        row["sha256"]: (row["file_name"], row["status"], row["page_counts"]["total"])
        for row in documents
    }
    assert taken == {sha: (name, "processing", 3) for sha, name in expected.items()}, (
        "a file taken before its writer finished would have another sha256 or be refused"
    )
