# ruff: noqa: E501  (tables of senders and letter text kept one entry per line)
"""The receiving practices and the senders of Saxony-Anhalt (and abroad)."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
        "Dr. med. Ulrike Kämmerer-Wendt und Dipl.-Med. Thomas Riedel",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
            "Dr. med. Ulrike Kämmerer-Wendt und Dipl.-Med. Thomas Riedel",
            "Gemeinschaftspraxis Dr. Kämmerer-Wendt / Riedel",
            "Gemeinschaftspraxis Kämmerer-Wendt/Riedel",
            "Praxis Dr. med. Kämmerer-Wendt",
        ],
        "doctor": "Dr. med. Ulrike Kämmerer-Wendt",
        "address": "Große Diesdorfer Straße 112, 39110 Magdeburg",
        "fax": "0391 7315528",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin/Innere)",
    },
    {
        "name": "Hausarztpraxis am Saaleufer",
        "names": [
            "Hausarztpraxis am Saaleufer",
            "Praxis am Saaleufer",
            "Hausarztpraxis Dr. Pfützner",
        ],
        "doctor": "Dr. med. Jens Pfützner",
        "address": "Mansfelder Straße 27, 06108 Halle (Saale)",
        "fax": "0345 2024417",
        "kind": "Hausarztpraxis",
    },
    {
        "name": "Praxis Dr. med. Katharina Osterloh",
        "names": [
            "Praxis Dr. med. Katharina Osterloh",
            "Praxis Dr. Osterloh",
            "Dr. med. K. Osterloh",
        ],
        "doctor": "Dr. med. Katharina Osterloh",
        "address": "Steinweg 41, 06484 Quedlinburg",
        "fax": "03946 701239",
        "kind": "Hausärztliche Einzelpraxis",
    },
]


def practice_lines(i: int) -> list[str]:
    """The address block a sender prints for practice i (several house styles)."""
    p = PRACTICES[i]
    street, city = str(p["address"]).split(", ")
    if i == 0:
        return [
            "Gemeinschaftspraxis für Allgemeinmedizin",
            "und Innere Medizin",
            "Dr. med. U. Kämmerer-Wendt / Dipl.-Med. T. Riedel",
            street,
            city,
        ]
    return [str(p["names"][0]), str(p["doctor"]), street, city]  # type: ignore[index]


# Each sender: name as printed, alternatives, street, city, phone, fax, fax machine style.
HOSPITALS = [
    ("Universitätsklinikum Magdeburg A.ö.R.", ["Universitätsklinikum Magdeburg", "UKMD"],
     "Leipziger Straße 44", "39120 Magdeburg", "0391 67-0", "0391 67-15290", "iso"),
    ("Universitätsklinikum Halle (Saale)", ["Universitätsmedizin Halle", "UKH"],
     "Ernst-Grube-Straße 40", "06120 Halle (Saale)", "0345 557-0", "0345 557-2236", "de"),
    ("Harzklinikum Dorothea Christiane Erxleben GmbH",
     ["Harzklinikum Dorothea Christiane Erxleben", "Harzklinikum", "Klinikum Quedlinburg"],
     "Ditfurter Weg 24", "06484 Quedlinburg", "03946 909-0", "03946 909-1155", "mon"),
    ("Städtisches Klinikum Dessau", ["Klinikum Dessau"],
     "Auenweg 38", "06847 Dessau-Roßlau", "0340 501-0", "0340 501-1256", "de"),
    ("Johanniter-Krankenhaus Genthin-Stendal gGmbH",
     ["Johanniter-Krankenhaus Stendal", "Johanniter-Krankenhaus Genthin-Stendal"],
     "Wendstraße 31", "39576 Hansestadt Stendal", "03931 66-0", "03931 66-1019", "iso"),
    ("AMEOS Klinikum Halberstadt", ["AMEOS Klinikum St. Salvator Halberstadt"],
     "Gleimstraße 5", "38820 Halberstadt", "03941 64-0", "03941 64-2210", "mon"),
    ("SRH Klinikum Burgenlandkreis", ["SRH Klinikum Naumburg", "Klinikum Burgenlandkreis"],
     "Humboldtstraße 31", "06618 Naumburg (Saale)", "03445 721-0", "03445 721-1609", "de"),
    ("Asklepios Klinik Weißenfels", ["Asklepios Weißenfels"],
     "Naumburger Straße 76", "06667 Weißenfels", "03443 40-0", "03443 40-1180", "iso"),
    ("Evangelisches Krankenhaus Paul Gerhardt Stift",
     ["Paul Gerhardt Stift", "Paul Gerhardt Diakonie Wittenberg"],
     "Paul-Gerhardt-Straße 42-45", "06886 Lutherstadt Wittenberg", "03491 50-0", "03491 50-4410", "de"),
    ("Krankenhaus St. Elisabeth und St. Barbara Halle (Saale) GmbH",
     ["Krankenhaus St. Elisabeth und St. Barbara", "Elisabeth-Krankenhaus Halle"],
     "Barbarastraße 4", "06110 Halle (Saale)", "0345 213-0", "0345 213-4455", "mon"),
    ("Altmark-Klinikum Krankenhaus Salzwedel", ["Altmark-Klinikum", "Krankenhaus Salzwedel"],
     "Brunnenstraße 1", "29410 Hansestadt Salzwedel", "03901 88-0", "03901 88-4190", "iso"),
]  # fmt: skip

DEPARTMENTS = [
    ("Klinik für Kardiologie und Angiologie", "Prof. Dr. med. Rüdiger Braun-Dullaeus", "Kardiologie"),
    ("Klinik für Innere Medizin I", "Dr. med. Steffen Kaltofen", "Innere Medizin"),
    ("Klinik für Neurologie", "Prof. Dr. med. Sabine Körtner", "Neurologie"),
    ("Klinik für Unfallchirurgie und Orthopädie", "Dr. med. Holger Wiesemann", "Unfallchirurgie"),
    ("Klinik für Gastroenterologie, Hepatologie und Infektiologie", "Prof. Dr. med. Jan Gerloff", "Gastroenterologie"),
    ("Klinik für Pneumologie", "Dr. med. Carola Straube", "Pneumologie"),
    ("Klinik für Geriatrie", "Dr. med. Friedemann Rauch", "Geriatrie"),
]  # fmt: skip

DIAGNOSES = [
    ("Hypertensive Herzkrankheit mit dekompensierter Herzinsuffizienz", "I11.00"),
    ("Ambulant erworbene Pneumonie rechts basal", "J18.9"),
    ("Diabetes mellitus Typ 2 mit Entgleisung", "E11.73"),
    ("Vorhofflimmern, paroxysmal", "I48.0"),
    ("Akuter ischämischer Schlaganfall im Mediastromgebiet links", "I63.5"),
    ("Pertrochantäre Femurfraktur links", "S72.10"),
    ("Exazerbierte COPD GOLD III", "J44.19"),
    ("Akute Cholezystitis bei Cholezystolithiasis", "K80.00"),
    ("Nicht-ST-Hebungsinfarkt", "I21.4"),
    ("Exsikkose bei Gastroenteritis", "E86"),
]

SPECIALISTS = [
    ("Kardiologische Gemeinschaftspraxis am Hasselbachplatz", "Dr. med. Andreas Pietzsch",
     "Hasselbachplatz 3", "39104 Magdeburg", "0391 5439-10", "0391 5439-11", "de", "Kardiologie"),
    ("Praxis für Orthopädie und Unfallchirurgie Dr. med. Mathias Grünert", "Dr. med. Mathias Grünert",
     "Leipziger Straße 88", "06108 Halle (Saale)", "0345 6823-0", "0345 6823-29", "iso", "Orthopädie"),
    ("Augenarztpraxis Dr. Friederike Lindner", "Dr. med. Friederike Lindner",
     "Marktstraße 7", "38855 Wernigerode", "03943 63210", "03943 63219", "mon", "Augenheilkunde"),
    ("Neurologische Praxis Dessau", "Dipl.-Med. Volker Hamann",
     "Kavalierstraße 44", "06844 Dessau-Roßlau", "0340 2204-0", "0340 2204-19", "de", "Neurologie"),
    ("HNO-Praxis Naumburg", "Dr. med. Birgit Steinbrecher",
     "Salzstraße 22", "06618 Naumburg (Saale)", "03445 77180", "03445 77181", "iso", "HNO-Heilkunde"),
    ("Hautarztpraxis Dr. med. Olaf Tietz", "Dr. med. Olaf Tietz",
     "Breite Straße 51", "39576 Hansestadt Stendal", "03931 21 44 0", "03931 21 44 29", "mon",
     "Dermatologie"),
]  # fmt: skip

LABS = [
    ("MVZ Labor Dessau GmbH", ["Labor Dessau"], "Bauhausstraße 13", "06844 Dessau-Roßlau", "0340 54055-0", "0340 54055-90", "iso"),
    ("Medizinisches Labor Ost MVZ Magdeburg", ["Labor Ost Magdeburg"], "Halberstädter Straße 115", "39112 Magdeburg", "0391 6233-0", "0391 6233-77", "de"),
    ("Laborpraxis Halle-Neustadt", ["Laborpraxis Halle"], "Am Bruchsee 2", "06122 Halle (Saale)", "0345 8061-40", "0345 8061-49", "mon"),
]  # fmt: skip

RADIOLOGY = [
    ("Radiologie am Universitätsplatz", ["Radiologische Praxis am Universitätsplatz"], "Universitätsplatz 10", "39104 Magdeburg", "0391 59789-0", "0391 59789-99", "de"),
    ("MVZ Radiologie Harz", ["Radiologie Harz", "MVZ Radiologie Harz Halberstadt"], "Gröperstraße 66", "38820 Halberstadt", "03941 6866-0", "03941 6866-20", "mon"),
    ("Radiologisches Zentrum Burgenlandkreis", ["Radiologie Weißenfels"], "Promenade 12", "06667 Weißenfels", "03443 3391-0", "03443 3391-33", "iso"),
]  # fmt: skip

MONTHS_DE = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
             "September", "Oktober", "November", "Dezember"]  # fmt: skip
MONTHS_DE_ABBR = [
    "JAN",
    "FEB",
    "MRZ",
    "APR",
    "MAI",
    "JUN",
    "JUL",
    "AUG",
    "SEP",
    "OKT",
    "NOV",
    "DEZ",
]
MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]  # fmt: skip
MONTHS_NL = ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus",
             "september", "oktober", "november", "december"]  # fmt: skip
MONTHS_PL = ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia",
             "września", "października", "listopada", "grudnia"]  # fmt: skip
MONTHS_CZ = ["ledna", "února", "března", "dubna", "května", "června", "července", "srpna",
             "září", "října", "listopadu", "prosince"]  # fmt: skip


def fmt(d: dt.date, style: str) -> str:
    if style == "dot":
        return f"{d.day:02d}.{d.month:02d}.{d.year}"
    if style == "dots":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "yy":
        return f"{d.day:02d}.{d.month:02d}.{d.year % 100:02d}"
    if style == "long":
        return f"{d.day}. {MONTHS_DE[d.month - 1]} {d.year}"
    if style == "iso":
        return d.isoformat()
    if style == "en":
        return f"{d.day} {MONTHS_EN[d.month - 1]} {d.year}"
    if style == "gb":
        return f"{d.day:02d}/{d.month:02d}/{d.year}"
    if style == "nl":
        return f"{d.day} {MONTHS_NL[d.month - 1]} {d.year}"
    if style == "nldash":
        return f"{d.day:02d}-{d.month:02d}-{d.year}"
    if style == "pl":
        return f"{d.day} {MONTHS_PL[d.month - 1]} {d.year}"
    if style == "cz":
        return f"{d.day}. {d.month}. {d.year}"
    if style == "czlong":
        return f"{d.day}. {MONTHS_CZ[d.month - 1]} {d.year}"
    raise ValueError(style)
