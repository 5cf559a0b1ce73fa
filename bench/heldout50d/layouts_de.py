"""German-language layouts (Germany, Austria, Switzerland)."""

from __future__ import annotations

import datetime as dt

from bench.heldout50d import names
from bench.heldout50d.common import Layout, address, addressee, paragraphs, upper
from bench.heldout50d.context import Ctx
from bench.heldout50d.pages import Doc, fmt


def ed_short_note(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 9.5)
    hospital = "St. Josefs-Krankenhaus Emmendingen"
    doc.text(
        105,
        16,
        ctx.sender(
            hospital,
            "Zentrale Notaufnahme, St. Josefs-Krankenhaus Emmendingen",
            "Zentrale Notaufnahme",
            fax="07641 454-2299",
        ),
        14,
        "bold",
        "center",
    )
    doc.text(105, 22, "Zentrale Notaufnahme · Chefarzt Dr. med. Bernd Halbach", 9, align="center")
    doc.text(
        105,
        27,
        "Gartenstraße 44 · 79312 Emmendingen · Tel. 07641 454-0 · Fax 07641 454-2299",
        8,
        align="center",
    )
    doc.stamp = (170, 45)
    y = addressee(doc, practice, 25, 48, "de")
    admitted = ctx.days(-1, 0)
    y = doc.text(
        25, y + 10, ctx.title("Notfall-Kurzbericht", "Kurzarztbrief Notaufnahme"), 13, "bold"
    )
    rows = [
        ("Name, Vorname:", ctx.named(f"{upper(ctx.p.surname)}, {ctx.p.given}")),
        ("Geb.-Datum:", ctx.born("dmy")),
        ("Anschrift:", address(ctx.p)),
        (
            "Aufnahme:",
            f"{ctx.other(admitted, 'admission', 'dmy')}, "
            f"{ctx.rng.randint(0, 23):02d}:{ctx.rng.randint(0, 59):02d} Uhr",
        ),
        (
            "Vorstellungsgrund:",
            ctx.pick(["Thoraxschmerz", "Synkope", "Sturz", "Dyspnoe", "Bauchschmerzen"]),
        ),
    ]
    y += 3
    for label, value in rows:
        doc.text(25, y, label, font_key="bold")
        y = doc.text(65, y, value) + 1
    y = paragraphs(
        doc,
        y + 4,
        [
            "Diagnose: V.a. hypertensive Entgleisung, ACS laborchemisch ausgeschlossen "
            "(hs-Troponin "
            "2x negativ). EKG: Sinusrhythmus, keine ST-Streckenveränderungen.",
            "Procedere: Entlassung nach Hause in stabilem Zustand. Wir bitten um "
            "Blutdruckkontrolle "
            "in Ihrer Praxis innerhalb einer Woche und ggf. Anpassung der Medikation.",
            "Medikation bei Entlassung: Ramipril 5 mg 1-0-0, Amlodipin 5 mg 0-0-1.",
        ],
    )
    doc.text(25, y + 6, f"Emmendingen, {ctx.dated(ctx.pick(['dmy_short', 'dmy']))}")
    signer = ctx.person(ctx.doctor("Dr. med."), "signing doctor")
    doc.block(25, y + 22, [signer, "Assistenzarzt/-ärztin der Notaufnahme"], 9)
    return doc


def out_of_hours(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("cond", 10)
    doc.text(
        20,
        18,
        ctx.sender(
            "Notfallpraxis Waldkirch",
            "Ärztlicher Bereitschaftsdienst Waldkirch",
            "Ärztlicher Bereitschaftsdienst",
            fax="07681 209-113",
        ),
        15,
        "condb",
    )
    doc.text(
        20, 24, "Ärztlicher Bereitschaftsdienst · Bürgermeister-Hall-Str. 12 · 79183 Waldkirch", 8
    )
    doc.text(20, 28.5, "Bundesweit erreichbar unter 116117", 8)
    doc.stamp = (165, 60)
    doc.text(20, 44, "An die weiterbehandelnde Hausarztpraxis:", 8)
    y = addressee(doc, practice, 20, 49)
    y = doc.text(
        20, y + 8, ctx.title("Bericht über die Behandlung im Bereitschaftsdienst"), 12, "condb"
    )
    visit = ctx.date
    doc.text(20, y + 4, "Datum:", font_key="condb")
    doc.text(45, y + 4, ctx.dated(ctx.pick(["iso", "dmy"])))
    doc.text(95, y + 4, f"Uhrzeit: {ctx.rng.randint(18, 23)}:{ctx.rng.choice(['05', '20', '40'])}")
    y += 10
    patient = f"{ctx.p.given} {ctx.p.surname}"
    doc.text(20, y, "Patient/in:", font_key="condb")
    y = doc.text(45, y, f"{ctx.named(patient)}, geb. am {ctx.born('dmy')}") + 1
    doc.text(20, y, "Wohnort:", font_key="condb")
    y = doc.text(45, y, address(ctx.p)) + 1
    doc.text(20, y, "Art:", font_key="condb")
    y = doc.text(45, y, ctx.pick(["Hausbesuch", "Sitzpraxis"])) + 4
    y = paragraphs(
        doc,
        y,
        [
            "Anamnese: seit zwei Tagen Fieber bis 39,2 °C, Husten mit gelblichem Auswurf, "
            "Gliederschmerzen. Keine Atemnot in Ruhe.",
            "Befund: RR 135/80 mmHg, Puls 96/min, SpO2 95 %, feinblasige RG rechts basal.",
            "Therapie: Amoxicillin 1 g 1-1-1 für 5 Tage, Paracetamol bei Bedarf.",
            "Bitte Wiedervorstellung in Ihrer Sprechstunde am "
            f"{ctx.other(ctx.days(2, 4), 'requested follow-up', 'dmy')}.",
        ],
        x=20,
        width=170,
    )
    signer = ctx.person(ctx.doctor("Dr. med."), "signing doctor")
    doc.block(20, y + 12, [signer, "Diensthabende/r Ärztin/Arzt"], 9)
    del visit
    return doc


def orthodontic_mother_child(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("serif", 10)
    owner = ctx.doctor("Dr. med. dent.")
    doc.block(
        190,
        18,
        [
            ctx.sender(
                "Kieferorthopädische Fachpraxis am Martinstor",
                f"Kieferorthopädie {owner}",
                fax="0761 38 21 99",
            )
        ],
        11,
        "serifb",
        "right",
    )
    doc.block(
        190,
        24,
        [
            ctx.person(owner, "orthodontist (practice owner)"),
            "Fachzahnarzt für Kieferorthopädie",
            "Rempartstraße 9, 79098 Freiburg",
            "Tel. 0761 38 21 90",
        ],
        8,
        align="right",
    )
    doc.stamp = (40, 32)
    y = addressee(doc, practice, 25, 52, "de")
    doc.text(190, 58, f"Freiburg, {ctx.dated('long_de')}", align="right")
    mother_birth = ctx.p.birth - dt.timedelta(days=ctx.rng.randint(24 * 365, 38 * 365))
    mother = f"{ctx.rng.choice(names.FEMALE)} {ctx.p.surname}"
    y = doc.text(
        25, y + 10, ctx.title("Kieferorthopädische Behandlung – Zwischenbericht"), 11, "serifb"
    )
    y = doc.text(
        25,
        y + 2,
        f"Versicherte: {ctx.person(mother, 'mother (the insured)')}, geb. "
        f"{ctx.other(mother_birth, 'mother’s birth date', 'dmy')}",
    )
    y = doc.text(
        25,
        y + 1,
        f"Patient/in: {ctx.named(f'{ctx.p.given} {ctx.p.surname}')}, geb. {ctx.born('dmy')}",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege, wir behandeln "
            f"{ctx.p.first} seit "
            f"{ctx.other(ctx.days(-400, -200), 'treatment start', 'dmy')} mit einer "
            "festsitzenden Multibracket-Apparatur "
            "(KIG-Einstufung D4, vergrößerter Overjet).",
            "Die Mitarbeit ist gut. Wegen rezidivierender Mundwinkelrhagaden und einer auffälligen "
            "Mundatmung bitten wir um HNO-ärztliche bzw. pädiatrische Mitbeurteilung.",
            "Der nächste Kontrolltermin ist am "
            f"{ctx.other(ctx.days(20, 50), 'next appointment', 'dmy')}.",
        ],
    )
    ctx.notes.append(
        "the insured mother's name and birth date stand before the child's: the letter is "
        "about the child"
    )
    doc.block(25, y + 8, ["Mit freundlichen kollegialen Grüßen", "", "", owner])
    return doc


def psychotherapy(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    therapist = ctx.rng.choice(
        ["Dipl.-Psych. Miriam Falk", "Dipl.-Psych. Jonas Wendt", "M.Sc. Psych. Lea Aydın"]
    )
    org = f"Praxis für Psychotherapie {therapist}"
    y = addressee(doc, practice, 25, 45)
    y = doc.text(
        25,
        y + 12,
        ctx.title("Bericht an den Konsiliararzt", "Psychotherapeutischer Bericht"),
        11,
        "bold",
    )
    who = f"{ctx.p.salutation('de')} {ctx.p.given} {ctx.p.surname}"
    y = doc.text(25, y + 2, f"Betr.: {ctx.named(who)}, geb. {ctx.born('dmy')}, {address(ctx.p)}")
    first = ctx.days(-60, -20)
    y = paragraphs(
        doc,
        y + 6,
        [
            "Sehr geehrte Kollegin, sehr geehrter Kollege,",
            "o. g. Patient/in befindet sich seit dem "
            f"{ctx.other(first, 'first session', 'dmy')} in "
            "meiner Behandlung (probatorische Sitzungen). Geplant ist eine Kurzzeittherapie "
            "(Verhaltenstherapie) wegen einer mittelgradigen depressiven Episode (F32.1).",
            "Ich bitte um den Konsiliarbericht (Muster 22) und um Mitteilung somatischer Befunde, "
            "insbesondere Schilddrüsenwerte und aktuelle Medikation.",
            "Mit freundlichen Grüßen",
        ],
    )
    doc.text(25, y + 4, f"Freiburg, den {ctx.dated(ctx.pick(['long_de', 'dmy']))}")
    doc.text(25, y + 22, therapist)
    doc.text(25, y + 26.5, "Psychologische Psychotherapeutin / Psychologischer Psychotherapeut", 8)
    ctx.sender(org, therapist, fax="0761 55 66 71")
    doc.text(105, 282, org, 8, align="center")
    doc.text(
        105,
        286,
        "Wilhelmstraße 21 · 79098 Freiburg · Tel. 0761 55 66 70 · Fax 0761 55 66 71",
        7,
        align="center",
    )
    doc.stamp = (160, 30)
    ctx.notes.append(
        "no letterhead: the sender is only in the footer and the signature; the date stands "
        "at the end"
    )
    return doc


def occupational_health(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    company = "Brenner Maschinenbau GmbH"
    service = "Werksärztlicher Dienst"
    doc.text(25, 18, company.upper(), 13, "bold")
    doc.text(
        25, 24, ctx.sender(f"{service} der {company}", service, company, fax="07633 801-499"), 9
    )
    doc.text(25, 28, "Industriestraße 7 · 79189 Bad Krozingen", 8)
    doc.stamp = (165, 20)
    y = addressee(doc, practice, 25, 50, "de")
    doc.text(140, 50, "Datum:", 9, "bold")
    doc.text(160, 50, ctx.dated(ctx.pick(["iso", "dmy"])), 9)
    doc.text(140, 55, "Pers.-Nr.:", 9, "bold")
    doc.text(160, 55, str(ctx.rng.randint(10000, 99999)), 9)
    y = doc.text(
        25,
        y + 10,
        ctx.title("Mitteilung an den behandelnden Arzt", "Arbeitsmedizinische Vorsorge"),
        11,
        "bold",
    )
    y = doc.text(25, y + 2, f"Mitarbeiter/in: {ctx.named(f'{ctx.p.surname}, {ctx.p.given}')}")
    y = doc.text(25, y + 1, f"Geburtsdatum: {ctx.born('iso')}")
    exam = ctx.days(-10, -1)
    y = paragraphs(
        doc,
        y + 5,
        [
            "Bei der arbeitsmedizinischen Vorsorge (Lärm, G 20) am "
            f"{ctx.other(exam, 'examination', 'dmy')} "
            "zeigte sich im Tonaudiogramm eine beidseitige Hochtonsenke bei 4 kHz bis 35 dB.",
            "Mit Einverständnis des/der Beschäftigten (Schweigepflichtentbindung liegt vor) "
            "bitten wir "
            "um HNO-ärztliche Abklärung. Gehörschutz wurde angepasst.",
            "Mit freundlichen Grüßen",
        ],
    )
    signer = ctx.person(ctx.doctor("Dr. med."), "company doctor")
    doc.block(25, y + 14, [signer, "Fachärztin/Facharzt für Arbeitsmedizin"], 9)
    return doc


def endoscopy(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 9.5)
    doc.text(
        25,
        16,
        ctx.sender(
            "Gastroenterologische Gemeinschaftspraxis Freiburg-Süd",
            "Gastroenterologie Freiburg-Süd",
            fax="0761 47 11 29",
        ),
        12,
        "bold",
    )
    doc.text(
        25,
        21,
        "Dr. med. Sven Hollmann · Dr. med. Aylin Karaca · Basler Straße 61 · 79100 Freiburg",
        8,
    )
    doc.stamp = (170, 34)
    y = addressee(doc, practice, 25, 40)
    exam = ctx.days(-2, -1)
    y = doc.text(25, y + 8, ctx.title("Koloskopie-Befund", "Koloskopie"), 13, "bold") + 2
    table = [
        ("Patient", ctx.named(f"{ctx.p.surname}, {ctx.p.given}")),
        ("Geb.-Datum", ctx.born("dmy")),
        ("Adresse", address(ctx.p)),
        ("Untersuchung am", ctx.other(exam, "examination", "dmy")),
        ("Befund-Nr.", f"K-{ctx.rng.randint(1000, 9999)}/{exam.year % 100}"),
    ]
    for label, value in table:
        doc.text(27, y, label, 9, "bold")
        y = doc.text(70, y, value, 9) + 1.5
    y = paragraphs(
        doc,
        y + 4,
        [
            "Indikation: Vorsorge, positiver iFOBT. Vorbereitung: gut (BBPS 8). Zökum mit Ileum "
            "terminale erreicht.",
            "Befund: im Colon sigmoideum 8 mm großer sessiler Polyp, Schlingenabtragung in toto, "
            "Histologie folgt. Übrige Schleimhaut unauffällig. Divertikulose des Sigmas.",
            "Empfehlung: Kontrollkoloskopie je nach Histologie in 3 bis 5 Jahren.",
        ],
    )
    doc.text(25, y + 6, f"Freiburg, {ctx.dated(ctx.pick(['dmy', 'long_de']))}")
    signer = ctx.person("Dr. med. Aylin Karaca", "examining doctor")
    doc.text(25, y + 20, signer, 9)
    return doc


def ophthalmology_at(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "AT")
    doc = Doc("serif", 10)
    doctor = "Dr. Clemens Aigner"
    doc.block(
        190,
        16,
        [
            ctx.sender(f"Augenarztpraxis {doctor}", doctor, fax="+43 1 526 44 90-9"),
            "Facharzt für Augenheilkunde und Optometrie",
            "Neubaugasse 34/2, 1070 Wien",
            "Tel. +43 1 526 44 90",
            "alle Kassen",
        ],
        9,
        align="right",
    )
    doc.stamp = (40, 20)
    y = addressee(doc, practice, 25, 50)
    doc.text(190, 72, f"Wien, am {ctx.dated('dmy_nopad')}", align="right")
    ctx.title(None)
    sv = f"{ctx.rng.randint(1000, 9999)} {fmt(ctx.p.birth, 'ddmmyy')}"
    who = f"{ctx.p.salutation('de')} {ctx.p.given} {ctx.p.surname}"
    y = doc.text(
        25,
        y + 16,
        f"Betr.: {ctx.named(who)}, geb. {ctx.born('dmy_nopad')}, SVNr. {sv}",
        font_key="serifb",
    )
    control = ctx.days(120, 200)
    y = paragraphs(
        doc,
        y + 6,
        [
            "Liebe Frau Kollegin!",
            "Ich sah o. g. Patient/in heute zur Kontrolle bei bekanntem Offenwinkelglaukom. Tensio "
            "rechts 17, links 19 mmHg unter Latanoprost. Papillen randscharf, CDR 0,5/0,6.",
            "Gesichtsfeld stabil. Die Therapie wird unverändert fortgeführt.",
            f"Nächste Kontrolle: {ctx.other(control, 'next appointment', 'long_at')}.",
            "Mit kollegialen Grüßen",
        ],
    )
    doc.text(25, y + 12, doctor)
    ctx.notes.append(
        "no subject line: 'Betr.' names the patient only, so the title is null; "
        "the SV number's last six digits repeat the birth date"
    )
    return doc


def dermatology_ch(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "CH")
    doc = Doc("sans", 10)
    doc.text(
        25,
        18,
        ctx.sender(
            "Dermatologie am Bellevue", "Dermatologische Praxis am Bellevue", fax="044 251 70 21"
        ),
        14,
        "bold",
    )
    doc.text(
        25, 23.5, "Dr. med. Corinne Zollinger · Fachärztin FMH für Dermatologie und Venerologie", 8
    )
    doc.text(25, 27.5, "Theaterstrasse 12 · 8001 Zürich · T 044 251 70 20", 8)
    doc.stamp = (170, 24)
    y = addressee(doc, practice, 110, 48)
    doc.text(110, y + 8, f"Zürich, {ctx.dated('long_de')}")
    y = doc.text(25, y + 20, ctx.title("Histologischer Befund und Procedere"), 11, "bold")
    sample = ctx.days(-14, -7)
    y = doc.text(
        25,
        y + 2,
        f"Patientin/Patient: {ctx.named(f'{ctx.p.surname} {ctx.p.given}')}, {ctx.born('dmy')}",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            "Lieber Kollege",
            f"Die am {ctx.other(sample, 'biopsy (sample)', 'dmy')} entnommene Stanzbiopsie "
            "vom Rücken "
            "(Eingang Pathologie "
            f"{ctx.other(sample + dt.timedelta(days=1), 'sample received by pathology', 'dmy')}) "
            "zeigt ein superfiziell spreitendes Melanom, Tumordicke 0,6 mm (pT1a), R0.",
            "Wir haben eine Nachexzision mit 1 cm Sicherheitsabstand geplant. Eine "
            "Sentinel-Biopsie "
            "ist nicht indiziert. Nachsorge gemäss Leitlinie alle 3 Monate.",
            "Freundliche Grüsse",
        ],
    )
    doc.text(25, y + 12, ctx.person("Dr. med. Corinne Zollinger", "signing doctor"))
    ctx.notes.append("Swiss order 'Surname Given' and the birth date without a label")
    return doc


def kita_certificate(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10.5)
    doc.text(
        105,
        20,
        ctx.sender("Ev. Kindertagesstätte Regenbogen", "Kita Regenbogen", fax="07661 9040-19"),
        15,
        "bold",
        "center",
    )
    doc.text(
        105,
        26,
        "Träger: Ev. Kirchengemeinde Kirchzarten · Talvogteistraße 5 · 79199 Kirchzarten",
        8,
        align="center",
    )
    doc.stamp = (170, 45)
    y = addressee(doc, practice, 25, 45)
    doc.text(185, y + 4, ctx.dated(ctx.pick(["dmy", "long_de"])), align="right")
    y = doc.text(
        25,
        y + 12,
        ctx.title("Bitte um ärztliche Bescheinigung", "Ärztliche Bescheinigung"),
        12,
        "bold",
    )
    parent = ctx.person(f"{ctx.rng.choice(names.FEMALE)} {ctx.p.surname}", "parent")
    y = paragraphs(
        doc,
        y + 4,
        [
            "Sehr geehrte Damen und Herren,",
            f"für das Kind {ctx.named(f'{ctx.p.given} {ctx.p.surname}')} (geboren am "
            f"{ctx.born('long_de')}) "
            "benötigen wir nach der Erkrankung an Scharlach eine ärztliche Bescheinigung, dass "
            "der Besuch der Einrichtung wieder möglich ist (§ 34 IfSG).",
            f"Die Mutter, Frau {parent}, wird die Bescheinigung in Ihrer Praxis abholen.",
            f"Das Kind war ab dem {ctx.other(ctx.days(-9, -5), 'absent from', 'dmy')} nicht "
            "in der Einrichtung.",
            "Vielen Dank und freundliche Grüße",
        ],
    )
    doc.text(
        25,
        y + 12,
        ctx.person(f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}", "Kita head"),
    )
    doc.text(25, y + 16.5, "Leitung", 8)
    return doc


def court_request(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("serif", 10.5)
    doc.block(
        25,
        16,
        [
            ctx.sender(
                "Amtsgericht Emmendingen",
                "Amtsgericht Emmendingen – Betreuungsgericht",
                fax="07641 450-222",
            ),
            "– Betreuungsgericht –",
        ],
        12,
        "serifb",
    )
    doc.text(25, 27, "Amtsgericht · Postfach 1120 · 79301 Emmendingen", 7)
    y = addressee(doc, practice, 25, 34)
    doc.block(
        130,
        40,
        [
            "Geschäftsnummer:",
            f"{ctx.rng.randint(1, 9)} XVII {ctx.rng.randint(10, 400)}/{ctx.date.year % 100}",
            "Bitte bei allen Schreiben angeben",
            "",
            f"Emmendingen, {ctx.dated(ctx.pick(['dmy', 'long_de']))}",
        ],
        9,
    )
    doc.stamp = (165, 20)
    y = doc.text(
        25, y + 14, ctx.title("Ersuchen um Übersendung eines ärztlichen Attestes"), 11, "serifb"
    )
    y = paragraphs(
        doc,
        y + 4,
        [
            f"In der Betreuungssache betreffend {ctx.named(f'{ctx.p.given} {ctx.p.surname}')}, "
            f"geboren am {ctx.born('dmy')}, wohnhaft {address(ctx.p)},",
            "wird um Übersendung eines ärztlichen Attestes gebeten, aus dem sich ergibt, ob die "
            "Betroffene bzw. der Betroffene aufgrund einer psychischen Krankheit oder Behinderung "
            "ihre/seine Angelegenheiten ganz oder teilweise nicht besorgen kann.",
            f"Anhörungstermin ist der {ctx.other(ctx.days(20, 40), 'hearing', 'dmy')}. "
            "Die Kosten werden nach dem JVEG erstattet.",
            "Auf Anordnung",
        ],
    )
    doc.text(
        25,
        y + 10,
        ctx.person(
            f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}", "court clerk"
        ),
    )
    doc.text(25, y + 14.5, "Justizfachangestellte", 8)
    doc.text(
        25,
        y + 22,
        "Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.",
        8,
    )
    return doc


def health_office(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    office = "Landratsamt Breisgau-Hochschwarzwald"
    doc.text(190, 16, office, 12, "bold", "right")
    doc.text(190, 21, "Fachbereich Gesundheitsschutz – Gesundheitsamt", 9, align="right")
    ctx.sender(
        office,
        f"{office} – Gesundheitsamt",
        "Gesundheitsamt Breisgau-Hochschwarzwald",
        fax="0761 2187-3099",
    )
    doc.text(25, 40, "Landratsamt · Sautierstraße 30 · 79104 Freiburg", 7)
    y = addressee(doc, practice, 25, 45)
    doc.block(
        135,
        45,
        [
            "Ihr Ansprechpartner:",
            ctx.person(
                f"{ctx.rng.choice(names.MALE)} {ctx.rng.choice(names.SURNAMES)}",
                "health office officer",
            ),
            "Telefon 0761 2187-3041",
            "Aktenzeichen 53.1-TB",
            "",
            f"Datum: {ctx.dated('dmy')}",
        ],
        8.5,
    )
    doc.stamp = (160, 26)
    y = doc.text(
        25,
        y + 18,
        ctx.title("Tuberkulose-Umgebungsuntersuchung nach § 26 IfSG", "Umgebungsuntersuchung"),
        11,
        "bold",
    )
    contact = ctx.days(-40, -20)
    who = f"{ctx.p.salutation('de')} {ctx.p.given} {ctx.p.surname}"
    y = paragraphs(
        doc,
        y + 4,
        [
            "Sehr geehrte Frau Dr. Albers,",
            f"{ctx.named(who)} (geb. {ctx.born('dmy')}) "
            f"hatte bis zum {ctx.other(contact, 'last contact with the index case', 'dmy')} "
            "engen Kontakt "
            "zu einer an offener Lungentuberkulose erkrankten Person.",
            "Wir bitten Sie, acht Wochen nach dem letzten Kontakt einen "
            "Interferon-Gamma-Test (IGRA) "
            "durchzuführen und uns das Ergebnis mitzuteilen. Die Kosten übernimmt das "
            "Gesundheitsamt.",
            "Mit freundlichen Grüßen",
            "Im Auftrag",
        ],
    )
    return doc


def lab_cumulative(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("mono", 8.5)
    doc.text(
        20,
        14,
        ctx.sender("MVZ Labor Dr. Ebner & Kollegen", "Labor Dr. Ebner", fax="0761 8880-100"),
        12,
        "bold",
    )
    doc.text(
        20,
        19,
        "Laboratoriumsmedizin · Mikrobiologie · Hans-Bunte-Str. 18 · 79108 Freiburg",
        7,
        "sans",
    )
    doc.stamp = (175, 14)
    y = addressee(doc, practice, 20, 30, size=8.5)
    printed = f"Druckdatum: {ctx.dated('dmy')} 06:{ctx.rng.randint(10, 59)}"
    doc.text(190, 30, printed, 8, align="right")
    y = doc.text(20, y + 6, ctx.title("KUMULATIVBEFUND", "Kumulativbefund"), 12, "bold")
    doc.text(20, y + 2, f"Name: {ctx.named(f'{upper(ctx.p.surname)}, {ctx.p.given}')}")
    doc.text(110, y + 2, f"Geb.: {ctx.born('dmy')}")
    y = doc.text(150, y + 2, f"Auftr.: {ctx.rng.randint(4000000, 4999999)}") + 1
    if ctx.p.record is not None:  # the practice's own id, sent with the order
        ctx.facts["patient_id"] = ctx.p.record.id
        ctx.printed.append(ctx.p.record.id)
        ctx.notes.append(
            "the lab prints the practice's patient id (Einsender-Pat.-Nr.) from the order"
        )
    y = doc.text(20, y, f"Einsender-Pat.-Nr.: {ctx.p.record.id if ctx.p.record else '--'}") + 4
    samples = sorted({ctx.days(-200, -100), ctx.days(-90, -30), ctx.days(-3, -1)})
    header = (
        "Parameter          Einheit   "
        + "  ".join(ctx.other(day, "sample", "dmy_short") for day in samples)
        + "   Referenz"
    )
    y = doc.text(20, y, header, font_key="mono") + 1
    rows = [
        ("Kreatinin", "mg/dl", ["1,12", "1,24", "1,31+"], "0,5-1,1"),
        ("eGFR (CKD-EPI)", "ml/min", ["64", "57", "53-"], ">60"),
        ("Kalium", "mmol/l", ["4,6", "4,9", "5,2+"], "3,5-5,1"),
        ("HbA1c", "%", ["7,4", "7,1", "6,9+"], "<5,7"),
        ("TSH", "mU/l", ["2,10", "--", "1,84"], "0,3-4,2"),
    ]
    for name, unit, values, reference in rows[: 2 + len(samples)]:
        line = (
            f"{name:<19}{unit:<10}"
            + "  ".join(f"{v:<8}" for v in values[-len(samples) :])
            + f"   {reference}"
        )
        y = doc.text(20, y, line) + 1
    y = paragraphs(
        doc,
        y + 4,
        ["+ erhöht  - erniedrigt. Die Seite 2 enthält die Erregerdiagnostik."],
        x=20,
        width=170,
    )
    doc.text(190, 285, "Seite 1 von 2", 7, "sans", "right")
    doc.new_page()
    doc.text(
        20,
        14,
        f"MVZ Labor Dr. Ebner & Kollegen · {upper(ctx.p.surname)}, {ctx.p.given} · "
        f"{fmt(ctx.p.birth, 'dmy')}",
        8,
        "sans",
    )
    y = doc.text(20, 24, "MIKROBIOLOGIE", 11, "bold") + 2
    y = doc.block(
        20,
        y,
        [
            "Material: Mittelstrahlurin, Eingang "
            f"{ctx.other(samples[-1], 'urine sample received', 'dmy')}",
            "Keimzahl: 10^5 KBE/ml Escherichia coli",
            "Antibiogramm: Ampicillin R  Cefuroxim S  Nitrofurantoin S  Fosfomycin S  "
            "Trimethoprim R",
        ],
    )
    y = paragraphs(
        doc,
        y + 4,
        [
            "Befund validiert durch "
            f"{ctx.person('Dr. med. Petra Ebner', 'validating doctor')}, Fachärztin für "
            "Laboratoriumsmedizin."
        ],
        x=20,
        width=170,
    )
    doc.text(190, 285, "Seite 2 von 2", 7, "sans", "right")
    ctx.notes.append(
        "the print date is the letter date; three sample dates stand in the column heads; "
        "page 2 repeats name and birth date in its running head"
    )
    return doc


def palliative(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    doc.text(
        25,
        285,
        ctx.sender("SAPV-Team Breisgau", "Palliativ-Care-Team Breisgau", fax="0761 43 77 89"),
        8,
        "bold",
    )
    doc.text(
        25,
        289,
        "Spezialisierte ambulante Palliativversorgung · Habsburgerstr. 101 · 79104 Freiburg "
        "· Tel. 0761 43 77 80 (24 h)",
        7,
    )
    doc.text(190, 20, "PALLIATIV", 18, "bold", "right")
    doc.stamp = (40, 20)
    y = addressee(doc, practice, 25, 45, "de")
    doc.text(190, 45, ctx.dated("long_de"), align="right")
    y = doc.text(25, y + 10, ctx.title("Verlaufsbericht SAPV", "Verlaufsbericht"), 12, "bold")
    y = doc.text(
        25,
        y + 2,
        f"{ctx.named(f'{ctx.p.given} {ctx.p.surname}')}, *{ctx.born('dmy')}, {address(ctx.p)}",
    )
    daughter = ctx.person(
        f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}", "daughter (contact)"
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            f"Seit {ctx.other(ctx.days(-30, -10), 'SAPV start', 'dmy')} betreuen wir "
            "den/die Patient/in "
            "im Rahmen der Vollversorgung (metastasiertes Pankreaskarzinom).",
            "Symptomlast: Schmerzen unter Hydromorphon-Pumpe gut kontrolliert (NRS 2), Übelkeit "
            "rückläufig. Zunehmende Schwäche, überwiegend bettlägerig.",
            f"Ansprechpartnerin ist die Tochter, Frau {daughter}, Tel. 0170 "
            f"{ctx.rng.randint(1000000, 9999999)}.",
            "Eine Patientenverfügung liegt vor (keine Krankenhauseinweisung, keine Reanimation).",
            "Mit freundlichen Grüßen",
        ],
    )
    doc.text(25, y + 10, ctx.person(ctx.doctor("Dr. med."), "palliative care doctor"))
    ctx.notes.append("the sender appears only in the footer; 'PALLIATIV' is a logo word")
    return doc


def midwife(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    midwife_name = f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}"
    doc.text(
        25,
        18,
        ctx.sender("Hebammenpraxis Storchennest", f"Hebamme {midwife_name}", fax="07665 93 21 08"),
        13,
        "bold",
    )
    doc.text(
        25, 23, f"{ctx.person(midwife_name, 'midwife')}, Hebamme · Mühlenweg 4 · 79232 March", 8
    )
    doc.stamp = (170, 20)
    y = addressee(doc, practice, 25, 42)
    doc.text(185, 42, f"March, {ctx.dated(ctx.pick(['dmy', 'dmy_short']))}", align="right")
    mother_birth = ctx.p.birth - dt.timedelta(days=ctx.rng.randint(22 * 365, 40 * 365))
    mother = f"{ctx.rng.choice(names.FEMALE)} {ctx.p.surname}"
    y = doc.text(
        25, y + 10, ctx.title("Hebammenbericht zur Übergabe", "Hebammenbericht"), 12, "bold"
    )
    y = doc.text(
        25,
        y + 3,
        f"Mutter: {ctx.person(mother, 'mother')}, geb. "
        f"{ctx.other(mother_birth, 'mother’s birth date', 'dmy')}",
    )
    y = doc.text(
        25,
        y + 1,
        f"Kind: {ctx.named(f'{ctx.p.given} {ctx.p.surname}')}, geb. {ctx.born('dmy')} "
        f"um {ctx.rng.randint(0, 23):02d}:{ctx.rng.randint(0, 59):02d} Uhr, "
        f"{ctx.rng.randint(2900, 4100)} g",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            "Spontangeburt in der 39+4 SSW, komplikationsloser Wochenbettverlauf. Das Kind wird "
            "voll gestillt, Gewichtszunahme regelrecht.",
            "Auffällig ist ein persistierender Ikterus bis zum 10. Lebenstag. Bilirubin transkutan "
            "zuletzt 11,2 mg/dl. Wir bitten um Vorstellung zur U3 und Kontrolle des Bilirubins.",
            "Viele Grüße",
        ],
    )
    doc.text(25, y + 8, midwife_name)
    ctx.notes.append("mother and newborn both carry birth dates; the letter is about the child")
    return doc


def cost_estimate(ctx: Ctx) -> Doc:
    ctx.setup("de", "DE", addressed=False)
    doc = Doc("serif", 10)
    prof = "Prof. Dr. med. Ulrich Sandner"
    doc.text(
        105,
        16,
        ctx.sender(
            "Privatpraxis für Orthopädie und Sportmedizin",
            f"Privatpraxis {prof}",
            fax="0761 70 70 19",
        ),
        12,
        "serifb",
        "center",
    )
    doc.text(105, 21, f"{prof} · Zähringer Straße 3 · 79108 Freiburg", 8, align="center")
    doc.stamp = (175, 35)
    title = f"{ctx.p.title} " if ctx.p.title else ""
    block = [
        ctx.named(f"{ctx.p.salutation('de')} {title}{ctx.p.given} {ctx.p.surname}"),
        ctx.p.street,
        f"{ctx.p.postcode} {ctx.p.city}",
    ]
    y = doc.block(25, 45, block)
    doc.text(185, 45, f"Freiburg, den {ctx.dated(ctx.pick(['dmy', 'long_de']))}", align="right")
    y = doc.text(25, y + 12, ctx.title("Kostenvoranschlag nach GOÄ"), 12, "serifb")
    y = doc.text(25, y + 2, f"Patient/in: {ctx.p.given} {ctx.p.surname}, geb. {ctx.born('dmy')}")
    y = (
        doc.text(
            25,
            y + 2,
            "Geplante Leistung: Arthroskopie Kniegelenk am "
            f"{ctx.other(ctx.days(20, 60), 'planned operation', 'dmy')}",
        )
        + 3
    )
    rows = [
        ("2", "Ausstellung Wiederholungsrezept", "1,8", "4,66"),
        ("3", "Eingehende Beratung", "2,3", "20,11"),
        ("2191", "Arthroskopische Operation", "2,3", "450,80"),
        ("445", "Zuschlag ambulante Operation", "1,0", "67,49"),
    ]
    doc.text(25, y, "GOÄ-Nr.   Leistung                           Faktor   Betrag EUR", 9, "mono")
    y += 5
    for number, text, factor, amount in rows:
        y = doc.text(25, y, f"{number:<10}{text:<35}{factor:<9}{amount:>10}", 9, "mono") + 1
    y = paragraphs(
        doc,
        y + 4,
        [
            "Der Kostenvoranschlag ist unverbindlich; Abweichungen bis 20 % sind möglich. Bitte "
            "klären Sie die Kostenübernahme vorab mit Ihrer privaten Krankenversicherung.",
            "Mit freundlichen Grüßen",
        ],
    )
    doc.text(25, y + 10, prof)
    ctx.notes.append(
        "addressed to the patient (not to a practice): the first mention is the address block"
    )
    return doc


def handwritten_note(ctx: Ctx) -> Doc:
    ctx.setup("de", "DE", addressed=False)
    ctx.handwritten = True
    doc = Doc("hand", 13)
    doc.block(
        25,
        18,
        [
            ctx.sender(
                "Praxis Dr. med. Florian Kehr", "Dr. med. Florian Kehr", fax="07661 62 40 9"
            ),
            "Allgemeinmedizin · Hauptstr. 3 · 79256 Buchenbach",
            "Tel. 07661 62 40 0",
        ],
        9,
        "bold",
    )
    doc.pages[-1].lines[1].font = "sans"
    doc.pages[-1].lines[2].font = "sans"
    doc.stamp = (160, 22)
    ctx.title(None)
    lines = [
        "Liebe Kollegin,",
        f"ich sah {ctx.named(('Frau ' if ctx.p.sex == 'F' else 'Herrn ') + ctx.p.surname)}",
        f"(geb. {ctx.born('dmy_nopad')}) in Vertretung.",
        "Seit 3 Tagen Schwindel + Übelkeit,",
        "neurolog. o.B., RR 170/95.",
        "Bitte um Übernahme + Kontrolle.",
        "Danke & Gruß",
        "F. Kehr",
        ctx.dated("dmy_nopad_short"),
    ]
    y = 50.0
    for line in lines:
        doc.text(
            25 + ctx.rng.uniform(-2, 3),
            y,
            line,
            13 + ctx.rng.uniform(-1, 1),
            angle=ctx.rng.uniform(-2.5, 2.5),
        )
        y += 11 + ctx.rng.uniform(-1, 2)
    ctx.facts["given_written"] = ""
    ctx.notes.append(
        "handwritten: only salutation and surname (no given name); the register "
        "match needs the birth date"
    )
    return doc


LAYOUTS = [
    Layout("de_ed_short_note", ed_short_note),
    Layout("de_out_of_hours", out_of_hours),
    Layout("de_orthodontic_mother_child", orthodontic_mother_child, (8, 15)),
    Layout("de_psychotherapy_footer_only", psychotherapy),
    Layout("de_occupational_health", occupational_health, (18, 64)),
    Layout("de_endoscopy_table", endoscopy, (45, 85)),
    Layout("at_ophthalmology_no_title", ophthalmology_at),
    Layout("ch_dermatology_histology", dermatology_ch),
    Layout("de_kita_certificate_request", kita_certificate, (1, 6)),
    Layout("de_court_records_request", court_request, (60, 95)),
    Layout("de_health_office_notice", health_office),
    Layout("de_lab_cumulative", lab_cumulative),
    Layout("de_palliative_footer_sender", palliative, (50, 95)),
    Layout("de_midwife_newborn", midwife, (0, 0)),
    Layout("de_goae_cost_estimate", cost_estimate, titled=True),
    Layout("de_handwritten_note", handwritten_note),
]
