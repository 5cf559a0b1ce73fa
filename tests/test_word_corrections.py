"""The CPU engine's misread words put right beside the reading (issue 47), through the real
worker, render pool, SQLite queue and index: the page keeps its text as read, the
corrections are stored beside it, and search finds the page by the corrected word and by the
word as read, both as typed. A vision model's page is left alone. The web view's side (the
corrected words marked, the text as read one click away):
tests/browser/test_corrections_browser.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import select

from docvault import corrections
from docvault.config import Settings, load_settings
from docvault.corrections import Correction, Corrector
from docvault.db import read_session
from docvault.models import Page
from docvault.search.confusions import EXACT_FIRST
from docvault.service import word_corrector
from docvault.vocabulary import TextFormat
from tests.support.damaged import FIXTURES
from tests.support.readfax import FAX, READ_TEXT, ReplayedEngine
from tests.support.webarchive import WebArchive
from tests.support.worker_run import read_all, record_file


def _page(archive: WebArchive, document_id: int) -> Page:
    with read_session(archive.database) as session:
        return session.exec(select(Page).where(Page.document_id == document_id)).one()


def _exact_hits(archive: WebArchive, word: str) -> set[int]:
    found = archive.index.search(f'"{word}"', per_page=100, snippet_pages=0).hits
    return {hit.document_id for hit in found if hit.score >= EXACT_FIRST}


@pytest.fixture(scope="module")
def corrector() -> Corrector:
    return Corrector()


def test_a_cpu_page_keeps_its_reading_and_is_found_by_the_corrected_and_the_read_word(
    archive: WebArchive, corrector: Corrector
) -> None:
    document_id = record_file(archive.database, FIXTURES / FAX, archive.data_dir)
    engine = ReplayedEngine("cpu", TextFormat.plain)
    read_all(archive.database, archive.data_dir, engine, 1, corrector=corrector)
    page = _page(archive, document_id)
    assert page.markdown == READ_TEXT  # the reading itself is never changed
    stored = corrections.stored_corrections(page.corrections, page.markdown)
    assert [(item.read, item.word) for item in stored] == [
        ("Beurtellung", "Beurteilung"),
        ("Hyperkallämie", "Hyperkaliämie"),
        ("Pattentin", "Patientin"),
    ]
    assert all(isinstance(item, Correction) for item in stored)
    archive.reindex()
    for word in ("Beurteilung", "Beurtellung", "Hyperkaliämie", "Hyperkallämie", "Patientin"):
        assert document_id in _exact_hits(archive, word), word
    # A phrase of corrected words is found as typed too.
    assert document_id in _exact_hits(archive, "Beurteilung: Hyperkaliämie bei")


def test_a_vision_model_page_and_a_page_read_with_the_setting_off_are_left_alone(
    archive: WebArchive, corrector: Corrector
) -> None:
    vision = record_file(archive.database, FIXTURES / FAX, archive.data_dir)
    read_all(
        archive.database,
        archive.data_dir,
        ReplayedEngine("vision", TextFormat.markdown),
        1,
        profile="ovisocr2",
        corrector=corrector,
    )
    assert _page(archive, vision).corrections is None
    archive.reindex()
    # Found by the word as typed only where it stands; the corrected word only through
    # folding (after every exact hit), as without the check.
    assert vision in _exact_hits(archive, "Beurtellung")
    assert vision not in _exact_hits(archive, "Beurteilung")


def test_the_setting_turns_the_check_on_for_the_cpu_engine_only(tmp_path: Path) -> None:
    def settings(**environ: str) -> Settings:
        return load_settings(environ={"DOCVAULT_DATA_DIR": str(tmp_path), **environ}, cwd=tmp_path)

    assert word_corrector(settings()) is None  # off by default
    on = settings(DOCVAULT_CORRECT_WORDS="true")
    assert on.engine == "cpu"
    assert isinstance(word_corrector(on), Corrector)
    openai = settings(DOCVAULT_CORRECT_WORDS="true", DOCVAULT_ENGINE="openai")
    assert word_corrector(openai) is None
