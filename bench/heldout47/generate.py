# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501  (the letters are long German/English sentences in string literals)
"""Independent held-out set of clinic letters, scans, faxes and damaged files.

Written without reading the product's code. Everything is generated: names,
letters, lab values, logos, stamps and handwriting (pen strokes, not a font).

    .venv/bin/python bench/heldout47/generate.py --out /tmp/heldout47

See README.md next to this file for the layout of the output and the truth.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import os
import random
import struct
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pymupdf
from PIL import Image, ImageFile, ImageFilter

SEED = 4747
A4 = (595.0, 842.0)
FONT_DIR_DEJAVU = "/usr/share/fonts/truetype/dejavu/"
FONT_DIR_LIB = "/usr/share/fonts/truetype/liberation/"

FAMILIES = {
    "sans": (FONT_DIR_LIB + "LiberationSans-Regular.ttf", FONT_DIR_LIB + "LiberationSans-Bold.ttf"),
    "serif": (
        FONT_DIR_LIB + "LiberationSerif-Regular.ttf",
        FONT_DIR_LIB + "LiberationSerif-Bold.ttf",
    ),
    "narrow": (
        FONT_DIR_LIB + "LiberationSansNarrow-Regular.ttf",
        FONT_DIR_LIB + "LiberationSansNarrow-Bold.ttf",
    ),
    "dsans": (FONT_DIR_DEJAVU + "DejaVuSans.ttf", FONT_DIR_DEJAVU + "DejaVuSans-Bold.ttf"),
    "dserif": (FONT_DIR_DEJAVU + "DejaVuSerif.ttf", FONT_DIR_DEJAVU + "DejaVuSerif-Bold.ttf"),
    "mono": (FONT_DIR_LIB + "LiberationMono-Regular.ttf", FONT_DIR_LIB + "LiberationMono-Bold.ttf"),
}
_FONTS: dict[str, pymupdf.Font] = {}


def font(family: str, bold: bool = False) -> pymupdf.Font:
    key = f"{family}:{int(bold)}"
    if key not in _FONTS:
        path = FAMILIES[family][1 if bold else 0]
        if not os.path.exists(path):  # fall back to PyMuPDF's built-in Helvetica
            _FONTS[key] = pymupdf.Font("hebo" if bold else "helv")
        else:
            _FONTS[key] = pymupdf.Font(fontfile=path)
    return _FONTS[key]


# --------------------------------------------------------------------------- page building


@dataclass
class Line:
    id: str
    text: str
    box: tuple[float, float, float, float]  # page points
    role: str
    cells: list[dict[str, Any]] | None = None
    language: str | None = None


@dataclass
class Mark:
    type: str  # signature, stamp, logo, rule, handwriting, box, checkbox
    box: tuple[float, float, float, float]
    text: str | None = None


@dataclass
class PageRec:
    lines: list[Line] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


class Builder:
    """Draws on a PyMuPDF page (or only measures, when page is None) and records truth."""

    def __init__(self, page: pymupdf.Page | None, page_no: int, family: str, size: float):
        self.page = page
        self.no = page_no
        self.family = family
        self.size = size
        self.rec = PageRec()
        self.writers: dict[tuple[float, float, float], pymupdf.TextWriter] = {}
        self.n = 0

    # text -----------------------------------------------------------------
    def _put(self, x: float, y: float, s: str, f: pymupdf.Font, size: float, color: tuple) -> None:
        if self.page is None:
            return
        tw = self.writers.get(color)
        if tw is None:
            tw = self.writers[color] = pymupdf.TextWriter(self.page.rect, color=color)
        tw.append((x, y), s, font=f, fontsize=size)

    def width(
        self, s: str, bold: bool = False, size: float | None = None, family: str | None = None
    ) -> float:
        return font(family or self.family, bold).text_length(s, fontsize=size or self.size)

    def text(
        self,
        x: float,
        y: float,
        s: str,
        *,
        size: float | None = None,
        bold: bool = False,
        family: str | None = None,
        align: str = "left",
        role: str = "body",
        color: tuple = (0, 0, 0),
        record: bool = True,
        language: str | None = None,
        draw: str | None = None,
    ) -> tuple[float, float, float, float]:
        """Baseline at y. Returns the line box (font ascender to descender)."""
        size = size or self.size
        f = font(family or self.family, bold)
        w = f.text_length(draw or s, fontsize=size)
        if align == "right":
            x -= w
        elif align == "center":
            x -= w / 2
        self._put(x, y, draw or s, f, size, color)
        box = (x, y - f.ascender * size, x + w, y - f.descender * size)
        if record:
            self.n += 1
            self.rec.lines.append(Line(f"p{self.no}-{self.n:03d}", s, box, role, language=language))
        return box

    def row(
        self,
        y: float,
        cells: list[tuple[float, str, str]],
        *,
        bold: bool = False,
        size: float | None = None,
        role: str = "table_row",
    ) -> None:
        """A table row recorded as one line (cells joined by one space) with its cells."""
        boxes = []
        texts = []
        for x, s, align in cells:
            if not s:
                continue
            b = self.text(x, y, s, size=size, bold=bold, align=align, record=False)
            boxes.append({"text": s, "box": b})
            texts.append(s)
        self.n += 1
        box = (
            min(b["box"][0] for b in boxes),
            min(b["box"][1] for b in boxes),
            max(b["box"][2] for b in boxes),
            max(b["box"][3] for b in boxes),
        )
        self.rec.lines.append(
            Line(f"p{self.no}-{self.n:03d}", " ".join(texts), box, role, cells=boxes)
        )

    def wrap(
        self, s: str, width: float, bold: bool = False, size: float | None = None
    ) -> list[str]:
        out: list[str] = []
        cur = ""
        for word in s.split():
            cand = f"{cur} {word}" if cur else word
            if self.width(cand, bold, size) <= width or not cur:
                cur = cand
            else:
                out.append(cur)
                cur = word
        if cur:
            out.append(cur)
        return out

    # shapes ---------------------------------------------------------------
    def rule(
        self, x0: float, y: float, x1: float, width: float = 0.8, color: tuple = (0, 0, 0)
    ) -> None:
        if self.page is not None:
            self.page.draw_line((x0, y), (x1, y), color=color, width=width)
        self.rec.marks.append(Mark("rule", (x0, y - width / 2 - 0.5, x1, y + width / 2 + 0.5)))

    def rect(
        self,
        r: tuple,
        width: float = 0.7,
        color: tuple = (0, 0, 0),
        fill: tuple | None = None,
        mark: str | None = "box",
    ) -> None:
        if self.page is not None:
            self.page.draw_rect(pymupdf.Rect(r), color=color, width=width, fill=fill)
        if mark:
            self.rec.marks.append(Mark(mark, tuple(r)))  # type: ignore[arg-type]

    def finish(self) -> None:
        if self.page is not None:
            for tw in self.writers.values():
                tw.write_text(self.page)


# --------------------------------------------------------------------------- pen strokes

LETTERS: dict[str, list[tuple[float, float]]] = {
    "i": [(0.0, 0), (0.25, -0.95), (0.3, -0.05), (0.5, -0.15)],
    "e": [
        (0, 0),
        (0.45, -0.45),
        (0.42, -0.9),
        (0.18, -0.75),
        (0.12, -0.15),
        (0.45, 0.02),
        (0.7, -0.15),
    ],
    "l": [
        (0, 0),
        (0.45, -1.5),
        (0.5, -2.3),
        (0.28, -2.1),
        (0.22, -0.5),
        (0.42, 0.02),
        (0.62, -0.15),
    ],
    "n": [
        (0, 0),
        (0.12, -0.95),
        (0.14, 0),
        (0.28, -0.75),
        (0.5, -0.98),
        (0.62, -0.6),
        (0.66, 0),
        (0.85, -0.15),
    ],
    "m": [
        (0, 0),
        (0.1, -0.95),
        (0.12, 0),
        (0.25, -0.8),
        (0.42, -0.95),
        (0.5, 0),
        (0.62, -0.8),
        (0.8, -0.95),
        (0.88, 0),
        (1.05, -0.15),
    ],
    "o": [
        (0, 0),
        (0.25, -0.85),
        (0.5, -0.98),
        (0.62, -0.5),
        (0.42, 0.02),
        (0.15, -0.3),
        (0.35, -0.95),
        (0.8, -0.85),
    ],
    "g": [
        (0, 0),
        (0.4, -0.95),
        (0.1, -0.65),
        (0.35, -0.02),
        (0.55, -0.9),
        (0.5, 0.9),
        (0.22, 1.35),
        (0.12, 0.9),
        (0.6, 0.1),
        (0.8, -0.05),
    ],
    "u": [
        (0, 0),
        (0.1, -0.95),
        (0.14, -0.1),
        (0.4, -0.08),
        (0.55, -0.95),
        (0.58, 0),
        (0.75, -0.15),
    ],
    "a": [
        (0, 0),
        (0.45, -0.9),
        (0.15, -0.7),
        (0.2, -0.02),
        (0.5, -0.5),
        (0.55, -0.95),
        (0.55, 0),
        (0.75, -0.15),
    ],
    "r": [(0, 0), (0.12, -0.9), (0.2, -0.6), (0.45, -0.95), (0.5, -0.7), (0.45, 0), (0.65, -0.15)],
    "h": [
        (0, 0),
        (0.35, -1.6),
        (0.38, -2.3),
        (0.18, -2.0),
        (0.12, 0),
        (0.3, -0.8),
        (0.55, -0.95),
        (0.6, 0),
        (0.8, -0.15),
    ],
    "d": [
        (0, 0),
        (0.45, -0.9),
        (0.15, -0.65),
        (0.2, -0.02),
        (0.5, -0.5),
        (0.62, -2.2),
        (0.6, 0),
        (0.8, -0.15),
    ],
    "s": [(0, 0), (0.35, -0.95), (0.2, -0.6), (0.45, -0.25), (0.2, 0.0), (0.55, -0.1)],
}
CAPITALS: list[list[tuple[float, float]]] = [
    [
        (0, 0),
        (0.3, -2.4),
        (0.6, -2.6),
        (0.5, -1.4),
        (0.05, -1.2),
        (0.9, -1.6),
        (0.9, 0),
        (1.1, -0.2),
    ],
    [
        (0.2, -2.0),
        (0.9, -2.6),
        (0.6, -1.3),
        (0.2, 0),
        (0.3, -1.2),
        (1.2, -1.0),
        (1.0, 0),
        (1.25, -0.2),
    ],
    [(0.9, -2.3), (0.4, -2.5), (0.1, -1.3), (0.35, 0), (1.0, -0.3), (1.1, -0.1)],
]


def catmull(points: list[tuple[float, float]], steps: int = 6) -> list[tuple[float, float]]:
    if len(points) < 3:
        return points
    pts = [points[0], *points, points[-1]]
    out = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(steps):
            t = k / steps
            t2, t3 = t * t, t * t * t
            out.append(
                tuple(
                    0.5
                    * (
                        2 * p1[j]
                        + (-p0[j] + p2[j]) * t
                        + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                        + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3
                    )
                    for j in range(2)
                )
            )
    out.append(points[-1])
    return out  # type: ignore[return-value]


def pen_stroke(
    page: pymupdf.Page | None,
    pts: list[tuple[float, float]],
    rng: random.Random,
    width: float,
    color: tuple,
) -> None:
    """Draws a smooth pen stroke whose width varies along it (in chunks)."""
    if page is None or len(pts) < 2:
        return
    shape = page.new_shape()
    phase = rng.uniform(0, 6.28)
    chunk = 5
    for i in range(0, len(pts) - 1, chunk):
        seg = pts[i : i + chunk + 1]
        if len(seg) < 2:
            break
        w = width * (0.65 + 0.45 * (1 + math.sin(phase + i * 0.21)) / 2)
        shape.draw_polyline(seg)
        shape.finish(color=color, width=w, lineCap=1, lineJoin=1, closePath=False)
    shape.commit()


def cursive_word(
    rng: random.Random, x: float, y: float, h: float, n: int, slant: float, capital: bool
) -> tuple[list[tuple[float, float]], float, list[tuple[float, float]]]:
    """Control points of a cursive word at baseline y, x-height h. Returns (points, end_x, dots)."""
    pts: list[tuple[float, float]] = []
    dots = []
    cx = x
    if capital:
        cap = rng.choice(CAPITALS)
        s = 1.0 + rng.uniform(-0.1, 0.15)
        for dx, dy in cap:
            pts.append((cx + dx * h * s, y + dy * h * s))
        cx += 1.0 * h * s
    keys = list(LETTERS)
    for _ in range(n):
        k = rng.choice(keys)
        shape = LETTERS[k]
        sx = h * rng.uniform(0.9, 1.2)
        sy = h * rng.uniform(0.85, 1.15)
        for dx, dy in shape:
            pts.append(
                (
                    cx + dx * sx + rng.uniform(-0.04, 0.04) * h,
                    y + dy * sy + rng.uniform(-0.05, 0.05) * h,
                )
            )
        if k == "i":
            dots.append((cx + 0.3 * sx, y - 1.5 * sy))
        cx += shape[-1][0] * sx
    # slant: shear x by height above baseline
    pts = [(px - (py - y) * slant, py) for px, py in pts]
    dots = [(px - (py - y) * slant, py) for px, py in dots]
    return pts, cx, dots


def handwriting_line(
    page: pymupdf.Page | None,
    rng: random.Random,
    x: float,
    y: float,
    max_w: float,
    h: float,
    color: tuple,
    width: float,
) -> tuple[float, float, float, float]:
    """A line of cursive-looking scribble. Returns its box (page points)."""
    cx = x
    slant = rng.uniform(0.15, 0.35)
    allpts: list[tuple[float, float]] = []
    first = True
    while True:
        n = rng.randint(2, 7)
        est = n * 0.7 * h + (h if first else 0)
        if cx + est > x + max_w and not first:
            break
        base = y + rng.uniform(-0.08, 0.08) * h
        pts, end, dots = cursive_word(
            rng, cx, base, h, n, slant, capital=first or rng.random() < 0.15
        )
        smooth = catmull(pts, 6)
        pen_stroke(page, smooth, rng, width, color)
        for dx, dy in dots:
            pen_stroke(page, [(dx, dy), (dx + 0.6, dy - 0.4)], rng, width * 1.2, color)
        allpts.extend(smooth)
        allpts.extend(dots)
        cx = end + h * rng.uniform(0.7, 1.2)
        first = False
    xs = [p[0] for p in allpts]
    ys = [p[1] for p in allpts]
    pad = width
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def signature(b: Builder, rng: random.Random, x: float, y: float, w: float = 120) -> None:
    """Handwritten signature with its baseline at y, spanning about w points."""
    color = rng.choice([(0.08, 0.12, 0.45), (0.05, 0.05, 0.1), (0.1, 0.2, 0.55)])
    h = rng.uniform(7, 10)
    slant = rng.uniform(0.2, 0.5)
    pts, end, _ = cursive_word(rng, x, y, h, rng.randint(3, 6), slant, True)
    pts2: list[tuple[float, float]] = []
    if rng.random() < 0.6:
        pts2, end, _ = cursive_word(
            rng, end + h * 0.6, y + rng.uniform(-2, 2), h, rng.randint(3, 7), slant, True
        )
    s1 = catmull(pts, 7)
    s2 = catmull(pts2, 7) if pts2 else []
    # scale to roughly w
    allp = s1 + s2
    xs = [p[0] for p in allp]
    fx = min(1.6, w / max(1.0, max(xs) - x))
    s1 = [(x + (px - x) * fx, py) for px, py in s1]
    s2 = [(x + (px - x) * fx, py) for px, py in s2]
    flourish = []
    if rng.random() < 0.7:
        x0 = x + rng.uniform(-5, 10)
        x1 = x + (max(xs) - x) * fx + rng.uniform(0, 15)
        yy = y + rng.uniform(4, 8)
        flourish = catmull(
            [(x0, yy + 2), ((x0 + x1) / 2, yy - 3), (x1, yy + 1), (x1 - 10, yy + 4)], 8
        )
    width = rng.uniform(0.9, 1.5)
    for s in (s1, s2, flourish):
        pen_stroke(b.page, s, rng, width, color)
    allp = s1 + s2 + flourish
    b.rec.marks.append(
        Mark(
            "signature",
            (
                min(p[0] for p in allp) - 1,
                min(p[1] for p in allp) - 1,
                max(p[0] for p in allp) + 1,
                max(p[1] for p in allp) + 1,
            ),
        )
    )


def stamp(
    b: Builder, rng: random.Random, cx: float, cy: float, lines: list[str], round_: bool
) -> None:
    color = rng.choice([(0.15, 0.25, 0.7), (0.7, 0.1, 0.15), (0.45, 0.15, 0.55)])
    page = b.page
    f = font("sans", True)
    if round_:
        r = rng.uniform(34, 42)
        if page is not None:
            page.draw_circle((cx, cy), r, color=color, width=1.6)
            page.draw_circle((cx, cy), r - 9, color=color, width=0.8)
            ring = lines[0].upper()
            n = len(ring)
            for i, ch in enumerate(ring):
                a = math.pi + (i + 0.5) / n * math.pi * 1.75 - math.pi * 0.375
                px = cx + (r - 7) * math.cos(a)
                py = cy + (r - 7) * math.sin(a)
                rot = math.degrees(a) + 90
                m = pymupdf.Matrix(rot)
                page.insert_text(
                    (px, py),
                    ch,
                    fontsize=6,
                    fontname="hebo",
                    color=color,
                    morph=(pymupdf.Point(px, py), m),
                )
            tw = pymupdf.TextWriter(page.rect, color=color)
            for k, s in enumerate(lines[1:3]):
                w = f.text_length(s, fontsize=7)
                tw.append((cx - w / 2, cy + 2 + (k - 0.5) * 9), s, font=f, fontsize=7)
            tw.write_text(page)
        b.rec.marks.append(
            Mark("stamp", (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), " / ".join(lines))
        )
    else:
        ang = rng.uniform(-6, 6)
        w = max(f.text_length(s, fontsize=9) for s in lines) + 16
        h = len(lines) * 12 + 10
        r = pymupdf.Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        if page is not None:
            m = pymupdf.Matrix(ang)
            piv = pymupdf.Point(cx, cy)
            shape = page.new_shape()
            shape.draw_rect(r)
            shape.draw_rect(pymupdf.Rect(r.x0 + 3, r.y0 + 3, r.x1 - 3, r.y1 - 3))
            shape.finish(color=color, width=1.2, morph=(piv, m))
            shape.commit()
            tw = pymupdf.TextWriter(page.rect, color=color)
            for k, s in enumerate(lines):
                tw.append(
                    (cx - f.text_length(s, fontsize=9) / 2, r.y0 + 16 + k * 12),
                    s,
                    font=f,
                    fontsize=9,
                )
            tw.write_text(page, morph=(piv, m))
        a = math.radians(abs(ang))
        ew = (w * math.cos(a) + h * math.sin(a)) / 2
        eh = (w * math.sin(a) + h * math.cos(a)) / 2
        b.rec.marks.append(
            Mark("stamp", (cx - ew - 1, cy - eh - 1, cx + ew + 1, cy + eh + 1), " / ".join(lines))
        )


def logo(b: Builder, rng: random.Random, x: float, y: float, s: float, color: tuple) -> None:
    page = b.page
    kind = rng.randrange(4)
    if page is not None:
        if kind == 0:  # circle with cross
            page.draw_circle((x + s / 2, y + s / 2), s / 2, color=color, fill=color)
            page.draw_rect(
                (x + s * 0.42, y + s * 0.18, x + s * 0.58, y + s * 0.82),
                color=(1, 1, 1),
                fill=(1, 1, 1),
            )
            page.draw_rect(
                (x + s * 0.18, y + s * 0.42, x + s * 0.82, y + s * 0.58),
                color=(1, 1, 1),
                fill=(1, 1, 1),
            )
        elif kind == 1:  # overlapping squares
            page.draw_rect((x, y, x + s * 0.65, y + s * 0.65), color=color, fill=color)
            page.draw_rect(
                (x + s * 0.35, y + s * 0.35, x + s, y + s), color=(0.5, 0.5, 0.5), width=2.5
            )
        elif kind == 2:  # waves
            for k in range(3):
                pts = [
                    (x + t / 10 * s, y + s * (0.3 + 0.22 * k) + math.sin(t / 10 * 6.28) * s * 0.08)
                    for t in range(11)
                ]
                page.draw_polyline(pts, color=color, width=s * 0.07)
            page.draw_rect((x, y, x + s, y + s), color=color, width=1.2)
        else:  # triangle in circle
            page.draw_circle((x + s / 2, y + s / 2), s / 2, color=color, width=2)
            page.draw_polyline(
                [
                    (x + s * 0.2, y + s * 0.72),
                    (x + s * 0.5, y + s * 0.18),
                    (x + s * 0.8, y + s * 0.72),
                    (x + s * 0.2, y + s * 0.72),
                ],
                color=color,
                fill=color,
                closePath=True,
            )
    b.rec.marks.append(Mark("logo", (x - 1.5, y - 1.5, x + s + 1.5, y + s + 1.5)))


# --------------------------------------------------------------------------- content pools

DE_FIRST_F = [
    "Anna",
    "Gisela",
    "Renate",
    "Ursula",
    "Monika",
    "Sabine",
    "Elke",
    "Brigitte",
    "Hannelore",
    "Jutta",
    "Ingrid",
    "Petra",
    "Karin",
    "Lea",
    "Sophie",
    "Marie",
    "Zeynep",
    "Agnieszka",
    "Irmgard",
    "Doris",
]
DE_FIRST_M = [
    "Klaus",
    "Jürgen",
    "Dieter",
    "Horst",
    "Manfred",
    "Wolfgang",
    "Günter",
    "Peter",
    "Hans-Jürgen",
    "Uwe",
    "Bernd",
    "Frank",
    "Jörg",
    "Lukas",
    "Mehmet",
    "Stefan",
    "Karl-Heinz",
    "Rüdiger",
    "Ömer",
    "Tobias",
]
DE_LAST = [
    "Müller",
    "Schröder",
    "Krüger",
    "Weiß",
    "Jäger",
    "Köhler",
    "Böhm",
    "Groß",
    "Günther",
    "Kühn",
    "Schäfer",
    "Möller",
    "Hoffmann",
    "Bergmann",
    "Zimmermann",
    "Lehmann",
    "Schmitt",
    "Wagner",
    "Öztürk",
    "Nowak",
    "Dietrich",
    "Brandt",
    "Voigt",
    "Haas",
    "Pfeiffer",
    "Lorenz",
    "Fuchs",
    "Scholz",
    "Baumgärtner",
    "Dörfler",
    "Kowalski",
    "Reinhardt",
    "Sauerbrey",
    "Tiedemann",
    "Wünsche",
    "Ebersbach",
]
EN_FIRST = [
    "Margaret",
    "David",
    "Susan",
    "Michael",
    "Patricia",
    "James",
    "Eleanor",
    "Robert",
    "Aisha",
    "Thomas",
    "Fiona",
    "George",
    "Priya",
    "Owen",
    "Siobhan",
    "Daniel",
]
EN_LAST = [
    "Thompson",
    "O'Connor",
    "Patel",
    "Hughes",
    "Fitzgerald",
    "Okafor",
    "Whitaker",
    "MacLeod",
    "Ashworth",
    "Pemberton",
    "Khan",
    "Llewellyn",
    "Harrington",
    "Byrne",
    "Caldwell",
    "Donnelly",
]
DE_DOCTORS = [
    "Dr. med. Katrin Lemke",
    "Dr. med. Matthias Brenner",
    "Prof. Dr. med. Ulrich Sanders",
    "Dr. med. Julia Hartwig-Nolte",
    "Dr. med. Ahmet Yıldız",
    "Dr. med. Corinna Wendt",
    "PD Dr. med. Felix Auerbach",
    "Dr. med. Sven Ihlenfeldt",
    "Dr. med. Miriam Grünewald",
]
EN_DOCTORS = [
    "Dr Helen Marsh",
    "Dr Rajesh Varma",
    "Dr Catherine Doyle",
    "Dr Andrew Kilbride",
    "Dr Naomi Fairweather",
]
DE_CLINICS = [
    (
        "Klinikum Am Südpark",
        "Klinik für Innere Medizin und Nephrologie",
        "Südparkallee 12",
        "10827 Berlin",
    ),
    (
        "St. Hedwig-Krankenhaus",
        "Medizinische Klinik II – Kardiologie",
        "Große Hamburger Straße 5",
        "10115 Berlin",
    ),
    (
        "Evangelisches Krankenhaus Lindenhof",
        "Abteilung für Allgemeine Innere Medizin",
        "Lindenstraße 88",
        "12555 Berlin",
    ),
    (
        "MVZ Labor Dr. Brandauer & Kollegen",
        "Laboratoriumsmedizin · Mikrobiologie",
        "Uferstraße 4",
        "13357 Berlin",
    ),
    (
        "Radiologie am Schlossplatz",
        "Praxis für Radiologie und Nuklearmedizin",
        "Schlossplatz 3",
        "14059 Berlin",
    ),
    (
        "Gemeinschaftspraxis Dr. Weber-Stahl",
        "Fachärzte für Allgemeinmedizin",
        "Kastanienweg 17",
        "12203 Berlin",
    ),
]
EN_CLINICS = [
    (
        "Riverside General Hospital",
        "Department of Renal Medicine",
        "14 Wharf Road",
        "London N1 7GR",
    ),
    ("St Bride's Community Hospital", "Acute Medical Unit", "2 Chapel Lane", "Leeds LS6 3BQ"),
    ("Hollybank Medical Centre", "General Practice", "88 Hollybank Avenue", "Bristol BS7 9PL"),
    (
        "Northgate Imaging Services",
        "Diagnostic Radiology",
        "Unit 5, Northgate Park",
        "Manchester M8 5AD",
    ),
]
STREETS = [
    "Birkenweg 4",
    "Hauptstraße 118",
    "Am Mühlenteich 7a",
    "Goethestraße 21",
    "Rosenstraße 2",
    "Friedrichstraße 230",
    "Seestraße 64",
    "Tulpenring 9",
]
CITIES = [
    "10115 Berlin",
    "12043 Berlin",
    "13189 Berlin",
    "14467 Potsdam",
    "15711 Königs Wusterhausen",
    "16515 Oranienburg",
]

# name, unit, low, high, decimals, English name
LABS = [
    ("Kalium", "mmol/l", 3.5, 5.1, 1, "Potassium"),
    ("Natrium", "mmol/l", 136, 145, 0, "Sodium"),
    ("Kreatinin", "mg/dl", 0.7, 1.2, 2, "Creatinine"),
    ("Harnstoff", "mg/dl", 17, 43, 0, "Urea"),
    ("Hämoglobin", "g/dl", 12.0, 16.0, 1, "Haemoglobin"),
    ("Leukozyten", "/nl", 4.0, 10.0, 1, "White cells"),
    ("Thrombozyten", "/nl", 150, 400, 0, "Platelets"),
    ("CRP", "mg/l", 0.0, 5.0, 1, "CRP"),
    ("Glukose", "mg/dl", 70, 100, 0, "Glucose"),
    ("HbA1c", "%", 4.0, 6.0, 1, "HbA1c"),
    ("TSH", "mU/l", 0.27, 4.20, 2, "TSH"),
    ("Calcium", "mmol/l", 2.15, 2.55, 2, "Calcium"),
    ("Phosphat", "mmol/l", 0.81, 1.45, 2, "Phosphate"),
    ("Albumin", "g/l", 35, 52, 0, "Albumin"),
    ("Quick", "%", 70, 120, 0, "Prothrombin"),
    ("Ferritin", "µg/l", 30, 400, 0, "Ferritin"),
]
DE_DIAG = [
    ("Hyperkaliämie", "E87.5"),
    ("Chronische Niereninsuffizienz Stadium G3b", "N18.3"),
    ("Arterielle Hypertonie", "I10.90"),
    ("Diabetes mellitus Typ 2", "E11.90"),
    ("Vorhofflimmern, paroxysmal", "I48.0"),
    ("Herzinsuffizienz NYHA II", "I50.12"),
    ("Pneumonie rechts basal", "J18.9"),
    ("Eisenmangelanämie", "D50.9"),
    ("Hyponatriämie", "E87.1"),
    ("Exsikkose", "E86"),
    ("Hypothyreose", "E03.9"),
    ("Akute Gichtarthritis", "M10.07"),
    ("Cholezystolithiasis", "K80.20"),
    ("Chronisch obstruktive Lungenerkrankung", "J44.99"),
]
EN_DIAG = [
    "Hyperkalaemia",
    "Chronic kidney disease stage 3b",
    "Hypertension",
    "Type 2 diabetes mellitus",
    "Atrial fibrillation",
    "Community-acquired pneumonia",
    "Iron deficiency anaemia",
    "Acute kidney injury",
    "Heart failure with reduced ejection fraction",
    "Hyponatraemia",
]
DE_MEDS = [
    "Ramipril 5 mg",
    "Bisoprolol 2,5 mg",
    "Torasemid 10 mg",
    "Metformin 500 mg",
    "Apixaban 5 mg",
    "Pantoprazol 20 mg",
    "L-Thyroxin 75 µg",
    "Allopurinol 100 mg",
    "Atorvastatin 20 mg",
    "Natriumhydrogencarbonat 1 g",
    "Patiromer 8,4 g",
]
EN_MEDS = [
    "Ramipril 5 mg",
    "Bisoprolol 2.5 mg",
    "Furosemide 40 mg",
    "Metformin 500 mg",
    "Apixaban 5 mg",
    "Omeprazole 20 mg",
    "Levothyroxine 75 micrograms",
    "Atorvastatin 20 mg",
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


def de_num(v: float, dec: int) -> str:
    return f"{v:.{dec}f}".replace(".", ",")


def en_num(v: float, dec: int) -> str:
    return f"{v:.{dec}f}"


@dataclass
class Patient:
    first: str
    last: str
    female: bool
    dob: tuple[int, int, int]
    street: str
    city: str
    number: str


def make_patient(rng: random.Random, lang: str, hyphen: bool) -> Patient:
    if lang == "de":
        female = rng.random() < 0.5
        first = rng.choice(DE_FIRST_F if female else DE_FIRST_M)
        last = rng.choice(DE_LAST)
        if hyphen:
            other = rng.choice([n for n in DE_LAST if n != last])
            last = f"{last}-{other}"
    else:
        female = rng.random() < 0.5
        first = rng.choice(EN_FIRST)
        last = rng.choice(EN_LAST)
        if hyphen:
            last = f"{last}-{rng.choice([n for n in EN_LAST if n != last])}"
    dob = (rng.randint(1, 28), rng.randint(1, 12), rng.randint(1931, 1999))
    return Patient(
        first,
        last,
        female,
        dob,
        rng.choice(STREETS),
        rng.choice(CITIES),
        str(rng.randint(100000, 999999)),
    )


def dstr(d: tuple[int, int, int], lang: str, style: int = 0) -> str:
    if lang == "de":
        return f"{d[0]:02d}.{d[1]:02d}.{d[2]}"
    if style == 0:
        return f"{d[0]:02d}/{d[1]:02d}/{d[2]}"
    return f"{d[0]} {MONTHS_EN[d[1] - 1]} {d[2]}"


def add_days(d: tuple[int, int, int], n: int) -> tuple[int, int, int]:
    import datetime

    x = datetime.date(d[2], d[1], d[0]) + datetime.timedelta(days=n)
    return (x.day, x.month, x.year)


# --------------------------------------------------------------------------- letter layout

BOTTOM = 770.0


@dataclass
class Letter:
    id: str
    lang: str
    doc_type: str
    family: str
    size: float
    max_pages: int
    patient: Patient
    date: tuple[int, int, int]
    clinic: tuple[str, str, str, str]
    doctor: str
    rng: random.Random
    terms: list[str] = field(default_factory=list)
    blocks: list[Callable[[Builder, float, float, float], float]] = field(default_factory=list)
    page_recs: list[PageRec] = field(default_factory=list)
    pdf: bytes = b""
    style: int = 0
    logo_color: tuple = (0.1, 0.3, 0.6)


def letterhead(L: Letter, b: Builder) -> float:
    rng = random.Random(L.id + "head")
    name, dept, street, city = L.clinic
    st = L.style
    col = L.logo_color
    if L.lang == "de":
        phone = f"030 · {rng.randint(20000, 99999)}-{rng.randint(10, 99)}"
        fax = f"030 · {rng.randint(20000, 99999)}-{rng.randint(100, 999)}"
        contact = [
            f"Telefon {phone}",
            f"Telefax {fax}",
            f"{name.split()[0].lower()}@kliniknetz-berlin.de",
        ]
    else:
        phone = f"0{rng.randint(113, 208)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        fax = f"0{rng.randint(113, 208)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
        contact = [
            f"Tel: {phone}",
            f"Fax: {fax}",
            "www." + name.split()[0].lower().replace("'", "") + "-health.org.uk",
        ]
    if st == 0:
        logo(b, rng, 57, 40, 42, col)
        b.text(110, 58, name, size=16, bold=True, role="letterhead")
        b.text(110, 74, dept, size=9.5, role="letterhead")
        for k, s in enumerate(contact):
            b.text(538, 48 + k * 11, s, size=8, align="right", role="letterhead")
        b.rule(57, 92, 538, 1.2, col)
        y = 92
    elif st == 1:
        b.text(297, 56, name.upper(), size=15, bold=True, align="center", role="letterhead")
        b.text(297, 72, dept, size=10, align="center", role="letterhead")
        b.text(
            297, 85, f"{street} · {city} · {contact[0]}", size=8, align="center", role="letterhead"
        )
        logo(b, rng, 500, 36, 38, col)
        b.rule(57, 94, 538, 0.6)
        b.rule(57, 97, 538, 0.6)
        y = 97
    else:
        logo(b, rng, 57, 34, 52, col)
        b.text(538, 52, name, size=14, bold=True, align="right", role="letterhead")
        b.text(538, 66, dept, size=9, align="right", role="letterhead")
        b.text(538, 78, contact[0] + "  " + contact[1], size=8, align="right", role="letterhead")
        b.rect((57, 92, 538, 95), width=0, color=col, fill=col, mark="rule")
        y = 95
    return y


def footer(L: Letter, b: Builder, page_no: int, pages: int) -> None:
    name, _dept, street, city = L.clinic
    if L.style == 1:
        b.text(297, 812, f"{name} · {street} · {city}", size=7.5, align="center", role="footer")
    else:
        b.rule(57, 790, 538, 0.5)
        if L.lang == "de":
            cols = [
                [name, street, city],
                [
                    "Bank für Sozialwirtschaft",
                    "IBAN DE12 1002 0500 0003 4567 89",
                    "BIC BFSWDE33BER",
                ],
                [
                    "Geschäftsführung: Dr. Thomas Adler",
                    "Amtsgericht Charlottenburg",
                    "HRB 123456 B",
                ],
            ]
        else:
            cols = [
                [name, street, city],
                ["Registered charity no. 1087645", "VAT GB 294 3312 08", ""],
                ["Chief Executive: Ms L. Grant", "Data protection: dpo@nhs.example", ""],
            ]
        for c, colx in zip(cols, (57, 240, 400), strict=False):
            for k, s in enumerate(c):
                if s:
                    b.text(colx, 800 + k * 9, s, size=7, role="footer")
    if pages > 1:
        label = f"Seite {page_no} von {pages}" if L.lang == "de" else f"Page {page_no} of {pages}"
        b.text(538, 780 if L.style != 1 else 826, label, size=8, align="right", role="page_number")


def address_block(L: Letter, b: Builder, y0: float) -> float:
    rng = random.Random(L.id + "addr")
    name, _dept, street, city = L.clinic
    b.text(57, 140, f"{name} · {street} · {city}", size=7, role="sender_line")
    b.rule(57, 143, 260, 0.4)
    if L.lang == "de":
        doc = rng.choice(
            [
                "Frau Dr. med. Sabine Roloff",
                "Herrn Dr. med. Olaf Quandt",
                "Praxis Dr. Yilmaz-Becker",
                "Frau Dipl.-Med. Heike Marx",
            ]
        )
        addr = [
            doc,
            rng.choice(
                ["Fachärztin für Allgemeinmedizin", "Facharzt für Innere Medizin", "Hausarztpraxis"]
            ),
            rng.choice(STREETS),
            rng.choice(CITIES),
        ]
    else:
        doc = rng.choice(["Dr S. Okonkwo", "Dr P. Hartley", "The Practice Manager"])
        addr = [
            doc,
            rng.choice(["Parkside Surgery", "Elm Tree Practice", "Canal Street Health Centre"]),
            f"{rng.randint(2, 90)} {rng.choice(['Mill Lane', 'High Street', 'Station Road'])}",
            rng.choice(["London E8 2LX", "Leeds LS2 9JT", "Bristol BS1 4DJ"]),
        ]
    for k, s in enumerate(addr):
        b.text(57, 162 + k * 13, s, size=10.5, role="address")
    # info block
    if L.lang == "de":
        info = [
            ("Ihr Zeichen", "–"),
            ("Unser Zeichen", rng.choice(["kl/ab", "SB/mw", "Ne-412"])),
            ("Durchwahl", f"030 · {rng.randint(20000, 99999)}-{rng.randint(10, 99)}"),
            ("Datum", dstr(L.date, "de")),
        ]
    else:
        info = [
            ("Our ref", f"{rng.choice(['RM', 'AMU', 'GP'])}/{rng.randint(1000, 9999)}"),
            (
                "NHS number",
                f"{rng.randint(400, 499)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}",
            ),
            ("Date", dstr(L.date, "en", L.style % 2)),
        ]
    for k, (a, v) in enumerate(info):
        b.text(370, 162 + k * 12, f"{a}: {v}", size=9, role="info")
    return 240


def paragraph(
    text: str, bold_head: str | None = None
) -> Callable[[Builder, float, float, float], float]:
    def draw(b: Builder, x: float, y: float, w: float) -> float:
        lh = b.size * 1.32
        if bold_head:
            b.text(x, y + b.size, bold_head, bold=True, role="heading")
            y += lh + 2
        for ln in b.wrap(text, w):
            b.text(x, y + b.size, ln)
            y += lh
        return y + lh * 0.45

    return draw


def bullets(
    items: list[str], head: str | None = None
) -> Callable[[Builder, float, float, float], float]:
    def draw(b: Builder, x: float, y: float, w: float) -> float:
        lh = b.size * 1.32
        if head:
            b.text(x, y + b.size, head, bold=True, role="heading")
            y += lh + 2
        for it in items:
            lines = b.wrap(it, w - 14)
            for k, ln in enumerate(lines):
                s = ("– " if k == 0 else "") + ln
                b.text(x + (4 if k == 0 else 14), y + b.size, s, role="list_item")
                y += lh
        return y + lh * 0.45

    return draw


def lab_table(
    rows: list[tuple[str, str, str, str, str]], lang: str, boxed: bool, head: str | None = None
) -> Callable[[Builder, float, float, float], float]:
    def draw(b: Builder, x: float, y: float, w: float) -> float:
        lh = b.size * 1.45
        if head:
            b.text(x, y + b.size, head, bold=True, role="heading")
            y += lh + 2
        cols = [x + 4, x + w * 0.50, x + w * 0.53, x + w * 0.72, x + w - 4]
        hdr = (
            ["Parameter", "Ergebnis", "Einheit", "Referenzbereich", ""]
            if lang == "de"
            else ["Test", "Result", "Units", "Reference range", ""]
        )
        top = y
        b.row(
            y + b.size,
            [
                (cols[0], hdr[0], "left"),
                (cols[1], hdr[1], "right"),
                (cols[2], hdr[2], "left"),
                (cols[3], hdr[3], "left"),
            ],
            bold=True,
            role="table_header",
        )
        y += lh
        if boxed:
            b.rule(x, y + 1, x + w, 0.6)
        y += 3
        for name, val, unit, ref, flag in rows:
            b.row(
                y + b.size,
                [
                    (cols[0], name, "left"),
                    (cols[1], val, "right"),
                    (cols[2], unit, "left"),
                    (cols[3], ref, "left"),
                    (cols[4], flag, "right"),
                ],
            )
            y += lh
        if boxed:
            b.rect((x, top - 2, x + w, y + 2), width=0.6, mark="table")
        return y + lh * 0.6

    return draw


def lab_rows(
    rng: random.Random, lang: str, n: int, force: list[str]
) -> list[tuple[str, str, str, str, str]]:
    chosen = [lab for lab in LABS if lab[0] in force]
    rest = [lab for lab in LABS if lab[0] not in force]
    rng.shuffle(rest)
    chosen += rest[: max(0, n - len(chosen))]
    out = []
    num = de_num if lang == "de" else en_num
    for name, unit, lo, hi, dec, en in chosen:
        r = rng.random()
        if name == "Kalium":
            v = rng.uniform(5.6, 6.8)
        elif r < 0.25:
            v = hi * rng.uniform(1.1, 1.9)
        elif r < 0.35 and lo > 0:
            v = lo * rng.uniform(0.7, 0.95)
        else:
            v = rng.uniform(lo, hi) if hi > lo else lo
        flag = "H" if v > hi else ("L" if v < lo else "")
        ref = f"< {num(hi, dec)}" if lo == 0 else f"{num(lo, dec)} - {num(hi, dec)}"
        out.append(
            (
                name if lang == "de" else en,
                num(v, dec),
                unit.replace("/l", "/L") if lang == "en" else unit,
                ref,
                flag,
            )
        )
    return out


def closing(L: Letter, b: Builder, x: float, y: float, stamp_kind: str | None) -> float:
    rng = random.Random(L.id + "close")
    b.text(
        x,
        y + b.size,
        "Mit freundlichen Grüßen"
        if L.lang == "de"
        else rng.choice(["Yours sincerely,", "Kind regards,"]),
        role="closing",
    )
    y += b.size * 1.3
    two = rng.random() < 0.35
    names = [L.doctor]
    if two:
        names.append(
            rng.choice([d for d in (DE_DOCTORS if L.lang == "de" else EN_DOCTORS) if d != L.doctor])
        )
    titles = (
        [
            "Oberärztin"
            if "Katrin" in L.doctor
            or "Julia" in L.doctor
            or "Corinna" in L.doctor
            or "Miriam" in L.doctor
            else "Oberarzt",
            "Assistenzarzt",
        ]
        if L.lang == "de"
        else ["Consultant Nephrologist", "Specialty Registrar"]
    )
    sig_y = y + 34
    for k, nm in enumerate(names):
        sx = x + k * 220
        if not (two and k == 1 and rng.random() < 0.3):
            signature(b, rng, sx + rng.uniform(0, 20), sig_y - 4, rng.uniform(90, 140))
        b.text(sx, sig_y + 14, nm, role="signature_name")
        b.text(sx, sig_y + 26, titles[k], size=b.size - 1, role="signature_title")
    if stamp_kind:
        sx = x + (430 if two else 260)
        sx = min(sx, 470)
        if stamp_kind == "round":
            stamp(b, rng, sx, sig_y - 5, [L.clinic[0][:30], dstr(L.date, L.lang), "Innere"], True)
        else:
            stamp(
                b,
                rng,
                sx,
                sig_y - 5,
                [
                    "EINGEGANGEN" if L.lang == "de" else "RECEIVED",
                    dstr(add_days(L.date, 2), L.lang),
                ],
                False,
            )
    return sig_y + 40


def layout_letter(
    L: Letter,
    first_page_top: Callable[[Builder], float],
    closing_fn: Callable[[Builder, float], float],
    closing_h: float,
) -> None:
    """Flows L.blocks over at most L.max_pages pages. Blocks that do not fit are dropped."""
    # measure blocks with a dry builder
    heights = []
    for blk in L.blocks:
        dry = Builder(None, 0, L.family, L.size)
        heights.append(blk(dry, 70, 0, 455))
    doc = pymupdf.open()
    pages: list[Builder] = []

    def new_page() -> tuple[Builder, float]:
        p = doc.new_page(width=A4[0], height=A4[1])
        for old in pages:  # adding a page invalidates earlier Page objects
            old.page = doc[old.no - 1]
        bb = Builder(p, len(pages) + 1, L.family, L.size)
        pages.append(bb)
        if len(pages) == 1:
            return bb, first_page_top(bb)
        y = letterhead_small(L, bb)
        return bb, y

    b, y = new_page()
    for blk, h in zip(L.blocks, heights, strict=False):
        limit = BOTTOM - (closing_h if len(pages) == L.max_pages else 0)
        if y + h > limit:
            if len(pages) < L.max_pages and h < BOTTOM - 150:
                b, y = new_page()
            else:
                continue
        y = blk(b, 70, y, 455)
    if y + closing_h > BOTTOM and len(pages) < L.max_pages:
        b, y = new_page()
    closing_fn(b, y)
    for bb in pages:
        footer(L, bb, bb.no, len(pages))
        bb.finish()
    L.page_recs = [bb.rec for bb in pages]
    L.pdf = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()


def letterhead_small(L: Letter, b: Builder) -> float:
    p = L.patient
    b.text(57, 50, L.clinic[0], size=9, bold=True, role="letterhead")
    if L.lang == "de":
        s = f"Patient{'in' if p.female else ''}: {p.last}, {p.first}, geb. {dstr(p.dob, 'de')}"
    else:
        s = f"Patient: {p.first} {p.last.upper()}, DOB {dstr(p.dob, 'en')}"
    b.text(538, 50, s, size=8.5, align="right", role="running_header")
    b.rule(57, 56, 538, 0.5)
    return 75


# --------------------------------------------------------------------------- letter kinds


def build_letter(L: Letter) -> None:
    rng = L.rng
    p = L.patient
    de = L.lang == "de"
    adm = add_days(L.date, -rng.randint(6, 20))
    dis = add_days(adm, rng.randint(3, 9))
    labs = lab_rows(
        rng, L.lang, rng.randint(6, 11), ["Kalium", "Kreatinin"] if rng.random() < 0.7 else ["CRP"]
    )
    L.terms += [p.last.split("-")[0], dstr(p.dob, L.lang)]
    if de:
        diags = rng.sample(DE_DIAG, rng.randint(2, 4))
        if L.doc_type == "discharge" and rng.random() < 0.6 and DE_DIAG[0] not in diags:
            diags[0] = DE_DIAG[0]
    else:
        ediag = rng.sample(EN_DIAG, rng.randint(2, 4))
    stamp_kind = rng.choice([None, None, "round", "rect"])
    herr = ("Frau" if p.female else "Herrn") if de else ("Mrs" if p.female else "Mr")
    pat_line = (
        f"{herr} {p.first} {p.last}, geb. {dstr(p.dob, 'de')}, {p.street}, {p.city}"
        if de
        else f"{p.first} {p.last}, DOB {dstr(p.dob, 'en')}, Hospital no. {p.number}"
    )

    def top(b: Builder) -> float:
        letterhead(L, b)
        y = address_block(L, b, 0)
        subj = {
            "discharge": ("Entlassungsbrief" if de else "Discharge summary"),
            "lab": ("Laborbefund" if de else "Laboratory report"),
            "radiology": ("Radiologischer Befundbericht" if de else "Radiology report"),
            "referral": ("Überweisung zur Mitbehandlung" if de else "Referral letter"),
            "short": ("Arztbrief / Kurzbericht" if de else "Clinic letter"),
            "faxletter": ("Ärztlicher Bericht" if de else "Medical report"),
        }[L.doc_type]
        b.text(57, y + 12, subj, size=L.size + 2, bold=True, role="subject")
        b.text(
            57,
            y + 27,
            ("Betreff: " if de else "Re: ") + pat_line,
            size=L.size - 0.5,
            role="subject",
        )
        if rng.random() < 0.5:
            b.rule(57, y + 33, 538, 0.4)
        return y + 45

    blocks = L.blocks
    if de:
        anrede = "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,"
        blocks.append(paragraph(anrede))
    else:
        blocks.append(paragraph("Dear Doctor,"))
    lab_name = labs[0][0]
    lab_val = labs[0][1]
    L.terms += [lab_name, lab_val]
    if L.doc_type in ("discharge", "short", "faxletter"):
        if de:
            blocks.append(
                paragraph(
                    f"wir berichten über {'Ihre Patientin' if p.female else 'Ihren Patienten'} {p.first} {p.last}, "
                    f"geb. {dstr(p.dob, 'de')}, {'die' if p.female else 'der'} sich vom {dstr(adm, 'de')} bis "
                    f"{dstr(dis, 'de')} in unserer stationären Behandlung befand."
                )
            )
            blocks.append(bullets([f"{d} ({c})" for d, c in diags], "Diagnosen:"))
            L.terms += [max(diags[0][0].replace(",", " ").split(), key=len), dstr(adm, "de")]
            blocks.append(
                paragraph(
                    "Die Aufnahme erfolgte über unsere Notaufnahme bei zunehmender Schwäche, Übelkeit und "
                    f"Belastungsdyspnoe seit etwa {rng.randint(3, 14)} Tagen. Laborchemisch zeigte sich ein "
                    f"{lab_name} von {lab_val} {labs[0][2]} bei vorbekannter Niereninsuffizienz. "
                    "Unter der bisherigen Medikation mit ACE-Hemmer und kaliumsparendem Diuretikum war es zu einem "
                    "Anstieg der Retentionswerte gekommen.",
                    "Anamnese:",
                )
            )
            blocks.append(
                paragraph(
                    f"{'Patientin' if p.female else 'Patient'} in reduziertem Allgemeinzustand, wach, allseits "
                    "orientiert. Herz: rhythmisch, normofrequent, keine pathologischen Geräusche. Lunge: vesikuläres "
                    "Atemgeräusch beidseits, keine Rasselgeräusche. Abdomen: weich, kein Druckschmerz, "
                    f"Darmgeräusche regelrecht. Blutdruck {rng.randint(118, 178)}/{rng.randint(62, 98)} mmHg, "
                    f"Puls {rng.randint(52, 104)}/min.",
                    "Aufnahmebefund:",
                )
            )
            blocks.append(
                lab_table(labs, "de", rng.random() < 0.6, f"Laborwerte vom {dstr(adm, 'de')}:")
            )
            blocks.append(
                paragraph(
                    "Nach Pausieren der kaliumerhöhenden Medikation sowie Gabe von Glukose-Insulin-Infusion und "
                    "Natriumpolystyrolsulfonat normalisierte sich das Kalium innerhalb von 48 Stunden. Die "
                    "Nierenfunktion besserte sich unter Volumengabe. Im EKG zeigten sich keine "
                    "Herzrhythmusstörungen.",
                    "Therapie und Verlauf:",
                )
            )
            blocks.append(
                paragraph(
                    f"Insgesamt gehen wir von einer medikamentös begünstigten {diags[0][0].split(',')[0]} bei "
                    "chronischer Niereninsuffizienz aus. Eine Wiederaufnahme des ACE-Hemmers sollte nur unter engmaschiger "
                    "Kontrolle erfolgen.",
                    "Beurteilung:",
                )
            )
            meds = rng.sample(DE_MEDS, rng.randint(3, 5))
            blocks.append(
                bullets(
                    [f"{m}   {rng.choice(['1-0-0', '1-0-1', '0-0-1', '½-0-0'])}" for m in meds],
                    "Medikation bei Entlassung:",
                )
            )
            blocks.append(
                paragraph(
                    f"Wir empfehlen eine Kontrolle der Elektrolyte und Retentionswerte am {dstr(add_days(dis, 3), 'de')} "
                    "in Ihrer Praxis. Für Rückfragen stehen wir Ihnen gerne zur Verfügung.",
                    "Procedere:",
                )
            )
        else:
            blocks.append(
                paragraph(
                    f"{p.first} {p.last} (DOB {dstr(p.dob, 'en')}) was admitted on {dstr(adm, 'en', 1)} and "
                    f"discharged on {dstr(dis, 'en', 1)}. Thank you for your continued care of this patient."
                )
            )
            blocks.append(bullets(ediag, "Diagnoses:"))
            L.terms += [max(ediag[0].split(), key=len), dstr(adm, "en", 1)]
            blocks.append(
                paragraph(
                    "Presented to the emergency department with generalised weakness, nausea and palpitations. "
                    f"Bloods on admission showed {lab_name.lower() if lab_name != 'CRP' else lab_name} of {lab_val} "
                    f"{labs[0][2]}. An ECG showed peaked T waves without arrhythmia.",
                    "Presentation:",
                )
            )
            blocks.append(lab_table(labs, "en", rng.random() < 0.6, "Admission bloods:"))
            blocks.append(
                paragraph(
                    "Treated with intravenous calcium gluconate, insulin-dextrose and a potassium binder. "
                    "Ramipril and spironolactone were withheld. Renal function improved with intravenous fluids.",
                    "Management:",
                )
            )
            meds = rng.sample(EN_MEDS, rng.randint(3, 5))
            blocks.append(
                bullets(
                    [f"{m} {rng.choice(['once daily', 'twice daily', 'at night'])}" for m in meds],
                    "Medications on discharge:",
                )
            )
            blocks.append(
                paragraph(
                    f"Please repeat urea and electrolytes within one week, by {dstr(add_days(dis, 7), 'en', 1)}. "
                    "Consider restarting ramipril at a lower dose if potassium remains below 5.0 mmol/L.",
                    "Actions for GP:",
                )
            )
    elif L.doc_type == "lab":
        blocks.append(
            paragraph(
                (
                    f"Material: Serum, EDTA-Blut. Eingang im Labor: {dstr(L.date, 'de')} {rng.randint(7, 11)}:"
                    f"{rng.randint(10, 59)} Uhr. Auftragsnummer {rng.randint(2400000, 2499999)}."
                )
                if de
                else (
                    f"Specimen: serum, EDTA blood. Received {dstr(L.date, 'en')} at {rng.randint(7, 11)}:"
                    f"{rng.randint(10, 59)}. Lab number {rng.randint(2400000, 2499999)}."
                )
            )
        )
        blocks.append(
            lab_table(labs, L.lang, True, "Klinische Chemie" if de else "Clinical chemistry")
        )
        labs2 = lab_rows(rng, L.lang, rng.randint(3, 6), [])
        labs2 = [r for r in labs2 if r[0] not in {x[0] for x in labs}]
        if labs2:
            blocks.append(
                lab_table(labs2, L.lang, rng.random() < 0.5, "Hämatologie" if de else "Haematology")
            )
        blocks.append(
            paragraph(
                (
                    "Befundkommentar: Deutlich erhöhtes Kalium, bitte Hämolyse ausschließen und zeitnah kontrollieren. "
                    "Die Werte wurden telefonisch an die Praxis durchgegeben."
                    if de
                    else "Comment: potassium markedly raised; haemolysis excluded. Result telephoned to the surgery."
                ),
                "Beurteilung:" if de else "Interpretation:",
            )
        )
        L.terms.append("Hämolyse" if de else "haemolysis")
    elif L.doc_type == "radiology":
        exam = rng.choice(
            ["Röntgen Thorax in 2 Ebenen", "Sonographie Abdomen", "CT Thorax nativ"]
            if de
            else ["Chest X-ray PA", "Ultrasound abdomen", "CT chest without contrast"]
        )
        blocks.append(paragraph(exam, "Untersuchung:" if de else "Examination:"))
        blocks.append(
            paragraph(
                (
                    "Rechtfertigende Indikation: Belastungsdyspnoe, Fieber seit 3 Tagen. Frage nach Pneumonie, "
                    "Pleuraerguss, kardialer Dekompensation."
                    if de
                    else "Clinical details: breathlessness and fever for three days. Query consolidation or effusion."
                ),
                "Klinische Angaben:" if de else "Indication:",
            )
        )
        blocks.append(
            paragraph(
                (
                    "Keine Voraufnahmen zum Vergleich. Herz normal groß, keine Zeichen der pulmonalvenösen Stauung. "
                    "Flächige Transparenzminderung im rechten Unterfeld mit positivem Bronchopneumogramm. Kleiner "
                    "Pleuraerguss rechts, Randwinkel links frei. Kein Pneumothorax. Skelettale Strukturen altersentsprechend. "
                    "Zentralvenöser Katheter über rechts, Spitze in Projektion auf die Vena cava superior."
                    if de
                    else "No previous imaging for comparison. Heart size normal. Airspace opacification in the right lower zone "
                    "with air bronchograms. Small right pleural effusion. No pneumothorax. Bones unremarkable."
                ),
                "Befund:" if de else "Findings:",
            )
        )
        blocks.append(
            paragraph(
                (
                    "Pneumonisches Infiltrat rechts basal mit kleinem parapneumonischem Erguss. Verlaufskontrolle nach "
                    "Therapie in 4 bis 6 Wochen empfohlen."
                    if de
                    else "Right lower zone consolidation with small parapneumonic effusion. Suggest follow-up film in six weeks."
                ),
                "Beurteilung:" if de else "Conclusion:",
            )
        )
        L.terms += ["Pleuraerguss" if de else "effusion", exam.split()[0]]
        if L.max_pages > 1:
            blocks.append(
                paragraph(
                    (
                        "Dosisflächenprodukt 12,4 cGy·cm². Die Untersuchung wurde gemäß Strahlenschutzgesetz dokumentiert. "
                        "Die Bilder stehen im PACS zur Verfügung."
                        if de
                        else "Dose area product 12.4 cGy·cm². Images are available on PACS."
                    ),
                    "Technik:" if de else "Technique:",
                )
            )
    elif L.doc_type == "referral":
        blocks.append(
            paragraph(
                f"ich überweise {'Ihnen Frau' if p.female else 'Ihnen Herrn'} {p.last} zur Mitbehandlung bei "
                f"progredienter Niereninsuffizienz. Aktuelles Kalium {labs[0][1]} mmol/l."
                if de
                else f"I would be grateful if you could see {p.first} {p.last} regarding deteriorating renal function. "
                f"Latest potassium {labs[0][1]} mmol/L."
            )
        )
        blocks.append(lab_table(labs[:5], L.lang, True))
        blocks.append(
            paragraph(
                "Bitte um Mitbeurteilung und Therapieempfehlung. Vorbefunde liegen bei."
                if de
                else "Previous results are enclosed. Many thanks for your help."
            )
        )
    L.terms = list(dict.fromkeys(t for t in L.terms if t))

    def close(b: Builder, y: float) -> float:
        return closing(L, b, 70, y + 4, stamp_kind)

    layout_letter(L, top, close, 110)


def build_form(L: Letter) -> None:
    """Referral form with boxes and checkboxes (German 'Überweisungsschein'-like, invented)."""
    rng = L.rng
    p = L.patient
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    b = Builder(page, 1, L.family, 9)
    de = L.lang == "de"
    logo(b, rng, 57, 40, 34, L.logo_color)
    b.text(100, 56, L.clinic[0], size=13, bold=True, role="letterhead")
    b.text(100, 70, L.clinic[1], size=8.5, role="letterhead")
    title = "Überweisungsschein / Auftrag" if de else "Referral form"
    b.text(538, 60, title, size=14, bold=True, align="right", role="subject")
    y = 95
    fields = (
        [
            ("Name, Vorname des Versicherten", f"{p.last}, {p.first}"),
            ("geb. am", dstr(p.dob, "de")),
            ("Anschrift", f"{p.street}, {p.city}"),
            ("Versicherten-Nr.", f"A{p.number}{rng.randint(100, 999)}"),
            ("Kostenträger", rng.choice(["AOK Nordost", "TK", "Barmer", "DAK-Gesundheit"])),
            ("Datum", dstr(L.date, "de")),
        ]
        if de
        else [
            ("Patient name", f"{p.first} {p.last}"),
            ("Date of birth", dstr(p.dob, "en")),
            ("Address", f"{p.street}, {p.city}"),
            ("Hospital number", p.number),
            ("Referrer", L.doctor),
            ("Date", dstr(L.date, "en")),
        ]
    )
    xs = [57, 330]
    for k, (lab, val) in enumerate(fields):
        col = k % 2
        if col == 0 and k:
            y += 38
        x0 = xs[col]
        x1 = 538 if col == 1 else 322
        b.rect((x0, y, x1, y + 34), width=0.7)
        b.text(x0 + 4, y + 9, lab, size=7, role="form_label")
        b.text(
            x0 + 6,
            y + 25,
            val,
            size=11,
            family="mono" if rng.random() < 0.5 else None,
            role="form_value",
        )
    y += 50
    b.text(57, y, "Auftrag:" if de else "Requested:", size=10, bold=True, role="heading")
    y += 8
    opts = (
        [
            "Konsiliaruntersuchung",
            "Mitbehandlung",
            "Weiterbehandlung",
            "Labor",
            "Röntgen",
            "Sonographie",
        ]
        if de
        else ["Opinion", "Shared care", "Transfer of care", "Bloods", "X-ray", "Ultrasound"]
    )
    ticked = set(rng.sample(range(len(opts)), 2))
    for k, o in enumerate(opts):
        cx = 57 + (k % 3) * 160
        cy = y + (k // 3) * 18
        b.rect((cx, cy + 2, cx + 9, cy + 11), width=0.8, mark="checkbox")
        if k in ticked and page is not None:
            page.draw_line((cx + 1, cy + 3), (cx + 8, cy + 10), width=1.2)
            page.draw_line((cx + 8, cy + 3), (cx + 1, cy + 10), width=1.2)
        b.text(cx + 14, cy + 10, o, size=9.5, role="form_option")
    y += 46
    b.text(
        57,
        y,
        "Diagnose / Verdachtsdiagnose:" if de else "Diagnosis:",
        size=10,
        bold=True,
        role="heading",
    )
    b.rect((57, y + 5, 538, y + 70), width=0.7)
    diag = rng.choice(DE_DIAG)[0] if de else rng.choice(EN_DIAG)
    b.text(62, y + 20, diag, size=10.5, role="form_value")
    b.text(
        62,
        y + 34,
        ("Befunde/Medikation: " if de else "Results/medication: ")
        + ", ".join(rng.sample(DE_MEDS if de else EN_MEDS, 2)),
        size=10.5,
        role="form_value",
    )
    y += 95
    labs = lab_rows(rng, L.lang, 5, ["Kalium"])
    lab_table(labs, L.lang, True, "Aktuelle Laborwerte" if de else "Recent results")(b, 57, y, 481)
    y += 26 + 6 * 9 * 1.45 + 30
    b.text(57, y, "Fragestellung:" if de else "Question:", size=10, bold=True, role="heading")
    q = (
        "Bitte um Abklärung der Hyperkaliämie und Anpassung der Medikation bei Niereninsuffizienz."
        if de
        else "Please advise on management of hyperkalaemia with declining eGFR."
    )
    yy = y + 14
    for ln in b.wrap(q, 470, size=10):
        b.text(57, yy, ln, size=10)
        yy += 13
    y = yy + 40
    b.rule(330, y, 538, 0.6)
    signature(b, rng, 345, y - 6, 110)
    b.text(
        330,
        y + 11,
        ("Unterschrift und Stempel des Arztes" if de else "Signature of referrer"),
        size=7,
        role="form_label",
    )
    if rng.random() < 0.7:
        stamp(
            b,
            rng,
            190,
            y - 12,
            [L.doctor.replace("Dr. med. ", "Dr. ")[:28], L.clinic[2], L.clinic[3]],
            False,
        )
    L.terms += [
        p.last.split("-")[0],
        max(diag.replace(",", " ").split(), key=len),
        labs[0][0],
        dstr(L.date, L.lang),
        labs[0][1],
        fields[4][1].split()[0],
    ]
    L.terms = list(dict.fromkeys(L.terms))
    b.finish()
    L.page_recs = [b.rec]
    L.pdf = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()


def build_fax_cover(L: Letter) -> None:
    """A fax cover sheet followed by a one-page letter (built as a 'faxletter')."""
    rng = L.rng
    de = L.lang == "de"
    inner = Letter(
        L.id,
        L.lang,
        "faxletter",
        L.family,
        L.size,
        1,
        L.patient,
        L.date,
        L.clinic,
        L.doctor,
        random.Random(L.id + "inner"),
        style=L.style,
        logo_color=L.logo_color,
    )
    build_letter(inner)
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    b = Builder(page, 1, "sans", 11)
    logo(b, rng, 57, 45, 40, L.logo_color)
    b.text(108, 70, L.clinic[0], size=15, bold=True, role="letterhead")
    b.text(57, 150, "TELEFAX" if de else "FAX", size=34, bold=True, role="subject")
    b.rule(57, 162, 538, 2.0)
    my_fax = f"030 {rng.randint(200, 999)} {rng.randint(1000, 9999)}-{rng.randint(10, 99)}"
    rows = (
        [
            ("An:", "Praxis Dr. med. Olaf Quandt"),
            ("Fax-Nr.:", f"030 · {rng.randint(20000, 99999)}-{rng.randint(10, 99)}"),
            ("Von:", L.doctor),
            ("Fax-Nr.:", my_fax),
            ("Datum:", dstr(L.date, "de")),
            ("Seiten:", "2 (inkl. Deckblatt)"),
            ("Betreff:", f"Befund {L.patient.last}, {L.patient.first}"),
        ]
        if de
        else [
            ("To:", "Dr P. Hartley, Elm Tree Practice"),
            ("Fax:", f"0113 {rng.randint(100, 999)} {rng.randint(1000, 9999)}"),
            ("From:", L.doctor),
            ("Fax:", my_fax),
            ("Date:", dstr(L.date, "en")),
            ("Pages:", "2 including this page"),
            ("Re:", f"Results for {L.patient.first} {L.patient.last}"),
        ]
    )
    y = 200
    for a, v in rows:
        b.row(y, [(57, a, "left"), (160, v, "left")], role="fax_field")
        b.rule(155, y + 5, 538, 0.4)
        y += 26
    y += 20
    boxes = (
        ["Dringend", "Zur Kenntnis", "Bitte um Rückruf", "Zur Stellungnahme"]
        if de
        else ["Urgent", "For information", "Please call back", "For comment"]
    )
    for k, o in enumerate(boxes):
        cx = 57 + k * 122
        b.rect((cx, y - 9, cx + 10, y + 1), width=0.9, mark="checkbox")
        if k in (0, 2):
            page.draw_line((cx + 1, y - 8), (cx + 9, y), width=1.3)
            page.draw_line((cx + 9, y - 8), (cx + 1, y), width=1.3)
        b.text(cx + 15, y, o, size=10, role="form_option")
    y += 40
    note = (
        "Vertraulichkeitshinweis: Diese Übermittlung enthält vertrauliche medizinische Informationen und ist "
        "ausschließlich für den oben genannten Empfänger bestimmt. Sollten Sie dieses Fax irrtümlich erhalten "
        "haben, benachrichtigen Sie uns bitte umgehend telefonisch und vernichten Sie die Unterlagen."
        if de
        else "Confidentiality notice: this fax contains confidential medical information intended only for the "
        "recipient named above. If you have received it in error please telephone us and destroy it."
    )
    b.rect((57, y - 4, 538, y + 70), width=0.8, mark="box")
    yy = y + 10
    for ln in b.wrap(note, 465, size=9.5):
        b.text(64, yy, ln, size=9.5, role="notice")
        yy += 12.5
    if rng.random() < 0.6:
        signature(b, rng, 70, yy + 60, 100)
        b.text(70, yy + 76, L.doctor, size=10, role="signature_name")
    b.finish()
    src = pymupdf.open("pdf", inner.pdf)
    doc.insert_pdf(src)
    L.page_recs = [b.rec, *inner.page_recs]
    # renumber inner page line ids (they were built as page 1)
    for ln in inner.page_recs[0].lines:
        ln.id = "p2" + ln.id[ln.id.index("-") :]
    L.terms = list(dict.fromkeys([L.patient.last.split("-")[0], my_fax.split()[1], *inner.terms]))
    L.pdf = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()


# --------------------------------------------------------------------------- handwritten pages


def build_handwritten(
    hid: str, rng: random.Random, mixed: int
) -> tuple[bytes, list[PageRec], dict]:
    doc = pymupdf.open()
    page = doc.new_page(width=A4[0], height=A4[1])
    b = Builder(page, 1, "sans", 10)
    color = rng.choice([(0.05, 0.1, 0.4), (0.05, 0.05, 0.08), (0.1, 0.15, 0.5)])
    info: dict[str, Any] = {
        "language": "de",
        "kind": "mixed" if mixed else "handwritten",
        "scripts": ["Latn"],
    }
    y = 90.0
    x0 = rng.uniform(55, 80)
    if mixed:
        logo(b, rng, 57, 40, 30, (0.2, 0.4, 0.3))
        b.text(
            95,
            55,
            "Praxis Dr. med. Corinna Wendt · Innere Medizin",
            size=11,
            bold=True,
            role="letterhead",
        )
        b.text(95, 68, "Telefonnotiz / Rückrufbitte", size=9, role="letterhead")
        b.rule(57, 76, 538, 0.8)
        typed = [
            "Datum: 02.10.2025   Uhrzeit: 10:45",
            "Anrufer: Labor Dr. Brandauer, Frau Ebersbach",
            "Patientin: Kowalski, Agnieszka, geb. 14.03.1958",
            "Kalium 6,1 mmol/l, Kreatinin 2,4 mg/dl",
        ]
        if mixed == 2:
            typed = [
                "Datum: 06.10.2025   Uhrzeit: 16:20",
                "Dolmetscher-Hinweis für die Anmeldung:",
                "Patient: Papadopoulos, Georgios, geb. 22.07.1949",
            ]
        yy = 100.0
        for s in typed:
            b.text(57, yy, s, size=10.5, family="mono", role="body")
            yy += 16
        if mixed == 2:
            greek = "Ασθενής: Γεώργιος Παπαδόπουλος, παρακαλώ καλέστε τον γιατρό."
            b.text(57, yy, greek, size=10.5, family="dsans", role="body", language="el")
            yy += 16
            heb = "שלום, התור נקבע ליום שני"
            b.text(
                57, yy, heb, size=10.5, family="dsans", role="body", language="he", draw=heb[::-1]
            )
            yy += 16
            info["scripts"] = ["Latn", "Grek", "Hebr"]
        b.rule(57, yy, 538, 0.4)
        y = yy + 30
        nlines = rng.randint(7, 10)
    else:
        style = int(hid[-1]) % 4
        if style == 1:  # lined note paper
            for k in range(24):
                b.rule(50, 110 + k * 26, 545, 0.35, (0.55, 0.65, 0.85))
            y = 110 + 26 - 5
        nlines = rng.randint(12, 20) if style != 3 else rng.randint(6, 9)
        if style == 3:
            x0 = 110
    h = rng.uniform(5.5, 7.5)
    lh = rng.uniform(24, 30) if not (not mixed and int(hid[-1]) % 4 == 1) else 26
    width = rng.uniform(0.8, 1.3)
    for k in range(nlines):
        maxw = (450 if not (not mixed and int(hid[-1]) % 4 == 3) else 330) - rng.uniform(
            0, 120 if k % 4 == 3 else 30
        )
        box = handwriting_line(page, rng, x0 + rng.uniform(-4, 4), y, maxw, h, color, width)
        b.rec.marks.append(Mark("handwriting", box))
        y += lh + rng.uniform(-2, 2)
        if y > 730:
            break
    signature(b, rng, x0 + 250, min(y + 25, 790), 110)
    b.finish()
    pdf = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return pdf, [b.rec], info


# --------------------------------------------------------------------------- rasterising


def render_gray(pdf: pymupdf.Document, pno: int, dpi_x: float, dpi_y: float) -> np.ndarray:
    m = pymupdf.Matrix(dpi_x / 72, dpi_y / 72)
    pix = pdf[pno].get_pixmap(matrix=m, colorspace=pymupdf.csGRAY, alpha=False)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width).copy()


def rot_point(x: float, y: float, cx: float, cy: float, deg: float) -> tuple[float, float]:
    a = math.radians(deg)
    return (
        cx + (x - cx) * math.cos(a) + (y - cy) * math.sin(a),
        cy - (x - cx) * math.sin(a) + (y - cy) * math.cos(a),
    )


def turn_point(x: float, y: float, w: float, h: float, turn: int) -> tuple[float, float]:
    """Clockwise turn of the image by `turn` degrees; w,h = size before the turn."""
    if turn == 90:
        return (h - y, x)
    if turn == 180:
        return (w - x, h - y)
    if turn == 270:
        return (y, w - x)
    return (x, y)


@dataclass
class Geo:
    sx: float
    sy_iso: float  # scale pt -> px before the vertical squash
    squash: float  # fax: 98/204
    w0: int
    h0: int  # iso image size (before squash)
    skew: float
    turn: int

    def quad(self, box: tuple[float, float, float, float]) -> list[list[float]]:
        x0, y0, x1, y1 = box
        pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        out = []
        cx, cy = self.w0 / 2, self.h0 / 2
        w_sq, h_sq = self.w0, self.h0 * self.squash
        for x, y in pts:
            px, py = x * self.sx, y * self.sy_iso
            px, py = rot_point(px, py, cx, cy, self.skew)
            py *= self.squash
            px, py = turn_point(px, py, w_sq, h_sq, self.turn)
            out.append([round(px, 1), round(py, 1)])
        return out

    def box(self, box: tuple[float, float, float, float]) -> list[int]:
        q = self.quad(box)
        return [
            math.floor(min(p[0] for p in q)),
            math.floor(min(p[1] for p in q)),
            math.ceil(max(p[0] for p in q)),
            math.ceil(max(p[1] for p in q)),
        ]


def degrade(
    img: np.ndarray, rng: np.random.Generator, skew: float, blur: float, noise: float
) -> np.ndarray:
    pil = Image.fromarray(img)
    if abs(skew) > 0.001:
        pil = pil.rotate(skew, resample=Image.Resampling.BICUBIC, fillcolor=255)
    if blur > 0:
        pil = pil.filter(ImageFilter.GaussianBlur(blur))
    a = np.asarray(pil).astype(np.float32)
    paper = float(rng.uniform(236, 250))
    a = a * (paper / 255.0)
    a += rng.standard_normal(a.shape, dtype=np.float32) * noise
    # a few specks of dust
    h, w = a.shape
    for _ in range(int(rng.integers(10, 40))):
        y, x = int(rng.integers(0, h - 3)), int(rng.integers(0, w - 3))
        a[y : y + int(rng.integers(1, 4)), x : x + int(rng.integers(1, 4))] = rng.uniform(30, 120)
    return np.clip(a, 0, 255).astype(np.uint8)


def to_fax(img: np.ndarray, rng: np.random.Generator, skew: float, squash: float) -> np.ndarray:
    pil = Image.fromarray(img)
    if abs(skew) > 0.001:
        pil = pil.rotate(skew, resample=Image.Resampling.BILINEAR, fillcolor=255)
    w, h = pil.size
    pil = pil.resize((w, max(1, round(h * squash))), Image.Resampling.BOX)
    a = np.asarray(pil).astype(np.float32)
    a += rng.standard_normal(a.shape, dtype=np.float32) * 18
    bw = (a > rng.uniform(135, 165)).astype(np.uint8) * 255
    # fax line noise: a few random black pixels
    n = int(rng.integers(200, 800))
    bw[rng.integers(0, bw.shape[0], n), rng.integers(0, bw.shape[1], n)] = 0
    return bw


def save_pdf_pages(path: str, imgs: list[tuple[bytes, float, float]]) -> None:
    """imgs: (encoded image, width pt, height pt)."""
    doc = pymupdf.open()
    for data, wpt, hpt in imgs:
        page = doc.new_page(width=wpt, height=hpt)
        page.insert_image(page.rect, stream=data)
    doc.save(path, garbage=3, deflate=True, no_new_id=True)
    doc.close()


def enc(img: Image.Image, fmt: str, **kw: Any) -> bytes:
    buf = io.BytesIO()
    img.save(buf, fmt, **kw)
    return buf.getvalue()


# --------------------------------------------------------------------------- damaged files


def tiff_gray_stripped(img: np.ndarray, rows_per_strip: int, dpi: int) -> tuple[bytes, int]:
    """Minimal uncompressed 8-bit TIFF, IFD first, then strips. Returns (bytes, offset of the strip data)."""
    h, w = img.shape
    nstrips = (h + rows_per_strip - 1) // rows_per_strip
    tags = 11
    ifd_size = 2 + tags * 12 + 4
    offs_pos = 8 + ifd_size
    counts_pos = offs_pos + 4 * nstrips
    res_pos = counts_pos + 4 * nstrips
    data_pos = res_pos + 16
    offsets = []
    counts = []
    p = data_pos
    for s in range(nstrips):
        rows = min(rows_per_strip, h - s * rows_per_strip)
        offsets.append(p)
        counts.append(rows * w)
        p += rows * w
    ent = [
        (256, 4, 1, w),
        (257, 4, 1, h),
        (258, 3, 1, 8),
        (259, 3, 1, 1),
        (262, 3, 1, 1),
        (273, 4, nstrips, offs_pos),
        (277, 3, 1, 1),
        (278, 4, 1, rows_per_strip),
        (279, 4, nstrips, counts_pos),
        (282, 5, 1, res_pos),
        (283, 5, 1, res_pos + 8),
    ]
    out = bytearray(b"II*\x00" + struct.pack("<I", 8))
    out += struct.pack("<H", tags)
    for tag, typ, cnt, val in ent:
        if typ == 3 and cnt == 1:
            out += struct.pack("<HHIHH", tag, typ, cnt, val, 0)
        else:
            out += struct.pack("<HHII", tag, typ, cnt, val)
    out += struct.pack("<I", 0)
    out += struct.pack(f"<{nstrips}I", *offsets)
    out += struct.pack(f"<{nstrips}I", *counts)
    out += struct.pack("<IIII", dpi, 1, dpi, 1)
    assert len(out) == data_pos
    out += img.tobytes()
    return bytes(out), data_pos


def pdf_with_images(
    pages: list[tuple[bytes, int, int]], mode: str = "ok", damaged_page: int = 0, cut: float = 0.45
) -> bytes:
    """Hand-written PDF, one grey JPEG per A4 page. mode: ok, truncate, rename, delete, badxref."""
    objs: dict[int, bytes] = {}
    n = len(pages)
    kids = " ".join(f"{3 + 3 * i} 0 R" for i in range(n))
    objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[2] = f"<< /Type /Pages /Kids [{kids}] /Count {n} >>".encode()
    for i, (jpg, w, h) in enumerate(pages):
        po, co, io_ = 3 + 3 * i, 4 + 3 * i, 5 + 3 * i
        name = "Im0"
        if mode == "rename" and i == damaged_page:
            name = "Im9"
        objs[po] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /{name} "
            f"{io_} 0 R >> >> /Contents {co} 0 R >>"
        ).encode()
        content = b"q 595 0 0 842 0 0 cm /Im0 Do Q"
        objs[co] = b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream"
        data = jpg
        if mode == "truncate" and i == damaged_page:
            data = jpg[: int(len(jpg) * cut)]
        if not (mode == "delete" and i == damaged_page):
            objs[io_] = (
                (
                    f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray "
                    f"/BitsPerComponent 8 /Filter /DCTDecode /Length {len(data)} >>\nstream\n"
                ).encode()
                + data
                + b"\nendstream"
            )
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    size = 3 + 3 * n
    offsets = {}
    for k in sorted(objs):
        offsets[k] = len(out)
        out += f"{k} 0 obj\n".encode() + objs[k] + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {size}\n".encode() + b"0000000000 65535 f \n"
    for k in range(1, size):
        if k in offsets:
            off = offsets[k] + (137 if mode == "badxref" else 0)
            out += f"{off:010d} 00000 n \n".encode()
        else:
            out += b"0000000000 65535 f \n"
    out += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref + (55 if mode == 'badxref' else 0)}\n%%EOF\n".encode()
    return bytes(out)


def first_lost_row(full: np.ndarray, broken: Image.Image) -> int:
    b = np.asarray(broken.convert("L")).astype(np.int16)
    f = full.astype(np.int16)
    diff = np.abs(b - f).mean(axis=1)
    bad = np.nonzero(diff > 12)[0]
    return int(bad[0]) if len(bad) else f.shape[0]


# --------------------------------------------------------------------------- main


DOC_PLAN = [
    # (lang, type, max_pages)
    ("de", "discharge", 2),
    ("de", "lab", 1),
    ("de", "form", 1),
    ("de", "radiology", 1),
    ("de", "fax", 2),
    ("en", "discharge", 2),
    ("de", "short", 1),
    ("en", "lab", 1),
    ("de", "discharge", 2),
    ("de", "referral", 1),
    ("en", "radiology", 2),
    ("de", "lab", 1),
    ("en", "fax", 2),
    ("de", "radiology", 2),
    ("de", "form", 1),
    ("en", "referral", 1),
    ("de", "discharge", 2),
    ("de", "short", 1),
    ("en", "form", 1),
    ("de", "fax", 2),
    ("de", "lab", 1),
    ("en", "discharge", 2),
    ("de", "referral", 1),
    ("de", "discharge", 1),
    ("en", "short", 1),
    ("de", "radiology", 1),
    ("de", "lab", 1),
    ("de", "discharge", 2),
    ("en", "lab", 1),
    ("de", "short", 2),
    ("de", "fax", 2),
    ("en", "discharge", 1),
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default=None, help="output folder (default: a new temporary folder)")
    ap.add_argument("--seed", type=int, default=SEED)
    args = ap.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="heldout47-")
    t0 = time.time()
    for sub in ("source_pdf", "scan300", "scan150", "fax", "damaged"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    master = random.Random(args.seed)
    nrng = np.random.default_rng(args.seed)
    docs: list[dict[str, Any]] = []

    for i, (lang, typ, maxp) in enumerate(DOC_PLAN):
        did = f"L{i + 1:02d}"
        r = random.Random(f"{args.seed}-{did}")
        clinic = r.choice(DE_CLINICS if lang == "de" else EN_CLINICS)
        if typ in ("discharge", "short"):
            clinic = r.choice(DE_CLINICS[:3] if lang == "de" else EN_CLINICS[:2])
        if typ == "lab":
            clinic = DE_CLINICS[3] if lang == "de" else EN_CLINICS[0]
        if typ == "radiology":
            clinic = DE_CLINICS[4] if lang == "de" else EN_CLINICS[3]
        L = Letter(
            did,
            lang,
            typ,
            r.choice(["sans", "serif", "narrow", "dsans", "dserif", "sans"]),
            round(r.uniform(9.5, 11.0), 1),
            maxp,
            make_patient(r, lang, r.random() < 0.3),
            (r.randint(1, 28), r.randint(1, 12), r.choice([2024, 2025, 2025])),
            clinic,
            r.choice(DE_DOCTORS if lang == "de" else EN_DOCTORS),
            r,
            style=r.randrange(3),
            logo_color=r.choice(
                [(0.1, 0.3, 0.6), (0.6, 0.1, 0.2), (0.1, 0.45, 0.3), (0.3, 0.3, 0.3)]
            ),
        )
        if typ == "form":
            build_form(L)
        elif typ == "fax":
            build_fax_cover(L)
        else:
            build_letter(L)
        text = " \n ".join(ln.text for rec in L.page_recs for ln in rec.lines)
        extra = [
            dstr(L.date, lang),
            L.doctor.split()[-1],
            L.patient.first.split("-")[0],
        ]
        terms = [t for t in dict.fromkeys(L.terms + extra) if t in text]
        terms = terms[:10]
        docs.append(
            {
                "id": did,
                "lang": lang,
                "kind": "letter",
                "doc_type": typ,
                "pdf": L.pdf,
                "recs": L.page_recs,
                "terms": terms,
                "patient": f"{L.patient.first} {L.patient.last}",
                "scripts": ["Latn"],
            }
        )
    for k in range(6):
        hid = f"H{k + 1:02d}" if k < 4 else f"M{k - 3:02d}"
        r = random.Random(f"{args.seed}-{hid}")
        pdf, recs, info = build_handwritten(hid, r, 0 if k < 4 else k - 3)
        docs.append(
            {
                "id": hid,
                "lang": info["language"],
                "kind": info["kind"],
                "doc_type": "note",
                "pdf": pdf,
                "recs": recs,
                "terms": [],
                "patient": None,
                "scripts": info["scripts"],
            }
        )
    print(f"built {len(docs)} documents in {time.time() - t0:.1f}s", flush=True)

    # choose turned pages (scan variants only) and fax headers
    all_pages = [(d["id"], p) for d in docs for p in range(len(d["recs"]))]
    turned: dict[tuple[str, int, str], int] = {}
    for did, p in master.sample(all_pages, 16):
        turned[(did, p, master.choice(["scan150", "scan300"]))] = master.choice([90, 180, 180, 270])
    truth_rows: list[dict[str, Any]] = []
    keep150: dict[tuple[str, int], np.ndarray] = {}
    for di, d in enumerate(docs):
        with open(os.path.join(out, "source_pdf", d["id"] + ".pdf"), "wb") as fh:
            fh.write(d["pdf"])
        src = pymupdf.open("pdf", d["pdf"])
        npages = len(src)
        files = {}
        # fax header variant of the document
        fax_header = di % 3 != 1
        faxdoc = pymupdf.open("pdf", d["pdf"])
        hdr_lines: list[tuple[str, tuple]] = []
        if fax_header:
            num = master.choice(["+49 30 1234567", "+49 30 8812 440", "+49 331 977 210"])
            when = (
                f"{master.randint(1, 28):02d}.{master.randint(1, 12):02d}.2025 {master.randint(7, 18):02d}:"
                f"{master.randint(0, 59):02d}"
            )
            for pno in range(npages):
                s = f"Fax von {num}    {when}    Seite {pno + 1}/{npages}"
                f = font("mono")
                pg = faxdoc[pno]
                tw = pymupdf.TextWriter(pg.rect)
                tw.append((30, 14), s, font=f, fontsize=8)
                tw.write_text(pg)
                hdr_lines.append(
                    (
                        s,
                        (
                            30,
                            14 - f.ascender * 8,
                            30 + f.text_length(s, fontsize=8),
                            14 - f.descender * 8,
                        ),
                    )
                )
        for variant in ("scan300", "scan150", "fax"):
            encoded: list[tuple[bytes, float, float]] = []
            pil_pages: list[Image.Image] = []
            for pno in range(npages):
                rec: PageRec = d["recs"][pno]
                turn = turned.get((d["id"], pno, variant), 0)
                skew = (
                    round(float(nrng.uniform(-1.0, 1.0)), 2)
                    if variant != "fax" or nrng.random() < 0.5
                    else 0.0
                )
                if variant == "fax":
                    img = render_gray(faxdoc, pno, 204, 204)
                    squash = 98 / 204
                    arr = to_fax(img, nrng, skew, squash)
                    geo = Geo(204 / 72, 204 / 72, squash, img.shape[1], img.shape[0], skew, 0)
                    dpi = (204, 98)
                else:
                    dv = 300 if variant == "scan300" else 150
                    img = render_gray(src, pno, dv, dv)
                    arr = degrade(
                        img,
                        nrng,
                        skew,
                        float(nrng.uniform(0.4, 0.9)) * dv / 300,
                        float(nrng.uniform(3, 8)),
                    )
                    if turn:
                        arr = np.ascontiguousarray(np.rot90(arr, k=-turn // 90))
                    geo = Geo(dv / 72, dv / 72, 1.0, img.shape[1], img.shape[0], skew, turn)
                    dpi = (dv, dv)
                    if variant == "scan150" and d["kind"] == "letter":
                        keep150[(d["id"], pno)] = arr
                lines = []
                for ln in rec.lines:
                    o: dict[str, Any] = {
                        "id": ln.id,
                        "text": ln.text,
                        "box": geo.box(ln.box),
                        "quad": geo.quad(ln.box),
                        "role": ln.role,
                    }
                    if ln.cells:
                        o["cells"] = [
                            {"text": c["text"], "box": geo.box(c["box"])} for c in ln.cells
                        ]
                    if ln.language:
                        o["language"] = ln.language
                    lines.append(o)
                if variant == "fax" and fax_header:
                    s, bx = hdr_lines[pno]
                    lines.insert(
                        0,
                        {
                            "id": f"p{pno + 1}-fax",
                            "text": s,
                            "box": geo.box(bx),
                            "quad": geo.quad(bx),
                            "role": "fax_header",
                        },
                    )
                marks = [
                    {"type": m.type, "box": geo.box(m.box), **({"text": m.text} if m.text else {})}
                    for m in rec.marks
                ]
                truth_rows.append(
                    {
                        "file": None,
                        "doc": d["id"],
                        "page": pno + 1,
                        "pages_in_file": npages,
                        "variant": variant,
                        "image_size": [int(arr.shape[1]), int(arr.shape[0])],
                        "dpi": list(dpi),
                        "turned_degrees": turn,
                        "skew_degrees": skew,
                        "language": d["lang"],
                        "scripts": d["scripts"],
                        "kind": d["kind"],
                        "doc_type": d["doc_type"],
                        "lines": lines,
                        "marks": marks,
                        "search_terms": d["terms"],
                    }
                )
                pil = Image.fromarray(arr)
                if variant == "fax":
                    pil = pil.convert("1", dither=Image.Dither.NONE)
                pil_pages.append(pil)
                if variant == "scan300":
                    wpt, hpt = arr.shape[1] * 72 / 300, arr.shape[0] * 72 / 300
                    encoded.append((enc(pil, "JPEG", quality=75, dpi=(300, 300)), wpt, hpt))
                elif variant == "fax" and di % 2 == 1:
                    encoded.append((enc(pil, "PNG"), A4[0], A4[1]))
            # write the file of this variant
            if variant == "scan300":
                name = f"scan300/{d['id']}.pdf"
                save_pdf_pages(os.path.join(out, name), encoded)
            elif variant == "scan150":
                if npages > 1:
                    name = f"scan150/{d['id']}.tif"
                    pil_pages[0].save(
                        os.path.join(out, name),
                        save_all=True,
                        append_images=pil_pages[1:],
                        compression="tiff_deflate",
                        dpi=(150, 150),
                    )
                elif di % 2 == 0:
                    name = f"scan150/{d['id']}.jpg"
                    pil_pages[0].save(os.path.join(out, name), quality=85, dpi=(150, 150))
                else:
                    name = f"scan150/{d['id']}.png"
                    pil_pages[0].save(os.path.join(out, name), dpi=(150, 150))
            else:
                if di % 2 == 0:
                    name = f"fax/{d['id']}.tif"
                    pil_pages[0].save(
                        os.path.join(out, name),
                        save_all=True,
                        append_images=pil_pages[1:],
                        compression="group4",
                        dpi=(204, 98),
                    )
                else:
                    name = f"fax/{d['id']}.pdf"
                    save_pdf_pages(os.path.join(out, name), encoded)
            files[variant] = name
            for row in truth_rows[-npages:]:
                row["file"] = name
        d["files"] = files
        src.close()
        faxdoc.close()
    print(f"rasterised {len(truth_rows)} page variants in {time.time() - t0:.1f}s", flush=True)

    with open(os.path.join(out, "truth.jsonl"), "w", encoding="utf-8") as fh:
        for row in truth_rows:
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "documents.jsonl"), "w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(
                json.dumps(
                    {
                        "doc": d["id"],
                        "kind": d["kind"],
                        "doc_type": d["doc_type"],
                        "language": d["lang"],
                        "scripts": d["scripts"],
                        "pages": len(d["recs"]),
                        "patient": d["patient"],
                        "files": d["files"],
                        "source_pdf": f"source_pdf/{d['id']}.pdf",
                        "search_terms": d["terms"],
                    },
                    ensure_ascii=False,
                )
                + "\n"
            )

    # lost lines and clean pages --------------------------------------------------
    letter_rows = [r for r in truth_rows if r["kind"] in ("letter", "mixed") and r["lines"]]
    pool = letter_rows[:]
    master.shuffle(pool)
    lost = []
    used = set()
    for r in pool:
        if len(lost) >= 40:
            break
        body = [
            ln
            for ln in r["lines"]
            if ln["role"] in ("body", "list_item", "notice", "form_value", "fax_field")
        ]
        rows = [ln for ln in r["lines"] if ln["role"] == "table_row"]
        choice = master.choice(["line", "line", "row", "block3"])
        if choice == "row" and rows:
            ids = [master.choice(rows)["id"]]
        elif choice == "block3":
            # three consecutive body lines of one paragraph (same x, consecutive ids)
            runs = [
                i
                for i in range(len(r["lines"]) - 2)
                if all(r["lines"][i + k]["role"] == "body" for k in range(3))
            ]
            if not runs:
                continue
            i = master.choice(runs)
            ids = [r["lines"][i + k]["id"] for k in range(3)]
        elif body:
            choice = "line"
            ids = [master.choice(body)["id"]]
        else:
            continue
        lost.append(
            {
                "file": r["file"],
                "doc": r["doc"],
                "page": r["page"],
                "variant": r["variant"],
                "remove": choice,
                "line_ids": ids,
                "texts": [ln["text"] for ln in r["lines"] if ln["id"] in ids],
            }
        )
        used.add((r["file"], r["page"]))
    clean = []
    for r in pool:
        if len(clean) >= 40:
            break
        if (r["file"], r["page"]) in used:
            continue
        kinds = {m["type"] for m in r["marks"]}
        if kinds & {"signature", "stamp"}:
            clean.append(
                {
                    "file": r["file"],
                    "doc": r["doc"],
                    "page": r["page"],
                    "variant": r["variant"],
                    "marks": sorted(kinds & {"signature", "stamp", "logo", "rule"}),
                }
            )
    with open(os.path.join(out, "lost_lines.jsonl"), "w", encoding="utf-8") as fh:
        for o in lost:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")
    with open(os.path.join(out, "clean_pages.jsonl"), "w", encoding="utf-8") as fh:
        for o in clean:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")

    # damaged files ------------------------------------------------------------------
    dmg = []
    one_page = [
        d for d in docs if d["kind"] == "letter" and len(d["recs"]) == 1 and (d["id"], 0) in keep150
    ]
    two_page = [d for d in docs if d["kind"] == "letter" and len(d["recs"]) == 2]
    rowmap = {(r["doc"], r["page"], r["variant"]): r for r in truth_rows}

    def upright(did: str, pno: int) -> np.ndarray:
        a = keep150[(did, pno)]
        t = rowmap[(did, pno + 1, "scan150")]["turned_degrees"]
        return np.ascontiguousarray(np.rot90(a, k=t // 90)) if t else a

    def lost_ids(did: str, pno: int, row0: int) -> tuple[list[str], list[str]]:
        r = rowmap[(did, pno + 1, "scan150")]
        if r["turned_degrees"]:
            return [], []
        lost_ = [ln["id"] for ln in r["lines"] if ln["box"][3] > row0]
        kept = [ln["id"] for ln in r["lines"] if ln["box"][3] <= row0]
        return lost_, kept

    def add(name: str, data: bytes, **kw: Any) -> None:
        with open(os.path.join(out, "damaged", name), "wb") as fh:
            fh.write(data)
        dmg.append({"file": f"damaged/{name}", **kw})

    upr = [d for d in one_page if not rowmap[(d["id"], 1, "scan150")]["turned_degrees"]]
    dA, dB, dC, dD, dE, dF = (upr * 2)[:6]
    # 1 truncated JPEG
    a = upright(dA["id"], 0)
    jpg = enc(Image.fromarray(a), "JPEG", quality=85, dpi=(150, 150))
    cut = int(len(jpg) * 0.4)
    ImageFile.LOAD_TRUNCATED_IMAGES = True
    try:
        broken = Image.open(io.BytesIO(jpg[:cut]))
        broken.load()
        row0 = first_lost_row(a, broken)
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = False
    lo, ke = lost_ids(dA["id"], 0, row0)
    add(
        "truncated_40pct.jpg",
        jpg[:cut],
        source={"doc": dA["id"], "page": 1, "variant": "scan150"},
        damage="JPEG cut at 40% of its bytes (no EOI marker)",
        original_bytes=len(jpg),
        kept_bytes=cut,
        expect_flag=True,
        lost=f"image rows from about {row0} of {a.shape[0]} down are missing",
        first_lost_row=row0,
        lost_line_ids=lo,
        kept_line_ids=ke,
    )
    add(
        "intact.jpg",
        jpg,
        source={"doc": dA["id"], "page": 1, "variant": "scan150"},
        damage=None,
        expect_flag=False,
        lost=None,
        control=True,
    )
    # 2 TIFF with strips cut short
    b_ = upright(dB["id"], 0)
    tif, data_pos = tiff_gray_stripped(b_, 32, 150)
    keep_rows = int(b_.shape[0] * 0.55)
    cut_at = data_pos + keep_rows * b_.shape[1] + b_.shape[1] // 2
    lo, ke = lost_ids(dB["id"], 0, keep_rows)
    add(
        "strips_cut_short.tif",
        tif[:cut_at],
        source={"doc": dB["id"], "page": 1, "variant": "scan150"},
        damage="uncompressed TIFF (32 rows per strip) whose strip data ends in row "
        f"{keep_rows}; StripByteCounts still claim the full image",
        expect_flag=True,
        lost=f"image rows {keep_rows}..{b_.shape[0] - 1} missing",
        first_lost_row=keep_rows,
        lost_line_ids=lo,
        kept_line_ids=ke,
    )
    add(
        "intact.tif",
        tif,
        source={"doc": dB["id"], "page": 1, "variant": "scan150"},
        damage=None,
        expect_flag=False,
        lost=None,
        control=True,
    )

    # 3 PDFs
    def jp(d: dict) -> tuple[bytes, int, int]:
        arr = upright(d["id"], 0)
        return enc(Image.fromarray(arr), "JPEG", quality=85), arr.shape[1], arr.shape[0]

    pc = jp(dC)
    tr = pdf_with_images([pc], "truncate", 0, 0.45)
    ImageFile.LOAD_TRUNCATED_IMAGES = True
    try:
        broken = Image.open(io.BytesIO(pc[0][: int(len(pc[0]) * 0.45)]))
        broken.load()
        row0 = first_lost_row(upright(dC["id"], 0), broken)
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = False
    lo, ke = lost_ids(dC["id"], 0, row0)
    add(
        "image_stream_truncated.pdf",
        tr,
        source={"doc": dC["id"], "page": 1, "variant": "scan150"},
        damage="the page's JPEG image stream holds only its first 45% (Length matches the cut data)",
        expect_flag=True,
        lost=f"image rows from about {row0} down",
        first_lost_row=row0,
        lost_line_ids=lo,
        kept_line_ids=ke,
    )
    pdd = jp(dD)
    rn = pdf_with_images([pdd], "rename", 0)
    allids = [ln["id"] for ln in rowmap[(dD["id"], 1, "scan150")]["lines"]]
    add(
        "image_xobject_renamed.pdf",
        rn,
        source={"doc": dD["id"], "page": 1, "variant": "scan150"},
        damage="content stream draws /Im0 but the page resources name the image /Im9: a viewer shows a blank page",
        expect_flag=True,
        lost="the whole page",
        lost_line_ids=allids,
        kept_line_ids=[],
    )
    pe = jp(dE)
    de_ = pdf_with_images([pe], "delete", 0)
    allids = [ln["id"] for ln in rowmap[(dE["id"], 1, "scan150")]["lines"]]
    add(
        "image_xobject_deleted.pdf",
        de_,
        source={"doc": dE["id"], "page": 1, "variant": "scan150"},
        damage="the image object is gone (free in the xref, resources point to a missing object): blank page",
        expect_flag=True,
        lost="the whole page",
        lost_line_ids=allids,
        kept_line_ids=[],
    )
    pf = jp(dF)
    add(
        "broken_xref_image_intact.pdf",
        pdf_with_images([pf], "badxref", 0),
        source={"doc": dF["id"], "page": 1, "variant": "scan150"},
        damage="every xref offset is off by 137 bytes and startxref by 55; all objects and the image are intact, "
        "so a repair (object scan) loses nothing",
        expect_flag=False,
        lost=None,
        control=True,
        lost_line_ids=[],
        kept_line_ids=[ln["id"] for ln in rowmap[(dF["id"], 1, "scan150")]["lines"]],
    )
    add(
        "intact.pdf",
        pdf_with_images([pf], "ok"),
        source={"doc": dF["id"], "page": 1, "variant": "scan150"},
        damage=None,
        expect_flag=False,
        lost=None,
        control=True,
    )
    if two_page and (two_page[0]["id"], 1) in keep150:
        d2 = two_page[0]
        pages = []
        for pno in range(2):
            arr = upright(d2["id"], pno)
            pages.append(
                (enc(Image.fromarray(arr), "JPEG", quality=85), arr.shape[1], arr.shape[0])
            )
        allids = [ln["id"] for ln in rowmap[(d2["id"], 2, "scan150")]["lines"]]
        add(
            "two_pages_second_image_truncated.pdf",
            pdf_with_images(pages, "truncate", 1, 0.3),
            source={"doc": d2["id"], "page": "1-2", "variant": "scan150"},
            damage="page 2's JPEG stream holds only its first 30%; page 1 intact",
            expect_flag=True,
            lost="lower part of page 2 (page 1 intact)",
            damaged_page=2,
            lost_line_ids_page2_approx=allids[len(allids) // 3 :],
        )
    with open(os.path.join(out, "damaged", "damaged.jsonl"), "w", encoding="utf-8") as fh:
        for o in dmg:
            fh.write(json.dumps(o, ensure_ascii=False) + "\n")

    summary = {
        "seed": args.seed,
        "documents": len(docs),
        "letters": sum(d["kind"] == "letter" for d in docs),
        "handwritten": sum(d["kind"] == "handwritten" for d in docs),
        "mixed": sum(d["kind"] == "mixed" for d in docs),
        "pages": len(all_pages),
        "page_variants": len(truth_rows),
        "turned_page_variants": sum(1 for r in truth_rows if r["turned_degrees"]),
        "lost_lines": len(lost),
        "clean_pages": len(clean),
        "damaged_files": len(dmg),
        "seconds": round(time.time() - t0, 1),
    }
    with open(os.path.join(out, "summary.json"), "w") as fh:
        json.dump(summary, fh, indent=1)
    print(json.dumps(summary))
    print(out)


if __name__ == "__main__":
    main()
