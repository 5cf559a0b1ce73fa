"""The practice register of the held-out set w (Aachen, Cologne, Bonn, Eifel, Lower Rhine).

At least 300 patients, built from a fixed seed, with deliberate collisions: the same name and
birth date told apart by address, twins, a name change (letters may still use the old name),
ae/oe/ue spellings of umlauts that belong to a different person, and namesakes with different
birth dates.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_2301
FHIR_SYSTEM = "urn:oid:1.2.276.0.76.4.8.50w"  # the practice's own numbering (invented)


@dataclass(frozen=True)
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str  # ISO
    sex: str  # "M" / "F"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: tuple[str, ...] = ()
    collision: str = ""
    collision_group: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"

    @property
    def birth(self) -> dt.date:
        return dt.date.fromisoformat(self.birth_date)


SURNAMES = [
    "Schmitz",
    "Küpper",
    "Jansen",
    "Hermanns",
    "Offergeld",
    "Lennartz",
    "Dahmen",
    "Kreutzer",
    "Thelen",
    "Wirtz",
    "Pütz",
    "Nießen",
    "Kaulen",
    "Claßen",
    "Frings",
    "Brockmann",
    "Mertens",
    "Esser",
    "Hilgers",
    "Vossen",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Schulz",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Neumann",
    "Schwarz",
    "Braun",
    "Zimmermann",
    "Krüger",
    "Hartmann",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Schmitt",
    "Köhler",
    "Jöris",
    "Brüggemann",
    "Schäfer",
    "Weiß",
    "Groß",
    "Bündgens",
    "Gerhards",
    "Houben",
    "Kohnen",
    "Lürken",
    "Moll",
    "Nellessen",
    "Ortmanns",
    "Palm",
    "Quadflieg",
    "Rütten",
    "Savelsberg",
    "Tholen",
    "Ungermann",
    "Velder",
    "Wertz",
    "Zentis",
    "Heinrichs",
    "Dohmen",
    "Engels",
    "Felser",
    "Goertz",
    "Hamacher",
    "Inden",
    "Jennes",
    "Peters",
    "Hensen",
    "Cremer",
    "Derichs",
    "Emonds",
    "Franken",
    "Geuenich",
    "Hündgen",
    "van den Berg",
    "van der Linden",
    "de Vries",
    "van Dijk",
    "von der Heyden",
    "zur Nieden",
    "de Gruyter",
    "Peeters",
    "Janssens",
    "Claes",
    "Dubois",
    "Lambert",
    "Papadopoulos",
    "Georgiou",
    "Nikolaidis",
    "Yılmaz",
    "Kaya",
    "Öztürk",
    "Demir",
    "El Amrani",
    "Benali",
    "Tanaka",
    "Suzuki",
    "Ahmadi",
    "Hosseini",
    "Nowak",
    "Kowalski",
    "Schmitz-Lennartz",
    "Müller-Thelen",
    "Ben Said",
    "Da Silva",
    "O'Connor",
    "Smith",
    "Taylor",
    "Vermeulen",
]
MALE = [
    "Hans",
    "Peter",
    "Jürgen",
    "Wilhelm",
    "Heinz",
    "Josef",
    "Michael",
    "Thomas",
    "Stefan",
    "Andreas",
    "Klaus",
    "Karl-Heinz",
    "Hans-Peter",
    "Markus",
    "Christian",
    "Jan",
    "Lukas",
    "Leon",
    "Finn",
    "Jonas",
    "Matthias",
    "Franz Josef",
    "Günter",
    "Dieter",
    "Rolf",
    "Bernd",
    "Mehmet",
    "Mohamed",
    "Reza",
    "Haruto",
    "Dimitrios",
    "Georgios",
    "Pieter",
    "Luc",
    "Bram",
    "Joost",
    "Sjef",
    "Ralf",
    "Uwe",
    "Norbert",
]
FEMALE = [
    "Maria",
    "Anna",
    "Anna Maria",
    "Gertrud",
    "Hildegard",
    "Elisabeth",
    "Ursula",
    "Monika",
    "Sabine",
    "Petra",
    "Claudia",
    "Andrea",
    "Katharina",
    "Julia",
    "Laura",
    "Lena",
    "Lara",
    "Sophie",
    "Marie-Luise",
    "Hannelore",
    "Brigitte",
    "Renate",
    "Ayşe",
    "Fatima",
    "Yui",
    "Maryam",
    "Eleni",
    "Sofia",
    "Els",
    "Marloes",
    "Anouk",
    "Chantal",
    "Josiane",
    "Birgit",
    "Doris",
    "Ingrid",
    "Christel",
    "Mechthild",
    "Agnes",
    "Ruth",
]
PLACES = [
    ("52062", "Aachen", ["Pontstraße", "Jakobstraße", "Theaterstraße", "Alexanderstraße"]),
    ("52066", "Aachen", ["Burtscheider Markt", "Kurbrunnenstraße", "Malmedyer Straße"]),
    ("52249", "Eschweiler", ["Marienstraße", "Dürener Straße", "Indestraße"]),
    ("52222", "Stolberg", ["Steinweg", "Rathausstraße", "Eschweiler Straße"]),
    ("52134", "Herzogenrath", ["Kleikstraße", "Bahnhofstraße", "Roermonder Straße"]),
    ("52146", "Würselen", ["Kaiserstraße", "Lindenplatz", "Morsbacher Straße"]),
    ("52156", "Monschau", ["Laufenstraße", "Eschbachstraße", "Stadtstraße"]),
    ("52152", "Simmerath", ["Hauptstraße", "Kammerbruchstraße"]),
    (
        "52349",
        "Düren",
        ["Kölnstraße", "Wilhelm-Wester-Weg", "Schenkelstraße", "Arnoldsweilerstraße"],
    ),
    ("52428", "Jülich", ["Kleine Rurstraße", "Kölnstraße", "Römerstraße"]),
    ("52385", "Nideggen", ["Zülpicher Straße", "Kirchgasse"]),
    ("53879", "Euskirchen", ["Neustraße", "Kommerner Straße", "Hochstraße"]),
    ("53894", "Mechernich", ["Bahnstraße", "Weierstraße"]),
    ("53909", "Zülpich", ["Münsterstraße", "Kölnstraße"]),
    ("53937", "Schleiden", ["Blumenthaler Straße", "Am Markt"]),
    ("53902", "Bad Münstereifel", ["Orchheimer Straße", "Wertherstraße"]),
    ("50672", "Köln", ["Venloer Straße", "Aachener Straße", "Friesenplatz"]),
    ("50937", "Köln", ["Zülpicher Straße", "Berrenrather Straße"]),
    ("53111", "Bonn", ["Poppelsdorfer Allee", "Kaiserstraße", "Sternstraße"]),
    ("53173", "Bonn", ["Koblenzer Straße", "Burgstraße"]),
    ("41061", "Mönchengladbach", ["Hindenburgstraße", "Bismarckstraße", "Aachener Straße"]),
    ("41812", "Erkelenz", ["Kölner Straße", "Brückstraße"]),
    ("47533", "Kleve", ["Große Straße", "Hagsche Straße", "Lindenallee"]),
    ("47574", "Goch", ["Voßstraße", "Brückenstraße"]),
    ("46446", "Emmerich am Rhein", ["Steinstraße", "Kaßstraße"]),
    ("52525", "Heinsberg", ["Hochstraße", "Apfelstraße"]),
]
ABROAD = [
    ("4720", "Kelmis", "BE", "Kirchstraße"),
    ("4700", "Eupen", "BE", "Klötzerbahn"),
    ("6291", "Vaals", "NL", "Maastrichterlaan"),
    ("6461", "Kerkrade", "NL", "Hoofdstraat"),
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr. rer. nat."]


def _date(rng: random.Random, lo: int, hi: int) -> str:
    start = dt.date(lo, 1, 1).toordinal()
    end = dt.date(hi, 12, 31).toordinal()
    return dt.date.fromordinal(rng.randint(start, end)).isoformat()


def _address(rng: random.Random) -> tuple[str, str, str, str]:
    if rng.random() < 0.04:
        pc, city, country, street = ABROAD[rng.randrange(len(ABROAD))]
        return f"{street} {rng.randint(1, 80)}", pc, city, country
    pc, city, streets = PLACES[rng.randrange(len(PLACES))]
    return f"{streets[rng.randrange(len(streets))]} {rng.randint(1, 140)}", pc, city, "DE"


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    seen: set[tuple[str, str, str]] = set()
    names_seen: set[tuple[str, str]] = set()
    next_id = [10_007]

    def new_id() -> str:
        next_id[0] += rng.randint(3, 29)
        return str(next_id[0])

    def add(p: Patient) -> Patient:
        out.append(p)
        seen.add((p.surname, p.given_names, p.birth_date))
        names_seen.add((p.surname, p.given_names))
        return p

    # The collision groups first, written out by hand.
    specials: list[dict[str, object]] = [
        # same name and birth date, told apart by address
        dict(
            s="Schmitz",
            g="Peter",
            b="1961-04-12",
            x="M",
            a=("Kölnstraße 12", "52349", "Düren"),
            c="same_name_birth_date",
            grp="schmitz-peter-1961",
        ),
        dict(
            s="Schmitz",
            g="Peter",
            b="1961-04-12",
            x="M",
            a=("Neustraße 4", "53879", "Euskirchen"),
            c="same_name_birth_date",
            grp="schmitz-peter-1961",
        ),
        # twins
        dict(
            s="Hoffmann",
            g="Lena",
            b="2009-11-03",
            x="F",
            a=("Pontstraße 88", "52062", "Aachen"),
            c="twin",
            grp="hoffmann-twins",
        ),
        dict(
            s="Hoffmann",
            g="Lara",
            b="2009-11-03",
            x="F",
            a=("Pontstraße 88", "52062", "Aachen"),
            c="twin",
            grp="hoffmann-twins",
        ),
        dict(
            s="Derks",
            g="Jonas",
            b="2016-02-29",
            x="M",
            a=("Große Straße 3", "47533", "Kleve"),
            c="twin",
            grp="derks-twins",
        ),
        dict(
            s="Derks",
            g="Finn",
            b="2016-02-29",
            x="M",
            a=("Große Straße 3", "47533", "Kleve"),
            c="twin",
            grp="derks-twins",
        ),
        # name changes (letters may use the old name)
        dict(
            s="Lennartz",
            g="Sabine",
            b="1984-06-21",
            x="F",
            a=("Marienstraße 17", "52249", "Eschweiler"),
            bn="Kreutzer",
            fn=("Kreutzer",),
            c="name_change",
            grp="lennartz-kreutzer",
        ),
        dict(
            s="Papadopoulou-Wirtz",
            g="Eleni",
            b="1979-09-14",
            x="F",
            a=("Venloer Straße 211", "50672", "Köln"),
            bn="Papadopoulou",
            fn=("Papadopoulou",),
            c="name_change",
            grp="papadopoulou",
        ),
        dict(
            s="Dubois",
            g="Chantal",
            b="1958-01-30",
            x="F",
            a=("Kirchstraße 9", "4720", "Kelmis", "BE"),
            bn="Lambert",
            fn=("Lambert",),
            c="name_change",
            grp="dubois-lambert",
        ),
        # umlaut spellings as different people
        dict(
            s="Müller",
            g="Jürgen",
            b="1952-03-08",
            x="M",
            a=("Kaiserstraße 31", "52146", "Würselen"),
            c="umlaut_variant",
            grp="mueller-juergen",
        ),
        dict(
            s="Mueller",
            g="Juergen",
            b="1955-10-17",
            x="M",
            a=("Hagsche Straße 70", "47533", "Kleve"),
            c="umlaut_variant",
            grp="mueller-juergen",
        ),
        dict(
            s="Köhler",
            g="Ursula",
            b="1947-05-02",
            x="F",
            a=("Steinweg 5", "52222", "Stolberg"),
            c="umlaut_variant",
            grp="koehler-ursula",
        ),
        dict(
            s="Koehler",
            g="Ursula",
            b="1947-05-02",
            x="F",
            a=("Sternstraße 40", "53111", "Bonn"),
            c="umlaut_variant",
            grp="koehler-ursula",
        ),
        # namesakes with different birth dates
        dict(
            s="Schmitz",
            g="Maria",
            b="1938-12-24",
            x="F",
            a=("Am Markt 2", "53937", "Schleiden"),
            c="namesake",
            grp="schmitz-maria",
        ),
        dict(
            s="Schmitz",
            g="Maria",
            b="1966-07-07",
            x="F",
            a=("Zülpicher Straße 9", "50937", "Köln"),
            c="namesake",
            grp="schmitz-maria",
        ),
        dict(
            s="Schmitz",
            g="Maria",
            b="1990-02-11",
            x="F",
            a=("Indestraße 44", "52249", "Eschweiler"),
            c="namesake",
            grp="schmitz-maria",
        ),
        dict(
            s="Jansen",
            g="Wilhelm",
            b="1940-08-19",
            x="M",
            a=("Voßstraße 8", "47574", "Goch"),
            c="namesake",
            grp="jansen-wilhelm",
        ),
        dict(
            s="Jansen",
            g="Wilhelm",
            b="1971-03-01",
            x="M",
            a=("Brückstraße 1", "41812", "Erkelenz"),
            c="namesake",
            grp="jansen-wilhelm",
        ),
        # titles, particles, double names
        dict(
            s="von der Heyden",
            g="Marie-Luise",
            b="1949-04-27",
            x="F",
            a=("Poppelsdorfer Allee 61", "53111", "Bonn"),
            t="Prof. Dr.",
            c="",
            grp="",
        ),
        dict(
            s="van Dijk",
            g="Pieter",
            b="1968-12-05",
            x="M",
            a=("Maastrichterlaan 14", "6291", "Vaals", "NL"),
            c="",
            grp="",
        ),
        dict(
            s="Tanaka",
            g="Haruto",
            b="2015-05-18",
            x="M",
            a=("Kaiserstraße 12", "53111", "Bonn"),
            c="",
            grp="",
        ),
        dict(
            s="Tanaka",
            g="Yui",
            b="1986-01-09",
            x="F",
            a=("Kaiserstraße 12", "53111", "Bonn"),
            c="",
            grp="",
        ),
        dict(
            s="El Amrani",
            g="Mohamed",
            b="1963-10-02",
            x="M",
            a=("Aachener Straße 140", "41061", "Mönchengladbach"),
            c="",
            grp="",
        ),
        dict(
            s="Ahmadi",
            g="Reza",
            b="1959-06-30",
            x="M",
            a=("Berrenrather Straße 300", "50937", "Köln"),
            c="",
            grp="",
        ),
        dict(
            s="Nikolaidis",
            g="Georgios",
            b="1957-11-11",
            x="M",
            a=("Jakobstraße 20", "52062", "Aachen"),
            c="",
            grp="",
        ),
        dict(
            s="Taylor",
            g="James",
            b="1988-03-26",
            x="M",
            a=("Bismarckstraße 9", "41061", "Mönchengladbach"),
            c="",
            grp="",
        ),
        dict(
            s="Claes",
            g="Els",
            b="1975-08-15",
            x="F",
            a=("Klötzerbahn 3", "4700", "Eupen", "BE"),
            c="",
            grp="",
        ),
        dict(
            s="Schneider",
            g="Hans-Peter",
            b="1944-02-02",
            x="M",
            a=("Laufenstraße 7", "52156", "Monschau"),
            t="Dr. med.",
            c="",
            grp="",
        ),
        dict(
            s="Kaya",
            g="Ayşe",
            b="1981-04-04",
            x="F",
            a=("Arnoldsweilerstraße 50", "52349", "Düren"),
            c="",
            grp="",
        ),
        dict(
            s="Offergeld",
            g="Franz Josef",
            b="1936-09-09",
            x="M",
            a=("Kirchgasse 2", "52385", "Nideggen"),
            c="",
            grp="",
        ),
    ]
    for sp in specials:
        addr = sp["a"]
        assert isinstance(addr, tuple)
        fn = sp.get("fn", ())
        assert isinstance(fn, tuple)
        add(
            Patient(
                id=new_id(),
                surname=str(sp["s"]),
                given_names=str(sp["g"]),
                birth_date=str(sp["b"]),
                sex=str(sp["x"]),
                street=str(addr[0]),
                postcode=str(addr[1]),
                city=str(addr[2]),
                country=str(addr[3]) if len(addr) > 3 else "DE",
                title=str(sp.get("t", "")),
                birth_name=str(sp.get("bn", "")),
                former_names=tuple(str(x) for x in fn),
                collision=str(sp["c"]),
                collision_group=str(sp["grp"]),
            )
        )
    while len(out) < 330:
        sex = "F" if rng.random() < 0.52 else "M"
        given = (FEMALE if sex == "F" else MALE)[rng.randrange(40)]
        surname = SURNAMES[rng.randrange(len(SURNAMES))]
        birth = _date(rng, 1928, 2022)
        if (surname, given) in names_seen:
            continue
        street, pc, city, country = _address(rng)
        title = TITLES[rng.randrange(len(TITLES))] if rng.random() < 0.05 else ""
        birth_name = ""
        former: tuple[str, ...] = ()
        if sex == "F" and rng.random() < 0.12:
            birth_name = SURNAMES[rng.randrange(len(SURNAMES))]
            if birth_name == surname:
                birth_name = ""
        add(
            Patient(
                id=new_id(),
                surname=surname,
                given_names=given,
                birth_date=birth,
                sex=sex,
                street=street,
                postcode=pc,
                city=city,
                country=country,
                title=title,
                birth_name=birth_name,
                former_names=former,
            )
        )
    return out


def _fhir(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = []
    official: dict[str, object] = {
        "use": "official",
        "family": p.surname,
        "given": p.given_names.split(" "),
    }
    if p.title:
        official["prefix"] = p.title.split(" ")
    names.append(official)
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for former in p.former_names:
        if former != p.birth_name:
            names.append({"use": "old", "family": former, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
        "name": names,
        "gender": "female" if p.sex == "F" else "male",
        "birthDate": p.birth_date,
        "address": [
            {
                "line": [p.street],
                "postalCode": p.postcode,
                "city": p.city,
                "country": p.country,
            }
        ],
    }


def gdt_record(p: Patient) -> bytes:
    def line(field_id: str, content: str) -> bytes:
        body = field_id.encode("latin-1") + content.encode("latin-1", "replace") + b"\r\n"
        return f"{len(body) + 3:03d}".encode() + body

    b = p.birth
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{b.day:02d}{b.month:02d}{b.year:04d}"),
        ("3110", "2" if p.sex == "F" else "1"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    body = b"".join(line(f, c) for f, c in fields)
    head = line("8000", "6301")
    # 8100 holds the whole record's length, itself included (its line is 14 bytes).
    total = len(head) + 14 + len(body)
    return head + line("8100", f"{total:05d}") + body


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
    rows = [",".join(cols)]

    def q(v: str) -> str:
        return f'"{v}"' if ("," in v or '"' in v) else v

    for p in patients:
        vals = [
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
        rows.append(",".join(q(v) for v in vals))
        (root / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    (root / "patients.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    resources = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [
            {
                "fullUrl": "urn:uuid:"
                + str(uuid.uuid5(uuid.NAMESPACE_URL, FHIR_SYSTEM + "/" + str(r["id"]))),
                "resource": r,
            }
            for r in resources
        ],
    }
    (root / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (root / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
