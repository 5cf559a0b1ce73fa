"""Backups of the database and the archive, restore, and the archive's reconciliation.

    backup_database   SQLite's online backup API: a consistent copy while the daemon writes
    backup            one snapshot folder: docvault.sqlite3, optionally archive/ + MANIFEST
    nightly_backup    the calendar's job: a database copy, old ones pruned
    restore           puts a snapshot back, only while no process has the database open
    verify_archive    re-hashes the archive and reconciles the data folder with the documents
                      table: problems (missing, changed, orphaned) and reclaimable files

Archive files are content-addressed and never rewritten, so an archive backup is made of
hard links (free, on the same file system) or copies (on another disk), listed with their
sha256 in `MANIFEST.sha256` in the format of `sha256sum`, so `sha256sum -c` checks a
backup with no docvault installed.
"""

from __future__ import annotations

import errno
import fcntl
import logging
import os
import re
import shutil
import sqlite3
import stat
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path, PurePosixPath

from sqlalchemy import Engine
from sqlmodel import select

from docvault import audit, derived
from docvault.archive import hash_file
from docvault.db import read_session
from docvault.durable import fsync_folder
from docvault.errors import DatabaseError, DocvaultError
from docvault.models import Document
from docvault.records import mailstore

logger = logging.getLogger(__name__)

DATABASE_NAME = "docvault.sqlite3"
MANIFEST_NAME = "MANIFEST.sha256"
SNAPSHOT_PREFIX = "docvault-"
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
# Pages copied per step of the online backup: the daemon's writers get the lock between
# steps, so a backup of a large database never stalls the queue for more than a moment.
BACKUP_PAGES_PER_STEP = 4096
# SQLite's WAL index keeps one "dead man switch" byte that every open connection holds a
# shared lock on (src/wal.c: WALINDEX_LOCK_OFFSET 120 + WAL_NREADER 8 = byte 128).
SHARED_MEMORY_DMS_BYTE = 128


@dataclass(frozen=True)
class Snapshot:
    """One backup folder and what it holds."""

    folder: Path
    database: Path
    archive_files: int
    linked_files: int  # of archive_files, how many are hard links (the rest are copies)


@dataclass(frozen=True)
class Finding:
    """One difference between the archive and the documents table, and what to do about it."""

    kind: str  # a problem: "missing", "changed" or "orphaned"; a note: "reclaimable"
    path: Path
    document_id: int | None
    message: str

    @property
    def problem(self) -> bool:
        """Whether a person must act (a reclaimable file is only a note)."""
        return self.kind in PROBLEM_KINDS


def _stamp(now: datetime) -> str:
    return now.astimezone(UTC).strftime(STAMP_FORMAT)


def _source_path(source: Engine | Path) -> Path:
    if isinstance(source, Path):
        return source
    return Path(str(source.url.database))


def integrity_problem(database_path: Path) -> str | None:
    """None when `PRAGMA integrity_check` passes, else its first lines."""
    connection = sqlite3.connect(f"file:{database_path}?mode=ro", uri=True)
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    finally:
        connection.close()
    lines = [str(row[0]) for row in rows]
    return None if lines == ["ok"] else "; ".join(lines[:5])


def backup_database(source: Engine | Path, destination: Path) -> Path:
    """A consistent copy of the database at `destination` (a file path), safe while it runs.

    The copy is written under a temporary name, checked with `PRAGMA integrity_check`,
    fsynced and only then renamed, so a backup file that exists is a good one.
    """
    source_path = _source_path(source)
    if not source_path.is_file():
        raise DatabaseError(
            f"There is no database at {source_path} to back up; check data_dir in the settings."
        )
    destination.parent.mkdir(parents=True, exist_ok=True)
    temporary = destination.with_name(f".{destination.name}.{uuid.uuid4().hex}.partial")
    try:
        _copy_online(source_path, temporary)
        problem = integrity_problem(temporary)
        if problem is not None:
            raise DatabaseError(
                f"The backup of {source_path} fails its integrity check ({problem}); the "
                "database itself may be damaged. Run `docvault doctor` and keep the older backups."
            )
        os.replace(temporary, destination)
        fsync_folder(destination.parent)
    finally:
        temporary.unlink(missing_ok=True)
    return destination


def _copy_online(source_path: Path, target: Path) -> None:
    reader = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
    writer = sqlite3.connect(target)
    try:
        reader.backup(writer, pages=BACKUP_PAGES_PER_STEP)
        # A backup is one self-contained file: no WAL beside it to lose on the way.
        writer.execute("PRAGMA journal_mode=DELETE")
    except sqlite3.Error as error:
        raise DatabaseError(
            f"The backup of {source_path} to {target.parent} failed: {error}. Check that the "
            "destination is writable and has room for a copy of the database."
        ) from error
    finally:
        writer.close()
        reader.close()
    with target.open("rb+") as handle:
        os.fsync(handle.fileno())


def backup(
    source: Engine | Path,
    data_dir: Path,
    destination: Path,
    include_archive: bool = False,
    now: datetime | None = None,
) -> Snapshot:
    """`docvault backup DEST`: a snapshot folder `DEST/docvault-<UTC time>/`."""
    folder = destination / f"{SNAPSHOT_PREFIX}{_stamp(now or datetime.now(UTC))}"
    folder.mkdir(parents=True, exist_ok=False)
    database = backup_database(source, folder / DATABASE_NAME)
    if not include_archive:
        return Snapshot(folder, database, 0, 0)
    files, linked = backup_archive(data_dir, folder)
    return Snapshot(folder, database, files, linked)


def _archive_files(archive_root: Path) -> list[Path]:
    """Files of the archive; the `.incoming-*` temporaries of an intake in progress excluded."""
    if not archive_root.is_dir():
        return []
    return sorted(
        path
        for path in archive_root.rglob("*")
        if path.is_file() and not path.name.startswith(".incoming-")
    )


def _sha256_from_name(path: Path) -> str:
    """Archive files are named by their sha256 (verified at intake): no need to re-read them."""
    stem = path.name.split(".", 1)[0]
    if len(stem) == 64 and all(character in "0123456789abcdef" for character in stem):
        return stem
    return hash_file(path)


def _link_or_copy(source: Path, target: Path) -> bool:
    """Hard-link `source` to `target`, or copy it across file systems; True if linked."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
        return True
    except OSError as error:
        if error.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP):
            raise
    shutil.copy2(source, target)
    return False


def backup_archive(data_dir: Path, folder: Path) -> tuple[int, int]:
    """Link (or copy) every archive file into `folder/archive/` and write the manifest.

    Returns (files, of which hard links). A hard link protects against deletion, not
    against a failing disk: put DEST on another disk for that, and the files are copied.
    """
    archive_root = data_dir / "archive"
    manifest_lines: list[str] = []
    linked = 0
    files = _archive_files(archive_root)
    for path in files:
        relative = path.relative_to(data_dir)
        linked += _link_or_copy(path, folder / relative)
        manifest_lines.append(f"{_sha256_from_name(path)}  {relative.as_posix()}\n")
    manifest = folder / MANIFEST_NAME
    with manifest.open("w", encoding="utf-8") as handle:
        handle.writelines(manifest_lines)
        handle.flush()
        os.fsync(handle.fileno())
    return len(files), linked


def prune(folder: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` backups in `folder`; returns what was deleted."""
    if keep < 1:
        raise ValueError("keep must be at least 1: pruning every backup is never wanted")
    backups = sorted(
        path
        for path in folder.glob(f"{SNAPSHOT_PREFIX}*")
        if path.name[len(SNAPSHOT_PREFIX) :][:16].replace("T", "").rstrip("Z").isdigit()
    )
    removed = backups[:-keep]
    for path in removed:
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()
        logger.info("backup: removed %s (keeping the newest %d)", path, keep)
    return removed


def nightly_backup(
    source: Engine | Path, folder: Path, keep: int, now: datetime | None = None
) -> Path:
    """The calendar's backup (`backup_at`, 02:00 by default): a database copy, then the
    oldest pruned so that `keep` remain. Returns the new file.

    When it runs is the calendar's one decision (`docvault.scheduler`): at the clinic's
    02:00 across summer time, caught up once after a night the server was off.
    """
    target = backup_database(
        source, folder / f"{SNAPSHOT_PREFIX}{_stamp(now or datetime.now(UTC))}.sqlite3"
    )
    logger.info("backup: database copied to %s", target)
    prune(folder, keep)
    return target


def database_in_use(database_path: Path) -> bool:
    """True while any other process has the database open (a running daemon, say).

    Every SQLite connection to a WAL database holds a shared lock on one byte of the
    `-shm` file for as long as it is open; taking that byte exclusively fails while one
    exists. Call this before this process opens the database itself: POSIX locks are per
    process, and closing this file descriptor would drop this process's own SQLite locks.
    """
    shared_memory = database_path.with_name(database_path.name + "-shm")
    if not shared_memory.exists():
        return False
    try:
        handle = shared_memory.open("rb+")
    except PermissionError:
        raise DatabaseError(
            f"{shared_memory} cannot be opened by this user, so docvault cannot tell whether "
            "the service is running. Run the command as the docvault user "
            "(sudo -u docvault ...)."
        ) from None
    with handle:
        try:
            fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, SHARED_MEMORY_DMS_BYTE)
        except OSError:
            return True
        fcntl.lockf(handle, fcntl.LOCK_UN, 1, SHARED_MEMORY_DMS_BYTE)
    return False


def _snapshot_database(source: Path) -> Path:
    return source / DATABASE_NAME if source.is_dir() else source


def restore(source: Path, data_dir: Path, now: datetime | None = None) -> Path | None:
    """Put the backup `source` (a snapshot folder or a .sqlite3 file) back into `data_dir`.

    Refuses while a process has the database open: stop the service first. The current
    database is kept beside it as `docvault.sqlite3.before-restore-<time>`, never deleted.
    Archive files the snapshot holds and the archive lacks are put back, verified by hash.
    The search index is rebuilt from the restored database at the next start; the cache of
    page images is emptied, since it cannot vouch for what the backup's rows name.
    Returns where the previous database was kept; None when there was none (a restore
    into a new folder).
    """
    backup_file = _snapshot_database(source)
    if not backup_file.is_file():
        raise DatabaseError(
            f"{source} is not a docvault backup: it holds no {DATABASE_NAME}. Give the "
            "folder that `docvault backup` made (docvault-<time>) or a .sqlite3 backup file."
        )
    problem = integrity_problem(backup_file)
    if problem is not None:
        raise DatabaseError(
            f"The backup {backup_file} fails its integrity check ({problem}); restore an "
            "older backup instead."
        )
    problem = backup_problem(source, backup_file)
    if problem is not None:
        raise DatabaseError(
            f"The backup {source} is not restored: {problem}. A backup docvault made never "
            "holds this, so it was changed after it was made; restore an older backup."
        )
    target = data_dir / DATABASE_NAME
    if database_in_use(target):
        raise DatabaseError(
            f"The database {target} is open in another process (is the docvault service "
            "running?). Stop it first: `systemctl stop docvault`, then restore again."
        )
    existed = target.exists()
    kept = _set_aside(target, now or datetime.now(UTC))
    _copy_into_place(backup_file, target)
    if source.is_dir():
        _restore_archive(source, data_dir)
    _set_aside(data_dir / "index", now or datetime.now(UTC))
    derived.clear(data_dir)
    return kept if existed else None


# The database columns that name a file in the data folder, checked before a restore: a
# tampered backup must not make the web view hand out a file outside the archive as an
# "original" (issue 44).
SHA256_NAME = re.compile(r"[0-9a-f]{64}")
PATH_COLUMNS = (
    ("documents", "archive_path"),
    ("documents", "unlocked_path"),
    ("mail_messages", "eml_path"),
)


def backup_problem(source: Path, backup_file: Path) -> str | None:
    """What makes `source` unfit to restore, or None: a path in its database that leaves the
    archive, a link or other non-file in its archive folder, an archived file whose bytes do
    not match the sha256 it is named by or listed with in its manifest."""
    problem = _database_paths_problem(backup_file)
    if problem is None and source.is_dir():
        problem = _snapshot_archive_problem(source)
    return problem


def _database_paths_problem(backup_file: Path) -> str | None:
    connection = sqlite3.connect(f"{backup_file.resolve().as_uri()}?mode=ro", uri=True)
    try:
        for table, column in PATH_COLUMNS:
            try:
                # The names come from PATH_COLUMNS above, never from the backup.
                statement = f"SELECT id, {column} FROM {table} WHERE {column} IS NOT NULL"  # noqa: S608
                rows = connection.execute(statement).fetchall()
            except sqlite3.OperationalError:  # an older backup without this table or column
                continue
            for row_id, value in rows:
                if not _inside_archive(str(value)):
                    return (
                        f"its {table} row {row_id} names the file {str(value)[:200]!r} "
                        f"({column}), which is not inside the data folder's archive/"
                    )
    finally:
        connection.close()
    return None


def _inside_archive(relative: str) -> bool:
    """A path as docvault writes it: relative, under archive/, no `..`, no backslash."""
    path = PurePosixPath(relative)
    return (
        not path.is_absolute()
        and len(path.parts) > 1
        and path.parts[0] == "archive"
        and ".." not in path.parts
        and "\\" not in relative
        and "\x00" not in relative
    )


def _snapshot_archive_problem(snapshot: Path) -> str | None:
    """Every entry of the snapshot's archive/: a plain file (no link, no device, no pipe)
    whose sha256 matches its name and its manifest line."""
    listed = _manifest(snapshot)
    for folder, subfolders, files in os.walk(snapshot / "archive"):
        for name in [*subfolders, *files]:
            path = Path(folder) / name
            relative = path.relative_to(snapshot).as_posix()
            mode = path.lstat().st_mode
            if stat.S_ISLNK(mode):
                return f"its archive holds the symbolic link {relative}"
            if name in files and not stat.S_ISREG(mode):
                return f"its archive holds {relative}, which is not a plain file"
            if name in files and not name.startswith(".incoming-"):
                problem = _file_problem(path, relative, listed.get(relative))
                if problem is not None:
                    return problem
    return None


def _file_problem(path: Path, relative: str, listed: str | None) -> str | None:
    named = path.name.split(".", 1)[0]
    expected = {digest for digest in (listed, named) if digest and SHA256_NAME.fullmatch(digest)}
    if not expected:
        return f"its archive holds {relative}, which is neither named by its sha256 nor listed"
    if expected != {hash_file(path)}:
        return f"the archived file {relative} does not match its sha256"
    return None


def _manifest(snapshot: Path) -> dict[str, str]:
    """The snapshot's MANIFEST.sha256 as {relative path: sha256} (empty when it has none)."""
    manifest = snapshot / MANIFEST_NAME
    if not manifest.is_file():
        return {}
    listed = {}
    for line in manifest.read_text(encoding="utf-8", errors="replace").splitlines():
        digest, _, relative = line.partition("  ")
        if digest and relative:
            listed[relative] = digest
    return listed


def _set_aside(path: Path, now: datetime) -> Path:
    """Rename `path` (and a database's -wal and -shm) to `<name>.before-restore-<time>`."""
    kept = path.with_name(f"{path.name}.before-restore-{_stamp(now)}")
    for suffix in ("", "-wal", "-shm"):
        current = path.with_name(path.name + suffix)
        if current.exists():
            os.replace(current, kept.with_name(kept.name + suffix))
    return kept


def _copy_into_place(backup_file: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.{uuid.uuid4().hex}.restoring")
    try:
        shutil.copyfile(backup_file, temporary)
        with temporary.open("rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(temporary, target)
        fsync_folder(target.parent)
    finally:
        temporary.unlink(missing_ok=True)


def _restore_archive(snapshot: Path, data_dir: Path) -> None:
    for path in _archive_files(snapshot / "archive"):
        target = data_dir / path.relative_to(snapshot)
        if target.exists():
            continue
        _link_or_copy(path, target)
        expected = _sha256_from_name(path)
        if hash_file(target) != expected:
            target.unlink()
            raise DatabaseError(
                f"The backup copy {path} does not match its sha256 {expected}; it was not "
                "restored. Restore this file from an older backup."
            )


def verify_archive(
    database: Engine, data_dir: Path, remove_reclaimable: bool = False, now: datetime | None = None
) -> list[Finding]:
    """Re-hash every archived file and reconcile the data folder with the documents table.

    What lies under the data folder, and what `docvault verify` makes of it:

    - `archive/<xx>/<sha256>.<ext>`: the originals, named by their sha256. A document's
      original missing or no longer matching its sha256 is a problem ("missing",
      "changed"); a file no document refers to is one too ("orphaned": someone must decide).
    - `archive/...` again: the unlocked copy of a password-protected PDF (`docvault.intake.unlock`,
      `Document.unlocked_path`), archived under its own sha256. Its document's pages are read
      from it and the password is kept nowhere, so it is checked like an original.
      `archive/.incoming-*` (an intake copying a file now) is skipped.
    - `cache/page-images/<xx>/<sha256>/`: page images and thumbnails (`docvault.derived`,
      the web view); `cache/searchable-pdf/<xx>/<sha256>/`: the archive copies, searchable
      PDF/A files (`docvault.transcription`, `docvault.pdfa`), with a `.not-pdfa.txt` note
      beside one that is not a PDF/A; `cache/pages/`: the cache by page id before issue 13. All
      of it can be made again from the archive: never a problem. A folder whose original no
      document has any more (or that follows no layout) is "reclaimable", and removed when
      `remove_reclaimable` is set.
    - `tmp/`: the private scratch folders of an unlock and of mail intake (a message's
      attachments judged before any is archived), each gone when its work ends; one older
      than `SCRATCH_AGE` was left by a crash (and may hold a decrypted copy): "reclaimable".
    - Not derived from an original, so not looked at here: `docvault.sqlite3` (with `-wal`,
      `-shm`, and the `.before-restore-<time>` copies a restore keeps), `index/` (the search
      index, rebuilt from the database), `backups/`, `run/` (the status file the heartbeat
      writes), `secret_key`. `docvault doctor` checks the database.
    """
    with read_session(database) as session:
        documents = session.exec(select(Document)).all()
        # The messages mail intake keeps whole (.eml) are no document's original.
        messages = mailstore.message_paths(session)
    findings: list[Finding] = []
    known: set[Path] = {data_dir / relative for relative in messages}
    for document in documents:
        for path, sha256, what in _archived_files_of(data_dir, document):
            known.add(path)
            finding = _check_document(
                int(document.id or 0), sha256, path, document.original_name, what
            )
            if finding is not None:
                findings.append(finding)
    tombstoned = audit.tombstoned_hashes(database)
    for path in _archive_files(data_dir / "archive"):
        if path not in known:
            findings.append(_orphan(path, tombstoned))
    originals = {document.sha256 for document in documents}
    findings.extend(_reclaimable(data_dir, originals, remove_reclaimable, now or datetime.now(UTC)))
    return findings


def _archived_files_of(data_dir: Path, document: Document) -> list[tuple[Path, str, str]]:
    """(path, sha256, what) of the document's original and of its unlocked copy, if any."""
    files = [(data_dir / document.archive_path, document.sha256, "original")]
    if document.unlocked_path:
        copy = data_dir / document.unlocked_path
        files.append((copy, _sha256_from_name(copy), "unlocked copy"))
    return files


# What `docvault verify` exits with: what a nightly timer acts on.
EXIT_ALL_WELL = 0  # every archived file is there and unchanged (reclaimable files are notes)
EXIT_DAMAGED = 1  # an original or unlocked copy is missing or changed: restore it
EXIT_ORPHANED = 3  # nothing is damaged, but archive files belong to no document: decide
PROBLEM_KINDS = ("missing", "changed", "orphaned")
# An unlock takes seconds; a scratch folder this old was left by a crash.
SCRATCH_AGE = timedelta(hours=1)


def archive_check(database: Engine, data_dir: Path) -> str:
    """The calendar's archive check (`verify_at`): `docvault verify` run by docvault. Its
    outcome as a sentence; a problem raises, so that the run is a failure staff and the
    admin see on the status page."""
    findings = verify_archive(database, data_dir)
    problems = [finding for finding in findings if finding.problem]
    notes = len(findings) - len(problems)
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise DocvaultError(
            f"The archive check found {len(problems)} problem(s): {problems[0].message}{more} "
            "Run `docvault verify` for the whole list."
        )
    return f"every archived file is there and unchanged ({notes} reclaimable file(s) noted)"


def exit_code(findings: list[Finding]) -> int:
    """`EXIT_DAMAGED` before `EXIT_ORPHANED` before `EXIT_ALL_WELL`."""
    kinds = {finding.kind for finding in findings}
    if kinds & {"missing", "changed"}:
        return EXIT_DAMAGED
    if "orphaned" in kinds:
        return EXIT_ORPHANED
    return EXIT_ALL_WELL


def _check_document(
    document_id: int, sha256: str, path: Path, name: str, what: str = "original"
) -> Finding | None:
    if not path.is_file():
        return Finding(
            "missing",
            path,
            document_id,
            f"document {document_id} ({name}): its {what} {path} is missing from the "
            "archive. Restore it from a backup: copy archive/"
            f"{path.parent.name}/{path.name} from the newest docvault-<time> backup folder.",
        )
    if hash_file(path) != sha256:
        return Finding(
            "changed",
            path,
            document_id,
            f"document {document_id} ({name}): its {what} {path} no longer matches its sha256 "
            "(it was changed on disk, or the disk is failing). Check the disk, then copy the "
            "file back from a backup.",
        )
    return None


def _orphan(path: Path, tombstoned: set[str]) -> Finding:
    if _sha256_from_name(path) in tombstoned:
        # A note, not a problem: a deletion recorded it, and only the file's removal is left.
        return Finding(
            "deleted",
            path,
            None,
            f"{path} belongs to a document that was deleted (the audit log's tombstone, action "
            '"delete", names this sha256); its removal from the archive did not finish. '
            "Delete the file, or copy it into an inbox to take it in again.",
        )
    return Finding(
        "orphaned",
        path,
        None,
        f"{path} is in the archive but no document refers to it (a document deleted in "
        'docvault: its audit row "delete" names this sha256; a database restored from an '
        "older backup; or a crash between archiving and recording). Copy it into an inbox "
        "to take it in again, or delete it if it is not wanted.",
    )


def _reclaimable(data_dir: Path, originals: set[str], remove: bool, now: datetime) -> list[Finding]:
    """Derived files and scratch folders nothing needs any more: notes, never problems."""
    findings: list[Finding] = []
    for entry in derived.entries(data_dir):
        if entry.sha256 in originals:
            continue
        why = (
            "made from an original no document has any more"
            if entry.sha256
            else "left by an older docvault, or put there by hand"
        )
        findings.append(_reclaim(entry, why, remove))
    scratch = data_dir / "tmp"
    for leftover in sorted(scratch.iterdir()) if scratch.is_dir() else []:
        modified = datetime.fromtimestamp(leftover.lstat().st_mtime, UTC)
        if now - modified > SCRATCH_AGE:
            why = "an unlock's scratch folder left by a crash (it may hold a decrypted copy)"
            findings.append(_reclaim(derived.DerivedEntry(leftover, None), why, remove))
    return findings


def _reclaim(entry: derived.DerivedEntry, why: str, remove: bool) -> Finding:
    if remove:
        derived.remove_entry(entry)
        return Finding("reclaimable", entry.path, None, f"removed {entry.path}: {why}.")
    return Finding(
        "reclaimable",
        entry.path,
        None,
        f"{entry.path} can be removed ({why}): nothing refers to it, and docvault makes what "
        "it needs again. `docvault verify --remove-reclaimable` removes it.",
    )
