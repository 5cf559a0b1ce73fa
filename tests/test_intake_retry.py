"""A file that cannot be read yet is retried with backoff, then taken; nothing is dropped."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine

from docvault import inbox, queue
from docvault.archive import ArchivedFile, archive_file
from docvault.config import InboxSettings
from docvault.errors import FileNotReady
from docvault.inbox import Intake
from tests.support.documents import letter_pdf


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


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
    intake = Intake(
        database,
        tmp_path / "data",
        (InboxSettings("fax", folder, settle_seconds=1.0),),
        lambda path: (1, "pdf"),
        clock=clock,
    )
    intake.scan()
    clock.now = 1.0
    assert intake.tick() == 0  # stable, but refused: retried in 5 s
    assert intake.states["fax"].waiting_retry == 1
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
    assert [row["file_name"] for row in queue.list_documents(database)] == ["locked.pdf"]
