"""Issue 50, ninth round: a reference block's labels ("Versichertennummer", "Aktenzeichen",
"Unser Zeichen", "Ansprechpartner/in"), which an insurer's or an office's letter head prints
in a column beside its logo, are never the sender; nor is the state's or ministry's line over
a public hospital abroad ("T.C. SAĞLIK BAKANLIĞI", "Royaume du Maroc"). Each test is a letter
of its own, written for the test."""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose

TODAY = date(2026, 12, 1)

PRACTICE = "Praxis Dr. Stöcker\nLauterbacher Straße 9\n63683 Ortenberg\n"


def _sender(text: str) -> str | None:
    found = propose(text, TODAY).get("sender")
    return found.value if found else None


@pytest.mark.parametrize(
    ("label", "value", "organisation"),
    [
        ("Versichertennummer", "Y737911572", "Knappschaft"),
        ("Versicherungsnummer", "12 310155 H 034", "Deutsche Rentenversicherung Hessen"),
        ("Aktenzeichen", "V-2026/44187", "Hessisches Amt für Versorgung und Soziales Frankfurt"),
        ("Kundennummer", "464D283288", "Agentur für Arbeit Gelsenkirchen"),
        (
            "Unser Zeichen",
            "BG-RCI 31/2026",
            "Berufsgenossenschaft Rohstoffe und chemische Industrie",
        ),
    ],
)
def test_a_reference_blocks_label_beside_the_logo_is_not_the_sender(
    label: str, value: str, organisation: str
) -> None:
    """The reference block reads label, logo, value: the label is first on the page."""
    letter = (
        f"{label}\n{organisation}\n{value}\nAnsprechpartner/in\nFrau Szczepanski\n"
        f"Telefax\n0234 304 66 050\nDatum\n22.11.2026\n"
        f"{organisation}, Pieperstraße 14, 44789 Bochum\n{PRACTICE}"
        "Betreff: Ihre Verordnung von Heilmitteln\nhier: Herr Heinz Hartmann, geb. 31.01.1962\n"
        "Sehr geehrte Frau Dr. Stöcker,\nwir bitten um einen Befundbericht.\n"
        "Mit freundlichen Grüßen\nIm Auftrag\nSzczepanski\n"
    )
    assert _sender(letter) != label
    assert _sender(letter) in (organisation, None)


@pytest.mark.parametrize(
    ("state", "hospital", "rest"),
    [
        ("T.C. SAĞLIK BAKANLIĞI", "Kayseri Şehir Hastanesi", "İç Hastalıkları Kliniği"),
        ("Royaume du Maroc", "Clinique Al Amal", "Service de Cardiologie"),
    ],
)
def test_the_states_line_over_a_hospital_abroad_is_not_the_sender(
    state: str, hospital: str, rest: str
) -> None:
    letter = (
        f"{state}\n{hospital}\n{rest}\nFax: +90 352 315 77 00\n{PRACTICE}"
        "Kayseri, 14.11.2026\nEpikriz\nHasta: Ahmet Yılmaz, 02.03.1955\n"
        "Sayın Meslektaşım,\nhastamız taburcu edilmiştir.\nSaygılarımla\nDr. Elif Demir\n"
    )
    assert _sender(letter) == hospital


def _facts(text: str) -> dict[str, str]:
    return {field: found.value for field, found in propose(text, TODAY).items()}


def test_a_relative_named_with_a_birth_date_in_a_sentence_is_not_the_patient() -> None:
    """A care service's request names its patient after the heading and the wife, with her
    birth date, in the text: the patient is the one the request is for."""
    letter = (
        "Caritas-Sozialstation Berchtesgadener Land\nNonntal 4 · 83471 Berchtesgaden\n"
        "Telefax 08652 97 61-15\n" + PRACTICE + "Bitte um Verordnung häuslicher Krankenpflege\n"
        "für Herrn Maximilian Guggenmos\nSehr geehrte Frau Doktor,\n"
        "wir versorgen Ihren Patienten seit Kurzem zweimal täglich.\n"
        "Ansprechpartnerin der Familie ist Rosi Guggenmos (geb. 05.07.1948), Ehefrau.\n"
        "Berchtesgaden, 15.08.2025\nFreundliche Grüße\nSr. Angelika Grill\n"
    )
    facts = _facts(letter)
    assert facts["patient"] == "Maximilian Guggenmos"
    assert "born" not in facts  # the wife's birth date is not his
    assert facts["title"] == "Bitte um Verordnung häuslicher Krankenpflege"


def test_a_pharmacys_question_is_titled_by_its_line_above_the_patient() -> None:
    letter = (
        "Marien-Apotheke Sonthofen\nMarktstraße 15 · 87527 Sonthofen\nTelefax 08321 26 81-9\n"
        + PRACTICE
        + "Rückfrage zu Ihrem Rezept\nfür Frau Veronika Zehetmair-Rasp (09.09.1967)\n"
        "Sehr geehrte Frau Doktor,\nauf dem Rezept fehlt die Packungsgröße.\n"
        "Sonthofen, 04.05.2025\nFreundliche Grüße\nApothekerin Lisa Prinz\n"
    )
    facts = _facts(letter)
    assert (facts["patient"], facts["born"]) == ("Veronika Zehetmair-Rasp", "1967-09-09")
    assert facts["title"] == "Rückfrage zu Ihrem Rezept"


@pytest.mark.parametrize(
    ("line", "title"),
    [
        ("Befund: Kardiologischer Befundbericht", "Kardiologischer Befundbericht"),
        (
            "Untersuchung vom 22.09.2024: CT Thorax mit Kontrastmittel",
            "CT Thorax mit Kontrastmittel",
        ),
        ("Betreff: Aufnahmetermin Rehabilitation", "Aufnahmetermin Rehabilitation"),
        (
            "Betreff: Berufskrankheit Nr. 4101 (Silikose) – Anforderung von Unterlagen",
            "Berufskrankheit Nr. 4101 (Silikose) – Anforderung von Unterlagen",
        ),
        (
            "Feststellung des Grades der Behinderung nach dem SGB IX",
            "Feststellung des Grades der Behinderung nach dem SGB IX",
        ),
    ],
)
def test_headings_a_label_repeats_an_examination_with_its_day_and_long_subjects(
    line: str, title: str
) -> None:
    """A report's label over a kind it names again; a radiology report's examination after
    its day; a subject of two nouns, which is no person's name; a numbered occupational
    disease; a subject of ten words over the patient's line."""
    letter = (
        "Radiologie am Isartor\nTal 41 · 80331 München\nTelefax 089 29 16 55-99\n"
        + PRACTICE
        + f"München, 23.09.2024\n{line}\nHerrn Ion Ionescu, geb. 20.05.1959\n"
        "Sehr geehrte Kolleginnen und Kollegen,\nvielen Dank für die Zuweisung.\n"
        "Mit freundlichen Grüßen\nDr. med. Anna Roth\n"
    )
    assert _facts(letter)["title"] == title


@pytest.mark.parametrize(
    ("labels", "patient"),
    [
        ("Ime i prezime: Jelena Đorđević\nDatum rođenja: 23.10.1966.", "Jelena Đorđević"),
        ("Ime in priimek: Mojca Novak\nDatum rojstva: 23.10.1966", "Mojca Novak"),
        ("Betreute Person: Herr Budde, Bernd\nGeburtsdatum: 23.10.1966", "Bernd Budde"),
    ],
)
def test_south_east_european_and_care_labels_name_the_patient(labels: str, patient: str) -> None:
    letter = f"Opšta bolnica Čačak\nFax: +381 32 322 4411\n{PRACTICE}OTPUSNA LISTA\n{labels}\n"
    facts = _facts(letter)
    assert (facts["patient"], facts["born"]) == (patient, "1966-10-23")
