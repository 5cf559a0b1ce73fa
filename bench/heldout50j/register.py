"""The receiving practices' patient register (about 300 patients) and its three exports.

Names are in ISO 8859-1, as a GDT system keeps them (Yilmaz, Wisniewska).

Invented people of northern Germany and the Danish border, with deliberate collisions: two
different people of the same name and birth date, twins, a name change whose old name another
patient now carries, umlaut and ae/oe/ue spellings that are different people.
"""

from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

SEED = 5090177

FIELDS = [
    "id",
    "surname",
    "given_names",
    "birth_name",
    "former_names",
    "title",
    "birth_date",
    "sex",
    "street",
    "postcode",
    "city",
    "country",
    "collision",
    "collision_group",
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: date
    sex: str  # "M" or "F"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


SURNAMES = [
    "Petersen",
    "Hansen",
    "Jensen",
    "Carstensen",
    "Thomsen",
    "Nissen",
    "Paulsen",
    "Lorenzen",
    "Brodersen",
    "Christiansen",
    "Martensen",
    "Sönnichsen",
    "Jürgensen",
    "Feddersen",
    "Ketelsen",
    "Hinrichsen",
    "Boysen",
    "Clausen",
    "Friedrichsen",
    "Andresen",
    "Ingwersen",
    "Schmidt",
    "Schröder",
    "Müller",
    "Möller",
    "Köhler",
    "Krüger",
    "Böhm",
    "Jäger",
    "Schütt",
    "Stöver",
    "Wöhlk",
    "Grün",
    "Hübner",
    "Meyer",
    "Voß",
    "Kruse",
    "Lange",
    "Wulf",
    "Reimers",
    "Claußen",
    "Thießen",
    "Witt",
    "Heß",
    "Groß",
    "Strauß",
    "Matthiesen",
    "Asmussen",
    "Bahnsen",
    "Lüthje",
    "Rathje",
    "Dethlefsen",
    "Ohlsen",
    "Tadsen",
    "Momsen",
    "Nielsen",
    "Sørensen",
    "Kowalski",
    "Nowak",
    "Wisniewska",
    "Zielinski",
    "Lewandowska",
    "Yilmaz",
    "Kaya",
    "Demir",
    "Öztürk",
    "Çelik",
    "Haddad",
    "Al-Khatib",
    "Nasser",
    "Hamdan",
    "von Holstein",
    "van der Meer",
    "de Vries",
    "von Ahlefeldt",
    "Schulze-Hansen",
    "Meyer-Lüders",
    "Brandt",
    "Lassen",
    "Bruhn",
    "Rohwer",
    "Stamer",
    "Harms",
    "Rieck",
    "Timm",
    "Gosch",
    "Jöhnk",
    "Ehlers",
    "Quedens",
]
GIVEN_F = [
    "Anna",
    "Inge",
    "Karin",
    "Helga",
    "Kirsten",
    "Birte",
    "Wiebke",
    "Maren",
    "Frauke",
    "Silke",
    "Anke",
    "Heike",
    "Gesche",
    "Elke",
    "Ingrid",
    "Lena",
    "Marie",
    "Sophie",
    "Jule",
    "Hanna",
    "Mette",
    "Sigrid",
    "Agnieszka",
    "Katarzyna",
    "Ayse",
    "Fatma",
    "Leyla",
    "Rania",
    "Noor",
    "Ursula",
    "Brigitte",
    "Gisela",
    "Doris",
    "Renate",
    "Tanja",
    "Nele",
    "Merle",
    "Jördis",
    "Käthe",
    "Hannelore",
    "Margarethe",
    "Dörte",
    "Gönül",
    "Zofia",
    "Malgorzata",
]
GIVEN_M = [
    "Hans",
    "Peter",
    "Jan",
    "Uwe",
    "Holger",
    "Jörn",
    "Sönke",
    "Hauke",
    "Knut",
    "Broder",
    "Momme",
    "Ole",
    "Nils",
    "Lars",
    "Jens",
    "Dirk",
    "Thies",
    "Volker",
    "Jürgen",
    "Günther",
    "Klaus",
    "Heinz",
    "Björn",
    "Finn",
    "Mads",
    "Piotr",
    "Tomasz",
    "Mehmet",
    "Ahmet",
    "Murat",
    "Omar",
    "Karim",
    "Yusuf",
    "Bernd",
    "Frank",
    "Torben",
    "Arne",
    "Okke",
    "Boy",
    "Jakob",
    "Wojciech",
    "Kjeld",
    "Gerd",
    "Rüdiger",
    "Lütje",
]
SECOND_F = ["Marie", "Luise", "Christine", "Elisabeth", "Johanna", "Sophie", "Katharina"]
SECOND_M = ["Peter", "Christian", "Friedrich", "Wilhelm", "Heinrich", "Jakob", "Johannes"]
PLACES = [
    ("24937", "Flensburg"),
    ("24939", "Flensburg"),
    ("24941", "Flensburg"),
    ("24943", "Flensburg"),
    ("20249", "Hamburg"),
    ("20251", "Hamburg"),
    ("22765", "Hamburg"),
    ("22529", "Hamburg"),
    ("25813", "Husum"),
    ("25821", "Bredstedt"),
    ("25899", "Niebüll"),
    ("25980", "Sylt"),
    ("24837", "Schleswig"),
    ("24103", "Kiel"),
    ("24143", "Kiel"),
    ("23552", "Lübeck"),
    ("24534", "Neumünster"),
    ("24955", "Harrislee"),
    ("24960", "Glücksburg"),
]
STREETS = [
    "Norderstraße",
    "Große Straße",
    "Friesische Straße",
    "Mürwiker Straße",
    "Osterallee",
    "Eppendorfer Weg",
    "Hoheluftchaussee",
    "Süderstraße",
    "Schiffbrücke",
    "Holmer Straße",
    "Am Sandwall",
    "Dorfstraße",
    "Deichweg",
    "Marschweg",
    "Bahnhofstraße",
    "Kieler Straße",
    "Heider Weg",
    "Lornsenstraße",
    "Strandstraße",
    "Ostseebadweg",
    "Tarper Weg",
    "Lange Reihe",
]


def _street(rng: random.Random) -> str:
    return f"{rng.choice(STREETS)} {rng.randint(1, 140)}{rng.choice(['', '', '', 'a', 'b'])}"


def _birth(rng: random.Random, lo: int = 1928, hi: int = 2019) -> date:
    start = date(lo, 1, 1)
    return start + timedelta(days=rng.randint(0, (date(hi, 12, 31) - start).days))


def _special(rng: random.Random) -> list[Patient]:
    """The collision groups, written by hand."""
    hf = ("24937", "Flensburg")
    out = [
        # Same name, same birth date, different people (different addresses).
        Patient(
            "",
            "Jensen",
            "Hans Peter",
            date(1958, 4, 12),
            "M",
            "Norderstraße 17",
            *hf,
            collision="same_name_same_birth",
            collision_group="g001",
        ),
        Patient(
            "",
            "Jensen",
            "Hans Peter",
            date(1958, 4, 12),
            "M",
            "Dorfstraße 3",
            "25821",
            "Bredstedt",
            collision="same_name_same_birth",
            collision_group="g001",
        ),
        # Twins: same surname, birth date and address.
        Patient(
            "",
            "Petersen",
            "Lena",
            date(2011, 9, 23),
            "F",
            "Deichweg 8",
            "25813",
            "Husum",
            collision="twin",
            collision_group="g002",
        ),
        Patient(
            "",
            "Petersen",
            "Lea",
            date(2011, 9, 23),
            "F",
            "Deichweg 8",
            "25813",
            "Husum",
            collision="twin",
            collision_group="g002",
        ),
        Patient(
            "",
            "Öztürk",
            "Emre",
            date(1996, 2, 29),
            "M",
            "Tarper Weg 41",
            *hf,
            collision="twin",
            collision_group="g003",
        ),
        Patient(
            "",
            "Öztürk",
            "Eren",
            date(1996, 2, 29),
            "M",
            "Tarper Weg 41",
            *hf,
            collision="twin",
            collision_group="g003",
        ),
        # A name change: born Hansen, married Schröder; another Anna Hansen is a patient too.
        Patient(
            "",
            "Schröder",
            "Anna",
            date(1979, 6, 3),
            "F",
            "Lange Reihe 5",
            "20251",
            "Hamburg",
            birth_name="Hansen",
            former_names=["Hansen"],
            collision="name_change",
            collision_group="g004",
        ),
        Patient(
            "",
            "Hansen",
            "Anna",
            date(1984, 11, 30),
            "F",
            "Osterallee 120",
            *hf,
            collision="name_change_old_name",
            collision_group="g004",
        ),
        # Umlaut and transliteration spellings that are different people.
        Patient(
            "",
            "Müller",
            "Jürgen",
            date(1949, 1, 7),
            "M",
            "Heider Weg 12",
            "25899",
            "Niebüll",
            collision="umlaut_spelling",
            collision_group="g005",
        ),
        Patient(
            "",
            "Mueller",
            "Juergen",
            date(1971, 8, 19),
            "M",
            "Eppendorfer Weg 230",
            "20249",
            "Hamburg",
            collision="umlaut_spelling",
            collision_group="g005",
        ),
        Patient(
            "",
            "Möller",
            "Käthe",
            date(1938, 3, 15),
            "F",
            "Große Straße 66",
            *hf,
            collision="umlaut_spelling",
            collision_group="g006",
        ),
        Patient(
            "",
            "Moeller",
            "Kaethe",
            date(1941, 12, 2),
            "F",
            "Strandstraße 2",
            "24960",
            "Glücksburg",
            collision="umlaut_spelling",
            collision_group="g006",
        ),
        # A name change by divorce (double name dropped).
        Patient(
            "",
            "Wulf",
            "Birte",
            date(1968, 5, 21),
            "F",
            "Holmer Straße 9",
            *hf,
            former_names=["Meyer-Wulf"],
            birth_name="Wulf",
            collision="name_change",
            collision_group="g007",
        ),
        # Same name, different birth dates.
        Patient(
            "",
            "Yilmaz",
            "Mehmet",
            date(1962, 7, 1),
            "M",
            "Kieler Straße 77",
            "24534",
            "Neumünster",
            collision="same_name",
            collision_group="g008",
        ),
        Patient(
            "",
            "Yilmaz",
            "Mehmet",
            date(1990, 10, 14),
            "M",
            "Hoheluftchaussee 19",
            "20251",
            "Hamburg",
            collision="same_name",
            collision_group="g008",
        ),
        # A Danish resident across the border, with a title and a particle name.
        Patient(
            "",
            "Sørensen",
            "Mette Kirstine",
            date(1955, 11, 4),
            "F",
            "Torvet 4",
            "6330",
            "Padborg",
            country="DK",
        ),
        Patient(
            "",
            "von Ahlefeldt",
            "Friedrich Wilhelm",
            date(1944, 2, 18),
            "M",
            "Schloßweg 1",
            "24960",
            "Glücksburg",
            title="Prof. Dr.",
        ),
        Patient("", "van der Meer", "Johanna", date(1987, 7, 30), "F", "Schiffbrücke 40", *hf),
        Patient(
            "",
            "Schulze-Hansen",
            "Gesche",
            date(1961, 11, 12),
            "F",
            "Lornsenstraße 22",
            "24837",
            "Schleswig",
            title="Dr.",
        ),
        Patient("", "Al-Khatib", "Rania", date(1992, 4, 5), "F", "Mürwiker Straße 100", *hf),
        Patient(
            "",
            "Wisniewska",
            "Malgorzata",
            date(1975, 1, 27),
            "F",
            "Kieler Straße 5",
            "24103",
            "Kiel",
        ),
        Patient("", "Thießen", "Broder", date(1952, 8, 8), "M", "Marschweg 2", "25899", "Niebüll"),
        Patient("", "Quedens", "Boy", date(1939, 10, 1), "M", "Strandstraße 21", "25980", "Sylt"),
    ]
    return out


def build() -> list[Patient]:
    rng = random.Random(SEED)
    people = _special(rng)
    seen = {(p.surname, p.given_names, p.birth_date) for p in people}
    while len(people) < 300:
        sex = rng.choice("MF")
        given = rng.choice(GIVEN_M if sex == "M" else GIVEN_F)
        if rng.random() < 0.25:
            second = rng.choice(SECOND_M if sex == "M" else SECOND_F)
            if second != given:
                given = f"{given} {second}"
        surname = rng.choice(SURNAMES)
        birth = _birth(rng)
        key = (surname, given, birth)
        if key in seen or surname in {"Mueller", "Moeller"}:
            continue
        # no accidental extra collisions: a (surname, given) of a collision group stays unique
        if any(p.collision and p.surname == surname and p.given_names == given for p in people):
            continue
        seen.add(key)
        pc, city = rng.choice(PLACES)
        title = rng.choice(["", "", "", "", "", "", "", "", "Dr.", "Dipl.-Ing."])
        birth_name = ""
        former: list[str] = []
        if sex == "F" and rng.random() < 0.12:
            birth_name = rng.choice(SURNAMES)
            if birth_name != surname:
                former = [birth_name]
            else:
                birth_name = ""
        people.append(
            Patient(
                "",
                surname,
                given,
                birth,
                sex,
                _street(rng),
                pc,
                city,
                title=title,
                birth_name=birth_name,
                former_names=former,
            )
        )
    ids = rng.sample(range(100000, 999999), len(people))
    order = list(range(len(people)))
    rng.shuffle(order)
    for idx, p in zip(order, people, strict=True):
        p.id = str(ids[idx])
    people.sort(key=lambda p: p.id)
    return people


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def _gdt_line(fid: str, content: str) -> bytes:
    body = (fid + content).encode("iso-8859-1", errors="replace")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    head = _gdt_line("8000", "6301")
    rest = b"".join(_gdt_line(f, c) for f, c in fields)
    length_line_len = 3 + 4 + 5 + 2  # LLL + 8100 + 5 digits + CRLF
    total = len(head) + length_line_len + len(rest)
    return head + _gdt_line("8100", f"{total:05d}") + rest


def fhir_patient(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split()}
        | ({"prefix": [p.title]} if p.title else {})
    ]
    if p.birth_name and p.birth_name != p.surname:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split()})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": p.given_names.split()})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": "urn:heldout50j:practice-patient-number", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def csv_text(patients: list[Patient]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(FIELDS)
    for p in patients:
        w.writerow(
            [
                p.id,
                p.surname,
                p.given_names,
                p.birth_name,
                ";".join(p.former_names),
                p.title,
                p.birth_date.isoformat(),
                p.sex,
                p.street,
                p.postcode,
                p.city,
                p.country,
                p.collision,
                p.collision_group,
            ]
        )
    return buf.getvalue()


def exports(patients: list[Patient]) -> dict[str, bytes]:
    out: dict[str, bytes] = {"patients.csv": csv_text(patients).encode("utf-8")}
    for p in patients:
        out[f"gdt/{p.id}.gdt"] = gdt_record(p)
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "id": "heldout50j-register",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50j-{r['id']}", "resource": r} for r in resources],
    }
    out["patients.bundle.json"] = (json.dumps(bundle, ensure_ascii=False, indent=1) + "\n").encode(
        "utf-8"
    )
    out["patients.ndjson"] = "".join(
        json.dumps(r, ensure_ascii=False) + "\n" for r in resources
    ).encode("utf-8")
    return out


def write_all(patients: list[Patient], folder: str | Path) -> None:
    root = Path(folder)
    for name, data in exports(patients).items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
