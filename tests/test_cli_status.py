"""`docvault status` in process: what waits in an inbox, by the daemon's rule of settling."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from click.testing import CliRunner, Result

from docvault import db
from docvault.cli import main
from docvault.intake.stability import StabilityTracker


def _docvault(tmp_path: Path, *arguments: str) -> Result:
    environment = {
        "DOCVAULT_CONFIG": "",
        "DOCVAULT_DATA_DIR": str(tmp_path / "data"),
        "DOCVAULT_INBOX": str(tmp_path / "inbox"),
        "DOCVAULT_SETTLE_SECONDS": "60",
    }
    result = CliRunner().invoke(main, list(arguments), env=environment)
    assert result.exit_code == 0, result.output
    return result


def _inbox_with_two_old_files_and_a_fresh_one(tmp_path: Path) -> tuple[list[Path], Path]:
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    old = [inbox / "scanned-yesterday.pdf", inbox / "faxed-this-morning.pdf"]
    for minutes, path in zip((24 * 60, 61), old, strict=True):
        path.write_bytes(b"%PDF-1.4 held still")
        changed = time.time() - minutes * 60
        os.utime(path, (changed, changed))
    fresh = inbox / "arriving.pdf"
    fresh.write_bytes(b"%PDF-1.4 still being written")
    return old, fresh


def test_a_file_changed_within_the_settle_time_is_settling_an_older_one_waits(
    tmp_path: Path,
) -> None:
    _inbox_with_two_old_files_and_a_fresh_one(tmp_path)
    shown = _docvault(tmp_path, "status").output
    assert "the inbox: 2 waiting, 1 settling, 0 processing" in shown
    report = json.loads(_docvault(tmp_path, "status", "--json").output)
    assert (report["inboxes"]["inbox"]["waiting"], report["inboxes"]["inbox"]["settling"]) == (2, 1)


def test_the_status_command_and_the_daemons_tracker_agree_on_settling(tmp_path: Path) -> None:
    old, fresh = _inbox_with_two_old_files_and_a_fresh_one(tmp_path)
    # The daemon's tracker, given each file's modification time as the last change it saw
    # and a look now, settles the same file the one-look command does.
    tracker = StabilityTracker(settle_seconds=60)
    now = time.time()
    for path in (*old, fresh):
        status = path.stat()
        tracker.observe(path, status.st_size, status.st_mtime_ns, status.st_mtime)
        tracker.observe(path, status.st_size, status.st_mtime_ns, now)
    assert sorted(tracker.stable(now)) == sorted(old)
    assert tracker.settling(now) == [fresh]
    report = json.loads(_docvault(tmp_path, "status", "--json").output)
    assert report["inboxes"]["inbox"]["settling"] == len(tracker.settling(now))


def test_read_commands_create_and_upgrade_the_database(tmp_path: Path) -> None:
    assert json.loads(_docvault(tmp_path, "documents", "--json").output) == {"documents": []}
    database = db.make_engine(tmp_path / "data" / "docvault.sqlite3")
    current, head = db.schema_revision(database)
    database.dispose()
    assert current == head is not None
    assert _docvault(tmp_path, "verify").output.strip() == "0 problem(s) found"
