"""The kinds of letter: each writes its pages through a Composer and records its truth."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from .compose import Composer
from .register import Patient
from .senders import (
    AUTHORITIES,
    CARE,
    HOSPITALS,
    INSURERS,
    LABS,
    PHARMACIES,
    RADIOLOGY,
    SPECIALISTS,
    THERAPISTS,
    S,
)
from .world import fmt


@dataclass
class Ctx:
    rng: random.Random
    practice: dict[str, object]
    patient: Patient
    in_register: bool
    letter_date: date | None
    sur: str
    giv: str
    c: Composer = field(default_factory=Composer)
    layout: str = ""
    language: str = "de"
    region: str = "DE"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    birth_printed: bool = False
    patient_id: str | None = None
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fax_number: str = ""
    fax_name: str = ""
    handwritten: bool = False

    def name(self, style: str) -> str:
        p = self.patient
        g, s = self.giv, self.sur
        match style:
            case "gs":
                out = f"{g} {s}"
            case "sg":
                out = f"{s}, {g}"
            case "SG":
                out = f"{s.upper()}, {g}"
            case "SGU":
                out = f"{s.upper()}, {g.upper()}"
            case "s_g":
                out = f"{s} {g}"
            case "tgs":
                out = f"{p.title} {g} {s}" if p.title else f"{g} {s}"
            case "tsg":
                out = f"{s}, {p.title} {g}" if p.title else f"{s}, {g}"
            case _:
                raise ValueError(style)
        if not self.as_written:
            self.as_written = out
        return out

    def dob(self, style: str = "de") -> str:
        self.birth_printed = True
        return fmt(self.patient.birth_date, style)

    def when(self, days: int, role: str, style: str = "de") -> str:
        assert self.letter_date is not None
        d = self.letter_date + timedelta(days=days)
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return fmt(d, style)

    def person(self, name: str, role: str) -> str:
        if not any(o["name"] == name for o in self.other_people):
            self.other_people.append({"name": name, "role": role})
        return name

    def herr(self) -> str:
        return "Herrn" if self.patient.sex == "M" else "Frau"

    def herr1(self) -> str:
        return "Herr" if self.patient.sex == "M" else "Frau"

    def ihr(self) -> str:
        return "Ihren Patienten" if self.patient.sex == "M" else "Ihre Patientin"

    def set_sender(self, s: S) -> None:
        org = str(s["org"]) or str(s["chief"])
        self.sender = org
        alts = [str(a) for a in s["alts"]]  # type: ignore[attr-defined]
        if s["org"] and s.get("dept"):
            alts.append(f"{s['org']}, {s['dept']}")
        self.sender_alts = alts
        self.fax_number = str(s["fax"])
        self.fax_name = (str(s["alts"][0]) if s["alts"] else org)[:28]  # type: ignore[index]


def _window(ctx: Ctx, y: float, x: float = 68.0, back: str | None = None) -> None:
    c = ctx.c
    if back:
        c.at(x, y - 14, back, "sans", 6.5)
    lines = list(ctx.practice["window"])  # type: ignore[call-overload]
    for i, ln in enumerate(lines):
        c.at(x, y + i * 12.5, str(ln), c.font, 10)


def _head(ctx: Ctx, s: S, style: str) -> None:
    """The letterhead; style left / right / center / band."""
    c = ctx.c
    org = str(s["org"]) or str(s["chief"])
    big = "sansb" if c.font in ("sans", "narrow") else ("serifb" if c.font == "serif" else "dvb")
    if style == "left":
        c.at(68, 58, org, big, 15)
        c.at(68, 74, str(s["dept"]), c.font, 9)
        c.at(
            68, 86, f"{s['street']} · {s['city']} · Tel. {s['phone']} · Fax {s['fax']}", c.font, 7.5
        )
    elif style == "right":
        c.at(540, 58, org, big, 13, "right")
        c.at(540, 72, str(s["dept"]), c.font, 8.5, "right")
        c.at(540, 84, f"{s['street']}, {s['city']}", c.font, 8, "right")
        c.at(540, 95, f"Telefon {s['phone']} | Telefax {s['fax']}", c.font, 8, "right")
    elif style == "center":
        if ctx.sender == org:
            ctx.sender_alts.insert(0, org)
            ctx.sender = org.upper()
        c.at(0, 56, org.upper(), big, 13, "center")
        c.at(0, 70, str(s["dept"]), c.font, 9, "center")
        c.at(0, 82, f"{s['street']} – {s['city']}", c.font, 8, "center")
    else:  # band
        c.at(68, 50, org, big, 12)
        c.at(68, 62, f"{s['dept']} | {s['street']} | {s['city']}", c.font, 7.5)
        c.at(68, 72, f"Tel. {s['phone']}   Fax {s['fax']}", c.font, 7.5)


def _running(ctx: Ctx, label: str) -> None:
    def run(c: Composer) -> None:
        c.at(68, 40, label, c.font, 8)
        c.y = 58

    ctx.c.running = run


def _close(
    ctx: Ctx, signers: list[tuple[str, str]], greeting: str = "Mit freundlichen Grüßen"
) -> None:
    c = ctx.c
    c.gap(6)
    c.line(greeting)
    c.gap(22)
    for name, role in signers:
        c.line(name)
        c.line(role, size=8.5)
        ctx.person(name, "Unterzeichner")


def _sign_pair(ctx: Ctx, s: S) -> list[tuple[str, str]]:
    out = [(str(s["chief"]), "Chefarzt" if "Prof" in str(s["chief"]) else "Leitung")]
    docs = list(s["docs"])  # type: ignore[call-overload]
    if docs:
        out.append((str(ctx.rng.choice(docs)), "Stationsärztin/Stationsarzt"))
    return out


DIAG = [
    ("Ambulant erworbene Pneumonie rechts basal", "J18.9"),
    ("Hypertensive Entgleisung bei bekannter arterieller Hypertonie", "I10.91"),
    ("Exazerbierte COPD GOLD 3", "J44.11"),
    ("NSTEMI bei koronarer Zwei-Gefäß-Erkrankung", "I21.4"),
    ("Dekompensierte Herzinsuffizienz NYHA III", "I50.13"),
    ("Pertrochantäre Femurfraktur links", "S72.10"),
    ("Akute Pyelonephritis", "N10"),
    ("Synkope unklarer Genese", "R55"),
    ("Transitorische ischämische Attacke", "G45.92"),
    ("Symptomatische Cholezystolithiasis", "K80.20"),
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "L-Thyroxin 75 µg 1-0-0",
    "ASS 100 mg 1-0-0",
    "Amoxicillin/Clavulansäure 875/125 mg 1-0-1 bis einschließlich Tag 7",
]


def discharge(ctx: Ctx) -> None:
    """A hospital's discharge letter: two pages, running header, admission and discharge."""
    rng, c = ctx.rng, ctx.c
    s = rng.choice(HOSPITALS)
    ctx.set_sender(s)
    ctx.layout = "hospital discharge letter"
    style = rng.choice(["left", "right", "center"])
    _head(ctx, s, style)
    _window(ctx, 150, back=f"{s['org']} · {s['street']} · {s['city']}")
    d = ctx.letter_date
    assert d is not None
    info_x = 375
    c.at(info_x, 150, "Ihr Ansprechpartner:", "sans", 8)
    doc = str(rng.choice(list(s["docs"])))  # type: ignore[call-overload]
    c.at(info_x, 161, doc, "sans", 8)
    fall = f"Fall-Nr.: {rng.randint(40000000, 49999999)}"
    c.at(info_x, 172, fall, "sans", 8)
    date_top = rng.random() < 0.7
    if date_top:
        c.at(info_x, 190, f"{s['town']}, {fmt(d, 'de')}", "sans", 9)
    c.y = 240
    title = rng.choice(
        [
            "Entlassungsbericht",
            "Vorläufiger Arztbrief",
            "Arztbrief",
            "Ärztlicher Kurzbericht zur Entlassung",
        ]
    )
    if rng.random() < 0.4:
        ctx.title = title.upper()
        ctx.title_alts.append(title)
        ctx.notes.append("heading in capitals")
    else:
        ctx.title = title
    c.line(ctx.title, "sansb", 12)
    c.gap(4)
    variant = rng.randint(0, 2)
    adm = ctx.when(-rng.randint(6, 14), "Aufnahme")
    dis = ctx.when(-rng.randint(0, 2), "Entlassung")
    maiden = ""
    if ctx.patient.birth_name and ctx.sur == ctx.patient.surname:
        maiden = f" geb. {ctx.patient.birth_name},"
        ctx.notes.append("maiden name after 'geb.' beside the birth date's 'geb.'")
    if variant == 0:
        c.para("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
        c.para(
            f"wir berichten über {ctx.ihr()} {ctx.herr()} {ctx.name('gs')},{maiden} geb. "
            f"{ctx.dob()}, wohnhaft {ctx.patient.street}, {ctx.patient.postcode} "
            f"{ctx.patient.city}, der/die sich vom {adm} bis {dis} in unserer stationären "
            "Behandlung befand."
        )
    elif variant == 1:
        c.line(f"Patient/in: {ctx.name('SG')},{maiden} * {ctx.dob()}", "sansb")
        c.line(f"Stationärer Aufenthalt: {adm} – {dis}")
        c.gap(6)
        c.para("Sehr geehrte Kolleginnen und Kollegen,")
        c.para(
            "wir berichten über die stationäre Behandlung "
            + ("des o. g. Patienten." if ctx.patient.sex == "M" else "der o. g. Patientin.")
        )
    else:
        c.line(f"Betreff: {ctx.name('tsg')},{maiden} geboren am {ctx.dob('de_long')}")
        ctx.birth_printed = True
        c.line(f"Aufnahme am {adm}, Entlassung am {dis}")
        c.gap(6)
        c.para(
            f"Liebe Kollegin, lieber Kollege, vielen Dank für die Einweisung von "
            f"{ctx.herr()} {ctx.sur}."
        )
    _running(
        ctx, f"{ctx.sur}, {ctx.giv}, geb. {fmt(ctx.patient.birth_date, 'de')} – {title} – Seite 2"
    )
    diags = rng.sample(DIAG, 3)
    c.line("Diagnosen:", "sansb")
    for dtext, code in diags:
        c.line(f"– {dtext} ({code})", x=80)
    c.gap(6)
    c.line("Anamnese:", "sansb")
    c.para(
        f"Die Aufnahme erfolgte über die Zentrale Notaufnahme. {ctx.herr1()} {ctx.sur} "
        "berichtete über seit einigen Tagen zunehmende Beschwerden mit Abgeschlagenheit und "
        "Belastungsdyspnoe. Fieber wurde verneint. Die Hausmedikation wurde unverändert "
        "eingenommen; Allergien sind nicht bekannt."
    )
    c.line("Befunde:", "sansb")
    c.para(
        "Labor bei Aufnahme: CRP 86 mg/l, Leukozyten 13,4 /nl, Kreatinin 1,3 mg/dl, "
        "eGFR 52 ml/min. EKG: Sinusrhythmus, HF 92/min, Linkstyp, keine ST-Streckenveränderungen. "
        "Röntgen-Thorax: Infiltrat im rechten Unterfeld, kein Erguss."
    )
    c.line("Therapie und Verlauf:", "sansb")
    c.para(
        "Nach Abnahme von Blutkulturen wurde eine kalkulierte intravenöse Therapie begonnen, "
        "die nach Erhalt der Resistenztestung oralisiert werden konnte. Begleitend erfolgten "
        "Inhalationen und eine vorsichtige Flüssigkeitsbilanzierung bei eingeschränkter "
        "Nierenfunktion; die Retentionswerte normalisierten sich im Verlauf."
    )
    c.para(
        "Unter der eingeleiteten Therapie besserte sich der Allgemeinzustand rasch. Die "
        "Entzündungsparameter waren rückläufig, die Mobilisation gelang mit Unterstützung "
        "der Physiotherapie. Eine weitere Diagnostik war während des Aufenthaltes nicht "
        "erforderlich; die Entlassung erfolgte in gebessertem Allgemeinzustand nach Hause."
    )
    c.line("Medikation bei Entlassung:", "sansb")
    for m in rng.sample(MEDS, 5):
        c.line(m, x=80)
    c.gap(6)
    c.line("Procedere:", "sansb")
    wv = ctx.when(rng.randint(20, 40), "Wiedervorstellung")
    c.para(
        f"Wir bitten um Kontrolle der Nierenretentionswerte in einer Woche. Eine ambulante "
        f"Wiedervorstellung in unserer Ambulanz ist für den {wv} vereinbart."
    )
    if not date_top:
        c.line(f"{s['town']}, den {fmt(d, 'de')}")
        ctx.notes.append("letter date only at the end")
    _close(ctx, _sign_pair(ctx, s))
    ctx.notes.append("admission, discharge and follow-up dates beside the letter date")
    ctx.notes.append("case number (Fall-Nr.) is not the practice's patient id")


def specialist(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(SPECIALISTS)
    ctx.set_sender(s)
    ctx.layout = "specialist report"
    style = rng.choice(["right", "center", "left"])
    _head(ctx, s, style)
    if not s["org"]:
        ctx.notes.append("no organisation named: the sender is the doctor")
        ctx.sender_alts.append(str(s["chief"]).replace("Dr. med. ", "Dr. "))
    _window(ctx, 150)
    d = ctx.letter_date
    assert d is not None
    exam = ctx.when(-rng.randint(1, 9), "Untersuchung")
    c.y = 225
    end_date = rng.random() < 0.45
    if not end_date:
        c.line(f"{s['town']}, {fmt(d, rng.choice(['de', 'de_long']))}", align="right")
    c.gap(8)
    labelled = rng.random() < 0.5
    field_ = str(s["field"])
    title = {
        "Kardiologie": "Kardiologischer Befundbericht",
        "Neurologie": "Neurologischer Befund",
        "Orthopädie": "Orthopädischer Konsiliarbericht",
        "Augenheilkunde": "Augenärztlicher Befund",
        "HNO": "HNO-ärztlicher Bericht",
    }[field_]
    ctx.title = title
    pid_printed = ctx.in_register and rng.random() < 0.5
    if labelled:
        c.line(f"Betreff: {title}", "sansb")
        ctx.title_alts.append(f"Betreff: {title}")
        nm = ctx.name(rng.choice(["gs", "sg", "tgs"]))
        if ctx.patient.birth_name and ctx.sur == ctx.patient.surname:
            nm += f" (geb. {ctx.patient.birth_name})"
            ctx.notes.append("maiden name in brackets after the name")
        c.line(f"Patient: {nm}, geb. {ctx.dob()}")
    else:
        c.line(title, "sansb", 11)
        c.line(
            f"{ctx.name(rng.choice(['SG', 'sg']))} (* {ctx.dob('de_short')}) – Untersuchung "
            f"am {exam}"
        )
    if pid_printed:
        c.line(f"Ihre Pat.-Nr.: {ctx.patient.id}", size=9)
        ctx.patient_id = ctx.patient.id
        ctx.notes.append("the practice's patient number is printed")
    c.gap(8)
    c.para(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,"
        if rng.random() < 0.5
        else "Liebe Kollegin, lieber Kollege,"
    )
    if labelled:
        c.para(
            f"vielen Dank für die Überweisung. Am {exam} stellte sich {ctx.herr1()} "
            f"{ctx.sur} in unserer Praxis vor."
        )
    else:
        c.para(f"vielen Dank für die Zuweisung von {ctx.herr()} {ctx.sur}.")
    body = {
        "Kardiologie": "Echokardiographisch zeigt sich eine normal große linke Herzkammer mit "
        "erhaltener systolischer Funktion (LVEF 55 %), keine relevanten Vitien. "
        "Im Belastungs-EKG bis 125 Watt keine Ischämiezeichen.",
        "Neurologie": "Neurologisch zeigt sich ein unauffälliger Hirnnervenstatus, Paresen "
        "bestehen nicht. Die Neurographie des N. medianus rechts ergibt eine "
        "verlängerte distale Latenz im Sinne eines Karpaltunnelsyndroms.",
        "Orthopädie": "Klinisch Druckschmerz über dem Iliosakralgelenk rechts, Lasègue negativ. "
        "Röntgenologisch degenerative Veränderungen L4/5 ohne Instabilität.",
        "Augenheilkunde": "Visus cc rechts 0,8, links 0,63. Augendruck 17/18 mmHg. Fundus: "
        "beginnende diabetische Retinopathie ohne Makulaödem.",
        "HNO": "Ohrmikroskopie beidseits reizlos. Im Tonaudiogramm symmetrische "
        "Hochtonsenke bis 45 dB, vereinbar mit einer beginnenden Presbyakusis.",
    }[field_]
    c.para(body)
    c.para(
        "Wir empfehlen eine Fortführung der bisherigen Therapie und eine Kontrolle in sechs "
        "Monaten. Bei Verschlechterung jederzeit gerne früher."
    )
    if end_date:
        c.line(f"{s['town']}, den {fmt(d, 'de')}")
        ctx.notes.append("letter date only at the end; examination date at the top")
    _close(
        ctx,
        [(str(s["chief"]), f"Facharzt/Fachärztin – {field_}")],
        rng.choice(["Mit freundlichen kollegialen Grüßen", "Mit freundlichen Grüßen"]),
    )


def lab(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(LABS)
    ctx.set_sender(s)
    ctx.layout = "laboratory report"
    c.font = "narrow" if rng.random() < 0.5 else "sans"
    _head(ctx, s, "band")
    d = ctx.letter_date
    assert d is not None
    _window(ctx, 120)
    title = rng.choice(["Laborbefund", "Befundbericht", "Endbefund"])
    ctx.title = title.upper()
    c.at(540, 120, title.upper(), "sansb", 13, "right")
    ctx.title_alts.append(title)
    c.at(380, 140, f"Befunddatum: {fmt(d, 'de')}", c.font, 9)
    c.at(380, 152, f"Auftragsnr.: {rng.randint(6100000, 6199999)}", c.font, 9)
    c.y = 195
    pid = ctx.in_register and rng.random() < 0.7
    c.line(f"Name, Vorname: {ctx.name(rng.choice(['SG', 'SGU', 'sg']))}", "sansb")
    c.line(f"Geb.-Datum: {ctx.dob()}     Geschlecht: {'m' if ctx.patient.sex == 'M' else 'w'}")
    if pid:
        c.line(f"Einsender-Pat.-Nr.: {ctx.patient.id}")
        ctx.patient_id = ctx.patient.id
        ctx.notes.append("the sender's patient number field holds the practice's id")
    k = rng.randint(1, 2)
    coll = ctx.when(-k, "Probenentnahme")
    rec = ctx.when(-k + rng.randint(0, 1), "Eingang im Labor")
    c.line(f"Entnahme: {coll} 08:15     Eingang: {rec} 14:02")
    c.gap(8)
    c.line(f"{'Untersuchung':<28}{'Ergebnis':>10}   Einheit     Referenzbereich", "mono", 8.5)
    rows = [
        ("Hämoglobin", "13,8", "g/dl", "12,0 - 16,0"),
        ("Leukozyten", "7,9", "/nl", "3,9 - 10,2"),
        ("Thrombozyten", "241", "/nl", "150 - 370"),
        ("Kreatinin", "1,12", "mg/dl", "0,5 - 1,0"),
        ("eGFR (CKD-EPI)", "58", "ml/min", "> 60"),
        ("TSH", "2,14", "mU/l", "0,27 - 4,2"),
        ("HbA1c", "7,2", "%", "< 5,7"),
        ("LDL-Cholesterin", "131", "mg/dl", "< 116"),
        ("Kalium", "4,6", "mmol/l", "3,5 - 5,1"),
        ("CRP", "< 0,5", "mg/dl", "< 0,5"),
    ]
    for name, val, unit, ref in rng.sample(rows, 7):
        c.line(f"{name:<28}{val:>10}   {unit:<11} {ref}", "mono", 8.5)
    c.gap(10)
    c.para(
        "Befund technisch und medizinisch validiert. Auffällige Werte sind mit Bezug auf den "
        "Referenzbereich zu beurteilen.",
        size=8.5,
    )
    c.line(str(s["chief"]), size=9)
    ctx.person(str(s["chief"]), "validiert")
    ctx.notes.append("collection and receipt dates beside the report date")


def radiology(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(RADIOLOGY)
    ctx.set_sender(s)
    ctx.layout = "radiology report"
    c.font = rng.choice(["serif", "sans"])
    _head(ctx, s, rng.choice(["left", "center"]))
    _window(ctx, 150, back=f"{s['org']}, {s['street']}, {s['city']}")
    d = ctx.letter_date
    assert d is not None
    exam = ctx.when(-rng.randint(0, 3) or -1, "Untersuchung")
    c.at(375, 150, f"Datum: {fmt(d, 'de')}", c.font, 9)
    c.at(375, 162, f"Untersuchung vom: {exam}", c.font, 9)
    c.y = 230
    c.line(f"{ctx.herr()} {ctx.name(rng.choice(['gs', 'tgs']))}, geb. {ctx.dob()}")
    if ctx.in_register and rng.random() < 0.3:
        c.line(f"Ihre Patienten-ID: {ctx.patient.id}", size=9)
        ctx.patient_id = ctx.patient.id
    c.gap(6)
    t = rng.choice(
        [
            "MRT der Lendenwirbelsäule nativ",
            "CT Thorax mit Kontrastmittel",
            "Röntgen Thorax in zwei Ebenen",
            "Sonographie des Abdomens",
        ]
    )
    ctx.title = t
    c.line(t, "sansb" if c.font == "sans" else "serifb", 11)
    c.line("Rechtfertigende Indikation: Abklärung der Beschwerden, Verlaufskontrolle.", size=9)
    c.gap(4)
    c.line("Befund:", "sansb" if c.font == "sans" else "serifb")
    c.para(
        "Regelrechte Darstellung der abgebildeten Strukturen. Kein Nachweis einer frischen "
        "knöchernen Läsion. Geringe degenerative Veränderungen, altersentsprechend. Kein "
        "Nachweis freier Flüssigkeit. Keine suspekten Raumforderungen."
    )
    c.line("Beurteilung:", "sansb" if c.font == "sans" else "serifb")
    c.para(
        "Kein Nachweis eines akuten pathologischen Befundes. Im Vergleich zur Voruntersuchung "
        "unveränderte Verhältnisse."
    )
    _close(ctx, [(str(s["chief"]), "Fachärztin/Facharzt für Radiologie")], "Mit kollegialen Grüßen")
    ctx.notes.append("examination date next to the report date")


def insurer(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(INSURERS)
    ctx.set_sender(s)
    ctx.layout = "health insurer letter"
    _head(ctx, s, rng.choice(["right", "left"]))
    _window(ctx, 150, back=f"{s['alts'][0]} · {s['street']} · {s['city']}")  # type: ignore[index]
    d = ctx.letter_date
    assert d is not None
    c.at(375, 150, "Ihr Zeichen:", "sans", 8)
    c.at(375, 161, f"Unser Zeichen: KG-{rng.randint(1000, 9999)}/{d.year}", "sans", 8)
    c.at(375, 172, f"Datum: {fmt(d, 'de')}", "sans", 8)
    c.y = 235
    kind = rng.randint(0, 2)
    vnr = f"{rng.choice('ABCDEFGHKLMNRSTW')}{rng.randint(100000000, 999999999)}"
    if kind == 0:
        t = "Anfrage zur Arbeitsunfähigkeit"
        c.line(t, "sansb")
        c.line(f"Unser Mitglied: {ctx.name('gs')}, geboren {ctx.dob()}, Versichertennummer {vnr}")
        ctx.title = t
        c.gap(6)
        c.para("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
        au = ctx.when(-rng.randint(30, 60), "Beginn der Arbeitsunfähigkeit")
        c.para(
            f"{'unser Mitglied'} ist seit dem {au} arbeitsunfähig erkrankt. Zur Prüfung des "
            "Anspruchs auf Krankengeld bitten wir Sie, den beiliegenden Fragebogen auszufüllen "
            "und innerhalb von 14 Tagen an uns zurückzusenden. Die Vergütung erfolgt nach "
            "Muster 52."
        )
    elif kind == 1:
        t = "Kostenübernahme häusliche Krankenpflege"
        c.line(f"Betreff: {t} für {ctx.name('tgs')}", "sansb")
        ctx.title = t
        ctx.title_alts.append(f"{t} für {ctx.as_written}")
        c.line(f"KV-Nr. {vnr}")
        c.gap(6)
        c.para("Sehr geehrte Damen und Herren,")
        c.para(
            "die Verordnung häuslicher Krankenpflege (Muster 12) haben wir erhalten. Die "
            f"Kosten übernehmen wir vom {ctx.when(-5, 'Beginn der Leistung')} bis "
            f"{ctx.when(50, 'Ende der Leistung')} im verordneten Umfang."
        )
        ctx.notes.append("no birth date printed")
    else:
        t = "Disease-Management-Programm: Erinnerung an die Folgedokumentation"
        ctx.title = t.upper()
        c.line(t.upper(), "sansb", 9.5)
        ctx.title_alts.append(t)
        c.gap(4)
        c.para("Sehr geehrte Praxis,")
        c.para(
            f"für {ctx.name('gs')} (geb. {ctx.dob()}) liegt uns die Folgedokumentation zum DMP "
            "Diabetes mellitus Typ 2 für das vergangene Quartal noch nicht vor. Wir bitten um "
            "Übermittlung, damit die Teilnahme fortgeführt werden kann."
        )
    _close(ctx, [(str(s["chief"]), str(s["alts"][0]))])  # type: ignore[index]
    ctx.notes.append("insurance number and reference lines are not the practice's id")


def authority(ctx: Ctx, which: str) -> None:
    rng, c = ctx.rng, ctx.c
    s = next(
        a
        for a in AUTHORITIES
        if a["kind"] == which
        and (which != "ga" or rng.random() < 0.5 or a["org"] != "Stadt Nürnberg – Gesundheitsamt")
    )
    ctx.set_sender(s)
    d = ctx.letter_date
    assert d is not None
    c.font = rng.choice(["sans", "dv"])
    _head(ctx, s, "left" if which in ("drv", "lra") else rng.choice(["right", "center"]))
    _window(ctx, 150, back=f"{s['org']}, {s['street']}, {s['city']}")
    c.at(
        375,
        150,
        f"Az.: {rng.randint(10, 99)}-{rng.randint(1000, 9999)}/{d.year % 100}",
        c.font,
        8.5,
    )
    c.at(375, 162, f"{s['town']}, {fmt(d, rng.choice(['de', 'de_long']))}", c.font, 8.5)
    c.y = 235
    if which == "md":
        ctx.layout = "Medizinischer Dienst care assessment"
        t = "Gutachten zur Feststellung der Pflegebedürftigkeit"
        ctx.title = t.upper()
        c.line(t.upper(), "dvb" if c.font == "dv" else "sansb", 10.5)
        ctx.title_alts.append(t)
        c.line(f"Versicherte/r: {ctx.name('SG')}     Geburtsdatum: {ctx.dob()}")
        c.line(f"Begutachtung im Wohnbereich am {ctx.when(-rng.randint(5, 15), 'Hausbesuch')}")
        rel_dob = date(rng.randint(1950, 1995), rng.randint(1, 12), rng.randint(1, 28))
        rel = f"{rng.choice(['Monika', 'Thomas', 'Sandra', 'Jörg'])} {ctx.sur}"
        c.line(
            f"Pflegeperson: {ctx.person(rel, 'Pflegeperson (Angehörige/r)')}, geb. "
            f"{fmt(rel_dob, 'de')}"
        )
        ctx.other_dates.append({"date": rel_dob.isoformat(), "role": "Geburtsdatum Pflegeperson"})
        ctx.notes.append("a relative's birth date on the page")
        c.gap(6)
        c.para(
            "Im Auftrag der Pflegekasse wurde die Pflegebedürftigkeit begutachtet. Es ergibt "
            "sich ein Gesamtpunktwert von 52,5 Punkten; empfohlen wird Pflegegrad 3. Wir "
            "bitten Sie um Übersendung aktueller Befunde zur Hilfsmittelversorgung."
        )
    elif which == "ga":
        ctx.layout = "public health office letter"
        t = rng.choice(["Meldung nach § 6 IfSG – Rückfrage", "Tuberkulose-Umgebungsuntersuchung"])
        ctx.title = t
        c.line(f"Betreff: {t}", "sansb" if c.font == "sans" else "dvb")
        ctx.title_alts.append(f"Betreff: {t}")
        c.line(f"Betroffene Person: {ctx.name(rng.choice(['sg', 'gs']))}, geb. {ctx.dob()}")
        c.gap(6)
        c.para("Sehr geehrte Frau Dr., sehr geehrter Herr Dr.,")
        c.para(
            f"zu der o. g. Person erreichte uns am {ctx.when(-3, 'Eingang der Meldung')} eine "
            "Labormeldung. Wir bitten um Mitteilung der klinischen Angaben (Erkrankungsbeginn, "
            "Symptome, Impfstatus) auf dem beigefügten Formblatt."
        )
    elif which == "lra":
        ctx.layout = "district office (driving licence) letter"
        t = "Fahreignung – Anforderung eines ärztlichen Attests"
        ctx.title = t
        c.line(t, "sansb" if c.font == "sans" else "dvb")
        c.line(f"Fahrerlaubnisinhaber: {ctx.herr1()} {ctx.name('tgs')}")
        ctx.notes.append("no birth date printed")
        c.gap(6)
        c.para("Sehr geehrte Damen und Herren,")
        c.para(
            "der/die Obengenannte hat uns mit Schweigepflichtsentbindung gebeten, ein Attest "
            "zur Fahreignung (Diabetes mellitus unter Insulintherapie) bei Ihnen anzufordern. "
            f"Wir bitten um Vorlage bis zum {ctx.when(28, 'Frist')}."
        )
    else:
        ctx.layout = "pension insurance (DRV) request"
        t = "Leistungen zur medizinischen Rehabilitation – Anforderung eines Befundberichts"
        ctx.title = t
        c.line(t, "sansb" if c.font == "sans" else "dvb", 9.5)
        b = ctx.patient.birth_date
        vsnr = (
            f"{rng.randint(10, 65)} {b.day:02d}{b.month:02d}{b.year % 100:02d} "
            f"{ctx.sur[0].upper()} {rng.randint(100, 599)}"
        )
        c.line(f"Versicherungsnummer: {vsnr}")
        c.line(f"Versicherte/r: {ctx.name(rng.choice(['gs', 'SG']))}")
        ctx.notes.append("the insurance number hides the birth date (DDMMYY), no date printed")
        c.gap(6)
        c.para("Sehr geehrte Damen und Herren,")
        c.para(
            f"die oben genannte Person hat am {ctx.when(-20, 'Antragseingang')} Leistungen zur "
            "medizinischen Rehabilitation beantragt. Bitte senden Sie uns den beigefügten "
            "Befundbericht (Formular S0051) ausgefüllt zurück."
        )
    _close(ctx, [(str(s["chief"]), str(s["dept"]))])


def care(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(CARE)
    ctx.set_sender(s)
    ctx.layout = "care service request"
    c.font = rng.choice(["sans", "cond"])
    _head(ctx, s, rng.choice(["left", "right"]))
    _window(ctx, 150)
    d = ctx.letter_date
    assert d is not None
    c.y = 215
    c.line(f"Datum: {fmt(d, 'de_short')}", align="right")
    c.gap(6)
    t = rng.choice(
        [
            "Bitte um Folgeverordnung",
            "Pflegebericht / Wunddokumentation",
            "Information über Sturzereignis",
        ]
    )
    ctx.title = t
    c.line(t, "sansb" if c.font == "sans" else "dvb")
    c.line(
        f"Klient/in: {ctx.name(rng.choice(['sg', 'gs', 'SG']))}"
        + (f", geb. {ctx.dob()}" if rng.random() < 0.6 else "")
    )
    c.gap(6)
    c.para("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    c.para(
        f"wir versorgen die oben genannte Person seit dem {ctx.when(-200, 'Versorgungsbeginn')} "
        "(Medikamentengabe, Kompressionsstrümpfe, Wundversorgung). Die aktuelle Verordnung "
        f"läuft am {ctx.when(6, 'Ende der Verordnung')} aus. Wir bitten um eine Folgeverordnung "
        "häuslicher Krankenpflege für ein weiteres Quartal."
    )
    c.para(
        "Der Wundbefund am rechten Unterschenkel ist rückläufig (2,1 x 1,4 cm), die "
        "Wundränder sind reizlos."
    )
    _close(ctx, [(str(s["chief"]), str(s["org"]))], "Freundliche Grüße")


def pharmacy(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(PHARMACIES)
    ctx.set_sender(s)
    ctx.layout = "pharmacy fax form"
    c.font = "sans"
    c.at(68, 55, str(s["org"]), "sansb", 14)
    c.at(68, 70, f"{s['street']}, {s['city']} · Tel. {s['phone']} · Fax {s['fax']}", "sans", 8)
    c.at(540, 55, "FAX-RÜCKFRAGE", "sansb", 12, "right")
    d = ctx.letter_date
    assert d is not None
    c.y = 105
    c.line(f"An: {ctx.practice['short']}     Fax: {ctx.practice['fax']}")
    c.line(f"Datum: {fmt(d, 'de')}")
    c.gap(8)
    t = "Rückfrage zur Verordnung"
    ctx.title = t
    ctx.title_alts.append("FAX-RÜCKFRAGE")
    c.line(t, "sansb", 11)
    c.line(
        f"Patient/in: {ctx.name(rng.choice(['sg', 'gs']))}"
        + (f"   geb.: {ctx.dob()}" if rng.random() < 0.5 else "")
    )
    c.line(f"Rezept vom: {ctx.when(-rng.randint(1, 3), 'Ausstellung des Rezepts')}")
    c.gap(6)
    c.para(
        "[X] Arzneimittel nicht lieferbar (Lieferengpass) – Austausch gegen ein wirkstoffgleiches "
        "Präparat möglich?"
    )
    c.para("[ ] Dosierangabe fehlt   [ ] Rezept nicht unterschrieben   [ ] Wechselwirkung")
    c.para("Betroffenes Präparat: Metoprololsuccinat 47,5 mg, 100 Tabl. N3")
    c.gap(10)
    c.line("Antwort der Praxis:  [ ] Austausch ok   [ ] neues Rezept folgt")
    c.gap(14)
    c.line(f"Rückfax bitte an {s['fax']} – vielen Dank! {s['chief']}")
    ctx.person(str(s["chief"]), "Ansprechpartner/in")
    ctx.notes.append("the receiving practice is named in the form's An: line")


def therapist(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    s = rng.choice(THERAPISTS)
    ctx.set_sender(s)
    ctx.layout = "therapy report"
    c.font = rng.choice(["serif", "dvserif"])
    _head(ctx, s, "center")
    _window(ctx, 150)
    d = ctx.letter_date
    assert d is not None
    c.y = 230
    t = "Therapiebericht"
    ctx.title = t
    c.line(t, "serifb" if c.font == "serif" else "dvb", 12)
    c.line(f"für {ctx.name(rng.choice(['gs', 'tgs']))}, geb. {ctx.dob()}")
    c.line(
        f"Verordnung vom {ctx.when(-60, 'Verordnung')}, 10 x KG, "
        f"letzte Behandlung am {ctx.when(-2, 'letzte Behandlung')}"
    )
    c.gap(6)
    c.para("Sehr geehrte Frau Dr., sehr geehrter Herr Dr.,")
    c.para(
        "die verordneten Behandlungen wurden vollständig durchgeführt. Die Beweglichkeit der "
        "Schulter hat sich deutlich verbessert (Abduktion aktiv 150°). Zur Sicherung des "
        "Ergebnisses empfehlen wir eine Folgeverordnung über 6 Behandlungen."
    )
    c.line(f"{str(s['city']).split(' ', 1)[1]}, {fmt(d, 'de')}")
    _close(ctx, [(str(s["chief"]), str(s["org"]))], "Mit freundlichen Grüßen")
    ctx.notes.append("letter date under the body, prescription dates above")


def email(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    ctx.layout = "e-mail printout"
    c.font = "sans"
    d = ctx.letter_date
    assert d is not None
    sender_is_rel = rng.random() < 0.5
    c.y = 40
    c.at(68, 30, f"{fmt(d, 'de_short')}, 16:4{rng.randint(0, 9)}", "sans", 7.5)
    c.at(540, 30, "Outlook im Web", "sans", 7.5, "right")
    if sender_is_rel:
        rel = f"{rng.choice(['Katrin', 'Michael', 'Stefanie', 'Daniel'])} {ctx.sur}-Bär"
        ctx.sender = rel
        ctx.sender_alts = []
        mail = f"{rel.split()[0].lower()}.baer@web.de"
        ctx.fax_number = "+49 911 8 10 20 33"
        ctx.fax_name = "Copyshop Plärrer"
        t = f"Termin für {'meinen Vater' if ctx.patient.sex == 'M' else 'meine Mutter'}"
        c.line(f"Von: {rel} <{mail}>", size=9)
    else:
        ctx.sender = "Reha-Zentrum Frankenwarte"
        ctx.sender_alts = ["Reha-Zentrum Frankenwarte, Patientenaufnahme"]
        ctx.fax_number = "0931 40 41-99"
        ctx.fax_name = "Reha Frankenwarte"
        t = "Aufnahme zur Anschlussheilbehandlung"
        c.line(
            "Von: Patientenaufnahme Reha-Zentrum Frankenwarte <aufnahme@reha-frankenwarte.de>",
            size=9,
        )
    c.line(f"An: {ctx.practice['short']} <praxis@example-praxis.de>", size=9)
    c.line(f"Gesendet: {fmt(d, 'de_long')} 16:12", size=9)
    c.line(f"Betreff: {t}", size=9)
    ctx.title = t
    ctx.title_alts.append(f"Betreff: {t}")
    c.gap(10)
    c.para("Sehr geehrte Damen und Herren,")
    if sender_is_rel:
        c.para(
            f"ich schreibe für {'meinen Vater' if ctx.patient.sex == 'M' else 'meine Mutter'} "
            f"{ctx.name('gs')}, geb. {ctx.dob('de_short')}. Könnten Sie bitte einen Hausbesuch "
            f"am {ctx.when(3, 'gewünschter Hausbesuch')} einplanen? Die Schmerzen im Knie "
            "sind wieder schlimmer geworden."
        )
        c.para("Vielen Dank und viele Grüße")
        c.line(ctx.sender)
        ctx.notes.append(
            "written by a relative: the sender is a person, the patient is named in the body"
        )
    else:
        c.para(
            f"{ctx.herr1()} {ctx.name('gs')} (geb. {ctx.dob()}) wird am "
            f"{ctx.when(9, 'Aufnahme in der Reha')} zur Anschlussheilbehandlung bei uns "
            "aufgenommen. Bitte senden Sie uns vorab einen aktuellen Medikationsplan."
        )
        c.para("Mit freundlichen Grüßen")
        c.line("Ihr Team der Patientenaufnahme")
    c.at(540, 815, "1 von 1", "sans", 7.5, "right")
    ctx.notes.append("printout header with the print date (same as the mail's date)")


def handwritten(ctx: Ctx) -> None:
    rng, c = ctx.rng, ctx.c
    ctx.layout = "handwritten note"
    ctx.handwritten = True
    c.font = rng.choice(["hand", "hand2"])
    c.size = 15
    c.left = 80
    c.y = 90
    ctx.title = None
    dated = ctx.letter_date is not None
    who = rng.randint(0, 1)
    if who == 0:
        ctx.sender = f"{'Hildegard' if rng.random() < 0.5 else 'Erwin'} {ctx.sur}"
        ctx.fax_number = "09194 88 21"
        ctx.fax_name = ctx.sender
        if dated:
            assert ctx.letter_date is not None
            c.line(f"Ebermannstadt, {fmt(ctx.letter_date, 'de_short')}", align="right")
        c.gap(10)
        c.line("Liebe Frau Doktor,")
        c.line(f"mein {'Mann' if ctx.patient.sex == 'M' else 'Frau'} {ctx.name('gs')}")
        c.line("braucht wieder die Tabletten für das Herz")
        c.line("und die Salbe. Ich hole es am Freitag ab.")
        c.gap(8)
        c.line("Danke! Ihre")
        c.line(ctx.sender)
        ctx.notes.append("a spouse's note: the sender is a person sharing the surname")
    else:
        ctx.sender = "Haus St. Elisabeth"
        ctx.sender_alts = [
            "Seniorenzentrum Haus St. Elisabeth",
            "Haus St. Elisabeth – Wohnbereich 2",
        ]
        ctx.fax_number = "09194 72 59"
        ctx.fax_name = "Haus St. Elisabeth"
        c.line("Haus St. Elisabeth – Wohnbereich 2")
        c.gap(8)
        c.line(f"Bew. {ctx.name('SG')}, geb. {ctx.dob('de_short')}")
        c.line("RR heute 168/94, klagt über Schwindel.")
        c.line("Bitte um Rückruf / Hausbesuch.")
        if dated:
            assert ctx.letter_date is not None
            c.line(f"{fmt(ctx.letter_date, 'de_short')}  Schwester Rita")
        else:
            c.line("Schwester Rita")
        ctx.person("Schwester Rita", "Pflegekraft")
    for ln in c.page:  # a hand does not keep to a margin
        ln.x = round(ln.x + rng.uniform(-6, 6), 2)
        ln.y = round(ln.y + rng.uniform(-1.5, 1.5), 2)
    if not dated:
        ctx.notes.append("undated note: letter_date is null")


KINDS_DE = [
    "discharge",
    "specialist",
    "lab",
    "radiology",
    "insurer",
    "md",
    "ga",
    "lra",
    "drv",
    "care",
    "pharmacy",
    "therapist",
    "email",
    "handwritten",
]


def run_german(ctx: Ctx, kind: str) -> None:
    match kind:
        case "discharge":
            discharge(ctx)
        case "specialist":
            specialist(ctx)
        case "lab":
            lab(ctx)
        case "radiology":
            radiology(ctx)
        case "insurer":
            insurer(ctx)
        case "md" | "ga" | "lra" | "drv":
            authority(ctx, kind)
        case "care":
            care(ctx)
        case "pharmacy":
            pharmacy(ctx)
        case "therapist":
            therapist(ctx)
        case "email":
            email(ctx)
        case "handwritten":
            handwritten(ctx)
        case _:
            raise ValueError(kind)
