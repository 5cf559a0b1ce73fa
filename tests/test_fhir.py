"""Issue 52: the FHIR hand-over, a transaction Bundle (DocumentReference and Binary) held to
the FHIR R4 definitions, delivered to a FHIR server on loopback (tests/support/fhir_server.py)
with a bearer token, retried, landing on the same resources when sent again, and updated
when a person corrects the letter's facts."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import random
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import httpx
import pymupdf
import pytest
from fhir.resources.R4B.bundle import Bundle
from sqlalchemy import Engine, update

from docvault import fhir, records
from docvault.config import load_settings
from docvault.db import write_transaction
from docvault.delivery import Deliverer, HandoverConfig
from docvault.errors import ConfigError
from docvault.facts import store as fact_store
from docvault.letter import read_letter
from docvault.models import HandoverOutbox, utcnow
from docvault.records import handover
from docvault.setting_types import FhirReceiverSettings
from docvault.transcription import ArchiveCopy
from docvault.vocabulary import HandoverTarget, PageStatus, SamplingMode
from tests.records.test_handover import OWNER, Clock, _attempt, _document, _page_ids, _rows
from tests.support.factsarchive import MUSTERMANN_LETTER, add_letter
from tests.support.fhir_server import FhirServer, running_fhir_server
from tests.support.liveserver import csrf_token, logged_in_site
from tests.support.webarchive import NURSE, WebArchive, propose_facts

FHIR = HandoverTarget.fhir
TOKEN = "a-bearer-token-of-the-practice-fhir-server"
BASE = "https://docvault.praxis.example"
BERLIN = ZoneInfo("Europe/Berlin")  # the archive's time zone in these tests


@pytest.fixture
def server() -> Iterator[FhirServer]:
    with running_fhir_server(TOKEN) as running:
        yield running


@pytest.fixture
def pdf(tmp_path: Path) -> Path:
    path = tmp_path / "letter.searchable.pdf"
    document = pymupdf.open()
    document.new_page().insert_text((72, 100), "Entlassungsbrief Erika Mustermann")
    document.save(path)
    return path


def _kept(pdf: Path) -> Callable[[int], ArchiveCopy]:
    """The archive copy every document of the test hands over: `pdf`, a PDF/A."""
    return lambda _: ArchiveCopy(pdf, True, None)


def _config(url: str, content: str = "binary", token: str = TOKEN) -> HandoverConfig:
    return HandoverConfig(
        url="",
        secret=b"",
        command=(),
        timeout_seconds=5.0,
        retry_first_seconds=10.0,
        retry_max_seconds=80.0,
        page_texts="inline",
        link_base_url=BASE,
        fhir=FhirReceiverSettings(url=url, token_file=Path("/unused"), content=content),  # type: ignore[arg-type]
        fhir_token=token.encode(),
        zone=BERLIN,
    )


def _read_letter(database: Engine, name: str = "a") -> int:
    """A one-page letter finished by the queue (its facts proposed), announced to FHIR."""
    document = _document(database, pages=1, name=name)
    for claimed in records.claim(database, OWNER, limit=10, lease_seconds=600):
        text = MUSTERMANN_LETTER
        finished = records.FinishedPage(claimed.page_id, text, False, [_attempt(text)])
        records.complete_many(database, OWNER, [finished], (FHIR,))
    propose_facts(database)  # the facts part, after the commit
    return document


def _deliver_all(database: Engine, deliverer: Deliverer, clock: Clock | None = None) -> None:
    now = clock.now if clock else utcnow()
    with httpx.Client(timeout=5) as client:
        for delivery in handover.due(database, now, 10):
            deliverer.deliver(client, delivery)


def _resource(request_body: dict[str, Any], kind: str) -> dict[str, Any]:
    (found,) = [
        e["resource"] for e in request_body["entry"] if e["resource"]["resourceType"] == kind
    ]
    return found


def test_the_bundle_is_fhir_r4_and_files_the_letter_under_its_patient(
    database: Engine, server: FhirServer, pdf: Path
) -> None:
    document = _read_letter(database)
    deliverer = Deliverer(database, _config(server.url), archive_copy=_kept(pdf))
    _deliver_all(database, deliverer)
    (row,) = _rows(database)
    assert (row.state, row.answer_status) == ("delivered", 200)
    (request,) = server.requests
    assert request.signed
    assert request.answer == 200
    assert request.event_id == row.event_id
    bundle = Bundle.model_validate(request.body)  # the FHIR R4 definitions, again here
    assert bundle.type == "transaction"
    reference = _resource(request.body, "DocumentReference")
    binary = _resource(request.body, "Binary")
    rid = f"dv-{row.event_id}"
    assert reference["id"] == binary["id"] == rid
    assert [e["request"] for e in request.body["entry"]] == [
        {"method": "PUT", "url": f"Binary/{rid}"},
        {"method": "PUT", "url": f"DocumentReference/{rid}"},
    ]
    assert (reference["status"], reference["docStatus"]) == ("current", "final")
    # Entlassungsbrief: a discharge summary (LOINC), the title kept as the type's text.
    assert reference["type"]["coding"][0]["code"] == "18842-5"
    assert reference["type"]["text"] == "Entlassungsbrief"
    # No practice patient number yet: the patient as the letter names them, to be matched.
    (patient,) = reference["contained"]
    assert reference["subject"] == {
        "reference": "#patient", "type": "Patient", "display": "Erika Mustermann"
    }  # fmt: skip
    assert patient["name"] == [{"text": "Erika Mustermann", "family": "Mustermann",
                                "given": ["Erika"]}]  # fmt: skip
    assert patient["birthDate"] == "1961-03-12"
    assert "identifier" not in patient
    assert reference["context"] == {"sourcePatientInfo": {"reference": "#patient"}}
    assert reference["author"][0]["display"].startswith("Klinikum Nord")
    assert reference["identifier"] == [
        {"system": "urn:ietf:rfc:3986", "value": f"{BASE}/documents/{document}"}
    ]
    (content,) = reference["content"]
    attachment = content["attachment"]
    assert attachment["creation"] == "2026-11-14"  # the letter's own date
    # The letter's date, as the instant its day began in the archive's time zone.
    assert reference["date"] == "2026-11-14T00:00:00+01:00"
    assert attachment["url"] == f"Binary/{rid}"
    data = base64.b64decode(binary["data"])
    assert data == pdf.read_bytes()
    assert attachment["size"] == len(data)
    assert attachment["hash"] == base64.b64encode(hashlib.sha1(data).digest()).decode()
    assert content["format"]["code"] == "urn:ihe:iti:xds:2017:mimeTypeSufficient"
    assert server.of_type("DocumentReference").keys() == {rid}


def test_a_refusal_and_a_wrong_token_are_retried_with_back_off(database: Engine, pdf: Path) -> None:
    _read_letter(database)
    clock = Clock()
    with running_fhir_server(TOKEN, refuse_first=2) as server:
        wrong_token = _config(server.url, token="not-the-token-of-this-server")
        wrong = Deliverer(database, wrong_token, clock=clock, chance=random.Random(1),
                          archive_copy=_kept(pdf))  # fmt: skip
        _deliver_all(database, wrong, clock)
        (row,) = _rows(database)
        assert (row.state, row.attempts, row.answer_status) == ("pending", 1, 401)
        assert row.error == f"the receiver at {server.url} answered 401 Unauthorized"
        assert handover.due(database, clock.now, 10) == []  # not before its time
        clock.now = row.next_attempt_at
        right = Deliverer(database, _config(server.url), clock=clock,
                          chance=random.Random(1), archive_copy=_kept(pdf))  # fmt: skip
        _deliver_all(database, right, clock)  # the server is busy: 503
        (row,) = _rows(database)
        assert (row.state, row.attempts, row.answer_status) == ("pending", 2, 503)
        clock.now = row.next_attempt_at
        _deliver_all(database, right, clock)
        assert [request.answer for request in server.requests] == [401, 503, 200]
    (row,) = _rows(database)
    assert (row.state, row.attempts) == ("delivered", 3)


def test_sent_again_after_a_crash_it_lands_on_the_same_resources(
    database: Engine, server: FhirServer, pdf: Path
) -> None:
    _read_letter(database)
    deliverer = Deliverer(database, _config(server.url), archive_copy=_kept(pdf))
    (delivery,) = handover.due(database, utcnow(), 10)
    with httpx.Client(timeout=5) as client:
        deliverer.deliver(client, delivery)
        # As if docvault had been killed between sending and recording the acceptance.
        with write_transaction(database) as session:
            session.execute(update(HandoverOutbox).values(state="pending"))
        deliverer.deliver(client, delivery)
    assert [request.answer for request in server.requests] == [200, 200]
    assert {request.event_id for request in server.requests} == {delivery.event_id}
    # One letter, one DocumentReference and one Binary: the repeat is the same version again.
    references = server.of_type("DocumentReference")
    assert list(references) == [f"dv-{delivery.event_id}"]
    assert len(server.of_type("Binary")) == 1
    first, second = references[f"dv-{delivery.event_id}"]
    assert first == second


def test_a_correction_updates_the_document_reference_and_a_reread_replaces_it(
    database: Engine, server: FhirServer, pdf: Path
) -> None:
    document = _read_letter(database)
    deliverer = Deliverer(database, _config(server.url), archive_copy=_kept(pdf))
    _deliver_all(database, deliverer)
    with write_transaction(database) as session:
        fact_store.confirm(session, document, "patient", "nurse", "Erika Musterfrau")
        handover.add_correction(session, document, (FHIR,), utcnow())
    _deliver_all(database, deliverer)
    reading, correction = _rows(database)
    assert (correction.status, correction.state) == ("corrected", "delivered")
    rid = f"dv-{reading.event_id}"
    versions = server.of_type("DocumentReference")[rid]
    assert [v["subject"]["display"] for v in versions] == ["Erika Mustermann", "Erika Musterfrau"]
    corrected_bundle = server.requests[-1].body
    assert [e["request"]["url"] for e in corrected_bundle["entry"]] == [f"DocumentReference/{rid}"]
    assert len(server.of_type("Binary")[rid]) == 1  # the PDF is not sent again
    assert versions[1]["content"][0]["attachment"]["url"] == f"Binary/{rid}"
    # The letter read again: a new version of the document, which replaces the first.
    records.request_rerun(database, _page_ids(database), SamplingMode.penalty, (PageStatus.done,))
    for claimed in records.claim(database, OWNER, limit=10, lease_seconds=600):
        finished = records.FinishedPage(claimed.page_id, MUSTERMANN_LETTER, False,
                                      [_attempt(MUSTERMANN_LETTER)])  # fmt: skip
        records.complete_many(database, OWNER, [finished], (FHIR,))
    propose_facts(database)
    _deliver_all(database, deliverer)
    reread = _rows(database)[-1]
    newer = server.of_type("DocumentReference")[f"dv-{reread.event_id}"][0]
    assert newer["relatesTo"] == [
        {"code": "replaces", "target": {"reference": f"DocumentReference/{rid}"}}
    ]
    assert newer["masterIdentifier"]["value"] == f"urn:uuid:{reread.event_id}"
    assert not server.invalid


def test_the_web_views_correction_writes_the_event_for_the_fhir_receiver(
    archive: WebArchive,
) -> None:
    archive.context = dataclasses.replace(archive.context, correction_targets=(FHIR,))
    document = add_letter(archive, "pymupdf__small-table.pdf", MUSTERMANN_LETTER)
    untold = add_letter(archive, "ocrmypdf__graph_ocred.pdf", MUSTERMANN_LETTER)
    with write_transaction(archive.database) as session:
        handover.add_events(session, document, "done", (FHIR,), utcnow())
    with logged_in_site(archive, NURSE) as client:
        csrf = csrf_token(client, "/problems")
        for letter in (document, untold):
            for action, extra in (("confirm", {}), ("correct", {"value": "Erika Musterfrau"})):
                answer = client.post(f"/documents/{letter}/facts", data={
                    "csrf_token": csrf, "field": "patient", "action": action, **extra})  # fmt: skip
                assert answer.status_code == 303, answer.text
    rows = _rows(archive.database)
    # The confirmation changed nothing handed over; the correction did. A letter the FHIR
    # server was never told of gets no correction either.
    assert [(row.document_id, row.status) for row in rows] == [
        (document, "done"),
        (document, "corrected"),
    ]


def test_with_the_practice_patient_number_the_subject_is_that_number() -> None:
    described: dict[str, Any] = {
        "id": 7,
        "file_name": "Fax_0741.tif",
        "received_at": "2026-12-01T07:41:58+00:00",
        "document_url": None,
        "searchable_pdf_url": f"{BASE}/documents/7/searchable.pdf",
        "facts": {
            "patient": {"value": "Hans von Müller"},
            "born": {"value": None},
            "patient_id": {"value": "4711"},  # as issue 50's register will give it
        },
    }
    letter = read_letter(described)
    version = fhir.Version("e-1", "r-1", None, datetime(2026, 12, 1, tzinfo=UTC), False, False)
    content = fhir.Content(None, described["searchable_pdf_url"], "Fax_0741.pdf")
    bundle = fhir.bundle(letter, version, content, "https://fhir.example/r4", "urn:oid:1.2.3")
    Bundle.model_validate(bundle)
    (entry,) = bundle["entry"]  # content = "url": no Binary
    reference = entry["resource"]
    assert reference["subject"] == {
        "type": "Patient",
        "identifier": {"system": "urn:oid:1.2.3", "value": "4711"},
        "display": "Hans von Müller",
    }
    assert reference["contained"][0]["name"][0]["family"] == "von Müller"
    assert reference["docStatus"] == "preliminary"  # a page of it needs a person
    assert reference["content"][0]["attachment"]["url"] == described["searchable_pdf_url"]
    assert "type" not in reference
    assert "author" not in reference
    assert reference["date"] == "2026-12-01T00:00:00+00:00"  # no letter date: when made
    assert entry["fullUrl"] == "https://fhir.example/r4/DocumentReference/dv-r-1"


def test_the_date_is_the_start_of_the_letters_day_in_the_archives_time_zone() -> None:
    described: dict[str, Any] = {
        "id": 8,
        "file_name": "Scan_0812.pdf",
        "received_at": "2026-12-01T07:41:58+00:00",
        "document_url": None,
        "searchable_pdf_url": f"{BASE}/documents/8/searchable.pdf",
        "facts": {"letter_date": {"value": "2026-07-03"}},
    }
    letter = read_letter(described)
    made = datetime(2026, 12, 1, 7, 42, tzinfo=UTC)
    content = fhir.Content(None, described["searchable_pdf_url"], "Scan_0812.pdf")
    dates = []
    for zone in (BERLIN, ZoneInfo("America/New_York"), None):
        version = fhir.Version("e-2", "r-2", None, made, True, False, zone)
        bundle = fhir.bundle(letter, version, content, "https://fhir.example/r4", "")
        Bundle.model_validate(bundle)
        reference = bundle["entry"][0]["resource"]
        assert reference["content"][0]["attachment"]["creation"] == "2026-07-03"
        dates.append(reference["date"])
    # Summer time where it is in force; without a zone, the moment's own (UTC).
    assert dates == [
        "2026-07-03T00:00:00+02:00",
        "2026-07-03T00:00:00-04:00",
        "2026-07-03T00:00:00+00:00",
    ]


def _toml(tmp_path: Path, text: str) -> Path:
    config = tmp_path / "docvault.toml"
    config.write_text(text, encoding="utf-8")
    return config


def _fhir_table(tmp_path: Path, url: str) -> tuple[Path, Path]:
    """A token file (readable by docvault alone) and a config with one FHIR receiver at `url`."""
    token = tmp_path / "fhir.token"
    token.write_text(TOKEN)
    token.chmod(0o600)
    config = _toml(tmp_path, f'[[handover]]\ntarget = "fhir"\nurl = "{url}"\n'
                   f'token_file = "{token}"\n')  # fmt: skip
    return token, config


def test_handover_tables_are_read_and_refused_with_a_sentence(tmp_path: Path) -> None:
    token = tmp_path / "fhir.token"
    token.write_text(TOKEN + "\n")
    config = _toml(tmp_path, f'[[handover]]\ntarget = "fhir"\nurl = "https://fhir.example/r4"\n'
                   f'token_file = "{token}"\ncontent = "url"\n')  # fmt: skip
    settings = load_settings(config, environ={}, cwd=tmp_path)
    assert settings.fhir == FhirReceiverSettings("https://fhir.example/r4", token, "url")
    for table, setting, words in (
        ('target = "hl7v2"', "handover[1].target", "allowed: fhir, gdt"),
        ('target = "fhir"\nurl = "https://x.example"', "handover[1]", "needs token_file"),
        ('target = "gdt"\nfolder = "/tmp"\nreceiver_id = "PRAXIS-EDV"', "handover[1].receiver_id",
         "1 to 8 letters or digits"),
        ('target = "gdt"\nfolder = "/tmp"\nversion = "3.0"', "handover[1].version", "allowed: 2.1"),
    ):  # fmt: skip
        with pytest.raises(ConfigError) as refused:
            load_settings(_toml(tmp_path, f"[[handover]]\n{table}\n"), environ={}, cwd=tmp_path)
        assert refused.value.setting == setting
        assert words in str(refused.value)


def test_the_token_file_must_be_readable_only_by_docvault(tmp_path: Path) -> None:
    from docvault.from_settings import handover_config

    token, config = _fhir_table(tmp_path, "https://fhir.example/r4")
    token.chmod(0o644)
    settings = load_settings(config, environ={}, cwd=tmp_path)
    with pytest.raises(ConfigError, match="may be read by other users"):
        handover_config(settings, {})
    token.chmod(0o600)
    built = handover_config(settings, {})
    assert built is not None
    assert built.targets == (FHIR,)
    assert built.correction_targets == (FHIR,)
    assert built.fhir_token == TOKEN.encode()


def test_a_fhir_url_that_is_no_http_url_stops_start_up_with_its_sentence(tmp_path: Path) -> None:
    from docvault.from_settings import handover_config

    _, config = _fhir_table(tmp_path, "fhir.example/r4")
    with pytest.raises(ConfigError) as refused:
        handover_config(load_settings(config, environ={}, cwd=tmp_path), {})
    assert refused.value.setting == "handover.fhir.url"
    assert "is 'fhir.example/r4'; allowed: an http:// or https:// URL such as" in str(refused.value)
    assert "the FHIR server's base URL" in str(refused.value)
