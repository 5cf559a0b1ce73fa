"""From an inbox to a search hit with the real daemon, the real CPU engine and real scans."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import httpx
import pytest

from devtools.daemon import Daemon, wait_for
from docvault.vocabulary import FINISHED_PAGE_STATES

PDF = "ocrmypdf__c02-22.pdf"  # a scanned book page: "We scrouched down and laid still."
TIFF = "paperless__multi-page-images.tiff"  # 3 pages: "This is a multi page document. Page N"
FINISHED = [str(status) for status in FINISHED_PAGE_STATES]


def _settled(daemon: Daemon) -> int:
    """Pages the CPU engine has finished with, whatever their status (from the database:
    a `docvault status` at every look took CPU from the engine being waited on)."""
    pages = daemon.page_counts()
    return sum(pages.get(status, 0) for status in FINISHED)


@pytest.mark.slow
def test_a_scan_dropped_in_the_inbox_is_found_at_its_page(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    daemon = Daemon(tmp_path)
    daemon.start()
    try:
        inbox = tmp_path / "inbox"
        for name in (PDF, TIFF):
            shutil.copy(fixtures_dir / name, inbox / name)
        wait_for(lambda: _settled(daemon) == 4, 300, "4 pages to be read by the CPU engine")
        # Every page plainly done: the book page's engraving (its twigs' hatching) is a
        # picture, not text lines the engine left unread (issue 47).
        assert daemon.cli_json("status")["pages"].get("done") == 4
        wait_for(
            lambda: daemon.cli_json("search", "scrouched")["total"] == 1,
            30,
            "the index writer to commit",
        )

        found = daemon.cli_json("search", "scrouched")["hits"]
        assert [(hit["file_name"], hit["page"]) for hit in found] == [(PDF, 1)]
        assert "<mark>scrouched</mark>" in found[0]["snippet"]
        phrase = daemon.cli_json("search", '"page 2"')["hits"]
        assert [(hit["file_name"], hit["page"]) for hit in phrase] == [(TIFF, 2)]

        anonymous = httpx.get(daemon.url("/"), params={"q": "scrouched"}, timeout=10)
        assert anonymous.status_code == 303
        assert anonymous.headers["location"].startswith("/login")
        client = daemon.logged_in_client()
        try:
            page = client.get("/", params={"q": "scrouched"})
        finally:
            client.close()
        assert page.status_code == 200
        assert PDF in page.text
        assert "<mark>scrouched</mark>" in page.text

        documents = daemon.cli_json("documents")["documents"]
        for document in documents:
            original = (fixtures_dir / document["file_name"]).read_bytes()
            archived = (tmp_path / "docvault-data" / document["archive_path"]).read_bytes()
            assert hashlib.sha256(archived).hexdigest() == document["sha256"]
            assert archived == original
        processed = sorted(path.name for path in (inbox / "processed").rglob("*.*"))
        assert processed == sorted([PDF, TIFF])
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
