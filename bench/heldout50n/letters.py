"""The letters: a world of senders writing to three practices, with exact truth."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from . import register
from .fmt import fmt
from .render import H, Line, W, fax_tiff, make_pdf, page_text, scan_jpeg, width
from .world import PRACTICES, SENDERS

SPLIT_SEEDS = {"test": 50_1401, "examples": 50_1402}
LEFT, RIGHT = 62.0, W - 62.0
_REGISTER: list[register.Patient] | None = None


def _register() -> list[register.Patient]:
    global _REGISTER
    if _REGISTER is None:
        _REGISTER = register.build()
    return _REGISTER


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


class Sheet:
    """Lines placed top to bottom; every line has its own baseline."""

    def __init__(self, top: float = 64.0) -> None:
        self.pages: list[list[Line]] = [[]]
        self.y = top

    def put(
        self,
        text: str,
        x: float = LEFT,
        align: str = "left",
        font: str = "sans",
        size: float = 10.0,
        lead: float = 1.38,
    ) -> None:
        w = width(text, font, size)
        if align == "right":
            x = RIGHT - w
        elif align == "center":
            x = (W - w) / 2
        if x + w > W - 30 or x < 30:
            raise ValueError(f"line outside the sheet: {text!r}")
        self.y += size * lead
        self.pages[-1].append(Line(round(x, 2), round(self.y, 2), text, font, size))

    def skip(self, pts: float) -> None:
        self.y += pts

    def wrap(
        self,
        text: str,
        font: str = "sans",
        size: float = 10.0,
        x: float = LEFT,
        maxw: float = RIGHT - LEFT,
    ) -> None:
        words = text.split(" ")
        cur = ""
        for word in words:
            trial = f"{cur} {word}".strip()
            if width(trial, font, size) > maxw and cur:
                self.put(cur, x=x, font=font, size=size)
                cur = word
            else:
                cur = trial
        if cur:
            self.put(cur, x=x, font=font, size=size)

    def new_page(self, top: float = 64.0) -> None:
        self.pages.append([])
        self.y = top


@dataclass
class Ctx:
    rng: random.Random
    practice: dict[str, Any]
    region: str
    letter_date: date | None
    patient: register.Patient | None
    sur: str
    given: str
    bd: date
    sex: str
    title: str = ""
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def d(self, day: date, role: str, style: str = "num") -> str:
        if role not in ("letter", "birth"):
            item = {"date": day.isoformat(), "role": role}
            if item not in self.other_dates:
                self.other_dates.append(item)
        return fmt(day, self.region, style)

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    @property
    def ld(self) -> date:
        assert self.letter_date is not None
        return self.letter_date

    def before(self, lo: int, hi: int) -> date:
        return self.ld - timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> date:
        return self.ld + timedelta(days=self.rng.randint(lo, hi))


@dataclass
class Draft:
    pages: list[list[Line]]
    layout: str
    sender: str
    sender_alts: list[str]
    title: str | None
    title_alts: list[str]
    as_written: str
    birth_printed: bool
    patient_id_printed: bool
    fax_number: str
    language: str = "de"
    handwritten: bool = False


# ---------------------------------------------------------------- shared pieces


def recipient(sh: Sheet, ctx: Ctx, with_doctor: bool = True, x: float = LEFT) -> None:
    p = ctx.practice
    name = str(p["name"])
    sh.wrap(name, size=9.5, x=x, maxw=min(300.0, RIGHT - x))
    if with_doctor:
        sh.put(str(p["doctor"]), x=x, size=9.5)
    sh.put(str(p["street"]), x=x, size=9.5)
    sh.put(str(p["city"]), x=x, size=9.5)


def letterhead(sh: Sheet, key: str, align: str, big: str = "sansb") -> None:
    name, _alts, lines, fax, _city, _region = SENDERS[key]
    sh.put(name, align=align, font=big, size=13 if width(name, big, 13) < 470 else 10.5)
    for ln in lines:
        sh.put(ln, align=align, size=8.5)
    sh.put(f"Telefax {fax}", align=align, size=8.5)


def name_forms(ctx: Ctx, style: str) -> tuple[str, str]:
    """(the line's text, the name as written) for a German patient line."""
    bdn = ctx.d(ctx.bd, "birth")
    t = f"{ctx.title} " if ctx.title else ""
    anrede = "Herrn" if ctx.sex == "M" else "Frau"
    if style == "comma":
        nm = f"{ctx.sur}, {ctx.given}"
        return f"Patient: {nm}, geb. {bdn}", nm
    if style == "caps":
        nm = f"{ctx.sur.upper()}, {ctx.given}"
        return f"{nm} (* {bdn})", nm
    if style == "betrifft":
        nm = f"{t}{ctx.given} {ctx.sur}"
        assert True
        addr = ""
        if ctx.patient is not None:
            addr = f", {ctx.patient.street}, {ctx.patient.postcode} {ctx.patient.city}"
        return f"betrifft: {anrede} {nm}, geb. am {bdn}{addr}", nm
    if style == "fields":
        nm = f"{ctx.sur}, {ctx.given}"
        return f"Name, Vorname: {nm}     Geburtsdatum: {bdn}", nm
    if style == "maiden":
        nm = f"{t}{ctx.given} {ctx.sur}"
        assert ctx.patient is not None
        return f"{anrede} {nm}, geb. {ctx.patient.birth_name}, geb. am {bdn}", nm
    nm = f"{t}{ctx.given} {ctx.sur}"
    return f"Patient{'in' if ctx.sex == 'F' else ''}: {nm}, geboren am {bdn}", nm


def signature(
    sh: Sheet,
    ctx: Ctx,
    closing: str,
    people: list[tuple[str, str]],
    align: str = "left",
    show_role: bool = True,
) -> None:
    sh.skip(6)
    sh.put(closing, align=align)
    sh.skip(18)
    for name, role in people:
        sh.put(ctx.person(name, role), align=align, size=9.5)
        if show_role:
            sh.put(role, align=align, size=8.5)


def footers(sh: Sheet, text: str | None = None) -> None:
    n = len(sh.pages)
    if n < 2 and text is None:
        return
    for i, page in enumerate(sh.pages):
        label = f"Seite {i + 1} von {n}" if n > 1 else ""
        line = " · ".join(x for x in (text, label) if x)
        w = width(line, "sans", 7.5)
        page.append(Line(round((W - w) / 2, 2), 812.0, line, "sans", 7.5))


# ---------------------------------------------------------------- German kinds

_DIAG = [
    ("Nicht-ST-Hebungsinfarkt (NSTEMI) bei koronarer Dreigefäßerkrankung", "I21.4"),
    ("Ambulant erworbene Pneumonie rechts basal", "J18.9"),
    ("Exazerbierte COPD GOLD III", "J44.1"),
    ("Distale Radiusfraktur links (AO 23-C2)", "S52.51"),
    ("Tiefe Beinvenenthrombose rechts", "I80.2"),
    ("Entgleister Diabetes mellitus Typ 2", "E11.73"),
    ("Transitorische ischämische Attacke", "G45.9"),
    ("Vorhofflimmern mit tachykarder Überleitung", "I48.1"),
    ("Lumboischialgie bei Bandscheibenvorfall L4/5", "M51.1"),
    ("Delir bei beginnender Demenz vom Alzheimer-Typ", "F05.1"),
]
_MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "Tiotropium 2,5 µg 2 Hübe morgens",
    "Ibuprofen 600 mg b. Bed.",
]
_BODY = [
    "Die Aufnahme erfolgte über unsere Notaufnahme bei zunehmender Belastungsdyspnoe.",
    "Unter der eingeleiteten Therapie besserte sich der Allgemeinzustand rasch.",
    "Laborchemisch zeigten sich die Entzündungswerte im Verlauf rückläufig.",
    "Wir bitten um regelmäßige Kontrollen von Blutbild, Kreatinin und Elektrolyten.",
    "Die Mobilisation gelang mit Unterstützung der Physiotherapie bis auf Stationsebene.",
    "Der Patient wurde ausführlich über Befund und Prognose aufgeklärt.",
    "Eine Anschlussheilbehandlung wurde über den Sozialdienst beantragt.",
    "Bei erneuter Verschlechterung ist eine Wiedervorstellung jederzeit möglich.",
    "Die Wundverhältnisse waren bei Entlassung reizlos, die Fäden können entfernt werden.",
    "Eine Echokardiographie ergab eine leicht eingeschränkte linksventrikuläre Funktion.",
]


def k_clinic(ctx: Ctx, key: str) -> Draft:
    """Hospital discharge letter; two pages with a running header in about half."""
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _lines, fax, city, _r = SENDERS[key]
    align = rng.choice(["left", "right", "center"])
    letterhead(sh, key, align)
    sh.skip(14)
    recipient(sh, ctx)
    sh.skip(10)
    info_date = rng.random() < 0.5
    sh.put(
        f"Unser Zeichen: {rng.choice(['ST', 'AM', 'KG'])}/{rng.randint(100, 999)}",
        align="right",
        size=8.5,
    )
    if info_date:
        sh.put(f"Datum: {ctx.d(ctx.ld, 'letter')}", align="right", size=8.5)
    else:
        sh.put(f"{city}, {ctx.d(ctx.ld, 'letter', 'long')}", align="right", size=9.5)
    sh.skip(10)
    adm, dis = ctx.before(4, 16), ctx.before(0, 3)
    title = rng.choice(["Entlassungsbrief", "Vorläufiger Entlassungsbericht", "Arztbrief"])
    style = rng.choice(["bold", "caps", "label"])
    shown = {"bold": title, "caps": title.upper(), "label": title}[style]
    sh.put(f"Betreff: {shown}" if style == "label" else shown, font="sansb", size=11.5)
    pstyle = rng.choice(["plain", "comma", "betrifft", "caps"])
    if ctx.patient is not None and ctx.patient.birth_name and rng.random() < 0.7:
        pstyle = "maiden"
    line, aw = name_forms(ctx, pstyle)
    sh.wrap(line, font="sansb", size=9.5)
    sh.put(
        f"Stationärer Aufenthalt vom {ctx.d(adm, 'admission')} bis {ctx.d(dis, 'discharge')}",
        size=9.5,
    )
    sh.skip(8)
    anrede = "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,"
    sh.put(anrede)
    sh.wrap(
        "wir berichten über die stationäre Behandlung Ihres Patienten bzw. Ihrer Patientin "
        "in unserer Klinik."
    )
    sh.skip(6)
    sh.put("Diagnosen:", font="sansb")
    for dx, icd in rng.sample(_DIAG, 3):
        sh.put(f"– {dx} ({icd})", x=LEFT + 8, size=9.5)
    sh.skip(6)
    sh.put("Verlauf:", font="sansb")
    for s in rng.sample(_BODY, 4):
        sh.wrap(s, size=9.5)
    two = rng.random() < 0.55
    short = "geb."
    running = f"{title} {ctx.sur}, {ctx.given}, {short} {ctx.d(ctx.bd, 'birth')}"
    if two:
        sh.new_page(40)
        sh.put(running, font="sans", size=8)
        sh.skip(8)
    sh.put("Medikation bei Entlassung:", font="sansb")
    for m in rng.sample(_MEDS, 4):
        sh.put(m, x=LEFT + 8, size=9.5)
    fu = ctx.after(10, 40)
    sh.skip(6)
    sh.wrap(
        f"Wir empfehlen eine Wiedervorstellung in unserer Ambulanz am {ctx.d(fu, 'follow-up')}.",
        size=9.5,
    )
    signature(
        sh,
        ctx,
        "Mit freundlichen kollegialen Grüßen",
        [
            (
                rng.choice(
                    [
                        "Prof. Dr. med. Stefan Aigner",
                        "Prof. Dr. med. Ulrike Rambold",
                        "PD Dr. med. Martin Greimel",
                    ]
                ),
                "Chefarzt/Chefärztin",
            ),
            (
                rng.choice(["Dr. med. Lena Forster", "Johannes Weigl", "Dr. med. Ayla Kaya"]),
                "Assistenzarzt/-ärztin",
            ),
        ],
    )
    footers(sh, name if two else None)
    return Draft(
        sh.pages,
        "clinic discharge letter" + (", two pages" if two else ""),
        name,
        alts,
        shown,
        [title] if shown != title else [],
        aw,
        True,
        False,
        fax,
    )


def k_specialist(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, city, _r = SENDERS[key]
    letterhead(sh, key, "right", big="serifb")
    sh.skip(16)
    recipient(sh, ctx, with_doctor=rng.random() < 0.6)
    sh.skip(12)
    pid = rng.random() < 0.4
    exam = ctx.before(0, 6)
    if pid and ctx.patient is not None:
        sh.put(f"Ihre Pat.-Nr.: {ctx.patient.id}", align="right", size=8.5)
    else:
        pid = False
    date_at_end = rng.random() < 0.35
    if not date_at_end:
        sh.put(f"{city}, den {ctx.d(ctx.ld, 'letter')}", align="right", size=9.5)
    sh.skip(10)
    title = {
        "kardio": "Kardiologischer Befundbericht",
        "neuro": "Neurologischer Befund",
        "augen": "Augenärztlicher Befundbericht",
        "psy": "Bericht an den Konsiliararzt",
    }[key]
    label = rng.choice(["Betr.: ", "", "Befund: "]) if key != "psy" else ""
    sh.put(f"{label}{title}", font="serifb", size=11)
    line, aw = name_forms(ctx, rng.choice(["plain", "fields", "comma"]))
    sh.put(line, font="serif", size=9.5)
    sh.put(f"Untersuchung am {ctx.d(exam, 'examination')}", font="serif", size=9.5)
    sh.skip(8)
    sh.put("Liebe Frau Kollegin, lieber Herr Kollege,", font="serif")
    body = {
        "kardio": [
            "vielen Dank für die Überweisung zur kardiologischen Abklärung.",
            "EKG: Sinusrhythmus, HF 68/min, Linkstyp, keine Erregungsrückbildungsstörungen.",
            "Echo: LVEF 55 %, keine relevanten Vitien. Ergometrie bis 125 W unauffällig.",
        ],
        "neuro": [
            "Ihre Patientin stellte sich mit rezidivierenden Kopfschmerzen vor.",
            "Der neurologische Untersuchungsbefund war regelrecht, das EEG unauffällig.",
            "Wir empfehlen eine Prophylaxe mit Amitriptylin 10 mg zur Nacht.",
        ],
        "augen": [
            "Visus cc rechts 0,8, links 0,6. Tensio 16/17 mmHg.",
            "Fundus: beginnende diabetische Retinopathie ohne Makulaödem.",
            "Kontrolle in sechs Monaten empfohlen.",
        ],
        "psy": [
            "die Patientin befindet sich seit mehreren Wochen in ambulanter Behandlung.",
            "Für den Antrag auf Kurzzeittherapie bitte ich um Ihren Konsiliarbericht.",
            "Somatische Ausschlussdiagnostik ist aus meiner Sicht erforderlich.",
        ],
    }[key]
    for s in body:
        sh.wrap(s, font="serif", size=9.5)
    nxt = ctx.after(30, 120)
    sh.wrap(f"Nächster Termin: {ctx.d(nxt, 'follow-up')}", font="serif", size=9.5)
    if date_at_end:
        sh.skip(8)
        sh.put(f"{city}, {ctx.d(ctx.ld, 'letter')}", font="serif", size=9.5)
    docs = {
        "kardio": "Dr. med. Leopold Hintermaier",
        "neuro": "Dr. med. Sabine Ertl",
        "augen": "Dr. med. Florian Kastner",
        "psy": "Dipl.-Psych. Veronika Stangl",
    }
    signature(sh, ctx, "Mit freundlichen Grüßen", [(docs[key], "behandelnde/r Ärztin/Arzt")])
    return Draft(sh.pages, f"specialist report ({key})", name, alts, title, [], aw, True, pid, fax)


def k_lab(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(36)
    name, alts, _l, fax, _c, _r = SENDERS[key]
    letterhead(sh, key, "left", big="condb")
    sh.skip(10)
    recipient(sh, ctx, with_doctor=False)
    sh.skip(10)
    title = rng.choice(["LABORBEFUND", "Befundbericht Labor", "Endbefund"])
    sh.put(title, font="condb", size=13, align="center")
    coll = ctx.before(1, 3)
    recv = coll + timedelta(days=rng.randint(0, 1))
    pid = ctx.patient is not None and rng.random() < 0.6
    nm = (
        f"{ctx.sur.upper()}, {ctx.given.upper()}"
        if rng.random() < 0.5
        else f"{ctx.sur}, {ctx.given}"
    )
    sh.put(f"Patient: {nm}", font="mono", size=9)
    sh.put(
        f"Geb.-Datum: {ctx.d(ctx.bd, 'birth')}   Geschl.: {'m' if ctx.sex == 'M' else 'w'}",
        font="mono",
        size=9,
    )
    if pid:
        assert ctx.patient is not None
        sh.put(f"Einsender-Nr./Pat.-ID: {ctx.patient.id}", font="mono", size=9)
    sh.put(f"Auftrags-Nr.: {rng.randint(2400000, 2599999)}", font="mono", size=9)
    sh.put(
        f"Probenentnahme: {ctx.d(coll, 'collection')}  {rng.randint(7, 11):02d}:"
        f"{rng.choice(['05', '20', '45'])}",
        font="mono",
        size=9,
    )
    sh.put(f"Probeneingang:  {ctx.d(recv, 'receipt in lab')}", font="mono", size=9)
    sh.put(f"Befunddatum:    {ctx.d(ctx.ld, 'letter')}", font="mono", size=9)
    sh.skip(8)
    sh.put("Untersuchung          Ergebnis   Einheit    Referenzbereich", font="mono", size=9)
    rows = [
        ("Leukozyten", "7,8", "G/l", "3,9 - 10,2"),
        ("Hämoglobin", "12,1", "g/dl", "12,0 - 15,4"),
        ("Kreatinin", "1,31 H", "mg/dl", "0,50 - 1,10"),
        ("eGFR (CKD-EPI)", "52 L", "ml/min", "> 60"),
        ("CRP", "14,2 H", "mg/l", "< 5,0"),
        ("HbA1c", "7,4 H", "%", "4,0 - 5,6"),
        ("TSH basal", "2,1", "mU/l", "0,27 - 4,2"),
        ("Ferritin", "18 L", "ng/ml", "30 - 400"),
    ]
    for r in rng.sample(rows, 6):
        sh.put(f"{r[0]:<22}{r[1]:<11}{r[2]:<11}{r[3]}", font="mono", size=9)
    sh.skip(10)
    sh.put("Validiert durch:", font="cond", size=9)
    sh.put(
        ctx.person(
            rng.choice(["Dr. med. Gerold Bacher", "Dr. rer. nat. Eva Lindl"]),
            "validating physician",
        ),
        font="cond",
        size=9,
    )
    return Draft(
        sh.pages,
        "laboratory report form",
        name,
        alts,
        title,
        [title.title()] if title.isupper() else [],
        nm,
        True,
        pid,
        fax,
    )


def k_radiology(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, city, _r = SENDERS[key]
    letterhead(sh, key, "center", big="sansb")
    sh.skip(12)
    recipient(sh, ctx)
    sh.skip(10)
    exam = ctx.before(0, 2)
    study = rng.choice(
        [
            "MRT der Lendenwirbelsäule",
            "CT Thorax mit Kontrastmittel",
            "MRT des rechten Kniegelenks",
            "Sonographie Abdomen",
        ]
    )
    nm = f"{ctx.given} {ctx.sur}"
    sh.put(f"{city}, {ctx.d(ctx.ld, 'letter')}", align="right", size=9)
    sh.skip(4)
    sh.put(f"Patient/in: {nm}, * {ctx.d(ctx.bd, 'birth')}", size=9.5)
    sh.put(f"Untersuchung vom {ctx.d(exam, 'examination')}: {study}", font="sansb", size=10)
    sh.skip(6)
    sh.put("Sehr geehrte Kolleginnen und Kollegen,", size=9.5)
    sh.wrap(
        "vielen Dank für die Zuweisung. Klinische Angabe: Schmerzen seit mehreren Wochen, "
        "Frage nach strukturellem Korrelat.",
        size=9.5,
    )
    sh.put("Befund:", font="sansb", size=9.5)
    sh.wrap(
        "Regelrechte Darstellung der knöchernen Strukturen ohne Nachweis einer Fraktur. "
        "Mäßige degenerative Veränderungen. Kein Hinweis auf eine Raumforderung.",
        size=9.5,
    )
    prior = ctx.before(200, 900)
    sh.wrap(
        f"Im Vergleich zur Voruntersuchung vom {ctx.d(prior, 'prior examination')} "
        "kein wesentlicher Befundwandel.",
        size=9.5,
    )
    sh.put("Beurteilung:", font="sansb", size=9.5)
    sh.wrap(
        "Kein Nachweis einer akuten Pathologie. Degenerative Veränderungen wie beschrieben.",
        size=9.5,
    )
    signature(
        sh,
        ctx,
        "Mit freundlichen Grüßen",
        [
            (
                "Dr. med. Peter Schwaighofer" if key == "radio" else "Dr. med. Anja Rietzler",
                "Fachärztin/Facharzt für Radiologie",
            )
        ],
    )
    return Draft(
        sh.pages, "radiology report", name, alts, study, [f"{study}"], nm, True, False, fax
    )


def k_authority(ctx: Ctx, key: str) -> Draft:
    """Insurers and authorities: reference block, subject lines, requests for reports."""
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, _city, _r = SENDERS[key]
    align = rng.choice(["left", "right"])
    letterhead(sh, key, align)
    sh.skip(14)
    recipient(sh, ctx)
    sh.skip(8)
    ref_n = rng.randint(10**8, 10**9 - 1)
    refs = {
        "aok": ("Versichertennummer", f"{ctx.sur[0].upper()}{ref_n}"),
        "svlfg": ("Mitgliedsnummer", f"{ref_n:09d}"),
        "drv": (
            "Versicherungsnummer",
            f"12 {ctx.bd.strftime('%d%m%y')} {ctx.sur[0].upper()} {rng.randint(100, 599)}",
        ),
        "md": ("Gutachten-Nr.", f"BY-{rng.randint(1000000, 9999999)}"),
        "zbfs": ("Aktenzeichen", f"21-{rng.randint(10000, 99999)}/25"),
        "lra": ("Az.", f"GA-31-{rng.randint(100, 999)}"),
        "bg": ("Unfall-Aktenzeichen", f"3 {rng.randint(10000, 99999)} {rng.randint(10, 99)}"),
    }[key]
    sh.put(f"{refs[0]}: {refs[1]}", align="right", size=8.5)
    worker = rng.choice(["Frau Brunhilde Kraus", "Herr Tobias Sailer", "Frau Petra Hölzl"])
    sh.put(f"Ansprechpartner/in: {ctx.person(worker, 'case worker')}", align="right", size=8.5)
    sh.put(f"Datum {ctx.d(ctx.ld, 'letter')}", align="right", size=8.5)
    sh.skip(10)
    titles = {
        "aok": "Anfrage zur Arbeitsunfähigkeit – Bitte um Befundbericht",
        "svlfg": "Antrag auf Haushaltshilfe – ärztliche Bescheinigung",
        "drv": "BEFUNDBERICHT ZUM ANTRAG AUF LEISTUNGEN ZUR MEDIZINISCHEN REHABILITATION",
        "md": "Gutachten zur Feststellung der Pflegebedürftigkeit",
        "zbfs": "Feststellung des Grades der Behinderung nach dem SGB IX",
        "lra": "Meldepflichtige Erkrankung nach § 6 IfSG – Rückfrage",
        "bg": "Arbeitsunfall – Anforderung eines Befundberichts",
    }
    title = titles[key]
    sh.wrap(title, font="sansb", size=10.5)
    anrede = "Herrn" if ctx.sex == "M" else "Frau"
    nm = f"{ctx.given} {ctx.sur}"
    bline = f"{anrede} {nm}, geb. {ctx.d(ctx.bd, 'birth')}"
    if key == "aok" and rng.random() < 0.5:
        nm = f"{ctx.sur}, {ctx.given}"
        bline = f"Versicherte/r: {nm}, geb. {ctx.d(ctx.bd, 'birth')}"
    sh.put(bline, font="sansb", size=10)
    sh.skip(8)
    sh.put("Sehr geehrte Damen und Herren,")
    special: list[str] = []
    if key == "bg":
        acc = ctx.before(10, 40)
        special.append(
            f"Ihre Patientin bzw. Ihr Patient erlitt am {ctx.d(acc, 'accident')} "
            "einen Arbeitsunfall in einer Schreinerei."
        )
    if key == "aok":
        au = ctx.before(20, 60)
        special.append(f"Die Arbeitsunfähigkeit besteht seit dem {ctx.d(au, 'incapacity since')}.")
    if key == "drv":
        app = ctx.before(5, 20)
        special.append(
            f"Der Antrag ist am {ctx.d(app, 'application received')} bei uns eingegangen."
        )
    if key == "md":
        visit = ctx.after(7, 21)
        special.append(
            f"Der Hausbesuch zur Begutachtung ist für den {ctx.d(visit, 'home visit')} vorgesehen."
        )
    if key == "zbfs":
        special.append("Zur Prüfung des Antrags benötigen wir aktuelle Befundberichte.")
    if key == "lra":
        special.append(
            "Für die Meldung eines Norovirus-Nachweises fehlen uns Angaben zum Erkrankungsbeginn."
        )
    for s in special:
        sh.wrap(s)
    due = ctx.after(14, 28)
    sh.wrap(
        "Wir bitten Sie, uns den beigefügten Vordruck ausgefüllt zurückzusenden. Die "
        "Vergütung erfolgt nach JVEG bzw. nach den vertraglichen Vereinbarungen."
    )
    sh.wrap(f"Bitte antworten Sie bis zum {ctx.d(due, 'reply due')}.")
    signature(
        sh,
        ctx,
        "Mit freundlichen Grüßen",
        [
            (
                "i. A. " + rng.choice(["Sachbearbeitung Leistungen", "Sozialmedizinischer Dienst"]),
                "Sachbearbeitung",
            )
        ],
        align="left",
    )
    ctx.other_people.pop()
    return Draft(
        sh.pages,
        f"authority/insurer letter ({key})",
        name,
        alts,
        title,
        [title.capitalize()] if title.isupper() else [],
        nm,
        True,
        False,
        fax,
    )


def k_care(ctx: Ctx, key: str) -> Draft:
    """Care service or pharmacy: short, date only at the end, no birth date in some."""
    rng = ctx.rng
    sh = Sheet(48)
    name, alts, _l, fax, city, _r = SENDERS[key]
    letterhead(sh, key, "left", big="serifb")
    sh.skip(14)
    recipient(sh, ctx)
    sh.skip(14)
    if key == "pflege":
        title = "Bitte um Verordnung häuslicher Krankenpflege"
    else:
        title = "Rückfrage zu Ihrem Rezept"
    sh.put(title, font="serifb", size=11)
    birth = rng.random() < 0.5
    anrede = "Herrn" if ctx.sex == "M" else "Frau"
    nm = f"{ctx.given} {ctx.sur}"
    if birth:
        sh.put(f"für {anrede} {nm} ({ctx.d(ctx.bd, 'birth')})", font="serif")
    else:
        sh.put(f"für {anrede} {nm}", font="serif")
    sh.skip(8)
    sh.put("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,", font="serif")
    if key == "pflege":
        rel = ctx.rng.choice(["Tochter", "Sohn", "Ehefrau"])
        rname = f"{ctx.rng.choice(['Monika', 'Georg', 'Rosi'])} {ctx.sur}"
        rbd = date(
            ctx.bd.year + (25 if rel != "Ehefrau" else 2), rng.randint(1, 12), rng.randint(1, 28)
        )
        sh.wrap(
            "wir versorgen Ihre Patientin/Ihren Patienten seit Kurzem zweimal täglich. "
            "Für die Medikamentengabe und die Kompressionsstrümpfe benötigen wir eine "
            "Verordnung (Muster 12).",
            font="serif",
        )
        sh.wrap(
            f"Ansprechpartner/in der Familie ist {ctx.person(rname, rel)} "
            f"(geb. {ctx.d(rbd, 'relative birth date')}), {rel}.",
            font="serif",
        )
        start = ctx.after(1, 7)
        sh.wrap(f"Gewünschter Verordnungsbeginn: {ctx.d(start, 'requested start')}.", font="serif")
    else:
        rx = ctx.before(1, 5)
        sh.wrap(
            f"auf dem Rezept vom {ctx.d(rx, 'prescription date')} ist Metamizol 500 mg "
            "ohne Packungsgröße verordnet. Wir bitten um ein neues Rezept (N2) oder "
            "eine kurze Rückmeldung per Fax.",
            font="serif",
        )
    sh.skip(8)
    sh.put(f"{city}, {ctx.d(ctx.ld, 'letter')}", font="serif")
    signature(
        sh,
        ctx,
        "Freundliche Grüße",
        [
            (
                "Pflegedienstleitung Sr. Angelika Grill"
                if key == "pflege"
                else "Apothekerin Lisa Prinz",
                "Pflegedienstleitung" if key == "pflege" else "Apothekerin",
            )
        ],
    )
    return Draft(sh.pages, f"short request ({key})", name, alts, title, [], nm, birth, False, fax)


def k_email(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, _city, _r = SENDERS[key]
    sent = ctx.ld
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
    sh.put("Outlook-Ausdruck", font="sansb", size=9)
    sh.skip(6)
    sh.put(f"Von: Patientenaufnahme {name} <aufnahme@breitenberg-reha.example>", size=9)
    sh.put(
        f"Gesendet: {wd[sent.weekday()]}, {ctx.d(sent, 'letter', 'long')} "
        f"{rng.randint(8, 16)}:{rng.randint(10, 59)}",
        size=9,
    )
    sh.put(
        f"An: {ctx.practice['names'][1]} <praxis@{ctx.practice['key']}-hausarzt.example>", size=9
    )
    title = "Aufnahmetermin Rehabilitation"
    sh.put(f"Betreff: {title}", size=9)
    sh.skip(10)
    arr = ctx.after(10, 30)
    nm = f"{ctx.given} {ctx.sur}"
    sh.put("Sehr geehrte Damen und Herren,")
    sh.wrap(
        f"für Ihre Patientin/Ihren Patienten {nm}, geboren {ctx.d(ctx.bd, 'birth')}, "
        f"ist die Aufnahme bei uns am {ctx.d(arr, 'admission')} vorgesehen."
    )
    sh.wrap(
        "Bitte geben Sie uns eine aktuelle Medikationsliste und die letzten Laborwerte mit. "
        "Die Kostenzusage der Rentenversicherung liegt vor."
    )
    sh.skip(6)
    sh.put("Mit freundlichen Grüßen")
    sh.put(ctx.person("Maximiliane Rauch", "patient admissions"))
    sh.put(f"Patientenaufnahme · {name}", size=9)
    for ln in SENDERS[key][2]:
        sh.put(ln, size=9)
    return Draft(sh.pages, "e-mail printout", name, alts, title, [], nm, True, False, fax)


def k_hand(ctx: Ctx, key: str, undated: bool) -> Draft:
    rng = ctx.rng
    sh = Sheet(70)
    nm = f"{ctx.given} {ctx.sur}"
    x0 = LEFT + rng.randint(0, 20)
    name = rng.choice(["Dr. med. Wolfgang Rehrl", "Dr. Anneliese Frühholz"])
    sender = name
    sh.put(f"{name} – Praxisvertretung", x=x0, font="hand", size=15)
    sh.skip(12)
    if not undated:
        sh.put(f"{ctx.d(ctx.ld, 'letter')}", x=RIGHT - 130, font="hand", size=15)
    sh.put("Liebe Kollegin, lieber Kollege,", x=x0, font="hand", size=15)
    sh.put(f"{nm} war heute in der Vertretung", x=x0, font="hand", size=15)
    sh.put("wegen Fieber und Husten. Bitte um", x=x0, font="hand", size=15)
    sh.put("Kontrolle in 3 Tagen, Rö-Thorax", x=x0, font="hand", size=15)
    sh.put("falls keine Besserung. Amoxicillin", x=x0, font="hand", size=15)
    sh.put("1 g 1-1-1 für 7 Tage rezeptiert.", x=x0, font="hand", size=15)
    sh.skip(10)
    sh.put("Danke + Gruß", x=x0 + 140, font="hand", size=15)
    sh.put(name.split(" ")[-1], x=x0 + 160, font="hand", size=17)
    return Draft(
        sh.pages,
        "handwritten note" + (" (undated)" if undated else ""),
        sender,
        [],
        None,
        [],
        nm,
        False,
        False,
        "08321 45 12 09",
        handwritten=True,
    )


# ---------------------------------------------------------------- letters from abroad


def k_austria(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, city, _r = SENDERS[key]
    letterhead(sh, key, rng.choice(["left", "right"]))
    sh.skip(12)
    sh.put("An", size=9)
    recipient(sh, ctx)
    sh.put("DEUTSCHLAND", size=9.5)
    sh.skip(8)
    sh.put(f"{city}, am {ctx.d(ctx.ld, 'letter', 'long')}", align="right")
    sh.skip(6)
    title = rng.choice(["Patientenbrief", "Entlassungsbrief", "Ambulanzbrief"])
    sh.put(title.upper(), font="sansb", size=12)
    sv = f"{rng.randint(1000, 9999)} {ctx.bd.strftime('%d%m%y')}"
    nm = f"{ctx.sur.upper()} {ctx.given}"
    sh.put(f"Patient: {nm}, geb. {ctx.d(ctx.bd, 'birth', 'num')}", font="sansb", size=9.5)
    sh.put(f"SV-Nummer: {sv}  (Gastpatient, EKVK)", size=9)
    adm = ctx.before(2, 9)
    sh.put(
        f"Aufenthalt: {ctx.d(adm, 'admission', 'long')} bis {ctx.d(ctx.ld, 'letter', 'long')}",
        size=9,
    )
    sh.skip(6)
    sh.put("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege!")
    sh.wrap(
        "Wir berichten über Ihren Patienten, der während eines Urlaubsaufenthaltes bei uns "
        "aufgenommen wurde. Der Patient ist mit der Rettung zugewiesen worden."
    )
    sh.put("Diagnosen:", font="sansb")
    for dx, icd in rng.sample(_DIAG, 2):
        sh.put(f"{dx} ({icd})", x=LEFT + 8, size=9.5)
    sh.wrap(
        "Therapieempfehlung: Weiterführung der Medikation laut beiliegender Liste, "
        "Kontrolle beim Hausarzt in einer Woche. Heparin s.c. bis zur Mobilisation.",
        size=9.5,
    )
    signature(
        sh,
        ctx,
        "Mit kollegialen Grüßen",
        [
            (
                rng.choice(["OA Dr. Bernhard Aichhorn", "Prim. Univ.-Prof. Dr. Helga Strasser"]),
                "Oberarzt/Primaria",
            ),
            ("Dr. Lukas Pöschl", "Turnusarzt"),
        ],
    )
    return Draft(
        sh.pages,
        "Austrian hospital letter",
        name,
        alts,
        title.upper(),
        [title],
        nm,
        True,
        False,
        fax,
    )


def k_swiss(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, city, _r = SENDERS[key]
    letterhead(sh, key, "left", big="serifb")
    sh.skip(12)
    recipient(sh, ctx, x=330)
    sh.put("Deutschland", x=330, size=9.5)
    sh.skip(12)
    sh.put(f"{city}, {ctx.d(ctx.ld, 'letter', 'long')}", font="serif", size=10)
    sh.skip(6)
    title = "Austrittsbericht"
    nm = f"{ctx.given} {ctx.sur.replace('ß', 'ss')}"
    ahv = f"756.{rng.randint(1000, 9999)}.{rng.randint(1000, 9999)}.{rng.randint(10, 99)}"
    sh.put(f"{title} – {nm}, {ctx.d(ctx.bd, 'birth')}", font="serifb", size=10.5)
    sh.put(f"AHV-Nr. {ahv} · Fallnummer {rng.randint(40000000, 49999999)}", font="serif", size=8.5)
    ein = ctx.before(3, 8)
    sh.put(
        f"Eintritt: {ctx.d(ein, 'admission')}   Austritt: {ctx.d(ctx.before(0, 1), 'discharge')}",
        font="serif",
        size=9.5,
    )
    sh.skip(6)
    sh.put("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege", font="serif")
    sh.wrap(
        "Wir danken für die Zuweisung und berichten über die Hospitalisation nach einem "
        "Skiunfall. Die Schmerzen waren unter der Analgesie gut kontrolliert, die "
        "Mobilisation an Gehstöcken mit Teilbelastung von 15 kg gelang problemlos.",
        font="serif",
        size=9.5,
    )
    sh.wrap(
        "Procedere: Fadenentfernung nach 14 Tagen, Thromboseprophylaxe für sechs Wochen, "
        "Röntgenkontrolle nach sechs Wochen. Massgebend ist die Schmerzgrenze.",
        font="serif",
        size=9.5,
    )
    signature(
        sh,
        ctx,
        "Freundliche Grüsse",
        [("Dr. med. Reto Gmür", "Oberarzt"), ("med. pract. Seraina Casutt", "Assistenzärztin")],
    )
    return Draft(sh.pages, "Swiss discharge report", name, alts, title, [], nm, True, False, fax)


def _cf_part(name: str) -> str:
    plain = name.upper().translate(str.maketrans("ÄÖÜÁÉÍÓÚŠČŽ", "AOUAEIOUSCZ"))
    letters = [c for c in plain if "A" <= c <= "Z"]
    cons = [c for c in letters if c not in "AEIOU"]
    vow = [c for c in letters if c in "AEIOU"]
    return "".join([*cons, *vow, "X", "X", "X"][:3])


def k_bruneck(ctx: Ctx, key: str) -> Draft:
    sh = Sheet(40)
    name, alts, _l, fax, _city, _r = SENDERS[key]
    letterhead(sh, key, "center")
    sh.skip(10)
    recipient(sh, ctx)
    sh.put("GERMANIA / DEUTSCHLAND", size=9.5)
    sh.skip(8)
    sh.put(f"Bruneck/Brunico, {ctx.d(ctx.ld, 'letter')}", align="right", size=9.5)
    sh.skip(6)
    title = "Entlassungsbrief / Lettera di dimissione"
    sh.put(title, font="sansb", size=11.5, align="center")
    nm = f"{ctx.sur} {ctx.given}"
    sh.put(f"Patient/Paziente: {nm}", size=9.5)
    sh.put(f"Geburtsdatum/Data di nascita: {ctx.d(ctx.bd, 'birth', 'slash')}", size=9.5)
    cf = (
        f"{_cf_part(ctx.sur)}{_cf_part(ctx.given)}{ctx.bd.strftime('%y')}"
        f"{'ABCDEHLMPRST'[ctx.bd.month - 1]}{ctx.bd.day + (40 if ctx.sex == 'F' else 0):02d}Z112K"
    )
    sh.put(f"Steuernummer/Codice fiscale: {cf}", size=9)
    adm = ctx.before(2, 6)
    sh.put(
        f"Aufnahme/Ricovero: {ctx.d(adm, 'admission', 'slash')}  –  "
        f"Entlassung/Dimissione: {ctx.d(ctx.ld, 'letter', 'slash')}",
        size=9,
    )
    sh.skip(6)
    sh.wrap(
        "Diagnose / Diagnosi: Akute Gastroenteritis mit Exsikkose / Gastroenterite acuta "
        "con disidratazione.",
        size=9.5,
    )
    sh.wrap(
        "Therapie / Terapia: Infusionstherapie, Kostaufbau / reidratazione endovenosa, "
        "rialimentazione progressiva.",
        size=9.5,
    )
    ctrl = ctx.after(5, 10)
    ctrl_text = ctx.d(ctrl, "follow-up", "long")
    sh.wrap(f"Kontrolle beim Hausarzt / controllo dal medico di base: {ctrl_text}.", size=9.5)
    signature(
        sh,
        ctx,
        "Mit freundlichen Grüßen / Cordiali saluti",
        [("Dr. Matthias Oberhollenzer", "Primar / Primario")],
    )
    return Draft(
        sh.pages,
        "South Tyrol bilingual letter",
        name,
        alts,
        title,
        ["Entlassungsbrief", "Lettera di dimissione"],
        nm,
        True,
        False,
        fax,
        language="de",
    )


_FOREIGN_TEXT: dict[str, dict[str, Any]] = {
    "SI": {
        "lang": "sl",
        "title": "ODPUSTNO PISMO",
        "patient": "Bolnik",
        "born": "rojen",
        "adm": "Sprejem",
        "dis": "Odpust",
        "greet": "Spoštovani kolega!",
        "body": [
            "Bolnik je bil sprejet zaradi bolečine v prsih med počitnicami v Sloveniji.",
            "Koronarografija je pokazala zožitev desne koronarne arterije.",
            "Priporočamo nadaljnjo obravnavo pri osebnem zdravniku.",
        ],
        "close": "Lep pozdrav",
        "doc": "asist. dr. Tina Kranjc, dr. med.",
        "place": "V ",
    },
    "HR": {
        "lang": "hr",
        "title": "OTPUSNO PISMO",
        "patient": "Pacijent",
        "born": "rođen",
        "adm": "Prijem",
        "dis": "Otpust",
        "greet": "Poštovani kolega,",
        "body": [
            "Pacijentica je primljena zbog akutne upale gušterače tijekom godišnjeg odmora.",
            "Liječena je infuzijama i analgeticima uz postupni oporavak.",
            "Preporučuje se kontrola kod obiteljskog liječnika.",
        ],
        "close": "S poštovanjem",
        "doc": "dr. sc. Ante Jukić, dr. med.",
        "place": "",
    },
    "HU": {
        "lang": "hu",
        "title": "ZÁRÓJELENTÉS",
        "patient": "Beteg neve",
        "born": "Szül.",
        "adm": "Felvétel",
        "dis": "Távozás",
        "greet": "Tisztelt Kolléga!",
        "body": [
            "A beteget szívelégtelenség miatt vettük fel osztályunkra.",
            "Diuretikus kezelés mellett állapota javult.",
            "Háziorvosi kontroll javasolt egy héten belül.",
        ],
        "close": "Tisztelettel",
        "doc": "Dr. Kiss Péter egyetemi docens",
        "place": "",
    },
    "RO": {
        "lang": "ro",
        "title": "SCRISOARE MEDICALĂ",
        "patient": "Pacient",
        "born": "născut",
        "adm": "Internare",
        "dis": "Externare",
        "greet": "Stimate coleg,",
        "body": [
            "Pacientul a fost internat pentru pneumonie comunitară.",
            "Evoluția sub tratament antibiotic a fost favorabilă.",
            "Recomandăm control la medicul de familie.",
        ],
        "close": "Cu stimă",
        "doc": "Dr. Andreea Mureșan, medic primar",
        "place": "",
    },
    "CZ": {
        "lang": "cs",
        "title": "PROPOUŠTĚCÍ ZPRÁVA",
        "patient": "Pacient",
        "born": "nar.",
        "adm": "Přijat",
        "dis": "Propuštěn",
        "greet": "Vážený pane kolego,",
        "body": [
            "Pacient byl přijat pro akutní apendicitidu.",
            "Provedena laparoskopická apendektomie, pooperační průběh bez komplikací.",
            "Doporučujeme kontrolu u praktického lékaře a vytažení stehů.",
        ],
        "close": "S pozdravem",
        "doc": "MUDr. Pavel Černý, Ph.D.",
        "place": "V Plzni dne ",
    },
}


def k_foreign(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, city, region = SENDERS[key]
    tx = _FOREIGN_TEXT[region]
    letterhead(sh, key, rng.choice(["left", "center"]))
    sh.skip(12)
    recipient(sh, ctx)
    sh.put(
        {"SI": "NEMČIJA", "HR": "NJEMAČKA", "HU": "NÉMETORSZÁG", "RO": "GERMANIA", "CZ": "NĚMECKO"}[
            region
        ],
        size=9.5,
    )
    sh.skip(8)
    if region == "CZ":
        dl = f"{tx['place']}{ctx.d(ctx.ld, 'letter', 'long')}"
    elif region == "SI":
        dl = f"Ljubljana, {ctx.d(ctx.ld, 'letter')}"
    else:
        dl = f"{city}, {ctx.d(ctx.ld, 'letter', 'long')}"
    sh.put(dl, align="right", size=9.5)
    sh.skip(6)
    sh.put(tx["title"], font="sansb", size=12, align="center")
    # Hungarian order: surname first.
    nm = f"{ctx.sur} {ctx.given}" if region == "HU" else f"{ctx.given} {ctx.sur}"
    sh.put(f"{tx['patient']}: {nm}", font="sansb", size=10)
    sh.put(f"{tx['born']}: {ctx.d(ctx.bd, 'birth')}", size=9.5)
    adm = ctx.before(3, 10)
    dis = ctx.before(0, 1)
    sh.put(
        f"{tx['adm']}: {ctx.d(adm, 'admission')}   {tx['dis']}: {ctx.d(dis, 'discharge')}", size=9.5
    )
    sh.skip(6)
    sh.put(tx["greet"])
    for s in tx["body"]:
        sh.wrap(s, size=9.5)
    signature(sh, ctx, tx["close"], [(tx["doc"], "attending physician")], show_role=False)
    return Draft(
        sh.pages,
        f"hospital letter from abroad ({region})",
        name,
        alts,
        tx["title"],
        [],
        nm,
        True,
        False,
        fax,
        language=tx["lang"],
    )


def k_usarmy(ctx: Ctx, key: str) -> Draft:
    sh = Sheet(40)
    name, alts, _l, fax, _c, _r = SENDERS[key]
    sh.put("DEPARTMENT OF THE ARMY", font="sansb", size=11, align="center")
    letterhead(sh, key, "center", big="sansb")
    sh.skip(10)
    sh.put(f"MCXX-BAV-GAR   {ctx.d(ctx.ld, 'letter', 'long')}", size=9)
    sh.skip(8)
    recipient(sh, ctx)
    sh.skip(8)
    title = "MEMORANDUM FOR RECORD"
    sh.put(title, font="sansb", size=10.5)
    subj = "Continuity of Care – Referral to Host Nation Provider"
    sh.put(f"SUBJECT: {subj}", size=9.5)
    sh.skip(6)
    nm = f"{ctx.sur.upper()}, {ctx.given.upper()}"
    sh.put(f"1. Patient: {nm}   DOB: {ctx.d(ctx.bd, 'birth')}   (family member)", size=9.5)
    seen = ctx.before(1, 5)
    sh.wrap(
        f"2. The patient was seen at this clinic on {ctx.d(seen, 'clinic visit')} for "
        "hypertension follow-up. Blood pressure 152/94 mmHg.",
        size=9.5,
    )
    sh.wrap(
        "3. Current medications: Lisinopril 10 mg daily. Please assume primary care while "
        "the family resides off post in Garmisch-Partenkirchen.",
        size=9.5,
    )
    fu = ctx.after(20, 40)
    sh.wrap(f"4. Requested follow-up no later than {ctx.d(fu, 'follow-up', 'mil')}.", size=9.5)
    sh.wrap("5. Point of contact for this memorandum is the undersigned at DSN 440-4501.", size=9.5)
    sh.skip(20)
    sh.put(ctx.person("MAJ Jennifer L. Whitcomb, MD", "Chief, Primary Care"), x=320, size=9.5)
    sh.put("Chief, Primary Care", x=320, size=9)
    return Draft(
        sh.pages,
        "US Army memorandum (month-first dates)",
        name,
        alts,
        title,
        [subj],
        nm,
        True,
        False,
        fax,
        language="en",
    )


def k_uk(ctx: Ctx, key: str) -> Draft:
    rng = ctx.rng
    sh = Sheet(40)
    name, alts, _l, fax, _c, _r = SENDERS[key]
    letterhead(sh, key, "right")
    sh.skip(10)
    sh.put(f"Date dictated: {ctx.d(ctx.before(2, 6), 'dictated')}", size=8.5)
    sh.put(f"Date typed: {ctx.d(ctx.ld, 'letter')}", size=8.5)
    sh.put(f"Clinic date: {ctx.d(ctx.before(7, 14), 'clinic date', 'ord')}", size=8.5)
    sh.skip(8)
    recipient(sh, ctx)
    sh.put("GERMANY", size=9.5)
    sh.skip(8)
    nm = f"{'Mr' if ctx.sex == 'M' else 'Mrs'} {ctx.given} {ctx.sur}"
    aw = f"{ctx.given} {ctx.sur}"
    nhs = f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
    sh.put(f"Re: {nm}, DOB {ctx.d(ctx.bd, 'birth', 'long')}, NHS No. {nhs}", font="sansb", size=9.5)
    sh.skip(6)
    sh.put("Dear Colleague,")
    sh.wrap(
        "I saw your patient, who was visiting family in Dorset, in the respiratory clinic. "
        "Spirometry showed an obstructive pattern with an FEV1 of 62 % predicted.",
        size=9.5,
    )
    sh.wrap(
        "I have started a LAMA/LABA inhaler and would be grateful if you could review "
        "the inhaler technique on the patient's return to Germany.",
        size=9.5,
    )
    signature(sh, ctx, "Yours sincerely", [("Dr Eleanor Pritchard FRCP", "Consultant Physician")])
    return Draft(
        sh.pages, "UK NHS clinic letter", name, alts, None, [], aw, True, False, fax, language="en"
    )


KINDS: dict[str, Any] = {
    "clinic": k_clinic,
    "specialist": k_specialist,
    "lab": k_lab,
    "radiology": k_radiology,
    "authority": k_authority,
    "care": k_care,
    "email": k_email,
    "austria": k_austria,
    "swiss": k_swiss,
    "bruneck": k_bruneck,
    "foreign": k_foreign,
    "usarmy": k_usarmy,
    "uk": k_uk,
}
REGION_OF = {k: v[5] for k, v in SENDERS.items()}

# (kind, sender key, practice index or -1 for random, patient pick)
_TEST_PLAN: list[tuple[str, str, str]] = [
    ("clinic", "lmu", "K1:0"),
    ("clinic", "mri", "K11:0"),
    ("clinic", "romed", "K5:0old"),
    ("clinic", "kempten", "K9:1"),
    ("clinic", "traunstein", "out"),
    ("clinic", "kbo", "K10:0"),
    ("clinic", "reha_prien", "rand"),
    ("email", "reha_pfronten", "K4:1"),
    ("specialist", "kardio", "K7:1"),
    ("specialist", "neuro", "K3:0"),
    ("specialist", "augen", "rand"),
    ("specialist", "psy", "K6:0old"),
    ("lab", "labor", "K2:1"),
    ("lab", "labor2", "rand"),
    ("radiology", "radio", "K8:0"),
    ("radiology", "radio2", "K9:2"),
    ("authority", "aok", "rand"),
    ("authority", "svlfg", "rand"),
    ("authority", "drv", "K1:1"),
    ("authority", "md", "K2:0"),
    ("authority", "zbfs", "rand"),
    ("authority", "lra", "out"),
    ("authority", "bg", "rand"),
    ("care", "pflege", "rand"),
    ("care", "apo", "K11:2"),
    ("hand", "hand", "rand"),
    ("hand", "hand", "K3:1"),
    ("clinic", "lmu", "K8:1"),
    ("austria", "salzburg", "rand"),
    ("austria", "innsbruck", "K11:1"),
    ("austria", "wien", "out"),
    ("swiss", "stgallen", "rand"),
    ("bruneck", "bruneck", "rand"),
    ("foreign", "ljubljana", "rand"),
    ("foreign", "split", "K12:0"),
    ("foreign", "budapest", "K12:3"),
    ("foreign", "cluj", "K12:2"),
    ("foreign", "plzen", "K12:1"),
    ("usarmy", "usarmy", "out"),
    ("uk", "uk", "K4:0"),
]
_EXAMPLE_PLAN: list[tuple[str, str, str]] = [
    ("clinic", "lmu", "rand"),
    ("lab", "labor", "rand"),
    ("austria", "salzburg", "rand"),
    ("usarmy", "usarmy", "rand"),
    ("hand", "hand", "rand"),
    ("authority", "aok", "K7:0"),
]
_OUTSIDERS = [
    ("Wastl", "Ignaz", "M", date(1947, 2, 11)),
    ("Haberl", "Rosina", "F", date(1938, 12, 24)),
    ("Thompson", "Kayla", "F", date(2015, 7, 4)),
    ("Lindemayr", "Quirin", "M", date(1999, 10, 31)),
    ("Gößwein", "Walburga", "F", date(1941, 1, 9)),
    ("Baumgartner", "Sepp", "M", date(1962, 6, 18)),
]


def _pick(
    rng: random.Random, pick: str, kind: str, key: str, n: int
) -> tuple[register.Patient | None, str, str, date, str, str, list[str]]:
    reg = _register()
    notes: list[str] = []
    if pick == "out":
        sur, given, sex, bd = _OUTSIDERS[n % len(_OUTSIDERS)]
        if kind == "usarmy":
            sur, given, sex, bd = _OUTSIDERS[2]
        return None, sur, given, bd, sex, "", ["patient not in the register"]
    if pick == "rand":
        pool = [p for p in reg if not p.collision_group]
        region = REGION_OF.get(key, "DE")
        if region in ("SI", "HR", "HU", "RO", "CZ"):
            pool = [p for p in pool if p.origin == region] or pool
        p = rng.choice(pool)
        sur, given = p.surname, p.given_names
    else:
        group, rest = pick.split(":")
        idx = int(rest.rstrip("old"))
        members = [p for p in reg if p.collision_group == group]
        p = members[idx]
        notes.append(f"register collision: {p.collision}")
        sur, given = p.surname, p.given_names
        if rest.endswith("old"):
            sur = p.former_names[0]
            notes.append(f"the letter uses the former name {sur}, the register {p.surname}")
    if REGION_OF.get(key, "DE") not in ("DE",) and "native" in p.extra:
        sur = p.extra["native"]
        notes.append(f"native spelling {sur}, register {p.surname}")
    if REGION_OF.get(key, "DE") not in ("DE",) and "native_given" in p.extra:
        given = p.extra["native_given"]
        notes.append(f"native given name {given}, register {p.given_names}")
    return p, sur, given, p.birth_date, p.sex, p.title, notes


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    draft: Draft
    ctx: Ctx
    notes: list[str]
    fax: dict[str, Any]
    stamp: str | None
    stamp_date: date | None
    cover: list[Line] | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.draft.handwritten else ["pdf", "scan200", "fax"]

    def _pages(self, condition: str) -> list[tuple[str, list[Line]]]:
        pages = [(f"p{i + 1}", list(p)) for i, p in enumerate(self.draft.pages)]
        if condition == "scan200" and self.stamp is not None:
            s1, s2 = self.stamp.split("\n")
            pages[0][1].insert(0, Line(RIGHT - width(s2, "mono", 8.5) - 6, 36.0, s2, "mono", 8.5))
            pages[0][1].insert(0, Line(RIGHT - width(s1, "mono", 8.5) - 6, 26.0, s1, "mono", 8.5))
        if condition == "fax":
            if self.cover is not None:
                pages.insert(0, ("cover", list(self.cover)))
            total = len(pages)
            for i, (_name, lines) in enumerate(pages):
                head = (
                    f"{self.fax['header_stamp']}  {self.fax['number']}  "
                    f"{self.fax['station']}  S. {i + 1}/{total}"
                )
                lines.insert(0, Line(34.0, 14.0, head, "mono", 7.0))
        return pages

    def render(self, condition: str) -> dict[str, bytes]:
        pages = self._pages(condition)
        if condition == "pdf":
            if self.draft.handwritten:
                raise ValueError("a handwritten letter has no pdf")
            return {"pdf/letter.pdf": make_pdf([lines for _n, lines in pages])}
        out: dict[str, bytes] = {}
        for i, (_n, lines) in enumerate(pages):
            if condition == "scan200":
                out[f"scan200/page-{i + 1:02d}.jpg"] = scan_jpeg(lines, self.seed * 31 + i)
            elif condition == "fax":
                out[f"fax/page-{i + 1:02d}.tif"] = fax_tiff(
                    lines, self.fax["resolution"] == "204x196", bool(self.fax["g4"])
                )
            else:
                raise ValueError(condition)
        return out

    def truth(self) -> dict[str, Any]:
        d, c = self.draft, self.ctx
        p = c.patient
        reg = (
            None
            if p is None
            else {
                "id": p.id,
                "collision": p.collision or None,
                "collision_group": p.collision_group or None,
            }
        )
        conds: dict[str, Any] = {}
        for cond in self.conditions():
            pages = []
            for i, (name, lines) in enumerate(self._pages(cond)):
                entry: dict[str, Any] = {"page": name}
                if cond == "pdf":
                    entry.update({"file": "pdf/letter.pdf", "pdf_page": i + 1})
                elif cond == "scan200":
                    entry["file"] = f"scan200/page-{i + 1:02d}.jpg"
                else:
                    entry["file"] = f"fax/page-{i + 1:02d}.tif"
                entry["text"] = page_text(lines)
                pages.append(entry)
            conds[cond] = {"pages": pages}
            if cond == "scan200" and self.stamp_date is not None:
                conds[cond]["receipt_stamp"] = self.stamp_date.isoformat()
        region = REGION_OF.get(self.fax["key"], "DE")
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": d.layout,
            "language": d.language,
            "region": region,
            "facts": {
                "patient": {
                    "full_name": (
                        f"{p.given_names} {p.surname}" if p is not None else f"{c.given} {c.sur}"
                    ),
                    "surname": p.surname if p is not None else c.sur,
                    "given_names": p.given_names if p is not None else c.given,
                    "as_written": d.as_written,
                    "full_name_as_letter": f"{c.given} {c.sur}",
                    "register_id": p.id if p is not None else None,
                },
                "birth_date": c.bd.isoformat() if d.birth_printed else None,
                "letter_date": c.letter_date.isoformat() if c.letter_date else None,
                "sender": d.sender,
                "sender_alternatives": d.sender_alts,
                "title": d.title,
                "title_alternatives": d.title_alts,
                "patient_id": p.id if (d.patient_id_printed and p is not None) else None,
                "other_dates": c.other_dates,
                "other_people": c.other_people,
            },
            "register": reg,
            "notes": self.notes,
            "handwritten": d.handwritten,
            "practice": c.practice["name"],
            "fax": {
                "sent": self.fax["sent"],
                "cover_sheet": self.cover is not None,
                "number": self.fax["number"],
                "resolution": self.fax["resolution"],
                "compression": "group4" if self.fax["g4"] else "group3",
            },
            "conditions": conds,
        }


def _one(rng: random.Random, split: str, n: int, seed: int, plan: tuple[str, str, str]) -> Letter:
    kind, key, pick = plan
    practice = PRACTICES[rng.randrange(3)]
    start = date(2024, 9, 2)
    ld = start + timedelta(days=rng.randint(0, 420))
    if kind == "austria":
        # Jänner and Feber: the Austrian month names, in the letter date and the stay.
        ld = date(2025, [1, 2, 1][n % 3], rng.randint(12, 27))
    region = REGION_OF.get(key, "DE")
    p, sur, given, bd, sex, title, notes = _pick(rng, pick, kind, key, n)
    undated = kind == "hand" and n % 2 == 1
    ctx = Ctx(
        rng,
        practice,
        region,
        None if undated else ld,
        p,
        sur,
        given,
        bd,
        sex,
        title if rng.random() < 0.8 else "",
    )
    if kind == "hand":
        draft = k_hand(ctx, key, undated)
        fax_key = "hand"
    else:
        draft = KINDS[kind](ctx, key)
        fax_key = key
    sent_day = ld + timedelta(days=rng.randint(1, 5))
    hh, mm = rng.randint(7, 18), rng.randint(0, 59)
    hstyle = rng.choice(["de", "iso"])
    hdate = sent_day.strftime("%d.%m.%Y") if hstyle == "de" else sent_day.isoformat()
    if region not in ("DE", "AT", "CH"):
        hdate = sent_day.isoformat()
    station = draft.sender if len(draft.sender) < 34 else draft.sender[:32].rstrip(" –-")
    fax = {
        "key": fax_key,
        "sent": f"{sent_day.isoformat()}T{hh:02d}:{mm:02d}",
        "number": draft.fax_number,
        "resolution": rng.choice(["204x196", "204x98"]),
        "g4": rng.random() < 0.5,
        "header_stamp": f"{hdate} {hh:02d}:{mm:02d}",
        "station": station,
    }
    cover = None
    if rng.random() < 0.34:
        cs = Sheet(60)
        cs.put("TELEFAX", font="sansb", size=22, align="center")
        cs.skip(20)
        cs.put(f"An: {ctx.practice['names'][1]}", size=11)
        cs.put(f"Fax: {ctx.practice['fax']}", size=11)
        cs.put(f"Von: {station}", size=11)
        cs.put(f"Fax: {draft.fax_number}", size=11)
        shown = fmt(sent_day, "DE") if region in ("DE", "AT", "CH") else sent_day.isoformat()
        cs.put(f"Datum: {shown}", size=11)
        cs.put(f"Seiten (inkl. Deckblatt): {len(draft.pages) + 1}", size=11)
        cs.skip(20)
        cs.wrap(
            "Vertraulich! Diese Übermittlung enthält Sozialdaten. Falls Sie nicht der "
            "richtige Empfänger sind, informieren Sie uns bitte umgehend.",
            size=10,
        )
        cover = cs.pages[0]
    stamp = None
    stamp_date = None
    if rng.random() < 0.5:
        stamp_date = ld + timedelta(days=rng.randint(2, 6))
        short = min((str(n) for n in ctx.practice["names"]), key=len).upper()
        stamp = f"EINGANG {stamp_date.strftime('%d.%m.%Y')}\n{short}"
    notes = [*notes, f"addressed to {practice['name']}"]
    if cover is not None:
        notes.append("fax cover sheet with the send date, not the letter date")
    if stamp is not None:
        notes.append("receipt stamp on the scan (not the letter date)")
    if undated:
        notes.append("undated handwritten note")
    return Letter(f"{split}-{n:03d}", split, seed, draft, ctx, notes, fax, stamp, stamp_date, cover)


def _build(plans: list[tuple[str, str, str]], seed: int, split: str) -> list[Letter]:
    out = []
    for i, plan in enumerate(plans):
        rng = random.Random(seed * 1000 + i)
        out.append(_one(rng, split, i + 1, seed * 1000 + i, plan))
    return out


def split(name: str) -> list[Letter]:
    if name == "test":
        return _build(_TEST_PLAN, SPLIT_SEEDS["test"], "test")
    if name == "examples":
        return _build(_EXAMPLE_PLAN, SPLIT_SEEDS["examples"], "examples")
    raise ValueError(f"unknown split {name!r}")


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    plans = [rng.choice(_TEST_PLAN) for _ in range(count)]
    plans = [(k, s, "rand" if p.startswith("K") and rng.random() < 0.5 else p) for k, s, p in plans]
    return _build(plans, seed, split_name)


__all__ = ["H", "Letter", "generate", "practice_names", "split"]
