"""A generated patient register, as a practice system holds it, with the collisions real
registers have: two people with the same name and birth date (distinct ids), twins (same
surname and birth date, other given names), names changed by marriage (birth name and
former names kept), the same name spelt with and without umlauts (Müller, Mueller),
hyphenated and double surnames, name particles (von, van der, de).

`build()` gives the register (deterministic); `write_csv`, `write_gdt` and `write_fhir`
export it. CSV columns (UTF-8, comma separated, header row):

    id              practice-system patient id, e.g. "100042" (unique)
    surname         current surname as the register holds it, particle included ("von Brandt")
    given_names     given names, space separated ("Anna Maria")
    birth_name      surname at birth ("geb."), empty if the same as surname
    former_names    earlier surnames other than the birth name, ";" separated, oldest first
    title           academic title ("Dr.", "Prof. Dr.", "Dr. med.", "Dipl.-Ing."), or empty
    birth_date      YYYY-MM-DD
    sex             F, M, X (diverse) or U (unknown)
    street          street and number
    postcode        postal code
    city            city
    country         ISO 3166 alpha-2 (DE, AT, CH, GB, US)
    collision       why this record is easy to confuse with another, or empty:
                    same_name_same_birth, twin, name_change, umlaut_spelling
    collision_group records sharing the same collision have the same group id

GDT: one file per patient, record type 6301 ("Stammdaten übermitteln", GDT 2.10), ISO 8859-1,
CR LF; fields 8000, 8100, 9218, 3000 (id), 3101 (surname), 3102 (given names), 3103 (birth
date DDMMYYYY), 3104 (title), 3106 (postcode and city), 3107 (street), 3110 (sex: 1 male,
2 female; X and U are left out). FHIR: R4 Patient resources, a Bundle (type collection) and
NDJSON; the birth name is a HumanName with use "maiden", former names use "old".
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import random
import unicodedata
from dataclasses import asdict, dataclass
from pathlib import Path

SEED = 5_117_003


def _words(text: str, sep: str = " ") -> tuple[str, ...]:
    return tuple(text.split(sep))


SIZE = 5_400

DE_SURNAMES = _words(
    "Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Schäfer "
    "Koch Bauer Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann "
    "Hartmann Lange Schmitt Werner Schmitz Krause Meier Lehmann Schmid Schulze Maier Köhler "
    "Herrmann König Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung "
    "Hahn Schubert Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz "
    "Baumann Franke Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher "
    "Krämer Vogt Stein Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf "
    "Dietrich Ziegler Kuhn Kühn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold "
    "Wolff Pfeiffer Strauß Förster Lüdtke Hönig Eßer Yılmaz Kaya Demir Nowak Kowalski "
    "Wójcik Kowalczyk Popović Jovanović Rossi Ferrari Nguyen Hübner Gärtner Dörr Büttner "
    "Spätling Obermüller Reißmann Ölschläger"
)
DE_PARTICLES = ("von", "von der", "van der", "van", "de", "zu", "von und zu")
DE_PARTICLE_NAMES = _words(
    "Brandt Hagen Heyden Linden Berg Bülow Stein Velde Vries Groot Guttenberg"
)
EN_SURNAMES = _words(
    "Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson "
    "Thompson Wright Walker White Edwards Hughes Green Hall Lewis Harris Clarke Patel "
    "Jackson Wood Turner Martin Cooper Hill Ward Morris Moore Clark Lee King Baker Harrison "
    "Morgan Allen James Scott Phillips Watson Davis Parker Price Bennett Young Griffiths "
    "Mitchell Kelly Cook Carter Richardson Bailey Collins Bell Shaw Murphy Miller Cox "
    "Richards Khan Marshall Anderson Simpson Ellis Adams Singh Begum Wilkinson Foster "
    "Chapman Powell Webb Rogers Gray Mason Ali Hunt Hussain Campbell Matthews Owen Palmer "
    "Holmes Mills Barnes Knight Lloyd Butler Russell Garcia Rodriguez Martinez Hernandez "
    "Lopez Gonzalez O'Brien O'Connor McDonald MacLeod"
)
EN_PARTICLE_NAMES = ("de Souza", "da Silva", "Van Buren", "de la Cruz", "St. John", "le Roux")
DE_GIVEN_F = _words(
    "Anna Maria Ursula Monika Petra Elisabeth Sabine Renate Helga Karin Brigitte Ingrid "
    "Erika Andrea Gisela Claudia Susanne Gabriele Christa Christine Hildegard Stefanie "
    "Birgit Nicole Sandra Julia Katharina Laura Lena Lea Hannah Sophie Emma Mia Jana "
    "Jessica Melanie Anja Martina Heike Silke Tanja Doris Jutta Marion Bärbel Dörte "
    "Lieselotte Käthe Gül Zeynep Agnieszka Małgorzata Ana Chiara Linh"
)
DE_GIVEN_M = _words(
    "Peter Michael Thomas Andreas Wolfgang Klaus Jürgen Günter Stefan Christian Uwe Werner "
    "Horst Frank Dieter Manfred Gerhard Hans Bernd Ralf Helmut Joachim Matthias Sven Jan "
    "Lukas Leon Finn Jonas Paul Felix Maximilian Tobias Florian Sebastian Alexander Markus "
    "Jörg Björn Søren Jens Kai Holger Rüdiger Hans-Peter Karl-Heinz Mehmet Mustafa Piotr "
    "Krzysztof Marco Duc"
)
EN_GIVEN_F = _words(
    "Mary Patricia Jennifer Linda Elizabeth Barbara Susan Jessica Sarah Karen Margaret "
    "Emily Olivia Amelia Isla Ava Sophie Grace Chloe Charlotte Emma Lucy Hannah Ellie Megan "
    "Rebecca Siobhan Aoife Priya Aisha Fatima Zoe Joan Deborah Pauline Gillian"
)
EN_GIVEN_M = _words(
    "James John Robert Michael William David Richard Joseph Charles Thomas Christopher "
    "Daniel Oliver George Harry Jack Noah Jacob Leo Oscar Arthur Alfie Henry Samuel "
    "Benjamin Liam Connor Rhys Dylan Mohammed Raj Gareth Callum Dominic Patrick Nigel "
    "Graham Trevor"
)
DE_CITIES = (
    ("DE", "10115", "Berlin"),
    ("DE", "20095", "Hamburg"),
    ("DE", "80331", "München"),
    ("DE", "50667", "Köln"),
    ("DE", "60311", "Frankfurt am Main"),
    ("DE", "70173", "Stuttgart"),
    ("DE", "40213", "Düsseldorf"),
    ("DE", "04109", "Leipzig"),
    ("DE", "01067", "Dresden"),
    ("DE", "30159", "Hannover"),
    ("DE", "90402", "Nürnberg"),
    ("DE", "28195", "Bremen"),
    ("DE", "48143", "Münster"),
    ("DE", "24103", "Kiel"),
    ("DE", "79098", "Freiburg im Breisgau"),
    ("DE", "17489", "Greifswald"),
    ("DE", "99084", "Erfurt"),
    ("DE", "66111", "Saarbrücken"),
    ("AT", "1090", "Wien"),
    ("AT", "8010", "Graz"),
    ("AT", "6020", "Innsbruck"),
    ("AT", "5020", "Salzburg"),
    ("CH", "8001", "Zürich"),
    ("CH", "3011", "Bern"),
    ("CH", "4051", "Basel"),
    ("CH", "9000", "St. Gallen"),
)
EN_CITIES = (
    ("GB", "M1 4BT", "Manchester"),
    ("GB", "LS1 3EX", "Leeds"),
    ("GB", "BS1 5TR", "Bristol"),
    ("GB", "EH1 1YZ", "Edinburgh"),
    ("GB", "SW1A 2AA", "London"),
    ("GB", "CF10 1EP", "Cardiff"),
    ("US", "MA 02114", "Boston"),
    ("US", "NY 10016", "New York"),
    ("US", "IL 60611", "Chicago"),
    ("US", "WA 98104", "Seattle"),
)
DE_STREETS = _words(
    "Hauptstraße|Bahnhofstraße|Gartenweg|Schulstraße|Lindenallee|Am Markt|Mühlenweg|"
    "Goethestraße|Schillerplatz|Birkenweg|Kirchgasse|Rosenstraße|Bergstraße|Uferweg|"
    "Karl-Marx-Allee|Von-der-Tann-Straße|Kaiser-Wilhelm-Ring",
    "|",
)
EN_STREETS = _words(
    "High Street|Station Road|Church Lane|Park Avenue|Victoria Road|Mill Lane|Elm Street|"
    "Oak Drive|Maple Avenue|Queen's Road",
    "|",
)
TITLES = ("Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat.", "Mag.")

TRANSLIT = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def transliterate(name: str) -> str:
    return "".join(TRANSLIT.get(c, c) for c in name)


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_name: str
    former_names: str
    title: str
    birth_date: str
    sex: str
    street: str
    postcode: str
    city: str
    country: str
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        """The name as a clerk writes it: given names, then surname (no title)."""
        return f"{self.given_names} {self.surname}"

    @property
    def birth(self) -> dt.date:
        return dt.date.fromisoformat(self.birth_date)

    @property
    def english(self) -> bool:
        return self.country in ("GB", "US")


def _birth(rng: random.Random) -> dt.date:
    start = dt.date(1928, 1, 1).toordinal()
    end = dt.date(2021, 12, 31).toordinal()
    # more older patients, as a practice has them
    u = rng.random() ** 0.8
    return dt.date.fromordinal(end - int(u * (end - start)))


def _person(rng: random.Random, english: bool) -> dict[str, str]:
    sex = rng.choices(["F", "M", "X", "U"], [49, 49, 1, 1])[0]
    if english:
        pool = EN_GIVEN_F if sex == "F" else EN_GIVEN_M if sex == "M" else EN_GIVEN_F + EN_GIVEN_M
        surname = rng.choice(EN_PARTICLE_NAMES) if rng.random() < 0.04 else rng.choice(EN_SURNAMES)
        country, postcode, city = rng.choice(EN_CITIES)
        street = f"{rng.randint(1, 240)} {rng.choice(EN_STREETS)}"
    else:
        pool = DE_GIVEN_F if sex == "F" else DE_GIVEN_M if sex == "M" else DE_GIVEN_F + DE_GIVEN_M
        if rng.random() < 0.05:
            surname = f"{rng.choice(DE_PARTICLES)} {rng.choice(DE_PARTICLE_NAMES)}"
        else:
            surname = rng.choice(DE_SURNAMES)
        country, postcode, city = rng.choice(DE_CITIES)
        st = rng.choice(DE_STREETS)
        if country == "CH":
            st = st.replace("ß", "ss")
        street = f"{st} {rng.randint(1, 120)}{rng.choice(['', '', '', 'a', 'b'])}"
    given = rng.choice(pool)
    if rng.random() < 0.18:
        second = rng.choice(pool)
        if second != given and "-" not in given:
            given = f"{given} {second}"
    title = rng.choice(TITLES) if rng.random() < 0.03 else ""
    return {
        "surname": surname,
        "given_names": given,
        "birth_name": "",
        "former_names": "",
        "title": title,
        "birth_date": _birth(rng).isoformat(),
        "sex": sex,
        "street": street,
        "postcode": postcode,
        "city": city,
        "country": country,
    }


def build(seed: int = SEED, size: int = SIZE) -> list[Patient]:
    """The register: `size` patients, ids unique, collisions planted among them."""
    rng = random.Random(seed)
    rows: list[dict[str, str]] = []
    while len(rows) < size:
        english = rng.random() < 0.2
        rows.append(_person(rng, english))
    group = 0

    def mark(idx: list[int], why: str) -> None:
        nonlocal group
        group += 1
        for i in idx:
            rows[i]["collision"] = why
            rows[i]["collision_group"] = f"g{group:03d}"

    free = list(range(size))
    rng.shuffle(free)
    # same name and same birth date, different people: copy a person's name and birth date
    for _ in range(40):
        a, b = free.pop(), free.pop()
        for key in ("surname", "given_names", "birth_date", "sex"):
            rows[b][key] = rows[a][key]
        mark([a, b], "same_name_same_birth")
    # twins: same surname, birth date and address, other given names
    for _ in range(45):
        a, b = free.pop(), free.pop()
        english = rows[a]["country"] in ("GB", "US")
        for key in ("surname", "birth_date", "street", "postcode", "city", "country"):
            rows[b][key] = rows[a][key]
        sex = rng.choice(["F", "M"])
        rows[b]["sex"] = sex
        pool = (
            (EN_GIVEN_F if sex == "F" else EN_GIVEN_M)
            if english
            else (DE_GIVEN_F if sex == "F" else DE_GIVEN_M)
        )
        while rows[b]["given_names"] == rows[a]["given_names"]:
            rows[b]["given_names"] = rng.choice(pool)
        mark([a, b], "twin")
    # name changes: married, a double name or the spouse's name, the birth name kept
    for _ in range(260):
        a = free.pop()
        if rows[a]["sex"] != "F" and rng.random() < 0.8:
            rows[a]["sex"] = "F"
            rows[a]["given_names"] = rng.choice(
                EN_GIVEN_F if rows[a]["country"] in ("GB", "US") else DE_GIVEN_F
            )
        birth = rows[a]["surname"]
        english = rows[a]["country"] in ("GB", "US")
        new = rng.choice(EN_SURNAMES if english else DE_SURNAMES)
        if new == birth:
            continue
        rows[a]["birth_name"] = birth
        if not english and " " not in birth and rng.random() < 0.45:
            rows[a]["surname"] = f"{birth}-{new}" if rng.random() < 0.5 else f"{new}-{birth}"
        else:
            rows[a]["surname"] = new
        if rng.random() < 0.2:  # married twice: the first married name is a former name
            first = rng.choice(DE_SURNAMES if not english else EN_SURNAMES)
            if first not in (birth, new):
                rows[a]["former_names"] = first
        mark([a], "name_change")
    # the same name with and without umlauts: Müller born ..., and Mueller with the same
    # given name (another person, another birth date)
    umlauted = [i for i in free if any(c in rows[i]["surname"] for c in "äöüÄÖÜß")]
    for a in umlauted[:60]:
        free.remove(a)
        b = free.pop()
        rows[b]["surname"] = transliterate(rows[a]["surname"])
        rows[b]["given_names"] = rows[a]["given_names"]
        rows[b]["sex"] = rows[a]["sex"]
        mark([a, b], "umlaut_spelling")
    # ids: a practice's numbering, not in register order
    ids = rng.sample(range(100_001, 100_001 + size * 3), size)
    patients = [Patient(id=str(i), **r) for i, r in zip(ids, rows, strict=True)]
    patients.sort(key=lambda p: int(p.id))
    return patients


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


# ---- exports --------------------------------------------------------------------------------

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
    "collision",
    "collision_group",
]


def to_csv(patients: list[Patient]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    w.writeheader()
    for p in patients:
        w.writerow(asdict(p))
    return buf.getvalue()


def gdt_6301(p: Patient) -> bytes:
    """One GDT 2.10 record 6301 (patient master data), ISO 8859-1, CR LF."""
    d = p.birth
    fields = [
        ("8000", "6301"),
        ("8100", "#####"),
        ("9206", "3"),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{d.day:02d}{d.month:02d}{d.year:04d}"),
    ]
    if p.title:
        fields.append(("3104", p.title))
    fields.append(("3106", f"{p.postcode} {p.city}"))
    fields.append(("3107", p.street))
    if p.sex in ("M", "F"):
        fields.append(("3110", "1" if p.sex == "M" else "2"))

    def line(fid: str, content: str) -> bytes:
        body = latin1(content)
        return f"{len(body) + 9:03d}{fid}".encode("ascii") + body + b"\r\n"

    lines = [line(f, c) for f, c in fields]
    total = sum(len(x) for x in lines)
    lines[1] = line("8100", f"{total:05d}")
    return b"".join(lines)


def latin1(text: str) -> bytes:
    """ISO 8859-1 bytes; letters outside it lose their accent (ı, ł, ć become i, l, c)."""
    out = []
    for ch in text:
        try:
            out.append(ch.encode("iso-8859-1"))
        except UnicodeEncodeError:
            base = unicodedata.normalize("NFKD", ch)[0]
            base = {"ı": "i", "ł": "l", "Ł": "L", "đ": "d"}.get(ch, base)
            out.append(base.encode("iso-8859-1", errors="replace"))
    return b"".join(out)


def fhir_patient(p: Patient) -> dict[str, object]:
    given = p.given_names.split()
    official: dict[str, object] = {
        "use": "official",
        "text": p.full_name,
        "family": p.surname,
        "given": given,
    }
    if p.title:
        official["prefix"] = [p.title]
    names: list[dict[str, object]] = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": given})
    for old in filter(None, p.former_names.split(";")):
        names.append({"use": "old", "family": old, "given": given})
    res: dict[str, object] = {
        "resourceType": "Patient",
        "id": f"heldout-{p.id}",
        "identifier": [{"system": "urn:docvault:heldout:practice-id", "value": p.id}],
        "name": names,
        "gender": {"F": "female", "M": "male", "X": "other", "U": "unknown"}[p.sex],
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }
    if p.collision == "twin":
        res["multipleBirthBoolean"] = True
    return res


def fhir_bundle(patients: list[Patient]) -> dict[str, object]:
    return {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {"fullUrl": f"urn:uuid:heldout-{p.id}", "resource": fhir_patient(p)} for p in patients
        ],
    }


def write_all(patients: list[Patient], folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "patients.csv").write_text(to_csv(patients), encoding="utf-8")
    gdt = folder / "gdt"
    gdt.mkdir(exist_ok=True)
    for p in patients:
        (gdt / f"{p.id}.gdt").write_bytes(gdt_6301(p))
    (folder / "patients.bundle.json").write_text(
        json.dumps(fhir_bundle(patients), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(fhir_patient(p), ensure_ascii=False) + "\n" for p in patients),
        encoding="utf-8",
    )
