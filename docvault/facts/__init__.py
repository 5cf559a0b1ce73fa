"""A letter's facts: patient, date of birth, letter date, sender and title.

``extract`` proposes them from the text (pure, no database: the search index's leaves may
import it); ``store`` keeps proposals and a person's confirmations per document, and has
``patient_for_documents`` for lists and hand-overs; ``outbox`` proposes a finished letter's
facts after its reading is committed. This package itself imports only
``extract``, so that importing it never pulls the database in.
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
    stored_date,
)

__all__ = [
    "DATE_FIELDS",
    "FIELDS",
    "FIELD_LABELS",
    "Proposal",
    "document_text",
    "parse_date",
    "propose",
    "search_date",
    "stored_date",
]
