"""The labelled letter corpus (bench/letters.py): deterministic, disjoint, and its truth exact.

No OCR here: these tests check the yardstick itself - that each truth line is what the PDF
holds, that its box sits on the ink of the rendered page, and that scoring counts right.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image

from bench.letters import (
    DEGRADATIONS,
    GLYPH_TWINS,
    KINDS,
    Letter,
    TruthLine,
    _font_file,
    _system_face,
    letter,
    letters,
    page_image,
    real_pages,
    score,
    words,
)

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def corpus() -> list[Letter]:
    return letters("dev", 30)


def _pdf_words(pdf: bytes) -> list[str]:
    with pymupdf.open("pdf", pdf) as document:
        return [entry[4] for entry in document[0].get_text("words")]


def _dark(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("L")) < 128


def _pixels(line: TruthLine, scale: float, pad: float = 0.0) -> tuple[int, int, int, int]:
    left, top, right, bottom = line.box
    return (
        max(0, int((left - pad) * scale)),
        max(0, int((top - pad) * scale)),
        int(np.ceil((right + pad) * scale)),
        int(np.ceil((bottom + pad) * scale)),
    )


def test_the_same_family_and_index_give_the_same_bytes() -> None:
    first, again = letter("dev", 7), letter("dev", 7)
    assert first.pdf == again.pdf
    assert first.lines == again.lines
    assert letters("dev", 8)[7].pdf == first.pdf
    assert letter("dev", 8).pdf != first.pdf


def test_dev_and_test_share_no_seed_and_no_letter(corpus: list[Letter]) -> None:
    tests = letters("test", 30)
    assert {item.traits["seed"] for item in corpus}.isdisjoint(
        item.traits["seed"] for item in tests
    )
    assert {item.pdf for item in corpus}.isdisjoint(item.pdf for item in tests)
    assert {item.text for item in corpus}.isdisjoint(item.text for item in tests)
    with pytest.raises(ValueError, match="unknown letter family"):
        letter("train", 0)


def test_the_corpus_varies_kind_length_and_type(corpus: list[Letter]) -> None:
    assert {item.kind for item in corpus} == set(KINDS)
    rows = [int(item.traits["rows"]) for item in corpus]
    assert min(rows) <= 12
    assert max(len(item.lines) for item in corpus if item.kind != "lab") >= 45
    assert any(
        item.traits["density"] == "dense" and int(item.traits["rows"]) >= 45 for item in corpus
    )
    assert {item.traits["font"] for item in corpus} >= {"helvetica", "times"}
    sizes = {float(item.traits["size"]) for item in corpus}
    assert min(sizes) >= 9
    assert max(sizes) <= 14
    assert len(sizes) >= 4
    assert {item.traits["paper"] for item in corpus} == {"A4", "Letter"}


def test_a_lab_report_has_a_ruled_results_table(corpus: list[Letter]) -> None:
    lab = next(item for item in corpus if item.kind == "lab")
    cells = [line.text for line in lab.lines if line.role == "table"]
    assert cells[:4] in (
        ["Test", "Result", "Unit", reference]
        for reference in ("Reference range", "Reference", "Normal range")
    )
    with pymupdf.open("pdf", lab.pdf) as document:
        drawings = document[0].get_drawings()
    assert len(drawings) >= len(cells) // 4  # a rule at least per row


def test_truth_lines_are_the_text_of_the_pdf(corpus: list[Letter]) -> None:
    for item in corpus:
        pdf_words = _pdf_words(item.pdf)
        truth_words = [word for line in item.lines for word in line.text.split()]
        assert Counter(truth_words) == Counter(pdf_words), item.name
        assert len(item.lines) >= 8, item.name


def test_truth_boxes_lie_inside_the_page_and_on_ink(corpus: list[Letter]) -> None:
    for item in corpus[:10]:
        image, scale = page_image(item, 1400, "clean")
        dark = _dark(image)
        for line in item.lines:
            left, top, right, bottom = line.box
            assert 0 <= left < right <= item.width, (item.name, line)
            assert 0 <= top < bottom <= item.height, (item.name, line)
            x0, y0, x1, y1 = _pixels(line, scale)
            columns = np.flatnonzero(dark[y0:y1, x0:x1].any(axis=0))
            assert columns.size, (item.name, line)
            # The ink spans the box from end to end: the box is the text's, not a guess.
            assert columns[-1] - columns[0] >= 0.8 * (x1 - x0) - 3, (item.name, line)


def test_ink_outside_the_truth_boxes_is_only_rules() -> None:
    """Blank out every truth box: what stays dark on a page without rules is nothing."""
    item = next(
        candidate for candidate in letters("dev", 10) if candidate.kind in ("referral", "clinic")
        and not _has_rules(candidate)
    )  # fmt: skip
    image, scale = page_image(item, 1400, "clean")
    dark = _dark(image)
    assert dark.sum() > 1000
    for line in item.lines:
        x0, y0, x1, y1 = _pixels(line, scale, pad=1.0)
        dark[y0:y1, x0:x1] = False
    assert dark.sum() == 0


def _has_rules(item: Letter) -> bool:
    with pymupdf.open("pdf", item.pdf) as document:
        return bool(document[0].get_drawings())


@pytest.mark.parametrize("degradation", DEGRADATIONS)
def test_every_degradation_gives_the_requested_long_side(
    corpus: list[Letter], degradation: str
) -> None:
    portrait = corpus[0]
    letter_paper = next(item for item in corpus if item.traits["paper"] == "Letter")
    for item in (portrait, letter_paper):
        for long_side in (777, 1754):
            image, scale = page_image(item, long_side, degradation)
            assert max(image.size) == long_side
            assert image.size == (round(item.width * scale), round(item.height * scale))
            assert image.mode == "RGB"
    again, _ = page_image(portrait, 777, degradation)
    first, _ = page_image(portrait, 777, degradation)
    assert np.array_equal(np.asarray(first), np.asarray(again))


def test_degradations_change_the_page_but_keep_its_text_in_place(corpus: list[Letter]) -> None:
    item = corpus[0]
    clean, scale = page_image(item, 1754, "clean")
    scan, _ = page_image(item, 1754, "scan")
    fax, _ = page_image(item, 1754, "fax")
    clean_grey = np.asarray(clean.convert("L")).astype(int)
    scan_grey = np.asarray(scan.convert("L")).astype(int)
    # A scan's paper is grey and noisy, not the render's white.
    assert 200 < np.median(scan_grey) < 250
    assert np.std(scan_grey[clean_grey == 255]) > 1.0
    # A fax is black and white at heart: few mid greys once its noise is averaged away.
    fax_dark = _dark(fax)
    assert not np.array_equal(fax_dark, _dark(clean))
    # Skewed by under a degree, each line's ink stays within a few points of its box.
    for line in item.lines:
        x0, y0, x1, y1 = _pixels(line, scale, pad=5.0)
        assert fax_dark[y0:y1, x0:x1].any(), line
    with pytest.raises(ValueError, match="unknown degradation"):
        page_image(item, 1754, "photocopy")


def test_real_pages_take_their_truth_from_the_text_layer() -> None:
    found = real_pages(FIXTURES)
    # The broken, empty and encrypted fixtures are skipped, as are pages of under 20 words
    # and the page whose only text is an earlier OCR's invisible layer.
    assert [item.name for item in found] == ["pymupdf__small-table-p1"]
    many = real_pages(FIXTURES, min_words=5)
    assert {item.name for item in many} >= {
        f"paperless__multi-page-digital-p{n}" for n in (1, 2, 3)
    }
    assert not any(item.name.startswith("ocrmypdf__graph_ocred") for item in many)
    for item in many:
        assert Counter(word for line in item.lines for word in line.text.split()) == Counter(
            _pdf_words(item.pdf)
        )
        _assert_boxes_on_ink(item)


def test_a_rotated_real_page_maps_its_boxes_onto_the_rotated_image(tmp_path: Path) -> None:
    document = pymupdf.open()
    page = document.new_page(width=595, height=842)
    for row in range(6):
        page.insert_text(
            (60, 100 + 40 * row), f"Row {row} of a turned page with words", fontsize=12
        )
    page.set_rotation(90)
    document.save(tmp_path / "turned.pdf")
    document.close()
    (turned,) = real_pages(tmp_path)
    assert (turned.width, turned.height) == (842, 595)
    _assert_boxes_on_ink(turned)
    assert all(line.box[3] - line.box[1] > line.box[2] - line.box[0] for line in turned.lines)


def _assert_boxes_on_ink(item: Letter) -> None:
    image, scale = page_image(item, 1200, "clean")
    dark = _dark(image)
    for line in item.lines:
        x0, y0, x1, y1 = _pixels(line, scale)
        assert dark[y0:y1, x0:x1].any(), (item.name, line)


def test_words_normalise_case_unicode_and_punctuation() -> None:
    assert words("Hb 12,5 g/dl (*) on 03.04.2024, BP 120/80") == [
        "hb", "12,5", "g", "/", "dl", "(", "*", ")", "on", "03.04.2024", ",", "bp", "120/80",
    ]  # fmt: skip
    assert words("MÜLLER m² ﬁne") == ["müller", "m2", "fine"]
    assert words("Follow-up: (*) 7.2 %", keep_punctuation=False) == ["follow", "up", "7.2"]
    # NFKC writes "½" as "1⁄2" (U+2044); a reader that prints "1/2" has read it right.
    assert words("take ½ tablet") == words("take 1/2 tablet") == ["take", "1/2", "tablet"]


def test_score_counts_a_bag_of_words(corpus: list[Letter]) -> None:
    item = corpus[0]
    truth = words(item.text)
    assert score(truth, truth) == (1.0, 1.0)
    assert score(truth, list(reversed(truth))) == (1.0, 1.0)
    missing = item.lines[len(item.lines) // 2]
    read = words("\n".join(line.text for line in item.lines if line is not missing))
    recall, precision = score(truth, read)
    assert recall == pytest.approx((len(truth) - len(words(missing.text))) / len(truth))
    assert recall < 1.0
    assert precision == 1.0
    recall, precision = score(["a", "a", "b"], ["a", "c"])
    assert (recall, precision) == (pytest.approx(1 / 3), 0.5)
    assert score(["a"], []) == (0.0, 1.0)


def test_installed_fonts_are_used_where_present_and_replaced_where_absent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    base = {"helvetica", "times", "courier"}
    installed = letters("dev", 12, system_fonts=True)
    for item in installed:
        written = Counter(words(item.text))
        layer = Counter(words(" ".join(_pdf_words(item.pdf)).translate(GLYPH_TWINS)))
        assert written == layer, item.name
    if _font_file("DejaVu Sans", "Book") is not None:  # this machine has the fonts
        assert any(item.traits["font"] not in base for item in installed)
    # Without fontconfig (a bare CI image) the same letters fall back to the base-14 faces.
    monkeypatch.setenv("PATH", "")
    _font_file.cache_clear()
    _system_face.cache_clear()
    try:
        bare = letters("dev", 12, system_fonts=True)
    finally:
        _font_file.cache_clear()
        _system_face.cache_clear()
    assert {item.traits["font"] for item in bare} <= base
    assert [item.kind for item in bare] == [item.kind for item in installed]
