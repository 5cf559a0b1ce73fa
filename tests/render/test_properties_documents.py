"""Issue 29: PDFs and raster files built from their parts (tests/support/pdf_strategies.py,
tests/support/raster_strategies.py), each written as a real file and taken the way the daemon
takes it: `render.detect_kind`, then intake's question (`inspect_document`) and the render of
its first and last page (`render_page`, which runs the text-layer check, the raster second
opinion, the inversion and the coverage step's ink lines), both in the daemon's own render
pool: worker processes under the time and memory limits, so that a file built to hang or
to exhaust memory ends as the daemon would end it.

The oracle: each file gives a document (its pages render to images within the size limits,
a text layer taken is text the database can store) or a `RenderError` whose sentence names
the file. The pool's safety net (a sentence for an error no check foresaw, "in a way docvault
does not know") is a defect here: the property fails on it, naming the exception.

The render is at a small scale (bench/fuzz_campaign.py's options: every check docvault makes
around MuPDF runs the same at any scale) with the text layer taken when it can be trusted.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, note

from docvault.errors import RenderError
from docvault.render import DocumentInfo, RenderedPage, RenderOptions, RenderPool, detect_kind
from tests.support.pdf_strategies import pdf_files
from tests.support.properties import assert_sentence, budget
from tests.support.raster_strategies import RASTER_FILES

OPTIONS = RenderOptions(
    dpi=24, raster_long_side=400, max_side=400, orientation=False, text_layer=True
)
# The daemon's render_memory_limit_mb (2 GiB); a time limit well above what any drawn file
# needs at this scale (a few tens of milliseconds), so only a real hang reaches it.
MEMORY_LIMIT_BYTES = 2048 * 1024 * 1024
TIMEOUT_SECONDS = 20.0
SAFETY_NET = "in a way docvault does not know"


@pytest.fixture(scope="module")
def pool() -> Iterator[RenderPool]:
    rendering = RenderPool(1, OPTIONS, TIMEOUT_SECONDS, MEMORY_LIMIT_BYTES)
    yield rendering
    rendering.close()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("documents")


def _refusal_holds(error: RenderError, path: Path, page: int | None = None) -> None:
    """A refusal with its sentence naming the file, and the page refused when it is one."""
    assert SAFETY_NET not in error.message, f"a defect behind the safety net: {error.message}"
    assert_sentence(error, path.name)
    if page is not None:
        assert error.page in (page, None), f"a refusal of page {page} names page {error.page}"


def _page_holds(rendered: RenderedPage) -> None:
    image = rendered.image
    assert 1 <= image.width <= OPTIONS.max_side
    assert 1 <= image.height <= OPTIONS.max_side
    assert image.data.startswith(b"\x89PNG\r\n\x1a\n")
    if rendered.layer_text is not None:
        rendered.layer_text.encode("utf-8")  # stored as the page's text: no lone surrogates


def taken_as_the_daemon_takes_it(pool: RenderPool, path: Path) -> str:
    """Intake's inspection, then the render of the first and last page: the outcome."""
    detect_kind(path)  # by content (and a .g3 name): never raises for any bytes
    try:
        info = pool.inspect_blocking(path)
    except RenderError as error:
        _refusal_holds(error, path)
        return f"refused: {error.code}"
    assert isinstance(info, DocumentInfo)
    assert 1 <= info.page_count <= OPTIONS.max_pages
    outcomes = []
    for page in sorted({1, info.page_count}):
        try:
            _page_holds(asyncio.run(pool.render(path, page)))  # as the worker renders it
            outcomes.append("rendered")
        except RenderError as error:
            _refusal_holds(error, path, page)
            outcomes.append(f"page refused: {error.code}")
    return ", ".join(outcomes)


def _written(folder: Path, suffix: str, data: bytes) -> Path:
    # Named by content, as the archive names originals (and so one name per input).
    path = folder / f"{hashlib.sha256(data).hexdigest()}{suffix}"
    path.write_bytes(data)
    return path


def test_every_pdf_built_from_parts_is_a_document_or_a_sentence(
    pool: RenderPool, folder: Path
) -> None:
    @budget(100)
    @given(pdf_files())
    def property_holds(data: bytes) -> None:
        path = _written(folder, ".pdf", data)
        try:
            note(taken_as_the_daemon_takes_it(pool, path))
        finally:
            path.unlink()

    property_holds()


def test_every_raster_file_built_from_parts_is_a_document_or_a_sentence(
    pool: RenderPool, folder: Path
) -> None:
    @budget(150)
    @given(RASTER_FILES)
    def property_holds(file: tuple[str, bytes]) -> None:
        suffix, data = file
        path = _written(folder, suffix, data)
        try:
            note(taken_as_the_daemon_takes_it(pool, path))
        finally:
            path.unlink()

    property_holds()
