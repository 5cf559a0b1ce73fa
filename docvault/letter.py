"""A document's JSON description read as the letter a practice system files.

    document JSON (docvault.records.document_json) ──> Letter: patient (name, birth date, the
        practice system's patient number where known), letter date, sender, title

The FHIR and the GDT hand-overs (docvault.fhir, docvault.gdt) file a letter under a
patient; both read the facts here, once. A fact without a value (none proposed, or a
person said the letter names none) is None.

The practice system's patient number: the patient register (`docvault.facts.register`,
refreshed from the practice system's own export) gives a document the fact `patient_id`
where the letter names one register patient; `PATIENT_ID_FACT` is read wherever the
description carries a value, and where it has none the receivers name the patient by name
and birth date.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

# The fact the patient register gives a document: the practice system's number.
PATIENT_ID_FACT = "patient_id"
# Words that belong to the family name when they stand before its last word ("Hans von
# Müller": family name "von Müller"), as German, Dutch and French names write them.
NAME_PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "zu", "vom", "zum", "ter", "du", "la"}
)


@dataclass(frozen=True)
class PatientName:
    """A patient's name as written, and split into family and given names."""

    text: str
    family: str
    given: tuple[str, ...]


@dataclass(frozen=True)
class Letter:
    """What a practice system files a document by."""

    document_id: int
    file_name: str
    patient: PatientName | None
    born: date | None
    patient_id: str | None  # the practice system's patient number (issue 50's register)
    letter_date: date | None
    sender: str | None
    title: str | None
    document_url: str | None
    searchable_pdf_url: str | None


def read_letter(document: Mapping[str, Any]) -> Letter:
    """The letter of a document's JSON description (`docvault.records.document_json.describe`)."""
    facts: Mapping[str, Any] = document.get("facts") or {}
    patient = _value(facts, "patient")
    return Letter(
        document_id=int(document["id"]),
        file_name=str(document["file_name"]),
        patient=split_name(patient) if patient else None,
        born=_date(_value(facts, "born")),
        patient_id=_value(facts, PATIENT_ID_FACT),
        letter_date=_date(_value(facts, "letter_date")),
        sender=_value(facts, "sender"),
        title=_value(facts, "title"),
        document_url=document.get("document_url"),
        searchable_pdf_url=document.get("searchable_pdf_url"),
    )


def _value(facts: Mapping[str, Any], field: str) -> str | None:
    fact = facts.get(field)
    value = fact.get("value") if isinstance(fact, Mapping) else None
    return str(value).strip() or None if value is not None else None


def _date(value: str | None) -> date | None:
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def split_name(text: str) -> PatientName:
    """Family and given names: "Mustermann, Erika" as written, else the last word (with
    the particles before it) is the family name."""
    if "," in text:
        family, _, given = text.partition(",")
        return PatientName(text, family.strip(), tuple(given.split()))
    words = text.split()
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in NAME_PARTICLES:
        start -= 1
    return PatientName(text, " ".join(words[start:]), tuple(words[:start]))
