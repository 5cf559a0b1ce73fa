"""Each layout writes one kind of letter of the region's post into a Ctx."""

from __future__ import annotations

import datetime as dt
from functools import partial
from typing import TYPE_CHECKING

from .render import Page
from .world import CYRILLIC, DIAG, DOCTORS, VIET

if TYPE_CHECKING:
    from .letters import Ctx

BODY = [
    "Wir berichten über die o. g. Patientin bzw. den o. g. Patienten, die/der sich in unserer "
    "Behandlung befand. Die Aufnahme erfolgte über die Zentrale Notaufnahme.",
    "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung der Beschwerden. Die "
    "Entzündungsparameter waren rückläufig, die Mobilisation gelang komplikationslos.",
    "Wir bitten um Kontrolle von Blutbild, Kreatinin und Elektrolyten in einer Woche sowie um "
    "Fortführung der Medikation wie unten aufgeführt.",
    "Für Rückfragen stehen wir Ihnen gern zur Verfügung. Mit freundlichen kollegialen Grüßen",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Apixaban 5 mg 1-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "L-Thyroxin 75 µg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
]


def _ddmmyy(c: Ctx) -> str:
    b = c.patient.birth_date
    return b[8:10] + b[5:7] + b[2:4]


def _diag(c: Ctx, n: int) -> list[tuple[str, str]]:
    return c.rng.sample(DIAG, n)


def _doc(c: Ctx, role: str = "signing doctor") -> str:
    return c.person(c.rng.choice(DOCTORS), role)


# 1 ------------------------------------------------------------------------------------------
def discharge_two_pages(c: Ctx) -> None:
    """University hospital: letterhead on the right, date block, bold subject without label,
    a running header on page 2."""
    r = c.rng
    org, dept, city, fax = r.choice(
        [
            (
                "Universitätsmedizin Rostock",
                "Zentrum für Innere Medizin, Abt. Kardiologie",
                "Rostock",
                "+49 381 494-7402",
            ),
            (
                "Universitätsmedizin Greifswald",
                "Klinik und Poliklinik für Innere Medizin B",
                "Greifswald",
                "+49 3834 86-80402",
            ),
            ("Helios Kliniken Schwerin", "Klinik für Pneumologie", "Schwerin", "+49 385 520-2310"),
            (
                "Dietrich-Bonhoeffer-Klinikum",
                "Klinik für Allgemein- und Viszeralchirurgie",
                "Neubrandenburg",
                "+49 395 775-3302",
            ),
        ]
    )
    c.sender, c.sender_alts = org, [dept, f"{org}, {dept}"]
    c.fax_number, c.fax_short, c.fax_style = fax, org, 1
    p1, p2 = Page(), Page()
    p1.t(560, 60, org, "lsb", 15, "r")
    p1.t(560, 76, dept, "ls", 9, "r")
    p1.t(560, 88, f"Direktor: {_doc(c, 'head of department')}", "ls", 8, "r")
    p1.t(56, 120, f"{org} · {city}", "ls", 6.5)
    y = c.recipient(p1, 56, 138, "ls", 10)
    adm, dis = c.before(9, 20), c.before(1, 6)
    bx = 380.0
    p1.t(bx, 150.5, "Aufnahme:", "ls", 8.5)
    p1.t(470, 150.5, c.d(adm, "de", "num", "admission"), "ls", 8.5)
    p1.t(bx, 163, "Entlassung:", "ls", 8.5)
    p1.t(470, 163, c.d(dis, "de", "num", "discharge"), "ls", 8.5)
    p1.t(bx, 175.5, "Fall-Nr.:", "ls", 8.5)
    p1.t(470, 175.5, str(r.randint(40000000, 49999999)), "ls", 8.5)
    p1.t(bx, 188, "Datum:", "ls", 8.5)
    p1.t(470, 188, c.ld(), "ls", 8.5)
    y = max(y, 200) + 24
    title = r.choice(["Vorläufiger Entlassungsbrief", "Arztbrief", "Entlassungsbericht"])
    c.title = title
    pat = c.name(f"{c.salutation()} {c.gn} {c.sn}")
    p1.t(56, y, f"{title} – {pat}, geb. {c.bd()}", "lsb", 10.5)
    c.title_alts = [f"{title} – {pat}"]
    y += 28
    p1.t(56, y, "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", "ls", 10)
    y += 20
    y = p1.para(56, y, BODY[0], 480, "ls", 10)
    y += 8
    p1.t(56, y, "Diagnosen:", "lsb", 10)
    y += 14
    for d, icd in _diag(c, 3):
        p1.t(66, y, f"– {d} ({icd})", "ls", 10)
        y += 13
    y += 8
    y = p1.para(56, y, BODY[1], 480, "ls", 10)
    p1.t(297, 810, "Seite 1 von 2", "ls", 8, "c")
    p2.t(56, 60, f"{c.sn}, {c.gn}, geb. {c.bd()} – {title} vom {c.ld()}", "ls", 8)
    p2.t(540, 72, "Seite 2 von 2", "ls", 8, "r")
    p2.rule(56, 78, 540, 78)
    y = 104.0
    p2.t(56, y, "Medikation bei Entlassung:", "lsb", 10)
    y += 15
    for m in r.sample(MEDS, 3):
        p2.t(66, y, m, "ls", 10)
        y += 13
    y += 10
    y = p2.para(56, y, BODY[2], 480, "ls", 10)
    y = p2.para(56, y + 6, BODY[3], 480, "ls", 10)
    p2.t(56, y + 34, c.other_people[-1]["name"] if len(c.other_people) > 1 else _doc(c), "ls", 10)
    p2.t(56, y + 47, "Oberärztin/Oberarzt", "ls", 9)
    c.pages = [p1, p2]
    c.notes += ["admission and discharge dates beside the letter date", "two pages, running header"]


# 2 ------------------------------------------------------------------------------------------
def specialist_refline(c: Ctx) -> None:
    """DIN 5008 reference line (Ihr Zeichen / Ihre Nachricht vom / Unser Zeichen / Datum)."""
    r = c.rng
    org, spec, addr, fax = r.choice(
        [
            (
                "Kardiologische Praxis am Doberaner Platz",
                "Fachärzte für Innere Medizin und Kardiologie",
                "Doberaner Platz 3 · 18057 Rostock",
                "0381 2006512",
            ),
            (
                "Neurologie Stralsund – Dr. med. Anja Peckholz",
                "Fachärztin für Neurologie",
                "Ossenreyerstraße 21 · 18439 Stralsund",
                "03831 297744",
            ),
            (
                "Augenzentrum Wismar",
                "Augenheilkunde · ambulante Operationen",
                "Lübsche Straße 40 · 23966 Wismar",
                "03841 250319",
            ),
        ]
    )
    c.sender, c.sender_alts = org, [spec]
    c.fax_number, c.fax_short, c.fax_style = fax, org.split(" – ")[0], r.choice([1, 3])
    pg = Page()
    pg.t(56, 62, org, "dserifb", 13)
    pg.t(56, 76, spec, "dserif", 8.5)
    pg.t(56, 87, addr, "dserif", 8.5)
    pg.rule(56, 94, 540, 94)
    c.recipient(pg, 56, 140, "dserif", 10)
    ref_y = 236.0
    asked = c.before(14, 40)
    cols = [
        ("Ihr Zeichen", 56),
        ("Ihre Nachricht vom", 176),
        ("Unser Zeichen", 316),
        ("Datum", 446),
    ]
    for label, x in cols:
        pg.t(x, ref_y, label, "dserif", 7)
    ours = f"{r.choice(['pe', 'kr', 'wo'])}-{r.randint(100, 999)}"
    mine = c.pid() if c.in_register and r.random() < 0.6 else "–"
    pg.t(56, ref_y + 12, mine, "dserif", 9.5)
    pg.t(176, ref_y + 12, c.d(asked, "de", "num", "referral (Ihre Nachricht vom)"), "dserif", 9.5)
    pg.t(316, ref_y + 12, ours, "dserif", 9.5)
    pg.t(446, ref_y + 12, c.ld(), "dserif", 9.5)
    if mine != "–":
        c.notes.append("the practice's patient number stands under 'Ihr Zeichen'")
    pat = c.name(f"{c.sn}, {c.gn}")
    subj = f"{pat}, * {c.bd()}"
    pg.t(56, 290, subj, "dserifb", 10.5)
    exam = c.before(0, 3)
    pg.t(56, 304, f"Vorstellung am {c.d(exam, 'de', 'num', 'examination')}", "dserifb", 10.5)
    c.title = None
    c.notes.append("subject in bold without a label and without a letter kind: title is null")
    y = 334.0
    pg.t(56, y, "Sehr geehrte Kolleginnen und Kollegen,", "dserif", 10)
    y = pg.para(
        56,
        y + 20,
        "vielen Dank für die Überweisung. Die Untersuchung ergab folgenden Befund: "
        "Sinusrhythmus, normfrequent, keine Erregungsrückbildungsstörungen. "
        "Echokardiographisch gute linksventrikuläre Funktion.",
        480,
        "dserif",
        10,
    )
    d, icd = _diag(c, 1)[0]
    pg.t(56, y + 8, f"Beurteilung: {d} ({icd})", "dserifb", 10)
    y = pg.para(
        56, y + 28, "Eine Wiedervorstellung ist in sechs Monaten vorgesehen.", 480, "dserif", 10
    )
    pg.t(56, y + 20, "Mit freundlichen Grüßen", "dserif", 10)
    pg.t(56, y + 56, _doc(c), "dserif", 10)
    c.pages = [pg]


# 3 ------------------------------------------------------------------------------------------
def lab_table(c: Ctx) -> None:
    """A laboratory report: fields with labels, collection/receipt/report dates, a table."""
    r = c.rng
    org = r.choice(
        [
            "MVZ Labor Greifswald GmbH",
            "Labor Dr. Zühlsdorf & Kollegen Neubrandenburg",
            "Synlab MVZ Rostock-Südstadt",
        ]
    )
    c.sender, c.sender_alts = org, [org.split(" GmbH")[0]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03834 8675-99", "0395 4212290", "0381 44049-20"]),
        org[:22],
        3,
    )
    pg = Page()
    pg.t(297, 60, org, "condb", 14, "c")
    pg.t(297, 74, "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin", "cond", 8, "c")
    pg.rule(40, 82, 555, 82)
    c.recipient(pg, 40, 110, "cond", 9, 11.5)
    c.title = "LABORBEFUND"
    c.title_alts = ["Laborbefund", "Endbefund"]
    pg.t(555, 110, "LABORBEFUND", "condb", 16, "r")
    pg.t(555, 121.5, "Endbefund", "cond", 9, "r")
    coll, rec = c.before(2, 4), c.before(1, 2)
    y = 200.0
    up = c.sn.upper() if r.random() < 0.5 else c.sn
    pat = c.name(f"{up}, {c.gn}", surname=c.sn)
    fields = [
        ("Patient:", pat),
        ("Geb.-Datum:", c.bd()),
        ("Geschlecht:", "weiblich" if c.patient.sex == "F" else "männlich"),
        ("Auftrags-Nr.:", f"{r.randint(2400000, 2599999)}"),
        (
            "Entnahme:",
            f"{c.d(coll, 'de', 'num', 'collection')} {r.randint(7, 11):02d}:{r.randint(0, 59):02d}",
        ),
        ("Eingang Labor:", c.d(rec, "de", "num", "receipt in laboratory")),
        ("Befunddatum:", c.ld()),
    ]
    if c.in_register and r.random() < 0.5:
        fields.insert(3, ("Pat.-Nr. Einsender:", c.pid()))
    for i, (lab, val) in enumerate(fields):
        x = 40 if i % 2 == 0 else 300
        yy = y + (i // 2) * 14
        pg.t(x, yy, lab, "condb", 9)
        pg.t(x + 95, yy, val, "cond", 9)
    y += ((len(fields) + 1) // 2) * 14 + 20
    pg.box(40, y - 12, 555, y + 4)
    for label, x in [
        ("Untersuchung", 44),
        ("Ergebnis", 230),
        ("Einheit", 320),
        ("Referenzbereich", 420),
    ]:
        pg.t(x, y, label, "condb", 9)
    rows = [
        ("Hämoglobin", f"{r.uniform(9.5, 15.5):.1f}".replace(".", ","), "g/dl", "12,0 – 16,0"),
        ("Leukozyten", f"{r.uniform(3.5, 14):.1f}".replace(".", ","), "G/l", "3,9 – 10,2"),
        ("Thrombozyten", str(r.randint(120, 420)), "G/l", "150 – 370"),
        ("Kreatinin", f"{r.uniform(0.6, 2.1):.2f}".replace(".", ","), "mg/dl", "0,50 – 1,10"),
        ("eGFR (CKD-EPI)", str(r.randint(28, 100)), "ml/min", "> 60"),
        ("TSH basal", f"{r.uniform(0.2, 6.5):.2f}".replace(".", ","), "mU/l", "0,27 – 4,20"),
        ("HbA1c", f"{r.uniform(5.0, 9.0):.1f}".replace(".", ","), "%", "< 5,7"),
        ("CRP", f"{r.uniform(0.5, 80):.1f}".replace(".", ","), "mg/l", "< 5,0"),
    ]
    y += 18
    for name, val, unit, ref in rows:
        pg.t(44, y, name, "cond", 9)
        pg.t(230, y, val, "mono", 9)
        pg.t(320, y, unit, "cond", 9)
        pg.t(420, y, ref, "cond", 9)
        y += 13
    pg.t(
        40,
        y + 30,
        f"Validiert: {_doc(c)}, Fachärztin/Facharzt für Laboratoriumsmedizin",
        "cond",
        8.5,
    )
    pg.t(297, 800, f"{org} · akkreditiert nach DIN EN ISO 15189", "cond", 7, "c")
    c.pages = [pg]
    c.notes.append("three dates: collection, receipt in the lab, report (the letter date)")


# 4 ------------------------------------------------------------------------------------------
def radiology_caps(c: Ctx) -> None:
    """Radiology: heading in capitals, the date only at the end of the letter."""
    r = c.rng
    org = r.choice(
        ["Radiologie am Sund", "Radiologische Gemeinschaftspraxis Rügen", "MVZ Radiologie Schwerin"]
    )
    c.sender, c.sender_alts = org.upper(), [org]
    city = {
        "Radiologie am Sund": "Stralsund",
        "Radiologische Gemeinschaftspraxis Rügen": "Bergen auf Rügen",
        "MVZ Radiologie Schwerin": "Schwerin",
    }[org]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03831 66710-9", "03838 80219", "0385 7588-119"]),
        org,
        1,
    )
    pg = Page()
    pg.t(56, 58, org.upper(), "sansb", 12)
    pg.t(56, 72, "CT · MRT · Röntgen · Mammographie", "sans", 8)
    c.recipient(pg, 56, 130, "sans", 9.5)
    exam = c.before(0, 4)
    study = r.choice(
        [
            "MRT DER LENDENWIRBELSÄULE",
            "CT THORAX MIT KONTRASTMITTEL",
            "RÖNTGEN THORAX IN 2 EBENEN",
            "SONOGRAPHIE ABDOMEN",
        ]
    )
    c.title, c.title_alts = study, [study.title(), "Befundbericht"]
    y = 230.0
    pg.t(56, y, study, "sansb", 12)
    y += 22
    title = "Frau" if c.patient.sex == "F" else "Herrn"
    pat = c.name(
        f"{title} {c.patient.title + ' ' if c.patient.title else ''}{c.gn} {c.sn}".replace(
            "  ", " "
        )
    )
    pg.t(56, y, f"Patient/in: {pat}, geb. {c.bd('de', r.choice(['num', 'yy']))}", "sans", 9.5)
    pg.t(56, y + 13, f"Untersuchung vom {c.d(exam, 'de', 'num', 'examination')}", "sans", 9.5)
    y += 40
    pg.t(56, y, "INDIKATION", "sansb", 9.5)
    y = pg.para(
        56,
        y + 14,
        "Schmerzen seit mehreren Wochen, Ausschluss einer strukturellen Ursache.",
        480,
        "sans",
        9.5,
    )
    pg.t(56, y + 8, "BEFUND", "sansb", 9.5)
    y = pg.para(
        56,
        y + 22,
        "Regelrechte Darstellung der abgebildeten Strukturen. Kein Nachweis einer "
        "Raumforderung. Degenerative Veränderungen altersentsprechend. Keine Fraktur.",
        480,
        "sans",
        9.5,
    )
    pg.t(56, y + 8, "BEURTEILUNG", "sansb", 9.5)
    y = pg.para(
        56,
        y + 22,
        "Kein akut behandlungsbedürftiger Befund. Klinische Verlaufskontrolle empfohlen.",
        480,
        "sans",
        9.5,
    )
    pg.t(56, y + 30, f"{city}, den {c.ld('de', r.choice(['num', 'long']))}", "sans", 9.5)
    pg.t(56, y + 60, _doc(c), "sans", 9.5)
    pg.t(56, y + 72, "Fachärztin/Facharzt für Radiologie", "sans", 8)
    c.pages = [pg]
    if c.patient.title:
        c.notes.append("the patient's academic title is written before the name")


# 5 ------------------------------------------------------------------------------------------
def polish_discharge(c: Ctx) -> None:
    r = c.rng
    org, city, fax = r.choice(
        [
            ("Szpital Miejski im. Jana Garduły w Świnoujściu", "Świnoujście", "+48 91 326 74 00"),
            (
                "Samodzielny Publiczny Szpital Kliniczny Nr 1 PUM w Szczecinie",
                "Szczecin",
                "+48 91 425 30 10",
            ),
        ]
    )
    c.language, c.region = "pl", "PL"
    c.sender, c.sender_alts = org, [org.split(" w ")[0], "Oddział Chorób Wewnętrznych"]
    c.fax_number, c.fax_short, c.fax_style = fax, city, 2
    pg = Page()
    pg.t(297, 60, org, "dserifb", 11, "c")
    pg.t(297, 74, "Oddział Chorób Wewnętrznych", "dserif", 9, "c")
    pg.t(540, 100, f"{city}, dnia {c.ld('pl', r.choice(['num', 'long']))} r.", "dserif", 9.5, "r")
    pg.t(56, 128, "Do:", "dserif", 9)
    c.recipient(pg, 80, 128, "dserif", 9.5)
    c.title, c.title_alts = (
        "KARTA INFORMACYJNA LECZENIA SZPITALNEGO",
        ["Karta informacyjna leczenia szpitalnego", "Karta informacyjna"],
    )
    pg.t(297, 222, c.title, "dserifb", 11.5, "c")
    pat = c.name(f"{c.sn.upper()} {c.gn}", surname=c.sn)
    y = 254.0
    pg.t(56, y, f"Pacjent: {pat}", "dserif", 10)
    pg.t(56, y + 14, f"Data urodzenia: {c.bd('pl', 'num')}", "dserif", 10)
    pg.t(
        56,
        y + 28,
        f"Adres: {c.patient.street}, {c.patient.postcode} {c.patient.city}",
        "dserif",
        10,
    )
    adm, dis = c.before(5, 14), c.before(0, 2)
    pg.t(
        56,
        y + 48,
        f"Okres hospitalizacji: od {c.d(adm, 'pl', 'num', 'admission')} do "
        f"{c.d(dis, 'pl', 'num', 'discharge')}",
        "dserif",
        10,
    )
    y += 76
    pg.t(56, y, "Rozpoznanie:", "dserifb", 10)
    y = pg.para(
        56,
        y + 14,
        r.choice(
            [
                "Zapalenie płuc (J18.9).",
                "Złamanie kości promieniowej lewej (S52.5).",
                "Migotanie przedsionków napadowe (I48.0).",
            ]
        ),
        480,
        "dserif",
        10,
    )
    pg.t(56, y + 6, "Zalecenia:", "dserifb", 10)
    y = pg.para(
        56,
        y + 20,
        "Kontrola u lekarza rodzinnego w Niemczech w ciągu 7 dni. Leki zgodnie z "
        "zaleceniem. Pacjent/ka poinformowany/a o wynikach badań.",
        480,
        "dserif",
        10,
    )
    pg.t(380, y + 40, _doc(c).replace("Dr. med.", "lek. med."), "dserif", 10)
    pg.t(380, y + 53, "Lekarz prowadzący", "dserif", 8)
    c.other_people[-1]["name"] = c.other_people[-1]["name"].replace("Dr. med.", "lek. med.")
    c.pages = [pg]
    c.notes.append("Polish: surname in capitals before the given name; dates with 'r.'")


# 6 ------------------------------------------------------------------------------------------
def nordic_epicrisis(c: Ctx, kind: str = "") -> None:
    r = c.rng
    kind = kind or r.choice(["sv", "da", "fi"])
    p = c.patient
    pg = Page()
    if kind == "sv":
        c.language, c.region = "sv", "SE"
        org, fax = "Skånes universitetssjukhus, Akutkliniken Malmö", "+46 40 33 10 00"
        c.title = "Epikris"
        pg.t(56, 60, "Region Skåne", "ls", 9)
        pg.t(56, 76, org, "lsb", 12)
        pg.t(540, 110, f"Datum: {c.ld('sv', 'iso')}", "ls", 9.5, "r")
        pat = c.name(f"{p.surname}, {p.given_names}", p.given_names, p.surname)
        lines = [
            f"Patient: {pat}",
            f"Födelsedatum: {c.bd('sv', 'iso')}",
            f"Vårdtid: {c.d(c.before(3, 8), 'sv', 'iso', 'admission')} – "
            f"{c.d(c.before(0, 2), 'sv', 'iso', 'discharge')}",
            "Diagnos: Njursten höger sida (N20.0)",
            "Åtgärd: Smärtlindring, ultraljud, observation.",
            "Uppföljning hos husläkare i Tyskland rekommenderas.",
        ]
        sign = "Överläkare"
    elif kind == "da":
        c.language, c.region = "da", "DK"
        org, fax = "Bornholms Hospital, Medicinsk Afdeling", "+45 3866 5000"
        c.title = "Epikrise"
        pg.t(540, 60, "Region Hovedstaden", "ls", 9, "r")
        pg.t(540, 76, org, "lsb", 12, "r")
        pg.t(540, 110, f"Rønne, den {c.ld('da', 'long')}", "ls", 9.5, "r")
        pat = c.name(f"{p.given_names} {p.surname}", p.given_names, p.surname)
        lines = [
            f"Vedrørende: {pat}",
            f"Fødselsdato: {c.bd('da', 'num')}",
            f"Indlagt {c.d(c.before(2, 6), 'da', 'long', 'admission')}",
            "Diagnose: Hjernerystelse efter fald (S06.0)",
            "Behandling: Observation i 24 timer, CT cerebrum uden fund.",
            "Videre kontrol ved egen læge efter hjemrejse til Tyskland.",
        ]
        sign = "Overlæge"
    else:
        c.language, c.region = "fi", "FI"
        org, fax = "HUS Helsingin yliopistollinen sairaala, Meilahden sairaala", "+358 9 471 74000"
        c.title = "Hoitopalaute"
        pg.t(56, 60, "HUS", "lsb", 16)
        pg.t(56, 76, org, "ls", 10)
        pg.t(540, 110, f"Helsinki {c.ld('fi', 'short')}", "ls", 9.5, "r")
        pat = c.name(f"{p.surname} {p.given_names}", p.given_names, p.surname)
        lines = [
            f"Potilas: {pat}",
            f"Syntymäaika: {c.bd('fi', 'short')}",
            f"Hoitojakso: {c.d(c.before(2, 6), 'fi', 'short', 'admission')} – "
            f"{c.d(c.before(0, 1), 'fi', 'short', 'discharge')}",
            "Diagnoosi: Keuhkokuume (J18.9)",
            "Hoito: Suonensisäinen antibiootti, toipuminen hyvä.",
            "Jatkohoito omalääkärillä Saksassa.",
        ]
        sign = "Erikoislääkäri"
    c.sender, c.sender_alts = org, [org.split(",")[0]]
    c.fax_number, c.fax_short, c.fax_style = fax, org.split(",")[0], r.choice([2, 3])
    c.title_alts = []
    c.recipient(pg, 56, 140, "ls", 9.5)
    pg.t(56, 230, c.title, "lsb", 13)
    y = 256.0
    for ln in lines:
        y = pg.para(56, y, ln, 480, "ls", 10)
        y += 3
    c.person("Dr. " + r.choice(["Anna Bergström", "Mikkel Holm", "Juha Laine"]), "signing doctor")
    pg.t(56, y + 40, c.other_people[-1]["name"], "ls", 10)
    pg.t(56, y + 53, sign, "ls", 8.5)
    c.pages = [pg]
    c.notes.append(f"letter in {c.language}; the patient is a German resident treated abroad")


# 7 ------------------------------------------------------------------------------------------
def baltic_letter(c: Ctx, kind: str = "") -> None:
    r = c.rng
    p = c.patient
    pg = Page()
    if (kind or r.choice(["et", "lv"])) == "et":
        c.language, c.region = "et", "EE"
        org, fax = "Tallinna Keskhaigla", "+372 666 1901"
        c.title = "EPIKRIIS"
        pg.t(297, 60, org, "sansb", 14, "c")
        pg.t(297, 74, "Ravi 18, 10138 Tallinn, Eesti", "sans", 8, "c")
        pat = c.name(f"{p.given_names} {p.surname.upper()}", p.given_names, p.surname)
        lines = [
            f"Patsient: {pat}",
            f"Sünniaeg: {c.bd('et', 'num')}",
            f"Haiglas viibimise aeg: {c.d(c.before(3, 7), 'et', 'num', 'admission')} kuni "
            f"{c.d(c.before(0, 1), 'et', 'num', 'discharge')}",
            "Diagnoos: Äge bronhiit (J20.9)",
            "Soovitused: jätkata ravi perearsti juures Saksamaal.",
        ]
        place = f"Tallinn, {c.ld('et', 'long')}"
    else:
        c.language, c.region = "lv", "LV"
        org, fax = "Paula Stradiņa klīniskā universitātes slimnīca", "+371 6706 9600"
        c.title = "IZRAKSTS NO SLIMĪBAS VĒSTURES"
        pg.t(297, 60, org, "sansb", 12, "c")
        pg.t(297, 74, "Pilsoņu iela 13, Rīga, LV-1002, Latvija", "sans", 8, "c")
        pat = c.name(f"{p.given_names} {p.surname}", p.given_names, p.surname)
        lines = [
            f"Pacients: {pat}",
            f"Dzimšanas datums: {c.bd('lv', 'num')}",
            f"Stacionēts: {c.d(c.before(3, 7), 'lv', 'num', 'admission')}",
            "Diagnoze: Apakšstilba lūzums (S82.2)",
            "Ieteikumi: ģimenes ārsta kontrole Vācijā.",
        ]
        place = f"Rīgā, {c.ld('lv', 'long')}"
    c.sender, c.sender_alts = org, []
    c.title_alts = [c.title.title()]
    c.fax_number, c.fax_short, c.fax_style = fax, org, 2
    c.recipient(pg, 56, 120, "sans", 9.5)
    pg.t(297, 220, c.title, "sansb", 12, "c")
    y = 250.0
    for ln in lines:
        y = pg.para(56, y, ln, 480, "sans", 10) + 3
    pg.t(56, y + 30, place, "sans", 10)
    pg.t(
        56,
        y + 60,
        c.person(r.choice(["Dr. Kadri Saar", "Dr. Jānis Ozols"]), "signing doctor"),
        "sans",
        10,
    )
    c.pages = [pg]
    c.notes.append("Baltic letter; the place and date line stands at the end")


# 8 ------------------------------------------------------------------------------------------
def russian_extract(c: Ctx) -> None:
    r = c.rng
    p = c.patient
    c.language = "ru"
    org, c.region, fax, place = r.choice(
        [
            (
                "ГБУЗ «Областная клиническая больница Калининградской области»",
                "RU",
                "+7 4012 578-101",
                "Калининград",
            ),
            ("УЗ «Минская городская клиническая больница № 1»", "BY", "+375 17 278-91-00", "Минск"),
        ]
    )
    c.sender, c.sender_alts = org, [org.split("«")[1].rstrip("»")]
    c.fax_number, c.fax_short, c.fax_style = fax, place, 2
    c.title, c.title_alts = "ВЫПИСНОЙ ЭПИКРИЗ", ["Выписной эпикриз", "Выписка из медицинской карты"]
    pg = Page()
    pg.t(297, 60, org, "dserifb", 9.5, "c")
    pg.t(297, 74, "Терапевтическое отделение", "dserif", 9, "c")
    c.recipient(pg, 300, 110, "dserif", 9.5, w=240)
    pg.t(297, 220, c.title, "dserifb", 13, "c")
    if p.surname in CYRILLIC:
        sn, gn = CYRILLIC[p.surname], CYRILLIC.get(p.given_names, p.given_names)
        c.notes.append("the name is in Cyrillic; the register spells it in German transliteration")
    else:
        sn, gn = p.surname, p.given_names
    pat = c.name(f"{sn} {gn}", gn, sn)
    y = 250.0
    for ln in [
        f"Ф. И. О. пациента: {pat}",
        f"Дата рождения: {c.bd('ru', 'num')}",
        f"Находился(ась) на лечении с {c.d(c.before(6, 14), 'ru', 'num', 'admission')} по "
        f"{c.d(c.before(0, 2), 'ru', 'num', 'discharge')}",
        "Диагноз: Гипертоническая болезнь II стадии (I11.9).",
        "Рекомендации: наблюдение у семейного врача по месту жительства.",
    ]:
        y = pg.para(56, y, ln, 480, "dserif", 10) + 4
    pg.t(56, y + 30, f"{place}, {c.ld('ru', r.choice(['num', 'long']))} г.", "dserif", 10)
    pg.t(
        56,
        y + 56,
        "Лечащий врач: "
        + c.person(r.choice(["Смирнова Е. А.", "Ковалев Д. В."]), "signing doctor"),
        "dserif",
        10,
    )
    c.pages = [pg]


# 9 ------------------------------------------------------------------------------------------
def ship_doctor_email(c: Ctx) -> None:
    """An e-mail printout from a Baltic ferry's ship doctor, in English."""
    r = c.rng
    p = c.patient
    c.language, c.region = "en", "SE"
    ship = r.choice(["M/S Mecklenburg Star", "M/S Baltic Meridian"])
    c.sender, c.sender_alts = f"Ship's Doctor {ship}", [ship, "Nordic Sea Ferries"]
    c.fax_number, c.fax_short, c.fax_style = "+46 410 562 00", "NSF Trelleborg", 3
    c.title, c.title_alts = "Medical report – passenger treated on board", ["Medical report"]
    c.cover_ok = True
    pg = Page()
    pg.t(40, 56, "Nordic Sea Ferries – Webmail", "ls", 8)
    pg.t(555, 56, "1/1", "ls", 8, "r")
    pg.rule(40, 62, 555, 62)
    pg.t(40, 90, c.title, "lsb", 13)
    y = 116.0
    d = c.letter_date
    wd = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][d.weekday()]
    own = [str(n) for n in c.practice["names"]]  # type: ignore[attr-defined]
    hdr = [
        ("From:", f"Ship's Doctor {ship} <ship.doctor@nsf-ferries.se>"),
        ("Sent:", f"{wd}, {c.ld('en', 'long')} {r.randint(6, 22):02d}:{r.randint(0, 59):02d}"),
        ("To:", own[1] if len(own[0]) > 60 else own[0]),
        ("Subject:", c.title),
    ]
    for lab, val in hdr:
        pg.t(40, y, lab, "lsb", 9.5)
        pg.t(100, y, val, "ls", 9.5)
        y += 13
    pg.rule(40, y, 555, y)
    y += 24
    pg.t(40, y, "Dear colleague,", "ls", 10)
    y += 20
    pat = c.name(f"{p.given_names} {p.surname}", p.given_names, p.surname)
    crossing = c.before(0, 2)
    y = pg.para(
        40,
        y,
        f"your patient {pat} (DOB {c.bd('en', 'slash')}) was seen in the ship's hospital "
        f"during the crossing Rostock – Trelleborg on "
        f"{c.d(crossing, 'en', 'long', 'treatment on board')}.",
        500,
        "ls",
        10,
    )
    y = pg.para(
        40,
        y + 6,
        "Complaint: acute vertigo and vomiting, sea sickness suspected. Vital signs stable. "
        "Treated with dimenhydrinate 50 mg orally. Disembarked in good condition.",
        500,
        "ls",
        10,
    )
    y = pg.para(
        40, y + 6, "Please see the patient for follow-up if symptoms persist.", 500, "ls", 10
    )
    pg.t(40, y + 20, "Kind regards", "ls", 10)
    pg.t(
        40,
        y + 46,
        c.person(r.choice(["Dr. Lena Åkesson", "Dr. Tomas Nyberg"]), "ship's doctor"),
        "ls",
        10,
    )
    pg.t(40, 810, "https://webmail.nsf-ferries.se/mail/print", "ls", 7)
    c.pages = [pg]
    c.notes.append("e-mail printout: the 'Sent' date is the letter date; crossing date besides")


# 10 -----------------------------------------------------------------------------------------
def vietnamese_discharge(c: Ctx) -> None:
    r = c.rng
    p = c.patient
    c.language, c.region = "vi", "VN"
    org = r.choice(["Bệnh viện Bạch Mai", "Bệnh viện Việt Đức"])
    c.sender, c.sender_alts = org.upper(), [org, org.replace("Bệnh viện ", "BV ")]
    c.fax_number, c.fax_short, c.fax_style = "+84 24 3869 3731", "BV Ha Noi", 2
    c.title, c.title_alts = "GIẤY RA VIỆN", ["Giấy ra viện"]
    pg = Page()
    pg.t(56, 60, "BỘ Y TẾ", "sans", 9)
    pg.t(56, 73, org.upper(), "sansb", 9.5)
    pg.t(540, 60, "CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM", "sansb", 9, "r")
    pg.t(540, 73, "Độc lập - Tự do - Hạnh phúc", "sans", 9, "r")
    pg.t(540, 96, f"Hà Nội, {c.ld('vi', 'long')}", "sans", 9, "r")
    pg.t(297, 140, c.title, "sansb", 15, "c")
    parts = [VIET.get(w, w) for w in p.given_names.split()]
    sn = VIET.get(p.surname, p.surname)
    gn = " ".join(parts)
    pat = c.name(f"{sn} {gn}".upper(), gn, sn)
    y = 172.0
    for ln in [
        f"Họ tên người bệnh: {pat}",
        f"Ngày sinh: {c.bd('vi', 'slash')}",
        f"Vào viện: {c.d(c.before(5, 12), 'vi', 'slash', 'admission')}",
        f"Ra viện: {c.d(c.before(0, 1), 'vi', 'slash', 'discharge')}",
        "Chẩn đoán: Viêm phổi (J18.9)",
        "Phương pháp điều trị: Kháng sinh, hạ sốt.",
        "Ghi chú: Tiếp tục theo dõi tại bác sĩ gia đình ở Đức.",
    ]:
        y = pg.para(56, y, ln, 480, "sans", 10) + 4
    pg.t(56, y + 10, "Kính gửi:", "sans", 9)
    y = c.recipient(pg, 56, y + 24, "sans", 9)
    pg.t(400, y + 20, "TRƯỞNG KHOA", "sansb", 9)
    pg.t(
        400,
        y + 50,
        c.person(r.choice(["BS. Lê Văn Thành", "BS. Đỗ Thị Mai"]), "head of ward"),
        "sans",
        9.5,
    )
    c.pages = [pg]
    c.notes.append("Vietnamese: surname first, with diacritics the register lacks")


# 11 -----------------------------------------------------------------------------------------
def bundeswehr_form(c: Ctx) -> None:
    r = c.rng
    org = r.choice(
        [
            "Sanitätsversorgungszentrum Rostock (Marine)",
            "Marinestützpunktkommando Warnemünde – Sanitätsstaffel",
        ]
    )
    c.sender, c.sender_alts = org, ["Sanitätsdienst der Bundeswehr", "Truppenärztlicher Dienst"]
    c.fax_number, c.fax_short, c.fax_style = "0381 5410-2290", "SanVersZ Rostock", 1
    c.title, c.title_alts = (
        "Truppenärztliche Mitteilung an den weiterbehandelnden Arzt",
        ["Truppenärztliche Mitteilung"],
    )
    pg = Page()
    pg.t(297, 56, "Bundeswehr", "sansb", 12, "c")
    pg.t(297, 70, org, "sans", 9, "c")
    pg.t(297, 92, c.title, "sansb", 10.5, "c")
    pg.box(40, 104, 555, 300)
    rank = r.choice(["Oberbootsmann", "Hauptgefreiter", "Kapitänleutnant", "Stabsbootsmann"])
    pat = c.name(f"{rank} {c.gn} {c.sn}")
    y = 122.0
    rows = [
        ("Name, Dienstgrad:", pat),
        ("Geburtsdatum:", c.bd()),
        (
            "Personenkennziffer:",
            f"{_ddmmyy(c)}-{c.sn[0].upper()}-{r.randint(10000, 99999)}",
        ),
        (
            "Einheit:",
            r.choice(["3. Korvettengeschwader", "Marinefliegergeschwader 3", "Stab Flottille"]),
        ),
        ("Vorstellung am:", c.d(c.before(0, 3), "de", "num", "examination")),
        ("Ausgestellt am:", c.ld()),
    ]
    for lab, val in rows:
        pg.t(48, y, lab, "sansb", 9)
        pg.t(190, y, val, "sans", 9)
        pg.rule(188, y + 3, 550, y + 3)
        y += 24
    c.notes.append("Personenkennziffer contains the birth date as DDMMYY")
    y = 330.0
    pg.t(48, y, "Befund/Diagnose:", "sansb", 9.5)
    d, icd = _diag(c, 1)[0]
    pg.t(150, y, f"{d} ({icd})", "sans", 9.5)
    y = pg.para(
        48,
        y + 20,
        "Der Soldat/Die Soldatin wurde truppenärztlich untersucht. Weiterbehandlung "
        "während des Heimaturlaubs durch den Hausarzt erbeten. Kosten trägt die Bundeswehr "
        "(unentgeltliche truppenärztliche Versorgung), Abrechnung über das BAPersBw.",
        490,
        "sans",
        9.5,
    )
    pg.t(48, y + 40, "Im Auftrag", "sans", 9.5)
    pg.t(
        48,
        y + 66,
        c.person(
            r.choice(["Flottillenarzt Dr. Tim Wollin", "Oberstabsarzt Dr. Merle Kath"]),
            "military doctor",
        ),
        "sans",
        9.5,
    )
    pg.t(48, 760, "An:", "sans", 8)
    c.recipient(pg, 70, 760, "sans", 8, 10, 300)
    c.pages = [pg]


# 12 -----------------------------------------------------------------------------------------
def reha_report(c: Ctx) -> None:
    """A Kur/rehabilitation discharge report from the coast, two pages."""
    r = c.rng
    org = r.choice(
        [
            "Rehabilitationsklinik Ostseeblick Heringsdorf",
            "MEDIAN Klinik Kühlungsborn",
            "Reha-Zentrum Binz – Klinik Granitz",
        ]
    )
    c.sender, c.sender_alts = org, [org.split(" Heringsdorf")[0], "Rehabilitationsklinik"]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["038378 781-199", "038293 60-444", "038393 52-109"]),
        org[:28],
        1,
    )
    c.title, c.title_alts = (
        "ÄRZTLICHER ENTLASSUNGSBERICHT",
        ["Ärztlicher Entlassungsbericht", "Entlassungsbericht"],
    )
    start, end = c.before(28, 30), c.before(3, 8)
    p1, p2 = Page(), Page()
    p1.t(540, 58, org, "serifb", 13, "r")
    p1.t(540, 72, "Fachklinik für Orthopädie, Kardiologie und Psychosomatik", "serif", 8.5, "r")
    p1.t(540, 84, "Vertragsklinik der Deutschen Rentenversicherung", "serif", 8.5, "r")
    c.recipient(p1, 70, 140, "serif", 10.5)
    p1.t(70, 236, c.title, "serifb", 12)
    pat = c.name(f"{c.sn}, {c.gn}")
    info = [
        ("Rehabilitand/in:", pat),
        ("geboren am:", c.bd("de", "long")),
        (
            "Versicherungsnummer:",
            f"{r.randint(10, 80)} {_ddmmyy(c)} {c.sn[0].upper()} {r.randint(100, 999)}",
        ),
        ("Aufnahme:", c.d(start, "de", "num", "admission")),
        ("Entlassung:", c.d(end, "de", "num", "discharge")),
        ("Datum des Berichts:", c.ld("de", "num")),
        ("Kostenträger:", "Deutsche Rentenversicherung Nord"),
    ]
    y = 262.0
    for lab, val in info:
        p1.t(70, y, lab, "serif", 10)
        p1.t(210, y, val, "serifb" if lab.startswith("Reha") else "serif", 10)
        y += 14
    y += 14
    p1.t(70, y, "Diagnosen:", "serifb", 10.5)
    y += 15
    for d, icd in _diag(c, 3):
        p1.t(80, y, f"{icd} {d}", "serif", 10)
        y += 13
    y = p1.para(
        70,
        y + 10,
        "Die Rehabilitandin/der Rehabilitand wurde arbeitsfähig entlassen. Das "
        "Leistungsvermögen für die zuletzt ausgeübte Tätigkeit beträgt 6 Stunden und mehr.",
        460,
        "serif",
        10.5,
    )
    p1.t(297, 812, "– 1 –", "serif", 9, "c")
    p2.t(
        70,
        60,
        f"Entlassungsbericht {c.sn}, {c.gn}, Reha vom "
        f"{c.d(start, 'de', 'num', 'admission')} bis {c.d(end, 'de', 'num', 'discharge')}",
        "serifi",
        8.5,
    )
    p2.t(297, 812, "– 2 –", "serif", 9, "c")
    y = p2.para(
        70,
        100,
        "Therapeutische Leistungen: Krankengymnastik einzeln, Bewegungsbad, "
        "medizinische Trainingstherapie, Ergometertraining, Schulungen zu Ernährung und "
        "Rückengesundheit, "
        "Entspannungsverfahren.",
        460,
        "serif",
        10.5,
    )
    y = p2.para(
        70,
        y + 10,
        "Empfehlungen: Rehabilitationssport über 12 Monate, IRENA, Fortführung der "
        "Medikation, Gewichtsreduktion.",
        460,
        "serif",
        10.5,
    )
    p2.t(70, y + 40, c.person(DOCTORS[4], "chief physician"), "serif", 10.5)
    p2.t(70, y + 53, "Chefarzt", "serif", 9)
    c.pages = [p1, p2]
    c.notes.append("Versicherungsnummer contains the birth date as DDMMYY; rehab period dates")


# 13 -----------------------------------------------------------------------------------------
def bg_accident(c: Ctx) -> None:
    r = c.rng
    org = r.choice(
        [
            "BG BAU – Berufsgenossenschaft der Bauwirtschaft",
            "BG Verkehr – Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation",
            "BGHM – Berufsgenossenschaft Holz und Metall",
        ]
    )
    short = org.split(" – ")[0]
    c.sender, c.sender_alts = short, [org, org.split(" – ")[1]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["0800 6686688-38", "040 3980-1999", "0800 9990080-2"]),
        short,
        1,
    )
    c.title, c.title_alts = "Anforderung eines Befundberichts", ["Befundbericht", "Arbeitsunfall"]
    pg = Page()
    pg.t(56, 60, short, "sansb", 20)
    pg.t(56, 76, org.split(" – ")[1], "sans", 7.5)
    pg.t(56, 86, "Bezirksverwaltung Hamburg · Standort Rostock", "sans", 7.5)
    c.recipient(pg, 56, 140, "sans", 10)
    acc = c.before(10, 60)
    block = [
        ("Ihr Zeichen", c.pid() if c.in_register and r.random() < 0.4 else ""),
        (
            "Unser Zeichen",
            f"{r.randint(1, 9)} {r.randint(10, 99)} {r.randint(10000, 99999)} {c.sn[0].upper()}",
        ),
        ("Ansprechpartner", c.person("Frau Kröger", "case handler")),
        ("Telefon", "0381 37035-215"),
        ("Datum", c.ld()),
    ]
    y = 140.0
    for lab, val in block:
        if not val:
            continue
        pg.t(380, y, lab, "sans", 7.5)
        pg.t(380, y + 12.5, val, "sans", 9)
        y += 25
    if c.patient_id_printed:
        c.notes.append("the practice's patient number under 'Ihr Zeichen'")
    pat = c.name(f"{c.sn}, {c.gn}")
    y = 300.0
    pg.t(56, y, c.title, "sansb", 10.5)
    pg.t(56, y + 14, f"Versicherte Person: {pat}, geb. {c.bd()}", "sansb", 10)
    pg.t(56, y + 28, f"Arbeitsunfall vom {c.d(acc, 'de', 'num', 'accident')}", "sansb", 10)
    y = pg.para(
        56,
        y + 56,
        "Sehr geehrte Damen und Herren, wir sind der zuständige Unfallversicherungsträger. "
        "Ihre Patientin bzw. Ihr Patient wurde nach dem Arbeitsunfall auch in Ihrer "
        "Praxis behandelt. "
        "Bitte übersenden Sie uns einen Befundbericht mit Angaben zu Diagnosen, "
        "Arbeitsunfähigkeitszeiten und Vorerkrankungen. Die Gebühr nach UV-GOÄ wird erstattet.",
        480,
        "sans",
        10,
    )
    pg.t(
        56,
        y + 16,
        f"Bitte antworten Sie bis zum {c.d(c.after(14, 21), 'de', 'num', 'reply deadline')}.",
        "sans",
        10,
    )
    pg.t(56, y + 44, "Mit freundlichen Grüßen", "sans", 10)
    pg.t(56, y + 58, "Ihre Berufsgenossenschaft", "sans", 10)
    c.pages = [pg]
    c.notes.append("accident date and reply deadline beside the letter date")


# 14 -----------------------------------------------------------------------------------------
def drv_nord(c: Ctx) -> None:
    r = c.rng
    c.sender, c.sender_alts = (
        "Deutsche Rentenversicherung Nord",
        ["DRV Nord", "Rentenversicherung Nord"],
    )
    c.fax_number, c.fax_short, c.fax_style = "0451 485-17777", "DRV Nord", 1
    c.title = "Bitte um einen ärztlichen Befundbericht"
    c.title_alts = ["Befundbericht", "Antrag auf Leistungen zur medizinischen Rehabilitation"]
    pg = Page()
    pg.t(540, 58, "Deutsche Rentenversicherung", "lsb", 13, "r")
    pg.t(540, 74, "Nord", "lsb", 13, "r")
    pg.t(56, 118, "Deutsche Rentenversicherung Nord · 23544 Lübeck", "ls", 6.5)
    c.recipient(pg, 56, 134, "ls", 10)
    vsnr = f"{r.choice(['12', '13', '17'])} {_ddmmyy(c)} {c.sn[0].upper()} {r.randint(100, 999)}"
    app = c.before(7, 30)
    block = [
        ("Versicherungsnummer", vsnr),
        ("Ihr Schreiben vom", c.d(app, "de", "num", "application received (Ihr Schreiben vom)")),
        ("Telefon", "0381 4541-0"),
        ("Datum", c.ld("de", "long")),
    ]
    y = 146.5
    for lab, val in block:
        pg.t(360, y, f"{lab}: {val}", "ls", 8.5)
        y += 12.5
    pat = c.name(f"{c.gn} {c.sn}")
    y = 290.0
    pg.t(56, y, c.title, "lsb", 10.5)
    pg.t(56, y + 14, f"Versicherte/r: {pat}, geboren am {c.bd()}", "ls", 10)
    y = pg.para(
        56,
        y + 40,
        "Sehr geehrte Damen und Herren, Ihre Patientin/Ihr Patient hat Leistungen zur "
        "medizinischen Rehabilitation beantragt. Für unsere Entscheidung benötigen wir einen "
        "Befundbericht. Bitte verwenden Sie das beigefügte Formular S0051 und senden Sie es im "
        "beigefügten Freiumschlag zurück. Die Vergütung erfolgt nach dem JVEG.",
        480,
        "ls",
        10,
    )
    pg.t(56, y + 20, "Mit freundlichen Grüßen", "ls", 10)
    pg.t(56, y + 34, "Ihre Deutsche Rentenversicherung Nord", "ls", 10)
    pg.t(
        56,
        y + 60,
        "Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.",
        "ls",
        8,
    )
    c.pages = [pg]
    c.notes.append("Versicherungsnummer holds the birth date as DDMMYY; 'Ihr Schreiben vom' date")


# 15 -----------------------------------------------------------------------------------------
def pflegekasse(c: Ctx) -> None:
    r = c.rng
    org = r.choice(
        [
            "AOK Nordost – Die Gesundheitskasse, Pflegekasse",
            "Techniker Krankenkasse – Pflegeversicherung",
            "IKK classic Pflegekasse",
        ]
    )
    c.sender, c.sender_alts = org, [org.split(" – ")[0].split(",")[0]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["0800 265080-22", "040 46065-1098", "0800 455 1111"]),
        org.split(" ")[0],
        1,
    )
    c.title, c.title_alts = (
        "Mitteilung über die Einstufung in einen Pflegegrad",
        ["Pflegegrad", "Bescheid"],
    )
    pg = Page()
    pg.t(56, 56, org, "narrowb", 13)
    pg.rule(56, 62, 540, 62)
    c.recipient(pg, 56, 130, "narrow", 10.5)
    y = 130.0
    pg.t(390, y, f"Schwerin, {c.ld()}", "narrow", 10)
    pat = c.name(f"{c.salutation()} {c.gn} {c.sn}")
    app, visit = c.before(40, 70), c.before(10, 30)
    pg.t(56, 230, c.title, "narrowb", 11)
    y = 252.0
    for ln in [
        f"Pflegebedürftige Person: {pat}",
        f"Geburtsdatum: {c.bd()}",
        f"Antrag vom: {c.d(app, 'de', 'num', 'application')}",
        f"Begutachtung durch den Medizinischen Dienst am: "
        f"{c.d(visit, 'de', 'num', 'assessment visit')}",
        f"Pflegegrad: {r.randint(1, 4)}",
    ]:
        pg.t(56, y, ln, "narrow", 10.5)
        y += 15
    y = pg.para(
        56,
        y + 12,
        "Sehr geehrte Damen und Herren, zur Information über die Versorgung Ihrer "
        "Patientin/Ihres Patienten teilen wir Ihnen das Ergebnis der Begutachtung mit. Eine "
        "Kopie des Gutachtens liegt der versicherten Person vor. Bitte prüfen Sie die "
        "Verordnung von Hilfsmitteln.",
        480,
        "narrow",
        10.5,
    )
    pg.t(56, y + 20, "Ihre Pflegekasse", "narrow", 10.5)
    c.pages = [pg]
    c.notes.append("application and assessment dates before the letter date")


# 16 -----------------------------------------------------------------------------------------
def gesundheitsamt(c: Ctx) -> None:
    r = c.rng
    org = r.choice(
        [
            "Landkreis Vorpommern-Greifswald – Gesundheitsamt",
            "Hansestadt Rostock – Gesundheitsamt",
            "Landkreis Nordwestmecklenburg – Fachdienst Gesundheit",
        ]
    )
    c.sender, c.sender_alts = org, [org.split(" – ")[1], org.split(" – ")[0]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03834 8760-2309", "0381 381-5399", "03841 3040-5399"]),
        "Gesundheitsamt",
        1,
    )
    kid = c.patient.birth_date >= "2010"
    pg = Page()
    pg.t(297, 58, org, "dserifb", 12, "c")
    pg.t(
        297,
        72,
        "Amtsärztlicher Dienst · Infektionsschutz · Kinder- und Jugendgesundheit",
        "dserif",
        8,
        "c",
    )
    c.recipient(pg, 56, 130, "dserif", 10)
    pg.t(
        540,
        130,
        f"Az.: 53.{r.randint(10, 99)}-{r.randint(100, 999)}/{c.letter_date.year % 100}",
        "dserif",
        9,
        "r",
    )
    pg.t(540, 142.5, c.ld(), "dserif", 9, "r")
    if kid:
        c.title, c.title_alts = (
            "Schuleingangsuntersuchung – Ärztliche Mitteilung",
            ["Schuleingangsuntersuchung"],
        )
        pat = c.name(f"{c.gn} {c.sn}")
        mother = c.person(f"{r.choice(['Anja', 'Doreen', 'Nguyen Thi'])} {c.sn}", "mother")
        mb = dt.date(
            int(c.patient.birth_date[:4]) - r.randint(24, 36), r.randint(1, 12), r.randint(1, 28)
        )
        lines = [
            f"Kind: {pat}, geb. {c.bd()}",
            f"Sorgeberechtigt: {mother}, geb. {c.d(mb, 'de', 'num', 'birth date of the mother')}",
            f"Untersuchung am {c.d(c.before(3, 20), 'de', 'num', 'examination')}",
        ]
        body = (
            "Bei der Schuleingangsuntersuchung fiel ein auffälliger Sehtest auf. Wir bitten um "
            "Vorstellung beim Augenarzt und Rückmeldung."
        )
        c.notes.append("the mother's birth date is printed too")
    else:
        c.title, c.title_alts = (
            "Umgebungsuntersuchung Tuberkulose",
            ["Tuberkulose", "Mitteilung nach IfSG"],
        )
        pat = c.name(f"{c.sn.upper()}, {c.gn}", surname=c.sn)
        lines = [
            f"Betroffene Person: {pat}",
            f"Geburtsdatum: {c.bd()}",
            f"Kontakt zum Indexfall zuletzt am "
            f"{c.d(c.before(10, 40), 'de', 'num', 'last exposure')}",
        ]
        body = (
            "Die o. g. Person ist Kontaktperson eines Tuberkulosefalls (§ 25 IfSG). Wir bitten um "
            "Durchführung eines Interferon-Gamma-Tests acht Wochen nach letztem Kontakt."
        )
    pg.t(56, 230, c.title, "dserifb", 11)
    y = 256.0
    for ln in lines:
        pg.t(56, y, ln, "dserif", 10)
        y += 15
    y = pg.para(56, y + 12, body, 480, "dserif", 10)
    pg.t(56, y + 20, "Im Auftrag", "dserif", 10)
    pg.t(56, y + 46, _doc(c, "public health officer"), "dserif", 10)
    pg.t(56, y + 59, "Amtsärztin/Amtsarzt", "dserif", 9)
    c.pages = [pg]


# 17 -----------------------------------------------------------------------------------------
def pharmacy_fax_form(c: Ctx) -> None:
    """A pharmacy's fax form with check boxes and field labels."""
    r = c.rng
    org = r.choice(
        [
            "Löwen-Apotheke Stralsund",
            "Greifen-Apotheke am Markt Greifswald",
            "Strand-Apotheke Zinnowitz",
            "Rats-Apotheke Wismar",
        ]
    )
    c.sender, c.sender_alts = org, [org.rsplit(" ", 1)[0]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03831 292047", "03834 899145", "038377 40321", "03841 282604"]),
        org,
        1,
    )
    c.title, c.title_alts = "FAX-ANFRAGE: RÜCKFRAGE ZUR VERORDNUNG", ["Rückfrage zur Verordnung"]
    c.cover_ok = False
    pg = Page()
    pg.t(56, 60, org, "lsb", 14)
    pg.t(
        56,
        74,
        f"Apothekerin {c.person('Maren Dahl', 'pharmacist')} e. K. · Fax {c.fax_number}",
        "ls",
        8.5,
    )
    pg.t(297, 120, c.title, "lsb", 13, "c")
    pg.box(50, 140, 545, 290)
    own = [str(n) for n in c.practice["names"]]  # type: ignore[attr-defined]
    pat = c.name(f"{c.gn} {c.sn}")
    rows = [
        ("An Praxis:", own[1] if len(own[0]) > 60 else own[0]),
        ("Fax Praxis:", str(c.practice["fax"])),
        ("Patient/in:", pat),
        ("Geb.-Dat.:", c.bd("de", r.choice(["num", "yy"]))),
        ("Rezept vom:", c.d(c.before(1, 5), "de", "num", "prescription")),
        ("Datum:", c.ld()),
    ]
    y = 158.0
    for lab, val in rows:
        pg.t(60, y, lab, "lsb", 10)
        pg.t(160, y, val, "ls", 10)
        y += 22
    y = 320.0
    for opt in [
        "[x] Arzneimittel nicht lieferbar – Alternativpräparat?",
        "[ ] Dosierung fehlt / unklar",
        "[ ] Rabattvertrag: Austausch nicht möglich",
        "[ ] Betäubungsmittelrezept erforderlich",
    ]:
        pg.t(60, y, opt, "ls", 10)
        y += 16
    pg.t(60, y + 14, "Verordnet: " + r.choice(MEDS), "ls", 10)
    pg.t(60, y + 50, "Antwort der Praxis: ______________________________________", "ls", 10)
    pg.t(60, y + 80, "Bitte zurückfaxen. Vielen Dank!", "lsb", 10)
    c.pages = [pg]
    c.notes.append("a form faxed by a pharmacy; the prescription date is not the letter date")


# 18 -----------------------------------------------------------------------------------------
def handwritten_note(c: Ctx) -> None:
    r = c.rng
    who = r.choice(
        [
            ("Pflegedienst Küstenpflege Ribnitz", "Schwester Ines"),
            ("Physiotherapie Wellenschlag Binz", "Kai Tesch, Physiotherapeut"),
            ("Hospizdienst Stralsund", "Ulla Rieck"),
        ]
    )
    c.handwritten, c.stamp_ok = True, r.random() < 0.5
    c.sender, c.sender_alts = who[0], [who[1]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03821 70944", "038393 13370", "03831 490077"]),
        who[0],
        1,
    )
    c.title = None
    c.person(who[1], "writer of the note")
    pg = Page()
    pg.t(60, 70, who[0], "lsb", 11)
    pg.rule(60, 76, 300, 76)
    c.undated = r.random() < 0.6
    y = 130.0
    if not c.undated:
        pg.t(520, y, c.ld("de", r.choice(["short", "num"])), "hand", 14, "r")
    y += 40
    pg.t(
        72, y, "Liebe Frau Doktor," if r.random() < 0.5 else "Hallo liebes Praxisteam,", "hand", 15
    )
    sal = c.salutation()
    if c.patient.collision == "twins":
        pat = c.name(f"{c.gn} {c.sn}")
    else:
        pat = c.name(f"{sal} {c.sn}" if r.random() < 0.5 else f"{c.gn[0]}. {c.sn}", given=c.gn)
    y += 36
    for ln in [
        f"bei {pat} sind die Beine",
        "seit 3 Tagen dicker, Wunde am",
        "re. Knöchel nässt.",
        "Bitte Rezept für Verband-",
        "material + evtl. Hausbesuch?",
        "Danke!",
    ]:
        pg.t(72 + r.randint(-4, 6), y, ln, "hand", 15)
        y += 30
    pg.t(300, y + 20, who[1], "hand", 14)
    c.pages = [pg]
    c.notes.append(
        "handwritten; the patient is named without a birth date (surname only or initial)"
    )
    if c.undated:
        c.notes.append("undated note: letter_date is null")


# 19 -----------------------------------------------------------------------------------------
def therapy_email(c: Ctx) -> None:
    """An e-mail printout from a speech/physio therapist with a bold subject without label."""
    r = c.rng
    org = r.choice(
        [
            "Logopädie Hafenblick Wismar",
            "Ergotherapie Boddenland Barth",
            "Praxis für Physiotherapie Sundblick Stralsund",
        ]
    )
    c.sender, c.sender_alts = org, [org.replace("Praxis für ", "").rsplit(" ", 1)[0]]
    c.fax_number, c.fax_short, c.fax_style = (
        r.choice(["03841 7795-12", "038231 45290", "03831 30211"]),
        org[:24],
        3,
    )
    c.title, c.title_alts = (
        "Therapiebericht und Bitte um Folgeverordnung",
        ["Therapiebericht", "Folgeverordnung"],
    )
    pg = Page()
    pg.t(40, 56, "Gedruckt aus Thunderbird", "mono", 7.5)
    y = 80.0
    own = [str(n) for n in c.practice["names"]]  # type: ignore[attr-defined]
    pat = c.name(f"{c.sn}, {c.gn}")
    lines = [
        ("Betreff:", f"{c.title} – {pat}"),
        ("Von:", f"{org} <info@{org.split(' ')[1].lower()}-therapie.de>"),
        ("Datum:", f"{c.ld('de', 'num')}, {r.randint(7, 19):02d}:{r.randint(0, 59):02d}"),
        ("An:", own[1] if len(own[0]) > 60 else own[0]),
    ]
    for lab, val in lines:
        pg.t(40, y, lab, "monob", 8.5)
        pg.t(100, y, val, "mono", 8.5)
        y += 12
    pg.rule(40, y, 555, y)
    y += 26
    pg.t(40, y, "Sehr geehrte Frau Dr. / sehr geehrter Herr Dr.,", "ls", 10)
    y += 18
    start = c.before(40, 90)
    y = pg.para(
        40,
        y,
        f"wir behandeln {c.salutation()} {c.sn} (geb. {c.bd()}) seit dem "
        f"{c.d(start, 'de', 'num', 'start of therapy')} mit bisher "
        f"{r.choice([10, 12, 18])} Einheiten. "
        "Es zeigen sich deutliche Fortschritte; das Therapieziel ist noch nicht erreicht. "
        "Wir bitten um eine Folgeverordnung (Heilmittelverordnung 13).",
        500,
        "ls",
        10,
    )
    pg.t(40, y + 18, "Viele Grüße aus dem Team", "ls", 10)
    pg.t(40, y + 32, c.person(r.choice(["Jana Saß", "Mirko Lüth"]), "therapist"), "ls", 10)
    pg.t(40, 812, f"1 von 1 {c.ld('de', 'num')}", "mono", 7.5)
    c.pages = [pg]
    c.notes.append("e-mail printout: subject, sender and date in the mail header")


LAYOUTS = [
    ("discharge_two_pages", discharge_two_pages, "any"),
    ("specialist_refline", specialist_refline, "any"),
    ("lab_table", lab_table, "any"),
    ("radiology_caps", radiology_caps, "any"),
    ("polish_discharge", polish_discharge, "foreign"),
    ("nordic_epicrisis_sv", partial(nordic_epicrisis, kind="sv"), "foreign"),
    ("nordic_epicrisis_da", partial(nordic_epicrisis, kind="da"), "foreign"),
    ("nordic_epicrisis_fi", partial(nordic_epicrisis, kind="fi"), "foreign"),
    ("baltic_letter_et", partial(baltic_letter, kind="et"), "foreign"),
    ("baltic_letter_lv", partial(baltic_letter, kind="lv"), "foreign"),
    ("russian_extract", russian_extract, "ru"),
    ("ship_doctor_email", ship_doctor_email, "any"),
    ("vietnamese_discharge", vietnamese_discharge, "vi"),
    ("bundeswehr_form", bundeswehr_form, "soldier"),
    ("reha_report", reha_report, "any"),
    ("bg_accident", bg_accident, "worker"),
    ("drv_nord", drv_nord, "worker"),
    ("pflegekasse", pflegekasse, "any"),
    ("gesundheitsamt", gesundheitsamt, "any"),
    ("pharmacy_fax_form", pharmacy_fax_form, "any"),
    ("handwritten_note", handwritten_note, "any"),
    ("therapy_email", therapy_email, "any"),
]
