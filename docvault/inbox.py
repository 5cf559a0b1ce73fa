"""Intake: watch the inbox folders and take each finished file into the archive and queue.

File events only make intake fast; the full rescan (at start and on a schedule) is the
source of truth, because SMB and NFS shares deliver no events. The order that loses
nothing, each step repeatable after a crash (the sha256 makes it idempotent):

    stable? -> copy into the archive (fsync, verify) -> record the document -> move/delete

Whoever can write to an inbox chooses what lies in it (SECURITY.md, "The inbox's trust
boundary"). One rule, `judge`, decides for the rescan, the file events and every second
look what intake does with a path: take it (a regular file with one name, within
max_file_mb, below real folders), look into it (a real folder of a recursive inbox), ignore
it (temporary and system names, processed/ and quarantine/) or refuse it (a link, a linked
folder, a hard link, a pipe, socket or device, a giant). A refusal is said once, in the log
and on the status page, and the entry is left where it is. A taken file is opened without
following links (`open_inbox_file`) and copied from that very descriptor.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from stat import S_ISBLK, S_ISCHR, S_ISDIR, S_ISFIFO, S_ISLNK, S_ISREG, S_ISSOCK
from typing import Protocol

from sqlalchemy import Engine
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from docvault import queue
from docvault.archive import ArchivedFile, OpenedFile, archive_file
from docvault.backoff import backoff_seconds
from docvault.config import InboxSettings, default
from docvault.db import read_session
from docvault.errors import (
    DocvaultError,
    EmptyFile,
    FileNotReady,
    FileRefused,
    FileTooLarge,
    FileVanished,
    HiddenFileIgnored,
    IntakeError,
    LinkRefused,
    NotARegularFile,
    RenderError,
    ServerFault,
)
from docvault.faults import RETRY_SECONDS, Place, Standing, fault_of
from docvault.models import Document
from docvault.names import display_name, inbox_named, raw_name
from docvault.render import RenderPoolClosed
from docvault.stability import StabilityTracker

logger = logging.getLogger(__name__)

IGNORED_SUFFIXES = (".part", ".tmp", ".crdownload", ".partial", ".swp")
IGNORED_NAMES = {"thumbs.db", "desktop.ini", ".ds_store"}
IGNORED_FOLDERS = {"processed", "quarantine", "@eadir", "#recycle", ".docvault"}
# Hidden names other programs leave for good, never a mistake worth reporting: macOS's
# AppleDouble files (._name) and folder files, office lock files, Samba's delete-on-close.
SYSTEM_HIDDEN_PREFIXES = ("._", ".~lock.", ".smbdelete", ".nfs", ".trash", ".spotlight")
SYSTEM_HIDDEN_NAMES = {".ds_store", ".localized", ".directory", ".apdisk"}
# How intake opens what it reads from an inbox: no link followed, a pipe never waited on.
FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
DEFAULT_MAX_FILE_BYTES = default("max_file_mb") * 1024 * 1024
REPORTED_REFUSALS = 5  # sentences per inbox on the status page; the log has every one
# The kind of a document that is a whole e-mail, kept because nothing in it could be read.
MESSAGE_KIND = "message"


class Inspector(Protocol):
    """Opens an archived file and says how many pages it has (raises RenderError)."""

    def __call__(self, path: Path) -> tuple[int, str]: ...


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


@dataclass(frozen=True)
class InboxSnapshot:
    """One inbox as intake saw it at the end of its last tick (immutable, for other threads)."""

    name: str
    path: str
    waiting: int  # files seen but not yet taken (not yet stable, retried, or queued)
    settling: int  # files whose size and mtime must hold still a little longer
    problem: str | None  # the inbox cannot be listed, or entries in it are refused: why


@dataclass
class _Retry:
    first_failure: float
    next_try: float
    failures: int = 0
    message: str = ""


@dataclass(frozen=True)
class _Uncleared:
    """A file archived and recorded whose inbox would not let it go (its disk read-only or
    full): only the move out of the inbox is tried again, never the archiving."""

    listed: os.stat_result
    failed: bool


@dataclass
class _Refusal:
    """An entry refused once: not looked at again while its lstat stays the same."""

    error: FileRefused
    signature: tuple[int, ...]


def _signature(status: os.stat_result | None) -> tuple[int, ...]:
    """What changes when an entry is replaced, written, renamed over or (un)linked."""
    if status is None:
        return ()
    return (
        status.st_dev,
        status.st_ino,
        status.st_mode,
        status.st_nlink,
        status.st_size,
        status.st_mtime_ns,
        status.st_ctime_ns,
    )


@dataclass
class InboxState:
    """What one inbox holds right now, for `docvault status` and the web view."""

    settling: int = 0
    refusals: dict[Path, _Refusal] = field(default_factory=dict)


@dataclass(frozen=True)
class Refused:
    """Why an archived file cannot be read: the error's code and the sentence for staff."""

    code: str
    message: str


def inspect_archived(
    inspect: Inspector,
    data_dir: Path,
    new: queue.NewDocument,
    empty_grace_seconds: float,
    place: str | None = None,
) -> tuple[int, str] | Refused:
    """The archived copy's page count and kind, or why it cannot be read: the one judgement
    of a new file and of a refused one taken in again (`retake_refused`). `place` is where
    the sentences say it came from (default: its inbox; mail intake names the message)."""
    where = place or f"in {inbox_named(new.inbox)}"
    if new.size_bytes == 0:
        return Refused(
            EmptyFile.code,
            f"{new.original_name} {where} stayed empty (0 bytes) for "
            f"{empty_grace_seconds:g} seconds; the scan or fax did not arrive. "
            "Scan or send it again.",
        )
    try:
        return inspect(data_dir / new.archive_path)
    except RenderError as error:
        # The renderer only knows the archive name (the sha256); say the original's.
        shown = error.message.replace(Path(new.archive_path).name, "the file")
        return Refused(error.code, f"{new.original_name} {where}: {shown}")


def record_new(
    database: Engine,
    data_dir: Path,
    inspect: Inspector,
    new: queue.NewDocument,
    empty_grace_seconds: float,
    place: str | None = None,
    inspected: tuple[int, str] | Refused | None = None,
) -> tuple[queue.Recorded, Refused | None]:
    """Record an archived file: its pages queued, or refused with the sentence (and the
    refusal returned), or noted as a duplicate of the first copy. The one step a file
    from a folder and an attachment from a mailbox share. `inspected`: the judgement of an
    identical copy made before (mail intake judges a message's attachments first)."""
    if queue.find_document(database, new.sha256) is not None:
        return queue.record_document(database, new, page_count=0), None
    if inspected is None:
        inspected = inspect_archived(inspect, data_dir, new, empty_grace_seconds, place)
    if isinstance(inspected, Refused):
        return queue.record_failed_document(database, new, inspected.code, inspected.message), (
            inspected
        )
    page_count, kind = inspected
    new = queue.NewDocument(**{**new.__dict__, "kind": kind})
    return queue.record_document(database, new, page_count), None


@dataclass(frozen=True)
class Retaken:
    """A refused file taken in again: the pages queued, or why it was refused again."""

    document_id: int
    file_name: str
    pages: int  # 0 when it was refused again
    refusal: str | None = None


def retake_refused(
    database: Engine,
    data_dir: Path,
    document_id: int,
    inspect: Inspector,
    empty_grace_seconds: float,
) -> Retaken:
    """Take a refused file in again from its archived original, as intake takes a new file:
    its pages are queued, or the new reason is recorded (and it is listed again). For a
    renderer fixed since, a page limit raised, a time-out on a busy day. DocvaultError when
    the document is not a refused file (any more)."""
    with read_session(database) as session:
        document = session.get(Document, document_id)
    if document is None or not queue.is_refused(document):
        raise DocvaultError(
            f"Document {document_id} is not a file waiting on the problems page any more "
            "(read meanwhile, or deleted); nothing was changed."
        )
    if document.kind == MESSAGE_KIND:
        raise DocvaultError(
            f"{document.original_name} is an e-mail kept whole because nothing in it could be "
            "read; taking it in again cannot read it either, and nothing was changed. Download "
            "it, save its letters into an inbox folder, then dismiss it here."
        )
    new = queue.NewDocument(
        sha256=document.sha256,
        original_name=document.original_name,
        inbox=document.inbox,
        original_path=document.original_path,
        archive_path=document.archive_path,
        size_bytes=document.size_bytes,
    )
    inspected = inspect_archived(inspect, data_dir, new, empty_grace_seconds)
    if isinstance(inspected, Refused):
        queue.record_refused_again(database, document_id, inspected.code, inspected.message)
        return Retaken(document_id, document.original_name, 0, inspected.message)
    page_count, kind = inspected
    if not queue.record_retried(database, document_id, page_count, kind):
        raise DocvaultError(
            f"Document {document_id} ({document.original_name}) was taken in again at the "
            "same moment elsewhere; nothing more was changed."
        )
    return Retaken(document_id, document.original_name, page_count)


class Intake:
    """Takes stable files from the inboxes; run `tick()` from one thread."""

    def __init__(
        self,
        database: Engine,
        data_dir: Path,
        inboxes: tuple[InboxSettings, ...],
        inspect: Inspector,
        empty_grace_seconds: float = default("empty_grace_seconds"),
        unreadable_retry_seconds: float = default("unreadable_retry_seconds"),
        clock: Callable[[], float] = time.monotonic,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        hidden_report_seconds: float = default("hidden_report_seconds"),
    ) -> None:
        self.database = database
        self.data_dir = data_dir
        self.inboxes = inboxes
        self.inspect = inspect
        self.empty_grace_seconds = empty_grace_seconds
        self.unreadable_retry_seconds = unreadable_retry_seconds
        self.clock = clock
        self.max_file_bytes = max_file_bytes
        self.hidden_report_seconds = hidden_report_seconds
        self.trackers = {inbox.name: StabilityTracker(inbox.settle_seconds) for inbox in inboxes}
        # Hidden names are never taken; one that holds still this long is reported.
        self.hidden = {inbox.name: StabilityTracker(hidden_report_seconds) for inbox in inboxes}
        self.states = {inbox.name: InboxState() for inbox in inboxes}
        self._listed: dict[Path, os.stat_result] = {}  # the last lstat of each tracked file
        self._retries: dict[Path, _Retry] = {}
        self._uncleared: dict[Path, _Uncleared] = {}
        self._noticed: list[Path] = []
        self._lock = threading.Lock()
        self._rescan_requested = threading.Event()
        self._rescan_requested.set()  # the first tick scans everything
        self.listing_problems: dict[str, str] = {}
        self.snapshot: tuple[InboxSnapshot, ...] = ()
        # A full or read-only archive disk, a database that cannot be written: the files
        # wait in their inboxes, untouched, and no take is tried before `_fault_retry_at`.
        self.fault = Standing("intake")
        self._fault_retry_at = 0.0

    def inbox_of(self, path: Path) -> InboxSettings | None:
        for inbox in self.inboxes:
            if path.is_relative_to(inbox.path):
                return inbox
        return None

    def notice(self, path: Path) -> None:
        """A file event (from a watchdog thread): look at this path soon."""
        with self._lock:
            self._noticed.append(path)

    def request_rescan(self) -> None:
        """Ask for a full rescan at the next tick (from the scheduler)."""
        self._rescan_requested.set()

    def scan(self) -> int:
        """Full rescan: put every candidate file under watch. Returns how many were seen.

        An inbox that cannot be listed is noted in `listing_problems` (the status page and
        STATUS= show it) and the other inboxes are scanned as usual.
        """
        seen = 0
        for inbox in self.inboxes:
            try:
                ensure_listable(inbox)
                sightings = list(survey(inbox, self.max_file_bytes))
            except IntakeError as error:
                self._listing_failed(inbox, error.message)
                continue
            except OSError as error:
                message = f"Inbox {inbox.name} could not be scanned: {error}"
                self._listing_failed(inbox, display_name(message))
                continue
            if self.listing_problems.pop(inbox.name, None) is not None:
                logger.info("intake: inbox %s can be listed again", inbox.name)
            self._forget_refusals_not_in(inbox, sightings)
            for sighting in sightings:
                self._consider(inbox, sighting)
            seen += sum(1 for sighting in sightings if sighting.verdict is Verdict.take)
        return seen

    def _forget_refusals_not_in(self, inbox: InboxSettings, sightings: list[Sighting]) -> None:
        """A refused entry that is gone (removed, renamed) is no longer reported."""
        present = {sighting.path for sighting in sightings}
        refusals = self.states[inbox.name].refusals
        for path in [path for path in refusals if path not in present]:
            del refusals[path]

    def _listing_failed(self, inbox: InboxSettings, message: str) -> None:
        if self.listing_problems.get(inbox.name) != message:
            logger.error("intake: %s", message)
        self.listing_problems[inbox.name] = message
        self._rescan_requested.set()  # look again at the next tick, not in a minute

    def problem(self) -> str | None:
        """One sentence naming every inbox that cannot be listed and every inbox with
        refused entries (STATUS= and the intake part's state), or None."""
        sentences = [self.fault.sentence] if self.fault.sentence else []
        sentences += self.listing_problems.values()
        for inbox in self.inboxes:
            refusals = self.states[inbox.name].refusals
            if refusals:
                first = next(iter(refusals.values())).error.message
                sentences.append(
                    f"Inbox {inbox.name}: {len(refusals)} refused file(s) left in place "
                    f"(the status page lists them); first: {first}"
                )
        return " ".join(sentences) or None

    def tick(self) -> int:
        """Look again at watched files and take the stable ones. Returns how many were taken."""
        if self._rescan_requested.is_set():
            self._rescan_requested.clear()
            self.scan()
        with self._lock:
            noticed, self._noticed = self._noticed, []
        for path in noticed:
            inbox = self.inbox_of(path)
            if inbox is not None:
                self._look(inbox, path)  # the same rule as the rescan's
        taken = 0
        for inbox in self.inboxes:
            taken += self._take_stable(inbox)
            self._report_hidden(inbox)
        if not any(tracker.tracked() for tracker in self.trackers.values()):
            self.fault.clear()  # no file waits on it any more
        self._publish()
        return taken

    def _publish(self) -> None:
        """Replace `snapshot` whole: the web thread reads it, never the trackers."""
        snapshot = []
        for inbox in self.inboxes:
            tracker, state = self.trackers[inbox.name], self.states[inbox.name]
            refused = tuple(refusal.error.message for refusal in state.refusals.values())
            snapshot.append(
                InboxSnapshot(
                    name=inbox.name,
                    path=display_name(inbox.path),
                    waiting=len(tracker.tracked()),
                    settling=state.settling,  # counted by this tick's _take_stable
                    problem=self._inbox_problem(inbox, refused),
                )
            )
        self.snapshot = tuple(snapshot)

    def _inbox_problem(self, inbox: InboxSettings, refused: tuple[str, ...]) -> str | None:
        """The status page's sentence for one inbox: its listing problem, then its refused
        entries (the first few; every one is in the log)."""
        sentences = [self.listing_problems.get(inbox.name) or "", *refused[:REPORTED_REFUSALS]]
        if len(refused) > REPORTED_REFUSALS:
            sentences.append(
                f"And {len(refused) - REPORTED_REFUSALS} more refused entries in "
                f"{inbox_named(inbox.name)}, each named in the log."
            )
        return " ".join(sentence for sentence in sentences if sentence) or None

    def _look(self, inbox: InboxSettings, path: Path) -> None:
        self._consider(inbox, judge(inbox, path, self.max_file_bytes))

    def _consider(self, inbox: InboxSettings, sighting: Sighting) -> None:
        """Act on one verdict: track a file, refuse it once, or let it go."""
        tracker, hidden = self.trackers[inbox.name], self.hidden[inbox.name]
        path, status = sighting.path, sighting.status
        refusals = self.states[inbox.name].refusals
        if sighting.verdict is Verdict.refuse:
            assert sighting.refusal is not None
            self._refuse(inbox, sighting.refusal, status)
            self._stop_tracking(inbox, path)  # a file below a folder that became a link
            return
        known = refusals.get(path)
        if known is not None and known.signature == _signature(status):
            return  # refused once (when it was opened) and unchanged since: not again
        refusals.pop(path, None)
        if sighting.verdict is Verdict.take and status is not None:
            self._listed[path] = status
            tracker.observe(path, status.st_size, status.st_mtime_ns, self.clock())
        elif sighting.verdict is Verdict.hidden and status is not None:
            hidden.observe(path, status.st_size, status.st_mtime_ns, self.clock())
        else:
            self._stop_tracking(inbox, path)

    def _stop_tracking(self, inbox: InboxSettings, path: Path) -> None:
        self.trackers[inbox.name].forget(path)
        self.hidden[inbox.name].forget(path)
        self._listed.pop(path, None)
        self._retries.pop(path, None)
        self._uncleared.pop(path, None)  # moved out of the inbox by someone else

    def _refuse(
        self, inbox: InboxSettings, refusal: FileRefused, status: os.stat_result | None
    ) -> None:
        """Refuse an entry once: a sentence in the log and on the status page, the entry left
        where it is, and not looked at again until it changes."""
        refusals = self.states[inbox.name].refusals
        known = refusals.get(refusal.path)
        if known is None or known.error.message != refusal.message:
            logger.warning("intake: %s", refusal.message)
        refusals[refusal.path] = _Refusal(refusal, _signature(status))
        self._stop_tracking(inbox, refusal.path)

    def _report_hidden(self, inbox: InboxSettings) -> None:
        """A hidden-named file that has held still past the grace period is reported."""
        hidden = self.hidden[inbox.name]
        for path in hidden.tracked():
            self._look(inbox, path)
        for path in hidden.stable(self.clock()):
            status = _lstat(path)
            self._refuse(
                inbox,
                HiddenFileIgnored(
                    path,
                    f"{_shown(inbox, path)} in {inbox_named(inbox.name)} has stayed unchanged for "
                    f"{_duration(self.hidden_report_seconds)} but is not taken: docvault "
                    "ignores file names starting with '.' (scanners write under such names). "
                    "Rename it without the leading '.' to have it taken.",
                ),
                status,
            )

    def _take_stable(self, inbox: InboxSettings) -> int:
        tracker = self.trackers[inbox.name]
        for path in tracker.tracked():
            self._look(inbox, path)
        now = self.clock()
        taken = 0
        for path in tracker.stable(now):
            if self.fault.sentence is not None and now < self._fault_retry_at:
                break  # the fault stands: every file waits where it is
            retry = self._retries.get(path)
            if retry is not None and now < retry.next_try:
                continue
            if tracker.size_of(path) == 0 and tracker.waited(path, now) < self.empty_grace_seconds:
                continue  # a scan still being written may show zero bytes for a while
            if self._take_isolated(inbox, path):
                self._stop_tracking(inbox, path)
                taken += 1
        self.states[inbox.name].settling = len(tracker.settling(now))
        return taken

    def _take_isolated(self, inbox: InboxSettings, path: Path) -> bool:
        """`_take`, where an unexpected failure costs only this file (retried with back-off)."""
        try:
            taken = self._take(inbox, path)
        except FileRefused as error:
            self._refuse(inbox, error, _lstat(error.path))
            return False
        except ServerFault as fault:
            return self._wait_out(fault)
        except DocvaultError as error:
            return self._retry_later(inbox, path, error)
        except RenderPoolClosed:
            return False  # docvault is stopping: the file stays and is taken at the next start
        except Exception as error:
            logger.exception("intake: unexpected error while taking %s", display_name(path))
            problem = DocvaultError(
                display_name(
                    f"{path.name} in {inbox_named(inbox.name)} could not be taken "
                    f"({type(error).__name__}: {error}); docvault retries it with back-off and "
                    "the file stays in the inbox. If it keeps failing, move it out and report it."
                )
            )
            return self._retry_later(inbox, path, problem)
        if taken and not self._uncleared:
            self.fault.clear()
        return taken

    def _wait_out(self, fault: ServerFault) -> bool:
        """The server is in the way, not the file: it stays in its inbox, is counted as no
        failure, and every file waits until the next try in `RETRY_SECONDS`."""
        self.fault.hit(fault)
        self._fault_retry_at = self.clock() + RETRY_SECONDS
        return False

    def take_now(self, path: Path) -> int | None:
        """Archive and record one file given on the command line, leaving it in place.

        The same refusals as an inbox's (a link, a pipe, a hard link, over the size limit):
        logged with their sentence, and None returned.
        """
        inbox = InboxSettings(name="ingest", path=path.parent, after_archive="keep")
        self.states.setdefault(inbox.name, InboxState())
        try:
            listed = path.lstat()
            refusal = refusal_of(inbox, path, listed, self.max_file_bytes)
            if refusal is not None:
                raise refusal
            with open_inbox_file(inbox, path, listed, self.max_file_bytes) as opened:
                archived = archive_file(opened, self.data_dir)
        except FileRefused as error:
            logger.warning("ingest: %s", error.message)
            return None
        return self._record(inbox, path, archived).document_id

    def _take(self, inbox: InboxSettings, path: Path) -> bool:
        """Archive, record and clear one file. False when it must be tried again later."""
        listed = self._listed.get(path)
        if listed is None:
            return False  # not seen as a regular file by the latest look
        if path in self._uncleared:
            return self._clear_again(inbox, path)
        try:
            self._check_target_folders(inbox)
            with open_inbox_file(inbox, path, listed, self.max_file_bytes) as opened:
                archived = archive_file(opened, self.data_dir)
        except FileNotReady as error:
            return self._retry_later(inbox, path, error)
        except FileVanished as error:
            logger.info("intake: %s", error.message)
            return _lstat(path) is None
        self._retries.pop(path, None)
        recorded = self._record(inbox, path, archived)
        self._uncleared[path] = _Uncleared(listed, recorded.failed)
        logger.info(
            "intake: %s from inbox %s is document %s%s (sha256 %s)",
            _shown(inbox, path),
            inbox.name,
            recorded.document_id,
            " (a duplicate of an earlier file)" if recorded.duplicate else "",
            archived.sha256[:12],
        )
        return self._clear_again(inbox, path)

    def _clear_again(self, inbox: InboxSettings, path: Path) -> bool:
        """Move the recorded file out of its inbox; a disk that will not let it go is a
        server fault, waited out, and only this step is tried again."""
        uncleared = self._uncleared[path]
        try:
            self._clear_inbox_file(inbox, path, uncleared.listed, uncleared.failed)
        except OSError as error:
            fault = fault_of(error, Place.inbox, inbox.path)
            if fault is None:
                raise
            raise fault from error
        del self._uncleared[path]
        return True

    def _record(self, inbox: InboxSettings, path: Path, archived: ArchivedFile) -> queue.Recorded:
        new = queue.NewDocument(
            sha256=archived.sha256,
            original_name=display_name(path.name),
            inbox=inbox.name,
            original_path=display_name(path),
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            tags=inbox.tags,
            raw_path=raw_name(path),
        )
        recorded, refused = record_new(
            self.database, self.data_dir, self.inspect, new, self.empty_grace_seconds
        )
        if refused is not None:
            logger.warning(
                "intake: %s (the original is kept in the archive as %s)",
                refused.message,
                new.archive_path,
            )
        return recorded

    def _retry_later(self, inbox: InboxSettings, path: Path, error: DocvaultError) -> bool:
        now = self.clock()
        retry = self._retries.setdefault(path, _Retry(first_failure=now, next_try=now))
        retry.failures += 1
        retry.message = error.message
        # Backoff doubles from 5 s up to 5 minutes: a writer's lock is usually gone in
        # seconds, a permissions mistake waits for an admin.
        retry.next_try = now + backoff_seconds(retry.failures, 5.0, 300.0)
        if now - retry.first_failure >= self.unreadable_retry_seconds:
            logger.error(
                "intake: %s Tried %d times since %g seconds ago; still retrying.",
                error.message,
                retry.failures,
                self.unreadable_retry_seconds,
            )
        else:
            logger.info("intake: %s (attempt %d)", error.message, retry.failures)
        return False

    def _check_target_folders(self, inbox: InboxSettings) -> None:
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

    def _clear_inbox_file(
        self, inbox: InboxSettings, path: Path, listed: os.stat_result, failed: bool
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


class _EventHandler(FileSystemEventHandler):
    def __init__(self, intake: Intake) -> None:
        self.intake = intake

    def on_any_event(self, event: FileSystemEvent) -> None:
        if event.is_directory:
            return
        for attribute in ("dest_path", "src_path"):
            raw = getattr(event, attribute, "")
            if raw:
                self.intake.notice(Path(str(raw if isinstance(raw, str) else raw.decode())))


@dataclass
class _Watch:
    watch: ObservedWatch
    identity: tuple[int, int]  # the folder's (device, inode) when the watch was made


def _folder_identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of the folder at `path`, following links; None if it is no folder."""
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_dev, status.st_ino) if S_ISDIR(status.st_mode) else None


class Watchers:
    """watchdog's inotify watches on the inboxes that are not set to polling only.

    A watch is made when its folder is there: an inbox folder that does not exist yet
    (intake makes it in its first scan, in another thread, or a share is mounted later) or
    that was removed and made again (its old watch ends with it) gets one at the next
    `refresh()`, and intake rescans then, so that a file dropped before the watch was on is
    not left for the scheduled rescan. (Watching only at start missed the inbox that intake
    had not made yet: the file waited a minute, seen in CI.)
    """

    def __init__(self, intake: Intake, polling_everywhere: bool) -> None:
        self.intake = intake
        self.observer = Observer()
        self.handler = _EventHandler(intake)
        self.inboxes = tuple(
            inbox for inbox in intake.inboxes if not (polling_everywhere or inbox.polling)
        )
        self.active = bool(self.inboxes)
        self._watches: dict[str, _Watch] = {}
        self._problems: dict[str, str] = {}

    def start(self) -> None:
        if self.active:
            self.observer.start()
            self.refresh()

    def refresh(self) -> tuple[str, ...]:
        """Watch every inbox folder that is there and not watched (or watched as another).

        Returns the names of the inboxes watched anew.
        """
        alive = {emitter.watch for emitter in self.observer.emitters if emitter.is_alive()}
        made = []
        for inbox in self.inboxes:
            identity = _folder_identity(inbox.path)
            current = self._watches.get(inbox.name)
            if current is not None and (current.watch not in alive or current.identity != identity):
                self._unwatch(inbox.name)
                current = None
            if current is None and identity is not None and self._watch(inbox, identity):
                made.append(inbox.name)
        if made:
            self.intake.request_rescan()
        return tuple(made)

    def problem(self) -> str | None:
        """One sentence per inbox whose folder is there but could not be watched, or None."""
        return " ".join(self._problems.values()) or None

    def _watch(self, inbox: InboxSettings, identity: tuple[int, int]) -> bool:
        try:
            watch = self.observer.schedule(self.handler, str(inbox.path), recursive=inbox.recursive)
        except OSError as error:
            message = (
                f"Inbox {inbox.name} at {display_name(inbox.path)} cannot be watched for new "
                f"files ({error.strerror or error}); its files are still taken, at the "
                "scheduled rescan instead of at once. If it says an inotify limit was "
                "reached, raise fs.inotify.max_user_watches (the watch limit) or "
                "fs.inotify.max_user_instances (the instance limit) with sysctl; otherwise "
                "make the folder readable by the docvault user. docvault tries again every "
                "second."
            )
            if self._problems.get(inbox.name) != message:
                logger.warning("intake: %s", message)
            self._problems[inbox.name] = message
            return False
        self._problems.pop(inbox.name, None)
        self._watches[inbox.name] = _Watch(watch, identity)
        return True

    def _unwatch(self, name: str) -> None:
        current = self._watches.pop(name)
        with contextlib.suppress(KeyError):  # its emitter may have gone with the folder
            self.observer.unschedule(current.watch)

    def stop(self) -> None:
        if self.active:
            self.observer.stop()  # its watches too, even if its thread never started
            if self.observer.ident is not None:
                self.observer.join(timeout=5)
