# mypy: disallow-untyped-calls=False
# (PyMuPDF's API is untyped, as pyproject.toml's mypy override says for docvault.searchable)
"""Page layout and rendering for the held-out letters.

A page is laid out once in PDF points (1/72 inch, origin top left) as a list of text lines
and graphics (rules, boxes, signatures, stamps, logos, handwriting). From that one layout
come every condition: the born-digital PDF (PyMuPDF, real text), a 300 dpi grey master
drawn with Pillow, and from the master the scans (150/200/300 dpi, skewed, noisy, JPEG),
the G4 fax (204x98 dpi, a fax machine's header line on top) and turned scans. Each
condition keeps the affine map from layout points to its pixels, so every line's box is
known exactly in each file.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-italic": "DejaVuSans-Oblique.ttf",
    "serif": "DejaVuSerif.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
    "serif-italic": "DejaVuSerif-Italic.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "cond-bold": "DejaVuSansCondensed-Bold.ttf",
    "mono": "DejaVuSansMono.ttf",
    "mono-bold": "DejaVuSansMono-Bold.ttf",
}
HAND_FONT = "serif-italic"  # the glyphs the synthetic handwriting is drawn from

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)
MASTER_DPI = 300

Box = tuple[float, float, float, float]


@cache
def pdf_font(name: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONT_DIR + FONTS[name])


@cache
def pil_font(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONT_DIR + FONTS[name], px)


@cache
def _advance(font: str, ch: str) -> float:
    return float(pdf_font(font).text_length(ch, fontsize=1.0))


def text_width(text: str, font: str, size: float) -> float:
    """The width PyMuPDF gives the text (sum of glyph advances; no kerning either way)."""
    return sum(_advance(font, ch) for ch in text) * size


@dataclass
class Line:
    """One text line of the truth: what it says and where it lies (layout points)."""

    id: str
    text: str
    box: Box
    kind: str  # text, heading, table_cell, handwriting, stamp, logo, form_label, footer, ...
    block: str
    row: str | None = None  # table row id (cells of one row share it)
    # how it is drawn
    x: float = 0.0
    baseline: float = 0.0
    font: str = "sans"
    size: float = 10.0
    grey: int = 0
    image: Image.Image | None = None  # pre-drawn ink (handwriting, stamps), L mode, 300 dpi
    image_box: Box | None = None


@dataclass
class Graphic:
    kind: str  # rule, rect, image
    box: Box
    width: float = 0.8
    grey: int = 0
    image: Image.Image | None = None  # L mode ink mask (255 = ink) at MASTER_DPI
    fill: int | None = None


@dataclass
class Page:
    size: tuple[float, float]
    role: str = "letter"  # letter, fax_cover
    handwritten: bool = False
    lines: list[Line] = field(default_factory=list)
    graphics: list[Graphic] = field(default_factory=list)
    _block: str = "b0"
    _nblock: int = 0
    number: int = 1
    seed: int = 0

    # ---- layout helpers -------------------------------------------------------------------
    def block(self, name: str = "") -> str:
        self._nblock += 1
        self._block = f"b{self._nblock}{'-' + name if name else ''}"
        return self._block

    def text(
        self,
        x: float,
        baseline: float,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        align: str = "left",
        kind: str = "text",
        grey: int = 0,
        row: str | None = None,
    ) -> Line:
        w = text_width(text, font, size)
        if align == "right":
            x -= w
        elif align == "center":
            x -= w / 2
        f = pdf_font(font)
        box = (x, baseline - f.ascender * size, x + w, baseline - f.descender * size)
        line = Line(
            id=f"p{self.number}-l{len(self.lines) + 1:02d}",
            text=text,
            box=box,
            kind=kind,
            block=self._block,
            row=row,
            x=x,
            baseline=baseline,
            font=font,
            size=size,
            grey=grey,
        )
        self.lines.append(line)
        return line

    def para(
        self,
        x: float,
        y: float,
        width: float,
        text: str,
        size: float = 10.0,
        font: str = "sans",
        leading: float = 1.35,
        kind: str = "text",
    ) -> float:
        """Word-wrapped paragraph starting at baseline y; returns the next free baseline."""
        words = text.split()
        cur: list[str] = []
        for word in words:
            trial = " ".join([*cur, word])
            if cur and text_width(trial, font, size) > width:
                self.text(x, y, " ".join(cur), size, font, kind=kind)
                y += size * leading
                cur = [word]
            else:
                cur.append(word)
        if cur:
            self.text(x, y, " ".join(cur), size, font, kind=kind)
            y += size * leading
        return y

    def rule(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.7) -> None:
        self.graphics.append(Graphic("rule", (x0, y0, x1, y1), width=width))

    def rect(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.7) -> None:
        self.graphics.append(Graphic("rect", (x0, y0, x1, y1), width=width))

    def fill(self, x0: float, y0: float, x1: float, y1: float, grey: int) -> None:
        self.graphics.append(Graphic("rect", (x0, y0, x1, y1), width=0, fill=grey))

    def image(
        self, x: float, y: float, img: Image.Image, grey: int = 0, kind: str = "image"
    ) -> Box:
        w = img.width * 72 / MASTER_DPI
        h = img.height * 72 / MASTER_DPI
        box = (x, y, x + w, y + h)
        self.graphics.append(Graphic(kind, box, image=img, grey=grey))
        return box

    def image_line(
        self, text: str, x: float, y: float, img: Image.Image, kind: str, grey: int = 0
    ) -> Line:
        """A line whose ink is a pre-drawn image (handwriting, stamp text)."""
        box = self.image(x, y, img, grey, kind="ink")
        ink = img.getbbox() or (0, 0, img.width, img.height)
        s = 72 / MASTER_DPI
        tight = (x + ink[0] * s, y + ink[1] * s, x + ink[2] * s, y + ink[3] * s)
        line = Line(
            id=f"p{self.number}-l{len(self.lines) + 1:02d}",
            text=text,
            box=tight,
            kind=kind,
            block=self._block,
            image_box=box,
        )
        self.lines.append(line)
        return line


# ---- drawn ink: handwriting, signatures, stamps, logos ------------------------------------


def _pt(v: float) -> int:
    return round(v * MASTER_DPI / 72)


def handwriting(text: str, size: float, rng: random.Random) -> Image.Image:
    """A line of synthetic handwriting: italic glyphs, each turned, scaled and shifted a
    little, on a wandering baseline, with a slant and a wave through the whole line."""
    px = _pt(size)
    font_name = HAND_FONT
    slant = rng.uniform(-0.05, 0.25)
    pad = px
    width = int(text_width(text, font_name, size) * MASTER_DPI / 72 * 1.25) + 2 * pad
    height = px * 3
    img = Image.new("L", (width, height), 0)
    x = float(pad)
    base = height * 0.62
    drift = rng.uniform(-0.04, 0.04)
    thick = rng.choice([0, 0, 1])
    for ch in text:
        scale = rng.uniform(0.9, 1.12)
        f = pil_font(font_name, max(8, round(px * scale)))
        adv = f.getlength(ch)
        if ch != " ":
            g = Image.new("L", (round(adv) + px, px * 2), 0)
            ImageDraw.Draw(g).text(
                (px // 2, px * 1.4), ch, font=f, fill=255, anchor="ls", stroke_width=thick
            )
            g = g.rotate(rng.uniform(-7, 7), resample=Image.Resampling.BICUBIC)
            gy = base - px * 1.4 + rng.uniform(-0.06, 0.06) * px
            img.paste(255, (round(x - px // 2), round(gy)), g)
        x += adv * rng.uniform(0.92, 1.08) + (px * 0.12 if ch == " " else 0)
        base += drift * adv * 0.1
    img = img.crop((0, 0, min(width, round(x) + pad), height))
    # slant and wave
    img = img.transform(
        img.size,
        Image.Transform.AFFINE,
        (1, slant, -slant * height * 0.6, 0, 1, 0),
        resample=Image.Resampling.BICUBIC,
    )
    arr = np.asarray(img)
    out = np.zeros_like(arr)
    amp = px * rng.uniform(0.04, 0.12)
    period = rng.uniform(3, 8) * px
    phase = rng.uniform(0, 6.28)
    for col in range(arr.shape[1]):
        shift = round(amp * math.sin(col / period * 6.28 + phase))
        out[:, col] = np.roll(arr[:, col], shift)
    img = Image.fromarray(out).filter(ImageFilter.GaussianBlur(0.6))
    bb = img.getbbox()
    if bb:
        img = img.crop((max(0, bb[0] - 4), max(0, bb[1] - 4), bb[2] + 4, bb[3] + 4))
    return img


def _spline(points: list[tuple[float, float]], steps: int = 8) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    pts = [points[0], *points, points[-1]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(steps):
            t = s / steps
            t2, t3 = t * t, t * t * t
            out.append(
                tuple(  # type: ignore[arg-type]
                    0.5
                    * (
                        2 * p1[k]
                        + (-p0[k] + p2[k]) * t
                        + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2
                        + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3
                    )
                    for k in range(2)
                )
            )
    out.append(points[-1])
    return out


def signature(width: float, height: float, rng: random.Random) -> Image.Image:
    """A handwritten signature stroke: loops on a rising line, a flourish underneath."""
    w, h = _pt(width), _pt(height)
    img = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(img)
    n = rng.randint(7, 14)
    pts: list[tuple[float, float]] = []
    rise = rng.uniform(-0.25, 0.05)
    for i in range(n):
        t = i / (n - 1)
        x = w * (0.05 + 0.85 * t) + rng.uniform(-w * 0.03, w * 0.03)
        amp = h * rng.uniform(0.15, 0.42)
        y = h * (0.55 + rise * (t - 0.5)) + (amp if i % 2 else -amp)
        pts.append((x, y))
    stroke = max(2, _pt(rng.uniform(0.7, 1.3)))
    d.line(_spline(pts), fill=255, width=stroke, joint="curve")
    if rng.random() < 0.7:
        y0 = h * rng.uniform(0.75, 0.9)
        flourish = [
            (w * 0.1, y0 + rng.uniform(-5, 5)),
            (w * 0.5, y0 + rng.uniform(-8, 8)),
            (w * 0.92, y0 - h * rng.uniform(0.05, 0.2)),
        ]
        d.line(_spline(flourish), fill=255, width=stroke, joint="curve")
    if rng.random() < 0.5:  # a dot or a cross stroke
        cx, cy = w * rng.uniform(0.2, 0.8), h * rng.uniform(0.1, 0.3)
        d.ellipse((cx - stroke, cy - stroke, cx + stroke, cy + stroke), fill=255)
    return img.filter(ImageFilter.GaussianBlur(0.7))


def stamp(
    texts: Sequence[tuple[str, float, str]], angle: float, rng: random.Random, frame: str = "rect"
) -> tuple[Image.Image, list[tuple[str, Box]]]:
    """A rubber stamp: lines of text in a frame, turned by angle; the returned boxes are
    each text line's bounding box in the stamp image (MASTER_DPI pixels)."""
    pad = _pt(6)
    sizes = [(t, _pt(s), f) for t, s, f in texts]
    widths = [pil_font(f, px).getlength(t) for t, px, f in sizes]
    w = int(max(widths)) + 2 * pad
    h = int(sum(px * 1.3 for _, px, _ in sizes)) + 2 * pad
    margin = int(max(w, h) * 0.3)
    img = Image.new("L", (w + 2 * margin, h + 2 * margin), 0)
    d = ImageDraw.Draw(img)
    bw = _pt(1.2)
    if frame == "rect":
        d.rectangle((margin, margin, margin + w, margin + h), outline=255, width=bw)
    else:
        d.rounded_rectangle(
            (margin, margin, margin + w, margin + h), radius=_pt(8), outline=255, width=bw
        )
    y = float(margin + pad)
    boxes: list[tuple[str, Box]] = []
    for (t, px, f), tw in zip(sizes, widths, strict=True):
        x = margin + (w - tw) / 2
        d.text((x, y + px), t, font=pil_font(f, px), fill=255, anchor="ls")
        boxes.append((t, (x, y, x + tw, y + px * 1.25)))
        y += px * 1.3
    # worn ink: knock out random specks
    arr = np.asarray(img).astype(np.int16)
    nrng = np.random.default_rng(rng.randrange(2**32))
    holes = nrng.random(arr.shape) < 0.12
    arr[holes] = (arr[holes] * 0.3).astype(np.int16)
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    cx, cy = img.width / 2, img.height / 2
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, center=(cx, cy))
    out: list[tuple[str, Box]] = []
    for t, b in boxes:
        corners = [rotate_point(px, py, cx, cy, angle) for px, py in _corners(b)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        out.append((t, (min(xs), min(ys), max(xs), max(ys))))
    return img, out


def logo(kind: str, size: float, rng: random.Random) -> Image.Image:
    """A letterhead logo without text: a cross in a ring, a staff, waves or a leaf."""
    s = _pt(size)
    img = Image.new("L", (s, s), 0)
    d = ImageDraw.Draw(img)
    w = max(3, s // 18)
    if kind == "cross":
        d.ellipse((w, w, s - w, s - w), outline=255, width=w)
        a = s * 0.3
        d.rectangle((s / 2 - a / 3, s / 2 - a, s / 2 + a / 3, s / 2 + a), fill=255)
        d.rectangle((s / 2 - a, s / 2 - a / 3, s / 2 + a, s / 2 + a / 3), fill=255)
    elif kind == "staff":
        d.line((s / 2, s * 0.05, s / 2, s * 0.95), fill=255, width=w)
        pts = [(s / 2 + (s * 0.22 if i % 2 else -s * 0.22), s * (0.2 + 0.12 * i)) for i in range(6)]
        d.line(_spline(pts), fill=255, width=w)
    elif kind == "waves":
        for k in range(3):
            pts = [
                (s * i / 8, s * (0.3 + 0.2 * k) + (s * 0.06 if i % 2 else -s * 0.06))
                for i in range(9)
            ]
            d.line(_spline(pts), fill=255, width=w)
    else:  # leaf
        d.ellipse((s * 0.15, s * 0.05, s * 0.85, s * 0.95), fill=255)
        d.line((s * 0.5, s * 0.1, s * 0.5, s * 0.95), fill=0, width=w)
        for i in range(3):
            y = s * (0.3 + 0.18 * i)
            d.line((s * 0.5, y + s * 0.1, s * 0.3, y), fill=0, width=w // 2 + 1)
            d.line((s * 0.5, y + s * 0.1, s * 0.7, y), fill=0, width=w // 2 + 1)
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.GaussianBlur(0.5))
    return img


# ---- geometry -------------------------------------------------------------------------------


def _corners(b: Box) -> list[tuple[float, float]]:
    return [(b[0], b[1]), (b[2], b[1]), (b[0], b[3]), (b[2], b[3])]


def rotate_point(x: float, y: float, cx: float, cy: float, angle: float) -> tuple[float, float]:
    """Where Pillow's Image.rotate(angle) (counter-clockwise, y down) moves a point."""
    t = math.radians(angle)
    dx, dy = x - cx, y - cy
    return cx + dx * math.cos(t) + dy * math.sin(t), cy - dx * math.sin(t) + dy * math.cos(t)


@dataclass
class Geometry:
    """Layout points -> file pixels: scale and offset, then a skew about the image centre,
    then a quarter turn (clockwise degrees the content lies turned in the file)."""

    sx: float
    sy: float
    ox: float
    oy: float
    width: int  # before the quarter turn
    height: int
    skew: float = 0.0
    turn: int = 0

    def point(self, x: float, y: float) -> tuple[float, float]:
        px, py = x * self.sx + self.ox, y * self.sy + self.oy
        if self.skew:
            px, py = rotate_point(px, py, self.width / 2, self.height / 2, self.skew)
        w, h = self.width, self.height
        if self.turn == 90:
            return h - py, px
        if self.turn == 180:
            return w - px, h - py
        if self.turn == 270:
            return py, w - px
        return px, py

    def box(self, b: Box) -> list[int]:
        pts = [self.point(x, y) for x, y in _corners(b)]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        fw, fh = self.size
        return [
            max(0, math.floor(min(xs))),
            max(0, math.floor(min(ys))),
            min(fw, math.ceil(max(xs))),
            min(fh, math.ceil(max(ys))),
        ]

    @property
    def size(self) -> tuple[int, int]:
        return (self.height, self.width) if self.turn in (90, 270) else (self.width, self.height)

    def describe(self) -> dict[str, object]:
        return {
            "scale": [round(self.sx, 6), round(self.sy, 6)],
            "offset": [round(self.ox, 3), round(self.oy, 3)],
            "skew_ccw_deg": round(self.skew, 3),
            "turned_cw_deg": self.turn,
        }


# ---- drawing --------------------------------------------------------------------------------


def master(page: Page) -> Image.Image:
    """The page drawn upright at MASTER_DPI in grey (white paper, black ink)."""
    s = MASTER_DPI / 72
    img = Image.new("L", (round(page.size[0] * s), round(page.size[1] * s)), 255)
    d = ImageDraw.Draw(img)
    for g in page.graphics:
        x0, y0, x1, y1 = (v * s for v in g.box)
        if g.kind == "rule":
            d.line((x0, y0, x1, y1), fill=g.grey, width=max(1, round(g.width * s)))
        elif g.kind == "rect":
            if g.fill is not None:
                d.rectangle((x0, y0, x1, y1), fill=g.fill)
            else:
                d.rectangle((x0, y0, x1, y1), outline=g.grey, width=max(1, round(g.width * s)))
        elif g.image is not None:
            ink = Image.new("L", g.image.size, g.grey)
            img.paste(ink, (round(x0), round(y0)), g.image)
    for line in page.lines:
        if line.image_box is not None:
            continue  # drawn with the graphics
        d.text(
            (line.x * s, line.baseline * s),
            line.text,
            font=pil_font(line.font, round(line.size * s)),
            fill=line.grey,
            anchor="ls",
        )
    return img


def pdf(pages: list[Page]) -> bytes:
    """The born-digital PDF: real text in DejaVu, rules as vector lines, ink as images."""
    doc = pymupdf.open()
    for page in pages:
        p = doc.new_page(width=page.size[0], height=page.size[1])
        names: dict[str, str] = {}
        for g in page.graphics:
            col = (g.grey / 255,) * 3
            if g.kind == "rule":
                p.draw_line(g.box[:2], g.box[2:], color=col, width=g.width)
            elif g.kind == "rect":
                if g.fill is not None:
                    c = (g.fill / 255,) * 3
                    p.draw_rect(pymupdf.Rect(g.box), color=c, fill=c, width=0)
                else:
                    p.draw_rect(pymupdf.Rect(g.box), color=col, width=g.width)
            elif g.image is not None:
                rgba = Image.new("LA", g.image.size, g.grey)
                rgba.putalpha(g.image)
                buf = io.BytesIO()
                rgba.save(buf, "PNG", optimize=False)
                p.insert_image(pymupdf.Rect(g.box), stream=buf.getvalue())
        for line in page.lines:
            if line.image_box is not None:
                continue
            if line.font not in names:
                names[line.font] = f"F{len(names)}"
                p.insert_font(fontname=names[line.font], fontfile=FONT_DIR + FONTS[line.font])
            p.insert_text(
                (line.x, line.baseline),
                line.text,
                fontsize=line.size,
                fontname=names[line.font],
                color=(line.grey / 255,) * 3,
            )
    out: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return out


def pdf_geometry(page: Page) -> Geometry:
    return Geometry(1.0, 1.0, 0.0, 0.0, math.ceil(page.size[0]), math.ceil(page.size[1]))


def scan_geometry(page: Page, dpi: int, rng: random.Random, turn: int = 0) -> Geometry:
    s = dpi / 72
    w, h = round(page.size[0] * s), round(page.size[1] * s)
    skew = rng.choice([-1, 1]) * rng.uniform(0.25, 1.4)
    ox, oy = rng.uniform(-0.01, 0.01) * w, rng.uniform(-0.008, 0.008) * h
    return Geometry(s, s, ox, oy, w, h, skew, turn)


def scan(img300: Image.Image, geo: Geometry, seed: int) -> bytes:
    """A grey flatbed scan of the master: resampled, shifted, skewed, noisy, JPEG."""
    rng = np.random.default_rng(seed)
    img = img300
    if img.size != (geo.width, geo.height):
        img = img.resize((geo.width, geo.height), Image.Resampling.LANCZOS)
    bg = int(rng.integers(232, 250))
    # shift, then turn by the skew about the centre: one affine pass (output -> input)
    t = math.radians(geo.skew)
    co, si = math.cos(t), math.sin(t)
    cx, cy = geo.width / 2, geo.height / 2
    img = img.transform(
        img.size,
        Image.Transform.AFFINE,
        (co, -si, cx - co * cx + si * cy - geo.ox, si, co, cy - si * cx - co * cy - geo.oy),
        resample=Image.Resampling.BICUBIC,
        fillcolor=255,
    )
    arr = np.asarray(img).astype(np.float32)
    arr *= bg / 255.0  # paper tone
    arr += rng.standard_normal(arr.shape, dtype=np.float32) * float(rng.uniform(3, 8))
    n = int(arr.size * 0.0004)
    arr.flat[rng.integers(0, arr.size, n)] = rng.uniform(40, 160, n)
    # a faint shadow down one edge, as a lid leaves it
    edge = int(geo.width * 0.02)
    ramp = np.linspace(0.75, 1.0, edge, dtype=np.float32)
    if rng.random() < 0.5:
        arr[:, :edge] *= ramp
    img = Image.fromarray(arr.clip(0, 255).astype(np.uint8))
    img = turn_image(img, geo.turn)
    buf = io.BytesIO()
    img.save(
        buf,
        "JPEG",
        quality=int(rng.integers(55, 86)),
        dpi=(round(geo.sx * 72), round(geo.sy * 72)),
    )
    return buf.getvalue()


def turn_image(img: Image.Image, turn: int) -> Image.Image:
    if turn == 90:
        return img.transpose(Image.Transpose.ROTATE_270)  # content turned clockwise
    if turn == 180:
        return img.transpose(Image.Transpose.ROTATE_180)
    if turn == 270:
        return img.transpose(Image.Transpose.ROTATE_90)
    return img


FAX_WIDTH = 1728  # pixels across an ITU-T fax line
FAX_DPI = (204, 98)
FAX_HEADER_PT = 22.0  # the band on top the sending machine writes into


def fax_geometry(page: Page, turn: int = 0) -> Geometry:
    sx = min(FAX_DPI[0] / 72, FAX_WIDTH / page.size[0])
    sy = sx * FAX_DPI[1] / FAX_DPI[0]
    h = round(page.size[1] * sy)
    ox = (FAX_WIDTH - page.size[0] * sx) / 2
    return Geometry(sx, sy, ox, 0.0, FAX_WIDTH, h, 0.0, turn)


def fax(img300: Image.Image, header: Page, geo: Geometry, seed: int) -> Image.Image:
    """A fax page: the master squeezed to 204x98 dpi, black and white, with the sending
    machine's header line drawn over the top band."""
    rng = np.random.default_rng(seed)
    s = MASTER_DPI / 72
    page_w = round(geo.sx * img300.width / s)
    img = img300.resize((page_w, geo.height), Image.Resampling.BOX)
    canvas = Image.new("L", (geo.width, geo.height), 255)
    canvas.paste(img, (round(geo.ox), 0))
    # the header band: white out, then the header text at fax resolution
    band = round(FAX_HEADER_PT * geo.sy)
    ImageDraw.Draw(canvas).rectangle((0, 0, geo.width, band), fill=255)
    hdr = master(header).resize((page_w, geo.height), Image.Resampling.BOX)
    canvas.paste(hdr.crop((0, 0, page_w, band)), (round(geo.ox), 0))
    arr = np.asarray(canvas).astype(np.float32)
    arr += rng.normal(0, 12, arr.shape)
    bw = arr > float(rng.uniform(135, 165))
    drop = rng.integers(0, bw.size, int(bw.size * 0.0003))  # line noise
    bw.flat[drop] = ~bw.flat[drop]
    out = Image.fromarray((bw * 255).astype(np.uint8)).convert("1")
    return turn_image(out, geo.turn)


def tiff_g4(pages: list[Image.Image]) -> bytes:
    buf = io.BytesIO()
    pages[0].save(
        buf,
        "TIFF",
        compression="group4",
        dpi=FAX_DPI,
        save_all=True,
        append_images=pages[1:],
    )
    return buf.getvalue()
