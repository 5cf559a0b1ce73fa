"""The receiving practices, the senders and the words of the region."""

from __future__ import annotations

PRACTICES: list[dict[str, object]] = [
    {
        "key": "erfurt",
        "name": "Hausarztpraxis Dr. med. Jens Brandauer & Dr. med. Maren Köhlitz",
        "names": [
            "Hausarztpraxis Dr. med. Jens Brandauer & Dr. med. Maren Köhlitz",
            "Gemeinschaftspraxis Brandauer/Köhlitz",
            "Hausarztpraxis Brandauer & Köhlitz",
            "Dres. med. Brandauer und Köhlitz",
            "Dr. med. Jens Brandauer",
            "Dr. med. Maren Köhlitz",
        ],
        "doctor": "Dr. med. Jens Brandauer",
        "doctors": ["Dr. med. Jens Brandauer", "Dr. med. Maren Köhlitz"],
        "street": "Krämpferstraße 14",
        "city": "99084 Erfurt",
        "address": "Krämpferstraße 14, 99084 Erfurt",
        "fax": "0361 5542-19",
        "kind": "Hausarztpraxis (two doctors)",
        "region": "TH",
    },
    {
        "key": "gostenhof",
        "name": "MVZ Medizinisches Versorgungszentrum für Allgemeinmedizin, Innere Medizin und "
        "Geriatrie Nürnberg-Gostenhof GmbH",
        "names": [
            "MVZ Medizinisches Versorgungszentrum für Allgemeinmedizin, Innere Medizin und "
            "Geriatrie Nürnberg-Gostenhof GmbH",
            "MVZ für Allgemeinmedizin, Innere Medizin und Geriatrie Nürnberg-Gostenhof",
            "MVZ Nürnberg-Gostenhof GmbH",
            "MVZ Gostenhof",
            "Dr. med. Tobias Reinwald",
            "Dr. med. Sevgi Albrecht-Yilmaz",
        ],
        "doctor": "Dr. med. Tobias Reinwald",
        "doctors": ["Dr. med. Tobias Reinwald", "Dr. med. Sevgi Albrecht-Yilmaz"],
        "street": "Fürther Straße 61",
        "city": "90429 Nürnberg",
        "address": "Fürther Straße 61, 90429 Nürnberg",
        "fax": "0911 277 48-90",
        "kind": "MVZ (long name)",
        "region": "FR",
    },
    {
        "key": "harz",
        "name": "Landarztpraxis am Hohnekamm",
        "names": [
            "Landarztpraxis am Hohnekamm",
            "Landarztpraxis am Hohnekamm – Friederike Oswald",
            "Praxis F. Oswald",
            "Friederike Oswald",
        ],
        "doctor": "Friederike Oswald",
        "doctors": ["Frau Friederike Oswald"],
        "street": "Hüttenstraße 3",
        "city": "38875 Oberharz am Brocken OT Elbingerode",
        "address": "Hüttenstraße 3, 38875 Oberharz am Brocken OT Elbingerode",
        "fax": "039454 4127",
        "kind": "country practice in the Harz",
        "region": "ST",
    },
]


def S(name: str, alts: list[str], street: str, city: str, fax: str, regions: str,
      dept: str = "", phone: str = "") -> dict[str, object]:
    return {"name": name, "alts": alts, "street": street, "city": city, "fax": fax,
            "regions": regions, "dept": dept, "phone": phone or fax[:-2] + "0"}


UNI = [
    S("Universitätsklinikum Jena", ["UKJ", "Klinikum der Friedrich-Schiller-Universität Jena"],
      "Am Klinikum 1", "07747 Jena", "03641 9-324102", "TH"),
    S("Universitätsklinikum Halle (Saale)", ["UKH", "Universitätsklinikum Halle"],
      "Ernst-Grube-Straße 40", "06120 Halle (Saale)", "0345 557-2253", "ST TH"),
    S("Universitätsklinikum Magdeburg A.ö.R.", ["Universitätsklinikum Magdeburg", "UMMD"],
      "Leipziger Straße 44", "39120 Magdeburg", "0391 67-15294", "ST"),
    S("Universitätsklinikum Erlangen", ["UK Erlangen"],
      "Maximiliansplatz 2", "91054 Erlangen", "09131 85-35208", "FR"),
    S("Universitätsklinikum Würzburg", ["UKW", "Uniklinikum Würzburg"],
      "Josef-Schneider-Straße 2", "97080 Würzburg", "0931 201-39311", "FR"),
]
CHAIN = [
    S("Helion Klinikum Erfurt", ["Helion Klinikum Erfurt GmbH", "Helion Erfurt"],
      "Nordhäuser Straße 74", "99089 Erfurt", "0361 781-2009", "TH"),
    S("Askleon Harzklinikum Wernigerode", ["Askleon Harzklinikum", "Harzklinikum Wernigerode"],
      "Ilsenburger Straße 15", "38855 Wernigerode", "03943 61-1590", "ST"),
    S("SRV Zentralklinikum Suhl", ["SRV Zentralklinikum Suhl gGmbH", "Zentralklinikum Suhl"],
      "Albert-Schweitzer-Straße 2", "98527 Suhl", "03681 35-5099", "TH"),
    S("Klinikum Nürnberg", ["Klinikum Nürnberg Nord", "Klinikum Nürnberg, Campus Nord"],
      "Prof.-Ernst-Nathan-Straße 1", "90419 Nürnberg", "0911 398-2188", "FR"),
    S("Amelos Klinikum Halberstadt", ["Amelos Klinikum St. Salvator Halberstadt"],
      "Gleimstraße 5", "38820 Halberstadt", "03941 64-2409", "ST"),
    S("Helion Frankenwaldklinik Kronach", ["Frankenwaldklinik Kronach"],
      "Friesener Straße 41", "96317 Kronach", "09261 59-6199", "FR"),
]
REHA = [
    S("Reha-Klinik am Kyffhäuser Bad Frankenhausen", ["Reha-Klinik am Kyffhäuser"],
      "Udersleber Weg 38", "06567 Bad Frankenhausen", "034671 81-299", "TH ST"),
    S("Rehazentrum Frankenland Bad Kissingen", ["Rehazentrum Frankenland"],
      "Salinenstraße 12", "97688 Bad Kissingen", "0971 8032-118", "FR"),
    S("Harzklinik Bad Suderode – Fachklinik für Orthopädie", ["Harzklinik Bad Suderode"],
      "Felsenkellerweg 6", "06485 Quedlinburg OT Bad Suderode", "039485 66-411", "ST"),
]
SPECIAL = [
    S("Kardiologische Gemeinschaftspraxis am Anger", ["Kardiologie am Anger"],
      "Anger 37", "99084 Erfurt", "0361 6015-33", "TH", "Dr. med. Holger Wiesenthal"),
    S("Orthopädie Fürth – Dr. med. Konrad Pfister", ["Dr. med. Konrad Pfister", "Orthopädie Fürth"],
      "Königswarterstraße 20", "90762 Fürth", "0911 749 11-5", "FR", "Dr. med. Konrad Pfister"),
    S("Neurologische Praxis Dr. med. Sieglinde Ambrosius", ["Dr. med. Sieglinde Ambrosius"],
      "Breite Straße 81", "38855 Wernigerode", "03943 2561-9", "ST", "Dr. med. Sieglinde Ambrosius"),
    S("Gastroenterologie Gostenhof Dr. Sperber & Partner", ["Gastroenterologie Gostenhof"],
      "Kernstraße 29", "90429 Nürnberg", "0911 266 13-4", "FR", "Dr. med. Jakob Sperber"),
    S("Augenzentrum Weimar", ["Augenzentrum Weimar MVZ"],
      "Schwanseestraße 2", "99423 Weimar", "03643 4980-77", "TH", "Dr. med. Uta Lamprecht"),
]
LAB = [
    S("MVZ Labor Dr. Brenner & Kollegen", ["Labor Dr. Brenner", "MVZ Labor Dr. Brenner & Kollegen GmbH"],
      "Konrad-Zuse-Straße 14", "99099 Erfurt", "0361 2270-109", "TH"),
    S("Labor Franken MVZ GmbH", ["Labor Franken"],
      "Ostendstraße 190", "90482 Nürnberg", "0911 95 77-400", "FR"),
    S("Laborgemeinschaft Harz-Saale", ["LG Harz-Saale"],
      "Magdeburger Straße 52", "06112 Halle (Saale)", "0345 6813-22", "ST TH"),
]
RADIO = [
    S("Radiologie am Domplatz", ["Radiologische Praxis am Domplatz Erfurt"],
      "Domplatz 9", "99084 Erfurt", "0361 64433-50", "TH"),
    S("Radiologisches Zentrum Nürnberg-Süd", ["RZ Nürnberg-Süd"],
      "Allersberger Straße 185", "90461 Nürnberg", "0911 44 80-219", "FR"),
    S("MVZ Radiologie Harz", ["Radiologie Harz"],
      "Friedrichstraße 70", "38855 Wernigerode", "03943 5548-11", "ST"),
]
INSURER = [
    S("AOK PLUS – Die Gesundheitskasse für Sachsen und Thüringen", ["AOK PLUS"],
      "Augustinerstraße 38", "99084 Erfurt", "0800 10590-11", "TH"),
    S("AOK Bayern – Die Gesundheitskasse", ["AOK Bayern", "AOK Bayern Direktion Nürnberg"],
      "Frauentorgraben 49", "90443 Nürnberg", "0911 218-5599", "FR"),
    S("AOK Sachsen-Anhalt", ["AOK Sachsen-Anhalt – Die Gesundheitskasse"],
      "Lüneburger Straße 4", "39106 Magdeburg", "0391 2878-44", "ST"),
    S("IKK classic", ["IKK classic Regionaldirektion Thüringen"],
      "Kranichfelder Straße 3", "99097 Erfurt", "0361 4401-920", "TH ST FR"),
    S("BARMER", ["BARMER Nürnberg"], "Hallplatz 2", "90402 Nürnberg", "0800 333004-9", "FR ST TH"),
]
DRV = [
    S("Deutsche Rentenversicherung Mitteldeutschland", ["DRV Mitteldeutschland"],
      "Georg-Schumann-Straße 146", "04159 Leipzig", "0341 550-5900", "TH ST"),
    S("Deutsche Rentenversicherung Nordbayern", ["DRV Nordbayern"],
      "Wittelsbacherring 11", "95444 Bayreuth", "0921 607-398", "FR"),
]
MD = [
    S("Medizinischer Dienst Thüringen", ["MD Thüringen"],
      "Richard-Wagner-Straße 2a", "99423 Weimar", "03643 553-999", "TH"),
    S("Medizinischer Dienst Bayern", ["MD Bayern"],
      "Haidenauplatz 1", "81667 München", "089 67008-444", "FR"),
    S("Medizinischer Dienst Sachsen-Anhalt", ["MD Sachsen-Anhalt"],
      "Breiter Weg 19c", "39104 Magdeburg", "0391 5661-2000", "ST"),
]
AUTH = [
    S("Landeshauptstadt Erfurt – Gesundheitsamt", ["Gesundheitsamt Erfurt", "Stadtverwaltung Erfurt"],
      "Juri-Gagarin-Ring 150", "99084 Erfurt", "0361 655-4209", "TH", "Gesundheitsamt"),
    S("Stadt Nürnberg – Jugendamt", ["Jugendamt der Stadt Nürnberg", "Stadt Nürnberg"],
      "Dietzstraße 4", "90443 Nürnberg", "0911 231-3319", "FR", "Jugendamt"),
    S("Amtsgericht Wernigerode – Betreuungsgericht", ["Amtsgericht Wernigerode"],
      "Rudolf-Breitscheid-Straße 8", "38855 Wernigerode", "03943 5460-100", "ST", "Betreuungsgericht"),
    S("Landkreis Harz – Sozialamt", ["Landkreis Harz", "Sozialamt Landkreis Harz"],
      "Friedrich-Ebert-Straße 42", "38820 Halberstadt", "03941 5970-4399", "ST", "Sozialamt"),
    S("Amtsgericht Nürnberg – Betreuungsgericht", ["Amtsgericht Nürnberg"],
      "Flaschenhofstraße 35", "90402 Nürnberg", "0911 321-2777", "FR", "Betreuungsgericht"),
]
CARE = [
    S("Pflegedienst Sonnenschein Erfurt GmbH", ["Pflegedienst Sonnenschein"],
      "Magdeburger Allee 126", "99086 Erfurt", "0361 7312-66", "TH", "Pflegedienst"),
    S("Diakoniestation Gostenhof", ["Diakonie Gostenhof"],
      "Bauerngasse 21", "90443 Nürnberg", "0911 26 30 4-9", "FR", "Pflegedienst"),
    S("Brocken-Apotheke Elbingerode", ["Brocken-Apotheke"],
      "Marktstraße 12", "38875 Elbingerode", "039454 5230", "ST", "Apotheke"),
    S("Rennsteig-Apotheke Ilmenau", ["Rennsteig-Apotheke"],
      "Lindenstraße 18", "98693 Ilmenau", "03677 8912-3", "TH", "Apotheke"),
    S("SAPV-Team Harz – Spezialisierte ambulante Palliativversorgung", ["SAPV-Team Harz"],
      "Ilsenburger Straße 15", "38855 Wernigerode", "03943 61-2777", "ST", "Hospiz"),
    S("Ambulanter Hospizdienst Erfurt e. V.", ["Hospizdienst Erfurt"],
      "Kartäuserstraße 30", "99084 Erfurt", "0361 5550-77", "TH", "Hospiz"),
    S("Psychotherapeutische Praxis Dipl.-Psych. Karin Weidemann", ["Dipl.-Psych. Karin Weidemann"],
      "Glockenhofstraße 8", "90478 Nürnberg", "0911 46 20 9-8", "FR", "Psychotherapie"),
]
GERMAN_MONTHS = [
    "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
    "Oktober", "November", "Dezember",
]
DIAG = [
    ("Akuter Myokardinfarkt (NSTEMI)", "I21.4"), ("Pneumonie, nicht näher bezeichnet", "J18.9"),
    ("Diabetes mellitus Typ 2 mit Komplikationen", "E11.7"), ("Vorhofflimmern, paroxysmal", "I48.0"),
    ("Koxarthrose beidseits", "M16.0"), ("Chronische obstruktive Lungenkrankheit", "J44.1"),
    ("Herzinsuffizienz NYHA III", "I50.13"), ("Lumbale Spinalkanalstenose", "M48.06"),
    ("Cholezystolithiasis", "K80.20"), ("Hirninfarkt", "I63.5"), ("Depressive Episode, mittelgradig", "F32.1"),
    ("Erysipel des Unterschenkels", "A46"),
]
