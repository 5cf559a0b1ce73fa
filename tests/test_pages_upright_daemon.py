"""The daemon end to end: rotated scans come out upright, born-digital pages skip the engine."""

from __future__ import annotations

import io
import shutil
import sqlite3
from pathlib import Path

import pymupdf
import pytest
from PIL import Image

from devtools.daemon import Daemon, wait_for
from devtools.engine_sim import EngineSimulator
from tests.support.textlayers import garbage_layer_scan

BORN_DIGITAL = "paperless__multi-page-digital.pdf"  # 3 pages: "This is a multi page document."
OCR_LAYER = "ocrmypdf__graph_ocred.pdf"  # an old Tesseract layer, invisible, over a scan
PHOTOTEST = "tesseract__phototest-rotated-L.png"  # "The quick brown dog jumped over ...", sideways


def _rows(tmp_path: Path, sql: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(tmp_path / "docvault-data" / "docvault.sqlite3")
    try:
        return list(connection.execute(sql))
    finally:
        connection.close()


def _all_done(daemon: Daemon, pages: int) -> bool:
    return daemon.page_counts().get("done") == pages


@pytest.mark.slow
def test_born_digital_pages_take_the_layer_and_scans_go_to_the_engine(
    tmp_path: Path, fixtures_dir: Path, simulator: EngineSimulator
) -> None:
    daemon = Daemon(
        tmp_path,
        DOCVAULT_ENGINE="openai",
        DOCVAULT_ENGINE_URL=simulator.base_url,
        DOCVAULT_PROFILE="ovisocr2",
        DOCVAULT_TEXT_LAYER="prefer",
        DOCVAULT_ORIENTATION="false",  # orientation has its own daemon test below
    )
    daemon.start()
    try:
        inbox = tmp_path / "inbox"
        shutil.copy(fixtures_dir / BORN_DIGITAL, inbox / BORN_DIGITAL)
        shutil.copy(fixtures_dir / OCR_LAYER, inbox / OCR_LAYER)
        garbage_layer_scan(tmp_path / "garbage-layer.pdf").rename(inbox / "garbage-layer.pdf")
        wait_for(lambda: _all_done(daemon, 5), 120, "5 pages to be done")
        found = wait_for(
            lambda: daemon.cli_json("search", '"multi page document"')["hits"],
            30,
            "the index writer to commit",
        )
        client = daemon.logged_in_client()
        try:
            # The born-digital letter's own id: the inbox takes the three files in the order
            # their writes settle, not the order they were copied in.
            (born_digital,) = {hit["document_id"] for hit in found}
            viewer = client.get(f"/documents/{born_digital}", params={"page": 2}).text
        finally:
            client.close()
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()

    assert sorted((hit["file_name"], hit["page"]) for hit in found) == [
        (BORN_DIGITAL, 1),
        (BORN_DIGITAL, 2),
        (BORN_DIGITAL, 3),
    ]
    # Only the two scans reached the engine: the born-digital pages made no request.
    assert simulator.stats()["requests"] == 2
    sources = _rows(
        tmp_path,
        "SELECT d.original_name, p.number, a.engine, p.markdown FROM attempts a"
        " JOIN pages p ON p.id = a.page_id JOIN documents d ON d.id = p.document_id",
    )
    engines = {(name, number): engine for name, number, engine, _ in sources}
    assert engines == {
        (BORN_DIGITAL, 1): "text-layer",
        (BORN_DIGITAL, 2): "text-layer",
        (BORN_DIGITAL, 3): "text-layer",
        (OCR_LAYER, 1): "openai",
        ("garbage-layer.pdf", 1): "openai",
    }
    with pymupdf.open(fixtures_dir / BORN_DIGITAL) as document:
        layers = [page.get_text("text").strip() for page in document]
    stored = [
        text
        for name, _, _, text in sorted(sources, key=lambda row: str(row[:2]))
        if name == BORN_DIGITAL
    ]
    assert stored == layers
    # A staff member (the client's clerk) is told the text is the PDF's own, in plain words.
    assert "Text from: the PDF's own text</span>" in viewer


@pytest.mark.slow
def test_a_sideways_and_an_upside_down_scan_are_found_and_shown_upright(
    tmp_path: Path, fixtures_dir: Path
) -> None:
    inbox = tmp_path / "inbox"
    daemon = Daemon(tmp_path)
    daemon.start()
    try:
        shutil.copy(fixtures_dir / PHOTOTEST, inbox / PHOTOTEST)
        with Image.open(fixtures_dir / PHOTOTEST) as image:
            # Turned a further quarter anticlockwise: the page now stands on its head.
            image.transpose(Image.Transpose.ROTATE_90).save(inbox / "phototest-upside-down.png")
        wait_for(lambda: _all_done(daemon, 2), 180, "2 pages to be read by the CPU engine")
        wait_for(
            lambda: daemon.cli_json("search", '"quick brown"')["total"] == 2,
            30,
            "both pages to be found by 'quick brown'",
        )
        client = daemon.logged_in_client()
        try:
            pages = {
                document_id: client.get(f"/api/documents/{document_id}/pages/1").json()
                for document_id in (1, 2)
            }
            shown = [
                Image.open(io.BytesIO(client.get(f"/pages/{page['page_id']}/image.png").content))
                for page in pages.values()
            ]
        finally:
            client.close()
    finally:
        assert daemon.stop() == 0, daemon.log.read_text()
    angles = sorted((page["rotation"], page["rotation_source"]) for page in pages.values())
    assert angles == [(90, "detected"), (180, "detected")]
    # The viewer shows each page as it was read: both upright and alike, the stored page
    # turned a quarter (it lies on its left side), so with its sides swapped.
    assert shown[0].size == shown[1].size
    with Image.open(fixtures_dir / PHOTOTEST) as stored:
        assert shown[0].width / shown[0].height == pytest.approx(stored.height / stored.width)
