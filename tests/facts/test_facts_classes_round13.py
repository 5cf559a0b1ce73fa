"""Issue 50, thirteenth round: the classes the held-out set 50aa (and 50y's last ones) showed,
read as development sets.

An insurer's one word in capitals over the clinic's own window; an Italian health trust named
by its kinds alone over its hospital; a form's code after the heading's kind of letter; a
form's field that says whose name it asks for ("Name, Vorname der versicherten Person"); a
short message whose first sentence names the person it is about; a mail printout whose
message begins with its sender's letter head. Each test is a letter of its own, written for
the test.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, with_directory

TODAY = date(2026, 12, 1)


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def _italian(trust: str, hospital: str) -> str:
    return (
        f"{trust}\n{hospital}\nU.O.C. Cardiologia\nVia Roma 12 – 80131 Napoli\n"
        "Napoli, 3 novembre 2026\nHausarztpraxis am Rhein\nDr. med. Jonas Weber\n"
        "Rheinallee 8\n53173 Bonn\nLettera di dimissione\n"
        "Paziente: ESPOSITO Carla, nata il 02/03/1961\nGentile Collega,\n"
        "si dimette in data odierna la paziente.\nCordiali saluti\nDott. Marco Ferri\n"
    )


@pytest.mark.parametrize(
    ("trust", "hospital"),
    [
        ("Azienda Ospedaliera Universitaria", "Policlinico Federico II"),
        ("Azienda Ospedaliera", "Ospedale del Mare"),
    ],
)
def test_a_trust_named_by_its_kinds_alone_goes_on_with_its_hospital(
    trust: str, hospital: str
) -> None:
    """ "Azienda Ospedaliera Universitaria" names every such trust: with its hospital on the
    next line, the two are the sender."""
    assert _fact(_italian(trust, hospital), "sender") == f"{trust} {hospital}"


def test_a_trust_with_a_name_of_its_own_is_named_whole() -> None:
    """ "Azienda Ospedaliera di Caserta" is a trust's whole name: its hospital under it is
    not added (the convention of the earlier sets: the operator as the letter names it)."""
    text = _italian("Azienda Ospedaliera di Caserta", "Ospedale Sant'Anna e San Sebastiano")
    assert _fact(text, "sender") == "Azienda Ospedaliera di Caserta"


def _pension_form(heading: str, field: str) -> str:
    return (
        "Deutsche Rentenversicherung Westfalen\nGartenstraße 194 · 48147 Münster\n"
        "Praxis Dr. med. Ute Brandt\nKirchplatz 3\n44787 Bochum\n"
        f"Münster, 12. Oktober 2026\n{heading}\nVersicherungsnummer\n12 150372 K 501\n"
        f"{field}\nKowalczyk, Marek\nGeburtsdatum\n15.03.1972\n"
        "Sehr geehrte Damen und Herren,\ndie oben genannte Person hat Leistungen zur "
        "Teilhabe beantragt.\nMit freundlichen Grüßen\nIhre Rentenversicherung\n"
    )


@pytest.mark.parametrize(
    "heading",
    [
        "Anforderung eines ärztlichen Befundberichts (S0051)",
        "Anforderung eines Befundberichts (Vordruck G0600)",
    ],
)
def test_a_heading_keeps_its_forms_code(heading: str) -> None:
    """A form's code in brackets after the kind of letter is part of its heading, no
    address's number."""
    text = _pension_form(heading, "Name, Vorname der versicherten Person")
    assert _fact(text, "title") == heading


@pytest.mark.parametrize(
    "field",
    ["Name, Vorname der versicherten Person", "Name, Vorname", "Name, Vorname des Antragstellers"],
)
def test_a_forms_name_field_over_its_value_names_the_patient(field: str) -> None:
    """The field alone on its line, the name under it surname first."""
    text = _pension_form("Anforderung eines Befundberichts", field)
    assert _fact(text, "patient") == "Marek Kowalczyk"


def test_a_forms_field_for_someone_else_names_no_patient() -> None:
    """ "Name, Vorname des Arztes" asks for the doctor's name: not the patient's."""
    text = _pension_form("Anforderung eines Befundberichts", "Name, Vorname des Arztes")
    assert _fact(text, "patient") is None


def _message(first_sentence: str) -> str:
    return (
        "Von: Pflegedienst Lindenhof <info@pflege-lindenhof.de>\n"
        "An: praxis@hausarzt-herne.de\nDatum: 4. November 2026, 09:12\n"
        "Betreff: Bitte um Rückruf\nSehr geehrte Frau Dr. Albers,\n"
        f"{first_sentence}\nBitte rufen Sie uns zurück.\nViele Grüße\nSandra Pohl\n"
        "Pflegedienstleitung\n"
    )


@pytest.mark.parametrize(
    ("sentence", "patient"),
    [
        ("bei Herrn Dieter Kowalski ist der Blutzucker seit gestern erhöht.", "Dieter Kowalski"),
        ("für Frau Hatice Yıldız fehlt noch die Verordnung der Strümpfe.", "Hatice Yıldız"),
    ],
)
def test_the_first_sentence_names_whom_a_message_is_about(sentence: str, patient: str) -> None:
    """A short message names its patient in its first sentence, with a salutation and a
    given name."""
    assert _fact(_message(sentence), "patient") == patient


@pytest.mark.parametrize(
    "sentence",
    [
        "wie mit Frau Dr. Petra Lenz besprochen, senden wir die Unterlagen.",
        "bei Frau Kowalski ist der Blutzucker seit gestern erhöht.",
        "wir danken für die gute Zusammenarbeit im letzten Jahr.",
    ],
)
def test_a_first_sentence_without_a_patients_full_name_names_none(sentence: str) -> None:
    """A doctor, a surname alone, or no person: no patient."""
    assert _fact(_message(sentence), "patient") is None


def _insurer_letter(head: str, office: str) -> str:
    return (
        f"{head}\n{office}\nKampstraße 45\n44137 Dortmund\nHausarztpraxis am Phoenixsee\n"
        "Dr. med. Lena Brückner\nHörder Burgstraße 2\n44263 Dortmund\n"
        "Dortmund, 2. November 2026\nAnfrage zur Arbeitsunfähigkeit\n"
        "Versicherte Person: Jürgen Malinowski, geb. 11.09.1968\n"
        "Sehr geehrte Frau Dr. Brückner,\nbitte teilen Sie uns die Diagnosen mit.\n"
        "Mit freundlichen Grüßen\nIhr Team Krankengeld\n"
    )


_CLINIC = replace(Directory(), own_names=frozenset({fold("Hausarztpraxis am Phoenixsee")}))


def test_an_insurers_one_word_over_the_clinics_window_is_the_sender() -> None:
    """ "BARMER" over its office's address and the clinic's window: the insurer writes. The
    same head with no clinic's name known stays open (the window might be the sender's)."""
    letter = _insurer_letter("BARMER", "Geschäftsstelle Dortmund")
    assert with_directory(propose(letter, TODAY), letter, _CLINIC)["sender"].value == "BARMER"
    assert "sender" not in propose(letter, TODAY)


@pytest.mark.parametrize(
    ("head", "office"), [("RADIOLOGIE", "am Westfalenpark"), ("TELEFAX", "Geschäftsstelle")]
)
def test_half_a_name_or_a_fax_word_over_the_window_is_no_sender(head: str, office: str) -> None:
    """A word in capitals whose name goes on in small letters, or one that names no
    organisation, is not proposed alone."""
    letter = _insurer_letter(head, office)
    assert "sender" not in with_directory(propose(letter, TODAY), letter, _CLINIC)


def _kim_printout(head: str, closing: str) -> str:
    return (
        "KIM-Nachricht – Ausdruck\nVon:\nkardiologie@klinikum-hagen.kim.telematik\nAn:\n"
        "praxis@0233112345.kim.telematik\nDatum: 03.11.2026 08:15\n"
        "Betreff: Befundbericht Echokardiographie\nAnhang:\neArztbrief.pdf (PDF/A)\n"
        f"{head}\nPatient: Ralf Szymanski, geboren am 4. Mai 1959\n"
        "Die Untersuchung zeigte eine gute Pumpfunktion.\n"
        f"{closing}Hausarztpraxis an der Volme\nMittelstraße 9\n58095 Hagen\n"
        "(Empfänger laut KIM-Verzeichnis)\nDr. med. Tim Albers\nOberarzt Kardiologie\n"
    )


def test_a_mails_letter_head_under_its_fields_is_the_sender() -> None:
    """A KIM printout whose "Von:" line is an address alone and which ends with no
    closing: the hospital its message's first line names, not the practice in the
    recipient's lines at its end."""
    text = _kim_printout("Klinikum Hagen GmbH · Klinik für Kardiologie", "")
    assert _fact(text, "sender") == "Klinikum Hagen GmbH"


def test_a_signed_mail_is_still_its_signatures() -> None:
    """With a closing, the signature's organisation names the sender, as before."""
    text = _kim_printout(
        "Klinikum Hagen GmbH · Klinik für Kardiologie",
        "Mit freundlichen Grüßen\nKardiologische Praxis Hohenlimburg\n",
    )
    assert _fact(text, "sender") == "Kardiologische Praxis Hohenlimburg"
