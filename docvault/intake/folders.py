"""The folder driver: `Intake` takes each finished file of the inbox folders into the archive
and the queue.

The order that loses nothing, each step repeatable after a crash (the sha256 makes it
idempotent):

    stable? -> copy into the archive (fsync, verify) -> record the document -> move/delete

`Intake` rescans every inbox by the path rule (`rule.survey`), waits until a file has
stopped changing (`stability`), copies it from a descriptor opened without following links
(`opening`), records it (`recording`) and clears it (`clearing`). A refusal is said once,
in the log and on the status page, and the entry is left where it is; a file it cannot read
yet is tried again with back-off.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import Engine

from docvault import records
from docvault.archive import ArchivedFile, archive_file
from docvault.config import default
from docvault.errors import (
    DocvaultError,
    FileNotReady,
    FileRefused,
    FileVanished,
    HiddenFileIgnored,
    IntakeError,
    ServerFault,
)
from docvault.intake.clearing import check_target_folders, clear_inbox_file
from docvault.intake.opening import ensure_listable, open_inbox_file
from docvault.intake.recording import Inspector, record_new
from docvault.intake.rule import (
    DEFAULT_MAX_FILE_BYTES,
    Sighting,
    Verdict,
    _duration,
    _lstat,
    _shown,
    judge,
    refusal_of,
    survey,
)
from docvault.intake.stability import StabilityTracker
from docvault.names import display_name, inbox_named, raw_name
from docvault.render import RenderPoolClosed
from docvault.runtime import RETRY_SECONDS, Place, Standing, backoff_seconds, fault_of
from docvault.setting_types import InboxSettings

logger = logging.getLogger(__name__)

REPORTED_REFUSALS = 5  # sentences per inbox on the status page; the log has every one


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
            check_target_folders(inbox)
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
            clear_inbox_file(inbox, path, uncleared.listed, uncleared.failed)
        except OSError as error:
            fault = fault_of(error, Place.inbox, inbox.path)
            if fault is None:
                raise
            raise fault from error
        del self._uncleared[path]
        return True

    def _record(self, inbox: InboxSettings, path: Path, archived: ArchivedFile) -> records.Recorded:
        new = records.NewDocument(
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
