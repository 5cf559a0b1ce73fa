"""German letter kinds: discharge letter, specialist report, radiology, insurer, pension fund,
court, care home, pharmacy, rehabilitation clinic with its name only in the footer."""

from __future__ import annotations

from bench.heldout50h.context import Context
from bench.heldout50h.frame import (
    Draft,
    Org,
    address_block,
    closing,
    footer_lines,
    info_block,
    letterhead,
)
from bench.heldout50h.page import Writer

DIAGNOSES = (
    "Community-acquired Pneumonie rechts basal (J18.1)",
    "Hypertensive Entgleisung bei bekannter arterieller Hypertonie (I10.01)",
    "Diabetes mellitus Typ 2, insulinpflichtig, entgleist (E11.73)",
    "Paroxysmales Vorhofflimmern, CHA2DS2-VASc 4 (I48.0)",
    "Akute Cholezystitis bei Cholezystolithiasis (K80.00)",
    "Exazerbierte COPD GOLD III (J44.11)",
    "Chronische Niereninsuffizienz Stadium G3b (N18.3)",
    "Sturzereignis mit Prellung der rechten Hüfte (S70.0)",
    "Eisenmangelanämie (D50.9)",
    "Hypothyreose (E03.9)",
    "Harnwegsinfekt mit E. coli (N39.0)",
    "Exsikkose (E86)",
)
MEDICATION = (
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Metformin 1000 mg 1-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Torasemid 10 mg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "L-Thyroxin 75 µg 1-0-0",
    "Insulin glargin 14 IE 0-0-1",
    "Tiotropium 2,5 µg 2 Hübe 1-0-0",
    "Metamizol 500 mg bei Bedarf bis 4x täglich",
    "Candesartan 8 mg 1-0-0",
)
GREETINGS = (
    "Mit freundlichen kollegialen Grüßen",
    "Mit freundlichen Grüßen",
    "Mit kollegialen Grüßen",
)


def _hospital(ctx: Context) -> Org:
    return ctx.rng.choice(
        (
            Org(
                "Klinikum Niederrhein-Süd",
                [
                    "Klinikum Niederrhein-Süd gGmbH",
                    "Klinik für Innere Medizin, Klinikum Niederrhein-Süd",
                ],
                [
                    "Klinik für Innere Medizin und Gastroenterologie",
                    "Chefarzt Prof. Dr. med. Lutz Ebbinghaus",
                ],
                "Lutherplatz 40",
                "47805 Krefeld",
                "02151 322-0",
                "02151 322-2190",
            ),
            Org(
                "St. Irmgardis-Hospital Süchteln",
                ["St. Irmgardis-Hospital", "Irmgardis-Hospital Süchteln"],
                ["Abteilung für Geriatrie", "Chefärztin Dr. med. Constanze Wirtz"],
                "Hindenburgstraße 31",
                "41749 Viersen",
                "02162 899-0",
                "02162 899-412",
            ),
            Org(
                "Evangelisches Krankenhaus Bethanien Moers",
                ["Krankenhaus Bethanien Moers", "Ev. Krankenhaus Bethanien"],
                ["Medizinische Klinik I – Kardiologie"],
                "Bethanienstraße 21",
                "47441 Moers",
                "02841 200-0",
                "02841 200-2266",
            ),
        )
    )


LAB_SERIES = (
    ("Natrium", "mmol/l"),
    ("Kalium", "mmol/l"),
    ("Kreatinin", "mg/dl"),
    ("Harnstoff", "mg/dl"),
    ("CRP", "mg/l"),
    ("Leukozyten", "/nl"),
    ("Hämoglobin", "g/dl"),
    ("Thrombozyten", "/nl"),
    ("GOT", "U/l"),
    ("GPT", "U/l"),
    ("Gamma-GT", "U/l"),
    ("Lipase", "U/l"),
    ("NT-proBNP", "pg/ml"),
    ("TSH", "mU/l"),
)


def _discharge_body(ctx: Context, w: Writer) -> None:
    """Diagnoses, course, findings, sometimes a lab series, medication."""
    rng = ctx.rng
    w.line("Diagnosen:", font_key="sansb")
    for diagnosis in rng.sample(DIAGNOSES, rng.randint(3, 6)):
        w.line(f"– {diagnosis}", x=w.left + 3)
    w.gap(3)
    w.line("Anamnese und Verlauf:", font_key="sansb")
    for sentence in rng.sample(COURSE, rng.randint(4, len(COURSE))):
        w.para(sentence)
    w.line("Befunde:", font_key="sansb")
    for finding in rng.sample(FINDINGS, rng.randint(3, len(FINDINGS))):
        w.para(finding, indent=3)
    if rng.random() < 0.45:
        w.line("Laborwerte im Verlauf:", font_key="sansb")
        w.line(
            f"{'Parameter':<16}{'Aufnahme':>10}{'Tag 3':>10}{'Entlassung':>12}",
            font_key="monob",
            size=8.5,
        )
        for name, unit in LAB_SERIES:
            values = [f"{rng.uniform(0.8, 140):.1f}".replace(".", ",") for _ in range(3)]
            w.line(
                f"{name:<16}{values[0]:>10}{values[1]:>10}{values[2]:>12} {unit}",
                font_key="mono",
                size=8.5,
            )
        w.gap(3)
    w.line("Medikation bei Entlassung:", font_key="sansb")
    for drug in rng.sample(MEDICATION, rng.randint(4, 8)):
        w.line(drug, x=w.left + 3)
    w.gap(3)
    w.para(
        "Wir bitten um Kontrolle der Nierenretentionsparameter und der Elektrolyte in einer Woche."
    )


def discharge(ctx: Context) -> Draft:
    """A hospital discharge letter over two or three pages, with admission and discharge dates."""
    org, rng = _hospital(ctx), ctx.rng
    w = Writer()
    where = ctx.pick(("left", "right", "centre"))
    letterhead(w.page, org, where, serif=rng.random() < 0.4)
    address_block(ctx, w.page, org, "left", 50.0)
    admitted = ctx.days(-rng.randint(9, 20))
    released = ctx.days(-rng.randint(0, 3))
    rows = [
        ("Unser Zeichen", f"{org.sub[0].split()[0][:3].upper()}/{rng.randint(1000, 9999)}"),
        ("Fall-Nr.", str(rng.randint(40_000_000, 49_999_999))),
        ("Station", f"{rng.randint(1, 9)}{ctx.pick(('A', 'B', 'C'))}"),
        ("Datum", ctx.dated("dot")),
    ]
    info_block(w.page, rows, 125.0, 58.0)
    w.y = 100.0
    title = ctx.pick(("Entlassungsbrief", "Vorläufiger Entlassungsbrief", "Arztbrief"))
    w.line(title, size=12, font_key="sansb")
    name = ctx.name(ctx.pick(("clerk", "comma")))
    w.line(
        f"Patient{'in' if ctx.spelling.sex == 'F' else ''}: {name}, geb. {ctx.dob('dot')}",
        font_key="sansb",
    )
    stay = (
        f"{ctx.other(admitted, 'admission', 'dot')} bis {ctx.other(released, 'discharge', 'dot')}"
    )
    w.line(f"Stationärer Aufenthalt vom {stay}")
    w.gap(4)
    w.para("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    w.para(
        f"wir berichten über {ctx.salutation()} {ctx.spelling.surname}, "
        "die/der sich in unserer stationären Behandlung befand."
    )
    w.continuation = [(f"{ctx.spelling.surname}, {ctx.spelling.given}, geb. {ctx.dob('dot')}", "l")]
    w.continuation.append(("Seite {page} von {total}", "r"))
    _discharge_body(ctx, w)
    senior = ctx.pick(
        ("Prof. Dr. med. Lutz Ebbinghaus", "Dr. med. Constanze Wirtz", "Dr. med. Omid Farahani")
    )
    closing(
        ctx,
        w,
        ctx.pick(GREETINGS),
        [(senior, "Chefarzt/Chefärztin"), ("Jana Lückemeyer", "Assistenzärztin")],
    )
    w.footer = footer_lines(org, rich=True)
    alternatives = [*org.alternatives, f"{org.name}, {org.sub[0]}"]
    return Draft(
        w.finish(), f"discharge-{where}", org.name, alternatives, title, [], org.name, org.fax
    )


COURSE = (
    "Die Aufnahme erfolgte über die Zentrale Notaufnahme mit zunehmender Belastungsdyspnoe und "
    "Unterschenkelödemen beidseits seit etwa zwei Wochen.",
    "Laborchemisch zeigten sich erhöhte Entzündungswerte (CRP 87 mg/l, Leukozyten 13,4/nl), "
    "wir begannen eine kalkulierte antibiotische Therapie mit Ampicillin/Sulbactam.",
    "Unter der Therapie besserte sich der Allgemeinzustand deutlich, die Patientin bzw. der "
    "Patient war bei Entlassung fieberfrei und kardiopulmonal kompensiert.",
    "Echokardiographisch fand sich eine leichtgradig eingeschränkte linksventrikuläre Funktion "
    "(EF 45 %) ohne relevante Klappenvitien.",
    "Die Blutzuckereinstellung wurde angepasst; eine Diabetesberatung hat stattgefunden.",
    "Ein Sturzrisiko besteht weiterhin; Physiotherapie wurde bereits eingeleitet.",
    "Die Ernährungsberatung empfiehlt eine eiweißreiche Kost und ausreichende Trinkmenge.",
    "Die Diuretika wurden bei einem Gewichtsverlust von 4,2 kg und rückläufigen Ödemen auf die "
    "unten genannte Dosis reduziert.",
    "Eine Gastroskopie zeigte keine Blutungsquelle; die Eisensubstitution erfolgte intravenös.",
)
FINDINGS = (
    "Röntgen Thorax: Infiltrat rechts basal, kein Pleuraerguss, Herz normal groß.",
    "Sonographie Abdomen: Cholezystolithiasis, Leber und Nieren unauffällig.",
    "EKG: Sinusrhythmus 78/min, Linkstyp, keine Erregungsrückbildungsstörungen.",
    "Labor bei Entlassung: Kreatinin 1,3 mg/dl, Kalium 4,4 mmol/l, CRP 12 mg/l, Hb 11,8 g/dl.",
    "Langzeit-EKG: überwiegend Sinusrhythmus, zwei kurze Episoden von Vorhofflimmern.",
    "Lungenfunktion: mittelgradige obstruktive Ventilationsstörung, FEV1 48 % des Solls.",
)


SPECIALISTS = (
    Org(
        "Kardiologische Praxis am Ostwall",
        ["Kardiologische Gemeinschaftspraxis am Ostwall", "Praxis am Ostwall"],
        [
            "Dr. med. Gero Lindqvist · Dr. med. Aylin Karadeniz",
            "Fachärzte für Innere Medizin und Kardiologie",
        ],
        "Ostwall 201",
        "47798 Krefeld",
        "02151 77 30 10",
        "02151 77 30 19",
    ),
    Org(
        "Neurologie im Kastell",
        ["Neurologische Praxis im Kastell", "Praxis Neurologie im Kastell Moers"],
        ["Dr. med. Wiebke Harmsen", "Fachärztin für Neurologie"],
        "Kastell 5",
        "47441 Moers",
        "02841 88 12 0",
        "02841 88 12 29",
    ),
)


def specialist(ctx: Context) -> Draft:
    """A specialist practice's report; the date may stand only at the end ("Ort, den ...")."""
    rng = ctx.rng
    org = ctx.rng.choice(SPECIALISTS)
    where = ctx.pick(("right", "left"))
    w = Writer()
    letterhead(w.page, org, where, serif=False)
    address_block(ctx, w.page, org, "left", 52.0)
    at_end = rng.random() < 0.6
    seen = ctx.days(-rng.randint(1, 10))
    if not at_end:
        info_block(w.page, [("", f"{org.place.split()[1]}, {ctx.dated('dot')}")], 140.0, 90.0)
    w.y = 104.0
    title: str | None = ctx.pick(("Befundbericht", "Arztbrief", "Konsiliarbericht", ""))
    if title:
        w.line(title, size=11.5, font_key="sansb")
    else:
        title = None
        ctx.notes.append("no heading: only the Betr. line about the patient")
    style = ctx.pick(("comma", "clerk", "upper"))
    w.line(f"Betr.: {ctx.name(style)}, *{ctx.dob('dot')}")
    w.line(f"Untersuchung am {ctx.other(seen, 'examination', 'dot')}")
    w.gap(4)
    w.para("Sehr geehrte Kollegin, sehr geehrter Kollege,")
    w.para(
        f"vielen Dank für die Überweisung von {ctx.salutation()} {ctx.spelling.surname}. "
        "Wir sahen die Patientin/den Patienten zur weiteren Abklärung in unserer Sprechstunde."
    )
    w.para(
        "Befund: Ruhe-EKG Sinusrhythmus, Frequenz 72/min, Linkstyp, keine "
        "Erregungsrückbildungsstörungen. "
        "Belastungs-EKG bis 125 Watt ohne Angina pectoris und ohne signifikante ST-Senkungen."
    )
    if rng.random() < 0.45:
        w.continuation = [(f"Seite {{page}} – Bericht über {ctx.spelling.clerk}", "l")]
        for sentence in COURSE + FINDINGS:
            w.para(sentence)
    w.para("Beurteilung: Kein Anhalt für eine belastungsinduzierte Ischämie.")
    w.para("Wir empfehlen eine Kontrolle in 12 Monaten.")
    doctor = org.sub[0].split(" · ")[0]
    place_date = f"{org.place.split()[1]}, den {ctx.dated('dot')}" if at_end else ""
    if at_end:
        ctx.notes.append("the letter date stands only at the end (Ort, den ...)")
    closing(ctx, w, ctx.pick(GREETINGS), [(doctor, "")], place_date=place_date)
    w.footer = [("Bankverbindung: Sparkasse Krefeld · IBAN DE12 3205 0000 0000 4711 08", 7.0, "c")]
    return Draft(
        w.finish(), f"specialist-{where}", org.name, org.alternatives, title, [], org.name, org.fax
    )


RADIOLOGY = Org(
    "Radiologie Nordwest",
    ["Radiologische Gemeinschaftspraxis Radiologie Nordwest", "Radiologie Nordwest MVZ GmbH"],
    ["MRT · CT · Mammographie · Nuklearmedizin"],
    "Dießemer Bruch 81",
    "47805 Krefeld",
    "02151 53 60-0",
    "02151 53 60-99",
)


def radiology(ctx: Context) -> Draft:
    """A radiology report: examination date, dictation date and the letter's own date."""
    rng = ctx.rng
    org = RADIOLOGY
    w = Writer()
    w.font = "cond"
    letterhead(w.page, org, "centre", serif=False)
    w.page.rules.append((25.0, 33.0, 188.0, 33.0))
    address_block(ctx, w.page, org, "left", 48.0)
    exam = ctx.days(-rng.randint(1, 4))
    rows = [
        ("Patient:", ctx.name("comma")),
        ("geb. am:", ctx.dob("dot")),
        ("Untersuchung:", ctx.other(exam, "examination", "dot")),
        ("Befunddatum:", ctx.dated("dot")),
    ]
    info_block(w.page, rows, 126.0, 56.0)
    w.y = 102.0
    title = ctx.pick(
        ("MRT der LWS nativ", "CT Thorax mit Kontrastmittel", "MRT des rechten Kniegelenks")
    )
    w.line(title, size=12, font_key="condb")
    w.gap(2)
    w.para(
        "Klinische Angabe: Seit Wochen zunehmende Beschwerden, Ausschluss einer strukturellen "
        "Ursache."
    )
    w.para(
        "Befund: Regelrechte Darstellung der abgebildeten Strukturen bis auf eine degenerative "
        "Veränderung mit "
        "mäßiger Signalminderung. Keine Raumforderung, kein Erguss, keine frische ossäre Läsion."
    )
    w.para("Beurteilung: Degenerative Veränderungen ohne Hinweis auf eine akute Pathologie.")
    closing(
        ctx,
        w,
        "Mit freundlichen Grüßen",
        [("Dr. med. Fenja Overbeck", "Fachärztin für Radiologie")],
    )
    dictated = ctx.days(-rng.randint(0, 1))
    w.footer = [
        (f"diktiert: {ctx.other(dictated, 'dictation', 'dot')} / ow / gesch.: mk", 7.0, "l")
    ]
    alternatives = org.alternatives
    return Draft(
        w.finish(),
        "radiology-centre",
        org.name,
        alternatives,
        title,
        ["Befundbericht"],
        org.name,
        org.fax,
    )


def insurer(ctx: Context) -> Draft:
    """A health insurer asks for a report about an insured person (with an insurance number)."""
    rng = ctx.rng
    org = Org(
        "Niederrheinische Betriebskrankenkasse",
        ["NR-BKK", "Niederrheinische BKK", "NR-BKK Niederrheinische Betriebskrankenkasse"],
        ["Die Gesundheitskasse am Niederrhein"],
        "Postfach 10 21 40",
        "47721 Krefeld",
        "02151 9400-0",
        "02151 9400-555",
    )
    w = Writer()
    letterhead(w.page, org, "right", serif=False)
    address_block(ctx, w.page, org, "left", 50.0)
    rows = [
        ("Ihr Zeichen", ""),
        ("Unser Zeichen", f"KG-{rng.randint(100, 999)}/{rng.randint(10, 99)}"),
        ("Ansprechpartner", ctx.person("Frau Melanie Stappert", "contact")),
        ("Durchwahl", "02151 9400-318"),
    ]
    style = ctx.pick(("dot", "long", "iso"))
    if rng.random() < 0.5:
        # DIN 5008: "Ihre Nachricht vom" stands above the letter's own date.
        earlier = ctx.days(-rng.randint(3, 20))
        rows.insert(1, ("Ihre Nachricht vom", ctx.other(earlier, "your message", style)))
    rows.append(("Datum", ctx.dated(style)))
    info_block(w.page, rows, 122.0, 54.0, gap=30.0)
    w.y = 102.0
    title = "Anfrage zur Arbeitsunfähigkeit"
    w.line(title, font_key="sansb")
    number = f"{ctx.spelling.surname[0].upper()}{rng.randint(100_000_000, 999_999_999)}"
    w.line(f"Versicherte/r: {ctx.name('clerk')}, geb. {ctx.dob('dot')}, KV-Nr. {number}")
    since = ctx.days(-rng.randint(30, 60))
    w.gap(4)
    w.para("Sehr geehrte Damen und Herren,")
    w.para(
        f"Ihre Patientin/Ihr Patient ist seit dem {ctx.other(since, 'incapacity since', 'dot')} "
        "arbeitsunfähig "
        "erkrankt. Um die weitere Dauer einschätzen zu können, bitten wir Sie um einen kurzen "
        "Bericht "
        "(Muster 52) bis zum Ablauf von 14 Tagen."
    )
    w.para(
        "Für Ihre Mühe erhalten Sie die vereinbarte Vergütung. Vielen Dank für Ihre Unterstützung."
    )
    closing(ctx, w, "Freundliche Grüße", [("Melanie Stappert", "Fallmanagement")])
    w.footer = footer_lines(org, rich=False)
    return Draft(
        w.finish(), "insurer-right", org.name, org.alternatives, title, [], org.name, org.fax
    )


def pension(ctx: Context) -> Draft:
    """A pension fund asks for a report for rehabilitation; the insurance number holds the birth."""
    rng = ctx.rng
    org = Org(
        "Rentenversicherung Rheinland-Westfalen",
        ["Regionalträger Rheinland-Westfalen der Rentenversicherung", "RV Rheinland-Westfalen"],
        [],
        "Königsallee 71",
        "40215 Düsseldorf",
        "0211 937-0",
        "0211 937-3096",
    )
    w = Writer()
    w.font = "serif"
    w.page.put("Rentenversicherung", 188.0, 20.0, 16, "serifb", align="r")
    w.page.put("Rheinland-Westfalen", 188.0, 27.0, 12, "serif", align="r")
    address_block(ctx, w.page, org, "left", 50.0)
    initial = ctx.spelling.surname[0].upper()
    born = ctx.birth.strftime("%d%m%y")
    insurance = f"{rng.randint(10, 65)} {born} {initial} {rng.randint(100, 999)}"
    rows = [
        ("Versicherungsnummer", insurance),
        ("Bearbeitung", ctx.person("Herr Kröger", "contact")),
        ("Datum", ctx.dated("dot")),
    ]
    info_block(w.page, rows, 122.0, 58.0, gap=36.0)
    w.y = 100.0
    title = "Befundbericht zum Antrag auf Leistungen zur medizinischen Rehabilitation"
    for row in ("Befundbericht zum Antrag auf Leistungen", "zur medizinischen Rehabilitation"):
        w.line(row, font_key="serifb")
    w.line(f"Versicherte Person: {ctx.name('comma')}")
    if rng.random() < 0.5:
        w.line(f"Geburtsdatum: {ctx.dob('dot')}")
    else:
        ctx.notes.append("the birth date is only inside the insurance number")
    w.gap(3)
    applied = ctx.days(-rng.randint(5, 25))
    w.para("Sehr geehrte Damen und Herren,")
    w.para(
        f"die oben genannte Person hat am {ctx.other(applied, 'application', 'dot')} Leistungen "
        "zur medizinischen "
        "Rehabilitation beantragt. Bitte senden Sie uns den beigefügten Befundbericht (Formular "
        "S0051) "
        "innerhalb von drei Wochen ausgefüllt zurück."
    )
    closing(ctx, w, "Mit freundlichen Grüßen", [("Ihre Rentenversicherung", "")])
    w.footer = [(f"{org.name} · {org.street} · {org.place} · Telefon {org.phone}", 7.5, "c")]
    alternatives = [*org.alternatives, "Rentenversicherung"]
    return Draft(
        w.finish(),
        "pension-serif",
        org.name,
        alternatives,
        title,
        ["Befundbericht"],
        org.name,
        org.fax,
    )


def court(ctx: Context) -> Draft:
    """A guardianship court asks for a certificate; place and date stand top right."""
    rng = ctx.rng
    city = ctx.pick(("Krefeld", "Kempen", "Viersen"))
    org = Org(
        f"Amtsgericht {city}",
        [f"Amtsgericht {city} – Betreuungsgericht", f"AG {city}"],
        ["Betreuungsgericht"],
        "Nordwall 131",
        f"47798 {city}" if city == "Krefeld" else f"47906 {city}",
        "02151 847-0",
        "02151 847-444",
    )
    w = Writer()
    w.page.put(org.name, 25.0, 20.0, 13, "sansb")
    w.page.put("Betreuungsgericht", 25.0, 25.5, 10, "sans")
    w.page.put(f"{city}, {ctx.dated('dot')}", 188.0, 20.0, 10, "sans", align="r")
    address_block(ctx, w.page, org, "left", 48.0)
    file_number = f"{rng.randint(10, 99)} XVII {rng.randint(100, 999)}/{ctx.letter_date.year % 100}"
    info_block(
        w.page,
        [("Geschäftsnummer", file_number), ("Bitte bei allen Schreiben angeben", "")],
        126.0,
        56.0,
    )
    w.y = 98.0
    style = ctx.pick(("clerk", "comma"))
    w.line(f"Betreuungssache {ctx.name(style)}", font_key="sansb")
    w.line(
        f"geboren am {ctx.dob('long')}, wohnhaft "
        f"{ctx.patient.street if ctx.patient else 'unbekannt'}"
    )
    w.gap(3)
    title = "Anforderung eines ärztlichen Attestes"
    w.line(title, font_key="sansb")
    w.para("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    w.para(
        "in der oben genannten Betreuungssache werden Sie gebeten, ein ärztliches Attest zu den "
        "Fragen des "
        "Gerichts zu erstellen. Insbesondere wird um Stellungnahme gebeten, ob die betroffene "
        "Person ihre "
        "Angelegenheiten ganz oder teilweise nicht mehr selbst besorgen kann."
    )
    hearing = ctx.days(rng.randint(14, 40))
    w.para(f"Die Anhörung ist für den {ctx.other(hearing, 'hearing', 'dot')} vorgesehen.")
    closing(ctx, w, "Auf richterliche Anordnung", [("Brückner, Justizbeschäftigte", "")])
    w.line("Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.", size=8)
    return Draft(w.finish(), "court", org.name, org.alternatives, title, [], org.name, org.fax)


def care_home(ctx: Context) -> Draft:
    """A care home's short note to the GP; the home's name sits only in the stamp at the foot."""
    rng = ctx.rng
    name = ctx.pick(("Seniorenzentrum Haus Niersblick", "Pflegeheim St. Annen-Stift"))
    w = Writer()
    w.font = "cond"
    w.page.put("Mitteilung an den Hausarzt", 25.0, 22.0, 14, "condb")
    w.page.put(f"An: {ctx.practice['name']}", 25.0, 32.0, 10, "cond")
    w.page.put(f"Fax: {ctx.practice['fax']}", 25.0, 37.0, 10, "cond")
    ctx.person(ctx.practice["name"], "addressee")
    w.y = 50.0
    w.line(f"Bewohner/in: {ctx.name(ctx.pick(('comma', 'upper')))}")
    if rng.random() < 0.7:
        w.line(f"Geburtsdatum: {ctx.dob('dot')}")
    w.line(f"Wohnbereich: {rng.randint(1, 4)} / Zimmer {rng.randint(101, 340)}")
    w.gap(4)
    w.para(
        "Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor, bei der oben genannten Bewohnerin "
        "/ dem "
        "Bewohner zeigen sich seit zwei Tagen Unruhe, verminderte Trinkmenge und erhöhte "
        "Temperatur "
        "(38,2 °C). Wir bitten um einen Hausbesuch bzw. um Rückruf."
    )
    w.para("Vitalwerte heute: RR 145/85 mmHg, Puls 92/min, SpO2 94 %, BZ 168 mg/dl.")
    w.gap(6)
    dated = rng.random() < 0.75
    date_text = ctx.dated("dot") if dated else "____________"
    if not dated:
        ctx.notes.append("the date field is left empty")
    w.line(f"Datum: {date_text}    Handzeichen Pflegefachkraft: S. Wolters")
    ctx.person("S. Wolters", "nurse")
    stamp_top = w.y + 8
    w.page.boxes.append((25.0, stamp_top, 100.0, stamp_top + 22))
    w.page.put(name, 28.0, stamp_top + 6, 9, "condb", colour=(0.1, 0.2, 0.6))
    w.page.put(
        "Wohn- und Pflegeeinrichtung", 28.0, stamp_top + 10.5, 8, "cond", colour=(0.1, 0.2, 0.6)
    )
    w.page.put(
        "Gartenstraße 18 · 41751 Viersen", 28.0, stamp_top + 15, 8, "cond", colour=(0.1, 0.2, 0.6)
    )
    w.page.put("Tel. 02162 50 99-0", 28.0, stamp_top + 19.5, 8, "cond", colour=(0.1, 0.2, 0.6))
    ctx.notes.append("the sender is named only in the stamp")
    title = "Mitteilung an den Hausarzt"
    return Draft(w.finish(), "care-home-stamp", name, [], title, [], name, "02162 50 99-20")


def pharmacy(ctx: Context) -> Draft:
    """A pharmacy's query about a prescription, as a faxed form with the pharmacy centred on top."""
    rng = ctx.rng
    org = Org(
        "Löwen-Apotheke Tönisvorst",
        ["Löwen-Apotheke", "Loewen-Apotheke Tönisvorst"],
        ["Apothekerin Katrin Vennekel e.K."],
        "Hochstraße 12",
        "47918 Tönisvorst",
        "02151 79 04 40",
        "02151 79 04 41",
    )
    w = Writer()
    letterhead(w.page, org, "centre", serif=True)
    w.page.put(
        "Hochstraße 12 · 47918 Tönisvorst · Tel. 02151 79 04 40 · Fax 02151 79 04 41",
        105.0,
        35.0,
        8,
        "serif",
        align="c",
    )
    w.page.rules.append((25.0, 38.0, 188.0, 38.0))
    w.y = 50.0
    title = "Rückfrage zur Verordnung"
    w.line(title, size=13, font_key="sansb")
    w.gap(2)
    w.line(f"An: {ctx.practice['name']}, Fax {ctx.practice['fax']}")
    ctx.person(ctx.practice["name"], "addressee")
    w.line(f"Patient/in: {ctx.name('clerk')}")
    written = ctx.days(-rng.randint(1, 6))
    w.line(f"Rezept vom: {ctx.other(written, 'prescription', 'dot')}")
    w.gap(3)
    w.para(
        "Das verordnete Präparat ist derzeit nicht lieferbar. Wir bitten um Freigabe eines "
        "wirkstoffgleichen "
        "Austauschpräparates oder um eine neue Verordnung. Bitte kreuzen Sie an und faxen Sie "
        "zurück."
    )
    w.line("[ ] Austausch einverstanden      [ ] neue Verordnung folgt      [ ] Rückruf erbeten")
    w.gap(6)
    w.line(f"Tönisvorst, {ctx.dated('dotshort')}")
    closing(ctx, w, "Freundliche Grüße aus der Löwen-Apotheke", [("K. Vennekel", "Apothekerin")])
    return Draft(
        w.finish(), "pharmacy-centre", org.name, org.alternatives, title, [], org.name, org.fax
    )


REHAB_SECTIONS = (
    (
        "Diagnosen",
        "Zustand nach Implantation einer zementfreien Hüft-Totalendoprothese rechts bei "
        "Coxarthrose; arterielle Hypertonie; Adipositas Grad I (BMI 32).",
    ),
    (
        "Anamnese",
        "Die Aufnahme erfolgte im Rahmen einer Anschlussheilbehandlung zwölf Tage nach der "
        "Operation. Bei Aufnahme bestanden Belastungsschmerzen und eine Gehstrecke von etwa "
        "100 m an Unterarmgehstützen.",
    ),
    (
        "Aufnahmebefund",
        "Reizlose Narbe, Beweglichkeit der rechten Hüfte Flexion/Extension 90-0-0, Abduktion "
        "20 Grad, Trendelenburg-Zeichen rechts positiv, periphere Durchblutung intakt.",
    ),
    (
        "Therapie und Verlauf",
        "Krankengymnastik einzeln und in der Gruppe, medizinische Trainingstherapie, "
        "Bewegungsbad, Ergotherapie und Schulung zum Gelenkschutz. Die Gehstrecke steigerte "
        "sich auf über 800 m, Treppensteigen ist mit Handlauf sicher möglich. Die "
        "Schmerzmedikation konnte reduziert werden.",
    ),
    (
        "Entlassungsbefund",
        "Flexion 110 Grad, Gangbild mit einer Gehstütze flüssig, Trendelenburg-Zeichen nur "
        "noch angedeutet.",
    ),
    (
        "Sozialmedizinische Beurteilung",
        "Für die zuletzt ausgeübte Tätigkeit als Lagerist besteht derzeit ein "
        "Leistungsvermögen von unter drei Stunden täglich; für leichte Tätigkeiten im Wechsel "
        "von Sitzen, Stehen und Gehen sechs Stunden und mehr.",
    ),
    (
        "Empfehlungen",
        "Fortführung der Krankengymnastik, IRENA-Nachsorgeprogramm, Thromboseprophylaxe bis "
        "zum 35. postoperativen Tag, Röntgenkontrolle beim Operateur.",
    ),
)


def rehab_footer(ctx: Context) -> Draft:
    """A rehabilitation clinic whose name appears only in the footer; several dates in the text."""
    rng = ctx.rng
    org = Org(
        "Rehazentrum Eifelhöhe",
        ["Rehazentrum Eifelhöhe GmbH", "Fachklinik für Orthopädie Rehazentrum Eifelhöhe"],
        [],
        "Kurallee 4",
        "53902 Bad Münstereifel",
        "02253 540-0",
        "02253 540-210",
    )
    w = Writer()
    w.font = "serif"
    address_block(ctx, w.page, None, "left", 45.0)
    w.page.put(ctx.dated("long"), 188.0, 45.0, 10, "serif", align="r")
    w.y = 88.0
    title = "Ärztlicher Entlassungsbericht"
    w.line(title, size=12, font_key="serifb")
    begin = ctx.days(-rng.randint(25, 30))
    end = ctx.days(-rng.randint(1, 5))
    w.line(f"über {ctx.name('clerk')}, geboren {ctx.dob('dot')}")
    w.line(
        f"Rehabilitation vom {ctx.other(begin, 'admission', 'dot')} bis "
        f"{ctx.other(end, 'discharge', 'dot')}"
    )
    w.gap(3)
    w.continuation = [(f"{ctx.spelling.given} {ctx.spelling.surname} – Seite {{page}}", "l")]
    w.para("Sehr geehrte Kolleginnen und Kollegen,")
    for heading, paragraph in REHAB_SECTIONS:
        w.line(heading, font_key="serifb")
        w.para(paragraph)
    w.para(
        "Wiederaufnahme der Arbeit voraussichtlich ab "
        f"{ctx.other(ctx.days(21), 'return to work', 'dot')}."
    )
    closing(ctx, w, "Mit freundlichen Grüßen", [("Dr. med. Bernhard Schoofs", "Chefarzt")])
    w.footer = [
        (f"{org.name} · Fachklinik für Orthopädie · {org.street} · {org.place}", 7.5, "c"),
        (f"Tel. {org.phone} · Fax {org.fax} · Amtsgericht Bonn HRB 11784", 7.0, "c"),
    ]
    ctx.notes.append("the sender is named only in the footer")
    return Draft(
        w.finish(),
        "rehab-footer",
        org.name,
        org.alternatives,
        title,
        ["Entlassungsbericht"],
        org.name,
        org.fax,
    )


DISTRICT_OFFICE = Org(
    "Kreis Viersen",
    [
        "Kreis Viersen – Der Landrat",
        "Kreis Viersen, Amt für Soziales",
        "Der Landrat des Kreises Viersen",
    ],
    ["Der Landrat", "Amt für Soziales – Schwerbehindertenrecht"],
    "Rathausmarkt 3",
    "41747 Viersen",
    "02162 39-0",
    "02162 39-1850",
)


def authority(ctx: Context) -> Draft:
    """A district's disability office asks for a report; the file number carries the birth date."""
    rng = ctx.rng
    org = DISTRICT_OFFICE
    w = Writer()
    w.page.put("Kreis Viersen", 25.0, 20.0, 16, "sansb")
    w.page.put("Der Landrat", 25.0, 26.0, 10, "sans")
    address_block(ctx, w.page, org, "left", 50.0)
    born = ctx.birth.strftime("%d%m%y")
    reference = f"53-2/{born}/{ctx.spelling.surname[:1].upper()}{rng.randint(10, 99)}"
    rows = [
        ("Amt", "Amt für Soziales"),
        ("Aktenzeichen", reference),
        ("Auskunft", ctx.person("Frau Hendricks", "contact")),
        ("Zimmer", f"B {rng.randint(100, 330)}"),
        ("", f"Viersen, {ctx.dated('dot')}"),
    ]
    info_block(w.page, rows, 125.0, 54.0)
    w.y = 104.0
    title = "Feststellung nach dem Schwerbehindertenrecht (SGB IX)"
    w.line(title, font_key="sansb")
    w.line("Anforderung eines Befundberichtes", font_key="sansb")
    w.line(f"Antragsteller/in: {ctx.name(ctx.pick(('comma', 'clerk')))}")
    w.line(f"Geburtsdatum: {ctx.dob('dot')}")
    applied = ctx.days(-rng.randint(7, 40))
    w.gap(3)
    w.para("Sehr geehrte Damen und Herren,")
    w.para(
        f"die oben genannte Person hat am {ctx.other(applied, 'application', 'dot')} die "
        "Feststellung "
        "des Grades der Behinderung beantragt und Sie als behandelnde Ärztin bzw. behandelnden "
        "Arzt "
        "benannt. Eine Schweigepflichtentbindung liegt vor."
    )
    w.para(
        "Bitte übersenden Sie uns einen Befundbericht mit Diagnosen, Funktionseinschränkungen und "
        "vorliegenden Fremdbefunden. Die Vergütung erfolgt nach dem JVEG."
    )
    closing(ctx, w, "Mit freundlichen Grüßen", [("Im Auftrag", "Hendricks")])
    w.footer = [
        (
            "Kreisverwaltung Viersen · Rathausmarkt 3 · 41747 Viersen · www.kreis-viersen.de",
            7.0,
            "c",
        )
    ]
    ctx.notes.append("the file number contains the birth date (ddmmyy)")
    alternatives = [*org.alternatives, "Kreisverwaltung Viersen"]
    return Draft(
        w.finish(),
        "authority-left",
        org.name,
        alternatives,
        title,
        ["Anforderung eines Befundberichtes"],
        org.name,
        org.fax,
    )
