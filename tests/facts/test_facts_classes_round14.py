"""Issue 50, fourteenth round: the classes left from the thirteenth round's blind sets, and
those the fourteenth round's blind sets showed, read as development sets.

Each test is a letter of its own, written for the test.
"""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, marks_in, with_directory

TODAY = date(2026, 12, 1)


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def _insurer_letter(head: str) -> str:
    return (
        f"{head}\nBrunnenstraße 111 · 13355 Berlin\nTelefon 0800 265 0800\n"
        "Praxis am Deich\nDeichstraße 4\n25761 Büsum\nBerlin, 14. Oktober 2026\n"
        "Kostenübernahme Rehabilitation\nVersicherte: Jana Ostermann, geb. 03.05.1971\n"
        "Sehr geehrte Frau Doktor,\n"
    )


@pytest.mark.parametrize(
    ("known", "agrees"),
    [
        ("AOK Nordost – Die Gesundheitskasse", True),
        ("Pflegedienst Lindenhof · Ihre Pflege zu Hause", True),
        ("AOK Nordost – Geschäftsstelle Pankow", False),
    ],
)
def test_a_known_names_first_part_holds_where_a_slogan_follows(known: str, agrees: bool) -> None:
    """Staff confirmed a sender with its slogan after a dash; a new letter's head gives the
    name alone, and the same telephone number: one sender, in the confirmed spelling. A
    place after the dash is a part of the sender, which the head does not say: none."""
    head = known.replace("·", "–").split(" – ")[0]
    letter = _insurer_letter(head)
    marks = {mark.value: frozenset({known}) for mark in marks_in(letter)}
    assert marks  # the telephone number in the head
    proposals = propose(letter, TODAY)
    assert proposals["sender"].value == head
    directory = Directory(marks=marks, names={fold(known): known})
    found = with_directory(proposals, letter, directory).get("sender")
    assert (found.value if found else None) == (known if agrees else None)


def _authority_letter(subject: str, person: str = "Versicherte/r: SCHÜTZ, Gertrud") -> str:
    return (
        "Gesundheitsamt Kreis Plön\nHamburger Straße 17 · 24306 Plön\nTelefon 04522 743 0\n"
        "Praxis am Deich\nDeichstraße 4\n25761 Büsum\nPlön, 14. Oktober 2026\n"
        f"{subject}\n{person}\nSehr geehrte Frau Doktor,\nwir bitten um Auskunft.\n"
    )


@pytest.mark.parametrize(
    ("subject", "title"),
    [
        ("Betreff: Meldung gemäß §§ 6, 7 IfSG", "Meldung gemäß §§ 6, 7 IfSG"),
        ("Betreff: Meldung nach §§ 6 und 7 IfSG, Frau Gertrud Schütz",
         "Meldung nach §§ 6 und 7 IfSG"),
        ("Betreff: Berufskrankheit Nr. 2108, 2109 – Anfrage",
         "Berufskrankheit Nr. 2108, 2109 – Anfrage"),
        ("Betreff: Arztbrief vom 12.03.2026, 14 Uhr", "Arztbrief"),
    ],
)  # fmt: skip
def test_a_laws_numbers_stay_in_the_title(subject: str, title: str) -> None:
    """The numbers after a paragraph's or a list's first ("§§ 6, 7") are the citation's: the
    title is not cut before them as before a date or the patient's particulars."""
    assert _fact(_authority_letter(subject), "title") == title


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("Pflegebericht / Wunddokumentation", "Pflegebericht / Wunddokumentation"),
        ("PFLEGEBERICHT / WUNDDOKUMENTATION", "Pflegebericht / Wunddokumentation"),
        ("Verlegungsbericht / Lettera di trasferimento", "Verlegungsbericht"),
    ],
)
def test_two_documents_in_one_language_are_both_the_title(heading: str, title: str) -> None:
    """A heading naming two documents, a slash between them, is the title as printed; a
    heading whose second half is the first in another language is filed under the first."""
    assert _fact(_authority_letter(heading), "title") == title


@pytest.mark.parametrize(
    ("person", "patient"),
    [
        ("Versicherte/r: Thomas Friedrich Engelhardt", "Thomas Friedrich Engelhardt"),
        ("Versicherte(r): Thomas Engelhardt", "Thomas Engelhardt"),
        ("Fahrerlaubnisinhaber: Frau Ana Horvat", "Ana Horvat"),
        ("Betroffene/r: Herr Jonas Vogt", "Jonas Vogt"),
        ("Passenger: Imme Scheel", "Imme Scheel"),
    ],
)
def test_an_authoritys_and_a_travellers_labels_name_the_patient(person: str, patient: str) -> None:
    """An insurer's form for either gender ("Versicherte/r"), the person an authority's
    letter concerns, a ship's or an airline's passenger."""
    assert _fact(_authority_letter("Anfrage", person), "patient") == patient


def test_an_authoritys_person_is_read_only_where_the_order_shows() -> None:
    """ "Betroffene/r: Vogt Jonas": which word is the surname, the line does not say."""
    assert _fact(_authority_letter("Anfrage", "Betroffene/r: Vogt Jonas"), "patient") is None


@pytest.mark.parametrize(
    "carer",
    [
        "Pflegeperson: Sandra Schütz, geb. 26.06.1975",
        "Betreuer/in: Frau Sandra Schütz, geb. 26.06.1975",
        "Begleitperson: Sandra Schütz, geb. 26.06.1975",
    ],
)
def test_a_carers_line_is_not_the_patients(carer: str) -> None:
    """The person who cares for the patient, with a birth date of her own, under the
    patient's line: neither her name nor her birth date is the patient's."""
    letter = _authority_letter(
        "Gutachten", f"Versicherte/r: SCHÜTZ, Gertrud ¦ Geburtsdatum: 05.09.1940\n{carer}"
    )
    assert _fact(letter, "patient") == "Gertrud Schütz"
    assert _fact(letter, "born") == "1940-09-05"


@pytest.mark.parametrize(
    ("sentence", "patient", "born"),
    [
        ("ich schreibe für meinen Vater Maximilian Rüger, geb. 11.3.1938. Könnten Sie",
         "Maximilian Rüger", "1938-03-11"),
        ("mein Frau Margarete Fischer\nbraucht wieder die Tabletten", "Margarete Fischer", None),
        ("my mother Jane Miles needs a home visit", "Jane Miles", None),
    ],
)  # fmt: skip
def test_a_relatives_message_names_the_patient_as_theirs(
    sentence: str, patient: str, born: str | None
) -> None:
    """A relative writes for the patient: the person the writer calls "my father" in the
    message's first sentence is whom it is about (until now, a relative's line was skipped
    as another person's particulars)."""
    letter = (
        "Von: Michael Rüger-Bär <michael.baer@web.de>\nAn: Praxis am Deich\n"
        f"Betreff: Termin\nSehr geehrte Damen und Herren,\n{sentence}\nViele Grüße\nMichael\n"
    )
    assert _fact(letter, "patient") == patient
    assert _fact(letter, "born") == born


def test_a_relative_in_a_doctors_letter_is_still_not_the_patient() -> None:
    """ "seine Ehefrau Rosi Guggenmos (geb. …)": a relative named in a sentence, not the
    writer's own: her birth date is not the patient's."""
    letter = (
        "Klinikum Nord\nFax 040 1234 5678\nPraxis am Deich\nDeichstraße 4\n25761 Büsum\n"
        "Arztbrief\nPatient: Alois Guggenmos\nSehr geehrte Frau Kollegin,\n"
        "Ansprechpartnerin ist seine Ehefrau Rosi Guggenmos, geb. 05.07.1948.\n"
    )
    assert _fact(letter, "patient") == "Alois Guggenmos"
    assert _fact(letter, "born") is None


def test_an_old_date_alone_on_its_line_is_no_letter_date() -> None:
    """A page the CPU engine read only in part (Cyrillic lost): the one date left alone on
    its line, 1957, is the patient's birth date, not the letter's; a recent one still is."""
    letter = (
        "07.10.2023 11:37 +380 32 275 4411 1/1\nPraxis Dr. Ansorg\nKrämpferstraße 21\n"
        "99084 Erfurt\n(BONDARENKO OKSANA)\n{day}\n: 28.09.2023\n"
    )
    assert _fact(letter.format(day="08.04.1957"), "letter_date") is None
    assert _fact(letter.format(day="03.10.2023"), "letter_date") == "2023-10-03"
