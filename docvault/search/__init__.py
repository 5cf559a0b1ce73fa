"""Search: the Whoosh index derived from the database, and the searches it answers.

How a page becomes searchable:
    ``queue.complete`` writes an outbox row with the page's text →
    ``outbox.OutboxDriver`` drains the outbox in batches →
    ``pages.entries_for`` reads each page as an ``IndexEntry`` →
    ``writer.IndexWriter.apply`` commits them (``schema.entry_fields`` makes the fields).
    A missing, outdated or damaged folder is rebuilt beside the old one
    (``pages.rebuild_from_database`` → ``writer.rebuild``) and swapped in.

How a query is answered:
    ``pages.search`` (the CLI, the web view, the API) → ``index.SearchIndex.search``:
    ``language.parse`` → ``evaluate.Evaluation`` over posting lists that
    ``postings.read_postings`` reads → ``index.rank`` groups the pages by document →
    ``highlight.Highlighter`` marks the snippets → ``results.SearchResults``.

The modules, database-free leaves first:

    dates      the date a letter was written; dates as the index's year/month/day words
    schema     IndexEntry, the schema, text analysis, the word-neighbours posting format
    folder     the index folder: version marker, needs_rebuild, stale lock, swap-in
    writer     IndexWriter (the single writer of a folder) and rebuild
    postings   posting lists and segment columns read as arrays: the only module that
               uses Whoosh's internals (``read_postings`` is the seam)
    evaluate   a parsed query evaluated over posting lists: matches, BM25, phrases
    language   the query language: parsing, its checks and bounds, the time limit
    highlight  snippets: the page text around the matched words, escaped and marked
    results    SearchResults and its hits; the JSON form for the CLI and the API
    index      SearchIndex: the folder opened for searches and counts, while it changes
    pages      the database side: the pages that belong in the index, their texts,
               rebuild_from_database, search
    outbox     OutboxDriver: drains the outbox into the writer, rebuilds, repairs

Each module imports only modules above it in this list.
"""

from docvault.search.folder import VERSION_FILE, needs_rebuild
from docvault.search.index import SearchIndex
from docvault.search.outbox import OutboxDriver
from docvault.search.pages import indexable_count, rebuild_from_database, search
from docvault.search.results import (
    DocumentHit,
    DocumentMatches,
    SearchHit,
    SearchResults,
    results_json,
)
from docvault.search.schema import SCHEMA_VERSION, IndexEntry
from docvault.search.writer import IndexWriter, rebuild

__all__ = [
    "SCHEMA_VERSION",
    "VERSION_FILE",
    "DocumentHit",
    "DocumentMatches",
    "IndexEntry",
    "IndexWriter",
    "OutboxDriver",
    "SearchHit",
    "SearchIndex",
    "SearchResults",
    "indexable_count",
    "needs_rebuild",
    "rebuild",
    "rebuild_from_database",
    "results_json",
    "search",
]
