"""A letter's facts: patient, date of birth, letter date, sender and title.

Proposed from a finished letter's text after its reading is committed, checked against the
clinic's sender directory and the practice system's patient register, kept per document
with a person's confirmations, shown in the facts panel and found by search.

A finished letter:  records (marks it due) -> outbox.FactsProposer -> store.proposals_of:
                    extract.propose with the sender directory (senders), the patient
                    found in the register (register, patient_match) -> store_proposals

The modules, each importing only those above it:

    extract         a letter's facts proposed from its text, a module per field; pure, no
                    database (the search index's leaves import it)
    senders         the sender directory in the database: correspondents and their marks
    register_files  the patient register as the practice system exports it (CSV, GDT, FHIR)
    patient_match   a letter's patient found in the register, never guessed between two
    register        the patient register in the database, refreshed from an export
    store           a document's facts in the database: proposals and confirmations;
                    `patient_for_documents` for lists and hand-overs
    outbox          the marks the records leave (`mark_due`) and FactsProposer, the part
                    that proposes a letter's facts outside the write lock

This module gives their public names, as the rest of docvault imports them; `senders`,
`register` and `store` are given as modules (`senders.edit`, `register.lookup`). It imports
a module only when one of its names is first used: importing `extract`'s names never pulls
the database in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

if TYPE_CHECKING:
    from docvault.facts import register, senders, store
    from docvault.facts.extract import (
        DATE_FIELDS,
        FIELD_LABELS,
        FIELDS,
        Proposal,
        document_text,
        parse_date,
        propose,
        search_date,
        stored_date,
    )
    from docvault.facts.outbox import FactsProposer, mark_due
    from docvault.facts.register_files import PatientRecord
    from docvault.facts.store import (
        FactView,
        facts_of,
        facts_of_documents,
        patient_for_documents,
        propose_unread,
        views_of,
    )

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "extract": [
            "DATE_FIELDS",
            "FIELDS",
            "FIELD_LABELS",
            "Proposal",
            "document_text",
            "parse_date",
            "propose",
            "search_date",
            "stored_date",
        ],
        "outbox": ["FactsProposer", "mark_due"],
        "register_files": ["PatientRecord"],
        "store": [
            "FactView",
            "facts_of",
            "facts_of_documents",
            "patient_for_documents",
            "propose_unread",
            "views_of",
        ],
    },
)

__all__ = [
    "DATE_FIELDS",
    "FIELDS",
    "FIELD_LABELS",
    "FactView",
    "FactsProposer",
    "PatientRecord",
    "Proposal",
    "document_text",
    "facts_of",
    "facts_of_documents",
    "mark_due",
    "parse_date",
    "patient_for_documents",
    "propose",
    "propose_unread",
    "register",
    "search_date",
    "senders",
    "store",
    "stored_date",
    "views_of",
]
