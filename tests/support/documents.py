"""Real documents made for tests: PDFs of letters written with PyMuPDF."""

from __future__ import annotations

import csv
from pathlib import Path

import pymupdf
from sqlalchemy import Engine

from docvault import records

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


def recorded_document(database: Engine, pages: int = 1, sha: str = "a") -> int:
    """A document of `pages` queued pages recorded as intake records one (no file behind it):
    for tests of the queue and what reads it."""
    new = records.NewDocument(
        sha256=sha * 64,
        original_name=f"{sha}.pdf",
        inbox="fax",
        original_path=f"/inbox/{sha}.pdf",
        archive_path=f"archive/{sha}",
        size_bytes=10,
    )
    return records.record_document(database, new, pages).document_id


def manifest() -> dict[str, dict[str, str]]:
    """The fixtures' MANIFEST rows by file name."""
    with MANIFEST.open(newline="") as handle:
        return {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}
