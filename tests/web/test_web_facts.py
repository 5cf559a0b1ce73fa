"""Issue 18: confirming and correcting a letter's facts over a real HTTP server, audited, and
searching by them (patient:, born: in any written form, sender:, title:)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

import httpx
import pytest

from docvault import auth
from docvault.audit import AuditFilter
from docvault.models import utcnow
from docvault.web import queries
from tests.support.factsarchive import MUSTERMANN_LETTER, SMITH_LETTER, add_letter, drain_index
from tests.support.liveserver import csrf_token, logged_in_site
from tests.support.webarchive import NURSE, WebArchive


@dataclass
class Site:
    client: httpx.Client
    csrf: str
    mustermann: int
    smith: int


@pytest.fixture
def site(archive: WebArchive) -> Iterator[Site]:
    mustermann = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    smith = add_letter(archive, "ocrmypdf__graph_ocred.pdf", SMITH_LETTER)
    drain_index(archive)
    with logged_in_site(archive, NURSE) as client:
        yield Site(client, csrf_token(client, "/problems"), mustermann, smith)


def _post(site: Site, document_id: int, **form: str) -> httpx.Response:
    return site.client.post(
        f"/documents/{document_id}/facts", data={"csrf_token": site.csrf, **form}
    )


def _fact_row(site: Site, document_id: int, field: str) -> str:
    page = site.client.get(f"/documents/{document_id}").text
    match = re.search(rf'<tr class="fact[^"]*" data-field="{field}".*?</tr>', page, re.S)
    assert match, f"no {field} row in the facts panel"
    return match.group()


def _fact_audits(archive: WebArchive) -> list[tuple[str, str, int | None, str]]:
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse"), 0, 100)
    return [(event.action, event.user_name, event.document_id, event.detail)
            for event in reversed(events) if event.action.endswith("fact")]  # fmt: skip


def test_a_proposal_is_shown_as_one_until_a_person_confirms_it(
    site: Site, archive: WebArchive
) -> None:
    row = _fact_row(site, site.mustermann, "patient")
    assert 'data-state="proposed"' in row
    assert ">proposal<" in row
    assert "Patient: Mustermann, Erika" in row  # with its evidence
    answer = _post(site, site.mustermann, field="patient", action="confirm",
                   next=f"/documents/{site.mustermann}#facts")  # fmt: skip
    assert answer.status_code == 303
    assert answer.headers["location"] == f"/documents/{site.mustermann}#facts"
    row = _fact_row(site, site.mustermann, "patient")
    assert 'data-state="confirmed"' in row
    assert ">proposal<" not in row
    assert "by nurse" in row
    assert _fact_audits(archive) == [
        ("confirm fact", "nurse", site.mustermann, "patient: 'Erika Mustermann' confirmed")
    ]
    events, _ = queries.audit_events(archive.database, AuditFilter("nurse", "confirm fact"), 0, 1)
    assert utcnow() - events[0].at.replace(tzinfo=utcnow().tzinfo) < timedelta(minutes=1)


def test_a_correction_is_kept_in_its_normal_form_and_audited_with_both_values(
    site: Site, archive: WebArchive
) -> None:
    answer = _post(site, site.mustermann, field="born", action="correct", value="1. April 1961")
    assert answer.status_code == 303
    row = _fact_row(site, site.mustermann, "born")
    assert 'data-state="corrected"' in row
    assert 'data-value="1961-04-01"' in row
    assert _fact_audits(archive) == [
        ("correct fact", "nurse", site.mustermann,
         "born: '1961-03-12' -> '1961-04-01' (proposed '1961-03-12')")
    ]  # fmt: skip


def test_a_correction_that_is_no_date_is_refused_and_changes_nothing(
    site: Site, archive: WebArchive
) -> None:
    answer = _post(site, site.mustermann, field="born", action="correct", value="31.02.1961")
    assert answer.status_code == 400
    assert "is not a date docvault can read" in answer.text
    assert _post(site, site.mustermann, field="eye colour", action="confirm").status_code == 400
    assert 'data-state="proposed"' in _fact_row(site, site.mustermann, "born")
    assert _fact_audits(archive) == []


def test_without_the_form_token_or_with_a_read_only_token_nothing_changes(
    site: Site, archive: WebArchive
) -> None:
    form = {"field": "patient", "action": "confirm"}
    forged = site.client.post(f"/documents/{site.mustermann}/facts", data=form)
    assert forged.status_code == 403
    token = auth.create_token(archive.database, "nurse", "", auth.TokenScope.read)
    with httpx.Client(base_url=str(site.client.base_url)) as script:
        answer = script.post(f"/documents/{site.mustermann}/facts", data=form,
                             headers={"Authorization": f"Bearer {token}"})  # fmt: skip
    assert answer.status_code == 403
    assert 'data-state="proposed"' in _fact_row(site, site.mustermann, "patient")
    assert _fact_audits(archive) == []


def _found(site: Site, query: str) -> set[int]:
    page = site.client.get("/", params={"q": query})
    assert page.status_code == 200, page.text
    return {
        int(found)
        for found in re.findall(r'<li class="document" data-document-id="(\d+)"', page.text)
    }


@pytest.mark.parametrize(
    "query",
    ["patient:mustermann", 'patient:"erika mustermann"', "born:1961-03-12", "born:12.03.1961",
     "born:12.3.61", 'born:"12. März 1961"', "born:1961-03", 'sender:"klinikum nord"',
     "title:entlassungsbrief", "patient:mustermann born:12/03/1961"],
)  # fmt: skip
def test_each_fact_finds_its_letter_and_only_it(site: Site, query: str) -> None:
    assert _found(site, query) == {site.mustermann}


def test_results_show_the_patient_and_follow_a_correction(site: Site, archive: WebArchive) -> None:
    page = site.client.get("/", params={"q": "patient:smith OR patient:mustermann"}).text
    patients = re.findall(
        r'<span class="letter-fact" data-field="patient">(.*?)</span> ·', page, re.DOTALL
    )
    shown = sorted(
        " ".join(re.sub(r"<[^>]+>|\?|\(proposal\)", " ", found).split()) for found in patients
    )
    assert shown == ["patient Erika Mustermann", "patient John Smith"]
    assert _found(site, "born:25.7.1948") == {site.smith}
    _post(site, site.mustermann, field="patient", action="correct", value="Erika Musterfrau")
    drain_index(archive)  # the correction went to the index outbox with it
    assert _found(site, "patient:musterfrau") == {site.mustermann}
    assert _found(site, "patient:mustermann") == set()
    assert _found(site, "mustermann") == {site.mustermann}  # the page text is unchanged


def test_date_searches_the_letter_date_not_a_birth_date_written_above_it(
    site: Site, archive: WebArchive
) -> None:
    # The index once read the first date of the letter head as the letter's: here the
    # patient's birth date, written above the letter date.
    letter = "Patient: Max Muster, Geb.-Datum: 01.02.1995\n\nDatum: 12.03.2025\n\nBefundbericht\n"
    document = add_letter(archive, "ocrmypdf__cardinal.pdf", letter)
    drain_index(archive)
    assert 'data-value="2025-03-12"' in _fact_row(site, document, "letter_date")
    assert _found(site, "date:2025-03-12") == {document}
    assert _found(site, "date:1995-02-01") == set()
    assert _found(site, "born:1995-02-01") == {document}


def test_date_searches_the_letter_date_and_follows_a_correction(
    site: Site, archive: WebArchive
) -> None:
    # The letter is dated 14.11.2026; it names the birth date 12.03.1961 and a stay from
    # 01.11.2026: date: finds the day the facts panel shows as the letter date, no other.
    assert _fact_row(site, site.mustermann, "letter_date").count("2026-11-14") >= 1
    assert _found(site, "date:2026-11-14") == {site.mustermann}
    assert _found(site, "date:1961-03-12") == set()
    assert _found(site, "date:2026-11-01") == set()
    assert _found(site, "date:2026-03-12") == {site.smith}
    _post(site, site.mustermann, field="letter_date", action="correct", value="15.11.2026")
    _post(site, site.mustermann, field="born", action="correct", value="13.03.1961")
    drain_index(archive)
    assert _found(site, "date:2026-11-15") == {site.mustermann}
    assert _found(site, "date:2026-11-14") == set()
    assert _found(site, "born:1961-03-13") == {site.mustermann}
    assert _found(site, "born:1961-03-12") == set()


def test_a_value_typed_where_there_was_none_is_audited_without_none(
    site: Site, archive: WebArchive
) -> None:
    """Issue 48: the row read "born: None -> '1961-04-01' (proposed None)"."""
    answer = _post(site, archive.multi_page, field="born", action="correct", value="1.4.1961")
    assert answer.status_code == 303
    assert _fact_audits(archive) == [
        ("correct fact", "nurse", archive.multi_page,
         "born: (none) -> '1961-04-01' (proposed (none))")
    ]  # fmt: skip
