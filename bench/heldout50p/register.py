"""The practice register: patients of the three receiving practices, with collisions."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

SYSTEM = "urn:heldout50p:praxis-patientennummer"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str
    sex: str  # "m" / "f"
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
    "Kaltenbach",
    "Fehrenbach",
    "Riesterer",
    "Wehrle",
    "Schwörer",
    "Scherzinger",
    "Dold",
    "Trenkle",
    "Bächle",
    "Rombach",
    "Faller",
    "Kury",
    "Zähringer",
    "Straub",
    "Löffler",
    "Häberle",
    "Nägele",
    "Gütle",
    "Mößner",
    "Wößner",
    "Kienzle",
    "Bühler",
    "Frey",
    "Hug",
    "Ruf",
    "Maier",
    "Mayer",
    "Schwarz",
    "Haller",
    "Schuler",
    "Bührer",
    "Hättich",
    "Jäckle",
    "Kunzelmann",
    "Läufer",
    "Morath",
    "Ketterer",
    "Tritschler",
    "Weißer",
    "Groß",
    "Strauß",
    "Schäfer",
    "Müller",
    "Öhler",
    "Vögele",
    "Schnitzler",
    "Zimmermann",
    "Eckert",
    "Ganter",
    "Hensler",
    "Kapp",
    "Laule",
    "Metzger",
    "Pfaff",
    "Rösch",
    "Seitz",
    "Thoma",
    "Ühlin",
    "Walz",
    "Bosch",
    "Gaiser",
    "Kübler",
    "Wahl",
    "Rapp",
    "Schönle",
    "Dreher",
    "Eberle",
    "Krasniqi",
    "Berisha",
    "Gashi",
    "Hoxha",
    "Morina",
    "Esposito",
    "Russo",
    "Colonna",
    "Ferreira",
    "Gonçalves",
    "da Silva",
    "Pereira",
    "Yilmaz",
    "Öztürk",
    "Çelik",
    "Demir",
    "Al-Hassan",
    "Haddad",
    "Khalil",
    "Mahmoud",
    "Papadopoulos",
    "Schaeffer",
    "Muller",
    "Meyer-Wendling",
    "Kienzle-Hauser",
    "von Stetten",
    "de Boer",
    "van der Linden",
    "zu Fürstenberg",
    "Baumann",
    "Ott",
    "Heitzmann",
    "Blum",
    "Dietsche",
]
MALE = [
    "Erwin",
    "Klaus",
    "Hans-Peter",
    "Jürgen",
    "Thomas",
    "Lukas",
    "Leon",
    "Bernhard",
    "Karl-Heinz",
    "Wolfgang",
    "Matthias",
    "Florian",
    "Albert",
    "Josef",
    "Michael",
    "Felix",
    "Benedikt",
    "Elias",
    "Gerhard",
    "Anton",
    "Valentin",
    "Emil",
    "Arben",
    "Driton",
    "Luca",
    "Giuseppe",
    "João",
    "Rui",
    "Mehmet",
    "Emre",
    "Ahmad",
    "Karim",
    "Omar",
    "Jean-Luc",
    "Pierre",
    "Dimitrios",
    "Jan",
    "Friedrich Wilhelm",
    "Heinz",
    "Otto",
]
FEMALE = [
    "Maria",
    "Anna Maria",
    "Hildegard",
    "Gertrud",
    "Renate",
    "Ursula",
    "Sabine",
    "Claudia",
    "Katharina",
    "Johanna",
    "Lea",
    "Sophie",
    "Marie-Luise",
    "Elisabeth",
    "Theresia",
    "Brigitte",
    "Monika",
    "Franziska",
    "Verena",
    "Rosa",
    "Liridona",
    "Vjosa",
    "Giulia",
    "Francesca",
    "Ana Rita",
    "Inês",
    "Ayla",
    "Elif",
    "Fatima",
    "Layla",
    "Noor",
    "Chantal",
    "Odile",
    "Eleni",
    "Anouk",
    "Margarethe",
    "Ilse",
    "Dorothea",
]
PLACES = [
    ("79098", "Freiburg im Breisgau", ["Kaiser-Joseph-Straße", "Bertoldstraße", "Merianstraße"]),
    ("79106", "Freiburg im Breisgau", ["Eschholzstraße", "Lehener Straße", "Wannerstraße"]),
    ("79100", "Freiburg im Breisgau", ["Günterstalstraße", "Wiehre-Weg", "Erwinstraße"]),
    ("79110", "Freiburg im Breisgau", ["Sundgauallee", "Elsässer Straße"]),
    ("79822", "Titisee-Neustadt", ["Hauptstraße", "Schwarzwaldstraße", "Jostalstraße"]),
    ("79874", "Breitnau", ["Dorfstraße", "Ödenbachweg", "Im Winkel"]),
    ("79871", "Eisenbach (Hochschwarzwald)", ["Hauptstraße", "Bubenbacher Straße"]),
    ("79856", "Hinterzarten", ["Adlerweg", "Rathausstraße"]),
    ("79199", "Kirchzarten", ["Talvogteistraße", "Bahnhofstraße"]),
    ("70372", "Stuttgart", ["Marktstraße", "Waiblinger Straße", "Brunnenstraße"]),
    ("70374", "Stuttgart", ["Nürnberger Straße", "Daimlerstraße", "Schmidener Straße"]),
    ("70376", "Stuttgart", ["Pragstraße", "Löwentorstraße"]),
    ("70190", "Stuttgart", ["Neckarstraße", "Werastraße"]),
    ("71332", "Waiblingen", ["Fronackerstraße", "Alter Postplatz"]),
    ("79539", "Lörrach", ["Tumringer Straße", "Basler Straße"]),
    ("78462", "Konstanz", ["Marktstätte", "Seestraße"]),
]


def _street(rng: random.Random, streets: list[str]) -> str:
    return f"{rng.choice(streets)} {rng.randint(1, 88)}{rng.choice(['', '', '', 'a', 'b'])}"


def _birth(rng: random.Random) -> str:
    start = date(1931, 1, 1)
    return (start + timedelta(days=rng.randint(0, 33000))).isoformat()


def build() -> list[Patient]:
    """The register: designed collisions first, then ordinary patients (deterministic)."""
    rng = random.Random(50_0516)
    out: list[Patient] = []
    next_id = [10040]

    def add(**kw: object) -> Patient:
        next_id[0] += rng.randint(1, 9)
        p = Patient(id=str(next_id[0]), **kw)  # type: ignore[arg-type]
        out.append(p)
        return p

    fr = "Freiburg im Breisgau"
    # Same name and birth date, told apart by address.
    add(
        surname="Schwarz",
        given_names="Maria",
        birth_date="1948-03-12",
        sex="f",
        street="Merianstraße 14",
        postcode="79098",
        city=fr,
        collision="same name and birth date, other address",
        collision_group="G1",
    )
    add(
        surname="Schwarz",
        given_names="Maria",
        birth_date="1948-03-12",
        sex="f",
        street="Jostalstraße 3",
        postcode="79822",
        city="Titisee-Neustadt",
        collision="same name and birth date, other address",
        collision_group="G1",
    )
    # Twins.
    add(
        surname="Kaltenbach",
        given_names="Lukas",
        birth_date="2011-06-04",
        sex="m",
        street="Dorfstraße 7",
        postcode="79874",
        city="Breitnau",
        collision="twin",
        collision_group="G2",
    )
    add(
        surname="Kaltenbach",
        given_names="Leon",
        birth_date="2011-06-04",
        sex="m",
        street="Dorfstraße 7",
        postcode="79874",
        city="Breitnau",
        collision="twin",
        collision_group="G2",
    )
    # Name change: married, letters may still use the old name.
    add(
        surname="Hug",
        given_names="Katharina",
        birth_date="1987-11-23",
        sex="f",
        street="Wannerstraße 31",
        postcode="79106",
        city=fr,
        birth_name="Wehrle",
        former_names=["Wehrle"],
        collision="name change (old name Wehrle)",
        collision_group="G3",
    )
    add(
        surname="Wehrle",
        given_names="Katharina",
        birth_date="1962-02-08",
        sex="f",
        street="Hauptstraße 40",
        postcode="79822",
        city="Titisee-Neustadt",
        collision="namesake of a former name",
        collision_group="G3",
    )
    # Umlaut spelled ae/oe/ue: another person.
    add(
        surname="Müller",
        given_names="Jürgen",
        birth_date="1959-09-30",
        sex="m",
        street="Pragstraße 12",
        postcode="70376",
        city="Stuttgart",
        collision="umlaut vs ue spelling, different people",
        collision_group="G4",
    )
    add(
        surname="Mueller",
        given_names="Juergen",
        birth_date="1959-10-03",
        sex="m",
        street="Waiblinger Straße 88",
        postcode="70372",
        city="Stuttgart",
        collision="umlaut vs ue spelling, different people",
        collision_group="G4",
    )
    add(
        surname="Schäfer",
        given_names="Gertrud",
        birth_date="1940-05-17",
        sex="f",
        street="Rathausstraße 2",
        postcode="79856",
        city="Hinterzarten",
        collision="umlaut vs ae spelling, different people",
        collision_group="G5",
    )
    add(
        surname="Schaefer",
        given_names="Gertrud",
        birth_date="1944-01-09",
        sex="f",
        street="Seestraße 19",
        postcode="78462",
        city="Konstanz",
        collision="umlaut vs ae spelling, different people",
        collision_group="G5",
    )
    # Namesakes with different birth dates.
    for bd, st in (
        ("1956-04-12", "Günterstalstraße 5"),
        ("1971-08-01", "Erwinstraße 22"),
        ("1990-12-24", "Sundgauallee 60"),
    ):
        add(
            surname="Maier",
            given_names="Thomas",
            birth_date=bd,
            sex="m",
            street=st,
            postcode="79100",
            city=fr,
            collision="namesake, other birth date",
            collision_group="G6",
        )
    # ß written ss by Swiss hospitals.
    add(
        surname="Weißer",
        given_names="Bernhard",
        birth_date="1952-07-19",
        sex="m",
        street="Tumringer Straße 201",
        postcode="79539",
        city="Lörrach",
        collision="Swiss spelling ss",
        collision_group="G7",
    )
    add(
        surname="Weisser",
        given_names="Bernhard",
        birth_date="1981-03-02",
        sex="m",
        street="Basler Straße 9",
        postcode="79539",
        city="Lörrach",
        collision="Swiss spelling ss",
        collision_group="G7",
    )
    # Titles, particles, double names.
    add(
        surname="von Stetten",
        given_names="Friedrich Wilhelm",
        birth_date="1939-10-10",
        sex="m",
        street="Erwinstraße 3",
        postcode="79100",
        city=fr,
        title="Prof. Dr.",
    )
    add(
        surname="Kienzle-Hauser",
        given_names="Marie-Luise",
        birth_date="1966-01-29",
        sex="f",
        street="Werastraße 117",
        postcode="70190",
        city="Stuttgart",
        title="Dr.",
        birth_name="Kienzle",
    )
    add(
        surname="Krasniqi",
        given_names="Arben",
        birth_date="1978-06-15",
        sex="m",
        street="Brunnenstraße 4",
        postcode="70372",
        city="Stuttgart",
        collision="namesake, other birth date",
        collision_group="G8",
    )
    add(
        surname="Krasniqi",
        given_names="Arben",
        birth_date="2004-02-27",
        sex="m",
        street="Brunnenstraße 4",
        postcode="70372",
        city="Stuttgart",
        collision="namesake, other birth date (son, same address)",
        collision_group="G8",
    )
    add(
        surname="Al-Hassan",
        given_names="Ahmad",
        birth_date="1985-01-01",
        sex="m",
        street="Elsässer Straße 11",
        postcode="79110",
        city=fr,
        collision="namesake, other birth date",
        collision_group="G9",
    )
    add(
        surname="Al-Hassan",
        given_names="Ahmad",
        birth_date="1992-01-01",
        sex="m",
        street="Schmidener Straße 45",
        postcode="70374",
        city="Stuttgart",
        collision="namesake, other birth date",
        collision_group="G9",
    )

    seen = {(p.surname, p.given_names, p.birth_date) for p in out}
    while len(out) < 330:
        sex = rng.choice(["m", "f"])
        given = rng.choice(MALE if sex == "m" else FEMALE)
        if rng.random() < 0.08:
            given = f"{given} {rng.choice(MALE if sex == 'm' else FEMALE).split()[0]}"
        surname = rng.choice(SURNAMES)
        birth_name = ""
        former: list[str] = []
        if sex == "f" and rng.random() < 0.15:
            birth_name = rng.choice(SURNAMES)
            if birth_name == surname:
                birth_name = ""
        title = rng.choice(["Dr.", "Dr.", "Prof. Dr.", "Dipl.-Ing."]) if rng.random() < 0.06 else ""
        bd = _birth(rng)
        if (surname, given, bd) in seen:
            continue
        seen.add((surname, given, bd))
        pc, city, streets = rng.choice(PLACES)
        add(
            surname=surname,
            given_names=given,
            birth_date=bd,
            sex=sex,
            street=_street(rng, streets),
            postcode=pc,
            city=city,
            title=title,
            birth_name=birth_name,
            former_names=former,
        )
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


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


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{content}\r\n".encode("iso-8859-1")
    return f"{len(body) + 3:03d}".encode("ascii") + body


def gdt_record(p: Patient) -> bytes:
    y, m, d = p.birth_date.split("-")
    lines = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{d}{m}{y}"),
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    rest = b"".join(_gdt_line(f, c) for f, c in lines)
    head = _gdt_line("8000", "6301")
    # 8100: the record's length in bytes, its own line included (9 + 5 digits + 2).
    total = len(head) + len(rest) + len(_gdt_line("8100", "00000"))
    return head + _gdt_line("8100", f"{total:05d}") + rest


def fhir_patient(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(),
    }
    if p.title:
        official["prefix"] = [p.title]
    names.append(official)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name})
    for old in p.former_names:
        names.append({"use": "old", "family": old})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


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
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
