"""The practice register of set 50af: 330 patients of Saxony with designed collisions."""

import csv
import json
import random
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

SEED = 5000_0601
SYSTEM = "urn:heldout50af:praxis-patientennummer"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: date
    sex: str  # "F" or "M"
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


_OLD_F = [
    "Ingrid",
    "Gisela",
    "Brigitte",
    "Christa",
    "Renate",
    "Helga",
    "Ursula",
    "Erika",
    "Gudrun",
    "Hannelore",
    "Marianne",
    "Waltraud",
    "Rosemarie",
    "Elfriede",
    "Irmgard",
]
_OLD_M = [
    "Gerhard",
    "Manfred",
    "Wolfgang",
    "Siegfried",
    "Dieter",
    "Horst",
    "Klaus",
    "Günter",
    "Heinz",
    "Lothar",
    "Eberhard",
    "Joachim",
    "Rudolf",
    "Werner",
    "Hans-Jürgen",
]
_MID_F = [
    "Kathrin",
    "Anja",
    "Sandra",
    "Ines",
    "Silke",
    "Annett",
    "Doreen",
    "Yvonne",
    "Ramona",
    "Mandy",
    "Peggy",
    "Claudia",
    "Heike",
    "Sabine",
    "Antje",
    "Grit",
    "Katja",
    "Jana",
]
_MID_M = [
    "Uwe",
    "Frank",
    "Jens",
    "Steffen",
    "Andreas",
    "Heiko",
    "Ronny",
    "Mirko",
    "Torsten",
    "René",
    "Sven",
    "Thomas",
    "Matthias",
    "Enrico",
    "Maik",
    "Rico",
    "Dirk",
    "Falk",
]
_NEW_F = [
    "Lisa",
    "Lea",
    "Laura",
    "Emma",
    "Anna-Lena",
    "Sophie",
    "Marie",
    "Hanna",
    "Clara",
    "Johanna",
    "Lina",
    "Paula",
    "Luise",
]
_NEW_M = [
    "Tom",
    "Paul",
    "Max",
    "Leon",
    "Lukas",
    "Jonas",
    "Felix",
    "Tim",
    "Erik",
    "Moritz",
    "Karl",
    "Friedrich",
    "Anton",
]
_SURNAMES = [
    "Müller",
    "Schmidt",
    "Richter",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Krause",
    "Lehmann",
    "Köhler",
    "Hähnel",
    "Uhlig",
    "Seifert",
    "Günther",
    "Haase",
    "Lange",
    "Fritzsche",
    "Lorenz",
    "Böhme",
    "Löffler",
    "Ullrich",
    "Mehnert",
    "Teichmann",
    "Reichel",
    "Schubert",
    "Tränkner",
    "Zschiesche",
    "Rößler",
    "Wünsche",
    "Pöschel",
    "Leonhardt",
    "Glöckner",
    "Petzold",
    "Bochmann",
    "Kaden",
    "Mädler",
    "Schönherr",
    "Heinig",
    "Göpfert",
    "Nestler",
    "Gläser",
    "Viehweger",
    "Ebert",
    "Drechsel",
    "Zenker",
    "Wächtler",
    "Kunze",
    "Hänsel",
    "Dietze",
    "Schreiter",
    "Kempe",
    "Oehme",
    "Gräfe",
    "Weißbach",
    "Pfüller",
    "Kühnert",
    "Lötzsch",
    "Scheibe",
    "Thümmler",
    "Eichler",
    "Herklotz",
    "Weigelt",
    "Kretzschmann",
    "Mothes",
    "Baumann",
    "Schurig",
    "Hering",
    "Ziesche",
    "Domschke",
    "Jähnichen",
    "Rudolph",
    "Tietze",
    "Stephan",
    "Wagner",
    "Hoffmann",
    "Fischer",
    "Weber",
    "Bräuer",
    "Gottschalk",
]
_SORB_M = [
    ("Nuk", "Měrćin"),
    ("Šołta", "Jurij"),
    ("Wjenka", "Bjarnat"),
    ("Cyž", "Beno"),
    ("Krawc", "Pětr"),
    ("Młynk", "Jan"),
    ("Brězan", "Michał"),
    ("Kral", "Křesćan"),
    ("Delenk", "Jurij"),
    ("Wornar", "Filip"),
    ("Rjenč", "Marko"),
    ("Šiman", "Jakub"),
]
_SORB_F = [
    ("Nukec", "Hanka"),
    ("Žur", "Marja"),
    ("Korjeńk", "Lejna"),
    ("Hančik", "Madlena"),
    ("Mučink", "Worša"),
    ("Kral", "Měrana"),
    ("Bjeńš", "Katarina"),
    ("Ryćer", "Jadwiga"),
]
_CZ = [
    ("Dvořák", "Jiří", "M"),
    ("Dvořáková", "Alena", "F"),
    ("Novotný", "Petr", "M"),
    ("Procházková", "Lenka", "F"),
    ("Černý", "Tomáš", "M"),
    ("Svobodová", "Hana", "F"),
    ("Kučera", "Václav", "M"),
    ("Horáková", "Zdeňka", "F"),
    ("Růžička", "Miroslav", "M"),
]
_PL = [
    ("Wiśniewski", "Łukasz", "M"),
    ("Wiśniewska", "Małgorzata", "F"),
    ("Dąbrowski", "Grzegorz", "M"),
    ("Zielińska", "Agnieszka", "F"),
    ("Wójcik", "Paweł", "M"),
    ("Szymańska", "Katarzyna", "F"),
    ("Kowalczyk", "Jerzy", "M"),
]
_VN = [
    ("Nguyen", "Thi Lan", "F"),
    ("Nguyen", "Van Minh", "M"),
    ("Tran", "Thi Hoa", "F"),
    ("Pham", "Duc Anh", "M"),
    ("Le", "Thi Mai", "F"),
    ("Vu", "Quang Huy", "M"),
    ("Hoang", "Thi Thu", "F"),
]

# city, postcode, streets
_PLACES: list[tuple[str, list[str], list[str]]] = [
    (
        "Leipzig",
        ["04155", "04157", "04109", "04315", "04229", "04277", "04347"],
        [
            "Georg-Schumann-Straße",
            "Eisenbahnstraße",
            "Lützner Straße",
            "Karl-Liebknecht-Straße",
            "Gohliser Straße",
            "Coppistraße",
            "Wurzner Straße",
            "Könneritzstraße",
        ],
    ),
    (
        "Dresden",
        ["01309", "01277", "01099", "01307", "01219", "01139"],
        [
            "Schillerstraße",
            "Loschwitzer Straße",
            "Königsbrücker Straße",
            "Bautzner Straße",
            "Pillnitzer Landstraße",
            "Borsbergstraße",
            "Wormser Straße",
            "Tolkewitzer Straße",
        ],
    ),
    (
        "Chemnitz",
        ["09111", "09126", "09130"],
        [
            "Zschopauer Straße",
            "Straße der Nationen",
            "Reichenhainer Straße",
            "Augustusburger Straße",
        ],
    ),
    (
        "Zwickau",
        ["08056", "08058", "08060"],
        [
            "Leipziger Straße",
            "Crimmitschauer Straße",
            "Werdauer Straße",
            "Äußere Plauensche Straße",
        ],
    ),
    (
        "Annaberg-Buchholz",
        ["09456"],
        ["Buchholzer Straße", "Große Kartengasse", "Wolkensteiner Straße"],
    ),
    ("Marienberg", ["09496"], ["Zschopauer Straße", "Freiberger Straße"]),
    (
        "Bautzen",
        ["02625"],
        ["Töpferstraße", "Wendischer Graben", "Löbauer Straße", "Taucherstraße"],
    ),
    ("Crostwitz", ["01920"], ["Hauptstraße", "Am Klosterwasser"]),
    ("Ralbitz-Rosenthal", ["01920"], ["Dorfstraße", "Ralbitzer Weg"]),
    ("Hoyerswerda", ["02977"], ["Dillinger Straße", "Bautzener Allee"]),
    ("Görlitz", ["02826"], ["Berliner Straße", "Jakobstraße"]),
    ("Zittau", ["02763"], ["Äußere Weberstraße", "Töpferberg"]),
]


def _addr(rng: random.Random) -> tuple[str, str, str]:
    city, codes, streets = _PLACES[rng.randrange(len(_PLACES))]
    return f"{rng.choice(streets)} {rng.randint(1, 140)}", rng.choice(codes), city


def _bd(rng: random.Random, lo: int, hi: int) -> date:
    return date(rng.randint(lo, hi), rng.randint(1, 12), rng.randint(1, 28))


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []

    def add(p: Patient) -> Patient:
        p.id = str(20001 + len(out) * 3)
        out.append(p)
        return p

    # Designed collision groups first.
    add(
        Patient(
            "",
            "Richter",
            "Gisela",
            date(1944, 5, 17),
            "F",
            "Gohliser Straße 12",
            "04155",
            "Leipzig",
            collision="same name and birth date, other address",
            collision_group="G1",
        )
    )
    add(
        Patient(
            "",
            "Richter",
            "Gisela",
            date(1944, 5, 17),
            "F",
            "Borsbergstraße 31",
            "01309",
            "Dresden",
            collision="same name and birth date, other address",
            collision_group="G1",
        )
    )
    add(
        Patient(
            "",
            "Uhlig",
            "Uwe",
            date(1962, 9, 3),
            "M",
            "Zschopauer Straße 88",
            "09126",
            "Chemnitz",
            collision="same name and birth date, other address",
            collision_group="G2",
        )
    )
    add(
        Patient(
            "",
            "Uhlig",
            "Uwe",
            date(1962, 9, 3),
            "M",
            "Buchholzer Straße 7",
            "09456",
            "Annaberg-Buchholz",
            collision="same name and birth date, other address",
            collision_group="G2",
        )
    )
    add(
        Patient(
            "",
            "Mehnert",
            "Lea",
            date(2009, 2, 11),
            "F",
            "Coppistraße 44",
            "04157",
            "Leipzig",
            collision="twin",
            collision_group="G3",
        )
    )
    add(
        Patient(
            "",
            "Mehnert",
            "Lisa",
            date(2009, 2, 11),
            "F",
            "Coppistraße 44",
            "04157",
            "Leipzig",
            collision="twin",
            collision_group="G3",
        )
    )
    add(
        Patient(
            "",
            "Nuk",
            "Jurij",
            date(1971, 6, 24),
            "M",
            "Hauptstraße 19",
            "01920",
            "Crostwitz",
            collision="twin",
            collision_group="G4",
        )
    )
    add(
        Patient(
            "",
            "Nuk",
            "Měrćin",
            date(1971, 6, 24),
            "M",
            "Hauptstraße 19",
            "01920",
            "Crostwitz",
            collision="twin",
            collision_group="G4",
        )
    )
    add(
        Patient(
            "",
            "Schönherr",
            "Kathrin",
            date(1975, 12, 1),
            "F",
            "Wormser Straße 3",
            "01309",
            "Dresden",
            birth_name="Kaden",
            former_names=["Kaden"],
            collision="name change (letter may use the former name)",
            collision_group="G5",
        )
    )
    add(
        Patient(
            "",
            "Kaden",
            "Kathrin",
            date(1979, 4, 8),
            "F",
            "Werdauer Straße 60",
            "08056",
            "Zwickau",
            collision="namesake of G5's former name, other birth date",
            collision_group="G5",
        )
    )
    add(
        Patient(
            "",
            "Wächtler",
            "Peggy",
            date(1969, 3, 30),
            "F",
            "Taucherstraße 5",
            "02625",
            "Bautzen",
            birth_name="Wächtler",
            former_names=["Hoffmann-Wächtler"],
            collision="name change (letter may use the former name)",
            collision_group="G6",
        )
    )
    add(
        Patient(
            "",
            "Schön",
            "Jürgen",
            date(1952, 7, 14),
            "M",
            "Tolkewitzer Straße 9",
            "01277",
            "Dresden",
            collision="umlaut vs ae/oe/ue spelling, different person",
            collision_group="G7",
        )
    )
    add(
        Patient(
            "",
            "Schoen",
            "Juergen",
            date(1958, 10, 2),
            "M",
            "Leipziger Straße 130",
            "08058",
            "Zwickau",
            collision="umlaut vs ae/oe/ue spelling, different person",
            collision_group="G7",
        )
    )
    add(
        Patient(
            "",
            "Müller",
            "Jörg",
            date(1966, 1, 19),
            "M",
            "Eisenbahnstraße 71",
            "04315",
            "Leipzig",
            collision="umlaut vs ae/oe/ue spelling, different person",
            collision_group="G8",
        )
    )
    add(
        Patient(
            "",
            "Mueller",
            "Joerg",
            date(1966, 1, 19),
            "M",
            "Augustusburger Straße 2",
            "09126",
            "Chemnitz",
            collision="umlaut vs ae/oe/ue spelling, different person",
            collision_group="G8",
        )
    )
    for i, yr in enumerate((1938, 1961, 1990)):
        add(
            Patient(
                "",
                "Seifert",
                "Andreas",
                date(yr, 3 + i * 3, 5 + i),
                "M",
                *_addr(rng),
                collision="namesake, other birth date",
                collision_group="G9",
            )
        )
    for i, yr in enumerate((1947, 1983)):
        add(
            Patient(
                "",
                "Dvořáková",
                "Alena",
                date(yr, 8, 21 - i * 9),
                "F",
                *_addr(rng),
                collision="namesake, other birth date",
                collision_group="G10",
            )
        )
    add(
        Patient(
            "",
            "Nguyen",
            "Thi Lan",
            date(1974, 11, 2),
            "F",
            "Eisenbahnstraße 102",
            "04315",
            "Leipzig",
            collision="namesake, other birth date",
            collision_group="G11",
        )
    )
    add(
        Patient(
            "",
            "Nguyen",
            "Thi Lan",
            date(1981, 5, 9),
            "F",
            "Straße der Nationen 12",
            "09111",
            "Chemnitz",
            collision="namesake, other birth date",
            collision_group="G11",
        )
    )
    add(
        Patient(
            "",
            "von Einsiedel",
            "Hans-Christoph",
            date(1941, 2, 27),
            "M",
            "Loschwitzer Straße 40",
            "01309",
            "Dresden",
            title="Prof. Dr. med.",
            collision="particle and title",
            collision_group="G12",
        )
    )
    add(
        Patient(
            "",
            "Einsiedel",
            "Christoph",
            date(1988, 7, 7),
            "M",
            "Lützner Straße 5",
            "04229",
            "Leipzig",
            collision="particle and title",
            collision_group="G12",
        )
    )
    add(
        Patient(
            "",
            "Wiśniewska",
            "Małgorzata",
            date(1977, 4, 16),
            "F",
            "Berliner Straße 8",
            "02826",
            "Görlitz",
            birth_name="Dąbrowska",
            collision="",
            collision_group="",
        )
    )
    add(
        Patient(
            "",
            "Cyž",
            "Hanka",
            date(1958, 9, 12),
            "F",
            "Dorfstraße 3",
            "01920",
            "Ralbitz-Rosenthal",
            birth_name="Žur",
            title="Dr.",
            collision="",
            collision_group="",
        )
    )
    add(
        Patient(
            "",
            "Kowalczyk",
            "Jerzy",
            date(1955, 1, 23),
            "M",
            "ul. Daszyńskiego 14",
            "59-900",
            "Zgorzelec",
            country="PL",
        )
    )
    add(
        Patient(
            "",
            "Procházková",
            "Lenka",
            date(1986, 6, 2),
            "F",
            "Teplická 51",
            "405 02",
            "Děčín",
            country="CZ",
        )
    )

    seen = {(p.surname, p.given_names, p.birth_date) for p in out}
    seen_names = {(p.surname, p.given_names) for p in out}
    titles = ["Dr.", "Dr. med.", "Dipl.-Ing.", "Dr. rer. nat.", "Dipl.-Med.", "Prof. Dr."]
    while len(out) < 330:
        roll = rng.random()
        born = _bd(rng, 1930, 2012)
        if roll < 0.08:
            sur, giv = rng.choice(_SORB_M)
            sex = "M"
        elif roll < 0.13:
            sur, giv = rng.choice(_SORB_F)
            sex = "F"
        elif roll < 0.19:
            sur, giv, sex = rng.choice(_CZ)
        elif roll < 0.24:
            sur, giv, sex = rng.choice(_PL)
        elif roll < 0.30:
            sur, giv, sex = rng.choice(_VN)
            born = _bd(rng, 1955, 2010)
        else:
            sex = "F" if rng.random() < 0.5 else "M"
            sur = rng.choice(_SURNAMES)
            if rng.random() < 0.07:
                sur = f"{sur}-{rng.choice(_SURNAMES)}"
            if born.year < 1958:
                giv = rng.choice(_OLD_F if sex == "F" else _OLD_M)
            elif born.year < 1990:
                giv = rng.choice(_MID_F if sex == "F" else _MID_M)
            else:
                giv = rng.choice(_NEW_F if sex == "F" else _NEW_M)
            if rng.random() < 0.08:
                extra = rng.choice(_OLD_F if sex == "F" else _OLD_M)
                if extra != giv and "-" not in extra:
                    giv = f"{giv} {extra}"
        if (sur, giv) in seen_names or (sur, giv, born) in seen:
            continue
        seen.add((sur, giv, born))
        seen_names.add((sur, giv))
        p = Patient("", sur, giv, born, sex, *_addr(rng))
        if born.year < 1975 and rng.random() < 0.08:
            p.title = rng.choice(titles)
        if sex == "F" and rng.random() < 0.15 and sur in _SURNAMES:
            p.birth_name = rng.choice(_SURNAMES)
            if p.birth_name == sur:
                p.birth_name = ""
        add(p)
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
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": SYSTEM, "value": p.id}],
        "name": names,
        "gender": "female" if p.sex == "F" else "male",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", "@@@@@"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "2" if p.sex == "F" else "1"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(f: str, v: str) -> bytes:
        body = (f + v).encode("latin-1", errors="replace")
        return b"%03d" % (len(body) + 5) + body + b"\r\n"

    lines = [line(f, v) for f, v in fields]
    total = sum(len(x) for x in lines)
    lines[1] = line("8100", f"{total:05d}")
    return b"".join(lines)


def write_all(patients: list[Patient], folder: str | Path) -> None:
    root = Path(folder)
    (root / "gdt").mkdir(parents=True, exist_ok=True)
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
    with (root / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
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
        (root / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "id": "heldout50af-register",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50af-{r['id']}", "resource": r} for r in resources],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
