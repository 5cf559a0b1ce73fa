"""The letters of set 50ac: kinds, layouts, truth, and rendering per condition."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from . import register, render
from .render import Comp, Line
from .world import (
    PRACTICE_ADDRESS,
    PRACTICE_ADDRESS_ABROAD,
    PRACTICES,
    SALUTE_DOCTOR,
    SENDERS,
    fmt,
    plus,
)

SPLIT_SEEDS = {"test": 50_2901, "examples": 50_2977}
SPLIT_SIZES = {"test": 40, "examples": 6}

CYRILLIC = {
    "Iwanowa": "Иванова",
    "Iwanow": "Иванов",
    "Petrow": "Петров",
    "Petrowa": "Петрова",
    "Smirnow": "Смирнов",
    "Smirnowa": "Смирнова",
    "Tatjana": "Татьяна",
    "Olga": "Ольга",
    "Swetlana": "Светлана",
    "Sergej": "Сергей",
    "Dmitrij": "Дмитрий",
    "Alexander": "Александр",
}

OUTSIDERS = [
    ("Scheuvens", "Wolfgang", "M"),
    ("Brüggemann", "Ilse", "F"),
    ("Kaulartz", "Rita", "F"),
    ("Vanderheyden", "Luc", "M"),
    ("Palm", "Erwin", "M"),
    ("Hahn-Ortmanns", "Silke", "F"),
    ("Wiśniewska", "Zofia", "F"),
    ("Lambertz", "Bernhard", "M"),
]


def practice_names() -> list[dict[str, object]]:
    return [dict(p) for p in PRACTICES]


@dataclass
class Person:
    surname: str
    given: str
    sex: str
    birth_date: str
    title: str
    register_id: str | None
    reg: register.Patient | None


@dataclass
class Ctx:
    rng: random.Random
    person: Person
    practice: int
    letter_date: str
    sender_key: str
    region: str = "DE"
    language: str = "de"
    dates: list[dict[str, str]] = field(default_factory=list)
    people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    as_written: str = ""
    as_letter: str = ""
    birth_printed: bool = False
    patient_id: str | None = None
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    dated: bool = True

    @property
    def s(self) -> dict[str, object]:
        return SENDERS[self.sender_key]

    def other(self, role: str, iso: str, style: str) -> str:
        self.dates.append({"date": iso, "role": role})
        return fmt(iso, style)

    def birth(self, style: str) -> str:
        self.birth_printed = True
        return fmt(self.person.birth_date, style)

    def name(self, text: str, as_letter: str | None = None) -> str:
        if not self.as_written:
            self.as_written = text
            self.as_letter = as_letter or f"{self.person.given} {self.person.surname}"
        return text

    def before(self, lo: int, hi: int) -> str:
        return plus(self.letter_date, -self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> str:
        return plus(self.letter_date, self.rng.randint(lo, hi))


def _sender_head(c: Comp, ctx: Ctx, align: str, big: str = "arialb") -> None:
    s = ctx.s
    ctx.sender = str(s["name"])
    ctx.sender_alts = [str(a) for a in s["alts"]]  # type: ignore[attr-defined]
    c.add(str(s["name"]), big, 14 if len(str(s["name"])) < 40 else 11.5, align=align)
    if s["dept"]:
        c.add(str(s["dept"]), None, 9, align=align)
    c.add(str(s["addr"]), None, 8, align=align, grey=0.2)
    c.add(f"Fax {s['fax']}", None, 8, align=align, grey=0.2)
    c.gap(14)


COUNTRY_WORD = {
    "fr": "ALLEMAGNE",
    "nl": "DUITSLAND",
    "es": "ALEMANIA",
    "pl": "NIEMCY",
    "ru": "ГЕРМАНИЯ",
    "en": "GERMANY",
    "de": "DEUTSCHLAND",
}


def _address(c: Comp, ctx: Ctx, abroad: bool = False) -> None:
    lines = (PRACTICE_ADDRESS_ABROAD if abroad else PRACTICE_ADDRESS)[ctx.practice]
    if abroad:
        lines = [*lines[:-1], COUNTRY_WORD[ctx.language]]
    if ctx.rng.random() < 0.5 and not abroad:
        c.add(f"{ctx.s['name']} · {str(ctx.s['addr']).split(' · ')[-1]}", None, 6.5, grey=0.3)
    for ln in lines:
        c.add(ln, None, 10)
    c.gap(18)


def _pat_de(ctx: Ctx, style: str) -> str:
    p = ctx.person
    title = (p.title + " ") if p.title else ""
    if style == "full":
        return ctx.name(f"{title}{p.given} {p.surname}")
    if style == "comma":
        return ctx.name(f"{p.surname}, {p.given}")
    if style == "caps":
        return ctx.name(f"{p.surname.upper()}, {p.given}")
    if style == "allcaps":
        return ctx.name(f"{p.surname.upper()}, {p.given.upper()}")
    return ctx.name(f"{p.surname} {p.given}")


def _pick_de_name(ctx: Ctx) -> str:
    return _pat_de(ctx, ctx.rng.choice(["full", "comma", "caps", "allcaps", "plain"]))


def _anrede(p: Person) -> str:
    return "Frau" if p.sex == "F" else "Herrn"


def _ihre(p: Person) -> str:
    return "Ihre Patientin" if p.sex == "F" else "Ihren Patienten"


def _address_line(ctx: Ctx) -> str:
    r = ctx.person.reg
    if r is None:
        return "Talstraße 7, 52159 Roetgen"
    return f"{r.street}, {r.postcode} {r.city}"


def _signature(c: Comp, ctx: Ctx, closing: str, extra: str | None = None) -> None:
    c.gap(8)
    c.add(closing)
    c.gap(18)
    doc = str(ctx.s["doctor"])
    if doc:
        c.add(doc)
        ctx.people.append({"name": doc, "role": "signatory"})
    if extra:
        c.add(extra)
        ctx.people.append({"name": extra, "role": "co-signatory"})


BODY_DE = [
    "Die Aufnahme erfolgte über unsere Notaufnahme mit seit mehreren Tagen zunehmender "
    "Belastungsdyspnoe und Beinödemen beidseits.",
    "Laborchemisch zeigten sich ein erhöhtes NT-proBNP sowie eine leicht eingeschränkte "
    "Nierenfunktion bei bekannter chronischer Niereninsuffizienz Stadium G3a.",
    "Unter diuretischer Therapie kam es zu einer raschen Besserung der Beschwerden mit einer "
    "Gewichtsabnahme von insgesamt 4,5 kg.",
    "Echokardiographisch fand sich eine mittelgradig eingeschränkte linksventrikuläre "
    "Pumpfunktion ohne relevante Klappenvitien.",
    "Wir bitten um regelmäßige Kontrollen der Elektrolyte und der Nierenretentionswerte in "
    "Ihrer Praxis sowie um Anpassung der Medikation nach Befund.",
    "Die Mobilisation gelang unter physiotherapeutischer Anleitung gut, der Patient ist am "
    "Rollator selbstständig gehfähig.",
    "Eine Anschlussheilbehandlung wurde über unseren Sozialdienst beantragt; die Kostenzusage "
    "steht noch aus.",
    "Bei Wiederauftreten der Beschwerden empfehlen wir eine umgehende erneute Vorstellung.",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Metformin 1000 mg 1-0-1",
    "L-Thyroxin 75 µg 1-0-0",
]


def k_discharge(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, rng.choice(["l", "r", "c"]))
    _address(c, ctx)
    date_top = rng.random() < 0.7
    if date_top:
        c.add(f"{ctx.s['city']}, {fmt(ctx.letter_date, rng.choice(['de', 'de_long']))}", align="r")
    fall = f"Fall-Nr.: {rng.randint(40_000_000, 49_999_999)}"
    c.add(fall, align="r", size=8.5)
    c.gap(10)
    head = rng.choice(["Entlassungsbericht", "Arztbrief", "Vorläufiger Entlassbrief"])
    printed = head.upper() if rng.random() < 0.5 else head
    ctx.title, ctx.title_alts = printed, [head] if printed != head else []
    c.add(printed, "arialb", 12)
    adm = ctx.other("admission", ctx.before(8, 20), "de")
    dis = ctx.other("discharge", ctx.before(0, 6), "de")
    name = _pick_de_name(ctx)
    c.add(f"Patient/in: {name}, geb. {ctx.birth('de')}", "arialb")
    if ctx.person.reg and ctx.person.reg.collision_group == "C1":
        c.add(f"wohnhaft: {_address_line(ctx)}")
        ctx.notes.append("namesake with the same birth date; only the address tells them apart")
    elif rng.random() < 0.3:
        c.add(f"wohnhaft: {_address_line(ctx)}")
    c.add(f"Stationärer Aufenthalt vom {adm} bis {dis}")
    c.gap(8)
    c.add(SALUTE_DOCTOR[ctx.practice])
    c.para(
        f"wir berichten über {_ihre(ctx.person)}, die/der sich in unserer stationären "
        "Behandlung befand."
    )
    c.gap(6)
    c.add("Diagnosen:", "arialb")
    for dx in [
        "Akut dekompensierte Herzinsuffizienz (I50.14)",
        "Vorhofflimmern, permanent (I48.2)",
        "Chronische Niereninsuffizienz G3a (N18.3)",
        "Diabetes mellitus Typ 2 (E11.9)",
    ][: rng.randint(2, 4)]:
        c.add(f"– {dx}")
    c.gap(6)
    c.running = [f"{ctx.person.surname}, {ctx.person.given} – {head} – Seite {{P}} von {{N}}"]
    c.add("Verlauf:", "arialb")
    for _ in range(rng.randint(3, 5)):
        for b in rng.sample(BODY_DE, len(BODY_DE)):
            c.para(b)
        c.gap(4)
    c.add("Medikation bei Entlassung:", "arialb")
    for m in rng.sample(MEDS, 5):
        c.add(m)
    if rng.random() < 0.6:
        c.gap(4)
        fu = ctx.other("follow-up", ctx.after(20, 60), "de")
        c.add(f"Wiedervorstellung in unserer Ambulanz am {fu}.")
    if not date_top:
        c.gap(6)
        c.add(f"{ctx.s['city']}, den {fmt(ctx.letter_date, 'de')}")
    _signature(
        c, ctx, "Mit freundlichen kollegialen Grüßen", "Dr. med. Lea Houben, Assistenzärztin"
    )
    c.footer([f"{ctx.s['name']} · Seite {{P}} von {{N}}"])


def k_specialist(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, rng.choice(["l", "r"]), "serifb")
    c.base_font = "serif"
    c.base_size = 11
    _address(c, ctx)
    name = _pick_de_name(ctx)
    bstyle = rng.choice(["star", "geb", "long"])
    if bstyle == "star":
        c.add(f"Pat.: {name}, *{ctx.birth('de')}", "serifb")
    elif bstyle == "geb":
        c.add(f"Betr.: {_anrede(ctx.person)} {name}, geb. am {ctx.birth('de')}", "serifb")
    else:
        c.add(f"{name}, geboren am {ctx.birth('de_long')}", "serifb")
    exam = ctx.other("examination", ctx.before(0, 5), "de")
    head = rng.choice(["Befundbericht", "Facharztbrief", "Konsiliarbericht"])
    ctx.title, ctx.title_alts = head, []
    c.add(f"{head} – Untersuchung vom {exam}", "serifb")
    if ctx.person.register_id and rng.random() < 0.5:
        ctx.patient_id = ctx.person.register_id
        c.add(f"Ihre Pat.-Nr.: {ctx.person.register_id}", size=9)
    c.gap(8)
    c.add(SALUTE_DOCTOR[ctx.practice])
    for b in rng.sample(BODY_DE, 4):
        c.para(b)
    c.gap(4)
    c.para(
        "Beurteilung: Stabiler Verlauf, keine Therapieänderung erforderlich. Kontrolle in "
        "sechs Monaten."
    )
    c.gap(6)
    c.add(f"{ctx.s['city']}, {fmt(ctx.letter_date, rng.choice(['de', 'de_short']))}")
    _signature(c, ctx, "Mit freundlichen Grüßen")


LAB = [
    ("Natrium", "139", "mmol/l", "136 – 145"),
    ("Kalium", "5,4", "mmol/l", "3,5 – 5,1 H"),
    ("Kreatinin", "1,31", "mg/dl", "0,50 – 1,20 H"),
    ("eGFR (CKD-EPI)", "52", "ml/min", "> 60 L"),
    ("HbA1c", "7,2", "%", "< 6,5 H"),
    ("TSH", "2,10", "mU/l", "0,27 – 4,20"),
    ("CRP", "< 0,5", "mg/dl", "< 0,5"),
    ("Hämoglobin", "12,9", "g/dl", "12,0 – 16,0"),
    ("Leukozyten", "7,8", "/nl", "3,9 – 10,2"),
    ("LDL-Cholesterin", "142", "mg/dl", "< 116 H"),
]


def k_lab(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "cond"
    c.base_size = 9
    _sender_head(c, ctx, rng.choice(["l", "c"]), "condb")
    _address(c, ctx)
    iso = rng.random() < 0.35
    st = "iso" if iso else "de"
    head = rng.choice(["Laborbefund", "Endbefund", "Teilbefund"])
    ctx.title, ctx.title_alts = head.upper(), [head, "Laborbefund"]
    c.add(head.upper(), "condb", 13)
    name = _pat_de(ctx, rng.choice(["allcaps", "caps", "comma"]))
    c.add(f"Name: {name}")
    c.add(f"Geb.-Datum: {ctx.birth(st)}  Geschlecht: {'w' if ctx.person.sex == 'F' else 'm'}")
    if rng.random() < 0.8:
        ctx.patient_id = ctx.person.register_id
        c.add(f"Pat.-Nr. Einsender: {ctx.person.register_id or 'ohne'}")
    c.add(f"Auftrags-Nr.: {rng.randint(2_500_000_000, 2_599_999_999)}")
    coll = ctx.before(1, 3)
    c.add(f"Entnahme: {ctx.other('collection', coll, st)} 08:10")
    c.add(f"Eingang Labor: {ctx.other('lab receipt', plus(coll, 1), st)} 14:02")
    c.add(f"Befunddatum: {fmt(ctx.letter_date, st)}")
    c.add(
        f"Einsender: {PRACTICES[ctx.practice]['name']}"
        if ctx.practice != 1
        else "Einsender: Hausärztliche Versorgung Nordeifel"
    )
    ctx.notes.append("the receiving practice is printed as the sender of the sample (Einsender)")
    c.gap(8)
    c.add("Untersuchung Ergebnis Einheit Referenzbereich", "condb")
    for row in rng.sample(LAB, rng.randint(6, 10)):
        c.add(" ".join(row))
    c.gap(8)
    c.para(
        "Befund technisch und medizinisch validiert. Werte außerhalb des Referenzbereichs "
        "sind mit H (hoch) bzw. L (niedrig) gekennzeichnet."
    )
    ctx.sender_alts.append(str(ctx.s["doctor"]))
    c.add(f"Validiert: {ctx.s['doctor']}")
    ctx.people.append({"name": str(ctx.s["doctor"]), "role": "validating physician"})


def k_radiology(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, rng.choice(["r", "c"]))
    _address(c, ctx)
    c.add(f"{ctx.s['city']}, {fmt(ctx.letter_date, 'de')}", align="r")
    c.gap(6)
    exam = ctx.other("examination", ctx.before(0, 3), "de")
    name = _pat_de(ctx, rng.choice(["full", "comma"]))
    c.add(
        f"{_anrede(ctx.person) if ctx.person.sex == 'F' else 'Herr'} {name} "
        f"(geb. {ctx.birth('de')})",
        "arialb",
    )
    if ctx.person.register_id and rng.random() < 0.5:
        ctx.patient_id = ctx.person.register_id
        c.add(
            f"Ihr Zeichen: {ctx.person.register_id} Unser Zeichen: RZ-{rng.randint(1000, 9999)}",
            size=8.5,
        )
    head = rng.choice(
        [
            "MRT der Lendenwirbelsäule nativ",
            "CT des Thorax mit Kontrastmittel",
            "Sonographie des Abdomens",
            "Mammographie beidseits",
        ]
    )
    ctx.title, ctx.title_alts = head, [f"{head} vom {exam}"]
    c.add(f"{head} vom {exam}", "arialb")
    c.gap(6)
    c.add("Rechtfertigende Indikation:", "arialb")
    c.para("Seit sechs Wochen persistierende Beschwerden, Ausschluss einer strukturellen Ursache.")
    c.add("Befund:", "arialb")
    c.para(
        "Regelrechte Darstellung der abgebildeten Strukturen. Keine Raumforderung, kein "
        "Nachweis einer Fraktur. Degenerative Veränderungen altersentsprechend."
    )
    c.add("Beurteilung:", "arialb")
    c.para("Kein Nachweis einer akuten Pathologie. Altersentsprechende degenerative Veränderungen.")
    _signature(c, ctx, "Mit freundlichen Grüßen")


def _info_block(c: Comp, rows: list[str]) -> None:
    for r in rows:
        c.add(r, None, 8.5, x=min(380.0, c.right - render.width(r, c.base_font, 8.5)))


def k_insurer(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, "r", "arialb")
    _address(c, ctx)
    rows = [
        f"Ihr Ansprechpartner: {ctx.s['doctor'] or 'Leistungsabteilung'}",
        f"Telefax: {ctx.s['fax']}",
        f"Datum: {fmt(ctx.letter_date, 'de')}",
    ]
    _info_block(c, rows)
    c.gap(10)
    if ctx.sender_key == "aok":
        head = rng.choice(
            [
                "Anforderung eines ärztlichen Befundberichts",
                "Krankengeld – Anfrage zur Arbeitsunfähigkeit",
            ]
        )
        name = _pat_de(ctx, "full")
        c.add(head, "arialb", 11)
        c.add(f"Versicherte/r: {name}, geb. am {ctx.birth('de')}")
        c.add(f"Versichertennummer: {rng.choice('ABKMS')}{rng.randint(100_000_000, 999_999_999)}")
        since = ctx.other("incapacity since", ctx.before(30, 90), "de")
        c.gap(6)
        c.add("Sehr geehrte Damen und Herren,")
        c.para(
            f"Ihre Patientin/Ihr Patient ist seit dem {since} arbeitsunfähig erkrankt. Für die "
            "weitere Prüfung des Anspruchs auf Krankengeld bitten wir Sie, den beigefügten "
            "Vordruck auszufüllen und an uns zurückzusenden."
        )
        c.para("Die Vergütung erfolgt nach den geltenden vertraglichen Bestimmungen.")
    else:
        head = "Anfrage zur Leistungsprüfung"
        name = _pat_de(ctx, "full")
        c.add(f"Betreff: {head}", "arialb", 11)
        c.add(f"Versicherte Person: {name}")
        if rng.random() < 0.5:
            c.add(f"Geburtsdatum: {ctx.birth('de')}")
        c.add(f"Versicherungsnummer: {rng.randint(10_000_000, 99_999_999)}-{rng.randint(1, 9)}")
        treat = ctx.other("treatment", ctx.before(20, 60), "de")
        c.gap(6)
        c.add("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
        c.para(
            f"zur Prüfung der Rechnung vom {treat} benötigen wir weitere Angaben zu Diagnose "
            "und Behandlungsverlauf. Eine Schweigepflichtentbindung liegt uns vor."
        )
    ctx.title, ctx.title_alts = head, [f"Betreff: {head}"]
    c.add("Mit freundlichen Grüßen")
    c.add(f"{ctx.s['name']}")


def k_md(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, "l", "arialb")
    _address(c, ctx)
    _info_block(
        c,
        [f"Aachen, {fmt(ctx.letter_date, 'de')}", f"Az.: SGB XI-2025-{rng.randint(10000, 99999)}"],
    )
    c.gap(8)
    head = "Begutachtung zur Feststellung der Pflegebedürftigkeit nach § 18 SGB XI"
    ctx.title, ctx.title_alts = head, ["Begutachtung zur Feststellung der Pflegebedürftigkeit"]
    c.add(head, "arialb", 10.5)
    p = ctx.person
    if p.reg and p.reg.birth_name:
        name = ctx.name(f"{p.given} {p.surname} geb. {p.reg.birth_name}")
        ctx.notes.append("birth name printed after 'geb.' (not a birth date)")
    else:
        name = ctx.name(f"{p.given} {p.surname}")
    c.add(f"Antragsteller/in: {name}, geboren {ctx.birth('de')}")
    visit = ctx.other("home visit", ctx.after(5, 20), "de_weekday")
    c.gap(6)
    c.add("Sehr geehrte Damen und Herren,")
    c.para(
        f"im Auftrag der Pflegekasse werden wir die Begutachtung am {visit} um 10:30 Uhr im "
        "häuslichen Umfeld durchführen. Bitte übersenden Sie uns vorab aktuelle Befunde, "
        "Entlassungsberichte und den Medikationsplan."
    )
    rel = rng.choice(["Sohn Thomas", "Tochter Sabine", "Ehemann Heinz"])
    c.para(f"Als Kontaktperson wurde uns {rel} benannt.")
    ctx.people.append({"name": rel.split(" ")[1], "role": "relative"})
    _signature(c, ctx, "Mit freundlichen Grüßen")


def k_ga(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, "c", "arialb")
    _address(c, ctx)
    head = rng.choice(
        [
            "Umgebungsuntersuchung nach § 26 IfSG (Tuberkulose)",
            "Meldung nach Infektionsschutzgesetz – Rückfrage",
        ]
    )
    ctx.title, ctx.title_alts = head.upper(), [head]
    c.add(fmt(ctx.letter_date, "de_long"), align="r")
    c.add(head.upper(), "arialb", 10)
    name = _pat_de(ctx, rng.choice(["full", "comma"]))
    c.add(f"Kontaktperson: {name}, geb. {ctx.birth('de')}")
    index_b = ctx.other(
        "birth date of the index case",
        f"{rng.randint(1950, 1990)}-0{rng.randint(1, 9)}-{rng.randint(10, 28)}",
        "de",
    )
    c.add(f"Indexfall: Herr Dieter Kaulen, geb. {index_b}")
    ctx.people.append({"name": "Dieter Kaulen", "role": "index case"})
    ctx.notes.append("a second person with a birth date (the index case) beside the patient")
    contact = ctx.other("last contact", ctx.before(10, 30), "de")
    c.gap(6)
    c.add("Sehr geehrte Damen und Herren,")
    c.para(
        f"die oben genannte Person hatte am {contact} engen Kontakt zu einer an "
        "offener Lungentuberkulose erkrankten Person. Wir bitten um Durchführung eines "
        "Interferon-Gamma-Tests und Mitteilung des Ergebnisses."
    )
    _signature(c, ctx, "Im Auftrag")


def k_care(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "sans"
    c.base_size = 9.5
    _sender_head(c, ctx, "l", "sansb")
    to = "Praxis Dres. Schillings / Demir-Kaulen"
    c.add(f"An: {PRACTICES[ctx.practice]['name'] if ctx.practice != 1 else to}")
    c.add(f"Fax: {PRACTICES[ctx.practice]['fax']}")
    c.add(f"Datum: {fmt(ctx.letter_date, 'de')}")
    c.gap(8)
    head = "Bitte um Verordnung häuslicher Krankenpflege"
    ctx.title, ctx.title_alts = head, ["Folgeverordnung"]
    c.add(head, "sansb", 11)
    name = _pat_de(ctx, rng.choice(["comma", "full"]))
    c.add(f"Klient/in: {name}")
    if rng.random() < 0.6:
        c.add(f"Geburtsdatum: {ctx.birth('de')}")
    if ctx.person.register_id and rng.random() < 0.4:
        ctx.patient_id = ctx.person.register_id
        c.add(f"Ihre Patientennummer: {ctx.person.register_id}")
    start = ctx.after(3, 12)
    c.add(
        f"Zeitraum: {ctx.other('prescription from', start, 'de')} bis "
        f"{ctx.other('prescription until', plus(start, 90), 'de')}"
    )
    c.gap(6)
    c.para(
        "Leistungen: Medikamentengabe 2x täglich, Kompressionsstrümpfe an- und ausziehen, "
        "Blutzuckermessung 1x täglich."
    )
    c.para("Bitte senden Sie die Verordnung (Muster 12) an unsere Station. Vielen Dank!")
    _signature(c, ctx, "Mit freundlichen Grüßen")


def k_pharmacy(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "arial"
    _sender_head(c, ctx, "c", "serifb")
    c.add(f"Telefax an {PRACTICES[ctx.practice]['names'][1]}")  # type: ignore[index]
    c.add(f"{ctx.s['city']}, {fmt(ctx.letter_date, 'de')}")
    rx = ctx.other("prescription", ctx.before(1, 4), "de")
    head = f"Rückfrage zu Ihrem Rezept vom {rx}"
    ctx.title, ctx.title_alts = head, ["Rückfrage zu Ihrem Rezept"]
    c.gap(6)
    c.add(head, "arialb", 11)
    name = _pat_de(ctx, "comma")
    c.add(f"für {name}")
    c.gap(6)
    c.para(
        "Das verordnete Präparat ist derzeit nicht lieferbar. Wir schlagen ein wirkstoffgleiches "
        "Präparat eines anderen Herstellers vor. Bitte kreuzen Sie an und faxen zurück:"
    )
    c.add("[ ] Austausch einverstanden    [ ] neues Rezept folgt")
    c.gap(10)
    c.add("Stempel/Unterschrift Arzt: ____________________")
    _signature(c, ctx, "Vielen Dank und freundliche Grüße")
    _ = rng


def k_physio(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "dvserif"
    c.base_size = 9.5
    _sender_head(c, ctx, "r", "sansb")
    _address(c, ctx)
    head = "Therapiebericht"
    ctx.title, ctx.title_alts = head, []
    c.add(head, "sansb", 12)
    name = _pat_de(ctx, rng.choice(["full", "plain"]))
    c.add(f"Patient/in: {name}")
    vo = ctx.other("prescription", ctx.before(40, 60), "de")
    b1 = ctx.other("first treatment", ctx.before(30, 38), "de")
    b2 = ctx.other("last treatment", ctx.before(1, 5), "de")
    c.add(f"Verordnung vom {vo}: KG 6x, Doppelbehandlung")
    c.add(f"Behandlungszeitraum: {b1} – {b2}")
    c.gap(6)
    c.para(
        "Unter krankengymnastischer Behandlung deutliche Verbesserung der Beweglichkeit im "
        "Schultergelenk, Abduktion jetzt bis 140 Grad. Wir empfehlen eine Folgeverordnung."
    )
    c.add(f"Monschau, den {fmt(ctx.letter_date, 'de_short')}")
    _signature(c, ctx, "Mit freundlichen Grüßen")


def k_email(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "arial"
    c.base_size = 9.5
    mail = {
        0: "praxis@hausarzt-lousberg.de",
        1: "info@hausaerzte-nordeifel.de",
        2: "empfang@hz-dueren-nord.de",
    }[ctx.practice]
    c.add(str(PRACTICES[ctx.practice]["doctor"]), "arialb", 11)
    ctx.notes.append("the e-mail printout's top line names the receiving practice's doctor")
    c.gap(8)
    s = ctx.s
    ctx.sender = str(s["name"])
    ctx.sender_alts = [str(a) for a in s["alts"]]  # type: ignore[attr-defined]
    c.add(f"Von: {s['doctor']} <kontakt@{str(s['name']).split(' ')[0].lower()}.de>")
    sent = fmt(ctx.letter_date, "de_weekday")
    c.add(f"Gesendet: {sent} 09:{rng.randint(10, 59)}")
    c.add(f"An: {mail}")
    name = _pat_de(ctx, rng.choice(["full", "comma"]))
    head = f"Befund {name}"
    ctx.title, ctx.title_alts = head, [f"Betreff: {head}"]
    c.add(f"Betreff: {head}")
    c.gap(10)
    c.add("Liebe Kollegin, lieber Kollege,")
    c.para(
        "anbei wie besprochen der aktuelle Befund. Die Werte haben sich gegenüber der "
        "Voruntersuchung gebessert; eine Änderung der Therapie ist nicht erforderlich."
    )
    if rng.random() < 0.5:
        c.para(f"Geburtsdatum zur Sicherheit: {ctx.birth('de')}.")
    if ctx.person.register_id and rng.random() < 0.5:
        ctx.patient_id = ctx.person.register_id
        c.para(f"(Ihre Patientennummer laut Überweisung: {ctx.person.register_id})")
    c.add("Viele Grüße")
    c.add(str(s["doctor"]))
    ctx.people.append({"name": str(s["doctor"]), "role": "author"})
    c.add(str(s["name"]))
    c.footer(["Seite 1 von 1"])


def k_form(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = "narrow"
    c.base_size = 9.5
    ctx.sender_key = "aok"
    _sender_head(c, ctx, "l", "arialb")
    head = "Ärztliche Bescheinigung für den Bezug von Krankengeld"
    ctx.title = head
    ctx.title_alts = [f"{head} bei Erkrankung eines Kindes", "Muster 21"]
    c.add("Muster 21", None, 8, align="r")
    c.add(head, "arialb", 10)
    c.add("bei Erkrankung eines Kindes", "arialb", 10)
    c.gap(6)
    p = ctx.person
    c.add(f"Name, Vorname des Versicherten: {rng.choice(['Jansen', 'Thelen'])}, Sabine")
    ctx.people.append({"name": "Sabine (parent, insured)", "role": "insured parent"})
    parent_b = ctx.other(
        "birth date of the insured parent",
        f"19{rng.randint(70, 89)}-11-{rng.randint(10, 28)}",
        "de",
    )
    c.add(f"geb. am: {parent_b}")
    name = ctx.name(f"{p.surname}, {p.given}")
    c.add(f"Name, Vorname des Kindes: {name}")
    c.add(f"geb. am: {ctx.birth('de')}")
    c.gap(6)
    a = ctx.other("care needed from", ctx.before(3, 5), "de")
    b = ctx.other("care needed until", ctx.before(0, 2), "de")
    c.add(f"Betreuung notwendig vom {a} bis einschließlich {b}")
    c.add(f"Datum: {fmt(ctx.letter_date, 'de')}")
    ctx.notes.append("form: the parent's birth date stands above the child's")
    c.add("Vertragsarztstempel / Unterschrift")


def k_bundeswehr(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    _sender_head(c, ctx, "c", "arialb")
    _address(c, ctx)
    c.add(f"Koblenz, {fmt(ctx.letter_date, 'de')}", align="r")
    head = "Ambulanter Arztbrief"
    ctx.title, ctx.title_alts = head, []
    c.add(head, "arialb", 12)
    rank = rng.choice(["Hauptfeldwebel", "Oberleutnant", "Stabsunteroffizier"])
    p = ctx.person
    name = ctx.name(f"{rank} {p.given} {p.surname}")
    ctx.notes.append("military rank printed before the name (not a title)")
    c.add(
        f"Betr.: {name}, geb. {ctx.birth('de')}, PK {rng.randint(100000, 999999)}-"
        f"{p.surname[0]}-{rng.randint(10000, 99999)}"
    )
    op = ctx.other("operation", ctx.before(10, 20), "de")
    c.gap(6)
    c.add(SALUTE_DOCTOR[ctx.practice])
    c.para(
        f"wir berichten über die ambulante Vorstellung nach arthroskopischer Meniskusteilresektion "
        f"rechts am {op}. Der Heilungsverlauf ist regelrecht."
    )
    c.para(
        "Weiterhin dienstunfähig für zwei Wochen; anschließend Wiedereingliederung in den "
        "Dienst ohne Marsch- und Sportbelastung."
    )
    _signature(c, ctx, "Mit kameradschaftlichen Grüßen")


def k_handwritten(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    c.base_font = rng.choice(["hand", "hand2"])
    c.base_size = 14
    c.left = 80
    s = ctx.s
    dated = rng.random() > 0.45
    c.add("Liebe Frau Dr. Offergeld," if ctx.practice == 0 else "Liebe Kollegen,")
    p = ctx.person
    name = ctx.name(f"{'Frau' if p.sex == 'F' else 'Herr'} {p.given} {p.surname}")
    ctx.notes.append("handwritten note, no birth date")
    c.add(f"{name} war heute wieder gestürzt,")
    c.add("keine Verletzung, aber sehr unsicher.")
    c.add("Bitte um Rückruf wegen Rollator-Rezept!")
    c.gap(10)
    signer = str(s["doctor"]).split(" ", 1)[-1]
    c.add(f"Gruß {signer}")
    ctx.sender = signer
    ctx.sender_alts = [str(s["name"]), str(s["doctor"])]
    ctx.people.append({"name": signer, "role": "author"})
    if dated:
        c.add(fmt(ctx.letter_date, "de_short"))
    else:
        ctx.dated = False
        ctx.notes.append("undated note")
    ctx.title = None


# ----- letters from abroad -----------------------------------------------------------------


def _foreign_head(c: Comp, ctx: Ctx, align: str) -> None:
    _sender_head(c, ctx, align, "sansb")
    c.base_font = "sans"
    c.base_size = 9.5
    _address(c, ctx, abroad=True)


def k_be_fr(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    ctx.region, ctx.language = "BE", "fr"
    _foreign_head(c, ctx, "l")
    c.add(f"Liège, le {fmt(ctx.letter_date, rng.choice(['slash', 'fr_long']))}", align="r")
    p = ctx.person
    head = "Rapport de consultation"
    ctx.title, ctx.title_alts = head, []
    c.add(head, "sansb", 12)
    civ = "Madame" if p.sex == "F" else "Monsieur"
    name = ctx.name(f"{p.surname.upper()} {p.given}")
    c.add(f"Concerne : {civ} {name}, {'née' if p.sex == 'F' else 'né'} le {ctx.birth('slash')}")
    ctx.notes.append("Belgian style: SURNAME Given name, dates dd/mm/yyyy")
    a = ctx.other("admission", ctx.before(6, 12), "slash")
    b = ctx.other("discharge", ctx.before(1, 5), "slash")
    c.gap(6)
    c.add("Chère Consœur, Cher Confrère,")
    c.para(
        f"Votre patient(e) a été hospitalisé(e) dans notre service du {a} au {b} pour une "
        "fibrillation auriculaire rapide. Une anticoagulation a été instaurée."
    )
    c.para("Nous vous remercions de bien vouloir assurer le suivi biologique.")
    _signature(c, ctx, "Bien confraternellement,")


def k_be_de(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    ctx.region, ctx.language = "BE", "de"
    _foreign_head(c, ctx, "c")
    p = ctx.person
    c.add(f"Eupen, den {fmt(ctx.letter_date, 'slash')}", align="r")
    head = "Entlassungsbrief"
    ctx.title, ctx.title_alts = head, []
    c.add(head, "sansb", 12)
    name = ctx.name(f"{p.surname.upper()} {p.given}")
    c.add(f"Patient: {name} (°{ctx.birth('slash')})")
    ctx.notes.append("Belgian '°' marks the birth date")
    b = p.birth_date
    nn = f"{b[2:4]}.{b[5:7]}.{b[8:10]}-{rng.randint(100, 999)}.{rng.randint(10, 99)}"
    c.add(f"Nationalregisternummer: {nn}")
    ctx.notes.append("Belgian national number starts with the birth date (yy.mm.dd)")
    a = ctx.other("admission", ctx.before(6, 12), "slash")
    c.gap(6)
    c.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    c.para(
        f"Ihr Patient wurde am {a} über unsere Notaufnahme aufgenommen. Es erfolgte eine "
        "intravenöse Antibiose bei Pneumonie mit gutem Ansprechen."
    )
    _signature(c, ctx, "Mit kollegialen Grüßen")


def k_be_nl(c: Comp, ctx: Ctx) -> None:
    ctx.region, ctx.language = "BE", "nl"
    _foreign_head(c, ctx, "r")
    p = ctx.person
    c.add(f"Genk, {fmt(ctx.letter_date, 'slash')}")
    head = "Ontslagbrief"
    ctx.title, ctx.title_alts = head, []
    c.add(head, "sansb", 12)
    civ = "mevrouw" if p.sex == "F" else "de heer"
    name = ctx.name(f"{p.surname.upper()} {p.given}")
    c.add(f"Betreft: {civ} {name} (°{ctx.birth('slash')})")
    op = ctx.other("operation", ctx.before(4, 9), "slash")
    c.gap(6)
    c.add("Geachte collega,")
    c.para(
        f"Uw patiënt onderging op {op} een totale heupprothese links. Het postoperatieve "
        "verloop was ongecompliceerd. Controle op de raadpleging over zes weken."
    )
    _signature(c, ctx, "Met collegiale groeten,")


def k_nl(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    ctx.region, ctx.language = "NL", "nl"
    _foreign_head(c, ctx, "l")
    p = ctx.person
    c.add(f"{ctx.s['city']}, {fmt(ctx.letter_date, 'nl_long')}")
    c.add(f"Uw kenmerk: - Ons kenmerk: {rng.randint(1000000, 9999999)}", size=8)
    head = rng.choice(["Poliklinische brief", "SEH-brief"])
    ctx.title, ctx.title_alts = head, [f"Betreft: {head}"]
    c.add(f"Betreft: {head}", "sansb")
    civ = "mw." if p.sex == "F" else "dhr."
    initials = "".join(g[0] + "." for g in p.given.replace("-", " ").split(" "))
    name = ctx.name(f"{civ} {initials} {p.surname}", f"{initials} {p.surname}")
    ctx.notes.append("Dutch style: initials only")
    c.add(f"Patiënt: {name}, geb. {ctx.birth('dash')}")
    visit = ctx.other("visit", ctx.before(1, 10), "dash")
    c.gap(6)
    c.add("Geachte collega,")
    c.para(
        f"Op {visit} zagen wij uw patiënt op de polikliniek in verband met toenemende "
        "kortademigheid. Longfunctieonderzoek toont een matig ernstige COPD."
    )
    _signature(c, ctx, "Met vriendelijke groet,")


def k_lu(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    ctx.region = "LU"
    p = ctx.person
    if ctx.sender_key == "chl":
        ctx.language = "fr"
        _foreign_head(c, ctx, "l")
        c.add(f"Luxembourg, le {fmt(ctx.letter_date, 'fr_long')}", align="r")
        head = "Compte rendu de consultation"
        ctx.title, ctx.title_alts = head, []
        c.add(head, "sansb", 12)
        civ = "Madame" if p.sex == "F" else "Monsieur"
        name = ctx.name(f"{p.surname.upper()} {p.given}")
        c.add(f"Concerne: {civ} {name}, né(e) le {ctx.birth('de')}")
        c.add(f"Matricule: {p.birth_date.replace('-', '')}{rng.randint(10000, 99999)}")
        ctx.notes.append("Luxembourg matricule begins with the birth date (yyyymmdd)")
        c.gap(6)
        c.add("Cher Confrère,")
        c.para(
            "Je revois votre patient(e) pour des céphalées chroniques. L'IRM cérébrale est "
            "normale. Je propose un traitement de fond par amitriptyline."
        )
        _signature(c, ctx, "Confraternellement,")
    else:
        ctx.language = "de"
        _foreign_head(c, ctx, "r")
        c.add(f"Lëtzebuerg, den {fmt(ctx.letter_date, 'lb_long')}")
        head = "Endoskopiebefund"
        ctx.title, ctx.title_alts = head, []
        c.add(head, "sansb", 12)
        name = _pat_de(ctx, "full")
        c.add(f"Patient(in): {name}, geb. {ctx.birth('de')}")
        ex = ctx.other("examination", ctx.before(0, 2), "de")
        c.gap(6)
        c.add("Léif Kolleegin, léiwe Kolleeg,")
        c.para(
            f"Koloskopie vom {ex}: zwei kleine Polypen im Sigma, komplett abgetragen. "
            "Histologie folgt. Kontrolle in drei Jahren."
        )
        ctx.notes.append("Luxembourgish month name and salutation")
        _signature(c, ctx, "Mat beschte Gréiss")


def k_fr(c: Comp, ctx: Ctx) -> None:
    ctx.region, ctx.language = "FR", "fr"
    _foreign_head(c, ctx, "c")
    p = ctx.person
    c.add(f"Strasbourg, le {fmt(ctx.letter_date, 'fr_long')}", align="r")
    head = "Compte rendu d'hospitalisation"
    ctx.title, ctx.title_alts = head, [f"Objet : {head}"]
    c.add(f"Objet : {head}", "sansb")
    if p.sex == "F" and p.reg and p.reg.birth_name:
        name = ctx.name(f"Mme {p.surname.upper()} née {p.reg.birth_name.upper()} {p.given}")
        ctx.notes.append("French 'née' followed by the maiden name, not a date")
    else:
        name = ctx.name(f"{'Mme' if p.sex == 'F' else 'M.'} {p.surname.upper()} {p.given}")
    c.add(f"Patient : {name}")
    c.add(f"Date de naissance : {ctx.birth('slash')}")
    a = ctx.other("admission", ctx.before(5, 9), "slash")
    b = ctx.other("discharge", ctx.before(1, 3), "slash")
    c.gap(6)
    c.add("Cher Confrère,")
    c.para(
        f"Votre patient(e) a séjourné dans le service du {a} au {b} pour un érysipèle de la "
        "jambe droite, traité par amoxicilline avec bonne évolution."
    )
    _signature(c, ctx, "Bien confraternellement")


def k_es(c: Comp, ctx: Ctx) -> None:
    ctx.region, ctx.language = "ES", "es"
    _foreign_head(c, ctx, "l")
    p = ctx.person
    head = "Informe de alta de urgencias"
    ctx.title, ctx.title_alts = head.upper(), [head]
    c.add(head.upper(), "sansb", 12)
    name = ctx.name(f"{p.surname.upper()}, {p.given.upper()}")
    c.add(f"Paciente: {name}")
    c.add(f"Fecha de nacimiento: {ctx.birth('slash')}")
    a = ctx.other("attendance", ctx.before(0, 1), "slash")
    c.add(f"Fecha de ingreso: {a} 22:15")
    c.gap(6)
    c.para(
        "Paciente que acude por dolor abdominal de 12 horas de evolución. Ecografía sin "
        "hallazgos patológicos. Se pauta analgesia y se recomienda control por su médico."
    )
    c.add(f"Alicante, {fmt(ctx.letter_date, 'es_long')}")
    _signature(c, ctx, "Atentamente,")


def k_pl(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    ctx.region, ctx.language = "PL", "pl"
    _foreign_head(c, ctx, "l")
    p = ctx.person
    c.add(f"Kraków, dnia {fmt(ctx.letter_date, rng.choice(['pl_num', 'pl_long']))}", align="r")
    head = "Karta informacyjna leczenia szpitalnego"
    ctx.title, ctx.title_alts = head.upper(), [head]
    c.add(head.upper(), "sansb", 11)
    name = ctx.name(f"{p.surname} {p.given}")
    c.add(f"Pacjent: {name}")
    c.add(f"Data urodzenia: {ctx.birth('de')}")
    a = ctx.other("admission", ctx.before(6, 12), "de")
    b = ctx.other("discharge", ctx.before(0, 3), "de")
    c.add(f"Przyjęto: {a} Wypisano: {b}")
    c.gap(6)
    c.para(
        "Rozpoznanie: zapalenie płuc. Zastosowano antybiotykoterapię z dobrym efektem. "
        "Zalecenia: kontrola u lekarza rodzinnego."
    )
    _signature(c, ctx, "Z poważaniem")


def k_ru(c: Comp, ctx: Ctx) -> None:
    ctx.region, ctx.language = "RU", "ru"
    _foreign_head(c, ctx, "c")
    p = ctx.person
    head = "Выписной эпикриз"
    ctx.title, ctx.title_alts = head.upper(), [head]
    c.add(head.upper(), "sansb", 12)
    sur = CYRILLIC.get(p.surname, p.surname)
    giv = CYRILLIC.get(p.given, p.given)
    name = ctx.name(f"{sur} {giv}", f"{giv} {sur}")
    ctx.notes.append("Cyrillic spelling of a name the register holds in German transliteration")
    c.add(f"Пациент: {name}")
    c.add(f"Дата рождения: {ctx.birth('de')}")
    a = ctx.other("admission", ctx.before(6, 12), "de")
    b = ctx.other("discharge", ctx.before(0, 3), "de")
    c.add(f"Находился(-ась) на лечении с {a} по {b}")
    c.gap(6)
    c.para(
        "Диагноз: гипертоническая болезнь II стадии. Рекомендовано наблюдение у врача "
        "общей практики."
    )
    c.add(f"Санкт-Петербург, {fmt(ctx.letter_date, 'ru_long')}")
    _signature(c, ctx, "С уважением,")


def k_en(c: Comp, ctx: Ctx) -> None:
    rng = ctx.rng
    key = ctx.sender_key
    ctx.region = {"nhs": "GB", "galway": "IE", "mayo": "US"}[key]
    ctx.language = "en"
    _foreign_head(c, ctx, rng.choice(["l", "r"]))
    p = ctx.person
    dstyle = {"GB": "en_gb", "IE": "en_ie", "US": "en_us"}[ctx.region]
    nstyle = "us_num" if ctx.region == "US" else "slash"
    c.add(fmt(ctx.letter_date, dstyle))
    head = {
        "GB": "Emergency Department Discharge Summary",
        "IE": "Outpatient Clinic Letter",
        "US": "Discharge Summary",
    }[ctx.region]
    ctx.title, ctx.title_alts = head, []
    c.add(head, "sansb", 12)
    civ = "Mrs" if p.sex == "F" else "Mr"
    if ctx.region == "US":
        name = ctx.name(f"{p.given} {p.surname}")
    else:
        name = ctx.name(f"{civ} {p.given} {p.surname}")
    c.add(f"Re: {name}, DOB {ctx.birth(nstyle)}")
    if ctx.region == "US":
        ctx.notes.append("US convention: numeric dates are month/day/year")
        c.add(f"MRN: {rng.randint(10_000_000, 99_999_999)}")
    seen = ctx.other("attendance", ctx.before(1, 6), nstyle)
    c.gap(6)
    c.add("Dear Doctor,")
    c.para(
        f"Your patient, a visitor from Germany, attended on {seen} with a fall on the "
        "outstretched hand. X-ray showed an undisplaced distal radius fracture, treated "
        "in a cast. Please arrange follow-up with fracture clinic at home."
    )
    _signature(c, ctx, "Yours sincerely,")


KINDS: dict[str, tuple[object, list[str]]] = {
    "discharge letter": (k_discharge, ["uka", "antonius", "marien", "dueren", "ukk", "ukb"]),
    "specialist report": (k_specialist, ["kardio", "neuro", "ortho"]),
    "lab report": (k_lab, ["labor", "labor2"]),
    "radiology report": (k_radiology, ["radio", "radio2"]),
    "insurer letter": (k_insurer, ["aok", "central", "debeka"]),
    "MD assessment notice": (k_md, ["md"]),
    "public health office": (k_ga, ["ga", "ga2"]),
    "care service fax": (k_care, ["pflege", "pflege2"]),
    "pharmacy query": (k_pharmacy, ["apo"]),
    "therapy report": (k_physio, ["physio"]),
    "e-mail printout": (k_email, ["ukk", "kardio", "neuro", "radio"]),
    "form (Muster 21)": (k_form, ["aok"]),
    "Bundeswehr hospital letter": (k_bundeswehr, ["bwzk"]),
    "handwritten note": (k_handwritten, ["pflege", "pflege2", "physio"]),
    "Belgium (French)": (k_be_fr, ["chu_liege"]),
    "Belgium (German)": (k_be_de, ["chc"]),
    "Belgium (Dutch)": (k_be_nl, ["zol"]),
    "Netherlands": (k_nl, ["mumc", "zuyderland"]),
    "Luxembourg": (k_lu, ["chl", "hrs"]),
    "France": (k_fr, ["chu_stras"]),
    "Spain": (k_es, ["alicante"]),
    "Poland": (k_pl, ["krakow"]),
    "Russia": (k_ru, ["spb"]),
    "English": (k_en, ["nhs", "galway", "mayo"]),
}
KIND_NAMES = list(KINDS)

FAX_SHORT = {
    "DE": "S.",
    "BE": "P.",
    "NL": "P.",
    "LU": "P.",
    "FR": "P.",
    "ES": "Pág.",
    "PL": "Str.",
    "RU": "Стр.",
    "GB": "P.",
    "IE": "P.",
    "US": "P.",
}


def _fax_date(iso: str, region: str) -> str:
    if region == "US":
        return fmt(iso, "us_num")
    if region in ("DE", "PL", "RU", "LU"):
        return fmt(iso, "de")
    if region == "NL":
        return fmt(iso, "dash")
    return fmt(iso, "slash")


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    kind: str
    comp: Comp
    ctx: Ctx
    handwritten: bool
    fax_sent: str
    fax_cover: bool
    fax_fine: bool
    fax_g4: bool
    stamp_date: str | None
    reg: register.Patient | None
    cover_lines: list[Line] = field(default_factory=list)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def _stamp(self) -> list[Line] | None:
        if self.stamp_date is None:
            return None
        short = ["Praxis am Lousberg", "Praxis Nordeifel", "HZ Düren-Nord"][self.ctx.practice]
        return render.stamp_lines(fmt(self.stamp_date, "stamp"), short)

    def _fax_pages(self) -> list[tuple[str, list[Line], str]]:
        pages: list[tuple[str, list[Line]]] = []
        if self.fax_cover:
            pages.append(("cover", self.cover_lines))
        pages.extend((f"p{i}", pl) for i, pl in enumerate(self.comp.pages, start=1))
        n = len(pages)
        s = self.ctx.s
        day, hm = self.fax_sent.split("T")
        region = self.ctx.region
        out = []
        for i, (name, lines) in enumerate(pages, start=1):
            head = (
                f"{_fax_date(day, region)} {hm} {s['fax']} "
                f"{str(s['name'])[:28].strip()} {FAX_SHORT[region]} {i}/{n}"
            )
            out.append((name, lines, head))
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf" and not self.handwritten:
            return {"pdf/letter.pdf": render.pdf_bytes(self.comp.pages)}
        if condition == "scan200":
            out = {}
            for i, lines in enumerate(self.comp.pages, start=1):
                st = self._stamp() if i == 1 else None
                out[f"scan200/page-{i:02d}.jpg"] = render.scan_jpeg(lines, self.seed * 31 + i, st)
            return out
        if condition == "fax":
            return {
                f"fax/page-{i:02d}.tif": render.fax_tiff(
                    lines, head, self.seed * 17 + i, self.fax_fine, self.fax_g4
                )
                for i, (_, lines, head) in enumerate(self._fax_pages(), start=1)
            }
        raise ValueError(f"unknown condition {condition!r}")

    def truth(self) -> dict[str, object]:
        c = self.ctx
        p = c.person
        conds: dict[str, object] = {}
        pages = self.comp.pages
        if not self.handwritten:
            conds["pdf"] = {
                "pages": [
                    {
                        "page": f"p{i}",
                        "file": "pdf/letter.pdf",
                        "pdf_page": i,
                        "text": render.page_text(pl),
                    }
                    for i, pl in enumerate(pages, start=1)
                ]
            }
        scan = []
        for i, pl in enumerate(pages, start=1):
            st = self._stamp() if i == 1 else None
            scan.append(
                {
                    "page": f"p{i}",
                    "file": f"scan200/page-{i:02d}.jpg",
                    "text": render.page_text((st or []) + pl),
                }
            )
        conds["scan200"] = {"pages": scan}
        conds["fax"] = {
            "pages": [
                {
                    "page": name,
                    "file": f"fax/page-{i:02d}.tif",
                    "text": head + "\n" + render.page_text(lines),
                }
                for i, (name, lines, head) in enumerate(self._fax_pages(), start=1)
            ]
        }
        other_dates = list(c.dates)
        if self.stamp_date:
            other_dates.append({"date": self.stamp_date, "role": "receipt stamp (scan200 only)"})
        if self.fax_cover:
            other_dates.append({"date": self.fax_sent[:10], "role": "fax cover sheet"})
        reg = self.reg
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.kind,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": f"{p.given} {p.surname}" if reg is None else reg.full_name,
                    "surname": reg.surname if reg else p.surname,
                    "given_names": reg.given_names if reg else p.given,
                    "as_written": c.as_written,
                    "full_name_as_letter": c.as_letter,
                    "register_id": p.register_id,
                },
                "birth_date": p.birth_date if c.birth_printed else None,
                "letter_date": c.letter_date if c.dated else None,
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts if c.title else [],
                "patient_id": c.patient_id,
                "other_dates": other_dates,
                "other_people": c.people,
            },
            "register": None
            if reg is None
            else {"id": reg.id, "collision": reg.collision, "collision_group": reg.collision_group},
            "notes": c.notes,
            "handwritten": self.handwritten,
            "fax": {
                "sent": self.fax_sent,
                "cover_sheet": self.fax_cover,
                "number": str(c.s["fax"]),
                "resolution": "204x196" if self.fax_fine else "204x98",
            },
            "conditions": conds,
        }


_PATIENTS: list[register.Patient] = []


def _patients() -> list[register.Patient]:
    if not _PATIENTS:
        _PATIENTS.extend(register.build())
    return _PATIENTS


def _fair(p: register.Patient, kind: str) -> bool:
    """Same name and birth date (C1) only where the letter prints the address."""
    return p.collision_group != "C1" or kind == "discharge letter"


def _choose_person(rng: random.Random, kind: str) -> Person:
    pats = _patients()
    r = rng.random()
    if kind == "Russia":
        cands = [p for p in pats if p.surname in CYRILLIC and p.given_names in CYRILLIC]
        reg = rng.choice(cands)
    elif kind == "form (Muster 21)":
        cands = [p for p in pats if p.birth_date >= "2011-01-01"]
        reg = rng.choice(cands)
    elif r < 0.1:
        sur, giv, sex = rng.choice(OUTSIDERS)
        known = {(p.surname, p.given_names) for p in pats}
        assert (sur, giv) not in known
        return Person(
            sur,
            giv,
            sex,
            f"19{rng.randint(40, 99)}-0{rng.randint(1, 9)}-{rng.randint(10, 28)}",
            "",
            None,
            None,
        )
    elif r < 0.4:
        reg = rng.choice([p for p in pats if p.collision_group and _fair(p, kind)])
    else:
        reg = rng.choice([p for p in pats if _fair(p, kind)])
    surname = reg.surname
    if reg.former_names and rng.random() < 0.7:
        surname = reg.former_names[0]
    return Person(surname, reg.given_names, reg.sex, reg.birth_date, reg.title, reg.id, reg)


def _cover(letter_ctx: Ctx, sent: str, pages: int) -> list[Line]:
    c = Comp(base_font="arial", base_size=11)
    s = letter_ctx.s
    en = letter_ctx.region not in ("DE", "LU")
    c.add("FAX" if en else "TELEFAX", "arialb", 22)
    c.gap(10)
    pr = PRACTICES[letter_ctx.practice]
    c.add(f"{'To' if en else 'An'}: {pr['name'] if letter_ctx.practice != 1 else pr['names'][2]}")  # type: ignore[index]
    c.add(f"Fax: {pr['fax']}")
    c.add(f"{'From' if en else 'Von'}: {s['name']}")
    c.add(f"Fax: {s['fax']}")
    c.add(f"{'Date' if en else 'Datum'}: {_fax_date(sent[:10], letter_ctx.region)}")
    c.add(f"{'Pages incl. cover' if en else 'Seiten inkl. Deckblatt'}: {pages + 1}")
    c.gap(16)
    c.para(
        "Vertraulich: Diese Übermittlung enthält Gesundheitsdaten. Falls Sie nicht der "
        "richtige Empfänger sind, benachrichtigen Sie bitte den Absender.",
        size=9,
    )
    return c.pages[0]


def make_letter(split: str, index: int, seed: int, kind: str | None = None) -> Letter:
    rng = random.Random(seed)
    kind = kind or rng.choice(KIND_NAMES)
    fn, senders = KINDS[kind]
    person = _choose_person(rng, kind)
    y = rng.choice([2025, 2026])
    letter_date = f"{y}-{rng.randint(1, 10):02d}-{rng.randint(1, 28):02d}"
    ctx = Ctx(
        rng=rng,
        person=person,
        practice=rng.randrange(3),
        letter_date=letter_date,
        sender_key=rng.choice(senders),
    )
    comp = Comp()
    fn(comp, ctx)  # type: ignore[operator]
    comp.fill_pages()
    hand = kind == "handwritten note"
    if hand:
        render.hand_jitter(comp, seed)
    sent = (
        f"{plus(letter_date, rng.randint(1, 6))}T{rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}"
    )
    cover = rng.random() < 0.33
    stamp = plus(letter_date, rng.randint(2, 9)) if rng.random() < 0.5 else None
    lt = Letter(
        id=f"{split}-{index:03d}",
        split=split,
        seed=seed,
        kind=kind,
        comp=comp,
        ctx=ctx,
        handwritten=hand,
        fax_sent=sent,
        fax_cover=cover,
        fax_fine=rng.random() < 0.6,
        fax_g4=rng.random() < 0.5,
        stamp_date=stamp,
        reg=person.reg,
    )
    if cover:
        lt.cover_lines = _cover(ctx, sent, len(comp.pages))
    return lt


# How often a kind comes after every kind has come once: German post dominates.
WEIGHTS = {
    "discharge letter": 5,
    "specialist report": 4,
    "lab report": 4,
    "radiology report": 3,
    "insurer letter": 2,
    "e-mail printout": 2,
    "care service fax": 2,
    "handwritten note": 1,
    "English": 2,
    "Netherlands": 2,
    "Belgium (French)": 1,
    "Belgium (German)": 1,
}


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    kinds = list(KIND_NAMES)
    rng.shuffle(kinds)
    pool = [k for k in KIND_NAMES for _ in range(WEIGHTS.get(k, 1))]
    out = []
    for i in range(count):
        kind = kinds[i] if i < len(kinds) else rng.choice(pool)
        out.append(make_letter(split_name, i + 1, rng.randrange(1, 2**31), kind))
    return out


# The test split: every kind once, then the post a German practice gets most.
TEST_EXTRA = [
    "discharge letter",
    "discharge letter",
    "discharge letter",
    "lab report",
    "handwritten note",
    "lab report",
    "specialist report",
    "specialist report",
    "radiology report",
    "radiology report",
    "insurer letter",
    "e-mail printout",
    "care service fax",
    "English",
    "English",
    "Netherlands",
]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}: test or examples")
    if name == "examples":
        return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)
    rng = random.Random(SPLIT_SEEDS[name])
    kinds = KIND_NAMES + TEST_EXTRA
    rng.shuffle(kinds)
    return [
        make_letter(name, i + 1, rng.randrange(1, 2**31), k)
        for i, k in enumerate(kinds[: SPLIT_SIZES[name]])
    ]
