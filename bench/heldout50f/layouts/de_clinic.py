# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 (the letters' printed sentences are kept whole, one per line)
"""German hospitals, specialists, laboratories, radiology, care services, pharmacies, e-mail
and handwritten notes."""

from __future__ import annotations

from bench.heldout50f import dates
from bench.heldout50f.kit import (
    DIAGNOSES_DE,
    MEDS,
    TEXT_DE,
    Case,
    Draft,
    address_lines,
    addressee,
    after,
    before,
    birth_clause,
    doctors,
    german,
    name_form,
    pick,
    salute,
    sign,
    window,
)
from bench.heldout50f.layouts.base import layout
from bench.heldout50f.sheet import Sheet, glue


def _patient_phrase(case: Case, form: str, born: str) -> tuple[str, str]:
    """("Frau Anna Müller, geb. Weber, geb. am 12.03.1956", as_written)."""
    pat = case.pat
    written = name_form(pat, form)
    phrase = f"{salute(pat, 'de1')} {glue(written)}{glue(birth_clause(pat))}"
    if born:
        phrase += f", {glue(born)}"
    if case.show_address:
        phrase += ", wohnhaft " + glue(", ".join(address_lines(pat)))
    return phrase, written


def _their_number(case: Case) -> list[str]:
    """The practice's own patient number, where the letter quotes it (a referral's reply)."""
    if case.print_register_id and case.register_id:
        return [f"Ihre Patienten-Nr.: {case.register_id}"]
    return []


DEPARTMENTS = [
    "Klinik für Kardiologie und Internistische Intensivmedizin",
    "Klinik für Innere Medizin und Gastroenterologie",
    "Klinik für Pneumologie und Schlafmedizin",
]
CLINIC_PHONE = "Telefon 0221 8907-0 · www.rheinbogen-klinik.example"


@layout(
    "klinik_entlassbrief",
    "Hospital discharge letter: clinic and department at the top right, DIN window address, "
    "date beside the address, admission and discharge dates, three signers, two pages",
    titles=True,
    ages=(18, 99),
)
def klinik_entlassbrief(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = rng.choice(["Klinikum Rheinbogen", "Krankenhaus Maria Frieden", "Vinzenz-Hospital Pesch"])
    dept = rng.choice(DEPARTMENTS)
    chief, senior, junior = doctors(rng, 3)
    s = Sheet(font="arial", size=10.5)
    s.put(org, 190, 22, font="arial-b", size=15, align="right")
    s.put(dept, 190, 28, size=9.5, align="right")
    s.put(f"Chefarzt {chief}", 190, 33, size=8.5, align="right")
    window(s, case, sender_line=f"{org} · Postfach 91 02 33 · 50883 Köln")
    s.put(f"Köln, {dates.num(case.day)}", 190, 56, align="right")
    out = before(case.day, 1, 6, rng)
    admit = before(out, 2, 14, rng)
    s.y = 100
    s.line("Entlassungsbericht", font="arial-b", size=12.5)
    s.gap(4)
    s.line("Sehr geehrte Kolleginnen und Kollegen,")
    s.gap(2)
    born = rng.choice(["geb. am ", "* "]) + dates.num(pat.birth)
    phrase, written = _patient_phrase(case, rng.choice(["natural", "upper"]), born)
    s.para(
        f"wir berichten über {phrase}, die/der sich vom {dates.num(admit)} bis zum "
        f"{dates.num(out)} in unserer stationären Behandlung befand."
    )
    s.lines(_their_number(case))
    s.line("Diagnosen:", font="arial-b")
    s.lines(pick(rng, DIAGNOSES_DE, 4))
    s.gap(3)
    for text in pick(rng, TEXT_DE, 5):
        s.para(text)
    s.line("Medikation bei Entlassung:", font="arial-b")
    s.lines(pick(rng, MEDS, 5))
    roles = ["Chefarzt", "Oberarzt", "Assistenzarzt"]
    sign(s, "Mit freundlichen kollegialen Grüßen", [chief, senior, junior], roles)
    s.footer([f"{org} gGmbH · Neusser Straße 401 · 50733 Köln · HRB 40122", CLINIC_PHONE])
    s.page_numbers("Seite {page} von {pages}")
    return german(
        s,
        org,
        written,
        title="Entlassungsbericht",
        sender_alternatives=[f"{org}, {dept}", dept, f"{org} gGmbH"],
        letter_date=case.day,
        other_dates=[(admit, "admission"), (out, "discharge")],
        people=[(chief, "signer"), (senior, "signer"), (junior, "signer")],
        fax_number="+49 221 8907-2290",
        fax_label=org.upper()[:24],
        cover_from=f"{org}, Sekretariat {dept.split(' für ')[-1]}",
        cover_subject="Entlassungsbericht",
    )


@layout(
    "klinik_kurzbrief",
    "Preliminary discharge note as a form: label and value on one line, SURNAME, Given "
    "(no academic title), the date only at the end ('Ort, Datum' above the signature)",
    titles=True,
    ages=(5, 99),
)
def klinik_kurzbrief(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = rng.choice(["St. Agatha-Krankenhaus Niehl", "Klinikum Rheinbogen"])
    dept = "Zentrum für Unfallchirurgie und Orthopädie"
    (doctor,) = doctors(rng, 1)
    s = Sheet(font="narrow", size=10.5)
    s.y = 18
    s.line(org.upper(), font="narrow-b", size=13)
    s.line(dept, size=10)
    s.gap(6)
    s.line("Vorläufiger Arztbrief (Kurzbrief)", font="narrow-b", size=14)
    s.gap(3)
    written = name_form(pat, "caps")
    out = before(case.day, 0, 2, rng)
    admit = before(out, 1, 9, rng)
    fields = [
        ("Patient:", written),
        ("Geburtsdatum:", dates.num(pat.birth)),
        ("Aufnahme:", dates.num(admit)),
        ("Entlassung:", dates.num(out)),
        ("Fall-Nr.:", str(rng.randint(40000000, 49999999))),
        ("An:", f"{case.practice.name}, {case.practice.city}"),
    ]
    if case.show_address:
        fields.insert(2, ("Anschrift:", ", ".join(address_lines(pat))))
    s.fields(fields, 35, "narrow-b")
    s.gap(5)
    s.line("Diagnosen:", font="narrow-b")
    s.lines(pick(rng, DIAGNOSES_DE, 3))
    s.gap(3)
    s.line("Procedere:", font="narrow-b")
    s.para(rng.choice(TEXT_DE[3:]))
    s.line("Medikation:", font="narrow-b")
    s.lines(pick(rng, MEDS, 4))
    s.gap(10)
    s.line(f"Köln, {dates.num(case.day)}")
    s.gap(8)
    s.line(doctor)
    s.line("Stationsärztin/Stationsarzt", size=9)
    return german(
        s,
        org,
        written,
        title="Vorläufiger Arztbrief",
        title_alternatives=["Vorläufiger Arztbrief (Kurzbrief)", "Kurzbrief"],
        sender_alternatives=[org.upper(), f"{org}, {dept}"],
        letter_date=case.day,
        other_dates=[(admit, "admission"), (out, "discharge")],
        people=[(doctor, "signer")],
        fax_number="+49 221 7491-118",
        fax_label="UCH STATION 4B",
        notes=["the letter's date is printed only at the end, above the signature"],
    )


@layout(
    "facharzt_kardio",
    "Cardiology group practice: addressee block first at the top left, the practice's head "
    "beside it on the right, a Betreff line naming the patient, examination date",
    titles=True,
    ages=(30, 95),
)
def facharzt_kardio(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Kardiologische Gemeinschaftspraxis am Ebertplatz"
    one, two = rng.sample(
        ["Dr. med. Lutz Averdunk", "Dr. med. Meike Sonnenschein", "Dr. med. Arne Pütz"], 2
    )
    s = Sheet(font="times", size=11.5)
    s.y = 20
    s.lines(addressee(case, "short"))
    right = 120.0
    y = 24.0
    for text, font in [
        (org, "times-b"),
        (one, "times"),
        (two, "times"),
        ("Fachärzte für Innere Medizin und Kardiologie", "times-i"),
        ("Ebertplatz 2 · 50668 Köln", "times"),
        ("Tel. 0221 139922-0 · Fax 0221 139922-9", "times"),
    ]:
        s.put(text, right, y, font=font, size=9.5)
        y += 4.4
    s.y = 62
    s.line(f"Köln, den {dates.long(case.day, 'de')}", x=190, align="right")
    exam = before(case.day, 1, 10, rng)
    written = name_form(pat, rng.choice(["natural", "comma"]))
    s.gap(6)
    betreff = f"Betr.: {written}{birth_clause(pat)}, * {dates.num(pat.birth)}"
    s.line(betreff, font="times-b")
    s.line(f"Kardiologische Untersuchung vom {dates.num(exam)}", font="times-b")
    if case.show_address:
        s.line("Anschrift: " + ", ".join(address_lines(pat)))
    s.lines(_their_number(case))
    s.gap(5)
    s.line("Liebe Kollegin, lieber Kollege,")
    s.gap(2)
    s.para(
        f"vielen Dank für die Überweisung Ihrer Patientin bzw. Ihres Patienten, {salute(pat, 'de1')} {glue(pat.surname)}, die/den wir am {glue(dates.num(exam))} ambulant untersucht haben."
    )
    for text in pick(rng, TEXT_DE, 3):
        s.para(text)
    s.line("Beurteilung:", font="times-b")
    s.lines(pick(rng, DIAGNOSES_DE, 2))
    sign(s, "Mit freundlichen Grüßen", [one], ["Facharzt für Innere Medizin und Kardiologie"])
    return german(
        s,
        org,
        written,
        title="Kardiologische Untersuchung",
        title_alternatives=[f"Kardiologische Untersuchung vom {dates.num(exam)}"],
        sender_alternatives=[one, two],
        letter_date=case.day,
        other_dates=[(exam, "examination")],
        people=[(one, "signer")],
        fax_number="0221 139922-9",
        fax_label="KARDIO EBERTPLATZ",
        notes=["the addressee block stands before the sender's head"],
    )


@layout(
    "facharzt_ortho_fusszeile",
    "Orthopaedic practice whose name appears only in the footer (a drawn logo at the top), a "
    "'Befundbericht' heading, 'Given SURNAME' with the birth date in brackets",
    titles=True,
)
def facharzt_ortho(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Orthopädie am Rathaus Brühl"
    (doctor,) = doctors(
        rng, 1, ["Dr. med. Wiebke Tenhagen", "Dr. med. Lars Ohlig", "Dr. med. Sandro Ventura"]
    )
    s = Sheet(font="sans", size=10)
    s.shape("circle", 178, 24, 9)
    s.shape("circle", 178, 24, 5)
    window(s, case, top=46)
    s.y = 86
    s.line(f"Datum: {dates.num(case.day)}", x=190, align="right")
    s.gap(4)
    s.line("Befundbericht", font="sans-b", size=13)
    s.gap(3)
    written = name_form(pat, "upper")
    exam = before(case.day, 0, 5, rng)
    s.line(f"Patient/in: {written} ({dates.num(pat.birth)})")
    if case.show_address:
        s.line(", ".join(address_lines(pat)))
    s.line(f"Vorstellung am {dates.num(exam)}")
    s.gap(4)
    s.para(
        "Anamnese: Seit mehreren Wochen belastungsabhängige Schmerzen im rechten Kniegelenk, nächtliche Ruheschmerzen werden verneint."
    )
    s.para(
        "Befund: Kein Erguss, Bandapparat stabil, Druckschmerz über dem medialen Gelenkspalt, Beweglichkeit Extension/Flexion 0-5-120 Grad."
    )
    s.para(
        "Röntgen Knie rechts in zwei Ebenen: Gelenkspaltverschmälerung medial, osteophytäre Anbauten."
    )
    s.line("Diagnose: Primäre Gonarthrose rechts (M17.1)")
    s.gap(3)
    s.para(
        "Wir haben eine Physiotherapie verordnet und eine Wiedervorstellung in sechs Wochen vereinbart."
    )
    sign(s, "Mit kollegialen Grüßen", [doctor], ["Fachärztin/Facharzt für Orthopädie"])
    s.footer(
        [
            f"{org} · {doctor} · Uhlstraße 41 · 50321 Brühl",
            "Telefon 02232 94410 · Telefax 02232 944129 · BSNR 381234500",
        ]
    )
    return german(
        s,
        org,
        written,
        title="Befundbericht",
        sender_alternatives=[doctor],
        letter_date=case.day,
        other_dates=[(exam, "examination")],
        people=[(doctor, "signer")],
        fax_number="02232 944129",
        fax_label="ORTHO RATHAUS",
        notes=["the sender is named only in the footer; the head is a drawn logo"],
    )


LAB_VALUES = [
    ("Hämoglobin", "12.1", "g/dl", "12.0 - 15.4"),
    ("Leukozyten", "7.8", "/nl", "3.9 - 10.2"),
    ("Thrombozyten", "265", "/nl", "150 - 370"),
    ("Kreatinin", "1.21 +", "mg/dl", "0.51 - 0.95"),
    ("eGFR (CKD-EPI)", "47 -", "ml/min", "> 60"),
    ("Kalium", "4.6", "mmol/l", "3.5 - 5.1"),
    ("TSH basal", "2.31", "mU/l", "0.27 - 4.20"),
    ("HbA1c", "7.2 +", "%", "4.0 - 6.0"),
    ("CRP", "3.4", "mg/l", "< 5.0"),
]


def _lab_rows(s: Sheet, rows: list[tuple[str, str, str, str]]) -> None:
    """The report's head: two label/value pairs a line."""
    for a, b, c, d in rows:
        s.y += s.lead()
        s.put(a, s.left, s.y, font="cond-b")
        s.put(b, s.left + 26, s.y)
        if c:
            s.put(c, 120, s.y, font="cond-b")
            s.put(d, 146, s.y)


def _lab_table(s: Sheet) -> None:
    s.gap(4)
    s.line("Untersuchung            Ergebnis    Einheit     Referenzbereich", font="mono", size=8.5)
    for name, value, unit, ref in LAB_VALUES:
        s.line(f"{name:<24}{value:<12}{unit:<12}{ref}", font="mono", size=8.5)


@layout(
    "labor_befund",
    "Laboratory report: table of values, order number, sample and receipt dates, the report "
    "date ('Befunddatum') as the letter date and a print date, SURNAME, GIVEN in capitals",
    ages=(18, 99),
)
def labor_befund(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "MVZ Labor Dr. Quirrenbach & Kollegen"
    s = Sheet(font="cond", size=9.5)
    s.y = 16
    s.line(org, font="cond-b", size=14)
    s.line("Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", size=8.5)
    s.line("Widdersdorfer Straße 190 · 50825 Köln · Tel. 0221 5486-0", size=8.5)
    s.gap(4)
    s.lines(addressee(case, "short"), size=9.5)
    sample = before(case.day, 1, 3, rng)
    received = after(sample, 0, 1, rng)
    printed = after(case.day, 0, 1, rng)
    written = name_form(pat, "allcaps")
    s.gap(4)
    s.line("LABORBEFUND - Endbefund", font="cond-b", size=12)
    s.gap(2)
    rows = [
        ("Name:", written, "Auftragsnr.:", str(rng.randint(2400000, 2599999))),
        ("Geb.-Datum:", dates.num(pat.birth), "Entnahme:", f"{dates.num(sample)} 08:15"),
        (
            "Geschlecht:",
            "weiblich" if pat.sex == "F" else "männlich",
            "Eingang:",
            f"{dates.num(received)} 13:02",
        ),
        ("Einsender:", case.practice.name, "Befunddatum:", dates.num(case.day)),
    ]
    if case.register_id:
        rows.append(("Pat.-Nr.:", case.register_id, "", ""))
    _lab_rows(s, rows)
    _lab_table(s)
    s.gap(4)
    s.para(
        "Endbefund. Medizinisch validiert durch Dr. med. Henriette Quirrenbach, Fachärztin für Laboratoriumsmedizin.",
        size=8.5,
    )
    s.line(f"Druckdatum: {dates.num(printed)} 06:40", size=8)
    return german(
        s,
        org,
        written,
        title="Laborbefund",
        title_alternatives=["LABORBEFUND - Endbefund", "Endbefund"],
        sender_alternatives=["MVZ Labor Dr. Quirrenbach", "Labor Dr. Quirrenbach & Kollegen"],
        letter_date=case.day,
        other_dates=[(sample, "sample taken"), (received, "sample received"), (printed, "printed")],
        people=[("Dr. med. Henriette Quirrenbach", "validated by")],
        fax_number="0221 5486-299",
        fax_label="LABOR QUIRRENBACH",
        cover_subject="Laborbefund",
        notes=["several dates: sample, receipt, report (the letter's date) and print date"],
    )


RADIOLOGY_LINE = "Praxis für Radiologie und Nuklearmedizin · Bonner Straße 211 · 50968 Köln"
EXAMS = {
    "MRT der Lendenwirbelsäule nativ": [
        "Indikation: Lumboischialgie rechts seit vier Wochen, Ausschluss Bandscheibenvorfall.",
        "Befund: Regelrechte Stellung der Wirbelkörper, keine Frakturzeichen. Mediolateraler Bandscheibenvorfall L4/5 rechts mit Kontakt zur Nervenwurzel L5. Spinalkanal nicht relevant eingeengt.",
        "Beurteilung: Bandscheibenvorfall L4/5 rechts mit Wurzelkontakt L5. Keine Spinalkanalstenose.",
    ],
    "CT des Thorax mit Kontrastmittel": [
        "Indikation: Persistierender Husten seit acht Wochen, Raucheranamnese, Ausschluss Raumforderung.",
        "Befund: Kein Nachweis pulmonaler Rundherde. Geringe zentrilobuläre Emphysemzeichen in den Oberlappen. Keine vergrößerten mediastinalen Lymphknoten, kein Pleuraerguss.",
        "Beurteilung: Beginnendes zentrilobuläres Lungenemphysem. Kein Anhalt für Malignität.",
    ],
    "Sonographie des Abdomens": [
        "Indikation: Rezidivierende Oberbauchschmerzen rechts, erhöhte Transaminasen.",
        "Befund: Leber normal groß mit homogen vermehrter Echogenität. Gallenblase mit mehreren echogenen Konkrementen bis 12 mm ohne Wandverdickung. Nieren beidseits regelrecht.",
        "Beurteilung: Steatosis hepatis. Cholezystolithiasis ohne Zeichen einer Cholezystitis.",
    ],
}


@layout(
    "radiologie_befund",
    "Radiology report: the practice head centred, the addressee at the right beside the "
    "patient block, the examination as the heading, examination date, the letter's date at the end",
    titles=True,
)
def radiologie_befund(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Radiologie Köln-Süd"
    exam_name = rng.choice(sorted(EXAMS))
    one, two = doctors(rng, 2)
    s = Sheet(font="sans", size=9.8)
    s.put(org, 105, 20, font="sans-b", size=16, align="center")
    s.put(RADIOLOGY_LINE, 105, 26, size=8, align="center")
    written = name_form(pat, rng.choice(["comma", "natural"]))
    exam = before(case.day, 0, 4, rng)
    s.y = 42
    s.line("Patient:", font="sans-b")
    s.line(written)
    s.line(f"geb. {dates.num(pat.birth)}")
    if case.show_address:
        s.lines(address_lines(pat))
    s.lines(_their_number(case))
    after_patient = s.y
    s.y = 42
    for text in addressee(case, "short"):
        s.line(text, x=120)
    s.y = max(after_patient, s.y) + 8
    s.line(f"{exam_name} vom {dates.num(exam)}", font="sans-b", size=11.5)
    s.gap(3)
    for text in EXAMS[exam_name]:
        s.para(text)
    s.gap(4)
    s.line(f"Köln, {dates.num(case.day)}")
    s.gap(6)
    s.line(f"{one} · {two}", size=9)
    s.line("Fachärzte für Diagnostische Radiologie", size=8.5)
    return german(
        s,
        org,
        written,
        title=exam_name,
        title_alternatives=[f"{exam_name} vom {dates.num(exam)}"],
        letter_date=case.day,
        other_dates=[(exam, "examination")],
        people=[(one, "signer"), (two, "signer")],
        fax_number="0221 9348-15",
        fax_label="RADIOLOGIE KOELN SUED",
        cover_subject="Befund",
        notes=["the addressee block stands beside the patient block"],
    )
