"""Issue 50, fifteenth round: the classes the fifteenth round's blind sets showed (Saxony-
Anhalt; Vienna, Lower Austria and Burgenland), read as development sets once measured.

Each test is a letter of its own, written for the test.
"""

from __future__ import annotations

from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, with_directory

TODAY = date(2026, 12, 1)
OWN = "Hausarztpraxis an der Bode"


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def _with_own(text: str, field: str) -> str | None:
    directory = Directory(own_names=frozenset({fold(OWN), fold("Praxis an der Bode")}))
    found = with_directory(propose(text, TODAY), text, directory).get(field)
    return found.value if found else None


def _specialist(subject: str) -> str:
    return (
        "Orthopädische Praxis Aschersleben\nDr. med. Udo Pannier\nHecknerstraße 9, 06449 "
        "Aschersleben\nHausarztpraxis an der Bode\nMarktstraße 2\n39444 Hecklingen\n"
        f"Datum: 03.11.2026\n{subject}\nUntersuchung vom 28.10.2026\n"
        "Sehr geehrte Kollegin,\nwir berichten über die Vorstellung in unserer Sprechstunde.\n"
    )


@pytest.mark.parametrize(
    ("subject", "patient", "title"),
    [
        ("Befundbericht Lindemann, Karola, geb. 14.02.1951", "Karola Lindemann", "Befundbericht"),
        ("Arztbrief PFEIFFER, Ronny, geb. 02.09.1977", "Ronny Pfeiffer", "Arztbrief"),
    ],
)
def test_a_kind_of_letter_before_a_surname_first_and_its_birth(
    subject: str, patient: str, title: str
) -> None:
    """The kind's word is no part of the name: "Befundbericht Lindemann" is no surname."""
    letter = _specialist(subject)
    assert (_fact(letter, "patient"), _fact(letter, "title")) == (patient, title)


@pytest.mark.parametrize(
    "heading",
    ["Ärztlicher Entlassungsbericht – Kurzbrief", "Ärztlicher Entlassungsbericht - Kurzbrief"],
)
def test_two_kinds_of_document_after_a_dash_are_the_title(heading: str) -> None:
    """A rehabilitation clinic's two names for its report, the dash as printed or as the CPU
    engine reads it."""
    letter = (
        "Rehaklinik am Regenstein\nRehabilitationsklinik für Kardiologie\nPraxis an der Bode\n"
        f"Marktstraße 2\n39444 Hecklingen\n{heading}\nRehabilitand: Horst Kaminski\n"
        "geboren am: 7. Mai 1949\nDie Rehabilitation verlief ohne Komplikationen.\n"
    )
    assert _fact(letter, "title") == heading


@pytest.mark.parametrize(
    "signing", ["i. A., 12.11.2026", "i.V. 12.11.2026", "Im Auftrag, 12.11.2026"]
)
def test_a_date_beside_who_signs_for_whom_is_the_letter_date(signing: str) -> None:
    """No place before it, a start date in the text: the date where it is signed."""
    letter = (
        "Rosen-Apotheke Wernigerode\nFax: 03943 55 10 11\nPraxis an der Bode\nMarktstraße 2\n"
        "39444 Hecklingen\nRückfrage zur Verordnung\nPatient: Gerd Albrecht (* 21.03.1950)\n"
        "Wir bitten um eine Verordnung ab dem 16.11.2026 für die Kompressionsstrümpfe.\n"
        f"{signing}\nS. Hentrich\n"
    )
    assert _fact(letter, "letter_date") == "2026-11-12"


@pytest.mark.parametrize(
    ("line", "written"),
    [
        ("V Brně dne 2. prosince 2025", "2025-12-02"),  # Czech December holds "since"
        ("Bisingen, 05.02.2026", "2026-02-05"),  # a town that begins with "bis"
    ],
)
def test_a_place_and_date_whose_words_hold_another_dates_word(line: str, written: str) -> None:
    letter = (
        "Fakultní nemocnice Brno\nJihlavská 20, 625 00 Brno\nPROPOUŠTĚCÍ ZPRÁVA\n"
        "Pacient: NOVÁK, PETR, datum narození: 3. 4. 1960\nPřijat: 28. 11. 2025\n"
        f"Pacient přijat pro pneumonii.\n{line}\nMUDr. Eva Malá\n"
    )
    assert _fact(letter, "letter_date") == written


@pytest.mark.parametrize(
    ("head", "sender"),
    [
        ("Maastricht UMC+", "Maastricht UMC+"),
        ("Radboudumc", "Radboudumc"),
        ("Österreichische Gesundheitskasse", "Österreichische Gesundheitskasse"),
        (
            "Hilfswerk Niederösterreich – Mobile Pflege Mödling",
            "Hilfswerk Niederösterreich – Mobile Pflege Mödling",
        ),
        ("Caritas Socialis Mobile Pflege Wien", "Caritas Socialis Mobile Pflege Wien"),
        (
            "Rotes Kreuz Niederösterreich, Bezirksstelle Baden",
            "Rotes Kreuz Niederösterreich, Bezirksstelle Baden",
        ),
    ],
)
def test_heads_the_rules_did_not_know(head: str, sender: str) -> None:
    """An Austrian insurer over its medical service's line is the sender, not the service."""
    letter = (
        f"{head}\nChefärztlicher Dienst · Wienerbergstraße 15, 1100 Wien\nAn die\n"
        "Ordination Dr. Eva Kral\nHauptstraße 4\n2340 Mödling\nDatum: 27.11.2026\n"
        "Versicherte Person: Rosa Ablinger, geb. 03.01.1948\n"
        "Sehr geehrte Frau Doktorin!\nwir teilen Ihnen mit, dass die Kosten übernommen werden.\n"
    )
    assert _fact(letter, "sender") == sender


def test_a_stamp_with_its_month_in_capitals_is_no_letter_head() -> None:
    """The practice's receipt stamp, "23. OKT. 2026" under its word and its name under that:
    the authority's head under the stamp is the sender."""
    letter = (
        "EINGEGANGEN\n23. OKT. 2026\nPraxis an der Bode\nLandkreis Harz – Gesundheitsamt\n"
        "Friedrich-Ebert-Straße 42, 38820 Halberstadt\nHausarztpraxis an der Bode\n"
        "Marktstraße 2\n39444 Hecklingen\nDatum: 11.10.2026\n"
        "Umgebungsuntersuchung nach § 25 IfSG\nBetroffene Person: Otto Richter, geb. 03.01.1939\n"
        "Sehr geehrte Damen und Herren,\n"
    )
    assert _with_own(letter, "sender") == "Landkreis Harz – Gesundheitsamt"


def test_a_relatives_note_under_the_practices_stamp_is_from_its_writer() -> None:
    """The practice's name stands only in its stamp: the note's signer is its sender."""
    letter = (
        "EINGEGANGEN\n06. JAN. 2026\nPraxis an der Bode\nLieber Herr Doktor,\n"
        "meine Mutter Ilse Köhler braucht bitte wieder das Rezept für die Tabletten.\n"
        "Ich hole es am Freitag ab.\nVielen Dank!\nBernd Köhler\n"
    )
    assert _with_own(letter, "sender") == "Bernd Köhler"


def test_a_labs_receipt_field_over_its_heading_leaves_the_heading() -> None:
    """A lab's "Eingang:" field is the sample's, no receipt stamp: "LABORBEFUND" under it is
    the report's heading, not a practice's name in a stamp."""
    letter = (
        "Labor Eisenstadt Dr. Horvat\nRuster Straße 55, 7000 Eisenstadt\nPatient:\n"
        "KURZ Notburga\nGeb.-Datum:\n07.12.1981\nAbnahme:\n09.11.2026 07:45\n"
        "Eingang: 10.11.2026\nLABORBEFUND\nAnalyse   Ergebnis   Einheit\nHämoglobin   13.8   g/dl\n"
    )
    assert _fact(letter, "title") == "Laborbefund"


@pytest.mark.parametrize(
    "subject",
    ["Bewilligung Heilbehelf", "Rückfrage zu Rezept", "Terminbestätigung Ergometrie"],
)
def test_an_answers_kind_and_its_subject_are_the_title(subject: str) -> None:
    letter = (
        "Sozialversicherungsanstalt der Selbständigen\nWiedner Hauptstraße 84, 1051 Wien\n"
        "Ordination Dr. Eva Kral\nHauptstraße 4\n2340 Mödling\nDatum: 02.11.2026\n"
        f"{subject}\nVersicherte Person: Jürgen Mayr, geb. 22.07.1960\n"
        "Sehr geehrte Frau Doktorin!\n"
    )
    assert _fact(letter, "title") == subject


def test_outlooks_subject_over_the_from_field_is_the_title_and_a_dashed_name_the_sender() -> None:
    letter = (
        "Outlook\nOrdination – Dr. Eva Kral\nAW: Befundübermittlung Reha-Aufnahme\n"
        "Von: Kurhaus Baden – Reha-Zentrum <sekretariat@kurhaus.example>\n"
        "Gesendet: Dienstag, 24. November 2026 12:44\nAn: ordination@kral.example\n"
        "Sehr geehrte Damen und Herren,\nfür Herrn Franz Huber, geb. 15.01.1987, ist der Termin "
        "bestätigt.\nMit freundlichen Grüßen\nSabine Koller, Sekretariat\n"
    )
    assert _fact(letter, "title") == "AW: Befundübermittlung Reha-Aufnahme"
    # The same subject in a "Betreff:" field as well: one title, as printed.
    fielded = letter.replace(
        "An: ordination", "Betreff: AW: Befundübermittlung Reha-Aufnahme\nAn: ordination"
    )
    assert _fact(fielded, "title") == "AW: Befundübermittlung Reha-Aufnahme"
    assert _fact(letter, "sender") == "Kurhaus Baden – Reha-Zentrum"


def test_a_forms_copy_after_its_kind_is_the_title() -> None:
    letter = (
        "Rotes Kreuz Burgenland, Bezirksstelle Oberwart\n"
        "NOTARZTPROTOKOLL – Durchschrift für den Hausarzt\nEinsatzdatum\n01.11.2026\n"
        "Familienname\nGRUBER\nVorname\nJohann\nGeburtsdatum\n25.12.1955\n"
    )
    assert _fact(letter, "title") == "NOTARZTPROTOKOLL – Durchschrift für den Hausarzt"


@pytest.mark.parametrize(
    ("line", "patient"),
    [
        ("betrifft Mehmet Yılmaz,", "Mehmet Yılmaz"),
        ("betrifft die Tabletten für morgen,", None),  # no name: nobody
    ],
)
def test_a_notes_line_naming_whom_it_concerns(line: str, patient: str | None) -> None:
    letter = (
        "21.11.2026\nLiebe Frau Dr. Kral,\n"
        f"{line}\nwar heute in der Vertretung wegen eines Harnwegsinfekts.\nDanke!\n"
        "Liebe Grüße\nErika Strobl\n"
    )
    assert _fact(letter, "patient") == patient


# ----------------------------------------------------- the second pair: 50al and 50am


def _swiss_head(head: str) -> str:
    return (
        f"{head}\nHausarztpraxis an der Bode\nDr. med. Regula Brunner\nMarktstrasse 2\n"
        "CH-8400 Winterthur\nHürlimann Sandra, 21.02.1979\n"
        "Untersuchung vom 11.11.2026: MRI LWS nativ\nBefund:\nKeine Raumforderung.\n"
        "Befund diktiert und visiert am 13.11.2026\nMit freundlichen Grüssen\n"
    )


@pytest.mark.parametrize(
    ("head", "sender"),
    [
        # A logo's letters or word over the name it stands for.
        (
            "IRW\nInstitut für Radiologie Winterthur\nLagerhausstrasse 9, 8400 Winterthur",
            "Institut für Radiologie Winterthur",
        ),
        ("suva\nSuva\nAgentur Winterthur\nLagerhausstrasse 11, 8401 Winterthur", "Suva"),
        # A head whose first word begins as a recipient's line would ("To…", "Frau…").
        ("TopPharm Apotheke Pilatus\nPilatusstrasse 20, 6003 Luzern", "TopPharm Apotheke Pilatus"),
        ("Frauenklinik am Rosengarten\nRosenweg 3, 8400 Winterthur", "Frauenklinik am Rosengarten"),
        ("Spitex Winterthur\nTechnikumstrasse 5, 8400 Winterthur", "Spitex Winterthur"),
        ("IV-Stelle Luzern\nLandenbergstrasse 35, 6005 Luzern", "IV-Stelle Luzern"),
        ("Physio Lorraine\nLorrainestrasse 15, 3013 Bern", "Physio Lorraine"),
    ],
)
def test_swiss_heads_over_the_practices_window(head: str, sender: str) -> None:
    assert _with_own(_swiss_head(head), "sender") == sender


def test_a_patients_name_and_birth_date_is_no_place_and_date() -> None:
    """ "Hürlimann Sandra, 21.02.1979" reads as a place and a date would: a person's line."""
    letter = _swiss_head("Institut für Radiologie Winterthur\nLagerhausstrasse 9, 8400 Winterthur")
    assert _fact(letter, "letter_date") == "2026-11-13"


@pytest.mark.parametrize(
    ("line", "patient"),
    [
        ("Name: SCHULZE WIERLING, Franz-Josef", "Franz-Josef Schulze Wierling"),
        ("Patient: OUDE ELFERINK, Hendrik", "Hendrik Oude Elferink"),
        # An initial and a surname with its particle: no given name to propose.
        ("Betreft: dhr. H. Oude Elferink, geb. 17-03-1979", None),
        ("Betroffene Person: Frau Dipl.-Ing. Agathe Friesen", "Agathe Friesen"),
        ("Patient: Frau Dr. Anna Müller, geb. 01.02.1960", "Anna Müller"),
        ("Patient: Mag. Agathe Friesen", "Agathe Friesen"),
        ("Betreff: Rückfrage zur Verordnung Gülsüm Doğan", "Gülsüm Doğan"),
        ("Patient/in: Lo Russo, Salvatore, geb. 04.04.1955", "Salvatore Lo Russo"),
        ("Patient/in: Di Stefano, Marco, geb. 04.04.1955", "Marco Di Stefano"),
    ],
)
def test_double_surnames_titles_and_a_subjects_name(line: str, patient: str | None) -> None:
    letter = (
        "Löwen-Apotheke Rheine\nEmsstraße 4, 48431 Rheine\nTel. 05971 12345\n"
        f"{line}\nSehr geehrte Damen und Herren,\nbitte um einen neuen Medikationsplan.\n"
    )
    assert _fact(letter, "patient") == patient


def test_an_english_hospitals_trust_line_is_not_its_name() -> None:
    letter = (
        "Chelsea and Westminster Hospital\nNHS Foundation Trust\nDepartment of Acute Medicine\n"
        "369 Fulham Road, London SW10 9NH\nDate: 7 October 2026\nDr. med. Regula Brunner\n"
        "Hausarztpraxis an der Bode\nMarktstrasse 2\nCH-8400 Winterthur\n"
        "Patient: Mr Zoran Petrović\nDear Dr Brunner,\n"
    )
    assert _with_own(letter, "sender") == "Chelsea and Westminster Hospital"
