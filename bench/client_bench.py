"""The engine client's own CPU per page at hundreds of requests in flight (issue 53).

On the H200, py-spy found a quarter of the daemon's own time in httpcore's connection pool
(one pool of 256 connections: every request's assignment looks at every connection) and a
tenth in the JSON encoding of the request body (the page image as base64). This measures
the client alone, side by side in one process: one pool of `--concurrency` connections
against pools of 32, and httpx's `json=` against the image spliced in as bytes, each
sending the same pages to instant engine simulators over loopback (subprocesses, so their
CPU is not counted).

    python -m bench.client_bench --pages 2000 --concurrency 256 --endpoints 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from bench.engine_bench import simulator
from bench.pages import render_letters, write_letters
from docvault.ocr import client as client_module
from docvault.ocr.client import OpenAIEngine
from docvault.ocr.profiles import BENCH
from docvault.vocabulary import PageImage, SamplingMode

DISTINCT_PAGES = 20  # rendered letters, sent round and round (the simulator keeps no cache)


def pages(count: int, folder: Path) -> list[PageImage]:
    """`count` pages: docvault's own renders of distinct generated letters at 150 DPI."""
    rendered = render_letters(write_letters(folder / "letters", DISTINCT_PAGES))
    return [rendered[number % len(rendered)] for number in range(count)]


async def send_all(engine: OpenAIEngine, images: list[PageImage], concurrency: int) -> None:
    request = BENCH.request(SamplingMode.greedy)
    slots = asyncio.Semaphore(concurrency)

    async def one(image: PageImage) -> None:
        async with slots:
            await engine.transcribe(image, request)

    await asyncio.gather(*(one(image) for image in images))


def httpx_json(body: dict[str, Any]) -> bytes:
    """What httpx's `json=` sends (the body before issue 53)."""
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode()


async def measure(urls: list[str], images: list[PageImage], args: argparse.Namespace,
                  pool: int, spliced: bool) -> dict[str, float]:  # fmt: skip
    engine = OpenAIEngine(urls, BENCH, timeout_seconds=120, concurrency=args.concurrency,
                          pool_connections=pool)  # fmt: skip
    original = client_module.encode_body
    if not spliced:
        client_module.encode_body = httpx_json  # the bench's one stand-in: the old encoding
    try:
        cpu, wall = time.process_time(), time.perf_counter()
        await send_all(engine, images, args.concurrency)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    finally:
        client_module.encode_body = original
        await engine.aclose()
    return {"cpu_ms_per_page": 1000 * cpu / len(images), "pages_per_min": 60 * len(images) / wall}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=256)
    parser.add_argument("--endpoints", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    variants = {
        f"one pool of {args.concurrency}, httpx json=": (args.concurrency, False),
        f"one pool of {args.concurrency}, image spliced": (args.concurrency, True),
        "pools of 32, image spliced (docvault now)": (32, True),
    }
    results: dict[str, list[dict[str, float]]] = {name: [] for name in variants}
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        images = pages(args.pages, Path(folder))
        urls = [stack.enter_context(simulator(Path(folder), "--speed", "1000", "--loop-fraction",
                                              "0")) for _ in range(args.endpoints)]  # fmt: skip
        for _ in range(args.rounds):  # alternating: the machine's load falls on each alike
            for name, (pool, spliced) in variants.items():
                results[name].append(asyncio.run(measure(urls, images, args, pool, spliced)))
    size = statistics.mean(len(image.data) for image in images) / 1024
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; "
          f"{args.pages} pages (mean {size:.0f} KiB), {args.concurrency} in flight over "
          f"{args.endpoints} instant simulators, {args.rounds} rounds alternating\n")  # fmt: skip
    print("| client | CPU-ms/page (median) | each round | pages/min (median) |")
    print("|---|---|---|---|")
    for name, rounds in results.items():
        cpu = [round(r["cpu_ms_per_page"], 2) for r in rounds]
        rate = statistics.median(r["pages_per_min"] for r in rounds)
        print(f"| {name} | {statistics.median(cpu):.2f} | {cpu} | {rate:,.0f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
