"""The coverage check's precision and recall on a lost-line corpus (issue 26).

    python -m bench.coverage_bench synthetic [--family dev] [--count 40]
    python -m bench.coverage_bench engine [--family test] [--count 12] [--long-side 1700]

synthetic: letters of bench/letters.py rendered at long side 1700, clean, as a scan and as a
fax; the ink lines found in each image; then the check on readings made from the letter's
truth (each truth run is a `ReadLine` at its box, score 0.95: a reader that loses nothing):
    clean      the whole reading: any flag is a false positive
    dropped    one ReadLine and its text left out (each page drops a different one, seeded):
               a flag is a true positive, and "placed" says the suspect box lies on it
    markdown   the truth text without boxes (a vision model's reply): clean, one line
               dropped, and the second half of the text dropped
plus the real born-digital fixture pages (tests/fixtures, their text layer is the truth).

engine: real CPU-engine readings (rapidocr, as docvault's CPU engine runs it, with its line
boxes): a page "lost" text when some truth line of 3 or more words has under a third of its
words in the reading; then the check's precision and recall against that, and what the
re-read (docvault.ocr.schedule.reread_suspects through the same reader) recovered.

CPU time is this process's (time.process_time); tune on "dev", report on "test".
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from bench.letters import DEGRADATIONS, Letter, letters, page_image, real_pages, words
from docvault import coverage
from docvault.ocr.schedule import reread_suspects
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    CoverageReport,
    EngineReply,
    PageImage,
    PageOutcome,
    ReadLine,
    SamplingMode,
    TextFormat,
    Verdict,
)

LONG_SIDE = 1700
FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures"


@dataclass
class Tally:
    """Pages checked in one case, and how many the check flagged (placed: on the loss)."""

    pages: int = 0
    flagged: int = 0
    placed: int = 0
    notes: Counter[str] = field(default_factory=Counter)

    def add(self, report: CoverageReport, placed: bool = False) -> None:
        self.pages += 1
        if not report.complete:
            self.flagged += 1
            self.placed += placed
            for suspect in report.suspects:
                self.notes[suspect.reason] += 1

    def line(self, name: str) -> str:
        share = self.flagged / self.pages if self.pages else 0.0
        placed = f", {self.placed} placed on the lost line" if self.placed else ""
        return f"  {name:<22} {self.flagged:>3} of {self.pages:>3} flagged ({share:6.1%}){placed}"


def truth_lines(letter: Letter, scale: float) -> list[ReadLine]:
    """A perfect reading: every truth run at its box, in the image's pixels."""
    return [
        ReadLine(
            (
                int(line.box[0] * scale),
                int(line.box[1] * scale),
                int(line.box[2] * scale + 1),
                int(line.box[3] * scale + 1),
            ),
            line.text,
            0.95,
        )
        for line in letter.lines
    ]


def _pixels(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L"))


def _hits(box: tuple[int, int, int, int], report: CoverageReport) -> bool:
    return any(
        suspect.box[0] < box[2]
        and box[0] < suspect.box[2]
        and suspect.box[1] < box[3]
        and box[1] < suspect.box[3]
        for suspect in report.suspects
    )


def synthetic(family: str, count: int) -> None:
    corpus = letters(family, count)
    ink_seconds: list[float] = []
    for degradation in DEGRADATIONS:
        tallies = {name: Tally() for name in ("clean", "dropped", "md clean", "md dropped")}
        tallies["md half"] = Tally()
        for letter in corpus:
            image, scale = page_image(letter, LONG_SIDE, degradation)
            started = time.process_time()
            ink = coverage.ink_lines(_pixels(image))
            ink_seconds.append(time.process_time() - started)
            _synthetic_page(letter, scale, ink, image.size, tallies)
        print(f"{family} {degradation} ({len(corpus)} letters)")
        for name, tally in tallies.items():
            print(tally.line(name), dict(tally.notes) if name == "clean" else "")
    real = real_pages(FIXTURES)
    tallies = {name: Tally() for name in ("clean", "dropped", "md clean", "md dropped")}
    tallies["md half"] = Tally()
    for letter in real:
        image, scale = page_image(letter, LONG_SIDE, "clean")
        ink = coverage.ink_lines(_pixels(image))
        _synthetic_page(letter, scale, ink, image.size, tallies)
    print(f"real fixture pages ({len(real)})")
    for name, tally in tallies.items():
        print(tally.line(name), dict(tally.notes) if name == "clean" else "")
    print(
        f"ink_lines CPU-ms per page at long side {LONG_SIDE}: median "
        f"{statistics.median(ink_seconds) * 1000:.0f}, max {max(ink_seconds) * 1000:.0f}"
    )


def _synthetic_page(
    letter: Letter,
    scale: float,
    ink: tuple[tuple[int, int, int, int], ...],
    size: tuple[int, int],
    tallies: dict[str, Tally],
) -> None:
    read = truth_lines(letter, scale)
    text = "\n".join(line.text for line in read)
    tallies["clean"].add(coverage.check(ink, text, read, TextFormat.plain, size))
    rng = random.Random(letter.name)
    worded = [index for index, line in enumerate(read) if len(line.text.split()) >= 2]
    lost = rng.choice(worded or list(range(len(read))))
    kept = [line for index, line in enumerate(read) if index != lost]
    report = coverage.check(
        ink, "\n".join(line.text for line in kept), kept, TextFormat.plain, size
    )
    tallies["dropped"].add(report, _hits(read[lost].box, report))
    md = [line.text for line in letter.lines]
    tallies["md clean"].add(coverage.check(ink, "\n".join(md), (), TextFormat.markdown, size))
    shorter = "\n".join(line for index, line in enumerate(md) if index != lost)
    tallies["md dropped"].add(coverage.check(ink, shorter, (), TextFormat.markdown, size))
    half = "\n".join(md[: len(md) // 2])
    tallies["md half"].add(coverage.check(ink, half, (), TextFormat.markdown, size))


# --- real CPU-engine readings --------------------------------------------------------------


class BenchReader:
    """rapidocr as docvault's CPU engine runs it, with each line's box (an `Engine`)."""

    name = "cpu"
    text_format = TextFormat.plain

    def __init__(self) -> None:
        from rapidocr import RapidOCR

        self.reader = RapidOCR(params={"Global.log_level": "critical"})
        self.cpu_seconds = 0.0

    def read(self, data: bytes) -> tuple[str, tuple[ReadLine, ...]]:
        started = time.process_time()
        result: Any = self.reader(data)
        self.cpu_seconds += time.process_time() - started
        texts = [str(text) for text in (getattr(result, "txts", None) or ())]
        scores = list(getattr(result, "scores", None) or ())
        boxes = getattr(result, "boxes", None)
        lines = []
        for index, text in enumerate(texts):
            points = np.asarray(boxes[index])
            box = (
                int(points[:, 0].min()),
                int(points[:, 1].min()),
                int(np.ceil(points[:, 0].max())),
                int(np.ceil(points[:, 1].max())),
            )
            lines.append(ReadLine(box, text, float(scores[index])))
        return "\n".join(texts), tuple(lines)

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        text, lines = self.read(image.data)
        return EngineReply(text, "stop", 0, len(text.split()), 0.0, "cpu", lines=lines)

    async def aclose(self) -> None:
        return None


def lost_text(letter: Letter, read_text: str) -> bool:
    """Whether a truth line of 3 or more words has under a third of its words in the text."""
    read = Counter(words(read_text, keep_punctuation=False))
    for line in letter.lines:
        truth = words(line.text, keep_punctuation=False)
        if len(truth) >= 3 and sum((Counter(truth) & read).values()) < len(truth) / 3:
            return True
    return False


def engine(family: str, count: int, long_side: int) -> None:
    reader = BenchReader()
    request = AttemptRequest(SamplingMode.greedy, 0)
    for degradation in DEGRADATIONS:
        counts: Counter[str] = Counter()
        for letter in letters(family, count):
            image, _ = page_image(letter, long_side, degradation)
            data = _png(image)
            text, lines = reader.read(data)
            ink = coverage.ink_lines(_pixels(image))
            report = coverage.check(ink, text, lines, TextFormat.plain, image.size)
            lost, flagged = lost_text(letter, text), not report.complete
            counts[f"{'lost' if lost else 'kept'} {'flagged' if flagged else 'passed'}"] += 1
            if flagged:
                after, recovered = _reread(reader, data, image.size, ink, text, lines, request)
                counts["re-read left complete"] += after.complete
                counts["re-read recovered lost text"] += lost and not lost_text(letter, recovered)
        _engine_line(family, degradation, long_side, counts)
    print(f"rapidocr CPU-s in all: {reader.cpu_seconds:.0f}")


def _reread(
    reader: BenchReader,
    data: bytes,
    size: tuple[int, int],
    ink: tuple[tuple[int, int, int, int], ...],
    text: str,
    lines: tuple[ReadLine, ...],
    request: AttemptRequest,
) -> tuple[CoverageReport, str]:
    first_attempt = AttemptRecord("cpu", request, None, Verdict.clean, 0.0)
    first = PageOutcome(text, False, (first_attempt,), lines, TextFormat.plain)
    report = coverage.check(ink, text, lines, TextFormat.plain, size)
    image = PageImage(data, "image/png", size[0], size[1], "bench page")
    again = asyncio.run(reread_suspects(reader, image, first, report.suspects))
    return coverage.check(ink, again.text, again.lines, TextFormat.plain, size), again.text


def _engine_line(family: str, degradation: str, long_side: int, counts: Counter[str]) -> None:
    true_positive = counts["lost flagged"]
    flagged = true_positive + counts["kept flagged"]
    lost = true_positive + counts["lost passed"]
    precision = true_positive / flagged if flagged else float("nan")
    recall = true_positive / lost if lost else float("nan")
    print(
        f"{family} {degradation} @{long_side}: {dict(sorted(counts.items()))}; "
        f"precision {precision:.2f}, recall {recall:.2f}"
    )


def _png(image: Image.Image) -> bytes:
    import io

    buffer = io.BytesIO()
    image.convert("L").save(buffer, "PNG")
    return buffer.getvalue()


def main(arguments: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("synthetic", "engine"))
    parser.add_argument("--family", default="dev", choices=("dev", "test"))
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--long-side", type=int, default=LONG_SIDE)
    options = parser.parse_args(arguments)
    if options.what == "synthetic":
        synthetic(options.family, options.count)
    else:
        engine(options.family, options.count, options.long_side)


if __name__ == "__main__":
    main()
