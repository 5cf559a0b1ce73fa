"""The independent letter corpus: seeded, split, labelled consistently with its own text."""

from __future__ import annotations

import re
from datetime import date
from functools import cache

import pymupdf
import pytest

from bench.independent_letters import (
    DEV_SEED,
    FIELDS,
    LAYOUTS,
    TEST_SEED,
    LabelledLetter,
    generate,
    split,
)

GERMAN_MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"
ENGLISH_MONTHS = (
    "January February March April May June July August September October November December"
)


@cache
def corpus(name: str) -> list[LabelledLetter]:
    return split(name)


def written_forms(iso: str) -> set[str]:
    """The ways a letter may write a date, made here apart from the generator's own code."""
    day = date.fromisoformat(iso)
    german = GERMAN_MONTHS.split()[day.month - 1]
    english = ENGLISH_MONTHS.split()[day.month - 1]
    d, m, y, yy = day.day, day.month, day.year, day.year % 100
    suffix = "th" if 10 <= d <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(d % 10, "th")
    return {
        iso,
        f"{d:02d}.{m:02d}.{y}",
        f"{d}.{m}.{y}",
        f"{d}.{m}.{yy:02d}",
        f"{d:02d}.{m:02d}.{yy:02d}",
        f"{d}. {german} {y}",
        f"{d} {english} {y}",
        f"{d}{suffix} {english} {y}",
        f"{english} {d}, {y}",
        f"{d} {english[:3]} {y}",
        f"{english[:3]} {d}, {y}",
        f"{d:02d}/{m:02d}/{y}",
        f"{m:02d}/{d:02d}/{y}",
        f"{m}/{d}/{yy:02d}",
    }


def states_date(text: str, iso: str) -> bool:
    # A form must stand alone: "2.3.25" is not found inside "12.3.25" or "2.3.2025".
    return any(
        re.search(rf"(?<![\d.]){re.escape(form)}(?![\d])", text) for form in written_forms(iso)
    )


def test_a_seed_gives_the_same_letters_and_pages() -> None:
    first, second = generate(40, 7), generate(40, 7)
    assert [(a.key, a.lines, a.truth) for a in first] == [(b.key, b.lines, b.truth) for b in second]
    assert first[3].pdf() == second[3].pdf()
    assert [a.lines for a in generate(40, 8)] != [a.lines for a in first]


def test_dev_and_test_splits_differ_and_cover_the_layouts() -> None:
    assert DEV_SEED != TEST_SEED
    dev, test = corpus("dev"), corpus("test")
    assert len(dev) == len(test) == 320
    assert not {letter.text() for letter in dev} & {letter.text() for letter in test}
    for letters in (dev, test):
        assert len({letter.layout for letter in letters}) == len(LAYOUTS) >= 25
        languages = [letter.language for letter in letters]
        assert 0.35 < languages.count("de") / len(languages) < 0.65
        assert set(languages) == {"de", "en"}
    with pytest.raises(ValueError, match="dev"):
        split("train")


@pytest.mark.parametrize("name", ["dev", "test"])
def test_labels_are_consistent_with_the_text(name: str) -> None:
    for letter in corpus(name):
        text = letter.text()
        assert tuple(letter.truth) == FIELDS, letter.key
        assert letter.lines, letter.key
        assert all(line.strip() for line in letter.lines), letter.key
        patient, born = letter.truth["patient"], letter.truth["born"]
        if patient:
            assert all(word in text for word in patient.split()), (letter.key, patient)
        if born:
            assert states_date(text, born), (letter.key, born)
        if letter.truth["letter_date"]:
            assert states_date(text, letter.truth["letter_date"]), letter.key
        for field in ("sender", "title"):
            value = letter.truth[field]
            assert value is None or value in text, (letter.key, field, value)
        assert letter.truth["sender"], letter.key  # every letter has a letterhead or a signature


def test_every_field_is_sometimes_absent() -> None:
    letters = corpus("test")
    for field in ("patient", "born", "letter_date", "title"):
        assert any(letter.truth[field] is None for letter in letters), field


def test_each_layout_renders_a_page_whose_text_layer_names_the_patient() -> None:
    seen: dict[str, LabelledLetter] = {}
    for letter in corpus("test"):
        seen.setdefault(letter.layout, letter)
    for letter in seen.values():
        document = pymupdf.open("pdf", letter.pdf())
        assert 1 <= document.page_count <= 2, letter.key
        assert document[0].rect.width == pytest.approx(595.28, abs=0.5)
        layer = "".join(page.get_text() for page in document)
        if letter.truth["patient"]:
            assert letter.truth["patient"].split()[-1] in layer, letter.key
        fonts = {font[3] for page in document for font in page.get_fonts()}
        assert len(fonts) >= 2, letter.key  # more than one face: a letterhead is set apart
