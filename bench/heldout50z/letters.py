"""The letters: a seeded world of post for three practices in Upper Bavaria and the Allgäu."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field
from typing import Any

from . import layout as L
from . import register, world

SPLIT_SEEDS = {"test": 5_026_040, "examples": 5_026_006}
SPLIT_SIZES = {"test": 40, "examples": 6}

# Sender organisations: printed name, alternatives, address lines, city, fax, doctors.
ORGS: dict[str, dict[str, Any]] = {
    "lmu": {
        "name": "LMU Klinikum",
        "alts": ["Klinikum der Universität München", "Medizinische Klinik und Poliklinik IV"],
        "dept": "Medizinische Klinik und Poliklinik IV – Nephrologie",
        "addr": ["Ziemssenstraße 5", "80336 München"],
        "city": "München",
        "fax": "+49 89 4400 53517",
        "tel": "+49 89 4400 52000",
        "docs": ["Prof. Dr. med. Benedikt Sattler", "Dr. med. Hannah Vogl"],
    },
    "mri": {
        "name": "Klinikum rechts der Isar der Technischen Universität München",
        "alts": [
            "Klinikum rechts der Isar",
            "TUM Klinikum rechts der Isar",
            "Klinik und Poliklinik für Innere Medizin I",
        ],
        "dept": "Klinik und Poliklinik für Innere Medizin I – Kardiologie",
        "addr": ["Ismaninger Straße 22", "81675 München"],
        "city": "München",
        "fax": "+49 89 4140 4862",
        "tel": "+49 89 4140 2347",
        "docs": ["Prof. Dr. med. Ulrike Brenninger", "Dr. med. Jonas Auer"],
    },
    "kbo": {
        "name": "kbo-Isar-Amper-Klinikum München-Ost",
        "alts": ["kbo-Isar-Amper-Klinikum", "Isar-Amper-Klinikum München-Ost", "kbo"],
        "dept": "Klinik für Psychiatrie und Psychotherapie",
        "addr": ["Vockestraße 72", "85540 Haar"],
        "city": "Haar",
        "fax": "+49 89 4562 2911",
        "tel": "+49 89 4562 0",
        "docs": ["Dr. med. Florian Rothmund", "Dipl.-Psych. Saskia Lenz"],
    },
    "romed": {
        "name": "RoMed Klinikum Rosenheim",
        "alts": ["RoMed Kliniken", "RoMed Klinikum", "Klinik für Gastroenterologie"],
        "dept": "Medizinische Klinik II – Gastroenterologie",
        "addr": ["Pettenkoferstraße 10", "83022 Rosenheim"],
        "city": "Rosenheim",
        "fax": "+49 8031 365 4919",
        "tel": "+49 8031 365 0",
        "docs": ["PD Dr. med. Markus Eder", "Dr. med. Theresa Kainz"],
    },
    "ingolstadt": {
        "name": "Klinikum Ingolstadt",
        "alts": ["Klinikum Ingolstadt GmbH", "Neurologische Klinik"],
        "dept": "Neurologische Klinik",
        "addr": ["Krumenauerstraße 25", "85049 Ingolstadt"],
        "city": "Ingolstadt",
        "fax": "+49 841 880 2479",
        "tel": "+49 841 880 0",
        "docs": ["Prof. Dr. med. Gregor Haslbeck", "Dr. med. Ana Perić"],
    },
    "gap": {
        "name": "Klinikum Garmisch-Partenkirchen",
        "alts": ["Klinikum GAP", "Klinik für Unfallchirurgie und Orthopädie"],
        "dept": "Klinik für Unfallchirurgie, Orthopädie und Sporttraumatologie",
        "addr": ["Auenstraße 6", "82467 Garmisch-Partenkirchen"],
        "city": "Garmisch-Partenkirchen",
        "fax": "+49 8821 77 1209",
        "tel": "+49 8821 77 0",
        "docs": ["Dr. med. Korbinian Grasegger", "Dr. med. Lisa Neuner"],
    },
    "kempten": {
        "name": "Klinikum Kempten",
        "alts": [
            "Klinikverbund Allgäu",
            "Klinikum Kempten – Klinikverbund Allgäu",
            "Klinik für Geriatrie",
        ],
        "dept": "Klinik für Akutgeriatrie",
        "addr": ["Robert-Weixler-Straße 50", "87439 Kempten (Allgäu)"],
        "city": "Kempten",
        "fax": "+49 831 530 3388",
        "tel": "+49 831 530 0",
        "docs": ["Dr. med. Wolfgang Fendt", "Dr. med. Miriam Wörle"],
    },
    "toelz": {
        "name": "Asklepios Stadtklinik Bad Tölz",
        "alts": ["Asklepios Stadtklinik", "Abteilung für Innere Medizin"],
        "dept": "Abteilung für Innere Medizin",
        "addr": ["Schützenstraße 15", "83646 Bad Tölz"],
        "city": "Bad Tölz",
        "fax": "+49 8041 507 1091",
        "tel": "+49 8041 507 01",
        "docs": ["Dr. med. Peter Angerer", "Dr. med. Kathrin Zwerger"],
    },
    "cardio": {
        "name": "Kardiologische Gemeinschaftspraxis Isartor",
        "alts": ["Kardiologie am Isartor", "Kardiologische Praxis Isartor"],
        "dept": None,
        "addr": ["Zweibrückenstraße 12", "80331 München"],
        "city": "München",
        "fax": "+49 89 2900 1817",
        "tel": "+49 89 2900 180",
        "docs": ["Dr. med. Stefan Kirchmair", "Dr. med. Eva Lindner"],
    },
    "derma": {
        "name": "Hautarztpraxis am Ludwigsplatz",
        "alts": ["Dermatologie am Ludwigsplatz"],
        "dept": None,
        "addr": ["Ludwigsplatz 4", "83022 Rosenheim"],
        "city": "Rosenheim",
        "fax": "+49 8031 1234 99",
        "tel": "+49 8031 1234 0",
        "docs": ["Dr. med. Birgit Sailer"],
    },
}

LAB: dict[str, Any] = {
    "name": "MVZ Labor Isartal GmbH",
    "alts": ["Labor Isartal", "MVZ Labor Isartal"],
    "addr": ["Landsberger Straße 312", "80687 München"],
    "fax": "+49 89 5790 2211",
    "tel": "+49 89 5790 0",
    "docs": ["Dr. med. Jörg Haberl, Facharzt für Laboratoriumsmedizin"],
}
RADIO: dict[str, Any] = {
    "name": "Radiologisches Zentrum Ingolstadt-Nord",
    "alts": ["Radiologie Ingolstadt-Nord", "RZ Ingolstadt-Nord"],
    "addr": ["Levelingstraße 21", "85049 Ingolstadt"],
    "fax": "+49 841 93 11 50",
    "tel": "+49 841 93 11 0",
    "docs": ["Dr. med. Cornelia Strasser", "Dr. med. Thomas Zankl"],
}

AUTH: dict[str, dict[str, Any]] = {
    "aok": {
        "name": "AOK Bayern – Die Gesundheitskasse",
        "alts": ["AOK Bayern", "AOK Direktion München"],
        "addr": ["Direktion München", "Landsberger Straße 150", "80339 München"],
        "fax": "+49 89 5444 2930",
        "ref": "Versicherten-Nr.",
        "title": "Anfrage zur Arbeitsunfähigkeit – Krankengeldfall",
        "body": [
            "für die Prüfung des Krankengeldanspruchs benötigen wir von Ihnen einen "
            "kurzen Befundbericht mit den aktuellen Diagnosen und der voraussichtlichen "
            "Dauer der Arbeitsunfähigkeit.",
            "Bitte verwenden Sie den beigefügten Vordruck. Der Aufwand wird nach "
            "Nr. 01621 EBM vergütet.",
        ],
        "who": "Sachbearbeitung Krankengeld, Frau Obermeier",
    },
    "bkk": {
        "name": "Audi BKK",
        "alts": ["Audi Betriebskrankenkasse"],
        "addr": ["Porschestraße 1", "38440 Wolfsburg"],
        "fax": "+49 841 887 0919",
        "ref": "KV-Nummer",
        "title": "Hilfsmittelversorgung – Rückfrage zur Verordnung",
        "body": [
            "zu der von Ihnen ausgestellten Verordnung eines Rollators liegt uns ein "
            "Kostenvoranschlag des Sanitätshauses vor.",
            "Bitte teilen Sie uns mit, ob eine Versorgung mit einem Leichtgewichtrollator "
            "medizinisch erforderlich ist.",
        ],
        "who": "Ihr Team Hilfsmittel, Servicezentrum Ingolstadt",
    },
    "allianz": {
        "name": "Allianz Private Krankenversicherungs-AG",
        "alts": ["Allianz Private Krankenversicherung", "Allianz PKV"],
        "addr": ["Königinstraße 28", "80802 München"],
        "fax": "+49 89 3800 4411",
        "ref": "Versicherungsschein-Nr.",
        "title": "Leistungsprüfung – Bitte um ärztliche Auskunft",
        "body": [
            "wir bitten um Übersendung eines ärztlichen Attests zu der eingereichten "
            "Rechnung, insbesondere zu den Ziffern 5, 7 und 250 GOÄ.",
            "Eine Schweigepflichtentbindung unserer Versicherten liegt bei.",
        ],
        "who": "Leistungsabteilung Ambulant",
    },
    "beihilfe": {
        "name": "Landesamt für Finanzen – Dienststelle München",
        "alts": ["Landesamt für Finanzen", "Bezügestelle Beihilfe", "LfF München"],
        "addr": ["Bezügestelle Beihilfe", "Deroystraße 2", "80335 München"],
        "fax": "+49 89 1234 5599",
        "ref": "Beihilfe-Nr.",
        "title": "Beihilfe – Anforderung eines Gutachtens zur Psychotherapie",
        "body": [
            "für die Anerkennung der Beihilfefähigkeit einer ambulanten "
            "Psychotherapie benötigen wir den ausgefüllten Konsiliarbericht.",
            "Bitte senden Sie diesen im verschlossenen Umschlag an die Beihilfestelle.",
        ],
        "who": "Im Auftrag, Sachgebiet 32",
    },
    "drv": {
        "name": "Deutsche Rentenversicherung Bayern Süd",
        "alts": ["DRV Bayern Süd", "Deutsche Rentenversicherung"],
        "addr": ["Am Alten Viehmarkt 2", "84028 Landshut"],
        "fax": "+49 871 81 2140",
        "ref": "Versicherungsnummer",
        "title": "Befundbericht für einen Antrag auf Leistungen zur medizinischen Rehabilitation",
        "body": [
            "Ihr Patient hat bei uns Leistungen zur medizinischen Rehabilitation "
            "beantragt. Bitte erstatten Sie uns einen Befundbericht (Vordruck S0051).",
            "Für den Befundbericht zahlen wir Ihnen eine Vergütung von 35,00 Euro.",
        ],
        "who": "Abteilung Rehabilitation",
    },
    "lra": {
        "name": "Landratsamt Bad Tölz-Wolfratshausen",
        "alts": ["Gesundheitsamt", "Landratsamt Bad Tölz-Wolfratshausen – Gesundheitsamt"],
        "addr": ["Gesundheitsamt", "Bahnhofsplatz 1", "83646 Bad Tölz"],
        "fax": "+49 8041 505 322",
        "ref": "Aktenzeichen",
        "title": "Meldung nach § 6 IfSG – Rückfrage",
        "body": [
            "wir haben die Meldung einer Campylobacter-Enteritis erhalten und bitten um "
            "Angaben zu Erkrankungsbeginn und möglicher Infektionsquelle.",
            "Bitte rufen Sie uns zurück oder antworten Sie per Fax.",
        ],
        "who": "Dr. med. Ruth Pfaffinger, Amtsärztin",
    },
    "bg": {
        "name": "BG BAU – Berufsgenossenschaft der Bauwirtschaft",
        "alts": ["BG BAU", "Berufsgenossenschaft der Bauwirtschaft"],
        "addr": ["Bezirksverwaltung München", "Am Knie 6", "81241 München"],
        "fax": "+49 800 6686 6889",
        "ref": "Unfall-Aktenzeichen",
        "title": "Arbeitsunfall – Anforderung eines ärztlichen Berichts",
        "body": [
            "Ihr Patient hat einen Arbeitsunfall erlitten. Bitte übersenden Sie uns den "
            "Verlaufsbericht (F 2100) sowie Kopien vorliegender Befunde.",
            "Die Gebühren richten sich nach dem Vertrag Ärzte/Unfallversicherungsträger.",
        ],
        "who": "Reha-Management, Herr Dengler",
    },
}


# Letters from abroad: one discharge letter per language convention.
FOREIGN: dict[str, dict[str, Any]] = {
    "AT": {
        "lang": "de",
        "name": "tirol kliniken – Landeskrankenhaus Innsbruck",
        "alts": [
            "Landeskrankenhaus Innsbruck",
            "LKH Innsbruck",
            "tirol kliniken",
            "Univ.-Klinik für Unfallchirurgie",
        ],
        "addr": "Anichstraße 35, 6020 Innsbruck, Österreich",
        "city": "Innsbruck",
        "fax": "+43 50 504 22450",
        "title": "Entlassungsbrief",
        "pat": "Patient/in",
        "dob": "geb.",
        "adm": "Aufnahme",
        "dis": "Entlassung",
        "diag": "Diagnosen",
        "dtext": "Distale Radiusfraktur rechts (Schiunfall)",
        "body": "Die Patientin/der Patient wurde nach einem Schiunfall am Patscherkofel "
        "stationär aufgenommen und operativ mit Plattenosteosynthese versorgt.",
        "sal": "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,",
        "close": "Mit kollegialen Grüßen",
        "doc": "OA Dr. Gerlinde Pichler",
        "date": "at_long",
        "bd": "dot",
        "place": "Innsbruck, am",
    },
    "IT": {
        "lang": "it",
        "name": "Azienda Sanitaria dell'Alto Adige – Südtiroler Sanitätsbetrieb",
        "alts": [
            "Ospedale di Bolzano",
            "Krankenhaus Bozen",
            "Azienda Sanitaria dell'Alto Adige",
            "Südtiroler Sanitätsbetrieb",
        ],
        "addr": "Ospedale di Bolzano / Krankenhaus Bozen, Via L. Böhler 5, 39100 Bolzano",
        "city": "Bolzano",
        "fax": "+39 0471 908 144",
        "title": "Lettera di dimissione / Entlassungsbrief",
        "pat": "Paziente / Patient",
        "dob": "nato/a il / geb. am",
        "adm": "Ricovero",
        "dis": "Dimissione",
        "diag": "Diagnosi / Diagnose",
        "dtext": "Polmonite acquisita in comunità / ambulant erworbene Pneumonie",
        "body": "Il/la paziente è stato/a ricoverato/a durante una vacanza in Val Gardena. "
        "Terapia antibiotica con amoxicillina/acido clavulanico, decorso regolare.",
        "sal": "Gentile Collega, sehr geehrte Kollegin, sehr geehrter Kollege,",
        "close": "Cordiali saluti / Mit freundlichen Grüßen",
        "doc": "Dott. Marco Oberhofer",
        "date": "slash",
        "bd": "it_long",
        "place": "Bolzano/Bozen,",
    },
    "CHfr": {
        "lang": "fr",
        "name": "Hôpital du Valais – Centre Hospitalier du Valais Romand",
        "alts": ["Hôpital du Valais", "Hôpital de Sion", "CHVR"],
        "addr": "Avenue du Grand-Champsec 80, 1951 Sion, Suisse",
        "city": "Sion",
        "fax": "+41 27 603 4009",
        "title": "Rapport de sortie",
        "pat": "Patient(e)",
        "dob": "né(e) le",
        "adm": "Entrée",
        "dis": "Sortie",
        "diag": "Diagnostics",
        "dtext": "Mal aigu des montagnes, déshydratation",
        "body": "Hospitalisation suite à un malaise lors d'une randonnée en haute montagne. "
        "Réhydratation intraveineuse, évolution favorable.",
        "sal": "Chère Consœur, cher Confrère,",
        "close": "Avec nos meilleures salutations",
        "doc": "Dr Aurélie Favre, cheffe de clinique",
        "date": "fr_long",
        "bd": "dot",
        "place": "Sion, le",
    },
    "CHde": {
        "lang": "de",
        "name": "Kantonsspital Graubünden",
        "alts": ["KSGR", "Kantonsspital Graubünden, Chur", "Departement Chirurgie"],
        "addr": "Loëstrasse 170, 7000 Chur, Schweiz",
        "city": "Chur",
        "fax": "+41 81 256 6200",
        "title": "Austrittsbericht",
        "pat": "Patient",
        "dob": "geb.",
        "adm": "Eintritt",
        "dis": "Austritt",
        "diag": "Diagnosen",
        "dtext": "Commotio cerebri nach Sturz mit dem Mountainbike",
        "body": "Überwachung während 24 Stunden auf der Bettenstation, neurologisch stets "
        "unauffällig. Austritt in gutem Allgemeinzustand, Weiterbetreuung durch Sie.",
        "sal": "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege",
        "close": "Freundliche Grüsse",
        "doc": "Dr. med. Reto Caduff, Oberarzt",
        "date": "de_long",
        "bd": "dot",
        "place": "Chur,",
    },
    "HR": {
        "lang": "hr",
        "name": "Klinički bolnički centar Rijeka",
        "alts": ["KBC Rijeka", "Klinika za internu medicinu"],
        "addr": "Krešimirova 42, 51000 Rijeka, Hrvatska",
        "city": "Rijeka",
        "fax": "+385 51 658 826",
        "title": "Otpusno pismo",
        "pat": "Pacijent",
        "dob": "Datum rođenja",
        "adm": "Datum prijema",
        "dis": "Datum otpusta",
        "diag": "Dijagnoze",
        "dtext": "Akutni infarkt miokarda (NSTEMI)",
        "body": "Pacijent je primljen tijekom godišnjeg odmora zbog boli u prsima. Učinjena "
        "je koronarografija s ugradnjom stenta.",
        "sal": "Poštovani kolega,",
        "close": "S poštovanjem",
        "doc": "dr. med. Ivana Horvat",
        "date": "hr_long",
        "bd": "spaced",
        "place": "Rijeka,",
    },
    "BA": {
        "lang": "bs",
        "name": "Univerzitetski klinički centar Tuzla",
        "alts": ["UKC Tuzla", "Klinika za hirurgiju"],
        "addr": "Prof. dr. Ibre Pašića bb, 75000 Tuzla, Bosna i Hercegovina",
        "city": "Tuzla",
        "fax": "+387 35 303 301",
        "title": "Otpusno pismo",
        "pat": "Pacijent",
        "dob": "Datum rođenja",
        "adm": "Prijem",
        "dis": "Otpust",
        "diag": "Dijagnoza",
        "dtext": "Akutni holecistitis, laparoskopska holecistektomija",
        "body": "Pacijent je operisan tokom posjete porodici. Postoperativni tok uredan.",
        "sal": "Poštovani kolega,",
        "close": "Srdačan pozdrav",
        "doc": "dr. Emir Hodžić",
        "date": "dot_trail",
        "bd": "dot_trail",
        "place": "Tuzla,",
    },
    "XK": {
        "lang": "sq",
        "name": "Qendra Klinike Universitare e Kosovës",
        "alts": ["QKUK", "Klinika e Kardiologjisë"],
        "addr": "Rrethi i Spitalit p.n., 10000 Prishtinë, Kosovë",
        "city": "Prishtinë",
        "fax": "+383 38 500 600",
        "title": "Letër lëshimi",
        "pat": "Pacienti",
        "dob": "Data e lindjes",
        "adm": "Pranimi",
        "dis": "Lëshimi",
        "diag": "Diagnoza",
        "dtext": "Fibrilacion atrial me përgjigje të shpejtë ventrikulare",
        "body": "Pacienti u shtrua gjatë pushimeve verore. Trajtim me beta-bllokues dhe "
        "antikoagulant.",
        "sal": "I nderuar koleg,",
        "close": "Me respekt",
        "doc": "Dr. Besnik Krasniqi",
        "date": "sq_long",
        "bd": "dot",
        "place": "Prishtinë,",
    },
    "SI": {
        "lang": "sl",
        "name": "Univerzitetni klinični center Ljubljana",
        "alts": ["UKC Ljubljana", "Klinični oddelek za travmatologijo"],
        "addr": "Zaloška cesta 2, 1000 Ljubljana, Slovenija",
        "city": "Ljubljana",
        "fax": "+386 1 522 2270",
        "title": "Odpustno pismo",
        "pat": "Bolnik",
        "dob": "Datum rojstva",
        "adm": "Sprejem",
        "dis": "Odpust",
        "diag": "Diagnoza",
        "dtext": "Zlom gležnja desno",
        "body": "Bolnik je bil sprejet po padcu v gorah. Opravljena je bila osteosinteza.",
        "sal": "Spoštovani kolega,",
        "close": "Lep pozdrav",
        "doc": "asist. dr. Matej Kralj, dr. med.",
        "date": "sl_long",
        "bd": "spaced_nodot",
        "place": "Ljubljana,",
    },
    "RO": {
        "lang": "ro",
        "name": "Spitalul Clinic Județean de Urgență Cluj",
        "alts": ["SCJU Cluj", "Spitalul Clinic Județean de Urgență Cluj-Napoca"],
        "addr": "Str. Clinicilor 3-5, 400006 Cluj-Napoca, România",
        "city": "Cluj-Napoca",
        "fax": "+40 264 597 852",
        "title": "Scrisoare medicală",
        "pat": "Pacient",
        "dob": "Data nașterii",
        "adm": "Data internării",
        "dis": "Data externării",
        "diag": "Diagnostic",
        "dtext": "Pancreatită acută biliară",
        "body": "Pacientul a fost internat în timpul unei vizite la familie. Evoluție "
        "favorabilă sub tratament conservator.",
        "sal": "Stimate coleg,",
        "close": "Cu stimă",
        "doc": "Dr. Andrei Popescu, medic primar",
        "date": "ro_long",
        "bd": "dot",
        "place": "Cluj-Napoca,",
    },
    "UA": {
        "lang": "uk",
        "name": "Київська міська клінічна лікарня № 17",
        "alts": ["КМКЛ № 17", "Київська міська клінічна лікарня"],
        "addr": "проспект Перемоги, 104, Київ, 03115, Україна",
        "city": "Київ",
        "fax": "+380 44 424 1185",
        "title": "Виписка з медичної карти стаціонарного хворого",
        "pat": "Пацієнт",
        "dob": "Дата народження",
        "adm": "Дата госпіталізації",
        "dis": "Дата виписки",
        "diag": "Діагноз",
        "dtext": "Цукровий діабет 2 типу, декомпенсація",
        "body": "Проведено корекцію інсулінотерапії. Стан при виписці задовільний.",
        "sal": "Шановний колего!",
        "close": "З повагою",
        "doc": "лікар-ендокринолог Ірина Шевченко",
        "date": "uk_long",
        "bd": "dot",
        "place": "Київ,",
    },
    "ES": {
        "lang": "es",
        "name": "Hospital Universitari Son Espases",
        "alts": [
            "Hospital Universitario Son Espases",
            "Son Espases",
            "Servei de Salut Illes Balears",
        ],
        "addr": "Carretera de Valldemossa 79, 07120 Palma, Illes Balears, España",
        "city": "Palma",
        "fax": "+34 871 909 701",
        "title": "Informe de alta",
        "pat": "Paciente",
        "dob": "Fecha de nacimiento",
        "adm": "Fecha de ingreso",
        "dis": "Fecha de alta",
        "diag": "Diagnóstico principal",
        "dtext": "Fractura de cadera izquierda",
        "body": "Paciente ingresado durante sus "
        "vacaciones tras una caída. Se realizó artroplastia parcial de cadera.",
        "sal": "Estimado/a colega:",
        "close": "Atentamente",
        "doc": "Dra. Lucía García López, FEA Traumatología",
        "date": "es_long",
        "bd": "slash",
        "place": "Palma,",
    },
    "UK": {
        "lang": "en",
        "name": "Guy's and St Thomas' NHS Foundation Trust",
        "alts": ["St Thomas' Hospital", "Guy's and St Thomas'"],
        "addr": "Westminster Bridge Road, London SE1 7EH, United Kingdom",
        "city": "London",
        "fax": "+44 20 7188 0401",
        "title": "Discharge Summary",
        "pat": "Patient",
        "dob": "DOB",
        "adm": "Date of admission",
        "dis": "Date of discharge",
        "diag": "Diagnosis",
        "dtext": "Community-acquired pneumonia",
        "body": "Admitted while on a business trip to London. Treated with oral antibiotics; "
        "discharged home to Germany.",
        "sal": "Dear Doctor,",
        "close": "Yours sincerely",
        "doc": "Dr Oliver Hughes, Specialty Registrar",
        "date": "en_long",
        "bd": "slash",
        "place": "",
    },
    "US": {
        "lang": "en",
        "name": "Massachusetts General Hospital",
        "alts": ["Mass General", "MGH", "Massachusetts General Hospital, Department of Medicine"],
        "addr": "55 Fruit Street, Boston, MA 02114, USA",
        "city": "Boston",
        "fax": "+1 617 726 2016",
        "title": "Discharge Summary",
        "pat": "Patient",
        "dob": "DOB",
        "adm": "Admission Date",
        "dis": "Discharge Date",
        "diag": "Principal Diagnosis",
        "dtext": "Deep vein thrombosis, left leg",
        "body": "The patient was admitted after a transatlantic flight with left calf "
        "swelling. Started on apixaban.",
        "sal": "Dear Colleague,",
        "close": "Sincerely",
        "doc": "Jennifer Walsh, MD",
        "date": "us_long",
        "bd": "us_slash",
        "place": "",
    },
    "JP": {
        "lang": "en",
        "name": "St. Luke's International Hospital",
        "alts": ["St. Luke's International Hospital, Tokyo", "St. Luke's"],
        "addr": "9-1 Akashi-cho, Chuo-ku, Tokyo 104-8560, Japan",
        "city": "Tokyo",
        "fax": "+81 3 3544 0649",
        "title": "Medical Certificate and Discharge Summary",
        "pat": "Patient Name",
        "dob": "Date of Birth",
        "adm": "Admitted",
        "dis": "Discharged",
        "diag": "Diagnosis",
        "dtext": "Acute gastroenteritis",
        "body": "The patient was hospitalized during a stay in Tokyo and received "
        "intravenous fluids. Fit to fly.",
        "sal": "Dear Doctor,",
        "close": "Sincerely yours",
        "doc": "Hiroshi Tanaka, M.D.",
        "date": "ymd_slash",
        "bd": "ymd_slash",
        "place": "",
    },
}

DIACRITICS = {
    "Kovacevic": "Kovačević",
    "Hodzic": "Hodžić",
    "Begic": "Begić",
    "Ayse": "Ayşe",
    "Lucia": "Lucía",
}
CYRILLIC = {
    "Kovalenko": "Коваленко",
    "Shevchenko": "Шевченко",
    "Olena": "Олена",
    "Oleksandr": "Олександр",
    "Andrii": "Андрій",
    "Iryna": "Ірина",
}
ORIGIN_OF = {
    "HR": "HR",
    "BA": "BA",
    "XK": "XK",
    "SI": "SI",
    "RO": "RO",
    "UA": "UA",
    "ES": "ES",
    "JP": "JP",
    "IT": "IT",
    "AT": "AT",
}

KINDS = [
    "hospital_lmu",
    "hospital_mri",
    "hospital_kbo",
    "hospital_romed",
    "hospital_ingolstadt",
    "hospital_gap",
    "hospital_kempten",
    "hospital_toelz",
    "specialist_cardio",
    "specialist_derma",
    "lab",
    "radiology",
    "auth_aok",
    "auth_bkk",
    "auth_allianz",
    "auth_beihilfe",
    "form_drv",
    "auth_lra",
    "auth_bg",
    "form_darzt",
    "email_care",
    "kim_pharmacy",
    "therapist",
    "bergwacht",
    "handwritten",
    "abroad_AT",
    "abroad_IT",
    "abroad_CHfr",
    "abroad_CHde",
    "abroad_HR",
    "abroad_BA",
    "abroad_XK",
    "abroad_SI",
    "abroad_RO",
    "abroad_UA",
    "abroad_ES",
    "abroad_UK",
    "abroad_US",
    "abroad_JP",
]

UNREGISTERED = [
    ("Amelie", "Streitberger", "F"),
    ("Dragan", "Petrović", "M"),
    ("Korbinian", "Zankl", "M"),
    ("Rosalie", "Hintermayr", "F"),
    ("Ilir", "Hoxha", "M"),
    ("Oksana", "Bondarenko", "F"),
]


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            k: (list(v) if isinstance(v, list) else v)
            for k, v in p.items()
            if k in ("name", "names", "doctor", "address", "fax", "kind")
        }
        for p in world.PRACTICES
    ]


@dataclass
class Ctx:
    rng: random.Random
    practice: dict[str, Any]
    patient: register.Patient | None
    given: str
    surname: str
    title: str
    sex: str
    birth: dt.date
    date: dt.date
    flow: L.Flow
    facts: dict[str, Any] = field(default_factory=dict)
    dates: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    layout: str = ""
    language: str = "de"
    region: str = "DE"
    sender_fax: str = ""
    handwritten: bool = False
    as_written: str | None = None
    maiden: str = ""
    num: int = 0
    birth_printed: bool = False
    letter_printed: bool = False
    other_people: list[dict[str, str]] = field(default_factory=list)

    def d(self, day: dt.date, style: str, role: str) -> str:
        text, conv = world.fmt(day, style)
        self.dates.append({"text": text, "iso": day.isoformat(), "conv": conv, "role": role})
        if role == "birth":
            self.birth_printed = True
        if role == "letter":
            self.letter_printed = True
        return text

    def name(self, form: str) -> str:
        g, s, t = self.given, self.surname, self.title
        forms = {
            "gs": f"{g} {s}",
            "sg": f"{s}, {g}",
            "SG": f"{s.upper()}, {g}",
            "S g": f"{s.upper()} {g}",
            "tgs": f"{t} {g} {s}".strip(),
            "tsg": f"{s}, {g}" + (f", {t}" if t else ""),
            "GS": f"{g} {s}".upper(),
            "ig": f"{g[0]}. {s}",
            "gsb": f"{t} {g} {s} geb. {self.maiden}".strip(),
        }
        text = forms[form]
        if self.as_written is None:
            self.as_written = text
        return text


def _days(rng: random.Random, a: int, b: int) -> int:
    return rng.randint(a, b)


def _recipient(c: Ctx, x: float, y: float, size: float) -> float:
    f = c.flow
    pr = c.practice
    lines: list[str] = []
    cur = ""
    for word in pr["name"].split(" "):
        cand = f"{cur} {word}" if cur else word
        if L.width(cand, f.fam, size) > 250 and cur:
            lines.append(cur)
            cur = word
        else:
            cur = cand
    lines.append(cur)
    if len(lines) == 1:
        lines.append(pr["doctor"])
    lines += [pr["street"], pr["city"]]
    for i, ln in enumerate(lines):
        f.at(x, y + i * size * 1.3, ln, size=size)
    return y + len(lines) * size * 1.3


def _head(c: Ctx, org: dict[str, Any], align: str) -> None:
    f = c.flow
    size = c.rng.choice([15.0, 16.0, 13.0])
    f.y = 66
    f.put(org["name"], align=align, fname=f.bold(), size=size)
    if org.get("dept"):
        f.put(org["dept"], align=align, size=9)
    addr = " · ".join(org["addr"]) if align == "center" else ", ".join(org["addr"])
    f.put(addr, align=align, size=8)
    f.put(f"Telefon {org['tel']} · Telefax {org['fax']}", align=align, size=8)
    f.page.hlines.append((f.left, f.right, f.y + 6))


def _signature(c: Ctx, docs: list[str], closing: str) -> None:
    f = c.flow
    f.gap(8)
    f.put(closing)
    f.gap(20)
    if len(docs) > 1 and c.rng.random() < 0.6:
        f.put(f"{docs[0]}", x=f.left)
        f.at(f.left + 250, f.y, docs[1])
        f.put("Chefarzt / Oberarzt", x=f.left, size=8)
        f.at(f.left + 250, f.y, "Assistenzärztin / Assistenzarzt", size=8)
    else:
        f.put(docs[-1])
    for dname in docs:
        c.other_people.append({"name": dname, "role": "signatory"})


def _patient_line(c: Ctx, style: str) -> str:
    bd = c.d(c.birth, style, "birth")
    form = c.rng.choice(["gs", "sg", "SG", "tgs", "S g"])
    if c.maiden and c.rng.random() < 0.6:
        form = "gsb"
        c.notes.append("the birth name printed after the name (geb.)")
    nm = c.name(form)
    lead = {"F": "Frau", "M": "Herrn"}[c.sex]
    variants = [
        f"Patient: {nm}, geb. {bd}",
        f"{lead} {nm}, geb. am {bd}",
        f"Pat.: {nm} (*{bd})",
        f"{nm}, geboren am {bd}",
    ]
    return c.rng.choice(variants)


HOSPITAL_TEXT = {
    "lmu": (
        "Entlassungsbericht",
        "Chronische Niereninsuffizienz Stadium G3b, renale Anämie",
        "Die stationäre Aufnahme erfolgte zur Abklärung einer Verschlechterung der "
        "Nierenfunktion. Sonographisch zeigten sich beidseits verkleinerte Nieren.",
    ),
    "mri": (
        "Arztbrief",
        "Koronare Dreigefäßerkrankung, Z. n. PCI mit DES-Implantation",
        "Wir berichten über die Patientin/den Patienten, die/der sich zur elektiven "
        "Koronarangiographie in unserer Klinik befand.",
    ),
    "kbo": (
        "Vorläufiger Entlassbrief",
        "Mittelgradige depressive Episode (F32.1)",
        "Die Aufnahme erfolgte auf Zuweisung der Hausärztin bei zunehmender "
        "Antriebslosigkeit und Schlafstörungen.",
    ),
    "romed": (
        "Ärztlicher Entlassungsbericht",
        "Divertikulitis des Sigmas, Stadium CDD 2a",
        "Die Vorstellung erfolgte über unsere Notaufnahme mit linksseitigen "
        "Unterbauchschmerzen. Unter antibiotischer Therapie rasche Besserung.",
    ),
    "ingolstadt": (
        "Neurologischer Befundbericht",
        "Transitorische ischämische Attacke",
        "Zur weiteren Abklärung einer passageren Aphasie erfolgte die stationäre "
        "Aufnahme auf unsere Stroke Unit.",
    ),
    "gap": (
        "Kurzarztbrief",
        "Vordere Kreuzbandruptur rechts",
        "Die Patientin/der Patient stellte sich nach einem Skisturz in unserer Notaufnahme "
        "vor. Die MRT bestätigte eine vordere Kreuzbandruptur.",
    ),
    "kempten": (
        "",
        "Sturzsyndrom bei Gangunsicherheit, Exsikkose",
        "Die Patientin/der Patient wurde zur geriatrischen frührehabilitativen "
        "Komplexbehandlung übernommen.",
    ),
    "toelz": (
        "Entlassungsbrief",
        "Dekompensierte Herzinsuffizienz NYHA III",
        "Die Aufnahme erfolgte mit Dyspnoe und Beinödemen. Unter diuretischer Therapie "
        "Gewichtsreduktion um 4 kg.",
    ),
    "cardio": (
        "Kardiologischer Befundbericht",
        "Arterielle Hypertonie, Vorhofflimmern",
        "Vielen Dank für die Überweisung. Im Langzeit-EKG zeigten sich Episoden von "
        "Vorhofflimmern, CHA2DS2-VASc-Score 3.",
    ),
    "derma": (
        "Histologischer Befund und Therapieempfehlung",
        "Basalzellkarzinom der Nase",
        "Die Exzision erfolgte in Lokalanästhesie. Der histologische Befund zeigt "
        "Tumorfreiheit der Schnittränder.",
    ),
}


EXTRA = [
    "Laborchemisch zeigten sich bei Aufnahme erhöhte Entzündungsparameter, die sich im Verlauf "
    "unter der eingeleiteten Therapie rückläufig darstellten.",
    "Die Mobilisation erfolgte mit Unterstützung unserer Physiotherapie; bei Entlassung ist "
    "die Patientin/der Patient am Rollator sicher gehfähig.",
    "Die Medikation wurde wie folgt angepasst: Ramipril 5 mg 1-0-0, Torasemid 10 mg 1-0-0, "
    "Apixaban 5 mg 1-0-1, Pantoprazol 20 mg 1-0-0. Bitte kontrollieren Sie Kalium und "
    "Kreatinin in einer Woche.",
    "Im Rahmen des Sozialdienstes wurde die häusliche Versorgung besprochen; ein Pflegegrad "
    "wurde beantragt. Die Angehörigen sind über den Verlauf informiert.",
    "Echokardiographisch fand sich eine leichtgradig eingeschränkte linksventrikuläre "
    "Pumpfunktion ohne relevante Klappenvitien. Eine Kontrolle in sechs Monaten wird empfohlen.",
    "Wir bedanken uns für die vertrauensvolle Zusammenarbeit und stehen für Rückfragen "
    "jederzeit gerne zur Verfügung. Die vollständigen Befunde sind beigefügt.",
]


MEDS = [
    "Ramipril 5 mg          1-0-0",
    "Bisoprolol 2,5 mg      1-0-0",
    "Torasemid 10 mg        1-0-0",
    "Apixaban 5 mg          1-0-1",
    "Atorvastatin 40 mg     0-0-1",
    "Pantoprazol 20 mg      1-0-0",
    "Metamizol 500 mg       bei Bedarf bis 4 x 1",
    "Colecalciferol 20.000 IE  1 x wöchentlich",
]
LABS = [
    ("Natrium", "139 mmol/l"),
    ("Kalium", "4,6 mmol/l"),
    ("Kreatinin", "1,31 mg/dl"),
    ("eGFR", "52 ml/min/1,73 m²"),
    ("Harnstoff", "48 mg/dl"),
    ("CRP", "12,4 mg/l"),
    ("Hämoglobin", "11,9 g/dl"),
    ("Leukozyten", "8,1 /nl"),
    ("Thrombozyten", "241 /nl"),
    ("NT-proBNP", "1.240 pg/ml"),
    ("TSH", "2,1 mU/l"),
    ("HbA1c", "6,8 %"),
]


def _hospital(c: Ctx, key: str) -> None:
    org = ORGS[key]
    rng, f = c.rng, c.flow
    c.layout = "hospital_letter" if key not in ("cardio", "derma") else "specialist_letter"
    title, diag, body = HOSPITAL_TEXT[key]
    align = rng.choice(["left", "right", "center"])
    _head(c, org, align)
    c.sender_fax = org["fax"]
    c.facts["sender"] = org["name"]
    c.facts["sender_alternatives"] = list(org["alts"]) + ([org["dept"]] if org["dept"] else [])
    bottom = _recipient(c, f.left, 170, 10)
    date_style = rng.choice(["dot", "de_long", "dot_short"])
    info = rng.random() < 0.5
    adm = c.date - dt.timedelta(days=_days(rng, 6, 14))
    dis = c.date - dt.timedelta(days=_days(rng, 1, 4))
    if info:
        x = f.left + 300
        f.at(x, 170, "Ihr Zeichen: –", size=8.5)
        f.at(
            x,
            182,
            f"Unser Zeichen: {org['docs'][-1].split()[-1][:3].upper()}/{rng.randint(10, 99)}",
            size=8.5,
        )
        f.at(x, 194, f"Durchwahl: {org['tel'][-4:]}", size=8.5)
        f.at(x, 206, f"Datum: {c.d(c.date, date_style, 'letter')}", size=8.5)
        f.y = max(bottom, 210) + 20
    else:
        f.y = bottom + 16
        f.put(f"{org['city']}, {c.d(c.date, date_style, 'letter')}", align="right")
        f.gap(10)
    pl = _patient_line(c, rng.choice(["dot", "dot_short"]))
    if title:
        if rng.random() < 0.5:
            f.put(title.upper(), fname=f.bold(), size=12)
            c.facts["title_alternatives"] = [title]
            c.facts["title"] = title.upper()
        else:
            f.put(title, fname=f.bold(), size=12)
            c.facts["title"] = title
            c.facts["title_alternatives"] = []
    else:
        c.facts["title"] = None
        c.facts["title_alternatives"] = []
        c.notes.append("no subject line")
    f.put(pl, fname=f.bold())
    f.put(
        f"stationärer Aufenthalt vom {c.d(adm, 'dot', 'admission')} bis "
        f"{c.d(dis, 'dot', 'discharge')}"
    )
    f.gap(8)
    f.put("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    f.gap(4)
    f.put("Diagnosen:", fname=f.bold())
    f.para(f"– {diag}")
    f.gap(4)
    f.put("Verlauf:", fname=f.bold())
    reps = rng.choice([1, 2, 7, 7])
    f.para(body)
    f.gap(4)
    for extra in EXTRA[: reps - 1]:
        f.para(extra)
        f.gap(4)
    if reps == 7:
        c.notes.append("two pages with a running header and page numbers")
        f.put("Medikation bei Entlassung:", fname=f.bold())
        for med in MEDS:
            f.put(med, x=f.left + 10)
        f.gap(4)
        f.put("Laborwerte bei Entlassung:", fname=f.bold())
        for name, val in LABS:
            f.put(f"{name:<22}{val}", fname="mono", size=8.5)
        f.gap(4)
    if rng.random() < 0.4:
        rel = c.birth.replace(year=c.birth.year - 3) if c.birth.year > 1935 else c.birth
        rn = rng.choice(["Georg", "Rosa", "Anton", "Barbara"])
        f.para(
            f"Ansprechpartner ist die Angehörige/der Angehörige {rn} {c.surname} (geb. "
            f"{c.d(rel, 'dot', 'relative_birth')}), Tel. 0171 {rng.randint(1000000, 9999999)}."
        )
        c.other_people.append({"name": f"{rn} {c.surname}", "role": "relative"})
        c.notes.append("a relative's birth date on the page")
    f.put("Procedere:", fname=f.bold())
    fu = c.date + dt.timedelta(days=_days(rng, 14, 60))
    f.para(f"Wiedervorstellung in unserer Ambulanz am {c.d(fu, 'dot', 'follow_up')}.")
    _signature(c, org["docs"], "Mit freundlichen kollegialen Grüßen")


def _running(c: Ctx, header: str) -> None:
    pages = c.flow.pages
    n = len(pages)
    if n < 2:
        return
    for i, pg in enumerate(pages, 1):
        foot = L.Line(c.flow.left, 805, f"Seite {i} von {n}", c.flow.fam, 8)
        pg.lines.append(foot)
        if i > 1:
            hl = L.Line(c.flow.left, 90, header, c.flow.fam, 8)
            pg.lines.insert(0, hl)
            pg.hlines.append((c.flow.left, c.flow.right, 96))


def _lab(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "lab_report"
    f.y = 60
    f.put(LAB["name"], fname=f.bold(), size=14)
    f.put(" · ".join(LAB["addr"]) + f" · Fax {LAB['fax']}", size=8)
    c.sender_fax = LAB["fax"]
    c.facts["sender"] = LAB["name"]
    c.facts["sender_alternatives"] = list(LAB["alts"])
    _recipient(c, f.left, 130, 9)
    coll = c.date - dt.timedelta(days=_days(rng, 1, 2))
    x = f.left + 280
    f.at(x, 130, f"Auftragsnummer: {rng.randint(2400000, 2499999)}", size=8.5)
    f.at(x, 142, f"Eingang: {c.d(coll + dt.timedelta(days=1), 'dot', 'lab_receipt')}", size=8.5)
    f.at(x, 154, f"Entnahme: {c.d(coll, 'dot', 'collection')}", size=8.5)
    f.at(x, 166, f"Befunddatum: {c.d(c.date, 'dot', 'letter')}", size=8.5)
    f.y = 215
    title = rng.choice(["Laborbefund", "Endbefund", "LABORBEFUND – Endbefund"])
    f.put(title, fname=f.bold(), size=13)
    c.facts["title"] = title
    c.facts["title_alternatives"] = ["Laborbefund"]
    nm = c.name(rng.choice(["SG", "sg"]))
    f.put(
        f"Patient: {nm}   Geb.-Dat.: {c.d(c.birth, 'dot', 'birth')}   "
        f"Geschlecht: {'w' if c.sex == 'F' else 'm'}",
        size=9.5,
    )
    if c.patient is not None:
        f.put(f"Pat.-Nr. Einsender: {c.patient.id}", size=9.5)
        c.facts["patient_id"] = c.patient.id
        c.notes.append("the practice's patient number printed by the lab")
    f.gap(6)
    f.put(
        f"{'Untersuchung':<24}{'Ergebnis':>10}  {'Einheit':<10}{'Referenzbereich':<16}",
        fname="monob",
        size=8.5,
    )
    rows = [
        ("Hämoglobin", "13.1", "g/dl", "12.0 - 16.0"),
        ("Leukozyten", "11.8 +", "/nl", "3.9 - 10.2"),
        ("Kreatinin", "1.42 +", "mg/dl", "0.50 - 1.10"),
        ("eGFR (CKD-EPI)", "46 -", "ml/min", "> 60"),
        ("CRP", "24.0 +", "mg/l", "< 5.0"),
        ("TSH", "1.83", "mU/l", "0.27 - 4.20"),
        ("HbA1c", "7.4 +", "%", "< 5.7"),
    ]
    for r in rows[: rng.randint(4, 7)]:
        f.put(f"{r[0]:<24}{r[1]:>10}  {r[2]:<10}{r[3]:<16}".rstrip(), fname="mono", size=8.5)
    f.gap(10)
    f.para(
        "Befund technisch und medizinisch validiert. Pathologische Werte sind mit + / - "
        "gekennzeichnet.",
        size=8.5,
    )
    f.put(LAB["docs"][0], size=8.5)
    c.other_people.append({"name": "Dr. med. Jörg Haberl", "role": "signatory"})


def _radiology(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "radiology_report"
    f.y = 66
    f.put(RADIO["name"], align="right", fname=f.bold(), size=14)
    f.put(", ".join(RADIO["addr"]), align="right", size=8)
    f.put(f"Tel. {RADIO['tel']} · Fax {RADIO['fax']}", align="right", size=8)
    c.sender_fax = RADIO["fax"]
    c.facts["sender"] = RADIO["name"]
    c.facts["sender_alternatives"] = list(RADIO["alts"])
    b = _recipient(c, f.left, 150, 9.5)
    f.y = b + 20
    exam = c.date - dt.timedelta(days=_days(rng, 0, 3))
    title = rng.choice(["MRT der Lendenwirbelsäule nativ", "CT Thorax mit Kontrastmittel"])
    nm = c.name(rng.choice(["gs", "tgs", "sg"]))
    f.put(f"Patient/in: {nm}, * {c.d(c.birth, 'dot', 'birth')}")
    f.put(f"Untersuchung vom {c.d(exam, 'dot', 'examination')}: {title}")
    c.facts["title"] = title
    c.facts["title_alternatives"] = [f"Untersuchung vom {world.fmt(exam, 'dot')[0]}: {title}"]
    if c.patient is not None and rng.random() < 0.5:
        f.put(f"Ihre Pat.-ID: {c.patient.id}", size=9)
        c.facts["patient_id"] = c.patient.id
    f.gap(8)
    f.put("Rechtfertigende Indikation:", fname=f.bold())
    f.para("Persistierende Beschwerden, Ausschluss einer relevanten Pathologie.")
    f.put("Befund:", fname=f.bold())
    f.para(
        "Regelrechte Darstellung der abgebildeten Strukturen ohne Nachweis einer "
        "Raumforderung. Degenerative Veränderungen altersentsprechend."
    )
    f.put("Beurteilung:", fname=f.bold())
    f.para("Kein Nachweis eines akuten Befundes.")
    f.gap(14)
    f.put(f"{RADIO.get('city', 'Ingolstadt')}, den {c.d(c.date, 'de_long', 'letter')}")
    f.put(RADIO["docs"][rng.randint(0, 1)])
    c.other_people.append({"name": RADIO["docs"][0], "role": "signatory"})
    c.notes.append("letter date only at the end; examination date above it")


def _auth(c: Ctx, key: str) -> None:
    a = AUTH[key]
    rng, f = c.rng, c.flow
    c.layout = {
        "aok": "insurer_letter",
        "bkk": "insurer_letter",
        "allianz": "private_insurer_letter",
        "beihilfe": "beihilfe_letter",
        "lra": "health_office_letter",
        "bg": "accident_insurer_letter",
    }[key]
    c.sender_fax = a["fax"]
    f.y = 60
    if rng.random() < 0.5:
        f.put(a["name"], fname=f.bold(), size=13, align="right")
        for ln in a["addr"]:
            f.put(ln, size=8.5, align="right")
    else:
        f.put(a["name"], fname=f.bold(), size=13)
        f.put(" · ".join(a["addr"]), size=8)
    c.facts["sender"] = a["name"]
    c.facts["sender_alternatives"] = list(a["alts"])
    f.at(f.left, 140, f"{a['name'].split(' – ')[0]} · {a['addr'][-1]}", size=6.5)
    b = _recipient(c, f.left, 156, 10)
    ref = f"{rng.choice('ABHKLMNR')}{rng.randint(100000000, 999999999)}"
    if rng.random() < 0.5:
        f.y = b + 24
        f.put(
            f"{'Ihr Zeichen':<18}{'Ihre Nachricht vom':<22}{'Unser Zeichen':<18}Datum",
            fname="mono",
            size=8,
        )
        f.put(f"{'':<18}{'':<22}{ref[:7]:<18}{c.d(c.date, 'dot', 'letter')}", fname="mono", size=8)
        c.notes.append("reference row with the date under a label")
    else:
        f.y = b + 24
        f.put(c.d(c.date, rng.choice(["de_long", "dot"]), "letter"), align="right")
    f.gap(10)
    label = rng.random() < 0.5
    title = a["title"]
    f.para(("Betreff: " if label else "") + title, fname=f.bold())
    c.facts["title"] = title
    c.facts["title_alternatives"] = ["Betreff: " + title] if label else []
    nm = c.name(rng.choice(["gs", "sg", "tgs"]))
    f.put(f"Versicherte/r: {nm}, geb. {c.d(c.birth, 'dot', 'birth')}")
    f.put(f"{a['ref']}: {ref}")
    if key == "bg":
        acc = c.date - dt.timedelta(days=_days(rng, 10, 40))
        f.put(f"Unfalltag: {c.d(acc, 'dot', 'accident')}")
    f.gap(8)
    f.put("Sehr geehrte Damen und Herren,")
    for p in a["body"]:
        f.para(p)
        f.gap(4)
    f.put("Mit freundlichen Grüßen")
    f.gap(14)
    f.put(a["who"])
    f.put("Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.", size=7.5)


def _darzt(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "form_d_arzt_report"
    org = {
        "name": "Unfallchirurgische Praxis Kempten – Durchgangsarzt Dr. med. Leonhard Ostler",
        "fax": "+49 831 25 25 90",
    }
    c.sender_fax = org["fax"]
    f.y = 58
    f.put("Durchgangsarztbericht", fname=f.bold(), size=15)
    f.put("F 1000 (Stand 1/2024) – Eingang beim Unfallversicherungsträger", size=7.5)
    f.put(org["name"], size=9)
    f.put("Residenzplatz 2, 87435 Kempten (Allgäu), Fax +49 831 25 25 90", size=8)
    c.facts["sender"] = "Unfallchirurgische Praxis Kempten"
    c.facts["sender_alternatives"] = ["Dr. med. Leonhard Ostler", org["name"]]
    c.facts["title"] = "Durchgangsarztbericht"
    c.facts["title_alternatives"] = ["F 1000"]
    f.page.hlines.append((f.left, f.right, f.y + 6))
    f.gap(12)
    acc = c.date - dt.timedelta(days=_days(rng, 0, 1))
    nm = c.name(rng.choice(["sg", "SG"]))
    fields = [
        ("1 Name, Vorname des Versicherten", nm),
        ("2 Geburtsdatum", c.d(c.birth, "dot", "birth")),
        ("3 Unfallversicherungsträger", "BG BAU – Berufsgenossenschaft der Bauwirtschaft"),
        ("4 Unfalltag / Uhrzeit", f"{c.d(acc, 'dot', 'accident')} / {rng.randint(7, 16)}:15 Uhr"),
        ("5 Unfallort", "Baustelle Kempten, Bahnhofstraße"),
        ("6 Beschäftigt als", "Zimmerer"),
        ("7 Hergang", "Sturz von einer Leiter aus ca. 2 m Höhe"),
        ("8 Befund", "Prellung und Schürfung linker Unterarm, Röntgen ohne Fraktur"),
        ("9 Diagnose", "Kontusion Unterarm links (S50.1)"),
        ("10 Weiterbehandlung durch", c.practice["doctor"]),
    ]
    for lab, val in fields:
        f.put(lab, size=7.5, dy=15)
        f.put(val, x=f.left + 12, size=10, dy=12)
        f.page.hlines.append((f.left, f.right, f.y + 4))
    f.gap(14)
    f.put(f"Kempten, {c.d(c.date, 'dot', 'letter')}    Dr. med. Leonhard Ostler, D-Arzt")
    c.other_people.append({"name": "Dr. med. Leonhard Ostler", "role": "signatory"})
    c.notes.append("a form: values under numbered field labels; accident date near letter date")


def _drv(c: Ctx) -> None:
    a = AUTH["drv"]
    rng, f = c.rng, c.flow
    c.layout = "form_drv"
    c.sender_fax = a["fax"]
    f.y = 58
    f.put("Deutsche Rentenversicherung Bayern Süd", fname=f.bold(), size=14, align="right")
    f.put("Am Alten Viehmarkt 2, 84028 Landshut", size=8, align="right")
    c.facts["sender"] = "Deutsche Rentenversicherung Bayern Süd"
    c.facts["sender_alternatives"] = ["Deutsche Rentenversicherung", "DRV Bayern Süd"]
    b = _recipient(c, f.left, 150, 10)
    f.y = b + 20
    title = "Anforderung eines Befundberichts"
    f.put(title.upper(), fname=f.bold(), size=12)
    c.facts["title"] = title.upper()
    c.facts["title_alternatives"] = [title, "S0051"]
    f.put("(Vordruck S0051)", size=8)
    f.gap(6)
    vsnr = (
        f"{rng.randint(10, 68)} {c.birth.strftime('%d%m%y')} {c.surname[0].upper()} "
        f"{rng.randint(100, 999)}"
    )
    nm = c.name(rng.choice(["sg", "SG", "gs"]))
    rows = [
        ("Versicherungsnummer", vsnr),
        ("Name, Vorname", nm),
        ("Geburtsdatum", c.d(c.birth, "dot", "birth")),
        ("Antrag vom", c.d(c.date - dt.timedelta(days=20), "dot", "application")),
        ("Datum", c.d(c.date, "dot", "letter")),
    ]
    for lab, val in rows:
        f.put(f"{lab}:", size=8.5, dy=19)
        f.at(f.left + 150, f.y, val, size=10)
        f.page.rects.append((f.left + 145, f.y - 12, f.right, f.y + 4))
    c.notes.append("the insurance number contains the birth date as DDMMYY")
    f.gap(10)
    for p in a["body"]:
        f.para(p)
        f.gap(4)
    f.put(a["who"])


def _email_care(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "email_printout"
    c.sender_fax = "+49 8031 80 90 91"
    f.fam = "sans"
    f.y = 50
    sent = world.fmt(c.date, "dot")[0]
    f.put("Von: Pflegedienst Inntal Rosenheim <pdl@pflegedienst-inntal.de>", size=9)
    f.put(
        f"Gesendet: {rng.choice(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag'])}, "
        f"{c.d(c.date, 'de_long', 'letter')} {rng.randint(8, 17)}:{rng.randint(10, 59)}",
        size=9,
    )
    del sent
    f.put(f"An: {c.practice['names'][1]} <praxis@{c.practice['fax'][-4:]}.example.de>", size=9)
    title = "Verordnung häusliche Krankenpflege – Folgeverordnung"
    f.put(f"Betreff: {title}", size=9, fname="sansb")
    c.facts["title"] = title
    c.facts["title_alternatives"] = [f"Betreff: {title}"]
    f.page.hlines.append((f.left, f.right, f.y + 6))
    f.gap(12)
    f.put("Sehr geehrte Damen und Herren,")
    nm = c.name(rng.choice(["gs", "tgs"]))
    f.para(
        f"für unsere Patientin/unseren Patienten {nm} (geb. {c.d(c.birth, 'dot', 'birth')}) "
        f"läuft die Verordnung häuslicher Krankenpflege (Medikamentengabe, "
        f"Kompressionsstrümpfe) am {c.d(c.date + dt.timedelta(days=5), 'dot', 'valid_until')} "
        "aus. Wir bitten um eine Folgeverordnung (Muster 12)."
    )
    if c.patient is not None and rng.random() < 0.5:
        f.put(f"Patienten-Nr. bei Ihnen: {c.patient.id}")
        c.facts["patient_id"] = c.patient.id
    f.gap(6)
    f.put("Viele Grüße")
    f.put("Sabine Wallner, Pflegedienstleitung")
    f.put("Pflegedienst Inntal GmbH · Münchener Straße 40 · 83022 Rosenheim", size=8)
    c.facts["sender"] = "Pflegedienst Inntal GmbH"
    c.facts["sender_alternatives"] = ["Pflegedienst Inntal Rosenheim", "Pflegedienst Inntal"]
    c.other_people.append({"name": "Sabine Wallner", "role": "signatory"})
    f.at(f.left, 815, "Gedruckt aus Outlook – Seite 1", size=7)
    c.notes.append("an e-mail printout: the sent date is the letter date")


def _kim(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "kim_printout"
    c.sender_fax = "+49 831 12 34 57"
    f.fam = "mono"
    f.y = 50
    f.put("KIM-Nachricht (Kommunikation im Medizinwesen)", fname="monob", size=10)
    f.put("Absender: st-anna-apotheke.kempten@kim.example.de", size=8.5)
    slug = c.practice["names"][-1].lower().replace(" ", ".").replace("..", ".")
    slug = slug.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue")
    f.put(f"Empfänger: {slug}@kim.example.de", size=8.5)
    f.put(
        f"Datum: {c.d(c.date, 'iso', 'letter')} {rng.randint(8, 17):02d}:{rng.randint(0, 59):02d}",
        size=8.5,
    )
    title = "Rückfrage zum E-Rezept – Lieferengpass"
    f.put(f"Betreff: {title}", size=8.5)
    c.facts["title"] = title
    c.facts["title_alternatives"] = [f"Betreff: {title}"]
    f.put("Dienstkennung: KIM-Mail;V1.0", size=8.5)
    f.page.hlines.append((f.left, f.right, f.y + 6))
    f.gap(12)
    f.fam = "sans"
    nm = c.name(rng.choice(["sg", "gs"]))
    f.para(
        f"E-Rezept für {nm}, geb. {c.d(c.birth, 'dot', 'birth')}: Candesartan 16 mg N3 "
        "ist derzeit nicht lieferbar. Wir schlagen Candesartan 8 mg (2 x täglich 1) vor."
    )
    if c.patient is not None and rng.random() < 0.6:
        f.put(f"Ihre Patientennummer lt. Rezept: {c.patient.id}")
        c.facts["patient_id"] = c.patient.id
    f.para("Bitte senden Sie bei Einverständnis ein neues E-Rezept.")
    f.put("Mit freundlichen Grüßen")
    f.put("Apothekerin Agnes Eichinger, St.-Anna-Apotheke Kempten")
    c.facts["sender"] = "St.-Anna-Apotheke Kempten"
    c.facts["sender_alternatives"] = ["St.-Anna-Apotheke", "Apothekerin Agnes Eichinger"]
    c.other_people.append({"name": "Agnes Eichinger", "role": "signatory"})


def _therapist(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "therapy_report"
    c.sender_fax = "+49 8821 9 44 01"
    f.y = 62
    f.put("physio wetterstein", fname=f.bold(), size=18, align="center")
    f.put(
        "Praxis für Physiotherapie & Manuelle Therapie · Bahnhofstraße 8 · "
        "82467 Garmisch-Partenkirchen",
        size=7.5,
        align="center",
    )
    c.facts["sender"] = "physio wetterstein"
    c.facts["sender_alternatives"] = ["Praxis für Physiotherapie & Manuelle Therapie"]
    b = _recipient(c, f.left, 150, 10)
    f.y = b + 20
    f.put(f"Garmisch-Partenkirchen, {c.d(c.date, 'dot_short', 'letter')}", align="right")
    title = "Therapiebericht"
    f.put(title, fname=f.bold(), size=12)
    c.facts["title"] = title
    c.facts["title_alternatives"] = ["Therapiebericht zur Verordnung"]
    nm = c.name(rng.choice(["gs", "tgs"]))
    start = c.date - dt.timedelta(days=_days(rng, 30, 50))
    f.para(f"zur Heilmittelverordnung vom {c.d(start, 'dot', 'prescription')} für {nm}")
    f.gap(6)
    f.put("Liebe Kollegin, lieber Kollege,")
    f.para(
        "nach 6 Behandlungen Krankengymnastik zeigt sich eine deutliche Verbesserung der "
        "Beweglichkeit der Lendenwirbelsäule. Wir empfehlen eine weitere Verordnung."
    )
    f.put("Sportliche Grüße")
    f.put("Quirin Berchtold, B.Sc. Physiotherapie")
    c.other_people.append({"name": "Quirin Berchtold", "role": "signatory"})
    c.notes.append("no birth date printed")


def _bergwacht(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "mountain_rescue_protocol"
    c.sender_fax = "+49 8821 5 09 19"
    f.y = 60
    f.put("BERGWACHT BAYERN", fname=f.bold(), size=15)
    f.put("Bereitschaft Garmisch-Partenkirchen · Notarztdienst", size=9)
    c.facts["sender"] = "BERGWACHT BAYERN"
    c.facts["sender_alternatives"] = [
        "Bergwacht Bayern",
        "Bereitschaft Garmisch-Partenkirchen",
        "Bergwacht Bayern – Bereitschaft Garmisch-Partenkirchen",
    ]
    f.gap(6)
    title = "Notärztliches Einsatzprotokoll – Durchschrift für den weiterbehandelnden Arzt"
    f.para(title, fname=f.bold())
    c.facts["title"] = "Notärztliches Einsatzprotokoll"
    c.facts["title_alternatives"] = [title]
    f.gap(6)
    nm = c.name(rng.choice(["SG", "sg"]))
    f.put(f"Name: {nm}")
    f.put(f"Geb.: {c.d(c.birth, 'dot', 'birth')}")
    f.put(f"Einsatzdatum: {c.d(c.date, 'dot', 'letter')}   Alarm: 11:42   Ende: 13:05")
    f.put("Einsatzort: Alpspitze, Nordwandsteig, ca. 1900 m")
    f.put("Transport: Rettungshubschrauber Christoph Murnau")
    f.gap(6)
    f.put("Befund / Maßnahmen:", fname=f.bold())
    f.para(
        "Sturz im Steig, Schmerzen Sprunggelenk rechts, periphere Durchblutung intakt, "
        "Schienung, Analgesie mit Fentanyl 0,1 mg i.v."
    )
    f.put("Notarzt: Dr. med. Vinzenz Haslinger")
    c.other_people.append({"name": "Dr. med. Vinzenz Haslinger", "role": "signatory"})
    c.notes.append("a protocol: the mission date is the letter date")


def _handwritten(c: Ctx) -> None:
    rng, f = c.rng, c.flow
    c.layout = "handwritten_note"
    c.handwritten = True
    c.sender_fax = "+49 8041 79 30 12"
    f.fam = "hand"
    f.size = 15
    f.y = 90
    dated = c.num % 4 == 1
    if dated:
        f.put(c.d(c.date, "dot_short", "letter"), align="right")
    f.gap(10)
    f.put("Liebe Frau Doktor, lieber Herr Doktor,")
    nm = c.name(rng.choice(["gs", "ig"]))
    f.para(
        f"meine Mutter {nm} braucht bitte wieder ihr Rezept für die Blutdrucktabletten "
        "und die Überweisung zum Augenarzt."
    )
    f.para("Ich hole es am Freitag ab. Vielen Dank!")
    f.gap(8)
    f.put("Herzliche Grüße")
    sig = rng.choice(["Rosi Haslinger (Tochter)", "Anneliese Bauer, Nachbarin"])
    f.put(sig)
    c.facts["sender"] = sig.split(" (")[0].split(",")[0]
    c.facts["sender_alternatives"] = [sig]
    c.facts["title"] = None
    c.facts["title_alternatives"] = []
    c.other_people.append({"name": c.facts["sender"], "role": "writer"})
    c.notes.append("handwritten; " + ("dated" if dated else "undated (letter_date null)"))


def _abroad(c: Ctx, key: str) -> None:
    o = FOREIGN[key]
    rng, f = c.rng, c.flow
    c.layout = "foreign_discharge"
    c.language = o["lang"] if key != "IT" else "it"
    c.region = {"CHfr": "CH", "CHde": "CH"}.get(key, key)
    c.sender_fax = o["fax"]
    align = rng.choice(["left", "center", "right"])
    f.y = 62
    f.para(o["name"], fname=f.bold(), size=13) if align == "left" else f.put(
        o["name"], fname=f.bold(), size=12, align=align
    )
    f.put(o["addr"], size=7.5, align=align)
    f.put(f"Fax {o['fax']}", size=7.5, align=align)
    c.facts["sender"] = o["name"]
    c.facts["sender_alternatives"] = list(o["alts"])
    f.gap(16)
    date_txt = c.d(c.date, o["date"], "letter")
    if key in ("UK", "US", "JP"):
        f.put(date_txt, align="left" if key == "US" else "right")
    b = _recipient(c, f.left, f.y + 14, 9.5)
    f.y = b + 16
    if key not in ("UK", "US", "JP"):
        f.put(f"{o['place']} {date_txt}", align="right")
    f.gap(6)
    f.put(o["title"], fname=f.bold(), size=12)
    c.facts["title"] = o["title"]
    c.facts["title_alternatives"] = (
        [t.strip() for t in o["title"].split(" / ")] if " / " in o["title"] else []
    )
    adm = c.date - dt.timedelta(days=_days(rng, 4, 12))
    dis = c.date - dt.timedelta(days=_days(rng, 0, 3))
    nm = c.name("S g" if key in ("US", "JP", "RO") else "gs")
    f.put(f"{o['pat']}: {nm}")
    f.put(
        f"{o['dob']}: {c.d(c.birth, o['bd'], 'birth')}"
        if key != "IT"
        else f"{o['dob']} {c.d(c.birth, o['bd'], 'birth')}"
    )
    f.put(
        f"{o['adm']}: {c.d(adm, o['bd'], 'admission')}   {o['dis']}: "
        f"{c.d(dis, o['bd'], 'discharge')}"
    )
    f.gap(6)
    f.put(o["sal"])
    f.put(f"{o['diag']}:", fname=f.bold())
    f.para(o["dtext"])
    f.para(o["body"])
    f.gap(6)
    f.put(o["close"])
    f.gap(12)
    f.put(o["doc"])
    c.other_people.append({"name": o["doc"], "role": "signatory"})
    c.notes.append(
        f"a letter from abroad ({key}): date convention {world.fmt(c.date, o['date'])[1]}"
    )


def _compose(c: Ctx, kind: str) -> None:
    if kind.startswith("hospital_") or kind.startswith("specialist_"):
        _hospital(c, kind.split("_", 1)[1])
    elif kind.startswith("abroad_"):
        _abroad(c, kind.split("_", 1)[1])
    elif kind == "form_drv":
        _drv(c)
    elif kind.startswith("auth_"):
        _auth(c, kind.split("_", 1)[1])
    else:
        {
            "lab": _lab,
            "radiology": _radiology,
            "form_darzt": _darzt,
            "email_care": _email_care,
            "kim_pharmacy": _kim,
            "therapist": _therapist,
            "bergwacht": _bergwacht,
            "handwritten": _handwritten,
        }[kind](c)


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    kind: str
    ctx: Ctx
    pages: list[L.Page]
    fax_info: dict[str, Any]
    stamp: dict[str, Any] | None
    _truth: dict[str, Any] = field(default_factory=dict)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    def page_specs(self, condition: str) -> list[tuple[str, L.Page]]:
        """The pages as that condition shows them (stamp, fax header, cover sheet)."""
        out: list[tuple[str, L.Page]] = []
        if condition == "pdf":
            return [(f"p{i}", p) for i, p in enumerate(self.pages, 1)]
        if condition == "scan200":
            for i, p in enumerate(self.pages, 1):
                pg = L.Page(list(p.lines), list(p.rects), list(p.hlines))
                if i == 1 and self.stamp is not None:
                    s = self.stamp
                    pg.lines[0:0] = [
                        L.Line(412, 30, s["l1"], "sansb", 8),
                        L.Line(412, 44, s["l2"], "sans", 8),
                    ]
                    pg.rects.append((405, 19, 560, 50))
                out.append((f"p{i}", pg))
            return out
        fi = self.fax_info
        pages: list[tuple[str, L.Page]] = []
        if fi["cover_sheet"]:
            pages.append(("cover", self._cover()))
        pages += [(f"p{i}", p) for i, p in enumerate(self.pages, 1)]
        n = len(pages)
        for k, (name, p) in enumerate(pages, 1):
            hdr = fi["header"].format(n=k, t=n)
            pg = L.Page([L.Line(24, 20, hdr, "mono", 7), *p.lines], list(p.rects), list(p.hlines))
            out.append((name, pg))
        return out

    def _cover(self) -> L.Page:
        fi = self.fax_info
        c = self.ctx
        f = L.Flow(70, 525, "sans", 11)
        f.y = 80
        f.put("TELEFAX", fname="sansb", size=24)
        f.gap(10)
        f.put(f"An: {c.practice['names'][1]}")
        f.put(f"Fax-Nr.: {c.practice['fax']}")
        f.put(f"Von: {fi['from']}")
        f.put(f"Fax-Nr.: {fi['number']}")
        f.put(f"Datum: {fi['cover_date']}")
        f.put(f"Seiten (inkl. Deckblatt): {len(self.pages) + 1}")
        f.gap(20)
        f.para(
            "Vertraulich! Diese Nachricht enthält Sozialdaten. Sollten Sie nicht der "
            "Empfänger sein, benachrichtigen Sie uns bitte und vernichten Sie die Unterlagen.",
            size=9,
        )
        return f.pages[0]

    def render(self, condition: str) -> dict[str, bytes]:
        specs = self.page_specs(condition)
        pages = [p for _, p in specs]
        if condition == "pdf":
            return {"pdf/letter.pdf": L.to_pdf(pages, title=self.id)}
        if condition == "scan200":
            imgs = L.to_scan(pages, self.seed)
            return {f"scan200/page-{i:02d}.jpg": b for i, b in enumerate(imgs, 1)}
        fi = self.fax_info
        imgs = L.to_fax(pages, fi["resolution"] == "204x196", fi["compression"] == "group4")
        return {f"fax/page-{i:02d}.tif": b for i, b in enumerate(imgs, 1)}

    def truth(self) -> dict[str, Any]:
        t = dict(self._truth)
        conds: dict[str, Any] = {}
        for cond in self.conditions():
            files = sorted(self.render_names(cond))
            pages = []
            for k, (name, pg) in enumerate(self.page_specs(cond)):
                entry: dict[str, Any] = {
                    "page": name,
                    "file": files[0] if cond == "pdf" else files[k],
                    "text": pg.text(),
                }
                if cond == "pdf":
                    entry["pdf_page"] = k + 1
                pages.append(entry)
            conds[cond] = {"pages": pages}
        t["conditions"] = conds
        return t

    def render_names(self, condition: str) -> list[str]:
        n = len(self.page_specs(condition))
        if condition == "pdf":
            return ["pdf/letter.pdf"]
        ext = "jpg" if condition == "scan200" else "tif"
        return [f"{condition}/page-{i:02d}.{ext}" for i in range(1, n + 1)]


FORCED = {"abroad_UK": ("Müller", "1950-03-03"), "abroad_US": ("Schön", "1979-10-30")}


def _pick_patient(
    rng: random.Random, kind: str, pats: list[register.Patient], idx: int
) -> register.Patient | None:
    forced = FORCED.get(kind)
    if forced is not None:  # an umlaut written as ae/oe/ue, and the register has that spelling too
        return next(p for p in pats if (p.surname, p.birth_date) == forced)
    if rng.random() < 0.1 and kind != "handwritten":
        return None
    key = kind.split("_", 1)[1] if kind.startswith("abroad_") else ""
    if key in ORIGIN_OF:
        pool = [p for p in pats if register_origin(p) == ORIGIN_OF[key]]
        if pool and rng.random() < 0.8:
            return rng.choice(pool)
    coll = [p for p in pats if p.collision]
    if rng.random() < 0.45:
        return coll[(idx * 5 + rng.randint(0, 3)) % len(coll)]
    return rng.choice(pats)


def register_origin(p: register.Patient) -> str:
    for s, _, _, country in register.FOREIGN:
        if p.surname == s:
            return country
    return ""


def _make(kind: str, seed: int, split_name: str, num: int, pats: list[register.Patient]) -> Letter:
    rng = random.Random(seed)
    practice = world.PRACTICES[rng.randint(0, 2)]
    pat = _pick_patient(rng, kind, pats, num)
    spelling_note = ""
    if pat is None:
        g, s, sex = UNREGISTERED[num % len(UNREGISTERED)]
        birth = dt.date(rng.randint(1940, 2010), rng.randint(1, 12), rng.randint(1, 28))
        title = ""
    else:
        g, s, sex = pat.given_names, pat.surname, pat.sex
        birth = dt.date.fromisoformat(pat.birth_date)
        title = pat.title
        if pat.former_names and rng.random() < 0.6:
            s = pat.former_names[0]
            spelling_note = "the letter uses the patient's former name"
        if kind in ("abroad_UK", "abroad_US", "abroad_JP") and any(ch in s for ch in "äöüÄÖÜ"):
            s = s.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("Ü", "Ue")
            spelling_note = "umlauts written as ae/oe/ue"
        if kind.startswith("abroad_"):
            s = DIACRITICS.get(s, s)
            g = DIACRITICS.get(g, g)
        if kind == "abroad_UA":
            s = CYRILLIC.get(s, s)
            g = " ".join(CYRILLIC.get(x, x) for x in g.split(" "))
    date = dt.date(2025, 1, 8) + dt.timedelta(days=rng.randint(0, 330))
    fam = rng.choice(["sans", "serif", "cond", "sans"])
    left = rng.choice([62.0, 70.0, 78.0])
    flow = L.Flow(left, 530.0, fam, rng.choice([9.5, 10.0, 10.5]))
    c = Ctx(
        rng=rng,
        practice=practice,
        patient=pat,
        given=g,
        surname=s,
        title=title,
        sex=sex,
        birth=birth,
        date=date,
        flow=flow,
        num=num,
    )
    if spelling_note:
        c.notes.append(spelling_note)
    if pat is not None and pat.birth_name and s == pat.surname and kind.startswith("hospital"):
        c.maiden = pat.birth_name
    c.facts["patient_id"] = None
    _compose(c, kind)
    _running(c, f"{c.facts['sender']} – {c.given} {c.surname} – Fortsetzung")
    pages = c.flow.pages
    send = dt.datetime.combine(c.date, dt.time(0, 0)) + dt.timedelta(
        days=rng.randint(0, 3), hours=rng.randint(7, 18), minutes=rng.randint(0, 59)
    )
    if send.date() == c.date:
        send += dt.timedelta(days=1)
    hdr_style = rng.randint(0, 2)
    if hdr_style == 0:
        stamp = send.strftime("%d.%m.%Y %H:%M")
        conv = "dmy"
    elif hdr_style == 1:
        stamp = send.strftime("%Y-%m-%d %H:%M")
        conv = "ymd"
    else:
        stamp = f"{send.day:02d}.{send.month:02d}.{send.strftime('%y')} {send.strftime('%H:%M')}"
        conv = "dmy2"
    fax_from = c.facts["sender"]
    fax_info = {
        "sent": send.strftime("%Y-%m-%dT%H:%M"),
        "cover_sheet": rng.random() < 0.3,
        "number": c.sender_fax,
        "resolution": rng.choice(["204x196", "204x98"]),
        "compression": rng.choice(["group3", "group4"]),
        "header": f"{stamp}  VON: {c.sender_fax}  {fax_from[:38]}  S. {{n}}/{{t}}",
        "header_date": stamp,
        "header_conv": conv,
        "from": fax_from,
        "cover_date": world.fmt(send.date(), "dot")[0],
    }
    stamp_info = None
    if rng.random() < 0.5:
        rec = send.date() + dt.timedelta(days=rng.randint(0, 2))
        stamp_info = {
            "l1": f"EINGANG {rec.day:02d}.{rec.month:02d}.{rec.year}",
            "l2": min(practice["names"], key=len),
            "date": rec.isoformat(),
        }
    letter_id = f"{split_name}-{num:03d}"
    full_as_letter = f"{c.given} {c.surname}"
    if c.as_written == f"{c.given[0]}. {c.surname}":
        full_as_letter = c.as_written
        c.notes.append("the given name only as an initial")
    facts = {
        "patient": {
            "full_name": f"{pat.given_names} {pat.surname}" if pat else f"{g} {s}",
            "surname": pat.surname if pat else s,
            "given_names": pat.given_names if pat else g,
            "as_written": c.as_written,
            "full_name_as_letter": full_as_letter,
            "register_id": pat.id if pat else None,
        },
        "birth_date": birth.isoformat() if c.birth_printed else None,
        "letter_date": date.isoformat() if c.letter_printed else None,
        "sender": c.facts["sender"],
        "sender_alternatives": c.facts["sender_alternatives"],
        "title": c.facts.get("title"),
        "title_alternatives": c.facts.get("title_alternatives", []),
        "patient_id": c.facts["patient_id"],
        "other_dates": [
            {"date": d["iso"], "role": d["role"]}
            for d in c.dates
            if d["role"] not in ("letter", "birth")
        ],
        "other_people": c.other_people,
    }
    if pat is None:
        c.notes.append("the patient is not in the register")
    truth = {
        "id": letter_id,
        "split": split_name,
        "seed": seed,
        "layout": c.layout,
        "language": c.language,
        "region": c.region,
        "facts": facts,
        "register": (
            {
                "id": pat.id,
                "collision": pat.collision or None,
                "collision_group": pat.collision_group or None,
            }
            if pat
            else None
        ),
        "notes": c.notes,
        "handwritten": c.handwritten,
        "fax": {k: fax_info[k] for k in ("sent", "cover_sheet", "number", "resolution")},
        "receipt_stamp": stamp_info["date"] if stamp_info else None,
    }
    return Letter(letter_id, split_name, seed, kind, c, pages, fax_info, stamp_info, truth)


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    pats = register.build()
    order = list(KINDS)
    rng.shuffle(order)
    out = []
    for i in range(count):
        kind = order[i % len(order)]
        out.append(_make(kind, rng.randint(1, 2**31), split_name, i + 1, pats))
    return out


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)
