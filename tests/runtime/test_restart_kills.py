"""A daemon killed from outside fails no letter (issue 45).

A watchdog, the kernel's out-of-memory killer choosing docvault, `systemctl restart` after a
hung stop: each SIGKILLs the daemon at a moment nothing about the letters chose. The real
daemon is killed at random moments (some while it is still starting, its first renders
included, some while it reads), started again each time as systemd's Restart=on-failure
does, and at the end every page of every letter is read once: none set aside for a death it
did not cause, no letter recorded twice.
"""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from tests.support.documents import letter_pdf

PAGES = 2
# (letters, kills, seeds). The suite's run keeps CI short; the run is the figure
# issue 45 asks for, 30 kills over 40 two-page letters with three seeds (524 s on CI, 5-7
# minutes a seed of the suite's size on a loaded 2-core box alone):
# `DOCVAULT_RESTART_KILLS=issue pytest <this file>`.
SIZES = {"suite": (24, 16, (1, 2)), "issue": (40, 30, (1, 2, 3))}
LETTERS, KILLS, SEEDS = SIZES[os.environ.get("DOCVAULT_RESTART_KILLS", "suite")]
# A kill comes this long after the daemon was started, or after it said it was ready.
KILL_AFTER_SECONDS = (0.1, 3.0)


@pytest.fixture
def engine() -> Iterator[EngineSimulator]:
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as simulator:
        yield simulator


def page_rows(folder: Path) -> list[tuple[str, int, str, str | None]]:
    """(file name, page number, state, error) of every page recorded."""
    path = folder / "docvault-data" / "docvault.sqlite3"
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        return list(
            connection.execute(
                "SELECT original_name, number, pages.status, pages.error FROM pages "
                "JOIN documents ON documents.id = pages.document_id ORDER BY original_name, number"
            ).fetchall()
        )
    except sqlite3.OperationalError:  # the schema is not made yet (killed while starting)
        return []
    finally:
        connection.close()


class Killer:
    """Starts the daemon and SIGKILLs it at a random moment: half of the time while it
    starts (anywhere in its start-up, as long as the last measured one took), else while
    it reads (0.1-3 s after it said it was ready)."""

    def __init__(self, daemon: Daemon, seed: int) -> None:
        self.daemon = daemon
        self.chance = random.Random(seed)
        self.start_seconds = KILL_AFTER_SECONDS[1]  # until a start-up has been measured
        self.moments: list[str] = []

    def kill_once(self) -> None:
        daemon = self.daemon
        launched = time.monotonic()
        daemon.start(wait=False)
        assert daemon.process is not None
        if self.chance.random() < 0.5:
            wait = self.chance.uniform(KILL_AFTER_SECONDS[0], self.start_seconds)
            self.moments.append(f"starting+{wait:.1f}s")
        else:
            wait_for(daemon.ready, 120, "the daemon to say it is ready")
            self.start_seconds = time.monotonic() - launched
            wait = self.chance.uniform(*KILL_AFTER_SECONDS)
            self.moments.append(f"reading+{wait:.1f}s")
        deadline = time.monotonic() + wait
        # The random moment itself is what is tested; the process is watched meanwhile.
        while time.monotonic() < deadline and daemon.process.poll() is None:
            time.sleep(0.02)
        assert daemon.process.poll() is None, f"docvault run exited:\n{daemon.log.read_text()}"
        daemon.kill()
        assert daemon.process.returncode == -signal.SIGKILL


@pytest.mark.slow
@pytest.mark.timeout(60 * KILLS)  # a loaded 2-core box took up to 25 s a kill, reading included
@pytest.mark.parametrize("seed", SEEDS)
def test_a_daemon_killed_at_random_moments_reads_every_page_once(
    tmp_path: Path, engine: EngineSimulator, seed: int
) -> None:
    daemon = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_CONCURRENCY="4",
        DOCVAULT_RENDER_WORKERS="2",
        DOCVAULT_INDEX_BATCH_SECONDS="0.5",
    )
    names = [f"letter_{seed}_{number:02d}.pdf" for number in range(LETTERS)]
    (tmp_path / "inbox").mkdir()
    for number, name in enumerate(names):
        letter_pdf(tmp_path / "inbox" / name, pages=PAGES, seed=seed * 100 + number)
    try:
        killer = Killer(daemon, seed)
        for _ in range(KILLS):
            killer.kill_once()
        daemon.start()

        def settled() -> bool:
            rows = page_rows(tmp_path)
            return len(rows) >= LETTERS * PAGES and all(
                row[2] not in ("queued", "running") for row in rows
            )

        wait_for(settled, 300, "every page read after the last restart")
        rows = page_rows(tmp_path)
        failed = [row for row in rows if row[2] != "done"]
        assert not failed, f"kills: {killer.moments}\n{failed}"
        assert sorted((name, number) for name, number, _, _ in rows) == sorted(
            (name, number) for name in names for number in range(1, PAGES + 1)
        )
        assert daemon.stop() == 0, daemon.log.read_text()
    finally:
        daemon.kill_everything()
