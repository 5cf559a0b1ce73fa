"""Issue 50, tenth round: the classes the blind sets `heldout50r` and `heldout50s` brought.

An information block whose row of labels ("Ihr Zeichen, Ihre Nachricht vom | Unser Zeichen |
Telefon | Datum") a text layer gives as a column over the column of its values; a French
address window headed "Madame le Docteur"; the kinds of letter France, Belgium and Ukraine
send; an examination with its day after it; a French hospital group and its site; a fax
machine's line that cuts the sender's name at its width. Each test is a letter of its own,
written for the test.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.base import Line
from docvault.facts.extract.known import Directory, fold, with_directory
from docvault.facts.extract.sender import head_name

TODAY = date(2026, 12, 1)

PRACTICE = "Gemeinschaftspraxis Dr. Ruppert\nPirmasenser Straße 104\n67655 Kaiserslautern\n"


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


@pytest.mark.parametrize(
    ("labels", "values", "written"),
    [
        (
            ["Ihr Zeichen, Ihre Nachricht vom", "Unser Zeichen", "Telefon", "Datum"],
            ["11.09.2025", "SMD 80", "06351 403-0", "04.10.2025"],
            "2025-10-04",
        ),
        (
            ["Ihre Nachricht vom", "Datum"],
            ["03.10.2025", "30.10.2025"],
            "2025-10-30",
        ),
    ],
)
def test_an_information_blocks_column_of_labels_pairs_with_its_column_of_values(
    labels: list[str], values: list[str], written: str
) -> None:
    """The date right under "Datum" is the first label's ("Ihre Nachricht vom"): the
    letter's own date is the value in Datum's place."""
    letter = (
        "IKK Südwest\nBerliner Promenade 1 · 66111 Saarbrücken\nTel. 0681 93696-0\n"
        f"{PRACTICE}" + "\n".join(labels) + "\n" + "\n".join(values) + "\n"
        "Anfrage zur Arbeitsunfähigkeit\nPatient: Nickels, Ewald, geb. 18.1.1954\n"
        "Sehr geehrter Herr Dr. Ruppert,\nwir bitten um Auskunft.\n"
    )
    assert _fact(letter, "letter_date") == written


def test_an_address_over_a_date_is_no_information_block() -> None:
    """An address's lines (no digit) over its street, town and the date: no labels and
    values, the date stays the letter's."""
    letter = (
        "Landkreis Kassel – Sozialamt\nGemeinschaftspraxis Fuldatal-Mitte\n"
        "Dr. med. Selin Arslan-Wegener\nMühlenweg 12\n34233 Fuldatal\n21. Mai 2024\n"
        "Hilfe zur Pflege nach dem SGB XII\n"
    )
    assert _fact(letter, "letter_date") == "2024-05-21"


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("Compte rendu de consultation", "Compte rendu de consultation"),
        ("LETTRE DE LIAISON", "LETTRE DE LIAISON"),
        ("Консультативний висновок", "Консультативний висновок"),
    ],
)
def test_a_french_address_window_does_not_end_the_head_and_its_kind_is_the_title(
    heading: str, title: str
) -> None:
    """ "Madame le Docteur" heads the address in France (no comma: no greeting); the heading
    under the address, a kind of letter in French or Ukrainian, is the title."""
    letter = (
        "Centre Hospitalier de Sarreguemines\nService de Pneumologie\n"
        "2, rue René François Jolly, 57211 Sarreguemines – Tél. +33 3 87 27 33 10\n"
        "Madame le Docteur\nHausarztpraxis\nDr. med. Sabine Kettenbach\nSaarstraße 41\n"
        f"54290 Trier\nALLEMAGNE\n{heading}\nPatient : FONTAINE François\n"
        "Né le : 22/11/1994\nMadame, Monsieur,\nNous avons pris en charge votre patient.\n"
    )
    # A heading in capitals is proposed in its words' case ("Lettre De Liaison").
    assert (_fact(letter, "title") or "").casefold() == title.casefold()


def test_an_examination_with_its_day_after_it_is_the_title() -> None:
    letter = (
        "Radiologisches Zentrum Mainz-Mombach\nHauptstraße 30 · 55120 Mainz\n"
        "Tel. 06131 68 20 90\nHausarztpraxis Becker-Scholl\nMainzer Straße 112\n"
        "66121 Saarbrücken\nPatientin: Recktenwald, Lena, geb. 23.11.2001\n"
        "Untersuchung: MRT Kniegelenk links vom 02.09.2025\n"
        "Sehr geehrte Kollegin, sehr geehrter Kollege,\nvielen Dank für die Zuweisung.\n"
    )
    assert _fact(letter, "title") == "MRT Kniegelenk links"


@pytest.mark.parametrize(
    ("head", "sender"),
    [
        ("CHR Metz-Thionville – Hôpital de Mercy", "CHR Metz-Thionville – Hôpital de Mercy"),
        ("CHR de la Citadelle", "CHR de la Citadelle"),
    ],
)
def test_a_french_regional_hospital_is_named_whole(head: str, sender: str) -> None:
    """The regional centre and its site, as the head prints them; "CHR" is the name's
    own first word before "de la Citadelle", no logo's letters to drop."""
    letter = (
        f"{head}\nPôle Urgences\n1, allée du Château, 57530 Ars-Laquenexy – Tél. +33 3 87 55 31 "
        "31\nMadame le Docteur\nDr. med. Sabine Kettenbach\nSaarstraße 41\n54290 Trier\n"
        "ALLEMAGNE\nLettre de liaison\nMadame, Monsieur,\nVotre patiente a été vue.\n"
    )
    assert _fact(letter, "sender") == sender


def test_a_universitys_hospital_over_its_town_is_the_sender_not_the_signer() -> None:
    """No telephone under the head: the group and its hospital are still the organisation
    the head names, before the doctor who signed."""
    letter = (
        "Damascus University – Al Assad University Hospital\nDamascus, Syria\n"
        "Date: 16/07/2025\nTO WHOM IT MAY CONCERN\nPatient name:\nMohammad Al-Hassan\n"
        "The patient was treated for pneumonia and is fit for travel.\nYours sincerely,\n"
        "Dr Eleanor Marsh, FRCP\n"
    )
    assert _fact(letter, "sender") == "Damascus University – Al Assad University Hospital"


@pytest.mark.parametrize(
    ("station", "full"),
    [
        ("Kreiskrankenhaus Rendsburg-E 5. 1/2", "Kreiskrankenhaus Rendsburg-Eckernförde"),
        ("Oslseeklinik Timmendorfer Sl S. 1/3", "Ostseeklinik Timmendorfer Strand"),
    ],
)
def test_a_name_the_fax_machine_cut_at_its_width_is_spelled_as_the_letter_spells_it(
    station: str, full: str
) -> None:
    """The fax machine prints its station name cut at its width (and the CPU engine reads
    "t" as "l"): the letter's own head under it spells the name in full."""
    letter = (
        f"07.10.2025 14:02 +49 4331 200-0\n{station}\nVon: {full}\n"
        "An: Hausarztpraxis Dr. med. Telse Harmsen\n"
        f"{full}\nLilienstraße 20 · 24768 Rendsburg\nTel. 04331 200-0\n"
        "Entlassungsbrief\nPatient: Herr Jens Hansen, geb. 01.02.1950\n"
        "Sehr geehrte Frau Kollegin,\nwir berichten über Ihren Patienten.\n"
    )
    assert _fact(letter, "sender") == full


def test_the_place_and_date_over_a_reports_kind_and_day_is_the_letters_date() -> None:
    """ "Konstanz, den 10. Februar 2025" dates the letter; "Dermatologischer Befund vom
    01.02.2025" under it names the day of the examination."""
    letter = (
        "Hautarztpraxis am Bodensee\nMarktstätte 20, 78462 Konstanz\nFax 07531 2 11 44\n"
        "Landarztpraxis Hochschwarzwald\nDorfstraße 12\n79874 Breitnau\n"
        "Konstanz, den 10. Februar 2025\nBetreff: Lukas Kaltenbach, geb. 04.06.2011\n"
        "Dermatologischer Befund vom 01.02.2025\nLiebe Kollegin, lieber Kollege,\n"
        "vielen Dank für die Überweisung.\n"
    )
    assert _fact(letter, "letter_date") == "2025-02-10"


def test_a_forms_number_over_the_senders_name_leaves_the_name_first() -> None:
    """The pension insurance prints its form's number ("S0051") over its name: the name
    over the clinic's address window is the sender's."""
    letter = (
        "S0051\nDeutsche Rentenversicherung Nord\nZiegelstraße 150, 23556 Lübeck\n"
        "Gemeinschaftspraxis am Nord-Ostsee-Kanal\nSchleifmühlenstraße 12\n24768 Rendsburg\n"
        "Anforderung eines Befundberichts\nName, Vorname: Clausen, Lina Dörte\n"
        "Geburtsdatum: 10.12.1979\nSehr geehrte Damen und Herren,\nbitte senden Sie uns.\n"
    )
    clinic = replace(
        Directory(), own_names=frozenset({fold("Gemeinschaftspraxis am Nord-Ostsee-Kanal")})
    )
    found = with_directory(propose(letter, TODAY), letter, clinic).get("sender")
    assert found is not None
    assert found.value == "Deutsche Rentenversicherung Nord"


def test_a_portal_printouts_title_names_the_portals_owner() -> None:
    letter = (
        "https://befunde.example.org/befund/550678\n09.08.2025, 09:51\n"
        "Zuweiserportal · Universitätsklinikum des Saarlandes\n"
        "Angemeldet: Dr. med. Jochen Ruppert\nBefundmitteilung\nPatient\nRUPP, Matthias\n"
        "Geburtsdatum\n01.02.1957\nDokumentdatum\n09.08.2025\n"
    )
    assert _fact(letter, "sender") == "Universitätsklinikum des Saarlandes"


def test_a_head_from_abroad_with_its_department_and_town_under_it_is_the_sender() -> None:
    """No telephone and no recipient's window: the hospital over its department's line."""
    letter = (
        "Mercy General Hospital\nDepartment of Emergency Medicine, Boston, MA 02114\n"
        "December 16, 2025\nEmergency Department Visit Summary\nPatient: Behrendt, Lea\n"
        "DOB: 10/22/1985\nDear Colleague,\nYour patient was seen with acute chest pain.\n"
    )
    assert _fact(letter, "sender") == "Mercy General Hospital"


def test_a_practice_over_its_street_first_on_the_page_is_still_no_sender() -> None:
    """A letter without a head that starts with the recipient's window: the practice over
    its street and town is the addressee's, so no sender is proposed."""
    letter = (
        "Gemeinschaftspraxis am Markt\nMarktstraße 4\n35037 Marburg\n12.03.2025\n"
        "Befundbericht\nPatient: Herr Jonas Weber, geb. 02.02.1960\nSehr geehrte Kollegen,\n"
        "anbei der Befund.\n"
    )
    assert _fact(letter, "sender") is None


def test_a_citys_office_is_the_sender_and_a_sentence_is_never_one() -> None:
    """ "Landeshauptstadt Potsdam" is the city's name, not a person's; the letter's sentence
    "Impfstatus, Kontaktpersonen und Labornachweis." names no laboratory."""
    letter = (
        "Landeshauptstadt Potsdam\nFachbereich Gesundheit – Gesundheitsamt\n"
        "Friedrich-Ebert-Straße 79/81 · 14469 Potsdam\nTel. 0331 289-0\n"
        "Landeshauptstadt Potsdam · Friedrich-Ebert-Straße 79/81 · 14469 Potsdam\n"
        "Allgemeinmedizin Sandow\nDissenchener Straße 50\n03042 Cottbus\nDatum: 01.12.2025\n"
        "Meldung nach § 6 IfSG – Rückfrage\nBetroffene Person: LORENZ, KATARZYNA, geb. "
        "08.03.1971\nZu der Meldung mit Erkrankungsbeginn am 22.11.2025 bitten wir um Angaben zu\n"
        "Impfstatus, Kontaktpersonen und Labornachweis.\nMit freundlichen Grüßen\n"
    )
    assert _fact(letter, "sender") == "Landeshauptstadt Potsdam"
    unnamed = letter.replace("Landeshauptstadt Potsdam", "Fachbereich Gesundheit")
    assert _fact(unnamed, "sender") != "Impfstatus, Kontaktpersonen und Labornachweis."


def test_a_head_in_capitals_under_a_whole_fax_line_is_the_letters() -> None:
    """The machine's line is whole (its time, its number, its owner cut short, its page
    count): the line in capitals under it is the letter's head, not more of the machine's."""
    letter = (
        "06.10.2026 18:31  FAX +351 22 551 2101  CENTRO HOSPITALAR UNIVERSITÁRIO DE  S. 1/1\n"
        "CENTRO HOSPITALAR UNIVERSITÁRIO DE SÃO JOÃO\n"
        "Serviço de Medicina Interna · Alameda Prof. Hernâni Monteiro\n"
        "Tel. +351 22 551 2100  ·  Fax +351 22 551 2101\nPraxis am Hasetor\nHasestraße 4\n"
        "49074 Osnabrück\nAlemanha\nData: 01/10/2026\nCarta de alta\n"
    )
    assert _fact(letter, "sender") == "CENTRO HOSPITALAR UNIVERSITÁRIO DE SÃO JOÃO"


def test_a_university_hospital_and_its_campus_are_named_whole() -> None:
    letter = (
        "Universitätsklinikum Spree – Campus Mitte\n"
        "Medizinische Klinik mit Schwerpunkt Kardiologie\nLuisenstraße 64 · 10117 Berlin\n"
        "Tel. 030 450 513 001\nPraxis Dr. Lindqvist\nBoxhagener Straße 12\n10245 Berlin\n"
        "Datum: 03.03.2025\nArztbrief\n"
    )
    assert _fact(letter, "sender") == "Universitätsklinikum Spree – Campus Mitte"


def test_a_name_read_half_in_latin_letters_is_no_name() -> None:
    """The CPU engine reads Greek capitals partly as the Latin ones they look like
    ("ΓENIKO NOΣOKOMEIO"): no one's name, so a head line read so names no sender."""
    assert head_name(Line("ΓENIKO NOΣOKOMEIO KABAAAΣ", 0, 1)) is None
    assert head_name(Line("ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΚΑΒΑΛΑΣ", 0, 1)) == "ΓΕΝΙΚΟ ΝΟΣΟΚΟΜΕΙΟ ΚΑΒΑΛΑΣ"


@pytest.mark.parametrize(
    ("heading", "below"),
    [
        ("Kostenübernahme eines Hilfsmittels", "Name, Vorname\nKOWALSKI, JAN\n"),
        ("HINWEIS AUF EINE WECHSELWIRKUNG", "Name, Vorname\nSCHRÖDER, MARIE\n"),
        ("ARBEITSUNFALL VOM 24.04.2026", "Frau POHLMANN-VÖCKING, LENA, geb. 13.11.1991\n"),
    ],
)
def test_a_subject_without_its_label_under_the_date_is_the_title(heading: str, below: str) -> None:
    """DIN 5008's subject line without "Betreff:", in capitals or not, over a form's name
    fields or the patient's line: the letter's title."""
    letter = (
        "Hase-Apotheke\nNikolaiort 1, 49074 Osnabrück\nTel. 0541 22360\n"
        "Hausarztpraxis am Hasetor\nHasestraße 61\n49074 Osnabrück\nUnser Zeichen:\nLB/409\n"
        f"Datum:\n09.01.2026\n{heading}\n{below}Geburtsdatum\n01.01.1950\n"
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,\nText.\n"
    )
    assert (_fact(letter, "title") or "").casefold() == heading.casefold()


def test_a_name_in_capitals_over_the_birth_date_is_no_title() -> None:
    """The recipient's or the patient's name in capitals is no heading."""
    letter = (
        "Hase-Apotheke\nNikolaiort 1, 49074 Osnabrück\nTel. 0541 22360\n"
        "Datum: 09.01.2026\nMARIE SCHRÖDER\ngeb. 01.01.1950\nSehr geehrte Frau Kollegin,\nText.\n"
    )
    assert _fact(letter, "title") != "Marie Schröder"
