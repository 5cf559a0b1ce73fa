"""Pages drawn once and given out three ways: a born-digital PDF, a 200 dpi grey scan, a fax.

A `Doc` is a list of pages of placed items (text, rules, boxes, ink images) in millimetres,
and beside them the page's transcription: the lines a careful reader reads, in reading order.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DEJAVU = "/usr/share/fonts/truetype/dejavu/"
LIBERATION = "/usr/share/fonts/truetype/liberation/"
FONTS: dict[str, str] = {
    "sans": DEJAVU + "DejaVuSans.ttf",
    "sans-b": DEJAVU + "DejaVuSans-Bold.ttf",
    "sans-i": DEJAVU + "DejaVuSans-Oblique.ttf",
    "cond": DEJAVU + "DejaVuSansCondensed.ttf",
    "cond-b": DEJAVU + "DejaVuSansCondensed-Bold.ttf",
    "serif": DEJAVU + "DejaVuSerif.ttf",
    "serif-b": DEJAVU + "DejaVuSerif-Bold.ttf",
    "mono": DEJAVU + "DejaVuSansMono.ttf",
    "mono-b": DEJAVU + "DejaVuSansMono-Bold.ttf",
    "arial": LIBERATION + "LiberationSans-Regular.ttf",
    "arial-b": LIBERATION + "LiberationSans-Bold.ttf",
    "times": LIBERATION + "LiberationSerif-Regular.ttf",
    "times-b": LIBERATION + "LiberationSerif-Bold.ttf",
    "times-i": LIBERATION + "LiberationSerif-Italic.ttf",
    "narrow": LIBERATION + "LiberationSansNarrow-Regular.ttf",
    "narrow-b": LIBERATION + "LiberationSansNarrow-Bold.ttf",
}
PT_PER_MM = 72 / 25.4


@lru_cache(maxsize=64)
def _font(key: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[key])


def width_mm(text: str, font: str, size: float) -> float:
    return float(_font(font).text_length(text, fontsize=size)) / PT_PER_MM


@lru_cache(maxsize=64)
def _pil_font(key: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], px)


@dataclass
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float
    color: tuple[float, float, float] = (0, 0, 0)


@dataclass
class Rule:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float = 0.3
    fill: tuple[float, float, float] | None = None  # a filled box when set
    box: bool = False


@dataclass
class Ink:
    x: float
    y: float
    w: float
    h: float
    png: bytes


@dataclass
class Page:
    w: float
    h: float
    items: list[Text | Rule | Ink] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(line for line in self.lines if line.strip())


class Doc:
    """A writer with a cursor: `line`, `para`, `row` move down; `at` places without moving."""

    def __init__(
        self,
        w: float = 210,
        h: float = 297,
        left: float = 25,
        right: float = 20,
        top: float = 20,
        bottom: float = 25,
        font: str = "sans",
        size: float = 10,
    ) -> None:
        self.w, self.h = w, h
        self.left, self.right, self.top, self.bottom = left, right, top, bottom
        self.font, self.size = font, size
        self.pages: list[Page] = []
        self.y = top
        self.on_new_page: list[object] = []  # callables Doc -> None (running headers)
        self.new_page()

    @property
    def page(self) -> Page:
        return self.pages[-1]

    @property
    def text_width(self) -> float:
        return self.w - self.left - self.right

    def new_page(self) -> None:
        self.pages.append(Page(self.w, self.h))
        self.y = self.top
        for hook in self.on_new_page:
            hook(self)  # type: ignore[operator]

    def ensure(self, mm: float) -> None:
        if self.y + mm > self.h - self.bottom:
            self.new_page()

    def gap(self, mm: float) -> None:
        self.y += mm

    def _x(self, x: float | None, text: str, font: str, size: float, align: str) -> float:
        if align == "r":
            right = self.w - self.right if x is None else x
            return right - width_mm(text, font, size)
        if align == "c":
            centre = self.w / 2 if x is None else x
            return centre - width_mm(text, font, size) / 2
        return self.left if x is None else x

    def at(
        self,
        x: float | None,
        y: float,
        text: str,
        font: str | None = None,
        size: float | None = None,
        align: str = "l",
        color: tuple[float, float, float] = (0, 0, 0),
        transcribe: bool = True,
    ) -> None:
        font, size = font or self.font, size or self.size
        self.page.items.append(
            Text(self._x(x, text, font, size, align), y, text, font, size, color)
        )
        if transcribe:
            self.page.lines.append(text)

    def line(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        x: float | None = None,
        align: str = "l",
        lead: float | None = None,
        color: tuple[float, float, float] = (0, 0, 0),
    ) -> None:
        size = size or self.size
        lead = lead if lead is not None else size * 0.45
        self.ensure(lead)
        self.y += lead
        self.at(x, self.y, text, font, size, align, color)

    def para(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        x: float | None = None,
        width: float | None = None,
        lead: float | None = None,
        after: float = 2.0,
    ) -> None:
        font, size = font or self.font, size or self.size
        x = self.left if x is None else x
        width = width or (self.w - self.right - x)
        words = text.split()
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if current and width_mm(trial, font, size) > width:
                self.line(current, font, size, x, lead=lead)
                current = word
            else:
                current = trial
        if current:
            self.line(current, font, size, x, lead=lead)
        self.y += after

    def row(
        self,
        cells: list[tuple[float, str]],
        font: str | None = None,
        size: float | None = None,
        lead: float | None = None,
        bold_first: bool = False,
        fonts: list[str] | None = None,
    ) -> None:
        """Cells at their x on one line; one transcription line, the cells joined by a space."""
        font, size = font or self.font, size or self.size
        lead = lead if lead is not None else size * 0.45
        self.ensure(lead)
        self.y += lead
        texts = []
        for i, (x, text) in enumerate(cells):
            f = (
                fonts[i]
                if fonts
                else (font.split("-")[0] + "-b" if bold_first and i == 0 else font)
            )
            if text:
                self.at(x, self.y, text, f, size, transcribe=False)
                texts.append(text)
        self.page.lines.append(" ".join(texts))

    def rule(self, x0: float, y0: float, x1: float, y1: float, width: float = 0.3) -> None:
        self.page.items.append(Rule(x0, y0, x1, y1, width))

    def box(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        width: float = 0.3,
        fill: tuple[float, float, float] | None = None,
    ) -> None:
        self.page.items.append(Rule(x0, y0, x1, y1, width, fill, box=True))

    def hrule(self, width: float = 0.3, gap: float = 1.5) -> None:
        self.y += gap
        self.rule(self.left, self.y, self.w - self.right, self.y, width)
        self.y += gap

    def ink(self, x: float, y: float, img: Image.Image, h: float, text: str = "") -> float:
        """An image placed `h` mm high; its text (a logo's, a stamp's) joins the transcription."""
        w = h * img.width / img.height
        buf = io.BytesIO()
        img.save(buf, "PNG")
        self.page.items.append(Ink(x, y, w, h, buf.getvalue()))
        if text:
            self.page.lines.extend(text.split("\n"))
        return w


# --- ink: logos, signatures, stamps, handwriting --------------------------------------------


def logo(
    text_lines: list[str], color: tuple[int, int, int], shape: str, rng: random.Random
) -> Image.Image:
    """A logo with its words drawn as pixels only (no text layer)."""
    px = 300 / 25.4
    font = _pil_font("sans-b", int(5.5 * px))
    small = _pil_font("sans", int(3.2 * px))
    widths = [font.getlength(text_lines[0])] + [small.getlength(t) for t in text_lines[1:]]
    w = int(max(widths) + 22 * px)
    h = int((9 + 5 * (len(text_lines) - 1)) * px)
    img = Image.new("RGBA", (w, h), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    s = int(8 * px)
    if shape == "cross":
        d.rectangle([s * 0.35, 0.05 * s, s * 0.65, s], fill=color)
        d.rectangle([0, s * 0.38, s, s * 0.68], fill=color)
    elif shape == "circle":
        d.ellipse([0, 0, s, s], outline=color, width=int(px * 1.2))
        d.ellipse([s * 0.3, s * 0.3, s * 0.7, s * 0.7], fill=color)
    else:
        pts = [(s * 0.5, 0), (s, s * 0.5), (s * 0.5, s), (0, s * 0.5)]
        d.polygon(pts, fill=color)
    x0 = s + 4 * px
    d.text((x0, 0.3 * px), text_lines[0], font=font, fill=color)
    for i, t in enumerate(text_lines[1:]):
        d.text((x0, (7.2 + 4.6 * i) * px), t, font=small, fill=(90, 90, 90))
    return img


def signature(rng: random.Random) -> Image.Image:
    w, h = 520, 160
    img = Image.new("RGBA", (w, h), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    color = rng.choice([(20, 30, 110), (15, 15, 20), (25, 40, 90)])
    t = np.linspace(0, 1, 400)
    loops = rng.uniform(3, 7)
    amp = rng.uniform(25, 45)
    x = 20 + t * (w - 60) + 18 * np.sin(2 * math.pi * loops * t + rng.random())
    y = h / 2 + amp * np.sin(2 * math.pi * loops * 1.5 * t) * np.exp(-1.5 * t) + 10 * t
    pts = list(zip(x.tolist(), y.tolist(), strict=True))
    d.line(pts, fill=color, width=4, joint="curve")
    d.line([(x[-1] - 40, y[-1] + 25), (w - 10, y[-1] + 18)], fill=color, width=3)
    return img


def stamp(
    lines: list[str], color: tuple[int, int, int], rng: random.Random, border: bool = True
) -> Image.Image:
    px = 300 / 25.4
    fonts = [_pil_font("sans-b", int(3.6 * px))] + [_pil_font("sans", int(3.0 * px))] * (
        len(lines) - 1
    )
    w = int(max(f.getlength(t) for f, t in zip(fonts, lines, strict=True)) + 6 * px)
    h = int((len(lines) * 4.4 + 4) * px)
    img = Image.new("RGBA", (w, h), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    if border:
        d.rectangle([2, 2, w - 3, h - 3], outline=color, width=int(0.6 * px))
    y = 2 * px
    for f, t in zip(fonts, lines, strict=True):
        d.text(((w - f.getlength(t)) / 2, y), t, font=f, fill=color)
        y += 4.4 * px
    arr = np.array(img)
    holes = np.random.default_rng(rng.randrange(1 << 30)).random(arr.shape[:2]) < 0.18
    arr[holes, 3] = (arr[holes, 3] * 0.3).astype(np.uint8)
    return Image.fromarray(arr).rotate(rng.uniform(-4, 4), expand=True, resample=Image.BICUBIC)


def handwriting(text: str, rng: random.Random, height_mm: float = 5.0) -> Image.Image:
    """A line written by hand (a slanted font, a wandering baseline, uneven letters)."""
    px = 300 / 25.4
    size = int(height_mm * px)
    font = _pil_font(rng.choice(["times-i", "sans-i"]), size)
    w = int(font.getlength(text) * 1.15 + size)
    drift = rng.uniform(-0.012, 0.012)
    img = Image.new("RGBA", (w, int(size * 2.0 + abs(drift) * w)), (255, 255, 255, 0))
    d = ImageDraw.Draw(img)
    color = (25, 35, 120)
    x = size * 0.2
    base = size * 0.3 + (abs(drift) * w if drift < 0 else 0)
    for ch in text:
        jitter = rng.uniform(-0.06, 0.06) * size
        d.text((x, base + jitter + drift * x), ch, font=font, fill=color)
        x += font.getlength(ch) * rng.uniform(1.02, 1.12)
    return img.rotate(rng.uniform(-1.5, 1.5), expand=True, resample=Image.BICUBIC)


# --- output --------------------------------------------------------------------------------


def matrix_code(rng: random.Random, n: int = 26) -> Image.Image:
    """A square 2D code look-alike (the plan's data matrix), pixels only."""
    cells = np.random.default_rng(rng.randrange(1 << 30)).random((n, n)) < 0.5
    cells[0, :] = cells[:, 0] = True
    cells[-1, ::2] = cells[::2, -1] = True
    img = np.where(np.kron(cells, np.ones((8, 8), bool)), 0, 255).astype(np.uint8)
    return Image.fromarray(np.pad(img, 16, constant_values=255), "L")


def to_pdf(doc: Doc) -> bytes:
    pdf = pymupdf.open()
    for p in doc.pages:
        page = pdf.new_page(width=p.w * PT_PER_MM, height=p.h * PT_PER_MM)
        fonts = {it.font for it in p.items if isinstance(it, Text)}
        for key in sorted(fonts):
            page.insert_font(fontname="F" + key.replace("-", ""), fontfile=FONTS[key])
        for it in p.items:
            if isinstance(it, Text):
                page.insert_text(
                    (it.x * PT_PER_MM, it.y * PT_PER_MM),
                    it.text,
                    fontname="F" + it.font.replace("-", ""),
                    fontsize=it.size,
                    color=it.color,
                )
            elif isinstance(it, Rule):
                a = pymupdf.Point(it.x0 * PT_PER_MM, it.y0 * PT_PER_MM)
                b = pymupdf.Point(it.x1 * PT_PER_MM, it.y1 * PT_PER_MM)
                if it.box:
                    page.draw_rect(
                        pymupdf.Rect(a, b),
                        color=(0, 0, 0) if it.fill is None else None,
                        fill=it.fill,
                        width=it.width * PT_PER_MM,
                    )
                else:
                    page.draw_line(a, b, color=(0, 0, 0), width=it.width * PT_PER_MM)
            else:
                rect = pymupdf.Rect(
                    it.x * PT_PER_MM,
                    it.y * PT_PER_MM,
                    (it.x + it.w) * PT_PER_MM,
                    (it.y + it.h) * PT_PER_MM,
                )
                page.insert_image(rect, stream=it.png)
    pdf.set_metadata({"producer": "heldout50c", "creator": "heldout50c"})
    return pdf.tobytes(garbage=3, deflate=True, no_new_id=True)


def scan_pages(pdf_bytes: bytes, seed: int) -> list[bytes]:
    """Grey 200 dpi JPEGs: paper tone, noise, a slight skew."""
    out = []
    with pymupdf.open(stream=pdf_bytes, filetype="pdf") as pdf:
        for i, page in enumerate(pdf):
            rng = np.random.default_rng(seed * 100 + i)
            pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
            arr = (
                np.frombuffer(pix.samples, dtype=np.uint8)
                .reshape(pix.height, pix.width)
                .astype(np.float32)
            )
            tone = rng.uniform(228, 244)
            shade = np.linspace(0, rng.uniform(-8, 8), arr.shape[1], dtype=np.float32)[None, :]
            ink = rng.uniform(25, 50)
            arr = ink + (arr / 255.0) * (tone + shade - ink)
            arr += rng.normal(0, rng.uniform(3, 6), arr.shape).astype(np.float32)
            img = Image.fromarray(np.clip(arr, 0, 255).astype(np.uint8), "L")
            img = img.filter(ImageFilter.GaussianBlur(0.45))
            angle = float(rng.uniform(-1.4, 1.4))
            img = img.rotate(angle, resample=Image.BILINEAR, fillcolor=int(tone))
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=int(rng.integers(68, 86)), dpi=(200, 200))
            out.append(buf.getvalue())
    return out


def fax_pages(pdf_bytes: bytes, headers: list[str], seed: int) -> list[bytes]:
    """G4 TIFFs at 204x98 dpi, 1728 px wide, each with its fax header line on top."""
    out = []
    with pymupdf.open(stream=pdf_bytes, filetype="pdf") as pdf:
        for i, page in enumerate(pdf):
            rng = np.random.default_rng(seed * 100 + 50 + i)
            mat = pymupdf.Matrix(204 / 72, 98 / 72)
            pix = page.get_pixmap(matrix=mat, colorspace=pymupdf.csGRAY)
            arr = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)
            if arr.shape[1] > 1728:  # a landscape page is sent shrunk to the fax's width
                img = Image.fromarray(arr).resize((1728, int(arr.shape[0] * 1728 / arr.shape[1])))
                arr = np.array(img)
            canvas = np.full((arr.shape[0], 1728), 255, np.uint8)
            off = (1728 - arr.shape[1]) // 2
            canvas[:, off : off + arr.shape[1]] = arr
            noisy = canvas.astype(np.int16) + rng.normal(0, 30, canvas.shape).astype(np.int16)
            black = noisy < rng.uniform(135, 165)
            specks = rng.random(black.shape) < 0.0006
            black |= specks
            head = _fax_header(headers[i])
            full = np.vstack([head, black])
            img = Image.fromarray(np.where(full, 0, 255).astype(np.uint8), "L").convert("1")
            buf = io.BytesIO()
            img.save(buf, "TIFF", compression="group4", dpi=(204, 98))
            out.append(buf.getvalue())
    return out


def _fax_header(text: str) -> np.ndarray:
    font = _pil_font("mono", 22)
    img = Image.new("L", (1728, 36), 255)
    ImageDraw.Draw(img).text((40, 6), text, font=font, fill=0)
    small = img.resize((1728, 18), Image.BILINEAR)
    return np.array(small) < 160
