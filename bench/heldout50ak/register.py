"""The receiving practices' shared patient register (deterministic, >= 300 patients)."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_1100

AT_SURNAMES = [
    "Gruber",
    "Huber",
    "Bauer",
    "Wagner",
    "Pichler",
    "Steiner",
    "Moser",
    "Mayer",
    "Hofer",
    "Leitner",
    "Berger",
    "Fuchs",
    "Eder",
    "Fischer",
    "Schmid",
    "Winkler",
    "Weber",
    "Schwarz",
    "Maier",
    "Reiter",
    "Mayr",
    "Wimmer",
    "Egger",
    "Brunner",
    "Lang",
    "Baumgartner",
    "Auer",
    "Binder",
    "Lechner",
    "Wolf",
    "Wallner",
    "Aigner",
    "Ebner",
    "Koller",
    "Lehner",
    "Haas",
    "Pöltl",
    "Strobl",
    "Hödl",
    "Kröpfl",
    "Prückler",
    "Zöchling",
    "Schnabl",
    "Bründl",
]
CZ_VIENNA = [
    "Novak",
    "Dvořák",
    "Svoboda",
    "Prohaska",
    "Wessely",
    "Hrdlicka",
    "Pospischil",
    "Nemec",
    "Blaha",
    "Swoboda",
    "Chalupa",
    "Jelinek",
    "Kopecky",
    "Vesely",
    "Zeman",
]
HU = ["Horváth", "Nagy", "Kovács", "Tóth", "Szabó", "Varga", "Kiss", "Molnár", "Németh", "Farkas"]
HR_BGLD = ["Resetarits", "Grandits", "Karall", "Kovacic", "Horvat", "Babić", "Jurić", "Tomšić"]
RS = ["Jovanović", "Petrović", "Nikolić", "Đorđević", "Stojanović", "Ilić", "Marković"]
TR = ["Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Öztürk", "Aydın", "Arslan", "Doğan"]
PL_M = ["Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Lewandowski", "Kamiński", "Zieliński"]
SK_M = ["Kováč", "Baláž", "Hudák", "Šimko", "Krajčí"]

GIVEN = {
    "at": (
        [
            "Johann",
            "Franz",
            "Josef",
            "Karl",
            "Leopold",
            "Florian",
            "Stefan",
            "Lukas",
            "Markus",
            "Thomas",
            "Gerhard",
            "Herbert",
            "Alois",
            "Wolfgang",
            "Manfred",
        ],
        [
            "Maria",
            "Anna",
            "Theresia",
            "Elisabeth",
            "Hermine",
            "Johanna",
            "Katharina",
            "Sabine",
            "Andrea",
            "Christina",
            "Leopoldine",
            "Gertrude",
            "Julia",
            "Lena",
        ],
    ),
    "cz": (["Jan", "Václav", "Karel", "Josef", "Pavel"], ["Jana", "Věra", "Marie", "Eva"]),
    "hu": (
        ["László", "István", "Zoltán", "Gábor", "Ferenc"],
        ["Erzsébet", "Katalin", "Ilona", "Zsófia", "Éva"],
    ),
    "hr": (["Ivan", "Stjepan", "Mate", "Josip", "Nikola"], ["Ana", "Marija", "Ivana", "Kata"]),
    "rs": (
        ["Miloš", "Dragan", "Nenad", "Zoran", "Stefan"],
        ["Jelena", "Snežana", "Milica", "Dragana"],
    ),
    "tr": (
        ["Mehmet", "Mustafa", "Emre", "Hüseyin", "İbrahim"],
        ["Ayşe", "Fatma", "Elif", "Zeynep", "Gülşen"],
    ),
    "pl": (["Piotr", "Krzysztof", "Tomasz", "Paweł"], ["Agnieszka", "Małgorzata", "Katarzyna"]),
    "sk": (["Peter", "Juraj", "Ľubomír", "Martin"], ["Zuzana", "Ľudmila", "Lucia", "Katarína"]),
}
DOUBLE_GIVEN = ["Anna Maria", "Karl Heinz", "Hans-Peter", "Maria Theresia", "Eva-Maria"]
TITLES = ["Dr.", "Mag.", "DI", "Ing.", "Mag. Dr.", "Dipl.-Ing.", "MMag.", "Prof. Dr.", "MR Dr."]

PLACES = [
    ("1160", "Wien", ["Ottakringer Straße", "Thaliastraße", "Koppstraße", "Wilhelminenstraße"]),
    ("1100", "Wien", ["Favoritenstraße", "Quellenstraße", "Laxenburger Straße"]),
    ("1150", "Wien", ["Märzstraße", "Hütteldorfer Straße", "Meiselstraße"]),
    ("1170", "Wien", ["Hernalser Hauptstraße", "Kalvarienberggasse"]),
    ("3100", "St. Pölten", ["Kremser Gasse", "Linzer Straße", "Mariazeller Straße"]),
    (
        "2700",
        "Wiener Neustadt",
        ["Neunkirchner Straße", "Pottendorfer Straße", "Herzog-Leopold-Straße"],
    ),
    ("2500", "Baden bei Wien", ["Wassergasse", "Vöslauer Straße", "Helenenstraße"]),
    ("2340", "Mödling", ["Hauptstraße", "Enzersdorfer Straße", "Spitalmühlgasse"]),
    ("7000", "Eisenstadt", ["Esterházystraße", "Ruster Straße", "Mattersburger Straße"]),
    ("7100", "Neusiedl am See", ["Obere Hauptstraße", "Seestraße", "Untere Hauptstraße"]),
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_name: str
    former_names: list[str]
    title: str
    birth_date: dt.date
    sex: str
    street: str
    postcode: str
    city: str
    country: str
    svnr: str
    insurer: str
    origin: str
    collision: str = ""
    collision_group: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def svnr(rng: random.Random, birth: dt.date) -> str:
    """An Austrian social insurance number: 3 serial digits, a check digit, DDMMYY."""
    tail = birth.strftime("%d%m%y")
    weights = [3, 7, 9, 0, 5, 8, 4, 2, 1, 6]
    while True:
        serial = f"{rng.randint(100, 999)}"
        digits = [int(c) for c in serial + "0" + tail]
        check = sum(w * d for w, d in zip(weights, digits, strict=True)) % 11
        if check < 10:
            return f"{serial}{check}{tail}"


def _female(surname: str, origin: str) -> str:
    if origin == "pl" and surname.endswith("ski"):
        return surname[:-1] + "a"
    if origin == "sk" and not surname.endswith("í"):
        return surname.replace("č", "č") + "ová"
    return surname


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    pools = [
        ("at", AT_SURNAMES, 0.52),
        ("cz", CZ_VIENNA, 0.1),
        ("hu", HU, 0.09),
        ("hr", HR_BGLD, 0.08),
        ("rs", RS, 0.07),
        ("tr", TR, 0.07),
        ("pl", PL_M, 0.04),
        ("sk", SK_M, 0.03),
    ]
    counter = [10_000]

    def new_id() -> str:
        counter[0] += rng.randint(3, 41)
        return str(counter[0])

    def make(
        origin: str, surname: str, given: str, sex: str, birth: dt.date, **kw: object
    ) -> Patient:
        place = kw.pop("place", None) or rng.choice(PLACES)
        assert isinstance(place, tuple)
        street = f"{rng.choice(place[2])} {rng.randint(1, 140)}"
        if place[1] == "Wien":
            street += f"/{rng.randint(1, 9)}/{rng.randint(1, 24)}"
        insurer = rng.choice(["ÖGK", "ÖGK", "ÖGK", "ÖGK", "BVAEB", "SVS"])
        p = Patient(
            id=new_id(),
            surname=surname,
            given_names=given,
            birth_name=str(kw.get("birth_name", "")),
            former_names=list(kw.get("former_names", [])),  # type: ignore[call-overload]
            title=str(kw.get("title", "")),
            birth_date=birth,
            sex=sex,
            street=street,
            postcode=place[0],
            city=place[1],
            country="AT",
            svnr=svnr(rng, birth),
            insurer=insurer,
            origin=origin,
        )
        out.append(p)
        return p

    def rand_birth() -> dt.date:
        return dt.date(1932, 1, 1) + dt.timedelta(days=rng.randint(0, 33000))

    while len(out) < 290:
        r = rng.random()
        acc = 0.0
        origin, names = pools[0][0], pools[0][1]
        for o, n, w in pools:
            acc += w
            if r < acc:
                origin, names = o, n
                break
        sex = rng.choice("MF")
        surname = rng.choice(names)
        if sex == "F":
            surname = _female(surname, origin)
        given = rng.choice(GIVEN[origin][0 if sex == "M" else 1])
        kw: dict[str, object] = {}
        if origin == "at" and rng.random() < 0.08:
            given = rng.choice(DOUBLE_GIVEN)
            sex = "M" if given in ("Karl Heinz", "Hans-Peter") else "F"
        if rng.random() < 0.12:
            kw["title"] = rng.choice(TITLES)
        if sex == "F" and rng.random() < 0.3:
            born = rng.choice(AT_SURNAMES + HU + CZ_VIENNA)
            if born != surname:
                kw["birth_name"] = born
                if rng.random() < 0.3:
                    surname = f"{surname}-{born}"
        make(origin, surname, given, sex, rand_birth(), **kw)

    # Collisions.
    gnum = [0]

    def group(kind: str, members: list[Patient]) -> None:
        gnum[0] += 1
        for m in members:
            m.collision = kind
            m.collision_group = f"G{gnum[0]:02d}"

    for surname, given, sex in [
        ("Gruber", "Johann", "M"),
        ("Horváth", "Erzsébet", "F"),
        ("Novak", "Maria", "F"),
        ("Yılmaz", "Mehmet", "M"),
    ]:
        b = rand_birth()
        a1 = make("at", surname, given, sex, b, place=PLACES[0])
        a2 = make("at", surname, given, sex, b, place=PLACES[5])
        group("same name and birth date, other address", [a1, a2])
    for surname, pair in [
        ("Steiner", (("Lukas", "M"), ("Florian", "M"))),
        ("Jovanović", (("Jelena", "F"), ("Milica", "F"))),
        ("Kovács", (("Zsófia", "F"), ("Gábor", "M"))),
    ]:
        b = dt.date(1990, 1, 1) + dt.timedelta(days=rng.randint(0, 9000))
        place = rng.choice(PLACES)
        twins = [make("at", surname, g, s, b, place=place) for g, s in pair]
        group("twins", twins)
    for new, old, given in [
        ("Pichler-Resetarits", "Resetarits", "Katharina"),
        ("Demir", "Kaya", "Elif"),
        ("Wessely", "Blaha", "Sabine"),
        ("Szabó", "Tóth", "Ilona"),
    ]:
        p = make("at", new, given, "F", rand_birth(), former_names=[old], birth_name=old)
        group("name change (letter may use the former name)", [p])
    for umlaut, plain, given in [
        ("Müller", "Mueller", "Jürgen"),
        ("Pöltl", "Poeltl", "Herbert"),
        ("Brünner", "Bruenner", "Gertrude"),
    ]:
        sex = "F" if given == "Gertrude" else "M"
        a = make("at", umlaut, given, sex, rand_birth())
        b2 = make("at", plain, given, sex, rand_birth())
        group("umlaut and ae/oe/ue spelling are different people", [a, b2])
    for surname, given, sex in [
        ("Huber", "Franz", "M"),
        ("Nagy", "László", "M"),
        ("Petrović", "Dragan", "M"),
        ("Wagner", "Maria", "F"),
    ]:
        ps = [
            make("at", surname, given, sex, rand_birth()) for _ in range(2 + (surname == "Huber"))
        ]
        group("namesakes with different birth dates", ps)
    # Particles (German and Dutch citizens living in the region).
    make("de", "von Hohenberg", "Clemens", "M", rand_birth(), title="Dr.")
    make("de", "van der Meer", "Sanne", "F", rand_birth())
    make("hu", "de Szilágyi", "Ákos", "M", rand_birth())
    while len(out) < 320:
        make("at", rng.choice(AT_SURNAMES), rng.choice(GIVEN["at"][0]), "M", rand_birth())
    return out


def _fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {
            "use": "official",
            "family": p.surname,
            "given": p.given_names.split(" "),
            **({"prefix": p.title.split(" ")} if p.title else {}),
        }
    ]
    if p.birth_name and p.birth_name != p.surname:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for old in p.former_names:
        names.append({"use": "old", "family": old, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [
            {"system": "urn:heldout50ak:practice-patient-id", "value": p.id},
            {"system": "urn:oid:1.2.40.0.10.1.4.3.1", "value": p.svnr},
        ],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
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
    "svnr",
    "insurer",
]


def _gdt(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", "00000"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(code: str, content: str) -> bytes:
        body = (code + content).encode("latin-1", "replace")
        return f"{len(body) + 5:03d}".encode() + body + b"\r\n"

    total = sum(len(line(c, v)) for c, v in fields)
    fields[1] = ("8100", f"{total:05d}")
    return b"".join(line(c, v) for c, v in fields)


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
                    p.birth_date.isoformat(),
                    p.sex,
                    p.street,
                    p.postcode,
                    p.city,
                    p.country,
                    p.svnr,
                    p.insurer,
                ]
            )
    for p in patients:
        (root / "gdt" / f"{p.id}.gdt").write_bytes(_gdt(p))
    resources = [_fhir(p) for p in patients]
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
