"""The practice register: at least 300 patients with deliberate collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM = "https://praxis-am-rastpfuhl.example/patient-id"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str  # "f" / "m"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    origin: str = "de"
    native_surname: str = ""
    native_given: str = ""
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


# (surname, given, birth, sex, street, postcode, city, title, birth_name, former, origin,
#  native surname, native given, collision, group)
_CURATED: list[tuple[str, str, str, str, str, str, str, str, str, str, str, str, str, str, str]] = [
    (
        "Schmitt",
        "Erika",
        "1962-02-14",
        "f",
        "Zweibrücker Straße 12",
        "66538",
        "Neunkirchen",
        "",
        "",
        "",
        "de",
        "",
        "",
        "same name and birth date, other address",
        "G01",
    ),
    (
        "Schmitt",
        "Erika",
        "1962-02-14",
        "f",
        "Lisdorfer Straße 3",
        "66740",
        "Saarlouis",
        "",
        "",
        "",
        "de",
        "",
        "",
        "same name and birth date, other address",
        "G01",
    ),
    (
        "Jung",
        "Lukas",
        "2004-06-21",
        "m",
        "Am Homburg 7",
        "66123",
        "Saarbrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "twin",
        "G02",
    ),
    (
        "Jung",
        "Lea",
        "2004-06-21",
        "f",
        "Am Homburg 7",
        "66123",
        "Saarbrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "twin",
        "G02",
    ),
    (
        "Hoffmann-Klein",
        "Sandra",
        "1979-10-05",
        "f",
        "Mainzer Straße 88",
        "66121",
        "Saarbrücken",
        "",
        "Klein",
        "Klein",
        "de",
        "",
        "",
        "name change, letter may use the old name",
        "G03",
    ),
    (
        "Klein",
        "Sandra",
        "1983-01-17",
        "f",
        "Bahnhofstraße 41",
        "66111",
        "Saarbrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "namesake of a former name",
        "G03",
    ),
    (
        "Müller",
        "Bernd",
        "1960-02-02",
        "m",
        "Hauptstraße 19",
        "66424",
        "Homburg",
        "",
        "",
        "",
        "de",
        "",
        "",
        "umlaut and ae/oe/ue spelling are two people",
        "G04",
    ),
    (
        "Mueller",
        "Bernd",
        "1958-11-30",
        "m",
        "Kaiserstraße 5",
        "66424",
        "Homburg",
        "",
        "",
        "",
        "de",
        "",
        "",
        "umlaut and ae/oe/ue spelling are two people",
        "G04",
    ),
    (
        "Schäfer",
        "Monika",
        "1955-07-08",
        "f",
        "Eisenbahnstraße 22",
        "66953",
        "Pirmasens",
        "",
        "",
        "",
        "de",
        "",
        "",
        "umlaut and ae spelling are two people",
        "G05",
    ),
    (
        "Schaefer",
        "Monika",
        "1957-03-26",
        "f",
        "Hauptstraße 101",
        "66482",
        "Zweibrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "umlaut and ae spelling are two people",
        "G05",
    ),
    (
        "Becker",
        "Klaus",
        "1951-04-12",
        "m",
        "Kirrberger Straße 44",
        "66424",
        "Homburg",
        "Dr.",
        "",
        "",
        "de",
        "",
        "",
        "namesake, other birth date",
        "G06",
    ),
    (
        "Becker",
        "Klaus",
        "1977-09-03",
        "m",
        "Talstraße 9",
        "66119",
        "Saarbrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "namesake, other birth date",
        "G06",
    ),
    (
        "Klein",
        "Peter",
        "1948-12-24",
        "m",
        "Mühlenstraße 2",
        "66740",
        "Saarlouis",
        "",
        "",
        "",
        "de",
        "",
        "",
        "three namesakes",
        "G07",
    ),
    (
        "Klein",
        "Peter",
        "1966-05-30",
        "m",
        "Fischerstraße 14",
        "67655",
        "Kaiserslautern",
        "",
        "",
        "",
        "de",
        "",
        "",
        "three namesakes",
        "G07",
    ),
    (
        "Klein",
        "Peter",
        "1990-08-11",
        "m",
        "Schillerstraße 60",
        "66538",
        "Neunkirchen",
        "",
        "",
        "",
        "de",
        "",
        "",
        "three namesakes",
        "G07",
    ),
    (
        "von der Heydt",
        "Werner",
        "1944-01-15",
        "m",
        "Trippstadter Straße 120",
        "67663",
        "Kaiserslautern",
        "Prof. Dr.",
        "",
        "",
        "de",
        "",
        "",
        "",
        "",
    ),
    (
        "von der Heydt",
        "Gertrud",
        "1950-05-04",
        "f",
        "Trippstadter Straße 120",
        "67663",
        "Kaiserslautern",
        "",
        "Kiefer",
        "",
        "de",
        "",
        "",
        "",
        "",
    ),
    (
        "Weis-Hoffmann",
        "Marie-Josée",
        "1961-08-23",
        "f",
        "Saarbrücker Straße 7",
        "66802",
        "Überherrn",
        "",
        "Weis",
        "",
        "lu",
        "",
        "",
        "",
        "",
    ),
    (
        "Dupont",
        "Claire",
        "1956-03-12",
        "f",
        "Rue de la Gare 4",
        "57600",
        "Forbach",
        "",
        "Martin",
        "",
        "fr",
        "",
        "",
        "",
        "",
    ),
    (
        "Dupont",
        "Claire",
        "1987-11-02",
        "f",
        "Metzer Straße 31",
        "66117",
        "Saarbrücken",
        "",
        "",
        "",
        "fr",
        "",
        "",
        "namesake, other birth date",
        "G08",
    ),
    (
        "Ruffini",
        "Giuseppe",
        "1946-02-27",
        "m",
        "Völklinger Straße 15",
        "66333",
        "Völklingen",
        "",
        "",
        "",
        "it",
        "",
        "",
        "",
        "",
    ),
    (
        "Di Giacomo",
        "Salvatore",
        "1949-09-17",
        "m",
        "Goethestraße 8",
        "66538",
        "Neunkirchen",
        "",
        "",
        "",
        "it",
        "",
        "",
        "",
        "",
    ),
    (
        "Wisniewska",
        "Katarzyna",
        "1968-11-05",
        "f",
        "Kaiserstraße 70",
        "67655",
        "Kaiserslautern",
        "",
        "",
        "",
        "pl",
        "Wiśniewska",
        "",
        "register spells the name without Polish letters",
        "",
    ),
    (
        "Kowalczyk",
        "Anna-Lena",
        "1951-03-14",
        "f",
        "Pfälzer Straße 3",
        "66953",
        "Pirmasens",
        "",
        "Nowak",
        "",
        "pl",
        "",
        "",
        "",
        "",
    ),
    (
        "Popescu",
        "Ioana",
        "1971-04-03",
        "f",
        "Dudweilerstraße 25",
        "66111",
        "Saarbrücken",
        "",
        "",
        "",
        "ro",
        "",
        "",
        "",
        "",
    ),
    (
        "Turcanu",
        "Mihai",
        "1985-12-01",
        "m",
        "Ottweiler Straße 2",
        "66538",
        "Neunkirchen",
        "",
        "",
        "",
        "ro",
        "Țurcanu",
        "",
        "register spells the name without Romanian letters",
        "",
    ),
    (
        "Yilmaz",
        "Ayse",
        "1979-05-01",
        "f",
        "Landauer Straße 11",
        "66953",
        "Pirmasens",
        "",
        "",
        "",
        "tr",
        "Yılmaz",
        "Ayşe",
        "register spells the name without Turkish letters",
        "",
    ),
    (
        "de la Fontaine",
        "Hélène",
        "1939-06-30",
        "f",
        "Französische Straße 2",
        "66740",
        "Saarlouis",
        "",
        "",
        "",
        "fr",
        "",
        "",
        "",
        "",
    ),
    (
        "Schneider",
        "Jonas",
        "2011-02-09",
        "m",
        "Rosenstraße 4",
        "66482",
        "Zweibrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "twin",
        "G09",
    ),
    (
        "Schneider",
        "Jannik",
        "2011-02-09",
        "m",
        "Rosenstraße 4",
        "66482",
        "Zweibrücken",
        "",
        "",
        "",
        "de",
        "",
        "",
        "twin",
        "G09",
    ),
    (
        "Becker",
        "Julia",
        "1988-07-19",
        "f",
        "Bliesstraße 6",
        "66606",
        "St. Wendel",
        "",
        "Lang",
        "Lang",
        "de",
        "",
        "",
        "name change, letter may use the old name",
        "G10",
    ),
    (
        "Schmit",
        "Jos",
        "1953-10-10",
        "m",
        "Grand-Rue 12",
        "5550",
        "Remich",
        "",
        "",
        "",
        "lu",
        "",
        "",
        "",
        "",
    ),
    (
        "Weber",
        "Hans Peter",
        "1952-01-31",
        "m",
        "Lindenstraße 3",
        "66787",
        "Wadgassen",
        "",
        "",
        "",
        "de",
        "",
        "",
        "",
        "",
    ),
    (
        "Wagner",
        "Karl-Heinz",
        "1947-04-18",
        "m",
        "Homburger Straße 56",
        "66482",
        "Zweibrücken",
        "Dr.",
        "",
        "",
        "de",
        "",
        "",
        "",
        "",
    ),
]

_DE_SUR = [
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
    "Hofmann",
    "Hartmann",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Köhler",
    "Herrmann",
    "Walter",
    "Kiefer",
    "Jochum",
    "Lauer",
    "Ecker",
    "Recktenwald",
    "Hans",
    "Altmeyer",
    "Spaniol",
    "Schwan",
    "Backes",
    "Feld",
    "Kuhn",
    "Groß",
    "Rech",
    "Dörr",
    "Lorig",
    "Scherer",
    "Ziegler",
    "Bost",
    "Kirsch",
]
_DE_GIV_F = [
    "Ursula",
    "Brigitte",
    "Petra",
    "Sabine",
    "Claudia",
    "Andrea",
    "Stefanie",
    "Julia",
    "Laura",
    "Sophie",
    "Maria",
    "Elke",
    "Heike",
    "Gabriele",
    "Renate",
    "Ingrid",
    "Marie",
    "Anna",
    "Christa",
    "Doris",
    "Hannelore",
    "Nicole",
    "Simone",
    "Katrin",
    "Emma",
]
_DE_GIV_M = [
    "Thomas",
    "Michael",
    "Andreas",
    "Stefan",
    "Jürgen",
    "Wolfgang",
    "Dieter",
    "Frank",
    "Markus",
    "Peter",
    "Manfred",
    "Günter",
    "Uwe",
    "Rainer",
    "Tobias",
    "Felix",
    "Jan",
    "Lukas",
    "Horst",
    "Heinz",
    "Alfons",
    "Erwin",
    "Norbert",
    "Kai",
    "Sebastian",
]
_FOREIGN = [
    (
        "it",
        ["Russo", "Esposito", "Romano", "Colombo", "Greco", "Bruno", "Marino", "Conti"],
        ["Giulia", "Rosa", "Francesca"],
        ["Antonio", "Giovanni", "Luca", "Vincenzo"],
    ),
    (
        "pl",
        ["Nowak", "Kowalski", "Lewandowski", "Zielinski", "Wojcik", "Kaminski"],
        ["Agnieszka", "Malgorzata", "Joanna"],
        ["Piotr", "Tomasz", "Krzysztof"],
    ),
    (
        "ro",
        ["Ionescu", "Popa", "Dumitru", "Stan", "Munteanu"],
        ["Elena", "Andreea", "Maria"],
        ["Andrei", "Florin", "Gheorghe"],
    ),
    (
        "fr",
        ["Muller", "Lefebvre", "Bernard", "Thomas", "Petit", "Hoffmann", "Schmitt"],
        ["Céline", "Nathalie", "Isabelle"],
        ["Jean-Luc", "Philippe", "Michel"],
    ),
    ("tr", ["Demir", "Kaya", "Sahin", "Çelik"], ["Elif", "Fatma"], ["Mehmet", "Ali", "Murat"]),
]
_TOWNS = [
    ("66111", "Saarbrücken"),
    ("66117", "Saarbrücken"),
    ("66121", "Saarbrücken"),
    ("66424", "Homburg"),
    ("66538", "Neunkirchen"),
    ("66740", "Saarlouis"),
    ("67655", "Kaiserslautern"),
    ("66953", "Pirmasens"),
    ("66482", "Zweibrücken"),
    ("66333", "Völklingen"),
    ("66606", "St. Wendel"),
    ("66386", "St. Ingbert"),
    ("66280", "Sulzbach"),
    ("66292", "Riegelsberg"),
    ("66450", "Bexbach"),
]
_STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Saarbrücker Straße",
    "Kirchstraße",
    "Schulstraße",
    "Gartenstraße",
    "Am Rabenhorst",
    "Grubenweg",
    "Hüttenstraße",
    "Im Flürchen",
    "Waldstraße",
    "Friedhofstraße",
    "Am Kreuzberg",
    "Ludwigstraße",
    "Talstraße",
]


def build() -> list[Patient]:
    rng = random.Random(5011)
    out: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()
    for i, row in enumerate(_CURATED):
        (
            sur,
            giv,
            born,
            sex,
            street,
            pc,
            city,
            title,
            bname,
            former,
            origin,
            nsur,
            ngiv,
            coll,
            grp,
        ) = row
        p = Patient(
            id=str(10001 + i),
            surname=sur,
            given_names=giv,
            birth_date=dt.date.fromisoformat(born),
            sex=sex,
            street=street,
            postcode=pc,
            city=city,
            country="LU" if city == "Remich" else ("FR" if pc == "57600" else "DE"),
            title=title,
            birth_name=bname,
            former_names=[former] if former else [],
            origin=origin,
            native_surname=nsur,
            native_given=ngiv,
            collision=coll or None,
            collision_group=grp or None,
        )
        out.append(p)
        seen.add((sur, giv, born))
    n = len(out)
    while len(out) < 320:
        if rng.random() < 0.25:
            origin, surs, gf, gm = rng.choice(_FOREIGN)
        else:
            origin, surs, gf, gm = "de", _DE_SUR, _DE_GIV_F, _DE_GIV_M
        sex = rng.choice("fm")
        sur = rng.choice(surs)
        giv = rng.choice(gf if sex == "f" else gm)
        if rng.random() < 0.08 and origin == "de":
            giv = giv + " " + rng.choice(gf if sex == "f" else gm)
        if rng.random() < 0.05 and origin == "de":
            sur = sur + "-" + rng.choice(_DE_SUR)
        born = dt.date(1925, 1, 1) + dt.timedelta(days=rng.randrange(0, 33000))
        key = (sur, giv, born.isoformat())
        if (
            key in seen
            or sur.lower() in {"jung", "schmitt"}
            or (sur, giv)
            in {("Klein", "Peter"), ("Becker", "Klaus"), ("Müller", "Bernd"), ("Klein", "Sandra")}
        ):
            continue
        seen.add(key)
        pc, city = rng.choice(_TOWNS)
        title = "Dr." if rng.random() < 0.04 else ""
        bname = rng.choice(_DE_SUR) if sex == "f" and rng.random() < 0.2 else ""
        out.append(
            Patient(
                id=str(10001 + n),
                surname=sur,
                given_names=giv,
                birth_date=born,
                sex=sex,
                street=f"{rng.choice(_STREETS)} {rng.randrange(1, 140)}",
                postcode=pc,
                city=city,
                title=title,
                birth_name=bname,
                origin=origin,
            )
        )
        n += 1
    return out


def _gdt_line(field_id: str, content: str) -> bytes:
    body = content.encode("latin-1")
    return f"{len(body) + 9:03d}{field_id}".encode("latin-1") + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    rest = [
        _gdt_line("9218", "02.10"),
        _gdt_line("3000", p.id),
        _gdt_line("3101", p.surname),
        _gdt_line("3102", p.given_names),
        _gdt_line("3103", p.birth_date.strftime("%d%m%Y")),
        _gdt_line("3110", "2" if p.sex == "f" else "1"),
        _gdt_line("3106", f"{p.postcode} {p.city}"),
        _gdt_line("3107", p.street),
    ]
    head = _gdt_line("8000", "6301")
    total = len(head) + 14 + sum(len(x) for x in rest)
    return head + _gdt_line("8100", f"{total:05d}") + b"".join(rest)


def fhir_patient(p: Patient) -> dict[str, object]:
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = [p.title]
    names: list[dict[str, object]] = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "female" if p.sex == "f" else "male",
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
    res = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {
                "fullUrl": f"https://praxis-am-rastpfuhl.example/fhir/Patient/pat-{p.id}",
                "resource": r,
            }
            for p, r in zip(patients, res, strict=True)
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
