"""The receiving practices' shared patient register (deterministic, with collisions)."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM = "urn:heldout50v:praxis-patientennummer"


@dataclass(frozen=True)
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str
    sex: str
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: tuple[str, ...] = field(default_factory=tuple)
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


PLACES = [
    ("18055", "Rostock"),
    ("18057", "Rostock"),
    ("18069", "Rostock"),
    ("18119", "Rostock"),
    ("17489", "Greifswald"),
    ("17491", "Greifswald"),
    ("18435", "Stralsund"),
    ("18437", "Stralsund"),
    ("18528", "Bergen auf Rügen"),
    ("18546", "Sassnitz"),
    ("18609", "Ostseebad Binz"),
    ("17424", "Heringsdorf"),
    ("17454", "Zinnowitz"),
    ("17438", "Wolgast"),
    ("17033", "Neubrandenburg"),
    ("17034", "Neubrandenburg"),
    ("19053", "Schwerin"),
    ("19061", "Schwerin"),
    ("23966", "Wismar"),
    ("23970", "Wismar"),
    ("18273", "Güstrow"),
    ("18209", "Bad Doberan"),
    ("17389", "Anklam"),
    ("18311", "Ribnitz-Damgarten"),
]
STREETS = [
    "Lange Straße",
    "Kröpeliner Straße",
    "Doberaner Straße",
    "Am Strande",
    "Hansestraße",
    "Mühlenstraße",
    "Strandstraße",
    "Seestraße",
    "Dorfstraße",
    "Am Hafen",
    "Lindenallee",
    "Friedrich-Loeffler-Straße",
    "Ernst-Thälmann-Straße",
    "Fischerweg",
    "Dünenweg",
    "Bahnhofstraße",
    "Schweriner Straße",
    "Wallstraße",
    "Neue Reihe",
    "Kastanienweg",
]
SURNAMES = [
    "Schulz",
    "Krüger",
    "Wendt",
    "Lange",
    "Peters",
    "Möller",
    "Rehberg",
    "Voß",
    "Brandt",
    "Behrens",
    "Holz",
    "Kühl",
    "Jahnke",
    "Dethloff",
    "Pagel",
    "Wegner",
    "Rieck",
    "Tesch",
    "Griep",
    "Bölter",
    "Ladwig",
    "Kasch",
    "Stübe",
    "Zander",
    "Radtke",
    "Harder",
    "Rusch",
    "Priewe",
    "Lüth",
    "Saß",
    "Köpke",
    "Ewert",
    "Hinz",
    "Bartels",
    "Thiede",
    "Kowalski",
    "Wiśniewska",
    "Nowak",
    "Nguyen",
    "Tran",
    "Pham",
    "Iwanowa",
    "Petrow",
    "Lindqvist",
    "Virtanen",
    "Tamm",
    "Berziņa",
    "Sørensen",
]
MALE = [
    "Hans",
    "Jürgen",
    "Uwe",
    "Dirk",
    "Sven",
    "Torsten",
    "Karl-Heinz",
    "Ole",
    "Jan",
    "Lars",
    "Mathias",
    "Klaus",
    "Rainer",
    "Paul",
    "Jonas",
    "Mika",
    "Finn",
    "Bernd",
    "Hartmut",
    "Detlef",
]
FEMALE = [
    "Anke",
    "Heike",
    "Kerstin",
    "Birgit",
    "Ilona",
    "Sabine",
    "Anna-Lena",
    "Marie",
    "Lena",
    "Ute",
    "Doreen",
    "Mandy",
    "Christa",
    "Gisela",
    "Hanna",
    "Ida",
    "Frieda",
    "Katrin",
    "Petra",
    "Renate",
]


def _special() -> list[dict[str, object]]:
    """Hand-made patients: the collisions and the region's foreign names."""
    s: list[dict[str, object]] = [
        # same name and birth date, told apart by address
        dict(
            surname="Schulz",
            given_names="Hans-Jürgen",
            birth_date="1951-06-14",
            sex="M",
            street="Doberaner Straße 41",
            postcode="18057",
            city="Rostock",
            collision="same_name_same_birth",
            collision_group="G1",
        ),
        dict(
            surname="Schulz",
            given_names="Hans-Jürgen",
            birth_date="1951-06-14",
            sex="M",
            street="Fischerweg 3",
            postcode="18546",
            city="Sassnitz",
            collision="same_name_same_birth",
            collision_group="G1",
        ),
        # twins
        dict(
            surname="Dethloff",
            given_names="Lena",
            birth_date="2016-09-02",
            sex="F",
            street="Kastanienweg 12",
            postcode="17489",
            city="Greifswald",
            collision="twins",
            collision_group="G2",
        ),
        dict(
            surname="Dethloff",
            given_names="Lisa",
            birth_date="2016-09-02",
            sex="F",
            street="Kastanienweg 12",
            postcode="17489",
            city="Greifswald",
            collision="twins",
            collision_group="G2",
        ),
        # name change: the letter uses the birth name
        dict(
            surname="Wendt-Kasch",
            given_names="Sabine",
            birth_date="1979-11-23",
            sex="F",
            street="Seestraße 8",
            postcode="18609",
            city="Ostseebad Binz",
            birth_name="Priewe",
            former_names=("Priewe",),
            collision="name_change",
            collision_group="G3",
        ),
        dict(
            surname="Priewe",
            given_names="Sabine",
            birth_date="1981-04-30",
            sex="F",
            street="Lange Straße 77",
            postcode="18055",
            city="Rostock",
            collision="name_change",
            collision_group="G3",
        ),
        # umlaut spelled out: a different person
        dict(
            surname="Möller",
            given_names="Jürgen",
            birth_date="1948-02-17",
            sex="M",
            street="Am Hafen 2",
            postcode="23966",
            city="Wismar",
            collision="umlaut_spelling",
            collision_group="G4",
        ),
        dict(
            surname="Moeller",
            given_names="Jürgen",
            birth_date="1948-07-21",
            sex="M",
            street="Wallstraße 19",
            postcode="23970",
            city="Wismar",
            collision="umlaut_spelling",
            collision_group="G4",
        ),
        dict(
            surname="Kühl",
            given_names="Gisela",
            birth_date="1940-12-05",
            sex="F",
            street="Dünenweg 4",
            postcode="17424",
            city="Heringsdorf",
            collision="umlaut_spelling",
            collision_group="G5",
        ),
        dict(
            surname="Kuehl",
            given_names="Gisela",
            birth_date="1940-12-05",
            sex="F",
            street="Bahnhofstraße 9",
            postcode="17438",
            city="Wolgast",
            collision="umlaut_spelling",
            collision_group="G5",
        ),
        # namesakes, different birth dates
        dict(
            surname="Nguyen",
            given_names="Thi Lan",
            birth_date="1968-03-08",
            sex="F",
            street="Lütten Klein, Rigaer Straße 5",
            postcode="18107",
            city="Rostock",
            collision="namesake",
            collision_group="G6",
        ),
        dict(
            surname="Nguyen",
            given_names="Thi Lan",
            birth_date="1995-10-19",
            sex="F",
            street="Turkuer Straße 60",
            postcode="18107",
            city="Rostock",
            collision="namesake",
            collision_group="G6",
        ),
        dict(
            surname="Lange",
            given_names="Uwe",
            birth_date="1962-05-01",
            sex="M",
            street="Schweriner Straße 14",
            postcode="19053",
            city="Schwerin",
            collision="namesake",
            collision_group="G7",
        ),
        dict(
            surname="Lange",
            given_names="Uwe",
            birth_date="1988-08-28",
            sex="M",
            street="Neue Reihe 30",
            postcode="18209",
            city="Bad Doberan",
            collision="namesake",
            collision_group="G7",
        ),
        # titles, particles, double names, foreign names
        dict(
            surname="von Maltzahn",
            given_names="Friedrich Wilhelm",
            birth_date="1943-01-29",
            sex="M",
            title="Dr.",
            street="Gutshaus 1",
            postcode="17109",
            city="Demmin",
        ),
        dict(
            surname="Brandt",
            given_names="Elisabeth",
            birth_date="1957-07-07",
            sex="F",
            title="Prof. Dr.",
            street="Friedrich-Loeffler-Straße 23",
            postcode="17489",
            city="Greifswald",
        ),
        dict(
            surname="zu Putbus",
            given_names="Marie-Luise",
            birth_date="1971-10-10",
            sex="F",
            street="Circus 6",
            postcode="18581",
            city="Putbus",
        ),
        dict(
            surname="Kowalski",
            given_names="Tomasz",
            birth_date="1983-04-12",
            sex="M",
            street="Ahlbecker Straße 2",
            postcode="17419",
            city="Ahlbeck",
        ),
        dict(
            surname="Wiśniewska",
            given_names="Agnieszka",
            birth_date="1990-01-25",
            sex="F",
            street="Ueckerstraße 11",
            postcode="17373",
            city="Ueckermünde",
        ),
        dict(
            surname="Iwanowa",
            given_names="Olga",
            birth_date="1959-09-30",
            sex="F",
            street="Mecklenburger Allee 20",
            postcode="19063",
            city="Schwerin",
        ),
        dict(
            surname="Tran",
            given_names="Van Hung",
            birth_date="1964-06-06",
            sex="M",
            street="Helsinkier Straße 81",
            postcode="18107",
            city="Rostock",
        ),
        dict(
            surname="Lindqvist",
            given_names="Erik",
            birth_date="1977-12-13",
            sex="M",
            street="Am Strande 3",
            postcode="18119",
            city="Rostock",
        ),
        dict(
            surname="Virtanen",
            given_names="Aino",
            birth_date="1999-05-16",
            sex="F",
            street="Hansestraße 2",
            postcode="17489",
            city="Greifswald",
        ),
        dict(
            surname="Tamm",
            given_names="Kristjan",
            birth_date="1985-02-24",
            sex="M",
            street="Hafenstraße 5",
            postcode="18439",
            city="Stralsund",
        ),
        dict(
            surname="Sørensen",
            given_names="Mette",
            birth_date="1966-08-19",
            sex="F",
            street="Strandstraße 40",
            postcode="18609",
            city="Ostseebad Binz",
        ),
        dict(
            surname="Petersen",
            given_names="Jan Ole",
            birth_date="1993-03-03",
            sex="M",
            street="Am Leuchtturm 1",
            postcode="18119",
            city="Rostock",
        ),
        dict(
            surname="Müller-Lüdenscheidt",
            given_names="Karl-Heinz",
            birth_date="1955-11-11",
            sex="M",
            street="Lindenallee 5",
            postcode="18273",
            city="Güstrow",
        ),
        dict(
            surname="Petrow",
            given_names="Sergej",
            birth_date="1972-07-19",
            sex="M",
            street="Plattenweg 9",
            postcode="17034",
            city="Neubrandenburg",
        ),
        dict(
            surname="Berziņa",
            given_names="Ilze",
            birth_date="1980-06-23",
            sex="F",
            street="Mühlenstraße 15",
            postcode="23966",
            city="Wismar",
        ),
        dict(
            surname="Pham",
            given_names="Minh Duc",
            birth_date="2012-04-04",
            sex="M",
            street="Warnowallee 11",
            postcode="18107",
            city="Rostock",
        ),
        dict(
            surname="Pham",
            given_names="Thi Hoa",
            birth_date="1982-01-15",
            sex="F",
            street="Warnowallee 11",
            postcode="18107",
            city="Rostock",
        ),
        dict(
            surname="Rehberg",
            given_names="Hartmut",
            birth_date="1949-03-21",
            sex="M",
            street="Dorfstraße 2",
            postcode="18356",
            city="Barth",
        ),
    ]
    return s


def build() -> list[Patient]:
    rng = random.Random(5050_22)
    rows = _special()
    seen = {(str(r["surname"]), str(r["given_names"]), str(r["birth_date"])) for r in rows}
    seen_names = {(str(r["surname"]), str(r["given_names"])) for r in rows}
    while len(rows) < 324:
        sex = rng.choice("MF")
        given = rng.choice(MALE if sex == "M" else FEMALE)
        surname = rng.choice(SURNAMES)
        if (surname, given) in seen_names:
            continue
        y = rng.randint(1932, 2022)
        birth = f"{y:04d}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        key = (surname, given, birth)
        if key in seen:
            continue
        seen.add(key)
        seen_names.add((surname, given))
        pc, city = rng.choice(PLACES)
        rows.append(
            dict(
                surname=surname,
                given_names=given,
                birth_date=birth,
                sex=sex,
                street=f"{rng.choice(STREETS)} {rng.randint(1, 120)}",
                postcode=pc,
                city=city,
            )
        )
    order = list(range(len(rows)))
    rng.shuffle(order)
    out: list[Patient] = []
    for n, i in enumerate(order):
        r = dict(rows[i])
        fn = r.pop("former_names", ())
        out.append(Patient(id=str(20400 + n * 7), former_names=tuple(fn), **r))  # type: ignore[arg-type]
    out.sort(key=lambda p: int(p.id))
    return out


def by_key(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + content).encode("latin-1", errors="replace")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    d = p.birth_date
    dd = d[8:10] + d[5:7] + d[0:4]
    rest = b"".join(
        [
            _gdt_line("9218", "02.10"),
            _gdt_line("3000", p.id),
            _gdt_line("3101", p.surname),
            _gdt_line("3102", p.given_names),
            _gdt_line("3103", dd),
            _gdt_line("3110", "1" if p.sex == "M" else "2"),
            _gdt_line("3106", f"{p.postcode} {p.city}"),
            _gdt_line("3107", p.street),
        ]
    )
    head = _gdt_line("8000", "6301")
    length = len(head) + len(rest) + len(_gdt_line("8100", "00000"))
    return head + _gdt_line("8100", f"{length:05d}") + rest


def fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    off: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        off["prefix"] = p.title.split(" ")
    names.append(off)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


COLUMNS = [
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


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with open(folder / "patients.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(COLUMNS)
        for p in patients:
            w.writerow(
                [
                    p.id,
                    p.surname,
                    p.given_names,
                    p.birth_name,
                    ";".join(p.former_names),
                    p.title,
                    p.birth_date,
                    p.sex,
                    p.street,
                    p.postcode,
                    p.city,
                    p.country,
                ]
            )
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    res = [fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50v-{r['id']}", "resource": r} for r in res],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
