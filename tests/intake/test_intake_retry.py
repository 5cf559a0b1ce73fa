"""A file that cannot be read yet is retried with backoff, then taken; nothing is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine

from docvault.archive import ArchivedFile, archive_file
from docvault.errors import FileNotReady
from docvault.intake import folders as inbox
from docvault.intake.folders import Intake
from docvault.records.document_json import Audience, describe_all
from docvault.runtime.faults import RETRY_SECONDS
from docvault.setting_types import InboxSettings
from tests.support.documents import letter_pdf
from tests.support.mounts import mount_problem, remount, tmpfs


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def fax_intake(
    database: Engine, tmp_path: Path, folder: Path, clock: Clock, settle_seconds: float
) -> Intake:
    """Intake of one inbox "fax" at `folder`, every file one PDF page, on the test's clock."""
    settings = InboxSettings("fax", folder, settle_seconds=settle_seconds)
    return Intake(database, tmp_path / "data", (settings,), lambda path: (1, "pdf"), clock=clock)


def test_an_unreadable_file_is_retried_with_backoff_and_then_taken(
    database: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    letter = letter_pdf(folder / "locked.pdf", 1, 1)
    refusals = {"left": 2}

    def locked_twice(source: Path, data_dir: Path) -> ArchivedFile:
        if refusals["left"]:
            refusals["left"] -= 1
            raise FileNotReady(source, f"{source} cannot be read (permission denied).")
        return archive_file(source, data_dir)

    monkeypatch.setattr(inbox, "archive_file", locked_twice)
    clock = Clock()
    intake = fax_intake(database, tmp_path, folder, clock, settle_seconds=1.0)
    intake.scan()
    clock.now = 1.0
    assert intake.tick() == 0  # stable, but refused: retried in 5 s
    assert intake.snapshot[0].waiting == 1, "still waiting in the inbox"
    clock.now = 3.0
    assert intake.tick() == 0  # backoff not over: not even tried
    assert refusals["left"] == 1
    clock.now = 6.5
    assert intake.tick() == 0  # second refusal: the backoff doubles to 10 s
    clock.now = 12.0
    assert intake.tick() == 0
    clock.now = 17.0
    assert intake.tick() == 1
    assert not letter.exists()
    assert [row["file_name"] for row in describe_all(database, Audience())] == ["locked.pdf"]


def test_a_file_that_breaks_intake_costs_only_itself(
    database: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    bad = letter_pdf(folder / "bad.pdf", 1, 1)
    good = letter_pdf(folder / "good.pdf", 1, 2)

    def inspect(path: Path) -> tuple[int, str]:
        if path.read_bytes() == archived_bad:
            raise KeyError("a bug in the inspection")
        return 1, "pdf"

    archived_bad = bad.read_bytes()
    clock = Clock()
    intake = Intake(
        database,
        tmp_path / "data",
        (InboxSettings("scanner", folder, settle_seconds=1.0),),
        inspect,
        unreadable_retry_seconds=0.0,
        clock=clock,
    )
    intake.tick()
    clock.now = 1.0
    assert intake.tick() == 1  # the good letter is taken beside the broken one
    assert not good.exists()
    assert bad.exists()  # kept in the inbox, retried with back-off
    assert intake.snapshot[0].waiting == 1, "the broken one still waits in the inbox"
    # Past unreadable_retry_seconds (0 here), each failed try is an error in the log.
    (problem,) = [
        record.getMessage()
        for record in caplog.records
        if record.levelname == "ERROR" and "retrying" in record.getMessage()
    ]
    assert "bad.pdf in inbox scanner could not be taken (KeyError" in problem
    assert "the file stays in the inbox" in problem
    assert problem.endswith("Tried 1 times since 0 seconds ago; still retrying.")


def test_an_inbox_that_cannot_be_listed_is_reported_and_recovers(
    database: Engine, tmp_path: Path
) -> None:
    folder = tmp_path / "inbox"
    folder.write_text("a file where the folder should be")
    intake = Intake(
        database, tmp_path / "data", (InboxSettings("fax", folder),), lambda path: (1, "pdf")
    )
    intake.tick()
    problem = intake.problem()
    assert problem is not None
    assert problem.startswith(f"Inbox fax at {folder} cannot be listed")
    assert intake.snapshot[0].problem == problem
    folder.unlink()
    intake.tick()  # the folder is created again and listed
    assert folder.is_dir()
    assert intake.problem() is None
    assert intake.snapshot[0].problem is None


def test_a_read_only_inbox_keeps_the_archived_file_recorded_once_and_lets_it_go_when_writable(
    database: Engine, tmp_path: Path
) -> None:
    """An inbox on a disk remounted read-only: the file is archived and recorded, cannot be
    moved to processed/, and is not archived or recorded again at every try; the fault is
    said until the disk is writable, then the file goes to processed/ by itself."""
    if (problem := mount_problem()) is not None:
        pytest.skip(problem)
    folder = tmp_path / "inbox"
    with tmpfs(folder, 8 * 1024 * 1024):
        letter = letter_pdf(folder / "befund.pdf", 1, 3)
        remount(folder, "ro")
        try:
            clock = Clock()
            intake = fax_intake(database, tmp_path, folder, clock, settle_seconds=0.0)
            intake.scan()
            for _ in range(4):  # each try after the fault's wait
                assert intake.tick() == 0
                clock.now += RETRY_SECONDS + 1
            assert letter.exists(), "the file stays where it is"
            assert [row["file_name"] for row in describe_all(database, Audience())] == [
                "befund.pdf"
            ], "recorded once"
            archived = list((tmp_path / "data" / "archive").rglob("*.pdf"))
            assert len(archived) == 1
            said = intake.fault.sentence or ""
            assert f"The file system holding an inbox ({folder}" in said
            assert "is read-only" in said
            assert "they are not recorded again, and nothing is lost" in said
        finally:
            remount(folder, "rw")
        assert intake.tick() == 1
        assert not letter.exists()
        assert len(list(folder.glob("processed/*/befund.pdf"))) == 1
        assert intake.fault.sentence is None
        assert len(describe_all(database, Audience())) == 1
