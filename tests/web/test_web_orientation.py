"""What staff see of docvault's automatic turns (issue 26), over a real uvicorn on loopback.

Two real files go through the real render (orientation detection on) and are finished
through `records.complete_many` with the turn the render chose, as the worker does: a printed
page stored on its side (turned automatically) and an upright handwritten letter (evidence
too weak: read as stored, marked "orientation uncertain").
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import httpx
import pytest
from PIL import Image
from sqlmodel import select

from docvault import db, records
from docvault.models import Document
from docvault.render import RenderOptions, render_page
from docvault.vocabulary import TextFormat, Verdict
from tests.support.webarchive import (
    FIXTURES,
    NURSE,
    OWNER,
    WebArchive,
    add_document,
    attempt,
    copy_archive,
)

ROTATED = "tesseract__phototest-rotated-L.png"  # printed text stored a quarter turn anticlockwise
HANDWRITTEN = "loc__barton-diary-1.jpg"  # an upright handwritten title page, five lines
OPTIONS = RenderOptions()  # orientation detection on, as the service renders
ROW = re.compile(r'<tr data-document-id="(\d+)"[^>]*>(.*?)</tr>', re.DOTALL)


@dataclass(frozen=True)
class Oriented:
    rotated: int  # document ids
    handwritten: int
    others: tuple[int, ...]  # the template archive's documents, read before issue 26


@pytest.fixture(scope="module")
def archive(template: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebArchive]:
    """One copy of the template archive for this module, its two pages rendered once
    (`oriented`): the tests only look (a login adds a session and touches no document)."""
    copied = copy_archive(template, tmp_path_factory.mktemp("oriented"))
    yield copied
    copied.database.dispose()


@pytest.fixture(scope="module")
def oriented(archive: WebArchive) -> Oriented:
    with db.read_session(archive.database) as session:
        others = tuple(document.id or 0 for document in session.exec(select(Document)))
    rotated, _ = add_document(archive.database, archive.data_dir, ROTATED, "scans")
    handwritten, _ = add_document(archive.database, archive.data_dir, HANDWRITTEN, "scans")
    finished = []
    for claimed in records.claim(archive.database, OWNER, limit=10, lease_seconds=600):
        name = ROTATED if claimed.document_id == rotated else HANDWRITTEN
        rendered = render_page(archive.data_dir / _archive_path(archive, claimed), 1, OPTIONS)
        finished.append(
            records.FinishedPage(
                claimed.page_id,
                f"page of {name}",
                False,
                [attempt(f"page of {name}", Verdict.clean)],
                image_size=(rendered.image.width, rendered.image.height),
                rotation=(rendered.rotation, rendered.rotation_source),
                text_format=TextFormat.plain,
            )
        )
    assert records.complete_many(archive.database, OWNER, finished) == [True, True]
    return Oriented(rotated, handwritten, others)


def _archive_path(archive: WebArchive, claimed: records.ClaimedPage) -> str:
    with db.read_session(archive.database) as session:
        document = session.get(Document, claimed.document_id)
        assert document is not None
        return document.archive_path


@pytest.fixture
def nurse(site: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=site, follow_redirects=False, timeout=60) as client:
        form = client.get("/login").text
        token = re.search(r'name="csrf_token" value="([^"]+)"', form)
        assert token
        answer = client.post(
            "/login",
            data={"name": NURSE[0], "password": NURSE[1], "csrf_token": token.group(1)},
        )
        assert answer.status_code == 303, answer.text
        yield client


def _status_cells(client: httpx.Client) -> dict[int, str]:
    """Each listed document's status cell, tags removed, spaces collapsed."""
    answer = client.get("/")
    assert answer.status_code == 200, answer.text
    cells = {}
    for document_id, row in ROW.findall(answer.text):
        status_cell = re.findall(r'<td class="state-cell">(.*?)</td>', row, re.DOTALL)[-1]
        cells[int(document_id)] = " ".join(re.sub(r"<[^>]+>", " ", status_cell).split())
    return cells


def _rotation_line(client: httpx.Client, document_id: int) -> str:
    answer = client.get(f"/documents/{document_id}")
    assert answer.status_code == 200, answer.text
    found = re.search(r'<span class="rotation"[^>]*>(.*?)</span>\s*</p>', answer.text, re.DOTALL)
    assert found, "the document view has a rotation line"
    return " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split())


def test_the_arrivals_list_marks_the_automatic_turn_and_the_uncertain_page(
    nurse: httpx.Client, oriented: Oriented
) -> None:
    cells = _status_cells(nurse)
    assert cells[oriented.rotated] == "done 1 page(s) turned automatically"
    assert cells[oriented.handwritten] == "done orientation uncertain on 1 page(s)"
    # Documents nobody's orientation question touched carry no mark.
    for document_id in oriented.others:
        assert "turned automatically" not in cells[document_id]
        assert "orientation uncertain" not in cells[document_id]


def test_the_document_view_says_the_page_was_turned_automatically(
    nurse: httpx.Client, oriented: Oriented
) -> None:
    line = _rotation_line(nurse, oriented.rotated)
    assert line == "turned 90° clockwise to be upright (turned automatically)"


def test_the_upright_handwritten_page_is_shown_as_stored_and_marked_uncertain(
    nurse: httpx.Client, oriented: Oriented, archive: WebArchive
) -> None:
    line = _rotation_line(nurse, oriented.handwritten)
    assert line.startswith("read as stored (0°) (orientation uncertain: ")
    assert '"Rotate and read again"' in line.replace("&#34;", '"').replace("&quot;", '"')
    # The image staff look at is the page as stored (landscape), not turned.
    page_id = archive.page_id(oriented.handwritten, 1)
    shown = nurse.get(f"/pages/{page_id}/image.png")
    assert shown.status_code == 200
    with Image.open(BytesIO(shown.content)) as image:
        width, height = image.size
    with Image.open(FIXTURES / HANDWRITTEN) as stored:
        assert width / height == pytest.approx(stored.width / stored.height, rel=0.01)
