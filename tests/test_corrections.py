"""The dictionary check of the CPU engine's words (docvault.corrections), on the real lists:
pyspellchecker's German and English lists and Debian's medical lists (make wordlists)."""

from __future__ import annotations

from pathlib import Path

import pytest

from docvault.corrections import (
    MEDICAL_LISTS,
    Correction,
    Corrector,
    corrected_text,
    corrections_json,
    form,
    list_words,
    searchable_text,
    stored_corrections,
)


@pytest.fixture(scope="module")
def corrector() -> Corrector:
    missing = [str(path) for path in MEDICAL_LISTS if not path.exists()]
    if missing:
        pytest.fail(
            f"Debian's medical word lists are missing ({', '.join(missing)}): run "
            "`make wordlists` (apt-get install wgerman-medical hunspell-en-med)."
        )
    return Corrector()


def corrected(corrector: Corrector, text: str) -> str:
    return corrected_text(text, corrector.corrections(text))


@pytest.mark.parametrize(
    ("read", "meant"),
    [
        ("Beurtellung", "Beurteilung"),  # l for i: one German word has this form
        ("Pattentin", "Patientin"),  # t for i
        ("Hyperkallämie", "Hyperkaliämie"),  # only the medical list knows it
        ("Dlagnose", "Diagnose"),
        ("Kliníkum", "Klinikum"),  # an accent added
        ("Hospilal", "Hospital"),  # English
    ],
)
def test_a_misread_word_with_exactly_one_list_word_of_its_form_is_put_right(
    corrector: Corrector, read: str, meant: str
) -> None:
    assert corrected(corrector, f"Befund: {read} bei Aufnahme.") == f"Befund: {meant} bei Aufnahme."


def test_a_misread_word_with_two_list_words_of_its_form_is_left_as_read(
    corrector: Corrector,
) -> None:
    # "Mittel" and "millet" share the form of "Mlttel": which one was meant is not certain.
    assert form("Mlttel") == form("Mittel") == form("millet")
    assert corrector.corrections("Das Mlttel wirkt.") == ()
    # Nor is a word with no list word of its form touched.
    assert corrector.corrections("Xqzvbrt wirkt.") == ()


def test_known_words_are_never_touched(corrector: Corrector) -> None:
    text = "Beurteilung: Kontrolle der Hyperkaliämie, alle Werte still, Teller und Teiler."
    assert corrector.corrections(text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "D0B24/05/1958 Beurtellung2",  # a word in a token with digits: dates, ids
        "Pat.-Nr.4711Beurtellung",
        "BEURTELLUNG",  # capitals: a code or an abbreviation
        "praxis@beurtellung.de www.beurtellung.de https://klinik.de/Beurtellung",
        "lhr Brief",  # three letters or fewer ("lhr" for Ihr: lhr, ihr, iht, ...)
        "Bahnhofstrasse",  # ß written as ss is no misreading
    ],
)
def test_numbers_codes_addresses_capitals_and_short_words_are_left_as_read(
    corrector: Corrector, text: str
) -> None:
    assert corrector.corrections(text) == ()


def test_the_case_of_the_word_as_read_is_kept(corrector: Corrector) -> None:
    text = "beurtellung Beurtellung"
    assert corrector.corrections(text) == (
        Correction(0, 11, "beurtellung", "beurteilung"),
        Correction(12, 23, "Beurtellung", "Beurteilung"),
    )


def test_stored_corrections_come_back_and_never_change_the_text_as_read() -> None:
    text = "Die Beurtellung der Hyperkallämie."
    corrections = (
        Correction(4, 15, "Beurtellung", "Beurteilung"),
        Correction(20, 33, "Hyperkallämie", "Hyperkaliämie"),
    )
    stored = corrections_json(corrections)
    assert stored_corrections(stored, text) == corrections
    assert corrected_text(text, corrections) == "Die Beurteilung der Hyperkaliämie."
    # Search finds the page by the corrected words and by the words as read.
    assert searchable_text(text, corrections).split() == [
        "Die", "Beurteilung", "der", "Hyperkaliämie.", "Beurtellung", "Hyperkallämie",
    ]  # fmt: skip
    # Corrections that no longer fit the text (the page was read again) are left out.
    assert stored_corrections(stored, "Ein anderer Text, neu gelesen.") == ()
    assert stored_corrections(None, text) == () == stored_corrections("not json", text)
    assert corrections_json(()) is None


def test_a_hunspell_dic_gives_its_stems_without_header_count_or_flags(tmp_path: Path) -> None:
    dic = tmp_path / "en_med.dic"
    dic.write_text("    a header line\n\n3\nabdominal/YS\nabnormality/S\namlodipine\n")
    assert list(list_words(dic)) == ["abdominal", "abnormality", "amlodipine"]


def test_a_missing_medical_list_leaves_the_other_lists_in_use(tmp_path: Path) -> None:
    corrector = Corrector([tmp_path / "missing.dic"])
    assert corrector.corrections("Beurtellung") == (
        Correction(0, 11, "Beurtellung", "Beurteilung"),
    )
    assert corrector.corrections("Hyperkallämie") == ()  # only a medical list knows it
