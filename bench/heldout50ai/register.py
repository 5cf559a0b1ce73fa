"""The practice register: 300+ patients of Bremen, East Frisia, Oldenburg and the Emsland."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SEED = 5011


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: date
    sex: str  # "M" / "F"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


SURNAMES = [
    "Janssen",
    "Hinrichs",
    "Oltmanns",
    "Gerdes",
    "Eilers",
    "Ahlers",
    "Meyer",
    "Müller",
    "de Vries",
    "Bruns",
    "Brüning",
    "Tjarks",
    "Onken",
    "Harms",
    "Wübbena",
    "Ubben",
    "Ihnen",
    "Saathoff",
    "Lüpkes",
    "Rademacher",
    "Bührmann",
    "Schröder",
    "Köster",
    "Hoffmann",
    "Dirks",
    "Buss",
    "Frerichs",
    "Poppinga",
    "Sielmann",
    "Cassens",
    "van Lengen",
    "ter Veer",
    "Kruse",
    "Löning",
    "Tammen",
    "Jürgens",
    "Wessels",
    "Schepers",
    "Hümmeke",
    "Többen",
    "Robben",
    "Brinkmann",
    "Heyen",
    "Garrels",
    "Penner",
    "Friesen",
    "Neufeld",
    "Dyck",
    "Wolf",
    "Schmidt",
    "Klassen",
    "Janzen",
    "Al-Hassan",
    "Haddad",
    "Khalil",
    "Karimi",
    "Ahmadzai",
    "Noori",
    "Popal",
    "Kovalenko",
    "Schewtschenko",
    "Bondarenko",
    "Yılmaz",
    "Öztürk",
    "Nowak",
    "Kowalski",
    "Meyer-Oltmanns",
    "Hinrichs-Ubben",
    "von Lübbe",
    "von der Decken",
]
MALE = [
    "Gerd",
    "Hinrich",
    "Jan",
    "Tjark",
    "Enno",
    "Okko",
    "Hauke",
    "Frerk",
    "Bernd",
    "Heiko",
    "Uwe",
    "Klaus-Dieter",
    "Hans Hermann",
    "Friedrich Wilhelm",
    "Waldemar",
    "Viktor",
    "Alexander",
    "Ahmad",
    "Mohammed",
    "Omar",
    "Farid",
    "Mykola",
    "Taras",
    "Mehmet",
    "Jannes",
    "Piet",
    "Lukas",
    "Jonas",
    "Eike",
    "Fokko",
]
FEMALE = [
    "Anna-Lena",
    "Frauke",
    "Imke",
    "Wiebke",
    "Gesine",
    "Heike",
    "Swantje",
    "Tomke",
    "Hilke",
    "Maria",
    "Elisabeth",
    "Anke",
    "Olga",
    "Swetlana",
    "Lydia",
    "Fatima",
    "Amal",
    "Layla",
    "Zahra",
    "Oksana",
    "Olena",
    "Ayşe",
    "Agnieszka",
    "Greta",
    "Johanna",
    "Maren",
    "Insa",
    "Theda",
    "Edda",
    "Marie Luise",
]
STREETS = [
    "Am Deich",
    "Hafenstraße",
    "Norderstraße",
    "Kirchstraße",
    "Mühlenweg",
    "Schlachte",
    "Ostertorsteinweg",
    "Große Straße",
    "Bahnhofstraße",
    "Deichstraße",
    "Osterstraße",
    "Kaiserstraße",
    "Ringstraße",
    "Lange Straße",
    "Fehnweg",
]
PLACES = [
    ("28195", "Bremen"),
    ("28203", "Bremen"),
    ("27568", "Bremerhaven"),
    ("26122", "Oldenburg"),
    ("26721", "Emden"),
    ("26789", "Leer (Ostfriesland)"),
    ("26603", "Aurich"),
    ("26506", "Norden"),
    ("26548", "Norderney"),
    ("26571", "Juist"),
    ("49808", "Lingen (Ems)"),
    ("49716", "Meppen"),
    ("26871", "Papenburg"),
    ("26826", "Weener"),
    ("26409", "Wittmund"),
    ("26382", "Wilhelmshaven"),
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing."]


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(PLACES)
    return f"{rng.choice(STREETS)} {rng.randint(1, 140)}", pc, city


def _bd(rng: random.Random, lo: int = 1932, hi: int = 2019) -> date:
    return date(rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28))


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []

    def add(**kw: object) -> Patient:
        pid = str(40100 + len(out) * 7)
        p = Patient(id=pid, **kw)  # type: ignore[arg-type]
        out.append(p)
        return p

    # ordinary patients
    for _ in range(262):
        sex = rng.choice("MF")
        given = rng.choice(MALE if sex == "M" else FEMALE)
        if rng.random() < 0.12:
            other = rng.choice(MALE if sex == "M" else FEMALE)
            if other != given and " " not in given and "-" not in given:
                given = f"{given} {other}"
        st, pc, city = _addr(rng)
        title = rng.choice(TITLES) if rng.random() < 0.06 else ""
        birth = ""
        if sex == "F" and rng.random() < 0.15:
            birth = rng.choice(SURNAMES)
        add(
            surname=rng.choice(SURNAMES),
            given_names=given,
            birth_date=_bd(rng),
            sex=sex,
            street=st,
            postcode=pc,
            city=city,
            title=title,
            birth_name=birth,
        )
    # collisions
    for g in range(6):  # same name and birth date, told apart by address
        sex = "M" if g % 2 else "F"
        sur, giv, bd = rng.choice(SURNAMES), rng.choice(MALE if sex == "M" else FEMALE), _bd(rng)
        for _k in range(2):
            st, pc, city = _addr(rng)
            add(
                surname=sur,
                given_names=giv,
                birth_date=bd,
                sex=sex,
                street=st,
                postcode=pc,
                city=city,
                collision="same_name_and_birth_date",
                collision_group=f"same-{g}",
            )
    for g in range(5):  # twins
        sur, bd = rng.choice(SURNAMES), _bd(rng, 1960, 2018)
        st, pc, city = _addr(rng)
        for giv, sex in ((rng.choice(MALE), "M"), (rng.choice(FEMALE), "F")):
            add(
                surname=sur,
                given_names=giv,
                birth_date=bd,
                sex=sex,
                street=st,
                postcode=pc,
                city=city,
                collision="twins",
                collision_group=f"twins-{g}",
            )
    for g in range(6):  # name change: letters may use the old name
        old, new = rng.choice(SURNAMES), rng.choice(SURNAMES)
        if old == new:
            new = "Gerdes-" + old
        st, pc, city = _addr(rng)
        add(
            surname=new,
            given_names=rng.choice(FEMALE),
            birth_date=_bd(rng, 1950, 2000),
            sex="F",
            street=st,
            postcode=pc,
            city=city,
            former_names=[old],
            birth_name=old,
            collision="name_change",
            collision_group=f"married-{g}",
        )
    for g, (a, b) in enumerate(
        [
            ("Müller", "Mueller"),
            ("Brüning", "Bruening"),
            ("Köster", "Koester"),
            ("Lüpkes", "Luepkes"),
            ("Jürgens", "Juergens"),
        ]
    ):  # umlaut vs ae/oe/ue spelling: different people
        giv = rng.choice(MALE)
        for sur in (a, b):
            st, pc, city = _addr(rng)
            add(
                surname=sur,
                given_names=giv,
                birth_date=_bd(rng),
                sex="M",
                street=st,
                postcode=pc,
                city=city,
                collision="umlaut_spelling",
                collision_group=f"uml-{g}",
            )
    for g in range(6):  # namesakes, different birth dates
        sex = rng.choice("MF")
        sur, giv = rng.choice(SURNAMES), rng.choice(MALE if sex == "M" else FEMALE)
        for _k in range(2):
            st, pc, city = _addr(rng)
            add(
                surname=sur,
                given_names=giv,
                birth_date=_bd(rng),
                sex=sex,
                street=st,
                postcode=pc,
                city=city,
                collision="namesake",
                collision_group=f"name-{g}",
            )
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def fhir(p: Patient) -> dict[str, object]:
    given = p.given_names.split(" ")
    names: list[dict[str, object]] = [{"use": "official", "family": p.surname, "given": given}]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name and p.birth_name != p.surname:
        names.append({"use": "maiden", "family": p.birth_name, "given": given})
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": given})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": "urn:heldout50ai:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def gdt(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", "?????"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(f: str, v: str) -> bytes:
        body = (f + v).encode("latin-1", "replace") + b"\r\n"
        return f"{len(body) + 3:03d}".encode() + body

    total = sum(len(line(f, v)) for f, v in fields)
    fields[1] = ("8100", f"{total:05d}")
    return b"".join(line(f, v) for f, v in fields)


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
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
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
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
    (folder / "patients.csv").write_text(buf.getvalue(), encoding="utf-8")
    res = [fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:pat-{p.id}", "resource": r}
            for p, r in zip(patients, res, strict=True)
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt(p))
