"""The receiving practices' shared patient register (deterministic, at least 300 patients).

Ruhr-area population: German, Turkish, Polish, Greek, Italian, Kosovo-Albanian, Serbian,
Dutch and Portuguese names, with deliberate collisions (see ``COLLISIONS``).
"""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ID_SYSTEM = "urn:heldout50ab:praxis-patientennummer"


@dataclass(frozen=True)
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
    former_names: tuple[str, ...] = ()
    origin: str = "de"
    collision: str | None = None
    collision_group: str | None = None
    extra: dict[str, str] = field(default_factory=dict, compare=False)

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


GIVEN: dict[str, tuple[list[str], list[str]]] = {
    "de": (
        [
            "Dirk",
            "Thomas",
            "Jürgen",
            "Klaus",
            "Ralf",
            "Uwe",
            "Frank",
            "Stefan",
            "Michael",
            "Hans-Peter",
            "Karl-Heinz",
            "Bernd",
            "Wolfgang",
            "Horst",
            "Manfred",
            "Jan",
            "Lukas",
            "Tobias",
            "Sven",
            "Heinz-Werner",
            "Friedhelm",
            "Reinhard",
            "Maximilian",
            "Jonas",
        ],
        [
            "Ursula",
            "Renate",
            "Gisela",
            "Sabine",
            "Petra",
            "Monika",
            "Andrea",
            "Claudia",
            "Anke",
            "Elfriede",
            "Hildegard",
            "Marie-Luise",
            "Lena",
            "Sarah",
            "Julia",
            "Katrin",
            "Brigitte",
            "Ingrid",
            "Waltraud",
            "Anna Lena",
            "Dagmar",
            "Heike",
            "Silke",
            "Lea",
        ],
    ),
    "tr": (
        [
            "Mehmet",
            "Mustafa",
            "Hüseyin",
            "Ahmet",
            "Ali",
            "Emre",
            "Murat",
            "Okan",
            "İsmail",
            "Yusuf",
            "Kemal",
            "Serkan",
            "Burak",
            "Hakan",
        ],
        [
            "Ayşe",
            "Fatma",
            "Emine",
            "Hatice",
            "Zeynep",
            "Elif",
            "Özlem",
            "Gülşen",
            "Sevgi",
            "Meryem",
            "Şükran",
            "Derya",
            "Büşra",
        ],
    ),
    "pl": (
        [
            "Stanisław",
            "Tomasz",
            "Krzysztof",
            "Andrzej",
            "Piotr",
            "Józef",
            "Marek",
            "Paweł",
            "Grzegorz",
            "Zbigniew",
        ],
        [
            "Zofia",
            "Agnieszka",
            "Małgorzata",
            "Krystyna",
            "Barbara",
            "Danuta",
            "Ewa",
            "Joanna",
            "Jadwiga",
            "Halina",
        ],
    ),
    "gr": (
        ["Georgios", "Dimitrios", "Konstantinos", "Nikolaos", "Ioannis", "Vasilios"],
        ["Eleni", "Maria", "Aikaterini", "Sofia", "Despina", "Paraskevi"],
    ),
    "it": (
        ["Giuseppe", "Antonio", "Salvatore", "Francesco", "Vincenzo", "Luigi"],
        ["Maria", "Giuseppina", "Rosa", "Anna Maria", "Concetta", "Carmela"],
    ),
    "xk": (
        ["Arben", "Besnik", "Driton", "Fatmir", "Agim", "Valon", "Shkëlzen"],
        ["Arta", "Drita", "Vjosa", "Shpresa", "Lirije", "Fitore"],
    ),
    "rs": (
        ["Dragan", "Milan", "Zoran", "Nenad", "Goran", "Dušan"],
        ["Jelena", "Milica", "Snežana", "Dragana", "Vesna", "Ljiljana"],
    ),
    "nl": (
        ["Jan", "Pieter", "Henk", "Willem", "Gerrit", "Joost"],
        ["Anneke", "Ingrid", "Marieke", "Sanne", "Wilhelmina", "Femke"],
    ),
    "pt": (
        ["José", "Manuel", "António", "João", "Joaquim", "Rui"],
        ["Maria da Conceição", "Ana Maria", "Rosa", "Fernanda", "Isabel", "Lurdes"],
    ),
}

SURNAMES: dict[str, list[str]] = {
    "de": [
        "Schäfer",
        "Brinkmann",
        "Kötter",
        "Schulte",
        "Wiesmann",
        "Hülsmann",
        "Overbeck",
        "Niehaus",
        "Kemper",
        "Stratmann",
        "Pöppinghaus",
        "Lohmann",
        "Hoffmann",
        "Becker",
        "Krüger",
        "Schmitz",
        "Wagner",
        "Gerdes",
        "Heitkamp",
        "Rademacher",
        "Schulte-Brinkmann",
        "Kleine-Wilde",
        "Bergmann",
        "Tenhagen",
        "Drees",
        "Budde",
        "Sprenger",
        "Voß",
        "Feldkamp",
        "Höltermann",
        "Ströter",
        "Uhlenbrock",
        "Bierhoff",
        "Wollenweber",
        "Steinhoff",
        "Kaminski",
        "Szymanski",
        "Kowalewski",
        "Tomczak",
        "Grabowski",
        "Przybilla",
    ],
    "tr": [
        "Yılmaz",
        "Öztürk",
        "Çelik",
        "Demir",
        "Kaya",
        "Aydın",
        "Şahin",
        "Arslan",
        "Doğan",
        "Kılıç",
        "Yıldız",
        "Özdemir",
        "Koç",
        "Erdoğan",
        "Güneş",
        "Aksoy",
    ],
    "pl": [
        "Kowalczyk",
        "Wiśniewska",
        "Nowak",
        "Lewandowski",
        "Wójcik",
        "Kamińska",
        "Zieliński",
        "Szymczak",
        "Dąbrowski",
        "Kozłowska",
        "Mazur",
        "Jabłoński",
    ],
    "gr": ["Papadopoulos", "Georgiou", "Nikolaidis", "Karagiannis", "Vlachou", "Papadaki"],
    "it": ["Rossi", "Esposito", "Russo", "Di Stefano", "Lo Bianco", "Greco", "Romano"],
    "xk": ["Krasniqi", "Berisha", "Gashi", "Hoxha", "Morina", "Shala", "Kelmendi"],
    "rs": ["Jovanović", "Petrović", "Nikolić", "Marković", "Đorđević", "Stojanović"],
    "nl": ["van den Berg", "de Jong", "Jansen", "ten Brink", "Visser", "van der Linde"],
    "pt": ["Ferreira Santos", "da Silva", "Pereira", "Rodrigues Costa", "Gonçalves", "Oliveira"],
}

# Polish feminine / masculine surname forms.
PL_FEM = {
    "Lewandowski": "Lewandowska",
    "Zieliński": "Zielińska",
    "Dąbrowski": "Dąbrowska",
    "Jabłoński": "Jabłońska",
}
PL_MASC = {"Wiśniewska": "Wiśniewski", "Kamińska": "Kamiński", "Kozłowska": "Kozłowski"}
GR_FEM = {"Papadopoulos": "Papadopoulou", "Nikolaidis": "Nikolaidou", "Karagiannis": "Karagianni"}
GR_MASC = {"Vlachou": "Vlachos", "Papadaki": "Papadakis"}

STREETS: dict[str, tuple[str, list[str]]] = {
    "Dortmund": (
        "441",
        [
            "Hohe Straße",
            "Rheinische Straße",
            "Evinger Straße",
            "Hörder Bahnhofstraße",
            "Mallinckrodtstraße",
            "Borsigplatz",
            "Kaiserstraße",
            "Am Remberg",
        ],
    ),
    "Bochum": (
        "447",
        [
            "Castroper Straße",
            "Hattinger Straße",
            "Alleestraße",
            "Herner Straße",
            "Wittener Straße",
            "Dorstener Straße",
        ],
    ),
    "Essen": (
        "451",
        [
            "Altendorfer Straße",
            "Frohnhauser Straße",
            "Rüttenscheider Straße",
            "Gelsenkirchener Straße",
            "Steeler Straße",
        ],
    ),
    "Gelsenkirchen": (
        "458",
        ["Hochstraße", "Horster Straße", "Bismarckstraße", "Cranger Straße", "Ewaldstraße"],
    ),
    "Herne": (
        "446",
        ["Bahnhofstraße", "Hauptstraße", "Bochumer Straße", "Wanner Straße", "Shamrockstraße"],
    ),
    "Recklinghausen": (
        "456",
        ["Dortmunder Straße", "Hertener Straße", "Bochumer Straße", "König-Ludwig-Straße"],
    ),
    "Hagen": ("580", ["Elberfelder Straße", "Eilper Straße", "Wehringhauser Straße"]),
    "Castrop-Rauxel": ("445", ["Wittener Straße", "Lange Straße"]),
    "Iserlohn": ("586", ["Hagener Straße", "Baarstraße"]),
}

TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]

ORIGIN_WEIGHTS = [
    ("de", 52),
    ("tr", 14),
    ("pl", 10),
    ("gr", 4),
    ("it", 5),
    ("xk", 6),
    ("rs", 3),
    ("nl", 3),
    ("pt", 3),
]


def _address(rng: random.Random) -> tuple[str, str, str]:
    city = rng.choice(sorted(STREETS))
    prefix, streets = STREETS[city]
    street = f"{rng.choice(streets)} {rng.randint(1, 160)}{rng.choice(['', '', '', 'a', 'b'])}"
    return street, f"{prefix}{rng.randint(10, 99)}", city


def _birth(rng: random.Random, lo: int = 1932, hi: int = 2008) -> dt.date:
    start = dt.date(lo, 1, 1).toordinal()
    return dt.date.fromordinal(rng.randint(start, dt.date(hi, 12, 28).toordinal()))


def _surname(origin: str, sex: str, rng: random.Random) -> str:
    s = rng.choice(SURNAMES[origin])
    if origin == "pl":
        s = PL_FEM.get(s, s) if sex == "F" else PL_MASC.get(s, s)
    if origin == "gr":
        s = GR_FEM.get(s, s) if sex == "F" else GR_MASC.get(s, s)
    return s


def _random_person(rng: random.Random) -> dict:
    origins = [o for o, w in ORIGIN_WEIGHTS for _ in range(w)]
    origin = rng.choice(origins)
    sex = rng.choice(["M", "F"])
    given = rng.choice(GIVEN[origin][0 if sex == "M" else 1])
    if origin == "de" and rng.random() < 0.12:
        given = f"{given} {rng.choice(GIVEN['de'][0 if sex == 'M' else 1])}".replace(
            f"{given} {given}", given
        )
    street, postcode, city = _address(rng)
    title = rng.choice(TITLES) if origin in ("de", "gr", "tr") and rng.random() < 0.07 else ""
    return {
        "surname": _surname(origin, sex, rng),
        "given_names": given,
        "birth_date": _birth(rng),
        "sex": sex,
        "street": street,
        "postcode": postcode,
        "city": city,
        "title": title,
        "origin": origin,
    }


def _collision_people() -> list[dict]:
    """Hand-made collision groups: same name and birth date, twins, name changes, umlaut
    spellings, namesakes."""
    d = dt.date
    people: list[dict] = []

    def add(group: str, kind: str, **kw: object) -> None:
        base = {"title": "", "birth_name": "", "former_names": (), "origin": "de"}
        base.update(kw)
        base["collision"] = kind
        base["collision_group"] = group
        people.append(base)

    # same name and birth date, told apart by address
    for g, (sn, gn, bd, sex, origin, a1, a2) in enumerate(
        [
            (
                "Schmidt",
                "Thomas",
                d(1961, 4, 12),
                "M",
                "de",
                ("Evinger Straße 41", "44145", "Dortmund"),
                ("Castroper Straße 7", "44791", "Bochum"),
            ),
            (
                "Yılmaz",
                "Mehmet",
                d(1972, 1, 1),
                "M",
                "tr",
                ("Horster Straße 112", "45897", "Gelsenkirchen"),
                ("Bahnhofstraße 19", "44623", "Herne"),
            ),
            (
                "Nowak",
                "Anna",
                d(1985, 9, 30),
                "F",
                "pl",
                ("Dortmunder Straße 5", "45665", "Recklinghausen"),
                ("Eilper Straße 80", "58091", "Hagen"),
            ),
        ]
    ):
        for addr in (a1, a2):
            add(
                f"same-name-{g + 1}",
                "same_name_same_birth_date",
                surname=sn,
                given_names=gn,
                birth_date=bd,
                sex=sex,
                origin=origin,
                street=addr[0],
                postcode=addr[1],
                city=addr[2],
            )
    # twins
    for g, (sn, names, bd, origin, addr) in enumerate(
        [
            (
                "Kaminski",
                (("Lena", "F"), ("Lara", "F")),
                d(2003, 6, 17),
                "de",
                ("Hörder Bahnhofstraße 22", "44263", "Dortmund"),
            ),
            (
                "Aydın",
                (("Emre", "M"), ("Eren", "M")),
                d(1998, 11, 2),
                "tr",
                ("Cranger Straße 230", "45891", "Gelsenkirchen"),
            ),
            (
                "Krasniqi",
                (("Arta", "F"), ("Arben", "M")),
                d(1990, 3, 8),
                "xk",
                ("Wanner Straße 61", "44649", "Herne"),
            ),
        ]
    ):
        for gn, sex in names:
            add(
                f"twins-{g + 1}",
                "twin",
                surname=sn,
                given_names=gn,
                birth_date=bd,
                sex=sex,
                origin=origin,
                street=addr[0],
                postcode=addr[1],
                city=addr[2],
            )
    # name changes (the register has the new name; some letters still use the old one)
    add(
        "name-change-1",
        "name_change",
        surname="Hoffmann",
        given_names="Agnieszka",
        birth_name="Kowalczyk",
        former_names=("Kowalczyk",),
        birth_date=d(1979, 2, 14),
        sex="F",
        origin="pl",
        street="Alleestraße 140",
        postcode="44793",
        city="Bochum",
    )
    add(
        "name-change-2",
        "name_change",
        surname="Brinkmann-Öztürk",
        given_names="Sevgi",
        birth_name="Öztürk",
        former_names=("Öztürk",),
        birth_date=d(1988, 7, 23),
        sex="F",
        origin="tr",
        street="Rheinische Straße 90",
        postcode="44137",
        city="Dortmund",
    )
    add(
        "name-change-3",
        "name_change",
        surname="Wiesmann",
        given_names="Claudia",
        birth_name="Tenhagen",
        former_names=("Tenhagen", "Stratmann"),
        birth_date=d(1966, 12, 5),
        sex="F",
        street="Hattinger Straße 300",
        postcode="44795",
        city="Bochum",
    )
    # umlaut vs ae/oe/ue spelling: different people
    for g, (a, b) in enumerate(
        [
            (("Müller", "Jürgen", d(1955, 2, 3)), ("Mueller", "Juergen", d(1967, 9, 21))),
            (("Schröder", "Björn", d(1976, 5, 11)), ("Schroeder", "Bjoern", d(1976, 5, 11))),
            (("Büscher", "Günther", d(1944, 8, 30)), ("Buescher", "Guenther", d(1951, 1, 19))),
        ]
    ):
        for i, (sn, gn, bd) in enumerate((a, b)):
            add(
                f"umlaut-{g + 1}",
                "umlaut_spelling",
                surname=sn,
                given_names=gn,
                birth_date=bd,
                sex="M",
                street=f"Hauptstraße {20 + 7 * i + g}",
                postcode="44651" if i == 0 else "45657",
                city="Herne" if i == 0 else "Recklinghausen",
            )
    # namesakes with different birth dates
    for g, (sn, gn, sex, origin, dates) in enumerate(
        [
            ("Schulz", "Peter", "M", "de", (d(1949, 10, 4), d(1983, 10, 4))),
            ("Demir", "Fatma", "F", "tr", (d(1960, 3, 15), d(1991, 5, 3))),
            ("Jovanović", "Dragan", "M", "rs", (d(1958, 7, 7), d(1962, 8, 14))),
            ("Rossi", "Maria", "F", "it", (d(1952, 9, 3), d(1979, 12, 24))),
        ]
    ):
        for i, bd in enumerate(dates):
            add(
                f"namesake-{g + 1}",
                "namesake",
                surname=sn,
                given_names=gn,
                birth_date=bd,
                sex=sex,
                origin=origin,
                street=f"Kaiserstraße {3 + 40 * i + g}",
                postcode="44135",
                city="Dortmund",
            )
    # titles and particles
    add(
        "particle-1",
        "particle",
        surname="von der Heide",
        given_names="Ursula",
        title="Dr.",
        birth_name="Brandt",
        former_names=("Brandt",),
        birth_date=d(1950, 6, 1),
        sex="F",
        street="Rüttenscheider Straße 12",
        postcode="45130",
        city="Essen",
    )
    add(
        "particle-2",
        "particle",
        surname="van den Berg",
        given_names="Jan",
        birth_date=d(1966, 5, 12),
        sex="M",
        origin="nl",
        street="Hagener Straße 4",
        postcode="58642",
        city="Iserlohn",
    )
    add(
        "particle-3",
        "particle",
        surname="zur Nieden",
        given_names="Friedrich Wilhelm",
        title="Prof. Dr.",
        birth_date=d(1939, 1, 28),
        sex="M",
        street="Am Remberg 9",
        postcode="44269",
        city="Dortmund",
    )
    return people


COLLISIONS = (
    "same_name_same_birth_date",
    "twin",
    "name_change",
    "umlaut_spelling",
    "namesake",
    "particle",
)


def build() -> list[Patient]:
    rng = random.Random("heldout50ab-register-v1")
    rows = _collision_people()
    seen = {(r["surname"], r["given_names"]) for r in rows}
    while len(rows) < 340:
        p = _random_person(rng)
        if (p["surname"], p["given_names"]) in seen:
            continue
        seen.add((p["surname"], p["given_names"]))
        rows.append(p)
    order = list(range(len(rows)))
    rng.shuffle(order)
    patients: list[Patient] = []
    for n, idx in enumerate(order):
        r = rows[idx]
        patients.append(
            Patient(
                id=str(20100 + 3 * n + (n % 3)),
                surname=r["surname"],
                given_names=r["given_names"],
                birth_date=r["birth_date"],
                sex=r["sex"],
                street=r["street"],
                postcode=r["postcode"],
                city=r["city"],
                title=r.get("title", ""),
                birth_name=r.get("birth_name", ""),
                former_names=tuple(r.get("former_names", ())),
                origin=r.get("origin", "de"),
                collision=r.get("collision"),
                collision_group=r.get("collision_group"),
            )
        )
    patients.sort(key=lambda p: int(p.id))
    return patients


# --- exports -----------------------------------------------------------------------------

CSV_COLUMNS = [
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

_GDT_FALLBACK = {"ł": "l", "Ł": "L", "ı": "i", "đ": "d", "Đ": "Dj", "ő": "ö", "ű": "ü"}


def latin1(text: str) -> str:
    """The GDT export's spelling: ISO-8859-1 where possible, else the base letter."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
            continue
        except UnicodeEncodeError:
            pass
        if ch in _GDT_FALLBACK:
            out.append(_GDT_FALLBACK[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base.encode("latin-1", "replace").decode("latin-1"))
    return "".join(out)


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", latin1(p.surname)),
        ("3102", latin1(p.given_names)),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", latin1(f"{p.postcode} {p.city}")),
        ("3107", latin1(p.street)),
    ]

    def line(fid: str, content: str) -> bytes:
        body = (fid + content).encode("latin-1")
        return f"{len(body) + 5:03d}".encode("ascii") + body + b"\r\n"

    lines = [line(f, c) for f, c in fields]
    head = line("8000", "6301")
    total = len(head) + 14 + sum(len(x) for x in lines)
    return head + line("8100", f"{total:05d}") + b"".join(lines)


def fhir_patient(p: Patient) -> dict:
    official: dict = {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    if p.title:
        official["prefix"] = [p.title]
    names: list[dict] = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name})
    for former in p.former_names:
        if former != p.birth_name:
            names.append({"use": "old", "family": former})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": ID_SYSTEM, "value": p.id}],
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
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
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
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {
                "fullUrl": f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, ID_SYSTEM + r['id'])}",
                "resource": r,
            }
            for r in resources
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
