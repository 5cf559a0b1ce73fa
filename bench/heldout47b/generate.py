# ruff: noqa: E501
"""heldout47b: a second, independently written held-out set of generated clinic letters.

Same output layout and truth conventions as bench/heldout47 (see its README), different letters:
Austrian, Swiss and English NHS-style letters, a pharmacy query, physiotherapy reports, insurer's
forms, lab reports, fax cover sheets with a transmission log, handwritten notes and mixed pages.
Everything is generated; no real patient data. Run: .venv/bin/python bench/heldout47b/generate.py --out DIR
"""

from __future__ import annotations

import argparse
import functools
import io
import json
import math
import random
import re
import struct
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import fitz
import numpy as np
from PIL import Image, ImageFile, ImageFilter

DEFAULT_SEED = 8191
A4 = (595.28, 841.89)
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation")
FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sansb": "DejaVuSans-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "condb": "DejaVuSansCondensed-Bold.ttf",
    "dserif": "DejaVuSerif.ttf",
    "dserifb": "DejaVuSerif-Bold.ttf",
    "serif": "LiberationSerif-Regular.ttf",
    "serifb": "LiberationSerif-Bold.ttf",
    "seriti": "LiberationSerif-Italic.ttf",
    "lsans": "LiberationSans-Regular.ttf",
    "lsansb": "LiberationSans-Bold.ttf",
    "narrow": "LiberationSansNarrow-Regular.ttf",
    "narrowb": "LiberationSansNarrow-Bold.ttf",
    "mono": "LiberationMono-Regular.ttf",
    "monob": "LiberationMono-Bold.ttf",
    "dmono": "DejaVuSansMono.ttf",
}
INKS = {"black": (0.05, 0.05, 0.1), "blue": (0.1, 0.15, 0.55), "darkblue": (0.05, 0.1, 0.35)}
STAMP_COLOURS = [(0.15, 0.25, 0.7), (0.75, 0.12, 0.15), (0.45, 0.15, 0.55), (0.1, 0.45, 0.25)]


def font_path(key: str) -> str:
    for folder in FONT_DIRS:
        path = Path(folder) / FONT_FILES[key]
        if path.exists():
            return str(path)
    raise FileNotFoundError(FONT_FILES[key])


_FONTS: dict[str, fitz.Font] = {}


def font(key: str) -> fitz.Font:
    if key not in _FONTS:
        _FONTS[key] = fitz.Font(fontfile=font_path(key))
    return _FONTS[key]


@functools.lru_cache(maxsize=65536)
def text_width(text: str, key: str, size: float) -> float:
    return font(key).text_length(text, fontsize=size)


# ---------------------------------------------------------------- page builder (vector, in points)


@dataclass
class Page:
    """One PDF page plus its truth in points: lines (typeset text) and marks (non-text)."""

    doc: Any
    number: int
    swiss: bool = False
    lines: list[dict] = field(default_factory=list)
    marks: list[dict] = field(default_factory=list)
    _page: Any = None

    @property
    def page(self) -> Any:
        """PyMuPDF drops a page's link to its document when another page is made; load it again then."""
        if self._page is None or self._page.parent is None:
            self._page = self.doc[self.number - 1]
        return self._page

    def next_id(self) -> str:
        return f"p{self.number}-{len(self.lines) + 1:03d}"

    def text(
        self,
        x: float,
        base: float,
        text: str,
        key: str = "sans",
        size: float = 10,
        role: str = "body",
        colour=(0, 0, 0),
        align: str = "left",
        underline: bool = False,
    ) -> dict:
        text = text.replace("ß", "ss") if self.swiss else text
        width = text_width(text, key, size)
        if align == "right":
            x -= width
        elif align == "center":
            x -= width / 2
        self.page.insert_text(
            (x, base), text, fontname=key, fontfile=font_path(key), fontsize=size, color=colour
        )
        fnt = font(key)
        box = [x, base - fnt.ascender * size, x + width, base - fnt.descender * size]
        line = {"id": self.next_id(), "text": text, "box": box, "role": role}
        self.lines.append(line)
        if underline:
            self.rule(x, base + 1.6, x + width, colour=colour, width=0.6)
        return line

    def row(
        self,
        cells: list[tuple[float, str, str]],
        base: float,
        key: str,
        size: float,
        role: str = "table_row",
    ) -> dict:
        """A table row: one line whose text is its cells joined by one space; cells=(x, text, align)."""
        out = []
        for x, text, align in cells:
            text = text.replace("ß", "ss") if self.swiss else text
            if not text:
                continue
            width = text_width(text, key, size)
            x0 = x - width if align == "right" else x
            self.page.insert_text(
                (x0, base),
                text,
                fontname=key,
                fontfile=font_path(key),
                fontsize=size,
                color=(0, 0, 0),
            )
            fnt = font(key)
            out.append(
                {
                    "text": text,
                    "box": [
                        x0,
                        base - fnt.ascender * size,
                        x0 + width,
                        base - fnt.descender * size,
                    ],
                }
            )
        boxes = [c["box"] for c in out]
        box = [
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        ]
        line = {
            "id": self.next_id(),
            "text": " ".join(c["text"] for c in out),
            "box": box,
            "role": role,
            "cells": out,
        }
        self.lines.append(line)
        return line

    def mark(self, kind: str, box: list[float], text: str | None = None) -> None:
        entry: dict = {"type": kind, "box": [float(v) for v in box]}
        if text:
            entry["text"] = text
        self.marks.append(entry)

    def rule(
        self,
        x0: float,
        y: float,
        x1: float,
        colour=(0, 0, 0),
        width: float = 0.8,
        record: bool = True,
    ) -> None:
        self.page.draw_line((x0, y), (x1, y), color=colour, width=width)
        if record:
            self.mark("rule", [x0, y - width / 2 - 0.5, x1, y + width / 2 + 0.5])

    def frame(
        self,
        rect: tuple[float, float, float, float],
        kind: str = "box",
        colour=(0, 0, 0),
        fill=None,
        width: float = 0.7,
    ) -> None:
        self.page.draw_rect(fitz.Rect(*rect), color=colour, fill=fill, width=width)
        if kind:
            self.mark(kind, [rect[0] - width, rect[1] - width, rect[2] + width, rect[3] + width])

    def checkbox(
        self, x: float, base: float, label: str, checked: bool, key: str, size: float
    ) -> None:
        side = size * 0.85
        rect = (x, base - side, x + side, base)
        self.page.draw_rect(fitz.Rect(*rect), color=(0, 0, 0), width=0.6)
        if checked:
            self.page.draw_line(
                (x + 1.5, base - side + 1.5),
                (x + side - 1.5, base - 1.5),
                color=(0, 0, 0),
                width=0.9,
            )
            self.page.draw_line(
                (x + side - 1.5, base - side + 1.5),
                (x + 1.5, base - 1.5),
                color=(0, 0, 0),
                width=0.9,
            )
        self.mark("checkbox", [rect[0] - 0.5, rect[1] - 0.5, rect[2] + 0.5, rect[3] + 0.5])
        self.text(x + side + 4, base, label, key, size, role="form_option")


# ---------------------------------------------------------------- pen strokes, stamps, logos


def smooth(points: list[tuple[float, float]], steps: int = 6) -> list[tuple[float, float]]:
    """Catmull-Rom spline through the control points, as a dense polyline."""
    if len(points) < 3:
        return points
    pts = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = (np.array(p) for p in pts[i - 1 : i + 3])
        for t in np.linspace(0, 1, steps, endpoint=False):
            t2, t3 = t * t, t * t * t
            pt = 0.5 * (
                2 * p1
                + (-p0 + p2) * t
                + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t2
                + (-p0 + 3 * p1 - 3 * p2 + p3) * t3
            )
            out.append((float(pt[0]), float(pt[1])))
    out.append(points[-1])
    return out


def scribble_word(
    rng: random.Random, x: float, base: float, height: float, letters: int, slant: float
) -> list[tuple[float, float]]:
    """Cursive-like control points: humps (n, m), loops (e, l, h), bowls (a, o) and descenders (g, y)."""
    points = [(x, base - height * 0.2)]
    step = height * rng.uniform(0.55, 0.75)
    cx = x
    for _ in range(letters):
        shape = rng.choices(["hump", "loop", "tall", "bowl", "down"], weights=[4, 3, 2, 3, 1])[0]
        top = base - height * rng.uniform(0.85, 1.05)
        lean = slant * height * 0.3
        if shape == "hump":
            points += [
                (cx + step * 0.15 + lean, top),
                (cx + step * 0.45 + lean, top + height * 0.05),
                (cx + step * 0.6, base),
            ]
        elif shape == "loop":
            points += [
                (cx + step * 0.5 + lean, top),
                (cx + step * 0.2 + lean, top + height * 0.25),
                (cx + step * 0.35, base),
                (cx + step * 0.7, base - height * 0.3),
            ]
        elif shape == "tall":
            points += [
                (cx + step * 0.45 + lean * 2, base - height * 1.9),
                (cx + step * 0.2 + lean * 2, base - height * 1.6),
                (cx + step * 0.35, base),
                (cx + step * 0.7, base - height * 0.4),
            ]
        elif shape == "bowl":
            points += [
                (cx + step * 0.6 + lean, top),
                (cx + step * 0.1, base - height * 0.4),
                (cx + step * 0.45, base),
                (cx + step * 0.65 + lean, top),
                (cx + step * 0.75, base),
            ]
        else:
            points += [
                (cx + step * 0.4 + lean, top),
                (cx + step * 0.3, base + height * 0.9),
                (cx + step * 0.05, base + height * 0.6),
                (cx + step * 0.7, base - height * 0.2),
            ]
        cx += step
    points.append((cx + step * 0.3, base - height * 0.35))
    return points


def draw_polyline(
    page: Any, points: list[tuple[float, float]], colour, width: float
) -> list[float]:
    shape = page.new_shape()
    shape.draw_polyline(points)
    shape.finish(color=colour, width=width, closePath=False, lineCap=1, lineJoin=1)
    shape.commit()
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = width / 2 + 0.3
    return [min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad]


def handwriting_line(
    pg: Page, rng: random.Random, x: float, base: float, width: float, height: float, ink
) -> None:
    """One handwritten line of scribbled words; recorded as one 'handwriting' mark."""
    boxes = []
    cursor = x
    slant = rng.uniform(0.1, 0.5)
    while cursor < x + width - height * 2:
        letters = rng.randint(2, 8)
        pts = scribble_word(rng, cursor, base + rng.uniform(-1, 1), height, letters, slant)
        pts = [(px, py) for px, py in pts if px < x + width]
        if len(pts) >= 3:
            boxes.append(draw_polyline(pg.page, smooth(pts), ink, rng.uniform(0.7, 1.1)))
        if not pts:
            break
        cursor = max(p[0] for p in pts) + height * rng.uniform(0.9, 1.6)
    if boxes:
        pg.mark(
            "handwriting",
            [
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            ],
        )


def signature(pg: Page, rng: random.Random, x: float, base: float, width: float, ink=None) -> None:
    """A pen signature: a big initial loop, a scribbled name and a flourish underneath."""
    ink = ink or INKS[rng.choice(["blue", "black", "darkblue"])]
    height = rng.uniform(9, 14)
    pts = [
        (x, base),
        (x + height * 0.4, base - height * 2.2),
        (x + height * 0.9, base - height * 0.4),
        (x + height * 0.2, base - height * 0.9),
    ]
    pts += scribble_word(rng, x + height * 1.1, base, height * 0.55, rng.randint(5, 9), 0.4)
    end = max(p[0] for p in pts)
    pts += [(end + 4, base - 3), (min(x + width, end + 20), base + height * 0.3)]
    boxes = [draw_polyline(pg.page, smooth(pts, 8), ink, rng.uniform(0.8, 1.3))]
    flourish = [
        (x - 4, base + height * 0.5),
        (x + width * 0.4, base + height * 0.2),
        (min(x + width, end + 10), base + height * 0.45),
    ]
    boxes.append(draw_polyline(pg.page, smooth(flourish, 10), ink, 0.8))
    pg.mark(
        "signature",
        [
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        ],
    )


def rotate_about(
    point: tuple[float, float], pivot: tuple[float, float], degrees: float
) -> tuple[float, float]:
    rad = math.radians(degrees)
    dx, dy = point[0] - pivot[0], point[1] - pivot[1]
    return (
        pivot[0] + dx * math.cos(rad) - dy * math.sin(rad),
        pivot[1] + dx * math.sin(rad) + dy * math.cos(rad),
    )


def round_stamp(
    pg: Page,
    rng: random.Random,
    cx: float,
    cy: float,
    radius: float,
    ring_text: str,
    centre: list[str],
) -> None:
    """Round rubber stamp: two rings, text around the ring, a date in the middle; a little faded."""
    colour = rng.choice(STAMP_COLOURS)
    shape = pg.page.new_shape()
    shape.draw_circle((cx, cy), radius)
    shape.draw_circle((cx, cy), radius * 0.72)
    shape.finish(color=colour, width=1.3, stroke_opacity=0.85)
    shape.commit()
    size = radius * 0.17
    start = rng.uniform(0, 360)
    span = 330 / max(len(ring_text), 1)
    for i, char in enumerate(ring_text):
        angle = start + i * span
        px, py = rotate_about((cx, cy - radius * 0.8), (cx, cy), angle)
        matrix = fitz.Matrix(angle)
        pg.page.insert_text(
            (px - size * 0.3, py),
            char,
            fontname="sansb",
            fontfile=font_path("sansb"),
            fontsize=size,
            color=colour,
            morph=(fitz.Point(px, py), matrix),
        )
    tilt = rng.uniform(-12, 12)
    for k, text in enumerate(centre):
        base = cy + (k - (len(centre) - 1) / 2) * size * 1.3 + size * 0.35
        w = text_width(text, "sansb", size)
        pg.page.insert_text(
            (cx - w / 2, base),
            text,
            fontname="sansb",
            fontfile=font_path("sansb"),
            fontsize=size,
            color=colour,
            morph=(fitz.Point(cx, cy), fitz.Matrix(tilt)),
        )
    pg.mark(
        "stamp",
        [cx - radius - 1, cy - radius - 1, cx + radius + 1, cy + radius + 1],
        " / ".join([ring_text.strip(" *·"), *centre]),
    )


def rect_stamp(
    pg: Page, rng: random.Random, x: float, y: float, texts: list[str], tilt: float | None = None
) -> None:
    """Rectangular receipt stamp, rotated a few degrees, in one ink colour."""
    colour = rng.choice(STAMP_COLOURS)
    tilt = rng.uniform(-5, 5) if tilt is None else tilt
    sizes = [9.5] + [8.0] * (len(texts) - 1)
    width = max(text_width(t, "monob", s) for t, s in zip(texts, sizes, strict=True)) + 14
    height = sum(s * 1.35 for s in sizes) + 8
    pivot = (x + width / 2, y + height / 2)
    corners = [
        rotate_about(c, pivot, tilt)
        for c in [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
    ]
    shape = pg.page.new_shape()
    shape.draw_polyline([*corners, corners[0]])
    shape.finish(color=colour, width=1.6, closePath=True, stroke_opacity=0.85)
    shape.commit()
    base = y + 4
    for text, size in zip(texts, sizes, strict=True):
        base += size * 1.3
        w = text_width(text, "monob", size)
        pg.page.insert_text(
            (pivot[0] - w / 2, base),
            text,
            fontname="monob",
            fontfile=font_path("monob"),
            fontsize=size,
            color=colour,
            morph=(fitz.Point(*pivot), fitz.Matrix(tilt)),
        )
    xs = [c[0] for c in corners]
    ys = [c[1] for c in corners]
    pg.mark("stamp", [min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1], " / ".join(texts))


def logo(pg: Page, rng: random.Random, x: float, y: float, size: float, style: str, colour) -> None:
    """Drawn logos: a cross in a circle, a leaf, stacked bars, a rod with a snake-like wave."""
    shape = pg.page.new_shape()
    if style == "cross":
        shape.draw_circle((x + size / 2, y + size / 2), size / 2)
        shape.finish(color=colour, width=1.5)
        t = size * 0.14
        shape.draw_rect(
            fitz.Rect(x + size / 2 - t, y + size * 0.2, x + size / 2 + t, y + size * 0.8)
        )
        shape.draw_rect(
            fitz.Rect(x + size * 0.2, y + size / 2 - t, x + size * 0.8, y + size / 2 + t)
        )
        shape.finish(color=colour, fill=colour)
    elif style == "leaf":
        shape.draw_bezier((x, y + size), (x, y), (x + size, y), (x + size, y))
        shape.draw_bezier((x + size, y), (x + size, y + size), (x, y + size), (x, y + size))
        shape.finish(color=colour, fill=colour, fill_opacity=0.6)
        shape.draw_line((x, y + size), (x + size * 0.8, y + size * 0.2))
        shape.finish(color=(1, 1, 1), width=1.2)
    elif style == "bars":
        for i in range(4):
            h = size * (0.35 + 0.2 * i)
            shape.draw_rect(
                fitz.Rect(x + i * size / 4, y + size - h, x + (i + 0.7) * size / 4, y + size)
            )
        shape.finish(color=colour, fill=colour)
    else:
        shape.draw_line((x + size / 2, y), (x + size / 2, y + size))
        shape.finish(color=colour, width=2)
        wave = [
            (x + size / 2 + math.sin(k / 3) * size * 0.28, y + size * 0.1 + k * size / 20)
            for k in range(18)
        ]
        shape.draw_polyline(wave)
        shape.finish(color=colour, width=1.4, closePath=False)
        shape.draw_rect(fitz.Rect(x, y, x + size, y + size))
        shape.finish(color=colour, width=1)
    shape.commit()
    pg.mark("logo", [x - 1, y - 1, x + size + 1, y + size + 1])


# ---------------------------------------------------------------- people, places, dates

FIRST = {
    "de": [
        "Anna",
        "Jürgen",
        "Bärbel",
        "Günter",
        "Sören",
        "Käthe",
        "Jörg",
        "Ülkü",
        "Friederike",
        "Maximilian",
        "Agnes",
        "Björn",
        "Zoë",
        "Theresa",
        "Dörte",
        "Hans-Peter",
        "Marie-Luise",
        "Ömer",
        "Wolfgang",
        "Rosemarie",
    ],
    "en": [
        "Siobhan",
        "Margaret",
        "Rhys",
        "Priya",
        "Eleanor",
        "Oluwaseun",
        "Hamish",
        "Gráinne",
        "Derek",
        "Fionnuala",
        "Ravinder",
        "Bethan",
        "Kwame",
        "Agnieszka",
        "Hugh",
    ],
}
SURNAMES = {
    "de": [
        "Müller-Lüdenscheidt",
        "Weiß",
        "Großmann",
        "Strauß",
        "Böhm",
        "Schäfer-Kühn",
        "Özdemir",
        "Nußbaumer",
        "Hölzl",
        "Grünwald",
        "Krämer",
        "von Bülow",
        "van der Meer",
        "Jäger-Eßlinger",
        "Brandstätter",
        "Pfeiffer",
        "Köhler",
        "Süßmilch",
        "zur Mühlen",
        "Öztürk-Maier",
    ],
    "ch": [
        "Weiss",
        "Grossmann",
        "Bühler",
        "Zürcher",
        "Näf",
        "von Wattenwyl",
        "Schärer-Gisler",
        "Lüthi",
        "Hänggi",
        "Dällenbach",
        "Brändli",
    ],
    "en": [
        "O'Connor",
        "Ashworth-Pryce",
        "Llewellyn",
        "Chakraborty",
        "van der Berg",
        "Fitzgerald",
        "Adeyemi",
        "McAllister",
        "Nowak",
        "Featherstonehaugh",
        "Okonkwo-Hart",
        "de la Cruz",
        "Pennington",
    ],
}
TITLES = {
    "de": [
        "Dr. med.",
        "Prof. Dr. med.",
        "Dr. med. univ.",
        "OA Dr.",
        "Priv.-Doz. Dr. med.",
        "Dr. rer. nat.",
        "Dipl.-Med.",
    ],
    "en": ["Dr", "Mr", "Ms", "Professor", "Dr"],
}
MONTHS_DE = [
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
]
MONTHS_EN = [
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
]


@dataclass
class Person:
    first: str
    last: str
    title: str = ""
    sex: str = "f"
    birth: tuple[int, int, int] = (1960, 1, 1)

    @property
    def key_surname(self) -> str:
        """The search term for the surname: first part of a double name, particles kept."""
        return self.last.split("-")[0]


def person(rng: random.Random, region: str, title: bool = False) -> Person:
    lang = "en" if region == "en" else "de"
    first = rng.choice(FIRST[lang])
    sex = (
        "m"
        if first
        in {
            "Jürgen",
            "Günter",
            "Sören",
            "Jörg",
            "Maximilian",
            "Björn",
            "Hans-Peter",
            "Ömer",
            "Wolfgang",
            "Rhys",
            "Oluwaseun",
            "Hamish",
            "Derek",
            "Ravinder",
            "Kwame",
            "Hugh",
        }
        else "f"
    )
    if region == "ch":
        first = first.replace("ß", "ss")
    birth = (rng.randint(1931, 2004), rng.randint(1, 12), rng.randint(1, 28))
    return Person(
        first,
        rng.choice(SURNAMES[region if region in SURNAMES else "de"]),
        rng.choice(TITLES[lang]) if title else "",
        sex,
        birth,
    )


def date_num(d: tuple[int, int, int]) -> str:
    return f"{d[2]:02d}.{d[1]:02d}.{d[0]}"


def date_long(d: tuple[int, int, int], region: str) -> str:
    if region == "en":
        return f"{d[2]} {MONTHS_EN[d[1] - 1]} {d[0]}"
    month = MONTHS_DE[d[1] - 1]
    if region == "at" and d[1] == 1:
        month = "Jänner"
    return f"{d[2]}. {month} {d[0]}"


def date_uk(d: tuple[int, int, int]) -> str:
    return f"{d[2]:02d}/{d[1]:02d}/{d[0]}"


def some_date(rng: random.Random) -> tuple[int, int, int]:
    return (rng.choice([2025, 2026]), rng.randint(1, 12), rng.randint(1, 28))


def nhs_number(rng: random.Random) -> str:
    digits = f"{rng.randint(100000000, 999999999)}"
    return f"{digits[:3]} {digits[3:6]} {digits[6:]}{rng.randint(0, 9)}"


def iban(rng: random.Random, country: str) -> str:
    length = {"DE": 18, "AT": 16, "CH": 17}[country]
    digits = "".join(str(rng.randint(0, 9)) for _ in range(length + 2))
    raw = country + digits
    return " ".join(raw[i : i + 4] for i in range(0, len(raw), 4))


ORGS = {
    "de": [
        (
            "Klinikum Am Weißen Berg",
            "Klinik für Innere Medizin und Gastroenterologie",
            "Weißenbergstraße 12",
            "34121 Kassel",
            "0561 48 20-0",
        ),
        (
            "St. Elisabeth-Krankenhaus Lübbenau",
            "Abteilung für Unfallchirurgie und Orthopädie",
            "Schloßallee 3",
            "03222 Lübbenau",
            "03542 871-0",
        ),
        (
            "Gemeinschaftspraxis Dres. Hölzl & Nußbaum",
            "Fachärzte für Allgemeinmedizin",
            "Marktplatz 7",
            "97070 Würzburg",
            "0931 35 44 10",
        ),
        (
            "Medizinisches Versorgungszentrum Rhein-Süd",
            "Radiologie · Nuklearmedizin",
            "Rheinuferweg 88",
            "50668 Köln",
            "0221 77 19 30",
        ),
        (
            "Labor Dr. Grünwald & Kollegen",
            "Laboratoriumsmedizin · Mikrobiologie",
            "Industriestraße 41",
            "70565 Stuttgart",
            "0711 90 37 4-0",
        ),
        (
            "Neurologische Praxis am Dom",
            "Dr. med. Friederike von Oeynhausen",
            "Domhof 2",
            "38100 Braunschweig",
            "0531 44 10 22",
        ),
        (
            "Löwen-Apotheke am Rathaus",
            "Inh. Apothekerin Dörte Süßmilch e.K.",
            "Rathausplatz 5",
            "79098 Freiburg",
            "0761 38 29 40",
        ),
        (
            "Praxis für Physiotherapie Bewegungsraum",
            "Krankengymnastik · Manuelle Therapie · Lymphdrainage",
            "Güterstraße 19",
            "90443 Nürnberg",
            "0911 26 48 37",
        ),
        (
            "Süddeutsche Krankenversicherung a.G.",
            "Leistungsabteilung - Ärztliche Berichte",
            "Postfach 10 12 40",
            "70011 Stuttgart",
            "0711 78 05-0",
        ),
    ],
    "at": [
        (
            "Ordination Dr. Brandstätter",
            "Fachärztin für Innere Medizin",
            "Mariahilfer Straße 114/7",
            "1070 Wien",
            "+43 1 523 87 40",
        ),
        (
            "Landeskrankenhaus Hochsteiermark",
            "Abteilung für Kardiologie",
            "Vordernberger Straße 42",
            "8700 Leoben",
            "+43 3842 401-0",
        ),
        (
            "Gruppenpraxis Allgemeinmedizin Eder & Hölzl OG",
            "Kassen und Wahlärzte",
            "Hauptplatz 9",
            "4020 Linz",
            "+43 732 77 12 90",
        ),
    ],
    "ch": [
        (
            "Kantonsspital Aarau-Süd",
            "Departement Medizin, Klinik für Nephrologie",
            "Tellstrasse 25",
            "5001 Aarau",
            "+41 62 838 41 41",
        ),
        (
            "Praxis Dr. med. Näf-Bühler",
            "Facharzt FMH für Allgemeine Innere Medizin",
            "Bahnhofstrasse 17",
            "8001 Zürich",
            "+41 44 211 30 55",
        ),
        (
            "Medics Labor Bern AG",
            "Medizinische Laboratorien FAMH",
            "Chutzenstrasse 24",
            "3007 Bern",
            "+41 31 372 20 02",
        ),
    ],
    "en": [
        (
            "Northbridge Teaching Hospitals NHS Foundation Trust",
            "Department of Respiratory Medicine",
            "Harcourt Road",
            "Sheffield S10 2JF",
            "0114 271 1900",
        ),
        (
            "Riverside Community Physiotherapy Service",
            "Musculoskeletal Outpatients",
            "Unit 4, Canal Wharf",
            "Leeds LS11 5PZ",
            "0113 392 4410",
        ),
        (
            "Ashgrove Pharmacy",
            "Community Pharmacy and Repeat Dispensing",
            "22 High Street",
            "Hebden Bridge HX7 8AD",
            "01422 84 20 17",
        ),
        (
            "Kingsmead Medical Practice",
            "General Practice",
            "Kingsmead Road",
            "Bath BA1 2QE",
            "01225 31 40 09",
        ),
        (
            "Pinnacle Health Insurance Ltd",
            "Claims Department",
            "PO Box 4410",
            "Bristol BS1 9XY",
            "0345 600 1234",
        ),
    ],
}


# ---------------------------------------------------------------- letter composer

BOTTOM = 745.0


@dataclass
class Style:
    body: str = "lsans"
    bold: str = "lsansb"
    size: float = 10.0
    leading: float = 1.38
    left: float = 70.0
    right: float = 530.0
    letterhead: str = "centered"
    accent: tuple = (0.1, 0.2, 0.45)
    underline_subject: bool = False
    logo: str = "cross"


class Composer:
    """Flows blocks down A4 pages; records every typeset line and mark in the page truth."""

    def __init__(
        self,
        doc: Any,
        style: Style,
        rng: random.Random,
        running_header: str | None,
        swiss: bool = False,
    ):
        self.doc, self.style, self.rng, self.running_header, self.swiss = (
            doc,
            style,
            rng,
            running_header,
            swiss,
        )
        self.pages: list[Page] = []
        self.y = 0.0
        self.new_page()

    def new_page(self) -> None:
        self.doc.new_page(width=A4[0], height=A4[1])
        self.pages.append(Page(self.doc, len(self.pages) + 1, self.swiss))
        self.y = 70.0
        if len(self.pages) > 1 and self.running_header:
            s = self.style
            self.pg.text(
                s.left, 52, self.running_header, s.body, s.size - 1.5, role="running_header"
            )
            self.pg.rule(s.left, 58, s.right, width=0.5)
            self.y = 84.0

    @property
    def pg(self) -> Page:
        return self.pages[-1]

    def ensure(self, height: float) -> None:
        if self.y + height > BOTTOM:
            self.new_page()

    def line(
        self,
        text: str,
        role: str = "body",
        key: str | None = None,
        size: float | None = None,
        x: float | None = None,
        underline: bool = False,
        align: str = "left",
    ) -> dict:
        size = size or self.style.size
        self.ensure(size * self.style.leading)
        self.y += size * self.style.leading
        x = self.style.left if x is None else x
        return self.pg.text(
            x, self.y, text, key or self.style.body, size, role, underline=underline, align=align
        )

    def para(
        self,
        text: str,
        role: str = "body",
        indent: float = 0.0,
        key: str | None = None,
        first_prefix: str = "",
    ) -> None:
        key = key or self.style.body
        width = self.style.right - self.style.left - indent
        words = (first_prefix + text).split()
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if text_width(trial, key, self.style.size) > width and current:
                self.line(current, role, key, x=self.style.left + indent)
                current = word
            else:
                current = trial
        if current:
            self.line(current, role, key, x=self.style.left + indent)
        self.y += self.style.size * 0.45

    def heading(self, text: str, underline: bool = False) -> None:
        self.ensure(self.style.size * 4)
        self.y += self.style.size * 0.4
        self.line(text, "heading", self.style.bold, self.style.size + 0.5, underline=underline)

    def items(self, texts: list[str], bullet: str) -> None:
        for text in texts:
            self.para(text, "list_item", indent=12, first_prefix=f"{bullet} ")
            self.y -= self.style.size * 0.35

    def table(
        self,
        header: list[str],
        rows: list[list[str]],
        columns: list[tuple[float, str]],
        kind: str = "grid",
        key: str | None = None,
    ) -> None:
        """Table styles: grid (full frame + row rules), zebra (shaded rows), open (rules above/below only)."""
        key = key or self.style.body
        size = self.style.size - 0.5
        pitch = size * 1.55
        self.ensure(pitch * (len(rows) + 2))
        top = self.y + 4
        if kind == "zebra":
            for i in range(len(rows)):
                if i % 2 == 0:
                    r = fitz.Rect(
                        self.style.left - 3,
                        top + pitch * (i + 1) + 2,
                        self.style.right,
                        top + pitch * (i + 2) + 2,
                    )
                    self.pg.page.draw_rect(r, color=None, fill=(0.9, 0.9, 0.9))
        base = top + pitch - 4
        cells = [
            (self.style.left + dx, h, align) for (dx, align), h in zip(columns, header, strict=True)
        ]
        self.pg.row(cells, base, self.style.bold, size, role="table_header")
        for i, row in enumerate(rows):
            base = top + pitch * (i + 2) - 4
            self.pg.row(
                [
                    (self.style.left + dx, t, align)
                    for (dx, align), t in zip(columns, row, strict=True)
                ],
                base,
                key,
                size,
            )
            if kind == "grid":
                self.pg.page.draw_line(
                    (self.style.left - 3, top + pitch * (i + 1) + 2),
                    (self.style.right, top + pitch * (i + 1) + 2),
                    color=(0.3, 0.3, 0.3),
                    width=0.4,
                )
        bottom = top + pitch * (len(rows) + 1) + 3
        if kind == "grid":
            self.pg.frame(
                (self.style.left - 3, top, self.style.right, bottom), kind="table", width=0.7
            )
        else:
            self.pg.page.draw_line(
                (self.style.left - 3, top), (self.style.right, top), color=(0, 0, 0), width=0.9
            )
            self.pg.page.draw_line(
                (self.style.left - 3, top + pitch + 2),
                (self.style.right, top + pitch + 2),
                color=(0, 0, 0),
                width=0.5,
            )
            self.pg.page.draw_line(
                (self.style.left - 3, bottom),
                (self.style.right, bottom),
                color=(0, 0, 0),
                width=0.9,
            )
            self.pg.mark(
                "table", [self.style.left - 3.5, top - 0.5, self.style.right + 0.5, bottom + 0.5]
            )
        self.y = bottom + 6

    def fields(
        self, pairs: list[tuple[str, str]], label_width: float = 150, boxed: bool = True
    ) -> None:
        """Form fields: a label and a typed value, the value in a drawn box."""
        for label, value in pairs:
            self.ensure(28)
            self.y += 20
            self.pg.text(
                self.style.left,
                self.y,
                label,
                self.style.body,
                self.style.size - 1,
                role="form_label",
            )
            x = self.style.left + label_width
            if boxed:
                self.pg.frame((x - 3, self.y - 12, self.style.right, self.y + 5), width=0.6)
            if value:
                self.pg.text(x, self.y, value, "mono", self.style.size, role="form_value")

    def options(self, options: list[tuple[str, bool]], per_row: int = 2) -> None:
        col = (self.style.right - self.style.left) / per_row
        for i, (label, checked) in enumerate(options):
            if i % per_row == 0:
                self.ensure(20)
                self.y += 17
            self.pg.checkbox(
                self.style.left + (i % per_row) * col,
                self.y,
                label,
                checked,
                self.style.body,
                self.style.size - 0.5,
            )

    def notice(self, text: str) -> None:
        """A framed notice (confidentiality, urgency)."""
        self.ensure(60)
        self.y += 6
        top = self.y
        old = (self.style.left, self.style.right)
        self.style.left, self.style.right = old[0] + 8, old[1] - 8
        self.para(text, "notice", key=self.style.body)
        self.style.left, self.style.right = old
        self.pg.frame((old[0], top, old[1], self.y + 2), width=1.0)
        self.y += 8

    def space(self, points: float) -> None:
        self.y += points


# ---------------------------------------------------------------- letterheads, address blocks, closings


def letterhead(c: Composer, org: tuple, doctors: list[str], region: str) -> None:
    """Five letterhead styles; the org tuple is (name, department, street, town, phone)."""
    s, pg, rng = c.style, c.pg, c.rng
    name, dept, street, town, phone = org
    if s.letterhead == "centered":
        mid = (s.left + s.right) / 2
        pg.text(mid, 58, name, s.bold, 15, role="letterhead", colour=s.accent, align="center")
        pg.text(mid, 74, dept, s.body, 9.5, role="letterhead", align="center")
        pg.text(
            mid,
            87,
            f"{street} · {town} · Tel. {phone}",
            s.body,
            8,
            role="letterhead",
            align="center",
        )
        pg.rule(s.left, 95, s.right, colour=s.accent, width=1.2)
    elif s.letterhead == "two_column":
        logo(pg, rng, s.left, 40, 38, s.logo, s.accent)
        pg.text(s.left + 48, 56, name, s.bold, 12.5, role="letterhead", colour=s.accent)
        pg.text(s.left + 48, 70, dept, s.body, 9, role="letterhead")
        y = 46
        for doctor in doctors:
            pg.text(s.right, y, doctor, s.body, 7.5, role="letterhead", align="right")
            y += 10
        pg.rule(s.left, max(y, 84) + 4, s.right, width=0.6)
    elif s.letterhead == "band":
        pg.page.draw_rect(fitz.Rect(0, 30, A4[0], 44), color=None, fill=s.accent)
        pg.mark("rule", [0, 30, A4[0], 44])
        pg.text(s.left, 66, name, s.bold, 14, role="letterhead")
        pg.text(s.left, 80, f"{dept} | {street}, {town}", s.body, 8.5, role="letterhead")
    elif s.letterhead == "nhs_right":
        box = (s.right - 64, 34, s.right, 60)
        pg.page.draw_rect(fitz.Rect(*box), color=None, fill=(0.0, 0.37, 0.72))
        pg.page.draw_line(
            (box[0] + 10, box[3] - 6), (box[0] + 22, box[1] + 6), color=(1, 1, 1), width=3
        )
        pg.page.draw_line(
            (box[0] + 30, box[3] - 6), (box[0] + 42, box[1] + 6), color=(1, 1, 1), width=3
        )
        pg.mark("logo", [box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1])
        pg.text(s.right, 76, name, s.bold, 10.5, role="letterhead", align="right")
        pg.text(s.right, 89, dept, s.body, 9, role="letterhead", align="right")
    else:  # logo_left
        logo(pg, rng, s.left, 36, 46, s.logo, s.accent)
        pg.text(s.left + 58, 54, name, s.bold, 13, role="letterhead")
        pg.text(s.left + 58, 68, dept, s.body, 9, role="letterhead", colour=s.accent)
        pg.text(s.left + 58, 80, f"{street}, {town}", s.body, 8.5, role="letterhead")


def din_address(c: Composer, org: tuple, recipient: list[str], info: list[tuple[str, str]]) -> None:
    """German/Austrian/Swiss letter: sender line over the window, address left, info block right."""
    s, pg = c.style, c.pg
    pg.text(
        s.left,
        132,
        f"{org[0]} · {org[2]} · {org[3]}",
        s.body,
        6.8,
        role="sender_line",
        underline=True,
    )
    y = 150
    for text in recipient:
        pg.text(s.left, y, text, s.body, s.size, role="address")
        y += s.size * 1.3
    iy = 132
    for label, value in info:
        pg.text(360, iy, label, s.body, 8, role="info")
        pg.text(440, iy, value, s.body, 8, role="info")
        iy += 11
    c.y = max(y, iy) + 34


def uk_address(
    c: Composer, org: tuple, recipient: list[str], info: list[tuple[str, str]], date: str
) -> None:
    """English letter: reference lines left, date right, address block below."""
    s, pg = c.style, c.pg
    y = 120
    for label, value in info:
        pg.text(s.left, y, f"{label}: {value}", s.body, 8.5, role="info")
        y += 11
    pg.text(s.right, 120, date, s.body, s.size, role="info", align="right")
    pg.text(s.right, 133, f"Tel: {org[4]}", s.body, 8.5, role="info", align="right")
    y += 16
    for text in recipient:
        pg.text(s.left, y, text, s.body, s.size, role="address")
        y += s.size * 1.3
    c.y = y + 18


def subject(c: Composer, lines: list[str]) -> None:
    for text in lines:
        c.line(text, "subject", c.style.bold, underline=c.style.underline_subject)
    c.space(10)


def closing(c: Composer, text: str, signers: list[tuple[str, str]], crossing: bool) -> None:
    """Closing words, pen signatures above (or across) the typed names, one column per signer."""
    c.ensure(72)
    c.space(6)
    c.line(text, "closing")
    top = c.y
    width = (c.style.right - c.style.left) / max(len(signers), 1)
    for i, (name, title) in enumerate(signers):
        x = c.style.left + i * width
        base = top + (34 if crossing else 30)
        signature(
            c.pg,
            c.rng,
            x + c.rng.uniform(0, 20),
            base - (0 if crossing else 4),
            min(width - 20, 170),
        )
        c.pg.text(x, top + 44, name, c.style.body, c.style.size, role="signature_name")
        c.pg.text(
            x,
            top + 44 + c.style.size * 1.25,
            title,
            c.style.body,
            c.style.size - 1.5,
            role="signature_title",
        )
    c.y = top + 44 + c.style.size * 1.3


def footers(c: Composer, lines: list[str], page_label: str | None) -> None:
    """Footer lines (bank details, register) on every page; page numbers 'Seite n von m'."""
    total = len(c.pages)
    for pg in c.pages:
        y = 790 - 10 * len(lines)
        if lines:
            pg.rule(c.style.left, y - 10, c.style.right, width=0.4)
        for text in lines:
            pg.text(
                (c.style.left + c.style.right) / 2,
                y,
                text,
                c.style.body,
                6.8,
                role="footer",
                align="center",
            )
            y += 9.5
        if page_label and total > 1:
            pg.text(
                c.style.right,
                812,
                page_label.format(n=pg.number, m=total),
                c.style.body,
                8,
                role="page_number",
                align="right",
            )


# ---------------------------------------------------------------- document content

DIAGNOSES_DE = [
    "Ambulant erworbene Pneumonie rechts basal (J18.9)",
    "Arterielle Hypertonie, medikamentös eingestellt (I10.90)",
    "Diabetes mellitus Typ 2 mit Polyneuropathie (E11.40)",
    "Chronische Niereninsuffizienz Stadium G3b (N18.3)",
    "Vorhofflimmern, paroxysmal, CHA2DS2-VASc 4 (I48.0)",
    "Symptomatische Cholezystolithiasis (K80.20)",
    "Eisenmangelanämie bei Hypermenorrhoe (D50.0)",
    "Hypothyreose nach Strumektomie 2011 (E89.0)",
    "Gonarthrose links, Kellgren-Lawrence III (M17.1)",
    "Lumbale Spinalkanalstenose L4/5 (M48.06)",
    "Exazerbierte COPD GOLD 3 (J44.1)",
    "Herzinsuffizienz mit reduzierter Pumpfunktion (I50.13)",
]
DIAGNOSES_EN = [
    "Community-acquired pneumonia, right lower lobe",
    "Asthma, partly controlled",
    "Type 2 diabetes mellitus with microalbuminuria",
    "Obstructive sleep apnoea, moderate (AHI 24)",
    "Sarcoidosis, stage II, under surveillance",
    "Iron deficiency anaemia",
    "Bronchiectasis with Pseudomonas colonisation",
    "Hypertension",
    "Osteoarthritis of the right hip",
]
MEDS_DE = [
    ("Ramipril", "5 mg", "1-0-0"),
    ("Metformin", "1000 mg", "1-0-1"),
    ("Bisoprolol", "2,5 mg", "1-0-0"),
    ("Apixaban", "5 mg", "1-0-1"),
    ("Pantoprazol", "40 mg", "1-0-0"),
    ("Torasemid", "10 mg", "1-0-0"),
    ("L-Thyroxin", "75 µg", "1-0-0"),
    ("Atorvastatin", "20 mg", "0-0-1"),
    ("Metamizol", "500 mg", "bei Bedarf"),
    ("Empagliflozin", "10 mg", "1-0-0"),
]
MEDS_EN = [
    ("Salbutamol inhaler", "100 micrograms", "2 puffs PRN"),
    ("Amlodipine", "5 mg", "once daily"),
    ("Ferrous fumarate", "210 mg", "twice daily"),
    ("Prednisolone", "30 mg", "once daily for 5 days"),
    ("Doxycycline", "100 mg", "once daily"),
    ("Fostair 100/6", "1 puff", "twice daily"),
]
LABS_DE = [
    ("Hämoglobin", "g/dl", (9.1, 15.8), "12,0 - 16,0"),
    ("Leukozyten", "/nl", (3.1, 14.9), "4,0 - 10,0"),
    ("Thrombozyten", "/nl", (120, 460), "150 - 400"),
    ("Natrium", "mmol/l", (128, 146), "135 - 145"),
    ("Kalium", "mmol/l", (3.1, 5.9), "3,5 - 5,1"),
    ("Kreatinin", "mg/dl", (0.6, 2.8), "0,5 - 1,1"),
    ("eGFR (CKD-EPI)", "ml/min", (18, 96), "> 60"),
    ("CRP", "mg/l", (0.4, 187), "< 5,0"),
    ("HbA1c", "%", (5.1, 9.8), "< 5,7"),
    ("TSH basal", "mU/l", (0.2, 7.9), "0,27 - 4,20"),
    ("Ferritin", "µg/l", (6, 390), "15 - 150"),
    ("GPT (ALT)", "U/l", (11, 140), "< 35"),
    ("NT-proBNP", "pg/ml", (60, 4800), "< 125"),
]
LABS_EN = [
    ("Haemoglobin", "g/L", (88, 162), "115 - 165"),
    ("White cell count", "x10^9/L", (3.2, 15.1), "4.0 - 11.0"),
    ("Platelets", "x10^9/L", (110, 480), "150 - 400"),
    ("Sodium", "mmol/L", (129, 147), "133 - 146"),
    ("Potassium", "mmol/L", (3.2, 5.8), "3.5 - 5.3"),
    ("Creatinine", "umol/L", (55, 240), "45 - 84"),
    ("C-reactive protein", "mg/L", (1, 160), "< 5"),
    ("Ferritin", "ug/L", (5, 320), "30 - 400"),
    ("Vitamin B12", "ng/L", (120, 880), "197 - 771"),
]


def lab_value(rng: random.Random, low: float, high: float, comma: bool) -> str:
    value = rng.uniform(low, high)
    text = f"{value:.0f}" if high > 50 else f"{value:.1f}"
    return text.replace(".", ",") if comma else text


def lab_rows(rng: random.Random, lang: str, count: int) -> list[list[str]]:
    rows = []
    for name, unit, (low, high), ref in rng.sample(
        LABS_DE if lang == "de" else LABS_EN, min(count, len(LABS_DE if lang == "de" else LABS_EN))
    ):
        value = lab_value(rng, low, high, lang == "de")
        number = float(value.replace(",", "."))
        ref_nums = [float(x.replace(",", ".")) for x in re.findall(r"[\d,.]+", ref)]
        flag = ""
        if ref.startswith(("<", ">")):
            flag = (
                "H"
                if ref.startswith("<") and number > ref_nums[0]
                else ("L" if ref.startswith(">") and number < ref_nums[0] else "")
            )
        elif len(ref_nums) == 2:
            flag = "H" if number > ref_nums[1] else ("L" if number < ref_nums[0] else "")
        rows.append([name, value, unit, ref, flag])
    return rows


@dataclass
class Built:
    doc_id: str
    kind: str
    doc_type: str
    language: str
    patient: str
    pdf: Any
    pages: list[Page]
    terms: list[str]


def salutation(rng: random.Random, lang: str, recipient: Person) -> str:
    if lang == "en":
        return f"Dear {recipient.title} {recipient.last},"
    if recipient.sex == "f":
        return rng.choice(
            [
                "Sehr geehrte Frau Kollegin,",
                f"Sehr geehrte Frau {recipient.title} {recipient.last},",
                "Liebe Kollegin,",
            ]
        )
    return rng.choice(
        [
            "Sehr geehrter Herr Kollege,",
            f"Sehr geehrter Herr {recipient.title} {recipient.last},",
            "Lieber Kollege,",
        ]
    )


def patient_line(p: Person, region: str) -> str:
    if region == "en":
        return f"Re: {p.first} {p.last.upper()}, DOB {date_uk(p.birth)}"
    prefix = {"at": "Betrifft:", "ch": "Betreff:", "de": "Patient/in:"}[region]
    return f"{prefix} {p.last}, {p.first}, geb. {date_num(p.birth)}"


def sections_de(
    rng: random.Random, doc_type: str, p: Person, region: str, long: bool
) -> tuple[list, list[str]]:
    """Blocks for a German-language clinical letter and the terms taken from them."""
    diags = rng.sample(DIAGNOSES_DE, 4 if long else 2)
    meds = rng.sample(MEDS_DE, 5 if long else 3)
    pron = "Ihre Patientin" if p.sex == "f" else "Ihren Patienten"
    rel = "die" if p.sex == "f" else "der"
    admitted = some_date(rng)
    left = (admitted[0], admitted[1], min(admitted[2] + rng.randint(3, 12), 28))
    opening = {
        "entlassbrief": f"wir berichten über {pron} {p.first} {p.last}, {rel} sich vom {date_num(admitted)} bis zum {date_num(left)} in unserer stationären Behandlung befand.",
        "befundbericht": f"vielen Dank für die Zuweisung {'Ihrer Patientin' if p.sex == 'f' else 'Ihres Patienten'}, {'die' if p.sex == 'f' else 'den'} wir am {date_num(admitted)} in unserer Ordination gesehen haben.",
        "neurologie": f"am {date_num(admitted)} stellte sich {pron} in unserer Sprechstunde zur Abklärung rezidivierender Schwindelattacken und Parästhesien der linken Hand vor.",
        "reha": f"{pron} absolvierte vom {date_num(admitted)} bis {date_num(left)} eine ganztägig ambulante Rehabilitationsmaßnahme in unserem Zentrum.",
    }.get(doc_type, f"wir berichten über die ambulante Vorstellung vom {date_num(admitted)}.")
    blocks: list = [("p", opening), ("h", "Diagnosen:"), ("l", diags)]
    blocks.append(("h", "Anamnese"))
    blocks.append(
        (
            "p",
            rng.choice(
                [
                    "Seit etwa drei Wochen zunehmende Belastungsdyspnoe, nächtlicher Husten und Abgeschlagenheit. Kein Fieber, kein Gewichtsverlust. Nikotinabusus bis 2019 (ca. 25 pack years).",
                    "Die Beschwerden bestehen seit dem Frühjahr, anfangs nur beim Treppensteigen, inzwischen auch in Ruhe. Stürze werden verneint. Die Patientin lebt allein im 3. Stock ohne Aufzug.",
                    "Bekannte Multimorbidität. Aktuell Verschlechterung des Allgemeinzustandes mit Übelkeit und Appetitlosigkeit; die Trinkmenge liegt nach Angaben der Angehörigen unter einem Liter täglich.",
                ]
            ),
        )
    )
    labs = lab_rows(rng, "de", 5 if long else 3)
    blocks.append(("h", "Laborbefunde vom " + date_num(left)))
    blocks.append(
        (
            "t",
            ["Parameter", "Wert", "Einheit", "Referenz", ""],
            [r for r in labs],
            [(0, "left"), (150, "left"), (210, "left"), (290, "left"), (380, "left")],
            rng.choice(["grid", "open"]),
        )
    )
    if long:
        blocks.append(("h", "Verlauf und Therapie"))
        blocks.append(
            (
                "p",
                "Unter intravenöser antibiotischer Therapie mit Ampicillin/Sulbactam kam es zu einer raschen Entfieberung und einem Rückgang der Entzündungswerte. Die Mobilisation gelang zügig, zuletzt war die Patientin auf Stationsebene selbständig mobil. Eine Kontrolle des Röntgen-Thorax zeigte eine deutliche Regredienz des Infiltrats.",
            )
        )
        blocks.append(
            (
                "p",
                "Die antihypertensive Medikation wurde angepasst. Wir bitten um regelmäßige Blutdruckkontrollen sowie um eine Kontrolle der Nierenretentionsparameter und des Kaliums in einer Woche.",
            )
        )
        blocks.append(("break",))
    blocks.append(
        (
            "h",
            "Medikation bei Entlassung" if doc_type == "entlassbrief" else "Empfohlene Medikation",
        )
    )
    blocks.append(
        (
            "t",
            ["Wirkstoff", "Stärke", "Dosierung"],
            [list(m) for m in meds],
            [(0, "left"), (170, "left"), (260, "left")],
            "open",
        )
    )
    blocks.append(("h", "Procedere"))
    blocks.append(
        (
            "p",
            rng.choice(
                [
                    "Wiedervorstellung in unserer Ambulanz in drei Monaten mit aktuellem Labor. Bei Verschlechterung jederzeit früher.",
                    "Wir empfehlen eine Wiederholung der Echokardiographie in sechs Monaten sowie eine Anpassung der Diuretikadosis nach Gewichtsverlauf.",
                    "Eine neurologische Kontrolle mit Elektroneurographie ist für das kommende Quartal geplant; der Termin wird der Patientin schriftlich mitgeteilt.",
                ]
            ),
        )
    )
    diag_word = max(re.sub(r"[,(].*", "", diags[0]).split(), key=len)
    terms = [diag_word, labs[0][0], labs[0][1], date_num(admitted), meds[0][0]]
    return blocks, terms


def sections_en(rng: random.Random, doc_type: str, p: Person, long: bool) -> tuple[list, list[str]]:
    diags = rng.sample(DIAGNOSES_EN, 3 if long else 2)
    meds = rng.sample(MEDS_EN, 4 if long else 2)
    seen = some_date(rng)
    he = "she" if p.sex == "f" else "he"
    blocks: list = [("h", "Diagnoses"), ("l", diags)]
    blocks.append(("h", "Current medication"))
    blocks.append(("l", [f"{m[0]} {m[1]} {m[2]}" for m in meds]))
    blocks.append(
        (
            "p",
            f"I reviewed {p.first} in the {'respiratory' if doc_type == 'nhs_clinic' else 'outpatient'} clinic on {date_long(seen, 'en')}. {he.capitalize()} reports a gradual improvement in breathlessness since the last appointment, although {he} still becomes short of breath walking uphill. There has been no haemoptysis and no weight loss.",
        )
    )
    labs = lab_rows(rng, "en", 4)
    blocks.append(("h", "Investigations"))
    blocks.append(
        (
            "t",
            ["Test", "Result", "Units", "Range", "Flag"],
            labs,
            [(0, "left"), (150, "right"), (165, "left"), (260, "left"), (360, "left")],
            "open",
        )
    )
    if long:
        blocks.append(
            (
                "p",
                "Spirometry today showed an FEV1 of 1.92 L (68% predicted) with an FEV1/FVC ratio of 0.61, unchanged from the previous study. A high-resolution CT scan of the chest has been requested to exclude progression of the bronchiectatic changes in the lower lobes.",
            )
        )
        blocks.append(("break",))
        blocks.append(("h", "Plan"))
        blocks.append(
            (
                "l",
                [
                    "Continue current inhaler regime and check inhaler technique at each visit.",
                    "Sputum culture to be sent by the practice nurse if symptoms worsen.",
                    "Annual influenza and updated pneumococcal vaccination recommended.",
                    f"Follow-up appointment in the respiratory clinic in four months; {he} will receive a letter with the date.",
                ],
            )
        )
    else:
        blocks.append(("h", "Plan"))
        blocks.append(
            (
                "p",
                "I would be grateful if you could repeat the full blood count and ferritin in six weeks. I have not arranged a further hospital appointment but would be happy to see the patient again should the symptoms recur.",
            )
        )
    terms = [
        diags[0].split()[0].strip(","),
        labs[0][0],
        labs[0][1],
        date_long(seen, "en"),
        meds[0][0].split()[0],
    ]
    return blocks, terms


def run_blocks(c: Composer, blocks: list, bullet: str) -> None:
    for block in blocks:
        kind = block[0]
        if kind == "p":
            c.para(block[1])
        elif kind == "h":
            c.heading(block[1], underline=c.style.underline_subject and c.rng.random() < 0.3)
        elif kind == "l":
            c.items(block[1], bullet)
            c.space(c.style.size * 0.5)
        elif kind == "t":
            c.table(block[1], block[2], block[3], block[4])
        elif kind == "break" and len(c.pages) == 1:
            c.new_page()


def receipt_texts(rng: random.Random, region: str, received: tuple[int, int, int]) -> list[str]:
    months = (
        ["JAN", "FEB", "MRZ", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"]
        if region != "en"
        else ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    )
    head = {"en": "RECEIVED", "at": "EINGELANGT", "ch": "EINGANG"}.get(region, "EINGEGANGEN")
    return [
        head,
        f"{received[2]:02d}. {months[received[1] - 1]} {received[0]}",
        rng.choice(["Praxis", "Sekretariat", "Ambulanz", "Post"]),
    ]


BANKS = {
    "de": lambda rng: (
        f"Bankverbindung: {rng.choice(['Sparkasse Kassel', 'Volksbank Köln Bonn', 'Deutsche Apotheker- und Ärztebank'])} · IBAN {iban(rng, 'DE')} · BIC {rng.choice(['HELADEF1KAS', 'GENODED1BRS', 'DAAEDEDDXXX'])}"
    ),
    "at": lambda rng: (
        f"Bankverbindung: {rng.choice(['Raiffeisenlandesbank OÖ', 'Erste Bank', 'Steiermärkische Sparkasse'])} · IBAN {iban(rng, 'AT')} · BIC {rng.choice(['RZOOAT2L', 'GIBAATWWXXX', 'STSPAT2GXXX'])}"
    ),
    "ch": lambda rng: (
        f"Bankverbindung: {rng.choice(['PostFinance', 'Aargauische Kantonalbank', 'Zürcher Kantonalbank'])} · IBAN {iban(rng, 'CH')} · BIC {rng.choice(['POFICHBEXXX', 'KBAGCH22XXX', 'ZKBKCHZZ80A'])}"
    ),
}


def clinical_letter(
    doc_id: str,
    rng: random.Random,
    region: str,
    doc_type: str,
    style: Style,
    long: bool,
    stamp: str,
) -> Built:
    """Discharge letters, consultant reports, NHS clinic letters: address, subject, sections, signatures."""
    lang = "en" if region == "en" else "de"
    org = rng.choice(
        [
            o
            for o in ORGS[region]
            if not re.search(
                r"Labor|Pharmacy|Insurance|Physiotherap|Apotheke|Versicherung", o[0], re.IGNORECASE
            )
        ]
    )
    p = person(rng, region)
    recipient = person(rng, region, title=True)
    doctors = [person(rng, region, title=True) for _ in range(4)]
    pdf = fitz.open()
    header = (
        f"{p.last}, {p.first}, geb. {date_num(p.birth)}"
        if lang == "de"
        else f"{p.first} {p.last.upper()} - NHS No. {nhs_number(rng)}"
    )
    c = Composer(pdf, style, rng, header if long else None, swiss=region == "ch")
    letterhead(c, org, [f"{d.title} {d.first} {d.last}" for d in doctors], region)
    date = some_date(rng)
    if lang == "de":
        case = f"{rng.randint(10, 99)}/{rng.randint(100000, 999999)}"
        info = [
            ("Datum:", date_num(date)),
            ("Fall-Nr.:", case),
            ("Telefon:", org[4]),
            ("Unser Zeichen:", f"{doctors[0].last[:2].upper()}/{rng.choice(['kö', 'mü', 'sr'])}"),
        ]
        if region == "at":
            info[1] = (
                "SVNR:",
                f"{rng.randint(1000, 9999)} {p.birth[2]:02d}{p.birth[1]:02d}{p.birth[0] % 100:02d}",
            )
        if region == "ch":
            info[1] = (
                "AHV-Nr.:",
                f"756.{rng.randint(1000, 9999)}.{rng.randint(1000, 9999)}.{rng.randint(10, 99)}",
            )
        din_address(
            c,
            org,
            [
                f"{'Frau' if recipient.sex == 'f' else 'Herrn'} {recipient.title}",
                f"{recipient.first} {recipient.last}",
                f"{rng.choice(['Lindenweg', 'Hauptstraße', 'Am Anger', 'Kirchgasse'])} {rng.randint(1, 80)}",
                rng.choice(ORGS[region])[3],
            ],
            info,
        )
        title = {
            "entlassbrief": "Entlassungsbericht",
            "befundbericht": "Befundbericht",
            "neurologie": "Neurologischer Befundbericht",
            "reha": "Reha-Entlassungsbericht",
            "austritt": "Austrittsbericht",
        }[doc_type]
        subject(c, [title, patient_line(p, region)])
        ident = info[1][1]
    else:
        nhs = nhs_number(rng)
        info = [
            ("Our ref", f"{doctors[0].last[:3].upper()}/{rng.randint(1000, 9999)}"),
            ("NHS No", nhs),
            ("Hospital No", f"K{rng.randint(1000000, 9999999)}"),
        ]
        uk_address(
            c,
            org,
            [
                f"{recipient.title} {recipient.first[0]} {recipient.last}",
                rng.choice(ORGS["en"])[0],
                rng.choice(ORGS["en"])[2],
                rng.choice(ORGS["en"])[3],
            ],
            info,
            date_long(date, "en"),
        )
        c.line(salutation(rng, lang, recipient))
        c.space(6)
        subject(c, [patient_line(p, region), f"Clinic date: {date_long(date, 'en')}"])
        ident = nhs
    if lang == "de":
        c.line(salutation(rng, lang, recipient))
        c.space(6)
        blocks, terms = sections_de(rng, doc_type, p, region, long)
        run_blocks(c, blocks, rng.choice(["-", "•", "–"]))
        close = {"ch": "Freundliche Grüsse", "at": "Mit freundlichen kollegialen Grüßen"}.get(
            region, "Mit freundlichen Grüßen"
        )
    else:
        blocks, terms = sections_en(rng, doc_type, p, long)
        run_blocks(c, blocks, "•")
        close = "Yours sincerely"
    signers = [
        (f"{d.title} {d.first} {d.last}", t)
        for d, t in zip(
            doctors[:2],
            (
                [
                    "Oberärztin" if doctors[0].sex == "f" else "Oberarzt",
                    "Chefärztin der Klinik" if doctors[1].sex == "f" else "Chefarzt der Klinik",
                ]
                if lang == "de"
                else ["Consultant Respiratory Physician", "Specialty Registrar"]
            ),
            strict=True,
        )
    ]
    closing(c, close, signers[: rng.choice([1, 2])], crossing=rng.random() < 0.5)
    place_stamp(c, rng, region, stamp, date)
    bank = (
        [f"{org[0]} · {org[2]} · {org[3]}", BANKS[region](rng)]
        if lang == "de"
        else [
            f"Chair: {person(rng, 'en').first} {person(rng, 'en').last} · Chief Executive: {person(rng, 'en').first} {person(rng, 'en').last}",
            "Please quote the hospital number on all correspondence",
        ]
    )
    footers(c, bank, "Seite {n} von {m}" if lang == "de" else "Page {n} of {m}")
    terms += [
        p.key_surname,
        date_num(p.birth) if lang == "de" else date_uk(p.birth),
        doctors[0].last.split("-")[0],
        ident,
    ]
    return Built(doc_id, "letter", doc_type, lang, f"{p.first} {p.last}", pdf, c.pages, terms)


def place_stamp(
    c: Composer, rng: random.Random, region: str, stamp: str, date: tuple[int, int, int]
) -> None:
    """Stamps overlap text on purpose: the receipt stamp over the info block, the round one over the signature."""
    received = (date[0], date[1], min(date[2] + rng.randint(1, 3), 28))
    first, last = c.pages[0], c.pg
    if stamp in ("rect", "both"):
        rect_stamp(
            first,
            rng,
            rng.uniform(370, 420),
            rng.uniform(95, 150),
            receipt_texts(rng, region, received),
        )
    if stamp in ("round", "both"):
        ring = {
            "en": " * OUTPATIENT CLINIC * SHEFFIELD",
            "ch": " * KANTONSSPITAL * AARAU-SÜD",
            "at": " * ORDINATION * WIEN * KASSE",
        }.get(region, " * PRAXIS * VERTRAGSARZT * KASSEL")
        cx = c.style.left + rng.uniform(190, 290)
        round_stamp(
            last,
            rng,
            cx,
            min(c.y - 25, 750),
            rng.uniform(30, 38),
            ring,
            [
                f"{date[2]:02d}.{date[1]:02d}.{date[0] % 100:02d}",
                "BSNR 7812345" if region == "de" else "Nr. 4711",
            ],
        )


def new_doc(
    rng: random.Random, region: str, style: Style, header: str | None = None, org_word: str = ""
) -> tuple[Any, Composer, tuple, Person, list[Person]]:
    orgs = (
        [o for o in ORGS[region] if re.search(org_word, o[0] + " " + o[1], re.IGNORECASE)]
        if org_word
        else ORGS[region]
    )
    org = rng.choice(orgs or ORGS[region])
    p = person(rng, region)
    doctors = [person(rng, region, title=True) for _ in range(3)]
    pdf = fitz.open()
    c = Composer(pdf, style, rng, header, swiss=region == "ch")
    letterhead(c, org, [f"{d.title} {d.first} {d.last}" for d in doctors], region)
    return pdf, c, org, p, doctors


def lab_report(doc_id: str, rng: random.Random, region: str, style: Style, kind: str) -> Built:
    """Lab report: patient block in a frame, a results table (zebra, grid or open), validation line."""
    lang = "en" if region == "en" else "de"
    pdf, c, org, p, doctors = new_doc(rng, region, style, org_word="Labor|Trust")
    sample = some_date(rng)
    order = f"{rng.randint(2400000000, 2499999999)}"
    c.y = 112
    top = c.y
    if lang == "de":
        pairs = [
            ("Patient:", f"{p.last}, {p.first}"),
            ("Geburtsdatum:", date_num(p.birth)),
            ("Auftragsnummer:", order),
            ("Probeneingang:", f"{date_num(sample)} {rng.randint(7, 11)}:{rng.randint(10, 59)}"),
            ("Einsender:", f"{doctors[1].title} {doctors[1].last}"),
        ]
    else:
        pairs = [
            ("Patient:", f"{p.last}, {p.first}"),
            ("DOB:", date_uk(p.birth)),
            ("Lab No:", order),
            ("Collected:", f"{date_uk(sample)} {rng.randint(7, 11)}:{rng.randint(10, 59)}"),
            ("Requested by:", f"{doctors[1].title} {doctors[1].last}"),
        ]
    for label, value in pairs:
        c.y += 13
        c.pg.text(c.style.left + 6, c.y, label, c.style.bold, 9, role="info")
        c.pg.text(c.style.left + 110, c.y, value, c.style.body, 9, role="info")
    c.pg.frame((c.style.left, top, c.style.left + 330, c.y + 6), width=0.8)
    c.y += 24
    c.line(
        "Befund - Klinische Chemie und Hämatologie"
        if lang == "de"
        else "Report - Clinical Biochemistry and Haematology",
        "heading",
        c.style.bold,
        11.5,
        underline=style.underline_subject,
    )
    rows = lab_rows(rng, lang, rng.randint(8, 11))
    head = (
        ["Analyse", "Ergebnis", "Einheit", "Referenzbereich", "Kennz."]
        if lang == "de"
        else ["Analyte", "Result", "Units", "Reference range", "Flag"]
    )
    c.table(
        head,
        rows,
        [(0, "left"), (185, "right"), (200, "left"), (290, "left"), (420, "left")],
        kind,
        key=style.body,
    )
    c.space(8)
    c.para(
        "Befund technisch und medizinisch validiert. Mit H/L gekennzeichnete Werte liegen außerhalb des Referenzbereichs."
        if lang == "de"
        else "Results outside the reference range are flagged H (high) or L (low). Haemolysed samples may give falsely raised potassium.",
        "notice",
    )
    c.space(10)
    c.line(
        f"Validiert: {date_num(sample)}, {doctors[0].title} {doctors[0].first} {doctors[0].last}"
        if lang == "de"
        else f"Authorised: {date_uk(sample)} by {doctors[0].title} {doctors[0].last}",
        "signature_name",
    )
    signature(c.pg, rng, c.style.left + 250, c.y - 2, 140)
    footers(
        c,
        [
            f"{org[0]} · {org[2]} · {org[3]} · Tel. {org[4]}",
            "Akkreditiert nach DIN EN ISO 15189"
            if lang == "de"
            else "UKAS accredited medical laboratory No. 8123",
        ],
        None,
    )
    flagged = next((r for r in rows if r[4]), rows[0])
    terms = [
        p.key_surname,
        pairs[1][1],
        order,
        rows[0][0],
        rows[0][1],
        flagged[0],
        flagged[1],
        doctors[0].last.split("-")[0],
    ]
    return Built(doc_id, "letter", "lab_report", lang, f"{p.first} {p.last}", pdf, c.pages, terms)


def pharmacy_query(doc_id: str, rng: random.Random, region: str, style: Style) -> Built:
    """A pharmacy asks the prescriber about a prescription; reply boxes to tick and fax back."""
    lang = "en" if region == "en" else "de"
    pdf, c, org, p, _ = new_doc(rng, region, style, org_word="Pharmacy|Apotheke")
    prescriber = person(rng, region, title=True)
    date = some_date(rng)
    meds = rng.sample(MEDS_DE if lang == "de" else MEDS_EN, 2)
    c.y = 120
    if lang == "de":
        c.line(f"An: Praxis {prescriber.title} {prescriber.first} {prescriber.last}", "fax_field")
        c.line(f"Datum: {date_num(date)}      Rückfax erbeten an: {org[4]}", "fax_field")
        c.space(12)
        subject(c, ["Rückfrage zur Verordnung vom " + date_num(date)])
        c.line(f"Patient/in: {p.last}, {p.first}, geb. {date_num(p.birth)}", "info")
        c.space(8)
        c.para(
            f"Sehr geehrte Damen und Herren, auf dem uns vorliegenden Rezept ist {meds[0][0]} {meds[0][1]} verordnet. Laut Medikationsplan nimmt die Patientin bereits {meds[1][0]} ein. Bitte prüfen Sie die Kombination und teilen Sie uns mit, wie wir verfahren sollen."
        )
        c.table(
            ["Verordnet", "Stärke", "Dosierung"],
            [list(m) for m in meds],
            [(0, "left"), (170, "left"), (260, "left")],
            "grid",
        )
        c.line("Antwort der Praxis (bitte ankreuzen):", "heading", c.style.bold)
        c.options(
            [
                ("Abgabe wie verordnet", False),
                ("Dosis ändern auf:", False),
                ("Präparat absetzen", False),
                ("Rückruf erbeten", False),
            ]
        )
        c.space(10)
        c.fields([("Unterschrift / Praxisstempel", "")], 150)
        closing_line = "Mit freundlichen Grüßen, Ihr Apothekenteam"
    else:
        c.line(
            f"To: {prescriber.title} {prescriber.first} {prescriber.last}, {rng.choice(ORGS['en'])[0]}",
            "fax_field",
        )
        c.line(f"Date: {date_uk(date)}     Please reply to: {org[4]}", "fax_field")
        c.space(12)
        subject(c, ["Prescription query"])
        c.line(f"Patient: {p.first} {p.last}   DOB: {date_uk(p.birth)}", "info")
        c.space(8)
        c.para(
            f"We have received an electronic prescription for {meds[0][0]} {meds[0][1]} {meds[0][2]}. Our records show that the patient also collects {meds[1][0]}. Could you please confirm the intended dose and whether both items should be supplied?"
        )
        c.table(
            ["Item", "Strength", "Directions"],
            [list(m) for m in meds],
            [(0, "left"), (170, "left"), (260, "left")],
            "grid",
        )
        c.line("Prescriber's response (please tick):", "heading", c.style.bold)
        c.options(
            [
                ("Supply as prescribed", False),
                ("Amend dose to:", False),
                ("Stop this item", False),
                ("Please telephone", False),
            ]
        )
        c.space(10)
        c.fields([("Signature / practice stamp", "")], 150)
        closing_line = f"Kind regards, {person(rng, 'en').first}, Pharmacist"
    c.space(16)
    c.line(closing_line, "closing")
    footers(c, [f"{org[0]} · {org[2]} · {org[3]} · Tel. {org[4]}"], None)
    terms = [
        p.key_surname,
        date_num(p.birth) if lang == "de" else date_uk(p.birth),
        meds[0][0].split()[0],
        meds[1][0].split()[0],
        prescriber.last.split("-")[0],
        date_num(date) if lang == "de" else date_uk(date),
        org[4],
    ]
    return Built(
        doc_id, "letter", "pharmacy_query", lang, f"{p.first} {p.last}", pdf, c.pages, terms
    )


def physio_report(doc_id: str, rng: random.Random, region: str, style: Style) -> Built:
    """Physiotherapy report: goniometry table, bold headings, a list of exercises."""
    lang = "en" if region == "en" else "de"
    pdf, c, org, p, _ = new_doc(rng, region, style, org_word="Physio|Orthopädie")
    date = some_date(rng)
    sessions = rng.randint(6, 12)
    referrer = person(rng, region, title=True)
    c.y = 118
    if lang == "de":
        subject(
            c, [f"Therapiebericht Physiotherapie - {p.first} {p.last}, geb. {date_num(p.birth)}"]
        )
        c.line(
            f"Verordnung: {sessions} x Krankengymnastik, ausgestellt von {referrer.title} {referrer.last}",
            "info",
        )
        c.line(f"Behandlungszeitraum bis {date_num(date)}", "info")
        c.heading("Befund bei Behandlungsbeginn")
        c.para(
            "Schmerzen im rechten Kniegelenk nach Implantation einer Knie-TEP, Schwellung und Bewegungseinschränkung, Gangbild mit Unterarmgehstützen, Treppensteigen nur im Nachstellschritt."
        )
        c.heading("Bewegungsausmaß (Neutral-Null-Methode)")
        rows = [
            ["Knie rechts Flex/Ext", f"{rng.randint(70, 90)}-5-0", f"{rng.randint(100, 120)}-0-0"],
            ["Knie links Flex/Ext", "130-0-0", "130-0-0"],
            ["Hüfte rechts Flex/Ext", "110-0-10", "120-0-10"],
        ]
        c.table(
            ["Gelenk", "Beginn", "Ende"], rows, [(0, "left"), (200, "left"), (300, "left")], "grid"
        )
        c.heading("Maßnahmen")
        c.items(
            [
                "Manuelle Lymphdrainage und Kühlung",
                "Mobilisation und Kräftigung der Quadrizepsmuskulatur",
                "Gangschule ohne Hilfsmittel",
                "Eigenübungsprogramm mit Theraband",
            ],
            "-",
        )
        c.heading("Empfehlung")
        c.para(
            "Wir empfehlen eine Folgeverordnung über sechs weitere Einheiten Krankengymnastik am Gerät, um die Flexion weiter zu verbessern."
        )
        close, title = "Mit freundlichen Grüßen", "Physiotherapeut/in B.Sc."
    else:
        subject(
            c, [f"Physiotherapy discharge summary: {p.first} {p.last} (DOB {date_uk(p.birth)})"]
        )
        c.line(
            f"Referred by {referrer.title} {referrer.last}; seen for {sessions} sessions; discharged {date_uk(date)}",
            "info",
        )
        c.heading("Presenting complaint")
        c.para(
            "Chronic low back pain with intermittent left-sided sciatica, worse after prolonged sitting. No red flag symptoms were reported at assessment."
        )
        c.heading("Outcome measures")
        rows = [
            ["Oswestry Disability Index", f"{rng.randint(38, 52)}%", f"{rng.randint(14, 26)}%"],
            ["Pain (NRS 0-10)", f"{rng.randint(6, 8)}", f"{rng.randint(2, 4)}"],
            ["Sit to stand (30 s)", f"{rng.randint(6, 9)}", f"{rng.randint(11, 15)}"],
        ]
        c.table(
            ["Measure", "Initial", "Discharge"],
            rows,
            [(0, "left"), (230, "left"), (320, "left")],
            "open",
        )
        c.heading("Treatment")
        c.items(
            [
                "Education and graded activity plan",
                "Lumbar mobility and core stability exercises",
                "Walking programme, 30 minutes daily",
            ],
            "•",
        )
        close, title = "Kind regards", "Senior MSK Physiotherapist"
    therapist = person(rng, region)
    closing(c, close, [(f"{therapist.first} {therapist.last}", title)], crossing=True)
    footers(c, [f"{org[0]} · {org[2]} · {org[3]} · {org[4]}"], None)
    terms = [
        p.key_surname,
        date_num(p.birth) if lang == "de" else date_uk(p.birth),
        referrer.last.split("-")[0],
        therapist.last.split("-")[0],
        rows[0][0].split()[0],
        rows[0][1],
        date_num(date) if lang == "de" else date_uk(date),
        "Neutral-Null-Methode" if lang == "de" else "Oswestry",
    ]
    return Built(
        doc_id, "letter", "physio_report", lang, f"{p.first} {p.last}", pdf, c.pages, terms
    )


def insurer_form(
    doc_id: str, rng: random.Random, region: str, style: Style, two_pages: bool
) -> Built:
    """An insurer's request for a medical report: labelled boxes, typed answers, checkboxes."""
    lang = "en" if region == "en" else "de"
    p = person(rng, region)
    policy = f"{rng.choice(['KV', 'PM', 'AZ'])}-{rng.randint(100000, 999999)}-{rng.randint(10, 99)}"
    pdf, c, org, _, doctors = new_doc(
        rng,
        region,
        style,
        header=(
            f"Versicherungsnummer {policy} - {p.last}, {p.first}"
            if lang == "de"
            else f"Policy {policy} - {p.last.upper()}, {p.first}"
        )
        if two_pages
        else None,
        org_word="Insurance|Versicherung",
    )
    date = some_date(rng)
    diag = rng.choice(DIAGNOSES_DE if lang == "de" else DIAGNOSES_EN)
    c.y = 112
    if lang == "de":
        subject(
            c,
            [
                "Ärztlicher Bericht zur Leistungsprüfung",
                f"Schadennummer {rng.randint(1000, 9999)}/{date[0]}",
            ],
        )
        c.fields(
            [
                ("Name, Vorname", f"{p.last}, {p.first}"),
                ("Geburtsdatum", date_num(p.birth)),
                ("Versicherungsnummer", policy),
                ("Behandelt seit", date_num(some_date(rng))),
                ("Diagnose(n)", diag),
            ],
            140,
        )
        c.space(8)
        c.line("Art der Behandlung:", "heading", c.style.bold)
        c.options(
            [
                ("ambulant", True),
                ("stationär", False),
                ("Operation", rng.random() < 0.5),
                ("Rehabilitation", False),
            ],
            per_row=4,
        )
        c.line("Arbeitsunfähigkeit:", "heading", c.style.bold)
        c.options([("ja", True), ("nein", False)], per_row=4)
        off = some_date(rng)
        c.fields(
            [
                ("AU vom", date_num(off)),
                (
                    "voraussichtlich bis",
                    date_num((off[0], off[1], min(off[2] + rng.randint(5, 20), 28))),
                ),
            ],
            140,
        )
        if two_pages:
            c.new_page()
            c.line("Fragen zum Krankheitsverlauf", "heading", c.style.bold)
            c.para(
                "1. Seit wann bestehen die Beschwerden, und wann wurde die Diagnose erstmals gestellt?"
            )
            c.fields([("Antwort", "seit ca. 2 Jahren, Erstdiagnose in unserer Praxis")], 80)
            c.para(
                "2. Bestanden Vorerkrankungen, die mit der jetzigen Erkrankung in Zusammenhang stehen?"
            )
            c.fields([("Antwort", "nein, nicht bekannt")], 80)
            c.para("3. Ist mit einer dauerhaften Einschränkung der Berufsfähigkeit zu rechnen?")
            c.options(
                [("ja", False), ("nein", True), ("derzeit nicht beurteilbar", False)], per_row=3
            )
        c.space(14)
        c.fields([("Ort, Datum", f"{org[3].split()[-1]}, {date_num(date)}")], 140, boxed=False)
        signer = doctors[0]
        c.line(
            f"{signer.title} {signer.first} {signer.last}", "signature_name", x=c.style.left + 260
        )
    else:
        subject(
            c,
            [
                "Medical report request - private medical insurance",
                f"Claim reference CLM-{rng.randint(100000, 999999)}",
            ],
        )
        c.fields(
            [
                ("Member name", f"{p.first} {p.last}"),
                ("Date of birth", date_uk(p.birth)),
                ("Policy number", policy),
                ("First consulted", date_uk(some_date(rng))),
                ("Diagnosis", diag),
            ],
            140,
        )
        c.line("Treatment type:", "heading", c.style.bold)
        c.options(
            [
                ("Outpatient", True),
                ("Day case", False),
                ("Inpatient", False),
                ("Physiotherapy", True),
            ],
            per_row=4,
        )
        if two_pages:
            c.new_page()
            c.line("Section B - History", "heading", c.style.bold)
            c.para(
                "1. When did the symptoms first start, and when did the member first seek medical advice?"
            )
            c.fields([("Answer", "approx. 18 months ago; first seen by GP")], 80)
            c.para(
                "2. Is the condition related to any condition that existed before the policy start date?"
            )
            c.options([("Yes", False), ("No", True), ("Unknown", False)], per_row=3)
            c.para(
                "3. Please give details of any planned further treatment and the expected costs."
            )
            c.fields([("Answer", "CT chest and review in clinic")], 80)
        c.space(14)
        c.fields([("Date", date_uk(date))], 140, boxed=False)
        signer = doctors[0]
        c.line(
            f"{signer.title} {signer.first} {signer.last}, GMC {rng.randint(3000000, 7999999)}",
            "signature_name",
            x=c.style.left + 200,
        )
    signature(c.pg, rng, c.style.left + 230, c.y - 8, 150)
    footers(
        c,
        [f"{org[0]} · {org[2]} · {org[3]} · {org[4]}"],
        "Seite {n}/{m}" if lang == "de" else "Page {n}/{m}",
    )
    diag_word = max(re.sub(r"[,(].*", "", diag).split(), key=len)
    terms = [
        p.key_surname,
        date_num(p.birth) if lang == "de" else date_uk(p.birth),
        policy,
        diag_word,
        signer.last.split("-")[0],
        date_num(date) if lang == "de" else date_uk(date),
        org[0],
    ]
    return Built(doc_id, "letter", "insurer_form", lang, f"{p.first} {p.last}", pdf, c.pages, terms)


def fax_cover(
    doc_id: str, rng: random.Random, region: str, style: Style, with_log_page: bool
) -> Built:
    """Fax cover sheet with a confidentiality notice; a transmission log (Sendebericht) as a table."""
    lang = "en" if region == "en" else "de"
    pdf, c, org, p, doctors = new_doc(rng, region, style)
    to = person(rng, region, title=True)
    date = some_date(rng)
    pages = rng.randint(2, 6)
    c.y = 110
    c.line("TELEFAX" if lang == "de" else "FACSIMILE TRANSMISSION", "heading", c.style.bold, 22)
    c.space(8)
    fields = [
        ("An:", f"{to.title} {to.first} {to.last}"),
        (
            "Fax:",
            f"+49 {rng.randint(30, 99)} {rng.randint(100000, 999999)}"
            if lang == "de"
            else f"0{rng.randint(1100, 1999)} {rng.randint(100000, 999999)}",
        ),
        ("Von:", f"{doctors[0].title} {doctors[0].last}, {org[0]}"),
        ("Datum:", date_num(date)),
        ("Seiten:", f"{pages} (inkl. Deckblatt)"),
        ("Betreff:", f"Befunde {p.last}, {p.first}, geb. {date_num(p.birth)}"),
    ]
    if lang == "en":
        fields = [
            ("To:", f"{to.title} {to.first} {to.last}"),
            ("Fax:", fields[1][1]),
            ("From:", f"{doctors[0].title} {doctors[0].last}, {org[0]}"),
            ("Date:", date_uk(date)),
            ("Pages:", f"{pages} including this cover"),
            ("Re:", f"{p.first} {p.last}, DOB {date_uk(p.birth)}"),
        ]
    for label, value in fields:
        c.y += 19
        c.pg.text(c.style.left, c.y, label, c.style.bold, 11, role="fax_field")
        c.pg.text(c.style.left + 80, c.y, value, c.style.body, 11, role="fax_field")
        c.pg.rule(c.style.left + 78, c.y + 4, c.style.right, width=0.4)
    c.space(16)
    c.options(
        [
            ("Dringend", True),
            ("Zur Kenntnisnahme", False),
            ("Bitte um Rückruf", rng.random() < 0.5),
            ("Bitte um Stellungnahme", False),
        ]
        if lang == "de"
        else [
            ("Urgent", True),
            ("For information", False),
            ("Please call", False),
            ("Please reply", True),
        ],
        per_row=2,
    )
    c.space(14)
    c.para(
        "Anbei erhalten Sie wie telefonisch besprochen die aktuellen Befunde. Die Originale folgen per Post."
        if lang == "de"
        else "Please find attached the results we discussed on the telephone this morning. Originals will follow by post."
    )
    c.notice(
        "VERTRAULICH: Dieses Fax enthält vertrauliche medizinische Informationen und ist ausschließlich für den Empfänger bestimmt. Falls Sie dieses Fax irrtümlich erhalten haben, benachrichtigen Sie uns bitte sofort telefonisch und vernichten Sie es."
        if lang == "de"
        else "CONFIDENTIAL: This fax contains confidential patient information intended only for the named recipient. If you have received it in error, please telephone the sender immediately and destroy all copies."
    )
    if with_log_page:
        c.new_page()
        c.y = 90
    c.space(18)
    c.line("Sendebericht" if lang == "de" else "Transmission report", "heading", "monob", 11)
    c.line(
        f"{'Datum/Zeit' if lang == 'de' else 'Date/time'}: {date_num(date) if lang == 'de' else date_uk(date)} {rng.randint(8, 17):02d}:{rng.randint(0, 59):02d}   TTI: {org[4]}",
        "info",
        "mono",
        8.5,
    )
    log = []
    for i in range(rng.randint(3, 6) if with_log_page else 2):
        log.append(
            [
                f"{i + 1:03d}",
                f"{date[2]:02d}.{date[1]:02d}",
                f"{rng.randint(8, 17):02d}:{rng.randint(0, 59):02d}",
                fields[1][1],
                f"00:0{rng.randint(0, 2)}:{rng.randint(10, 59)}",
                str(pages),
                rng.choice(["ECM", "G3", "ECM"]),
                rng.choice(["OK", "OK", "OK", "Besetzt" if lang == "de" else "Busy"]),
            ]
        )
    header = (
        ["Nr.", "Datum", "Zeit", "Gegenstelle", "Dauer", "S.", "Modus", "Ergebnis"]
        if lang == "de"
        else ["No.", "Date", "Time", "Remote station", "Duration", "Pg", "Mode", "Result"]
    )
    c.style.size -= 1
    c.table(
        header,
        log,
        [
            (0, "left"),
            (35, "left"),
            (80, "left"),
            (120, "left"),
            (245, "left"),
            (305, "left"),
            (330, "left"),
            (380, "left"),
        ],
        "open",
        key="mono",
    )
    c.style.size += 1
    footers(c, [f"{org[0]} · {org[2]} · {org[3]}"], None)
    terms = [
        p.key_surname,
        date_num(p.birth) if lang == "de" else date_uk(p.birth),
        to.last.split("-")[0],
        doctors[0].last.split("-")[0],
        fields[1][1],
        log[0][2],
        org[0],
    ]
    return Built(doc_id, "letter", "fax_cover", lang, f"{p.first} {p.last}", pdf, c.pages, terms)


def short_referral(doc_id: str, rng: random.Random, region: str, style: Style, stamp: str) -> Built:
    """Kurzmitteilung / Zuweisung: a short form letter with a question, a tick list, signature and stamp."""
    pdf, c, org, p, doctors = new_doc(
        rng, region, style, org_word="Praxis|Ordination|Allgemeinmedizin"
    )
    to = person(rng, region, title=True)
    date = some_date(rng)
    info = [("Datum:", date_num(date)), ("Telefon:", org[4])]
    din_address(
        c,
        org,
        [
            f"{to.title} {to.first} {to.last}",
            rng.choice(ORGS[region])[1],
            rng.choice(ORGS[region])[2],
            rng.choice(ORGS[region])[3],
        ],
        info,
    )
    title = "Zuweisung zur fachärztlichen Abklärung" if region == "at" else "Kurzmitteilung"
    subject(c, [title, patient_line(p, region)])
    diag = rng.choice(DIAGNOSES_DE)
    c.line(f"Verdachtsdiagnose: {diag}", "info", c.style.bold)
    c.space(6)
    c.para(
        rng.choice(
            [
                "Bitte um Abklärung und Mitbehandlung. Die Patientin klagt seit einigen Wochen über zunehmende Beschwerden; die bisherige Therapie hat keine ausreichende Besserung gebracht. Aktuelle Laborwerte liegen bei.",
                "Ich bitte um Übernahme zur weiteren Diagnostik. Eine Sonographie des Abdomens in meiner Ordination war unauffällig, die Entzündungswerte sind jedoch weiterhin erhöht.",
            ]
        )
    )
    c.line("Bitte um:", "heading", c.style.bold)
    c.options(
        [
            ("Befundbericht", True),
            ("Rückruf", rng.random() < 0.5),
            ("Mitbehandlung", True),
            ("Übernahme", False),
            ("Termin innerhalb 14 Tagen", rng.random() < 0.5),
            ("zur Kenntnisnahme", False),
        ],
        per_row=3,
    )
    closing(
        c,
        "Mit kollegialen Grüßen" if region == "at" else "Mit freundlichen Grüßen",
        [
            (
                f"{doctors[0].title} {doctors[0].first} {doctors[0].last}",
                "Ärztin für Allgemeinmedizin"
                if doctors[0].sex == "f"
                else "Arzt für Allgemeinmedizin",
            )
        ],
        crossing=True,
    )
    place_stamp(c, rng, region, stamp, date)
    footers(
        c,
        [
            f"{org[0]} · {org[2]} · {org[3]} · {org[4]}",
            f"Bankverbindung IBAN {iban(rng, 'AT' if region == 'at' else 'DE')}",
        ],
        None,
    )
    diag_word = max(re.sub(r"[,(].*", "", diag).split(), key=len)
    terms = [
        p.key_surname,
        date_num(p.birth),
        diag_word,
        to.last.split("-")[0],
        doctors[0].last.split("-")[0],
        date_num(date),
        org[4],
    ]
    return Built(doc_id, "letter", "referral", "de", f"{p.first} {p.last}", pdf, c.pages, terms)


FINDINGS = {
    "radiologie": (
        "MRT des rechten Kniegelenks nativ",
        ["Technik", "Befund", "Beurteilung"],
        [
            "Sagittale, koronare und axiale Sequenzen in PD-fs- und T1-Wichtung an einem 1,5-Tesla-Gerät.",
            "Horizontaler Riss im Hinterhorn des Innenmeniskus mit Kontakt zur Unterfläche. Vorderes und hinteres Kreuzband intakt. Knochenmarködem im medialen Tibiaplateau. Mäßiger Gelenkerguss, Bakerzyste von 3,2 cm.",
            "Hinterhornriss des Innenmeniskus (Grad III). Beginnende mediale Gonarthrose. Keine Bandläsion.",
        ],
    ),
    "pathologie": (
        "Histologischer Befund",
        ["Material", "Makroskopie", "Mikroskopie", "Diagnose"],
        [
            "Kolonpolyp, Colon sigmoideum, 25 cm ab ano, Zangenbiopsie.",
            "Ein grau-weißes Gewebsfragment von 0,6 cm Durchmesser, vollständig eingebettet.",
            "Dysplastisches Zylinderepithel mit tubulärer Architektur, erhöhte Kern-Plasma-Relation, keine Invasion der Submukosa.",
            "Tubuläres Adenom mit niedriggradiger intraepithelialer Neoplasie. Abtragung im Gesunden.",
        ],
    ),
    "echokardiographie": (
        "Transthorakale Echokardiographie",
        ["Messwerte", "Beurteilung"],
        [
            "",
            "Normal großer linker Ventrikel mit leichtgradig eingeschränkter systolischer Funktion, diastolische Dysfunktion Grad I. Leichte Mitralinsuffizienz. Kein Perikarderguss.",
        ],
    ),
}


def findings_report(
    doc_id: str, rng: random.Random, region: str, style: Style, doc_type: str
) -> Built:
    """Radiology, pathology and echocardiography reports: sections with bold headings, no salutation."""
    pdf, c, org, p, doctors = new_doc(
        rng,
        region,
        style,
        org_word={
            "radiologie": "Radiologie",
            "echokardiographie": "Kardiologie",
            "pathologie": "Klinikum",
        }[doc_type],
    )
    date = some_date(rng)
    number = f"{rng.choice(['E', 'H', 'R'])}{date[0] % 100}-{rng.randint(10000, 99999)}"
    c.y = 112
    c.line(f"{p.last}, {p.first} · geb. {date_num(p.birth)}", "subject", c.style.bold, 11)
    c.line(f"Untersuchung vom {date_num(date)} · Eingangsnummer {number}", "info")
    c.line(f"Zuweisung: {doctors[2].title} {doctors[2].first} {doctors[2].last}", "info")
    c.space(10)
    title, heads, texts = FINDINGS[doc_type]
    c.line(title, "heading", c.style.bold, 13, underline=True)
    values = []
    for head, text in zip(heads, texts, strict=True):
        c.heading(head)
        if text:
            c.para(text)
        else:
            values = [
                ["LVEDD", f"{rng.randint(44, 62)} mm", "< 58 mm"],
                ["LVEF (biplan)", f"{rng.randint(35, 60)} %", "> 52 %"],
                ["TAPSE", f"{rng.randint(14, 26)} mm", "> 17 mm"],
                ["E/e'", f"{rng.randint(6, 16)}", "< 14"],
                ["sPAP", f"{rng.randint(22, 48)} mmHg", "< 35 mmHg"],
            ]
            c.table(
                ["Parameter", "Messwert", "Norm"],
                values,
                [(0, "left"), (160, "left"), (260, "left")],
                "zebra",
            )
    closing(
        c,
        "Mit freundlichen Grüßen" if region != "at" else "Mit besten kollegialen Grüßen",
        [
            (f"{d.title} {d.first} {d.last}", t)
            for d, t in zip(
                doctors[:2],
                ["Fachärztin" if doctors[0].sex == "f" else "Facharzt", "Leitung"],
                strict=True,
            )
        ],
        crossing=rng.random() < 0.5,
    )
    footers(c, [f"{org[0]} · {org[2]} · {org[3]} · {org[4]}"], None)
    key_word = max(texts[-1].replace(".", " ").replace(",", " ").split(), key=len)
    terms = [
        p.key_surname,
        date_num(p.birth),
        number,
        key_word,
        doctors[0].last.split("-")[0],
        doctors[2].last.split("-")[0],
        title,
    ]
    if values:
        terms += [values[1][0], values[1][1]]
    return Built(doc_id, "letter", doc_type, "de", f"{p.first} {p.last}", pdf, c.pages, terms)


def handwritten_note(doc_id: str, rng: random.Random, paper: str) -> Built:
    """A handwritten note: pen strokes only. Paper: plain, squared (printed grid), small slip, slanted."""
    pdf = fitz.open()
    pdf.new_page(width=A4[0], height=A4[1])
    pg = Page(pdf, 1)
    page = pg.page
    ink = INKS[rng.choice(["blue", "black", "darkblue"])]
    left, top, width, pitch, height = 60, 90, 470, 30, 9
    if paper == "squared":
        for y in np.arange(40, 800, 14.2):
            page.draw_line((30, y), (565, y), color=(0.6, 0.75, 0.9), width=0.35)
        for x in np.arange(30, 566, 14.2):
            page.draw_line((x, 40), (x, 800), color=(0.6, 0.75, 0.9), width=0.35)
        pg.mark("rule", [30, 40, 565, 800])
        pitch = 28.4
    elif paper == "slip":
        page.draw_rect(
            fitz.Rect(150, 200, 450, 470), color=(0.7, 0.7, 0.6), fill=(0.98, 0.95, 0.7), width=0.5
        )
        pg.mark("box", [149, 199, 451, 471])
        left, top, width, pitch = 170, 230, 260, 26
    lines = rng.randint(6, 9) if paper != "slip" else 8
    for i in range(lines):
        w = width * (rng.uniform(0.45, 0.8) if i == lines - 1 else rng.uniform(0.85, 1.0))
        base = top + (i + 1) * pitch + (rng.uniform(-2, 2) if paper != "squared" else 0)
        handwriting_line(
            pg,
            rng,
            left + (25 if i == 0 else 0),
            base,
            w,
            height * (1.15 if paper == "slanted" else 1.0),
            ink,
        )
    if paper != "slip":
        signature(pg, rng, left + 250, top + (lines + 2) * pitch, 150, ink)
    return Built(doc_id, "handwritten", "handwritten_note", "de", "", pdf, [pg], [])


def mixed_page(doc_id: str, rng: random.Random, region: str) -> Built:
    """A printed telephone-note form (de) or compliments slip (en) filled in by hand."""
    lang = "en" if region == "en" else "de"
    style = Style(body="cond", bold="condb", letterhead="logo_left", logo="bars")
    pdf, c, org, p, doctors = new_doc(rng, region, style)
    ink = INKS["blue"]
    c.y = 120
    if lang == "de":
        c.line("Telefonnotiz", "heading", c.style.bold, 16)
        pairs = [
            ("Anrufer/in:", ""),
            ("Patient/in:", f"{p.last}, {p.first}"),
            ("Geb.-Datum:", date_num(p.birth)),
            ("Rückruf unter:", ""),
        ]
    else:
        c.line("With Compliments", "heading", "seriti", 18)
        pairs = [
            ("From:", f"{doctors[0].title} {doctors[0].last}"),
            ("Patient:", f"{p.first} {p.last}"),
            ("DOB:", date_uk(p.birth)),
            ("Message:", ""),
        ]
    c.fields(pairs, 100)
    for box in [m["box"] for m in c.pg.marks if m["type"] == "box" and m["box"][1] > 120]:
        if not any(
            line["role"] == "form_value" and line["box"][1] > box[1] and line["box"][3] < box[3] + 2
            for line in c.pg.lines
        ):
            handwriting_line(c.pg, rng, box[0] + 8, box[3] - 5, (box[2] - box[0]) * 0.6, 7, ink)
    c.space(20)
    c.line("Notiz:" if lang == "de" else "Notes:", "form_label")
    for i in range(5):
        y = c.y + 26 * (i + 1)
        c.pg.rule(c.style.left, y + 3, c.style.right, colour=(0.6, 0.6, 0.6), width=0.4)
        handwriting_line(
            c.pg,
            rng,
            c.style.left + 4,
            y,
            (c.style.right - c.style.left) * rng.uniform(0.5, 0.95),
            8,
            ink,
        )
    signature(c.pg, rng, c.style.left + 280, c.y + 26 * 7, 140, ink)
    footers(c, [f"{org[0]} · {org[2]} · {org[3]} · {org[4]}"], None)
    terms = [
        p.key_surname,
        pairs[2][1],
        pairs[1][1].split(",")[0].split()[-1] if lang == "en" else p.key_surname,
    ]
    return Built(
        doc_id,
        "mixed",
        "telephone_note" if lang == "de" else "compliments_slip",
        lang,
        f"{p.first} {p.last}",
        pdf,
        c.pages,
        sorted(set(terms), key=terms.index),
    )


def catalogue(rng: random.Random) -> list[Built]:
    """The 30 documents: 24 letters (16 German-language incl. Austrian and Swiss, 8 English), 4 notes, 2 mixed."""
    S = Style
    specs = [
        lambda r: clinical_letter(
            "L01",
            r,
            "at",
            "befundbericht",
            S(
                body="dserif",
                bold="dserifb",
                size=9.5,
                letterhead="two_column",
                logo="rod",
                accent=(0.55, 0.1, 0.1),
            ),
            False,
            "rect",
        ),
        lambda r: clinical_letter(
            "L02",
            r,
            "ch",
            "austritt",
            S(body="narrow", bold="narrowb", size=10.5, letterhead="band", accent=(0.75, 0.1, 0.1)),
            True,
            "none",
        ),
        lambda r: clinical_letter(
            "L03",
            r,
            "en",
            "nhs_clinic",
            S(body="lsans", bold="lsansb", size=10.5, letterhead="nhs_right"),
            True,
            "rect",
        ),
        lambda r: pharmacy_query(
            "L04",
            r,
            "de",
            S(
                body="sans",
                bold="sansb",
                size=9.5,
                letterhead="logo_left",
                logo="cross",
                accent=(0.8, 0.1, 0.1),
            ),
        ),
        lambda r: physio_report(
            "L05",
            r,
            "de",
            S(
                body="lsans",
                bold="lsansb",
                letterhead="centered",
                accent=(0.1, 0.45, 0.3),
                underline_subject=True,
            ),
        ),
        lambda r: insurer_form(
            "L06",
            r,
            "de",
            S(body="sans", bold="sansb", size=9.5, letterhead="band", accent=(0.1, 0.3, 0.6)),
            True,
        ),
        lambda r: lab_report(
            "L07",
            r,
            "de",
            S(
                body="mono",
                bold="monob",
                size=9.5,
                letterhead="two_column",
                logo="bars",
                accent=(0.2, 0.2, 0.5),
            ),
            "zebra",
        ),
        lambda r: lab_report(
            "L08", r, "en", S(body="lsans", bold="lsansb", size=9.5, letterhead="nhs_right"), "open"
        ),
        lambda r: fax_cover(
            "L09", r, "de", S(body="lsans", bold="lsansb", size=10.5, letterhead="centered"), True
        ),
        lambda r: clinical_letter(
            "L10",
            r,
            "de",
            "entlassbrief",
            S(
                body="serif",
                bold="serifb",
                size=11,
                letterhead="two_column",
                logo="leaf",
                accent=(0.1, 0.4, 0.2),
                underline_subject=True,
            ),
            True,
            "round",
        ),
        lambda r: physio_report(
            "L11",
            r,
            "en",
            S(
                body="sans",
                bold="sansb",
                size=9.5,
                letterhead="logo_left",
                logo="leaf",
                accent=(0.2, 0.5, 0.3),
            ),
        ),
        lambda r: pharmacy_query(
            "L12",
            r,
            "en",
            S(body="lsans", bold="lsansb", letterhead="band", accent=(0.1, 0.5, 0.3)),
        ),
        lambda r: insurer_form(
            "L13",
            r,
            "en",
            S(
                body="lsans",
                bold="lsansb",
                size=10,
                letterhead="logo_left",
                logo="bars",
                accent=(0.4, 0.1, 0.5),
            ),
            True,
        ),
        lambda r: findings_report(
            "L14",
            r,
            "de",
            S(body="narrow", bold="narrowb", size=10.5, letterhead="two_column", logo="cross"),
            "radiologie",
        ),
        lambda r: short_referral(
            "L15",
            r,
            "at",
            S(
                body="dserif",
                bold="dserifb",
                size=10,
                letterhead="centered",
                accent=(0.5, 0.1, 0.1),
            ),
            "round",
        ),
        lambda r: lab_report(
            "L16",
            r,
            "ch",
            S(body="lsans", bold="lsansb", size=9.5, letterhead="centered", accent=(0.8, 0.1, 0.1)),
            "grid",
        ),
        lambda r: clinical_letter(
            "L17",
            r,
            "de",
            "neurologie",
            S(
                body="dserif",
                bold="dserifb",
                size=10,
                leading=1.42,
                letterhead="centered",
                accent=(0.2, 0.2, 0.2),
            ),
            True,
            "both",
        ),
        lambda r: clinical_letter(
            "L18",
            r,
            "en",
            "outpatient",
            S(
                body="serif",
                bold="serifb",
                size=11,
                letterhead="logo_left",
                logo="rod",
                accent=(0.0, 0.3, 0.6),
                underline_subject=True,
            ),
            False,
            "none",
        ),
        lambda r: short_referral(
            "L19",
            r,
            "de",
            S(body="cond", bold="condb", size=10.5, letterhead="band", accent=(0.3, 0.3, 0.6)),
            "rect",
        ),
        lambda r: clinical_letter(
            "L20",
            r,
            "de",
            "reha",
            S(
                body="cond",
                bold="condb",
                size=10,
                letterhead="logo_left",
                logo="leaf",
                accent=(0.1, 0.5, 0.5),
            ),
            True,
            "rect",
        ),
        lambda r: clinical_letter(
            "L21",
            r,
            "at",
            "befundbericht",
            S(body="lsans", bold="lsansb", size=10, letterhead="band", accent=(0.6, 0.0, 0.2)),
            False,
            "both",
        ),
        lambda r: findings_report(
            "L22",
            r,
            "de",
            S(
                body="serif",
                bold="serifb",
                size=11,
                letterhead="centered",
                accent=(0.3, 0.1, 0.4),
                underline_subject=True,
            ),
            "pathologie",
        ),
        lambda r: findings_report(
            "L23",
            r,
            "at",
            S(
                body="sans",
                bold="sansb",
                size=9.5,
                letterhead="two_column",
                logo="rod",
                accent=(0.6, 0.1, 0.1),
            ),
            "echokardiographie",
        ),
        lambda r: fax_cover(
            "L24",
            r,
            "en",
            S(
                body="mono",
                bold="monob",
                size=10,
                letterhead="logo_left",
                logo="cross",
                accent=(0.0, 0.3, 0.6),
            ),
            False,
        ),
        lambda r: handwritten_note("H01", r, "plain"),
        lambda r: handwritten_note("H02", r, "squared"),
        lambda r: handwritten_note("H03", r, "slip"),
        lambda r: handwritten_note("H04", r, "slanted"),
        lambda r: mixed_page("M01", r, "de"),
        lambda r: mixed_page("M02", r, "en"),
    ]
    return [spec(random.Random(rng.getrandbits(64))) for spec in specs]


# ---------------------------------------------------------------- raster variants and truth geometry

ImageFile.LOAD_TRUNCATED_IMAGES = False


@dataclass
class Geometry:
    """How points map to stored-image pixels: scale, skew about the centre, then a clockwise turn."""

    sx: float
    sy: float
    width: int
    height: int
    skew: float = 0.0
    turn: int = 0

    def point(self, x: float, y: float) -> tuple[float, float]:
        px, py = x * self.sx, y * self.sy
        if self.skew:
            rad = math.radians(self.skew)
            cx, cy = self.width / 2, self.height / 2
            dx, dy = px - cx, py - cy
            px, py = (
                cx + dx * math.cos(rad) + dy * math.sin(rad),
                cy - dx * math.sin(rad) + dy * math.cos(rad),
            )
        if self.turn == 90:
            return self.height - py, px
        if self.turn == 180:
            return self.width - px, self.height - py
        if self.turn == 270:
            return py, self.width - px
        return px, py

    @property
    def size(self) -> tuple[int, int]:
        return (self.height, self.width) if self.turn in (90, 270) else (self.width, self.height)

    def quad(self, box: list[float]) -> list[list[float]]:
        x0, y0, x1, y1 = box
        return [
            [round(v, 1) for v in self.point(x, y)]
            for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        ]

    def box(self, box: list[float]) -> list[int]:
        quad = self.quad(box)
        w, h = self.size
        xs = [q[0] for q in quad]
        ys = [q[1] for q in quad]
        return [
            max(0, math.floor(min(xs))),
            max(0, math.floor(min(ys))),
            min(w, math.ceil(max(xs))),
            min(h, math.ceil(max(ys))),
        ]


def truth_lines(lines: list[dict], geo: Geometry) -> list[dict]:
    out = []
    for line in lines:
        entry = {
            "id": line["id"],
            "text": line["text"],
            "box": geo.box(line["box"]),
            "quad": geo.quad(line["box"]),
            "role": line["role"],
        }
        if "cells" in line:
            entry["cells"] = [
                {"text": cell["text"], "box": geo.box(cell["box"])} for cell in line["cells"]
            ]
        out.append(entry)
    return out


def truth_marks(marks: list[dict], geo: Geometry) -> list[dict]:
    out = []
    for mark in marks:
        entry: dict = {"type": mark["type"], "box": geo.box(mark["box"])}
        if "text" in mark:
            entry["text"] = mark["text"]
        out.append(entry)
    return out


def render_grey(page: Any, sx: float, sy: float) -> np.ndarray:
    pix = page.get_pixmap(matrix=fitz.Matrix(sx, sy), colorspace=fitz.csGRAY, alpha=False)
    return (
        np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()
    )


def scan_image(
    grey: np.ndarray, rng: np.random.Generator, dpi: int, skew: float, turn: int
) -> Image.Image:
    """Paper tone with a soft gradient, slight blur, sensor noise, dust specks, skew, then the turn."""
    h, w = grey.shape
    tone = rng.uniform(232, 248)
    gradient = np.linspace(rng.uniform(-8, 0), rng.uniform(0, 8), w, dtype=np.float32)[None, :]
    ink = 1.0 - grey.astype(np.float32) / 255.0
    paper = tone + gradient
    img = paper * (1.0 - ink) + ink * rng.uniform(18, 40)
    noise = rng.normal(0, rng.uniform(3, 7), size=(h // 2 + 1, w // 2 + 1)).astype(np.float32)
    img += np.repeat(np.repeat(noise, 2, axis=0), 2, axis=1)[:h, :w]
    for _ in range(int(rng.integers(15, 60))):
        y, x = int(rng.integers(0, h - 4)), int(rng.integers(0, w - 4))
        r = int(rng.integers(1, 3 if dpi < 200 else 5))
        img[y : y + r, x : x + r] = rng.uniform(40, 140)
    pil = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "L")
    pil = pil.filter(ImageFilter.GaussianBlur(rng.uniform(0.4, 0.8) * dpi / 300))
    if skew:
        pil = pil.rotate(skew, resample=Image.Resampling.BICUBIC, fillcolor=int(tone))
    return turn_image(pil, turn)


def turn_image(pil: Image.Image, turn: int) -> Image.Image:
    """Turn the content clockwise by `turn` degrees (PIL's ROTATE_270 is a clockwise quarter turn)."""
    ops = {
        90: Image.Transpose.ROTATE_270,
        180: Image.Transpose.ROTATE_180,
        270: Image.Transpose.ROTATE_90,
    }
    return pil.transpose(ops[turn]) if turn else pil


def fax_image(grey: np.ndarray, rng: np.random.Generator, skew: float) -> Image.Image:
    """Bilevel fax: noisy threshold, a few speckles and a dropped-out scan row or two."""
    h = grey.shape[0]
    img = grey.astype(np.float32) + rng.normal(0, 28, size=grey.shape).astype(np.float32)
    black = img < rng.uniform(150, 175)
    specks = rng.random(size=grey.shape) < 0.00015
    black |= specks
    for _ in range(int(rng.integers(0, 3))):
        row = int(rng.integers(0, h))
        black[row, :] = False
    pil = Image.fromarray(np.where(black, 0, 255).astype(np.uint8), "L")
    if skew:
        pil = pil.rotate(skew, resample=Image.Resampling.NEAREST, fillcolor=255)
    return pil.convert("1")


def fax_header_page(built: Built, index: int, header: str) -> tuple[Any, dict]:
    """A copy of the page with the receiving machine's header line typed into the top margin."""
    tmp = fitz.open()
    tmp.insert_pdf(built.pdf, from_page=index, to_page=index)
    page = tmp[0]
    size = 7.5
    page.insert_text(
        (28, 17),
        header,
        fontname="dmono",
        fontfile=font_path("dmono"),
        fontsize=size,
        color=(0, 0, 0),
    )
    fnt = font("dmono")
    box = [
        28,
        17 - fnt.ascender * size,
        28 + text_width(header, "dmono", size),
        17 - fnt.descender * size,
    ]
    return tmp, {"id": f"p{index + 1}-fax", "text": header, "box": box, "role": "fax_header"}


def save_pdf_of_images(
    images: list[Image.Image], dpis: list[tuple[float, float]], path: Path, fmt: str
) -> None:
    """One image per page, the page sized so the image fills it at its dpi; no random /ID, no dates."""
    pdf = fitz.open()
    for img, (dx, dy) in zip(images, dpis, strict=True):
        buffer = io.BytesIO()
        if fmt == "jpeg":
            img.save(buffer, "JPEG", quality=80)
        else:
            img.save(buffer, "PNG")
        page = pdf.new_page(width=img.width * 72 / dx, height=img.height * 72 / dy)
        xref = page.insert_image(page.rect, stream=buffer.getvalue())
        if fmt == "png":  # a plain bilevel fax image, not one tied to an ICC profile
            pdf.xref_set_key(xref, "ColorSpace", "/DeviceGray")
    pdf.set_metadata({})
    pdf.save(str(path), garbage=3, deflate=True, no_new_id=True)


def fax_header_text(rng: random.Random, built: Built, index: int, total: int) -> str:
    date = some_date(rng)
    number = rng.choice(
        [
            "+49 561 4820 117",
            "+43 1 523 87 41",
            "+41 44 211 30 56",
            "+44 114 271 1955",
            "+49 221 77 19 39",
        ]
    )
    return f"{date[2]:02d}/{date[1]:02d}/{date[0]} {rng.randint(7, 18):02d}:{rng.randint(0, 59):02d}  FROM {number}  TO PRAXIS-EMPFANG  P.{index + 1:03d}/{total:03d}"


class Writer:
    """Writes the three variants of every document and collects the truth records."""

    def __init__(self, out: Path, seed: int):
        self.out = out
        self.rng = random.Random(seed ^ 0x5EED)
        self.np = np.random.default_rng(seed)
        self.truth: list[dict] = []
        self.documents: list[dict] = []
        self.upright150: dict[tuple[str, int], tuple[Image.Image, list[dict]]] = {}
        for folder in ("source_pdf", "scan300", "scan150", "fax", "damaged"):
            (out / folder).mkdir(parents=True, exist_ok=True)

    def record(
        self,
        built: Built,
        path: str,
        index: int,
        total: int,
        variant: str,
        geo: Geometry,
        lines: list[dict],
        marks: list[dict],
        dpi: list[int],
    ) -> None:
        self.truth.append(
            {
                "file": path,
                "page": index + 1,
                "pages_in_file": total,
                "variant": variant,
                "doc": built.doc_id,
                "doc_type": built.doc_type,
                "kind": built.kind,
                "language": built.language,
                "scripts": ["Latn"],
                "image_size": list(geo.size),
                "dpi": dpi,
                "turned_degrees": geo.turn,
                "skew_degrees": round(geo.skew, 3),
                "lines": truth_lines(lines, geo),
                "marks": truth_marks(marks, geo),
                "search_terms": built.terms,
            }
        )

    def scans(
        self, built: Built, number: int, turns: dict[tuple[str, int, str], int]
    ) -> dict[str, str]:
        files = {}
        total = len(built.pages)
        for variant, dpi in (("scan300", 300), ("scan150", 150)):
            images = []
            for index, pg in enumerate(built.pages):
                grey = render_grey(pg.page, dpi / 72, dpi / 72)
                skew = round(self.rng.uniform(-1.0, 1.0), 3)
                turn = turns.get((built.doc_id, index + 1, variant), 0)
                img = scan_image(grey, self.np, dpi, skew, turn)
                geo = Geometry(dpi / 72, dpi / 72, grey.shape[1], grey.shape[0], skew, turn)
                images.append(img)
                if variant == "scan150" and turn == 0:
                    self.upright150[(built.doc_id, index + 1)] = (img, truth_lines(pg.lines, geo))
                files[variant] = self.file_name(built, variant, number, total)
                self.record(
                    built,
                    files[variant],
                    index,
                    total,
                    variant,
                    geo,
                    pg.lines,
                    pg.marks,
                    [dpi, dpi],
                )
            self.write_scan(images, variant, files[variant])
        return files

    def file_name(self, built: Built, variant: str, number: int, total: int) -> str:
        if variant == "scan300":
            return f"scan300/{built.doc_id}.pdf"
        if variant == "scan150":
            return (
                f"scan150/{built.doc_id}.tif"
                if total > 1
                else f"scan150/{built.doc_id}.{'jpg' if number % 2 else 'png'}"
            )
        return f"fax/{built.doc_id}.tif" if number % 2 == 0 else f"fax/{built.doc_id}.pdf"

    def write_scan(self, images: list[Image.Image], variant: str, name: str) -> None:
        path = self.out / name
        if variant == "scan300":
            save_pdf_of_images(images, [(300, 300)] * len(images), path, "jpeg")
        elif name.endswith(".tif"):
            images[0].save(
                path,
                save_all=True,
                append_images=images[1:],
                compression="tiff_adobe_deflate",
                dpi=(150, 150),
            )
        elif name.endswith(".jpg"):
            images[0].save(path, "JPEG", quality=85, dpi=(150, 150))
        else:
            images[0].save(path, "PNG", dpi=(150, 150), optimize=False)

    def fax(self, built: Built, number: int, with_header: bool) -> str:
        total = len(built.pages)
        name = self.file_name(built, "fax", number, total)
        images = []
        for index, pg in enumerate(built.pages):
            lines = list(pg.lines)
            page, tmp = pg.page, None
            if with_header:
                tmp, header = fax_header_page(
                    built, index, fax_header_text(self.rng, built, index, total)
                )
                page, lines = tmp[0], [header, *lines]
            grey = render_grey(page, 204 / 72, 98 / 72)
            skew = round(self.rng.uniform(-1.0, 1.0), 3) if self.rng.random() < 0.5 else 0.0
            images.append(fax_image(grey, self.np, skew))
            self.record(
                built,
                name,
                index,
                total,
                "fax",
                Geometry(204 / 72, 98 / 72, grey.shape[1], grey.shape[0], skew, 0),
                lines,
                pg.marks,
                [204, 98],
            )
        if name.endswith(".tif"):
            images[0].save(
                self.out / name,
                save_all=True,
                append_images=images[1:],
                compression="group4",
                dpi=(204, 98),
            )
        else:
            save_pdf_of_images(images, [(204, 98)] * len(images), self.out / name, "png")
        return name

    def document(self, built: Built, number: int, turns: dict, with_header: bool) -> None:
        built.pdf.set_metadata({})
        built.pdf.save(
            str(self.out / "source_pdf" / f"{built.doc_id}.pdf"),
            garbage=3,
            deflate=True,
            no_new_id=True,
        )
        files = self.scans(built, number, turns)
        files["fax"] = self.fax(built, number, with_header)
        self.documents.append(
            {
                "doc": built.doc_id,
                "kind": built.kind,
                "doc_type": built.doc_type,
                "language": built.language,
                "scripts": ["Latn"],
                "pages": len(built.pages),
                "patient": built.patient,
                "files": files,
                "source_pdf": f"source_pdf/{built.doc_id}.pdf",
                "search_terms": built.terms,
            }
        )


# ---------------------------------------------------------------- lost lines and clean pages


def pick_lost_and_clean(truth: list[dict], rng: random.Random) -> tuple[list[dict], list[dict]]:
    """40 clean page variants with a signature or stamp first, then 40 others for lost text."""
    with_lines = [t for t in truth if t["kind"] != "handwritten" and len(t["lines"]) > 5]
    signed = [t for t in with_lines if {"signature", "stamp"} & {m["type"] for m in t["marks"]}]
    clean = rng.sample(signed, 40)
    taken = {(t["file"], t["page"]) for t in clean}
    rest = [t for t in with_lines if (t["file"], t["page"]) not in taken]
    rng.shuffle(rest)
    lost = []
    modes = ["line", "row", "block3"]
    while rest and len(lost) < 40:
        want = modes[len(lost) % 3]
        found = next(((t, c) for t in rest if (c := lost_choice(t, want, rng))), None)
        found = found or next(((t, c) for t in rest if (c := lost_choice(t, "line", rng))), None)
        if found is None:
            break
        t, (mode, lines) = found
        rest.remove(t)
        lost.append(
            {
                "file": t["file"],
                "doc": t["doc"],
                "page": t["page"],
                "variant": t["variant"],
                "remove": mode,
                "line_ids": [x["id"] for x in lines],
                "texts": [x["text"] for x in lines],
            }
        )
    clean_out = [
        {
            "file": t["file"],
            "doc": t["doc"],
            "page": t["page"],
            "variant": t["variant"],
            "marks": sorted({m["type"] for m in t["marks"]}),
        }
        for t in clean
    ]
    return lost, clean_out


def lost_choice(t: dict, mode: str, rng: random.Random) -> tuple[str, list[dict]] | None:
    lines = t["lines"]
    if mode == "row":
        rows = [x for x in lines if x["role"] == "table_row"]
        return ("row", [rng.choice(rows)]) if rows else None
    if mode == "block3":
        starts = [
            i for i in range(len(lines) - 2) if all(x["role"] == "body" for x in lines[i : i + 3])
        ]
        return ("block3", lines[(s := rng.choice(starts)) : s + 3]) if starts else None
    singles = [
        x
        for x in lines
        if x["role"]
        in (
            "body",
            "info",
            "heading",
            "list_item",
            "address",
            "subject",
            "form_value",
            "fax_field",
            "closing",
        )
        and len(x["text"]) > 8
    ]
    return ("line", [rng.choice(singles)]) if singles else None


# ---------------------------------------------------------------- damaged files


def jpeg_bytes(img: Image.Image) -> bytes:
    buffer = io.BytesIO()
    img.save(buffer, "JPEG", quality=85, progressive=False)
    return buffer.getvalue()


def first_lost_row(full: bytes, cut: bytes) -> int:
    """Decode the cut JPEG leniently and find the first row that differs clearly from the full decode."""
    ImageFile.LOAD_TRUNCATED_IMAGES = True
    try:
        broken = np.asarray(Image.open(io.BytesIO(cut)).convert("L"), dtype=np.int16)
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = False
    whole = np.asarray(Image.open(io.BytesIO(full)).convert("L"), dtype=np.int16)
    differs = np.nonzero(np.abs(broken - whole).mean(axis=1) > 6)[0]
    return int(differs[0]) if len(differs) else whole.shape[0]


def split_lines(lines: list[dict], row: int) -> dict:
    return {
        "first_lost_row": row,
        "lost_line_ids": [x["id"] for x in lines if x["box"][3] > row],
        "kept_line_ids": [x["id"] for x in lines if x["box"][3] <= row],
    }


def image_pdf(jpegs: list[tuple[bytes, Image.Image]]) -> Any:
    pdf = fitz.open()
    for data, img in jpegs:
        page = pdf.new_page(width=img.width * 72 / 150, height=img.height * 72 / 150)
        page.insert_image(page.rect, stream=data)
    pdf.set_metadata({})
    return pdf


def image_xref(pdf: Any, index: int) -> int:
    return pdf[index].get_images(full=True)[0][0]


def plain_pdf_bytes(pdf: Any) -> bytes:
    """Uncompressed objects and a classic xref table, so the file can be edited byte by byte."""
    return pdf.tobytes(garbage=3, deflate=False, no_new_id=True, expand=0)


def xref_table(data: bytes) -> tuple[int, int, int]:
    """Offset of the last classic xref table's first entry, its first object number and entry count."""
    start = data.rindex(b"\nxref") + 1
    header_end = data.index(b"\n", start + 5)
    first, count = (int(v) for v in data[start + 5 : header_end].split())
    return header_end + 1, first, count


def cut_stream(pdf: Any, xref: int, fraction: float) -> tuple[int, int]:
    raw = pdf.xref_stream_raw(xref)
    kept = raw[: int(len(raw) * fraction)]
    pdf.update_stream(xref, kept, new=False, compress=False)
    pdf.xref_set_key(xref, "Filter", "/DCTDecode")
    return len(raw), len(kept)


def delete_object(data: bytes, xref: int) -> bytes:
    """Blank the object's bytes (same length) and mark its xref entry free."""
    start = data.index(f"\n{xref} 0 obj".encode()) + 1
    end = data.index(b"endobj", start) + len(b"endobj")
    data = data[:start] + b" " * (end - start) + data[end:]
    table, first, _ = xref_table(data)
    at = table + (xref - first) * 20
    zero = table - first * 20
    data = data[:zero] + f"{xref:010d} 65535 f\r\n".encode() + data[zero + 20 :]
    return data[:at] + b"0000000000 00001 f\r\n" + data[at + 20 :]


def break_xref(data: bytes) -> bytes:
    """Every in-use offset shifted by 37 bytes and startxref wrong: objects intact, a repair loses nothing."""
    table, _, count = xref_table(data)
    out = bytearray(data)
    for i in range(count):
        entry = data[table + i * 20 : table + i * 20 + 20]
        if entry[17:18] == b"n":
            out[table + i * 20 : table + i * 20 + 10] = f"{int(entry[:10]) + 37:010d}".encode()
    text = bytes(out)
    pos = text.rindex(b"startxref") + len(b"startxref")
    end = text.index(b"%%EOF", pos)
    return text[:pos] + f"\n{int(text[pos:end]) + 1000}\n".encode() + text[end:]


def write_damaged(out: Path, upright: dict, docs: list[dict], rng: random.Random) -> list[dict]:
    folder = out / "damaged"
    one_page = [
        d["doc"]
        for d in docs
        if d["pages"] == 1 and d["kind"] == "letter" and (d["doc"], 1) in upright
    ]
    # the fullest pages lose the most text when cut
    one_page = sorted(one_page, key=lambda doc: -len(upright[(doc, 1)][1]))[:8]
    two_page = [
        d["doc"]
        for d in docs
        if d["pages"] == 2 and (d["doc"], 1) in upright and (d["doc"], 2) in upright
    ]
    a, b, cdoc, ddoc = rng.sample(one_page, 4)
    src = lambda doc, page=1: {"doc": doc, "page": page, "variant": "scan150"}  # noqa: E731
    entries = []
    img, lines = upright[(a, 1)]
    full = jpeg_bytes(img)
    cut = full[: int(len(full) * 0.6)]
    (folder / "truncated_60pct.jpg").write_bytes(cut)
    (folder / "intact.jpg").write_bytes(full)
    row = first_lost_row(full, cut)
    entries.append(
        {
            "file": "damaged/truncated_60pct.jpg",
            "source": src(a),
            "damage": "baseline JPEG cut at 60% of its bytes (no EOI marker)",
            "original_bytes": len(full),
            "kept_bytes": len(cut),
            "expect_flag": True,
            "lost": f"image rows from about {row} of {img.height} down are missing",
            **split_lines(lines, row),
        }
    )
    entries.append(
        {
            "file": "damaged/intact.jpg",
            "source": src(a),
            "damage": None,
            "expect_flag": False,
            "lost": None,
            "control": True,
        }
    )
    entries += damaged_tiff(folder, upright[(b, 1)], src(b))
    img, lines = upright[(cdoc, 1)]
    data = jpeg_bytes(img)
    pdf = image_pdf([(data, img)])
    pdf.save(str(folder / "intact.pdf"), garbage=3, deflate=True, no_new_id=True)
    entries.append(
        {
            "file": "damaged/intact.pdf",
            "source": src(cdoc),
            "damage": None,
            "expect_flag": False,
            "lost": None,
            "control": True,
        }
    )
    (folder / "broken_xref_image_intact.pdf").write_bytes(
        break_xref(plain_pdf_bytes(image_pdf([(data, img)])))
    )
    entries.append(
        {
            "file": "damaged/broken_xref_image_intact.pdf",
            "source": src(cdoc),
            "damage": "every xref offset shifted by 37 bytes and startxref wrong; all objects intact",
            "expect_flag": False,
            "lost": None,
            "control": True,
        }
    )
    pdf = image_pdf([(data, img)])
    before, after = cut_stream(pdf, image_xref(pdf, 0), 0.35)
    pdf.save(str(folder / "image_stream_truncated.pdf"), no_new_id=True)
    row = first_lost_row(data, data[:after])
    entries.append(
        {
            "file": "damaged/image_stream_truncated.pdf",
            "source": src(cdoc),
            "damage": f"the page's JPEG stream holds only its first 35% ({after} of {before} bytes; Length matches the cut)",
            "expect_flag": True,
            "lost": f"image rows from about {row} down are missing",
            **split_lines(lines, row),
        }
    )
    img, lines = upright[(ddoc, 1)]
    data = jpeg_bytes(img)
    pdf = image_pdf([(data, img)])
    page = pdf[0]
    resources = pdf.xref_get_key(page.xref, "Resources/XObject")[1]
    name = re.search(r"/(\w+)", resources).group(1)
    pdf.xref_set_key(page.xref, "Resources/XObject", resources.replace(f"/{name}", "/ImRenamed9"))
    pdf.save(str(folder / "image_xobject_renamed.pdf"), no_new_id=True)
    entries.append(
        {
            "file": "damaged/image_xobject_renamed.pdf",
            "source": src(ddoc),
            "damage": f"content draws /{name}, the resources call the image /ImRenamed9",
            "expect_flag": True,
            "lost": "the whole page (renders blank)",
            "first_lost_row": 0,
            "lost_line_ids": [x["id"] for x in lines],
            "kept_line_ids": [],
        }
    )
    pdf = image_pdf([(data, img)])
    (folder / "image_xobject_deleted.pdf").write_bytes(
        delete_object(plain_pdf_bytes(pdf), image_xref(pdf, 0))
    )
    entries.append(
        {
            "file": "damaged/image_xobject_deleted.pdf",
            "source": src(ddoc),
            "damage": "the image object is missing: its bytes blanked and its xref entry free",
            "expect_flag": True,
            "lost": "the whole page (renders blank)",
            "first_lost_row": 0,
            "lost_line_ids": [x["id"] for x in lines],
            "kept_line_ids": [],
        }
    )
    entries += damaged_two_pages(folder, upright, rng.choice(two_page), src)
    return entries


def stripped_tiff(img: Image.Image, rows_per_strip: int = 32) -> tuple[bytes, list[int]]:
    """A baseline grey TIFF with many uncompressed strips (Pillow writes one strip when uncompressed)."""
    width, height = img.size
    pixels = img.tobytes()
    strips = [
        pixels[row * width : min(row + rows_per_strip, height) * width]
        for row in range(0, height, rows_per_strip)
    ]
    entries = 12
    ifd_size = 2 + entries * 12 + 4
    arrays_at = 8 + ifd_size
    counts_at = arrays_at + 4 * len(strips)
    resolution_at = counts_at + 4 * len(strips)
    data_at = resolution_at + 16
    offsets, position = [], data_at
    for strip in strips:
        offsets.append(position)
        position += len(strip)
    tags = [
        (256, 4, 1, width),
        (257, 4, 1, height),
        (258, 3, 1, 8),
        (259, 3, 1, 1),
        (262, 3, 1, 1),
        (273, 4, len(strips), arrays_at),
        (277, 3, 1, 1),
        (278, 4, 1, rows_per_strip),
        (279, 4, len(strips), counts_at),
        (282, 5, 1, resolution_at),
        (283, 5, 1, resolution_at + 8),
        (296, 3, 1, 2),
    ]
    head = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", entries)
    head += b"".join(
        struct.pack("<HHII", tag, kind, count, value) for tag, kind, count, value in tags
    ) + struct.pack("<I", 0)
    head += (
        struct.pack(f"<{len(strips)}I", *offsets)
        + struct.pack(f"<{len(strips)}I", *(len(x) for x in strips))
        + struct.pack("<4I", 150, 1, 150, 1)
    )
    assert len(head) == data_at
    return head + b"".join(strips), offsets


def damaged_tiff(folder: Path, source: tuple[Image.Image, list[dict]], src: dict) -> list[dict]:
    """Uncompressed stripped TIFF whose strip data stops at about 40% of the rows."""
    img, lines = source
    rows_per_strip = 32
    data, offsets = stripped_tiff(img, rows_per_strip)
    (folder / "intact.tif").write_bytes(data)
    strip = int(len(offsets) * 0.4)
    (folder / "strips_cut_short.tif").write_bytes(data[: offsets[strip]])
    row = strip * rows_per_strip
    return [
        {
            "file": "damaged/strips_cut_short.tif",
            "source": src,
            "damage": f"uncompressed TIFF ({rows_per_strip} rows per strip) whose strip data ends before row {row}; StripByteCounts still claim the full image",
            "expect_flag": True,
            "lost": f"image rows {row}..{img.height - 1} missing",
            **split_lines(lines, row),
        },
        {
            "file": "damaged/intact.tif",
            "source": src,
            "damage": None,
            "expect_flag": False,
            "lost": None,
            "control": True,
        },
    ]


def damaged_two_pages(folder: Path, upright: dict, doc: str, src: Any) -> list[dict]:
    (img1, _), (img2, lines2) = upright[(doc, 1)], upright[(doc, 2)]
    data2 = jpeg_bytes(img2)
    pdf = image_pdf([(jpeg_bytes(img1), img1), (data2, img2)])
    before, after = cut_stream(pdf, image_xref(pdf, 1), 0.5)
    pdf.save(str(folder / "two_pages_second_image_truncated.pdf"), no_new_id=True)
    row = first_lost_row(data2, data2[:after])
    return [
        {
            "file": "damaged/two_pages_second_image_truncated.pdf",
            "source": src(doc, 2),
            "damage": f"page 1 intact; page 2's JPEG stream cut at 50% ({after} of {before} bytes)",
            "expect_flag": True,
            "lost": f"page 2 from image row about {row} down",
            "damaged_page": 2,
            **split_lines(lines2, row),
        }
    ]


# ---------------------------------------------------------------- checks and main


def check(
    out: Path, truth: list[dict], documents: list[dict], lost: list[dict], clean: list[dict]
) -> None:
    """The promises of the README, checked on what was written."""
    by_doc: dict[str, list[dict]] = {}
    for t in truth:
        by_doc.setdefault(t["doc"], []).append(t)
        w, h = t["image_size"]
        for item in (
            t["lines"] + t["marks"] + [c for line in t["lines"] for c in line.get("cells", [])]
        ):
            x0, y0, x1, y1 = item["box"]
            assert 0 <= x0 < x1 <= w, (t["file"], t["page"], item)
            assert 0 <= y0 < y1 <= h, (t["file"], t["page"], item)
    for d in documents:
        pages = by_doc[d["doc"]]
        texts = [line["text"] for t in pages for line in t["lines"]]
        for term in d["search_terms"]:
            assert any(term in text for text in texts), (d["doc"], term)
        assert d["kind"] != "letter" or 6 <= len(d["search_terms"]) <= 10, (
            d["doc"],
            d["search_terms"],
        )
        for page in range(1, d["pages"] + 1):
            assert {t["variant"] for t in pages if t["page"] == page} == {
                "scan300",
                "scan150",
                "fax",
            }, (d["doc"], page)
        for path in d["files"].values():
            assert (out / path).exists(), path
    assert not {(x["file"], x["page"]) for x in lost} & {(x["file"], x["page"]) for x in clean}
    assert len(lost) == 40, len(lost)
    assert len(clean) == 40, len(clean)


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )


def choose_turns(docs: list[Built], rng: random.Random) -> dict[tuple[str, int, str], int]:
    """16 scan page variants are turned; never both scan variants of one page."""
    pages = [(b.doc_id, i + 1) for b in docs for i in range(len(b.pages))]
    return {
        (doc, page, rng.choice(["scan300", "scan150"])): rng.choice([90, 180, 270])
        for doc, page in rng.sample(pages, 16)
    }


def unique_terms(built: Built) -> None:
    """Order-keeping de-duplication, Swiss spelling applied, at most ten terms."""
    terms = [t.replace("ß", "ss") if built.doc_id in SWISS_DOCS else t for t in built.terms]
    built.terms = [t for i, t in enumerate(terms) if t and t not in terms[:i]][:10]


SWISS_DOCS = {"L02", "L16"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=None, help="output folder (default: a new temporary folder)"
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args()
    started = time.process_time()
    wall = time.time()
    out = args.out or Path(tempfile.mkdtemp(prefix="heldout47b-"))
    rng = random.Random(args.seed)
    docs = catalogue(rng)
    for built in docs:
        assert 1 <= len(built.pages) <= 2, (built.doc_id, len(built.pages))
        unique_terms(built)
    turns = choose_turns(docs, rng)
    writer = Writer(out, args.seed)
    headers = [i % 3 != 2 for i in range(len(docs))]
    for number, built in enumerate(docs, start=1):
        writer.document(built, number, turns, headers[number - 1])
    lost, clean = pick_lost_and_clean(writer.truth, rng)
    damaged = write_damaged(out, writer.upright150, writer.documents, rng)
    check(out, writer.truth, writer.documents, lost, clean)
    write_jsonl(out / "truth.jsonl", writer.truth)
    write_jsonl(out / "documents.jsonl", writer.documents)
    write_jsonl(out / "lost_lines.jsonl", lost)
    write_jsonl(out / "clean_pages.jsonl", clean)
    write_jsonl(out / "damaged" / "damaged.jsonl", damaged)
    kinds = [b.kind for b in docs]
    summary = {
        "seed": args.seed,
        "documents": len(docs),
        "letters": kinds.count("letter"),
        "handwritten": kinds.count("handwritten"),
        "mixed": kinds.count("mixed"),
        "languages": {
            lang: sum(1 for b in docs if b.language == lang and b.kind == "letter")
            for lang in ("de", "en")
        },
        "pages": sum(len(b.pages) for b in docs),
        "page_variants": len(writer.truth),
        "turned_page_variants": sum(1 for t in writer.truth if t["turned_degrees"]),
        "fax_with_header": sum(
            1
            for t in writer.truth
            if t["variant"] == "fax" and any(x["role"] == "fax_header" for x in t["lines"])
        ),
        "lost_lines": len(lost),
        "clean_pages": len(clean),
        "damaged_files": len(damaged),
        "seconds": round(time.process_time() - started, 1),
        "wall_seconds": round(time.time() - wall, 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(summary))
    print(out)


if __name__ == "__main__":
    main()
