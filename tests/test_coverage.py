"""The coverage check: ink lines found in real rendered pages, and the check's verdicts."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import pymupdf
import pytest
from PIL import Image

from bench.letters import letters, page_image
from bench.marks import KINDS as MARK_KINDS
from bench.marks import Mark, marked, overlapping
from docvault.coverage import ILLEGIBLE, NO_TEXT, TOO_SHORT, Box, check, ink_lines
from docvault.ocr.rapid import RapidEngine
from docvault.ocr.schedule import MAX_REREAD_CROPS, reread_suspects
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    ReadLine,
    SamplingMode,
    SuspectRegion,
    TextFormat,
    Verdict,
)
from tests.support.lostline import LINES, LOST, write_letter


def _overlaps(first: Box, second: Box) -> bool:
    return (
        first[0] < second[2]
        and second[0] < first[2]
        and first[1] < second[3]
        and second[1] < first[3]
    )


def _rendered_pixels(path: Path) -> tuple[np.ndarray, tuple[Box, ...]]:
    rendered = render_page(path, 1, RenderOptions())
    image = Image.open(io.BytesIO(rendered.image.data))
    return np.asarray(image.convert("L")), rendered.ink_lines


def _page(width: int = 1240, height: int = 1754) -> np.ndarray:
    return np.full((height, width), 255, dtype=np.uint8)


def _read(boxes: tuple[Box, ...], texts: tuple[str, ...]) -> list[ReadLine]:
    return [ReadLine(box, text, 0.96) for box, text in zip(boxes, texts, strict=True)]


@pytest.fixture(scope="module")
def scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[np.ndarray, tuple[Box, ...], object]:
    letter = write_letter(tmp_path_factory.mktemp("scan"))
    pixels, ink = _rendered_pixels(letter.path)
    return pixels, ink, letter


def test_render_finds_one_ink_line_over_each_line_of_a_scanned_letter(scan: tuple) -> None:
    _, ink, letter = scan
    assert len(ink) == len(LINES)
    for line_box in letter.boxes:
        assert sum(_overlaps(line_box, box) for box in ink) == 1


def test_ink_lines_cover_the_truth_lines_of_letters_clean_and_faxed() -> None:
    for degradation in ("clean", "fax"):
        for letter in letters("dev", 3):
            image, scale = page_image(letter, 1700, degradation)
            ink = ink_lines(np.asarray(image.convert("L")))
            worded = [line for line in letter.lines if len(line.text.split()) >= 2]
            found = 0
            for line in worded:
                box = tuple(int(value * scale) for value in line.box)
                found += any(_overlaps(box, ink_box) for ink_box in ink)  # type: ignore[arg-type]
            assert found >= 0.95 * len(worded), (letter.name, degradation)


def test_a_blank_page_and_a_grey_noisy_one_have_no_ink_lines() -> None:
    assert ink_lines(_page()) == ()
    noise = np.random.default_rng(7).normal(200, 12, (1754, 1240)).clip(0, 255)
    assert ink_lines(noise.astype(np.uint8)) == ()


def test_table_rules_borders_and_a_photo_are_not_text_lines() -> None:
    document = pymupdf.open()
    page = document.new_page(width=595, height=842)
    for row in range(12):  # a ruled grid without text
        page.draw_line((60, 200 + row * 24), (540, 200 + row * 24), width=0.8)
    for column in range(5):
        page.draw_line((60 + column * 120, 200), (60 + column * 120, 464), width=0.8)
    page.draw_rect(pymupdf.Rect(20, 20, 575, 822), width=2)  # a border
    page.draw_rect(pymupdf.Rect(80, 520, 300, 700), fill=(0.2, 0.2, 0.2))  # a photo
    picture = page.get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    pixels = np.frombuffer(picture.samples, dtype=np.uint8).reshape(picture.height, -1)
    assert ink_lines(pixels[:, : picture.width]) == ()


def _scribble(pixels: np.ndarray, left: int, top: int, width: int, height: int) -> None:
    """A joined-up handwritten stroke: one long wavy line, as a pen draws a signature."""
    xs = np.arange(width)
    ys = top + height / 2 + (height / 2 - 2) * np.sin(xs / 9.0) * np.cos(xs / 37.0)
    points = np.stack([left + xs, ys], axis=1).astype(np.int32)
    cv2.polylines(pixels, [points], False, 0, thickness=4)  # a 0.6 mm pen at 150 dpi


def test_a_signature_and_a_handwritten_note_are_not_printed_lines(scan: tuple) -> None:
    pixels, ink, _ = scan
    signed = pixels.copy()
    _scribble(signed, 160, ink[-1][3] + 30, 320, 70)  # 12 mm high, at 150 dpi
    assert ink_lines(signed) == ink
    noted = pixels.copy()
    for row in range(3):  # a note in a hand a little larger than the print
        _scribble(noted, 160, ink[-1][3] + 40 + row * 75, 700, 50)
    # Handwriting is left to the doubtful-reading check: the coverage check wants print.
    found = ink_lines(noted)
    assert len(found) == len(ink)
    assert all(_overlaps(new, old) for new, old in zip(found, ink, strict=True))


@dataclass(frozen=True)
class MarkedPage:
    """A generated letter as a scan with a signature and some of initials, a stamp, a logo
    and pen strokes (bench/marks.py): the boxes of all its printed lines, and of its lines of
    words in the body's size clear of the marks."""

    pixels: np.ndarray
    printed: list[Box]
    texts: list[str]  # of the printed lines
    worded: list[Box]
    marks: list[Mark]


def _marked_pages(count: int) -> list[MarkedPage]:
    pages = []
    for letter in letters("dev", count):
        image, scale = page_image(letter, 1700, "scan")
        image, marks = marked(letter, image, scale)
        printed = [_scaled_box(line.box, scale) for line in letter.lines]
        # A big heading's letters are as tall as a signature's loops: left out, like them.
        body = float(np.median([box[3] - box[1] for box in printed]))
        worded = [
            box
            for line, box in zip(letter.lines, printed, strict=True)
            if len(line.text.split()) >= 2
            and box[3] - box[1] <= 1.5 * body
            and not overlapping(box, marks)
        ]
        texts = [line.text for line in letter.lines]
        pages.append(MarkedPage(np.asarray(image.convert("RGB")), printed, texts, worded, marks))
    return pages


def _scaled_box(box: tuple[float, float, float, float], scale: float) -> Box:
    return (
        int(box[0] * scale),
        int(box[1] * scale),
        int(box[2] * scale) + 1,
        int(box[3] * scale) + 1,
    )


def test_signatures_stamps_logos_and_pen_strokes_are_not_lines_but_the_print_is() -> None:
    kinds: set[str] = set()
    for page in _marked_pages(8):
        ink = ink_lines(page.pixels)
        on_marks = [box for box in ink if not any(_overlaps(box, line) for line in page.printed)]
        assert on_marks == []
        found = sum(any(_overlaps(line, box) for box in ink) for line in page.worded)
        assert found >= 0.9 * len(page.worded)
        kinds |= {mark.kind for mark in page.marks}
    assert kinds == set(MARK_KINDS)  # every kind of mark was on some page


def test_a_line_lost_on_a_signed_page_is_where_the_suspects_are() -> None:
    for page in _marked_pages(4):
        ink = ink_lines(page.pixels)
        lost = max(page.worded, key=lambda box: box[2] - box[0])
        read = [
            ReadLine(box, text, 0.95)
            for box, text in zip(page.printed, page.texts, strict=True)
            if box != lost
        ]
        size = (page.pixels.shape[1], page.pixels.shape[0])
        report = check(ink, "\n".join(line.text for line in read), read, TextFormat.plain, size)
        assert report.suspects  # the line, in one piece or (a wide gap in it) two
        assert all(suspect.reason == NO_TEXT for suspect in report.suspects)
        assert all(_overlaps(suspect.box, lost) for suspect in report.suspects)


def test_a_full_reading_accounts_for_every_line(scan: tuple) -> None:
    _, ink, letter = scan
    report = check(ink, "\n".join(LINES), _read(letter.boxes, LINES), TextFormat.plain, (1, 1))
    assert report.complete
    assert report.ink_lines == report.accounted_lines == len(LINES)


def test_a_lost_line_is_marked_no_text_over_its_box(scan: tuple) -> None:
    _, ink, letter = scan
    kept = [line for number, line in enumerate(_read(letter.boxes, LINES)) if number != LOST]
    report = check(ink, letter.transcription, kept, TextFormat.plain, letter.image_size)
    assert not report.complete
    (suspect,) = report.suspects
    assert suspect.reason == NO_TEXT
    assert _overlaps(suspect.box, letter.lost_box)
    assert report.summary == f"1 of {len(LINES)} lines on this page has no legible text."
    assert report.accounted_lines == len(LINES) - 1


def test_a_garbled_line_is_marked_not_legible(scan: tuple) -> None:
    _, ink, letter = scan
    texts = list(LINES)
    texts[LOST] = "Echo i i i  o o o m es ario"
    report = check(
        ink, "\n".join(texts), _read(letter.boxes, tuple(texts)), TextFormat.plain, (1, 1)
    )
    assert [suspect.reason for suspect in report.suspects] == [ILLEGIBLE]
    assert _overlaps(report.suspects[0].box, letter.lost_box)


def test_a_line_read_with_low_confidence_or_far_too_short_is_not_legible(scan: tuple) -> None:
    _, ink, letter = scan
    doubtful = [
        ReadLine(line.box, line.text, 0.2 if number == LOST else 0.96)
        for number, line in enumerate(_read(letter.boxes, LINES))
    ]
    assert len(check(ink, "\n".join(LINES), doubtful, TextFormat.plain, (1, 1)).suspects) == 1
    texts = list(LINES)
    texts[LOST] = "Echocardiogram"  # one word for a line of eleven
    report = check(
        ink, "\n".join(texts), _read(letter.boxes, tuple(texts)), TextFormat.plain, (1, 1)
    )
    assert [suspect.reason for suspect in report.suspects] == [ILLEGIBLE]


def test_ink_and_no_text_is_one_suspect_over_all_the_ink(scan: tuple) -> None:
    _, ink, letter = scan
    report = check(ink, "  \n", (), TextFormat.plain, letter.image_size)
    (suspect,) = report.suspects
    assert suspect.reason == NO_TEXT
    assert all(_overlaps(suspect.box, box) for box in letter.boxes)
    assert (
        report.summary == f"This page has {len(LINES)} lines of ink but no text was read from it."
    )


def test_a_page_without_ink_is_complete_whatever_the_text() -> None:
    assert check((), "", (), TextFormat.plain, (100, 100)).complete


def test_markdown_text_is_weighed_against_the_ink() -> None:
    letter = letters("dev", 1)[0]
    image, _ = page_image(letter, 1700, "clean")
    ink = ink_lines(np.asarray(image.convert("L")))
    truth = [line.text for line in letter.lines]
    assert check(ink, "# " + "\n\n".join(truth), (), TextFormat.markdown, image.size).complete
    short = check(ink, "\n".join(truth[:3]), (), TextFormat.markdown, image.size)
    assert [suspect.reason for suspect in short.suspects] == [TOO_SHORT]
    assert short.summary.startswith("The text read is much shorter than the ink on this page")
    assert short.accounted_lines < short.ink_lines


class ScriptedEngine:
    """An engine with located lines that reads a crop as `crop_text` at the crop's middle."""

    name = "cpu"
    text_format = TextFormat.plain

    def __init__(self, crop_text: str) -> None:
        self.crop_text = crop_text
        self.seen: list[PageImage] = []

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        self.seen.append(image)
        box = (image.width // 6, image.height // 3, image.width * 5 // 6, image.height * 2 // 3)
        line = ReadLine(box, self.crop_text, 0.93)
        return EngineReply(self.crop_text, "stop", 0, 1, 0.1, "cpu", lines=(line,))

    async def aclose(self) -> None:
        return None


def _first_outcome(letter: object, lines: list[ReadLine]) -> PageOutcome:
    request = AttemptRequest(SamplingMode.greedy, 0)
    text = "\n".join(line.text for line in lines)
    reply = EngineReply(text, "stop", 0, 1, 1.0, "cpu", lines=tuple(lines))
    record = AttemptRecord("cpu", request, reply, Verdict.clean, 1.0)
    return PageOutcome(text, False, (record,), tuple(lines), TextFormat.plain)


def test_the_reread_puts_the_recovered_line_in_its_place_and_records_the_attempt(
    scan: tuple,
) -> None:
    pixels, ink, letter = scan
    data = cv2.imencode(".png", pixels)[1].tobytes()
    image = PageImage(data, "image/png", pixels.shape[1], pixels.shape[0], "page 1")
    kept = [line for number, line in enumerate(_read(letter.boxes, LINES)) if number != LOST]
    first = _first_outcome(letter, kept)
    report = check(ink, first.text, first.lines, TextFormat.plain, letter.image_size)
    engine = ScriptedEngine(LINES[LOST])
    again = asyncio.run(reread_suspects(engine, image, first, report.suspects))
    assert again.text.splitlines() == list(LINES)
    assert len(again.attempts) == 2
    assert again.attempts[1].request.extra["reread"] == "region"
    assert engine.seen[0].height > letter.lost_box[3] - letter.lost_box[1]  # scaled up
    assert check(ink, again.text, again.lines, TextFormat.plain, (1, 1)).complete


def test_the_reread_keeps_the_page_as_read_when_the_crop_reads_no_better(scan: tuple) -> None:
    pixels, ink, letter = scan
    data = cv2.imencode(".png", pixels)[1].tobytes()
    image = PageImage(data, "image/png", pixels.shape[1], pixels.shape[0], "page 1")
    kept = [line for number, line in enumerate(_read(letter.boxes, LINES)) if number != LOST]
    first = _first_outcome(letter, kept)
    report = check(ink, first.text, first.lines, TextFormat.plain, letter.image_size)
    again = asyncio.run(reread_suspects(ScriptedEngine("i i o"), image, first, report.suspects))
    assert again.text == first.text
    assert len(again.attempts) == 2  # the try is on record all the same
    assert not check(ink, again.text, again.lines, TextFormat.plain, (1, 1)).complete


def test_the_reread_sends_at_most_its_bound_of_crops(scan: tuple) -> None:
    pixels, ink, letter = scan
    data = cv2.imencode(".png", pixels)[1].tobytes()
    image = PageImage(data, "image/png", pixels.shape[1], pixels.shape[0], "page 1")
    first = _first_outcome(letter, [])
    many = tuple(SuspectRegion(ink[0], NO_TEXT) for _ in range(MAX_REREAD_CROPS + 4))
    engine = ScriptedEngine("nothing")
    asyncio.run(reread_suspects(engine, image, first, many))
    assert len(engine.seen) == MAX_REREAD_CROPS


MIXED = Path(__file__).parent / "fixtures" / "heldout47" / "mixed-note.pdf"  # see its MANIFEST


@pytest.mark.slow
def test_a_handwritten_note_beside_typed_lines_is_not_flagged_but_a_lost_typed_line_is() -> None:
    """The development set's mixed page read by the real CPU engine: its handwritten note,
    which the engine reads only in part, is not print the check expects to be read; with the
    engine's "Kalium" line masked out, that typed line, and only it, is flagged."""
    rendered = render_page(MIXED, 1, RenderOptions())
    reply = RapidEngine().read(rendered.image)
    size = (rendered.image.width, rendered.image.height)
    report = check(rendered.ink_lines, reply.text, reply.lines, TextFormat.plain, size)
    assert report.complete
    assert report.suspects == ()
    (kalium,) = [line for line in reply.lines if line.text.startswith("Kalium")]
    rest = [line for line in reply.lines if line is not kalium]
    text = "\n".join(line.text for line in rest)
    lost = check(rendered.ink_lines, text, rest, TextFormat.plain, size)
    assert [suspect.reason for suspect in lost.suspects] == [NO_TEXT]
    assert _overlaps(lost.suspects[0].box, kalium.box)
