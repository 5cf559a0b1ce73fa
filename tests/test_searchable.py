"""The searchable PDF: real scans read by the real CPU engine, the text layer extracted with
PyMuPDF and found at its line's place; the derived file made again for a new reading."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import pymupdf
import pytest

from bench.searchable_pdf_bench import as_markdown, read_page
from docvault import copies, derived, pdfa, render, searchable, transcription
from docvault.copies import PageText
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions
from docvault.textutil import strip_markup
from docvault.transcription import SearchableSource

OPTIONS = RenderOptions()
SCAN = "ocrmypdf__c02-22.pdf"  # a JPEG page in a PDF: "We scrouched down and laid still."
FAX = "libtiff__testfax4.tiff"  # a G4 fax MuPDF decodes nearly blank (libtiff reads it whole)
TURNED = "ocrmypdf__cardinal.pdf"  # page 2: the scan baked in sideways, read turned 270°
# A handwritten letter photographed on a mount: the coverage check finds no printed lines.
HANDWRITTEN = "caltech__hale-letter-1.jpg"


@functools.cache
def _engine() -> RapidEngine:
    return RapidEngine()


def read_by_cpu(path: Path, number: int) -> PageText:
    return read_page(_engine(), path, number)


def layer_words(page: pymupdf.Page) -> list[tuple[pymupdf.Rect, str]]:
    """The text layer's words, their boxes where the page is shown (its /Rotate applied)."""
    turn = page.rotation_matrix
    return [(pymupdf.Rect(word[:4]) * turn, word[4]) for word in page.get_text("words")]


def lines_found_in_place(page: pymupdf.Page, page_text: PageText) -> tuple[int, int]:
    """How many of the page's lines have their first word in the text layer within the
    line's box (image pixels scaled to the shown page), of how many."""
    assert page_text.lines is not None
    assert page_text.image_size is not None
    width, height = page_text.image_size
    across, down = page.rect.width / width, page.rect.height / height
    words = layer_words(page)
    found = 0
    lines = [(box, text) for box, text in page_text.lines if text.split()]
    for (left, top, right, bottom), text in lines:
        where = pymupdf.Rect(left * across, top * down, right * across, bottom * down)
        first = text.split()[0]
        # `in`: MuPDF joins two lines' words whose boxes touch ("Chapter" + "II").
        if any(first in word and where.intersects(rect) for rect, word in words):
            found += 1
    return found, len(lines)


def built_with_every_line_in_place(path: Path, number: int, at_least: int) -> pymupdf.Document:
    """The searchable PDF of one page read by the CPU engine, every line found in place."""
    page_text = read_by_cpu(path, number)
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [page_text]))
    found, total = lines_found_in_place(built[number - 1], page_text)
    assert total >= at_least
    assert found == total
    return built


def test_a_scanned_pdf_page_gets_its_words_where_the_engine_saw_them(
    fixtures_dir: Path,
) -> None:
    path = fixtures_dir / SCAN
    built = built_with_every_line_in_place(path, 1, at_least=25)
    page = built[0]
    assert "scrouched" in page.get_text()
    # The page itself is the original's: same size, the JPEG stream as it was.
    with pymupdf.open(path) as original:
        assert page.rect == original[0].rect
        kept = original.xref_stream_raw(original[0].get_images()[0][0])
    assert built.xref_stream_raw(page.get_images()[0][0]) == kept
    # Invisible: the page renders as the original does (the text adds no ink).
    with pymupdf.open(path) as original:
        assert page.get_pixmap().samples == original[0].get_pixmap().samples


def test_a_fax_tiff_becomes_a_g4_page_with_its_text_in_place(fixtures_dir: Path) -> None:
    path = fixtures_dir / FAX
    built = built_with_every_line_in_place(path, 1, at_least=40)
    page = built[0]
    # Decoded by libtiff, stored as CCITT G4 again: the whole form, not MuPDF's blank.
    xref = page.get_images(full=True)[0][0]
    assert "CCITTFaxDecode" in built.xref_get_key(xref, "Filter")[1]
    assert render.dark_share(page.get_pixmap(dpi=75)) > 0.03
    assert len(built.tobytes()) < 2 * path.stat().st_size


def test_a_page_read_turned_is_shown_upright_with_its_text_running_left_to_right(
    fixtures_dir: Path,
) -> None:
    path = fixtures_dir / TURNED
    page_text = read_by_cpu(path, 2)
    assert page_text.rotation == 270
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [page_text]))
    page = built[1]
    assert page.rotation == 270
    assert page.rect.width < page.rect.height
    found, total = lines_found_in_place(page, page_text)
    assert found == total
    assert "LinnSequencer" in page.get_text()
    assert built[0].get_text() == ""  # a page with no transcription given stays as it was


def test_markdown_without_boxes_lies_over_the_ink_lines(fixtures_dir: Path) -> None:
    path = fixtures_dir / SCAN
    read = read_by_cpu(path, 1)
    markdown = "# " + read.text.replace("\n", "\n\n")  # a vision model's page: no boxes
    page_text = PageText(1, markdown, "markdown", None, 0, None)
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [page_text]))
    words = [word for _, word in layer_words(built[0])]
    expected = strip_markup(markdown).split()
    assert words == expected
    # Over the page's text, not beside it: every word lies inside the page.
    assert all(built[0].rect.contains(rect) for rect, _ in layer_words(built[0]))


def test_a_handwritten_letters_lines_lie_over_its_rows_of_ink(fixtures_dir: Path) -> None:
    path = fixtures_dir / HANDWRITTEN
    page_text = as_markdown(read_by_cpu(path, 1))  # a vision model's page: no boxes
    lines = searchable.text_lines(page_text.text, page_text.text_format)
    assert len(lines) >= 15
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [page_text]))
    words = layer_words(built[0])
    # Every word of the reading, once, in reading order: a search finds each of them.
    assert [word for _, word in words] == strip_markup(page_text.text).split()
    # Spread over the letter's rows of handwriting, a row per line at least, not heaped
    # onto a few specks of ink: a selection lands near the word.
    rows = {round((rect.y0 + rect.y1) / 2) for rect, _ in words}
    assert len(rows) >= len(lines)
    assert all(built[0].rect.contains(rect) for rect, _ in words)


def test_text_outside_the_fonts_does_not_break_the_build(fixtures_dir: Path) -> None:
    path = fixtures_dir / SCAN
    text = "Grüße € Ωμέγα Привет 中文 ☺ end"
    line = ((40, 40, 700, 80), text)
    page_text = PageText(1, text, "plain", (line,), 0, (800, 981))
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [page_text]))
    extracted = built[0].get_text()
    for word in ("Grüße", "€", "Ωμέγα", "Привет", "中文", "end"):
        assert word in extracted


def test_a_text_layer_page_is_kept_as_it_is(fixtures_dir: Path) -> None:
    path = fixtures_dir / "paperless__multi-page-digital.pdf"
    with pymupdf.open(path) as original:
        before = original[0].get_text()
    own = PageText(1, before, "plain", None, 0, (1275, 1650), own_layer=True)
    built = pymupdf.open("pdf", searchable.build(path, OPTIONS, [own]))
    assert built[0].get_text() == before  # not a second copy of its words


def _source(data_dir: Path, relative: str, pages: Sequence[PageText]) -> SearchableSource:
    return SearchableSource(1, "a" * 64, SCAN, "done", relative, tuple(pages))


def test_the_derived_file_is_made_once_and_again_for_a_new_reading(
    fixtures_dir: Path, tmp_path: Path
) -> None:
    (tmp_path / "archive").mkdir()
    (tmp_path / "archive" / "scan.pdf").write_bytes((fixtures_dir / SCAN).read_bytes())
    made: list[Path] = []

    def build(path: Path, pages: tuple[PageText, ...]) -> pdfa.ArchiveFile:
        made.append(path)
        return pdfa.build(path, OPTIONS, pages)

    first_page = PageText(
        1,
        "We scrouched down",
        "plain",
        (((40, 300, 700, 330), "We scrouched down"),),
        0,
        (800, 981),
    )
    source = _source(tmp_path, "archive/scan.pdf", [first_page])
    first = transcription.archive_copy(tmp_path, source, build, "settings").path
    assert transcription.archive_copy(tmp_path, source, build, "settings").path == first
    assert len(made) == 1  # kept, not made again
    assert first.parent.parent.parent == tmp_path / derived.CACHE_FOLDER / derived.SEARCHABLE_PDFS
    reread = PageText(
        1, "We crouched down", "plain", (((40, 300, 700, 330), "We crouched down"),), 0, (800, 981)
    )
    second = transcription.archive_copy(
        tmp_path, _source(tmp_path, "archive/scan.pdf", [reread]), build, "settings"
    ).path
    assert second != first
    assert len(made) == 2
    assert "crouched" in pymupdf.open(second)[0].get_text()
    assert not first.exists()  # the older reading's file is gone
    turned = PageText(1, "We crouched down", "plain", reread.lines, 90, (981, 800))
    assert copies.digest([turned]) != copies.digest([reread])
    assert copies.digest([reread], "other settings") != copies.digest([reread])
    derived.remove_for_original(tmp_path, "a" * 64)
    assert not second.exists()


@pytest.mark.parametrize(
    ("lines", "ink", "expected"),
    [
        (["one two", "three"], [(0, 0, 100, 10), (0, 20, 50, 30)], ["one two", "three"]),
        (["one two three four"], [(0, 0, 100, 10), (0, 20, 100, 30)], ["one two", "three four"]),
        (["a", "b", "c"], [(0, 0, 100, 10)], ["a b c"]),
    ],
)
def test_lines_without_boxes_are_paired_or_flowed_over_the_ink(
    lines: list[str], ink: list[tuple[int, int, int, int]], expected: list[str]
) -> None:
    placed = searchable.over_ink(lines, ink, (100, 40))
    assert [text for _, text in placed] == expected
