"""Inbox files are seen through their file events, whenever the inbox's folder appeared.

No rescan is scheduled in these tests: past the rescan a new watch asks for, a file is seen
only through its inotify event, so a folder left unwatched leaves its file unseen (in the
daemon it waited for the minute's rescan, which is how CI found it).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from devtools.daemon import wait_for
from docvault.intake.folders import Intake
from docvault.intake.watchers import Watchers
from docvault.setting_types import InboxSettings

Watching = Callable[[InboxSettings], tuple[Intake, Watchers]]


@pytest.fixture
def watching(database: Engine, tmp_path: Path) -> Iterator[Watching]:
    """Makes intake with one inbox and its (not yet started) watches; stops them after."""
    made: list[Watchers] = []

    def make(settings: InboxSettings) -> tuple[Intake, Watchers]:
        intake = Intake(database, tmp_path / "data", (settings,), lambda path: (1, "pdf"))
        watchers = Watchers(intake, polling_everywhere=False)
        made.append(watchers)
        return intake, watchers

    yield make
    for watchers in made:
        watchers.stop()


def _scanner(inbox: Path) -> InboxSettings:
    # A long settle time: the file stays "waiting", never taken, while the test looks.
    return InboxSettings("scanner", inbox, settle_seconds=60.0)


def _seen_by_its_event(intake: Intake, path: Path) -> None:
    """Drop a file and wait until intake, ticking without any rescan, is watching it."""
    intake.tick()  # the rescan a new watch asks for, before the file exists
    path.write_bytes(b"%PDF-1.7 a letter")

    def waiting() -> bool:
        intake.tick()
        return intake.snapshot[0].waiting == 1

    wait_for(waiting, 10, f"intake to see {path.name} from its file event")


def test_a_file_that_arrives_before_the_watch_begins_is_seen_at_the_next_tick(
    tmp_path: Path, watching: Watching
) -> None:
    """Intake's first scan, then a file, then the watch: no event ever comes for that file."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    intake, watchers = watching(_scanner(inbox))
    intake.tick()  # the first scan: the inbox is empty
    (inbox / "early.pdf").write_bytes(b"%PDF-1.7 a letter")
    watchers.start()
    intake.tick()
    # Seen now, not at the scheduled rescan a minute later: it waits to settle.
    assert intake.snapshot[0].waiting == 1


def test_an_inbox_folder_made_after_the_watches_started_is_watched(
    tmp_path: Path, watching: Watching
) -> None:
    inbox = tmp_path / "inbox"
    intake, watchers = watching(_scanner(inbox))
    watchers.start()  # nothing to watch yet
    inbox.mkdir()  # intake's first scan, or the admin, makes it a moment later
    assert watchers.refresh() == ("scanner",)
    assert watchers.refresh() == ()  # watched once, not again at every look
    _seen_by_its_event(intake, inbox / "fax.pdf")


def test_an_inbox_folder_removed_and_made_again_is_watched_again(
    tmp_path: Path, watching: Watching
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    intake, watchers = watching(_scanner(inbox))
    watchers.start()
    assert watchers.refresh() == (), "watched from the start"
    shutil.rmtree(inbox)  # a share unmounted and mounted again; the old watch ended with it
    inbox.mkdir()
    wait_for(watchers.refresh, 10, "the folder made again to be watched again")
    _seen_by_its_event(intake, inbox / "fax.pdf")


def test_a_polling_inbox_is_never_watched(tmp_path: Path, watching: Watching) -> None:
    inbox = tmp_path / "share"
    inbox.mkdir()
    _, watchers = watching(InboxSettings("share", inbox, polling=True))
    watchers.start()
    assert not watchers.active, "no folder to watch: the observer never starts"
    assert watchers.refresh() == ()


def test_watches_stopped_before_they_started_stop_cleanly(
    tmp_path: Path, watching: Watching
) -> None:
    """The daemon may be told to stop while its file-events part is still starting."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    _, watchers = watching(_scanner(inbox))
    watchers.stop()
    assert not watchers.observer.is_alive()
