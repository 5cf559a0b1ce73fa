"""A scanned letter with a line the engine lost: a real image, a real line, its real box.

The letter is written with PyMuPDF and rasterised into an image-only PDF (a scan: no text
layer), then rendered the way docvault renders it for the engine. Each line's box comes
from the written letter's own layout, scaled to the rendered image's pixels, so the box of
the lost line lies exactly over that line's ink. The transcription handed to the queue
leaves that line out, as rapidocr did at long side 1700 (issue 26), and the coverage
report names its box: what helper B's coverage check reports for such a page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pymupdf
from PIL import Image
from sqlalchemy import Engine

from docvault import records
from docvault.archive import archive_file
from docvault.coverage import check
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    CoverageReport,
    EngineReply,
    ReadLine,
    SamplingMode,
    SuspectRegion,
    TextFormat,
    Verdict,
)

LINES = (
    "Dear Dr. Weber,",
    "Re: Erika Mustermann, born 14.03.1961",
    "thank you for referring this patient (*) to our clinic.",
    "Echocardiogram showed an ejection fraction of 55% with mild mitral regurgitation.",
    "Potassium *1,8* mmol/l above the range; please repeat in two weeks.",
    "Yours sincerely, Dr. Anna Schmidt",
)
LOST = 3  # the echocardiogram line: the one rapidocr lost at 1700 px
LOST_REASON = "no text read here"
SCAN_DPI = 200
FILE_NAME = "lost-line-letter.pdf"


@dataclass(frozen=True)
class LostLineLetter:
    """The scan on disk, its rendered size, and every line's box in its pixels."""

    path: Path
    image_size: tuple[int, int]
    boxes: tuple[tuple[int, int, int, int], ...]  # one per line of LINES

    @property
    def lost_box(self) -> tuple[int, int, int, int]:
        return self.boxes[LOST]

    @property
    def transcription(self) -> str:
        """The text as the engine gave it: every line but the lost one, one a line."""
        return "\n".join(line for number, line in enumerate(LINES) if number != LOST)

    def report(self) -> CoverageReport:
        return CoverageReport(
            ink_lines=len(LINES),
            accounted_lines=len(LINES) - 1,
            suspects=(SuspectRegion(self.lost_box, LOST_REASON),),
            summary="1 of 6 lines on the page has no text in the transcription.",
        )


def write_letter(folder: Path, signed: bool = False, name: str = FILE_NAME) -> LostLineLetter:
    """The letter as a scan (image-only PDF) in `folder`, with its lines' boxes; `signed`:
    with a handwritten signature in blue-black pen under the closing line."""
    written = pymupdf.open()
    page = written.new_page(width=612, height=792)
    for number, line in enumerate(LINES):
        page.insert_text((72, 120 + 34 * number), line, fontsize=12, fontname="helv")
    line_boxes = [pymupdf.Rect(line["bbox"]) for line in _lines(page)]
    if signed:
        _sign(page, line_boxes[-1])
    picture = page.get_pixmap(dpi=SCAN_DPI, colorspace=pymupdf.csGRAY)
    scan = pymupdf.open()
    scanned = scan.new_page(width=612, height=792)
    scanned.insert_image(scanned.rect, stream=picture.tobytes("png"))
    path = folder / name
    scan.save(path)
    scan.close()
    written.close()
    rendered = render_page(path, 1, RenderOptions())
    size = (rendered.image.width, rendered.image.height)
    scale = size[0] / 612
    boxes = tuple(_pixels(box, scale) for box in line_boxes)
    return LostLineLetter(path, size, boxes)


def _sign(page: pymupdf.Page, closing: pymupdf.Rect) -> None:
    """A joined-up signature under the closing line: loops and a flourish, about 14 mm high,
    its top touching the closing's descenders (as a signature usually does)."""
    steps = 160
    points = []
    for step in range(steps):
        along = step / steps
        wave = math.sin(along * 9 * math.pi) * math.cos(along * 2.3 * math.pi)
        x = closing.x0 + 10 + along * 150 - 7 * math.sin(along * 9 * math.pi)
        points.append(pymupdf.Point(x, closing.y1 + 20 + 18 * wave))
    page.draw_polyline(points, color=(0.1, 0.1, 0.35), width=1.6)
    page.draw_line(
        pymupdf.Point(closing.x0 + 5, closing.y1 + 42),
        pymupdf.Point(closing.x0 + 175, closing.y1 + 30),
        color=(0.1, 0.1, 0.35),
        width=1.4,
    )


def _lines(page: pymupdf.Page) -> list[dict[str, object]]:
    found = [line for block in page.get_text("dict")["blocks"] for line in block.get("lines", [])]
    assert len(found) == len(LINES), f"the letter has {len(found)} lines, not {len(LINES)}"
    return found


def _pixels(box: pymupdf.Rect, scale: float) -> tuple[int, int, int, int]:
    # A line's layout box is its font's height; a scan's ink is inside it.
    return (
        int(box.x0 * scale),
        int(box.y0 * scale),
        int(box.x1 * scale + 1),
        int(box.y1 * scale + 1),
    )


def ink_share(image: Image.Image, box: tuple[int, int, int, int]) -> float:
    """The share of dark pixels inside `box` of a greyscale image (a line's ink: > 0)."""
    crop = image.convert("L").crop(box)
    dark = sum(count for level, count in enumerate(crop.histogram()) if level < 128)
    return dark / max(1, crop.width * crop.height)


def cpu_attempt(text: str) -> AttemptRecord:
    """The CPU engine's attempt (attempts.engine "cpu"), as docvault.ocr.rapid records it."""
    return AttemptRecord(
        engine="cpu",
        request=AttemptRequest(SamplingMode.greedy, 0),
        reply=EngineReply(text, "stop", 0, 0, 1.2),
        verdict=Verdict.clean,
        seconds=1.2,
    )


def record_lost_line_page(
    database: Engine,
    data_dir: Path,
    letter: LostLineLetter,
    owner: str = "test-worker",
    report: CoverageReport | None = None,
    transcription: str | None = None,
) -> tuple[int, int]:
    """Archive the scan, queue its page and complete it through `records.complete_many` with
    the lost line's report (or `report`, read as `transcription`): (document id, page id).
    Every other page must be finished."""
    archived = archive_file(letter.path, data_dir)
    recorded = records.record_document(
        database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name=letter.path.name,
            inbox="fax",
            original_path=f"/srv/inbox/fax/{letter.path.name}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            kind="pdf",
        ),
        1,
    )
    (claimed,) = records.claim(database, owner, limit=1, lease_seconds=600)
    assert claimed.document_id == recorded.document_id
    text = letter.transcription if transcription is None else transcription
    finished = records.FinishedPage(
        claimed.page_id,
        text,
        looped=False,
        attempts=[cpu_attempt(text)],
        image_size=letter.image_size,
        coverage=letter.report() if report is None else report,
        text_format=TextFormat.plain,
    )
    assert records.complete_many(database, owner, [finished]) == [True]
    return recorded.document_id, claimed.page_id


def checked(letter: LostLineLetter, lost: int | None) -> tuple[str, CoverageReport]:
    """The transcription of a reader that read every line at its box but `lost`, and the
    coverage check's own report on it over the ink the render found: what the worker
    records for such a page."""
    rendered = render_page(letter.path, 1, RenderOptions())
    read = [
        ReadLine(box, text, 0.95)
        for number, (box, text) in enumerate(zip(letter.boxes, LINES, strict=True))
        if number != lost
    ]
    text = "\n".join(line.text for line in read)
    return text, check(rendered.ink_lines, text, read, TextFormat.plain, letter.image_size)
