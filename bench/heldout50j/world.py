"""The invented world: the three receiving practices and the senders."""

from __future__ import annotations

from dataclasses import dataclass, field

PRACTICES = [
    {
        "key": "hafen",
        "name": "Hausarztpraxis am Hafen",
        "doctors": ["Dr. med. Kirsten Lorenzen", "Jan Ohlsen"],
        "lead": ("Frau", "Dr. med. Kirsten Lorenzen"),
        "street": "Hafenstraße 14",
        "city": "24937 Flensburg",
        "fax": "0461 160729",
        "intl_fax": "+49 461 160729",
    },
    {
        "key": "eppendorf",
        "name": "Gemeinschaftspraxis Eppendorfer Landstraße",
        "doctors": ["Dr. med. Tobias Rahlf", "Dr. med. Svenja Kröger"],
        "lead": ("Herrn", "Dr. med. Tobias Rahlf"),
        "street": "Eppendorfer Landstraße 88",
        "city": "20249 Hamburg",
        "fax": "040 48023319",
        "intl_fax": "+49 40 48023319",
    },
    {
        "key": "husum",
        "name": "Landarztpraxis Nordfriesland",
        "doctors": ["Dr. med. Hauke Bendixen"],
        "lead": ("Herrn", "Dr. med. Hauke Bendixen"),
        "street": "Süderstraße 3",
        "city": "25813 Husum",
        "fax": "04841 771290",
        "intl_fax": "+49 4841 771290",
    },
]

CLINIC_NAMES = sorted({p["name"] for p in PRACTICES} | {d for p in PRACTICES for d in p["doctors"]})


def practice_for(city: str, country: str) -> dict:
    if city == "Hamburg":
        return PRACTICES[1]
    if city in ("Husum", "Bredstedt", "Niebüll", "Sylt"):
        return PRACTICES[2]
    return PRACTICES[0]


@dataclass
class Org:
    name: str  # the organisation as printed (the truth's sender)
    alts: list[str]
    lines: list[str]  # letterhead lines after the name (department, address, phone)
    fax: str  # the sending fax number as its machine prints it
    place: str  # the town for "Kiel, den ..."
    country: str = "DE"
    signers: list[str] = field(default_factory=list)


def org(
    name: str,
    alts: list[str],
    lines: list[str],
    fax: str,
    place: str,
    signers: list[str],
    country: str = "DE",
) -> Org:
    return Org(name, alts, lines, fax, place, country, signers)


ORGS: dict[str, Org] = {
    "uni_kiel": org(
        "Universitätsklinikum Nordmark, Campus Kiel",
        [
            "UKN Kiel",
            "Universitätsklinikum Nordmark",
            "Klinik für Innere Medizin I – Kardiologie und Angiologie",
        ],
        [
            "Klinik für Innere Medizin I – Kardiologie und Angiologie",
            "Direktor: Prof. Dr. med. Arne Callsen",
            "Fördestraße 210 · 24105 Kiel",
            "Tel. 0431 597-4411 · Fax 0431 597-4419",
        ],
        "+49 431 5974419",
        "Kiel",
        ["Prof. Dr. med. Arne Callsen", "Dr. med. Lisa Frahm"],
    ),
    "uni_hh": org(
        "Universitätsklinikum Hamburg-Nord",
        ["UK Hamburg-Nord", "Klinik und Poliklinik für Neurologie"],
        [
            "Klinik und Poliklinik für Neurologie",
            "Alsterkrugchaussee 301 · 22297 Hamburg",
            "Telefon 040 7410-2200 · Telefax 040 7410-2209",
        ],
        "040 74102209",
        "Hamburg",
        ["Prof. Dr. med. Dörte Wichmann", "Dr. med. Ole Brammer"],
    ),
    "kk_husum": org(
        "Kreisklinikum Nordfriesland Husum",
        [
            "Kreisklinikum Nordfriesland",
            "KK Nordfriesland",
            "Abteilung für Allgemein- und Viszeralchirurgie",
        ],
        [
            "Abteilung für Allgemein- und Viszeralchirurgie",
            "Erichsenweg 16 · 25813 Husum",
            "Tel. 04841 660-0 · Fax 04841 660-1290",
        ],
        "04841 6601290",
        "Husum",
        ["Dr. med. Thore Iwersen", "Maike Dethleffsen"],
    ),
    "ekf": org(
        "Ev. Krankenhaus am Fördeufer",
        ["Ev. Krankenhaus am Fördeufer Flensburg", "Klinik für Geriatrie", "EvK Fördeufer"],
        [
            "Klinik für Geriatrie",
            "Marienhölzungsweg 2 · 24939 Flensburg",
            "Tel. 0461 812-0 · Fax 0461 812-2710",
        ],
        "0461 8122710",
        "Flensburg",
        ["Dr. med. Silke Outzen", "Dr. med. Ruben Asmus"],
    ),
    "sylt": org(
        "Inselklinik Westerland",
        ["Inselklinik Westerland/Sylt", "Innere Abteilung"],
        ["Innere Abteilung", "Am Kurpark 5 · 25980 Sylt", "Fon 04651 84-0 · Fax 04651 84-199"],
        "04651 84199",
        "Westerland",
        ["Dr. med. Jens Boysen"],
    ),
    "reha": org(
        "Rehaklinik Ostseewind",
        ["Reha-Klinik Ostseewind Timmendorfer Strand", "Abteilung Orthopädie"],
        [
            "Abteilung Orthopädie und Unfallchirurgie",
            "Strandallee 77 · 23669 Timmendorfer Strand",
            "Tel. 04503 880-0 · Fax 04503 880-222",
        ],
        "04503 880222",
        "Timmendorfer Strand",
        ["Dr. med. Helge Kracht", "Dipl.-Psych. Ina Rau"],
    ),
    "kardio_hh": org(
        "Kardiologie am Jungfernstieg",
        ["Kardiologische Praxis am Jungfernstieg", "Dr. med. Sven Haack"],
        [
            "Dr. med. Sven Haack · Dr. med. Femke Bruns",
            "Fachärzte für Innere Medizin und Kardiologie",
            "Jungfernstieg 30 · 20354 Hamburg",
            "Tel 040 3570-11 · Fax 040 3570-12",
        ],
        "040 357012",
        "Hamburg",
        ["Dr. med. Sven Haack"],
    ),
    "neuro_fl": org(
        "Neurologische Praxis Flensburg",
        ["Dr. med. Inken Marxen", "Neurologie Flensburg"],
        [
            "Dr. med. Inken Marxen · Fachärztin für Neurologie",
            "Rote Straße 11 · 24937 Flensburg",
            "Telefon 0461 22310 · Fax 0461 22319",
        ],
        "0461 22319",
        "Flensburg",
        ["Dr. med. Inken Marxen"],
    ),
    "hno_sl": org(
        "HNO-Praxis am Dom",
        ["HNO-Praxis am Dom Schleswig", "Dr. med. Ole Struve"],
        [
            "Dr. med. Ole Struve · Facharzt für Hals-Nasen-Ohrenheilkunde",
            "Norderdomstraße 4 · 24837 Schleswig",
            "Tel. 04621 2440 · Fax 04621 2449",
        ],
        "04621 2449",
        "Schleswig",
        ["Dr. med. Ole Struve"],
    ),
    "ortho_nms": org(
        "Orthopädie Neumünster-Mitte",
        ["Orthopädische Gemeinschaftspraxis Neumünster", "Dr. med. Kai Lüthje"],
        [
            "Dr. med. Kai Lüthje · Henrike Saß",
            "Fachärzte für Orthopädie und Unfallchirurgie",
            "Großflecken 19 · 24534 Neumünster",
            "Tel. 04321 41910 · Fax 04321 41911",
        ],
        "04321 41911",
        "Neumünster",
        ["Dr. med. Kai Lüthje"],
    ),
    "rad_fl": org(
        "Radiologie Nord am Hafermarkt",
        ["Radiologie Nord", "Radiologische Gemeinschaftspraxis Flensburg"],
        [
            "Radiologische Gemeinschaftspraxis · MRT · CT · Mammographie",
            "Hafermarkt 6 · 24943 Flensburg",
            "Tel. 0461 50880 · Fax 0461 508899",
        ],
        "0461 508899",
        "Flensburg",
        ["Dr. med. Björn Clausen", "Dr. med. Anke Wree"],
    ),
    "rad_kiel": org(
        "Radiologisches Zentrum Kiel-Holtenau",
        ["RZ Kiel-Holtenau", "Radiologisches Zentrum Kiel"],
        ["Kanalstraße 52 · 24159 Kiel", "Telefon 0431 36600 · Telefax 0431 366099"],
        "0431 366099",
        "Kiel",
        ["Dr. med. Tjark Reimers"],
    ),
    "lab_kiel": org(
        "MVZ Labor Brix & Kollegen",
        ["Labor Brix & Kollegen", "MVZ Labor Brix Kiel"],
        [
            "Labordiagnostik · Mikrobiologie · Transfusionsmedizin",
            "Sophienblatt 100 · 24114 Kiel",
            "Tel. 0431 6630-0 · Fax 0431 6630-100",
        ],
        "0431 6630100",
        "Kiel",
        ["Dr. med. Arnulf Brix"],
    ),
    "lab_hh": org(
        "MVZ Labordiagnostik Altona",
        ["Labordiagnostik Altona", "MVZ Labor Altona"],
        ["Max-Brauer-Allee 150 · 22765 Hamburg", "Tel. 040 3890-70 · Fax 040 3890-777"],
        "040 3890777",
        "Hamburg",
        ["Dr. rer. nat. Petra Kühl"],
    ),
    "patho": org(
        "Institut für Pathologie am Holstentor",
        ["Pathologie am Holstentor Lübeck", "Institut für Pathologie Lübeck"],
        ["Holstentorplatz 3 · 23552 Lübeck", "Tel. 0451 70700 · Fax 0451 707070"],
        "0451 707070",
        "Lübeck",
        ["Prof. Dr. med. Gero Steffens"],
    ),
    "nordkasse": org(
        "NordKasse Schleswig-Holstein",
        ["NordKasse", "Die Gesundheitskasse im Norden"],
        [
            "Die Gesundheitskasse im Norden",
            "Geschäftsstelle Flensburg · Holm 45 · 24937 Flensburg",
            "Telefon 0461 90980 · Telefax 0461 909899",
        ],
        "0461 909899",
        "Flensburg",
        ["Sabine Heitmann"],
    ),
    "drv": org(
        "Deutsche Rentenversicherung Nord",
        ["DRV Nord", "Rentenversicherung Nord"],
        [
            "Sozialmedizinischer Dienst",
            "Ziegelstraße 150 · 23556 Lübeck",
            "Telefon 0451 485-0 · Telefax 0451 485-17777",
        ],
        "0451 48517777",
        "Lübeck",
        ["Ärztlicher Gutachter Dr. med. Udo Harder"],
    ),
    "bg": org(
        "BG Bau – Berufsgenossenschaft der Bauwirtschaft",
        ["BG Bau", "BG BAU Bezirksverwaltung Hamburg", "Berufsgenossenschaft der Bauwirtschaft"],
        [
            "Bezirksverwaltung Hamburg",
            "Holstenwall 8 · 20355 Hamburg",
            "Tel. 040 35003-0 · Fax 040 35003-888",
        ],
        "040 35003888",
        "Hamburg",
        ["Lars Witthöft, Sachbearbeiter Reha/Leistungen"],
    ),
    "md": org(
        "Medizinischer Dienst Nord",
        ["MD Nord", "Medizinischer Dienst"],
        [
            "Begutachtung Pflegeversicherung",
            "Katharinenstraße 27 · 24534 Neumünster",
            "Tel. 04321 9880-0 · Fax 04321 9880-99",
        ],
        "04321 988099",
        "Neumünster",
        ["Gutachterin: Pflegefachkraft Heike Dau"],
    ),
    "care": org(
        "Ambulanter Pflegedienst Friesenhof",
        ["Pflegedienst Friesenhof", "Friesenhof GmbH"],
        [
            "Friesenhof GmbH · Pflege zu Hause",
            "Osterende 12 · 25813 Husum",
            "Tel. 04841 30030 · Fax 04841 30031",
        ],
        "04841 30031",
        "Husum",
        ["PDL Gesa Jannsen"],
    ),
    "apo": org(
        "Nordertor-Apotheke",
        ["Nordertor Apotheke Flensburg"],
        [
            "Apothekerin Frauke Tams e.K.",
            "Norderstraße 150 · 24939 Flensburg",
            "Tel. 0461 24700 · Fax 0461 24701",
        ],
        "0461 24701",
        "Flensburg",
        ["Apothekerin Frauke Tams"],
    ),
    "dent": org(
        "Zahnarztpraxis Dr. Jessen",
        ["Zahnarztpraxis Dr. med. dent. Frauke Jessen", "Dr. Jessen"],
        [
            "Dr. med. dent. Frauke Jessen · Zahnärztin · Oralchirurgie",
            "Holtenauer Straße 140 · 24105 Kiel",
            "Telefon 0431 81818 · Fax 0431 81819",
        ],
        "0431 81819",
        "Kiel",
        ["Dr. med. dent. Frauke Jessen"],
    ),
    "psych": org(
        "Psychotherapeutische Praxis Merle Hansen-Roth",
        ["Praxis Hansen-Roth", "Dipl.-Psych. Merle Hansen-Roth"],
        [
            "Psychologische Psychotherapeutin (VT)",
            "Bei der Johanniskirche 9 · 22767 Hamburg",
            "Tel. 040 4319977 · Fax 040 4319978",
        ],
        "040 4319978",
        "Hamburg",
        ["Dipl.-Psych. Merle Hansen-Roth"],
    ),
    "ga": org(
        "Kreis Schleswig-Flensburg – Gesundheitsamt",
        ["Gesundheitsamt Schleswig-Flensburg", "Kreis Schleswig-Flensburg"],
        [
            "Fachdienst Gesundheit · Infektionsschutz",
            "Moltkestraße 22–26 · 24837 Schleswig",
            "Tel. 04621 87-0 · Fax 04621 87-579",
        ],
        "04621 87579",
        "Schleswig",
        ["Dr. med. Ilka Brodersen, Amtsärztin"],
    ),
    "court": org(
        "Amtsgericht Flensburg – Betreuungsgericht",
        ["Amtsgericht Flensburg", "Betreuungsgericht Flensburg"],
        ["Südergraben 22 · 24937 Flensburg", "Telefon 0461 89-0 · Telefax 0461 89-295"],
        "0461 89295",
        "Flensburg",
        ["Jessen, Rechtspflegerin"],
    ),
    "augen": org(
        "Augenärzte am Kieler Schloss",
        ["Augenarztpraxis am Schloss Kiel", "Dr. med. Nora Pahl"],
        [
            "Dr. med. Nora Pahl · Dr. med. Cem Aydın",
            "Dänische Straße 20 · 24103 Kiel",
            "Tel. 0431 97990 · Fax 0431 979999",
        ],
        "0431 979999",
        "Kiel",
        ["Dr. med. Nora Pahl"],
    ),
    "derma": org(
        "Hautarztpraxis Dr. Lütt",
        ["Dermatologie Dr. Lütt", "Dr. med. Hinnerk Lütt"],
        ["Dermatologie · Allergologie · Phlebologie", "Mühlenstraße 4 · 25899 Niebüll"],
        "04661 90551",
        "Niebüll",
        ["Dr. med. Hinnerk Lütt"],
    ),
    "physio": org(
        "Physiotherapie Deichblick",
        ["Praxis Deichblick"],
        ["Niebüll"],
        "04661 5050",
        "Niebüll",
        ["Tamme"],
    ),
    # abroad
    "dk_hosp": org(
        "Grænselandets Sygehus, Aabenraa",
        ["Grænselandets Sygehus", "Medicinsk Afdeling, Aabenraa"],
        [
            "Medicinsk Afdeling",
            "Kresten Philipsens Vej 21, 6200 Aabenraa, Danmark",
            "Tlf. +45 7997 4000 · Fax +45 7997 4009",
        ],
        "+45 79974009",
        "Aabenraa",
        ["Overlæge Kasper Bjerregaard", "Læge Sofie Mølgaard"],
        "DK",
    ),
    "dk_gp": org(
        "Lægehuset Padborg",
        ["Lægerne i Padborg", "Lægehuset i Padborg"],
        [
            "Praktiserende læger Ane Kjær & Morten Bæk",
            "Torvegade 7, 6330 Padborg",
            "Tlf. +45 7467 1100",
        ],
        "+45 74671101",
        "Padborg",
        ["Ane Kjær, praktiserende læge"],
        "DK",
    ),
    "dk_en": org(
        "Odense Coastal University Hospital",
        ["OCUH Odense", "Department of Cardiology, Odense"],
        [
            "Department of Cardiology",
            "J.B. Winsløws Vej 4, 5000 Odense C, Denmark",
            "Phone +45 6541 2000 · Fax +45 6541 2009",
        ],
        "+45 65412009",
        "Odense",
        ["Consultant Cardiologist Niels Holm Rasmussen, MD, PhD"],
        "DK",
    ),
    "se": org(
        "Skånes Kustsjukhus Helsingborg",
        ["Skånes Kustsjukhus", "Ortopedkliniken Helsingborg"],
        [
            "Ortopedkliniken",
            "Södra Vallgatan 5, 251 87 Helsingborg, Sverige",
            "Tel +46 42 406 10 00 · Fax +46 42 406 10 09",
        ],
        "+46 424061009",
        "Helsingborg",
        ["Överläkare Karin Lindqvist"],
        "SE",
    ),
    "no": org(
        "Agder Kystsykehus Kristiansand",
        ["Agder Kystsykehus", "Medisinsk avdeling Kristiansand"],
        ["Medisinsk avdeling", "Egsveien 100, 4615 Kristiansand, Norge", "Telefon +47 38 07 30 00"],
        "+47 38073009",
        "Kristiansand",
        ["Lege i spesialisering Ingrid Haugland", "Overlege Eirik Solberg"],
        "NO",
    ),
    "pl": org(
        "Szpital Miejski im. Janusza Korczaka w Szczecinie",
        ["Szpital Miejski w Szczecinie", "Oddział Chorób Wewnętrznych"],
        [
            "Oddział Chorób Wewnętrznych",
            "ul. Arkońska 4, 71-455 Szczecin, Polska",
            "tel. +48 91 813 90 00, fax +48 91 813 90 09",
        ],
        "+48 918139009",
        "Szczecin",
        ["lek. med. Paweł Grabowski", "dr n. med. Ewa Sadowska"],
        "PL",
    ),
    "nl": org(
        "Noordwest Kustziekenhuis",
        ["Noordwest Kustziekenhuis Den Helder", "Afdeling Longziekten"],
        [
            "Afdeling Longziekten",
            "Huisduinerweg 3, 1782 GZ Den Helder, Nederland",
            "Tel. +31 223 69 69 69",
        ],
        "+31 223696900",
        "Den Helder",
        ["Dr. M. Visser, longarts"],
        "NL",
    ),
    "uk": org(
        "Royal Harbour Hospital Hull",
        ["North Sea Coast NHS Foundation Trust", "Royal Harbour Hospital"],
        [
            "North Sea Coast NHS Foundation Trust",
            "Department of Acute Medicine",
            "Anlaby Road, Hull HU3 2JZ, United Kingdom",
            "Tel +44 1482 875 000",
        ],
        "+44 1482 875009",
        "Hull",
        ["Dr Eleanor Whitfield MRCP, Consultant in Acute Medicine"],
        "UK",
    ),
    "us": org(
        "Lakeside Medical Center",
        ["Lakeside Medical Center, Minneapolis", "Division of Gastroenterology"],
        [
            "Division of Gastroenterology and Hepatology",
            "2450 Riverside Avenue, Minneapolis, MN 55454, USA",
            "Phone (612) 555-0142 · Fax (612) 555-0199",
        ],
        "+1 612 5550199",
        "Minneapolis",
        ["Rachel M. Donnelly, MD"],
        "US",
    ),
    "at": org(
        "Landeskrankenhaus Kitzbühel-Land",
        ["LKH Kitzbühel-Land", "Abteilung für Unfallchirurgie"],
        [
            "Abteilung für Unfallchirurgie und Sporttraumatologie",
            "Hornweg 28, 6370 Kitzbühel, Österreich",
            "Tel. +43 5356 601-0 · Fax +43 5356 601-190",
        ],
        "+43 5356601190",
        "Kitzbühel",
        ["OA Dr. Florian Tschurtschenthaler", "Ass. Dr. Magdalena Egger"],
        "AT",
    ),
    "ch": org(
        "Kantonsspital Seeland",
        ["Kantonsspital Seeland Biel", "Medizinische Klinik"],
        [
            "Medizinische Klinik",
            "Vogelsang 84, 2502 Biel/Bienne, Schweiz",
            "Tel. +41 32 324 24 24 · Fax +41 32 324 24 29",
        ],
        "+41 323242429",
        "Biel",
        ["Dr. med. Reto Gerber, Leitender Arzt", "Dr. med. Seraina Caduff"],
        "CH",
    ),
}
