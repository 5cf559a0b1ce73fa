"""Issue 18: facts kept per document: proposed when its pages are done, never over a person."""

from __future__ import annotations

import getpass
import sqlite3
from pathlib import Path

from alembic import command
from click.testing import CliRunner
from sqlmodel import Session, select

from docvault import db, records
from docvault.cli import main
from docvault.db import read_session, write_transaction
from docvault.facts import store as fact_store
from docvault.facts.store import patient_for_documents
from docvault.models import AuditEvent, DocumentFact, IndexOutbox
from docvault.vocabulary import PageStatus, SamplingMode, Verdict
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter
from tests.support.finish import complete
from tests.support.webarchive import OWNER, WebArchive, add_document, attempt, propose_facts


def _columns(path: Path, table: str) -> list[str]:
    with sqlite3.connect(path) as connection:
        return [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]


def test_the_migration_adds_and_removes_the_facts_table_on_a_real_file(tmp_path: Path) -> None:
    path = tmp_path / "docvault.sqlite3"
    database = db.make_engine(path)
    config = db._alembic_config(database)
    command.upgrade(config, "0005_error_codes")  # the revision before 0006_facts
    with sqlite3.connect(path) as connection:
        connection.execute(
            "INSERT INTO documents (sha256, original_name, inbox, original_path, archive_path, "
            "size_bytes, tags, page_count, status, received_at, updated_at) VALUES ('ab', "
            "'brief.pdf', 'fax', '/in/brief.pdf', 'ab.pdf', 10, '', 1, 'done', "
            "'2026-12-01 08:00:00', '2026-12-01 08:00:00')"
        )
    assert _columns(path, "document_facts") == []
    db.upgrade(database)
    assert _columns(path, "document_facts") == [
        "id", "document_id", "field", "proposed", "evidence", "proposed_at", "confirmed",
        "confirmed_by", "confirmed_at",
    ]  # fmt: skip
    with sqlite3.connect(path) as connection:
        connection.execute("INSERT INTO document_facts (document_id, field) VALUES (1, 'title')")
        assert connection.execute("SELECT original_name FROM documents").fetchall() == [
            ("brief.pdf",)
        ]
    command.downgrade(config, "0005_error_codes")
    assert _columns(path, "document_facts") == []
    command.upgrade(config, "0006_facts")  # and up again: the revision is repeatable
    assert db.schema_revision(database)[0] == "0006_facts"
    assert "confirmed_by" in _columns(path, "document_facts")
    database.dispose()


def test_facts_are_proposed_when_the_last_page_of_a_document_is_done(archive: WebArchive) -> None:
    document_id, pages = add_document(
        archive.database, archive.data_dir, "paperless__multi-page-images.tiff", "scans"
    )
    assert pages == 3
    claimed = records.claim(archive.database, OWNER, limit=10, lease_seconds=600)
    first, *rest = sorted(claimed, key=lambda page: page.number)
    complete(archive.database, first.page_id, OWNER, MUSTERMANN_LETTER, False, [])
    propose_facts(archive.database)  # the facts part, after the commit
    assert patient_for_documents(archive.database, [document_id]) == {}  # 2 pages to go
    for page in rest:
        complete(archive.database, page.page_id, OWNER, "Seite 2: Befunde", False, [])
    propose_facts(archive.database)
    assert patient_for_documents(archive.database, [document_id]) == {
        document_id: "Erika Mustermann"
    }
    with read_session(archive.database) as session:
        shown = {
            fact.field: (fact.value, fact.state)
            for fact in fact_store.facts_of(session, document_id)
        }
        outbox = session.exec(
            select(IndexOutbox.page_id).where(IndexOutbox.document_id == document_id)
        ).all()
    assert shown["born"] == ("1961-03-12", "proposed")
    assert shown["sender"] == ("Klinikum Nord", "proposed")
    # Every page of the letter is indexed again, now with the facts.
    assert set(outbox) == {page.page_id for page in claimed}


def test_a_rerun_proposes_again_but_never_over_a_confirmed_value(archive: WebArchive) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with write_transaction(archive.database) as session:
        fact_store.confirm(session, document_id, "title", "nurse", corrected="Arztbrief")
    page_id = archive.page_id(document_id, 1)
    assert (
        records.request_rerun(archive.database, [page_id], SamplingMode.greedy, (PageStatus.done,))
        == 1
    )
    (claimed,) = records.claim(archive.database, OWNER, limit=1, lease_seconds=600)
    complete(archive.database, claimed.page_id, OWNER, SMITH_LETTER, False,
                   [attempt(SMITH_LETTER, Verdict.clean)])  # fmt: skip
    propose_facts(archive.database)
    with read_session(archive.database) as session:
        facts = {fact.field: fact for fact in fact_store.facts_of(session, document_id)}
    assert facts["patient"].value == "John Smith"  # the new text's proposal
    assert facts["title"].value == "Arztbrief"  # a person's word stands
    assert facts["title"].state == "corrected"
    assert facts["title"].proposed is None  # the new text names no title
    assert facts["title"].confirmed_by == "nurse"


def test_patients_are_found_through_a_session_a_connection_or_an_engine(
    archive: WebArchive,
) -> None:
    mustermann = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    smith = add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    wanted = [mustermann, smith, archive.huck_finn, 999_999]
    expected = {mustermann: "Erika Mustermann", smith: "John Smith"}
    assert patient_for_documents(archive.database, wanted) == expected
    with Session(archive.database) as session:
        assert patient_for_documents(session, wanted) == expected
    with archive.database.connect() as connection:
        assert patient_for_documents(connection, wanted) == expected
    with write_transaction(archive.database) as session:
        fact_store.confirm(session, smith, "patient", "nurse", corrected="")  # names none
    assert patient_for_documents(archive.database, wanted) == {mustermann: "Erika Mustermann"}


def test_deleting_a_document_deletes_its_facts(archive: WebArchive) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    records.delete_document(archive.database, document_id)
    with read_session(archive.database) as session:
        rows = session.exec(select(DocumentFact).where(DocumentFact.document_id == document_id))
        assert rows.all() == []


def test_documents_read_before_facts_existed_get_them_from_the_command(
    archive: WebArchive,
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with write_transaction(archive.database) as session:
        for fact in session.exec(select(DocumentFact)):
            session.delete(fact)  # as a document read by an older docvault has none
        for row in session.exec(select(IndexOutbox)):
            session.delete(row)
    runner = CliRunner()
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    answer = runner.invoke(main, ["facts", "propose"], env=env)
    assert answer.exit_code == 0, answer.output
    assert patient_for_documents(archive.database, [document_id]) == {
        document_id: "Erika Mustermann"
    }
    with read_session(archive.database) as session:
        queued = session.exec(select(IndexOutbox.document_id)).all()
    assert set(queued) == {document_id}  # its pages go to the index with the facts
    with write_transaction(archive.database) as session:
        fact_store.confirm(session, document_id, "patient", "nurse", corrected="Erika Musterfrau")
    again = runner.invoke(main, ["facts", "propose", "--again"], env=env)
    assert again.exit_code == 0, again.output
    assert again.output.strip() == "facts: 4 document(s) read"  # the three others, and it
    assert patient_for_documents(archive.database, [document_id]) == {
        document_id: "Erika Musterfrau"
    }
    # Each run is an admin's act on the records: audited as from the command line.
    with read_session(archive.database) as session:
        rows = session.exec(select(AuditEvent).where(AuditEvent.action == "propose facts")).all()
    assert [(row.detail, row.via, row.user_name) for row in rows] == [
        ("documents without facts: 4 read", "cli", f"cli:{getpass.getuser()}"),
        ("every finished document: 4 read", "cli", f"cli:{getpass.getuser()}"),
    ]
