"""Engine benchmarks of issue 4: saturation, straggler tail, CPU cost per page.

Each runs the real daemon (`python -m docvault run`) as a subprocess against the engine
simulator (`python -m devtools.engine_sim`, a fresh one for every run) and prints a
Markdown table:

    python -m bench.engine_bench saturation [--pages 600]
    python -m bench.engine_bench straggler [--pages 600]
    python -m bench.engine_bench cpu-cost [--pages 600]
    python -m bench.engine_bench host-capacity [--pages 300] [--endpoints 1,4]
        [--sim-stream-intervals 1,16]

`--profile` picks the daemon's profile (default ovisocr2, which streams its answers);
`--sim-stream-intervals` runs host-capacity once per interval, each simulator started with
`--stream-interval N` like vLLM (1: one event per token; 16: docvault's vllm_extra_args).

The pages are distinct synthetic letters (bench/pages.py) put into the inbox as 5-page PDFs in
one move; the daemon takes, renders, transcribes and indexes them. Two rates are reported:
from the first page done to the last page done (the pipeline's steady rate, what the engine
sees) and from the moment the files were in the inbox to the last page indexed (what a user
sees, including intake and the first render).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import httpx
import pymupdf

from bench.loadgen import run_load
from bench.pages import render_letters, write_letters
from devtools import daemon as launcher
from docvault.ocr.profiles import BENCH_PROFILE_NAMES, ProfileName, get_profile
from docvault.render import RenderOptions, png_bytes, render_page
from docvault.vocabulary import SamplingMode

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
POLL_SECONDS = 0.05
RUN_TIMEOUT_SECONDS = 300.0
WARM_UP_PAGES = 5


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """The launcher's wait, polled often enough to time a run to 50 ms."""
    return launcher.wait_for(condition, timeout, what, interval=POLL_SECONDS)


# --- the simulator and the daemon as subprocesses ----------------------------------------


@contextmanager
def simulator(folder: Path, *arguments: str, pids: list[int] | None = None) -> Iterator[str]:
    """A fresh engine simulator subprocess; yields its base URL (…/v1); its PID into `pids`."""
    port_file = folder / f"simulator-{time.monotonic_ns()}.port"
    log = (folder / "simulator.log").open("ab")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "devtools.engine_sim",
            "--port",
            "0",
            "--port-file",
            str(port_file),
            *arguments,
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    if pids is not None:
        pids.append(process.pid)
    try:
        port = wait_for(
            lambda: port_file.exists() and port_file.read_text().strip(), 30, "the simulator's port"
        )
        root = f"http://127.0.0.1:{port}"
        wait_for(lambda: _answers(f"{root}/health"), 30, "the simulator to answer")
        yield f"{root}/v1"
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == httpx.codes.OK
    except httpx.TransportError:
        return False


def simulator_stats(base_url: str) -> dict[str, Any]:
    root = base_url.removesuffix("/v1")
    stats: dict[str, Any] = httpx.get(f"{root}/sim/stats", timeout=10).json()
    return stats


def _profile_variable(profile: str) -> str:
    """A benchmark's profile (600 tokens a page) is no setting's value: the daemon reads it
    from a variable of its own."""
    return "DOCVAULT_BENCH_PROFILE" if profile in BENCH_PROFILE_NAMES else "DOCVAULT_PROFILE"


class BenchDaemon(launcher.Daemon):
    """The one launcher (devtools/daemon.py) with the benchmark's settings and measurements."""

    def __init__(
        self,
        folder: Path,
        engine_url: str,
        concurrency: int,
        profile: str = "ovisocr2",
        index_engine: str | None = None,
    ) -> None:
        self.inbox = folder / "inbox"
        self.database_path = folder / "docvault-data" / "docvault.sqlite3"
        # A configuration file of its own naming its data folder and inbox: a benchmark run
        # with DOCVAULT_CONFIG empty once read /etc/docvault/docvault.toml (a docvault before
        # commit 2812ce0) and ran on that installation's data folder and inbox.
        self.config = folder / "docvault.toml"
        super().__init__(
            folder,
            DOCVAULT_CONFIG=str(self.config),
            DOCVAULT_ENGINE="openai",
            DOCVAULT_ENGINE_URL=engine_url,
            **{_profile_variable(profile): profile},
            DOCVAULT_CONCURRENCY=str(concurrency),
            DOCVAULT_WEB_ENABLED="false",
            # The settings' own default unless a run names the index engine.
            **({"DOCVAULT_INDEX_ENGINE": index_engine} if index_engine else {}),
        )

    def start(self, wait: bool = True) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.config.write_text(
            f'data_dir = "{self.database_path.parent}"\ninbox = "{self.inbox}"\n', encoding="utf-8"
        )
        super().start(wait)

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        connection = sqlite3.connect(f"file:{self.database_path}?mode=ro", uri=True, timeout=10)
        try:
            return connection.execute(sql).fetchall()
        finally:
            connection.close()

    def settled(self, pages: int) -> bool:
        """Every page finished and its index entry written."""
        finished = self.query(
            "SELECT COUNT(*) FROM pages WHERE status IN ('done', 'looped', 'failed')"
        )[0][0]
        return bool(
            finished >= pages and self.query("SELECT COUNT(*) FROM index_outbox")[0][0] == 0
        )

    def cpu_seconds(self) -> float:
        """User plus system CPU of the daemon and every process below it (render workers)."""
        assert self.process is not None
        return sum(_cpu_of(pid) for pid in _process_tree(self.process.pid))


def _process_tree(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    tree, frontier = [root], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        tree.extend(children)
        frontier.extend(children)
    return tree


def _cpu_of(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # Fields 14 and 15 of /proc/PID/stat (utime, stime); index 11 and 12 after the name.
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def _python_threads_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of each of the process's threads that Python started, by thread id.

    Python 3.11 gives its threads no OS name: they keep the process's ("python"), while a
    native library's threads name themselves (Tantivy's "thrd-tantivy-in", "merge_thread_0"):
    the Python threads are the ones that take turns under the one interpreter lock.
    """
    found = {}
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            if not (task / "comm").read_text().startswith("python"):
                continue
            fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(task.name)] = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return found


# --- one daemon run -------------------------------------------------------------------------


@dataclass(frozen=True)
class DaemonRun:
    pages: int
    done_to_done_seconds: float
    inbox_to_indexed_seconds: float
    cpu_seconds: float
    statuses: dict[str, int]
    looped_first_passes: int
    request_to_done_seconds: float = 0.0
    main_cpu_seconds: float = 0.0  # the daemon's own process, without its render workers
    # Of it, the threads Python runs (under its lock); the rest is native threads' (Tantivy).
    python_cpu_seconds: float = 0.0

    @property
    def request_to_done_pages_per_minute(self) -> float:
        """The load generator's own clock: first request sent to last page done."""
        return self.pages * 60.0 / self.request_to_done_seconds

    @property
    def steady_pages_per_minute(self) -> float:
        # n pages finished over the span between the first and the last: n - 1 intervals.
        return (self.pages - 1) * 60.0 / self.done_to_done_seconds

    @property
    def end_to_end_pages_per_minute(self) -> float:
        return self.pages * 60.0 / self.inbox_to_indexed_seconds

    @property
    def cpu_ms_per_page(self) -> float:
        return self.cpu_seconds * 1000.0 / self.pages

    @property
    def main_cpu_ms_per_page(self) -> float:
        return self.main_cpu_seconds * 1000.0 / self.pages

    @property
    def python_cpu_ms_per_page(self) -> float:
        return self.python_cpu_seconds * 1000.0 / self.pages


def run_daemon(
    folder: Path,
    letters: list[Path],
    pages: int,
    engine_url: str,
    concurrency: int,
    profile: str = "ovisocr2",
    index_engine: str | None = None,
) -> DaemonRun:
    """Warm the daemon up with one letter, then move `letters` into its inbox and time them."""
    daemon = BenchDaemon(folder, engine_url, concurrency, profile, index_engine)
    daemon.start()
    try:
        warm_up = write_letters(folder / "warm-up", WARM_UP_PAGES, seed=1)
        for path in warm_up:
            path.rename(daemon.inbox / path.name)
        wait_for(lambda: daemon.settled(WARM_UP_PAGES), 120, "the warm-up letter")
        cpu_before = daemon.cpu_seconds()
        main_before = _cpu_of(daemon.process.pid) if daemon.process is not None else 0.0
        threads_before = _python_threads_cpu(daemon.process.pid) if daemon.process else {}
        started = time.monotonic()
        for path in letters:
            path.rename(daemon.inbox / path.name)  # one folder, one file system: atomic
        wait_for(
            lambda: daemon.settled(WARM_UP_PAGES + pages),
            RUN_TIMEOUT_SECONDS,
            "every page to be done and indexed",
        )
        inbox_to_indexed = time.monotonic() - started
        cpu = daemon.cpu_seconds() - cpu_before
        main = (_cpu_of(daemon.process.pid) if daemon.process is not None else 0.0) - main_before
        # Threads alive at the end (the daemon's are long-lived), less what each had before.
        threads_after = _python_threads_cpu(daemon.process.pid) if daemon.process else {}
        python = sum(
            seconds - threads_before.get(thread, 0.0) for thread, seconds in threads_after.items()
        )
    finally:
        daemon.stop()
    return replace(
        _daemon_run(daemon, pages, inbox_to_indexed, cpu),
        main_cpu_seconds=main,
        python_cpu_seconds=python,
    )


def run_benchmark_daemon(
    arguments: argparse.Namespace, folder: Path, letters: list[Path], engine_url: str
) -> DaemonRun:
    """`run_daemon` with the benchmark's own pages, concurrency, profile and index engine."""
    return run_daemon(
        folder,
        letters,
        arguments.pages,
        engine_url,
        arguments.concurrency,
        arguments.profile,
        arguments.index_engine,
    )


def _daemon_run(daemon: BenchDaemon, pages: int, inbox_to_indexed: float, cpu: float) -> DaemonRun:
    measured = "document_id > (SELECT MIN(id) FROM documents)"  # all but the warm-up letter
    first, last = daemon.query(
        f"SELECT MIN(finished_at), MAX(finished_at) FROM pages WHERE {measured}"
    )[0]
    span = (datetime.fromisoformat(last) - datetime.fromisoformat(first)).total_seconds()
    statuses = dict(
        daemon.query(f"SELECT status, COUNT(*) FROM pages WHERE {measured} GROUP BY status")
    )
    looped = daemon.query(
        "SELECT COUNT(*) FROM attempts WHERE verdict = 'looped' AND page_id IN "
        f"(SELECT id FROM pages WHERE {measured})"
    )[0][0]
    # An attempt row is written when its answer is stored: its request left `seconds` earlier.
    sent = min(
        datetime.fromisoformat(created).timestamp() - seconds
        for created, seconds in daemon.query(
            "SELECT created_at, seconds FROM attempts WHERE page_id IN "
            f"(SELECT id FROM pages WHERE {measured})"
        )
    )
    request_to_done = datetime.fromisoformat(last).timestamp() - sent
    return DaemonRun(pages, span, inbox_to_indexed, cpu, statuses, looped, request_to_done)


def _staged_letters(folder: Path, pages: int, seed: int) -> list[Path]:
    return write_letters(folder / f"staging-{seed}-{time.monotonic_ns()}", pages, seed=seed)


# --- the three benchmarks -------------------------------------------------------------------


def saturation(arguments: argparse.Namespace, folder: Path) -> str:
    """Daemon pages/min over bare load generator pages/min, same pages, fresh simulators."""
    sim_arguments = ("--loop-fraction", "0")
    letters = _staged_letters(folder, arguments.pages, arguments.seed)
    images = render_letters(letters)
    with simulator(folder, *sim_arguments) as url:
        bare = run_load(url, images, arguments.concurrency)
        bare_stats = simulator_stats(url)
    with simulator(folder, *sim_arguments) as url:
        run = run_benchmark_daemon(arguments, folder / "daemon", letters, url)
        daemon_stats = simulator_stats(url)
    rows = [
        (
            "bare load generator",
            f"{bare.pages_per_minute:.0f}",
            "-",
            str(bare_stats["in_flight_max"]),
            str(bare.statuses),
        ),
        (
            "daemon, first done to last done",
            f"{run.steady_pages_per_minute:.0f}",
            f"{run.steady_pages_per_minute / bare.pages_per_minute:.3f}",
            str(daemon_stats["in_flight_max"]),
            str(run.statuses),
        ),
        (
            "daemon, first request sent to last page done (the load generator's clock)",
            f"{run.request_to_done_pages_per_minute:.0f}",
            f"{run.request_to_done_pages_per_minute / bare.pages_per_minute:.3f}",
            "",
            "",
        ),
        (
            "daemon, inbox to last indexed",
            f"{run.end_to_end_pages_per_minute:.0f}",
            f"{run.end_to_end_pages_per_minute / bare.pages_per_minute:.3f}",
            "",
            "",
        ),
    ]
    return _table(
        f"saturation: {arguments.pages} pages, {arguments.concurrency} in flight, simulator at "
        f"default speed, no loops; daemon CPU {run.cpu_ms_per_page:.1f} ms/page "
        f"(goal: ratio >= 0.95)",
        ("run", "pages/min", "ratio to bare", "max in flight at engine", "outcome"),
        rows,
    )


def straggler(arguments: argparse.Namespace, folder: Path) -> str:
    """The daemon with 0.5 % looping pages against none, on the same pages."""
    results = []
    for fraction in ("0", "0.005"):
        letters = _staged_letters(folder, arguments.pages, arguments.seed)
        with simulator(folder, "--loop-fraction", fraction) as url:
            run = run_benchmark_daemon(arguments, folder / f"daemon-{fraction}", letters, url)
        results.append((fraction, run))
    baseline = results[0][1]
    rows = [
        (
            f"{float(fraction):.1%}",
            str(run.looped_first_passes),
            str(run.statuses),
            f"{run.steady_pages_per_minute:.0f}",
            f"{run.steady_pages_per_minute / baseline.steady_pages_per_minute:.3f}",
            f"{run.end_to_end_pages_per_minute:.0f}",
            f"{run.end_to_end_pages_per_minute / baseline.end_to_end_pages_per_minute:.3f}",
        )
        for fraction, run in results
    ]
    return _table(
        f"straggler tail: {arguments.pages} pages, {arguments.concurrency} in flight "
        "(goal: looping run within 5 % of the clean run)",
        (
            "looping pages",
            "loops seen",
            "outcome",
            "pages/min done to done",
            "ratio",
            "pages/min inbox to indexed",
            "ratio",
        ),
        rows,
    )


def cpu_cost(arguments: argparse.Namespace, folder: Path) -> str:
    """CPU-ms per page of the daemon and its render workers with an instant engine."""
    letters = _staged_letters(folder, arguments.pages, arguments.seed)
    parts = _component_costs(letters[: max(1, len(letters) // 5)])
    with simulator(folder, "--instant", "--loop-fraction", "0") as url:
        run = run_benchmark_daemon(arguments, folder / "daemon", letters, url)
    known = sum(parts.values())
    rows = [(name, f"{milliseconds:.1f}") for name, milliseconds in parts.items()]
    rows.append(
        (
            "rest: intake, archive, queue, client I/O, database, index (by difference)",
            f"{run.cpu_ms_per_page - known:.1f}",
        )
    )
    rows.append(("**daemon and render workers, measured**", f"**{run.cpu_ms_per_page:.1f}**"))
    rows.append(("pages/min per core", f"{60_000 / run.cpu_ms_per_page:.0f}"))
    rows.append(
        ("pages/min, inbox to indexed (all cores)", f"{run.end_to_end_pages_per_minute:.0f}")
    )
    return _table(
        f"CPU cost per page: {arguments.pages} pages, instant engine, {os.cpu_count()} cores "
        f"(goal <= 40 CPU-ms per page); outcome {run.statuses}",
        ("part", "CPU-ms per page"),
        rows,
    )


def host_capacity(arguments: argparse.Namespace, folder: Path) -> str:
    """How many pages/min one docvault host drives when its engines answer at once.

    Several instant simulator endpoints (engine_url lists them all, `concurrency` in flight at
    each): the engines cost nothing, so the daemon (intake, render, client, database, index)
    is the limit. The simulators share this machine's cores, so their CPU is measured apart
    and the daemon's own CPU-ms per page says what a host of N cores can feed. With several
    stream intervals, the runs of one endpoint count follow each other on the same pages, so
    the rows compare the events a streamed answer comes in and nothing else.
    """
    rows = []
    # A value may repeat (1,16,16,1): runs that alternate show the spread of a noisy machine.
    intervals = [int(number) for number in arguments.sim_stream_intervals.split(",")]
    runs = [
        (count, interval, engine)
        for count in (int(number) for number in arguments.endpoints.split(","))
        for interval in intervals
        for engine in arguments.index_engines.split(",")
    ]
    for number, (count, interval, engine) in enumerate(runs):
        daemon_folder = folder / f"daemon-{count}-run-{number}-interval-{interval}"
        engine_arguments = argparse.Namespace(**{**vars(arguments), "index_engine": engine or None})
        run, engines_ms = _host_capacity_run(engine_arguments, daemon_folder, count, interval)
        rows.append(
            (
                engine or "(the setting's default)",
                str(count),
                str(count * arguments.concurrency),
                str(interval),
                f"{run.end_to_end_pages_per_minute:.0f}",
                f"{run.request_to_done_pages_per_minute:.0f}",
                f"{run.cpu_ms_per_page:.1f}",
                f"{run.main_cpu_ms_per_page:.1f}",
                f"{run.python_cpu_ms_per_page:.1f}",
                f"{engines_ms:.1f}",
                f"{60_000 / run.cpu_ms_per_page:.0f}",
                f"{60_000 / run.python_cpu_ms_per_page:.0f}",
                str(run.statuses),
            )
        )
    return _table(
        f"host capacity: {arguments.pages} pages per run, profile {arguments.profile}, instant "
        f"simulator endpoints, {arguments.concurrency} in flight at each, {os.cpu_count()} "
        f"cores shared by the daemon, its render workers and the simulators; load average "
        f"{_load_average()}",
        (
            "index engine",
            "endpoints",
            "in flight",
            "simulator --stream-interval",
            "pages/min inbox to indexed",
            "pages/min first request to last done",
            "daemon + render CPU-ms/page",
            "of it the daemon's own process",
            "of that its Python threads (one interpreter lock)",
            "simulators CPU-ms/page",
            "pages/min per core of docvault",
            "pages/min the daemon's interpreter lock allows",
            "outcome",
        ),
        rows,
    )


def _host_capacity_run(
    arguments: argparse.Namespace, folder: Path, count: int, interval: int
) -> tuple[DaemonRun, float]:
    """One host-capacity run in a folder of its own (a value of --sim-stream-intervals may
    repeat): the daemon's figures and the simulators' CPU-ms per page."""
    folder.mkdir(parents=True)
    letters = _staged_letters(folder, arguments.pages, arguments.seed + count)
    pids: list[int] = []
    options = ("--instant", "--loop-fraction", "0", "--stream-interval", str(interval))
    with contextlib.ExitStack() as stack:
        urls = [stack.enter_context(simulator(folder, *options, pids=pids)) for _ in range(count)]
        engines_before = sum(_cpu_of(pid) for pid in pids)
        run = run_benchmark_daemon(arguments, folder / "daemon", letters, ",".join(urls))
        engines_ms = (sum(_cpu_of(pid) for pid in pids) - engines_before) * 1000 / run.pages
    return run, engines_ms


def _load_average() -> str:
    """This machine's 1, 5 and 15 minute load averages as the benchmark ends."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


def _component_costs(letters: list[Path]) -> dict[str, float]:
    """CPU-ms per page of the render steps and the request body, measured in this process."""
    options = RenderOptions()
    profile = get_profile("ovisocr2")
    request = profile.request(SamplingMode.greedy)
    totals = {
        "open + rasterise (PyMuPDF, 150 DPI)": 0.0,
        "PNG encode": 0.0,
        "render_page in all (rasterise, checks, encode)": 0.0,
        "request body (base64 + JSON)": 0.0,
    }
    pages = 0
    for path in letters:
        with pymupdf.open(path) as document:  # type: ignore[no-untyped-call]
            count = document.page_count
        for number in range(1, count + 1):
            pages += 1
            started = time.process_time()
            with pymupdf.open(path) as document:  # type: ignore[no-untyped-call]
                pixmap = document.load_page(number - 1).get_pixmap(
                    dpi=options.dpi, colorspace=pymupdf.csGRAY, alpha=False
                )
            rasterised = time.process_time()
            png_bytes(pixmap)
            encoded = time.process_time()
            image = render_page(path, number, options).image
            rendered = time.process_time()
            json.dumps(profile.request_body(image, request))
            bodied = time.process_time()
            totals["open + rasterise (PyMuPDF, 150 DPI)"] += rasterised - started
            totals["PNG encode"] += encoded - rasterised
            totals["render_page in all (rasterise, checks, encode)"] += rendered - encoded
            totals["request body (base64 + JSON)"] += bodied - rendered
    costs = {name: seconds * 1000.0 / pages for name, seconds in totals.items()}
    # The first two are parts of the third: keep them as detail lines, not in the sum.
    return {
        f"render_page ({costs['open + rasterise (PyMuPDF, 150 DPI)']:.1f} rasterise + "
        f"{costs['PNG encode']:.1f} PNG encode + checks)": costs[
            "render_page in all (rasterise, checks, encode)"
        ],
        "request body (base64 + JSON)": costs["request body (base64 + JSON)"],
    }


def _table(title: str, header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    lines = [
        f"**{title}**",
        "",
        "| " + " | ".join(header) + " |",
        "| " + " | ".join("---" for _ in header) + " |",
    ]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


BENCHMARKS = {
    "saturation": saturation,
    "straggler": straggler,
    "cpu-cost": cpu_cost,
    "host-capacity": host_capacity,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.engine_bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("benchmark", choices=sorted(BENCHMARKS))
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    parser.add_argument(
        "--index-engines",
        default="",
        help="host-capacity: the daemon's index_engine, one run per value side by side "
        "(e.g. whoosh,tantivy; empty: the setting's default)",
    )
    parser.add_argument(
        "--endpoints", default="1,4", help="host-capacity: simulator endpoints per run"
    )
    parser.add_argument(
        "--sim-stream-intervals",
        default="1",
        help="host-capacity: the simulators' --stream-interval, one run per value (e.g. 1,16)",
    )
    parser.add_argument(
        "--profile",
        default="ovisocr2",
        choices=[profile.value for profile in ProfileName],
        help="the daemon's profile (ovisocr2 streams its answers; default ovisocr2)",
    )
    arguments = parser.parse_args(argv)
    # The other benchmarks run one daemon: the first engine named (None: the default).
    arguments.index_engine = arguments.index_engines.split(",")[0] or None
    if arguments.keep is not None:
        arguments.keep.mkdir(parents=True, exist_ok=True)
        table = BENCHMARKS[arguments.benchmark](arguments, arguments.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="docvault-bench-") as folder:
            table = BENCHMARKS[arguments.benchmark](arguments, Path(folder))
    sys.stdout.write(f"\nmachine: {os.cpu_count()} cores\n\n{table}")


if __name__ == "__main__":
    main()
