"""Issue 50, eighth round: letters in the languages of the countries around Germany (Danish,
Swedish, Norwegian, Polish, Czech, Slovak, Hungarian, Spanish, Italian) read as German and
English ones are: their dates (a Hungarian year first, a Scandinavian place with no comma),
their name and birth labels, their subject labels, kinds of letter and closings; and a
form's bare "Name" field printed over its value. Each test is a letter of its own, written
for the test."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from docvault.facts import propose

TODAY = date(2026, 12, 1)

PRACTICE = "Hausarztpraxis am Deich\nDr. med. Frauke Jessen\nDeichstraße 4\n25813 Husum\n"


def _fact(text: str, field: str) -> str | None:
    found = propose(text, TODAY).get(field)
    return found.value if found else None


def test_a_danish_discharge_letter_gives_patient_birth_date_letter_date_and_kind() -> None:
    """ "Navn:", "Fødselsdato:", "Århus, den 3. marts 2026" and "Epikrise" under "Vedr.:"."""
    danish = (
        "Aarhus Universitetshospital\nMedicinsk Afdeling · Palle Juul-Jensens Boulevard 99\n"
        f"{PRACTICE}Århus, den 3. marts 2026\nVedr.: Epikrise\n"
        "Navn: Sofie Nielsen\nFødselsdato: 12.04.1958\nIndlagt: 24.02.2026\n"
        "Kære kollega,\nPatienten blev indlagt med pneumoni.\nMed venlig hilsen\n"
        "Overlæge Rasmus Mortensen\n"
    )
    assert _fact(danish, "patient") == "Sofie Nielsen"
    assert _fact(danish, "born") == "1958-04-12"
    assert _fact(danish, "letter_date") == "2026-03-03"
    assert _fact(danish, "title") == "Epikrise"
    assert _fact(danish, "sender") == "Aarhus Universitetshospital"


def test_a_scandinavian_place_and_date_need_no_comma() -> None:
    """ "Lund den 3 mars 2026" at the end of a Swedish referral answer is its date; the
    admission's date in the letter is not."""
    swedish = (
        "Skånes universitetssjukhus\nKlinisk fysiologi · 221 85 Lund\n"
        f"{PRACTICE}Remissvar\nNamn: Lars Andersson\nFödelsedatum: 1949-07-30\n"
        "Inskriven: 2026-02-20\nBästa kollega,\nArbetsprov utan ischemi.\n"
        "Med vänliga hälsningar\nLund den 3 mars 2026\nDr. Karin Lindqvist\n"
    )
    assert _fact(swedish, "letter_date") == "2026-03-03"
    assert _fact(swedish, "born") == "1949-07-30"
    assert _fact(swedish, "patient") == "Lars Andersson"
    assert _fact(swedish, "title") == "Remissvar"


def test_a_hungarian_letter_writes_its_year_first() -> None:
    """ "Budapest, 2026. március 3." and "Szül.: 1961. 05. 14.": the year first, then month
    and day, each closed by a stop; the name under "Beteg neve" surname first, as Hungarian
    writes it; a Czech "Pacient:" name only where its order shows."""
    hungarian = (
        "Semmelweis Egyetem Kórház\nBelgyógyászati Klinika · Üllői út 26 · 1085 Budapest\n"
        f"{PRACTICE}Budapest, 2026. március 3.\nZárójelentés\n"
        "Beteg neve: KOVÁCS János\nSzül.: 1961. 05. 14.\nFelvétel: 2026. február 24.\n"
        "Tisztelt Kolléga!\nA beteget pneumonia miatt kezeltük.\nTisztelettel\nDr. Nagy Péter\n"
    )
    assert _fact(hungarian, "letter_date") == "2026-03-03"
    assert _fact(hungarian, "born") == "1961-05-14"
    assert _fact(hungarian, "patient") == "János Kovács"
    assert _fact(hungarian, "title") == "Zárójelentés"
    # Hungarian writes the surname first, in capitals or not.
    assert _fact(hungarian.replace("KOVÁCS János", "Kovács János"), "patient") == "János Kovács"
    czech = hungarian.replace("Beteg neve: KOVÁCS János", "Pacient: Novák Jan")
    assert _fact(czech, "patient") is None  # which word is the surname, unsaid


def test_polish_czech_and_spanish_birth_labels_and_places() -> None:
    """ "ur. 03.03.1955", "nar. 3. 3. 1955", "Fecha de nacimiento" give the birth date;
    "W Opolu dnia", "Madrid, a 3 de marzo de 2026" the letter's."""
    polish = (
        "Szpital Wojewódzki w Opolu\nOddział Chorób Wewnętrznych\n"
        f"{PRACTICE}Karta informacyjna\nPacjent: KOWALSKA, Anna, ur. 03.03.1955\n"
        "Szanowni Państwo,\nPacjentka była hospitalizowana.\nZ poważaniem\n"
        "W Opolu dnia 10.02.2026 r.\nlek. med. Tomasz Nowak\n"
    )
    assert _fact(polish, "born") == "1955-03-03"
    assert _fact(polish, "letter_date") == "2026-02-10"
    czech = (
        "Fakultní nemocnice Plzeň\nInterní klinika · alej Svobody 80 · 304 60 Plzeň\n"
        f"{PRACTICE}Věc: Propouštěcí zpráva\nPacient: NOVÁK Jan, nar. 3. 3. 1955\n"
        "Vážená paní doktorko,\ntext.\nS pozdravem\nV Plzni dne 12. 2. 2026\nMUDr. Petr Svoboda\n"
    )
    assert _fact(czech, "born") == "1955-03-03"
    assert _fact(czech, "letter_date") == "2026-02-12"
    assert _fact(czech, "title") == "Propouštěcí zpráva"
    assert _fact(czech, "sender") == "Fakultní nemocnice Plzeň"
    spanish = (
        "Hospital Universitario La Paz\nServicio de Medicina Interna · Madrid\n"
        f"{PRACTICE}Madrid, a 3 de marzo de 2026\nAsunto: Informe de alta\n"
        "Paciente: GARCÍA LÓPEZ, María\nFecha de nacimiento: 14/05/1961\n"
        "Fecha de ingreso: 20/02/2026\nEstimado colega:\ntexto.\nAtentamente\n"
        "Dra. Lucía Fernández\n"
    )
    assert _fact(spanish, "born") == "1961-05-14"
    assert _fact(spanish, "letter_date") == "2026-03-03"
    assert _fact(spanish, "title") == "Informe de alta"


def test_a_forms_bare_name_field_over_its_value_names_the_patient() -> None:
    """ "Name" over "Hartmann, Florian" and "Geb.-Datum" over its date: an appointment
    slip's fields; "Name" over a doctor's or a number is no patient."""
    slip = (
        "Radiologie am Hafen\nRadiologische Gemeinschaftspraxis · Hafenstraße 1 · 24103 Kiel\n"
        "Ihr Termin bei uns\nName\nHartmann, Florian\nGeb.-Datum\n13.05.1961\n"
        "Untersuchung\nCT Thorax\n"
    )
    assert _fact(slip, "patient") == "Florian Hartmann"
    assert _fact(slip, "born") == "1961-05-13"
    doctor = slip.replace("Hartmann, Florian", "Dr. med. Jens Petersen")
    assert _fact(doctor, "patient") is None
    number = slip.replace("Hartmann, Florian", "Hartmann 4711")
    assert _fact(number, "patient") is None


def test_a_heading_of_kind_patient_and_birth_date_gives_the_kind_as_title() -> None:
    """ "Konsilium betreffend Gisela Schmitt, geb. 14.06.2000" and "Entlassungsbericht über
    Herrn Peter Maier, geb. ...": the kind is the title; a sentence naming the patient is
    none."""
    consult = (
        "Kantonsspital Winterthur\nKlinik für Neurologie\n"
        f"{PRACTICE}Winterthur, 7. Juli 2026\n"
        "Konsilium betreffend Gisela Elfriede Schmitt, geb. 14.06.2000\n"
        "Sprechstunde vom 05.07.2026\nWir danken für die Zuweisung.\n"
    )
    assert _fact(consult, "title") == "Konsilium"
    discharge = consult.replace(
        "Konsilium betreffend Gisela Elfriede Schmitt",
        "Entlassungsbericht über Herrn Peter Maier",
    )
    assert _fact(discharge, "title") == "Entlassungsbericht"
    sentence = consult.replace(
        "Konsilium betreffend Gisela Elfriede Schmitt",
        "Wir berichten über Frau Gisela Elfriede Schmitt",
    )
    assert _fact(sentence, "title") is None


def test_a_fax_cover_in_two_languages_is_left_out_of_the_letter() -> None:
    """A Czech cover ("FAX – průvodní list", "Pro / An:", "Od / Von:", "Věc:") is a cover:
    its subject is not the letter's title, its date not the letter's."""
    from docvault.facts import document_text

    cover = (
        "08-03-2026 11:48   FAX +420 412 332 150   NEMOCNICE RUMBURK      Str. 1/2\n"
        "FAX – průvodní list\nPro / An: Hausarztpraxis am Deich\nFax: 04841 1234\n"
        "Od / Von: Nemocnice Rumburk\nPočet stran vč. titulní / Seiten: 2\n"
        "Věc: lékařská zpráva\nDatum: 08.03.2026\n"
    )
    letter = (
        "Nemocnice Rumburk, p.o.\nKrankenhaus Rumburk · Chirurgische Abteilung\n"
        f"{PRACTICE}Rumburk, 2. 3. 2026\nAmbulanter Bericht\n"
        "Patient: Hoffmann-Strauß, Mandy\nSehr geehrte Kollegen, text.\n"
    )
    text = document_text([cover, letter])
    assert "průvodní" not in text
    assert _fact(text, "title") == "Ambulanter Bericht"
    assert _fact(text, "letter_date") == "2026-03-02"


def test_a_name_that_starts_with_its_particle_stands_surname_first() -> None:
    """ "Patient: van der Linden Maartje" (a pharmacy's list): no given name starts with
    "van", so the surname comes first."""
    pharmacy = (
        "Löwen-Apotheke\nInh. Apotheker Jens Ladusch e. K. · Reichenstraße 5 · 02625 Bautzen\n"
        "An: Hausarztpraxis am Deich\nRückfrage zur Verordnung\n"
        "Patient: van der Linden Maartje\nSehr geehrte Praxis, text.\n"
    )
    assert _fact(pharmacy, "patient") == "Maartje van der Linden"
    given_first = pharmacy.replace("van der Linden Maartje", "Maartje van der Linden")
    assert _fact(given_first, "patient") == "Maartje van der Linden"


def test_a_senders_name_without_its_logo_letters_doctor_or_possessive() -> None:
    """ "BGHM Berufsgenossenschaft Holz und Metall" (the acronym of the name after it),
    "Herz- und Gefäßpraxis Leipzig-Süd, Dr. med. Ulf Sommerfeld", "Ihre AOK PLUS", and a
    town's office under the town ("Landeshauptstadt Dresden" over "Gesundheitsamt")."""
    head = "{}\nPostfach 1 · 01001 Dresden\n" + PRACTICE + "Dresden, 01.09.2026\nAnfrage\n"
    body = "Patient: Anna Roth, geb. 01.02.1960\nSehr geehrte Damen und Herren,\ntext.\n"
    assert _fact(head.format("BGHM Berufsgenossenschaft Holz und Metall") + body, "sender") == (
        "Berufsgenossenschaft Holz und Metall"
    )
    assert _fact(head.format("MVZ Labor Oberrhein") + body, "sender") == "MVZ Labor Oberrhein"
    assert _fact(head.format("Ihre AOK PLUS") + body, "sender") == "AOK PLUS"
    practice = "Herz- und Gefäßpraxis Leipzig-Süd, Dr. med. Ulf Sommerfeld"
    assert _fact(head.format(practice) + body, "sender") == "Herz- und Gefäßpraxis Leipzig-Süd"
    office = "Landeshauptstadt Dresden\nGesundheitsamt · Infektionsschutz"
    assert _fact(head.format(office) + body, "sender") == (
        "Landeshauptstadt Dresden – Gesundheitsamt"
    )


def test_a_headings_patient_after_a_dash_and_its_adjectives() -> None:
    """ "Anfrage zur Antikoagulation – Měrana Krawc" over "geb. ...": the patient after the
    dash is no part of the title, a kind after it is ("Arbeitsunfall – Anforderung
    Verlaufsbericht"); "Anforderung eines ärztlichen Befundberichts" is a heading over
    the subject line under it."""
    letter = (
        "Zahnarztpraxis Dr. med. dent. Mirela Kowalski\nBerliner Straße 44 · 02826 Görlitz\n"
        f"{PRACTICE}Görlitz, 17. August 2026\n"
        "Anfrage zur Antikoagulation vor Zahnextraktion – Měrana Krawc\ngeb. 11.08.1994\n"
        "Sehr geehrte Kollegin, sehr geehrter Kollege,\ntext.\n"
    )
    assert _fact(letter, "title") == "Anfrage zur Antikoagulation vor Zahnextraktion"
    accident = letter.replace(
        "Anfrage zur Antikoagulation vor Zahnextraktion – Měrana Krawc",
        "Arbeitsunfall – Anforderung Verlaufsbericht",
    )
    assert _fact(accident, "title") == "Arbeitsunfall – Anforderung Verlaufsbericht"
    pension = (
        "Deutsche Rentenversicherung\nMitteldeutschland\n"
        "Georg-Schumann-Straße 146 · 04159 Leipzig\n"
        f"{PRACTICE}Leipzig, 09.08.26\nAnforderung eines ärztlichen Befundberichts\n"
        "Antrag auf Rente wegen Erwerbsminderung\nName: Çelik    Vorname: Emine\n"
        "Geburtsdatum: 30.10.1955\nSehr geehrte Damen und Herren,\ntext.\n"
    )
    assert _fact(pension, "title") == "Anforderung eines ärztlichen Befundberichts"


def test_a_scandinavian_identity_number_gives_the_birth_date() -> None:
    """Denmark's CPR number, Sweden's personnummer and Norway's fødselsnummer hold the
    birth date (their centuries by each country's rule); the subject that names the patient
    and the number is no title, the place before an ISO date is the letter's date."""
    danish = (
        "Grænselandets Sygehus, Aabenraa\nMedicinsk Afdeling\n"
        f"{PRACTICE}Aabenraa, den 10. august 2026\nEpikrise\n"
        "Vedr.: Torben Müller, CPR-nr. 120118-9221\nKære kollega,\ntekst.\n"
    )
    assert _fact(danish, "born") == "2018-01-12"
    assert _fact(danish, "patient") == "Torben Müller"
    assert _fact(danish, "title") == "Epikrise"
    assert _fact(danish.replace("120118-9221", "120118-1221"), "born") == "1918-01-12"
    # A CPR number has four digits after the birth date; five are no CPR number's.
    assert _fact(danish.replace("120118-9221", "120118-92211"), "born") is None
    swedish = (
        "Skånes Kustsjukhus Helsingborg\nOrtopedkliniken\n"
        f"{PRACTICE}Helsingborg 2026-07-31\nEpikris\nPatient: Lassen, Björn\n"
        "Personnummer/reservnummer: 19780614-8448\nBästa kollega,\ntext.\n"
    )
    assert _fact(swedish, "born") == "1978-06-14"
    assert _fact(swedish, "letter_date") == "2026-07-31"
    short = swedish.replace("19780614-8448", "200101+1234")
    assert _fact(short, "born") == "1920-01-01"  # "+": a hundred years or more
    norwegian = swedish.replace(
        "Personnummer/reservnummer: 19780614-8448", "Fødselsnummer: 01021055512"
    )
    assert _fact(norwegian, "born") == "2010-02-01"
    subject = danish.replace(
        "Vedr.: Torben Müller, CPR-nr. 120118-9221", "Vedrørende: Demir, Bernd, født 31. marts 1940"
    )
    assert _fact(subject, "title") == "Epikrise"
    assert _fact(subject, "born") == "1940-03-31"


def test_a_findings_date_label_is_the_letters_date_and_no_title() -> None:
    """ "Befund vom: 21.04.2026   Endbefund" on a lab report: its date, not its heading."""
    lab = (
        "MVZ Labordiagnostik Altona\nMax-Brauer-Allee 150 · 22765 Hamburg\n"
        f"{PRACTICE}Name: MEYER-WULF, Vorname: Birte\nGeb.-Datum: 21.05.1968\n"
        "Entnahme: 19.04.2026 08:37   Eingang: 20.04.2026\nBefund vom: 21.04.2026   Endbefund\n"
        "Analyse   Ergebnis\n"
    )
    assert _fact(lab, "letter_date") == "2026-04-21"
    assert _fact(lab, "title") is None


def test_a_relatives_line_is_not_the_patients_and_a_child_is_named_by_its_label() -> None:
    """ "Kind: Mila FÖRSTER, geb. 14.02.2026" over "Sorgeberechtigte: Frau Claudia Förster,
    geb. 21.08.1994": the child is the patient, the guardian's birth date is not hers."""
    office = (
        "Landratsamt Görlitz\nGesundheitsamt · Kinder- und Jugendärztlicher Dienst\n"
        f"{PRACTICE}Görlitz, 24.04.2026\nMitteilung über fehlenden Nachweis des Masernschutzes\n"
        "Kind: Mila FÖRSTER, geb. 14.02.2026\nSorgeberechtigte: Frau Claudia Förster, geb. "
        "21.08.1994\nSehr geehrte Damen und Herren,\ntext.\n"
    )
    assert _fact(office, "patient") == "Mila Förster"
    assert _fact(office, "born") == "2026-02-14"
    midwife = office.replace("Sorgeberechtigte:", "Mutter:")
    assert _fact(midwife, "patient") == "Mila Förster"


def test_hungarian_names_stand_surname_first_and_legal_forms_stand_small() -> None:
    """ "Név: Kovács Eszter" is Eszter Kovács; "Semmelweis Egyetem" a university;
    "Krajská nemocnice Liberec, a.s." a hospital with its legal form."""
    hungarian = (
        "Semmelweis Egyetem\nBelgyógyászati és Onkológiai Klinika\n"
        "Korányi Sándor u. 2/a · 1083 Budapest · Magyarország\n"
        f"{PRACTICE}Zárójelentés\nNév: Kovács Eszter\nSzületési idő: 1979.03.07.\n"
        "Tisztelt Kolléga!\ntext.\n"
    )
    assert _fact(hungarian, "patient") == "Eszter Kovács"
    assert _fact(hungarian, "born") == "1979-03-07"
    assert _fact(hungarian, "sender") == "Semmelweis Egyetem"
    czech = (
        "Krajská nemocnice Liberec, a.s.\nInterní oddělení\nHusova 357/10 · 460 01 Liberec\n"
        f"{PRACTICE}Propouštěcí zpráva\nPacient: LEHMANN, Anna\nVážená paní doktorko,\ntext.\n"
    )
    assert _fact(czech, "sender") == "Krajská nemocnice Liberec, a.s."


def test_dates_of_mail_printouts_polish_and_slovak_letters() -> None:
    """ "Gesendet:   Dienstag, 4. Juni 2026 14:07" (a column's gap after the label),
    "Wrocław, dnia 15.11.2026r." (the year's "r." glued on), "V Bratislave 24. marca 2026"
    (no "dňa")."""
    mail = (
        "Von:        Neurologische Praxis Dr. Haufe <praxis@neurologie-haufe.de>\n"
        "Gesendet:   Dienstag, 4. Juni 2026 14:07\nAn:         Hausarztpraxis am Deich\n"
        "Betreff:    EEG-Befund\nLiebe Kolleginnen und Kollegen,\ntext.\n"
    )
    assert _fact(mail, "letter_date") == "2026-06-04"
    polish = (
        "Szpital Specjalistyczny im. A. Falkiewicza\nOddział Neurologii\n"
        f"{PRACTICE}Wrocław, dnia 15.11.2026r.\nKarta informacyjna\nPacjent: Łukasz KOWALCZYK\n"
    )
    assert _fact(polish, "letter_date") == "2026-11-15"
    slovak = (
        "Univerzitná nemocnica Bratislava\nI. interná klinika\n"
        f"{PRACTICE}Prepúšťacia správa\nMeno pacienta: Schmidt, Thomas\ntext.\n"
        "S pozdravom\nV Bratislave 24. marca 2026\nMUDr. Juraj Kováčik, PhD.\n"
    )
    assert _fact(slovak, "letter_date") == "2026-03-24"


def test_the_register_finds_a_patient_whose_birth_date_only_an_identity_number_holds() -> None:
    """A Danish epikrise names "Torben Müller, CPR-nr. 120118-9221" and no birth date: the
    register's Torben Müller born 12.01.2018 is the match; his namesake born in 1918 not."""
    from docvault.facts.patient_match import match_patient
    from docvault.facts.register_files import PatientRecord

    register = [
        PatientRecord("7001", "Müller", "Torben", date(2018, 1, 12)),
        PatientRecord("7002", "Müller", "Torben", date(1918, 1, 12)),
    ]

    def born_on(days: Collection[date]) -> list[PatientRecord]:
        return [record for record in register if record.birth_date in days]

    page = (
        "Grænselandets Sygehus, Aabenraa\nEpikrise\n"
        "Vedr.: Torben Müller, CPR-nr. 120118-9221\nKære kollega,\ntekst.\n"
    )
    found = match_patient([page], born_on)
    assert found.record == register[0]
    assert match_patient([page.replace("-9221", "-1221")], born_on).record == register[1]


def test_a_receipt_stamp_over_the_head_is_no_line_of_the_letter() -> None:
    """ "EINGANG 25.09.2026" stamped over a medication plan's heading and a Berufs-
    genossenschaft's head: the heading is still the form's first line, the head its sender;
    an institute with its place ("am Holstentor") is a sender of its own."""
    plan = (
        "EINGANG 25.09.2026\nMedikationsplan\nSeite 1 von 1\nfür: Gesche Schulze-Hansen\n"
        "geb. am: 12.11.1961\nausgedruckt von: Ev. Krankenhaus am Fördeufer\n"
        "ausgedruckt am: 21.09.2026\n"
    )
    assert _fact(plan, "title") == "Medikationsplan"
    assert _fact(plan, "letter_date") == "2026-09-21"
    insurer = (
        "EINGANG 02.02.2026\nBG Bau – Berufsgenossenschaft der Bauwirtschaft\n"
        "Bezirksverwaltung Hamburg\nHolstenwall 8 · 20355 Hamburg\n"
        "Tel. 040 35003-0 · Fax 040 35003-888\n"
        "BG Bau – Berufsgenossenschaft der Bauwirtschaft · Holstenwall 8 · 20355 Hamburg\n"
        f"{PRACTICE}Hamburg, 28.01.2026\nUnfallanzeige\nVersicherte Person: WÖHLK, Malgorzata\n"
        "Sehr geehrte Damen und Herren,\ntext.\n"
    )
    assert _fact(insurer, "sender") == "Berufsgenossenschaft der Bauwirtschaft"
    institute = (
        "Institut für Pathologie am Holstentor\nHolstentorplatz 3 · 23552 Lübeck\n"
        f"{PRACTICE}Patient: Stamer, Hauke Wilhelm, * 17.10.1993\nHistopathologischer Befund\n"
    )
    assert _fact(institute, "sender") == "Institut für Pathologie am Holstentor"


def test_a_fax_machines_line_split_by_the_cpu_engine_is_no_letter_head() -> None:
    """The CPU engine splits the machine's line: its date and a misread time ("11:4B"), its
    number ("FAX +49 3591 4 22 31"), its owner in capitals, its page count read "5. 1/1" or
    "Str, 1/1": the letter's own head comes after."""
    faxed = (
        "25.07.2026 11:4B\nFAX +49 3591 4 22 31\nLOEWEN-APOTHEKE\n5. 1/1\nLöwen-Apotheke\n"
        "Inh. Apotheker Jens Ladusch e. K. · Reichenstraße 5 · 02625 Bautzen\n"
        "Tel. 03591 4 22 30 · Fax 03591 4 22 31\nAn: Hausarztpraxis am Deich\n"
        "Rückfrage zur Verordnung\nPatient: van der Linden Maartje\nSehr geehrte Praxis,\n"
    )
    assert _fact(faxed, "sender") == "Löwen-Apotheke"


def test_a_heading_under_the_insured_persons_line_is_the_title() -> None:
    """ "Versicherte Person: Maria Rossi, geb. ..." over "Rückfrage zur Hilfsmittel-
    verordnung" over the salutation: the field has its value, the line under it heads the
    letter (a form's value stands under a label alone: "Krankenkasse" over "IKK classic")."""
    insurer = (
        "IKK Südwest\nBerliner Promenade 1 · 66111 Saarbrücken\n"
        "Telefon 0681 3876-1200 · Telefax 0681 3876-1200\n"
        f"{PRACTICE}Datum: 13.10.2026\nVersicherte Person: Maria Rossi, geb. 15.03.1949\n"
        "Rückfrage zur Hilfsmittelverordnung\nSehr geehrte Damen und Herren,\ntext.\n"
    )
    assert _fact(insurer, "title") == "Rückfrage zur Hilfsmittelverordnung"
    form = insurer.replace(
        "Versicherte Person: Maria Rossi, geb. 15.03.1949\n", "Versicherte Person\n"
    )
    assert _fact(form, "title") is None


def test_more_languages_forms_and_a_labelled_senders_department() -> None:
    """A French fax cover ("TÉLÉCOPIE", "Destinataire :", "Expéditeur :") is left out;
    "İzmir, 7 Ekim 2026" and "Καλαμάτα, 29/08/2026" are places with their dates; "Nota de
    alta" and "Notfall-/Vertretungsschein" are kinds; "ausgedruckt von: Brüderkrankenhaus
    St. Matthias Trier, Klinik für Geriatrie, Tel. ..." names the hospital."""
    from docvault.facts import document_text

    cover = (
        "26/01/2026 12:45  DE: +33 3 87 55 31 00  Hôpital de Mercy  P. 001/003\nTÉLÉCOPIE\n"
        "Destinataire : Hausarztpraxis am Deich\nExpéditeur : CHR Metz-Thionville\n"
        "Nombre de pages (y compris celle-ci) : 3\nObjet : transmission de documents médicaux\n"
    )
    letter = "CHR Metz-Thionville\nHôpital de Mercy\nMetz, le 24 janvier 2026\nCompte rendu\n"
    assert "TÉLÉCOPIE" not in document_text([cover, letter])
    turkish = f"Ege Üniversitesi Hastanesi\n{PRACTICE}İzmir, 7 Ekim 2026\nEpikriz\n"
    assert _fact(turkish, "letter_date") == "2026-10-07"
    greek = f"Γενικό Νοσοκομείο Καλαμάτας\n{PRACTICE}Καλαμάτα, 29/08/2026\n"
    assert _fact(greek, "letter_date") == "2026-08-29"
    portuguese = f"Hospital de Santa Maria\n{PRACTICE}Nota de alta\nPaciente: SILVA, Ana\n"
    assert _fact(portuguese, "title") == "Nota de alta"
    emergency = "Notfall-/Vertretungsschein\nKrankenkasse bzw. Kostenträger\nAOK Saarland\n"
    assert _fact(emergency, "title") == "Notfall-/Vertretungsschein"
    plan = (
        "Medikationsplan\nfür: Gesche Schulze-Hansen\ngeb. am: 12.11.1961\nausgedruckt von: "
        "Brüderkrankenhaus St. Matthias Trier, Klinik für Geriatrie, Tel. 0651 208-0\n"
    )
    assert _fact(plan, "sender") == "Brüderkrankenhaus St. Matthias Trier"


def test_a_returned_referral_is_dated_by_the_consultants_report() -> None:
    """A referral form come back with the consultant's report: "Ausgestellt am" is the day
    the practice issued it, the report's "Datum: ... Unterschrift" is the letter's date; a
    form without the report keeps its issue day."""
    referral = (
        "Überweisungsschein / Konsiliarbericht\nKrankenkasse bzw. Kostenträger: AOK\n"
        "Name, Vorname des Versicherten: Hansen, Anna\ngeb. am 30.11.84\n"
        "Ausgestellt am: 22.06.2026\nAuftrag: Fundoskopie bei Diabetes mellitus Typ 2\n"
        "Befund / Bericht des Konsiliararztes\nKeine diabetische Retinopathie.\n"
        "Augenärzte am Kieler Schloss\nDatum: 16.07.2026   Unterschrift: Dr. med. Nora Pahl\n"
    )
    assert _fact(referral, "letter_date") == "2026-07-16"
    issued = referral.split("Befund / Bericht")[0]
    assert _fact(issued, "letter_date") == "2026-06-22"


def test_a_reports_kind_and_examination_over_its_first_section_is_its_title() -> None:
    """ "Befund: Mammographie beidseits" over "Indikation:" heads a radiology report; a
    "Befund:" line among the sections ("Befund: unauffällig" over the assessment) does not."""
    report = (
        "Radiologisches Zentrum Kiel-Holtenau\nKanalstraße 52 · 24159 Kiel\n"
        f"{PRACTICE}Patient: JENSEN, Hans Peter    geb. 12.04.1958\nBefunddatum: 13.05.2026\n"
        "Befund: Mammographie beidseits\nIndikation:\nBeschwerden seit Wochen.\n"
    )
    assert _fact(report, "title") == "Befund: Mammographie beidseits"
    finding = report.replace(
        "Befund: Mammographie beidseits\nIndikation:", "Befund: unauffällig\nBeurteilung:"
    )
    assert _fact(finding, "title") is None


def test_the_fax_machines_owner_and_the_notes_addressee_are_no_sender() -> None:
    """The machine's owner cut short on its number's line ("FAX +48.71.788 33 01 SZPITAL
    FALKIEWICZA") or between that and the page count ("LHD GESUNDHEITSAMT" over "S. 1/1") is
    no organisation of the head; "An Praxis Zschornack" on a note says whom it is for."""
    polish = (
        "20-11-2026 15:17\nFAX +48.71.788 33 01 SZPITAL FALKIEWICZA\nStr, 1/1\n"
        "Szpital Specjalistyczny im. A. Falkiewicza\nOddział Neurologii\n"
        "ul. Warszawska 2· 52-114 Wrocław· Polska\ntel. +48 71 788 33 00\n"
        + PRACTICE.replace("Dr. med.", "Frau Dr. med.")
        + "Wrocław, dnia 15.11.2026r.\n"
    )
    assert _fact(polish, "sender") == "Szpital Specjalistyczny im. A. Falkiewicza"
    office = (
        "19.03.2026 14:02\nFAX +49 351 488-5303\nLHD GESUNDHEITSAMT\nS. 1/1\n"
        "Landeshauptstadt Dresden\nGesundheitsamt · Infektionsschutz\nGeorgenstraße 4 · 01097 "
        "Dresden\n" + PRACTICE.replace("Dr. med.", "Frau Dr. med.") + "Dresden, 17. März 2026\n"
    )
    assert _fact(office, "sender") == "Landeshauptstadt Dresden – Gesundheitsamt"
    note = (
        "19.08.2026 18:48 FAX +49 3591 60 12 40 PFLEGEDIENST JAHN\n5. 1/1\n"
        "Ambulanter Pflegedlenst Jahn · Kurt-Pchalek-Straße 9· 02625 Bautzen\n18.8.26\n"
        "An Praxis Zschornack\nBetr. Seifert Klaus-Dieter\nPat. hat Fieber.\n"
    )
    assert _fact(note, "sender") is None  # its own head misread ("Pflegedlenst"): none


def test_cyrillic_and_lithuanian_letters() -> None:
    """A Ukrainian "ВИПИСКА" ("Пацієнт: Мельник Сергій", surname first; "Дата народження";
    "Дата: 9 жовтня 2026 р."), a Russian "ВЫПИСНОЙ ЭПИКРИЗ" ("Ф.И.О."; "23 октября 2026 г."),
    a Lithuanian "Išrašo data: 2026 m. balandžio 29 d.": each field read."""
    ukrainian = (
        "Львівська міська клінічна лікарня № 5\nТерапевтичне відділення\n"
        "вул. Личаківська, 107, м. Львів, 79010, Україна\nТел. +380 32 275 00 00\n"
        "Для: Hausarztpraxis am Deich\n"
        "25813 Husum, Німеччина\nВИПИСКА\nіз медичної карти стаціонарного хворого\n"
        "Пацієнт: Мельник Сергій\nДата народження: 01.06.1976\nДіагноз: текст.\n"
        "Дата: 9 жовтня 2026 р.\n"
    )
    assert _fact(ukrainian, "patient") == "Сергій Мельник"
    assert _fact(ukrainian, "born") == "1976-06-01"
    assert _fact(ukrainian, "letter_date") == "2026-10-09"
    assert _fact(ukrainian, "sender") == "Львівська міська клінічна лікарня № 5"
    assert _fact(ukrainian, "title") == "Виписка"
    russian = (
        "ГБУЗ Городская клиническая больница № 52\nг. Москва, ул. Пехотная, д. 3\n"
        "Кому: Hausarztpraxis am Deich\nВЫПИСНОЙ ЭПИКРИЗ\nФ.И.О.: Смирнов Дмитрий\n"
        "Дата рождения: 11.12.1943\nДиагноз: текст.\n23 октября 2026 г.\n"
    )
    assert _fact(russian, "patient") == "Дмитрий Смирнов"
    assert _fact(russian, "born") == "1943-12-11"
    assert _fact(russian, "letter_date") == "2026-10-23"
    lithuanian = (
        "Vilniaus universiteto ligoninė Santaros klinikos\nSantariškių g. 2, LT-08661 Vilnius\n"
        "Tel. +370 5 236 5000\n"
        "Kam: Hausarztpraxis am Deich\nPacientas: Sabine Lehmann\nGimimo data: 1972-10-05\n"
        "Išrašo data: 2026 m. balandžio 29 d.\n"
    )
    assert _fact(lithuanian, "letter_date") == "2026-04-29"
    assert _fact(lithuanian, "born") == "1972-10-05"
    assert _fact(lithuanian, "sender") == "Vilniaus universiteto ligoninė Santaros klinikos"


def test_a_typed_date_over_a_dictated_one_and_a_signed_date_at_a_notes_end() -> None:
    """ "Date dictated" gives way to "Date typed" (on one line or two), and gives the date
    where nothing else does; "02.10.2026, PTA Jessica Naumann" at a pharmacy's note's end is
    its date; "Printed 24/02/2026" is a discharge summary's."""
    typed = "Klinik am See\nDate dictated: 19/10/2026\nDate typed: 23rd October 2026\n"
    assert _fact(typed, "letter_date") == "2026-10-23"
    one_line = "Klinik am See\nDictated: 25 January 2026   Typed: 1 February 2026\n"
    assert _fact(one_line, "letter_date") == "2026-02-01"
    assert _fact("Klinik am See\nDate dictated: 19/10/2026\n", "letter_date") == "2026-10-19"
    pharmacy = (
        "Linden-Apotheke\nRückfrage zur Verordnung\nRezept vom 01.10.2026\ntext.\n"
        "02.10.2026, PTA Jessica Naumann\n"
    )
    assert _fact(pharmacy, "letter_date") == "2026-10-02"
    follow_up = pharmacy.replace("PTA Jessica Naumann", "Kontrolle in 4 Wochen")
    assert _fact(follow_up, "letter_date") is None
    printed = "Royal Infirmary\nDischarge Summary\nAdmitted: 19/02/2026\nPrinted 24/02/2026\n"
    assert _fact(printed, "letter_date") == "2026-02-24"


def test_a_courts_case_before_the_person_and_birth_date_is_the_title() -> None:
    """ "Betreuungssache Mindaugas Jankauskas, geboren am 11.08.1938" heads a guardianship
    court's request: the case is the title; where the birth date stands on the next line and
    a heading follows, the heading is."""
    court = (
        "Amtsgericht Spandau\n– Betreuungsgericht –\n"
        f"{PRACTICE}Berlin, 27.01.2026\nGeschäftsnummer: 57 XVII 590/25\n"
        "Betreuungssache Mindaugas Jankauskas, geboren am 11.08.1938\n"
        "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,\ntext.\n"
    )
    assert _fact(court, "title") == "Betreuungssache"
    assert _fact(court, "patient") == "Mindaugas Jankauskas"
    headed = court.replace(
        "Betreuungssache Mindaugas Jankauskas, geboren am 11.08.1938\n",
        "Betreuungssache Mindaugas Jankauskas\ngeboren am 11. August 1938\n"
        "Anforderung eines ärztlichen Attestes\n",
    )
    assert _fact(headed, "title") == "Anforderung eines ärztlichen Attestes"
