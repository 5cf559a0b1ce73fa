"""A guard against upgrades that make reading worse: a few pages through the CPU engine.

The pages are ones where rapidocr as docvault used it before issue 26 lost lines (its line
direction classifier turned long lines upside down at some widths): a clinic letter at
long side 1850 (stock reader: word recall 0.874), a faxed discharge letter at 1800 (0.737),
and a real born-digital fixture page. If an upgrade of rapidocr, onnxruntime, OpenCV,
Pillow or PyMuPDF (all pinned in pyproject.toml) reads any of them worse, this fails; the
full measurement is `python -m bench.fidelity_bench --before`. Not a timing.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

from bench.letters import Letter, letters, page_image, real_pages, score, words
from docvault.ocr.rapid import RapidEngine
from docvault.vocabulary import PageImage

# Word recall (letters and numbers; punctuation marks are not words) each page must reach.
# docvault's reader: 0.979, 1.000 and 1.000 on these pages (2-core shared box, 2026-12-03).
MINIMUM_RECALL = 0.97
FIXTURES = Path(__file__).parent / "fixtures"
CASES = [
    ("test-00003-clinic", "clean", 1850),
    ("test-00001-discharge", "fax", 1800),
    ("paperless__multi-page-digital-p3", "clean", 1900),
]


@pytest.fixture(scope="module")
def engine() -> RapidEngine:
    return RapidEngine()


def letter_named(name: str) -> Letter:
    pool = real_pages(FIXTURES, min_words=5) if name.startswith("paperless") else letters("test", 5)
    (found,) = [letter for letter in pool if letter.name == name]
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("name", "degradation", "long_side"), CASES)
def test_the_cpu_engine_reads_every_word_of_a_page_at_a_scale_that_lost_lines_before(
    engine: RapidEngine, name: str, degradation: str, long_side: int
) -> None:
    letter = letter_named(name)
    image, _ = page_image(letter, long_side, degradation)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    reply = engine.read(PageImage(buffer.getvalue(), "image/png", *image.size, name))

    truth, read = words(letter.text, keep_punctuation=False), words(reply.text, False)
    recall, _ = score(truth, read)
    lost = sorted((Counter(truth) - Counter(read)).elements())
    assert recall >= MINIMUM_RECALL, f"{name} at {long_side} px: recall {recall:.3f}, lost {lost}"
    # The text is the located lines, in reading order, one a line.
    assert reply.text == "\n".join(line.text for line in reply.lines)
