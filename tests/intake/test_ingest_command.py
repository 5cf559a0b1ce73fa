"""`docvault ingest` as an admin runs it: a real subprocess of the command (issue 30).

Its worker and its index writer are parts under the same supervisor as `docvault run`,
one-shot: the command reads the files and ends, or a part fails and the command ends with a
sentence naming it and a non-zero exit code. Before, the worker ran outside the supervisor
and a worker that died left the command waiting for pages no one would read, for ever.

The failure is a real one of the real worker: the test hook `DOCVAULT_TEST_WORKER_FAILS`
(read by the composition root only) makes the worker's first hand-over of a page to the
engine raise, as a defect would, with the page claimed and rendered.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.daemon import Daemon
from docvault.service import WORKER_FAILS_VARIABLE
from tests.support.documents import letter_pdf

# The bound on the whole command: start, the pages, the stop. It ends within seconds; the
# command that waited for ever never did.
COMMAND_SECONDS = 90
INJECTED = "the worker's test failure, injected as a defect"


@pytest.fixture
def folder(tmp_path: Path) -> Iterator[Daemon]:
    """The command's folder and environment (no `docvault run` is started)."""
    commands = Daemon(tmp_path)
    try:
        yield commands
    finally:
        commands.kill_everything()


def page_states(folder: Daemon) -> list[str]:
    path = folder.folder / "docvault-data" / "docvault.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return [row[0] for row in connection.execute("SELECT status FROM pages ORDER BY id")]
    finally:
        connection.close()


def test_ingest_reads_the_files_and_says_what_became_of_them(folder: Daemon) -> None:
    letter = letter_pdf(folder.folder / "letter.pdf", pages=2, seed=301)
    done = folder.cli("ingest", str(letter), timeout=COMMAND_SECONDS)
    assert "1 document(s), 2 page(s): 2 done, 0 incomplete, 0 looped, 0 failed." in done.stdout
    assert letter.exists(), "ingest leaves the file where it is"
    # The index writer's last drain ran before the command ended: the letter is searchable.
    found = folder.cli("search", "301002", timeout=COMMAND_SECONDS)
    assert "document 1 (letter.pdf) page 2" in found.stdout
    assert folder.processes() == [], "the render processes ended with the command"


def test_ingest_ends_with_a_sentence_when_its_worker_dies(folder: Daemon) -> None:
    folder.environment[WORKER_FAILS_VARIABLE] = INJECTED
    folder.environment["DOCVAULT_TEXT_LAYER"] = "ocr"  # the page goes to the engine
    letter = letter_pdf(folder.folder / "letter.pdf", pages=2, seed=302)
    failed = folder.cli("ingest", str(letter), check=False, timeout=COMMAND_SECONDS)
    assert failed.returncode == 1, failed.stdout
    assert (
        f"Error: docvault ingest stopped because its part 'worker' failed: RuntimeError: {INJECTED}"
    ) in failed.stderr
    assert "document(s)" not in failed.stdout, "no summary of pages that were not read"
    # Nothing is lost: the file is where it was, archived, and its pages wait in the queue
    # for `docvault run` (the page the worker held went back as it stopped).
    assert letter.exists()
    assert page_states(folder) == ["queued", "queued"]
    assert folder.processes() == [], "no process of the command outlives it"
