"""The letter kinds: each draws its pages and says what a clerk files it under."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import register
from .dates import fmt
from .render import Builder, Page

TD = dt.timedelta


@dataclass
class Practice:
    name: str
    names: list[str]
    doctor: str
    street: str
    city: str
    fax: str
    kind: str


@dataclass
class Ctx:
    rng: random.Random
    reg: register.Patient | None
    spell: dict[str, Any]
    pr: Practice
    date: dt.date
    as_written: str | None = None
    birth_printed: bool = False
    id_printed: bool = False
    other_dates: list[dict[str, str]] = field(default_factory=list)
    people: list[dict[str, str]] = field(default_factory=list)
    printed: list[tuple[str, str, str]] = field(default_factory=list)

    @property
    def birth(self) -> dt.date:
        return self.reg.birth if self.reg is not None else self.spell["birth"]

    @property
    def sex(self) -> str:
        return self.reg.sex if self.reg is not None else self.spell["sex"]

    @property
    def sur(self) -> str:
        return str(self.spell["sur"])

    @property
    def giv(self) -> str:
        return str(self.spell["giv"])

    def f(self, d: dt.date, style: str, region: str) -> str:
        s = fmt(d, style)
        self.printed.append((d.isoformat(), s, region))
        return s

    def od(self, d: dt.date, role: str, style: str, region: str) -> str:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return self.f(d, style, region)

    def dob(self, style: str, region: str) -> str:
        self.birth_printed = True
        return self.f(self.birth, style, region)

    def ld(self, style: str, region: str) -> str:
        return self.f(self.date, style, region)

    def name(self, style: str) -> str:
        sur, giv = self.sur, self.giv
        if style in ("GS", "SG") and "ß" in sur and self.as_written is None:
            # capitals: the sender's system writes ß as SS, so the letter spells "ss"
            sur = sur.replace("ß", "ss")
            self.spell["sur"] = sur
            self.spell.setdefault("notes", []).append("surname in capitals: ß written as SS")
        title = self.reg.title if self.reg is not None else ""
        s = {
            "gs": f"{giv} {sur}",
            "GS": f"{giv} {sur.upper()}",
            "sg": f"{sur}, {giv}",
            "SG": f"{sur.upper()}, {giv}",
            "tgs": f"{title} {giv} {sur}".strip(),
            "anrede": " ".join(
                x for x in ["Herrn" if self.sex == "m" else "Frau", title, giv, sur] if x
            ),
            "hf": " ".join(x for x in ["Herr" if self.sex == "m" else "Frau", giv, sur] if x),
            "sn": f"{sur} {giv}",
        }[style]
        if self.as_written is None:
            self.as_written = s
        return s

    def ascii_names(self) -> None:
        """The sender's system writes umlauts as ae/oe/ue and ß as ss."""
        table = str.maketrans(
            {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
        )
        for k in ("sur", "giv"):
            new = str(self.spell[k]).translate(table)
            if new != self.spell[k]:
                self.spell[k] = new
                self.spell.setdefault("notes", []).append("sender writes umlauts as ae/oe/ue")

    def person(self, name: str, role: str) -> str:
        self.people.append({"name": name, "role": role})
        return name

    @property
    def show_addr(self) -> bool:
        return bool(self.spell.get("show_addr"))

    def addr(self) -> str:
        if self.reg is not None:
            return f"{self.reg.street}, {self.reg.postcode} {self.reg.city}"
        return f"{self.spell['street']}, {self.spell['pc']} {self.spell['city']}"

    def pid(self, label: str = "Ihre Pat.-Nr.") -> str:
        if self.reg is None:
            return ""
        self.id_printed = True
        return f"{label}: {self.reg.id}"

    def to_practice(self, b: Builder, size: float = 10.0) -> None:
        doc = self.person(self.pr.doctor, "addressee")
        b.lines([self.pr.name, doc, self.pr.street, self.pr.city], size)

    def maybe_pid(self, b: Builder, p: float = 0.3) -> None:
        if self.reg is not None and self.rng.random() < p:
            b.add(self.pid())


@dataclass
class Layout:
    fn: Callable[[Ctx], dict[str, Any]]
    need: str | None = None
    handwritten: bool = False
    dob: bool = True


LAYOUTS: dict[str, Layout] = {}


def layout(
    name: str, need: str | None = None, handwritten: bool = False, dob: bool = True
) -> Callable[[Callable[[Ctx], dict[str, Any]]], Any]:
    def deco(fn: Callable[[Ctx], dict[str, Any]]) -> Any:
        LAYOUTS[name] = Layout(fn, need, handwritten, dob)
        return fn

    return deco


def out(
    c: Ctx,
    pages: list[Page],
    sender: str,
    alts: list[str],
    title: str | None,
    talts: list[str],
    lang: str,
    region: str,
    fax_no: str,
    dated: bool = True,
    **kw: Any,
) -> dict[str, Any]:
    d = {
        "pages": pages,
        "sender": sender,
        "sender_alts": alts,
        "title": title,
        "title_alts": talts,
        "language": lang,
        "region": region,
        "letter_date": c.date if dated else None,
        "fax_no": fax_no,
    }
    d.update(kw)
    return d


def _footer_de(b: Builder, org: str, extra: str) -> None:
    b.bottom(
        [
            f"{org} · {extra}",
            "Bankverbindung: Berliner Volksbank · IBAN DE12 1009 0000 2874 1130 05",
        ]
    )


# ------------------------------------------------------------------ German letters


@layout("discharge_uni")
def discharge_uni(c: Ctx) -> dict[str, Any]:
    r = c.rng
    dept, short = r.choice(
        [
            ("Klinik für Kardiologie und Angiologie", "Kardiologie"),
            ("Klinik für Gastroenterologie, Hepatologie und Infektiologie", "Gastroenterologie"),
            ("Klinik für Neurologie mit Stroke Unit", "Neurologie"),
        ]
    )
    org = "Universitätsklinikum Berlin-Südost"
    adm = c.date - TD(days=r.randint(6, 14))
    dis = c.date - TD(days=r.randint(0, 3))
    b = Builder()
    b.add(org, 15, "sansb").add(dept, 10).add(
        "Campus Neukölln · Rudower Straße 48 · 12351 Berlin", 8
    )
    b.add("Telefon 030 6004-1100 · Telefax 030 6004-1109", 8).gap(8)
    b.add("Universitätsklinikum Berlin-Südost · Rudower Straße 48 · 12351 Berlin", 6.5)
    c.to_practice(b)
    b.gap(6).right(f"Berlin, {c.ld('de', 'DE')}")
    b.gap(4).add("Entlassungsbericht", 13, "sansb")
    pat = c.name("anrede")
    dob = c.dob("de", "DE")
    line = f"über {pat}, geb. {dob}"
    if c.show_addr:
        line += f", wohnhaft {c.addr()}"
    b.add(line, 10)
    b.add(
        f"stationärer Aufenthalt vom {c.od(adm, 'admission', 'de', 'DE')} bis "
        f"{c.od(dis, 'discharge', 'de', 'DE')}"
    )
    c.maybe_pid(b)
    b.gap(4).add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    b.add("wir berichten über die stationäre Behandlung Ihres/Ihrer o. g. Patienten/Patientin.")
    b.gap(3).add("Diagnosen:", 10, "sansb")
    diag = {
        "Kardiologie": [
            "NSTEMI (I21.4), koronare 2-Gefäßerkrankung",
            "Arterielle Hypertonie",
            "Diabetes mellitus Typ 2, nicht insulinpflichtig",
        ],
        "Gastroenterologie": [
            "Akute biliäre Pankreatitis (K85.1)",
            "Cholezystolithiasis",
            "Adipositas Grad I",
        ],
        "Neurologie": [
            "Ischämischer Schlaganfall im Mediastromgebiet links (I63.4)",
            "Vorhofflimmern, neu diagnostiziert",
            "Hypercholesterinämie",
        ],
    }[short]
    b.lines([f"– {d}" for d in diag])
    b.gap(3).add("Anamnese:", 10, "sansb")
    b.lines(
        [
            "Die Aufnahme erfolgte über unsere Rettungsstelle. Die Ehefrau bzw. der Ehemann",
            "berichtete über seit zwei Tagen zunehmende Beschwerden. Vorerkrankungen siehe",
            "oben, Allergien sind nicht bekannt. Nikotinabusus bis 2019.",
        ]
    )
    b.gap(3).add("Verlauf:", 10, "sansb")
    b.lines(
        [
            "Unter der eingeleiteten Therapie besserte sich der Zustand rasch. Die",
            "Laborwerte waren bei Entlassung rückläufig. Eine Kontrolle in der Ambulanz",
            f"ist für den {c.od(c.date + TD(days=r.randint(20, 40)), 'follow_up', 'de', 'DE')} "
            "vereinbart.",
        ]
    )
    p1 = b.page
    b2 = Builder()
    b2.add(f"{org} · {dept}", 8)
    b2.add(f"Patient: {c.name('sg')}, geb. {c.f(c.birth, 'de', 'DE')} – Seite 2 von 2", 8)
    b2.rule().gap(4)
    b2.add("Medikation bei Entlassung:", 10, "sansb")
    b2.lines(
        [
            "ASS 100 mg 1-0-0",
            "Ramipril 5 mg 1-0-0",
            "Atorvastatin 40 mg 0-0-1",
            "Pantoprazol 20 mg 1-0-0 (für 4 Wochen)",
        ]
    )
    b2.gap(3).add("Procedere:", 10, "sansb")
    b2.lines(
        [
            "Wir bitten um Fortführung der Medikation und regelmäßige Kontrollen von",
            "Blutdruck, Kreatinin und Kalium. Für Rückfragen stehen wir gern zur Verfügung.",
        ]
    )
    b2.gap(6).add("Mit freundlichen kollegialen Grüßen")
    b2.gap(8)
    s1 = c.person(
        r.choice(["Prof. Dr. med. Henrike Vossberg", "Prof. Dr. med. Arne Liepold"]), "signer"
    )
    s2 = c.person(r.choice(["Dr. med. Piotr Nawrot", "Tamara Eggebrecht"]), "signer")
    b2.add(f"{s1}                         {s2}")
    b2.add("Direktor/in der Klinik                          Stationsärztin/-arzt", 8)
    _footer_de(b2, org, "Anstalt des öffentlichen Rechts")
    return out(
        c,
        [p1, b2.page],
        org,
        [dept, f"{org}, {dept}", "UK Berlin-Südost"],
        "Entlassungsbericht",
        ["Arztbrief", "Entlassungsbrief"],
        "de",
        "DE",
        "030 6004-1109",
    )


@layout("discharge_district")
def discharge_district(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org, dept, city, fax = r.choice(
        [
            ("Havelklinikum Spandau", "Klinik für Innere Medizin", "Berlin", "030 3301-4499"),
            (
                "Lausitz-Klinikum Cottbus",
                "Klinik für Unfallchirurgie und Orthopädie",
                "Cottbus",
                "0355 46-2098",
            ),
            (
                "Kreiskrankenhaus Barnim-Eberswalde",
                "Abteilung für Allgemeinchirurgie",
                "Eberswalde",
                "03334 69-2210",
            ),
        ]
    )
    adm = c.date - TD(days=r.randint(3, 9))
    dis = c.date - TD(days=r.randint(0, 1))
    b = Builder(font="serif")
    b.add(org, 16, "serifb").add(dept, 11).gap(2).add(
        f"Chefarzt Dr. med. Reinhard Tesch · Fax {fax}", 8
    )
    b.gap(8)
    c.to_practice(b)
    b.gap(6)
    b.add("Vorläufiger Arztbrief", 13, "serifb")
    b.add(f"Patient/in: {c.name('SG')}    geb.: {c.dob('de_short', 'DE')}")
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}")
    b.add(
        f"Aufnahme: {c.od(adm, 'admission', 'de', 'DE')}    "
        f"Entlassung: {c.od(dis, 'discharge', 'de', 'DE')}"
    )
    b.gap(4).add("Diagnose: Pertrochantäre Femurfraktur rechts nach Sturz im häuslichen Umfeld")
    op = adm + TD(days=1)
    b.add(f"Therapie: Osteosynthese mittels PFNA am {c.od(op, 'surgery', 'de', 'DE')}")
    b.gap(3).lines(
        [
            "Postoperativ komplikationsloser Verlauf, Mobilisation mit Rollator unter "
            "Vollbelastung.",
            "Wundverhältnisse reizlos, Fadenzug am 12. postoperativen Tag durch den Hausarzt.",
            "Thromboseprophylaxe mit Enoxaparin 40 mg s.c. für weitere 4 Wochen.",
            "Eine Anschlussheilbehandlung ist beantragt.",
        ]
    )
    b.gap(6).add(f"{city}, den {c.ld('de', 'DE')}")
    b.gap(6).add(c.person("Dr. med. Malte Quiring", "signer")).add("Oberarzt", 9)
    return out(
        c,
        [b.page],
        org,
        [dept, f"{org}, {dept}"],
        "Vorläufiger Arztbrief",
        ["Arztbrief"],
        "de",
        "DE",
        fax,
    )


@layout("reha")
def reha(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Reha-Zentrum Scharmützelsee"
    adm = c.date - TD(days=r.randint(28, 35))
    dis = c.date - TD(days=r.randint(2, 6))
    b = Builder(font="arial")
    b.add(org, 15, "arialb").add("Fachklinik für Orthopädie und Kardiologie", 9)
    b.add("Seestraße 30 · 15526 Bad Saarow", 8).gap(8)
    c.to_practice(b)
    b.gap(5).right(c.ld("de_long", "DE"))
    b.gap(3).add("Ärztlicher Entlassungsbericht", 13, "arialb")
    b.add("Medizinische Rehabilitation (Anschlussheilbehandlung)")
    b.gap(2).add(f"Rehabilitand/in: {c.name('sg')}")
    b.add(f"Geburtsdatum: {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(f"Wohnort: {c.addr()}")
    b.add(
        f"Maßnahme vom {c.od(adm, 'admission', 'de', 'DE')} bis "
        f"{c.od(dis, 'discharge', 'de', 'DE')}"
    )
    vsnr = f"{r.randint(10, 99)} {c.birth:%d%m%y} {c.sur[0].upper()} {r.randint(100, 999)}"
    b.add(f"Versicherungsnummer: {vsnr}")
    b.gap(4).add("Diagnosen nach ICD-10:", 10, "arialb")
    b.lines(
        [
            "1. Z.n. Implantation einer Knie-TEP links (Z96.65)",
            "2. Gonarthrose rechts (M17.1)",
            "3. Arterielle Hypertonie (I10.90)",
        ]
    )
    b.gap(3).add("Sozialmedizinische Beurteilung:", 10, "arialb")
    b.lines(
        [
            "Letzte berufliche Tätigkeit: Lagerarbeiter/in. Leistungsvermögen für leichte",
            "bis mittelschwere Tätigkeiten sechs Stunden und mehr. Arbeitsunfähig entlassen.",
        ]
    )
    p1 = b.page
    b2 = Builder(font="arial")
    b2.add(f"Entlassungsbericht {c.name('gs')}, geb. {c.f(c.birth, 'de', 'DE')} – Seite 2", 8)
    b2.rule().gap(4)
    b2.add("Empfehlungen:", 10, "arialb")
    b2.lines(
        [
            "– Fortführung der Physiotherapie 2x wöchentlich (Verordnung durch Hausarzt)",
            "– Rehasport nach § 64 SGB IX",
            "– stufenweise Wiedereingliederung wird empfohlen",
        ]
    )
    b2.gap(8).add("Mit freundlichen Grüßen").gap(8)
    b2.add(c.person("Dr. med. Friederike Oswald-Brandt", "signer")).add("Chefärztin", 9)
    b2.bottom([f"{org} GmbH · Amtsgericht Frankfurt (Oder) HRB 11823"])
    return out(
        c,
        [p1, b2.page],
        org,
        ["Reha-Zentrum Scharmützelsee GmbH"],
        "Ärztlicher Entlassungsbericht",
        ["Reha-Entlassungsbericht"],
        "de",
        "DE",
        "033631 88-100",
    )


@layout("specialist")
def specialist(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org, title, body, fax = r.choice(
        [
            (
                "Kardiologische Praxis am Rathaus Spandau",
                "Kardiologischer Befundbericht",
                [
                    "Echokardiographie: normale LV-Funktion, EF 58 %, keine Vitien.",
                    "Belastungs-EKG bis 150 W ohne Ischämiezeichen.",
                ],
                "030 3359 0102",
            ),
            (
                "Gastroenterologische Gemeinschaftspraxis Potsdam-West",
                "Koloskopiebefund",
                [
                    "Koloskopie bis ins terminale Ileum. Zwei Polypen im Sigma (4 und 6 mm),",
                    "mit der Schlinge abgetragen. Histologie folgt.",
                ],
                "0331 2871 556",
            ),
            (
                "Praxis für Neurologie Dr. med. Swetlana Brückner",
                "Neurologischer Befund",
                [
                    "Neurographie: leichte sensomotorische Polyneuropathie der Beine.",
                    "Keine Hinweise auf ein Karpaltunnelsyndrom.",
                ],
                "0335 6802 211",
            ),
        ]
    )
    b = Builder()
    b.add(org, 13, "sansb").add("Fachärztliche Versorgung · alle Kassen", 8).gap(10)
    c.to_practice(b)
    b.gap(8)
    b.add(f"{title} vom {c.ld('de', 'DE')}", 12, "sansb")
    b.gap(2).add(f"Betr.: {c.name('hf')}, * {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(c.addr())
    c.maybe_pid(b, 0.5)
    exam = c.date - TD(days=r.randint(0, 5))
    b.gap(4).add("Sehr geehrte Kolleginnen und Kollegen,")
    b.add(
        f"wir sahen Ihre/n Patienten/in am {c.od(exam, 'examination', 'de', 'DE')} in unserer "
        "Sprechstunde."
    )
    b.gap(2).lines(body)
    b.gap(2).add("Beurteilung: kein Handlungsbedarf, Kontrolle in 12 Monaten.")
    b.gap(8).add("Mit kollegialen Grüßen").gap(6)
    b.add(c.person(r.choice(["Dr. med. Konstantin Reuß", "Dr. med. Yvonne Tran-Hübner"]), "signer"))
    return out(c, [b.page], org, [], title, [], "de", "DE", fax)


@layout("radiology")
def radiology(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = r.choice(["Radiologie am Oderturm", "MVZ Radiologie Potsdam Hauptbahnhof"])
    kind = r.choice(
        ["MRT der LWS nativ", "CT Thorax mit KM", "Sonographie Abdomen", "MRT Knie rechts"]
    )
    exam = c.date - TD(days=r.randint(0, 2))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add("Radiologie · Nuklearmedizin · Strahlentherapie", 8).gap(10)
    c.to_practice(b, 9)
    b.gap(6)
    b.add(f"Patient: {c.name('SG')}", 10)
    b.add(f"Geb.-Datum: {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(f"Adresse: {c.addr()}")
    b.add(f"Untersuchung: {kind}")
    b.add(f"Untersuchungsdatum: {c.od(exam, 'examination', 'de', 'DE')}")
    b.add(f"Befunddatum: {c.ld('de', 'DE')}")
    b.gap(5).add("Befund", 12, "arialb")
    b.lines(
        [
            "Rechtfertigende Indikation durch den fachkundigen Arzt gestellt.",
            "Kein Nachweis einer Raumforderung. Degenerative Veränderungen altersentsprechend.",
            "Keine Voraufnahmen zum Vergleich vorliegend.",
        ]
    )
    b.gap(3).add("Beurteilung:", 10, "arialb")
    b.lines(["Kein Nachweis eines akuten pathologischen Befundes."])
    b.gap(8).add("Elektronisch vidiert durch").add(c.person("Dr. med. Holger Wiśniewski", "signer"))
    return out(
        c,
        [b.page],
        org,
        [],
        "Befund",
        [kind, f"Befund {kind}"],
        "de",
        "DE",
        "0335 5540 399",
        notes=["title: the heading 'Befund'; kind as alternative"],
    )


@layout("lab")
def lab(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Labor Berlin-Brandenburg MVZ"
    c.ascii_names()
    coll = c.date - TD(days=r.randint(1, 2))
    rec = coll + TD(days=1)
    b = Builder(font="mono", top=14)
    b.add(org, 13, "sansb").add(
        "Laboratoriumsmedizin · Mikrobiologie · Sylter Straße 2, 13353 Berlin", 7.5, "sans"
    ).gap(6)
    c.to_practice(b, 9)
    b.gap(5).add("LABORBEFUND - Endbefund", 12, "sansb")
    b.add(f"Name: {c.sur}   Vorname: {c.giv}", 9)
    c.as_written = c.as_written or f"Name: {c.sur}   Vorname: {c.giv}"
    b.add(f"Geb.-Dat.: {c.dob('de', 'DE')}   Geschl.: {'M' if c.sex == 'm' else 'W'}", 9)
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}", 9)
    if c.reg is not None and r.random() < 0.5:
        b.add(c.pid("Einsender-Pat.-Nr."), 9)
    b.add(
        f"Abnahme: {c.od(coll, 'collection', 'de', 'DE')} 08:15   "
        f"Eingang: {c.od(rec, 'received', 'de', 'DE')} 11:40",
        9,
    )
    b.add(f"Auftrags-Nr.: {r.randint(4000000, 4999999)}   Ausgang: {c.ld('de', 'DE')}", 9)
    b.rule().add("Untersuchung        Ergebnis   Einheit     Referenzbereich", 9)
    rows = [
        ("Leukozyten", "7.2", "/nl", "3.9 - 10.2"),
        ("Hämoglobin", "13.1", "g/dl", "12.0 - 15.4"),
        ("Thrombozyten", "245", "/nl", "150 - 370"),
        ("Kreatinin", "1.21 +", "mg/dl", "0.50 - 0.90"),
        ("eGFR (CKD-EPI)", "52 -", "ml/min", "> 60"),
        ("HbA1c", "7.4 +", "%", "< 6.5"),
        ("TSH", "2.10", "mU/l", "0.27 - 4.20"),
        ("CRP", "< 5", "mg/l", "< 5"),
    ]
    for name, val, unit, ref in rows:
        b.add(f"{name:<20}{val:<11}{unit:<12}{ref}", 9)
    b.gap(3).add("Fortsetzung auf Seite 2", 8, "sans")
    p1 = b.page
    b2 = Builder(font="mono", top=14)
    b2.add(f"{org} · {c.sur}, {c.giv} · {c.f(c.birth, 'de', 'DE')} · Seite 2 von 2", 8, "sans")
    b2.rule().add("Untersuchung        Ergebnis   Einheit     Referenzbereich", 9)
    for row in [
        ("Cholesterin", "231 +", "mg/dl", "< 200"),
        ("LDL-Cholesterin", "152 +", "mg/dl", "< 116"),
        ("HDL-Cholesterin", "48", "mg/dl", "> 45"),
        ("Triglyceride", "160 +", "mg/dl", "< 150"),
        ("Kalium", "4.6", "mmol/l", "3.5 - 5.1"),
        ("Natrium", "139", "mmol/l", "136 - 145"),
    ]:
        b2.add(f"{row[0]:<20}{row[1]:<11}{row[2]:<12}{row[3]}", 9)
    prev = c.date - TD(days=r.randint(80, 120))
    b2.gap(3).add(f"Kumulativ: HbA1c am {c.od(prev, 'previous_collection', 'de', 'DE')}: 7.9 %", 9)
    b2.gap(4).add("Befund technisch und medizinisch validiert.", 8)
    b2.add(c.person("Dr. rer. nat. Ines Zabel, Fachärztin für Laboratoriumsmedizin", "signer"), 8)
    return out(
        c,
        [p1, b2.page],
        org,
        ["Labor Berlin-Brandenburg"],
        "Laborbefund",
        ["LABORBEFUND - Endbefund", "Endbefund"],
        "de",
        "DE",
        "030 40 50 26-99",
        notes=["letter date: 'Ausgang' (report issued)"],
    )


@layout("pathology")
def pathology(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Institut für Pathologie Cottbus-Lausitz"
    ent = c.date - TD(days=r.randint(3, 6))
    ein = ent + TD(days=1)
    b = Builder(font="serif")
    b.add(org, 14, "serifb").add("Prof. Dr. med. Gregor Hanisch · Dr. med. Ewa Pawlak", 8)
    b.gap(10)
    c.to_practice(b)
    b.gap(6).add("Histologischer Befund", 13, "serifb")
    b.add(f"Journal-Nr.: H/{c.date.year % 100}/{r.randint(10000, 39999)}")
    b.add(f"{c.name('sg')}, geb. {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(c.addr())
    b.add(
        f"Entnahme: {c.od(ent, 'collection', 'de', 'DE')}   "
        f"Eingang: {c.od(ein, 'received', 'de', 'DE')}"
    )
    b.add("Einsender: Gastroenterologische Gemeinschaftspraxis Potsdam-West (Kopie an Sie)")
    b.gap(3).add("Material: 2 Polypen Sigma", 10, "serifb")
    b.lines(
        [
            "Makroskopie: zwei Gewebepartikel von 0,4 und 0,6 cm.",
            "Mikroskopie: tubuläre Adenome mit niedriggradiger intraepithelialer Neoplasie,",
            "Abtragungsränder tumorfrei.",
        ]
    )
    b.add("Diagnose: Tubuläre Adenome (2) des Sigmas, low-grade, R0.", 10, "serifb")
    b.gap(6).add(f"Cottbus, {c.ld('de', 'DE')}")
    b.add(c.person("Dr. med. Ewa Pawlak", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Institut für Pathologie"],
        "Histologischer Befund",
        [],
        "de",
        "DE",
        "0355 4993 71",
    )


def _reply_slip(b: Builder, head: str, lines: list[str]) -> None:
    b.gap(5).add(
        "- - - - - - - - - - - - - - - - bitte hier abtrennen - - - - - - - - - - - - -", 8
    )
    b.add(head, 10, "sansb")
    b.lines(lines, 9)


@layout("insurer_kk")
def insurer_kk(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org, fax = r.choice(
        [
            ("BKK Spree-Havel", "030 2290 7710"),
            ("Märkische Ersatzkasse", "0331 9530 18"),
            ("IKK Ostbrandenburg", "0335 3860 449"),
        ]
    )
    vnr = f"{chr(65 + r.randrange(26))}{r.randint(100000000, 999999999)}"
    au = c.date - TD(days=r.randint(30, 60))
    b = Builder()
    b.add(org, 16, "sansb").add("Die Krankenkasse für die Hauptstadtregion", 8).gap(8)
    b.add(f"{org} · Postfach 11 02 40 · 10832 Berlin", 6.5)
    c.to_practice(b)
    b.gap(4).right(f"Datum: {c.ld('de', 'DE')}").right(
        f"Ihr Zeichen: -   Unser Zeichen: AU-{r.randint(1000, 9999)}", 8
    )
    b.gap(4).add("Anfrage zur Arbeitsunfähigkeit", 12, "sansb")
    b.add(f"Versicherte/r: {c.name('gs')}, geb. {c.dob('de', 'DE')}")
    b.add(f"Versichertennummer: {vnr}")
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}")
    b.gap(3).lines(
        [
            f"Ihr/e Patient/in ist seit dem {c.od(au, 'incapacity_start', 'de', 'DE')} "
            "arbeitsunfähig erkrankt.",
            "Zur Prüfung des Krankengeldanspruchs bitten wir Sie, den unten stehenden",
            "Abschnitt auszufüllen und bis zum "
            f"{c.od(c.date + TD(days=14), 'deadline', 'de', 'DE')} an uns zurückzusenden.",
            "Die Vergütung erfolgt nach Muster 52 der Vordruckvereinbarung.",
        ]
    )
    b.gap(3).add("Mit freundlichen Grüßen").add(f"Ihre {org}")
    b.add(c.person(r.choice(["Jennifer Patzwaldt", "Ronny Liebscher"]), "signer")).add(
        "Fallmanagement Krankengeld", 8
    )
    _reply_slip(
        b,
        f"Antwort an {org}, Fax {fax}",
        [
            f"Versicherte/r: {c.sur}, {c.giv}   Vers.-Nr.: {vnr}",
            "Voraussichtliche Dauer der AU: ____________   Wiedereingliederung: ja / nein",
            "Diagnose(n): ______________________________________________",
            "Datum, Stempel und Unterschrift der Praxis: ____________________",
        ],
    )
    return out(
        c,
        [b.page],
        org,
        [],
        "Anfrage zur Arbeitsunfähigkeit",
        ["Anfrage"],
        "de",
        "DE",
        fax,
        notes=["reply slip names the insurer as addressee"],
    )


@layout("drv")
def drv(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Deutsche Rentenversicherung Berlin-Brandenburg"
    antrag = c.date - TD(days=r.randint(20, 50))
    b = Builder(font="arial")
    b.add("Deutsche Rentenversicherung", 14, "arialb").add("Berlin-Brandenburg", 12, "arialb")
    b.add("Bertha-von-Suttner-Straße 1 · 15236 Frankfurt (Oder)", 8).gap(8)
    c.to_practice(b)
    b.gap(4).right(c.ld("de", "DE"))
    b.gap(2).add(
        f"Versicherungsnummer: {r.randint(10, 99)} {c.birth:%d%m%y} "
        f"{c.sur[0].upper()} {r.randint(100, 599)}",
        9,
    )
    b.gap(3).add("Anforderung eines Befundberichts", 12, "arialb")
    b.add(f"Versicherte Person: {c.name('gs')}, geboren am {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}")
    b.add(
        f"Antrag auf Leistungen zur medizinischen Rehabilitation vom "
        f"{c.od(antrag, 'application', 'de', 'DE')}"
    )
    b.gap(3).lines(
        [
            "Sehr geehrte Damen und Herren,",
            "die oben genannte Person hat Leistungen zur Teilhabe beantragt. Zur Beurteilung",
            "bitten wir um einen Befundbericht auf dem beigefügten Vordruck S0051.",
            "Bitte fügen Sie aktuelle Fremdbefunde (nicht älter als 12 Monate) bei.",
            "Für den Befundbericht zahlen wir eine Vergütung von 33,50 EUR.",
        ]
    )
    b.gap(3).add("Mit freundlichen Grüßen").add("Im Auftrag")
    b.add(c.person("Kerstin Wendisch", "signer"))
    b.add("Anlage: Vordruck S0051")
    b.bottom(["Servicetelefon 0800 1000 4800 · www.drv-berlin-brandenburg.de"])
    b2 = Builder(font="arial")
    b2.add("Befundbericht für die Deutsche Rentenversicherung (S0051)", 12, "arialb")
    b2.gap(3).add(f"Name, Vorname: {c.sur}, {c.giv}")
    b2.add(f"Geburtsdatum: {c.f(c.birth, 'de', 'DE')}")
    b2.gap(3).lines(
        [
            "1. Diagnosen (mit ICD-10): ________________________________________",
            "2. Seit wann in Ihrer Behandlung? ___________  Letzte Vorstellung: ___________",
            "3. Wesentliche Befunde (ggf. Kopien beifügen): ____________________________",
            "4. Aktuelle Medikation: ___________________________________________",
            "5. Ist die Person arbeitsunfähig? [ ] ja, seit ___________  [ ] nein",
            "6. Halten Sie eine Rehabilitation für erforderlich? [ ] ja  [ ] nein",
        ]
    )
    b2.gap(8).add("Ort, Datum: ____________________   Stempel und Unterschrift: ____________")
    return out(
        c,
        [b.page, b2.page],
        org,
        ["Deutsche Rentenversicherung", "DRV Berlin-Brandenburg"],
        "Anforderung eines Befundberichts",
        ["Befundbericht"],
        "de",
        "DE",
        "0335 551-1295",
    )


@layout("bg")
def bg(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Berufsgenossenschaft Bau und Verkehr Ost"
    unfall = c.date - TD(days=r.randint(14, 60))
    b = Builder()
    b.add(org, 13, "sansb").add(
        "Bezirksverwaltung Berlin · Landsberger Allee 104 · 10249 Berlin", 8
    ).gap(8)
    c.to_practice(b)
    b.gap(5).right(c.ld("de_nopad", "DE"))
    b.add(f"Aktenzeichen: 4{r.randint(10, 99)}/{r.randint(10000, 99999)}", 9)
    b.gap(2).add("Arbeitsunfall – Anforderung eines Zwischenberichts", 12, "sansb")
    b.add(f"Versicherter: {c.name('GS')} (geb. {c.dob('de', 'DE')})")
    if c.show_addr:
        b.add(f"wohnhaft: {c.addr()}")
    b.add(f"Unfalltag: {c.od(unfall, 'accident', 'de', 'DE')}   Unternehmen: Spreebau GmbH")
    b.gap(3).lines(
        [
            "Sehr geehrte Damen und Herren,",
            "für die weitere Steuerung des Heilverfahrens benötigen wir Ihren Bericht",
            "(Vordruck F 2100) über den aktuellen Behandlungsstand.",
            "Die Gebühr wird nach UV-GOÄ erstattet.",
        ]
    )
    b.gap(4).add("Mit freundlichen Grüßen").add(c.person("i. A. Detlef Ramelow", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["BG Bau und Verkehr Ost"],
        "Arbeitsunfall – Anforderung eines Zwischenberichts",
        ["Anforderung eines Zwischenberichts"],
        "de",
        "DE",
        "030 2977 331",
    )


@layout("medical_service")
def medical_service(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Medizinischer Dienst Berlin-Brandenburg"
    visit = c.date + TD(days=r.randint(7, 21))
    b = Builder(font="arial")
    b.add("Medizinischer Dienst", 15, "arialb").add("Berlin-Brandenburg", 11)
    b.add("Lise-Meitner-Straße 1 · 10589 Berlin", 8).gap(8)
    c.to_practice(b)
    b.gap(4).add(f"Berlin, {c.ld('de_long', 'DE')}", x=120)
    b.gap(3).add("Begutachtung zur Feststellung der Pflegebedürftigkeit", 11, "arialb")
    b.add(f"Antragsteller/in: {c.name('anrede')}")
    b.add(f"Geburtsdatum: {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}")
    b.gap(3).lines(
        [
            "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,",
            "im Auftrag der Pflegekasse führen wir eine Begutachtung nach § 18 SGB XI durch.",
            f"Der Hausbesuch ist für den {c.od(visit, 'appointment', 'de', 'DE')} geplant.",
            "Wir bitten um Übersendung vorliegender Befunde, Diagnosen und des Medikationsplans.",
            "Eine Schweigepflichtentbindung liegt uns vor.",
        ]
    )
    b.gap(4).add("Mit freundlichen Grüßen").add(c.person("Pflegefachkraft Anett Jurk", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Medizinischer Dienst", "MD Berlin-Brandenburg"],
        "Begutachtung zur Feststellung der Pflegebedürftigkeit",
        [],
        "de",
        "DE",
        "030 2026-2299",
    )


@layout("care_service")
def care_service(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = r.choice(
        ["Ambulanter Pflegedienst Schorfheide-Pflege", "Pflegedienst Sonnenschein Neukölln"]
    )
    b = Builder(font="arial")
    b.add(org, 13, "arialb").add(
        "Häusliche Kranken- und Altenpflege · 24-h-Rufbereitschaft", 8
    ).gap(10)
    c.to_practice(b)
    b.gap(5).right(c.ld("de", "DE"))
    b.gap(3).add("Bitte um Verordnung häuslicher Krankenpflege", 12, "arialb")
    b.add(f"für unsere/n Klienten/in {c.name('hf')}, geb. {c.dob('de_short', 'DE')}")
    if c.show_addr:
        b.add(c.addr())
    last = c.date - TD(days=r.randint(1, 5))
    b.gap(3).lines(
        [
            "Sehr geehrte/r Frau/Herr Doktor,",
            f"die Verordnung (Muster 12) ist am {c.od(last, 'prescription_end', 'de', 'DE')} "
            "ausgelaufen.",
            "Wir bitten um Folgeverordnung für: Medikamentengabe 2x tgl., Kompressionsstrümpfe",
            "an- und ausziehen, Wundversorgung Unterschenkel links (Ulcus cruris).",
            "Wunddokumentation anbei.",
        ]
    )
    b.gap(4).add("Mit freundlichen Grüßen").add(
        c.person("Schwester Manuela Kroll, Pflegedienstleitung", "signer")
    )
    return out(
        c,
        [b.page],
        org,
        [],
        "Bitte um Verordnung häuslicher Krankenpflege",
        [],
        "de",
        "DE",
        "033393 7711",
    )


@layout("pharmacy", dob=False)
def pharmacy(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = r.choice(["Löwen-Apotheke Spandau", "Adler-Apotheke Eberswalde"])
    rx = c.date - TD(days=r.randint(0, 2))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add("Inh. Apothekerin Dörte Lindemann e.K.", 8).gap(8)
    b.add(f"An: {c.pr.name}", 10)
    b.add(f"Fax: {c.pr.fax}")
    b.gap(5).add("Rückfrage zum Rezept", 12, "arialb")
    b.add(f"Patient/in: {c.name('sg')}")
    b.add(f"Rezept vom {c.od(rx, 'prescription', 'de', 'DE')}")
    b.gap(3).lines(
        [
            "Verordnet: Metamizol 500 mg 100 St. N3 – nicht lieferbar (Lieferengpass).",
            "Wir schlagen vor: 2 x 50 St. N2 oder ein anderes Fabrikat.",
            "Bitte kurze Rückmeldung per Fax oder Telefon. Vielen Dank!",
        ]
    )
    b.gap(6).add(f"{c.ld('de', 'DE')}, {c.person('PTA Jessica Naumann', 'signer')}")
    return out(
        c,
        [b.page],
        org,
        [],
        "Rückfrage zum Rezept",
        [],
        "de",
        "DE",
        "03334 2301 9",
        notes=["the only date of the letter is at its end"],
    )


@layout("dental")
def dental(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Zahnarztpraxis Dr. med. dent. Ilka Ostrowski"
    op = c.date + TD(days=r.randint(7, 20))
    b = Builder(font="serif")
    b.add(org, 13, "serifb").add(
        "Oralchirurgie · Implantologie · Breite Straße 21, 14467 Potsdam", 8
    ).gap(10)
    c.to_practice(b)
    b.gap(5).right(f"Potsdam, {c.ld('de', 'DE')}")
    b.gap(3).add("Anfrage vor zahnärztlich-chirurgischem Eingriff", 12, "serifb")
    b.add(f"Patient/in: {c.name('gs')}, geb. {c.dob('de', 'DE')}")
    b.gap(3).lines(
        [
            "Sehr geehrte Kollegin, sehr geehrter Kollege,",
            f"bei o. g. Patient/in ist am {c.od(op, 'planned_surgery', 'de', 'DE')} die Extraktion",
            "der Zähne 36 und 37 geplant. Laut Anamnesebogen wird Apixaban eingenommen.",
            "Bitte teilen Sie uns mit, ob die Antikoagulation pausiert werden kann.",
        ]
    )
    b.gap(3).add("Mit freundlichen Grüßen").add(c.person("Dr. med. dent. Ilka Ostrowski", "signer"))
    _reply_slip(
        b,
        "Antwort an die Zahnarztpraxis (Fax 0331 2009 88)",
        [
            f"Patient/in: {c.sur}, {c.giv}",
            "[ ] Pausieren möglich ab ______   [ ] nicht pausieren   [ ] bitte Rücksprache",
            "Datum / Unterschrift: ____________________",
        ],
    )
    return out(
        c,
        [b.page],
        org,
        ["Zahnarztpraxis Ostrowski"],
        "Anfrage vor zahnärztlich-chirurgischem Eingriff",
        [],
        "de",
        "DE",
        "0331 2009 88",
    )


@layout("psychotherapy")
def psychotherapy(c: Ctx) -> dict[str, Any]:
    r = c.rng
    first = c.date - TD(days=r.randint(14, 40))
    b = Builder(font="serif")
    b.add("Dipl.-Psych. Miriam Haferkamp", 13, "serifb")
    b.add("Psychologische Psychotherapeutin (Verhaltenstherapie)", 9)
    b.add("Praxis für Psychotherapie · Pflügerstraße 8 · 12047 Berlin", 8).gap(10)
    c.to_practice(b)
    b.gap(8).add("Bitte um Konsiliarbericht", 12, "serifb")
    b.add(f"für {c.name('hf')}, geb. {c.dob('de', 'DE')}")
    b.gap(3).lines(
        [
            "Liebe Kollegin, lieber Kollege,",
            f"Ihr/e Patient/in stellte sich am {c.od(first, 'first_session', 'de', 'DE')} erstmals "
            "in meiner",
            "Sprechstunde vor. Vor Beginn einer Kurzzeittherapie benötige ich gemäß",
            "Psychotherapie-Richtlinie einen Konsiliarbericht (Muster 22) zum Ausschluss",
            "somatischer Ursachen. Für Ihre Mühe bedanke ich mich.",
        ]
    )
    b.gap(6).add("Mit herzlichen Grüßen")
    b.gap(4).add(f"Berlin, den {c.ld('de_long', 'DE')}")
    b.add(c.person("Miriam Haferkamp", "signer"))
    return out(
        c,
        [b.page],
        "Dipl.-Psych. Miriam Haferkamp",
        ["Miriam Haferkamp", "Praxis für Psychotherapie"],
        "Bitte um Konsiliarbericht",
        ["Konsiliarbericht"],
        "de",
        "DE",
        "030 6220 477",
        notes=["the letter date stands only at the end"],
    )


@layout("health_office")
def health_office(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org, city = r.choice(
        [
            ("Bezirksamt Neukölln von Berlin – Gesundheitsamt", "Berlin"),
            ("Landkreis Barnim – Gesundheitsamt", "Eberswalde"),
        ]
    )
    contact = c.date - TD(days=r.randint(10, 30))
    b = Builder(font="arial")
    b.add(org, 12, "arialb").add("Fachbereich Infektionsschutz und Umweltmedizin", 9).gap(8)
    c.to_practice(b)
    b.gap(5).right(f"{city}, {c.ld('de', 'DE')}")
    b.add(f"Geschäftszeichen: Ges-IS 3-{r.randint(100, 999)}/{c.date.year}", 8)
    b.gap(3).add("Tuberkulose-Umgebungsuntersuchung", 12, "arialb")
    b.add(f"Betroffene Person: {c.name('sg')}, geb. {c.dob('de', 'DE')}")
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}")
    kid = c.date - TD(days=365 * r.randint(6, 12) + r.randint(0, 300))
    b.gap(3).lines(
        [
            "Sehr geehrte Damen und Herren,",
            "die o. g. Person ist Kontaktperson eines an offener Lungentuberkulose erkrankten",
            f"Familienangehörigen (Kontakt zuletzt am {c.od(contact, 'contact', 'de', 'DE')}).",
            f"Mitbetroffen ist das Kind (geb. {c.od(kid, 'relative_birth', 'de', 'DE')}).",
            "Wir bitten um Durchführung eines Interferon-Gamma-Tests und Mitteilung des "
            "Ergebnisses.",
        ]
    )
    b.gap(4).add("Mit freundlichen Grüßen").add(
        c.person("Dr. med. Gundula Siebert, Amtsärztin", "signer")
    )
    return out(
        c,
        [b.page],
        org,
        ["Gesundheitsamt", org.split(" – ")[0]],
        "Tuberkulose-Umgebungsuntersuchung",
        [],
        "de",
        "DE",
        "030 90239-3535",
    )


@layout("court")
def court(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org, city = r.choice(
        [
            ("Amtsgericht Spandau – Betreuungsgericht", "Berlin"),
            ("Amtsgericht Eberswalde – Betreuungsgericht", "Eberswalde"),
        ]
    )
    hearing = c.date + TD(days=r.randint(14, 30))
    b = Builder(font="serif")
    b.add(org.split(" – ")[0], 14, "serifb").add("– Betreuungsgericht –", 11).gap(8)
    c.to_practice(b)
    b.gap(4).right(f"{city}, {c.ld('de', 'DE')}")
    az = f"{r.randint(50, 59)} XVII {r.randint(100, 999)}/{c.date.year % 100}"
    b.add(f"Geschäftsnummer: {az}", 9)
    b.gap(3).add(f"Betreuungssache {c.name('gs')}, geboren am {c.dob('de', 'DE')}", 11, "serifb")
    if c.show_addr:
        b.add(f"wohnhaft {c.addr()}")
    betr = c.person(r.choice(["Rechtsanwältin Sibylle Fenske", "Herr Andreas Klopsch"]), "guardian")
    b.gap(3).lines(
        [
            "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,",
            f"in der o. g. Betreuungssache (Betreuer/in: {betr}) wird um ein ärztliches",
            "Attest zur Frage der Verlängerung der Betreuung gebeten (§ 1896 BGB a. F., § 281 "
            "FamFG).",
            f"Anhörungstermin: {c.od(hearing, 'hearing', 'de', 'DE')}.",
        ]
    )
    b.gap(4).add("Auf Anordnung").add(c.person("Schulte-Brömmelkamp, Justizbeschäftigte", "signer"))
    b.add("Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.", 8)
    return out(
        c,
        [b.page],
        org,
        [org.split(" – ")[0], "Betreuungsgericht"],
        f"Betreuungssache {c.giv} {c.sur}",
        ["Betreuungssache"],
        "de",
        "DE",
        "030 90157-429",
        notes=["title: the court's heading 'Betreuungssache <name>'"],
    )


@layout("medplan")
def medplan(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = r.choice(["Havelklinikum Spandau, Station 4B", "Lausitz-Klinikum Cottbus, Kardiologie"])
    b = Builder(font="arial", top=12)
    b.add("Medikationsplan", 16, "arialb").add("Seite 1 von 1", 8)
    b.add(f"für: {c.name('gs')}    geb. am: {c.dob('de', 'DE')}", 10)
    b.add(f"ausgedruckt von: {org}", 9)
    b.add(f"Hausarzt: {c.pr.name}", 8)
    b.add(f"ausgedruckt am: {c.ld('de', 'DE')}", 9)
    b.rule()
    b.add(
        "Wirkstoff        Handelsname      Stärke   Form  mo mi ab zur  Einheit  Hinweise",
        7.5,
        "mono",
    )
    for row in [
        "Metoprolol       Beloc-Zok mite   47,5 mg  Tabl  1  0  0  0    Stück",
        "Apixaban         Eliquis          5 mg     Tabl  1  0  1  0    Stück",
        "Torasemid        Torem            10 mg    Tabl  1  0  0  0    Stück   nach Gewicht",
        "Pantoprazol      Pantozol         20 mg    Tabl  1  0  0  0    Stück",
        "Simvastatin      Simvahexal       20 mg    Tabl  0  0  1  0    Stück",
    ]:
        b.add(row, 7.5, "mono")
    b.gap(3).add("Bedarfsmedikation", 9, "arialb")
    b.add("Metamizol        Novalgin         500 mg   Tabl  bei Schmerzen max. 4x1", 7.5, "mono")
    return out(
        c,
        [b.page],
        org.split(",")[0],
        [org],
        "Medikationsplan",
        ["Bundeseinheitlicher Medikationsplan"],
        "de",
        "DE",
        "030 3301-4499",
    )


@layout("email")
def email(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Schlafmedizinisches Zentrum Potsdam"
    when = c.date
    b = Builder(font="arial", top=12)
    b.add("Outlook-Ausdruck", 7).rule()
    b.add(f"Von: schlaflabor@szp-potsdam.example im Auftrag von {org}", 9)
    b.add(
        f"Gesendet: {['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'][when.weekday()]}, "  # noqa: E501
        f"{c.ld('de_long', 'DE')} 09:{r.randint(10, 59)}",
        9,
    )
    b.add(f"An: {c.pr.name} <praxis@{c.pr.name.split()[-1].lower()}.example>", 9)
    subj = "Befund Polygraphie"
    b.add(f"Betreff: {subj} – {c.name('sg')}", 9)
    b.add("Anlagen: polygraphie.pdf", 9).rule().gap(3)
    night = c.date - TD(days=r.randint(3, 9))
    b.lines(
        [
            "Sehr geehrte Kolleginnen und Kollegen,",
            "anbei der Befund der ambulanten Polygraphie vom "
            f"{c.od(night, 'examination', 'de', 'DE')}",
            f"für Ihre/n Patienten/in (geb. {c.dob('de', 'DE')}):",
            "AHI 27/h, mittelgradige obstruktive Schlafapnoe. Eine CPAP-Einleitung im Schlaflabor",
            "ist geplant, der Termin wird dem Patienten direkt mitgeteilt.",
            "",
            "Mit freundlichen Grüßen",
            c.person("Dr. med. Leonie Brandauer", "signer"),
            org,
            "Großbeerenstraße 109, 14482 Potsdam",
        ]
    )
    b.bottom(["Seite 1"], 7)
    return out(
        c,
        [b.page],
        org,
        [],
        subj,
        [f"{subj} – {c.sur}, {c.giv}", "E-Mail"],
        "de",
        "DE",
        "0331 7495 300",
        notes=["e-mail printout; title = subject line"],
    )


@layout("handwritten", handwritten=True, dob=False)
def handwritten(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Seniorenresidenz Am Werbellinsee"
    dated = r.random() < 0.7
    b = Builder(font="hand", top=20, left=26)
    b.add("Seniorenresidenz Am Werbellinsee · Wohnbereich 2", 9, "arial")
    b.gap(6)
    b.add("Liebes Praxisteam,", 15)
    b.add(f"bei {c.name('anrede')} (Zi. {r.randint(101, 240)})", 15)
    b.lines(
        [
            "seit gestern Fieber 38,6 und Husten,",
            "trinkt wenig. Bitte um Hausbesuch",
            "oder Rückruf auf Station.",
        ],
        15,
    )
    if dated:
        b.gap(4).add(c.ld("de_short", "DE"), 15)
    b.add(c.person("Schw. Birgit", "signer"), 15)
    return out(
        c,
        [b.page],
        org,
        ["Wohnbereich 2"],
        None,
        [],
        "de",
        "DE",
        "033363 5120",
        dated=dated,
        handwritten=True,
        notes=["handwritten note, no heading (title null), no birth date"],
    )


@layout("referral_form")
def referral_form(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "MVZ Orthopädie Frankfurt (Oder)"
    b = Builder(font="arial", top=14)
    b.add("Rücküberweisung / Konsiliarbefund", 13, "arialb")
    b.add(f"Absender: {org}, Logenstraße 8, 15230 Frankfurt (Oder)", 8)
    b.rule()
    b.add(f"Name, Vorname des Versicherten: {c.name('sg')}", 9)
    b.add(f"geb. am: {c.dob('de_short', 'DE')}", 9)
    if c.show_addr:
        b.add(f"Anschrift: {c.addr()}", 9)
    c.maybe_pid(b, 0.6)
    b.add(
        f"Kostenträger: AOK-Nordost   Status: 1000000   VK gültig bis "
        f"{c.od(dt.date(c.date.year + 1, 12, 31), 'card_valid_until', 'de', 'DE')}",
        8,
    )
    b.rule()
    b.add(f"An: {c.pr.name}", 9)
    ref = c.date - TD(days=r.randint(10, 30))
    b.add(f"Ihre Überweisung vom {c.od(ref, 'referral', 'de', 'DE')}", 9)
    b.gap(3).lines(
        [
            "Diagnose: Impingement-Syndrom Schulter rechts (M75.4 R)",
            "Befund: schmerzhafter Bogen 60–120°, Jobe-Test positiv, Kraft 4/5.",
            "Therapie: subakromiale Infiltration erfolgt, KG 6x verordnet.",
            "Empfehlung: Wiedervorstellung bei Persistenz in 6 Wochen.",
        ],
        10,
    )
    b.gap(5).add(
        f"Datum: {c.ld('de', 'DE')}    Unterschrift/Stempel: "
        f"{c.person('Dr. med. Bogdan Lewandowski', 'signer')}",
        9,
    )
    return out(
        c,
        [b.page],
        org,
        ["MVZ Orthopädie"],
        "Rücküberweisung / Konsiliarbefund",
        ["Konsiliarbefund", "Rücküberweisung"],
        "de",
        "DE",
        "0335 4001 77",
    )


# ------------------------------------------------------------------ from abroad


@layout("poland")
def poland(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Szpital Wojewódzki w Gorzowie Wielkopolskim"
    adm = c.date - TD(days=r.randint(3, 10))
    dis = c.date
    b = Builder()
    b.add(org, 13, "sansb").add("Oddział Chorób Wewnętrznych", 10)
    b.add("ul. Dekerta 1, 66-400 Gorzów Wielkopolski · tel. +48 95 733 11 00", 8).gap(6)
    b.right(f"Gorzów Wlkp., {c.ld('pl_long', 'PL')}")
    b.gap(4).add("KARTA INFORMACYJNA LECZENIA SZPITALNEGO", 12, "sansb")
    b.add(f"Pacjent: {c.name('SG')}")
    b.add(f"Data urodzenia: {c.dob('pl_r', 'PL')}")
    b.add(f"Adres: {c.addr()}" if c.reg is not None else "Adres: Niemcy")
    b.add(
        f"Data przyjęcia: {c.od(adm, 'admission', 'pl_r', 'PL')}   "
        f"Data wypisu: {c.od(dis, 'discharge', 'pl_r', 'PL')}"
    )
    b.gap(3).add("Rozpoznanie: Zapalenie płuc (J18.9). Nadciśnienie tętnicze.")
    b.lines(
        [
            "Pacjent przyjęty z powodu gorączki i duszności podczas pobytu turystycznego.",
            "Leczony antybiotykiem (amoksycylina z kwasem klawulanowym), z poprawą.",
            "Zalecenia: kontynuacja leczenia u lekarza rodzinnego w Niemczech.",
        ]
    )
    b.gap(4).add(f"Do wiadomości: {c.pr.name}, {c.pr.city}")
    b.gap(5).add(c.person("lek. med. Agnieszka Kowalczyk-Nowak", "signer"))
    b.add("specjalista chorób wewnętrznych", 8)
    return out(
        c,
        [b.page],
        org,
        ["Oddział Chorób Wewnętrznych", "Szpital Wojewódzki Gorzów"],
        "Karta informacyjna leczenia szpitalnego",
        ["KARTA INFORMACYJNA LECZENIA SZPITALNEGO"],
        "pl",
        "PL",
        "+48 95 733 11 09",
        fax_style="intl",
    )


@layout("ukraine_uk", need="ua")
def ukraine_uk(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Львівська міська клінічна лікарня № 5"
    adm = c.date - TD(days=r.randint(5, 12))
    b = Builder()
    b.add(org, 13, "sansb").add("Терапевтичне відділення", 10)
    b.add("вул. Личаківська, 107, м. Львів, 79010, Україна", 8).gap(8)
    b.add(f"Для: {c.pr.name}", 9).add(f"{c.pr.city}, Німеччина", 9)
    b.add("ВИПИСКА", 13, "sansb").add("із медичної карти стаціонарного хворого", 11)
    b.gap(3).add(f"Пацієнт: {c.name('sn')}")
    b.add(f"Дата народження: {c.dob('de', 'UA')}")
    b.add(
        f"Перебував на лікуванні з {c.od(adm, 'admission', 'de', 'UA')} по "
        f"{c.od(c.date - TD(days=1), 'discharge', 'de', 'UA')}"
    )
    b.gap(3).lines(
        [
            "Діагноз: Гіпертонічна хвороба II стадії. Цукровий діабет 2 типу.",
            "Рекомендовано: продовжити лікування у сімейного лікаря.",
            "Метформін 1000 мг двічі на день, лізиноприл 10 мг зранку.",
        ]
    )
    b.gap(6).add(f"Дата: {c.ld('ua_long', 'UA')}")
    b.add(f"Лікар: {c.person('Марченко Ірина Петрівна', 'signer')}")
    return out(
        c,
        [b.page],
        org,
        ["Терапевтичне відділення"],
        "Виписка",
        ["Виписка із медичної карти стаціонарного хворого"],
        "uk",
        "UA",
        "+380 32 275 4410",
        fax_style="intl",
        notes=["Ukrainian, Cyrillic; patient name in Cyrillic"],
    )


@layout("ukraine_en", need="ua")
def ukraine_en(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Kharkiv Regional Clinical Hospital"
    exam = c.date - TD(days=r.randint(1, 7))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add(
        "Department of Cardiology · Nauky Ave 4, Kharkiv 61022, Ukraine", 8
    ).gap(8)
    c.spell["sur"], c.spell["giv"] = (
        c.reg.surname if c.reg else c.sur,
        (c.reg.given_names if c.reg else c.giv),
    )
    c.spell["case"] = "plain"
    b.add(f"To: {c.pr.name}", 9).add(f"{c.pr.city}, Germany", 9)
    b.add("MEDICAL REPORT", 13, "arialb")
    b.add(f"Patient: {c.name('SG')}")
    b.add(f"Date of birth: {c.dob('de', 'UA')}")
    b.add(f"Date of examination: {c.od(exam, 'examination', 'de', 'UA')}")
    b.gap(3).lines(
        [
            "Diagnosis: Paroxysmal atrial fibrillation. Hypertension grade 2.",
            "Holter ECG: sinus rhythm with two paroxysms of AF (max. 3 h).",
            "Recommended: rivaroxaban 20 mg daily, bisoprolol 5 mg daily.",
            "The patient relocated to Germany; please continue treatment.",
        ]
    )
    b.gap(5).add(f"Date: {c.ld('de', 'UA')}")
    b.add(c.person("Dr. Oleksandr Hnatiuk, cardiologist", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Department of Cardiology"],
        "Medical Report",
        [],
        "en",
        "UA",
        "+380 57 700 4102",
        fax_style="intl",
    )


@layout("lithuania")
def lithuania(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Vilniaus universiteto ligoninė Santaros klinikos"
    adm = c.date - TD(days=r.randint(3, 8))
    b = Builder()
    b.add(org, 12, "sansb").add("Santariškių g. 2, LT-08661 Vilnius", 8).gap(8)
    b.add(f"Kam: {c.pr.name}", 9).add(f"{c.pr.city}, Vokietija", 9)
    b.add("IŠRAŠAS IŠ MEDICININIŲ DOKUMENTŲ", 12, "sansb").add("Forma Nr. 027/a", 8)
    b.add(f"Pacientas: {c.name('gs')}")
    b.add(f"Gimimo data: {c.dob('iso', 'LT')}")
    b.add(
        f"Gydymo laikotarpis: {c.od(adm, 'admission', 'iso', 'LT')} – "
        f"{c.od(c.date, 'discharge', 'iso', 'LT')}"
    )
    b.gap(3).lines(
        [
            "Diagnozė: Inkstų akmenligė (N20.0). Atlikta ureteroskopija.",
            "Rekomendacijos: gerti daug skysčių, kontrolė pas šeimos gydytoją.",
        ]
    )
    b.gap(5).add(f"Išrašo data: {c.ld('lt_long', 'LT')}")
    b.add(f"Gydytojas: {c.person('Dr. Tomas Vaitkevičius', 'signer')}")
    return out(
        c,
        [b.page],
        org,
        ["Santaros klinikos"],
        "Išrašas iš medicininių dokumentų",
        ["IŠRAŠAS IŠ MEDICININIŲ DOKUMENTŲ", "Forma Nr. 027/a"],
        "lt",
        "LT",
        "+370 5 236 5001",
        fax_style="intl",
    )


@layout("israel")
def israel(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Carmel Valley Medical Center"
    c.ascii_names()
    adm = c.date - TD(days=r.randint(2, 6))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add("Department of Internal Medicine B · Haifa, Israel", 8).gap(8)
    b.add(f"To: {c.pr.name}", 9).add(f"{c.pr.city}, Germany", 9)
    b.add("DISCHARGE LETTER", 13, "arialb")
    b.add(f"Name: {c.name('sg')}   ID/Passport: C{r.randint(1000000, 9999999)}")
    b.add(f"Date of birth: {c.dob('uk_num', 'IL')}")
    b.add(
        f"Admitted: {c.od(adm, 'admission', 'uk_num', 'IL')}   "
        f"Discharged: {c.od(c.date, 'discharge', 'uk_num', 'IL')}"
    )
    b.gap(3).lines(
        [
            "Diagnosis: Acute gastroenteritis with dehydration, resolved.",
            "Treatment: IV fluids, ondansetron. Stool cultures negative.",
            "Recommendations: follow-up with family physician in Germany.",
        ]
    )
    b.gap(5).add(c.person("Dr. Noa Ben-Ami, Senior Physician", "signer"))
    b.add(f"Printed {c.f(c.date, 'uk_num', 'IL')}", 8)
    return out(
        c,
        [b.page],
        org,
        ["Department of Internal Medicine B"],
        "Discharge Letter",
        [],
        "en",
        "IL",
        "+972 4 850 2211",
        fax_style="intl",
    )


@layout("russia", need="ru")
def russia(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "ГБУЗ Городская клиническая больница № 52"
    adm = c.date - TD(days=r.randint(5, 12))
    b = Builder()
    b.add(org, 12, "sansb").add(
        "г. Москва, ул. Пехотная, д. 3 · Кардиологическое отделение", 8
    ).gap(8)
    b.add(f"Кому: {c.pr.name}", 9).add(f"{c.pr.city}, Германия", 9)
    b.add("ВЫПИСНОЙ ЭПИКРИЗ", 13, "sansb")
    b.add(f"Ф.И.О.: {c.name('sn')}")
    b.add(f"Дата рождения: {c.dob('de', 'RU')}")
    b.add(
        f"Находился(-ась) на лечении с {c.od(adm, 'admission', 'de', 'RU')} по "
        f"{c.od(c.date - TD(days=1), 'discharge', 'de', 'RU')}"
    )
    b.gap(3).lines(
        [
            "Диагноз: ИБС. Стенокардия напряжения II ФК. Гипертоническая болезнь.",
            "Рекомендовано: наблюдение терапевта по месту жительства.",
            "Бисопролол 5 мг утром, аторвастатин 20 мг вечером.",
        ]
    )
    b.gap(5).add(f"{c.ld('ru_long', 'RU')}")
    b.add(f"Лечащий врач: {c.person('Соколова Е. В.', 'signer')}")
    return out(
        c,
        [b.page],
        org,
        ["Городская клиническая больница № 52", "ГКБ № 52"],
        "Выписной эпикриз",
        ["ВЫПИСНОЙ ЭПИКРИЗ"],
        "ru",
        "RU",
        "+7 495 870 1102",
        fax_style="intl",
    )


@layout("uk")
def uk(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "North Wessex Hospitals NHS Foundation Trust"
    clinic = c.date - TD(days=r.randint(3, 10))
    b = Builder(font="arial")
    b.add(org, 13, "arialb").add(
        "Department of Rheumatology · Kingsclere Road, Basingstoke RG21 9ZZ", 8
    ).gap(8)
    c.to_practice(b)
    b.add("Germany")
    b.gap(4).add(f"Date dictated: {c.od(clinic, 'dictated', 'uk_num', 'GB')}", 9)
    b.add(f"Date typed: {c.ld('uk_long', 'GB')}", 9)
    b.gap(3).add(f"Re: {c.name('tgs')}   DOB: {c.dob('uk_num', 'GB')}", 10, "arialb")
    b.add(f"NHS No: {r.randint(400, 499)} {r.randint(100, 999)} {r.randint(1000, 9999)}", 9)
    b.gap(3).add("Clinic Letter", 12, "arialb")
    b.lines(
        [
            "Dear Colleague,",
            f"I reviewed your patient in clinic on {c.od(clinic, 'clinic', 'uk_long', 'GB')} "
            "while on a temporary",
            "work placement in the UK. Diagnosis: seronegative rheumatoid arthritis.",
            "Methotrexate 15 mg weekly with folic acid 5 mg weekly. Please monitor FBC,",
            "LFTs and creatinine every 3 months.",
            "Yours sincerely,",
        ]
    )
    b.gap(5).add(c.person("Dr Alistair McBride, Consultant Rheumatologist", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Department of Rheumatology"],
        "Clinic Letter",
        [],
        "en",
        "GB",
        "+44 1256 313 999",
        fax_style="intl",
        notes=["letter date: 'Date typed'; dictation date differs"],
    )


@layout("usa")
def usa(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Lakeshore Orthopedic Associates"
    c.ascii_names()
    visit = c.date - TD(days=r.randint(2, 8))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add(
        "1200 N. Lake Shore Drive, Suite 400 · Chicago, IL 60611 · USA", 8
    ).gap(8)
    b.right(c.ld("us_long", "US"))
    b.gap(3)
    c.to_practice(b)
    b.gap(4).add("CONSULTATION REPORT", 13, "arialb")
    b.add(f"Patient: {c.name('GS')}   DOB: {c.dob('us_num', 'US')}")
    b.add(f"Date of service: {c.od(visit, 'visit', 'us_num', 'US')}")
    b.gap(3).lines(
        [
            "Dear Doctor,",
            "Your patient was seen for a right ankle sprain sustained while hiking.",
            "X-rays negative for fracture. Grade II ATFL sprain. Brace, PT, NSAIDs.",
            "Follow-up with you on return to Germany. Sincerely,",
        ]
    )
    b.gap(5).add(c.person("Michael J. O'Donnell, MD", "signer"))
    return out(
        c,
        [b.page],
        org,
        [],
        "Consultation Report",
        [],
        "en",
        "US",
        "+1 312 555 0199",
        fax_style="us",
        notes=["US dates, month first"],
    )


@layout("austria")
def austria(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Landesklinikum Wiener Neustadt"
    adm = c.date - TD(days=r.randint(2, 8))
    b = Builder(font="serif")
    b.add(org, 14, "serifb").add(
        "Abteilung für Innere Medizin · Corvinusring 3-5, 2700 Wiener Neustadt", 8
    ).gap(8)
    c.to_practice(b)
    b.add("Deutschland")
    b.gap(4).right(f"Wiener Neustadt, am {c.ld('at_long', 'AT')}")
    b.gap(3).add("Arztbrief", 13, "serifb")
    b.add(f"betreffend {c.name('anrede')}, geb. {c.dob('de', 'AT')}")
    b.add(
        f"Aufenthalt: {c.od(adm, 'admission', 'de', 'AT')} – "
        f"{c.od(c.date, 'discharge', 'de', 'AT')}"
    )
    b.gap(3).lines(
        [
            "Diagnose: Erysipel am linken Unterschenkel.",
            "Therapie: Cefazolin i.v., anschließend Cefalexin p.o. für 7 Tage.",
            "Wir ersuchen um Wundkontrolle und Fortführung der Therapie.",
        ]
    )
    b.gap(5).add("Mit kollegialen Grüßen").add(c.person("OA Dr. Florian Hinterberger", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Abteilung für Innere Medizin"],
        "Arztbrief",
        [],
        "de",
        "AT",
        "+43 2622 9004 9901",
        fax_style="intl",
    )


@layout("switzerland")
def switzerland(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Kantonsspital Graubünden"
    adm = c.date - TD(days=r.randint(2, 8))
    b = Builder(font="arial")
    b.add(org, 14, "arialb").add("Departement Chirurgie · Loëstrasse 170 · 7000 Chur", 8)
    b.gap(8)
    c.to_practice(b)
    b.add("Deutschland")
    b.gap(4).right(f"Chur, {c.ld('de_nopad', 'CH')}")
    b.gap(3).add("Austrittsbericht", 13, "arialb")
    b.add(f"Patient: {c.name('gs')}, {c.dob('de', 'CH')}")
    b.add(
        f"Eintritt: {c.od(adm, 'admission', 'de', 'CH')}   "
        f"Austritt: {c.od(c.date, 'discharge', 'de', 'CH')}"
    )
    b.gap(3).lines(
        [
            "Diagnose: Distale Radiusfraktur links nach Skiunfall, ORIF.",
            "Procedere: Fadenentfernung am 12. Tag, Physiotherapie, Röntgenkontrolle",
            "nach 6 Wochen. Freundliche Grüsse",
        ]
    )
    b.gap(5).add(c.person("Dr. med. Reto Caminada, Oberarzt", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Departement Chirurgie"],
        "Austrittsbericht",
        [],
        "de",
        "CH",
        "+41 81 256 6002",
        fax_style="intl",
    )


@layout("italy")
def italy(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Azienda Sanitaria dell'Alto Adige – Ospedale di Merano"
    adm = c.date - TD(days=r.randint(2, 8))
    b = Builder(font="serif")
    b.add(org, 12, "serifb").add(
        "Reparto di Medicina Interna · Via Rossini 5, 39012 Merano", 8
    ).gap(8)
    b.add(f"Al medico curante: {c.pr.name}", 9).add(f"{c.pr.city}, Germania", 9)
    b.add("LETTERA DI DIMISSIONE", 13, "serifb")
    b.add(f"Paziente: {c.name('SG')}")
    b.add(f"Data di nascita: {c.dob('it_num', 'IT')}")
    b.add(
        f"Ricovero dal {c.od(adm, 'admission', 'it_num', 'IT')} al "
        f"{c.od(c.date, 'discharge', 'it_num', 'IT')}"
    )
    b.gap(3).lines(
        [
            "Diagnosi: Fibrillazione atriale ad elevata risposta ventricolare.",
            "Terapia: bisoprololo 2,5 mg, edoxaban 60 mg.",
            "Si consiglia controllo presso il medico curante in Germania.",
        ]
    )
    b.gap(5).add(f"Merano, {c.ld('it_long', 'IT')}")
    b.add(c.person("Dott.ssa Chiara Pichler", "signer"))
    return out(
        c,
        [b.page],
        org,
        ["Ospedale di Merano", "Reparto di Medicina Interna"],
        "Lettera di dimissione",
        ["LETTERA DI DIMISSIONE"],
        "it",
        "IT",
        "+39 0473 264 009",
        fax_style="intl",
    )


@layout("handwritten_oncall", handwritten=True)
def handwritten_oncall(c: Ctx) -> dict[str, Any]:
    r = c.rng
    org = "Ärztlicher Bereitschaftsdienst der KV Brandenburg"
    b = Builder(font="hand", top=16, left=24)
    b.add(org, 11, "arialb")
    b.add("Bereitschaftspraxis am Klinikum Eberswalde · Tel. 116 117", 8, "arial")
    b.add("Bericht an den Hausarzt", 12, "arialb")
    b.rule()
    b.gap(4).add(f"Pat.: {c.name('gs')}", 15)
    b.add(f"geb. {c.dob('de_short', 'DE')}", 15)
    seen = c.date
    b.gap(3).lines(
        [
            "Vorstellung wg. Harnwegsinfekt,",
            "Urin-Stix: Leuko +++, Nitrit +",
            "Fosfomycin 3 g einmalig gegeben.",
            "Bitte Kontrolle in Ihrer Praxis!",
        ],
        15,
    )
    b.gap(5).add(f"Eberswalde, {c.ld('de_short', 'DE')}  {seen:%H}:{r.randint(10, 59)} Uhr", 14)
    b.add(c.person("Dr. Jakubowski", "signer"), 15)
    return out(
        c,
        [b.page],
        org,
        ["Bereitschaftspraxis am Klinikum Eberswalde", "KV Brandenburg"],
        "Bericht an den Hausarzt",
        [],
        "de",
        "DE",
        "03334 69-4117",
        handwritten=True,
        notes=["printed form head, handwritten body (stand-in font); not addressed to a practice"],
    )
