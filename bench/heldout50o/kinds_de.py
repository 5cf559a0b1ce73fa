"""German letters: hospitals, specialists, labs, radiology, authorities, services."""

from __future__ import annotations

from .base import Ctx, Page, Spec, fmt, footer, header_block, signature
from .layout import LEFT, RIGHT

HOSPITALS = [
    (
        "Klinikum Emschertal Dortmund",
        [
            "Klinik für Innere Medizin und Gastroenterologie",
            "Chefarzt Prof. Dr. med. Reinhard Ostendorf",
        ],
        "Beurhausstraße 40 · 44137 Dortmund",
        "0231 953 21180",
        "Dortmund",
        ["Klinikum Emschertal", "Klinik für Innere Medizin und Gastroenterologie"],
    ),
    (
        "Knappschaftskrankenhaus Bochum-Langendreer",
        ["Universitätsklinik für Neurologie", "Direktor: Prof. Dr. med. Sabine Kötter"],
        "In der Schornau 23–25 · 44892 Bochum",
        "0234 299 84011",
        "Bochum",
        ["Knappschaftskrankenhaus Bochum", "Universitätsklinik für Neurologie"],
    ),
    (
        "Universitätsklinikum Rhein-Main",
        ["Zentrum der Inneren Medizin · Kardiologie", "Direktor: Prof. Dr. med. Tobias Wendland"],
        "Theodor-Stern-Kai 7 · 60596 Frankfurt am Main",
        "069 6301 77402",
        "Frankfurt am Main",
        ["Universitätsklinikum Rhein-Main Frankfurt", "Zentrum der Inneren Medizin"],
    ),
    (
        "Städtisches Klinikum Frankfurt-Höchst",
        ["Klinik für Geriatrie", "Chefärztin Dr. med. Ulrike Sandner"],
        "Gotenstraße 6–8 · 65929 Frankfurt am Main",
        "069 3106 2999",
        "Frankfurt am Main",
        ["Klinikum Frankfurt-Höchst", "Klinik für Geriatrie"],
    ),
    (
        "Gesundheitszentrum Wetterau – Kreiskrankenhaus Schotten",
        ["Abteilung für Allgemein- und Viszeralchirurgie", "Chefarzt Dr. med. Karl-Otto Ruppel"],
        "Vogelsbergstraße 50 · 63679 Schotten",
        "06044 61 3000",
        "Schotten",
        ["Kreiskrankenhaus Schotten", "Gesundheitszentrum Wetterau"],
    ),
    (
        "Evangelische Kliniken Gelsenkirchen",
        ["Klinik für Pneumologie und Schlafmedizin", "Chefarzt PD Dr. med. Hakan Yüksel"],
        "Munckelstraße 27 · 45879 Gelsenkirchen",
        "0209 160 1555",
        "Gelsenkirchen",
        ["Ev. Kliniken Gelsenkirchen", "Klinik für Pneumologie und Schlafmedizin"],
    ),
]

DIAG = [
    ("Ambulant erworbene Pneumonie rechts basal (J18.9)", "Diabetes mellitus Typ 2 (E11.9)"),
    ("NSTEMI bei koronarer Zweigefäßerkrankung (I21.4)", "Arterielle Hypertonie (I10.90)"),
    ("Akute Cholezystitis, laparoskopische Cholezystektomie (K81.0)", "Adipositas Grad I"),
    ("Exazerbierte COPD GOLD 3 (J44.19)", "Pneumokoniose bei Steinkohlenbergbau (J60)"),
    ("Ischämischer Hirninfarkt links (I63.5)", "Vorhofflimmern, paroxysmal (I48.0)"),
    ("Sturz mit Fraktur des Os pubis rechts (S32.5)", "Demenz vom Alzheimer-Typ (G30.1)"),
]
MEDS = [
    "Metformin 1000 mg 1-0-1",
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-0",
    "Atorvastatin 40 mg 0-0-1",
    "Apixaban 5 mg 1-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Tiotropium 18 µg 1-0-0",
    "Torasemid 10 mg 1-0-0",
    "Metamizol 500 mg bei Bedarf",
]


def hospital(c: Ctx) -> Spec:
    name, dept, addr, fax, city, alts = HOSPITALS[c.rng.randrange(len(HOSPITALS))]
    adm = c.ago(8, 20)
    dis = c.ago(1, 4)
    if dis <= adm:
        dis = adm
    title = c.pick(["Entlassungsbrief", "ENTLASSUNGSBRIEF", "Vorläufiger Arztbrief", "Arztbrief"])
    p1 = Page()
    header_block(p1, [name, *dept, addr, f"Telefax {fax}"], "centre", big=14)
    p1.rule(dy=1.0)
    c.recipient(p1, f"{name} · {addr}")
    p1.at(52).line(f"{city}, {fmt(c.date, 'de')}", x=RIGHT, align="right", size=9.5)
    hpid = c.person.reg is not None and c.rng.random() < 0.4
    if hpid:
        p1.at(79).line(f"Ihre Pat.-Nr. {c.pid()}", x=RIGHT, align="right", size=8)
    surname_first = c.rng.random() < 0.5
    sn = c.sn.upper() if surname_first else c.sn
    who = f"{sn}, {c.gn}" if surname_first else f"{c.he()} {c.tt}{c.gn} {c.sn}"
    maiden = int(bool(c.person.old_surname) and not c.use_old_name and not surname_first)
    if maiden:
        who += f" geb. {c.person.old_surname}"
    bstyle = c.pick(["de", "de1"])
    p1.at(88).line(title, size=13, font="sansb").gap(1)
    p1.line(f"Patient/in: {who}, geb. {fmt(c.person.birth, bstyle)}", font="sansb", size=10)
    p1.line(f"stationärer Aufenthalt vom {fmt(adm, 'de')} bis {fmt(dis, 'de')}", size=10).gap(3)
    p1.line(
        str(c.practice["salutation"])
        if c.rng.random() < 0.6
        else "Sehr geehrte Kolleginnen und Kollegen,"
    )
    p1.para(
        f"wir berichten über {'unseren Patienten' if c.person.sex == 'M' else 'unsere Patientin'}, "
        f"{'der' if c.person.sex == 'M' else 'die'} sich in unserer stationären Behandlung befand."
    ).gap(2)
    d1, d2 = DIAG[c.rng.randrange(len(DIAG))]
    p1.line("Diagnosen:", font="sansb").line(f"– {d1}").line(f"– {d2}").gap(2)
    p1.line("Anamnese:", font="sansb")
    p1.para(
        "Die Aufnahme erfolgte über die Zentrale Notaufnahme mit seit drei Tagen zunehmender "
        "Belastungsdyspnoe und Fieber bis 38,9 °C. Vorerkrankungen und Dauermedikation siehe "
        "unten. Eine Allergie ist nicht bekannt."
    ).gap(2)
    p1.line("Verlauf:", font="sansb")
    p1.para(
        "Unter der eingeleiteten Therapie kam es zu einer raschen Besserung des "
        "Allgemeinbefindens. "
        "Die Entzündungswerte waren rückläufig, die Mobilisation gelang problemlos. Wir konnten "
        f"{c.he('Herrn', 'Frau')} {c.sn} in gutem Allgemeinzustand nach Hause entlassen."
    )
    footer(p1, f"{name} · Sitz {city} · Amtsgericht {city} · Seite 1 von 2")
    p2 = Page()
    run = f"{c.sn}, {c.gn}, geb. {fmt(c.person.birth, bstyle)} – {title} vom {fmt(c.date, 'de')}"
    p2.at(16).line(run, size=8, font="sans").rule(dy=-1.5, w=0.3).gap(4)
    p2.line("Medikation bei Entlassung:", font="sansb")
    for m in c.rng.sample(MEDS, 4):
        p2.line(m, x=LEFT + 4)
    p2.gap(3).line("Procedere:", font="sansb")
    ctrl = c.after(14, 35)
    p2.para(
        f"Wir bitten um eine Kontrolle von Blutbild und Nierenwerten in Ihrer Praxis sowie um "
        f"Wiedervorstellung in unserer Ambulanz am {fmt(ctrl, 'de')}."
    )
    signature(p2, ["Dr. med. A. Lindqvist", "Oberärztin", "", "M. Terhorst", "Assistenzarzt"])
    footer(p2, f"{name} · Seite 2 von 2")
    return Spec(
        "hospital discharge letter (two pages, running header)",
        [p1, p2],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=title,
        sender_alts=[*alts, dept[0]],
        title_alts=[title.title(), "Arztbrief", "Entlassungsbrief"],
        birth_printed=True,
        patient_id_printed=hpid,
        other_dates=[(adm, "admission"), (dis, "discharge"), (ctrl, "follow-up appointment")],
        other_people=[("Dr. med. A. Lindqvist", "senior physician"), ("M. Terhorst", "resident")],
        notes=[
            *(["the birth name follows the name ('geb.' before a name, not a date)"] * maiden),
            "date only in the right info line; admission and discharge dates before it",
            "page 2 has a running header repeating patient, birth date and letter date",
        ],
        cover_subject=f"Entlassungsbrief {c.sn}",
    )


RADIOLOGY = [
    (
        "Radiologie am Musiktheater",
        "Gelsenkirchen",
        "Florastraße 12 · 45879 Gelsenkirchen",
        "0209 957 40 19",
        ["Dr. med. Frank Wiesemann", "Dr. med. Derya Aksoy"],
    ),
    (
        "Radiologisches Zentrum Bockenheim",
        "Frankfurt am Main",
        "Leipziger Straße 40 · 60487 Frankfurt am Main",
        "069 7075 3310",
        ["Dr. med. Christian Hübner", "Priv.-Doz. Dr. med. Lena Marquardt"],
    ),
    (
        "Radiologie Wetterau MVZ",
        "Friedberg",
        "Kaiserstraße 101 · 61169 Friedberg (Hessen)",
        "06031 68 44 90",
        ["Dr. med. Moritz Schaaf"],
    ),
]
STUDIES = [
    (
        "MRT der Lendenwirbelsäule nativ",
        "Bandscheibenprotrusion L4/5 mit Kontakt zur Nervenwurzel L5 links.",
    ),
    ("Röntgen Thorax in zwei Ebenen", "Kein Nachweis eines Infiltrates, kein Pleuraerguss."),
    (
        "CT des Thorax (Low-Dose)",
        "Kleinknotige Verdichtungen beidseits apikal, vereinbar mit Silikose.",
    ),
    ("Sonographie des Abdomens", "Steatosis hepatis Grad II, Gallenblase steinfrei."),
    ("MRT des rechten Kniegelenks", "Horizontalriss im Hinterhorn des Innenmeniskus."),
]


def radiology(c: Ctx) -> Spec:
    name, _city, addr, fax, docs = RADIOLOGY[c.rng.randrange(len(RADIOLOGY))]
    study, finding = STUDIES[c.rng.randrange(len(STUDIES))]
    exam = c.ago(0, 3)
    p = Page()
    header_block(
        p,
        [name, *docs, addr, f"Fax {fax}"],
        "right",
        y=16,
        big=15,
        font="lsansb",
        small_font="lsans",
    )
    c.recipient(p, f"{name} · {addr}", y=52)
    p.at(88)
    p.line(f"Befunddatum: {fmt(c.date, 'de')}", x=RIGHT, align="right", size=9, font="lsans")
    p.line(f"Untersuchungsdatum: {fmt(exam, 'de')}", x=RIGHT, align="right", size=9, font="lsans")
    p.gap(2)
    style = c.rng.randrange(3)
    if style == 0:
        who = f"{c.sn.upper()}, {c.gn}"
        p.line(f"Name: {who}     geb.: {fmt(c.person.birth, 'de')}", font="lsansb")
    elif style == 1:
        who = f"{c.he()} {c.gn} {c.sn}"
        p.line(f"Pat.: {who} * {fmt(c.person.birth, 'de')}", font="lsansb")
    else:
        who = f"{c.gn} {c.sn}"
        p.line(f"Patient: {who}, {c.person.birth.year}", font="lsansb")
    pid_printed = c.person.reg is not None and c.rng.random() < 0.35
    if pid_printed:
        p.line(f"Ihre Patienten-ID: {c.pid()}", font="lsans")
    p.line(f"Untersuchung: {study}", font="lsans").gap(3)
    p.line("Sehr geehrte Kollegin, sehr geehrter Kollege,", font="lsans")
    p.para(
        "vielen Dank für die Zuweisung. Rechtfertigende Indikation gestellt durch den "
        "fachkundigen Arzt.",
        font="lsans",
    ).gap(2)
    p.line("Befund:", font="lsansb").para(
        finding + " Übrige Strukturen altersentsprechend unauffällig.", font="lsans"
    ).gap(2)
    p.line("Beurteilung:", font="lsansb").para(finding, font="lsans")
    signature(p, [docs[0], "Facharzt für Radiologie"])
    footer(p, f"{name} · {addr} · Befund elektronisch erstellt", font="lsans")
    birth = style != 2
    return Spec(
        "radiology report",
        [p],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=study,
        sender_alts=[docs[0]],
        title_alts=["Befund", study.split(" ")[0]],
        birth_printed=birth,
        patient_id_printed=pid_printed,
        other_dates=[(exam, "examination")],
        other_people=[(docs[0], "radiologist")],
        notes=["date of report and examination in a right-aligned block"]
        + ([] if birth else ["only the birth year is printed (birth_date null)"]),
    )


def lab(c: Ctx) -> Spec:
    name = c.pick(
        [
            "MVZ Labor Dr. Eberhard & Partner",
            "Laborgemeinschaft Rhein-Main eG",
            "Medizinisches Labor Ruhr-Lippe",
        ]
    )
    fax = c.pick(["0231 8602 119", "069 95 11 48 70", "02361 30 49 20"])
    col = c.ago(1, 3)
    rec = col if c.rng.random() < 0.5 else c.ago(0, 1)
    if rec < col:
        rec = col
    p = Page()
    p.at(16).line(name.upper(), size=12, font="monob").line(
        f"Akkreditiert nach DIN EN ISO 15189 · Telefax {fax}", size=7.5, font="mono"
    )
    p.rule(dy=0.5)
    c.recipient(p, "", y=44)
    p.at(78)
    title = c.pick(["ENDBEFUND", "Teilbefund", "Laborbefund"])
    p.line(title, size=12, font="monob")
    pid_printed = c.person.reg is not None and c.rng.random() < 0.8
    who = f"{c.sn}, {c.gn}"
    p.line(f"Patient     : {who}", size=9.5, font="mono")
    p.line(f"Geb.-Datum  : {fmt(c.person.birth, 'de')}", size=9.5, font="mono")
    if pid_printed:
        p.line(f"Ihre Pat.-Nr: {c.pid()}", size=9.5, font="mono")
    p.line(f"Auftrags-Nr.: {c.rng.randrange(10**9, 10**10)}", size=9.5, font="mono")
    p.line(f"Entnahme    : {fmt(col, 'de')} {c.rng.randrange(7, 11):02d}:15", size=9.5, font="mono")
    p.line(f"Eingang     : {fmt(rec, 'de')} 14:02", size=9.5, font="mono")
    p.line(f"Befunddatum : {fmt(c.date, 'de')}", size=9.5, font="mono").gap(3)
    p.line("Untersuchung          Ergebnis   Einheit    Referenzbereich", size=9, font="monob")
    rows = [
        ("Leukozyten", "7.8", "/nl", "3.9 - 10.2"),
        ("Hämoglobin", "13.1", "g/dl", "12.0 - 16.0"),
        ("Kreatinin", "1.32 +", "mg/dl", "0.50 - 1.10"),
        ("eGFR (CKD-EPI)", "51 -", "ml/min", "> 60"),
        ("HbA1c", "7.4 +", "%", "4.0 - 6.0"),
        ("TSH basal", "2.10", "mU/l", "0.27 - 4.20"),
        ("CRP", "< 0.5", "mg/dl", "< 0.5"),
        ("LDL-Cholesterin", "142 +", "mg/dl", "< 116"),
    ]
    for a, b, u, r in rows:
        p.line(f"{a:<22}{b:<11}{u:<11}{r}", size=9, font="mono")
    p.gap(4).para(
        "Befund technisch und medizinisch validiert. Dr. rer. nat. Hella Eberhard, "
        "Fachärztin für Laboratoriumsmedizin",
        size=8.5,
        font="mono",
    )
    footer(p, f"{name} · Seite 1/1", font="mono")
    return Spec(
        "laboratory report",
        [p],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=title,
        sender_alts=["Dr. rer. nat. Hella Eberhard"],
        title_alts=["Laborbefund", "Befund"],
        birth_printed=True,
        patient_id_printed=pid_printed,
        other_dates=[(col, "collection"), (rec, "receipt at the lab")]
        if rec != col
        else [(col, "collection and receipt at the lab")],
        other_people=[("Dr. rer. nat. Hella Eberhard", "laboratory physician")],
        notes=[
            "three dates in a block: collection, receipt, report; the report date is the letter's"
        ]
        + (["the practice's patient number is printed (Ihre Pat.-Nr)"] if pid_printed else []),
    )


def specialist(c: Ctx) -> Spec:
    docs = [
        (
            "Kardiologische Gemeinschaftspraxis Buer",
            "Dr. med. Bülent Aksoy · Dr. med. Irene Feld",
            "Hochstraße 18, 45894 Gelsenkirchen",
            "0209 37 55 21",
            "Gelsenkirchen",
        ),
        (
            "Neurologie am Zoo",
            "Dr. med. Johanna Petersen",
            "Alfred-Brehm-Platz 3, 60316 Frankfurt",
            "069 44 90 12",
            "Frankfurt",
        ),
        (
            "Praxis für Orthopädie und Unfallchirurgie",
            "Dr. med. Sven Lorenz",
            "Seestraße 2, 63667 Nidda",
            "06043 80 99 1",
            "Nidda",
        ),
    ]
    name, doc, addr, fax, city = docs[c.rng.randrange(len(docs))]
    seen = c.ago(1, 10)
    p = Page()
    p.at(18).line(name, x=LEFT, size=14, font="serifb").line(doc, size=9, font="serif")
    p.line(f"{addr} · Telefon {fax[:-1]}0 · Fax {fax}", size=8, font="serif").rule(dy=0.3)
    c.recipient(p, f"{name} · {addr}", y=50)
    date_style = c.pick(["de", "de_long"])
    p.at(90).line(f"{city}, den {fmt(c.date, date_style)}", x=RIGHT, align="right", font="serif")
    spid = c.person.reg is not None and c.rng.random() < 0.35
    if spid:
        p.line(f"Ihr Zeichen: Pat.-Nr. {c.pid()}", x=RIGHT, align="right", size=8.5, font="serif")
    p.gap(4)
    p.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", font="serif").gap(1)
    fem = c.person.sex == "F"
    who = f"{c.he('Herrn', 'Frau')} {c.tt}{c.gn} {c.sn}"
    p.para(
        f"vielen Dank für die Überweisung {'Ihrer Patientin' if fem else 'Ihres Patienten'} "
        f"{who}, geb. {fmt(c.person.birth, 'de')}, {'die' if fem else 'der'} sich am "
        f"{fmt(seen, 'de')} in unserer Sprechstunde vorstellte.",
        font="serif",
    ).gap(2)
    p.line("Diagnosen", font="serifb").line("Hypertensive Herzkrankheit, EF 52 %", font="serif")
    p.line("Belastungsdyspnoe NYHA II", font="serif").gap(2)
    p.para(
        "Echokardiographisch fand sich eine konzentrische Hypertrophie ohne relevante "
        "Klappenvitien. Wir empfehlen eine Intensivierung der antihypertensiven Therapie und "
        "eine Kontrolle in sechs Monaten.",
        font="serif",
    )
    signature(p, [doc.split(" · ")[0]], "Mit freundlichen kollegialen Grüßen")
    return Spec(
        "specialist's letter without a subject line",
        [p],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=None,
        sender_alts=[doc.split(" · ")[0]],
        birth_printed=True,
        patient_id_printed=spid,
        other_dates=[(seen, "consultation")],
        other_people=[],
        notes=[
            "no subject and no heading (title null)",
            "the patient is named only inside the first sentence",
        ],
    )


def kim(c: Ctx) -> Spec:
    snd = c.pick(
        [
            "Gastroenterologie an der Hohen Straße",
            "Urologie im Westfalenpark",
            "Nephrologisches Zentrum Offenbach",
        ]
    )
    kim_addr = snd.lower().replace(" ", "-").replace("ß", "ss").replace("ö", "oe")[:24]
    fax = c.pick(["0231 47 11 90", "069 82 33 41 0"])
    p = Page()
    prn = c.after(0, 2)
    mstyle = c.pick(["mail_de", "mail_en"])
    p.at(14).line(f"KIM-Nachricht · ausgedruckt am {fmt(prn, 'de')} 07:58", size=8, font="mono")
    p.rule(dy=-2.5, w=0.2).gap(2)
    p.line(f"Von:      {kim_addr}@praxis.kim.telematik", size=9, font="mono")
    p.line(f"An:       {c.practice['key']!s}@hausarzt.kim.telematik", size=9, font="mono")
    p.line(f"Datum:    {fmt(c.date, mstyle)} 10:14:22 +0100", size=9, font="mono")
    subj_style = c.rng.randrange(2)
    who = f"{c.sn}, {c.gn}" if subj_style == 0 else f"{c.gn} {c.sn}"
    p.line(f"Betreff:  eArztbrief {who} *{fmt(c.person.birth, 'de')}", size=9, font="mono")
    p.line("Dienst:   Arztbrief;Elektronischer_Arztbrief_2.0", size=9, font="mono")
    pid_printed = c.person.reg is not None and c.rng.random() < 0.65
    if pid_printed:
        p.line(f"X-Pat-ID: {c.pid()} (Ihre Patientennummer lt. Überweisung)", size=9, font="mono")
    p.line("Anhang:   arztbrief.pdf (signiert, QES gültig)", size=9, font="mono")
    p.rule(dy=1.0, w=0.2).gap(5)
    p.line(snd, size=12, font="sansb").gap(1)
    p.line(f"Arztbrief vom {fmt(c.date, 'de')}", size=10.5, font="sansb").gap(2)
    p.line(str(c.practice["salutation"]))
    p.para(
        f"wir sahen {c.he('Herrn', 'Frau')} {c.sn} zur Verlaufskontrolle. Die Befunde sind stabil, "
        "eine Änderung der Therapie ist nicht erforderlich. Die nächste Kontrolle ist in drei "
        "Monaten vorgesehen."
    )
    signature(p, ["Dr. med. Fabian Oppermann"])
    return Spec(
        "KIM eArztbrief printout (mail header)",
        [p],
        snd,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title="Arztbrief",
        sender_alts=["Dr. med. Fabian Oppermann", f"{kim_addr}@praxis.kim.telematik"],
        title_alts=["eArztbrief", f"eArztbrief {who}"],
        birth_printed=True,
        patient_id_printed=pid_printed,
        other_dates=[(prn, "printed")] if prn != c.date else [],
        other_people=[("Dr. med. Fabian Oppermann", "author")],
        notes=[
            "mail header date in RFC style with weekday",
            "print date above the message",
            "the letter's own heading repeats the date",
        ],
    )


def dmp(c: Ctx) -> Spec:
    prog = c.pick(["Diabetes mellitus Typ 2", "Koronare Herzkrankheit", "Asthma bronchiale / COPD"])
    ins = c.pick(["AOK NordWest", "Knappschaft", "Techniker Krankenkasse", "AOK Hessen"])
    snd = c.pick(
        ["Diabetologische Schwerpunktpraxis Dr. Özdemir", "Schwerpunktpraxis Lunge Bad Nauheim"]
    )
    fax = "0209 72 50 33"
    p = Page()
    p.at(16).line(snd, font="sansb", size=11).line(
        "Ausdruck der Dokumentation · nur zur Information des koordinierenden Arztes", size=7.5
    )
    title = f"DMP {prog} – Folgedokumentation"
    p.at(34).line(title, size=12, font="sansb").gap(3)
    y0 = p.y - 5
    who = f"{c.sn}, {c.gn}"
    kvnr = f"{chr(65 + c.rng.randrange(26))}{c.rng.randrange(10**8, 10**9)}"
    rows = [
        ("Name, Vorname des Versicherten", who),
        ("geb. am", fmt(c.person.birth, "de")),
        ("Kostenträger", ins),
        ("Versicherten-Nr.", kvnr),
        ("Betriebsstätten-Nr.", str(c.rng.randrange(10**8, 10**9))),
        ("Dokumentationsdatum", fmt(c.date, "de")),
        ("Dokumentationsintervall", "quartalsweise"),
    ]
    for k, v in rows:
        p.line(k, x=LEFT + 2, size=8, font="cond", lead=1.6)
        p.line(v, x=LEFT + 2, size=10.5, font="sans", lead=1.5)
        p.rule(dy=-3.2, w=0.2)
    p.box(LEFT, y0, RIGHT, p.y - 2.5)
    c.recipient(p, "", y=p.y + 10)
    p.gap(8).line("Befunde", font="sansb")
    hba = c.rng.randrange(58, 92) / 10
    for t in [
        f"HbA1c: {hba:.1f} %".replace(".", ","),
        "Blutdruck: 138/84 mmHg",
        "Raucherstatus: nein",
        "Schulungen: wahrgenommen",
    ]:
        p.line(t, x=LEFT + 2)
    nxt = c.after(80, 95)
    p.gap(2).line(f"Nächste Dokumentation bis: {fmt(nxt, 'de')}")
    return Spec(
        "DMP documentation printout (form)",
        [p],
        snd,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=title,
        sender_alts=[],
        title_alts=[f"DMP {prog}", "Folgedokumentation"],
        birth_printed=True,
        other_dates=[(nxt, "next documentation due")],
        notes=[
            "labels above values in form boxes; insurer named in the form is not the sender",
            "the address block sits below the form",
        ],
    )


def handwritten(c: Ctx) -> Spec:
    writer = c.pick(["Tochter", "Sohn", "Nachbarin"])
    wname = c.pick(["Sabine Hertel", "Murat Kaya", "Renate Ochs", "Dirk Schwalm"])
    p = Page()
    dated = c.rng.random() < 0.6
    p.at(26)
    if dated:
        p.line(f"{c.practice['city']}, {fmt(c.date, 'de1')}", x=120, size=13, font="hand")
    p.gap(6).line(
        str(c.practice["salutation"]).replace("Kollege ", "Dr. ").replace("Kollegin ", "Dr. "),
        size=14,
        font="hand",
    ).gap(2)
    rel = "Mutter" if c.person.sex == "F" else "Vater"
    who = f"{c.gn} {c.sn}"
    p.para(
        f"meine {rel} {who} braucht wieder ihre Tabletten"
        if c.person.sex == "F"
        else f"mein {rel} {who} braucht wieder seine Tabletten",
        size=14,
        font="hand",
        width=150,
    )
    p.para(
        "(Ramipril und die Wassertabletten). Kann ich das Rezept am Donnerstag abholen? "
        "Die Krankenkassenkarte bringe ich mit.",
        size=14,
        font="hand",
        width=150,
    )
    p.gap(4).line("Vielen Dank!", size=14, font="hand").gap(2)
    p.line(f"{wname} ({writer})", size=14, font="hand")
    p.line("Tel. 0176 4459 2031", size=12, font="hand")
    return Spec(
        "handwritten note from a relative",
        [p],
        wname,
        who,
        who,
        c.date if dated else None,
        "",
        title=None,
        sender_alts=[],
        other_people=[(wname, f"relative ({writer})")],
        handwritten=True,
        notes=["handwriting stand-in font; no heading"]
        + ([] if dated else ["undated (letter_date null); the fax date is not the letter's"]),
    )


def care(c: Ctx) -> Spec:
    name = c.pick(
        [
            "Ambulanter Pflegedienst Glückauf GmbH",
            "Diakoniestation Büdingen",
            "Pflegeteam Nordend Frankfurt",
        ]
    )
    fax = c.pick(["02323 91 77 5", "06042 95 60 29", "069 59 79 88 1"])
    p = Page()
    p.at(18).line(name, x=RIGHT, align="right", size=12, font="lsansb")
    p.line(
        "Häusliche Kranken- und Altenpflege · 24h-Rufbereitschaft",
        x=RIGHT,
        align="right",
        size=8,
        font="lsans",
    )
    c.recipient(p, "", y=46)
    p.at(80).line("Pflegebericht und Bitte um Folgeverordnung", size=11, font="lsansb").gap(2)
    who = f"{c.he('Herr', 'Frau')} {c.sn}, {c.gn}"
    p.line(f"Betreute Person: {who}", font="lsans")
    since = c.ago(60, 400)
    p.line(f"in unserer Versorgung seit {fmt(since, 'de')}", font="lsans").gap(3)
    p.para(
        "Die Wundversorgung am rechten Unterschenkel erfolgt täglich. Die Wunde zeigt sich "
        "kleiner, Wundränder reizlos. Die Verordnung häuslicher Krankenpflege (Muster 12) "
        "läuft zum Monatsende aus; wir bitten um eine Folgeverordnung.",
        font="lsans",
    )
    p.gap(6).line(
        f"{c.pick(['Herne', 'Büdingen', 'Frankfurt'])}, {fmt(c.date, 'de')}", font="lsans"
    )
    p.gap(6).line("Schwester Andrea Wolski, Pflegedienstleitung", font="lsans")
    return Spec(
        "care service report (date only at the end)",
        [p],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title="Pflegebericht und Bitte um Folgeverordnung",
        title_alts=["Pflegebericht", "Bitte um Folgeverordnung"],
        other_dates=[(since, "care since")],
        other_people=[("Andrea Wolski", "head of nursing")],
        notes=["surname-first with a salutation word; the letter's date only at the end"],
    )


def pharmacy(c: Ctx) -> Spec:
    name = c.pick(
        [
            "Adler-Apotheke Büdingen",
            "Glückauf-Apotheke Gelsenkirchen-Ückendorf",
            "Apotheke am Merianplatz",
        ]
    )
    fax = c.pick(["06042 22 19", "0209 42 11 7", "069 43 52 52"])
    rx = c.ago(1, 4)
    p = Page()
    p.at(16).line(name, x=(LEFT + RIGHT) / 2, align="centre", size=16, font="serifb")
    p.line(
        "Inh. Apothekerin Katrin Schaefer e. K.",
        x=(LEFT + RIGHT) / 2,
        align="centre",
        size=9,
        font="serif",
    )
    p.at(40).line("TELEFAX – RÜCKFRAGE", size=13, font="sansb")
    p.line(f"An: {c.practice['names'][-1]} · Fax {c.practice['fax']}", size=9)  # type: ignore[index]
    p.line(f"Datum: {fmt(c.date, 'de')}", size=9).gap(4)
    who = f"{c.gn} {c.sn}"
    p.line(f"Rückfrage zum Rezept vom {fmt(rx, 'de')}", size=11, font="sansb")
    p.line(f"für: {who}, geb. {fmt(c.person.birth, 'de')}").gap(2)
    p.para(
        "Das verordnete Präparat (Candesartan 16 mg N3) ist derzeit nicht lieferbar. Dürfen wir "
        "auf Candesartan 8 mg 2 x täglich ausweichen? Bitte kurz ankreuzen und zurückfaxen."
    )
    p.gap(3).line("[ ] einverstanden          [ ] neues Rezept folgt")
    p.gap(8).line("Stempel / Unterschrift Praxis: ______________________")
    return Spec(
        "pharmacy fax query",
        [p],
        name,
        who,
        who,
        c.date,
        fax,
        title="Rückfrage zum Rezept",
        title_alts=["TELEFAX – RÜCKFRAGE", "Rückfrage"],
        birth_printed=True,
        other_dates=[(rx, "prescription")],
        other_people=[("Katrin Schaefer", "pharmacist")],
        notes=["the receiving practice is named in the form's 'An:' line (never the sender)"],
    )


def therapy(c: Ctx) -> Spec:
    name = c.pick(
        ["Physiotherapie am Phoenixsee", "Ergotherapie Praxis Mainufer", "Logopädie Wetterau"]
    )
    fax = c.pick(["0231 39 18 77", "069 66 11 20 4", "06031 77 30 1"])
    start = c.ago(40, 70)
    p = Page()
    p.at(18).line(name.upper(), size=13, font="condb")
    p.line("Zugelassen für alle Kassen · Hausbesuche", size=8, font="cond")
    c.recipient(p, f"{name} · Fax {fax}", y=44)
    p.at(80).line(fmt(c.date, "de_long"), x=RIGHT, align="right", font="cond").gap(2)
    p.line("THERAPIEBERICHT", size=12, font="condb")
    who = f"{c.gn} {c.sn}" if c.rng.random() < 0.5 else f"{c.sn} {c.gn}"
    p.line(f"zu Patient/in {who}, Verordnung vom {fmt(start, 'de')}", font="cond").gap(2)
    p.para(
        "Nach zehn Behandlungen (KG-ZNS) zeigt sich eine verbesserte Gangsicherheit. Eine "
        "weitere Verordnung außerhalb des Regelfalls wird empfohlen.",
        font="cond",
    )
    signature(p, ["Tanja Brückner, B.Sc. Physiotherapie"], "Freundliche Grüße")
    spelled = who if who.startswith(c.gn) else f"{c.gn} {c.sn}"
    return Spec(
        "therapist's report",
        [p],
        name,
        who,
        spelled,
        c.date,
        fax,
        title="THERAPIEBERICHT",
        title_alts=["Therapiebericht"],
        other_dates=[(start, "prescription")],
        other_people=[("Tanja Brückner", "therapist")],
        notes=["heading in capitals", "date written out in words at the top right"]
        + (["name printed surname first without a comma"] if not who.startswith(c.gn) else []),
    )


def airport(c: Ctx) -> Spec:
    name = "Fraport AG – Medizinische Dienste"
    fax = "069 690 66 40 9"
    seen = c.ago(0, 2)
    p = Page()
    p.at(16).line("Flughafenklinik Frankfurt", size=14, font="lsansb")
    p.line(name + " · Flughafen, Gebäude 126 · 60547 Frankfurt am Main", size=8, font="lsans")
    p.rule(dy=0.5)
    c.recipient(p, "", y=42)
    p.at(76).line("AMBULANZBERICHT", size=12, font="lsansb")
    p.line(f"Erstellt: {fmt(c.date, 'de')}", size=9, font="lsans").gap(2)
    who = f"{c.sn.upper()}, {c.gn.upper()}"
    p.line(f"Name: {who}", font="lsans")
    p.line(f"Geburtsdatum: {fmt(c.person.birth, 'de')}", font="lsans")
    p.line(f"Vorstellung: {fmt(seen, 'de')}, 03:40 Uhr, Terminal 1, Halle B", font="lsans")
    p.gap(2).para(
        "Vorstellung nach Synkope im Sicherheitsbereich vor einem Langstreckenflug. "
        "EKG Sinusrhythmus, Blutzucker 64 mg/dl. Nach oraler Glukosegabe beschwerdefrei, "
        "Flugtauglichkeit bestätigt.",
        font="lsans",
    )
    signature(p, ["Dr. med. Patrick Oyelaran, Diensthabender Arzt"])
    return Spec(
        "airport medical service report",
        [p],
        name,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title="AMBULANZBERICHT",
        sender_alts=["Flughafenklinik Frankfurt", "Fraport AG"],
        title_alts=["Ambulanzbericht"],
        birth_printed=True,
        other_dates=[(seen, "presentation")] if seen != c.date else [],
        other_people=[("Dr. med. Patrick Oyelaran", "physician on duty")],
        notes=["name all in capitals, surname first"],
    )
