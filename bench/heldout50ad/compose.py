"""A small page composer: lines in reading order, wrapping, page breaks, running headers."""

from __future__ import annotations

from collections.abc import Callable

from .render import PAGE_W, Line, Page, width

LEFT = 68.0
RIGHT = 540.0
BOTTOM = 752.0


class Composer:
    def __init__(
        self,
        fname: str = "sans",
        size: float = 10.0,
        left: float = LEFT,
        right: float = RIGHT,
        top: float = 52.0,
    ) -> None:
        self.pages: list[Page] = [[]]
        self.font = fname
        self.size = size
        self.left = left
        self.right = right
        self.top = top
        self.y = top
        self.running: Callable[[Composer], None] | None = None

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def at(
        self,
        x: float,
        y: float,
        text: str,
        fname: str | None = None,
        size: float | None = None,
        align: str = "left",
    ) -> None:
        f = fname or self.font
        s = size or self.size
        w = width(text, f, s)
        if align == "right":
            x = x - w
        elif align == "center":
            x = (PAGE_W - w) / 2
        if x < 20 or x + w > PAGE_W - 20 or y > 830 or y < 10:
            raise ValueError(f"line outside the sheet: {text!r} x={x:.0f} w={w:.0f} y={y}")
        self.page.append(Line(round(x, 2), round(y, 2), text, f, s))

    def line(
        self,
        text: str,
        fname: str | None = None,
        size: float | None = None,
        align: str = "left",
        x: float | None = None,
        lead: float = 1.38,
    ) -> None:
        s = size or self.size
        if self.y + s > BOTTOM:
            self.newpage()
        self.y += s * lead
        if align == "right":
            self.at(self.right, self.y, text, fname, s, "right")
        elif align == "center":
            self.at(0, self.y, text, fname, s, "center")
        else:
            self.at(self.left if x is None else x, self.y, text, fname, s)

    def gap(self, h: float) -> None:
        self.y += h

    def newpage(self) -> None:
        self.pages.append([])
        self.y = self.top
        if self.running is not None:
            self.running(self)

    def wrap(
        self, text: str, fname: str | None = None, size: float | None = None, indent: float = 0.0
    ) -> list[str]:
        f = fname or self.font
        s = size or self.size
        avail = self.right - self.left - indent
        out: list[str] = []
        cur = ""
        for word in text.split(" "):
            trial = f"{cur} {word}" if cur else word
            if width(trial, f, s) <= avail:
                cur = trial
            else:
                out.append(cur)
                cur = word
        if cur:
            out.append(cur)
        return out

    def para(
        self,
        text: str,
        fname: str | None = None,
        size: float | None = None,
        indent: float = 0.0,
        after: float = 5.0,
    ) -> None:
        for part in self.wrap(text, fname, size, indent):
            self.line(part, fname, size, x=self.left + indent)
        self.gap(after)
