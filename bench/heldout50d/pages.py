"""Pages as lines placed on A4 (millimetres, baseline y), in reading order, and the dates and
names as letters from several countries print them."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from functools import cache

import pymupdf

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifb": "DejaVuSerif-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condb": "DejaVuSansCondensed-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}
MM = 72 / 25.4


@cache
def font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONT_DIR + FONTS[key])


def width_mm(text: str, size: float, key: str) -> float:
    return float(font(key).text_length(text, fontsize=size)) / MM


@dataclass
class Line:
    text: str
    x: float
    y: float
    size: float = 10
    font: str = "sans"
    align: str = "left"
    angle: float = 0.0


@dataclass
class Page:
    name: str
    lines: list[Line] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


class Doc:
    """A letter being laid out: text() places one line, block() several, wrap() a paragraph."""

    def __init__(self, font_key: str = "sans", size: float = 10) -> None:
        self.pages = [Page("p1")]
        self.font = font_key
        self.size = size
        self.stamp: tuple[float, float] | None = None

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float | None = None,
        font_key: str | None = None,
        align: str = "left",
        angle: float = 0.0,
    ) -> float:
        if text:
            self.pages[-1].lines.append(
                Line(text, x, y, size or self.size, font_key or self.font, align, angle)
            )
        return y + (size or self.size) * 0.48

    def block(
        self,
        x: float,
        y: float,
        lines: list[str],
        size: float | None = None,
        font_key: str | None = None,
        align: str = "left",
        lead: float | None = None,
    ) -> float:
        step = lead or (size or self.size) * 0.48
        for line in lines:
            self.text(x, y, line, size, font_key, align)
            y += step
        return y

    def wrap(
        self,
        x: float,
        y: float,
        paragraph: str,
        width: float = 160,
        size: float | None = None,
        font_key: str | None = None,
    ) -> float:
        size = size or self.size
        key = font_key or self.font
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}".strip()
            if line and width_mm(candidate, size, key) > width:
                y = self.text(x, y, line, size, key)
                line = word
            else:
                line = candidate
        if line:
            y = self.text(x, y, line, size, key)
        return y + size * 0.2

    def new_page(self) -> None:
        self.pages.append(Page(f"p{len(self.pages) + 1}"))


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
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "it": [
        "gennaio",
        "febbraio",
        "marzo",
        "aprile",
        "maggio",
        "giugno",
        "luglio",
        "agosto",
        "settembre",
        "ottobre",
        "novembre",
        "dicembre",
    ],
    "da": [
        "januar",
        "februar",
        "marts",
        "april",
        "maj",
        "juni",
        "juli",
        "august",
        "september",
        "oktober",
        "november",
        "december",
    ],
}
WEEKDAYS = {
    "de": ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    "en": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
}


def fmt(day: dt.date, style: str) -> str:
    """One date as a letter prints it; the style names the convention."""
    d, m, y = day.day, day.month, day.year
    styles = {
        "dmy": f"{d:02d}.{m:02d}.{y}",
        "dmy_short": f"{d:02d}.{m:02d}.{y % 100:02d}",
        "dmy_nopad": f"{d}.{m}.{y}",
        "iso": day.isoformat(),
        "gb_slash": f"{d:02d}/{m:02d}/{y}",
        "us_slash": f"{m:02d}/{d:02d}/{y}",
        "au_slash": f"{d}/{m:02d}/{y}",
        "nl_dash": f"{d:02d}-{m:02d}-{y}",
        "us_long": f"{MONTHS['en'][m - 1]} {d}, {y}",
        "gb_long": f"{d} {MONTHS['en'][m - 1]} {y}",
        "gb_abbr": f"{d:02d}-{MONTHS['en'][m - 1][:3]}-{y}",
        "us_abbr": f"{MONTHS['en'][m - 1][:3].upper()}-{d:02d}-{y}",
        "compact": f"{d:02d}{m:02d}{y}",
        "ddmmyy": f"{d:02d}{m:02d}{y % 100:02d}",
        "dmy_nopad_short": f"{d}.{m}.{y % 100:02d}",
    }
    if style in styles:
        return styles[style]
    language = style.removeprefix("long_")
    dot = "." if language in ("de", "at", "da") else ""
    return f"{d}{dot} {MONTHS[language][m - 1]} {y}"


def weekday(day: dt.date, language: str) -> str:
    return WEEKDAYS[language][day.weekday()]
