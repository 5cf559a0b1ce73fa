"""A small real archive for the web tests: real originals, real database, real Whoosh index.

Pages are put into the database the way the worker does it (records.record_document, claim,
complete/fail), then the index is built from the database, so the web view sees exactly
what it sees in production.
"""

from __future__ import annotations

import hashlib
import shutil
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pymupdf
from argon2 import PasswordHasher
from sqlalchemy import Engine, update
from sqlmodel import col, select

from docvault import auth, db, pdfa, records
from docvault.archive import archive_file
from docvault.copies import ArchiveFile, PageText
from docvault.errors import CorruptDocument
from docvault.facts.outbox import FactsProposer
from docvault.models import Document
from docvault.render import RenderOptions, render_page
from docvault.search import SearchIndex, rebuild_from_database
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    EngineState,
    SamplingMode,
    Verdict,
)
from docvault.web.app import WebContext
from docvault.web.display import Display
from docvault.web.status import ServiceStatus
from tests.support.finish import complete

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
OWNER = "test-worker"
NURSE = ("nurse", "correct horse battery")
ADMIN = ("admin", "staple guard admin 42")

HUCK_FINN_PAGE = """# CHAPTER II.

<img src="images/bbox_20_90_480_880.jpg" />

We went tiptoeing along a path amongst the trees back towards the end of the widow's
garden, stooping down so as the branches wouldn't scrape our heads. When we was passing by
the kitchen I fell over a root and made a noise. We scrouched down and laid still.

Miss Watson's big nigger, named Jim, was setting in the kitchen door; we could see him
pretty clear, because there was a light behind him.
"""

MULTI_PAGE_TEXTS = {
    1: "This is a multi page document. Page 1.\n\n| test | value |\n|---|---|\n| sodium | 140 |",
    2: "This is a multi page document. Page 2. " + "1111 " * 40,
    3: "",
}

XSS_PAGE = """Referral letter <script>window.alert("script ran")</script>

<img src="x" onerror="window.alert('onerror ran')" />

[click me](javascript:window.alert('link ran')) and <a href="javascript:alert(1)">this</a>

<table onclick="window.alert('table ran')"><tr><th>Drug</th><th>Dose</th></tr>
<tr><td onmouseover="window.alert('cell ran')">Metoprolol</td><td>47.5 mg</td></tr></table>

<iframe src="https://example.org/"></iframe><style>body { display: none; }</style>

Potassium $K^+ = 4.1$ mmol/l
"""

# The zone the test archive's web view shows times and days in.
CLINIC_ZONE = ZoneInfo("Europe/Berlin")


def attempt(text: str, verdict: Verdict, mode: SamplingMode = SamplingMode.greedy) -> AttemptRecord:
    finish = "length" if verdict == Verdict.looped else "stop"
    penalty = 0.3 if mode == SamplingMode.penalty else 0.0
    return AttemptRecord(
        engine="engine-sim",
        request=AttemptRequest(mode=mode, max_tokens=4096, frequency_penalty=penalty),
        reply=EngineReply(text, finish, 2300, 4096 if finish == "length" else 700, 1.5),
        verdict=verdict,
        seconds=1.5,
        repeating_unit="1111 " if verdict == Verdict.looped else None,
    )


def add_document(
    database: Engine, data_dir: Path, fixture: str, inbox: str, tags: tuple[str, ...] = ()
) -> tuple[int, int]:
    """Archive a fixture file and record it with its pages queued: (document id, pages)."""
    source = FIXTURES / fixture
    archived = archive_file(source, data_dir)
    with pymupdf.open(data_dir / archived.relative_path) as document:
        page_count = document.page_count
    recorded = records.record_document(
        database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name=fixture,
            inbox=inbox,
            original_path=f"/srv/inbox/{inbox}/{fixture}",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
            tags=tags,
            kind="pdf",
        ),
        page_count,
    )
    return recorded.document_id, page_count


def finish_claimed(database: Engine, outcomes: dict[tuple[int, int], str]) -> dict[int, int]:
    """Claim every queued page and finish it as `outcomes[(document, page)]` says, and
    propose the finished documents' facts as the daemon does after.

    The outcome is "done", "looped" or "failed"; returns {page id: document id}.
    """
    finished = {}
    for claimed in records.claim(database, OWNER, limit=100, lease_seconds=600):
        outcome = outcomes.get((claimed.document_id, claimed.number), "done")
        text = TEXTS.get((claimed.document_id, claimed.number), "")
        if outcome == "failed":
            records.fail(
                database,
                claimed.page_id,
                OWNER,
                f"Page {claimed.number} of document {claimed.document_id} could not be read: "
                "the engine refused the request (400 image too small). Re-run it, or check "
                "the scan.",
            )
        else:
            looped = outcome == "looped"
            attempts = [attempt(text, Verdict.looped if looped else Verdict.clean)]
            if looped:
                attempts.append(attempt(text, Verdict.looped, SamplingMode.penalty))
            complete(database, claimed.page_id, OWNER, text, looped, attempts)
        finished[claimed.page_id] = claimed.document_id
    propose_facts(database)
    return finished


def propose_facts(database: Engine) -> None:
    """What the daemon's facts part does after pages finish: the finished documents' facts
    proposed and kept (docvault.facts.outbox)."""
    FactsProposer(database).drain()


TEXTS: dict[tuple[int, int], str] = {}


@dataclass
class WebArchive:
    database: Engine
    data_dir: Path
    index: SearchIndex
    context: WebContext
    huck_finn: int
    multi_page: int
    xss: int
    failed_document: int
    status: ServiceStatus
    renders: list[tuple[Path, int]] = field(default_factory=list)

    def page_id(self, document_id: int, number: int) -> int:
        from docvault.web import queries

        page = queries.page_by_number(self.database, document_id, number)
        assert page is not None
        return page.id

    def reindex(self) -> None:
        rebuild_from_database(self.database, self.index.directory)
        self.index.reopen()


# Cheap argon2 settings for test users: verifying reads the cost from the stored hash, so
# each test login takes milliseconds instead of the production 0.3 s.
TEST_HASHER = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)


def build_archive(root: Path) -> WebArchive:
    """Three read documents, one refused file, two users and an index, under root/data."""
    data_dir = root / "data"
    database = db.make_engine(data_dir / "docvault.sqlite3")
    db.upgrade(database)
    huck_finn, _ = add_document(database, data_dir, "ocrmypdf__c02-22.pdf", "fax", ("letters",))
    multi_page, _ = add_document(database, data_dir, "paperless__multi-page-digital.pdf", "scans")
    xss, _ = add_document(database, data_dir, "ocrmypdf__skew.pdf", "fax", ("lab",))
    TEXTS.clear()
    TEXTS[(huck_finn, 1)] = HUCK_FINN_PAGE
    TEXTS[(xss, 1)] = XSS_PAGE
    for number, text in MULTI_PAGE_TEXTS.items():
        TEXTS[(multi_page, number)] = text
    finish_claimed(database, {(multi_page, 2): "looped", (multi_page, 3): "failed"})
    _add_refused_file(database, data_dir)
    auth.add_user(database, *NURSE, hasher=TEST_HASHER)
    auth.add_user(database, *ADMIN, is_admin=True, hasher=TEST_HASHER)
    rebuild_from_database(database, data_dir / "index")
    database.dispose()
    return open_archive(root)


def copy_archive(template: Path, root: Path) -> WebArchive:
    """A private copy of an archive that build_archive made (milliseconds, not a rebuild)."""
    shutil.copytree(template / "data", root / "data")
    return open_archive(root)


def open_archive(root: Path) -> WebArchive:
    data_dir = root / "data"
    database = db.make_engine(data_dir / "docvault.sqlite3")
    with db.read_session(database) as session:
        ids = dict(session.exec(select(Document.original_name, Document.id)).all())
    index = SearchIndex(data_dir / "index")
    status: ServiceStatus = {
        "inboxes": [
            {"name": "fax", "path": "/srv/inbox/fax", "waiting": 2, "settling": 1},
            {"name": "scans", "path": "/srv/inbox/scans", "waiting": 0, "settling": 0},
        ],
        "engines": [{"name": "engine-sim", "state": EngineState.up, "in_flight": 3}],
    }
    renders: list[tuple[Path, int]] = []
    context = WebContext(
        database=database,
        index=index,
        data_dir=data_dir,
        render_png=_renderer(renders),
        status=lambda: status,
        secret_key=b"k" * 32,
        render_settings=repr(RenderOptions()),
        # A clinic's zone that is not the test machine's: times shown are local, not UTC.
        display=Display(CLINIC_ZONE, "german"),
        build_searchable=build_searchable,
    )
    return WebArchive(
        database, data_dir, index, context,
        huck_finn=ids["ocrmypdf__c02-22.pdf"],
        multi_page=ids["paperless__multi-page-digital.pdf"],
        xss=ids["ocrmypdf__skew.pdf"],
        failed_document=ids["ocrmypdf__invalid.pdf"],
        status=status,
        renders=renders,
    )  # fmt: skip


# PyMuPDF is not thread-safe; the service renders in its process pool, the tests render
# (and make searchable PDFs) in-process one at a time.
_PYMUPDF = threading.Lock()


def build_searchable(path: Path, pages: tuple[PageText, ...]) -> ArchiveFile:
    """The archive copy made in-process, one at a time (the service uses its pool)."""
    with _PYMUPDF:
        return pdfa.build(path, RenderOptions(), pages)


def _renderer(renders: list[tuple[Path, int]]) -> Callable[[Path, int, int], bytes]:
    lock = _PYMUPDF

    def render_png(path: Path, number: int, rotation: int) -> bytes:
        with lock:
            renders.append((path, number))
            return render_page(path, number, RenderOptions(), rotation).image.data

    return render_png


def _add_refused_file(database: Engine, data_dir: Path) -> int:
    archived = archive_file(FIXTURES / "ocrmypdf__invalid.pdf", data_dir)
    recorded = records.record_failed_document(
        database,
        records.NewDocument(
            sha256=archived.sha256,
            original_name="ocrmypdf__invalid.pdf",
            inbox="fax",
            original_path="/srv/inbox/fax/ocrmypdf__invalid.pdf",
            archive_path=archived.relative_path,
            size_bytes=archived.size_bytes,
        ),
        CorruptDocument.code,
        "ocrmypdf__invalid.pdf is not a PDF that can be opened (no pages found); ask the "
        "sender for a new copy. The original is kept in the archive.",
    )
    return recorded.document_id


def set_received(archive: WebArchive, document_id: int, when: datetime) -> None:
    with db.write_transaction(archive.database) as session:
        session.exec(  # type: ignore[call-overload]
            update(Document).where(col(Document.id) == document_id).values(received_at=when)
        )


def record_arrivals(archive: WebArchive, count: int) -> list[int]:
    """`count` more one-page letters in the scans inbox, received one minute apart."""
    with db.read_session(archive.database) as session:
        model = session.get(Document, archive.huck_finn)
    assert model is not None
    start = datetime(2026, 11, 1, 8, 0, tzinfo=UTC)
    added = []
    for number in range(count):
        name = f"scan-{number:04d}.pdf"
        recorded = records.record_document(
            archive.database,
            records.NewDocument(
                sha256=hashlib.sha256(name.encode()).hexdigest(),
                original_name=name,
                inbox="scans",
                original_path=f"/srv/inbox/scans/{name}",
                archive_path=model.archive_path,
                size_bytes=model.size_bytes,
            ),
            1,
        )
        set_received(archive, recorded.document_id, start + timedelta(minutes=number))
        added.append(recorded.document_id)
    return added
