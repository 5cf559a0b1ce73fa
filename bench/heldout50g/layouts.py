# SPDX-License-Identifier: AGPL-3.0-or-later
"""The letters' layouts: each prints one kind of mail a German GP practice receives.

A layout prints through the Ctx, which records the truth as it is printed. Each returns its pages.
"""

from __future__ import annotations

from collections.abc import Callable

from bench.heldout50g.ctx import Ctx
from bench.heldout50g.render import Page

BODY_DE = [
    "wir berichten über o. g. Patienten, der sich in unserer Behandlung befand.",
    "Die Beschwerden besserten sich unter der eingeleiteten Therapie deutlich.",
    "Wir empfehlen eine Kontrolle der Laborwerte in vier Wochen.",
    "Für Rückfragen stehen wir Ihnen gerne zur Verfügung.",
]
BODY_EN = [
    "Thank you for referring this patient, whom I reviewed in clinic.",
    "Symptoms have improved on the current treatment.",
    "I would suggest repeating the blood tests in four weeks.",
    "Please do not hesitate to contact us with any questions.",
]


def discharge_de(c: Ctx) -> list[Page]:
    p = Page()
    p.at(c.org("Klinikum Kassel-Wilhelmshöhe", "Klinikum Wilhelmshöhe"), 110, 18, 13, "bold")
    p.at("Medizinische Klinik II – Gastroenterologie", 110, 24, 9)
    p.at("Chefarzt Prof. Dr. med. Henrik Albers", 110, 29, 9)
    p.y = 50
    p.add("Klinikum Kassel-Wilhelmshöhe · Postfach 41 02 20 · 34114 Kassel", size=7)
    c.address(p)
    p.at(f"Kassel, {c.date('num')}", 140, 80)
    p.y = 95
    p.add(c.subject("Entlassungsbrief", "Arztbrief"), size=12, font="bold")
    p.add(f"Patient: {c.name('sg')}, geb. {c.birth('num')}")
    p.add(f"stationär vom {c.other(-9, 'admission', 'num')} bis {c.other(-2, 'discharge', 'num')}")
    p.gap()
    p.add("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    c.filler(p, BODY_DE)
    p.gap()
    p.add("Diagnosen: Akute Cholezystitis (K81.0)")
    p.add("Mit freundlichen kollegialen Grüßen")
    p.add("Prof. Dr. med. H. Albers, Chefarzt        Dr. L. Vogt, Assistenzärztin")
    return [p]


def cardiology(c: Ctx) -> list[Page]:
    p = Page(font="serif")
    p.add(
        c.org("Kardiologische Gemeinschaftspraxis Fulda-Aue", "Kardiologie Fulda-Aue"),
        size=14,
        font="bold",
    )
    p.add("Dr. med. Tamara Weiland · Dr. med. Orhan Keskin · Fachärzte für Innere Medizin")
    p.gap(10)
    c.address(p)
    p.gap(6)
    p.add(f"Datum: {c.date('num')}", x=140)
    p.add(f"Betreff: {c.subject('Kardiologischer Befundbericht')}")
    p.add(f"{c.name('titled' if c.patient.title else 'hon')}, * {c.birth('num')}")
    p.add(f"Untersuchung am {c.other(-3, 'examination', 'num')}: Echokardiographie, Belastungs-EKG")
    p.gap()
    c.filler(p, BODY_DE[1:])
    p.add("Nächster Termin: " + c.other(60, "appointment", "num"))
    return [p]


def op_report(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.subject("OPERATIONSBERICHT", "Operationsbericht"), x=70, size=15, font="bold")
    p.add(f"Name: {c.name('SG')}        Geb.-Datum: {c.birth('num')}")
    p.add(f"OP-Datum: {c.other(-6, 'operation', 'num')}      Saal 3")
    p.add("Operateur: Dr. med. F. Imhof   Assistenz: K. Brehm   Anästhesie: ITN")
    p.add("Diagnose: Gonarthrose rechts   Eingriff: Knie-TEP rechts, zementiert")
    p.gap()
    c.filler(p, ["Rückenlage, Blutsperre, medianer Zugang.", "Regelrechter Wundverschluss."])
    p.gap(30)
    p.add(f"diktiert: {c.other(-6, 'dictation', 'num2')}   geschrieben: {c.date('num2')}", size=8)
    p.add(c.org("Orthopädische Klinik Lindenberg gGmbH", "Orthopädische Klinik Lindenberg"), size=8)
    p.add("Am Kurpark 2 · 34308 Bad Emstal · www.ok-lindenberg.example", size=8)
    c.notes.append("the letter's date is the typing date in the footer, not the dictation date")
    return [p]


def radiology(c: Ctx) -> list[Page]:
    p = Page()
    p.add(
        c.org("RADIOLOGIE AM STERN", "Radiologie am Stern", "MVZ Radiologie am Stern"),
        size=16,
        font="bold",
    )
    p.add("MVZ für Radiologie und Nuklearmedizin · Sternstraße 9 · 34117 Kassel", size=8)
    p.gap(8)
    c.address(p)
    p.gap()
    p.at("Patient", 25, p.y, 8)
    p.at("Geburtsdatum", 95, p.y, 8)
    p.at("Untersuchungsdatum", 145, p.y, 8)
    p.gap(4)
    p.at(c.name("sg"), 25, p.y, right=92)
    p.at(c.birth("num"), 95, p.y, right=142)
    p.at(c.other(-1, "examination", "num"), 145, p.y)
    p.gap(8)
    p.add(c.subject("MRT der LWS nativ", "MRT LWS"), font="bold")
    c.filler(
        p,
        [
            "Befund: Bandscheibenprotrusion L4/5 ohne Neurokompression.",
            "Beurteilung: Degenerative Veränderungen, altersentsprechend.",
        ],
    )
    p.gap()
    p.add(f"Kassel, {c.date('num')}   Dr. med. S. Quandt, Fachärztin für Radiologie")
    c.notes.append("letter date after the sign-off, examination date in a field row")
    return [p]


def lab(c: Ctx) -> list[Page]:
    p = Page(font="mono")
    p.add(
        c.org("Labor Dr. Krautheim & Kollegen", "Labor Krautheim", "Labor Dr. Krautheim"),
        size=12,
        font="bold",
    )
    p.add("Medizinisches Versorgungszentrum Labordiagnostik Nordhessen", size=8)
    p.gap(6)
    c.address(p)
    p.gap(4)
    p.add(c.subject("Laborbefund – Endbefund", "Endbefund", "Laborbefund"), font="bold")
    p.add("Name / Vorname:", size=8)
    p.add(c.name("SG"))
    p.add("geb.:", size=8)
    p.add(c.birth("num"))
    p.add(
        f"Entnahme: {c.other(-2, 'sample', 'num')} 08:10  Eingang: {c.other(-1, 'receipt', 'num')}"
    )
    p.add(f"Befunddatum: {c.date('num')}")
    p.gap()
    for row in (
        "HbA1c        7.4  %       4.0-6.0  +",
        "TSH basal    1.92 mU/l    0.3-4.0",
        "Kreatinin    1.31 mg/dl   0.5-1.2  +",
        "eGFR (CKD)   54   ml/min  >60      -",
    ):
        p.add(row, size=9)
    p.gap(20)
    p.add(f"Gedruckt am {c.other(1, 'print', 'num')} 06:02   Seite 1/1", size=7)
    c.notes.append("labelled fields with the label above the value; print date in the footer")
    return [p]


def pathology(c: Ctx) -> list[Page]:
    p = Page(font="times")
    p.add(
        c.org("Institut für Pathologie Nordhessen", "Pathologie Nordhessen"), size=13, font="bold"
    )
    p.add(f"Eingangs-Nr. E-{c.letter_date.year}-{c.rng.randrange(1000, 9999)}")
    p.add(f"Eingang: {c.other(-4, 'receipt', 'num')}   Entnahme: {c.other(-5, 'sample', 'num')}")
    p.gap()
    c.address(p)
    p.gap()
    p.add(f"Pat.: {c.name('birth')} (* {c.birth('nopad')})")
    p.add(c.subject("Histologischer Befund", "Histologie"), font="bold")
    c.filler(
        p,
        [
            "Material: Kolonpolyp, Sigma, Zangenbiopsie.",
            "Tubuläres Adenom mit niedriggradiger intraepithelialer Neoplasie.",
        ],
    )
    p.add(f"Befund vom {c.date('nopad')}, Dr. med. A. Lüttge, Fachärztin für Pathologie")
    return [p]


def physio(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Physiotherapie Bewegungsraum", "Bewegungsraum"), x=120, size=12, font="bold")
    p.add("Praxis für Krankengymnastik, Manuelle Therapie, Lymphdrainage", x=120, size=7)
    p.gap(10)
    c.address(p)
    p.gap(8)
    p.add(c.subject("Therapiebericht", "Bericht über Physiotherapie"), size=12, font="bold")
    p.add(f"Patient/in: {c.name('gs')}   Geburtsdatum: {c.birth('num')}")
    p.add(f"Verordnung vom: {c.other(-40, 'prescription', 'num')}   6 x KG")
    c.filler(
        p,
        [
            "Behandlungsverlauf: deutliche Besserung der Beweglichkeit.",
            "Wir bitten um eine Folgeverordnung.",
        ],
    )
    p.add(f"Baunatal, {c.date('de')}")
    p.add("Jonas Pfaff, Physiotherapeut B.Sc.")
    return [p]


def psychotherapy(c: Ctx) -> list[Page]:
    p = Page(font="serif")
    p.add(
        c.org(
            "Psychotherapeutische Praxis Dipl.-Psych. Irene Sauerland",
            "Dipl.-Psych. Irene Sauerland",
            "Irene Sauerland",
        ),
        size=10,
    )
    p.add(
        "Psychologische Psychotherapeutin · Verhaltenstherapie · Kohlenstraße 40 · Kassel", size=8
    )
    p.gap(8)
    c.address(p)
    p.gap(8)
    p.add(c.date("de"), x=150)
    p.add(c.subject("Bericht an den Konsiliararzt", "Konsiliarbericht"), font="bold")
    p.add(f"für {c.name('gs')}, geboren am {c.birth('de')}")
    c.filler(
        p,
        [
            "Die Patientin / der Patient stellte sich in meiner Sprechstunde vor.",
            "Bitte um Ausschluss somatischer Ursachen vor Beginn der Psychotherapie.",
        ],
    )
    return [p]


def krankenkasse(c: Ctx) -> list[Page]:
    p = Page()
    p.add(
        c.org("Hessische Betriebskrankenkasse Nordwest", "BKK Nordwest", "HBKK Nordwest"),
        x=110,
        size=12,
        font="bold",
    )
    p.y = 45
    p.add("HBKK Nordwest · 34101 Kassel", size=7)
    c.address(p)
    rows = (("Ihr Zeichen", "–"), ("Unser Zeichen", "LE-4471"), ("Ansprechpartner", "Frau Bätz"))
    for row, (label, value) in enumerate((*rows, ("Datum", c.date("num")))):
        p.at(f"{label}: {value}", 135, 50 + 5 * row, 8)
    p.gap(10)
    p.add(
        c.subject("Anfrage zur Arbeitsunfähigkeit Ihres Patienten", "Anfrage Arbeitsunfähigkeit"),
        font="bold",
    )
    p.add(f"Versicherte/r: {c.name('gs')}, geb. {c.birth('num')}")
    p.add(f"KVNR: {chr(65 + c.rng.randrange(26))}{c.rng.randrange(10**8, 10**9)}")
    p.add(f"arbeitsunfähig seit {c.other(-30, 'incapacity start', 'num')}")
    c.filler(p, ["bitte teilen Sie uns die voraussichtliche Dauer mit.", "Vielen Dank."])
    return [p]


def pflegekasse(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Pflegekasse bei der Hessischen BKK", "Hessische BKK Pflegekasse"), size=11)
    p.gap(10)
    p.add(f"An {c.practice.name}")
    p.add(c.practice.place)
    p.gap(6)
    p.add(
        c.subject("Pflegegrad – Mitteilung des Gutachtens", "Mitteilung des Gutachtens"),
        font="bold",
    )
    p.add(f"Antragsteller: {c.name('sg')}  ({c.birth('num')})")
    p.add(f"Begutachtung am {c.other(-14, 'assessment', 'num')} durch den Medizinischen Dienst")
    c.filler(p, ["Es wurde Pflegegrad 2 festgestellt."])
    p.gap(30)
    p.add(f"Kassel, den {c.date('num')}")
    return [p]


def rentenversicherung(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Deutsche Rentenversicherung Hessen", "DRV Hessen"), size=13, font="bold")
    p.add("Städelstraße 28 · 60596 Frankfurt am Main", size=8)
    p.gap(8)
    c.address(p)
    born = c.patient.birth
    number = f"55 {born:%d%m%y} {c.spelled_surname[0].upper()} {c.rng.randrange(100, 999)}"
    p.gap(4)
    p.add(f"Versicherungsnummer: {number}", x=110, size=8)
    p.add(f"Datum: {c.date('num')}", x=110, size=8)
    p.gap(4)
    p.add(c.subject("Anforderung eines Befundberichts", "Befundbericht"), font="bold")
    p.add(f"Versicherte Person: {c.name('gs')}, geboren {c.birth('num')}")
    p.add(
        "Antrag auf Leistungen zur medizinischen Rehabilitation vom "
        + c.other(-21, "application", "num")
    )
    c.filler(p, ["Bitte senden Sie den Befundbericht innerhalb von zwei Wochen zurück."])
    c.notes.append("the insurance number contains the birth date in another form")
    return [p]


def unfallkasse(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Berufsgenossenschaft Holz und Metall", "BGHM"), size=12, font="bold")
    p.add("Bezirksverwaltung Kassel", size=9)
    p.gap(10)
    c.address(p)
    p.gap(5)
    p.add(
        f"Unser Aktenzeichen: 2.{c.rng.randrange(10**5, 10**6)}.24-B   Datum {c.date('num')}",
        size=9,
    )
    p.gap(5)
    p.add(c.subject("Arbeitsunfall vom " + c.other(-50, "accident", "num")), font="bold")
    c.title_alternatives.append("Arbeitsunfall")
    p.add(f"Versicherte/r: {c.name('SG')}, geb. am {c.birth('num')}")
    c.filler(p, ["Bitte übersenden Sie uns einen Verlaufsbericht (F 2100)."])
    return [p]


def gesundheitsamt(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Gesundheitsamt Region Kassel", "Gesundheitsamt Kassel"), size=11, font="bold")
    p.add("Fachbereich Infektionsschutz", size=9)
    p.gap(6)
    c.address(p)
    p.gap(6)
    p.add(c.subject("Ermittlungen nach § 25 IfSG"), font="bold")
    p.add(f"Betroffene Person: {c.name('sg')}, geb. {c.birth('num')}")
    p.add(f"Meldung eingegangen am {c.other(-3, 'receipt', 'num')}")
    c.filler(p, ["Bitte teilen Sie uns den Impfstatus mit."])
    p.gap(10)
    p.add(f"Kassel, {c.date('de')}, im Auftrag Rehberg")
    return [p]


def sozialamt(c: Ctx) -> list[Page]:
    p = Page(font="times")
    p.add(
        c.org("Landkreis Kassel – Sozialamt", "Sozialamt Landkreis Kassel", "Landkreis Kassel"),
        size=12,
    )
    p.gap(8)
    c.address(p)
    p.add(c.date("de"), x=150)
    p.gap(6)
    p.add("Hilfe zur Pflege nach dem SGB XII", font="bold")
    c.subject("Hilfe zur Pflege nach dem SGB XII")
    p.add(f"hier: {c.name('hon')}, geb. {c.birth('num')}, {c.patient.street}")
    c.filler(p, ["Wir bitten um Ausfüllen des beigefügten ärztlichen Fragebogens."])
    return [p]


def court(c: Ctx) -> list[Page]:
    p = Page(font="times")
    p.add(c.org("Amtsgericht Kassel", "AG Kassel"), x=80, size=14, font="bold")
    p.add("– Betreuungsgericht –", x=85)
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(f"Kassel, {c.date('de')}", x=140)
    p.add(f"Geschäftsnummer: 7 XVII {c.rng.randrange(100, 999)}/24")
    p.add(f"Betreuungssache {c.name('gs')}, geboren am {c.birth('de')}")
    c.subject(f"Betreuungssache {c.name('gs')}", "Betreuungssache")
    c.filler(
        p,
        [
            "Sie werden gebeten, ein ärztliches Attest zur Frage der Betreuungsbedürftigkeit",
            "bis zum " + c.other(21, "deadline", "num") + " vorzulegen.",
        ],
    )
    p.add("Richterin am Amtsgericht Dr. Stolle")
    return [p]


def police(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Polizeipräsidium Nordhessen", "Polizei Nordhessen"), size=12, font="bold")
    p.add("Kriminalinspektion 2 · Grüner Weg 33 · 34117 Kassel", size=8)
    p.gap(8)
    c.address(p)
    p.gap(6)
    p.add(f"Tagebuch-Nr. ST/0{c.rng.randrange(10**5, 10**6)}/2024", size=9)
    p.add(f"Datum: {c.date('num')}", size=9)
    p.add(c.subject("Auskunftsersuchen – Schweigepflichtentbindung liegt bei"), font="bold")
    c.title_alternatives.append("Auskunftsersuchen")
    p.add(f"Geschädigte/r: {c.name('gs')} ({c.birth('num')})")
    p.add(f"Vorfall vom {c.other(-12, 'incident', 'num')}")
    return [p]


def referral_form(c: Ctx) -> list[Page]:
    p = Page(font="narrow")
    p.add("Krankenkasse bzw. Kostenträger", size=7)
    p.add("AOK Hessen")
    p.add("Name, Vorname des Versicherten", size=7)
    p.add(f"{c.name('sg')}   geb. am {c.birth('num2')}")
    p.add(c.patient.street + "  " + c.patient.place, size=9)
    p.gap()
    p.add(c.subject("Überweisungsschein", "Muster 6", "Überweisung"), size=13, font="bold")
    p.add("Überweisung an: Allgemeinmedizin   Auftragsleistung: Mitbehandlung")
    p.add("Diagnose: V.a. Hypothyreose E03.9   Befund: TSH erhöht")
    p.add(f"Datum {c.date('num2')}")
    p.gap(8)
    p.add(c.org("Frauenarztpraxis Dr. med. Ilka Nordmann", "Dr. med. Ilka Nordmann"), size=9)
    p.add("BSNR 48 7712300 · LANR 123456701 · Wilhelmsstraße 3, 34117 Kassel", size=8)
    c.notes.append("a form; the sender is named only in the doctor's stamp")
    return [p]


def medication_plan(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.subject("Medikationsplan", "Bundeseinheitlicher Medikationsplan"), size=14, font="bold")
    p.add(f"für: {c.name('gs')}   geb. am: {c.birth('num')}")
    p.add(f"ausgedruckt von: {c.org('Hirsch-Apotheke Vellmar', 'Hirsch-Apotheke')}")
    p.add(f"ausgedruckt am: {c.date('num')}")
    p.gap()
    p.add("Wirkstoff        Handelsname      Stärke   mo mi ab zN", size=9, font="mono")
    for row in (
        "Metformin        Metformin AL     1000 mg  1  0  1  0",
        "Ramipril         Ramipril 1A      5 mg     1  0  0  0",
        "Simvastatin      Simva Basics     20 mg    0  0  1  0",
    ):
        p.add(row, size=9, font="mono")
    c.notes.append("the print date ('ausgedruckt am') is the plan's own date")
    return [p]


def rehab_application(c: Ctx) -> list[Page]:
    p = Page(font="narrow")
    p.add(
        c.subject("Antrag auf Leistungen zur Rehabilitation", "Reha-Antrag"), size=13, font="bold"
    )
    p.add("Angaben zur Person", size=8)
    p.at("Name", 25, p.y, 7)
    p.at("Vorname", 85, p.y, 7)
    p.at("Geburtsdatum", 145, p.y, 7)
    p.gap(4)
    p.at(c.spelled_surname, 25, p.y, right=82)
    p.at(c.patient.given, 85, p.y, right=142)
    p.at(c.birth("num"), 145, p.y)
    c.as_written = c.spelled_surname
    c.printed += [c.spelled_surname, c.patient.given]
    p.gap(8)
    p.add("Ärztlicher Befundbericht zum Antrag (vom Hausarzt auszufüllen)")
    p.add(f"Eingang beim Träger: {c.other(-5, 'receipt', 'num')}")
    p.add(c.org("Deutsche Rentenversicherung Bund", "DRV Bund"), size=8)
    c.notes.append("form without its own date; name split over labelled columns")
    return [p]


def pharmacy(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Löwen-Apotheke am Königsplatz", "Löwen-Apotheke"), size=13, font="bold")
    p.add(f"Inh. Apotheker Ralf Dümmler e.K. · Tel 0561 71234 · Fax {c.fax_number}", size=8)
    p.gap(8)
    p.add(f"An: {c.practice.name}")
    p.add(f"Fax-Rückfrage vom {c.date('num')}")
    p.add(c.subject("Rückfrage zum Rezept", "Rezeptrückfrage"), font="bold")
    p.add(f"Patient: {c.name('Sg')}  geb. {c.birth('num')}")
    p.add(f"Rezept vom {c.other(-1, 'prescription', 'num')}: Ibuprofen 800 + Phenprocoumon")
    c.filler(p, ["Interaktion! Bitte um Bestätigung oder Änderung.", "[ ] bestätigt  [ ] geändert"])
    return [p]


def care_home(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Seniorenzentrum Haus Abendrot", "Haus Abendrot"), size=12, font="bold")
    p.add("Wohnbereich 2 · Tel. 05606 4400", size=8)
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(c.subject("Bitte um Rezepte", "Rezeptanforderung"))
    p.add(f"Bewohner/in: {c.name('sg')}, Zimmer 214, geb. {c.birth('num')}")
    if c.register_id:
        c.patient_id = c.register_id
        p.add(f"Ihre Patientennummer: {c.register_id}")
        c.printed.append(c.register_id)
        c.notes.append("the care home prints the practice's own patient number")
    c.filler(
        p,
        [
            "Bitte Rezept für: Pantoprazol 40 mg N3, Torasemid 10 mg N2.",
            "Bitte an die Apotheke faxen.",
        ],
    )
    p.add(f"Gez. Schwester Magdalena, {c.date('num')}")
    return [p]


def care_service(c: Ctx) -> list[Page]:
    p = Page()
    p.add("Ihr Pflegedienst", size=8)
    p.add(c.org("Ambulanter Pflegedienst Fürsorge Plus", "Fürsorge Plus"), size=12, font="bold")
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(c.date("de"), x=150)
    p.add(f"Sehr geehrte/r {c.practice.doctor},")
    p.add(f"für unsere Klientin/unseren Klienten {c.name('gs')} ({c.birth('num')})")
    p.add(f"läuft die Verordnung häuslicher Krankenpflege am {c.other(10, 'expiry', 'num')} aus.")
    p.add("Bitte stellen Sie eine Folgeverordnung (Muster 12) aus.")
    c.notes.append("no subject line")
    return [p]


def patient_handwritten(c: Ctx) -> list[Page]:
    c.handwritten = True
    p = Page(font="hand")
    p.add(f"Liebe {c.practice.doctor},", size=13)
    p.gap()
    for text in (
        "ich bräuchte bitte wieder mein Blutdruckmittel,",
        "die Tabletten sind fast alle. Meine Tochter holt",
        "das Rezept am Donnerstag ab.",
    ):
        p.add(text, size=13)
    p.gap()
    p.add("Viele Grüße", size=13)
    p.add(c.name("gs"), size=13)
    p.add(f"(geb. {c.birth('nopad')})", size=13)
    p.gap(8)
    p.add(f"geschrieben {c.date('de_wd')}", size=11)
    c.notes.append("handwritten by the patient; no organisation; date at the very end")
    return [p]


def relative_email(c: Ctx) -> list[Page]:
    p = Page()
    sender = "Karin Brenneke <k.brenneke@mailbox.example>"
    p.add(f"Von: {sender}", size=9)
    p.add(f"Gesendet: {c.date('de_wd')} 21:14", size=9)
    p.add(f"An: info@{c.practice.name.split()[0].lower()}.example", size=9)
    p.add(
        f"Betreff: AW: {c.subject('Termin für meine Mutter', 'AW: Termin für meine Mutter')}",
        size=9,
    )
    p.gap()
    p.add("Guten Abend,")
    p.add(f"meine Mutter {c.name('gs')} (geboren {c.birth('num')}) braucht einen Hausbesuch.")
    p.add(f"Sie ist am {c.other(-4, 'discharge', 'num')} aus dem Krankenhaus gekommen.")
    p.add("Viele Grüße, Karin Brenneke")
    p.gap(100)
    p.add(f"Gedruckt: {c.other(1, 'print', 'num')} 08:02", size=7)
    c.person("Karin Brenneke", "relative")
    c.notes.append("an e-mail printout from a relative; no organisation; printed a day later")
    return [p]


def at_hospital(c: Ctx) -> list[Page]:
    c.region = "AT"
    p = Page()
    p.add(c.org("Landeskrankenhaus Villach", "LKH Villach"), size=13, font="bold")
    p.add("Abteilung für Innere Medizin · Nikolaigasse 43 · 9500 Villach", size=8)
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(f"Villach, am {c.date('at')}", x=130)
    p.add(c.subject("Patientenbrief", "Arztbrief"), font="bold")
    p.add(f"{c.name('hon')}, SVNR {c.rng.randrange(1000, 9999)} {c.patient.birth:%d%m%y}")
    p.add(f"Geb.-Dat.: {c.birth('num')}")
    p.add(
        f"Aufnahme: {c.other(-7, 'admission', 'at')}  Entlassung: {c.other(-1, 'discharge', 'at')}"
    )
    c.filler(p, BODY_DE[1:3])
    c.notes.append("Austrian month name Jänner possible; SVNR carries the birth date")
    return [p]


def ch_specialist(c: Ctx) -> list[Page]:
    c.region = "CH"
    p = Page()
    p.add(c.org("Kantonsspital Winterthur", "KSW"), size=13, font="bold")
    p.add("Klinik für Neurologie", size=9)
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(f"Winterthur, {c.date('de')}")
    p.add(f"Konsilium betreffend {c.name('gs')}, geb. {c.birth('num')}")
    c.subject(f"Konsilium betreffend {c.name('gs')}", "Konsilium", "Neurologisches Konsilium")
    p.add(f"Sprechstunde vom {c.other(-2, 'clinic date', 'num')}")
    c.filler(p, ["Wir danken für die Zuweisung.", "Freundliche Grüsse"])
    c.notes.append("Swiss spelling (Grüsse); subject phrased as 'Konsilium betreffend'")
    return [p]


def gb_clinic(c: Ctx) -> list[Page]:
    c.language, c.region = "en", "GB"
    p = Page()
    p.add(
        c.org(
            "Royal Devon University Healthcare NHS Foundation Trust",
            "Royal Devon",
            "Royal Devon University Healthcare",
        ),
        size=11,
        font="bold",
    )
    p.add("Department of Endocrinology, Barrack Road, Exeter EX2 5DW", size=8)
    p.gap(6)
    p.add(f"Clinic date: {c.other(-8, 'clinic date', 'gb')}", size=9)
    p.add(f"Dictated: {c.other(-7, 'dictation', 'gb')}   Typed: {c.date('gb')}", size=9)
    p.gap()
    c.address(p)
    p.gap()
    p.add(
        f"Re: {c.name('GS')}   DOB {c.birth('slash')}   "
        + f"NHS No 485 777 {c.rng.randrange(1000, 9999)}"
    )
    c.subject(f"Re: {c.as_written}")
    c.title_alternatives.append(c.as_written or "")
    p.add("Dear Dr,")
    c.filler(p, BODY_EN)
    c.notes.append("letter date is the typed date; clinic and dictation dates precede it")
    return [p]


def us_discharge(c: Ctx) -> list[Page]:
    c.language, c.region = "en", "US"
    p = Page(font="times")
    p.add(c.org("Mercy Regional Medical Center", "Mercy Regional"), size=13, font="bold")
    p.add(c.subject("DISCHARGE SUMMARY", "Discharge Summary"), size=12, font="bold")
    p.add(
        f"Patient: {c.name('sg')}    DOB: {c.birth('us')}    MRN: {c.rng.randrange(10**6, 10**7)}"
    )
    p.add(f"Admit: {c.other(-5, 'admission', 'us')}   Discharge: {c.other(-1, 'discharge', 'us')}")
    c.filler(p, BODY_EN[1:3])
    p.gap(10)
    p.add(f"Electronically signed by J. Whitaker, MD on {c.date('usl')} 4:51 PM")
    c.notes.append("US date order; letter date is the signature date")
    return [p]


def ie_letter(c: Ctx) -> list[Page]:
    c.language, c.region = "en", "IE"
    p = Page()
    p.add(c.org("St. Brigid's University Hospital", "St Brigid's Hospital"), size=12, font="bold")
    p.add("Galway, Ireland", size=8)
    p.gap(6)
    p.add(c.date("gb_ord"), x=140)
    c.address(p)
    p.gap()
    p.add(f"Patient: {c.name('gs')}, D.O.B. {c.birth('gb_abbr')}")
    p.add(f"Seen in the Emergency Department on {c.other(-3, 'attendance', 'gb_ord')}.")
    c.filler(p, BODY_EN[1:])
    c.notes.append("no subject; ordinal date above the address block")
    return [p]


def au_letter(c: Ctx) -> list[Page]:
    c.language, c.region = "en", "AU"
    p = Page()
    c.address(p)
    p.gap(6)
    p.add(
        c.org("Northside Dermatology Group", "Northside Dermatology"), x=110, size=11, font="bold"
    )
    p.add(f"Brisbane QLD, {c.date('slash')}", x=110, size=9)
    p.gap()
    p.add(f"Subject: {c.subject('Specialist consultation report', 'Consultation report')}")
    p.add(f"Patient {c.name('SG')}, born {c.birth('slash')}")
    c.filler(p, BODY_EN[:2])
    c.notes.append("addressee block printed before the sender's head")
    return [p]


def fr_report(c: Ctx) -> list[Page]:
    c.language, c.region = "fr", "FR"
    p = Page(font="serif")
    p.add(
        c.org("Centre Hospitalier de Colmar", "CH Colmar", "Hôpitaux Civils de Colmar"),
        size=12,
        font="bold",
    )
    p.gap(8)
    c.address(p)
    p.gap()
    p.add(f"Colmar, le {c.date('fr')}", x=130)
    p.add(c.subject("Compte rendu d'hospitalisation", "Compte-rendu"), font="bold")
    patient = c.name("hon").replace("Frau", "Mme").replace("Herrn", "M.")
    c.as_written = patient
    c.printed[-1] = patient
    p.add(f"{patient}, né(e) le {c.birth('slash')}")
    p.add(f"Hospitalisé(e) du {c.other(-6, 'admission', 'fr')} au {c.other(-2, 'discharge', 'fr')}")
    p.add("Cher confrère, je vous remercie de m'avoir adressé votre patient(e).")
    return [p]


def it_letter(c: Ctx) -> list[Page]:
    c.language, c.region = "it", "IT"
    p = Page()
    p.add(
        c.org("Azienda Ospedaliera di Verona", "AOUI Verona", "Ospedale di Verona"),
        size=12,
        font="bold",
    )
    p.add(c.subject("Lettera di dimissione", "Lettera di dimissioni"), font="bold")
    p.add(f"Paziente: {c.name('SG')}, nato/a il {c.birth('slash')}")
    p.add(f"Ricovero dal {c.other(-4, 'admission', 'it')} al {c.other(0, 'discharge', 'it')}")
    p.add("Gentile collega, le scriviamo in merito al paziente in oggetto.")
    p.gap(20)
    p.add(f"Verona, {c.date('it')}")
    c.notes.append("discharge date equals the letter date")
    return [p]


def nl_letter(c: Ctx) -> list[Page]:
    c.language, c.region = "nl", "NL"
    p = Page()
    p.add(
        c.org("Radboudumc Nijmegen", "Radboud universitair medisch centrum"), size=12, font="bold"
    )
    p.gap(6)
    c.address(p)
    p.gap()
    p.add(f"Datum: {c.date('nl')}")
    p.add(f"Onderwerp: {c.subject('Ontslagbrief', 'Ontslagbericht')}")
    p.add(f"Patiënt: {c.name('gs')}, geboren {c.birth('dash')}")
    p.add(f"Opname: {c.other(-3, 'admission', 'dash')}")
    p.add("Geachte collega, hierbij berichten wij u over bovengenoemde patiënt.")
    return [p]


def pl_card(c: Ctx) -> list[Page]:
    c.language, c.region = "pl", "PL"
    p = Page()
    p.add(c.org("Szpital Uniwersytecki w Krakowie", "Szpital Uniwersytecki"), size=12, font="bold")
    p.add(f"Kraków, dnia {c.date('pl')}", x=120)
    p.add(
        c.subject("KARTA INFORMACYJNA LECZENIA SZPITALNEGO", "Karta informacyjna"),
        size=11,
        font="bold",
    )
    p.add(f"Pacjent: {c.name('Sg')}   ur. {c.birth('num')}")
    p.add(
        f"Data przyjęcia: {c.other(-5, 'admission', 'num')}  "
        + f"Data wypisu: {c.other(-1, 'discharge', 'num')}"
    )
    p.add("Rozpoznanie: zapalenie płuc. Zalecenia: kontrola u lekarza rodzinnego.")
    return [p]


def tr_epikriz(c: Ctx) -> list[Page]:
    c.language, c.region = "tr", "TR"
    p = Page()
    p.add(c.org("İzmir Şehir Hastanesi", "Izmir Sehir Hastanesi"), size=12, font="bold")
    p.add(c.subject("EPİKRİZ", "Epikriz"), size=12, font="bold")
    p.add(f"Hasta Adı Soyadı: {c.name('GS')}")
    p.add(f"Doğum Tarihi: {c.birth('num')}")
    p.add(
        f"Yatış Tarihi: {c.other(-6, 'admission', 'num')}  "
        + f"Çıkış Tarihi: {c.other(-2, 'discharge', 'num')}"
    )
    p.add("Tanı: Hipertansiyon. Öneriler: aile hekimi kontrolü.")
    p.add(f"Tarih: {c.date('tr')}")
    return [p]


def es_informe(c: Ctx) -> list[Page]:
    c.language, c.region = "es", "ES"
    p = Page()
    p.add(c.org("Hospital Universitario Son Espases", "Son Espases"), size=12, font="bold")
    p.add(c.subject("Informe de alta", "Informe clínico de alta"), font="bold")
    p.add(f"Paciente: {c.name('gs')}  Fecha de nacimiento: {c.birth('slash')}")
    p.add(f"Fecha de ingreso: {c.other(-3, 'admission', 'slash')}")
    p.add("Juicio clínico: fractura de radio distal. Tratamiento: yeso.")
    p.add(f"Palma, {c.date('es')}")
    return [p]


def eye_two_column(c: Ctx) -> list[Page]:
    p = Page()
    p.add(c.org("Augenzentrum Weinberg", "Augenärzte am Weinberg"), size=13, font="bold")
    p.gap(6)
    top = p.y
    c.address(p)
    left_end = p.y
    p.y = top
    for text in (
        "Dr. med. Clara Ohm",
        "Dr. med. Veit Sander",
        "Fachärzte für Augenheilkunde",
        f"Kassel, {c.date('num')}",
    ):
        p.add(text, x=140, size=8)
    p.y = max(p.y, left_end) + 6
    p.add(f"{c.name('hon')}, geb. {c.birth('num')}")
    p.gap()
    col = p.y
    for text in ("Visus rechts: 0,8", "Visus links: 0,63", "Tensio: 16/17 mmHg"):
        p.add(text, size=9)
    p.y = col
    for text in ("Fundus: keine diabetische", "Retinopathie", "Kontrolle in 12 Monaten"):
        p.add(text, x=110, size=9)
    c.notes.append("two columns; sender's doctors beside the address; no subject")
    return [p]


def multipage_discharge(c: Ctx) -> list[Page]:
    first = Page(font="serif")
    first.add(
        c.org("Elisabeth-Krankenhaus Kassel", "Elisabeth-Krankenhaus"), x=100, size=12, font="bold"
    )
    first.add("Klinik für Geriatrie", x=100, size=9)
    first.gap(10)
    c.address(first)
    first.gap()
    first.add(c.subject("Vorläufiger Entlassbericht", "Entlassbericht"), font="bold")
    first.add(f"{c.name('birth')}, * {c.birth('num')}")
    first.add(
        f"Aufnahme {c.other(-14, 'admission', 'num')}, Entlassung {c.other(0, 'discharge', 'num')}"
    )
    c.filler(first, BODY_DE)
    second = Page(font="serif")
    second.add(f"{c.spelled_surname}, {c.patient.given} – Seite 2", size=8)
    second.add("Medikation bei Entlassung: ASS 100 1-0-0, Bisoprolol 2,5 1-0-0")
    second.gap(10)
    second.add(f"Kassel, den {c.date('num')}")
    c.notes.append("two pages; the letter date only on page 2")
    return [first, second]


def email_specialist(c: Ctx) -> list[Page]:
    p = Page()
    p.add("Von: praxis@neuro-koenigstor.example", size=9)
    p.add(f"Datum: {c.date('iso')} 11:47", size=9)
    p.add(f"An: {c.practice.name}", size=9)
    p.add(f"Betreff: {c.subject('Befund EEG', 'EEG-Befund')}", size=9)
    p.gap()
    p.add("Liebe Kolleginnen und Kollegen,")
    p.add(f"anbei der Befund zu {c.name('sg')} (geb. {c.birth('num')}):")
    p.add(f"EEG vom {c.other(-2, 'examination', 'num')}: regelrechter Grundrhythmus.")
    p.gap()
    p.add("--")
    p.add("Dr. med. Wiebke Thalmann")
    p.add(c.org("Neurologische Praxis am Königstor", "Praxis am Königstor"))
    p.add("Königstor 21 · 34117 Kassel · Tel. 0561 7011220", size=8)
    c.notes.append("an e-mail: the sender is named only in the signature; ISO date in the header")
    return [p]


def cz_zprava(c: Ctx) -> list[Page]:
    c.language, c.region = "cs", "CZ"
    p = Page()
    p.add(c.org("Fakultní nemocnice Plzeň", "FN Plzeň"), size=12, font="bold")
    p.add("Interní klinika, alej Svobody 80, 323 00 Plzeň", size=8)
    p.gap(6)
    p.add(c.subject("Propouštěcí zpráva", "Lékařská zpráva"), size=12, font="bold")
    p.add(f"Pacient: {c.name('Sg')}, datum narození: {c.birth('nopad')}")
    p.add(
        f"Hospitalizace od {c.other(-5, 'admission', 'nopad')} "
        + f"do {c.other(-1, 'discharge', 'nopad')}"
    )
    p.add("Diagnóza: fibrilace síní. Doporučení: kontrola u praktického lékaře.")
    p.add(f"V Plzni dne {c.date('nopad')}")
    return [p]


def sv_brev(c: Ctx) -> list[Page]:
    c.language, c.region = "sv", "SE"
    p = Page()
    p.add(c.org("Sahlgrenska Universitetssjukhuset", "Sahlgrenska"), x=100, size=12, font="bold")
    p.add(c.date("iso"), x=100, size=9)
    p.gap(6)
    c.address(p)
    p.gap()
    p.add(c.subject("Epikris", "Utskrivningsbrev"), font="bold")
    p.add(f"Patient: {c.name('gs')}, född {c.birth('iso')}")
    p.add(
        f"Inskriven {c.other(-4, 'admission', 'iso')}, utskriven {c.other(-1, 'discharge', 'iso')}."
    )
    p.add("Bästa kollega, patienten har behandlats för lunginflammation.")
    c.notes.append("Swedish ISO dates everywhere; the letter date stands under the sender")
    return [p]


LAYOUTS: dict[str, tuple[Callable[[Ctx], list[Page]], int]] = {
    "discharge_de": (discharge_de, 6),
    "multipage_discharge": (multipage_discharge, 4),
    "cardiology": (cardiology, 4),
    "op_report": (op_report, 3),
    "radiology": (radiology, 4),
    "lab": (lab, 5),
    "pathology": (pathology, 2),
    "physio": (physio, 2),
    "psychotherapy": (psychotherapy, 2),
    "eye_two_column": (eye_two_column, 3),
    "krankenkasse": (krankenkasse, 2),
    "pflegekasse": (pflegekasse, 1),
    "rentenversicherung": (rentenversicherung, 1),
    "unfallkasse": (unfallkasse, 1),
    "gesundheitsamt": (gesundheitsamt, 1),
    "sozialamt": (sozialamt, 1),
    "court": (court, 2),
    "police": (police, 1),
    "referral_form": (referral_form, 2),
    "medication_plan": (medication_plan, 2),
    "rehab_application": (rehab_application, 1),
    "pharmacy": (pharmacy, 2),
    "care_home": (care_home, 2),
    "care_service": (care_service, 1),
    "patient_handwritten": (patient_handwritten, 1),
    "relative_email": (relative_email, 1),
    "at_hospital": (at_hospital, 1),
    "ch_specialist": (ch_specialist, 1),
    "gb_clinic": (gb_clinic, 2),
    "us_discharge": (us_discharge, 1),
    "ie_letter": (ie_letter, 1),
    "au_letter": (au_letter, 1),
    "fr_report": (fr_report, 1),
    "it_letter": (it_letter, 1),
    "nl_letter": (nl_letter, 1),
    "pl_card": (pl_card, 1),
    "tr_epikriz": (tr_epikriz, 1),
    "es_informe": (es_informe, 1),
    "email_specialist": (email_specialist, 2),
    "cz_zprava": (cz_zprava, 1),
    "sv_brev": (sv_brev, 1),
}
