"""A labelled evaluation corpus of one-page clinic letters, for an OCR system's word recall.

Every letter is a seeded, born-digital PDF page (PyMuPDF) with its exact ground truth: the
text runs in reading order, each with its box in PDF points taken from the PDF's own word
positions. `page_image` renders a page at any size, clean or degraded like a scan or a fax,
and says how many pixels a point is, so the truth boxes map onto the image.

    from bench.letters import letters, page_image, score, words
    for letter in letters("dev", 40):
        image, scale = page_image(letter, 1754, "fax")
        read = my_ocr(image)
        recall, precision = score(words(letter.text), words(read))

Families: "dev" and "test" come from disjoint seed ranges; tune on "dev", report on "test".
Letter `index` of a family is always the same PDF, byte for byte, on every machine, as long as
`system_fonts` is False (the default: only PyMuPDF's base-14 fonts, which ship with it).

The text is written by this module, never by the system it measures, and the generator knows
nothing of docvault: keep it that way, or the corpus stops being an honest yardstick.

`python -m bench.letters FOLDER [--count N]` writes sample PNGs and truth files to look at.
"""

# PyMuPDF has no type hints for most calls; the values it returns are typed where used.
# mypy: disable-error-code="no-untyped-call"

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import math
import random
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageFilter

Box = tuple[float, float, float, float]

KINDS = ("referral", "discharge", "lab", "clinic", "fax_cover")
DEGRADATIONS = ("clean", "scan", "fax")
FAMILIES = {"dev": 10_000_000, "test": 20_000_000}
# Each family owns FAMILY_SIZE consecutive seeds, so dev and test never share one.
FAMILY_SIZE = 10_000_000
PAGE_SIZES = {"A4": (595.0, 842.0), "Letter": (612.0, 792.0)}
# Characters an installed TrueType font draws with one glyph, which MuPDF's text layer may
# then spell either way (besides NFKC twins such as U+037E for ";"): the truth keeps what
# the generator wrote. Base-14 letters have none of these: their text layer is the truth.
GLYPH_TWINS = str.maketrans({"\xad": "-", "\u2219": "·", "\xa0": " "})
DENSE_BUDGET = 999  # rows: more than any page holds
# A fax is sent at 204 x 98 dpi ("standard" resolution): half the rows of a fine fax.
FAX_DPI = (204.0, 98.0)


@dataclass(frozen=True)
class TruthLine:
    """One run of text as the PDF holds it: a line of prose, a table cell, a field's label."""

    text: str
    box: Box  # left, top, right, bottom in PDF points (origin top left, as page.rect)
    role: str  # heading, text, address, field, list, table, footer


@dataclass(frozen=True)
class Letter:
    """A one-page letter and what a perfect reader would read from it."""

    name: str
    kind: str  # one of KINDS, or "real" for a page of a real PDF
    pdf: bytes  # a PDF of exactly one page
    lines: tuple[TruthLine, ...]  # in reading order
    width: float  # page size in points, as rendered (after any /Rotate)
    height: float
    traits: Mapping[str, str] = field(default_factory=dict)  # font, size, density, ...

    @property
    def text(self) -> str:
        """The whole truth, one run per line, in reading order."""
        return "\n".join(line.text for line in self.lines)


# ----------------------------------------------------------------------------- vocabulary

FIRST_NAMES = (
    "Anna", "Jürgen", "Sören", "Zoë", "Håkon", "Renée", "José", "Chloé", "Björn", "Petra",
    "Klaus", "Ines", "Lukas", "Mia", "Jonas", "Leonie", "Hans", "Ursula", "Dieter", "Karin",
    "Margaret", "Thomas", "Elif", "Mehmet", "Agnieszka", "Piotr", "Sinéad", "Ciarán", "Fatima",
    "Yusuf", "Olga", "Dmitri", "Grace", "William", "Nora", "Henrik", "Léa", "François", "Maria",
    "Giuseppe", "Ana", "João", "Ingrid", "Ruth", "Samuel", "Aisha", "Priya", "Rahul", "Emily",
)  # fmt: skip
LAST_NAMES = (
    "Müller", "Schmidt", "Schneider", "Fischer", "Weiß", "Wagner", "Becker", "Hoffmann",
    "Schäfer", "Koch", "Richter", "Krüger", "Groß", "Lehmann", "Köhler", "O'Brien", "McAllister",
    "Nowak", "Kowalski", "Yilmaz", "Demir", "Rossi", "Esposito", "García", "Fernández",
    "Dubois", "Lefèvre", "Johansson", "Nielsen", "Andersen", "Smith", "Jones", "Taylor",
    "Brown", "Patel", "Khan", "Novák", "Horváth", "Popescu", "Ivanova", "Meyer-Landrut",
    "van der Berg", "de Vries", "Østergaard", "Jäger", "Brandt", "Vogel", "Zimmermann",
)  # fmt: skip
TITLES = ("Dr.", "Dr. med.", "Prof. Dr.", "Dr. med. dent.", "PD Dr.")
PATIENT_TITLES = ("Mr", "Mrs", "Ms", "Mr.", "Mrs.", "Ms.")
HOSPITALS = (
    "St. Mary's Hospital", "Klinikum Nord", "City General Hospital", "Riverside Medical Centre",
    "Evangelisches Krankenhaus Bethel", "University Hospital Linden", "Marienhospital",
    "Northgate Clinic", "Elisabeth-Klinik", "Hillcrest Community Hospital",
)  # fmt: skip
PRACTICES = (
    "Group Practice Am Markt", "Parkside Surgery", "Praxis Dr. Wendt & Partner",
    "Harbour Lane Medical Practice", "Gemeinschaftspraxis Lindenallee", "Old Mill Surgery",
)  # fmt: skip
DEPARTMENTS = (
    "Department of Cardiology", "Department of Internal Medicine", "Department of Nephrology",
    "Department of Gastroenterology", "Department of Pulmonology", "Orthopaedic Surgery",
    "Department of Neurology", "Endocrinology & Diabetes Unit", "Emergency Department",
    "Department of General Surgery", "Geriatric Medicine",
)  # fmt: skip
LABORATORIES = (
    "MVZ Labor Dr. Brandt", "Central Laboratory", "Synlab Diagnostics Unit",
    "Clinical Chemistry Laboratory", "Medilab West",
)  # fmt: skip
STREETS = (
    "Hauptstraße", "Bahnhofstr.", "Lindenallee", "Church Road", "High Street", "Mühlenweg",
    "Schillerplatz", "Station Road", "Am Stadtpark", "Victoria Avenue", "Goethestraße",
)  # fmt: skip
CITIES = (
    ("10115", "Berlin"), ("20095", "Hamburg"), ("50667", "Köln"), ("80331", "München"),
    ("04109", "Leipzig"), ("33602", "Bielefeld"), ("LS1 4AP", "Leeds"), ("M1 2WD", "Manchester"),
    ("BS1 5TR", "Bristol"), ("D02 X285", "Dublin"), ("1010", "Wien"), ("8001", "Zürich"),
)  # fmt: skip
MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip
DIAGNOSES = (
    ("Type 2 diabetes mellitus", "E11.9"), ("Essential hypertension", "I10"),
    ("Community-acquired pneumonia", "J18.9"), ("Paroxysmal atrial fibrillation", "I48.0"),
    ("Chronic kidney disease, stage 3a", "N18.3"), ("Iron deficiency anaemia", "D50.9"),
    ("COPD, GOLD stage 2", "J44.9"), ("Primary osteoarthritis of the right knee", "M17.1"),
    ("Hypothyroidism", "E03.9"), ("Migraine without aura", "G43.0"),
    ("Gastro-oesophageal reflux disease", "K21.9"), ("Lumbar radiculopathy L5", "M54.1"),
    ("Acute cholecystitis", "K81.0"), ("Heart failure with reduced ejection fraction", "I50.1"),
    ("Hyperlipidaemia", "E78.5"), ("Obstructive sleep apnoea", "G47.3"),
    ("Urinary tract infection", "N39.0"), ("Deep vein thrombosis, left leg", "I80.2"),
    ("Vitamin D deficiency", "E55.9"), ("Major depressive episode, moderate", "F32.1"),
)  # fmt: skip
SYMPTOMS = (
    "exertional dyspnoea", "intermittent chest tightness", "palpitations", "recurrent dizziness",
    "progressive fatigue", "epigastric pain after meals", "swelling of both ankles",
    "a persistent dry cough", "low back pain radiating into the left leg", "weight loss of 6 kg",
    "nocturia and polydipsia", "morning headaches", "joint pain in both hands",
)  # fmt: skip
DURATIONS = ("three weeks", "two months", "about 6 weeks", "10 days", "several months", "1 year")
DRUGS = (
    ("Metformin", ("500", "850", "1000"), "mg"), ("Ramipril", ("2.5", "5", "10"), "mg"),
    ("Bisoprolol", ("1.25", "2.5", "5"), "mg"), ("Apixaban", ("2.5", "5"), "mg"),
    ("Atorvastatin", ("20", "40", "80"), "mg"), ("Levothyroxine", ("50", "75", "100"), "µg"),
    ("Pantoprazole", ("20", "40"), "mg"), ("Furosemide", ("20", "40"), "mg"),
    ("Insulin glargine", ("10", "14", "22"), "IU"), ("Salbutamol", ("100",), "µg"),
    ("Amoxicillin", ("500", "875"), "mg"), ("Ibuprofen", ("400", "600"), "mg"),
    ("Paracetamol", ("500", "1000"), "mg"), ("Enoxaparin", ("40",), "mg"),
    ("Amlodipine", ("5", "10"), "mg"), ("Candesartan", ("8", "16"), "mg"),
    ("Sertraline", ("50", "100"), "mg"), ("Colecalciferol", ("1000", "20000"), "IU"),
    ("Torasemide", ("5", "10"), "mg"), ("Empagliflozin", ("10", "25"), "mg"),
)  # fmt: skip
SCHEDULES = (
    "1-0-1", "1-0-0", "0-0-1", "1-1-1", "½-0-0", "once daily", "twice daily",
    "once daily in the morning", "as needed, max. 3x daily", "every 8 h", "weekly (Mondays)",
)  # fmt: skip
# name, unit, low, high, decimals, reference style ("range", "below", "above")
LAB_TESTS = (
    ("Haemoglobin", "g/dl", 12.0, 16.0, 1, "range"), ("Leukocytes", "/nl", 4.0, 10.0, 1, "range"),
    ("Platelets", "/nl", 150, 400, 0, "range"), ("Sodium", "mmol/l", 135, 145, 0, "range"),
    ("Potassium", "mmol/l", 3.5, 5.1, 1, "range"), ("Creatinine", "mg/dl", 0.5, 1.1, 2, "range"),
    ("eGFR (CKD-EPI)", "ml/min/1.73m²", 60, 130, 0, "above"), ("CRP", "mg/l", 0, 5, 1, "below"),
    ("HbA1c", "%", 4.0, 5.6, 1, "range"), ("TSH", "mU/l", 0.27, 4.2, 2, "range"),
    ("ALT (GPT)", "U/l", 10, 35, 0, "range"), ("AST (GOT)", "U/l", 10, 35, 0, "range"),
    ("Gamma-GT", "U/l", 5, 40, 0, "range"), ("Ferritin", "µg/l", 15, 150, 0, "range"),
    ("Total cholesterol", "mg/dl", 120, 200, 0, "range"),
    ("LDL cholesterol", "mg/dl", 0, 116, 0, "below"),
    ("Glucose, fasting", "mg/dl", 70, 99, 0, "range"), ("INR", "", 0.9, 1.2, 2, "range"),
    ("Troponin T (hs)", "ng/l", 0, 14, 0, "below"), ("NT-proBNP", "pg/ml", 0, 125, 0, "below"),
    ("25-OH vitamin D", "ng/ml", 30, 100, 0, "range"), ("Urea", "mg/dl", 17, 43, 0, "range"),
    ("Bilirubin, total", "mg/dl", 0.1, 1.2, 1, "range"), ("Albumin", "g/dl", 3.5, 5.2, 1, "range"),
    ("Uric acid", "mg/dl", 2.4, 5.7, 1, "range"), ("Magnesium", "mmol/l", 0.66, 1.07, 2, "range"),
    ("Lipase", "U/l", 13, 60, 0, "range"), ("Erythrocytes", "/pl", 3.9, 5.2, 2, "range"),
)  # fmt: skip
CLOSINGS = ("Yours sincerely,", "Kind regards,", "With best wishes,", "Yours faithfully,")
ROLES = (
    "Consultant Cardiologist", "Senior Physician", "Registrar in Internal Medicine",
    "General Practitioner", "Head of Department", "Resident Physician", "Consultant Surgeon",
)  # fmt: skip
ALLERGIES = ("penicillin (rash)", "none known", "contrast medium (*)", "ACE inhibitors - cough")
SMOKING = ("non-smoker", "former smoker (20 pack-years)", "smoker, 10/day")
COMPANIONS = ("his wife", "her daughter", "the carer", "his son", "her husband")
REFERRALS = ("echocardiography", "physiotherapy", "dietary advice", "sleep study", "colonoscopy")
BULLETS = ("-", "*", "·", "o")


# ----------------------------------------------------------------------------- fonts


@dataclass(frozen=True)
class _Style:
    fontname: str  # the name the page's resources use
    fontfile: str | None  # None for a base-14 font
    font: pymupdf.Font  # for measuring text

    @functools.cached_property
    def advances(self) -> dict[str, float]:
        """Glyph widths (in ems) of the Latin-1 characters the letters use.

        Font.text_length walks MuPDF once per character; a table is 100 times faster and
        gives the same widths, since neither it nor insert_text applies kerning.
        """
        return {chr(code): self.font.glyph_advance(code) for code in range(32, 256)}

    def width(self, text: str, size: float) -> float:
        advances = self.advances
        total = 0.0
        for character in text:
            advance = advances.get(character)
            total += (
                advance if advance is not None else float(self.font.glyph_advance(ord(character)))
            )
        return size * total


@dataclass(frozen=True)
class _Face:
    key: str
    regular: _Style
    bold: _Style
    italic: _Style

    def style(self, name: str) -> _Style:
        return {"regular": self.regular, "bold": self.bold, "italic": self.italic}[name]


def _base14(key: str, regular: str, bold: str, italic: str) -> _Face:
    def style(name: str) -> _Style:
        return _Style(name, None, pymupdf.Font(name))

    return _Face(key, style(regular), style(bold), style(italic))


BASE_FACES = {
    "sans": _base14("helvetica", "helv", "hebo", "heit"),
    "serif": _base14("times", "tiro", "tibo", "tiit"),
    "mono": _base14("courier", "cour", "cobo", "coit"),
}
# Installed fonts used only with system_fonts=True, each standing in for a base face when absent.
SYSTEM_FACES = (
    ("DejaVu Sans", "sans", ("Book", "Bold", "Oblique")),
    ("Liberation Serif", "serif", ("Regular", "Bold", "Italic")),
    ("Liberation Sans", "sans", ("Regular", "Bold", "Italic")),
    ("DejaVu Serif", "serif", ("Book", "Bold", "Italic")),
    ("Liberation Mono", "mono", ("Regular", "Bold", "Italic")),
)


@functools.cache
def _font_file(family: str, style: str) -> str | None:
    """The file of an installed font, from fc-list; None where fontconfig or the font is absent."""
    if shutil.which("fc-list") is None:
        return None
    try:
        listing = subprocess.run(
            ["fc-list", f"{family}:style={style}", "file"],
            capture_output=True, text=True, timeout=10, check=False,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    files = sorted(line.strip().rstrip(":") for line in listing.stdout.splitlines() if line.strip())
    return next((path for path in files if path.lower().endswith((".ttf", ".otf"))), None)


@functools.cache
def _system_face(family: str, fallback: str, styles: tuple[str, str, str]) -> _Face:
    files = [_font_file(family, style) for style in styles]
    if any(path is None for path in files):
        return BASE_FACES[fallback]
    tag = "".join(word[0] for word in family.split()).lower()
    made = [
        _Style(f"{tag}{number}", path, pymupdf.Font(fontfile=path))
        for number, path in enumerate(files)
        if path is not None
    ]
    return _Face(family.lower().replace(" ", "-"), made[0], made[1], made[2])


def _pick_face(rng: random.Random, system_fonts: bool) -> _Face:
    choices: list[tuple[str, Callable[[], _Face]]] = [
        (key, functools.partial(BASE_FACES.__getitem__, key)) for key in BASE_FACES
    ]
    if system_fonts:
        choices += [
            (fallback, functools.partial(_system_face, family, fallback, styles))
            for family, fallback, styles in SYSTEM_FACES
        ]
    # Sans and serif faces are far more common in letters than typewriter faces.
    weights = [1 if kind == "mono" else 4 for kind, _ in choices]
    return rng.choices(choices, weights)[0][1]()


# ----------------------------------------------------------------------------- composing


@dataclass(frozen=True)
class _Run:
    text: str
    x: float
    baseline: float
    style: _Style
    size: float
    role: str

    def approximate_box(self) -> Box:
        font = self.style.font
        return (
            self.x,
            self.baseline - font.ascender * self.size,
            self.x + self.style.width(self.text, self.size),
            self.baseline - font.descender * self.size,
        )


class _PageFull(Exception):
    """Raised when a builder asks for a row that the page (or its line budget) has no room for."""


@dataclass
class _Sheet:
    """A page being composed row by row: runs of text at known baselines, and ruled lines."""

    face: _Face
    size: float
    leading: float
    width: float
    height: float
    margins: tuple[float, float, float, float]  # left, top, right, bottom
    budget: int  # the most rows this letter may have
    y: float = 0.0
    rows: int = 0
    runs: list[_Run] = field(default_factory=list)
    rules: list[tuple[float, float, float, float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.y = self.margins[1]

    @property
    def dense(self) -> bool:
        """A dense letter fills its page; the others stop at their budget of rows."""
        return self.budget >= DENSE_BUDGET

    @property
    def left(self) -> float:
        return self.margins[0]

    @property
    def right(self) -> float:
        return self.width - self.margins[2]

    @property
    def bottom(self) -> float:
        return self.height - self.margins[3]

    def row_height(self, size: float | None = None) -> float:
        return (size or self.size) * self.leading

    def room(self, size: float | None = None, height: float | None = None) -> int:
        """How many more rows of this size (or height) fit, by space and by the budget."""
        by_space = math.floor((self.bottom - self.y) / (height or self.row_height(size)) + 1e-6)
        return max(0, min(by_space, self.budget - self.rows))

    def measure(self, text: str, style: str = "regular", size: float | None = None) -> float:
        return self.face.style(style).width(text, size or self.size)

    def row(self, parts: Sequence[tuple[float, str, str]], size: float | None = None,
            role: str = "text", height: float | None = None) -> None:  # fmt: skip
        """One row of runs, each (x, text, style); raises _PageFull when it does not fit."""
        size = size or self.size
        height = height or self.row_height(size)
        if self.room(height=height) < 1:
            raise _PageFull
        baseline = self.y + (height + size * 0.7) / 2
        ends = [x + self.measure(text, style, size) for x, text, style in parts]
        for end, (x, _, _) in zip(ends, parts[1:], strict=False):
            # MuPDF joins runs closer than a space into one word; a truth line must stay whole.
            if x < end + size * 0.5:
                raise ValueError(f"generated runs overlap on one row: {parts!r}")
        for x, text, style in parts:
            text = " ".join(text.split())
            if text:
                self.runs.append(_Run(text, x, baseline, self.face.style(style), size, role))
        self.y += height
        self.rows += 1

    def line(self, text: str, style: str = "regular", size: float | None = None,
             role: str = "text", align: str = "left", indent: float = 0.0) -> None:  # fmt: skip
        width = self.measure(text, style, size)
        x = {
            "left": self.left + indent,
            "right": self.right - width,
            "centre": (self.left + self.right - width) / 2,
        }[align]
        self.row([(x, text, style)], size, role)

    def wrap(self, text: str, width: float, style: str = "regular",
             size: float | None = None) -> list[str]:  # fmt: skip
        """Greedy word wrap by the font's own widths."""
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}" if current else word
            if current and self.measure(candidate, style, size) > width:
                lines.append(current)
                current = word
            else:
                current = candidate
        if current:
            lines.append(current)
        return lines

    def paragraph(self, text: str, style: str = "regular", size: float | None = None,
                  role: str = "text", indent: float = 0.0, reserve: int = 0) -> None:  # fmt: skip
        """Wrapped prose; cut off where the page ends (keeping `reserve` rows free)."""
        for line in self.wrap(text, self.right - self.left - indent, style, size):
            if self.room(size) <= reserve:
                raise _PageFull
            self.line(line, style, size, role, indent=indent)

    def gap(self, rows: float = 0.6) -> None:
        self.y += self.row_height() * rows

    def rule(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.6) -> None:
        self.rules.append((x0, y0, x1, y1, width))


@dataclass(frozen=True)
class _Person:
    title: str
    first: str
    last: str

    @property
    def full(self) -> str:
        return f"{self.title} {self.first} {self.last}"


class _Writer:
    """Seeded clinical facts and phrases for one letter, in one consistent local style."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.comma = rng.random() < 0.45  # decimal commas, as German letters write them
        self.date_style = rng.randrange(7)
        self.today = date(2019, 1, 1) + timedelta(days=rng.randrange(2400))
        self.patient = _Person(rng.choice(PATIENT_TITLES), self.first(), self.last())
        self.his = (
            "his"
            if self.patient.title.startswith("Mr") and "s" not in self.patient.title
            else "her"
        )
        self.he = "he" if self.his == "his" else "she"
        self.deck: list[int] = []  # sentence templates not yet used, so a letter repeats few
        self.birth = date(1930, 1, 1) + timedelta(days=rng.randrange(27000))
        self.doctor = _Person(rng.choice(TITLES), self.first(), self.last())
        self.recipient = _Person(rng.choice(TITLES), self.first(), self.last())

    def first(self) -> str:
        return self.rng.choice(FIRST_NAMES)

    def last(self) -> str:
        return self.rng.choice(LAST_NAMES)

    def number(self, value: float, decimals: int) -> str:
        text = f"{value:.{decimals}f}"
        return text.replace(".", ",") if self.comma else text

    def dated(self, day: date | None = None, style: int | None = None) -> str:
        day = day or self.today
        style = self.date_style if style is None else style
        month = MONTHS[day.month - 1]
        return (
            f"{day.day:02}.{day.month:02}.{day.year}",
            day.isoformat(),
            f"{day.day:02}/{day.month:02}/{day.year}",
            f"{day.day} {month} {day.year}",
            f"{month} {day.day}, {day.year}",
            f"{day.day:02}-{month[:3]}-{day.year}",
            f"{day.day}.{day.month}.{day.year % 100:02}",
        )[style]

    def earlier(self, most_days: int = 60) -> date:
        return self.today - timedelta(days=self.rng.randrange(1, most_days))

    def later(self, most_days: int) -> date:
        return self.today + timedelta(days=self.rng.randrange(5, most_days))

    def phone(self) -> str:
        rng = self.rng
        return rng.choice(
            (
                f"+49 {rng.randrange(30, 999)} {rng.randrange(100000, 9999999)}",
                f"({rng.randrange(10, 99):03}) {rng.randrange(100, 999)} {rng.randrange(10, 99)}"
                f" {rng.randrange(10, 99)}",
                f"0{rng.randrange(151, 179)} {rng.randrange(1000000, 99999999)}",
                f"+44 {rng.randrange(113, 208)} {rng.randrange(100, 999)}"
                f" {rng.randrange(1000, 9999)}",
                f"{rng.randrange(1000, 9999)}-{rng.randrange(100, 999)}-{rng.randrange(10, 99)}",
            )
        )

    def address(self, name: str) -> list[str]:
        postcode, city = self.rng.choice(CITIES)
        street = f"{self.rng.choice(STREETS)} {self.rng.randrange(1, 180)}"
        if self.rng.random() < 0.3:
            street += self.rng.choice("abc")
        return [name, street, f"{postcode} {city}"]

    def diagnosis(self) -> str:
        name, code = self.rng.choice(DIAGNOSES)
        return self.rng.choice((f"{name} ({code})", f"{name}, ICD-10 {code}", name))

    def drug(self) -> str:
        name, strengths, unit = self.rng.choice(DRUGS)
        strength = strengths[self.rng.randrange(len(strengths))]
        if self.comma:
            strength = strength.replace(".", ",")
        return f"{name} {strength} {unit} {self.rng.choice(SCHEDULES)}"

    def vitals(self) -> str:
        rng = self.rng
        return (
            f"BP {rng.randrange(100, 185)}/{rng.randrange(55, 105)} mmHg, pulse "
            f"{rng.randrange(48, 125)}/min, temperature "
            f"{self.number(rng.uniform(36.1, 39.4), 1)} °C, "
            f"SpO2 {rng.randrange(86, 100)} % on room air, weight {rng.randrange(48, 131)} kg."
        )

    def sentence(self) -> str:
        """One sentence of clinical prose with the numbers and marks letters are full of."""
        rng = self.rng
        patient = f"{self.patient.title} {self.patient.last}"
        templates = (
            lambda: f"{patient} presented with {rng.choice(SYMPTOMS)} for {rng.choice(DURATIONS)}.",
            lambda: f"On examination: {self.vitals()}",
            lambda: f"Known conditions: {self.diagnosis()}; {self.diagnosis()}.",
            lambda: (
                f"The ECG showed sinus rhythm at {rng.randrange(52, 98)}/min, QTc "
                f"{rng.randrange(390, 480)} ms, no acute ST changes."
            ),
            lambda: (
                f"Echocardiography: LVEF {rng.randrange(25, 65)} %, mild mitral "
                f"regurgitation, TAPSE {rng.randrange(14, 26)} mm."
            ),
            lambda: (
                f"We started {self.drug()} and asked for a check of creatinine and "
                f"potassium in {rng.randrange(2, 5)} weeks."
            ),
            lambda: (
                f"HbA1c fell from {self.number(rng.uniform(7.5, 10.5), 1)} % to "
                f"{self.number(rng.uniform(6.2, 7.4), 1)} % within {rng.randrange(3, 9)} months."
            ),
            lambda: (
                f"Chest X-ray ({self.dated(self.earlier())}): no infiltrate, no effusion; "
                f"heart size normal."
            ),
            lambda: f"Allergies: {rng.choice(ALLERGIES)}.",
            lambda: (
                f"The patient is a {rng.choice(SMOKING)} and drinks alcohol "
                f"{rng.choice(('rarely', 'socially', 'daily: 2-3 units'))}."
            ),
            lambda: (
                f"Follow-up appointment on {self.dated(self.later(90))} "
                f"at {rng.randrange(8, 17)}:{rng.choice(('00', '15', '30', '45'))}."
            ),
            lambda: (
                f"Ultrasound of the abdomen showed a liver of {rng.randrange(13, 19)} cm, "
                f"gallbladder {rng.choice(('unremarkable', 'with sludge', 'with a 9 mm stone'))}."
            ),
            lambda: (
                f"Blood glucose values ranged between {rng.randrange(90, 140)} and "
                f"{rng.randrange(150, 260)} mg/dl; no hypoglycaemia was reported."
            ),
            lambda: (
                f"Please note: dose reduction to {self.number(rng.choice((2.5, 1.25, 0.5)), 2)} mg "
                f"if eGFR < {rng.choice((30, 45, 50))} ml/min."
            ),
            lambda: (
                f"{self.his.title()} mobility improved with physiotherapy; {self.he} walks "
                f"{rng.randrange(50, 400)} m with a rollator."
            ),
            lambda: (
                f"We discussed the findings with {patient} and {rng.choice(COMPANIONS)}, "
                f"who agree with the plan."
            ),
            lambda: (
                f"Vaccination status: influenza {self.dated(self.earlier(300))}, "
                f"pneumococcal vaccine recommended (*)."
            ),
            lambda: (
                f"Spirometry: FEV1 {self.number(rng.uniform(0.9, 3.2), 2)} l "
                f"({rng.randrange(38, 96)} % predicted), "
                f"FEV1/FVC {self.number(rng.uniform(0.45, 0.82), 2)}."
            ),
            lambda: (
                f"{self.he.title()} was mobilised on day {rng.randrange(1, 5)} after surgery; "
                f"the wound is dry, sutures to be removed on {self.dated(self.later(14))}."
            ),
            lambda: (
                "MRI of the lumbar spine: disc protrusion L4/5 with contact to the L5 root "
                "(left > right)."
            ),
            lambda: (
                f"CT thorax ({self.dated(self.earlier())}): nodule of {rng.randrange(4, 12)} mm "
                f"in the right upper lobe - control CT in {rng.choice((3, 6, 12))} months."
            ),
            lambda: (
                f"Urinalysis: leukocytes +++, nitrite positive; culture: E. coli > 10^5/ml, "
                f"sensitive to {rng.choice(('nitrofurantoin', 'fosfomycin', 'cefuroxime'))}."
            ),
            lambda: (
                f"Pain score (NRS) decreased from {rng.randrange(6, 10)}/10 to "
                f"{rng.randrange(1, 5)}/10 under {self.drug()}."
            ),
            lambda: (
                f"Body mass index {self.number(rng.uniform(19, 41), 1)} kg/m²; waist "
                f"{rng.randrange(78, 128)} cm."
            ),
            lambda: (
                f"The INR target is 2.0-3.0; last INR {self.number(rng.uniform(1.4, 3.6), 1)} on "
                f"{self.dated(self.earlier(20))}."
            ),
            lambda: (
                f"{self.his.title()} Barthel index is {rng.choice(range(30, 101, 5))}/100; "
                f"home care {rng.choice(('is arranged', 'twice daily', 'was declined'))}."
            ),
        )
        if not self.deck:
            self.deck = list(range(len(templates)))
            rng.shuffle(self.deck)
        return templates[self.deck.pop()]()

    def prose(self, sentences: int) -> str:
        return " ".join(self.sentence() for _ in range(sentences))


# ----------------------------------------------------------------------------- letter kinds


def _letterhead(sheet: _Sheet, writer: _Writer, sender: str, department: str | None) -> None:
    rng = writer.rng
    align = rng.choice(("left", "right", "centre"))
    sheet.line(sender, "bold", sheet.size * rng.uniform(1.4, 2.0), "heading", align)
    if department:
        sheet.line(department, "regular", sheet.size * 1.1, "heading", align)
    street, town = writer.address(sender)[1:]
    sheet.line(f"{street} · {town} · Tel. {writer.phone()}", "regular", sheet.size * 0.85,
               "address", align)  # fmt: skip
    if rng.random() < 0.6:
        y = sheet.y + 2
        sheet.rule(sheet.left, y, sheet.right, y, rng.choice((0.5, 0.8, 1.2)))
    sheet.gap(1.0)


def _address_block(sheet: _Sheet, writer: _Writer, recipient: list[str]) -> None:
    """The recipient's address; in two columns, the letter's facts beside it."""
    rng = writer.rng
    if rng.random() < 0.5:
        for line in recipient:
            sheet.line(line, role="address")
    else:
        facts = [
            ("Date:", writer.dated()),
            ("Our ref.:", f"{rng.choice('ABKMZ')}{rng.randrange(1000, 99999)}/{writer.today:%y}"),
            ("Phone:", writer.phone()),
        ]  # fmt: skip
        if rng.random() < 0.5:
            facts.append(("Case no.:", str(rng.randrange(10000000, 99999999))))
        column = sheet.left + (sheet.right - sheet.left) * rng.uniform(0.55, 0.62)
        column = max(column, sheet.left + max(map(sheet.measure, recipient)) + sheet.size * 2)
        value_x = column + max(sheet.measure(label) for label, _ in facts) + sheet.size * 0.8
        if value_x + max(sheet.measure(value) for _, value in facts) > sheet.right:
            facts = []  # no room beside the address: the facts go below it instead
        # Reading order: the whole left column, then the right one (as blocks, not rows).
        start_y, start_rows = sheet.y, sheet.rows
        for line in recipient:
            sheet.row([(sheet.left, line, "regular")], role="address")
        left_end = sheet.y, sheet.rows
        sheet.y, sheet.rows = start_y, start_rows
        for label, value in facts:
            sheet.row([(column, label, "regular"), (value_x, value, "regular")], role="field")
        if left_end[0] > sheet.y:
            sheet.y, sheet.rows = left_end
        if not facts:
            sheet.line(writer.dated(), align="right")
    sheet.gap(1.2)


def _date_line(sheet: _Sheet, writer: _Writer) -> None:
    city = writer.rng.choice(CITIES)[1]
    sheet.line(f"{city}, {writer.dated()}", align=writer.rng.choice(("left", "right")))
    sheet.gap(0.6)


def _patient_line(sheet: _Sheet, writer: _Writer, subject: str) -> None:
    patient = writer.patient
    sheet.paragraph(
        f"{subject}: {patient.first} {patient.last}, born {writer.dated(writer.birth)}",
        style="bold", role="heading",
    )  # fmt: skip
    sheet.gap(0.5)


def _closing(sheet: _Sheet, writer: _Writer) -> None:
    sheet.gap(0.5)
    sheet.line(writer.rng.choice(CLOSINGS))
    sheet.gap(1.4)
    sheet.line(writer.doctor.full)
    sheet.line(writer.rng.choice(ROLES))


def _body(sheet: _Sheet, writer: _Writer, reserve: int, most_paragraphs: int = 40) -> None:
    """Paragraphs of prose until the page (less `reserve` rows) is full."""
    for _ in range(most_paragraphs):
        if sheet.room() <= reserve + 1:
            return
        try:
            sheet.paragraph(writer.prose(writer.rng.randrange(2, 6)), reserve=reserve)
        except _PageFull:
            return
        sheet.gap(0.4)


def _section(sheet: _Sheet, title: str, reserve: int = 0) -> None:
    """A bold heading, only where at least two rows of its section fit below it."""
    if sheet.room() < reserve + 3:
        raise _PageFull
    sheet.gap(0.3)
    sheet.line(title, "bold", sheet.size * 1.05, "heading")


def _items(sheet: _Sheet, writer: _Writer, items: list[str], reserve: int) -> None:
    """A numbered or bulleted list, hanging indent for wrapped items."""
    rng = writer.rng
    numbered = rng.random() < 0.5
    marker_style = rng.choice(("{}.", "{})", "({})")) if numbered else rng.choice(BULLETS)
    markers = [
        marker_style.format(number) if numbered else marker_style
        for number in range(1, len(items) + 1)
    ]
    indent = max(sheet.size * 1.8, sheet.size * 1.1 + max(map(sheet.measure, markers)))
    for number, item in enumerate(items, start=1):
        marker = marker_style.format(number) if numbered else marker_style
        lines = sheet.wrap(item, sheet.right - sheet.left - indent)
        for index, line in enumerate(lines):
            if sheet.room() <= reserve:
                raise _PageFull
            parts = [(sheet.left + indent, line, "regular")]
            if index == 0:
                parts.insert(0, (sheet.left + sheet.size * 0.3, marker, "regular"))
            sheet.row(parts, role="list")


def _fields(sheet: _Sheet, fields: list[tuple[str, str]], underline: bool) -> None:
    """Bold labels and their values in a second column, as forms and report heads have them."""
    value_x = sheet.left + max(sheet.measure(label, "bold") for label, _ in fields) + sheet.size
    for label, value in fields:
        sheet.row([(sheet.left, label, "bold"), (value_x, value, "regular")], role="field")
        if underline:
            sheet.rule(value_x, sheet.y - 1, sheet.right, sheet.y - 1, 0.4)


def _referral(sheet: _Sheet, writer: _Writer) -> None:
    rng = writer.rng
    sender = rng.choice(PRACTICES)
    _letterhead(sheet, writer, sender, None)
    hospital = rng.choice(HOSPITALS)
    _address_block(
        sheet, writer, [writer.recipient.full, rng.choice(DEPARTMENTS), *writer.address(hospital)]
    )
    _patient_line(sheet, writer, rng.choice(("Referral", "Re", "Patient", "Referral of")))
    sheet.line(f"Dear {writer.recipient.title} {writer.recipient.last},")
    sheet.gap(0.4)
    _body(sheet, writer, reserve=5)
    _closing(sheet, writer)


def _discharge(sheet: _Sheet, writer: _Writer) -> None:
    rng = writer.rng
    hospital = rng.choice(HOSPITALS)
    _letterhead(sheet, writer, hospital, rng.choice(DEPARTMENTS))
    _address_block(sheet, writer, [writer.recipient.full, *writer.address(rng.choice(PRACTICES))])
    sheet.line(rng.choice(("Discharge summary", "DISCHARGE LETTER", "Discharge report")),
               "bold", sheet.size * 1.3, "heading")  # fmt: skip
    admitted = writer.earlier(30)
    sheet.paragraph(
        f"{writer.patient.first} {writer.patient.last}, born {writer.dated(writer.birth)}, "
        f"inpatient from {writer.dated(admitted)} to {writer.dated()}."
    )
    try:
        _section(sheet, "Diagnoses:")
        _items(sheet, writer, [writer.diagnosis() for _ in range(rng.randrange(2, 5))], reserve=5)
        _section(sheet, rng.choice(("History:", "Course in hospital:", "Findings:")))
        _body(sheet, writer, reserve=10, most_paragraphs=rng.randrange(1, 4))
        _section(sheet, "Medication on discharge:")
        _items(sheet, writer, [writer.drug() for _ in range(rng.randrange(2, 7))], reserve=5)
        _section(sheet, "Recommendations:")
        _body(sheet, writer, reserve=5)
    except _PageFull:
        pass
    _closing(sheet, writer)


def _lab(sheet: _Sheet, writer: _Writer) -> None:
    rng = writer.rng
    _letterhead(sheet, writer, rng.choice(LABORATORIES), rng.choice(("Laboratory report", None)))
    sheet.line(rng.choice(("Laboratory report", "Results", "LAB REPORT")), "bold",
               sheet.size * 1.3, "heading")  # fmt: skip
    taken = writer.earlier(5)
    _fields(
        sheet,
        [
            ("Patient:", f"{writer.patient.last}, {writer.patient.first}"),
            ("Date of birth:", writer.dated(writer.birth)),
            (
                "Sample taken:",
                f"{writer.dated(taken)} {rng.randrange(6, 12)}:{rng.randrange(60):02}",
            ),
            ("Lab no.:", f"{writer.today.year % 100}-{rng.randrange(100000, 999999)}"),
            ("Requested by:", writer.recipient.full),
        ],
        underline=False,
    )
    sheet.gap(0.8)
    _table(sheet, writer)
    note = rng.choice(
        (
            "(*) outside the reference range.",
            "* = abnormal; H = high, L = low.",
            "Values marked * are outside the reference range; please interpret clinically.",
        )
    )
    try:
        sheet.paragraph(note, "italic", sheet.size * 0.9, "text")
        sheet.gap(0.6)
        _section(sheet, "Comment:")
        _body(sheet, writer, reserve=3, most_paragraphs=40 if sheet.dense else rng.randrange(1, 4))
        sheet.gap(0.5)
        sheet.line(f"Validated by {writer.doctor.full}, {writer.dated()}")
    except _PageFull:
        pass


def _table(sheet: _Sheet, writer: _Writer) -> None:
    """A results table with ruled grid lines: test, result, unit, reference range."""
    rng = writer.rng
    size = sheet.size * rng.uniform(0.9, 1.0)
    padding = size * 0.45
    row_height = size * max(sheet.leading, 1.35) + 2 * padding * 0.5
    tests = rng.sample(LAB_TESTS, rng.randrange(6, len(LAB_TESTS)))
    rows = [
        ["Test", "Result", "Unit", rng.choice(("Reference range", "Reference", "Normal range"))]
    ]
    for name, unit, low, high, decimals, reference in tests:
        abnormal = rng.random() < 0.3
        span = high - low
        value = rng.uniform(high, high + span * 0.8) if abnormal else rng.uniform(low, high)
        if abnormal and rng.random() < 0.4 and low > 0:
            value = rng.uniform(low * 0.5, low)
        result = writer.number(value, decimals) + (" *" if abnormal else "")
        bounds = {
            "range": f"{writer.number(low, decimals)} - {writer.number(high, decimals)}",
            "below": f"< {writer.number(high, decimals)}",
            "above": f"> {writer.number(low, decimals)}",
        }[reference]
        rows.append([name, result, unit, bounds])
    while True:  # a smaller type where the columns would not fit, as a lab's software does
        widths = [max(sheet.measure(row[column], "bold", size) for row in rows) + 2 * padding
                  for column in range(4)]  # fmt: skip
        spare = (sheet.right - sheet.left) - sum(widths)
        if spare >= 0:
            break
        size -= 0.5
        padding = size * 0.45
    widths = [
        width + spare * share for width, share in zip(widths, (0.3, 0.2, 0.2, 0.3), strict=True)
    ]
    lefts = [sheet.left + sum(widths[:column]) for column in range(4)]
    full_grid = rng.random() < 0.7
    top = sheet.y
    fitted = 0
    for index, cells in enumerate(rows):
        if sheet.room(height=row_height) < 1:
            break
        style = "bold" if index == 0 else "regular"
        y = sheet.y
        sheet.row([(left + padding, cell, style) for left, cell in zip(lefts, cells, strict=True)],
                  size, "table", row_height)  # fmt: skip
        sheet.rule(sheet.left, y, sheet.right, y, 0.8 if index <= 1 else 0.5)
        fitted += 1
    bottom = sheet.y
    sheet.rule(sheet.left, bottom, sheet.right, bottom, 0.8)
    if full_grid:
        for x in [*lefts, sheet.right]:
            sheet.rule(x, top, x, bottom, 0.5)
    if fitted <= 1:
        raise _PageFull
    sheet.gap(0.5)


def _clinic(sheet: _Sheet, writer: _Writer) -> None:
    rng = writer.rng
    hospital = rng.choice(HOSPITALS)
    _letterhead(sheet, writer, hospital, rng.choice(DEPARTMENTS) + " - Outpatient Clinic")
    _address_block(sheet, writer, [writer.recipient.full, *writer.address(rng.choice(PRACTICES))])
    if rng.random() < 0.4:
        _date_line(sheet, writer)
    _patient_line(sheet, writer, rng.choice(("Clinic letter", "Outpatient visit", "Re")))
    sheet.line(f"Dear {writer.recipient.title} {writer.recipient.last},")
    sheet.gap(0.4)
    try:
        _body(sheet, writer, reserve=12, most_paragraphs=rng.randrange(1, 3))
        _section(sheet, rng.choice(("Plan:", "Recommendations:", "Procedure:")))
        plan = [
            f"Continue {writer.drug()}.",
            f"Laboratory check (creatinine, potassium, HbA1c) in {rng.randrange(2, 13)} weeks.",
            f"Blood pressure target < {rng.choice(('130/80', '140/90'))} mmHg; home readings "
            "twice daily.",
            f"Reduce {writer.drug()} - reassess on {writer.dated(writer.later(35))}.",
            f"Referral for {rng.choice(REFERRALS)}.",
            f"Review in our clinic in {rng.randrange(2, 7)} months, earlier if symptoms recur.",
            "Stop smoking; support offered: 0800 123 456.",
        ]  # fmt: skip
        rng.shuffle(plan)
        _items(sheet, writer, plan[: rng.randrange(3, len(plan) + 1)], reserve=5)
        sheet.gap(0.4)
        _body(sheet, writer, reserve=5)
    except _PageFull:
        pass
    _closing(sheet, writer)


def _fax_cover(sheet: _Sheet, writer: _Writer) -> None:
    rng = writer.rng
    sender = rng.choice(HOSPITALS + PRACTICES)
    sheet.line(rng.choice(("FAX", "Fax", "TELEFAX", "Fax cover sheet")), "bold", sheet.size * 2.4,
               "heading", rng.choice(("left", "centre")))  # fmt: skip
    sheet.line(sender, "bold", sheet.size * 1.2, "heading")
    sheet.gap(0.8)
    pages = rng.randrange(2, 12)
    fields = [
        ("To:", writer.recipient.full),
        ("Fax:", writer.phone()),
        ("From:", writer.doctor.full),
        ("Phone:", writer.phone()),
        ("Date:", writer.dated()),
        ("Pages:", rng.choice((f"{pages} (including cover)", f"{pages}", f"1/{pages}"))),
        ("Re:", f"{writer.patient.last}, {writer.patient.first} ({writer.dated(writer.birth)})"),
    ]
    _fields(sheet, fields, underline=rng.random() < 0.5)
    sheet.gap(0.8)
    boxes = ["Urgent", "For review", "Please reply", "Please call", "For your information"]
    marks = [f"[{'x' if rng.random() < 0.3 else ' '}] {word}" for word in boxes]
    sheet.row([(sheet.left + index * (sheet.right - sheet.left) / 3, mark, "regular")
               for index, mark in enumerate(marks[:3])], role="field")  # fmt: skip
    sheet.gap(0.8)
    try:
        _section(sheet, "Message:")
        _body(sheet, writer, reserve=4, most_paragraphs=rng.randrange(1, 3))
        sheet.gap(0.6)
        sheet.paragraph(
            "CONFIDENTIAL: This fax contains patient data and is intended only for the addressee. "
            "If you have received it in error, please notify us at once by telephone on "
            f"{writer.phone()} and destroy all pages. Thank you.",
            "italic", sheet.size * 0.85, "footer",
        )  # fmt: skip
    except _PageFull:
        pass


BUILDERS: dict[str, Callable[[_Sheet, _Writer], None]] = {
    "referral": _referral,
    "discharge": _discharge,
    "lab": _lab,
    "clinic": _clinic,
    "fax_cover": _fax_cover,
}


# ----------------------------------------------------------------------------- generating


def letter(family: str, index: int, system_fonts: bool = False) -> Letter:
    """Letter `index` of `family` ("dev" or "test"); the same arguments give the same bytes.

    With `system_fonts`, some letters use installed fonts (DejaVu, Liberation) where
    fontconfig has them; those letters then differ between machines with different fonts.
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown letter family {family!r}: use one of {sorted(FAMILIES)}")
    if not 0 <= index < FAMILY_SIZE:
        raise ValueError(f"letter index {index} is outside 0..{FAMILY_SIZE - 1}")
    seed = FAMILIES[family] + index
    rng = random.Random(seed)
    kind = KINDS[index % len(KINDS)]  # every run of five letters has each kind once
    sheet, traits = _layout(rng, kind, system_fonts)
    writer = _Writer(rng)
    with contextlib.suppress(_PageFull):  # the budget or the page ran out: the letter ends
        BUILDERS[kind](sheet, writer)
    pdf = _write_pdf(sheet)
    lines = _truth_from_pdf(pdf, sheet.runs)
    traits |= {"rows": str(sheet.rows), "lines": str(len(lines)), "seed": str(seed)}
    name = f"{family}-{index:05}-{kind}"
    return Letter(name, kind, pdf, lines, sheet.width, sheet.height, traits)


def letters(family: str, count: int, system_fonts: bool = False) -> list[Letter]:
    """The first `count` letters of `family` ("dev" or "test")."""
    return [letter(family, index, system_fonts) for index in range(count)]


def _layout(rng: random.Random, kind: str, system_fonts: bool) -> tuple[_Sheet, dict[str, str]]:
    """Font, size, spacing, margins and length of one letter."""
    densities = (
        ("short", "normal", "normal", "dense") if kind != "fax_cover" else ("short", "normal")
    )
    density = rng.choice(densities)
    face = _pick_face(rng, system_fonts)
    if density == "dense":
        size = rng.choice((9.0, 9.5, 10.0))
        leading = rng.uniform(1.08, 1.2)
        budget = DENSE_BUDGET
    else:
        size = rng.choice((9.0, 10.0, 10.5, 11.0, 11.5, 12.0, 13.0, 14.0))
        leading = rng.uniform(1.15, 1.6)
        budget = rng.randrange(8, 13) if density == "short" else rng.randrange(18, 36)
    paper = rng.choices(tuple(PAGE_SIZES), (4, 1))[0]
    width, height = PAGE_SIZES[paper]
    side = rng.uniform(40, 85) if density != "dense" else rng.uniform(36, 60)
    top, bottom = (rng.uniform(36, 70), rng.uniform(36, 60)) if density != "dense" else (
        rng.uniform(28, 45), rng.uniform(28, 40))  # fmt: skip
    margins = (side, top, rng.uniform(side * 0.7, side * 1.1), bottom)
    sheet = _Sheet(face, size, leading, width, height, margins, budget)
    traits = {
        "font": face.key,
        "size": f"{size:g}",
        "leading": f"{leading:.2f}",
        "density": density,
        "paper": paper,
    }
    return sheet, traits


def _write_pdf(sheet: _Sheet) -> bytes:
    document = pymupdf.open()
    page = document.new_page(width=sheet.width, height=sheet.height)
    for x0, y0, x1, y1, width in sheet.rules:
        page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=width)
    shape = page.new_shape()  # one content stream for all runs (a shape per run is slow)
    for run in sheet.runs:
        style = run.style
        shape.insert_text(
            (run.x, run.baseline), run.text, fontname=style.fontname, fontfile=style.fontfile,
            fontsize=run.size, color=(0, 0, 0),
        )  # fmt: skip
    shape.commit()
    if any(run.style.fontfile for run in sheet.runs):
        document.subset_fonts()
    # no_new_id: the file ID would otherwise be random, and the same letter must be the same bytes.
    pdf: bytes = document.tobytes(garbage=3, deflate=True, no_new_id=True)
    document.close()
    return pdf


def _same_glyphs(read: str, written: str) -> bool:
    """Whether the text layer's spelling draws what was written (see GLYPH_TWINS)."""
    return unicodedata.normalize("NFKC", read.translate(GLYPH_TWINS)) == unicodedata.normalize(
        "NFKC", written
    )


def _truth_from_pdf(pdf: bytes, runs: Sequence[_Run]) -> tuple[TruthLine, ...]:
    """Each run's box from the PDF's own word positions; its text checked against those words."""
    document = pymupdf.open("pdf", pdf)
    found: list[list[tuple[Box, str]]] = [[] for _ in runs]
    approximate = [run.approximate_box() for run in runs]
    for x0, y0, x1, y1, word, *_ in document[0].get_text("words"):
        centre_x, centre_y = (x0 + x1) / 2, (y0 + y1) / 2
        owner = next(
            (number for number, (left, top, right, bottom) in enumerate(approximate)
             if left - 1 <= centre_x <= right + 1 and top - 1 <= centre_y <= bottom + 1),
            None,
        )  # fmt: skip
        if owner is None:
            raise RuntimeError(f"the PDF has a word {word!r} that no generated run wrote")
        found[owner].append(((x0, y0, x1, y1), word))
    document.close()
    lines = []
    for run, words_of_run in zip(runs, found, strict=True):
        read = " ".join(word for _, word in words_of_run)
        if not _same_glyphs(read, run.text):
            raise RuntimeError(f"the PDF holds {read!r} where the generator wrote {run.text!r}")
        boxes = [box for box, _ in words_of_run]
        box = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        lines.append(TruthLine(run.text, box, run.role))
    return tuple(lines)


# ----------------------------------------------------------------------------- real PDFs


def real_pages(folder: Path, min_words: int = 20) -> list[Letter]:
    """Pages of the born-digital PDFs in `folder` whose text layer is the truth.

    Skipped: files that do not open or need a password, pages with fewer than `min_words`
    words, and pages whose text is mostly invisible (an earlier OCR's layer over a scan is
    a guess, not the truth). Lines are MuPDF's, sorted top to bottom and left to right.
    """
    found: list[Letter] = []
    for path in sorted(Path(folder).glob("*.pdf")):
        try:
            document = pymupdf.open(path)
        except (pymupdf.FileDataError, RuntimeError, ValueError):
            continue
        with document:
            if document.needs_pass or not document.is_pdf:
                continue
            for number in range(document.page_count):
                single = pymupdf.open()
                single.insert_pdf(document, from_page=number, to_page=number)
                pdf: bytes = single.tobytes(garbage=3, deflate=True, no_new_id=True)
                single.close()
                page_letter = _real_page(pdf, f"{path.stem}-p{number + 1}", min_words)
                if page_letter is not None:
                    found.append(page_letter)
    return found


def _real_page(pdf: bytes, name: str, min_words: int) -> Letter | None:
    with pymupdf.open("pdf", pdf) as document:
        page = document[0]
        if len(page.get_text("words")) < min_words or _invisible_share(page) > 0.5:
            return None
        # Text comes in unrotated coordinates; the rendered image is rotated by /Rotate.
        rotation = page.rotation_matrix
        lines = []
        for block in page.get_text("dict", sort=True)["blocks"]:
            for line in block.get("lines", ()):
                text = " ".join("".join(span["text"] for span in line["spans"]).split())
                if text:
                    rect = pymupdf.Rect(line["bbox"]) * rotation
                    rect.normalize()
                    lines.append(TruthLine(text, (rect.x0, rect.y0, rect.x1, rect.y1), "text"))
        return Letter(name, "real", pdf, tuple(lines), page.rect.width, page.rect.height, {})


def _invisible_share(page: pymupdf.Page) -> float:
    """The share of the page's characters drawn in text render mode 3 (invisible)."""
    counts: Counter[bool] = Counter()
    for span in page.get_texttrace():
        counts[span["type"] == 3] += len(span["chars"])
    total = sum(counts.values())
    return counts[True] / total if total else 0.0


# ----------------------------------------------------------------------------- images


def page_image(
    letter: Letter, long_side: int, degradation: str = "clean"
) -> tuple[Image.Image, float]:
    """The page as an RGB image whose longer side is `long_side` pixels, and pixels per point.

    "clean" is the plain render. "scan": slight blur, noise, grey paper, a JPEG round trip.
    "fax": rendered at 204 x 98 dpi, thresholded to black and white, salt-and-pepper noise,
    rows doubled back to square pixels, a skew of 0.2-0.9 degrees, then resampled to size.
    The degradation's random choices are seeded by the letter's name, so they repeat too.
    A fax's skew moves text by up to sin(0.9°) x half the page width (about 4.5 points at
    the page edges) from its truth box; the other degradations keep boxes exact.
    """
    if degradation not in DEGRADATIONS:
        raise ValueError(f"unknown degradation {degradation!r}: use one of {DEGRADATIONS}")
    if long_side < 16:
        raise ValueError(f"long_side {long_side} is too small for a page image")
    scale = long_side / max(letter.width, letter.height)
    size = (round(letter.width * scale), round(letter.height * scale))
    rng = random.Random(f"{letter.name}/{degradation}")
    with pymupdf.open("pdf", letter.pdf) as document:
        page = document[0]
        if degradation == "fax":
            return _fax(page, size, rng), scale
        image = _render(page, scale, scale, size, pymupdf.csRGB)
    if degradation == "scan":
        image = _scan(image, rng)
    return image, scale


def _render(page: pymupdf.Page, scale_x: float, scale_y: float, size: tuple[int, int],
            colorspace: pymupdf.Colorspace) -> Image.Image:  # fmt: skip
    """Render, then crop or pad to exactly `size` (MuPDF rounds the pixel box outwards)."""
    pixmap = page.get_pixmap(
        matrix=pymupdf.Matrix(scale_x, scale_y), colorspace=colorspace, alpha=False
    )
    mode = "RGB" if pixmap.n == 3 else "L"
    image = Image.frombytes(mode, (pixmap.width, pixmap.height), pixmap.samples)
    if image.size != size:
        canvas = Image.new(mode, size, "white")
        canvas.paste(image, (0, 0))
        image = canvas
    return image


def _scan(image: Image.Image, rng: random.Random) -> Image.Image:
    noise = np.random.default_rng(rng.randrange(2**32))
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.9)))
    pixels = np.asarray(image, dtype=np.float32) / 255.0
    grey = rng.uniform(226, 246)  # paper as a scanner sees it: light grey, a little warm
    paper = np.array([grey, grey - rng.uniform(0, 3), grey - rng.uniform(1, 7)])
    ink = rng.uniform(15, 60)
    pixels = ink + pixels * (paper - ink)
    pixels += noise.normal(0.0, rng.uniform(3.0, 9.0), pixels.shape[:2])[..., None]
    scanned = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8), "RGB")
    buffer = io.BytesIO()
    scanned.save(buffer, "JPEG", quality=rng.randrange(55, 86))
    buffer.seek(0)
    return Image.open(buffer).convert("RGB")


def _fax(page: pymupdf.Page, size: tuple[int, int], rng: random.Random) -> Image.Image:
    noise = np.random.default_rng(rng.randrange(2**32))
    horizontal, vertical = FAX_DPI[0] / 72, FAX_DPI[1] / 72
    fax_size = (round(page.rect.width * horizontal), round(page.rect.height * vertical))
    grey = np.asarray(_render(page, horizontal, vertical, fax_size, pymupdf.csGRAY))
    black = grey < rng.uniform(120, 180)
    pepper = noise.random(black.shape) < rng.uniform(0.0003, 0.0015)
    salt = noise.random(black.shape) < rng.uniform(0.005, 0.03)
    black = (black & ~salt) | pepper
    bilevel = Image.fromarray(np.where(black, 0, 255).astype(np.uint8), "L")
    # The receiver prints each row twice: back to square pixels, blocky vertical edges kept.
    square = bilevel.resize(
        (fax_size[0], round(page.rect.height * horizontal)), Image.Resampling.NEAREST
    )
    angle = rng.uniform(0.2, 0.9) * rng.choice((-1, 1))
    skewed = square.rotate(angle, Image.Resampling.NEAREST, fillcolor=255)
    return skewed.resize(size, Image.Resampling.LANCZOS).convert("RGB")


# ----------------------------------------------------------------------------- scoring

# A number keeps its inner separators (12.03.2024, 2,5, 120/80, 10:30) as one token; a word
# is a run of letters and digits; every other visible character is a token of its own.
_TOKEN = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W_]+|[^\w\s]|_")
FRACTION_SLASH = "\u2044"


def words(text: str, keep_punctuation: bool = True) -> list[str]:
    """The tokens scoring counts: NFKC-normalised, case-folded, punctuation split off.

    Punctuation marks are kept as tokens of their own (so "(*)" is "(", "*", ")" whether an
    engine spaces them or not); `keep_punctuation=False` drops them for a words-only score.
    Numbers stay whole with their inner separators, so a date misread in one digit is one
    wrong token, not three. NFKC turns "m²" into "m2" and "½" into "1⁄2" on both sides alike.
    """
    normal = unicodedata.normalize("NFKC", text).casefold()
    # NFKC writes "½" with U+2044 FRACTION SLASH, a mark no reader prints: a reader writes
    # "1/2", one number token, while "1⁄2" split into "1", "⁄", "2", so a right reading
    # scored as two lost words. The fraction slash is a slash here, on both sides alike.
    tokens = _TOKEN.findall(normal.replace(FRACTION_SLASH, "/"))
    if keep_punctuation:
        return tokens
    return [token for token in tokens if any(character.isalnum() for character in token)]


def score(truth_words: Sequence[str], read_words: Sequence[str]) -> tuple[float, float]:
    """Recall and precision of the words read, as bag-of-words (multiset) overlap.

    Recall is 1.0 for an empty truth; precision is 1.0 when nothing was read (nothing read
    is nothing wrong: such a page shows as recall 0, not as a false reading).
    """
    matched = sum((Counter(truth_words) & Counter(read_words)).values())
    recall = matched / len(truth_words) if truth_words else 1.0
    precision = matched / len(read_words) if read_words else 1.0
    return recall, precision


# ----------------------------------------------------------------------------- samples


def main(arguments: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write sample letter pages and their truth.")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--family", choices=sorted(FAMILIES), default="dev")
    parser.add_argument("--long-side", type=int, default=1754, help="pixels (1754 = A4 at 150 dpi)")
    parser.add_argument("--system-fonts", action="store_true")
    options = parser.parse_args(arguments)
    options.folder.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    made = letters(options.family, options.count, options.system_fonts)
    generated = time.perf_counter() - started
    for item in made:
        (options.folder / f"{item.name}.pdf").write_bytes(item.pdf)
        (options.folder / f"{item.name}.txt").write_text(item.text + "\n", encoding="utf-8")
        boxes = "".join(
            f"{line.role}\t{line.box[0]:.1f}\t{line.box[1]:.1f}\t{line.box[2]:.1f}\t{line.box[3]:.1f}\t{line.text}\n"
            for line in item.lines
        )
        (options.folder / f"{item.name}.boxes.tsv").write_text(boxes, encoding="utf-8")
        for degradation in DEGRADATIONS:
            image, _ = page_image(item, options.long_side, degradation)
            image.save(options.folder / f"{item.name}-{degradation}.png")
        traits = " ".join(f"{key}={value}" for key, value in item.traits.items())
        print(f"{item.name}: {traits}")
    print(f"{len(made)} letters generated in {generated:.2f} s; files in {options.folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
