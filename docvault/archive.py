"""Custody of originals: a content-addressed archive that never holds a half-written copy.

A file is copied, from a descriptor opened once (`OpenedFile`), to a temporary name in the
archive while its sha256 is computed, fsynced, renamed to `<sha[:2]>/<sha><suffix>`, the
folder fsynced, and the copy re-read to verify the hash. Every step can be repeated after a
crash: the same bytes land on the same name.

A full or read-only archive disk raises a `ServerFault` (docvault.runtime.faults) before or while
copying, and the temporary copy goes with it: the original stays where it was, untouched,
and is copied again once the disk can take it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import shutil
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISREG

from docvault.durable import fsync_folder
from docvault.errors import (
    ArchivedFileChanged,
    ArchivedFileMissing,
    FileNotReady,
    FileVanished,
    NotARegularFile,
)
from docvault.names import display_name
from docvault.runtime import Place, disk_full, fault_of

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
    except OSError as error:
        raise _archive_fault(error, data_dir) from error


def _archive_fault(error: OSError, data_dir: Path) -> Exception:
    """The archive disk's fault (full, read-only, failing) behind `error`, or `error` itself."""
    return fault_of(error, Place.archive, data_dir / "archive") or error


def _discard(temporary: Path) -> None:
    """Remove a temporary copy that failed; a read-only disk may refuse even that, and then
    the start's `remove_incomplete_copies` does it (the error being raised matters more)."""
    with contextlib.suppress(OSError):
        temporary.unlink(missing_ok=True)


def _check_room(archive_root: Path, size: int) -> None:
    """Refuse at once a copy the disk has no room for, instead of writing until it is full."""
    if shutil.disk_usage(archive_root).free < size:
        raise disk_full(Place.archive, archive_root)


def _archive_opened(opened: OpenedFile, data_dir: Path) -> ArchivedFile:
    archive_root = data_dir / "archive"
    archive_root.mkdir(parents=True, exist_ok=True)
    temporary = archive_root / f".incoming-{uuid.uuid4().hex}"
    try:
        before = os.fstat(opened.descriptor)
        _check_room(archive_root, before.st_size)
        sha256, size = _copy_hashing(opened, temporary)
        after = os.fstat(opened.descriptor)
    except BaseException:
        _discard(temporary)
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
    try:
        return _settle(temporary, archive_root, sha256, size, opened.path.suffix.lower())
    except BaseException:
        _discard(temporary)  # a folder the full disk could not make: no copy stays behind
        raise


def archive_bytes(data: bytes, suffix: str, data_dir: Path) -> ArchivedFile:
    """Put bytes docvault holds in memory (a message from a mail server, one of its
    attachments) into the archive under their sha256, as `archive_file` does a file's:
    written to a temporary name, fsynced, renamed, the folder fsynced, verified."""
    archive_root = data_dir / "archive"
    temporary = archive_root / f".incoming-{uuid.uuid4().hex}"
    try:
        archive_root.mkdir(parents=True, exist_ok=True)
        _check_room(archive_root, len(data))
        with temporary.open("xb") as writer:
            writer.write(data)
            writer.flush()
            os.fsync(writer.fileno())
        sha256 = hashlib.sha256(data).hexdigest()
        return _settle(temporary, archive_root, sha256, len(data), suffix.lower())
    except OSError as error:
        _discard(temporary)
        raise _archive_fault(error, data_dir) from error
    except BaseException:
        _discard(temporary)
        raise


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
    in the inbox and will be copied again). Only one docvault runs on a data folder. One a
    read-only disk will not let go of waits for the next start."""
    archive_root = data_dir / "archive"
    if not archive_root.is_dir():
        return 0
    removed = 0
    for leftover in archive_root.glob(".incoming-*"):
        _discard(leftover)
        removed += not leftover.exists()
    return removed


# --- what lies in the archive now --------------------------------------------------------

SHA256_HEX_DIGITS = 64


def check_archived(path: Path, what: str) -> None:
    """Raise ArchivedFileMissing or ArchivedFileChanged unless the archived file at `path`
    is still the one archived there: present, and of the sha256 it is named by. `what`
    names it in the sentence ("the original of Befund.pdf"). For the web view and the
    hand-over, before they show or hand out an original or make something new from it;
    `docvault verify` checks the whole archive at night.

    A file is hashed once for as long as its inode, size and modification time stay the
    same (`_hashes_to`'s cache), so a document viewed page after page is not hashed again.
    """
    named = path.name[:SHA256_HEX_DIGITS]
    # Every file docvault archives is named by its sha256; one named otherwise (put there by
    # hand) can only be checked for being there.
    expected = named if re.fullmatch(r"[0-9a-f]{64}", named) else None
    backup = f"archive/{path.parent.name}/{path.name}"
    try:
        status = path.stat()
    except (FileNotFoundError, NotADirectoryError):
        status = None
    if status is None or not S_ISREG(status.st_mode):
        raise ArchivedFileMissing(
            path,
            f"The archived file of {what} ({path}) is missing: it was removed behind "
            "docvault's back. Its text as read is still shown and searchable. Restore the "
            f"file from a backup ({backup} in the newest docvault-<time> backup folder); "
            "`docvault verify` names every such file.",
            f"The archived file of {what} is missing from the archive, so its original and "
            "new page images cannot be given; its text as read is still shown. An "
            "administrator must restore it from a backup.",
        )
    if expected is not None and not _hashes_to(
        str(path), expected, status.st_ino, status.st_size, status.st_mtime_ns
    ):
        raise ArchivedFileChanged(
            path,
            f"The archived file of {what} ({path}) no longer matches its sha256: it was "
            "changed behind docvault's back, or the disk is failing. docvault gives out no "
            "changed bytes as the original and draws nothing new from them; its text as read "
            "is still shown and searchable. Check the disk, then restore the file from a "
            f"backup ({backup}); `docvault verify` names every such file.",
            f"The archived file of {what} was changed behind docvault's back, so its original "
            "and new page images cannot be given; its text as read is still shown. An "
            "administrator must restore it from a backup.",
        )


@functools.lru_cache(maxsize=1024)
def _hashes_to(path: str, sha256: str, _inode: int, _size: int, _modified_ns: int) -> bool:
    """Whether the file hashes to `sha256`; cached by what changes when a file is written."""
    return hash_file(Path(path)) == sha256
