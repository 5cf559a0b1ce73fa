"""The index driver, each engine: outbox replay, rebuild while searching, consistency repair,
deletions, a change of engine."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine

from devtools.daemon import wait_for
from docvault import figures, records
from docvault.errors import SearchIndexError
from docvault.search import (
    VERSION_FILE,
    FolderWriter,
    IndexEntry,
    SearchIndex,
    pages,
    rebuild_from_database,
    search,
)
from docvault.setting_types import IndexEngine
from docvault.vocabulary import PageStatus, SamplingMode
from tests.support.finish import complete
from tests.support.index_writer import ServedWriter

ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]
# Every test here runs with each engine.
pytestmark = pytest.mark.parametrize("engine", ENGINES)

LETTER = "Dear colleague, Mrs Hannelore Brückner was seen today; metoprolol 50 mg continued."


def _finished_page(database: Engine, text: str, sha: str = "a") -> int:
    new = records.NewDocument(
        sha256=sha * 64,
        original_name=f"{sha}.pdf",
        inbox="fax",
        original_path=f"/inbox/{sha}.pdf",
        archive_path=f"archive/{sha}",
        size_bytes=10,
        tags=("cardiology",),
    )
    records.record_document(database, new, 1)
    (claim,) = records.claim(database, "worker", limit=1, lease_seconds=60)
    assert complete(database, claim.page_id, "worker", text, False, [])
    return claim.page_id


def _writer(database: Engine, index: SearchIndex, engine: IndexEngine) -> ServedWriter:
    writer = ServedWriter(database, index, batch_size=100, batch_seconds=0.05, engine=engine)
    writer.start()
    return writer


def _found(database: Engine, index: SearchIndex, query: str) -> list[tuple[str, int]]:
    return [(hit.file_name, hit.page) for hit in search(database, index, query).hits]


def test_a_page_committed_before_a_crash_is_findable_after_restart(
    database: Engine, tmp_path: Path, engine: IndexEngine
) -> None:
    _finished_page(database, LETTER)  # its outbox row is written, the index never saw it
    index = SearchIndex(tmp_path / "index")
    writer = _writer(database, index, engine)
    try:
        assert writer.flush(timeout=30)
        assert _found(database, index, "bruckner") == [("a.pdf", 1)]
        assert figures.outbox_length(database) == 0
    finally:
        writer.stop()


def test_rerunning_a_page_replaces_its_entry_and_deleting_removes_it(
    database: Engine, tmp_path: Path, engine: IndexEngine
) -> None:
    page_id = _finished_page(database, LETTER)
    index = SearchIndex(tmp_path / "index")
    writer = _writer(database, index, engine)
    try:
        assert writer.flush(timeout=30)
        records.request_rerun(database, [page_id], SamplingMode.penalty, states=[PageStatus.done])
        (claim,) = records.claim(database, "worker", limit=1, lease_seconds=60)
        complete(database, claim.page_id, "worker", "Bisoprolol 5 mg instead.", False, [])
        assert writer.flush(timeout=30)
        assert _found(database, index, "metoprolol") == []
        assert _found(database, index, "bisoprolol") == [("a.pdf", 1)]
        records.delete_document(database, claim.document_id)
        assert writer.flush(timeout=30)
        assert _found(database, index, "bisoprolol") == []
    finally:
        writer.stop()


def test_the_consistency_check_repairs_a_page_missing_from_the_index(
    database: Engine, tmp_path: Path, engine: IndexEngine, caplog: pytest.LogCaptureFixture
) -> None:
    page_id = _finished_page(database, LETTER)
    index = SearchIndex(tmp_path / "index")
    writer = _writer(database, index, engine)
    assert writer.flush(timeout=30)
    writer.stop()  # the one writer lets go of the folder
    FolderWriter(tmp_path / "index", engine=engine).apply([], [page_id])  # an entry lost somehow
    index.reopen()
    writer = _writer(database, index, engine)
    try:
        assert writer.flush(timeout=30)
        assert _found(database, index, "metoprolol") == []
        # Asked of the serving thread, as the daemon's timer asks it: Tantivy's writer belongs
        # to that thread, which lets go of it whenever the outbox is empty.
        writer.request_consistency_check()
        wait_for(
            lambda: _found(database, index, "metoprolol") == [("a.pdf", 1)],
            30,
            "the consistency check to write the missing page",
        )
        assert "consistency check repaired 1 missing or stale and 0 extra pages" in caplog.text
    finally:
        writer.stop()


def _hold_the_rebuild(
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[threading.Event, threading.Event]:
    """Make the rebuild wait for `release` once it has started (and set `started`)."""
    started, release = threading.Event(), threading.Event()
    original = pages.all_entries

    def slow_entries(engine: Engine) -> Iterator[IndexEntry]:
        started.set()
        assert release.wait(timeout=30)
        yield from original(engine)

    monkeypatch.setattr(pages, "all_entries", slow_entries)
    return started, release


def test_an_outdated_index_is_rebuilt_while_searches_answer_from_the_old_one(
    database: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, engine: IndexEngine
) -> None:
    _finished_page(database, LETTER)
    directory = tmp_path / "index"
    rebuild_from_database(database, directory, engine=engine)
    (directory / VERSION_FILE).write_text("0\n")  # written by an older docvault
    index = SearchIndex(directory)
    started, release = _hold_the_rebuild(monkeypatch)
    writer = _writer(database, index, engine)
    try:
        assert started.wait(timeout=30)
        assert index.rebuilding
        assert _found(database, index, "metoprolol") == [("a.pdf", 1)]  # the old index answers
        release.set()
        assert writer.flush(timeout=30)
        assert not index.rebuilding
        assert (directory / VERSION_FILE).read_text().strip() != "0"
        assert _found(database, index, "metoprolol") == [("a.pdf", 1)]
    finally:
        release.set()
        writer.stop()


@pytest.mark.usefixtures("damaged_index_files")
def test_a_corrupted_index_is_rebuilt_and_search_says_so_meanwhile(
    database: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, engine: IndexEngine
) -> None:
    _finished_page(database, LETTER)
    directory = tmp_path / "index"
    rebuild_from_database(database, directory, engine=engine)
    for segment in [*directory.glob("*.seg"), *directory.glob("*.idx")]:
        segment.write_bytes(b"\x00garbage" * 64)
    index = SearchIndex(directory)
    started, release = _hold_the_rebuild(monkeypatch)
    writer = _writer(database, index, engine)
    try:
        assert started.wait(timeout=30)
        with pytest.raises(SearchIndexError, match="is being rebuilt from the database"):
            search(database, index, "metoprolol")
        release.set()
        assert writer.flush(timeout=30)
        assert _found(database, index, "metoprolol") == [("a.pdf", 1)]
    finally:
        release.set()
        writer.stop()


def test_turning_stemming_on_rebuilds_the_index_and_stems_find_their_words(
    database: Engine, tmp_path: Path, engine: IndexEngine
) -> None:
    _finished_page(database, "Kontrollen der Herzfrequenz unter Metoprolol.")
    directory = tmp_path / "index"
    rebuild_from_database(database, directory, engine=engine)  # built with stemming off
    index = SearchIndex(directory)
    assert _found(database, index, "kontrolle") == []
    writer = ServedWriter(
        database, index, batch_size=100, batch_seconds=0.05, stemming_language="de", engine=engine
    )
    writer.start()
    try:
        assert writer.flush(timeout=30)
        assert "stemming=de" in (directory / VERSION_FILE).read_text()
        assert _found(database, index, "kontrolle") == [("a.pdf", 1)]
        assert _found(database, index, '"kontrolle der herzfrequenz"') == [("a.pdf", 1)]
        snippet = search(database, index, "kontrolle").hits[0].snippet
        assert "<mark>Kontrollen</mark> der Herzfrequenz" in snippet
    finally:
        writer.stop()


def test_changing_the_engine_rebuilds_the_index_while_the_old_one_answers(
    database: Engine, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, engine: IndexEngine
) -> None:
    """index_engine changed: the other engine's folder answers until the new one is swapped
    in, and the same SearchIndex then reads the new one."""
    _finished_page(database, LETTER)
    directory = tmp_path / "index"
    other: IndexEngine = "tantivy" if engine == "whoosh" else "whoosh"
    rebuild_from_database(database, directory, engine=other)
    index = SearchIndex(directory)
    started, release = _hold_the_rebuild(monkeypatch)
    writer = _writer(database, index, engine)
    try:
        assert started.wait(timeout=30)
        assert _found(database, index, '"metoprolol 50"') == [("a.pdf", 1)]
        release.set()
        assert writer.flush(timeout=30)
        assert f"engine={other}" not in (directory / VERSION_FILE).read_text()
        assert _found(database, index, '"metoprolol 50"') == [("a.pdf", 1)]
        assert sorted(path.name for path in tmp_path.iterdir()) == ["data", "index"]
    finally:
        release.set()
        writer.stop()
