"""Born-digital pages take their text from the layer; OCR layers and garbage do not count."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from docvault.render import RenderOptions, render_page
from docvault.textlayer import ENGINE_NAME, garbage_reason, read_layer, text_layer_outcome
from tests.support.textlayers import garbage_layer_scan

PREFER = RenderOptions(text_layer=True)


def test_a_born_digital_page_is_trusted_and_its_text_is_the_layer(fixtures_dir: Path) -> None:
    path = fixtures_dir / "paperless__multi-page-digital.pdf"
    with pymupdf.open(path) as document:
        expected = [page.get_text("text").strip() for page in document]
        verdicts = [read_layer(page) for page in document]
    assert [verdict.trusted for verdict in verdicts] == [True, True, True]
    assert [verdict.text for verdict in verdicts] == expected
    assert expected[1] == "This is a multi page document. Page 2."
    rendered = render_page(path, 2, PREFER)
    assert rendered.layer_text == expected[1]
    assert rendered.rotation_source == "text layer"


def test_an_invisible_ocr_layer_over_a_scan_is_not_trusted(fixtures_dir: Path) -> None:
    # ocrmypdf__graph_ocred.pdf: Tesseract's words drawn in render mode 3 over the picture.
    path = fixtures_dir / "ocrmypdf__graph_ocred.pdf"
    with pymupdf.open(path) as document:
        verdict = read_layer(document[0])
    assert not verdict.trusted
    assert "invisible" in verdict.reason
    assert render_page(path, 1, PREFER).layer_text is None


def test_a_garbage_layer_is_not_trusted(tmp_path: Path) -> None:
    path = garbage_layer_scan(tmp_path / "garbage.pdf")
    with pymupdf.open(path) as document:
        verdict = read_layer(document[0])
    assert not verdict.trusted
    assert "garbage" in verdict.reason
    assert render_page(path, 1, PREFER).layer_text is None


def test_without_prefer_no_layer_is_taken_but_it_still_gives_the_orientation(
    fixtures_dir: Path,
) -> None:
    path = fixtures_dir / "paperless__multi-page-digital.pdf"
    rendered = render_page(path, 1, RenderOptions())
    assert rendered.layer_text is None
    assert (rendered.rotation, rendered.rotation_source) == (0, "text layer")


@pytest.mark.parametrize(("page_rotation", "upright"), [(0, 0), (90, 270), (180, 180), (270, 90)])
def test_a_born_digital_page_turned_by_its_rotate_entry_is_turned_back(
    tmp_path: Path, page_rotation: int, upright: int
) -> None:
    # The page's /Rotate turns its lines as it is rendered; the layer says how far back.
    with pymupdf.open() as document:
        page = document.new_page()
        for line in range(8):
            page.insert_text((72, 72 + 20 * line), f"Befund vom 12.03.2025, Zeile {line}")
        page.set_rotation(page_rotation)
        document.save(tmp_path / "letter.pdf")
    rendered = render_page(tmp_path / "letter.pdf", 1, RenderOptions())
    assert (rendered.rotation, rendered.rotation_source) == (upright, "text layer")
    assert rendered.image.height > rendered.image.width  # upright: the portrait page again


@pytest.mark.parametrize(
    "text",
    [
        "Sehr geehrte Kollegin, wir berichten über Frau Müller (geb. 12.03.1950).",
        "Metoprolol 47.5mg 1-0-1, Ramipril 5 mg; Kontrolle in 3 Monaten.",
        "Compte rendu : échographie cardiaque, FEVG 55 %, pas d'épanchement.",
        "Boiling Points °C min max avg ethanol 78.37 water 100",
    ],
)
def test_real_letters_are_not_garbage(text: str) -> None:
    assert garbage_reason(text) is None


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Patient \ufffd\ufffd\ufffd\ufffd \ufffd\ufffd Befund \ufffd\ufffd", "unmapped"),
        ("Ã¤rztliche Ãœberweisung Ã¼ber Ã–sophagus Befund", "mojibake"),
        ("#%& @@~ ^|| ¤¤ ×× §§ ¶¶ xq zzk", "look like words"),
    ],
)
def test_garbage_is_recognised(text: str, reason: str) -> None:
    found = garbage_reason(text)
    assert found is not None
    assert reason in found


def test_a_layer_page_is_recorded_as_its_own_engine() -> None:
    outcome = text_layer_outcome("This is a multi page document. Page 1.")
    assert outcome.text == "This is a multi page document. Page 1."
    assert not outcome.looped
    assert [attempt.engine for attempt in outcome.attempts] == [ENGINE_NAME] == ["text-layer"]
    assert outcome.attempts[0].request.as_settings()["source"] == "pdf text layer"
