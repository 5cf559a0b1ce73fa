"""Smoke test of the held-out evaluation set (bench/heldout): deterministic, every page
draws, every truth box lies inside its page, the register and its exports hold together."""

from __future__ import annotations

import io
import json

import pymupdf
import pytest
from PIL import Image

from bench.heldout import letters as L
from bench.heldout import register as reg


@pytest.fixture(scope="module")
def examples() -> list[L.Letter]:
    return L.split("examples")


@pytest.fixture(scope="module")
def test_split() -> list[L.Letter]:
    return L.split("test")


def test_only_test_and_examples_splits() -> None:
    assert set(L.SPLITS) == {"test", "examples"}
    with pytest.raises(KeyError):
        L.split("dev")


def test_deterministic(examples: list[L.Letter]) -> None:
    again = L.split("examples")
    for a, b in zip(examples, again, strict=True):
        assert json.dumps(a.truth(), sort_keys=True) == json.dumps(b.truth(), sort_keys=True)
    a, b = examples[0], again[0]
    assert a.render("fax") == b.render("fax")


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as img:
        return img.size


def test_every_page_renders(examples: list[L.Letter]) -> None:
    """Every example page as PDF and as fax (which draws every page's 300 dpi master), and
    each scan condition (150/200/300 dpi, turned) on the first letter that has it."""
    costly_done: set[str] = set()
    for letter in examples:
        truth = letter.truth()
        for cond, spec in truth["conditions"].items():
            if cond.startswith("scan") or cond == "turned":
                if cond in costly_done:
                    continue
                costly_done.add(cond)
            files = letter.render(cond)
            for page in spec["pages"]:
                data = files[page["file"]]
                if cond == "pdf":
                    doc = pymupdf.open(stream=data, filetype="pdf")
                    p = doc[page["pdf_page"] - 1]
                    assert abs(p.rect.width - page["width"]) < 0.5
                    assert abs(p.rect.height - page["height"]) < 0.5
                    assert p.get_text().strip()
                else:
                    assert _size(data) == (page["width"], page["height"])
                if cond == "fax":
                    with Image.open(io.BytesIO(data)) as img:
                        assert img.info.get("compression") == "group4"
                        assert img.width == 1728
    assert costly_done == {"scan150", "scan200", "scan300", "turned"}


def test_truth_boxes_inside_pages(test_split: list[L.Letter]) -> None:
    pages = 0
    for letter in test_split:
        truth = letter.truth()
        for spec in truth["conditions"].values():
            for page in spec["pages"]:
                pages += 1
                assert page["lines"]
                for line in page["lines"]:
                    x0, y0, x1, y1 = line["box"]
                    assert 0 <= x0 < x1 <= page["width"], (letter.id, line)
                    assert 0 <= y0 < y1 <= page["height"], (letter.id, line)
        for page in truth["pages"]:
            w, h = page["size_pt"]
            for line in page["lines"]:
                x0, y0, x1, y1 = line["box_pt"]
                assert 0 <= x0 < x1 <= w, (letter.id, line)
                assert 0 <= y0 < y1 <= h, (letter.id, line)
    assert pages >= 200


def test_truth_facts_and_lost_lines(test_split: list[L.Letter]) -> None:
    ids = reg.by_id(L.register())
    langs = {letter.language for letter in test_split}
    assert langs == {"de", "en"}
    assert sum(len(letter.pages) for letter in test_split) >= 40
    for letter in test_split:
        t = letter.truth()
        facts = t["facts"]
        assert facts["letter_date"]
        assert facts["sender"]
        assert t["register"]["id"] in ids
        lines = {ln["id"] for p in t["pages"] for ln in p["lines"]}
        for v in t["lost_variants"]:
            assert v["removed"]
            assert set(v["removed"]) <= lines
        for spec in t["conditions"].values():
            for page in spec["pages"]:
                for v in page["lost"]:
                    kept = v["text"].split("\n")
                    assert len(kept) == len(page["lines"]) - len(v["removed"])
    assert any(letter.truth()["register"]["collision"] for letter in test_split)


def test_register_and_exports() -> None:
    patients = L.register()
    assert len(patients) >= 5000
    assert len({p.id for p in patients}) == len(patients)
    kinds = {p.collision for p in patients}
    assert {"same_name_same_birth", "twin", "name_change", "umlaut_spelling"} <= kinds
    csv_text = reg.to_csv(patients[:3])
    assert csv_text.splitlines()[0].split(",") == reg.COLUMNS
    record = reg.gdt_6301(patients[0])
    lines = record.split(b"\r\n")[:-1]
    assert all(int(line[:3]) == len(line) + 2 for line in lines)
    assert int(lines[1][7:]) == len(record)
    bundle = reg.fhir_bundle(patients[:10])
    assert len(bundle["entry"]) == 10  # type: ignore[arg-type]
