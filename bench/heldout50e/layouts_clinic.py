"""Ordinary correspondence: hospitals, specialists, laboratories, radiology, English letters."""

from __future__ import annotations

from .base import Context, Draft, signatures, window
from .sheet import Sheet, spell

DOCTORS_F = ("Ilka Thorwaldsen", "Mareike Brünninghaus", "Ada Okonkwo-Reis", "Sigrun Lindqvist",
             "Henrike Achterberg", "Zsófia Szabó", "Wiebke Tjaden", "Carla Vasquez-Lenz")
DOCTORS_M = ("Arne Wennemar", "Till Quandel", "Konstantin Rehbinder", "Fabian Ostermeyer",
             "Ruben Falkenrath", "Hauke Dreesen", "Matthis Hollmichel", "Jost Sieverding")
DIAGNOSES = (
    "Arterielle Hypertonie, medikamentös eingestellt", "Diabetes mellitus Typ 2 (HbA1c 7,4 %)",
    "Vorhofflimmern, paroxysmal, CHA2DS2-VASc 3", "Chronische Niereninsuffizienz G3a",
    "Hypercholesterinämie", "Z. n. Cholezystektomie 2011", "Adipositas Grad I (BMI 32)",
    "Schlafapnoe-Syndrom, CPAP-versorgt", "Hypothyreose unter Substitution",
)


WARDS = (
    ("Station 4B – Gastroenterologie",
     "Akute Cholangitis bei Choledocholithiasis, ERCP mit Papillotomie und Steinextraktion."),
    ("Station 2A – Neurologie", "Transitorische ischämische Attacke mit Aphasie, vollständig "
     "rückläufig."),
    ("Station 6 – Unfallchirurgie", "Distale Radiusfraktur rechts, offene Reposition und "
     "Plattenosteosynthese."),
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
    sheet = Sheet(right=140, continuation=lambda n: [
        f"{s.surname}, {s.given}, geb. {spell(s.born, 'de')} – Seite {n}"])
    sheet.put(25, 18, hospital, 13, "bold")
    sheet.put(25, 24, dept, 10)
    side = [("Chefarzt", 8), (f"Prof. Dr. med. {chief}", 8), ("Oberärzte", 8),
            (f"Dr. med. {senior}", 8), ("Dr. med. Piet Anholt", 8), ("Sekretariat", 8),
            ("Tel. 0221 4192-2201", 8), ("Fax 0221 4192-2209", 8), ("Datum", 8),
            (spell(letter, "de"), 8)]
    for row, (text, size) in enumerate(side):
        sheet.put(150, 50 + row * 4.2, text, size, "bold" if row % 2 == 0 and row < 6 else "sans")
    window(sheet, p, f"{hospital} · Werthmannstraße 1 · 50935 Köln")
    sheet.y = 88
    sheet.line("Entlassungsbrief", 12, "bold")
    sheet.gap(2)
    as_written = f"{s.salutation()} {s.given} {s.surname}"
    sheet.para(f"Sehr geehrte Kollegin, sehr geehrter Kollege, wir berichten über {as_written}, "
               f"geb. {spell(s.born, 'de')}, die/der sich vom {spell(admitted, 'de')} bis zum "
               f"{spell(released, 'de')} in unserer stationären Behandlung befand.")
    sheet.line("Diagnosen:", font="bold")
    for text in diagnoses(ctx, 3):
        sheet.line(f"– {text}")
    sheet.gap(2)
    sheet.para("Anamnese: Aufnahme über die Notaufnahme wegen zunehmender Belastungsdyspnoe und "
               "Beinödemen seit etwa zwei Wochen. Unter intravenöser Diurese rasche Besserung, "
               "Gewichtsabnahme von 4,2 kg. Echokardiographisch LVEF 45 %, keine relevanten "
               "Vitien. Die Entlassung erfolgt in gebessertem Allgemeinzustand nach Hause.")
    sheet.para("Medikation bei Entlassung: Ramipril 5 mg 1-0-0, Torasemid 10 mg 1-0-0, "
               "Bisoprolol 2,5 mg 1-0-1, Apixaban 5 mg 1-0-1. Wir bitten um Kontrolle von "
               "Kreatinin und Kalium in einer Woche.")
    signatures(sheet, [(f"Prof. Dr. med. {chief}", "Chefarzt"),
                       (f"Dr. med. {senior}", "Oberärztin"), (junior, "Assistenzarzt")])
    return Draft("de_hospital_sidebar_discharge", "de", "DE", sheet.pages, as_written, letter,
                 True, hospital, [f"{dept}, {hospital}", dept, "St. Elisabeth-Krankenhaus"],
                 "Entlassungsbrief", [],
                 other_dates=[(admitted, "admission"), (released, "discharge")],
                 other_people=[(f"Prof. Dr. med. {chief}", "signatory"),
                               (f"Dr. med. {senior}", "signatory"), (junior, "signatory"),
                               (p.doctor.split(" ", 1)[1], "addressee")],
                 fax_name="St.Elisabeth Innere", fax_number="+49 221 41922209")


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
    sheet.fields([("Name:", surname), ("Vorname:", s.given),
                  ("Geb.-Dat.:", spell(s.born, "de")), ("Aufnahme:", spell(admitted, "de")),
                  ("Entlassung:", spell(released, "de"))], 32, 10, "serif")
    sheet.line("An:", 10, "serif")
    sheet.beside(57, f"{p.name}, {p.city}", 10, "serif")
    sheet.gap(5)
    sheet.line("Diagnose:", 10, "serifbold")
    sheet.para(finding, 10, "serif")
    sheet.line("Procedere:", 10, "serifbold")
    sheet.para("Weiterbehandlung durch den Hausarzt. Laborkontrolle (Blutbild, CRP, "
               "Leberwerte) in 5–7 Tagen. Wiedervorstellung bei Fieber oder Schmerzen.",
               10, "serif")
    sheet.gap(8)
    sheet.line(f"Köln-Porz, {spell(released, 'de')}", 10, "serif")
    ward_doctor = doctor(ctx)
    sheet.gap(10)
    sheet.line(f"{ward_doctor}, Stationsärztin/Stationsarzt", 10, "serif")
    return Draft("de_ward_provisional_fields", "de", "DE", sheet.pages, surname, released, True, hospital,
                 [f"{ward}, {hospital}", "Klinikum Bethesda Porz"], "Vorläufiger Arztbrief", [],
                 other_dates=[(admitted, "admission")],
                 other_people=[(ward_doctor, "signatory")],
                 notes=["the name is split over Name:/Vorname: fields", "letter date only in 'Köln-Porz, den' line above the signature; equals "
                        "the discharge date"], fax_name="BETHESDA PORZ ST", fax_number="02203566449")


LAYOUTS = [discharge_two_column, provisional_ward_letter]
