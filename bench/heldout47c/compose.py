# SPDX-License-Identifier: AGPL-3.0-or-later
"""Flowing layout on top of render.Page: letterheads, address blocks, wrapped paragraphs, two-column
bodies, ruled tables with shaded rows, checkbox lists, closings with signatures, footers with bank
details. A Composer starts a new page (with a running header) when the body runs past the bottom."""

from __future__ import annotations

import random
from dataclasses import dataclass

from render import FAMILIES, INK, PEN_BLACK, PEN_BLUE, Page, font, signature, stamp

TOP, BOTTOM_LIMIT = 48.0, 760.0


@dataclass
class Style:
    family: str
    size: float  # body size, points
    head: str  # letterhead layout: band | centered | columns | left-logo
    accent: tuple
    margin: float
    leading: float


class Composer:
    def __init__(
        self, rng: random.Random, style: Style, language: str, running: str, footer: list[str]
    ):
        self.rng = rng
        self.style = style
        self.language = language
        self.running = running
        self.footer_lines = footer
        self.pages: list[Page] = []
        self.appendix: list[tuple[str, str]] = []  # (heading, paragraph) written before the closing
        self.y = TOP
        self.new_page()

    # ---- pages ----------------------------------------------------------------------------------
    @property
    def page(self) -> Page:
        return self.pages[-1]

    @property
    def faces(self) -> tuple[str, str, str]:
        return FAMILIES[self.style.family]

    @property
    def left(self) -> float:
        return self.style.margin

    @property
    def right(self) -> float:
        return 595.0 - self.style.margin + 10

    def new_page(self) -> None:
        self.pages.append(Page(number=len(self.pages) + 1))
        self.y = TOP
        if len(self.pages) > 1:
            self.page.text(
                self.left,
                self.y,
                self.running,
                "running_header",
                self.faces[2],
                self.style.size - 1.5,
            )
            self.page.rule(self.left, self.y + 4, self.right, self.y + 4, 0.5)
            self.y += 26

    def need(self, height: float) -> None:
        if self.y + height > BOTTOM_LIMIT:
            self.new_page()

    def finish(self) -> list[Page]:
        """Footers and page numbers on every page."""
        total = len(self.pages)
        for page in self.pages:
            y = 790.0
            page.rule(self.left, y - 10, self.right, y - 10, 0.4, (120, 120, 120))
            for i, text in enumerate(self.footer_lines):
                page.text(self.left, y + i * 8.6, text, "footer", self.faces[0], 6.8, (60, 60, 60))
            label = (
                f"Seite {page.number} von {total}"
                if self.language == "de"
                else f"Page {page.number} of {total}"
            )
            if total > 1:
                page.text(
                    self.right, 820.0, label, "page_number", self.faces[0], 7.5, align="right"
                )
        return self.pages

    # ---- flowing text ---------------------------------------------------------------------------
    def wrap(self, text: str, face: str, size: float, width: float) -> list[str]:
        f = font(face, size)
        limit = width * 300 / 72
        lines, current = [], ""
        for word in text.split():
            trial = f"{current} {word}" if current else word
            if f.getlength(trial) <= limit or not current:
                current = trial
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        return lines

    def para(
        self,
        text: str,
        role: str = "body",
        face: int = 0,
        size: float | None = None,
        width: float | None = None,
        x: float | None = None,
        gap: float = 5.0,
    ) -> list[dict]:
        size = size or self.style.size
        x = self.left if x is None else x
        width = width or (self.right - x)
        out = []
        for line in self.wrap(text, self.faces[face], size, width):
            self.need(size * self.style.leading)
            self.y += size * self.style.leading
            out.append(self.page.text(x, self.y, line, role, self.faces[face], size))
        self.y += gap
        return out

    def heading(self, text: str, size: float | None = None) -> dict:
        size = size or self.style.size + 1.5
        self.need(size * 3)
        self.y += size * 1.7
        return self.page.text(
            self.left, self.y, text, "heading", self.faces[1], size, self.style.accent
        )

    def bullets(self, items: list[str], marker: str = "–") -> None:
        for item in items:
            self.para(f"{marker} {item}", role="list_item", x=self.left + 8, gap=1.5)
        self.y += 3

    def two_columns(self, left: list[str], right: list[str], size: float | None = None) -> None:
        """A two-column body: left column read first, then the right one (ids follow that order)."""
        size = size or self.style.size
        gutter = 18.0
        width = (self.right - self.left - gutter) / 2
        top = self.y
        for paragraph in left:
            self.para(paragraph, size=size, width=width, gap=4)
        bottom = self.y
        self.y = top
        for paragraph in right:
            self.para(paragraph, size=size, width=width, x=self.left + width + gutter, gap=4)
        self.page.rule(
            self.left + width + gutter / 2,
            top + 4,
            self.left + width + gutter / 2,
            max(bottom, self.y) - 2,
            0.4,
            (150, 150, 150),
        )
        self.y = max(bottom, self.y)

    def table(
        self,
        headers: list[str],
        rows: list[list[str]],
        widths: list[float],
        size: float | None = None,
        shaded: bool = True,
        numeric_from: int = 1,
        header_fill: tuple = (215, 222, 232),
    ) -> None:
        size = size or self.style.size - 0.5
        step = size * 1.55
        xs = [self.left]
        for w in widths[:-1]:
            xs.append(xs[-1] + w)
        aligns = ["left"] * len(headers)
        self.need(step * 3)
        right = xs[-1] + widths[-1]
        top = self.y + 2
        self.page.rect(self.left, top, right, top + step, None, header_fill, mark=None)
        self.y = top + step - size * 0.45
        self.page.row(
            [(x + 3, h) for x, h in zip(xs, headers, strict=False)],
            self.y,
            "table_header",
            self.faces[1],
            size,
            aligns=aligns,
        )
        self.y = top + step
        self.page.rule(self.left, self.y, right, self.y, 0.6, mark=None)
        start = top
        for i, row in enumerate(rows):
            if self.y + step > BOTTOM_LIMIT:
                self._close_table(start, right)
                self.new_page()
                start = self.y
            if shaded and i % 2 == 1:
                self.page.rect(
                    self.left, self.y, right, self.y + step, None, (236, 236, 236), mark=None
                )
            self.page.row(
                [(x + 3, c) for x, c in zip(xs, row, strict=False)],
                self.y + step - size * 0.45,
                "table_row",
                self.faces[0],
                size,
            )
            self.y += step
        self._close_table(start, right)
        self.y += 8

    def _close_table(self, top: float, right: float) -> None:
        self.page.rule(self.left, self.y, right, self.y, 0.6, mark=None)
        self.page.rect(self.left, top, right, self.y, INK, None, 0.5, mark="table")

    def options(
        self, label: str, choices: list[tuple[str, bool]], size: float | None = None
    ) -> None:
        """A form row: bold label, then checkboxes with their option texts."""
        size = size or self.style.size
        self.need(size * 2.2)
        self.y += size * 1.8
        self.page.text(self.left, self.y, label, "form_label", self.faces[1], size)
        x = self.left + 150
        for text, checked in choices:
            self.page.checkbox(x, self.y, size, checked)
            self.page.text(x + size + 3, self.y, text, "form_option", self.faces[0], size)
            x += size + 14 + font(self.faces[0], size).getlength(text) * 72 / 300
            if x > self.right - 60:
                x = self.left + 150
                self.y += size * 1.6

    def field(
        self, label: str, value: str, size: float | None = None, label_width: float = 150
    ) -> None:
        size = size or self.style.size
        self.need(size * 2.4)
        self.y += size * 2.0
        self.page.text(self.left, self.y, label, "form_label", self.faces[2], size - 0.5)
        self.page.rect(
            self.left + label_width - 4,
            self.y - size * 1.2,
            self.right,
            self.y + size * 0.5,
            (90, 90, 90),
            None,
            0.4,
        )
        self.page.text(self.left + label_width, self.y, value, "form_value", self.faces[0], size)

    # ---- letter furniture -----------------------------------------------------------------------
    def letterhead(self, name: str, subtitle: str, columns: list[list[str]], logo: str) -> None:
        s, p = self.style, self.page
        if s.head == "band":
            p.rect(0, 0, 595, 30, None, s.accent, mark="rule")
            self.y = 58
            p.text(self.left, self.y, name, "letterhead", self.faces[1], 15, s.accent)
            p.text(self.left, self.y + 14, subtitle, "letterhead", self.faces[2], 8.5)
            self.logo(logo, self.right - 50, 36)
            self.y += 22
        elif s.head == "centered":
            self.logo(logo, 297 - 22, 26)
            self.y = 92
            p.text(297, self.y, name, "letterhead", self.faces[1], 14, s.accent, align="center")
            p.text(297, self.y + 13, subtitle, "letterhead", self.faces[0], 8.5, align="center")
            p.rule(self.left, self.y + 20, self.right, self.y + 20, 1.2, s.accent)
            self.y += 26
        else:  # columns / left-logo: multi-column letterhead with the team or the contacts
            self.logo(logo, self.left, 30)
            p.text(self.left + 54, 52, name, "letterhead", self.faces[1], 13, s.accent)
            p.text(self.left + 54, 64, subtitle, "letterhead", self.faces[2], 8)
            self.y = 88
            width = (self.right - self.left) / max(1, len(columns))
            for c, column in enumerate(columns):
                for r, text in enumerate(column):
                    p.text(
                        self.left + c * width,
                        self.y + r * 8.4,
                        text,
                        "letterhead",
                        self.faces[1] if r == 0 else self.faces[0],
                        6.8,
                        (50, 50, 50),
                    )
            self.y += 8.4 * max(len(c) for c in columns) + 2
            p.rule(self.left, self.y, self.right, self.y, 0.5, s.accent)
        self.y += 6

    def logo(self, kind: str, x: float, y: float) -> None:
        p, a = self.page, self.style.accent
        marks_before = len(p.draws)
        if kind == "cross":
            p.polygon(
                [
                    (x + 15, y),
                    (x + 29, y),
                    (x + 29, y + 15),
                    (x + 44, y + 15),
                    (x + 44, y + 29),
                    (x + 29, y + 29),
                    (x + 29, y + 44),
                    (x + 15, y + 44),
                    (x + 15, y + 29),
                    (x, y + 29),
                    (x, y + 15),
                    (x + 15, y + 15),
                ],
                a,
            )
        elif kind == "rings":
            p.ellipse(x, y, x + 30, y + 30, None, a, 3)
            p.ellipse(x + 14, y + 10, x + 44, y + 40, None, (200, 120, 40), 3)
        elif kind == "leaf":
            p.ellipse(x, y + 8, x + 44, y + 36, a, None)
            p.polygon(
                [(x + 4, y + 40), (x + 40, y + 4), (x + 42, y + 7), (x + 7, y + 43)],
                (255, 255, 255),
            )
        else:  # eye
            p.ellipse(x, y + 10, x + 44, y + 34, None, a, 2.5)
            p.ellipse(x + 14, y + 14, x + 30, y + 30, a, None)
        if len(p.draws) > marks_before:
            p.marks.append(
                {
                    "type": "logo",
                    "box": [x * 300 / 72, y * 300 / 72, (x + 44) * 300 / 72, (y + 44) * 300 / 72],
                }
            )

    def sender_line(self, text: str) -> None:
        self.y += 16
        line = self.page.text(self.left, self.y, text, "sender_line", self.faces[0], 6.5)
        width = (line["_box"][2] - line["_box"][0]) * 72 / 300
        self.page.rule(self.left, self.y + 2, self.left + width, self.y + 2, 0.3, mark=None)

    def address(self, lines: list[str], info: list[tuple[str, str]]) -> None:
        top = self.y
        for text in lines:
            self.y += self.style.size * 1.35
            self.page.text(self.left, self.y, text, "address", self.faces[0], self.style.size + 0.5)
        y = top
        for label, value in info:
            y += 10.5
            self.page.text(360, y, label, "info", self.faces[0], 7.5, (70, 70, 70))
            self.page.text(430, y, value, "info", self.faces[0], 7.5)
        self.y = max(self.y, y) + 20

    def subject(self, lines: list[str]) -> None:
        for i, text in enumerate(lines):
            self.y += self.style.size * 1.5
            self.page.text(
                self.left,
                self.y,
                text,
                "subject",
                self.faces[1 if i == 0 else 0],
                self.style.size + 0.5,
            )
        self.y += 10

    def closing(
        self,
        greeting: str,
        signers: list[tuple[str, str]],
        sig_styles: list[str],
        ia: bool = False,
        over_name: bool = False,
    ) -> None:
        size = self.style.size
        for i, (title, text) in enumerate(self.appendix):
            self.heading(title)
            self.para(text, face=2 if i == len(self.appendix) - 1 else 0)
        self.need(110)
        self.y += size * 2
        self.page.text(self.left, self.y, greeting, "closing", self.faces[0], size)
        top = self.y + 4
        self.y += 52
        width = (self.right - self.left) / len(signers)
        for i, (name, title) in enumerate(signers):
            x = self.left + i * width
            style = sig_styles[i % len(sig_styles)]
            if ia and i == len(signers) - 1:
                style = "ia"
            color = PEN_BLUE if self.rng.random() < 0.7 else PEN_BLACK
            image = signature(self.rng, style, color)
            sig_top = top + (14 if over_name else 0)
            self.page.layer(image, x - 6, sig_top, "signature", style=style)
            self.page.text(x, self.y, name, "signature_name", self.faces[0], size)
            self.page.text(
                x, self.y + size * 1.3, title, "signature_title", self.faces[2], size - 1
            )
        self.y += size * 1.3 + 6

    def add_stamp(self, lines: list[str], shape: str, color: tuple, x: float, y: float) -> None:
        image = stamp(self.rng, lines, shape, color, self.rng.uniform(-9, 9))
        self.page.layer(image, x, y, "stamp", " / ".join(lines), shape=shape)
