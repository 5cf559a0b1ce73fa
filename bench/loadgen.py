"""The bare load generator: the ceiling that the daemon's throughput is measured against.

It sends pre-rendered page images to an OpenAI-compatible engine with exactly `concurrency`
requests in flight (one request starts the moment another ends), each with the very body that
docvault's profile builds for a first pass, and nothing else: no queue, no database, no retry.
Its pages per minute are what the engine can give; the daemon should reach 95 % of it.

    python -m bench.loadgen --url http://127.0.0.1:8000/v1 --pages 600
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.pages import render_letters, write_letters
from docvault.ocr.profiles import Profile, get_profile
from docvault.vocabulary import PageImage, SamplingMode


@dataclass(frozen=True)
class LoadResult:
    """What one load generator run measured."""

    pages: int
    seconds: float  # from the first request sent to the last answer received
    statuses: dict[int, int]
    finish_reasons: dict[str, int]

    @property
    def pages_per_minute(self) -> float:
        return self.pages * 60.0 / self.seconds


def request_bodies(images: list[PageImage], profile: Profile) -> list[bytes]:
    """The JSON bodies of the first pass, encoded before the clock starts."""
    request = profile.request(SamplingMode.greedy)
    return [json.dumps(profile.request_body(image, request)).encode() for image in images]


async def send_all(url: str, bodies: list[bytes], concurrency: int) -> LoadResult:
    """POST every body with exactly `concurrency` requests in flight until all are answered."""
    statuses: Counter[int] = Counter()
    finish_reasons: Counter[str] = Counter()
    pending = iter(bodies)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    headers = {"content-type": "application/json"}
    async with httpx.AsyncClient(limits=limits, timeout=httpx.Timeout(600.0, pool=None)) as client:

        async def sender() -> None:
            for body in pending:
                response = await client.post(
                    f"{url}/chat/completions", content=body, headers=headers
                )
                statuses[response.status_code] += 1
                if response.status_code == httpx.codes.OK:
                    finish_reasons[response.json()["choices"][0]["finish_reason"]] += 1

        started = time.monotonic()
        await asyncio.gather(*(sender() for _ in range(concurrency)))
        seconds = time.monotonic() - started
    return LoadResult(len(bodies), seconds, dict(statuses), dict(finish_reasons))


def run_load(
    url: str, images: list[PageImage], concurrency: int = 32, profile_name: str = "ovisocr2"
) -> LoadResult:
    """Send these page images to the engine at `url` (a base URL ending in /v1)."""
    bodies = request_bodies(images, get_profile(profile_name))
    return asyncio.run(send_all(url.rstrip("/"), bodies, concurrency))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.loadgen", description=__doc__)
    parser.add_argument("--url", required=True, help="engine base URL, ending in /v1")
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--seed", type=int, default=20260101)
    parser.add_argument("--profile", default="ovisocr2")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        paths = write_letters(Path(folder), arguments.pages, seed=arguments.seed)
        images = render_letters(paths)
    result = run_load(arguments.url, images, arguments.concurrency, arguments.profile)
    sys.stdout.write(
        "| pages | in flight | seconds | pages/min | statuses |\n| --- | --- | --- | --- | --- |\n"
        f"| {result.pages} | {arguments.concurrency} | {result.seconds:.1f} | "
        f"{result.pages_per_minute:.0f} | {result.statuses} |\n"
    )


if __name__ == "__main__":
    main()
