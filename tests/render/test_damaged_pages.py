"""No damaged page is ever plainly `done` (issue 47).

Real damaged files made from the fixtures (tests/support/damaged.py): a JPEG cut short, a
TIFF whose strip ends early, a PDF whose image stream was cut, a mangled PDF that MuPDF
repairs by dropping its scanned image. Each is rendered by the real renderer, and read
through the real worker, render pool and SQLite queue by an engine that reads every page
confidently (the damage is the file's, not the reading's): each page ends `incomplete` with
the sentence that says what was lost and to ask for the file again, shown on the page and in
the arrivals row; the original stays in the archive as it came. The clean fixtures the
damaged files were made from render with no such sentence.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine as DatabaseEngine
from sqlmodel import select

from docvault import records
from docvault.db import read_session
from docvault.errors import PageDamaged
from docvault.models import Document, Page
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import (
    AttemptRequest,
    EngineReply,
    PageImage,
    PageStatus,
    ReadLine,
    TextFormat,
)
from docvault.web.app import create_app
from tests.support.damaged import DAMAGED, FIXTURES
from tests.support.webarchive import WebArchive, copy_archive
from tests.support.worker_run import read_all, record_file
from tests.web.test_web import log_in

WAIT_SECONDS = 120.0
ASK_AGAIN = "ask the sender for the file again"


@pytest.mark.parametrize("damage", sorted(DAMAGED))
def test_a_damaged_file_renders_with_the_sentence_and_its_original_without(
    damage: str, tmp_path: Path
) -> None:
    make, original = DAMAGED[damage]
    damaged = render_page(make(tmp_path), 1, RenderOptions(orientation=False))
    whole = render_page(FIXTURES / original, 1, RenderOptions(orientation=False))
    assert damaged.damage is not None
    assert damaged.damage.startswith("Page 1 of this file ")
    assert ASK_AGAIN in damaged.damage
    assert "original is kept" in damaged.damage
    assert whole.damage is None


def test_a_pdf_repaired_without_its_image_says_the_page_came_out_blank(tmp_path: Path) -> None:
    make, _ = DAMAGED["pdf repaired without its image"]
    rendered = render_page(make(tmp_path), 1, RenderOptions(orientation=False))
    assert rendered.damage is not None
    assert "came out blank, though the file says the page holds a picture" in rendered.damage


class ConfidentEngine:
    """Reads every page as one confident line of typed words, located as the CPU engine
    locates its lines: whatever is wrong with these pages is the file's."""

    name = "cpu"
    text_format = TextFormat.plain

    async def transcribe(self, image: PageImage, request: AttemptRequest) -> EngineReply:
        box = (10, 10, max(11, image.width - 10), min(image.height, 60))
        lines = (ReadLine(box, "Sehr geehrte Frau Kollegin, vielen Dank", 0.97),)
        return EngineReply(lines[0].text, "stop", 0, 6, 0.01, "cpu", lines=lines)

    async def aclose(self) -> None:
        return None


@dataclass(frozen=True)
class ReadDamaged:
    archive: WebArchive
    documents: dict[str, int]  # damage -> its document id
    received: Path  # the damaged files as they were dropped


@pytest.fixture(scope="module")
def read_damaged(template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ReadDamaged]:
    """Every damaged file taken and read by the real worker and render pool, once for this
    module: its tests only look (at the pages, the originals and the views; a login adds a
    session and an audit line, and touches no page)."""
    root = tmp_path_factory.mktemp("damaged")
    archive = copy_archive(template, root)
    received = root / "received"
    received.mkdir()
    documents = {
        damage: record_file(archive.database, make(received), archive.data_dir)
        for damage, (make, _) in DAMAGED.items()
    }
    read_all(archive.database, archive.data_dir, ConfidentEngine(), len(documents))
    yield ReadDamaged(archive, documents, received)
    archive.database.dispose()


@pytest.fixture
def client(read_damaged: ReadDamaged) -> Iterator[TestClient]:
    app = create_app(read_damaged.archive.context)
    with TestClient(app, follow_redirects=False) as test_client:
        yield test_client


def _page(database: DatabaseEngine, document_id: int) -> Page:
    with read_session(database) as session:
        return session.exec(select(Page).where(Page.document_id == document_id)).one()


def test_no_damaged_page_ends_done_each_is_flagged_with_its_sentence(
    read_damaged: ReadDamaged,
) -> None:
    archive = read_damaged.archive
    for damage, document_id in read_damaged.documents.items():
        page = _page(archive.database, document_id)
        assert page.status == PageStatus.incomplete, damage
        (flag,) = records.page_flags(page.flags)
        assert flag.code == PageDamaged.code, damage
        assert ASK_AGAIN in flag.sentence, damage
        # What could be read is kept (and the coverage check's re-reads of the rest).
        assert (page.markdown or "").startswith("Sehr geehrte Frau Kollegin"), damage
    # The originals are kept in the archive as they came, damage and all.
    for damage, document_id in read_damaged.documents.items():
        with read_session(archive.database) as session:
            document = session.get(Document, document_id)
            assert document is not None
        received = read_damaged.received / document.original_name
        kept = archive.data_dir / document.archive_path
        assert kept.read_bytes() == received.read_bytes(), damage


def test_staff_see_the_damage_on_the_page_and_in_the_arrivals_row(
    client: TestClient, read_damaged: ReadDamaged
) -> None:
    log_in(client)
    arrivals = client.get("/").text
    for damage, document_id in read_damaged.documents.items():
        row = arrivals.split(f'data-document-id="{document_id}"', 1)[1].split("</tr>", 1)[0]
        assert 'data-damaged-pages="1"' in row, damage
        assert "damaged file: 1 page(s) incomplete" in row, damage
        shown = client.get(f"/documents/{document_id}").text
        assert 'data-flag="page-damaged"' in shown, damage
        assert "Damaged file: part of this page is lost." in shown, damage
        assert ASK_AGAIN in shown, damage
    problems = client.get("/problems").text
    assert problems.count(ASK_AGAIN) >= len(read_damaged.documents)
