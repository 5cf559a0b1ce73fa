"""The kinds of letter: each writes its pages onto a Sheet and records what it printed."""

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta

from .layout import PAGE_W, Sheet, width
from .register import Patient
from .world import ADDRESS_BLOCKS, Sender, fmt

R = PAGE_W - 55  # right edge for right-aligned text


@dataclass
class Ctx:
    rng: random.Random
    p: Patient
    in_register: bool
    practice: dict[str, object]
    snd: Sender
    ldate: date | None
    old_name: bool
    sheet: Sheet = field(default_factory=Sheet)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    pid_printed: bool = False
    other_dates: list[tuple[date, str]] = field(default_factory=list)
    other_people: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    language: str = "de"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    handwritten: bool = False

    # ---- what the letter prints, recorded as it is printed ----
    def surname(self) -> str:
        if self.old_name and self.p.former_names:
            return self.p.former_names[0]
        return self.p.surname

    def name(self, style: str) -> str:
        p, sur = self.p, self.surname()
        giv = p.given_names
        sal = {"F": "Frau", "M": "Herr"}[p.sex]
        ttl = f"{p.title} " if p.title else ""
        text = {
            "std": f"{sal} {ttl}{giv} {sur}",
            "plain": f"{ttl}{giv} {sur}",
            "sf": f"{sur}, {giv}",
            "sft": f"{sur}, {giv}" + (f", {p.title}" if p.title else ""),
            "caps": f"{sur.upper()}, {giv}",
            "allcaps": f"{giv} {sur}".upper(),
            "cz": f"{sur} {giv}",
            "czcaps": f"{sur.upper()} {giv}",
            "sal_sf": f"{sal} {sur}, {giv}",
        }[style]
        if not self.as_written:
            self.as_written = text
            self.name_as_letter = f"{giv} {sur}"
        return text

    def born(self, style: str = "num") -> str:
        self.birth_printed = True
        return fmt(self.p.birth_date, style)

    def date(self, style: str = "num") -> str:
        assert self.ldate is not None
        return fmt(self.ldate, style)

    def od(self, d: date, role: str, style: str = "num") -> str:
        self.other_dates.append((d, role))
        return fmt(d, style)

    def person(self, name: str, role: str) -> str:
        self.other_people.append((name, role))
        return name

    def pid(self) -> str:
        self.pid_printed = True
        return self.p.id

    def before(self, lo: int, hi: int) -> date:
        assert self.ldate is not None
        return self.ldate - timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> date:
        assert self.ldate is not None
        return self.ldate + timedelta(days=self.rng.randint(lo, hi))


def fit(text: str, font: str, size: float, maxw: float) -> float:
    while width(text, font, size) > maxw and size > 6:
        size -= 0.5
    return size


def head(c: Ctx, align: str = "left", big: float = 14, font: str = "sansb") -> None:
    s = c.sheet
    x = {"left": 60.0, "right": R, "center": PAGE_W / 2}[align]
    s.y = 52
    for i, ln in enumerate(c.snd.head):
        if i == 0:
            s.put(ln, x, fit(ln, font, big, 470), font, align, advance=big * 1.35)
        else:
            s.put(ln, x, 8.5, "sans", align, advance=11.5, grey=0.2)
    if align == "center":
        s.rule(60, PAGE_W - 60, s.y - 4)
    s.gap(8)


def window(c: Ctx, y: float = 150, variant: int | None = None) -> None:
    s = c.sheet
    key = str(c.practice["key"])
    blocks = ADDRESS_BLOCKS[key]
    block = blocks[c.rng.randrange(len(blocks)) if variant is None else variant]
    back = f"{c.snd.org} · {c.snd.head[-1]}"
    s.put(back, 70, fit(back, "sans", 6.5, 255), "sans", y=y - 14, grey=0.3)
    s.y = y
    for ln in block:
        s.put(ln, 70, 10, "sans")
    for ln in c.practice["address"]:  # type: ignore[attr-defined]
        s.put(str(ln), 70, 10, "sans")


def closing(c: Ctx, greeting: str = "Mit freundlichen kollegialen Grüßen", n: int = 2) -> None:
    s = c.sheet
    s.gap(10)
    s.put(greeting, 70, 10, "serif")
    s.gap(26)
    docs = c.snd.doctors[:n]
    roles = ["Chefarzt", "Oberärztin", "Stationsarzt", "Assistenzärztin"]
    for i, d in enumerate(docs):
        s.put(
            c.person(d, roles[i] if len(docs) > 1 else "Unterzeichner"),
            70 + i * 230,
            9,
            "sans",
            y=s.y,
        )
    s.gap(14)


DIAG = [
    ("Hypertensive Herzkrankheit mit Vorhofflimmern, ED", "I11.90, I48.1"),
    ("Diabetes mellitus Typ 2 mit Polyneuropathie", "E11.40"),
    ("Community-acquired Pneumonie rechts basal", "J18.9"),
    ("Exazerbierte COPD GOLD 3", "J44.19"),
    ("Akute Cholezystitis, laparoskopische Cholezystektomie", "K81.0"),
    ("Medialer Schenkelhalsbruch links, Duokopfprothese", "S72.01"),
    ("Ischämischer Hirninfarkt im Mediastromgebiet links", "I63.4"),
    ("Dekompensierte Herzinsuffizienz NYHA III", "I50.14"),
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Metformin 1000 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "Pantoprazol 20 mg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "Metamizol 500 mg bei Bedarf bis 4x tgl.",
]
FILL = (
    "Die weitere Betreuung erfolgt durch Sie. Wir bitten um regelmäßige Kontrollen der "
    "Nierenretentionsparameter und der Elektrolyte sowie um Anpassung der Medikation nach "
    "klinischem Verlauf. Bei Verschlechterung ist eine erneute Vorstellung jederzeit möglich."
)


def diag(c: Ctx, n: int = 2) -> list[tuple[str, str]]:
    idx = list(range(len(DIAG)))
    c.rng.shuffle(idx)
    return [DIAG[i] for i in idx[:n]]


def meds(c: Ctx, n: int = 4) -> list[str]:
    idx = list(range(len(MEDS)))
    c.rng.shuffle(idx)
    return [MEDS[i] for i in sorted(idx[:n])]


# ------------------------------------------------------------------------------------------
def k_discharge(c: Ctx) -> None:
    s = c.sheet
    head(c, c.rng.choice(["left", "center"]))
    window(c, 165)
    s.y = 165
    info_x = 370
    adm = c.before(6, 16)
    dis = c.before(1, 4)
    s.put(f"Station: {c.rng.choice(['K3', 'M4.1', 'N2', 'G1', 'IMC'])}", info_x, 8.5, y=168)
    s.put(f"Tel.: {c.snd.phone}", info_x, 8.5, y=180)
    s.put(f"Fax: {c.snd.fax}", info_x, 8.5, y=192)
    s.put(f"{c.snd.city}, {c.date('num')}", info_x, 8.5, y=210)
    s.y = 270
    title = c.rng.choice(["Entlassungsbrief", "Vorläufiger Entlassungsbericht", "Arztbrief"])
    c.title = title.upper() if c.rng.random() < 0.4 else title
    s.put(c.title, 70, 12.5, "sansb")
    c.title_alts = [title] if c.title != title else []
    nm = c.name(c.rng.choice(["std", "sf", "caps", "sal_sf"]))
    s.put(
        f"Patient: {nm}, geb. {c.born('num')}"
        if c.p.sex == "M"
        else f"Patientin: {nm}, geb. {c.born('num')}",
        70,
        10,
        "sans",
    )
    if c.p.collision.startswith("same name"):
        s.put(f"wohnhaft: {c.p.street}, {c.p.postcode} {c.p.city}", 70, 10, "sans")
        c.notes.append("same name and birth date as another patient: the address decides")
    s.put(
        f"stationärer Aufenthalt vom {c.od(adm, 'Aufnahme')} bis {c.od(dis, 'Entlassung')}",
        70,
        10,
        "sans",
    )
    if c.rng.random() < 0.3:
        s.put(f"Ihre Patientennummer: {c.pid()}", 70, 10, "sans")
    s.gap(8)
    s.put("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", 70, 10, "serif")
    s.para(
        f"wir berichten über den stationären Aufenthalt Ihrer Patientin bzw. Ihres Patienten "
        f"{c.p.given_names} {c.surname()} in unserer Klinik."
    )
    s.gap(6)
    s.put("Diagnosen:", 70, 10, "serifb")
    for d, icd in diag(c, 3):
        s.para(f"– {d} ({icd})", 80, 440)
    s.gap(6)
    s.put("Anamnese und Verlauf:", 70, 10, "serifb")
    for _ in range(2):
        s.para(
            "Die Aufnahme erfolgte über unsere Zentrale Notaufnahme bei zunehmender Dyspnoe "
            "und Leistungsminderung. Laborchemisch zeigten sich erhöhte Entzündungswerte. "
            "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung. Die "
            "Mobilisation gelang zunehmend selbstständig. " + FILL
        )
        s.gap(4)
    s.new_page()
    s.put("Medikation bei Entlassung:", 70, 10, "serifb")
    for m in meds(c, 5):
        s.put(m, 80, 10, "serif")
    s.gap(6)
    ctl = c.after(10, 30)
    s.para(
        f"Wir empfehlen eine Wiedervorstellung in unserer Ambulanz am {c.od(ctl, 'Kontrolle')}"
        " zur Verlaufskontrolle. " + FILL
    )
    closing(c)


def _discharge_header(c: Ctx) -> None:
    s = c.sheet
    hdr = (
        f"{c.p.given_names} {c.surname()}, geb. {fmt(c.p.birth_date, 'num')} – "
        f"{c.snd.org} – Seite {{P}} von {{T}}"
    )
    s.header = [(hdr, "sans", fit(hdr, "sans", 8, 470), "left")]


def k_specialist(c: Ctx) -> None:
    s = c.sheet
    head(c, "right", 13)
    window(c, 170)
    s.y = 300
    c.language = "de"
    s.put(f"{c.snd.city}, den {c.date('long')}", R, 10, "serif", "right")
    s.gap(10)
    nm = c.name(c.rng.choice(["std", "plain"]))
    exam = c.before(0, 9)
    c.title = "Arztbrief"
    c.title_alts = ["Arztbrief", "Kardiologischer Befund"]
    s.put(f"Arztbrief – {nm}, * {c.born('num')}", 70, 10.5, "serifb")
    s.put(f"Untersuchung vom {c.od(exam, 'Untersuchung', 'num')}", 70, 10, "serif")
    s.gap(8)
    s.put("Sehr geehrte Frau Kollegin,", 70, 10, "serif")
    s.para(
        "vielen Dank für die Überweisung. Wir sahen Ihre Patientin bzw. Ihren Patienten zur "
        "kardiologischen Abklärung bei belastungsabhängiger Dyspnoe."
    )
    s.put("Diagnosen:", 70, 10, "serifb")
    for d, icd in diag(c, 2):
        s.para(f"{d} – {icd}", 80, 440)
    s.put("Befunde:", 70, 10, "serifb")
    s.para(
        "EKG: Sinusrhythmus, HF 72/min, Linkstyp, keine Erregungsrückbildungsstörungen. "
        "Echokardiographie: normal großer linker Ventrikel, EF 55 %, keine relevanten "
        "Klappenvitien. Ergometrie bis 125 W ohne Ischämiezeichen."
    )
    s.put("Beurteilung und Procedere:", 70, 10, "serifb")
    s.para(FILL)
    closing(c, "Mit freundlichen Grüßen", 1)


def k_lab(c: Ctx) -> None:
    s = c.sheet
    head(c, "left", 13, "condb")
    window(c, 150)
    coll = c.before(1, 3)
    rec = c.before(0, 1) if c.ldate and coll < c.ldate else c.ldate
    assert rec is not None
    if rec <= coll:
        rec = coll
    x = 350
    s.put(f"Auftragsnummer: 26{c.rng.randint(1000000, 9999999)}", x, 8.5, "mono", y=152)
    s.put(f"Abnahme:  {c.od(coll, 'Probenentnahme', 'num')} 07:45", x, 8.5, "mono", y=164)
    if rec != coll:
        s.put(f"Eingang:  {c.od(rec, 'Probeneingang', 'num')} 11:20", x, 8.5, "mono", y=176)
    else:
        s.put("Eingang:  am Abnahmetag 11:20", x, 8.5, "mono", y=176)
    s.put(f"Befund:   {c.date('num')}", x, 8.5, "mono", y=188)
    s.y = 245
    c.title = c.rng.choice(["LABORBEFUND", "Laborbefund – Endbefund"])
    c.title_alts = ["Laborbefund", "Endbefund"]
    s.put(c.title, 70, 12, "condb")
    nm = c.name(c.rng.choice(["caps", "sf", "czcaps"]))
    s.put(f"Name: {nm}", 70, 9.5, "mono")
    s.put(
        f"Geb.-Dat.: {c.born('num')}   Geschl.: {'W' if c.p.sex == 'F' else 'M'}", 70, 9.5, "mono"
    )
    if c.rng.random() < 0.5:
        s.put(f"Pat.-Nr. Einsender: {c.pid()}", 70, 9.5, "mono")
    s.gap(6)
    s.put("Analyt                 Ergebnis   Einheit    Referenz", 70, 9, "monob")
    s.rule(70, 520)
    rows = [
        ("Natrium", "139", "mmol/l", "136 - 145"),
        ("Kalium", "4.6", "mmol/l", "3.5 - 5.1"),
        ("Kreatinin", "1.24 +", "mg/dl", "0.50 - 1.10"),
        ("eGFR (CKD-EPI)", "52 -", "ml/min", "> 60"),
        ("HbA1c", "7.4 +", "%", "< 5.7"),
        ("TSH", "1.82", "mU/l", "0.27 - 4.20"),
        ("CRP", "3.1", "mg/l", "< 5.0"),
        ("Leukozyten", "7.9", "Gpt/l", "3.9 - 10.2"),
        ("Hämoglobin", "8.1 -", "mmol/l", "7.4 - 9.9"),
    ]
    for r in rows[: c.rng.randint(5, 9)]:
        s.put(f"{r[0]:<22} {r[1]:<10} {r[2]:<10} {r[3]}", 70, 9, "mono", advance=12)
    s.gap(10)
    s.para(
        "+ = oberhalb, - = unterhalb des Referenzbereichs. Befund elektronisch freigegeben.",
        70,
        450,
        8,
        "sans",
    )
    s.put(c.person(c.snd.doctors[0], "Laborarzt (Freigabe)"), 70, 9, "sans")
    c.notes.append("collection and receipt dates beside the report date")


def k_radiology(c: Ctx) -> None:
    s = c.sheet
    head(c, "center", 15, "serifb")
    window(c, 160)
    exam = c.before(0, 3)
    s.put(f"Datum: {c.date('num')}", R, 9, "sans", "right", y=175)
    s.put(f"Untersuchungstag: {c.od(exam, 'Untersuchung')}", R, 9, "sans", "right", y=188)
    s.y = 265
    mod = c.rng.choice(
        [
            "MRT der LWS nativ",
            "CT Thorax mit KM",
            "Sonographie Abdomen",
            "MRT Kopf nativ und mit KM",
        ]
    )
    c.title = "Befundbericht"
    c.title_alts = [f"Befundbericht {mod}", mod]
    s.put(f"Befundbericht {mod}", 70, 11, "sansb")
    nm = c.name(c.rng.choice(["sft", "std", "caps"]))
    s.put(f"Pat.: {nm} (geb. {c.born('short')})", 70, 10, "sans")
    s.gap(6)
    s.put("Klinische Angabe:", 70, 10, "sansb")
    s.para(
        "Seit Wochen zunehmende Beschwerden, Ausschluss einer strukturellen Ursache.", font="sans"
    )
    s.put("Befund:", 70, 10, "sansb")
    s.para(
        "Kein Nachweis einer raumfordernden Läsion. Altersentsprechende degenerative "
        "Veränderungen. Keine Flüssigkeitskollektion. Regelrechte Darstellung der übrigen "
        "miterfassten Strukturen.",
        font="sans",
    )
    s.put("Beurteilung:", 70, 10, "sansb")
    s.para(
        "Kein Anhalt für ein akutes Geschehen. Degenerative Veränderungen wie beschrieben.",
        font="sans",
    )
    s.gap(14)
    s.put(c.person(c.rng.choice(c.snd.doctors), "Befundender Radiologe"), 70, 9.5, "sans")
    s.put("Fachärztin/Facharzt für Diagnostische Radiologie", 70, 8.5, "sans")


def k_insurer(c: Ctx) -> None:
    s = c.sheet
    head(c, "right", 18)
    window(c, 165, variant=0)
    s.y = 165
    x = 365
    ref = c.before(10, 30)
    s.put(f"Ihre Nachricht vom: {c.od(ref, 'Ihre Nachricht vom')}", x, 8.5, y=170)
    s.put(
        f"Versichertennummer: {chr(65 + c.rng.randrange(26))}{c.rng.randint(100000000, 999999999)}",
        x,
        8.5,
        y=182,
    )
    s.put(f"Ansprechpartner: {c.person('Frau Pfeifer', 'Sachbearbeiterin')}", x, 8.5, y=194)
    s.put(f"Datum: {c.date('num')}", x, 8.5, y=214)
    s.y = 280
    c.title = c.rng.choice(
        ["Anfrage zur Arbeitsunfähigkeit", "Krankengeldfall – Ihre Einschätzung"]
    )
    c.title_alts = [c.title]
    s.put(c.title, 70, 11, "sansb")
    nm = c.name(c.rng.choice(["std", "plain"]))
    s.put(f"Versicherte/r: {nm}, geb. am {c.born('long')}", 70, 10, "sans")
    s.gap(8)
    s.put("Sehr geehrte Damen und Herren,", 70, 10, "sans")
    s.para(
        "Ihre Patientin bzw. Ihr Patient bezieht derzeit Krankengeld. Für die weitere "
        "Fallsteuerung bitten wir Sie um eine kurze Einschätzung zur voraussichtlichen Dauer "
        "der Arbeitsunfähigkeit und zu geplanten Maßnahmen. Bitte nutzen Sie den beigefügten "
        "Vordruck. Die Vergütung erfolgt nach den vertraglichen Regelungen.",
        font="sans",
    )
    due = c.after(10, 21)
    s.para(f"Wir bitten um Rückantwort bis zum {c.od(due, 'Frist', 'num')}.", font="sans")
    s.gap(8)
    s.put("Freundliche Grüße", 70, 10, "sans")
    s.put("Ihre AOK PLUS", 70, 10, "sans")


def k_authority(c: Ctx) -> None:
    s = c.sheet
    head(c, "left", 14)
    window(c, 165, variant=1)
    s.y = 165
    az = f"{c.rng.randint(10, 99)}-{c.rng.randint(100, 999)}/{c.rng.randint(1000, 9999)}"
    s.put(f"Aktenzeichen: {az}", 360, 9, y=168)
    s.put(f"Bearbeiter/in: {c.snd.doctors[0].split(': ')[-1]}", 360, 9, y=180)
    s.put(f"Datum: {c.date('abbr')}", 360, 9, y=200)
    s.y = 270
    t0 = c.rng.choice(["Anforderung eines Befundberichts", "Ärztlicher Befundbericht"])
    c.title = t0.upper()
    c.title_alts = [t0, "Befundbericht"]
    s.put(c.title, 70, 11, "sansb")
    s.put("nach § 21 SGB X", 70, 9, "sans")
    nm = c.name(c.rng.choice(["sf", "std", "caps"]))
    s.put(f"Antragsteller/in: {nm}", 70, 10, "sans")
    s.put(f"Geburtsdatum: {c.born('num')}", 70, 10, "sans")
    if c.p.birth_name and c.p.birth_name != c.surname():
        s.put(f"Geburtsname: {c.p.birth_name}", 70, 10, "sans")
        c.notes.append("the birth (maiden) name is printed beside the current name")
    city = {
        "Crostwitz": "Crostwitz/Chrósćicy",
        "Ralbitz-Rosenthal": "Ralbitz-Rosenthal/Ralbicy-Róžant",
        "Bautzen": "Bautzen/Budyšin",
        "Hoyerswerda": "Hoyerswerda/Wojerecy",
    }.get(c.p.city, c.p.city)
    s.put(f"Anschrift: {c.p.street}, {c.p.postcode} {city}", 70, 10, "sans")
    rec = c.before(5, 20)
    s.para(
        f"Der Antrag ging am {c.od(rec, 'Antragseingang')} bei uns ein. Wir bitten Sie, die "
        "folgenden Fragen zu beantworten und aktuelle Befunde beizufügen.",
        font="sans",
    )
    s.gap(4)
    for q in [
        "Diagnosen mit Funktionseinschränkungen",
        "Behandlungsverlauf der letzten zwei Jahre",
        "Aktuelle Medikation",
        "Beigefügte Befunde (Kopien)",
    ]:
        y0 = s.y
        s.box(72, y0 - 8, 80, y0)
        s.put(q, 88, 10, "sans")
        s.put("_" * 60, 88, 10, "sans")
    s.gap(6)
    s.put("Im Auftrag", 70, 10, "sans")
    s.put(c.person(c.snd.doctors[0], "Bearbeitung"), 70, 10, "sans")


def k_care(c: Ctx) -> None:
    s = c.sheet
    head(c, "center", 13)
    window(c, 165)
    s.y = 270
    c.title = "Anforderung einer Folgeverordnung häusliche Krankenpflege"
    c.title_alts = ["Folgeverordnung häusliche Krankenpflege", "Anforderung Folgeverordnung"]
    s.put("Anforderung einer Folgeverordnung", 70, 11, "sansb")
    s.put("häusliche Krankenpflege (Muster 12)", 70, 11, "sansb")
    c.title = "Anforderung einer Folgeverordnung"
    nm = c.name(c.rng.choice(["sf", "std"]))
    s.put(f"Klient/in: {nm}", 70, 10, "sans")
    s.put(f"geb.: {c.born('num')}", 70, 10, "sans")
    end = c.after(3, 12)
    s.put(f"Aktuelle Verordnung gültig bis: {c.od(end, 'Ende der Verordnung')}", 70, 10, "sans")
    s.gap(6)
    for it in [
        "[x] Medikamentengabe 2x täglich",
        "[x] Kompressionsstrümpfe an- und ausziehen",
        "[ ] Wundversorgung",
        "[x] Blutzuckermessung 1x täglich",
    ]:
        s.put(it, 80, 10, "mono")
    s.gap(6)
    rel = c.person(
        f"{c.rng.choice(['Sandra', 'Heike', 'Ronny'])} {c.surname()}",
        "Angehörige/r (Ansprechpartner)",
    )
    relb = date(c.p.birth_date.year + 27, 4, 3)
    s.para(
        f"Ansprechpartner in der Familie: {rel} (geb. {c.od(relb, 'Geburtsdatum Angehörige/r')}"
        "), Tel. 0172 5508813.",
        font="sans",
    )
    c.notes.append("a relative's birth date is printed beside the patient's")
    s.gap(6)
    s.put(f"Crostwitz/Chrósćicy, {c.date('num')}", 70, 10, "sans")
    s.put(c.person(c.snd.doctors[0], "Pflegedienstleitung"), 70, 10, "sans")
    c.notes.append("bilingual (German/Upper Sorbian) letterhead and place names")


def k_pharmacy(c: Ctx) -> None:
    s = c.sheet
    head(c, "left", 16, "serifb")
    s.y = 150
    s.put("RÜCKFRAGE ZUR VERORDNUNG – per Fax", 70, 12, "sansb")
    c.title = "RÜCKFRAGE ZUR VERORDNUNG"
    c.title_alts = ["Rückfrage zur Verordnung"]
    key = str(c.practice["key"])
    s.put(f"An: {ADDRESS_BLOCKS[key][2][0]}, Fax {c.practice['fax']}", 70, 10, "sans")
    s.put(f"Datum: {c.date('short')}", 70, 10, "sans")
    s.gap(8)
    rx = c.before(1, 5)
    nm = c.name(c.rng.choice(["sf", "std", "allcaps"]))
    s.put(f"Patient/in: {nm}", 70, 10, "sans")
    if c.rng.random() < 0.5:
        s.put(f"Geburtsdatum: {c.born('num')}", 70, 10, "sans")
    s.put(f"Rezept vom: {c.od(rx, 'Ausstellungsdatum des Rezepts')}", 70, 10, "sans")
    s.gap(6)
    s.para(
        "Das verordnete Präparat ist derzeit nicht lieferbar. Wir bitten um Freigabe eines "
        "wirkstoffgleichen Austauschpräparats oder um eine neue Verordnung.",
        font="sans",
    )
    for o in ["[ ] Austausch genehmigt", "[ ] neue Verordnung folgt", "[ ] Rücksprache erbeten"]:
        s.put(o, 80, 10, "mono")
    s.gap(10)
    s.put("Stempel / Unterschrift Praxis: ______________________", 70, 10, "sans")
    s.gap(6)
    s.put(f"Mit freundlichen Grüßen, {c.person(c.snd.doctors[0], 'Apothekerin')}", 70, 10, "sans")


def k_physio(c: Ctx) -> None:
    s = c.sheet
    head(c, "center", 16, "sansb")
    window(c, 165)
    s.put(f"{c.snd.city}, {c.date('long0')}", R, 10, "sans", "right", y=250)
    s.y = 285
    c.title = "Therapiebericht"
    c.title_alts = ["Therapiebericht Physiotherapie", "Bericht an den verordnenden Arzt"]
    s.put("Therapiebericht", 70, 12, "sansb")
    nm = c.name(c.rng.choice(["std", "plain", "sf"]))
    rx = c.before(30, 50)
    s.put(f"betr.: {nm}", 70, 10, "sans")
    s.put(f"Verordnung vom {c.od(rx, 'Verordnungsdatum', 'num')}: KG 6x, MT 6x", 70, 10, "sans")
    s.gap(6)
    s.para(
        "Die verordneten Behandlungen wurden vollständig durchgeführt. Es zeigte sich eine "
        "deutliche Besserung der Beweglichkeit der Lendenwirbelsäule, die Schmerzen werden "
        "auf der NRS von 7 auf 3 angegeben. Wir empfehlen die Fortführung mit einer "
        "weiteren Verordnung und ein Eigenübungsprogramm.",
        font="sans",
    )
    s.gap(10)
    s.put("Mit freundlichen Grüßen", 70, 10, "sans")
    s.put(c.person(c.snd.doctors[0], "Therapeutin"), 70, 10, "sans")


def k_reha(c: Ctx) -> None:
    s = c.sheet
    head(c, "left", 15, "serifb")
    window(c, 170)
    adm = c.before(25, 28)
    dis = c.before(3, 5)
    s.put(f"{c.snd.city}, {c.date('num')}", R, 9.5, "serif", "right", y=175)
    s.y = 280
    c.title = "Ärztlicher Entlassungsbericht"
    c.title_alts = ["Entlassungsbericht", "Reha-Entlassungsbericht"]
    s.put("Ärztlicher Entlassungsbericht", 70, 12, "serifb")
    nm = c.name(c.rng.choice(["sft", "caps", "std"]))
    s.put(f"Rehabilitand/in: {nm}", 70, 10, "serif")
    s.put(f"Geburtsdatum: {c.born('long')}", 70, 10, "serif")
    s.put(f"Maßnahme: {c.od(adm, 'Aufnahme')} – {c.od(dis, 'Entlassung')}", 70, 10, "serif")
    s.put(
        f"Versicherungsnummer DRV: 12 {c.rng.randint(100000, 999999)} "
        f"{c.surname()[0]} {c.rng.randint(100, 999)}",
        70,
        10,
        "serif",
    )
    s.gap(6)
    for _ in range(3):
        s.para(
            "Die Rehabilitandin bzw. der Rehabilitand wurde zur Anschlussheilbehandlung "
            "aufgenommen. Unter krankengymnastischer Einzeltherapie, Ergotherapie und "
            "Trainingstherapie konnte die Gehstrecke deutlich gesteigert werden. " + FILL
        )
        s.gap(4)
    s.new_page()
    s.put("Sozialmedizinische Leistungsbeurteilung:", 70, 10, "serifb")
    s.para(
        "Leichte bis mittelschwere Tätigkeiten sind sechs Stunden und mehr täglich möglich. "
        "Die Entlassung erfolgte arbeitsunfähig."
    )
    closing(c)


def k_email(c: Ctx) -> None:
    s = c.sheet
    s.y = 50
    s.put("Ausdruck aus Outlook – Praxispostfach", 40, 8, "sans", grey=0.3)
    s.rule(40, PAGE_W - 40)
    s.gap(6)
    sender_mail = f"sekretariat@{c.snd.key}-sachsen.de"
    assert c.ldate is not None
    hh = f"{c.rng.randint(7, 18):02d}:{c.rng.randint(0, 59):02d}"
    style = c.rng.choice(["de", "rfc"])
    s.put(f"Von: {c.snd.org} <{sender_mail}>", 40, 9.5, "sans")
    if style == "de":
        s.put(f"Gesendet: {c.date('weekday')} {hh}", 40, 9.5, "sans")
    else:
        s.put(f"Date: {c.date('rfc')} {hh}:00 +0100", 40, 9.5, "sans")
    s.put(f"An: praxis-{str(c.practice['key']).lower()}@kv-safenet.de", 40, 9.5, "sans")
    subj = c.rng.choice(["Befundübermittlung", "Kurzbericht Ambulanz", "Rückruf erbeten"])
    c.title = subj
    c.title_alts = [f"Betreff: {subj}"]
    s.put(f"Betreff: {subj} – {c.name(c.rng.choice(['sf', 'plain']))}", 40, 9.5, "sansb")
    s.rule(40, PAGE_W - 40)
    s.gap(10)
    s.put("Sehr geehrte Kolleginnen und Kollegen,", 40, 10, "sans")
    s.para(
        f"anbei erhalten Sie den Kurzbericht zu {c.p.given_names} {c.surname()} "
        f"(geb. {c.born('num')}). Der ausführliche Bericht folgt per Post.",
        40,
        500,
        font="sans",
    )
    s.para(
        "Diagnose: " + diag(c, 1)[0][0] + ". Therapieempfehlung wie besprochen, Kontrolle "
        "in unserer Ambulanz in vier Wochen.",
        40,
        500,
        font="sans",
    )
    s.gap(6)
    s.put("Viele Grüße", 40, 10, "sans")
    s.put(c.person(c.snd.doctors[-1], "Absender der E-Mail"), 40, 10, "sans")
    s.put(c.snd.org, 40, 10, "sans")
    s.gap(10)
    s.para(
        "Diese E-Mail enthält vertrauliche Informationen. Wenn Sie nicht der richtige "
        "Adressat sind, informieren Sie bitte sofort den Absender.",
        40,
        500,
        7.5,
        "sans",
    )
    c.notes.append("e-mail printout: the letter's date is the send date in the mail header")


def k_hand(c: Ctx) -> None:
    s = c.sheet
    c.handwritten = True
    rel_first = c.rng.choice(["Sabine", "Monika", "Steffen", "Thomas"])
    relname = f"{rel_first} {c.surname()}"
    s.y = 90
    j = [c.rng.uniform(-6, 6) for _ in range(20)]
    if c.ldate is not None:
        s.put(f"{c.date(c.rng.choice(['short', 'yy']))}", 430 + j[0], 14, "hand")
    else:
        c.notes.append("undated handwritten note: letter_date is null")
    s.gap(16)
    doc = str(c.practice["doctor"]).split(" ")[-1]
    s.put(
        f"Liebe Frau Doktor {doc}," if c.practice["key"] != "DD" else f"Lieber Herr {doc},",
        80 + j[1],
        15,
        "hand",
        advance=28,
    )
    nm = c.name(c.rng.choice(["plain", "std"]))
    lines = [
        f"meine Mutter {nm}" if c.p.sex == "F" else f"mein Vater {nm}",
        f"(geb. {c.born('short')}) braucht bitte",
        "wieder ihre Tabletten für den Blutdruck"
        if c.p.sex == "F"
        else "wieder seine Tabletten für den Blutdruck",
        "und die Überweisung zum Augenarzt.",
        "Ich hole alles am Freitag ab.",
        "Vielen Dank!",
    ]
    for i, ln in enumerate(lines):
        s.put(ln, 80 + j[i + 2], 15, "hand", advance=28)
    s.gap(10)
    s.put(c.person(relname, "Angehörige/r, schreibt die Notiz"), 220 + j[10], 15, "hand")
    c.sender = relname
    c.sender_alts = [rel_first]
    c.title = None
    c.notes.append("handwritten note from a relative: the sender is the relative")


def k_czech(c: Ctx) -> None:
    s = c.sheet
    c.language = "cs"
    head(c, "left", 14)
    s.y = 150
    key = str(c.practice["key"])
    s.y = 140
    for ln in ADDRESS_BLOCKS[key][0]:
        s.put(ln, 300, fit(ln, "serif", 10, 230), "serif", advance=14)
    for ln in c.practice["address"]:  # type: ignore[attr-defined]
        s.put(str(ln), 300, 10, "serif")
    s.put("Německo / Deutschland", 300, 10, "serif")
    s.y = max(s.y + 20, 255)
    c.title = "LÉKAŘSKÁ ZPRÁVA"
    c.title_alts = ["Lékařská zpráva", "Propouštěcí zpráva"]
    s.put(c.title, 70, 12, "serifb", advance=20)
    nm = c.name(c.rng.choice(["cz", "czcaps"]))
    s.put(f"Pacient: {nm}, nar. {c.born('cz')}", 70, 10, "serif", advance=22)
    s.put("Vážená paní doktorko, vážený pane doktore,", 70, 10, "serif")
    adm = c.before(3, 7)
    s.para(
        f"Pacient byl hospitalizován na našem oddělení od {c.od(adm, 'Přijetí', 'cz')} pro "
        "akutní bolesti na hrudi při turistice v Českém Švýcarsku. Infarkt myokardu byl "
        "vyloučen. Doporučujeme kontrolu u praktického lékaře v místě bydliště."
    )
    s.put("Diagnózy:", 70, 10, "serifb")
    s.para("I20.0 Nestabilní angina pectoris; I10 Esenciální hypertenze")
    s.put("Doporučená medikace:", 70, 10, "serifb")
    for m in ["ASA 100 mg 1-0-0", "Atorvastatin 40 mg 0-0-1"]:
        s.put(m, 80, 10, "serif")
    s.gap(8)
    s.put(f"V Děčíně dne {c.date(c.rng.choice(['cz', 'cz_long']))}", 70, 10, "serif")
    s.gap(18)
    s.put(c.person(c.snd.doctors[0], "lékař"), 70, 10, "serif")
    s.put("primář interního oddělení", 70, 9, "serif")
    c.notes.append("Czech letter: surname first, 'nar.' for the birth date, Czech date spelling")


def k_polish(c: Ctx) -> None:
    s = c.sheet
    c.language = "pl"
    head(c, "center", 14)
    s.put(f"Zgorzelec, dnia {c.date(c.rng.choice(['pl', 'pl_long']))}", R, 10, "serif", "right")
    s.y = 190
    key = str(c.practice["key"])
    s.put("Szanowna Pani Doktor / Szanowny Panie Doktorze", 70, 10, "serif")
    s.put(
        ADDRESS_BLOCKS[key][0][-1] + ", " + ", ".join(map(str, c.practice["address"])),  # type: ignore[call-overload]
        70,
        9,
        "serif",
    )
    s.gap(10)
    c.title = "KARTA INFORMACYJNA LECZENIA SZPITALNEGO"
    c.title_alts = ["Karta informacyjna leczenia szpitalnego", "Karta informacyjna"]
    s.put(c.title, PAGE_W / 2, 11.5, "serifb", "center")
    s.gap(4)
    nm = c.name(c.rng.choice(["cz", "czcaps", "plain"]))
    s.put(f"Pacjent: {nm}", 70, 10, "serif")
    s.put(f"Data urodzenia: {c.born('num')}", 70, 10, "serif")
    adm = c.before(4, 9)
    dis = c.before(1, 3)
    s.put(
        f"Okres hospitalizacji: {c.od(adm, 'Przyjęcie', 'num')} – {c.od(dis, 'Wypis', 'num')}",
        70,
        10,
        "serif",
    )
    s.gap(6)
    s.put("Rozpoznanie:", 70, 10, "serifb")
    s.para(
        "J18.9 Zapalenie płuc, nieokreślone. Pacjent przyjęty z powodu gorączki i kaszlu, "
        "leczony antybiotykiem dożylnie z dobrym efektem."
    )
    s.put("Zalecenia:", 70, 10, "serifb")
    s.para(
        "Kontrola u lekarza rodzinnego, kontynuacja antybiotykoterapii doustnej przez 5 dni, "
        "kontrolne RTG klatki piersiowej za 6 tygodni."
    )
    s.gap(14)
    s.put(c.person(c.snd.doctors[0], "lekarz prowadzący"), 70, 10, "serif")
    s.put(c.person(c.snd.doctors[1], "ordynator"), 330, 10, "serif", y=s.y - 14)
    c.notes.append("Polish discharge card: 'dnia … r.' date, surname first")


def k_sorbian(c: Ctx) -> None:
    s = c.sheet
    head(c, "right", 14, "serifb")
    window(c, 165, variant=1)
    s.put(f"Budyšin, {c.date('hsb')}", R, 10, "serif", "right", y=250)
    s.y = 285
    c.title = "Arztbrief / Lěkarski list"
    c.title_alts = ["Arztbrief", "Lěkarski list"]
    s.put(c.title, 70, 11.5, "serifb")
    nm = c.name(c.rng.choice(["std", "sf"]))
    s.put(f"Pacient/ka: {nm}, nar. {c.born('num')}", 70, 10, "serif")
    s.gap(8)
    s.put("Sehr geehrte Frau Kollegin, česćena kolegowka,", 70, 10, "serif")
    s.para(
        "ich sah Ihre Patientin bzw. Ihren Patienten zur Kontrolle der Schilddrüsenfunktion. "
        "Sonographisch zeigt sich eine Struma nodosa ohne Malignitätskriterien. Die "
        "Substitution mit L-Thyroxin 75 µg wird fortgeführt."
    )
    nxt = c.after(80, 100)
    s.para(f"Nächste Kontrolle am {c.od(nxt, 'Kontrolle', 'long')}.")
    s.gap(8)
    s.put("Z přećelnym postrowom / Mit freundlichen Grüßen", 70, 10, "serif")
    s.gap(16)
    s.put(c.person(c.snd.doctors[0], "Internist"), 70, 10, "serif")
    c.language = "de"
    c.notes.append("letter dated in Upper Sorbian (month 'decembra' etc.), bilingual letterhead")


KINDS: dict[str, tuple[Callable[[Ctx], None], list[str]]] = {
    "hospital_discharge": (
        k_discharge,
        ["uklk", "stgeorg", "elbtal", "schlossteich", "mulde", "annaberg", "budysin"],
    ),
    "specialist_letter": (k_specialist, ["kardio"]),
    "lab_report": (k_lab, ["labor"]),
    "radiology_report": (k_radiology, ["radio"]),
    "insurer_letter": (k_insurer, ["aok"]),
    "authority_request": (k_authority, ["ksv", "drv", "gesundheitsamt"]),
    "care_service_form": (k_care, ["pflege"]),
    "pharmacy_fax_form": (k_pharmacy, ["apotheke"]),
    "therapy_report": (k_physio, ["physio"]),
    "rehab_discharge": (k_reha, ["reha"]),
    "email_printout": (k_email, ["labor", "elbtal", "kardio", "mulde"]),
    "handwritten_note": (k_hand, ["-"]),
    "czech_report": (k_czech, ["decin"]),
    "polish_discharge_card": (k_polish, ["zgorzelec"]),
    "sorbian_bilingual_letter": (k_sorbian, ["wosadna"]),
}


def run(kind: str, c: Ctx) -> None:
    fn = KINDS[kind][0]
    if kind in ("hospital_discharge", "rehab_discharge"):
        _discharge_header(c)
    fn(c)
    if not c.sender:
        c.sender = c.snd.org
        c.sender_alts = list(c.snd.alternatives)
