"""Clearing an inbox: a recorded file moved to processed/ or quarantine/ (or deleted).

Only ever after its archive copy is verified; every folder on the way opened without
following links, and a name moved only while it is still the file that was archived.
"""

from __future__ import annotations

import contextlib
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from stat import S_ISDIR

from docvault.errors import (
    IntakeError,
)
from docvault.intake.opening import _lstat_in, _make_folders, _open_folder
from docvault.intake.rule import _lstat
from docvault.names import display_name, inbox_named
from docvault.setting_types import InboxSettings


def check_target_folders(inbox: InboxSettings) -> None:
    """processed/ and quarantine/ must be real folders (or not there yet) before a file
    is taken: a link there would send inbox files out of the inbox, and refusing after
    the file is recorded would record it again at every retry."""
    if inbox.after_archive == "keep":
        return
    for name in ("processed", "quarantine"):
        status = _lstat(inbox.path / name)
        if status is not None and not S_ISDIR(status.st_mode):
            raise IntakeError(
                inbox.path / name,
                f"{name} in {inbox_named(inbox.name)} ({display_name(inbox.path / name)}) is "
                "not a real folder (a link or a file); docvault moves taken files there, "
                "so it takes no file from this inbox until it is one. Remove it; docvault "
                "makes the folder itself.",
            )


def clear_inbox_file(
    inbox: InboxSettings, path: Path, listed: os.stat_result, failed: bool
) -> None:
    """Move (or delete) the inbox file; only ever after its archive copy is verified.

    A file docvault could not read goes to `quarantine/` instead of `processed/`, so
    the admin finds it next to the inbox as well as in the web view. Every folder on the
    way is opened without following links, and the name is moved only while it is still
    the file that was archived (same device and inode).
    """
    if inbox.after_archive == "keep":
        return
    try:
        source_folder = _open_folder(inbox, path)
    except FileNotFoundError:
        return  # gone already? The archive copy is verified, so nothing is lost.
    try:
        current = _lstat_in(source_folder, path.name)
        if current is None or (current.st_dev, current.st_ino) != (
            listed.st_dev,
            listed.st_ino,
        ):
            return  # gone or replaced since: the archived file is safe, the new one waits
        if inbox.after_archive == "delete" and not failed:
            os.unlink(path.name, dir_fd=source_folder)
            return
        stamp = datetime.now(UTC).strftime("%Y-%m-%d")
        target_folder = _make_folders(inbox, ("quarantine" if failed else "processed", stamp))
        try:
            target = path.name
            if _lstat_in(target_folder, target) is not None:
                target = _unclashing_name(path, int(time.time() * 1000))
            with contextlib.suppress(FileNotFoundError):
                os.rename(path.name, target, src_dir_fd=source_folder, dst_dir_fd=target_folder)
        finally:
            os.close(target_folder)
    finally:
        os.close(source_folder)


# A file name's bytes on Linux file systems (NAME_MAX).
NAME_MAX_BYTES = 255


def _unclashing_name(path: Path, stamp: int) -> str:
    """`stem.STAMP.suffix` for a name already in the day's folder, shortened from its stem to
    fit NAME_MAX (a 250-byte name plus the stamp failed the rename after the record, and each
    retry recorded the file again as a duplicate: review of issue 25)."""
    tail = f".{stamp}{path.suffix}".encode("utf-8", "surrogateescape")
    stem = path.stem.encode("utf-8", "surrogateescape")
    room = NAME_MAX_BYTES - len(tail)
    if room < 1:  # a suffix longer than any name allows: the stamp alone
        return str(stamp)
    # Cut as bytes, which is what the limit counts; a character cut in half stays as its
    # bytes (surrogate-escaped, as any name that is not UTF-8), so the name stays valid.
    shortened = stem[:room].decode("utf-8", "surrogateescape")
    return shortened + tail.decode("utf-8", "surrogateescape")
