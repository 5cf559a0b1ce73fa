"""Issue 25: every value a person enters for a fact is what it claims to be.

Dates are real calendar days in a sensible range, written with the digits 0-9 (Python's
``\\d``, ``str.isdigit()`` and ``int()`` take Arabic-Indic and fullwidth digits too);
names, sender and title hold no control, line-separator or bidirectional characters, are
kept in NFC with their spaces collapsed, and are bounded. A refusal is a sentence on the
form with the typed value kept; a bad value confirmed before the checks existed (written
straight into the database here) is never handed over, and is shown as not valid.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from html import unescape

import httpx
import pytest

from docvault.audit import AuditFilter
from docvault.db import read_session, write_transaction
from docvault.facts import store
from docvault.records.handover import Delivery, build_payload
from docvault.web import queries
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter, drain_index
from tests.support.liveserver import csrf_token, logged_in_site
from tests.support.webarchive import NURSE, WebArchive

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)

NOT_DATES = [
    "1961-13-01",  # month 13, ISO-shaped
    "1961-02-30",  # 30 February, ISO-shaped
    "30.02.1961",
    "1961-00-10",
    "\u0661\u0669\u0666\u0661-\u0660\u0663-\u0661\u0662",  # Arabic-Indic digits
    "\uff11\uff19\uff16\uff11-\uff10\uff13-\uff11\uff12",  # fullwidth digits
    "12.03.\uff11\uff19\uff16\uff11",  # fullwidth year in a German date
    "1850-03-12",  # before any living patient
    "2090-03-12",  # born in the future
]
UNWANTED = [
    "Erika\x00Mustermann",  # C0
    "Erika\nMustermann",  # a newline forges a log line
    "Erika\x7fMustermann",  # DEL
    "Erika\x85Mustermann",  # C1 (next line)
    "Erika\u2028Mustermann",  # line separator
    "Erika\u2029Mustermann",  # paragraph separator
    "Erika \u202enamretsuM",  # right-to-left override
    "Erika \u2067Mustermann\u2069",  # right-to-left isolate
    "Erika\ufeffMustermann",  # byte order mark
]


def _confirm(archive: WebArchive, document_id: int, field: str, typed: str) -> store.FactChange:
    with write_transaction(archive.database) as session:
        return store.confirm(session, document_id, field, "nurse", typed, now=NOW)


def _stored(archive: WebArchive, document_id: int) -> dict[str, str | None]:
    with sqlite3.connect(archive.database.url.database or "") as connection:
        rows = connection.execute(
            "SELECT field, confirmed FROM document_facts WHERE document_id = ?", (document_id,)
        ).fetchall()
    return dict(rows)


@pytest.mark.parametrize("typed", NOT_DATES)
def test_a_date_that_is_no_real_day_in_range_with_ascii_digits_is_refused(
    archive: WebArchive, typed: str
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    before = _stored(archive, document_id)
    with pytest.raises(store.FactInputError) as refused:
        _confirm(archive, document_id, "born", typed)
    message = str(refused.value)
    assert "date of birth" in message
    assert "0-9" in message, "the sentence says how to write it"
    assert _stored(archive, document_id) == before, "nothing was written"


@pytest.mark.parametrize("typed", ["2026-13-01", "2026-02-29", "2099-01-01", "1901-01-01"])
def test_a_letter_date_is_checked_the_same_way_with_its_own_range(
    archive: WebArchive, typed: str
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with pytest.raises(store.FactInputError, match="letter date"):
        _confirm(archive, document_id, "letter_date", typed)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [("1961-03-12", "1961-03-12"), ("12.3.61", "1961-03-12"), ("12. März 1961", "1961-03-12"),
     ("29.02.1960", "1960-02-29"), ("  1. April 1961 ", "1961-04-01"), ("", None)],
)  # fmt: skip
def test_real_dates_in_any_written_form_are_kept_as_iso(
    archive: WebArchive, typed: str, kept: str | None
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    assert _confirm(archive, document_id, "born", typed).after == kept


@pytest.mark.parametrize("typed", UNWANTED)
@pytest.mark.parametrize("field", ["patient", "sender", "title"])
def test_control_and_bidirectional_characters_are_refused_in_every_text_field(
    archive: WebArchive, field: str, typed: str
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with pytest.raises(store.FactInputError) as refused:
        _confirm(archive, document_id, field, typed)
    assert re.search(r"U\+[0-9A-F]{4}", str(refused.value)), "the sentence names the character"
    assert field not in _stored(archive, document_id) or _stored(archive, document_id)[field] in (
        None,
        "",
    )


def test_text_is_kept_composed_with_its_spaces_collapsed_and_bounded(archive: WebArchive) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    decomposed = "Jose\u0301  Mu\u0308ller\u00a0Garci\u0301a"
    assert _confirm(archive, document_id, "patient", decomposed).after == "José Müller García"
    with pytest.raises(store.FactInputError, match="at most 120"):
        _confirm(archive, document_id, "patient", "Erika " * 30)
    with pytest.raises(store.FactInputError, match="at most 200"):
        _confirm(archive, document_id, "title", "Befund " * 40)
    # Names of other scripts are names: only invisible controls are refused.
    assert _confirm(archive, document_id, "patient", "مريم حداد").after == "مريم حداد"


def _write_confirmed(archive: WebArchive, document_id: int, field: str, value: str) -> None:
    """A confirmation made before the checks existed: straight into the database."""
    with sqlite3.connect(archive.database.url.database or "") as connection:
        connection.execute(
            "UPDATE document_facts SET confirmed = ?, confirmed_by = 'nurse', "
            "confirmed_at = '2026-11-20 10:00:00' WHERE document_id = ? AND field = ?",
            (value, document_id, field),
        )


def test_a_bad_date_confirmed_before_the_checks_is_never_handed_over(
    archive: WebArchive,
) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    _write_confirmed(archive, document_id, "born", "1961-13-01")
    _write_confirmed(archive, document_id, "patient", "Erika Mustermann")
    delivery = Delivery(1, "event-1", document_id, "done", "webhook", 0, NOW)
    payload = build_payload(archive.database, delivery, "inline", "https://docvault.example")
    assert payload is not None
    facts = payload["document"]["facts"]
    assert (facts["patient"]["value"], facts["born"]["value"]) == ("Erika Mustermann", None)
    assert facts["born"]["state"] == "invalid", "the receiver is not told it was confirmed"
    assert facts["patient"]["state"] == "confirmed"
    assert "1961-13-01" not in repr(payload)


def test_a_proposal_that_is_no_real_day_cannot_be_confirmed(archive: WebArchive) -> None:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    with sqlite3.connect(archive.database.url.database or "") as connection:
        connection.execute(
            "UPDATE document_facts SET proposed = '1961-02-30' WHERE document_id = ? "
            "AND field = 'born'",
            (document_id,),
        )
    with pytest.raises(store.FactInputError), write_transaction(archive.database) as session:
        store.confirm(session, document_id, "born", "nurse", None, now=NOW)
    assert _stored(archive, document_id).get("born") is None


# --- the web form --------------------------------------------------------------------------


@dataclass
class Site:
    client: httpx.Client
    csrf: str
    document_id: int


@pytest.fixture
def site(archive: WebArchive) -> Iterator[Site]:
    document_id = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    drain_index(archive)
    with logged_in_site(archive, NURSE) as client:
        yield Site(client, csrf_token(client, "/problems"), document_id)


def _correct(site: Site, field: str, value: str) -> httpx.Response:
    return site.client.post(
        f"/documents/{site.document_id}/facts",
        data={"csrf_token": site.csrf, "field": field, "action": "correct", "value": value},
    )


def _row(html: str, field: str) -> str:
    match = re.search(rf'<tr class="fact[^"]*" data-field="{field}".*?</tr>', html, re.S)
    assert match, f"no {field} row in the facts panel"
    return match.group()


@pytest.mark.parametrize(
    ("field", "typed"),
    [("born", "1961-13-01"), ("born", "31.02.1961"), ("born", "\u0661\u0669\u0666\u0661-03-12"),
     ("letter_date", "2026-02-30"), ("patient", "Erika \u202eMustermann"),
     ("sender", "Klinikum\nNord")],
)  # fmt: skip
def test_the_form_refuses_with_a_sentence_beside_the_field_and_keeps_the_typed_value(
    site: Site, archive: WebArchive, field: str, typed: str
) -> None:
    answer = _correct(site, field, typed)
    assert answer.status_code == 400
    row = _row(answer.text, field)
    assert 'class="error fact-error"' in row, "the sentence stands beside its field"
    assert 'aria-invalid="true"' in row
    kept = re.search(r'<input type="text" name="value" value="([^"]*)"', row, re.S)
    assert kept is not None
    assert unescape(kept.group(1)) == typed, "the typed value is kept"
    assert 'id="fact-refused"' in answer.text
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    assert not [event for event in events if event.action.endswith("fact")], "nothing changed"
    document = site.client.get(f"/documents/{site.document_id}").text
    assert 'data-state="proposed"' in _row(document, "born")


def test_the_facts_form_takes_no_file_part_even_with_its_token_in_the_header(
    site: Site, archive: WebArchive
) -> None:
    # With the CSRF token in X-CSRF-Token the form is parsed by the facts route itself, not
    # by the CSRF check: that parse must refuse files too (review of issue 25).
    answer = site.client.post(
        f"/documents/{site.document_id}/facts",
        headers={"X-CSRF-Token": site.csrf},
        data={"field": "patient", "action": "correct", "value": "Erika Mustermann"},
        files={"attachment": ("scan.pdf", b"%PDF-1.7 " + bytes(4096), "application/pdf")},
    )
    assert answer.status_code == 400
    assert "docvault's forms take no files" in unescape(answer.text)
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    assert not [event for event in events if event.action.endswith("fact")], "nothing changed"


def test_a_bad_value_confirmed_before_the_checks_is_shown_as_not_valid_to_correct(
    site: Site, archive: WebArchive
) -> None:
    _write_confirmed(archive, site.document_id, "born", "1961-13-01")
    row = _row(site.client.get(f"/documents/{site.document_id}").text, "born")
    assert 'data-state="invalid"' in row
    assert "not a real calendar day" in row
    assert 'value="1961-13-01"' in row, "offered in the correction field"
    assert _correct(site, "born", "01.12.1961").status_code == 303
    assert 'data-value="1961-12-01"' in _row(
        site.client.get(f"/documents/{site.document_id}").text, "born"
    )


def test_patient_names_are_isolated_with_bidirectional_controls_made_visible(
    site: Site, archive: WebArchive
) -> None:
    # A name stored before the checks (or read by OCR) with a right-to-left override.
    _write_confirmed(archive, site.document_id, "patient", "Erika \u202enamretsuM")
    document = site.client.get(f"/documents/{site.document_id}").text
    shown = re.search(r'<td class="fact-value">.*?</td>', _row(document, "patient"), re.S)
    assert shown is not None
    assert "<bdi>Erika [U+202E]namretsuM</bdi>" in shown.group()
    assert "\u202e" not in shown.group()
    assert 'data-state="invalid"' in _row(document, "patient"), "nor handed over as it is"
    arrivals = site.client.get("/").text
    assert "<bdi>Erika [U+202E]namretsuM</bdi>" in arrivals
    assert "\u202e" not in arrivals


def test_a_proposal_read_with_a_bidirectional_control_is_not_proposed(
    archive: WebArchive,
) -> None:
    # OCR text is untrusted: a letter head with a right-to-left override in the clinic's
    # name would otherwise be proposed, confirmed with one click and handed over.
    forged = MUSTERMANN_LETTER.replace("Klinikum Nord", "Klinikum \u202edroN")
    document_id = add_letter(archive, "pymupdf__small-table.pdf", forged)
    with read_session(archive.database) as session:
        facts = {fact.field: fact for fact in store.facts_of(session, document_id)}
    assert facts["sender"].proposed is None
    assert facts["sender"].value is None
    assert facts["patient"].value == "Erika Mustermann", "the sound proposals stay"
