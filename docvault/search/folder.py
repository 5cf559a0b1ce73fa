"""The index folder: its version marker, whether it can be used, its lock, the swap-in.

A stage leaf: paths in, reasons out; no database. The folder carries a version marker
(``docvault-index-version``) written last, durably, once the index in it is complete; it
names the index format, the stemming and the engine that wrote it (Whoosh's marker stays as
it was before there were two engines). ``needs_rebuild`` says why a folder cannot be used
as it is, ``engine_of`` which engine's files it holds. A rebuild (``docvault.search.writer``) builds
a sibling folder and ``swap_in`` puts it in place, never emptying the old one first.
"""

from __future__ import annotations

import gc
import logging
import os
import shutil
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import tantivy
from whoosh import index
from whoosh.util.filelock import FileLock

from docvault.durable import fsync_folder
from docvault.errors import SearchIndexError
from docvault.search.schema import SCHEMA_VERSION, build_schema
from docvault.search.tantivy_schema import (
    TANTIVY_SCHEMA_VERSION,
    build_tantivy_schema,
    register_tokenizer,
)
from docvault.setting_types import DEFAULT_INDEX_ENGINE, IndexEngine

logger = logging.getLogger(__name__)

VERSION_FILE = "docvault-index-version"
# What an admin does about an index that cannot be used: the service rebuilds it at start.
REBUILD_ADVICE = (
    "Restart the docvault service, which rebuilds the index from the database at start, "
    "or stop it and run `docvault reindex`."
)
_WRITE_LOCK = "MAIN_WRITELOCK"


# Tantivy's own file naming its segments: a folder with it is Tantivy's.
TANTIVY_META = "meta.json"


@dataclass(frozen=True)
class FolderFormat:
    """What one index engine's folder is: the format its marker names, whether the marker
    names the engine (Whoosh's stays as it was before there were two), how an empty index
    is made and how every segment is checked. ``FORMATS`` (at the end) holds one per
    engine: the only place here that tells the engines apart."""

    version: str
    marker_names_engine: bool
    create: Callable[[Path, str | None], None]
    check_readable: Callable[[Path], None]


def _format(engine: IndexEngine) -> str:
    return FORMATS[engine].version


def _marker_text(stemming_language: str | None, engine: IndexEngine) -> str:
    stemming = f"stemming={stemming_language or 'off'}"
    if not FORMATS[engine].marker_names_engine:
        return f"{_format(engine)} {stemming}\n"
    return f"{_format(engine)} {stemming} engine={engine}\n"


def _read_marker(text: str) -> tuple[str, str, str]:
    """(format, stemming, engine) of a marker's text."""
    version, _, rest = text.strip().partition(" stemming=")
    stemming, _, engine = rest.partition(" engine=")
    return version, stemming, engine or "whoosh"


def stemming_of(directory: Path) -> str | None:
    """The stemming language the index at ``directory`` was built with (None: off)."""
    try:
        stemming = _read_marker((directory / VERSION_FILE).read_text(encoding="utf-8"))[1]
    except OSError:
        return None
    return None if stemming in ("", "off") else stemming


def engine_of(directory: Path) -> IndexEngine:
    """Which engine's files the folder at ``directory`` holds (Tantivy's name its segments
    in ``meta.json``): a marker from an older docvault, or none, does not mislead it."""
    return "tantivy" if (directory / TANTIVY_META).is_file() else "whoosh"


# ----------------------------------------------------------------------------- health


def needs_rebuild(
    directory: Path,
    stemming_language: str | None = None,
    engine: IndexEngine = DEFAULT_INDEX_ENGINE,
) -> str | None:
    """Return None if the index at ``directory`` can be used by ``engine``, else the reason
    it cannot."""
    if not directory.is_dir():
        return f"The search index {directory} does not exist."
    marker = directory / VERSION_FILE
    if not marker.is_file():
        return (
            f"The search index {directory} has no version marker: it was never completed "
            f"or was written by an older docvault."
        )
    found = marker.read_text(encoding="utf-8")
    if found != _marker_text(stemming_language, engine):
        return _why_outdated(directory, found, stemming_language, engine)
    # Whoosh drops the file of a segment it fails to map without closing it; that
    # ResourceWarning is whoosh's, and the answer here is the same: rebuild.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        try:
            FORMATS[engine].check_readable(directory)
        except Exception as error:  # noqa: BLE001 - any failure to read means: rebuild
            problem = f"{type(error).__name__}: {error}"
        else:
            return None
        gc.collect()
    return f"The search index {directory} cannot be opened ({problem})."


def _why_outdated(
    directory: Path, found: str, stemming_language: str | None, engine: IndexEngine
) -> str:
    version, stemming, found_engine = _read_marker(found)
    if found_engine != engine:
        return (
            f"The search index {directory} was written by the {found_engine} engine; the "
            f"setting index_engine is now {engine}."
        )
    if version != _format(engine):
        return (
            f"The search index {directory} was written in index format {version or '?'}; "
            f"this docvault writes format {_format(engine)}."
        )
    return (
        f"The search index {directory} was built with index_stemming = {stemming}; the "
        f"setting is now {stemming_language or 'off'}."
    )


def collect_leaked_segment_files() -> None:
    """Whoosh drops the file of a segment it fails to map, and the files of a writer whose
    commit failed, without closing them: reclaim them now, quietly, rather than as
    ResourceWarnings at some later garbage collection."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


def _check_readable(directory: Path) -> None:
    """Open every segment and touch its term dictionary, stored fields and columns."""
    with index.open_dir(str(directory)).searcher() as searcher:
        reader = searcher.reader()
        if reader.doc_count_all() == 0:
            return
        for fieldname in ("page_id", "text"):
            for _ in zip(reader.lexicon(fieldname), range(1), strict=False):
                pass
        for docnum in reader.all_doc_ids():
            reader.stored_fields(docnum)
            break
        list(reader.column_reader("document_id"))


def open_tantivy(directory: Path) -> tantivy.Index:
    """A Tantivy index folder opened, its tokenizer registered."""
    opened = tantivy.Index.open(str(directory))
    register_tokenizer(opened)
    return opened


def _check_tantivy_readable(directory: Path) -> None:
    """Open every segment and read one page's stored and column values."""
    searcher = open_tantivy(directory).searcher()
    if searcher.num_docs == 0:
        return
    [(_, address)] = searcher.search(tantivy.Query.all_query(), 1).hits
    searcher.doc(address).get_first("shown")
    searcher.fast_field_values("document_id", [address])


# ----------------------------------------------------------------------------- writing the folder


def is_unmade(directory: Path) -> bool:
    """No index was ever made here: the folder is missing, or empty (a disk of its own
    mounted on it, before the first start: it must be filled where it is, since a mount
    point cannot be swapped for a rebuilt folder)."""
    return not directory.exists() or (directory.is_dir() and not any(directory.iterdir()))


def create_empty(
    directory: Path, stemming_language: str | None, engine: IndexEngine = DEFAULT_INDEX_ENGINE
) -> None:
    """A new, empty index with its version marker (a first start), in a folder that is
    missing or empty (`is_unmade`)."""
    if not is_unmade(directory):
        raise FileExistsError(f"{directory} is not empty")
    directory.mkdir(parents=True, exist_ok=True)
    FORMATS[engine].create(directory, stemming_language)
    write_marker(directory, stemming_language, engine)


def _create_whoosh(directory: Path, stemming_language: str | None) -> None:
    index.create_in(str(directory), build_schema(stemming_language))


def _create_tantivy(directory: Path, stemming_language: str | None) -> None:
    # The stemming is the tokenizer's, registered at each opening (``open_tantivy``).
    tantivy.Index(build_tantivy_schema(), path=str(directory))


def write_marker(
    directory: Path, stemming_language: str | None, engine: IndexEngine = DEFAULT_INDEX_ENGINE
) -> None:
    """Write the version marker last, durably: its presence means the index is complete."""
    temporary = directory / (VERSION_FILE + ".tmp")
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(_marker_text(stemming_language, engine))
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, directory / VERSION_FILE)
    fsync_folder(directory)


def clear_stale_lock(directory: Path) -> bool:
    """Remove a write lock nobody holds (left by a crash); True if one was removed.

    docvault has one index writer by design, so a lock file that can be taken right now
    belongs to no live writer. A lock that is really held raises SearchIndexError instead
    of Whoosh's bare LockError at the first commit. (On Linux Whoosh locks with flock, which
    the kernel releases when a writer dies, and it leaves the unlocked file behind after
    every commit; removing it is housekeeping, so it is logged at debug level.)
    """
    lock_path = directory / _WRITE_LOCK
    if not lock_path.exists():
        return False
    lock = FileLock(str(lock_path))
    if not lock.acquire(blocking=False):
        raise SearchIndexError(
            f"The search index {directory} is being written by another process. docvault "
            f"runs one index writer: stop the other docvault service or command, then retry."
        )
    try:
        lock_path.unlink()
    finally:
        lock.release()
    logger.debug("Removed an unheld write lock file from the search index %s", directory)
    return True


def remove_leftovers(directory: Path) -> None:
    """Delete unfinished builds and old copies that an interrupted rebuild left behind."""
    for sibling in directory.parent.glob(f"{directory.name}.new-*"):
        shutil.rmtree(sibling, ignore_errors=True)
    if directory.is_dir():
        for sibling in directory.parent.glob(f"{directory.name}.old-*"):
            shutil.rmtree(sibling, ignore_errors=True)


def swap_in(fresh: Path, directory: Path, stamp: str) -> None:
    """Put the complete index ``fresh`` at ``directory``, then delete the one it replaced."""
    retired = directory.with_name(f"{directory.name}.old-{stamp}-{os.getpid()}")
    if directory.exists():
        os.rename(directory, retired)
    os.rename(fresh, directory)
    fsync_folder(directory.parent)
    shutil.rmtree(retired, ignore_errors=True)


FORMATS: dict[IndexEngine, FolderFormat] = {
    "whoosh": FolderFormat(str(SCHEMA_VERSION), False, _create_whoosh, _check_readable),
    "tantivy": FolderFormat(
        f"{SCHEMA_VERSION}.{TANTIVY_SCHEMA_VERSION}", True, _create_tantivy, _check_tantivy_readable
    ),
}
