"""The searchable PDF on the real fixtures: does its text layer hold the page's words, in
place, and how much larger than the original is it?

    python -m bench.searchable_pdf_bench [--fixtures tests/fixtures] [--only NAME ...]

Every fixture that docvault reads (tests/fixtures/MANIFEST.tsv: opens with PyMuPDF, not
corrupt, not a text document, no password) is rendered as the worker renders it (upright)
and read by the CPU engine (docvault.ocr.rapid.RapidEngine; without the coverage check's
re-read). Then two searchable PDFs are made:

    cpu     the CPU engine's reading with its line boxes (what docvault stores)
    vision  the same text as Markdown without boxes (a vision model's reply): its lines laid
            over the page's ink lines (docvault.coverage.ink_lines), as docvault does

recall    the share of the reading's words (whitespace tokens, as written) found among the
          words PyMuPDF extracts from the PDF's text layer (a multiset: each word once)
in place  the share of the reading's lines whose first word is extracted inside the line's
          box (image pixels scaled to the page): where a viewer's selection lands
size      the searchable PDF (cpu) against the original file, in bytes

A page docvault trusts the text layer of (a born-digital PDF) is kept as it is: its words
are the PDF's own, and "in place" counts them too.
"""

from __future__ import annotations

import argparse
import csv
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from docvault import render, searchable
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions
from docvault.searchable import PageText

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
SKIPPED_CATEGORIES = {"corrupt", "zero_byte", "non_document", "encrypted"}
OPTIONS = RenderOptions()


@dataclass
class Result:
    name: str
    pages: int = 0
    words: int = 0
    cpu_found: int = 0
    vision_found: int = 0
    lines: int = 0
    cpu_in_place: int = 0
    vision_in_place: int = 0
    original_bytes: int = 0
    pdf_bytes: int = 0
    vision_bytes: int = 0
    read_seconds: float = 0.0
    build_seconds: float = 0.0


def fixtures(folder: Path, only: list[str]) -> list[Path]:
    with (folder / "MANIFEST.tsv").open(newline="") as manifest:
        rows = list(csv.DictReader(manifest, delimiter="\t"))
    chosen = [
        folder / row["file"]
        for row in rows
        if row["opens_with_pymupdf"] == "yes"
        and row["category"] not in SKIPPED_CATEGORIES
        and row["pages"] not in ("0", "n/a")
    ]
    return [path for path in chosen if not only or path.name in only]


def read(engine: RapidEngine, path: Path, pages: int) -> list[PageText]:
    return [read_page(engine, path, number) for number in range(1, pages + 1)]


def read_page(engine: RapidEngine, path: Path, number: int) -> PageText:
    """The page as the worker reads it: rendered upright, read by the CPU engine."""
    rendered = render.render_page(path, number, OPTIONS)
    reply = engine.read(rendered.image)
    return PageText(
        number=number,
        text=reply.text,
        text_format="plain",
        lines=tuple((line.box, line.text) for line in reply.lines),
        rotation=rendered.rotation,
        image_size=(rendered.image.width, rendered.image.height),
    )


def as_markdown(page: PageText) -> PageText:
    """The reading as a vision model would give it: Markdown, no boxes."""
    markdown = "\n\n".join(text for _, text in page.lines or ())
    return PageText(page.number, markdown, "markdown", None, page.rotation, None)


def shown_words(page: pymupdf.Page) -> list[tuple[pymupdf.Rect, str]]:
    turn = page.rotation_matrix
    return [(pymupdf.Rect(word[:4]) * turn, word[4]) for word in page.get_text("words")]


def score(document: pymupdf.Document, texts: list[PageText]) -> tuple[int, int]:
    """(words found, lines in place) over every page."""
    found = in_place = 0
    for page_text in texts:
        page = document[page_text.number - 1]
        words = shown_words(page)
        extracted = Counter(word for _, word in words)
        for word, count in Counter(page_text.text.split()).items():
            found += min(count, extracted[word])
        assert page_text.image_size is not None
        width, height = page_text.image_size
        across, down = page.rect.width / width, page.rect.height / height
        for (left, top, right, bottom), text in page_text.lines or ():
            if not text.split():
                continue
            where = pymupdf.Rect(left * across, top * down, right * across, bottom * down)
            first = text.split()[0]
            if any(first in word and where.intersects(rect) for rect, word in words):
                in_place += 1
    return found, in_place


def measure(engine: RapidEngine, path: Path) -> Result:
    result = Result(path.name, original_bytes=path.stat().st_size)
    with pymupdf.open(path) as opened:
        result.pages = opened.page_count
    started = time.perf_counter()
    texts = read(engine, path, result.pages)
    result.read_seconds = time.perf_counter() - started
    result.words = sum(len(page.text.split()) for page in texts)
    result.lines = sum(1 for page in texts for _, text in page.lines or () if text.split())
    started = time.perf_counter()
    cpu = searchable.build(path, OPTIONS, texts)
    result.build_seconds = time.perf_counter() - started
    result.pdf_bytes = len(cpu)
    with pymupdf.open("pdf", cpu) as document:
        result.cpu_found, result.cpu_in_place = score(document, texts)
    vision = searchable.build(path, OPTIONS, [as_markdown(page) for page in texts])
    result.vision_bytes = len(vision)
    with pymupdf.open("pdf", vision) as document:
        result.vision_found, result.vision_in_place = score(document, texts)
    return result


def share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "n/a"


def table(results: list[Result]) -> str:
    header = (
        "| file | pages | words | recall cpu | in place cpu | recall vision | in place vision "
        "| original | searchable | size ratio | build s |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    )
    rows = [header]
    for item in [*results, total(results)]:
        rows.append(
            f"| {item.name} | {item.pages} | {item.words} | {share(item.cpu_found, item.words)} "
            f"| {share(item.cpu_in_place, item.lines)} | {share(item.vision_found, item.words)} "
            f"| {share(item.vision_in_place, item.lines)} | {item.original_bytes / 1024:,.0f} KiB "
            f"| {item.pdf_bytes / 1024:,.0f} KiB | {item.pdf_bytes / item.original_bytes:.2f} "
            f"| {item.build_seconds:.2f} |"
        )
    return "\n".join(rows)


def total(results: list[Result]) -> Result:
    overall = Result("**all**")
    for item in results:
        for name in (
            "pages", "words", "cpu_found", "vision_found", "lines", "cpu_in_place",
            "vision_in_place", "original_bytes", "pdf_bytes", "vision_bytes",
        ):  # fmt: skip
            setattr(overall, name, getattr(overall, name) + getattr(item, name))
        overall.build_seconds += item.build_seconds
    return overall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=FIXTURES)
    parser.add_argument("--only", nargs="*", default=[])
    arguments = parser.parse_args()
    engine = RapidEngine()
    results = []
    for path in fixtures(arguments.fixtures, arguments.only):
        results.append(measure(engine, path))
        item = results[-1]
        print(
            f"{item.name}: {item.pages} pages, read in {item.read_seconds:.1f} s, "
            f"recall {share(item.cpu_found, item.words)}, "
            f"vision {share(item.vision_found, item.words)}",
            flush=True,
        )
    print(table(results))


if __name__ == "__main__":
    main()
