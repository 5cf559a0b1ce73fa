"""Pages of positioned lines, and their three renderings: PDF, 200 dpi scan, fax."""

from __future__ import annotations

import io
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache

import pymupdf
from PIL import Image, ImageDraw, ImageFont

PAGE_W = 595.0
PAGE_H = 842.0
LEFT = 56.0
RIGHT = 545.0

FONT_DIR_LIB = "/usr/share/fonts/truetype/liberation/"
FONT_DIR_DV = "/usr/share/fonts/truetype/dejavu/"
FONTS: dict[str, str] = {
    "sans": FONT_DIR_LIB + "LiberationSans-Regular.ttf",
    "sansb": FONT_DIR_LIB + "LiberationSans-Bold.ttf",
    "serif": FONT_DIR_LIB + "LiberationSerif-Regular.ttf",
    "serifb": FONT_DIR_LIB + "LiberationSerif-Bold.ttf",
    "narrow": FONT_DIR_LIB + "LiberationSansNarrow-Regular.ttf",
    "narrowb": FONT_DIR_LIB + "LiberationSansNarrow-Bold.ttf",
    "mono": FONT_DIR_LIB + "LiberationMono-Regular.ttf",
    "dv": FONT_DIR_DV + "DejaVuSans.ttf",
    "dvb": FONT_DIR_DV + "DejaVuSans-Bold.ttf",
    "cond": FONT_DIR_DV + "DejaVuSansCondensed.ttf",
    "condb": FONT_DIR_DV + "DejaVuSansCondensed-Bold.ttf",
    "hand": FONT_DIR_DV + "DejaVuSerifCondensed-Italic.ttf",
}
BOLD = {"sans": "sansb", "serif": "serifb", "narrow": "narrowb", "dv": "dvb", "cond": "condb"}


@lru_cache(maxsize=64)
def _mfont(name: str) -> pymupdf.Font:
    return pymupdf.Font(fontfile=FONTS[name])


def text_width(text: str, font: str, size: float) -> float:
    return float(_mfont(font).text_length(text, fontsize=size))


@lru_cache(maxsize=256)
def _pfont(name: str, px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[name], px)


@dataclass
class Line:
    x: float
    y: float  # baseline
    text: str
    font: str
    size: float


@dataclass
class Page:
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[float, float, float, float]] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)

    def ordered(self) -> list[Line]:
        return sorted(self.lines, key=lambda ln: (round(ln.y, 2), ln.x))

    def text(self) -> str:
        return "\n".join(ln.text for ln in self.ordered())


class Composer:
    """A cursor that writes lines down the page and breaks to a new page."""

    def __init__(self, font: str = "sans", size: float = 10.5, lead: float = 1.35) -> None:
        self.font = font
        self.size = size
        self.lead = lead
        self.pages: list[Page] = [Page()]
        self.y = 60.0
        self.bottom = 770.0
        self.header: str | None = None  # running header with {n} and {t}
        self.footer: str | None = None

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def at(
        self,
        x: float,
        y: float,
        text: str,
        font: str | None = None,
        size: float | None = None,
        align: str = "left",
    ) -> None:
        f = font or self.font
        s = size or self.size
        if align == "right":
            x = x - text_width(text, f, s)
        elif align == "center":
            x = x - text_width(text, f, s) / 2
        self.page.lines.append(Line(round(x, 2), round(y, 2), text, f, s))

    def line(
        self,
        text: str,
        x: float = LEFT,
        font: str | None = None,
        size: float | None = None,
        align: str = "left",
        after: float | None = None,
    ) -> None:
        s = size or self.size
        if self.y > self.bottom:
            self.break_page()
        if text:
            self.at(x, self.y, text, font, s, align)
        self.y += after if after is not None else s * self.lead

    def gap(self, pts: float) -> None:
        self.y += pts

    def para(self, text: str, x: float = LEFT, width: float | None = None, **kw: object) -> None:
        font = str(kw.get("font") or self.font)
        size = float(kw.get("size") or self.size)  # type: ignore[arg-type]
        w = width or (RIGHT - x)
        words = text.split(" ")
        cur = ""
        for wd in words:
            trial = (cur + " " + wd).strip()
            if cur and text_width(trial, font, size) > w:
                self.line(cur, x, font, size)
                cur = wd
            else:
                cur = trial
        if cur:
            self.line(cur, x, font, size)

    def rule(self, y: float | None = None, x0: float = LEFT, x1: float = RIGHT) -> None:
        yy = self.y if y is None else y
        self.page.rules.append((x0, yy, x1, yy))

    def break_page(self) -> None:
        self.pages.append(Page())
        self.y = 60.0
        if self.header is not None:
            self.at(LEFT, 40.0, self.header, self.font, 8.5)
            self.rule(46.0)
            self.y = 70.0

    def finish(self) -> list[Page]:
        total = len(self.pages)
        for n, pg in enumerate(self.pages, 1):
            if self.footer is not None:
                pg.lines.append(Line(LEFT, 812.0, self.footer.format(n=n, t=total), self.font, 8.0))
            for ln in pg.lines:
                if "{n}" in ln.text or "{t}" in ln.text:
                    ln.text = ln.text.replace("{n}", str(n)).replace("{t}", str(total))
        return self.pages


# ---------------------------------------------------------------- renderings


def _parse_cmap(cmap: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", cmap, re.S):
        for g, u in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            if len(u) % 4 == 0:
                out[int(g, 16)] = bytes.fromhex(u).decode("utf-16-be", "replace")
            else:
                out[int(g, 16)] = chr(int(u, 16))
    for block in re.findall(r"beginbfrange(.*?)endbfrange", cmap, re.S):
        for a, b, u in re.findall(r"<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>", block):
            base = int(u, 16)
            for k, g in enumerate(range(int(a, 16), int(b, 16) + 1)):
                out[g] = chr(base + k)
    return out


def _write_cmap(mapping: dict[int, str]) -> bytes:
    head = (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo <</Registry(Adobe)/Ordering(UCS)/Supplement 0>> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
    )
    items = sorted(mapping.items())
    body = []
    for i in range(0, len(items), 100):
        chunk = items[i : i + 100]
        body.append(f"{len(chunk)} beginbfchar\n")
        for g, u in chunk:
            body.append(f"<{g:04x}> <{u.encode('utf-16-be').hex()}>\n")
        body.append("endbfchar\n")
    tail = "endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n"
    return (head + "".join(body) + tail).encode("ascii")


def _fix_to_unicode(doc: pymupdf.Document, used: dict[str, set[str]]) -> None:
    """Glyphs shared by two characters (space and no-break space, hyphen and soft hyphen,
    micro and mu) map back to the character this document printed."""
    done: set[int] = set()
    for page in doc:
        for xref, _ext, _typ, _base, name, _enc in page.get_fonts():
            if xref in done or not name.startswith("F") or name[1:] not in FONTS:
                continue
            done.add(xref)
            m = re.search(r"/ToUnicode (\d+) 0 R", doc.xref_object(xref))
            if not m:
                continue
            tx = int(m.group(1))
            mapping = _parse_cmap(doc.xref_stream(tx).decode("latin-1"))
            font = _mfont(name[1:])
            for ch in sorted(used.get(name[1:], set())):
                gid = font.has_glyph(ord(ch))
                if gid:
                    mapping[gid] = ch
            doc.update_stream(tx, _write_cmap(mapping))


def render_pdf(pages: list[Page], title: str) -> bytes:
    doc = pymupdf.open()
    for pg in pages:
        p = doc.new_page(width=PAGE_W, height=PAGE_H)
        used: list[str] = []
        for ln in pg.lines:
            if ln.font not in used:
                used.append(ln.font)
                p.insert_font(fontname="F" + ln.font, fontfile=FONTS[ln.font])
        for x0, y0, x1, y1 in pg.rules:
            p.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=0.6)
        for x0, y0, x1, y1 in pg.boxes:
            p.draw_rect(pymupdf.Rect(x0, y0, x1, y1), color=(0, 0, 0), width=0.6)
        for ln in pg.lines:
            p.insert_text((ln.x, ln.y), ln.text, fontname="F" + ln.font, fontsize=ln.size)
    doc.subset_fonts()
    used: dict[str, set[str]] = {}
    for pg in pages:
        for ln in pg.lines:
            used.setdefault(ln.font, set()).update(ln.text)
    _fix_to_unicode(doc, used)
    doc.set_metadata(
        {
            "title": title,
            "author": "",
            "subject": "",
            "keywords": "",
            "creator": "heldout50al",
            "producer": "heldout50al",
            "creationDate": "D:20250101000000Z",
            "modDate": "D:20250101000000Z",
        }
    )
    data: bytes = doc.tobytes(garbage=4, deflate=True, no_new_id=True)
    doc.close()
    return data


def _draw(pg: Page, img: Image.Image, sx: float, sy: float, ox: float = 0.0, fill: int = 0) -> None:
    d = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in pg.rules:
        d.line([(ox + x0 * sx, y0 * sy), (ox + x1 * sx, y1 * sy)], fill=fill, width=2)
    for x0, y0, x1, y1 in pg.boxes:
        d.rectangle([ox + x0 * sx, y0 * sy, ox + x1 * sx, y1 * sy], outline=fill, width=2)
    for ln in pg.lines:
        f = _pfont(ln.font, max(6, round(ln.size * sx)))
        d.text((ox + ln.x * sx, ln.y * sy), ln.text, font=f, fill=fill, anchor="ls")


def render_scan(pg: Page, seed: int, handwritten: bool = False) -> bytes:
    s = 200 / 72
    w, h = round(PAGE_W * s), round(PAGE_H * s)
    rng = random.Random(seed)
    paper = 236 + rng.randrange(12)
    img = Image.new("L", (w, h), paper)
    _draw(pg, img, s, s, fill=40 if handwritten else 25)
    tile = Image.frombytes("L", (128, 128), rng.randbytes(128 * 128))
    noise = Image.new("L", (w, h))
    for ty in range(0, h, 128):
        for tx in range(0, w, 128):
            noise.paste(tile, (tx, ty))
    img = Image.blend(img, noise, 0.06)
    angle = rng.choice([-0.7, -0.45, -0.25, 0.2, 0.35, 0.6])
    img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=paper)
    out = io.BytesIO()
    img.save(out, format="JPEG", quality=78, dpi=(200, 200))
    return out.getvalue()


def render_fax(pg: Page, header: Line, fine: bool, g4: bool) -> bytes:
    sx = 204 / 72
    ydpi = 196 if fine else 98
    w = 1728
    h_full = round(PAGE_H * sx)
    img = Image.new("L", (w, h_full), 255)
    ox = (w - PAGE_W * sx) / 2
    both = Page(lines=[*pg.lines, header], rules=pg.rules, boxes=pg.boxes)
    _draw(both, img, sx, sx, ox=ox)
    img = img.resize((w, round(PAGE_H / 72 * ydpi)), Image.Resampling.LANCZOS)
    bw = img.point(lambda v: 255 if v > 150 else 0).convert("1", dither=Image.Dither.NONE)
    out = io.BytesIO()
    bw.save(out, format="TIFF", compression="group4" if g4 else "group3", dpi=(204, ydpi))
    return out.getvalue()
