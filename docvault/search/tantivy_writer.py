"""The Tantivy engine's writing: the single writer of a Tantivy index folder, and its builds.

A stage leaf: ``IndexEntry`` values in, Tantivy commits out; no database. The front that the
outbox driver and ``docvault reindex`` use is ``docvault.search.writer`` (``FolderWriter``,
``rebuild``), which chooses this engine or Whoosh's and keeps the folder's rules for both:
one writer, a rebuild into a new folder swapped in, the version marker written last.

Tantivy indexes, writes segments and merges them in threads of its own, in Rust, outside
Python's global lock: the Python side only makes each page's words (about 0.2 ms a page).
A commit makes new segments visible to searchers opened after it; merged-away segment files
are deleted once no searcher of this process needs them (``garbage_collect_files``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path

import tantivy

from docvault.errors import SearchIndexError, ServerFault
from docvault.runtime import Place, fault_of
from docvault.search.folder import REBUILD_ADVICE, open_tantivy
from docvault.search.schema import IndexEntry
from docvault.search.tantivy_schema import (
    build_tantivy_schema,
    entry_document,
    register_tokenizer,
)

# How tantivy-py words an I/O error of Rust's: "An IO error occurred: 'No space left on
# device (os error 28)'". Its errno tells a full or read-only disk from a damaged folder.
OS_ERROR = re.compile(r"\(os error (\d+)\)")

# The writer's buffer for pages not yet written to a segment (Tantivy's own minimum is 15 MB
# a thread). One indexing thread: the daemon shares the machine with rendering and OCR.
WRITER_HEAP_BYTES = 64_000_000
REBUILD_HEAP_BYTES = 256_000_000
INDEXING_THREADS = 1
REBUILD_PROGRESS_PAGES = 5000


class TantivyWriter:
    """The single writer of one Tantivy index folder; call it from one thread only.

    Its Tantivy writer is kept open between commits while pages keep coming (it holds the
    folder's lock, and merges run in its threads), opened afresh when a rebuild has swapped
    a new folder in, and let go of by ``release`` once the outbox is empty: its lock file is
    open for writing, and an open file makes the kernel refuse an admin's read-only remount
    of the index's disk.
    """

    def __init__(self, directory: Path, stemming_language: str | None) -> None:
        self.directory = directory
        self.stemming_language = stemming_language
        self._writer: tantivy.IndexWriter | None = None
        self._inode: int | None = None
        self._schema = build_tantivy_schema()
        self._current()  # the lock is taken now: a second writer is refused at once

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit.

        Every page's document is made first: a page that cannot be made fails the batch
        before anything is written."""
        if not upserts and not deletes:
            return
        documents = [entry_document(entry, self.stemming_language) for entry in upserts]
        # One deletion of every page named, then the new versions: a deletion removes only
        # what was added before it. (Deleting by term misses unsigned fields in tantivy-py
        # 0.27: its int becomes a signed term; a query finds them.)
        page_ids = [*deletes, *(entry.page_id for entry in upserts)]
        with self._commit() as writer:
            writer.delete_documents_by_query(
                tantivy.Query.term_set_query(self._schema, "page_id", page_ids)
            )
            for document in documents:
                writer.add_document(document)

    def release(self) -> None:
        """Finish the merges under way, then let go of the folder's lock and files (the
        next commit opens the writer again, in about 15 ms)."""
        if self._writer is not None:
            self._abandon(self._writer)

    def close(self) -> None:
        """Let go of the folder's lock (merges under way are left for the next writer)."""
        self._writer = None
        self._inode = None

    @contextlib.contextmanager
    def _commit(self) -> Iterator[tantivy.IndexWriter]:
        """The writer for one commit's changes, committed at the end of the block.

        On any failure the writer is given up with its uncommitted changes, so that no
        later commit writes half of this batch, and the next batch opens the folder afresh.
        A commit that failed wrote no new meta.json: the index stays at its last commit."""
        writer = self._current()
        try:
            yield writer
            writer.commit()
        except BaseException as error:
            self._abandon(writer)
            if not isinstance(error, ValueError):
                raise
            # The folder itself failed: a full or read-only disk is a server fault that the
            # outbox driver waits out; anything else (files taken away) needs the rebuild.
            raise server_fault(error, self.directory) or SearchIndexError(
                f"The search index {self.directory} cannot be written ({error}). {REBUILD_ADVICE}"
            ) from error

    def _abandon(self, writer: tantivy.IndexWriter) -> None:
        """Drop the Tantivy writer now, once its merges have ended, not at some garbage
        collection: its lock and open files go with it (a traceback kept for the log may
        still refer to the Python object, and an open file would refuse a read-only remount
        of the index's disk)."""
        self.close()
        with contextlib.suppress(ValueError):
            writer.wait_merging_threads()  # takes the writer out of its Python object

    def _current(self) -> tantivy.IndexWriter:
        """The writer of the folder now at ``directory`` (a rebuild may have swapped it)."""
        try:
            inode = os.stat(self.directory).st_ino
        except OSError as error:
            raise fault_of(error, Place.search_index, self.directory) or SearchIndexError(
                f"The search index {self.directory} cannot be written ({error.strerror}). "
                f"{REBUILD_ADVICE}"
            ) from error
        if self._writer is None or inode != self._inode:
            self.close()
            self._writer = _open_writer(self.directory, WRITER_HEAP_BYTES)
            self._inode = inode
        return self._writer


def _open_writer(directory: Path, heap_bytes: int) -> tantivy.IndexWriter:
    try:
        return open_tantivy(directory).writer(heap_bytes, INDEXING_THREADS)
    except ValueError as error:
        if "LockBusy" in str(error):
            raise SearchIndexError(
                f"The search index {directory} is being written by another process. docvault "
                f"runs one index writer: stop the other docvault service or command, then retry."
            ) from error
        raise server_fault(error, directory) or SearchIndexError(
            f"The search index {directory} cannot be written ({error}). {REBUILD_ADVICE}"
        ) from error


def server_fault(error: ValueError, directory: Path) -> ServerFault | None:
    """The server fault (a full or read-only disk) behind a Tantivy error, or None.

    Tantivy gives its I/O errors as a ValueError; a commit's names the errno, but a failure
    in an indexing thread only says that the thread died ("An index writer was killed").
    Then the disk itself is asked: read-only, or with less room than one segment needs."""
    found = OS_ERROR.search(str(error))
    if found is not None:
        number = int(found.group(1))
    else:
        try:
            disk = os.statvfs(directory)
        except OSError as unreadable:
            return fault_of(unreadable, Place.search_index, directory)
        if disk.f_flag & os.ST_RDONLY:
            number = errno.EROFS
        elif disk.f_bavail * disk.f_frsize < WRITER_HEAP_BYTES:
            number = errno.ENOSPC
        else:
            return None
    return fault_of(OSError(number, os.strerror(number)), Place.search_index, directory)


def build_tantivy(
    fresh: Path,
    entries: Iterable[IndexEntry],
    stemming_language: str | None,
    progress: Callable[[int], None] | None = None,
    refused: Callable[[IndexEntry, Exception], None] | None = None,
) -> int:
    """Write every page of ``entries`` into the new, empty folder ``fresh``; returns how
    many were written. An entry whose document cannot be made goes to ``refused`` (without
    it, the build fails). The merges Tantivy starts are waited for, and the files they
    replaced deleted, so the folder swapped in holds only what it needs."""
    index = tantivy.Index(build_tantivy_schema(), path=str(fresh))
    register_tokenizer(index)
    writer = index.writer(REBUILD_HEAP_BYTES, INDEXING_THREADS)
    count = 0
    for entry in entries:
        try:
            document = entry_document(entry, stemming_language)
        except Exception as error:
            if refused is None:
                raise
            refused(entry, error)
            continue
        writer.add_document(document)
        count += 1
        if progress is not None and count % REBUILD_PROGRESS_PAGES == 0:
            progress(count)
    writer.commit()
    writer.wait_merging_threads()
    collector = index.writer(15_000_000, 1)
    collector.garbage_collect_files()
    return count
