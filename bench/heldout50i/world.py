"""The invented world of the ninth blind set: three receiving practices in the Breisgau
(southern Baden)
and the organisations that write to them, at home and abroad."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Practice:
    name: str
    doctor: str
    street: str
    city: str
    fax: str
    fax_international: str


PRACTICES = (
    Practice(
        "Hausarztpraxis Wiehre – Dr. med. Lorenz Imhof",
        "Dr. med. Lorenz Imhof",
        "Günterstalstraße 41",
        "79102 Freiburg im Breisgau",
        "0761 7071-559",
        "+49 761 7071559",
    ),
    Practice(
        "Gemeinschaftspraxis am Kaiserstuhl Dres. Behringer & Wangler",
        "Dr. med. Saskia Behringer",
        "Bahnhofstraße 12",
        "79235 Vogtsburg im Kaiserstuhl",
        "07662 9431-20",
        "+49 7662 943120",
    ),
    Practice(
        "Allgemeinmedizin im Markgräflerland Dr. Jonas Riedlinger",
        "Dr. med. Jonas Riedlinger",
        "Werderstraße 3",
        "79379 Müllheim",
        "07631 1748-9",
        "+49 7631 17489",
    ),
)


@dataclass(frozen=True)
class Sender:
    """One writing organisation: the name as its letterhead prints it, other acceptable names, and
    what else
    the letterhead shows (department, address lines), its fax number, its town, and who signs."""

    name: str
    alternatives: tuple[str, ...]
    lines: tuple[str, ...]
    fax: str
    town: str
    signers: tuple[str, ...]
    short: str = ""
    extra: dict = field(default_factory=dict)


S = Sender
HOSPITALS = (
    S(
        "Universitätsklinikum Freiburg",
        ("Uniklinik Freiburg", "Klinik für Innere Medizin III – Kardiologie und Angiologie"),
        (
            "Klinik für Innere Medizin III – Kardiologie und Angiologie",
            "Hugstetter Straße 55 · 79106 Freiburg",
        ),
        "0761 270-34120",
        "Freiburg",
        ("Prof. Dr. med. Dorothea Kessler-Brandt", "Dr. med. Fabian Oertle"),
        "UKF Kardiologie",
    ),
    S(
        "Kreiskrankenhaus Emmendingen",
        ("Kreiskliniken Emmendingen", "Medizinische Klinik, Kreiskrankenhaus Emmendingen"),
        (
            "Medizinische Klinik · Chefarzt Dr. med. Armin Gschwind",
            "Gartenstraße 44 · 79312 Emmendingen",
        ),
        "07641 454-2209",
        "Emmendingen",
        ("Dr. med. Armin Gschwind", "Aylin Demirtaş, Assistenzärztin"),
        "KKH EM",
    ),
    S(
        "St. Elisabethen-Krankenhaus Breisach",
        ("Elisabethen-Krankenhaus Breisach", "Klinik für Unfallchirurgie und Orthopädie"),
        (
            "Klinik für Unfallchirurgie und Orthopädie",
            "Münsterbergstraße 8 · 79206 Breisach am Rhein",
        ),
        "07667 902-118",
        "Breisach",
        ("Dr. med. Ulrich Vollmer", "Dr. med. Lisa Brenneisen"),
        "St. Elisabethen",
    ),
    S(
        "Helios Klinik Markgräflerland",
        ("Helios Klinik Müllheim", "Klinik für Geriatrie, Helios Klinik Markgräflerland"),
        ("Klinik für Geriatrie", "Heliosweg 1 · 79379 Müllheim"),
        "07631 88-4410",
        "Müllheim",
        ("Dr. med. Benedikt Sauter", "Dipl.-Med. Irina Volkova"),
        "Helios MHM",
    ),
)
SPECIALISTS = (
    S(
        "Kardiologische Gemeinschaftspraxis Freiburg-Herdern",
        ("Kardiologie Herdern",),
        (
            "Dr. med. Felix Buchholz · Dr. med. Mareike Strobel",
            "Fachärzte für Innere Medizin und Kardiologie",
            "Habsburgerstraße 101 · 79104 Freiburg",
        ),
        "0761 55 66 19",
        "Freiburg",
        ("Dr. med. Mareike Strobel",),
        "Kardio Herdern",
    ),
    S(
        "Neurologische Praxis am Martinstor",
        ("Praxis Dr. Hollerbach", "Dr. med. Gregor Hollerbach"),
        (
            "Dr. med. Gregor Hollerbach, Facharzt für Neurologie",
            "Kaiser-Joseph-Straße 233 · 79098 Freiburg",
        ),
        "0761 38 71 02",
        "Freiburg",
        ("Dr. med. Gregor Hollerbach",),
        "Neuro Martinstor",
    ),
    S(
        "Augenzentrum Dreiländereck",
        ("Augenzentrum Dreiländereck Lörrach",),
        ("Dres. med. Chantal Meyer-Ott und Pascal Ritter", "Basler Straße 170 · 79539 Lörrach"),
        "07621 91 40-77",
        "Lörrach",
        ("Dr. med. Pascal Ritter",),
        "Augenzentrum",
    ),
)
RADIOLOGY = (
    S(
        "Radiologie im Breisgau MVZ",
        ("MVZ Radiologie im Breisgau", "Radiologie im Breisgau"),
        ("Standort Kirchzarten · Hauptstraße 63 · 79199 Kirchzarten", "Tel. 07661 98 77-0"),
        "07661 98 77-99",
        "Kirchzarten",
        ("Dr. med. Nora Kaltenbrunner",),
        "Radiologie Breisgau",
    ),
    S(
        "Diagnostikzentrum Schwarzwald-Baar Radiologie",
        ("Diagnostikzentrum Schwarzwald-Baar",),
        ("Teleradiologie · Vöhrenbacher Straße 12 · 78050 Villingen-Schwenningen",),
        "07721 40 12-2",
        "Villingen",
        ("Priv.-Doz. Dr. med. Roland Amann",),
        "DZ S-B",
    ),
)
LABS = (
    S(
        "MVZ Labor Oberrhein",
        ("Labor Oberrhein", "MVZ Labor Oberrhein GmbH"),
        ("Fachärzte für Laboratoriumsmedizin", "Tullastraße 4 · 79108 Freiburg"),
        "0761 15 12-440",
        "Freiburg",
        ("Dr. med. Hanna Wirth",),
        "Labor Oberrhein",
    ),
)
PATHOLOGY = (
    S(
        "Institut für Pathologie Dreisamtal",
        ("Pathologie Dreisamtal",),
        (
            "Gemeinschaftspraxis für Pathologie · Prof. Dr. med. Werner Eichin",
            "Schwarzwaldstraße 180 · 79117 Freiburg",
        ),
        "0761 61 02-39",
        "Freiburg",
        ("Prof. Dr. med. Werner Eichin", "Dr. med. Selin Aras"),
        "Patho Dreisamtal",
    ),
)
REHAB = (
    S(
        "Deutsche Rentenversicherung Baden-Württemberg",
        ("DRV Baden-Württemberg", "Deutsche Rentenversicherung"),
        ("Gartenstraße 105 · 76135 Karlsruhe",),
        "0721 825-21229",
        "Karlsruhe",
        ("Im Auftrag Sandra Mößner",),
        "DRV BW",
    ),
    S(
        "Berufsgenossenschaft Holz und Metall",
        ("BGHM", "BG Holz und Metall"),
        ("Bezirksverwaltung Stuttgart", "Vollmoellerstraße 11 · 70563 Stuttgart"),
        "0800 9990080-2",
        "Stuttgart",
        ("Reha-Managerin Tanja Gfrörer",),
        "BGHM Stgt",
    ),
    S(
        "Medizinischer Dienst Baden-Württemberg",
        ("MD Baden-Württemberg", "MDK Baden-Württemberg"),
        ("Begutachtungsregion Südbaden", "Ahornweg 2 · 77933 Lahr"),
        "07821 938-120",
        "Lahr",
        ("Pflegefachkraft Birgit Held",),
        "MD BW",
    ),
    S(
        "AOK Baden-Württemberg",
        ("AOK Südlicher Oberrhein", "AOK – Die Gesundheitskasse"),
        ("Die Gesundheitskasse Südlicher Oberrhein", "Fahnenbergplatz 6 · 79098 Freiburg"),
        "0761 2103-555",
        "Freiburg",
        ("Fallmanagement Jens Obergfell",),
        "AOK BW",
    ),
)
CARE = (
    S(
        "Seniorenzentrum St. Ulrich Kirchzarten",
        ("Seniorenzentrum St. Ulrich",),
        ("Pflege · Betreuung · Wohnen", "Talvogteistraße 9 · 79199 Kirchzarten"),
        "07661 39 02-11",
        "Kirchzarten",
        ("Wohnbereichsleitung Melanie Zängerle",),
        "SZ St Ulrich",
    ),
    S(
        "Rebland-Apotheke Ihringen",
        ("Rebland Apotheke",),
        ("Apothekerin Franziska Hügel e.K.", "Bachenstraße 2 · 79241 Ihringen"),
        "07668 71 55-1",
        "Ihringen",
        ("Franziska Hügel, Apothekerin",),
        "Rebland-Apo",
    ),
    S(
        "Physiotherapie Dreiklang",
        ("Praxis für Physiotherapie Dreiklang",),
        (
            "Krankengymnastik · Manuelle Therapie · Lymphdrainage",
            "Belchenstraße 22 · 79219 Staufen",
        ),
        "07633 80 60 32",
        "Staufen",
        ("Moritz Eckerle, Physiotherapeut B.Sc.",),
        "Physio Dreiklang",
    ),
)
ABROAD = {
    "CH": S(
        "Universitätsspital Basel",
        ("USB", "Klinik für Endokrinologie, Universitätsspital Basel"),
        (
            "Klinik für Endokrinologie, Diabetologie und Metabolismus",
            "Petersgraben 4 · CH-4031 Basel",
        ),
        "+41 61 265 41 00",
        "Basel",
        ("Prof. Dr. med. Reto Brändli", "Dr. med. Seraina Caflisch"),
        "USB Endo",
    ),
    "AT": S(
        "Landeskrankenhaus Bludenz",
        ("LKH Bludenz",),
        ("Abteilung für Innere Medizin", "Spitalgasse 13 · A-6700 Bludenz"),
        "+43 5552 603-4109",
        "Bludenz",
        ("OA Dr. Matthias Nesensohn", "Ass. Dr. Verena Tschofen"),
        "LKH Bludenz",
    ),
    "GB": S(
        "Royal Wessex Hospital NHS Foundation Trust",
        ("Royal Wessex Hospital", "Department of Gastroenterology, Royal Wessex Hospital"),
        ("Department of Gastroenterology", "Harnham Road · Salisbury SP2 8HQ"),
        "+44 1722 336 910",
        "Salisbury",
        ("Dr Eleanor Whitcombe, Consultant Gastroenterologist",),
        "RWH GASTRO",
    ),
    "US": S(
        "Lakeshore Medical Center",
        ("Lakeshore Medical Center Cardiology",),
        ("Division of Cardiology", "2200 N. Lakeview Ave · Chicago, IL 60614"),
        "+1 312 555 0148",
        "Chicago",
        ("Michael T. Reyes, MD, FACC",),
        "LAKESHORE MC",
    ),
    "IE": S(
        "St. Finbarr's University Hospital",
        ("St Finbarr's University Hospital Cork", "St. Finbarr's Hospital"),
        ("Department of Orthopaedic Surgery", "Wilton Road · Cork T12 X23H"),
        "+353 21 492 0187",
        "Cork",
        ("Mr Cathal Ó Súilleabháin FRCSI",),
        "SFUH ORTHO",
    ),
    "FR": S(
        "Groupe Hospitalier Sud-Alsace",
        ("GHSA", "Hôpital Émile Muller, Groupe Hospitalier Sud-Alsace"),
        (
            "Hôpital Émile Muller · Service de Pneumologie",
            "20 avenue du Docteur René Laennec · F-68100 Mulhouse",
        ),
        "+33 3 89 64 77 10",
        "Mulhouse",
        ("Dr Camille Wurtz",),
        "GHSA PNEUMO",
    ),
    "NL": S(
        "Ziekenhuis De Veluwezoom",
        ("De Veluwezoom ziekenhuis",),
        ("Afdeling Interne Geneeskunde", "Wagnerlaan 55 · 6815 AD Arnhem"),
        "+31 26 378 49 10",
        "Arnhem",
        ("Dr. Maarten de Vries, internist",),
        "VELUWEZOOM",
    ),
    "IT": S(
        "Ospedale Regionale di Lugano",
        ("EOC Ospedale Regionale di Lugano", "Ospedale Civico Lugano"),
        (
            "Servizio di Medicina Interna · Ente Ospedaliero Cantonale",
            "Via Tesserete 46 · CH-6900 Lugano",
        ),
        "+41 91 811 60 22",
        "Lugano",
        ("Dr. med. Giulia Bernasconi",),
        "EOC ORL",
    ),
}
EMERGENCY = S(
    "Notfallpraxis am Universitätsklinikum Freiburg",
    ("Notfallpraxis Freiburg", "Ärztlicher Bereitschaftsdienst Freiburg"),
    (
        "Ärztlicher Bereitschaftsdienst der KV Baden-Württemberg",
        "Sir-Hans-A.-Krebs-Straße · 79106 Freiburg",
    ),
    "0761 270-33990",
    "Freiburg",
    ("Dr. T. Albiez",),
    "Notfallpraxis FR",
)
