"""Issue 25, against the real daemon: one bad fact no longer stops all indexing, silently.

A date of birth confirmed as "1961-13-01" before facts were checked is written straight
into the database of a running `docvault run` (with its pages in the outbox, as the
confirmation put them there). Before the fix, the index writer failed every two seconds
from then on: no page of any later letter became searchable, `docvault reindex` failed the
same way, and the status still said the index part was running. Now the letter dropped
after it is searchable, the index part says what is wrong (status file, systemd's STATUS=
line, `docvault status`), the problems page names the document, and a reindex completes
and names what it left out.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.documents import letter_pdf

pytestmark = pytest.mark.slow


@pytest.fixture
def daemon(tmp_path: Path, simulator: EngineSimulator) -> Iterator[Daemon]:
    started = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=simulator.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_TEXT_LAYER="prefer",  # the letters' own text: known words to search for
        DOCVAULT_ORIENTATION="false",
    )
    started.start()
    yield started
    started.kill_everything()


def _database(daemon: Daemon) -> sqlite3.Connection:
    return sqlite3.connect(daemon.folder / "docvault-data" / "docvault.sqlite3", timeout=30)


def _drop(daemon: Daemon, seed: int) -> str:
    name = f"letter-{seed}.pdf"
    letter_pdf(daemon.folder / name, 1, seed).rename(daemon.folder / "inbox" / name)
    return name


def _searchable(daemon: Daemon, seed: int) -> list[Any]:
    """The hits for the letter's patient number (its own text layer: 'Patient number N')."""
    hits: list[Any] = daemon.cli_json("search", str(seed * 1000 + 1))["hits"]
    return hits


def _confirm_bad_date(daemon: Daemon, document_id: int) -> None:
    with _database(daemon) as database:
        database.execute(
            "INSERT INTO document_facts (document_id, field, confirmed, confirmed_by, "
            "confirmed_at) VALUES (?, 'born', '1961-13-01', 'nurse', '2026-11-20 10:00:00') "
            "ON CONFLICT (document_id, field) DO UPDATE SET confirmed = excluded.confirmed, "
            "confirmed_by = excluded.confirmed_by, confirmed_at = excluded.confirmed_at",
            (document_id,),
        )
        database.execute(
            "INSERT INTO index_outbox (page_id, document_id, action, created_at) SELECT id, "
            "document_id, 'upsert', '2026-11-20 10:00:00' FROM pages WHERE document_id = ?",
            (document_id,),
        )


def _status_line(daemon: Daemon) -> str:
    try:
        return str(json.loads(daemon.status_file.read_text()).get("status_line", ""))
    except (OSError, ValueError):
        return ""


def test_a_bad_date_leaves_one_letter_out_and_every_other_one_is_indexed(daemon: Daemon) -> None:
    first, second = _drop(daemon, 11), _drop(daemon, 12)
    wait_for(lambda: _searchable(daemon, 11) and _searchable(daemon, 12), 120, "two letters")
    ids = {row["file_name"]: row["id"] for row in daemon.cli_json("documents")["documents"]}
    _confirm_bad_date(daemon, ids[first])

    _drop(daemon, 13)
    wait_for(lambda: _searchable(daemon, 13), 60, "the letter dropped after it to be indexed")
    assert _searchable(daemon, 12), "the others stay searchable"
    assert _searchable(daemon, 11), "and what the index had of the bad one"
    line = wait_for(
        lambda: "index degraded" in _status_line(daemon) and _status_line(daemon),
        30,
        "STATUS= to say what is wrong with the index part",
    )
    assert "1 document(s) cannot be indexed" in line
    status = daemon.cli("status").stdout
    assert "part index: degraded" in status
    assert f"skipped: Document {ids[first]} ({first})" in status
    assert "'1961-13-01'" in status
    client = daemon.logged_in_client()
    try:
        problems = client.get("/problems").text
        page = client.get("/status").text
    finally:
        client.close()
    assert f'<tr data-document-id="{ids[first]}">' in problems
    assert "not a real calendar day" in problems
    assert '<dd id="index-left-out" class="low">1' in page
    assert daemon.stop() == 0, daemon.log.read_text()
    assert "index: unexpected error" not in daemon.log.read_text()

    reindex = daemon.cli("reindex")
    assert "rebuilt with 2 page(s)" in reindex.stdout
    assert f"skipped: Document {ids[first]} ({first})" in reindex.stdout
    assert _searchable(daemon, 12)
    assert _searchable(daemon, 13)
    assert second in {hit["file_name"] for hit in _searchable(daemon, 12)}
