"""Custody of originals: a content-addressed archive that never holds a half-written copy.

A file is copied to a temporary name in the archive while its sha256 is computed, fsynced,
renamed to `<sha[:2]>/<sha><suffix>`, the folder fsynced, and the copy re-read to verify the
hash. Every step can be repeated after a crash: the same bytes land on the same name.
"""

from __future__ import annotations

import hashlib
import os
import uuid
from dataclasses import dataclass
from pathlib import Path

from docvault.durable import fsync_folder
from docvault.errors import FileNotReady, FileVanished
from docvault.names import display_name

CHUNK_BYTES = 1024 * 1024


@dataclass(frozen=True)
class ArchivedFile:
    """An original safely in the archive."""

    sha256: str
    relative_path: str  # relative to the data folder
    size_bytes: int


def hash_file(path: Path) -> str:
    """The sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(CHUNK_BYTES):
            digest.update(chunk)
    return digest.hexdigest()


def _copy_hashing(source: Path, temporary: Path) -> tuple[str, int]:
    digest = hashlib.sha256()
    size = 0
    with source.open("rb") as reader, temporary.open("xb") as writer:
        while chunk := reader.read(CHUNK_BYTES):
            digest.update(chunk)
            writer.write(chunk)
            size += len(chunk)
        writer.flush()
        os.fsync(writer.fileno())
    return digest.hexdigest(), size


def archive_file(source: Path, data_dir: Path) -> ArchivedFile:
    """Copy `source` into the archive under its sha256 and verify the copy."""
    archive_root = data_dir / "archive"
    archive_root.mkdir(parents=True, exist_ok=True)
    temporary = archive_root / f".incoming-{uuid.uuid4().hex}"
    try:
        before = source.stat()
        sha256, size = _copy_hashing(source, temporary)
        after = source.stat()
    except FileNotFoundError:
        temporary.unlink(missing_ok=True)
        raise FileVanished(
            source,
            f"{display_name(source)} disappeared while docvault was copying it; "
            "if it was moved on purpose nothing is lost, otherwise put it "
            "back in the inbox.",
        ) from None
    except PermissionError:
        temporary.unlink(missing_ok=True)
        raise FileNotReady(
            source,
            f"{display_name(source)} cannot be read by docvault (permission "
            "denied); docvault will retry. Give the docvault user read "
            "access to the inbox.",
        ) from None
    if (before.st_size, before.st_mtime_ns) != (
        after.st_size,
        after.st_mtime_ns,
    ) or size != after.st_size:
        temporary.unlink(missing_ok=True)
        raise FileVanished(
            source,
            f"{display_name(source)} changed while docvault was copying it; it "
            "will be taken again once it stops changing.",
        )
    return _settle(temporary, archive_root, sha256, size, source.suffix.lower())


def _settle(
    temporary: Path, archive_root: Path, sha256: str, size: int, suffix: str
) -> ArchivedFile:
    folder = archive_root / sha256[:2]
    folder.mkdir(exist_ok=True)
    existing = sorted(folder.glob(f"{sha256}*"))
    if existing and hash_file(existing[0]) == sha256:
        temporary.unlink()
        final = existing[0]
    else:
        final = folder / f"{sha256}{suffix if len(suffix) <= 8 else ''}"
        os.replace(temporary, final)
        fsync_folder(folder)
        fsync_folder(archive_root)
        if hash_file(final) != sha256:
            final.unlink()
            raise FileVanished(
                final,
                f"The archive copy {final} does not match the "
                "original's sha256; the disk may be failing. The original "
                "stays in the inbox and will be copied again.",
            )
    relative = final.relative_to(archive_root.parent)
    return ArchivedFile(sha256=sha256, relative_path=str(relative), size_bytes=size)


def remove_incomplete_copies(data_dir: Path) -> int:
    """At start: temporary copies left by a crash mid-copy are garbage (the original is still
    in the inbox and will be copied again). Only one docvault runs on a data folder."""
    archive_root = data_dir / "archive"
    if not archive_root.is_dir():
        return 0
    leftovers = list(archive_root.glob(".incoming-*"))
    for leftover in leftovers:
        leftover.unlink(missing_ok=True)
    return len(leftovers)
