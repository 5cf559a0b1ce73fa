"""The `docvault` command as an admin runs it (a subprocess): `documents` prints every state
of a document, duplicates included, and every id argument is bounded (issue 25)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from docvault import db
from docvault.intake.folders import Intake
from docvault.render import RenderOptions, inspect_document
from docvault.setting_types import InboxSettings
from tests.support.documents import letter_pdf

MAX_ROW_ID = 2**63 - 1  # SQLite's largest integer
TOO_LARGE = str(2**63)


def docvault(folder: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m docvault ARGUMENTS` in `folder` (its data folder is ./docvault-data)."""
    return subprocess.run(
        [sys.executable, "-m", "docvault", *arguments],
        cwd=folder,
        env={**os.environ, "DOCVAULT_CONFIG": "", "DOCVAULT_INBOX": str(folder / "inbox")},
        capture_output=True,
        text=True,
        timeout=120,
        input=stdin,
    )


def take_inbox(folder: Path) -> None:
    """Real intake of ./inbox into ./docvault-data, as the daemon's intake does it."""

    def inspect_real(path: Path) -> tuple[int, str]:
        info = inspect_document(path, RenderOptions())
        return info.page_count, info.kind

    database = db.open_database(folder / "docvault-data" / "docvault.sqlite3")
    try:
        intake = Intake(
            database,
            folder / "docvault-data",
            (InboxSettings("fax", folder / "inbox", settle_seconds=0.0),),
            inspect_real,
            empty_grace_seconds=0.0,
            clock=lambda: 0.0,
        )
        intake.scan()
        while intake.tick():
            pass
    finally:
        database.dispose()


@pytest.fixture
def archive_with_duplicates(tmp_path: Path, fixtures_dir: Path) -> Path:
    """A letter and a broken PDF, each dropped twice under another name."""
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    letter_pdf(inbox / "letter.pdf", 2, seed=7)
    shutil.copy(inbox / "letter.pdf", tmp_path / "letter-again.pdf")
    shutil.copy(fixtures_dir / "ocrmypdf__invalid.pdf", inbox / "broken.pdf")
    take_inbox(tmp_path)
    # The same bytes again, under other names: recorded as duplicates of the first copies.
    shutil.move(tmp_path / "letter-again.pdf", inbox / "letter-again.pdf")
    shutil.copy(fixtures_dir / "ocrmypdf__invalid.pdf", inbox / "broken-again.pdf")
    take_inbox(tmp_path)
    return tmp_path


def test_documents_prints_documents_and_their_duplicates(archive_with_duplicates: Path) -> None:
    listed = docvault(archive_with_duplicates, "documents")

    assert listed.returncode == 0, listed.stderr
    assert "Traceback" not in listed.stderr
    lines = listed.stdout.splitlines()
    assert len(lines) == 4, listed.stdout
    by_name = {line.split("fax/", 1)[1].split(" ", 1)[0]: line for line in lines}
    assert set(by_name) == {"letter.pdf", "broken.pdf", "letter-again.pdf", "broken-again.pdf"}
    letter_id = by_name["letter.pdf"].split()[0]
    broken_id = by_name["broken.pdf"].split()[0]
    assert by_name["letter.pdf"].split()[1:3] == ["processing", "2p"]
    assert by_name["broken.pdf"].split()[1] == "failed"
    assert "cannot be read" in by_name["broken.pdf"], "a failed document shows its sentence"
    assert by_name["letter-again.pdf"].split()[:2] == ["-", "duplicate"]
    assert by_name["letter-again.pdf"].endswith(f"duplicate of {letter_id}")
    assert by_name["broken-again.pdf"].endswith(f"duplicate of {broken_id}")


def test_documents_json_and_every_status_filter(archive_with_duplicates: Path) -> None:
    listed = json.loads(docvault(archive_with_duplicates, "documents", "--json").stdout)
    rows = listed["documents"]
    # Which file intake took first is not this test's business: rows are compared by name.
    by_name = {row["file_name"]: row for row in rows}
    assert len(rows) == len(by_name) == 2, "a duplicate is an arrival of its document"
    assert {name: row["status"] for name, row in by_name.items()} == {
        "letter.pdf": "processing",
        "broken.pdf": "failed",
    }
    copies = {
        name: [copy["file_name"] for copy in row["duplicates"]] for name, row in by_name.items()
    }
    assert copies == {"letter.pdf": ["letter-again.pdf"], "broken.pdf": ["broken-again.pdf"]}
    assert by_name["broken.pdf"]["error_code"] == "corrupt-document"
    assert [page["number"] for page in by_name["letter.pdf"]["pages"]] == [1, 2]

    for status, expected, expected_json in [
        ("processing", ["letter.pdf"], ["letter.pdf"]),
        ("failed", ["broken.pdf"], ["broken.pdf"]),
        # The copies themselves; in JSON, the documents that arrived again.
        ("duplicate", ["letter-again.pdf", "broken-again.pdf"], ["letter.pdf", "broken.pdf"]),
        ("done", [], []),
        ("attention", [], []),
    ]:
        for form in ((), ("--json",)):
            answer = docvault(archive_with_duplicates, "documents", "--status", status, *form)
            assert answer.returncode == 0, answer.stderr
            if form:
                names = [row["file_name"] for row in json.loads(answer.stdout)["documents"]]
            else:
                names = [
                    line.split("fax/", 1)[1].split(" ")[0]
                    for line in answer.stdout.split("\n")
                    if line
                ]
            assert sorted(names) == sorted(expected_json if form else expected), (status, form)

    unknown = docvault(archive_with_duplicates, "documents", "--status", "lost")
    assert unknown.returncode == 2
    assert "'lost' is not one of 'processing', 'done', 'attention', 'failed', 'duplicate'" in (
        unknown.stderr
    )


ID_COMMANDS = [
    pytest.param(("delete", "--yes"), "docvault documents", id="delete"),
    pytest.param(("unlock",), "docvault documents", id="unlock"),
    pytest.param(("user", "token", "revoke"), "docvault user token list", id="token-revoke"),
]


@pytest.mark.parametrize(("command", "listing"), ID_COMMANDS)
# 5,000 digits: more than Python's int() converts (it raised a ValueError, a traceback).
@pytest.mark.parametrize("value", [TOO_LARGE, "0", "-1", "\u0661\u0662", "9" * 5000])
def test_an_id_outside_1_to_2_63_is_refused_with_a_sentence(
    tmp_path: Path, command: tuple[str, ...], listing: str, value: str
) -> None:
    answer = docvault(tmp_path, *command, "--", value, stdin="a password\n")

    assert answer.returncode == 2, answer.stderr
    assert "Traceback" not in answer.stderr
    assert (
        f"{value[:40]!r} is not an id: an id is a whole number from 1 to {MAX_ROW_ID} "
        f"(digits 0-9 only); `{listing}` shows the ids in use." in answer.stderr
    ), answer.stderr


@pytest.mark.parametrize(
    ("command", "sentence"),
    [
        pytest.param(("delete", "--yes"), "There is no document", id="delete"),
        pytest.param(("unlock",), "There is no document", id="unlock"),
        pytest.param(
            ("user", "token", "revoke"), "There is no active API token with id", id="token-revoke"
        ),
    ],
)
def test_the_largest_id_is_looked_up_and_not_found(
    tmp_path: Path, command: tuple[str, ...], sentence: str
) -> None:
    answer = docvault(tmp_path, *command, str(MAX_ROW_ID), stdin="a password\n")

    assert answer.returncode == 1, answer.stderr
    assert "Traceback" not in answer.stderr
    assert f"{sentence} {MAX_ROW_ID}" in answer.stderr


def test_the_command_line_bound_is_the_web_bound() -> None:
    from docvault import cli_base
    from docvault.web.context import MAX_ID

    assert cli_base.MAX_ROW_ID == MAX_ID == MAX_ROW_ID


@pytest.mark.parametrize("arguments", [("documents",), ("status",), ("verify",)])
def test_a_database_file_that_is_not_a_database_is_said_in_a_sentence_and_left_alone(
    tmp_path: Path, arguments: tuple[str, ...]
) -> None:
    # A disk error or a copy over the wrong file leaves bytes SQLite cannot read: each
    # command said so with a traceback from SQLAlchemy's connection pool.
    data = tmp_path / "docvault-data"
    data.mkdir()
    damaged = bytes(range(256)) * 64
    (data / "docvault.sqlite3").write_bytes(damaged)
    finished = docvault(tmp_path, *arguments)
    assert finished.returncode == 1
    assert "Traceback" not in finished.stderr
    assert finished.stderr.strip() == (
        f"Error: The database {data / 'docvault.sqlite3'} is not a database docvault can "
        "read (file is not a database): it is damaged, or another file took its name. "
        "Nothing was changed, and the archived originals are untouched. Stop the service "
        "and put back the last backup with `docvault restore BACKUP` (the damaged file is "
        "kept beside it)."
    )
    assert (data / "docvault.sqlite3").read_bytes() == damaged
