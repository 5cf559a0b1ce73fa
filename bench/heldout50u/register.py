"""The practice register: at least 300 patients with realistic collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 5021


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str = ""
    group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


_SURNAMES_DE = [
    "Müller",
    "Schulz",
    "Schröder",
    "Krüger",
    "Lehmann",
    "Köhler",
    "Wolff",
    "Hoffmann",
    "Brandt",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Kühn",
    "Hähnel",
    "Grünberg",
    "Schäfer",
    "Richter",
    "Lorenz",
    "Pätzold",
    "Fröhlich",
    "Wendland",
    "Marquardt",
    "Buchholz",
    "Gößling",
    "Tietz",
    "Rösler",
    "Vogt",
    "Ziegler",
    "Mielke",
    "Kaminski",
    "Jahnke",
    "Lüdecke",
    "Domröse",
    "Schmidtke",
    "Borchert",
    "Behrendt",
    "Quast",
    "Ebert",
]
_SURNAMES_FOREIGN = [
    ("Yılmaz", "TR"),
    ("Demir", "TR"),
    ("Öztürk", "TR"),
    ("Kaya", "TR"),
    ("Çelik", "TR"),
    ("Nowak", "PL"),
    ("Wiśniewski", "PL"),
    ("Kowalczyk", "PL"),
    ("Zieliński", "PL"),
    ("Nguyen", "VN"),
    ("Tran", "VN"),
    ("Pham", "VN"),
    ("Le", "VN"),
    ("Schewtschenko", "UA"),
    ("Kowalenko", "UA"),
    ("Bondarenko", "UA"),
    ("Iwanow", "RU"),
    ("Smirnowa", "RU"),
    ("Novák", "CZ"),
    ("Dvořák", "CZ"),
    ("Al-Masri", "SY"),
    ("Haddad", "LB"),
    ("Andersson", "SE"),
    ("Cohen", "IL"),
]
_GIVEN_M = {
    "DE": [
        "Hans-Jürgen",
        "Klaus",
        "Uwe",
        "Jörg",
        "Torsten",
        "Lukas",
        "Friedrich Wilhelm",
        "Maximilian",
        "Dieter",
        "René",
        "Jens",
        "Matthias",
        "Karl-Heinz",
        "Ole",
    ],
    "TR": ["Mehmet", "Ahmet", "Emre", "Hüseyin", "Can"],
    "PL": ["Krzysztof", "Paweł", "Łukasz", "Tomasz"],
    "VN": ["Văn Minh", "Đức Anh", "Quang Huy"],
    "UA": ["Olexandr", "Dmytro", "Bohdan"],
    "RU": ["Sergej", "Wladimir", "Alexej"],
    "CZ": ["Jiří", "Tomáš"],
    "SY": ["Mohammed", "Khaled"],
    "LB": ["Rami"],
    "SE": ["Lars", "Björn"],
    "IL": ["David", "Yonatan"],
}
_GIVEN_F = {
    "DE": [
        "Ingrid",
        "Sabine",
        "Anke",
        "Jana",
        "Marie-Luise",
        "Ursula",
        "Sophie",
        "Katrin",
        "Annegret",
        "Lea",
        "Birgit",
        "Hannelore",
        "Maja",
        "Gudrun Erika",
    ],
    "TR": ["Ayşe", "Fatma", "Elif", "Zeynep", "Gül"],
    "PL": ["Agnieszka", "Małgorzata", "Joanna", "Katarzyna"],
    "VN": ["Thị Lan", "Thị Hương", "Ngọc Anh"],
    "UA": ["Olena", "Natalija", "Switlana"],
    "RU": ["Tatjana", "Irina", "Ljudmila"],
    "CZ": ["Jana", "Petra"],
    "SY": ["Fatima", "Rania"],
    "LB": ["Nour"],
    "SE": ["Karin", "Ingrid"],
    "IL": ["Noa", "Miriam"],
}
_STREETS = [
    ("Boxhagener Straße", "10245", "Berlin"),
    ("Karl-Marx-Allee", "10243", "Berlin"),
    ("Sonnenallee", "12045", "Berlin"),
    ("Schönhauser Allee", "10437", "Berlin"),
    ("Allee der Kosmonauten", "12681", "Berlin"),
    ("Hermannstraße", "12049", "Berlin"),
    ("Turmstraße", "10559", "Berlin"),
    ("Wilhelmstraße", "13593", "Berlin"),
    ("Rudower Straße", "12351", "Berlin"),
    ("Breite Straße", "14467", "Potsdam"),
    ("Rudolf-Breitscheid-Straße", "14482", "Potsdam"),
    ("Zeppelinstraße", "14471", "Potsdam"),
    ("Karl-Liebknecht-Straße", "14482", "Potsdam"),
    ("Sielower Straße", "03044", "Cottbus"),
    ("Karl-Marx-Straße", "03044", "Cottbus"),
    ("Thiemstraße", "03050", "Cottbus"),
    ("Dresdener Straße", "03050", "Cottbus"),
    ("Karl-Marx-Straße", "15230", "Frankfurt (Oder)"),
    ("Leipziger Straße", "15232", "Frankfurt (Oder)"),
    ("Am Kleistpark", "15230", "Frankfurt (Oder)"),
    ("Bahnhofstraße", "15711", "Königs Wusterhausen"),
    ("Berliner Straße", "16321", "Bernau bei Berlin"),
]
_TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]


def _date(rng: random.Random, y0: int, y1: int) -> dt.date:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end))


def _addr(rng: random.Random) -> tuple[str, str, str]:
    street, pc, city = rng.choice(_STREETS)
    return f"{street} {rng.randint(1, 180)}", pc, city


# Hand-made collision groups: (group, kind, [(surname, given, birth, sex, extras)]).
_COLLISIONS: list[tuple[str, str, list[dict[str, object]]]] = [
    (
        "g-same1",
        "same name and birth date, told apart by address",
        [
            {
                "surname": "Müller",
                "given_names": "Klaus",
                "birth_date": dt.date(1958, 6, 14),
                "sex": "M",
                "street": "Boxhagener Straße 31",
                "postcode": "10245",
                "city": "Berlin",
            },
            {
                "surname": "Müller",
                "given_names": "Klaus",
                "birth_date": dt.date(1958, 6, 14),
                "sex": "M",
                "street": "Zeppelinstraße 112",
                "postcode": "14471",
                "city": "Potsdam",
            },
        ],
    ),
    (
        "g-same2",
        "same name and birth date, told apart by address",
        [
            {
                "surname": "Nguyen",
                "given_names": "Thị Lan",
                "birth_date": dt.date(1979, 2, 1),
                "sex": "F",
                "street": "Allee der Kosmonauten 44",
                "postcode": "12681",
                "city": "Berlin",
            },
            {
                "surname": "Nguyen",
                "given_names": "Thị Lan",
                "birth_date": dt.date(1979, 2, 1),
                "sex": "F",
                "street": "Sielower Straße 9",
                "postcode": "03044",
                "city": "Cottbus",
            },
        ],
    ),
    (
        "g-twins1",
        "twins",
        [
            {
                "surname": "Kaminski",
                "given_names": "Lena",
                "birth_date": dt.date(2009, 11, 3),
                "sex": "F",
                "street": "Hermannstraße 201",
                "postcode": "12049",
                "city": "Berlin",
            },
            {
                "surname": "Kaminski",
                "given_names": "Lina",
                "birth_date": dt.date(2009, 11, 3),
                "sex": "F",
                "street": "Hermannstraße 201",
                "postcode": "12049",
                "city": "Berlin",
            },
        ],
    ),
    (
        "g-twins2",
        "twins",
        [
            {
                "surname": "Öztürk",
                "given_names": "Emre",
                "birth_date": dt.date(1996, 4, 22),
                "sex": "M",
                "street": "Sonnenallee 77",
                "postcode": "12045",
                "city": "Berlin",
            },
            {
                "surname": "Öztürk",
                "given_names": "Can",
                "birth_date": dt.date(1996, 4, 22),
                "sex": "M",
                "street": "Sonnenallee 77",
                "postcode": "12045",
                "city": "Berlin",
            },
        ],
    ),
    (
        "g-change1",
        "name change (the letter may use the former name)",
        [
            {
                "surname": "Behrendt-Okafor",
                "given_names": "Jana",
                "birth_date": dt.date(1988, 9, 17),
                "sex": "F",
                "street": "Turmstraße 12",
                "postcode": "10559",
                "city": "Berlin",
                "birth_name": "Behrendt",
                "former_names": ["Behrendt"],
            },
        ],
    ),
    (
        "g-change2",
        "name change (the letter may use the former name)",
        [
            {
                "surname": "Wiśniewska",
                "given_names": "Katarzyna",
                "birth_date": dt.date(1971, 3, 8),
                "sex": "F",
                "street": "Leipziger Straße 58",
                "postcode": "15232",
                "city": "Frankfurt (Oder)",
                "birth_name": "Zielińska",
                "former_names": ["Zielińska", "Lorenz"],
            },
        ],
    ),
    (
        "g-umlaut1",
        "umlaut and ae/oe/ue spelling are different people",
        [
            {
                "surname": "Schröder",
                "given_names": "Jürgen",
                "birth_date": dt.date(1955, 1, 30),
                "sex": "M",
                "street": "Karl-Marx-Straße 15",
                "postcode": "03044",
                "city": "Cottbus",
            },
            {
                "surname": "Schroeder",
                "given_names": "Jürgen",
                "birth_date": dt.date(1955, 10, 3),
                "sex": "M",
                "street": "Schönhauser Allee 140",
                "postcode": "10437",
                "city": "Berlin",
            },
        ],
    ),
    (
        "g-umlaut2",
        "umlaut and ae/oe/ue spelling are different people",
        [
            {
                "surname": "Kühn",
                "given_names": "Sabine",
                "birth_date": dt.date(1966, 7, 12),
                "sex": "F",
                "street": "Breite Straße 3",
                "postcode": "14467",
                "city": "Potsdam",
            },
            {
                "surname": "Kuehn",
                "given_names": "Sabine",
                "birth_date": dt.date(1969, 12, 7),
                "sex": "F",
                "street": "Rudower Straße 88",
                "postcode": "12351",
                "city": "Berlin",
            },
        ],
    ),
    (
        "g-namesake1",
        "namesakes with different birth dates",
        [
            {
                "surname": "Lehmann",
                "given_names": "Dieter",
                "birth_date": dt.date(1941, 5, 2),
                "sex": "M",
                "street": "Wilhelmstraße 4",
                "postcode": "13593",
                "city": "Berlin",
            },
            {
                "surname": "Lehmann",
                "given_names": "Dieter",
                "birth_date": dt.date(1963, 8, 19),
                "sex": "M",
                "street": "Bahnhofstraße 21",
                "postcode": "15711",
                "city": "Königs Wusterhausen",
            },
            {
                "surname": "Lehmann",
                "given_names": "Dieter",
                "birth_date": dt.date(1990, 2, 25),
                "sex": "M",
                "street": "Thiemstraße 70",
                "postcode": "03050",
                "city": "Cottbus",
            },
        ],
    ),
    (
        "g-namesake2",
        "namesakes with different birth dates",
        [
            {
                "surname": "Schewtschenko",
                "given_names": "Olena",
                "birth_date": dt.date(1983, 6, 6),
                "sex": "F",
                "street": "Karl-Marx-Allee 90",
                "postcode": "10243",
                "city": "Berlin",
            },
            {
                "surname": "Schewtschenko",
                "given_names": "Olena",
                "birth_date": dt.date(2001, 1, 15),
                "sex": "F",
                "street": "Am Kleistpark 2",
                "postcode": "15230",
                "city": "Frankfurt (Oder)",
            },
        ],
    ),
    (
        "g-title",
        "title and particle",
        [
            {
                "surname": "von der Heydt",
                "given_names": "Friedrich Wilhelm",
                "birth_date": dt.date(1947, 12, 24),
                "sex": "M",
                "title": "Prof. Dr.",
                "street": "Rudolf-Breitscheid-Straße 180",
                "postcode": "14482",
                "city": "Potsdam",
            },
            {
                "surname": "Schäfer-Wolff",
                "given_names": "Ingrid",
                "birth_date": dt.date(1952, 4, 9),
                "sex": "F",
                "title": "Dr.",
                "birth_name": "Brandt",
                "street": "Turmstraße 77",
                "postcode": "10559",
                "city": "Berlin",
            },
        ],
    ),
]


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    n = 10001

    for group, kind, members in _COLLISIONS:
        for m in members:
            out.append(Patient(id=str(n), collision=kind, group=group, **m))  # type: ignore[arg-type]
            n += 1
    while len(out) < 320:
        if rng.random() < 0.62:
            country, surname = "DE", rng.choice(_SURNAMES_DE)
            if rng.random() < 0.12:
                surname = f"{surname}-{rng.choice(_SURNAMES_DE)}"
        else:
            surname, country = rng.choice(_SURNAMES_FOREIGN)
        sex = rng.choice("MF")
        pool = (_GIVEN_M if sex == "M" else _GIVEN_F)[country]
        given = rng.choice(pool)
        if country == "PL" and sex == "F" and surname.endswith("ski"):
            surname = surname[:-1] + "a"
        street, pc, city = _addr(rng)
        p = Patient(
            id=str(n),
            surname=surname,
            given_names=given,
            birth_date=_date(rng, 1932, 2021),
            sex=sex,
            street=street,
            postcode=pc,
            city=city,
        )
        if rng.random() < 0.05:
            p.title = rng.choice(_TITLES)
        if sex == "F" and rng.random() < 0.1:
            p.birth_name = rng.choice(_SURNAMES_DE)
        key = (p.surname, p.given_names, p.birth_date)
        if any((q.surname, q.given_names, q.birth_date) == key for q in out):
            continue
        out.append(p)
        n += 1
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


_FIELDS = [
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
]


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + content).encode("latin-1", "replace")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    lines = [
        ("8000", "6301"),
        ("8100", "#LEN#"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in lines if f != "8100")
    total = len(body) + len(_gdt_line("8100", "00000"))
    rec = _gdt_line("8000", "6301") + _gdt_line("8100", f"{total:05d}")
    return rec + b"".join(_gdt_line(f, c) for f, c in lines[2:])


def fhir(p: Patient) -> dict[str, object]:
    name: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        name[0]["prefix"] = [p.title]
    if p.birth_name:
        name.append({"use": "maiden", "family": p.birth_name})
    for old in p.former_names:
        name.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:heldout50u:practice-patient-id", "value": p.id}],
        "name": name,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: Path | str) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(_FIELDS)
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
                ]
            )
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
