"""German-language layouts (DE, AT, CH)."""

# ruff: noqa: E501  (a letter's sentences stay whole on one line, as they read)

from __future__ import annotations

import random
from datetime import date, timedelta

from .common import (
    LP,
    Built,
    Case,
    address,
    d_de,
    d_de_long,
    d_de_nopad,
    d_de_short,
    doctor,
    phone,
)
from .page import Doc, handwriting, logo, matrix_code, signature, stamp


def window(doc: Doc, return_line: str, lines: list[str], y: float = 45) -> None:
    """A DIN 5008 address field: the small return line, then the addressee."""
    doc.at(doc.left, y, return_line, size=6.5)
    doc.rule(doc.left, y + 0.8, doc.left + 85, y + 0.8, 0.15)
    doc.y = y + 3
    for text in lines:
        doc.line(text, size=10, lead=4.6)


def sign(doc: Doc, rng: random.Random, names: list[tuple[str, str]], gap: float = 4) -> None:
    """Signatures side by side, names and roles beneath."""
    doc.ensure(28)
    doc.y += gap
    step = doc.text_width / max(len(names), 2)
    for i, _ in enumerate(names):
        doc.ink(doc.left + i * step, doc.y, signature(rng), 11)
    doc.y += 12
    doc.row([(doc.left + i * step, n) for i, (n, _) in enumerate(names)], size=9)
    doc.row([(doc.left + i * step, r) for i, (_, r) in enumerate(names)], size=8)


def referrer(rng: random.Random, country: str) -> tuple[list[str], str]:
    name, _, sex = doctor(rng)
    street, pc, city = address(rng, country)
    kind = rng.choice(
        ["Facharzt für Allgemeinmedizin", "Praxis für Innere Medizin", "Hausarztpraxis"]
    )
    if sex == "F" and kind.startswith("Facharzt"):
        kind = "Fachärztin für Allgemeinmedizin"
    return ([name, kind, street, f"{pc} {city}"], name)


def _bd(lp: LP) -> str:
    return d_de(lp.birth)


# --- radiology ------------------------------------------------------------------------------

EXAMS = [
    (
        "MRT der Lendenwirbelsäule nativ",
        "Lumbalgie mit Ausstrahlung ins linke Bein seit 6 Wochen.",
        "Sagittale T1/T2-TSE, STIR, axiale T2-TSE.",
        "Regelrechte Lordose. Osteochondrose L4/5 und L5/S1. Mediolinks betonter Bandscheibenvorfall "
        "L5/S1 mit Kontakt zur Nervenwurzel S1 links. Keine Spinalkanalstenose. Konus unauffällig.",
        "Bandscheibenvorfall L5/S1 mediolinks mit Tangierung der Wurzel S1 links.",
    ),
    (
        "CT des Thorax mit Kontrastmittel",
        "Persistierender Husten, Gewichtsverlust, Raucheranamnese.",
        "Spiral-CT nach i.v. Gabe von 80 ml Kontrastmittel, Rekonstruktion 1 mm.",
        "Im Oberlappen rechts ein 9 mm messender, glatt begrenzter Rundherd. Keine pathologisch "
        "vergrößerten mediastinalen Lymphknoten. Kein Pleuraerguss. Leichtes Lungenemphysem.",
        "Solitärer Rundherd 9 mm im rechten Oberlappen, Verlaufskontrolle in 3 Monaten empfohlen.",
    ),
    (
        "MRT des rechten Kniegelenks",
        "Distorsionstrauma beim Sport, Schwellung, Streckdefizit.",
        "PD-FS in drei Ebenen, T1 koronar.",
        "Horizontaler Riss im Hinterhorn des Innenmeniskus mit Kontakt zur Unterfläche. Vorderes "
        "Kreuzband kontinuierlich abgrenzbar. Mäßiger Gelenkerguss. Knochenmarködem am medialen "
        "Femurkondylus.",
        "Innenmeniskus-Hinterhornriss rechts, Gelenkerguss, kein Hinweis auf Kreuzbandruptur.",
    ),
    (
        "Sonographie des Abdomens",
        "Oberbauchschmerzen rechts, erhöhte Leberwerte.",
        "Konvexschallkopf 3,5 MHz, nüchtern.",
        "Leber mit 16 cm in der MCL vergrößert, Parenchym echoreich verdichtet. Gallenblase mit "
        "mehreren Konkrementen bis 12 mm, Wand nicht verdickt. Gallenwege nicht erweitert. "
        "Pankreas, Milz und Nieren unauffällig.",
        "Cholezystolithiasis ohne Zeichen der Cholezystitis. Steatosis hepatis.",
    ),
]


def radiology(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    at = c.region == "AT"
    city_street, pc, city = address(rng, c.region)
    if at:
        org = f"Röntgeninstitut {rng.choice(['Dr.', 'Dr. med. univ.'])} {rng.choice(['Hofer', 'Pichler', 'Leitner', 'Moser'])}"
        alts = [org.replace(" med. univ.", ""), "Röntgeninstitut"]
    else:
        place = rng.choice(["am Stadtpark", "am Markt", "im Zentrum", "an der Oper", "Nord"])
        org = f"Radiologie {place}"
        alts = [f"Radiologische Praxis {place}", f"Radiologie {place} {city}"]
    name, _, rad_sex = doctor(rng)
    exam_name, indication, technique, finding, summary = rng.choice(EXAMS)
    exam_date = c.letter_date - timedelta(days=rng.choice([0, 1, 1, 2, 3, 5]))
    doc = Doc(font=rng.choice(["arial", "sans"]))
    doc.ink(
        doc.left,
        10,
        logo([org.split(" ")[0], "MRT · CT · Röntgen · Ultraschall"], (0, 90, 140), "circle", rng),
        14,
        text="",
    )
    doc.at(190, 14, org, size=9, align="r", font=doc.font + "-b")
    doc.at(190, 18.5, f"{city_street} · {pc} {city}", size=8, align="r")
    tel = phone(rng, c.region)
    doc.at(190, 22.5, f"Tel. {tel} · Fax {tel[:-2]}99", size=8, align="r")
    rec_lines, rec_name = referrer(rng, c.region)
    window(doc, f"{org} · {city_street} · {pc} {city}", rec_lines, 48)
    doc.at(
        125,
        52,
        "Unser Zeichen: " + rng.choice(["rad", "RA", "bef"]) + f"/{rng.randint(1000, 99999)}",
        size=8.5,
    )
    if at:
        dtext = f"{city.split()[0]}, am {d_de_long(c.letter_date, austrian=True)}"
    else:
        dtext = f"Datum: {d_de(c.letter_date)}"
    doc.at(125, 57, dtext, size=8.5)
    b = Built(
        doc,
        "de",
        c.region,
        org,
        alts,
        exam_name,
        ["Befundbericht", f"Befund {exam_name}"],
        c.letter_date,
    )
    b.must += [dtext.split(": ")[-1].replace("am ", "").split(", ")[-1]]
    b.fax_name, b.fax_number = org, tel[:-2] + "99"
    doc.y = 82
    aw = f"{lp.last_first(particle_back=rng.random() < 0.4)}, geb. {_bd(lp)}"
    b.as_written = aw.split(", geb.")[0]
    doc.line(f"Patient{'in' if lp.sex == 'F' else ''}: {aw}", font=doc.font + "-b", size=10.5)
    doc.line(f"Untersuchung vom {d_de(exam_date)}: {exam_name}", size=10)
    b.date(exam_date, "examination date")
    b.person(rec_name, "addressee (referring doctor)")
    doc.gap(4)
    doc.line(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,"
        if rng.random() < 0.5
        else "Sehr geehrte Kollegen,"
    )
    doc.gap(2)
    doc.para("vielen Dank für die Überweisung. Wir berichten über die oben genannte Untersuchung.")
    for head, body in (
        ("Indikation:", indication),
        ("Technik:", technique),
        ("Befund:", finding),
        ("Beurteilung:", summary),
    ):
        doc.line(head, font=doc.font + "-b")
        doc.para(body)
    doc.para("Mit freundlichen kollegialen Grüßen")
    sign(
        doc,
        rng,
        [
            (
                name,
                "Fachärztin für Radiologie"
                if rad_sex == "F"
                else "Facharzt für Diagnostische Radiologie",
            )
        ],
    )
    b.person(name, "signer (radiologist)")
    doc.at(
        105,
        285,
        f"{org} · Bankverbindung: IBAN DE{rng.randint(10, 99)} 2505 0180 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)} 00 · Seite 1 von 1",
        size=6.5,
        align="c",
    )
    return b


# --- pathology ------------------------------------------------------------------------------

SPECIMENS = [
    (
        "Hautexzisat Rücken links, Faden 12 Uhr",
        "Spindelförmiges Hautexzisat 14 x 6 x 4 mm mit zentraler, 5 mm großer, bräunlicher Läsion.",
        "Compound-Nävus ohne Atypien, in sano exzidiert.",
    ),
    (
        "Kolonpolyp Sigma, Schlinge",
        "Polypöses Gewebestück 8 mm.",
        "Tubuläres Adenom mit niedriggradiger intraepithelialer Neoplasie, vollständig abgetragen.",
    ),
    (
        "Magenbiopsien Antrum und Corpus",
        "Fünf Gewebepartikel bis 3 mm.",
        "Chronische, mäßig aktive Gastritis, Helicobacter pylori nachweisbar. Kein Anhalt für Malignität.",
    ),
    (
        "Zervixabradat",
        "Reichlich schleimiges Material, insgesamt 1 ml.",
        "Endozervikale Schleimhaut ohne Dysplasie.",
    ),
]


def pathology(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    street, pc, city = address(rng, c.region)
    if c.region == "CH":
        org = f"Pathologie {rng.choice(['Länggasse', 'Zentrum', 'am See'])} AG"
        alts = [org.replace(" AG", "")]
    else:
        org = f"Institut für Pathologie {city.split()[0]}"
        alts = ["Institut für Pathologie", f"Gemeinschaftspraxis für Pathologie {city.split()[0]}"]
    taken = c.letter_date - timedelta(days=rng.randint(3, 8))
    received = taken + timedelta(days=rng.randint(1, 2))
    doc = Doc(font="cond", size=9.5, top=15)
    doc.at(105, 20, org, font="cond-b", size=15, align="c")
    doc.at(105, 26, f"{street} · {pc} {city} · Telefon {phone(rng, c.region)}", size=8, align="c")
    doc.rule(20, 29, 190, 29, 0.6)
    sender_doc, _, _ = doctor(rng)
    sender_street, spc, scity = address(rng, c.region)
    b = Built(
        doc,
        "de",
        c.region,
        org,
        alts,
        "Histologischer Befund",
        ["Histopathologischer Befund", "Pathologischer Befund", "Befundbericht"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = org, phone(rng, c.region)
    doc.y = 34
    doc.row(
        [
            (20, "Einsender:"),
            (50, f"Praxis {sender_doc}"),
            (118, "Eingangs-Nr.:"),
            (145, f"H/{c.letter_date.year}/{rng.randint(10000, 99999)}"),
        ]
    )
    doc.row([(50, f"{sender_street}, {spc} {scity}"), (118, "Entnahme:"), (145, d_de(taken))])
    b.person(sender_doc, "ordering doctor (Einsender)")
    doc.row([(20, "Patient:"), (50, lp.last_first()), (118, "Eingang:"), (145, d_de(received))])
    b.as_written = lp.last_first()
    show_id = lp.rec is not None and rng.random() < 0.6
    pid = lp.rec.id if lp.rec is not None and show_id else ""
    doc.row(
        [(20, "Geb.-Datum:"), (50, _bd(lp)), (118, "Ihre Pat.-Nr.:" if pid else ""), (145, pid)]
    )
    if pid:
        b.patient_id = pid
        b.notes.append("the ordering practice's patient number is printed")
    b.date(taken, "sample taken (Entnahme)")
    b.date(received, "sample received (Eingang)")
    doc.rule(20, doc.y + 2, 190, doc.y + 2, 0.3)
    doc.y += 6
    doc.line("Histologischer Befund", font="cond-b", size=13)
    doc.gap(2)
    material, macro, diagnosis = rng.choice(SPECIMENS)
    for head, body in (
        ("Material:", material),
        ("Klinische Angaben:", "Abklärung, Ausschluss Malignität."),
        ("Makroskopie:", macro),
        (
            "Mikroskopie:",
            "In den Schnitten die unten genannten Veränderungen. Kein Nachweis atypischer "
            "Mitosen, keine Invasion. Soweit beurteilbar, Abtragungsränder frei.",
        ),
        ("Diagnose:", diagnosis),
    ):
        doc.line(head, font="cond-b")
        doc.para(body, after=1.5)
    doc.gap(4)
    bdate = f"Befunddatum: {d_de(c.letter_date)}"
    doc.line(bdate)
    b.must.append(d_de(c.letter_date))
    names = [doctor(rng, title="Prof. Dr. med.")[0], doctor(rng, title="Dr. med.")[0]]
    sign(doc, rng, [(names[0], "Facharzt für Pathologie"), (names[1], "Fachärztin für Pathologie")])
    for n in names:
        b.person(n, "signer (pathologist)")
    b.notes.append("two signers; the sample and receipt dates are printed before the report date")
    return b


# --- rehabilitation clinic, two pages with a running header ---------------------------------


def reha(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    street, _, _ = address(rng, "DE")
    group = rng.choice(["Vitalis Kliniken", "Sonnenberg Klinikgruppe", "AURORA Reha-Zentren"])
    clinic = (
        f"Rehaklinik {rng.choice(['Am Kurpark', 'Sonnenhang', 'Waldblick', 'Haus Quellental'])}"
    )
    town = rng.choice(["Bad Sooden-Allendorf", "Bad Krozingen", "Bad Salzuflen", "Bad Wildungen"])
    start = c.letter_date - timedelta(days=rng.randint(24, 30))
    end = c.letter_date - timedelta(days=rng.randint(1, 4))
    doc = Doc(font="serif", size=10)
    doc.at(25, 13, group.upper(), size=8, color=(0.3, 0.3, 0.3))
    doc.at(25, 20, clinic, font="serif-b", size=16)
    doc.at(25, 25, "Fachklinik für Orthopädie und Kardiologie", size=9)
    doc.at(190, 14, f"{street}", size=8, align="r")
    doc.at(190, 18, f"{34000 + rng.randint(0, 999)} {town}", size=8, align="r")
    b = Built(
        doc,
        "de",
        "DE",
        clinic,
        [f"{clinic} {town}", f"{group} – {clinic}", group],
        "Arztbrief",
        ["Reha-Entlassungsbericht", "Ärztlicher Entlassungsbericht"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = clinic, phone(rng, "DE")
    rec_lines, rec_name = referrer(rng, "DE")
    window(doc, f"{clinic} · {street} · {town}", rec_lines, 45)
    b.person(rec_name, "addressee (family doctor)")
    doc.y = 86
    dline = f"{town}, den {d_de_long(c.letter_date)}"
    doc.line(dline, align="r", x=190)
    b.must.append(d_de_long(c.letter_date))
    doc.gap(4)
    doc.line("Arztbrief", font="serif-b", size=13)
    doc.gap(2)
    who = f"{lp.herr_frau()} {lp.full}".strip()
    b.as_written = lp.full if not lp.herr_frau() else who
    pat, pron = lp.pronoun_de()
    doc.para(
        f"über {who}, geb. {_bd(lp)}, wohnhaft {lp.street}, {lp.postcode} {lp.city}, "
        f"{'der' if lp.sex == 'M' else 'die'} sich vom {d_de(start)} bis {d_de(end)} in unserer stationären "
        "Anschlussheilbehandlung befand."
    )
    b.date(start, "admission (Aufnahme)")
    b.date(end, "discharge (Entlassung)")

    def running(d: Doc) -> None:
        d.at(25, 12, f"{lp.full}, geb. {_bd(lp)}", size=8, color=(0.25, 0.25, 0.25))
        d.at(190, 12, f"Seite {len(d.pages)}", size=8, align="r")
        d.rule(25, 14, 190, 14, 0.2)
        d.y = 20

    doc.on_new_page.append(running)
    doc.line("Diagnosen:", font="serif-b")
    for dx in rng.sample(
        [
            "Z.n. Implantation einer Knie-TEP rechts (M17.1)",
            "Koronare Herzkrankheit, Z.n. Stent-Implantation RIVA (I25.1)",
            "Arterielle Hypertonie (I10.90)",
            "Diabetes mellitus Typ 2, nicht insulinpflichtig (E11.90)",
            "Adipositas Grad I (E66.0)",
            "Chronische Lumbalgie (M54.5)",
        ],
        4,
    ):
        doc.line("– " + dx, x=29)
    doc.gap(2)
    texts = [
        (
            "Anamnese:",
            f"Die Aufnahme erfolgte im Anschluss an die Akutbehandlung. {pron[0].upper() + pron[1:]} berichtete über belastungsabhängige Schmerzen und eine eingeschränkte Gehstrecke von etwa 300 Metern. Vorbekannt sind die oben genannten Diagnosen.",
        ),
        (
            "Aufnahmebefund:",
            "Guter Allgemeinzustand, adipöser Ernährungszustand. Herztöne rein und rhythmisch, keine pathologischen Geräusche. Lunge frei. Reizlose Narbenverhältnisse, leichte Schwellung, Beweglichkeit Extension/Flexion 0-5-90°.",
        ),
        (
            "Therapie und Verlauf:",
            "Es erfolgten Krankengymnastik einzeln und in der Gruppe, medizinische Trainingstherapie, Ergometertraining, Lymphdrainage, Schulungen zu Ernährung und Herz-Kreislauf-Erkrankungen sowie psychologische Einzelgespräche. Unter der Therapie besserte sich die Beweglichkeit auf 0-0-110°, die Gehstrecke wurde auf über 1000 Meter gesteigert. Die Blutdruckwerte lagen unter der bestehenden Medikation im Zielbereich.",
        ),
        (
            "Sozialmedizinische Beurteilung:",
            f"{pat[0].upper() + pat[1:]} wird arbeitsfähig für die zuletzt ausgeübte Tätigkeit entlassen. Eine stufenweise Wiedereingliederung wird nicht für erforderlich gehalten.",
        ),
        (
            "Medikation bei Entlassung:",
            "Ramipril 5 mg 1-0-0, ASS 100 mg 1-0-0, Atorvastatin 40 mg 0-0-1, Metformin 1000 mg 1-0-1, Ibuprofen 600 mg bei Bedarf bis 3x täglich, Pantoprazol 20 mg 1-0-0 solange Ibuprofen eingenommen wird.",
        ),
        (
            "Empfehlungen:",
            "Fortführung der ambulanten Physiotherapie (IRENA), regelmäßige Blutdruck- und Blutzuckerkontrollen, Kontrolle der Nierenwerte unter Metformin, Gewichtsreduktion. Wir danken für die Zuweisung und stehen für Rückfragen gern zur Verfügung.",
        ),
    ]
    for head, body in texts:
        doc.ensure(18)
        doc.line(head, font="serif-b")
        doc.para(body)
    if len(doc.pages) == 1:
        doc.new_page()
    doc.para("Mit freundlichen Grüßen")
    names = [
        doctor(rng, title="Prof. Dr. med.")[0],
        doctor(rng, title="Dr. med.")[0],
        doctor(rng, title="")[0],
    ]
    sign(doc, rng, [(names[0], "Chefarzt"), (names[1], "Oberärztin"), (names[2], "Assistenzarzt")])
    for n in names:
        b.person(n, "signer")
    b.notes.append(
        "two pages; page 2 repeats the patient in a running header; group name above the clinic"
    )
    return b


# --- health insurer to the patient ----------------------------------------------------------


def kasse(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    name = rng.choice(["Hanse BKK", "Südwest Ersatzkasse", "IKK Mitte-Nord", "BKK Werra-Main"])
    street, pc, city = address(rng, "DE")
    doc = Doc(font="arial", size=10.5)
    doc.ink(
        130,
        10,
        logo([name, "Die Gesundheitskasse"], (0, 120, 80), "diamond", rng),
        14,
        text=f"{name}\nDie Gesundheitskasse",
    )
    b = Built(doc, "de", "DE", name, [], None, [], c.letter_date, birth_date_written=False)
    b.fax_name, b.fax_number = name, phone(rng, "DE")
    lines = [
        lp.herr_frau(address=True) or "",
        f"{(lp.title + ' ') if lp.title else ''}{lp.full}",
        lp.street,
        f"{lp.postcode} {lp.city}",
    ]
    window(
        doc,
        f"{name} · Postfach {rng.randint(1000, 9999)} · {pc} {city}",
        [x for x in lines if x],
        48,
    )
    b.as_written = lines[1]
    b.notes.append("addressed to the patient themself; no birth date")
    contact, _, _ = doctor(rng, title="")
    vnr = f"{chr(65 + rng.randrange(26))}{rng.randint(100000000, 999999999)}"
    doc.y = 50
    for label, value in (
        ("Ihre Ansprechpartnerin", contact),
        ("Telefon", phone(rng, "DE")),
        ("Versichertennummer", vnr),
        ("Datum", d_de_long(c.letter_date)),
    ):
        doc.row([(125, label + ":"), (160, value)], size=8.5, lead=4.2)
    b.must.append(d_de_long(c.letter_date))
    b.person(contact, "insurer's clerk")
    asked = c.letter_date - timedelta(days=rng.randint(6, 25))
    presc = asked - timedelta(days=rng.randint(1, 10))
    service = rng.choice(
        [
            "Heilmittelverordnung außerhalb des Regelfalls (Physiotherapie)",
            "Hilfsmittel: Rollator mit Sitzfläche",
            "Fahrkosten zur ambulanten Behandlung",
            "Kompressionsstrümpfe nach Maß",
        ]
    )
    subject = f"Ihr Antrag vom {d_de(asked)} – Genehmigung"
    b.title = subject
    b.title_alternatives = ["Genehmigung", "Bescheid", f"Genehmigung: {service}", "Kostenübernahme"]
    b.date(asked, "application date (Antrag vom)")
    b.date(presc, "prescription date")
    doc.y = 100
    doc.line(subject, font="arial-b")
    doc.line(service, size=10)
    doc.gap(5)
    doc.line(lp.salutation_de())
    doc.gap(2)
    pres_doc, _, _ = doctor(rng)
    b.person(pres_doc, "prescribing doctor")
    doc.para(
        f"wir haben Ihren Antrag geprüft und übernehmen die Kosten für die von {pres_doc} am {d_de(presc)} verordnete Leistung. Die Genehmigung gilt bis zum {d_de(c.letter_date + timedelta(days=180))}."
    )
    doc.para(
        "Bitte legen Sie dieses Schreiben Ihrem Leistungserbringer vor. Die gesetzliche Zuzahlung von 10 Prozent der Kosten zuzüglich 10 Euro je Verordnung ist von Ihnen zu tragen, sofern Sie nicht befreit sind."
    )
    doc.line("Rechtsbehelfsbelehrung", font="arial-b")
    doc.para(
        "Gegen diesen Bescheid kann innerhalb eines Monats nach Bekanntgabe Widerspruch erhoben werden. Der Widerspruch ist schriftlich oder zur Niederschrift bei uns einzulegen.",
        size=9,
    )
    doc.para("Freundliche Grüße")
    doc.line(f"Ihre {name}")
    doc.gap(4)
    doc.line("Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.", size=8)
    doc.at(
        105,
        287,
        f"{name} · Körperschaft des öffentlichen Rechts · {street} · {pc} {city}",
        size=7,
        align="c",
    )
    return b


# --- pharmacy query by fax ------------------------------------------------------------------


def apotheke(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    at = c.region == "AT"
    name = rng.choice(
        ["Apotheke Zum Goldenen Hirschen", "Apotheke Zur Mariahilf"]
        if at
        else ["Stadt-Apotheke am Markt", "Löwen-Apotheke", "Rosen-Apotheke im Ärztehaus"]
    )
    street, pc, city = address(rng, c.region)
    tel = phone(rng, c.region)
    doc = Doc(font="sans", size=10)
    doc.at(25, 20, name, font="sans-b", size=14)
    doc.at(25, 25.5, f"{street} · {pc} {city} · Tel. {tel} · Fax {tel[:-1]}9", size=8)
    doc.box(25, 30, 190, 42, 0.5, fill=(0.9, 0.9, 0.9))
    doc.at(107, 38.5, "Rückfrage zur Verordnung", font="sans-b", size=15, align="c")
    b = Built(
        doc,
        "de",
        c.region,
        name,
        [name.split(" am ")[0].split(" im ")[0]],
        "Rückfrage zur Verordnung",
        ["Rückfrage Apotheke", "Rückfrage"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = name, tel[:-1] + "9"
    rec_doc, _, _ = doctor(rng)
    presc = c.letter_date - timedelta(days=rng.randint(0, 6))
    doc.y = 48
    rows = [
        ("An:", f"Praxis {rec_doc}"),
        ("Datum:", d_de(c.letter_date)),
        ("Patient/in:", f"{lp.surname}, {lp.given}"),
        ("geb. am:", _bd(lp)),
        ("Verordnung vom:", d_de(presc)),
        (
            "Verordnet:",
            rng.choice(
                [
                    "Metoprololsuccinat 47,5 mg 100 St. N3",
                    "Amoxicillin 1000 mg 20 St. N2",
                    "Pantoprazol 40 mg 100 St. N3",
                    "Salbutamol Dosieraerosol 2 St.",
                ]
            ),
        ),
    ]
    for label, value in rows:
        doc.row([(25, label), (65, value)], fonts=["sans-b", "sans"], lead=7)
    b.as_written = f"{lp.surname}, {lp.given}"
    b.must.append(d_de(c.letter_date))
    b.person(rec_doc, "addressee (prescribing doctor)")
    b.date(presc, "prescription date")
    doc.gap(5)
    doc.line("Grund der Rückfrage:", font="sans-b")
    reasons = [
        "Lieferengpass – Austausch gegen wirkstoffgleiches Präparat möglich?",
        "Dosierung fehlt auf dem Rezept",
        "Rabattvertrag: anderes Präparat abzugeben",
        "Verordnete Packungsgröße nicht im Handel",
    ]
    pick = rng.randrange(len(reasons))
    for i, r in enumerate(reasons):
        doc.line(("[X] " if i == pick else "[  ] ") + r, lead=6)
    doc.gap(4)
    doc.para(
        "Bitte senden Sie uns Ihre Antwort per Fax zurück oder rufen Sie uns kurz an. Vielen Dank!"
    )
    doc.gap(4)
    doc.line("Antwort der Praxis:", font="sans-b")
    for _ in range(3):
        doc.y += 9
        doc.rule(25, doc.y, 190, doc.y, 0.2)
    doc.y += 8
    pharm, _, _ = doctor(rng, title="")
    doc.line(
        f"Mit freundlichen Grüßen, {pharm}, Apotheker{'in' if rng.random() < 0.5 else ''}", size=9
    )
    b.person(pharm, "pharmacist")
    doc.ink(
        130,
        doc.y + 4,
        stamp([name, street, f"{pc} {city}"], (40, 40, 150), rng),
        16,
        text=f"{name}\n{street}\n{pc} {city}",
    )
    return b


# --- pension insurer asks for a report ------------------------------------------------------


def drv(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    region = rng.choice(
        ["Braunschweig-Hannover", "Westfalen", "Baden-Württemberg", "Nord", "Mitteldeutschland"]
    )
    name = f"Deutsche Rentenversicherung {region}"
    street, pc, city = address(rng, "DE")
    doc = Doc(font="arial", size=10.5)
    doc.ink(
        25,
        10,
        logo(["Deutsche", "Rentenversicherung", region], (0, 60, 140), "diamond", rng),
        15,
        text=f"Deutsche\nRentenversicherung\n{region}",
    )
    b = Built(
        doc,
        "de",
        "DE",
        name,
        ["Deutsche Rentenversicherung"],
        "Anforderung eines Befundberichts",
        ["Befundbericht", "Befundbericht für die Rentenversicherung"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = "DRV " + region, phone(rng, "DE")
    rec_lines, rec_name = referrer(rng, "DE")
    window(doc, f"{name}, {pc} {city}", rec_lines, 48)
    b.person(rec_name, "addressee (treating doctor)")
    birthname = (lp.rec.birth_name or lp.rec.surname) if lp.rec else lp.surname
    vsnr = f"{rng.randint(10, 89)} {lp.birth.strftime('%d%m%y')} {birthname.replace('von ', '').replace('van ', '')[0].upper()} {rng.randint(0, 999):03d}"
    doc.y = 50
    for label, value in (
        ("Versicherungsnummer", vsnr),
        ("Bearbeiter/in", doctor(rng, title="")[0]),
        ("Telefon", phone(rng, "DE")),
        ("Datum", d_de(c.letter_date)),
    ):
        doc.row([(125, label), (125, value)][:1], size=7.5, lead=3.6)
        doc.row([(125, value)], size=9.5, lead=4.2)
    b.must.append(d_de(c.letter_date))
    doc.y = 100
    doc.line("Anforderung eines Befundberichts", font="arial-b", size=11)
    aw = f"{lp.full}, geboren am {_bd(lp)}"
    doc.line(f"Versicherte Person: {aw}")
    b.as_written = lp.full
    applied = c.letter_date - timedelta(days=rng.randint(10, 40))
    due = c.letter_date + timedelta(days=21)
    doc.line(f"Antrag vom {d_de(applied)} auf Leistungen zur medizinischen Rehabilitation", size=10)
    b.date(applied, "application date")
    b.date(due, "reply due")
    doc.gap(4)
    doc.line("Sehr geehrte Damen und Herren,")
    doc.gap(2)
    doc.para(
        "die oben genannte versicherte Person hat bei uns Leistungen zur medizinischen Rehabilitation beantragt und Sie als behandelnde Ärztin oder behandelnden Arzt benannt. Für unsere Entscheidung benötigen wir Ihren Befundbericht."
    )
    doc.para(
        f"Bitte verwenden Sie den beigefügten Vordruck S0051 und senden Sie ihn bis zum {d_de(due)} an uns zurück. Für den Befundbericht erhalten Sie eine Vergütung nach dem Justizvergütungs- und -entschädigungsgesetz."
    )
    doc.para(
        "Bitte geben Sie bei Rückfragen und in Ihrer Antwort immer die Versicherungsnummer an."
    )
    doc.para("Mit freundlichen Grüßen")
    doc.line("Ihre Deutsche Rentenversicherung")
    doc.gap(3)
    doc.line("Anlage: Vordruck S0051, Freiumschlag", size=9)
    doc.at(
        105,
        287,
        f"{name} · {street} · {pc} {city} · www.deutsche-rentenversicherung.de",
        size=7,
        align="c",
    )
    b.notes.append(
        "the insurance number holds the birth date (DDMMYY) and the birth name's initial"
    )
    return b


# --- federal medication plan, landscape -----------------------------------------------------


def medplan(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    doc = Doc(w=297, h=210, left=12, right=12, top=12, font="arial", size=9)
    dr, surname, _ = doctor(rng, title="Dr. med.")
    street, pc, city = address(rng, "DE")
    tel = phone(rng, "DE")
    practice = f"Hausarztpraxis {dr}"
    doc.at(12, 18, "Medikationsplan", font="arial-b", size=18)
    doc.at(110, 18, "Seite 1 von 1", size=9)
    doc.box(12, 22, 240, 46, 0.4)
    doc.y = 22
    doc.row(
        [
            (14, "für:"),
            (30, f"{(lp.title + ' ') if lp.title else ''}{lp.full}"),
            (120, "geb. am:"),
            (138, _bd(lp)),
        ],
        size=10,
        lead=5,
    )
    b = Built(
        doc,
        "de",
        "DE",
        practice,
        [dr, f"Praxis {dr}"],
        "Medikationsplan",
        ["Bundeseinheitlicher Medikationsplan"],
        c.letter_date,
    )
    b.as_written = f"{(lp.title + ' ') if lp.title else ''}{lp.full}"
    b.fax_name, b.fax_number = f"Praxis {surname}", tel
    doc.row([(14, "ausgedruckt von:"), (45, practice)], size=9, lead=5)
    doc.row([(45, f"{street}, {pc} {city}, Tel. {tel}")], size=9, lead=4.2)
    doc.row([(14, "ausgedruckt am:"), (45, d_de(c.letter_date))], size=9, lead=5)
    b.must.append(d_de(c.letter_date))
    b.notes.append(
        "the plan's only date is 'ausgedruckt am', the day the practice made it out: its date"
    )
    doc.ink(250, 12, matrix_code(rng), 34)
    heads = [
        "Wirkstoff",
        "Handelsname",
        "Stärke",
        "Form",
        "Mo",
        "Mi",
        "Ab",
        "zN",
        "Einheit",
        "Hinweise",
        "Grund",
    ]
    xs = [12, 52, 95, 115, 132, 142, 152, 162, 172, 190, 240]
    doc.y = 52
    doc.box(12, 48, 285, 54, 0.3, fill=(0.85, 0.85, 0.85))
    doc.row(list(zip(xs, heads, strict=True)), font="arial-b", size=8.5, lead=2)
    meds = [
        (
            "Ramipril",
            "Ramipril-ratiopharm",
            "5 mg",
            "Tabl",
            "1",
            "0",
            "0",
            "0",
            "Stück",
            "",
            "Bluthochdruck",
        ),
        ("Bisoprolol", "Bisoprolol AL", "2,5 mg", "Tabl", "1", "0", "0", "0", "Stück", "", "Herz"),
        (
            "Metformin",
            "Metformin Lich",
            "1000 mg",
            "Tabl",
            "1",
            "0",
            "1",
            "0",
            "Stück",
            "zum Essen",
            "Diabetes",
        ),
        (
            "Simvastatin",
            "Simva Aristo",
            "20 mg",
            "Tabl",
            "0",
            "0",
            "1",
            "0",
            "Stück",
            "",
            "Blutfette",
        ),
        (
            "Levothyroxin",
            "L-Thyroxin Henning",
            "75 µg",
            "Tabl",
            "1",
            "0",
            "0",
            "0",
            "Stück",
            "nüchtern",
            "Schilddrüse",
        ),
        ("Apixaban", "Eliquis", "5 mg", "Tabl", "1", "0", "1", "0", "Stück", "", "Blutverdünnung"),
        (
            "Torasemid",
            "Torasemid Hexal",
            "10 mg",
            "Tabl",
            "1",
            "0",
            "0",
            "0",
            "Stück",
            "",
            "Wassertabletten",
        ),
    ]
    doc.y += 2
    for med in rng.sample(meds, rng.randint(4, 6)):
        doc.row(list(zip(xs, med, strict=True)), size=8.5, lead=6)
        doc.rule(12, doc.y + 1.8, 285, doc.y + 1.8, 0.15)
    doc.y += 6
    doc.row([(12, "Bedarfsmedikation")], font="arial-b", size=8.5, lead=6)
    doc.row(
        list(
            zip(
                xs,
                (
                    "Paracetamol",
                    "Paracetamol-ratiopharm",
                    "500 mg",
                    "Tabl",
                    "",
                    "",
                    "",
                    "",
                    "Stück",
                    "bei Schmerzen bis 3x tägl.",
                    "Schmerzen",
                ),
                strict=True,
            )
        ),
        size=8.5,
        lead=6,
    )
    return b


# --- physiotherapy report -------------------------------------------------------------------


def physio(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    ch = c.region == "CH"
    street, pc, city = address(rng, c.region)
    owner = doctor(rng, title="")[0]
    name = f"Physiotherapie {rng.choice(['Bewegungsraum', 'am Rosengarten', 'Aktiv', 'Bahnhof'])}"
    doc = Doc(font="sans", size=10, top=15)
    doc.at(25, 20, name, font="sans-b", size=13, color=(0.1, 0.35, 0.3))
    doc.at(25, 25, f"{owner} · {street} · {pc} {city}", size=8)
    b = Built(
        doc,
        "de",
        c.region,
        name,
        [f"{name} {owner}", f"Praxis {owner}"],
        "Therapiebericht",
        ["Physiotherapie-Bericht", "Bericht Physiotherapie"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = name, phone(rng, c.region)
    b.person(owner, "therapist (practice owner)")
    rec_lines, rec_name = referrer(rng, c.region)
    window(doc, f"{name} · {street} · {pc} {city}", rec_lines, 42)
    b.person(rec_name, "addressee (prescribing doctor)")
    presc = c.letter_date - timedelta(days=rng.randint(25, 45))
    doc.y = 82
    doc.line("Therapiebericht", font="sans-b", size=12)
    aw = f"{lp.herr_frau()} {lp.full}".strip()
    doc.line(
        f"{'Patientin' if lp.sex == 'F' else 'Patient'}: {aw}, geb. {d_de_nopad(lp.birth) if ch else _bd(lp)}"
    )
    b.as_written = aw
    b.must.append(d_de_nopad(lp.birth) if ch else _bd(lp))
    doc.line(
        f"{'Verordnung' if not ch else 'Physiotherapie-Verordnung'} vom {d_de(presc)}: {rng.choice(['6x Krankengymnastik', '9x Physiotherapie', '6x KG + 6x Wärmetherapie'])}"
    )
    b.date(presc, "prescription date")
    sessions = sorted({presc + timedelta(days=3 + 3 * i + rng.randint(0, 1)) for i in range(6)})
    doc.line(
        "Behandlungstermine: " + ", ".join(f"{d.day:02d}.{d.month:02d}." for d in sessions), size=9
    )
    for d in (sessions[0], sessions[-1]):
        b.date(d, "treatment session (day and month only)")
    doc.gap(4)
    doc.line(
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,"
        if not ch
        else "Liebe Kollegin, lieber Kollege"
    )
    doc.gap(1)
    for head, text in (
        (
            "Befund bei Therapiebeginn:",
            "Schmerzhafte Bewegungseinschränkung der Schulter rechts, Abduktion bis 90°, Außenrotation 20°, deutlicher Hypertonus des M. trapezius pars descendens. Schmerz in Ruhe 3/10, bei Belastung 7/10 (NRS).",
        ),
        (
            "Therapie:",
            "Manuelle Therapie, Weichteiltechniken, aktive Mobilisation, Kräftigung der Rotatorenmanschette, Eigenübungsprogramm.",
        ),
        (
            "Verlauf:",
            "Gute Mitarbeit. Abduktion jetzt bis 150°, Außenrotation 45°. Schmerz bei Belastung 3/10. Überkopfarbeiten noch eingeschränkt.",
        ),
        (
            "Empfehlung:",
            "Wir empfehlen eine Folgeverordnung über 6x Krankengymnastik zur Stabilisierung des Ergebnisses.",
        ),
    ):
        doc.line(head, font="sans-b")
        doc.para(text)
    doc.gap(2)
    foot = f"{city}, {d_de_nopad(c.letter_date) if ch else d_de(c.letter_date)}"
    doc.line(foot)
    b.must.append(foot.split(", ")[-1])
    b.notes.append("the letter's date stands only beside the signature at the end")
    sign(
        doc,
        rng,
        [(owner, "Physiotherapeut/in" if not ch else "dipl. Physiotherapeut/in FH")],
        gap=1,
    )
    return b


# --- nursing home form, filled in by hand ---------------------------------------------------


def pflege(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    undated = c.letter_date.toordinal() % 2 == 0  # about half leave the date field empty
    at = c.region == "AT"
    name = rng.choice(
        [
            "Seniorenresidenz Am Lindenpark",
            "Pflegezentrum St. Elisabeth",
            "Haus Abendsonne Pflege gGmbH",
        ]
    )
    street, pc, city = address(rng, c.region)
    tel = phone(rng, c.region)
    doc = Doc(font="arial", size=10)
    doc.at(25, 18, name, font="arial-b", size=14)
    doc.at(25, 23, f"Pflege und Betreuung · {street} · {pc} {city} · Tel. {tel}", size=8)
    doc.rule(25, 26, 190, 26, 0.6)
    doc.at(25, 36, "Anfrage an den Hausarzt / Fax-Mitteilung", font="arial-b", size=13)
    b = Built(
        doc,
        "de",
        c.region,
        name,
        [name.replace(" gGmbH", "")],
        "Anfrage an den Hausarzt",
        ["Fax-Mitteilung", "Arztanfrage"],
        c.letter_date,
    )
    b.handwritten = True
    b.fax_name, b.fax_number = name[:24], tel
    dr, _, _ = doctor(rng)
    bd_text = d_de_short(lp.birth) if rng.random() < 0.5 else d_de_nopad(lp.birth)
    date_text = "" if undated else d_de_short(c.letter_date)
    aw = (
        f"{lp.surname}, {lp.first_given}"
        if rng.random() < 0.6
        else f"{lp.herr_frau()} {lp.surname}".strip()
    )
    b.as_written = aw
    if aw.startswith(("Frau", "Herr")):
        b.notes.append("the patient is named without a given name")
    concern = rng.choice(
        [
            [
                "Bewohnerin hat seit gestern Fieber 38,6 °C,",
                "trinkt wenig. Bitte um Rückruf / Hausbesuch.",
            ],
            ["Sturz heute Nacht, Hämatom re. Hüfte,", "läuft mit Rollator. Bitte um Anordnung."],
            ["Verordnung Pantoprazol läuft aus,", "bitte neues Rezept an Apotheke faxen."],
            ["BZ morgens 280 mg/dl, bitte um Anpassung", "der Insulindosis. Danke!"],
        ]
    )
    fields: list[tuple[str, list[str]]] = [
        ("An Praxis:", [dr]),
        ("Bewohner/in:", [aw]),
        ("Geb.-Datum:", [bd_text]),
        (
            "Wohnbereich / Zimmer:",
            [f"{rng.choice(['WB 1', 'WB 2', 'Station B'])} / {rng.randint(100, 240)}"],
        ),
        ("Anliegen:", concern),
        ("Datum:", [date_text]),
        (
            "Pflegefachkraft:",
            [
                doctor(rng, title="")[0].split()[-1]
                + rng.choice([" (PFK)", "", " DGKP" if at else ""])
            ],
        ),
    ]
    doc.y = 46
    for label, values in fields:
        for i, v in enumerate(values):
            doc.y += 11
            if i == 0:
                doc.at(25, doc.y, label, font="arial-b", transcribe=False)
            doc.rule(70, doc.y + 1, 190, doc.y + 1, 0.15)
            if v:
                doc.ink(72, doc.y - 6.5, handwriting(v, rng, 4.6), 8.5)
            doc.page.lines.append(f"{label} {v}".strip() if i == 0 else v)
    b.person(dr, "addressee (family doctor)")
    b.person(fields[-1][1][0], "nurse (writer)")
    b.must += [bd_text, aw]
    if undated:
        b.letter_date = None
        b.notes.append(
            "the form's date field was left empty: no letter date (the fax line has one)"
        )
    else:
        b.must.append(date_text)
    b.notes.append(
        "printed form filled in by hand; birth date and letter date written short by hand"
    )
    doc.y += 16
    doc.line("Rückantwort / Anordnung des Arztes:", font="arial-b")
    for _ in range(4):
        doc.y += 10
        doc.rule(25, doc.y, 190, doc.y, 0.15)
    doc.y += 14
    doc.line("Bitte per Fax zurück an: " + tel, size=9)
    return b


# --- practice writes to the patient ---------------------------------------------------------


def patient_letter(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    street, pc, city = address(rng, c.region)
    d1, s1, _ = doctor(rng, title="Dr. med.")
    d2, s2, _ = doctor(rng, title="Dr. med.")
    practice = (
        f"Gemeinschaftspraxis {s1} & {s2}"
        if rng.random() < 0.6
        else f"Hausarztpraxis {d1} und Kollegen"
    )
    doc = Doc(font="times", size=11.5)
    doc.at(105, 16, practice, font="times-b", size=15, align="c")
    doc.at(105, 21.5, f"{d1} · {d2} · Fachärzte für Allgemeinmedizin", size=9, align="c")
    doc.at(105, 26, f"{street} · {pc} {city} · Telefon {phone(rng, c.region)}", size=9, align="c")
    b = Built(
        doc,
        "de",
        c.region,
        practice,
        [f"Praxis {s1} & {s2}", d1],
        None,
        [],
        c.letter_date,
        birth_date_written=False,
    )
    b.fax_name, b.fax_number = practice[:30], phone(rng, c.region)
    first = f"{(lp.title + ' ') if lp.title else ''}{lp.full}"
    window(
        doc,
        f"{practice} · {street} · {pc} {city}",
        [
            x
            for x in (lp.herr_frau(address=True), first, lp.street, f"{lp.postcode} {lp.city}")
            if x
        ],
        47,
    )
    b.as_written = first
    b.notes.append("addressed to the patient; no birth date")
    doc.y = 90
    dtext = f"{city}, {d_de(c.letter_date) if c.region == 'DE' else d_de_long(c.letter_date, c.region == 'AT')}"
    footer_only = c.letter_date.toordinal() % 3 == 0  # a third date the letter in the footer
    if footer_only:
        created = f"Erstellt am {d_de(c.letter_date)}"
        doc.at(105, 287, f"{practice} · {created} · Seite 1 von 1", size=7, align="c")
        doc.page.lines.pop()  # the footer is read last: it is added again at the end
        b.must.append(d_de(c.letter_date))
        b.notes.append("the letter's date stands only in the footer ('Erstellt am')")
    else:
        doc.line(dtext, align="r", x=190)
        b.must.append(dtext.split(", ")[-1])
    lab = c.letter_date - timedelta(days=rng.randint(3, 9))
    kind = rng.randrange(3)
    if kind == 0:
        subject = f"Ihre Laborergebnisse vom {d_de(lab)}"
        body = [
            f"wie besprochen teilen wir Ihnen das Ergebnis Ihrer Blutuntersuchung vom {d_de(lab)} mit. Die Werte für Blutbild, Nieren- und Leberwerte liegen im Normbereich.",
            "Ihr LDL-Cholesterin ist mit 168 mg/dl leicht erhöht. Wir empfehlen eine Kontrolle in drei Monaten und bitten Sie, hierfür einen Termin zu vereinbaren.",
        ]
        b.date(lab, "blood test date")
        alts = ["Laborergebnisse", "Ihre Laborergebnisse"]
    elif kind == 1:
        subject = "Erinnerung an Ihre Impfauffrischung"
        body = [
            "nach unseren Unterlagen ist Ihre letzte Impfung gegen Tetanus, Diphtherie und Keuchhusten mehr als zehn Jahre her.",
            "Wir empfehlen eine Auffrischung und bitten Sie, online oder telefonisch einen Termin zu vereinbaren. Bringen Sie bitte Ihren Impfpass mit.",
        ]
        alts = ["Impferinnerung", "Erinnerung Impfung"]
    else:
        subject = "Ihr Termin zur Gesundheitsuntersuchung (Check-up 35)"
        appt = c.letter_date + timedelta(days=rng.randint(10, 30))
        body = [
            f"wir bestätigen Ihren Termin am {d_de(appt)} um {rng.randint(8, 11)}:{rng.choice(['00', '15', '30', '45'])} Uhr.",
            "Bitte kommen Sie nüchtern und bringen Sie Ihre Versichertenkarte und eine Liste Ihrer Medikamente mit.",
        ]
        b.date(appt, "appointment date")
        alts = ["Terminbestätigung", "Check-up 35"]
    b.title, b.title_alternatives = subject, alts
    doc.gap(6)
    doc.line(subject, font="times-b")
    doc.gap(5)
    doc.line(lp.salutation_de())
    doc.gap(2)
    for p in body:
        doc.para(p)
    doc.para("Mit freundlichen Grüßen")
    sign(doc, rng, [(d1, ""), (d2, "")], gap=0)
    b.person(d1, "signer")
    b.person(d2, "signer")
    if footer_only:
        doc.page.lines.append(f"{practice} · {created} · Seite 1 von 1")
    return b


# --- children's hospital, the mother named too ----------------------------------------------


def kinder(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    street, pc, city = address(rng, "DE")
    group = f"Klinikum {city.split()[0]} gGmbH"
    dept = "Klinik für Kinder- und Jugendmedizin"
    doc = Doc(font="sans", size=10)
    doc.at(190, 14, group, size=9, align="r", color=(0.3, 0.3, 0.3))
    doc.at(190, 20, dept, font="sans-b", size=11, align="r")
    chief = doctor(rng, title="Prof. Dr. med.")[0]
    doc.at(190, 25, f"Direktor: {chief}", size=8, align="r")
    b = Built(
        doc,
        "de",
        "DE",
        dept,
        [group, f"{dept}, {group}", f"Klinikum {city.split()[0]}"],
        "Ambulanzbrief",
        ["Arztbrief", "Kinderambulanz"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = f"Klinikum {city.split()[0]} Kinderklinik", phone(rng, "DE")
    rec, rec_name = referrer(rng, "DE")
    rec[1] = rng.choice(["Kinder- und Jugendarztpraxis", "Praxis für Kinderheilkunde"])
    window(doc, f"{group} · {dept} · {street} · {pc} {city}", rec, 45)
    b.person(rec_name, "addressee (paediatrician)")
    doc.y = 50
    doc.row([(125, "Kinderambulanz")], size=8.5, lead=4)
    doc.row([(125, f"Datum: {d_de(c.letter_date)}")], size=8.5, lead=4)
    b.must.append(d_de(c.letter_date))
    seen = c.letter_date - timedelta(days=rng.randint(1, 7))
    mother_given = rng.choice(["Sandra", "Julia", "Katharina", "Nicole", "Aylin", "Stefanie"])
    mother_surname = lp.surname if rng.random() < 0.7 else rng.choice(["Neumann", "Krause", "Hahn"])
    mother_birth = date(lp.birth.year - rng.randint(24, 38), rng.randint(1, 12), rng.randint(1, 28))
    doc.y = 92
    doc.line("Ambulanzbrief", font="sans-b", size=12)
    aw = f"{lp.full}, geb. {_bd(lp)}"
    doc.line(f"Betreff: {aw}", font="sans-b")
    b.as_written = lp.full
    doc.line(f"Mutter: {mother_given} {mother_surname}, geb. {d_de(mother_birth)}")
    b.person(f"{mother_given} {mother_surname}", "mother (not the patient)")
    b.date(mother_birth, "mother's birth date")
    b.date(seen, "outpatient visit")
    sib = ""
    if lp.rec and lp.rec.collision == "twin":
        sib = rng.choice(["Zwillingsbruder", "Zwillingsschwester"])
    doc.gap(4)
    doc.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    doc.gap(1)
    child = "Ihre Patientin" if lp.sex == "F" else "Ihren Patienten"
    doc.para(
        f"wir berichten über {child} {lp.first_given}, {'die' if lp.sex == 'F' else 'der'} sich am {d_de(seen)} in Begleitung der Mutter in unserer Kinderambulanz vorstellte."
    )
    doc.line("Diagnosen:", font="sans-b")
    doc.para(
        rng.choice(
            [
                "Obstruktive Bronchitis, rezidivierend (J44.8)",
                "Akute Otitis media beidseits (H66.0)",
                "Nahrungsmittelallergie gegen Erdnuss (T78.1)",
                "Gastroenteritis mit leichter Dehydratation (A09.9)",
            ]
        )
    )
    doc.line("Anamnese und Befund:", font="sans-b")
    extra = (
        f" Der {sib} ist gesund."
        if sib == "Zwillingsbruder"
        else (f" Die {sib} ist gesund." if sib else "")
    )
    doc.para(
        "Seit drei Tagen Husten und Fieber bis 39,2 °C, Trinkmenge reduziert. In der Untersuchung guter Allgemeinzustand, Lunge mit exspiratorischem Giemen beidseits, SpO2 95 % unter Raumluft."
        + extra
    )
    if sib:
        b.notes.append(f"the patient's twin is mentioned ({sib}, not named)")
    doc.line("Procedere:", font="sans-b")
    doc.para(
        "Inhalation mit Salbutamol 4 Hübe alle 4 Stunden über Spacer, Prednisolon 2 mg/kg KG für 3 Tage. Wiedervorstellung bei Verschlechterung, Kontrolle in Ihrer Praxis in 2 Tagen."
    )
    doc.para("Mit freundlichen Grüßen")
    names = [doctor(rng, title="Dr. med.")[0], doctor(rng, title="")[0]]
    sign(doc, rng, [(names[0], "Oberärztin"), (names[1], "Assistenzarzt")], gap=0)
    for n in names:
        b.person(n, "signer")
    b.notes.append("the mother is named with her own birth date")
    return b


LAYOUTS_DE = {
    "de_radiology": (radiology, ["DE", "DE", "AT"]),
    "de_pathology": (pathology, ["DE", "CH"]),
    "de_reha_arztbrief": (reha, ["DE"]),
    "de_kasse_bescheid": (kasse, ["DE"]),
    "de_apotheke_rueckfrage": (apotheke, ["DE", "AT"]),
    "de_drv_befundbericht": (drv, ["DE"]),
    "de_medikationsplan": (medplan, ["DE"]),
    "de_physio_bericht": (physio, ["DE", "CH"]),
    "de_pflegeheim_handschrift": (pflege, ["DE", "AT"]),
    "de_praxis_an_patient": (patient_letter, ["DE", "AT", "CH"]),
    "de_kinderklinik_mutter": (kinder, ["DE"]),
}
CHILD_LAYOUTS = {"de_kinderklinik_mutter"}


# --- Swiss home-care (Spitex) progress report, printed from software with ISO dates ---------


def spitex(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    street, pc, city = address(rng, "CH")
    region = rng.choice(["Limmattal", "Zürichsee", "Aaretal", "Oberthurgau"])
    org = f"Spitex {region}"
    doc = Doc(font="narrow", size=10, top=15)
    doc.ink(
        25,
        10,
        logo([f"Spitex {region}", "Hilfe und Pflege zu Hause"], (200, 30, 40), "cross", rng),
        13,
        text=f"Spitex {region}\nHilfe und Pflege zu Hause",
    )
    doc.at(190, 14, f"{street}, {pc} {city}", size=8, align="r")
    tel = phone(rng, "CH")
    doc.at(190, 18, f"Tel. {tel}", size=8, align="r")
    b = Built(
        doc,
        "de",
        "CH",
        org,
        [f"Spitex {region} (Hilfe und Pflege zu Hause)", "Spitex"],
        "Pflegebericht an den Hausarzt",
        ["Verlaufsbericht", "Pflegebericht", "Spitex-Bericht"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = org, tel
    doc.y = 34
    doc.line("Pflegebericht an den Hausarzt", font="narrow-b", size=14, lead=7)
    dr, _, _ = doctor(rng)
    rows = [
        ("Klient/in:", f"{lp.surname} {lp.given}"),
        ("Geburtsdatum:", lp.birth.isoformat()),
        ("Adresse:", f"{lp.street}, {lp.postcode} {lp.city}"),
        ("Hausarzt/-ärztin:", dr),
        ("Berichtsdatum:", c.letter_date.isoformat()),
        (
            "Berichtszeitraum:",
            f"{(c.letter_date - timedelta(days=28)).isoformat()} bis {(c.letter_date - timedelta(days=1)).isoformat()}",
        ),
    ]
    for a, v in rows:
        doc.row([(25, a), (65, v)], fonts=["narrow-b", "narrow"], lead=5.5)
    b.as_written = f"{lp.surname} {lp.given}"
    b.notes.append("Swiss software print-out: surname first without a comma, ISO dates")
    b.must += [c.letter_date.isoformat(), lp.birth.isoformat()]
    b.person(dr, "addressee (family doctor)")
    b.date(c.letter_date - timedelta(days=28), "report period start")
    b.date(c.letter_date - timedelta(days=1), "report period end")
    doc.gap(4)
    xs = [25, 50, 190]
    doc.row([(25, "Datum"), (50, "Beobachtung / Massnahme")], font="narrow-b", lead=6)
    doc.rule(25, doc.y + 1.2, 190, doc.y + 1.2, 0.3)
    entries = [
        "Blutdruck 152/88 mmHg, Puls 84. Klientin klagt über Schwindel beim Aufstehen.",
        "Wundversorgung Ulcus cruris links, Wundgrösse 3,2 x 2,1 cm, leicht belegt, kein Geruch.",
        "Gewicht 61,4 kg (Vorwoche 62,9 kg). Trinkmenge gemäss Protokoll ca. 900 ml/Tag.",
        "Medikamente gerichtet (Wochendosett). Einnahme durch Angehörige kontrolliert.",
        "Sturz im Badezimmer ohne sichtbare Verletzung, Notruf nicht benutzt. Angehörige informiert.",
    ]
    for i, text in enumerate(rng.sample(entries, 4)):
        d = c.letter_date - timedelta(days=24 - 6 * i)
        doc.row([(xs[0], d.isoformat()), (xs[1], text)], size=9, lead=5.5)
    doc.gap(5)
    doc.line("Fragen an den Hausarzt:", font="narrow-b")
    doc.para(
        "Bitte um Überprüfung der Blutdruckmedikation wegen Schwindel und um eine Verordnung für "
        "die Wundversorgung für weitere 3 Monate (Formular liegt bei)."
    )
    nurse = doctor(rng, title="")[0]
    doc.line(f"Bezugspflegende: {nurse}, dipl. Pflegefachfrau HF")
    b.person(nurse, "author (nurse)")
    printed = c.letter_date + timedelta(days=rng.randint(1, 3))
    stamp_time = f"{printed.isoformat()} {rng.randint(7, 17):02d}:{rng.randint(0, 59):02d}"
    doc.at(25, 287, f"Gedruckt am {stamp_time} · Seite 1/1 · {org}", size=7)
    b.date(printed, "print date (footer)")
    b.notes.append("a later print date in the footer is not the report's date")
    return b


LAYOUTS_DE["ch_spitex_pflegebericht"] = (spitex, ["CH"])
