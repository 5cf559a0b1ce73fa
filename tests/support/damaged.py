"""Real damaged files, made from real fixtures the way files are damaged in the clinic: a
transfer cut short, a TIFF whose strips end early, a PDF whose scanned image stream was cut,
a mangled PDF that MuPDF repairs by dropping its scanned image (issue 47)."""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from pathlib import Path

import pymupdf

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
_STRIP_BYTE_COUNTS = 279  # the TIFF tag


def truncated_jpeg(folder: Path) -> Path:
    """A handwritten letter's scan, its JPEG cut at half its bytes (a transfer cut short)."""
    data = (FIXTURES / "caltech__hale-letter-1.jpg").read_bytes()
    path = folder / "letter-cut-short.jpg"
    path.write_bytes(data[: len(data) // 2])
    return path


def tiff_with_strip_cut_short(folder: Path) -> Path:
    """The G4 fax TIFF with its one strip declared half as long as it is: the decoder runs
    out of data half way down the page."""
    data = bytearray((FIXTURES / "libtiff__testfax4.tiff").read_bytes())
    order = "<" if data[:2] == b"II" else ">"
    (directory,) = struct.unpack(order + "I", data[4:8])
    (entries,) = struct.unpack(order + "H", data[directory : directory + 2])
    for number in range(entries):
        entry = directory + 2 + 12 * number
        tag, kind, count, value = struct.unpack(order + "HHII", data[entry : entry + 12])
        if tag == _STRIP_BYTE_COUNTS:
            assert (kind, count) == (4, 1)  # one strip, its count a LONG in the entry
            data[entry + 8 : entry + 12] = struct.pack(order + "I", value // 2)
    path = folder / "fax-strip-cut.tif"
    path.write_bytes(bytes(data))
    return path


def _scanned_pdf() -> tuple[pymupdf.Document, int]:
    document = pymupdf.open(FIXTURES / "ocrmypdf__skew.pdf")  # type: ignore[no-untyped-call]
    image = document[0].get_images()[0][0]
    return document, image


def pdf_with_image_stream_cut(folder: Path) -> Path:
    """A scanned PDF whose image stream holds only the first half of its bytes."""
    document, image = _scanned_pdf()
    with document:
        raw = document.xref_stream_raw(image)  # type: ignore[no-untyped-call]
        document.update_stream(image, raw[: len(raw) // 2], compress=False)  # type: ignore[no-untyped-call]
        path = folder / "scan-stream-cut.pdf"
        document.save(path)  # type: ignore[no-untyped-call]
    return path


def pdf_without_its_image(folder: Path) -> Path:
    """A scanned PDF whose image object's header is mangled ("11 0 obj" -> "XX 0 obj"):
    MuPDF repairs the file by dropping the object, and draws the page blank."""
    document, image = _scanned_pdf()
    document.close()
    data = (FIXTURES / "ocrmypdf__skew.pdf").read_bytes()
    found = re.search(rb"(?<![0-9])%d 0 obj" % image, data)
    assert found is not None
    start = found.start()
    mangled = data[:start] + b"XX" + data[start + len(str(image)) :]
    path = folder / "scan-repaired.pdf"
    path.write_bytes(mangled)
    return path


# Each damaged file with the fixture it was made from.
DAMAGED: dict[str, tuple[Callable[[Path], Path], str]] = {
    "jpeg cut short": (truncated_jpeg, "caltech__hale-letter-1.jpg"),
    "tiff strip cut short": (tiff_with_strip_cut_short, "libtiff__testfax4.tiff"),
    "pdf image stream cut short": (pdf_with_image_stream_cut, "ocrmypdf__skew.pdf"),
    "pdf repaired without its image": (pdf_without_its_image, "ocrmypdf__skew.pdf"),
}
