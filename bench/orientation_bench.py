"""Orientation detection's CPU cost beside the render's, and the rotated corpus table.

    python -m bench.orientation_bench cost [--pages 50]
    python -m bench.orientation_bench corpus

cost: every page of the real fixtures that renders (tests/fixtures, MANIFEST.tsv), upright
and turned by 90, 180 and 270 degrees, until `--pages` pages: CPU-ms (this process's user +
system time, `time.process_time`) of `render_page` with orientation off, and of
`orientation.detect` on the rendered page, side by side; plus whether the detected angle is
right on the pages where it decided. Models are loaded before the clock starts (a render
worker loads them once).

corpus: the rotated corpus of tests/test_orientation.py (a fax, a phone photo, a table page
at 0/90/180/270) through the render with orientation on and the CPU engine: share of the
upright transcription's words found, angle detected, CPU-ms of detection.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import io
import re
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

from docvault import orientation
from docvault.errors import RenderError
from docvault.ocr.base import AttemptRequest, SamplingMode
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from tests.support.rotated import FIXTURES, write_corpus

OFF = RenderOptions(orientation=False)
WORDS = re.compile(r"\w+")


def _pages() -> list[tuple[Path, int]]:
    import pymupdf

    found = []
    for path in sorted(FIXTURES.iterdir()):
        if path.name == "MANIFEST.tsv":
            continue
        try:
            with pymupdf.open(path) as document:
                count = document.page_count if not document.needs_pass else 0
        except Exception:
            continue
        found.extend((path, number) for number in range(1, count + 1))
    return found


def _pixels(path: Path, number: int) -> np.ndarray | None:
    try:
        rendered = render_page(path, number, OFF)
    except RenderError:
        return None
    with Image.open(io.BytesIO(rendered.image.data)) as image:
        return np.array(image)


def cost(pages: int) -> None:
    orientation.detect(np.full((64, 64), 255, dtype=np.uint8))  # load the models
    rows = []
    for angle in (0, 90, 180, 270):
        for path, number in _pages():
            started = time.process_time()
            pixels = _pixels(path, number)
            render_ms = (time.process_time() - started) * 1000
            if pixels is None or len(rows) >= pages:
                continue
            turned = np.ascontiguousarray(np.rot90(pixels, angle // 90))  # anticlockwise
            started = time.process_time()
            found = orientation.detect(turned)
            detect_ms = (time.process_time() - started) * 1000
            rows.append((path.name, number, angle, render_ms, detect_ms, found))
    print("| page | turned | render CPU-ms | detect CPU-ms | detected | decided |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, number, angle, render_ms, detect_ms, found in rows:
        print(
            f"| {name} p{number} | {angle} | {render_ms:.0f} | {detect_ms:.0f} "
            f"| {found.rotation} | {found.decided} |"
        )
    render = [row[3] for row in rows]
    detect = [row[4] for row in rows]
    decided = [row for row in rows if row[5].decided]
    right = [row for row in decided if row[5].rotation == row[2]]
    print()
    print(f"pages: {len(rows)}")
    for label, values in (("render", render), ("detect", detect)):
        median, mean = statistics.median(values), statistics.mean(values)
        print(f"{label} CPU-ms per page: median {median:.0f}, mean {mean:.0f}")
    print(f"detect / render (means): {statistics.mean(detect) / statistics.mean(render):.1f}")
    print(f"decided: {len(decided)} of {len(rows)}; right where decided: {len(right)}")


async def _corpus() -> None:
    engine = RapidEngine()
    print("| page | turned | words found | detected | detect CPU-ms |")
    print("| --- | --- | --- | --- | --- |")
    upright: dict[str, collections.Counter[str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for page in write_corpus(Path(folder)):
            rendered = render_page(page.path, 1, OFF)
            with Image.open(io.BytesIO(rendered.image.data)) as image:
                pixels = np.array(image)
            started = time.process_time()
            orientation.detect(pixels)
            detect_ms = (time.process_time() - started) * 1000
            read = render_page(page.path, 1, RenderOptions())
            reply = await engine.transcribe(read.image, AttemptRequest(SamplingMode.greedy, 0))
            words = collections.Counter(WORDS.findall(reply.text.lower()))
            base = upright.setdefault(page.kind, words)
            share = sum((base & words).values()) / sum(base.values())
            print(
                f"| {page.kind} ({page.source}) | {page.angle} | {share:.3f} "
                f"| {read.rotation} ({read.rotation_source}) | {detect_ms:.0f} |"
            )
    await engine.aclose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=("cost", "corpus"))
    parser.add_argument("--pages", type=int, default=50)
    arguments = parser.parse_args()
    if arguments.what == "cost":
        cost(arguments.pages)
    else:
        asyncio.run(_corpus())


if __name__ == "__main__":
    main()
