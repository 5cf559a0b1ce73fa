"""Custody of originals: a content-addressed archive that never holds a half-written copy.

A file is copied, from a descriptor opened once (`OpenedFile`), to a temporary name in the
archive while its sha256 is computed, fsynced, renamed to `<sha[:2]>/<sha><suffix>`, the
folder fsynced, and the copy re-read to verify the hash. Every step can be repeated after a
crash: the same bytes land on the same name.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG

from docvault.durable import fsync_folder
from docvault.errors import FileNotReady, FileVanished, NotARegularFile
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


@dataclass(frozen=True)
class OpenedFile:
    """A file its caller opened itself, and checked: intake opens an inbox file without
    following any link and makes sure it is the regular file its listing saw. The archive
    copies from this descriptor, never from the name again (a name can be swapped for a
    link between the check and the read; an open descriptor cannot)."""

    path: Path  # for the sentences and the archive name's suffix
    descriptor: int
    max_bytes: int | None = None  # stop copying past this: the file grew after the check


def _copy_hashing(opened: OpenedFile, temporary: Path) -> tuple[str, int]:
    digest = hashlib.sha256()
    size = 0
    limit = opened.max_bytes
    with open(opened.descriptor, "rb", closefd=False) as reader, temporary.open("xb") as writer:
        reader.seek(0)
        while chunk := reader.read(CHUNK_BYTES):
            digest.update(chunk)
            writer.write(chunk)
            size += len(chunk)
            if limit is not None and size > limit:
                break  # grown past the limit since it was checked: refused on the next look
        writer.flush()
        os.fsync(writer.fileno())
    return digest.hexdigest(), size


@contextlib.contextmanager
def _opened_regular_file(source: Path) -> Iterator[OpenedFile]:
    """A path given by the admin (`docvault ingest`) or by docvault itself (an unlocked
    copy). Never blocks on a pipe: O_NONBLOCK, and only a regular file is read."""
    descriptor = os.open(source, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    try:
        if not S_ISREG(os.fstat(descriptor).st_mode):
            raise NotARegularFile(
                source,
                f"{display_name(source)} is not a regular file (a pipe, socket, device or "
                "folder); docvault reads only regular files. Give the path of a document.",
            )
        yield OpenedFile(source, descriptor)
    finally:
        os.close(descriptor)


def archive_file(source: Path | OpenedFile, data_dir: Path) -> ArchivedFile:
    """Copy `source` into the archive under its sha256 and verify the copy.

    `source` is a path (opened here, links followed: for files docvault or the admin
    names) or a file intake has already opened and checked (`OpenedFile`).
    """
    path = source.path if isinstance(source, OpenedFile) else source
    try:
        if isinstance(source, OpenedFile):
            return _archive_opened(source, data_dir)
        with _opened_regular_file(source) as opened:
            return _archive_opened(opened, data_dir)
    except FileNotFoundError:
        raise FileVanished(
            path,
            f"{display_name(path)} disappeared while docvault was copying it; "
            "if it was moved on purpose nothing is lost, otherwise put it "
            "back in the inbox.",
        ) from None
    except PermissionError:
        raise FileNotReady(
            path,
            f"{display_name(path)} cannot be read by docvault (permission "
            "denied); docvault will retry. Give the docvault user read "
            "access to the inbox.",
        ) from None


def _archive_opened(opened: OpenedFile, data_dir: Path) -> ArchivedFile:
    archive_root = data_dir / "archive"
    archive_root.mkdir(parents=True, exist_ok=True)
    temporary = archive_root / f".incoming-{uuid.uuid4().hex}"
    try:
        before = os.fstat(opened.descriptor)
        sha256, size = _copy_hashing(opened, temporary)
        after = os.fstat(opened.descriptor)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if (before.st_size, before.st_mtime_ns) != (
        after.st_size,
        after.st_mtime_ns,
    ) or size != after.st_size:
        temporary.unlink(missing_ok=True)
        raise FileVanished(
            opened.path,
            f"{display_name(opened.path)} changed while docvault was copying it; it "
            "will be taken again once it stops changing.",
        )
    return _settle(temporary, archive_root, sha256, size, opened.path.suffix.lower())


def archive_bytes(data: bytes, suffix: str, data_dir: Path) -> ArchivedFile:
    """Put bytes docvault holds in memory (a message from a mail server, one of its
    attachments) into the archive under their sha256, as `archive_file` does a file's:
    written to a temporary name, fsynced, renamed, the folder fsynced, verified."""
    archive_root = data_dir / "archive"
    archive_root.mkdir(parents=True, exist_ok=True)
    temporary = archive_root / f".incoming-{uuid.uuid4().hex}"
    try:
        with temporary.open("xb") as writer:
            writer.write(data)
            writer.flush()
            os.fsync(writer.fileno())
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sha256 = hashlib.sha256(data).hexdigest()
    return _settle(temporary, archive_root, sha256, len(data), suffix.lower())


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
