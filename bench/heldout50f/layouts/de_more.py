# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 (the letters' printed sentences are kept whole, one per line)
"""More German mail: an appointment letter, a psychotherapist's report with initials only, the
Jobcenter, a social court, a dialysis centre's quarterly report, a patient's own note."""

from __future__ import annotations

import datetime

from bench.heldout50f import dates
from bench.heldout50f.kit import (
    Case,
    Draft,
    address_lines,
    addressee,
    before,
    german,
    name_form,
    salute,
    window,
)
from bench.heldout50f.layouts.base import layout
from bench.heldout50f.sheet import Sheet, glue


@layout(
    "termin_einladung_kopie",
    "University hospital's appointment letter to the patient, a copy to the practice: the "
    "patient's own address in the window, the practice named only as 'Kopie an', a future "
    "appointment date beside the letter's date",
    titles=True,
    ages=(40, 90),
)
def termin_einladung(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Universitätsklinikum Köln-Lindenburg"
    dept = "Klinik für Gastroenterologie · Endoskopie-Terminvergabe"
    s = Sheet(font="arial", size=10.5)
    s.y = 16
    s.line(org, font="arial-b", size=14, x=190, align="right")
    s.line(dept, size=8.5, x=190, align="right")
    s.y = 48
    s.line(f"{org} · 50924 Köln", size=7)
    s.gap(1.5)
    written = name_form(pat, "natural")
    s.lines([f"{salute(pat, 'de')}", written, *address_lines(pat)])
    s.put(dates.num(case.day), 190, 60, align="right")
    appointment = case.day + datetime.timedelta(days=rng.randint(14, 60))
    s.y = 100
    subject = "Ihr Termin zur Koloskopie"
    s.line(subject, font="arial-b")
    s.gap(3)
    greeting = "Sehr geehrte Frau" if pat.sex == "F" else "Sehr geehrter Herr"
    s.line(f"{greeting} {pat.surname},")
    s.gap(2)
    s.para(
        f"wir bestätigen Ihren Termin am {glue(dates.weekday(appointment, 'de'))}, {glue(dates.long(appointment, 'de'))}, um 08:30 Uhr in der Endoskopie, Gebäude 12, Ebene 1."
    )
    s.para(
        "Bitte bringen Sie Ihre Versichertenkarte, die Überweisung und eine aktuelle Medikamentenliste mit. Die Anleitung zur Darmvorbereitung liegt diesem Schreiben bei."
    )
    s.para(
        f"Ihr Geburtsdatum laut unseren Unterlagen: {glue(dates.num(pat.birth))}. Bitte teilen Sie uns Änderungen mit."
    )
    s.lines(["Mit freundlichen Grüßen", "Ihr Team der Endoskopie"])
    s.gap(6)
    s.line(f"Kopie an: {case.doctor}, {case.practice.name}", size=9)
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=["Termin zur Koloskopie"],
        sender_alternatives=[f"{org}, Klinik für Gastroenterologie"],
        letter_date=case.day,
        other_dates=[(appointment, "appointment")],
        people=[(case.doctor, "copy to")],
        fax_number="0221 478-97030",
        fax_label="UKL ENDOSKOPIE",
        cover_subject="Terminbestätigung (Kopie)",
        notes=[
            "a copy of a letter to the patient: the patient's address is in the window",
            "a future appointment date",
        ],
    )


@layout(
    "psychotherapie_bericht",
    "Psychotherapist's report: a small letterhead at the left, the patient with the given "
    "name's initial only ('Herrn K. Schmidt'), the birth date, 'Ort, Datum' at the end",
    ages=(16, 80),
)
def psychotherapie(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    therapist = rng.choice(["Dipl.-Psych. Annegret Vollrath", "M.Sc. Psych. Timur Aksoy"])
    s = Sheet(font="serif", size=10.5)
    s.y = 16
    s.line(therapist, font="serif-b", size=11)
    s.lines(
        [
            "Psychologische Psychotherapeutin / Psychologischer Psychotherapeut",
            "Praxis für Verhaltenstherapie",
            "Sülzburgstraße 104 · 50937 Köln",
        ],
        size=8,
    )
    window(s, case, top=48)
    s.y = 92
    initials = " ".join(f"{part[0]}." for part in pat.given.split())
    written = f"{initials} {pat.surname}"
    s.line("Bericht an die behandelnde Hausarztpraxis", font="serif-b")
    s.line(f"Betr.: {salute(pat, 'de')} {written}, geb. {dates.num(pat.birth)}")
    s.gap(4)
    s.line("Sehr geehrte Kolleginnen und Kollegen,")
    s.gap(2)
    start = before(case.day, 40, 120, rng)
    s.para(
        f"mit Einverständnis der Patientin bzw. des Patienten berichte ich über die seit dem {glue(dates.num(start))} laufende ambulante Verhaltenstherapie (Kurzzeittherapie, bislang 12 Sitzungen)."
    )
    s.para(
        "Diagnose: Mittelgradige depressive Episode (F32.1). Im Verlauf zeigt sich eine deutliche Stabilisierung der Stimmung und des Antriebs; die Tagesstruktur ist wieder hergestellt."
    )
    s.para(
        "Eine Fortführung der Therapie ist beantragt. Eine medikamentöse Mitbehandlung halte ich derzeit nicht für erforderlich."
    )
    s.gap(4)
    s.line(f"Köln, den {dates.num(case.day)}")
    s.line("Mit freundlichen Grüßen")
    s.gap(8)
    s.line(therapist)
    return german(
        s,
        therapist,
        written,
        title="Bericht an die behandelnde Hausarztpraxis",
        sender_alternatives=["Praxis für Verhaltenstherapie"],
        letter_date=case.day,
        other_dates=[(start, "therapy since")],
        people=[(therapist, "signer")],
        fax_number="0221 9435517",
        fax_label="PSYCHOTHERAPIE",
        cover_subject="Bericht",
        given_as_letter=initials,
        notes=["the patient's given names only as initials: the birth date must decide"],
    )


@layout(
    "jobcenter_aerztlicher_dienst",
    "Jobcenter's request for a medical opinion: the customer number, the 'BG-Nummer', a "
    "consent date, the sender named as 'Jobcenter Köln' with the agency's medical service",
    titles=True,
    ages=(18, 66),
)
def jobcenter(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Jobcenter Köln"
    s = Sheet(font="arial", size=10.5)
    s.y = 18
    s.line("Jobcenter", font="arial-b", size=18)
    s.line("Köln", font="arial", size=12)
    window(s, case, sender_line="Jobcenter Köln, Luxemburger Straße 121, 50939 Köln")
    y = 50.0
    for label, value in [
        ("Kundennummer", f"{rng.randint(100, 999)}D{rng.randint(100000, 999999)}"),
        ("BG-Nummer", f"{rng.randint(10000, 99999)}BG{rng.randint(1000000, 9999999)}"),
        ("Datum", dates.num(case.day)),
    ]:
        s.put(label, 135, y, size=7.5)
        s.put(value, 135, y + 3.8, size=9.5)
        y += 9
    s.y = 100
    subject = (
        "Anforderung eines Befundberichts für den Ärztlichen Dienst der Bundesagentur für Arbeit"
    )
    s.para(subject, font="arial-b")
    written = name_form(pat, "natural")
    consent = before(case.day, 3, 20, rng)
    s.line(f"Leistungsberechtigte Person: {written}, geboren am {dates.num(pat.birth)}")
    s.line(f"Schweigepflichtentbindung vom {dates.num(consent)} liegt bei.")
    s.gap(4)
    s.line("Sehr geehrte Damen und Herren,")
    s.gap(2)
    s.para(
        "zur Beurteilung der Leistungsfähigkeit bitten wir um Übersendung vorhandener Befunde und um Ihre Einschätzung auf dem beigefügten Vordruck. Die Kosten werden übernommen."
    )
    s.lines(["Mit freundlichen Grüßen", "Ihr Jobcenter Köln", "Team 532 - Arbeitsvermittlung"])
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=["Anforderung eines Befundberichts"],
        sender_alternatives=["Jobcenter"],
        letter_date=case.day,
        other_dates=[(consent, "consent")],
        fax_number="0221 9429-1999",
        fax_label="JOBCENTER KOELN",
        cover_subject="Befundbericht",
        notes=[
            "the head splits the name over two lines (Jobcenter / Köln)",
            "another organisation (Bundesagentur für Arbeit) is named in the subject",
        ],
    )


@layout(
    "sozialgericht_beweisanordnung",
    "Social court's request in a lawsuit: 'In dem Rechtsstreit Given Surname ./. Deutsche "
    "Rentenversicherung' (another organisation named), the file number, date at the top",
    titles=True,
    ages=(18, 80),
)
def sozialgericht(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Sozialgericht Köln"
    s = Sheet(font="times", size=11.5)
    s.y = 18
    s.line("SOZIALGERICHT KÖLN", font="times-b", size=15, x=105, align="center")
    s.line("Der Vorsitzende der 12. Kammer", size=9.5, x=105, align="center")
    window(s, case, sender_line="Sozialgericht Köln · An den Dominikanern 2 · 50668 Köln")
    number = f"S 12 R {rng.randint(100, 999)}/{case.day.year % 100}"
    s.put(f"Aktenzeichen: {number}", 190, 56, size=10, align="right")
    s.put(f"Köln, {dates.num(case.day)}", 190, 61, size=10, align="right")
    s.y = 100
    written = name_form(pat, "natural")
    s.line("In dem Rechtsstreit", font="times")
    with_birth = not case.birth_optional or rng.random() < 0.5
    born = f", geb. {dates.num(pat.birth)}" if with_birth else ""
    s.line(f"{written}{born}", font="times-b")
    if case.show_address:
        s.line(", ".join(address_lines(pat)))
    s.line("./. Deutsche Rentenversicherung Rheinland-Mitte", font="times")
    s.gap(3)
    subject = "Anforderung eines Befundberichts"
    s.line(subject, font="times-b")
    s.gap(3)
    s.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    s.gap(2)
    deadline = case.day + datetime.timedelta(days=28)
    s.para(
        f"in dem oben bezeichneten Rechtsstreit bitte ich Sie, einen Befundbericht nach beiliegendem Vordruck zu erstatten und bis zum {glue(dates.num(deadline))} zu übersenden. Die klagende Partei hat Sie von der Schweigepflicht entbunden."
    )
    judge = rng.choice(["Dr. Wessendorf", "Brückner-Haas"])
    s.lines(["Mit freundlichen Grüßen", judge, "Richterin/Richter am Sozialgericht"])
    return german(
        s,
        org,
        written,
        title=subject,
        sender_alternatives=["SOZIALGERICHT KÖLN"],
        letter_date=case.day,
        birth_printed=with_birth,
        other_dates=[(deadline, "reply by")],
        people=[(judge, "judge")],
        fax_number="0221 1602-501",
        fax_label="SG KOELN",
        cover_subject="Befundbericht",
        notes=[
            "another organisation (the defendant, a pension insurer) is named beside the patient"
        ],
    )


@layout(
    "dialyse_quartalsbericht",
    "Dialysis centre's quarterly report printed from its system: ISO dates (2024-09-12), the "
    "quarter's period, 'Name: SURNAME, Given  *dd.mm.yyyy'",
    ages=(25, 90),
)
def dialyse(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Dialysezentrum Rheinufer"
    s = Sheet(font="cond", size=9.8)
    s.y = 16
    s.line(org, font="cond-b", size=13)
    s.line(
        "Nephrologische Gemeinschaftspraxis · Heimdialyse · Alfred-Schütte-Allee 18 · 50679 Köln",
        size=8,
    )
    s.gap(4)
    s.lines(addressee(case, "short"))
    s.gap(6)
    quarter = (case.day.month - 1) // 3
    first = datetime.date(case.day.year, quarter * 3 + 1, 1)
    title = f"Quartalsbericht {['I', 'II', 'III', 'IV'][quarter]}/{case.day.year}"
    s.line(title, font="cond-b", size=12)
    written = f"{pat.surname.upper()}, {pat.given}"
    s.line(f"Name: {written}  *{dates.num(pat.birth)}")
    s.line(f"Berichtszeitraum: {first.isoformat()} bis {case.day.isoformat()}")
    s.line(f"Erstellt: {case.day.isoformat()}")
    s.gap(3)
    s.para(
        "Dialyseverfahren: Hämodiafiltration dreimal wöchentlich über native AV-Fistel links. Kt/V 1,4. Trockengewicht 71,5 kg."
    )
    s.para(
        "Labor: Hämoglobin stabil unter Erythropoetin, Phosphat leicht erhöht, Parathormon im Zielbereich."
    )
    s.para(
        "Die Nierentransplantationsliste wird weitergeführt; die nächste Listungsuntersuchung steht an."
    )
    doctor = rng.choice(["Dr. med. Oliver Tenbrock", "Dr. med. Seda Yalçın"])
    s.gap(4)
    s.line(doctor)
    s.line("Facharzt/Fachärztin für Innere Medizin und Nephrologie", size=8.5)
    return german(
        s,
        org,
        written,
        title=title,
        title_alternatives=["Quartalsbericht"],
        sender_alternatives=["Nephrologische Gemeinschaftspraxis"],
        letter_date=case.day,
        other_dates=[(first, "period start")],
        people=[(doctor, "signer")],
        fax_number="0221 3399108",
        fax_label="DIALYSE RHEINUFER",
        cover_subject="Quartalsbericht",
        notes=["ISO dates from the centre's software; the report date equals the period's end"],
    )


@layout(
    "patient_handzettel",
    "A patient's own handwritten note on plain paper asking for a prescription: no letterhead "
    "(sender null), no heading, the date written beside the place",
    ages=(18, 95),
)
def patient_handzettel(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    s = Sheet(font="hand2", size=15, left=24)
    s.y = 24
    s.line(
        f"Köln, {dates.num(case.day, pad=False, short_year=True)}", x=186, align="right", hand=True
    )
    s.gap(6)
    s.line(f"An die Praxis {case.practice.name.split()[-1]}", hand=True)
    s.gap(4)
    s.line("Liebes Praxisteam,", hand=True)
    s.line("ich brauche bitte ein neues Rezept für", hand=True)
    s.line(rng.choice(["Ramipril 5 mg und Metformin", "L-Thyroxin 75 und Pantoprazol"]), hand=True)
    s.line("Ich hole es Donnerstag ab. Danke!", hand=True)
    s.gap(4)
    written = f"{pat.given} {pat.surname}"
    s.line(written, hand=True)
    with_birth = not case.birth_optional or rng.random() < 0.5
    if with_birth:
        s.line(f"geb. {dates.num(pat.birth)}", hand=True)
    return german(
        s,
        None,
        written,
        title=None,
        letter_date=case.day,
        birth_printed=with_birth,
        fax_number="0221 " + str(rng.randint(2000000, 9999999)),
        fax_label="",
        handwritten=True,
        cover_from=written,
        cover_subject="Rezept",
        notes=["a patient's own note: no sender organisation, no heading, a two-digit year"],
    )


RELATIVES = [("Tochter", "Sabine"), ("Tochter", "Andrea"), ("Sohn", "Thomas"), ("Sohn", "Markus")]


@layout(
    "pflegeueberleitung_geriatrie",
    "Geriatric ward's care transfer form: the relative (daughter or son, the legal carer) named "
    "before the patient, label and value on one line, admission and transfer dates, the date "
    "only in the form's 'Datum/Unterschrift' row",
    titles=True,
    ages=(72, 99),
)
def pflegeueberleitung(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Evangelisches Geriatriezentrum Brühl-Vochem"
    s = Sheet(font="narrow", size=10.5)
    s.y = 16
    s.line("Pflegeüberleitungsbogen", font="narrow-b", size=15)
    s.line(f"{org} · Station Rosenhof · Tel. 02232 7050-310", size=9)
    s.gap(4)
    relation, relative_given = rng.choice([r for r in RELATIVES if r[1] != pat.given])
    relative = f"{relative_given} {pat.surname}"
    admit = before(case.day, 9, 30, rng)
    written = name_form(pat, "comma")
    phone = f"Tel. 0172 {rng.randint(1000000, 9999999)}"
    rows = [
        ("Angehörige/Betreuer:", f"{relation} {relative} (gesetzliche Betreuung), {phone}"),
        ("Name, Vorname:", written),
        ("Geburtsdatum:", dates.num(pat.birth)),
        ("Aufnahme:", dates.num(admit)),
        ("Verlegung/Entlassung:", f"{dates.num(case.day)} nach Hause"),
        ("Hausarzt:", f"{case.doctor}, {case.practice.name}"),
    ]
    if case.show_address:
        rows.insert(3, ("Anschrift:", ", ".join(address_lines(pat))))
    s.fields(rows, 40, "narrow-b", 1.25)
    s.gap(5)
    for heading, text in [
        (
            "Mobilität:",
            "Gehen mit Rollator auf Stationsebene, Treppe nicht möglich, Sturzrisiko hoch.",
        ),
        (
            "Ernährung:",
            "Vollkost, Trinkmenge 1,5 l/Tag, Unterstützung beim Zubereiten erforderlich.",
        ),
        ("Ausscheidung:", "Harninkontinenz, Versorgung mit Inkontinenzmaterial."),
        ("Wunden:", "Dekubitus Kategorie 2 sakral, Verbandwechsel alle drei Tage."),
    ]:
        s.line(heading, font="narrow-b")
        s.para(text)
    s.y += s.lead() * 1.5
    nurse = rng.choice(["Sr. Beate Kallenbach", "Pfl. Jan-Niklas Orth"])
    s.put("Datum/Unterschrift:", s.left, s.y, font="narrow-b")
    s.put(f"{dates.num(case.day)}  {nurse}", s.left + 40, s.y)
    return german(
        s,
        org,
        written,
        title="Pflegeüberleitungsbogen",
        sender_alternatives=[f"{org}, Station Rosenhof"],
        letter_date=case.day,
        other_dates=[(admit, "admission")],
        people=[(relative, relation.lower()), (nurse, "signer")],
        fax_number="02232 7050-319",
        fax_label="GERIATRIE VOCHEM",
        cover_subject="Pflegeüberleitung",
        notes=["a relative with the patient's surname is named before the patient"],
    )


MVZ_COLUMN = [
    "Ärztliche Leitung:",
    "Dr. med. Hubertus Kamphausen",
    "Neurologie:",
    "Dr. med. Leonie Bracht",
    "Dr. med. Cem Uluçay",
    "Psychiatrie:",
    "Dr. med. Renate Dohmen",
]


@layout(
    "mvz_neurologie",
    "A medical care centre of several sites: the company, the site and the specialty in three "
    "head lines, the doctors in a left column beside the text, examination and EEG dates, "
    "'Given Surname (geb. dd.mm.yyyy)'",
    titles=True,
    ages=(30, 95),
)
def mvz_neurologie(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    company = "MVZ Gesundheitscampus Rhein-Erft GmbH"
    s = Sheet(font="sans", size=9.8, left=62)
    s.y = 14
    s.line(company, font="sans-b", size=12.5, x=190, align="right")
    s.line("Standort Hürth · Neurologie und Psychiatrie", size=9, x=190, align="right")
    s.line("Theresienhöhe 7 · 50354 Hürth · Tel. 02233 39940", size=8, x=190, align="right")
    for number, text in enumerate(MVZ_COLUMN):
        bold = "sans-b" if text.endswith(":") else "sans"
        s.put(text, 18, 60 + number * 4.2, size=7.5, font=bold)
    window(s, case, top=44)
    s.y = 86
    s.line(f"Hürth, {dates.num(case.day)}", x=190, align="right")
    exam = before(case.day, 2, 9, rng)
    eeg = before(exam, 0, 3, rng)
    written = name_form(pat, "natural")
    s.gap(4)
    s.line("Neurologischer Befundbericht", font="sans-b", size=11.5)
    s.line(f"{written} (geb. {dates.num(pat.birth)})")
    if case.show_address:
        s.line(", ".join(address_lines(pat)))
    s.gap(3)
    s.para(
        f"Vorstellung am {glue(dates.num(exam))} wegen Kribbelparästhesien beider Füße seit einem halben Jahr."
    )
    s.para(
        f"Neurologischer Befund: Vibrationsempfinden an den Großzehen beidseits 4/8, Achillessehnenreflexe abgeschwächt, sonst unauffällig. EEG vom {glue(dates.num(eeg))}: Normalbefund."
    )
    s.para(
        "Beurteilung: Distal symmetrische sensible Polyneuropathie, am ehesten diabetisch. Wir empfehlen eine Optimierung der Blutzuckereinstellung und eine Kontrolle in sechs Monaten."
    )
    doctor = rng.choice(["Dr. med. Leonie Bracht", "Dr. med. Cem Uluçay"])
    s.gap(3)
    s.lines(["Mit freundlichen Grüßen", "", doctor, "Fachärztin/Facharzt für Neurologie"])
    return german(
        s,
        company,
        written,
        title="Neurologischer Befundbericht",
        sender_alternatives=[
            "MVZ Gesundheitscampus Rhein-Erft",
            "Standort Hürth · Neurologie und Psychiatrie",
        ],
        letter_date=case.day,
        other_dates=[(exam, "examination"), (eeg, "EEG")],
        people=[(doctor, "signer")],
        fax_number="02233 39949",
        fax_label="MVZ GC HUERTH",
        cover_subject="Befundbericht",
        notes=["the doctors' column at the left names more doctors than sign"],
    )
