"""Real documents made for tests: PDFs of letters written with PyMuPDF."""

from __future__ import annotations

import csv
from pathlib import Path

import pymupdf

MANIFEST = Path(__file__).parent.parent / "fixtures" / "MANIFEST.tsv"


def letter_pdf(path: Path, pages: int, seed: int) -> Path:
    """A PDF of `pages` pages of distinct text (so no two files have the same bytes)."""
    document = pymupdf.open()
    for number in range(1, pages + 1):
        page = document.new_page()
        page.insert_text((72, 100), f"Referral letter {seed} page {number}", fontsize=14)
        page.insert_text((72, 130), f"Patient number {seed * 1000 + number}", fontsize=11)
    document.save(path)
    document.close()
    return path


def manifest() -> dict[str, dict[str, str]]:
    """The fixtures' MANIFEST rows by file name."""
    with MANIFEST.open(newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}
