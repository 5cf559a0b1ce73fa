"""The practice register of the Franconian practices: patients with realistic collisions."""

from __future__ import annotations

import csv
import json
import random
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

SEED = 50_4_1
FHIR_SYSTEM = "urn:oid:1.2.276.0.76.4.50ad"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    sex: str  # "M" / "F"
    birth_date: date
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


MALE = [
    "Hans",
    "Günter",
    "Wolfgang",
    "Klaus",
    "Jürgen",
    "Werner",
    "Manfred",
    "Dieter",
    "Thomas",
    "Andreas",
    "Stefan",
    "Michael",
    "Markus",
    "Florian",
    "Matthias",
    "Johannes",
    "Georg",
    "Konrad",
    "Lorenz",
    "Sebastian",
    "Tobias",
    "Benedikt",
    "Maximilian",
    "Leonhard",
    "Erich",
    "Alois",
    "Friedrich",
    "Heinrich",
    "Ludwig",
    "Rainer",
    "Norbert",
    "Helmut",
    "Karl-Heinz",
]
FEMALE = [
    "Anna",
    "Maria",
    "Gertrud",
    "Erika",
    "Ursula",
    "Monika",
    "Renate",
    "Brigitte",
    "Sabine",
    "Claudia",
    "Andrea",
    "Petra",
    "Birgit",
    "Kerstin",
    "Stefanie",
    "Julia",
    "Katharina",
    "Theresa",
    "Franziska",
    "Barbara",
    "Margarete",
    "Elisabeth",
    "Hildegard",
    "Irmgard",
    "Annemarie",
    "Kunigunde",
    "Veronika",
    "Magdalena",
    "Lena",
    "Sophie",
    "Christine",
]
SURNAMES = [
    "Müller",
    "Schmidt",
    "Meier",
    "Bauer",
    "Hofmann",
    "Schneider",
    "Fischer",
    "Weber",
    "Pöhlmann",
    "Dötsch",
    "Seuß",
    "Kraußer",
    "Pfannenmüller",
    "Schwemmer",
    "Heßlein",
    "Gößwein",
    "Löhlein",
    "Zeitler",
    "Dürrbeck",
    "Raab",
    "Wölfel",
    "Hümmer",
    "Schütz",
    "Kötzner",
    "Grüner",
    "Eckert",
    "Wunderlich",
    "Ruppert",
    "Lindner",
    "Schrüfer",
    "Voit",
    "Kreß",
    "Baumgärtner",
    "Nützel",
    "Engelhardt",
    "Rößner",
    "Gebhardt",
    "Sauerer",
    "Höfler",
    "Kastner",
    "Pickel",
    "Backert",
    "Söllner",
    "Drechsel",
    "Strobel",
    "Rüger",
]
FOREIGN: list[tuple[str, list[str], list[str]]] = [
    (
        "CZ",
        ["Novák", "Dvořák", "Procházková", "Černý", "Kučerová", "Svoboda"],
        ["Jiří", "Petr", "Jana", "Lenka", "Tomáš", "Markéta"],
    ),
    (
        "IT",
        ["Esposito", "Russo", "Bianchi", "Colombo", "De Luca"],
        ["Giuseppe", "Francesca", "Marco", "Giulia", "Antonio"],
    ),
    (
        "HR",
        ["Horvat", "Kovačević", "Babić", "Marić", "Jurić"],
        ["Ivan", "Marija", "Ana", "Tomislav", "Josip"],
    ),
    (
        "RO",
        ["Popescu", "Ionescu", "Stănescu", "Dumitrescu"],
        ["Andrei", "Ioana", "Mihaela", "Ștefan"],
    ),
    (
        "HU",
        ["Nagy", "Kovács", "Szabó", "Tóth", "Horváth"],
        ["László", "Zsuzsanna", "Gábor", "Erzsébet"],
    ),
    (
        "GR",
        ["Papadopoulos", "Georgiou", "Nikolaidou", "Karagiannis"],
        ["Georgios", "Eleni", "Dimitrios", "Maria"],
    ),
    (
        "TR",
        ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk"],
        ["Mehmet", "Ayşe", "Emine", "Hüseyin", "Fatma", "Murat"],
    ),
    (
        "RU",
        ["Iwanow", "Petrowa", "Smirnow", "Kusnezowa", "Wolkow"],
        ["Sergej", "Natalja", "Wladimir", "Olga", "Dmitrij"],
    ),
    ("US", ["Johnson", "Miller", "Rodriguez", "Walker"], ["James", "Ashley", "Tyler", "Megan"]),
    ("GB", ["Thompson", "Hughes", "Clarke"], ["Oliver", "Charlotte", "Harriet"]),
]
FEMALE_FOREIGN = {
    "Jana",
    "Lenka",
    "Markéta",
    "Francesca",
    "Giulia",
    "Marija",
    "Ana",
    "Ioana",
    "Mihaela",
    "Zsuzsanna",
    "Erzsébet",
    "Eleni",
    "Maria",
    "Ayşe",
    "Emine",
    "Fatma",
    "Natalja",
    "Olga",
    "Ashley",
    "Megan",
    "Charlotte",
    "Harriet",
}
PARTICLES = [
    ("von", "Aufseß"),
    ("von", "Egloffstein"),
    ("zu", "Guttenberg-Rauh"),
    ("van", "der Velde"),
    ("de", "Vries"),
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]
TOWNS = [
    ("90402", "Nürnberg"),
    ("90489", "Nürnberg"),
    ("90459", "Nürnberg"),
    ("90762", "Fürth"),
    ("90768", "Fürth"),
    ("91052", "Erlangen"),
    ("91058", "Erlangen"),
    ("97070", "Würzburg"),
    ("96047", "Bamberg"),
    ("95444", "Bayreuth"),
    ("97421", "Schweinfurt"),
    ("91320", "Ebermannstadt"),
    ("92224", "Amberg"),
    ("92637", "Weiden i.d.OPf."),
    ("91301", "Forchheim"),
    ("91074", "Herzogenaurach"),
    ("92655", "Grafenwöhr"),
    ("92249", "Vilseck"),
    ("91126", "Schwabach"),
    ("90537", "Feucht"),
]
STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Kirchenweg",
    "Am Anger",
    "Fürther Straße",
    "Äußere Sulzbacher Str.",
    "Pegnitzstraße",
    "Regnitzufer",
    "Schillerplatz",
    "Lindenstraße",
    "Am Kellerberg",
    "Mühlgasse",
    "Frankenstraße",
    "Wöhrder Hauptstraße",
    "Bamberger Straße",
    "Egerländer Weg",
]


def _address(rng: random.Random) -> tuple[str, str, str]:
    postcode, city = rng.choice(TOWNS)
    return f"{rng.choice(STREETS)} {rng.randint(1, 120)}", postcode, city


def _dob(rng: random.Random, lo: int = 1926, hi: int = 2019) -> date:
    start = date(lo, 1, 1)
    return start + timedelta(days=rng.randint(0, (date(hi, 12, 31) - start).days))


def build() -> list[Patient]:
    """The register: 330 patients, deterministic, with the collisions named in README.md."""
    rng = random.Random(SEED)
    out: list[Patient] = []

    def add(**kw: object) -> Patient:
        pid = str(20_001 + len(out))
        street, postcode, city = _address(rng)
        base: dict[str, object] = {"street": street, "postcode": postcode, "city": city}
        base.update(kw)
        p = Patient(id=pid, **base)  # type: ignore[arg-type]
        out.append(p)
        return p

    # Collisions, first and fixed.
    d1 = date(1958, 3, 12)
    add(
        surname="Müller",
        given_names="Hans",
        sex="M",
        birth_date=d1,
        street="Hauptstraße 4",
        postcode="90762",
        city="Fürth",
        collision="same name and birth date",
        collision_group="C1",
    )
    add(
        surname="Müller",
        given_names="Hans",
        sex="M",
        birth_date=d1,
        street="Am Kellerberg 17",
        postcode="91301",
        city="Forchheim",
        collision="same name and birth date",
        collision_group="C1",
    )
    d2 = date(2011, 6, 30)
    add(
        surname="Dötsch",
        given_names="Lukas",
        sex="M",
        birth_date=d2,
        street="Mühlgasse 8",
        postcode="96047",
        city="Bamberg",
        collision="twins",
        collision_group="C2",
    )
    add(
        surname="Dötsch",
        given_names="Lena",
        sex="F",
        birth_date=d2,
        street="Mühlgasse 8",
        postcode="96047",
        city="Bamberg",
        collision="twins",
        collision_group="C2",
    )
    add(
        surname="Hofmann-Yılmaz",
        given_names="Sabine",
        sex="F",
        birth_date=date(1979, 11, 2),
        birth_name="Hofmann",
        former_names=["Hofmann"],
        collision="name change",
        collision_group="C3",
    )
    add(
        surname="Wunderlich",
        given_names="Claudia",
        sex="F",
        birth_date=date(1966, 1, 19),
        birth_name="Seuß",
        former_names=["Seuß", "Gebhardt"],
        collision="name change",
        collision_group="C4",
    )
    add(
        surname="Müller",
        given_names="Jürgen",
        sex="M",
        birth_date=date(1961, 4, 12),
        collision="umlaut spelling",
        collision_group="C5",
    )
    add(
        surname="Mueller",
        given_names="Juergen",
        sex="M",
        birth_date=date(1961, 4, 21),
        collision="umlaut spelling",
        collision_group="C5",
    )
    add(
        surname="Schütz",
        given_names="Gertrud",
        sex="F",
        birth_date=date(1940, 9, 5),
        collision="umlaut spelling",
        collision_group="C6",
    )
    add(
        surname="Schuetz",
        given_names="Gertrud",
        sex="F",
        birth_date=date(1940, 9, 5),
        collision="umlaut spelling",
        collision_group="C6",
    )
    add(
        surname="Bauer",
        given_names="Maria",
        sex="F",
        birth_date=date(1947, 2, 14),
        collision="namesakes",
        collision_group="C7",
    )
    add(
        surname="Bauer",
        given_names="Maria",
        sex="F",
        birth_date=date(1983, 8, 27),
        collision="namesakes",
        collision_group="C7",
    )
    add(
        surname="Bauer",
        given_names="Maria Theresia",
        sex="F",
        birth_date=date(1952, 12, 1),
        collision="namesakes",
        collision_group="C7",
    )
    add(
        surname="Novák",
        given_names="Jiří",
        sex="M",
        birth_date=date(1975, 7, 7),
        country="DE",
        collision="namesakes",
        collision_group="C8",
    )
    add(
        surname="Novak",
        given_names="Jiri",
        sex="M",
        birth_date=date(1990, 3, 3),
        collision="namesakes",
        collision_group="C8",
    )
    add(surname="Papadopoulos", given_names="Georgios", sex="M", birth_date=date(1955, 10, 28))
    add(
        surname="Iwanow",
        given_names="Sergej",
        sex="M",
        birth_date=date(1969, 5, 9),
        former_names=["Ivanov"],
    )
    add(
        surname="von Aufseß",
        given_names="Friedrich Wilhelm",
        sex="M",
        title="Dr.",
        birth_date=date(1938, 4, 1),
    )
    add(surname="Öztürk", given_names="Emine", sex="F", birth_date=date(1972, 12, 24))
    add(
        surname="Johnson",
        given_names="Tyler James",
        sex="M",
        birth_date=date(1996, 2, 29),
        street="Tower Barracks, Bldg 244",
        postcode="92655",
        city="Grafenwöhr",
    )

    while len(out) < 330:
        roll = rng.random()
        title = rng.choice(TITLES) if rng.random() < 0.08 else ""
        if roll < 0.22:
            _country, sns, gns = rng.choice(FOREIGN)
            g = rng.choice(gns)
            sex = "F" if g in FEMALE_FOREIGN else "M"
            add(surname=rng.choice(sns), given_names=g, sex=sex, birth_date=_dob(rng), title=title)
        else:
            sex = rng.choice(["M", "F"])
            g = rng.choice(MALE if sex == "M" else FEMALE)
            if rng.random() < 0.12:
                g2 = rng.choice(MALE if sex == "M" else FEMALE)
                if g2 != g:
                    g = f"{g} {g2}"
            s = rng.choice(SURNAMES)
            birth = ""
            former: list[str] = []
            if rng.random() < 0.05:
                part, name = rng.choice(PARTICLES)
                s = f"{part} {name}"
            elif rng.random() < 0.08:
                s2 = rng.choice(SURNAMES)
                if s2 != s:
                    s = f"{s}-{s2}"
            if sex == "F" and rng.random() < 0.25:
                birth = rng.choice(SURNAMES)
                if birth == s:
                    birth = ""
                elif rng.random() < 0.3:
                    former = [birth]
            add(
                surname=s,
                given_names=g,
                sex=sex,
                birth_date=_dob(rng),
                title=title,
                birth_name=birth,
                former_names=former,
            )
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


def _fhir(p: Patient) -> dict[str, object]:
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
        names.append({"use": "maiden", "family": p.birth_name})
    for old in p.former_names:
        names.append({"use": "old", "family": old})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def latin1(text: str) -> str:
    """GDT is ISO-8859-1: letters outside it lose their accent (ř -> r, ı -> i, ș -> s)."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)[0]
            out.append({"ı": "i", "ł": "l", "đ": "d", "Đ": "D"}.get(ch, base))
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + latin1(content)).encode("latin-1") + b"\r\n"
    return f"{len(body) + 3:03d}".encode() + body


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", "XXXXX"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    lines = [_gdt_line(f, c) for f, c in fields]
    total = sum(len(x) for x in lines)
    lines[1] = _gdt_line("8100", f"{total:05d}")
    return b"".join(lines)


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
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
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
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [_fhir(p) for p in patients]
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
