"""Pages to files: a PDF with a real text layer, a 200 dpi grey JPEG scan with noise and skew,
and a G4 fax TIFF at 204 x 98 dpi, 1728 pixels wide."""

from __future__ import annotations

import io
import random
import zlib

import numpy as np
import pymupdf
from PIL import Image, ImageFilter

from bench.heldout50d.pages import FONT_DIR, FONTS, MM, Line, Page, font

FAX_WIDTH = 1728


def pdf(pages: list[Page], made: str = "D:20240101120000") -> bytes:
    """made: the PDF's creation date (PDF date string), fixed so that the bytes repeat."""
    document = pymupdf.open()
    document.set_metadata(
        {"creationDate": made, "modDate": made, "producer": "heldout50d", "creator": "heldout50d"}
    )
    for page in pages:
        sheet = document.new_page(width=210 * MM, height=297 * MM)
        used = {line.font for line in page.lines}
        for key in sorted(used):
            sheet.insert_font(fontname=key, fontfile=FONT_DIR + FONTS[key])
        for line in page.lines:
            width = float(font(line.font).text_length(line.text, fontsize=line.size))
            x = line.x * MM
            if line.align == "right":
                x -= width
            elif line.align == "center":
                x -= width / 2
            if line.font == "hand":
                _hand(sheet, line, x)
                continue
            point = pymupdf.Point(x, line.y * MM)
            morph = (point, pymupdf.Matrix(line.angle)) if line.angle else None
            sheet.insert_text(point, line.text, fontsize=line.size, fontname=line.font, morph=morph)
    data = document.tobytes(garbage=3, deflate=True, no_new_id=True)
    document.close()
    return bytes(data)


def _hand(sheet: pymupdf.Page, line: Line, x: float) -> None:
    """A handwritten line: word by word, each a little off the baseline, in its own size and
    slant, as a pen wanders (seeded by the text, so that the page repeats)."""
    wobble = random.Random(zlib.crc32(line.text.encode()))
    y = line.y * MM
    for word in line.text.split(" "):
        size = line.size * wobble.uniform(0.92, 1.08)
        point = pymupdf.Point(x, y + wobble.uniform(-1.2, 1.2))
        angle = line.angle + wobble.uniform(-3, 3)
        sheet.insert_text(
            point, word, fontsize=size, fontname=line.font, morph=(point, pymupdf.Matrix(angle))
        )
        x += float(font(line.font).text_length(word + " ", fontsize=size)) * wobble.uniform(
            1.0, 1.15
        )


def _pixmaps(data: bytes, matrix: pymupdf.Matrix) -> list[np.ndarray]:
    arrays = []
    with pymupdf.open(stream=data, filetype="pdf") as document:
        for sheet in document:
            pix = sheet.get_pixmap(matrix=matrix, colorspace=pymupdf.csGRAY, alpha=False)
            arrays.append(
                np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width).copy()
            )
    return arrays


def scans(data: bytes, seed: int) -> list[bytes]:
    """Grey paper, sensor noise, a little dust and a skew of up to a degree, JPEG quality 70-85."""
    rng = random.Random(seed)
    noise = np.random.default_rng(seed)
    out = []
    for array in _pixmaps(data, pymupdf.Matrix(200 / 72, 200 / 72)):
        paper = rng.uniform(228, 246)
        ink = rng.uniform(25, 60)
        image = ink + (array.astype(np.float32) / 255.0) * (paper - ink)
        image += noise.normal(0, rng.uniform(3, 7), image.shape).astype(np.float32)
        dust = noise.random(image.shape) < 0.0004
        image[dust] = ink
        if rng.random() < 0.4:
            _punch_holes(image, ink + 20)
        picture = Image.fromarray(np.clip(image, 0, 255).astype(np.uint8), "L")
        if rng.random() < 0.5:  # a slightly soft scanner lens
            picture = picture.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.8)))
        picture = picture.rotate(
            rng.uniform(-1.0, 1.0), resample=Image.Resampling.BILINEAR, fillcolor=int(paper)
        )
        buffer = io.BytesIO()
        picture.save(buffer, "JPEG", quality=rng.randint(70, 85), dpi=(200, 200))
        out.append(buffer.getvalue())
    return out


def _punch_holes(image: np.ndarray, tone: float) -> None:
    """Two filing holes in the left margin (12 mm from the edge, 80 mm apart), as on letters
    taken out of a binder before scanning."""
    height = image.shape[0]
    rows, columns = np.ogrid[: image.shape[0], : image.shape[1]]
    centre_x = 12 / 25.4 * 200
    radius = 3 / 25.4 * 200
    for centre_y in (height / 2 - 40 / 25.4 * 200, height / 2 + 40 / 25.4 * 200):
        hole = (rows - centre_y) ** 2 + (columns - centre_x) ** 2 <= radius**2
        image[hole] = tone


def faxes(data: bytes, seed: int) -> list[bytes]:
    """Fine-mode fax pages: 204 x 98 dpi, 1728 pixels wide, black and white, CCITT G4."""
    noise = np.random.default_rng(seed)
    out = []
    for array in _pixmaps(data, pymupdf.Matrix(204 / 72, 98 / 72)):
        canvas = np.full((array.shape[0], FAX_WIDTH), 255, dtype=np.uint8)
        left = (FAX_WIDTH - array.shape[1]) // 2
        canvas[:, left : left + array.shape[1]] = array
        jitter = noise.normal(0, 18, canvas.shape)
        bits = (canvas.astype(np.float32) + jitter) > 150
        speckle = noise.random(canvas.shape) < 0.0003
        bits[speckle] = False
        picture = Image.fromarray(bits.astype(np.uint8) * 255, "L").convert(
            "1", dither=Image.Dither.NONE
        )
        buffer = io.BytesIO()
        picture.save(buffer, "TIFF", compression="group4", dpi=(204, 98))
        out.append(buffer.getvalue())
    return out
