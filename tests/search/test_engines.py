"""The two index engines side by side: the same words, the same pages for the same search,
and the Tantivy engine's folder kept as trustworthy as Whoosh's.

- The page text's words made for Tantivy (``docvault.search.words``) are the Whoosh
  analyzer's, for any text.
- Searches generated from the query language's grammar find the same pages, and count the
  same pages and documents, on a Whoosh and a Tantivy index of the same pages written with
  the same history (tests/support/liveindex.py).
- The folder: one Tantivy writer (a second is refused while the first lives, and not after
  it died); with either engine, a rebuild killed halfway leaves the old index answering
  (the version marker, written last, is missing from the unfinished folder), and
  merged-away segments do not pile up as pages are written again and again; a full or
  read-only disk under a Tantivy index is a server fault.
- An archive split by department, one index per host: each finds what the whole archive
  finds in that department's inbox.
"""

from __future__ import annotations

import contextlib
import functools
import os
import random
import signal
import subprocess
import sys
import warnings
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whoosh.analysis.tokenizers import default_pattern

from devtools.index_compaction import compact
from docvault.errors import (
    QuerySyntaxError,
    SearchIndexError,
    ServerFault,
    StorageReadOnly,
)
from docvault.search import (
    VERSION_FILE,
    FolderWriter,
    IndexEntry,
    SearchIndex,
    SearchResults,
    needs_rebuild,
    tantivy_reader,
    writer,
)
from docvault.search.folder import collect_leaked_segment_files
from docvault.search.schema import text_analyzer
from docvault.search.words import WORD, page_words
from docvault.setting_types import IndexEngine
from tests.support.liveindex import COMMON, DOSES, DRUGS, INBOXES, TAGS, build_live_index
from tests.support.mounts import fill, mount_problem, remount, tmpfs

ENGINES: list[IndexEngine] = ["whoosh", "tantivy"]

# ----------------------------------------------------------------------------- words

# Letters that fold, case rules that depend on context (a word-final Σ, the Turkish İ),
# digits of other scripts, fractions and marks that are no letters, Whoosh's * and .
LETTERS = "aAzZßẞæŒüÜéÉøØłŁΣσςİıΑΩ½²µ٣５ｆＦ0129_*.-/ \n\t\u0301\u00a0'’"


def test_the_word_pattern_is_whooshs() -> None:
    assert WORD.pattern == default_pattern.pattern.replace("(", "(?:", 1)


@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=LETTERS, max_size=60) | st.text(max_size=40),
    stemming=st.sampled_from([None, "de", "en"]),
)
def test_page_words_are_the_whoosh_analyzers_words(text: str, stemming: str | None) -> None:
    expected = [token.text for token in text_analyzer(stemming)(text)]
    assert page_words(text, stemming) == expected


# ----------------------------------------------------------------------------- same pages


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SearchIndex, SearchIndex]]:
    """A Whoosh and a Tantivy index of the same pages, written with the same history."""
    root = tmp_path_factory.mktemp("engines")
    build_live_index(root / "whoosh")
    build_live_index(root / "tantivy", engine="tantivy")
    whoosh, tantivy = SearchIndex(root / "whoosh"), SearchIndex(root / "tantivy")
    yield whoosh, tantivy
    whoosh.close()
    tantivy.close()


WORDS = [*COMMON, *(drug.lower() for drug in DRUGS), *DOSES, "MÜLLER", "weiss", "nichtda"]
word = st.sampled_from(WORDS)
prefix = word.filter(lambda text: len(text) >= 3).flatmap(
    lambda text: st.integers(2, min(5, len(text))).map(lambda size: text[:size] + "*")
)
wildcard = word.filter(lambda text: len(text) >= 4).flatmap(
    lambda text: st.tuples(st.integers(2, len(text) - 1), st.sampled_from("?*")).map(
        lambda cut: text[: cut[0]] + cut[1] + text[cut[0] + 1 :]
    )
)
fuzzy = st.tuples(word, st.sampled_from(["~", "~2", "~1/2", "~2/1"])).map("".join)
phrase = st.lists(word, min_size=2, max_size=3).map(lambda words: '"' + " ".join(words) + '"')
sloppy = st.tuples(phrase, st.integers(0, 4)).map(lambda parts: f"{parts[0]}~{parts[1]}")
fact = st.sampled_from(
    ["patient:müller", 'patient:"anna weiss"', "patient:oztrk~", "born:1961", "born:>=1970-06",
     "file:metoprolol", "file:ramip*", "file:[a TO n]", "file:{fax TO pdf]", "date:2024-02",
     "date:[2024-01-01 TO 2024-03-31]"]
)  # fmt: skip
RECEIVED = ["received:2024-03", "received:>2024-06", "received:<=2024-02-10",
            "received:[2024-02-01 TO 2024-05-31]", "received:2025"]  # fmt: skip
filters = st.one_of(
    st.sampled_from(INBOXES).map(lambda inbox: f"inbox:{inbox}"),
    st.sampled_from(TAGS).map(lambda tag: f"tag:{tag}"),
    st.sampled_from(["status:done", "status:looped"]),
    st.sampled_from(RECEIVED),
    fact,
)
atom = st.one_of(word, word, prefix, wildcard, fuzzy, phrase, sloppy, filters, st.just("*"))
search_text = st.recursive(
    atom,
    lambda inner: st.one_of(
        st.tuples(inner, inner).map(lambda parts: f"{parts[0]} {parts[1]}"),
        st.tuples(inner, inner).map(lambda parts: f"({parts[0]} OR {parts[1]})"),
        st.tuples(inner, inner).map(lambda parts: f"{parts[0]} AND NOT {parts[1]}"),
        st.tuples(inner, inner).map(lambda parts: f"{parts[0]} ANDMAYBE {parts[1]}"),
        inner.map(lambda part: f"NOT ({part})"),
        inner.map(lambda part: f"({part})^2"),
    ),
    max_leaves=4,
)


def _answer(index: SearchIndex, text: str) -> tuple[set[tuple[int, int]], int, int] | str:
    try:
        results = index.search(text, per_page=10_000, snippet_pages=0)
    except QuerySyntaxError as error:
        return error.message
    pages = {(hit.document_id, hit.page) for hit in results.hits}
    return pages, results.total_pages, results.total_documents


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=search_text)
def test_a_search_finds_the_same_pages_on_both_engines(
    both: tuple[SearchIndex, SearchIndex], text: str
) -> None:
    whoosh, tantivy = both
    assert _answer(tantivy, text) == _answer(whoosh, text)


# ----------------------------------------------------------------------------- beyond one host


@pytest.fixture(scope="module")
def departments(
    tmp_path_factory: pytest.TempPathFactory, both: tuple[SearchIndex, SearchIndex]
) -> Iterator[dict[IndexEngine, dict[str, SearchIndex]]]:
    """The archive of ``both`` split by inbox, as hosts of their own would hold it (docs/
    admin/search.md, "Beyond one machine"): one index per inbox and engine."""
    root = tmp_path_factory.mktemp("departments")
    pages = build_live_index(root / "history")
    split: dict[IndexEngine, dict[str, SearchIndex]] = {}
    for engine in ENGINES:
        split[engine] = {}
        for inbox in INBOXES:
            directory = root / engine / inbox
            own = [entry for entry in pages if entry.inbox == inbox]
            index_writer = FolderWriter(directory, engine=engine)
            index_writer.apply(own, [])
            index_writer.close()
            split[engine][inbox] = SearchIndex(directory)
    yield split
    for opened in (index for hosts in split.values() for index in hosts.values()):
        opened.close()


@pytest.mark.parametrize("engine", ENGINES)
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(text=search_text, inbox=st.sampled_from(INBOXES))
def test_a_department_host_finds_what_the_whole_archive_finds_in_its_inbox(
    both: tuple[SearchIndex, SearchIndex],
    departments: dict[IndexEngine, dict[str, SearchIndex]],
    engine: IndexEngine,
    text: str,
    inbox: str,
) -> None:
    """An archive served by several hosts, one per department: a search on a department's
    own host finds exactly the pages the whole archive finds for it with ``inbox:``. Only
    the ranking may differ (each index counts its own word frequencies)."""
    whole = both[ENGINES.index(engine)]
    found = _answer(whole, f"({text}) inbox:{inbox}")
    if isinstance(found, str):
        return  # refused on the whole archive; its own words may be fewer on one host
    answered = _answer(departments[engine][inbox], text)
    assert not isinstance(answered, str), answered
    assert answered[0] == found[0]


@pytest.mark.parametrize(
    "text",
    ['"der die"', '"und der die das"', '"patient und der"', '"mit metoprolol"', '"der der"',
     '"die der"~3', "der AND NOT \"der die\""],
)  # fmt: skip
def test_phrases_of_common_words_find_the_same_pages(
    both: tuple[SearchIndex, SearchIndex], text: str
) -> None:
    """Two common words side by side are one term of Tantivy's pairs field."""
    whoosh, tantivy = both
    found = _answer(whoosh, text)
    assert not isinstance(found, str), found
    assert found[0], text
    assert _answer(tantivy, text) == found


def test_many_matching_pages_show_the_same_documents_with_an_estimated_count(
    both: tuple[SearchIndex, SearchIndex],
) -> None:
    """Past EXACT_DOCUMENT_COUNT_PAGES matching pages the Tantivy engine reads only the best
    pages: the documents shown, and their pages, are still the best; the number of pages is
    exact, the number of documents an estimate, and said to be one."""
    whoosh, tantivy = both
    exact = [tantivy.search("der", page=page, per_page=7) for page in (1, 2, 5)]
    # The same folder opened with bounds this small index passes: 5 pages read first, the
    # documents counted exactly up to 10 matching pages.
    bounds = tantivy_reader.PageBounds(first=5, exact_count=10)
    opening = functools.partial(tantivy_reader.TantivyOpening, bounds=bounds)
    bounded = SearchIndex(tantivy.directory, openings={"tantivy": opening})
    try:
        _compare_bounded(bounded, whoosh, exact)
    finally:
        bounded.close()


def _compare_bounded(bounded: SearchIndex, whoosh: SearchIndex, exact: list[SearchResults]) -> None:
    for page, expected in zip((1, 2, 5), exact, strict=True):
        estimated = bounded.search("der", page=page, per_page=7)
        assert [document.document_id for document in estimated.documents] == [
            document.document_id for document in expected.documents
        ]
        assert estimated.hits == expected.hits
        assert estimated.total_pages == expected.total_pages == whoosh.search("der").total_pages
        assert estimated.documents_estimated
        assert not expected.documents_estimated
        assert abs(estimated.total_documents - expected.total_documents) <= 3


def test_a_phrase_with_too_many_arrangements_is_refused_with_a_sentence(
    both: tuple[SearchIndex, SearchIndex],
) -> None:
    _, tantivy = both
    with pytest.raises(QuerySyntaxError) as caught:
        tantivy.search('"der die das und"~7')
    assert caught.value.message == (
        "The phrase 'der die das und'~7 stands for 343 arrangements of its words; docvault's "
        "Tantivy engine searches at most 256: use a smaller number after ~, or fewer words."
    )


# ----------------------------------------------------------------------------- the folder


def _entry(page_id: int, text: str) -> IndexEntry:
    received = datetime(2025, 3, 14, 9, 30)
    return IndexEntry(
        page_id, page_id, 1, "fax", (), "a.pdf", received, None, "done", text, page_id
    )


HOLD_THE_WRITER = """
import sys, time
from docvault.search.folder import open_tantivy
writer = open_tantivy(sys.argv[1]).writer(15_000_000, 1)
print("locked", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def _killed_after(script: str, directory: Path, says: str, *arguments: str) -> Iterator[None]:
    """Run ``script`` on ``directory`` (and ``arguments``) in a child process until it says
    ``says``; the body runs then, and the child is killed after it (SIGKILL: no clean-up of
    its own)."""
    child = subprocess.Popen(
        [sys.executable, "-c", script, str(directory), *arguments],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    try:
        assert child.stdout.readline() == says + "\n"
        yield
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=10)


def test_one_tantivy_writer_a_second_is_refused_until_the_first_is_gone(tmp_path: Path) -> None:
    directory = tmp_path / "index"
    FolderWriter(directory, engine="tantivy").apply([_entry(1, "Metoprolol")], [])
    refused = pytest.raises(SearchIndexError, match="being written by another process")
    with _killed_after(HOLD_THE_WRITER, directory, "locked"), refused:
        FolderWriter(directory, engine="tantivy")
    # The writer died: the kernel let go of its lock.
    second = FolderWriter(directory, engine="tantivy")
    second.apply([_entry(2, "Ramipril")], [])
    assert SearchIndex(directory).page_ids() == {1, 2}


KILLED_HALFWAY = """
import sys
from datetime import datetime
from pathlib import Path
from docvault.search import IndexEntry, rebuild

def entries():
    for page_id in range(1, 2001):
        if page_id == 1000:
            print("halfway", flush=True)
            sys.stdin.read()  # killed here
        yield IndexEntry(page_id, page_id, 1, "fax", (), "b.pdf", datetime(2025, 1, 1), None,
                         "done", f"Candesartan Seite {page_id}", page_id)

rebuild(Path(sys.argv[1]), entries(), engine=sys.argv[2])
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rebuild_killed_halfway_leaves_the_old_index_answering(
    tmp_path: Path, engine: IndexEngine
) -> None:
    directory = tmp_path / "index"
    FolderWriter(directory, engine=engine).apply([_entry(1, "Metoprolol 50mg")], [])
    search_index = SearchIndex(directory)
    with _killed_after(KILLED_HALFWAY, directory, "halfway", engine):
        pass
    [unfinished] = tmp_path.glob("index.new-*")
    assert any(unfinished.iterdir())  # pages were being written into it
    assert not (unfinished / VERSION_FILE).exists()  # never finished: never swapped in
    assert needs_rebuild(unfinished, engine=engine) is not None
    assert needs_rebuild(directory, engine=engine) is None
    assert [hit.document_id for hit in search_index.search("metoprolol").hits] == [1]
    assert search_index.search("candesartan").hits == []
    writer.rebuild(directory, iter([_entry(7, "Candesartan")]), engine=engine)
    assert [path.name for path in tmp_path.iterdir()] == ["index"]  # the leftover is gone
    assert [hit.document_id for hit in search_index.search("candesartan").hits] == [7]


def _folder_bytes(directory: Path) -> int:
    """The folder's size now. Tantivy's merge threads keep writing beside the test: a
    temporary file listed may be gone (renamed or deleted) by the time it is measured."""
    total = 0
    for path in directory.iterdir():
        with contextlib.suppress(FileNotFoundError):
            total += path.stat().st_size
    return total


REWRITTEN_PAGES = 300
REWRITE_COMMITS = 150
REWRITE_BATCH = 60


@pytest.mark.parametrize("engine", ENGINES)
def test_pages_written_again_and_again_do_not_pile_up_on_disk(
    tmp_path: Path, engine: IndexEngine
) -> None:
    """150 commits of 60 of the 300 pages, drawn at random, as the outbox driver writes them
    (a searcher reopened after each commit, no optimize): each page is written 31 times in
    all, so a folder that kept every version would grow to about 31 times a fresh build.
    The engine's merges fold the thinned-out segments together and delete the merged-away
    files (Tantivy once no searcher holds them): the folder stays within a few times the
    fresh build at every commit, however long it runs."""
    texts = [f"Metoprolol {number} mg, Kontrolle der Werte am {number}. Tag"
             for number in range(REWRITTEN_PAGES)]  # fmt: skip
    fresh = tmp_path / "fresh"
    writer.rebuild(fresh, iter([_entry(number + 1, text) for number, text in enumerate(texts)]),
                   engine=engine)  # fmt: skip
    directory = tmp_path / "index"
    index_writer = FolderWriter(directory, engine=engine)
    index_writer.apply([_entry(number + 1, text) for number, text in enumerate(texts)], [])
    search_index = SearchIndex(directory)
    rng = random.Random(32)
    sizes = []
    for commit in range(REWRITE_COMMITS):
        chosen = rng.sample(range(REWRITTEN_PAGES), REWRITE_BATCH)
        index_writer.apply([_entry(number + 1, f"{texts[number]} Lauf {commit}")
                            for number in chosen], [])  # fmt: skip
        search_index.reopen()
        assert search_index.search("metoprolol").total_pages == REWRITTEN_PAGES
        sizes.append(_folder_bytes(directory) / _folder_bytes(fresh))
    written = (REWRITTEN_PAGES + REWRITE_COMMITS * REWRITE_BATCH) / REWRITTEN_PAGES
    assert written == 31
    assert max(sizes) < 6, sizes  # measured: at most 3.9 (Tantivy), 4.4 (Whoosh)
    index_writer.close()
    compact(directory, engine)  # Tantivy: what no searcher holds any more; Whoosh: one segment
    search_index.reopen()
    assert _folder_bytes(directory) < 3 * _folder_bytes(fresh)


def _fault_of_a_batch(index_writer: FolderWriter, entries: list[IndexEntry]) -> str:
    """The sentence of the server fault a batch meets, kept as the outbox driver keeps it:
    the error itself is dropped and the files of the commit that failed are reclaimed
    (Whoosh leaves them open in reference cycles, and the disk could not be remounted)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            index_writer.apply(entries, [])
        except ServerFault as fault:
            sentence = fault.message
        else:
            raise AssertionError("the batch was written on a full disk")
        collect_leaked_segment_files()
    return sentence


@pytest.mark.parametrize("engine", ENGINES)
def test_a_full_or_read_only_disk_under_the_index_is_a_server_fault(
    tmp_path: Path, engine: IndexEngine
) -> None:
    """The index's disk full, then remounted read-only: the writer says the server fault
    (waited out by the outbox driver, docs/admin/faults.md), not a damaged index to rebuild;
    searches answer as at the last commit; writing goes on once the disk is back. The daemon
    meets it in tests/runtime/test_faults_daemon.py with the default engine."""
    if (problem := mount_problem()) is not None:
        pytest.skip(problem)
    with tmpfs(tmp_path / "disk", 8 * 1024 * 1024) as disk:
        directory = disk / "index"
        index_writer = FolderWriter(directory, engine=engine)
        index_writer.apply([_entry(1, "Metoprolol 50mg")], [])
        search_index = SearchIndex(directory)
        filler = fill(disk)
        many = [_entry(page, f"Candesartan {page} " + "Kontrolle " * 400) for page in range(2, 60)]
        assert "The disk holding the search index" in _fault_of_a_batch(index_writer, many)
        assert needs_rebuild(directory, engine=engine) is None
        assert [hit.document_id for hit in search_index.search("metoprolol").hits] == [1]
        filler.unlink()
        remount(disk, "ro")
        with pytest.raises(StorageReadOnly, match="holding the search index"):
            index_writer.apply(many, [])
        remount(disk, "rw")
        index_writer.apply(many, [])
        index_writer.close()
        search_index.reopen()
        assert search_index.search("candesartan").total_pages == len(many)
        search_index.close()


@pytest.mark.parametrize("text", ["metoprolol", '"metoprolol 10mg"', "metop*", "ramipri~", "*"])
def test_the_viewer_is_given_the_same_pages_and_words_by_both_engines(
    both: tuple[SearchIndex, SearchIndex], text: str
) -> None:
    whoosh, tantivy = both
    for document_id in (1, 2, 7, 40):
        expected = whoosh.document_matches(text, document_id)
        found = tantivy.document_matches(text, document_id)
        assert sorted(found.pages) == sorted(expected.pages)
        assert found.words == expected.words
