# SPDX-License-Identifier: AGPL-3.0-or-later
"""Damaged files and their controls, built from the 150 dpi grey scans of two letters (the very
images
of their scan150 variant, so that variant's truth describes the undamaged page). Every loss is
measured by decoding the damaged file (Pillow for images, MuPDF for PDFs), not guessed."""

from __future__ import annotations

import io
import struct
from pathlib import Path

import numpy as np
import pymupdf
from pdfwrite import ImagePage, write_pdf
from PIL import Image, ImageFile


def damage_sources(docs: list, turns: dict) -> dict[str, str]:
    """doc -> role: 'single' (a letter page whose scan150 image is upright), 'double' (a two-page
    letter with both scan150 pages upright) and 'fax' (another one-page letter faxed as G4 TIFF)."""
    wanted: dict[str, str] = {}
    doubles = []
    for index, (doc, kind, built) in enumerate(docs):
        if (
            kind == "letter"
            and len(built.pages) == 1
            and index % 2 == 0
            and "single" in wanted.values()
            and "fax" not in wanted.values()
        ):
            wanted[doc] = "fax"
            continue
        upright = all(turns.get((doc, p + 1, "scan150"), 0) == 0 for p in range(len(built.pages)))
        if kind != "letter" or not upright:
            continue
        if len(built.pages) == 2:
            doubles.append((-len(built.pages[1].lines), doc))
        elif len(built.pages) == 1 and "single" not in wanted.values():
            wanted[doc] = "single"
    wanted[min(doubles)[1]] = "double"  # the fullest second page
    return wanted


def tiff_bytes(image: Image.Image, rows_per_strip: int, keep_rows: int | None = None) -> bytes:
    """An uncompressed 8-bit grey stripped TIFF; with `keep_rows` the strip data stops after that
    many rows while StripOffsets/StripByteCounts still claim every strip."""
    w, h = image.size
    raw = image.tobytes()
    strips = [(r, min(rows_per_strip, h - r)) for r in range(0, h, rows_per_strip)]
    n = len(strips)
    entries = 12
    ifd_size = 2 + entries * 12 + 4
    arrays_at = 8 + ifd_size
    offsets_at, counts_at = arrays_at, arrays_at + 4 * n
    xres_at, yres_at = counts_at + 4 * n, counts_at + 4 * n + 8
    data_at = yres_at + 8
    tags = [
        (256, 4, 1, w),
        (257, 4, 1, h),
        (258, 3, 1, 8),
        (259, 3, 1, 1),
        (262, 3, 1, 1),
        (273, 4, n, offsets_at),
        (277, 3, 1, 1),
        (278, 4, 1, rows_per_strip),
        (279, 4, n, counts_at),
        (282, 5, 1, xres_at),
        (283, 5, 1, yres_at),
        (296, 3, 1, 2),
    ]
    out = bytearray(b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", entries))
    for tag, kind, count, value in tags:
        packed = (
            struct.pack("<HI", value, 0)[:4]
            if kind == 3 and count == 1
            else struct.pack("<I", value)
        )
        out += struct.pack("<HHI", tag, kind, count) + packed
    out += struct.pack("<I", 0)
    out += b"".join(struct.pack("<I", data_at + r * w) for r, _ in strips)
    out += b"".join(struct.pack("<I", rows * w) for _, rows in strips)
    out += struct.pack("<II", 150, 1) + struct.pack("<II", 150, 1)
    assert len(out) == data_at
    out += raw if keep_rows is None else raw[: keep_rows * w]
    return bytes(out)


def first_differing_row(full: np.ndarray, damaged: np.ndarray) -> int:
    difference = np.abs(full.astype(np.int16) - damaged.astype(np.int16)).mean(axis=1)
    rows = np.nonzero(difference > 6)[0]
    return int(rows[0]) if len(rows) else full.shape[0]


def decode_truncated(data: bytes) -> np.ndarray:
    ImageFile.LOAD_TRUNCATED_IMAGES = True
    try:
        with Image.open(io.BytesIO(data)) as image:
            return np.asarray(image.convert("L"))
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = False


def render_pdf(data: bytes, page: int) -> np.ndarray:
    with pymupdf.open(stream=data, filetype="pdf") as doc:
        pix = doc[page].get_pixmap(
            matrix=pymupdf.Matrix(150 / 72, 150 / 72), colorspace=pymupdf.csGRAY
        )
        return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)


def split(lines: list[dict], row: int) -> tuple[list[str], list[str]]:
    lost = [ln["id"] for ln in lines if ln["box"][3] > row]
    kept = [ln["id"] for ln in lines if ln["box"][3] <= row]
    return lost, kept


def entry(
    name: str,
    source: tuple,
    damage: str,
    original: int,
    kept_bytes: int,
    flag: bool,
    lost: str,
    row: int | None = None,
    lines: list | None = None,
    variant: str = "scan150",
) -> dict:
    item = {
        "file": name,
        "source": {"doc": source[0], "page": source[1], "variant": variant},
        "damage": damage,
        "original_bytes": original,
        "kept_bytes": kept_bytes,
        "expect_flag": flag,
        "lost": lost,
    }
    if lines is not None and row is None:
        item["lost_line_ids"], item["kept_line_ids"] = [], [ln["id"] for ln in lines]
    elif lines is not None and row is not None:
        item["first_lost_row"] = row
        item["lost_line_ids"], item["kept_line_ids"] = split(lines, row)
    return item


def write_damaged(folder: Path, kept: dict, wanted: dict) -> list[dict]:
    single = next(d for d, role in wanted.items() if role == "single")
    double = next(d for d, role in wanted.items() if role == "double")
    out = []
    out += _image_files(folder, single, kept[single])
    out += _pdf_files(folder, single, kept[single], double, kept[double])
    faxed = next(d for d, role in wanted.items() if role == "fax")
    out += _fax_files(folder, faxed, kept[faxed])
    return out


def _fax_files(folder: Path, doc: str, kept_entry: tuple) -> list[dict]:
    """A G4 fax TIFF cut short. Pillow writes the directory after the strips, so the cut file has
    none: nothing of the page can be read (as when a fax reception breaks off before its end)."""
    _built, records, _scan, fax_path = kept_entry
    raw = fax_path.read_bytes()
    cut = raw[: int(len(raw) * 0.6)]
    (folder / "fax_g4_cut_60pct.tif").write_bytes(cut)
    (folder / "intact_fax.tif").write_bytes(raw)
    lines = next(r["lines"] for r in records if r["variant"] == "fax")
    return [
        entry(
            "fax_g4_cut_60pct.tif",
            (doc, 1),
            "1-bit G4 fax TIFF cut at 60 % of its bytes; its directory (written last) is gone",
            len(raw),
            len(cut),
            True,
            "the whole page (no TIFF directory left; Pillow cannot identify the file)",
            0,
            lines,
            "fax",
        ),
        entry(
            "intact_fax.tif",
            (doc, 1),
            "none (control)",
            len(raw),
            len(raw),
            False,
            "nothing",
            None,
            lines,
            "fax",
        ),
    ]


def _scan150_images(kept_entry: tuple) -> tuple[list[Image.Image], list[dict]]:
    built, records, path, _fax = kept_entry
    images = []
    with Image.open(path) as image:
        for i in range(len(built.pages)):
            image.seek(i) if len(built.pages) > 1 else None
            images.append(image.convert("L"))
    lines = [r["lines"] for r in records if r["variant"] == "scan150"]
    return images, lines


def _image_files(folder: Path, doc: str, kept_entry: tuple) -> list[dict]:
    images, lines = _scan150_images(kept_entry)
    image = images[0]
    out = []
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=85, progressive=False)
    jpeg = buffer.getvalue()
    (folder / "intact.jpg").write_bytes(jpeg)
    cut = jpeg[: int(len(jpeg) * 0.40)]
    (folder / "truncated_40pct.jpg").write_bytes(cut)
    row = first_differing_row(decode_truncated(jpeg), decode_truncated(cut))
    out.append(
        entry(
            "truncated_40pct.jpg",
            (doc, 1),
            "baseline JPEG cut at 40 % of its bytes",
            len(jpeg),
            len(cut),
            True,
            f"rows from {row} down (measured with Pillow)",
            row,
            lines[0],
        )
    )
    tiff = tiff_bytes(image, 16)
    (folder / "intact.tif").write_bytes(tiff)
    keep_rows = (int(image.height * 0.55) // 16) * 16
    short = tiff_bytes(image, 16, keep_rows)
    (folder / "strips_cut_short.tif").write_bytes(short)
    out.append(
        entry(
            "strips_cut_short.tif",
            (doc, 1),
            "uncompressed stripped TIFF (16 rows a strip) whose strip data stops after row "
            f"{keep_rows}; StripByteCounts still claim all rows",
            len(tiff),
            len(short),
            True,
            f"rows from {keep_rows} down",
            keep_rows,
            lines[0],
        )
    )
    for name, data in (("intact.jpg", jpeg), ("intact.tif", tiff)):
        out.append(
            entry(
                name,
                (doc, 1),
                "none (control)",
                len(data),
                len(data),
                False,
                "nothing",
                None,
                lines[0],
            )
        )
    png = io.BytesIO()
    image.save(png, "PNG")
    png_data = png.getvalue()
    png_cut = png_data[: int(len(png_data) * 0.55)]
    (folder / "truncated_55pct.png").write_bytes(png_cut)
    png_row = first_differing_row(np.asarray(image), decode_truncated(png_cut))
    out.append(
        entry(
            "truncated_55pct.png",
            (doc, 1),
            "PNG cut at 55 % of its bytes (IDAT stream ends early, no IEND)",
            len(png_data),
            len(png_cut),
            True,
            f"rows from {png_row} down (measured with Pillow)",
            png_row,
            lines[0],
        )
    )
    progressive = io.BytesIO()
    image.save(progressive, "JPEG", quality=85, progressive=True)
    prog = progressive.getvalue()
    prog_cut = prog[: int(len(prog) * 0.5)]
    (folder / "progressive_cut_50pct.jpg").write_bytes(prog_cut)
    out.append(
        entry(
            "progressive_cut_50pct.jpg",
            (doc, 1),
            "progressive JPEG cut at 50 % of its bytes: every row decodes, "
            "but only from the coarse scans",
            len(prog),
            len(prog_cut),
            True,
            "fine detail of the whole page (Pillow refuses without LOAD_TRUNCATED_IMAGES)",
        )
    )
    return out


def _pdf_files(
    folder: Path, single: str, single_entry: tuple, double: str, double_entry: tuple
) -> list[dict]:
    images, lines = _scan150_images(single_entry)

    def page_of(image: Image.Image) -> ImagePage:
        buffer = io.BytesIO()
        image.save(buffer, "JPEG", quality=85)
        return ImagePage(
            image.width, image.height, (150.0, 150.0), buffer.getvalue(), "DCTDecode", 8
        )

    one = [page_of(images[0])]
    intact = write_pdf(one)
    reference = render_pdf(intact, 0)
    out = []
    (folder / "intact.pdf").write_bytes(intact)
    out.append(
        entry(
            "intact.pdf",
            (single, 1),
            "none (control)",
            len(intact),
            len(intact),
            False,
            "nothing",
            None,
            lines[0],
        )
    )
    truncated = write_pdf(one, cut={0: 0.45})
    row = first_differing_row(reference, render_pdf(truncated, 0))
    cases = [
        (
            "image_stream_truncated.pdf",
            truncated,
            "the page's JPEG stream holds only its first 45 % (Length matches the cut)",
            f"rows from {row} down (measured with MuPDF)",
            row,
        ),
        (
            "image_xobject_renamed.pdf",
            write_pdf(one, rename=0),
            "content draws /Im0, the resources name the image /Im9",
            "the whole page (blank)",
            0,
        ),
        (
            "image_xobject_deleted.pdf",
            write_pdf(one, delete=0),
            "the image object is missing (free xref entry)",
            "the whole page (blank)",
            0,
        ),
        (
            "broken_xref_image_intact.pdf",
            write_pdf(one, broken_xref=True),
            "every xref offset and startxref 37 bytes off; all objects intact "
            "(control: a repair loses "
            "nothing)",
            "nothing",
            None,
        ),
    ]
    for name, data, damage, lost, lost_row in cases:
        (folder / name).write_bytes(data)
        out.append(
            entry(
                name,
                (single, 1),
                damage,
                len(intact),
                len(data),
                lost_row is not None,
                lost,
                lost_row,
                lines[0],
            )
        )
    images2, lines2 = _scan150_images(double_entry)
    pages = [page_of(im) for im in images2]
    whole = write_pdf(pages)
    cut = write_pdf(pages, cut={1: 0.30})
    row2 = first_differing_row(render_pdf(whole, 1), render_pdf(cut, 1))
    (folder / "two_pages_second_image_truncated.pdf").write_bytes(cut)
    item = entry(
        "two_pages_second_image_truncated.pdf",
        (double, 2),
        "page 1 intact, page 2's JPEG stream cut at 30 % (Length matches)",
        len(whole),
        len(cut),
        True,
        f"page 2 rows from {row2} down (measured with MuPDF); page 1 intact",
        row2,
        lines2[1],
    )
    out.append(item)
    return out
