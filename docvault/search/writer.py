"""How a page becomes searchable: the single writer of the index folder, and rebuilds.

A stage leaf: ``IndexEntry`` values in, commits out; no database. The database is the truth;
this index is derived from it and can always be rebuilt (``rebuild``) from ``IndexEntry``
values (``docvault.search.pages`` reads them, ``docvault.search.outbox`` drives this writer).
Both engines are written through here: Whoosh's by the code below, Tantivy's by
``docvault.search.tantivy_writer``.

- ``IndexWriter`` is the single writer (one thread of one process owns it): ``apply`` puts a
  batch of upserts and deletes into one commit.
- ``rebuild`` builds a new sibling folder and swaps it in (``docvault.search.folder``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from whoosh import index

from docvault.config import DEFAULT_INDEX_ENGINE, IndexEngine
from docvault.errors import SearchIndexError
from docvault.runtime import Place, fault_of
from docvault.search.folder import (
    REBUILD_ADVICE,
    clear_stale_lock,
    create_empty,
    is_unmade,
    needs_rebuild,
    remove_leftovers,
    swap_in,
    write_marker,
)
from docvault.search.schema import IndexEntry, build_schema, entry_fields
from docvault.search.tantivy_writer import TantivyWriter, build_tantivy

# Whoosh's own default for one writer's indexing buffer; a batch of 500 pages (about 2.5 MB
# of text) fits well inside it.
WRITER_MEMORY_MB = 128


class IndexWriter:
    """The single writer of one index directory; call it from one thread only.

    A missing directory is created empty (with its version marker). A directory that needs
    a rebuild is refused with SearchIndexError: the caller runs ``rebuild`` instead.
    """

    def __init__(
        self,
        directory: Path,
        stemming_language: str | None = None,
        engine: IndexEngine = DEFAULT_INDEX_ENGINE,
    ) -> None:
        self.directory = directory
        self.stemming_language = stemming_language
        self.engine = engine
        if is_unmade(directory):
            create_empty(directory, stemming_language, engine)
        if engine == "whoosh":
            clear_stale_lock(directory)
        reason = needs_rebuild(directory, stemming_language, engine)
        if reason is not None:
            raise SearchIndexError(f"{reason} {REBUILD_ADVICE}")
        self._writer: WhooshWriter | TantivyWriter = (
            TantivyWriter(directory, stemming_language)
            if engine == "tantivy"
            else WhooshWriter(directory)
        )

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit."""
        self._writer.apply(upserts, deletes)

    def delete_document(self, document_id: int) -> None:
        """Remove every page of a document."""
        self._writer.delete_document(document_id)

    def optimize(self) -> None:
        """Whoosh: merge all segments into one. Tantivy merges by its own policy in the
        background: delete the files of the segments its merges replaced."""
        if isinstance(self._writer, TantivyWriter):
            self._writer.collect_garbage()
        else:
            self._writer.optimize()

    def release(self) -> None:
        """Between batches, when no page waits: Tantivy finishes its merges and lets go of
        the folder's lock and files until the next commit (Whoosh holds none between
        commits)."""
        if isinstance(self._writer, TantivyWriter):
            self._writer.release()

    def close(self) -> None:
        """Let go of the folder (Tantivy's writer holds its lock between commits)."""
        if isinstance(self._writer, TantivyWriter):
            self._writer.close()


class WhooshWriter:
    """Whoosh's commits to one folder; each opens the folder afresh."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit."""
        if not upserts and not deletes:
            return
        writer = self._writer()
        try:
            for page_id in deletes:
                writer.delete_by_term("page_id", page_id)
            for entry in upserts:
                writer.update_document(**entry_fields(entry))
            writer.commit()
        except BaseException as error:
            _abandon(writer)
            fault = fault_of(error, Place.search_index, self.directory)
            if fault is not None:
                raise fault from error
            raise

    def delete_document(self, document_id: int) -> None:
        """Remove every page of a document."""
        writer = self._writer()
        try:
            writer.delete_by_term("document_id", document_id)
        except BaseException:
            writer.cancel()
            raise
        writer.commit()

    def optimize(self) -> None:
        """Merge all segments into one. It rewrites the whole index (346 s at 100,000
        pages) for searches 3.5 ms faster (p95 23.2 -> 19.7 ms, bench/index_bench.py
        --optimize), so the daemon leaves merging to Whoosh's own policy; a rebuild
        writes one segment anyway."""
        writer = self._writer()
        writer.commit(optimize=True)

    def _writer(self) -> Any:
        # Opened afresh each time: after a rebuild swapped a new directory in, the next
        # commit goes to it, and a directory damaged meanwhile is reported here.
        try:
            return index.open_dir(str(self.directory)).writer(procs=1, limitmb=WRITER_MEMORY_MB)
        except index.LockError as error:
            raise SearchIndexError(
                f"The search index {self.directory} is locked by another writer. docvault "
                f"runs one index writer: stop the other docvault service or command."
            ) from error
        except PermissionError as error:
            raise SearchIndexError(
                f"The search index {self.directory} cannot be written by this user "
                f"({error.strerror}: {error.filename}): it belongs to another user. Run docvault "
                f"as the service user, or give the folder back to it "
                f"(chown -R docvault: {self.directory})."
            ) from error
        except (OSError, index.IndexError) as error:
            # A full or read-only disk is waited out; anything else needs the rebuild.
            raise fault_of(error, Place.search_index, self.directory) or SearchIndexError(
                f"The search index {self.directory} cannot be written ({error}). {REBUILD_ADVICE}"
            ) from error


def _abandon(writer: Any) -> None:
    """Give up a writer whose batch or commit failed. A commit that failed half-way (a full
    disk) wrote no table of contents, so the index stays at its last commit and its stray
    segment files go at the next one; but Whoosh releases the write lock only in a commit or
    cancel that reaches its end, and a lock kept would refuse every later commit of this
    process, so it is released here if the cancel could not."""
    with contextlib.suppress(Exception):
        writer.cancel()
    lock = getattr(writer, "writelock", None)
    if lock is not None and getattr(lock, "fd", None) is not None:
        with contextlib.suppress(OSError):
            lock.release()


# ----------------------------------------------------------------------------- rebuilding

REBUILD_BATCH_PAGES = 5000


def rebuild(
    directory: Path,
    entries: Iterable[IndexEntry],
    progress: Callable[[int], None] | None = None,
    stemming_language: str | None = None,
    refused: Callable[[IndexEntry, Exception], None] | None = None,
    engine: IndexEngine = DEFAULT_INDEX_ENGINE,
) -> None:
    """Build a complete index from ``entries`` beside ``directory``, then swap it in.

    The old index keeps answering searches until the swap; it is deleted only after the
    new one is in place. A crash at any point leaves either the old index or the new one at
    ``directory`` (or, between the two renames, neither: ``needs_rebuild`` then says so).
    An entry whose fields cannot be made is left out and handed to ``refused`` (without
    it, the rebuild fails): one page never costs the whole index.
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    fresh = directory.with_name(f"{directory.name}.new-{stamp}-{os.getpid()}")
    remove_leftovers(directory)
    fresh.mkdir(parents=True)
    try:
        if engine == "tantivy":
            count = build_tantivy(fresh, entries, stemming_language, progress, refused)
        else:
            count = _build_whoosh(fresh, entries, stemming_language, progress, refused)
    except BaseException:
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    write_marker(fresh, stemming_language, engine)
    swap_in(fresh, directory, stamp)
    if progress is not None:
        progress(count)


def _build_whoosh(
    fresh: Path,
    entries: Iterable[IndexEntry],
    stemming_language: str | None,
    progress: Callable[[int], None] | None,
    refused: Callable[[IndexEntry, Exception], None] | None,
) -> int:
    """Write every page of ``entries`` into the new folder ``fresh`` as one segment."""
    ix = index.create_in(str(fresh), build_schema(stemming_language))
    count = 0
    writer = ix.writer(procs=1, limitmb=WRITER_MEMORY_MB)
    try:
        for entry in entries:
            try:
                fields = entry_fields(entry)
            except Exception as error:
                if refused is None:
                    raise
                refused(entry, error)
                continue
            # A fresh index holds each page once, so add_document skips the unique-key lookup.
            writer.add_document(**fields)
            count += 1
            if progress is not None and count % REBUILD_BATCH_PAGES == 0:
                progress(count)
    except BaseException:
        writer.cancel()
        raise
    writer.commit(optimize=True)
    return count
