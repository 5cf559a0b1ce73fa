# ruff: noqa: E501  (the letters' prose and its tables read better unbroken)
"""The letters: a generator of the post a general practice in Rhineland-Palatinate and Saarland
receives, each letter with its exact truth."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import register
from .compose import Sheet
from .register import CYRILLIC, Patient
from .render import Line, Page, fax_tiff, pdf_bytes, scan_jpeg
from .world import PRACTICES, SENDERS, fmt

SPLITS = {"test": (40, 50_001), "examples": (6, 50_077)}
FAMILIES = [
    ("sans", "sans-b"),
    ("serif", "serif-b"),
    ("dv", "dv-b"),
    ("dvserif", "dvserif-b"),
    ("narrow", "narrow-b"),
    ("dvcond", "dvcond-b"),
]
KIND_WEIGHTS = [
    ("hospital", 8),
    ("specialist", 4),
    ("lab", 3),
    ("radiology", 3),
    ("rehab", 2),
    ("insurer", 4),
    ("authority", 3),
    ("care", 2),
    ("pharmacy", 1),
    ("therapist", 2),
    ("email", 2),
    ("portal", 2),
    ("form", 2),
    ("hand", 1),
    ("abroad", 9),
]
_PATIENTS: list[Patient] = []


def patients() -> list[Patient]:
    if not _PATIENTS:
        _PATIENTS.extend(register.build())
    return _PATIENTS


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[Page]
    facts: dict[str, Any]
    reg: dict[str, Any] | None
    notes: list[str]
    handwritten: bool
    fax: dict[str, Any]
    fax_header: list[str]
    cover: Page | None
    stamp: list[str] = field(default_factory=list)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def scan_pages(self) -> list[Page]:
        out = []
        for i, pg in enumerate(self.pages):
            pg2 = pg.copy()
            if i == 0 and self.stamp:
                pg2.boxes.append((392, 793, 548, 836))
                for j, s in enumerate(self.stamp):
                    pg2.lines.append(Line(400, 806 + 12 * j, s, "mono-b", 9))
            out.append(pg2)
        return out

    def fax_pages(self) -> list[Page]:
        src = ([self.cover] if self.cover else []) + self.pages
        out = []
        for i, pg in enumerate(src):
            pg2 = pg.copy()
            pg2.lines.append(Line(30, 16, self.fax_header[i], "mono", 7.5))
            out.append(pg2)
        return out

    def render(self, condition: str) -> dict[str, bytes]:
        if condition == "pdf" and not self.handwritten:
            return {"pdf/letter.pdf": pdf_bytes(self.pages)}
        if condition == "scan200":
            return {
                f"scan200/page-{i + 1:02d}.jpg": scan_jpeg(pg, self.seed * 31 + i)
                for i, pg in enumerate(self.scan_pages())
            }
        if condition == "fax":
            fine = self.fax["resolution"] == "204x196"
            g4 = self.seed % 2 == 0
            return {
                f"fax/page-{i + 1:02d}.tif": fax_tiff(pg, fine, g4)
                for i, pg in enumerate(self.fax_pages())
            }
        raise ValueError(condition)

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        if not self.handwritten:
            conds["pdf"] = {
                "pages": [
                    {"page": p.name, "file": "pdf/letter.pdf", "pdf_page": i + 1, "text": p.text()}
                    for i, p in enumerate(self.pages)
                ]
            }
        conds["scan200"] = {
            "pages": [
                {"page": p.name, "file": f"scan200/page-{i + 1:02d}.jpg", "text": p.text()}
                for i, p in enumerate(self.scan_pages())
            ]
        }
        conds["fax"] = {
            "pages": [
                {"page": p.name, "file": f"fax/page-{i + 1:02d}.tif", "text": p.text()}
                for i, p in enumerate(self.fax_pages())
            ]
        }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.reg,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": self.fax,
            "conditions": conds,
        }


# ---------------------------------------------------------------- the person named in a letter


@dataclass
class Who:
    p: Patient
    in_register: bool
    sur: str
    giv: str
    notes: list[str]

    def form(self, style: str, lang: str = "de") -> str:
        up = _upper_tr if lang == "tr" else str.upper
        t = f"{self.p.title} " if self.p.title else ""
        return {
            "gs": f"{self.giv} {self.sur}",
            "tgs": f"{t}{self.giv} {self.sur}",
            "sg": f"{self.sur}, {self.giv}",
            "tsg": f"{self.sur}, {t}{self.giv}",
            "SG": f"{up(self.sur)}, {self.giv}",
            "S G": f"{up(self.sur)} {self.giv}",
            "gS": f"{self.giv} {up(self.sur)}",
            "SGU": f"{up(self.sur)}, {up(self.giv)}",
            "s g": f"{self.sur} {self.giv}",
        }[style]


def _upper_tr(s: str) -> str:
    return s.replace("i", "İ").upper()


def _fresh(rng: random.Random, group: str) -> Patient:
    pool = [p for p in register.FOREIGN if p[3] == group] if group != "de" else []
    if pool:
        sur, giv, sex, _ = rng.choice(pool)
        giv = {"F": "Irène", "M": "Bruno"}[sex] if group in ("fr", "lu", "be") else giv
    else:
        sex = rng.choice("MF")
        giv = rng.choice(["Waltraud", "Ewald", "Margot", "Reinhold", "Liesel", "Edmund"])
        sur = rng.choice(["Hörner", "Stuppy", "Gebhardt-Lenz", "Paulus", "Nickels", "Scherer"])
    bd = dt.date(1940, 1, 1) + dt.timedelta(days=rng.randrange(22000))
    return Patient("", sur, giv, bd, sex, "Am Markt 1", "54290", "Trier", group=group)


def pick_who(
    rng: random.Random, group: str | None, forced: Patient | None, fresh: bool = False
) -> Who:
    pts = patients()
    notes: list[str] = []
    if forced is not None:
        p, inreg = forced, True
    elif rng.random() < 0.08 or fresh:
        p, inreg = _fresh(rng, group or "de"), False
        notes.append("the patient is not in the register")
        ids = {(q.surname, q.given_names, q.birth_date) for q in pts}
        assert (p.surname, p.given_names, p.birth_date) not in ids
    else:
        pool = (
            [q for q in pts if q.group == group] if group else [q for q in pts if q.group == "de"]
        )
        p, inreg = rng.choice(pool), True
    sur, giv = p.surname, p.given_names
    if p.former_names and p.collision == "name_change":
        sur = p.former_names[0]
        notes.append(f"the letter uses the former surname {sur}; the register has {p.surname}")
    if group == "ua":
        sur, giv = CYRILLIC[p.surname], CYRILLIC[p.given_names]
        notes.append("the name is written in Cyrillic; the register has it in Latin letters")
    if p.collision:
        notes.append(f"register collision: {p.collision} ({p.collision_group})")
    return Who(p, inreg, sur, giv, notes)


# ---------------------------------------------------------------- one letter


def _addr_block(
    sh: Sheet, practice: dict[str, Any], lang: str, y: float, x: float | None = None
) -> float:
    lines = list(practice["lines"])
    if lang.startswith("fr"):
        lines = [
            "Monsieur le Docteur" if practice["key"] != "trier" else "Madame le Docteur",
            *lines,
            "ALLEMAGNE",
        ]
    elif lang in ("it", "es", "pt", "tr", "uk", "en-us", "de-lu", "de-be", "de-ch"):
        lines = [
            *lines,
            {
                "it": "GERMANIA",
                "es": "ALEMANIA",
                "pt": "ALEMANHA",
                "tr": "ALMANYA",
                "uk": "НІМЕЧЧИНА",
                "en-us": "GERMANY",
                "de-lu": "ALLEMAGNE",
                "de-be": "DEUTSCHLAND",
                "de-ch": "DEUTSCHLAND",
            }[lang],
        ]
    sh.y = y
    for ln in lines:
        sh.put(ln, x, size=10, limit=250)
    return sh.y


class Ctx:
    def __init__(
        self,
        rng: random.Random,
        kind: str,
        sender: dict[str, Any],
        practice: dict[str, Any],
        who: Who,
    ):
        self.rng, self.kind, self.s, self.pr, self.who = rng, kind, sender, practice, who
        fam = rng.choice(FAMILIES)
        self.sh = Sheet(fam[0], fam[1], size=rng.choice([9.5, 10.0, 10.5]))
        self.date = dt.date(2025, 2, 3) + dt.timedelta(days=rng.randrange(640))
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = list(who.notes)
        self.title: str | None = None
        self.title_alts: list[str] = []
        self.as_written = ""
        self.birth_printed = False
        self.date_printed = True
        self.patient_id: str | None = None
        self.sender = str(sender["name"])
        self.sender_alts = [str(sender["short"])] + (
            [str(sender["dept"])] if sender["dept"] else []
        )

    def before(self, lo: int, hi: int, role: str) -> dt.date:
        d = self.date - dt.timedelta(days=self.rng.randrange(lo, hi))
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def after(self, lo: int, hi: int, role: str) -> dt.date:
        d = self.date + dt.timedelta(days=self.rng.randrange(lo, hi))
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return d

    def mention(self, text: str, name: str) -> None:
        if not self.as_written:
            self.as_written = name
        assert name in text

    def person(self, name: str, role: str) -> None:
        self.other_people.append({"name": name, "role": role})


def _letterhead(c: Ctx, align: str) -> None:
    sh, s = c.sh, c.s
    sh.y = 58
    x = {"left": None, "right": sh.right, "center": None}[align]
    sh.put(str(s["name"]), x, bold=True, size=c.rng.choice([13.0, 14.0, 15.0]), align=align)
    if s["dept"]:
        sh.put(str(s["dept"]), x, size=9.5, align=align)
    tel = {
        "fr": "Tél.",
        "fr-be": "Tél.",
        "uk": "Тел.",
        "it": "Tel.",
        "es": "Tel.",
        "pt": "Tel.",
        "tr": "Tel.",
        "en-us": "Phone",
    }.get(str(s["lang"]), "Tel.")
    if c.rng.random() < 0.5:
        sh.put(f"{s['street']} · {s['pc']} {s['city']}", x, size=8.5, align=align)
        sh.put(f"{tel} {s['phone']} · Fax {s['fax']}", x, size=8.5, align=align)
    else:
        sh.put(
            f"{s['street']}, {s['pc']} {s['city']} – {tel} {s['phone']}", x, size=8.5, align=align
        )
    sh.gap(6)
    sh.rule()


def _footer(c: Ctx) -> None:
    s = c.s
    for i, pg in enumerate(c.sh.pages):
        if c.kind in ("hospital", "rehab", "insurer", "authority", "lab"):
            txt = f"{s['name']} · {s['street']} · {s['pc']} {s['city']}"
            pg.lines.append(Line(70, 772, txt[:110], "narrow", 7))
            dom = str(s["short"]).lower().replace(" ", "").encode("ascii", "ignore").decode()
            pg.lines.append(Line(70, 781, f"Sitz: {s['city']} · www.{dom}.de", "narrow", 7))
        if len(c.sh.pages) > 1:
            pg.lines.append(Line(470, 758, f"Seite {i + 1} von {len(c.sh.pages)}", "narrow", 8))


DE_BODY = {
    "hospital": [
        "wir berichten über {anrede}, {pron} sich vom {adm} bis zum {dis} in unserer stationären Behandlung befand.",
        "Die Aufnahme erfolgte notfallmäßig über unsere Zentrale Notaufnahme wegen zunehmender Belastungsdyspnoe und Beinödemen beidseits.",
    ],
    "specialist": [
        "vielen Dank für die Überweisung {anrede_gen}, {pron} sich am {exam} in unserer Sprechstunde vorstellte.",
        "Befund: Unauffälliger Untersuchungsbefund bis auf die unten genannten Veränderungen. Wir empfehlen eine Kontrolle in sechs Monaten.",
    ],
    "rehab": [
        "{anrede} befand sich vom {adm} bis {dis} zur stationären medizinischen Rehabilitation in unserer Klinik.",
        "Die Maßnahme wurde regulär beendet. Die Belastbarkeit hat sich deutlich gebessert, die Gehstrecke beträgt nun über 800 Meter.",
    ],
    "insurer": [
        "für {anrede_akk} liegt uns eine Arbeitsunfähigkeitsbescheinigung seit dem {exam} vor.",
        "Um den Anspruch prüfen zu können, bitten wir Sie um eine kurze Auskunft zu Diagnose, bisherigem Verlauf und voraussichtlicher Dauer der Arbeitsunfähigkeit.",
        "Die Vergütung erfolgt nach den vertraglichen Vereinbarungen. Bitte senden Sie Ihre Antwort innerhalb von zwei Wochen zurück.",
    ],
    "authority": [
        "in der oben genannten Angelegenheit bitten wir Sie um einen ärztlichen Befundbericht über {anrede_akk}.",
        "Bitte teilen Sie uns insbesondere die Behandlungsdaten seit dem {exam}, die gestellten Diagnosen und die aktuelle Medikation mit.",
        "Eine Schweigepflichtentbindung liegt uns vor. Für Ihre Mühe erhalten Sie eine Vergütung nach dem JVEG.",
    ],
    "care": [
        "wir versorgen {anrede_akk} seit einigen Monaten im Rahmen der häuslichen Pflege.",
        "Am {exam} ist es zu einem Sturz im Badezimmer gekommen; eine sichtbare Verletzung bestand nicht. Wir bitten um Prüfung und ggf. um eine Verordnung häuslicher Krankenpflege.",
    ],
    "pharmacy": [
        "zu Ihrem Rezept vom {exam} für {anrede_akk} haben wir eine Rückfrage:",
        "Das verordnete Präparat ist derzeit nicht lieferbar. Wir schlagen einen wirkstoffgleichen Austausch vor und bitten um Ihre kurze Bestätigung per Fax.",
    ],
    "therapist": [
        "{anrede} hat die verordneten sechs Einheiten Krankengymnastik bis zum {exam} wahrgenommen.",
        "Die Beweglichkeit der Schulter hat sich gebessert, eine Fortsetzung der Therapie halten wir für sinnvoll. Wir bitten um eine Folgeverordnung.",
    ],
}
DE_TITLES = {
    "hospital": ["Arztbrief", "Entlassungsbrief", "Vorläufiger Arztbrief", "Kurzarztbrief"],
    "specialist": ["Befundbericht", "Ärztlicher Befundbericht", "Konsiliarbericht"],
    "rehab": ["Ärztlicher Entlassungsbericht", "Reha-Entlassungsbericht"],
    "insurer": [
        "Anfrage zur Arbeitsunfähigkeit",
        "Krankengeldfall – Bitte um Auskunft",
        "Kostenübernahme Hilfsmittelversorgung",
    ],
    "authority": [
        "Anforderung eines Befundberichts",
        "Antrag auf Leistungen zur Teilhabe – Befundanforderung",
        "Begutachtung – Bitte um Unterlagen",
    ],
    "care": ["Information über ein Sturzereignis", "Bitte um Verordnung häuslicher Krankenpflege"],
    "pharmacy": ["Rückfrage zu Ihrem Rezept", "Lieferengpass – Bitte um Rückmeldung"],
    "therapist": ["Therapiebericht", "Bitte um Folgeverordnung"],
}


def _anrede(w: Who) -> tuple[str, str, str, str]:
    if w.p.sex == "F":
        return f"Frau {w.sur}", "Ihrer Patientin", "die", f"Frau {w.sur}"
    return f"Herrn {w.sur}", "Ihres Patienten", "der", f"Herrn {w.sur}"


def german(c: Ctx) -> None:
    rng, sh, w, kind = c.rng, c.sh, c.who, c.kind
    align = rng.choice(["left", "right", "center"])
    _letterhead(c, align)
    info = rng.choice(["block", "refline", "top", "end"])
    y0 = sh.y + 40
    sh.put(
        f"{c.s['short']}, {c.s['pc']} {c.s['city']}", size=7, y=y0 - 14, advance=False, limit=240
    )
    yaddr = _addr_block(sh, c.pr, "de", y0)
    letter_date_txt = fmt(c.date, rng.choice(["num", "num", "de", "num1"]))
    if info == "block":
        yy = y0
        rows = [
            (
                "Unser Zeichen:",
                f"{rng.choice(['ku', 'rw', 'LH', 'Abt2'])}/{rng.randrange(100, 999)}",
            ),
            ("Telefon:", str(c.s["phone"])),
            ("Datum:", letter_date_txt),
        ]
        if rng.random() < 0.5:
            rows.insert(0, ("Fall-Nr.:", str(rng.randrange(1_000_000, 9_999_999))))
        for lab, val in rows:
            sh.put(lab, 350, size=8.5, y=yy, advance=False)
            sh.put(val, 425, size=8.5, y=yy, advance=False, limit=105)
            yy += 12
        sh.y = max(yaddr, yy) + 18
    elif info == "refline":
        sh.y = yaddr + 14
        labs = ["Ihr Zeichen, Ihre Nachricht vom", "Unser Zeichen", "Telefon", "Datum"]
        xs = [70, 215, 320, 440]
        msg = ""
        if rng.random() < 0.5:
            msg = fmt(c.before(8, 30, "your message (reference line)"), "num")
        vals = [
            msg,
            f"{rng.choice(['SMD', 'R2', 'KG'])} {rng.randrange(10, 99)}",
            str(c.s["phone"]),
            letter_date_txt,
        ]
        for lab, x in zip(labs, xs, strict=True):
            sh.put(lab, x, size=7, y=sh.y, advance=False)
        sh.y += 10
        for val, x in zip(vals, xs, strict=True):
            if val:
                sh.put(val, x, size=9, y=sh.y, advance=False, limit=110)
        sh.y += 26
    elif info == "top":
        sh.y = yaddr + 16
        sep = rng.choice([", ", ", den "])
        sh.put(f"{c.s['city']}{sep}{letter_date_txt}", align="right")
        sh.gap(10)
    else:
        sh.y = yaddr + 26
    # subject and patient
    c.title = rng.choice(DE_TITLES[kind])
    c.title_alts = [t for t in DE_TITLES[kind] if t != c.title][:1]
    styl = rng.choice(["label", "bold", "caps"])
    head = c.title.upper() if styl == "caps" else c.title
    if styl == "caps":
        c.title = head
    if styl == "label":
        sh.put(f"Betreff: {head}", bold=True)
    else:
        sh.put(head, bold=True, size=sh.size + 1.5)
    bd = fmt(w.p.birth_date, rng.choice(["num", "num", "num1"]))
    pstyle = rng.choice(["a", "b", "c", "d", "e"])
    if not w.p.collision and w.in_register and rng.random() < 0.35:
        pstyle = "f"
    if pstyle == "f":
        nm = w.form(rng.choice(["gs", "tgs"]))
        t = f"Betr.: {'Ihre Patientin Frau' if w.p.sex == 'F' else 'Ihren Patienten Herrn'} {nm}"
        c.notes.append("no birth date printed: the name alone, and the register, must do")
    elif pstyle == "a":
        nm = w.form(rng.choice(["sg", "tsg"]))
        t = f"Patient{'in' if w.p.sex == 'F' else ''}: {nm}, geb. {bd}"
    elif pstyle == "b":
        nm = w.form(rng.choice(["gs", "tgs"]))
        t = f"{'Frau' if w.p.sex == 'F' else 'Herrn'} {nm}, geb. am {bd}"
    elif pstyle == "c":
        nm = w.form("SG")
        t = f"Name, Vorname: {nm}"
    elif pstyle == "d":
        nm = w.form("gs")
        t = f"{'Versicherte' if w.p.sex == 'F' else 'Versicherter'}: {nm} (* {bd})"
    else:
        nm = w.form("sg")
        t = f"{nm}, * {bd}"
    sh.put(t, bold=pstyle in ("a", "e"))
    c.mention(t, nm)
    if pstyle == "c":
        sh.put(f"Geburtsdatum: {bd}")
    c.birth_printed = pstyle != "f"
    if w.p.birth_name and rng.random() < 0.6:
        sh.put(f"geb. {w.p.birth_name}", size=9)
        c.notes.append("the birth name is printed under the name")
    if w.p.collision == "same_name_and_birth_date" or rng.random() < 0.2:
        sh.put(f"wohnhaft {w.p.street}, {w.p.postcode} {w.p.city}", size=9)
    if kind in ("insurer", "authority") and rng.random() < 0.5:
        sh.put(
            f"Versichertennummer: {chr(65 + rng.randrange(26))}{rng.randrange(100000000, 999999999)}",
            size=9,
        )
    if (
        kind in ("care", "therapist", "pharmacy", "authority")
        and w.in_register
        and rng.random() < 0.45
    ):
        c.patient_id = w.p.id
        sh.put(f"Ihre Patienten-Nr.: {w.p.id}", size=9)
    sh.gap(12)
    fem = w.p.sex == "F"
    sh.put(
        rng.choice(
            [
                "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,",
                "Sehr geehrte Damen und Herren,",
                f"Sehr geehrte{'r Herr' if c.pr['key'] != 'trier' else ' Frau'} Dr. "
                f"{str(c.pr['doctor']).split()[-1]},",
            ]
        )
    )
    sh.gap(4)
    anrede, gen, pron, akk = _anrede(w)
    fills = {
        "anrede": f"{'unsere gemeinsame Patientin' if fem else 'unseren gemeinsamen Patienten'} {anrede}",
        "anrede_gen": f"{gen} {akk}",
        "anrede_akk": f"{'Ihre Patientin' if fem else 'Ihren Patienten'} {akk}",
        "pron": pron,
    }
    if kind in ("hospital", "rehab"):
        adm = c.before(10, 30, "admission")
        dis = c.before(1, 9, "discharge")
        fills["adm"], fills["dis"] = fmt(adm, "num"), fmt(dis, "num")
        if kind == "rehab":
            fills["anrede"] = anrede
    else:
        fills["exam"] = fmt(
            c.before(2, 40, "examination" if kind == "specialist" else "event"), "num"
        )
    first = DE_BODY[kind][0].format(**fills)
    sh.para(first[0].upper() + first[1:] if kind in ("rehab", "therapist") else first)
    for ptxt in DE_BODY[kind][1:]:
        sh.para(ptxt.format(**fills))
    if kind in ("hospital", "rehab", "specialist"):
        born = f", geb. {bd}" if c.birth_printed else ""
        sh.running = [f"{c.title} vom {fmt(c.date, 'num')} – {w.form('sg')}{born} – Seite {{n}}"]
        _clinical(c)
    if c.rng.random() < 0.3:
        rel, rgiv = rng.choice(
            [
                ("Tochter", "Petra"),
                ("Sohn", "Stefan"),
                ("Ehefrau", "Monika"),
                ("Ehemann", "Klaus"),
                ("Tochter", "Nicole"),
            ]
        )
        rname = f"{rgiv} {w.sur}"
        rbd = dt.date(1950 + rng.randrange(40), 1 + rng.randrange(12), 1 + rng.randrange(28))
        c.other_dates.append({"date": rbd.isoformat(), "role": f"relative's birth date ({rel})"})
        c.person(rname, f"relative ({rel})")
        sh.para(
            f"Ansprechpartner/in und Betreuer/in: {rel} {rname}, geb. {fmt(rbd, 'num')}, Tel. 0171 {rng.randrange(1000000, 9999999)}."
        )
        c.notes.append("a relative's birth date is printed as well")
    sh.gap(4)
    sh.put("Mit freundlichen Grüßen" if rng.random() < 0.7 else "Mit kollegialen Grüßen")
    sh.gap(22)
    docs = list(c.s["doctors"])
    x = 70.0
    for d in docs[:2]:
        sh.put(d, x, size=9, y=sh.y, advance=False, limit=200)
        c.person(d, "signatory")
        x += 230
    sh.gap(14)
    if info == "end":
        sh.put(f"{c.s['city']}, {letter_date_txt}")
        c.notes.append("the letter's date is printed only at the end")
    if rng.random() < 0.3:
        cc = rng.choice(
            [
                "Dr. med. Thomas Zimmer, Facharzt für Innere Medizin, Merzig",
                "Dr. med. Renate Hübner, Orthopädie, Wittlich",
            ]
        )
        sh.put(f"Nachrichtlich: {cc}", size=8)
        c.person(cc.split(",")[0], "copy recipient")


VERLAUF = [
    "Unter diuretischer Therapie kam es zu einer raschen Rekompensation mit einer Gewichtsabnahme von vier Kilogramm.",
    "Die Laborparameter normalisierten sich im Verlauf, die Nierenretentionswerte blieben stabil.",
    "Die Mobilisation gelang zunehmend selbständig, die Physiotherapie wurde täglich durchgeführt.",
    "Echokardiographisch zeigte sich eine mittelgradig eingeschränkte linksventrikuläre Pumpfunktion ohne relevante Klappenvitien.",
    "Im Langzeit-EKG wurden intermittierende Episoden von Vorhofflimmern dokumentiert; die Antikoagulation wurde begonnen.",
    "Die antibiotische Therapie mit Ampicillin/Sulbactam wurde nach sieben Tagen beendet, die Entzündungswerte waren rückläufig.",
    "Eine Gastroskopie ergab eine Refluxösophagitis Grad A; wir haben eine Therapie mit Pantoprazol eingeleitet.",
    "Der Blutzucker war unter der angepassten Medikation gut eingestellt, Hypoglykämien traten nicht auf.",
    "Der Sozialdienst hat die Versorgung durch einen ambulanten Pflegedienst organisiert.",
]


def _clinical(c: Ctx) -> None:
    sh, rng = c.sh, c.rng
    sh.put("Diagnosen:", bold=True)
    dx = rng.sample(
        [
            "Akut dekompensierte Herzinsuffizienz (I50.14)",
            "Arterielle Hypertonie (I10.90)",
            "Diabetes mellitus Typ 2 (E11.90)",
            "Chronische Niereninsuffizienz Stadium 3 (N18.3)",
            "Vorhofflimmern, paroxysmal (I48.0)",
            "Pertrochantäre Femurfraktur rechts (S72.10)",
            "Community-acquired Pneumonie (J18.9)",
            "Eisenmangelanämie (D50.9)",
        ],
        4,
    )
    for d in dx:
        sh.put(f"– {d}", 80)
    sh.gap(6)
    sh.put("Verlauf:", bold=True)
    for sentence in rng.sample(VERLAUF, rng.choice([3, 5, 7])):
        sh.para(sentence)
    sh.put("Medikation bei Entlassung:", bold=True)
    for med, dose in [
        ("Ramipril 5 mg", "1-0-0"),
        ("Torasemid 10 mg", "1-0-0"),
        ("Bisoprolol 2,5 mg", "1-0-1"),
        ("Apixaban 5 mg", "1-0-1"),
        ("Metformin 1000 mg", "1-0-1"),
    ][: rng.randrange(3, 6)]:
        sh.put(med, 80, y=sh.y, advance=False)
        sh.put(dose, 300)
    sh.gap(6)
    fu = c.after(7, 40, "follow-up appointment")
    sh.para(
        f"Wir bitten um Kontrolle der Elektrolyte in einer Woche. Eine Wiedervorstellung in unserer Ambulanz ist für den {fmt(fu, 'num')} vereinbart."
    )


# ---------------------------------------------------------------- lab, radiology, form, e-mail, portal, note


def lab(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    _letterhead(c, rng.choice(["left", "center"]))
    y0 = sh.y + 30
    _addr_block(sh, c.pr, "de", y0)
    coll = c.before(1, 4, "sample collection")
    rec = coll + dt.timedelta(days=rng.choice([0, 1]))
    c.other_dates.append({"date": rec.isoformat(), "role": "sample received at the lab"})
    bd = fmt(w.p.birth_date, "num")
    nm = w.form(rng.choice(["SG", "sg", "S G"]))
    rows = [
        ("Patient:", nm),
        ("Geb.-Datum:", bd),
        ("Entnahme:", fmt(coll, "num")),
        ("Eingang:", fmt(rec, "num")),
        ("Befunddatum:", fmt(c.date, "num")),
    ]
    if w.in_register and rng.random() < 0.6:
        rows.insert(2, ("Ihre Pat.-Nr.:", w.p.id))
        c.patient_id = w.p.id
    if w.p.collision == "same_name_and_birth_date" or rng.random() < 0.2:
        rows.insert(2, ("Anschrift:", f"{w.p.street}, {w.p.postcode} {w.p.city}"))
    rows.insert(2, ("Auftrags-Nr.:", f"{rng.randrange(10, 99)}{rng.randrange(1000000, 9999999)}"))
    yy = y0
    for lab_, val in rows:
        sh.put(lab_, 340, size=8.5, y=yy, advance=False)
        ln = sh.put(val, 410, size=8.5, y=yy, advance=False, limit=118)
        if lab_ == "Patient:":
            c.mention(ln.text, nm)
        yy += 12
    sh.page.boxes.append((334, y0 - 11, 532, yy - 6))
    sh.y = yy + 20
    c.birth_printed = True
    c.title = rng.choice(["Laborbefund", "Endbefund", "Befundbericht Labor"])
    c.title_alts = ["Laborbefund"] if c.title != "Laborbefund" else []
    sh.put(c.title, bold=True, size=13)
    sh.gap(6)
    mono = rng.random() < 0.5
    f = "mono" if mono else sh.reg
    cols = [70, 215, 290, 395]
    for txt, x in zip(
        ["Untersuchung", "Ergebnis", "Einheit", "Referenzbereich"], cols, strict=True
    ):
        sh.put(
            txt, x, bold=not mono, font="mono-b" if mono else None, size=9, y=sh.y, advance=False
        )
    sh.gap(14)
    sh.rule()
    tests = [
        ("Natrium", "139", "mmol/l", "136 – 145"),
        ("Kalium", "5,4 +", "mmol/l", "3,5 – 5,1"),
        ("Kreatinin", "1,42 +", "mg/dl", "0,50 – 1,20"),
        ("eGFR (CKD-EPI)", "48 -", "ml/min/1,73m²", "> 60"),
        ("HbA1c", "7,1 +", "%", "4,0 – 6,0"),
        ("TSH basal", "2,14", "mU/l", "0,27 – 4,20"),
        ("CRP", "12,8 +", "mg/l", "< 5,0"),
        ("Hämoglobin", "11,2 -", "g/dl", "12,0 – 16,0"),
        ("Leukozyten", "7,9", "/nl", "3,9 – 10,2"),
        ("Ferritin", "18 -", "µg/l", "30 – 400"),
        ("LDL-Cholesterin", "142 +", "mg/dl", "< 116"),
        ("NT-proBNP", "1840 +", "pg/ml", "< 125"),
    ]
    for row in rng.sample(tests, rng.randrange(6, 11)):
        for txt, x in zip(row, cols, strict=True):
            sh.put(txt, x, font=f, size=9, y=sh.y, advance=False)
        sh.gap(13)
    sh.gap(10)
    sh.para(
        "+ / - : Wert oberhalb bzw. unterhalb des Referenzbereichs. Befund technisch und medizinisch validiert.",
        size=8,
    )
    doc = str(c.s["doctors"][0])
    sh.put(f"Validiert: {doc}", size=9)
    c.person(doc, "validating physician")


def radiology(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    _letterhead(c, rng.choice(["right", "left"]))
    y0 = sh.y + 34
    yaddr = _addr_block(sh, c.pr, "de", y0)
    sh.put(f"{c.s['city']}, {fmt(c.date, 'num')}", y=y0, align="right", advance=False)
    sh.y = yaddr + 22
    exam = c.before(0, 5, "examination")
    c.title = rng.choice(
        [
            "MRT der Lendenwirbelsäule",
            "CT des Thorax mit Kontrastmittel",
            "Röntgen Thorax in zwei Ebenen",
            "Mammographie beidseits",
            "MRT Kniegelenk links",
        ]
    )
    c.title_alts = ["Radiologischer Befund"]
    nm = w.form(rng.choice(["sg", "gs", "tsg"]))
    t = f"Patient{'in' if w.p.sex == 'F' else ''}: {nm}, geb. {fmt(w.p.birth_date, 'num')}"
    sh.put(t)
    c.mention(t, nm)
    c.birth_printed = True
    sh.put(f"Untersuchung: {c.title} vom {fmt(exam, 'num')}", bold=True)
    sh.gap(8)
    sh.put("Sehr geehrte Kollegin, sehr geehrter Kollege,")
    sh.para(
        "vielen Dank für die Zuweisung. Rechtfertigende Indikation: Beschwerden seit mehreren Wochen."
    )
    sh.put("Befund:", bold=True)
    sh.para(
        "Regelrechte Darstellung der abgebildeten Strukturen ohne Nachweis einer Raumforderung. "
        "Degenerative Veränderungen altersentsprechend. Kein Erguss, keine frische knöcherne Läsion."
    )
    sh.put("Beurteilung:", bold=True)
    sh.para(
        "Kein Nachweis einer akuten Pathologie. Bei persistierenden Beschwerden klinische Verlaufskontrolle."
    )
    sh.gap(10)
    doc = str(c.s["doctors"][0])
    sh.put(f"{doc}, Facharzt für Radiologie", size=9)
    c.person(doc, "radiologist")


def form(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    sh.y = 56
    sh.put(str(c.s["name"]), bold=True, size=12)
    sh.put(str(c.s["dept"]), size=9)
    code = rng.choice(["S0051", "F 2100", "G 1204"])
    sh.put(f"Vordruck {code}", 430, size=8, y=56, advance=False)
    sh.gap(8)
    _addr_block(sh, c.pr, "de", sh.y + 8)
    sh.gap(14)
    c.title = rng.choice(
        [
            "Ärztlicher Befundbericht zum Antrag auf Leistungen zur Teilhabe",
            "Anfrage zur Arbeitsunfähigkeit (Formular)",
            "Befundbericht für die Begutachtung",
        ]
    )
    c.title_alts = [f"Vordruck {code}"]
    c.title_alts.append(c.title)
    c.title = c.title.upper()
    sh.put(c.title, bold=True, size=11)
    sh.gap(6)
    nm = w.form("s g")
    rows = [
        ("Name, Vorname", f"{w.sur} {w.giv}"),
        ("Geburtsdatum", fmt(w.p.birth_date, "num")),
        ("Anschrift", f"{w.p.street}, {w.p.postcode} {w.p.city}"),
        (
            "Aktenzeichen",
            f"{rng.randrange(10, 99)} {rng.randrange(100000, 999999)} {chr(65 + rng.randrange(26))} {rng.randrange(100, 999)}",
        ),
        ("Antrag vom", fmt(c.before(10, 40, "application"), "num")),
        ("Rücksendung bis", fmt(c.after(14, 28, "reply deadline"), "num")),
    ]
    for lab_, val in rows:
        top = sh.y - 10
        sh.put(lab_, 76, size=7.5, y=sh.y, advance=False)
        ln = sh.put(val, 200, size=10, y=sh.y + 1, advance=False, limit=320)
        if lab_.startswith("Name"):
            c.mention(ln.text, nm)
        sh.page.boxes.append((70, top, 530, top + 16))
        sh.y += 16
    c.birth_printed = True
    sh.gap(14)
    for q in [
        "1. Seit wann ist die Person bei Ihnen in Behandlung?",
        "2. Welche Diagnosen liegen vor (ICD-10)?",
        "3. Welche Therapie erfolgt derzeit?",
        "4. Besteht Arbeitsunfähigkeit? Seit wann?",
    ]:
        sh.put(q, size=9.5)
        sh.page.boxes.append((70, sh.y - 6, 530, sh.y + 30))
        sh.gap(42)
    sh.put(f"Ausgestellt: {c.s['city']}, {fmt(c.date, 'num')}", size=9)


def email(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    sh.reg, sh.bold = "sans", "sans-b"
    sh.y = 50
    printed = c.after(0, 3, "printed (e-mail client footer)")
    sh.put(f"{c.pr['short']} – Posteingang", size=8, y=36, advance=False)
    sh.put(str(c.s["name"]), bold=True, size=12)
    sh.rule()
    sh.gap(4)
    kind = rng.choice(["care", "pharmacy", "therapist", "hospital"])
    c.title = rng.choice(DE_TITLES[kind])
    snd = f"{str(c.s['doctors'][0]).split()[-1].lower()}@{str(c.s['short']).lower().replace(' ', '-').replace('.', '')}.de"
    snd = snd.encode("ascii", "ignore").decode()
    dstyle = rng.choice(["de-long", "num"])
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        c.date.weekday()
    ]
    dtxt = (
        f"{wd}, {fmt(c.date, 'de')} {rng.randrange(7, 18):02d}:{rng.randrange(60):02d}"
        if dstyle == "de-long"
        else f"{fmt(c.date, 'num')} {rng.randrange(7, 18):02d}:{rng.randrange(60):02d}"
    )
    for lab_, val in [
        ("Von:", f"{c.s['doctors'][0]} <{snd}>"),
        ("Gesendet:", dtxt),
        ("An:", f"praxis@{c.pr['key']!s}-hausarzt.de"),
        ("Betreff:", c.title),
    ]:
        sh.put(lab_, 70, bold=True, size=9.5, y=sh.y, advance=False)
        sh.put(val, 140, size=9.5, limit=380)
    sh.rule()
    sh.gap(6)
    sh.put("Sehr geehrte Damen und Herren,")
    nm = w.form("gs")
    bd = fmt(w.p.birth_date, "num")
    t = f"es geht um {'Frau' if w.p.sex == 'F' else 'Herrn'} {nm}, geb. {bd}."
    sh.put(t)
    c.mention(t, nm)
    c.birth_printed = True
    sh.para(
        "Könnten Sie uns bitte kurzfristig eine aktuelle Medikationsliste sowie die letzten Laborwerte "
        "zukommen lassen? Die Unterlagen werden für die weitere Versorgung benötigt."
    )
    sh.para(f"Mit freundlichen Grüßen\n{c.s['doctors'][0]}".replace("\n", " – "))
    sh.put(f"{c.s['name']} · {c.s['street']} · {c.s['pc']} {c.s['city']}", size=8)
    sh.put(
        f"Gedruckt: {fmt(printed, 'num')} {rng.randrange(8, 18):02d}:{rng.randrange(60):02d}",
        size=7.5,
        y=770,
        advance=False,
    )
    c.person(str(c.s["doctors"][0]), "author")
    c.sender_alts = []
    c.notes.append("an e-mail printout: the letter date is the sent date, not the printing date")


def portal(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    sh.reg, sh.bold = "dv", "dv-b"
    printed = c.after(0, 4, "printed from the portal")
    host = rng.choice(
        ["befunde.labor-theis.de", "portal.uks.eu", "zuweiserportal.westpfalz-klinikum.de"]
    )
    sh.put(f"https://{host}/befund/{rng.randrange(100000, 999999)}", size=7, y=30, advance=False)
    sh.put(
        f"{fmt(printed, 'num')}, {rng.randrange(8, 18):02d}:{rng.randrange(60):02d}",
        size=7,
        y=30,
        align="right",
        advance=False,
    )
    sh.y = 60
    sh.put(f"Zuweiserportal · {c.s['name']}", bold=True, size=12)
    c.sender_alts = []
    sh.put(f"Angemeldet: {c.pr['doctor']}", size=8)
    sh.rule()
    sh.gap(8)
    c.title = rng.choice(["Befundmitteilung", "Neuer Befund verfügbar", "Entlassdokument"])
    sh.put(c.title, bold=True, size=14)
    nm = w.form(rng.choice(["SG", "sg"]))
    rows = [
        ("Patient", nm),
        ("Geburtsdatum", fmt(w.p.birth_date, "num")),
        ("Dokumentdatum", fmt(c.date, "num")),
        ("Aufnahme", fmt(c.before(3, 12, "admission"), "num")),
    ]
    for lab_, val in rows:
        sh.put(lab_, 70, size=9, y=sh.y, advance=False)
        ln = sh.put(val, 200, size=9)
        if lab_ == "Patient":
            c.mention(ln.text, nm)
    c.birth_printed = True
    sh.gap(8)
    sh.para(
        "Der Befund wurde freigegeben. Bitte beachten Sie: Dieses Dokument wurde elektronisch erstellt und ist "
        "ohne Unterschrift gültig."
    )
    c.notes.append("a portal printout: the print date in the header is not the letter's date")


def hand(c: Ctx) -> None:
    sh, rng, w = c.sh, c.rng, c.who
    f = rng.choice(["hand", "hand2"])
    sh.reg = sh.bold = f
    sh.size = 15
    sh.y = 90
    dated = rng.random() < 0.6
    if dated:
        sh.put(fmt(c.date, "num1"), 400, size=14, y=80, advance=False)
    else:
        c.date_printed = False
        c.notes.append("an undated handwritten note")
    sh.y = 120
    doc = str(c.pr["doctor"]).split()[-1]
    sh.put(f"Liebe{' Frau' if c.pr['key'] == 'trier' else 'r Herr'} Dr. {doc},", size=15)
    sh.gap(6)
    relname = f"{rng.choice(['Petra', 'Gisela', 'Stefan'])} {w.sur}"
    nm = w.form("gs")
    who_ = "meine Mutter" if w.p.sex == "F" else "mein Vater"
    t1 = f"{who_} {nm}"
    born = rng.random() < 0.5
    for ln in [
        f"{t1}",
        f"(geb. {fmt(w.p.birth_date, 'num1')}) braucht bitte" if born else "braucht bitte",
        "ein neues Rezept für Ramipril 5 mg",
        "und die Überweisung zum Augenarzt.",
        "Ich hole alles Freitag ab.",
        "Vielen Dank!",
        relname,
    ]:
        sh.put(ln, 90, size=15, lead=1.6)
    c.mention(t1, nm)
    c.birth_printed = born
    c.sender = relname
    c.sender_alts = []
    c.title = None
    c.person(relname, "relative, writer of the note")
    c.notes.append("a handwritten note from a relative; the sender is the relative")


# ---------------------------------------------------------------- letters from abroad

ABROAD: dict[str, dict[str, Any]] = {
    "fr": {
        "titles": [
            "Compte rendu d'hospitalisation",
            "Lettre de liaison",
            "Compte rendu de consultation",
        ],
        "dstyle": ["fr", "slash"],
        "pat": ["Patient{e} : {n}", "Nom : {n}"],
        "birth": "Né{e} le : {b}",
        "bstyle": "slash",
        "name": ["S G", "gS"],
        "hello": "Cher Confrère,",
        "stay": "Hospitalisation du {a} au {d}.",
        "body": [
            "Nous avons pris en charge votre patient{e} pour une douleur thoracique atypique. "
            "Le bilan biologique et l'échocardiographie sont sans particularité.",
            "Nous vous remercions de bien vouloir assurer le suivi. Traitement inchangé.",
        ],
        "bye": "Bien confraternellement,",
        "place": "{c}, le {d}",
        "ref": "N° de séjour : {r}",
    },
    "fr-be": {
        "titles": ["Rapport d'hospitalisation", "Protocole de consultation"],
        "dstyle": ["fr", "slash"],
        "pat": ["Patient{e} : {n}"],
        "birth": "Date de naissance : {b}",
        "bstyle": "slash",
        "name": ["S G"],
        "hello": "Cher Collègue,",
        "stay": "Séjour du {a} au {d}.",
        "body": [
            "Votre patient{e} a été hospitalisé{e} pour une hémorragie digestive haute. "
            "La gastroscopie a montré un ulcère bulbaire Forrest IIb, traité par IPP."
        ],
        "bye": "Avec mes salutations confraternelles,",
        "place": "{c}, le {d}",
        "ref": "N° NISS : {r}",
    },
    "de-lu": {
        "titles": ["Arztbrief", "Konsiliarbericht"],
        "dstyle": ["num", "de"],
        "pat": ["Patient{in} : {n}"],
        "birth": "Geburtsdatum : {b}",
        "bstyle": "num",
        "name": ["S G", "gs"],
        "hello": "Sehr geehrter Herr Kollege,",
        "stay": "Aufenthalt vom {a} bis {d}.",
        "body": [
            "Wir sahen Ihre{r_} Patient{in} wegen rezidivierender Schwindelattacken. "
            "Die zerebrale MRT zeigte keinen Hinweis auf eine Ischämie."
        ],
        "bye": "Mit freundlichen kollegialen Grüßen",
        "place": "{c}, den {d}",
        "ref": "Matricule CNS : {r}",
    },
    "de-be": {
        "titles": ["Entlassungsbericht", "Arztbericht"],
        "dstyle": ["num", "de"],
        "pat": ["Patient{in}: {n}"],
        "birth": "Geburtsdatum: {b}",
        "bstyle": "num",
        "name": ["SG", "gs"],
        "hello": "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,",
        "stay": "Stationär vom {a} bis {d}.",
        "body": [
            "Ihr{e_} Patient{in} wurde bei uns wegen einer exazerbierten COPD behandelt. "
            "Unter Steroiden und Inhalation rasche Besserung."
        ],
        "bye": "Mit freundlichen Grüßen",
        "place": "{c}, den {d}",
        "ref": "Nationalregisternummer: {r}",
    },
    "de-ch": {
        "titles": ["Austrittsbericht", "Sprechstundenbericht"],
        "dstyle": ["num", "de"],
        "pat": ["Patient{in}: {n}"],
        "birth": "geb. {b}",
        "bstyle": "num",
        "name": ["gs", "sg"],
        "hello": "Sehr geehrte Kollegin, sehr geehrter Kollege",
        "stay": "Hospitalisation vom {a} bis {d}",
        "body": [
            "Wir berichten über die oben genannte Person, welche nach einem Skiunfall mit Distorsion "
            "des rechten Kniegelenks bei uns hospitalisiert war. Weiterbehandlung gemäss Schema."
        ],
        "bye": "Freundliche Grüsse",
        "place": "{c}, {d}",
        "ref": "AHV-Nr.: {r}",
    },
    "it": {
        "titles": ["Lettera di dimissione", "Referto di consulenza"],
        "dstyle": ["it", "slash"],
        "pat": ["Paziente: {n}", "Sig.{ra} {n}"],
        "birth": "Data di nascita: {b}",
        "bstyle": "slash",
        "name": ["S G", "gs"],
        "hello": "Gentile Collega,",
        "stay": "Ricovero dal {a} al {d}.",
        "body": [
            "Il{la_} paziente è stat{o_} ricoverat{o_} per sindrome coronarica acuta NSTEMI, trattata con "
            "angioplastica e impianto di stent medicato sulla IVA."
        ],
        "bye": "Cordiali saluti",
        "place": "{c}, {d}",
        "ref": "Cartella clinica n. {r}",
    },
    "es": {
        "titles": ["Informe de alta", "Informe clínico de urgencias"],
        "dstyle": ["es", "slash"],
        "pat": ["Paciente: {n}"],
        "birth": "Fecha de nacimiento: {b}",
        "bstyle": "slash",
        "name": ["gs", "S G"],
        "hello": "Estimado/a colega:",
        "stay": "Ingreso: {a}. Alta: {d}.",
        "body": [
            "El/la paciente acudió a urgencias por dolor abdominal en fosa ilíaca derecha. "
            "Se realizó apendicectomía laparoscópica sin complicaciones."
        ],
        "bye": "Atentamente,",
        "place": "{c}, a {d}",
        "ref": "N.º de historia clínica: {r}",
    },
    "pt": {
        "titles": ["Nota de alta", "Relatório clínico"],
        "dstyle": ["pt", "dash"],
        "pat": ["Utente: {n}"],
        "birth": "Data de nascimento: {b}",
        "bstyle": "dash",
        "name": ["gs"],
        "hello": "Caro(a) Colega,",
        "stay": "Internamento de {a} a {d}.",
        "body": [
            "O(A) doente foi internado(a) por pneumonia adquirida na comunidade, medicado(a) com "
            "antibioterapia endovenosa com boa evolução clínica."
        ],
        "bye": "Com os melhores cumprimentos,",
        "place": "{c}, {d}",
        "ref": "N.º de processo: {r}",
    },
    "tr": {
        "titles": ["Epikriz", "Hasta Çıkış Özeti"],
        "dstyle": ["num", "tr"],
        "pat": ["Hasta Adı Soyadı: {n}"],
        "birth": "Doğum Tarihi: {b}",
        "bstyle": "num",
        "name": ["gS"],
        "hello": "Sayın Meslektaşım,",
        "stay": "Yatış Tarihi: {a} – Çıkış Tarihi: {d}",
        "body": [
            "Hasta tatil sırasında akut böbrek hasarı nedeniyle kliniğimize yatırılmıştır. "
            "Hidrasyon tedavisi ile kreatinin değerleri geriledi."
        ],
        "bye": "Saygılarımla,",
        "place": "{c}, {d}",
        "ref": "Protokol No: {r}",
    },
    "uk": {
        "titles": ["Виписка з медичної карти", "Консультативний висновок"],
        "dstyle": ["num", "uk"],
        "pat": ["Пацієнт: {n}", "П.І.Б.: {n}"],
        "birth": "Дата народження: {b}",
        "bstyle": "num",
        "name": ["s g"],
        "hello": "Шановний колего!",
        "stay": "Перебування у стаціонарі з {a} по {d}.",
        "body": [
            "{uk_p} {uk_v} на лікуванні з приводу гіпертонічної хвороби II стадії. "
            "Рекомендовано продовжити прийом раміприлу та контроль артеріального тиску."
        ],
        "bye": "З повагою,",
        "place": "{c}, {d}",
        "ref": "Медична карта № {r}",
    },
    "en-us": {
        "titles": ["Discharge Summary", "Consultation Report"],
        "dstyle": ["us", "mil", "en"],
        "pat": ["Patient: {n}", "NAME: {n}"],
        "birth": "DOB: {b}",
        "bstyle": "us",
        "name": ["SGU", "SG"],
        "hello": "Dear Colleague,",
        "stay": "Admitted: {a}   Discharged: {d}",
        "body": [
            "The patient was seen in our emergency department after a syncopal episode. "
            "Telemetry and echocardiography were unremarkable. Follow-up with the primary care "
            "physician is recommended."
        ],
        "bye": "Sincerely,",
        "place": "Date: {d}",
        "ref": "FMP/Register No.: 20/{r}",
    },
}


def abroad(c: Ctx) -> str:
    sh, rng, w, s = c.sh, c.rng, c.who, c.s
    lang = str(s["lang"])
    L = ABROAD[lang]
    fem = w.p.sex == "F"
    g = {
        "e": "e" if fem else "",
        "in": "in" if fem else "",
        "ra": "ra" if fem else "",
        "r_": "r" if fem else "n",
        "e_": "e" if fem else "",
        "la_": "la" if fem else "",
        "o_": "a" if fem else "o",
        "uk_p": "Пацієнтка" if fem else "Пацієнт",
        "uk_v": "перебувала" if fem else "перебував",
    }
    dstyle = rng.choice(L["dstyle"])
    align = rng.choice(["left", "right", "center"])
    _letterhead(c, align)
    y0 = sh.y + 36
    right_addr = lang.startswith("fr") and rng.random() < 0.7
    yaddr = _addr_block(sh, c.pr, lang, y0, 300 if right_addr else None)
    placed = str(L["place"]).format(c=s["city"], d=fmt(c.date, dstyle))
    at_end = rng.random() < 0.3
    sh.y = yaddr + 14
    if not at_end:
        sh.put(placed, align="right" if not right_addr else "left", x=None)
    else:
        c.notes.append("the letter's date is printed only at the end")
    sh.gap(6)
    c.title = rng.choice(L["titles"])
    c.title_alts = [t for t in L["titles"] if t != c.title][:1]
    up = _upper_tr if lang == "tr" else str.upper
    if rng.random() < 0.4:
        c.title = up(c.title)
    sh.put(c.title, bold=True, size=sh.size + 2)
    nm = w.form(rng.choice(L["name"]), "tr" if lang == "tr" else "de")
    t = rng.choice(L["pat"]).format(n=nm, **g)
    sh.put(t, bold=True)
    c.mention(t, nm)
    bstyle = str(L["bstyle"])
    sh.put(str(L["birth"]).format(b=fmt(w.p.birth_date, bstyle), **g))
    c.birth_printed = True
    if lang == "de-lu":
        ref = w.p.birth_date.strftime("%Y%m%d") + f"{rng.randrange(10000, 99999)}"
    elif lang == "de-ch":
        ref = f"756.{rng.randrange(1000, 9999)}.{rng.randrange(1000, 9999)}.{rng.randrange(10, 99)}"
    else:
        ref = str(rng.randrange(1000000, 9999999))
    sh.put(str(L["ref"]).format(r=ref), size=9)
    if lang != "de-ch" or rng.random() < 0.5:
        a = c.before(4, 14, "admission")
        d = c.before(0, 4, "discharge")
        sh.put(str(L["stay"]).format(a=fmt(a, bstyle), d=fmt(d, bstyle)), size=9.5)
    sh.gap(10)
    sh.put(str(L["hello"]))
    sh.gap(3)
    for b in L["body"]:
        sh.para(b.format(**g))
    sh.gap(4)
    sh.put(str(L["bye"]))
    sh.gap(20)
    doc = str(s["doctors"][0])
    sh.put(doc)
    c.person(doc, "signatory")
    if at_end:
        sh.gap(6)
        sh.put(placed)
    return lang


# ---------------------------------------------------------------- assembly


def _kind(rng: random.Random) -> str:
    total = sum(wt for _, wt in KIND_WEIGHTS)
    r = rng.randrange(total)
    for k, wt in KIND_WEIGHTS:
        if r < wt:
            return k
        r -= wt
    raise AssertionError


GROUP = {
    "fr": "fr",
    "fr-be": "be",
    "de-lu": "lu",
    "de-be": "be",
    "de-ch": "ch",
    "it": "it",
    "es": "es",
    "pt": "pt",
    "tr": "tr",
    "uk": "ua",
    "en-us": "us",
}
DATE_STYLE_FAX = {
    "US": "us",
    "FR": "slash",
    "BE": "slash",
    "LU": "slash",
    "IT": "slash",
    "ES": "slash",
    "PT": "dash",
}


def make(idx: int, seed: int, split_name: str, plan: tuple[str, str, str] | None = None) -> Letter:
    """One letter; `plan` = (kind, register id or "", sender key or "") fixes what it is about."""
    rng = random.Random(seed * 1000 + idx)
    kind = _kind(rng)
    forced_p: Patient | None = None
    if plan:
        kind = plan[0]
        if plan[1] and plan[1] != "-":
            forced_p = next(p for p in patients() if p.id == plan[1])
    send_kind = {"email": "care", "portal": "hospital", "form": "authority", "hand": "care"}.get(
        kind, kind
    )
    cands = [s for s in SENDERS if s["kind"] == send_kind]
    if forced_p is not None and kind == "abroad":
        cands = [s for s in cands if GROUP[str(s["lang"])] == forced_p.group] or cands
    sender = rng.choice(cands)
    if plan and plan[2]:
        sender = next(s for s in SENDERS if s["key"] == plan[2])
    if kind == "portal":
        sender = rng.choice([s for s in SENDERS if s["key"] in ("lab", "uks", "wpk")])
    lang = str(sender["lang"]) if kind == "abroad" else "de"
    group = GROUP.get(lang) if kind == "abroad" else None
    if forced_p is not None and kind == "abroad":
        group = GROUP[str(sender["lang"])]
        if forced_p.group != group:
            raise ValueError(f"{forced_p.id} is not of {group}")
    who = pick_who(rng, group, forced_p, fresh=bool(plan and plan[1] == "-"))
    practice = rng.choice(PRACTICES)
    c = Ctx(
        rng,
        kind if kind not in ("email", "portal", "form", "hand") else send_kind,
        sender,
        practice,
        who,
    )
    layout = kind
    if kind == "abroad":
        abroad(c)
        layout = f"abroad-{lang}-{sender['region']}"
    elif kind == "lab":
        lab(c)
    elif kind == "radiology":
        radiology(c)
    elif kind == "form":
        form(c)
    elif kind == "email":
        email(c)
    elif kind == "portal":
        portal(c)
    elif kind == "hand":
        hand(c)
    else:
        german(c)
    if kind not in ("hand", "email", "portal"):
        _footer(c)
    region = str(sender["region"])
    language = {"de-lu": "de", "de-be": "de", "de-ch": "de", "fr-be": "fr", "en-us": "en"}.get(
        lang, lang
    )
    # the fax
    sent = c.date + dt.timedelta(days=rng.randrange(1, 6))
    hh, mm = rng.randrange(7, 19), rng.randrange(60)
    cover_sheet = rng.random() < 0.33
    total = len(c.sh.pages) + (1 if cover_sheet else 0)
    fdate = fmt(sent, DATE_STYLE_FAX.get(region, "num"))
    fax_no = str(sender["fax"]) if kind != "hand" else "+49 651 4360-11"
    label = {"US": "P.", "FR": "p.", "BE": "p.", "IT": "pag.", "ES": "pág.", "PT": "pág."}.get(
        region, "S."
    )
    sname = str(sender["short"]) if kind != "hand" else "Copyshop Bahnhof"
    headers = [
        f"{fdate} {hh:02d}:{mm:02d}   FAX {fax_no}   {sname}   {label} {n}/{total}"
        for n in range(1, total + 1)
    ]
    cover: Page | None = None
    if cover_sheet:
        cs = Sheet("sans", "sans-b", 11)
        cs.y = 90
        cs.put("TELEFAX" if region != "FR" else "TÉLÉCOPIE", bold=True, size=26)
        cs.gap(16)
        for lab_, val in [
            ("An:", str(practice["short"])),
            ("Fax-Nr.:", str(practice["fax"])),
            ("Von:", sname),
            ("Datum:", fmt(sent, DATE_STYLE_FAX.get(region, "num"))),
            ("Seiten inkl. Deckblatt:", str(total)),
        ]:
            cs.put(lab_, 70, bold=True, y=cs.y, advance=False)
            cs.put(val, 220, lead=1.8, limit=300)
        cs.gap(20)
        cs.para(
            "Diese Nachricht enthält vertrauliche Informationen. Sollten Sie nicht der richtige Empfänger sein, "
            "benachrichtigen Sie bitte den Absender und vernichten Sie diese Nachricht.",
            size=9,
        )
        cover = cs.pages[0]
        cover.name = "cover"
        c.other_dates.append({"date": sent.isoformat(), "role": "fax cover sheet (send date)"})
        c.notes.append("the fax has a cover sheet; its date is the send date, not the letter's")
    stamp: list[str] = []
    if rng.random() < 0.4:
        sd = c.date + dt.timedelta(days=rng.randrange(2, 8))
        stamp = [rng.choice(["EINGEGANGEN", "EINGANG"]), fmt(sd, "num"), str(practice["stamp"])]
        c.other_dates.append({"date": sd.isoformat(), "role": "receipt stamp (scan only)"})
        c.notes.append("the scan carries the practice's receipt stamp")
    if c.sh.running and len(c.sh.pages) > 1:
        c.notes.append("two-page letter with a running header on page 2")
    lid = f"{split_name}-{idx + 1:03d}"
    p = who.p
    facts = {
        "patient": {
            "full_name": p.full_name,
            "surname": p.surname,
            "given_names": p.given_names,
            "as_written": c.as_written,
            "full_name_as_letter": f"{who.giv} {who.sur}",
            "register_id": p.id if who.in_register else None,
        },
        "birth_date": p.birth_date.isoformat() if c.birth_printed else None,
        "letter_date": c.date.isoformat() if c.date_printed else None,
        "sender": c.sender,
        "sender_alternatives": c.sender_alts,
        "title": c.title,
        "title_alternatives": c.title_alts if c.title else [],
        "patient_id": c.patient_id,
        "other_dates": c.other_dates,
        "other_people": c.other_people,
    }
    reg = (
        {"id": p.id, "collision": p.collision, "collision_group": p.collision_group}
        if who.in_register
        else None
    )
    fax = {
        "sent": f"{sent.isoformat()}T{hh:02d}:{mm:02d}",
        "cover_sheet": cover_sheet,
        "number": fax_no,
        "resolution": rng.choice(["204x196", "204x98"]),
    }
    return Letter(
        lid,
        split_name,
        seed * 1000 + idx,
        layout,
        language,
        region,
        c.sh.pages,
        facts,
        reg,
        c.notes,
        kind == "hand",
        fax,
        headers,
        cover,
        stamp,
    )


# the collisions every test split shows at least once
FORCED: list[tuple[str, str, str, str]] = [
    ("hospital", "Schneider", "Hans Werner", "1957-04-09"),
    ("lab", "Schneider", "Hans Werner", "1957-04-09"),
    ("specialist", "Recktenwald", "Lea", ""),
    ("radiology", "Recktenwald", "Lena", ""),
    ("insurer", "Haupenthal", "Katharina", ""),
    ("authority", "Weiler", "Sandra", ""),
    ("hospital", "Schaefer", "Juergen", ""),
    ("lab", "Mueller", "Brigitte", ""),
    ("specialist", "Zoellner", "Horst", ""),
    ("rehab", "Wagner", "Michael", "1991-09-03"),
    ("abroad", "Yılmaz", "Ayşe", "1999-08-08"),
    ("abroad", "Kovalenko", "Olena", "1982-07-04"),
]


def _plan(count: int, seed: int) -> dict[int, tuple[str, str, str]]:
    """The test split: every collision, every sender abroad and every kind at least once."""
    items: list[tuple[str, str, str]] = []
    taken: set[str] = set()
    for kind, sur, giv, bd in FORCED:
        p = next(
            q
            for q in patients()
            if q.surname == sur
            and q.given_names == giv
            and (not bd or q.birth_date.isoformat() == bd)
            and q.id not in taken
        )
        taken.add(p.id)
        items.append((kind, p.id, ""))
    used = {"antalya", "lviv"}
    items += [
        ("abroad", "-" if s["key"] == "malaga" else "", str(s["key"]))
        for s in SENDERS
        if s["kind"] == "abroad" and s["key"] not in used
    ]
    singles = [
        "hospital",
        "specialist",
        "lab",
        "radiology",
        "rehab",
        "insurer",
        "authority",
        "care",
        "pharmacy",
        "therapist",
        "email",
        "portal",
        "form",
        "hand",
        "hand",
    ]
    items += [(k, "-" if k in ("hospital", "insurer") else "", "") for k in singles]
    rng = random.Random(seed)
    positions = rng.sample(range(count), min(count, len(items)))
    return dict(zip(positions, items, strict=False))


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    plan = _plan(count, seed) if split_name == "test" else {}
    return [make(i, seed, split_name, plan.get(i)) for i in range(count)]


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}; known: {sorted(SPLITS)}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)
