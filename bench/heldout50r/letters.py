"""Letters of set r: the post of a general practice in Schleswig-Holstein, Hamburg and Bremen."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from bench.heldout50r import canvas as cv
from bench.heldout50r.canvas import LM, RM, Ln, Sheet
from bench.heldout50r.register import Patient, build
from bench.heldout50r.world import PRACTICES, fmt

SEEDS = {"test": 505018, "examples": 505019}
COUNTS = {"test": 40, "examples": 6}

CYR = {
    "Olena": "Олена",
    "Andrii": "Андрій",
    "Kovalenko": "Коваленко",
    "Iryna": "Ірина",
    "Shevchenko": "Шевченко",
    "Tetiana": "Тетяна",
    "Bondarenko": "Бондаренко",
    "Mykola": "Микола",
    "Oleksandr": "Олександр",
    "Nataliia": "Наталія",
    "Hnatiuk": "Гнатюк",
}


@dataclass
class Person:
    given: str
    surname: str
    birth: str  # ISO
    sex: str
    title: str = ""
    reg: Patient | None = None
    old_surname: str = ""  # the surname this letter uses instead of the register's


OUTSIDERS = [
    Person("Ragnhild", "Bahnsen", "1949-08-03", "F"),
    Person("Piet", "Oosterhuis", "1961-02-27", "M"),
    Person("Nataliia", "Hnatiuk", "1990-11-15", "F"),
    Person("Graham", "Whitlock", "1958-03-19", "M"),
    Person("Dagmar", "Tönnies", "1972-12-09", "F"),
    Person("Frerk", "Ahrens", "2003-05-01", "M"),
]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[list[Ln]]
    facts: dict
    register: dict | None
    notes: list[str]
    handwritten: bool
    fax: dict
    stamp: dict | None
    cover: list[Ln] | None
    fax_from: str
    fax_name: str

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    # -- what each condition shows
    def _cond_pages(self, condition: str) -> list[tuple[str, list[Ln]]]:
        if condition == "pdf":
            return [(f"p{i + 1}", pg) for i, pg in enumerate(self.pages)]
        if condition == "scan200":
            out = []
            for i, pg in enumerate(self.pages):
                lines = list(pg)
                if i == 0 and self.stamp:
                    lines = lines + [
                        Ln(s.x, s.y, s.text, s.font, s.size) for s in self.stamp["lines"]
                    ]
                out.append((f"p{i + 1}", lines))
            return out
        if condition == "fax":
            raw: list[tuple[str, list[Ln]]] = []
            if self.cover:
                raw.append(("cover", self.cover))
            raw += [(f"p{i + 1}", pg) for i, pg in enumerate(self.pages)]
            total = len(raw)
            sent = dt.datetime.fromisoformat(self.fax["sent"])
            out = []
            for n, (name, pg) in enumerate(raw, start=1):
                head = (
                    f"{fmt(sent.date(), 'num')} {sent:%H:%M}   FAX {self.fax_from}   "
                    f"{self.fax_name}   S. {n}/{total}"
                )
                if self.language != "de":
                    head = (
                        f"{sent.date().isoformat()} {sent:%H:%M}  FROM {self.fax_from}  "
                        f"{self.fax_name}  P.{n:02d}/{total:02d}"
                    )
                out.append((name, [Ln(22, 16, head, "mono", 7.2), *pg]))
            return out
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        pages = self._cond_pages(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": cv.pdf_bytes([p for _, p in pages])}
        rng = random.Random(f"{self.seed}-{self.id}-{condition}")
        files: dict[str, bytes] = {}
        for n, (_, pg) in enumerate(pages, start=1):
            if condition == "scan200":
                files[f"scan200/page-{n:02d}.jpg"] = cv.scan_jpeg(pg, rng)
            else:
                files[f"fax/page-{n:02d}.tif"] = cv.fax_tiff(
                    pg, self.fax["resolution"] == "204x196", self.fax["compression"] == "g4"
                )
        return files

    def truth(self) -> dict:
        conds: dict = {}
        for c in self.conditions():
            pages = self._cond_pages(c)
            rows = []
            for n, (name, pg) in enumerate(pages, start=1):
                row: dict = {"page": name}
                if c == "pdf":
                    row.update({"file": "pdf/letter.pdf", "pdf_page": n})
                elif c == "scan200":
                    row["file"] = f"scan200/page-{n:02d}.jpg"
                else:
                    row["file"] = f"fax/page-{n:02d}.tif"
                row["text"] = cv.page_text(pg)
                rows.append(row)
            conds[c] = {"pages": rows}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.register,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": {
                k: self.fax[k]
                for k in ("sent", "cover_sheet", "number", "resolution", "compression")
            },
            "receipt_stamp": (
                {"date": self.stamp["date"], "condition": "scan200"} if self.stamp else None
            ),
            "conditions": conds,
        }


# --------------------------------------------------------------------------- the context


@dataclass
class Ctx:
    rng: random.Random
    person: Person
    practice: dict
    date: dt.date
    sheet: Sheet = field(default_factory=Sheet)
    language: str = "de"
    region: str = "DE"
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    patient_id: str | None = None
    other_dates: list[dict] = field(default_factory=list)
    other_people: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    handwritten: bool = False
    fax_from: str = ""
    letter_dated: bool = True

    def d(self, when: dt.date, style: str, role: str) -> str:
        if role == "birth":
            self.birth_printed = True
        elif role != "letter":
            self.other_dates.append({"date": when.isoformat(), "role": role})
        return fmt(when, style).replace(" ", "\x00")

    def days(self, lo: int, hi: int) -> dt.date:
        return self.date - dt.timedelta(days=self.rng.randint(lo, hi))

    @property
    def birth(self) -> dt.date:
        return dt.date.fromisoformat(self.person.birth)

    def name(self, style: str) -> str:
        """The patient's name as printed; the first call is page 1's first mention."""
        p = self.person
        sur = p.old_surname or p.surname
        given = p.given
        if self.language == "uk":
            given = " ".join(CYR.get(g, g) for g in given.split(" "))
            sur = CYR.get(sur, sur)
        fem = p.sex == "F"
        t = (p.title + " ") if p.title else ""
        forms = {
            "plain": f"{given} {sur}",
            "herr": f"{'Frau' if fem else 'Herrn'} {t}{given} {sur}",
            "herr1": f"{'Frau' if fem else 'Herr'} {t}{given} {sur}",
            "comma": f"{sur}, {given}",
            "caps": f"{sur.upper()}, {given}",
            "capsall": f"{given.upper()} {sur.upper()}",
            "title": f"{t}{given} {sur}",
            "sur_given": f"{sur} {given}",
            "capsur": f"{sur.upper()} {given}",
            "en": f"{'Mrs' if fem else 'Mr'} {given} {sur.upper()}",
            "nl": f"{'mevrouw' if fem else 'de heer'} {given} {sur}",
        }
        s = forms[style]
        if style == "herr" and p.reg and p.reg.birth_name and not p.old_surname:
            s += f" geb. {p.reg.birth_name}"
            if "maiden name printed" not in self.notes:
                self.notes.append("maiden name printed ('geb. …')")
        if not self.as_written:
            self.as_written = s
            self.name_as_letter = f"{given} {sur}"
        return s


# --------------------------------------------------------------------------- the pieces


def window(c: Ctx, y: float = 150.0, return_line: str | None = None) -> None:
    s = c.sheet
    s.y = y
    if return_line:
        s.put(return_line, LM, "sans", 6.5, step=13)
    pr = c.practice
    for w in pr["window"]:
        s.put(w, LM, None, 10)
    s.put(pr["street"], LM, None, 10)
    s.put(pr["city"], LM, None, 10)


def letterhead(c: Ctx, lines: list[str], align: str, big: float = 14.0) -> None:
    s = c.sheet
    s.y = 58
    for i, t in enumerate(lines):
        sz = big if i == 0 else 8.5
        fk = "sansb" if i == 0 else "sans"
        if align == "left":
            s.put(t, LM, fk, sz)
        elif align == "right":
            s.put(t, RM, fk, sz, align="right")
        else:
            s.put(t, 0, fk, sz, align="center")


def info_block(c: Ctx, rows: list[tuple[str, str]], y: float, x: float = 370.0) -> float:
    s = c.sheet
    yy = y
    for lab, val in rows:
        s.put(f"{lab} {val}".strip(), x, "sans", 8.5, y=yy)
        yy += 12.5
    return yy


def closing(c: Ctx, who: list[str], greeting: str = "Mit freundlichen Grüßen") -> None:
    s = c.sheet
    s.ensure(70)
    s.gap(4)
    s.put(greeting)
    s.gap(24)
    for w in who:
        s.put(w, LM, None, 9)
    for w in who:
        c.other_people.append({"name": w.split(",")[0], "role": "signing"})
        break


def footer(c: Ctx, text: str) -> None:
    c.sheet.put(text, 0, "sans", 6.5, align="center", y=790)


# --------------------------------------------------------------------------- German letters

DOCS = [
    "Dr. med. Ove Lassen",
    "Dr. med. Meike Bruhns",
    "Prof. Dr. med. Arne Feddersen",
    "Dr. med. Sanna Kröger",
    "Dr. med. Henrik Lühr",
    "Dipl.-Med. Karla Stüben",
    "Dr. med. Tjark Oldenburg",
    "Dr. med. Ilka Rohde-Jensen",
    "PD Dr. med. Fenna Wiese",
]

FEMALE_DOCS = ["Meike", "Sanna", "Karla", "Ilka", "Fenna"]


def _role(name: str, male: str, female: str) -> str:
    fem = any(f" {g} " in f" {name} " for g in FEMALE_DOCS)
    return f"{name}, {female if fem else male}"


HOSPITALS = [
    # name, alts, address, city, fax, department choices
    (
        "Universitätsklinikum Förde",
        ["UK Förde", "Universitätsklinikum Förde, Campus Kiel"],
        "Arnold-Heller-Straße 9",
        "24105 Kiel",
        "0431 500-22119",
        [
            "Klinik für Innere Medizin I",
            "Klinik für Kardiologie und Angiologie",
            "Klinik für Neurologie",
        ],
    ),
    (
        "Westküstenklinikum Marsch",
        ["WKK Marsch", "Westküstenklinikum Heide"],
        "Esmarchstraße 50",
        "25746 Heide",
        "0481 785-1009",
        ["Medizinische Klinik", "Klinik für Allgemein- und Viszeralchirurgie"],
    ),
    (
        "Diako Nordfriesland gGmbH – Krankenhaus Husum",
        ["Diako Krankenhaus Husum", "Diako Nordfriesland"],
        "Erichsenweg 16",
        "25813 Husum",
        "04841 660-1290",
        ["Klinik für Geriatrie", "Klinik für Innere Medizin"],
    ),
    (
        "Helvia Klinikum Hamburg-Altona",
        ["Helvia Klinik Altona", "Helvia Klinikum Altona"],
        "Paul-Ehrlich-Straße 1",
        "22763 Hamburg",
        "040 18 18 81-2299",
        ["Abteilung für Gastroenterologie", "Abteilung für Unfallchirurgie und Orthopädie"],
    ),
    (
        "Klinikum Bremen-Weserbogen",
        ["Klinikum Weserbogen", "Gesundheit Nord – Klinikum Weserbogen"],
        "St.-Jürgen-Straße 1",
        "28205 Bremen",
        "0421 497-70331",
        ["Medizinische Klinik II – Pneumologie", "Klinik für Urologie"],
    ),
    (
        "Kreiskrankenhaus Rendsburg-Eckernförde",
        ["Kreiskrankenhaus Rendsburg", "Imland-Kreiskrankenhaus"],
        "Lilienstraße 20",
        "24768 Rendsburg",
        "04331 200-1199",
        ["Innere Abteilung", "Chirurgische Abteilung"],
    ),
]
PSY = (
    "Fachklinik für Psychiatrie und Psychotherapie Schleswig-Hesterberg",
    ["Psychiatrie Hesterberg", "Fachklinik Hesterberg"],
    "Friedrich-Ebert-Straße 5",
    "24837 Schleswig",
    "04621 83-1502",
    ["Allgemeinpsychiatrie, Station 4"],
)

DIAG = [
    ("Ambulant erworbene Pneumonie rechts basal (J18.9)", "Pneumonie"),
    ("Dekompensierte Herzinsuffizienz NYHA III (I50.13)", "Herzinsuffizienz"),
    ("Vorhofflimmern, tachykard übergeleitet (I48.1)", "Vorhofflimmern"),
    ("Exazerbierte COPD GOLD 3 (J44.1)", "COPD"),
    ("Akute Cholezystitis, laparoskopische Cholezystektomie (K81.0)", "Cholezystitis"),
    ("Distale Radiusfraktur links, osteosynthetisch versorgt (S52.51)", "Radiusfraktur"),
    ("Transitorische ischämische Attacke (G45.9)", "TIA"),
    ("Entgleister Diabetes mellitus Typ 2 (E11.73)", "Diabetes"),
]


def _patient_line(c: Ctx, style: int) -> None:
    s = c.sheet
    b = c.birth
    reg = c.person.reg
    fem = c.person.sex == "F"
    if reg and reg.collision == "same name and birth date":
        s.put(
            f"{c.name('comma')}, geb. {c.d(b, 'num', 'birth')}, {reg.street}, "
            f"{reg.postcode} {reg.city}",
            LM,
            "sansb",
        )
        c.notes.append("same name and birth date in the register: the address tells them apart")
        return
    if style == 0:
        s.put(
            f"Patient{'in' if c.person.sex == 'F' else ''}: {c.name('herr1')}, "
            f"geb. {c.d(b, 'num', 'birth')}",
            LM,
            "sansb",
        )
    elif style == 1:
        s.put(f"{c.name('caps')}  * {c.d(b, 'num', 'birth')}", LM, "sansb")
    elif style == 2:
        s.put(f"Name, Vorname: {c.name('comma')}", LM)
        s.put(f"Geburtsdatum: {c.d(b, 'num1', 'birth')}", LM)
        if reg and reg.birth_name and not c.person.old_surname:
            s.put(f"Geburtsname: {reg.birth_name}", LM)
            c.notes.append("maiden name on its own line")
    elif style == 3:
        s.put(
            f"unser{'e' if fem else 'en'} gemeinsame{'' if fem else 'n'} "
            f"Patient{'in' if fem else 'en'} {c.name('title')}, "
            f"geboren am {c.d(b, 'de_long', 'birth')},",
            LM,
        )
    else:
        s.put(
            f"Betrifft Ihre{'' if fem else 'n'} Patient{'in' if fem else 'en'} {c.name('herr')}"
            + (f", geb. {c.d(b, 'num', 'birth')}" if reg and reg.collision else ""),
            LM,
            "sansb",
        )


def german_letter(c: Ctx, org: dict, content: Callable[[Ctx], list[str]]) -> None:
    """A German house-style letter: letterhead, window, info or reference line, subject, body."""
    rng = c.rng
    s = c.sheet
    c.sender = org["name"]
    c.sender_alts = list(org.get("alts", []))
    head_align = rng.choice(["left", "right", "center"])
    head = [org["name"]]
    if org.get("dept"):
        head.append(org["dept"])
    head.append(f"{org['street']} · {org['city']}")
    letterhead(c, head, head_align, big=rng.choice([12.5, 14.0, 15.0]))
    date_mode = org.get("date_mode") or rng.choice(["info", "topright", "refline", "end"])
    c.fax_from = org["fax"]
    ret = rng.random() < 0.6
    window(c, 150, f"{org['name']} · {org['street']} · {org['city']}" if ret else None)
    after_window = s.y
    dstyle = rng.choice(["num", "num", "de_long", "num1"])
    ddate = c.d(c.date, dstyle, "letter")
    if date_mode == "info":
        rows = [
            ("Ihr Zeichen:", "–"),
            ("Unser Zeichen:", org.get("ref", "ms/ab")),
            ("Telefon:", org.get("tel", "0431 500-0")),
            ("Telefax:", org["fax"]),
            ("Datum:", ddate),
        ]
        rng.shuffle(rows[:3])
        info_block(c, rows, 150)
        s.y = max(after_window, 150 + 12.5 * len(rows)) + 24
    elif date_mode == "topright":
        s.y = after_window + 22
        s.put(f"{org['city'].split(' ', 1)[1]}, {ddate}", RM, None, None, align="right")
        s.gap(10)
    elif date_mode == "refline":
        s.y = after_window + 26
        s.put("Ihr Zeichen, Ihre Nachricht vom    Unser Zeichen    Telefon    Datum", LM, "sans", 7)
        s.put(
            f"–    {org.get('ref', 'KS-204')}    {org.get('tel', '040 18 18 0')}    {ddate}",
            LM,
            "sans",
            9,
        )
        s.gap(10)
    else:
        s.y = after_window + 26
    title = org["title"]
    c.title = title
    c.title_alts = list(org.get("title_alts", []))
    subj = rng.choice(["label", "bold", "caps"])
    if subj == "label":
        lab = rng.choice(["Betreff:", "Betr.:", "Betrifft:"])
        s.put(f"{lab} {title}", LM, "sansb")
    elif subj == "bold":
        s.put(title, LM, "sansb", 11)
    else:
        s.put(title.upper(), LM, "sansb", 11)
        c.title_alts.append(title)
        c.title = title.upper()
        c.title_alts.append(title)
    _patient_line(c, org.get("pstyle", rng.randrange(5)))
    if c.person.reg and rng.random() < 0.3:
        c.patient_id = c.person.reg.id
        s.put(
            rng.choice(["Ihre Patientennummer:", "Ihr Zeichen (Pat.-Nr.):", "Pat.-ID Praxis:"])
            + f" {c.patient_id}",
            LM,
            "sans",
            9,
        )
        c.notes.append("the practice's own patient number is printed")
    s.gap(10)
    s.put(
        c.practice["salutation"] if rng.random() < 0.6 else "Sehr geehrte Kolleginnen und Kollegen,"
    )
    s.gap(4)
    for para in content(c):
        if para == "\f":
            if len(s.pages) == 1:
                s.new_page()
            continue
        if para.startswith("#"):
            s.ensure(40)
            s.gap(3)
            s.put(para[1:], LM, "sansb")
        else:
            s.para(para)
    if date_mode == "end":
        s.gap(4)
        s.put(f"{org['city'].split(' ', 1)[1]}, den {ddate}")
    closing(c, org["signers"])
    if rng.random() < 0.5:
        s.pages[0].append(Ln(0, 0, "", "sans", 6.5))  # placeholder removed below
        s.pages[0].pop()
        footer_text = f"{org['name']} · Telefax {org['fax']}"
        s.pages[0].append(
            Ln(
                round((cv.W - cv.width(footer_text, "sans", 6.5)) / 2, 2),
                795,
                footer_text,
                "sans",
                6.5,
            )
        )
    if len(s.pages) > 1:
        c.notes.append("two pages with a running header")


def running_header(c: Ctx, short: str) -> None:
    pn = c.person
    c.sheet.running = [
        f"{short} – {pn.old_surname or pn.surname}, {pn.given} – Seite {{page}} von {{total}}",
    ]


def hospital_org(c: Ctx, psych: bool = False) -> dict:
    h = PSY if psych else c.rng.choice(HOSPITALS)
    dept = c.rng.choice(h[5])
    senior, junior = c.rng.sample(DOCS, 2)
    signers = [
        _role(senior, "Oberarzt", "Oberärztin"),
        _role(junior, "Assistenzarzt", "Assistenzärztin"),
    ]
    return {
        "name": h[0],
        "alts": [*h[1], dept],
        "dept": dept,
        "street": h[2],
        "city": h[3],
        "fax": h[4],
        "signers": signers,
    }


def k_discharge(c: Ctx) -> None:
    org = hospital_org(c)
    adm = c.days(12, 20)
    dis = c.days(2, 8)
    diag, _short = c.rng.choice(DIAG)
    org["title"] = c.rng.choice(["Entlassungsbrief", "Arztbrief", "Vorläufiger Entlassungsbrief"])
    org["title_alts"] = ["Entlassungsbericht"]
    long_letter = c.rng.random() < 0.75
    fu = c.date + dt.timedelta(days=c.rng.randint(10, 30))

    def content(c: Ctx) -> list[str]:
        sx = "Frau" if c.person.sex == "F" else "Herr"
        n = c.person.old_surname or c.person.surname
        out = [
            f"wir berichten über {sx} {n}, {'die' if sx == 'Frau' else 'der'} sich vom "
            f"{c.d(adm, 'num', 'admission')} bis zum {c.d(dis, 'num', 'discharge')} in unserer "
            "stationären Behandlung befand.",
            "#Diagnosen:",
            diag,
            "Arterielle Hypertonie, Hyperlipidämie, Adipositas Grad I",
            "#Anamnese:",
            "Die Aufnahme erfolgte über die Zentrale Notaufnahme mit seit drei Tagen zunehmender "
            "Symptomatik. Bekannte Vorerkrankungen siehe oben; Nikotin: 20 pack years.",
            "#Verlauf:",
            f"Unter der eingeleiteten Therapie kam es zu einer raschen Besserung. Die Laborwerte "
            f"normalisierten sich im Verlauf; bei Entlassung CRP 12 mg/l. {sx} {n} wurde in gutem "
            "Allgemeinzustand nach Hause entlassen.",
        ]
        if long_letter:
            out += [
                "#Befunde:",
                "Röntgen-Thorax: Regrediente Transparenzminderung, kein Erguss. "
                "EKG: Sinusrhythmus, "
                "HF 72/min, Linkstyp, keine Erregungsrückbildungsstörungen. Echokardiographie: "
                "LVEF 48 %, diastolische Dysfunktion Grad I, keine relevanten Vitien.",
                "Sonographie Abdomen: Leber normal groß, homogen; Gallenblase unauffällig; Nieren "
                "beidseits normal groß ohne Harnstau. Milz nicht vergrößert.",
                "\f",
                "#Medikation bei Entlassung:",
                "Ramipril 5 mg 1-0-0, Bisoprolol 2,5 mg 1-0-0, Atorvastatin 40 mg 0-0-1, "
                "Pantoprazol 20 mg 1-0-0, Apixaban 5 mg 1-0-1",
                "#Procedere:",
                "Wir bitten um Kontrolle des Blutbildes, der Nierenretentionswerte und der "
                "Elektrolyte in einer Woche sowie um Fortführung der Medikation. Eine ambulante "
                "kardiologische Vorstellung ist empfohlen.",
                "Bei erneuter Verschlechterung ist jederzeit eine Wiedervorstellung möglich. Für "
                "Rückfragen stehen wir Ihnen gern zur Verfügung.",
            ]
        out.append(f"Wiedervorstellung in unserer Ambulanz am {c.d(fu, 'num', 'follow-up')}.")
        return out

    running_header(c, org["name"].split(" – ")[0][:40])
    german_letter(c, org, content)


def k_psych(c: Ctx) -> None:
    org = hospital_org(c, psych=True)
    adm = c.days(30, 50)
    dis = c.days(3, 9)
    org["title"] = "Bericht über die tagesklinische Behandlung"
    two = c.rng.random() < 0.5
    fu = c.date + dt.timedelta(days=c.rng.randint(7, 21))
    org["date_mode"] = "end"
    c.notes.append("the letter's date only at the end")

    def content(c: Ctx) -> list[str]:
        return [
            f"Aufnahme: {c.d(adm, 'num', 'admission')}   "
            f"Entlassung: {c.d(dis, 'num', 'discharge')}",
            "#Diagnosen (ICD-10):",
            "Mittelgradige depressive Episode (F32.1); Anpassungsstörung (F43.2)",
            "#Psychopathologischer Befund bei Entlassung:",
            "Wach, allseits orientiert, Stimmung leicht gedrückt, affektiv besser "
            "schwingungsfähig. "
            "Kein Anhalt für akute Suizidalität, von Absprachefähigkeit ist auszugehen.",
            "#Empfehlung:",
            "Fortführung von Sertralin 100 mg morgens, ambulante Psychotherapie ist beantragt. "
            "Die Patientin bzw. der Patient wurde arbeitsunfähig entlassen.",
            *(
                [
                    "\f",
                    "#Verlauf:",
                    "Nach anfänglicher Zurückhaltung nahm die Patientin bzw. der Patient "
                    "regelmäßig an Einzel- und Gruppentherapie, Ergotherapie und "
                    "Bewegungstherapie teil. Schlaf und Antrieb besserten sich deutlich.",
                    f"Nachsorgetermin in unserer Institutsambulanz: {c.d(fu, 'num', 'follow-up')}.",
                ]
                if two
                else []
            ),
        ]

    running_header(c, "Psychiatrie Hesterberg")
    german_letter(c, org, content)


SPECIALISTS = [
    (
        "Kardiologische Gemeinschaftspraxis an der Förde",
        ["Kardiologie an der Förde"],
        "Dr. med. Björn Iwersen · Dr. med. Nele Thaysen",
        "Kaistraße 18",
        "24114 Kiel",
        "0431 66 11 02",
        "Kardiologischer Befundbericht",
    ),
    (
        "Praxis für Neurologie Dr. med. Hella Sönksen",
        ["Neurologie Dr. Sönksen"],
        "Fachärztin für Neurologie",
        "Große Bergstraße 144",
        "22767 Hamburg",
        "040 389 51 60",
        "Neurologischer Befund",
    ),
    (
        "Augenzentrum Husumer Bucht",
        ["Augenzentrum Husum"],
        "Dr. med. Jannik Boysen",
        "Neustadt 77",
        "25813 Husum",
        "04841 77 123",
        "Augenärztlicher Bericht",
    ),
    (
        "HNO-Praxis am Wall",
        ["HNO am Wall"],
        "Dr. med. Femke Oltmanns",
        "Am Wall 163",
        "28195 Bremen",
        "0421 32 68 44",
        "HNO-ärztlicher Befundbericht",
    ),
]


def k_specialist(c: Ctx) -> None:
    name, alts, sub, street, city, fax, title = c.rng.choice(SPECIALISTS)
    exam = c.days(1, 6)
    org = {
        "name": name,
        "alts": alts,
        "dept": sub,
        "street": street,
        "city": city,
        "fax": fax,
        "title": title,
        "signers": [sub.split(" · ")[0]],
        "pstyle": c.rng.choice([0, 2, 4]),
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"vielen Dank für die Überweisung. Die Untersuchung erfolgte am "
            f"{c.d(exam, 'num', 'examination')}.",
            "#Befund:",
            "Die klinische und apparative Untersuchung ergab keinen Hinweis auf eine akut "
            "behandlungsbedürftige Erkrankung. Die Befunde sind im Vergleich zur Voruntersuchung "
            "stabil.",
            "#Beurteilung und Empfehlung:",
            "Fortführung der bisherigen Therapie. Kontrolle in sechs Monaten, "
            "bei Beschwerden früher.",
        ]

    german_letter(c, org, content)


def k_radiology(c: Ctx) -> None:
    exam = c.days(0, 3)
    org = {
        "name": "Radiologie Nord – MVZ Lübeck",
        "alts": ["Radiologie Nord", "MVZ Radiologie Nord Lübeck"],
        "dept": "MRT · CT · Mammographie · Nuklearmedizin",
        "street": "Kanalstraße 42",
        "city": "23552 Lübeck",
        "fax": "0451 70 20 3-99",
        "signers": ["Dr. med. Okko Baumann, Facharzt für Radiologie"],
    }
    region = c.rng.choice(
        ["MRT der LWS nativ", "CT des Thorax mit KM", "MRT des rechten Kniegelenks"]
    )
    org["title"] = region
    org["title_alts"] = ["Radiologischer Befund", "Befundbericht"]

    def content(c: Ctx) -> list[str]:
        return [
            f"Untersuchungsdatum: {c.d(exam, 'num', 'examination')}",
            "Rechtfertigende Indikation: Persistierende Beschwerden, Ausschluss einer "
            "strukturellen Läsion.",
            "#Befund:",
            "Regelrechte Darstellung der abgebildeten Strukturen. Keine Raumforderung, kein "
            "Erguss, keine frische ossäre Läsion. Degenerative Veränderungen altersentsprechend.",
            "#Beurteilung:",
            "Kein Nachweis eines akuten pathologischen Befundes.",
        ]

    german_letter(c, org, content)


def k_rehab(c: Ctx) -> None:
    adm = c.days(30, 35)
    dis = c.days(4, 8)
    org = {
        "name": "Ostseeklinik Timmendorfer Strand",
        "alts": ["Reha-Klinik Ostseeblick", "Ostseeklinik Timmendorf"],
        "dept": "Fachklinik für Orthopädie und Kardiologie",
        "street": "Strandallee 150",
        "city": "23669 Timmendorfer Strand",
        "fax": "04503 60 49-1",
        "signers": ["Dr. med. Swantje Holm, Chefärztin"],
        "title": "Ärztlicher Entlassungsbericht",
        "title_alts": ["Reha-Entlassungsbericht"],
    }
    rel = c.birth.replace(year=c.birth.year - 2)

    def content(c: Ctx) -> list[str]:
        return [
            f"Rehabilitationsmaßnahme vom {c.d(adm, 'num', 'admission')} bis "
            f"{c.d(dis, 'num', 'discharge')} (Anschlussheilbehandlung, Kostenträger DRV Nord).",
            "#Diagnosen:",
            "Z. n. Implantation einer Knie-TEP rechts; Arterielle Hypertonie; Adipositas.",
            "#Therapie und Verlauf:",
            "Krankengymnastik einzeln und in der Gruppe, medizinische Trainingstherapie, "
            "Bewegungsbad, Lymphdrainage, Ernährungsberatung. Die Gehstrecke verbesserte sich "
            "von 200 m auf über 1000 m. Die Beugung im Kniegelenk beträgt bei Entlassung "
            "0-0-110 Grad. Schmerzen NRS 2/10 unter Belastung.",
            "\f",
            "#Sozialmedizinische Beurteilung:",
            "Für die letzte berufliche Tätigkeit besteht ein Leistungsvermögen von sechs Stunden "
            "und mehr. Eine stufenweise Wiedereingliederung wird empfohlen.",
            f"Angehörige: Ehepartner, geb. {c.d(rel, 'num', 'birth date of the spouse')}, "
            "unterstützt die häusliche Versorgung.",
            "#Empfehlungen:",
            "Fortführung der Physiotherapie (Verordnung außerhalb des Regelfalls), IRENA-"
            "Nachsorge, Gewichtsreduktion. Medikation unverändert wie bei Aufnahme.",
            "Wir danken für die Zuweisung und verbleiben mit freundlichen kollegialen Grüßen "
            "aus Timmendorfer Strand.",
            "#Anlagen:",
            "Laborbefunde, Therapieplan, Sozialmedizinische Leistungsbeurteilung",
        ]

    running_header(c, "Ostseeklinik Timmendorfer Strand")
    c.notes.append("a relative's birth date on the page")
    german_letter(c, org, content)


INSURERS = [
    (
        "AOK NordWest – Die Gesundheitskasse",
        ["AOK NordWest"],
        "Edisonstraße 70",
        "24145 Kiel",
        "0800 265 5501-1",
    ),
    (
        "Techniker Krankenkasse",
        ["TK", "Techniker"],
        "Bramfelder Straße 140",
        "22305 Hamburg",
        "040 46 06 65-0",
    ),
    ("DAK-Gesundheit", ["DAK"], "Nagelsweg 27-31", "20097 Hamburg", "040 33 47 01-2"),
    ("BKK firmus", ["BKK"], "Gottlieb-Daimler-Straße 11", "28237 Bremen", "0421 643 44-99"),
]


def k_insurer(c: Ctx) -> None:
    name, alts, street, city, fax = c.rng.choice(INSURERS)
    since = c.days(40, 60)
    org = {
        "name": name,
        "alts": alts,
        "street": street,
        "city": city,
        "fax": fax,
        "title": c.rng.choice(["Anfrage zur Arbeitsunfähigkeit", "Krankengeldfall – Anfrage"]),
        "signers": ["Ihr Team Krankengeld", "i. A. Mareike Lorenzen"],
        "pstyle": 2,
        "ref": f"KG-{c.rng.randint(100000, 999999)}",
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"Ihr{'e' if c.person.sex == 'F' else ''} Patient{'in' if c.person.sex == 'F' else ''} "
            f"ist seit dem {c.d(since, 'num', 'incapacity since')} arbeitsunfähig erkrankt und "
            "bezieht Krankengeld.",
            "Um den Anspruch prüfen zu können, bitten wir Sie, den beigefügten Vordruck "
            "auszufüllen und uns innerhalb von zehn Tagen zurückzusenden. Die Kosten werden nach "
            "den vertraglichen Regelungen erstattet.",
        ]

    german_letter(c, org, content)


def k_pkv(c: Ctx) -> None:
    inv = c.days(20, 40)
    org = {
        "name": "Hanseatische Krankenversicherung a. G.",
        "alts": ["Hanseatische", "Hanseatische Krankenversicherung"],
        "street": "Ballindamm 11",
        "city": "20095 Hamburg",
        "fax": "040 3018 7710",
        "title": "Rückfrage zu Ihrer Rechnung",
        "title_alts": ["Leistungsabrechnung"],
        "signers": ["Leistungsabteilung Ambulant"],
        "pstyle": 0,
        "ref": f"LA/{c.rng.randint(1000, 9999)}",
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"zu Ihrer Rechnung vom {c.d(inv, 'num', 'invoice')} bitten wir um eine kurze "
            "Begründung der Steigerung über den 2,3-fachen Satz bei Ziffer 3 und 800 GOÄ.",
            "Bitte senden Sie uns Ihre Stellungnahme unter Angabe der Versicherungsnummer zu.",
        ]

    german_letter(c, org, content)


def form(c: Ctx, org: dict, rows: list[tuple[str, str]], questions: list[str]) -> None:
    """A form: boxed title, field rows, numbered questions, date at the bottom."""
    s = c.sheet
    c.sender = org["name"]
    c.sender_alts = org.get("alts", [])
    c.fax_from = org["fax"]
    c.title = org["title"]
    c.title_alts = org.get("title_alts", [])
    s.y = 56
    s.put(org.get("form_no", "Vordruck"), RM, "mono", 8, align="right", y=56)
    s.put(org["name"], LM, "sansb", 12)
    s.put(f"{org['street']}, {org['city']}", LM, "sans", 8)
    window(c, 128)
    s.gap(18)
    s.put(org["title"], 0, "sansb", 13, align="center")
    s.gap(8)
    for lab, val in rows:
        s.put(f"{lab}: {val}" if val else f"{lab}: ______________________", LM, "cond", 10)
    s.gap(8)
    for i, q in enumerate(questions, start=1):
        s.para(f"{i}. {q}", LM, RM, "cond", 10, after=2)
        s.put("_" * 60, LM + 12, "cond", 10)
        s.gap(4)
    s.gap(10)
    s.put(f"{org['city'].split(' ', 1)[1]}, {c.d(c.date, 'num', 'letter')}", LM, "cond", 10)
    s.put(org["signer"], LM, "cond", 9)


def k_drv(c: Ctx) -> None:
    org = {
        "name": "Deutsche Rentenversicherung Nord",
        "alts": ["DRV Nord"],
        "street": "Ziegelstraße 150",
        "city": "23556 Lübeck",
        "fax": "0451 485-17777",
        "title": "Anforderung eines Befundberichts",
        "title_alts": ["Befundbericht"],
        "form_no": "S0051",
        "signer": "Im Auftrag Kerrin Martensen, Sachbearbeitung",
    }
    rows = [
        (
            "Versicherungsnummer",
            f"{c.rng.randint(10, 65)} {c.birth:%d%m%y} "
            f"{c.person.surname[0].upper()} {c.rng.randint(500, 599)}",
        ),
        ("Name, Vorname", c.name("comma")),
        ("Geburtsdatum", c.d(c.birth, "num", "birth")),
        ("Antrag auf", "Leistungen zur medizinischen Rehabilitation"),
    ]
    c.notes.append("the insurance number encodes the birth date as DDMMYY")
    form(
        c,
        org,
        rows,
        [
            "Seit wann behandeln Sie den Versicherten / die Versicherte?",
            "Welche Diagnosen liegen vor (mit ICD-10)?",
            "Welche Therapie wurde in den letzten zwölf Monaten durchgeführt?",
        ],
    )


def k_md(c: Ctx) -> None:
    visit = c.days(5, 15)
    org = {
        "name": "Medizinischer Dienst Nord",
        "alts": ["MD Nord", "Medizinischer Dienst"],
        "dept": "Begutachtung Pflege",
        "street": "Hammerbrookstraße 5",
        "city": "20097 Hamburg",
        "fax": "040 25169-5090",
        "title": "Gutachten zur Feststellung der Pflegebedürftigkeit",
        "title_alts": ["Pflegegutachten"],
        "signers": ["Gutachterin: Sabine Witt, Pflegefachkraft"],
        "pstyle": 2,
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"Hausbesuch am {c.d(visit, 'num', 'home visit')} in Anwesenheit der Tochter.",
            "Ergebnis: Es liegen erhebliche Beeinträchtigungen der Selbständigkeit vor. "
            "Empfohlen wird Pflegegrad 2. Die Pflegekasse entscheidet über den Antrag.",
        ]

    german_letter(c, org, content)


def k_bg(c: Ctx) -> None:
    acc = c.days(10, 30)
    org = {
        "name": "BG Verkehr",
        "alts": ["Berufsgenossenschaft Verkehrswirtschaft Post-Logistik Telekommunikation"],
        "dept": "Bezirksverwaltung Hamburg",
        "street": "Ottenser Hauptstraße 54",
        "city": "22765 Hamburg",
        "fax": "040 3980-1999",
        "title": "Arbeitsunfall",
        "title_alts": ["Unfallsache"],
        "signers": ["Reha-Management, Jörn Kahlke"],
        "pstyle": 0,
        "ref": f"UV {c.rng.randint(1, 9)}/{c.rng.randint(10000, 99999)}",
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"Ihr{'e' if c.person.sex == 'F' else ''} Patient{'in' if c.person.sex == 'F' else ''} "
            f"erlitt am {c.d(acc, 'num', 'accident')} auf dem Gelände des Containerterminals "
            "einen Arbeitsunfall.",
            "Wir bitten um Übersendung eines Verlaufsberichts (F 2100) und der vorliegenden "
            "Befunde. Die Gebühren werden nach UV-GOÄ erstattet.",
        ]

    german_letter(c, org, content)


def k_gesundheitsamt(c: Ctx) -> None:
    contact = c.days(8, 20)
    org = {
        "name": "Gesundheitsamt Bremen",
        "alts": ["Gesundheitsamt", "Referat Infektionsschutz"],
        "dept": "Referat Infektionsschutz",
        "street": "Horner Straße 60-70",
        "city": "28203 Bremen",
        "fax": "0421 361-15749",
        "title": "Umgebungsuntersuchung Tuberkulose",
        "title_alts": ["Tuberkulose-Umgebungsuntersuchung"],
        "signers": ["Dr. med. Gesa Riemer, Amtsärztin"],
        "pstyle": 3,
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"im Rahmen einer Umgebungsuntersuchung nach § 25 IfSG wurde ein Kontakt zu einer "
            f"an offener Lungentuberkulose erkrankten Person am {c.d(contact, 'num', 'contact')} "
            "festgestellt.",
            "Wir bitten Sie, einen Interferon-Gamma-Release-Assay (IGRA) zu veranlassen und uns "
            "das Ergebnis mitzuteilen.",
        ]

    german_letter(c, org, content)


def k_court(c: Ctx) -> None:
    hear = c.date + dt.timedelta(days=c.rng.randint(14, 40))
    org = {
        "name": "Amtsgericht Flensburg",
        "alts": ["Amtsgericht Flensburg – Betreuungsgericht", "Betreuungsgericht"],
        "dept": "Betreuungsgericht",
        "street": "Südergraben 22",
        "city": "24937 Flensburg",
        "fax": "0461 89-295",
        "title": "Betreuungssache",
        "title_alts": ["Ärztliches Attest"],
        "signers": ["Rechtspflegerin Tjarks"],
        "pstyle": 1,
        "ref": f"4 XVII {c.rng.randint(100, 999)}/26",
    }

    def content(c: Ctx) -> list[str]:
        c.other_people.append({"name": "Ingo Baasch", "role": "guardian"})
        return [
            "in der oben bezeichneten Betreuungssache bittet das Gericht um ein ärztliches Attest "
            "zu der Frage, ob die Betroffene bzw. der Betroffene aufgrund einer Erkrankung ihre "
            "bzw. seine Angelegenheiten nicht mehr selbst besorgen kann.",
            f"Anhörungstermin: {c.d(hear, 'num', 'hearing')}. Als Betreuer ist Herr Ingo Baasch "
            "vorgeschlagen.",
        ]

    german_letter(c, org, content)


def k_care(c: Ctx) -> None:
    org = {
        "name": "Ambulanter Pflegedienst Kiek in",
        "alts": ["Pflegedienst Kiek in"],
        "street": "Ulzburger Straße 31",
        "city": "22850 Norderstedt",
        "fax": "040 529 77 81",
        "title": "Bitte um Folgeverordnung häusliche Krankenpflege",
        "title_alts": ["Folgeverordnung HKP"],
        "signers": ["Pflegedienstleitung Maike Ahlers"],
        "pstyle": c.rng.choice([0, 4]),
        "date_mode": "topright",
    }
    until = c.date + dt.timedelta(days=c.rng.randint(3, 9))

    def content(c: Ctx) -> list[str]:
        return [
            f"die Verordnung für Medikamentengabe und Kompressionsstrümpfe läuft am "
            f"{c.d(until, 'num', 'prescription ends')} aus.",
            "Wir bitten um eine Folgeverordnung für ein Quartal. Vielen Dank!",
        ]

    german_letter(c, org, content)


def k_pharmacy(c: Ctx) -> None:
    rx = c.days(1, 4)
    org = {
        "name": "Löwen-Apotheke am Kanal",
        "alts": ["Löwen-Apotheke"],
        "street": "Am Gerhardhain 2",
        "city": "24768 Rendsburg",
        "fax": "04331 2 34 56",
        "title": "Rückfrage zum Rezept",
        "signers": ["Apothekerin Britta Gosch"],
        "pstyle": 1,
        "date_mode": "topright",
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"auf dem Rezept vom {c.d(rx, 'num', 'prescription')} ist Metoprololsuccinat 95 mg "
            "ohne Dosierung verordnet. Das Präparat ist derzeit nicht lieferbar.",
            "Dürfen wir ein wirkstoffgleiches Präparat abgeben? Bitte kurz zurückfaxen.",
        ]

    german_letter(c, org, content)


def k_physio(c: Ctx) -> None:
    start = c.days(30, 45)
    org = {
        "name": "Physiotherapie Strandgut",
        "alts": ["Praxis für Physiotherapie Strandgut"],
        "dept": "Krankengymnastik · Manuelle Therapie · Lymphdrainage",
        "street": "Kurpromenade 3",
        "city": "25938 Wyk auf Föhr",
        "fax": "04681 74 11 9",
        "title": "Therapiebericht",
        "signers": ["Jorrit Heinsen, Physiotherapeut"],
        "pstyle": c.rng.choice([0, 2]),
    }

    def content(c: Ctx) -> list[str]:
        return [
            f"Behandlungsbeginn: {c.d(start, 'num', 'treatment start')}, 6 x Manuelle Therapie.",
            "Deutliche Besserung der Beweglichkeit der HWS, Rotation beidseits 70 Grad. "
            "Wir empfehlen eine weitere Verordnung über 6 x KG-Gerät.",
        ]

    german_letter(c, org, content)


# --------------------------------------------------------------------------- special layouts


def k_lab(c: Ctx) -> None:
    s = c.sheet
    rng = c.rng
    c.sender = "MVZ Labor Nord-Ostsee"
    c.sender_alts = ["Labor Nord-Ostsee", "MVZ Labor Nord-Ostsee GmbH"]
    c.fax_from = "0431 38 48 7-19"
    c.title = "LABORBEFUND"
    c.title_alts = ["Laborbefund", "Endbefund"]
    coll = c.days(1, 3)
    recv = coll + dt.timedelta(days=rng.randint(0, 1))
    s.y = 52
    s.put("MVZ Labor Nord-Ostsee", RM, "sansb", 14, align="right")
    s.put("Labormedizin · Mikrobiologie · Transfusionsmedizin", RM, "sans", 8, align="right")
    s.put("Wittland 7 · 24109 Kiel · Telefon 0431 38 48 7-0", RM, "sans", 8, align="right")
    window(c, 130, "MVZ Labor Nord-Ostsee · Wittland 7 · 24109 Kiel")
    s.gap(20)
    s.put("LABORBEFUND", LM, "sansb", 13)
    with_id = c.person.reg is not None and rng.random() < 0.6
    s.put(f"Patient: {c.name('caps')}", LM, "mono", 9.5)
    s.put(
        f"Geb.-Datum: {c.d(c.birth, 'num', 'birth')}   "
        f"Geschlecht: {c.person.sex.replace('F', 'W')}",
        LM,
        "mono",
        9.5,
    )
    if with_id and c.person.reg:
        c.patient_id = c.person.reg.id
        s.put(
            f"Ihre Pat.-Nr.: {c.patient_id}   Auftrag: {rng.randint(2600000, 2699999)}",
            LM,
            "mono",
            9.5,
        )
    s.put(
        f"Entnahme: {c.d(coll, 'num', 'collection')}   Eingang: {c.d(recv, 'num', 'receipt')}   "
        f"Befund: {c.d(c.date, 'num', 'letter')}",
        LM,
        "mono",
        9.5,
    )
    s.gap(8)
    s.put(f"{'Untersuchung':<24}{'Ergebnis':>10}  {'Einheit':<9}{'Referenz':<14}", LM, "monob", 9)
    tests = [
        ("Leukozyten", "7,8", "/nl", "3,9 - 10,2"),
        ("Hämoglobin", "13,1", "g/dl", "12,0 - 15,4"),
        ("Thrombozyten", "248", "/nl", "150 - 370"),
        ("Kreatinin", "1,21 +", "mg/dl", "0,5 - 1,0"),
        ("eGFR (CKD-EPI)", "58 -", "ml/min", "> 60"),
        ("Kalium", "4,4", "mmol/l", "3,5 - 5,1"),
        ("HbA1c", "7,2 +", "%", "< 5,7"),
        ("TSH basal", "1,84", "mU/l", "0,27 - 4,2"),
        ("CRP", "3,1", "mg/l", "< 5,0"),
        ("LDL-Cholesterin", "132 +", "mg/dl", "< 116"),
    ]
    for t in tests[: rng.randint(6, 10)]:
        s.put(f"{t[0]:<24}{t[1]:>10}  {t[2]:<9}{t[3]:<14}", LM, "mono", 9)
    s.gap(10)
    s.para(
        "Befund technisch und medizinisch validiert. + / - : Wert außerhalb des Referenzbereichs.",
        LM,
        RM,
        "sans",
        8,
    )
    s.put("Dr. med. Arne Clausen, Facharzt für Laboratoriumsmedizin", LM, "sans", 8.5)
    c.notes.append("collection, receipt and report dates in one line")


def k_email(c: Ctx) -> None:
    s = c.sheet
    sent = c.date
    c.sender = "Klinik für Geriatrie, Diako Nordfriesland"
    c.sender_alts = ["Diako Nordfriesland", "Sozialdienst Diako Husum"]
    c.fax_from = "04841 660-1290"
    subj = "Entlassung und Hilfsmittelversorgung"
    c.title = subj
    c.title_alts = []
    s.y = 46
    s.put("Betreff: " + subj, LM, "sansb", 11)
    s.put("Von: Sozialdienst Diako <sozialdienst@diako-nf.example>", LM, "sans", 9)
    s.put(f"An: {c.practice['names'][1]} <praxis@{c.practice['key']}.example>", LM, "sans", 9)
    s.put(
        f"Gesendet: {c.d(sent, 'de_long', 'letter')}, "
        f"{c.rng.randint(8, 16)}:{c.rng.randint(10, 59)}",
        LM,
        "sans",
        9,
    )
    s.gap(16)
    s.put("Sehr geehrte Damen und Herren,")
    s.gap(4)
    s.para(
        f"wir möchten Sie über die geplante Entlassung von {c.name('herr1')}"
        + (
            f" (geb. {c.d(c.birth, 'num', 'birth')})"
            if c.person.reg and c.person.reg.collision
            else ""
        )
        + " informieren. "
        "Für die häusliche Versorgung werden ein Rollator und ein Toilettenstuhl benötigt."
    )
    dis = c.date + dt.timedelta(days=c.rng.randint(2, 5))
    s.para(
        f"Die Entlassung ist für den {c.d(dis, 'num', 'planned discharge')} vorgesehen. Wir "
        "bitten um die entsprechenden Hilfsmittelverordnungen."
    )
    s.put("Mit freundlichen Grüßen")
    s.put("Thore Jacobs, Sozialdienst")
    s.put("Klinik für Geriatrie, Diako Nordfriesland", LM, "sans", 9)
    s.gap(20)
    s.put(f"Gedruckt von: {c.practice['stamp']}   Seite 1 von 1", LM, "sans", 7)
    c.notes.append("an e-mail printout: the send date is the letter's date; no birth date")


def k_portal(c: Ctx) -> None:
    s = c.sheet
    c.sender = "Radiologische Allianz Hamburg"
    c.sender_alts = ["Radiologische Allianz"]
    c.fax_from = "040 3257 18-70"
    c.title = "Befund: Sonographie Abdomen"
    c.title_alts = ["Sonographie Abdomen"]
    exam = c.days(0, 2)
    s.y = 36
    s.put("https://befundportal.radiologische-allianz.example/befunde/8842", LM, "sans", 7)
    s.put("Radiologische Allianz Hamburg – Zuweiserportal", LM, "sansb", 12)
    s.put(f"Angemeldet: {c.practice['names'][1]}", RM, "sans", 8, align="right")
    s.gap(14)
    s.put(c.title, LM, "sansb", 11)
    s.put(f"Patient/in: {c.name('comma')}  |  geb. {c.d(c.birth, 'num', 'birth')}", LM, "sans", 9)
    s.put(
        f"Untersuchung: {c.d(exam, 'num', 'examination')}  |  Freigegeben: "
        f"{c.d(c.date, 'num', 'letter')}",
        LM,
        "sans",
        9,
    )
    s.gap(10)
    s.para(
        "Leber normal groß, glatt berandet, homogenes Parenchym. Gallenblase steinfrei. "
        "Pankreas soweit einsehbar unauffällig. Nieren beidseits regelrecht. Kein freie "
        "Flüssigkeit."
    )
    s.para("Beurteilung: Unauffällige Sonographie des Abdomens.")
    s.put("Dr. med. Kaja Vogt", LM, "sans", 9)
    s.gap(200)
    s.put("Druckansicht · Seite 1/1", RM, "sans", 7, align="right")
    c.notes.append("a portal printout: release date is the letter's, exam date is not")


def k_handwritten(c: Ctx) -> None:
    s = c.sheet
    rng = c.rng
    c.handwritten = True
    s.base = "hand"
    s.size = 14
    c.sender = "Haus Möwenblick"
    c.sender_alts = ["Pflegeheim Haus Möwenblick", "Haus Möwenblick – Wohnbereich 2"]
    c.fax_from = "04651 88 21 0"
    c.title = None
    dated = rng.random() < 0.5
    c.letter_dated = dated
    s.y = 70
    s.put("Haus Möwenblick – Wohnbereich 2", LM + 10, "hand", 13)
    s.gap(20)
    s.put("Liebe Frau Doktor,", LM + rng.uniform(0, 8))
    s.put(f"bitte für {c.name('plain')}", LM + rng.uniform(0, 8))
    if c.person.reg and c.person.reg.collision:
        s.put(f"(geb. {c.d(c.birth, 'num1', 'birth')})", LM + rng.uniform(0, 8))
    s.put("ein neues Rezept: Torasemid 10 mg N3", LM + rng.uniform(0, 8))
    s.put("und Movicol. Danke!", LM + rng.uniform(0, 8))
    s.gap(16)
    if dated:
        s.put(c.d(c.date, "num1", "letter"), LM + 200, "hand", 14)
    s.put("Schwester Anja (Haus Möwenblick)", LM + 120)
    c.notes.append("handwritten note" + ("" if dated else " without a date"))


# --------------------------------------------------------------------------- letters from abroad

FOREIGN: dict[str, dict] = {
    "da": {
        "region": "DK",
        "org": "Sygehus Sønderjylland, Aabenraa",
        "alts": ["Sygehus Sønderjylland"],
        "dept": "Medicinsk Afdeling",
        "addr": "Kresten Philipsens Vej 15, DK-6200 Aabenraa",
        "fax": "+45 7997 0001",
        "title": "Epikrise",
        "label": "Patient:",
        "style": "plain",
        "birth": "CPR-nr.",
        "date": "da",
        "city": "Aabenraa",
        "salute": "Kære kollega,",
        "body": [
            "Patienten blev indlagt den {adm} med brystsmerter og udskrevet den {dis}.",
            "Der fandtes ingen tegn på akut koronarsyndrom. Vi anbefaler opfølgning hos egen læge.",
        ],
        "close": "Med venlig hilsen",
        "signer": "Overlæge Karen Mikkelsen",
    },
    "nl": {
        "region": "NL",
        "org": "Martini Ziekenhuis Groningen",
        "alts": ["Martini Ziekenhuis"],
        "dept": "Afdeling Cardiologie",
        "addr": "Van Swietenplein 1, 9728 NT Groningen",
        "fax": "+31 50 524 5999",
        "title": "Ontslagbrief",
        "label": "Betreft:",
        "style": "nl",
        "birth": "geboortedatum",
        "date": "nl",
        "city": "Groningen",
        "salute": "Geachte collega,",
        "body": [
            "Uw patiënt werd op {adm} opgenomen en op {dis} ontslagen.",
            "Wij adviseren controle van de bloeddruk bij de huisarts.",
        ],
        "close": "Met vriendelijke groet",
        "signer": "dr. M. de Boer, cardioloog",
    },
    "pl": {
        "region": "PL",
        "org": "Szpital Wojewódzki w Szczecinie",
        "alts": ["SPWSZ Szczecin"],
        "dept": "Oddział Chorób Wewnętrznych",
        "addr": "ul. Arkońska 4, 71-455 Szczecin",
        "fax": "+48 91 813 9999",
        "title": "Karta informacyjna leczenia szpitalnego",
        "label": "Pacjent:",
        "style": "plain",
        "birth": "ur.",
        "date": "pl",
        "city": "Szczecin",
        "salute": "Szanowni Państwo,",
        "body": [
            "Pacjent przebywał w oddziale od {adm} do {dis} włącznie.",
            "Zalecenia: kontrola u lekarza rodzinnego, dalsze leczenie bez zmian.",
        ],
        "close": "Z poważaniem",
        "signer": "lek. med. Tomasz Nowicki",
    },
    "lt": {
        "region": "LT",
        "org": "Klaipėdos universitetinė ligoninė",
        "alts": ["Klaipėdos ligoninė"],
        "dept": "Kardiologijos skyrius",
        "addr": "Liepojos g. 41, LT-92288 Klaipėda",
        "fax": "+370 46 396 599",
        "title": "Išrašas iš medicininių dokumentų",
        "label": "Pacientė:",
        "style": "plain",
        "birth": "gim.",
        "date": "lt",
        "city": "Klaipėda",
        "salute": "Gerb. kolega,",
        "body": [
            "Pacientė gydyta ligoninėje nuo {adm} iki {dis} imtinai.",
            "Rekomenduojama tęsti gydymą pas šeimos gydytoją.",
        ],
        "close": "Pagarbiai",
        "signer": "gyd. Vaida Jankauskienė",
    },
    "sv": {
        "region": "SE",
        "org": "Skånes universitetssjukhus, Malmö",
        "alts": ["SUS Malmö"],
        "dept": "Akutmottagningen",
        "addr": "Carl-Bertil Laurells gata 9, SE-205 02 Malmö",
        "fax": "+46 40 33 62 99",
        "title": "Epikris",
        "label": "Patient:",
        "style": "plain",
        "birth": "född",
        "date": "sv",
        "city": "Malmö",
        "salute": "Bäste kollega,",
        "body": [
            "Patienten sökte akutmottagningen den {adm} och skrevs ut den {dis}.",
            "Uppföljning hos husläkare rekommenderas.",
        ],
        "close": "Med vänlig hälsning",
        "signer": "Leg. läkare Johan Ek",
    },
    "no": {
        "region": "NO",
        "org": "Sørlandet sykehus Kristiansand",
        "alts": ["Sørlandet sykehus"],
        "dept": "Medisinsk avdeling",
        "addr": "Egsveien 100, NO-4615 Kristiansand",
        "fax": "+47 38 07 30 01",
        "title": "Epikrise",
        "label": "Pasient:",
        "style": "plain",
        "birth": "f.",
        "date": "no",
        "city": "Kristiansand",
        "salute": "Kjære kollega,",
        "body": [
            "Pasienten var innlagt fra {adm} til {dis}.",
            "Videre oppfølging hos fastlege anbefales.",
        ],
        "close": "Med vennlig hilsen",
        "signer": "Overlege Kari Nilsen",
    },
    "uk": {
        "region": "UA",
        "org": "Київська міська клінічна лікарня № 8",
        "alts": ["КМКЛ № 8"],
        "dept": "Терапевтичне відділення",
        "addr": "вул. Юрія Кондратюка, 8, Київ, 04201",
        "fax": "+380 44 432 12 99",
        "title": "Виписка з медичної карти стаціонарного хворого",
        "label": "Пацієнт:",
        "style": "capsur",
        "birth": "дата народження:",
        "date": "uk",
        "city": "Київ",
        "salute": "Шановний колего!",
        "body": [
            "Перебував(ла) на стаціонарному лікуванні з {adm} по {dis} включно.",
            "Рекомендовано спостереження сімейного лікаря.",
        ],
        "close": "З повагою",
        "signer": "Лікар Олег Мельник",
    },
    "en_ship": {
        "region": "INT",
        "org": "MS Nordic Aurora – Ship's Medical Centre",
        "alts": ["MS Nordic Aurora", "Ship's Medical Centre"],
        "dept": "Port of call: Hamburg",
        "addr": "Nordic Cruise Line, Bryggen 3, Bergen, Norway",
        "fax": "+47 55 30 88 10",
        "title": "Medical Report – Disembarkation",
        "label": "Name:",
        "style": "capsall",
        "birth": "DOB:",
        "date": "en_abbr",
        "city": "At sea",
        "salute": "Dear Colleague,",
        "body": [
            "This passenger was seen in the ship's medical centre on {adm} and disembarked "
            "in Hamburg on {dis} for further care.",
            "ECG showed atrial fibrillation with controlled rate. Apixaban was started.",
        ],
        "close": "Yours sincerely",
        "signer": "Dr Lucy Hargreaves, Ship's Doctor",
    },
    "en_nhs": {
        "region": "GB",
        "org": "Royal Cornwall Hospitals NHS Trust",
        "alts": ["Royal Cornwall Hospital", "NHS"],
        "dept": "Department of Respiratory Medicine",
        "addr": "Treliske, Truro, TR1 3LJ, United Kingdom",
        "fax": "+44 1872 25 20 00",
        "title": "Clinic Letter",
        "label": "Re:",
        "style": "en",
        "birth": "DOB:",
        "date": "en_th",
        "city": "Truro",
        "salute": "Dear Dr,",
        "body": [
            "I saw this patient in the respiratory clinic on {adm}. Spirometry on {dis} "
            "showed mild obstruction.",
            "I have started a tiotropium inhaler and would be grateful if you could review.",
        ],
        "close": "Yours sincerely",
        "signer": "Dr Alan Pengelly, Consultant Chest Physician",
    },
}


def k_foreign(c: Ctx, lang: str) -> None:
    f = FOREIGN[lang]
    s = c.sheet
    rng = c.rng
    c.language = {"en_ship": "en", "en_nhs": "en"}.get(lang, lang)
    c.region = f["region"]
    c.sender = f["org"]
    c.sender_alts = [*f["alts"], f["dept"]]
    c.title = f["title"]
    c.fax_from = f["fax"]
    ds = f["date"]
    align = rng.choice(["left", "center", "right"])
    letterhead(c, [f["org"], f["dept"], f["addr"]], align, 13)
    s.y = 150
    for w in c.practice["window"]:
        s.put(w, LM, None, 10)
    s.put(c.practice["street"], LM)
    s.put(
        f"{c.practice['city']}, {'Tyskland' if lang in ('da', 'no') else 'Germany'}"
        if lang in ("da", "no", "en_ship", "en_nhs")
        else c.practice["city"],
        LM,
    )
    s.gap(14)
    top = rng.random() < 0.6 or lang == "lt"
    if top:
        s.put(f"{f['city']}, {c.d(c.date, ds, 'letter')}", RM, None, None, align="right")
        s.gap(6)
    s.put(c.title, LM, "sansb", 11)
    nm = c.name(f["style"])
    maiden = c.person.reg.birth_name if c.person.reg else ""
    if maiden and lang in ("pl", "lt"):
        nm += f" ({'z d.' if lang == 'pl' else 'mergautinė pavardė'} {maiden})"
        c.notes.append("maiden name printed after the name")
    bstyle = {
        "da": "num",
        "nl": "dash",
        "pl": "num",
        "lt": "iso",
        "sv": "iso",
        "no": "num",
        "uk": "num",
        "en_ship": "en_abbr",
        "en_nhs": "slash",
    }[lang]
    if lang == "da":
        s.put(f"{f['label']} {nm}, {f['birth']} {c.birth:%d%m%y}-{rng.randint(1000, 9999)}")
        c.notes.append("Danish CPR number carries the birth date (DDMMYY), no printed date")
    elif lang == "sv":
        s.put(f"{f['label']} {nm}, {f['birth']} {c.d(c.birth, bstyle, 'birth')}")
    elif lang == "en_nhs":
        s.put(f"{f['label']} {nm}   {f['birth']} {c.d(c.birth, bstyle, 'birth')}")
        s.put(
            f"NHS Number: {rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        )
        c.notes.append("British date order DD/MM/YYYY")
    else:
        s.put(f"{f['label']} {nm}, {f['birth']} {c.d(c.birth, bstyle, 'birth')}")
    s.gap(8)
    s.put(f["salute"])
    adm = c.days(6, 14)
    dis = c.days(1, 5)
    for b in f["body"]:
        s.para(
            b.replace("{adm}", c.d(adm, ds, "admission")).replace(
                "{dis}", c.d(dis, ds, "discharge")
            )
        )
    s.gap(6)
    if not top:
        s.put(f"{f['city']}, {c.d(c.date, ds, 'letter')}")
        c.notes.append("date only at the end")
    s.put(f["close"])
    s.gap(18)
    s.put(f["signer"], LM, None, 9)
    c.other_people.append({"name": f["signer"], "role": "signing"})


# --------------------------------------------------------------------------- assembly

KINDS: dict[str, Callable[[Ctx], None]] = {
    "discharge": k_discharge,
    "psychiatry": k_psych,
    "specialist": k_specialist,
    "radiology": k_radiology,
    "rehab_two_page": k_rehab,
    "insurer": k_insurer,
    "pkv": k_pkv,
    "drv_form": k_drv,
    "md_report": k_md,
    "bg": k_bg,
    "gesundheitsamt": k_gesundheitsamt,
    "court": k_court,
    "care_service": k_care,
    "pharmacy": k_pharmacy,
    "physio": k_physio,
    "lab_table": k_lab,
    "email_printout": k_email,
    "portal_printout": k_portal,
    "handwritten": k_handwritten,
}
for _lang in FOREIGN:
    KINDS[f"abroad_{_lang}"] = lambda c, _l=_lang: k_foreign(c, _l)

FOREIGN_PEOPLE = {
    "da": ["Sørensen", "Sorensen"],
    "nl": ["van der Meer", "Oosterhuis"],
    "pl": ["Wiśniewska"],
    "lt": ["Kazlauskienė"],
    "sv": ["Lindqvist"],
    "no": ["Haugen"],
    "uk": ["Kovalenko", "Hnatiuk"],
    "en_ship": ["MacLeod", "Whitlock"],
    "en_nhs": ["MacLeod", "Whitlock"],
}


def _person(p: Patient) -> Person:
    return Person(p.given_names, p.surname, p.birth_date, p.sex, p.title, p)


def _pick(rng: random.Random, kind: str, reg: list[Patient], slot: int) -> Person:
    if kind.startswith("abroad_"):
        names = FOREIGN_PEOPLE[kind[7:]]
        cands = [_person(p) for p in reg if p.surname in names]
        cands += [o for o in OUTSIDERS if o.surname in names]
        if kind == "abroad_lt":
            cands = [_person(p) for p in reg if p.surname == "Kazlauskienė"]
        return rng.choice(cands)
    special = slot % 4
    if special == 1:
        groups = [
            "petersen-wiebke",
            "hansen-jens",
            "carstensen-twins",
            "moeller-gudrun",
            "schroeder-uwe",
            "thomsen-hauke",
            "soerensen-mette",
        ]
        grp = groups[(slot // 4) % len(groups)]
        cands = [p for p in reg if p.collision_group == grp]
        p = rng.choice([q for q in cands if q.former_names] or cands)
        per = _person(p)
        if p.former_names:
            per.old_surname = p.former_names[0]
        return per
    if special == 3 and slot % 8 == 3:
        return rng.choice([o for o in OUTSIDERS if o.surname in ("Bahnsen", "Tönnies", "Ahrens")])
    if special == 3:
        return _person(
            rng.choice(
                [
                    p
                    for p in reg
                    if p.title
                    or p.birth_name
                    or "-" in p.surname
                    or " " in p.surname
                    or " " in p.given_names
                ]
            )
        )
    return _person(rng.choice(reg[28:]))


def _one(kind: str, idx: int, split: str, seed: int, reg: list[Patient], slot: int) -> Letter:
    rng = random.Random(f"{seed}:{idx}:{kind}")
    person = _pick(rng, kind, reg, slot)
    practice = PRACTICES[rng.randrange(3)]
    date = dt.date(2026, 1, 5) + dt.timedelta(days=rng.randrange(330))
    if date.weekday() >= 5 and kind != "email_printout":  # offices write on weekdays
        date -= dt.timedelta(days=date.weekday() - 4)
    c = Ctx(rng=rng, person=person, practice=practice, date=date)
    KINDS[kind](c)
    pages = c.sheet.finish()
    for n, pg in enumerate(pages, start=1):
        for ln in pg:
            ln.text = ln.text.replace("{page}", str(n))
    if person.old_surname:
        c.notes.append(f"the letter uses the former surname {person.old_surname}")
    sent_date = date + dt.timedelta(days=rng.randint(0, 3))
    sent = dt.datetime(
        sent_date.year, sent_date.month, sent_date.day, rng.randint(7, 18), rng.randint(0, 59)
    )
    has_cover = rng.random() < 0.34
    fax_name = c.sender[:28].strip()
    fax = {
        "sent": sent.strftime("%Y-%m-%dT%H:%M"),
        "cover_sheet": has_cover,
        "number": c.fax_from,
        "resolution": rng.choice(["204x196", "204x98"]),
        "compression": rng.choice(["g3", "g4"]),
    }
    cover = None
    if has_cover:
        cover = _cover(c, sent, len(pages) + 1)
    stamp = None
    if rng.random() < 0.45:
        sd = date + dt.timedelta(days=rng.randint(1, 6))
        stamp = {
            "date": sd.isoformat(),
            "lines": [
                Ln(LM, 814, f"EINGEGANGEN {fmt(sd, 'num')}", "sansb", 9),
                Ln(LM, 826, practice["stamp"], "sans", 7.5),
            ],
        }
    p = person.reg
    facts = {
        "patient": {
            "full_name": f"{person.given} {person.surname}",
            "surname": person.surname,
            "given_names": person.given,
            "as_written": c.as_written,
            "full_name_as_letter": c.name_as_letter,
            "register_id": p.id if p else None,
        },
        "birth_date": person.birth if c.birth_printed else None,
        "letter_date": date.isoformat() if c.letter_dated else None,
        "sender": c.sender,
        "sender_alternatives": c.sender_alts,
        "title": c.title,
        "title_alternatives": c.title_alts,
        "patient_id": c.patient_id,
        "other_dates": c.other_dates,
        "other_people": c.other_people,
    }
    if p is None:
        c.notes.append("the patient is not in the register")
    register = (
        {"id": p.id, "collision": p.collision or None, "collision_group": p.collision_group or None}
        if p
        else None
    )
    return Letter(
        id=f"{split}-{idx:03d}",
        split=split,
        seed=seed,
        layout=kind,
        language=c.language,
        region=c.region,
        pages=pages,
        facts=facts,
        register=register,
        notes=c.notes,
        handwritten=c.handwritten,
        fax=fax,
        stamp=stamp,
        cover=cover,
        fax_from=c.fax_from,
        fax_name=fax_name,
    )


def _cover(c: Ctx, sent: dt.datetime, total: int) -> list[Ln]:
    s = Sheet()
    s.y = 80
    s.put("TELEFAX", LM, "sansb", 22)
    s.gap(14)
    pr = c.practice
    rows = [
        ("An:", pr["name"] if c.rng.random() < 0.5 else pr["names"][1]),
        ("Fax:", pr["fax"]),
        ("Von:", c.sender),
        ("Fax-Nr.:", c.fax_from),
        ("Datum:", fmt(sent.date(), "num" if c.language == "de" else "iso")),
        ("Seiten (inkl. Deckblatt):", str(total)),
    ]
    for lab, val in rows:
        s.put(f"{lab} {val}", LM, "sans", 10.5)
    s.gap(20)
    s.para(
        "Vertraulich! Dieses Fax enthält Sozialdaten bzw. medizinische Daten. Sollten Sie "
        "nicht der richtige Empfänger sein, benachrichtigen Sie uns bitte umgehend und "
        "vernichten Sie das Fax.",
        LM,
        RM,
        "sans",
        9,
    )
    return s.finish()[0]


def _kinds_for(count: int, rng: random.Random) -> list[str]:
    names = sorted(KINDS)
    out: list[str] = []
    while len(out) < count:
        batch = list(names)
        rng.shuffle(batch)
        out += batch
    return out[:count]


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    reg = build()
    rng = random.Random(seed)
    kinds = _kinds_for(count, rng)
    out = []
    slot = 0
    for i, k in enumerate(kinds):
        out.append(_one(k, i + 1, split_name, seed, reg, slot))
        if not k.startswith("abroad_"):
            slot += 1
    return out


def split(name: str) -> list[Letter]:
    if name not in SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(COUNTS[name], SEEDS[name], name)


def practice_names() -> list[dict]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],
            "address": p["address"],
            "fax": p["fax"],
            "kind": p["kind"],
        }
        for p in PRACTICES
    ]
