# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 - the letters' texts are data; their lines follow the prose, not the code width
"""The letters of heldout47c: sixteen kinds of clinic paper in German (DE, AT, CH) and English (GB, US,
IE). Every name, number and finding is invented. Each builder returns the pages and the search terms
(words and numbers exactly as printed)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from compose import Composer, Style
from render import Page

RED, BLUE, VIOLET, GREEN = (190, 30, 40), (30, 60, 170), (110, 40, 150), (20, 110, 60)


@dataclass
class Person:
    first: str
    surname: str  # as printed, with particles
    term: str  # the surname search term (first part of a double name)
    birth: str  # as printed
    street: str
    town: str


@dataclass
class Site:
    name: str
    subtitle: str
    street: str
    town: str
    phone: str
    fax: str
    bank: str
    doctor: tuple[str, str]  # printed name, title line
    second: tuple[str, str]


PATIENTS = {
    "DE": [
        Person(
            "Jürgen",
            "Weißenböck-Ortlieb",
            "Weißenböck",
            "14.02.1951",
            "Hölderlinstraße 17",
            "70193 Stuttgart",
        ),
        Person(
            "Renate", "von der Heydt", "Heydt", "03 · 11 · 1946", "Am Rödelbach 4", "35037 Marburg"
        ),
        Person(
            "Özlem", "Yıldız-Krämer", "Yıldız", "29.07.1983", "Güterbahnhofstr. 9a", "04103 Leipzig"
        ),
        Person("Hans-Peter", "Müßig", "Müßig", "08.05.1960", "Kiefernweg 31", "18055 Rostock"),
        Person("Gisela", "Schäfer-Nußbaum", "Schäfer", "21.12.1938", "Lindenallee 2", "50667 Köln"),
        Person(
            "Friedrich",
            "zu Löwenstein",
            "Löwenstein",
            "17 · 09 · 1972",
            "Schloßberg 1",
            "97877 Wertheim",
        ),
    ],
    "AT": [
        Person(
            "Theresia",
            "Grünwald-Pichler",
            "Grünwald",
            "02.01.1955",
            "Währinger Gürtel 88/3",
            "1090 Wien",
        ),
        Person("Alois", "Oberhuber", "Oberhuber", "30.06.1949", "Hauptplatz 12", "8010 Graz"),
    ],
    "CH": [
        Person(
            "Beat", "Zürcher-Gasser", "Zürcher", "11.10.1967", "Seefeldstrasse 140", "8008 Zürich"
        ),
        Person("Marie-Claire", "de Rham", "Rham", "25.04.1990", "Rue du Midi 3", "1003 Lausanne"),
    ],
    "GB": [
        Person(
            "Margaret",
            "McAllister",
            "McAllister",
            "9 April 1944",
            "14 Thornbury Road",
            "Bristol BS6 7LQ",
        ),
        Person(
            "Oluwaseun",
            "Adebayo-Clarke",
            "Adebayo",
            "23 November 1988",
            "Flat 5, 2 Mill Lane",
            "Leeds LS9 8EZ",
        ),
    ],
    "US": [
        Person(
            "DeShawn",
            "Okonkwo",
            "Okonkwo",
            "07/19/1976",
            "2210 Larkin St Apt 4",
            "San Francisco, CA 94109",
        ),
        Person(
            "Eleanor",
            "Fitzgerald-Hayes",
            "Fitzgerald",
            "01/03/1952",
            "88 Beacon Hill Rd",
            "Concord, MA 01742",
        ),
    ],
    "IE": [
        Person(
            "Siobhán",
            "Ní Bhriain",
            "Bhriain",
            "15/08/1981",
            "7 Glenageary Park",
            "Dún Laoghaire, A96 K2X3",
        ),
        Person(
            "Pádraig",
            "O'Sullivan-Burke",
            "O'Sullivan",
            "02/02/1958",
            "Main Street",
            "Kinsale, P17 X620",
        ),
    ],
}

SITES = {
    "DE": Site(
        "Klinikum Neckarhalde",
        "Zentrum für Innere Medizin · Gastroenterologie",
        "Neckarhalde 40",
        "70190 Stuttgart",
        "Tel. 0711 / 12 34 56",
        "Fax 0711 / 12 34 59",
        "IBAN DE27 6005 0101 0004 4455 66 · BIC SOLADEST600 · BW-Bank",
        ("Prof. Dr. med. Annegret Brückner", "Chefärztin"),
        ("Dr. med. Tobias Imhoff", "Oberarzt"),
    ),
    "AT": Site(
        "Ordination Dr. Hafner-Lechleitner",
        "Fachärztin für Innere Medizin und Nephrologie",
        "Lazarettgasse 14",
        "1090 Wien",
        "Tel. +43 1 405 22 17",
        "Fax +43 1 405 22 18",
        "IBAN AT48 2011 1822 2003 4455 · BIC GIBAATWWXXX · Erste Bank",
        ("Dr. Elisabeth Hafner-Lechleitner", "Fachärztin"),
        ("OA Dr. Lukas Strasser", "Vertretung"),
    ),
    "CH": Site(
        "Schlaflabor Limmattal",
        "Zentrum für Schlafmedizin und Pneumologie",
        "Urdorferstrasse 100",
        "8952 Schlieren",
        "Tel. 044 733 21 00",
        "Fax 044 733 21 09",
        "IBAN CH56 0483 5012 3456 7800 9 · Zürcher Kantonalbank",
        ("PD Dr. med. Reto Baumgartner", "Leitender Arzt"),
        ("Dr. med. Ursina Caflisch", "Assistenzärztin"),
    ),
    "GB": Site(
        "Harbourside Eye Unit",
        "Department of Ophthalmology · St Brendan's NHS Trust",
        "Quay Road",
        "Bristol BS1 4QA",
        "Tel: 0117 496 0731",
        "Fax: 0117 496 0732",
        "Registered charity no. 1092817 · Sort code 30-94-57 · Account 01234567",
        ("Mr Alistair Pennington FRCOphth", "Consultant Ophthalmologist"),
        ("Dr Priya Raghunathan", "Specialty Registrar"),
    ),
    "US": Site(
        "Bayview Sleep & Lung Associates",
        "Pulmonary, Critical Care and Sleep Medicine",
        "450 Sutter Street, Suite 1120",
        "San Francisco, CA 94108",
        "Phone (415) 555-0187",
        "Fax (415) 555-0188",
        "Tax ID 94-3127765 · NPI 1487650932",
        ("Karen J. Whitfield, MD, FCCP", "Attending Physician"),
        ("Luis Ortega, PA-C", "Physician Assistant"),
    ),
    "IE": Site(
        "Liffey Valley Dental & Oral Surgery",
        "Oral Surgery · Periodontology · Orthodontics",
        "Unit 3, Fonthill Road",
        "Dublin 22, D22 X2Y4",
        "Tel: +353 1 623 4410",
        "Fax: +353 1 623 4411",
        "IBAN IE29 AIBK 9311 5212 3456 78 · BIC AIBKIE2D",
        ("Dr Cathal Mac Giolla Phádraig BDS MFDS", "Oral Surgeon"),
        ("Dr Niamh Ó Ceallaigh", "Dental Surgeon"),
    ),
    "OH": Site(
        "Severn Occupational Health",
        "Workplace health · fitness for work · health surveillance",
        "Unit 12, Portside Business Park",
        "Avonmouth BS11 8DL",
        "Tel: 0117 982 4410",
        "Fax: 0117 982 4411",
        "Severn OH Ltd · Registered in England no. 08812745 · VAT GB 182 4471 90",
        ("Dr Morwenna Trelawney MFOM", "Consultant Occupational Physician"),
        ("Sister Bernadette Quinlan RGN SCPHN", "Occupational Health Advisor"),
    ),
}

FAMILY_CHOICES = [
    "liberation-sans",
    "liberation-narrow",
    "liberation-serif",
    "dejavu-serif",
    "dejavu-condensed",
    "dejavu-sans",
    "dejavu-serif-condensed",
]
HEADS = ["band", "centered", "columns"]
ACCENTS = [(20, 70, 130), (130, 25, 45), (20, 100, 90), (70, 70, 70), (150, 80, 10)]
LOGOS = ["cross", "rings", "leaf", "eye"]


APPENDIX = {
    "de": [
        (
            "Aufklärung und weiteres Vorgehen",
            "Die Befunde wurden ausführlich mit der Patientin und ihrer Tochter besprochen. Über Nutzen, Risiken "
            "und Alternativen der vorgeschlagenen Behandlung wurde aufgeklärt; schriftliches Material wurde "
            "mitgegeben. Fragen wurden beantwortet, eine Bedenkzeit wurde eingeräumt.",
        ),
        (
            "Sozialanamnese",
            "Verwitwet, lebt allein im zweiten Stock ohne Aufzug, Versorgung durch die Tochter und einen "
            "ambulanten Pflegedienst zweimal wöchentlich. Nichtraucherin seit 1998, Alkohol gelegentlich. "
            "Pflegegrad 2 ist beantragt, der Termin des Medizinischen Dienstes steht noch aus.",
        ),
        (
            "Hinweis zur Medikation",
            "Bitte achten Sie bei jeder Neuverordnung auf Wechselwirkungen: keine nichtsteroidalen Antirheumatika, "
            "keine kaliumsparenden Diuretika ohne Laborkontrolle, Metformin pausieren bei eGFR unter 30 ml/min. "
            "Ein aktueller bundeseinheitlicher Medikationsplan liegt bei.",
        ),
    ],
    "en": [
        (
            "Discussion",
            "I discussed the findings at length with the patient and her son, including the benefits, risks and "
            "alternatives of the proposed treatment. Written information was provided and she has had time to "
            "consider it; she is keen to proceed.",
        ),
        (
            "Social history",
            "Lives alone in a first-floor flat, independent with personal care, drives short distances. Ex-smoker "
            "(20 pack-years, stopped 2009), drinks about 8 units of alcohol a week. Her son visits daily.",
        ),
        (
            "Safety-netting",
            "She knows to seek urgent medical attention through the emergency department or by calling 999 if "
            "she develops sudden visual loss, chest pain, fainting or severe breathlessness at rest.",
        ),
    ],
}


@dataclass
class Built:
    pages: list[Page]
    doc_type: str
    language: str
    patient: str
    terms: list[str]


def composer(
    rng: random.Random,
    country: str,
    size: float,
    running: str,
    family: str | None = None,
    head: str | None = None,
    site_key: str | None = None,
) -> tuple[Composer, Site, Person]:
    site = SITES[site_key or country]
    person = rng.choice(PATIENTS[country])
    style = Style(
        family or rng.choice(FAMILY_CHOICES),
        size,
        head or rng.choice(HEADS),
        rng.choice(ACCENTS),
        rng.choice([56.0, 62.0, 70.0]),
        rng.choice([1.28, 1.35, 1.45]),
    )
    language = "de" if country in ("DE", "AT", "CH") else "en"
    footer = [f"{site.name} · {site.street} · {site.town} · {site.phone} · {site.fax}", site.bank]
    c = Composer(rng, style, language, running.format(p=person), footer)
    columns = [
        [site.doctor[1], site.doctor[0]],
        [site.second[1], site.second[0]],
        ["Kontakt" if language == "de" else "Contact", site.phone, site.fax],
    ]
    c.letterhead(site.name, site.subtitle, columns, rng.choice(LOGOS))
    if rng.random() < 0.7:
        c.appendix = APPENDIX[language]
    c.sender_line(f"{site.name} · {site.street} · {site.town}")
    return c, site, person


def referrer(country: str) -> list[str]:
    return {
        "DE": [
            "Gemeinschaftspraxis",
            "Dr. med. Kerstin Wölfle-Maier",
            "Königstraße 8",
            "70173 Stuttgart",
        ],
        "AT": [
            "Herrn",
            "Dr. Matthias Eggenberger",
            "Allgemeinmedizin",
            "Landstraßer Hauptstraße 71",
            "1030 Wien",
        ],
        "CH": [
            "Frau Dr. med.",
            "Corinne Bühlmann-Stäheli",
            "Praxis am Bahnhof",
            "Bahnhofstrasse 22",
            "8953 Dietikon",
        ],
        "GB": [
            "Dr Fiona Gallagher",
            "Clifton Village Surgery",
            "31 Princess Victoria Street",
            "Bristol BS8 4BX",
        ],
        "US": [
            "Samuel R. Takahashi, MD",
            "Mission Bay Family Medicine",
            "1600 Owens St",
            "San Francisco, CA 94158",
        ],
        "IE": ["Dr Eoin Mac Cárthaigh", "The Medical Centre", "Church Road", "Celbridge, W23 P6T2"],
    }[country]


# ---- the kinds ------------------------------------------------------------------------------------------
def endoscopy(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, rng.choice([9.5, 10.0]), "ÖGD-Befund {p.surname}, {p.first}"
    )
    c.address(
        referrer(country),
        [
            ("Datum", "12.03.2025"),
            ("Unser Zeichen", "END-4471/25"),
            ("Durchwahl", "-2217"),
            ("Station", "Endoskopie E2"),
        ],
    )
    c.subject(
        [
            "Oesophagogastroduodenoskopie vom 11.03.2025",
            f"Patient: {p.first} {p.surname}, geb. {p.birth}, {p.street}, {p.town}",
        ]
    )
    c.para("Sehr geehrte Frau Kollegin,")
    c.para(
        "wir berichten über die oben genannte Untersuchung, die in Analgosedierung mit Propofol (insgesamt "
        "180 mg) komplikationslos durchgeführt wurde. Indikation: rezidivierende epigastrische Schmerzen, "
        "Eisenmangelanämie (Hb 10,4 g/dl)."
    )
    c.heading("Befund")
    c.table(
        ["Abschnitt", "Befund", "Biopsie"],
        [
            ["Ösophagus", "Z-Linie bei 38 cm, Barrett-Verdacht", "2 PE (Glas A)"],
            ["Kardia", "Hiatushernie 3 cm", "–"],
            ["Korpus", "fleckige Erytheme, Erosionen", "2 PE (Glas B)"],
            ["Antrum", "Ulcus ventriculi 8 mm, Forrest III", "4 PE (Glas C)"],
            ["Bulbus duodeni", "unauffällig", "–"],
            ["Pars descendens", "Zotten regelrecht", "2 PE (Glas D)"],
        ],
        [110, 230, 110],
    )
    c.heading("Beurteilung")
    c.bullets(
        [
            "Ulcus ventriculi im Antrum (Forrest III), HUT positiv",
            "Refluxösophagitis LA-Grad B bei axialer Hiatushernie",
            "V. a. kurzstreckigen Barrett-Ösophagus (Prag C0M1)",
        ]
    )
    c.para(
        "Empfehlung: Eradikationstherapie als Quadrupeltherapie über 10 Tage, danach Pantoprazol 40 mg "
        "1-0-1 für 8 Wochen. Kontroll-ÖGD in 8 Wochen zur Abheilungskontrolle."
    )
    c.closing(
        "Mit freundlichen kollegialen Grüßen",
        [site.doctor, site.second],
        ["flourish", "compact"],
        over_name=rng.random() < 0.5,
    )
    c.add_stamp(["ENDOSKOPIE", "befundet 12.03.2025"], "rect", BLUE, 330, c.y - 95)
    return Built(
        c.finish(),
        "endoscopy_report",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Oesophagogastroduodenoskopie",
            "Hiatushernie",
            "Forrest",
            "10,4 g/dl",
            "Pantoprazol",
            site.doctor[0].split()[-1],
            "END-4471/25",
        ],
    )


def ed_note(rng: random.Random, country: str) -> Built:
    c, site, p = composer(rng, country, 8.0, "Notaufnahme {p.surname}", family="dejavu-condensed")
    c.y += 6
    c.subject(
        [
            "Zentrale Notaufnahme – Kurzbericht",
            f"{p.surname}, {p.first} · * {p.birth} · Fall-Nr. 2025-118834",
        ]
    )
    c.field("Aufnahme", "12.03.2025, 02:47 Uhr, Rettungsdienst (RTW 3/83-1)", 8)
    c.field("Leitsymptom", "Dyspnoe, Palpitationen, Übelkeit", 8)
    c.field("Triage (MTS)", "orange – sehr dringend", 8)
    c.field("Vitalparameter", "RR 168/94 mmHg · HF 132/min · SpO2 89 % · Temp. 37,9 °C", 8)
    c.options(
        "Bewusstsein",
        [("wach", True), ("somnolent", False), ("soporös", False), ("komatös", False)],
        8,
    )
    c.options("Isolation", [("keine", False), ("MRSA", True), ("Influenza", False)], 8)
    c.heading("Labor (Notfall)", 9)
    c.table(
        ["Parameter", "Wert", "Einheit", "Referenz"],
        [
            ["Kalium", "6,4", "mmol/l", "3,5 - 5,1"],
            ["Natrium", "131", "mmol/l", "136 - 145 mmol/l"],
            ["Kreatinin", "3,82", "mg/dl", "0,5 - 1,0"],
            ["hs-Troponin T", "38", "ng/l", "< 14"],
            ["Laktat", "2,9", "mmol/l", "0,5 - 2,2"],
        ],
        [130, 70, 70, 170],
        7.5,
    )
    c.heading("Diagnosen", 9)
    c.bullets(
        [
            "Hyperkaliämie bei akut auf chronischer Niereninsuffizienz (KDIGO G4)",
            "Tachyarrhythmia absoluta bei Vorhofflimmern, Erstdiagnose",
            "Ambulant erworbene Pneumonie rechts basal",
        ]
    )
    c.para(
        "Therapie: Calciumgluconat 10 % 10 ml i.v., Glukose-Insulin-Infusion, Natriumzirkonium-"
        "cyclosilikat 10 g p.o.; Verlegung auf die Intensivstation (IMC 2) um 05:10 Uhr.",
        size=8,
    )
    c.closing("Für die Notaufnahme", [site.second], ["initials"])
    return Built(
        c.finish(),
        "ed_short_note",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Hyperkaliämie",
            "Niereninsuffizienz",
            "6,4",
            "136 - 145 mmol/l",
            "2025-118834",
            "Tachyarrhythmia",
        ],
    )


def sleep_lab(rng: random.Random, country: str) -> Built:
    c, site, p = composer(rng, country, 9.0, "Polysomnographie {p.surname} – Fortsetzung")
    c.address(
        referrer(country),
        [("Datum", "12.03.2025"), ("PSG-Nr.", "PSG 25/0317"), ("Sachbearbeitung", "Caflisch")],
    )
    c.subject(
        [
            "Bericht über die kardiorespiratorische Polysomnographie",
            f"{p.first} {p.surname}, geboren am {p.birth}",
        ]
    )
    c.para(
        "Sehr geehrte Frau Kollegin, besten Dank für die Zuweisung Ihres Patienten zur Abklärung einer "
        "Tagesmüdigkeit (Epworth-Score 16/24) bei lautem, unregelmässigem Schnarchen."
    )
    c.two_columns(
        [
            "Anamnese: seit zwei Jahren zunehmende Tagesschläfrigkeit, nächtliches Erwachen mit Atemnot, "
            "Nykturie zweimal pro Nacht. Arterielle Hypertonie, Body-Mass-Index 33,8 kg/m².",
            "Untersuchung: Mallampati III, Halsumfang 45 cm, Tonsillen nicht vergrössert.",
        ],
        [
            "Messung vom 10. auf den 11.03.2025, Gesamtschlafzeit 6 h 12 min, Schlafeffizienz 81 %.",
            "Es zeigt sich eine schwere obstruktive Schlafapnoe mit Betonung in Rückenlage und im REM-Schlaf.",
        ],
    )
    c.heading("Messwerte")
    c.table(
        ["Kennwert", "Gesamt", "Rückenlage", "Seitenlage", "Norm"],
        [
            ["AHI (/h)", "42,7", "61,3", "18,2", "< 5"],
            ["ODI (/h)", "39,1", "55,0", "15,8", "< 5"],
            ["SpO2 Nadir (%)", "76", "76", "84", "> 90"],
            ["T90 (%)", "14,6", "22,1", "4,0", "< 1"],
            ["PLM-Index (/h)", "7", "–", "–", "< 15"],
        ],
        [110, 70, 80, 80, 80],
    )
    c.para(
        "Beurteilung: schwere obstruktive Schlafapnoe (AHI 42,7/h). Wir empfehlen die Einleitung einer "
        "APAP-Therapie (4 - 12 cmH2O) unter stationärer Kontrolle sowie eine Gewichtsreduktion."
    )
    c.closing("Freundliche Grüsse", [site.doctor, site.second], ["compact", "initials"])
    c.add_stamp(["SCHLAFLABOR", "LIMMATTAL"], "round", VIOLET, 420, c.y - 120)
    return Built(
        c.finish(),
        "sleep_lab_report",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Polysomnographie",
            "Schlafapnoe",
            "42,7",
            "PSG 25/0317",
            "Epworth-Score",
            "Baumgartner",
        ],
    )


def ophthalmology(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 10.5, "{p.first} {p.surname} – continued", family="liberation-serif"
    )
    c.address(
        referrer(country),
        [
            ("Date", "12 March 2025"),
            ("Hospital no.", "RB4 773 219"),
            ("NHS no.", "485 777 3456"),
            ("Clinic", "Medical Retina 2"),
        ],
    )
    c.subject([f"Re: {p.first} {p.surname}, DOB {p.birth}", f"{p.street}, {p.town}"])
    c.para("Dear Dr Gallagher,")
    c.para(
        "I reviewed this lady in the medical retina clinic today. She reports gradually worsening central "
        "distortion in the left eye over six weeks. There is no history of dyspnoea or chest pain, but her "
        "hypertension remains poorly controlled."
    )
    c.table(
        ["", "Right eye", "Left eye"],
        [
            ["Visual acuity (Snellen)", "6/9", "6/24"],
            ["Intraocular pressure", "16 mmHg", "18 mmHg"],
            ["Central macular thickness", "268 µm", "412 µm"],
            ["Lens", "early nuclear sclerosis", "NS2"],
        ],
        [170, 140, 140],
    )
    c.para(
        "Optical coherence tomography shows subretinal fluid with a pigment epithelial detachment in the "
        "left eye, in keeping with active neovascular age-related macular degeneration."
    )
    c.para("Diagnosis: neovascular AMD, left eye.", face=1)
    c.para(
        "We have started intravitreal aflibercept 2 mg, three loading injections at four-weekly intervals, "
        "the first given today. Please could you review her blood pressure (today 172/96 mmHg).",
        face=2,
    )
    c.closing("Yours sincerely", [site.doctor], ["flourish"])
    c.para("cc: Mrs " + p.surname + " (patient)", size=8)
    return Built(
        c.finish(),
        "ophthalmology_letter",
        "en",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "aflibercept",
            "hypertension",
            "dyspnoea",
            "6/24",
            "485 777 3456",
            "Pennington",
        ],
    )


def dermatology(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 10.0, "Dermatologischer Befund {p.surname}", family="dejavu-serif"
    )
    c.address(
        referrer(country),
        [("Datum", "12 · 03 · 2025"), ("Ambulanz", "Derma 3"), ("Tel.", "0711 / 12 34 56")],
    )
    c.subject(
        ["Histologischer und klinischer Befund", f"Patientin {p.first} {p.surname}, geb. {p.birth}"]
    )
    c.para("Liebe Frau Kollegin Wölfle-Maier,")
    c.para(
        "am 05.03.2025 haben wir bei Ihrer Patientin eine pigmentierte Läsion am linken Unterschenkel "
        "(Durchmesser 7 mm, Dermatoskopie: atypisches Netz, Regressionszonen) in Lokalanästhesie exzidiert."
    )
    c.para(
        "Histologie (Dermatopathologie Prof. Dr. Dörrie): superfiziell spreitendes Melanom, Tumordicke "
        "nach Breslow 0,6 mm, Clark-Level III, keine Ulzeration, Mitoserate < 1/mm², Resektionsränder "
        "tumorfrei (Sicherheitsabstand 2 mm).",
        face=2,
    )
    c.para(
        "Stadium pT1a cN0 cM0 (AJCC 2017, Stadium IA). Eine Nachexzision mit 1 cm Sicherheitsabstand ist "
        "für den 19.03.2025 geplant. Eine Wächterlymphknotenbiopsie ist nicht indiziert."
    )
    c.heading("Nachsorge")
    c.bullets(
        [
            "Ganzkörperinspektion alle 6 Monate für 5 Jahre",
            "Lymphknotensonographie nicht erforderlich",
            "Konsequenter UV-Schutz (LSF 50+)",
        ],
        "•",
    )
    c.closing("Mit freundlichen Grüßen", [site.second], ["ia"], ia=True)
    c.add_stamp(["EINGANG", "13.03.2025"], "rect", RED, 360, 250)
    return Built(
        c.finish(),
        "dermatology_letter",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Melanom",
            "Breslow",
            "0,6 mm",
            "12 · 03 · 2025",
            "Wölfle-Maier",
            "Wächterlymphknotenbiopsie",
        ],
    )


def dental(rng: random.Random, country: str) -> Built:
    c, site, p = composer(rng, country, 9.5, "{p.surname} – treatment plan", head="columns")
    c.address(
        [f"{p.first} {p.surname}", p.street, p.town],
        [("Date", "12/03/2025"), ("Patient ID", "LVD-20931"), ("Chart", "FDI notation")],
    )
    c.subject(["Treatment plan and estimate", f"Date of birth: {p.birth}"])
    c.para(f"Dear {p.first},")
    c.para(
        "Following your examination and radiographs on 4 March, I have set out the recommended treatment "
        "below. The fees are estimates and may change if the treatment needs to be modified."
    )
    c.table(
        ["Tooth", "Procedure", "Visits", "Fee (EUR)"],
        [
            ["16", "Root canal treatment, 3 canals", "2", "€ 780.00"],
            ["16", "Porcelain-bonded crown", "2", "€ 950.00"],
            ["36", "Surgical extraction", "1", "€ 320.00"],
            ["36", "Implant (bone level), incl. abutment", "3", "€ 2,450.00"],
            ["45", "Composite filling, MOD", "1", "€ 145.00"],
            ["–", "Scale and polish, OHI", "1", "€ 85.00"],
            ["", "Total estimate", "", "€ 4,730.00"],
        ],
        [60, 240, 60, 100],
    )
    c.para(
        "Periodontal screening (BPE) scores were 2 / 2 / 3 and 2 / 2 / 2; please continue interdental "
        "brushing twice daily."
    )
    c.options("Consent", [("I accept the plan", False), ("I would like to discuss", False)])
    c.closing("Kind regards", [site.doctor], ["initials"])
    return Built(
        c.finish(),
        "dental_treatment_plan",
        "en",
        f"{p.first} {p.surname}",
        [p.term, p.birth, "Root canal", "€ 4,730.00", "LVD-20931", "Implant", "BPE", "Phádraig"],
    )


def psychotherapy(rng: random.Random, country: str) -> Built:
    c, _site, p = composer(
        rng, country, 11.0, "Bericht an den Gutachter – {p.surname}", family="dejavu-serif"
    )
    c.address(
        ["An die", "Gutachterstelle der Krankenkasse", "Postfach 10 12 44", "20008 Hamburg"],
        [("Chiffre", "W-270351"), ("Datum", "12.03.2025"), ("Verfahren", "VT, Einzel")],
    )
    c.subject(
        [
            "Bericht zum Antrag auf Umwandlung einer Kurzzeit- in eine Langzeittherapie",
            f"Chiffre W-270351 (Geburtsjahr {p.birth[-4:]})",
        ]
    )
    for title, text in [
        (
            "1. Relevante soziodemographische Daten",
            "Die Patientin ist 41 Jahre alt, verheiratet, zwei Kinder, tätig als Verwaltungsangestellte in "
            "Teilzeit. Sie lebt mit ihrer Familie in einer Mietwohnung.",
        ),
        (
            "2. Symptomatik und psychischer Befund",
            "Im Vordergrund stehen seit etwa achtzehn Monaten gedrückte Stimmung, Antriebsminderung, "
            "Grübelneigung, Ein- und Durchschlafstörungen sowie wiederkehrende Panikattacken mit Herzrasen, "
            "Schwindel und Derealisationserleben. BDI-II 31 Punkte, PHQ-9 18 Punkte. Keine akute Suizidalität.",
        ),
        (
            "3. Somatischer Befund",
            "Hausärztlich ausgeschlossen: Hyperthyreose (TSH 1,42 mU/l), Anämie und kardiale Ursachen.",
        ),
        (
            "4. Verhaltensanalyse",
            "Auslösend war die Pflege der an Demenz erkrankten Mutter bei gleichzeitigem Arbeitsplatzkonflikt. "
            "Aufrechterhaltend wirken ein ausgeprägtes Vermeidungsverhalten, hohe Leistungsansprüche und ein "
            "Mangel an positiven Aktivitäten.",
        ),
        (
            "5. Diagnosen nach ICD-10",
            "F33.1 Rezidivierende depressive Störung, gegenwärtig mittelgradige Episode; F41.0 Panikstörung.",
        ),
        (
            "6. Behandlungsplan und Prognose",
            "Geplant sind 36 weitere Sitzungen: Psychoedukation, Aktivitätsaufbau, kognitive Umstrukturierung, "
            "interozeptive Exposition, Rückfallprophylaxe. Die Prognose ist bei guter Motivation günstig.",
        ),
    ]:
        c.heading(title, 11)
        c.para(text, face=2 if title.startswith("2") else 0)
    c.closing(
        "Mit freundlichen Grüßen",
        [("Dipl.-Psych. Katharina Eßer-Lindqvist", "Psychologische Psychotherapeutin")],
        ["flourish"],
    )
    return Built(
        c.finish(),
        "psychotherapy_report",
        "de",
        "Chiffre W-270351",
        [
            "W-270351",
            "Panikstörung",
            "Derealisationserleben",
            "F33.1",
            "BDI-II",
            "1,42 mU/l",
            "Eßer-Lindqvist",
        ],
    )


def occupational(rng: random.Random, country: str) -> Built:
    c, site, p = composer(rng, country, 9.5, "Fitness for work – {p.surname}", site_key="OH")
    c.address(
        [
            "Ms Hannah Whitcombe",
            "HR Business Partner",
            "Severnside Logistics Ltd",
            "Avonmouth BS11 9YA",
        ],
        [("Date", "12 March 2025"), ("Our ref", "OH/25/0441"), ("Employee no.", "SL-07731")],
    )
    c.subject(
        [
            "Occupational health report – management referral",
            f"Employee: {p.first} {p.surname}, DOB {p.birth}",
        ]
    )
    c.para(
        "Thank you for your referral. I saw your employee on 10 March 2025 with their consent to release "
        "this report. They work as a forklift operator on rotating twelve-hour shifts."
    )
    c.options("Fit for work", [("Yes", False), ("With adjustments", True), ("Not fit", False)])
    c.options("Night shifts", [("Suitable", False), ("Avoid for 8 weeks", True)])
    c.options("Driving / MHE", [("No restriction", False), ("Restricted", True)])
    c.options("Equality Act", [("Likely applies", True), ("Unlikely", False)])
    c.y += 10
    c.para(
        "Clinical background: obstructive sleep apnoea diagnosed in January, now on CPAP with good "
        "adherence (average use 6.4 hours per night). Hypertension is treated and controlled."
    )
    c.para(
        "Recommendations: day shifts only and no forklift driving until the DVLA has confirmed the licence "
        "and a review on 7 May 2025 shows adherence is maintained; a phased return over two weeks."
    )
    c.closing("Yours sincerely", [site.doctor, site.second], ["compact", "ia"], ia=True)
    c.add_stamp(["CONFIDENTIAL", "MEDICAL IN CONFIDENCE"], "rect", RED, 380, 150)
    return Built(
        c.finish(),
        "occupational_health_report",
        "en",
        f"{p.first} {p.surname}",
        [p.term, p.birth, "OH/25/0441", "CPAP", "forklift", "6.4 hours", "Trelawney", "DVLA"],
    )


def vaccination(rng: random.Random, country: str) -> Built:
    c, site, p = composer(rng, country, 8.5, "Impfnachweis {p.surname}", family="liberation-narrow")
    c.subject(
        [
            "Impfbescheinigung / Nachtrag zum Impfausweis",
            f"{p.first} {p.surname} · geboren am {p.birth} · {p.street}, {p.town}",
        ]
    )
    c.table(
        ["Datum", "Impfung gegen", "Handelsname", "Ch.-B.", "Dosis", "Arzt/Ärztin"],
        [
            [
                "03.04.2019",
                "Tetanus, Diphtherie, Pertussis",
                "Boostrix",
                "AC37B412AE",
                "0,5 ml",
                "Dr. Imhoff",
            ],
            [
                "14.10.2021",
                "Influenza (quadrivalent)",
                "Vaxigrip Tetra",
                "V3G281",
                "0,5 ml",
                "Dr. Imhoff",
            ],
            [
                "02.11.2021",
                "COVID-19 (Auffrischung)",
                "Comirnaty",
                "FK5127",
                "0,3 ml",
                "Dr. Brückner",
            ],
            ["28.09.2022", "Pneumokokken (PCV20)", "Apexxnar", "HX8812", "0,5 ml", "Dr. Imhoff"],
            ["11.10.2023", "Herpes zoster (Dosis 1)", "Shingrix", "Z4TT9", "0,5 ml", "Dr. Imhoff"],
            ["13.12.2023", "Herpes zoster (Dosis 2)", "Shingrix", "Z4TU2", "0,5 ml", "Dr. Imhoff"],
            ["07.10.2024", "Influenza (Hochdosis)", "Efluelda", "W1B773", "0,7 ml", "Dr. Brückner"],
            ["12.03.2025", "FSME (Dosis 1)", "FSME-IMMUN", "VR4Y90", "0,5 ml", "Dr. Imhoff"],
        ],
        [62, 130, 72, 70, 42, 72],
        8,
    )
    c.para(
        "Nächste Impfungen: FSME Dosis 2 in 1 - 3 Monaten, Dosis 3 nach 5 - 12 Monaten; Tdap-Auffrischung "
        "fällig 04/2029.",
        size=8.5,
    )
    c.options(
        "Impfausweis",
        [("vorgelegt", False), ("nicht vorgelegt", True), ("Ersatz ausgestellt", True)],
        8.5,
    )
    c.closing("Stuttgart, den 12.03.2025", [site.second], ["compact"], over_name=True)
    c.add_stamp(
        ["Klinikum Neckarhalde", "Impfambulanz · 0711 / 12 34 56"], "rect", BLUE, 300, c.y - 70
    )
    return Built(
        c.finish(),
        "vaccination_record",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Shingrix",
            "FK5127",
            "Pneumokokken",
            "FSME",
            "Impfbescheinigung",
            "0,7 ml",
        ],
    )


def home_care(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 9.0, "Verordnung häusliche Krankenpflege – {p.surname}", head="band"
    )
    c.subject(
        [
            "Verordnung häuslicher Krankenpflege (Folgeverordnung)",
            "Pflegedienst Sonnenhang GmbH, Fax 0711 / 98 76 54",
        ]
    )
    c.field("Versicherte/r", f"{p.surname}, {p.first}")
    c.field("geboren am", p.birth)
    c.field("Versichertennummer", "K 482 119 330")
    c.field("Zeitraum", "vom 14.03.2025 bis 13.06.2025")
    c.options(
        "Behandlungspflege",
        [("Medikamentengabe", True), ("Injektionen", True), ("Kompression", False)],
    )
    c.options("Wundversorgung", [("ja", True), ("nein", False)])
    c.options("Grundpflege", [("ja", False), ("nein", True)])
    c.heading("Diagnosen (ICD-10)", 9.5)
    c.bullets(
        [
            "E11.74 Diabetes mellitus Typ 2 mit diabetischem Fußsyndrom",
            "L97 Ulcus cruris venosum links",
            "N18.4 Chronische Niereninsuffizienz Stadium 4",
        ]
    )
    c.table(
        ["Maßnahme", "Häufigkeit", "Dauer"],
        [
            ["Insulin s.c. (Blutzuckermessung vorher)", "3 x täglich", "14.03. - 13.06."],
            ["Wundversorgung Unterschenkel links", "1 x täglich", "14.03. - 11.04."],
            ["Medikamente richten (Wochendosett)", "1 x wöchentlich", "14.03. - 13.06."],
        ],
        [220, 110, 110],
    )
    c.closing("Unterschrift und Stempel der Ärztin", [site.doctor], ["flourish"])
    c.add_stamp([site.name, site.street + " · " + site.town], "rect", BLUE, 260, c.y - 80)
    return Built(
        c.finish(),
        "home_care_order",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "K 482 119 330",
            "Wundversorgung",
            "Niereninsuffizienz",
            "E11.74",
            "Sonnenhang",
            "3 x täglich",
        ],
    )


def appointment(rng: random.Random, country: str) -> Built:
    c, _site, p = composer(rng, country, 10.0, "{p.surname}")
    c.address(
        [f"{p.first} {p.surname}", p.street, p.town],
        [("Date", "03/12/2025"), ("MRN", "BSL-0088314"), ("DOB", p.birth)],
    )
    c.subject(["Your appointment – overnight sleep study"])
    c.para(f"Dear {p.first} {p.surname},")
    c.para(
        "Your in-lab polysomnography has been scheduled as follows. Please arrive at 8:30 PM and bring "
        "your usual evening medications, comfortable sleepwear and a photo ID."
    )
    c.table(
        ["Date", "Time", "Location", "Provider"],
        [
            [
                "Thursday, 04/17/2025",
                "8:30 PM",
                "Suite 1120, 450 Sutter St",
                "Karen J. Whitfield, MD",
            ],
            ["Friday, 05/02/2025", "10:15 AM", "Telehealth video visit", "Luis Ortega, PA-C"],
        ],
        [120, 60, 170, 130],
    )
    c.para(
        "Do not drink caffeine after 12 noon on the day of the study. If you use a CPAP machine already, "
        "bring the mask. To reschedule, call (415) 555-0187 at least 48 hours in advance; a $75 fee may "
        "apply to missed appointments.",
        face=2,
    )
    c.para("Prior authorization: approved by Pacific Crest Health Plan, auth. no. PA-7719-2025.")
    c.closing("Sincerely,", [("Scheduling Office", "Bayview Sleep & Lung Associates")], ["compact"])
    return Built(
        c.finish(),
        "appointment_letter",
        "en",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "polysomnography",
            "(415) 555-0187",
            "PA-7719-2025",
            "04/17/2025",
            "BSL-0088314",
            "caffeine",
        ],
    )


def insurer_form(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 9.0, "Kostengutsprache {p.surname}", family="liberation-sans", head="band"
    )
    c.subject(["Gesuch um Kostengutsprache", "an die Vertrauensärztin der Helvetia Kranken AG"])
    c.field("Versicherte Person", f"{p.first} {p.surname}")
    c.field("Geburtsdatum", p.birth)
    c.field("Versichertennr.", "756.4471.2290.18")
    c.field("Leistung", "CPAP-Gerät mit Befeuchter, Miete 12 Monate")
    c.options(
        "Versicherung", [("Grundversicherung (KVG)", True), ("Zusatzversicherung (VVG)", False)]
    )
    c.options("Dringlichkeit", [("normal", True), ("dringend", False)])
    c.options("Beilagen", [("PSG-Bericht", True), ("Arztzeugnis", True), ("Offerte", True)])
    c.heading("Medizinische Begründung", 10)
    c.para(
        "Schwere obstruktive Schlafapnoe (AHI 42,7/h, ODI 39,1/h) mit ausgeprägter Tagesschläfrigkeit "
        "(Epworth 16) und arterieller Hypertonie. Konservative Massnahmen ausgeschöpft."
    )
    c.table(
        ["Position", "Tarif", "Betrag CHF"],
        [
            ["Miete CPAP-Gerät, Monat 1 - 6", "MiGeL 14.11.01.00.1", "CHF 540.00"],
            ["Miete CPAP-Gerät, Monat 7 - 12", "MiGeL 14.11.01.00.1", "CHF 450.00"],
            ["Maske und Zubehör", "MiGeL 14.11.05.00.1", "CHF 285.50"],
        ],
        [220, 130, 100],
    )
    c.closing("Ort, Datum: Schlieren, 12.03.2025", [site.doctor], ["initials"])
    c.add_stamp(["Helvetia Kranken AG", "EINGEGANGEN 14.03.2025"], "round", RED, 350, 300)
    return Built(
        c.finish(),
        "insurer_form",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Kostengutsprache",
            "756.4471.2290.18",
            "CHF 285.50",
            "Schlafapnoe",
            "MiGeL",
            "Baumgartner",
        ],
    )


def lab_cumulative(rng: random.Random, country: str) -> Built:
    german = country in ("DE", "AT", "CH")
    c, site, p = composer(
        rng,
        country,
        7.5,
        "Kumulativbefund {p.surname}" if german else "Cumulative report {p.surname}",
        family=rng.choice(["dejavu-condensed", "liberation-narrow"]),
    )
    dates = (
        ["05.02.", "12.02.", "19.02.", "26.02.", "05.03.", "12.03."]
        if german
        else ["02/05", "02/12", "02/19", "02/26", "03/05", "03/12"]
    )
    title = "Kumulativbefund Klinische Chemie" if german else "Cumulative laboratory report"
    c.subject([title, f"{p.surname}, {p.first} · {p.birth} · Auftrag 2503120447"])
    rows = [
        ("Natrium", "Sodium", "mmol/l", "136 - 145", [138, 135, 133, 131, 134, 137]),
        ("Kalium", "Potassium", "mmol/l", "3,5 - 5,1", [4.8, 5.4, 5.9, 6.2, 5.6, 5.0]),
        ("Calcium", "Calcium", "mmol/l", "2,15 - 2,55", [2.21, 2.18, 2.09, 2.02, 2.11, 2.19]),
        ("Phosphat", "Phosphate", "mmol/l", "0,81 - 1,45", [1.52, 1.61, 1.77, 1.83, 1.66, 1.49]),
        ("Kreatinin", "Creatinine", "mg/dl", "0,67 - 1,17", [2.48, 2.91, 3.36, 3.82, 3.14, 2.77]),
        ("Harnstoff", "Urea", "mg/dl", "17 - 43", [88, 104, 121, 139, 117, 96]),
        ("eGFR (CKD-EPI)", "eGFR (CKD-EPI)", "ml/min", "> 60", [24, 20, 17, 14, 18, 22]),
        ("Harnsäure", "Uric acid", "mg/dl", "3,4 - 7,0", [8.1, 8.4, 8.9, 9.2, 8.6, 7.9]),
        ("CRP", "CRP", "mg/l", "< 5", [12, 38, 64, 41, 17, 6]),
        ("Hämoglobin", "Haemoglobin", "g/dl", "13,5 - 17,5", [11.2, 10.9, 10.4, 10.1, 10.6, 11.0]),
        ("Leukozyten", "WBC", "/nl", "3,9 - 10,2", [8.2, 11.6, 13.4, 10.8, 9.1, 7.7]),
        ("Thrombozyten", "Platelets", "/nl", "150 - 370", [242, 228, 209, 198, 221, 239]),
        ("Albumin", "Albumin", "g/l", "35 - 52", [34, 33, 31, 30, 32, 34]),
        ("Bikarbonat", "Bicarbonate", "mmol/l", "22 - 29", [21, 19, 17, 16, 19, 22]),
        ("pH (venös)", "pH (venous)", "", "7,31 - 7,41", [7.33, 7.31, 7.28, 7.26, 7.30, 7.34]),
        ("Parathormon", "PTH", "pg/ml", "15 - 65", [188, 0, 0, 241, 0, 0]),
        ("25-OH-Vitamin D", "25-OH vitamin D", "ng/ml", "30 - 100", [14, 0, 0, 0, 0, 19]),
        ("HbA1c", "HbA1c", "%", "< 5,7", [7.4, 0, 0, 0, 0, 7.1]),
    ]

    def show(v: float) -> str:
        if v == 0:
            return "–"
        text = f"{v:g}" if v == int(v) else f"{v:.2f}".rstrip("0")
        return text.replace(".", ",") if german else text

    table_rows = []
    for de, en, unit, ref, values in rows:
        ref_out = ref if german else ref.replace(",", ".")
        table_rows.append([de if german else en, unit, ref_out] + [show(v) for v in values])
    heads = [
        "Analyt" if german else "Analyte",
        "Einheit" if german else "Unit",
        "Referenz" if german else "Range",
    ]
    c.heading(("Blatt 1 (aktuell)" if german else "Sheet 1 (current)"), 8.5)
    c.table(heads + dates, table_rows, [92, 40, 62] + [46] * 6, 7.3)
    earlier = (
        ["08.01.", "15.01.", "22.01.", "29.01."] if german else ["01/08", "01/15", "01/22", "01/29"]
    )
    drift = [rng.uniform(0.9, 1.1) for _ in range(4)]
    older = [
        [
            de if german else en,
            unit,
            ref if german else ref.replace(",", "."),
            *[
                show(round(v * f) if v == int(v) else round(v * f, 2)) if v else "–"
                for v, f in zip(values[:4], drift, strict=False)
            ],
        ]
        for de, en, unit, ref, values in rows[:12]
    ]
    c.heading(("Blatt 2 (Vorwerte)" if german else "Sheet 2 (previous results)"), 8.5)
    c.table(heads + earlier, older, [92, 40, 62] + [52] * 4, 7.3)
    c.para(
        (
            "Befund technisch und medizinisch validiert. Kritische Werte (Kalium > 6,0 mmol/l) wurden am "
            "26.02. um 07:42 Uhr telefonisch an Station 4B (Pfl. Roßmann) übermittelt."
        )
        if german
        else "Critical value (potassium > 6.0 mmol/l) phoned to ward 4B on 02/26 at 07:42 AM (RN Rossman).",
        size=7.5,
    )
    c.closing(
        "Laboratoriumsmedizin" if german else "Laboratory medicine", [site.second], ["compact"]
    )
    last = table_rows[1][3 + 3]
    return Built(
        c.finish(),
        "lab_cumulative_report",
        "de" if german else "en",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            table_rows[4][0],
            last,
            "2503120447",
            table_rows[0][2],
            "Parathormon" if german else "Bicarbonate",
            "07:42",
        ],
    )


def nephrology_two_column(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 9.0, "Arztbrief {p.surname} – Seite 2", family="dejavu-serif-condensed"
    )
    c.address(
        referrer(country),
        [("Datum", "12.03.2025"), ("Zl.", "NEPH 25/118"), ("Tel.", "+43 1 405 22 17")],
    )
    c.subject([f"Nephrologischer Arztbrief über {p.first} {p.surname}, geb. {p.birth}"])
    c.para("Sehr geehrter Herr Kollege,")
    c.two_columns(
        [
            "Diagnosen: chronische Niereninsuffizienz Stadium G4 A3 bei diabetischer Nephropathie; "
            "rezidivierende Hyperkaliämie (max. 6,2 mmol/l); renale Anämie; sekundärer Hyperparathyreoidismus.",
            "Anamnese: Die Patientin stellt sich zur Verlaufskontrolle vor. Seit Jänner vermehrte Müdigkeit, "
            "Pruritus und Beinödeme, keine Dyspnoe in Ruhe. Diurese ca. 1.500 ml pro Tag.",
            "Befund: RR 148/86 mmHg, Puls 76/min rhythmisch, Gewicht 71,4 kg, prätibiale Ödeme beidseits.",
        ],
        [
            "Labor: Kreatinin 3,36 mg/dl, eGFR 17 ml/min, Kalium 5,9 mmol/l, Bikarbonat 17 mmol/l, "
            "Hb 10,4 g/dl, Albumin/Kreatinin-Quotient 1.240 mg/g.",
            "Procedere: Patiromer 8,4 g täglich, Natriumhydrogencarbonat 1 g 1-1-1, Furosemid 40 mg morgens. "
            "Kaliumarme Diät, Schulung durch unsere Diätologin am 20.03.2025.",
            "Aufklärung über Nierenersatzverfahren erfolgt; die Patientin bevorzugt die Peritonealdialyse. "
            "Shunt-Planung nicht erforderlich.",
        ],
    )
    c.heading("Medikation bei Entlassung", 10)
    c.table(
        ["Wirkstoff", "Stärke", "Früh", "Mittag", "Abend", "Nacht"],
        [
            ["Patiromer", "8,4 g", "1", "0", "0", "0"],
            ["Natriumhydrogencarbonat", "1 g", "1", "1", "1", "0"],
            ["Furosemid", "40 mg", "1", "0", "0", "0"],
            ["Darbepoetin alfa", "40 µg", "alle 14 Tage", "", "", ""],
            ["Insulin glargin", "100 E/ml", "0", "0", "0", "18 E"],
        ],
        [150, 70, 60, 50, 50, 50],
    )
    c.closing(
        "Mit kollegialen Grüßen",
        [site.doctor, site.second],
        ["flourish", "initials"],
        over_name=True,
    )
    return Built(
        c.finish(),
        "nephrology_letter",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Hyperkaliämie",
            "Niereninsuffizienz",
            "Patiromer",
            "3,36 mg/dl",
            "Jänner",
            "NEPH 25/118",
        ],
    )


def cardiology_en(rng: random.Random, country: str) -> Built:
    c, _site, p = composer(
        rng, country, 10.0, "{p.first} {p.surname} (continued)", family="liberation-serif"
    )
    c.address(
        referrer(country),
        [("Date", "12/03/2025"), ("MRN", "SVH-4471923"), ("Clinic", "Heart Failure")],
    )
    c.subject([f"RE: {p.first} {p.surname}, DOB {p.birth}", f"{p.street}, {p.town}"])
    c.para("Dear Dr Mac Cárthaigh,")
    c.para(
        "Thank you for referring this patient with progressive exertional dyspnoea (NYHA class III), "
        "orthopnoea and ankle swelling. She has long-standing hypertension and type 2 diabetes."
    )
    c.heading("Investigations")
    c.bullets(
        [
            "Echocardiogram: LVEF 32 %, global hypokinesis, moderate functional mitral regurgitation",
            "NT-proBNP 2,840 pg/ml; eGFR 48 ml/min/1.73m²; potassium 4.9 mmol/l",
            "ECG: sinus rhythm 88 bpm, left bundle branch block, QRS 152 ms",
        ],
        "•",
    )
    c.heading("Plan")
    c.para(
        "We have started sacubitril/valsartan 24/26 mg twice daily, bisoprolol 2.5 mg and dapagliflozin "
        "10 mg. Given the left bundle branch block and QRS 152 ms, she will be considered for cardiac "
        "resynchronisation therapy (CRT-D) if the ejection fraction remains below 35 % after three months "
        "of optimised medical therapy."
    )
    c.para(
        "Please repeat urea and electrolytes in one to two weeks and fax the result to 01 809 3433.",
        face=2,
    )
    c.closing(
        "Yours sincerely,",
        [
            ("Dr Gráinne Fitzpatrick-Nolan", "Consultant Cardiologist"),
            ("Dr Tomás Ó Briain", "Cardiology SpR"),
        ],
        ["flourish", "compact"],
        ia=True,
    )
    c.add_stamp(["RECEIVED", "14 MAR 2025"], "rect", RED, 390, 210)
    return Built(
        c.finish(),
        "cardiology_letter",
        "en",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "dyspnoea",
            "hypertension",
            "NT-proBNP",
            "QRS 152 ms",
            "SVH-4471923",
            "Fitzpatrick-Nolan",
        ],
    )


def surgery_de(rng: random.Random, country: str) -> Built:
    c, site, p = composer(
        rng, country, 10.0, "Entlassungsbrief {p.surname}, {p.first}", head="columns"
    )
    c.address(
        referrer(country),
        [
            ("Datum", "12.03.2025"),
            ("Aufnahme", "07.03.2025"),
            ("Entlassung", "12.03.2025"),
            ("Station", "C 3 Viszeralchirurgie"),
        ],
    )
    c.subject(["Vorläufiger Entlassungsbrief", f"{p.first} {p.surname}, * {p.birth}"])
    c.para(
        "Sehr geehrte Frau Kollegin, wir berichten über den stationären Aufenthalt Ihrer Patientin."
    )
    c.heading("Diagnosen")
    c.bullets(
        [
            "Symptomatische Cholezystolithiasis mit akuter Cholezystitis (Tokyo-Grad I)",
            "Choledocholithiasis, ERCP mit Steinextraktion am 08.03.2025",
            "Adipositas Grad I (BMI 31,2 kg/m²)",
        ]
    )
    c.heading("Therapie")
    c.para(
        "Laparoskopische Cholezystektomie am 10.03.2025 (OP-Dauer 54 min), Histologie: chronisch-"
        "rezidivierende Cholezystitis, kein Anhalt für Malignität. Postoperativ komplikationsloser Verlauf."
    )
    c.para(
        "Laborchemisch bei Entlassung: Bilirubin 0,9 mg/dl, GGT 86 U/l, Lipase 41 U/l, CRP 18 mg/l."
    )
    c.heading("Procedere")
    c.para(
        "Fadenzug am 10. postoperativen Tag beim Hausarzt, keine schwere körperliche Belastung für 4 Wochen. "
        "Vorstellung in unserer Sprechstunde bei Beschwerden; Telefon 0711 / 12 34 56, Durchwahl -3301."
    )
    c.closing("Mit freundlichen Grüßen", [site.doctor, site.second], ["flourish", "compact"])
    return Built(
        c.finish(),
        "discharge_letter_surgery",
        "de",
        f"{p.first} {p.surname}",
        [
            p.term,
            p.birth,
            "Cholezystolithiasis",
            "Cholezystektomie",
            "GGT 86 U/l",
            "ERCP",
            "Imhoff",
            "Tel. 0711 / 12 34 56",
        ],
    )


KINDS: dict[str, Callable[[random.Random, str], Built]] = {
    "endoscopy": endoscopy,
    "ed_note": ed_note,
    "sleep_lab": sleep_lab,
    "ophthalmology": ophthalmology,
    "dermatology": dermatology,
    "dental": dental,
    "psychotherapy": psychotherapy,
    "occupational": occupational,
    "vaccination": vaccination,
    "home_care": home_care,
    "appointment": appointment,
    "insurer_form": insurer_form,
    "lab_cumulative": lab_cumulative,
    "nephrology": nephrology_two_column,
    "cardiology": cardiology_en,
    "surgery": surgery_de,
}

# (kind, country) per letter: each kind once or twice, in different countries, fonts and layouts.
PLAN = [
    ("endoscopy", "DE"),
    ("ed_note", "DE"),
    ("sleep_lab", "CH"),
    ("ophthalmology", "GB"),
    ("dermatology", "DE"),
    ("dental", "IE"),
    ("psychotherapy", "DE"),
    ("occupational", "GB"),
    ("vaccination", "DE"),
    ("home_care", "DE"),
    ("appointment", "US"),
    ("insurer_form", "CH"),
    ("lab_cumulative", "DE"),
    ("nephrology", "AT"),
    ("cardiology", "IE"),
    ("surgery", "DE"),
    ("lab_cumulative", "US"),
    ("endoscopy", "AT"),
    ("ed_note", "AT"),
    ("ophthalmology", "IE"),
    ("sleep_lab", "DE"),
    ("dental", "GB"),
    ("cardiology", "US"),
    ("nephrology", "DE"),
    ("lab_cumulative", "CH"),
    ("occupational", "IE"),
    ("appointment", "GB"),
    ("surgery", "AT"),
]
