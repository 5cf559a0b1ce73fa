"""The receiving practices, the senders and the date spellings of set 50af's Saxony."""

from dataclasses import dataclass, field
from datetime import date

PRACTICES: list[dict[str, object]] = [
    {
        "key": "LE",
        "name": "Hausarztpraxis Dr. med. Annett Kretzschmar",
        "names": [
            "Hausarztpraxis Dr. med. Annett Kretzschmar",
            "Praxis Dr. Kretzschmar",
            "Dr. med. Annett Kretzschmar",
            "Hausarztpraxis Kretzschmar",
        ],
        "doctor": "Dr. med. Annett Kretzschmar",
        "address": ["Georg-Schumann-Straße 112", "04155 Leipzig"],
        "fax": "0341 5612344",
        "kind": "Einzelpraxis Allgemeinmedizin",
    },
    {
        "key": "DD",
        "name": (
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Schillerplatz "
            "Dipl.-Med. Frank Uhlig und Dr. med. Kathleen Neubert"
        ),
        "names": [
            (
                "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Schillerplatz "
                "Dipl.-Med. Frank Uhlig und Dr. med. Kathleen Neubert"
            ),
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin am Schillerplatz",
            "Gemeinschaftspraxis am Schillerplatz",
            "Praxis Uhlig/Neubert",
            "Dipl.-Med. Frank Uhlig",
            "Dr. med. Kathleen Neubert",
        ],
        "doctor": "Dipl.-Med. Frank Uhlig",
        "address": ["Schillerplatz 9", "01309 Dresden"],
        "fax": "0351 3107755",
        "kind": "Berufsausübungsgemeinschaft (Allgemeinmedizin, Innere Medizin)",
    },
    {
        "key": "BZ",
        "name": "Hausarztpraxis Dr. med. Beate Zschornack",
        "names": [
            "Hausarztpraxis Dr. med. Beate Zschornack",
            "Praxis Dr. Zschornack",
            "Dr. med. Beate Zschornack",
            "Hausarztpraxis Zschornack",
        ],
        "doctor": "Dr. med. Beate Zschornack",
        "address": ["Töpferstraße 14", "02625 Bautzen"],
        "fax": "03591 488120",
        "kind": "Einzelpraxis Allgemeinmedizin",
    },
]

# The address block lines each practice's mail uses (the long name wrapped as printed).
ADDRESS_BLOCKS: dict[str, list[list[str]]] = {
    "LE": [
        ["Hausarztpraxis", "Dr. med. Annett Kretzschmar"],
        ["Frau Dr. med. Annett Kretzschmar", "Praxis für Allgemeinmedizin"],
        ["Praxis Dr. Kretzschmar"],
    ],
    "DD": [
        [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin",
            "am Schillerplatz",
            "Dipl.-Med. Frank Uhlig und Dr. med. Kathleen Neubert",
        ],
        ["Gemeinschaftspraxis am Schillerplatz", "Herrn Dipl.-Med. Frank Uhlig"],
        ["Praxis Uhlig/Neubert", "Frau Dr. med. Kathleen Neubert"],
    ],
    "BZ": [
        ["Hausarztpraxis", "Dr. med. Beate Zschornack"],
        ["Frau Dr. med. Beate Zschornack", "Fachärztin für Allgemeinmedizin"],
        ["Praxis Dr. Zschornack"],
    ],
}

MONTHS_DE = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
MONTHS_DE_ABBR = [
    "Jan.",
    "Feb.",
    "März",
    "Apr.",
    "Mai",
    "Juni",
    "Juli",
    "Aug.",
    "Sept.",
    "Okt.",
    "Nov.",
    "Dez.",
]
MONTHS_CZ = [
    "ledna",
    "února",
    "března",
    "dubna",
    "května",
    "června",
    "července",
    "srpna",
    "září",
    "října",
    "listopadu",
    "prosince",
]
MONTHS_PL = [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
]
MONTHS_HSB = [
    "januara",
    "februara",
    "měrca",
    "apryla",
    "meje",
    "junija",
    "julija",
    "awgusta",
    "septembra",
    "oktobra",
    "nowembra",
    "decembra",
]
MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
DAYS_EN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def fmt(d: date, style: str) -> str:
    """A date as the region's letters print it."""
    if style == "num":
        return d.strftime("%d.%m.%Y")
    if style == "short":
        return f"{d.day}.{d.month}.{d.year}"
    if style == "yy":
        return d.strftime("%d.%m.%y")
    if style == "long":
        return f"{d.day}. {MONTHS_DE[d.month - 1]} {d.year}"
    if style == "long0":
        return f"{d.day:02d}. {MONTHS_DE[d.month - 1]} {d.year}"
    if style == "abbr":
        return f"{d.day:02d}. {MONTHS_DE_ABBR[d.month - 1]} {d.year}"
    if style == "iso":
        return d.isoformat()
    if style == "weekday":
        return f"{DAYS_DE[d.weekday()]}, {d.day}. {MONTHS_DE[d.month - 1]} {d.year}"
    if style == "cz":
        return f"{d.day}. {d.month}. {d.year}"
    if style == "cz_long":
        return f"{d.day}. {MONTHS_CZ[d.month - 1]} {d.year}"
    if style == "pl":
        return d.strftime("%d.%m.%Y") + " r."
    if style == "pl_long":
        return f"{d.day} {MONTHS_PL[d.month - 1]} {d.year} r."
    if style == "hsb":
        return f"{d.day}. {MONTHS_HSB[d.month - 1]} {d.year}"
    if style == "rfc":
        return f"{DAYS_EN[d.weekday()]}, {d.day:02d} {MONTHS_EN[d.month - 1]} {d.year}"
    if style == "slash":
        return d.strftime("%d/%m/%Y")
    raise ValueError(style)


@dataclass
class Sender:
    key: str
    org: str  # as printed, the truth's sender
    alternatives: list[str]
    head: list[str]  # letterhead lines (the first is the organisation)
    city: str
    fax: str
    phone: str
    doctors: list[str]
    lang: str = "de"
    dept: str = ""
    extra: dict[str, str] = field(default_factory=dict)


SENDERS: list[Sender] = [
    Sender(
        "uklk",
        "Klinikum Leipzig-Nord",
        ["Klinik für Kardiologie und Angiologie", "Klinikum Leipzig-Nord gGmbH"],
        [
            "Klinikum Leipzig-Nord",
            "Akademisches Lehrkrankenhaus der Universität Leipzig",
            "Delitzscher Straße 141 · 04129 Leipzig",
        ],
        "Leipzig",
        "0341 9095190",
        "0341 909-50",
        ["Prof. Dr. med. Holger Rietzschel", "Dr. med. Susann Baldauf"],
        dept="Klinik für Kardiologie und Angiologie",
    ),
    Sender(
        "stgeorg",
        "Städtisches Klinikum Leipzig-Südost",
        ["Klinik für Innere Medizin II", "Klinikum Leipzig-Südost"],
        [
            "Städtisches Klinikum Leipzig-Südost",
            "Klinik für Innere Medizin II",
            "Gastroenterologie · Hepatologie · Diabetologie",
            "Riebeckstraße 65, 04317 Leipzig",
        ],
        "Leipzig",
        "0341 8664219",
        "0341 866-40",
        ["Dr. med. Ralf Gerstenberger", "Ivana Kolářová"],
        dept="Klinik für Innere Medizin II",
    ),
    Sender(
        "elbtal",
        "Elbtalklinikum Dresden-Friedrichstadt",
        ["Klinik für Neurologie", "Elbtalklinikum Dresden"],
        [
            "ELBTALKLINIKUM DRESDEN-FRIEDRICHSTADT",
            "Klinik für Neurologie",
            "Friedrichstraße 41 | 01067 Dresden",
        ],
        "Dresden",
        "0351 4803399",
        "0351 480-0",
        ["PD Dr. med. Konstanze Hentschel", "Dr. med. Tobias Wehner"],
        dept="Klinik für Neurologie",
    ),
    Sender(
        "schlossteich",
        "Klinikum am Schlossteich Chemnitz",
        ["Klinik für Unfallchirurgie und Orthopädie", "Klinikum am Schlossteich"],
        [
            "Klinikum am Schlossteich Chemnitz gGmbH",
            "Klinik für Unfallchirurgie und Orthopädie",
            "Schloßteichstraße 20 · 09113 Chemnitz",
        ],
        "Chemnitz",
        "0371 3335712",
        "0371 333-0",
        ["Dr. med. Jens Leistner", "Dr. med. Mareike Fleischer"],
        dept="Klinik für Unfallchirurgie und Orthopädie",
    ),
    Sender(
        "mulde",
        "Muldentalklinik Zwickau",
        ["Klinik für Geriatrie", "Muldentalklinik"],
        [
            "Muldentalklinik Zwickau",
            "Klinik für Geriatrie und Frührehabilitation",
            "Karl-Keil-Straße 35 · 08060 Zwickau",
        ],
        "Zwickau",
        "0375 5106290",
        "0375 510-0",
        ["Dr. med. Gunter Espig", "Dipl.-Med. Heidrun Zeuner"],
        dept="Klinik für Geriatrie und Frührehabilitation",
    ),
    Sender(
        "annaberg",
        "Kreiskrankenhaus Obererzgebirge",
        ["Innere Abteilung", "Kreiskrankenhaus Obererzgebirge Annaberg-Buchholz"],
        [
            "Kreiskrankenhaus Obererzgebirge",
            "Annaberg-Buchholz",
            "Innere Abteilung",
            "Chemnitzer Straße 15, 09456 Annaberg-Buchholz",
        ],
        "Annaberg-Buchholz",
        "03733 804119",
        "03733 80-0",
        ["Dr. med. Ulf Nestler", "Dr. med. Carola Viertel"],
        dept="Innere Abteilung",
    ),
    Sender(
        "budysin",
        "Klinikum Oberlausitz Bautzen",
        ["Klinikum Oberlausitz Bautzen/Budyšin", "Klinik für Innere Medizin"],
        [
            "Klinikum Oberlausitz Bautzen/Budyšin gGmbH",
            "Klinika Hornja Łužica Budyšin",
            "Klinik für Innere Medizin · Am Stadtwall 3 · 02625 Bautzen/Budyšin",
        ],
        "Bautzen",
        "03591 3632210",
        "03591 363-0",
        ["Dr. med. Pětr Hrjehor", "Dr. med. Anke Lange"],
        dept="Klinik für Innere Medizin",
    ),
    Sender(
        "labor",
        "MVZ Labordiagnostik Sachsen",
        ["Labor Leipzig-Mitte", "MVZ Labordiagnostik Sachsen GmbH"],
        [
            "MVZ Labordiagnostik Sachsen GmbH",
            "Standort Labor Leipzig-Mitte",
            "Brühl 52 · 04109 Leipzig · Tel. 0341 2250-0",
        ],
        "Leipzig",
        "0341 2250199",
        "0341 2250-0",
        ["Dr. med. Matthias Olbrich", "Dr. rer. nat. Kerstin Heym"],
    ),
    Sender(
        "radio",
        "Radiologie am Altmarkt",
        ["Radiologische Gemeinschaftspraxis am Altmarkt", "Radiologie am Altmarkt Dresden"],
        [
            "Radiologie am Altmarkt",
            "Radiologische Gemeinschaftspraxis",
            "Dr. med. Sebastian Hölzel · Dr. med. Ulrike Pech",
            "Altmarkt 10 · 01067 Dresden",
        ],
        "Dresden",
        "0351 4962218",
        "0351 49622-0",
        ["Dr. med. Sebastian Hölzel", "Dr. med. Ulrike Pech"],
    ),
    Sender(
        "kardio",
        "Kardiologische Praxis Dr. med. Silvio Beyer",
        ["Kardiologische Praxis Beyer", "Dr. med. Silvio Beyer"],
        [
            "Kardiologische Praxis",
            "Dr. med. Silvio Beyer",
            "Facharzt für Innere Medizin und Kardiologie",
            "Innere Klosterstraße 6 · 09111 Chemnitz",
        ],
        "Chemnitz",
        "0371 6660452",
        "0371 666045-0",
        ["Dr. med. Silvio Beyer"],
    ),
    Sender(
        "aok",
        "AOK PLUS",
        ["AOK PLUS – Die Gesundheitskasse für Sachsen und Thüringen", "AOK PLUS Sachsen"],
        [
            "AOK PLUS",
            "Die Gesundheitskasse für Sachsen und Thüringen.",
            "Sternplatz 7, 01067 Dresden",
        ],
        "Dresden",
        "0800 10590119",
        "0800 10590-0",
        ["Sachbearbeitung Leistungen: Frau Pfeifer"],
    ),
    Sender(
        "ksv",
        "Kommunaler Sozialverband Sachsen",
        ["KSV Sachsen", "Kommunaler Sozialverband Sachsen – Schwerbehindertenrecht"],
        [
            "Kommunaler Sozialverband Sachsen",
            "Referat Schwerbehindertenrecht",
            "Reichsstraße 3 · 09112 Chemnitz",
        ],
        "Chemnitz",
        "0371 5770199",
        "0371 577-0",
        ["Sachbearbeiter: Herr Lindner"],
    ),
    Sender(
        "drv",
        "Deutsche Rentenversicherung Mitteldeutschland",
        ["DRV Mitteldeutschland", "Deutsche Rentenversicherung"],
        [
            "Deutsche Rentenversicherung",
            "Mitteldeutschland",
            "Georg-Schumann-Straße 146",
            "04159 Leipzig",
        ],
        "Leipzig",
        "0341 5503300",
        "0341 550-55",
        ["Sozialmedizinischer Dienst"],
    ),
    Sender(
        "pflege",
        "Ambulanter Pflegedienst Klosterwasser",
        ["Pflegedienst Klosterwasser", "Ambulantne hladanje Klóšterska woda"],
        [
            "Ambulanter Pflegedienst Klosterwasser",
            "Ambulantne hladanje Klóšterska woda",
            "Hauptstraße 2 · 01920 Crostwitz/Chrósćicy",
        ],
        "Crostwitz",
        "035796 96531",
        "035796 9653-0",
        ["Pflegedienstleitung Lejna Šołćina"],
    ),
    Sender(
        "apotheke",
        "Löwen-Apotheke",
        ["Löwen-Apotheke am Hauptmarkt", "Löwen-Apotheke Zwickau"],
        [
            "Löwen-Apotheke",
            "am Hauptmarkt",
            "Inh. Apothekerin Christiane Vogel e.K.",
            "Hauptmarkt 17 · 08056 Zwickau",
        ],
        "Zwickau",
        "0375 2711398",
        "0375 27113-0",
        ["Christiane Vogel"],
    ),
    Sender(
        "physio",
        "Physiotherapie Elbaue",
        ["Praxis für Physiotherapie Elbaue", "Physiotherapie Elbaue Dresden"],
        [
            "PHYSIOTHERAPIE ELBAUE",
            "Krankengymnastik · Manuelle Therapie · Lymphdrainage",
            "Pillnitzer Landstraße 210 · 01326 Dresden",
        ],
        "Dresden",
        "0351 2683314",
        "0351 268331-0",
        ["Franziska Rehn (Physiotherapeutin B.Sc.)"],
    ),
    Sender(
        "reha",
        "Rehaklinik Bad Elster",
        ["Sächsische Rehaklinik Bad Elster", "Abteilung Orthopädie"],
        [
            "Rehaklinik Bad Elster",
            "Fachklinik für Orthopädie und Kardiologie",
            "Badstraße 24 · 08645 Bad Elster",
        ],
        "Bad Elster",
        "037437 71299",
        "037437 71-0",
        ["Chefarzt Dr. med. Volkmar Tröger", "Oberärztin Dr. med. Ines Keßler"],
    ),
    Sender(
        "gesundheitsamt",
        "Landratsamt Erzgebirgskreis",
        ["Gesundheitsamt Erzgebirgskreis", "Landratsamt Erzgebirgskreis – Gesundheitsamt"],
        [
            "Landratsamt Erzgebirgskreis",
            "Gesundheitsamt",
            "Paulus-Jenisius-Straße 24",
            "09456 Annaberg-Buchholz",
        ],
        "Annaberg-Buchholz",
        "03733 8314099",
        "03733 831-0",
        ["Dr. med. Sigrun Pönitz, Amtsärztin"],
    ),
    Sender(
        "decin",
        "Nemocnice Děčín",
        ["Interní oddělení", "Nemocnice Děčín, o. z."],
        [
            "Nemocnice Děčín, o. z.",
            "Interní oddělení",
            "U Nemocnice 1, 405 02 Děčín",
            "Česká republika",
        ],
        "Děčín",
        "+420 412 705 299",
        "+420 412 705 111",
        ["MUDr. Pavel Hrubý", "MUDr. Eva Šimková, Ph.D."],
        lang="cs",
    ),
    Sender(
        "zgorzelec",
        "SZPITAL POWIATOWY W ZGORZELCU",
        ["Oddział Chorób Wewnętrznych", "Szpital Powiatowy w Zgorzelcu", "Szpital w Zgorzelcu"],
        [
            "SZPITAL POWIATOWY W ZGORZELCU",
            "Oddział Chorób Wewnętrznych",
            "ul. Lubańska 11, 59-900 Zgorzelec",
            "Rzeczpospolita Polska",
        ],
        "Zgorzelec",
        "+48 75 7752190",
        "+48 75 7752100",
        ["lek. med. Tomasz Wróbel", "dr n. med. Anna Pawlak"],
        lang="pl",
    ),
    Sender(
        "wosadna",
        "Dr. med. Jurij Wjelan",
        ["Praxis Dr. Wjelan", "Jurij Wjelan"],
        [
            "Dr. med. Jurij Wjelan",
            "Praxis für Innere Medizin · Praksa za nutřkowne lěkarstwo",
            "Serbska cyrkwinska 4",
            "02625 Budyšin/Bautzen",
        ],
        "Bautzen",
        "03591 530299",
        "03591 53020",
        ["Dr. med. Jurij Wjelan"],
        lang="hsb",
    ),
]


def sender(key: str) -> Sender:
    for s in SENDERS:
        if s.key == key:
            return s
    raise KeyError(key)
