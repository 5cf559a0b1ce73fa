"""The letters: layouts of the region's post, rendered with exact truth."""

from __future__ import annotations

import copy
import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from . import register, render
from .layouts import LAYOUTS
from .render import Page
from .world import CYRILLIC, PRACTICES, fmt

SPLITS = {"test": (40, 505011), "examples": (6, 505022)}


def practice_names() -> list[dict[str, object]]:
    return [
        {k: copy.deepcopy(p[k]) for k in ("name", "names", "doctor", "address", "fax", "kind")}
        for p in PRACTICES
    ]


@dataclass
class Ctx:
    """What a layout works with, and what it records while it writes."""

    rng: random.Random
    practice: dict[str, object]
    patient: register.Patient
    in_register: bool
    letter_date: dt.date
    pages: list[Page] = field(default_factory=list)
    prints: list[tuple[str, str, str]] = field(default_factory=list)
    other_dates: list[dict[str, str]] = field(default_factory=list)
    other_people: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    sender: str = ""
    sender_alts: list[str] = field(default_factory=list)
    title: str | None = None
    title_alts: list[str] = field(default_factory=list)
    as_written: str = ""
    name_as_letter: str = ""
    birth_printed: bool = False
    patient_id_printed: bool = False
    language: str = "de"
    region: str = "DE"
    fax_number: str = ""
    fax_short: str = ""
    fax_style: int = 1
    handwritten: bool = False
    undated: bool = False
    cover_ok: bool = True
    stamp_ok: bool = True

    # dates -------------------------------------------------------------
    def d(self, when: dt.date, conv: str, style: str, role: str) -> str:
        s = fmt(when, conv, style)
        self.prints.append((when.isoformat(), s, conv))
        if role == "birth":
            self.birth_printed = True
        elif role != "letter":
            entry = {"date": when.isoformat(), "role": role}
            if entry not in self.other_dates:
                self.other_dates.append(entry)
        return s

    def ld(self, conv: str = "de", style: str = "num") -> str:
        return self.d(self.letter_date, conv, style, "letter")

    def bd(self, conv: str = "de", style: str = "num") -> str:
        return self.d(dt.date.fromisoformat(self.patient.birth_date), conv, style, "birth")

    def before(self, lo: int, hi: int) -> dt.date:
        return self.letter_date - dt.timedelta(days=self.rng.randint(lo, hi))

    def after(self, lo: int, hi: int) -> dt.date:
        return self.letter_date + dt.timedelta(days=self.rng.randint(lo, hi))

    # names -------------------------------------------------------------
    @property
    def sn(self) -> str:
        """The surname as German letters spell it (a birth name where the letter is old)."""
        p = self.patient
        if p.birth_name and p.collision == "name_change":
            return p.birth_name
        return p.surname

    @property
    def gn(self) -> str:
        return self.patient.given_names

    def name(self, written: str, given: str | None = None, surname: str | None = None) -> str:
        """The patient's first mention on page 1."""
        if not self.as_written:
            self.as_written = written
            self.name_as_letter = f"{given or self.gn} {surname or self.sn}"
            if self.patient.birth_name and (surname or self.sn) == self.patient.birth_name:
                self.notes.append("the letter uses the patient's birth name, not the current one")
        return written

    def salutation(self) -> str:
        return "Frau" if self.patient.sex == "F" else "Herr"

    def person(self, name: str, role: str) -> str:
        self.other_people.append({"name": name, "role": role})
        return name

    def pid(self) -> str:
        self.patient_id_printed = True
        return self.patient.id

    # the receiving practice --------------------------------------------
    def recipient(
        self,
        pg: Page,
        x: float,
        y: float,
        f: str = "sans",
        s: float = 10.0,
        lead: float = 12.5,
        w: float = 235.0,
    ) -> float:
        names = self.practice["names"]
        assert isinstance(names, list)
        name = str(names[0]) if self.rng.random() < 0.6 else str(names[1])
        y = pg.para(x, y, name, w, f, s, lead)
        if name != self.practice["doctor"] and self.rng.random() < 0.5:
            pg.t(x, y, str(self.practice["doctor"]), f, s)
            y += lead
        street, city = str(self.practice["address"]).split(", ")
        pg.t(x, y, street, f, s)
        pg.t(x, y + lead, city, f, s)
        return y + 2 * lead


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    ctx: Ctx
    fax_sent: dt.datetime
    fax_cover: bool
    fax_fine: bool
    fax_g4: bool
    stamp: dt.date | None

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    # pages of each condition ---------------------------------------------
    def _scan_pages(self) -> list[Page]:
        pages = copy.deepcopy(self.ctx.pages)
        if self.stamp is not None:
            pg = pages[0]
            short = str(self.ctx.practice["short"])
            pg.t(560, 26, f"EINGEGANGEN {short}", "monob", 7.5, "r")
            pg.t(560, 38, fmt(self.stamp, "de", "num"), "monob", 9, "r")
            x0 = 560 - render.width(f"EINGEGANGEN {short}", "monob", 7.5) - 4
            pg.box(x0, 17, 564, 42)
        return pages

    def _fax_pages(self) -> list[Page]:
        c = self.ctx
        pages = copy.deepcopy(c.pages)
        if self.fax_cover:
            cov = Page()
            y = 90.0
            cov.t(60, y, "TELEFAX", "sansb", 26)
            cov.rule(60, y + 10, 535, y + 10)
            y += 45
            sent = self.fax_sent.date()
            own = [str(n) for n in c.practice["names"]]  # type: ignore[attr-defined]
            fields = [
                ("An:", own[1] if len(own[0]) > 60 else own[0]),
                ("Fax-Nr.:", str(c.practice["fax"])),
                ("Von:", c.fax_short),
                ("Fax-Nr.:", c.fax_number),
                ("Datum:", fmt(sent, "de", "num")),
                ("Seiten:", f"{len(pages) + 1} (inkl. Deckblatt)"),
            ]
            for label, value in fields:
                cov.t(60, y, label, "sansb", 11)
                cov.t(150, y, value, "sans", 11)
                y += 20
            y += 20
            y = cov.para(
                60,
                y,
                "Vertrauliche Patientendaten. Sollten Sie dieses Fax irrtümlich erhalten "
                "haben, benachrichtigen Sie uns bitte umgehend und vernichten Sie die Seiten.",
                470,
                "sans",
                9,
                12,
            )
            pages.insert(0, cov)
        total = len(pages)
        for n, pg in enumerate(pages, 1):
            pg.t(22, 22, self._fax_header(n, total), "mono", 7.5)
        return pages

    def _fax_header(self, n: int, total: int) -> str:
        s = self.fax_sent
        c = self.ctx
        hm = f"{s.hour:02d}:{s.minute:02d}"
        if c.fax_style == 1:
            return (
                f"{fmt(s.date(), 'de', 'num')} {hm} Fax {c.fax_number} {c.fax_short} S. {n}/{total}"
            )
        if c.fax_style == 2:
            return f"{fmt(s.date(), 'en', 'dmon')} {hm} FROM {c.fax_number} P.{n:03d}/{total:03d}"
        return f"{s.date().isoformat()} {hm} {c.fax_number} -> {c.practice['fax']} p {n}/{total}"

    def _pages(self, condition: str) -> list[Page]:
        if condition == "pdf":
            if self.ctx.handwritten:
                raise ValueError("a handwritten letter has no pdf")
            return self.ctx.pages
        if condition == "scan200":
            return self._scan_pages()
        if condition == "fax":
            return self._fax_pages()
        raise ValueError(condition)

    def render(self, condition: str) -> dict[str, bytes]:
        return self.render_with_model(condition)[1]

    def render_with_model(self, condition: str) -> tuple[bytes, dict[str, bytes]]:
        """The files of a condition, and the PDF its images were drawn from."""
        pages = self._pages(condition)
        pdf = render.to_pdf(pages)
        if condition == "pdf":
            return pdf, {"pdf/letter.pdf": pdf}
        out: dict[str, bytes] = {}
        for i in range(len(pages)):
            if condition == "scan200":
                out[f"scan200/page-{i + 1:02d}.jpg"] = render.scan_jpeg(pdf, i, self.seed * 31 + i)
            else:
                out[f"fax/page-{i + 1:02d}.tif"] = render.fax_tiff(
                    pdf, i, self.fax_fine, self.fax_g4
                )
        return pdf, out

    def truth(self) -> dict[str, object]:
        c = self.ctx
        p = c.patient
        conds: dict[str, object] = {}
        for cond in self.conditions():
            pages = self._pages(cond)
            rows = []
            for i, pg in enumerate(pages):
                cover = cond == "fax" and self.fax_cover and i == 0
                label = (
                    "cover" if cover else f"p{i + (0 if cond == 'fax' and self.fax_cover else 1)}"
                )
                if cond == "pdf":
                    rows.append(
                        {
                            "page": label,
                            "file": "pdf/letter.pdf",
                            "pdf_page": i + 1,
                            "text": pg.text(),
                        }
                    )
                elif cond == "scan200":
                    rows.append(
                        {"page": label, "file": f"scan200/page-{i + 1:02d}.jpg", "text": pg.text()}
                    )
                else:
                    rows.append(
                        {"page": label, "file": f"fax/page-{i + 1:02d}.tif", "text": pg.text()}
                    )
            conds[cond] = {"pages": rows}
        other_dates = list(c.other_dates)
        if self.stamp is not None:
            other_dates.append(
                {"date": self.stamp.isoformat(), "role": "receipt stamp (scan200 only)"}
            )
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": c.language,
            "region": c.region,
            "facts": {
                "patient": {
                    "full_name": p.full_name,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": c.as_written,
                    "full_name_as_letter": c.name_as_letter,
                    "register_id": p.id if c.in_register else None,
                },
                "birth_date": p.birth_date if c.birth_printed else None,
                "letter_date": None if c.undated else c.letter_date.isoformat(),
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts,
                "patient_id": p.id if c.patient_id_printed and c.in_register else None,
                "other_dates": other_dates,
                "other_people": c.other_people,
            },
            "register": (
                {"id": p.id, "collision": p.collision, "collision_group": p.collision_group}
                if c.in_register
                else None
            ),
            "notes": c.notes,
            "handwritten": c.handwritten,
            "fax": {
                "sent": self.fax_sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.fax_cover,
                "number": c.fax_number,
                "resolution": "204x196" if self.fax_fine else "204x98",
            },
            "conditions": conds,
        }

    def date_prints(self) -> list[tuple[str, str, str]]:
        return list(self.ctx.prints)


OUTSIDERS = [
    register.Patient(
        "",
        "Zielińska",
        "Ewa",
        "1987-05-09",
        "F",
        "ul. Wojska Polskiego 4",
        "72-600",
        "Świnoujście",
        "PL",
    ),
    register.Patient("", "Grabow", "Heinz", "1939-02-03", "M", "Am Markt 1", "17321", "Löcknitz"),
    register.Patient(
        "", "Holmberg", "Sofia", "1974-10-30", "F", "Storgatan 9", "231 42", "Trelleborg", "SE"
    ),
    register.Patient(
        "", "Ewert", "Jannik", "2001-07-14", "M", "Seestraße 3", "18347", "Ahrenshoop"
    ),
    register.Patient("", "Kasch", "Renate", "1950-09-09", "F", "Dorfstraße 8", "17390", "Murchin"),
]


# patients the test split is sure to meet (collisions, titles, particles, double names)
FORCED = [
    ("Wendt-Kasch", "Sabine"),
    ("Dethloff", "Lisa"),
    ("von Maltzahn", "Friedrich Wilhelm"),
    ("Schulz", "Hans-Jürgen"),
    ("Brandt", "Elisabeth"),
    ("zu Putbus", "Marie-Luise"),
    ("Müller-Lüdenscheidt", "Karl-Heinz"),
    ("Möller", "Jürgen"),
    ("Petersen", "Jan Ole"),
    ("Lange", "Uwe"),
]


def _pick(
    rng: random.Random, pool: str, patients: list[register.Patient]
) -> tuple[register.Patient, bool]:
    special = [p for p in patients if p.collision]
    if rng.random() < 0.09:
        return rng.choice(OUTSIDERS), False
    if pool == "ru":
        ru = [p for p in patients if p.surname in CYRILLIC and p.given_names in CYRILLIC]
        return rng.choice(ru), True
    if pool in ("soldier", "worker"):
        lo = "1968" if pool == "soldier" else "1959"
        fit = [p for p in patients if lo <= p.birth_date <= "2005"]
        return rng.choice([p for p in fit if p.collision] if rng.random() < 0.3 else fit), True
    if pool == "vi":
        return rng.choice(
            [
                p
                for p in patients
                if p.surname in ("Nguyen", "Tran", "Pham") and " " in p.given_names
            ]
        ), True
    if pool == "child":
        kids = [p for p in patients if p.birth_date >= "2010"]
        return rng.choice(kids), True
    if pool == "foreign":
        names = ("Kowalski", "Wiśniewska", "Lindqvist", "Virtanen", "Tamm", "Sørensen", "Berziņa")
        if rng.random() < 0.5:
            return rng.choice([p for p in patients if p.surname in names]), True
    if rng.random() < 0.4:
        return rng.choice(special), True
    return rng.choice(patients), True


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    patients = register.build()
    order: list[int] = []
    out: list[Letter] = []
    forced = list(FORCED)
    for i in range(count):
        if not order:
            order = list(range(len(LAYOUTS)))
            rng.shuffle(order)
        name, fn, pool = LAYOUTS[order.pop()]
        lseed = seed * 1000 + i
        lrng = random.Random(lseed)
        patient, known = _pick(lrng, pool, patients)
        if split_name == "test" and pool == "any" and forced and i % 2 == 0:
            sn, gn = forced.pop(0)
            patient, known = (
                next(p for p in patients if (p.surname, p.given_names) == (sn, gn)),
                True,
            )
        practice = PRACTICES[lrng.randrange(3)]
        day = dt.date(2024, 1, 8) + dt.timedelta(days=lrng.randint(0, 690))
        c = Ctx(lrng, practice, patient, known, day)
        fn(c)
        if not c.as_written:
            raise ValueError(f"{name}: no patient mention")
        sent = dt.datetime.combine(
            day + dt.timedelta(days=lrng.randint(1, 9)),
            dt.time(lrng.randint(7, 18), lrng.randint(0, 59)),
        )
        stamp = None
        if c.stamp_ok and lrng.random() < 0.45:
            stamp = day + dt.timedelta(days=lrng.randint(2, 12))
        out.append(
            Letter(
                id=f"{split_name}-{i + 1:03d}",
                split=split_name,
                seed=lseed,
                layout=name,
                ctx=c,
                fax_sent=sent,
                fax_cover=c.cover_ok and lrng.random() < 0.34,
                fax_fine=lrng.random() < 0.6,
                fax_g4=lrng.random() < 0.5,
                stamp=stamp,
            )
        )
    return out


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    count, seed = SPLITS[name]
    return generate(count, seed, name)


Layout = Callable[[Ctx], None]
