"""The watchers: watchdog's file events on the inboxes, which only make intake faster.

The full rescan (at start and on a schedule) is the source of truth, because SMB and NFS
shares deliver no events; an event only asks `Intake` to look at a path sooner.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISDIR

from watchdog.events import FileSystemEvent, FileSystemEventHandler
from watchdog.observers import Observer
from watchdog.observers.api import ObservedWatch

from docvault.intake.folders import Intake
from docvault.names import display_name
from docvault.setting_types import InboxSettings

logger = logging.getLogger(__name__)


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
