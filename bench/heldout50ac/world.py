"""The world of set 50ac: receiving practices, senders, date and name conventions."""

from __future__ import annotations

import datetime as dt

PRACTICES: list[dict[str, object]] = [
    {
        "name": "Hausarztpraxis am Lousberg",
        "names": [
            "Hausarztpraxis am Lousberg",
            "Praxis am Lousberg",
            "Dr. med. Ingrid Offergeld",
            "Praxis Dr. Offergeld",
        ],
        "doctor": "Dr. med. Ingrid Offergeld",
        "address": "Kupferstraße 17, 52070 Aachen",
        "fax": "0241 5591847",
        "kind": "Einzelpraxis Allgemeinmedizin",
    },
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin "
        "Dr. med. Bernd Schillings & Dr. med. Aylin Demir-Kaulen – Hausärztliche "
        "Versorgung Nordeifel",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin",
            "Gemeinschaftspraxis Dr. Schillings & Dr. Demir-Kaulen",
            "Hausärztliche Versorgung Nordeifel",
            "Dres. med. Schillings und Demir-Kaulen",
            "Dr. med. Bernd Schillings",
            "Dr. med. Aylin Demir-Kaulen",
        ],
        "doctor": "Dr. med. Bernd Schillings",
        "address": "Kammerbruchstraße 4, 52152 Simmerath",
        "fax": "02473 930119",
        "kind": "Gemeinschaftspraxis (BAG)",
    },
    {
        "name": "MVZ Hausärztliches Zentrum Düren-Nord",
        "names": [
            "MVZ Hausärztliches Zentrum Düren-Nord",
            "Hausärztliches Zentrum Düren-Nord",
            "HZ Düren-Nord",
            "Dr. med. Konstantin Wyrwich",
        ],
        "doctor": "Dr. med. Konstantin Wyrwich",
        "address": "Nideggener Straße 81, 52349 Düren",
        "fax": "02421 4960029",
        "kind": "Medizinisches Versorgungszentrum",
    },
]

# Practice address blocks as senders print them (lines).
PRACTICE_ADDRESS = [
    [
        "Hausarztpraxis am Lousberg",
        "Frau Dr. med. Ingrid Offergeld",
        "Kupferstraße 17",
        "52070 Aachen",
    ],
    [
        "Gemeinschaftspraxis für Allgemeinmedizin und Innere Medizin",
        "Dres. med. Schillings und Demir-Kaulen",
        "Kammerbruchstraße 4",
        "52152 Simmerath",
    ],
    [
        "MVZ Hausärztliches Zentrum Düren-Nord",
        "Herrn Dr. med. Konstantin Wyrwich",
        "Nideggener Straße 81",
        "52349 Düren",
    ],
]
PRACTICE_ADDRESS_ABROAD = [
    [
        "Dr. med. Ingrid Offergeld",
        "Hausarztpraxis am Lousberg",
        "Kupferstraße 17",
        "52070 Aachen",
        "ALLEMAGNE",
    ],
    [
        "Dr. med. Bernd Schillings",
        "Hausärztliche Versorgung Nordeifel",
        "Kammerbruchstraße 4",
        "52152 Simmerath",
        "DUITSLAND",
    ],
    [
        "Dr. med. Konstantin Wyrwich",
        "HZ Düren-Nord",
        "Nideggener Straße 81",
        "52349 Düren",
        "GERMANY",
    ],
]
SALUTE_DOCTOR = [
    "Sehr geehrte Frau Kollegin Offergeld,",
    "Sehr geehrte Kolleginnen und Kollegen,",
    "Sehr geehrter Herr Kollege Wyrwich,",
]

MONTHS = {
    "de": [
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
    ],
    "fr": [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ],
    "nl": [
        "januari",
        "februari",
        "maart",
        "april",
        "mei",
        "juni",
        "juli",
        "augustus",
        "september",
        "oktober",
        "november",
        "december",
    ],
    "lb": [
        "Januar",
        "Februar",
        "Mäerz",
        "Abrëll",
        "Mee",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ],
    "es": [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ],
    "pl": [
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
    ],
    "ru": [
        "января",
        "февраля",
        "марта",
        "апреля",
        "мая",
        "июня",
        "июля",
        "августа",
        "сентября",
        "октября",
        "ноября",
        "декабря",
    ],
    "en": [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ],
}
WEEKDAYS_DE = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]
STAMP_MONTHS = ["JAN", "FEB", "MRZ", "APR", "MAI", "JUN", "JUL", "AUG", "SEP", "OKT", "NOV", "DEZ"]


def d(iso: str) -> dt.date:
    return dt.date.fromisoformat(iso)


def fmt(iso: str, style: str) -> str:
    """A date as the letter prints it."""
    x = d(iso)
    dd, mm, yy = x.day, x.month, x.year
    if style == "de":
        return f"{dd:02d}.{mm:02d}.{yy}"
    if style == "de_short":
        return f"{dd}.{mm}.{yy}"
    if style == "de_long":
        return f"{dd}. {MONTHS['de'][mm - 1]} {yy}"
    if style == "de_weekday":
        return f"{WEEKDAYS_DE[x.weekday()]}, {dd}. {MONTHS['de'][mm - 1]} {yy}"
    if style == "iso":
        return x.isoformat()
    if style == "slash":
        return f"{dd:02d}/{mm:02d}/{yy}"
    if style == "dash":
        return f"{dd:02d}-{mm:02d}-{yy}"
    if style == "fr_long":
        day = "1er" if dd == 1 else str(dd)
        return f"{day} {MONTHS['fr'][mm - 1]} {yy}"
    if style == "nl_long":
        return f"{dd} {MONTHS['nl'][mm - 1]} {yy}"
    if style == "lb_long":
        return f"{dd}. {MONTHS['lb'][mm - 1]} {yy}"
    if style == "es_long":
        return f"{dd} de {MONTHS['es'][mm - 1]} de {yy}"
    if style == "pl_num":
        return f"{dd:02d}.{mm:02d}.{yy} r."
    if style == "pl_long":
        return f"{dd} {MONTHS['pl'][mm - 1]} {yy} r."
    if style == "ru_long":
        return f"{dd} {MONTHS['ru'][mm - 1]} {yy} г."
    if style == "en_gb":
        return f"{dd} {MONTHS['en'][mm - 1]} {yy}"
    if style == "en_ie":
        suf = "th" if 10 <= dd % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(dd % 10, "th")
        return f"{dd}{suf} {MONTHS['en'][mm - 1]} {yy}"
    if style == "en_us":
        return f"{MONTHS['en'][mm - 1]} {dd}, {yy}"
    if style == "us_num":
        return f"{mm:02d}/{dd:02d}/{yy}"
    if style == "stamp":
        return f"{dd:02d}. {STAMP_MONTHS[mm - 1]}. {yy}"
    raise ValueError(style)


def plus(iso: str, days: int) -> str:
    return (d(iso) + dt.timedelta(days=days)).isoformat()


# Senders: key -> description. "region" decides the date convention of the letter.
SENDERS: dict[str, dict[str, object]] = {
    "uka": {
        "name": "Uniklinik RWTH Aachen",
        "alts": [
            "Universitätsklinikum Aachen",
            "UKA",
            "Klinik für Kardiologie, Angiologie und Internistische Intensivmedizin",
        ],
        "dept": "Klinik für Kardiologie, Angiologie und Internistische Intensivmedizin",
        "addr": "Pauwelsstraße 30 · 52074 Aachen",
        "fax": "+49 241 80-82420",
        "doctor": "Univ.-Prof. Dr. med. Stephan Wirtz-Bovenkerk",
        "city": "Aachen",
    },
    "antonius": {
        "name": "St.-Antonius-Hospital Eschweiler",
        "alts": ["St.-Antonius-Hospital", "Klinik für Gastroenterologie"],
        "dept": "Klinik für Gastroenterologie und Hepatologie",
        "addr": "Dechant-Deckers-Straße 8 · 52249 Eschweiler",
        "fax": "02403 76-1299",
        "doctor": "Chefarzt Dr. med. Ralf Kuckelkorn",
        "city": "Eschweiler",
    },
    "marien": {
        "name": "Marienhospital Aachen",
        "alts": ["Marienhospital", "Klinik für Geriatrie"],
        "dept": "Klinik für Geriatrie und Frührehabilitation",
        "addr": "Zeise 4 · 52066 Aachen",
        "fax": "0241 6006-1509",
        "doctor": "Dr. med. Theresia Classen-Hoff",
        "city": "Aachen",
    },
    "dueren": {
        "name": "Krankenhaus Düren gem. GmbH",
        "alts": ["Krankenhaus Düren", "Klinik für Unfallchirurgie und Orthopädie"],
        "dept": "Klinik für Unfallchirurgie und Orthopädie",
        "addr": "Roonstraße 30 · 52351 Düren",
        "fax": "02421 30-1490",
        "doctor": "Dr. med. Jens Oberkirch",
        "city": "Düren",
    },
    "ukk": {
        "name": "Uniklinik Köln",
        "alts": ["Universitätsklinikum Köln", "Klinik I für Innere Medizin"],
        "dept": "Klinik I für Innere Medizin – Hämatologie und Onkologie",
        "addr": "Kerpener Str. 62 · 50937 Köln",
        "fax": "0221 478-86011",
        "doctor": "Prof. Dr. med. Katrin Vogelsang",
        "city": "Köln",
    },
    "ukb": {
        "name": "Universitätsklinikum Bonn",
        "alts": ["UKB", "Klinik und Poliklinik für Neurologie"],
        "dept": "Klinik und Poliklinik für Neurologie",
        "addr": "Venusberg-Campus 1 · 53127 Bonn",
        "fax": "0228 287-14399",
        "doctor": "PD Dr. med. Malte Gerhardy",
        "city": "Bonn",
    },
    "bwzk": {
        "name": "Bundeswehrzentralkrankenhaus Koblenz",
        "alts": ["BwZKrhs Koblenz", "Abteilung VI – Orthopädie"],
        "dept": "Abteilung VI – Orthopädie und Unfallchirurgie",
        "addr": "Rübenacher Straße 170 · 56072 Koblenz",
        "fax": "0261 281-2299",
        "doctor": "Oberstarzt Dr. med. Henrik Staudt",
        "city": "Koblenz",
    },
    "kardio": {
        "name": "Kardiologische Gemeinschaftspraxis Aachen-Burtscheid",
        "alts": ["Kardiologie Burtscheid", "Dres. med. Hamacher & Yıldız"],
        "dept": "",
        "addr": "Kurbrunnenstraße 22 · 52066 Aachen",
        "fax": "0241 9437-720",
        "doctor": "Dr. med. Volker Hamacher",
        "city": "Aachen",
    },
    "neuro": {
        "name": "Neurologische Praxis am Kaiserplatz",
        "alts": ["Dr. med. Sabine Erkens", "Neurologische Praxis"],
        "dept": "",
        "addr": "Kaiserplatz 6 · 52349 Düren",
        "fax": "02421 22318-9",
        "doctor": "Dr. med. Sabine Erkens",
        "city": "Düren",
    },
    "ortho": {
        "name": "Orthopädie am Dom",
        "alts": ["Orthopädische Praxis am Dom Köln", "Dr. med. Florian Nüsser"],
        "dept": "",
        "addr": "Domkloster 2 · 50667 Köln",
        "fax": "0221 2580-334",
        "doctor": "Dr. med. Florian Nüsser",
        "city": "Köln",
    },
    "labor": {
        "name": "MVZ Laborzentrum Aachen-Süd",
        "alts": ["Laborzentrum Aachen-Süd", "MVZ Labor Aachen"],
        "dept": "Fachärzte für Laboratoriumsmedizin",
        "addr": "Trierer Straße 652 · 52078 Aachen",
        "fax": "0241 475520-99",
        "doctor": "Dr. med. Anja Lückerath",
        "city": "Aachen",
    },
    "labor2": {
        "name": "Laborarztpraxis Dres. Wirtz & Classen",
        "alts": ["Labor Wirtz & Classen", "Dres. Wirtz & Classen"],
        "dept": "Mikrobiologie · Laboratoriumsmedizin",
        "addr": "Zehnthofstraße 3 · 52349 Düren",
        "fax": "02421 5055-11",
        "doctor": "Dr. rer. nat. Ulrich Classen",
        "city": "Düren",
    },
    "radio": {
        "name": "Radiologisches Zentrum Aachen-Burtscheid",
        "alts": ["RZ Aachen-Burtscheid", "Radiologie Burtscheid"],
        "dept": "MRT · CT · Mammographie",
        "addr": "Malmedyer Straße 30 · 52066 Aachen",
        "fax": "0241 960-8811",
        "doctor": "Dr. med. Pascal Dohmen",
        "city": "Aachen",
    },
    "radio2": {
        "name": "Radiologie Eifel Mechernich",
        "alts": ["Radiologie Eifel", "Radiologische Praxis Mechernich"],
        "dept": "",
        "addr": "St.-Elisabeth-Straße 2 · 53894 Mechernich",
        "fax": "02443 17-5599",
        "doctor": "Dr. med. Helene Mauel",
        "city": "Mechernich",
    },
    "aok": {
        "name": "AOK Rheinland/Hamburg",
        "alts": ["AOK Rheinland/Hamburg – Die Gesundheitskasse", "AOK", "Die Gesundheitskasse"],
        "dept": "Regionaldirektion Aachen",
        "addr": "Karlshof am Markt · 52062 Aachen",
        "fax": "0241 464-9911",
        "doctor": "Sachbearbeitung Krankengeld: Frau Hürtgen",
        "city": "Aachen",
    },
    "central": {
        "name": "Central Krankenversicherung AG",
        "alts": ["Central Krankenversicherung", "Central"],
        "dept": "Leistungsabteilung",
        "addr": "Hansaring 40–50 · 50670 Köln",
        "fax": "0221 1636-2500",
        "doctor": "Leistungsprüfung",
        "city": "Köln",
    },
    "debeka": {
        "name": "Debeka Krankenversicherungsverein a. G.",
        "alts": ["Debeka", "Debeka Krankenversicherung"],
        "dept": "Abteilung Leistung",
        "addr": "Ferdinand-Sauerbruch-Straße 18 · 56073 Koblenz",
        "fax": "0261 498-5555",
        "doctor": "",
        "city": "Koblenz",
    },
    "md": {
        "name": "Medizinischer Dienst Nordrhein",
        "alts": ["MD Nordrhein", "Medizinischer Dienst"],
        "dept": "Begutachtungs- und Beratungszentrum Aachen",
        "addr": "Bergdriesch 1 · 52062 Aachen",
        "fax": "0211 1382-601",
        "doctor": "Pflegefachkraft Marion Jussen",
        "city": "Aachen",
    },
    "ga": {
        "name": "StädteRegion Aachen – Gesundheitsamt",
        "alts": ["Gesundheitsamt der StädteRegion Aachen", "Gesundheitsamt", "StädteRegion Aachen"],
        "dept": "Infektionsschutz",
        "addr": "Trierer Straße 1 · 52078 Aachen",
        "fax": "0241 5198-2097",
        "doctor": "Dr. med. Gudrun Lemmens",
        "city": "Aachen",
    },
    "ga2": {
        "name": "Kreis Düren – Gesundheitsamt",
        "alts": ["Gesundheitsamt Kreis Düren", "Kreis Düren"],
        "dept": "Amt für Gesundheit",
        "addr": "Bismarckstraße 16 · 52351 Düren",
        "fax": "02421 22-182699",
        "doctor": "Dr. med. Norbert Schoeller",
        "city": "Düren",
    },
    "pflege": {
        "name": "Caritas-Pflegestation Nordeifel",
        "alts": ["Caritas Pflegestation", "Caritasverband für die Region Eifel"],
        "dept": "Ambulanter Pflegedienst",
        "addr": "Hauptstraße 41 · 52152 Simmerath",
        "fax": "02473 9372-12",
        "doctor": "Pflegedienstleitung Petra Rader",
        "city": "Simmerath",
    },
    "pflege2": {
        "name": "Diakonie-Station Düren",
        "alts": ["Diakonie Düren", "Diakonisches Werk"],
        "dept": "Häusliche Krankenpflege",
        "addr": "Wilhelm-Wester-Weg 1 · 52349 Düren",
        "fax": "02421 188-44",
        "doctor": "Schwester Anke Bollig",
        "city": "Düren",
    },
    "apo": {
        "name": "Adler-Apotheke Stolberg",
        "alts": ["Adler Apotheke", "Apotheke"],
        "dept": "",
        "addr": "Steinweg 58 · 52222 Stolberg",
        "fax": "02402 22431",
        "doctor": "Apotheker Markus Stollwerk",
        "city": "Stolberg",
    },
    "physio": {
        "name": "Physiotherapie Vennbahn",
        "alts": ["Praxis für Physiotherapie Vennbahn", "Vennbahn-Physio"],
        "dept": "",
        "addr": "Bahnhofstraße 3 · 52156 Monschau",
        "fax": "02472 80133",
        "doctor": "Tim Savelsberg, Physiotherapeut B.Sc.",
        "city": "Monschau",
    },
    # Abroad.
    "chc": {
        "name": "St. Nikolaus-Hospital Eupen",
        "alts": ["St. Nikolaus-Hospital", "Klinik St. Josef St. Vith"],
        "dept": "Innere Medizin",
        "addr": "Hufengasse 4-8 · B-4700 Eupen",
        "fax": "+32 87 59 94 09",
        "doctor": "Dr. Luc Meyers",
        "city": "Eupen",
        "region": "BE",
    },
    "chu_liege": {
        "name": "CHU de Liège",
        "alts": ["Centre Hospitalier Universitaire de Liège", "Service de Cardiologie"],
        "dept": "Service de Cardiologie",
        "addr": "Avenue de l'Hôpital 1 · B-4000 Liège",
        "fax": "+32 4 323 72 40",
        "doctor": "Dr Jean-Marc Lejeune",
        "city": "Liège",
        "region": "BE",
    },
    "zol": {
        "name": "Ziekenhuis Oost-Limburg",
        "alts": ["ZOL Genk", "ZOL", "Dienst Orthopedie"],
        "dept": "Dienst Orthopedie",
        "addr": "Schiepse Bos 6 · B-3600 Genk",
        "fax": "+32 89 32 79 00",
        "doctor": "Dr. Pieter Vanhoof",
        "city": "Genk",
        "region": "BE",
    },
    "mumc": {
        "name": "Maastricht UMC+",
        "alts": ["Maastricht Universitair Medisch Centrum+", "azM", "afdeling Longziekten"],
        "dept": "afdeling Longziekten",
        "addr": "P. Debyelaan 25 · 6229 HX Maastricht",
        "fax": "+31 43 387 50 51",
        "doctor": "dr. M.A.J. Hendriks, longarts",
        "city": "Maastricht",
        "region": "NL",
    },
    "zuyderland": {
        "name": "Zuyderland Medisch Centrum",
        "alts": ["Zuyderland", "Zuyderland Heerlen", "Spoedeisende Hulp"],
        "dept": "Spoedeisende Hulp",
        "addr": "Henri Dunantstraat 5 · 6419 PC Heerlen",
        "fax": "+31 88 459 77 01",
        "doctor": "drs. S. Bakker, SEH-arts",
        "city": "Heerlen",
        "region": "NL",
    },
    "chl": {
        "name": "Centre Hospitalier de Luxembourg",
        "alts": ["CHL", "Service de Neurologie"],
        "dept": "Service de Neurologie",
        "addr": "4, rue Nicolas Ernest Barblé · L-1210 Luxembourg",
        "fax": "+352 4411 6501",
        "doctor": "Dr Carole Schmit",
        "city": "Luxembourg",
        "region": "LU",
    },
    "hrs": {
        "name": "Hôpitaux Robert Schuman",
        "alts": ["Hôpital Kirchberg", "HRS", "Gastroenterologie"],
        "dept": "Gastroenterologie",
        "addr": "9, rue Edward Steichen · L-2540 Luxembourg",
        "fax": "+352 2468 2009",
        "doctor": "Dr. Georges Weber",
        "city": "Lëtzebuerg",
        "region": "LU",
    },
    "chu_stras": {
        "name": "Hôpitaux Universitaires de Strasbourg",
        "alts": ["HUS", "Nouvel Hôpital Civil", "Service de Dermatologie"],
        "dept": "Service de Dermatologie",
        "addr": "1, place de l'Hôpital · 67091 Strasbourg",
        "fax": "+33 3 88 11 62 99",
        "doctor": "Pr Olivier Bernard",
        "city": "Strasbourg",
        "region": "FR",
    },
    "alicante": {
        "name": "Hospital General Universitario Dr. Balmis",
        "alts": ["Hospital General de Alicante", "Servicio de Urgencias"],
        "dept": "Servicio de Urgencias",
        "addr": "C/ Pintor Baeza 11 · 03010 Alicante",
        "fax": "+34 965 93 83 00",
        "doctor": "Dr. Javier Fernández Ruiz",
        "city": "Alicante",
        "region": "ES",
    },
    "krakow": {
        "name": "Szpital Uniwersytecki w Krakowie",
        "alts": ["Szpital Uniwersytecki", "Oddział Chorób Wewnętrznych"],
        "dept": "Oddział Chorób Wewnętrznych",
        "addr": "ul. Jakubowskiego 2 · 30-688 Kraków",
        "fax": "+48 12 400 20 01",
        "doctor": "lek. med. Piotr Wiśniewski",
        "city": "Kraków",
        "region": "PL",
    },
    "spb": {
        "name": "Городская больница № 26",
        "alts": ["ГБУЗ Городская больница № 26", "Кардиологическое отделение"],
        "dept": "Кардиологическое отделение",
        "addr": "ул. Костюшко, 2 · 196247 Санкт-Петербург",
        "fax": "+7 812 415 18 30",
        "doctor": "врач Смирнова О. В.",
        "city": "Санкт-Петербург",
        "region": "RU",
    },
    "nhs": {
        "name": "Royal Devon University Healthcare NHS Foundation Trust",
        "alts": ["Royal Devon", "Emergency Department"],
        "dept": "Emergency Department",
        "addr": "Barrack Road · Exeter EX2 5DW",
        "fax": "+44 1392 402 990",
        "doctor": "Dr Emily Taylor, ST5 Emergency Medicine",
        "city": "Exeter",
        "region": "GB",
    },
    "galway": {
        "name": "University Hospital Galway",
        "alts": ["Saolta University Health Care Group", "Department of Orthopaedics"],
        "dept": "Department of Orthopaedics",
        "addr": "Newcastle Road · Galway H91 YR71",
        "fax": "+353 91 544 010",
        "doctor": "Mr Ciarán O'Brien FRCSI",
        "city": "Galway",
        "region": "IE",
    },
    "mayo": {
        "name": "Mount Sinai Hospital",
        "alts": ["Mount Sinai", "Department of Medicine"],
        "dept": "Department of Medicine",
        "addr": "1468 Madison Ave · New York, NY 10029",
        "fax": "+1 212 241 0077",
        "doctor": "James Miller, MD",
        "city": "New York",
        "region": "US",
    },
}
