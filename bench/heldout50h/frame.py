"""The frame most letters share: letterhead, address window, reference block, closing, footer.

Each letter kind chooses where the letterhead sits (left, right, centre, or only in the footer),
which side the window is on, and where the date goes (reference block, top line, or at the end
above the signature as "Ort, Datum")."""

from __future__ import annotations

from dataclasses import dataclass, field

from bench.heldout50h.context import Context
from bench.heldout50h.page import Page, Writer


@dataclass
class Org:
    name: str
    alternatives: list[str]
    sub: list[str]
    street: str
    place: str
    phone: str
    fax: str
    country: str = ""


@dataclass
class Draft:
    pages: list[Page]
    layout: str
    sender: str | None
    sender_alternatives: list[str]
    title: str | None
    title_alternatives: list[str] = field(default_factory=list)
    fax_name: str = ""
    fax_number: str = ""


COUNTRY_LINE = {"de": "", "en": "GERMANY", "nl": "DUITSLAND", "pl": "NIEMCY", "tr": "ALMANYA"}
COUNTRY_LINE |= {"it": "GERMANIA", "es": "ALEMANIA", "at": "DEUTSCHLAND", "ch": "DEUTSCHLAND"}


def window_lines(ctx: Context, doctor_first: bool) -> list[str]:
    practice = ctx.practice
    doctor = practice["doctor"]
    word = "Frau" if doctor.endswith(("Quandt", "Voßberg")) else "Herrn"
    if ctx.lang == "en":
        word = "Dr" if ctx.region == "GB" else "Dr."
        doctor = doctor.replace("Dr. med. ", "")
    ctx.person(practice["doctor"], "addressee")
    lines = (
        [f"{word} {doctor}", practice["name"]]
        if doctor_first
        else [practice["name"], f"{word} {doctor}"]
    )
    lines += [practice["street"], practice["place"]]
    country = COUNTRY_LINE.get(
        ctx.lang if ctx.region not in ("AT", "CH") else ctx.region.lower(), ""
    )
    lines += [country] if country and ctx.region != "DE" else []
    if ctx.region == "CH":
        # Swiss German has no ß: the practice's own name arrives spelled with ss.
        lines = [line.replace("ß", "ss") for line in lines]
    return lines


def letterhead(page: Page, org: Org, where: str, serif: bool) -> float:
    bold, plain = ("serifb", "serif") if serif else ("sansb", "sans")
    x, align = {"left": (25.0, "l"), "right": (188.0, "r"), "centre": (105.0, "c")}[where]
    y = 18.0
    page.put(org.name, x, y, 15 if len(org.name) < 34 else 12.5, bold, align=align)
    y += 6.5
    for sub in org.sub:
        page.put(sub, x, y, 9.5, plain, align=align)
        y += 4.3
    if where != "centre":
        page.put(f"{org.street} · {org.place}", x, y, 8.5, plain, align=align)
        page.put(f"Tel. {org.phone} · Fax {org.fax}", x, y + 4.0, 8.5, plain, align=align)
        y += 8.0
    return y


def address_block(ctx: Context, page: Page, org: Org | None, side: str, top: float) -> float:
    x = 25.0 if side == "left" else 110.0
    if org is not None:
        page.put(f"{org.name} · {org.street} · {org.place}", x, top, 6.5, "cond")
        page.rules.append((x, top + 1.0, x + 80.0, top + 1.0))
    y = top + 6.0
    for text in window_lines(ctx, ctx.rng.random() < 0.5):
        page.put(text, x, y, 10.5, "sans")
        y += 4.8
    return y


def info_block(
    page: Page, rows: list[tuple[str, str]], x: float, top: float, gap: float = 28.0
) -> float:
    y = top
    for label, value in rows:
        if label:
            page.put(label, x, y, 8.5, "cond")
            page.put(value, x + gap, y, 8.5, "cond")
        else:
            page.put(value, x, y, 8.5, "cond")
        y += 4.2
    return y


def closing(
    ctx: Context, w: Writer, greeting: str, signers: list[tuple[str, str]], place_date: str = ""
) -> None:
    w.gap(2)
    if place_date:
        w.line(place_date)
        w.gap(2)
    w.line(greeting)
    w.gap(11)
    w.need(10)
    width = (w.right - w.left) / max(1, len(signers))
    y = w.y
    for index, (name, role) in enumerate(signers):
        w.page.put(ctx.person(name, "signatory"), w.left + index * width, y, 9.5, w.font)
        w.page.put(role, w.left + index * width, y + 4.2, 8.5, w.font)
    w.y = y + 10


def footer_lines(org: Org, rich: bool) -> list[tuple[str, float, str]]:
    lines = [(f"{org.name} · {org.street} · {org.place}", 7.5, "c")]
    if rich:
        lines.append((f"Telefon {org.phone} · Telefax {org.fax}", 7.0, "c"))
        lines.append(("Seite {page} von {total}", 7.0, "c"))
    return lines
