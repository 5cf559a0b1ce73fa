# SPDX-License-Identifier: AGPL-3.0-or-later
"""The fax condition: when it was sent, the sending machine's header line on every page, and
for about a third of the letters a cover sheet with its own date, sender, recipient and count."""

from __future__ import annotations

import copy
import datetime
import random
from dataclasses import dataclass

from bench.heldout50f import dates
from bench.heldout50f.kit import Draft
from bench.heldout50f.sheet import Line, Page, Sheet


@dataclass
class Fax:
    sent: datetime.datetime
    cover: bool
    header_style: int
    cover_style: int


def plan(rng: random.Random, day: datetime.date, cover: bool) -> Fax:
    """When the fax was sent (the letter's date plus 0 to 6 days), with a cover sheet or not."""
    sent_day = day + datetime.timedelta(days=rng.choice([0, 1, 1, 2, 3, 6]))
    sent = datetime.datetime.combine(
        sent_day, datetime.time(rng.randint(7, 18), rng.randint(0, 59))
    )
    return Fax(sent, cover, rng.randrange(4), rng.randrange(3))


def header(fax: Fax, draft: Draft, page: int, pages: int) -> str:
    """The sending machine's line: its own date and time, its number, its name, the page."""
    day, clock = fax.sent.date(), fax.sent.strftime("%H:%M")
    label = draft.fax_label or (draft.sender or "")[:28]
    if fax.header_style == 0:
        return f"{dates.num(day)} {clock}   {draft.fax_number}   {label}   S. {page}/{pages}"
    if fax.header_style == 1:
        stamp = f"{day.day:02d}-{dates.month(day, 'en')[:3].upper()}-{day.year}"
        return (
            f"{stamp} {clock}  FROM: {label.upper()}  {draft.fax_number}  P.{page:03d}/{pages:03d}"
        )
    if fax.header_style == 2:
        return (
            f"{day.isoformat()} {clock}  {label}  Fax {draft.fax_number}  Seite {page} von {pages}"
        )
    return f"{dates.us(day)} {clock}  {draft.fax_number}  {label}  PAGE {page} OF {pages}"


def fax_pages(fax: Fax, draft: Draft) -> list[tuple[str, Page]]:
    """The pages as received: cover first where there is one, a header line on each."""
    named = [(f"p{i}", p) for i, p in enumerate(draft.sheet.pages, 1)]
    if fax.cover:
        named.insert(0, ("cover", cover_page(fax, draft, len(named) + 1)))
    out = []
    for number, (name, page) in enumerate(named, 1):
        received = copy.deepcopy(page)
        line = Line(header(fax, draft, number, len(named)), 8.0, 7.0, "mono", 7.5)
        received.lines.insert(0, line)
        out.append((name, received))
    return out


COVER_WORDS = {
    "de": ("TELEFAX", "An:", "z. Hd.:", "Von:", "Datum:", "Seiten inkl. Deckblatt:", "Betreff:"),
    "en": ("FAX COVER SHEET", "To:", "Attn:", "From:", "Date:", "Pages incl. cover:", "Re:"),
}
CONFIDENTIAL = {
    "de": "Vertraulich: Diese Nachricht enthält Patientendaten. Falls Sie nicht der richtige "
    "Empfänger sind, benachrichtigen Sie uns bitte sofort und vernichten Sie die Seiten.",
    "en": "Confidential: this transmission contains patient information. If you are not the "
    "intended recipient, please notify the sender and destroy all pages.",
}


def cover_page(fax: Fax, draft: Draft, pages: int) -> Page:
    language = "de" if draft.language == "de" else "en"
    words = COVER_WORDS[language]
    sheet = Sheet(
        font=("arial", "times", "courier")[fax.cover_style], size=11.5, paper=_paper(draft)
    )
    sheet.y = 25
    sheet.line(words[0], font="arial-b", size=22)
    sheet.gap(8)
    day = fax.sent.date()
    when = dates.num(day) if language == "de" else dates.long(day, "en")
    if draft.region == "US":
        when = dates.us(day)
    practice, doctor = draft.addressee
    rows = [
        (words[1], practice),
        (words[2], doctor),
        (words[3], draft.cover_from or draft.sender or draft.fax_label),
        ("Fax:", draft.fax_number),
        (words[4], when),
        (words[5], str(pages)),
        (words[6], draft.cover_subject),
    ]
    for label, value in rows:
        sheet.y += sheet.lead() * 1.6
        sheet.put(label, sheet.left, sheet.y, font="arial-b")
        sheet.put(value, sheet.left + 48, sheet.y)
    sheet.gap(14)
    sheet.para(CONFIDENTIAL[language], size=8.5)
    return sheet.pages[0]


def _paper(draft: Draft) -> str:
    return "letter" if draft.sheet.width > 211 else "A4"
