"""The generated patient register of the third blind facts set (no real people).

`build()` returns the same list every time (fixed seed): about 5,300 patients, 80 %
German-speaking (DE, AT, CH), with the collisions a real practice register has: two people
with the same name and birth date, twins, married names with the birth name kept, a Müller
beside a Mueller, titles, particles and double names.
"""

# ruff: noqa: SIM905  (the name pools are one string each, easier to read and extend)

from __future__ import annotations

import csv
import json
import random
import uuid
from dataclasses import dataclass, replace
from datetime import date, timedelta
from pathlib import Path

SEED = 50_3000

DE_SURNAMES = (
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer Koch "
    "Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann "
    "Hartmann Lange Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler "
    "Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn "
    "Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann "
    "Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt "
    "Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Dietrich Ziegler "
    "Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer Gruber "
    "Pichler Moser Steiner Hofer Leitner Berger Eder Aigner Wallner Egger Brunner Gerber "
    "Baumgartner Frei Meili Bürgi Käser Lüthi Zürcher Hügli Blättler Straßer Rößler Förster "
    "Bräuer Göbel Düring Ölmez Yılmaz Kowalski Nowak Popescu Rossi Demir Hadžić"
).split()
DE_GIVEN_F = (
    "Anna Maria Ursula Monika Petra Sabine Elisabeth Renate Helga Karin Brigitte Ingrid Erika "
    "Andrea Gisela Susanne Stefanie Claudia Julia Nicole Katharina Christina Sandra Laura "
    "Lena Lea Hannah Sophie Emma Mia Marie Leonie Johanna Charlotte Greta Theresa Jana Nina "
    "Birgit Heike Doris Jutta Gabriele Martina Silke Anja Tanja Daniela Carina Verena Jasmin "
    "Anneliese Hildegard Gertrud Liselotte Waltraud Irmgard Ilse Margarete Käthe Jördis Zoë"
).split()
DE_GIVEN_M = (
    "Peter Michael Thomas Andreas Wolfgang Klaus Jürgen Günter Stefan Christian Uwe Werner "
    "Horst Frank Dieter Manfred Bernd Ralf Markus Matthias Tobias Jan Lukas Leon Felix "
    "Jonas Paul Maximilian Elias Finn Noah Ben Luis Moritz Simon Florian Sebastian Alexander "
    "Hans Karl Heinz Walter Helmut Gerhard Rolf Jörg Björn Sören Reinhard Norbert Armin "
    "Reto Urs Beat Lorenz Matthäus Josef Franz Alois Leopold Ferdinand Kurt Erich Jürgen"
).split()
EN_SURNAMES = (
    "Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans "
    "Walker White Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips "
    "Mason Mitchell Rose Davis Rodriguez Cox Alexander Murphy Kelly O'Brien O'Sullivan "
    "Byrne Ryan Walsh McCarthy Doyle Nguyen Garcia Miller Anderson Martinez Hernandez "
    "Moore Lee Harris Clark Young King Scott Baker Adams Nelson Carter Campbell Parker "
    "Ahmed Singh Ali MacDonald McKenzie Fitzgerald Gallagher Chen Wong Okafor Mensah"
).split()
EN_GIVEN_F = (
    "Mary Patricia Jennifer Linda Elizabeth Susan Jessica Sarah Karen Lisa Nancy Emily "
    "Margaret Olivia Amelia Isla Ava Grace Sophie Chloe Aoife Niamh Siobhan Ciara Charlotte "
    "Ruth Joan Pauline Eileen Maureen Deborah Rebecca Hannah Megan Zoe Priya Aisha Fatima"
).split()
EN_GIVEN_M = (
    "James John Robert Michael William David Richard Joseph Thomas Charles Christopher "
    "Daniel Matthew Anthony Mark George Oliver Harry Jack Noah Liam Sean Ciaran Declan "
    "Patrick Brendan Ian Stuart Gareth Rhys Owen Callum Mohammed Arjun Samuel Peter Kevin"
).split()
NL_SURNAMES = (
    "de Vries|van den Berg|Jansen|de Jong|Bakker|Visser|van Dijk|Smit|Mulder|de Boer|Bos|"
    "van der Meer|Vos|Peters|Hendriks"
).split("|")
NL_GIVEN_F = "Anouk Sanne Fleur Lotte Eva Marloes Ingrid Willemijn Femke Johanna".split()
NL_GIVEN_M = "Daan Sem Bram Jeroen Maarten Pieter Willem Joost Thijs Hendrik".split()

PARTICLES = ("von", "von der", "van der", "de", "zu", "van")

CITIES: dict[str, list[tuple[str, str]]] = {
    "DE": [
        ("10115", "Berlin"),
        ("20095", "Hamburg"),
        ("80331", "München"),
        ("50667", "Köln"),
        ("60311", "Frankfurt am Main"),
        ("70173", "Stuttgart"),
        ("30159", "Hannover"),
        ("04109", "Leipzig"),
        ("01067", "Dresden"),
        ("90402", "Nürnberg"),
        ("28195", "Bremen"),
        ("79098", "Freiburg im Breisgau"),
        ("48143", "Münster"),
        ("24103", "Kiel"),
        ("93047", "Regensburg"),
        ("37073", "Göttingen"),
        ("99084", "Erfurt"),
        ("66111", "Saarbrücken"),
    ],
    "AT": [
        ("1010", "Wien"),
        ("1100", "Wien"),
        ("8010", "Graz"),
        ("4020", "Linz"),
        ("5020", "Salzburg"),
        ("6020", "Innsbruck"),
        ("9020", "Klagenfurt am Wörthersee"),
        ("3100", "St. Pölten"),
    ],
    "CH": [
        ("8001", "Zürich"),
        ("3011", "Bern"),
        ("4051", "Basel"),
        ("6003", "Luzern"),
        ("9000", "St. Gallen"),
        ("8400", "Winterthur"),
        ("5000", "Aarau"),
    ],
    "GB": [
        ("M1 3BN", "Manchester"),
        ("LS1 4AP", "Leeds"),
        ("B3 2PW", "Birmingham"),
        ("BS1 5TR", "Bristol"),
        ("NE1 7RU", "Newcastle upon Tyne"),
        ("SW9 8BL", "London"),
        ("CF10 1EP", "Cardiff"),
        ("EH3 9QG", "Edinburgh"),
    ],
    "IE": [("D08 X2N4", "Dublin 8"), ("T12 R2YK", "Cork"), ("H91 E2K3", "Galway")],
    "US": [
        ("60614", "Chicago, IL"),
        ("97205", "Portland, OR"),
        ("02139", "Cambridge, MA"),
        ("55414", "Minneapolis, MN"),
        ("78704", "Austin, TX"),
    ],
    "AU": [("2010", "Surry Hills NSW"), ("3056", "Brunswick VIC"), ("4101", "West End QLD")],
    "NL": [("3511 AB", "Utrecht"), ("1017 CT", "Amsterdam"), ("9711 LM", "Groningen")],
}
STREETS: dict[str, list[str]] = {
    "DE": (
        "Hauptstraße|Bahnhofstraße|Gartenweg|Lindenallee|Schillerstraße|Am Mühlbach|"
        "Goethestraße|Kirchplatz|Rosenweg|Bergstraße|Wiesenstraße|Ahornweg"
    ).split("|"),
    "AT": "Hauptplatz|Mariahilfer Straße|Grazer Gasse|Lindengasse|Kirchengasse|Am Anger".split("|"),
    "CH": "Bahnhofstrasse|Dorfstrasse|Seestrasse|Kirchweg|Schulhausstrasse|Rebbergstrasse".split(
        "|"
    ),
    "GB": "High Street|Church Lane|Station Road|Victoria Road|Mill Lane|Park Avenue".split("|"),
    "IE": "Main Street|Church Road|Strand Road|Abbey Street".split("|"),
    "US": "Maple Avenue|Oak Street|N Lincoln Ave|Elm Street|W 5th Street|Lakeview Drive".split("|"),
    "AU": "King Street|George Street|Sydney Road|Boundary Street".split("|"),
    "NL": "Kerkstraat|Dorpsstraat|Molenweg|Oudegracht".split("|"),
}

UMLAUT_PAIRS = (
    ("Müller", "Mueller"),
    ("Schäfer", "Schaefer"),
    ("Köhler", "Koehler"),
    ("Krüger", "Krueger"),
    ("Weiß", "Weiss"),
    ("Groß", "Gross"),
    ("Möller", "Moeller"),
    ("Jäger", "Jaeger"),
    ("Böhm", "Boehm"),
    ("Kühn", "Kuehn"),
    ("Schröder", "Schroeder"),
    ("Förster", "Foerster"),
)


@dataclass(frozen=True)
class Patient:
    id: str
    surname: str
    given_names: str
    birth_name: str
    former_names: tuple[str, ...]
    title: str
    birth_date: date
    sex: str
    street: str
    postcode: str
    city: str
    country: str
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        """The register's name in clerk order (given names, surname), without the title."""
        return f"{self.given_names} {self.surname}"

    @property
    def german(self) -> bool:
        return self.country in ("DE", "AT", "CH")


def _birth(rng: random.Random, lo: int = 1930, hi: int = 2022) -> date:
    start = date(lo, 1, 1)
    return start + timedelta(days=rng.randrange((date(hi, 12, 31) - start).days))


def _country(rng: random.Random) -> str:
    r = rng.random()
    for code, share in (
        ("DE", 0.58),
        ("AT", 0.12),
        ("CH", 0.10),
        ("GB", 0.07),
        ("US", 0.05),
        ("IE", 0.03),
        ("AU", 0.03),
        ("NL", 0.02),
    ):
        if r < share:
            return code
        r -= share
    return "DE"


def _given(rng: random.Random, country: str, sex: str) -> str:
    if country in ("DE", "AT", "CH"):
        pool = DE_GIVEN_F if sex == "F" else DE_GIVEN_M
    elif country == "NL":
        pool = NL_GIVEN_F if sex == "F" else NL_GIVEN_M
    else:
        pool = EN_GIVEN_F if sex == "F" else EN_GIVEN_M
    names = [rng.choice(pool)]
    if rng.random() < 0.28:
        second = rng.choice(pool)
        if second != names[0]:
            names.append(second)
    return " ".join(names)


def _surname(rng: random.Random, country: str) -> str:
    if country in ("DE", "AT", "CH"):
        r = rng.random()
        if r < 0.04:
            return f"{rng.choice((*PARTICLES[:3], 'von'))} {rng.choice(DE_SURNAMES)}"
        if r < 0.10:
            a, b = rng.sample(DE_SURNAMES, 2)
            return f"{a}-{b}"
        return rng.choice(DE_SURNAMES)
    if country == "NL":
        return rng.choice(NL_SURNAMES)
    if rng.random() < 0.04:
        a, b = rng.sample(EN_SURNAMES, 2)
        return f"{a}-{b}"
    return rng.choice(EN_SURNAMES)


def _address(rng: random.Random, country: str) -> tuple[str, str, str]:
    postcode, city = rng.choice(CITIES[country])
    house = str(rng.randint(1, 140)) + (
        rng.choice(["", "", "", "a", "b"]) if country != "US" else ""
    )
    street = rng.choice(STREETS[country])
    street = f"{house} {street}" if country in ("GB", "IE", "US", "AU") else f"{street} {house}"
    return street, postcode, city


def _person(rng: random.Random) -> Patient:
    country = _country(rng)
    sex = rng.choices(["F", "M", "X", "U"], weights=[50, 48, 1, 1])[0]
    street, postcode, city = _address(rng, country)
    title = ""
    if country in ("DE", "AT", "CH") and rng.random() < 0.05:
        title = rng.choice(["Dr.", "Dr.", "Prof. Dr.", "Dr. med.", "Dipl.-Ing."])
    return Patient(
        id="",
        surname=_surname(rng, country),
        given_names=_given(rng, country, "F" if sex in "XU" and rng.random() < 0.5 else sex),
        birth_name="",
        former_names=(),
        title=title,
        birth_date=_birth(rng),
        sex=sex,
        street=street,
        postcode=postcode,
        city=city,
        country=country,
    )


def build() -> list[Patient]:
    """The register, the same every call."""
    rng = random.Random(SEED)
    people: list[Patient] = [_person(rng) for _ in range(4_900)]
    group_no = 0

    def group() -> str:
        nonlocal group_no
        group_no += 1
        return f"g{group_no:03d}"

    extra: list[Patient] = []
    # Two people with the same name and birth date (distinct records, other addresses).
    for i in rng.sample(range(len(people)), 70):
        base = people[i]
        g = group()
        street, postcode, city = _address(rng, base.country)
        people[i] = replace(base, collision="same_name_same_birth", collision_group=g)
        extra.append(
            replace(
                base,
                street=street,
                postcode=postcode,
                city=city,
                title="",
                collision="same_name_same_birth",
                collision_group=g,
            )
        )
    # Twins: same surname, birth date and address, other given names.
    for i in rng.sample(range(len(people)), 60):
        base = people[i]
        if base.collision:
            continue
        g = group()
        base = replace(base, birth_date=_birth(rng, 1950, 2021), title="")
        people[i] = replace(base, collision="twin", collision_group=g)
        for _ in range(2 if rng.random() < 0.08 else 1):
            sex = rng.choice(["F", "M"])
            given = _given(rng, base.country, sex)
            while given.split()[0] == base.given_names.split()[0]:
                given = _given(rng, base.country, sex)
            extra.append(
                replace(base, given_names=given, sex=sex, collision="twin", collision_group=g)
            )
    # Name changes by marriage: birth name kept, sometimes an earlier married name too.
    women = [i for i, p in enumerate(people) if p.sex == "F" and not p.collision]
    for i in rng.sample(women, 180):
        p = people[i]
        if p.birth_date.year > 2000:
            continue
        g = group()
        if p.german:
            new = _surname(rng, p.country)
            if rng.random() < 0.3:
                new = f"{new}-{p.surname}" if "-" not in new else new
        elif p.country == "NL":
            new = rng.choice(NL_SURNAMES)
        else:
            new = rng.choice(EN_SURNAMES)
        if new == p.surname:
            continue
        former: tuple[str, ...] = (p.surname,)
        if rng.random() < 0.2:
            middle = _surname(rng, p.country)
            if middle not in (p.surname, new):
                former = (p.surname, middle)
        people[i] = replace(
            p,
            surname=new,
            birth_name=p.surname,
            former_names=former,
            collision="name_change",
            collision_group=g,
        )
    # A Müller and a Mueller: same given names, the spellings of one surname.
    for plain, translit in UMLAUT_PAIRS:
        for _ in range(5):
            country = rng.choice(["DE", "DE", "AT", "CH"])
            sex = rng.choice(["F", "M"])
            given = _given(rng, country, sex)
            g = group()
            born = _birth(rng)
            for spelling in (plain, translit):
                p = _person(rng)
                while not p.german:
                    p = _person(rng)
                same_year = rng.random() < 0.5
                extra.append(
                    replace(
                        p,
                        surname=spelling,
                        given_names=given,
                        sex=sex,
                        title="",
                        birth_date=born if same_year else _birth(rng),
                        collision="umlaut_spelling",
                        collision_group=g,
                    )
                )
    people.extend(extra)
    rng.shuffle(people)
    ids = rng.sample(range(100_000, 999_999), len(people))
    return [replace(p, id=str(n)) for p, n in zip(people, ids, strict=True)]


# --- writing -----------------------------------------------------------------------------

CSV_FIELDS = (
    "id surname given_names birth_name former_names title birth_date sex street postcode "
    "city country collision collision_group"
).split()


def _gdt(p: Patient) -> bytes:
    fields: list[tuple[str, str]] = [("9206", "3"), ("9218", "02.10"), ("3000", p.id)]
    fields += [
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
    ]
    if p.title:
        fields.append(("3104", p.title))
    fields += [("3106", f"{p.postcode} {p.city}"), ("3107", p.street)]
    if p.sex in ("M", "F"):
        fields.append(("3110", "1" if p.sex == "M" else "2"))

    def line(code: str, value: str) -> bytes:
        body = value.encode("latin-1", errors="replace")
        return f"{len(body) + 9:03d}{code}".encode("ascii") + body + b"\r\n"

    body = b"".join(line(c, v) for c, v in fields)
    head = line("8000", "6301")
    total = len(head) + 14 + len(body)  # 8100's own line is 3 + 4 + 5 + 2 bytes
    return head + line("8100", f"{total:05d}") + body


def _fhir(p: Patient) -> dict[str, object]:
    given = p.given_names.split()
    official: dict[str, object] = {"use": "official", "family": p.surname, "given": given}
    if p.title:
        official["prefix"] = [p.title]
    names: list[dict[str, object]] = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": given})
    for old in p.former_names:
        if old != p.birth_name:
            names.append({"use": "old", "family": old, "given": given})
    gender = {"F": "female", "M": "male", "X": "other"}.get(p.sex, "unknown")
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:docvault:heldout50c:practice-id", "value": p.id}],
        "name": names,
        "gender": gender,
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: Path) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson under `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(CSV_FIELDS)
        for p in patients:
            writer.writerow(
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
                    p.collision,
                    p.collision_group,
                ]
            )
    gdt = folder / "gdt"
    gdt.mkdir(exist_ok=True)
    for p in patients:
        (gdt / f"{p.id}.gdt").write_bytes(_gdt(p))
    resources = [_fhir(p) for p in patients]
    ns = uuid.UUID("6a1f1c52-0c1e-4a55-9f0e-50c0b11d0c50")
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:{uuid.uuid5(ns, str(r['id']))}", "resource": r}
            for r in resources
        ],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    with (folder / "patients.ndjson").open("w", encoding="utf-8") as fh:
        for r in resources:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
