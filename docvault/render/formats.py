"""Files MuPDF cannot open itself, turned into an image file it can: HEIC/HEIF, raw G3 fax.

A stage leaf for the render stage: a path in, PNG bytes out (or a `RenderError` with a
sentence for the admin); no database, no settings.

HEIC/HEIF (phones save photos so)
    decoded by pillow-heif (libheif); the photo is turned by its EXIF orientation, as the
    phone showed it, and refused before decoding when it has more pixels than the limit.

Raw G3 fax (`.g3`, as fax servers such as mgetty, efax and some HylaFAX setups store pages)
    has no header at all: ITU-T T.4 code words, 1728 pixels a row, each row opened by an EOL
    code (eleven zeros and a one). It is wrapped in a TIFF header (CCITT Group 3) and decoded
    by libtiff (through Pillow). What the header needs is found from the data:
    - the bit order: fax servers write the first bit of a byte in its lowest bit (TIFF fill
      order 2) or highest (1); the order whose data opens with an EOL is taken, and the
      other is tried when decoding fails;
    - the rows: the EOL codes that open a row with data (the end of page is six EOLs in a
      row, which open nothing);
    - the resolution: 204 dpi across; 98 rows per inch ("standard") or 196 ("fine"), told
      by the page length: an A4 or Letter page has ~1,100 rows in standard and ~2,200 in
      fine resolution, so more than `FINE_ROWS` rows is fine.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

from docvault.errors import CorruptDocument, EncryptedDocument, ImageTooLarge, library_reason

G3_WIDTH = 1728
G3_HORIZONTAL_DPI = 204.0
STANDARD_ROWS_PER_INCH = 98.0
FINE_ROWS_PER_INCH = 196.0
# Halfway between a standard (~1,100 rows) and a fine (~2,200 rows) A4/Letter page.
FINE_ROWS = 1600
_EOL_ZEROS = 11
# A fax page is at least an inch long (a page of standard resolution has ~1,100 rows):
# fewer rows are stray EOL-like bit patterns in a file that is not fax code.
MIN_ROWS = 100
# The TIFF tags the wrapper writes: (tag, type, value); types 3 SHORT, 4 LONG, 5 RATIONAL.
_SHORT, _LONG, _RATIONAL = 3, 4, 5
# Pillow's HEIF plugin; registered once, on first use (not at import: no side effects).
_heif_registered = False


def _register_heif() -> None:
    global _heif_registered  # one registration per process
    if not _heif_registered:
        from pillow_heif import register_heif_opener

        register_heif_opener()
        _heif_registered = True


def _png(image: Image.Image, dpi: tuple[float, float] | None = None) -> bytes:
    output = io.BytesIO()
    if dpi is None:
        image.save(output, format="PNG", compress_level=1)
    else:
        image.save(output, format="PNG", compress_level=1, dpi=dpi)
    return output.getvalue()


def heif_to_png(path: Path, max_pixels: int) -> bytes:
    """A HEIC/HEIF photo as PNG, upright by its EXIF orientation."""
    _register_heif()
    try:
        with Image.open(path) as opened:
            if opened.width * opened.height > max_pixels:
                raise ImageTooLarge(
                    path,
                    f"{path.name} is a photo of {opened.width * opened.height / 1e6:.1f} "
                    f"megapixels, more than the render pixel limit ({max_pixels / 1e6:.1f}); "
                    "send it at a lower resolution or raise the limit.",
                    page=1,
                )
            upright = ImageOps.exif_transpose(opened)
            image = upright.convert("RGB")
    # EOFError: libheif on a photo cut short (tests/render/test_properties_documents.py, issue 29).
    except (OSError, EOFError, ValueError, SyntaxError) as error:
        raise CorruptDocument(
            path,
            f"{path.name} looks like a HEIC/HEIF photo but cannot be decoded "
            f"({library_reason(error, path)}); "
            "send the photo again, or export it from the phone as JPEG.",
        ) from error
    return _png(image)


def _bits(data: bytes, lowest_first: bool) -> np.ndarray:
    return np.unpackbits(
        np.frombuffer(data, dtype=np.uint8), bitorder="little" if lowest_first else "big"
    )


def _eol_ends(bits: np.ndarray) -> np.ndarray:
    """Positions of the 1 that ends each EOL code (at least eleven zeros before it)."""
    ones = np.flatnonzero(bits)
    if ones.size == 0:
        return ones
    gaps = np.diff(np.concatenate(([-1], ones))) - 1  # zeros before each one
    return ones[gaps >= _EOL_ZEROS]


def g3_rows(data: bytes, lowest_first: bool) -> int:
    """Rows of a raw G3 page: EOL codes that open a row with data in it."""
    bits = _bits(data, lowest_first)
    ends = _eol_ends(bits)
    if ends.size == 0:
        return 0
    last_one = int(np.flatnonzero(bits)[-1])
    following = np.concatenate((ends[1:], [last_one + _EOL_ZEROS + 2]))
    # Between two EOLs of a real row lie its code words; the EOLs of the end-of-page
    # sequence follow each other directly (at most twelve bits, plus fill zeros).
    return int(np.count_nonzero(following - ends > _EOL_ZEROS + 1 + 8))


def _opens_with_eol(data: bytes, lowest_first: bool) -> bool:
    ends = _eol_ends(_bits(data[:16], lowest_first))
    return bool(ends.size) and int(ends[0]) < 8 + _EOL_ZEROS + 1


def g3_tiff(data: bytes, lowest_first: bool, rows: int, two_dimensional: bool = False) -> bytes:
    """The raw G3 data with a TIFF header in front: one strip, CCITT Group 3 (T.4)."""
    rows_per_inch = FINE_ROWS_PER_INCH if rows > FINE_ROWS else STANDARD_ROWS_PER_INCH
    entries = [
        (256, _LONG, G3_WIDTH),  # ImageWidth
        (257, _LONG, rows),  # ImageLength
        (258, _SHORT, 1),  # BitsPerSample
        (259, _SHORT, 3),  # Compression: CCITT Group 3
        (262, _SHORT, 0),  # PhotometricInterpretation: WhiteIsZero, as fax
        (266, _SHORT, 2 if lowest_first else 1),  # FillOrder
        (273, _LONG, 0),  # StripOffsets (filled in below)
        (277, _SHORT, 1),  # SamplesPerPixel
        (278, _LONG, rows),  # RowsPerStrip
        (279, _LONG, len(data)),  # StripByteCounts
        (282, _RATIONAL, int(G3_HORIZONTAL_DPI)),  # XResolution
        (283, _RATIONAL, int(rows_per_inch)),  # YResolution
        (292, _LONG, 1 if two_dimensional else 0),  # T4Options
        (296, _SHORT, 2),  # ResolutionUnit: inch
    ]
    header_size = 8
    directory_size = 2 + 12 * len(entries) + 4
    rationals_at = header_size + directory_size
    strip_at = rationals_at + 8 * 2
    directory = [struct.pack("<H", len(entries))]
    rationals: list[bytes] = []
    for tag, kind, value in entries:
        if tag == 273:
            value = strip_at
        if kind == _RATIONAL:
            directory.append(struct.pack("<HHII", tag, kind, 1, rationals_at + 8 * len(rationals)))
            rationals.append(struct.pack("<II", value, 1))
        elif kind == _SHORT:
            directory.append(struct.pack("<HHIHH", tag, kind, 1, value, 0))
        else:
            directory.append(struct.pack("<HHII", tag, kind, 1, value))
    directory.append(struct.pack("<I", 0))  # no next directory
    return b"".join([b"II*\x00", struct.pack("<I", header_size), *directory, *rationals, data])


def _decode_tiff(tiff: bytes) -> Image.Image | None:
    try:
        with Image.open(io.BytesIO(tiff)) as opened:
            opened.load()
            return opened.convert("L")
    except (OSError, ValueError, SyntaxError):
        return None


def _plausible(image: Image.Image) -> bool:
    """A decoded fax page is mostly white: a wrong bit order decodes to noise or fails."""
    dark = float(np.count_nonzero(np.asarray(image) < 128)) / (image.width * image.height)
    return 0.0 < dark < 0.5


def _square_pixels(image: Image.Image, rows: int) -> Image.Image:
    """The page stretched to 204 x 204 dpi: MuPDF reads a PNG's resolution as square, so a
    standard-resolution page (204 x 98 dpi) would come out half its height."""
    vertical = FINE_ROWS_PER_INCH if rows > FINE_ROWS else STANDARD_ROWS_PER_INCH
    height = round(image.height * G3_HORIZONTAL_DPI / vertical)
    return image.resize((image.width, height), Image.Resampling.LANCZOS)


def g3_to_png(path: Path) -> bytes:
    """A raw G3 fax page as PNG, stretched to square pixels at 204 dpi."""
    data = path.read_bytes()
    orders = sorted((True, False), key=lambda lowest: not _opens_with_eol(data, lowest))
    for lowest_first in orders:
        rows = g3_rows(data, lowest_first)
        if rows < MIN_ROWS:
            continue
        for two_dimensional in (False, True):
            image = _decode_tiff(g3_tiff(data, lowest_first, rows, two_dimensional))
            if image is not None and _plausible(image):
                return _png(_square_pixels(image, rows), dpi=(G3_HORIZONTAL_DPI,) * 2)
    raise CorruptDocument(
        path,
        f"{path.name} is not a raw G3 fax page that can be decoded (no T.4 rows of "
        f"{G3_WIDTH} pixels found in either bit order); ask the fax server to store faxes "
        "as TIFF or PDF, or send the fax again.",
    )


def decrypt_pdf(path: Path, password: str, target: Path) -> int:
    """Write `path` (a password-protected PDF) without its password to `target`; its pages.

    The password is used for this one call and is never part of a message or a log line.
    """
    import pymupdf

    try:
        document = pymupdf.open(path, filetype="pdf")  # type: ignore[no-untyped-call]
    except (RuntimeError, ValueError) as error:
        raise CorruptDocument(
            path, f"{path.name} cannot be opened as a PDF; ask the sender for a new copy."
        ) from error
    with document:
        if document.needs_pass and not document.authenticate(password):  # type: ignore[no-untyped-call]
            raise EncryptedDocument(
                path,
                f"The password does not open {path.name}; nothing was changed. Check it with "
                "the sender and try again.",
            )
        document.save(target, encryption=pymupdf.PDF_ENCRYPT_NONE, garbage=1)  # type: ignore[no-untyped-call,attr-defined]
        return int(document.page_count)
