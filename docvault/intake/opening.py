"""Safe opening: inbox files and folders reached without following a link.

Whoever can write to an inbox chooses what lies in it (SECURITY.md, "The inbox's trust
boundary"): the listing can be raced, O_NOFOLLOW on each step cannot. `open_inbox_file`
opens a taken file only while it is still the file that was judged, and intake copies it
from that very descriptor.
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from pathlib import Path

from docvault.archive import OpenedFile
from docvault.errors import (
    FileNotReady,
    FileVanished,
    IntakeError,
)
from docvault.intake.rule import _linked_folder, _lstat, _shown, refusal_of
from docvault.names import display_name, inbox_named
from docvault.setting_types import InboxSettings

# How intake opens what it reads from an inbox: no link followed, a pipe never waited on.
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC


FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _open_folder(inbox: InboxSettings, path: Path) -> int:
    """A descriptor of the folder holding `path`, reached from the inbox without following a
    link (the check of the listing can be raced; O_NOFOLLOW on each step cannot)."""
    descriptor = os.open(inbox.path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for part in path.relative_to(inbox.path).parts[:-1]:
            try:
                inner = os.open(part, FOLDER_FLAGS, dir_fd=descriptor)
            except OSError as error:
                if error.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise _linked_folder(inbox, path.parent) from None
                raise
            os.close(descriptor)
            descriptor = inner
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


@contextlib.contextmanager
def open_inbox_file(
    inbox: InboxSettings, path: Path, listed: os.stat_result, max_file_bytes: int
) -> Iterator[OpenedFile]:
    """Open an inbox file for reading without following any link, and check that what was
    opened is the regular file the listing saw (same device and inode, one name, within the
    limit). Raises FileRefused, FileVanished or FileNotReady."""
    try:
        folder = _open_folder(inbox, path)
        try:
            descriptor = os.open(path.name, FILE_FLAGS, dir_fd=folder)
        finally:
            os.close(folder)
    except FileNotFoundError:
        raise _vanished(inbox, path) from None
    except PermissionError:
        raise FileNotReady(
            path,
            f"{_shown(inbox, path)} in {inbox_named(inbox.name)} cannot be read by docvault "
            "(permission denied); docvault will retry. Give the docvault user read access "
            "to the inbox.",
        ) from None
    except OSError as error:
        # ELOOP: it became a link since the listing; ENXIO: a socket. Either way what lies
        # there now is refused for what it is (or it went again).
        if error.errno not in (errno.ELOOP, errno.ENXIO):
            raise
        status = _lstat(path)
        refusal = refusal_of(inbox, path, status, max_file_bytes) if status else None
        raise refusal or _vanished(inbox, path) from None
    try:
        opened = os.fstat(descriptor)
        if (opened.st_dev, opened.st_ino) != (listed.st_dev, listed.st_ino):
            raise _vanished(inbox, path)
        refusal = refusal_of(inbox, path, opened, max_file_bytes)
        if refusal is not None:
            raise refusal
        yield OpenedFile(path, descriptor, max_bytes=max_file_bytes)
    finally:
        os.close(descriptor)


def _vanished(inbox: InboxSettings, path: Path) -> FileVanished:
    return FileVanished(
        path,
        f"{_shown(inbox, path)} in {inbox_named(inbox.name)} was removed or replaced while "
        "docvault was looking at it; if it is still there it is looked at again.",
    )


def ensure_listable(inbox: InboxSettings) -> None:
    """Create a missing inbox folder; raise IntakeError, with the fix, if it cannot be listed."""
    try:
        inbox.path.mkdir(parents=True, exist_ok=True)
        with os.scandir(inbox.path):
            pass
    except OSError as error:
        raise IntakeError(
            inbox.path,
            f"Inbox {inbox.name} at {display_name(inbox.path)} cannot be listed "
            f"({error.strerror or error}); no file in it is taken until this is fixed. "
            "Make it a folder the docvault user can read and write (or correct its path "
            "in the settings); docvault tries again every few seconds.",
        ) from error


def _lstat_in(folder: int, name: str) -> os.stat_result | None:
    try:
        return os.stat(name, dir_fd=folder, follow_symlinks=False)
    except FileNotFoundError:
        return None


def _make_folders(inbox: InboxSettings, names: tuple[str, ...]) -> int:
    """A descriptor of inbox/names..., each made if missing, none reached through a link."""
    descriptor = os.open(inbox.path, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        for name in names:
            with contextlib.suppress(FileExistsError):
                os.mkdir(name, dir_fd=descriptor)
            try:
                inner = os.open(name, FOLDER_FLAGS, dir_fd=descriptor)
            except OSError as error:
                raise IntakeError(
                    inbox.path / name,
                    f"{name} in {inbox_named(inbox.name)} is not a real folder (a link or a file); "
                    "docvault moves taken files there. Remove it; docvault makes the folder "
                    f"itself. ({error.strerror})",
                ) from None
            os.close(descriptor)
            descriptor = inner
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor
