"""The server's faults told from the errors they surface as (docvault.runtime.faults), and said once
in systemd's STATUS= line however many parts meet them (issue 29)."""

from __future__ import annotations

import errno
import sqlite3
import time
from pathlib import Path

import pytest

from docvault import db
from docvault.errors import DatabaseLocked, DiskFull, StorageReadOnly
from docvault.reporting import status_line, troubles
from docvault.runtime.faults import Place, Standing, fault_of
from docvault.runtime.supervisor import PartHealth, PartState
from docvault.vocabulary import EngineState


@pytest.mark.parametrize(
    ("number", "kind"),
    [(errno.ENOSPC, DiskFull), (errno.EDQUOT, DiskFull), (errno.EROFS, StorageReadOnly)],
)
def test_an_os_error_of_a_full_or_read_only_disk_is_a_server_fault(
    tmp_path: Path, number: int, kind: type
) -> None:
    error = OSError(number, "refused")
    wrapped = RuntimeError("writing the segment failed")
    wrapped.__cause__ = error
    fault = fault_of(wrapped, Place.archive, tmp_path / "archive")
    assert isinstance(fault, kind)
    assert f"the archive of originals ({tmp_path / 'archive'}" in fault.message
    assert str(tmp_path) not in fault.summary, "staff are not shown the server's folders"


def test_other_errors_are_no_server_fault(tmp_path: Path) -> None:
    assert fault_of(OSError(errno.EACCES, "denied"), Place.archive, tmp_path) is None
    assert fault_of(ValueError("a bug"), Place.archive, tmp_path) is None


def test_sqlite_locked_by_another_connection_is_said_with_the_database_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "docvault.sqlite3"
    database = db.open_database(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with (
            pytest.raises(DatabaseLocked) as raised,
            db.write_transaction(database, wait_seconds=0.1),
        ):
            pass  # taking the write lock is the write that waits
        assert f"The database ({path}) is locked by another program" in raised.value.message
    finally:
        other.rollback()
        other.close()
        database.dispose()


def test_standing_keeps_the_sentence_not_the_error() -> None:
    standing = Standing("index")
    error = OSError(errno.ENOSPC, "No space left on device")
    fault = fault_of(error, Place.search_index, Path("/srv/docvault/index"))
    assert fault is not None
    standing.hit(fault)
    assert standing.sentence == fault.message
    assert not any(value is fault for value in vars(standing).values())
    standing.clear()
    assert standing.sentence is None


def test_a_fault_several_parts_meet_is_said_once_after_their_names() -> None:
    sentence = "The disk holding the database (/srv/docvault/docvault.sqlite3) is full."
    parts = [
        PartHealth(name, PartState.degraded, time.time(), sentence)
        for name in ("intake", "worker", "index")
    ]
    parts.append(PartHealth("web", PartState.running, time.time()))
    counts = dict.fromkeys(("queued", "running", "done", "incomplete", "looped", "failed"), 0)
    line = status_line(counts, EngineState.up, parts, [sentence])
    assert line.endswith(f"; intake degraded, worker degraded, index degraded: {sentence}")
    assert line.count(sentence) == 1
    assert troubles(parts, [sentence]) == [sentence]
