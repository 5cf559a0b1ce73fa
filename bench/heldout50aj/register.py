"""The receiving practices' shared patient register (deterministic, >= 300 patients)."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_0131

CITIES = [
    ("39104", "Magdeburg", ["Breiter Weg", "Otto-von-Guericke-Straße", "Leibnizstraße"]),
    ("39110", "Magdeburg", ["Große Diesdorfer Straße", "Olvenstedter Straße", "Annastraße"]),
    ("39124", "Magdeburg", ["Lübecker Straße", "Hohepfortestraße", "Nachtweide"]),
    ("06108", "Halle (Saale)", ["Mansfelder Straße", "Große Ulrichstraße", "Dachritzstraße"]),
    ("06122", "Halle (Saale)", ["Neustädter Passage", "Zollrain", "Am Gastronom"]),
    ("06844", "Dessau-Roßlau", ["Kavalierstraße", "Zerbster Straße", "Askanische Straße"]),
    ("06886", "Lutherstadt Wittenberg", ["Collegienstraße", "Dessauer Straße", "Mittelstraße"]),
    ("39576", "Hansestadt Stendal", ["Breite Straße", "Hallstraße", "Uenglinger Straße"]),
    ("39606", "Osterburg (Altmark)", ["Breite Straße", "Kleine Schulstraße"]),
    ("38855", "Wernigerode", ["Breite Straße", "Burgstraße", "Nöschenröder Straße"]),
    ("06484", "Quedlinburg", ["Steinweg", "Pölle", "Word", "Carl-Ritter-Straße"]),
    ("38820", "Halberstadt", ["Fischmarkt", "Kühlinger Straße", "Spiegelstraße"]),
    ("06618", "Naumburg (Saale)", ["Marienstraße", "Jakobsstraße", "Weißenfelser Straße"]),
    ("06667", "Weißenfels", ["Jüdenstraße", "Leipziger Straße", "Merseburger Straße"]),
]

DE_SURNAMES = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hartmann",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Schulze",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Kaiser",
    "Fuchs",
    "Peters",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Schubert",
    "Vogel",
    "Friedrich",
    "Günther",
    "Frank",
    "Winkler",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Böhm",
    "Winter",
    "Kraus",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Seidel",
    "Heinrich",
    "Brandt",
    "Dietrich",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Bergmann",
    "Voigt",
    "Sauer",
    "Arnold",
    "Pfeiffer",
    "Kühne",
    "Hentschel",
    "Löffler",
    "Thiele",
    "Wendt",
    "Kretschmer",
    "Rudolph",
    "Gärtner",
    "Heinze",
    "Böttcher",
    "Matthes",
    "Kunze",
    "Kirchner",
    "Mehnert",
    "Jahn",
    "Schilling",
    "Haase",
    "Göbel",
    "Reinhardt",
    "Schönfeld",
    "Kießling",
    "Ebert",
    "Mertens",
    "Stöckel",
    "Gottschalk",
]
DE_GIVEN_F = [
    "Ingrid",
    "Renate",
    "Brigitte",
    "Christa",
    "Gisela",
    "Ursula",
    "Helga",
    "Karin",
    "Monika",
    "Petra",
    "Sabine",
    "Mandy",
    "Peggy",
    "Sandy",
    "Nicole",
    "Katrin",
    "Susann",
    "Andrea",
    "Anja",
    "Kerstin",
    "Heike",
    "Doreen",
    "Lena",
    "Leonie",
    "Mia",
    "Emma",
    "Hannelore",
    "Anna-Lena",
    "Eva-Maria",
    "Marie",
    "Luise",
    "Annegret",
    "Jacqueline",
]
DE_GIVEN_M = [
    "Klaus",
    "Dieter",
    "Jürgen",
    "Manfred",
    "Wolfgang",
    "Horst",
    "Gerd",
    "Bernd",
    "Uwe",
    "Frank",
    "Rainer",
    "Lutz",
    "Steffen",
    "Ronny",
    "Maik",
    "Enrico",
    "Marcel",
    "René",
    "Daniel",
    "Finn",
    "Paul",
    "Emil",
    "Ben",
    "Jonas",
    "Lukas",
    "Karl-Heinz",
    "Hans-Jürgen",
    "Hans-Peter",
    "Torsten",
    "Sven",
    "Heiko",
    "Mirko",
]
FOREIGN = [
    # (origin, surname, given, sex)
    ("PL", "Kowalska", "Agnieszka", "f"),
    ("PL", "Nowak", "Piotr", "m"),
    ("PL", "Wiśniewska", "Małgorzata", "f"),
    ("PL", "Wójcik", "Łukasz", "m"),
    ("PL", "Zieliński", "Krzysztof", "m"),
    ("PL", "Szymańska", "Katarzyna", "f"),
    ("CZ", "Nováková", "Jana", "f"),
    ("CZ", "Dvořák", "Jiří", "m"),
    ("CZ", "Svobodová", "Lenka", "f"),
    ("CZ", "Černý", "Tomáš", "m"),
    ("VN", "Nguyen", "Thi Huong", "f"),
    ("VN", "Tran", "Van Minh", "m"),
    ("VN", "Pham", "Thu Trang", "f"),
    ("VN", "Le", "Quang Huy", "m"),
    ("VN", "Hoang", "Thi Lan", "f"),
    ("VN", "Vu", "Duc Anh", "m"),
    ("SY", "Al-Hassan", "Mohammad", "m"),
    ("SY", "Alkhalil", "Rania", "f"),
    ("SY", "Haddad", "Omar", "m"),
    ("SY", "Ibrahim", "Fatima", "f"),
    ("SY", "Al Masri", "Yara", "f"),
    ("SY", "Khalil", "Ahmad", "m"),
    ("UA", "Kovalenko", "Olena", "f"),
    ("UA", "Shevchenko", "Andrii", "m"),
    ("UA", "Bondarenko", "Iryna", "f"),
    ("UA", "Melnyk", "Serhii", "m"),
    ("UA", "Tkachenko", "Oksana", "f"),
    ("RU", "Iwanow", "Wladimir", "m"),
    ("RU", "Kusnezowa", "Tatjana", "f"),
    ("RU", "Petrow", "Jewgeni", "m"),
    ("RU", "Smirnowa", "Swetlana", "f"),
    ("RU", "Schmidt", "Olga", "f"),
    ("RU", "Becker", "Alexander", "m"),
    ("NL", "de Vries", "Johanna", "f"),
    ("NL", "van den Berg", "Pieter", "m"),
    ("GB", "Thompson", "Sarah", "f"),
]
TITLES = ["Dr.", "Prof. Dr.", "Dipl.-Ing.", "Dr. med.", "Dipl.-Med."]


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
    origin: str = "DE"
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _dob(rng: random.Random, lo: int = 1932, hi: int = 2019) -> dt.date:
    y = rng.randint(lo, hi)
    return dt.date(y, 1, 1) + dt.timedelta(days=rng.randint(0, 364))


def _address(rng: random.Random) -> tuple[str, str, str]:
    pc, city, streets = rng.choice(CITIES)
    return f"{rng.choice(streets)} {rng.randint(1, 120)}", pc, city


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, dt.date]] = set()

    def add(p: Patient) -> Patient:
        out.append(p)
        seen.add((p.surname, p.given_names, p.birth_date))
        return p

    def plain(sex: str | None = None, lo: int = 1932, hi: int = 2019) -> Patient:
        while True:
            s = sex or rng.choice("mf")
            given = rng.choice(DE_GIVEN_F if s == "f" else DE_GIVEN_M)
            sur = rng.choice(DE_SURNAMES)
            dob = _dob(rng, lo, hi)
            if (sur, given, dob) not in seen:
                st, pc, city = _address(rng)
                return Patient("", sur, given, dob, s, st, pc, city)

    # collision groups first
    for g in range(3):  # same name and birth date, told apart by address
        a = plain(lo=1940, hi=1990)
        a.collision, a.collision_group = "same-name-dob", f"sd{g}"
        add(a)
        st, pc, city = _address(rng)
        while city == a.city:
            st, pc, city = _address(rng)
        b = Patient("", a.surname, a.given_names, a.birth_date, a.sex, st, pc, city)
        b.collision, b.collision_group = "same-name-dob", f"sd{g}"
        add(b)
    for g in range(3):  # twins
        a = plain(lo=1950, hi=2016)
        a.collision, a.collision_group = "twin", f"tw{g}"
        add(a)
        s = rng.choice("mf")
        given = rng.choice(DE_GIVEN_F if s == "f" else DE_GIVEN_M)
        while given == a.given_names:
            given = rng.choice(DE_GIVEN_F if s == "f" else DE_GIVEN_M)
        b = Patient("", a.surname, given, a.birth_date, s, a.street, a.postcode, a.city)
        b.collision, b.collision_group = "twin", f"tw{g}"
        add(b)
    for g in range(5):  # name change (marriage); letters may use the old name
        a = plain(sex="f", lo=1955, hi=1998)
        old = a.surname
        new = rng.choice(DE_SURNAMES)
        while new == old:
            new = rng.choice(DE_SURNAMES)
        if g == 2:
            new = f"{new}-{old}"
        a.surname, a.birth_name, a.former_names = new, old, [old]
        a.collision, a.collision_group = "name-change", f"nc{g}"
        add(a)
    for g, (u, ae) in enumerate(
        [
            ("Müller", "Mueller"),
            ("Köhler", "Koehler"),
            ("Schäfer", "Schaefer"),
            ("Krüger", "Krueger"),
        ]
    ):  # umlaut spelled out: a different person
        a = plain(lo=1940, hi=2000)
        a.surname = u
        a.collision, a.collision_group = "umlaut-spelling", f"um{g}"
        add(a)
        b = plain(sex=a.sex, lo=1940, hi=2000)
        b.surname, b.given_names = ae, a.given_names
        b.collision, b.collision_group = "umlaut-spelling", f"um{g}"
        add(b)
    for g in range(5):  # namesakes with different birth dates
        a = plain(lo=1935, hi=1975)
        a.collision, a.collision_group = "namesake", f"ns{g}"
        add(a)
        b = plain(sex=a.sex, lo=1976, hi=2012)
        b.surname, b.given_names = a.surname, a.given_names
        b.collision, b.collision_group = "namesake", f"ns{g}"
        add(b)
    # particles, titles, hyphens
    for sur, given, sex, title in [
        ("von Alvensleben", "Friedrich-Wilhelm", "m", "Dr."),
        ("von der Schulenburg", "Adelheid", "f", ""),
        ("Schulze-Wendt", "Annegret", "f", "Dipl.-Ing."),
        ("Meyer-Bockelmann", "Karl-Heinz", "m", "Prof. Dr."),
        ("zu Stolberg", "Konstantin", "m", ""),
        ("Graf von Bismarck", "Otto", "m", ""),
    ]:
        st, pc, city = _address(rng)
        add(Patient("", sur, given, _dob(rng, 1938, 1985), sex, st, pc, city, title=title))
    # foreign-born patients (some twice: namesakes)
    for origin, sur, given, sex in FOREIGN:
        st, pc, city = _address(rng)
        p = Patient("", sur, given, _dob(rng, 1945, 2015), sex, st, pc, city, origin=origin)
        add(p)
    for _ in range(300 - len(out) + 12):
        p = plain()
        if rng.random() < 0.06:
            p.title = rng.choice(TITLES)
        add(p)
    order = list(range(len(out)))
    rng.shuffle(order)
    shuffled = [out[i] for i in order]
    for n, p in enumerate(shuffled):
        p.id = str(20_000 + n * 7 + (n % 5))
    return shuffled


_NO_DECOMPOSITION = {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D"}


def latin1(text: str) -> str:
    """The text as GDT's ISO-8859-1 can hold it (a letter outside it loses its accent)."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            ch = _NO_DECOMPOSITION.get(ch, ch)
            base = unicodedata.normalize("NFKD", ch)
            out.append("".join(c for c in base if c.isascii()))
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{latin1(content)}\r\n".encode("latin-1")
    return f"{len(body) + 3:03d}".encode() + body


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    # 8100 holds the whole record's length, its own line (14 bytes for 5 digits) included
    total = len(head) + len(body) + len(_gdt_line("8100", "00000"))
    return head + _gdt_line("8100", f"{total:05d}") + body


def fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name and p.birth_name != p.surname:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": "urn:heldout50aj:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


COLUMNS = [
    "id", "surname", "given_names", "birth_name", "former_names", "title",
    "birth_date", "sex", "street", "postcode", "city", "country",
]  # fmt: skip


def write_all(patients: list[Patient], folder: Path | str) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(COLUMNS)
        for p in patients:
            w.writerow([
                p.id, p.surname, p.given_names, p.birth_name, ";".join(p.former_names), p.title,
                p.birth_date.isoformat(), p.sex, p.street, p.postcode, p.city, p.country,
            ])  # fmt: skip
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50aj-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
