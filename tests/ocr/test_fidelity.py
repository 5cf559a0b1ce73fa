"""A fidelity guard for the CPU engine: letters read word for word at the scales that lost lines.

Through `RapidEngine` as the worker uses it (a PNG page image, `transcribe`). The letters
and long sides are ones where rapidocr's stock reading turned long lines upside down and
lost them (issue 26; bench/fidelity_bench.py measures the whole range). It fails if reading
gets worse: an upgrade of rapidocr, onnxruntime, PyMuPDF or Pillow, or a changed setting.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

from bench.letters import Letter, letter, page_image, real_pages, score, words
from docvault.ocr.rapid import RapidEngine
from docvault.vocabulary import AttemptRequest, PageImage, SamplingMode

MIN_RECALL = 0.98  # one lost line of a page is 4-20 % of its words
# (family, letter, long side, degradation). The stock reader: 0.877 for test 5 at 2000, and
# 0.737 for the faxed discharge letter (test 1) at 1800.
CASES = (
    ("test", 5, 2000, "clean"),
    ("test", 7, 1700, "clean"),
    ("test", 7, 2000, "clean"),
    ("test", 1, 1800, "fax"),
)


@pytest.fixture(scope="module")
def engine() -> Iterator[RapidEngine]:
    reader = RapidEngine()
    yield reader
    asyncio.run(reader.aclose())


def _recall(
    engine: RapidEngine, page: Letter, long_side: int, degradation: str = "clean"
) -> tuple[float, str]:
    image, _ = page_image(page, long_side, degradation)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    page_image_ = PageImage(buffer.getvalue(), "image/png", image.width, image.height, page.name)
    reply = asyncio.run(engine.transcribe(page_image_, AttemptRequest(SamplingMode.greedy, None)))
    assert reply.text == "\n".join(line.text for line in reply.lines)
    for line in reply.lines:
        left, top, right, bottom = line.box
        assert 0 <= left < right <= image.width
        assert 0 <= top < bottom <= image.height
    # Words: letters and numbers. A punctuation mark misread (a middle dot read as a colon on
    # a fax) is no lost word; bench/fidelity_bench.py reports both.
    truth = words(page.text, keep_punctuation=False)
    return score(truth, words(reply.text, keep_punctuation=False))[0], reply.text


@pytest.mark.slow
@pytest.mark.parametrize(("family", "index", "long_side", "degradation"), CASES)
def test_every_word_of_a_letter_is_read_at_this_scale(
    engine: RapidEngine, family: str, index: int, long_side: int, degradation: str
) -> None:
    page = letter(family, index)
    recall, text = _recall(engine, page, long_side, degradation)
    assert recall >= MIN_RECALL, f"{page.name} at {long_side}: recall {recall:.3f}\n{text}"


@pytest.mark.slow
def test_a_real_table_page_is_read(engine: RapidEngine, fixtures_dir: Path) -> None:
    (page,) = [item for item in real_pages(fixtures_dir, 5) if item.name.startswith("pymupdf")]
    recall, text = _recall(engine, page, 1700)
    assert recall >= MIN_RECALL, f"{page.name}: recall {recall:.3f}\n{text}"
