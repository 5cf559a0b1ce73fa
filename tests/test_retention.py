"""A record's lifetime (docvault.retention, docvault.holds): which documents' time is up,
their deletion confirmed in a batch, and a legal hold refused with a sentence by every
delete path (the one in records.remove_document: the web view's, the command line's, the
review's). Real SQLite files; the command run through click as an admin types it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner
from sqlalchemy import Engine
from sqlmodel import select

from docvault import db, holds, records, retention
from docvault.audit import AuditAction
from docvault.cli import main
from docvault.errors import OnLegalHold
from docvault.facts import store as fact_store
from docvault.models import AuditEvent, Document
from docvault.setting_types import CountedFrom, RetentionRule
from tests.support.documents import recorded_document

BERLIN = ZoneInfo("Europe/Berlin")
FAX_TEN_YEARS = RetentionRule(keep_years=10, inbox="fax")


def arrived(database: Engine, document_id: int, when: datetime) -> None:
    with db.write_transaction(database) as session:
        document = session.get(Document, document_id)
        assert document is not None
        document.received_at = when
        session.add(document)


def test_a_document_is_due_ten_years_after_its_arrival_and_never_without_a_rule(
    database: Engine,
) -> None:
    old, young = recorded_document(database, sha="a"), recorded_document(database, sha="b")
    arrived(database, old, datetime(2016, 3, 1, 9, tzinfo=UTC))
    arrived(database, young, datetime(2016, 3, 3, 9, tzinfo=UTC))
    due = retention.due_documents(database, [FAX_TEN_YEARS], date(2026, 3, 2), BERLIN)
    assert [(entry.document_id, entry.due_on) for entry in due] == [(old, date(2026, 3, 1))]
    assert retention.due_documents(database, [], date(2099, 1, 1), BERLIN) == []
    other_inbox = RetentionRule(keep_years=1, inbox="scans")
    assert retention.due_documents(database, [other_inbox], date(2099, 1, 1), BERLIN) == []


def test_a_rule_for_the_single_inbox_names_it_as_every_sentence_does(database: Engine) -> None:
    """The `inbox` setting's one inbox is named "inbox": its rule read "inbox inbox, 10
    years" on the review page, the sentence issue 48 mended everywhere else."""
    letter = recorded_document(database, sha="d")
    with db.write_transaction(database) as session:
        document = session.get(Document, letter)
        assert document is not None
        document.inbox = "inbox"
        session.add(document)
    arrived(database, letter, datetime(2010, 1, 4, 9, tzinfo=UTC))
    rule = RetentionRule(keep_years=10, inbox="inbox", counted_from=CountedFrom.arrival)
    [entry] = retention.due_documents(database, [rule], date(2026, 1, 1), BERLIN)
    assert entry.rule == "the inbox, 10 years"
    assert FAX_TEN_YEARS.names == "inbox fax"


def test_the_letter_date_counts_where_the_rule_says_and_the_longest_rule_wins(
    database: Engine,
) -> None:
    xray = recorded_document(database, sha="c")
    arrived(database, xray, datetime(2000, 1, 1, tzinfo=UTC))
    with db.write_transaction(database) as session:
        document = session.get(Document, xray)
        assert document is not None
        document.tags = "xray"
        session.add(document)
    with db.write_transaction(database) as session:
        fact_store.confirm(session, xray, "letter_date", "dr-admin", corrected="30.06.1995")
    rules = [FAX_TEN_YEARS, RetentionRule(keep_years=30, tag="xray")]
    assert retention.due_documents(database, rules, date(2024, 12, 31), BERLIN) == []
    [entry] = retention.due_documents(database, rules, date(2025, 6, 30), BERLIN)
    assert (entry.counted_from, entry.rule) == (date(1995, 6, 30), "tag xray, 30 years")
    by_arrival = [RetentionRule(keep_years=30, tag="xray", counted_from=CountedFrom.arrival)]
    assert retention.due_documents(database, by_arrival, date(2025, 6, 30), BERLIN) == []


def test_a_confirmed_batch_deletes_the_due_and_refuses_the_held_with_a_sentence(
    database: Engine, tmp_path: Path
) -> None:
    due_one, held = recorded_document(database, sha="d"), recorded_document(database, sha="e")
    for document_id in (due_one, held):
        arrived(database, document_id, datetime(2010, 1, 1, tzinfo=UTC))
    holds.place(database, held, "complaint of 3 January, file 7/27", "dpo")
    due = retention.due_documents(database, [FAX_TEN_YEARS], date(2026, 1, 1), BERLIN)
    assert retention.review_sentence(due, [FAX_TEN_YEARS]).startswith(
        "2 document(s) are due for deletion (1 of them on legal hold)"
    )
    with pytest.raises(ValueError, match="needs a reason"):
        retention.confirm(database, tmp_path, [due_one], " ", "dr-admin", due)
    batch = retention.confirm(
        database, tmp_path, [due_one, held], "§630f BGB, 10 years", "dr-admin", due
    )
    assert [removed.document_id for removed in batch.deleted] == [due_one]
    [refusal] = batch.refused
    assert f"Document {held} (e.pdf) is on legal hold since" in refusal
    assert "placed by dpo: complaint of 3 January, file 7/27" in refusal
    with db.read_session(database) as session:
        left = session.exec(select(Document.id)).all()
        actions = [(row.action, row.document_id) for row in session.exec(select(AuditEvent))]
    assert left == [held]
    assert (AuditAction.delete.value, due_one) in actions
    assert (AuditAction.delete_refused.value, held) in actions


def test_every_delete_path_refuses_a_held_document(database: Engine, tmp_path: Path) -> None:
    held = recorded_document(database, sha="f")
    holds.place(database, held, "court order 12 O 345/26", "dpo")
    with pytest.raises(OnLegalHold, match="court order 12 O 345/26"):
        records.remove_document(database, tmp_path, held, actor="dpo")
    # `docvault delete` opens the settings' database: this test's, through the environment.
    environment = {"DOCVAULT_DATA_DIR": str(tmp_path / "data"), "DOCVAULT_CONFIG": ""}
    result = CliRunner().invoke(main, ["delete", str(held), "--yes"], env=environment)
    assert result.exit_code != 0
    assert "is on legal hold since" in result.output
    assert "court order 12 O 345/26" in result.output
    lifted = CliRunner().invoke(main, ["hold", "lift", str(held)], env=environment)
    assert lifted.exit_code == 0, lifted.output
    assert records.remove_document(database, tmp_path, held, actor="dpo") is not None
