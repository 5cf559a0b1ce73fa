"""Layouts from outside the German-speaking world, and printed e-mails."""

from __future__ import annotations

import datetime as dt

from bench.heldout50d import names
from bench.heldout50d.common import Layout, address, addressee, paragraphs, upper
from bench.heldout50d.context import Ctx
from bench.heldout50d.pages import Doc, fmt, weekday


def sleep_lab_gb(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "GB")
    ctx.stamp_language = "en"
    doc = Doc("sans", 10)
    doc.block(
        190,
        16,
        [
            "Fenland NHS Foundation Trust",
            ctx.sender(
                "East Anglia Sleep Centre",
                "Fenland NHS Foundation Trust",
                "East Anglia Sleep Centre, Fenland NHS Foundation Trust",
                fax="01480 847 201",
            ),
            "Department of Respiratory Medicine",
            "Hinchley Road, Huntingdon PE29 6NT",
            "Tel: 01480 847 200",
        ],
        9,
        align="right",
    )
    doc.pages[-1].lines[1].font = "bold"
    doc.stamp = (40, 20)
    dictated = ctx.days(-6, -2)
    doc.text(
        25,
        50,
        f"Dictated: {ctx.other(dictated, 'dictated', 'gb_slash')}   Typed: "
        f"{ctx.other(ctx.days(-1, -1), 'typed', 'gb_slash')}",
        8,
    )
    y = addressee(doc, practice, 25, 58)
    doc.text(190, 58, f"Date: {ctx.dated(ctx.pick(['gb_long', 'gb_slash']))}", align="right")
    nhs = f"{ctx.rng.randint(400, 499)} {ctx.rng.randint(100, 999)} {ctx.rng.randint(1000, 9999)}"
    y = doc.text(
        25,
        y + 8,
        f"Re: {ctx.named(f'{upper(ctx.p.surname)}, {ctx.p.given}')}   "
        f"DOB: {ctx.born('gb_slash')}   NHS No: {nhs}",
        font_key="bold",
    )
    y = doc.text(25, y + 1, address(ctx.p), 9)
    study = ctx.days(-20, -10)
    y = doc.text(25, y + 5, ctx.title("Polysomnography report", "Sleep study report"), 11, "bold")
    y = paragraphs(
        doc,
        y + 3,
        [
            f"Dear {practice.doctor},",
            "Your patient attended for an overnight polysomnography on "
            f"{ctx.other(study, 'sleep study', 'gb_long')}.",
            "The study showed an apnoea-hypopnoea index of 34 events per hour (severe obstructive "
            "sleep apnoea), with oxygen desaturation to 79 %. Epworth Sleepiness Score 15/24.",
            "We have started auto-titrating CPAP and will review the download in the sleep "
            "clinic in six weeks. Please remind the patient of the DVLA notification duty.",
            "The full study summary is attached overleaf.",
        ],
    )
    doc.text(105, 287, "Page 1 of 2", 7, align="center")
    doc.new_page()
    doc.text(
        25,
        14,
        f"{upper(ctx.p.surname)}, {ctx.p.given}   DOB {fmt(ctx.p.birth, 'gb_slash')}   page 2",
        8,
    )
    y = doc.text(25, 26, "Study summary", 11, "bold") + 2
    y = doc.block(
        25,
        y,
        [
            "Total sleep time 341 min, sleep efficiency 78 %",
            "AHI 34.1 /h (supine 52.0 /h, non-supine 18.3 /h)",
            "ODI 4 % 31.8 /h, mean SpO2 92 %, nadir 79 %",
            "Periodic limb movements 4 /h; no cardiac arrhythmia noted",
        ],
        10,
    )
    y = paragraphs(doc, y + 6, ["Yours sincerely,"])
    signer = ctx.person(
        f"Dr {ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(['Hughes', 'Okafor', 'Lindqvist'])}",
        "consultant",
    )
    doc.block(25, y + 12, [signer, "Consultant in Respiratory and Sleep Medicine"], 9)
    doc.text(105, 287, "Page 2 of 2", 7, align="center")
    ctx.notes.append("dictated and typed dates beside the letter date")
    return doc


def holter_us(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "US")
    ctx.stamp_language = "en"
    doc = Doc("sans", 9.5)
    doc.text(
        25,
        16,
        ctx.sender("Lakeside Cardiology Associates", "Lakeside Cardiology", fax="(802) 555-0190"),
        14,
        "bold",
    )
    doc.text(25, 21, "1 Lakeview Drive, Suite 300 · South Burlington, VT 05403 · (802) 555-0189", 8)
    doc.stamp = (170, 18)
    y = (
        doc.text(
            105,
            34,
            ctx.title("24-HOUR HOLTER MONITOR REPORT", "Holter monitor report"),
            13,
            "bold",
            "center",
        )
        + 4
    )
    hookup = ctx.days(-9, -4)
    rows = [
        ("Patient Name:", ctx.named(f"{upper(ctx.p.surname)}, {ctx.p.given.upper()}")),
        ("DOB:", ctx.born("us_slash")),
        ("MRN:", f"LCA{ctx.rng.randint(100000, 999999)}"),
        ("Hookup date:", ctx.other(hookup, "hookup", "us_slash")),
        ("Report date:", ctx.dated("us_long")),
        ("Referring physician:", practice.doctor),
    ]
    for label, value in rows:
        doc.text(25, y, label, 9, "bold")
        y = doc.text(68, y, value, 9) + 1.2
    y = paragraphs(
        doc,
        y + 4,
        [
            "Recording duration 23 h 52 min, analyzable 99 %. Underlying rhythm sinus "
            "rhythm, heart "
            "rate 48-131 bpm, mean 71 bpm.",
            "Supraventricular ectopy: 1,204 PACs (1.1 %), 3 runs of SVT, longest 7 beats at "
            "152 bpm. "
            "Ventricular ectopy: 212 PVCs, no couplets. No pauses > 2.5 s. No atrial fibrillation.",
            "Patient diary: palpitations at 21:40 correlated with sinus tachycardia.",
            "IMPRESSION: Infrequent PACs and short runs of SVT. No sustained arrhythmia.",
        ],
    )
    signer = ctx.person(
        f"{ctx.rng.choice(names.MALE)} {ctx.rng.choice(['Reyes', 'Goldberg', 'Chen'])}, MD, FACC",
        "interpreting physician",
    )
    doc.block(25, y + 10, ["Electronically signed by", signer], 9)
    doc.block(25, 270, ["cc:", *practice.lines[:2], f"Fax {practice.fax}"], 8)
    ctx.notes.append(
        "US month/day birth date; the report date is the letter date, the hookup date is not"
    )
    return doc


def specialist_reply_nz(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "NZ")
    ctx.stamp_language = "en"
    doc = Doc("serif", 10.5)
    surgeon = f"Mr {ctx.rng.choice(names.MALE)} {ctx.rng.choice(['Tapsell', 'Whitaker', 'Rangi'])}"
    doc.text(
        25,
        18,
        ctx.sender(
            "Hawke's Bay Orthopaedics", f"{surgeon}, Hawke's Bay Orthopaedics", fax="06 878 4410"
        ),
        15,
        "serifb",
    )
    doc.text(
        25, 24, "Royston Medical Centre · 423 Prospect Road · Hastings 4122 · Ph 06 878 4400", 8
    )
    doc.stamp = (170, 40)
    doc.text(25, 40, ctx.dated("au_slash"))
    y = addressee(doc, practice, 25, 50)
    ctx.title(None)
    nhi = f"{ctx.rng.choice(['ZAB', 'ZKT', 'ZLM'])}{ctx.rng.randint(1000, 9999)}"
    who = f"{ctx.p.salutation('en')} {ctx.p.given} {ctx.p.surname}"
    y = doc.text(
        25,
        y + 10,
        f"Dear {practice.doctor.split()[1]}",
    )
    y = doc.text(
        25,
        y + 4,
        f"Re: {ctx.named(who)}   DOB {ctx.born('au_slash')}   NHI {nhi}",
        font_key="serifb",
    )
    y = paragraphs(
        doc,
        y + 4,
        [
            "Thank you for your referral of "
            f"{ctx.other(ctx.days(-50, -30), 'referral', 'au_slash')} "
            "regarding this patient's right knee pain. I saw them in clinic today.",
            "Examination shows a moderate effusion and medial joint line tenderness. The MRI "
            "confirms a complex tear of the posterior horn of the medial meniscus with early "
            "chondral change.",
            "We discussed options and the patient wishes to proceed with arthroscopic partial "
            "meniscectomy, which I have booked under ACC. I will write again after surgery.",
            "Kind regards",
        ],
    )
    doc.block(25, y + 12, [ctx.person(surgeon, "orthopaedic surgeon"), "FRACS (Orth)"])
    ctx.notes.append(
        "no subject: 'Re:' carries the patient; the date stands alone above the address, d/mm/yyyy"
    )
    return doc


def appointment_nl(ctx: Ctx) -> Doc:
    ctx.setup("nl", "NL")
    doc = Doc("sans", 10)
    doc.text(
        25,
        18,
        ctx.sender(
            "Ziekenhuis Vechtdal",
            "Ziekenhuis Vechtdal, Polikliniek Cardiologie",
            "Polikliniek Cardiologie",
            fax="038 424 77 01",
        ),
        15,
        "bold",
    )
    doc.text(25, 23, "Polikliniek Cardiologie · Dokter van Heesweg 2 · 8025 AB Zwolle", 8)
    doc.stamp = (170, 20)
    salutation = ctx.p.salutation("nl")
    y = doc.block(
        25,
        45,
        [
            ctx.named(f"{salutation.capitalize()} {ctx.p.given[0]}. {ctx.p.surname}"),
            ctx.p.street,
            f"{ctx.p.postcode} {ctx.p.city}",
        ],
    )
    doc.text(130, 45, f"Datum: {ctx.dated('long_nl')}")
    doc.text(130, 50, f"Patiëntnummer: {ctx.rng.randint(1000000, 9999999)}")
    y = doc.text(25, y + 12, ctx.title("Afspraakbevestiging", "Bevestiging afspraak"), 13, "bold")
    appointment = ctx.days(10, 40)
    rows = [
        ("Naam", f"{ctx.p.surname}, {ctx.p.given}"),
        ("Geboortedatum", ctx.born("nl_dash")),
        (
            "Datum afspraak",
            f"{weekday_nl(appointment)} {ctx.other(appointment, 'appointment', 'long_nl')}",
        ),
        ("Tijd", f"{ctx.rng.randint(8, 15)}:{ctx.rng.choice(['00', '15', '30', '45'])} uur"),
        (
            "Bij",
            ctx.person(
                f"dr. {ctx.rng.choice(['M.', 'J.', 'E.'])} "
                f"{ctx.rng.choice(['de Boer', 'Postma', 'Hendriks'])}",
                "cardiologist",
            ),
        ),
        ("Locatie", "Route 47, eerste verdieping"),
    ]
    y += 3
    for label, value in rows:
        doc.text(25, y, label, font_key="bold")
        y = doc.text(70, y, value) + 1.5
    y = paragraphs(
        doc,
        y + 5,
        [
            "Neemt u alstublieft uw legitimatiebewijs, uw medicijnoverzicht en de "
            "verwijsbrief mee. "
            "Kunt u niet komen? Meld dit dan uiterlijk 24 uur van tevoren via 038 424 77 00.",
            "Met vriendelijke groet,",
            "Afdeling Patiëntenplanning",
        ],
    )
    doc.text(25, 275, "Kopie aan: Huisartsenpraktijk De Linde, L. van Rijn, huisarts", 8)
    ctx.notes.append(
        "a letter to the patient with a copy to the practice; the first mention uses an "
        "initial only"
    )
    return doc


def weekday_nl(day: dt.date) -> str:
    return ["maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag", "zondag"][
        day.weekday()
    ]


def email_print(ctx: Ctx) -> Doc:
    practice = ctx.setup("de", "DE", addressed=False)
    secretary = f"{ctx.rng.choice(names.FEMALE)} {ctx.rng.choice(names.SURNAMES)}"
    ctx.person("Frau Dr. Albers", "addressee")
    doc = Doc("sans", 9.5)
    sent = ctx.date
    doc.text(20, 14, "Praxis am Schlossberg – Posteingang", 8)
    doc.text(190, 14, "1 von 1", 8, align="right")
    subject = f"Befund {ctx.p.given} {ctx.p.surname}"
    rows = [
        ("Von:", "Sekretariat Rheumatologie <rheuma-sekretariat@rzo-klinik.de>"),
        (
            "Gesendet:",
            f"{weekday(sent, 'de')}, {ctx.dated('long_de')} "
            f"{ctx.rng.randint(8, 16)}:{ctx.rng.randint(10, 59)}",
        ),
        ("An:", "praxis@hausarzt-schlossberg.de"),
        ("Betreff:", ctx.title(f"{subject}, geb. {fmt(ctx.p.birth, 'dmy')}", subject, "Befund")),
        ("Anlagen:", "Befund_Labor.pdf"),
    ]
    y = 24.0
    for label, value in rows:
        doc.text(20, y, label, 9.5, "bold")
        y = doc.text(45, y, value) + 1.5
    ctx.named(subject.removeprefix("Befund "))
    ctx.born("dmy")
    y = paragraphs(
        doc,
        y + 6,
        [
            "Sehr geehrte Frau Dr. Albers,",
            f"anbei wie telefonisch besprochen die Befunde unserer Ambulanz vom "
            f"{ctx.other(ctx.days(-7, -2), 'outpatient visit', 'dmy')}. Die Rheumaserologie "
            "(RF, Anti-CCP) ist negativ, das CRP mit 4 mg/l normal. Eine entzündlich-rheumatische "
            "Erkrankung ist damit unwahrscheinlich; wir empfehlen Physiotherapie bei "
            "Fingerpolyarthrose.",
            "Mit freundlichen Grüßen",
            f"i. A. {ctx.person(secretary, 'secretary')}",
        ],
        x=20,
        width=170,
    )
    y = doc.block(
        20,
        y + 4,
        [
            "--",
            ctx.sender(
                "Rheumazentrum Oberrhein",
                "Rheumazentrum Oberrhein, Ambulanz",
                "RZO Klinik",
                fax="07633 930-111",
            ),
            "Ambulanz · Prof. Dr. med. Hanna Wirtz",
            "Am Kurpark 6 · 79189 Bad Krozingen",
            "Tel. 07633 930-110 · www.rzo-klinik.de",
        ],
        8.5,
    )
    doc.stamp = (165, 40)
    printed_on = ctx.other(ctx.days(0, 1), "printed (mail client footer)", "dmy")
    doc.text(20, 288, f"https://mail.hausarzt-schlossberg.de/owa/  {printed_on}", 7)
    ctx.notes.append(
        "an e-mail printed to PDF: the sender stands only in the signature; the subject "
        "carries name and birth date; the print line's date is not the letter date"
    )
    del practice
    return doc


def transfer_bz(ctx: Ctx) -> Doc:
    practice = ctx.setup("it", "IT")
    doc = Doc("sans", 9.5)
    doc.text(
        105, 14, "Südtiroler Sanitätsbetrieb · Azienda Sanitaria dell'Alto Adige", 8, align="center"
    )
    doc.text(
        105,
        20,
        ctx.sender(
            "Krankenhaus Brixen / Ospedale di Bressanone",
            "Krankenhaus Brixen",
            "Ospedale di Bressanone",
            "Abteilung Innere Medizin, Krankenhaus Brixen",
            fax="0472 813 299",
        ),
        13,
        "bold",
        "center",
    )
    doc.text(105, 25, "Abteilung Innere Medizin / Reparto di Medicina interna", 9, align="center")
    doc.stamp = (175, 40)
    y = addressee(doc, practice, 25, 38)
    y = (
        doc.text(
            25,
            y + 8,
            ctx.title(
                "Verlegungsbericht / Lettera di trasferimento",
                "Verlegungsbericht",
                "Lettera di trasferimento",
            ),
            12,
            "bold",
        )
        + 2
    )
    admitted = ctx.days(-12, -5)
    rows = [
        ("Patient / Paziente:", ctx.named(f"{upper(ctx.p.surname)} {ctx.p.given}")),
        ("geb. am / nato/a il:", ctx.born("dmy")),
        ("Aufnahme / Ricovero:", ctx.other(admitted, "admission", "dmy")),
        ("Verlegung / Trasferimento:", ctx.other(ctx.date, "transfer", "dmy_short")),
        ("Ziel / Destinazione:", "Reha-Zentrum Salus, Prad am Stilfserjoch"),
    ]
    for label, value in rows:
        doc.text(25, y, label, 9, "bold")
        y = doc.text(75, y, value, 9) + 1.5
    y = paragraphs(
        doc,
        y + 4,
        [
            "Diagnose / Diagnosi: Pneumonie rechts basal, abgeheilt; Exazerbation einer "
            "COPD GOLD 3.",
            "Verlauf: unter Piperacillin/Tazobactam rasche Entfieberung, CRP von 182 auf 12 mg/l. "
            "Mobilisation am Rollator. Decorso regolare, paziente emodinamicamente stabile.",
            "Therapie: Tiotropium/Olodaterol 2 Hübe morgens, Prednison 10 mg ausschleichend, "
            "Enoxaparin 4000 IE s.c.",
        ],
    )
    doc.text(190, 287, "1/2", 7, align="right")
    doc.new_page()
    doc.text(
        25,
        14,
        f"{upper(ctx.p.surname)} {ctx.p.given} – {fmt(ctx.p.birth, 'dmy')} – Verlegungsbericht",
        8,
    )
    y = doc.text(25, 26, "Laborwerte bei Verlegung / Esami di laboratorio", 10, "bold") + 2
    y = doc.block(
        25,
        y,
        [
            "Hb 11,8 g/dl   Leukozyten 7,9 /nl   CRP 12 mg/l",
            "Kreatinin 1,0 mg/dl   Natrium 138 mmol/l   Kalium 4,1 mmol/l",
        ],
        9,
    )
    y = paragraphs(
        doc,
        y + 4,
        [
            "Kontrolle in der Pneumologie-Ambulanz am "
            f"{ctx.other(ctx.days(30, 45), 'pulmonology follow-up', 'dmy')}.",
            "Mit freundlichen Grüßen / Cordiali saluti",
        ],
    )
    doc.text(25, y + 6, f"Brixen/Bressanone, {ctx.dated(ctx.pick(['dmy', 'dmy_short']))}")
    doc.text(190, 287, "2/2", 7, align="right")
    doc.block(
        25,
        y + 20,
        [ctx.person(ctx.doctor("Dr."), "ward doctor"), "Primar / Primario: Dr. Walter Pichler"],
        9,
    )
    ctx.person("Dr. Walter Pichler", "head of department")
    ctx.notes.append(
        "bilingual German/Italian (South Tyrol); the transfer date equals the letter date "
        "but is printed differently"
    )
    return doc


def consult_fr(ctx: Ctx) -> Doc:
    practice = ctx.setup("fr", "FR")
    doc = Doc("serif", 10)
    doc.block(
        25,
        16,
        [
            ctx.sender(
                "Clinique Sainte-Odile",
                "Clinique Sainte-Odile, Service de pneumologie",
                "Service de pneumologie",
                fax="03 88 45 21 99",
            ),
            "Service de pneumologie",
            "Dr Antoine Keller – Pneumologue",
            "4 rue de l'Hôpital, 67500 Haguenau",
            "Secrétariat : 03 88 45 21 90",
        ],
        9,
    )
    doc.pages[-1].lines[0].font = "serifb"
    doc.pages[-1].lines[0].size = 12
    doc.stamp = (170, 20)
    y = addressee(doc, practice, 110, 50)
    doc.text(110, y + 6, f"Haguenau, le {ctx.dated('long_fr')}")
    y = doc.text(25, y + 20, ctx.title("Compte rendu de consultation"), 12, "serifb", "left")
    sal = "Mme" if ctx.p.sex == "F" else "M."
    born = "née" if ctx.p.sex == "F" else "né"
    y = doc.text(
        25,
        y + 3,
        f"Patient : {ctx.named(f'{sal} {upper(ctx.p.surname)} {ctx.p.given}')}, "
        f"{born} le {ctx.born('gb_slash')}",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            "Chère Consœur,",
            "J'ai revu ce jour votre patient(e) pour le suivi d'un asthme. Les EFR montrent "
            "un VEMS "
            "à 78 % de la théorique, réversible après bronchodilatateur.",
            f"Je propose de majorer le traitement de fond et de le/la revoir le "
            f"{ctx.other(ctx.days(80, 100), 'next appointment', 'long_fr')}.",
            "Bien confraternellement,",
        ],
    )
    doc.text(25, y + 10, ctx.person("Dr Antoine Keller", "signing doctor"))
    return doc


def discharge_dk(ctx: Ctx) -> Doc:
    practice = ctx.setup("da", "DK")
    doc = Doc("sans", 10)
    doc.text(25, 16, "Region Midtjylland", 9)
    doc.text(
        25,
        22,
        ctx.sender(
            "Regionshospitalet Silkeborg",
            "Regionshospitalet Silkeborg, Medicinsk Afdeling",
            "Medicinsk Afdeling",
            fax="78 41 62 99",
        ),
        14,
        "bold",
    )
    doc.text(25, 27, "Medicinsk Afdeling · Falkevej 1-3 · 8600 Silkeborg", 8)
    doc.stamp = (170, 20)
    y = addressee(doc, practice, 25, 42)
    doc.text(185, 42, ctx.dated("long_da"), align="right")
    y = doc.text(25, y + 10, ctx.title("Epikrise"), 14, "bold")
    cpr = f"{ctx.born('ddmmyy')}-{ctx.rng.randint(1000, 9999)}"
    y = doc.text(25, y + 3, f"Navn: {ctx.named(f'{ctx.p.given} {ctx.p.surname}')}")
    y = doc.text(25, y + 1, f"CPR-nr.: {cpr}")
    admitted = ctx.days(-8, -3)
    y = doc.text(
        25,
        y + 1,
        f"Indlagt: {ctx.other(admitted, 'admission', 'dmy')} – udskrevet: "
        f"{ctx.other(ctx.days(-1, 0), 'discharge', 'dmy')}",
    )
    y = paragraphs(
        doc,
        y + 6,
        [
            "Diagnose: Erysipelas på venstre underben.",
            "Behandlet med intravenøs penicillin, herefter overgang til tablet. Feberfri og "
            "faldende infektionstal ved udskrivelsen.",
            "Plan: Penicillin V 1 mio. IE x 4 i yderligere 7 dage. Kontrol hos egen læge om "
            "en uge.",
            "Med venlig hilsen",
        ],
    )
    doc.text(
        25,
        y + 10,
        ctx.person(
            f"{ctx.rng.choice(['Læge', 'Overlæge'])} {ctx.rng.choice(['Anne', 'Rasmus', 'Freja'])} "
            f"{ctx.rng.choice(['Kjær', 'Mortensen', 'Lund'])}",
            "signing doctor",
        ),
    )
    ctx.notes.append(
        "the birth date is printed only inside the CPR number (ddmmyy); the century "
        "comes from the register or the age"
    )
    return doc


def transfer_ie(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "IE")
    ctx.stamp_language = "en"
    doc = Doc("sans", 9.5)
    doc.text(
        25,
        16,
        ctx.sender("St. Columba's University Hospital", "St Columba's Hospital", fax="01 702 3399"),
        13,
        "bold",
    )
    doc.text(
        25, 21, "Department of Geriatric Medicine · James's Walk · Dublin 8 · Tel 01 702 3300", 8
    )
    doc.stamp = (170, 16)
    y = (
        doc.text(25, 34, ctx.title("Inter-Hospital Transfer Letter", "Transfer letter"), 12, "bold")
        + 3
    )
    admitted = ctx.days(-20, -8)
    rows = [
        ("Patient", ctx.named(f"{ctx.p.given} {upper(ctx.p.surname)}")),
        ("Date of birth", ctx.born("gb_abbr")),
        ("MRN", str(ctx.rng.randint(1000000, 9999999))),
        ("Admitted", ctx.other(admitted, "admission", "gb_abbr")),
        ("Transfer date", ctx.dated("gb_abbr")),
        ("Transferred to", "Peamount Healthcare, Rehabilitation Unit"),
        ("GP", f"{practice.doctor}, {practice.lines[1]}"),
    ]
    for label, value in rows:
        doc.text(25, y, label, 9, "bold")
        y = doc.text(65, y, value, 9) + 1.5
    nok = ctx.person(f"{ctx.rng.choice(['Sean', 'Mary', 'Niall'])} {ctx.p.surname}", "next of kin")
    y = paragraphs(
        doc,
        y + 4,
        [
            "Presenting complaint: fall at home with fractured neck of femur (left), treated by "
            "hemiarthroplasty. Post-operative delirium, now resolved.",
            "Functional status: mobilising with a frame and one assist. Continent. Eating "
            "and drinking.",
            f"Next of kin: {nok} (son/daughter), mobile 087 {ctx.rng.randint(1000000, 9999999)}.",
            "Resuscitation status: for full resuscitation. Allergies: penicillin (rash).",
        ],
    )
    doc.block(
        25,
        y + 8,
        [
            ctx.person(
                f"Dr {ctx.rng.choice(['Aoife', 'Ciarán', 'Orla'])} "
                f"{ctx.rng.choice(['Brennan', 'Gallagher', 'Kavanagh'])}",
                "registrar",
            ),
            "Registrar in Geriatric Medicine",
        ],
        9,
    )
    ctx.notes.append(
        "the letter date is the 'Transfer date' field of a form; dates like 03-Mar-2025"
    )
    return doc


def ed_note_us(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "US")
    ctx.stamp_language = "en"
    doc = Doc("sans", 9.5)
    doc.text(
        105,
        14,
        ctx.sender(
            "Champlain Valley Medical Center",
            "Champlain Valley Medical Center Emergency Department",
            "Emergency Department",
            fax="(802) 555-0121",
        ),
        13,
        "bold",
        "center",
    )
    doc.text(
        105,
        19,
        "Emergency Department · 111 Colchester Ave · Burlington, VT 05401",
        8,
        align="center",
    )
    doc.stamp = (175, 30)
    y = (
        doc.text(
            25,
            32,
            ctx.title("ED Provider Note - Summary for Primary Care", "ED Provider Note"),
            11,
            "bold",
        )
        + 3
    )
    arrived = ctx.date
    rows = [
        ("Patient:", ctx.named(f"{ctx.p.surname.upper()}, {ctx.p.given}")),
        ("DOB:", ctx.born("us_slash")),
        ("Sex:", {"F": "F", "M": "M"}.get(ctx.p.sex, "X")),
        (
            "Arrival:",
            f"{ctx.other(arrived - dt.timedelta(days=1), 'arrival', 'us_slash')} "
            f"23:{ctx.rng.randint(10, 59)}",
        ),
        (
            "Discharge:",
            f"{ctx.other(arrived, 'discharge', 'us_slash')} 04:{ctx.rng.randint(10, 59)}",
        ),
        ("PCP:", f"{practice.doctor}, {practice.lines[1]}"),
    ]
    for label, value in rows:
        doc.text(25, y, label, 9, "bold")
        y = doc.text(50, y, value, 9) + 1.2
    y = paragraphs(
        doc,
        y + 4,
        [
            "Chief complaint: right lower quadrant abdominal pain for 12 hours.",
            "Workup: WBC 13.2, lipase normal, urinalysis negative. CT abdomen/pelvis with "
            "contrast: "
            "no appendicitis, mesenteric adenitis.",
            "Disposition: discharged home in stable condition. Return precautions given. "
            "Please see "
            "the patient in clinic within 3-5 days.",
            f"Note signed {ctx.dated('us_long')}.",
        ],
    )
    doc.text(
        25,
        y + 8,
        ctx.person(
            f"{ctx.rng.choice(['Megan', 'Daniel', 'Priya'])} "
            f"{ctx.rng.choice(['Olsen', 'Carter', 'Shah'])}, MD",
            "emergency physician",
        ),
        9,
    )
    ctx.notes.append(
        "the arrival is the evening before; the letter date is the signing date in the "
        "last paragraph (equal to the discharge date, printed differently)"
    )
    return doc


def after_hours_nz(ctx: Ctx) -> Doc:
    practice = ctx.setup("en", "NZ")
    ctx.stamp_language = "en"
    doc = Doc("sans", 10)
    doc.text(
        25,
        16,
        ctx.sender("After Hours Home Doctor Service", "Home Doctor Service", fax="06 873 0999"),
        14,
        "bold",
    )
    doc.text(25, 21, "Urgent after-hours home visits · 0800 24 7 999 · Hastings", 8)
    doc.stamp = (170, 16)
    y = (
        doc.text(
            25, 34, ctx.title("After-Hours Consultation Report", "Consultation report"), 12, "bold"
        )
        + 3
    )
    who = f"{ctx.p.salutation('en')} {ctx.p.given} {upper(ctx.p.surname)}"
    carer = f"{ctx.rng.choice(names.FEMALE)} {ctx.p.surname}"
    rows = [
        ("Patient", ctx.named(who)),
        ("Date of birth", ctx.born("au_slash")),
        ("Address", address(ctx.p)),
        ("Date of visit", ctx.dated("gb_long")),
        ("Usual GP", f"{practice.doctor}, {practice.lines[1]}"),
    ]
    for label, value in rows:
        doc.text(25, y, label, 9.5, "bold")
        y = doc.text(60, y, value) + 1.2
    y = paragraphs(
        doc,
        y + 5,
        [
            "Presenting problem: fever 38.9 and dysuria since this morning, loin pain on the left.",
            "Examination: HR 104, BP 118/70, renal angle tenderness left. Urine dipstick "
            "leucocytes +++, nitrites +.",
            "Management: cefalexin 500 mg qid for 10 days, MSU sent. Advised to present to "
            "ED if vomiting or rigors. Please follow up the MSU result and review in 2-3 days.",
            f"Carer present: {ctx.person(carer, 'carer (family member)')}.",
        ],
    )
    doc.text(
        25,
        y + 8,
        ctx.person(
            f"Dr {ctx.rng.choice(['Hemi', 'Sione', 'Grace'])} "
            f"{ctx.rng.choice(['Walker', 'Tuhiwai', 'Fletcher'])}",
            "visiting doctor",
        ),
        9,
    )
    ctx.notes.append("the visit date is the letter date; d/mm/yyyy birth date")
    return doc


LAYOUTS = [
    Layout("gb_sleep_lab", sleep_lab_gb),
    Layout("us_holter_report", holter_us, (30, 90)),
    Layout("nz_specialist_reply_no_title", specialist_reply_nz),
    Layout("nl_appointment_to_patient", appointment_nl),
    Layout("de_printed_email", email_print),
    Layout("it_bz_bilingual_transfer", transfer_bz, (50, 95)),
    Layout("fr_consultation", consult_fr),
    Layout("dk_epikrise_cpr", discharge_dk),
    Layout("ie_transfer_form", transfer_ie, (65, 95)),
    Layout("us_ed_provider_note", ed_note_us),
    Layout("nz_after_hours_visit", after_hours_nz),
]
