"""Formats a clinic receives that MuPDF cannot open: HEIC photos and raw G3 faxes."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from devtools.daemon import Daemon, wait_for
from docvault.errors import CorruptDocument
from docvault.render import RenderOptions, detect_kind, inspect_document, render_page
from docvault.render.formats import g3_rows, g3_to_png, heif_to_png
from tests.support.faxes import FINE, STANDARD, raw_g3

OFF = RenderOptions(orientation=False)
PHOTO = "paperlessgpt__ocr-example1.jpg"  # a till receipt: "Centre Commercial l'Esplanade"


def heic_photo(target: Path, exif_orientation: int | None = None) -> Path:
    from pillow_heif import register_heif_opener

    register_heif_opener()
    with Image.open(Path(__file__).parents[1] / "fixtures" / PHOTO) as photo:
        image = photo.convert("RGB")
        exif = Image.Exif()
        if exif_orientation is not None:
            # Stored turned a quarter clockwise; the tag says to turn it back (6: 90° CW).
            image = image.transpose(Image.Transpose.ROTATE_90)
            exif[0x0112] = exif_orientation
        image.save(target, format="HEIF", quality=90, exif=exif.tobytes())
    return target


def _dark_share(png: bytes) -> float:
    with Image.open(io.BytesIO(png)) as image:
        return float(np.mean(np.asarray(image.convert("L")) < 128))


def test_a_heic_photo_is_recognised_and_rendered(tmp_path: Path) -> None:
    path = heic_photo(tmp_path / "IMG_0001.HEIC")
    assert detect_kind(path) == "heif"
    assert inspect_document(path, OFF).kind == "heif"
    rendered = render_page(path, 1, OFF)
    with Image.open(Path(__file__).parents[1] / "fixtures" / PHOTO) as photo:
        assert rendered.image.width / rendered.image.height == pytest.approx(
            photo.width / photo.height, rel=0.01
        )


def test_a_heic_photo_is_turned_by_its_exif_orientation(tmp_path: Path) -> None:
    plain = Image.open(io.BytesIO(heif_to_png(heic_photo(tmp_path / "a.heic"), 10**8)))
    tagged = Image.open(io.BytesIO(heif_to_png(heic_photo(tmp_path / "b.heic", 6), 10**8)))
    assert tagged.size == plain.size  # stored sideways, shown as the phone showed it


def test_a_broken_heic_is_refused_with_a_sentence(tmp_path: Path) -> None:
    whole = heic_photo(tmp_path / "whole.heic").read_bytes()
    broken = tmp_path / "broken.heic"
    broken.write_bytes(whole[:200])
    with pytest.raises(CorruptDocument, match="HEIC/HEIF photo but cannot be decoded"):
        inspect_document(broken, OFF)


@pytest.mark.parametrize("rows_per_inch", [STANDARD, FINE])
@pytest.mark.parametrize("lowest_bit_first", [True, False])
def test_a_raw_g3_fax_decodes_in_either_bit_order_and_resolution(
    tmp_path: Path, fixtures_dir: Path, rows_per_inch: int, lowest_bit_first: bool
) -> None:
    path = raw_g3(tmp_path / "fax.g3", rows_per_inch, lowest_bit_first)
    assert detect_kind(path) == "g3"
    assert g3_rows(path.read_bytes(), lowest_bit_first) == round(3369 / 300 * rows_per_inch)
    png = g3_to_png(path)
    with (
        Image.open(io.BytesIO(png)) as page,
        Image.open(fixtures_dir / "libtiff__testfax4.tiff") as fax,
    ):
        # Square pixels at 204 dpi: 1728 pixels are the fax's 8.47 inches across, and the
        # rows the source page's 11.2 inches (3369 rows at 300 dpi) in either resolution.
        assert page.width == 1728
        assert page.height / 204 == pytest.approx(fax.height / 300, rel=0.01)
        source_dark = float(np.mean(np.asarray(fax.convert("L")) < 128))
    assert _dark_share(png) == pytest.approx(source_dark, abs=0.02)
    rendered = render_page(path, 1, OFF)
    assert rendered.image.height > rendered.image.width


def test_a_g3_file_that_is_not_fax_code_is_refused_with_a_sentence(tmp_path: Path) -> None:
    noise = np.random.default_rng(15).integers(0, 256, 40_000, dtype=np.uint8).tobytes()
    for content in (bytes(range(256)) * 8, noise, Path(__file__).read_bytes()):
        path = tmp_path / "not-a-fax.g3"
        path.write_bytes(content)
        with pytest.raises(CorruptDocument, match="not a raw G3 fax page"):
            inspect_document(path, OFF)


@pytest.mark.slow
def test_a_heic_photo_and_a_raw_g3_fax_become_searchable(tmp_path: Path) -> None:
    daemon = Daemon(tmp_path)
    daemon.start()
    try:
        inbox = tmp_path / "inbox"
        heic_photo(tmp_path / "IMG_0042.HEIC", 6)
        shutil.move(tmp_path / "IMG_0042.HEIC", inbox / "IMG_0042.HEIC")
        raw_g3(tmp_path / "fax-0007.g3").rename(inbox / "fax-0007.g3")
        wait_for(
            lambda: daemon.page_counts().get("done") == 2,
            240,
            "2 pages to be read by the CPU engine",
        )
        photo = wait_for(lambda: daemon.cli_json("search", "esplanade")["hits"], 30, "the photo")
        fax = wait_for(lambda: daemon.cli_json("search", "trimestres")["hits"], 30, "the fax")
        documents = {
            document["file_name"]: document
            for document in daemon.cli_json("documents")["documents"]
        }
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    assert [hit["file_name"] for hit in photo] == ["IMG_0042.HEIC"]
    assert [hit["file_name"] for hit in fax] == ["fax-0007.g3"]
    assert {name: document["status"] for name, document in documents.items()} == {
        "IMG_0042.HEIC": "done",
        "fax-0007.g3": "done",
    }


def test_an_undecodable_photo_says_so_without_the_servers_folders(tmp_path: Path) -> None:
    # Pillow puts the full path into its message; staff read this sentence on the problems
    # page, where the archive's folders have no business (issue 25).
    archive_folder = tmp_path / "srv" / "docvault-data" / "archive" / "ab"
    archive_folder.mkdir(parents=True)
    photo = archive_folder / "ab12cd.heic"
    photo.write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(200))
    with pytest.raises(CorruptDocument) as refused:
        heif_to_png(photo, 10**8)
    assert "ab12cd.heic looks like a HEIC/HEIF photo but cannot be decoded" in refused.value.message
    assert str(tmp_path) not in refused.value.message
    assert "docvault-data" not in refused.value.message
