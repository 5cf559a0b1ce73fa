"""Issue 46: a letter's facts are proposed after its reading is committed, outside SQLite's
write lock, by a part of their own (`docvault.facts.outbox`); the hand-over waits for them."""

from __future__ import annotations

import sqlite3
import threading
from datetime import timedelta
from pathlib import Path

from alembic import command
from sqlalchemy import Engine
from sqlmodel import select

from devtools.daemon import wait_for
from docvault import db, records
from docvault.db import read_session, write_transaction
from docvault.facts.outbox import FactsProposer, due, mark_due, propose_due
from docvault.facts.store import patient_for_documents
from docvault.models import FactsDue, IndexOutbox, utcnow
from docvault.records import handover
from docvault.runtime.supervisor import Progress
from docvault.vocabulary import HandoverTarget, PageStatus, SamplingMode, Verdict
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER
from tests.support.finish import complete
from tests.support.webarchive import OWNER, WebArchive, add_document, attempt


def _finish_letter(
    archive: WebArchive,
    text: str,
    targets: tuple[HandoverTarget, ...] = (),
    fixture: str = "pymupdf__small-table.pdf",
) -> int:
    """A one-page letter archived and its page finished as the worker finishes it."""
    document_id, _ = add_document(archive.database, archive.data_dir, fixture, "fax")
    (claimed,) = records.claim(archive.database, OWNER, limit=1, lease_seconds=600)
    finished = records.FinishedPage(claimed.page_id, text, False, [attempt(text, Verdict.clean)])
    assert records.complete_many(archive.database, OWNER, [finished], targets) == [True]
    return document_id


def _outbox_documents(database: Engine) -> set[int]:
    with read_session(database) as session:
        return set(session.exec(select(IndexOutbox.document_id)).all())


def _clear_outbox(database: Engine) -> None:
    with write_transaction(database) as session:
        for row in session.exec(select(IndexOutbox)):
            session.delete(row)


def test_finishing_a_letter_marks_its_facts_and_the_proposer_keeps_them(
    archive: WebArchive,
) -> None:
    document_id = _finish_letter(archive, MUSTERMANN_LETTER)
    # The completion's transaction proposed nothing: it left the mark.
    assert patient_for_documents(archive.database, [document_id]) == {}
    assert [mark[0] for mark in due(archive.database)] == [document_id]
    _clear_outbox(archive.database)
    woken: list[str] = []
    proposer = FactsProposer(archive.database, lambda: woken.append("index"))
    assert proposer.drain() == 1
    assert patient_for_documents(archive.database, [document_id]) == {
        document_id: "Erika Mustermann"
    }
    assert due(archive.database) == []  # the mark went with the proposals
    assert _outbox_documents(archive.database) == {document_id}  # indexed with its facts
    assert woken == ["index"]
    assert proposer.drain() == 0  # nothing left to do


def test_a_newer_reading_marked_meanwhile_is_proposed_in_its_own_turn(
    archive: WebArchive,
) -> None:
    document_id = _finish_letter(archive, MUSTERMANN_LETTER)
    ((_, first_mark),) = due(archive.database)
    # The page is read again (a re-run) and finishes while the first reading's facts are
    # being proposed: its mark is renewed.
    page_id = archive.page_id(document_id, 1)
    assert records.request_rerun(archive.database, [page_id], SamplingMode.greedy,
                               (PageStatus.done,)) == 1  # fmt: skip
    (claimed,) = records.claim(archive.database, OWNER, limit=1, lease_seconds=600)
    complete(archive.database, claimed.page_id, OWNER, SMITH_LETTER, False,
                   [attempt(SMITH_LETTER, Verdict.clean)])  # fmt: skip
    assert propose_due(archive.database, document_id, first_mark) is False
    assert patient_for_documents(archive.database, [document_id]) == {}
    ((_, second_mark),) = due(archive.database)
    assert second_mark != first_mark
    assert FactsProposer(archive.database).drain() == 1
    assert patient_for_documents(archive.database, [document_id]) == {document_id: "John Smith"}


def test_a_hand_over_waits_until_the_letters_facts_are_kept(archive: WebArchive) -> None:
    targets = (HandoverTarget.webhook,)
    document_id = _finish_letter(archive, MUSTERMANN_LETTER, targets)
    later = utcnow() + timedelta(minutes=1)
    assert handover.due(archive.database, later, 10) == []
    assert handover.next_due_at(archive.database) is None
    told: list[str] = []
    FactsProposer(archive.database, lambda: told.append("deliverer")).drain()
    (delivery,) = handover.due(archive.database, later, 10)
    assert delivery.document_id == document_id
    payload = handover.build_payload(archive.database, delivery, "inline", "https://dv.example")
    assert payload is not None
    assert payload["document"]["facts"]["patient"]["value"] == "Erika Mustermann"
    assert told == ["deliverer"]


def test_the_proposer_part_proposes_when_woken_and_once_more_on_the_way_out(
    archive: WebArchive,
) -> None:
    proposer = FactsProposer(archive.database)
    stopping = threading.Event()
    progress = Progress()
    thread = threading.Thread(target=proposer.serve, args=(progress, stopping), daemon=True)
    thread.start()
    try:
        first = _finish_letter(archive, MUSTERMANN_LETTER)
        proposer.wake()
        found = wait_for(
            lambda: patient_for_documents(archive.database, [first]),
            30,
            "the woken proposer to keep the letter's facts",
            interval=0.05,
        )
        assert found == {first: "Erika Mustermann"}
        assert progress.beats >= 1
    finally:
        stopping.set()
        proposer.wake()
        thread.join(timeout=30)
    assert not thread.is_alive()
    # A letter finished after the stop (the worker's last pages) waits for the next start.
    second = _finish_letter(archive, SMITH_LETTER, fixture="ocrmypdf__graph_ocred.pdf")
    assert [mark[0] for mark in due(archive.database)] == [second]


def test_deleting_a_document_takes_its_mark_with_it(archive: WebArchive) -> None:
    document_id = _finish_letter(archive, MUSTERMANN_LETTER)
    records.delete_document(archive.database, document_id)
    assert due(archive.database) == []


def test_marking_twice_keeps_one_row_with_the_newer_time(database: Engine) -> None:
    document_id = records.record_document(
        database,
        records.NewDocument(
            sha256="c" * 64, original_name="c.pdf", inbox="fax", original_path="/in/c.pdf",
            archive_path="archive/c", size_bytes=10, tags=(),
        ),
        1,
    ).document_id  # fmt: skip
    earlier, later = utcnow() - timedelta(seconds=5), utcnow()
    with write_transaction(database) as session:
        mark_due(session, document_id, earlier)
    with write_transaction(database) as session:
        mark_due(session, document_id, later)
    with read_session(database) as session:
        rows = session.exec(select(FactsDue)).all()
    assert [(row.document_id, row.queued_at) for row in rows] == [(document_id, later)]


def test_the_migration_adds_and_removes_the_marks_table_on_a_real_file(tmp_path: Path) -> None:
    path = tmp_path / "docvault.sqlite3"
    database = db.make_engine(path)
    config = db._alembic_config(database)
    command.upgrade(config, "0016_register")

    def tables() -> set[str]:
        with sqlite3.connect(path) as connection:
            rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            return {name for (name,) in rows}

    assert "facts_due" not in tables()
    db.upgrade(database)
    assert "facts_due" in tables()
    command.downgrade(config, "0016_register")
    assert "facts_due" not in tables()
    database.dispose()
