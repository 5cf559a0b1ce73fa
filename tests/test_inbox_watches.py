"""Inbox folders that appear (or appear again) after the daemon started are watched at once.

No rescan is scheduled in these tests: a file is seen only through its inotify event, so a
folder left unwatched leaves its file unseen (in the daemon it waited for the minute's
rescan, which is how CI found it).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from devtools.daemon import wait_for
from docvault.config import InboxSettings
from docvault.inbox import Intake, Watchers


@pytest.fixture
def started() -> Iterator[list[Watchers]]:
    watchers: list[Watchers] = []
    yield watchers
    for each in watchers:
        each.stop()


def _scanner(inbox: Path) -> InboxSettings:
    # A long settle time: the file stays "waiting", never taken, while the test looks.
    return InboxSettings("scanner", inbox, settle_seconds=60.0)


def _watching(
    database: Engine, tmp_path: Path, started: list[Watchers], settings: InboxSettings
) -> tuple[Intake, Watchers]:
    """Intake with one inbox, and its watches started (stopped by `started`)."""
    intake = Intake(database, tmp_path / "data", (settings,), lambda path: (1, "pdf"))
    watchers = Watchers(intake, polling_everywhere=False)
    started.append(watchers)
    watchers.start()
    return intake, watchers


def _seen_by_its_event(intake: Intake, path: Path) -> None:
    """Drop a file and wait until intake, ticking without any rescan, is watching it."""
    intake.tick()  # the rescan a new watch asks for, before the file exists
    path.write_bytes(b"%PDF-1.7 a letter")

    def waiting() -> bool:
        intake.tick()
        return intake.snapshot[0].waiting == 1

    wait_for(waiting, 10, f"intake to see {path.name} from its file event")


def test_an_inbox_folder_made_after_the_watches_started_is_watched(
    database: Engine, tmp_path: Path, started: list[Watchers]
) -> None:
    inbox = tmp_path / "inbox"
    intake, watchers = _watching(database, tmp_path, started, _scanner(inbox))
    assert watchers.watched() == ()
    inbox.mkdir()  # intake's first scan, or the admin, makes it a moment later
    assert watchers.refresh() == ("scanner",)
    assert watchers.refresh() == ()  # watched once, not again at every look
    _seen_by_its_event(intake, inbox / "fax.pdf")


def test_an_inbox_folder_removed_and_made_again_is_watched_again(
    database: Engine, tmp_path: Path, started: list[Watchers]
) -> None:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    intake, watchers = _watching(database, tmp_path, started, _scanner(inbox))
    assert watchers.watched() == ("scanner",)
    shutil.rmtree(inbox)  # a share unmounted and mounted again; the old watch ended with it
    inbox.mkdir()
    wait_for(watchers.refresh, 10, "the folder made again to be watched again")
    assert watchers.watched() == ("scanner",)
    _seen_by_its_event(intake, inbox / "fax.pdf")


def test_a_polling_inbox_is_never_watched(
    database: Engine, tmp_path: Path, started: list[Watchers]
) -> None:
    inbox = tmp_path / "share"
    inbox.mkdir()
    settings = InboxSettings("share", inbox, polling=True)
    _, watchers = _watching(database, tmp_path, started, settings)
    assert watchers.refresh() == ()
    assert watchers.watched() == ()


def test_watches_stopped_before_they_started_stop_cleanly(database: Engine, tmp_path: Path) -> None:
    """The daemon may be told to stop while its file-events part is still starting."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    intake = Intake(database, tmp_path / "data", (_scanner(inbox),), lambda path: (1, "pdf"))
    watchers = Watchers(intake, polling_everywhere=False)
    watchers.stop()
    assert not watchers.observer.is_alive()
