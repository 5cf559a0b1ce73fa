"""The practice register: at least 300 patients with deliberate collisions, and its exports."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SYSTEM = "urn:heldout50n:praxis-patientennummer"


@dataclass(frozen=True)
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
    former_names: tuple[str, ...] = ()
    title: str = ""
    collision: str = ""
    collision_group: str = ""
    origin: str = "BY"
    extra: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


_BAV_SURNAMES = [
    "Huber",
    "Bauer",
    "Wagner",
    "Maier",
    "Mayr",
    "Hofmann",
    "Gruber",
    "Brandl",
    "Steinberger",
    "Pichler",
    "Obermaier",
    "Lechner",
    "Schwaiger",
    "Wimmer",
    "Eder",
    "Kiefersauer",
    "Stadler",
    "Zehetmair",
    "Greil",
    "Hinterberger",
    "Aschenbrenner",
    "Fischbacher",
    "Rieger",
    "Schmid",
    "Moser",
    "Kirchmair",
    "Niedermeier",
    "Wallner",
    "Grasegger",
    "Heigl",
    "Zellner",
    "Rottmoser",
    "Auer",
    "Dandl",
    "Guggenmos",
    "Hiemer",
    "Kleinhans",
    "Lochbihler",
    "Rasp",
    "Schöttl",
    "Thalhammer",
    "Weißenbacher",
    "Zwerger",
    "Ertl",
    "Feichtner",
    "Gschwendtner",
    "Haslinger",
    "Irlinger",
    "Kastl",
    "Loferer",
    "Mitterer",
    "Oberauer",
    "Pfaffinger",
    "Reischl",
    "Sedlmair",
    "Strobl",
    "Unterreiner",
    "Voggenauer",
    "Wörndl",
    "Ziegltrum",
    "Bichler",
    "Daxenberger",
    "Egger",
    "Fendt",
    "Gantner",
    "Hörmann",
    "Jocham",
    "Kögel",
    "Lutz",
    "Nägele",
    "Ostler",
    "Prestel",
    "Rädler",
    "Sirch",
    "Tauscher",
    "Vogler",
    "Wetzel",
    "Zobel",
    "Allgaier",
    "Büchele",
]
_FOREIGN_SURNAMES = [
    ("Novak", "SI"),
    ("Horvat", "HR"),
    ("Kovacic", "HR"),
    ("Babic", "HR"),
    ("Popescu", "RO"),
    ("Ionescu", "RO"),
    ("Nagy", "HU"),
    ("Kovács", "HU"),
    ("Szabó", "HU"),
    ("Dvorak", "CZ"),
    ("Novotná", "CZ"),
    ("Oberhofer", "IT"),
    ("Rossi", "IT"),
    ("Yılmaz", "TR"),
    ("Demir", "TR"),
    ("Kowalski", "PL"),
    ("Nguyen", "VN"),
    ("Krasniqi", "XK"),
    ("Petrović", "RS"),
    ("Papadopoulos", "GR"),
    ("Ferrari", "IT"),
    ("Zupan", "SI"),
    ("Tóth", "HU"),
]
_GIVEN_M = [
    "Josef",
    "Franz",
    "Johann",
    "Georg",
    "Alois",
    "Korbinian",
    "Maximilian",
    "Lukas",
    "Sebastian",
    "Xaver",
    "Florian",
    "Michael",
    "Andreas",
    "Stefan",
    "Thomas",
    "Anton",
    "Ludwig",
    "Quirin",
    "Leonhard",
    "Benedikt",
    "Hans-Peter",
    "Karl Heinz",
    "Wolfgang",
    "Simon",
    "Vitus",
    "Matthias",
]
_GIVEN_F = [
    "Maria",
    "Anna",
    "Theresia",
    "Katharina",
    "Elisabeth",
    "Rosa",
    "Kreszenz",
    "Magdalena",
    "Franziska",
    "Johanna",
    "Veronika",
    "Barbara",
    "Sophie",
    "Lena",
    "Monika",
    "Sabine",
    "Anna-Lena",
    "Maria Theresia",
    "Walburga",
    "Agnes",
    "Cäcilia",
    "Christine",
    "Helga",
    "Ursula",
]
_FOREIGN_GIVEN = {
    "SI": (["Matej", "Luka", "Jure"], ["Maja", "Nina", "Špela"]),
    "HR": (["Ivan", "Marko", "Tomislav"], ["Ivana", "Marija", "Ana"]),
    "RO": (["Andrei", "Mihai", "Ion"], ["Ioana", "Elena", "Maria"]),
    "HU": (["László", "Zoltán", "Gábor"], ["Erzsébet", "Katalin", "Zsófia"]),
    "CZ": (["Jiří", "Petr", "Tomáš"], ["Jana", "Petra", "Lucie"]),
    "IT": (["Lorenz", "Matteo", "Hannes"], ["Giulia", "Martina", "Evi"]),
    "TR": (["Mehmet", "Emre", "Ahmet"], ["Ayşe", "Elif", "Zeynep"]),
    "PL": (["Piotr", "Krzysztof"], ["Agnieszka", "Katarzyna"]),
    "VN": (["Minh Duc", "Van Long"], ["Thi Lan", "Thu Trang"]),
    "XK": (["Arben", "Driton"], ["Arta", "Vlora"]),
    "RS": (["Dragan", "Nikola"], ["Jelena", "Milica"]),
    "GR": (["Georgios", "Nikolaos"], ["Eleni", "Dimitra"]),
}
_LATIN1_FIX = {
    "ı": "i",
    "ş": "s",
    "ć": "c",
    "č": "c",
    "š": "s",
    "ž": "z",
    "ř": "r",
    "ě": "e",
    "ő": "ö",
    "ű": "ü",
    "Š": "S",
    "Č": "C",
    "Ž": "Z",
    "ț": "t",
    "ș": "s",
}
_PLACES = [
    ("80796", "München"),
    ("80339", "München"),
    ("81541", "München"),
    ("81675", "München"),
    ("80997", "München"),
    ("82008", "Unterhaching"),
    ("85748", "Garching"),
    ("83022", "Rosenheim"),
    ("83026", "Rosenheim"),
    ("83059", "Kolbermoor"),
    ("83043", "Bad Aibling"),
    ("83209", "Prien am Chiemsee"),
    ("83250", "Marquartstein"),
    ("83278", "Traunstein"),
    ("83471", "Berchtesgaden"),
    ("83483", "Bischofswiesen"),
    ("87541", "Bad Hindelang"),
    ("87527", "Sonthofen"),
    ("87561", "Oberstdorf"),
    ("87509", "Immenstadt i. Allgäu"),
    ("87534", "Oberstaufen"),
    ("87459", "Pfronten"),
]
_STREETS = [
    "Kirchweg",
    "Bergstraße",
    "Hauptstraße",
    "Am Anger",
    "Wendelsteinstraße",
    "Kaiserstraße",
    "Innstraße",
    "Alpenblick",
    "Mühlweg",
    "Schulstraße",
    "Grünten-Straße",
    "Watzmannstraße",
    "Leopoldstraße",
    "Belgradstraße",
    "Tegernseer Landstraße",
    "Riedweg",
    "Sonnleite",
    "Am Kalvarienberg",
    "Lindenstraße",
    "Chiemseestraße",
]


def latin1(text: str) -> str:
    """The register's spelling: what the practice software can hold (ISO-8859-1)."""
    return "".join(_LATIN1_FIX.get(ch, ch) for ch in text)


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(_PLACES)
    return f"{rng.choice(_STREETS)} {rng.randint(1, 64)}", pc, city


def _bd(rng: random.Random, lo: int = 1932, hi: int = 2012) -> date:
    return date(rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28))


# The fixed collision groups: (group, kind, [patient specs]).
_FIXED: list[tuple[str, str, list[dict[str, object]]]] = [
    (
        "K1",
        "same name and birth date, told apart by address",
        [
            {
                "surname": "Huber",
                "given_names": "Josef",
                "birth_date": date(1956, 3, 14),
                "sex": "M",
                "street": "Innstraße 12",
                "postcode": "83022",
                "city": "Rosenheim",
            },
            {
                "surname": "Huber",
                "given_names": "Josef",
                "birth_date": date(1956, 3, 14),
                "sex": "M",
                "street": "Kirchweg 3",
                "postcode": "83043",
                "city": "Bad Aibling",
            },
        ],
    ),
    (
        "K2",
        "same name and birth date, told apart by address",
        [
            {
                "surname": "Steinberger",
                "given_names": "Maria",
                "birth_date": date(1948, 11, 2),
                "sex": "F",
                "street": "Leopoldstraße 141",
                "postcode": "80804",
                "city": "München",
            },
            {
                "surname": "Steinberger",
                "given_names": "Maria",
                "birth_date": date(1948, 11, 2),
                "sex": "F",
                "street": "Am Anger 7",
                "postcode": "83059",
                "city": "Kolbermoor",
            },
        ],
    ),
    (
        "K3",
        "twins",
        [
            {
                "surname": "Brandl",
                "given_names": "Lukas",
                "birth_date": date(2001, 7, 19),
                "sex": "M",
                "street": "Sonnleite 4",
                "postcode": "87541",
                "city": "Bad Hindelang",
            },
            {
                "surname": "Brandl",
                "given_names": "Jonas",
                "birth_date": date(2001, 7, 19),
                "sex": "M",
                "street": "Sonnleite 4",
                "postcode": "87541",
                "city": "Bad Hindelang",
            },
        ],
    ),
    (
        "K4",
        "twins",
        [
            {
                "surname": "Wimmer",
                "given_names": "Anna-Lena",
                "birth_date": date(1994, 2, 8),
                "sex": "F",
                "street": "Mühlweg 9",
                "postcode": "83209",
                "city": "Prien am Chiemsee",
            },
            {
                "surname": "Wimmer",
                "given_names": "Sophie",
                "birth_date": date(1994, 2, 8),
                "sex": "F",
                "street": "Mühlweg 9",
                "postcode": "83209",
                "city": "Prien am Chiemsee",
            },
        ],
    ),
    (
        "K5",
        "name change, letters may use the former name",
        [
            {
                "surname": "Obermaier",
                "given_names": "Katharina",
                "birth_date": date(1983, 5, 27),
                "sex": "F",
                "street": "Tegernseer Landstraße 88",
                "postcode": "81541",
                "city": "München",
                "former_names": ("Lechner",),
                "birth_name": "Lechner",
            },
            {
                "surname": "Lechner",
                "given_names": "Katharina",
                "birth_date": date(1979, 10, 4),
                "sex": "F",
                "street": "Bergstraße 2",
                "postcode": "83250",
                "city": "Marquartstein",
            },
        ],
    ),
    (
        "K6",
        "name change, letters may use the former name",
        [
            {
                "surname": "Gruber-Pichler",
                "given_names": "Sandra",
                "birth_date": date(1975, 12, 1),
                "sex": "F",
                "street": "Watzmannstraße 15",
                "postcode": "83471",
                "city": "Berchtesgaden",
                "former_names": ("Pichler",),
                "birth_name": "Pichler",
            },
        ],
    ),
    (
        "K7",
        "umlaut and its ae/oe/ue spelling are different people",
        [
            {
                "surname": "Müller",
                "given_names": "Hans",
                "birth_date": date(1961, 5, 22),
                "sex": "M",
                "street": "Kaiserstraße 20",
                "postcode": "83022",
                "city": "Rosenheim",
            },
            {
                "surname": "Mueller",
                "given_names": "Hans",
                "birth_date": date(1958, 9, 30),
                "sex": "M",
                "street": "Lindenstraße 5",
                "postcode": "83026",
                "city": "Rosenheim",
            },
        ],
    ),
    (
        "K8",
        "umlaut and its ae/oe/ue spelling are different people",
        [
            {
                "surname": "Schön",
                "given_names": "Jürgen",
                "birth_date": date(1970, 1, 17),
                "sex": "M",
                "street": "Belgradstraße 33",
                "postcode": "80796",
                "city": "München",
            },
            {
                "surname": "Schoen",
                "given_names": "Juergen",
                "birth_date": date(1966, 8, 11),
                "sex": "M",
                "street": "Riedweg 1",
                "postcode": "82008",
                "city": "Unterhaching",
            },
        ],
    ),
    (
        "K9",
        "namesakes with different birth dates",
        [
            {
                "surname": "Maier",
                "given_names": "Franz Xaver",
                "birth_date": date(1939, 4, 6),
                "sex": "M",
                "street": "Alpenblick 2",
                "postcode": "87561",
                "city": "Oberstdorf",
            },
            {
                "surname": "Maier",
                "given_names": "Franz Xaver",
                "birth_date": date(1972, 4, 6),
                "sex": "M",
                "street": "Schulstraße 18",
                "postcode": "87527",
                "city": "Sonthofen",
            },
            {
                "surname": "Mayr",
                "given_names": "Franz Xaver",
                "birth_date": date(1939, 4, 6),
                "sex": "M",
                "street": "Hauptstraße 40",
                "postcode": "87509",
                "city": "Immenstadt i. Allgäu",
            },
        ],
    ),
    (
        "K10",
        "birth name differs",
        [
            {
                "surname": "Hinterberger",
                "given_names": "Theresia",
                "birth_date": date(1944, 8, 15),
                "sex": "F",
                "street": "Am Kalvarienberg 6",
                "postcode": "83483",
                "city": "Bischofswiesen",
                "birth_name": "Kiefersauer",
            },
        ],
    ),
    (
        "K11",
        "title and particle",
        [
            {
                "surname": "von Poschinger",
                "given_names": "Benedikt",
                "birth_date": date(1951, 6, 3),
                "sex": "M",
                "street": "Chiemseestraße 1",
                "postcode": "83209",
                "city": "Prien am Chiemsee",
                "title": "Dr.",
            },
            {
                "surname": "de Vries",
                "given_names": "Johanna",
                "birth_date": date(1988, 3, 30),
                "sex": "F",
                "street": "Leopoldstraße 12",
                "postcode": "80802",
                "city": "München",
                "title": "Prof. Dr.",
            },
            {
                "surname": "Zehetmair-Rasp",
                "given_names": "Veronika",
                "birth_date": date(1967, 9, 9),
                "sex": "F",
                "street": "Grünten-Straße 7",
                "postcode": "87509",
                "city": "Immenstadt i. Allgäu",
                "title": "Dipl.-Ing.",
            },
        ],
    ),
    (
        "K12",
        "foreign names with diacritics the register drops",
        [
            {
                "surname": "Kovacic",
                "given_names": "Ivana",
                "birth_date": date(1986, 1, 12),
                "sex": "F",
                "street": "Innstraße 44",
                "postcode": "83022",
                "city": "Rosenheim",
                "native": "Kovačić",
            },
            {
                "surname": "Dvorak",
                "given_names": "Jiri",
                "birth_date": date(1959, 11, 23),
                "sex": "M",
                "street": "Kirchweg 19",
                "postcode": "83278",
                "city": "Traunstein",
                "native": "Dvořák",
                "native_given": "Jiří",
            },
            {
                "surname": "Popescu",
                "given_names": "Stefan",
                "birth_date": date(1990, 7, 2),
                "sex": "M",
                "street": "Hauptstraße 7",
                "postcode": "83059",
                "city": "Kolbermoor",
                "native_given": "Ștefan",
            },
            {
                "surname": "Szabó",
                "given_names": "Erzsébet",
                "birth_date": date(1953, 2, 28),
                "sex": "F",
                "street": "Bergstraße 30",
                "postcode": "83026",
                "city": "Rosenheim",
            },
        ],
    ),
]


def build() -> list[Patient]:
    rng = random.Random(50_140)
    out: list[Patient] = []
    number = 10_000
    for group, kind, specs in _FIXED:
        for spec in specs:
            number += rng.randint(3, 17)
            extra = {}
            for key in ("native", "native_given"):
                if key in spec:
                    extra[key] = str(spec[key])
            out.append(
                Patient(
                    id=str(number),
                    surname=str(spec["surname"]),
                    given_names=str(spec["given_names"]),
                    birth_date=spec["birth_date"],  # type: ignore[arg-type]
                    sex=str(spec["sex"]),
                    street=str(spec["street"]),
                    postcode=str(spec["postcode"]),
                    city=str(spec["city"]),
                    birth_name=str(spec.get("birth_name", "")),
                    former_names=tuple(spec.get("former_names", ())),  # type: ignore[arg-type]
                    title=str(spec.get("title", "")),
                    collision=kind,
                    collision_group=group,
                    extra=extra,
                )
            )
    seen = {(p.surname, p.given_names, p.birth_date) for p in out}
    while len(out) < 320:
        foreign = rng.random() < 0.2
        sex = rng.choice("MF")
        if foreign:
            surname, origin = rng.choice(_FOREIGN_SURNAMES)
            gm, gf = _FOREIGN_GIVEN.get(origin, (["Ivan"], ["Ana"]))
            given = rng.choice(gm if sex == "M" else gf)
        else:
            origin = "BY"
            surname = rng.choice(_BAV_SURNAMES)
            if rng.random() < 0.06:
                surname = f"{surname}-{rng.choice(_BAV_SURNAMES)}"
            given = rng.choice(_GIVEN_M if sex == "M" else _GIVEN_F)
        native = surname
        surname, given_l = latin1(surname), latin1(given)
        bd = _bd(rng)
        if (surname, given_l, bd) in seen or surname in ("Müller", "Mueller", "Schön", "Schoen"):
            continue
        seen.add((surname, given_l, bd))
        street, pc, city = _addr(rng)
        birth_name = ""
        if sex == "F" and not foreign and rng.random() < 0.15:
            birth_name = rng.choice(_BAV_SURNAMES)
            if birth_name == surname:
                birth_name = ""
        title = rng.choice(["Dr.", "Dr. med.", "Dipl.-Kfm."]) if rng.random() < 0.04 else ""
        number += rng.randint(3, 17)
        extra = {}
        if native != surname:
            extra["native"] = native
        if given_l != given:
            extra["native_given"] = given
        out.append(
            Patient(
                id=str(number),
                surname=surname,
                given_names=given_l,
                birth_date=bd,
                sex=sex,
                street=street,
                postcode=pc,
                city=city,
                birth_name=birth_name,
                title=title,
                origin=origin,
                extra=extra,
            )
        )
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def fhir_resource(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = p.title.split(" ")
    names.append(official)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for former in p.former_names:
        names.append({"use": "old", "family": former, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", "#"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(code: str, content: str) -> bytes:
        body = content.encode("latin-1")
        return f"{len(body) + 9:03d}{code}".encode("ascii") + body + b"\r\n"

    others = sum(len(line(c, v)) for c, v in fields if c != "8100")
    total = others + len(line("8100", "00000"))
    return b"".join(line(c, f"{total:05d}" if c == "8100" else v) for c, v in fields)


def write_all(patients: list[Patient], folder: str | Path) -> None:
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
    cols = [
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
    with open(root / "patients.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(cols)
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
    resources = [fhir_resource(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in resources],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
