"""Rendering real scans, faxes and broken files into page images (the docvault.render package)."""

from __future__ import annotations

import asyncio
import csv
import io
import multiprocessing
import multiprocessing.connection
import os
import re
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pymupdf
import pytest
from PIL import Image, ImageDraw

from devtools.daemon import wait_for
from docvault.errors import (
    CorruptDocument,
    EncryptedDocument,
    ImageTooLarge,
    RenderError,
    RenderTimedOut,
    UnsupportedFormat,
)
from docvault.render import (
    RenderedPage,
    RenderOptions,
    RenderPool,
    inspect_document,
    png_bytes,
    render_page,
)
from tests.support.hostile import endless_pdf

FIXTURES = Path(__file__).parents[1] / "fixtures"
# Orientation detection has its own tests (test_orientation.py); here it would only add
# ~0.5 s to each render.
DEFAULTS = RenderOptions(orientation=False)


def _manifest() -> dict[str, dict[str, str]]:
    with (FIXTURES / "MANIFEST.tsv").open(newline="") as file:
        return {row["file"]: row for row in csv.DictReader(file, delimiter="\t")}


MANIFEST = _manifest()
REAL_FILES = sorted(name for name in MANIFEST if (FIXTURES / name).exists())

# Files of the "corrupt" category that MuPDF repairs or half-opens: named here, with what
# a user sees, so that the rule below stays simple for the others.
REPAIRED = {"pdfjs__helloworld-bad.pdf"}  # broken xref, repaired on open: renders


def _expected_error(row: dict[str, str]) -> type[RenderError] | None:
    """What the file's MANIFEST category predicts for a user, at inspection."""
    if row["category"] == "zero_byte":
        return CorruptDocument
    if row["category"] == "non_document":
        return UnsupportedFormat
    if row["needs_password"] == "yes":
        return EncryptedDocument
    if row["category"] == "corrupt" and row["file"] not in REPAIRED:
        return CorruptDocument
    return None


def _pixels(page: RenderedPage) -> Image.Image:
    image = Image.open(io.BytesIO(page.image.data))
    image.load()
    return image


def _dark_share(image: Image.Image) -> float:
    levels = np.asarray(image.convert("L"))
    return float(np.count_nonzero(levels < 128)) / levels.size


def _measured_dark_shares(row: dict[str, str]) -> list[float]:
    """Dark-pixel shares (0-1) that the MANIFEST measured with a plain 150 dpi MuPDF render."""
    found = re.search(r"dark-pixel share at 150 dpi \(%\): ([0-9.,]+)", row["notes"])
    assert found, row["file"]
    return [float(value) / 100 for value in found.group(1).rstrip(".").split(",")]


@pytest.mark.parametrize("name", REAL_FILES)
def test_real_file_renders_or_fails_as_its_category_predicts(name: str) -> None:
    row = MANIFEST[name]
    path = FIXTURES / name
    expected_error = _expected_error(row)
    if expected_error is not None:
        with pytest.raises(expected_error) as raised:
            inspect_document(path, DEFAULTS)
        assert type(raised.value) is expected_error
        assert name in raised.value.message
        return
    info = inspect_document(path, DEFAULTS)
    assert info.page_count == int(row["pages"])
    shares = _measured_dark_shares(row)
    for number in range(1, info.page_count + 1):
        page = render_page(path, number, DEFAULTS)
        image = _pixels(page)
        assert image.size == (page.image.width, page.image.height)
        assert max(image.size) <= DEFAULTS.max_side
        assert page.image.media_type == "image/png"
        assert page.image.label == f"page {number}"
        # Every page shows at least half the ink that MuPDF's plain 150 dpi render showed.
        assert _dark_share(image) >= shares[number - 1] / 2


def test_a_pdf_with_a_broken_cross_reference_table_is_repaired_and_rendered() -> None:
    path = FIXTURES / "pdfjs__helloworld-bad.pdf"
    assert inspect_document(path, DEFAULTS).page_count == 1
    # MANIFEST.tsv: 0.343 % dark pixels, its "Hello, world!", in MuPDF's own render.
    assert _dark_share(_pixels(render_page(path, 1, DEFAULTS))) > 0.002


def test_pdf_with_an_empty_user_password_renders() -> None:
    path = FIXTURES / "pdfjs__empty_protected.pdf"
    info = inspect_document(path, DEFAULTS)
    assert info.page_count == 1
    assert render_page(path, 1, DEFAULTS).image.width == 1275  # 8.5 in at 150 dpi


def test_password_protected_pdf_tells_the_admin_what_to_do() -> None:
    with pytest.raises(EncryptedDocument) as raised:
        render_page(FIXTURES / "paperless__password-is-test.pdf", 1, DEFAULTS)
    assert "is protected by a password; ask the sender for an unprotected copy" in str(raised.value)


def test_a_png_cut_short_is_refused_at_inspection_although_mupdf_opens_it() -> None:
    # MuPDF opens it with one page; only loading the page fails.
    with pytest.raises(CorruptDocument) as raised:
        inspect_document(FIXTURES / "pillow__truncated_image.png", DEFAULTS)
    assert raised.value.page == 1
    assert "premature end of data in png image" in raised.value.message
    assert "Ask the sender for a new copy or re-scan it." in raised.value.message


@pytest.mark.parametrize(
    ("name", "kind"), [("paperless__simple.txt", "txt"), ("paperless__sample.docx", "docx")]
)
def test_text_documents_are_refused_unless_accepted(name: str, kind: str) -> None:
    path = FIXTURES / name
    with pytest.raises(UnsupportedFormat) as raised:
        render_page(path, 1, DEFAULTS)
    assert f"{name} is a text document ({kind}), not a scan" in raised.value.message
    accepting = RenderOptions(accept_text_documents=True)
    assert inspect_document(path, accepting).kind == kind
    page = render_page(path, 1, accepting)
    assert _dark_share(_pixels(page)) > 0.0003  # the text is drawn


def test_kind_is_decided_by_content_not_by_name(tmp_path: Path) -> None:
    png_named_pdf = tmp_path / "scan.pdf"
    shutil.copy(FIXTURES / "tesseract__phototest-rotated-L.png", png_named_pdf)
    pdf_without_suffix = tmp_path / "6ea5c612c354e79e31961d42e13e8ef9"
    shutil.copy(FIXTURES / "pymupdf__small-table.pdf", pdf_without_suffix)
    assert inspect_document(png_named_pdf, DEFAULTS).kind == "png"
    assert inspect_document(pdf_without_suffix, DEFAULTS).kind == "pdf"
    assert render_page(pdf_without_suffix, 1, DEFAULTS).image.height == 1650


def test_fax_that_mupdf_decodes_only_partly_is_decoded_with_pillow() -> None:
    page = render_page(FIXTURES / "libtiff__testfax4.tiff", 1, DEFAULTS)
    assert "format error: overflow in 2d faxd" in page.warnings
    assert page.notes[0].startswith("decoded with Pillow: MuPDF's decoder returned a nearly blank")
    # libtiff decodes 10.4 % dark pixels (the whole ruled form); MuPDF alone 0.2 %.
    assert _dark_share(_pixels(page)) > 0.08


def test_sparse_tiff_that_mupdf_decodes_well_keeps_the_mupdf_render() -> None:
    page = render_page(FIXTURES / "pillow__g4-multi.tiff", 2, DEFAULTS)
    assert page.notes == ()


def test_multi_page_tiff_keeps_page_order() -> None:
    path = FIXTURES / "pillow__g4-multi.tiff"
    rendered = [
        np.asarray(_pixels(render_page(path, number, DEFAULTS)), dtype=np.int16)
        for number in (1, 2, 3)
    ]
    with Image.open(path) as tiff:
        frames = []
        for index in range(3):
            tiff.seek(index)
            frame = tiff.convert("L").resize(rendered[0].shape[::-1], Image.Resampling.LANCZOS)
            frames.append(np.asarray(frame, dtype=np.int16))
    for number, page in enumerate(rendered):
        differences = [float(np.abs(page - frame).mean()) for frame in frames]
        assert int(np.argmin(differences)) == number


def test_raster_without_resolution_tag_is_sized_by_the_pixel_budget() -> None:
    # 4000x2864 px with no DPI tag: MuPDF's 96 dpi guess would make it 6250x4475 at 150 dpi.
    page = render_page(FIXTURES / "ocrmypdf__typewriter.png", 1, DEFAULTS)
    assert (page.image.width, page.image.height) == (1700, 1217)


def test_small_photo_is_enlarged_at_most_twice_and_keeps_its_colour() -> None:
    page = render_page(FIXTURES / "paperlessgpt__ocr-example1.jpg", 1, DEFAULTS)  # 446x408 px
    image = _pixels(page)
    assert image.size == (892, 816)
    assert image.mode == "RGB"


def test_grey_scan_is_sent_as_greyscale() -> None:
    page = render_page(FIXTURES / "ocrmypdf__c02-22.pdf", 1, DEFAULTS)
    assert _pixels(page).mode == "L"


def test_enormous_pdf_page_is_capped_at_the_models_largest_input() -> None:
    # 30x30 in: 4500x4500 px at 150 dpi, 20 megapixels.
    page = render_page(FIXTURES / "ocrmypdf__enormous.pdf", 1, RenderOptions(max_pixels=9_000_000))
    assert (page.image.width, page.image.height) == (2880, 2880)


def test_pdf_page_is_refused_only_when_even_the_capped_render_is_over_the_limit() -> None:
    with pytest.raises(ImageTooLarge) as raised:
        render_page(FIXTURES / "ocrmypdf__enormous.pdf", 1, RenderOptions(max_pixels=8_000_000))
    assert raised.value.page == 1
    assert (
        "Page 1 of ocrmypdf__enormous.pdf would render as 2880x2880 pixels (8.3 megapixels)"
        in raised.value.message
    )


def test_raster_over_the_pixel_limit_is_refused() -> None:
    path = FIXTURES / "ocrmypdf__typewriter.png"  # 11.5 megapixels
    with pytest.raises(ImageTooLarge) as raised:
        render_page(path, 1, RenderOptions(max_pixels=10_000_000))
    assert raised.value.page == 1
    assert "Page 1 of ocrmypdf__typewriter.png is an image of 11.5 megapixels" in str(raised.value)
    assert "re-scan it at a lower resolution" in str(raised.value)


def _standard_fax(path: Path) -> None:
    """A 1728x1100 G4 fax at the 'standard' resolution of 204x98 dpi (non-square pixels)."""
    image = Image.new("1", (1728, 1100), 1)
    draw = ImageDraw.Draw(image)
    for row in range(100, 1000, 60):
        draw.rectangle((150, row, 1550, row + 25), fill=0)
    image.save(path, compression="group4", dpi=(204, 98))


def test_standard_fax_keeps_the_physical_aspect_ratio(tmp_path: Path) -> None:
    path = tmp_path / "fax.tiff"
    _standard_fax(path)
    page = render_page(path, 1, DEFAULTS)
    physical = (1728 / 204) / (1100 / 98)  # 8.5 x 11.2 in
    assert page.image.width / page.image.height == pytest.approx(physical, rel=0.005)
    assert page.image.height == DEFAULTS.raster_long_side


def test_white_on_black_page_is_inverted(tmp_path: Path) -> None:
    image = Image.new("L", (1200, 1600), 0)
    draw = ImageDraw.Draw(image)
    for row in range(200, 1400, 80):
        draw.rectangle((150, row, 1050, row + 30), fill=255)
    path = tmp_path / "negative.png"
    image.save(path, dpi=(150, 150))
    page = render_page(path, 1, DEFAULTS)
    assert page.notes == ("inverted: white text on black corrected",)
    rendered = np.asarray(_pixels(page))
    assert rendered[20, 20] == 255  # the margin is white
    assert rendered[215, 600] == 0  # the "text" is black


def test_dark_photograph_is_not_inverted(tmp_path: Path) -> None:
    gradient = np.tile(np.linspace(0, 140, 1200, dtype=np.uint8), (1600, 1))
    path = tmp_path / "dark.png"
    Image.fromarray(gradient).save(path, dpi=(150, 150))
    page = render_page(path, 1, DEFAULTS)
    assert page.notes == ()
    assert np.asarray(_pixels(page))[800, 5] < 10


def test_grid_rounds_both_sides_to_the_patch_grid() -> None:
    options = RenderOptions(grid=32)
    for name in ("ocrmypdf__graph_ocred.pdf", "ocrmypdf__skew.pdf", "ocrmypdf__typewriter.png"):
        page = render_page(FIXTURES / name, 1, options)
        assert page.image.width % 32 == 0
        assert page.image.height % 32 == 0
        assert max(page.image.width, page.image.height) <= options.max_side
    graph = render_page(FIXTURES / "ocrmypdf__graph_ocred.pdf", 1, options)
    assert (graph.image.width, graph.image.height) == (1504, 640)  # from 1497x625


def test_jpeg_output() -> None:
    page = render_page(FIXTURES / "ocrmypdf__skew.pdf", 1, RenderOptions(image_format="jpeg"))
    assert page.image.media_type == "image/jpeg"
    assert _pixels(page).format == "JPEG"


def test_options_that_cannot_work_are_refused_at_once() -> None:
    with pytest.raises(ValueError, match="image_format must be 'png' or 'jpeg', not 'webp'"):
        RenderOptions(image_format="webp")


def test_page_beyond_the_last_is_an_error_for_that_page() -> None:
    with pytest.raises(RenderError) as raised:
        render_page(FIXTURES / "ocrmypdf__cardinal.pdf", 5, DEFAULTS)
    assert raised.value.page == 5
    assert "has 4 pages, so page 5 does not exist" in raised.value.message


# --- the process pool ---------------------------------------------------------------------


@pytest.fixture
def pool() -> Iterator[RenderPool]:
    render_pool = RenderPool(workers=2, options=DEFAULTS, timeout_seconds=30)
    yield render_pool
    render_pool.close()


def _children() -> dict[int, multiprocessing.Process]:
    return {
        process.pid: process  # type: ignore[misc]
        for process in multiprocessing.active_children()
        if process.pid is not None
    }


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _busy_worker(workers: set[int]) -> int:
    """The worker that is burning CPU (the one drawing the endless page)."""

    def busiest() -> int | None:
        alive = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
        spent = {pid: _cpu_seconds(pid) for pid in alive}
        pid = max(spent, key=spent.__getitem__, default=None)
        return pid if pid is not None and spent[pid] > 1.0 else None

    return int(wait_for(busiest, 60, "a render worker to start drawing"))


def test_pool_renders_pages_in_parallel_worker_processes() -> None:
    before = _children()
    render_pool = RenderPool(workers=2, options=DEFAULTS)
    try:
        path = FIXTURES / "ocrmypdf__cardinal.pdf"

        async def render_all() -> list[RenderedPage]:
            pages = (render_pool.render(path, number) for number in (1, 2, 3, 4))
            return await asyncio.gather(*pages)

        pages = asyncio.run(render_all())
        # The scan is baked in at 0/90/180/270 degrees: portrait, landscape, portrait, landscape.
        sizes = [(page.image.width, page.image.height) for page in pages]
        assert sizes == [(1275, 1650), (1650, 1275), (1275, 1650), (1650, 1275)]
        assert [page.image.label for page in pages] == ["page 1", "page 2", "page 3", "page 4"]
        # The pool runs two worker processes of its own.
        assert len(_children().keys() - before.keys()) == 2
    finally:
        render_pool.close()


def test_pool_reports_a_bad_page_and_goes_on(pool: RenderPool) -> None:
    async def bad_then_good() -> RenderedPage:
        with pytest.raises(CorruptDocument) as raised:
            await pool.render(FIXTURES / "pillow__truncated_image.png", 1)
        assert raised.value.page == 1
        assert raised.value.path == FIXTURES / "pillow__truncated_image.png"
        assert "premature end of data in png image" in raised.value.message
        with pytest.raises(EncryptedDocument):
            await pool.inspect(FIXTURES / "paperless__password-is-test.pdf")
        return await pool.render(FIXTURES / "pillow__g4-multi.tiff", 3)

    assert asyncio.run(bad_then_good()).image.label == "page 3"


def test_a_page_that_renders_forever_is_stopped_at_the_limit(tmp_path: Path) -> None:
    before = set(_children())
    render_pool = RenderPool(workers=1, options=DEFAULTS, timeout_seconds=3)
    try:
        hung_worker = (set(_children()) - before).pop()
        endless = endless_pdf(tmp_path / "endless.pdf")
        with pytest.raises(RenderTimedOut) as raised:
            asyncio.run(render_pool.render(endless, 1))
        assert raised.value.page == 1
        assert "could not be rendered within 3 seconds (render_timeout_seconds)" in (
            raised.value.message
        )
        assert "the original is kept" in raised.value.message
        # The hung worker was terminated and replaced: the next page renders at once.
        page = asyncio.run(render_pool.render(FIXTURES / "pillow__g4-multi.tiff", 1))
        assert page.image.label == "page 1"
        assert not Path(f"/proc/{hung_worker}").exists() or hung_worker not in _children()
        # Intake's inspection of the same file is quick: only drawing it never ends.
        assert render_pool.inspect_blocking(endless).page_count == 1
    finally:
        render_pool.close()


def test_pool_survives_a_crashed_worker(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    before = set(_children())
    render_pool = RenderPool(workers=1, options=DEFAULTS, timeout_seconds=8)
    try:
        workers = set(_children()) - before
        path = endless_pdf(tmp_path / "crash.pdf")

        async def render_while_killing() -> None:
            rendering = asyncio.ensure_future(render_pool.render(path, 1))
            busy = await asyncio.to_thread(_busy_worker, workers)
            os.kill(busy, signal.SIGKILL)
            # Tried once more in the new worker, where it hangs again until the limit.
            with pytest.raises(RenderTimedOut):
                await rendering

        asyncio.run(render_while_killing())
        assert "A render worker died while handling crash.pdf" in caplog.text
        page = asyncio.run(render_pool.render(FIXTURES / "paperless__multi-page-digital.pdf", 2))
        assert page.image.label == "page 2"
    finally:
        render_pool.close()


@pytest.mark.parametrize(("mode", "colorspace"), [("L", "csGRAY"), ("RGB", "csRGB")])
def test_the_fast_png_writer_keeps_every_pixel(mode: str, colorspace: str) -> None:
    # The engine must see exactly the rendered pixels: the PNG written without row filters
    # at zlib level 1 decodes to the same image as the pixmap it came from.
    generator = np.random.default_rng(7)
    channels = len(mode)
    pixels = generator.integers(0, 256, size=(37, 53, channels), dtype=np.uint8)
    pixels[5:20, 10:40] = 255  # flat areas as on a real page, next to noise
    pixmap = pymupdf.Pixmap(getattr(pymupdf, colorspace), 53, 37, pixels.tobytes(), False)
    decoded = Image.open(io.BytesIO(png_bytes(pixmap)))
    decoded.load()
    assert decoded.mode == mode
    assert decoded.size == (53, 37)
    assert np.array_equal(np.asarray(decoded).reshape(37, 53, channels), pixels)


def test_render_workers_run_under_the_memory_limit_and_die_first_when_memory_runs_out() -> None:
    before = set(_children())
    limit = 1536 * 1024 * 1024
    render_pool = RenderPool(workers=1, options=DEFAULTS, memory_limit_bytes=limit)
    try:
        # The limit is set by the worker's initializer, which runs before its first call.
        page = asyncio.run(render_pool.render(FIXTURES / "pillow__g4-multi.tiff", 1))
        assert page.image.label == "page 1"
        (worker,) = set(_children()) - before
        limits = Path(f"/proc/{worker}/limits").read_text()
        address_space = next(line for line in limits.splitlines() if "address space" in line)
        assert address_space.split()[3:5] == [str(limit), str(limit)]
        # The kernel's out-of-memory killer takes the worker, never docvault (issue 45).
        assert Path(f"/proc/{worker}/oom_score_adj").read_text().strip() == "1000"
        assert Path("/proc/self/oom_score_adj").read_text().strip() != "1000"
    finally:
        render_pool.close()
