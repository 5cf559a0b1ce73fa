# ruff: noqa: E501  (the letters' wording is kept on one line each, as printed)
"""The kinds of letters a practice in Saxony and Upper Lusatia receives, one function each.

Each layout draws its pages into ctx.doc and states the facts a clerk would file it under."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from .common import Doc
from .world import Ctx

GERMANS = [
    "schulze_a",
    "schulze_b",
    "kuehn_anja",
    "lehmann_anja",
    "mueller_juergen",
    "mueller_juergen_ue",
    "schmidt_t1",
    "schmidt_t2",
    "schmidt_t3",
    "boehme_hans",
    "boehme_hans_jr",
    "weissflog_a",
    "weissflog_b",
    "carlowitz",
    "schoene_hahn",
    "loessner",
    "kretzschmar",
    "poetzsch",
    "gaebler",
    "jaehnig",
    "hoffmann_m",
    "uhlig",
    "tränkner",
    "seifert",
    "meissner",
    "hubner",
    "vanderlinden",
    "devries",
]
MIGRANTS = [
    "solta",
    "krawc",
    "nguyen_lan",
    "nguyen_lanh",
    "tran",
    "pham",
    "iwanow",
    "smirnowa",
    "yilmaz",
    "oeztuerk",
    "kusnezow",
    "celik",
    "wojcik",
    "dvorak",
]
CHILDREN = ["richter_lukas", "richter_leon", "fischer_leni", "oelschlaegel"]
CZECHS = ["dvorak", "novotna", "solta", "krawc"]
POLES = ["wojcik", "kowalczyk", "dabrowski", "zieliński"]
ANYONE = GERMANS + MIGRANTS


def head(c: Ctx, name: str, sub: list[str], font: str = "sansb", size: float = 13) -> None:
    d = c.doc
    d.line(name, size=size, font=font, x=185, align="r")
    for s in sub:
        d.line(s, size=8, x=185, align="r")
    d.gap(6)


def sign(c: Ctx, closing: str, names: list[tuple[str, str]]) -> None:
    d = c.doc
    d.gap(3)
    d.line(closing)
    d.gap(9)
    for n, role in names:
        d.line(n)
        c.person(n, "signer")
        if role:
            d.line(role, size=8)


def footer(c: Ctx, text: str) -> None:
    d = c.doc
    d.y = max(d.y, 268)
    d.line(text, size=6.5, x=105, align="c")


# ------------------------------------------------------------------------------------------
# German institutions
# ------------------------------------------------------------------------------------------


def discharge_uni(c: Ctx) -> None:
    c.pick(*GERMANS, *MIGRANTS)
    c.sender = "Universitätsklinikum Carl Gustav Carus Dresden"
    c.sender_alts = [
        "Uniklinikum Dresden",
        "Universitätsklinikum Dresden",
        "Medizinische Klinik und Poliklinik III",
        "UKD",
    ]
    c.fax_number, c.sender_short = "+49 351 458-5344", "UKD MK3"
    d = c.doc = Doc(running=None)
    head(
        c,
        "Universitätsklinikum Carl Gustav Carus",
        [
            "an der Technischen Universität Dresden",
            "Medizinische Klinik und Poliklinik III",
            "Direktor: Prof. Dr. med. Reinhard Lindemann",
            "Fetscherstraße 74 · 01307 Dresden",
            "Telefon 0351 458-4422 · Fax 0351 458-5344",
        ],
    )
    c.window(return_line="UKD · MK III · Fetscherstraße 74 · 01307 Dresden")
    d.gap(6)
    ld = c.letter_date
    adm = c.days(ld, -16, -9)
    dis = c.days(ld, -5, -1)
    d.line(f"Dresden, {c.date(ld, 'de_num', 'letter')}", x=185, align="r")
    d.gap(4)
    d.line("Entlassungsbericht", size=13, font="sansb")
    c.title, c.title_alts = "Entlassungsbericht", ["Arztbrief", "Entlassungsbrief"]
    d.gap(2)
    pat = c.name("given_sur")
    d.line(f"Patient: {pat}, geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.line(
        f"stationärer Aufenthalt vom {c.date(adm, 'de_num', 'admission')} bis "
        f"{c.date(dis, 'de_num', 'discharge')}, Station MK3-S2"
    )
    d.gap(4)
    d.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    d.gap(1)
    d.para(
        f"wir berichten über die stationäre Behandlung o. g. Patienten, der/die sich am "
        f"{fmt_d(adm)} mit progredienter Belastungsdyspnoe und Unterschenkelödemen in "
        "unserer Notaufnahme vorstellte."
    )
    d.gap(2)
    d.line("Diagnosen:", font="sansb")
    for t in [
        "Dekompensierte Herzinsuffizienz NYHA III bei HFrEF (LVEF 32 %) – I50.13",
        "Tachykardes Vorhofflimmern, CHA2DS2-VASc 4 – I48.1",
        "Chronische Niereninsuffizienz G3a – N18.3",
        "Diabetes mellitus Typ 2 – E11.90",
    ]:
        d.line("– " + t)
    d.gap(2)
    d.line("Verlauf:", font="sansb")
    d.para(
        "Unter intravenöser Diurese mit Furosemid kam es zu einer Gewichtsabnahme von 6,4 kg. "
        "Die Frequenzkontrolle erfolgte mit Bisoprolol. Transthorakale Echokardiographie am "
        f"{c.date(c.days(adm, 1, 3), 'de_num', 'examination')}: LVEF 32 %, mittelgradige "
        "Mitralinsuffizienz. Eine Koronarangiographie ergab keinen Hinweis auf eine "
        "interventionsbedürftige Stenose."
    )
    d.new_page()
    d.line(f"Entlassungsbericht {c.pat.surname}, {c.pat.given_names} – Seite 2 von 2", size=8)
    d.gap(5)
    d.line("Medikation bei Entlassung:", font="sansb")
    for t in [
        "Sacubitril/Valsartan 49/51 mg  1-0-1",
        "Bisoprolol 5 mg  1-0-0",
        "Apixaban 5 mg  1-0-1",
        "Torasemid 10 mg  1-0-0",
        "Empagliflozin 10 mg  1-0-0",
    ]:
        d.line(t)
    d.gap(3)
    d.line("Empfehlungen:", font="sansb")
    d.para(
        "Tägliche Gewichtskontrolle, Kreatinin- und Kaliumkontrolle in einer Woche. "
        f"Kardiologische Wiedervorstellung am {c.date(c.days(ld, 30, 50), 'de_num', 'appointment')} "
        "in unserer Herzinsuffizienzambulanz."
    )
    sign(
        c,
        "Mit freundlichen kollegialen Grüßen",
        [
            ("Prof. Dr. med. Reinhard Lindemann", "Klinikdirektor"),
            ("Dr. med. Susann Mättig", "Fachärztin für Innere Medizin"),
        ],
    )
    footer(
        c,
        "Universitätsklinikum Carl Gustav Carus Dresden · Anstalt des öffentlichen Rechts "
        "des Freistaates Sachsen · USt-IdNr. DE 140 135 217",
    )


def fmt_d(d: dt.date) -> str:
    return f"{d.day:02d}.{d.month:02d}.{d.year}"


def discharge_district(c: Ctx) -> None:
    c.pick(*GERMANS, *CHILDREN[2:], *MIGRANTS)
    hospital = c.rng.choice(
        [
            (
                "Städtisches Klinikum Görlitz gGmbH",
                ["Klinikum Görlitz", "Klinik für Unfallchirurgie und Orthopädie"],
                "Girbigsdorfer Straße 1–3 · 02828 Görlitz",
                "+49 3581 37-1199",
                "Görlitz",
            ),
            (
                "Oberlausitz-Kliniken gGmbH Krankenhaus Bautzen",
                ["Oberlausitz-Kliniken", "Krankenhaus Bautzen"],
                "Am Stadtwall 3 · 02625 Bautzen",
                "+49 3591 363-2459",
                "Bautzen",
            ),
            (
                "Klinikum Oberlausitzer Bergland, Standort Zittau",
                ["Klinikum Oberlausitzer Bergland", "Klinikum Zittau"],
                "Görlitzer Straße 8 · 02763 Zittau",
                "+49 3583 88-1305",
                "Zittau",
            ),
        ]
    )
    name, alts, addr, fax, city = hospital
    c.sender, c.sender_alts = name, alts
    c.fax_number, c.sender_short = fax, alts[0]
    d = c.doc
    head(
        c,
        name,
        [
            "Klinik für Unfallchirurgie und Orthopädie",
            "Chefarzt Dr. med. Olaf Gebauer",
            addr,
            f"Fax {fax.replace('+49 ', '0')}",
        ],
        size=12,
    )
    c.window(return_line=addr)
    d.gap(6)
    ld = c.letter_date
    op = c.days(ld, -12, -6)
    d.line(f"Unser Zeichen: UCH/geb/{c.rng.randint(1000, 9999)}", size=9, x=185, align="r")
    d.line(f"{city}, den {c.date(ld, 'de_long', 'letter')}", x=185, align="r")
    d.gap(5)
    d.line("Vorläufiger Arztbrief", size=12, font="sansb")
    c.title, c.title_alts = "Vorläufiger Arztbrief", ["Arztbrief", "Entlassungsbrief"]
    d.gap(2)
    pat = c.name("SUR_given", with_title=True)
    d.line(f"Betr.: {pat}, * {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.line(f"wohnhaft: {getattr(c.pat, 'street', 'unbekannt')}, {getattr(c.pat, 'city', '')}")
    d.gap(4)
    d.line("Sehr geehrte Kolleginnen und Kollegen,")
    d.para(
        f"wir berichten über o. g. Patienten, der/die sich vom {c.date(c.days(op, -1, 0), 'de_num', 'admission')} "
        f"bis {c.date(c.days(ld, -3, -1), 'de_num', 'discharge')} in unserer stationären Behandlung befand."
    )
    d.gap(2)
    d.line(
        "Diagnose: Distale Radiusfraktur rechts (AO 23-C2) nach Sturz im häuslichen Umfeld",
        font="sansb",
        size=9.5,
    )
    d.line(
        f"Operation am {c.date(op, 'de_num', 'operation')}: offene Reposition, winkelstabile "
        "palmare Plattenosteosynthese",
        size=9.5,
    )
    d.gap(2)
    d.para(
        "Der postoperative Verlauf gestaltete sich komplikationslos. Die Wundverhältnisse sind "
        "reizlos. Röntgenkontrolle mit regelrechter Stellung des Implantats. Wir bitten um "
        "Fadenzug am 12. postoperativen Tag sowie um Verordnung von Physiotherapie "
        "(10 x KG, 2 x wöchentlich). Thromboseprophylaxe bis zur Vollbelastung."
    )
    sign(
        c,
        "Mit freundlichen Grüßen",
        [("Dr. med. Olaf Gebauer", "Chefarzt"), ("Aleksandra Nowicka", "Assistenzärztin")],
    )
    footer(c, f"{name} · Sitz {city} · Amtsgericht Dresden HRB 2{c.rng.randint(1000, 9999)}")


def lab(c: Ctx) -> None:
    c.pick(*ANYONE, *CHILDREN)
    c.sender = "Labor Dr. Reising & Kollegen MVZ GmbH"
    c.sender_alts = ["Labor Dr. Reising", "MVZ Labor Dr. Reising & Kollegen", "Labor Reising"]
    c.fax_number, c.sender_short = "+49 341 9855-299", "LABOR REISING"
    d = c.doc
    head(
        c,
        "Labor Dr. Reising & Kollegen MVZ GmbH",
        [
            "Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin",
            "Prager Straße 210 · 04299 Leipzig · Tel. 0341 9855-0",
        ],
        size=12,
    )
    c.window(doctor=False)
    d.gap(5)
    ld = c.letter_date
    coll = c.days(ld, -2, -1)
    rec = c.days(coll, 0, 1)
    d.line("Laborbefund – Endbefund", size=12, font="sansb")
    c.title, c.title_alts = "Laborbefund", ["Endbefund", "Laborbefund – Endbefund", "Befund"]
    d.gap(1)
    pat = c.name("SUR_given", ascii_umlauts=c.rng.random() < 0.5)
    d.line(f"Patient: {pat}", font="mono", size=9.5)
    d.line(
        f"Geb.-Dat.: {c.date(c.pat.birth_date, 'de_num', 'birth')}   Geschl.: "
        f"{'W' if c.pat.sex == 'F' else 'M'}",
        font="mono",
        size=9.5,
    )
    if c.pat.id:
        c.patient_id = c.pat.id
        d.line(
            f"Ihre Pat.-Nr.: {c.pat.id}   Auftrag: 25{c.rng.randint(100000, 999999)}",
            font="mono",
            size=9.5,
        )
    d.line(
        f"Entnahme: {c.date(coll, 'de_num', 'collection')} 08:15   Eingang: "
        f"{c.date(rec, 'de_num', 'receipt')} 11:40",
        font="mono",
        size=9.5,
    )
    d.line(f"Befunddatum: {c.date(ld, 'de_num', 'letter')}", font="mono", size=9.5)
    d.rule()
    d.line(
        f"{'Untersuchung':<24}{'Ergebnis':>10}  {'Einheit':<10}{'Referenz':<14}",
        font="mono",
        size=9,
    )
    rows = [
        ("Leukozyten", "7,9", "G/l", "3,9 - 10,2"),
        ("Hämoglobin", "11,2 -", "g/dl", "12,0 - 15,4"),
        ("Thrombozyten", "312", "G/l", "150 - 370"),
        ("Kreatinin", "1,34 +", "mg/dl", "0,50 - 0,90"),
        ("eGFR (CKD-EPI)", "41", "ml/min", "> 60"),
        ("Kalium", "5,3 +", "mmol/l", "3,5 - 5,1"),
        ("HbA1c", "7,4 +", "%", "< 5,7"),
        ("TSH basal", "2,15", "mU/l", "0,27 - 4,20"),
        ("CRP", "< 5", "mg/l", "< 5"),
        ("LDL-Cholesterin", "128", "mg/dl", "< 116"),
    ]
    for r in rows:
        d.line(f"{r[0]:<24}{r[1]:>10}  {r[2]:<10}{r[3]:<14}", font="mono", size=9)
    d.rule()
    d.line("Validiert: Dr. med. Friederike Reising, Fachärztin für Laboratoriumsmedizin", size=8)
    c.person("Dr. med. Friederike Reising", "signer")
    footer(
        c,
        "Akkreditiert nach DIN EN ISO 15189 · D-ML-13211-01-00 · Dieser Befund wurde "
        "elektronisch erstellt und ist ohne Unterschrift gültig.",
    )


def radiology(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "Radiologie Chemnitz-Mitte"
    c.sender_alts = ["Radiologische Gemeinschaftspraxis Chemnitz-Mitte", "Radiologie Chemnitz"]
    c.fax_number, c.sender_short = "+49 371 6662-50", "RAD CHEMNITZ"
    d = c.doc
    head(
        c,
        "Radiologie Chemnitz-Mitte",
        [
            "Radiologische Gemeinschaftspraxis · MRT · CT · Mammographie",
            "Dr. med. Heiko Brückner · Dr. med. Ivana Kolářová",
            "Straße der Nationen 33 · 09111 Chemnitz",
        ],
        size=12,
    )
    c.window()
    d.gap(6)
    ld = c.letter_date
    exam = c.days(ld, -3, 0)
    d.line(f"Chemnitz, {c.date(ld, 'de_num', 'letter')}", x=185, align="r")
    d.gap(3)
    pat = c.name("sur_given")
    d.line(f"Pat.: {pat}, geb. {c.date(c.pat.birth_date, 'de_short', 'birth')}", font="sansb")
    d.line(f"Untersuchung vom {c.date(exam, 'de_num', 'examination')}")
    d.gap(3)
    d.line("MRT der LWS nativ", size=12, font="sansb")
    c.title, c.title_alts = "MRT der LWS nativ", ["MRT-Befund", "Befund", "MRT LWS"]
    d.gap(2)
    d.line("Klinische Angabe: Lumboischialgie links seit 6 Wochen, Fußheberschwäche?")
    d.line("Technik: sag. T1, T2, STIR, tra. T2; 1,5 Tesla")
    d.gap(2)
    d.line("Befund:", font="sansb")
    d.para(
        "Regelrechte Lordose. Höhenminderung der Bandscheibe LWK 4/5 mit Dehydratation. "
        "Mediolateraler Bandscheibenvorfall LWK 4/5 links mit Kontakt zur Nervenwurzel L5 "
        "links im Rezessus. Spinalkanal mit 9 mm sagittal relativ eingeengt. Facettengelenke "
        "mit mäßiger Arthrose. Kein Knochenmarködem. Conus medullaris regelrecht."
    )
    d.gap(2)
    d.line("Beurteilung:", font="sansb")
    d.para(
        "Bandscheibenvorfall LWK 4/5 links mit Kompression der Wurzel L5 links; "
        "relative Spinalkanalstenose. Neurochirurgische Vorstellung empfohlen."
    )
    sign(c, "Mit freundlichen Grüßen", [("Dr. med. Ivana Kolářová", "Fachärztin für Radiologie")])


def pathology(c: Ctx) -> None:
    c.pick(*GERMANS, *MIGRANTS)
    c.sender = "Institut für Pathologie Görlitz"
    c.sender_alts = ["Pathologie Görlitz", "Institut für Pathologie am Klinikum Görlitz"]
    c.fax_number, c.sender_short = "+49 3581 37-2250", "PATHOLOGIE GR"
    d = c.doc
    head(
        c,
        "Institut für Pathologie Görlitz",
        [
            "Dr. med. Wieland Schreiter · Fachärzte für Pathologie",
            "Girbigsdorfer Straße 1–3 · 02828 Görlitz",
        ],
        font="serifb",
        size=12,
    )
    c.window(doctor=False)
    d.gap(6)
    ld = c.letter_date
    take = c.days(ld, -6, -3)
    rec = c.days(take, 1, 2)
    journal = f"E-{ld.year % 100}-{c.rng.randint(10000, 39999)}"
    d.line("HISTOLOGISCHER BEFUNDBERICHT", size=12, font="serifb")
    c.title, c.title_alts = (
        "Histologischer Befundbericht",
        ["HISTOLOGISCHER BEFUNDBERICHT", "Histologischer Befund", "Befundbericht"],
    )
    d.gap(2)
    d.line(f"Journal-Nr.: {journal}", font="serif")
    pat = c.name("given_SUR")
    d.line(
        f"Patient(in): {pat}    Geburtsdatum: {c.date(c.pat.birth_date, 'de_num', 'birth')}",
        font="serif",
    )
    d.line(
        f"Entnahmedatum: {c.date(take, 'de_num', 'collection')}    Eingangsdatum: "
        f"{c.date(rec, 'de_num', 'receipt')}",
        font="serif",
    )
    d.line("Einsender: " + c.practice["name"], font="serif")
    d.gap(3)
    d.line("Material: Hautexzisat Rücken links, fadenmarkiert 12 Uhr", font="serif")
    d.line("Makroskopie:", font="serifb")
    d.para(
        "Spindelförmiges Hautexzisat 2,1 x 0,9 x 0,6 cm mit zentral bräunlicher, unscharf "
        "begrenzter Läsion von 0,7 cm. Komplette Einbettung in 4 Kapseln.",
        font="serif",
    )
    d.line("Mikroskopie:", font="serifb")
    d.para(
        "Compound-Naevus mit geringer architektonischer Störung, keine zytologischen Atypien, "
        "keine Mitosen. Reifung in der Tiefe erhalten. Resektionsränder frei (seitlich 2 mm).",
        font="serif",
    )
    d.line("Diagnose:", font="serifb")
    d.para(
        "Dysplastischer Compound-Naevus mit geringgradigen Atypien, in toto exzidiert. "
        "Kein Anhalt für Malignität.",
        font="serif",
    )
    d.gap(3)
    d.line(f"Görlitz, {c.date(ld, 'de_num', 'letter')}", font="serif")
    sign(c, "", [("Dr. med. Wieland Schreiter", "Facharzt für Pathologie")])


def reha(c: Ctx) -> None:
    c.pick(*GERMANS)
    c.sender = "Rehaklinik Bad Schandau am Elbufer"
    c.sender_alts = [
        "Rehaklinik Bad Schandau",
        "Fachklinik für Orthopädie und Kardiologie Bad Schandau",
    ]
    c.fax_number, c.sender_short = "+49 35022 55-109", "REHA BAD SCHANDAU"
    d = c.doc
    head(
        c,
        "Rehaklinik Bad Schandau am Elbufer",
        [
            "Fachklinik für Orthopädie und Kardiologie",
            "Elbstraße 40 · 01814 Bad Schandau",
            "Federführender Leistungsträger: DRV Mitteldeutschland",
        ],
        size=12,
    )
    c.window()
    d.gap(4)
    ld = c.letter_date
    start = c.days(ld, -30, -26)
    end = c.days(ld, -6, -3)
    d.line("Ärztlicher Entlassungsbericht", size=13, font="sansb")
    c.title, c.title_alts = (
        "Ärztlicher Entlassungsbericht",
        ["Reha-Entlassungsbericht", "Entlassungsbericht"],
    )
    d.gap(1)
    pat = c.name("sur_given")
    d.line(f"Rehabilitand/in: {pat}")
    d.line(
        f"Geburtsdatum: {c.date(c.pat.birth_date, 'de_num', 'birth')}   "
        f"VSNR: 12 {c.pat.birth_date.strftime('%d%m%y')} {c.pat.surname[0].upper()} 5{c.rng.randint(10, 99)}"
    )
    d.line(
        f"Aufnahme: {c.date(start, 'de_num', 'admission')}   Entlassung: "
        f"{c.date(end, 'de_num', 'discharge')}   Maßnahme: Anschlussheilbehandlung"
    )
    d.gap(3)
    d.line("Diagnosen:", font="sansb")
    for t in [
        "Z. n. Hüft-TEP rechts (Z96.64) bei primärer Coxarthrose",
        "Arterielle Hypertonie (I10.90)",
        "Adipositas Grad I (E66.0)",
    ]:
        d.line("– " + t)
    d.gap(2)
    d.line("Sozialmedizinische Leistungsbeurteilung:", font="sansb")
    d.para(
        "Letzte berufliche Tätigkeit als Lagerarbeiter/in: unter 3 Stunden. Allgemeiner "
        "Arbeitsmarkt: 6 Stunden und mehr für leichte Tätigkeiten im Wechsel, ohne "
        "Zwangshaltungen. Entlassung arbeitsunfähig."
    )
    d.gap(2)
    d.line("Verlauf:", font="sansb")
    d.para(
        "Die Rehabilitation erfolgte mit Krankengymnastik im Bewegungsbad, medizinischer "
        "Trainingstherapie, Gangschule und Ergotherapie. Die Gehstrecke verbesserte sich auf "
        "über 1000 m ohne Unterarmgehstützen. Beweglichkeit Hüfte rechts Flex/Ext 100/0/0."
    )
    d.new_page()
    d.line(
        f"{c.pat.surname}, {c.pat.given_names}  ·  Ärztlicher Entlassungsbericht  ·  Seite 2",
        size=8,
    )
    d.gap(6)
    d.line("Empfehlungen für die weitere Behandlung:", font="sansb")
    d.para(
        "IRENA-Nachsorge wurde eingeleitet. Fortführung der Thromboseprophylaxe bis zum "
        f"{c.date(c.days(ld, 5, 12), 'de_num', 'other')}. Blutdruckkontrollen, ggf. Anpassung der "
        "antihypertensiven Medikation."
    )
    d.gap(4)
    d.line(f"Bad Schandau, {c.date(ld, 'de_long', 'letter')}")
    sign(
        c,
        "",
        [
            ("Dr. med. Annegret Zeibig", "Chefärztin Orthopädie"),
            ("Dipl.-Med. Volker Hentschel", "Stationsarzt"),
        ],
    )


def insurer_kk(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "AOK PLUS"
    c.sender_alts = ["AOK PLUS – Die Gesundheitskasse für Sachsen und Thüringen", "AOK"]
    c.fax_number, c.sender_short = "+49 800 10590-01", "AOK PLUS"
    d = c.doc
    head(
        c,
        "AOK PLUS",
        ["Die Gesundheitskasse für Sachsen und Thüringen", "Sternplatz 7 · 01067 Dresden"],
        size=16,
    )
    c.window(return_line="AOK PLUS · 01058 Dresden")
    d.gap(4)
    ld = c.letter_date
    d.line(
        "Ihr Ansprechpartner: Frau Schubert · Telefon 0800 10590-4417", size=8.5, x=185, align="r"
    )
    d.line(f"Datum: {c.date(ld, 'de_num', 'letter')}", size=8.5, x=185, align="r")
    d.gap(4)
    au = c.days(ld, -40, -30)
    d.line("Anfrage zur Arbeitsunfähigkeit – Krankengeldfall", font="sansb")
    c.title, c.title_alts = (
        "Anfrage zur Arbeitsunfähigkeit – Krankengeldfall",
        ["Anfrage zur Arbeitsunfähigkeit", "Anfrage"],
    )
    pat = c.name("given_sur")
    d.line(f"Versicherte(r): {pat}, geboren am {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.line(f"Versichertennummer: {c.pat.surname[0].upper()}{c.rng.randint(100000000, 999999999)}")
    d.gap(3)
    d.line("Sehr geehrte Damen und Herren,")
    d.para(
        f"Ihr(e) Patient(in) ist seit dem {c.date(au, 'de_num', 'incapacity_start')} arbeitsunfähig "
        "erkrankt. Um den Anspruch auf Krankengeld prüfen zu können, bitten wir Sie, uns die "
        "folgenden Fragen zu beantworten. Die Vergütung erfolgt nach Nr. 52 der Vereinbarung "
        "über Vordrucke für die vertragsärztliche Versorgung (Muster 52)."
    )
    d.para(
        f"Bitte senden Sie den Vordruck bis zum {c.date(c.days(ld, 10, 14), 'de_num', 'deadline')} "
        "an uns zurück."
    )
    d.gap(2)
    d.line("Mit freundlichen Grüßen")
    d.line("Ihre AOK PLUS")
    d.gap(4)
    d.line("- - - - - - - - - - - - - - - - hier abtrennen - - - - - - - - - - - - - - - -", size=8)
    d.line("Rückantwort an AOK PLUS, Fax 0800 10590-01", font="sansb")
    d.line(f"Versicherte(r): {c.pat.surname}, {c.pat.given_names}")
    d.line("Arbeitsunfähig wegen (Diagnose, ICD-10): ______________________________")
    d.line("Voraussichtliches Ende der AU: ____.____.________")
    d.line("Datum, Stempel und Unterschrift der Praxis: _______________________")
    c.notes.append("reply slip at the foot repeats the patient; its date fields are empty")


def drv(c: Ctx) -> None:
    c.pick(*GERMANS, *MIGRANTS)
    c.sender = "Deutsche Rentenversicherung Mitteldeutschland"
    c.sender_alts = ["DRV Mitteldeutschland", "Deutsche Rentenversicherung"]
    c.fax_number, c.sender_short = "+49 341 550-56009", "DRV MD"
    d = c.doc
    head(
        c,
        "Deutsche Rentenversicherung",
        ["Mitteldeutschland", "Georg-Schumann-Straße 146 · 04159 Leipzig"],
        size=14,
    )
    c.window(return_line="Deutsche Rentenversicherung Mitteldeutschland · 04150 Leipzig")
    d.gap(4)
    ld = c.letter_date
    vsnr = f"{c.rng.randint(10, 99)} {c.pat.birth_date.strftime('%d%m%y')} {translit(c.pat.surname)[0].upper()} {c.rng.randint(100, 599)}"
    d.line(f"Versicherungsnummer: {vsnr}", size=9, x=185, align="r")
    d.line(f"Leipzig, {c.date(ld, 'de_num2', 'letter')}", size=9, x=185, align="r")
    d.gap(4)
    d.line("Anforderung eines ärztlichen Befundberichts", font="sansb")
    c.title, c.title_alts = (
        "Anforderung eines ärztlichen Befundberichts",
        ["Befundbericht", "Anforderung Befundbericht"],
    )
    d.line("Antrag auf Rente wegen Erwerbsminderung", font="sansb")
    d.gap(2)
    pat = c.name("form", ascii_umlauts=True)
    d.line(pat)
    d.line(f"Geburtsdatum: {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.gap(3)
    d.line("Sehr geehrte Damen und Herren,")
    d.para(
        f"die oben genannte Person hat am {c.date(c.days(ld, -60, -30), 'de_num', 'application')} "
        "einen Antrag auf Rente wegen Erwerbsminderung gestellt. Für die Prüfung benötigen wir "
        "einen Befundbericht. Bitte verwenden Sie den beigefügten Vordruck S0051. Eine "
        "Entbindung von der Schweigepflicht liegt uns vor. Für den Bericht erhalten Sie eine "
        "Vergütung von 28,20 Euro zuzüglich Porto."
    )
    d.gap(2)
    sign(c, "Mit freundlichen Grüßen", [("Im Auftrag Schönherr", "")])
    c.notes.append("the sender's system writes umlauts as ae/oe/ue")


def translit(s: str) -> str:
    from .common import translit as t

    return t(s)


def bg(c: Ctx) -> None:
    c.pick(*GERMANS, *MIGRANTS)
    c.sender = "Berufsgenossenschaft Holz und Metall"
    c.sender_alts = ["BGHM", "BG Holz und Metall", "Bezirksverwaltung Dresden"]
    c.fax_number, c.sender_short = "+49 351 45688-99", "BGHM DRESDEN"
    d = c.doc
    head(
        c,
        "BGHM",
        [
            "Berufsgenossenschaft Holz und Metall",
            "Bezirksverwaltung Dresden",
            "Zur Wetterwarte 27 · 01109 Dresden",
        ],
        size=16,
    )
    c.window(return_line="BGHM · Zur Wetterwarte 27 · 01109 Dresden")
    d.gap(4)
    ld = c.letter_date
    acc = c.days(ld, -35, -14)
    d.line(
        f"Aktenzeichen: 3 {c.rng.randint(10000, 99999)} 2{c.rng.randint(0, 9)}",
        size=9,
        x=185,
        align="r",
    )
    d.line(f"Datum: {c.date(ld, 'de_num', 'letter')}", size=9, x=185, align="r")
    d.gap(4)
    d.line("Arbeitsunfall – Anforderung Verlaufsbericht", font="sansb")
    c.title, c.title_alts = (
        "Arbeitsunfall – Anforderung Verlaufsbericht",
        ["Anforderung Verlaufsbericht", "Verlaufsbericht"],
    )
    pat = c.name("given_sur")
    d.line(f"Versicherte Person: {pat}, geb. am {c.date(c.pat.birth_date, 'de_long', 'birth')}")
    d.line(
        f"Unfalltag: {c.date(acc, 'de_num', 'accident')}   Unternehmen: Metallbau Zittwitz GmbH, Pirna"
    )
    d.gap(3)
    d.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    d.para(
        "nach dem uns vorliegenden Durchgangsarztbericht befindet sich die versicherte Person "
        "wegen einer Quetschverletzung der linken Hand in Ihrer Behandlung. Wir bitten um einen "
        "Verlaufsbericht (Formtext F 2100) mit Angaben zur voraussichtlichen Dauer der "
        "Arbeitsunfähigkeit. Die Gebühren richten sich nach dem Abkommen Ärzte/UV-Träger."
    )
    sign(c, "Mit freundlichen Grüßen", [("Ihre Sachbearbeiterin Mandy Lorenz", "")])


def md(c: Ctx) -> None:
    c.pick(
        "gaebler",
        "loessner",
        "poetzsch",
        "weissflog_a",
        "seifert",
        "boehme_hans",
        "tränkner",
        "celik",
    )
    c.sender = "Medizinischer Dienst Sachsen"
    c.sender_alts = ["MD Sachsen", "Medizinischer Dienst"]
    c.fax_number, c.sender_short = "+49 351 80005-490", "MD SACHSEN"
    d = c.doc
    head(
        c,
        "Medizinischer Dienst Sachsen",
        ["Begutachtungszentrum Bautzen", "Wendischer Graben 6 · 02625 Bautzen"],
        size=13,
    )
    c.window()
    d.gap(4)
    ld = c.letter_date
    visit = c.days(ld, -9, -4)
    d.line(f"Bautzen, {c.date(ld, 'de_long', 'letter')}", x=185, align="r")
    d.gap(3)
    d.line(
        "Gutachten zur Feststellung der Pflegebedürftigkeit gemäß SGB XI", font="sansb", size=10.5
    )
    c.title, c.title_alts = (
        "Gutachten zur Feststellung der Pflegebedürftigkeit gemäß SGB XI",
        ["Pflegegutachten", "Gutachten zur Feststellung der Pflegebedürftigkeit"],
    )
    d.line("– Mitteilung an die behandelnde Hausärztin / den behandelnden Hausarzt –", size=9)
    d.gap(2)
    pat = c.name("sur_given")
    d.line(f"Versicherte(r): {pat}")
    d.line(f"geb.: {c.date(c.pat.birth_date, 'de_num', 'birth')}   Pflegekasse: AOK PLUS")
    d.line(
        f"Hausbesuch am: {c.date(visit, 'de_num', 'examination')}   Antragsdatum: "
        f"{c.date(c.days(visit, -40, -20), 'de_num', 'application')}"
    )
    d.gap(3)
    d.para(
        "Bei der Begutachtung im häuslichen Umfeld wurden folgende Einschränkungen "
        "festgestellt: Mobilität (Modul 1) 7,5 gewichtete Punkte; kognitive und "
        "kommunikative Fähigkeiten (Modul 2) 3,75; Selbstversorgung (Modul 4) 20,0; "
        "Bewältigung krankheitsbedingter Anforderungen (Modul 5) 10,0; Gestaltung des "
        "Alltagslebens (Modul 6) 7,5. Gesamtpunktzahl: 48,75."
    )
    d.gap(2)
    d.line("Empfohlener Pflegegrad: 3", font="sansb")
    d.para(
        "Empfehlungen zur Hilfsmittelversorgung: Rollator, Toilettensitzerhöhung, "
        "Badewannenlifter. Präventionsempfehlung: Sturzprophylaxe."
    )
    d.new_page()
    d.line(f"MD Sachsen · Gutachten {c.pat.surname} · Seite 2", size=8)
    d.gap(6)
    d.line("Angaben der Pflegeperson:", font="sansb")
    relative_b = dt.date(c.pat.birth_date.year + 27, 3, 14)
    d.para(
        f"Die Pflege wird überwiegend von der Tochter, Frau Sandra Heinig (geb. "
        f"{c.date(relative_b, 'de_num', 'birth_relative')}), sichergestellt, die im selben Ort wohnt. "
        "Ergänzend ist ein ambulanter Pflegedienst zweimal täglich eingebunden."
    )
    c.person("Sandra Heinig", "relative")
    sign(
        c,
        "Mit freundlichen Grüßen",
        [("Schwester Kathleen Domschke", "Pflegefachkraft, Gutachterin")],
    )


def care(c: Ctx) -> None:
    c.pick(
        "gaebler",
        "loessner",
        "poetzsch",
        "weissflog_a",
        "weissflog_b",
        "seifert",
        "boehme_hans",
        "tränkner",
        "smirnowa",
        "kuehn_anja",
        "meissner",
        "hoffmann_m",
        "schoene_hahn",
    )
    c.sender = "Ambulanter Pflegedienst Schwester Anett GmbH"
    c.sender_alts = ["Pflegedienst Schwester Anett", "Schwester Anett GmbH"]
    c.fax_number, c.sender_short = "+49 3583 70 44 12", "PFLEGEDIENST ANETT"
    d = c.doc
    head(
        c,
        "Ambulanter Pflegedienst Schwester Anett GmbH",
        ["Neustadt 21 · 02763 Zittau · Tel. 03583 70 44 10"],
        size=11,
    )
    c.window()
    d.gap(5)
    ld = c.letter_date
    d.line("Anforderung Verordnung häuslicher Krankenpflege", font="sansb")
    c.title, c.title_alts = (
        "Anforderung Verordnung häuslicher Krankenpflege",
        ["Anforderung Verordnung", "Verordnung häuslicher Krankenpflege"],
    )
    d.gap(2)
    pat = c.name("birthname" if getattr(c.pat, "birth_name", "") else "sur_given")
    d.line(f"Klient/in: {pat}, geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    if c.pat.id:
        c.patient_id = c.pat.id
        d.line(f"Ihre Patientennummer lt. Überweisung: {c.pat.id}")
    d.gap(3)
    d.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    q_end = c.days(ld, 1, 4)
    d.para(
        f"die aktuelle Verordnung (Muster 12) endet am {c.date(q_end, 'de_num', 'prescription_end')}. "
        "Wir bitten um Folgeverordnung für Medikamentengabe (3 x tgl.), Kompressionsstrümpfe "
        "an- und ausziehen (1 x tgl.) sowie Blutzuckermessung (2 x tgl.) für das kommende Quartal."
    )
    d.para(
        "Außerdem ist aufgefallen, dass der Dekubitus sakral (Kategorie 2) nicht abheilt. Bitte "
        "um Rückruf bzw. Hausbesuch."
    )
    d.gap(3)
    d.line(f"Zittau, {c.date(ld, 'de_short', 'letter')}")
    sign(c, "Mit freundlichen Grüßen", [("Anett Scholze", "Pflegedienstleitung")])


def pharmacy(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "Löwen-Apotheke Bautzen"
    c.sender_alts = ["Löwen-Apotheke", "Löwen-Apotheke, Inh. Jens Ladusch e. K."]
    c.fax_number, c.sender_short = "+49 3591 4 22 31", "LOEWEN-APOTHEKE"
    d = c.doc
    d.line("Löwen-Apotheke", size=16, font="serifb", x=105, align="c")
    d.line(
        "Inh. Apotheker Jens Ladusch e. K. · Reichenstraße 5 · 02625 Bautzen",
        size=8,
        x=105,
        align="c",
    )
    d.line("Tel. 03591 4 22 30 · Fax 03591 4 22 31", size=8, x=105, align="c")
    d.gap(8)
    d.line(f"An: {c.practice['name']}")
    d.line(f"Fax: {c.practice['fax']}")
    d.gap(4)
    d.line("Rückfrage zur Verordnung", size=12, font="sansb")
    c.title, c.title_alts = "Rückfrage zur Verordnung", ["Rückfrage", "Rückfrage Rezept"]
    d.gap(2)
    pat = c.name("sur_given_nocomma")
    d.line(f"Patient: {pat}")
    rx = c.days(c.letter_date, -2, 0)
    d.line(f"Rezept vom: {c.date(rx, 'de_num', 'prescription')}")
    d.gap(3)
    d.para(
        "Sehr geehrte Praxis, verordnet wurde Metoprololsuccinat 95 mg N3. Das Präparat ist "
        "derzeit nicht lieferbar (Defekt beim Großhandel). Dürfen wir auf 2 x 47,5 mg "
        "(gleiche Wirkstoffmenge, 2 Tabletten morgens) austauschen? Alternativ bitten wir um "
        "ein neues Rezept. Bitte kurze Rückmeldung per Fax."
    )
    d.gap(3)
    d.line("[  ] Austausch einverstanden     [  ] neues Rezept folgt")
    d.gap(4)
    d.line(f"Bautzen, {c.date(c.letter_date, 'de_num2', 'letter')}   gez. PTA Romy Kaiser")
    c.person("Romy Kaiser", "signer")
    c.notes.append("no birth date on a pharmacy query")


def dental(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "Zahnarztpraxis Dr. med. dent. Mirela Kowalski"
    c.sender_alts = ["Zahnarztpraxis Kowalski", "Dr. med. dent. Mirela Kowalski"]
    c.fax_number, c.sender_short = "+49 3581 31 55 72", "ZAHNARZT KOWALSKI"
    d = c.doc
    head(
        c,
        "Zahnarztpraxis Dr. med. dent. Mirela Kowalski",
        ["Zahnärztin · Implantologie", "Berliner Straße 44 · 02826 Görlitz"],
        font="serifb",
        size=12,
    )
    c.window()
    d.gap(6)
    ld = c.letter_date
    d.line(f"Görlitz, {c.date(ld, 'de_long', 'letter')}", x=185, align="r")
    d.gap(3)
    pat = c.name("given_sur", with_title=True)
    d.line(f"Anfrage zur Antikoagulation vor Zahnextraktion – {pat}", font="sansb", size=9.5)
    c.title, c.title_alts = (
        "Anfrage zur Antikoagulation vor Zahnextraktion",
        ["Anfrage", "Anfrage zur Antikoagulation"],
    )
    d.line(f"geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.gap(3)
    d.line("Sehr geehrte Kollegin, sehr geehrter Kollege,")
    op = c.days(ld, 10, 20)
    d.para(
        f"bei o. g. Patient(in) ist am {c.date(op, 'de_num', 'appointment')} die operative Entfernung "
        "der Zähne 36 und 37 geplant. Laut Anamnesebogen wird Rivaroxaban eingenommen. Wir "
        "bitten um Mitteilung, ob eine Pausierung (24 h) aus internistischer Sicht vertretbar "
        "ist, sowie um einen aktuellen Medikationsplan."
    )
    sign(c, "Mit freundlichen kollegialen Grüßen", [("Dr. med. dent. Mirela Kowalski", "")])


def psychotherapist(c: Ctx) -> None:
    c.pick(*GERMANS, *MIGRANTS)
    c.sender = "Praxis für Psychotherapie Dipl.-Psych. Antje Rühle"
    c.sender_alts = ["Dipl.-Psych. Antje Rühle", "Psychotherapeutische Praxis Rühle"]
    c.fax_number, c.sender_short = "+49 341 2 19 88 31", "PSYCHOTHERAPIE RUEHLE"
    d = c.doc
    d.line("Dipl.-Psych. Antje Rühle", size=12, font="serif", x=25)
    d.line("Psychologische Psychotherapeutin (Verhaltenstherapie)", size=8.5, font="serif")
    d.line("Karl-Heine-Straße 71 · 04229 Leipzig", size=8.5, font="serif")
    d.gap(10)
    c.window()
    d.gap(6)
    ld = c.letter_date
    d.line("Bitte um Konsiliarbericht vor Aufnahme einer Psychotherapie", font="sansb")
    c.title, c.title_alts = (
        "Bitte um Konsiliarbericht vor Aufnahme einer Psychotherapie",
        ["Konsiliarbericht", "Bitte um Konsiliarbericht"],
    )
    d.gap(2)
    pat = c.name("given_sur")
    d.line(f"Betrifft: {pat}, geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.gap(3)
    d.line("Sehr geehrte Kollegin, sehr geehrter Kollege,")
    d.para(
        f"o. g. Patient(in) war am {c.date(c.days(ld, -14, -7), 'de_num', 'examination')} und "
        f"{c.date(c.days(ld, -6, -1), 'de_num', 'examination')} zu probatorischen Sitzungen in meiner Praxis. "
        "Vor Antragstellung einer Kurzzeittherapie (KZT 1) bitte ich um den Konsiliarbericht "
        "(Muster 22) zum Ausschluss somatischer Ursachen."
    )
    d.gap(6)
    d.line(f"Leipzig, den {c.date(ld, 'de_num', 'letter')}", font="serif")
    sign(c, "Mit freundlichen Grüßen", [("Antje Rühle", "Dipl.-Psych.")])
    c.notes.append("the letter's date stands at the end, after the examination dates")


def gesundheitsamt(c: Ctx) -> None:
    c.pick(*CHILDREN[:3], "out:newborn")
    c.sender = "Landratsamt Görlitz – Gesundheitsamt"
    c.sender_alts = [
        "Gesundheitsamt Görlitz",
        "Landratsamt Görlitz",
        "Kinder- und Jugendärztlicher Dienst",
    ]
    c.fax_number, c.sender_short = "+49 3581 663-2690", "LRA GR GESUNDHEITSAMT"
    d = c.doc
    head(
        c,
        "Landratsamt Görlitz",
        [
            "Gesundheitsamt · Kinder- und Jugendärztlicher Dienst",
            "Reichenbacher Straße 25 · 02827 Görlitz",
        ],
        size=13,
    )
    c.window(return_line="Landratsamt Görlitz · PF 30 01 52 · 02806 Görlitz")
    d.gap(4)
    ld = c.letter_date
    d.line(f"Görlitz, {c.date(ld, 'de_num', 'letter')}", x=185, align="r")
    d.line(
        f"Geschäftszeichen: 53.2-{c.rng.randint(100, 999)}/{ld.year % 100}",
        size=8.5,
        x=185,
        align="r",
    )
    d.gap(4)
    d.line("Mitteilung über fehlenden Nachweis des Masernschutzes", font="sansb")
    c.title, c.title_alts = (
        "Mitteilung über fehlenden Nachweis des Masernschutzes",
        ["Mitteilung", "Masernschutz"],
    )
    pat = c.name("given_SUR")
    d.line(f"Kind: {pat}, geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    mother_b = dt.date(c.pat.birth_date.year - 31, 8, 21)
    d.line(
        f"Sorgeberechtigte: Frau Claudia {c.pat.surname}, geb. {c.date(mother_b, 'de_num', 'birth_relative')}"
    )
    c.person(f"Claudia {c.pat.surname}", "relative")
    d.gap(3)
    d.para(
        "Sehr geehrte Damen und Herren, die Gemeinschaftseinrichtung hat uns gemäß § 20 "
        "Abs. 9 IfSG mitgeteilt, dass für o. g. Kind kein ausreichender Nachweis über den "
        "Masernschutz vorgelegt wurde. Die Sorgeberechtigte gab Ihre Praxis als behandelnde "
        f"Praxis an. Bitte übermitteln Sie uns bis zum {c.date(c.days(ld, 14, 21), 'de_num', 'deadline')} "
        "eine Kopie des Impfausweises oder eine ärztliche Bescheinigung."
    )
    sign(c, "Mit freundlichen Grüßen", [("Dr. med. Beate Wagenknecht", "Amtsärztin")])


def gesundheitsamt_circular(c: Ctx) -> None:
    c.pat = None
    c.sender = "Landeshauptstadt Dresden – Gesundheitsamt"
    c.sender_alts = ["Gesundheitsamt Dresden", "Landeshauptstadt Dresden"]
    c.fax_number, c.sender_short = "+49 351 488-5303", "LHD GESUNDHEITSAMT"
    d = c.doc
    head(
        c,
        "Landeshauptstadt Dresden",
        ["Gesundheitsamt · Infektionsschutz", "Georgenstraße 4 · 01097 Dresden"],
        size=13,
    )
    c.window(
        doctor=False,
        return_line="Landeshauptstadt Dresden · Gesundheitsamt · PF 12 00 20 · 01001 Dresden",
    )
    d.gap(5)
    ld = c.letter_date
    d.line(f"Dresden, {c.date(ld, 'de_long', 'letter')}", x=185, align="r")
    d.gap(4)
    d.line("Rundschreiben an die niedergelassenen Ärztinnen und Ärzte", font="sansb")
    c.title, c.title_alts = (
        "Rundschreiben an die niedergelassenen Ärztinnen und Ärzte",
        ["Rundschreiben"],
    )
    d.line("Erhöhtes Aufkommen von Keuchhusten (Pertussis) im Stadtgebiet")
    d.gap(3)
    d.para(
        f"Sehr geehrte Kolleginnen und Kollegen, seit dem {c.date(c.days(ld, -40, -25), 'de_num', 'other')} "
        "wurden dem Gesundheitsamt 63 Pertussis-Erkrankungen gemeldet, davon 19 in "
        "Kindertageseinrichtungen. Wir bitten um besondere Aufmerksamkeit bei länger "
        "anhaltendem Husten, um Überprüfung des Impfstatus (auch bei Schwangeren ab der "
        "28. SSW) und um die namentliche Meldung nach § 6 IfSG innerhalb von 24 Stunden."
    )
    sign(c, "Mit freundlichen Grüßen", [("Dr. med. Jens Heinemann", "Amtsarzt")])
    c.notes.append("a circular about no patient: patient, birth date and register are null")


def court(c: Ctx) -> None:
    c.pick("gaebler", "loessner", "poetzsch", "weissflog_a", "seifert", "boehme_hans", "smirnowa")
    c.sender = "Amtsgericht Zittau – Betreuungsgericht"
    c.sender_alts = ["Amtsgericht Zittau", "Betreuungsgericht Zittau"]
    c.fax_number, c.sender_short = "+49 3583 7554-100", "AG ZITTAU"
    d = c.doc
    head(
        c,
        "Amtsgericht Zittau",
        ["– Betreuungsgericht –", "Lessingstraße 1 · 02763 Zittau"],
        font="serifb",
        size=13,
    )
    c.window(return_line="Amtsgericht Zittau · Postfach 14 51 · 02754 Zittau")
    d.gap(4)
    ld = c.letter_date
    az = f"XVII {c.rng.randint(100, 999)}/{ld.year % 100}"
    d.line(f"Aktenzeichen: {az}", font="serif", x=185, align="r")
    d.line(f"Zittau, {c.date(ld, 'de_num', 'letter')}", font="serif", x=185, align="r")
    d.gap(4)
    d.line("Betreuungssache", font="serifb", size=12)
    c.title, c.title_alts = (
        "Betreuungssache",
        ["Anforderung eines ärztlichen Zeugnisses", "Beschluss"],
    )
    pat = c.name("given_sur")
    d.line(f"für {pat}, geboren am {c.date(c.pat.birth_date, 'de_long', 'birth')}", font="serif")
    d.gap(3)
    d.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,", font="serif")
    d.para(
        "in der o. g. Betreuungssache wird um Erstellung eines ärztlichen Zeugnisses gemäß "
        "§ 281 FamFG gebeten, das sich zu folgenden Punkten verhält: Art und Ausmaß der "
        "Erkrankung, Fähigkeit zur freien Willensbestimmung, erforderliche Aufgabenkreise "
        "(Gesundheitssorge, Aufenthaltsbestimmung, Vermögenssorge) und voraussichtliche "
        "Dauer der Betreuungsbedürftigkeit.",
        font="serif",
    )
    d.para(
        f"Die Anregung des Sozialdienstes des Klinikums ging am {c.date(c.days(ld, -20, -8), 'de_num', 'receipt')} "
        "bei Gericht ein. Ihr Zeugnis wird nach dem JVEG vergütet.",
        font="serif",
    )
    d.para(
        f"Anhörungstermin: {c.date(c.days(ld, 20, 35), 'de_num', 'appointment')}, 10:30 Uhr, im "
        "Pflegeheim.",
        font="serif",
    )
    sign(
        c, "Auf Anordnung", [("Seidel, Justizsekretärin", "als Urkundsbeamtin der Geschäftsstelle")]
    )
    c.notes.append("the Betreuungsgericht's heading is the matter ('Betreuungssache'), printed")


def medplan(c: Ctx) -> None:
    c.pick(
        "gaebler",
        "poetzsch",
        "seifert",
        "boehme_hans",
        "celik",
        "mueller_juergen",
        "schulze_a",
        "schulze_b",
        "tränkner",
    )
    c.sender = "Herz- und Gefäßpraxis Leipzig-Süd"
    c.sender_alts = ["Kardiologische Praxis Leipzig-Süd", "Dr. med. Ulf Sommerfeld"]
    c.fax_number, c.sender_short = "+49 341 30 33 12", "KARDIO LE-SUED"
    d = c.doc
    d.line("Medikationsplan", size=14, font="sansb")
    c.title, c.title_alts = "Medikationsplan", ["Bundeseinheitlicher Medikationsplan", "BMP"]
    d.line("Seite 1 von 1", size=8)
    pat = c.name("given_sur")
    d.line(f"für: {pat}    geb. am: {c.date(c.pat.birth_date, 'de_num', 'birth')}", size=10)
    d.line("ausgedruckt von: Herz- und Gefäßpraxis Leipzig-Süd, Dr. med. Ulf Sommerfeld", size=8.5)
    c.person("Dr. med. Ulf Sommerfeld", "signer")
    d.line("Bornaische Straße 112, 04279 Leipzig · Tel. 0341 30 33 10", size=8.5)
    ld = c.letter_date
    d.line(f"ausgedruckt am: {c.date(ld, 'de_num', 'letter')}", size=8.5)
    d.rule(20, 190)
    cols = f"{'Wirkstoff':<22}{'Handelsname':<22}{'Stärke':<10}{'Form':<6}{'mo mi ab zn':<13}{'Hinweise / Grund'}"
    d.line(cols, font="mono", size=7.5, x=20)
    d.rule(20, 190)
    rows = [
        ("Ramipril", "Ramipril-ratiopharm", "5 mg", "Tabl", "1  0  0  0", "Blutdruck"),
        ("Metoprololsuccinat", "Beloc-Zok mite", "47,5 mg", "Tabl", "1  0  1  0", "Herz"),
        ("Apixaban", "Eliquis", "5 mg", "Tabl", "1  0  1  0", "Blutverdünnung"),
        ("Atorvastatin", "Atorvastatin AL", "40 mg", "Tabl", "0  0  1  0", "Cholesterin"),
        ("Metformin", "Metformin Lich", "1000 mg", "Tabl", "1  0  1  0", "Zucker"),
        ("Pantoprazol", "Pantoprazol Heumann", "20 mg", "Tabl", "1  0  0  0", "Magenschutz"),
    ]
    for r in rows:
        d.line(
            f"{r[0]:<22}{r[1]:<22}{r[2]:<10}{r[3]:<6}{r[4]:<13}{r[5]}", font="mono", size=7.5, x=20
        )
    d.rule(20, 190)
    d.line("Bedarfsmedikation", font="sansb", size=8.5, x=20)
    d.line(
        f"{'Nitroglycerin':<22}{'Nitrolingual Spray':<22}{'0,4 mg':<10}{'Spray':<6}{'bei Bedarf':<13}Brustschmerz",
        font="mono",
        size=7.5,
        x=20,
    )
    d.gap(6)
    d.line(f"Barcode-Daten: BMP 2.6 · {c.rng.randint(10**9, 10**10 - 1)}", size=6.5, x=20)
    c.notes.append("a medication plan without a window address; its only date is 'ausgedruckt am'")


def email_printout(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "Neurologische Praxis Dr. med. Kristin Haufe"
    c.sender_alts = ["Praxis Dr. Haufe", "Neurologie Bautzen", "Dr. med. Kristin Haufe"]
    c.fax_number, c.sender_short = "+49 3591 27 11 09", "NEUROLOGIE HAUFE"
    d = c.doc
    ld = c.letter_date
    pr = c.practice
    d.line(
        "Von:        Neurologische Praxis Dr. Haufe <praxis@neurologie-haufe.de>",
        font="mono",
        size=8.5,
    )
    wd = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        ld.weekday()
    ]
    d.line(f"Gesendet:   {wd}, {c.date(ld, 'de_long', 'letter')} 14:07", font="mono", size=8.5)
    d.line(f"An:         {pr['name']} <info@{pr['key']}-praxis.de>", font="mono", size=8.5)
    pat = c.pat
    subject = "EEG-Befund Ihres Patienten"
    d.line(f"Betreff:    {subject}", font="mono", size=8.5)
    c.title, c.title_alts = subject, ["EEG-Befund", "E-Mail"]
    d.line("Anlagen:    EEG_Befund.pdf", font="mono", size=8.5)
    d.rule(20, 190)
    d.gap(2)
    d.line("Liebe Kolleginnen und Kollegen,")
    d.gap(1)
    pat_txt = c.name("given_sur", ascii_umlauts=True)
    exam = c.days(ld, -6, -2)
    d.para(
        f"anbei wie telefonisch besprochen der Befund zu {pat_txt} (geb. "
        f"{c.date(pat.birth_date, 'de_num', 'birth')}). Das EEG vom {c.date(exam, 'de_num', 'examination')} zeigt "
        "einen Alpha-Grundrhythmus von 9/s ohne Herdbefund und ohne epilepsietypische "
        "Potentiale. Unter Photostimulation keine photoparoxysmale Reaktion."
    )
    d.para(
        "Ich sehe aktuell keine Indikation zur antikonvulsiven Therapie. Wiedervorstellung bei "
        "erneutem Ereignis. Das Fahrverbot für 3 Monate wurde besprochen."
    )
    d.gap(2)
    d.line("Viele Grüße")
    d.line("Kristin Haufe")
    c.person("Kristin Haufe", "signer")
    d.gap(3)
    d.line("--", font="mono", size=8)
    d.line("Neurologische Praxis Dr. med. Kristin Haufe · Kornmarkt 3 · 02625 Bautzen", size=8)
    d.line("Diese E-Mail wurde über KIM (Kommunikation im Medizinwesen) versandt.", size=7)
    c.notes.append(
        "an e-mail printout: its 'Gesendet' line is the letter date; the subject the title"
    )


def referral(c: Ctx) -> None:
    c.pick(*ANYONE)
    c.sender = "Hautarztpraxis Dr. med. Sebastian Ullrich"
    c.sender_alts = ["Dr. med. Sebastian Ullrich", "Hautarztpraxis Ullrich", "Dermatologie Pirna"]
    c.fax_number, c.sender_short = "+49 3501 52 77 80", "DERMA ULLRICH"
    d = c.doc = Doc(top=14)
    d.line("Krankenkasse bzw. Kostenträger", size=7, x=22)
    d.line("BARMER", size=10, font="mono", x=22)
    pat = c.name("sur_given")
    d.line("Name, Vorname des Versicherten", size=7, x=22)
    d.line(pat, size=10, font="mono", x=22)
    d.line(
        f"{getattr(c.pat, 'street', '')}, {getattr(c.pat, 'postcode', '')} {getattr(c.pat, 'city', '')}",
        size=9,
        font="mono",
        x=22,
    )
    d.line("geb. am", size=7, x=150)
    d.line(c.date(c.pat.birth_date, "de_num2", "birth"), size=10, font="mono", x=150)
    d.line("Kostenträgerkennung   Versicherten-Nr.         Status", size=7, x=22)
    d.line(
        f"104940005             {translit(c.pat.surname)[0].upper()}{c.rng.randint(100000000, 999999999)}               1000000",
        size=9,
        font="mono",
        x=22,
    )
    d.line("Betriebsstätten-Nr.   Arzt-Nr.                 Datum", size=7, x=22)
    ld = c.letter_date
    d.line(
        f"{c.rng.randint(10**8, 10**9 - 1)}             {c.rng.randint(10**8, 10**9 - 1)}                {c.date(ld, 'de_num2', 'letter')}",
        size=9,
        font="mono",
        x=22,
    )
    d.gap(4)
    d.line("Überweisungsschein", size=14, font="sansb", x=110)
    c.title, c.title_alts = "Überweisungsschein", ["Überweisung", "Muster 6"]
    d.line("Muster 6 (4.2024)", size=7, x=110)
    d.gap(2)
    d.line("Kurativ [X]   Präventiv [ ]   bei belegärztl. Behandlung [ ]", size=9, x=22)
    d.line("Überweisung an: Allgemeinmedizin / Hausarzt", size=9, x=22)
    d.line(
        "Diagnose/Verdachtsdiagnose: L40.0 G Psoriasis vulgaris; Z. n. MTX-Einleitung", size=9, x=22
    )
    d.line("Befund/Medikation: MTX 15 mg s.c. 1x/Woche, Folsäure 5 mg am Folgetag", size=9, x=22)
    d.line(
        "Auftrag: Bitte Blutbild, Leber- und Nierenwerte alle 4 Wochen, Befunde an uns.",
        size=9,
        x=22,
    )
    d.gap(8)
    d.line("Hautarztpraxis Dr. med. Sebastian Ullrich", size=9, x=110)
    d.line("Facharzt für Dermatologie · Gartenstraße 8 · 01796 Pirna", size=7, x=110)
    c.person("Dr. med. Sebastian Ullrich", "signer")
    c.notes.append(
        "a form: the date is the form's 'Datum' field; the name is the insured-person box"
    )


def certificate(c: Ctx) -> None:
    c.pick(*GERMANS, *CHILDREN[2:])
    c.sender = "Augenarztpraxis Dr. med. Grit Lößnitz"
    c.sender_alts = ["Augenarztpraxis Lößnitz", "Dr. med. Grit Lößnitz"]
    c.fax_number, c.sender_short = "+49 371 40 22 51", "AUGENARZT LOESSNITZ"
    d = c.doc
    head(
        c,
        "Augenarztpraxis Dr. med. Grit Lößnitz",
        ["Fachärztin für Augenheilkunde", "Reitbahnstraße 23 · 09111 Chemnitz"],
        size=12,
    )
    c.window()
    d.gap(8)
    d.line("Augenärztliches Gutachten", size=13, font="sansb", x=105, align="c")
    d.line("über das Sehvermögen (Fahrerlaubnis-Verordnung, Anlage 6)", size=9, x=105, align="c")
    c.title, c.title_alts = "Augenärztliches Gutachten", ["Gutachten", "Sehtest-Bescheinigung"]
    d.gap(4)
    pat = c.name("given_sur", with_title=True)
    d.line(f"Hiermit wird bescheinigt, dass {pat},")
    d.line(
        f"geboren am {c.date(c.pat.birth_date, 'de_long', 'birth')}, am "
        f"{c.date(c.days(c.letter_date, -1, 0), 'de_num', 'examination')} augenärztlich untersucht wurde."
    )
    d.gap(2)
    d.line("Sehschärfe mit Korrektur: R 0,8  L 1,0  binokular 1,0")
    d.line("Gesichtsfeld (Goldmann III/4): beidseits unauffällig")
    d.line("Dämmerungssehen / Blendempfindlichkeit: ausreichend (Mesotest II)")
    d.line("Farbensehen: normal (Anomaloskop)")
    d.gap(2)
    d.para(
        "Die Anforderungen an das Sehvermögen für die Fahrerlaubnisklassen C, C1, CE, C1E "
        "sind erfüllt. Auflage: Brille/Kontaktlinsen."
    )
    d.gap(5)
    d.line(f"Chemnitz, {c.date(c.letter_date, 'de_num', 'letter')}")
    sign(c, "", [("Dr. med. Grit Lößnitz", "Fachärztin für Augenheilkunde")])


def handwritten(c: Ctx) -> None:
    c.pick(
        "gaebler", "loessner", "poetzsch", "weissflog_a", "seifert", "boehme_hans", "solta", "krawc"
    )
    c.handwritten = True
    c.no_pdf = True
    c.sender = "Ambulanter Pflegedienst Jahn"
    c.sender_alts = ["Pflegedienst Jahn", "Sozialstation Jahn"]
    c.fax_number, c.sender_short = "+49 3591 60 12 40", "PFLEGEDIENST JAHN"
    d = c.doc = Doc(top=20)
    d.line(
        "Ambulanter Pflegedienst Jahn · Kurt-Pchalek-Straße 9 · 02625 Bautzen", size=8, font="sans"
    )
    d.gap(6)
    ld = c.letter_date
    dated = c.rng.random() < 0.6
    if dated:
        d.line(c.date(ld, "de_short", "letter"), size=15, font="hand", x=150)
    else:
        c.letter_date = None
        c.notes.append("an undated note: letter_date is null")
    d.gap(4)
    d.line("An Praxis " + c.practice["name"].split()[-1], size=15, font="hand")
    d.gap(3)
    pat = c.name("sur_given_nocomma")
    d.line(f"Betr. {pat}", size=15, font="hand")
    d.gap(3)
    for t in [
        "Pat. hat seit 3 Tagen Fieber bis 38,6",
        "und trinkt schlecht. Urin riecht stark.",
        "Bitte Hausbesuch oder Rückruf!",
        "Urinprobe steht im Kühlschrank.",
        "Tel. Pflegedienst 03591 60 12 44",
    ]:
        d.line(t, size=15, font="hand", x=27)
    d.gap(6)
    d.line("Schw. Peggy", size=15, font="hand", x=120)
    c.person("Schw. Peggy", "signer")
    c.title = None
    c.notes.append("handwritten note (stand-in font), no heading: title null; no birth date")


# ------------------------------------------------------------------------------------------
# Letters from abroad
# ------------------------------------------------------------------------------------------


def cz_czech(c: Ctx) -> None:
    c.region, c.language = "CZ", "cs"
    c.pick(*CZECHS, "out:tourist_kral", *GERMANS[:6])
    c.sender = "Krajská nemocnice Liberec, a.s."
    c.sender_alts = ["Krajská nemocnice Liberec", "KNL", "Interní oddělení"]
    c.fax_number, c.sender_short = "+420 485 312 999", "KNL INTERNA"
    d = c.doc
    head(
        c,
        "Krajská nemocnice Liberec, a.s.",
        ["Interní oddělení", "Husova 357/10 · 460 01 Liberec", "tel. +420 485 311 111"],
        size=12,
    )
    c.window(country="Německo")
    d.gap(5)
    ld = c.letter_date
    adm = c.days(ld, -9, -5)
    dis = c.days(ld, -2, -1)
    d.line("Propouštěcí zpráva", size=13, font="sansb")
    c.title, c.title_alts = "Propouštěcí zpráva", ["Discharge report", "Entlassungsbericht"]
    d.gap(2)
    pat = c.name("SUR_given")
    d.line(f"Pacient: {pat}")
    d.line(f"Datum narození: {c.date(c.pat.birth_date, 'cs_num', 'birth')}   Pojišťovna: EHIC (DE)")
    d.line(
        f"Hospitalizace: {c.date(adm, 'cs_num', 'admission')} – {c.date(dis, 'cs_num', 'discharge')}"
    )
    d.gap(3)
    d.line("Diagnózy:", font="sansb")
    d.line("– Komunitní pneumonie vpravo (J18.9)")
    d.line("– Arteriální hypertenze (I10)")
    d.gap(2)
    d.line("Průběh hospitalizace:", font="sansb")
    d.para(
        "Pacient přijat pro febrilie a kašel během pobytu v Jizerských horách. RTG hrudníku: "
        "infiltrát v pravém dolním poli. Léčen amoxicilinem s klavulanátem i.v., poté p.o. "
        "Afebrilní od 3. dne, CRP kleslo ze 186 na 24 mg/l."
    )
    d.line("Doporučení:", font="sansb")
    d.para(
        "Dokončit antibiotickou léčbu (celkem 7 dní), kontrola u praktického lékaře do týdne, "
        "kontrolní RTG za 6 týdnů."
    )
    d.gap(3)
    d.line(f"V Liberci dne {c.date(ld, 'cs_long', 'letter')}")
    sign(c, "S pozdravem", [("MUDr. Pavel Hrubý", "primář interního oddělení")])


def cz_german(c: Ctx) -> None:
    c.region, c.language = "CZ", "de"
    c.pick(*GERMANS, *CZECHS)
    c.sender = "Nemocnice Rumburk"
    c.sender_alts = ["Krankenhaus Rumburk", "Nemocnice Rumburk, p.o.", "Chirurgische Abteilung"]
    c.fax_number, c.sender_short = "+420 412 332 150", "NEMOCNICE RUMBURK"
    d = c.doc
    head(
        c,
        "Nemocnice Rumburk, p.o.",
        [
            "Krankenhaus Rumburk · Chirurgische Abteilung",
            "Jiráskova 1378/4 · 408 01 Rumburk · Tschechische Republik",
        ],
        size=12,
    )
    c.window(country="Deutschland / Německo")
    d.gap(5)
    ld = c.letter_date
    d.line(f"Rumburk, {c.date(ld, 'cs_num', 'letter')}", x=185, align="r")
    d.gap(3)
    d.line("Ambulanter Bericht / Ambulantní zpráva", size=12, font="sansb")
    c.title, c.title_alts = (
        "Ambulanter Bericht / Ambulantní zpráva",
        ["Ambulanter Bericht", "Ambulantní zpráva"],
    )
    d.gap(2)
    pat = c.name("sur_given_nocomma")
    d.line(f"Patient/Pacient: {pat}")
    d.line(f"geboren/nar.: {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.line(
        f"Behandlung am/Ošetření dne: {c.date(c.days(ld, -1, 0), 'cs_num', 'examination')}, 19:40"
    )
    d.gap(3)
    d.para(
        "Sehr geehrte Kollegen, der Patient stellte sich in unserer chirurgischen Ambulanz nach "
        "einem Sturz mit dem Fahrrad vor. Röntgen des linken Handgelenks: keine Fraktur. "
        "Diagnose: Distorsion des Handgelenks links (S63.5), Schürfwunden am Unterarm. Therapie: "
        "Wundversorgung, Tetanusauffrischung, Unterarmschiene für 7 Tage."
    )
    d.para("Wir empfehlen die weitere Kontrolle bei Ihnen. Entschuldigen Sie bitte unser Deutsch.")
    sign(
        c,
        "Mit kollegialen Grüßen / S pozdravem",
        [("MUDr. Kateřina Šimková", "Chirurgická ambulance")],
    )


def pl_letter(c: Ctx) -> None:
    c.region, c.language = "PL", "pl"
    c.pick(*POLES, *GERMANS[:8])
    c.sender = "Szpital Specjalistyczny im. A. Falkiewicza we Wrocławiu"
    c.sender_alts = ["Szpital Falkiewicza", "Oddział Neurologii", "Szpital Specjalistyczny Wrocław"]
    c.fax_number, c.sender_short = "+48 71 788 33 01", "SZPITAL FALKIEWICZA"
    d = c.doc
    head(
        c,
        "Szpital Specjalistyczny im. A. Falkiewicza",
        ["Oddział Neurologii", "ul. Warszawska 2 · 52-114 Wrocław · Polska"],
        size=12,
    )
    c.window(country="Niemcy")
    d.gap(5)
    ld = c.letter_date
    adm = c.days(ld, -8, -4)
    d.line(f"Wrocław, dnia {c.date(ld, 'pl_num', 'letter')}", x=185, align="r")
    d.gap(3)
    d.line("Karta informacyjna leczenia szpitalnego", size=12, font="sansb")
    c.title, c.title_alts = (
        "Karta informacyjna leczenia szpitalnego",
        ["Karta informacyjna", "Entlassungsbericht"],
    )
    d.gap(2)
    pat = c.name("given_SUR")
    d.line(f"Pacjent: {pat}")
    d.line(f"Data urodzenia: {c.date(c.pat.birth_date, 'pl_num', 'birth')}")
    d.line(
        f"Data przyjęcia: {c.date(adm, 'pl_long', 'admission')}   Data wypisu: "
        f"{c.date(c.days(ld, -1, 0), 'pl_long', 'discharge')}"
    )
    d.gap(3)
    d.line("Rozpoznanie:", font="sansb")
    d.line("Przemijający napad niedokrwienny (G45.9)")
    d.line("Epikryza:", font="sansb")
    d.para(
        "Pacjent przyjęty z powodu przemijającego niedowładu prawej kończyny górnej i zaburzeń "
        "mowy trwających około 40 minut. W TK głowy bez zmian ostrych. USG tętnic szyjnych: "
        "blaszki miażdżycowe bez istotnych zwężeń. EKG: rytm zatokowy."
    )
    d.line("Zalecenia:", font="sansb")
    d.para(
        "Kwas acetylosalicylowy 75 mg 1x dziennie, atorwastatyna 40 mg wieczorem. Kontrola u "
        "lekarza rodzinnego. Holter EKG do wykonania ambulatoryjnie."
    )
    sign(c, "Z poważaniem", [("lek. med. Marta Szczepańska", "specjalista neurologii")])


def sk_letter(c: Ctx) -> None:
    c.region, c.language = "SK", "sk"
    c.pick(*GERMANS[:10], *CZECHS)
    c.sender = "Univerzitná nemocnica Bratislava"
    c.sender_alts = [
        "UNB",
        "Nemocnica Ružinov",
        "Univerzitná nemocnica Bratislava, Nemocnica Ružinov",
    ]
    c.fax_number, c.sender_short = "+421 2 4823 4000", "UNB RUZINOV"
    d = c.doc
    head(
        c,
        "Univerzitná nemocnica Bratislava",
        [
            "Nemocnica Ružinov · Gastroenterologická klinika",
            "Ružinovská 6 · 826 06 Bratislava · Slovensko",
        ],
        size=12,
    )
    c.window(country="Nemecko")
    d.gap(5)
    ld = c.letter_date
    d.line("Prepúšťacia správa", size=13, font="sansb")
    c.title, c.title_alts = "Prepúšťacia správa", ["Entlassungsbericht", "Discharge report"]
    d.gap(2)
    pat = c.name("sur_given")
    d.line(f"Meno pacienta: {pat}")
    d.line(f"Dátum narodenia: {c.date(c.pat.birth_date, 'cs_num', 'birth')}")
    d.line(
        f"Hospitalizovaný od {c.date(c.days(ld, -6, -4), 'sk_long', 'admission')} do "
        f"{c.date(c.days(ld, -1, 0), 'sk_long', 'discharge')}"
    )
    d.gap(3)
    d.line("Diagnóza: Akútna biliárna pankreatitída (K85.1)", font="sansb")
    d.para(
        "Pacient prijatý počas dovolenky pre bolesti v epigastriu. Lipáza 2140 U/l. Sonograficky "
        "cholecystolitiáza. Konzervatívna liečba, postupná realimentácia bez ťažkostí. "
        "Odporúčame elektívnu laparoskopickú cholecystektómiu v mieste bydliska do 6 týždňov."
    )
    d.gap(4)
    d.line(f"V Bratislave {c.date(ld, 'sk_long', 'letter')}")
    sign(c, "S pozdravom", [("MUDr. Juraj Kováčik, PhD.", "ošetrujúci lekár")])


def hu_letter(c: Ctx) -> None:
    c.region, c.language = "HU", "hu"
    c.pick(*GERMANS[:10], "out:kovacs")
    c.sender = "Semmelweis Egyetem Belgyógyászati Klinika"
    c.sender_alts = ["Semmelweis Egyetem", "Semmelweis University"]
    c.fax_number, c.sender_short = "+36 1 210 0278", "SE BELKLINIKA"
    d = c.doc
    head(
        c,
        "Semmelweis Egyetem",
        [
            "Belgyógyászati és Onkológiai Klinika",
            "Korányi Sándor u. 2/a · 1083 Budapest · Magyarország",
        ],
        size=12,
    )
    c.window(country="Németország")
    d.gap(5)
    ld = c.letter_date
    d.line("Zárójelentés", size=13, font="sansb")
    c.title, c.title_alts = "Zárójelentés", ["Entlassungsbericht", "Discharge report"]
    d.gap(2)
    # Hungarian order: surname first, no comma
    pat = c.name("sur_given_nocomma")
    d.line(f"Név: {pat}")
    d.line(f"Születési idő: {c.date(c.pat.birth_date, 'hu_num', 'birth')}")
    d.line(
        f"Felvétel: {c.date(c.days(ld, -7, -5), 'hu_long', 'admission')}   Távozás: "
        f"{c.date(c.days(ld, -1, 0), 'hu_long', 'discharge')}"
    )
    d.gap(3)
    d.line("Diagnózis: Tüdőembólia, bal oldali mélyvénás trombózis", font="sansb")
    d.para(
        "A beteg budapesti tartózkodása alatt nehézlégzés miatt került felvételre. CT-angiográfia "
        "kétoldali szegmentális embóliát igazolt. Alacsony molekulasúlyú heparin, majd "
        "apixaban kezelés. Javasolt antikoaguláns terápia legalább 3 hónapig."
    )
    d.gap(4)
    d.line(f"Budapest, {c.date(ld, 'hu_long', 'letter')}")
    sign(c, "Tisztelettel", [("Dr. Horváth Gábor", "osztályvezető főorvos")])
    c.notes.append("Hungarian name order: surname first")


def at_letter(c: Ctx) -> None:
    c.region, c.language = "AT", "de"
    c.pick(*GERMANS)
    c.sender = "Landeskrankenhaus Villach"
    c.sender_alts = ["LKH Villach", "Abteilung für Innere Medizin", "KABEG LKH Villach"]
    c.fax_number, c.sender_short = "+43 4242 208-62199", "LKH VILLACH"
    d = c.doc
    head(
        c,
        "Landeskrankenhaus Villach",
        ["Abteilung für Innere Medizin", "Nikolaigasse 43 · 9500 Villach · Österreich"],
        size=12,
    )
    c.window(country="Deutschland")
    d.gap(5)
    ld = c.letter_date
    if c.rng.random() < 0.7:
        ld = dt.date(ld.year, 1, min(ld.day, 28))  # a January letter: 'Jänner'
        c.letter_date = ld
    d.line(f"Villach, am {c.date(ld, 'at_long', 'letter')}", x=185, align="r")
    d.gap(3)
    d.line("Patientenbrief", size=13, font="sansb")
    c.title, c.title_alts = "Patientenbrief", ["Arztbrief", "Entlassungsbrief"]
    d.gap(2)
    pat = c.name("sur_given", with_title=True)
    d.line(f"Patient: {pat}, geb. {c.date(c.pat.birth_date, 'de_num', 'birth')}")
    d.line(
        f"SVNR: {c.rng.randint(1000, 9999)} {c.pat.birth_date.strftime('%d%m%y')}   "
        f"Aufenthalt: {c.date(c.days(ld, -4, -3), 'de_num', 'admission')} – {c.date(c.days(ld, -1, 0), 'de_num', 'discharge')}"
    )
    d.gap(3)
    d.para(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege! Ihr Patient wurde während "
        "eines Schiurlaubs bei uns wegen einer hypertensiven Entgleisung (RR 220/115 mmHg) mit "
        "Kopfschmerz aufgenommen. Ein CT des Schädels war unauffällig. Unter Umstellung der "
        "Medikation stabile Werte um 135/85 mmHg."
    )
    d.para(
        "Therapieempfehlung: Amlodipin 5 mg 1-0-0, Candesartan 16 mg 1-0-0. Befundkopien "
        "wurden dem Patienten mitgegeben."
    )
    sign(
        c,
        "Mit freundlichen kollegialen Grüßen",
        [("OA Dr. Bernhard Moser", "Facharzt für Innere Medizin")],
    )
    c.notes.append("Austrian month name 'Jänner' in January letters")


def ch_letter(c: Ctx) -> None:
    c.region, c.language = "CH", "de"
    c.pick(*GERMANS)
    c.sender = "Kantonsspital Graubünden"
    c.sender_alts = ["KSGR", "Kantonsspital Graubünden, Chur", "Departement Chirurgie"]
    c.fax_number, c.sender_short = "+41 81 256 66 00", "KSGR CHUR"
    d = c.doc
    head(
        c,
        "Kantonsspital Graubünden",
        ["Departement Chirurgie · Traumatologie", "Loëstrasse 170 · CH-7000 Chur"],
        size=12,
    )
    c.window(country="Deutschland")
    d.gap(5)
    ld = c.letter_date
    d.line(f"Chur, {c.date(ld, 'de_num', 'letter')}", x=185, align="r")
    d.gap(3)
    d.line("Austrittsbericht", size=13, font="sansb")
    c.title, c.title_alts = "Austrittsbericht", ["Entlassungsbericht", "Arztbrief"]
    d.gap(2)
    pat = c.name("given_sur")
    d.line(
        f"{'Frau' if c.pat.sex == 'F' else 'Herr'} {pat}, {c.date(c.pat.birth_date, 'de_num', 'birth')}"
    )
    d.line(
        f"Eintritt: {c.date(c.days(ld, -8, -5), 'de_num', 'admission')}   Austritt: "
        f"{c.date(c.days(ld, -2, -1), 'de_num', 'discharge')}"
    )
    d.gap(3)
    d.para(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege. Wir berichten Ihnen über "
        "obengenannte Patientin/obengenannten Patienten, die/der nach einem Skiunfall in "
        "Lenzerheide mit einer Tibiakopffraktur rechts (Schatzker II) hospitalisiert war. "
        "Osteosynthese mittels Plattenosteosynthese. Teilbelastung 15 kg für 6 Wochen, "
        "Thromboseprophylaxe mit Rivaroxaban 10 mg bis zur Vollbelastung."
    )
    sign(c, "Freundliche Grüsse", [("Dr. med. Corina Caduff", "Oberärztin Traumatologie")])
    c.notes.append("Swiss spelling: 'Grüsse' without ß")


def uk_letter(c: Ctx) -> None:
    c.region, c.language = "UK", "en"
    c.pick(*GERMANS, "vanderlinden", "devries")
    c.sender = "Royal Infirmary of Edinburgh"
    c.sender_alts = ["NHS Lothian", "Royal Infirmary of Edinburgh, Department of Cardiology"]
    c.fax_number, c.sender_short = "+44 131 242 1111", "RIE CARDIOLOGY"
    d = c.doc
    head(
        c,
        "NHS Lothian",
        [
            "Royal Infirmary of Edinburgh · Department of Cardiology",
            "51 Little France Crescent · Edinburgh EH16 4SA · United Kingdom",
        ],
        size=14,
    )
    c.window(country="Germany")
    d.gap(5)
    ld = c.letter_date
    d.line(f"Date: {c.date(ld, 'uk_long', 'letter')}", x=185, align="r")
    d.line(
        f"Dictated: {c.date(c.days(ld, -5, -2), 'uk_long', 'dictated')}   Typed: AB",
        size=8,
        x=185,
        align="r",
    )
    d.gap(3)
    d.line("Discharge Summary", size=13, font="sansb")
    c.title, c.title_alts = "Discharge Summary", ["Discharge letter", "Entlassungsbericht"]
    d.gap(2)
    pat = c.name("SUR_given")
    d.line(f"Patient: {pat}   DOB: {c.date(c.pat.birth_date, 'dmy_slash', 'birth')}")
    d.line(
        f"CHI: {c.rng.randint(10**9, 10**10 - 1)}   Admitted: {c.date(c.days(ld, -10, -7), 'dmy_slash', 'admission')}   "
        f"Discharged: {c.date(c.days(ld, -4, -3), 'dmy_slash', 'discharge')}"
    )
    d.gap(3)
    d.line("Dear Colleague,")
    d.para(
        "Your patient was admitted while visiting Edinburgh with central chest pain. Troponin "
        "rose to 840 ng/L. Angiography showed a 90% stenosis of the proximal LAD which was "
        "treated with a drug-eluting stent. Echocardiography showed preserved LV function."
    )
    d.new_page()
    d.line(
        f"{c.pat.surname.upper()}, {c.pat.given_names} – DOB {fmt_dmy(c.pat.birth_date)} – page 2",
        size=8,
    )
    d.gap(6)
    d.line("Medication on discharge:", font="sansb")
    for t in [
        "Aspirin 75 mg once daily (lifelong)",
        "Ticagrelor 90 mg twice daily (12 months)",
        "Atorvastatin 80 mg at night",
        "Bisoprolol 2.5 mg once daily",
        "Ramipril 2.5 mg once daily",
    ]:
        d.line("• " + t)
    d.gap(3)
    d.para(
        "Please arrange cardiac rehabilitation near home and check renal function and "
        "potassium in one to two weeks."
    )
    sign(c, "Yours sincerely", [("Dr Fiona MacLeod", "Consultant Cardiologist")])


def fmt_dmy(d: dt.date) -> str:
    return f"{d.day:02d}/{d.month:02d}/{d.year}"


def ie_letter(c: Ctx) -> None:
    c.region, c.language = "IE", "en"
    c.pick("out:visitor_obrien", *GERMANS[:8])
    c.sender = "St. James's Hospital"
    c.sender_alts = ["St James's Hospital Dublin", "Department of Rheumatology"]
    c.fax_number, c.sender_short = "+353 1 410 3456", "SJH RHEUMATOLOGY"
    d = c.doc
    head(
        c,
        "St. James's Hospital",
        ["Department of Rheumatology", "James's Street · Dublin 8 · D08 NHY1 · Ireland"],
        size=13,
    )
    c.window(country="Germany")
    d.gap(5)
    ld = c.letter_date
    d.line(c.date(ld, "en_long", "letter"), x=185, align="r")
    d.gap(3)
    d.line("Re: ", font="sansb")
    pat = c.name("given_sur")
    d.page.lines[-1].text = f"Re: {pat}, DOB {c.date(c.pat.birth_date, 'en_long', 'birth')}"
    c.title, c.title_alts = None, ["Clinic letter"]
    d.line(f"Seen in clinic on {c.date(c.days(ld, -12, -7), 'en_long', 'examination')}")
    d.gap(3)
    d.line("Dear Doctor,")
    d.para(
        "I reviewed this patient in the rheumatology clinic. She has a six-month history of "
        "symmetrical small joint synovitis of the hands with early morning stiffness of two "
        "hours. Rheumatoid factor and anti-CCP are strongly positive. X-rays of the hands "
        "show periarticular osteopenia without erosions."
    )
    d.para(
        "We have started methotrexate 15 mg weekly with folic acid. As she is moving to Saxony, "
        "I would be grateful if you could arrange rheumatology follow-up there."
    )
    sign(c, "Kind regards", [("Dr Niamh Gallagher", "Consultant Rheumatologist")])
    c.notes.append(
        "a clinic letter without a heading: title null (the 'Re:' line names the patient)"
    )


def us_letter(c: Ctx) -> None:
    c.region, c.language = "US", "en"
    c.pick(*GERMANS[:12], "vanderlinden", "devries", "tran")
    c.sender = "Mayo Clinic"
    c.sender_alts = ["Mayo Clinic Rochester", "Division of Endocrinology"]
    c.fax_number, c.sender_short = "+1 507 284 0999", "MAYO ENDO"
    d = c.doc
    head(
        c,
        "Mayo Clinic",
        [
            "Division of Endocrinology, Diabetes, Metabolism and Nutrition",
            "200 First Street SW · Rochester, MN 55905 · USA",
        ],
        size=14,
    )
    c.window(country="GERMANY")
    d.gap(5)
    ld = c.letter_date
    # a day <= 12 keeps the month-first reading the only one that is right
    d.line(c.date(ld, "us_long", "letter"), x=185, align="r")
    d.gap(3)
    d.line("Consultation Note", size=13, font="sansb")
    c.title, c.title_alts = "Consultation Note", ["Consultation", "Consult note"]
    pat = c.name("given_sur")
    d.line(f"Patient: {pat}   DOB: {c.date(c.pat.birth_date, 'mdy_slash', 'birth')}")
    d.line(
        f"MRN: {c.rng.randint(1000000, 9999999)}   Date of service: "
        f"{c.date(c.days(ld, -9, -3), 'mdy_slash', 'examination')}"
    )
    d.gap(3)
    d.line("Dear Dr.,")
    d.para(
        "Thank you for allowing us to participate in the care of your patient, who was seen "
        "during a business stay in Minnesota for a thyroid nodule. Ultrasound showed a 2.3 cm "
        "TI-RADS 4 nodule in the right lobe. Fine-needle aspiration: Bethesda II (benign "
        "follicular nodule). TSH 1.8 mIU/L."
    )
    d.para("Recommendation: repeat ultrasound in 12 to 24 months. No surgery is indicated.")
    sign(c, "Sincerely,", [("Jennifer K. Olson, M.D.", "Consultant, Endocrinology")])
    c.notes.append("US conventions: month-first dates (DOB and date of service)")


def es_letter(c: Ctx) -> None:
    c.region, c.language = "ES", "es"
    c.pick(*GERMANS, "oeztuerk", "yilmaz")
    c.sender = "Hospital Universitario Son Espases"
    c.sender_alts = ["Son Espases", "Servei de Salut de les Illes Balears", "Servicio de Urgencias"]
    c.fax_number, c.sender_short = "+34 871 20 50 01", "HU SON ESPASES"
    d = c.doc
    head(
        c,
        "Hospital Universitario Son Espases",
        ["Servicio de Urgencias", "Carretera de Valldemossa 79 · 07120 Palma · España"],
        size=12,
    )
    c.window(country="Alemania")
    d.gap(5)
    ld = c.letter_date
    d.line("Informe de alta de urgencias", size=13, font="sansb")
    c.title, c.title_alts = (
        "Informe de alta de urgencias",
        ["Informe de alta", "Entlassungsbericht"],
    )
    d.gap(2)
    given, sur = c.pat.given_names, c.pat.surname
    pat = c.name("given_SUR")
    d.line(f"Paciente: {pat}")
    d.line(
        f"Fecha de nacimiento: {c.date(c.pat.birth_date, 'dmy_slash', 'birth')}   NHC: {c.rng.randint(100000, 999999)}"
    )
    d.line(f"Fecha de ingreso: {c.date(c.days(ld, -1, 0), 'dmy_slash', 'admission')}")
    d.gap(3)
    d.line(
        "Diagnóstico principal: Cólico renal izquierdo. Litiasis ureteral de 4 mm.", font="sansb"
    )
    d.para(
        "Paciente turista que acude por dolor lumbar izquierdo irradiado a genitales. "
        "TC abdominal sin contraste: litiasis de 4 mm en uréter distal izquierdo sin "
        "dilatación significativa. Buena respuesta a analgesia intravenosa."
    )
    d.para(
        "Tratamiento: tamsulosina 0,4 mg cada 24 h, metamizol 575 mg cada 8 h si dolor. "
        "Control por su médico de atención primaria."
    )
    d.gap(4)
    d.line(f"Palma, {c.date(ld, 'es_long', 'letter')}")
    sign(c, "", [("Dra. Lucía Ferrer Vidal", "Médico adjunto de Urgencias")])
    _ = (given, sur)


LAYOUTS: dict[str, Callable[[Ctx], None]] = {
    "discharge_uni": discharge_uni,
    "discharge_district": discharge_district,
    "lab": lab,
    "radiology": radiology,
    "pathology": pathology,
    "reha": reha,
    "insurer_kk": insurer_kk,
    "drv": drv,
    "bg": bg,
    "md": md,
    "care": care,
    "pharmacy": pharmacy,
    "dental": dental,
    "psychotherapist": psychotherapist,
    "gesundheitsamt": gesundheitsamt,
    "gesundheitsamt_circular": gesundheitsamt_circular,
    "court": court,
    "medplan": medplan,
    "email_printout": email_printout,
    "referral": referral,
    "certificate": certificate,
    "handwritten": handwritten,
    "cz_czech": cz_czech,
    "cz_german": cz_german,
    "pl_letter": pl_letter,
    "sk_letter": sk_letter,
    "hu_letter": hu_letter,
    "at_letter": at_letter,
    "ch_letter": ch_letter,
    "uk_letter": uk_letter,
    "ie_letter": ie_letter,
    "us_letter": us_letter,
    "es_letter": es_letter,
}
