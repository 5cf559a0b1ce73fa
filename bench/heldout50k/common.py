"""Page model, fonts and the date conventions of every region of the set."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pymupdf

FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sansb": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifb": "DejaVuSerif-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    # The handwriting stand-in: an oblique serif drawn a little larger and uneven.
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}

PAGE_W_MM = 210.0
PAGE_H_MM = 297.0
MM_PT = 72.0 / 25.4


def font_path(name: str) -> str:
    return str(FONT_DIR / FONTS[name])


@cache
def _font(name: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=font_path(name))


def text_width_mm(text: str, font: str, size: float) -> float:
    return _font(font).text_length(text, fontsize=size) / MM_PT


@dataclass
class Line:
    text: str
    x: float  # mm; the left edge, or the right edge where align == "r"
    y: float  # mm; the baseline
    font: str = "sans"
    size: float = 10.0
    align: str = "l"
    jitter: float = 0.0  # handwriting: a small rotation in degrees

    def left(self) -> float:
        if self.align == "r":
            return self.x - text_width_mm(self.text, self.font, self.size)
        if self.align == "c":
            return self.x - text_width_mm(self.text, self.font, self.size) / 2
        return self.x


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)  # mm boxes/lines

    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


class Doc:
    """A document drawn top to bottom: every line at its own baseline, so that the
    drawing order is the reading order."""

    def __init__(self, top: float = 18.0, running: str | None = None) -> None:
        self.pages: list[Page] = []
        self.running = running
        self.top = top
        self.new_page()

    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = self.top
        if self.running and len(self.pages) > 1:
            self.line(
                f"{self.running} – Seite {len(self.pages)}"
                if "Seite" not in self.running
                else self.running,
                size=8,
            )
            self.gap(4)

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def line(
        self,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        x: float = 25.0,
        align: str = "l",
        lead: float = 1.35,
        jitter: float = 0.0,
    ) -> None:
        if not text.strip():
            self.gap(size * 0.3528 * lead)
            return
        self.y += size * 0.3528 * lead
        if self.y > 278:
            self.new_page()
            self.y += size * 0.3528 * lead
        self.page.lines.append(Line(text, x, self.y, font, size, align, jitter))

    def gap(self, mm: float) -> None:
        self.y += mm

    def rule(self, x0: float = 25.0, x1: float = 185.0) -> None:
        self.page.rules.append((x0, self.y + 1.5, x1, self.y + 1.5))
        self.y += 2.5

    def para(
        self,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        x: float = 25.0,
        width: float = 160.0,
    ) -> None:
        for line in wrap(text, font, size, width):
            self.line(line, size=size, font=font, x=x)

    def at(self, y: float) -> None:
        self.y = y


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    words = text.split()
    out: list[str] = []
    cur = ""
    for w in words:
        trial = f"{cur} {w}" if cur else w
        if text_width_mm(trial, font, size) <= width or not cur:
            cur = trial
        else:
            out.append(cur)
            cur = w
    if cur:
        out.append(cur)
    return out


# ---------------------------------------------------------------------------------------------
# Dates
# ---------------------------------------------------------------------------------------------

MONTHS = {
    "de": [
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "at": [
        "Jänner",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "cs": [
        "ledna",
        "února",
        "března",
        "dubna",
        "května",
        "června",
        "července",
        "srpna",
        "září",
        "října",
        "listopadu",
        "prosince",
    ],
    "sk": [
        "januára",
        "februára",
        "marca",
        "apríla",
        "mája",
        "júna",
        "júla",
        "augusta",
        "septembra",
        "októbra",
        "novembra",
        "decembra",
    ],
    "pl": [
        "stycznia",
        "lutego",
        "marca",
        "kwietnia",
        "maja",
        "czerwca",
        "lipca",
        "sierpnia",
        "września",
        "października",
        "listopada",
        "grudnia",
    ],
    "hu": [
        "január",
        "február",
        "március",
        "április",
        "május",
        "június",
        "július",
        "augusztus",
        "szeptember",
        "október",
        "november",
        "december",
    ],
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}
WEEKDAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def _ordinal(d: int) -> str:
    if 10 <= d % 100 <= 20:
        return f"{d}th"
    return f"{d}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(d % 10, 'th') }".replace(" ", "")


def fmt(d: dt.date, style: str) -> str:
    """Write a date in one of the set's conventions (style names as in STYLES)."""
    m = d.month - 1
    match style:
        case "de_num":
            return f"{d.day:02d}.{d.month:02d}.{d.year}"
        case "de_short":
            return f"{d.day}.{d.month}.{d.year % 100:02d}"
        case "de_num2":
            return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
        case "de_long":
            return f"{d.day}. {MONTHS['de'][m]} {d.year}"
        case "at_long":
            return f"{d.day}. {MONTHS['at'][m]} {d.year}"
        case "cs_long":
            return f"{d.day}. {MONTHS['cs'][m]} {d.year}"
        case "cs_num":
            return f"{d.day}. {d.month}. {d.year}"
        case "sk_long":
            return f"{d.day}. {MONTHS['sk'][m]} {d.year}"
        case "pl_long":
            return f"{d.day} {MONTHS['pl'][m]} {d.year}"
        case "pl_num":
            return f"{d.day:02d}.{d.month:02d}.{d.year}r."
        case "hu_long":
            return f"{d.year}. {MONTHS['hu'][m]} {d.day}."
        case "hu_num":
            return f"{d.year}.{d.month:02d}.{d.day:02d}."
        case "es_long":
            return f"{d.day} de {MONTHS['es'][m]} de {d.year}"
        case "dmy_slash":
            return f"{d.day:02d}/{d.month:02d}/{d.year}"
        case "uk_long":
            return f"{_ordinal(d.day)} {MONTHS['en'][m]} {d.year}"
        case "en_long":
            return f"{d.day} {MONTHS['en'][m]} {d.year}"
        case "us_long":
            return f"{MONTHS['en'][m]} {d.day}, {d.year}"
        case "mdy_slash":
            return f"{d.month:02d}/{d.day:02d}/{d.year}"
        case "iso":
            return d.isoformat()
    raise ValueError(style)


STYLES = [
    "de_num",
    "de_short",
    "de_num2",
    "de_long",
    "at_long",
    "cs_long",
    "cs_num",
    "sk_long",
    "pl_long",
    "pl_num",
    "hu_long",
    "hu_num",
    "es_long",
    "dmy_slash",
    "uk_long",
    "en_long",
    "us_long",
    "mdy_slash",
    "iso",
]


def _month_index(name: str) -> int:
    low = name.lower()
    for names in MONTHS.values():
        for i, n in enumerate(names):
            if n.lower() == low:
                return i + 1
    raise ValueError(name)


def parse(text: str, convention: str) -> dt.date:
    """Read a written date back, by the convention of its region (independent of fmt())."""
    s = text.strip()
    if convention in {"DE", "AT", "CH", "CZ", "SK", "PL", "HU", "ES"}:
        if m := re.fullmatch(r"(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{2}|\d{4})(?:\s?r\.)?", s):
            d, mo, y = (int(g) for g in m.groups())
            if y < 100:
                y += 2000 if y < 40 else 1900
            return dt.date(y, mo, d)
        if m := re.fullmatch(r"(\d{4})\.\s?(\d{1,2})\.\s?(\d{1,2})\.", s):
            return dt.date(int(m[1]), int(m[2]), int(m[3]))
        if m := re.fullmatch(r"(\d{4})\.\s([^\W\d]+)\s(\d{1,2})\.", s):
            return dt.date(int(m[1]), _month_index(m[2]), int(m[3]))
        if m := re.fullmatch(r"(\d{1,2})\.?\s(?:de\s)?([^\W\d]+)\s(?:de\s)?(\d{4})(?:\sr\.)?", s):
            return dt.date(int(m[3]), _month_index(m[2]), int(m[1]))
        if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", s):
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
        if m := re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", s):
            return dt.date(int(m[1]), int(m[2]), int(m[3]))
    if convention in {"UK", "IE"}:
        if m := re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?\s([A-Za-z]+)\s(\d{4})", s):
            return dt.date(int(m[3]), _month_index(m[2]), int(m[1]))
        if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", s):
            return dt.date(int(m[3]), int(m[2]), int(m[1]))
    if convention == "US":
        if m := re.fullmatch(r"([A-Za-z]+)\s(\d{1,2}),\s(\d{4})", s):
            return dt.date(int(m[3]), _month_index(m[1]), int(m[2]))
        if m := re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", s):
            return dt.date(int(m[3]), int(m[1]), int(m[2]))
    raise ValueError(f"{convention}: cannot read {text!r}")


def translit(name: str) -> str:
    """The ae/oe/ue spelling of a sender's system that has no umlauts."""
    for a, b in (
        ("Ä", "Ae"),
        ("Ö", "Oe"),
        ("Ü", "Ue"),
        ("ä", "ae"),
        ("ö", "oe"),
        ("ü", "ue"),
        ("ß", "ss"),
    ):
        name = name.replace(a, b)
    return name
