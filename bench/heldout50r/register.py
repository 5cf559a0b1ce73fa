"""The practice register of the held-out set r (northern Germany): 300+ patients with collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM = "urn:heldout50r:practice-patient-id"


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
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    title: str = ""
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


MALE = [
    "Hauke",
    "Jens",
    "Sönke",
    "Knut",
    "Ole",
    "Lars",
    "Jan",
    "Bernd",
    "Dirk",
    "Torben",
    "Malte",
    "Hinrich",
    "Claas",
    "Frerk",
    "Gerd",
    "Uwe",
    "Hans-Peter",
    "Karl-Heinz",
    "Thies",
    "Momme",
    "Fiete",
    "Jonas",
    "Finn",
    "Mats",
    "Henning",
    "Rolf",
    "Detlef",
    "Jürgen",
    "Björn",
    "Nils",
]
FEMALE = [
    "Inken",
    "Wiebke",
    "Meike",
    "Frauke",
    "Silke",
    "Anke",
    "Birte",
    "Kerstin",
    "Gesche",
    "Tomke",
    "Hilke",
    "Maren",
    "Telse",
    "Elke",
    "Imke",
    "Antje",
    "Ute",
    "Heike",
    "Marlies",
    "Gudrun",
    "Ida",
    "Lina",
    "Greta",
    "Frieda",
    "Jördis",
    "Karin",
    "Dörte",
    "Rieke",
    "Svenja",
    "Levke",
]
SURNAMES = [
    "Hansen",
    "Petersen",
    "Jensen",
    "Carstensen",
    "Jessen",
    "Thomsen",
    "Paulsen",
    "Nissen",
    "Clausen",
    "Lorenzen",
    "Schmidt",
    "Möller",
    "Schröder",
    "Lüders",
    "Brodersen",
    "Hinrichsen",
    "Ketelsen",
    "Feddersen",
    "Asmussen",
    "Boysen",
    "Andresen",
    "Martensen",
    "Sievers",
    "Voß",
    "Rathje",
    "Wittmaack",
    "Stöfen",
    "Tiedemann",
    "Harms",
    "Ehlers",
    "Timm",
    "Rohwer",
    "Kühl",
    "Ramm",
    "Lüth",
    "Mohr",
    "Schlüter",
    "Brandt",
    "Koopmann",
    "Dittmer",
    "Lohse",
    "Behrens",
    "Meyer-Ohlsen",
    "Hansen-Kühl",
    "Jacobsen",
    "Bruhn",
    "Steffens",
    "Köhler",
    "Büsing",
    "Hagge",
    "Suhr",
    "Dührkop",
    "Sönnichsen",
    "Göttsche",
    "Wöhlk",
    "Pörksen",
]
FOREIGN = [
    # (surname, female given, male given, country hint)
    ("Sørensen", "Mette", "Rasmus", "DK"),
    ("Jørgensen", "Karen", "Søren", "DK"),
    ("Kristiansen", "Birgitte", "Mads", "DK"),
    ("van der Meer", "Anouk", "Joost", "NL"),
    ("de Vries", "Femke", "Sander", "NL"),
    ("Wiśniewska", "Agnieszka", "", "PL"),
    ("Szczepański", "", "Tomasz", "PL"),
    ("Kowalczyk", "Małgorzata", "Paweł", "PL"),
    ("Kazlauskienė", "Rūta", "", "LT"),
    ("Petrauskas", "", "Mindaugas", "LT"),
    ("Lindqvist", "Ingrid", "Erik", "SE"),
    ("Haugen", "Solveig", "Øyvind", "NO"),
    ("Kovalenko", "Olena", "Andrii", "UA"),
    ("Shevchenko", "Iryna", "Oleksandr", "UA"),
    ("Bondarenko", "Tetiana", "Mykola", "UA"),
    ("MacLeod", "Fiona", "Ewan", "GB"),
    ("Yılmaz", "Elif", "Mehmet", "TR"),
    ("von Ahlefeldt", "Charlotte", "Friedrich", "DE"),
    ("von der Heyde", "Adelheid", "Konrad", "DE"),
]
STREETS = [
    "Holtenauer Straße",
    "Dänische Straße",
    "Große Straße",
    "Norderstraße",
    "Am Hafen",
    "Deichweg",
    "Friedrichstraße",
    "Schleswiger Chaussee",
    "Osterstraße",
    "Eppendorfer Weg",
    "Fuhlsbüttler Straße",
    "Wandsbeker Chaussee",
    "Ostertorsteinweg",
    "Vegesacker Heerstraße",
    "Am Markt",
    "Strandweg",
    "Lindenallee",
    "Kapellenweg",
    "Mühlenstraße",
    "Rosenstraße",
    "Travemünder Allee",
    "Koogstraße",
    "Süderstraße",
    "Wiesengrund",
]
CITIES = [
    ("24103", "Kiel"),
    ("24105", "Kiel"),
    ("24937", "Flensburg"),
    ("23552", "Lübeck"),
    ("25813", "Husum"),
    ("25746", "Heide"),
    ("24534", "Neumünster"),
    ("24768", "Rendsburg"),
    ("22765", "Hamburg"),
    ("22303", "Hamburg"),
    ("20251", "Hamburg"),
    ("28203", "Bremen"),
    ("28757", "Bremen"),
    ("24837", "Schleswig"),
    ("23730", "Neustadt in Holstein"),
    ("25980", "Sylt"),
    ("24340", "Eckernförde"),
    ("25524", "Itzehoe"),
]


def _date(rng: random.Random, lo: int = 1930, hi: int = 2021) -> str:
    d = dt.date(lo, 1, 1) + dt.timedelta(
        days=rng.randrange((dt.date(hi, 12, 31) - dt.date(lo, 1, 1)).days)
    )
    return d.isoformat()


def build() -> list[Patient]:
    rng = random.Random(5050)
    out: list[Patient] = []

    def add(**kw: object) -> Patient:
        if "street" not in kw:
            kw["street"] = f"{rng.choice(STREETS)} {rng.randint(1, 120)}"
        if "postcode" not in kw:
            pc, city = rng.choice(CITIES)
            kw["postcode"] = pc
            kw["city"] = city
        p = Patient(id=f"R{len(out) + 1001:05d}", **kw)  # type: ignore[arg-type]
        out.append(p)
        return p

    # Collision groups first, at fixed places, so that letters can name them.
    add(
        surname="Hansen",
        given_names="Jens",
        birth_date="1956-03-14",
        sex="M",
        street="Deichweg 4",
        postcode="25813",
        city="Husum",
        collision="same name and birth date",
        collision_group="hansen-jens",
    )
    add(
        surname="Hansen",
        given_names="Jens",
        birth_date="1956-03-14",
        sex="M",
        street="Holtenauer Straße 88",
        postcode="24105",
        city="Kiel",
        collision="same name and birth date",
        collision_group="hansen-jens",
    )
    add(
        surname="Carstensen",
        given_names="Lina",
        birth_date="2011-06-02",
        sex="F",
        collision="twin",
        collision_group="carstensen-twins",
    )
    add(
        surname="Carstensen",
        given_names="Levke",
        birth_date="2011-06-02",
        sex="F",
        collision="twin",
        collision_group="carstensen-twins",
    )
    add(
        surname="Petersen",
        given_names="Wiebke",
        birth_name="Ketelsen",
        former_names=["Ketelsen"],
        birth_date="1984-11-23",
        sex="F",
        collision="name change (letter may use the old name)",
        collision_group="petersen-wiebke",
    )
    add(
        surname="Ketelsen",
        given_names="Wiebke",
        birth_date="1979-02-08",
        sex="F",
        collision="namesake of a former name",
        collision_group="petersen-wiebke",
    )
    add(
        surname="Möller",
        given_names="Gudrun",
        birth_date="1948-09-30",
        sex="F",
        collision="umlaut spelling",
        collision_group="moeller-gudrun",
    )
    add(
        surname="Moeller",
        given_names="Gudrun",
        birth_date="1951-04-12",
        sex="F",
        collision="umlaut spelling",
        collision_group="moeller-gudrun",
    )
    add(
        surname="Schröder",
        given_names="Uwe",
        birth_date="1962-07-19",
        sex="M",
        collision="namesake",
        collision_group="schroeder-uwe",
    )
    add(
        surname="Schröder",
        given_names="Uwe",
        birth_date="1990-01-05",
        sex="M",
        collision="namesake",
        collision_group="schroeder-uwe",
    )
    add(
        surname="Schroeder",
        given_names="Uwe",
        birth_date="1962-10-07",
        sex="M",
        collision="umlaut spelling",
        collision_group="schroeder-uwe",
    )
    add(
        surname="Jürgensen", given_names="Karl-Heinz", title="Dr.", birth_date="1944-12-01", sex="M"
    )
    add(
        surname="von Ahlefeldt",
        given_names="Charlotte Sophie",
        title="Prof. Dr.",
        birth_date="1958-05-17",
        sex="F",
    )
    add(
        surname="Meyer-Ohlsen",
        given_names="Frauke",
        birth_name="Ohlsen",
        former_names=["Ohlsen"],
        birth_date="1971-08-29",
        sex="F",
    )
    add(
        surname="Kovalenko",
        given_names="Olena",
        birth_date="1987-04-03",
        sex="F",
        street="Fuhlsbüttler Straße 212",
        postcode="22303",
        city="Hamburg",
    )
    add(
        surname="Kovalenko",
        given_names="Andrii",
        birth_date="2015-09-21",
        sex="M",
        street="Fuhlsbüttler Straße 212",
        postcode="22303",
        city="Hamburg",
    )
    add(
        surname="Sørensen",
        given_names="Mette",
        birth_date="1966-02-11",
        sex="F",
        street="Norderstraße 17",
        postcode="24937",
        city="Flensburg",
    )
    add(
        surname="Sorensen",
        given_names="Mette",
        birth_date="1970-06-25",
        sex="F",
        collision="ø spelled o",
        collision_group="soerensen-mette",
    )
    add(
        surname="Wiśniewska",
        given_names="Agnieszka",
        birth_name="Nowak",
        former_names=["Nowak"],
        birth_date="1979-10-14",
        sex="F",
    )
    add(
        surname="Kazlauskienė",
        given_names="Rūta",
        birth_name="Petrauskaitė",
        former_names=["Petrauskaitė"],
        birth_date="1982-03-30",
        sex="F",
    )
    add(surname="van der Meer", given_names="Joost", birth_date="1959-12-24", sex="M")
    add(surname="MacLeod", given_names="Ewan James", birth_date="1975-07-08", sex="M")
    add(surname="Lindqvist", given_names="Erik", birth_date="1953-01-31", sex="M")
    add(surname="Haugen", given_names="Solveig", birth_date="1968-05-09", sex="F")
    add(surname="Petrauskas", given_names="Mindaugas", birth_date="1992-08-16", sex="M")
    add(surname="Thomsen", given_names="Hauke", birth_date="1938-04-22", sex="M")
    add(
        surname="Thomsen",
        given_names="Hauke",
        birth_date="1967-04-22",
        sex="M",
        collision="namesake (father and son)",
        collision_group="thomsen-hauke",
    )
    out[-2].collision = "namesake (father and son)"
    out[-2].collision_group = "thomsen-hauke"

    while len(out) < 318:
        if rng.random() < 0.14:
            sur, fg, mg, _cc = rng.choice(FOREIGN)
            sex = "F" if (fg and (not mg or rng.random() < 0.5)) else "M"
            given = fg if sex == "F" else mg
        else:
            sur = rng.choice(SURNAMES)
            sex = rng.choice("FM")
            given = rng.choice(FEMALE if sex == "F" else MALE)
            if rng.random() < 0.12:
                given += " " + rng.choice(FEMALE if sex == "F" else MALE)
        title = rng.choice(["Dr.", "Dr. med.", "Prof. Dr."]) if rng.random() < 0.05 else ""
        birth = ""
        former: list[str] = []
        if sex == "F" and rng.random() < 0.1:
            birth = rng.choice(SURNAMES)
            if birth == sur:
                birth = ""
            else:
                former = [birth]
        add(
            surname=sur,
            given_names=given,
            birth_date=_date(rng),
            sex=sex,
            title=title,
            birth_name=birth,
            former_names=former,
        )
    return out


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
    with open(folder / "patients.csv", "w", encoding="utf-8", newline="") as fh:
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
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50r-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )


def latin1(text: str) -> str:
    """ISO-8859-1 spelling of a name for GDT (letters outside it lose their accent)."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)[0]
            out.append({"ł": "l", "Ł": "L", "ı": "i"}.get(ch, base))
    return "".join(out)


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + latin1(content)).encode("latin-1") + b"\r\n"
    return f"{len(body) + 3:03d}".encode() + body


def gdt_record(p: Patient) -> bytes:
    y, m, d = p.birth_date.split("-")
    rest = [
        _gdt_line("9218", "02.10"),
        _gdt_line("3000", p.id),
        _gdt_line("3101", p.surname),
        _gdt_line("3102", p.given_names),
        _gdt_line("3103", d + m + y),
        _gdt_line("3110", "1" if p.sex == "M" else "2"),
        _gdt_line("3106", f"{p.postcode} {p.city}"),
        _gdt_line("3107", p.street),
    ]
    head = _gdt_line("8000", "6301")
    size = len(head) + len(_gdt_line("8100", "00000")) + sum(len(x) for x in rest)
    return head + _gdt_line("8100", f"{size:05d}") + b"".join(rest)


def fhir_patient(p: Patient) -> dict:
    official: dict = {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    if p.title:
        official["prefix"] = [p.title]
    names = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        if f != p.birth_name:
            names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    if p.birth_name and p.birth_name in p.former_names:
        names.append({"use": "old", "family": p.birth_name, "given": p.given_names.split(" ")})
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
