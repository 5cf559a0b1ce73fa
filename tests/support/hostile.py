"""Files built to hurt a parser, written by the tests themselves (each a few KB)."""

from __future__ import annotations

from pathlib import Path


def _pdf(objects: list[bytes]) -> bytes:
    """A PDF with these objects (numbered from 1) and a correct cross-reference table."""
    body = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, content in enumerate(objects, start=1):
        offsets.append(len(body))
        body += b"%d 0 obj\n" % number + content + b"\nendobj\n"
    xref = len(body)
    body += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        body += b"%010d 00000 n \n" % offset
    body += b"trailer\n<</Size %d/Root 1 0 R>>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(body)


def _stream(dictionary: bytes, data: bytes) -> bytes:
    return b"<<" + dictionary + b"/Length %d>>\nstream\n" % len(data) + data + b"\nendstream"


def endless_pdf(path: Path, levels: int = 10, fan_out: int = 10, marker: int = 0) -> Path:
    """One page whose form XObjects each draw the next `fan_out` times, `levels` deep.

    Drawing it takes fan_out**levels draws (10^10 by default): effectively forever, while
    opening it and counting its pages is instant. `marker` makes each file's bytes unique.
    """
    first_form = 5
    objects = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]"
        b"/Resources<</XObject<</X %d 0 R>>>>/Contents 4 0 R>>" % first_form,
        _stream(b"", b"/X Do %% %d" % marker),
    ]
    draw_next = b" ".join([b"q 1 0 0 1 0.01 0.01 cm /X Do Q"] * fan_out)
    for level in range(levels):
        number = first_form + level
        last = level == levels - 1
        resources = b"" if last else b"/Resources<</XObject<</X %d 0 R>>>>" % (number + 1)
        content = b"0 0 1 1 re f" if last else draw_next
        objects.append(
            _stream(b"/Type/XObject/Subtype/Form/BBox[0 0 595 842]" + resources, content)
        )
    path.write_bytes(_pdf(objects))
    return path


def bomb_pdf(path: Path, side: int = 20000) -> Path:
    """One page holding a side x side greyscale image of zeros: a few hundred KB that
    decode to side**2 bytes (400 MB by default), a decompression bomb."""
    import zlib

    compressor = zlib.compressobj(9)
    row_block = bytes(side * 1000)
    data = bytearray()
    for _ in range(side // 1000):
        data += compressor.compress(row_block)
    data += compressor.flush()
    objects = [
        b"<</Type/Catalog/Pages 2 0 R>>",
        b"<</Type/Pages/Kids[3 0 R]/Count 1>>",
        b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]"
        b"/Resources<</XObject<</Im 5 0 R>>>>/Contents 4 0 R>>",
        _stream(b"", b"q 595 0 0 842 0 0 cm /Im Do Q"),
        _stream(
            b"/Type/XObject/Subtype/Image/Width %d/Height %d/ColorSpace/DeviceGray"
            b"/BitsPerComponent 8/Filter/FlateDecode" % (side, side),
            bytes(data),
        ),
    ]
    path.write_bytes(_pdf(objects))
    return path
