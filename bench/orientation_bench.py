"""Orientation detection's CPU cost beside the render's, and the rotated corpus table.

    python -m bench.orientation_bench cost [--pages 50]
    python -m bench.orientation_bench corpus
    python -m bench.orientation_bench margin [--letters 6] [--family dev|test]
    python -m bench.orientation_bench legibility [--letters 6] [--family dev|test]

cost: every page of the real fixtures that renders and has no trusted text layer
(tests/fixtures, MANIFEST.tsv; born-digital pages take their orientation from the layer,
whose cost is printed apart), upright and turned by 90, 180 and 270 degrees, until
`--pages` pages: CPU-ms (this process's user + system time, `time.process_time`) of
`render_page` with orientation off, and of `orientation.detect` on the rendered page, side
by side; and whether the detected angle is right (the MANIFEST's stored turns) on the pages
where it decided. Models are loaded before the clock starts (a render worker loads them
once).

corpus: the rotated corpus of tests/test_orientation.py (a fax, a phone photo, a table page
at 0/90/180/270) through the render with orientation on and the CPU engine: share of the
upright transcription's words found, angle detected, CPU-ms of detection.

margin: the measurement behind `orientation.MARGIN`. Every fixture page whose orientation
comes from its image (handwriting included) and `--letters` generated letters of `--family`
(bench/letters.py, as scanned and as faxed; tune on "dev", report on "test"), each at
0/90/180/270: the evidence `orientation.examine` gathers, the direction it points to, and
its lead (winning weight minus the other). A margin must lie above every lead that points
the wrong way (else a page is turned wrongly) and at most the leads of the rotated printed
pages it must still turn. The table ends with both bounds and what MARGIN does on them.

legibility: the same pages and turns, each decided twice in one run: before (the votes
alone, as before issue 47: `LEGIBLE_SCORE` and `LEGIBILITY_LEAD` switched off) and after (a
turn only where the turned reading is clearly more legible, never on barely legible lines).
Per page: the recogniser's confidence of the lines read the way the votes say and the other
way, and both decisions; then the handwritten pages turned while upright (goal: none) and
the typed pages' turns (right, wrong, left as stored) before and after.
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

from bench.letters import letters, page_image
from docvault import orientation
from docvault.errors import RenderError
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.textlayer import read_layer
from docvault.vocabulary import AttemptRequest, SamplingMode
from tests.support.rotated import FIXTURES, write_corpus

OFF = RenderOptions(orientation=False)
# Pages stored turned (MANIFEST.tsv): the clockwise turn that makes them upright.
STORED_TURN = {
    ("ocrmypdf__cardinal.pdf", 2): 270,
    ("ocrmypdf__cardinal.pdf", 3): 180,
    ("ocrmypdf__cardinal.pdf", 4): 90,
    ("tesseract__phototest-rotated-L.png", 1): 90,
}
WORDS = re.compile(r"\w+")


def _pages() -> tuple[list[tuple[Path, int]], list[float]]:
    """Pages whose orientation comes from their image, and the CPU-ms of reading the
    orientation of the born-digital ones from their text layer (no image analysis)."""
    import pymupdf

    found, layer_ms = [], []
    for path in sorted(FIXTURES.iterdir()):
        if path.name == "MANIFEST.tsv":
            continue
        try:
            with pymupdf.open(path) as document:
                if document.needs_pass:
                    continue
                for number, page in enumerate(document, start=1):
                    started = time.process_time()
                    layer = read_layer(page) if document.is_pdf else None
                    if layer is not None and layer.trusted:
                        layer_ms.append((time.process_time() - started) * 1000)
                    else:
                        found.append((path, number))
        except Exception:
            continue
    return found, layer_ms


def _rendered(path: Path, number: int) -> bytes | None:
    try:
        return render_page(path, number, OFF).image.data
    except RenderError:
        return None


def _decoded(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.array(image)


def _truth(name: str, number: int, turned: int) -> int:
    return (STORED_TURN.get((name, number), 0) + turned) % 360


def cost(limit: int) -> None:
    orientation.detect(np.full((64, 64), 255, dtype=np.uint8))  # load the models
    rows = []
    pages, layer_ms = _pages()
    for angle in (0, 90, 180, 270):
        for path, number in pages:
            started = time.process_time()
            rendered = _rendered(path, number)
            render_ms = (time.process_time() - started) * 1000
            pixels = None if rendered is None else _decoded(rendered)
            if pixels is None or len(rows) >= limit:
                continue
            turned = np.ascontiguousarray(np.rot90(pixels, angle // 90))  # anticlockwise
            started = time.process_time()
            found = orientation.detect(turned)
            detect_ms = (time.process_time() - started) * 1000
            rows.append((path.name, number, angle, render_ms, detect_ms, found))
    print("| page | turned | render CPU-ms | detect CPU-ms | right angle | detected |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, number, angle, render_ms, detect_ms, found in rows:
        detected = found.rotation if found.decided else "undecided"
        print(
            f"| {name} p{number} | {angle} | {render_ms:.0f} | {detect_ms:.0f} "
            f"| {_truth(name, number, angle)} | {detected} |"
        )
    render = [row[3] for row in rows]
    detect = [row[4] for row in rows]
    decided = [row for row in rows if row[5].decided]
    right = [row for row in decided if row[5].rotation == _truth(row[0], row[1], row[2])]
    print()
    print(f"pages: {len(rows)}")
    for label, values in (("render", render), ("detect", detect)):
        median, mean = statistics.median(values), statistics.mean(values)
        print(f"{label} CPU-ms per page: median {median:.0f}, mean {mean:.0f}")
    print(f"detect / render (means): {statistics.mean(detect) / statistics.mean(render):.1f}")
    print(f"decided: {len(decided)} of {len(rows)}; right where decided: {len(right)}")
    print(
        f"born-digital pages ({len(layer_ms)}), orientation from the text layer: "
        f"median {statistics.median(layer_ms):.1f} CPU-ms"
    )


async def _corpus() -> None:
    orientation.detect(np.full((64, 64), 255, dtype=np.uint8))  # load the models
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


def _category(name: str) -> str:
    import csv

    with (FIXTURES / "MANIFEST.tsv").open(newline="") as file:
        rows = {row["file"]: row["category"] for row in csv.DictReader(file, delimiter="\t")}
    return rows.get(name, "?")


def _margin_pages(family: str, letter_count: int) -> list[tuple[str, str, int, np.ndarray]]:
    """(name, category, right turn when upright, upright pixels) of every measured page."""
    pages = []
    for path, number in _pages()[0]:
        rendered = _rendered(path, number)
        if rendered is not None:
            truth = STORED_TURN.get((path.name, number), 0)
            pages.append(
                (f"{path.name} p{number}", _category(path.name), truth, _decoded(rendered))
            )
    for letter in letters(family, letter_count):
        for degradation in ("scan", "fax"):
            image, _ = page_image(letter, 1754, degradation)
            pixels = np.array(image.convert("L"))
            pages.append((f"{letter.name} {degradation}", "letter", 0, pixels))
    return pages


def margin(family: str, letter_count: int) -> None:
    orientation.detect(np.full((64, 64), 255, dtype=np.uint8))  # load the models
    print("| page | category | turned | right | points to | across | down | lead | verdict |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    wrong: list[tuple[float, str]] = []
    needed: list[tuple[float, str]] = []
    outcomes: collections.Counter[str] = collections.Counter()
    for name, category, stored, pixels in _margin_pages(family, letter_count):
        for angle in (0, 90, 180, 270):
            turned = np.ascontiguousarray(np.rot90(pixels, angle // 90))  # anticlockwise
            right = (stored + angle) % 360
            evidence = orientation.examine(turned)
            verdict, _ = orientation.judge(evidence)
            found = orientation.conclude(evidence)
            has_votes = evidence.upright + evidence.upside_down > 0
            label = f"{name} @{angle}"
            if has_votes and evidence.rotation != right:
                wrong.append((evidence.lead, label))
            elif has_votes and category != "handwriting" and right != 0:
                needed.append((evidence.lead, label))
            if found.decided:
                outcomes["turned right" if found.rotation == right else "TURNED WRONG"] += 1
            else:
                outcomes[f"left as it is ({verdict.value})"] += 1
            print(
                f"| {name} | {category} | {angle} | {right} "
                f"| {evidence.rotation if has_votes else '-'} | {evidence.across} "
                f"| {evidence.down} | {evidence.lead:.2f} | {verdict.value} |"
            )
    print()
    highest_wrong = ", ".join(f"{lead:.2f} ({label})" for lead, label in sorted(wrong)[-3:])
    lowest_needed = ", ".join(f"{lead:.2f} ({label})" for lead, label in sorted(needed)[:3])
    print(f"lower bound, the highest leads pointing the wrong way: {highest_wrong}")
    print(f"upper bound, the lowest leads of rotated printed pages: {lowest_needed}")
    print(f"MARGIN {orientation.MARGIN}: " + ", ".join(f"{k} {v}" for k, v in outcomes.items()))


def _decided(pixels: np.ndarray, before: bool) -> orientation.Orientation:
    """The page's orientation as decided now, or (`before`) on the votes alone."""
    saved = orientation.LEGIBLE_SCORE, orientation.LEGIBILITY_LEAD
    if before:
        orientation.LEGIBLE_SCORE, orientation.LEGIBILITY_LEAD = 0.0, -1.0
    try:
        return orientation.detect(pixels)
    finally:
        orientation.LEGIBLE_SCORE, orientation.LEGIBILITY_LEAD = saved


def _outcome(found: orientation.Orientation, right: int) -> str:
    if not found.decided or found.rotation == 0:
        return "right (as stored)" if right == 0 else "left as stored"
    return "turned right" if found.rotation == right else "TURNED WRONG"


def legibility(family: str, letter_count: int) -> None:
    orientation.detect(np.full((64, 64), 255, dtype=np.uint8))  # load the models
    print("| page | category | turned | right | reading | other way | before | after |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    tally: dict[tuple[str, str], collections.Counter[str]] = collections.defaultdict(
        collections.Counter
    )
    for name, category, stored, pixels in _margin_pages(family, letter_count):
        kind = "handwritten" if category == "handwriting" else "typed"
        for angle in (0, 90, 180, 270):
            turned = np.ascontiguousarray(np.rot90(pixels, angle // 90))  # anticlockwise
            right = (stored + angle) % 360
            before, after = _decided(turned, True), _decided(turned, False)
            evidence = after.evidence or orientation.Evidence(0, 0, 0)
            for when, found in (("before", before), ("after", after)):
                tally[(kind, when)][_outcome(found, right)] += 1
                if kind == "handwritten" and right == 0 and found.rotation:
                    tally[(kind, when)]["UPRIGHT HANDWRITTEN PAGE TURNED"] += 1
            print(
                f"| {name} | {category} | {angle} | {right} | {evidence.reading:.2f} "
                f"| {evidence.reading_other:.2f} | {before.rotation} ({before.verdict.value}) "
                f"| {after.rotation} ({after.verdict.value}) |"
            )
    print()
    for (kind, when), counts in sorted(tally.items()):
        print(f"{kind} pages, {when}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("what", choices=("cost", "corpus", "margin", "legibility"))
    parser.add_argument("--pages", type=int, default=50)
    parser.add_argument("--letters", type=int, default=6)
    parser.add_argument("--family", choices=("dev", "test"), default="dev")
    arguments = parser.parse_args()
    if arguments.what == "cost":
        cost(arguments.pages)
    elif arguments.what == "margin":
        margin(arguments.family, arguments.letters)
    elif arguments.what == "legibility":
        legibility(arguments.family, arguments.letters)
    else:
        asyncio.run(_corpus())


if __name__ == "__main__":
    main()
