# SPDX-License-Identifier: AGPL-3.0-or-later
"""Handwritten notes (no printed text at all) and mixed pages (a typed letter with short handwritten
additions). Handwriting is glyph-by-glyph jittered type in block, upright, slanted and print hands
(readable, its words are the mark's `text`) or cursive scribble (unreadable, no `text`)."""

from __future__ import annotations

import random

from compose import Composer, Style
from letters import RED, Built
from render import PEN_BLACK, PEN_BLUE, Page, handwriting_line

NOTES = [
    (
        "block",
        PEN_BLACK,
        "plain",
        ["RÜCKRUF FR. KESSLER", "BZGL. MRT KNIE LI.", "TERMIN DO 14 UHR?", "TEL 0711 / 48 22 90"],
    ),
    (
        "slanted",
        PEN_BLUE,
        "lined",
        [
            "Herr Gündoğdu hat angerufen,",
            "Rezept Ramipril 5 mg fehlt noch",
            "bitte bis Freitag faxen",
            "an Apotheke am Markt",
            "- Dr. S.",
        ],
    ),
    (
        "upright",
        PEN_BLUE,
        "squared",
        [
            "Mrs O'Leary - INR 3.8 today",
            "hold warfarin 1 night,",
            "recheck Monday",
            "phoned daughter 11:40",
        ],
    ),
    (
        "cursive",
        PEN_BLACK,
        "plain",
        [
            "Liebe Kollegin vielen Dank",
            "für die rasche Übernahme",
            "der Patientin",
            "herzliche Grüße",
            "Ihr Matthias",
        ],
    ),
]


def paper(page: Page, kind: str) -> None:
    """Printed rules of lined or squared paper (marks of type rule, no text)."""
    if kind == "lined":
        for i in range(26):
            y = 90 + i * 26
            page.rule(40, y, 555, y, 0.5, (150, 170, 215))
        page.rule(70, 60, 70, 770, 0.6, (220, 120, 120))
    elif kind == "squared":
        for i in range(0, 130):
            y = 40 + i * 5.67
            if y > 800:
                break
            page.rule(30, y, 565, y, 0.3, (175, 200, 205), mark=None)
        for j in range(0, 95):
            x = 30 + j * 5.67
            if x > 565:
                break
            page.rule(x, 40, x, 800, 0.3, (175, 200, 205), mark=None)
        page.marks.append(
            {"type": "rule", "box": [30 * 300 / 72, 40 * 300 / 72, 565 * 300 / 72, 800 * 300 / 72]}
        )


def note(rng: random.Random, index: int) -> Built:
    hand, color, ground, texts = NOTES[index]
    page = Page(number=1)
    paper(page, ground)
    y = 110.0 if ground != "lined" else 66.0
    for text in texts:
        image = handwriting_line(rng, text, rng.choice([16, 18, 20]), hand, color)
        page.layer(
            image,
            80 + rng.uniform(-8, 8),
            y,
            "handwriting",
            None if hand == "cursive" else text,
            hand=hand,
        )
        y += 52 if ground == "lined" else rng.uniform(48, 62)
    return Built([page], "handwritten_note", "de" if index in (0, 1, 3) else "en", "", [])


MIXED = [
    ("DE", "slanted", ["Bitte Kalium in 3 Tagen kontrollieren!", "Pat. informiert - W."]),
    ("GB", "block", ["Seen - agree with plan", "F.G. 14/3"]),
    ("AT", "upright", ["Befund an Pat. mitgegeben", "Kopie Hausarzt ok"]),
]


def mixed(rng: random.Random, index: int) -> Built:
    country, hand, written = MIXED[index]
    german = country != "GB"
    style = Style(
        "liberation-sans" if german else "dejavu-serif", 10.0, "centered", (40, 60, 110), 62.0, 1.35
    )
    footer = [
        "Praxis Dr. Amrein-Vukovic · Tel. 0711 / 12 34 56"
        if german
        else "Clifton Village Surgery · Tel: 0117 496 0100"
    ]
    c = Composer(rng, style, "de" if german else "en", "", footer)
    c.letterhead(
        "Hausarztpraxis am Weinsteig" if german else "Clifton Village Surgery",
        "Allgemeinmedizin · Diabetologie" if german else "General Practice",
        [],
        "cross",
    )
    if country == "AT":
        c.subject(
            [
                "Schilddrüsenbefund – bitte abzeichnen",
                "Patientin: Kreuzberger-Haas, Ilse · geb. 19.08.1944",
            ]
        )
        c.para("TSH 0,08 mU/l (0,27 - 4,20), fT4 2,31 ng/dl (0,93 - 1,70), TRAK negativ.")
        c.para("Sonographie: Knotenstruma mit autonomem Adenom rechts 18 mm; Hyperthyreose.")
        terms = [
            "Kreuzberger-Haas",
            "19.08.1944",
            "Hyperthyreose",
            "0,08 mU/l",
            "TRAK",
            "Knotenstruma",
        ]
    elif german:
        c.subject(["Laborbefund zur Kenntnis", "Patient: Gündoğdu, Mehmet · geb. 04.04.1957"])
        c.para("Kalium 5,7 mmol/l (Referenz 3,5 - 5,1), Kreatinin 1,94 mg/dl, eGFR 34 ml/min.")
        c.para("Unter Ramipril 5 mg und Spironolacton 25 mg; Hyperkaliämie leichtgradig.")
        terms = [
            "Gündoğdu",
            "04.04.1957",
            "Hyperkaliämie",
            "5,7 mmol/l",
            "Ramipril",
            "Spironolacton",
        ]
    else:
        c.subject(["Results for review", "Patient: Mrs Bríd O'Leary · DOB 12/06/1939"])
        c.para("INR 3.8 (target 2.0 - 3.0) on warfarin 4 mg daily; haemoglobin 118 g/l.")
        c.para("No bleeding reported. Hypertension controlled on amlodipine 5 mg.")
        terms = ["O'Leary", "12/06/1939", "warfarin", "INR 3.8", "amlodipine", "Hypertension"]
    y = c.y + 30
    for text in written:
        image = handwriting_line(rng, text, 17, hand, PEN_BLUE if index != 1 else RED)
        c.page.layer(image, 120 + rng.uniform(0, 40), y, "handwriting", text, hand=hand)
        y += 48
    return Built(
        c.finish(),
        "annotated_result",
        "de" if german else "en",
        {"DE": "Mehmet Gündoğdu", "AT": "Ilse Kreuzberger-Haas", "GB": "Bríd O'Leary"}[country],
        terms,
    )
