"""The receiving practices' shared patient register (Rhine-Neckar / Baden), deterministic."""

from __future__ import annotations

import csv
import io
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_2701

GIVEN_M = [
    "Jürgen",
    "Klaus",
    "Thomas",
    "Michael",
    "Stefan",
    "Andreas",
    "Wolfgang",
    "Günter",
    "Matthias",
    "Jörg",
    "Uwe",
    "Bernd",
    "Frank",
    "Markus",
    "Lukas",
    "Jonas",
    "Felix",
    "Karl-Heinz",
    "Hans-Peter",
    "Friedrich Wilhelm",
    "Dieter",
    "Rüdiger",
    "Maximilian",
]
GIVEN_F = [
    "Ursula",
    "Brigitte",
    "Sabine",
    "Petra",
    "Monika",
    "Gabriele",
    "Claudia",
    "Andrea",
    "Anja",
    "Katharina",
    "Lena",
    "Sophie",
    "Hannelore",
    "Renate",
    "Jutta",
    "Bärbel",
    "Anna-Lena",
    "Marie Luise",
    "Elisabeth",
    "Ingrid",
    "Gerlinde",
    "Franziska",
    "Jana",
]
SURNAMES = [
    "Müller",
    "Schmitt",
    "Schneider",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Zimmermann",
    "Krüger",
    "Hofmann",
    "Hartmann",
    "Lang",
    "Werner",
    "Walter",
    "Kühn",
    "Böhm",
    "Köhler",
    "Seitz",
    "Hörner",
    "Gärtner",
    "Eberle",
    "Ziegler",
    "Frey",
    "Kunz",
    "Heß",
    "Stöckle",
    "Weißhaar",
    "Grüninger",
    "Kälberer",
    "Dörr",
    "Rübsamen",
    "Häfner",
    "Odenwälder",
    "Schwarz-Rothenberger",
    "Maier-Leibnitz",
    "Fuchs-Kärcher",
]
PARTICLES = [("von", "Hirschberg"), ("von der", "Weppen"), ("de", "Buhr"), ("van der", "Linden")]
FOREIGN = [
    # (given names m, given names f, surnames, country of the family)
    (
        ["Mehmet", "Ahmet", "Murat", "Emre"],
        ["Ayşe", "Fatma", "Elif", "Zeynep"],
        ["Yılmaz", "Kaya", "Demir", "Şahin", "Öztürk", "Çelik", "Aydın"],
        "TR",
    ),
    (
        ["Giuseppe", "Marco", "Salvatore"],
        ["Giulia", "Francesca", "Rosaria"],
        ["Esposito", "Russo", "Romano", "Greco", "Lo Bianco", "D'Angelo"],
        "IT",
    ),
    (
        ["Ivan", "Tomislav", "Dražen"],
        ["Ivana", "Marija", "Jelena"],
        ["Horvat", "Kovačević", "Babić", "Jurić", "Marić"],
        "HR",
    ),
    (
        ["Georgios", "Konstantinos", "Dimitrios"],
        ["Eleni", "Maria", "Sofia"],
        ["Papadopoulos", "Nikolaidis", "Georgiou", "Karagiannis"],
        "GR",
    ),
    (
        ["Oleksandr", "Andrii", "Serhii"],
        ["Olena", "Iryna", "Tetiana"],
        ["Kovalenko", "Shevchenko", "Bondarenko", "Tkachenko"],
        "UA",
    ),
    (
        ["Jonas", "Mindaugas", "Tomas"],
        ["Rūta", "Eglė", "Jurgita"],
        ["Kazlauskas", "Petrauskienė", "Jankauskas", "Žukauskas"],
        "LT",
    ),
    (
        ["Ahmad", "Mohammad", "Khaled"],
        ["Rania", "Lina", "Hala"],
        ["Al-Hassan", "Haddad", "Khalil", "Al-Masri"],
        "SY",
    ),
    (
        ["Jean-Luc", "Pierre", "Étienne"],
        ["Céline", "Amélie", "Hélène"],
        ["Schaeffer", "Muller", "Lefèvre", "Koenig"],
        "FR",
    ),
]
STREETS = {
    ("68723", "Schwetzingen"): ["Carl-Theodor-Straße", "Mannheimer Straße", "Zähringerstraße"],
    ("68782", "Brühl"): ["Hauptstraße", "Schillerstraße"],
    ("69120", "Heidelberg"): ["Brückenstraße", "Mönchhofstraße", "Uferstraße"],
    ("69115", "Heidelberg"): ["Bergheimer Straße", "Kurfürsten-Anlage"],
    ("68169", "Mannheim"): ["Mittelstraße", "Lange Rötterstraße", "Waldhofstraße"],
    ("68159", "Mannheim"): ["R 3", "K 2", "G 7"],
    ("67059", "Ludwigshafen am Rhein"): ["Bismarckstraße", "Ludwigstraße"],
    ("69469", "Weinheim"): ["Bergstraße", "Grundelbachstraße"],
    ("69168", "Wiesloch"): ["Schwetzinger Straße", "Ringstraße"],
    ("74821", "Mosbach"): ["Hauptstraße", "Odenwaldstraße"],
    ("69412", "Eberbach"): ["Neckarstraße", "Friedrichsdorfer Landstraße"],
    ("68526", "Ladenburg"): ["Kirchenstraße", "Weinheimer Straße"],
}


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    sex: str  # "m" / "f"
    birth_date: str  # ISO
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str = ""  # kind of collision, "" for none
    collision_group: str = ""
    origin: str = "DE"  # the family's country (for the letters' choice)

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _date(rng: random.Random, y0: int = 1932, y1: int = 2019) -> str:
    y = rng.randint(y0, y1)
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return f"{y:04d}-{m:02d}-{d:02d}"


def _address(rng: random.Random) -> tuple[str, str, str]:
    keys = sorted(STREETS)
    pc, city = keys[rng.randrange(len(keys))]
    streets = STREETS[(pc, city)]
    st = streets[rng.randrange(len(streets))]
    no = rng.randint(1, 120)
    return (f"{st} {no}", pc, city)


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()

    def add(p: Patient) -> Patient:
        out.append(p)
        seen.add((p.surname, p.given_names, p.birth_date))
        return p

    def nid() -> str:
        return str(10_001 + len(out) * 7)

    # ordinary patients
    while len(out) < 262:
        sex = "m" if rng.random() < 0.5 else "f"
        roll = rng.random()
        origin = "DE"
        if roll < 0.30:
            fm, ff, sn, origin = FOREIGN[rng.randrange(len(FOREIGN))]
            given = (fm if sex == "m" else ff)[rng.randrange(3)]
            surname = sn[rng.randrange(len(sn))]
        elif roll < 0.36:
            part, base = PARTICLES[rng.randrange(len(PARTICLES))]
            surname = f"{part} {base}"
            given = (GIVEN_M if sex == "m" else GIVEN_F)[rng.randrange(len(GIVEN_M))]
        else:
            surname = SURNAMES[rng.randrange(len(SURNAMES))]
            given = (GIVEN_M if sex == "m" else GIVEN_F)[rng.randrange(len(GIVEN_M))]
        bd = _date(rng)
        if (surname, given, bd) in seen:
            continue
        st, pc, city = _address(rng)
        title = ""
        r2 = rng.random()
        if r2 < 0.06:
            title = "Dr."
        elif r2 < 0.08:
            title = "Prof. Dr."
        elif r2 < 0.09:
            title = "Dr. med."
        birth_name = ""
        if sex == "f" and origin == "DE" and rng.random() < 0.25:
            birth_name = SURNAMES[rng.randrange(len(SURNAMES))]
            if birth_name == surname:
                birth_name = ""
        add(
            Patient(
                nid(), surname, given, sex, bd, st, pc, city, "DE", title, birth_name, origin=origin
            )
        )
    g = 0

    def group() -> str:
        nonlocal g
        g += 1
        return f"G{g:02d}"

    # same name and birth date, told apart by the address
    for sn, gv, sex in [
        ("Müller", "Thomas", "m"),
        ("Yılmaz", "Ayşe", "f"),
        ("Schmitt", "Sabine", "f"),
        ("Kovalenko", "Olena", "f"),
    ]:
        bd = _date(rng, 1950, 1995)
        gr = group()
        for _ in range(2):
            st, pc, city = _address(rng)
            origin = "UA" if sn == "Kovalenko" else ("TR" if sn == "Yılmaz" else "DE")
            add(
                Patient(
                    nid(),
                    sn,
                    gv,
                    sex,
                    bd,
                    st,
                    pc,
                    city,
                    collision="same_name_and_birth_date",
                    collision_group=gr,
                    origin=origin,
                )
            )
    # twins
    for sn, pair in [
        ("Hörner", (("Lukas", "m"), ("Jonas", "m"))),
        ("Esposito", (("Giulia", "f"), ("Francesca", "f"))),
        ("Weißhaar", (("Anna-Lena", "f"), ("Felix", "m"))),
    ]:
        bd = _date(rng, 1985, 2016)
        st, pc, city = _address(rng)
        gr = group()
        for gv, sex in pair:
            add(
                Patient(
                    nid(),
                    sn,
                    gv,
                    sex,
                    bd,
                    st,
                    pc,
                    city,
                    collision="twin",
                    collision_group=gr,
                    origin="IT" if sn == "Esposito" else "DE",
                )
            )
    # name change (marriage / divorce): the letters may use the old name
    for old, new, gv in [
        ("Kälberer", "Ziegler", "Franziska"),
        ("Babić", "Seitz", "Ivana"),
        ("Schröder", "Nikolaidis", "Katharina"),
        ("Dörr", "Frey", "Jana"),
    ]:
        st, pc, city = _address(rng)
        add(
            Patient(
                nid(),
                new,
                gv,
                "f",
                _date(rng, 1960, 1998),
                st,
                pc,
                city,
                birth_name=old,
                former_names=[old],
                collision="name_change",
                collision_group=group(),
                origin="HR" if old == "Babić" else "DE",
            )
        )
    # umlaut spelt out as a different person
    for a, b, gv, sex in [
        ("Müller", "Mueller", "Jürgen", "m"),
        ("Schäfer", "Schaefer", "Petra", "f"),
        ("Köhler", "Koehler", "Uwe", "m"),
        ("Kühn", "Kuehn", "Monika", "f"),
    ]:
        gr = group()
        for sn in (a, b):
            st, pc, city = _address(rng)
            add(
                Patient(
                    nid(),
                    sn,
                    gv,
                    sex,
                    _date(rng),
                    st,
                    pc,
                    city,
                    collision="umlaut_spelling",
                    collision_group=gr,
                )
            )
    # namesakes with different birth dates
    for sn, gv, sex in [
        ("Weber", "Andreas", "m"),
        ("Kaya", "Mehmet", "m"),
        ("Horvat", "Marija", "f"),
        ("Wagner", "Elisabeth", "f"),
        ("Haddad", "Khaled", "m"),
    ]:
        gr = group()
        for _ in range(3 if sn == "Weber" else 2):
            st, pc, city = _address(rng)
            add(
                Patient(
                    nid(),
                    sn,
                    gv,
                    sex,
                    _date(rng),
                    st,
                    pc,
                    city,
                    collision="namesake",
                    collision_group=gr,
                )
            )
    # a few more with titles and double names
    extra = [
        ("Prof. Dr.", "Maier-Leibnitz", "Hans-Peter", "m"),
        ("Dr.", "von Hirschberg", "Marie Luise", "f"),
        ("", "Lo Bianco", "Salvatore", "m"),
        ("", "Schwarz-Rothenberger", "Gerlinde", "f"),
        ("", "Petrauskienė", "Rūta", "f"),
        ("", "Papadopoulos", "Georgios", "m"),
        ("", "Al-Hassan", "Ahmad", "m"),
        ("Dr.", "Lefèvre", "Hélène", "f"),
        ("", "Miller", "Robert James", "m"),
        ("", "Tremblay", "Marie-Claude", "f"),
    ]
    for title, sn, gv, sex in extra:
        st, pc, city = _address(rng)
        add(Patient(nid(), sn, gv, sex, _date(rng, 1940, 1990), st, pc, city, title=title))
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def latin1(text: str) -> str:
    """GDT is ISO-8859-1: letters outside it lose their accents (ı -> i, ş -> s, ė -> e)."""
    out = []
    for ch in text:
        try:
            ch.encode("iso-8859-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
            )
            out.append({"ı": "i", "đ": "d", "Đ": "D", "ł": "l"}.get(ch, base) or "?")
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{latin1(content)}".encode("iso-8859-1")
    return f"{len(body) + 5:03d}".encode("ascii") + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    y, m, d = p.birth_date.split("-")
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{d}{m}{y}"),
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    # 8100 holds the whole record's length, itself included (a 14-byte line)
    total = len(head) + 14 + len(body)
    return head + _gdt_line("8100", f"{total:05d}") + body


def fhir_patient(p: Patient) -> dict[str, object]:
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
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": "urn:heldout50aa:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
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
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    (folder / "patients.csv").write_text(csv_text(patients), encoding="utf-8")
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:pat-{p.id}", "resource": r}
            for p, r in zip(patients, resources, strict=True)
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
