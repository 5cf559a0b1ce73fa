"""The receiving practices' shared patient register (German-speaking Switzerland)."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

FHIR_SYSTEM = "urn:oid:2.16.756.888888.50.1"  # the practice's own patient numbers
AHV_SYSTEM = "urn:oid:2.16.756.5.32"


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    sex: str  # "F" / "M"
    birth_date: dt.date
    street: str
    postcode: str
    city: str
    country: str = "CH"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    ahv: str = ""
    insurer: str = ""
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


SWISS_SUR = [
    "Keller",
    "Meier",
    "Brunner",
    "Huber",
    "Baumann",
    "Frei",
    "Zimmermann",
    "Gerber",
    "Widmer",
    "Steiner",
    "Moser",
    "Fischer",
    "Wyss",
    "Graf",
    "Bühler",
    "Hürlimann",
    "Egli",
    "Schläpfer",
    "Zürcher",
    "Rüegg",
    "Gisler",
    "Ammann",
    "Kälin",
    "Stöckli",
    "Aebischer",
    "Imhof",
    "Bachmann",
    "Suter",
    "Lüthi",
    "Schmid",
    "Tanner",
    "Wüthrich",
    "Niederberger",
    "Odermatt",
    "Zgraggen",
    "Caflisch",
    "Casutt",
    "Hefti",
    "Jenny",
]
SWISS_F = [
    "Regula",
    "Ursula",
    "Verena",
    "Barbara",
    "Nicole",
    "Sandra",
    "Corinne",
    "Priska",
    "Brigitte",
    "Anna",
    "Lea",
    "Seraina",
    "Mirjam",
    "Rahel",
    "Margrit",
    "Vreni",
    "Elsbeth",
    "Flurina",
    "Annelies",
    "Käthi",
    "Martina",
    "Nadja",
]
SWISS_M = [
    "Urs",
    "Beat",
    "Reto",
    "Peter",
    "Hansruedi",
    "Christoph",
    "Stefan",
    "Daniel",
    "Thomas",
    "Marcel",
    "Jürg",
    "Res",
    "Ueli",
    "Fritz",
    "Werner",
    "Adrian",
    "Lukas",
    "Mattia",
    "Gian",
    "Dominik",
    "Roland",
    "Kurt",
]
ITAL = (
    [
        "Rossi",
        "Bernasconi",
        "Colombo",
        "Ferrari",
        "Esposito",
        "Romano",
        "Bianchi",
        "De Luca",
        "Lo Russo",
        "Di Stefano",
        "Pellegrini",
        "Giordano",
    ],
    ["Giulia", "Francesca", "Chiara", "Maria Grazia", "Antonella", "Rosa"],
    ["Giuseppe", "Marco", "Luca", "Salvatore", "Antonio", "Enzo"],
)
PORT = (
    [
        "da Silva",
        "Ferreira",
        "Pereira",
        "dos Santos",
        "Rodrigues",
        "Gonçalves",
        "de Sousa",
        "Carvalho",
        "Fernandes Lopes",
        "Araújo",
    ],
    ["Maria João", "Ana Rita", "Fernanda", "Conceição", "Joana"],
    ["João Pedro", "Rui", "Tiago", "Manuel", "Nuno", "António"],
)
KOSOVO = (
    [
        "Krasniqi",
        "Berisha",
        "Gashi",
        "Hoxha",
        "Morina",
        "Shala",
        "Bytyçi",
        "Kryeziu",
        "Rexhepi",
        "Thaçi",
    ],
    ["Shqipe", "Valbona", "Arbnora", "Drita", "Blerta", "Fitore", "Lirije"],
    ["Arben", "Besnik", "Driton", "Fatmir", "Ilir", "Valon", "Agim", "Shkëlzen"],
)
SERB = (
    ["Jovanović", "Petrović", "Nikolić", "Marković", "Đorđević", "Stojanović", "Ilić", "Stanković"],
    ["Jelena", "Milica", "Snežana", "Dragana", "Ivana"],
    ["Dragan", "Nenad", "Miloš", "Zoran", "Goran", "Dušan"],
)
TURK = (
    ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Doğan"],
    ["Ayşe", "Elif", "Zeynep", "Fatma", "Gülşen", "Hatice"],
    ["Mehmet", "Mustafa", "Ahmet", "Emre", "Hüseyin", "Oğuz"],
)
TAMIL = (
    ["Sivakumar", "Thavarajah", "Kanagaratnam", "Balasingam", "Nadarajah", "Selvarajah"],
    ["Tharshika", "Kavitha", "Sharmila", "Nirosha", "Vithya"],
    ["Sutharsan", "Kajan", "Ramesh", "Thushyanthan", "Prakash"],
)
ERITREA = (
    ["Tesfamariam", "Ghebremedhin", "Haile", "Tekle", "Woldemichael", "Berhane"],
    ["Senait", "Helen", "Winta", "Saba", "Selam"],
    ["Yonas", "Filmon", "Habtom", "Dawit", "Samuel", "Tesfay"],
)
GROUPS = [ITAL, PORT, KOSOVO, SERB, TURK, TAMIL, ERITREA]

PLACES = [
    (
        "8400",
        "Winterthur",
        [
            "Lindenhofstrasse",
            "Technikumstrasse",
            "Zürcherstrasse",
            "Wülflingerstrasse",
            "Seenerstrasse",
        ],
    ),
    ("8404", "Winterthur", ["Hegifeldstrasse", "Oberwinterthurerstrasse"]),
    ("3013", "Bern", ["Breitenrainstrasse", "Lorrainestrasse", "Moserstrasse", "Scheibenstrasse"]),
    ("3014", "Bern", ["Wylerstrasse", "Militärstrasse", "Beundenfeldstrasse"]),
    ("6003", "Luzern", ["Pilatusstrasse", "Hirschmattstrasse", "Bundesstrasse"]),
    ("6005", "Luzern", ["Tribschenstrasse", "Langensandstrasse"]),
    ("8004", "Zürich", ["Badenerstrasse", "Langstrasse", "Bäckerstrasse"]),
    ("8050", "Zürich", ["Schaffhauserstrasse", "Hofwiesenstrasse"]),
    ("4057", "Basel", ["Klybeckstrasse", "Feldbergstrasse"]),
    ("9000", "St. Gallen", ["Rosenbergstrasse", "Teufener Strasse"]),
    ("5000", "Aarau", ["Bahnhofstrasse", "Laurenzenvorstadt"]),
    ("7000", "Chur", ["Masanserstrasse", "Loëstrasse"]),
    ("8405", "Winterthur", ["Tösstalstrasse", "Seuzacherstrasse"]),
    ("3027", "Bern", ["Bethlehemstrasse", "Bümplizstrasse"]),
]
INSURERS = ["CSS", "Helsana", "SWICA", "Sanitas", "Concordia", "Visana", "KPT", "Assura"]


def _ahv(rng: random.Random) -> str:
    digits = [7, 5, 6] + [rng.randrange(10) for _ in range(9)]
    total = sum(d * (3 if i % 2 else 1) for i, d in enumerate(digits))
    check = (10 - total % 10) % 10
    s = "".join(map(str, digits)) + str(check)
    return f"{s[:3]}.{s[3:7]}.{s[7:11]}.{s[11:]}"


def _bd(rng: random.Random, y0: int = 1928, y1: int = 2022) -> dt.date:
    return dt.date(y0, 1, 1) + dt.timedelta(
        days=rng.randrange((dt.date(y1, 12, 31) - dt.date(y0, 1, 1)).days)
    )


def build() -> list[Patient]:
    rng = random.Random(50_1100)
    pts: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()

    def addr() -> tuple[str, str, str]:
        pc, city, streets = PLACES[rng.randrange(len(PLACES))]
        return f"{rng.choice(streets)} {rng.randrange(1, 140)}", pc, city

    def add(sur: str, given: str, sex: str, bd: dt.date, **kw: object) -> Patient:
        street, pc, city = addr()
        p = Patient(
            id="",
            surname=sur,
            given_names=given,
            sex=sex,
            birth_date=bd,
            street=str(kw.pop("street", street)),
            postcode=str(kw.pop("postcode", pc)),
            city=str(kw.pop("city", city)),
            ahv=_ahv(rng),
            insurer=rng.choice(INSURERS),
        )
        for k, v in kw.items():
            setattr(p, k, v)
        pts.append(p)
        seen.add((sur, given, bd.isoformat()))
        return p

    # --- planned collisions (the letters pick these by name)
    d1 = dt.date(1971, 5, 14)
    add(
        "Keller",
        "Daniel",
        "M",
        d1,
        street="Technikumstrasse 38",
        postcode="8400",
        city="Winterthur",
        collision="same name and birth date",
        collision_group="G1",
    )
    add(
        "Keller",
        "Daniel",
        "M",
        d1,
        street="Badenerstrasse 212",
        postcode="8004",
        city="Zürich",
        collision="same name and birth date",
        collision_group="G1",
    )
    tw = dt.date(2004, 9, 3)
    add(
        "Frei",
        "Anna Lena",
        "F",
        tw,
        street="Seuzacherstrasse 7",
        postcode="8405",
        city="Winterthur",
        collision="twins",
        collision_group="G2",
    )
    add(
        "Frei",
        "Anna Lea",
        "F",
        tw,
        street="Seuzacherstrasse 7",
        postcode="8405",
        city="Winterthur",
        collision="twins",
        collision_group="G2",
    )
    add(
        "Meier",
        "Sandra",
        "F",
        dt.date(1983, 11, 2),
        birth_name="Hürlimann",
        former_names=["Hürlimann"],
        collision="name change (letter uses the old name)",
        collision_group="G3",
    )
    add(
        "Hürlimann",
        "Sandra",
        "F",
        dt.date(1979, 2, 21),
        collision="name change namesake",
        collision_group="G3",
    )
    add(
        "Müller",
        "Peter",
        "M",
        dt.date(1958, 7, 30),
        collision="umlaut spelling",
        collision_group="G4",
    )
    add(
        "Mueller",
        "Peter",
        "M",
        dt.date(1962, 3, 9),
        collision="umlaut spelling",
        collision_group="G4",
    )
    add(
        "Schärer",
        "Ruth",
        "F",
        dt.date(1944, 12, 1),
        collision="umlaut spelling",
        collision_group="G5",
    )
    add(
        "Schaerer",
        "Ruth",
        "F",
        dt.date(1944, 12, 1),
        street="Hirschmattstrasse 4",
        postcode="6003",
        city="Luzern",
        collision="umlaut spelling",
        collision_group="G5",
    )
    for i, bd in enumerate([dt.date(1966, 1, 17), dt.date(1988, 8, 25), dt.date(2010, 4, 6)]):
        add("Krasniqi", "Arben", "M", bd, collision="namesakes", collision_group="G6")
        del i
    add("Yılmaz", "Ayşe", "F", dt.date(1975, 6, 12), collision="namesakes", collision_group="G7")
    add("Yilmaz", "Ayse", "F", dt.date(1990, 10, 28), collision="namesakes", collision_group="G7")
    add(
        "dos Santos Ferreira",
        "Maria João",
        "F",
        dt.date(1969, 4, 19),
        birth_name="Ferreira",
        former_names=["Ferreira"],
    )
    add("von Allmen", "Hans-Peter", "M", dt.date(1950, 9, 11), title="Dr. med.")
    add("Bernasconi-Widmer", "Chiara", "F", dt.date(1981, 3, 5), birth_name="Widmer")
    add("de Weck", "Béatrice", "F", dt.date(1947, 2, 28), title="Prof. Dr.")
    add("Tesfamariam Ghebremedhin", "Yonas", "M", dt.date(1993, 1, 1))
    add("Sivakumar", "Tharshika", "F", dt.date(1987, 7, 23))
    add(
        "Sivakumar",
        "Tharshika",
        "F",
        dt.date(1987, 7, 23),
        street="Bethlehemstrasse 88",
        postcode="3027",
        city="Bern",
        collision="same name and birth date",
        collision_group="G8",
    )
    pts[-2].collision = "same name and birth date"
    pts[-2].collision_group = "G8"
    add("Đorđević", "Milica", "F", dt.date(1959, 10, 14))
    add("Gashi-Morina", "Valbona", "F", dt.date(1985, 12, 24), birth_name="Morina")
    add("Zürcher", "Ueli", "M", dt.date(1939, 5, 2), title="Dr. phil.")
    add("Bühler-Stöckli", "Margrit", "F", dt.date(1941, 8, 8), birth_name="Stöckli")

    # --- the rest
    while len(pts) < 330:
        r = rng.random()
        sex = "F" if rng.random() < 0.52 else "M"
        if r < 0.55:
            sur = rng.choice(SWISS_SUR)
            if rng.random() < 0.12:
                sur = f"{sur}-{rng.choice(SWISS_SUR)}"
            given = rng.choice(SWISS_F if sex == "F" else SWISS_M)
        else:
            g = GROUPS[rng.randrange(len(GROUPS))]
            sur = rng.choice(g[0])
            given = rng.choice(g[1] if sex == "F" else g[2])
        if rng.random() < 0.08:
            given = f"{given} {rng.choice(SWISS_F if sex == 'F' else SWISS_M)}"
        bd = _bd(rng)
        if (sur, given, bd.isoformat()) in seen:
            continue
        extra: dict[str, object] = {}
        if rng.random() < 0.04:
            extra["title"] = rng.choice(["Dr. med.", "Dr.", "Prof. Dr.", "lic. iur."])
        if sex == "F" and "-" in sur and rng.random() < 0.6:
            extra["birth_name"] = sur.split("-")[1]
        add(sur, given, sex, bd, **extra)
    for i, p in enumerate(pts):
        p.id = str(10_001 + i * 7)
    return pts


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


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
    for fn in p.former_names:
        if fn != p.birth_name:
            names.append({"use": "old", "family": fn, "given": p.given_names.split(" ")})
    if p.former_names and p.birth_name in p.former_names:
        names.append({"use": "old", "family": p.birth_name, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [
            {"system": FHIR_SYSTEM, "value": p.id},
            {"system": AHV_SYSTEM, "value": p.ahv.replace(".", "")},
        ],
        "name": names,
        "gender": "female" if p.sex == "F" else "male",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {
                "use": "home",
                "line": [p.street],
                "postalCode": p.postcode,
                "city": p.city,
                "country": p.country,
            }
        ],
    }


_SPECIAL = {"ı": "i", "İ": "I", "đ": "dj", "Đ": "Dj", "ł": "l", "Ł": "L"}


def latin1(text: str) -> str:
    """What a GDT file (ISO-8859-1) can hold: letters outside it lose their accent."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            if ch in _SPECIAL:
                out.append(_SPECIAL[ch])
            else:
                base = unicodedata.normalize("NFKD", ch)
                out.append("".join(c for c in base if not unicodedata.combining(c)))
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = f"{field_id}{latin1(content)}\r\n".encode("latin-1")
    return f"{len(body) + 3:03d}".encode() + body


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "2" if p.sex == "F" else "1"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    total = len(head) + len(body) + len(_gdt_line("8100", "00000"))
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
    "ahv",
    "insurer",
]


def write_all(patients: list[Patient], folder: str | Path) -> None:
    out = Path(folder)
    (out / "gdt").mkdir(parents=True, exist_ok=True)
    with (out / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
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
                    p.ahv,
                    p.insurer,
                ]
            )
    for p in patients:
        (out / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    res = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in res],
    }
    (out / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (out / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
