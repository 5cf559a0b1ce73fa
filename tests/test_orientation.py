"""Every page upright before it is read: rotated real scans read like upright ones."""

from __future__ import annotations

import asyncio
import collections
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from docvault import orientation
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import AttemptRequest, SamplingMode
from tests.support.rotated import ANGLES, CORPUS, write_corpus

WORDS = re.compile(r"\w+")


def _words(text: str) -> collections.Counter[str]:
    return collections.Counter(WORDS.findall(text.lower()))


def _transcribe(engine: RapidEngine, path: Path) -> tuple[str, int, str]:
    rendered = render_page(path, 1, RenderOptions())
    reply = asyncio.run(engine.transcribe(rendered.image, AttemptRequest(SamplingMode.greedy, 0)))
    return reply.text, rendered.rotation, rendered.rotation_source


@pytest.mark.slow
@pytest.mark.parametrize("source", [name for name, *_ in CORPUS])
def test_a_rotated_scan_reads_like_the_upright_one(tmp_path: Path, source: str) -> None:
    engine = RapidEngine()
    try:
        pages = write_corpus(tmp_path, (source,))
        upright_text, upright_rotation, _ = _transcribe(engine, pages[0].path)
        upright = _words(upright_text)
        assert sum(upright.values()) >= 20, "the fixture has enough text to tell"
        assert upright_rotation == 0
        for page in pages[1:]:
            text, rotation, origin = _transcribe(engine, page.path)
            found = sum((upright & _words(text)).values()) / sum(upright.values())
            assert (rotation, origin) == (page.angle, "detected"), page.path.name
            assert found >= 0.95, f"{page.path.name}: {found:.2f} of the upright words"
    finally:
        asyncio.run(engine.aclose())


def test_a_real_pdf_with_pages_turned_four_ways_comes_out_upright(fixtures_dir: Path) -> None:
    # ocrmypdf__cardinal.pdf: one scan baked in at 0, 90, 180 and 270 degrees (no /Rotate).
    path = fixtures_dir / "ocrmypdf__cardinal.pdf"
    rendered = [render_page(path, number, RenderOptions()) for number in (1, 2, 3, 4)]
    assert [page.rotation for page in rendered] == [0, 270, 180, 90]
    assert {page.rotation_source for page in rendered} == {"detected"}
    # Upright, every page is the same portrait scan.
    assert {(page.image.width, page.image.height) for page in rendered} == {(1275, 1650)}


def test_a_page_with_too_little_text_is_left_as_it_is(fixtures_dir: Path) -> None:
    # pillow__g4-multi.tiff: each page carries only the word 'PageN'.
    rendered = render_page(fixtures_dir / "pillow__g4-multi.tiff", 1, RenderOptions())
    assert (rendered.rotation, rendered.rotation_source) == (0, "undecided")
    blank = np.full((1650, 1275), 255, dtype=np.uint8)
    found = orientation.detect(blank)
    assert not found.decided
    assert found.rotation == 0
    assert "too little text" in found.reason


def test_a_persons_rotation_is_applied_without_detection(fixtures_dir: Path) -> None:
    path = fixtures_dir / "tesseract__phototest-rotated-L.png"
    detected = render_page(path, 1, RenderOptions())
    assert (detected.rotation, detected.rotation_source) == (90, "detected")
    asked = render_page(path, 1, RenderOptions(), rotation=180)
    assert (asked.rotation, asked.rotation_source) == (180, "person")
    off = render_page(path, 1, RenderOptions(orientation=False))
    assert (off.rotation, off.rotation_source) == (0, "off")
    # The image itself is turned: 180 keeps the stored shape, 90 swaps its sides.
    with Image.open(path) as stored:
        width, height = stored.size
    assert (off.image.width / off.image.height) == pytest.approx(width / height, rel=0.01)
    assert (asked.image.width, asked.image.height) == (off.image.width, off.image.height)
    assert (detected.image.width, detected.image.height) == (off.image.height, off.image.width)


def test_upright_turns_clockwise() -> None:
    pixels = np.array([[1, 2], [3, 4]], dtype=np.uint8)
    assert orientation.upright(pixels, 90).tolist() == [[3, 1], [4, 2]]
    assert orientation.upright(pixels, 270).tolist() == [[2, 4], [1, 3]]
    for angle in ANGLES:
        turned_back = orientation.upright(orientation.upright(pixels, angle), -angle % 360)
        assert turned_back.tolist() == pixels.tolist()
    with pytest.raises(ValueError, match="multiple of 90"):
        orientation.upright(pixels, 45)
