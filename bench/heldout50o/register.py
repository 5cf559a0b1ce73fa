"""The practice register of set 50o: at least 300 patients with deliberate collisions."""

from __future__ import annotations

import csv
import datetime as dt
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_777
FHIR_SYSTEM = "urn:oid:1.2.276.0.76.4.50.15"  # the practice software's patient numbers (invented)


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    sex: str  # "M" / "F"
    birth_date: dt.date
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    origin: str = "de"
    # the spelling of the patient's own country and script, where the register's differs
    native_surname: str = ""
    native_given: str = ""
    script_surname: str = ""
    script_given: str = ""
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


# (register spelling, native spelling, Cyrillic/Greek spelling)
Name = tuple[str, str, str]

SURNAMES: dict[str, list[Name]] = {
    "de": [
        (s, s, "")
        for s in (
            "Schulte",
            "Brinkmann",
            "Hoffmann",
            "Schimanski",
            "Kowalski",
            "Wischnewski",
            "Nowak",
            "Becker",
            "Krämer",
            "Schäfer",
            "Wagner",
            "Bergmann",
            "Overbeck",
            "Tiemann",
            "Wessel",
            "Rademacher",
            "Hülsmann",
            "Stratmann",
            "Pieper",
            "Kemper",
            "Hendricks",
            "Budde",
            "Szymanski",
            "Lewandowski",
            "Grabowski",
            "Matuschek",
            "Koslowski",
            "Dombrowski",
            "Schneider",
            "Fischer",
            "Weber",
            "Meyer",
            "Wolf",
            "Zimmermann",
            "Hartmann",
            "Lange",
            "Schmitt",
            "Kaiser",
            "Diehl",
            "Seipel",
            "Jöckel",
            "Ruppel",
            "Gottschalk",
            "Heuser",
            "Schulte-Brinkmann",
            "Meyer-Oberhausen",
            "Pohl",
            "Kuhlmann",
            "Sauerland",
            "Vogt",
            "Fröhlich",
            "Göbel",
            "Ochs",
            "Bender",
            "Reuter",
            "Nickel",
            "Dietz",
            "Emde",
            "Kohl",
        )
    ],
    "tr": [
        ("Yilmaz", "Yılmaz", ""),
        ("Öztürk", "Öztürk", ""),
        ("Demir", "Demir", ""),
        ("Kaya", "Kaya", ""),
        ("Celik", "Çelik", ""),
        ("Sahin", "Şahin", ""),
        ("Aydin", "Aydın", ""),
        ("Arslan", "Arslan", ""),
        ("Dogan", "Doğan", ""),
        ("Kilic", "Kılıç", ""),
        ("Yildiz", "Yıldız", ""),
        ("Özdemir", "Özdemir", ""),
        ("Karaca", "Karaca", ""),
        ("Güler", "Güler", ""),
    ],
    "yu": [
        ("Petrovic", "Petrović", "Петровић"),
        ("Jovanovic", "Jovanović", "Јовановић"),
        ("Nikolic", "Nikolić", "Николић"),
        ("Hodzic", "Hodžić", ""),
        ("Begic", "Begić", ""),
        ("Kovacevic", "Kovačević", "Ковачевић"),
        ("Markovic", "Marković", "Марковић"),
        ("Djordjevic", "Đorđević", "Ђорђевић"),
        ("Mehmedovic", "Mehmedović", ""),
        ("Babic", "Babić", "Бабић"),
        ("Stojanovic", "Stojanović", "Стојановић"),
    ],
    "ro": [
        ("Popescu", "Popescu", ""),
        ("Ionescu", "Ionescu", ""),
        ("Stan", "Stan", ""),
        ("Dumitru", "Dumitru", ""),
        ("Munteanu", "Munteanu", ""),
        ("Tanase", "Tănase", ""),
        ("Constantinescu", "Constantinescu", ""),
    ],
    "bg": [
        ("Georgiev", "Georgiev", "Георгиев"),
        ("Dimitrov", "Dimitrov", "Димитров"),
        ("Ivanov", "Ivanov", "Иванов"),
        ("Petkov", "Petkov", "Петков"),
        ("Stoyanov", "Stoyanov", "Стоянов"),
        ("Todorov", "Todorov", "Тодоров"),
    ],
    "gr": [
        ("Papadopoulos", "Papadopoulos", "Παπαδόπουλος"),
        ("Georgiou", "Georgiou", "Γεωργίου"),
        ("Nikolaidis", "Nikolaidis", "Νικολαΐδης"),
        ("Oikonomou", "Oikonomou", "Οικονόμου"),
        ("Karagiannis", "Karagiannis", "Καραγιάννης"),
    ],
    "ma": [
        ("Benali", "Benali", ""),
        ("El Amrani", "El Amrani", ""),
        ("Bouzid", "Bouzid", ""),
        ("El Idrissi", "El Idrissi", ""),
        ("Ait Ouali", "Aït Ouali", ""),
        ("Tahiri", "Tahiri", ""),
    ],
    "nl": [
        ("van der Berg", "van der Berg", ""),
        ("de Vries", "de Vries", ""),
        ("Janssen", "Janssen", ""),
        ("van Dijk", "van Dijk", ""),
        ("Verhoeven", "Verhoeven", ""),
    ],
    "be": [("Dupont", "Dupont", ""), ("Lambert", "Lambert", ""), ("Dubois", "Dubois", "")],
    "uk": [("Thompson", "Thompson", ""), ("Walsh", "Walsh", ""), ("O'Brien", "O'Brien", "")],
    "us": [("Miller", "Miller", ""), ("Rodriguez", "Rodriguez", ""), ("Carter", "Carter", "")],
    "pl": [
        ("Wójcik", "Wójcik", ""),
        ("Kaminska", "Kamińska", ""),
        ("Zielinski", "Zieliński", ""),
        ("Mazur", "Mazur", ""),
        ("Krawczyk", "Krawczyk", ""),
    ],
}

GIVEN: dict[str, dict[str, list[Name]]] = {
    "de": {
        "M": [
            (g, g, "")
            for g in (
                "Hans-Jürgen",
                "Klaus",
                "Dieter",
                "Uwe",
                "Frank",
                "Thomas",
                "Andreas",
                "Jens",
                "Marco",
                "Kevin",
                "Dennis",
                "Lukas",
                "Jonas",
                "Friedhelm",
                "Werner",
                "Heinz-Dieter",
                "Karl Heinz",
                "Bernd",
                "Stefan",
                "Michael",
                "Günter",
                "Wilhelm",
                "Tim",
                "Niklas",
            )
        ],
        "F": [
            (g, g, "")
            for g in (
                "Gertrud",
                "Elfriede",
                "Ursula",
                "Monika",
                "Sabine",
                "Petra",
                "Andrea",
                "Claudia",
                "Nicole",
                "Jennifer",
                "Laura",
                "Lea",
                "Anna Maria",
                "Marie-Luise",
                "Hannelore",
                "Christa",
                "Jutta",
                "Birgit",
                "Sandra",
                "Julia",
                "Käthe",
                "Heike",
                "Ingrid",
            )
        ],
    },
    "tr": {
        "M": [
            ("Mehmet", "Mehmet", ""),
            ("Mustafa", "Mustafa", ""),
            ("Ismail", "İsmail", ""),
            ("Hüseyin", "Hüseyin", ""),
            ("Ahmet", "Ahmet", ""),
            ("Emre", "Emre", ""),
            ("Ugur", "Uğur", ""),
        ],
        "F": [
            ("Ayse", "Ayşe", ""),
            ("Fatma", "Fatma", ""),
            ("Emine", "Emine", ""),
            ("Zeynep", "Zeynep", ""),
            ("Hatice", "Hatice", ""),
            ("Gül", "Gül", ""),
            ("Sevgi", "Sevgi", ""),
        ],
    },
    "yu": {
        "M": [
            ("Dragan", "Dragan", "Драган"),
            ("Milan", "Milan", "Милан"),
            ("Zoran", "Zoran", "Зоран"),
            ("Nenad", "Nenad", "Ненад"),
            ("Emir", "Emir", ""),
            ("Senad", "Senad", ""),
        ],
        "F": [
            ("Jelena", "Jelena", "Јелена"),
            ("Snezana", "Snežana", "Снежана"),
            ("Milica", "Milica", "Милица"),
            ("Amra", "Amra", ""),
            ("Lejla", "Lejla", ""),
        ],
    },
    "ro": {
        "M": [
            ("Ion", "Ion", ""),
            ("Gheorghe", "Gheorghe", ""),
            ("Andrei", "Andrei", ""),
            ("Stefan", "Ștefan", ""),
        ],
        "F": [
            ("Maria", "Maria", ""),
            ("Elena", "Elena", ""),
            ("Ioana", "Ioana", ""),
            ("Mihaela", "Mihaela", ""),
        ],
    },
    "bg": {
        "M": [
            ("Ivan", "Ivan", "Иван"),
            ("Georgi", "Georgi", "Георги"),
            ("Dimitar", "Dimitar", "Димитър"),
        ],
        "F": [
            ("Maria", "Maria", "Мария"),
            ("Elena", "Elena", "Елена"),
            ("Desislava", "Desislava", "Десислава"),
        ],
    },
    "gr": {
        "M": [
            ("Georgios", "Georgios", "Γεώργιος"),
            ("Dimitrios", "Dimitrios", "Δημήτριος"),
            ("Konstantinos", "Konstantinos", "Κωνσταντίνος"),
        ],
        "F": [
            ("Eleni", "Eleni", "Ελένη"),
            ("Maria", "Maria", "Μαρία"),
            ("Aikaterini", "Aikaterini", "Αικατερίνη"),
        ],
    },
    "ma": {
        "M": [("Mohammed", "Mohammed", ""), ("Youssef", "Youssef", ""), ("Rachid", "Rachid", "")],
        "F": [("Fatima", "Fatima", ""), ("Khadija", "Khadija", ""), ("Nadia", "Nadia", "")],
    },
    "nl": {
        "M": [("Johannes", "Johannes", ""), ("Pieter", "Pieter", ""), ("Sjoerd", "Sjoerd", "")],
        "F": [("Anneke", "Anneke", ""), ("Marieke", "Marieke", "")],
    },
    "be": {
        "M": [("Jean-Luc", "Jean-Luc", "")],
        "F": [("Marie", "Marie", ""), ("Isabelle", "Isabelle", "")],
    },
    "uk": {
        "M": [("Gareth", "Gareth", ""), ("Liam", "Liam", "")],
        "F": [("Siobhan", "Siobhan", ""), ("Emily", "Emily", "")],
    },
    "us": {
        "M": [("Daniel", "Daniel", ""), ("Tyler", "Tyler", "")],
        "F": [("Ashley", "Ashley", ""), ("Megan", "Megan", "")],
    },
    "pl": {
        "M": [("Piotr", "Piotr", ""), ("Tomasz", "Tomasz", "")],
        "F": [("Agnieszka", "Agnieszka", ""), ("Katarzyna", "Katarzyna", "")],
    },
}

ORIGIN_WEIGHTS = [
    ("de", 50),
    ("tr", 12),
    ("yu", 9),
    ("pl", 4),
    ("ro", 5),
    ("bg", 4),
    ("gr", 4),
    ("ma", 4),
    ("nl", 3),
    ("be", 2),
    ("uk", 2),
    ("us", 2),
]

PLACES = {
    "dortmund": [
        ("44137", "Dortmund"),
        ("44139", "Dortmund"),
        ("44147", "Dortmund"),
        ("44309", "Dortmund"),
        ("45879", "Gelsenkirchen"),
        ("45889", "Gelsenkirchen"),
        ("44623", "Herne"),
        ("44787", "Bochum"),
    ],
    "frankfurt": [
        ("60385", "Frankfurt am Main"),
        ("60389", "Frankfurt am Main"),
        ("60316", "Frankfurt am Main"),
        ("65929", "Frankfurt am Main"),
        ("63067", "Offenbach am Main"),
        ("61118", "Bad Vilbel"),
    ],
    "ortenberg": [
        ("63683", "Ortenberg"),
        ("63654", "Büdingen"),
        ("63688", "Gedern"),
        ("63667", "Nidda"),
        ("63679", "Schotten"),
    ],
}
STREETS = [
    "Hauptstraße",
    "Bahnhofstraße",
    "Kirchstraße",
    "Schlägel-und-Eisen-Straße",
    "Zechenweg",
    "Am Hellweg",
    "Hoher Wall",
    "Lindenallee",
    "Eichendorffstraße",
    "Berger Straße",
    "Saalburgstraße",
    "Marktplatz",
    "Am Pfahlgraben",
    "Vogelsbergstraße",
    "Gartenstraße",
    "Im Wiesengrund",
    "Friedrich-Ebert-Straße",
    "Kolonie Erin",
    "Bergmannsweg",
    "Mainkai",
]
TITLES = ["Dr.", "Dr. med.", "Prof. Dr.", "Dipl.-Ing.", "Dr.-Ing."]


def _pick_name(rng: random.Random, origin: str, sex: str) -> tuple[Name, Name]:
    return rng.choice(SURNAMES[origin]), rng.choice(GIVEN[origin][sex])


def _birth(rng: random.Random, lo: int = 1934, hi: int = 2019) -> dt.date:
    return dt.date(lo, 1, 1) + dt.timedelta(days=rng.randrange((hi - lo) * 365))


def _addr(rng: random.Random) -> tuple[str, str, str]:
    area = rng.choice(sorted(PLACES))
    pc, city = rng.choice(PLACES[area])
    return f"{rng.choice(STREETS)} {rng.randrange(1, 180)}", pc, city


def _make(rng: random.Random, origin: str, sex: str | None = None, **kw: object) -> Patient:
    sex = sex or rng.choice("MF")
    sn, gn = _pick_name(rng, origin, sex)
    street, pc, city = _addr(rng)
    p = Patient(
        id="",
        surname=sn[0],
        given_names=gn[0],
        sex=sex,
        birth_date=_birth(rng),
        street=street,
        postcode=pc,
        city=city,
        origin=origin,
        native_surname=sn[1],
        native_given=gn[1],
        script_surname=sn[2],
        script_given=gn[2],
    )
    for k, v in kw.items():
        setattr(p, k, v)
    return p


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []

    def group(kind: str, members: list[Patient]) -> None:
        gid = f"{kind}-{len(out):03d}"
        for m in members:
            m.collision, m.collision_group = kind, gid
            out.append(m)

    # 1. same name and birth date, told apart by address
    for origin in ("de", "tr", "de"):
        a = _make(rng, origin)
        b = _make(
            rng,
            origin,
            a.sex,
            surname=a.surname,
            given_names=a.given_names,
            native_surname=a.native_surname,
            native_given=a.native_given,
            script_surname=a.script_surname,
            script_given=a.script_given,
            birth_date=a.birth_date,
        )
        group("same-name-same-birth", [a, b])
    # 2. twins: same surname, birth date and address
    for origin in ("de", "yu", "de"):
        a = _make(rng, origin, "F", birth_date=_birth(rng, 1990, 2018))
        b = _make(
            rng,
            origin,
            "M",
            surname=a.surname,
            native_surname=a.native_surname,
            script_surname=a.script_surname,
            birth_date=a.birth_date,
            street=a.street,
            postcode=a.postcode,
            city=a.city,
        )
        group("twins", [a, b])
    # 3. a name change (marriage): the register has the new name, letters may use the old
    for origin, old in (
        ("de", "Wischnewski"),
        ("de", "Hülsmann"),
        ("tr", "Kaya"),
        ("gr", "Georgiou"),
        ("de", "Pieper"),
    ):
        a = _make(rng, origin, "F", birth_date=_birth(rng, 1950, 1998))
        if a.surname == old:
            a.surname = a.native_surname = "Bergmann" if origin == "de" else "Demir"
        a.birth_name = old
        a.former_names = [old]
        group("name-change", [a])
    # 4. umlaut and its ae/oe/ue spelling as two different people
    for s1, s2, g in (
        ("Krämer", "Kraemer", "Ursula"),
        ("Müller", "Mueller", "Jürgen"),
        ("Schröder", "Schroeder", "Monika"),
    ):
        sex = "M" if g == "Jürgen" else "F"
        a = _make(rng, "de", sex, surname=s1, native_surname=s1, given_names=g, native_given=g)
        b = _make(rng, "de", sex, surname=s2, native_surname=s2, given_names=g, native_given=g)
        group("umlaut-spelling", [a, b])
    # 5. namesakes with different birth dates (parent and child, or unrelated)
    for origin in ("de", "de", "tr", "yu", "ro", "ma", "de"):
        a = _make(rng, origin, "M")
        b = _make(
            rng,
            origin,
            "M",
            surname=a.surname,
            given_names=a.given_names,
            native_surname=a.native_surname,
            native_given=a.native_given,
            script_surname=a.script_surname,
            script_given=a.script_given,
        )
        group("namesake", [a, b])
    # 6. titles, particles and double names
    for origin, title in (
        ("de", "Dr."),
        ("de", "Prof. Dr."),
        ("de", "Dipl.-Ing."),
        ("nl", ""),
        ("de", "Dr.-Ing."),
        ("gr", "Dr."),
    ):
        out.append(_make(rng, origin, title=title))
    out.append(_make(rng, "de", "M", surname="von Westphalen", native_surname="von Westphalen"))
    out.append(
        _make(rng, "de", "F", surname="Freifrau von Romberg", native_surname="Freifrau von Romberg")
    )

    seen = {(p.surname, p.given_names, p.birth_date) for p in out}
    names_taken = {(p.surname, p.given_names) for p in out}
    origins = [o for o, w in ORIGIN_WEIGHTS for _ in range(w)]
    while len(out) < 330:
        p = _make(rng, rng.choice(origins))
        if (p.surname, p.given_names) in names_taken:
            continue  # accidental namesakes only where the groups above make them
        if rng.random() < 0.05 and p.origin == "de":
            p.title = rng.choice(TITLES)
        seen.add((p.surname, p.given_names, p.birth_date))
        names_taken.add((p.surname, p.given_names))
        out.append(p)

    ids = rng.sample(range(1000, 9999), len(out))
    order = list(range(len(out)))
    rng.shuffle(order)
    shuffled = [out[i] for i in order]
    for p, n in zip(shuffled, ids, strict=True):
        p.id = str(n)
    return shuffled


CSV_COLUMNS = [
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


def _gdt_line(field_id: str, content: str) -> bytes:
    body = (field_id + content).encode("iso-8859-1")
    return f"{len(body) + 5:03d}".encode() + body + b"\r\n"


def gdt_record(p: Patient) -> bytes:
    fields = [
        ("8000", "6301"),
        ("8100", ""),
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", p.birth_date.strftime("%d%m%Y")),
        ("3110", "1" if p.sex == "M" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]
    lines = [_gdt_line(f, c) for f, c in fields]
    total = sum(len(x) for x in lines) - len(lines[1]) + len(_gdt_line("8100", "00000"))
    lines[1] = _gdt_line("8100", f"{total:05d}")
    return b"".join(lines)


def fhir_patient(p: Patient) -> dict[str, object]:
    names: list[dict[str, object]] = [
        {"use": "official", "family": p.surname, "given": p.given_names.split(" ")}
    ]
    if p.title:
        names[0]["prefix"] = [p.title]
    if p.birth_name:
        names.append({"use": "maiden", "family": p.birth_name, "given": p.given_names.split(" ")})
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": f"p{p.id}",
        "identifier": [{"system": FHIR_SYSTEM, "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "M" else "female",
        "birthDate": p.birth_date.isoformat(),
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def write_all(patients: list[Patient], folder: Path | str) -> None:
    folder = Path(folder)
    (folder / "gdt").mkdir(parents=True, exist_ok=True)
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(CSV_COLUMNS)
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
        (folder / "gdt" / f"{p.id}.gdt").write_bytes(gdt_record(p))
    resources = [fhir_patient(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:50o-{r['id']}", "resource": r} for r in resources],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in resources), encoding="utf-8"
    )
