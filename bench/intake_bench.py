"""Intake benchmarks of issue 3 (not tests; each prints a Markdown table).

    python -m bench.intake_bench latency [--trials 10] [--settle 2.0]
    python -m bench.intake_bench throughput [--files 400]

latency: the real daemon with an instant engine simulator; a one-page letter is renamed
into the inbox (as a scanner finishing its upload would) and the time until its page is
`done`, and until its index entry is written, is measured. The settle time (how long a file
must hold still before it is taken) is part of that latency by design, so it is reported
separately and subtracted.

throughput: how many files per minute intake alone can take (stability check, copy into the
archive with fsync and sha256 verification, inspection, database record, move to
processed/): docvault's `Intake` in process, no OCR, settle time 0.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench.engine_bench import BenchDaemon, simulator, wait_for
from bench.engine_bench import _table as table
from docvault import db
from docvault.intake.folders import Intake
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import InboxSettings
from tests.support.documents import letter_pdf


def latency(trials: int, settle: float, folder: Path) -> str:
    rows = []
    with simulator(folder, "--instant", "--loop-fraction", "0") as url:
        daemon = BenchDaemon(folder / "daemon", url, concurrency=32)
        daemon.environment["DOCVAULT_SETTLE_SECONDS"] = str(settle)
        daemon.start()
        try:
            staging = folder / "staging"
            staging.mkdir()
            for trial in range(trials):
                letter = letter_pdf(staging / f"letter-{trial}.pdf", 1, 5000 + trial)
                started = time.monotonic()
                letter.rename(daemon.inbox / letter.name)  # appears whole, like a finished upload
                expected = trial + 1
                wait_for(lambda: _page_done(daemon, expected), 60, "the page")  # noqa: B023
                done = time.monotonic() - started
                wait_for(lambda: not daemon.query("SELECT id FROM index_outbox"), 60, "the index")
                indexed = time.monotonic() - started
                rows.append((done, indexed))
        finally:
            daemon.stop()
    done_times = sorted(row[0] for row in rows)
    indexed_times = sorted(row[1] for row in rows)
    return table(
        f"Ingest-to-done latency, one-page letter, instant engine, settle {settle:g} s "
        f"({trials} trials)",
        ["measure", "median s", "p95 s", "median minus settle s"],
        [
            ["file in inbox -> page done", *_summary(done_times, settle)],
            ["file in inbox -> index written", *_summary(indexed_times, settle)],
        ],
    )


def _page_done(daemon: BenchDaemon, expected: int) -> bool:
    rows = daemon.query("SELECT COUNT(*) FROM pages WHERE status = 'done'")
    return bool(rows[0][0] >= expected)


def _summary(values: list[float], settle: float) -> list[str]:
    median = statistics.median(values)
    p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
    return [f"{median:.2f}", f"{p95:.2f}", f"{median - settle:.2f}"]


def throughput(files: int, folder: Path) -> str:
    inbox = folder / "inbox"
    inbox.mkdir()
    for number in range(files):
        letter_pdf(inbox / f"letter-{number:04}.pdf", 1 + number % 3, number)
    database = db.open_database(folder / "data" / "docvault.sqlite3")
    options = RenderOptions()

    def inspect(path: Path) -> tuple[int, str]:
        info = inspect_document(path, options)
        return info.page_count, info.kind

    intake = Intake(
        database, folder / "data", (InboxSettings("bench", inbox, settle_seconds=0),), inspect
    )
    started = time.perf_counter()
    intake.scan()
    taken = 0
    while taken < files:
        taken += intake.tick()
    seconds = time.perf_counter() - started
    return table(
        f"Intake alone: {files} PDFs (1-3 pages) archived, inspected, recorded, moved",
        ["files", "seconds", "files/min"],
        [[str(files), f"{seconds:.1f}", f"{files * 60 / seconds:.0f}"]],
    )


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.intake_bench")
    commands = parser.add_subparsers(dest="command", required=True)
    latency_parser = commands.add_parser("latency")
    latency_parser.add_argument("--trials", type=int, default=10)
    latency_parser.add_argument("--settle", type=float, default=2.0)
    throughput_parser = commands.add_parser("throughput")
    throughput_parser.add_argument("--files", type=int, default=400)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="docvault-intake-bench-") as scratch:
        folder = Path(scratch)
        if arguments.command == "latency":
            print(latency(arguments.trials, arguments.settle, folder))
        else:
            print(throughput(arguments.files, folder))


if __name__ == "__main__":
    main()
