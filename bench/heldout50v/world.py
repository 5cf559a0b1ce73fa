"""The region's vocabulary: practices, dates in each language, names, diagnoses."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Kröpeliner Tor "
        "Dr. med. Ulrike Brandenburg-Tessin und Jens-Ole Petersen",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Kröpeliner Tor "
            "Dr. med. Ulrike Brandenburg-Tessin und Jens-Ole Petersen",
            "Gemeinschaftspraxis am Kröpeliner Tor",
            "Praxis Dr. Brandenburg-Tessin & Petersen",
            "Dr. med. Ulrike Brandenburg-Tessin",
            "Jens-Ole Petersen",
        ],
        "doctor": "Dr. med. Ulrike Brandenburg-Tessin",
        "address": "Kröpeliner Straße 88, 18055 Rostock",
        "fax": "0381 4903317",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin/Innere Medizin)",
        "short": "Praxis am Kröpeliner Tor",
    },
    {
        "name": "Hausarztpraxis Dr. med. Malte Gützlaff",
        "names": [
            "Hausarztpraxis Dr. med. Malte Gützlaff",
            "Praxis Dr. Gützlaff",
            "Dr. med. Malte Gützlaff",
        ],
        "doctor": "Dr. med. Malte Gützlaff",
        "address": "Karl-Marx-Platz 4, 17489 Greifswald",
        "fax": "03834 771209",
        "kind": "Einzelpraxis (Allgemeinmedizin)",
        "short": "Praxis Dr. Gützlaff",
    },
    {
        "name": "Landarztpraxis Insel Usedom",
        "names": [
            "Landarztpraxis Insel Usedom",
            "Praxis Kowalczyk",
            "Birte Kowalczyk",
        ],
        "doctor": "Birte Kowalczyk",
        "address": "Waldstraße 3, 17424 Seebad Heringsdorf",
        "fax": "038378 22914",
        "kind": "Landarztpraxis (Allgemeinmedizin)",
        "short": "Praxis Kowalczyk",
    },
]

MONTHS = {
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "pl": "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "sv": "januari februari mars april maj juni juli augusti september oktober november december",
    "da": "januar februar marts april maj juni juli august september oktober november december",
    "et": "jaanuar veebruar märts aprill mai juuni juuli august september oktoober november "
    "detsember",
    "lv": "janvārī februārī martā aprīlī maijā jūnijā jūlijā augustā septembrī oktobrī novembrī "
    "decembrī",
    "ru": "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "en": "January February March April May June July August September October November December",
}


def fmt(d: dt.date, conv: str, style: str) -> str:
    """A date as the sender's convention prints it."""
    m = MONTHS.get(conv, MONTHS["de"]).split()
    if style == "num":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "short":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "yy":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style == "iso":
        return d.isoformat()
    if style == "slash":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style == "long":
        if conv in ("de", "da", "et"):
            return f"{d.day}. {m[d.month - 1]} {d.year}"
        if conv == "lv":
            return f"{d.year}. gada {d.day}. {m[d.month - 1]}"
        if conv == "vi":
            return f"ngày {d.day} tháng {d.month} năm {d.year}"
        return f"{d.day} {m[d.month - 1]} {d.year}"
    if style == "dmon":
        mon = MONTHS["en"].split()[d.month - 1][:3].upper()
        return f"{d.day:02d}-{mon}-{d.year}"
    raise ValueError(style)


# name spellings in other scripts / with the original diacritics
CYRILLIC = {
    "Iwanowa": "Иванова",
    "Olga": "Ольга",
    "Petrow": "Петров",
    "Sergej": "Сергей",
}
VIET = {
    "Nguyen": "Nguyễn",
    "Thi": "Thị",
    "Lan": "Lan",
    "Tran": "Trần",
    "Van": "Văn",
    "Hung": "Hùng",
    "Pham": "Phạm",
    "Minh": "Minh",
    "Duc": "Đức",
    "Hoa": "Hoa",
}

DIAG = [
    ("Ambulant erworbene Pneumonie rechts basal", "J18.9"),
    ("Arterielle Hypertonie", "I10.90"),
    ("Diabetes mellitus Typ 2, nicht insulinpflichtig", "E11.90"),
    ("Vorhofflimmern, paroxysmal", "I48.0"),
    ("Chronische obstruktive Lungenerkrankung GOLD 2", "J44.99"),
    ("Akute Cholezystitis", "K81.0"),
    ("Distale Radiusfraktur links", "S52.51"),
    ("Lumbale Spinalkanalstenose L4/5", "M48.06"),
    ("Hypothyreose", "E03.9"),
    ("Eisenmangelanämie", "D50.9"),
    ("Erysipel Unterschenkel rechts", "A46"),
    ("Gonarthrose beidseits", "M17.0"),
]
DOCTORS = [
    "Dr. med. Henning Lüdtke",
    "Dr. med. Sandra Wollin",
    "PD Dr. med. Kai Reinholz",
    "Dr. med. Anja Peckholz",
    "Prof. Dr. med. Gerd Hagemeister",
    "Dipl.-Med. Rolf Zühlsdorf",
    "Dr. med. Friederike Stolle",
    "Dr. med. univ. Paweł Mazur",
]
