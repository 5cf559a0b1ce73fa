"""A page whose render kills the whole daemon (issue 29): the real daemon dies while rendering
it, is restarted as systemd would, renders each page that was rendering alone in a process of
its own, and sets the culprit alone aside as failed, while the letter rendered beside it is
read and the daemon stays up. `docvault.render.probe_render` on its own, and the suspects'
bookkeeping across deaths, are tested below it.

The render is made deadly by the test-only hook `render.KILLS_DAEMON_VARIABLE` (the sha256
of the one original whose render SIGKILLs the render worker's parent, the daemon).
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault.render import KILLS_DAEMON_VARIABLE, ProbeVerdict, RenderOptions, probe_render
from docvault.suspects import (
    PROBE_DEATHS_BEFORE_FAILING,
    PROBING_FOLDER,
    RENDERING_FOLDER,
    SUSPECTS_FILE,
    Suspects,
)
from tests.support.documents import letter_pdf

# Enough that some are still to be read when the culprit arrives.
INNOCENT_PAGES = 40


@pytest.fixture
def engine() -> Iterator[EngineSimulator]:
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as simulator:
        yield simulator


@pytest.fixture
def running() -> Iterator[list[Daemon]]:
    """Daemons a test started; killed (with every child) if the test left them running."""
    daemons: list[Daemon] = []
    yield daemons
    for daemon in daemons:
        daemon.kill_everything()


def rows(daemon: Daemon, sql: str) -> list[tuple[Any, ...]]:
    path = daemon.folder / "docvault-data" / "docvault.sqlite3"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return list(connection.execute(sql).fetchall())
    finally:
        connection.close()


def pages_of(daemon: Daemon, name: str) -> list[tuple[int, int, str, str | None]]:
    """(page id, number, status, error) of the document `name`."""
    return [
        (int(row[0]), int(row[1]), str(row[2]), row[3])
        for row in rows(
            daemon,
            "SELECT pages.id, number, pages.status, pages.error FROM pages JOIN documents "
            f"ON documents.id = pages.document_id WHERE original_name = '{name}' ORDER BY number",
        )
    ]


def died(daemon: Daemon) -> bool:
    assert daemon.process is not None
    return daemon.process.poll() is not None


@pytest.mark.slow
def test_a_page_whose_render_kills_docvault_is_rendered_alone_and_set_aside(
    tmp_path: Path, engine: EngineSimulator, running: list[Daemon]
) -> None:
    culprit = letter_pdf(tmp_path / "killer.pdf", pages=1, seed=1)
    daemon = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_CONCURRENCY="4",
        DOCVAULT_RENDER_WORKERS="2",
        DOCVAULT_INDEX_BATCH_SECONDS="0.5",
        **{KILLS_DAEMON_VARIABLE: hashlib.sha256(culprit.read_bytes()).hexdigest()},
    )
    running.append(daemon)
    daemon.start()
    run_folder = tmp_path / "docvault-data" / "run"
    inbox = tmp_path / "inbox"
    letter_pdf(inbox / "innocent.pdf", pages=INNOCENT_PAGES, seed=2)
    wait_for(lambda: pages_of(daemon, "innocent.pdf"), 60, "the innocent letter to be queued")
    # Its page 1 goes before the innocent's later pages (the queue is fair by page number).
    culprit.rename(inbox / "killer.pdf")

    wait_for(lambda: died(daemon), 60, "the render of killer.pdf to kill the daemon")
    assert daemon.process is not None
    assert daemon.process.returncode == -signal.SIGKILL
    (killer_page, _, _, _), *_ = pages_of(daemon, "killer.pdf")
    rendering = {int(path.name) for path in (run_folder / RENDERING_FOLDER).iterdir()}
    assert killer_page in rendering
    # Merely leased or queued pages leave no marker: at most the two render workers' pages.
    assert len(rendering) <= 2
    unfinished = [page for page, _, state, _ in pages_of(daemon, "innocent.pdf") if state != "done"]
    assert unfinished, "the innocent letter was read before the culprit was rendered"
    beside = (rendering - {killer_page}) or {unfinished[-1]}
    # An innocent page rendering beside the culprit, as a render worker of its own leaves it
    # (planted when the timing put none there, so that the case is always exercised).
    for page in beside:
        (run_folder / RENDERING_FOLDER / str(page)).write_text(f"{page}\n")

    daemon.start(wait=False)  # as systemd does: Restart=on-failure
    wait_for(daemon.ready, 120, "the daemon to render its suspects alone, start and stay up")

    def settled() -> bool:
        states = {status for _, _, status, _ in pages_of(daemon, "innocent.pdf")}
        return states == {"done"} and pages_of(daemon, "killer.pdf")[0][2] == "failed"

    wait_for(settled, 60, "the innocent letter read, the culprit page set aside")
    assert not died(daemon), daemon.log.read_text()
    (_, number, _, error), *_ = pages_of(daemon, "killer.pdf")
    assert number == 1
    assert error is not None
    assert (
        "docvault stopped unexpectedly while rendering page 1 of killer.pdf, and when the "
        "page was rendered again alone, in a process of its own, it took that process down "
        "too; the page is set aside as failed so that the rest of the archive goes on, and "
        "the original is kept in the archive" in error
    )
    assert "re-run the page from the web view after an upgrade" in error
    assert rows(daemon, "SELECT status FROM documents ORDER BY original_name") == [
        ("done",),  # innocent.pdf
        ("attention",),  # killer.pdf: one failed page waits for a person
    ]
    assert all(error is None for _, _, _, error in pages_of(daemon, "innocent.pdf"))
    assert json.loads((run_folder / SUSPECTS_FILE).read_text()) == {}
    assert not os.listdir(run_folder / RENDERING_FOLDER)
    assert not os.listdir(run_folder / PROBING_FOLDER)
    log = daemon.log.read_text()
    assert log.count("it is rendered again alone, in a process of its own") == len(beside) + 1
    assert "rendered alone: rendered" in log  # the innocent beside it
    assert "rendered alone: killed" in log  # the culprit
    assert daemon.stop() == 0, log


def test_probe_render_tells_an_innocent_page_from_one_that_kills_its_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    innocent = letter_pdf(tmp_path / "innocent.pdf", pages=1, seed=3)
    culprit = letter_pdf(tmp_path / "culprit.pdf", pages=1, seed=4)
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 50)
    named = {}
    for path in (innocent, culprit, damaged):  # the archive's names: sha256 and extension
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        named[path.name] = path.rename(tmp_path / f"{digest}.pdf")
    monkeypatch.setenv(KILLS_DAEMON_VARIABLE, named["culprit.pdf"].name.split(".")[0])
    options = RenderOptions()
    assert probe_render(named["innocent.pdf"], 1, options) == ProbeVerdict.rendered
    assert probe_render(named["culprit.pdf"], 1, options) == ProbeVerdict.killed
    assert probe_render(named["damaged.pdf"], 1, options) == ProbeVerdict.refused


def test_a_death_while_probing_counts_and_a_marker_left_makes_a_suspect(tmp_path: Path) -> None:
    run_folder = tmp_path / "run"
    suspects = Suspects(run_folder)
    (run_folder / RENDERING_FOLDER).mkdir(parents=True)
    (run_folder / RENDERING_FOLDER / "7").write_text("7\n")
    (run_folder / RENDERING_FOLDER / "9").write_text("9\n")
    assert suspects.gather() == {7: 0, 9: 0}
    assert not os.listdir(run_folder / RENDERING_FOLDER)
    # docvault dies while page 9 renders alone: once, then again.
    for deaths in range(1, PROBE_DEATHS_BEFORE_FAILING + 1):
        suspects.probing_started(9)
        assert Suspects(run_folder).gather() == {7: 0, 9: deaths}
        assert not (run_folder / PROBING_FOLDER / "9").exists()
    suspects.forget(7)
    suspects.forget(9)
    assert Suspects(run_folder).gather() == {}
    assert json.loads((run_folder / SUSPECTS_FILE).read_text()) == {}
