"""More layouts: dental, paediatric, nursing, occupational vaccination and exercise ECG."""

from __future__ import annotations

from bench.heldout50d import names
from bench.heldout50d.common import Layout, address, addressee, paragraphs, upper
from bench.heldout50d.context import Ctx
from bench.heldout50d.pages import Doc, weekday


def dental_query(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    dentist = ctx.person(ctx.doctor("Dr. med. dent."), "dentist")
    doc.text(
        190,
        16,
        ctx.sender(
            "Zahnarztpraxis im Stühlinger", f"Zahnarztpraxis {dentist}", fax="0761 27 30 59"
        ),
        12,
        "bold",
        "right",
    )
    doc.text(190, 21, f"{dentist} · Eschholzstraße 40 · 79106 Freiburg", 8, align="right")
    doc.stamp = (40, 18)
    y = addressee(doc, practice, 25, 40, "de")
    y = doc.text(
        25,
        y + 10,
        ctx.title(
            "Anfrage vor zahnärztlich-chirurgischem Eingriff", "Anfrage vor zahnärztlichem Eingriff"
        ),
        11,
        "bold",
    )
    title = f"{ctx.p.title} " if ctx.p.title else ""
    who = f"{ctx.p.salutation('de')} {title}{ctx.p.given} {ctx.p.surname}"
    y = doc.text(25, y + 2, f"Patient: {ctx.named(who)}, *{ctx.born('dmy')}")
    y = paragraphs(
        doc,
        y + 6,
        [
            "Sehr geehrte Frau Kollegin,",
            "bei o. g. Patient/in ist am "
            f"{ctx.other(ctx.days(10, 25), 'planned extraction', 'dmy')} die "
            "operative Entfernung der Zähne 38 und 48 geplant. Laut Anamnesebogen wird Apixaban "
            "eingenommen.",
            "Wir bitten um Mitteilung, ob die Antikoagulation perioperativ pausiert werden kann, "
            "sowie um eine aktuelle Medikamentenliste. Eine Antwort per Fax genügt.",
            "Mit freundlichen Grüßen",
        ],
    )
    doc.text(25, y + 6, dentist)
    doc.text(25, y + 18, f"Freiburg, {ctx.dated('dmy_short')}", 9)
    ctx.notes.append(
        "the date stands below the signature; the patient line uses '*' for the birth date"
    )
    return doc


def paediatric_u9(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    doc.text(
        25,
        16,
        ctx.sender(
            "Kinder- und Jugendarztpraxis Wiehre", "Kinderarztpraxis Wiehre", fax="0761 79 11 88"
        ),
        13,
        "bold",
    )
    doc.text(
        25,
        21,
        "Dr. med. Sarah Vogelsang · Dr. med. Timo Reuter · Günterstalstraße 20 · 79102 Freiburg",
        8,
    )
    doc.stamp = (170, 58)
    y = addressee(doc, practice, 25, 40)
    doc.text(150, 40, ctx.dated(ctx.pick(["dmy", "long_de"])))
    y = doc.text(25, y + 10, ctx.title("Befundbericht U9", "U9-Untersuchung"), 12, "bold")
    mother = ctx.person(f"{ctx.rng.choice(names.FEMALE)} {ctx.p.surname}", "mother")
    sibling_birth = (
        ctx.p.birth.replace(day=1) if ctx.p.birth.day > 1 else ctx.p.birth.replace(day=2)
    )
    sibling_birth = sibling_birth.replace(year=sibling_birth.year - 2)
    brother = ctx.rng.random() < 0.5
    sibling_given = ctx.rng.choice(names.MALE if brother else names.FEMALE)
    sibling = ctx.person(f"{sibling_given} {ctx.p.surname}", "sibling")
    relation = "Der Bruder" if brother else "Die Schwester"
    y = doc.text(
        25, y + 2, f"Kind: {ctx.named(f'{ctx.p.given} {ctx.p.surname}')} (geb. {ctx.born('dmy')})"
    )
    y = doc.text(25, y + 1, f"Begleitperson: Mutter, Frau {mother}")
    y = paragraphs(
        doc,
        y + 6,
        [
            "Die Vorsorgeuntersuchung U9 ergab eine altersgerechte körperliche Entwicklung "
            "(Gewicht P50, Länge P60). Im Sehtest rechts 0,6, links 1,0: Überweisung zum "
            "Augenarzt.",
            "Sprachentwicklung: leichte Sigmatismus-Symptomatik, Logopädie empfohlen.",
            f"{relation} {sibling} (geb. "
            f"{ctx.other(sibling_birth, 'sibling’s birth date', 'dmy')}) "
            "ist ebenfalls bei uns in Betreuung.",
            "Mit freundlichen Grüßen",
        ],
    )
    doc.text(25, y + 10, ctx.person("Dr. med. Sarah Vogelsang", "paediatrician"))
    ctx.notes.append(
        "a sibling's birth date appears in the text; the letter is about the child named first"
    )
    return doc


def home_care(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("sans", 10)
    doc.text(25, 16, "Pflege zu Hause", 16, "bold")
    y = addressee(doc, practice, 25, 42)
    doc.stamp = (170, 18)
    y = doc.text(
        25,
        y + 10,
        ctx.title(
            "Bitte um Verordnung häuslicher Krankenpflege", "Verordnung häuslicher Krankenpflege"
        ),
        11,
        "bold",
    )
    rows = [
        ("Klient/in", ctx.named(f"{ctx.p.surname}, {ctx.p.given}")),
        ("Geburtsdatum", ctx.born("dmy")),
        ("Anschrift", address(ctx.p)),
        ("Versorgung seit", ctx.other(ctx.days(-120, -60), "care since", "dmy")),
        ("Folgeverordnung ab", ctx.other(ctx.days(3, 10), "follow-up prescription from", "dmy")),
    ]
    y += 2
    for label, value in rows:
        doc.text(25, y, label, 9.5, "bold")
        y = doc.text(70, y, value) + 1.2
    y = paragraphs(
        doc,
        y + 5,
        [
            "Sehr geehrte Frau Dr. Albers,",
            "die bisherige Verordnung (Medikamentengabe 2x täglich, Kompressionsstrümpfe an- und "
            "ausziehen, Blutzuckermessung) läuft aus. Wir bitten um eine Folgeverordnung "
            "(Muster 12) "
            "für das nächste Quartal.",
            "Mit freundlichen Grüßen",
            "Ihr Pflegeteam",
        ],
    )
    nurse = ctx.person(
        f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}", "nursing manager"
    )
    doc.block(25, y + 8, [nurse, "Pflegedienstleitung"], 9)
    doc.text(25, y + 20, f"Gundelfingen, den {ctx.dated(ctx.pick(['long_de', 'dmy']))}", 9)
    doc.text(
        105,
        284,
        ctx.sender(
            "Ambulanter Pflegedienst Sonnenhalde gGmbH",
            "Pflegedienst Sonnenhalde",
            fax="0761 58 20 33",
        ),
        8,
        "bold",
        "center",
    )
    doc.text(
        105,
        288,
        "Alte Bundesstraße 12 · 79194 Gundelfingen · Tel. 0761 58 20 30 · IK 461234567",
        7,
        align="center",
    )
    ctx.notes.append("a logo word at the top, the organisation only in the footer")
    return doc


def vaccination_request_gb(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "GB")
    ctx.stamp_language = "en"
    doc = Doc("sans", 10)
    doc.block(
        25,
        16,
        [
            ctx.sender(
                "University of Cambridge Occupational Health Service",
                "Occupational Health Service",
                "University of Cambridge",
                fax="01223 336 599",
            ),
            "16 Mill Lane, Cambridge CB2 1SB · 01223 336 590",
        ],
        9,
    )
    doc.pages[-1].lines[0].font = "bold"
    doc.pages[-1].lines[0].size = 11
    doc.stamp = (165, 60)
    y = addressee(doc, practice, 25, 40)
    doc.text(190, 40, f"Our ref: OH/{ctx.rng.randint(10000, 99999)}", 9, align="right")
    doc.text(190, 45, ctx.dated("gb_long"), 9, align="right")
    y = doc.text(
        25,
        y + 10,
        ctx.title("Request for immunisation history", "Immunisation history request"),
        11,
        "bold",
    )
    y = doc.text(25, y + 2, f"Name: {ctx.named(f'{ctx.p.given} {ctx.p.surname}')}")
    y = doc.text(25, y + 1, f"Date of birth: {ctx.born('gb_abbr')}")
    y = doc.text(
        25,
        y + 1,
        f"Course: MB/BChir, start {ctx.other(ctx.days(30, 60), 'course start', 'gb_long')}",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            f"Dear {practice.doctor},",
            "The above student will start clinical placements and has consented to our contacting "
            "you. Please send us dates of hepatitis B, MMR, varicella and BCG vaccinations, "
            "and any "
            "hepatitis B surface antibody results.",
            "A fee of £40 will be paid on receipt of your reply.",
            "Yours sincerely,",
        ],
    )
    doc.block(
        25,
        y + 10,
        [
            ctx.person(
                f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(['Patel', 'Morris', 'Clarke'])}",
                "occupational health nurse",
            ),
            "Occupational Health Nurse Adviser",
        ],
        9,
    )
    ctx.notes.append("the patient is a student; dates like 05-Mar-2001")
    return doc


def exercise_ecg_at(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "AT")
    doc = Doc("serif", 10)
    internist = "Dr. Barbara Pölzl"
    doc.text(
        105,
        16,
        ctx.sender(f"Internistische Ordination {internist}", internist, fax="+43 316 82 14 77-4"),
        13,
        "serifb",
        "center",
    )
    doc.text(
        105,
        21,
        "Fachärztin für Innere Medizin und Kardiologie · Herrengasse 9 · 8010 Graz",
        8,
        align="center",
    )
    doc.stamp = (175, 36)
    y = addressee(doc, practice, 25, 40)
    y = doc.text(25, y + 10, ctx.title("Ergometrie-Befund", "Belastungs-EKG"), 12, "serifb")
    rows = [
        ("Name:", ctx.named(f"{upper(ctx.p.surname)} {ctx.p.given}")),
        ("Geb.-Dat.:", ctx.born("dmy")),
        ("Zuweisung:", f"{practice.doctor}, {ctx.other(ctx.days(-40, -20), 'referral', 'dmy')}"),
    ]
    y += 2
    for label, value in rows:
        doc.text(25, y, label, 9.5, "serifb")
        y = doc.text(55, y, value) + 1.2
    y = paragraphs(
        doc,
        y + 5,
        [
            "Fahrradergometrie im Sitzen, Stufenprotokoll 25 W/2 min. Abbruch bei 150 W wegen "
            "muskulärer Erschöpfung (86 % der Soll-Leistung). Herzfrequenz 68 → 154/min, RR "
            "130/80 → 205/95 mmHg.",
            "Keine Angina pectoris, keine signifikanten ST-Senkungen, vereinzelte VES.",
            "Beurteilung: klinisch und elektrisch negative Ergometrie, hypertensive "
            "Blutdruckreaktion.",
            "Mit besten Grüßen",
        ],
    )
    doc.text(25, y + 10, internist)
    doc.text(25, y + 20, f"Graz, {ctx.dated('long_at')}")
    ctx.notes.append("Austrian month names (Jänner); the date stands only under the signature")
    return doc


def reply_without_birth_date(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE")
    doc = Doc("serif", 10.5)
    doc.text(
        25,
        16,
        ctx.sender(
            "Neurologische Praxis Dr. med. Jan Ostermann",
            "Dr. med. Jan Ostermann",
            fax="07641 93 57 29",
        ),
        12,
        "serifb",
    )
    doc.text(25, 21, "Facharzt für Neurologie · Karl-Friedrich-Str. 7 · 79312 Emmendingen", 8)
    y = addressee(doc, practice, 25, 40)
    doc.stamp = (165, 62)
    doc.block(
        130,
        40,
        [
            "Ihr Zeichen: Überweisung",
            f"vom {ctx.other(ctx.days(-45, -20), 'referral', 'dmy')}",
            "",
            f"Emmendingen, {ctx.dated(ctx.pick(['dmy', 'long_de']))}",
        ],
        9,
    )
    ctx.title(None)
    who = f"{ctx.p.salutation('de')} {ctx.p.given} {ctx.p.surname}"
    line = f"Ihre Patientin/Ihr Patient {ctx.named(who)}, {address(ctx.p)}"
    y = doc.wrap(25, y + 14, line, 160, font_key="serifb")
    y = paragraphs(
        doc,
        y + 4,
        [
            "Sehr geehrte Frau Kollegin Albers,",
            "vielen Dank für die Überweisung. Die Neurographie zeigt ein mittelgradiges "
            "Karpaltunnelsyndrom rechts (distal-motorische Latenz 5,8 ms), links grenzwertig.",
            "Ich empfehle eine Handgelenksschiene zur Nacht und bei Persistenz die operative "
            "Dekompression. Eine Vorstellung in der Handchirurgie habe ich angeregt.",
            "Mit freundlichen kollegialen Grüßen",
        ],
    )
    doc.text(25, y + 12, ctx.person("Dr. med. Jan Ostermann", "neurologist"))
    ctx.notes.append(
        "no birth date anywhere: the patient is identified by name and address "
        "(birth_date null); no subject line (title null)"
    )
    return doc


def appointment_slip(ctx: Ctx) -> Doc:
    ctx.setup("de", "DE", addressed=False)
    doc = Doc("sans", 10)
    doc.text(
        25,
        20,
        ctx.sender(
            "Radiologie am Europaplatz",
            "Radiologische Gemeinschaftspraxis am Europaplatz",
            fax="0761 20 80 99",
        ),
        14,
        "bold",
    )
    doc.text(
        25,
        25,
        "Radiologische Gemeinschaftspraxis · Europaplatz 1 · 79098 Freiburg · Tel. 0761 20 80 0",
        8,
    )
    doc.stamp = (170, 36)
    y = doc.text(25, 42, ctx.title("Ihr Termin bei uns", "Terminbestätigung"), 13, "bold") + 3
    appointment = ctx.days(5, 30)
    rows = [
        ("Name", ctx.named(f"{ctx.p.surname}, {ctx.p.given}")),
        ("Geb.-Datum", ctx.born("dmy")),
        (
            "Untersuchung",
            ctx.pick(
                ["MRT Knie rechts", "CT Thorax", "MRT LWS"] + ["Mammographie"] * (ctx.p.sex == "F")
            ),
        ),
        (
            "Termin",
            f"{weekday(appointment, 'de')}, {ctx.other(appointment, 'appointment', 'dmy')}, "
            f"{ctx.rng.randint(7, 17)}:{ctx.pick(['00', '15', '30', '45'])} Uhr",
        ),
        ("Überweiser", ctx.person("Dr. med. Katrin Albers", "referring doctor")),
    ]
    for label, value in rows:
        doc.text(25, y, label, 10, "bold")
        y = doc.text(62, y, value) + 1.5
    y = paragraphs(
        doc,
        y + 5,
        [
            "Bitte bringen Sie Ihre Versichertenkarte, die Überweisung und Vorbefunde mit. "
            "Kommen Sie 15 Minuten vor dem Termin. Bei MRT: bitte keine Metallgegenstände.",
            "Absage bitte spätestens 24 Stunden vorher, sonst können wir Ihnen die Ausfallzeit "
            "in Rechnung stellen.",
        ],
        width=150,
    )
    doc.text(
        25,
        140,
        "- - - - - - - - - - - - - - - - - - hier abtrennen - - - - - - - - - - - - - - - - - -",
        7,
    )
    ctx.notes.append(
        "an appointment slip handed to the patient and scanned by the practice: no letter "
        "date (letter_date null); the only date besides the birth date is the appointment"
    )
    return doc


LAYOUTS = [
    Layout("de_dental_query_date_below", dental_query, titled=True),
    Layout("de_paediatric_u9_sibling", paediatric_u9, (5, 6)),
    Layout("de_home_care_footer_sender", home_care, (60, 95)),
    Layout("gb_vaccination_history_request", vaccination_request_gb, (18, 26)),
    Layout("at_exercise_ecg", exercise_ecg_at, (35, 80)),
    Layout("de_reply_without_birth_date", reply_without_birth_date),
    Layout("de_appointment_slip_no_date", appointment_slip),
]
