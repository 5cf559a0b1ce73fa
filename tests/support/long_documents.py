"""A PDF of very many pages, written directly in a fraction of a second.

One small page repeated: a flat page tree of page objects that share one content stream
and one font, as a 12 MB PDF of 100,000 pages did in the penetration test of issue 25
(100,000 pages here are 16 MB, written in 0.2 s; MuPDF counts them in 0.05 s).
"""

from __future__ import annotations

from pathlib import Path

_CONTENT = b"BT /F1 14 Tf 72 700 Td (One page of a very long document) Tj ET"
_PAGE = (
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] "
    b"/Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>"
)


def long_pdf(path: Path, pages: int) -> Path:
    """Write a valid PDF of `pages` identical pages at `path`."""
    first_page = 5
    kids = b" ".join(b"%d 0 R" % (first_page + index) for index in range(pages))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Count %d /Kids [%s] >>" % (pages, kids),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(_CONTENT), _CONTENT),
        *([_PAGE] * pages),
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        table,
    )
    path.write_bytes(bytes(out))
    return path
