"""The receiving practices' shared patient register (deterministic, with collisions)."""

from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_0291

FHIR_SYSTEM = "urn:oid:1.2.276.0.76.4.8.50ac"


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
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


_SURNAMES_DE = [
    "Schmitz",
    "Jansen",
    "Hermanns",
    "Offermann",
    "Kreutz",
    "Lennartz",
    "Classen",
    "Frings",
    "Pütz",
    "Krings",
    "Dahmen",
    "Wirtz",
    "Kohnen",
    "Houben",
    "Schümmer",
    "Bündgens",
    "Müller",
    "Schröder",
    "Vonhoegen",
    "Thelen",
    "Esser",
    "Beckers",
    "Nießen",
    "Gerards",
    "Moonen",
    "Heinrichs",
    "Bongartz",
    "Derichs",
    "Kaulen",
    "Pohl",
    "Zimmermann",
    "Schäfer",
    "Braun",
    "Königs",
    "Mertens",
    "Laufs",
    "Reinartz",
    "Stollenwerk",
    "Hürtgen",
    "Vossen",
    "Jöris",
    "Emonds",
    "Savelsberg",
    "Ohlenforst",
    "Kuckartz",
    "Rademacher",
    "Lamberts",
    "Dreßen",
]
_SURNAMES_FOREIGN = [
    ("Janssens", "BE"),
    ("Peeters", "BE"),
    ("Dubois", "BE"),
    ("Lambert", "BE"),
    ("Willems", "BE"),
    ("Maes", "BE"),
    ("Goossens", "BE"),
    ("Lejeune", "BE"),
    ("de Vries", "NL"),
    ("Bakker", "NL"),
    ("Visser", "NL"),
    ("Smeets", "NL"),
    ("van den Berg", "NL"),
    ("Hendriks", "NL"),
    ("Kowalski", "PL"),
    ("Nowak", "PL"),
    ("Wiśniewski", "PL"),
    ("Iwanow", "RU"),
    ("Petrow", "RU"),
    ("Smirnow", "RU"),
    ("Yılmaz", "TR"),
    ("Öztürk", "TR"),
    ("García López", "ES"),
    ("Fernández Ruiz", "ES"),
    ("Martin", "FR"),
    ("Bernard", "FR"),
    ("Weber", "LU"),
    ("Schmit", "LU"),
    ("O'Brien", "IE"),
    ("Taylor", "GB"),
    ("Rossi", "IT"),
    ("El Amrani", "MA"),
]
_PARTICLE_NAMES = [
    "von der Heyden",
    "van Kempen",
    "de Lange",
    "zur Nieden",
    "von Loë",
    "van der Meulen",
    "von Spee",
    "de la Haye",
]
_GIVEN_F = [
    "Maria",
    "Anna",
    "Gertrud",
    "Hildegard",
    "Ursula",
    "Monika",
    "Sabine",
    "Petra",
    "Claudia",
    "Andrea",
    "Julia",
    "Lena",
    "Sophie",
    "Marie-Luise",
    "Anne-Kathrin",
    "Elisabeth",
    "Katharina",
    "Helga",
    "Renate",
    "Brigitte",
    "Jessica",
    "Nicole",
    "Leonie",
    "Hannah",
    "Emma",
    "Mia",
]
_GIVEN_M = [
    "Josef",
    "Heinz",
    "Wilhelm",
    "Peter",
    "Hans-Jürgen",
    "Karl-Heinz",
    "Michael",
    "Thomas",
    "Stefan",
    "Andreas",
    "Jürgen",
    "Dieter",
    "Markus",
    "Frank",
    "Lukas",
    "Jonas",
    "Felix",
    "Leon",
    "Paul",
    "Johannes",
    "Matthias",
    "Günter",
    "Klaus",
    "Werner",
    "Ralf",
    "Tobias",
]
_GIVEN_FOREIGN = {
    "BE": (["Marie", "Nathalie", "Els", "Griet"], ["Luc", "Pieter", "Jean-Marc", "Wim"]),
    "NL": (["Anouk", "Marieke", "Sanne"], ["Joost", "Sander", "Bram"]),
    "PL": (["Agnieszka", "Katarzyna", "Małgorzata"], ["Piotr", "Krzysztof", "Tomasz"]),
    "RU": (["Olga", "Tatjana", "Swetlana"], ["Sergej", "Dmitrij", "Alexander"]),
    "TR": (["Ayşe", "Elif", "Zeynep"], ["Mehmet", "Emre", "Mustafa"]),
    "ES": (["Carmen", "Lucía", "Pilar"], ["José", "Javier", "Miguel"]),
    "FR": (["Camille", "Élodie", "Chantal"], ["Pierre", "Mathieu", "Olivier"]),
    "LU": (["Nathalie", "Carole"], ["Marc", "Georges"]),
    "IE": (["Siobhán", "Aoife"], ["Seán", "Ciarán"]),
    "GB": (["Emily", "Charlotte"], ["James", "Oliver"]),
    "IT": (["Giulia", "Francesca"], ["Marco", "Luca"]),
    "MA": (["Fatima", "Samira"], ["Youssef", "Karim"]),
}
_STREETS = [
    "Pontstraße",
    "Jülicher Straße",
    "Trierer Straße",
    "Roermonder Straße",
    "Vaalser Straße",
    "Kölnstraße",
    "Schenkelstraße",
    "Monschauer Straße",
    "Hauptstraße",
    "Kirchstraße",
    "Eupener Straße",
    "Aachener Straße",
    "Bonner Talweg",
    "Venloer Straße",
    "Dürener Straße",
    "Am Lousberg",
    "Kaiserplatz",
    "Luisenstraße",
    "Im Grüntal",
    "Burtscheider Markt",
]
_CITIES = [
    ("52062", "Aachen"),
    ("52064", "Aachen"),
    ("52066", "Aachen"),
    ("52072", "Aachen"),
    ("52349", "Düren"),
    ("52351", "Düren"),
    ("52249", "Eschweiler"),
    ("52146", "Würselen"),
    ("52222", "Stolberg"),
    ("52156", "Monschau"),
    ("52152", "Simmerath"),
    ("53937", "Schleiden"),
    ("53925", "Kall"),
    ("53879", "Euskirchen"),
    ("50667", "Köln"),
    ("50937", "Köln"),
    ("53111", "Bonn"),
    ("53115", "Bonn"),
    ("52525", "Heinsberg"),
    ("52134", "Herzogenrath"),
]


def _date(rng: random.Random, y0: int, y1: int) -> str:
    y = rng.randint(y0, y1)
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return f"{y:04d}-{m:02d}-{d:02d}"


def _address(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(_CITIES)
    return f"{rng.choice(_STREETS)} {rng.randint(1, 140)}", pc, city


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    next_id = [31_004]

    def new_id() -> str:
        next_id[0] += rng.randint(1, 9)
        return str(next_id[0])

    def add(**kw: object) -> Patient:
        st, pc, city = _address(rng)
        kw.setdefault("street", st)
        kw.setdefault("postcode", pc)
        kw.setdefault("city", city)
        p = Patient(id=new_id(), **kw)  # type: ignore[arg-type]
        out.append(p)
        return p

    # Curated collisions first.
    add(
        surname="Schmitz",
        given_names="Maria",
        birth_date="1948-03-12",
        sex="F",
        collision="same name and birth date, told apart by address",
        collision_group="C1",
        street="Jülicher Straße 44",
        postcode="52070",
        city="Aachen",
    )
    add(
        surname="Schmitz",
        given_names="Maria",
        birth_date="1948-03-12",
        sex="F",
        collision="same name and birth date, told apart by address",
        collision_group="C1",
        street="Kölnstraße 9",
        postcode="52351",
        city="Düren",
        birth_name="Kreutz",
    )
    add(
        surname="Hermanns",
        given_names="Lukas",
        birth_date="2011-06-23",
        sex="M",
        collision="twin",
        collision_group="C2",
    )
    add(
        surname="Hermanns",
        given_names="Jonas",
        birth_date="2011-06-23",
        sex="M",
        collision="twin",
        collision_group="C2",
    )
    add(
        surname="Bongartz",
        given_names="Julia",
        birth_date="1987-09-02",
        sex="F",
        birth_name="Lennartz",
        former_names=["Lennartz"],
        collision="name change; letters may use the old name",
        collision_group="C3",
    )
    add(
        surname="Lennartz",
        given_names="Julia",
        birth_date="1990-01-17",
        sex="F",
        collision="namesake of the former name, other birth date",
        collision_group="C3",
    )
    add(
        surname="Möller",
        given_names="Jörg",
        birth_date="1961-11-05",
        sex="M",
        collision="umlaut spelling vs ae/oe/ue spelling",
        collision_group="C4",
    )
    add(
        surname="Moeller",
        given_names="Joerg",
        birth_date="1958-02-27",
        sex="M",
        collision="umlaut spelling vs ae/oe/ue spelling",
        collision_group="C4",
    )
    add(
        surname="Jansen",
        given_names="Peter",
        birth_date="1955-04-30",
        sex="M",
        collision="namesake, other birth date",
        collision_group="C5",
    )
    add(
        surname="Jansen",
        given_names="Peter",
        birth_date="1979-12-08",
        sex="M",
        collision="namesake, other birth date",
        collision_group="C5",
    )
    add(
        surname="Janssen",
        given_names="Peter",
        birth_date="1955-04-03",
        sex="M",
        collision="near namesake, near birth date",
        collision_group="C5",
    )
    add(
        surname="Müller-Lüdenscheidt",
        given_names="Anne-Kathrin",
        birth_date="1972-07-19",
        sex="F",
        title="Dr.",
        birth_name="Müller",
    )
    add(
        surname="von der Heyden",
        given_names="Friedrich Wilhelm",
        birth_date="1939-10-01",
        sex="M",
        title="Prof. Dr.",
    )
    add(
        surname="Iwanowa",
        given_names="Tatjana",
        birth_date="1966-05-14",
        sex="F",
        birth_name="Petrowa",
        former_names=["Petrowa"],
    )
    add(
        surname="Dupont",
        given_names="Marie-Claire",
        birth_date="1951-08-09",
        sex="F",
        birth_name="Lejeune",
        country="BE",
        street="Rue de Herve 12",
        postcode="4700",
        city="Eupen",
    )
    add(
        surname="de Vries",
        given_names="Johannes",
        birth_date="1944-02-11",
        sex="M",
        country="NL",
        street="Wilhelminastraat 8",
        postcode="6285 AB",
        city="Epen",
    )
    add(
        surname="Kowalska",
        given_names="Agnieszka",
        birth_date="1983-03-21",
        sex="F",
        birth_name="Nowak",
        former_names=["Nowak"],
    )
    add(surname="García López", given_names="Carmen", birth_date="1970-12-01", sex="F")
    add(surname="O'Brien", given_names="Siobhán", birth_date="1992-04-04", sex="F")
    add(
        surname="Thelen",
        given_names="Hans-Jürgen",
        birth_date="1963-06-06",
        sex="M",
        title="Dr. med.",
    )
    add(
        surname="Thelen",
        given_names="Hans Jürgen",
        birth_date="1963-09-06",
        sex="M",
        collision="hyphenated vs spaced given names, birth dates differ by month",
        collision_group="C6",
    )
    out[-2].collision = "hyphenated vs spaced given names, birth dates differ by month"
    out[-2].collision_group = "C6"
    add(
        surname="Weber",
        given_names="Marc",
        birth_date="1977-07-07",
        sex="M",
        country="LU",
        street="Route d'Arlon 5",
        postcode="L-8009",
        city="Strassen",
    )
    add(surname="Schneider", given_names="Emily", birth_date="1995-01-30", sex="F")
    add(surname="Öztürk", given_names="Mehmet", birth_date="1958-10-10", sex="M")
    add(
        surname="Oeztuerk",
        given_names="Mehmet",
        birth_date="1988-10-10",
        sex="M",
        collision="umlaut spelling vs ae/oe/ue spelling",
        collision_group="C7",
    )
    out[-2].collision = "umlaut spelling vs ae/oe/ue spelling"
    out[-2].collision_group = "C7"
    add(surname="Krings", given_names="Stefan", birth_date="1984-05-05", sex="M")

    while len(out) < 330:
        kind = rng.random()
        sex = rng.choice("FM")
        if kind < 0.62:
            surname = rng.choice(_SURNAMES_DE)
            given = rng.choice(_GIVEN_F if sex == "F" else _GIVEN_M)
            country = "DE"
        elif kind < 0.9:
            surname, origin = rng.choice(_SURNAMES_FOREIGN)
            f, m = _GIVEN_FOREIGN[origin]
            given = rng.choice(f if sex == "F" else m)
            country = "DE"
            if sex == "F" and surname.endswith("ski"):
                surname = surname[:-1] + "a"
            if sex == "F" and origin == "RU":
                surname = surname + "a"
        else:
            surname = rng.choice(_PARTICLE_NAMES)
            given = rng.choice(_GIVEN_F if sex == "F" else _GIVEN_M)
            country = "DE"
        if rng.random() < 0.12:
            given = given + " " + rng.choice(_GIVEN_F if sex == "F" else _GIVEN_M)
        title = (
            rng.choice(["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing."])
            if rng.random() < 0.07
            else ""
        )
        birth_name = ""
        former: list[str] = []
        if sex == "F" and rng.random() < 0.2:
            birth_name = rng.choice(_SURNAMES_DE)
            if rng.random() < 0.3:
                surname = surname + "-" + birth_name
        add(
            surname=surname,
            given_names=given,
            birth_date=_date(rng, 1932, 2020),
            sex=sex,
            title=title,
            birth_name=birth_name,
            former_names=former,
            country=country,
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


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + content).encode("latin-1", errors="replace")
    n = len(body) + 3 + 2
    return f"{n:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    y, m, d = p.birth_date.split("-")
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{d}{m}{y}"),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    length_line_len = 3 + 4 + 5 + 2
    total = len(head) + length_line_len + len(body)
    return head + _gdt_line("8100", f"{total:05d}") + body


def fhir_patient(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = [p.title]
    names.append(official)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    names.extend(
        {"use": "old", "family": f, "given": p.given_names.split(" ")} for f in p.former_names
    )
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: str | Path) -> None:
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
    (root / "patients.csv").write_text(csv_text(patients), encoding="utf-8")
    for p in patients:
        (root / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
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
