"""The index on real directories, each engine: query language, snippets, writes, rebuild,
damage. Tests that name files of one engine say which."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import threading
from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path

import pytest

from docvault.errors import QuerySyntaxError, SearchIndexError
from docvault.search import (
    SCHEMA_VERSION,
    VERSION_FILE,
    FolderWriter,
    IndexEntry,
    SearchIndex,
    needs_rebuild,
    rebuild,
)
from docvault.search.evaluate import MAX_EXPANSION, MAX_LISTED_WORDS
from docvault.setting_types import IndexEngine

PAGES = {
    1: "# Kardiologie Dr. Weiß\n\nDatum: 12.03.2025\n\nPatient Jürgen Müller, geb. 01.02.1960. "
    "Wir empfehlen Metoprolol.\n\n<table><tr><td>Metoprolol</td><td>50mg</td></tr></table>",
    2: "Seite 2: Kontrolle der Herzfrequenz unter Metoprolol, Blutdruck stabil.",
    3: "Labor Krämer: Kreatinin erhöht, Ramipril pausieren. $\\mathrm{eGFR} = 42$",
    4: 'Röntgen Thorax ohne Befund. <img src="images/bbox_10_20_300_400.jpg" />',
    5: "Befund <script>alert('x')</script> und <img src=x onerror=alert(1)> "
    "&lt;b&gt;fett&lt;/b&gt;",
}


def entry(page_id: int, document_id: int, page_number: int, **overrides: object) -> IndexEntry:
    values: dict[str, object] = {
        "page_id": page_id,
        "document_id": document_id,
        "page_number": page_number,
        "inbox": "fax",
        "tags": (),
        "file_name": f"letter_{document_id}.pdf",
        "received": datetime(2025, 3, 14, 9, 30),
        "document_date": None,
        "status": "done",
        "text": PAGES[page_id],
        "stamp": 100 + page_id,
    }
    values.update(overrides)
    return IndexEntry(**values)  # type: ignore[arg-type]


ENTRIES = [
    entry(
        1,
        10,
        1,
        tags=("kardiologie",),
        document_date=date(2025, 3, 12),
        file_name="fax_20250314_Mueller.pdf",
    ),
    entry(2, 10, 2, tags=("kardiologie",), file_name="fax_20250314_Mueller.pdf"),
    entry(
        3,
        11,
        1,
        inbox="scanner-labor",
        tags=("labor", "dringend"),
        received=datetime(2025, 1, 31, 23, 0),
        document_date=date(2025, 1, 30),
        status="looped",
    ),
    entry(4, 12, 1, inbox="post", received=datetime(2024, 12, 31, 8, 0)),
    entry(5, 13, 1, received=datetime(2025, 4, 1, 0, 0)),
]


def load_texts(page_ids: object) -> dict[int, str]:
    return {page_id: PAGES[page_id] for page_id in page_ids}  # type: ignore[attr-defined]


ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]


@pytest.fixture(params=ENGINES)
def engine(request: pytest.FixtureRequest) -> IndexEngine:
    chosen: IndexEngine = request.param
    return chosen


@pytest.fixture
def directory(tmp_path: Path, engine: IndexEngine) -> Path:
    path = tmp_path / "index"
    FolderWriter(path, engine=engine).apply(ENTRIES, [])
    return path


@pytest.fixture
def whoosh_directory(tmp_path: Path) -> Path:
    path = tmp_path / "index"
    FolderWriter(path, engine="whoosh").apply(ENTRIES, [])
    return path


@pytest.fixture
def search_index(directory: Path) -> Iterator[SearchIndex]:
    opened = SearchIndex(directory)
    yield opened
    opened.close()


def found_pages(search_index: SearchIndex, text: str) -> set[tuple[int, int]]:
    results = search_index.search(text, texts=load_texts)
    return {(hit.document_id, hit.page) for hit in results.hits}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"empfehlen metoprolol"', {(10, 1)}),
        ('"metoprolol empfehlen"', set()),
        ("metop*", {(10, 1), (10, 2)}),
        ("metoprol0l~", {(10, 1), (10, 2)}),  # one OCR edit: o read as 0
        ("mteoprolol~2", {(10, 1), (10, 2)}),
        ("mteoprolol~", {(10, 1), (10, 2)}),  # two letters swapped count as one edit
        ("metoprolol blutdruck", {(10, 2)}),
        ("metoprolol AND blutdruck", {(10, 2)}),
        ("ramipril OR blutdruck", {(10, 2), (11, 1)}),
        ("metoprolol NOT blutdruck", {(10, 1)}),
        ("muller", {(10, 1)}),
        ("MULLER", {(10, 1)}),
        ("Müller", {(10, 1)}),
        ("kramer", {(11, 1)}),
        ("weiss", {(10, 1)}),  # Dr. Weiß
        ("weiß", {(10, 1)}),
        ("weis", set()),
        ("50mg", {(10, 1)}),
        ("metoprolol50mg", set()),
        ("egfr", {(11, 1)}),
        ("mathrm", set()),
        ("bbox", set()),
        ("inbox:scanner-labor", {(11, 1)}),
        ("inbox:post", {(12, 1)}),
        ("tag:dringend", {(11, 1)}),
        ("tag:kardiologie", {(10, 1), (10, 2)}),
        ("file:mueller", {(10, 1), (10, 2)}),
        ("status:looped", {(11, 1)}),
        ("received:2025-03", {(10, 1), (10, 2)}),
        ("received:2024", {(12, 1)}),
        ("received:2025-01-31", {(11, 1)}),
        ("received:>2025-01", {(10, 1), (10, 2), (13, 1)}),
        ("received:>=2025-01-31", {(10, 1), (10, 2), (11, 1), (13, 1)}),
        ("received:<2025-01-31", {(12, 1)}),
        ("received:<=2025-01", {(11, 1), (12, 1)}),
        ("received:[2025-01-01 TO 2025-03-31]", {(10, 1), (10, 2), (11, 1)}),
        ("date:2025-03", {(10, 1)}),
        ("date:[2025-01-01 TO 2025-01-30]", {(11, 1)}),
        ("befund received:2025", {(13, 1)}),
    ],
)
def test_query_finds_exactly_the_expected_pages(
    search_index: SearchIndex, text: str, expected: set[tuple[int, int]]
) -> None:
    assert found_pages(search_index, text) == expected


def test_results_are_grouped_by_document_with_best_page_first(search_index: SearchIndex) -> None:
    results = search_index.search("metoprolol OR ramipril", texts=load_texts, snippet_pages=2)
    assert results.total_documents == 2
    assert results.total_pages == 3
    by_id = {document.document_id: document for document in results.documents}
    assert sorted(hit.page for hit in by_id[10].pages) == [1, 2]
    scores = [hit.score for hit in by_id[10].pages]
    assert scores == sorted(scores, reverse=True)
    assert by_id[10].score == scores[0]
    assert by_id[10].file_name == "fax_20250314_Mueller.pdf"
    assert "<mark>Metoprolol</mark>" in by_id[10].pages[0].snippet


def test_pagination_counts_documents(search_index: SearchIndex) -> None:
    first = search_index.search("received:2025", per_page=2, page=1)
    second = search_index.search("received:2025", per_page=2, page=2)
    assert first.total_documents == second.total_documents == 3
    shown = [d.document_id for d in first.documents] + [d.document_id for d in second.documents]
    assert sorted(shown) == [10, 11, 13]


def test_html_in_page_text_never_reaches_a_snippet_unescaped(search_index: SearchIndex) -> None:
    for text in ("befund", "alert", "fett", "script"):
        results = search_index.search(text, texts=load_texts)
        snippets = [hit.snippet for hit in results.hits if hit.document_id == 13]
        assert snippets, text
        for snippet in snippets:
            without_marks = snippet.replace("<mark>", "").replace("</mark>", "")
            assert "<" not in without_marks, snippet
            assert ">" not in without_marks, snippet
    snippet = search_index.search("fett", texts=load_texts).hits[0].snippet
    assert "&lt;b&gt;<mark>fett</mark>&lt;/b" in snippet
    snippet = search_index.search("script", texts=load_texts).hits[0].snippet
    assert "&lt;<mark>script</mark>&gt;alert(&#x27;x&#x27;)" in snippet
    assert "onerror" not in snippet  # the engines' <img> tags are removed, never shown


def test_snippet_of_a_table_keeps_cells_apart(search_index: SearchIndex) -> None:
    snippet = search_index.search("50mg", texts=load_texts).hits[0].snippet
    assert "Metoprolol <mark>50mg</mark>" in snippet


def test_reupserting_a_page_replaces_its_entry(directory: Path, engine: IndexEngine) -> None:
    FolderWriter(directory, engine=engine).apply(
        [entry(2, 10, 2, text="Nur noch Bisoprolol.", stamp=999)], []
    )
    search_index = SearchIndex(directory)
    assert found_pages(search_index, "blutdruck") == set()
    assert found_pages(search_index, "bisoprolol") == {(10, 2)}
    assert search_index.page_count() == 5
    assert search_index.entry_stamps()[2] == 999


def test_apply_deletes_pages_and_a_documents_pages_all_go(
    directory: Path, engine: IndexEngine
) -> None:
    writer = FolderWriter(directory, engine=engine)
    search_index = SearchIndex(directory)
    writer.apply([], [4])
    assert search_index.page_ids() == {1, 2, 3, 5}
    # A deleted document's pages go as the outbox sends them: each page by its id.
    writer.apply([], [entry.page_id for entry in ENTRIES if entry.document_id == 10])
    assert search_index.page_ids() == {3, 5}
    assert search_index.document_count() == 2
    assert found_pages(search_index, "metoprolol") == set()


@pytest.mark.parametrize(
    "text",
    [
        '"unclosed phrase',
        "(metoprolol",
        "diagnose:hypertonie",
        "received:2025-13",
        "date:>gestern",
        "metoprolol~3",
        "inbox:",
        "metoprolol tag: labor",
        "m*",
        "*prolol",
    ],
)
def test_malformed_query_raises_query_syntax_error(search_index: SearchIndex, text: str) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        search_index.search(text)
    assert repr(text) in str(caught.value)


def test_fresh_directory_is_complete_and_healthy(directory: Path, engine: IndexEngine) -> None:
    assert needs_rebuild(directory, engine=engine) is None
    assert (directory / VERSION_FILE).is_file()
    assert needs_rebuild(directory, stemming_language="de", engine=engine) == (
        f"The search index {directory} was built with index_stemming = off; the setting is now de."
    )
    other: IndexEngine = "tantivy" if engine == "whoosh" else "whoosh"
    assert needs_rebuild(directory, engine=other) == (
        f"The search index {directory} was written by the {engine} engine; the setting "
        f"index_engine is now {other}."
    )
    written = (directory / VERSION_FILE).read_text()
    (directory / VERSION_FILE).write_text(written.replace(str(SCHEMA_VERSION), "2", 1))
    expected = str(SCHEMA_VERSION) if engine == "whoosh" else f"{SCHEMA_VERSION}.1"
    assert needs_rebuild(directory, engine=engine) == (
        f"The search index {directory} was written in index format "
        f"{expected.replace(str(SCHEMA_VERSION), '2', 1)}; this docvault writes format "
        f"{expected}."
    )


def test_a_whoosh_marker_is_as_it_was_before_there_were_two_engines(
    whoosh_directory: Path,
) -> None:
    """An index built before the Tantivy engine existed is not rebuilt for it."""
    assert (whoosh_directory / VERSION_FILE).read_text() == f"{SCHEMA_VERSION} stemming=off\n"


def test_missing_directory_and_missing_marker_need_rebuild(
    directory: Path, engine: IndexEngine
) -> None:
    reason = needs_rebuild(directory.parent / "nowhere", engine=engine)
    assert reason is not None
    assert "does not exist" in reason
    (directory / VERSION_FILE).unlink()
    reason = needs_rebuild(directory, engine=engine)
    assert reason is not None
    assert "version marker" in reason
    with pytest.raises(SearchIndexError):
        FolderWriter(directory, engine=engine)


@pytest.mark.usefixtures("damaged_index_files")
def test_deleted_table_of_contents_needs_rebuild(directory: Path, engine: IndexEngine) -> None:
    for toc in [*directory.glob("*.toc"), *directory.glob("meta.json")]:
        toc.unlink()
    reason = needs_rebuild(directory, engine=engine)
    assert reason is not None
    assert "cannot be opened" in reason
    assert SearchIndex.open_or_none(directory) is None


@pytest.mark.usefixtures("damaged_index_files")
def test_garbage_segment_needs_rebuild(directory: Path, engine: IndexEngine) -> None:
    damaged = [*directory.glob("*.seg"), *directory.glob("*.idx"), *directory.glob("*.store")]
    assert damaged
    for segment in damaged:
        segment.write_bytes(b"\x00garbage" * 64)
    reason = needs_rebuild(directory, engine=engine)
    assert reason is not None
    assert "cannot be opened" in reason


def test_rebuild_swaps_in_a_new_index_while_the_old_one_answers(
    directory: Path, engine: IndexEngine
) -> None:
    search_index = SearchIndex(directory)
    halfway = threading.Event()
    resume = threading.Event()
    answered_during_rebuild: list[set[tuple[int, int]]] = []

    def entries() -> Iterator[IndexEntry]:
        yield entry(1, 10, 1, text="Neu: Candesartan statt Metoprolol.")
        halfway.set()
        assert resume.wait(timeout=10)
        yield entry(3, 11, 1)

    worker = threading.Thread(
        target=rebuild, args=(directory, entries()), kwargs={"engine": engine}
    )
    worker.start()
    assert halfway.wait(timeout=10)
    answered_during_rebuild.append(found_pages(search_index, "blutdruck"))
    resume.set()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert answered_during_rebuild == [{(10, 2)}]
    assert needs_rebuild(directory, engine=engine) is None
    assert found_pages(search_index, "candesartan") == {(10, 1)}
    assert search_index.page_ids() == {1, 3}
    assert [p.name for p in directory.parent.iterdir()] == ["index"]


@pytest.mark.usefixtures("damaged_index_files")
def test_rebuild_replaces_a_corrupt_index(directory: Path, engine: IndexEngine) -> None:
    for toc in [*directory.glob("*.toc"), *directory.glob("meta.json")]:
        toc.unlink()
    progress: list[int] = []
    rebuild(directory, iter(ENTRIES), progress.append, engine=engine)
    assert progress[-1] == len(ENTRIES)
    assert needs_rebuild(directory, engine=engine) is None
    assert found_pages(SearchIndex(directory), "kramer") == {(11, 1)}


def test_lock_left_by_a_killed_writer_is_cleared_at_open(whoosh_directory: Path) -> None:
    directory = whoosh_directory
    script = (
        "import sys, whoosh.index as i\n"
        "w = i.open_dir(sys.argv[1]).writer()\n"
        "print('locked', flush=True)\n"
        "sys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(directory)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "locked\n"
    with pytest.raises(SearchIndexError, match="another process"):
        FolderWriter(directory, engine="whoosh")
    child.kill()
    child.communicate(timeout=10)  # reaps the killed writer and closes its pipes
    writer = FolderWriter(directory, engine="whoosh")
    assert not (directory / "MAIN_WRITELOCK").exists()
    writer.apply([], [5])
    assert SearchIndex(directory).page_ids() == {1, 2, 3, 4}


def test_a_prefix_standing_for_too_many_words_is_refused_with_a_message(
    tmp_path: Path, engine: IndexEngine
) -> None:
    words = " ".join(f"wert{number:04d}" for number in range(MAX_EXPANSION + 1))
    FolderWriter(tmp_path / "index", engine=engine).apply([entry(1, 10, 1, text=words)], [])
    search_index = SearchIndex(tmp_path / "index")
    assert found_pages(search_index, "wert00*") == {(10, 1)}  # 100 words: searched
    texts = {1: words}
    [hit] = search_index.search("wert00*", texts=lambda ids: {i: texts[i] for i in ids}).hits
    assert hit.snippet.startswith("<mark>wert0000</mark> <mark>wert0001</mark>")
    with pytest.raises(QuerySyntaxError) as caught:
        search_index.search("wert*")
    assert str(caught.value) == (
        "In the search 'wert*', 'wert*' stands for 1,025 different words; docvault "
        "searches at most 1,024: type more letters of the word."
    )


def test_a_range_or_fuzzy_word_listing_too_many_index_words_is_refused_with_a_sentence(
    tmp_path: Path, engine: IndexEngine
) -> None:
    """Issue 44 (LOW): a range or a fuzzy word listed up to 200,000 index words, compared
    one by one in Python, before the time limit was looked at (4 s each)."""
    words = " ".join(f"w{number:05d}" for number in range(MAX_LISTED_WORDS + 500))
    FolderWriter(tmp_path / "index", engine=engine).apply([entry(1, 10, 1, text=words)], [])
    search_index = SearchIndex(tmp_path / "index")
    refused = ["[w0 TO w3]"]
    if engine == "tantivy":  # Whoosh's automaton walks the term list and lists only matches
        refused.append("w00000~2")
    else:
        assert found_pages(search_index, "w00000~2") == {(10, 1)}
    for text in refused:
        with pytest.raises(QuerySyntaxError) as caught:
            search_index.search(text)
        assert str(caught.value) == (
            f"In the search {text!r}, finding the words {text!r} stands for would compare it "
            f"with more than {MAX_LISTED_WORDS:,} words of the index, so it was not searched: "
            "type more letters of the word, keep its first letters the same (as in word~2/2), "
            "or narrow the range."
        )
    assert found_pages(search_index, "[w00000 TO w00100]") == {(10, 1)}  # 101 words
    assert found_pages(search_index, "w0000~2/4") == {(10, 1)}


def test_snippets_mark_the_word_as_the_page_spells_it(search_index: SearchIndex) -> None:
    assert "<mark>Weiß</mark>" in search_index.search("weiss", texts=load_texts).hits[0].snippet
    snippet = search_index.search("MULLER", texts=load_texts).hits[0].snippet
    assert "Jürgen <mark>Müller</mark>" in snippet


def test_every_page_is_found_by_a_star_a_blank_one_too(
    directory: Path, engine: IndexEngine
) -> None:
    blank = dataclasses.replace(ENTRIES[-1], page_id=6, document_id=14, text="", stamp=106)
    FolderWriter(directory, engine=engine).apply([blank], [])  # a blank fax page
    search_index = SearchIndex(directory)

    def pages(text: str) -> set[tuple[int, int]]:
        return {(hit.document_id, hit.page) for hit in search_index.search(text).hits}

    assert len(pages("*")) == 6
    assert (14, 1) in pages("* inbox:fax")
    assert pages("* NOT inbox:fax") == {(11, 1), (12, 1)}
