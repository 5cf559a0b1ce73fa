"""The real daemon writes every finished letter into a GDT import folder exactly once,
across SIGKILLs (issue 52: "a GDT import file, delivered exactly once").

`docvault run` reads letters through the loopback engine simulator and hands each over to a
`[[handover]]` table with target "gdt". The daemon is killed with SIGKILL at moments chosen
by a seeded schedule, each recognised by what can be observed:

- completed: a letter's hand-over row appears in the outbox (written, not yet published);
- published: a GDT file has just appeared in the import folder;
- held: the test holds the database's write lock while a GDT file is published, so the
  daemon cannot record the delivery, and kills it then: the file is in the folder, the
  outbox still says pending. The next start must not write it again.

Meanwhile a thread reads every file the moment it is seen in the folder, as a practice
system would: a GDT file must parse whole (tests/test_gdt.py's reader, written from the
GDT 2.1 description) and name a whole PDF beside it. At the end each letter has one GDT
file and one PDF (the archive copy), no temporary file and no marker is left.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.records.test_handover_daemon import (
    _query,
    documents_finished,
    handover_daemon,
    outbox,
)
from tests.support.documents import letter_pdf
from tests.test_gdt import field, read_gdt

pytestmark = pytest.mark.slow

SEED = 20261206
LETTERS_PER_RUN = 2
EARLIER = "(there from an earlier attempt)"


class FolderReader:
    """A practice system that reads each file the moment its name appears in the folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.problems: list[str] = []
        self.seen: set[str] = set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def __enter__(self) -> FolderReader:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(0.002):
            try:
                self._look()
            except FileNotFoundError:
                continue  # the folder set aside by the test for a while: looked at again

    def _look(self) -> None:
        for path in self.folder.iterdir():
            if path.name.startswith(".") or path.name in self.seen:
                continue
            problems = self._check(path)  # raises before the name is seen, if set aside
            self.seen.add(path.name)
            self.problems += problems

    def _check(self, path: Path) -> list[str]:
        data = path.read_bytes()
        if path.suffix == ".pdf":
            return [] if _whole_pdf(data) else [f"{path.name}: {len(data)} bytes, not whole"]
        try:
            fields = read_gdt(data)
        except (AssertionError, ValueError, KeyError, IndexError) as error:
            return [f"{path.name}: half a GDT file ({len(data)} bytes): {error}"]
        attached = Path(field(fields, "6305"))
        if not attached.is_file() or not _whole_pdf(attached.read_bytes()):
            return [f"{path.name} names {attached.name}, which is not there whole"]
        return []


def _whole_pdf(data: bytes) -> bool:
    return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")


def _gdt_daemon(tmp_path: Path, simulator: EngineSimulator, folder: Path) -> Daemon:
    config = tmp_path / "docvault.toml"
    config.write_text(f'[[handover]]\ntarget = "gdt"\nfolder = "{folder}"\n')
    return handover_daemon(tmp_path, simulator, DOCVAULT_CONFIG=str(config))


def _gdt_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("PRAXDOCV."))


def _all_delivered(daemon: Daemon) -> bool:
    return all(state == "delivered" for _, state in outbox(daemon).values())


def test_every_letter_lands_in_the_import_folder_once_across_kills(
    tmp_path: Path, simulator: EngineSimulator
) -> None:
    folder = tmp_path / "praxis-import"
    folder.mkdir()
    daemon = _gdt_daemon(tmp_path, simulator, folder)
    try:
        _hand_over_across_kills(daemon, folder, tmp_path / "inbox")
    finally:
        daemon.kill_everything()


def _hand_over_across_kills(daemon: Daemon, folder: Path, inbox: Path) -> None:
    inbox.mkdir()
    chooser = random.Random(SEED)
    moments = ["completed", "published", "held"]
    chooser.shuffle(moments)
    letters = 0
    with FolderReader(folder) as reader:
        for moment in [*moments, "none"]:
            daemon.start()
            # The letters of earlier runs first: each moment is about this run's letters.
            wait_for(lambda: _all_delivered(daemon), 60, "the earlier letters to be handed over")
            rows_before, files_before = len(outbox(daemon)), len(_gdt_files(folder))
            if moment == "held":
                _kill_while_the_delivery_cannot_be_recorded(daemon, folder, inbox, letters)
            else:
                _drop_letters(inbox, letters)
                nth = chooser.randint(1, LETTERS_PER_RUN)
                _kill_at(moment, daemon, folder, rows_before + nth, files_before + nth)
            letters += LETTERS_PER_RUN

        def all_handed_over() -> bool:
            states = outbox(daemon)
            return (
                documents_finished(daemon) == letters
                and len(states) == letters
                and _all_delivered(daemon)
            )

        wait_for(all_handed_over, 60, "every letter to be handed over after the last start")
        assert daemon.stop() == 0, daemon.log.read_text()
    _one_file_and_one_pdf_a_letter(daemon, folder, letters)
    assert reader.problems == []
    # The held kill fell between the rename and the record: sent again, nothing was written.
    answers = [answer for (answer,) in _query(daemon, "SELECT answer FROM handover_outbox")]
    assert any(answer.endswith(EARLIER) for answer in answers), answers


def _drop_letters(inbox: Path, first: int) -> None:
    for number in range(first, first + LETTERS_PER_RUN):
        letter_pdf(inbox / f"letter-{number:02}.pdf", pages=1, seed=number)


def _kill_at(moment: str, daemon: Daemon, folder: Path, rows: int, files: int) -> None:
    """SIGKILL at the `rows`th outbox row (completed) or the `files`th GDT file (published);
    "none": the daemon runs on."""
    if moment == "completed":
        wait_for(lambda: len(outbox(daemon)) >= rows, 60, "a completion", 0.02)
        daemon.kill()
    elif moment == "published":
        wait_for(lambda: len(_gdt_files(folder)) >= files, 60, "a GDT file", 0.005)
        daemon.kill()


def _kill_while_the_delivery_cannot_be_recorded(
    daemon: Daemon, folder: Path, inbox: Path, first: int
) -> None:
    """The import folder set aside (each hand-over refused), the letters read, the database's
    write lock taken, the folder put back: the next attempt publishes and then waits for the
    lock to record it. SIGKILL once its GDT file is in the folder."""
    aside = folder.with_name("praxis-import-aside")
    folder.rename(aside)
    _drop_letters(inbox, first)
    refused = "SELECT COUNT(*) FROM handover_outbox WHERE state = 'pending' AND attempts > 0"
    wait_for(lambda: _query(daemon, refused) == [(LETTERS_PER_RUN,)], 60, "the refusals")
    files_before = len(_gdt_files(aside))
    database = daemon.folder / "docvault-data" / "docvault.sqlite3"
    lock = sqlite3.connect(database, timeout=30, isolation_level=None)
    try:
        lock.execute("BEGIN IMMEDIATE")
        aside.rename(folder)
        wait_for(lambda: len(_gdt_files(folder)) > files_before, 30, "a GDT file", 0.005)
        daemon.kill()
        pending = lock.execute("SELECT COUNT(*) FROM handover_outbox WHERE state = 'pending'")
        assert pending.fetchone() == (LETTERS_PER_RUN,)  # published, not recorded
    finally:
        lock.execute("ROLLBACK")
        lock.close()


def _one_file_and_one_pdf_a_letter(daemon: Daemon, folder: Path, letters: int) -> None:
    """Each letter's GDT file once, naming its PDF, which is the letter's archive copy."""
    assert not [path.name for path in folder.iterdir() if path.name.startswith(".")]
    markers = daemon.folder / "docvault-data" / "handover" / "gdt"
    assert not markers.exists() or list(markers.iterdir()) == []
    names = _gdt_files(folder)
    assert len(names) == letters, names
    cache = daemon.folder / "docvault-data" / "cache" / "searchable-pdf"
    copies = {path.read_bytes() for path in cache.rglob("*.pdf")}
    documents = []
    for name in names:
        fields = read_gdt((folder / name).read_bytes())
        attached = Path(field(fields, "6305"))
        assert attached.parent == folder
        assert attached.read_bytes() in copies
        documents.append(int(field(fields, "6302").split("-")[1]))  # docvault-DOC-EVENT
    assert sorted(documents) == sorted({document for document, _ in outbox(daemon).values()})
    assert len([path for path in folder.iterdir() if path.suffix == ".pdf"]) == letters
