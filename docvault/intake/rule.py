"""The path rule: what intake does with each entry below an inbox folder.

One rule, `judge`, decides for the rescan, the file events and every second look: take it
(a regular file with one name, within max_file_mb, below real folders), look into it (a
real folder of a recursive inbox), ignore it (temporary and system names, processed/ and
quarantine/) or refuse it (a link, a linked folder, a hard link, a pipe, socket or device,
a giant), with the sentence an admin acts on. `survey` walks an inbox by that rule.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from stat import S_ISBLK, S_ISCHR, S_ISDIR, S_ISFIFO, S_ISLNK, S_ISREG, S_ISSOCK

from docvault.config import default
from docvault.errors import (
    FileRefused,
    FileTooLarge,
    LinkRefused,
    NotARegularFile,
)
from docvault.names import display_name, inbox_named
from docvault.setting_types import InboxSettings

IGNORED_SUFFIXES = (".part", ".tmp", ".crdownload", ".partial", ".swp")


IGNORED_NAMES = {"thumbs.db", "desktop.ini", ".ds_store"}


IGNORED_FOLDERS = {"processed", "quarantine", "@eadir", "#recycle", ".docvault"}


# Hidden names other programs leave for good, never a mistake worth reporting: macOS's
# AppleDouble files (._name) and folder files, office lock files, Samba's delete-on-close.
SYSTEM_HIDDEN_PREFIXES = ("._", ".~lock.", ".smbdelete", ".nfs", ".trash", ".spotlight")


SYSTEM_HIDDEN_NAMES = {".ds_store", ".localized", ".directory", ".apdisk"}


DEFAULT_MAX_FILE_BYTES = default("max_file_mb") * 1024 * 1024


def is_ignored_name(name: str) -> bool:
    """Temporary and system names that are never documents."""
    lowered = name.lower()
    return (
        lowered.startswith((".", "~$"))
        or lowered.endswith(IGNORED_SUFFIXES)
        or lowered in IGNORED_NAMES
    )


def is_reported_hidden_name(name: str) -> bool:
    """A name starting with '.' that is no temporary or system name: if such a file stays,
    someone most likely saved a document under a wrong name."""
    lowered = name.lower()
    return (
        lowered.startswith(".")
        and not lowered.endswith(IGNORED_SUFFIXES)
        and lowered not in SYSTEM_HIDDEN_NAMES
        and not lowered.startswith(SYSTEM_HIDDEN_PREFIXES)
    )


def is_ignored_folder(name: str) -> bool:
    """Folders intake never looks into: its own processed/ and quarantine/, NAS system
    folders, hidden folders."""
    return name.lower() in IGNORED_FOLDERS or name.startswith(".")


class Verdict(StrEnum):
    """What intake does with one entry below an inbox folder."""

    take = "take"  # a regular file: taken once it holds still
    folder = "folder"  # a real folder of a recursive inbox: looked into
    hidden = "hidden"  # a regular file with a hidden name: reported if it stays
    ignore = "ignore"  # temporary or system name, ignored folder, gone, not below the inbox
    refuse = "refuse"  # never opened nor taken; `refusal` says why and what to do


@dataclass(frozen=True)
class Sighting:
    """The verdict on one path, with the lstat it was based on."""

    verdict: Verdict
    path: Path
    status: os.stat_result | None = None
    refusal: FileRefused | None = None


def _lstat(path: Path) -> os.stat_result | None:
    try:
        return path.lstat()
    except (FileNotFoundError, NotADirectoryError):
        return None


def _shown(inbox: InboxSettings, path: Path) -> str:
    """A path as the sentences show it: relative to its inbox, escaped."""
    relative = path.relative_to(inbox.path) if path.is_relative_to(inbox.path) else path
    return display_name(relative)


def judge(inbox: InboxSettings, path: Path, max_file_bytes: int) -> Sighting:
    """The one rule of what intake does with a path below an inbox, used by the rescan,
    the file events and every second look: take, look into, ignore or refuse.

    Only what lies below the inbox folder counts (the admin configured the folder itself,
    links and all). Every folder between it and the file must be a real folder, not an
    ignored one; the file itself a regular file with a single name, within the size limit.
    """
    if not path.is_relative_to(inbox.path) or path == inbox.path:
        return Sighting(Verdict.ignore, path)
    parts = path.relative_to(inbox.path).parts
    if len(parts) > 1 and not inbox.recursive:
        return Sighting(Verdict.ignore, path)
    folder = inbox.path
    for part in parts[:-1]:
        folder = folder / part
        if is_ignored_folder(part):
            return Sighting(Verdict.ignore, path)
        status = _lstat(folder)
        if status is None or not (S_ISDIR(status.st_mode) or S_ISLNK(status.st_mode)):
            return Sighting(Verdict.ignore, path)  # gone or replaced: the next look decides
        if S_ISLNK(status.st_mode):
            return Sighting(Verdict.refuse, folder, status, _linked_folder(inbox, folder))
    return _judge_entry(inbox, path, max_file_bytes)


def _judge_entry(inbox: InboxSettings, path: Path, max_file_bytes: int) -> Sighting:
    status = _lstat(path)
    if status is None:
        return Sighting(Verdict.ignore, path)
    if S_ISDIR(status.st_mode):
        looked_into = inbox.recursive and not is_ignored_folder(path.name)
        return Sighting(Verdict.folder if looked_into else Verdict.ignore, path, status)
    if is_ignored_name(path.name):
        reported = S_ISREG(status.st_mode) and is_reported_hidden_name(path.name)
        return Sighting(Verdict.hidden if reported else Verdict.ignore, path, status)
    if S_ISLNK(status.st_mode) and path.is_dir():  # stat only: nothing behind it is opened
        return Sighting(Verdict.refuse, path, status, _linked_folder(inbox, path))
    refusal = refusal_of(inbox, path, status, max_file_bytes)
    if refusal is not None:
        return Sighting(Verdict.refuse, path, status, refusal)
    return Sighting(Verdict.take, path, status)


def refusal_of(
    inbox: InboxSettings, path: Path, status: os.stat_result, max_file_bytes: int
) -> FileRefused | None:
    """Why intake will not take the file with this status (from lstat or fstat), or None."""
    name = _shown(inbox, path)
    where = f"{name} in {inbox_named(inbox.name)}"
    if S_ISLNK(status.st_mode):
        return LinkRefused(
            path,
            f"{where} is a symbolic link; docvault takes only regular files that are really "
            "in the inbox, never what a link points to, and leaves the link where it is. "
            "Put the document itself (a copy, not a link) into the inbox and remove the link.",
        )
    if not S_ISREG(status.st_mode):
        return NotARegularFile(
            path,
            f"{where} is {_kind_of(status)}, not a regular file; docvault never opens it and "
            "leaves it where it is. Remove it from the inbox: scanners and fax servers must "
            "write regular files.",
        )
    if status.st_nlink > 1:
        return LinkRefused(
            path,
            f"{where} is a hard link (the same file has another name on its disk); docvault "
            "cannot tell a hard link to another program's private file from a scan, so it "
            "does not take it and leaves it where it is. Put an ordinary copy into the inbox "
            "(cp, not ln) and remove this one.",
        )
    if status.st_size > max_file_bytes:
        return FileTooLarge(
            path,
            f"{where} is {_megabytes(status.st_size)}, more than the limit of "
            f"{_megabytes(max_file_bytes)} per file; docvault does not take it and leaves it "
            "where it is. Split it into smaller files, or raise the setting max_file_mb if "
            "letters this large are expected.",
        )
    return None


def _linked_folder(inbox: InboxSettings, folder: Path) -> LinkRefused:
    return LinkRefused(
        folder,
        f"The folder {_shown(inbox, folder)} in {inbox_named(inbox.name)} is a symbolic link; "
        "docvault does not look into linked folders, so no file in it is taken, and leaves "
        "it where it is. Move the files themselves into the inbox (or a real folder in it) "
        "and remove the link.",
    )


def _unreadable_folder(inbox: InboxSettings, folder: Path, error: OSError) -> Sighting:
    refusal = FileRefused(
        folder,
        f"The folder {_shown(inbox, folder)} in {inbox_named(inbox.name)} cannot be read "
        f"({error.strerror or error}); no file in it is taken, and every other folder of the "
        "inbox still is. Give the docvault user read access to it (or move its files into "
        "the inbox); docvault looks again at every rescan.",
    )
    return Sighting(Verdict.refuse, folder, _lstat(folder), refusal)


def _kind_of(status: os.stat_result) -> str:
    if S_ISFIFO(status.st_mode):
        return "a named pipe (FIFO)"
    if S_ISSOCK(status.st_mode):
        return "a socket"
    if S_ISCHR(status.st_mode) or S_ISBLK(status.st_mode):
        return "a device"
    return "a special file"


def _duration(seconds: float) -> str:
    if seconds >= 120:
        return f"{seconds / 60:g} minutes"
    return "1 second" if seconds == 1 else f"{seconds:g} seconds"


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):,.1f} MB"


def survey(inbox: InboxSettings, max_file_bytes: int) -> Iterator[Sighting]:
    """Every entry below an inbox with its verdict (the rescan); OSError if unlistable.

    Folders are looked into only when `judge` says so: a linked folder is refused, not
    followed.
    """
    pending = [inbox.path]
    while pending:
        folder = pending.pop()
        try:
            with os.scandir(folder) as entries:
                paths = sorted(Path(entry.path) for entry in entries)
        except OSError as error:
            if folder == inbox.path:
                raise
            # One folder nobody let docvault read must not stop the rescan of the others
            # (a `chmod 000` by anyone with write access to the share did, in review).
            yield _unreadable_folder(inbox, folder, error)
            continue
        for path in paths:
            sighting = judge(inbox, path, max_file_bytes)
            if sighting.verdict is Verdict.folder:
                pending.append(path)
            elif sighting.verdict is not Verdict.ignore:
                yield sighting


def candidate_files(
    inbox: InboxSettings, max_file_bytes: int = DEFAULT_MAX_FILE_BYTES
) -> Iterator[Path]:
    """Every file in an inbox that intake would take once it holds still."""
    for sighting in survey(inbox, max_file_bytes):
        if sighting.verdict is Verdict.take:
            yield sighting.path
