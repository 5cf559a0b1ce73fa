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
from docvault.facts.extract.known import Directory, fold, is_own, with_directory

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


# After the blind sets 50ab (the Ruhr) and 50ac (Aachen, Cologne, Bonn) were measured, read as
# development sets.


def _lab_printout(name_label: str, report_label: str) -> str:
    return (
        "Labor Dr. Brenner & Kollegen\nWittener Straße 12, 44789 Bochum | Fax 0234 5550-50\n"
        "Praxis am Stadtpark\nDr. med. Eva Lohmann\nParkstraße 3\n44787 Bochum\nLaborbefund\n"
        f"{name_label}: Wieczorek, Stefan\nGeb.-Dat.: 12.02.1966      Geschl.: m\n"
        "Auftrags-Nr.: 2614526\nEntnahme : 03.11.2026  08:12\nEingang  : 04.11.2026\n"
        f"{report_label}: 03.11.2026  (Endbefund)\nKreatinin      1.31 H  mg/dl   0.50 - 1.10\n"
    )


def test_a_fixed_width_printouts_padded_labels_are_read() -> None:
    """ "Name     : Wieczorek, Stefan" and "Befund   : 03.11.2026", a label padded to its
    column's colon, read as "Name:" and "Befund:"."""
    text = _lab_printout("Name     ", "Befund   ")
    assert (_fact(text, "patient"), _fact(text, "letter_date")) == (
        "Stefan Wieczorek",
        "2026-11-03",
    )


def test_a_case_numbers_line_is_no_title() -> None:
    """ "Fall-Nr. 41161500" over the report's heading is a reference: the heading's kind is
    the title."""
    text = (
        "Evangelisches Krankenhaus Herne\nKlinik für Innere Medizin\n"
        "Wiescherstraße 24, 44623 Herne\n"
        "Praxis am Stadtpark\nParkstraße 3\n44787 Bochum\nTelefon 02323 498-0\nFall-Nr. 50331200\n"
        "Epikrise über Frau Renate Kowalewski, geb. am 3.2.1948\nSehr geehrte Kollegen,\n"
        "wir berichten über Ihre Patientin.\nMit freundlichen Grüßen\nDr. med. Olaf Brandt\n"
    )
    assert _fact(text, "title") == "Epikrise"


def _pension_request(number_line: str) -> str:
    return (
        "Deutsche Rentenversicherung\nWestfalen\nDeutsche Rentenversicherung Westfalen · 48125 "
        "Münster\nPraxis am Stadtpark\nParkstraße 3\n44787 Bochum\nMünster, 02.11.2026\n"
        f"{number_line}\nBefundbericht zum Antrag auf Erwerbsminderungsrente\n"
        "für Ahmet Demir\nGeburtsdatum: 05.05.1970\n"
        "Anschrift: Dorstener Straße 12, 44787 Bochum\n"
        "Sehr geehrte Damen und Herren, die oben genannte Person hat Rente beantragt.\n"
        "Mit freundlichen Grüßen\nIhre Deutsche Rentenversicherung Westfalen\n"
    )


def test_a_heading_over_for_whom_it_is_names_title_and_patient() -> None:
    """ "für Ahmet Demir" under the heading, over the birth date and a labelled address: the
    patient, not part of the title; the insurance number beside its label above the heading
    is no form's field over a value."""
    text = _pension_request("Versicherungsnummer 45 050570 D 152")
    found = (_fact(text, "patient"), _fact(text, "title"))
    assert found == ("Ahmet Demir", "Befundbericht zum Antrag auf Erwerbsminderungsrente")


def test_a_care_services_kind_under_its_name_is_not_the_sender() -> None:
    """ "Ambulanter Pflegedienst" under "Caritas-Pflegestation Nordeifel" says what the
    station does: the station sends."""
    text = (
        "Caritas-Pflegestation Monschau\nAmbulanter Pflegedienst\nHauptstraße 41 · 52156 Monschau\n"
        "Fax 02472 9372-12\nAn: Hausarztpraxis am Markt\nDatum: 12.05.2026\n"
        "Bitte um Verordnung häuslicher Krankenpflege\nKlient/in: Hermanns, Josef\n"
        "Geburtsdatum: 28.03.1941\nMit freundlichen Grüßen\nPflegedienstleitung Petra Rader\n"
    )
    assert _fact(text, "sender") == "Caritas-Pflegestation Monschau"


def test_a_soldiers_rank_is_neither_name_nor_title() -> None:
    """ "Betr.: Oberleutnant Julia zur Nieden, geb. …": the patient without the rank (and
    "zur" as her name's particle); the heading above is the title."""
    text = (
        "Bundeswehrkrankenhaus Westerstede\nAbteilung Chirurgie\n"
        "Lange Straße 38 · 26655 Westerstede\n"
        "Fax 04488 50-2299\nHausarztpraxis am Markt\nMarkt 2\n52156 Monschau\n"
        "Westerstede, 14.05.2026\nAmbulanter Arztbrief\n"
        "Betr.: Hauptfeldwebel Kai zur Mühlen, geb. 24.04.1981, PK 948488-z-85876\n"
        "Sehr geehrte Kolleginnen und Kollegen,\nwir berichten über die Vorstellung.\n"
        "Mit kameradschaftlichen Grüßen\nOberstarzt Dr. med. Henrik Staudt\n"
    )
    assert (_fact(text, "patient"), _fact(text, "title")) == (
        "Kai zur Mühlen",
        "Ambulanter Arztbrief",
    )


def _mail(signature: str) -> str:
    return (
        "Von:        Löwen-Apotheke Castrop-Rauxel <info@loewen-apo.de>\n"
        "Gesendet:   Dienstag, 11. August 2026 07:05\nAn:         Praxis am Stadtpark\n"
        "Betreff:    Bitte um Folgeverordnung\nSehr geehrtes Praxisteam,\n"
        "für Frau Sevgi Aydın benötigen wir bitte eine Folgeverordnung.\nViele Grüße\n"
        f"{signature}\n"
    )


@pytest.mark.parametrize(
    ("signature", "sender"),
    [
        ("Schwester Dorota Kühn / Löwen-Apotheke", "Löwen-Apotheke Castrop-Rauxel"),
        ("Dorota Kühn / Diakoniestation Herne", "Diakoniestation Herne"),
    ],
)
def test_a_signature_of_person_and_organisation_names_the_organisation(
    signature: str, sender: str
) -> None:
    """The signature's organisation after the person's slash; the "Von:" line's name where
    it spells that organisation in full."""
    assert _fact(_mail(signature), "sender") == sender


def test_a_works_doctors_employee_is_the_patient_and_the_title_above_them_is_read() -> None:
    """ "Mitarbeiterin: Schulte-Brinkmann, Hildegard" names the patient; the heading with its
    dash above that field is the title."""
    text = (
        "Stahlwerk Hattingen GmbH\nWerksärztlicher Dienst\nWerksstraße 1, 45527 Hattingen\n"
        "Praxis am Stadtpark\nParkstraße 3\n44787 Bochum\nHattingen, 23. Aug. 2026\n"
        "Arbeitsmedizinische Vorsorge – Mitteilung an den Hausarzt\n"
        "Mitarbeiterin: Brinkhoff, Hildegard, Personal-Nr. 352770\n"
        "Sehr geehrte Kollegin, sehr geehrter Kollege, wir bitten um Abklärung.\n"
        "Mit kollegialen Grüßen\nDr. med. Anja Plettenberg\n"
    )
    found = (_fact(text, "patient"), _fact(text, "title"))
    assert found == (
        "Hildegard Brinkhoff",
        "Arbeitsmedizinische Vorsorge – Mitteilung an den Hausarzt",
    )


def test_albanias_discharge_letter_is_a_title() -> None:
    text = (
        "REPUBLIKA E KOSOVËS\nSpitali i Përgjithshëm Rajonal Gjakovë\nKlinika e Kirurgjisë\n"
        "Gjakovë, 21.10.2026\nPraxis am Stadtpark\nParkstraße 3\n44787 Bochum\nFLETËLËSHIM\n"
        "Pacienti: BEKIM KRASNIQI\nDatëlindja: 12.04.1961\n"
    )
    assert _fact(text, "title") == "FLETËLËSHIM"


def test_a_turkish_name_without_its_dotless_i_is_the_clinics_own() -> None:
    """ "Hausarztpraxis Dr. Yildirim", as a mail or a sender spells the clinic's "Yıldırım",
    and "Hausärzte Wittkamp & Nowak" for "Praxis Wittkamp & Nowak": the clinic's own."""
    clinic = replace(
        Directory(),
        own_names=frozenset(
            {fold("Hausarztpraxis Dr. Okan Yıldırım"), fold("Praxis Wittkamp & Nowak")}
        ),
    )
    spellings = ["Hausarztpraxis Dr. Yildirim", "Hausärzte Wittkamp & Nowak", "Kardiologie Nowak"]
    assert [is_own(spelling, clinic) for spelling in spellings] == [True, True, False]


def test_a_head_over_a_windows_own_name_and_street_is_the_sender() -> None:
    """The fund's name and its office over the practice's window (the practice's own name and
    street under them): the fund's name heads the letter, its "Telekommunikation" no
    telephone's label."""
    text = (
        "BG Verkehr\nBerufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation\n"
        "Bezirksverwaltung Hamburg, Außenstelle Bochum\nPraxis am Stadtpark\nParkstraße 3\n"
        "44787 Bochum\nUnser Zeichen: 5.40/53265/26-R\nDatum: 21.08.2026\n"
        "Arbeitsunfall – Anforderung ärztlicher Unterlagen\n"
        "Versicherte Person: Hoffmann, Agnieszka, geb. 14.02.1979\n"
    )
    expected = "Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation"
    assert _fact(text, "sender") == expected


@pytest.mark.parametrize(
    ("address", "postcode"),
    [
        ("Royal Pennine Infirmary, Rochdale Road, Oldham", "OL1 2JH"),
        ("55 Fruit Street, Boston,", "MA 02114"),
    ],
)
def test_a_head_over_a_british_or_american_address_is_the_sender(
    address: str, postcode: str
) -> None:
    """A British post code or a state's ZIP code under the name: a head from abroad, not the
    practice's window (which is German)."""
    text = (
        f"Pennine Care Hospitals\nNHS Foundation Trust\n{address} {postcode}\n"
        "Praxis am Stadtpark\nParkstraße 3\n44787 Bochum\nDate: 31/08/2026\nDISCHARGE SUMMARY\n"
        "Patient: Mr Frank Stratmann   DOB: 29/07/1980\n"
    )
    assert _fact(text, "sender") == "Pennine Care Hospitals"


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("Konsiliarbericht – Untersuchung vom 05.07.2026", "Konsiliarbericht"),
        ("Facharztbrief – Vorstellung am 08.08.2026", "Facharztbrief"),
    ],
)
def test_the_visits_day_after_a_kind_is_not_the_title(heading: str, title: str) -> None:
    """ "Konsiliarbericht – Untersuchung vom 05.07.2026": the kind is the title, the day the
    visit's."""
    text = (
        "Neurologische Praxis am Markt\nMarkt 6 · 52349 Düren\nFax 02421 22318-9\n"
        "Hausarztpraxis am Stadtpark\nParkstraße 3\n44787 Bochum\n"
        f"Pat.: Gerards, Matthias, geb. am 25.07.1933\n{heading}\nSehr geehrte Frau Kollegin,\n"
        "wir berichten über Ihren Patienten.\n"
    )
    assert _fact(text, "title") == title


@pytest.mark.parametrize(
    ("subject", "patient", "title"),
    [
        ("Befund Jessica Classen", "Jessica Classen", "Befund Jessica Classen"),
        ("Arztbrief Zimmermann-Wirtz, Ursula", "Ursula Zimmermann-Wirtz", "Arztbrief"),
        ("Befund Innere Medizin", None, "Befund Innere Medizin"),
    ],
)
def test_a_mails_subject_of_a_kind_and_a_name_names_the_patient(
    subject: str, patient: str | None, title: str
) -> None:
    """ "Betreff: Befund Jessica Classen": the patient; the title keeps the name where
    without it the kind's bare word would be left ("Befund"), and loses it otherwise. A
    field's words after the kind are no person."""
    text = (
        "Von: Prof. Dr. med. Katrin Vogelsang <kontakt@uniklinik.de>\n"
        "Gesendet: Freitag, 14. August 2026 09:49\nAn: info@hausarzt-bochum.de\n"
        f"Betreff: {subject}\nLiebe Kollegin, lieber Kollege,\nanbei der aktuelle Befund.\n"
        "Viele Grüße\nProf. Dr. med. Katrin Vogelsang\nUniklinik Köln\n"
    )
    assert (_fact(text, "patient"), _fact(text, "title")) == (patient, title)


def test_a_dutch_medical_centre_is_an_organisation() -> None:
    text = (
        "Maxima Medisch Centrum\nSpoedeisende Hulp\nDe Run 4600 · 5504 DB Veldhoven\n"
        "Fax +31 40 888 0000\nHausarztpraxis am Stadtpark\nParkstraße 3\n44787 Bochum\n"
        "DUITSLAND\nVeldhoven, 21 mei 2026\nBetreft: Poliklinische brief\n"
        "Patiënt: dhr. J. Hermanns, geb. 23-06-2011\nGeachte collega,\n"
    )
    assert _fact(text, "sender") == "Maxima Medisch Centrum"


def test_a_us_army_clinic_over_its_apo_address_is_the_sender() -> None:
    """The forces' "APO AE 09136" marks an address abroad: the clinic over it heads the
    letter, not a window."""
    text = (
        "DEPARTMENT OF THE ARMY\nU.S. ARMY HEALTH CLINIC VILSECK\nUNIT 28038, APO AE 09112\n"
        "05 AUG 2026\nHausärzte am Stadtpark\nParkstraße 3\n44787 Bochum\n"
        "MEMORANDUM FOR RECORD\nSUBJECT: Consultation Report\n"
        "1. Patient: VON DER HEIDE, Ursula   DOB: 06/01/1950\n"
    )
    assert _fact(text, "sender") == "U.S. ARMY HEALTH CLINIC VILSECK"


@pytest.mark.parametrize(
    "subject",
    ["Befund Echo Anna-Lena Ramelow", "Befund Langzeit EKG Ramelow", "Befund Echo Ramelow"],
)
def test_an_examination_in_a_subject_is_no_given_name(subject: str) -> None:
    """ "Betreff: Befund Echo Anna-Lena Ramelow" (the held-out set 50ae, blind): three words
    after the kind, the first the examination's, name no patient; nor does an examination's
    word before a surname."""
    text = (
        "Von: Kardiologie am Hafen <praxis@kardio-hafen.de>\n"
        "Gesendet: Freitag, 14. August 2026 09:49\nAn: info@hausarzt-rostock.de\n"
        f"Betreff: {subject}\nLiebe Kollegin, lieber Kollege,\nanbei der aktuelle Befund.\n"
        "Viele Grüße\nDr. med. Jan Möller\n"
    )
    assert _fact(text, "patient") is None
