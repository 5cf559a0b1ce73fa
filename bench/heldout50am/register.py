"""The receiving practices' patient register: Münsterland, East Westphalia-Lippe, Twente border."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_0413

SYSTEM = "urn:heldout50am:practice-register"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str
    sex: str  # "M" or "F"
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


WESTF_SURNAMES = [
    "Brinkmann",
    "Hölscher",
    "Kemper",
    "Overbeck",
    "Tenhagen",
    "Wessels",
    "Schulze Wierling",
    "Böckenholt",
    "Lütke Wöstmann",
    "Terhorst",
    "Niehues",
    "Kleine-Büning",
    "Große Kracht",
    "Upmeier zu Belzen",
    "Schröder",
    "Meier",
    "Hanneken",
    "Budde",
    "Stieneker",
    "Wellmann",
    "Fortmann",
    "Rüschoff",
    "Vennemann",
    "Esken",
    "Heitmann",
    "Pöppelmann",
    "Sudbrock",
    "Niemöller",
    "Brockhoff",
    "Schnieder",
    "Tiemann",
    "Lohmann",
    "Kröger",
    "Droste",
    "von Galen",
    "Menke",
    "Wördemann",
    "Grothues",
    "Everding",
    "Telgmann",
]
AUSSIEDLER_SURNAMES = [
    "Wiebe",
    "Penner",
    "Friesen",
    "Dyck",
    "Janzen",
    "Klassen",
    "Neufeld",
    "Enns",
    "Thiessen",
    "Unruh",
    "Harder",
    "Rempel",
    "Giesbrecht",
    "Epp",
    "Martens",
    "Toews",
    "Reimer",
    "Schmidt",
    "Becker",
    "Kraus",
    "Fast",
    "Warkentin",
    "Hildebrandt",
    "Sawatzky",
    "Funk",
]
POLISH_SURNAMES = [
    "Nowak",
    "Kowalski",
    "Wiśniewski",
    "Wójcik",
    "Lewandowski",
    "Kamiński",
    "Zieliński",
    "Szymański",
    "Dąbrowski",
    "Grabowski",
]
TURKISH_SURNAMES = [
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Çelik",
    "Öztürk",
    "Aydın",
    "Arslan",
    "Doğan",
    "Koç",
]
KURDISH_SURNAMES = ["Baran", "Zana", "Güneş", "Ekinci", "Tekin", "Bozkurt"]
SYRIAN_SURNAMES = [
    "Al-Hassan",
    "Al-Khatib",
    "Haddad",
    "Kassem",
    "Alhamad",
    "Al-Ahmad",
    "Darwish",
    "Mansour",
]
DUTCH_SURNAMES = [
    "van der Veen",
    "ter Horst",
    "Jansen",
    "de Vries",
    "Bakker",
    "van den Berg",
    "Huisman",
    "ten Brink",
    "Oude Elferink",
    "Nijhuis",
]

GIVEN = {
    ("westf", "M"): [
        "Heinrich",
        "Bernhard",
        "Josef",
        "Hubert",
        "Ludger",
        "Reinhard",
        "Klaus",
        "Jan-Hendrik",
        "Lukas",
        "Tobias",
        "Franz-Josef",
        "Werner",
        "Dirk",
        "Maximilian",
    ],
    ("westf", "F"): [
        "Maria",
        "Elisabeth",
        "Anneliese",
        "Hildegard",
        "Brigitte",
        "Petra",
        "Anja",
        "Lea",
        "Johanna",
        "Annegret",
        "Mechthild",
        "Sophie",
        "Marie-Luise",
        "Katrin",
    ],
    ("auss", "M"): [
        "Viktor",
        "Waldemar",
        "Eduard",
        "Alexander",
        "Artur",
        "Witali",
        "Johann",
        "Jakob",
        "Peter",
        "Heinrich",
        "Andreas",
        "Dietrich",
        "Sergej",
    ],
    ("auss", "F"): [
        "Lilia",
        "Swetlana",
        "Olga",
        "Jelena",
        "Natalja",
        "Katharina",
        "Helena",
        "Irina",
        "Tatjana",
        "Maria",
        "Anna",
        "Lydia",
        "Agathe",
    ],
    ("pl", "M"): ["Piotr", "Krzysztof", "Tomasz", "Marek", "Paweł", "Andrzej"],
    ("pl", "F"): ["Agnieszka", "Małgorzata", "Katarzyna", "Joanna", "Ewa", "Barbara"],
    ("tr", "M"): ["Mehmet", "Mustafa", "Ahmet", "Hüseyin", "Emre", "Yusuf", "İbrahim"],
    ("tr", "F"): ["Ayşe", "Fatma", "Emine", "Zeynep", "Elif", "Hatice", "Gülsüm"],
    ("ku", "M"): ["Azad", "Welat", "Rojhat", "Serhat", "Dilovan"],
    ("ku", "F"): ["Rojda", "Berivan", "Dilan", "Zozan", "Nesrin"],
    ("sy", "M"): ["Mohammad", "Ahmad", "Khaled", "Omar", "Yousef", "Bashar"],
    ("sy", "F"): ["Rasha", "Lina", "Yara", "Huda", "Amal", "Nour"],
    ("nl", "M"): ["Gerrit", "Hendrik", "Jeroen", "Bram", "Wouter", "Johannes"],
    ("nl", "F"): ["Anneke", "Marieke", "Ingrid", "Femke", "Gerda", "Wilhelmina"],
}

PLACES = [
    ("48143", "Münster"),
    ("48165", "Münster"),
    ("48149", "Münster"),
    ("33602", "Bielefeld"),
    ("33615", "Bielefeld"),
    ("33649", "Bielefeld"),
    ("33098", "Paderborn"),
    ("33106", "Paderborn"),
    ("33330", "Gütersloh"),
    ("33378", "Rheda-Wiedenbrück"),
    ("32756", "Detmold"),
    ("32423", "Minden"),
    ("32052", "Herford"),
    ("48431", "Rheine"),
    ("48653", "Coesfeld"),
    ("46395", "Bocholt"),
    ("33758", "Schloß Holte-Stukenbrock"),
    ("32758", "Detmold"),
    ("48317", "Drensteinfurt"),
    ("48351", "Everswinkel"),
    ("33775", "Versmold"),
    ("32312", "Lübbecke"),
    ("48599", "Gronau (Westf.)"),
    ("46354", "Südlohn"),
    ("33428", "Harsewinkel"),
    ("33397", "Rietberg"),
    ("32657", "Lemgo"),
    ("33818", "Leopoldshöhe"),
]
STREETS = [
    "Hammer Straße",
    "Wolbecker Straße",
    "Kanalstraße",
    "Am Kreuztor",
    "Bahnhofstraße",
    "Detmolder Straße",
    "Herforder Straße",
    "Jöllenbecker Straße",
    "Sennestadtring",
    "Heerstraße",
    "Kirchplatz",
    "Mühlenweg",
    "Lindenstraße",
    "Im Esch",
    "Dorfstraße",
    "Osnabrücker Straße",
    "Am Sportplatz",
    "Friedrich-Ebert-Straße",
    "Paderborner Straße",
    "Up'n Hoff",
    "Nordring",
    "Grüner Weg",
    "Bielefelder Straße",
    "Zum Emsufer",
]

GROUPS = [("westf", 38), ("auss", 26), ("pl", 8), ("tr", 10), ("ku", 5), ("sy", 7), ("nl", 6)]


def _surname(rng: random.Random, group: str, sex: str) -> str:
    pool = {
        "westf": WESTF_SURNAMES,
        "auss": AUSSIEDLER_SURNAMES,
        "pl": POLISH_SURNAMES,
        "tr": TURKISH_SURNAMES,
        "ku": KURDISH_SURNAMES,
        "sy": SYRIAN_SURNAMES,
        "nl": DUTCH_SURNAMES,
    }[group]
    name = rng.choice(pool)
    if group == "pl" and sex == "F" and name.endswith("ski"):
        name = name[:-1] + "a"
    return name


def _date(rng: random.Random, lo: int = 1932, hi: int = 2019) -> str:
    start = dt.date(lo, 1, 1).toordinal()
    end = dt.date(hi, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _address(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(PLACES)
    return f"{rng.choice(STREETS)} {rng.randint(1, 140)}", pc, city


def build() -> list[Patient]:
    """The register: 330 patients with the region's names and deliberate collisions."""
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()
    weights = [w for _, w in GROUPS]
    groups = [g for g, _ in GROUPS]
    while len(out) < 300:
        group = rng.choices(groups, weights)[0]
        sex = rng.choice("MF")
        given = rng.choice(GIVEN[(group, sex)])
        if rng.random() < 0.18 and group in ("westf", "auss"):
            second = rng.choice(GIVEN[(group, sex)])
            if second != given and "-" not in given:
                given = f"{given} {second}"
        surname = _surname(rng, group, sex)
        if group == "westf" and rng.random() < 0.06:
            surname = f"{surname}-{rng.choice(WESTF_SURNAMES[:12])}"
        bd = _date(rng)
        key = (surname, given, bd)
        if key in seen:
            continue
        seen.add(key)
        street, pc, city = _address(rng)
        title = ""
        if int(bd[:4]) < 1985 and rng.random() < 0.07:
            title = rng.choice(["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing."])
        birth_name = ""
        if sex == "F" and rng.random() < 0.25 and int(bd[:4]) < 1995:
            birth_name = _surname(rng, group, sex)
            if birth_name == surname:
                birth_name = ""
        country = "DE"
        if group == "nl" and rng.random() < 0.4:
            street, pc, city, country = (
                f"Hoofdstraat {rng.randint(1, 90)}",
                "7101 BC",
                "Winterswijk",
                "NL",
            )
        out.append(
            Patient("", surname, given, bd, sex, street, pc, city, country, title, birth_name)
        )
    # The collisions.
    extra: list[Patient] = []

    def twin_of(p: Patient, given: str, group_id: str, kind: str) -> None:
        p.collision, p.collision_group = kind, group_id
        street, pc, city = (p.street, p.postcode, p.city)
        if kind == "same_name_same_birth_date":
            street, pc, city = _address(rng)
        q = Patient(
            "",
            p.surname,
            given,
            p.birth_date,
            p.sex,
            street,
            pc,
            city,
            p.country,
            "",
            p.birth_name,
            [],
            kind,
            group_id,
        )
        extra.append(q)

    twin_of(out[3], out[3].given_names, "C1", "same_name_same_birth_date")
    twin_of(out[17], out[17].given_names, "C2", "same_name_same_birth_date")
    out[25].given_names = "Jakob"
    out[25].sex = "M"
    twin_of(out[25], "Johann", "C3", "twin")
    extra[-1].sex = "M"
    out[40].given_names = "Swetlana"
    out[40].sex = "F"
    twin_of(out[40], "Tatjana", "C4", "twin")
    extra[-1].sex = "F"
    # Name changes: the letter may use the old (former) name.
    for gid, idx, new in (
        ("C5", 60, "Oude Elferink"),
        ("C6", 61, "Brinkmann"),
        ("C7", 62, "Yılmaz"),
    ):
        p = out[idx]
        p.sex = "F"
        p.given_names = rng.choice(GIVEN[("auss", "F")])
        if p.surname.endswith("ski"):
            p.surname = p.surname[:-1] + "a"
        p.former_names = [p.surname]
        if not p.birth_name:
            p.birth_name = p.surname
        p.surname = new
        p.collision, p.collision_group = "name_change", gid
    # Umlaut spellings of a different person.
    for gid, idx, a, b in (
        ("C8", 70, "Müller", "Mueller"),
        ("C9", 71, "Hölscher", "Hoelscher"),
        ("C10", 72, "Rüschoff", "Rueschoff"),
    ):
        p = out[idx]
        p.surname = a
        p.collision, p.collision_group = "umlaut_spelling", gid
        street, pc, city = _address(rng)
        extra.append(
            Patient(
                "",
                b,
                p.given_names,
                _date(rng),
                p.sex,
                street,
                pc,
                city,
                "DE",
                "",
                "",
                [],
                "umlaut_spelling",
                gid,
            )
        )
    # Namesakes with other birth dates.
    for gid, idx in (("C11", 80), ("C12", 81), ("C13", 82), ("C14", 83)):
        p = out[idx]
        p.collision, p.collision_group = "namesake", gid
        street, pc, city = _address(rng)
        extra.append(
            Patient(
                "",
                p.surname,
                p.given_names,
                _date(rng),
                p.sex,
                street,
                pc,
                city,
                "DE",
                "",
                "",
                [],
                "namesake",
                gid,
            )
        )
    allp = out + extra
    for i, p in enumerate(allp):
        p.id = str(20_000 + i * 7 + (i % 5))
    return allp


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
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
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


_FOLD = {"ł": "l", "Ł": "L", "ı": "i", "İ": "I", "ß": "ß"}


def latin1(text: str) -> str:
    """GDT is ISO-8859-1: letters outside it (ń, ş, ğ, ł, ı) lose their marks."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = _FOLD.get(ch) or unicodedata.normalize("NFKD", ch)[0]
            out.append(base)
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{latin1(content)}\r\n".encode("latin-1")
    return f"{len(body) + 3:03d}".encode("ascii") + body


def gdt_record(p: Patient) -> bytes:
    bd = dt.date.fromisoformat(p.birth_date)
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", bd.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    length_line_len = len(_gdt_line("8100", "00000"))
    total = len(head) + length_line_len + len(body)
    return head + _gdt_line("8100", f"{total:05d}") + body


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
    resources = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50am-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
