"""Letters of insurers, authorities, employers' doctors and accident insurance."""

from __future__ import annotations

from .base import Ctx, Page, Spec, fmt, footer, signature
from .layout import LEFT, RIGHT, width_mm

# key: (sender, alternatives, address line, fax, city, subject options, reference label,
#       reference maker, clerk)
AUTH = {
    "drv": (
        "Deutsche Rentenversicherung Westfalen",
        ["DRV Westfalen", "Deutsche Rentenversicherung"],
        "Gartenstraße 194 · 48147 Münster",
        "0251 238 29 60",
        "Münster",
        [
            "Anforderung eines ärztlichen Befundberichts",
            "Antrag auf Leistungen zur medizinischen Rehabilitation – Befundbericht",
        ],
        "Versicherungsnummer",
        "vsnr",
        "Frau Lüttke-Brosch",
    ),
    "drvh": (
        "Deutsche Rentenversicherung Hessen",
        ["DRV Hessen", "Deutsche Rentenversicherung"],
        "Städelstraße 28 · 60596 Frankfurt am Main",
        "069 6052 1600",
        "Frankfurt am Main",
        ["Rente wegen Erwerbsminderung – Anforderung eines Befundberichts"],
        "Versicherungsnummer",
        "vsnr",
        "Herr Dommermuth",
    ),
    "aa": (
        "Agentur für Arbeit Gelsenkirchen",
        ["Ärztlicher Dienst der Agentur für Arbeit", "Agentur für Arbeit"],
        "Vattmannstraße 12 · 45879 Gelsenkirchen",
        "0209 164 28 999",
        "Gelsenkirchen",
        ["Ärztlicher Dienst – Bitte um Befundbericht", "Gutachtenauftrag an den Ärztlichen Dienst"],
        "Kundennummer",
        "kunde",
        "Ärztlicher Dienst, Frau Dr. Rosenthal",
    ),
    "jc": (
        "Jobcenter Frankfurt am Main",
        ["Jobcenter Frankfurt", "Ärztlicher Dienst"],
        "Emil-von-Behring-Straße 10 · 60439 Frankfurt am Main",
        "069 2171 7740",
        "Frankfurt am Main",
        ["Anforderung medizinischer Unterlagen für den Ärztlichen Dienst"],
        "BG-Nummer",
        "bgnr",
        "Herr Kalbfleisch",
    ),
    "va": (
        "Stadt Dortmund – Versorgungsamt",
        ["Versorgungsamt Dortmund", "Stadt Dortmund"],
        "Rheinische Straße 173 · 44147 Dortmund",
        "0231 50 2 66 88",
        "Dortmund",
        [
            "Feststellung nach dem SGB IX – Bitte um Befundbericht",
            "Schwerbehindertenrecht: Anforderung eines Befundberichtes",
        ],
        "Aktenzeichen",
        "az",
        "Frau Grzeskowiak",
    ),
    "vah": (
        "Hessisches Amt für Versorgung und Soziales Frankfurt",
        ["Versorgungsamt Frankfurt", "HAVS Frankfurt"],
        "Walter-Möller-Platz 1 · 60439 Frankfurt am Main",
        "069 1567 444",
        "Frankfurt am Main",
        ["Verfahren nach dem SGB IX – Befundanforderung"],
        "Aktenzeichen",
        "az",
        "Herr Ebling",
    ),
    "ab": (
        "Stadt Frankfurt am Main – Ausländerbehörde",
        ["Ausländerbehörde Frankfurt", "Ordnungsamt Frankfurt am Main"],
        "Kleyerstraße 86 · 60326 Frankfurt am Main",
        "069 212 49 49 0",
        "Frankfurt am Main",
        [
            "Anfrage: Ärztliche Bescheinigung zur Reisefähigkeit",
            "Aufenthaltsrecht – Bitte um ärztliche Stellungnahme",
        ],
        "Geschäftszeichen",
        "gz",
        "Frau Yıldırım",
    ),
    "bg": (
        "Berufsgenossenschaft Rohstoffe und chemische Industrie",
        ["BG RCI", "BG RCI Bezirksdirektion Bochum"],
        "Hunscheidtstraße 18 · 44789 Bochum",
        "0234 316 444",
        "Bochum",
        [
            "Berufskrankheit Nr. 4101 (Silikose) – Anforderung von Behandlungsunterlagen",
            "Arbeitsunfall – Anforderung eines Befundberichts",
        ],
        "Unser Zeichen",
        "bgaz",
        "Herr Kaczmarek",
    ),
    "bghm": (
        "Berufsgenossenschaft Holz und Metall",
        ["BGHM", "BGHM Bezirksverwaltung Mainz"],
        "Isaac-Fulda-Allee 18 · 55124 Mainz",
        "06131 802 11 90",
        "Mainz",
        ["Arbeitsunfall – Bitte um Zwischenbericht"],
        "Aktenzeichen",
        "bgaz",
        "Frau Hainbuch",
    ),
    "kbs": (
        "Knappschaft",
        [
            "Deutsche Rentenversicherung Knappschaft-Bahn-See",
            "Knappschaft Regionaldirektion Bochum",
        ],
        "Pieperstraße 14–28 · 44789 Bochum",
        "0234 304 66 050",
        "Bochum",
        ["Ihre Verordnung von Heilmitteln – Genehmigung außerhalb des Regelfalls"],
        "Versichertennummer",
        "kvnr",
        "Frau Szczepanski",
    ),
    "aok": (
        "AOK NordWest",
        ["AOK NordWest – Die Gesundheitskasse", "AOK"],
        "Königswall 25–27 · 44137 Dortmund",
        "0800 265 5505 190",
        "Dortmund",
        ["Anfrage zur Arbeitsunfähigkeit", "Krankengeldfall – Anfrage beim behandelnden Arzt"],
        "Versichertennummer",
        "kvnr",
        "Herr Becker-Nolte",
    ),
    "tk": (
        "Techniker Krankenkasse",
        ["TK", "Techniker Krankenkasse Hamburg"],
        "Bramfelder Straße 140 · 22305 Hamburg",
        "040 46 06 56 19 99",
        "Hamburg",
        ["Rückfrage zur Arbeitsunfähigkeitsbescheinigung"],
        "Versichertennummer",
        "kvnr",
        "Frau Ohlsen",
    ),
}


def _ref(c: Ctx, kind: str) -> str:
    r = c.rng
    if kind == "vsnr":
        b = c.person.birth
        return (
            f"{r.randrange(10, 66)} {b.day:02d}{b.month:02d}{b.year % 100:02d} "
            f"{c.sn[0].upper()} {r.randrange(0, 999):03d}"
        )
    if kind == "kunde":
        return f"{r.randrange(100, 999)}D{r.randrange(100000, 999999)}"
    if kind == "bgnr":
        return f"43801//{r.randrange(1000000, 9999999)}"
    if kind == "az":
        return f"{r.randrange(10, 99)}/{r.randrange(100000, 999999)}/SB"
    if kind == "gz":
        return f"32.4-{r.randrange(1000, 9999)}-{c.sn[:3].upper()}"
    if kind == "bgaz":
        return f"{r.randrange(1, 9)} 26 {r.randrange(10000, 99999)} {r.randrange(1, 9)}"
    return f"{chr(65 + r.randrange(26))}{r.randrange(10**8, 10**9)}"


def authority(c: Ctx, key: str) -> Spec:
    sender, alts, addr, fax, _city, subjects, reflabel, refkind, clerk = AUTH[key]
    subject = c.pick(subjects)
    ref = _ref(c, refkind)
    p = Page()
    size = 13.0
    while width_mm(sender, "lsansb", size) > 112:
        size -= 0.5
    p.at(18).line(sender, size=size, font="lsansb", lead=1.2)
    if key in ("aa", "jc"):
        p.line("Ärztlicher Dienst", size=10, font="lsans")
    c.recipient(p, f"{sender.split(' – ')[0]}, {addr.replace(' · ', ', ')}", y=48)
    # information block at the right, below the letterhead and above the window's end
    p.at(17)
    ib = [
        (reflabel, ref),
        ("Ansprechpartner/in", clerk),
        ("Telefax", fax),
        ("Datum", fmt(c.date, "de")),
    ]
    for k, v in ib:
        p.line(k, x=140, size=7, font="lsans", lead=1.45)
        p.line(v, x=140, size=9, font="lsans", lead=1.2)
    p.at(92)
    labelled = c.rng.random() < 0.5
    p.line(("Betreff: " if labelled else "") + subject, font="lsansb", size=10.5)
    old = c.use_old_name
    style = c.rng.randrange(3)
    if style == 0:
        who = f"{c.tt}{c.gn} {c.sn}"
        p.line(f"Versicherte/r: {who}, geboren am {fmt(c.person.birth, 'de')}", font="lsans")
    elif style == 1:
        who = f"{c.he()} {c.tt}{c.gn} {c.sn}"
        p.line(f"hier: {who}, geb. {fmt(c.person.birth, 'de')}", font="lsans")
    else:
        who = f"{c.sn}, {c.gn}"
        p.line(f"Name: {who}   Geburtsdatum: {fmt(c.person.birth, 'de')}", font="lsans")
    other_dates = []
    p.gap(4).line(
        "Sehr geehrte Damen und Herren," if c.rng.random() < 0.5 else str(c.practice["salutation"]),
        font="lsans",
    )
    ev = c.ago(20, 90)
    if key in ("bg", "bghm"):
        sent = (
            f"die oben genannte Person hat am {fmt(ev, 'de')} einen Arbeitsunfall erlitten "
            "bzw. es besteht der Verdacht auf eine Berufskrankheit."
        )
        other_dates.append((ev, "accident / notification"))
    elif key in ("aok", "tk", "kbs"):
        sent = (
            f"für die oben genannte Person liegt uns seit dem {fmt(ev, 'de')} eine "
            "Arbeitsunfähigkeitsbescheinigung bzw. Verordnung aus Ihrer Praxis vor."
        )
        other_dates.append((ev, "start of incapacity / prescription"))
    else:
        sent = (
            f"uns liegt ein Antrag vom {fmt(ev, 'de')} vor. Eine Schweigepflichtentbindung "
            "ist beigefügt."
        )
        other_dates.append((ev, "application"))
    p.para(sent, font="lsans")
    due = c.after(14, 28)
    p.para(
        "Wir bitten Sie, den beigefügten Vordruck auszufüllen und uns mit Kopien vorliegender "
        f"Facharztberichte bis zum {fmt(due, 'de')} zurückzusenden. Ihre Aufwendungen werden nach "
        "dem JVEG bzw. der Vereinbarung mit der Ärzteschaft vergütet.",
        font="lsans",
    ).gap(2)
    other_dates.append((due, "reply requested by"))
    signature(p, ["Im Auftrag", clerk.replace("Ärztlicher Dienst, ", "")])
    footer(p, f"{sender} · {addr} · Telefax {fax}", font="lsans")
    notes = [
        "information block at the right with reference number, clerk and date",
        "subject " + ("with" if labelled else "without") + " a 'Betreff:' label",
    ]
    if refkind == "vsnr":
        notes.append("the pension insurance number contains the birth date (not a printed date)")
    if old:
        notes.append("letter uses the patient's former surname")
    pages = [p]
    if c.rng.random() < 0.5:
        p2 = Page()
        run = f"{sender} · {reflabel} {ref} · Seite 2 von 2"
        p2.at(14).line(run, size=7.5, font="lsans").rule(dy=-1.2, w=0.3).gap(6)
        p2.line("Anlage: Vordruck Befundbericht", size=12, font="lsansb").gap(2)
        p2.line(f"zu: {c.sn}, {c.gn}", font="lsans").gap(3)
        for q in [
            "1. Diagnosen (mit ICD-10):",
            "2. Seit wann in Ihrer Behandlung?",
            "3. Befunde der letzten zwölf Monate (bitte Kopien beifügen):",
            "4. Derzeitige Therapie und Medikation:",
            "5. Ist die Person aus Ihrer Sicht erwerbsfähig?  [ ] ja  [ ] nein",
        ]:
            p2.line(q, font="lsans").gap(9).rule(dy=-2, w=0.2)
        p2.gap(8).line(
            "Ort, Datum, Stempel und Unterschrift der Ärztin / des Arztes", size=8, font="lsans"
        )
        pages.append(p2)
        notes.append("two pages: the enclosed form repeats the reference, surname first")
    return Spec(
        f"authority letter ({key})",
        pages,
        sender,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=subject,
        sender_alts=alts,
        title_alts=[subject.split(" – ")[0]],
        birth_printed=True,
        other_dates=other_dates,
        other_people=[],
        notes=notes,
        cover_subject=subject,
    )


def insurer_form(c: Ctx) -> Spec:
    ins = c.pick(["AOK NordWest", "Techniker Krankenkasse", "Knappschaft"])
    fax = {
        "AOK NordWest": "0800 265 5505 190",
        "Techniker Krankenkasse": "040 46 06 56 19 99",
        "Knappschaft": "0234 304 66 050",
    }[ins]
    au = c.ago(20, 60)
    p = Page()
    p.at(16).line(ins, size=12, font="sansb").line("Muster 52.2 (Formularausdruck)", size=7)
    p.box(LEFT, 26, 120, 52)
    p.at(30)
    who = f"{c.sn}, {c.gn}"
    for k, v in [("Name, Vorname des Versicherten", who), ("geb. am", fmt(c.person.birth, "de"))]:
        p.line(k, x=LEFT + 2, size=6.5, lead=1.75).line(v, x=LEFT + 2, size=10, lead=1.6)
    p.line(f"Versicherten-Nr. {_ref(c, 'kvnr')}", x=LEFT + 2, size=8)
    p.at(32).line(f"Datum {fmt(c.date, 'de')}", x=125, size=9)
    c.recipient(p, "", y=60)
    title = "Anfrage bei Arbeitsunfähigkeit"
    p.at(96).line(title, size=12, font="sansb").gap(2)
    p.line(f"Arbeitsunfähig seit: {fmt(au, 'de')}", size=10)
    for q in [
        "1. Welche Diagnosen begründen die Arbeitsunfähigkeit?",
        "2. Wann ist mit dem Ende der Arbeitsunfähigkeit zu rechnen?",
        "3. Sind Leistungen zur Teilhabe (Reha) angezeigt?  [ ] ja  [ ] nein",
        "4. Wurde eine stufenweise Wiedereingliederung besprochen?  [ ] ja  [ ] nein",
    ]:
        p.gap(2).line(q, size=9.5).gap(5).rule(dy=-1, w=0.2)
    p.gap(6).para(
        "Die Vergütung erfolgt nach Nr. 01622 EBM. Bitte senden Sie die Anfrage im "
        "beigefügten Freiumschlag zurück.",
        size=8.5,
    )
    return Spec(
        "insurer's form (Muster 52)",
        [p],
        ins,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title=title,
        title_alts=["Muster 52", "Anfrage zur Arbeitsunfähigkeit"],
        birth_printed=True,
        other_dates=[(au, "incapacity since")],
        notes=["form with boxes; the date sits inside the form at the right"],
    )


def occupational(c: Ctx) -> Spec:
    firms = [
        ("Ruhrstahl Hüttenwerke AG", "Duisburg", "0203 52 25 98 0"),
        ("Emscher Chemiepark GmbH & Co. KG", "Marl", "02365 49 22 01"),
        ("Rhein-Main Logistik Cargo GmbH", "Frankfurt am Main", "069 690 78 31 2"),
    ]
    firm, city, fax = firms[c.rng.randrange(len(firms))]
    p = Page()
    p.at(16).line(firm, x=RIGHT, align="right", size=12, font="condb")
    p.line("Werksärztlicher Dienst · Arbeitsmedizin", x=RIGHT, align="right", size=9, font="cond")
    p.line(f"Telefax {fax}", x=RIGHT, align="right", size=8, font="cond")
    c.recipient(p, f"{firm} · Werksärztlicher Dienst", y=46)
    exam = c.ago(1, 8)
    p.at(84).line(f"{city}, {fmt(c.date, 'de_long0')}", x=RIGHT, align="right", font="cond")
    p.gap(3).line("Mitteilung an die behandelnde Hausarztpraxis", size=11, font="condb")
    pers = c.rng.randrange(100000, 999999)
    who = f"{c.he('Herrn', 'Frau')} {c.gn} {c.sn}"
    p.line(f"Mitarbeiter/in: {who}, Personal-Nr. {pers}", font="cond").gap(2)
    p.para(
        f"bei der arbeitsmedizinischen Vorsorge (G 20 Lärm, G 41 Absturzgefahr) am "
        f"{fmt(exam, 'de')} fiel ein erhöhter Blutdruck von 168/102 mmHg auf. Wir bitten um "
        "Abklärung und ggf. Therapieeinleitung. Eine Einschränkung besteht derzeit nicht.",
        font="cond",
    )
    signature(p, ["Dr. med. Gregor Pawlak", "Facharzt für Arbeitsmedizin, Betriebsarzt"])
    return Spec(
        "occupational physician's notice",
        [p],
        firm,
        who,
        f"{c.gn} {c.sn}",
        c.date,
        fax,
        title="Mitteilung an die behandelnde Hausarztpraxis",
        sender_alts=["Werksärztlicher Dienst", "Dr. med. Gregor Pawlak"],
        title_alts=["Mitteilung"],
        other_dates=[(exam, "occupational examination")],
        other_people=[("Dr. med. Gregor Pawlak", "occupational physician")],
        notes=["no birth date; the personnel number is not the practice's patient id"],
    )


def health_office(c: Ctx) -> Spec:
    office = c.pick(
        ["Wetteraukreis – Fachdienst Gesundheit", "Gesundheitsamt der Stadt Gelsenkirchen"]
    )
    fax = "06031 83 23 99" if office.startswith("Wetterau") else "0209 169 40 66"
    p = Page()
    p.at(16).line(office, size=12, font="sansb").line("Kinder- und Jugendgesundheitsdienst", size=9)
    c.recipient(p, "", y=44)
    p.at(80).line(f"Datum: {fmt(c.date, 'de')}", x=RIGHT, align="right", size=9)
    title = "Schuleingangsuntersuchung – Rückfrage zum Impfstatus"
    p.gap(3).line(title, font="sansb")
    who = f"{c.gn} {c.sn}"
    p.line(f"Kind: {who}, geb. {fmt(c.person.birth, 'de')}")
    parent_given = c.pick(["Sevgi", "Nicole", "Amra", "Ioana", "Sandra"])
    parent_birth = c.person.birth.replace(
        year=c.person.birth.year - 29, day=min(c.person.birth.day, 28)
    )
    parent = f"{parent_given} {c.sn}"
    p.line(f"Sorgeberechtigte: {parent}, geb. {fmt(parent_birth, 'de')}").gap(3)
    p.para(
        "bei der Untersuchung konnte kein vollständiger Impfausweis vorgelegt werden. Wir bitten "
        "um Übersendung einer Kopie der in Ihrer Praxis dokumentierten Impfungen (Masern, "
        "Tetanus, Diphtherie, Pertussis)."
    )
    signature(p, ["Dr. med. Katharina Vollmer", "Fachärztin für Öffentliches Gesundheitswesen"])
    return Spec(
        "public health office query about a child",
        [p],
        office,
        who,
        who,
        c.date,
        fax,
        title=title,
        sender_alts=["Gesundheitsamt", "Kinder- und Jugendgesundheitsdienst"],
        title_alts=["Schuleingangsuntersuchung"],
        birth_printed=True,
        other_dates=[(parent_birth, "parent's birth date")],
        other_people=[
            (parent, "parent"),
            ("Dr. med. Katharina Vollmer", "public health physician"),
        ],
        notes=["a parent with her own birth date is printed below the child"],
    )
