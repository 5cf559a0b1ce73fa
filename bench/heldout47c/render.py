# SPDX-License-Identifier: AGPL-3.0-or-later
"""Page builder for the heldout47c set: typesets lines at 300 dpi with Pillow, records each line's
exact box (font ascender to descender), and draws the marks (signatures, stamps, logos, rules,
tables, checkboxes, handwriting). The same layout also becomes the vector source PDF."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

DPI = 300
PT = DPI / 72.0  # pixels per point at the master resolution
PAGE_W, PAGE_H = round(595.28 * PT), round(841.89 * PT)

_DJ = "/usr/share/fonts/truetype/dejavu/"
_LB = "/usr/share/fonts/truetype/liberation/"
FONTS = {
    "sans": _LB + "LiberationSans-Regular.ttf",
    "sans-b": _LB + "LiberationSans-Bold.ttf",
    "sans-i": _LB + "LiberationSans-Italic.ttf",
    "narrow": _LB + "LiberationSansNarrow-Regular.ttf",
    "narrow-b": _LB + "LiberationSansNarrow-Bold.ttf",
    "narrow-i": _LB + "LiberationSansNarrow-Italic.ttf",
    "serif": _LB + "LiberationSerif-Regular.ttf",
    "serif-b": _LB + "LiberationSerif-Bold.ttf",
    "serif-i": _LB + "LiberationSerif-Italic.ttf",
    "djserif": _DJ + "DejaVuSerif.ttf",
    "djserif-b": _DJ + "DejaVuSerif-Bold.ttf",
    "djserif-i": _DJ + "DejaVuSerif-Italic.ttf",
    "djcond": _DJ + "DejaVuSansCondensed.ttf",
    "djcond-b": _DJ + "DejaVuSansCondensed-Bold.ttf",
    "djcond-i": _DJ + "DejaVuSansCondensed-Oblique.ttf",
    "djsans": _DJ + "DejaVuSans.ttf",
    "djsans-b": _DJ + "DejaVuSans-Bold.ttf",
    "djsans-i": _DJ + "DejaVuSans-Oblique.ttf",
    "djserifcond": _DJ + "DejaVuSerifCondensed.ttf",
    "djserifcond-b": _DJ + "DejaVuSerifCondensed-Bold.ttf",
    "djserifcond-i": _DJ + "DejaVuSerifCondensed-Italic.ttf",
    "mono": _LB + "LiberationMono-Regular.ttf",
    "mono-b": _LB + "LiberationMono-Bold.ttf",
    "djmono": _DJ + "DejaVuSansMono.ttf",
}
# A family names its regular, bold and italic faces.
FAMILIES = {
    "liberation-sans": ("sans", "sans-b", "sans-i"),
    "liberation-narrow": ("narrow", "narrow-b", "narrow-i"),
    "liberation-serif": ("serif", "serif-b", "serif-i"),
    "dejavu-serif": ("djserif", "djserif-b", "djserif-i"),
    "dejavu-condensed": ("djcond", "djcond-b", "djcond-i"),
    "dejavu-sans": ("djsans", "djsans-b", "djsans-i"),
    "dejavu-serif-condensed": ("djserifcond", "djserifcond-b", "djserifcond-i"),
}

INK = (20, 20, 24)
PEN_BLUE = (22, 40, 130)
PEN_BLACK = (25, 25, 35)


@lru_cache(maxsize=512)
def font(key: str, size_pt: float) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], max(6, round(size_pt * PT)))


def px_size(size_pt: float) -> int:
    return max(6, round(size_pt * PT))


@dataclass
class Page:
    number: int
    lines: list[dict] = field(default_factory=list)
    marks: list[dict] = field(default_factory=list)
    draws: list[tuple] = field(default_factory=list)  # ("line"|"rect"|...) drawing orders, in order
    mark_layers: list[tuple[Image.Image, int, int]] = field(default_factory=list)  # RGBA, x, y
    counter: int = 0

    def next_id(self) -> str:
        self.counter += 1
        return f"p{self.number}-{self.counter}"

    # ---- text -----------------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        role: str,
        face: str,
        size: float,
        color: tuple = INK,
        language: str | None = None,
        align: str = "left",
    ) -> dict:
        """Typesets one line with its baseline at (x, y) points; returns the truth line."""
        f = font(face, size)
        width = f.getlength(text)
        x0 = x * PT
        if align == "right":
            x0 -= width
        elif align == "center":
            x0 -= width / 2
        line = {"id": self.next_id(), "text": text, "role": role}
        line["_runs"] = [(x0, y * PT, text, face, size, color)]
        line["_box"] = _run_box(x0, y * PT, text, face, size)
        if language:
            line["language"] = language
        self.lines.append(line)
        return line

    def row(
        self,
        cells: list[tuple[float, str]],
        y: float,
        role: str,
        face: str,
        size: float,
        color: tuple = INK,
        aligns: list[str] | None = None,
    ) -> dict:
        """One table row: a single line whose cells are typeset at their own x positions
        (points)."""
        runs, cell_out = [], []
        for i, (x, text) in enumerate(cells):
            if not text:
                continue
            f = font(face, size)
            x0 = x * PT
            if aligns and aligns[i] == "right":
                x0 -= f.getlength(text)
            runs.append((x0, y * PT, text, face, size, color))
            cell_out.append({"text": text, "_box": _run_box(x0, y * PT, text, face, size)})
        line = {"id": self.next_id(), "role": role, "text": " ".join(c["text"] for c in cell_out)}
        line["_runs"] = runs
        line["_cells"] = cell_out
        boxes = [c["_box"] for c in cell_out]
        line["_box"] = [
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        ]
        self.lines.append(line)
        return line

    # ---- vector shapes (drawn on the page and in the source PDF) --------------------------------
    def rule(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        width: float = 0.8,
        color: tuple = INK,
        mark: str | None = "rule",
    ) -> None:
        self.draws.append(
            ("line", [x0 * PT, y0 * PT, x1 * PT, y1 * PT], max(1, round(width * PT)), color)
        )
        if mark:
            w = width * PT / 2
            self.marks.append({"type": mark, "box": [x0 * PT, y0 * PT - w, x1 * PT, y1 * PT + w]})

    def rect(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        outline: tuple | None = INK,
        fill: tuple | None = None,
        width: float = 0.8,
        mark: str | None = "box",
    ) -> None:
        self.draws.append(
            ("rect", [x0 * PT, y0 * PT, x1 * PT, y1 * PT], max(1, round(width * PT)), outline, fill)
        )
        if mark:
            self.marks.append({"type": mark, "box": [x0 * PT, y0 * PT, x1 * PT, y1 * PT]})

    def checkbox(self, x: float, y_base: float, size: float, checked: bool) -> None:
        s = size * 0.8
        x0, y0 = x, y_base - s
        self.draws.append(("rect", [x0 * PT, y0 * PT, (x0 + s) * PT, y_base * PT], 3, INK, None))
        if checked:
            a, b = (x0 + 1.2) * PT, (y0 + 1.2) * PT
            c, d = (x0 + s - 1.2) * PT, (y_base - 1.2) * PT
            self.draws.append(("line", [a, b, c, d], 4, INK))
            self.draws.append(("line", [a, d, c, b], 4, INK))
        self.marks.append(
            {
                "type": "checkbox",
                "box": [x0 * PT, y0 * PT, (x0 + s) * PT, y_base * PT],
                "checked": checked,
            }
        )

    def ellipse(
        self,
        x0: float,
        y0: float,
        x1: float,
        y1: float,
        fill: tuple | None,
        outline: tuple | None,
        width: float = 1.0,
    ) -> None:
        self.draws.append(
            (
                "ellipse",
                [x0 * PT, y0 * PT, x1 * PT, y1 * PT],
                max(1, round(width * PT)),
                outline,
                fill,
            )
        )

    def polygon(self, points: list[tuple[float, float]], fill: tuple) -> None:
        self.draws.append(("polygon", [(a * PT, b * PT) for a, b in points], fill))

    # ---- raster marks ---------------------------------------------------------------------------
    def layer(
        self,
        image: Image.Image,
        x: float,
        y: float,
        mark_type: str,
        text: str | None = None,
        **extra: object,
    ) -> dict:
        """Pastes an RGBA mark (signature, stamp, handwriting) with its top-left at (x, y)
        points."""
        px, py = round(x * PT), round(y * PT)
        self.mark_layers.append((image, px, py))
        bbox = image.getchannel("A").getbbox() or (0, 0, 1, 1)
        mark = {"type": mark_type, "box": [px + bbox[0], py + bbox[1], px + bbox[2], py + bbox[3]]}
        if text:
            mark["text"] = text
        mark.update(extra)
        self.marks.append(mark)
        return mark


def _run_box(x0: float, baseline: float, text: str, face: str, size: float) -> list[float]:
    f = font(face, size)
    ascent, descent = f.getmetrics()
    return [x0, baseline - ascent, x0 + f.getlength(text), baseline + descent]


def paint(page: Page, background: tuple = (255, 255, 255)) -> Image.Image:
    """The clean 300 dpi RGB page: shapes first, text, then the raster marks on top."""
    image = Image.new("RGB", (PAGE_W, PAGE_H), background)
    draw = ImageDraw.Draw(image)
    for order in page.draws:
        if order[0] == "rect" and order[4] is not None:
            draw.rectangle(order[1], fill=order[4])
    for order in page.draws:
        kind = order[0]
        if kind == "line":
            draw.line(order[1], width=order[2], fill=order[3])
        elif kind == "rect" and order[3] is not None:
            draw.rectangle(order[1], outline=order[3], width=order[2])
        elif kind == "ellipse":
            draw.ellipse(order[1], fill=order[4], outline=order[3], width=order[2])
        elif kind == "polygon":
            draw.polygon(order[1], fill=order[2])
    for line in page.lines:
        for x0, baseline, text, face, size, color in line["_runs"]:
            draw.text((x0, baseline), text, font=font(face, size), fill=color, anchor="ls")
    for layer, px, py in page.mark_layers:
        image.paste(layer.convert("RGB"), (px, py), layer.getchannel("A"))
    return image


def marks_overlay(page: Page, scale: float) -> Image.Image:
    """Only the raster marks, RGBA at `scale` of the master, for the vector source PDF."""
    image = Image.new("RGBA", (round(PAGE_W * scale), round(PAGE_H * scale)), (255, 255, 255, 0))
    for layer, px, py in page.mark_layers:
        small = layer.resize(
            (max(1, round(layer.width * scale)), max(1, round(layer.height * scale)))
        )
        image.alpha_composite(small, (round(px * scale), round(py * scale)))
    return image


# ---- pen strokes --------------------------------------------------------------------------------
def _stroke(draw: ImageDraw.ImageDraw, points: np.ndarray, width: float, color: tuple) -> None:
    """A pen stroke whose width swells and thins along its length (pressure)."""
    n = len(points)
    for i in range(n - 1):
        w = width * (0.6 + 0.5 * math.sin(i / max(1, n) * math.pi))
        draw.line(
            [tuple(points[i]), tuple(points[i + 1])], fill=(*color, 235), width=max(2, round(w))
        )


def _trochoid(
    rng: random.Random, length: float, height: float, loops: int, start: tuple
) -> np.ndarray:
    """Cursive-like letters: a prolate trochoid, one cycle a letter, each cycle an e-loop, an
    n-arch,
    a tall l-loop or a g-descender, slanted to the right, with a wandering baseline."""
    t = np.linspace(0, loops * 2 * math.pi, loops * 32)
    cycle = np.minimum((t // (2 * math.pi)).astype(int), loops - 1)
    kinds = [rng.choice("eenlge") for _ in range(loops)]
    vertical = np.array(
        [{"e": 1.0, "n": 1.1, "l": 2.4, "g": -1.7}[k] * rng.uniform(0.85, 1.15) for k in kinds]
    )
    across = np.array([{"e": 1.9, "n": 0.4, "l": 1.7, "g": 1.6}[k] for k in kinds])
    advance = length / (loops * 2 * math.pi)
    x = start[0] + advance * t - advance * across[cycle] * np.sin(t)
    y = start[1] - height * 0.5 * vertical[cycle] * (1 - np.cos(t))
    y += np.cumsum(np.array([rng.uniform(-0.35, 0.35) for _ in t]))
    x += (start[1] - y) * 0.28
    return np.stack([x, y], axis=1)


def signature(rng: random.Random, style: str, color: tuple = PEN_BLUE) -> Image.Image:
    """A signature as an RGBA image at 300 dpi. Styles: compact, flourish, initials, ia."""
    w, h = {
        "compact": (460, 300),
        "flourish": (940, 340),
        "initials": (360, 300),
        "ia": (680, 300),
    }[style]
    image = Image.new("RGBA", (w, h), (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    base = h * 0.6
    if style == "initials":
        for k in range(2):
            pts = _trochoid(rng, 90, 80, 1, (30 + k * 150, base))
            _stroke(draw, pts, 6, color)
            draw.line(
                [(40 + k * 150, base - 150), (60 + k * 150, base + 20)],
                fill=(*color, 235),
                width=5,
            )
        draw.ellipse([300, base, 312, base + 12], fill=(*color, 235))
    elif style == "ia":
        hand_text(image, rng, "i.A.", (10, base), 70, color, "slanted")
        _stroke(draw, _trochoid(rng, 380, 60, 6, (200, base)), 5, color)
    else:
        loops = 5 if style == "compact" else 10
        length = w * (0.8 if style == "compact" else 0.75)
        _stroke(draw, _trochoid(rng, length, 64, loops, (45, base)), 5.5, color)
        if style == "flourish":
            x = np.linspace(60, w - 20, 60)
            y = base + 40 + 25 * np.sin((x - 60) / (w - 80) * math.pi * 1.2)
            _stroke(draw, np.stack([x, y], axis=1), 6, color)
        else:
            draw.line([(30, base + 25), (w - 60, base + 5)], fill=(*color, 235), width=5)
    return image


@lru_cache(maxsize=256)
def _hand_font(face: str, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[face], size_px)


HAND_FACES = {"block": "djcond-b", "upright": "narrow", "slanted": "sans-i", "print": "djsans"}


def hand_text(
    target: Image.Image,
    rng: random.Random,
    text: str,
    origin: tuple,
    size_px: float,
    color: tuple,
    hand: str,
) -> float:
    """Writes `text` glyph by glyph with jitter in size, angle and baseline; returns the end x.
    Hands: block (capitals), upright, slanted, print. Real words, readable but uneven."""
    face = HAND_FACES[hand]
    if hand == "block":
        text = text.upper()
    x, y = origin
    drift = 0.0
    for ch in text:
        size = size_px * rng.uniform(0.95, 1.05)
        f = _hand_font(face, max(6, round(size)))
        advance = f.getlength(ch)
        if ch != " ":
            glyph = Image.new("L", (round(advance + size), round(size * 2)), 0)
            ImageDraw.Draw(glyph).text((size * 0.3, size * 1.4), ch, font=f, fill=255, anchor="ls")
            angle = rng.uniform(-4, 4) + (-12 if hand == "slanted" else 0)
            glyph = glyph.rotate(angle, resample=Image.BILINEAR, expand=False)
            colored = Image.new("RGBA", glyph.size, (*color, 0))
            colored.putalpha(glyph.point(lambda v: min(235, v)))
            target.alpha_composite(
                colored, (max(0, round(x - size * 0.3)), max(0, round(y + drift - size * 1.4)))
            )
        drift += rng.uniform(-0.06, 0.06) * size_px
        drift = max(-size_px * 0.25, min(size_px * 0.25, drift))
        x += advance * rng.uniform(0.92, 1.08)
    return x


def handwriting_line(
    rng: random.Random, text: str, size_pt: float, hand: str, color: tuple = PEN_BLUE
) -> Image.Image:
    """One handwritten line as an RGBA image; cursive hands are unreadable scribble of the text's
    length."""
    size_px = size_pt * PT
    width = round(size_px * 0.62 * len(text) + size_px * 2)
    image = Image.new("RGBA", (width, round(size_px * 2.2)), (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    if hand == "cursive":
        x = size_px * 0.3
        for word in text.split():
            length = size_px * 0.5 * len(word)
            _stroke(
                draw,
                _trochoid(rng, length, size_px * 0.55, max(1, len(word) // 2), (x, size_px * 1.5)),
                max(3, size_px * 0.09),
                color,
            )
            x += length + size_px * 0.6
    else:
        hand_text(image, rng, text, (size_px * 0.3, size_px * 1.5), size_px, color, hand)
    box = image.getchannel("A").getbbox()
    return image.crop((0, 0, box[2] + 4, image.height)) if box else image


def stamp(
    rng: random.Random, lines: list[str], shape: str, color: tuple, angle: float
) -> Image.Image:
    """A rubber stamp (rect or round) with uneven ink, turned by `angle` degrees."""
    f_big = font("djsans-b", 9)
    f_small = font("djsans", 7)
    widths = [(f_big if i == 0 else f_small).getlength(t) for i, t in enumerate(lines)]
    if shape == "round":
        d = round(max(widths) + 90)
        image = Image.new("RGBA", (d + 20, d + 20), (255, 255, 255, 0))
        draw = ImageDraw.Draw(image)
        draw.ellipse([10, 10, d + 10, d + 10], outline=(*color, 255), width=8)
        draw.ellipse([32, 32, d - 12, d - 12], outline=(*color, 255), width=4)
        y = (d + 20) / 2 - (len(lines) - 1) * 20
    else:
        w, h = round(max(widths) + 70), 50 + 42 * len(lines)
        image = Image.new("RGBA", (w + 20, h + 20), (255, 255, 255, 0))
        draw = ImageDraw.Draw(image)
        draw.rectangle([10, 10, w + 10, h + 10], outline=(*color, 255), width=7)
        draw.rectangle([22, 22, w - 2, h - 2], outline=(*color, 255), width=2)
        y = 10 + 25 + 38
    for i, t in enumerate(lines):
        f = f_big if i == 0 else f_small
        draw.text((image.width / 2, y), t, font=f, fill=(*color, 255), anchor="ms")
        y += 44
    alpha = np.asarray(image.getchannel("A"), dtype=np.float32)
    speckle = np.random.default_rng(rng.randrange(1 << 30)).uniform(0.55, 1.0, alpha.shape)
    image.putalpha(Image.fromarray((alpha * speckle * 0.85).astype(np.uint8)))
    return image.rotate(angle, resample=Image.BILINEAR, expand=True)
