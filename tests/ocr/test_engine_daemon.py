"""The daemon against the engine simulator: the retry schedule in the attempt rows, and outages.

The simulator chooses looping pages by a hash of the page image, so the test renders the same
PDFs with docvault's renderer and predicts, from the same hash, which pages must loop.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from devtools.daemon import Daemon, free_port, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig, share_of
from docvault.config import load_settings
from docvault.render import render_page
from docvault.service import render_options
from tests.support.documents import letter_pdf

GREEDY = {"mode": "greedy", "temperature": 0.0, "max_tokens": 4096, "frequency_penalty": 0.0}
PENALTY = {"mode": "penalty", "temperature": 0.0, "max_tokens": 4096, "frequency_penalty": 0.3}
PAGES_PER_LETTER = 5


def simulated(simulator: EngineSimulator, **settings: str) -> dict[str, str]:
    return {
        "DOCVAULT_ENGINE": "openai",
        "DOCVAULT_ENGINE_URL": simulator.base_url,
        "DOCVAULT_PROFILE": "ovisocr2",
        "DOCVAULT_CONCURRENCY": "32",
        **settings,
    }


def write_letters(folder: Path, count: int, first_seed: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [
        letter_pdf(folder / f"letter-{seed:04}.pdf", PAGES_PER_LETTER, seed)
        for seed in range(first_seed, first_seed + count)
    ]


def looping_pages(letters: list[Path], loop_fraction: float) -> set[tuple[str, int]]:
    """(file name, page number) of every page the simulator will make loop under greedy."""
    # Rendered as the daemon renders for this engine and profile (on the model's patch grid):
    # the simulator decides from the image's bytes.
    options = render_options(
        load_settings(
            environ={
                "DOCVAULT_CONFIG": "",
                "DOCVAULT_ENGINE": "openai",
                "DOCVAULT_PROFILE": "ovisocr2",
            }
        )
    )
    looping = set()
    for path in letters:
        for number in range(1, PAGES_PER_LETTER + 1):
            image = render_page(path, number, options).image
            if share_of(hashlib.sha256(image.data).hexdigest(), "loop") < loop_fraction:
                looping.add((path.name, number))
    return looping


def database(tmp_path: Path) -> sqlite3.Connection:
    return sqlite3.connect(tmp_path / "docvault-data" / "docvault.sqlite3")


def page_statuses(tmp_path: Path) -> dict[str, int]:
    path = tmp_path / "docvault-data" / "docvault.sqlite3"
    if not path.exists():
        return {}
    connection = sqlite3.connect(path)
    try:
        return dict(connection.execute("SELECT status, COUNT(*) FROM pages GROUP BY status"))
    finally:
        connection.close()


def all_finished(tmp_path: Path, pages: int) -> bool:
    # Every finished state, incomplete too (the coverage check's): a page that ends there
    # fails the tests' status assertions at once instead of timing out the wait.
    statuses = page_statuses(tmp_path)
    finished = ("done", "incomplete", "looped", "failed")
    return sum(statuses.get(status, 0) for status in finished) >= pages


def attempts_by_page(connection: sqlite3.Connection) -> dict[tuple[str, int], list[dict]]:
    rows = connection.execute(
        "SELECT d.original_name, p.number, a.settings, a.finish_reason, a.verdict, a.error"
        " FROM attempts a JOIN pages p ON p.id = a.page_id"
        " JOIN documents d ON d.id = p.document_id ORDER BY a.id"
    )
    attempts: dict[tuple[str, int], list[dict]] = {}
    for name, number, settings, finish_reason, verdict, error in rows:
        attempts.setdefault((name, number), []).append(
            {
                "settings": _sampling(json.loads(settings)),
                "finish_reason": finish_reason,
                "verdict": verdict,
                "error": error,
            }
        )
    return attempts


def _sampling(settings: dict) -> dict:
    return {key: settings[key] for key in GREEDY}


def without_engine_errors(attempts: list[dict]) -> list[dict]:
    """The attempts of the run that finished the page (a 503 sent it back to the queue)."""
    errors = [index for index, attempt in enumerate(attempts) if attempt["verdict"] == "error"]
    return attempts[errors[-1] + 1 :] if errors else attempts


@pytest.fixture
def flaky_simulator() -> Iterator[EngineSimulator]:
    """1 % of pages loop under greedy decoding, 2 % of requests are answered 503."""
    config = SimulatorConfig(speed=50.0, loop_fraction=0.01, unavailable_fraction=0.02, seed=4)
    with EngineSimulator(config) as engine:
        yield engine


@pytest.mark.slow
def test_200_pages_with_loops_and_503s_all_end_done_with_the_scheduled_attempts(
    tmp_path: Path, flaky_simulator: EngineSimulator
) -> None:
    # Which pages loop follows from the PNG bytes; rendered on OvisOCR2's patch grid (the
    # daemon's default since issue 17) these 200 pages include one, letter-1027.pdf page 2.
    letters = write_letters(tmp_path / "source", 40, first_seed=1001)
    looping = looping_pages(letters, flaky_simulator.config.loop_fraction)
    assert looping, "the letters must include at least one page that loops"
    daemon = Daemon(tmp_path, **simulated(flaky_simulator))
    daemon.start()
    try:
        for path in letters:
            shutil.copy(path, tmp_path / "inbox" / path.name)
        wait_for(lambda: all_finished(tmp_path, 200), 150, "all 200 pages to finish")
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    stats = flaky_simulator.stats()

    assert page_statuses(tmp_path) == {"done": 200}
    attempts = attempts_by_page(database(tmp_path))
    assert len(attempts) == 200
    for page, page_attempts in attempts.items():
        final = without_engine_errors(page_attempts)
        if page in looping:
            assert final == [
                {"settings": GREEDY, "finish_reason": "length", "verdict": "looped", "error": None},
                {"settings": PENALTY, "finish_reason": "stop", "verdict": "clean", "error": None},
            ], page
        else:
            assert final == [
                {"settings": GREEDY, "finish_reason": "stop", "verdict": "clean", "error": None}
            ], page
    errors = [
        attempt
        for page_attempts in attempts.values()
        for attempt in page_attempts
        if attempt["verdict"] == "error"
    ]
    assert errors, "2 % of requests answered 503: some pages must have been sent back"
    assert len(errors) == stats["status_codes"]["503"]
    assert all(
        "HTTP 503" in attempt["error"] and attempt["finish_reason"] is None for attempt in errors
    )
    assert stats["outcomes"]["looped"] >= len(looping)


class SimulatorProcess:
    """The simulator as its own process on a fixed port, so it can be killed and restarted."""

    def __init__(self, folder: Path, *arguments: str) -> None:
        self.port = free_port()
        self.arguments = arguments
        self.log = folder / "simulator.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "devtools.engine_sim",
                    "--port",
                    str(self.port),
                    *self.arguments,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        wait_for(self.healthy, 30, "the simulator to answer")

    def healthy(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.port}/health", timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    def in_flight(self) -> int:
        """Requests the simulator is answering right now."""
        stats = httpx.get(f"http://127.0.0.1:{self.port}/sim/stats", timeout=5).json()
        return int(stats["in_flight"])

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=30)


@pytest.mark.slow
def test_an_engine_killed_mid_run_fails_no_page_and_all_finish_when_it_returns(
    tmp_path: Path,
) -> None:
    letters = write_letters(tmp_path / "source", 20, first_seed=500)
    # At 1.5x speed a request takes ~1.3 s: eight in flight need about six renders a second,
    # which two cores keep up with now that each render also finds the page's ink lines
    # (at 5x, ~0.4 s, they needed twenty and the engine never held eight at once).
    engine = SimulatorProcess(tmp_path, "--speed", "1.5", "--loop-fraction", "0")
    engine.start()
    daemon = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=engine.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_CONCURRENCY="8",
    )
    daemon.start()
    try:
        for path in letters:
            shutil.copy(path, tmp_path / "inbox" / path.name)
        wait_for(lambda: page_statuses(tmp_path).get("done", 0) >= 10, 60, "10 pages done")
        # Killed at a moment the engine holds all 8 requests.
        wait_for(lambda: engine.in_flight() >= 8, 60, "8 requests in flight at the engine")
        engine.kill()
        wait_for(lambda: _engine_errors(tmp_path) >= 8, 60, "the outage to reach the daemon")
        before_return = page_statuses(tmp_path)
        engine.start()
        came_back = time.monotonic()
        wait_for(lambda: all_finished(tmp_path, 100), 120, "every page after the engine returned")
        recovery_seconds = time.monotonic() - came_back
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
        engine.kill()

    assert before_return.get("done", 0) < 100, "the kill came before the end of the run"
    assert page_statuses(tmp_path) == {"done": 100}
    connection = database(tmp_path)
    sent_back = connection.execute(
        "SELECT COUNT(DISTINCT page_id) FROM attempts WHERE verdict = 'error'"
    ).fetchone()[0]
    assert sent_back >= 8, "the pages in flight at the kill were sent back, not failed"
    # After an outage the worker waits 1 s, doubling to 30 s while the engine stays down; an
    # engine that is back must not cost the full 30 s.
    assert recovery_seconds < 30, f"{recovery_seconds:.1f} s to finish after the engine returned"


def _engine_errors(tmp_path: Path) -> int:
    connection = database(tmp_path)
    try:
        return int(
            connection.execute("SELECT COUNT(*) FROM attempts WHERE verdict = 'error'").fetchone()[
                0
            ]
        )
    finally:
        connection.close()
