"""The practice register: 300+ patients with the collisions a real register has."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 5050

M_DE = [
    "Hans",
    "Peter",
    "Klaus",
    "Jürgen",
    "Karl-Heinz",
    "Wolfgang",
    "Michael",
    "Thomas",
    "Stefan",
    "Andreas",
    "Markus",
    "Frank",
    "Dieter",
    "Manfred",
    "Horst",
    "Günter",
    "Uwe",
    "Jörg",
    "Lukas",
    "Jonas",
    "Tim",
    "Felix",
    "Matthias",
    "Bernd",
    "Rainer",
    "Heinz-Josef",
    "Norbert",
    "Alois",
    "Erwin",
]
F_DE = [
    "Ursula",
    "Monika",
    "Petra",
    "Sabine",
    "Gabriele",
    "Renate",
    "Helga",
    "Ingrid",
    "Andrea",
    "Claudia",
    "Susanne",
    "Birgit",
    "Marie-Luise",
    "Jutta",
    "Elke",
    "Sandra",
    "Katharina",
    "Lea",
    "Hannelore",
    "Gertrud",
    "Annegret",
    "Doris",
    "Sonja",
    "Hildegard",
    "Mechthild",
]
F_DE += ["Anna Maria", "Maria Theresia"]
M_DE += ["Hans Werner", "Johann Peter"]
S_DE = [
    "Schneider",
    "Müller",
    "Becker",
    "Klein",
    "Schmitt",
    "Wagner",
    "Hoffmann",
    "Weber",
    "Zimmer",
    "Jung",
    "Kiefer",
    "Theis",
    "Thewes",
    "Kirsch",
    "Lauer",
    "Wendel",
    "Kuhn",
    "Keßler",
    "Altmeyer",
    "Schorr",
    "Bungert",
    "Recktenwald",
    "Jost",
    "Groß",
    "Hahn",
    "Dörr",
    "Bohr",
    "Schwarz",
    "Zöllner",
    "Marx",
    "Berg",
    "Decker",
    "Stemmler",
    "Kolling",
    "Haupenthal",
    "Quirin",
    "Rupp",
    "Hauck",
    "Bauer",
    "Fuchs",
    "Kruchten",
    "Lorig",
    "Frühauf",
    "Weiler",
    "Schuh",
    "Molitor",
    "Bach",
    "Kreuz",
    "Hübner",
    "Wirtz",
    "Görgen",
    "Backes",
]
S_DE += ["von Hagen", "zur Nieden", "de la Fontaine", "van Dyk", "Schmitt-Kolling"]
S_DE += ["Weber-Zöllner", "Becker-Hauck", "Graf von Hohenthal"]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]

# (surname, given, sex, group) for names of the region's neighbours
FOREIGN: list[tuple[str, str, str, str]] = [
    ("Reuter", "Jean", "M", "lu"),
    ("Schmit", "Nadine", "F", "lu"),
    ("Kieffer", "Gilles", "M", "lu"),
    ("Thill", "Mireille", "F", "lu"),
    ("Faber", "Romain", "M", "lu"),
    ("Weis", "Claude", "M", "lu"),
    ("Lambert", "Jean-Pierre", "M", "fr"),
    ("Dubois", "Nathalie", "F", "fr"),
    ("Schaeffer", "Sylvie", "F", "fr"),
    ("Moreau", "Thierry", "M", "fr"),
    ("Girard", "Hélène", "F", "fr"),
    ("Fontaine", "François", "M", "fr"),
    ("Kever", "Marc", "M", "be"),
    ("Cremer", "Véronique", "F", "be"),
    ("Lejeune", "Pascal", "M", "be"),
    ("Mertens", "Amélie", "F", "be"),
    ("Rossi", "Giuseppe", "M", "it"),
    ("Esposito", "Maria", "F", "it"),
    ("De Luca", "Antonio", "M", "it"),
    ("Lo Bianco", "Francesca", "F", "it"),
    ("D'Amico", "Salvatore", "M", "it"),
    ("García López", "José Luis", "M", "es"),
    ("Fernández Ruiz", "Carmen", "F", "es"),
    ("Sánchez Gil", "María del Carmen", "F", "es"),
    ("Martínez", "Antonio", "M", "es"),
    ("da Silva", "João", "M", "pt"),
    ("Ferreira", "Maria da Conceição", "F", "pt"),
    ("dos Santos", "Manuel", "M", "pt"),
    ("Gonçalves", "Ana Paula", "F", "pt"),
    ("Yılmaz", "Mehmet", "M", "tr"),
    ("Kaya", "Ayşe", "F", "tr"),
    ("Demir", "Mustafa", "M", "tr"),
    ("Öztürk", "Fatma", "F", "tr"),
    ("Çelik", "Hüseyin", "M", "tr"),
    ("Şahin", "Zeynep", "F", "tr"),
    ("Aydın", "Ömer", "M", "tr"),
    ("Doğan", "Gülşen", "F", "tr"),
    ("Kovalenko", "Olena", "F", "ua"),
    ("Shevchenko", "Andrii", "M", "ua"),
    ("Bondarenko", "Iryna", "F", "ua"),
    ("Melnyk", "Taras", "M", "ua"),
    ("Tkachenko", "Oksana", "F", "ua"),
    ("Kravchenko", "Serhii", "M", "ua"),
    ("Boiko", "Nataliia", "F", "ua"),
    ("Johnson", "Tyler", "M", "us"),
    ("Miller", "Ashley", "F", "us"),
    ("Garcia", "Michael", "M", "us"),
    ("Brunner", "Reto", "M", "ch"),
    ("Meier", "Corinne", "F", "ch"),
]
CYRILLIC = {
    "Kovalenko": "Коваленко",
    "Shevchenko": "Шевченко",
    "Bondarenko": "Бондаренко",
    "Melnyk": "Мельник",
    "Tkachenko": "Ткаченко",
    "Kravchenko": "Кравченко",
    "Boiko": "Бойко",
    "Olena": "Олена",
    "Andrii": "Андрій",
    "Iryna": "Ірина",
    "Taras": "Тарас",
    "Oksana": "Оксана",
    "Serhii": "Сергій",
    "Nataliia": "Наталія",
}
PLACES: list[tuple[str, str]] = [
    ("54290", "Trier"),
    ("54292", "Trier"),
    ("54294", "Trier"),
    ("54295", "Trier"),
    ("54329", "Konz"),
    ("54338", "Schweich"),
    ("54634", "Bitburg"),
    ("54516", "Wittlich"),
    ("54439", "Saarburg"),
    ("67655", "Kaiserslautern"),
    ("67657", "Kaiserslautern"),
    ("67659", "Kaiserslautern"),
    ("67663", "Kaiserslautern"),
    ("66849", "Landstuhl"),
    ("66877", "Ramstein-Miesenbach"),
    ("66953", "Pirmasens"),
    ("66955", "Pirmasens"),
    ("66482", "Zweibrücken"),
    ("66869", "Kusel"),
    ("66111", "Saarbrücken"),
    ("66113", "Saarbrücken"),
    ("66117", "Saarbrücken"),
    ("66121", "Saarbrücken"),
    ("66123", "Saarbrücken"),
    ("66333", "Völklingen"),
    ("66740", "Saarlouis"),
    ("66538", "Neunkirchen"),
    ("66386", "St. Ingbert"),
    ("66424", "Homburg"),
    ("66663", "Merzig"),
    ("55116", "Mainz"),
    ("55118", "Mainz"),
    ("55122", "Mainz"),
    ("55218", "Ingelheim am Rhein"),
    ("55411", "Bingen am Rhein"),
    ("67547", "Worms"),
]
STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Kirchstraße",
    "Saarstraße",
    "Paulinstraße",
    "Pariser Straße",
    "Zweibrücker Straße",
    "Mainzer Straße",
    "Im Stadtwald",
    "Am Kreuzberg",
    "Schillerstraße",
    "Goethestraße",
    "Rosenstraße",
    "Gartenstraße",
    "Lindenweg",
    "Auf der Höhe",
    "Friedhofstraße",
    "Mühlenweg",
    "Luxemburger Straße",
    "Lauterstraße",
    "Am Wasserturm",
    "Eisenbahnstraße",
    "Mozartstraße",
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: dt.date
    sex: str  # "M" / "F"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    group: str = "de"
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _date(rng: random.Random, y0: int = 1932, y1: int = 2008) -> dt.date:
    return dt.date(y0, 1, 1) + dt.timedelta(
        days=rng.randrange((dt.date(y1, 12, 31) - dt.date(y0, 1, 1)).days)
    )


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(PLACES)
    return f"{rng.choice(STREETS)} {rng.randrange(1, 140)}", pc, city


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, dt.date]] = set()
    next_id = [20011]

    def new_id() -> str:
        next_id[0] += rng.randrange(1, 9)
        return str(next_id[0])

    def add(p: Patient) -> Patient:
        seen.add((p.surname, p.given_names, p.birth_date))
        out.append(p)
        return p

    for sur, giv, sex, grp in FOREIGN:
        st, pc, city = _addr(rng)
        country = "DE"
        if grp == "lu" and rng.random() < 0.5:
            st, pc, city, country = (
                f"rue de Trèves {rng.randrange(1, 60)}",
                "L-6793",
                "Grevenmacher",
                "LU",
            )
        if grp == "fr" and rng.random() < 0.5:
            st, pc, city, country = (
                f"{rng.randrange(1, 60)} rue Nationale",
                "57600",
                "Forbach",
                "FR",
            )
        add(Patient(new_id(), sur, giv, _date(rng), sex, st, pc, city, country, group=grp))
    while len(out) < 300:
        sex = rng.choice("MF")
        giv = rng.choice(M_DE if sex == "M" else F_DE)
        sur = rng.choice(S_DE)
        bd = _date(rng)
        if (sur, giv, bd) in seen:
            continue
        st, pc, city = _addr(rng)
        p = Patient(new_id(), sur, giv, bd, sex, st, pc, city)
        r = rng.random()
        if r < 0.06:
            p.title = rng.choice(TITLES)
        elif r < 0.14 and sex == "F":
            p.birth_name = rng.choice(S_DE)
        add(p)

    def coll(kind: str, grp: str, *ps: Patient) -> None:
        for p in ps:
            p.collision, p.collision_group = kind, grp

    # same name and birth date, told apart by the address
    a = add(
        Patient(
            new_id(),
            "Schneider",
            "Hans Werner",
            dt.date(1957, 4, 9),
            "M",
            "Saarstraße 12",
            "54290",
            "Trier",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Schneider",
            "Hans Werner",
            dt.date(1957, 4, 9),
            "M",
            "Kirchstraße 3",
            "66849",
            "Landstuhl",
        )
    )
    coll("same_name_and_birth_date", "C1", a, b)
    # twins
    a = add(
        Patient(
            new_id(),
            "Recktenwald",
            "Lea",
            dt.date(2001, 11, 23),
            "F",
            "Lindenweg 8",
            "66740",
            "Saarlouis",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Recktenwald",
            "Lena",
            dt.date(2001, 11, 23),
            "F",
            "Lindenweg 8",
            "66740",
            "Saarlouis",
        )
    )
    coll("twins", "C2", a, b)
    # name change: the letter still uses the old name
    a = add(
        Patient(
            new_id(),
            "Haupenthal",
            "Katharina",
            dt.date(1988, 6, 2),
            "F",
            "Mozartstraße 21",
            "66111",
            "Saarbrücken",
            former_names=["Jost"],
            birth_name="Jost",
        )
    )
    coll("name_change", "C3", a)
    a = add(
        Patient(
            new_id(),
            "Weiler",
            "Sandra",
            dt.date(1979, 2, 14),
            "F",
            "Am Wasserturm 5",
            "67657",
            "Kaiserslautern",
            former_names=["Dörr"],
        )
    )
    coll("name_change", "C4", a)
    # umlaut spellings as different people
    a = add(
        Patient(
            new_id(),
            "Schäfer",
            "Jürgen",
            dt.date(1961, 8, 30),
            "M",
            "Hauptstraße 77",
            "66953",
            "Pirmasens",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Schaefer",
            "Juergen",
            dt.date(1964, 1, 17),
            "M",
            "Mühlenweg 2",
            "66955",
            "Pirmasens",
        )
    )
    coll("umlaut_spelling", "C5", a, b)
    a = add(
        Patient(
            new_id(),
            "Müller",
            "Brigitte",
            dt.date(1949, 3, 5),
            "F",
            "Goethestraße 9",
            "55118",
            "Mainz",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Mueller",
            "Brigitte",
            dt.date(1953, 10, 28),
            "F",
            "Rosenstraße 40",
            "55122",
            "Mainz",
        )
    )
    coll("umlaut_spelling", "C6", a, b)
    a = add(
        Patient(
            new_id(),
            "Zöllner",
            "Horst",
            dt.date(1944, 12, 1),
            "M",
            "Auf der Höhe 4",
            "54329",
            "Konz",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Zoellner",
            "Horst",
            dt.date(1970, 7, 19),
            "M",
            "Eisenbahnstraße 15",
            "66333",
            "Völklingen",
        )
    )
    coll("umlaut_spelling", "C7", a, b)
    # namesakes with different birth dates
    a = add(
        Patient(
            new_id(),
            "Wagner",
            "Michael",
            dt.date(1966, 5, 11),
            "M",
            "Gartenstraße 31",
            "67655",
            "Kaiserslautern",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Wagner",
            "Michael",
            dt.date(1991, 9, 3),
            "M",
            "Bahnhofstraße 60",
            "66424",
            "Homburg",
        )
    )
    c = add(
        Patient(
            new_id(),
            "Wagner",
            "Michael",
            dt.date(1952, 2, 27),
            "M",
            "Im Stadtwald 2",
            "66123",
            "Saarbrücken",
            title="Dr.",
        )
    )
    coll("namesakes", "C8", a, b, c)
    a = add(
        Patient(
            new_id(),
            "Yılmaz",
            "Ayşe",
            dt.date(1975, 3, 21),
            "F",
            "Pariser Straße 18",
            "67655",
            "Kaiserslautern",
            group="tr",
        )
    )
    b = add(
        Patient(
            new_id(),
            "Yılmaz",
            "Ayşe",
            dt.date(1999, 8, 8),
            "F",
            "Pariser Straße 18",
            "67655",
            "Kaiserslautern",
            group="tr",
        )
    )
    coll("namesakes", "C9", a, b)
    a = add(
        Patient(
            new_id(),
            "Kovalenko",
            "Olena",
            dt.date(1982, 7, 4),
            "F",
            "Lauterstraße 3",
            "67659",
            "Kaiserslautern",
            group="ua",
        )
    )
    coll("namesakes", "C10", a, next(p for p in out if p.surname == "Kovalenko" and p is not a))
    return out


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


FIELDS = [
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


def row(p: Patient) -> dict[str, str]:
    return {
        "id": p.id,
        "surname": p.surname,
        "given_names": p.given_names,
        "birth_name": p.birth_name,
        "former_names": ";".join(p.former_names),
        "title": p.title,
        "birth_date": p.birth_date.isoformat(),
        "sex": p.sex,
        "street": p.street,
        "postcode": p.postcode,
        "city": p.city,
        "country": p.country,
    }


LATIN1_FOLD = str.maketrans({"ı": "i", "İ": "I", "ş": "s", "Ş": "S", "ğ": "g", "Ğ": "G"})


def gdt(p: Patient) -> bytes:
    """One GDT 2.10 record; letters outside ISO-8859-1 (Turkish ı, ş, ğ) folded to their base."""

    def ln(fid: str, content: str) -> bytes:
        body = (fid + content.translate(LATIN1_FOLD)).encode("latin-1")
        return f"{len(body) + 5:03d}".encode() + body + b"\r\n"

    fields = [
        ("8000", "6301"),
        ("8100", "?????"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    total = sum(len(ln(f, c)) for f, c in fields)
    fields[1] = ("8100", f"{total:05d}")
    return b"".join(ln(f, c) for f, c in fields)


def fhir(p: Patient) -> dict[str, object]:
    name: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        name["prefix"] = [p.title]
    names: list[dict[str, object]] = [name]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:heldout50s:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: str | Path) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with open(folder / "patients.csv", "w", encoding="utf-8", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS, lineterminator="\n")
        w.writeheader()
        for p in patients:
            w.writerow(row(p))
    for p in patients:
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt(p))
    res = [fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"resource": r} for r in res],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
