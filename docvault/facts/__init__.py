"""A letter's facts: patient, date of birth, letter date, sender and title.

``extract`` proposes them from the text (pure, no database); ``store`` keeps proposals and
a person's confirmations per document.
"""

from docvault.facts.extract import (
    DATE_FIELDS,
    FIELD_LABELS,
    FIELDS,
    Proposal,
    document_text,
    parse_date,
    propose,
    search_date,
)
from docvault.facts.store import patient_for_documents

__all__ = [
    "DATE_FIELDS",
    "FIELDS",
    "FIELD_LABELS",
    "Proposal",
    "document_text",
    "parse_date",
    "patient_for_documents",
    "propose",
    "search_date",
]
