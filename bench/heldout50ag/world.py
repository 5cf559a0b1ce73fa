"""The world of the letters: receiving practices, senders, date spellings of each convention."""

from __future__ import annotations

import datetime as dt
from typing import Any

PRACTICES: list[dict[str, Any]] = [
    {
        "name": "Hausarztpraxis am Merianplatz",
        "names": [
            "Hausarztpraxis am Merianplatz",
            "Praxis am Merianplatz",
            "Hausarztpraxis Merianplatz",
        ],
        "doctor": "Dr. med. Katharina Seibold",
        "address": "Merianplatz 7, 60316 Frankfurt am Main",
        "fax": "069 4930 2218",
        "kind": "Hausarztpraxis (Einzelpraxis)",
    },
    {
        "name": "Medizinisches Versorgungszentrum für Allgemeinmedizin, Innere Medizin und "
        "Reisemedizin Offenbach-Kaiserlei",
        "names": [
            "Medizinisches Versorgungszentrum für Allgemeinmedizin, Innere Medizin und "
            "Reisemedizin Offenbach-Kaiserlei",
            "MVZ für Allgemeinmedizin, Innere Medizin und Reisemedizin Offenbach-Kaiserlei",
            "MVZ Offenbach-Kaiserlei",
            "MVZ Kaiserlei",
        ],
        "doctor": "Dr. med. Tomislav Barić",
        "address": "Strahlenbergerstraße 110, 63067 Offenbach am Main",
        "fax": "069 8297 4410",
        "kind": "MVZ (hausärztlich-internistisch)",
    },
    {
        "name": "Landarztpraxis Siebert-Kümmel",
        "names": [
            "Landarztpraxis Siebert-Kümmel",
            "Praxis Dr. Siebert-Kümmel",
            "Landarztpraxis Dr. Siebert-Kümmel",
        ],
        "doctor": "Dr. med. Hannelore Siebert-Kümmel",
        "address": "Braunstraße 14, 64720 Michelstadt",
        "fax": "06061 70 35 19",
        "kind": "Landarztpraxis (Odenwald)",
    },
]

# Address lines of each practice as printed in a letter's window (name may be shortened).
PRACTICE_WINDOW: list[list[str]] = [
    [
        "Hausarztpraxis am Merianplatz",
        "Frau Dr. med. Katharina Seibold",
        "Merianplatz 7",
        "60316 Frankfurt am Main",
    ],
    [
        "MVZ Offenbach-Kaiserlei",
        "Herrn Dr. med. Tomislav Barić",
        "Strahlenbergerstraße 110",
        "63067 Offenbach am Main",
    ],
    [
        "Landarztpraxis Siebert-Kümmel",
        "Frau Dr. med. Hannelore Siebert-Kümmel",
        "Braunstraße 14",
        "64720 Michelstadt",
    ],
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
    "tr": [
        "Ocak",
        "Şubat",
        "Mart",
        "Nisan",
        "Mayıs",
        "Haziran",
        "Temmuz",
        "Ağustos",
        "Eylül",
        "Ekim",
        "Kasım",
        "Aralık",
    ],
    "hr": [
        "siječnja",
        "veljače",
        "ožujka",
        "travnja",
        "svibnja",
        "lipnja",
        "srpnja",
        "kolovoza",
        "rujna",
        "listopada",
        "studenoga",
        "prosinca",
    ],
    "pt": [
        "janeiro",
        "fevereiro",
        "março",
        "abril",
        "maio",
        "junho",
        "julho",
        "agosto",
        "setembro",
        "outubro",
        "novembro",
        "dezembro",
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


def fmt(d: dt.date, style: str) -> str:
    """One printed spelling of a date (style names the convention)."""
    m = d.month
    if style == "de":
        return f"{d.day:02d}.{m:02d}.{d.year}"
    if style == "de_short":
        return f"{d.day:02d}.{m:02d}.{d.year % 100:02d}"
    if style == "de_nopad":
        return f"{d.day}.{m}.{d.year}"
    if style == "de_long":
        return f"{d.day}. {MONTHS['de'][m - 1]} {d.year}"
    if style == "de_weekday":
        return f"{WEEKDAYS_DE[d.weekday()]}, {d.day}. {MONTHS['de'][m - 1]} {d.year}"
    if style == "iso":
        return d.isoformat()
    if style == "tr":
        return f"{d.day:02d}.{m:02d}.{d.year}"
    if style == "tr_long":
        return f"{d.day} {MONTHS['tr'][m - 1]} {d.year}"
    if style == "hr":
        return f"{d.day:02d}.{m:02d}.{d.year}."
    if style == "hr_long":
        return f"{d.day}. {MONTHS['hr'][m - 1]} {d.year}."
    if style == "pt":
        return f"{d.day:02d}/{m:02d}/{d.year}"
    if style == "pt_long":
        return f"{d.day} de {MONTHS['pt'][m - 1]} de {d.year}"
    if style == "us":
        return f"{m:02d}/{d.day:02d}/{d.year}"
    if style == "us_long":
        return f"{MONTHS['en'][m - 1]} {d.day}, {d.year}"
    if style == "mil":
        return f"{d.day:02d} {MONTHS['en'][m - 1][:3].upper()} {d.year}"
    if style == "gb":
        return f"{d.day:02d}/{m:02d}/{d.year}"
    if style == "gb_long":
        return f"{d.day} {MONTHS['en'][m - 1]} {d.year}"
    raise ValueError(style)


def tr_upper(text: str) -> str:
    return text.replace("i", "İ").replace("ı", "I").upper()


# Senders by kind: (organisation, alternatives, street line, city line, phone, fax, doctors)
Sender = dict[str, Any]

HOSPITALS: list[Sender] = [
    {
        "org": "Universitätsklinikum Frankfurt",
        "dept": "Medizinische Klinik III – Kardiologie",
        "alts": [
            "Universitätsklinikum Frankfurt – Goethe-Universität",
            "UKF",
            "Medizinische Klinik III – Kardiologie",
        ],
        "street": "Theodor-Stern-Kai 7",
        "city": "60590 Frankfurt am Main",
        "place": "Frankfurt",
        "phone": "069 6301-5789",
        "fax": "069 6301-5790",
        "doctors": ["Prof. Dr. med. Andreas Hellwig", "Dr. med. Miriam Okonkwo"],
    },
    {
        "org": "Universitätsklinikum Gießen und Marburg GmbH",
        "dept": "Standort Marburg – Klinik für Neurologie",
        "alts": ["UKGM", "Universitätsklinikum Marburg", "Klinik für Neurologie"],
        "street": "Baldingerstraße",
        "city": "35043 Marburg",
        "place": "Marburg",
        "phone": "06421 58-65200",
        "fax": "06421 58-65208",
        "doctors": ["Prof. Dr. med. Lars Timmermann", "Dr. med. Hanna Brückner"],
    },
    {
        "org": "Universitätsklinikum Gießen und Marburg GmbH",
        "dept": "Standort Gießen – Klinik für Gastroenterologie",
        "alts": ["UKGM", "Universitätsklinikum Gießen", "Klinik für Gastroenterologie"],
        "street": "Klinikstraße 33",
        "city": "35392 Gießen",
        "place": "Gießen",
        "phone": "0641 985-42300",
        "fax": "0641 985-42309",
        "doctors": ["Prof. Dr. med. Elke Roeb", "Dr. med. Fabian Kirchhain"],
    },
    {
        "org": "Klinikum Darmstadt GmbH",
        "dept": "Klinik für Geriatrie",
        "alts": ["Klinikum Darmstadt", "Klinik für Geriatrie"],
        "street": "Grafenstraße 9",
        "city": "64283 Darmstadt",
        "place": "Darmstadt",
        "phone": "06151 107-6301",
        "fax": "06151 107-6309",
        "doctors": ["Dr. med. Ulrike Gerhard-Pfeil", "Samir Haddad"],
    },
    {
        "org": "Klinikum Kassel",
        "dept": "Klinik für Innere Medizin – Pneumologie",
        "alts": ["Gesundheit Nordhessen – Klinikum Kassel", "Klinikum Kassel GmbH", "Pneumologie"],
        "street": "Mönchebergstraße 41–43",
        "city": "34125 Kassel",
        "place": "Kassel",
        "phone": "0561 980-3040",
        "fax": "0561 980-6943",
        "doctors": ["Prof. Dr. med. Jens Ostermann", "Dr. med. Agnes Wiegand"],
    },
    {
        "org": "Sana Klinikum Offenbach",
        "dept": "Klinik für Unfallchirurgie und Orthopädie",
        "alts": ["Sana Klinikum Offenbach GmbH", "Unfallchirurgie"],
        "street": "Starkenburgring 66",
        "city": "63069 Offenbach am Main",
        "place": "Offenbach",
        "phone": "069 8405-3801",
        "fax": "069 8405-3809",
        "doctors": ["Dr. med. Ralf Scheuermann", "Dr. med. Zeynep Aksoy"],
    },
    {
        "org": "HELIOS Dr. Horst Schmidt Kliniken Wiesbaden",
        "dept": "Klinik für Nephrologie",
        "alts": ["HSK Wiesbaden", "Helios HSK", "Klinik für Nephrologie"],
        "street": "Ludwig-Erhard-Straße 100",
        "city": "65199 Wiesbaden",
        "place": "Wiesbaden",
        "phone": "0611 43-2410",
        "fax": "0611 43-2418",
        "doctors": ["PD Dr. med. Christoph Lenz", "Dr. med. Olga Wiebe"],
    },
    {
        "org": "Gesundheitszentrum Odenwaldkreis GmbH",
        "dept": "Kreiskrankenhaus Erbach – Innere",
        "alts": ["GZO", "Kreiskrankenhaus Erbach", "Gesundheitszentrum Odenwaldkreis"],
        "street": "Albert-Schweitzer-Straße 10–20",
        "city": "64711 Erbach",
        "place": "Erbach",
        "phone": "06062 79-0",
        "fax": "06062 79-1480",
        "doctors": ["Dr. med. Bernhard Ihrig", "Dr. med. Lucia Fornaro"],
    },
    {
        "org": "Kerckhoff-Klinik Bad Nauheim",
        "dept": "Abteilung Kardiologie",
        "alts": ["Kerckhoff-Klinik", "Kerckhoff-Klinik GmbH"],
        "street": "Benekestraße 2–8",
        "city": "61231 Bad Nauheim",
        "place": "Bad Nauheim",
        "phone": "06032 996-0",
        "fax": "06032 996-2297",
        "doctors": ["Prof. Dr. med. Christian Hamm", "Dr. med. Jasmin Kühnel"],
    },
]

SPECIALISTS: list[Sender] = [
    {
        "org": "Kardiologische Gemeinschaftspraxis Wiesbaden-Biebrich",
        "alts": ["Kardiologie Biebrich"],
        "street": "Rathausstraße 62",
        "city": "65203 Wiesbaden",
        "place": "Wiesbaden",
        "phone": "0611 603 118",
        "fax": "0611 603 119",
        "doctors": ["Dr. med. Werner Zipp", "Dr. med. Nadine Holler"],
        "title": "Kardiologischer Befundbericht",
    },
    {
        "org": "Neurologische Praxis am Luisenplatz",
        "alts": ["Praxis Dr. Hambrecht"],
        "street": "Luisenplatz 4",
        "city": "64283 Darmstadt",
        "place": "Darmstadt",
        "phone": "06151 29 93 0",
        "fax": "06151 29 93 29",
        "doctors": ["Dr. med. Felicitas Hambrecht"],
        "title": "Neurologischer Befund",
    },
    {
        "org": "Orthopädie Zentrum Gießen-Lahn",
        "alts": ["OZ Gießen"],
        "street": "Marburger Straße 12",
        "city": "35390 Gießen",
        "place": "Gießen",
        "phone": "0641 794 40",
        "fax": "0641 794 44 9",
        "doctors": ["Dr. med. Konstantin Raabe"],
        "title": "Arztbrief",
    },
    {
        "org": "Hautarztpraxis Dr. med. Eva Lindner-Kolb",
        "alts": ["Dr. med. Eva Lindner-Kolb"],
        "street": "Obere Königsstraße 30",
        "city": "34117 Kassel",
        "place": "Kassel",
        "phone": "0561 77 21 46",
        "fax": "0561 77 21 47",
        "doctors": ["Dr. med. Eva Lindner-Kolb"],
        "title": "Dermatologischer Befundbericht",
    },
    {
        "org": "Augenärzte am Freiheitsplatz",
        "alts": ["Augenarztpraxis Hanau"],
        "street": "Freiheitsplatz 3",
        "city": "63450 Hanau",
        "place": "Hanau",
        "phone": "06181 25 11 0",
        "fax": "06181 25 11 20",
        "doctors": ["Dr. med. Selim Karakaya", "Dr. med. Britta Haag"],
        "title": "Augenärztlicher Befund",
    },
    {
        "org": "Diabetologische Schwerpunktpraxis Höchst",
        "alts": ["DSP Höchst"],
        "street": "Bolongarostraße 141",
        "city": "65929 Frankfurt am Main",
        "place": "Frankfurt am Main",
        "phone": "069 31 40 27",
        "fax": "069 31 40 28",
        "doctors": ["Dr. med. Irina Bauer-Dimitrova"],
        "title": "Verlaufsbericht Diabetes",
    },
]

LABS: list[Sender] = [
    {
        "org": "MVZ Labor Rhein-Main Dr. Koch & Partner",
        "alts": ["Labor Dr. Koch & Partner"],
        "street": "Rödelheimer Landstraße 77",
        "city": "60487 Frankfurt am Main",
        "place": "Frankfurt",
        "phone": "069 97 60 40",
        "fax": "069 97 60 41 99",
        "doctors": ["Dr. med. Sigrid Koch", "Dr. rer. nat. Paul Menzel"],
    },
    {
        "org": "Laborgemeinschaft Mittelhessen",
        "alts": ["LG Mittelhessen"],
        "street": "Schiffenberger Weg 55",
        "city": "35394 Gießen",
        "place": "Gießen",
        "phone": "0641 30 01 0",
        "fax": "0641 30 01 99",
        "doctors": ["Dr. med. Heiko Wallenfels"],
    },
    {
        "org": "Labor Nordhessen MVZ GmbH",
        "alts": ["Labor Nordhessen"],
        "street": "Kölnische Straße 88",
        "city": "34119 Kassel",
        "place": "Kassel",
        "phone": "0561 10 60 0",
        "fax": "0561 10 60 55",
        "doctors": ["Dr. med. Antje Rudolph"],
    },
]

RADIOLOGY: list[Sender] = [
    {
        "org": "Radiologie im Westend",
        "alts": ["Radiologische Praxis im Westend"],
        "street": "Bockenheimer Landstraße 51",
        "city": "60325 Frankfurt am Main",
        "place": "Frankfurt",
        "phone": "069 71 91 30",
        "fax": "069 71 91 31 00",
        "doctors": ["Dr. med. Yvonne Achterberg", "Dr. med. Nikola Perković"],
    },
    {
        "org": "Radiologisches Zentrum Darmstadt-Dieburg",
        "alts": ["RZ Darmstadt"],
        "street": "Rheinstraße 101",
        "city": "64295 Darmstadt",
        "place": "Darmstadt",
        "phone": "06151 95 17 0",
        "fax": "06151 95 17 77",
        "doctors": ["Dr. med. Tilman Roos"],
    },
    {
        "org": "Diagnostikzentrum Kassel-Wilhelmshöhe",
        "alts": ["DZ Wilhelmshöhe"],
        "street": "Wilhelmshöher Allee 300",
        "city": "34131 Kassel",
        "place": "Kassel",
        "phone": "0561 31 65 0",
        "fax": "0561 31 65 25",
        "doctors": ["Dr. med. Gesa Brinkmann-Ott"],
    },
]

INSURERS: list[Sender] = [
    {
        "org": "AOK – Die Gesundheitskasse in Hessen",
        "alts": ["AOK Hessen"],
        "street": "Basler Straße 2",
        "city": "61352 Bad Homburg v. d. Höhe",
        "place": "",
        "phone": "06172 272-0",
        "fax": "06172 272-139",
        "doctors": ["Frau Reinhardt"],
    },
    {
        "org": "Deutsche Rentenversicherung Hessen",
        "alts": ["DRV Hessen"],
        "street": "Städelstraße 28",
        "city": "60596 Frankfurt am Main",
        "place": "",
        "phone": "069 6052-0",
        "fax": "069 6052-1600",
        "doctors": ["Herr Grabowski"],
    },
    {
        "org": "Medizinischer Dienst Hessen",
        "alts": ["MD Hessen"],
        "street": "Zimmersmühlenweg 23",
        "city": "61440 Oberursel",
        "place": "",
        "phone": "06171 634-0",
        "fax": "06171 634-119",
        "doctors": ["Dr. med. Dörte Kalbfleisch"],
    },
    {
        "org": "Techniker Krankenkasse",
        "alts": ["TK", "TK Landesvertretung Hessen"],
        "street": "Stadtdeich 2–4",
        "city": "20097 Hamburg",
        "place": "",
        "phone": "040 4606 1000",
        "fax": "040 4606 1011",
        "doctors": ["Herr Petersen"],
    },
]

AUTHORITIES: list[Sender] = [
    {
        "org": "Stadt Frankfurt am Main – Gesundheitsamt",
        "alts": ["Gesundheitsamt Frankfurt"],
        "street": "Breite Gasse 28",
        "city": "60313 Frankfurt am Main",
        "place": "Frankfurt",
        "phone": "069 212-33970",
        "fax": "069 212-30475",
        "doctors": ["Dr. med. Antoni Walczak"],
    },
    {
        "org": "Hessisches Amt für Versorgung und Soziales Darmstadt",
        "alts": ["HAVS Darmstadt", "Versorgungsamt Darmstadt"],
        "street": "Schottener Weg 3",
        "city": "64289 Darmstadt",
        "place": "Darmstadt",
        "phone": "06151 738-0",
        "fax": "06151 738-111",
        "doctors": ["Frau Heilmann"],
    },
    {
        "org": "Kreisausschuss des Odenwaldkreises – Fachdienst Gesundheit",
        "alts": ["Gesundheitsamt Odenwaldkreis", "Kreisausschuss des Odenwaldkreises"],
        "street": "Michelstädter Straße 12",
        "city": "64711 Erbach",
        "place": "Erbach",
        "phone": "06062 70-0",
        "fax": "06062 70-287",
        "doctors": ["Frau Dr. Knapp"],
    },
]

CARE: list[Sender] = [
    {
        "org": "Ambulanter Pflegedienst Sonnenschein Odenwald GmbH",
        "alts": ["Pflegedienst Sonnenschein"],
        "mail": "pflege@sonnenschein-odw.de",
        "fax": "06061 96 44 12",
        "doctors": ["Schwester Bettina Rexroth"],
    },
    {
        "org": "Caritas-Sozialstation Kassel-Mitte",
        "alts": ["Caritas Sozialstation Kassel"],
        "mail": "sozialstation@caritas-kassel.de",
        "fax": "0561 70 04 19",
        "doctors": ["Pflegedienstleitung Andrea Wiegand"],
    },
    {
        "org": "Frankfurter Verband – Pflegezentrum Bornheim",
        "alts": ["Frankfurter Verband", "Pflegezentrum Bornheim"],
        "mail": "pz-bornheim@frankfurter-verband.de",
        "fax": "069 29 98 07 77",
        "doctors": ["Wohnbereichsleitung Dragana Ilić"],
    },
]

PHARMACIES: list[Sender] = [
    {
        "org": "Flughafen-Apotheke Terminal 1",
        "alts": ["Apotheke im Terminal 1"],
        "street": "Frankfurt Airport, Terminal 1, Halle B",
        "city": "60547 Frankfurt am Main",
        "phone": "069 690-71444",
        "fax": "069 690-71445",
        "doctors": ["Apothekerin S. Nasser"],
    },
    {
        "org": "Löwen-Apotheke Michelstadt",
        "alts": ["Löwen-Apotheke"],
        "street": "Große Gasse 3",
        "city": "64720 Michelstadt",
        "phone": "06061 24 27",
        "fax": "06061 71 56 3",
        "doctors": ["Apotheker Jens Hörr"],
    },
    {
        "org": "Einhorn-Apotheke am Kaiserlei",
        "alts": ["Einhorn-Apotheke"],
        "street": "Berliner Straße 190",
        "city": "63067 Offenbach am Main",
        "phone": "069 88 67 20",
        "fax": "069 88 67 22",
        "doctors": ["Apothekerin Dr. Lea Fuchs"],
    },
]

THERAPISTS: list[Sender] = [
    {
        "org": "Physiotherapie Bewegungsraum Bornheim",
        "alts": ["Bewegungsraum Bornheim"],
        "street": "Große Spillingsgasse 11",
        "city": "60385 Frankfurt am Main",
        "phone": "069 46 99 30 1",
        "fax": "069 46 99 30 2",
        "doctors": ["Jana Wöllstein, B.Sc. Physiotherapie"],
        "title": "Therapiebericht",
    },
    {
        "org": "Praxis für Logopädie Sprachraum Kassel",
        "alts": ["Logopädie Sprachraum"],
        "street": "Friedrich-Ebert-Straße 99",
        "city": "34119 Kassel",
        "phone": "0561 73 88 10",
        "fax": "0561 73 88 11",
        "doctors": ["Merle Dannenberg, Logopädin"],
        "title": "Logopädischer Verlaufsbericht",
    },
    {
        "org": "Psychotherapeutische Praxis Dipl.-Psych. Gül Aslan",
        "alts": ["Dipl.-Psych. Gül Aslan"],
        "street": "Frankfurter Straße 45",
        "city": "63065 Offenbach am Main",
        "phone": "069 80 90 44 6",
        "fax": "069 80 90 44 7",
        "doctors": ["Dipl.-Psych. Gül Aslan"],
        "title": "Bericht an den Konsiliararzt",
    },
]

AIRPORT: Sender = {
    "org": "Fraport AG – Medical Services, Flughafenklinik",
    "alts": ["Flughafenklinik Frankfurt", "Fraport Medical Services"],
    "street": "Gebäude 137, Frankfurt Airport",
    "city": "60547 Frankfurt am Main",
    "phone": "069 690-66767",
    "fax": "069 690-66768",
    "doctors": ["Dr. med. Rüdiger Pohl", "Dr. med. Aiyana Brooks"],
}

TURKISH: list[Sender] = [
    {
        "org": "Ankara Bilkent Şehir Hastanesi",
        "alts": ["Bilkent Şehir Hastanesi"],
        "dept": "İç Hastalıkları Kliniği",
        "city": "Çankaya / Ankara",
        "fax": "+90 312 552 60 01",
        "doctors": ["Uzm. Dr. Serkan Aydoğdu", "Doç. Dr. Nilay Ersoy"],
    },
    {
        "org": "İzmir Katip Çelebi Üniversitesi Atatürk Eğitim ve Araştırma Hastanesi",
        "alts": ["Atatürk Eğitim ve Araştırma Hastanesi"],
        "dept": "Kardiyoloji Kliniği",
        "city": "Karabağlar / İzmir",
        "fax": "+90 232 243 15 30",
        "doctors": ["Prof. Dr. Ömer Göktekin", "Uzm. Dr. Deniz Şener"],
    },
    {
        "org": "Kayseri Şehir Hastanesi",
        "alts": ["Kayseri Şehir"],
        "dept": "Nöroloji Kliniği",
        "city": "Kocasinan / Kayseri",
        "fax": "+90 352 315 77 00",
        "doctors": ["Uzm. Dr. Hakan Tekin"],
    },
]
CROATIAN: list[Sender] = [
    {
        "org": "Klinički bolnički centar Zagreb",
        "alts": ["KBC Zagreb"],
        "dept": "Klinika za unutarnje bolesti",
        "city": "Kišpatićeva 12, 10000 Zagreb",
        "place": "Zagreb",
        "fax": "+385 1 2367 512",
        "doctors": ["prof. dr. sc. Marko Banić", "dr. med. Lana Petrović"],
    },
    {
        "org": "Klinički bolnički centar Split",
        "alts": ["KBC Split"],
        "dept": "Klinika za kardiovaskularne bolesti",
        "city": "Spinčićeva 1, 21000 Split",
        "place": "Split",
        "fax": "+385 21 556 209",
        "doctors": ["doc. dr. sc. Ante Jurišić"],
    },
]
PORTUGUESE: list[Sender] = [
    {
        "org": "Unidade Local de Saúde de São João",
        "alts": ["Hospital de São João", "ULS São João"],
        "dept": "Serviço de Medicina Interna",
        "city": "Alameda Prof. Hernâni Monteiro, Porto",
        "place": "Porto",
        "fax": "+351 22 551 36 01",
        "doctors": ["Dra. Sofia Magalhães", "Dr. Tiago Figueiredo"],
    },
    {
        "org": "Hospital de Santa Maria – ULS Santa Maria",
        "alts": ["Hospital de Santa Maria"],
        "dept": "Serviço de Cardiologia",
        "city": "Av. Prof. Egas Moniz, Lisboa",
        "place": "Lisboa",
        "fax": "+351 21 780 54 10",
        "doctors": ["Dr. Nuno Cardim", "Dra. Marta Reis"],
    },
]
US_ARMY: list[Sender] = [
    {
        "org": "Wiesbaden Army Health Clinic",
        "alts": ["U.S. Army Health Clinic Wiesbaden", "USAHC Wiesbaden"],
        "dept": "Primary Care – Clay Kaserne",
        "city": "Wiesbaden, Germany",
        "fax": "+49 611 143 548 4210",
        "doctors": ["MAJ Rebecca L. Hughes, MD", "CPT Daniel Ortiz, PA-C"],
    },
    {
        "org": "Landstuhl Regional Medical Center",
        "alts": ["LRMC"],
        "dept": "Department of Internal Medicine",
        "city": "Landstuhl, Germany",
        "fax": "+49 6371 9464 2201",
        "doctors": ["LTC Michael S. Carver, MD"],
    },
]
UK_NHS: list[Sender] = [
    {
        "org": "Guy's and St Thomas' NHS Foundation Trust",
        "alts": ["Guy's and St Thomas'", "St Thomas' Hospital"],
        "dept": "Acute Medical Unit, St Thomas' Hospital",
        "city": "Westminster Bridge Road, London",
        "fax": "+44 20 7188 4490",
        "doctors": ["Dr Hannah Whitfield", "Mr Rajesh Patel"],
    },
    {
        "org": "Oxford University Hospitals NHS Foundation Trust",
        "alts": ["John Radcliffe Hospital", "OUH"],
        "dept": "John Radcliffe Hospital, Emergency Department",
        "city": "Headley Way, Oxford",
        "fax": "+44 1865 221 105",
        "doctors": ["Dr Oliver Pemberton"],
    },
]

HANDWRITERS: list[Sender] = [
    {
        "org": "Ärztlicher Bereitschaftsdienst Erbach",
        "alts": ["ÄBD Erbach"],
        "doctors": ["Dr. P. Ruppel"],
        "fax": "06062 91 21 30",
    },
    {"org": "", "alts": [], "doctors": ["Dr. med. Gertrud Habermehl"], "fax": "069 45 12 90"},
    {
        "org": "Hebammenpraxis Nidda-Bogen",
        "alts": ["Hebamme Wiebke Sauer"],
        "doctors": ["Wiebke Sauer, Hebamme"],
        "fax": "069 95 11 27 3",
    },
]
