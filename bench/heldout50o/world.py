"""The world of set 50o: receiving practices, fonts, and how dates are printed."""

from __future__ import annotations

import datetime as dt

_DV = "/usr/share/fonts/truetype/dejavu/"
# DejaVu only: Liberation's cmaps share a glyph between hyphen and soft hyphen, space and
# no-break space, so its text layer does not read back as written.
FONTS: dict[str, str] = {
    "sans": _DV + "DejaVuSans.ttf",
    "sansb": _DV + "DejaVuSans-Bold.ttf",
    "cond": _DV + "DejaVuSansCondensed.ttf",
    "condb": _DV + "DejaVuSansCondensed-Bold.ttf",
    "serif": _DV + "DejaVuSerif.ttf",
    "serifb": _DV + "DejaVuSerif-Bold.ttf",
    "lsans": _DV + "DejaVuSerifCondensed.ttf",
    "lsansb": _DV + "DejaVuSerifCondensed-Bold.ttf",
    "mono": _DV + "DejaVuSansMono.ttf",
    "monob": _DV + "DejaVuSansMono-Bold.ttf",
    # the stand-in for handwriting (no script font is installed)
    "hand": _DV + "DejaVuSerifCondensed-Italic.ttf",
}

PRACTICES: list[dict[str, object]] = [
    {
        "key": "dortmund",
        "name": "Hausarztpraxis am Westpark",
        "names": [
            "Hausarztpraxis am Westpark",
            "Gemeinschaftspraxis am Westpark",
            "Praxis Dr. Brinkhoff & Kollegen",
        ],
        "doctor": "Dr. med. Jörg Brinkhoff",
        "salutation": "Sehr geehrter Herr Kollege Brinkhoff,",
        "address": ["Rheinische Straße 144", "44137 Dortmund"],
        "fax": "0231 9144 7720",
        "kind": "Hausarztpraxis (Gemeinschaftspraxis, vier Ärztinnen und Ärzte)",
        "city": "Dortmund",
    },
    {
        "key": "frankfurt",
        "name": (
            "Medizinisches Versorgungszentrum für Allgemeinmedizin und Innere Medizin "
            "Frankfurt-Bornheim GmbH"
        ),
        "names": [
            "Medizinisches Versorgungszentrum für Allgemeinmedizin und Innere Medizin "
            "Frankfurt-Bornheim GmbH",
            "MVZ für Allgemeinmedizin und Innere Medizin Frankfurt-Bornheim",
            "MVZ Frankfurt-Bornheim",
            "MVZ Bornheim",
        ],
        "doctor": "Dr. med. Aylin Karadeniz-Wolf",
        "salutation": "Sehr geehrte Frau Kollegin Karadeniz-Wolf,",
        "address": ["Berger Straße 211", "60385 Frankfurt am Main"],
        "fax": "069 4800 3319",
        "kind": "Medizinisches Versorgungszentrum (Hausärztliche und internistische Versorgung)",
        "city": "Frankfurt am Main",
    },
    {
        "key": "ortenberg",
        "name": "Landarztpraxis Dr. med. Henrike Stöcker",
        "names": [
            "Landarztpraxis Dr. med. Henrike Stöcker",
            "Landarztpraxis Ortenberg",
            "Praxis Dr. Stöcker",
        ],
        "doctor": "Dr. med. Henrike Stöcker",
        "salutation": "Sehr geehrte Frau Dr. Stöcker,",
        "address": ["Lauterbacher Straße 9", "63683 Ortenberg"],
        "fax": "06046 95 18 22",
        "kind": "Hausarztpraxis auf dem Land (Einzelpraxis, Wetteraukreis)",
        "city": "Ortenberg",
    },
]


# Address block lines as each practice's correspondents write them (window envelope).
def recipient_block(p: dict[str, object], variant: int) -> list[str]:
    addr = [str(a) for a in p["address"]]  # type: ignore[attr-defined]
    key = p["key"]
    if key == "frankfurt":
        heads = [
            [
                "Medizinisches Versorgungszentrum für Allgemeinmedizin",
                "und Innere Medizin Frankfurt-Bornheim GmbH",
                str(p["doctor"]),
            ],
            ["MVZ Frankfurt-Bornheim", "Frau Dr. med. Aylin Karadeniz-Wolf"],
            ["MVZ Bornheim", "z. Hd. Frau Dr. Karadeniz-Wolf"],
        ]
    elif key == "dortmund":
        heads = [
            ["Hausarztpraxis am Westpark", "Herrn Dr. med. Jörg Brinkhoff"],
            ["Gemeinschaftspraxis am Westpark", "Dr. med. J. Brinkhoff und Kollegen"],
            ["Praxis Dr. Brinkhoff & Kollegen"],
        ]
    else:
        heads = [
            ["Landarztpraxis Dr. med. Henrike Stöcker"],
            ["Frau", "Dr. med. Henrike Stöcker", "Landarztpraxis Ortenberg"],
            ["Praxis Dr. Stöcker"],
        ]
    chosen: list[str] = heads[variant % len(heads)]
    return chosen + addr


MONTHS_DE = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
MONTHS_DE_ABBR = [
    "Jan.",
    "Feb.",
    "März",
    "Apr.",
    "Mai",
    "Juni",
    "Juli",
    "Aug.",
    "Sept.",
    "Okt.",
    "Nov.",
    "Dez.",
]
MONTHS = {
    "tr": [
        "Ocak",
        "Şubat",
        "Mart",
        "Nisan",
        "Mayıs",
        "Haziran",
        "Temmuz",
        "Ağustos",
        "Eylül",
        "Ekim",
        "Kasım",
        "Aralık",
    ],
    "sr": [
        "januar",
        "februar",
        "mart",
        "april",
        "maj",
        "jun",
        "jul",
        "avgust",
        "septembar",
        "oktobar",
        "novembar",
        "decembar",
    ],
    "sr-cyr": [
        "јануар",
        "фебруар",
        "март",
        "април",
        "мај",
        "јун",
        "јул",
        "август",
        "септембар",
        "октобар",
        "новембар",
        "децембар",
    ],
    "bs": [
        "januara",
        "februara",
        "marta",
        "aprila",
        "maja",
        "juna",
        "jula",
        "augusta",
        "septembra",
        "oktobra",
        "novembra",
        "decembra",
    ],
    "ro": [
        "ianuarie",
        "februarie",
        "martie",
        "aprilie",
        "mai",
        "iunie",
        "iulie",
        "august",
        "septembrie",
        "octombrie",
        "noiembrie",
        "decembrie",
    ],
    "bg": [
        "януари",
        "февруари",
        "март",
        "април",
        "май",
        "юни",
        "юли",
        "август",
        "септември",
        "октомври",
        "ноември",
        "декември",
    ],
    "el": [
        "Ιανουαρίου",
        "Φεβρουαρίου",
        "Μαρτίου",
        "Απριλίου",
        "Μαΐου",
        "Ιουνίου",
        "Ιουλίου",
        "Αυγούστου",
        "Σεπτεμβρίου",
        "Οκτωβρίου",
        "Νοεμβρίου",
        "Δεκεμβρίου",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}
WEEKDAYS_DE = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
WEEKDAYS_EN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def fmt(d: dt.date, style: str) -> str:
    """A date as a letter of the given style prints it."""
    dd, mm, y = d.day, d.month, d.year
    if style == "de":
        return f"{dd:02d}.{mm:02d}.{y}"
    if style == "de1":
        return f"{dd}.{mm}.{y}"
    if style == "de_long":
        return f"{dd}. {MONTHS_DE[mm - 1]} {y}"
    if style == "de_long0":
        return f"{dd:02d}. {MONTHS_DE[mm - 1]} {y}"
    if style == "de_abbr":
        return f"{dd:02d}. {MONTHS_DE_ABBR[mm - 1]} {y}"
    if style == "de_stamp":
        return f"{dd:02d}. {MONTHS_DE_ABBR[mm - 1].rstrip('.').upper()[:3]}. {y}"
    if style == "de_yy":
        return f"{dd:02d}.{mm:02d}.{y % 100:02d}"
    if style == "iso":
        return f"{y}-{mm:02d}-{dd:02d}"
    if style == "sr":
        return f"{dd:02d}.{mm:02d}.{y}."
    if style in ("sr_long", "sr-cyr_long", "bs_long"):
        return f"{dd}. {MONTHS[style[:-5]][mm - 1]} {y}."
    if style in ("tr_long", "ro_long", "nl_long", "el_long"):
        return f"{dd} {MONTHS[style[:2]][mm - 1]} {y}"
    if style == "bg":
        return f"{dd:02d}.{mm:02d}.{y} г."
    if style == "bg_long":
        return f"{dd} {MONTHS['bg'][mm - 1]} {y} г."
    if style == "slash":
        return f"{dd:02d}/{mm:02d}/{y}"
    if style == "dash":
        return f"{dd:02d}-{mm:02d}-{y}"
    if style == "fr_long":
        day = "1er" if dd == 1 else str(dd)
        return f"{day} {MONTHS['fr'][mm - 1]} {y}"
    if style == "en_long":
        return f"{dd} {MONTHS['en'][mm - 1]} {y}"
    if style == "us":
        return f"{mm:02d}/{dd:02d}/{y}"
    if style == "us_long":
        return f"{MONTHS['en'][mm - 1]} {dd}, {y}"
    if style == "mail_de":
        return f"{WEEKDAYS_DE[d.weekday()]}, {dd:02d} {MONTHS_DE_ABBR[mm - 1].rstrip('.')} {y}"
    if style == "mail_en":
        return f"{WEEKDAYS_EN[d.weekday()]}, {dd} {MONTHS['en'][mm - 1][:3]} {y}"
    raise ValueError(style)


def fax_stamp(t: dt.datetime, style: int) -> str:
    """The date and time of a fax header line."""
    if style == 0:
        return f"{t.day:02d}.{t.month:02d}.{t.year} {t.hour:02d}:{t.minute:02d}"
    if style == 1:
        return f"{t.day:02d}.{t.month:02d}.{t.year % 100:02d} {t.hour:02d}:{t.minute:02d}"
    return f"{t.year}-{t.month:02d}-{t.day:02d} {t.hour:02d}:{t.minute:02d}"
