"""Issue 50: the sender directory, grown from confirmed letters and edited by an admin; a
letter's sender proposed by the marks that identify it, never the clinic itself."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlmodel import Session

from docvault.cli import main
from docvault.db import read_session, write_transaction
from docvault.errors import FactRefused
from docvault.facts import senders
from docvault.facts import store as fact_store
from docvault.facts.extract import propose
from docvault.facts.extract.known import Directory, fold, with_directory
from docvault.web.app import create_app
from tests.support.factsarchive import add_letter
from tests.support.webarchive import ADMIN, NURSE, WebArchive
from tests.web.test_web_permissions import _log_in

HEAD = """Radiologie am Stadtpark
Parkallee 3 · 79098 Freiburg
Tel. 0761 555 120 · Fax 0761 555 129

Freiburg, 02.12.2026

Befundbericht

Patient: Mustermann, Erika, geb. 12.03.1961

Mit freundlichen Grüßen
Dr. med. Anna Roth
"""
# The practice's short form: only its fax number says who sent it.
STAMPED = """Kurzbefund Sonographie

Patient: Mustermann, Erika, geb. 12.03.1961
Untersuchung vom 03.12.2026: unauffällig.

Fax +49 (0)761 555129
"""


def _sender(archive: WebArchive, document_id: int) -> str | None:
    with read_session(archive.database) as session:
        facts = {fact.field: fact for fact in fact_store.facts_of(session, document_id)}
    return facts["sender"].value


def _confirm(archive: WebArchive, document_id: int, value: str | None = None) -> None:
    with write_transaction(archive.database) as session:
        fact_store.confirm(session, document_id, "sender", "nurse", value)


def test_a_confirmed_sender_is_proposed_for_the_next_letter_with_its_fax_number(
    archive: WebArchive,
) -> None:
    first = add_letter(archive, "caltech__hale-letter-1.jpg", HEAD)
    before = add_letter(archive, "caltech__hale-letter-2.jpg", STAMPED)
    assert _sender(archive, before) is None  # the layout names nobody
    _confirm(archive, first)
    second = add_letter(archive, "caltech__hale-letter-3.jpg", STAMPED)
    assert _sender(archive, second) == "Radiologie am Stadtpark"
    with read_session(archive.database) as session:
        [entry] = senders.entries(session)
    assert (entry.faxes, entry.phones, entry.letters) == (["761555129"], ["761555120"], 1)


def test_a_correction_moves_the_letters_marks_to_the_new_sender(archive: WebArchive) -> None:
    first = add_letter(archive, "caltech__hale-letter-1.jpg", HEAD)
    _confirm(archive, first)
    _confirm(archive, first, "MVZ Bildgebung Freiburg")
    with read_session(archive.database) as session:
        entries = {entry.name: entry for entry in senders.entries(session)}
    assert entries["MVZ Bildgebung Freiburg"].faxes == ["761555129"]
    assert entries["Radiologie am Stadtpark"].faxes == []  # the letter's marks moved


def test_the_clinics_own_numbers_and_name_never_name_a_sender(archive: WebArchive) -> None:
    senders.record_clinic(archive.database, ["Radiologie am Stadtpark"], ["0761 555 129"], [])
    first = add_letter(archive, "caltech__hale-letter-1.jpg", HEAD)
    assert _sender(archive, first) is None  # the letter head is the clinic's own name
    _confirm(archive, first, "Somebody Else")
    second = add_letter(archive, "caltech__hale-letter-2.jpg", STAMPED)
    assert _sender(archive, second) is None  # its fax number is the clinic's


def test_a_number_two_senders_share_identifies_neither() -> None:
    directory = Directory(
        marks={"761555129": frozenset({"Radiologie am Stadtpark", "MVZ Bildgebung"})},
        names={fold("MVZ Bildgebung"): "MVZ Bildgebung"},
    )
    proposals = with_directory(propose(STAMPED), STAMPED, directory)
    assert "sender" not in proposals


def test_an_admin_adds_a_sender_and_a_bad_number_is_refused(archive: WebArchive) -> None:
    with write_transaction(archive.database) as session:
        senders.edit(session, None, "Labor Nord", "", {"fax": ["040 123 456 7"]}, "admin")
    with Session(archive.database) as session, pytest.raises(FactRefused) as refused:
        senders.edit(session, None, "Labor Süd", "", {"phone": ["12-34"]}, "admin")
    assert refused.value.message == (
        "'12-34' is no telephone or fax number (a number has 7 to 15 digits)."
    )
    stamped = "Kurzbefund\n\nFax: 040 1234567\n"
    with read_session(archive.database) as session:
        directory = senders.directory(session)
    assert with_directory(propose(stamped), stamped, directory)["sender"].value == "Labor Nord"


def test_the_command_adds_a_sender_and_lists_the_directory(archive: WebArchive) -> None:
    env = {"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)}
    added = CliRunner().invoke(
        main,
        ["senders", "add", "Labor Nord", "--fax", "040 1234567", "--domain", "labor-nord.de"],
        env=env,
    )
    assert added.exit_code == 0, added.output
    shown = CliRunner().invoke(main, ["senders"], env=env)
    assert shown.output.splitlines() == [
        "senders: 1",
        "Labor Nord: fax 401234567, labor-nord.de; 0 letter(s)",
    ]
    refused = CliRunner().invoke(main, ["senders", "add", "Labor Süd", "--phone", "12"], env=env)
    assert refused.exit_code == 1
    assert "'12' is no telephone or fax number" in refused.output


def test_a_number_of_another_sender_than_the_letter_heads_proposes_none() -> None:
    directory = Directory(
        marks={"761555129": frozenset({"MVZ Bildgebung"})},
        names={fold("MVZ Bildgebung"): "MVZ Bildgebung"},
    )
    assert propose(HEAD)["sender"].value == "Radiologie am Stadtpark"  # the letter head
    assert "sender" not in with_directory(propose(HEAD), HEAD, directory)
    agreeing = Directory(
        marks={"761555129": frozenset({"Radiologie am Stadtpark"})},
        names={fold("Radiologie am Stadtpark"): "Radiologie am Stadtpark"},
    )
    sender = with_directory(propose(HEAD), HEAD, agreeing)["sender"]
    assert sender.evidence.startswith("sender directory: fax number 761555129")


def test_only_an_administrator_changes_the_directory(archive: WebArchive) -> None:
    client = TestClient(create_app(archive.context), follow_redirects=False)
    token = _log_in(client, NURSE)
    form = {"name": "Labor Nord", "faxes": "040 1234567", "csrf_token": token}
    refused = client.post("/senders", data=form)
    assert refused.status_code == 403
    assert client.get("/senders").status_code == 403
    with read_session(archive.database) as session:
        assert senders.entries(session) == []
    admin = TestClient(create_app(archive.context), follow_redirects=False)
    form["csrf_token"] = _log_in(admin, ADMIN)
    assert admin.post("/senders", data=form).status_code == 303
    bad = admin.post("/senders", data={**form, "name": "Labor Süd", "faxes": "12"})
    assert bad.status_code == 400
    assert "&#39;12&#39; is no telephone or fax number" in bad.text
    with read_session(archive.database) as session:
        assert [entry.name for entry in senders.entries(session)] == ["Labor Nord"]
