"""The fuzzing campaign's last step (bench/fuzz_campaign.py `daemon`): a sample of the corpus
the campaign grew, dropped into the inbox of a real daemon that has already archived a letter.

The oracle of issue 29, end to end: every input ends as a document `done` (or `attention`, a
person's turn) or `failed` with a sentence, or refused at intake with one (the file set aside
in the inbox's quarantine); the daemon answers `/healthz` throughout and is still running;
the letter archived before is byte for byte what it was. Full-scale renders and the
orientation step run here (the daemon's own settings), unlike the campaign's small scale.
"""

from __future__ import annotations

import hashlib
import sqlite3
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator, SimulatorConfig

EXTENSIONS = (".pdf", ".tif", ".g3", ".heic", ".png", ".jpg", ".bin")  # as fuzz_campaign's
SETTLED_DOCUMENT_STATES = {"done", "attention", "failed"}


def _sample(out: Path, size: int) -> list[Path]:
    inputs = sorted((out / "corpus").iterdir()) + sorted((out / "defects").iterdir())
    step = max(1, len(inputs) // size)
    return inputs[::step][:size]


def _health_watch(daemon: Daemon, stop: threading.Event, failures: list[str]) -> None:
    while not stop.wait(0.5):
        try:
            answer = httpx.get(daemon.url("/healthz"), timeout=5)
            if answer.status_code != 200:
                failures.append(f"/healthz answered {answer.status_code}")
        except httpx.HTTPError as error:
            failures.append(f"/healthz: {error!r}")


def _settled(daemon: Daemon, inbox: Path) -> bool:
    if [path for path in inbox.iterdir() if path.is_file()]:
        return False
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as database:
        (unfinished,) = database.execute(
            "SELECT COUNT(*) FROM pages WHERE status IN ('queued', 'running')"
        ).fetchone()
    return bool(unfinished == 0)


def _archive_digests(data_dir: Path) -> dict[str, str]:
    return {
        str(path.relative_to(data_dir)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in (data_dir / "archive").rglob("*")
        if path.is_file()
    }


def replay_through_daemon(out: Path, sample_size: int) -> dict[str, Any]:
    sample = _sample(out, sample_size)
    with (
        tempfile.TemporaryDirectory(prefix="docvault-fuzz-daemon-") as folder,
        EngineSimulator(SimulatorConfig(speed=100.0, loop_fraction=0.0)) as engine,
    ):
        root = Path(folder)
        daemon = Daemon(
            root,
            DOCVAULT_ENGINE="openai",
            DOCVAULT_ENGINE_URL=engine.base_url,
            DOCVAULT_PROFILE="ovisocr2",
            DOCVAULT_EMPTY_GRACE_SECONDS="1",
        )
        inbox = root / "inbox"
        daemon.start()
        failures: list[str] = []
        stop = threading.Event()
        watcher = threading.Thread(target=_health_watch, args=(daemon, stop, failures))
        try:
            from tests.support.documents import letter_pdf

            letter_pdf(inbox / "archived-before.pdf", pages=2, seed=29)
            wait_for(lambda: _settled(daemon, inbox), 120, "the letter archived before")
            before = _archive_digests(root / "docvault-data")
            watcher.start()
            started = time.monotonic()
            for number, path in enumerate(sample):
                data = path.read_bytes() or b"\x00"
                name = f"fuzz-{number:04}{EXTENSIONS[data[0] % len(EXTENSIONS)]}"
                (inbox / name).write_bytes(data[1:])
            wait_for(lambda: _settled(daemon, inbox), 3600, "every fuzz input to settle", 2.0)
            seconds = time.monotonic() - started
            alive = daemon.process is not None and daemon.process.poll() is None
            after = _archive_digests(root / "docvault-data")
            outcome = _outcomes(daemon, inbox, len(sample))
        finally:
            stop.set()
            if watcher.is_alive():
                watcher.join()
            code = daemon.stop()
        touched = {name for name, digest in before.items() if after.get(name) != digest}
        return {
            "inputs": len(sample),
            "seconds": round(seconds, 1),
            "daemon_alive_throughout": alive and not failures,
            "healthz_failures": failures[:10],
            "daemon_exit_code": code,
            "archived_before_untouched": not touched,
            **outcome,
        }


def _outcomes(daemon: Daemon, inbox: Path, inputs: int) -> dict[str, Any]:
    with sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3") as database:
        documents = database.execute(
            "SELECT original_name, status, error, error_class FROM documents "
            "WHERE original_name LIKE 'fuzz-%'"
        ).fetchall()
        page_errors = database.execute(
            "SELECT COUNT(*) FROM pages JOIN documents ON documents.id = pages.document_id "
            "WHERE original_name LIKE 'fuzz-%' AND pages.status = 'failed' "
            "AND (pages.error IS NULL OR pages.error = '')"
        ).fetchone()[0]
        duplicates = database.execute("SELECT COUNT(*) FROM duplicates").fetchone()[0]
    states: dict[str, int] = {}
    codes: dict[str, int] = {}
    unsettled, silent = [], []
    for name, status, error, code in documents:
        states[status] = states.get(status, 0) + 1
        if status not in SETTLED_DOCUMENT_STATES:
            unsettled.append(name)
        if status == "failed":
            codes[code or "page-failed"] = codes.get(code or "page-failed", 0) + 1
            if code and not (error or "").strip():
                silent.append(name)
    quarantined = [path for path in (inbox / "quarantine").rglob("*") if path.is_file()]
    return {
        "documents_by_state": states,
        "failed_by_code": codes,
        "duplicates_of_an_earlier_input": duplicates,
        "quarantined_at_intake": len(quarantined),
        "accounted_for": len(documents) + duplicates,
        "unaccounted": inputs - len(documents) - duplicates,
        "unsettled": unsettled[:10],
        "failed_without_a_sentence": silent[:10] + (["pages"] * min(page_errors, 1)),
    }
