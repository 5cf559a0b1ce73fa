"""English-language layouts (GB, IE, US, AU) and one Dutch referral (NL)."""

# ruff: noqa: E501, SIM905  (a letter's sentences stay whole on one line, as they read)

from __future__ import annotations

from datetime import timedelta

from .common import (
    WEEKDAYS_EN,
    Built,
    Case,
    address,
    d_gb,
    d_gb_long,
    d_gb_mon,
    d_gb_ord,
    d_nl,
    d_nl_long,
    d_us,
    d_us_long,
    doctor,
    phone,
)
from .layouts_de import sign
from .page import Doc, logo


def nhs_number(rng) -> str:  # type: ignore[no-untyped-def]
    return f"{rng.randint(400, 799)} {rng.randint(100, 999)} {rng.randint(1000, 9999)}"


# --- UK two-week-wait referral form ---------------------------------------------------------


def uk_2ww(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    practice = rng.choice(
        [
            "Riverside Medical Centre",
            "Castle Street Surgery",
            "Millbrook Health Centre",
            "The Elms Practice",
        ]
    )
    street, pc, city = address(rng, "GB")
    tel = phone(rng, "GB")
    gp, _, _ = doctor(rng, german=False)
    site = "Lower Gastrointestinal"
    nhs = nhs_number(rng)
    doc = Doc(font="arial", size=9.5, left=15, right=15, top=10)
    doc.box(15, 10, 195, 17, 0.2, fill=(0.88, 0.88, 0.88))
    head = f"Patient: {lp.mr()} {lp.given} {lp.surname.upper()}   DOB: {d_gb_mon(lp.birth)}   NHS No: {nhs}"
    doc.at(17, 15, head, size=8.5)
    b = Built(
        doc,
        "en",
        "GB",
        practice,
        [],
        "Urgent Suspected Cancer Referral",
        ["Two Week Wait referral", "2WW referral", f"Suspected {site.lower()} cancer referral"],
        c.letter_date,
    )
    b.as_written = f"{lp.mr()} {lp.given} {lp.surname.upper()}"
    b.fax_name, b.fax_number = practice, tel
    doc.ink(165, 20, logo(["NHS"], (0, 94, 184), "diamond", rng), 10, text="NHS")
    doc.at(15, 28, "URGENT SUSPECTED CANCER REFERRAL", font="arial-b", size=14)
    doc.at(15, 34, f"{site} – to be seen within 2 weeks", font="arial-b", size=11)
    doc.y = 40
    doc.box(15, 40, 195, 46, 0.3, fill=(0.8, 0.8, 0.8))
    doc.row(
        [(17, "Date of decision to refer:"), (70, d_gb(c.letter_date))],
        font="arial-b",
        size=9.5,
        lead=4.5,
    )
    b.must.append(d_gb(c.letter_date))
    b.must.append(d_gb(lp.birth))
    doc.y += 4
    doc.line("PATIENT DETAILS", font="arial-b", size=10)
    rows = [
        ("Surname:", lp.surname.upper(), "Forename(s):", lp.given),
        ("Title:", lp.mr(), "Date of birth:", d_gb(lp.birth)),
        ("NHS number:", nhs, "Hospital no:", ""),
        ("Address:", f"{lp.street}, {lp.city} {lp.postcode}", "", ""),
        (
            "Telephone:",
            f"07{rng.randint(700, 999)} {rng.randint(100000, 999999)}",
            "Interpreter needed:",
            "No",
        ),
    ]
    for a, bb, cc, dd in rows:
        doc.row([(17, a), (50, bb), (120, cc), (150, dd)], size=9.5, lead=5.5)
    doc.y += 3
    doc.line("REFERRER DETAILS", font="arial-b", size=10)
    for a, bb in (
        ("GP name:", gp),
        ("Practice:", practice),
        ("Address:", f"{street}, {city} {pc}"),
        ("Telephone / Fax:", f"{tel} / {tel[:-1]}0"),
        ("Practice code:", f"Y{rng.randint(10000, 99999)}"),
    ):
        doc.row([(17, a), (50, bb)], size=9.5, lead=5.5)
    b.person(gp, "referring GP")
    doc.y += 3
    doc.line("CLINICAL DETAILS (please tick all that apply)", font="arial-b", size=10)
    ticks = [
        "Age 50+ with unexplained rectal bleeding",
        "Change in bowel habit > 6 weeks",
        "Iron deficiency anaemia",
        "Positive FIT result (≥ 10 µg Hb/g)",
        "Abdominal or rectal mass",
    ]
    chosen = set(rng.sample(range(len(ticks)), 2))
    for i, t in enumerate(ticks):
        doc.line(("[X] " if i in chosen else "[  ] ") + t, lead=5)
    fit_date = c.letter_date - timedelta(days=rng.randint(3, 12))
    doc.y += 3
    doc.line("Additional information:", font="arial-b")
    doc.para(
        f"FIT 84 µg Hb/g on {d_gb(fit_date)}. Weight loss of 4 kg over 3 months. Hb 104 g/L. No family history of bowel cancer. Patient informed this is an urgent referral and is available in the next 2 weeks."
    )
    b.date(fit_date, "test result date")
    doc.line("Patient has been given the 2WW information leaflet: Yes", size=9)
    doc.at(105, 287, f"{practice} · {street} · {city} {pc} · Page 1 of 1", size=7, align="c")
    b.notes.append(
        "a form; a grey patient banner tops the page; date only as 'date of decision to refer'"
    )
    return b


# --- UK electronic discharge summary (TTO), two pages ----------------------------------------


def uk_edischarge(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    town = rng.choice(["Northgate", "Kingsbridge", "Westmoor", "Ashdown"])
    trust = f"{town} Hospitals NHS Foundation Trust"
    hospital = f"{town} General Hospital"
    nhs = nhs_number(rng)
    adm = c.letter_date - timedelta(days=rng.randint(4, 12))
    dis = c.letter_date - timedelta(days=rng.randint(0, 1))
    doc = Doc(font="arial", size=9.5, left=18, right=18, top=30)
    b = Built(
        doc,
        "en",
        "GB",
        trust,
        [hospital, trust.replace(" NHS Foundation Trust", ""), f"{hospital}, {trust}"],
        "Discharge Summary",
        ["eDischarge", "Discharge Notification", "TTO", "Inpatient Discharge Summary"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = hospital, phone(rng, "GB")

    def banner(d: Doc) -> None:
        n = len(d.pages)
        d.ink(
            18,
            8,
            logo(
                [trust.split(" NHS")[0], "NHS Foundation Trust"],
                (0, 94, 184),
                "diamond",
                d.__dict__.setdefault("_rng", rng),
            ),
            11,
            text=f"{trust.split(' NHS')[0]}\nNHS Foundation Trust",
        )
        d.at(192, 12, hospital, size=8, align="r")
        d.rule(18, 21, 192, 21, 0.4)
        d.at(
            18,
            25.5,
            f"{lp.surname.upper()}, {lp.given}   NHS: {nhs}   DOB: {d_gb(lp.birth)}",
            font="arial-b",
            size=8.5,
        )
        d.at(192, 25.5, f"Page {n}", size=8.5, align="r")
        d.y = 30

    doc.pages.clear()
    doc.on_new_page.append(banner)
    doc.new_page()
    b.as_written = f"{lp.surname.upper()}, {lp.given}"
    b.must.append(d_gb(lp.birth))
    doc.line("DISCHARGE SUMMARY / TTO", font="arial-b", size=13, lead=7)
    cons, _, _ = doctor(rng, german=False)
    gp, _, _ = doctor(rng, german=False)
    ward = rng.choice(
        ["Ward 12 (Acute Medicine)", "Beech Ward (Cardiology)", "Ward 7B (Respiratory)"]
    )
    for a, v in (
        ("Admission date:", d_gb(adm)),
        ("Discharge date:", d_gb(dis)),
        ("Ward:", ward),
        ("Consultant:", cons),
        ("GP:", gp),
        ("Admission method:", "Emergency – via ED"),
    ):
        doc.row([(18, a), (60, v)], size=9.5, lead=5)
    b.date(adm, "admission")
    b.date(dis, "discharge")
    b.person(cons, "consultant")
    b.person(gp, "GP (recipient)")
    sections = [
        ("Primary diagnosis", "Community-acquired pneumonia, right lower lobe (CURB-65 score 2)."),
        (
            "Co-morbidities",
            "COPD (GOLD 2); hypertension; type 2 diabetes mellitus; osteoarthritis of both knees.",
        ),
        (
            "Clinical summary",
            "Presented with a four-day history of productive cough, fever and breathlessness. Chest X-ray confirmed right lower lobe consolidation. CRP 186 on admission, falling to 24 by discharge. Treated with IV co-amoxiclav and oral clarithromycin, stepped down to oral antibiotics on day 3. Oxygen weaned on day 4. Mobilising independently with physiotherapy review; safe for discharge home.",
        ),
        (
            "Investigations",
            "Blood cultures negative. Legionella and pneumococcal urinary antigens negative. eGFR 58 at discharge (baseline 61).",
        ),
    ]
    for head, text in sections:
        doc.ensure(14)
        doc.line(head, font="arial-b", size=10, lead=6)
        doc.para(text)
    doc.ensure(50)
    doc.line("Medications on discharge (TTO)", font="arial-b", size=10, lead=6)
    xs = [18, 70, 100, 140, 170]
    doc.row(
        list(zip(xs, ["Medicine", "Dose", "Frequency", "Status", "Supply"], strict=True)),
        font="arial-b",
        size=9,
        lead=5,
    )
    for med in [
        ("Amoxicillin", "500 mg", "three times a day", "New – 3 more days", "9 caps"),
        ("Ramipril", "5 mg", "once daily", "Unchanged", "Own"),
        ("Metformin", "500 mg", "twice daily", "Restarted", "Own"),
        ("Tiotropium", "18 mcg inh", "once daily", "Unchanged", "Own"),
        ("Paracetamol", "1 g", "up to 4 times a day", "PRN", "32 tabs"),
    ]:
        doc.row(list(zip(xs, med, strict=True)), size=9, lead=4.8)
    doc.ensure(40)
    doc.line("Actions for GP", font="arial-b", size=10, lead=7)
    doc.para(
        "Please repeat U&E in 1 week (ACE inhibitor and recent AKI risk). Repeat chest X-ray in 6 weeks to confirm resolution. Consider pulmonary rehabilitation referral."
    )
    doc.line("Information given to patient", font="arial-b", size=10, lead=6)
    doc.para(
        "Diagnosis and medication changes explained; copy of this summary given to the patient."
    )
    if len(doc.pages) == 1:
        doc.new_page()
    fy1, _, _ = doctor(rng, german=False)
    done = f"Completed by: {fy1} (FY1), bleep 4471, on {d_gb(c.letter_date)} at {rng.randint(10, 19)}:{rng.randint(10, 59)}"
    doc.line(done, size=9, lead=8)
    b.person(fy1, "author (junior doctor)")
    b.must.append(d_gb(c.letter_date))
    b.notes.append(
        "two pages with the patient in a banner on each; the letter date is the 'completed by' date at the end"
    )
    return b


# --- UK/IE hospital appointment letter to the patient ----------------------------------------


def uk_appointment(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    ie = c.region == "IE"
    hospital = rng.choice(
        ["St Columba's University Hospital", "Mercy Regional Hospital"]
        if ie
        else ["Queen Eleanor Hospital", "Royal Wessex Infirmary", "St Aidan's Hospital"]
    )
    street, pc, city = address(rng, c.region)
    doc = Doc(font="arial", size=10.5)
    doc.at(190, 16, hospital, font="arial-b", size=13, align="r")
    doc.at(190, 21, "Outpatient Appointments Centre", size=9, align="r")
    doc.at(190, 25, f"{street}, {city} {pc}", size=9, align="r")
    doc.at(190, 29, f"Appointments line: {phone(rng, c.region)}", size=9, align="r")
    b = Built(
        doc, "en", c.region, hospital, ["Outpatient Appointments Centre"], None, [], c.letter_date
    )
    b.fax_name, b.fax_number = hospital, phone(rng, c.region)
    doc.y = 45
    first = f"{lp.mr()} {lp.given} {lp.surname}"
    for line in (first, lp.street, lp.city, lp.postcode):
        doc.line(line, lead=4.8)
    b.as_written = first
    doc.y = 75
    dstyle = rng.choice([d_gb_ord, d_gb_long])
    hosp_no = f"{chr(65 + rng.randrange(26))}{rng.randint(1000000, 9999999)}"
    show_dob = rng.random() < 0.5
    refs = [("Date:", dstyle(c.letter_date)), ("Hospital No:", hosp_no)]
    refs.append(
        ("Date of Birth:", d_gb(lp.birth))
        if show_dob
        else ("NHS No:" if not ie else "IHI:", nhs_number(rng))
    )
    for a, v in refs:
        doc.row([(25, a), (60, v)], size=10, lead=5)
    b.must.append(dstyle(c.letter_date))
    b.birth_date_written = show_dob
    clinic = rng.choice(["Cardiology", "Rheumatology", "Ophthalmology", "Dermatology"])
    consultant, _, _ = doctor(rng, german=False)
    subject = f"Your appointment with the {clinic} Clinic"
    b.title, b.title_alternatives = subject, ["Outpatient appointment", "Appointment letter"]
    appt = c.letter_date + timedelta(days=rng.randint(14, 45))
    doc.gap(6)
    doc.line(subject, font="arial-b")
    doc.gap(4)
    doc.line(f"Dear {lp.mr()} {lp.surname},")
    doc.gap(2)
    doc.para(
        f"An appointment has been made for you to see {consultant} or a member of the team in the {clinic} Clinic on:"
    )
    when = f"{WEEKDAYS_EN[appt.weekday()]} {d_gb_ord(appt)} at {rng.randint(9, 15)}:{rng.choice(['00', '15', '30', '45'])}"
    doc.line(when, font="arial-b", x=40)
    doc.line(f"Outpatients Department {rng.choice(['B', 'C', '2'])}, {hospital}", x=40)
    doc.gap(3)
    b.date(appt, "appointment date")
    b.person(consultant, "consultant")
    doc.para(
        "Please bring a list of your current medicines and arrive 15 minutes before your appointment time. If you cannot attend, please telephone us as soon as possible so that we can offer the appointment to another patient."
    )
    doc.para(
        "Patients who do not attend without letting us know may be discharged back to their GP."
    )
    doc.para("Yours sincerely,")
    doc.gap(6)
    doc.line("Outpatient Booking Team")
    doc.gap(4)
    doc.line("cc: GP", size=9)
    b.notes.append(
        "addressed to the patient; no title in the NHS sense, subject line names the clinic"
    )
    return b


# --- US consult note -------------------------------------------------------------------------


def us_consult(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    group = rng.choice(
        ["Northshore Health Partners", "Cascade Physician Group", "Prairie Medical Alliance"]
    )
    clinic = rng.choice(
        ["Lakeside Cardiology Associates", "Riverbend Endocrinology", "Summit Pulmonary & Sleep"]
    )
    street, pc, city = address(rng, "US")
    doc = Doc(font="times", size=11, left=22, right=22)
    doc.at(105, 16, clinic, font="times-b", size=15, align="c")
    doc.at(105, 21, f"A member of {group}", font="times-i", size=9, align="c")
    doc.at(
        105,
        25.5,
        f"{street} · {city} {pc} · Tel {phone(rng, 'US')} · Fax {phone(rng, 'US')}",
        size=8.5,
        align="c",
    )
    doc.rule(22, 28, 188, 28, 0.5)
    specialty = clinic.split()[1]
    b = Built(
        doc,
        "en",
        "US",
        clinic,
        [group, f"{clinic}, {group}"],
        "Consultation Note",
        [f"{specialty} Consultation", "Consult Note"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = clinic, phone(rng, "US")
    doc.y = 32
    doc.line("CONSULTATION NOTE", font="times-b", size=13, align="c", x=105, lead=7)
    mrn = f"{rng.randint(10000000, 99999999)}"
    ref, _, _ = doctor(rng, german=False)
    ref = ref.replace("Dr ", "") + ", MD"
    rows = [
        ("Patient:", lp.caps_last()),
        ("DOB:", d_us(lp.birth)),
        ("MRN:", mrn),
        ("Date of Service:", d_us(c.letter_date)),
        ("Referring Provider:", ref),
    ]
    for a, v in rows:
        doc.row([(22, a), (62, v)], fonts=["times-b", "times"], lead=5)
    b.as_written = lp.caps_last()
    b.must += [d_us(c.letter_date), d_us(lp.birth)]
    b.person(ref, "referring provider")
    he = "He" if lp.sex == "M" else "She"
    sections = [
        ("Reason for Consultation:", "Evaluation of exertional chest discomfort and palpitations."),
        (
            "History of Present Illness:",
            f"{he} reports intermittent substernal pressure with exertion for approximately two months, relieved by rest within five minutes, and occasional palpitations at night. No syncope. Home blood pressure readings 140s/90s.",
        ),
        ("Past Medical History:", "Hypertension, hyperlipidemia, prediabetes (A1c 6.1%), GERD."),
        (
            "Medications:",
            "Lisinopril 20 mg daily, atorvastatin 40 mg daily, omeprazole 20 mg daily.",
        ),
        (
            "Physical Examination:",
            "BP 146/92, HR 78 regular, BMI 31.2. Heart regular rate and rhythm, no murmurs. Lungs clear. No peripheral edema.",
        ),
        (
            "Assessment and Plan:",
            "1. Exertional chest discomfort, intermediate pretest probability: exercise stress echocardiogram ordered. 2. Palpitations: 14-day ambulatory ECG monitor. 3. Hypertension, not at goal: increase lisinopril to 40 mg daily. Follow-up in 4 weeks or sooner if symptoms worsen.",
        ),
    ]
    doc.gap(3)
    for head, text in sections:
        doc.ensure(14)
        doc.line(head, font="times-b")
        doc.para(text, after=1.5)
    author, _, _ = doctor(rng, german=False)
    author = author.replace("Dr ", "") + ", MD, FACC"
    doc.gap(3)
    doc.line(
        f"Electronically signed by {author} on {d_us(c.letter_date)} {rng.randint(1, 6)}:{rng.randint(10, 59)} PM",
        size=9.5,
    )
    b.person(author, "author")
    doc.line(f"cc: {ref}", size=9.5)
    return b


# --- US prior authorization determination ----------------------------------------------------


def us_prior_auth(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    plan = rng.choice(
        ["Cascadia Health Plan", "Great Lakes Mutual Health", "Keystone Community Care"]
    )
    _, pc, city = address(rng, "US")
    doc = Doc(font="arial", size=10)
    doc.ink(
        22,
        10,
        logo([plan, "Member Health Services"], (120, 20, 60), "cross", rng),
        13,
        text=f"{plan}\nMember Health Services",
    )
    doc.at(188, 14, f"P.O. Box {rng.randint(1000, 99999)}", size=8, align="r")
    doc.at(188, 18, f"{city} {pc}", size=8, align="r")
    b = Built(
        doc,
        "en",
        "US",
        plan,
        ["Member Health Services"],
        "Prior Authorization Request – APPROVED",
        [
            "Prior Authorization Approval",
            "Notice of Prior Authorization Determination",
            "Prior Authorization",
        ],
        c.letter_date,
    )
    b.notes.append("the sender is named only in its logo (pixels, no text layer)")
    b.fax_name, b.fax_number = plan, phone(rng, "US")
    doc.y = 34
    doc.line(d_us_long(c.letter_date))
    b.must.append(d_us_long(c.letter_date))
    prov, _, _ = doctor(rng, german=False)
    prov = prov.replace("Dr ", "") + ", MD"
    pstreet, ppc, pcity = address(rng, "US")
    doc.gap(6)
    for line in (prov, "Summit Orthopedics & Spine", pstreet, f"{pcity} {ppc}"):
        doc.line(line, lead=4.8)
    b.person(prov, "requesting provider (addressee)")
    doc.gap(6)
    doc.line("RE: Prior Authorization Request – APPROVED", font="arial-b", size=11)
    doc.gap(2)
    received = c.letter_date - timedelta(days=rng.randint(2, 9))
    start = c.letter_date + timedelta(days=rng.randint(1, 5))
    end = start + timedelta(days=89)
    rows = [
        ("Member Name:", f"{lp.given} {lp.surname}"),
        ("Member ID:", f"{rng.choice('XYZW')}{rng.randint(10**8, 10**9 - 1)}"),
        ("Date of Birth:", d_us(lp.birth)),
        ("Reference #:", f"PA-{c.letter_date.year}-{rng.randint(100000, 999999)}"),
        (
            "Service:",
            rng.choice(
                [
                    "MRI lumbar spine without contrast (CPT 72148)",
                    "Total knee arthroplasty, right (CPT 27447)",
                    "Physical therapy, 12 visits",
                ]
            ),
        ),
        ("Request received:", d_us(received)),
        ("Authorized period:", f"{d_us(start)} through {d_us(end)}"),
    ]
    for a, v in rows:
        doc.row([(25, a), (70, v)], fonts=["arial-b", "arial"], lead=5.5)
    b.as_written = f"{lp.given} {lp.surname}"
    b.must.append(d_us(lp.birth))
    b.date(received, "request received")
    b.date(start, "authorization start")
    b.date(end, "authorization end")
    doc.gap(5)
    doc.line("Dear Provider:")
    doc.gap(2)
    doc.para(
        "We have reviewed the request for the service listed above and determined that it is medically necessary under the member's benefit plan. This approval is not a guarantee of payment; benefits are subject to the member's eligibility and plan terms on the date of service."
    )
    doc.para(
        "If the service is not performed within the authorized period, a new request is required. Please include the reference number on all claims."
    )
    doc.para("Sincerely,")
    nurse, _, _ = doctor(rng, german=False, title="")
    doc.gap(4)
    doc.line(f"{nurse}, RN")
    doc.line("Utilization Management Department")
    b.person(nurse, "signer (nurse reviewer)")
    doc.gap(4)
    doc.line(f"cc: {lp.given} {lp.surname} (member)", size=9)
    return b


# --- US explanation of benefits to the member -----------------------------------------------


def us_eob(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    plan = rng.choice(
        ["Cascadia Health Plan", "Great Lakes Mutual Health", "Keystone Community Care"]
    )
    doc = Doc(font="narrow", size=10, left=15, right=15)
    doc.at(15, 18, plan, font="narrow-b", size=16, color=(0.1, 0.2, 0.5))
    doc.at(195, 18, "THIS IS NOT A BILL", font="narrow-b", size=12, align="r")
    doc.at(15, 28, "Explanation of Benefits", font="narrow-b", size=14)
    b = Built(
        doc,
        "en",
        "US",
        plan,
        [],
        "Explanation of Benefits",
        ["EOB"],
        c.letter_date,
        birth_date_written=False,
    )
    b.fax_name, b.fax_number = plan, phone(rng, "US")
    doc.y = 32
    rows = [
        ("Statement date:", d_us(c.letter_date)),
        ("Member:", f"{lp.given} {lp.surname}"),
        ("Member ID:", f"{rng.randint(10**9, 10**10 - 1)}"),
        (
            "Group:",
            f"{rng.randint(100000, 999999)} – {rng.choice(['City of Riverton', 'Acme Logistics Inc.', 'State Teachers Plan'])}",
        ),
    ]
    for a, v in rows:
        doc.row([(15, a), (55, v)], fonts=["narrow-b", "narrow"], lead=5)
    b.as_written = f"{lp.given} {lp.surname}"
    b.must.append(d_us(c.letter_date))
    doc.y = 34
    for line in (
        f"{lp.given.upper()} {lp.surname.upper()}",
        lp.street.upper(),
        f"{lp.city.upper()} {lp.postcode}",
    ):
        doc.line(line, x=120, lead=4.8)
    doc.y = 62
    doc.line("Claims processed since your last statement", font="narrow-b", size=11, lead=6)
    xs = [15, 40, 90, 125, 145, 165, 182]
    doc.row(
        list(
            zip(
                xs,
                [
                    "Service date",
                    "Provider",
                    "Service",
                    "Billed",
                    "Allowed",
                    "Plan paid",
                    "You owe",
                ],
                strict=True,
            )
        ),
        font="narrow-b",
        size=9,
        lead=5,
    )
    doc.rule(15, doc.y + 1.2, 195, doc.y + 1.2, 0.3)
    total = 0.0
    for _ in range(rng.randint(2, 4)):
        sd = c.letter_date - timedelta(days=rng.randint(10, 60))
        billed = rng.randint(90, 1800)
        allowed = round(billed * rng.uniform(0.4, 0.8), 2)
        owe = round(allowed * 0.2, 2)
        total += owe
        prov = rng.choice(
            ["Lakeside Cardiology", "Metro Imaging Center", "Quest Labs", "Riverbend Endocrinology"]
        )
        svc = rng.choice(["Office visit", "Lab panel", "Echocardiogram", "X-ray chest"])
        doc.row(
            list(
                zip(
                    xs,
                    [
                        d_us(sd),
                        prov,
                        svc,
                        f"${billed:.2f}",
                        f"${allowed:.2f}",
                        f"${allowed - owe:.2f}",
                        f"${owe:.2f}",
                    ],
                    strict=True,
                )
            ),
            size=9,
            lead=5,
        )
        b.date(sd, "service date (claim)")
    doc.rule(15, doc.y + 1.2, 195, doc.y + 1.2, 0.3)
    doc.row([(145, "Total you owe:"), (182, f"${total:.2f}")], font="narrow-b", size=9.5, lead=6)
    doc.gap(6)
    doc.para(
        "Your provider may bill you for the amount shown under 'You owe'. If you have questions about this statement, call Member Services at the number on your ID card. You have the right to appeal any claim decision within 180 days of the statement date."
    )
    doc.at(
        105,
        285,
        f"{plan} · Member Services 1-800-555-{rng.randint(1000, 9999)} · Page 1 of 1",
        size=8,
        align="c",
    )
    b.notes.append("to the patient (member); no birth date; many service dates in the claims table")
    return b


# --- Australian specialist letter, patient only in the Re: line, two pages -------------------


def au_specialist(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    centre = rng.choice(
        [
            "Harbourside Specialist Centre",
            "Inner West Gastroenterology",
            "Eastside Heart & Vascular",
        ]
    )
    spec, _, _ = doctor(rng, german=False)
    street, pc, city = address(rng, "AU")
    doc = Doc(font="sans", size=10, left=22, right=22)
    doc.at(22, 16, spec + " MBBS FRACP", font="sans-b", size=12)
    doc.at(22, 21, "Consultant Physician", size=9)
    doc.at(188, 16, centre, size=9, align="r")
    doc.at(188, 20, f"{street}, {city} {pc}", size=8, align="r")
    doc.at(
        188,
        24,
        f"Ph {phone(rng, 'AU')}  Fax {phone(rng, 'AU')}  Provider No {rng.randint(100000, 999999)}{rng.choice('ABCJKL')}",
        size=8,
        align="r",
    )
    b = Built(doc, "en", "AU", centre, [spec, f"{spec}, {centre}"], None, [], c.letter_date)
    b.fax_name, b.fax_number = centre, phone(rng, "AU")
    doc.y = 38
    doc.line(d_gb_long(c.letter_date))
    b.must.append(d_gb_long(c.letter_date))
    gp, gps, _ = doctor(rng, german=False)
    gstreet, gpc, gcity = address(rng, "AU")
    doc.gap(4)
    for line in (
        gp,
        rng.choice(["Crown Street Medical Practice", "Glebe Family Medical"]),
        gstreet,
        f"{gcity} {gpc}",
    ):
        doc.line(line, lead=4.8)
    b.person(gp, "addressee (GP)")
    doc.gap(6)
    doc.line(f"Dear Dr {gps},")
    doc.gap(2)
    re = f"Re: {lp.mr()} {lp.given} {lp.surname.upper()}  DOB {d_gb(lp.birth)}"
    doc.line(re, font="sans-b")
    doc.line(f"{lp.street}, {lp.city} {lp.postcode}", font="sans-b")
    b.as_written = f"{lp.mr()} {lp.given} {lp.surname.upper()}"
    b.must.append(d_gb(lp.birth))
    b.notes.append("the patient is named only in the Re: line; no title")

    def running(d: Doc) -> None:
        d.at(22, 14, f"Re: {lp.given} {lp.surname.upper()} (DOB {d_gb(lp.birth)})", size=8.5)
        d.at(188, 14, f"Page {len(d.pages)}", size=8.5, align="r")
        d.y = 22

    doc.on_new_page.append(running)
    doc.gap(3)
    pr = "him" if lp.sex == "M" else "her"
    paras = [
        f"Thank you for referring {lp.first_given}, whom I saw today in my rooms for assessment of iron deficiency anaemia and intermittent epigastric pain.",
        "The pain has been present for around four months, is worse after meals and is partly relieved by antacids. There has been no vomiting, dysphagia or melaena, but there is a 3 kg weight loss. The patient takes meloxicam intermittently for knee osteoarthritis.",
        "Past history includes hypertension, hypothyroidism and a right total knee replacement in 2019. Current medications are perindopril 5 mg daily, thyroxine 100 mcg daily and meloxicam 15 mg as needed.",
        "On examination the abdomen was soft with mild epigastric tenderness and no masses. Recent bloods show Hb 108 g/L, ferritin 9 µg/L and normal coeliac serology.",
        f"Impression: probable NSAID-related peptic ulcer disease; coeliac disease and colorectal pathology need to be excluded. I have booked {pr} for gastroscopy and colonoscopy and have started pantoprazole 40 mg daily. I have advised ceasing meloxicam. An iron infusion can be arranged if the ferritin remains low after the procedures.",
        "I will write again with the procedural findings and histology. Please do not hesitate to contact me in the meantime.",
    ]
    for p in paras:
        doc.para(p, after=3)
    if len(doc.pages) == 1:
        doc.new_page()
    doc.line("Yours sincerely,")
    sign(doc, rng, [(spec, "Consultant Physician")], gap=0)
    doc.line(f"cc: {lp.mr()} {lp.given} {lp.surname}", size=9)
    return b


# --- Dutch referral from a GP -----------------------------------------------------------------


def nl_verwijsbrief(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    practice = f"Huisartsenpraktijk {rng.choice(['De Linde', 'Oudwijk', 'Het Spoor', 'De Brink'])}"
    street, pc, city = address(rng, "NL")
    gp = f"{rng.choice(['dr.', ''])} {rng.choice('JMPW')}. {rng.choice(['de Boer', 'Jansen', 'Visser', 'Smit'])}, huisarts".strip()
    doc = Doc(font="arial", size=10.5)
    doc.at(25, 18, practice, font="arial-b", size=14, color=(0.0, 0.35, 0.2))
    doc.at(25, 23, f"{street} · {pc} {city} · tel. {phone(rng, 'NL')}", size=8.5)
    b = Built(
        doc,
        "nl",
        "NL",
        practice,
        [gp.split(", ")[0]],
        "Verwijsbrief",
        ["Verwijzing"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = practice, phone(rng, "NL")
    doc.y = 36
    doc.line("Verwijsbrief", font="arial-b", size=14, lead=6)
    dept = rng.choice(["Dermatologie", "Cardiologie", "Orthopedie", "Neurologie"])
    hosp = rng.choice(["UMC Utrecht", "Meander Medisch Centrum", "Martini Ziekenhuis"])
    rows = [
        ("Aan:", f"Polikliniek {dept}, {hosp}"),
        ("Datum:", d_nl_long(c.letter_date)),
        ("Betreft:", f"{'mevrouw' if lp.sex == 'F' else 'de heer'} {lp.given} {lp.surname}"),
        ("Geboortedatum:", d_nl(lp.birth)),
        ("Adres:", f"{lp.street}, {lp.postcode} {lp.city}"),
        ("BSN:", f"{rng.randint(100000000, 999999999)}"),
        (
            "Verzekering:",
            rng.choice(["Zilveren Kruis", "CZ", "VGZ", "Menzis"])
            + f", polisnr. {rng.randint(10**7, 10**8 - 1)}",
        ),
    ]
    for a, v in rows:
        doc.row([(25, a), (65, v)], fonts=["arial-b", "arial"], lead=5.5)
    b.as_written = f"{lp.given} {lp.surname}"
    b.must += [d_nl_long(c.letter_date), d_nl(lp.birth)]
    b.person(f"Polikliniek {dept}, {hosp}", "addressee (hospital department)")
    doc.gap(6)
    doc.line("Geachte collega,")
    doc.gap(2)
    doc.para(
        f"Graag verwijs ik bovengenoemde patiënt{'e' if lp.sex == 'F' else ''} naar uw polikliniek {dept.lower()} voor beoordeling en zo nodig behandeling."
    )
    doc.line("Vraagstelling:", font="arial-b")
    doc.para(
        "Sinds drie maanden een groeiende, pigmenthoudende laesie op de rug, asymmetrisch en onregelmatig begrensd. Graag uw oordeel en zo nodig excisie."
    )
    doc.line("Voorgeschiedenis en medicatie:", font="arial-b")
    doc.para(
        "Hypertensie, hypercholesterolemie. Medicatie: amlodipine 5 mg 1dd1, simvastatine 40 mg 1dd1. Geen allergieën bekend."
    )
    doc.para("Met collegiale groet,")
    sign(doc, rng, [(gp, practice)], gap=0)
    b.person(gp, "signer (GP)")
    return b


LAYOUTS_EN = {
    "gb_2ww_referral_form": (uk_2ww, ["GB"]),
    "gb_edischarge_tto": (uk_edischarge, ["GB"]),
    "gb_ie_appointment_to_patient": (uk_appointment, ["GB", "IE"]),
    "us_consult_note": (us_consult, ["US"]),
    "us_prior_authorization": (us_prior_auth, ["US"]),
    "us_eob_to_member": (us_eob, ["US"]),
    "au_specialist_re_line": (au_specialist, ["AU"]),
    "nl_verwijsbrief": (nl_verwijsbrief, ["NL"]),
}


# --- UK cellular pathology report --------------------------------------------------------------


def gb_histopath(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    town = rng.choice(["Northgate", "Kingsbridge", "Westmoor", "Ashdown"])
    trust = f"{town} Hospitals NHS Foundation Trust"
    dept = "Department of Cellular Pathology"
    doc = Doc(font="mono", size=9, left=18, right=18)
    doc.at(18, 16, trust, font="arial-b", size=12)
    doc.at(18, 21, f"{dept}, {town} General Hospital", font="arial", size=9)
    b = Built(
        doc,
        "en",
        "GB",
        trust,
        [dept, f"{dept}, {town} General Hospital", f"{town} General Hospital"],
        "Cellular Pathology Report",
        ["Histopathology Report", "Histology report"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = f"{town} Cellular Path", phone(rng, "GB")
    doc.at(18, 30, "CELLULAR PATHOLOGY REPORT", font="mono-b", size=12)
    doc.y = 34
    taken = c.letter_date - timedelta(days=rng.randint(4, 10))
    received = taken + timedelta(days=1)
    nhs = nhs_number(rng)
    lab_no = f"{c.letter_date.year % 100}H{rng.randint(10000, 99999)}"
    src, _, _ = doctor(rng, german=False)
    rows = [
        ("Surname:", lp.surname.upper(), "Lab No:", lab_no),
        ("Forenames:", lp.given.upper(), "NHS No:", nhs),
        ("DOB:", d_gb_mon(lp.birth).upper(), "Collected:", d_gb_mon(taken).upper()),
        ("Source:", f"{src}", "Received:", d_gb_mon(received).upper()),
    ]
    for a, v, x, y in rows:
        doc.row([(18, a), (45, v), (115, x), (140, y)], size=9, lead=5)
    b.as_written = lp.surname.upper()
    b.notes.append("surname and forenames in separate capitalised fields; dates as 14-MAR-2025")
    b.must += [d_gb_mon(lp.birth).upper(), d_gb_mon(c.letter_date).upper()]
    b.date(taken, "specimen collected")
    b.date(received, "specimen received")
    b.person(src, "requesting clinician")
    doc.rule(18, doc.y + 2, 192, doc.y + 2, 0.3)
    doc.y += 5
    spec, clin, macro, micro, concl = rng.choice(
        [
            (
                "Skin, left shoulder, excision",
                "Changing pigmented lesion ?melanoma",
                "Ellipse of skin 18 x 8 x 5 mm with a central pigmented lesion 6 mm.",
                "Sections show a junctional melanocytic proliferation with mild architectural atypia. No dermal invasion. Margins clear (closest 2 mm).",
                "Dysplastic (atypical) junctional naevus with mild atypia, completely excised.",
            ),
            (
                "Colon, sigmoid polyp, snare",
                "Polyp found on bowel screening colonoscopy",
                "Polyp 9 mm, bisected, all embedded.",
                "Tubular adenoma with low-grade dysplasia. Stalk free of dysplasia.",
                "Tubular adenoma, low-grade dysplasia, completely excised.",
            ),
            (
                "Endometrial pipelle biopsy",
                "Postmenopausal bleeding",
                "Fragments of tissue 12 x 10 x 2 mm in aggregate.",
                "Inactive endometrium. No hyperplasia or malignancy.",
                "Benign inactive endometrium.",
            ),
        ]
    )
    for head, text in (
        ("SPECIMEN", spec),
        ("CLINICAL DETAILS", clin),
        ("MACROSCOPY", macro),
        ("MICROSCOPY", micro),
        ("CONCLUSION", concl),
    ):
        doc.line(head, font="mono-b", lead=6)
        doc.para(text, after=1)
    doc.line(f"SNOMED: T{rng.randint(10000, 99999)} M{rng.randint(80000, 89999)}", lead=6)
    doc.gap(4)
    path, _, _ = doctor(rng, german=False)
    doc.line(f"Reported by: {path}, Consultant Histopathologist")
    doc.line(
        f"Authorised: {d_gb_mon(c.letter_date).upper()} {rng.randint(9, 17):02d}:{rng.randint(0, 59):02d}"
    )
    b.person(path, "pathologist")
    return b


# --- French consultation report --------------------------------------------------------------

MOIS = (
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split()
)


def fr_compte_rendu(c: Case) -> Built:
    rng, lp = c.rng, c.lp
    city = rng.choice(["Lyon", "Strasbourg", "Lille", "Nantes"])
    practice = f"Cabinet de Cardiologie {rng.choice(['du Parc', 'Bellecour', 'des Halles'])}"
    dr = f"Dr {rng.choice(['Claire', 'Julien', 'Isabelle', 'Marc'])} {rng.choice(['Martin', 'Bernard', 'Dubois', 'Lefèvre'])}"
    doc = Doc(font="times", size=11)
    doc.at(25, 18, dr, font="times-b", size=13)
    doc.at(25, 23, "Cardiologue – Ancien chef de clinique", size=9)
    doc.at(25, 27, practice, size=9)
    doc.at(
        25,
        31,
        f"{rng.randint(2, 80)} rue de la République, {rng.randint(67000, 69009)} {city}",
        size=9,
    )
    d = c.letter_date
    written = f"{city}, le {'1er' if d.day == 1 else d.day} {MOIS[d.month - 1]} {d.year}"
    b = Built(
        doc,
        "fr",
        "FR",
        practice,
        [dr, f"{dr}, {practice}"],
        "Compte rendu de consultation",
        ["Compte-rendu de consultation cardiologique"],
        c.letter_date,
    )
    b.fax_name, b.fax_number = (
        practice,
        f"04 {rng.randint(10, 99)} {rng.randint(10, 99)} {rng.randint(10, 99)} {rng.randint(10, 99)}",
    )
    doc.y = 45
    doc.line(written, x=190, align="r")
    b.must.append(written)
    gp = f"Dr {rng.choice(['Sophie', 'Paul', 'Nathalie'])} {rng.choice(['Roux', 'Fournier', 'Girard'])}"
    doc.gap(6)
    doc.line(gp, x=120)
    doc.line("Médecin généraliste", x=120)
    b.person(gp, "addressee (GP)")
    doc.gap(10)
    madame = "Madame" if lp.sex == "F" else "Monsieur"
    ne = "née" if lp.sex == "F" else "né"
    obj = (
        f"Objet : {madame} {lp.surname.upper()} {lp.given}, {ne} le {lp.birth.strftime('%d/%m/%Y')}"
    )
    doc.line(obj, font="times-b")
    b.as_written = f"{madame} {lp.surname.upper()} {lp.given}"
    b.must.append(lp.birth.strftime("%d/%m/%Y"))
    doc.line("Compte rendu de consultation", font="times-b")
    doc.gap(5)
    doc.line("Cher confrère,")
    doc.gap(2)
    pron = "la" if lp.sex == "F" else "le"
    doc.para(
        f"J'ai revu en consultation {madame} {lp.surname.upper()}, que vous m'aviez adressé{'e' if lp.sex == 'F' else ''} pour des palpitations. "
        "L'examen clinique est sans particularité, la pression artérielle est à 132/78 mmHg. "
        "L'électrocardiogramme montre un rythme sinusal régulier à 72/min sans trouble de la conduction."
    )
    doc.para(
        "Le Holter ECG des 24 heures retrouve quelques extrasystoles auriculaires isolées, sans "
        "passage en fibrillation atriale. L'échographie cardiaque est normale (FEVG 62 %)."
    )
    doc.para(
        f"Je {pron} rassure et ne propose pas de traitement. Une réévaluation est à prévoir en cas "
        "de récidive des symptômes."
    )
    doc.para(
        "Je vous prie de croire, cher confrère, à l'assurance de mes sentiments les meilleurs."
    )
    sign(doc, rng, [(dr, "Cardiologue")], gap=0)
    b.notes.append(
        "French convention: 'Objet :' line with the surname in capitals before the given name"
    )
    return b


LAYOUTS_EN["gb_cellular_pathology"] = (gb_histopath, ["GB"])
LAYOUTS_EN["fr_compte_rendu"] = (fr_compte_rendu, ["FR"])
