"""Issue 50, seventh round: classes the last blind set (and the earlier ones) still missed,
written as rules of the class: an information block that prints each label over its value;
a sender named only at the letter's end or only in the return-address line; a date that a
signature follows on its line; a report's examination name as its title. Each test is a
letter of its own, written for the test."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from docvault.facts import propose
from docvault.facts.extract.known import Directory, fold, with_directory

TODAY = date(2026, 12, 1)


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def test_an_information_block_gives_the_letter_date_under_its_label() -> None:
    """Labels over their values: the birth, admission and discharge dates are not the
    letter's; "Date", "Fecha" or "Graz, am" over a date is."""
    english = (
        "Royal Fenland Hospitals NHS Trust\nDepartment of Acute Medicine\n"
        "Tel. +44 1223 555000 · Fax +44 1223 555001\n"
        "Royal Fenland Hospitals NHS Trust · Hills Road · Cambridge CB2 0QQ\n"
        "Dr Anna Roth\nPraxis am Markt\nMarktplatz 1\n47798 Krefeld\nGERMANY\n"
        "Patient name\nSTEIN, Maria\nDate of birth\n02/03/1961\nDate of admission\n"
        "09/02/2025\nDate of discharge\n12/02/2025\nDate\n17/02/2025\nDischarge Summary\n"
        "Dear Doctor,\nText.\n"
    )
    assert _fact(english, "letter_date") == "2025-02-17"
    spanish = english.replace("Date of admission", "Fecha de ingreso").replace(
        "Date of discharge", "Fecha de alta"
    )
    assert _fact(spanish.replace("Date\n17/02", "Fecha\n17/02"), "letter_date") == "2025-02-17"
    austrian = (
        "LKH Murtal\nAbteilung für Innere Medizin\nTel. +43 3572 8260 · Fax +43 3572 8261\n"
        "Frau Dr. Anna Roth\nPraxis am Markt\nMarktplatz 1\n47798 Krefeld\n"
        "Patient/in\nStein, Maria\nGeb.-Datum\n3. März 1961\nAmbulanzbesuch\n14. Jänner 2024\n"
        "Graz, am\n19. Jänner 2024\nAmbulanzbrief\nSehr geehrte Frau Kollegin!\nText.\n"
    )
    assert _fact(austrian, "letter_date") == "2024-01-19"


def test_a_date_followed_by_its_signature_on_the_same_line_is_the_letters() -> None:
    """ "Kassel, 01.06.2025   Dr. med. S. Quandt", "Befund vom 16.4.2024, Dr. med. A.
    Lüttge": the signature set apart after the date; a second date on the line is not."""
    signed = (
        "Radiologie am Stern\nSternstraße 9 · 34117 Kassel · Tel. 0561 1000\n"
        "Patient: Kraus, Ben, geb. 20.02.2006\nMRT der LWS nativ\nBefund: unauffällig.\n"
        "Kassel, 01.06.2025   Dr. med. S. Quandt, Fachärztin für Radiologie\n"
    )
    assert _fact(signed, "letter_date") == "2025-06-01"
    reported = signed.replace(
        "Kassel, 01.06.2025   Dr. med. S. Quandt", "Befund vom 16.4.2025, Dr. med. S. Quandt"
    )
    assert _fact(reported, "letter_date") == "2025-04-16"
    two_dates = signed.replace("Dr. med. S. Quandt", "Kontrolle 01.09.2025")
    assert _fact(two_dates, "letter_date") is None


def test_the_typed_date_is_the_letters_only_where_it_gives_no_other() -> None:
    """ "Clinic date / Dictated / Typed" over a letter without a date of its own: the day it
    was typed; with a date on a line of its own, that one."""
    head = (
        "Northfield Hospitals NHS Trust\nEastfield Road, Northfield NF4 7QX\n"
        "Clinic date: 11/06/2024  Dictated: 11/06/2024  Typed: 19/06/2024\n"
        "Dr Anna Roth\nPraxis am Markt\nMarktplatz 1\n47798 Krefeld\n"
    )
    body = "Re: Mr Andreas ASSMANN  DOB: 02/01/1973\nDear Dr Roth,\nText.\n"
    assert _fact(head + body, "letter_date") == "2024-06-19"
    assert _fact(head + "21 June 2024\n" + body, "letter_date") == "2024-06-21"


def test_a_sender_named_only_at_the_letters_end_with_its_address_is_proposed() -> None:
    """No letter head: the organisation under the closing (or in the last lines) with its
    address is the sender; the practice in the address window never is."""
    footer = (
        "Herrn Dr. med. Arne Pohl\nPraxis am Markt\nMarktplatz 1\n47906 Kempen\n4. April 2024\n"
        "Ärztlicher Entlassungsbericht\nSehr geehrte Kolleginnen und Kollegen,\nText.\n"
        "Mit freundlichen Grüßen\n"
        "Rehazentrum Eifelhöhe · Fachklinik für Orthopädie · Kurallee 4 · 53902 Bad Münstereifel\n"
    )
    assert _fact(footer, "sender") == "Rehazentrum Eifelhöhe"
    note = (
        "Mitteilung an den Hausarzt\nAn: Praxis am Markt\nBewohner/in: ARSLAN, Javier\n"
        "Wir bitten um einen Hausbesuch.\nDatum: 21.02.2024\n"
        "Seniorenzentrum Haus Niersblick\nWohn- und Pflegeeinrichtung\n"
        "Gartenstraße 18 · 41751 Viersen\nTel. 02162 50 99-0\n"
    )
    assert _fact(note, "sender") == "Seniorenzentrum Haus Niersblick"
    copied = footer.replace("Rehazentrum", "Kopie an:\nRehazentrum")
    assert _fact(copied, "sender") is None


def test_the_return_line_names_the_sender_over_an_office_in_the_reference_block() -> None:
    """ "Kreis Viersen · Rathausmarkt 3 · 41747 Viersen" over the address window, "Amt" over
    "Amt für Soziales" in the block under it: the district writes, not its office."""
    letter = (
        "Kreis Viersen\nDer Landrat\nKreis Viersen · Rathausmarkt 3 · 41747 Viersen\n"
        "Praxis am Markt\nFrau Dr. med. Anna Roth\nMarktplatz 1\n41751 Viersen\n"
        "Amt\nAmt für Soziales\nAktenzeichen\n53-2/200679\nViersen, 20.08.2024\n"
        "Anforderung eines Befundberichtes\nSehr geehrte Damen und Herren,\nText.\n"
    )
    assert _fact(letter, "sender") == "Kreis Viersen"
    polish = (
        "Szpital Wojewódzki w Opolu\nOddział Chorób Wewnętrznych\nOpole, dnia 30.06.2025 r.\n"
        "Szpital Wojewódzki w Opolu · ul. Katowicka 64 · 45-061 Opole, Polska\n"
        "Frau Dr. med. Anna Roth\nPraxis am Markt\nMarktplatz 1\n47798 Krefeld\nNIEMCY\n"
        "Pacjent\nRIEDEL, PETER\nKarta informacyjna leczenia szpitalnego\nText.\n"
    )
    assert _fact(polish, "sender") == "Szpital Wojewódzki w Opolu"


def test_a_forms_stamp_filled_in_under_its_field_is_the_sender() -> None:
    form = (
        "Überweisungsschein\nName, Vorname des Versicherten\nNeumann, Günter\ngeb. am\n30.12.62\n"
        "Überweisung an: Praxis am Markt\nAuftrag: Weiterbehandlung\n"
        "Vertragsarztstempel / Unterschrift des Arztes\nHNO-Praxis Dr. Aksoy\n"
        "Dr. med. Selin Aksoy\nBahnhofstraße 40 · 47877 Willich\n"
    )
    assert _fact(form, "sender") == "HNO-Praxis Dr. Aksoy"


def test_a_reports_examination_over_its_first_section_is_the_title() -> None:
    """ "MRT der LWS nativ" over "Klinische Angabe: ...": the title; a section's own name
    over the next section is not; nor a status under a title already read."""
    report = (
        "Radiologie Nordwest\nDießemer Bruch 81 · 47805 Krefeld · Tel. 02151 3000\n"
        "Patient:\nMöller, Rita\ngeb. am:\n26.03.1951\nBefunddatum:\n16.10.2024\n"
        "MRT der LWS nativ\nKlinische Angabe: Rückenschmerz.\nBefund: unauffällig.\n"
    )
    assert _fact(report, "title") == "MRT der LWS nativ"
    section = report.replace("MRT der LWS nativ\n", "Klinische Angaben\n").replace(
        "Klinische Angabe: Rückenschmerz.", "Fragestellung: Rückenschmerz?"
    )
    assert _fact(section, "title") is None
    laboratory = (
        "Labor Dr. Kesseler MVZ\nIndustriering Ost 22, 47906 Kempen · Tel. 02152 5566-0\n"
        "LABORBEFUND\nTeilbefund\nPatient:\nDEMIR, ELISABETH\nGeb.-Datum:\n03.11.61\n"
    )
    assert _fact(laboratory, "title") == "Laborbefund"


def test_the_person_in_care_is_the_patient_whatever_the_writer_calls_them() -> None:
    """A nursing service's client, a care home's resident, an employer's employee: the
    patient's label, and the heading over it is the title."""
    nursing = (
        "Pflege zu Hause\nPraxis am Markt\nDr. med. Anna Roth\nMarktplatz 1\n79098 Freiburg\n"
        "Bitte um Verordnung häuslicher Krankenpflege\nKlient/in\nDemir, Ralf\nGeburtsdatum\n"
        "11.01.1939\nSehr geehrte Frau Dr. Roth,\nText.\n"
    )
    assert _fact(nursing, "title") == "Bitte um Verordnung häuslicher Krankenpflege"
    resident = "Mitteilung an den Hausarzt\nBewohner/in: ARSLAN, Javier\nText.\n"
    assert _fact(resident, "patient") == "Javier Arslan"
    employee = "Werksärztlicher Dienst\nMitarbeiter/in: Dubois, Dragan\nText.\n"
    assert _fact(employee, "patient") == "Dragan Dubois"


def test_a_heading_over_the_salutation_names_its_case_in_brackets_or_stands_over_a_reference() -> (
    None
):
    insurer = (
        "BKK Rheinwerk · Postfach 10 44 20 · 50484 Köln\nPraxis am Markt\nMarktplatz 1\n"
        "50933 Köln\nDatum 01.10.2025\nAnfrage zur Arbeitsunfähigkeit (Krankengeldfall)\n"
        "Sehr geehrte Damen und Herren,\nText.\n"
    )
    assert _fact(insurer, "title") == "Anfrage zur Arbeitsunfähigkeit (Krankengeldfall)"
    referred = (
        "Lungenpraxis Köln-Nippes · Neusser Straße 280 · 50733 Köln\nPraxis am Markt\n"
        "Marktplatz 1\n50933 Köln\nDatum: 23.07.2025\n"
        "Lungenfunktionsprüfung und Bodyplethysmographie\nIhre Überweisung vom 25.06.2025\n"
        "Sehr geehrte Kolleginnen und Kollegen,\nText.\n"
    )
    assert _fact(referred, "title") == "Lungenfunktionsprüfung und Bodyplethysmographie"


def test_kinds_of_document_named_with_an_organisations_word_or_in_other_words() -> None:
    """ "Laborbefund – Endbefund" holds "Labor" and is still a kind (filed as "Laborbefund"
    since the twelfth round: "Endbefund" is the report's state, not its kind); a medication
    plan, a consultation ("Konsilium") and a Swedish "Epikris" are kinds of their own."""
    laboratory = (
        "Labor Dr. Krautheim & Kollegen\nPraxis am Markt\nMarktplatz 1\n34233 Fuldatal\n"
        "Laborbefund – Endbefund\nName / Vorname:\nGÜNTHER, Birgit\ngeb.:\n22.11.1955\n"
    )
    assert _fact(laboratory, "title") == "Laborbefund"
    plan = "Medikationsplan\nfür: Lukas Lehmann   geb. am: 05.06.1976\nWirkstoff   Stärke\n"
    assert _fact(plan, "title") == "Medikationsplan"


def test_a_practices_name_over_its_description_is_the_sender() -> None:
    physiotherapy = (
        "Physiotherapie Bewegungsraum\nPraxis für Krankengymnastik, Manuelle Therapie\n"
        "Praxis am Markt\nDr. med. Anna Roth\nMarktplatz 1\n34317 Habichtswald\n"
        "Therapiebericht\nPatient/in: Peter Simon   Geburtsdatum: 23.02.1956\nText.\n"
    )
    assert _fact(physiotherapy, "sender") == "Physiotherapie Bewegungsraum"
    institute = (
        "Institut für Pathologie Nordhessen\nEingangs-Nr. E-2024-2808\nPraxis am Markt\n"
        "Dr. med. Anna Roth\nMarktplatz 4\n34128 Kassel\nPat.: Birgit Kowalski\n"
        "Histologischer Befund\nText.\n"
    )
    assert _fact(institute, "sender") == "Institut für Pathologie Nordhessen"
    department = (
        "Zentrale Notaufnahme · Klinikum Rheinbogen\nNeusser Straße 401 · 50733 Köln · "
        "Tel. 0221 8907-1100\nAmbulanzbrief\nPatient: BÜTTNER, Laura   geb.: 30.01.1955\n"
    )
    assert _fact(department, "sender") == "Klinikum Rheinbogen"
    # A person before the practice on the first line is the addressee's window, no head.
    addressee = (
        "Frau Dr. Anna Roth · Praxis am Markt\nMarktplatz 1\n50733 Köln\nTel. 0221 1000\nText.\n"
    )
    assert _fact(addressee, "sender") is None


def test_a_printed_mail_or_a_form_signed_only_with_a_stamp_names_its_sender_there() -> None:
    mail = (
        "Von: praxis@neuro-koenigstor.example\nDatum: 2024-06-11 11:47\nAn: Praxis am Markt\n"
        "Betreff: Befund EEG\nLiebe Kolleginnen und Kollegen,\nanbei der Befund.\n"
        "EEG vom 09.06.2024: regelrechter Grundrhythmus.\nKeine Herdbefunde.\n"
        "Kontrolle nicht nötig.\n--\nDr. med. Wiebke Thalmann\nNeurologische Praxis am Königstor\n"
        "Königstor 21 · 34117 Kassel · Tel. 0561 7011220\n"
    )
    assert _fact(mail, "sender") == "Neurologische Praxis am Königstor"
    form = (
        "Krankenkasse bzw. Kostenträger\nAOK Hessen\nName, Vorname des Versicherten\n"
        "Bergmann, Marco   geb. am 20.10.60\nSchulstraße 103  34233 Fuldatal\n"
        "Überweisungsschein\nÜberweisung an: Allgemeinmedizin\nDiagnose: Hypothyreose\n"
        "Datum 31.01.25\nFrauenarztpraxis Dr. med. Ilka Nordmann\n"
        "BSNR 48 7712300 · Wilhelmsstraße 3, 34117 Kassel\n"
    )
    assert _fact(form, "sender") == "Frauenarztpraxis Dr. med. Ilka Nordmann"


def test_with_the_clinics_window_left_out_the_organisation_over_its_own_address_sends() -> None:
    """The clinic's address window first, then the hospital's name over its address without
    a telephone: knowing the clinic's own name, the hospital is the sender. (The rules alone
    left it open until the twelfth round: an address ending with a country abroad,
    "Nederland", is now a head's, never the practice's own window, so they read it too.)"""
    letter = (
        "Jonas Brenner\nPraxis am Markt\nMarktplatz 7\nD-50733 Köln\nDuitsland\n"
        "Ziekenhuis Rijnoever\nAfdeling Interne Geneeskunde\n"
        "Postbus 9101, 6500 HB Nijmegen, Nederland\nNijmegen, 11 juli 2025\nOntslagbrief\n"
        "Geachte collega,\nText.\n"
    )
    directory = replace(Directory(), own_names=frozenset({fold("Praxis am Markt")}))
    proposals = propose(letter, TODAY)
    assert proposals["sender"].value == "Ziekenhuis Rijnoever"
    assert with_directory(proposals, letter, directory)["sender"].value == "Ziekenhuis Rijnoever"
    at_home = letter.replace("Postbus 9101, 6500 HB Nijmegen, Nederland", "Postfach 12, 50667 Köln")
    assert "sender" not in propose(at_home, TODAY)  # an address at home: perhaps a window


def test_a_forms_row_of_numbers_gives_the_date_under_its_column_and_a_time_beside_it() -> None:
    form = (
        "Krankenkasse bzw. Kostenträger: IKK classic\nName, Vorname des Versicherten\n"
        "Faller, Theresia\ngeb. am 03.05.48\n"
        "Betriebsstätten-Nr.  Arzt-Nr.     Datum\n301432619            708594309    06.05.23\n"
        "Überweisungsschein\n"
    )
    assert _fact(form, "letter_date") == "2023-05-06"
    emergency = (
        "Notfallpraxis am Klinikum\nBefundbericht für den weiterbehandelnden Arzt\n"
        "Name, Vorname:\nRees, Urs\ngeb. am:\n22.12.39\nDatum / Uhrzeit:\n16.12.2024  22:19\n"
    )
    assert _fact(emergency, "letter_date") == "2024-12-16"
    assert _fact(emergency, "title") == "Befundbericht für den weiterbehandelnden Arzt"


def test_a_patients_line_with_a_comma_is_no_place_and_date() -> None:
    """ "Herr Oskar Frey, 15.5.1938, Rebbergstrasse 137": the patient and the birth date,
    which leave "Basel, 20.10.2023" the letter's date."""
    letter = (
        "Universitätsspital Basel\nPetersgraben 4 · CH-4031 Basel · Tel. +41 61 265 25 25\n"
        "Basel, 20.10.2023\nAustrittsbericht\nHerr Oskar Frey, 15.5.1938, Rebbergstrasse 137\n"
        "Sehr geehrte Frau Kollegin\nText.\n"
    )
    assert _fact(letter, "letter_date") == "2023-10-20"


def test_a_department_or_a_specialty_over_the_hospital_is_not_the_sender() -> None:
    department = (
        "Medizinische Klinik · Chefarzt Dr. med. Armin Gschwind\nKreiskrankenhaus Emmendingen\n"
        "Gartenstraße 44 · 79312 Emmendingen\n"
        "Kreiskrankenhaus Emmendingen · Gartenstraße 44 · 79312 Emmendingen\n"
        "Praxis am Markt\nDr. med. Anna Roth\nMarktplatz 1\n79102 Freiburg\n"
        "Emmendingen, 27.03.2025\nArztbrief\nSehr geehrte Kolleginnen und Kollegen,\nText.\n"
    )
    assert _fact(department, "sender") == "Kreiskrankenhaus Emmendingen"
    spelled = (
        "Fachaerzte fuer Laboratoriumsmedizin\nMVZ Labor Oberrhein\n"
        "Tullastrasse 4 · 79108 Freiburg\n"
        "MVZ Labor Oberrhein · Tullastrasse 4 · 79108 Freiburg\nPraxis am Markt\nMarktplatz 1\n"
        "79235 Vogtsburg\nPatient: ZAEHRINGER, PAULA\nLaborbefund\n"
    )
    assert _fact(spelled, "sender") == "MVZ Labor Oberrhein"


def test_a_subject_naming_only_the_patient_is_no_title_and_a_care_forms_name_needs_its_order() -> (
    None
):
    subject = (
        "Neurologische Praxis am Martinstor\nKaiser-Joseph-Strasse 233 · 79098 Freiburg\n"
        "Praxis am Markt\nMarktplatz 1\n79379 Muellheim\nDatum: 29.12.23\n"
        "Betr.: Ihren Patienten Herrn Florian Huegle, geboren am 26. September 1994\n"
        "Neurologischer Befundbericht\nSehr geehrte Frau Kollegin,\nText.\n"
    )
    assert _fact(subject, "title") == "Neurologischer Befundbericht"
    unordered = "Mitteilung an den Hausarzt\nKlient/in: Krause Klaus Andreas\nText.\n"
    assert _fact(unordered, "patient") is None  # "Krause" may be either name
    roomed = "Mitteilung an den Hausarzt\nBewohner/in: Krause Klaus, Zimmer 212\nText.\n"
    assert _fact(roomed, "patient") is None  # the comma after the name, not the surname


def test_a_forms_label_is_no_title_and_a_stray_stop_leaves_a_heading() -> None:
    """ "Patient" over "Geburtsdatum" (a form's labels over their values) is no heading; the
    CPU engine's full stop between a heading's words ("Vorläufiger. Entlassbericht") goes."""
    labels = (
        "RADIOLOGIE AM STERN\nSternstraße 9 · 34117 Kassel · Tel. 0561 1000\nPatient\n"
        "Geburtsdatum\nKraus, Ben\n20.02.2006\nBefund: unauffällig.\n"
    )
    assert _fact(labels, "title") is None
    stray = (
        "Klinikum am Park\nParkweg 1 · 34117 Kassel · Tel. 0561 2000\nVorläufiger. Entlassbericht\n"
        "Patient: Kraus, Ben, geb. 20.02.2006\nSehr geehrte Kollegen,\nText.\n"
    )
    assert _fact(stray, "title") == "Vorläufiger Entlassbericht"


def test_an_insurers_request_form_is_sent_by_the_insurer_it_names() -> None:
    """Muster 52 ("Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit"): the
    insurer in its insurance field sent it; on a referral form the same field names the
    patient's insurer, who sent nothing."""
    request = (
        "Praxis am Markt\nDr. med. Anna Roth\nMarktplatz 1\n79102 Freiburg\n52\n"
        "Krankenkasse bzw. Kostenträger\nAOK Baden-Württemberg\n"
        "Name, Vorname des Versicherten\nEbner, Katharina\ngeb. am\n02.09.84\n"
        "Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit\n"
        "Ihre Patientin ist seit 09.01.2024 arbeitsunfähig.\n"
    )
    assert _fact(request, "sender") == "AOK Baden-Württemberg"
    referral = request.replace(
        "Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit", "Überweisungsschein"
    )
    assert _fact(referral, "sender") != "AOK Baden-Württemberg"


def test_a_receipt_stamp_read_over_two_lines_and_a_clinics_consultation_hour_are_left_out() -> None:
    """The CPU engine reads a line between "RECEIVED" and the stamp's date; "Sprechstunde
    Gastroenterologie" in the letter head is a part of the hospital, no title."""
    stamped = (
        "After Hours Home Doctor Service\nRECEIVED\nUrgent home visits · 0800 24 7 999\n"
        "24.01.2024\nAfter-Hours Consultation Report\nPatient: Mr James ROSSI\n"
        "Date of visit\n22 January 2024\nText.\n"
    )
    assert _fact(stamped, "letter_date") is None  # the visit's date only: no letter date
    head = (
        "Kantonsspital Glarnerland\nMedizinische Klinik\nSprechstunde Gastroenterologie\n"
        "Patient\nDr. med. Erika Ludwig\nBurgstrasse 99 · 8750 Glarus · Tel. +41 55 646 33 34\n"
    )
    assert _fact(head, "title") is None


def test_a_heading_with_its_day_a_bilingual_heading_and_a_doubled_patient_label() -> None:
    accident = (
        "BG Bau und Handwerk\nPostfach 10 10 · 50321 Brühl · Tel. 02232 9000\n"
        "Praxis am Markt\nMarktplatz 1\n50259 Pulheim\nDatum 28.01.2024\n"
        "Arbeitsunfall vom 12.12.2023\nVersicherte/r: SCHÄFER, Karin, geb. 29.05.1986\nText.\n"
    )
    assert _fact(accident, "title") == "Arbeitsunfall vom 12.12.2023"
    bilingual = (
        "Ospedale di Bolzano\nVia Böhler 5 · 39100 Bozen / Bolzano · Tel. +39 0471 908111\n"
        "Verlegungsbericht / Lettera di trasferimento\nPatient / Paziente:\nRossi, Marco\n"
    )
    assert _fact(bilingual, "title") == "Verlegungsbericht"
    doubled = (
        "Institut für Pathologie Zürich\nSchmelzbergstrasse 12 · 8091 Zürich · Tel. 044 255 11 11\n"
        "Zürich, 16. Februar 2025\nHistologischer Befund und Procedere\n"
        "Patientin/Patient: Walter, Leonie, 04.02.1976\nText.\n"
    )
    assert _fact(doubled, "title") == "Histologischer Befund und Procedere"
