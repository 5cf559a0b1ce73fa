"""The kind of a file, told by its content: what docvault accepts, and what it refuses.

The kind of a file is decided by its content (magic bytes), never by its name: the archive
stores files under their sha256, and MuPDF would otherwise pick its parser by extension.
Accepted: PDF, TIFF (multi-page, fax CCITT G3/G4), PNG, JPEG, and the other raster kinds
MuPDF reads at no extra cost (BMP, GIF, JPEG 2000); HEIC/HEIF photos and raw G3 fax pages
(`.g3`, the one kind told by its name: it has no signature) are turned into PNG first by
`formats.py`. Text-like documents that MuPDF would happily lay out as "pages" (.txt, .html,
.svg, .docx, .xlsx, .pptx, .epub, .xps, .cbz, .fb2, .mobi) are refused with
`UnsupportedFormat` unless `accept_text_documents` is set (`docvault.render.opening`): they
are not scans, and a clinic inbox that receives them is usually misconfigured. Any other
content is refused with `UnsupportedFormat`.

No MuPDF here: mail intake tells an attachment's kind with `detect_kind` too.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

RASTER_KINDS = frozenset({"tiff", "png", "jpeg", "bmp", "gif", "jpx", "heif", "g3"})
# Kinds MuPDF cannot open: formats.py turns them into a PNG first.
CONVERTED_KINDS = frozenset({"heif", "g3"})
# ISO base media files whose major or compatible brand is one of these are HEIF images.
_HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1", b"heif")
TEXT_KINDS = frozenset(
    {"txt", "html", "svg", "fb2", "docx", "xlsx", "pptx", "epub", "xps", "cbz", "mobi"}
)
_SNIFF_BYTES = 4096


def detect_kind(path: Path) -> str | None:
    """The MuPDF filetype of the file's content, or None when docvault does not know it."""
    with path.open("rb") as file:
        head = file.read(_SNIFF_BYTES)
    if b"%PDF-" in head[:1024]:  # readers accept a little junk before the header
        return "pdf"
    for magic, kind in (
        (b"II*\x00", "tiff"),
        (b"MM\x00*", "tiff"),
        (b"\x89PNG\r\n\x1a\n", "png"),
        (b"\xff\xd8\xff", "jpeg"),
        (b"GIF87a", "gif"),
        (b"GIF89a", "gif"),
        (b"\x00\x00\x00\x0cjP  \r\n\x87\n", "jpx"),
        (b"\xff\x4f\xff\x51", "jpx"),
    ):
        if head.startswith(magic):
            return kind
    if head.startswith(b"BM") and head[6:10] == b"\x00\x00\x00\x00":  # reserved fields
        return "bmp"
    if head[4:8] == b"ftyp" and _is_heif(head):
        return "heif"
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(path)
    if head[60:68] == b"BOOKMOBI":
        return "mobi"
    # Raw G3 fax data has no signature at all: only its name says what it is. Decoding it
    # (formats.g3_to_png) then checks that it is T.4 code.
    if path.suffix.lower() == ".g3":
        return "g3"
    return _text_kind(head)


def _is_heif(head: bytes) -> bool:
    box_size = int.from_bytes(head[:4], "big")
    brands = head[8:12] + head[16 : max(16, min(box_size, len(head)))]
    return any(brands[index : index + 4] in _HEIF_BRANDS for index in range(0, len(brands), 4))


def _zip_kind(path: Path) -> str | None:
    try:
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            epub = _head_of(archive, "mimetype").startswith(b"application/epub")
            if "mimetype" in names and epub:
                return "epub"
    except (zipfile.BadZipFile, OSError):
        return None
    for prefix, kind in (("word/", "docx"), ("xl/", "xlsx"), ("ppt/", "pptx")):
        if "[Content_Types].xml" in names and any(name.startswith(prefix) for name in names):
            return kind
    if any(name.endswith((".fdseq", ".fpage")) for name in names):
        return "xps"
    image_suffixes = (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff")
    if names and all(name.endswith("/") or name.lower().endswith(image_suffixes) for name in names):
        return "cbz"
    return None


def _head_of(archive: zipfile.ZipFile, name: str) -> bytes:
    """The first bytes of an entry, never the whole: a 'mimetype' entry that inflates to
    gigabytes (a zip bomb attached to a mail) took the daemon to 4.5 GB (issue 44)."""
    try:
        with archive.open(name) as entry:
            return entry.read(64)
    except (KeyError, zipfile.BadZipFile, NotImplementedError, RuntimeError, EOFError, ValueError):
        return b""


def _text_kind(head: bytes) -> str | None:
    if not head or b"\x00" in head:
        return None
    controls = sum(1 for byte in head if byte < 32 and byte not in b"\t\n\r\f")
    if controls > len(head) // 100:
        return None
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    if b"<fictionbook" in start[:1024]:
        return "fb2"
    if b"<svg" in start[:1024]:
        return "svg"
    if start.startswith((b"<!doctype html", b"<html")):
        return "html"
    return "txt"
