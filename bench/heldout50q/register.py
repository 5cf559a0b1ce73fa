"""The practice register: at least 300 patients with realistic collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM = "urn:heldout50q:patient-id"


@dataclass(frozen=True)
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
    former_names: tuple[str, ...] = ()
    group: str = ""
    group_kind: str = ""
    notes: tuple[str, ...] = field(default=())

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


SURNAMES = [
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
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Krüger",
    "Hartmann",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Köhler",
    "Böhme",
    "Kühn",
    "Ullrich",
    "Heinze",
    "Gräf",
    "Pfeiffer",
    "Seifert",
    "Zänker",
    "Döbereiner",
    "Loos",
    "Schorr",
    "Stöcklein",
    "Kießling",
    "Hümmer",
    "Ebert",
    "Gleißner",
    "Bräutigam",
    "Wunderlich",
    "Schmiedel",
    "Frühauf",
    "Vogt",
    "Thiele",
    "Engelhardt",
    "Fleischmann",
    "Hertel",
    "Dietz",
    "Götz",
    "Rößner",
    "Übelacker",
    "Oßwald",
    "Trautvetter",
    "Möckel",
    "Rudolph",
    "Kaltofen",
    "Weißenborn",
    "Eichhorn",
    "Grötsch",
    "Pröls",
    "Wölfel",
    "Zeitler",
    "Baumgärtner",
    "Hörath",
    "Lindig",
    "Sauerbrey",
    "Büchner",
    "Kirchhof",
    "Reinhardt",
    "Stöhr",
    "Queck",
    "Zapf",
    "Amthor",
    "Heß",
]
MALE = [
    "Klaus",
    "Jürgen",
    "Uwe",
    "Frank",
    "Steffen",
    "Torsten",
    "Ralf",
    "Matthias",
    "Hans-Peter",
    "Karl-Heinz",
    "Wolfgang",
    "Dieter",
    "Lutz",
    "Jens",
    "Sören",
    "Maximilian",
    "Lukas",
    "Jonas",
    "Paul",
    "Felix",
    "Günter",
    "Horst",
    "Bernd",
    "Heiko",
    "Enrico",
    "Rico",
    "Maik",
    "Björn",
    "Hans Georg",
    "Friedrich Wilhelm",
    "Erik",
    "Ole",
]
FEMALE = [
    "Gisela",
    "Ursula",
    "Renate",
    "Sabine",
    "Kerstin",
    "Peggy",
    "Mandy",
    "Anja",
    "Heike",
    "Christine",
    "Ines",
    "Doreen",
    "Anna-Lena",
    "Marie",
    "Sophie",
    "Lea",
    "Hannelore",
    "Ingrid",
    "Brigitte",
    "Elke",
    "Silke",
    "Jacqueline",
    "Nadine",
    "Katrin",
    "Maria Theresia",
    "Luise",
    "Charlotte",
    "Johanna",
    "Annegret",
    "Rosemarie",
    "Ilse",
    "Franziska",
]
FOREIGN = [
    # surname, given names, sex, country of origin tag
    ("Nguyen", "Thi Lan", "F", "VN"),
    ("Nguyen", "Van Hung", "M", "VN"),
    ("Tran", "Thi Mai", "F", "VN"),
    ("Pham", "Duc Anh", "M", "VN"),
    ("Le", "Thi Hoa", "F", "VN"),
    ("Hoang", "Van Minh", "M", "VN"),
    ("Dang", "Thi Thu", "F", "VN"),
    ("Vu", "Quang Huy", "M", "VN"),
    ("Schewtschenko", "Olga", "F", "RU"),
    ("Iwanow", "Sergej", "M", "RU"),
    ("Petrowa", "Ljudmila", "F", "RU"),
    ("Reimer", "Viktor", "M", "KZ"),
    ("Friesen", "Natalja", "F", "KZ"),
    ("Dück", "Alexander", "M", "KZ"),
    ("Kusnezowa", "Tatjana", "F", "RU"),
    ("Sokolow", "Dmitrij", "M", "RU"),
    ("Kowalczyk", "Anna", "F", "PL"),
    ("Nowak", "Piotr", "M", "PL"),
    ("Wisniewska", "Katarzyna", "F", "PL"),
    ("Zielinski", "Tomasz", "M", "PL"),
    ("Dvorak", "Jan", "M", "CZ"),
    ("Novotna", "Petra", "F", "CZ"),
    ("Svoboda", "Martin", "M", "CZ"),
    ("Cerna", "Lucie", "F", "CZ"),
    ("Rossi", "Maria", "F", "IT"),
    ("Esposito", "Giuseppe", "M", "IT"),
    ("De Luca", "Francesca", "F", "IT"),
    ("Bianchi", "Marco", "M", "IT"),
    ("Al-Hassan", "Mohammad", "M", "SY"),
    ("Haddad", "Rania", "F", "SY"),
    ("Khalil", "Omar", "M", "SY"),
    ("Ahmadi", "Fatima", "F", "AF"),
    ("Rahimi", "Ahmad Zia", "M", "AF"),
    ("Sultani", "Mariam", "F", "AF"),
    ("Tesfay", "Yonas", "M", "ER"),
    ("Ghebremedhin", "Senait", "F", "ER"),
    ("Haile", "Selam", "F", "ER"),
    ("O'Connor", "Siobhan", "F", "GB"),
    ("Whitfield", "James", "M", "GB"),
    ("Miller", "Jennifer", "F", "US"),
    ("Johnson", "Robert", "M", "US"),
]
PLACES = [
    ("99084", "Erfurt"),
    ("99085", "Erfurt"),
    ("99089", "Erfurt"),
    ("99094", "Erfurt"),
    ("99096", "Erfurt"),
    ("99099", "Erfurt"),
    ("99423", "Weimar"),
    ("99310", "Arnstadt"),
    ("99867", "Gotha"),
    ("98693", "Ilmenau"),
    ("98527", "Suhl"),
    ("98711", "Schmiedefeld am Rennsteig"),
    ("90429", "Nürnberg"),
    ("90439", "Nürnberg"),
    ("90443", "Nürnberg"),
    ("90762", "Fürth"),
    ("91052", "Erlangen"),
    ("91126", "Schwabach"),
    ("90513", "Zirndorf"),
    ("38875", "Oberharz am Brocken"),
    ("38855", "Wernigerode"),
    ("38889", "Blankenburg (Harz)"),
    ("06484", "Quedlinburg"),
    ("99734", "Nordhausen"),
    ("38879", "Wernigerode"),
]
STREETS = [
    "Johannesstraße",
    "Krämpferstraße",
    "Magdeburger Allee",
    "Am Anger",
    "Juri-Gagarin-Ring",
    "Gothaer Platz",
    "Fürther Straße",
    "Kernstraße",
    "Bauerngasse",
    "Adam-Klein-Straße",
    "Gostenhofer Hauptstraße",
    "Denisstraße",
    "Hauptstraße",
    "Brockenstraße",
    "Marktstraße",
    "Am Rennsteig",
    "Lindenallee",
    "Unterer Hagen",
    "Mühlweg",
    "Schillerstraße",
    "Goethestraße",
    "Rennsteigstraße",
    "Hüttenweg",
    "Zum Bärenbrunnen",
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat.", "Dr. phil."]


def _date(rng: random.Random, y0: int, y1: int) -> str:
    start = dt.date(y0, 1, 1).toordinal()
    end = dt.date(y1, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = PLACES[rng.randrange(len(PLACES))]
    street = f"{STREETS[rng.randrange(len(STREETS))]} {rng.randint(1, 88)}"
    if rng.random() < 0.12:
        street += rng.choice(["a", "b"])
    return street, pc, city


def build() -> list[Patient]:
    """The register, deterministic, 336 patients."""
    rng = random.Random(50_1707)
    out: list[Patient] = []
    n = [20001]

    def add(**kw: object) -> Patient:
        pid = str(n[0])
        n[0] += rng.randint(1, 9)
        street, pc, city = _addr(rng)
        kw.setdefault("street", street)
        kw.setdefault("postcode", pc)
        kw.setdefault("city", city)
        p = Patient(id=pid, **kw)  # type: ignore[arg-type]
        out.append(p)
        return p

    # Special groups first (they are the traps letters like to use).
    # 1. same name and birth date, told apart by address
    for g, (sur, giv, sex, bd) in enumerate(
        [
            ("Müller", "Gisela", "F", "1949-06-17"),
            ("Schmidt", "Frank", "M", "1967-11-02"),
            ("Nguyen", "Thi Lan", "F", "1971-03-08"),
            ("Hoffmann", "Ursula", "F", "1938-01-23"),
        ]
    ):
        for k in range(2):
            add(
                surname=sur,
                given_names=giv,
                sex=sex,
                birth_date=bd,
                group=f"same-name-dob-{g + 1}",
                group_kind="same name and birth date",
                notes=(f"address {k + 1} of 2",),
            )
    # 2. twins
    for g, (sur, a, b, sa, sb, bd) in enumerate(
        [
            ("Kießling", "Lea", "Sophie", "F", "F", "2012-09-14"),
            ("Trautvetter", "Jonas", "Lukas", "M", "M", "2016-04-29"),
            ("Pham", "Duc Anh", "Duc Minh", "M", "M", "2009-12-01"),
        ]
    ):
        street, pc, city = _addr(rng)
        for giv, sex in ((a, sa), (b, sb)):
            add(
                surname=sur,
                given_names=giv,
                sex=sex,
                birth_date=bd,
                street=street,
                postcode=pc,
                city=city,
                group=f"twins-{g + 1}",
                group_kind="twins",
            )
    # 3. name changes (letters may use the old name)
    for g, (sur, old, giv, sex, bd) in enumerate(
        [
            ("Heinze", "Queck", "Mandy", "F", "1984-05-19"),
            ("Sauerbrey", "Kowalczyk", "Anna", "F", "1979-10-30"),
            ("Lindig-Ebert", "Lindig", "Doreen", "F", "1975-02-11"),
            ("Zeitler", "Möckel", "Peggy", "F", "1982-08-07"),
        ]
    ):
        add(
            surname=sur,
            given_names=giv,
            sex=sex,
            birth_date=bd,
            former_names=(old,),
            birth_name=old if g % 2 == 0 else "",
            group=f"name-change-{g + 1}",
            group_kind="name change",
        )
    # 4. umlaut spellings as different people
    for g, (a, b, giv, sex) in enumerate(
        [
            ("Müller", "Mueller", "Renate", "F"),
            ("Schröder", "Schroeder", "Jürgen", "M"),
            ("Kühn", "Kuehn", "Heike", "F"),
            ("Götz", "Goetz", "Steffen", "M"),
        ]
    ):
        for sur in (a, b):
            add(
                surname=sur,
                given_names=giv,
                sex=sex,
                birth_date=_date(rng, 1940, 1990),
                group=f"umlaut-{g + 1}",
                group_kind="umlaut spelling",
            )
    # 5. namesakes with different birth dates
    for g, (sur, giv, sex) in enumerate(
        [
            ("Wagner", "Klaus", "M"),
            ("Becker", "Sabine", "F"),
            ("Iwanow", "Sergej", "M"),
            ("Rossi", "Maria", "F"),
            ("Wolf", "Hans-Peter", "M"),
        ]
    ):
        for _ in range(2 + (g % 2)):
            add(
                surname=sur,
                given_names=giv,
                sex=sex,
                birth_date=_date(rng, 1935, 2000),
                group=f"namesake-{g + 1}",
                group_kind="namesakes",
            )
    # 6. titles, particles, hyphens, maiden names
    specials = [
        ("von Hagen", "Friedrich Wilhelm", "M", "Dr.", ""),
        ("von der Heyde", "Charlotte", "F", "", "Bräutigam"),
        ("zu Stolberg", "Johanna", "F", "Dr. phil.", ""),
        ("Schulze-Wendt", "Anna-Lena", "F", "Dr. med.", "Roth"),
        ("de Boer", "Erik", "M", "Dipl.-Ing.", ""),
        ("Müller-Lüdenscheidt", "Karl-Heinz", "M", "Prof. Dr.", ""),
        ("Freiherr von Künßberg", "Maximilian", "M", "", ""),
        ("Graf-Übelacker", "Rosemarie", "F", "", "Graf"),
        ("Al-Hassan", "Mohammad", "M", "Dr.", ""),
        ("Amthor", "Ilse", "F", "", "Zapf"),
    ]
    for sur, giv, sex, title, maiden in specials:
        add(
            surname=sur,
            given_names=giv,
            sex=sex,
            birth_date=_date(rng, 1932, 1995),
            title=title,
            birth_name=maiden,
        )
    # 7. foreign names of the region
    for sur, giv, sex, _tag in FOREIGN:
        add(surname=sur, given_names=giv, sex=sex, birth_date=_date(rng, 1940, 2005))
    # 8. the rest of the register
    while len(out) < 336:
        sex = "M" if rng.random() < 0.48 else "F"
        giv = rng.choice(MALE if sex == "M" else FEMALE)
        sur = rng.choice(SURNAMES)
        title = rng.choice(TITLES) if rng.random() < 0.05 else ""
        maiden = ""
        if sex == "F" and rng.random() < 0.18:
            maiden = rng.choice(SURNAMES)
            if maiden == sur:
                maiden = ""
        if any(p.surname == sur and p.given_names == giv for p in out):
            continue
        add(
            surname=sur,
            given_names=giv,
            sex=sex,
            birth_date=_date(rng, 1930, 2022),
            title=title,
            birth_name=maiden,
        )
    return out


def _fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    off: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        off["prefix"] = [p.title]
    names.append(off)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + content).encode("latin-1")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    d = dt.date.fromisoformat(p.birth_date)
    lines = [
        _gdt_line("9218", "02.10"),
        _gdt_line("3000", p.id),
        _gdt_line("3101", p.surname),
        _gdt_line("3102", p.given_names),
        _gdt_line("3103", d.strftime("%d%m%Y")),
        _gdt_line("3110", "1" if p.sex == "M" else "2"),
        _gdt_line("3106", f"{p.postcode} {p.city}"),
        _gdt_line("3107", p.street),
    ]
    head = _gdt_line("8000", "6301")
    rest = b"".join(lines)
    length_line_len = len(_gdt_line("8100", "00000"))
    total = len(head) + length_line_len + len(rest)
    return head + _gdt_line("8100", f"{total:05d}") + rest


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
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
    with (root / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
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
        (root / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50q-{r['id']}", "resource": r} for r in resources],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in resources),
        encoding="utf-8",
    )
