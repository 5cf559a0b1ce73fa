"""The receiving practices' shared patient register (deterministic, at least 300 patients)."""

from __future__ import annotations

import csv
import json
import random
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

SEED = 5019

MALE = [
    "Hans-Jürgen",
    "Uwe",
    "Torsten",
    "Jens",
    "Dirk",
    "Ronny",
    "Mario",
    "Sven",
    "Maik",
    "Rüdiger",
    "Klaus-Dieter",
    "Bernd",
    "Jörg",
    "Frank",
    "Ingo",
    "Karsten",
    "Lutz",
    "Detlef",
    "Eckhard",
    "Hartmut",
    "Wolfgang",
    "Günter",
    "Heiko",
    "Steffen",
    "Ole",
    "Finn",
    "Hauke",
    "Malte",
    "Lennart",
    "Till",
    "Björn",
    "Enrico",
    "Mirko",
    "Norbert",
    "Reinhard",
    "Gerd",
    "Ernst-August",
]
FEMALE = [
    "Ute",
    "Kerstin",
    "Heike",
    "Anke",
    "Sabine",
    "Petra",
    "Doreen",
    "Mandy",
    "Peggy",
    "Ramona",
    "Gudrun",
    "Marlies",
    "Ingrid",
    "Hannelore",
    "Brigitte",
    "Silke",
    "Katrin",
    "Antje",
    "Birgit",
    "Sandra",
    "Jana",
    "Wiebke",
    "Frauke",
    "Imke",
    "Maren",
    "Lea-Marie",
    "Anna-Lena",
    "Gesine",
    "Annegret",
    "Christel",
    "Elke",
    "Renate",
    "Rosemarie",
    "Liselotte",
    "Käthe",
    "Hedwig",
]
SURNAMES = [
    "Schulz",
    "Krüger",
    "Möller",
    "Brandt",
    "Voß",
    "Jahnke",
    "Wendt",
    "Timm",
    "Kühl",
    "Bünning",
    "Lüdtke",
    "Dähn",
    "Ramelow",
    "Stüdemann",
    "Behrens",
    "Saß",
    "Peters",
    "Kröger",
    "Holtz",
    "Bartels",
    "Pingel",
    "Schröder",
    "Köpke",
    "Rambow",
    "Wittstock",
    "Zander",
    "Plath",
    "Glöde",
    "Priewe",
    "Tesch",
    "Manthey",
    "Borchert",
    "Nagel",
    "Ziemer",
    "Haß",
    "Lemke",
    "Grunwald",
    "Schwarz",
    "Oldenburg",
    "Radtke",
    "Heydemann",
    "Kasch",
    "Mewes",
    "Strübing",
    "Thormählen",
    "Gützlaff",
    "Biermann",
    "Rösler",
    "Freese",
    "Klatt",
    "Jürß",
    "Poppe",
    "Wulff",
    "Hinz",
]
STREETS = [
    ("Lange Straße", "18055", "Rostock"),
    ("Doberaner Straße", "18057", "Rostock"),
    ("Kröpeliner Straße", "18055", "Rostock"),
    ("Warnowallee", "18107", "Rostock"),
    ("Strandstraße", "18119", "Rostock"),
    ("Am Strande", "18055", "Rostock"),
    ("Lange Reihe", "17489", "Greifswald"),
    ("Wolgaster Straße", "17489", "Greifswald"),
    ("Anklamer Straße", "17491", "Greifswald"),
    ("Ossenreyerstraße", "18439", "Stralsund"),
    ("Frankendamm", "18439", "Stralsund"),
    ("Tribseer Damm", "18437", "Stralsund"),
    ("Mecklenburgstraße", "19053", "Schwerin"),
    ("Lübecker Straße", "19053", "Schwerin"),
    ("Dr.-Leber-Straße", "23966", "Wismar"),
    ("Lübsche Straße", "23966", "Wismar"),
    ("Friedrich-Engels-Ring", "17033", "Neubrandenburg"),
    ("Treptower Straße", "17033", "Neubrandenburg"),
    ("Seestraße", "17424", "Heringsdorf"),
    ("Strandpromenade", "17419", "Ahlbeck"),
    ("Hauptstraße", "18609", "Ostseebad Binz"),
    ("Markt", "18528", "Bergen auf Rügen"),
    ("Neubrandenburger Straße", "17291", "Prenzlau"),
    ("Friedrichstraße", "17291", "Prenzlau"),
    ("Am Mühlenteich", "17438", "Wolgast"),
    ("Dorfstraße", "18556", "Altenkirchen"),
]
FOREIGN = [
    ("Kowalski", "Jan", "M", "PL"),
    ("Wiśniewska", "Agnieszka", "F", "PL"),
    ("Nowak", "Krzysztof", "M", "PL"),
    ("Zielińska", "Małgorzata", "F", "PL"),
    ("Iwanow", "Sergej", "M", "RU"),
    ("Petrowa", "Ljudmila", "F", "RU"),
    ("Shevchenko", "Oleksandr", "M", "UA"),
    ("Kovalenko", "Olena", "F", "UA"),
    ("Nguyen", "Thi Lan", "F", "VN"),
    ("Tran", "Van Minh", "M", "VN"),
    ("Pham", "Thi Hoa", "F", "VN"),
    ("Jensen", "Mette", "F", "DK"),
    ("Kristensen", "Søren", "M", "DK"),
    ("Lindqvist", "Åsa", "F", "SE"),
    ("Johansson", "Per-Olof", "M", "SE"),
    ("Kazlauskas", "Tomas", "M", "LT"),
    ("Jankauskienė", "Rūta", "F", "LT"),
    ("Bērziņš", "Jānis", "M", "LV"),
    ("Ozola", "Ilze", "F", "LV"),
    ("Hansen", "Ola", "M", "NO"),
    ("MacLeod", "Fiona", "F", "GB"),
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: date
    sex: str
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _dob(rng: random.Random, lo: int = 1932, hi: int = 2019) -> date:
    return date(lo, 1, 1) + timedelta(days=rng.randrange((date(hi, 12, 31) - date(lo, 1, 1)).days))


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()
    counter = [10480]

    def add(p: Patient) -> Patient:
        out.append(p)
        seen.add((p.surname, p.given_names, p.birth_date.isoformat()))
        return p

    def new_id() -> str:
        counter[0] += rng.randrange(1, 29)
        return str(counter[0])

    def addr(rng2: random.Random) -> tuple[str, str, str]:
        st, pc, city = STREETS[rng2.randrange(len(STREETS))]
        return f"{st} {rng2.randrange(1, 120)}", pc, city

    def person(surname: str, given: str, sex: str, **kw: object) -> Patient:
        st, pc, city = addr(rng)
        dob = kw.pop("birth_date", None) or _dob(rng)
        return add(
            Patient(new_id(), surname, given, dob, sex, st, pc, city, **kw)  # type: ignore[arg-type]
        )

    # Planned collisions first.
    g = "same-name-dob"
    a = person(
        "Schulz", "Ute", "F", birth_date=date(1958, 4, 17), collision=g, collision_group="C1"
    )
    b = person(
        "Schulz", "Ute", "F", birth_date=date(1958, 4, 17), collision=g, collision_group="C1"
    )
    b.street, b.postcode, b.city = "Frankendamm 44", "18439", "Stralsund"
    a.street, a.postcode, a.city = "Lange Straße 12", "18055", "Rostock"
    for given, sex in (("Finn", "M"), ("Ole", "M")):
        person(
            "Jahnke",
            given,
            sex,
            birth_date=date(2011, 9, 3),
            collision="twins",
            collision_group="C2",
        )
    for given, sex in (("Lea-Marie", "F"), ("Anna-Lena", "F")):
        person(
            "Bünning",
            given,
            sex,
            birth_date=date(2016, 2, 29),
            collision="twins",
            collision_group="C3",
        )
    person(
        "Heydemann",
        "Katrin",
        "F",
        birth_date=date(1979, 11, 8),
        birth_name="Köpke",
        former_names=["Köpke"],
        collision="name-change",
        collision_group="C4",
    )
    person(
        "Wittstock-Rambow",
        "Doreen",
        "F",
        birth_date=date(1983, 6, 21),
        birth_name="Rambow",
        former_names=["Rambow", "Wittstock"],
        collision="name-change",
        collision_group="C5",
    )
    person(
        "Möller",
        "Jürgen",
        "M",
        birth_date=date(1949, 1, 30),
        collision="umlaut-spelling",
        collision_group="C6",
    )
    person(
        "Moeller",
        "Juergen",
        "M",
        birth_date=date(1952, 7, 14),
        collision="umlaut-spelling",
        collision_group="C6",
    )
    person(
        "Krüger",
        "Günter",
        "M",
        birth_date=date(1940, 3, 5),
        collision="umlaut-spelling",
        collision_group="C7",
    )
    person(
        "Krueger",
        "Guenter",
        "M",
        birth_date=date(1940, 3, 5),
        collision="umlaut-spelling",
        collision_group="C7",
    )
    for dob in (date(1961, 5, 2), date(1987, 12, 19), date(1934, 8, 23)):
        person("Brandt", "Heike", "F", birth_date=dob, collision="namesake", collision_group="C8")
    for dob in (date(1955, 10, 1), date(1972, 2, 14)):
        person("Voß", "Torsten", "M", birth_date=dob, collision="namesake", collision_group="C9")
    person(
        "Schulz",
        "Ute",
        "F",
        birth_date=date(1990, 1, 25),
        collision="namesake",
        collision_group="C1",
    )
    # Titles, particles, double names.
    person("Brandt", "Ernst-August", "M", title="Prof. Dr.", birth_date=date(1938, 12, 2))
    person("Stüdemann", "Gesine", "F", title="Dr.", birth_date=date(1966, 3, 9))
    person("von Maltzahn", "Hedwig", "F", birth_date=date(1936, 6, 6))
    person("von der Lühe", "Malte", "M", title="Dipl.-Ing.", birth_date=date(1957, 9, 18))
    person("zu Putbus", "Wilhelm Friedrich", "M", birth_date=date(1944, 4, 1))
    person("Saß-Thormählen", "Maren", "F", birth_date=date(1975, 8, 30), birth_name="Saß")
    person("Mewes", "Hans Peter", "M", birth_date=date(1950, 5, 27))
    # Foreign names of the region.
    for sur, given, sex, country in FOREIGN:
        p = person(sur, given, sex)
        if country in ("NO", "GB"):
            p.country = country
    # Fill to 320 with ordinary patients, avoiding accidental duplicates.
    while len(out) < 320:
        sex = "M" if rng.random() < 0.5 else "F"
        given = rng.choice(MALE if sex == "M" else FEMALE)
        sur = rng.choice(SURNAMES)
        if rng.random() < 0.06:
            sur = f"{sur}-{rng.choice(SURNAMES)}"
        dob = _dob(rng)
        if any(s == sur and gn == given for s, gn, _ in seen):
            continue
        kw: dict[str, object] = {"birth_date": dob}
        if sex == "F" and rng.random() < 0.25:
            kw["birth_name"] = rng.choice(SURNAMES)
        if rng.random() < 0.04:
            kw["title"] = rng.choice(["Dr.", "Dr. med.", "Dipl.-Ing."])
        person(sur, given, sex, **kw)
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def latin1(text: str) -> str:
    """ISO-8859-1 for GDT: letters outside it lose their diacritics (ś -> s, ē -> e)."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            if ch in "łŁđĐ":
                out.append({"ł": "l", "Ł": "L", "đ": "d", "Đ": "D"}[ch])
                continue
            out.append(
                "".join(
                    c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
                )
            )
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + latin1(content)).encode("latin-1")
    return f"{len(body) + 5:03d}".encode("ascii") + body + b"\r\n"


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
    rest = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    # 8100 holds the whole record's length in bytes, its own line included (5 digits).
    length = len(head) + len(_gdt_line("8100", "00000")) + len(rest)
    return head + _gdt_line("8100", f"{length:05d}") + rest


def fhir_patient(p: Patient) -> dict:
    names: list[dict] = [{"use": "official", "family": p.surname, "given": p.given_names.split()}]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split()})
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": p.given_names.split()})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": "urn:heldout50ae:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
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
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
    with open(root / "patients.csv", "w", encoding="utf-8", newline="") as fh:
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
                    p.birth_date.isoformat(),
                    p.sex,
                    p.street,
                    p.postcode,
                    p.city,
                    p.country,
                ]
            )
    for p in patients:
        (root / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50ae-{r['id']}", "resource": r} for r in resources],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
