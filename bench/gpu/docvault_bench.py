#!/usr/bin/env python3
"""Issue 8 on the device: docvault driving a real vLLM 0.22.1, started by docvault's supervisor.

One run (one device call) does, inside one absolute deadline:

  start   the engine through `docvault.ocr.vllm_server.VllmSupervisor` (the tuned flags plus
          `--served-model-name` and this run's flags), while the page sets are made
  warmup  8 pages at 8 in flight (Triton JIT of the first requests stays out of the figures)
  b32/b64 the bare load generator: exactly 32 (64) requests in flight, the `bench` profile's
          first-pass body (600 tokens out, ignore_eos), latency per request
  c32/c64 docvault's daemon (`python -m docvault run`, profile `bench`) end to end: a 5-page
          warm-up letter, then every letter moved into the inbox at once; pages/min from the
          first page done to the last, and from the move to the last page indexed
  d       the loop path: 4 pages with the normal `ovisocr2` profile (4096-token cap, no
          ignore_eos); the attempt rows of each page from the database
  d?      the same, only if no earlier run in --work recorded it
  r       DeepSeek-OCR-2's repeat control on the real engine (issue 16): 4 pages, each sent
          three ways with `return_token_ids`: the `deepseek-ocr-2` profile's own body (n-gram
          30 in 90, 4096-token cap), no repeat control, and a strict rule (no bigram twice in
          600 tokens); counts the repeated n-grams in the token ids each way and keeps the
          profile's raw answers (DIR/deepseek_responses.json) as the parser's test fixtures

The model, its served name and the profiles are arguments (--model, --served-name,
--bench-profile for b/c, --loop-profile for d and r): the OvisOCR2 defaults, or
`--served-name deepseek-ai/DeepSeek-OCR-2 --bench-profile deepseek-ocr-2-bench
--loop-profile deepseek-ocr-2` for the DeepSeek-OCR-2 run.

Pages are distinct synthetic letters (bench/pages.py: seeded text set in A4 PDFs, rendered by
docvault's renderer at 150 DPI). Every step has its own seed, so no image reaches one engine
process twice; a later run (another engine start) uses the same sets for the same steps, so
seed flags and improved flags see the same pages.

  python3 bench/gpu/docvault_bench.py --out DIR --label seed --steps b32,c32,b64,d
  python3 bench/gpu/docvault_bench.py --out DIR --label improved --flags "--api-server-count 4" \
      --steps b32,b64,c32,c64,d? --compare /tmp/dvbench/results_seed.json
  python3 bench/gpu/docvault_bench.py --engine sim ...   # local test: the engine simulator
                                                         # behind the same supervisor

Writes DIR/results.json, DIR/table.md, DIR/server.log (the supervisor's copy of the engine's
output), DIR/daemon.log, DIR/attempts.tsv, and a copy of the results in --work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import json
import logging
import multiprocessing
import os
import shlex
import shutil
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
# `python3 bench/gpu/docvault_bench.py` puts bench/gpu first on sys.path, where bench.py (the
# recipe's client) would shadow the package `bench`.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

from typing import TYPE_CHECKING  # noqa: E402

if TYPE_CHECKING:  # the daemon's modules need pydantic, from vLLM's tree: not there at install
    from bench.engine_bench import BenchDaemon as Daemon
from bench.gpu import pyspy  # noqa: E402
from bench.gpu.cpu_sampler import CpuSampler  # noqa: E402
from bench.loadgen import request_bodies  # noqa: E402
from bench.pages import render_letters, write_letters  # noqa: E402
from docvault.render import RenderOptions  # noqa: E402
from docvault.vocabulary import SamplingMode  # noqa: E402
from docvault.ocr.profiles import BENCH_PROFILE_NAMES, get_profile  # noqa: E402
from docvault.ocr.vllm_server import (  # noqa: E402
    VllmReplicas,
    VllmServerSettings,
)

SERVED_NAME = "ATH-MaaS/OvisOCR2"
# docvault's tuned engine flags (TUNED_ARGUMENTS) for vllm.LLM in offline_ceiling.py, less the
# API server's access-log switch.
TUNED_FOR_OFFLINE = ("--gpu-memory-utilization", "0.9", "--max-model-len", "32768",
                     "--gdn-prefill-backend", "triton", "--mm-processor-cache-gb", "0")
# Seed offsets of the page sets: one set per step, so no engine process sees an image twice.
SET_OFFSETS = {"b32": 1, "c32": 2, "b64": 3, "c64": 4, "d": 5, "warmup": 6, "c32-warm": 7,
               "c64-warm": 8, "r": 9, "b16": 10, "c16": 11, "c16-warm": 12, "b128": 13,
               "c128": 14, "c128-warm": 15, "g64": 16, "j64": 17, "p64": 18}
# bN: the bare load generator, cN: docvault's daemon, N requests in flight per replica.
BARE_STEPS = ("b16", "b32", "b64", "b128")
DAEMON_STEPS = ("c16", "c32", "c64", "c128")
# The bare steps send what docvault's daemon sends: PNG rendered on the profile's patch grid
# (render_grid's default since the issue-17 device run; before it, bN sent PNG at the rendered
# size, which is what p64 sends now). gN, jN, pN: the bare load generator with other page
# images, compared with bN at the same in flight: g = PNG on the 32-px grid (= bN for the
# OvisOCR2 profiles), j = JPEG quality 90 on the grid, p = PNG at the rendered size.
IMAGE_STEPS = {"g64": RenderOptions(grid=32),
               "j64": RenderOptions(image_format="jpeg", jpeg_quality=90, grid=32),
               "p64": RenderOptions()}
MEASURED_STEPS = ("b16", "c16", "b32", "c32", "b64", "c64", "b128", "c128", "g64", "j64", "p64")
WARM_UP_PAGES = 5
LOOP_PAGES = 4
REPEAT_PAGES = 4
# The strict variant of step r: no token may repeat a bigram of the last 600 (the whole answer).
STRICT_RULE = {"ngram_size": 2, "window_size": 600}
REPEAT_MAX_TOKENS = 600
WARMUP_REQUESTS = 8
# Seconds kept back at the end for stopping the engine (SIGTERM, 20 s grace) and the shell's
# log collection; the caller's deadline already leaves the device tool's margin.
STOP_RESERVE = 25.0
# Least time a step needs to say anything (measured on the H200 with the seed's flags:
# 256 pages at 32 in flight ~35-45 s; a daemon run adds ~10 s of start and warm-up).
STEP_NEEDS = {"b16": 45.0, "b32": 45.0, "b64": 35.0, "b128": 35.0, "c16": 70.0, "c32": 70.0,
              "c64": 60.0, "c128": 60.0, "d": 60.0, "r": 40.0, "g64": 35.0, "j64": 35.0, "p64": 35.0}
POLL = 0.1

log = logging.getLogger("docvault_bench")


def now() -> float:
    return time.time()


# --- page sets ------------------------------------------------------------------------------


def letters_for(work: Path, name: str, pages: int, seed: int, per_document: int = 5) -> list[Path]:
    """The letters of one set, made once per machine and kept in `work/pages`."""
    folder = work / "pages" / f"{name}-{seed}-{pages}"
    marker = folder / ".complete"
    if marker.exists():
        return sorted(folder.glob("*.pdf"))
    shutil.rmtree(folder, ignore_errors=True)
    paths = write_letters(folder, pages, pages_per_document=per_document, seed=seed)
    marker.touch()
    return paths


def bodies_for(paths: list[Path], profile: str = "bench",
               options: RenderOptions | None = None) -> list[bytes]:
    """The profile's first-pass request bodies of these letters' pages (vLLM's form), rendered
    as docvault's daemon renders them for that profile unless `options` says otherwise."""
    chosen = get_profile(profile)
    options = options or RenderOptions(grid=chosen.image_grid)
    return request_bodies(render_letters(paths, options), chosen)


def wanted_sets(pages: int, steps: list[str]) -> dict[str, tuple[int, int]]:
    """Set name -> (pages, pages per document) for these steps, plus the warm-up requests."""
    wanted: dict[str, tuple[int, int]] = {"warmup": (WARMUP_REQUESTS, 4)}
    for step in steps:
        base = step.rstrip("?")
        if base in BARE_STEPS or base in IMAGE_STEPS:
            wanted[base] = (pages, 5)
        elif base in DAEMON_STEPS:
            wanted[base] = (pages, 5)
            wanted[f"{base}-warm"] = (WARM_UP_PAGES, 5)
        elif base == "d":
            wanted["d"] = (LOOP_PAGES, LOOP_PAGES)
        elif base == "r":
            wanted["r"] = (REPEAT_PAGES, REPEAT_PAGES)
    return wanted


async def make_sets(pool: ProcessPoolExecutor, work: Path, pages: int, seed: int,
                    steps: list[str]) -> dict[str, list[Path]]:
    """Every set the steps need, made in worker processes (the event loop must keep draining
    the engine's output meanwhile)."""
    loop = asyncio.get_running_loop()
    wanted = wanted_sets(pages, steps)
    made = await asyncio.gather(*(
        loop.run_in_executor(pool, letters_for, work, name, count, seed + SET_OFFSETS[name],
                             per_document)
        for name, (count, per_document) in wanted.items()))
    return dict(zip(wanted, made, strict=True))


async def make_bodies(pool: ProcessPoolExecutor, letters: list[Path],
                      profile: str = "bench", options: RenderOptions | None = None) -> list[bytes]:
    loop = asyncio.get_running_loop()
    chunks = [letters[i:i + 4] for i in range(0, len(letters), 4)]
    make = functools.partial(bodies_for, profile=profile, options=options)
    parts = await asyncio.gather(*(loop.run_in_executor(pool, make, c) for c in chunks))
    return [body for part in parts for body in part]


# --- the engine -----------------------------------------------------------------------------

SIM_SHIM = '''\
"""Stands in for `vllm serve MODEL ...` in the local test: keeps --host/--port, drops the rest."""
import os, sys
arguments = sys.argv[1:]
assert arguments[0] == "serve", arguments
host = arguments[arguments.index("--host") + 1]
port = arguments[arguments.index("--port") + 1]
extra = os.environ.get("SIM_ARGS", "").split()
os.execv(sys.executable, [sys.executable, "-m", "devtools.engine_sim",
                          "--host", host, "--port", port, *extra])
'''


def replica_settings(args: argparse.Namespace) -> list[VllmServerSettings]:
    """Each replica's settings: port --port + i, the same flags, --memory-share each, and
    with --gpus the i-th GPU of the list, round-robin (docvault's vllm_gpus)."""
    share = ("--gpu-memory-utilization", f"{args.memory_share:g}") if args.memory_share else ()
    gpus = [gpu.strip() for gpu in args.gpus.split(",") if gpu.strip()]
    return [
        replace(engine_settings(args), port=args.port + number,
                arguments=(*engine_settings(args).arguments, *share),
                gpus=gpus[number % len(gpus)] if gpus else "")
        for number in range(args.replicas)
    ]


def engine_settings(args: argparse.Namespace) -> VllmServerSettings:
    """How docvault's supervisor runs the engine in this benchmark."""
    environment = dict(os.environ)
    if args.engine == "sim":
        shim = args.work / "fake_vllm.py"
        shim.write_text(SIM_SHIM)
        command: tuple[str, ...] = (sys.executable, str(shim))
        environment["PYTHONPATH"] = os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])
        environment["SIM_ARGS"] = args.sim_args
    else:
        command = tuple(shlex.split(args.vllm_command))
        # vLLM sees only its own tree: docvault's wheels (/tmp/dvsite) must not shadow its deps.
        # + the code: the engine runs under python -m docvault.runtime.lifeline, from any directory
        environment["PYTHONPATH"] = os.pathsep.join([args.vllm_pythonpath, str(REPO)])
        environment["VLLM_USE_FLASHINFER_SAMPLER"] = "0"  # flashinfer is not carried
    arguments = ("--served-model-name", args.served_name, *shlex.split(args.flags))
    return VllmServerSettings(
        model=args.model,
        host="127.0.0.1",
        port=args.port,
        command=command,
        arguments=arguments,
        environment=environment,
        cache_folder=args.engine_cache if args.engine == "vllm" else "",
        start_timeout_seconds=3600.0,  # the benchmark's own deadline decides
        stop_grace_seconds=20.0,
        health_interval_seconds=1.0,
        backoff_initial_seconds=3600.0,  # a crash is reported, not restarted mid-run
        backoff_max_seconds=3600.0,
    )


def log_engine_output(path: Path) -> None:
    """The supervisor copies the engine's output into its logger: keep it in a file."""
    handler = logging.FileHandler(path)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    engine_logger = logging.getLogger("docvault.ocr.vllm_server")
    engine_logger.setLevel(logging.DEBUG)
    engine_logger.addHandler(handler)
    engine_logger.propagate = False


async def wait_up(replicas: VllmReplicas, until: float, work: Path) -> str | None:
    """None once every replica's /health answers 200; else why not. Leaves the engines' PIDs
    in work/engine.pid, one a line (the shell kills their process groups if this process dies:
    each is a session of its own)."""
    while now() < until:
        states = replicas.states
        pids = [str(state.pid) for state in states if state.pid]
        (work / "engine.pid").write_text("".join(f"{pid}\n" for pid in pids))
        if all(state.status.value == "up" for state in states):
            return None
        for number, state in enumerate(states):
            if state.last_exit_code is not None or state.last_error:
                return (f"engine replica {number} exited (code {state.last_exit_code}): "
                        f"{state.last_error}")
        await asyncio.sleep(0.5)
    return "engine not healthy before the deadline"


async def wait_external(state_file: Path, until: float) -> tuple[list[str], dict[str, Any], str | None]:
    """The URLs of the replicas `replicas_up.py` keeps running, once all are up; else why not."""
    state: dict[str, Any] = {}
    while now() < until:
        with contextlib.suppress(OSError, ValueError):
            state = json.loads(state_file.read_text())
        replicas = state.get("replicas", [])
        if state.get("failed"):
            return [], state, f"the replicas' launcher failed: {state['failed']}"
        exited = [r for r in replicas if r.get("last_exit_code") is not None or r.get("last_error")]
        if exited:  # the launcher restarts nobody mid-run (backoff 3600 s): say so at once
            return [], state, f"engine replica(s) exited: {exited}"
        if replicas and all(replica["status"] == "up" for replica in replicas):
            return [replica["base_url"] for replica in replicas], state, None
        await asyncio.sleep(1.0)
    return [], state, f"replicas not all up before the deadline: {state.get('replicas')}"


class GpuSampler:
    """`nvidia-smi` once a second while a step runs: GPU utilisation and memory, summarised.

    Each line is stamped with this machine's clock as it arrives, so a summary can keep only
    the samples of a window inside the step (a daemon step's pages, without its start and its
    warm-up letter, which made run 2's daemon means read low against the bare steps')."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.process: subprocess.Popen[str] | None = None
        self.reader: threading.Thread | None = None

    def __enter__(self) -> GpuSampler:
        if shutil.which("nvidia-smi") is None:
            return self
        self.process = subprocess.Popen(
            ["nvidia-smi", "--query-gpu=index,utilization.gpu,memory.used",
             "--format=csv,noheader,nounits", "-l", "1"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.reader = threading.Thread(target=self.copy, daemon=True)
        self.reader.start()
        return self

    def copy(self) -> None:
        assert self.process is not None and self.process.stdout is not None
        with self.path.open("w") as out:
            for line in self.process.stdout:
                out.write(f"{time.time():.3f}, {line}")
                out.flush()

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            self.process.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(5)
        if self.reader is not None:
            self.reader.join(5)

    def summary(self, window: tuple[float, float] | None = None) -> dict[str, Any]:
        return gpu_summary(self.path.read_text() if self.path.exists() else "", window)


def gpu_summary(text: str, window: tuple[float, float] | None = None) -> dict[str, Any]:
    """Mean, median and max GPU utilisation (%) and the most memory used (MiB) of the samples
    (`[stamp, ]index, utilisation, memory` lines), over every GPU; with several GPUs also
    each's. With `window` (epoch seconds), only the stamped samples inside it."""
    samples: dict[str, list[tuple[float, float]]] = {}
    for line in text.splitlines():
        parts = [part.strip() for part in line.split(",")]
        with contextlib.suppress(ValueError, IndexError):
            if len(parts) == 4:
                stamp, parts = float(parts[0]), parts[1:]
                if window is not None and not window[0] <= stamp <= window[1]:
                    continue
            utilisation, memory = float(parts[1]), float(parts[2])
            samples.setdefault(parts[0], []).append((utilisation, memory))
    every = [sample for gpu in samples.values() for sample in gpu]
    if not every:
        return {"samples": 0, "note": "no nvidia-smi samples (not on a GPU machine?)"}
    summary = samples_summary(every)
    if window is not None:
        summary["window"] = "the pages' own span (the daemon's start and warm-up left out)"
    if len(samples) > 1:
        summary["per_gpu"] = {index: samples_summary(gpu) for index, gpu in samples.items()}
    return summary


def samples_summary(samples: list[tuple[float, float]]) -> dict[str, Any]:
    utilisations = [sample[0] for sample in samples]
    return {"samples": len(samples), "util_mean_pct": round(statistics.mean(utilisations), 1),
            "util_median_pct": statistics.median(utilisations), "util_max_pct": max(utilisations),
            "memory_max_mib": max(sample[1] for sample in samples)}


# --- the bare load generator ----------------------------------------------------------------


def percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)


async def load(urls: list[str], bodies: list[bytes], per_url: int, limit: float) -> dict[str, Any]:
    """POST every body with exactly `per_url` in flight at each URL; per-request latency."""
    pending = iter(bodies)
    results: list[dict[str, Any]] = []
    concurrency = per_url * len(urls)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    headers = {"content-type": "application/json"}
    async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(600.0, pool=None)) as client:

        async def sender(url: str) -> None:
            for body in pending:
                sent = time.monotonic()
                try:
                    response = await client.post(f"{url}/chat/completions", content=body,
                                                 headers=headers)
                except httpx.HTTPError as error:
                    results.append({"status": repr(error)[:200], "sent": sent,
                                    "done": time.monotonic()})
                    continue
                row: dict[str, Any] = {"status": response.status_code, "sent": sent,
                                       "done": time.monotonic()}
                if response.status_code == 200:
                    answer = response.json()
                    row["finish"] = answer["choices"][0]["finish_reason"]
                    row["prompt"] = answer["usage"]["prompt_tokens"]
                    row["completion"] = answer["usage"]["completion_tokens"]
                else:
                    row["error"] = response.text[:300]
                results.append(row)

        started = time.monotonic()
        try:
            senders = [sender(url) for url in urls for _ in range(per_url)]
            await asyncio.wait_for(asyncio.gather(*senders), limit)
            timed_out = False
        except TimeoutError:
            timed_out = True
        wall = time.monotonic() - started
    return load_summary(results, len(bodies), concurrency, wall, timed_out)


def load_summary(results: list[dict[str, Any]], pages: int, concurrency: int, wall: float,
                 timed_out: bool) -> dict[str, Any]:
    ok = [row for row in results if row["status"] == 200]
    latencies = [row["done"] - row["sent"] for row in ok]
    done = sorted(row["done"] for row in ok)
    statuses: dict[str, int] = {}
    finishes: dict[str, int] = {}
    for row in results:
        statuses[str(row["status"])] = statuses.get(str(row["status"]), 0) + 1
    for row in ok:
        finishes[row["finish"]] = finishes.get(row["finish"], 0) + 1
    span = done[-1] - done[0] if len(done) > 1 else 0.0
    return {
        "kind": "bare load generator",
        "in_flight": concurrency,
        "pages": pages,
        "ok": len(ok),
        "timed_out": timed_out,
        "wall_s": round(wall, 2),
        "pages_per_min": round(len(ok) * 60 / wall, 1) if wall else None,
        "gpu_s_per_page": round(wall / len(ok), 4) if ok else None,
        "done_to_done_pages_per_min": round((len(done) - 1) * 60 / span, 1) if span else None,
        "latency_p50_s": percentile(latencies, 0.50),
        "latency_p95_s": percentile(latencies, 0.95),
        "latency_max_s": percentile(latencies, 1.0),
        "mean_prompt_tokens": round(statistics.mean(r["prompt"] for r in ok), 1) if ok else None,
        "mean_completion_tokens": round(statistics.mean(r["completion"] for r in ok), 1)
        if ok else None,
        "statuses": statuses,
        "finish_reasons": finishes,
        "errors": [row for row in results if row["status"] != 200][:3],
    }


# --- docvault's daemon ----------------------------------------------------------------------


def stage(letters: list[Path], folder: Path) -> list[Path]:
    """Copies of the letters next to the inbox (one file system: the later move is atomic)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return [Path(shutil.copy2(path, folder / path.name)) for path in letters]


def start_daemon(folder: Path, url: str, concurrency: int, profile: str,
                 render_workers: int) -> Daemon:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    from bench.engine_bench import BenchDaemon

    daemon = BenchDaemon(folder, url, concurrency)
    # An empty config file of its own, and explicit paths: with DOCVAULT_CONFIG empty docvault
    # would read /etc/docvault/docvault.toml where one exists (seen on a development machine).
    config = folder / "docvault.toml"
    config.write_text("")
    daemon.environment.update({
        "DOCVAULT_CONFIG": str(config),
        "DOCVAULT_DATA_DIR": str(folder / "docvault-data"),
        "DOCVAULT_INBOX": str(daemon.inbox),
        # A benchmark's profile (600 tokens a page) is no setting's value.
        "DOCVAULT_BENCH_PROFILE" if profile in BENCH_PROFILE_NAMES else "DOCVAULT_PROFILE": profile,
        "DOCVAULT_RENDER_WORKERS": str(render_workers),
        "DOCVAULT_STOP_TIMEOUT_SECONDS": "5",
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]).rstrip(":"),
    })
    daemon.start()
    return daemon


def stop_daemon(daemon: Daemon, logs: list[tuple[str, Path]], name: str) -> None:
    with contextlib.suppress(Exception):
        daemon.stop()
    if daemon.process is not None and daemon.process.poll() is None:
        daemon.process.kill()
    logs.append((name, daemon.log))


def wait_settled(daemon: Daemon, pages: int, until: float) -> bool:
    while now() < until:
        with contextlib.suppress(sqlite3.Error):
            if daemon.settled(pages):
                return True
        if daemon.process is not None and daemon.process.poll() is not None:
            return False
        time.sleep(POLL)
    return False


def daemon_run(args: argparse.Namespace, name: str, concurrency: int, sets: dict[str, list[Path]],
               logs: list[tuple[str, Path]], until: float) -> dict[str, Any]:
    """Warm the daemon up with one letter, move the set into its inbox at once, time it."""
    folder = args.work / "runs" / f"{args.label}-{name}"
    daemon = start_daemon(folder, args.engine_url, concurrency, args.bench_profile,
                          args.render_workers)
    try:
        for path in stage(sets[f"{name}-warm"], folder / "staging-warm"):
            path.rename(daemon.inbox / path.name)
        if not wait_settled(daemon, WARM_UP_PAGES, min(until, now() + 60)):
            return {"kind": "docvault daemon", "error": "warm-up letter not done in 60 s"}
        staged = stage(sets[name], folder / "staging")
        pages = args.pages
        # the host's CPU from the letters' move to the last page indexed (the daemon's start
        # and warm-up letter left out): whose cores the pages cost, docvault's or vLLM's
        # py-spy on the daemon only in the steps PYSPY_STEPS names: sampling costs a little
        # CPU, so a step that gives docvault / bare goes without it
        profiled = name in os.environ.get("PYSPY_STEPS", "").split(",")
        samples = args.work / f"pyspy-{args.label}-{name}.txt"
        recorder = pyspy.start(daemon.process.pid, samples) if profiled and daemon.process else None
        with CpuSampler() as cpu:
            started, window_start = time.monotonic(), time.time()
            for path in staged:
                path.rename(daemon.inbox / path.name)
            settled = wait_settled(daemon, WARM_UP_PAGES + pages, until)
            inbox_to_indexed = time.monotonic() - started
        pyspy.stop(recorder)
        in_flight = concurrency * len(args.engine_urls)  # concurrency is per endpoint
        summary = daemon_summary(daemon, pages, in_flight, inbox_to_indexed, settled)
        summary["cpu"] = cpu.summary(pages)
        summary["window_epoch_s"] = [window_start, window_start + inbox_to_indexed]
        if profiled:
            summary["pyspy"] = pyspy.summary(samples)
        return summary
    finally:
        stop_daemon(daemon, logs, name)


def daemon_summary(daemon: Daemon, pages: int, concurrency: int, inbox_to_indexed: float,
                   settled: bool) -> dict[str, Any]:
    measured = "document_id > (SELECT MIN(id) FROM documents)"  # not the warm-up letter
    first, last = daemon.query(
        f"SELECT MIN(finished_at), MAX(finished_at) FROM pages WHERE {measured} "
        "AND finished_at IS NOT NULL")[0]
    statuses = dict(daemon.query(
        f"SELECT status, COUNT(*) FROM pages WHERE {measured} GROUP BY status"))
    finished = sum(statuses.get(s, 0) for s in ("done", "looped", "failed"))
    attempts = daemon.query(
        "SELECT seconds, finish_reason, completion_tokens, prompt_tokens, verdict FROM attempts "
        f"WHERE page_id IN (SELECT id FROM pages WHERE {measured})")
    span = ((datetime.fromisoformat(last) - datetime.fromisoformat(first)).total_seconds()
            if first and last else 0.0)
    # The bare load generator's clock runs from the first request sent to the last answer; the
    # daemon's equivalent starts at its first engine call (an attempt row is written when its
    # page finishes, `seconds` after the call went out). Done-to-done alone leaves out the
    # first wave's latency: with 600-token pages the waves finish together, so it reads
    # ~1/waves high.
    busy = daemon.query(
        f"SELECT (SELECT julianday(MAX(finished_at)) FROM pages WHERE {measured}) - "
        "MIN(julianday(created_at) - seconds / 86400.0) FROM attempts "
        f"WHERE page_id IN (SELECT id FROM pages WHERE {measured})")[0][0]
    busy = busy * 86400.0 if busy else 0.0
    latencies = [row[0] for row in attempts]
    finishes: dict[str, int] = {}
    for row in attempts:
        finishes[str(row[1])] = finishes.get(str(row[1]), 0) + 1
    return {
        "kind": "docvault daemon",
        "in_flight": concurrency,
        "pages": pages,
        "ok": statuses.get("done", 0),
        "settled": settled,
        "statuses": statuses,
        "attempts": len(attempts),
        "finish_reasons": finishes,
        "first_sent_to_last_done_s": round(busy, 2),
        "pages_per_min": round(finished * 60 / busy, 1) if busy > 0 else None,
        "gpu_s_per_page": round(busy / finished, 4) if busy > 0 and finished else None,
        "done_to_done_s": round(span, 2),
        "done_to_done_pages_per_min": round((finished - 1) * 60 / span, 1) if span else None,
        "inbox_to_indexed_s": round(inbox_to_indexed, 2),
        "inbox_to_indexed_pages_per_min": round(finished * 60 / inbox_to_indexed, 1)
        if settled else None,
        "latency_p50_s": percentile(latencies, 0.50),
        "latency_p95_s": percentile(latencies, 0.95),
        "latency_max_s": percentile(latencies, 1.0),
        "mean_prompt_tokens": round(statistics.mean(r[3] or 0 for r in attempts), 1)
        if attempts else None,
        "mean_completion_tokens": round(statistics.mean(r[2] or 0 for r in attempts), 1)
        if attempts else None,
    }


def loop_run(args: argparse.Namespace, sets: dict[str, list[Path]],
             logs: list[tuple[str, Path]], until: float) -> dict[str, Any]:
    """A few pages with the normal profile: greedy to the 4096 cap, then what docvault does."""
    folder = args.work / "runs" / f"{args.label}-d"
    daemon = start_daemon(folder, args.engine_url, LOOP_PAGES, args.loop_profile, 2)
    try:
        started = time.monotonic()
        for path in stage(sets["d"], folder / "staging"):
            path.rename(daemon.inbox / path.name)
        settled = wait_settled(daemon, LOOP_PAGES, until)
        seconds = time.monotonic() - started
        rows = daemon.query(
            "SELECT p.id, p.number, p.status, a.settings, a.finish_reason, a.prompt_tokens, "
            "a.completion_tokens, round(a.seconds, 2), a.verdict, a.repeating_unit "
            "FROM pages p LEFT JOIN attempts a ON a.page_id = p.id ORDER BY p.id, a.id")
        texts = daemon.query("SELECT p.id, substr(p.markdown, 1, 600) FROM pages p ORDER BY p.id")
    finally:
        stop_daemon(daemon, logs, "d")
    summary = loop_summary(rows, settled, seconds)
    summary["kind"] = f"loop path (profile {args.loop_profile})"
    summary["page_text_starts"] = [text for _, text in texts]
    return summary


def loop_summary(rows: list[tuple[Any, ...]], settled: bool, seconds: float) -> dict[str, Any]:
    pages: dict[int, dict[str, Any]] = {}
    for page_id, number, status, settings, finish, prompt, completion, secs, verdict, unit in rows:
        page = pages.setdefault(page_id, {"page": number, "status": status, "attempts": []})
        if settings is None:
            continue
        setting = json.loads(settings)
        page["attempts"].append({
            "mode": setting.get("mode"), "max_tokens": setting.get("max_tokens"),
            "frequency_penalty": setting.get("frequency_penalty"), "finish_reason": finish,
            "prompt_tokens": prompt, "completion_tokens": completion, "seconds": secs,
            "verdict": verdict, "repeating_unit": (unit or "")[:40] or None,
        })
    checks = []
    for page in pages.values():
        attempts = page["attempts"]
        first_ok = bool(attempts) and attempts[0]["mode"] == "greedy" and \
            attempts[0]["frequency_penalty"] == 0 and attempts[0]["finish_reason"] == "length"
        second = attempts[1] if len(attempts) > 1 else None
        penalty_ok = second is not None and second["frequency_penalty"] == 0.3
        page["greedy_to_cap_then_penalty_0.3"] = first_ok and penalty_ok
        page["path"] = " -> ".join(
            f"{a['mode']}(max {a['max_tokens']}, fp {a['frequency_penalty']}): "
            f"{a['finish_reason']} {a['completion_tokens']} tok {a['seconds']} s {a['verdict']}"
            for a in attempts) + f" => {page['status']}"
        checks.append(page["greedy_to_cap_then_penalty_0.3"])
    return {
        "kind": "loop path (profile ovisocr2)",
        "pages": len(pages),
        "settled": settled,
        "seconds": round(seconds, 1),
        "statuses": {s: sum(1 for p in pages.values() if p["status"] == s)
                     for s in {p["status"] for p in pages.values()}},
        "all_greedy_to_cap_then_penalty_0.3": bool(checks) and all(checks),
        "all_looped": bool(pages) and all(p["status"] == "looped" for p in pages.values()),
        "per_page": list(pages.values()),
    }


# --- DeepSeek-OCR-2's repeat control ----------------------------------------------------------


def repeats(ids: list[int], ngram: int, window: int, allowed: frozenset[int] = frozenset()) -> int:
    """Tokens that complete an n-gram already seen among the last `window` tokens before them,
    counted the way the no-repeat rule bans them (whitelisted tokens may repeat)."""
    count = 0
    for end in range(ngram, len(ids) + 1):
        token = ids[end - 1]
        if token in allowed:
            continue
        gram = tuple(ids[end - ngram:end])
        start = max(0, end - 1 - window)
        earlier = ids[start:end - 1]
        if any(tuple(earlier[i:i + ngram]) == gram for i in range(len(earlier) - ngram + 1)):
            count += 1
    return count


def repeat_bodies(paths: list[Path], profile_name: str) -> list[dict[str, Any]]:
    """Per page the three request variants of step r, each asking for the token ids."""
    profile = get_profile(profile_name)
    variants = []
    for image in render_letters(paths):
        body = profile.request_body(image, profile.request(SamplingMode.greedy))
        body["return_token_ids"] = True
        plain = {k: v for k, v in body.items() if k != "vllm_xargs"}
        plain["max_tokens"] = REPEAT_MAX_TOKENS
        strict = {**plain, "vllm_xargs": dict(STRICT_RULE)}
        variants.append({"profile": body, "none": plain, "strict": strict})
    return variants


async def repeat_run(args: argparse.Namespace, sets: dict[str, list[Path]],
                     pool: ProcessPoolExecutor, limit: float) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    pages = await loop.run_in_executor(
        pool, functools.partial(repeat_bodies, profile_name=args.loop_profile), sets["r"])
    rule = get_profile(args.loop_profile).repeat_control
    allowed = frozenset(rule.whitelist_token_ids) if rule else frozenset()
    async with httpx.AsyncClient(timeout=httpx.Timeout(limit, pool=None)) as client:

        async def send(variant: str, body: dict[str, Any]) -> dict[str, Any]:
            sent = time.monotonic()
            response = await client.post(f"{args.engine_urls[0]}/chat/completions", json=body)
            row: dict[str, Any] = {"variant": variant, "status": response.status_code,
                                   "seconds": round(time.monotonic() - sent, 2)}
            if response.status_code != 200:
                row["error"] = response.text[:300]
                return row
            answer = response.json()
            choice = answer["choices"][0]
            ids = list(choice.get("token_ids") or [])
            row.update(finish=choice["finish_reason"], usage=answer["usage"], tokens=len(ids),
                       content=choice["message"]["content"],
                       repeats_30_in_90=repeats(ids, 30, 90, allowed),
                       repeats_2_in_600=repeats(ids, 2, 600),
                       repeats_1_in_90=repeats(ids, 1, 90))
            return row

        rows = await asyncio.wait_for(asyncio.gather(*(
            send(variant, body) for page in pages for variant, body in page.items())), limit)
    table: dict[str, dict[str, Any]] = {}
    for row in rows:
        entry = table.setdefault(row["variant"], {"requests": 0, "ok": 0, "tokens": 0,
                                                  "repeats_30_in_90": 0, "repeats_2_in_600": 0,
                                                  "repeats_1_in_90": 0, "statuses": {}})
        entry["requests"] += 1
        entry["statuses"][str(row["status"])] = entry["statuses"].get(str(row["status"]), 0) + 1
        if row["status"] == 200:
            entry["ok"] += 1
            for key in ("tokens", "repeats_30_in_90", "repeats_2_in_600", "repeats_1_in_90"):
                entry[key] += row[key]
    answers = [{k: row.get(k) for k in ("finish", "usage", "tokens", "seconds", "content")}
               for row in rows if row["variant"] == "profile" and row["status"] == 200]
    (args.out / "deepseek_responses.json").write_text(json.dumps(answers, indent=1,
                                                                 ensure_ascii=False))
    errors = [row for row in rows if row["status"] != 200][:3]
    return {"kind": "repeat control", "pages": len(pages), "variants": table, "errors": errors,
            "profile_prompt_tokens": sorted({a["usage"]["prompt_tokens"] for a in answers})}


# --- the run --------------------------------------------------------------------------------


def machine() -> dict[str, str]:
    boot = Path("/proc/sys/kernel/random/boot_id")
    return {"host": socket.gethostname(), "boot_id": boot.read_text().strip() if boot.exists()
            else "", "cores": str(os.cpu_count())}


async def run(args: argparse.Namespace) -> dict[str, Any]:
    steps = [s for s in args.steps.split(",") if s]
    results: dict[str, Any] = {
        "label": args.label, "engine": args.engine, "flags": args.flags, "pages": args.pages,
        "seed": args.seed, "steps": steps, "machine": machine(), "skipped": [], "failed": {},
        "goal": args.goal, "memory_share": args.memory_share, "gpus": args.gpus,
    }
    logs: list[tuple[str, Path]] = []
    replicas = None if args.external else VllmReplicas(replica_settings(args))
    if replicas is not None:
        results["engine_command"] = [" ".join(command) for command in replicas.command_lines()]
        log.info("engine commands: %s", results["engine_command"])
    results["replicas"] = args.replicas
    # spawn, not fork: this process has threads and the engine's pipes open
    pool = ProcessPoolExecutor(max_workers=min(8, os.cpu_count() or 2),
                               mp_context=multiprocessing.get_context("spawn"))
    try:
        launched = now()
        if replicas is not None:
            await replicas.start()
        # the page sets and the load generator's bodies are made while the engine starts
        sets = await make_sets(pool, args.work, args.pages, args.seed, steps)
        bodies = {name: await make_bodies(pool, sets[name], args.bench_profile,
                                          IMAGE_STEPS.get(name))
                  for name in ("warmup", *BARE_STEPS, *IMAGE_STEPS) if name in sets}
        results["sets_ready_s"] = round(now() - launched, 1)
        log.info("page sets ready after %.1f s", now() - launched)
        until = args.deadline - STOP_RESERVE - 30
        if replicas is not None:
            problem = await wait_up(replicas, until, args.work)
            results["startup_s"] = round(now() - launched, 1) if problem is None else None
        else:
            args.engine_urls, state, problem = await wait_external(args.external, until)
            if args.endpoints:  # e.g. one GPU alone: the first replica of a one-per-GPU layout
                args.engine_urls = args.engine_urls[:args.endpoints]
            results["launcher"] = state
            results["startup_s"] = state.get("all_up_s")
            results["engine_command"] = state.get("commands")
            results["flags"], results["memory_share"] = state.get("flags"), state.get("memory_share")
            args.engine_url = ",".join(args.engine_urls)
        if problem:
            results["failed"]["start"] = problem
            log.error("%s", problem)
            return results
        log.info("engines healthy after %s s: %s", results["startup_s"], args.engine_urls)
        await run_steps(args, steps, sets, bodies, logs, results, pool)
    except Exception as error:  # noqa: BLE001 - the results so far must still be written
        results["failed"]["run"] = repr(error)[:500]
        log.exception("run failed")
    finally:
        pool.shutdown(cancel_futures=True)
        if replicas is not None:
            stop_started = now()
            await replicas.stop()
            results["engine_stop_s"] = round(now() - stop_started, 1)
            results["engine_final_state"] = [str(state) for state in replicas.states]
        collect_daemon_logs(args.out / "daemon.log", logs)
    return results


async def run_steps(args: argparse.Namespace, steps: list[str], sets: dict[str, list[Path]],
                    bodies: dict[str, list[bytes]], logs: list[tuple[str, Path]],
                    results: dict[str, Any], pool: ProcessPoolExecutor) -> None:
    def left() -> float:
        return args.deadline - STOP_RESERVE - now()

    # 8 per replica: each engine process pays its first-request JIT outside the figures
    warm = await load(args.engine_urls, bodies["warmup"] * len(args.engine_urls), WARMUP_REQUESTS,
                      max(5.0, left()))
    results["warmup"] = warm
    log.info("warm-up: %s", {k: warm[k] for k in ("ok", "wall_s", "latency_max_s")})
    for step in steps:
        base = step.rstrip("?")
        if step.endswith("?") and (args.work / f"{base}_recorded").exists():
            results["skipped"].append(f"{base}: recorded by an earlier run")
            continue
        if left() < STEP_NEEDS[base]:
            results["skipped"].append(f"{base}: {left():.0f} s left, needs {STEP_NEEDS[base]:.0f}")
            log.warning("skipping %s: %.0f s left", base, left())
            continue
        log.info("step %s (%.0f s left)", base, left())
        try:
            with GpuSampler(args.work / f"gpu-{args.label}-{base}.csv") as sampler:
                await run_step(args, base, sets, bodies, logs, results, pool, left())
            if base in results:
                window = results[base].get("window_epoch_s")
                results[base]["gpu"] = sampler.summary(tuple(window) if window else None)
                results[base]["replicas"] = len(args.engine_urls)
        except Exception as error:  # noqa: BLE001 - a failed step must not lose the others
            results["failed"][base] = repr(error)[:500]
            log.exception("step %s failed", base)
            continue
        log.info("%s: %s", base, compact(results[base]))


async def run_step(args: argparse.Namespace, base: str, sets: dict[str, list[Path]],
                   bodies: dict[str, list[bytes]], logs: list[tuple[str, Path]],
                   results: dict[str, Any], pool: ProcessPoolExecutor, left: float) -> None:
    """One step; the in-flight number in a step's name counts per replica."""
    until = now() + left
    if base in BARE_STEPS or base in IMAGE_STEPS:
        with CpuSampler() as cpu:
            results[base] = await load(args.engine_urls, bodies[base], int(base[1:]), left)
        results[base]["cpu"] = cpu.summary(len(bodies[base]))
        results[base]["mean_body_kib"] = round(statistics.mean(map(len, bodies[base])) / 1024, 1)
    elif base in DAEMON_STEPS:
        results[base] = await asyncio.to_thread(
            daemon_run, args, base, int(base[1:]), sets, logs, until)
    elif base == "d":
        results[base] = await asyncio.to_thread(loop_run, args, sets, logs, until)
        if results[base]["settled"]:
            (args.work / "d_recorded").touch()
    elif base == "r":
        results[base] = await repeat_run(args, sets, pool, left)


async def prepare(args: argparse.Namespace) -> int:
    """Make every page set ahead (the install call), so the measuring calls find them."""
    started = now()
    with ProcessPoolExecutor(max_workers=min(8, os.cpu_count() or 2),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        sets = await make_sets(pool, args.work, args.pages, args.seed, args.steps.split(","))
        bodies = await make_bodies(pool, sets["warmup"])
    pages = sum(len(write_letters_pages(paths)) for paths in sets.values())
    log.info("page sets in %s: %s (%d pages) in %.1f s; a body is %.0f KiB", args.work,
             ", ".join(sets), pages, now() - started, len(bodies[0]) / 1024)
    return 0


def write_letters_pages(paths: list[Path]) -> list[tuple[Path, int]]:
    import pymupdf

    pages = []
    for path in paths:
        with pymupdf.open(path) as document:
            pages += [(path, number) for number in range(document.page_count)]
    return pages


def compact(result: dict[str, Any]) -> dict[str, Any]:
    keys = ("ok", "pages_per_min", "gpu_s_per_page", "inbox_to_indexed_pages_per_min",
            "latency_p50_s", "latency_p95_s", "statuses", "all_looped", "seconds")
    return {k: result[k] for k in keys if k in result}


def collect_daemon_logs(path: Path, logs: list[tuple[str, Path]]) -> None:
    with path.open("w") as out:
        for name, daemon_log in logs:
            out.write(f"===== daemon {name}: {daemon_log}\n")
            if daemon_log.exists():
                text = daemon_log.read_text(errors="replace")
                out.write(text[-2_000_000:])


# --- the report -----------------------------------------------------------------------------


def cell(value: Any) -> str:
    return "–" if value is None else str(value)


def cpu_lines(results: dict[str, Any]) -> list[str]:
    """One line a step: the host's busy share and the roles that used the most cores."""
    lines = []
    for step in MEASURED_STEPS:
        cpu = (results.get(step) or {}).get("cpu") or {}
        if not cpu.get("roles"):
            continue
        roles = "; ".join(f"{role} {value['cores']} cores ({value['ms_per_page']} ms/page)"
                          for role, value in list(cpu["roles"].items())[:6])
        lines.append(f"- CPU {step}: host busy {cell(cpu.get('host_busy_mean_pct'))} % mean, "
                     f"{cell(cpu.get('host_busy_max_pct'))} % max of {cpu.get('cores')} cores; "
                     f"{roles}")
    for step in MEASURED_STEPS:
        profile = (results.get(step) or {}).get("pyspy") or {}
        if profile.get("daemon_samples"):
            lines.append(f"- py-spy {step}: {profile['daemon_samples']} samples of the daemon's "
                         f"process at {profile['rate']}/s; most inclusive: "
                         + "; ".join(profile["daemon_inclusive"][8:16]))
        elif profile:
            lines.append(f"- py-spy {step}: {profile.get('note')}")
    return lines + ([""] if lines else [])


def table(results: dict[str, Any], compare: dict[str, Any] | None) -> str:
    label = results["label"]
    lines = [
        f"**{label}**: engine {results['engine']}, flags `{results['flags'] or '(the seed)'}`, "
        f"start-up {cell(results.get('startup_s'))} s, {results['pages']} pages a set, "
        f"machine {results['machine']['host']} ({results['machine']['cores']} cores)",
        "",
    ]
    if any(results.get(step) for step in MEASURED_STEPS):
        lines += ["| run | replicas | in flight | pages ok | pages/min | GPU-s/page | p50 s | p95 s | "
                  "inbox→indexed pages/min | prompt tokens | GPU util mean/max % | outcome |",
                  "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for step in MEASURED_STEPS:
        r = results.get(step)
        if not r:
            continue
        outcome = r.get("statuses") or r.get("error")
        gpu = r.get("gpu") or {}
        lines.append(
            f"| {step} {r.get('kind', '')} | {cell(r.get('replicas'))} | {r.get('in_flight')} "
            f"| {r.get('ok')}/{r.get('pages')} "
            f"| {cell(r.get('pages_per_min'))} | {cell(r.get('gpu_s_per_page'))} "
            f"| {cell(r.get('latency_p50_s'))} | {cell(r.get('latency_p95_s'))} "
            f"| {cell(r.get('inbox_to_indexed_pages_per_min'))} "
            f"| {cell(r.get('mean_prompt_tokens'))} "
            f"| {cell(gpu.get('util_mean_pct'))}/{cell(gpu.get('util_max_pct'))} | {outcome} |")
    lines.append("")
    lines += cpu_lines(results)
    for n in ("16", "32", "64", "128"):
        b, c = results.get(f"b{n}"), results.get(f"c{n}")
        if b and c and b.get("pages_per_min") and c.get("pages_per_min"):
            ratio = c["pages_per_min"] / b["pages_per_min"]
            end = c.get("inbox_to_indexed_pages_per_min")
            lines.append(
                f"- (c)/(b) at {n} in flight per replica: {ratio:.3f} (first request sent to last page done, "
                f"both; goal >= 0.95)"
                + (f"; inbox-to-indexed / bare {end / b['pages_per_min']:.3f}" if end else "")
                + (f"; done-to-done both {c['done_to_done_pages_per_min']} / "
                   f"{b['done_to_done_pages_per_min']}"
                   if c.get("done_to_done_pages_per_min") and b.get("done_to_done_pages_per_min")
                   else ""))
    for step, what in (("g64", "PNG on the patch grid"), ("j64", "JPEG q90 on the patch grid"),
                       ("p64", "PNG at the rendered size")):
        b, j = results.get("b64"), results.get(step)
        if b and j and b.get("pages_per_min") and j.get("pages_per_min"):
            lines.append(
                f"- {what} / bare b64 (what docvault sends), 64 in flight per replica: "
                f"{j['pages_per_min'] / b['pages_per_min']:.3f}; request bodies "
                f"{j.get('mean_body_kib')} / {b.get('mean_body_kib')} KiB, prompt tokens "
                f"{j.get('mean_prompt_tokens')} / {b.get('mean_prompt_tokens')}")
    if "d" in results:
        d = results["d"]
        lines += ["", f"{d['kind']} ({d['pages']} pages, {d['seconds']} s, "
                  f"settled {d['settled']}): statuses {d['statuses']}; greedy to the cap then "
                  f"penalty 0.3 on every page: {d['all_greedy_to_cap_then_penalty_0.3']}; "
                  f"all looped: {d['all_looped']}", ""]
        lines += [f"- page {p['page']}: {p['path']}" for p in d["per_page"]]
    if "r" in results:
        r = results["r"]
        lines += ["", f"repeat control ({r['pages']} pages, prompt tokens "
                  f"{r['profile_prompt_tokens']}; repeated n-grams counted in the token ids):",
                  "", "| variant | ok | tokens | 30-gram in 90 | bigram in 600 | token in 90 |",
                  "|---|---|---|---|---|---|"]
        for name, v in r["variants"].items():
            lines.append(f"| {name} | {v['ok']}/{v['requests']} | {v['tokens']} | "
                         f"{v['repeats_30_in_90']} | {v['repeats_2_in_600']} | "
                         f"{v['repeats_1_in_90']} |")
        if r["errors"]:
            lines.append(f"errors: {r['errors']}")
    if compare:
        lines += ["", comparison(compare, results, results.get("goal", 1.3))]
    if results["skipped"] or results["failed"]:
        lines += ["", f"skipped: {results['skipped']}; failed: {results['failed']}"]
    return "\n".join(lines) + "\n"


def comparison(seed: dict[str, Any], better: dict[str, Any], goal: float = 1.3) -> str:
    same = seed.get("machine", {}).get("boot_id") == better["machine"]["boot_id"]
    lines = [
        f"**{seed['label']} vs {better['label']}** (same pages per step; same machine: "
        f"{'yes' if same else 'NO, the ratios mix machines'})",
        "",
        f"| run | {seed['label']} pages/min | {better['label']} pages/min | ratio |",
        "|---|---|---|---|",
    ]
    for step in MEASURED_STEPS:
        a, b = (seed.get(step) or {}).get("pages_per_min"), (better.get(step) or {}).get(
            "pages_per_min")
        if a is None and b is None:
            continue
        lines.append(f"| {step} | {cell(a)} | {cell(b)} | "
                     f"{f'{b / a:.2f}x' if a and b else '–'} |")
    base_b = (seed.get("b32") or {}).get("pages_per_min")
    best_b = max([(better.get(s) or {}).get("pages_per_min") or 0 for s in BARE_STEPS])
    base_c = (seed.get("c32") or {}).get("pages_per_min")
    best_c = max([(better.get(s) or {}).get("pages_per_min") or 0 for s in DAEMON_STEPS])
    if base_b and best_b:
        lines.append(f"\n- bare: best {better['label']} / {seed['label']} bare at 32 = "
                     f"{best_b / base_b:.2f}x (goal >= {goal:g})")
    if base_c and best_c:
        lines.append(f"- docvault: best {better['label']} / {seed['label']} docvault at 32 = "
                     f"{best_c / base_c:.2f}x (goal >= {goal:g})")
    if base_b and best_c:
        lines.append(f"- docvault: best {better['label']} / {seed['label']} bare at 32 = "
                     f"{best_c / base_b:.2f}x (goal >= {goal:g})")
    return "\n".join(lines)


def attempts_tsv(results: dict[str, Any], path: Path) -> None:
    d = results.get("d")
    if not d:
        return
    with path.open("w") as out:
        out.write("page\tstatus\tattempt\tmode\tmax_tokens\tfrequency_penalty\tfinish_reason\t"
                  "prompt_tokens\tcompletion_tokens\tseconds\tverdict\trepeating_unit\n")
        for page in d["per_page"]:
            for number, a in enumerate(page["attempts"], 1):
                out.write("\t".join(str(x) for x in (
                    page["page"], page["status"], number, a["mode"], a["max_tokens"],
                    a["frequency_penalty"], a["finish_reason"], a["prompt_tokens"],
                    a["completion_tokens"], a["seconds"], a["verdict"],
                    repr(a["repeating_unit"]))) + "\n")


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add = parser.add_argument
    add("--out", type=Path, required=True)
    add("--work", type=Path, default=Path("/tmp/dvbench"), help="page sets and runs, kept")
    add("--label", default="seed")
    add("--engine", choices=("vllm", "sim"), default="vllm")
    add("--model", default="/tmp/model")
    add("--served-name", default=SERVED_NAME, help="--served-model-name of the engine")
    add("--bench-profile", default="bench", help="profile of steps b and c (600 tokens out)")
    add("--loop-profile", default="ovisocr2", help="profile of steps d and r")
    add("--port", type=int, default=8000, help="port of the (first) engine replica")
    add("--replicas", type=int, default=1, help="engine replicas on the GPU, ports --port + i, "
        "started one after another by docvault's VllmReplicas")
    add("--memory-share", type=float, default=0.0,
        help="--gpu-memory-utilization of each replica (0: the tuned 0.9 or --flags' own)")
    add("--external", type=Path, help="do not start engines: use the replicas whose state "
        "bench/gpu/replicas_up.py writes to this file (waits until all are up)")
    add("--endpoints", type=int, default=0, help="with --external: measure only the first N "
        "replicas (0: all)")
    add("--gpus", default="", help="GPUs the replicas run on, round-robin, as docvault's "
        "vllm_gpus: replica i gets the i-th as CUDA_VISIBLE_DEVICES (empty: every GPU)")
    add("--flags", default="", help="vLLM flags added to (or replacing) the tuned ones")
    add("--vllm-command", default="python3 -m vllm.entrypoints.cli.main")
    add("--vllm-pythonpath", default="/tmp/site")
    add("--engine-cache", default=os.environ.get("ENGINE_CACHE", "/tmp/vcache"),
        help="the engines' VLLM_CACHE_ROOT (docvault's vllm_cache_dir): compile and Triton "
        "autotuning caches, shared by the seed's engine and the replicas of one lease")
    add("--sim-args", default="", help="engine simulator arguments (--engine sim)")
    add("--pages", type=int, default=256, help="pages in each measured set")
    add("--seed", type=int, default=8_000)
    add("--steps", default="b32,c32,b64,d")
    add("--render-workers", type=int, default=8)
    add("--deadline", type=float, default=0.0, help="epoch seconds; default now + 540")
    add("--compare", type=Path, help="an earlier run's results.json to compare with")
    add("--goal", type=float, default=1.3, help="the ratio over --compare the run aims at")
    add("--prepare-only", action="store_true", help="make the page sets in --work and exit")
    args = parser.parse_args(argv)
    args.deadline = args.deadline or now() + 540
    args.engine_urls = [f"http://127.0.0.1:{args.port + i}/v1" for i in range(args.replicas)]
    args.engine_url = ",".join(args.engine_urls)  # the daemon's engine_url: one per replica
    args.out.mkdir(parents=True, exist_ok=True)
    args.work.mkdir(parents=True, exist_ok=True)
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                        format="[%(asctime)s] %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request otherwise
    if args.prepare_only:
        return asyncio.run(prepare(args))
    log_engine_output(args.out / "server.log")
    results = asyncio.run(run(args))
    compare = None
    if args.compare and args.compare.exists():
        compare = json.loads(args.compare.read_text())
        results["compared_with"] = str(args.compare)
    text = json.dumps(results, indent=1, default=str)
    (args.out / "results.json").write_text(text)
    (args.work / f"results_{args.label}.json").write_text(text)
    attempts_tsv(results, args.out / "attempts.tsv")
    report = table(results, compare)
    (args.out / "table.md").write_text(report)
    sys.stdout.write("\n" + report)
    return 0 if results.get("startup_s") and not results["failed"] else 1


if __name__ == "__main__":
    sys.exit(main())
