"""The practices' patient register (about 300 patients) and its three exports."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 5090300


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str  # "F" | "M"
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


GERMAN_F = [
    "Anja",
    "Petra",
    "Sabine",
    "Kerstin",
    "Ute",
    "Heike",
    "Birgit",
    "Katrin",
    "Manuela",
    "Doreen",
    "Mandy",
    "Peggy",
    "Franziska",
    "Annett",
    "Ines",
    "Gudrun",
    "Ilse",
    "Erika",
    "Hannelore",
    "Christa",
    "Lena",
    "Marie",
    "Charlotte",
    "Lea",
    "Sophie",
    "Jördis",
    "Uta",
    "Käthe",
    "Bärbel",
    "Renate",
    "Marlies",
    "Elke",
    "Sylvia",
    "Antje",
]
GERMAN_M = [
    "Thomas",
    "Jens",
    "Uwe",
    "Frank",
    "Steffen",
    "Ronny",
    "René",
    "Mirko",
    "Sven",
    "Torsten",
    "Gunter",
    "Dieter",
    "Manfred",
    "Lothar",
    "Klaus-Dieter",
    "Hans-Jürgen",
    "Lukas",
    "Felix",
    "Maximilian",
    "Jörg",
    "Jürgen",
    "Björn",
    "Matthias",
    "Andreas",
    "Falk",
    "Heiko",
    "Enrico",
    "Rico",
    "Günther",
    "Wolfgang",
]
GERMAN_S = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Richter",
    "Wagner",
    "Schulze",
    "Krause",
    "Hoffmann",
    "Lehmann",
    "Köhler",
    "Kühn",
    "Böhme",
    "Hähnel",
    "Lößner",
    "Weißflog",
    "Göbel",
    "Rößler",
    "Tränkner",
    "Kretzschmar",
    "Pötzsch",
    "Günther",
    "Uhlig",
    "Seifert",
    "Fröhlich",
    "Jähnig",
    "Kunze",
    "Förster",
    "Große",
    "Nitzsche",
    "Scholz",
    "Zschiesche",
    "Ebert",
    "Strauß",
    "Meißner",
    "Bräuer",
    "Hübner",
    "Winkler",
    "Gäbler",
    "Preußler",
    "Oelschlägel",
    "Schöne",
    "Dietze",
]
SORBIAN = [
    ("Šołta", "Jan", "M"),
    ("Krawc", "Měrana", "F"),
    ("Brězan", "Pětr", "M"),
    ("Nuk", "Hanka", "F"),
    ("Wjelan", "Bjarnat", "M"),
    ("Zarjenk", "Lejna", "F"),
    ("Kral", "Marko", "M"),
    ("Delenk", "Madlena", "F"),
]
CZECH = [
    ("Novotná", "Jana", "F"),
    ("Dvořák", "Petr", "M"),
    ("Procházková", "Lenka", "F"),
    ("Černý", "Miroslav", "M"),
    ("Kučerová", "Věra", "F"),
    ("Růžička", "Tomáš", "M"),
    ("Svobodová", "Hana", "F"),
    ("Šťastný", "Jiří", "M"),
]
POLISH = [
    ("Wójcik", "Agnieszka", "F"),
    ("Kowalczyk", "Łukasz", "M"),
    ("Szymańska", "Małgorzata", "F"),
    ("Zieliński", "Grzegorz", "M"),
    ("Wiśniewska", "Bożena", "F"),
    ("Kaczmarek", "Paweł", "M"),
    ("Dąbrowski", "Zbigniew", "M"),
    ("Nowak", "Katarzyna", "F"),
]
VIET = [
    ("Nguyen", "Thi Lan", "F"),
    ("Tran", "Van Minh", "M"),
    ("Pham", "Thi Thu Huong", "F"),
    ("Le", "Quang Huy", "M"),
    ("Hoang", "Thi Mai", "F"),
    ("Vu", "Duc Anh", "M"),
    ("Nguyen", "Van Hung", "M"),
]
RUSSIAN = [
    ("Iwanow", "Sergej", "M"),
    ("Smirnowa", "Tatjana", "F"),
    ("Kusnezow", "Dmitri", "M"),
    ("Popowa", "Swetlana", "F"),
    ("Wolkow", "Alexej", "M"),
    ("Morosowa", "Olga", "F"),
]
TURKISH = [
    ("Yılmaz", "Ayşe", "F"),
    ("Öztürk", "Mehmet", "M"),
    ("Çelik", "Emine", "F"),
    ("Şahin", "Mustafa", "M"),
    ("Aydın", "Zeynep", "F"),
    ("Doğan", "Hüseyin", "M"),
]
PLACES = [
    ("01069", "Dresden"),
    ("01307", "Dresden"),
    ("01326", "Dresden"),
    ("04109", "Leipzig"),
    ("04277", "Leipzig"),
    ("09111", "Chemnitz"),
    ("09126", "Chemnitz"),
    ("02826", "Görlitz"),
    ("02827", "Görlitz"),
    ("02625", "Bautzen"),
    ("02763", "Zittau"),
    ("02779", "Großschönau"),
    ("02794", "Leutersdorf"),
    ("01796", "Pirna"),
    ("02708", "Löbau"),
    ("02730", "Ebersbach-Neugersdorf"),
    ("01877", "Bischofswerda"),
    ("02999", "Lohsa"),
    ("02694", "Malschwitz"),
]
STREETS = [
    "Bautzner Straße",
    "Löbauer Straße",
    "Hauptstraße",
    "Lindenallee",
    "Am Mühlgraben",
    "Neißstraße",
    "Karl-Liebknecht-Straße",
    "Schillerstraße",
    "Weinbergstraße",
    "Rosa-Luxemburg-Platz",
    "Am Töpferberg",
    "Zittauer Straße",
    "Oberlausitzer Weg",
    "Dorfstraße",
    "Talstraße",
    "Goethestraße",
    "Pließnitzweg",
    "Kirchgasse",
]

# The patients whom the letters are about, and the collisions around them (fixed, so that the
# letters can name them); the rest of the register is drawn at random around them.
# (key, surname, given, birth, sex, birth_name, former, title, collision, group)
FIXED: list[tuple] = [
    (
        "schulze_a",
        "Schulze",
        "Petra",
        "1958-04-12",
        "F",
        "",
        [],
        "",
        "same_name_same_birth",
        "g001",
    ),
    (
        "schulze_b",
        "Schulze",
        "Petra",
        "1958-04-12",
        "F",
        "",
        [],
        "",
        "same_name_same_birth",
        "g001",
    ),
    ("richter_lukas", "Richter", "Lukas", "2011-09-03", "M", "", [], "", "twin", "g002"),
    ("richter_leon", "Richter", "Leon", "2011-09-03", "M", "", [], "", "twin", "g002"),
    (
        "kuehn_anja",
        "Kühn",
        "Anja",
        "1979-02-27",
        "F",
        "Lehmann",
        ["Lehmann"],
        "",
        "name_change",
        "g003",
    ),
    ("lehmann_anja", "Lehmann", "Anja", "1984-11-05", "F", "", [], "", "name_change", "g003"),
    (
        "mueller_juergen",
        "Müller",
        "Jürgen",
        "1949-06-30",
        "M",
        "",
        [],
        "",
        "umlaut_spelling",
        "g004",
    ),
    (
        "mueller_juergen_ue",
        "Mueller",
        "Juergen",
        "1952-01-14",
        "M",
        "",
        [],
        "",
        "umlaut_spelling",
        "g004",
    ),
    ("schmidt_t1", "Schmidt", "Thomas", "1966-03-08", "M", "", [], "", "same_name", "g005"),
    ("schmidt_t2", "Schmidt", "Thomas", "1971-08-03", "M", "", [], "", "same_name", "g005"),
    ("schmidt_t3", "Schmidt", "Thomas", "1990-12-19", "M", "", [], "Dr.", "same_name", "g005"),
    (
        "nguyen_lan",
        "Nguyen",
        "Thi Lan",
        "1975-05-01",
        "F",
        "",
        [],
        "",
        "similar_name_same_birth",
        "g006",
    ),
    (
        "nguyen_lanh",
        "Nguyen",
        "Thi Lanh",
        "1975-05-01",
        "F",
        "",
        [],
        "",
        "similar_name_same_birth",
        "g006",
    ),
    ("boehme_hans", "Böhme", "Hans-Jürgen", "1944-10-17", "M", "", [], "", "father_son", "g007"),
    ("boehme_hans_jr", "Böhme", "Hans-Jürgen", "1969-02-02", "M", "", [], "", "father_son", "g007"),
    ("weissflog_a", "Weißflog", "Christa", "1938-07-22", "F", "", [], "", "ss_spelling", "g008"),
    ("weissflog_b", "Weissflog", "Christa", "1961-04-09", "F", "", [], "", "ss_spelling", "g008"),
    ("carlowitz", "von Carlowitz", "Hans-Georg", "1953-12-01", "M", "", [], "Prof. Dr.", "", ""),
    ("vanderlinden", "van der Linden", "Maartje", "1987-03-16", "F", "", [], "", "", ""),
    ("devries", "de Vries", "Hendrik", "1962-10-10", "M", "", [], "Dipl.-Ing.", "", ""),
    ("schoene_hahn", "Schöne-Hähnel", "Ute", "1968-09-25", "F", "Schöne", ["Schöne"], "", "", ""),
    ("loessner", "Lößner", "Käthe", "1931-01-06", "F", "Preußler", ["Preußler"], "", "", ""),
    ("solta", "Šołta", "Jan", "1957-05-19", "M", "", [], "", "", ""),
    ("krawc", "Krawc", "Měrana", "1994-08-11", "F", "", [], "", "", ""),
    ("dvorak", "Dvořák", "Petr", "1972-02-07", "M", "", [], "", "", ""),
    ("novotna", "Novotná", "Jana", "1980-12-03", "F", "Horáková", ["Horáková"], "", "", ""),
    ("wojcik", "Wójcik", "Agnieszka", "1983-06-14", "F", "", [], "", "", ""),
    ("kowalczyk", "Kowalczyk", "Łukasz", "1991-11-29", "M", "", [], "", "", ""),
    ("dabrowski", "Dąbrowski", "Zbigniew", "1948-04-04", "M", "", [], "", "", ""),
    ("tran", "Tran", "Van Minh", "1969-07-07", "M", "", [], "", "", ""),
    ("pham", "Pham", "Thi Thu Huong", "1998-01-23", "F", "", [], "", "", ""),
    ("iwanow", "Iwanow", "Sergej", "1977-03-31", "M", "", [], "", "", ""),
    ("smirnowa", "Smirnowa", "Tatjana", "1959-09-09", "F", "", [], "", "", ""),
    ("yilmaz", "Yılmaz", "Ayşe", "1986-05-20", "F", "", [], "", "", ""),
    ("oeztuerk", "Öztürk", "Mehmet", "1964-12-12", "M", "", [], "", "", ""),
    ("kretzschmar", "Kretzschmar", "Doreen", "1976-10-02", "F", "", [], "Dr. med.", "", ""),
    ("poetzsch", "Pötzsch", "Gunter", "1941-02-15", "M", "", [], "", "", ""),
    ("gaebler", "Gäbler", "Marlies Elfriede", "1936-11-11", "F", "", [], "", "", ""),
    ("jaehnig", "Jähnig", "Ronny", "1982-07-04", "M", "", [], "", "", ""),
    ("oelschlaegel", "Oelschlägel", "Franziska", "2003-03-03", "F", "", [], "", "", ""),
    ("fischer_leni", "Fischer", "Leni Sophie", "2019-06-08", "F", "", [], "", "", ""),
    (
        "hoffmann_m",
        "Hoffmann-Strauß",
        "Mandy",
        "1978-01-09",
        "F",
        "Hoffmann",
        ["Hoffmann"],
        "",
        "",
        "",
    ),
    ("uhlig", "Uhlig", "Falk", "1973-05-05", "M", "", [], "", "", ""),
    ("tränkner", "Tränkner", "Bärbel", "1950-08-18", "F", "", [], "", "", ""),
    ("seifert", "Seifert", "Klaus-Dieter", "1945-04-28", "M", "", [], "", "", ""),
    ("meissner", "Meißner", "Heike", "1965-06-06", "F", "Göbel", ["Göbel"], "", "", ""),
    ("kusnezow", "Kusnezow", "Dmitri", "1988-02-29", "M", "", [], "", "", ""),
    ("celik", "Çelik", "Emine", "1955-10-30", "F", "", [], "", "", ""),
    ("zieliński", "Zieliński", "Grzegorz", "1970-09-01", "M", "", [], "", "", ""),
    ("hubner", "Hübner", "Sven", "1993-04-12", "M", "", [], "", "", ""),
]

# People whom a letter names but the register does not hold.
OUTSIDERS = {
    "tourist_kral": ("Král", "Ondřej", "1990-06-02", "M"),
    "visitor_obrien": ("O'Brien", "Siobhan", "1985-09-12", "F"),
    "newborn": ("Förster", "Mila", "2025-02-14", "F"),
    "kovacs": ("Kovács", "Eszter", "1979-03-07", "F"),
}


def _rand_name(rng: random.Random) -> tuple[str, str, str]:
    r = rng.random()
    if r < 0.72:
        sex = rng.choice("FM")
        given = rng.choice(GERMAN_F if sex == "F" else GERMAN_M)
        if rng.random() < 0.12:
            given += " " + rng.choice(GERMAN_F if sex == "F" else GERMAN_M)
        sur = rng.choice(GERMAN_S)
        if rng.random() < 0.06:
            sur += "-" + rng.choice(GERMAN_S)
        return sur, given, sex
    pool = rng.choice([SORBIAN, CZECH, POLISH, VIET, RUSSIAN, TURKISH])
    return rng.choice(pool)


def build() -> list[Patient]:
    rng = random.Random(SEED)
    ids = [str(n) for n in rng.sample(range(10000, 99999), 300)]
    patients: list[Patient] = []
    for i, (_key, sur, given, birth, sex, bname, former, title, coll, grp) in enumerate(FIXED):
        pc, city = PLACES[i % len(PLACES)]
        street = f"{STREETS[i % len(STREETS)]} {rng.randint(1, 120)}"
        patients.append(
            Patient(
                ids[i],
                sur,
                given,
                dt.date.fromisoformat(birth),
                sex,
                street,
                pc,
                city,
                "DE",
                bname,
                list(former),
                title,
                coll,
                grp,
            )
        )
    # twins share an address
    patients[3].street, patients[3].postcode, patients[3].city = (
        patients[2].street,
        patients[2].postcode,
        patients[2].city,
    )
    seen = {(p.surname, p.given_names, p.birth_date) for p in patients}
    while len(patients) < 300:
        sur, given, sex = _rand_name(rng)
        birth = dt.date(1925, 1, 1) + dt.timedelta(days=rng.randint(0, 35000))
        if (sur, given, birth) in seen or birth > dt.date(2024, 12, 31):
            continue
        if any(p.surname == sur and p.given_names == given for p in patients):
            continue  # the register's only same-name people are the declared collisions
        seen.add((sur, given, birth))
        pc, city = rng.choice(PLACES)
        street = f"{rng.choice(STREETS)} {rng.randint(1, 140)}"
        country = "DE" if rng.random() > 0.02 else rng.choice(["CZ", "PL"])
        patients.append(
            Patient(ids[len(patients)], sur, given, birth, sex, street, pc, city, country)
        )
    return patients


def by_key() -> dict[str, Patient]:
    pats = build()
    return {row[0]: pats[i] for i, row in enumerate(FIXED)}


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{content}".encode("latin-1")
    n = len(body) + 3 + 2
    return f"{n:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "2" if p.sex == "F" else "1"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    rest = b"".join(_gdt_line(f, _latin1(c)) for f, c in fields)
    head = _gdt_line("8000", "6301")
    # 8100 is the record's whole length in bytes, its own line included (9 digits wide line).
    total = len(head) + len(_gdt_line("8100", "00000")) + len(rest)
    return head + _gdt_line("8100", f"{total:05d}") + rest


def _latin1(s: str) -> str:
    """GDT is ISO 8859-1: letters outside it are written without their marks."""
    import unicodedata

    out = []
    for ch in s:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)
            base = "".join(c for c in base if not unicodedata.combining(c))
            base = {"ł": "l", "Ł": "L", "ı": "i"}.get(base, base)
            out.append(base.encode("latin-1", "replace").decode("latin-1"))
    return "".join(out)


def fhir_patient(p: Patient) -> dict:
    names = [{"use": "official", "family": p.surname, "given": p.given_names.split(" ")}]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name and p.birth_name != p.surname:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": "urn:oid:1.2.276.0.76.4.50k.praxis", "value": p.id}],
        "name": names,
        "gender": "female" if p.sex == "F" else "male",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


HEADER = (
    "id,surname,given_names,birth_name,former_names,title,birth_date,sex,street,postcode,"
    "city,country,collision,collision_group"
)


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER.split(","))
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
    (folder / "patients.csv").write_bytes(buf.getvalue().encode("utf-8"))
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "id": "register-50k",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:00000000-0000-4000-8000-{int(p.id):012d}", "resource": r}
            for p, r in zip(patients, resources, strict=True)
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
