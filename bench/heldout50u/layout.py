"""Lines on A4 pages, drawn the same way into a PDF, a 200 dpi scan and a fax."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pymupdf
from PIL import Image, ImageDraw, ImageFont

W, H = 595.0, 842.0
_DV = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": _DV + "DejaVuSans.ttf",
    "sansb": _DV + "DejaVuSans-Bold.ttf",
    "cond": _DV + "DejaVuSansCondensed.ttf",
    "condb": _DV + "DejaVuSansCondensed-Bold.ttf",
    # Not the Liberation fonts: one glyph serves several code points there (space and
    # no-break space, hyphen and soft hyphen, middle dot and bullet operator), and a PDF's
    # text layer then reads back other characters than were written.
    "serif": _DV + "DejaVuSerifCondensed.ttf",
    "serifb": _DV + "DejaVuSerifCondensed-Bold.ttf",
    "arial": _DV + "DejaVuSansCondensed.ttf",
    "arialb": _DV + "DejaVuSansCondensed-Bold.ttf",
    "narrow": _DV + "DejaVuSansCondensed.ttf",
    "mono": _DV + "DejaVuSansMono.ttf",
    "dserif": _DV + "DejaVuSerif.ttf",
    "dserifb": _DV + "DejaVuSerif-Bold.ttf",
    # The stand-in for handwriting: a slanted serif, drawn larger and irregularly.
    "hand": _DV + "DejaVuSerif-Italic.ttf",
}
_MEASURE: dict[str, pymupdf.Font] = {}
_PIL: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


def width(text: str, font: str, size: float) -> float:
    if font not in _MEASURE:
        _MEASURE[font] = pymupdf.Font(fontfile=FONTS[font])
    return float(_MEASURE[font].text_length(text, fontsize=size))


def _pil_font(font: str, px: int) -> ImageFont.FreeTypeFont:
    key = (font, px)
    if key not in _PIL:
        _PIL[key] = ImageFont.truetype(FONTS[font], px)
    return _PIL[key]


@dataclass
class Line:
    x: float
    y: float
    text: str
    font: str
    size: float


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)


def page_text(lines: list[Line]) -> str:
    order = sorted(lines, key=lambda ln: (round(ln.y, 2), round(ln.x, 2)))
    return "\n".join(ln.text for ln in order)


class Builder:
    """A cursor that flows lines down the page and starts a new one at the bottom."""

    def __init__(
        self,
        left: float = 70,
        right: float = 530,
        top: float = 60,
        bottom: float = 760,
        font: str = "sans",
        size: float = 10,
        lead: float = 1.4,
    ) -> None:
        self.left, self.right, self.top, self.bottom = left, right, top, bottom
        self.font, self.size, self.lead = font, size, lead
        self.pages: list[Page] = [Page()]
        self.y = top
        self.running: list[tuple[float, float, str, str, float, str]] = []
        self.footer: list[tuple[float, float, str, str, float, str]] = []
        self.running_height = 0.0

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def _x(self, x: float, text: str, font: str, size: float, align: str) -> float:
        if align == "r":
            return x - width(text, font, size)
        if align == "c":
            return x - width(text, font, size) / 2
        return x

    def at(
        self,
        x: float,
        y: float,
        text: str,
        font: str | None = None,
        size: float | None = None,
        align: str = "l",
    ) -> None:
        f = font or self.font
        s = size or self.size
        if text:
            self.page.lines.append(Line(round(self._x(x, text, f, s, align), 2), y, text, f, s))

    def new_page(self) -> None:
        self.pages.append(Page())
        self.y = self.top + self.running_height

    def ensure(self, h: float) -> None:
        if self.y + h > self.bottom:
            self.new_page()

    def line(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        x: float | None = None,
        align: str = "l",
    ) -> None:
        s = size or self.size
        self.ensure(s * self.lead)
        self.y += s * self.lead
        self.at(self.left if x is None else x, round(self.y, 2), text, font, s, align)

    def skip(self, pt: float) -> None:
        self.y += pt

    def rule(self, x0: float | None = None, x1: float | None = None) -> None:
        y = round(self.y + 4, 2)
        self.page.rules.append((x0 or self.left, y, x1 or self.right, y))
        self.y += 6

    def wrap(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        width_pt: float | None = None,
    ) -> list[str]:
        f = font or self.font
        s = size or self.size
        limit = width_pt or (self.right - self.left)
        out: list[str] = []
        cur = ""
        for word in text.split(" "):
            trial = f"{cur} {word}" if cur else word
            if cur and width(trial, f, s) > limit:
                out.append(cur)
                cur = word
            else:
                cur = trial
        if cur:
            out.append(cur)
        return out

    def para(
        self,
        text: str,
        font: str | None = None,
        size: float | None = None,
        after: float = 5,
        x: float | None = None,
        width_pt: float | None = None,
    ) -> None:
        for ln in self.wrap(text, font, size, width_pt):
            self.line(ln, font, size, x=x)
        self.y += after

    def finish(self) -> list[Page]:
        total = len(self.pages)
        for n, pg in enumerate(self.pages, 1):
            items = list(self.footer) + (list(self.running) if n > 1 else [])
            for x, y, text, font, size, align in items:
                t = text.replace("{n}", str(n)).replace("{t}", str(total))
                pg.lines.append(Line(round(self._x(x, t, font, size, align), 2), y, t, font, size))
        return self.pages


# --- drawing ---------------------------------------------------------------------------------


def to_pdf(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        page = doc.new_page(width=W, height=H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                used.append(ln.font)
                page.insert_font(fontname=ln.font, fontfile=FONTS[ln.font])
        for x0, y0, x1, y1 in pg.rules:
            page.draw_line((x0, y0), (x1, y1), width=0.6)
        for ln in pg.lines:
            page.insert_text((ln.x, ln.y), ln.text, fontname=ln.font, fontsize=ln.size)
    stamp = "D:20250101000000+00'00'"
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50u",
            "producer": "heldout50u",
            "creationDate": stamp,
            "modDate": stamp,
        }
    )
    doc.subset_fonts()
    data: bytes = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def _draw(
    pages_lines: list[Line],
    rules: list[tuple[float, float, float, float]],
    sx: float,
    sy: float,
    w: int,
    h: int,
    ink: int,
    jitter: Callable[[Line], float] | None,
    xoff: float = 0.0,
) -> Image.Image:
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in rules:
        d.line(
            [(x0 * sx + xoff, y0 * sy), (x1 * sx + xoff, y1 * sy)],
            fill=ink,
            width=max(1, round(0.6 * sx)),
        )
    for ln in pages_lines:
        px = max(6, round(ln.size * sy))
        dy = jitter(ln) if jitter else 0.0
        d.text(
            (ln.x * sx + xoff, (ln.y + dy) * sy),
            ln.text,
            font=_pil_font(ln.font, px),
            fill=ink,
            anchor="ls",
        )
    return img


def to_scan(page: Page, extra: list[Line], rng: random.Random, hand: bool) -> bytes:
    s = 200 / 72
    w, h = round(W * s), round(H * s)

    def jit(ln: Line) -> float:
        return rng.uniform(-1.2, 1.2) if hand and ln.font == "hand" else 0.0

    img = _draw(page.lines + extra, page.rules, s, s, w, h, 30, jit)
    angle = rng.uniform(-0.8, 0.8)
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
    tone = rng.randint(228, 240)
    img = img.point(lambda v: round(v * tone / 255))
    nw, nh = w // 4, h // 4
    noise = Image.frombytes("L", (nw, nh), rng.randbytes(nw * nh)).resize(
        (w, h), Image.Resampling.BILINEAR
    )
    img = Image.blend(img, noise, 0.06)
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=82, dpi=(200, 200))
    return buf.getvalue()


def to_fax(page: Page, header: Line, vres: int, g4: bool) -> bytes:
    sx = 204 / 72
    width_px = 1728
    xoff = (width_px - W * sx) / 2
    h = round(H * vres / 72)
    img = _draw([*page.lines, header], page.rules, sx, vres / 72, width_px, h, 0, None, xoff)
    bw = img.point(lambda v: 0 if v < 150 else 255).convert("1", dither=Image.Dither.NONE)
    buf = io.BytesIO()
    bw.save(buf, "TIFF", compression="group4" if g4 else "group3", dpi=(204, vres))
    return buf.getvalue()
