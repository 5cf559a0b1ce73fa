# SPDX-License-Identifier: AGPL-3.0-or-later
"""A minimal PDF writer for image-only pages (one image per page), written by hand so that the
damaged
variants can be made exactly: a cut image stream with a matching Length, a renamed or deleted image
XObject, or a cross-reference table whose every offset is wrong."""

from __future__ import annotations

import zlib
from dataclasses import dataclass


@dataclass
class ImagePage:
    width_px: int
    height_px: int
    dpi: tuple[float, float]
    data: bytes
    filter: str  # DCTDecode | FlateDecode
    bits: int  # 8 (grey JPEG) or 1 (bilevel)

    @property
    def size_pt(self) -> tuple[float, float]:
        return self.width_px * 72 / self.dpi[0], self.height_px * 72 / self.dpi[1]


def bilevel_page(image, dpi: tuple[float, float]) -> ImagePage:  # image: PIL mode "1"
    return ImagePage(
        image.width, image.height, dpi, zlib.compress(image.tobytes(), 9), "FlateDecode", 1
    )


def write_pdf(
    pages: list[ImagePage],
    cut: dict[int, float] | None = None,
    rename: int | None = None,
    delete: int | None = None,
    broken_xref: bool = False,
) -> bytes:
    """`cut`: page index -> fraction of its image stream kept; `rename`: the page whose resources
    call
    the image /Im9 while the content draws /Im0; `delete`: the page whose image object is left out
    (a free xref entry); `broken_xref`: every xref offset and startxref point 37 bytes too far."""
    cut = cut or {}
    objects: dict[int, bytes] = {}
    kids = []
    for i, page in enumerate(pages):
        page_no, content_no, image_no = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
        kids.append(f"{page_no} 0 R")
        w, h = page.size_pt
        name = "Im9" if rename == i else "Im0"
        objects[page_no] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.3f} {h:.3f}] "
            f"/Resources << /XObject << /{name} {image_no} 0 R >> >> "
            f"/Contents {content_no} 0 R >>"
        ).encode()
        content = f"q {w:.3f} 0 0 {h:.3f} 0 0 cm /Im0 Do Q".encode()
        objects[content_no] = (
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
        )
        data = page.data[: int(len(page.data) * cut[i])] if i in cut else page.data
        if delete != i:
            head = (
                f"<< /Type /XObject /Subtype /Image "
                f"/Width {page.width_px} /Height {page.height_px} "
                f"/ColorSpace /DeviceGray /BitsPerComponent {page.bits} /Filter /{page.filter} "
                f"/Length {len(data)} >>\nstream\n"
            ).encode()
            objects[image_no] = head + data + b"\nendstream"
    objects[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objects[2] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(pages)} >>".encode()
    size = 3 + 3 * len(pages)
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += f"{number} 0 obj\n".encode() + objects[number] + b"\nendobj\n"
    shift = 37 if broken_xref else 0
    xref_at = len(out)
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for number in range(1, size):
        if number in offsets:
            out += f"{offsets[number] + shift:010d} 00000 n \n".encode()
        else:
            out += b"0000000000 00001 f \n"
    out += (
        f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref_at + shift}\n%%EOF\n".encode()
    )
    return bytes(out)
