"""A sheet that places lines on pages (positions in points, A4)."""

from __future__ import annotations

from .render import A4_W, Line, Page, width

TOP = 62.0
BOTTOM = 726.0


class Sheet:
    def __init__(
        self, reg: str, bold: str, size: float = 10.0, left: float = 70.0, right: float = 530.0
    ):
        self.reg, self.bold, self.size = reg, bold, size
        self.left, self.right = left, right
        self.pages: list[Page] = [Page("p1")]
        self.y = TOP
        self.running: list[str] = []

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def put(
        self,
        text: str,
        x: float | None = None,
        *,
        bold: bool = False,
        size: float | None = None,
        align: str = "left",
        font: str | None = None,
        y: float | None = None,
        advance: bool = True,
        lead: float = 1.38,
        limit: float | None = None,
    ) -> Line:
        f = font or (self.bold if bold else self.reg)
        s = size or self.size
        room = (limit or (self.right - self.left)) - 1
        while width(text, f, s) > room and s > 6:
            s -= 0.5
        if y is None:
            if self.y > BOTTOM:
                self.new_page()
            y = self.y
        w = width(text, f, s)
        if align == "right":
            x0 = (x if x is not None else self.right) - w
        elif align == "center":
            x0 = (x if x is not None else A4_W / 2) - w / 2
        else:
            x0 = x if x is not None else self.left
        ln = Line(round(x0, 2), round(y, 2), text, f, s)
        self.page.lines.append(ln)
        if advance:
            self.y = y + s * lead
        return ln

    def wrap(
        self,
        text: str,
        size: float | None = None,
        x: float | None = None,
        right: float | None = None,
        font: str | None = None,
    ) -> list[str]:
        f = font or self.reg
        s = size or self.size
        x0 = x if x is not None else self.left
        room = (right if right is not None else self.right) - x0
        out: list[str] = []
        cur = ""
        for word in text.split(" "):
            cand = f"{cur} {word}" if cur else word
            if width(cand, f, s) <= room or not cur:
                cur = cand
            else:
                out.append(cur)
                cur = word
        if cur:
            out.append(cur)
        return out

    def para(
        self,
        text: str,
        size: float | None = None,
        x: float | None = None,
        font: str | None = None,
        after: float = 4.0,
    ) -> None:
        for ln in self.wrap(text, size, x, font=font):
            self.put(ln, x, size=size, font=font)
        self.y += after

    def gap(self, dy: float) -> None:
        self.y += dy

    def rule(self, y: float | None = None) -> None:
        yy = self.y - self.size * 0.9 if y is None else y
        self.page.rules.append((self.left, yy, self.right, yy))

    def new_page(self) -> None:
        self.pages.append(Page(f"p{len(self.pages) + 1}"))
        self.y = TOP - 16
        for r in self.running:
            self.put(r.replace("{n}", str(len(self.pages))), size=8)
        if self.running:
            self.page.rules.append((self.left, self.y - 6, self.right, self.y - 6))
            self.y += 12
