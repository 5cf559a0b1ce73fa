"""Inputs the coverage-guided campaign (bench/fuzz_campaign.py, issue 29) found a defect with,
kept with the fix: each now ends with its sentence, where it once ended with a traceback.

tests/fixtures/campaign/MANIFEST.tsv says which target found each, the symptom and the fix.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from docvault.errors import CorruptDocument
from docvault.render import RenderOptions, inspect_document, render_page

CAMPAIGN = Path(__file__).parent / "fixtures" / "campaign"


def kept_inputs() -> list[str]:
    with (CAMPAIGN / "MANIFEST.tsv").open(newline="") as handle:
        return [row["file"] for row in csv.DictReader(handle, delimiter="\t")]


def test_every_kept_input_is_in_the_manifest() -> None:
    on_disk = sorted(path.name for path in CAMPAIGN.iterdir() if path.name != "MANIFEST.tsv")
    assert on_disk == sorted(kept_inputs())


def test_a_page_tree_whose_count_lies_is_refused_as_corrupt(tmp_path: Path) -> None:
    path = CAMPAIGN / "page-tree-count-lies.pdf"
    with pytest.raises(CorruptDocument) as refused:
        inspect_document(path, RenderOptions())
    assert "page-tree-count-lies.pdf looks like a PDF file but its structure cannot be read" in (
        refused.value.message
    )
    with pytest.raises(CorruptDocument):
        render_page(path, 1, RenderOptions())


def test_an_error_no_check_foresaw_fails_its_page_alone_with_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The render worker's safety net: a defect the campaign has not found yet costs the one
    page its sentence, not a lease that expires and renders the page again for ever."""
    from docvault import render

    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("code=7: something MuPDF never said before")

    monkeypatch.setattr(render, "render_page", broken)
    monkeypatch.setattr(render, "inspect_document", broken)
    path = tmp_path / "letter.pdf"
    for outcome in (
        render._render_in_worker(path, 2, RenderOptions()),
        render._inspect_in_worker(path, 0, RenderOptions()),
    ):
        assert isinstance(outcome, render._WorkerFailure)
        assert outcome.error_code == "render-failed"
        assert "could not be read: MuPDF or docvault failed on it in a way docvault" in (
            outcome.message
        )
        assert "RuntimeError: code=7: something MuPDF never said before" in outcome.message
        assert "the original is kept in the archive" in outcome.message
    page_outcome = render._render_in_worker(path, 2, RenderOptions())
    assert isinstance(page_outcome, render._WorkerFailure)
    assert page_outcome.message.startswith("Page 2 of letter.pdf could not be read")
