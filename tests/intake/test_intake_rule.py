"""Issue 25, intake: the one rule of what intake takes from an inbox, and how it opens it.

Real folders, links, pipes and a real migrated SQLite database; the daemon-level proofs of
the same findings are in tests/intake/test_intake_hostile.py.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest
from sqlalchemy import Engine

from docvault.archive import archive_file
from docvault.config import load_settings
from docvault.errors import FileVanished, LinkRefused, NotARegularFile
from docvault.intake.folders import Intake
from docvault.intake.opening import open_inbox_file
from docvault.intake.rule import DEFAULT_MAX_FILE_BYTES, Verdict, candidate_files, judge
from docvault.names import display_name, raw_name
from docvault.records.document_json import Audience, describe_all
from docvault.setting_types import InboxSettings
from tests.support.documents import letter_pdf

LIMIT = 10 * 1024 * 1024


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _intake(
    database: Engine, tmp_path: Path, inbox: InboxSettings, hidden_report_seconds: float = 300.0
) -> Intake:
    return Intake(
        database,
        tmp_path / "data",
        (inbox,),
        lambda path: (1, "pdf"),
        clock=Clock(),
        max_file_bytes=LIMIT,
        hidden_report_seconds=hidden_report_seconds,
    )


def test_the_default_size_limit_is_200_mb_and_the_setting_says_so() -> None:
    settings = load_settings(environ={"DOCVAULT_CONFIG": ""})
    assert settings.max_file_mb == 200
    assert DEFAULT_MAX_FILE_BYTES == 200 * 1024 * 1024
    lowered = load_settings(environ={"DOCVAULT_CONFIG": "", "DOCVAULT_MAX_FILE_MB": "5"})
    assert lowered.max_file_mb == 5


def test_display_name_escapes_every_control_and_direction_character() -> None:
    hostile = "a\nb\rc\td\x00e\x1bf\x7fg\x85h\u2028i\u2029j\u202ek\u2066l\u200fm.pdf"
    shown = display_name(hostile)
    assert shown == (
        "a\\x0ab\\x0dc\\x09d\\x00e\\x1bf\\x7fg\\x85h\\u2028i\\u2029j\\u202ek\\u2066l\\u200fm.pdf"
    )
    assert shown.isprintable()
    assert len(shown.splitlines()) == 1
    assert raw_name(hostile) == hostile.encode()  # the exact bytes go to the audit trail
    assert display_name("Befund Müller عربى.pdf") == "Befund Müller عربى.pdf"
    assert raw_name("Befund Müller.pdf") is None
    assert display_name(os.fsdecode(b"Befund_\xe4\n.pdf")) == "Befund_\\xe4\\x0a.pdf"


def test_the_rule_for_every_kind_of_entry(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    (root / "sub").mkdir(parents=True)
    (root / "processed" / "2026-01-01").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret_key"
    secret.write_bytes(b"the session key")
    letter = letter_pdf(root / "letter.pdf", 1, 1)
    nested = letter_pdf(root / "sub" / "nested.pdf", 1, 2)
    (root / "link.pdf").symlink_to(secret)
    (root / "linked").symlink_to(outside, target_is_directory=True)
    os.link(outside / "secret_key", root / "hardlinked.pdf")
    os.mkfifo(root / "pipe.pdf")
    (root / ".scan-0001.pdf").write_bytes(b"%PDF-")
    (root / ".DS_Store").write_bytes(b"x")
    (root / "scan.pdf.part").write_bytes(b"x")
    (root / "processed" / "2026-01-01" / "old.pdf").write_bytes(b"%PDF-")
    with (root / "big.pdf").open("wb") as handle:
        handle.truncate(LIMIT + 1)
    recursive = InboxSettings("scanner", root, recursive=True)

    def verdict(path: Path) -> Verdict:
        return judge(recursive, path, LIMIT).verdict

    assert verdict(letter) is Verdict.take
    assert verdict(nested) is Verdict.take
    assert verdict(root / "sub") is Verdict.folder
    for refused in ("link.pdf", "linked", "hardlinked.pdf", "pipe.pdf", "big.pdf"):
        assert verdict(root / refused) is Verdict.refuse, refused
    assert verdict(root / "linked" / "secret_key") is Verdict.refuse  # through the link
    assert judge(recursive, root / "linked" / "secret_key", LIMIT).path == root / "linked"
    assert verdict(root / ".scan-0001.pdf") is Verdict.hidden
    for ignored in (".DS_Store", "scan.pdf.part", "processed", "processed/2026-01-01/old.pdf"):
        assert verdict(root / ignored) is Verdict.ignore, ignored
    assert verdict(tmp_path / "elsewhere.pdf") is Verdict.ignore
    flat = InboxSettings("fax", root)
    assert judge(flat, nested, LIMIT).verdict is Verdict.ignore
    # The rescan's listing applies the same rule: nothing behind a link, no pipe.
    assert sorted(candidate_files(recursive, LIMIT)) == [letter, nested]
    sentences = {
        name: judge(recursive, root / name, LIMIT).refusal for name in ("pipe.pdf", "big.pdf")
    }
    assert "pipe.pdf in inbox scanner is a named pipe (FIFO), not a regular file" in str(
        sentences["pipe.pdf"]
    )
    assert "big.pdf in inbox scanner is 10.0 MB, more than the limit of 10.0 MB" in str(
        sentences["big.pdf"]
    )
    assert "max_file_mb" in str(sentences["big.pdf"])


def test_a_folder_swapped_for_a_link_after_the_listing_is_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "inbox"
    (root / "sub").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    letter = letter_pdf(root / "sub" / "letter.pdf", 1, 1)
    inbox = InboxSettings("scanner", root, recursive=True)
    listed = judge(inbox, letter, LIMIT)
    assert listed.verdict is Verdict.take
    assert listed.status is not None
    # Between the listing and the open, someone replaces the folder with a link to a folder
    # holding a file of the same name.
    os.rename(root / "sub", tmp_path / "moved")
    letter_pdf(outside / "letter.pdf", 1, 9)
    (root / "sub").symlink_to(outside, target_is_directory=True)
    refused = pytest.raises(LinkRefused, match="folder sub in inbox scanner is a symbolic link")
    with refused, open_inbox_file(inbox, letter, listed.status, LIMIT):
        pass


def test_a_file_replaced_after_the_listing_is_not_taken_for_the_listed_one(
    tmp_path: Path,
) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    letter = letter_pdf(root / "letter.pdf", 1, 1)
    inbox = InboxSettings("scanner", root)
    listed = judge(inbox, letter, LIMIT).status
    assert listed is not None
    # Another file renamed over it (made while the first still exists: another inode).
    os.rename(letter_pdf(tmp_path / "other.pdf", 1, 2), letter)
    with (
        pytest.raises(FileVanished, match="removed or replaced"),
        open_inbox_file(inbox, letter, listed, LIMIT),
    ):
        pass


def test_file_events_follow_the_rescans_rule(
    database: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The event path (Intake.notice) used to take anything it was told about, including
    the inbox's own processed/ folder and a pipe; now it asks the same `judge`."""
    root = tmp_path / "inbox"
    (root / "processed" / "2026-01-01").mkdir(parents=True)
    kept = letter_pdf(root / "processed" / "2026-01-01" / "done.pdf", 1, 1)
    os.mkfifo(root / "pipe.pdf")
    intake = _intake(database, tmp_path, InboxSettings("scanner", root, recursive=True))
    intake.scan()
    for path in (kept, root / "pipe.pdf", root / "pipe.pdf"):
        intake.notice(path)
    with caplog.at_level(logging.WARNING, "docvault.intake"):
        intake.tick()
        intake.tick()
    assert intake.snapshot[0].waiting == 0, "nothing of processed/ nor the pipe is tracked"
    refusals = [record.getMessage() for record in caplog.records]
    assert len(refusals) == 1, refusals  # the pipe, refused once, however often it is seen
    assert "pipe.pdf in inbox scanner is a named pipe (FIFO)" in refusals[0]
    assert "named pipe" in (intake.snapshot[0].problem or "")
    assert kept.exists()
    assert describe_all(database, Audience()) == []


def test_a_refused_entry_that_is_removed_is_no_longer_reported(
    database: Engine, tmp_path: Path
) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    (root / "link.pdf").symlink_to(tmp_path / "anything")
    intake = _intake(database, tmp_path, InboxSettings("scanner", root))
    intake.tick()
    assert "link.pdf in inbox scanner is a symbolic link" in (intake.snapshot[0].problem or "")
    assert "link.pdf" in (intake.problem() or "")
    (root / "link.pdf").unlink()
    intake.request_rescan()
    intake.tick()
    assert intake.snapshot[0].problem is None
    assert intake.problem() is None


def test_a_folder_docvault_cannot_read_stops_only_itself(
    database: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `chmod 000` on a subfolder of the share: these tests run as root, who reads it anyway,
    # so the refusal the kernel would give the docvault user is given by os.scandir here.
    root = tmp_path / "inbox"
    (root / "locked").mkdir(parents=True)
    (root / "ward").mkdir()
    letter_pdf(root / "ward" / "letter.pdf", 1, seed=25)
    real_scandir = os.scandir

    def refusing_scandir(path: os.PathLike[str] | str) -> object:
        if Path(path).name == "locked":
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refusing_scandir)
    intake = _intake(database, tmp_path, InboxSettings("scanner", root, recursive=True))
    intake.tick()
    assert [path.name for path in candidate_files(intake.inboxes[0], LIMIT)] == ["letter.pdf"]
    problem = intake.snapshot[0].problem or ""
    assert "The folder locked in inbox scanner cannot be read (Permission denied)" in problem
    assert "every other folder of the inbox still is" in problem
    assert intake.listing_problems == {}  # the inbox as a whole is scanned
    monkeypatch.setattr(os, "scandir", real_scandir)
    intake.request_rescan()
    intake.tick()
    assert intake.snapshot[0].problem is None


def test_a_hidden_file_that_stays_is_reported_after_the_grace_period(
    database: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "inbox"
    root.mkdir()
    letter_pdf(root / ".Befund Maier.pdf", 1, 1)
    (root / ".DS_Store").write_bytes(b"x")
    (root / "._Befund.pdf").write_bytes(b"x")
    intake = _intake(
        database, tmp_path, InboxSettings("scanner", root), hidden_report_seconds=120.0
    )
    clock = intake.clock
    assert isinstance(clock, Clock)
    with caplog.at_level(logging.WARNING, "docvault.intake"):
        intake.tick()
        clock.now = 60.0
        intake.tick()
        assert intake.snapshot[0].problem is None, "a scanner renames its temp file in seconds"
        clock.now = 130.0
        intake.tick()
        clock.now = 200.0
        intake.tick()
    problem = intake.snapshot[0].problem or ""
    assert ".Befund Maier.pdf in inbox scanner has stayed unchanged for 2 minutes" in problem
    assert "docvault ignores file names starting with '.'" in problem
    assert "Rename it without the leading '.' to have it taken." in problem
    assert ".DS_Store" not in problem
    assert "._Befund" not in problem
    assert len(caplog.records) == 1, "reported once"
    assert describe_all(database, Audience()) == []
    os.rename(root / ".Befund Maier.pdf", root / "Befund Maier.pdf")
    intake.request_rescan()
    clock.now = 300.0
    intake.tick()
    clock.now = 310.0
    intake.tick()
    (document,) = describe_all(database, Audience())
    assert document["file_name"] == "Befund Maier.pdf"
    assert intake.snapshot[0].problem is None


def test_docvault_ingest_refuses_what_an_inbox_refuses(
    database: Engine, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`docvault ingest PATH...` (Intake.take_now), e.g. given a share's files by a glob."""
    folder = tmp_path / "old-scans"
    folder.mkdir()
    secret = tmp_path / "secret_key"
    secret.write_bytes(b"the session key")
    (folder / "link.pdf").symlink_to(secret)
    os.mkfifo(folder / "pipe.pdf")
    letter = letter_pdf(folder / "letter.pdf", 1, 1)
    intake = _intake(database, tmp_path, InboxSettings("unused", tmp_path / "unused"))
    with caplog.at_level(logging.WARNING, "docvault.intake"):
        assert intake.take_now(folder / "link.pdf") is None
        assert intake.take_now(folder / "pipe.pdf") is None  # returns: never opened
        assert intake.take_now(letter) is not None
    messages = [record.getMessage() for record in caplog.records]
    assert "ingest: link.pdf in inbox ingest is a symbolic link" in messages[0]
    assert "ingest: pipe.pdf in inbox ingest is a named pipe (FIFO)" in messages[1]
    assert [row["file_name"] for row in describe_all(database, Audience())] == ["letter.pdf"]
    assert not list((tmp_path / "data" / "archive").rglob("*secret*"))


def test_archiving_a_pipe_by_its_path_is_refused_at_once(tmp_path: Path) -> None:
    """The archive's own entry (unlocked copies, test archives) never blocks on a pipe."""
    os.mkfifo(tmp_path / "pipe.pdf")
    with pytest.raises(NotARegularFile, match=r"pipe\.pdf is not a regular file"):
        archive_file(tmp_path / "pipe.pdf", tmp_path / "data")


def test_a_long_name_already_in_processed_is_moved_beside_it_within_the_name_limit(
    database: Engine, tmp_path: Path
) -> None:
    # 250 bytes: taking the same name twice in one day added ".<milliseconds>" and the
    # rename failed after the record (File name too long), so every retry recorded the file
    # again as a duplicate (review of issue 25).
    root = tmp_path / "inbox"
    root.mkdir()
    name = "Überweisung " + "Kardiologie-" * 19 + "Ende.pdf"
    assert 240 < len(name.encode()) <= 255
    intake = _intake(database, tmp_path, InboxSettings("scanner", root, settle_seconds=0.0))
    for seed in (1, 2):
        letter_pdf(root / name, 1, seed=seed)
        intake.request_rescan()
        intake.tick()
        assert not (root / name).exists(), "moved to processed/"
    (day,) = (root / "processed").iterdir()
    moved = sorted(path.name for path in day.iterdir())
    assert len(moved) == 2
    assert name in moved
    assert all(len(moved_name.encode()) <= 255 for moved_name in moved)
    documents = describe_all(database, Audience())
    assert len(documents) == 2
    assert not any(document["duplicates"] for document in documents), "no retry recorded again"
