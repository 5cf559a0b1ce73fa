"""Intake: watch the inbox folders and take each finished file into the archive and queue.

File events only make intake fast; the full rescan (at start and on a schedule) is the
source of truth, because SMB and NFS shares deliver no events. The order that loses
nothing, each step repeatable after a crash (the sha256 makes it idempotent):

    stable? -> copy into the archive (fsync, verify) -> record the document -> move/delete
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from stat import S_ISDIR
from typing import Protocol

from sqlalchemy import Engine
from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from docvault import queue
from docvault.archive import ArchivedFile, archive_file
from docvault.backoff import backoff_seconds
from docvault.config import InboxSettings
from docvault.errors import (
    DocvaultError,
    EmptyFile,
    FileNotReady,
    FileVanished,
    IntakeError,
    RenderError,
)
from docvault.names import display_name, raw_name
from docvault.render import RenderPoolClosed
from docvault.stability import StabilityTracker

logger = logging.getLogger(__name__)

IGNORED_SUFFIXES = (".part", ".tmp", ".crdownload", ".partial", ".swp")
IGNORED_NAMES = {"thumbs.db", "desktop.ini", ".ds_store"}
IGNORED_FOLDERS = {"processed", "quarantine", "@eadir", "#recycle", ".docvault"}


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


def candidate_files(inbox: InboxSettings) -> Iterator[Path]:
    """Every file in an inbox that may be a document (the rescan); OSError if unlistable."""
    entries = inbox.path.rglob("*") if inbox.recursive else inbox.path.iterdir()
    for path in entries:
        relative_parts = path.relative_to(inbox.path).parts
        if any(
            part.lower() in IGNORED_FOLDERS or part.startswith(".") for part in relative_parts[:-1]
        ):
            continue
        # Regular files only: a named pipe or device in a share would block the read forever.
        if path.is_file() and not is_ignored_name(path.name):
            yield path


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
    waiting_retry: int
    taken: int
    failed: int
    problem: str | None  # the inbox cannot be listed


@dataclass
class _Retry:
    first_failure: float
    next_try: float
    failures: int = 0
    message: str = ""


@dataclass
class InboxState:
    """What one inbox holds right now, for `docvault status` and the web view."""

    settling: int = 0
    waiting_retry: int = 0
    taken: int = 0
    failed: int = 0
    problems: dict[str, str] = field(default_factory=dict)


class Intake:
    """Takes stable files from the inboxes; run `tick()` from one thread."""

    def __init__(
        self,
        database: Engine,
        data_dir: Path,
        inboxes: tuple[InboxSettings, ...],
        inspect: Inspector,
        empty_grace_seconds: float = 300.0,
        unreadable_retry_seconds: float = 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.database = database
        self.data_dir = data_dir
        self.inboxes = inboxes
        self.inspect = inspect
        self.empty_grace_seconds = empty_grace_seconds
        self.unreadable_retry_seconds = unreadable_retry_seconds
        self.clock = clock
        self.trackers = {inbox.name: StabilityTracker(inbox.settle_seconds) for inbox in inboxes}
        self.states = {inbox.name: InboxState() for inbox in inboxes}
        self._retries: dict[Path, _Retry] = {}
        self._noticed: list[Path] = []
        self._lock = threading.Lock()
        self._rescan_requested = threading.Event()
        self._rescan_requested.set()  # the first tick scans everything
        self.listing_problems: dict[str, str] = {}
        self.snapshot: tuple[InboxSnapshot, ...] = ()

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
                for path in candidate_files(inbox):
                    self._look(inbox, path)
                    seen += 1
            except IntakeError as error:
                self._listing_failed(inbox, error.message)
            except OSError as error:
                self._listing_failed(inbox, f"Inbox {inbox.name} could not be scanned: {error}")
            else:
                if self.listing_problems.pop(inbox.name, None) is not None:
                    logger.info("intake: inbox %s can be listed again", inbox.name)
        return seen

    def _listing_failed(self, inbox: InboxSettings, message: str) -> None:
        if self.listing_problems.get(inbox.name) != message:
            logger.error("intake: %s", message)
        self.listing_problems[inbox.name] = message
        self._rescan_requested.set()  # look again at the next tick, not in a minute

    def problem(self) -> str | None:
        """One sentence naming every inbox that cannot be listed, or None."""
        return " ".join(self.listing_problems.values()) or None

    def tick(self) -> int:
        """Look again at watched files and take the stable ones. Returns how many were taken."""
        if self._rescan_requested.is_set():
            self._rescan_requested.clear()
            self.scan()
        with self._lock:
            noticed, self._noticed = self._noticed, []
        for path in noticed:
            inbox = self.inbox_of(path)
            if inbox is not None and not is_ignored_name(path.name):
                self._look(inbox, path)
        taken = 0
        for inbox in self.inboxes:
            taken += self._take_stable(inbox)
        self._publish()
        return taken

    def _publish(self) -> None:
        """Replace `snapshot` whole: the web thread reads it, never the trackers."""
        snapshot = []
        for inbox in self.inboxes:
            tracker, state = self.trackers[inbox.name], self.states[inbox.name]
            snapshot.append(
                InboxSnapshot(
                    name=inbox.name,
                    path=display_name(inbox.path),
                    waiting=len(tracker.tracked()),
                    settling=state.settling,  # counted by this tick's _take_stable
                    waiting_retry=state.waiting_retry,
                    taken=state.taken,
                    failed=state.failed,
                    problem=self.listing_problems.get(inbox.name),
                )
            )
        self.snapshot = tuple(snapshot)

    def _look(self, inbox: InboxSettings, path: Path) -> None:
        tracker = self.trackers[inbox.name]
        try:
            stat = path.stat()
        except FileNotFoundError:
            tracker.forget(path)
            return
        tracker.observe(path, stat.st_size, stat.st_mtime_ns, self.clock())

    def _take_stable(self, inbox: InboxSettings) -> int:
        tracker = self.trackers[inbox.name]
        for path in tracker.tracked():
            self._look(inbox, path)
        now = self.clock()
        taken = 0
        for path in tracker.stable(now):
            retry = self._retries.get(path)
            if retry is not None and now < retry.next_try:
                continue
            if tracker.size_of(path) == 0 and tracker.waited(path, now) < self.empty_grace_seconds:
                continue  # a scan still being written may show zero bytes for a while
            if self._take_isolated(inbox, path):
                tracker.forget(path)
                taken += 1
        state = self.states[inbox.name]
        state.settling = len(tracker.settling(now))
        state.waiting_retry = sum(1 for path in self._retries if path.is_relative_to(inbox.path))
        return taken

    def _take_isolated(self, inbox: InboxSettings, path: Path) -> bool:
        """`_take`, where an unexpected failure costs only this file (retried with back-off)."""
        try:
            return self._take(inbox, path)
        except DocvaultError as error:
            return self._retry_later(inbox, path, error)
        except RenderPoolClosed:
            return False  # docvault is stopping: the file stays and is taken at the next start
        except Exception as error:
            logger.exception("intake: unexpected error while taking %s", display_name(path))
            problem = DocvaultError(
                f"{display_name(path.name)} in inbox {inbox.name} could not be taken "
                f"({type(error).__name__}: {error}); docvault retries it with back-off and "
                "the file stays in the inbox. If it keeps failing, move it out and report it."
            )
            return self._retry_later(inbox, path, problem)

    def take_now(self, path: Path) -> int | None:
        """Archive and record one file given on the command line, leaving it in place."""
        inbox = InboxSettings(name="ingest", path=path.parent, after_archive="keep")
        self.states.setdefault(inbox.name, InboxState())
        archived = archive_file(path, self.data_dir)
        return self._record(inbox, path, archived).document_id

    def _take(self, inbox: InboxSettings, path: Path) -> bool:
        """Archive, record and clear one file. False when it must be tried again later."""
        try:
            archived = archive_file(path, self.data_dir)
        except FileNotReady as error:
            return self._retry_later(inbox, path, error)
        except FileVanished as error:
            logger.info("intake: %s", error.message)
            return not path.exists()
        self._retries.pop(path, None)
        recorded = self._record(inbox, path, archived)
        self._clear_inbox_file(inbox, path, failed=recorded.failed)
        state = self.states[inbox.name]
        state.taken += 1
        logger.info(
            "intake: %s from inbox %s is document %s%s (sha256 %s)",
            display_name(path.name),
            inbox.name,
            recorded.document_id,
            " (a duplicate of an earlier file)" if recorded.duplicate else "",
            archived.sha256[:12],
        )
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
        name = new.original_name
        known = queue.find_document(self.database, archived.sha256)
        if known is not None:
            return queue.record_document(self.database, new, page_count=0)
        try:
            page_count, kind = self._inspect(inbox, path, archived)
        except EmptyFile as error:
            return self._record_failure(inbox, new, error.code, error.message)
        except RenderError as error:
            return self._record_failure(
                inbox,
                new,
                error.code,
                # The renderer only knows the archive name (the sha256); say the original's.
                f"{name} in inbox {inbox.name}: "
                + error.message.replace(Path(archived.relative_path).name, "the file"),
            )
        new = queue.NewDocument(**{**new.__dict__, "kind": kind})
        return queue.record_document(self.database, new, page_count)

    def _inspect(self, inbox: InboxSettings, path: Path, archived: ArchivedFile) -> tuple[int, str]:
        """The archived copy's page count and kind; EmptyFile or a RenderError if unreadable."""
        if archived.size_bytes == 0:
            raise EmptyFile(
                path,
                f"{display_name(path.name)} in inbox {inbox.name} stayed empty (0 bytes) for "
                f"{self.empty_grace_seconds:g} seconds; the scan or fax did not arrive. "
                "Scan or send it again.",
            )
        return self.inspect(self.data_dir / archived.relative_path)

    def _record_failure(
        self, inbox: InboxSettings, new: queue.NewDocument, error_code: str, message: str
    ) -> queue.Recorded:
        state = self.states[inbox.name]
        state.failed += 1
        state.problems[new.original_name] = message
        logger.warning(
            "intake: %s (the original is kept in the archive as %s)", message, new.archive_path
        )
        return queue.record_failed_document(self.database, new, error_code, message)

    def _retry_later(self, inbox: InboxSettings, path: Path, error: DocvaultError) -> bool:
        now = self.clock()
        retry = self._retries.setdefault(path, _Retry(first_failure=now, next_try=now))
        retry.failures += 1
        retry.message = error.message
        # Backoff doubles from 5 s up to 5 minutes: a writer's lock is usually gone in
        # seconds, a permissions mistake waits for an admin.
        retry.next_try = now + backoff_seconds(retry.failures, 5.0, 300.0)
        if now - retry.first_failure >= self.unreadable_retry_seconds:
            self.states[inbox.name].problems[display_name(path.name)] = (
                f"{error.message} Tried {retry.failures} times since "
                f"{self.unreadable_retry_seconds:g} seconds ago; still retrying."
            )
            logger.error("intake: %s", self.states[inbox.name].problems[display_name(path.name)])
        else:
            logger.info("intake: %s (attempt %d)", error.message, retry.failures)
        return False

    def _clear_inbox_file(self, inbox: InboxSettings, path: Path, failed: bool) -> None:
        """Move (or delete) the inbox file; only ever after its archive copy is verified.

        A file docvault could not read goes to `quarantine/` instead of `processed/`, so
        the admin finds it next to the inbox as well as in the web view.
        """
        if inbox.after_archive == "keep":
            return
        if inbox.after_archive == "delete" and not failed:
            path.unlink(missing_ok=True)
            return
        stamp = datetime.now(UTC).strftime("%Y-%m-%d")
        target_folder = inbox.path / ("quarantine" if failed else "processed") / stamp
        target_folder.mkdir(parents=True, exist_ok=True)
        target = target_folder / path.name
        if target.exists():
            target = target_folder / f"{path.stem}.{int(time.time() * 1000)}{path.suffix}"
        # Gone already? The archive copy is verified, so nothing is lost.
        with contextlib.suppress(FileNotFoundError):
            shutil.move(str(path), target)


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

    def watched(self) -> tuple[str, ...]:
        """The names of the inboxes whose folders are watched now."""
        return tuple(sorted(self._watches))

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
