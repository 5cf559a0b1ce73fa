"""A finished document as FHIR R4 resources: the transaction Bundle the FHIR hand-over sends.

    Letter (docvault.letter) + the archive copy's PDF ──> Bundle, type "transaction"
        PUT Binary/dv-READING             the PDF, base64 (content = "binary")
        PUT DocumentReference/dv-READING  what the practice system files

It follows IHE MHD's conventions for a DocumentReference where they fit a scanned letter
(ITI-65 "Provide Document Bundle", ITI-105 "Simplified Publish"): `masterIdentifier` names
the document's version (one reading of the letter), `status` is current, `date` and the
attachment's `creation` are the letter's own date, its `format` the MHD format code for
"the MIME type says it all", the patient as the letter names them is a contained Patient
referenced from `context.sourcePatientInfo`, and a new reading of the same letter
`replaces` the earlier one (`relatesTo`). It sends no SubmissionSet List and so claims no
MHD profile.

Exactly once: docvault names the resources itself and PUTs them (FHIR's update-as-create),
so a Bundle sent again after a crash between sending and recording the answer lands on
the same resources and adds nothing; the Bundle's `identifier` is the event's id for a
receiver that records transactions. READING is the event id of the reading the version
belongs to: a person's later correction of the letter's facts PUTs the same
DocumentReference again, changed (a new version of the same resource), without the PDF.
`DocumentReference.date` is an instant and the letter's date a day: it is the start of
that day in the archive's time zone (the `timezone` setting), with its offset, and where
docvault knows no letter date, when this reference was made. The attachment's `creation`
is the day as it is.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from datetime import datetime, time, tzinfo
from typing import Any

from docvault.letter import Letter

RESOURCE_PREFIX = "dv-"  # FHIR ids are [A-Za-z0-9-.]{1,64}: "dv-" and a UUID is 39
URI_SYSTEM = "urn:ietf:rfc:3986"
LOINC = "http://loinc.org"
# IHE's format code for a document whose MIME type says everything about it (a PDF).
FORMAT_SYSTEM = "http://ihe.net/fhir/ihe.formatcode.fhir/CodeSystem/formatcode"
FORMAT_CODE = "urn:ihe:iti:xds:2017:mimeTypeSufficient"
CONTAINED_PATIENT = "patient"

# A letter's kind, from words of its title, as a LOINC document type and a category. The
# first row whose word the title contains wins: the specific kinds before the general.
KINDS: tuple[tuple[tuple[str, ...], str, str, str], ...] = (
    (("labor", "laboratory", "blutbild"), "11502-2", "Laboratory report", "Laboratory"),
    (("röntgen", "radiolog", "mrt", "sonograph", "imaging"), "18748-4",
     "Diagnostic imaging study", "Imaging"),
    (("operationsbericht", "op-bericht", "operative"), "11504-8", "Surgical operation note",
     "Surgery"),
    (("entlass", "discharge"), "18842-5", "Discharge summary", "Discharge"),
    (("überweisung", "ueberweisung", "referral"), "57133-1", "Referral note", "Referral"),
    (("arztbrief", "befund", "konsil", "consult"), "11488-4", "Consult note", "Consultation"),
)  # fmt: skip


@dataclass(frozen=True)
class Version:
    """Which reading of the letter an event hands over, and the one it replaces."""

    event_id: str  # the event being delivered (the Bundle's identifier)
    reading_id: str  # the event id of the reading: the resources' ids
    replaces: str | None  # the reading before it, if the letter was read again
    occurred_at: datetime
    final: bool  # every page read (done); False: some page needs a person (attention)
    correction: bool  # a person corrected the facts: the DocumentReference alone
    zone: tzinfo | None = None  # the archive's time zone (None: occurred_at's own)


@dataclass(frozen=True)
class Content:
    """The PDF the DocumentReference points to: its bytes inline, or its address."""

    pdf: bytes | None  # the archive copy (None: only `url` is given)
    url: str | None  # where the receiver fetches it (content = "url")
    file_name: str


def resource_id(reading_id: str) -> str:
    return RESOURCE_PREFIX + reading_id


def bundle(
    letter: Letter, version: Version, content: Content, base_url: str, patient_system: str
) -> dict[str, Any]:
    """The transaction Bundle for one hand-over of `letter`."""
    rid = resource_id(version.reading_id)
    entries = []
    inline = content.pdf is not None and content.url is None
    if inline and not version.correction:
        entries.append(_entry(base_url, "Binary", rid, _binary(rid, content)))
    reference = _document_reference(letter, version, content, patient_system)
    entries.append(_entry(base_url, "DocumentReference", rid, reference))
    return {
        "resourceType": "Bundle",
        "identifier": {"system": URI_SYSTEM, "value": f"urn:uuid:{version.event_id}"},
        "type": "transaction",
        "timestamp": version.occurred_at.isoformat(),
        "entry": entries,
    }


def _entry(base_url: str, kind: str, rid: str, resource: dict[str, Any]) -> dict[str, Any]:
    return {
        "fullUrl": f"{base_url.rstrip('/')}/{kind}/{rid}",
        "resource": resource,
        "request": {"method": "PUT", "url": f"{kind}/{rid}"},
    }


def _binary(rid: str, content: Content) -> dict[str, Any]:
    assert content.pdf is not None
    return {
        "resourceType": "Binary",
        "id": rid,
        "contentType": "application/pdf",
        "data": base64.b64encode(content.pdf).decode("ascii"),
    }


def _document_reference(
    letter: Letter, version: Version, content: Content, patient_system: str
) -> dict[str, Any]:
    rid = resource_id(version.reading_id)
    reference: dict[str, Any] = {"resourceType": "DocumentReference", "id": rid}
    patient = _contained_patient(letter, patient_system)
    if patient is not None:
        reference["contained"] = [patient]
    reference["masterIdentifier"] = {
        "system": URI_SYSTEM,
        "value": f"urn:uuid:{version.reading_id}",
    }
    if letter.document_url:
        reference["identifier"] = [{"system": URI_SYSTEM, "value": letter.document_url}]
    reference["status"] = "current"
    reference["docStatus"] = "final" if version.final else "preliminary"
    reference.update(_kind(letter.title))
    subject = _subject(letter, patient_system, patient is not None)
    if subject is not None:
        reference["subject"] = subject
    reference["date"] = _date(letter, version)
    if letter.sender:
        reference["author"] = [{"display": letter.sender}]
    reference["description"] = letter.title or letter.file_name
    if version.replaces:
        target = f"DocumentReference/{resource_id(version.replaces)}"
        reference["relatesTo"] = [{"code": "replaces", "target": {"reference": target}}]
    reference["content"] = [_content(letter, content, rid)]
    if patient is not None:
        reference["context"] = {"sourcePatientInfo": {"reference": f"#{CONTAINED_PATIENT}"}}
    return reference


def _date(letter: Letter, version: Version) -> str:
    """The letter's date as FHIR's instant (the start of that day where the archive is),
    or, where docvault knows none, when this reference was made."""
    if letter.letter_date is None:
        return version.occurred_at.isoformat()
    zone = version.zone or version.occurred_at.tzinfo
    return datetime.combine(letter.letter_date, time(), tzinfo=zone).isoformat()


def _kind(title: str | None) -> dict[str, Any]:
    """type and category from the title's words where a known kind is named."""
    if not title:
        return {}
    lowered = title.lower()
    for words, code, display, category in KINDS:
        if any(word in lowered for word in words):
            return {
                "type": {"coding": [{"system": LOINC, "code": code, "display": display}],
                         "text": title},
                "category": [{"text": category}],
            }  # fmt: skip
    return {"type": {"text": title}}


def _contained_patient(letter: Letter, patient_system: str) -> dict[str, Any] | None:
    """The patient as the letter names them, for the receiver to match (no id of its own)."""
    if letter.patient is None and letter.born is None and letter.patient_id is None:
        return None
    patient: dict[str, Any] = {"resourceType": "Patient", "id": CONTAINED_PATIENT}
    if letter.patient_id is not None:
        patient["identifier"] = [_identifier(letter.patient_id, patient_system)]
    if letter.patient is not None:
        name: dict[str, Any] = {"text": letter.patient.text, "family": letter.patient.family}
        if letter.patient.given:
            name["given"] = list(letter.patient.given)
        patient["name"] = [name]
    if letter.born is not None:
        patient["birthDate"] = letter.born.isoformat()
    return patient


def _identifier(value: str, system: str) -> dict[str, str]:
    return {"system": system, "value": value} if system else {"value": value}


def _subject(letter: Letter, patient_system: str, contained: bool) -> dict[str, Any] | None:
    """The practice system's patient by number where docvault knows it; else the contained
    patient (name and birth date), which the receiver matches against its register."""
    display = letter.patient.text if letter.patient is not None else None
    subject: dict[str, Any]
    if letter.patient_id is not None:
        subject = {"type": "Patient", "identifier": _identifier(letter.patient_id, patient_system)}
    elif contained:
        subject = {"reference": f"#{CONTAINED_PATIENT}", "type": "Patient"}
    else:
        return None
    if display:
        subject["display"] = display
    return subject


def _content(letter: Letter, content: Content, rid: str) -> dict[str, Any]:
    attachment: dict[str, Any] = {"contentType": "application/pdf"}
    attachment["url"] = content.url if content.url is not None else f"Binary/{rid}"
    if content.pdf is not None:
        attachment["size"] = len(content.pdf)
        # FHIR R4's Attachment.hash is the SHA-1 of the data, base64.
        digest = hashlib.sha1(content.pdf, usedforsecurity=False).digest()
        attachment["hash"] = base64.b64encode(digest).decode("ascii")
    attachment["title"] = content.file_name
    if letter.letter_date is not None:
        attachment["creation"] = letter.letter_date.isoformat()
    return {
        "attachment": attachment,
        "format": {"system": FORMAT_SYSTEM, "code": FORMAT_CODE},
    }
