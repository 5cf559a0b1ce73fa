"""The receiving practices' shared patient register (north-western Germany), deterministic."""

from __future__ import annotations

import csv
import json
import random
import unicodedata
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SEED = 5020


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: date
    sex: str  # "female" / "male"
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


FEMALE = [
    "Anna",
    "Maria",
    "Elisabeth",
    "Gertrud",
    "Hildegard",
    "Anke",
    "Birgit",
    "Heike",
    "Sabine",
    "Katharina",
    "Johanna",
    "Mareike",
    "Wiebke",
    "Frauke",
    "Insa",
    "Hella",
    "Christa",
    "Monika",
    "Lena",
    "Marie",
    "Theresa",
    "Annegret",
    "Renate",
    "Ursula",
    "Helga",
    "Gesine",
    "Silke",
]
MALE = [
    "Heinrich",
    "Hermann",
    "Bernhard",
    "Josef",
    "Franz",
    "Gerd",
    "Hinrich",
    "Jan",
    "Tobias",
    "Wilhelm",
    "Klaus",
    "Dieter",
    "Uwe",
    "Frank",
    "Jens",
    "Hendrik",
    "Lukas",
    "Jonas",
    "Friedrich",
    "Theodor",
    "Reinhard",
    "Heinz",
    "Ludger",
    "Clemens",
    "Werner",
    "Ansgar",
]
SURNAMES = [
    "Brinkmann",
    "Terhorst",
    "Wessels",
    "Többen",
    "Hüsing",
    "Schulte",
    "Kemper",
    "Lübbers",
    "Janssen",
    "Ahlers",
    "Bruns",
    "Hackmann",
    "Niehaus",
    "Wübbels",
    "Lammers",
    "Rolfes",
    "Thye",
    "Gerdes",
    "Ostendorf",
    "Pöppelmann",
    "Sievers",
    "Büscher",
    "Hölscher",
    "Stegemann",
    "Determann",
    "Kötter",
    "Große-Wöstmann",
    "Wiegmann",
    "Haverkamp",
    "Rüschoff",
    "Pohlmann",
    "Landwehr",
    "Vöcking",
    "Brockhoff",
    "Meyer",
    "Schröder",
    "Ebbers",
    "Tüshaus",
    "Reckers",
    "Kleine-Bößling",
    "Hülsmann",
    "Menke",
    "Tepe",
    "Husmann",
    "Oltmanns",
    "Albers",
    "Harms",
]
PARTICLE = [
    ("Meyer zu Schwabedissen", "male"),
    ("von dem Bussche", "female"),
    ("ten Haaf", "male"),
    ("zur Horst", "female"),
    ("van der Veen", "female"),
    ("ter Braak", "male"),
    ("Schulze Dieckhoff", "male"),
    ("auf der Heide", "female"),
]
FOREIGN = [
    # (surname, given names, sex, country of the name)
    ("de Vries", "Geertje", "female", "NL"),
    ("Bakker", "Willem Jan", "male", "NL"),
    ("Kowalski", "Jan", "male", "PL"),
    ("Wiśniewska", "Agnieszka", "female", "PL"),
    ("Zieliński", "Paweł", "male", "PL"),
    ("Iwanowa", "Swetlana", "female", "RU"),
    ("Schmidt", "Waldemar", "male", "KZ"),
    ("Kasakow", "Viktor", "male", "KZ"),
    ("Dück", "Lilli", "female", "KZ"),
    ("Ferreira da Silva", "João Pedro", "male", "PT"),
    ("Gonçalves", "Maria da Conceição", "female", "PT"),
    ("Al-Hassan", "Mohammed", "male", "SY"),
    ("Haddad", "Rania", "female", "SY"),
    ("Ahmad", "Karwan", "male", "IQ"),
    ("Popescu", "Ioana", "female", "RO"),
    ("Munteanu", "Florin", "male", "RO"),
    ("Yılmaz", "Ayşe", "female", "TR"),
    ("O'Sullivan", "Siobhán", "female", "IE"),
    ("Walker", "Derrick", "male", "US"),
    ("Neufeld", "Jakob", "male", "KZ"),
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]
PLACES = [
    ("49074", "Osnabrück"),
    ("49076", "Osnabrück"),
    ("49080", "Osnabrück"),
    ("49716", "Meppen"),
    ("49733", "Haren (Ems)"),
    ("49808", "Lingen (Ems)"),
    ("26121", "Oldenburg"),
    ("26133", "Oldenburg"),
    ("48143", "Münster"),
    ("48159", "Münster"),
    ("33602", "Bielefeld"),
    ("33615", "Bielefeld"),
    ("30159", "Hannover"),
    ("30173", "Hannover"),
    ("49124", "Georgsmarienhütte"),
    ("48268", "Greven"),
    ("49401", "Damme"),
    ("49377", "Vechta"),
    ("26871", "Papenburg"),
]
STREETS = [
    "Lotter Straße",
    "Hasestraße",
    "Kirchstraße",
    "Am Markt",
    "Emsstraße",
    "Schützenstraße",
    "Bahnhofstraße",
    "Heger-Tor-Wall",
    "Wersestraße",
    "Ludgeristraße",
    "Grüner Weg",
    "Mühlenweg",
    "Sandstraße",
    "Dorfstraße",
    "Moorweg",
    "Alter Postweg",
    "Kanalstraße",
]


def _bdate(rng: random.Random) -> date:
    return date(rng.randint(1931, 2019), rng.randint(1, 12), rng.randint(1, 28))


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(PLACES)
    return f"{rng.choice(STREETS)} {rng.randint(1, 120)}", pc, city


def build() -> list[Patient]:
    rng = random.Random(SEED)
    people: list[Patient] = []

    def add(surname: str, given: str, sex: str, **kw: object) -> Patient:
        street, pc, city = _addr(rng)
        bd = kw.pop("birth_date", None) or _bdate(rng)
        p = Patient("", surname, given, bd, sex, street, pc, city, **kw)  # type: ignore[arg-type]
        people.append(p)
        return p

    # deliberate collisions first
    a = add("Brinkmann", "Heinrich", "male", birth_date=date(1948, 3, 12))
    b = add("Brinkmann", "Heinrich", "male", birth_date=date(1948, 3, 12))
    b.street, b.postcode, b.city = "Moorweg 7", "49716", "Meppen"
    a.street, a.postcode, a.city = "Lotter Straße 44", "49078", "Osnabrück"
    for p in (a, b):
        p.collision, p.collision_group = "same name and birth date, other address", "G1"
    c = add("Hüsing", "Maria", "female", birth_date=date(1955, 7, 2))
    d = add("Hüsing", "Maria", "female", birth_date=date(1955, 7, 2))
    d.street, d.postcode, d.city = "Wersestraße 3", "48159", "Münster"
    c.street, c.postcode, c.city = "Kirchstraße 12", "49808", "Lingen (Ems)"
    for p in (c, d):
        p.collision, p.collision_group = "same name and birth date, other address", "G2"
    for g, s in (("Lena", "female"), ("Jonas", "male")):
        t = add("Oltmanns", g, s, birth_date=date(2011, 9, 14))
        t.street, t.postcode, t.city = "Alter Postweg 19", "26133", "Oldenburg"
        t.collision, t.collision_group = "twin", "G3"
    for g in ("Marie", "Theresa"):
        t = add("Tüshaus", g, "female", birth_date=date(1988, 1, 30))
        t.street, t.postcode, t.city = "Emsstraße 2", "48268", "Greven"
        t.collision, t.collision_group = "twin", "G4"
    m = add("Kötter", "Katharina", "female", birth_date=date(1979, 5, 21))
    m.birth_name, m.former_names = "Pöppelmann", ["Pöppelmann"]
    m.collision, m.collision_group = "name change (letter uses old name)", "G5"
    m2 = add("Rüschoff-Wiegmann", "Anke", "female", birth_date=date(1969, 11, 3))
    m2.birth_name, m2.former_names = "Rüschoff", ["Rüschoff", "Haverkamp"]
    m2.collision, m2.collision_group = "name change (letter uses old name)", "G6"
    u1 = add("Müller", "Gerd", "male", birth_date=date(1950, 6, 8))
    u2 = add("Mueller", "Gerd", "male", birth_date=date(1957, 2, 17))
    for p in (u1, u2):
        p.collision, p.collision_group = "umlaut spelling is another person", "G7"
    o1 = add("Schröder", "Helga", "female", birth_date=date(1942, 10, 25))
    o2 = add("Schroeder", "Helga", "female", birth_date=date(1961, 4, 4))
    for p in (o1, o2):
        p.collision, p.collision_group = "umlaut spelling is another person", "G8"
    for bd in (date(1938, 8, 1), date(1971, 12, 19), date(2004, 2, 29)):
        n = add("Janssen", "Jan", "male", birth_date=bd)
        n.collision, n.collision_group = "namesakes, other birth dates", "G9"
    for bd in (date(1952, 1, 9), date(1983, 6, 16)):
        n = add("Kowalski", "Jan", "male", birth_date=bd)
        n.collision, n.collision_group = "namesakes, other birth dates", "G10"
    for bd in (date(1946, 4, 11), date(1974, 9, 3)):
        n = add("Schmidt", "Waldemar", "male", birth_date=bd)
        n.collision, n.collision_group = "namesakes, other birth dates", "G11"
    # titled, particles, double names, foreign names
    for sur, sex in PARTICLE:
        add(sur, rng.choice(FEMALE if sex == "female" else MALE), sex)
    for sur, given, sex, _c in FOREIGN:
        if (sur, given) not in {("Kowalski", "Jan"), ("Schmidt", "Waldemar")}:
            add(sur, given, sex)
    while len(people) < 318:
        sex = rng.choice(["female", "male"])
        given = rng.choice(FEMALE if sex == "female" else MALE)
        if rng.random() < 0.2:
            pool = FEMALE if sex == "female" else MALE
            given = f"{given} {rng.choice(pool)}"
        sur = rng.choice(SURNAMES)
        if rng.random() < 0.08:
            sur = f"{sur}-{rng.choice(SURNAMES)}"
        kw: dict[str, object] = {}
        if rng.random() < 0.07:
            kw["title"] = rng.choice(TITLES)
        if sex == "female" and rng.random() < 0.25:
            kw["birth_name"] = rng.choice(SURNAMES)
        add(sur, given, sex, **kw)
    order = list(range(len(people)))
    rng.shuffle(order)
    for n, i in enumerate(order):
        people[i].id = str(10001 + n * 7)
    return people


def by_id() -> dict[str, Patient]:
    return {p.id: p for p in build()}


def _fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split()}
    ]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split()})
    for f in p.former_names:
        if f != p.birth_name:
            names.append({"use": "old", "family": f, "given": p.given_names.split()})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:heldout50t:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": p.sex,
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def latin1(s: str) -> str:
    """A name as GDT's ISO-8859-1 can carry it: other letters lose their marks."""
    out = []
    for ch in s:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)[0]
            out.append({"ł": "l", "Ł": "L", "ı": "i"}.get(ch, base))
    return "".join(out)


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", ""),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "2" if p.sex == "female" else "1"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(f: str, v: str) -> bytes:
        body = (f + latin1(v)).encode("latin-1")
        return f"{len(body) + 5:03d}".encode() + body + b"\r\n"

    total = sum(len(line(f, v)) for f, v in fields if f != "8100") + len(line("8100", "00000"))
    fields[1] = ("8100", f"{total:05d}")
    return b"".join(line(f, v) for f, v in fields)


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


def write_all(patients: list[Patient], folder: Path | str) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
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
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    res = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50t-{r['id']}", "resource": r} for r in res],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
