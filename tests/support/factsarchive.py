"""Letters with facts in the web tests' archive: real files, pages finished by the queue."""

from __future__ import annotations

from docvault import records
from docvault.vocabulary import Verdict
from tests.support.finish import complete
from tests.support.index_writer import ServedWriter
from tests.support.webarchive import OWNER, WebArchive, add_document, attempt, propose_facts

MUSTERMANN_LETTER = """Klinikum Nord · Klinik für Kardiologie · Musterweg 4 · 79100 Freiburg

Herrn
Dr. med. Hans Weber
Hauptstraße 12
10115 Berlin

Freiburg, den 14.11.2026

**Entlassungsbrief**

Patient: Mustermann, Erika
Geburtsdatum: 12.03.1961

Sehr geehrter Herr Kollege Weber,

wir berichten über Ihre Patientin Frau Erika Mustermann, die sich vom 01.11.2026 bis
10.11.2026 in unserer stationären Behandlung befand.

Mit freundlichen Grüßen

Dr. med. Anna Schmidt
Oberärztin
"""

SMITH_LETTER = """The Park Surgery
12 High Street, Leeds LS1 4AB
Tel 0113 243 3144

12 March 2026

Re: Mr John Smith, DOB 25/07/1948

Dear Dr Brown,

Thank you for seeing this patient about his breathlessness.

Yours sincerely

Dr. Sarah Jones
"""


def add_letter(archive: WebArchive, fixture: str, text: str, inbox: str = "fax") -> int:
    """Archive a one-page fixture file and finish its page with ``text`` the way the worker
    does (claim, complete), and propose its facts as the facts part does after. Returns the
    document id."""
    document_id, _ = add_document(archive.database, archive.data_dir, fixture, inbox)
    for claimed in records.claim(archive.database, OWNER, limit=10, lease_seconds=600):
        assert claimed.document_id == document_id
        attempts = [attempt(text, Verdict.clean)]
        assert complete(archive.database, claimed.page_id, OWNER, text, False, attempts)
    propose_facts(archive.database)
    return document_id


def drain_index(archive: WebArchive) -> None:
    """Write the index outbox to the archive's index with the daemon's own index writer."""
    writer = ServedWriter(archive.database, archive.index, batch_size=100, batch_seconds=0.05)
    writer.start()
    try:
        assert writer.flush(timeout=60), "the index outbox was not drained within 60 s"
    finally:
        writer.stop()
