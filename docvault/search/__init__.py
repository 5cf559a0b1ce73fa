"""Search: the index derived from the database, and the searches it answers.

Two engines keep the index, chosen by the setting ``index_engine``: Tantivy (Rust, the
default, fast enough for a hospital's millions of pages) and Whoosh (pure Python, enough
for a clinic's archive). Both are written and searched through the same front
(``FolderWriter``, ``rebuild``, ``SearchIndex``, ``OutboxDriver``, ``pages.search``), read
the same query language and find the same pages; the folder's version marker says which
engine wrote it. Each stage tells the engines apart in one table and nowhere else:
``folder.FORMATS`` (a folder's format, how it is made and checked), ``writer.ENGINES``
(writing: an ``EngineWriter`` and a build) and ``index.OPENINGS`` (reading: an ``Opening``).

Names: the *index writer* is the daemon's part that keeps the index up to date, the
``OutboxDriver``; the ``FolderWriter`` it holds is the single writer of the index folder.

How a page becomes searchable:
    ``records.complete_many`` writes an outbox row with the page's text →
    ``outbox.OutboxDriver`` (the index writer) drains the outbox in batches →
    ``pages.entries_for`` reads each page as an ``IndexEntry`` →
    ``writer.FolderWriter.apply`` commits them (``schema.entry_fields`` makes the fields;
    Tantivy's writer, ``tantivy_writer``, makes its documents of them: ``tantivy_schema``).
    A missing, outdated or damaged folder is rebuilt beside the old one
    (``pages.rebuild_from_database`` → ``writer.rebuild``) and swapped in.

How a query is answered:
    ``pages.search`` (the CLI, the web view, the API) → ``index.SearchIndex.search``:
    ``language.parse`` → the folder's engine: ``whoosh_reader`` (``evaluate.Evaluation``
    over posting lists that ``postings.read_postings`` reads) or ``tantivy_reader``
    (``tantivy_query.Translation`` makes a Tantivy query) → ``reader.rank`` groups the
    pages by document → ``highlight.Highlighter`` marks the snippets →
    ``results.SearchResults``.

The modules, database-free leaves first:

    dates      the date a letter was written; dates as the index's year/month/day words
    glue       words the CPU engine glued, cut into their parts (the ``parts`` field)
    schema     IndexEntry, the schema, text analysis, the word-neighbours posting format
    words      the page text's words as the schema's analyzer makes them, faster (Tantivy)
    tantivy_schema  the Tantivy schema; a page as a Tantivy document; common-word pairs
    folder     the index folder: version marker (with its engine), needs_rebuild, stale
               lock, swap-in
    tantivy_writer  the Tantivy engine's single writer and its builds
    writer     FolderWriter (the single writer of a folder, either engine, through its
               EngineWriter) and rebuild; ENGINES, the engines' writing
    postings   posting lists and segment columns read as arrays: the only module that
               uses Whoosh's internals (``read_postings`` is the seam)
    evaluate   a parsed query evaluated over posting lists: matches, BM25, phrases
    language   the query language: parsing, its checks and bounds, the time limit
    tantivy_query  a parsed query as a Tantivy query that finds the same pages
    highlight  snippets: the page text around the matched words, escaped and marked
    results    SearchResults and its hits; the JSON form for the CLI and the API
    reader     what SearchIndex needs of an engine's opened folder; rank
    whoosh_reader   the Whoosh engine's searching
    tantivy_reader  the Tantivy engine's searching
    index      SearchIndex: the folder opened for searches and counts, while it changes;
               OPENINGS, the engines' reading
    pages      the database side: the pages that belong in the index, their texts,
               rebuild_from_database, search
    outbox     OutboxDriver: drains the outbox into the writer, rebuilds, repairs

Each module imports only modules above it in this list.
"""

from docvault.search.folder import VERSION_FILE, needs_rebuild
from docvault.search.index import SearchIndex
from docvault.search.language import facts_matched
from docvault.search.marking import WordMarker
from docvault.search.outbox import OutboxDriver
from docvault.search.pages import (
    index_problems,
    indexable_count,
    problem_count,
    rebuild_from_database,
    retry_now,
    search,
)
from docvault.search.results import (
    DocumentHit,
    DocumentMatches,
    SearchHit,
    SearchResults,
    behind_sentence,
    results_json,
)
from docvault.search.schema import SCHEMA_VERSION, IndexEntry
from docvault.search.writer import FolderWriter, rebuild

__all__ = [
    "SCHEMA_VERSION",
    "VERSION_FILE",
    "DocumentHit",
    "DocumentMatches",
    "FolderWriter",
    "IndexEntry",
    "OutboxDriver",
    "SearchHit",
    "SearchIndex",
    "SearchResults",
    "WordMarker",
    "behind_sentence",
    "facts_matched",
    "index_problems",
    "indexable_count",
    "needs_rebuild",
    "problem_count",
    "rebuild",
    "rebuild_from_database",
    "results_json",
    "retry_now",
    "search",
]
