"""The coverage check's precision and recall on a lost-line corpus (issue 26).

    python -m bench.coverage_bench synthetic [--family dev] [--count 40]
    python -m bench.coverage_bench engine [--family test] [--count 12] [--long-side 1700]
    python -m bench.coverage_bench marked [--family dev] [--count 30]

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

marked (issue 47): letters of bench/letters.py carrying a signature and some of a stamp,
a logo, initials and pen strokes (bench/marks.py), as a scan and as a fax, read by the real
CPU engine; then the check on
    clean      the engine's whole reading: a flag on a page where the engine read every
               truth line is a false alarm
    lost       the engine's reading with one truth line, a table row (every run in its band)
               or a block of three lines masked out (every read line over it removed):
               recalled when a suspect box lies on it

heldout (issue 47): the independent held-out set (bench/heldout47), its lost-line and clean
page variants, judged twice over the same readings:
    old truth  a page is clean unless a truth line of 2+ words has no read line over half its
               width, or a truth line of 3+ words has under a third of its words anywhere in
               the page's reading (lost-line variants' whole readings always count as clean)
    per line   rule fixed before any result was seen, the same for every page variant of both
               lists: a truth line's words are its runs of letters and digits of 3 or more
               characters, case-folded and accents removed (NFKD less combining marks); a
               word is found when it equals, or lies inside (words the engine glued), a word
               of a read line over the truth line's box (`_over`: most of the smaller height
               shared, some width); the line was read when at least half of its words
               (each occurrence counted) are found; a line with no such word is not judged.
               A page whose every judged line was read is clean (a flag is a false alarm);
               a page with a line not read is one the engine itself lost or garbled (a flag
               is right; "placed" when a suspect box lies on such a line).
    lost       as for marked: the reading with the listed line(s) masked out, recalled when a
               suspect box lies on them; also counted over the variants whose listed lines
               the engine had read (per line).

CPU time is this process's (time.process_time); tune on "dev", report on "test".
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import io
import json
import random
import re
import statistics
import time
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pymupdf
from PIL import Image

from bench.letters import DEGRADATIONS, Letter, letters, page_image, real_pages, words
from bench.marks import Mark, marked, overlapping
from docvault import coverage
from docvault.ocr.schedule import reread_suspects
from docvault.render import RenderOptions, render_page
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
CACHE = Path("/tmp/docvault-coverage-readings")
Box = tuple[int, int, int, int]
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
    return any(_intersects(suspect.box, box) for suspect in report.suspects)


def _intersects(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


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


# --- issue 47: pages with signatures, stamps and logos; lines masked out of real readings --


@dataclass
class Measure:
    """Clean pages (the engine read every truth line) flagged, and masked losses recalled."""

    clean: int = 0
    false_alarms: int = 0
    engine_lost: int = 0  # pages where the engine itself lost a truth line (not counted)
    engine_lost_flagged: int = 0
    lost: Counter[str] = field(default_factory=Counter)
    recalled: Counter[str] = field(default_factory=Counter)
    alarms: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)

    def lines(self, title: str) -> list[str]:
        found = [
            f"{title}: clean pages flagged {self.false_alarms} of {self.clean} "
            f"({self.false_alarms / max(1, self.clean):.1%}); pages where the engine itself "
            f"lost a line (not clean): {self.engine_lost}, of them flagged "
            f"{self.engine_lost_flagged}"
        ]
        for unit in sorted(self.lost):
            found.append(
                f"  lost {unit:<6} recalled {self.recalled[unit]:>3} of {self.lost[unit]:>3} "
                f"({self.recalled[unit] / self.lost[unit]:.2f})"
            )
        total, hit = sum(self.lost.values()), sum(self.recalled.values())
        found.append(f"  lost, all  recalled {hit:>3} of {total:>3} ({hit / max(1, total):.2f})")
        found += [f"  false alarm: {name}" for name in self.alarms]
        found += [f"  missed: {name}" for name in self.missed]
        return found


def cached_reading(reader: BenchReader, data: bytes, key: str) -> tuple[str, tuple[ReadLine, ...]]:
    """The engine's reading of an image, kept in CACHE by key (the engine is the slow part)."""
    # The image's digest in the name: two held-out sets name their pages alike.
    path = CACHE / f"{key}-{hashlib.sha256(data).hexdigest()[:16]}.json"
    if path.exists():
        stored = json.loads(path.read_text())
        return stored["text"], tuple(
            ReadLine(tuple(line[0]), line[1], line[2]) for line in stored["lines"]
        )  # type: ignore[arg-type]
    text, lines = reader.read(data)
    CACHE.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps(
            {"text": text, "lines": [[list(line.box), line.text, line.score] for line in lines]}
        )
    )
    return text, lines


def masked(lines: Sequence[ReadLine], boxes: Sequence[Box]) -> list[ReadLine]:
    """The reading less every read line lying over one of `boxes` (a masked transcription)."""
    return [line for line in lines if not any(_over(line.box, box) for box in boxes)]


def _over(read: Box, truth: Box) -> bool:
    """A read line lies over a truth box: most of the smaller height shared, and some width."""
    shared = min(read[3], truth[3]) - max(read[1], truth[1])
    wide = min(read[2], truth[2]) - max(read[0], truth[0])
    return wide > 0 and shared >= 0.4 * min(read[3] - read[1], truth[3] - truth[1])


def judge(
    measure: Measure,
    name: str,
    ink: Sequence[Box],
    reading: tuple[str, Sequence[ReadLine]],
    size: tuple[int, int],
    losses: Sequence[tuple[str, list[Box]]],
    engine_lost: bool,
) -> None:
    """The check on the whole reading (clean) and on each masked loss."""
    text, lines = reading
    report = coverage.check(ink, text, lines, TextFormat.plain, size)
    if engine_lost:
        measure.engine_lost += 1
        measure.engine_lost_flagged += not report.complete
    else:
        measure.clean += 1
        if not report.complete:
            measure.false_alarms += 1
            measure.alarms.append(f"{name} {[s.box for s in report.suspects]}")
    for unit, boxes in losses:
        measure.lost[unit] += 1
        if recalled(ink, lines, boxes, size):
            measure.recalled[unit] += 1
        else:
            measure.missed.append(f"{name} {unit} {boxes}")


def recalled(ink: Sequence[Box], lines: Sequence[ReadLine], boxes: Sequence[Box],
             size: tuple[int, int]) -> bool:  # fmt: skip
    """Whether the check on the reading with `boxes` masked out puts a suspect on one."""
    kept = masked(lines, boxes)
    report = coverage.check(
        ink, "\n".join(line.text for line in kept), kept, TextFormat.plain, size
    )
    return any(_hits(box, report) for box in boxes)


def marked_pages(family: str, count: int, by_truth: bool) -> None:
    """Issue 47's dev measure: marked letters, real readings, masked losses (see the top).

    by_truth: the reading is the letter's truth (a reader that loses nothing), not the
    engine's: quick, for trying the check on many pages."""
    reader = BenchReader()
    measures = {degradation: Measure() for degradation in ("scan", "fax")}
    for letter in letters(family, count):
        for degradation, measure in measures.items():
            image, scale = page_image(letter, LONG_SIDE, degradation)
            image, marks = marked(letter, image, scale)
            if degradation == "fax":  # the marks go through the fax's black and white too
                image = image.convert("L").point(lambda level: 0 if level < 140 else 255)
            name = f"{letter.name}-{degradation}"
            if by_truth:
                read = truth_lines(letter, scale)
                reading: tuple[str, Sequence[ReadLine]] = (
                    "\n".join(line.text for line in read),
                    read,
                )
            else:
                reading = cached_reading(reader, _png(image), f"marked-{name}")
            ink = coverage.ink_lines(np.asarray(image.convert("RGB")))
            boxes = [tuple(int(value * scale) for value in line.box) for line in letter.lines]
            losses = _losses(letter, boxes, marks, random.Random(name))  # type: ignore[arg-type]
            engine_lost = not by_truth and (
                lost_text(letter, reading[0])
                or unread(
                    [(line.text, box) for line, box in zip(letter.lines, boxes, strict=True)],
                    reading[1],
                )
            )
            judge(measure, name, ink, reading, image.size, losses, engine_lost)
    for degradation, measure in measures.items():
        reader_name = "truth readings" if by_truth else "CPU engine readings"
        print(
            "\n".join(
                measure.lines(f"{family} marked {degradation}, {reader_name} ({count} letters)")
            )
        )
    print(f"rapidocr CPU-s (readings not cached before): {reader.cpu_seconds:.0f}")


def unread(truth: Sequence[tuple[str, Box]], lines: Sequence[ReadLine]) -> bool:
    """Whether a truth line (text, box) of two or more words has no read line over half
    its width."""
    for text, box in truth:
        if len(text.split()) < 2:
            continue
        over = [read.box for read in lines if _over(read.box, box)]
        if coverage.covered_width(box, over) < 0.5 * (box[2] - box[0]):
            return True
    return False


def _losses(letter: Letter, boxes: list[Box], marks: Sequence[Mark], rng: random.Random
            ) -> list[tuple[str, list[Box]]]:  # fmt: skip
    """One line, one table row (the runs of a band, when it has two or more) and one block
    of three lines to mask, each of words and clear of the marks."""
    usable = [
        number for number, line in enumerate(letter.lines)
        if len(line.text) >= 6 and not overlapping(boxes[number], marks)
    ]  # fmt: skip
    if not usable:
        return []
    losses: list[tuple[str, list[Box]]] = [("line", [boxes[rng.choice(usable)]])]
    bands = [[other for other in usable if _over(boxes[other], boxes[number])] for number in usable]
    rows = [band for band in bands if len(band) >= 2]
    if rows:
        losses.append(("row", [boxes[number] for number in rng.choice(rows)]))
    starts = [number for number in usable if number + 1 in usable and number + 2 in usable]
    if starts:
        start = rng.choice(starts)
        losses.append(("block", boxes[start : start + 3]))
    return losses


# --- issue 47: the independent held-out set (bench/heldout47, written without the code) ----


def heldout(folder: Path, limit: int) -> None:
    """The check on the held-out set's lost-line and clean page variants (see its README).

    Each page is rendered as docvault renders it (its ink lines too) and read by the CPU
    engine; a lost variant has the read lines over its listed lines masked out. Turned page
    variants are left out (the truth's boxes are for the turned image)."""
    reader = BenchReader()
    truth = {}
    for row in _jsonl(folder / "truth.jsonl"):
        truth[(row["file"], row["page"])] = row
    lost = [(entry, True) for entry in _jsonl(folder / "lost_lines.jsonl")]
    clean = [(entry, False) for entry in _jsonl(folder / "clean_pages.jsonl")]
    pairs = [item for pair in zip(lost, clean, strict=False) for item in pair][:limit]
    measure, per_line, skipped = Measure(), PerLine(), Counter[str]()
    for entry, is_lost in pairs:
        row = truth[(entry["file"], entry["page"])]
        if row["turned_degrees"]:
            skipped["turned"] += 1
            continue
        rendered = render_page(folder / entry["file"], entry["page"], RenderOptions())
        if rendered.rotation:
            skipped["turned by the render"] += 1
            continue
        image = Image.open(io.BytesIO(rendered.image.data))
        placed = _placement(folder / entry["file"], entry["page"], row["image_size"], image.size)
        boxes = {line["id"]: _scaled(line["box"], placed) for line in row["lines"]}
        name = f"{entry['file']}-p{entry['page']}"
        reading = cached_reading(reader, rendered.image.data, "heldout-" + name.replace("/", "-"))
        losses = [(entry["remove"], [boxes[key] for key in entry["line_ids"]])] if is_lost else []
        truth_lines_here = [(line["text"], boxes[line["id"]]) for line in row["lines"]]
        engine_lost = not is_lost and (
            unread(truth_lines_here, reading[1]) or _words_lost(row, reading[0])
        )
        judge(measure, name, rendered.ink_lines, reading, image.size, losses, engine_lost)
        page = [(line["id"], line["text"], boxes[line["id"]]) for line in row["lines"]]
        marks = [(mark["type"], _scaled(mark["box"], placed)) for mark in row["marks"]]
        per_line.judge(name, rendered.ink_lines, reading, image.size, (page, marks), losses)
    print("\n".join(measure.lines(f"held-out {folder.name} ({len(pairs)} page variants)")))
    print("\n".join(per_line.lines(f"per-line truth, {folder.name}")))
    print(f"left out: {dict(skipped)}; rapidocr CPU-s: {reader.cpu_seconds:.0f}")


def _words_lost(row: dict[str, Any], read_text: str) -> bool:
    """Whether a truth line of 3 or more words has under a third of its words in the text
    (the engine misread it beyond recognition: a flag there is right, not a false alarm)."""
    read = Counter(words(read_text, keep_punctuation=False))
    for line in row["lines"]:
        truth = words(line["text"], keep_punctuation=False)
        if len(truth) >= 3 and sum((Counter(truth) & read).values()) < len(truth) / 3:
            return True
    return False


TruthLine = tuple[str, str, Box]  # id, text, box in the rendered image's pixels


@dataclass
class PerLine:
    """The held-out pages judged line by line (the rule is at the top: "per line")."""

    clean: int = 0
    false_alarms: int = 0
    garbled: int = 0
    garbled_flagged: int = 0
    garbled_placed: int = 0
    lost_read: Counter[str] = field(default_factory=Counter)
    recalled_read: Counter[str] = field(default_factory=Counter)
    alarms: list[str] = field(default_factory=list)
    garbled_pages: list[str] = field(default_factory=list)

    def judge(
        self,
        name: str,
        ink: Sequence[Box],
        reading: tuple[str, Sequence[ReadLine]],
        size: tuple[int, int],
        truth: tuple[Sequence[TruthLine], Sequence[tuple[str, Box]]],
        losses: Sequence[tuple[str, list[Box]]],
    ) -> None:
        """The check on the whole reading against the lines read, then the masked losses.
        truth: the page's printed lines and its marks (type, box)."""
        page, lines = truth[0], reading[1]
        report = coverage.check(ink, reading[0], lines, TextFormat.plain, size)
        missing = [line for line in page if line_read(line[1], line[2], lines) is False]
        flagged = not report.complete
        if not missing:
            self.clean += 1
            self.false_alarms += flagged
            if flagged:
                self.alarms.append(f"{name}:\n" + _suspects_told(report, truth, lines))
        else:
            placed = any(_hits(line[2], report) for line in missing)
            self.garbled += 1
            self.garbled_flagged += flagged
            self.garbled_placed += placed
            told = "".join(
                f"\n    {key} {text!r}\n      read: {_read_over(box, lines)}"
                + "".join(f", {kind} on it" for kind, mark in truth[1] if _intersects(mark, box))
                for key, text, box in missing
            )
            mark = "placed" if placed else "flagged elsewhere" if flagged else "NOT flagged"
            self.garbled_pages.append(f"{name} ({mark}): {told}")
        for unit, boxes in losses:
            listed = [line for line in page if line[2] in boxes]
            if all(line_read(text, box, lines) is not False for _, text, box in listed):
                self.lost_read[unit] += 1
                self.recalled_read[unit] += recalled(ink, lines, boxes, size)

    def lines(self, title: str) -> list[str]:
        found = [
            f"{title}: clean pages (every line read) flagged {self.false_alarms} of "
            f"{self.clean} ({self.false_alarms / max(1, self.clean):.1%}); pages with a line "
            f"the engine lost or garbled: {self.garbled}, flagged {self.garbled_flagged}, "
            f"a suspect on such a line {self.garbled_placed}"
        ]
        total, hit = sum(self.lost_read.values()), sum(self.recalled_read.values())
        found.append(f"  lost lines the engine had read: recalled {hit} of {total}")
        found += [f"  false alarm: {alarm}" for alarm in self.alarms]
        found += [f"  lost or garbled: {page}" for page in self.garbled_pages]
        return found


def folded_words(text: str) -> list[str]:
    """Runs of letters and digits of 3+ characters, case-folded, accents removed."""
    plain = "".join(
        character
        for character in unicodedata.normalize("NFKD", text)
        if not unicodedata.combining(character)
    )
    return [word for word in re.findall(r"[^\W_]+", plain.casefold()) if len(word) >= 3]


def line_read(text: str, box: Box, lines: Sequence[ReadLine]) -> bool | None:
    """Whether half of a truth line's words are in the read lines over its box (None: the
    line has no word to judge by)."""
    wanted = folded_words(text)
    if not wanted:
        return None
    near = [word for read in lines if _over(read.box, box) for word in folded_words(read.text)]
    found = sum(any(word in token for token in near) for word in wanted)
    return found >= len(wanted) / 2


def _read_over(box: Box, lines: Sequence[ReadLine]) -> list[str]:
    return [f"{line.text!r} {line.score:.2f}" for line in lines if _over(line.box, box)]


def _suspects_told(report: CoverageReport,
                   truth: tuple[Sequence[TruthLine], Sequence[tuple[str, Box]]],
                   lines: Sequence[ReadLine]) -> str:  # fmt: skip
    """Each suspect box with the truth lines, marks and read lines under it."""
    told = []
    for suspect in report.suspects:
        under = [text for _, text, box in truth[0] if _intersects(box, suspect.box)]
        marks = [kind for kind, box in truth[1] if _intersects(box, suspect.box)]
        read = [f"{line.text!r} {line.score:.2f}" for line in lines
                if _intersects(line.box, suspect.box)]  # fmt: skip
        told.append(
            f"    {suspect.box} {suspect.reason!r}\n      truth: {under}, marks: {marks}\n"
            f"      read: {read}"
        )
    return "\n".join(told)


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


Placement = tuple[float, float, float, float]  # x and y scale, x and y offset


def _placement(path: Path, page: int, stored: Sequence[int], rendered: tuple[int, int]
               ) -> Placement:  # fmt: skip
    """Where the truth's stored page image lies in the rendered page: an image file fills
    it; a PDF page's image lies where the page draws it (the held-out fax PDFs draw their
    204 x 98 dpi image at its pixels' aspect, a band across the middle of an A4 page)."""
    if path.suffix.lower() != ".pdf":
        return (rendered[0] / stored[0], rendered[1] / stored[1], 0.0, 0.0)
    with pymupdf.open(path) as document:
        sheet = document[page - 1]
        drawn = max(sheet.get_image_info(), key=lambda info: info["width"] * info["height"])
        x0, y0, x1, y1 = drawn["bbox"]
        left, top, right, bottom = sheet.rect
    to_x, to_y = rendered[0] / (right - left), rendered[1] / (bottom - top)
    return (
        (x1 - x0) / stored[0] * to_x,
        (y1 - y0) / stored[1] * to_y,
        (x0 - left) * to_x,
        (y0 - top) * to_y,
    )


def _scaled(box: Sequence[float], placed: Placement) -> Box:
    x_scale, y_scale, x_offset, y_offset = placed
    return (
        int(x_offset + box[0] * x_scale),
        int(y_offset + box[1] * y_scale),
        int(x_offset + box[2] * x_scale) + 1,
        int(y_offset + box[3] * y_scale) + 1,
    )


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.convert("L").save(buffer, "PNG")
    return buffer.getvalue()


def main(arguments: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("synthetic", "engine", "marked", "heldout"))
    parser.add_argument("--folder", type=Path, help="heldout: the held-out set's folder")
    parser.add_argument("--family", default="dev", choices=("dev", "test"))
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--long-side", type=int, default=LONG_SIDE)
    parser.add_argument("--truth", action="store_true", help="marked: truth readings, no engine")
    options = parser.parse_args(arguments)
    if options.what == "synthetic":
        synthetic(options.family, options.count)
    elif options.what == "heldout":
        heldout(options.folder, options.count)
    elif options.what == "marked":
        marked_pages(options.family, options.count, options.truth)
    else:
        engine(options.family, options.count, options.long_side)


if __name__ == "__main__":
    main()
