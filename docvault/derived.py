"""Files derived from the originals (page images, thumbnails, the archive copies: searchable
PDF/A files), kept under `<data>/cache/`.

Every derived file is named by what it was made from: the original's sha256, the page
number and a digest of the render settings. An id (which a database could in principle
reuse, and which a restored backup gives to other rows) never names a derived file, so a
cached image can only ever be served for the content it shows (issue 13: a deleted
letter's scan was served for a new letter's page under a reused page id).

Everything here can be made again from the archive: deleting it costs a render, nothing more.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path

CACHE_FOLDER = "cache"
PAGE_IMAGES = "page-images"
SEARCHABLE_PDFS = "searchable-pdf"
# Before issue 13 page images were cached by page id under cache/pages/<id>.png.
LEGACY_PAGE_IMAGES = "pages"
_SHA256 = re.compile(r"[0-9a-f]{64}")


def settings_digest(render_settings: str) -> str:
    """A short name for the render settings (any change gives new file names)."""
    return hashlib.sha256(render_settings.encode()).hexdigest()[:16]


def page_image_path(
    data_dir: Path, sha256: str, page_number: int, render_settings: str, suffix: str = ".png"
) -> Path:
    """Where the image of page `page_number` of the original `sha256` is cached.

    Thumbnails (`suffix` ".jpg") lie beside the page images, named by the same digest of
    settings that name their size too, so deleting an original's folder removes them all.
    """
    if not _SHA256.fullmatch(sha256):
        raise ValueError(f"{sha256!r} is not a sha256 in hexadecimal")
    name = f"{page_number}-{settings_digest(render_settings)}{suffix}"
    return data_dir / CACHE_FOLDER / PAGE_IMAGES / sha256[:2] / sha256 / name


def searchable_pdf_path(data_dir: Path, sha256: str, transcription_digest: str) -> Path:
    """Where the archive copy (the searchable PDF/A) of the original `sha256` with this
    transcription is kept.

    Named by the transcription's digest too: a page read again (or turned) gives a new
    name, so a file made from an older reading is never served for a newer one.
    """
    if not _SHA256.fullmatch(sha256):
        raise ValueError(f"{sha256!r} is not a sha256 in hexadecimal")
    if not re.fullmatch(r"[0-9a-f]{8,64}", transcription_digest):
        raise ValueError(f"{transcription_digest!r} is not a digest in hexadecimal")
    return searchable_folder(data_dir, sha256) / f"{transcription_digest}.pdf"


def searchable_folder(data_dir: Path, sha256: str) -> Path:
    """The folder of the archive copies made of the original `sha256`."""
    return data_dir / CACHE_FOLDER / SEARCHABLE_PDFS / sha256[:2] / sha256


def not_pdfa_note_path(archive_copy: Path) -> Path:
    """Beside an archive copy that is not a PDF/A: the sentence saying why (`docvault.pdfa`);
    no such file beside a PDF/A."""
    return archive_copy.with_suffix(".not-pdfa.txt")


def remove_other_searchable(data_dir: Path, keep: Path) -> None:
    """Remove the archive copies (and their notes) made from older readings of `keep`'s
    original."""
    # Not a file being written now (`.<name>.<uuid>.tmp`): only finished copies and notes.
    for older in [*keep.parent.glob("*.pdf"), *keep.parent.glob("*.not-pdfa.txt")]:
        if older not in (keep, not_pdfa_note_path(keep)):
            older.unlink(missing_ok=True)


def write_atomically(path: Path, data: bytes) -> None:
    """Written under a temporary name and renamed, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{uuid.uuid4().hex}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def remove_for_original(data_dir: Path, sha256: str) -> None:
    """Remove every file derived from the original `sha256` (when its document is deleted)."""
    if not _SHA256.fullmatch(sha256):
        raise ValueError(f"{sha256!r} is not a sha256 in hexadecimal")
    shutil.rmtree(data_dir / CACHE_FOLDER / PAGE_IMAGES / sha256[:2] / sha256, ignore_errors=True)
    shutil.rmtree(searchable_folder(data_dir, sha256), ignore_errors=True)


@dataclass(frozen=True)
class DerivedEntry:
    """One folder (or stray file) under `<data>/cache/` and the original it was made from."""

    path: Path
    sha256: str | None  # None: named by no original (the legacy cache, an unknown file)


def entries(data_dir: Path) -> list[DerivedEntry]:
    """Everything under `<data>/cache/`, one entry per original's folder, for `docvault
    verify`: the page images and thumbnails of an original, its archive copies (searchable
    PDF/A files, and the note beside one that is not a PDF/A), and what
    follows no layout of this module (the legacy cache by page id, a stray file)."""
    cache = data_dir / CACHE_FOLDER
    if not cache.is_dir():
        return []
    found: list[DerivedEntry] = []
    for top in sorted(cache.iterdir()):
        if top.name in (PAGE_IMAGES, SEARCHABLE_PDFS) and top.is_dir():
            found.extend(_original_folders(top))
        else:
            found.append(DerivedEntry(top, None))
    return found


def _original_folders(kind_folder: Path) -> list[DerivedEntry]:
    """`<kind>/<first two>/<sha256>/` folders; anything else in `kind_folder` is a stray."""
    found: list[DerivedEntry] = []
    for prefix in sorted(kind_folder.iterdir()):
        if not prefix.is_dir():
            found.append(DerivedEntry(prefix, None))
            continue
        for folder in sorted(prefix.iterdir()):
            named = _SHA256.fullmatch(folder.name) and folder.name[:2] == prefix.name
            found.append(DerivedEntry(folder, folder.name if named else None))
    return found


def remove_entry(entry: DerivedEntry) -> None:
    """Remove one entry of `entries` (a folder with everything in it, or a file)."""
    if entry.path.is_dir() and not entry.path.is_symlink():
        shutil.rmtree(entry.path, ignore_errors=True)
    else:
        entry.path.unlink(missing_ok=True)


def remove_legacy(data_dir: Path) -> None:
    """Remove the page images cached by page id before issue 13 (they may not be trusted)."""
    shutil.rmtree(data_dir / CACHE_FOLDER / LEGACY_PAGE_IMAGES, ignore_errors=True)


def clear(data_dir: Path) -> None:
    """Remove every derived file (after a restore: the cache cannot vouch for the backup)."""
    shutil.rmtree(data_dir / CACHE_FOLDER, ignore_errors=True)
