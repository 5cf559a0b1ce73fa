"""Read, but doubtful (issue 47): a handwritten letter read by the CPU engine is shown to staff
as doubtful; a typed page is not.

1. The real CPU engine (rapidocr) reads the handwritten letter caltech__hale-letter-1.jpg as
   Latin guesses ("Mey deiliy Dn noe") at low confidence: doubtful; it reads the typed page
   ocrmypdf__c02-22.pdf confidently: not doubtful. (Slow: two pages on the CPU.)
2. The real worker, render pool (orientation on) and SQLite queue, with an engine that
   answers the handwritten letter with the lines and confidences the CPU engine gave it
   (its whole-page reading only: the coverage check's many region re-reads of a handwritten
   page take minutes on the CPU): the page ends `incomplete`, flagged, not turned, and staff
   see "read, but doubtful" on the page and in its arrivals row.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlmodel import select

from docvault import legibility, records
from docvault.db import read_session
from docvault.errors import ReadingDoubtful
from docvault.models import Page
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import (
    AttemptRequest,
    EngineReply,
    PageImage,
    PageOutcome,
    PageStatus,
    ReadLine,
    TextFormat,
)
from docvault.web.app import create_app
from tests.support.damaged import FIXTURES
from tests.support.webarchive import WebArchive
from tests.support.worker_run import read_all, record_file
from tests.web.test_web import log_in

HANDWRITTEN = "caltech__hale-letter-1.jpg"
TYPED = "ocrmypdf__c02-22.pdf"
# The CPU engine's first ten lines of the handwritten letter, with its confidences.
READ_BY_THE_CPU_ENGINE = (
    ("Hermosa Vista.", 0.94169),
    ("Mrs WNale visiting her", 0.88224),
    ("mothery", 0.84739),
    ("Pasadega Calp", 0.87827),
    ("Mey deiliy Dn noe", 0.58111),
    ("i the toe q the lans!", 0.76673),
    ("go.21,1912", 0.74877),
    ("Yeetuday afeenoon I wao.", 0.73529),
    ("goiny alany banye Senn.", 0.60392),
    ("in the moto, at a note", 0.88542),
)


def _outcome(reply: EngineReply) -> PageOutcome:
    return PageOutcome(reply.text, False, (), reply.lines, TextFormat.plain)


@pytest.mark.slow
def test_the_cpu_engine_reading_of_handwriting_is_doubtful_and_of_print_is_not() -> None:
    engine = RapidEngine()
    doubts = {}
    for name in (HANDWRITTEN, TYPED):
        image = render_page(FIXTURES / name, 1, RenderOptions()).image
        doubts[name] = legibility.doubt(_outcome(engine.read(image)))
    assert doubts[HANDWRITTEN] is not None
    assert doubts[HANDWRITTEN].startswith("Read, but doubtful: ")
    assert doubts[TYPED] is None


class ReplayedCpuEngine:
    """Answers the page with the CPU engine's own reading of the handwritten letter."""

    name = "cpu"
    text_format = TextFormat.plain

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        step = max(1, image.height // (len(READ_BY_THE_CPU_ENGINE) + 1))
        lines = tuple(
            ReadLine((20, step * row, image.width - 20, step * row + step // 2), text, score)
            for row, (text, score) in enumerate(READ_BY_THE_CPU_ENGINE, start=1)
        )
        text = "\n".join(line.text for line in lines)
        return EngineReply(text, "stop", 0, len(text.split()), 0.01, "cpu", lines=lines)

    async def aclose(self) -> None:
        return None


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        yield test_client


def test_a_doubtful_page_is_shown_on_the_page_and_in_its_arrivals_row(
    archive: WebArchive, client: TestClient
) -> None:
    document_id = record_file(archive.database, FIXTURES / HANDWRITTEN, archive.data_dir)
    read_all(archive.database, archive.data_dir, ReplayedCpuEngine(), 1)
    with read_session(archive.database) as session:
        page = session.exec(select(Page).where(Page.document_id == document_id)).one()
    assert page.status == PageStatus.incomplete
    (flag,) = records.page_flags(page.flags)
    assert flag.code == ReadingDoubtful.code
    assert flag.sentence.startswith("Read, but doubtful: ")
    assert page.rotation == 0  # the upright handwritten letter is read as it lies
    log_in(client)
    shown = client.get(f"/documents/{document_id}").text
    assert 'data-flag="reading-doubtful"' in shown
    assert "Read, but doubtful." in shown
    arrivals = client.get("/").text
    row = arrivals.split(f'data-document-id="{document_id}"', 1)[1].split("</tr>")[0]
    assert "read, but doubtful on 1 page(s)" in row
    assert client.get("/problems").text.count("Read, but doubtful: ") == 1
