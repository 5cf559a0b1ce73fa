"""Who writes to the three practices: senders, languages, date conventions."""

from __future__ import annotations

from datetime import date

PRACTICES = [
    {
        "name": "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin "
        "am Alten Strom Dr. med. Jens Wollenberg & Kolleginnen",
        "names": [
            "Gemeinschaftspraxis für Allgemeinmedizin und hausärztliche Innere Medizin am Alten "
            "Strom Dr. med. Jens Wollenberg & Kolleginnen",
            "Gemeinschaftspraxis am Alten Strom",
            "Praxis am Alten Strom",
            "Dr. med. Jens Wollenberg & Kolleginnen",
        ],
        "doctor": "Dr. med. Jens Wollenberg",
        "salute": "Sehr geehrter Herr Kollege Wollenberg,",
        "street": "Am Strom 59",
        "city": "18119 Rostock-Warnemünde",
        "address": "Am Strom 59, 18119 Rostock-Warnemünde",
        "fax": "0381 5196229",
        "kind": "Gemeinschaftspraxis (Allgemeinmedizin, hausärztliche Innere Medizin)",
        "stamp": "Praxis am Alten Strom",
    },
    {
        "name": "Hausarztpraxis Dr. med. Antje Sellin",
        "names": ["Hausarztpraxis Dr. med. Antje Sellin", "Hausarztpraxis Sellin",
                  "Praxis Dr. Sellin"],
        "doctor": "Dr. med. Antje Sellin",
        "salute": "Sehr geehrte Frau Kollegin Dr. Sellin,",
        "street": "Karl-Marx-Platz 7",
        "city": "17489 Greifswald",
        "address": "Karl-Marx-Platz 7, 17489 Greifswald",
        "fax": "03834 771290",
        "kind": "Einzelpraxis (Allgemeinmedizin)",
        "stamp": "Praxis Dr. Sellin",
    },
    {
        "name": "Landarztpraxis Birger Thamm",
        "names": ["Landarztpraxis Birger Thamm", "Praxis Thamm", "Allgemeinmedizin Birger Thamm"],
        "doctor": "Birger Thamm, Facharzt für Allgemeinmedizin",
        "salute": "Sehr geehrter Herr Thamm,",
        "street": "Markt 3",
        "city": "17440 Lassan",
        "address": "Markt 3, 17440 Lassan",
        "fax": "038374 56619",
        "kind": "Landarztpraxis (Allgemeinmedizin)",
        "stamp": "Praxis Thamm",
    },
]

DE_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
             "Oktober", "November", "Dezember"]
PL_MONTHS = ["stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia",
             "września", "października", "listopada", "grudnia"]
DA_MONTHS = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september",
             "oktober", "november", "december"]
SV_MONTHS = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti",
             "september", "oktober", "november", "december"]
LT_MONTHS = ["sausio", "vasario", "kovo", "balandžio", "gegužės", "birželio", "liepos",
             "rugpjūčio", "rugsėjo", "spalio", "lapkričio", "gruodžio"]
LV_MONTHS = ["janvārī", "februārī", "martā", "aprīlī", "maijā", "jūnijā", "jūlijā", "augustā",
             "septembrī", "oktobrī", "novembrī", "decembrī"]
UK_MONTHS = ["січня", "лютого", "березня", "квітня", "травня", "червня", "липня", "серпня",
             "вересня", "жовтня", "листопада", "грудня"]
RU_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
             "сентября", "октября", "ноября", "декабря"]
EN_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"]


def fmt(d: date, style: str) -> str:
    """A date as the given convention prints it."""
    dd, mm, yy = d.day, d.month, d.year
    m = mm - 1
    styles = {
        "de": f"{dd:02d}.{mm:02d}.{yy}",
        "de_short": f"{dd:02d}.{mm:02d}.{yy % 100:02d}",
        "de_nopad": f"{dd}.{mm}.{yy}",
        "de_long": f"{dd}. {DE_MONTHS[m]} {yy}",
        "iso": d.isoformat(),
        "pl": f"{dd:02d}.{mm:02d}.{yy} r.",
        "pl_long": f"{dd} {PL_MONTHS[m]} {yy} r.",
        "da": f"{dd:02d}-{mm:02d}-{yy}",
        "da_long": f"{dd}. {DA_MONTHS[m]} {yy}",
        "sv_long": f"{dd} {SV_MONTHS[m]} {yy}",
        "lt_long": f"{yy} m. {LT_MONTHS[m]} {dd} d.",
        "lv": f"{dd:02d}.{mm:02d}.{yy}.",
        "lv_long": f"{yy}. gada {dd}. {LV_MONTHS[m]}",
        "uk_long": f"{dd} {UK_MONTHS[m]} {yy} р.",
        "ru": f"{dd:02d}.{mm:02d}.{yy} г.",
        "ru_long": f"{dd} {RU_MONTHS[m]} {yy} г.",
        "vi": f"{dd:02d}/{mm:02d}/{yy}",
        "vi_long": f"ngày {dd} tháng {mm} năm {yy}",
        "en": f"{dd:02d}/{mm:02d}/{yy}",
        "en_long": f"{dd} {EN_MONTHS[m]} {yy}",
        "en_mon": f"{dd:02d}-{EN_MONTHS[m][:3].upper()}-{yy}",
    }
    return styles[style]


def S(org: str, dept: str, street: str, city: str, tel: str, fax: str, town: str,
      doctors: list[str], alts: list[str], kind: str) -> dict:
    return {"org": org, "dept": dept, "street": street, "city": city, "tel": tel, "fax": fax,
            "town": town, "doctors": doctors, "alts": alts, "kind": kind}


SENDERS: dict[str, list[dict]] = {
    "uni": [
        S("Universitätsmedizin Rostock", "Zentrum für Innere Medizin, Abteilung Kardiologie",
          "Schillingallee 35", "18057 Rostock", "0381 494-7701", "0381 494-7702", "Rostock",
          ["Prof. Dr. med. Henrike Wassmund", "Dr. med. Paul Ahrendt"],
          ["UMR", "Universitätsmedizin Rostock, Kardiologie"], "hospital"),
        S("Universitätsmedizin Greifswald", "Klinik und Poliklinik für Innere Medizin A",
          "Fleischmannstraße 8", "17475 Greifswald", "03834 86-7230", "03834 86-7234",
          "Greifswald", ["Prof. Dr. med. Konrad Liebscher", "Dr. med. Wenke Tiedt"],
          ["UMG", "Klinik und Poliklinik für Innere Medizin A"], "hospital"),
    ],
    "district": [
        S("Helios Hanseklinikum Stralsund", "Klinik für Allgemein- und Viszeralchirurgie",
          "Große Parower Straße 47-53", "18435 Stralsund", "03831 35-0", "03831 35-2815",
          "Stralsund", ["Dr. med. Arne Kosch", "Jelena Morgenstern"],
          ["Hanseklinikum Stralsund"], "hospital"),
        S("Helios Kliniken Schwerin", "Klinik für Neurologie", "Wismarsche Straße 393-397",
          "19049 Schwerin", "0385 520-0", "0385 520-3912", "Schwerin",
          ["PD Dr. med. Fiete Gerdes", "Dr. med. Lotta Steinhagen"],
          ["Helios Schwerin", "Klinik für Neurologie"], "hospital"),
        S("Sana Hanse-Klinikum Wismar", "Klinik für Innere Medizin und Gastroenterologie",
          "Störtebekerstraße 6", "23966 Wismar", "03841 33-0", "03841 33-1209", "Wismar",
          ["Dr. med. Carsten Mählmann", "Oberärztin Dr. Ricarda Vieth"],
          ["Hanse-Klinikum Wismar"], "hospital"),
        S("Dietrich-Bonhoeffer-Klinikum Neubrandenburg", "Klinik für Geriatrie",
          "Salvador-Allende-Straße 30", "17036 Neubrandenburg", "0395 775-0", "0395 775-3388",
          "Neubrandenburg", ["Dr. med. Isolde Rabe", "Stationsärztin Nadja Falk"],
          ["DBK Neubrandenburg", "Klinikum Neubrandenburg"], "hospital"),
        S("Kreiskrankenhaus Wolgast", "Abteilung Unfallchirurgie", "Chausseestraße 46",
          "17438 Wolgast", "03836 257-0", "03836 257-410", "Wolgast",
          ["Dr. med. Bodo Rehfeldt"], ["KKH Wolgast"], "hospital"),
        S("Sana-Krankenhaus Rügen", "Klinik für Innere Medizin", "Calandstraße 7-8",
          "18528 Bergen auf Rügen", "03838 39-0", "03838 39-1107", "Bergen auf Rügen",
          ["Dr. med. Tjark Holm"], ["Krankenhaus Bergen"], "hospital"),
        S("Kreiskrankenhaus Prenzlau", "Klinik für Innere Medizin", "Stettiner Straße 121",
          "17291 Prenzlau", "03984 33-0", "03984 33-221", "Prenzlau",
          ["Dr. med. Gunda Wilke"], ["KKH Prenzlau"], "hospital"),
    ],
    "specialist": [
        S("Kardiologische Gemeinschaftspraxis am Rosengarten", "", "Am Rosengarten 2",
          "18055 Rostock", "0381 377 58 0", "0381 377 58 20", "Rostock",
          ["Dr. med. Okke Petersen", "Dr. med. Swantje Bleeck"], ["Kardiologie am Rosengarten"],
          "specialist"),
        S("Augenarztpraxis Dr. med. Kerstin Pohlmann", "", "Heilgeiststraße 61",
          "18439 Stralsund", "03831 29 44 10", "03831 29 44 19", "Stralsund",
          ["Dr. med. Kerstin Pohlmann"], ["Augenarztpraxis Pohlmann"], "specialist"),
        S("Orthopädie am Schweriner See", "Praxis für Orthopädie und Unfallchirurgie",
          "Werderstraße 74", "19055 Schwerin", "0385 59 11 30", "0385 59 11 39", "Schwerin",
          ["Dr. med. Bent Ohlsen"], ["Orthopädische Praxis Ohlsen"], "specialist"),
        S("Hautarztpraxis Dr. med. Lars Fretwurst", "", "Domstraße 20", "17489 Greifswald",
          "03834 50 21 77", "03834 50 21 78", "Greifswald", ["Dr. med. Lars Fretwurst"],
          ["Dermatologie Fretwurst"], "specialist"),
        S("Neurologische Praxis Dr. med. Anja Quade", "", "Stargarder Straße 8",
          "17033 Neubrandenburg", "0395 566 31 0", "0395 566 31 11", "Neubrandenburg",
          ["Dr. med. Anja Quade"], ["Praxis Dr. Quade"], "specialist"),
    ],
    "lab": [
        S("MVZ Labor Vorpommern GmbH", "Laboratoriumsmedizin · Mikrobiologie",
          "Walther-Rathenau-Straße 49", "17489 Greifswald", "03834 85 66-0", "03834 85 66-99",
          "Greifswald", ["Dr. med. Imma Kahlbaum, Fachärztin für Laboratoriumsmedizin"],
          ["Labor Vorpommern"], "lab"),
        S("Labor Ostseeküste MVZ", "Medizinisches Versorgungszentrum für Labormedizin",
          "Stampfmüllerstraße 41", "18057 Rostock", "0381 45 65-0", "0381 45 65-300", "Rostock",
          ["Dr. rer. nat. Hennes Brüsehaber"], ["Labor Ostseeküste"], "lab"),
    ],
    "radiology": [
        S("Radiologie am Stadthafen", "Praxis für Radiologie und Nuklearmedizin",
          "Am Strande 3a", "18055 Rostock", "0381 20 36 90", "0381 20 36 99", "Rostock",
          ["Dr. med. Morten Glöckner"], ["Radiologie Stadthafen Rostock"], "radiology"),
        S("MVZ Diagnostik Vorpommern", "Radiologie", "Pappelallee 1", "17489 Greifswald",
          "03834 87 20", "03834 87 29", "Greifswald", ["Dr. med. Femke Rautenberg"],
          ["Diagnostik Vorpommern"], "radiology"),
    ],
    "insurer": [
        S("AOK Nordost – Die Gesundheitskasse", "Service-Center Rostock", "Am Vögenteich 23",
          "18055 Rostock", "0800 265 080-0", "0800 265 080-21 99", "Rostock",
          ["Sachbearbeitung Krankengeld"], ["AOK Nordost"], "insurer"),
        S("Techniker Krankenkasse", "Fachzentrum Krankengeld", "Bramfelder Straße 140",
          "22305 Hamburg", "040 46 06 55 0", "040 46 06 55 99", "Hamburg",
          ["Ihr TK-Team"], ["TK"], "insurer"),
        S("BARMER", "Geschäftsstelle Schwerin", "Wismarsche Straße 144", "19053 Schwerin",
          "0800 333 10 10", "0800 333 00 91", "Schwerin", ["Ihre BARMER"], ["BARMER Schwerin"],
          "insurer"),
    ],
    "drv": [
        S("Deutsche Rentenversicherung Nord", "Abteilung Rehabilitation", "Platanenstraße 43",
          "17033 Neubrandenburg", "0395 370-0", "0395 370-4444", "Neubrandenburg",
          ["Im Auftrag", "Reha-Team 4"], ["DRV Nord"], "insurer"),
    ],
    "md": [
        S("Medizinischer Dienst Mecklenburg-Vorpommern", "Begutachtung Pflege",
          "Lessingstraße 33", "19059 Schwerin", "0385 7440-0", "0385 7440-199", "Schwerin",
          ["Pflegefachkraft Gutachterin Meike Strelow"], ["MD Mecklenburg-Vorpommern",
                                                          "Medizinischer Dienst"], "authority"),
    ],
    "gesundheitsamt": [
        S("Landkreis Vorpommern-Greifswald", "Gesundheitsamt – Infektionsschutz",
          "Feldstraße 85a", "17489 Greifswald", "03834 8760-2301", "03834 8760-2309",
          "Greifswald", ["Dr. med. Rieke Schomann, Amtsärztin"],
          ["Gesundheitsamt Vorpommern-Greifswald"], "authority"),
        S("Hanse- und Universitätsstadt Rostock", "Gesundheitsamt", "Paulstraße 22",
          "18055 Rostock", "0381 381-5301", "0381 381-5399", "Rostock",
          ["Sachgebiet Hygiene"], ["Gesundheitsamt Rostock"], "authority"),
    ],
    "lagus": [
        S("Landesamt für Gesundheit und Soziales Mecklenburg-Vorpommern",
          "Abteilung Versorgungsamt – Dezernat Schwerbehindertenrecht",
          "Erich-Schlesinger-Straße 35", "18059 Rostock", "0381 331-0", "0381 331-59044",
          "Rostock", ["Im Auftrag Grit Sasse"], ["LAGuS", "Versorgungsamt Rostock"],
          "authority"),
    ],
    "care": [
        S("Pflegedienst Ostseeperle GmbH", "Ambulante Kranken- und Altenpflege",
          "Ostseeallee 12", "18225 Kühlungsborn", "038293 41 20 0", "038293 41 20 9",
          "Kühlungsborn", ["Pflegedienstleitung Sandy Rohde"], ["Ostseeperle Pflegedienst"],
          "care"),
        S("Volkssolidarität Greifswald-Ostvorpommern", "Sozialstation Wolgast",
          "Breite Straße 4", "17438 Wolgast", "03836 60 28 10", "03836 60 28 19", "Wolgast",
          ["Schwester Martina Lüth"], ["Sozialstation Wolgast"], "care"),
    ],
    "pharmacy": [
        S("Löwen-Apotheke Wismar", "", "Krämerstraße 14", "23966 Wismar", "03841 28 21 20",
          "03841 28 21 29", "Wismar", ["Apothekerin Dörte Lehmkuhl"], ["Löwen-Apotheke"],
          "pharmacy"),
        S("Apotheke am Kurpark", "", "Kurparkstraße 3", "17424 Seebad Heringsdorf",
          "038378 22 45 5", "038378 22 45 6", "Heringsdorf", ["Apotheker Jost Wiechmann"],
          ["Kurpark-Apotheke Heringsdorf"], "pharmacy"),
    ],
    "therapy": [
        S("Physiotherapie Strandgut", "Praxis für Physiotherapie und Manuelle Therapie",
          "Kirchenstraße 9", "18119 Rostock-Warnemünde", "0381 519 33 40", "0381 519 33 41",
          "Rostock", ["Merle Tietböhl, Physiotherapeutin"], ["Physio Strandgut"], "therapist"),
        S("Logopädie Wellenschlag", "", "Puschkinstraße 19", "19055 Schwerin",
          "0385 562 77 8", "0385 562 77 9", "Schwerin", ["Frauke Dettmann, Logopädin"],
          ["Praxis Wellenschlag"], "therapist"),
    ],
    "reha": [
        S("Rehaklinik Seeblick Zingst", "Fachklinik für Orthopädie und Kardiologie",
          "Seestraße 70", "18374 Ostseebad Zingst", "038232 88-0", "038232 88-501", "Zingst",
          ["Chefarzt Dr. med. Volker Dammann", "Dr. med. Svea Lorenzen"],
          ["Reha-Klinik Zingst", "Rehaklinik Seeblick"], "rehab"),
        S("Strandklinik Boltenhagen", "Rehabilitationsklinik für Pneumologie",
          "Ostseeallee 38", "23946 Ostseebad Boltenhagen", "038825 48-0", "038825 48-333",
          "Boltenhagen", ["Chefärztin Dr. med. Gisela Reinke"], ["Strandklinik"], "rehab"),
    ],
    "spa": [
        S("Badearztpraxis Dr. med. Holger Ewert", "Badearzt · Allgemeinmedizin",
          "Margaretenstraße 17", "18609 Ostseebad Binz", "038393 3 21 48", "038393 3 21 49",
          "Binz", ["Dr. med. Holger Ewert"], ["Badearzt Dr. Ewert"], "spa doctor"),
    ],
}

FOREIGN: dict[str, dict] = {
    "pl": {
        "region": "PL", "org": "Samodzielny Publiczny Szpital Kliniczny Nr 2 PUM w Szczecinie",
        "dept": "Klinika Kardiologii", "street": "ul. Powstańców Wielkopolskich 72",
        "city": "70-111 Szczecin", "fax": "+48 91 466 13 79", "town": "Szczecin",
        "doctor": "lek. med. Bartosz Wróblewski", "alts": ["SPSK-2 Szczecin"],
        "title": "Karta informacyjna leczenia szpitalnego", "patient": "Pacjent:",
        "born": "Data urodzenia:", "adm": "Data przyjęcia:", "dis": "Data wypisu:",
        "date_styles": ["pl", "pl_long"], "place": "Szczecin, dnia {d}",
        "body": ["Rozpoznanie: migotanie przedsionków napadowe, nadciśnienie tętnicze.",
                 "Pacjent przyjęty z powodu kołatania serca. W trakcie hospitalizacji "
                 "przywrócono rytm zatokowy. Zalecono dalszą opiekę lekarza rodzinnego."],
        "sign": "Lekarz prowadzący", "langs": "pl",
    },
    "da": {
        "region": "DK", "org": "Bornholms Hospital", "dept": "Medicinsk Afdeling",
        "street": "Ullasvej 8", "city": "DK-3700 Rønne", "fax": "+45 38 67 01 99",
        "town": "Rønne", "doctor": "Overlæge Mette Dalsgaard", "alts": ["Bornholms Hospital, Medicinsk Afdeling"],
        "title": "Epikrise", "patient": "Patient:", "born": "Fødselsdato:",
        "adm": "Indlagt:", "dis": "Udskrevet:", "date_styles": ["da", "da_long"],
        "place": "Rønne, {d}",
        "body": ["Diagnose: Pneumoni i højre underlap.",
                 "Patienten blev indlagt under ferieophold med feber og hoste og behandlet med "
                 "antibiotika. Kontrol hos egen læge anbefales."],
        "sign": "Med venlig hilsen", "langs": "da",
    },
    "sv": {
        "region": "SE", "org": "Trelleborgs lasarett", "dept": "Medicinkliniken",
        "street": "Kaptensgatan 6", "city": "231 85 Trelleborg", "fax": "+46 410 552 09",
        "town": "Trelleborg", "doctor": "Överläkare Karin Sjöberg", "alts": ["Lasarettet i Trelleborg"],
        "title": "Epikris", "patient": "Patient:", "born": "Födelsedatum:",
        "adm": "Inskrivningsdatum:", "dis": "Utskrivningsdatum:",
        "date_styles": ["iso", "sv_long"], "place": "Trelleborg {d}",
        "body": ["Diagnos: Hjärnskakning efter fall ombord på färjan.",
                 "Patienten observerades över natten utan komplikationer. Uppföljning hos "
                 "husläkare rekommenderas."],
        "sign": "Med vänliga hälsningar", "langs": "sv",
    },
    "lt": {
        "region": "LT", "org": "Klaipėdos universitetinė ligoninė", "dept": "Vidaus ligų skyrius",
        "street": "Liepojos g. 41", "city": "LT-92288 Klaipėda", "fax": "+370 46 396 555",
        "town": "Klaipėda", "doctor": "gyd. Rasa Petrauskienė", "alts": ["Klaipėdos ligoninė"],
        "title": "Išrašas iš medicininių dokumentų", "patient": "Pacientas:",
        "born": "Gimimo data:", "adm": "Hospitalizacijos data:", "dis": "Išrašymo data:",
        "date_styles": ["iso", "lt_long"], "place": "Klaipėda, {d}",
        "body": ["Diagnozė: ūminis gastritas.",
                 "Pacientas gydytas skyriuje, būklė pagerėjo. Rekomenduojama šeimos gydytojo "
                 "priežiūra."],
        "sign": "Gydytojas", "langs": "lt",
    },
    "lv": {
        "region": "LV", "org": "Liepājas reģionālā slimnīca", "dept": "Traumatoloģijas nodaļa",
        "street": "Slimnīcas iela 25", "city": "Liepāja, LV-3414", "fax": "+371 634 03 225",
        "town": "Liepāja", "doctor": "ārsts Artūrs Kalniņš", "alts": ["Liepājas slimnīca"],
        "title": "Izraksts no stacionārā pacienta medicīniskās kartes", "patient": "Pacients:",
        "born": "Dzimšanas datums:", "adm": "Stacionēšanas datums:",
        "dis": "Izrakstīšanas datums:", "date_styles": ["lv", "lv_long"],
        "place": "Liepājā, {d}",
        "body": ["Diagnoze: kreisā apakšdelma lūzums.",
                 "Veikta slēgta repozīcija un ģipša imobilizācija. Kontrole pie ģimenes ārsta."],
        "sign": "Ārstējošais ārsts", "langs": "lv",
    },
    "uk": {
        "region": "UA", "org": "Київська міська клінічна лікарня № 1",
        "dept": "Терапевтичне відділення", "street": "Харківське шосе, 121",
        "city": "02091 Київ", "fax": "+380 44 566 21 07", "town": "Київ",
        "doctor": "лікар Олена Бондаренко", "alts": ["КМКЛ № 1"],
        "title": "Виписка із медичної карти стаціонарного хворого", "patient": "Пацієнт:",
        "born": "Дата народження:", "adm": "Дата госпіталізації:", "dis": "Дата виписки:",
        "date_styles": ["de", "uk_long"], "place": "м. Київ, {d}",
        "body": ["Діагноз: цукровий діабет 2 типу, декомпенсація.",
                 "Проведено корекцію інсулінотерапії. Рекомендовано спостереження сімейного "
                 "лікаря."],
        "sign": "Лікуючий лікар", "langs": "uk",
    },
    "ru": {
        "region": "RU", "org": "Калининградская областная клиническая больница",
        "dept": "Неврологическое отделение", "street": "ул. Клиническая, 74",
        "city": "236016 Калининград", "fax": "+7 4012 57 83 02", "town": "Калининград",
        "doctor": "врач Наталья Смирнова", "alts": ["Областная больница Калининград"],
        "title": "Выписной эпикриз", "patient": "Ф.И.О. пациента:",
        "born": "Дата рождения:", "adm": "Дата поступления:", "dis": "Дата выписки:",
        "date_styles": ["ru", "ru_long"], "place": "г. Калининград, {d}",
        "body": ["Диагноз: ишемический инсульт в бассейне левой средней мозговой артерии.",
                 "Проведено лечение, состояние улучшилось. Рекомендовано наблюдение невролога "
                 "и терапевта по месту жительства."],
        "sign": "Лечащий врач", "langs": "ru",
    },
    "vi": {
        "region": "VN", "org": "Bệnh viện Bạch Mai", "dept": "Khoa Nội tổng hợp",
        "street": "78 Đường Giải Phóng", "city": "Đống Đa, Hà Nội", "fax": "+84 24 3869 1607",
        "town": "Hà Nội", "doctor": "BS. Lê Thị Thu Hà", "alts": ["BV Bạch Mai"],
        "title": "GIẤY RA VIỆN", "patient": "Họ và tên người bệnh:", "born": "Ngày sinh:",
        "adm": "Vào viện:", "dis": "Ra viện:", "date_styles": ["vi", "vi_long"],
        "place": "Hà Nội, {d}",
        "body": ["Chẩn đoán: Viêm phổi cộng đồng.",
                 "Người bệnh đã được điều trị kháng sinh, tình trạng ổn định. Tái khám tại bác "
                 "sĩ gia đình."],
        "sign": "Trưởng khoa", "langs": "vi",
    },
    "en_uk": {
        "region": "GB", "org": "Norfolk and Norwich University Hospitals NHS Foundation Trust",
        "dept": "Department of Respiratory Medicine", "street": "Colney Lane",
        "city": "Norwich NR4 7UY", "fax": "+44 1603 28 74 11", "town": "Norwich",
        "doctor": "Dr Eleanor Whitcombe, Consultant", "alts": ["Norfolk and Norwich University Hospital"],
        "title": "Discharge Summary", "patient": "Patient name:", "born": "DOB:",
        "adm": "Date of admission:", "dis": "Date of discharge:",
        "date_styles": ["en", "en_long"], "place": "{d}",
        "body": ["Diagnosis: Infective exacerbation of COPD.",
                 "Treated with oral steroids and antibiotics while visiting family. Please "
                 "review in general practice within two weeks."],
        "sign": "Yours sincerely", "langs": "en",
    },
    "en_no": {
        "region": "NO", "org": "Haukeland University Hospital", "dept": "Department of Medicine",
        "street": "Jonas Lies vei 65", "city": "5021 Bergen, Norway", "fax": "+47 55 97 51 90",
        "town": "Bergen", "doctor": "Dr. Ingrid Solheim, senior consultant",
        "alts": ["Haukeland universitetssjukehus", "Helse Bergen"],
        "title": "Discharge summary (Epikrise)", "patient": "Patient:",
        "born": "Date of birth:", "adm": "Admitted:", "dis": "Discharged:",
        "date_styles": ["de", "en_long"], "place": "Bergen, {d}",
        "body": ["Diagnosis: Deep vein thrombosis, left leg.",
                 "Started on apixaban. Please continue anticoagulation for at least three "
                 "months and arrange follow-up."],
        "sign": "Kind regards", "langs": "en",
    },
    "en_ship": {
        "region": "INT", "org": "MS Nordic Aurora – Ship's Medical Centre",
        "dept": "Nordic Aurora Cruises Ltd., Nassau, Bahamas", "street": "At sea / Port of call",
        "city": "Rostock-Warnemünde", "fax": "+870 773 150 441", "town": "At sea",
        "doctor": "Dr. Thomas Ng, Senior Ship's Physician", "alts": ["Ship's Medical Centre",
                                                                     "MS Nordic Aurora"],
        "title": "Medical Report – Disembarkation", "patient": "Passenger:",
        "born": "Date of birth:", "adm": "First seen:", "dis": "Disembarked:",
        "date_styles": ["en_mon", "en_long"], "place": "{d}",
        "body": ["Diagnosis: Atrial fibrillation with rapid ventricular response.",
                 "Rate controlled with metoprolol on board. Disembarked for further assessment; "
                 "please review and consider anticoagulation."],
        "sign": "Ship's Physician", "langs": "en",
    },
}
