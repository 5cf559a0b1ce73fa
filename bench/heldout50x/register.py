"""The receiving practices' shared patient register (deterministic, >= 300 patients)."""

from __future__ import annotations

import csv
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

SEED = 50_240


@dataclass
class Patient:
    id: str
    surname: str
    given_names: str
    birth_date: str  # ISO
    sex: str  # "m" / "f"
    street: str
    postcode: str
    city: str
    country: str = "DE"
    title: str = ""
    birth_name: str = ""
    former_names: list[str] = field(default_factory=list)
    origin: str = "de"  # de tr pl ru kz it pt el sq sy
    native_surname: str = ""  # the name in the letters' own script/spelling abroad
    native_given: str = ""
    collision: str = ""
    collision_group: str = ""

    @property
    def full_name(self) -> str:
        return f"{self.given_names} {self.surname}"


CITIES = [
    ("30159", "Hannover"),
    ("30449", "Hannover"),
    ("30625", "Hannover"),
    ("30851", "Langenhagen"),
    ("38100", "Braunschweig"),
    ("38118", "Braunschweig"),
    ("38440", "Wolfsburg"),
    ("38448", "Wolfsburg"),
    ("31134", "Hildesheim"),
    ("31141", "Hildesheim"),
    ("38226", "Salzgitter"),
    ("38259", "Salzgitter"),
    ("38640", "Goslar"),
    ("38667", "Bad Harzburg"),
    ("38678", "Clausthal-Zellerfeld"),
    ("37444", "Sankt Andreasberg"),
    ("38300", "Wolfenbüttel"),
    ("30880", "Laatzen"),
    ("31224", "Peine"),
    ("38700", "Braunlage"),
]
STREETS = [
    "Lister Meile",
    "Limmerstraße",
    "Podbielskistraße",
    "Wolfenbütteler Straße",
    "Porschestraße",
    "Heinrich-Nordhoff-Straße",
    "Almsstraße",
    "Osterstraße",
    "Bahnhofstraße",
    "Rammelsberger Straße",
    "Marktstraße",
    "Am Kiebitzmarkt",
    "Hildesheimer Straße",
    "Schillerstraße",
    "Harzburger Straße",
    "Kastanienallee",
    "Eichendorffweg",
    "An der Gose",
    "Goetheplatz",
    "Berliner Ring",
]

# (surname, given_m, given_f) pools per origin; register spellings are Latin-1 only.
DE_SUR = [
    "Müller",
    "Schulze",
    "Meyer",
    "Brandt",
    "Köhler",
    "Hoffmann",
    "Wegener",
    "Lüdtke",
    "Böttcher",
    "Krüger",
    "Hahne",
    "Oelkers",
    "Thiele",
    "Vogt",
    "Rühmkorf",
    "Bührmann",
    "Ahlers",
    "Kruse",
    "Heuer",
    "Dörries",
    "Wöhler",
    "Förster",
    "Schäfer",
    "Grotjahn",
    "Niemeyer",
    "Steinhoff",
    "Lehmann",
    "Ebeling",
    "Pape",
    "Sievers",
]
DE_M = [
    "Hans",
    "Jürgen",
    "Klaus-Dieter",
    "Lukas",
    "Henning",
    "Ole",
    "Friedrich Wilhelm",
    "Jörg",
    "Torsten",
    "Bernd",
    "Malte",
    "Uwe",
    "Finn",
    "Gerd",
    "Heinz",
]
DE_F = [
    "Anke",
    "Gisela",
    "Ursula",
    "Marie-Luise",
    "Jana",
    "Sabine",
    "Hannelore",
    "Lea",
    "Birte",
    "Käthe",
    "Ingrid",
    "Annegret",
    "Sophie",
    "Frauke",
    "Elke Maria",
]
TR = [
    ("Yilmaz", "Yılmaz"),
    ("Öztürk", "Öztürk"),
    ("Sahin", "Şahin"),
    ("Dogan", "Doğan"),
    ("Celik", "Çelik"),
    ("Aydin", "Aydın"),
    ("Kaya", "Kaya"),
    ("Güler", "Güler"),
]
TR_M = [("Mehmet", "Mehmet"), ("Mustafa", "Mustafa"), ("Hüseyin", "Hüseyin"), ("Ismail", "İsmail")]
TR_F = [("Ayse", "Ayşe"), ("Fatma", "Fatma"), ("Gül", "Gül"), ("Zeynep", "Zeynep")]
PL = [
    ("Kowalski", "Kowalski"),
    ("Wisniewski", "Wiśniewski"),
    ("Lewandowski", "Lewandowski"),
    ("Zielinski", "Zieliński"),
    ("Wójcik", "Wójcik"),
    ("Grabowski", "Grabowski"),
]
PL_M = [("Lukasz", "Łukasz"), ("Piotr", "Piotr"), ("Grzegorz", "Grzegorz"), ("Jan", "Jan")]
PL_F = [("Malgorzata", "Małgorzata"), ("Agnieszka", "Agnieszka"), ("Katarzyna", "Katarzyna")]
RU = [
    ("Iwanow", "Иванов"),
    ("Petrow", "Петров"),
    ("Smirnow", "Смирнов"),
    ("Kusnezow", "Кузнецов"),
    ("Wolkow", "Волков"),
    ("Sokolow", "Соколов"),
]
RU_M = [
    ("Sergej", "Сергей"),
    ("Alexander", "Александр"),
    ("Dmitrij", "Дмитрий"),
    ("Wladimir", "Владимир"),
]
RU_F = [("Olga", "Ольга"), ("Tatjana", "Татьяна"), ("Natalja", "Наталья"), ("Irina", "Ирина")]
KZ = [("Nurlanow", "Нурланов"), ("Abenow", "Абенов"), ("Schulz", "Шульц"), ("Becker", "Беккер")]
KZ_M = [("Yerlan", "Ерлан"), ("Viktor", "Виктор"), ("Andrej", "Андрей")]
KZ_F = [("Ainur", "Айнур"), ("Jelena", "Елена"), ("Swetlana", "Светлана")]
IT = [
    ("Rossi", "Rossi"),
    ("Esposito", "Esposito"),
    ("Bianchi", "Bianchi"),
    ("De Luca", "De Luca"),
    ("Romano", "Romano"),
]
IT_M = [("Giuseppe", "Giuseppe"), ("Marco", "Marco"), ("Antonio", "Antonio")]
IT_F = [("Giulia", "Giulia"), ("Francesca", "Francesca"), ("Maria Grazia", "Maria Grazia")]
PT = [
    ("Ferreira", "Ferreira"),
    ("da Silva", "da Silva"),
    ("Gonçalves", "Gonçalves"),
    ("Pereira", "Pereira"),
]
PT_M = [("João", "João"), ("António", "António"), ("Rui", "Rui")]
PT_F = [("Ana Rita", "Ana Rita"), ("Conceição", "Conceição"), ("Inês", "Inês")]
EL = [
    ("Papadopoulos", "Παπαδόπουλος"),
    ("Georgiou", "Γεωργίου"),
    ("Nikolaidis", "Νικολαΐδης"),
    ("Dimitriou", "Δημητρίου"),
]
EL_M = [("Georgios", "Γεώργιος"), ("Konstantinos", "Κωνσταντίνος"), ("Dimitrios", "Δημήτριος")]
EL_F = [("Eleni", "Ελένη"), ("Maria", "Μαρία"), ("Sofia", "Σοφία")]
EL_FEM = {
    "Papadopoulos": ("Papadopoulou", "Παπαδοπούλου"),
    "Nikolaidis": ("Nikolaidou", "Νικολαΐδου"),
}
SQ = [("Hoxha", "Hoxha"), ("Berisha", "Berisha"), ("Krasniqi", "Krasniqi"), ("Shehu", "Shehu")]
SQ_M = [("Arben", "Arben"), ("Ilir", "Ilir"), ("Besnik", "Besnik")]
SQ_F = [("Drita", "Drita"), ("Elira", "Elira"), ("Mirela", "Mirela")]
SY = [
    ("Al-Khatib", "Al-Khatib"),
    ("Haddad", "Haddad"),
    ("Al-Hassan", "Al-Hassan"),
    ("Kassem", "Kassem"),
]
SY_M = [("Mohammad", "Mohammad"), ("Ahmad", "Ahmad"), ("Omar", "Omar")]
SY_F = [("Rania", "Rania"), ("Lina", "Lina"), ("Amal", "Amal")]
POOLS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]] = {
    "tr": (TR, TR_M, TR_F),
    "pl": (PL, PL_M, PL_F),
    "ru": (RU, RU_M, RU_F),
    "kz": (KZ, KZ_M, KZ_F),
    "it": (IT, IT_M, IT_F),
    "pt": (PT, PT_M, PT_F),
    "el": (EL, EL_M, EL_F),
    "sq": (SQ, SQ_M, SQ_F),
    "sy": (SY, SY_M, SY_F),
}
RU_FEM = {
    "Иванов": "Иванова",
    "Петров": "Петрова",
    "Смирнов": "Смирнова",
    "Кузнецов": "Кузнецова",
    "Волков": "Волкова",
    "Соколов": "Соколова",
    "Нурланов": "Нурланова",
    "Абенов": "Абенова",
}


def _date(rng: random.Random, lo: int = 1930, hi: int = 2019) -> str:
    y = rng.randint(lo, hi)
    m = rng.randint(1, 12)
    d = rng.randint(1, 28)
    return f"{y:04d}-{m:02d}-{d:02d}"


def _addr(rng: random.Random) -> tuple[str, str, str]:
    pc, city = rng.choice(CITIES)
    return f"{rng.choice(STREETS)} {rng.randint(1, 120)}", pc, city


def random_person(rng: random.Random, pid: str, origin: str | None = None) -> Patient:
    if origin is None:
        origin = rng.choice(["de"] * 9 + ["tr", "pl", "ru", "kz", "it", "pt", "el", "sq", "sy"])
    sex = rng.choice(["m", "f"])
    street, pc, city = _addr(rng)
    if origin == "de":
        sur = rng.choice(DE_SUR)
        given = rng.choice(DE_M if sex == "m" else DE_F)
        p = Patient(
            pid,
            sur,
            given,
            _date(rng),
            sex,
            street,
            pc,
            city,
            origin=origin,
            native_surname=sur,
            native_given=given,
        )
        r = rng.random()
        if r < 0.06:
            p.title = rng.choice(["Dr.", "Dr. med.", "Prof. Dr."])
        elif r < 0.12:
            p.surname = rng.choice(["von Alvensleben", "von der Heide", "zu Stolberg", "van Dijk"])
            p.native_surname = p.surname
        elif r < 0.2 and sex == "f":
            other = rng.choice(DE_SUR)
            p.birth_name = other
            p.surname = f"{sur}-{other}"
            p.native_surname = p.surname
        return p
    surs, ms, fs = POOLS[origin]
    sur_l, sur_n = rng.choice(surs)
    g_l, g_n = rng.choice(ms if sex == "m" else fs)
    if sex == "f" and origin in ("ru", "kz") and sur_n in RU_FEM:
        sur_n = RU_FEM[sur_n]
        sur_l = sur_l + "a"
    if sex == "f" and origin == "el" and sur_l in EL_FEM:
        sur_l, sur_n = EL_FEM[sur_l]
    return Patient(
        pid,
        sur_l,
        g_l,
        _date(rng),
        sex,
        street,
        pc,
        city,
        origin=origin,
        native_surname=sur_n,
        native_given=g_n,
    )


def build() -> list[Patient]:
    rng = random.Random(SEED)
    out: list[Patient] = []
    nid = [10_001]

    def new_id() -> str:
        v = str(nid[0])
        nid[0] += rng.randint(1, 7)
        return v

    for _ in range(250):
        out.append(random_person(rng, new_id()))
    # Collision groups.
    g = 0
    for _ in range(6):  # same name and birth date, told apart by address
        g += 1
        base = random_person(rng, new_id())
        twin = Patient(**{**base.__dict__, "former_names": []})
        twin.id = new_id()
        twin.street, twin.postcode, twin.city = _addr(rng)
        for p in (base, twin):
            p.collision, p.collision_group = "same_name_same_birth_date", f"G{g:02d}"
        out += [base, twin]
    for _ in range(5):  # twins
        g += 1
        a = random_person(rng, new_id(), "de")
        b = random_person(rng, new_id(), "de")
        b.surname, b.native_surname, b.birth_date = a.surname, a.surname, a.birth_date
        b.street, b.postcode, b.city = a.street, a.postcode, a.city
        if b.given_names == a.given_names:
            b.given_names = b.native_given = "Hannes" if a.given_names != "Hannes" else "Lotte"
        for p in (a, b):
            p.collision, p.collision_group = "twins", f"G{g:02d}"
        out += [a, b]
    for _ in range(6):  # name change; letters may still use the old name
        g += 1
        a = random_person(rng, new_id(), rng.choice(["de", "de", "pl", "tr"]))
        old = a.surname
        a.former_names = [old]
        a.birth_name = old if not a.birth_name else a.birth_name
        a.surname = rng.choice(["Hartmann", "Behrens", "Wiechmann", "Kohlmeyer", "Ohlendorf"])
        a.collision, a.collision_group = "name_change", f"G{g:02d}"
        a.native_surname = old  # letters from abroad / old letters use this
        out.append(a)
    umlaut = [
        ("Müller", "Mueller"),
        ("Köhler", "Koehler"),
        ("Krüger", "Krueger"),
        ("Böttcher", "Boettcher"),
        ("Schäfer", "Schaefer"),
    ]
    for u, v in umlaut:  # ae/oe/ue spelling is another person
        g += 1
        a = random_person(rng, new_id(), "de")
        a.surname = a.native_surname = u
        b = random_person(rng, new_id(), "de")
        b.surname = b.native_surname = v
        b.given_names, b.native_given, b.sex = a.given_names, a.native_given, a.sex
        for p in (a, b):
            p.collision, p.collision_group = "umlaut_spelling", f"G{g:02d}"
        out += [a, b]
    for _ in range(8):  # namesakes, different birth dates
        g += 1
        a = random_person(rng, new_id())
        b = random_person(rng, new_id(), a.origin)
        b.surname, b.native_surname = a.surname, a.native_surname
        b.given_names, b.native_given, b.sex = a.given_names, a.native_given, a.sex
        for p in (a, b):
            p.collision, p.collision_group = "namesake", f"G{g:02d}"
        out += [a, b]
    return out


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
    for f in p.former_names:
        names.append({"use": "old", "family": f, "given": p.given_names.split(" ")})
    return {
        "resourceType": "Patient",
        "id": p.id,
        "identifier": [{"system": "urn:heldout50x:practice-patient-id", "value": p.id}],
        "name": names,
        "gender": "male" if p.sex == "m" else "female",
        "birthDate": p.birth_date,
        "address": [
            {"line": [p.street], "postalCode": p.postcode, "city": p.city, "country": p.country}
        ],
    }


def gdt_record(p: Patient) -> bytes:
    y, m, d = p.birth_date.split("-")
    fields = [
        ("9218", "02.10"),
        ("3000", p.id),
        ("3101", p.surname),
        ("3102", p.given_names),
        ("3103", f"{d}{m}{y}"),
        ("3110", "1" if p.sex == "m" else "2"),
        ("3106", f"{p.postcode} {p.city}"),
        ("3107", p.street),
    ]

    def line(fid: str, content: str) -> bytes:
        body = (fid + content).encode("latin-1") + b"\r\n"
        return f"{len(body) + 3:03d}".encode() + body

    rest = b"".join(line(f, c) for f, c in fields)
    head = line("8000", "6301")
    total = len(head) + len(line("8100", "00000")) + len(rest)
    return head + line("8100", f"{total:05d}") + rest


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
    with (folder / "patients.csv").open("w", encoding="utf-8", newline="") as fh:
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
    res = [_fhir(p) for p in patients]
    bundle = {
        "resourceType": "Bundle",
        "type": "collection",
        "entry": [{"fullUrl": f"urn:uuid:patient-{r['id']}", "resource": r} for r in res],
    }
    (folder / "patients.bundle.json").write_text(
        json.dumps(bundle, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    (folder / "patients.ndjson").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in res), encoding="utf-8"
    )
