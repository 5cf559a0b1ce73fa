"""Issue 18 end to end: a born-digital letter dropped in the inbox of the real daemon gets
its facts proposed when its pages are done, and is found by them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pymupdf
import pytest

from devtools.daemon import Daemon, wait_for
from tests.support.factsarchive import MUSTERMANN_LETTER


def write_letter(path: Path, text: str) -> None:
    """An A4 PDF whose text layer holds ``text`` line by line (as an office program writes)."""
    with pymupdf.open() as document:
        page = document.new_page(width=595, height=842)
        for number, line in enumerate(text.replace("**", "").splitlines()):
            page.insert_text((60, 60 + 14 * number), line, fontsize=10)
        document.save(path)


@pytest.mark.slow
def test_a_letter_from_the_inbox_is_found_by_its_patient_and_birth_date(tmp_path: Path) -> None:
    daemon = Daemon(tmp_path)
    daemon.start()
    try:
        write_letter(tmp_path / "inbox" / "entlassung.pdf", MUSTERMANN_LETTER)
        wait_for(
            lambda: daemon.cli_json("search", "born:12.3.61")["total"] == 1,
            120,
            "the letter to be read, its facts proposed and indexed",
        )
        found = daemon.cli_json("search", 'patient:mustermann sender:"klinikum nord"')["hits"]
        assert [hit["file_name"] for hit in found] == ["entlassung.pdf"]
        assert daemon.cli_json("search", "patient:musterfrau")["total"] == 0
        client = daemon.logged_in_client()
        try:
            page = client.get(f"/documents/{found[0]['document_id']}")
        finally:
            client.close()
        assert 'data-field="patient" data-state="proposed"' in page.text
        assert 'data-value="Erika Mustermann"' in page.text
    finally:
        daemon.stop()


@pytest.mark.slow
def test_a_letters_facts_come_after_its_reading_and_survive_a_kill_between_the_two(
    tmp_path: Path,
) -> None:
    # The facts part is held at its start: the letter's reading is committed, its facts are
    # only marked due, and the daemon is killed there, as a power cut would.
    hold = tmp_path / "hold-facts"
    hold.touch()
    daemon = Daemon(tmp_path, DOCVAULT_TEST_HOLD_FACTS=str(hold))
    daemon.start()
    try:
        write_letter(tmp_path / "inbox" / "entlassung.pdf", MUSTERMANN_LETTER)
        (document,) = wait_for(
            lambda: [
                row for row in daemon.cli_json("documents")["documents"] if row["status"] == "done"
            ],
            120,
            "the letter to be read",
        )
        assert _marked(tmp_path) == [document["id"]]  # its facts wait to be proposed
        assert document["facts"]["patient"]["value"] is None
        assert daemon.cli_json("search", "born:12.3.61")["total"] == 0
    finally:
        daemon.kill_everything()
    hold.unlink()
    restarted = Daemon(tmp_path)
    restarted.start()
    try:
        wait_for(
            lambda: restarted.cli_json("search", "born:12.3.61")["total"] == 1,
            120,
            "the restarted daemon to propose the letter's facts and index them",
        )
        (described,) = restarted.cli_json("documents")["documents"]
        assert described["facts"]["patient"]["value"] == "Erika Mustermann"
        assert described["facts"]["patient"]["state"] == "proposed"
        assert _marked(tmp_path) == []
    finally:
        restarted.stop()


def _marked(folder: Path) -> list[int]:
    """The documents whose facts wait to be proposed, read from the database file."""
    with sqlite3.connect(folder / "docvault-data" / "docvault.sqlite3") as connection:
        return [row[0] for row in connection.execute("SELECT document_id FROM facts_due")]
