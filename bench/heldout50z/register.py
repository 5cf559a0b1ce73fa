"""The receiving practices' shared patient register (deterministic, at least 300 patients)."""

from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_2026
FHIR_SYSTEM = "urn:oid:1.2.276.0.76.4.50.26"  # the practices' own patient numbers

M_GIVEN = [
    "Josef",
    "Johann",
    "Franz",
    "Georg",
    "Anton",
    "Alois",
    "Korbinian",
    "Maximilian",
    "Sebastian",
    "Florian",
    "Michael",
    "Andreas",
    "Thomas",
    "Stefan",
    "Markus",
    "Lukas",
    "Simon",
    "Benedikt",
    "Quirin",
    "Leonhard",
    "Xaver",
    "Wolfgang",
    "Hubert",
    "Ludwig",
    "Felix",
    "Tobias",
    "Matthias",
    "Martin",
    "Konrad",
    "Vinzenz",
]
F_GIVEN = [
    "Maria",
    "Anna",
    "Theresia",
    "Rosa",
    "Franziska",
    "Magdalena",
    "Katharina",
    "Elisabeth",
    "Veronika",
    "Johanna",
    "Barbara",
    "Monika",
    "Sabine",
    "Andrea",
    "Claudia",
    "Julia",
    "Lena",
    "Sophie",
    "Leonie",
    "Kreszentia",
    "Walburga",
    "Ursula",
    "Christine",
    "Petra",
    "Susanne",
    "Regina",
    "Margarete",
    "Hildegard",
    "Agnes",
    "Carina",
]
DOUBLE_M = ["Franz Xaver", "Johann Baptist", "Karl-Heinz", "Hans-Peter", "Josef Anton"]
DOUBLE_F = ["Maria Theresia", "Anna-Lena", "Rosa Maria", "Eva-Maria", "Anna Katharina"]
SURNAMES = [
    "Huber",
    "Bauer",
    "Wagner",
    "Maier",
    "Mayr",
    "Gruber",
    "Hofmann",
    "Schmid",
    "Kraus",
    "Lechner",
    "Obermaier",
    "Niedermeier",
    "Brandl",
    "Wimmer",
    "Zeller",
    "Rieger",
    "Strobl",
    "Fischer",
    "Weber",
    "Moosbrugger",
    "Feneberg",
    "Hindelang",
    "Kößler",
    "Schäffler",
    "Jäger",
    "Böck",
    "Gößwein",
    "Stadler",
    "Fendt",
    "Sailer",
    "Stöckl",
    "Rottmair",
    "Aicher",
    "Hartl",
    "Eichinger",
    "Pfaffinger",
    "Wallner",
    "Berchtold",
    "Kiening",
    "Amann",
    "Zobel",
    "Haslinger",
    "Angerer",
    "Ostler",
    "Grasegger",
    "Neuner",
    "Dengler",
    "Scholz",
    "Wörle",
    "Übelhör",
]
FOREIGN = [
    # (surname, male given, female given, country of origin)
    ("Kovacevic", "Ivan", "Ana", "HR"),
    ("Horvat", "Tomislav", "Ivana", "HR"),
    ("Hodzic", "Emir", "Amra", "BA"),
    ("Begic", "Adnan", "Lejla", "BA"),
    ("Berisha", "Arben", "Drita", "XK"),
    ("Krasniqi", "Besnik", "Valbona", "XK"),
    ("Gashi", "Florent", "Arta", "XK"),
    ("Popescu", "Andrei", "Ioana", "RO"),
    ("Ionescu", "Mihai", "Elena", "RO"),
    ("Kovalenko", "Oleksandr", "Olena", "UA"),
    ("Shevchenko", "Andrii", "Iryna", "UA"),
    ("Novak", "Matej", "Maja", "SI"),
    ("Kralj", "Luka", "Nina", "SI"),
    ("Oberhofer", "Martin", "Verena", "IT"),
    ("Pichler", "Reinhard", "Gerlinde", "AT"),
    ("Rossi", "Marco", "Giulia", "IT"),
    ("García López", "Javier", "Lucía", "ES"),
    ("Tanaka", "Hiroshi", "Yuki", "JP"),
    ("Yilmaz", "Mehmet", "Ayse", "TR"),
    ("Nowak", "Piotr", "Agnieszka", "PL"),
]
PARTICLE_NAMES = [
    ("von Poschinger", "M"),
    ("von und zu Aufseß", "F"),
    ("Freiherr von Gumppenberg", "M"),
    ("de Vries", "F"),
    ("van der Linden", "M"),
    ("zu Castell", "F"),
]
PLACES = [
    ("80331", "München"),
    ("80469", "München"),
    ("81541", "München"),
    ("80799", "München"),
    ("81667", "München"),
    ("83022", "Rosenheim"),
    ("83026", "Rosenheim"),
    ("85049", "Ingolstadt"),
    ("85055", "Ingolstadt"),
    ("82467", "Garmisch-Partenkirchen"),
    ("87435", "Kempten (Allgäu)"),
    ("87439", "Kempten (Allgäu)"),
    ("83646", "Bad Tölz"),
    ("87527", "Sonthofen"),
    ("82418", "Murnau a. Staffelsee"),
    ("83435", "Bad Reichenhall"),
    ("87509", "Immenstadt i. Allgäu"),
    ("83043", "Bad Aibling"),
]
STREETS = [
    "Frauenstraße",
    "Westenriederstraße",
    "Rosenheimer Straße",
    "Kaiserstraße",
    "Münchener Straße",
    "Bahnhofstraße",
    "Ludwigstraße",
    "Gabelsbergerstraße",
    "Am Anger",
    "Kirchplatz",
    "Bergstraße",
    "Illerstraße",
    "Ziegelstadel",
    "Marktplatz",
    "Zugspitzstraße",
    "Wendelsteinstraße",
    "Isarweg",
    "Salzstraße",
    "Residenzstraße",
    "Schrannenplatz",
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str
    sex: str  # "M" or "F"
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


def _date(rng: random.Random, y0: int, y1: int) -> str:
    y = rng.randint(y0, y1)
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return f"{y:04d}-{m:02d}-{d:02d}"


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []

    def add(**kw: object) -> Patient:
        pid = str(10_101 + len(out) * 7)
        place = rng.choice(PLACES)
        defaults: dict[str, object] = {
            "street": f"{rng.choice(STREETS)} {rng.randint(1, 88)}",
            "postcode": place[0],
            "city": place[1],
        }
        defaults.update(kw)
        p = Patient(id=pid, **defaults)  # type: ignore[arg-type]
        out.append(p)
        return p

    # Ordinary patients.
    for i in range(250):
        sex = "F" if i % 2 else "M"
        pool = F_GIVEN if sex == "F" else M_GIVEN
        r = rng.random()
        if r < 0.08:
            given = rng.choice(DOUBLE_F if sex == "F" else DOUBLE_M)
        elif r < 0.16:
            given = f"{rng.choice(pool)} {rng.choice(pool)}"
        else:
            given = rng.choice(pool)
        surname = rng.choice(SURNAMES)
        if rng.random() < 0.06:
            surname = f"{surname}-{rng.choice(SURNAMES)}"
        title = ""
        t = rng.random()
        if t < 0.06:
            title = "Dr."
        elif t < 0.08:
            title = "Prof. Dr."
        elif t < 0.10:
            title = "Dipl.-Ing."
        birth_name = ""
        former: list[str] = []
        if sex == "F" and rng.random() < 0.15:
            birth_name = rng.choice(SURNAMES)
            if birth_name != surname:
                former = [birth_name]
            else:
                birth_name = ""
        add(
            surname=surname,
            given_names=given,
            birth_date=_date(rng, 1932, 2019),
            sex=sex,
            title=title,
            birth_name=birth_name,
            former_names=former,
        )
    for surname, mg, fg, country in FOREIGN:
        for sex, g in (("M", mg), ("F", fg)):
            add(surname=surname, given_names=g, birth_date=_date(rng, 1940, 2015), sex=sex)
        if country in ("AT", "IT") and rng.random() < 0.5:
            out[-1].country = country
    for surname, sex in PARTICLE_NAMES:
        pool = F_GIVEN if sex == "F" else M_GIVEN
        add(
            surname=surname,
            given_names=rng.choice(pool),
            birth_date=_date(rng, 1935, 1990),
            sex=sex,
            title=rng.choice(["", "Dr.", ""]),
        )

    # Collisions.
    a = add(
        surname="Huber",
        given_names="Johann",
        birth_date="1956-04-12",
        sex="M",
        street="Frauenstraße 12",
        postcode="80469",
        city="München",
        collision="same-name-birth-date",
        collision_group="C1",
    )
    b = add(
        surname="Huber",
        given_names="Johann",
        birth_date="1956-04-12",
        sex="M",
        street="Kufsteiner Straße 3",
        postcode="83022",
        city="Rosenheim",
        collision="same-name-birth-date",
        collision_group="C1",
    )
    del a, b
    for g, bd in (("Johann", "1949-11-02"), ("Johann", "1988-07-19")):
        add(
            surname="Huber",
            given_names=g,
            birth_date=bd,
            sex="M",
            collision="namesake",
            collision_group="C2",
        )
    add(
        surname="Wimmer",
        given_names="Lukas",
        birth_date="2011-09-23",
        sex="M",
        street="Illerstraße 7",
        postcode="87435",
        city="Kempten (Allgäu)",
        collision="twin",
        collision_group="C3",
    )
    add(
        surname="Wimmer",
        given_names="Lena",
        birth_date="2011-09-23",
        sex="F",
        street="Illerstraße 7",
        postcode="87435",
        city="Kempten (Allgäu)",
        collision="twin",
        collision_group="C3",
    )
    add(
        surname="Müller",
        given_names="Josef",
        birth_date="1950-03-03",
        sex="M",
        collision="umlaut-spelling",
        collision_group="C4",
    )
    add(
        surname="Mueller",
        given_names="Josef",
        birth_date="1971-06-15",
        sex="M",
        collision="umlaut-spelling",
        collision_group="C4",
    )
    add(
        surname="Schoen",
        given_names="Theresia",
        birth_date="1944-02-08",
        sex="F",
        collision="umlaut-spelling",
        collision_group="C5",
    )
    add(
        surname="Schön",
        given_names="Theresia",
        birth_date="1979-10-30",
        sex="F",
        collision="umlaut-spelling",
        collision_group="C5",
    )
    add(
        surname="Brandl-Oberhofer",
        given_names="Verena",
        birth_date="1983-05-17",
        sex="F",
        birth_name="Oberhofer",
        former_names=["Oberhofer"],
        collision="name-change",
        collision_group="C6",
    )
    add(
        surname="Kiening",
        given_names="Magdalena",
        birth_date="1990-01-04",
        sex="F",
        birth_name="Hartl",
        former_names=["Hartl"],
        collision="name-change",
        collision_group="C7",
    )
    add(
        surname="Hartl",
        given_names="Magdalena",
        birth_date="1962-08-21",
        sex="F",
        collision="name-change",
        collision_group="C7",
    )
    add(
        surname="Berisha",
        given_names="Arben",
        birth_date="1978-12-01",
        sex="M",
        street="Schrannenplatz 4",
        postcode="85049",
        city="Ingolstadt",
        collision="namesake",
        collision_group="C8",
    )
    add(
        surname="Kovalenko",
        given_names="Olena",
        birth_date="1986-03-14",
        sex="F",
        collision="namesake",
        collision_group="C9",
    )
    add(
        surname="Rädler",
        given_names="Vinzenz",
        birth_date="1939-07-07",
        sex="M",
        collision="",
        collision_group="",
    )

    # Fill up to well over 300.
    while len(out) < 330:
        sex = rng.choice(["M", "F"])
        pool = F_GIVEN if sex == "F" else M_GIVEN
        add(
            surname=rng.choice(SURNAMES),
            given_names=rng.choice(pool),
            birth_date=_date(rng, 1930, 2020),
            sex=sex,
        )
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def _gdt(p: Patient) -> bytes:
    d = p.birth_date
    fields = [
        ("8000", "6301"),
        ("8100", "00000"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", d[8:10] + d[5:7] + d[0:4]),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(f: str, content: str) -> bytes:
        body = f"{f}{content}\r\n".encode("latin-1")
        return f"{len(body) + 3:03d}".encode("ascii") + body

    total = sum(len(line(f, c)) for f, c in fields)
    fields[1] = ("8100", f"{total:05d}")
    return b"".join(line(f, c) for f, c in fields)


def fhir_resource(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        names[0]["prefix"] = p.title.split(" ")
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
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


def csv_text(patients: list[Patient]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
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
    return buf.getvalue()


def write_all(patients: list[Patient], folder: str | Path) -> None:
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
    (root / "patients.csv").write_text(csv_text(patients), encoding="utf-8")
    for p in patients:
        (root / "gdt" / f"{p.id}.gdt").write_bytes(_gdt(p))
    res = [fhir_resource(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in res],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
