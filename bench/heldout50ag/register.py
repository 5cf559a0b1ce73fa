"""The practice register: at least 300 patients of Hesse with deliberate collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

SEED = 500_407

# (postcode, city, streets)
PLACES: list[tuple[str, str, list[str]]] = [
    ("60316", "Frankfurt am Main", ["Berger Straße", "Merianplatz", "Saalburgstraße"]),
    ("60385", "Frankfurt am Main", ["Seckbacher Landstraße", "Wittelsbacherallee"]),
    ("60431", "Frankfurt am Main", ["Eschersheimer Landstraße", "Am Dornbusch"]),
    ("60528", "Frankfurt am Main", ["Mörfelder Landstraße", "Niederräder Ufer"]),
    ("65929", "Frankfurt am Main", ["Bolongarostraße", "Königsteiner Straße"]),
    ("60594", "Frankfurt am Main", ["Schweizer Straße", "Textorstraße"]),
    ("63065", "Offenbach am Main", ["Frankfurter Straße", "Herrnstraße", "Kaiserstraße"]),
    ("63069", "Offenbach am Main", ["Bieberer Straße", "Rumpenheimer Straße"]),
    ("65183", "Wiesbaden", ["Luisenstraße", "Rheinstraße", "Wellritzstraße"]),
    ("65197", "Wiesbaden", ["Dotzheimer Straße", "Klarenthaler Straße"]),
    ("64283", "Darmstadt", ["Rheinstraße", "Elisabethenstraße"]),
    ("64289", "Darmstadt", ["Pankratiusstraße", "Kranichsteiner Straße"]),
    ("35390", "Gießen", ["Seltersweg", "Frankfurter Straße"]),
    ("35037", "Marburg", ["Barfüßerstraße", "Ketzerbach"]),
    ("34117", "Kassel", ["Friedrich-Ebert-Straße", "Wilhelmshöher Allee"]),
    ("34121", "Kassel", ["Frankfurter Straße", "Tischbeinstraße"]),
    ("34369", "Hofgeismar", ["Marktstraße", "Bahnhofstraße"]),
    ("64720", "Michelstadt", ["Braunstraße", "Erbacher Straße", "Große Gasse"]),
    ("64711", "Erbach", ["Hauptstraße", "Neckarstraße"]),
    ("64732", "Bad König", ["Elisabethenstraße", "Frankfurter Straße"]),
    ("65451", "Kelsterbach", ["Mörfelder Straße", "Untergasse"]),
    ("63450", "Hanau", ["Nürnberger Straße", "Hammerstraße"]),
]

GER_M = [
    "Hans",
    "Jürgen",
    "Klaus",
    "Peter",
    "Wolfgang",
    "Thomas",
    "Michael",
    "Stefan",
    "Andreas",
    "Heinz",
    "Karl-Heinz",
    "Dieter",
    "Lukas",
    "Jonas",
    "Felix",
    "Matthias",
    "Günter",
    "Horst",
    "Frank",
    "Uwe",
    "Rainer",
    "Bernd",
    "Tobias",
    "Philipp",
]
GER_F = [
    "Ursula",
    "Monika",
    "Petra",
    "Sabine",
    "Andrea",
    "Claudia",
    "Gisela",
    "Renate",
    "Anna",
    "Lena",
    "Sophie",
    "Marie",
    "Hannelore",
    "Ingrid",
    "Brigitte",
    "Karin",
    "Julia",
    "Katharina",
    "Anneliese",
    "Elke",
    "Heike",
    "Birgit",
    "Lea",
    "Christa",
]
GER_S = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Wagner",
    "Becker",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Braun",
    "Hofmann",
    "Hartmann",
    "Krause",
    "Dietz",
    "Heß",
    "Jung",
    "Ruppel",
    "Wenzel",
    "Lotz",
    "Euler",
    "Appel",
    "Eckhardt",
    "Gärtner",
    "Seibert",
    "Weitzel",
    "Kaltwasser",
    "Schmand",
    "Hölzinger",
    "Dörr",
    "Ochs",
    "Völker",
    "Bender",
    "Jäger",
    "Köhler",
    "Löffler",
    "Pfeiffer",
    "Krämer",
    "Grünewald",
    "Stöhr",
    "Zöller",
    "Rühl",
]
TUR_M = ["Mehmet", "Mustafa", "Hüseyin", "Ömer", "İbrahim", "Şükrü", "Ali", "Emre", "Murat"]
TUR_F = ["Ayşe", "Fatma", "Emine", "Zeynep", "Gülşen", "Elif", "Hatice", "Özlem", "Büşra"]
TUR_S = [
    "Yılmaz",
    "Kaya",
    "Demir",
    "Şahin",
    "Çelik",
    "Yıldız",
    "Öztürk",
    "Aydın",
    "Arslan",
    "Doğan",
    "Koç",
    "Kılıç",
    "Güneş",
    "Erdoğan",
]
HR_M = ["Ivan", "Josip", "Stjepan", "Tomislav", "Željko", "Marko", "Dragan"]
HR_F = ["Marija", "Ana", "Ivana", "Dragica", "Mirela", "Snježana", "Katarina"]
HR_S = [
    "Horvat",
    "Kovačević",
    "Babić",
    "Marić",
    "Jurić",
    "Knežević",
    "Perić",
    "Vuković",
    "Pavlović",
    "Božić",
    "Grgić",
]
PT_M = ["João", "José", "Manuel", "Joaquim", "Rui", "António"]
PT_F = ["Maria", "Conceição", "Fernanda", "Inês", "Ana Paula", "Rosa"]
PT_S = [
    "Silva",
    "Santos",
    "Ferreira",
    "Pereira",
    "Oliveira",
    "Costa",
    "Gonçalves",
    "Ferreira da Silva",
    "Sousa Martins",
    "Rodrigues",
]
OTHER: list[tuple[list[str], list[str], list[str], str]] = [
    (["Giuseppe", "Marco"], ["Giulia", "Rosaria"], ["Russo", "Esposito", "Romano"], "DE"),
    (["Piotr", "Tomasz"], ["Agnieszka", "Katarzyna"], ["Nowak", "Wiśniewski", "Zając"], "DE"),
    (["Georgios", "Dimitrios"], ["Eleni", "Sofia"], ["Papadopoulos", "Georgiou"], "DE"),
    (["Ahmad", "Farid"], ["Mariam", "Zahra"], ["Ahmadi", "Rahimi", "Sultani"], "DE"),
    (["Yonas", "Dawit"], ["Helen", "Saba"], ["Tesfaye", "Haile", "Gebremedhin"], "DE"),
    (["Youssef", "Karim"], ["Fatima", "Samira"], ["El Amrani", "Benali", "Ait Said"], "DE"),
    (["Tyler", "Brandon"], ["Ashley", "Jessica"], ["Johnson", "Miller", "Rodriguez"], "DE"),
    (["Oliver", "Gareth"], ["Emma", "Siobhan"], ["Thompson", "Clarke", "O'Brien"], "DE"),
]
PARTICLE_S = [
    "von Berlepsch",
    "von Trott zu Solz",
    "van der Meer",
    "de Oliveira",
    "zu Solms-Laubach",
    "von Dalwigk",
]
DOUBLE_S = [
    "Schäfer-Ruppel",
    "Meyer-Lüdenscheidt",
    "Kraus-Doğan",
    "Hoffmann-Babić",
    "Lang-Eichhorn",
]


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    sex: str  # "m" / "f"
    birth_date: dt.date
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    collision: str | None = None
    collision_group: str | None = None

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


def _date(rng: random.Random, first: int, last: int) -> dt.date:
    start = dt.date(first, 1, 1).toordinal()
    end = dt.date(last, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end))


def _address(rng: random.Random) -> tuple[str, str, str]:
    postcode, city, streets = rng.choice(PLACES)
    return f"{rng.choice(streets)} {rng.randint(1, 140)}", postcode, city


def build() -> list[Patient]:
    """The register, the same on every call."""
    rng = random.Random(SEED)
    rows: list[Patient] = []

    def add(surname: str, given: str, sex: str, born: dt.date, **kw: object) -> Patient:
        street, postcode, city = _address(rng)
        p = Patient(
            id="",
            surname=surname,
            given_names=given,
            sex=sex,
            birth_date=born,
            street=street,
            postcode=postcode,
            city=city,
        )
        for key, value in kw.items():
            setattr(p, key, value)
        rows.append(p)
        return p

    # Deliberate collisions first (their groups are named).
    a = add(
        "Schäfer",
        "Hans",
        "m",
        dt.date(1948, 3, 12),
        collision="same_name_birth_date",
        collision_group="G-schaefer-hans",
    )
    b = add(
        "Schäfer",
        "Hans",
        "m",
        dt.date(1948, 3, 12),
        collision="same_name_birth_date",
        collision_group="G-schaefer-hans",
    )
    a.street, a.postcode, a.city = "Wilhelmshöher Allee 212", "34121", "Kassel"
    b.street, b.postcode, b.city = "Berger Straße 88", "60316", "Frankfurt am Main"
    for given in ("Lena", "Leyla"):
        add(
            "Öztürk",
            given,
            "f",
            dt.date(2011, 5, 23),
            collision="twin",
            collision_group="G-oeztuerk-twins",
        )
    for given in ("Jonas", "Lukas"):
        add(
            "Becker",
            given,
            "m",
            dt.date(1994, 11, 2),
            collision="twin",
            collision_group="G-becker-twins",
        )
    add(
        "Kraus",
        "Sabine",
        "f",
        dt.date(1971, 8, 30),
        birth_name="Lotz",
        former_names=["Weitzel"],
        collision="name_change",
        collision_group="G-kraus-weitzel",
    )
    add(
        "Doğan",
        "Aylin",
        "f",
        dt.date(1988, 2, 14),
        birth_name="Kaya",
        collision="name_change",
        collision_group="G-dogan-kaya",
    )
    add(
        "Müller",
        "Jürgen",
        "m",
        dt.date(1955, 7, 1),
        collision="umlaut_spelling",
        collision_group="G-mueller-juergen",
    )
    add(
        "Mueller",
        "Juergen",
        "m",
        dt.date(1962, 4, 19),
        collision="umlaut_spelling",
        collision_group="G-mueller-juergen",
    )
    add(
        "Schröder",
        "Günther",
        "m",
        dt.date(1941, 12, 5),
        collision="umlaut_spelling",
        collision_group="G-schroeder-guenther",
    )
    add(
        "Schroeder",
        "Guenther",
        "m",
        dt.date(1941, 1, 9),
        collision="umlaut_spelling",
        collision_group="G-schroeder-guenther",
    )
    for year, month, day in ((1938, 6, 17), (1979, 10, 3), (1990, 1, 28)):
        add(
            "Schmidt",
            "Maria",
            "f",
            dt.date(year, month, day),
            collision="namesake",
            collision_group="G-schmidt-maria",
        )
    for year, month, day in ((1957, 9, 9), (1983, 3, 1), (2001, 7, 7)):
        add(
            "Yılmaz",
            "Mehmet",
            "m",
            dt.date(year, month, day),
            collision="namesake",
            collision_group="G-yilmaz-mehmet",
        )
    for year, month, day in ((1952, 4, 4), (1979, 12, 24)):
        add(
            "Horvat",
            "Ivan",
            "m",
            dt.date(year, month, day),
            collision="namesake",
            collision_group="G-horvat-ivan",
        )
    add("von Trott zu Solz", "Friederike", "f", dt.date(1946, 2, 11), title="Dr.")
    add("de Oliveira", "João Paulo", "m", dt.date(1969, 6, 6))
    add("Ferreira da Silva", "Maria da Conceição", "f", dt.date(1958, 9, 21))
    add("Meyer-Lüdenscheidt", "Karl-Heinz", "m", dt.date(1939, 5, 8), title="Prof. Dr.")
    add("Kovačević", "Snježana", "f", dt.date(1966, 3, 3), birth_name="Marić")
    add("Johnson", "Tyler James", "m", dt.date(1998, 8, 15), country="US")
    add("Thompson", "Emma Louise", "f", dt.date(1975, 1, 31), country="GB")

    # The ordinary population.
    pools = [
        (GER_M, GER_F, GER_S, 150),
        (TUR_M, TUR_F, TUR_S, 45),
        (HR_M, HR_F, HR_S, 25),
        (PT_M, PT_F, PT_S, 20),
    ]
    for men, women, surnames, count in pools:
        for _ in range(count):
            sex = rng.choice("mf")
            given = rng.choice(men if sex == "m" else women)
            if pools[0][0] is men and rng.random() < 0.15:
                given = f"{given} {rng.choice(men if sex == 'm' else women)}"
            add(rng.choice(surnames), given, sex, _date(rng, 1932, 2023))
    for men, women, surnames, _country in OTHER:
        for _ in range(5):
            sex = rng.choice("mf")
            add(
                rng.choice(surnames),
                rng.choice(men if sex == "m" else women),
                sex,
                _date(rng, 1940, 2020),
            )
    for surname in PARTICLE_S + DOUBLE_S:
        sex = rng.choice("mf")
        add(surname, rng.choice(GER_M if sex == "m" else GER_F), sex, _date(rng, 1935, 2005))
    for p in rows:
        if not p.title and p.birth_date.year < 1975 and rng.random() < 0.06:
            p.title = rng.choice(["Dr.", "Dr.", "Dipl.-Ing.", "Prof. Dr."])
        if p.sex == "f" and not p.birth_name and rng.random() < 0.12:
            p.birth_name = rng.choice(GER_S)
    # Accidental collisions of the random part stay, but are marked.
    keyed: dict[tuple[str, str], list[Patient]] = {}
    for p in rows:
        keyed.setdefault((p.surname, p.given_names), []).append(p)
    for (surname, given), same in keyed.items():
        if len(same) > 1:
            groups = [q.collision_group for q in same if q.collision_group]
            group = groups[0] if groups else f"G-{surname}-{given}".replace(" ", "_")
            for q in same:
                if q.collision is None:
                    q.collision = "namesake"
                    q.collision_group = group
    for number, p in enumerate(rows):
        p.id = str(41000 + number * 7 + (number % 5))
    return rows


def by_id(patients: list[Patient]) -> dict[str, Patient]:
    return {p.id: p for p in patients}


_SPECIAL = {"ı": "i", "đ": "d", "Đ": "D", "ł": "l", "Ł": "L"}


def latin1(text: str) -> str:
    """GDT is ISO-8859-1: letters outside it lose their diacritics (Yılmaz -> Yilmaz)."""
    out = []
    for ch in text:
        try:
            ch.encode("latin-1")
            out.append(ch)
        except UnicodeEncodeError:
            base = _SPECIAL.get(ch) or "".join(
                c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c)
            )
            out.append(base if base.isascii() and base else "?")
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
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(_gdt_line(f, c) for f, c in fields)
    head = _gdt_line("8000", "6301")
    # 8100 carries the whole record's length, itself included (a 14-byte line).
    total = len(head) + 14 + len(body)
    return head + _gdt_line("8100", f"{total:05d}") + body


def fhir_patient(p: Patient) -> dict[str, object]:
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = [p.title]
    names: list[dict[str, object]] = [official]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for former in p.former_names:
        names.append({"use": "old", "family": former, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"pat-{p.id}",
        "identifier": [{"system": "urn:heldout50ag:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
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
]


def write_all(patients: list[Patient], folder: Path | str) -> None:
    """patients.csv, gdt/<id>.gdt, patients.bundle.json and patients.ndjson."""
    out = Path(folder)
    (out / "gdt").mkdir(parents=True, exist_ok=True)
    with (out / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(COLUMNS)
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
                ]
            )
    for p in patients:
        (out / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:heldout50ag-{r['id']}", "resource": r} for r in resources],
    }
    (out / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (out / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
