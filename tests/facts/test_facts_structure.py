"""Issue 50: a letter's date by its structure: the closing's "place, date" line however long
the letter, and the letter's own date over a fax cover sheet's."""

from __future__ import annotations

from datetime import date

from docvault.facts import document_text, propose

TODAY = date(2026, 12, 1)
BODY = "\n".join(
    f"Absatz {number}: Befund und Verlauf ohne Besonderheiten." for number in range(40)
)


def test_a_place_and_date_line_above_the_signature_of_a_long_letter_is_its_date() -> None:
    letter = (
        "Praxis Dr. Weber\nHauptstraße 3\n79100 Freiburg\n\nArztbrief\n\n"
        f"{BODY}\n\nFreiburg, den 14.11.2026\n\nDr. med. Anna Weber"
    )
    proposal = propose(letter, TODAY)["letter_date"]
    assert proposal.value == "2026-11-14"
    assert proposal.evidence == "Freiburg, den 14.11.2026"


def test_an_admission_line_far_down_is_not_the_letter_date() -> None:
    letter = f"Klinikum Nord\n\nEntlassungsbrief\n\n{BODY}\n\nAufnahme, 03.11.2026\n"
    assert "letter_date" not in propose(letter, TODAY)


def test_a_fax_cover_sheets_date_gives_way_to_the_letters_own() -> None:
    cover = "TELEFAX\nAn: Praxis Dr. Weber\nVon: Klinikum Nord\nDatum: 20.11.2026\nSeiten: 2"
    letter = "Klinikum Nord\nKlinik für Kardiologie\n\nDatum: 14.11.2026\n\nArztbrief\n\nText."
    facts = propose(document_text([cover, letter]), TODAY)
    assert facts["letter_date"].value == "2026-11-14"
    # A cover sheet alone is what there is to read.
    assert propose(document_text([cover]), TODAY)["letter_date"].value == "2026-11-20"
