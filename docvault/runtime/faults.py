"""Faults of the server itself, told from the errors they surface as.

A disk full, a file system mounted read-only, the database's write lock held by another
program, a disk reporting I/O errors: none of them is a document's fault, and none is a bug.
`fault_of` turns the error one of them raised (an OSError, SQLite's error, either wrapped by
SQLAlchemy) into a `ServerFault` (docvault.errors) whose sentence says what is affected (the
archive, the database, the search index, the data folder), where, what docvault does
meanwhile and what to do. The part that met it keeps what it holds (intake leaves the file
in its inbox, the worker keeps what it read, the index its outbox), says the sentence as its
trouble (status page, systemd's STATUS=) and tries again every `RETRY_SECONDS` by itself:
the fault ends without anyone restarting docvault.

`Standing` is how a part waits one out: the sentence is logged once when the fault begins
and a line when it ends, not at every try.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path

from docvault.errors import DatabaseLocked, DiskFull, ServerFault, StorageReadOnly

logger = logging.getLogger(__name__)

# How soon a part tries again while a fault stands. A try is cheap (a full or read-only disk
# refuses the first write; a locked database makes the writer wait its busy timeout anyway),
# and the sooner it tries, the sooner docvault goes on once the fault has ended.
RETRY_SECONDS = 2.0
# How long a writer waits for the database's write lock (SQLite's busy timeout): docvault's
# own transactions are milliseconds long, so a wait this long means something is stuck.
BUSY_WAIT_SECONDS = 30.0

# SQLite's primary result codes (the low byte of an extended code).
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14


class Place(StrEnum):
    """What a fault stops docvault writing: each has its own folder, and may have its own disk."""

    archive = "the archive of originals"
    database = "the database"
    search_index = "the search index"
    data = "the data folder"
    inbox = "an inbox"


_MEANWHILE = {
    Place.archive: "New files stay in their inboxes, untouched, and are archived once it can "
    "be written; nothing is lost.",
    Place.database: "New files stay in their inboxes and pages wait to be read; what was read "
    "already is kept and stored once it can be written; nothing is lost.",
    Place.search_index: "Pages read meanwhile wait in the index outbox and become searchable "
    "once the index can be written; searches answer from the index as it was.",
    Place.data: "Page images and the status file that `docvault status` reads cannot be "
    "written meanwhile; nothing is lost.",
    Place.inbox: "Files already archived stay in that inbox as well, and are moved out of it "
    "(to processed/, or deleted, as the inbox is set) once it can be written; they are not "
    "recorded again, and nothing is lost.",
}


def fault_of(error: BaseException, place: Place, path: Path) -> ServerFault | None:
    """The server fault behind `error` (itself, its SQLite or OS cause), or None when it is
    something else. `path` is the folder or file of `place` that was being written."""
    for cause in _causes(error):
        if isinstance(cause, ServerFault):
            return cause
        if isinstance(cause, sqlite3.Error):
            return _sqlite_fault(cause, place, path)
        if isinstance(cause, OSError):
            return _os_fault(cause, place, path)
    return None


def _causes(error: BaseException) -> Iterator[BaseException]:
    """The error, then what it wraps: SQLAlchemy's `orig`, then `raise ... from` and the
    exception being handled when it was raised."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [error]
    while pending:
        current = pending.pop(0)
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        original = getattr(current, "orig", None)
        pending += [original if isinstance(original, BaseException) else None]
        pending += [current.__cause__, current.__context__]


def _sqlite_fault(error: sqlite3.Error, place: Place, path: Path) -> ServerFault | None:
    code = int(getattr(error, "sqlite_errorcode", 0) or 0) & 0xFF
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return database_locked(path)
    if code == _SQLITE_FULL:
        return disk_full(place, path)
    if code == _SQLITE_READONLY:
        return read_only(place, path)
    if code in (_SQLITE_IOERR, _SQLITE_CANTOPEN):
        # SQLite does not say which system call failed: the file system does.
        return _judged_by_file_system(place, path) or (
            io_error(place, path, str(error)) if code == _SQLITE_IOERR else None
        )
    return None


def _os_fault(error: OSError, place: Place, path: Path) -> ServerFault | None:
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return disk_full(place, path, quota=error.errno == errno.EDQUOT)
    if error.errno == errno.EROFS:
        return read_only(place, path)
    if error.errno == errno.EIO:
        return io_error(place, path, error.strerror or str(error))
    return None


def _judged_by_file_system(place: Place, path: Path) -> ServerFault | None:
    """A read-only or full file system under `path`, seen from outside, or None.

    A mount's flags do not tell it all: ext4 made read-only after disk errors keeps its
    mount read-write ("emergency_ro") and refuses every write with EROFS, so a byte is
    written to an unnamed file beside `path` (O_TMPFILE: nothing is left behind) to ask.
    """
    folder = _existing(path)
    folder = folder if folder.is_dir() else folder.parent
    try:
        status = os.statvfs(folder)
        if status.f_flag & os.ST_RDONLY:
            return read_only(place, path)
        with tempfile.TemporaryFile(dir=folder) as probe:
            probe.write(b"\0")
            probe.flush()
    except OSError as error:
        return _os_fault(error, place, path)
    return None


def _existing(path: Path) -> Path:
    """`path`, or the nearest folder above it that exists (the file may not be there yet)."""
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def mount_point(path: Path) -> Path:
    """The folder the file system holding `path` is mounted on (what `mount` is given)."""
    current = _existing(path).resolve()
    device = current.stat().st_dev
    while current != current.parent and current.parent.stat().st_dev == device:
        current = current.parent
    return current


def _free_space(path: Path) -> str:
    try:
        status = os.statvfs(_existing(path))
    except OSError:
        return ""
    free = status.f_bavail * status.f_frsize
    return f", {free / (1024 * 1024):,.1f} MB free"


def disk_full(place: Place, path: Path, quota: bool = False) -> DiskFull:
    what = place.value
    full = "is full, or the docvault user's quota on it is used up" if quota else "is full"
    return DiskFull(
        f"The disk holding {what} ({path}{_free_space(path)}) {full}. {_MEANWHILE[place]} "
        "Free space on that disk (old backups, other programs' files) or give it more; "
        "docvault carries on by itself once there is room.",
        f"The disk holding {what} is full. {_MEANWHILE[place]} An administrator must free "
        "space; docvault carries on by itself then.",
    )


def read_only(place: Place, path: Path) -> StorageReadOnly:
    what = place.value
    try:
        mounted = f" mounted on {mount_point(path)}"
    except OSError:
        mounted = ""
    return StorageReadOnly(
        f"The file system holding {what} ({path}{mounted}) is read-only: it was mounted "
        "read-only, or the kernel made it so after disk errors (`dmesg` tells which). "
        f"{_MEANWHILE[place]} Make it writable again (`mount -o remount,rw`; after disk errors, "
        "stop docvault, check the disk with fsck and mount it again); docvault carries on by "
        "itself once it can write.",
        f"{what[0].upper()}{what[1:]} cannot be written: its disk is read-only. "
        f"{_MEANWHILE[place]} An administrator must make it writable; docvault carries on by "
        "itself then.",
    )


def database_locked(
    path: Path, command: str | None = None, busy_seconds: float = BUSY_WAIT_SECONDS
) -> DatabaseLocked:
    """The write lock held past the busy timeout (`busy_seconds`). `command`: the command
    that met it and gives up (None: the daemon, whose parts wait it out)."""
    holders = database_holders(path)
    named = f" ({', '.join(holders)} had it open)" if holders else ""
    if command is not None:
        return DatabaseLocked(
            f"`{command}` waited {busy_seconds:g} seconds for the database ({path}) and "
            f"gave up: another process held its write lock all that time{named}. Nothing was "
            "changed. Run the command again when that process is done (a docvault command "
            "ends by itself; a sqlite3 shell or backup tool must end its transaction).",
            f"The database was busy{named}; nothing was changed. Run the command again.",
        )
    return DatabaseLocked(
        f"The database ({path}) is locked by another program that holds its write lock (a "
        f"backup, or a sqlite3 shell with a transaction open){named}; docvault waited for it "
        f"and tries again. {_MEANWHILE[Place.database]} End that program's transaction (`fuser "
        f"{path}` names the processes that have the file open); docvault carries on by itself "
        "once the lock is released.",
        f"The database is locked by another program (a backup?). {_MEANWHILE[Place.database]} "
        "docvault carries on by itself once the lock is released.",
    )


def database_holders(path: Path) -> list[str]:
    """The other processes that have the database (or its write-ahead log) open, each as
    "docvault run (pid 812)" or "sqlite3 (pid 990)": who may hold its write lock. Only the
    processes this user may look into are seen."""
    wanted = {str(path), f"{path}-wal"}
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if any(os.readlink(fd) in wanted for fd in (entry / "fd").iterdir()):
                found.append(f"{process_name(int(entry.name))} (pid {entry.name})")
        except OSError:  # gone meanwhile, or another user's
            continue
    return found


def process_name(pid: int) -> str:
    """A process as an admin knows it: "docvault user add" for a docvault command (however it
    was started), else its program's name."""
    try:
        arguments = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return "a process"
    words = [word for word in arguments.split("\0") if word]
    for start, word in enumerate(words):
        if word == "docvault" or word.endswith(("/docvault", "docvault/__main__.py")):
            rest = [w for w in words[start + 1 :] if not w.startswith("-")][:2]
            if rest[:1] and rest[0] not in _COMMAND_GROUPS:
                rest = rest[:1]
            return " ".join(["docvault", *rest])
    return Path(words[0]).name if words else "a process"


# The commands whose second word is a subcommand (`docvault user add`).
_COMMAND_GROUPS = ("user", "db", "facts", "audit")


def io_error(place: Place, path: Path, reason: str) -> ServerFault:
    what = place.value
    return ServerFault(
        f"The disk holding {what} ({path}) reports an I/O error ({reason}): it may be failing. "
        f"{_MEANWHILE[place]} Check the kernel log (`dmesg`) and the disk's health (`smartctl "
        "-a`); docvault tries again by itself.",
        f"The disk holding {what} reports errors. {_MEANWHILE[place]} An administrator must "
        "check it.",
    )


class Standing:
    """The server fault a part is waiting out, if any.

    The sentence is logged when the fault begins (or changes) and a line when it ends, not
    at every try; `sentence` is the part's trouble meanwhile. Only the sentence is kept,
    never the error: its traceback would keep alive what the failed attempt had open (the
    files of an index writer given up half-way), and with them their disk space.
    """

    def __init__(self, who: str) -> None:
        self.who = who
        self.sentence: str | None = None
        self._code = ""

    def hit(self, fault: ServerFault) -> None:
        if self.sentence != fault.message:
            logger.error("%s: %s", self.who, fault.message)
        self.sentence, self._code = fault.message, fault.code

    def clear(self) -> None:
        if self.sentence is not None:
            logger.info("%s: writing works again (%s ended)", self.who, self._code)
        self.sentence = None
