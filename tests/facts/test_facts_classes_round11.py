"""Issue 50, eleventh round: the classes of titles the development sets still missed.

A subject whose words are nouns a name never ends on ("Umgebungsuntersuchung Tuberkulose"),
a subject label in the languages of letters from abroad ("Referitor la:"), a portal's or a
KIM printout's field naming the document, a fax form's "TELEFAX –" before its subject, and a
court's case over its person's birth date on the next line. Each test is a letter of its
own, written for the test.
"""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose

TODAY = date(2026, 12, 1)

PRACTICE = "Hausarztpraxis am Wall\nDr. med. Frauke Dierks\nAm Wall 12\n28195 Bremen\n"


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


@pytest.mark.parametrize(
    "subject",
    ["Umgebungsuntersuchung Tuberkulose", "Rückmeldung Wundversorgung", "Anmeldung Koloskopie"],
)
def test_a_subject_of_nouns_is_no_name(subject: str) -> None:
    """Two capitalised words read like a given name and a surname; a word ending on
    "-ung" or "-ose" at such a length is a noun, and the subject is the letter's title."""
    letter = (
        "Gesundheitsamt Bremerhaven\nWurster Straße 49 · 27580 Bremerhaven\n"
        f"Tel. 0471 590-0\n{PRACTICE}Datum: 03.11.2026\nBetreff: {subject}\n"
        "Patientin: Gesine Albers, geb. 15.03.1991\nSehr geehrte Frau Kollegin,\nwir bitten um "
        "Rückmeldung.\n"
    )
    assert _fact(letter, "title") == subject


@pytest.mark.parametrize("name", ["Hartung, Jens", "Jens Hornung"])
def test_a_subject_that_is_only_a_name_stays_no_title(name: str) -> None:
    """Guard: surnames end on "-ung" too; a short one keeps the subject a name alone."""
    letter = (
        "Gesundheitsamt Bremerhaven\nWurster Straße 49 · 27580 Bremerhaven\n"
        f"Tel. 0471 590-0\n{PRACTICE}Datum: 03.11.2026\nBetreff: {name}\n"
        "Sehr geehrte Frau Kollegin,\nwir bitten um Rückmeldung.\n"
    )
    assert _fact(letter, "title") is None


@pytest.mark.parametrize(
    ("label", "subject"),
    [
        ("Referitor la", "Scrisoare medicală"),
        ("Assunto", "Relatório médico"),
        ("Тема", "Выписка из медицинской карты"),
    ],
)
def test_a_subject_label_from_abroad(label: str, subject: str) -> None:
    letter = (
        "Spitalul Clinic Județean de Urgență Cluj\nStr. Clinicilor 3-5, Cluj-Napoca\n"
        f"Tel. +40 264 597 852\n{PRACTICE}Germania\n{label}: {subject}\n"
        "Pacientă: Popescu, Ioana\nData nașterii: 04.05.1961\nStimate coleg,\n"
    )
    assert _fact(letter, "title") == subject


@pytest.mark.parametrize("field", ["Dokument          ", "Dokumenttyp: ", "Document type: "])
def test_a_printouts_document_field_names_the_title(field: str) -> None:
    """A portal's printout lists the document's kind as a field, its colon or only the
    column's spaces between label and value."""
    letter = (
        "https://zuweiserportal.klinikum-weser.de/befunde/ansicht\n"
        "Zuweiserportal · Ausdruck vom 24.01.2026\nKlinikum Weser – Zuweiserportal\n"
        "Patient           DIMITROV, Ali\nGeburtsdatum      23.09.1940\n"
        f"{field}Ambulanzbrief Rheumatologie\nDokumentdatum     21.01.2026\n"
        "Seropositive rheumatoide Arthritis, stabil.\n"
    )
    assert _fact(letter, "title") == "Ambulanzbrief Rheumatologie"


def test_a_document_field_without_a_kind_is_no_title() -> None:
    """Guard: a field "Dokument" holding a number or a count names no kind of letter."""
    letter = (
        "Klinikum Weser – Zuweiserportal\nTel. 0421 497-0\n"
        "Patient           DIMITROV, Ali\nGeburtsdatum      23.09.1940\n"
        "Dokument          3 Seiten, Nr. 44721\nText folgt.\n"
    )
    assert _fact(letter, "title") is None


def test_a_fax_forms_subject_after_its_telefax_word() -> None:
    letter = (
        "Weser-Apotheke am Markt\nInh. Apothekerin Dr. rer. nat. Meike Tönjes e.K.\n"
        "Telefon 0421 2977 1840 · Telefax 0421 2977 1841\nTELEFAX – Rückfrage zur Verordnung\n"
        "An: Hausarztpraxis am Wall\nPatient: Khaled Al-Masri\nRezept vom: 01.11.2026\n"
        "Das verordnete Präparat ist nicht lieferbar.\n"
    )
    assert _fact(letter, "title") == "Rückfrage zur Verordnung"


def test_a_fax_compound_keeps_its_fax_word() -> None:
    """Guard: "FAX-RÜCKFRAGE AN DIE PRAXIS" is one heading: its hyphen joins a compound,
    no fax form's word stands before a subject."""
    letter = (
        "Linden-Apotheke Findorff\nHemmstraße 301 · 28215 Bremen · Tel 0421 51 22 43\n"
        "FAX-RÜCKFRAGE AN DIE PRAXIS\nDatum: 12.06.26   Uhrzeit: 10:25\n"
        "Patient/in: Stefan Johannes Peters\nGeb.-Datum: 07.05.1967\nRezept vom: 10.06.2026\n"
    )
    assert _fact(letter, "title") == "Fax-Rückfrage An Die Praxis"


def test_a_fax_word_before_a_number_is_no_title() -> None:
    """Guard: "Fax – 0421 …" and "Fax – Praxis …" name no subject."""
    letter = (
        "Weser-Apotheke am Markt\nTel. 0421 2977 1840\nFax – Praxis Dr. Dierks\n"
        "Patient: Khaled Al-Masri\nDas Präparat ist nicht lieferbar.\n"
    )
    assert _fact(letter, "title") is None


def test_a_courts_case_over_its_persons_birth_date() -> None:
    """ "Betreuungssache Behrendt, Jana" over "geboren am 17.09.1988": the case, without the
    person it concerns (the patient, proposed as such)."""
    letter = (
        "Amtsgericht Bremen\nBetreuungsgericht\nDomsheide 16 · 28195 Bremen\n"
        f"Tel. 0421 361-0 · Fax 0421 361-4451\n{PRACTICE}Geschäftsnummer: 28 XVII 207/25\n"
        "2. Oktober 2026\nBetreuungssache Behrendt, Jana\ngeboren am 17.09.1988\n"
        "Sehr geehrte Frau Doktor, das Gericht bittet um ein ärztliches Attest.\n"
    )
    assert _fact(letter, "title") == "Betreuungssache"
    assert _fact(letter, "born") == "1988-09-17"


@pytest.mark.parametrize(
    ("head", "sender"),
    [
        (
            "Labordiagnostik Märkisches Viertel\nLaboratoriumsmedizin · Mikrobiologie\n"
            "Wilhelmsruher Damm 142 · 13439 Berlin\nTel. 030 407 110 · Fax 030 407 1199\n",
            "Labordiagnostik Märkisches Viertel",
        ),
        (
            "T.C. Sağlık Bakanlığı Antalya Eğitim ve Araştırma Hastanesi\n"
            "İç Hastalıkları Kliniği · Tel: +90 242 249 44 00 · Faks: +90 242 249 44 62\n",
            "T.C. Sağlık Bakanlığı Antalya Eğitim ve Araştırma Hastanesi",
        ),
        (
            "SỞ Y TẾ NAM ĐỊNH\nCỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM\n"
            "BỆNH VIỆN ĐA KHOA TỈNH NAM ĐỊNH\nĐộc lập - Tự do - Hạnh phúc\n",
            "BỆNH VIỆN ĐA KHOA TỈNH NAM ĐỊNH",
        ),
    ],
)
def test_a_sender_named_in_words_the_rules_did_not_know(head: str, sender: str) -> None:
    """A laboratory's "-diagnostik" is no person's name; a Turkish hospital's name holds its
    ministry on the same line (not a state's line over a department); "Bệnh viện" is a
    hospital."""
    letter = (
        f"{head}Datum: 07.02.2026\nEPİKRİZ\nHasta Adı Soyadı: Torsten Wendland\n"
        "Doğum Tarihi: 17.01.1947\nTanı: Akut gastroenterit.\n"
    )
    assert _fact(letter, "sender") == sender


def test_a_ministrys_line_over_a_department_names_no_sender() -> None:
    """Guard: the ministry alone on the first line is the state's; the department under it
    is not the sender."""
    letter = (
        "T.C. Sağlık Bakanlığı\nİç Hastalıkları Kliniği · Tel: +90 242 249 44 00\n"
        "Tarih: 07.02.2026\nEPİKRİZ\nHasta Adı Soyadı: Torsten Wendland\n"
    )
    assert _fact(letter, "sender") != "İç Hastalıkları Kliniği"


def test_a_heading_over_a_field_over_the_salutation() -> None:
    """A heading, then one field of the letter's own, then the salutation: the heading."""
    letter = (
        "Vivantes Klinikum Spandau\nKlinik für Psychiatrie\nNeue Bergstraße 6 · 13585 Berlin\n"
        f"Tel. 030 130 13 0\n{PRACTICE}Berlin, 21. Januar 2025\nIWANOW, SERGEJ, * 27.11.1932\n"
        "Psychiatrischer Kurzbrief – teilstationäre Behandlung (Tagesklinik)\n"
        "Behandlungszeitraum: 14.12.2024 – 20.01.2025\n"
        "Sehr geehrte Kollegin, sehr geehrter Kollege, wir berichten über o. g. Patienten.\n"
    )
    assert (
        _fact(letter, "title")
        == "Psychiatrischer Kurzbrief – teilstationäre Behandlung (Tagesklinik)"
    )


def test_a_patients_line_over_a_field_is_no_heading() -> None:
    """Guard: "Betrifft Ihren Patienten Herrn …" over a number field over the salutation
    names the patient, no title."""
    letter = (
        "Ambulanter Pflegedienst Alstertal\nTel. 040 123 456\nHeegbarg 2 · 22391 Hamburg\n"
        f"{PRACTICE}Norderstedt, 27.05.2026\n"
        "Betrifft Ihren Patienten Herrn Rolf Meyer-Ohlsen\nPat.-ID Praxis: R01235\n"
        "Sehr geehrte Frau Dr. Dierks,\nwir bitten um eine Folgeverordnung.\n"
    )
    assert _fact(letter, "title") is None


def test_an_opinions_kind_heads_the_letter() -> None:
    """An opinion ("Stellungnahme") is a kind of letter: "Sozialmedizinische Stellungnahme"
    under the address heads the letter."""
    letter = (
        "Medizinischer Dienst Thüringen\nRichard-Wagner-Straße 2a · 99423 Weimar\n"
        f"Tel. 03643 553-0\n{PRACTICE}Datum: 12.04.2024\nSozialmedizinische Stellungnahme\n"
        "Antragsteller/in:\nRosemarie Graf, geb. 02.03.1950\nSehr geehrte Damen und Herren,\n"
    )
    assert _fact(letter, "title") == "Sozialmedizinische Stellungnahme"


def test_a_line_begun_small_finishes_the_one_above() -> None:
    """Guard: "um ärztliches Zeugnis" under "Betreuungssache - Bitte" is no heading of its
    own."""
    letter = (
        "Amtsgericht Osnabrück\nBetreuungsgericht\nKollegienwall 29 · 49074 Osnabrück\n"
        f"Tel. 0541 315-0\n{PRACTICE}Osnabrück, 05.04.2026\nBetreuungssache - Bitte\n"
        "um ärztliches Zeugnis\nSehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,\n"
    )
    assert _fact(letter, "title") != "um ärztliches Zeugnis"


def test_a_heading_broken_before_a_line_begun_small() -> None:
    """ "Betreuungssache - Bitte" over "um ärztliches Zeugnis" over the salutation: one
    heading of two lines."""
    letter = (
        "Amtsgericht Osnabrück\nBetreuungsgericht\nKollegienwall 29 · 49074 Osnabrück\n"
        f"Tel. 0541 315-0\n{PRACTICE}Osnabrück, 05.04.2026\nBetreuungssache - Bitte\n"
        "um ärztliches Zeugnis\nSehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,\n"
    )
    assert _fact(letter, "title") == "Betreuungssache - Bitte um ärztliches Zeugnis"


def test_a_heading_over_its_patients_line_begun_small() -> None:
    """Guard: "für Herrn Maximilian Guggenmos" under a heading is its patient's line, not
    the heading's second line."""
    letter = (
        "Pflegedienst Isarauen\nTel. 089 123 456\nIsarstraße 2 · 80469 München\n"
        f"{PRACTICE}München, 12.05.2026\nBitte um Verordnung häuslicher Krankenpflege\n"
        "für Herrn Maximilian Guggenmos\nSehr geehrte Frau Doktor, sehr geehrter Herr Doktor,\n"
    )
    assert _fact(letter, "title") == "Bitte um Verordnung häuslicher Krankenpflege"
