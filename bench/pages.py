"""Distinct synthetic letter pages for the engine benchmarks, made the way docvault makes them.

`write_letters` writes PDFs of seeded clinic letters (bench/corpus.py's text, set with PyMuPDF),
so no two pages are alike: the simulator, like vLLM with `--mm-processor-cache-gb 0`, must never
see an image twice. `render_letters` renders those same PDFs with docvault's own renderer at its
default settings (150 DPI, PNG), so the load generator sends byte for byte the images that the
daemon renders from the same files.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pymupdf

from bench.corpus import generate_pages
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import PageImage

# A4 in points, with 2 cm margins.
PAGE_WIDTH, PAGE_HEIGHT = 595, 842
MARGIN = 57
# Letters of up to ~6,000 characters fit one A4 page at 8 points; larger sizes left the
# longest generated letters blank (insert_textbox writes nothing when the text overflows).
FONT_SIZE = 8
MINIMUM_FONT_SIZE = 5


def _chunks(texts: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(texts), size):
        yield texts[start : start + size]


def write_letters(
    folder: Path, pages: int, pages_per_document: int = 5, seed: int = 20260101
) -> list[Path]:
    """Write `pages` distinct letter pages as PDFs of `pages_per_document` pages into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    texts = [page.markdown for page in generate_pages(pages, seed=seed)]
    paths = []
    for number, chunk in enumerate(_chunks(texts, pages_per_document), start=1):
        path = folder / f"letter-{seed}-{number:05}.pdf"
        document = pymupdf.open()  # type: ignore[no-untyped-call]
        for text in chunk:
            page = document.new_page(width=PAGE_WIDTH, height=PAGE_HEIGHT)
            box = pymupdf.Rect(MARGIN, MARGIN, PAGE_WIDTH - MARGIN, PAGE_HEIGHT - MARGIN)  # type: ignore[no-untyped-call]
            _fill(page, box, text)
        document.save(path)  # type: ignore[no-untyped-call]
        document.close()  # type: ignore[no-untyped-call]
        paths.append(path)
    return paths


def _fill(page: pymupdf.Page, box: pymupdf.Rect, text: str) -> None:
    """Set the text in the box, smaller until it fits (an overflowing box stays blank)."""
    size = FONT_SIZE
    while page.insert_textbox(box, text, fontsize=size) < 0:
        if size <= MINIMUM_FONT_SIZE:
            raise ValueError("a generated letter does not fit one page even at 5 points")
        size -= 1


def render_letters(paths: list[Path], options: RenderOptions | None = None) -> list[PageImage]:
    """Every page of these PDFs rendered by docvault's renderer (150 DPI PNG by default)."""
    options = options or RenderOptions()
    images = []
    for path in paths:
        with pymupdf.open(path) as document:  # type: ignore[no-untyped-call]
            count = document.page_count
        for number in range(1, count + 1):
            images.append(render_page(path, number, options).image)
    return images
