"""Ordinary correspondence: hospitals, specialists, laboratories, radiology, English letters."""

from __future__ import annotations

import datetime as dt

from .base import Context, Draft, signatures, window
from .render import Item
from .sheet import Sheet, spell

DOCTORS_F = (
    "Ilka Thorwaldsen",
    "Mareike Brünninghaus",
    "Ada Okonkwo-Reis",
    "Sigrun Lindqvist",
    "Henrike Achterberg",
    "Zsófia Szabó",
    "Wiebke Tjaden",
    "Carla Vasquez-Lenz",
)
DOCTORS_M = (
    "Arne Wennemar",
    "Till Quandel",
    "Konstantin Rehbinder",
    "Fabian Ostermeyer",
    "Ruben Falkenrath",
    "Hauke Dreesen",
    "Matthis Hollmichel",
    "Jost Sieverding",
)
DIAGNOSES = (
    "Arterielle Hypertonie, medikamentös eingestellt",
    "Diabetes mellitus Typ 2 (HbA1c 7,4 %)",
    "Vorhofflimmern, paroxysmal, CHA2DS2-VASc 3",
    "Chronische Niereninsuffizienz G3a",
    "Hypercholesterinämie",
    "Z. n. Cholezystektomie 2011",
    "Adipositas Grad I (BMI 32)",
    "Schlafapnoe-Syndrom, CPAP-versorgt",
    "Hypothyreose unter Substitution",
)


WARDS = (
    (
        "Station 4B – Gastroenterologie",
        "Akute Cholangitis bei Choledocholithiasis, ERCP mit Papillotomie und Steinextraktion.",
    ),
    (
        "Station 2A – Neurologie",
        "Transitorische ischämische Attacke mit Aphasie, vollständig rückläufig.",
    ),
    (
        "Station 6 – Unfallchirurgie",
        "Distale Radiusfraktur rechts, offene Reposition und Plattenosteosynthese.",
    ),
)


COURSE_DE = (
    "Verlauf: Nach Aufnahme erfolgte eine intravenöse Therapie mit Furosemid 40 mg zweimal "
    "täglich unter täglicher Bilanzierung. Die Nierenfunktion blieb stabil, das Kalium wurde "
    "oral substituiert. Die Mobilisation gelang rasch, die Sauerstoffgabe konnte am dritten "
    "Tag beendet werden. Physiotherapeutische Mitbetreuung. Eine Koronarangiographie wurde "
    "bei fehlender Angina-Symptomatik und unauffälligem Troponin-Verlauf zunächst nicht "
    "durchgeführt und sollte ambulant nach Rekompensation erwogen werden.",
    "Befunde: Röntgen-Thorax bei Aufnahme mit beidseitigen Pleuraergüssen und zentraler "
    "Stauung, in der Kontrolle deutlich rückläufig. EKG: tachykardes Vorhofflimmern, unter "
    "Bisoprolol frequenzkontrolliert. Sonographie Abdomen: Leber gestaut, sonst unauffällig. "
    "Labor bei Entlassung: Kreatinin 1,18 mg/dl, Kalium 4,3 mmol/l, NT-proBNP 2.140 pg/ml "
    "(bei Aufnahme 6.870 pg/ml), Hämoglobin 12,9 g/dl.",
    "Empfehlungen: Tägliche Gewichtskontrolle, bei Zunahme um mehr als 2 kg in drei Tagen "
    "bitte Vorstellung. Trinkmenge 1,5 Liter. Kochsalzarme Kost. Wir empfehlen eine "
    "Herzinsuffizienz-Schulung und die Anbindung an eine kardiologische Praxis. Eine "
    "Wiedervorstellung in unserer Ambulanz ist nicht vorgesehen.",
)
COURSE_EN = (
    "PHYSICAL EXAM ON ADMISSION: Temp 38.9 C, HR 104, BP 128/76, RR 24, SpO2 89 % on room "
    "air. Crackles right base. No edema. Alert and oriented.",
    "PERTINENT RESULTS: WBC 15.2, CRP 187 mg/L, procalcitonin 1.4 ng/mL, lactate 1.6. Chest "
    "X-ray: right lower lobe consolidation without effusion. Urine Legionella and "
    "pneumococcal antigens negative. Respiratory viral panel negative.",
    "DISCHARGE MEDICATIONS: amoxicillin-clavulanate 875/125 mg PO twice daily for 4 more days; "
    "guaifenesin as needed; home medications unchanged (lisinopril 10 mg daily, "
    "atorvastatin 20 mg nightly).",
    "CONDITION AT DISCHARGE: stable, ambulating independently, tolerating diet. Patient "
    "counseled on return precautions including worsening shortness of breath, chest pain "
    "or recurrent fever. Patient verbalized understanding. Fit to fly per discussion.",
)


def doctor(ctx: Context, female: bool | None = None) -> str:
    if female is None:
        female = ctx.rng.random() < 0.5
    return ctx.pick(DOCTORS_F if female else DOCTORS_M)


def diagnoses(ctx: Context, count: int) -> list[str]:
    return ctx.rng.sample(DIAGNOSES, count)


def discharge_two_column(ctx: Context) -> Draft:
    """Hospital discharge letter: doctor list in a right sidebar, body narrowed to its left."""
    s, p = ctx.subject, ctx.practice
    hospital, dept = "St. Elisabeth-Krankenhaus Köln-Hohenlind", "Klinik für Innere Medizin I"
    chief, senior, junior = doctor(ctx, False), doctor(ctx, True), doctor(ctx)
    admitted, released = ctx.before(8, 14), ctx.before(1, 3)
    letter = ctx.day
    sheet = Sheet(
        right=140,
        continuation=lambda n: [f"{s.surname}, {s.given}, geb. {spell(s.born, 'de')} – Seite {n}"],
    )
    sheet.put(25, 18, hospital, 13, "bold")
    sheet.put(25, 24, dept, 10)
    side = [
        ("Chefarzt", 8),
        (f"Prof. Dr. med. {chief}", 8),
        ("Oberärzte", 8),
        (f"Dr. med. {senior}", 8),
        ("Dr. med. Piet Anholt", 8),
        ("Sekretariat", 8),
        ("Tel. 0221 4192-2201", 8),
        ("Fax 0221 4192-2209", 8),
        ("Datum", 8),
        (spell(letter, "de"), 8),
    ]
    for row, (text, size) in enumerate(side):
        sheet.put(150, 50 + row * 4.2, text, size, "bold" if row % 2 == 0 and row < 6 else "sans")
    window(sheet, p, f"{hospital} · Werthmannstraße 1 · 50935 Köln")
    sheet.y = 88
    sheet.line("Entlassungsbrief", 12, "bold")
    sheet.gap(2)
    as_written = f"{s.given} {s.surname}"
    sheet.para(
        f"Sehr geehrte Kollegin, sehr geehrter Kollege, wir berichten über {s.herrn()} "
        f"{as_written}, geb. {spell(s.born, 'de')}, "
        f"{'die' if s.sex == 'F' else 'der'} sich vom {spell(admitted, 'de')} bis zum "
        f"{spell(released, 'de')} in unserer stationären Behandlung befand."
    )
    sheet.line("Diagnosen:", font="bold")
    for text in diagnoses(ctx, 3):
        sheet.line(f"– {text}")
    sheet.gap(2)
    sheet.para(
        "Anamnese: Aufnahme über die Notaufnahme wegen zunehmender Belastungsdyspnoe und "
        "Beinödemen seit etwa zwei Wochen. Unter intravenöser Diurese rasche Besserung, "
        "Gewichtsabnahme von 4,2 kg. Echokardiographisch LVEF 45 %, keine relevanten "
        "Vitien. Die Entlassung erfolgt in gebessertem Allgemeinzustand nach Hause."
    )
    sheet.para(
        "Medikation bei Entlassung: Ramipril 5 mg 1-0-0, Torasemid 10 mg 1-0-0, "
        "Bisoprolol 2,5 mg 1-0-1, Apixaban 5 mg 1-0-1. Wir bitten um Kontrolle von "
        "Kreatinin und Kalium in einer Woche."
    )
    for text in COURSE_DE:
        sheet.para(text)
    sheet.right = 185  # the sidebar ends above; the signatures take the full width
    signatures(
        sheet,
        [
            (f"Prof. Dr. med. {chief}", "Chefarzt"),
            (f"Dr. med. {senior}", "Oberärztin"),
            (junior, "Assistenzarzt"),
        ],
    )
    return Draft(
        "de_hospital_sidebar_discharge",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        hospital,
        [f"{dept}, {hospital}", dept, "St. Elisabeth-Krankenhaus"],
        "Entlassungsbrief",
        [],
        other_dates=[(admitted, "admission"), (released, "discharge")],
        other_people=[
            (f"Prof. Dr. med. {chief}", "signatory"),
            (f"Dr. med. {senior}", "signatory"),
            (junior, "signatory"),
            (p.doctor.split(" ", 1)[1], "addressee"),
        ],
        fax_name="St.Elisabeth Innere",
        fax_number="+49 221 41922209",
    )


def provisional_ward_letter(ctx: Context) -> Draft:
    """Vorläufiger Arztbrief from a ward: centred head, field table, date only above signature."""
    s, p = ctx.subject, ctx.practice
    hospital = "Evangelisches Klinikum Bethesda Porz"
    ward, finding = ctx.rng.choice(WARDS)
    admitted, released = ctx.before(4, 9), ctx.day
    sheet = Sheet()
    sheet.put(105, 16, hospital.upper(), 12, "serifbold", "centre")
    sheet.put(105, 21.5, f"{ward} · Tel. 02203 566-4410", 8.5, "serif", "centre")
    sheet.y = 32
    sheet.line("Vorläufiger Arztbrief", 14, "serifbold", align="centre")
    sheet.line("(der endgültige Brief folgt)", 8.5, "serif", align="centre")
    sheet.gap(4)
    surname = s.surname.upper()
    sheet.fields(
        [
            ("Name:", surname),
            ("Vorname:", s.given),
            ("Geb.-Dat.:", spell(s.born, "de")),
            ("Aufnahme:", spell(admitted, "de")),
            ("Entlassung:", spell(released, "de")),
        ],
        32,
        10,
        "serif",
    )
    sheet.line("An:", 10, "serif")
    sheet.beside(57, f"{p.name}, {p.city}", 10, "serif")
    sheet.gap(5)
    sheet.line("Diagnose:", 10, "serifbold")
    sheet.para(finding, 10, "serif")
    sheet.line("Procedere:", 10, "serifbold")
    sheet.para(
        "Weiterbehandlung durch den Hausarzt. Laborkontrolle (Blutbild, CRP, "
        "Leberwerte) in 5–7 Tagen. Wiedervorstellung bei Fieber oder Schmerzen.",
        10,
        "serif",
    )
    sheet.gap(8)
    sheet.line(f"Köln-Porz, {spell(released, 'de')}", 10, "serif")
    ward_doctor = doctor(ctx)
    sheet.gap(10)
    sheet.line(f"{ward_doctor}, Stationsärztin/Stationsarzt", 10, "serif")
    return Draft(
        "de_ward_provisional_fields",
        "de",
        "DE",
        sheet.pages,
        surname,
        released,
        True,
        hospital,
        [f"{ward}, {hospital}", "Klinikum Bethesda Porz"],
        "Vorläufiger Arztbrief",
        [],
        other_dates=[(admitted, "admission")],
        other_people=[(ward_doctor, "signatory")],
        notes=[
            "the name is split over Name:/Vorname: fields",
            "letter date only in 'Köln-Porz, den' line above the signature; equals "
            "the discharge date",
        ],
        fax_name="BETHESDA PORZ ST",
        fax_number="02203566449",
    )


def cardiology_info_block(ctx: Context) -> Draft:
    """Cardiology practice: letterhead on the right, info block Ihr Zeichen / Unser Zeichen."""
    s, p = ctx.subject, ctx.practice
    sender = "Kardiologische Gemeinschaftspraxis Rheinufer"
    first, second = doctor(ctx, True), doctor(ctx, False)
    exam, letter, follow = ctx.before(2, 6), ctx.day, ctx.after(150, 200)
    sheet = Sheet()
    for row, (text, size, face) in enumerate(
        [
            (sender, 12, "bold"),
            (f"Dr. med. {first} · Dr. med. {second}", 8.5, "sans"),
            ("Fachärzte für Innere Medizin und Kardiologie", 8.5, "sans"),
            ("Rheinuferstraße 7 · 50996 Köln", 8.5, "sans"),
        ]
    ):
        sheet.put(185, 15 + row * 4.6, text, size, face, "right")
    window(sheet, p, "Kardiologische Gemeinschaftspraxis · Rheinuferstraße 7 · 50996 Köln")
    labels = [
        ("Ihr Zeichen:", "–"),
        ("Unser Zeichen:", f"{second[:1]}{first[:1]}/kk"),
        ("Durchwahl:", "0221 93 55 1-14"),
        ("Datum:", spell(letter, "de")),
    ]
    for row, (label, value) in enumerate(labels):
        sheet.put(130, 50 + row * 4.6, label, 8.5)
        sheet.page.items.append(Item(157, 50 + row * 4.6, value, 8.5, cont=True))
    sheet.y = 92
    title = "Kardiologischer Befundbericht"
    as_written = f"{s.given} {s.surname}"
    sheet.line(f"{title}: {as_written}, geb. {spell(s.born, 'de')}", 10, "bold")
    sheet.line(f"Untersuchung vom {spell(exam, 'de')}")
    sheet.gap(5)
    sheet.line(
        f"Sehr geehrte{'r Herr' if 'Herrn' in p.doctor else ' Frau'} Kollege"
        f"{'' if 'Herrn' in p.doctor else 'in'},"
    )
    sheet.para(
        f"vielen Dank für die Überweisung Ihre{'r' if s.sex == 'F' else 's'} "
        f"{s.patientin()} zur kardiologischen Abklärung bei Palpitationen."
    )
    sheet.fields(
        [
            ("Ruhe-EKG:", "Sinusrhythmus, HF 72/min, Linkslage, keine ST-Streckensenkungen"),
            ("Echo:", "LVEF 58 %, leichte Mitralinsuffizienz I°, normale Diameter"),
            ("Langzeit-EKG:", "vereinzelte SVES, kein Vorhofflimmern"),
        ],
        30,
        9.5,
    )
    sheet.gap(3)
    sheet.para(
        "Beurteilung: Kein Hinweis auf eine strukturelle Herzerkrankung. Die Beschwerden "
        "sind am ehesten extrasystolisch bedingt. Eine Therapie ist derzeit nicht "
        f"erforderlich. Kontrolle am {spell(follow, 'de')} oder früher bei Beschwerden."
    )
    sheet.line("Mit freundlichen kollegialen Grüßen")
    signatures(sheet, [(f"Dr. med. {first}", "Fachärztin für Kardiologie")])
    return Draft(
        "de_cardiology_right_head_info_block",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Kardiologische Gemeinschaftspraxis", f"Dr. med. {first}"],
        title,
        [],
        other_dates=[(exam, "examination"), (follow, "next appointment")],
        other_people=[(f"Dr. med. {first}", "signatory"), (f"Dr. med. {second}", "letterhead")],
        fax_name="KARDIO RHEINUFER",
        fax_number="+49 221 9355119",
    )


def gastro_logo_footer(ctx: Context) -> Draft:
    """Endoscopy report: a logo at the top, the practice's name only in the footer."""
    s = ctx.subject
    sender = "MVZ Magen-Darm-Zentrum Köln-Süd GmbH"
    previous = ctx.before(1000, 1900)
    exam = ctx.day
    examiner = doctor(ctx)
    sheet = Sheet(top=30, bottom=262)
    sheet.put(25, 22, "MDZ", 24, "bold")
    sheet.put(52, 22, "magen · darm · leber", 9, "cond")
    sheet.put(185, 22, f"Köln, {spell(exam, 'de_long')}", 10, align="right")
    sheet.y = 36
    as_written = f"{s.surname}, {s.given}"
    sheet.line(f"Pat.: {as_written}  * {spell(s.born, 'de_short')}", 10, "bold")
    sheet.line(f"Überweisung: {ctx.practice.doctor.split(' ', 1)[1]}", 9)
    sheet.gap(4)
    title = "Befund Ileokoloskopie"
    sheet.line(title, 13, "bold")
    sheet.rule()
    sheet.gap(3)
    rows = [
        ("Vorbereitung:", "Boston Bowel Preparation Scale 8/9"),
        ("Sedierung:", "Propofol 180 mg, komplikationslos"),
        ("Befund:", "Im Colon sigmoideum ein 6 mm großer Polyp (Paris 0-Is),"),
        ("", "mit der kalten Schlinge vollständig abgetragen; Divertikulose."),
        ("Voruntersuchung:", f"Koloskopie vom {spell(previous, 'de')}, 2 Adenome"),
        ("Histologie:", "folgt, wir informieren Sie gesondert"),
    ]
    sheet.fields([(a, b) for a, b in rows if a], 32, 9.5)
    sheet.gap(3)
    sheet.para(
        "Empfehlung: Kontroll-Koloskopie je nach Histologie in 3 bis 5 Jahren. "
        "Ballaststoffreiche Kost. Bei peranaler Blutung bitte Wiedervorstellung."
    )
    sheet.gap(6)
    sheet.line(f"Untersucher: Dr. med. {examiner}")
    sheet.page.rules.append((25, 268, 185, 268))
    sheet.put(105, 272, f"{sender} · Bonner Straße 340 · 50968 Köln", 7.5, "sans", "centre")
    sheet.put(
        105,
        275.5,
        "Tel. 0221 37 99 20 · Fax 0221 37 99 229 · BSNR 388812300",
        7.5,
        "sans",
        "centre",
    )
    return Draft(
        "de_gastro_logo_name_in_footer",
        "de",
        "DE",
        sheet.pages,
        as_written,
        exam,
        True,
        sender,
        ["MVZ Magen-Darm-Zentrum Köln-Süd", "Magen-Darm-Zentrum Köln-Süd", "MDZ"],
        title,
        ["Ileokoloskopie"],
        other_dates=[(previous, "previous examination")],
        other_people=[
            (f"Dr. med. {examiner}", "examiner"),
            (ctx.practice.doctor.split(" ", 1)[1], "referring doctor"),
        ],
        notes=[
            "the sender's full name only in the footer; the head shows a logo",
            "letter date equals the examination day",
        ],
        fax_name="MDZ Koeln-Sued",
        fax_number="0221 3799229",
    )


def at_neurology_ordination(ctx: Context) -> Draft:
    """Austrian neurologist's letter: 'Wien, am', Jänner, no subject line."""
    s, p = ctx.subject, ctx.practice
    neuro = doctor(ctx, True)
    sender = f"Dr. med. univ. {neuro}"
    seen, letter = ctx.before(3, 10), ctx.day
    sheet = Sheet(left=28)
    sheet.put(105, 16, f"Dr. med. univ. {neuro}", 13, "serifbold", "centre")
    sheet.put(105, 21.5, "Fachärztin für Neurologie · Wahlärztin alle Kassen", 9, "serif", "centre")
    sheet.put(
        105,
        26,
        "Ordination: Alser Straße 25/7, 1080 Wien · Tel. +43 1 402 33 18",
        8,
        "serif",
        "centre",
    )
    sheet.y = 40
    for text in p.window():
        sheet.line(text, 10, "serif")
    sheet.line("Deutschland", 10, "serif")
    sheet.gap(8)
    sheet.line(f"Wien, am {spell(letter, 'at_long')}", 10, "serif", align="right")
    sheet.gap(8)
    sheet.line("Sehr geehrte Frau Kollegin! Sehr geehrter Herr Kollege!", 10, "serif")
    as_written = f"{s.given} {s.surname}"
    sheet.para(
        f"{s.salutation()} {as_written}, geb. {spell(s.born, 'de')}, derzeit für einige "
        f"Monate in Wien, stellte sich am {spell(seen, 'at_long')} in meiner Ordination "
        "wegen seit Wochen bestehender Kopfschmerzen mit Flimmerskotomen vor.",
        10,
        "serif",
    )
    sheet.para(
        "Der neurologische Status war unauffällig, die Magnetresonanztomographie des "
        "Schädels ohne pathologischen Befund. Es handelt sich um eine Migräne mit Aura. "
        "Ich habe eine Prophylaxe mit Magnesium begonnen und einen Kopfschmerzkalender "
        "empfohlen. Triptane sollten bei Aura erst nach deren Abklingen genommen werden.",
        10,
        "serif",
    )
    sheet.line("Mit kollegialen Grüßen", 10, "serif")
    sheet.gap(12)
    sheet.line(f"Dr. {neuro}", 10, "serif")
    return Draft(
        "at_neurology_wien_am_no_subject",
        "de",
        "AT",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        [f"Dr. {neuro}", neuro, f"Ordination Dr. {neuro}"],
        None,
        [],
        other_dates=[(seen, "consultation")],
        other_people=[(p.doctor.split(" ", 1)[1], "addressee")],
        notes=["Austrian month name Jänner where January", "no subject line"],
        fax_name="Ordination Dr " + neuro.split()[-1],
        fax_number="+43 1 402 33 19",
    )


def ch_gynaecology_report(ctx: Context) -> Draft:
    """Swiss cantonal hospital women's clinic: no ß, 'Baden, 3. März', patient line first."""
    s, p = ctx.subject, ctx.practice
    hospital, clinic = "Kantonsspital Baden AG", "Frauenklinik"
    author, chief = doctor(ctx, True), doctor(ctx, False)
    seen, letter = ctx.before(5, 12), ctx.day
    sheet = Sheet(left=22)
    sheet.put(22, 16, hospital, 11, "bold")
    sheet.put(22, 21, f"{clinic} · Chefarzt Prof. Dr. med. {chief}", 8.5)
    sheet.put(22, 25, "Im Ergel 1 · CH-5404 Baden · T +41 56 486 35 02", 8.5)
    sheet.y = 44
    for text in [p.name, p.doctor, p.street, f"DE-{p.city}"]:
        sheet.line(text, 10, x=118)
    sheet.gap(10)
    sheet.line(f"Baden, {spell(letter, 'de_long')}", 10)
    sheet.gap(6)
    as_written = f"{s.surname} {s.given}"
    sheet.line(f"Patientin: {as_written}, {spell(s.born, 'de')}", 10, "bold")
    title = "Sprechstundenbericht Gynäkologie"
    sheet.line(title, 10, "bold")
    sheet.line(f"Konsultation vom {spell(seen, 'de')}", 9)
    sheet.gap(4)
    sheet.para(
        "Diagnosen: 1. Uterus myomatosus mit Hypermenorrhoe, 2. Eisenmangelanämie "
        "(Hb 102 g/l). Die Patientin wünscht nach ausführlicher Aufklärung zunächst ein "
        "konservatives Vorgehen mit Ulipristal-freier Hormontherapie. Eine operative "
        "Sanierung wurde besprochen. Wir bitten um Eisensubstitution und Hb-Kontrolle "
        "in sechs Wochen. Die Patientin ist in Deutschland wohnhaft; die Befunde gehen "
        "ihr zusätzlich in Kopie zu."
    )
    sheet.line("Freundliche Grüsse")
    signatures(
        sheet,
        [
            (f"Dr. med. {author}", "Oberärztin Frauenklinik"),
            (f"Prof. Dr. med. {chief}", "Chefarzt"),
        ],
    )
    return Draft(
        "ch_cantonal_women_clinic_report",
        "de",
        "CH",
        sheet.pages,
        as_written,
        letter,
        True,
        hospital,
        [f"{clinic}, {hospital}", "Kantonsspital Baden", clinic],
        title,
        ["Sprechstundenbericht"],
        other_dates=[(seen, "consultation")],
        other_people=[
            (f"Dr. med. {author}", "signatory"),
            (f"Prof. Dr. med. {chief}", "signatory"),
        ],
        notes=["surname before given name without comma"],
        fax_name="KSB Frauenklinik",
        fax_number="+41 56 486 35 09",
    )


def urology_date_in_footer(ctx: Context) -> Draft:
    """Urology group practice: two-column head, addressee after the head, date in the footer."""
    s, p = ctx.subject, ctx.practice
    sender = "Urologie am Ebertplatz"
    first, second = doctor(ctx, False), doctor(ctx, True)
    psa_day, letter = ctx.before(4, 9), ctx.day
    sheet = Sheet()
    sheet.put(25, 16, sender, 15, "serifbold")
    sheet.put(25, 22, "Gemeinschaftspraxis für Urologie und Andrologie", 8.5, "serif")
    for row, text in enumerate(
        [
            f"Dr. med. {first}",
            f"Dr. med. {second}",
            "Ebertplatz 2",
            "50668 Köln",
            "Tel. 0221 12 08 40",
        ]
    ):
        sheet.put(185, 14 + row * 4, text, 8, "serif", "right")
    sheet.page.rules.append((25, 36, 185, 36))
    sheet.y = 44
    for text in p.window():
        sheet.line(text, 10, "serif")
    sheet.gap(12)
    as_written = f"{s.salutation()} {s.given} {s.surname}".replace("Herr ", "Herrn ")
    sheet.line(
        f"Unser gemeinsamer Patient {as_written}, geb. {spell(s.born, 'de')}"
        if s.sex == "M"
        else f"Unsere gemeinsame Patientin {as_written}, geb. {spell(s.born, 'de')}",
        10,
        "serifbold",
    )
    sheet.gap(4)
    sheet.para(
        f"Liebe Kollegin, lieber Kollege, bei Kontrolle am {spell(psa_day, 'de')} fand "
        "sich ein PSA-Wert von 3,1 ng/ml (Vorwert 2,8 ng/ml). Sonographisch Prostata "
        "32 ml, Restharn 40 ml. Die Beschwerden unter Tamsulosin sind rückläufig. Wir "
        "sehen keinen Anlass für eine Biopsie und empfehlen eine Kontrolle in einem Jahr. "
        "Bei Harnverhalt bitte sofortige Vorstellung.",
        10,
        "serif",
    )
    sheet.line("Mit freundlichen Grüßen", 10, "serif")
    sheet.gap(10)
    sheet.line(f"Dr. med. {first}", 10, "serif")
    sheet.put(
        105,
        280,
        f"Diktiert und erstellt am {spell(letter, 'de')} · Seite 1 von 1",
        7.5,
        "serif",
        "centre",
    )
    return Draft(
        "de_urology_footer_date",
        "de",
        "DE",
        sheet.pages,
        as_written.split(" ", 1)[1],
        letter,
        True,
        sender,
        ["Gemeinschaftspraxis für Urologie und Andrologie", f"Dr. med. {first}"],
        None,
        [],
        other_dates=[(psa_day, "examination")],
        other_people=[(f"Dr. med. {first}", "signatory")],
        notes=["no subject; the letter date only in the footer line"],
        fax_name="UROLOGIE EBERTPL",
        fax_number="0221 1208449",
    )


def ent_short_report(ctx: Context) -> Draft:
    """ENT short report: a form-like box, short date, patient number of the ENT practice."""
    s, p = ctx.subject, ctx.practice
    sender = "HNO-Praxis Dr. Dreesen & Kollegen"
    author = "Dr. med. Hauke Dreesen"
    seen = ctx.day
    own_number = str(ctx.rng.randrange(10000, 99999))
    next_visit = ctx.after(50, 60)
    sheet = Sheet(left=20, right=190)
    sheet.put(
        20,
        15,
        "HNO-Praxis Dr. Dreesen & Kollegen · Hals-Nasen-Ohren-Heilkunde · "
        "Allergologie · Stimmstörungen",
        8,
        "condbold",
    )
    sheet.put(20, 19, "Zülpicher Straße 58 · 50674 Köln · Fax 0221 240 11 98", 8, "cond")
    window(sheet, p, "HNO-Praxis Dr. Dreesen · Zülpicher Str. 58 · 50674 Köln", 20, 45)
    sheet.y = 78
    sheet.line("KURZBERICHT", 12, "condbold")
    sheet.page.rules += [(20, 82, 190, 82), (20, 101, 190, 101)]
    sheet.gap(2)
    as_written = f"{s.surname.upper()}, {s.given}"
    sheet.fields(
        [
            ("Patient:", as_written),
            ("geb.:", spell(s.born, "de_short")),
            ("Pat.-Nr. HNO:", own_number),
            ("Untersuchung:", spell(seen, "de_short")),
        ],
        30,
        9.5,
        "cond",
    )
    sheet.gap(5)
    sheet.fields(
        [
            ("Diagnose:", "Chronische Rhinosinusitis ohne Polypen, Septumdeviation"),
            ("Audiogramm:", "Hochtonsenke bds. 4 kHz, 30 dB"),
            ("Therapie:", "Mometason Nasenspray 2x2 Hübe, Nasendusche"),
            ("Procedere:", f"Wiedervorstellung am {spell(next_visit, 'de_short')}, ggf. CT NNH"),
        ],
        30,
        9.5,
        "cond",
    )
    sheet.gap(8)
    sheet.line(f"{author} / {spell(seen, 'de_short')}", 9.5, "cond")
    return Draft(
        "de_ent_kurzbericht_box",
        "de",
        "DE",
        sheet.pages,
        as_written,
        seen,
        True,
        sender,
        ["HNO-Praxis Dr. Dreesen", author],
        "Kurzbericht",
        ["KURZBERICHT"],
        other_dates=[(next_visit, "next appointment")],
        other_people=[(author, "signatory")],
        notes=[f"the ENT practice's own patient number {own_number} is not the register id"],
        fax_name="HNO DREESEN",
        fax_number="0221 2401198",
    )


def lab_report_table(ctx: Context) -> Draft:
    """Laboratory report: sender (Einsender) block, sample and receipt dates, a value table."""
    s, p = ctx.subject, ctx.practice
    sender = "MVZ Labor Rheinland"
    sample = ctx.before(1, 2)
    received = sample + dt.timedelta(days=ctx.rng.randint(0, 1))
    report = ctx.day
    # The lab prints the number the practice system sent with the order (its register id).
    practice_id = s.record.id if s.record else None
    order = f"{ctx.rng.randrange(10**7, 10**8)}"
    sheet = Sheet(left=18, right=192)
    sheet.put(18, 16, "MVZ Labor Rheinland", 14, "bold")
    sheet.put(18, 21, "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", 8)
    sheet.put(192, 16, "Befundbericht", 12, "bold", "right")
    sheet.put(192, 21, f"Auftrag {order}", 8.5, "mono", "right")
    sheet.page.rules.append((18, 25, 192, 25))
    sheet.y = 28
    sheet.line("Einsender:", 8, "bold")
    sheet.line(f"{p.name}, {p.street}, {p.city}", 8.5)
    sheet.gap(2)
    as_written = f"{s.surname}, {s.given}"
    sheet.fields(
        [
            ("Patient:", as_written),
            ("Geburtsdatum:", spell(s.born, "de")),
            ("Ihre Pat.-Nr.:", practice_id or "–"),
            ("Entnahme:", f"{spell(sample, 'de')} 08:10"),
            ("Eingang:", f"{spell(received, 'de')} 13:42"),
            ("Befunddatum:", spell(report, "de")),
        ],
        30,
        9,
        "mono",
    )
    sheet.gap(3)
    sheet.line("Analyse            Ergebnis   Einheit    Referenz", 9, "mono")
    sheet.rule()
    for row in [
        "Hämoglobin         13,1       g/dl       12,0-15,5",
        "Leukozyten         11,8 +     /nl        3,9-10,2",
        "Thrombozyten       288        /nl        150-370",
        "CRP                24,5 +     mg/l       < 5,0",
        "Kreatinin          1,32 +     mg/dl      0,51-0,95",
        "eGFR (CKD-EPI)     41 -       ml/min     > 60",
        "TSH                2,10       mU/l       0,27-4,20",
        "HbA1c              7,4 +      %          < 5,7",
    ]:
        sheet.line(row, 9, "mono")
    sheet.gap(4)
    sheet.line("+ / - : außerhalb des Referenzbereichs. Endbefund.", 8)
    validator = f"Dr. rer. nat. {doctor(ctx)}"
    sheet.line(f"Medizinisch validiert: {validator}", 8)
    return Draft(
        "de_lab_value_table_mono",
        "de",
        "DE",
        sheet.pages,
        as_written,
        report,
        True,
        sender,
        ["Labor Rheinland"],
        "Befundbericht",
        ["Laborbefund"],
        other_dates=[(sample, "sample taken"), (received, "received by lab")],
        patient_id=practice_id,
        other_people=[(validator, "validated by"), (p.name, "sender of the order")],
        notes=[
            f"order number {order} is the lab's, not a patient id",
            "the practice's own patient number is printed as 'Ihre Pat.-Nr.'",
            "letter date is the Befunddatum; sample and receipt dates differ or coincide",
        ],
        fax_name="LABOR RHEINLAND",
        fax_number="0221 9470 300",
    )


def nuclear_thyroid(ctx: Context) -> Draft:
    """Nuclear medicine: centred head, ISO date on the right, 'Ihre Patientin ... wurde'."""
    s, p = ctx.subject, ctx.practice
    sender = "Praxis für Nuklearmedizin im Mediapark"
    author = doctor(ctx, False)
    exam, letter = ctx.before(0, 3), ctx.day
    sheet = Sheet()
    sheet.put(105, 15, "NUKLEARMEDIZIN IM MEDIAPARK", 12, "bold", "centre")
    sheet.put(105, 20, f"{sender} · Im Mediapark 6 · 50670 Köln", 8, "sans", "centre")
    window(sheet, p, "Nuklearmedizin Mediapark, Im Mediapark 6, 50670 Köln", 25, 48)
    sheet.put(185, 48, spell(letter, "iso"), 10, align="right")
    sheet.y = 84
    title = "Schilddrüsenszintigraphie und Sonographie"
    sheet.line(title, 11, "bold")
    sheet.gap(4)
    word = "Ihre Patientin" if s.sex == "F" else "Ihr Patient"
    as_written = f"{s.given} {s.surname.upper()}"
    sheet.para(
        f"{word} {as_written} (geb. {spell(s.born, 'de')}) wurde uns am "
        f"{spell(exam, 'de')} zur Abklärung eines Knotens im rechten Schilddrüsenlappen "
        "vorgestellt."
    )
    sheet.para(
        "Sonographie: Schilddrüsenvolumen 19 ml, rechts kaudal ein 14 mm großer, "
        "echoarmer Knoten (TI-RADS 3). Szintigraphie (Tc-99m, 60 MBq): Der Knoten "
        "speichert vermindert (kalter Knoten). TSH 1,4 mU/l, fT4 normal, TPO-AK negativ."
    )
    sheet.para(
        "Beurteilung: Szintigraphisch kalter Knoten rechts. Wir empfehlen eine "
        "Feinnadelpunktion, die wir gern bei uns durchführen."
    )
    signatures(sheet, [(f"Dr. med. {author}", "Facharzt für Nuklearmedizin")])
    return Draft(
        "de_nuclear_iso_date_centred",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Nuklearmedizin im Mediapark", f"Dr. med. {author}"],
        title,
        ["Schilddrüsenszintigraphie"],
        other_dates=[(exam, "examination")],
        other_people=[(f"Dr. med. {author}", "signatory")],
        fax_name="Nuklearmed. Mediapark",
        fax_number="0221 5796 21",
    )


def radiology_mri_institute(ctx: Context) -> Draft:
    """Radiology institute: a coloured band head, exam fields, letter date as 'Köln, den'."""
    s, p = ctx.subject, ctx.practice
    sender = "Radiologisches Institut Deutz"
    first, second = doctor(ctx, True), doctor(ctx, False)
    exam = ctx.before(0, 2)
    letter = ctx.day
    region = ctx.pick(
        (
            "MRT der Lendenwirbelsäule nativ",
            "MRT der LWS ohne Kontrastmittel",
            "Kernspintomographie LWS",
        )
    )
    sheet = Sheet()
    sheet.put(25, 15, sender, 16, "serif")
    sheet.put(25, 20.5, "MRT · CT · Mammographie · Interventionelle Radiologie", 8.5, "serif")
    sheet.put(185, 15, f"Köln, den {spell(letter, 'de')}", 9, "serif", "right")
    window(sheet, p, "Radiologisches Institut Deutz · Deutz-Mülheimer Str. 30 · 51063 Köln", 25, 44)
    sheet.y = 78
    as_written = f"{s.surname}, {s.given}"
    sheet.fields(
        [
            ("Patient(in):", f"{as_written}, * {spell(s.born, 'de')}"),
            ("Untersuchung:", region),
            ("am:", spell(exam, "de")),
        ],
        28,
        10,
        "serif",
    )
    sheet.gap(4)
    sheet.line("Befund:", 10, "serifbold")
    sheet.para(
        "Regelrechte Stellung. Osteochondrose L4/5 und L5/S1 mit breitbasiger "
        "Bandscheibenprotrusion L4/5 und Kontakt zur Nervenwurzel L5 rechts, ohne "
        "Kompression. Keine Spinalkanalstenose. Facettengelenksarthrose beidseits. "
        "Keine Fraktur, kein Knochenmarködem.",
        10,
        "serif",
    )
    sheet.line("Beurteilung:", 10, "serifbold")
    sheet.para("Degenerative Veränderungen, führend L4/5 mit Wurzelkontakt L5 rechts.", 10, "serif")
    sheet.line("Mit freundlichen Grüßen", 10, "serif")
    signatures(
        sheet,
        [
            (f"Dr. med. {first}", "Fachärztin für Radiologie"),
            (f"Dr. med. {second}", "Facharzt für Radiologie"),
        ],
        9,
    )
    return Draft(
        "de_radiology_institute_koeln_den",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Radiologisches Institut Deutz, Köln"],
        region,
        [],
        other_dates=[(exam, "examination")],
        other_people=[(f"Dr. med. {first}", "signatory"), (f"Dr. med. {second}", "signatory")],
        notes=["the title is the examination named in the field 'Untersuchung:'"],
        fax_name="RAD INSTITUT DEUTZ",
        fax_number="0221 8809 119",
    )


def transfer_to_rehab(ctx: Context) -> Draft:
    """Transfer letter to a rehabilitation clinic, copy to the GP, patient in a table."""
    s, p = ctx.subject, ctx.practice
    hospital = "Klinikum Leverkusen gGmbH"
    dept = "Klinik für Orthopädie und Unfallchirurgie"
    operation, transfer = ctx.before(9, 14), ctx.day
    surgeon, resident = doctor(ctx, False), doctor(ctx, True)
    rehab = "Rehazentrum Bad Godesberg, Abteilung Orthopädie"
    sheet = Sheet(continuation=lambda n: [f"Verlegungsbericht {s.surname}, {s.given} – Seite {n}"])
    sheet.put(25, 15, hospital, 12, "bold")
    sheet.put(25, 20, dept, 9)
    sheet.put(185, 15, "Am Gesundheitspark 11", 8, align="right")
    sheet.put(185, 19, "51375 Leverkusen", 8, align="right")
    sheet.y = 32
    sheet.line(f"An: {rehab}", 10)
    sheet.line(f"Nachrichtlich: {p.doctor.split(' ', 1)[1]}, {p.name}, {p.city}", 9)
    sheet.gap(6)
    title = "Verlegungsbericht"
    sheet.line(title, 13, "bold")
    sheet.gap(2)
    as_written = s.surname
    sheet.fields(
        [
            ("Name", s.surname),
            ("Vorname", s.given),
            ("geboren", spell(s.born, "de")),
            ("OP-Datum", spell(operation, "de")),
            ("Verlegung", spell(transfer, "de")),
        ],
        30,
        10,
    )
    sheet.gap(4)
    sheet.para(
        "Diagnose: Mediale Schenkelhalsfraktur links nach häuslichem Sturz. Operation: "
        "zementierte Hüft-Totalendoprothese links über einen anterolateralen Zugang. "
        "Postoperativer Verlauf komplikationslos, Wunde reizlos, Fäden am 12. Tag "
        "entfernt. Mobilisation unter Vollbelastung am Rollator."
    )
    sheet.para(
        "Thromboseprophylaxe mit Enoxaparin 40 mg s.c. für insgesamt 35 Tage. "
        "Schmerztherapie mit Metamizol 500 mg bis 4x täglich. Röntgenkontrolle nach "
        "sechs Wochen empfohlen."
    )
    sheet.line(f"Leverkusen, {spell(transfer, 'de')}")
    signatures(sheet, [(f"Dr. med. {surgeon}", "Oberarzt"), (resident, "Assistenzärztin")])
    return Draft(
        "de_transfer_rehab_cc_gp",
        "de",
        "DE",
        sheet.pages,
        as_written,
        transfer,
        True,
        hospital,
        [f"{dept}, {hospital}", "Klinikum Leverkusen", dept],
        title,
        ["Verlegungsbericht Orthopädie"],
        other_dates=[(operation, "operation")],
        other_people=[
            (rehab, "addressee"),
            (p.doctor.split(" ", 1)[1], "copy to"),
            (f"Dr. med. {surgeon}", "signatory"),
            (resident, "signatory"),
        ],
        notes=[
            "addressed to the rehab clinic; the practice receives a copy",
            "name split over Name/Vorname table rows",
        ],
        fax_name="KLINIKUM LEV ORTHO",
        fax_number="0214 13 2299",
    )


def gb_outpatient_clinic_letter(ctx: Context) -> Draft:
    """NHS outpatient letter: Re: block with DOB and hospital number, dictated/typed dates."""
    s, p = ctx.subject, ctx.practice
    trust = "North Wessex Hospitals NHS Foundation Trust"
    dept = "Department of Respiratory Medicine"
    consultant = ctx.pick(("Dr Eleanor Harrowby", "Dr Callum Fitzwilliam"))
    clinic, dictated, typed = ctx.before(10, 16), ctx.before(6, 9), ctx.day
    number = f"W{ctx.rng.randrange(100000, 999999)}"
    sheet = Sheet()
    sheet.put(185, 15, trust, 11, "bold", "right")
    sheet.put(185, 20, dept, 9, "sans", "right")
    sheet.put(
        185, 24, "Royal Wessex Hospital, Salisbury Road, Andover SP10 3LB", 8, "sans", "right"
    )
    sheet.y = 38
    for text in [
        p.doctor.replace("Herrn ", "").replace("Frau ", ""),
        p.name,
        p.street,
        p.city,
        "GERMANY",
    ]:
        sheet.line(text, 10)
    sheet.gap(4)
    sheet.line(spell(typed, "uk_long"), 10, align="right")
    sheet.gap(4)
    as_written = f"{s.given} {s.surname.upper()}"
    sheet.line(f"Re: {s.salutation(True)} {as_written}", 10, "bold")
    sheet.line(f"DOB: {spell(s.born, 'uk')}   Hospital No: {number}", 10, "bold")
    sheet.line(f"Clinic date: {spell(clinic, 'uk')}", 9)
    sheet.gap(4)
    sheet.line("Dear Colleague,", 10)
    sheet.para(
        f"I saw {s.given} in the chest clinic while visiting family in Hampshire. "
        "Spirometry showed FEV1 68 % predicted with a ratio of 0.62, consistent with "
        "moderate COPD. Chest X-ray showed hyperinflation only. I have started a LAMA/LABA "
        "inhaler and given smoking cessation advice. As the patient lives in Germany, "
        "I would be grateful if you could arrange follow-up and pulmonary rehabilitation."
    )
    sheet.line("Yours sincerely,", 10)
    sheet.gap(10)
    sheet.line(consultant, 10)
    sheet.line("Consultant Respiratory Physician", 9)
    sheet.line(f"Dictated {spell(dictated, 'uk')}  Typed {spell(typed, 'uk')}", 7.5)
    return Draft(
        "gb_trust_outpatient_re_block",
        "en",
        "GB",
        sheet.pages,
        as_written,
        typed,
        True,
        trust,
        [f"{dept}, {trust}", "Royal Wessex Hospital", dept],
        None,
        [],
        other_dates=[(clinic, "clinic date"), (dictated, "dictated")],
        other_people=[(consultant, "signatory")],
        notes=[
            f"hospital number {number} is the trust's",
            "letter date is the typed date printed top right",
        ],
        fax_name="NWH RESP MED",
        fax_number="+44 1264 355 998",
    )


def us_discharge_summary(ctx: Context) -> Draft:
    """US discharge summary: MRN, DOB mm/dd/yyyy, electronically signed date and time."""
    s = ctx.subject
    hospital = "Lakeview Regional Medical Center"
    admit, discharge = ctx.before(6, 9), ctx.before(2, 4)
    signed = ctx.day
    attending = ctx.pick(("Rebecca Osei, MD", "Daniel Kowalczyk, MD"))
    mrn = f"{ctx.rng.randrange(10**8, 10**9)}"
    sheet = Sheet(
        left=20,
        right=190,
        continuation=lambda n: [f"{s.surname.upper()}, {s.given.upper()} · MRN {mrn} · Page {n}"],
    )
    sheet.put(20, 15, hospital.upper(), 12, "bold")
    sheet.put(20, 20, "1200 Lakeshore Drive, Evanston, IL 60201 · Health Information Management", 8)
    sheet.y = 30
    title = "DISCHARGE SUMMARY"
    sheet.line(title, 14, "bold", align="centre")
    sheet.gap(3)
    as_written = f"{s.surname.upper()}, {s.given.upper()}"
    sheet.fields(
        [
            ("PATIENT:", as_written),
            ("DOB:", spell(s.born, "us")),
            ("MRN:", mrn),
            ("ADMIT DATE:", spell(admit, "us")),
            ("DISCHARGE DATE:", spell(discharge, "us")),
            ("ATTENDING:", attending),
        ],
        40,
        9.5,
        "mono",
    )
    sheet.gap(4)
    sheet.line("HOSPITAL COURSE", 10, "bold")
    sheet.para(
        "The patient, a visitor from Germany, was admitted with community-acquired "
        "pneumonia of the right lower lobe. Treated with ceftriaxone and azithromycin, "
        "transitioned to oral amoxicillin-clavulanate. Oxygen weaned on day 3. Blood "
        "cultures negative.",
        9.5,
    )
    for text in COURSE_EN:
        sheet.para(text, 9.5)
    sheet.line("FOLLOW-UP", 10, "bold")
    sheet.para(
        "Follow up with primary care physician in Germany within 1-2 weeks after return; "
        "repeat chest X-ray in 6 weeks.",
        9.5,
    )
    sheet.gap(6)
    sheet.line(f"Electronically signed by {attending} on {spell(signed, 'us')} 16:42 CST", 8.5)
    return Draft(
        "us_hospital_discharge_summary_mrn",
        "en",
        "US",
        sheet.pages,
        as_written,
        signed,
        True,
        hospital,
        ["Lakeview Regional Medical Center, Evanston", "Health Information Management"],
        "Discharge Summary",
        ["DISCHARGE SUMMARY"],
        other_dates=[(admit, "admission"), (discharge, "discharge")],
        other_people=[(attending, "attending")],
        notes=[
            "dates month first",
            f"MRN {mrn} is the hospital's",
            "letter date is the electronic signature date",
        ],
        fax_name="LRMC HIM",
        fax_number="+1 847 555 0148",
    )


def ie_ed_discharge(ctx: Context) -> Draft:
    """Irish emergency department discharge note with dash dates and 'Dear Doctor'."""
    s, p = ctx.subject, ctx.practice
    hospital = "St. Brendan's University Hospital Galway"
    attended = ctx.before(1, 3)
    letter = ctx.day
    doc = ctx.pick(("Dr. Aoife O'Donovan", "Dr. Ciarán Mulcahy"))
    sheet = Sheet()
    sheet.put(105, 15, hospital, 12, "serifbold", "centre")
    sheet.put(
        105, 20, "Emergency Department · Newcastle Road, Galway H91 YR71", 8.5, "serif", "centre"
    )
    sheet.y = 34
    sheet.line(f"Date: {spell(letter, 'dash')}", 10, "serif")
    sheet.line(f"To: {p.doctor.split(' ', 1)[1]}, {p.city}, Germany", 10, "serif")
    sheet.gap(5)
    title = "ED Discharge Letter"
    sheet.line(title, 12, "serifbold")
    as_written = f"{s.given} {s.surname}"
    sheet.line(f"Patient: {as_written}    D.O.B.: {spell(s.born, 'dash')}", 10, "serif")
    sheet.line(f"Attended: {spell(attended, 'dash')}", 10, "serif")
    sheet.gap(4)
    sheet.line("Dear Doctor,", 10, "serif")
    sheet.para(
        "This tourist attended with an inversion injury of the left ankle. Ottawa rules "
        "positive; X-ray showed an undisplaced Weber A fracture of the lateral malleolus. "
        "Treated with a walking boot, weight bearing as tolerated, and low molecular "
        "weight heparin. Please review in fracture clinic or orthopaedics in 2 weeks.",
        10,
        "serif",
    )
    sheet.line("Kind regards,", 10, "serif")
    sheet.gap(9)
    sheet.line(f"{doc}, Emergency Medicine Registrar", 10, "serif")
    return Draft(
        "ie_ed_discharge_dash_dates",
        "en",
        "IE",
        sheet.pages,
        as_written,
        letter,
        True,
        hospital,
        ["Emergency Department, " + hospital, "St Brendan's Galway"],
        title,
        [],
        other_dates=[(attended, "attendance")],
        other_people=[(doc, "signatory"), (p.doctor.split(" ", 1)[1], "addressee")],
        fax_name="SBUH ED GALWAY",
        fax_number="+353 91 544 099",
    )


def pulmonology_betreff(ctx: Context) -> Draft:
    """Pulmonology practice: Betreff line naming the patient, Bearbeiter and Durchwahl."""
    s, p = ctx.subject, ctx.practice
    sender = "Lungenpraxis Köln-Nippes"
    author = doctor(ctx, True)
    test_day, letter, referral = ctx.before(1, 6), ctx.day, ctx.before(20, 40)
    sheet = Sheet()
    sheet.put(25, 15, "Lungenpraxis", 16, "serifbold")
    sheet.put(25, 21, "Köln-Nippes", 11, "serif")
    sheet.put(185, 15, f"Dr. med. {author}", 9, "serif", "right")
    sheet.put(185, 19, "Pneumologie · Allergologie · Schlafmedizin", 8, "serif", "right")
    sheet.put(185, 23, "Neusser Straße 280 · 50733 Köln", 8, "serif", "right")
    window(sheet, p, "Lungenpraxis Köln-Nippes · Neusser Straße 280 · 50733 Köln")
    for row, (label, value) in enumerate(
        [
            ("Bearbeiter:", "Frau Lenz"),
            ("Durchwahl:", "0221 760 43-12"),
            ("Datum:", spell(letter, "de")),
        ]
    ):
        sheet.put(135, 54 + row * 4.5, label, 8.5, "serif")
        sheet.page.items.append(Item(157, 54 + row * 4.5, value, 8.5, "serif", cont=True))
    sheet.y = 88
    as_written = f"{s.surname}, {s.given}"
    sheet.line(f"Betreff: {as_written}, geb. {spell(s.born, 'de')}", 10, "serifbold")
    title = "Lungenfunktionsprüfung und Bodyplethysmographie"
    sheet.line(title, 10, "serifbold")
    sheet.line(f"Ihre Überweisung vom {spell(referral, 'de')}", 9, "serif")
    sheet.gap(4)
    sheet.line("Sehr geehrte Kolleginnen und Kollegen,", 10, "serif")
    sheet.para(
        f"am {spell(test_day, 'de')} führten wir eine Lungenfunktionsprüfung durch: FEV1 "
        "2,31 l (78 % Soll), FEV1/FVC 0,74, Reversibilität nach Salbutamol +14 % bzw. 320 ml. "
        "FeNO 48 ppb. Beurteilung: Asthma bronchiale, teilkontrolliert. Wir haben eine "
        "Therapie mit Budesonid/Formoterol 160/4,5 bei Bedarf und als Erhaltung begonnen.",
        10,
        "serif",
    )
    sheet.line("Mit freundlichen Grüßen", 10, "serif")
    signatures(sheet, [(f"Dr. med. {author}", "Fachärztin für Innere Medizin und Pneumologie")])
    return Draft(
        "de_pulmonology_betreff_bearbeiter",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Lungenpraxis", f"Dr. med. {author}"],
        title,
        ["Lungenfunktionsprüfung"],
        other_dates=[(test_day, "examination"), (referral, "referral")],
        other_people=[(f"Dr. med. {author}", "signatory"), ("Frau Lenz", "clerk")],
        fax_name="LUNGENPRAXIS NIPPES",
        fax_number="0221 760 43 19",
    )


def emergency_short_letter(ctx: Context) -> Draft:
    """Emergency department Kurzarztbrief: a grid of times, triage, condensed font."""
    s = ctx.subject
    hospital = "Universitätsklinikum Bonn"
    dept = "Zentrale Notaufnahme"
    seen = ctx.day
    author = doctor(ctx)
    case = f"{ctx.rng.randrange(10**9, 10**10)}"
    follow = ctx.after(2, 3)
    sheet = Sheet(left=18, right=192)
    sheet.put(18, 15, f"{hospital} · {dept}", 10, "condbold")
    sheet.put(192, 15, "Venusberg-Campus 1 · 53127 Bonn", 8, "cond", "right")
    sheet.page.rules.append((18, 18, 192, 18))
    sheet.y = 24
    title = "Kurzarztbrief"
    sheet.line(title, 15, "condbold")
    sheet.gap(2)
    as_written = f"{s.surname.upper()}, {s.given.upper()}"
    sheet.line(f"{as_written}   *{spell(s.born, 'de')}   Fall-Nr. {case}", 10, "condbold")
    sheet.line(
        f"Aufnahme: {spell(seen, 'de')} 02:14   Triage: Manchester gelb   Entlassung: "
        f"{spell(seen, 'de')} 06:50",
        9,
        "cond",
    )
    sheet.gap(4)
    rows = [
        ("Vorstellungsgrund:", "Thoraxschmerz seit 23 Uhr, atemabhängig"),
        ("Befunde:", "EKG Sinusrhythmus ohne Ischämiezeichen; hs-Troponin 4/5 ng/l"),
        ("Diagnose:", "Thoraxschmerz, muskuloskelettal; ACS ausgeschlossen"),
        ("Medikation:", "Ibuprofen 400 mg bei Bedarf, max. 3x täglich"),
        ("Procedere:", f"Hausärztliche Vorstellung bis {spell(follow, 'de')}"),
    ]
    sheet.fields(rows, 34, 9.5, "cond")
    sheet.gap(6)
    sheet.line(
        f"{author}, Ärztin/Arzt in Weiterbildung · erstellt {spell(seen, 'de_short')}", 9, "cond"
    )
    return Draft(
        "de_ed_kurzarztbrief_grid",
        "de",
        "DE",
        sheet.pages,
        as_written,
        seen,
        True,
        hospital,
        [f"{dept}, {hospital}", dept, "UKB"],
        title,
        [],
        other_dates=[(follow, "follow-up by")],
        other_people=[(author, "signatory")],
        notes=[f"case number {case} is the hospital's", "letter date equals the visit day"],
        fax_name="UKB ZNA",
        fax_number="0228 287 19999",
    )


def orthopaedics_reply_no_subject(ctx: Context) -> Draft:
    """Orthopaedic practice's reply: head after the addressee, no subject, 'Ort, den' at the end."""
    s, p = ctx.subject, ctx.practice
    sender = "Orthopädische Praxis am Rathaus Brühl"
    author = doctor(ctx, False)
    seen, letter, injection = ctx.before(2, 7), ctx.day, ctx.after(7, 14)
    sheet = Sheet(left=24, right=186)
    sheet.y = 20
    for text in p.window():
        sheet.line(text, 10)
    sheet.gap(10)
    sheet.page.rules.append((24, sheet.y, 186, sheet.y))
    sheet.line(sender, 12, "bold", align="right")
    sheet.line(f"Dr. med. {author} · Facharzt für Orthopädie · Chirotherapie", 8, align="right")
    sheet.line("Uhlstraße 40 · 50321 Brühl · Telefon 02232 94 30 70", 8, align="right")
    sheet.gap(10)
    sheet.line("Liebe Kolleginnen und Kollegen,")
    article = "Ihre Patientin Frau" if s.sex == "F" else "Ihren Patienten Herrn"
    as_written = f"{s.given} {s.surname}"
    sheet.para(
        f"herzlichen Dank für die Zuweisung. Ich sah {article} {as_written}, "
        f"geb. {spell(s.born, 'de_plain')}, am {spell(seen, 'de_plain')} wegen Schmerzen in der "
        "rechten Schulter seit drei Monaten. Klinisch Impingement-Zeichen positiv, Kraft der "
        "Rotatorenmanschette erhalten. Sonographisch Bursitis subacromialis ohne Rupturzeichen."
    )
    sheet.para(
        "Ich habe Physiotherapie (6 x KG) verordnet und eine subakromiale Infiltration für den "
        f"{spell(injection, 'de_plain')} vereinbart. Bei Persistenz der Beschwerden empfehle ich "
        "eine MRT der Schulter."
    )
    sheet.line("Mit freundlichen Grüßen")
    sheet.gap(6)
    sheet.line(f"Brühl, den {spell(letter, 'de_plain')}")
    sheet.gap(8)
    sheet.line(f"Dr. med. {author}")
    return Draft(
        "de_orthopaedics_addressee_first_no_subject",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Orthopädische Praxis am Rathaus", f"Dr. med. {author}"],
        None,
        [],
        other_dates=[(seen, "consultation"), (injection, "next appointment")],
        other_people=[
            (f"Dr. med. {author}", "signatory"),
            (p.doctor.split(" ", 1)[1], "addressee"),
        ],
        notes=[
            "the addressee block comes before the sender's head",
            "no subject",
            "letter date in 'Brühl, den' below the closing",
        ],
        fax_name="ORTHO BRUEHL",
        fax_number="02232 94 30 79",
    )


LAYOUTS = [
    orthopaedics_reply_no_subject,
    pulmonology_betreff,
    emergency_short_letter,
    discharge_two_column,
    provisional_ward_letter,
    cardiology_info_block,
    gastro_logo_footer,
    at_neurology_ordination,
    ch_gynaecology_report,
    urology_date_in_footer,
    ent_short_report,
    lab_report_table,
    nuclear_thyroid,
    radiology_mri_institute,
    transfer_to_rehab,
    gb_outpatient_clinic_letter,
    us_discharge_summary,
    ie_ed_discharge,
]
