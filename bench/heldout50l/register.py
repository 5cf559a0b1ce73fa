"""The practice system's patient register (about 300 patients) and its three exports."""
# ruff: noqa: E501

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
from dataclasses import asdict, dataclass, field
from pathlib import Path

SEED = 5090177


@dataclass
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
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    collision: str = ""
    collision_group: str = ""
    origin: str = "de"

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


# Fixed patients with the register's collisions (the letters pick some of them by key).
SPECIAL = [
    # key, surname, given, birth, sex, street, postcode, city, birth_name, former, title, collision, group
    (
        "ssb1",
        "Schmitt",
        "Peter",
        "1958-04-12",
        "M",
        "Lisdorfer Straße 23",
        "66740",
        "Saarlouis",
        "",
        [],
        "",
        "same_name_same_birth",
        "g001",
    ),
    (
        "ssb2",
        "Schmitt",
        "Peter",
        "1958-04-12",
        "M",
        "Zurmaiener Straße 118",
        "54292",
        "Trier",
        "",
        [],
        "",
        "same_name_same_birth",
        "g001",
    ),
    (
        "tw1",
        "Becker",
        "Jonas",
        "2004-09-30",
        "M",
        "Bahnhofstraße 7",
        "66663",
        "Merzig",
        "",
        [],
        "",
        "twin",
        "g002",
    ),
    (
        "tw2",
        "Becker",
        "Julian",
        "2004-09-30",
        "M",
        "Bahnhofstraße 7",
        "66663",
        "Merzig",
        "",
        [],
        "",
        "twin",
        "g002",
    ),
    (
        "nc1",
        "Klein",
        "Sabine",
        "1966-05-03",
        "F",
        "Saarbrücker Straße 41",
        "66424",
        "Homburg",
        "Wagner",
        ["Wagner"],
        "",
        "name_change",
        "g003",
    ),
    (
        "nc2",
        "Wagner",
        "Sabine",
        "1979-01-22",
        "F",
        "Talstraße 5",
        "66119",
        "Saarbrücken",
        "",
        [],
        "",
        "old_name_now_other",
        "g003",
    ),
    (
        "um1",
        "Müller",
        "Jürgen",
        "1950-11-08",
        "M",
        "Neustraße 2",
        "54634",
        "Bitburg",
        "",
        [],
        "",
        "umlaut_spelling",
        "g004",
    ),
    (
        "um2",
        "Mueller",
        "Juergen",
        "1972-06-17",
        "M",
        "Kaiserstraße 90",
        "66111",
        "Saarbrücken",
        "",
        [],
        "",
        "umlaut_spelling",
        "g004",
    ),
    (
        "um3",
        "Schäfer",
        "Günther",
        "1944-02-29",
        "M",
        "Am Markt 3",
        "66780",
        "Rehlingen-Siersburg",
        "",
        [],
        "",
        "umlaut_spelling",
        "g005",
    ),
    (
        "um4",
        "Schafer",
        "Gunther",
        "1961-10-01",
        "M",
        "Wallerfanger Straße 12",
        "66740",
        "Saarlouis",
        "",
        [],
        "",
        "umlaut_spelling",
        "g005",
    ),
    (
        "sn1",
        "Rossi",
        "Maria",
        "1949-03-15",
        "F",
        "Viktoriastraße 8",
        "66111",
        "Saarbrücken",
        "",
        [],
        "",
        "same_name",
        "g006",
    ),
    (
        "sn2",
        "Rossi",
        "Maria",
        "1987-12-02",
        "F",
        "Moselweißer Str. 4",
        "54290",
        "Trier",
        "",
        [],
        "",
        "same_name",
        "g006",
    ),
    (
        "tt1",
        "von der Heydt",
        "Hans-Georg",
        "1939-07-21",
        "M",
        "Schlossplatz 2",
        "66119",
        "Saarbrücken",
        "",
        [],
        "Prof. Dr.",
        "",
        "",
    ),
    (
        "tt2",
        "Haas-Lorenzen",
        "Anne-Marie",
        "1971-08-09",
        "F",
        "Hauptstraße 55",
        "66386",
        "St. Ingbert",
        "Haas",
        ["Haas"],
        "Dr.",
        "",
        "",
    ),
    (
        "fr1",
        "Dupont",
        "Jean-Luc",
        "1955-01-14",
        "M",
        "Rue de Metz 9",
        "66130",
        "Saarbrücken",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "lu1",
        "Weis",
        "Marie-Josée",
        "1963-06-06",
        "F",
        "Kirchstraße 12",
        "54439",
        "Saarburg",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "pt1",
        "da Silva Costa",
        "Maria Fernanda",
        "1968-04-25",
        "F",
        "Gartenstraße 3",
        "66763",
        "Dillingen",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "gr1",
        "Papadopoulos",
        "Georgios",
        "1952-09-11",
        "M",
        "Mainzer Straße 77",
        "66121",
        "Saarbrücken",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "tr1",
        "Yilmaz",
        "Mehmet Ali",
        "1960-12-31",
        "M",
        "Ludwigstraße 19",
        "66115",
        "Saarbrücken",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "ro1",
        "Popescu",
        "Ioana-Maria",
        "1983-02-14",
        "F",
        "Saarstraße 21",
        "54290",
        "Trier",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "nl1",
        "van den Berg",
        "Pieter",
        "1947-05-19",
        "M",
        "Am Rosenberg 4",
        "54295",
        "Trier",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "de1",
        "Weißmüller",
        "Käthe",
        "1934-03-08",
        "F",
        "Pfarrgasse 1",
        "54470",
        "Bernkastel-Kues",
        "Groß",
        ["Groß"],
        "",
        "",
        "",
    ),
    (
        "de2",
        "Hoffmann-Özdemir",
        "Lea",
        "1991-11-27",
        "F",
        "Dudweilerstraße 33",
        "66111",
        "Saarbrücken",
        "Hoffmann",
        ["Hoffmann"],
        "",
        "",
        "",
    ),
    (
        "it1",
        "Esposito",
        "Giuseppe",
        "1957-08-03",
        "M",
        "Bahnhofstraße 101",
        "66740",
        "Saarlouis",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "gb1",
        "O'Neill",
        "Siobhan",
        "1975-03-04",
        "F",
        "Im Alten Tal 6",
        "66424",
        "Homburg",
        "",
        [],
        "",
        "",
        "",
    ),
    (
        "us1",
        "Kowalski",
        "Daniel",
        "1982-11-04",
        "M",
        "Eifelstraße 14",
        "54634",
        "Bitburg",
        "",
        [],
        "",
        "",
        "",
    ),
]

SURNAMES_DE = [
    "Schneider",
    "Fischer",
    "Meyer",
    "Weber",
    "Schulz",
    "Koch",
    "Bauer",
    "Richter",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lange",
    "Schmitz",
    "Krause",
    "Meier",
    "Lehmann",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Kaiser",
    "Fuchs",
    "Peters",
    "Lang",
    "Scholz",
    "Möller",
    "Weiß",
    "Jung",
    "Hahn",
    "Keller",
    "Vogel",
    "Friedrich",
    "Günther",
    "Roth",
    "Beck",
    "Lorenz",
    "Baumann",
    "Franke",
    "Albrecht",
    "Schuster",
    "Simon",
    "Ludwig",
    "Böhm",
    "Winter",
    "Kraus",
    "Martin",
    "Schumacher",
    "Krämer",
    "Vogt",
    "Stein",
    "Jäger",
    "Otto",
    "Sommer",
    "Groß",
    "Seidel",
    "Heinrich",
    "Brandt",
    "Haas",
    "Schreiber",
    "Graf",
    "Dietrich",
    "Ziegler",
    "Kuhn",
    "Kühn",
    "Pohl",
    "Engel",
    "Horn",
    "Busch",
    "Bergmann",
    "Thomas",
    "Voigt",
    "Sauer",
    "Arnold",
    "Wolff",
    "Pfeiffer",
    "Backes",
    "Schmidt",
    "Feld",
    "Thiel",
    "Kiefer",
    "Gillen",
    "Lauer",
    "Recktenwald",
    "Hoen",
    "Biwer",
    "Kartes",
    "Jost",
    "Barth",
    "Eckert",
    "Strauß",
    "Thielen",
    "Heinz",
    "Dörr",
    "Marx",
    "Meiser",
    "Collet",
    "Quint",
    "Mertes",
    "Blasius",
    "Paulus",
    "Rauber",
    "Conrad",
    "Hemmer",
    "Staudt",
    "Wirtz",
]
GIVEN_M = [
    "Thomas",
    "Michael",
    "Andreas",
    "Stefan",
    "Frank",
    "Markus",
    "Klaus",
    "Wolfgang",
    "Jürgen",
    "Dieter",
    "Bernd",
    "Uwe",
    "Rainer",
    "Helmut",
    "Manfred",
    "Werner",
    "Horst",
    "Günter",
    "Matthias",
    "Tobias",
    "Florian",
    "Jan",
    "Lukas",
    "Felix",
    "Maximilian",
    "Alexander",
    "Sebastian",
    "Christian",
    "Karl-Heinz",
    "Hans-Peter",
    "Josef",
    "Alois",
    "Rudolf",
    "Norbert",
    "Reinhold",
    "Erwin",
    "Egon",
    "Ralf",
    "Sven",
    "Timo",
    "Niklas",
]
GIVEN_F = [
    "Sabine",
    "Petra",
    "Andrea",
    "Monika",
    "Ursula",
    "Claudia",
    "Susanne",
    "Birgit",
    "Gabriele",
    "Karin",
    "Renate",
    "Helga",
    "Brigitte",
    "Christa",
    "Elke",
    "Heike",
    "Martina",
    "Anja",
    "Nicole",
    "Julia",
    "Katharina",
    "Laura",
    "Lena",
    "Anna",
    "Sophie",
    "Marie",
    "Hannah",
    "Lea",
    "Johanna",
    "Elisabeth",
    "Margarethe",
    "Hildegard",
    "Gertrud",
    "Ingrid",
    "Annemarie",
    "Rosemarie",
    "Doris",
    "Jutta",
    "Silke",
    "Nadine",
]
FOREIGN = {
    "fr": (
        ["Lefèvre", "Moreau", "Girard", "Bernard", "Muller", "Klein", "Schaeffer"],
        ["Philippe", "Nathalie", "Sébastien", "Aurélie", "François"],
    ),
    "lu": (
        ["Schmit", "Hoffmann", "Wagner", "Thill", "Reuter", "Kremer", "Majerus"],
        ["Guy", "Nicole", "Claude", "Josiane", "Romain"],
    ),
    "it": (
        ["Russo", "Ferrari", "Bianchi", "Romano", "Colombo", "Ricci", "Marino"],
        ["Giovanni", "Francesca", "Antonio", "Giulia", "Luca"],
    ),
    "pt": (
        ["Ferreira", "Santos", "Pereira", "Oliveira", "Rodrigues", "Fernandes"],
        ["João", "Ana", "Luís", "Inês", "Rui"],
    ),
    "gr": (
        ["Nikolaidis", "Georgiou", "Papageorgiou", "Dimitriou", "Konstantinidis"],
        ["Dimitrios", "Eleni", "Konstantinos", "Sofia", "Nikos"],
    ),
    "tr": (
        ["Kaya", "Demir", "Sahin", "Çelik", "Öztürk", "Aydin", "Arslan"],
        ["Ayse", "Mustafa", "Emine", "Hüseyin", "Fatma"],
    ),
    "ro": (
        ["Ionescu", "Dumitru", "Stan", "Stoica", "Gheorghe", "Rusu"],
        ["Andrei", "Elena", "Mihai", "Ioana", "Cristina"],
    ),
}
FEMALE_FOREIGN = {
    "Nathalie",
    "Aurélie",
    "Nicole",
    "Josiane",
    "Francesca",
    "Giulia",
    "Ana",
    "Inês",
    "Eleni",
    "Sofia",
    "Ayse",
    "Emine",
    "Fatma",
    "Elena",
    "Ioana",
    "Cristina",
}
STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Kirchstraße",
    "Schulstraße",
    "Gartenstraße",
    "Saarstraße",
    "Moselstraße",
    "Waldweg",
    "Lindenallee",
    "Am Sonnenhang",
    "Römerstraße",
    "Industriestraße",
]
PLACES = [
    ("66111", "Saarbrücken"),
    ("66740", "Saarlouis"),
    ("66663", "Merzig"),
    ("66424", "Homburg"),
    ("54290", "Trier"),
    ("54634", "Bitburg"),
    ("66386", "St. Ingbert"),
    ("66763", "Dillingen"),
    ("54439", "Saarburg"),
    ("66538", "Neunkirchen"),
    ("54329", "Konz"),
    ("66701", "Beckingen"),
]


def _ids(rng: random.Random, n: int) -> list[str]:
    seen: set[str] = set()
    out = []
    while len(out) < n:
        v = str(rng.randint(10000, 299999))
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def _birth(rng: random.Random, lo: int = 1930, hi: int = 2012) -> str:
    d = dt.date(lo, 1, 1) + dt.timedelta(days=rng.randint(0, (hi - lo) * 365))
    return d.isoformat()


def build() -> list[Patient]:
    rng = random.Random(SEED)
    ids = _ids(rng, 300)
    out: list[Patient] = []
    for i, row in enumerate(SPECIAL):
        key, sur, giv, born, sex, street, pc, city, bname, former, title, coll, grp = row
        p = Patient(
            ids[i],
            sur,
            giv,
            born,
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
        p.origin = key
        out.append(p)
    taken = {(p.surname, p.given_names, p.birth_date) for p in out}
    taken_names = {(p.surname, p.given_names) for p in out}
    while len(out) < 300:
        i = len(out)
        if rng.random() < 0.22:
            origin = rng.choice(sorted(FOREIGN))
            sur = rng.choice(FOREIGN[origin][0])
            giv = rng.choice(FOREIGN[origin][1])
            sex = "F" if giv in FEMALE_FOREIGN else "M"
        else:
            origin = "de"
            sur = rng.choice(SURNAMES_DE)
            sex = rng.choice("MF")
            giv = rng.choice(GIVEN_M if sex == "M" else GIVEN_F)
            if rng.random() < 0.08:
                giv += " " + rng.choice(GIVEN_M if sex == "M" else GIVEN_F)
            if rng.random() < 0.05:
                sur = sur + "-" + rng.choice(SURNAMES_DE)
        if (sur, giv) in taken_names:
            continue
        born = _birth(rng)
        bname, former = "", []
        if sex == "F" and origin == "de" and rng.random() < 0.15:
            bname = rng.choice(SURNAMES_DE)
            former = [bname]
        title = "Dr." if rng.random() < 0.03 else ""
        pc, city = rng.choice(PLACES)
        street = f"{rng.choice(STREETS)} {rng.randint(1, 140)}"
        taken.add((sur, giv, born))
        taken_names.add((sur, giv))
        out.append(
            Patient(
                ids[i],
                sur,
                giv,
                born,
                sex,
                street,
                pc,
                city,
                "DE",
                bname,
                former,
                title,
                "",
                "",
                origin,
            )
        )
    for p in out:  # the practice system stores ISO 8859-1 (GDT): no ı, ş, ș, ț
        (p.surname + p.given_names + p.street + p.city + p.birth_name).encode("latin-1")
    return out


def by_key() -> dict[str, Patient]:
    return {p.origin: p for p in build() if p.origin not in ("de", *FOREIGN)}


HEADER = "id,surname,given_names,birth_name,former_names,title,birth_date,sex,street,postcode,city,country,collision,collision_group"


def csv_text(patients: list[Patient]) -> str:
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
                p.birth_date,
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


def gdt_record(p: Patient) -> bytes:
    born = p.birth_date
    fields = [
        ("8000", "6301"),
        ("8100", "%RECLEN%"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", born[8:10] + born[5:7] + born[0:4]),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(f: str, v: str) -> bytes:
        body = (f + v).encode("latin-1")
        return f"{len(body) + 5:03d}".encode() + body + b"\r\n"

    total = sum(len(line(f, v)) for f, v in fields if f != "8100") + len(line("8100", "00000"))
    return b"".join(line(f, f"{total:05d}" if v == "%RECLEN%" else v) for f, v in fields)


def fhir_patient(p: Patient) -> dict:
    names: list[dict] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:heldout50l:practice-register", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    (folder / "patients.csv").write_text(csv_text(patients), encoding="utf-8", newline="")
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    res = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "id": "heldout50l-register",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in res],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )


def as_dict(p: Patient) -> dict:
    return asdict(p)
