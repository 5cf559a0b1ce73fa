"""How a page becomes searchable: the single writer of the index folder, and rebuilds.

A stage leaf: ``IndexEntry`` values in, commits out; no database. The database is the truth;
this index is derived from it and can always be rebuilt (``rebuild``) from ``IndexEntry``
values (``docvault.search.pages`` reads them, ``docvault.search.outbox`` drives this writer).
Both engines are written through here: Whoosh's by the code below, Tantivy's by
``docvault.search.tantivy_writer``.

- ``FolderWriter`` is the single writer (one thread of one process owns it): ``apply`` puts a
  batch of upserts and deletes into one commit, through the folder's engine's
  ``EngineWriter`` (``WhooshWriter`` here, ``TantivyWriter``).
- ``rebuild`` builds a new sibling folder and swaps it in (``docvault.search.folder``).
- ``ENGINES`` is where an engine is chosen for writing, once: its writer and its build.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from whoosh import index

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
from docvault.setting_types import DEFAULT_INDEX_ENGINE, IndexEngine

# Whoosh's own default for one writer's indexing buffer; a batch of 500 pages (about 2.5 MB
# of text) fits well inside it.
WRITER_MEMORY_MB = 128


class EngineWriter(Protocol):
    """What ``FolderWriter`` asks of one engine's writer of a folder (as ``reader.Opening``
    is what ``SearchIndex`` asks of one engine's reading)."""

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit."""

    def release(self) -> None:
        """Between batches: let go of what the writer holds until the next commit."""

    def close(self) -> None:
        """Let go of the folder."""


# The stage's building of a complete index into a new folder: (folder, entries, stemming,
# progress, refused) -> pages written.
Build = Callable[
    [
        Path,
        Iterable[IndexEntry],
        str | None,
        Callable[[int], None] | None,
        Callable[[IndexEntry, Exception], None] | None,
    ],
    int,
]


@dataclass(frozen=True)
class WritingEngine:
    """One index engine's writing: its writer of an existing folder, its build of a new one."""

    open: Callable[[Path, str | None], EngineWriter]
    build: Build


class FolderWriter:
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
        reason = needs_rebuild(directory, stemming_language, engine)
        if reason is not None:
            raise SearchIndexError(f"{reason} {REBUILD_ADVICE}")
        self._writer = ENGINES[engine].open(directory, stemming_language)

    def apply(self, upserts: Sequence[IndexEntry], deletes: Sequence[int]) -> None:
        """Replace or add ``upserts`` and remove pages ``deletes`` (page ids) in one commit."""
        self._writer.apply(upserts, deletes)

    def release(self) -> None:
        """Between batches, when no page waits: Tantivy finishes its merges and lets go of
        the folder's lock and files until the next commit (Whoosh holds none between
        commits)."""
        self._writer.release()

    def close(self) -> None:
        """Let go of the folder (Tantivy's writer holds its lock between commits)."""
        self._writer.close()


class WhooshWriter:
    """Whoosh's commits to one folder; each opens the folder afresh."""

    def __init__(self, directory: Path, stemming_language: str | None = None) -> None:
        # The stemming is the schema's, stored in the folder; a lock left by a crash goes.
        self.directory = directory
        clear_stale_lock(directory)

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

    def release(self) -> None:
        """Nothing to let go of: Whoosh holds no lock between commits."""

    def close(self) -> None:
        """Nothing to let go of: each commit opened and closed the folder."""

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
        count = ENGINES[engine].build(fresh, entries, stemming_language, progress, refused)
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


ENGINES: dict[IndexEngine, WritingEngine] = {
    "whoosh": WritingEngine(WhooshWriter, _build_whoosh),
    "tantivy": WritingEngine(TantivyWriter, build_tantivy),
}
