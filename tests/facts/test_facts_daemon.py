"""Issue 18 end to end: a born-digital letter dropped in the inbox of the real daemon gets
its facts proposed when its pages are done, and is found by them."""

from __future__ import annotations

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
