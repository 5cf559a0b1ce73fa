"""Word recall of the CPU engine at every page scale docvault may render (issue 26).

    python -m bench.fidelity_bench [--before] [--quick] [--family test|dev]
                                   [--letters 5] [--per-side 4]

The pages: the first `--letters` letters of `--family` (bench/letters.py; tune on "dev",
report on "test"), each clean, scanned and faxed, and the real born-digital fixture pages
(`real_pages("tests/fixtures", min_words=5)`, their text layer the truth), rendered at long
sides 1400 to 2400 pixels in 50-pixel steps. Each long side reads `--per-side` letter images
and one real page, taken in turn from the two pools, so over the 21 sides every image is
read at several scales (a full pass of every image at every side costs hours on two cores).

What is read: the page as PNG (as docvault's render hands it over) through
`RapidEngine.read`, docvault's reader; with `--before`, the same PNG also through the stock
reader as docvault read pages before issue 26 (`RapidOCR(params={"Global.log_level":
"warning"})`, its `txts` joined by newlines), side by side in the same run.

The table: for each long side, per reader, the mean and the minimum word recall (words:
tokens with a letter or a digit, bench.letters.words(keep_punctuation=False)), the pages
under 0.99, the mean recall of every token (punctuation marks counted), precision, and
CPU-ms per page (this process's user + system time around the read alone, models loaded
before the clock starts). Then every page under 0.99 with its lost and extra words and
whether docvault's coverage check (run on the reading as the worker runs it, before any
re-read) flagged it, how many pages it flagged in all, and the CPU cost ratio of
docvault's reader to the stock one.

`--quick`: the long sides 1400, 1700, 1800, 2000 and 2400 (1700 and 1800 are where the stock
reader lost lines in the report of issue 26), 2 letter images each and one real page.
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from bench.letters import DEGRADATIONS, Letter, letters, page_image, real_pages, score, words
from docvault import coverage
from docvault.ocr.rapid import RapidEngine
from docvault.vocabulary import PageImage, ReadLine, TextFormat

FULL_SIDES = tuple(range(1400, 2401, 50))
QUICK_SIDES = (1400, 1700, 1800, 2000, 2400)
GOOD_RECALL = 0.99
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"

# A reader gives the text and, where it locates them, the lines (the coverage check's input).
Reader = Callable[[bytes, tuple[int, int]], tuple[str, Sequence[ReadLine]]]


@dataclass(frozen=True)
class Sample:
    """One page image to read: a letter at a degradation."""

    letter: Letter
    degradation: str

    @property
    def label(self) -> str:
        return f"{self.letter.name}/{self.degradation}"


@dataclass(frozen=True)
class Reading:
    """One reader's result on one sample at one long side."""

    sample: Sample
    long_side: int
    recall: float  # every token, punctuation marks counted
    word_recall: float  # words only: tokens with a letter or a digit
    precision: float
    cpu_ms: float
    lost: tuple[str, ...]
    extra: tuple[str, ...]
    flagged: bool | None  # the coverage check flagged the page; None: no located lines


def docvault_reader() -> Reader:
    engine = RapidEngine()

    def read(png: bytes, size: tuple[int, int]) -> tuple[str, Sequence[ReadLine]]:
        reply = engine.read(PageImage(png, "image/png", size[0], size[1], "bench"))
        return reply.text, reply.lines

    return read


def stock_reader() -> Reader:
    from rapidocr import RapidOCR

    reader: Any = RapidOCR(params={"Global.log_level": "warning"})

    def read(png: bytes, size: tuple[int, int]) -> tuple[str, Sequence[ReadLine]]:
        return "\n".join(str(text) for text in (reader(png).txts or ())), ()

    return read


def png_of(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def warm(reader: Reader) -> None:
    """Load the models before any clock starts: a worker loads them once, not per page."""
    sample = letters("dev", 1)[0]
    image, _ = page_image(sample, 600)
    reader(png_of(image), image.size)


def measure(reader: Reader, sample: Sample, long_side: int) -> Reading:
    image, _ = page_image(sample.letter, long_side, sample.degradation)
    png = png_of(image)
    started = time.process_time()
    text, lines = reader(png, image.size)
    cpu_ms = (time.process_time() - started) * 1000
    flagged = None
    if lines:  # what the worker does next: docvault.coverage on the same pixels
        ink = coverage.ink_lines(np.asarray(image))
        flagged = not coverage.check(ink, text, lines, TextFormat.plain, image.size).complete
    truth, read = words(sample.letter.text), words(text)
    recall, precision = score(truth, read)
    word_recall, _ = score(words(sample.letter.text, False), words(text, False))
    lost = tuple(sorted((Counter(truth) - Counter(read)).elements()))
    extra = tuple(sorted((Counter(read) - Counter(truth)).elements()))
    return Reading(sample, long_side, recall, word_recall, precision, cpu_ms, lost, extra, flagged)


def plan(
    samples: Sequence[Sample], real: Sequence[Sample], sides: Sequence[int], per_side: int
) -> list[tuple[int, Sample]]:
    """Each side's samples, taken in turn from the letter pool and the real-page pool."""
    work: list[tuple[int, Sample]] = []
    for number, side in enumerate(sides):
        for slot in range(per_side):
            work.append((side, samples[(number * per_side + slot) % len(samples)]))
        if real:
            work.append((side, real[number % len(real)]))
    return work


def summary_cells(readings: Sequence[Reading]) -> list[str]:
    recalls = [reading.word_recall for reading in readings]
    return [
        f"{statistics.fmean(recalls):.4f}",
        f"{min(recalls):.3f}",
        str(sum(recall < GOOD_RECALL for recall in recalls)),
        f"{statistics.fmean(reading.recall for reading in readings):.4f}",
        f"{statistics.fmean(reading.precision for reading in readings):.4f}",
        f"{statistics.fmean(reading.cpu_ms for reading in readings):.0f}",
    ]


def table(results: dict[str, list[Reading]], sides: Sequence[int]) -> list[str]:
    names = list(results)
    head = ["long side", "pages"]
    for name in names:
        head += [
            f"{name} words mean",
            f"{name} words min",
            f"{name} <0.99",
            f"{name} tokens mean",
            f"{name} prec",
            f"{name} CPU-ms",
        ]
    rows = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    for side in [*sides, 0]:
        cells = ["all" if side == 0 else str(side)]
        for position, name in enumerate(names):
            chosen = [reading for reading in results[name] if side in (0, reading.long_side)]
            if position == 0:
                cells.append(str(len(chosen)))
            cells += summary_cells(chosen)
        rows.append("| " + " | ".join(cells) + " |")
    return rows


def weak_pages(results: dict[str, list[Reading]]) -> list[str]:
    found = []
    for name, readings in results.items():
        for reading in readings:
            if reading.word_recall < GOOD_RECALL:
                found.append(
                    f"- {name}: {reading.sample.label} at {reading.long_side}: word recall "
                    f"{reading.word_recall:.3f} (tokens {reading.recall:.3f}); "
                    f"lost {' '.join(reading.lost[:16])}; "
                    f"read instead {' '.join(reading.extra[:16])}"
                    + ({True: "; flagged", False: "; NOT flagged", None: ""}[reading.flagged])
                )
    return found


def flag_summary(readings: Sequence[Reading]) -> str:
    """How the coverage check answered the pages that lost words, and those that did not."""
    checked = [reading for reading in readings if reading.flagged is not None]
    weak = [reading for reading in checked if reading.word_recall < GOOD_RECALL]
    sound = [reading for reading in checked if reading.word_recall >= GOOD_RECALL]
    return (
        f"coverage check: {sum(bool(r.flagged) for r in weak)} of {len(weak)} pages under "
        f"{GOOD_RECALL} flagged; {sum(bool(r.flagged) for r in sound)} of {len(sound)} pages "
        f"at or above it flagged"
    )


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", action="store_true", help="the stock reader beside")
    parser.add_argument("--quick", action="store_true", help="5 long sides, 2 images each")
    parser.add_argument("--family", choices=("dev", "test"), default="test")
    parser.add_argument("--letters", type=int, default=5)
    parser.add_argument("--per-side", type=int, default=4, help="letter images per long side")
    options = parser.parse_args(arguments)
    sides = QUICK_SIDES if options.quick else FULL_SIDES
    per_side = 2 if options.quick else options.per_side
    samples = [
        Sample(item, degradation)
        for item in letters(options.family, options.letters)
        for degradation in DEGRADATIONS
    ]
    real = [Sample(page, "clean") for page in real_pages(FIXTURES, min_words=5)]
    readers = {"after": docvault_reader()}
    if options.before:
        readers = {"before": stock_reader(), **readers}
    for reader in readers.values():
        warm(reader)
    results: dict[str, list[Reading]] = {name: [] for name in readers}
    for side, sample in plan(samples, real, sides, per_side):
        for name, reader in readers.items():
            reading = measure(reader, sample, side)
            results[name].append(reading)
            print(f"{name:6} {side} {sample.label}: words {reading.word_recall:.3f} "
                  f"tokens {reading.recall:.3f} "
                  f"{reading.cpu_ms:.0f} CPU-ms", file=sys.stderr, flush=True)  # fmt: skip
    print(f"family {options.family}: {len(samples)} letter images, {len(real)} real pages")
    print("\n".join(table(results, sides)))
    print("\nPages under 0.99:")
    print("\n".join(weak_pages(results)) or "- none")
    print("\n" + flag_summary(results["after"]))
    if options.before:
        ratio = statistics.fmean(reading.cpu_ms for reading in results["after"]) / statistics.fmean(
            reading.cpu_ms for reading in results["before"]
        )
        print(f"\nCPU cost, docvault's reader / stock reader: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
