# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 (the letters' printed sentences are kept whole, one per line)
"""Insurers and authorities: Krankenkasse, Rentenversicherung, Medizinischer Dienst,
Berufsgenossenschaft, Gesundheitsamt, Versorgungsamt, and a Muster form."""

from __future__ import annotations

import datetime

from bench.heldout50f import dates
from bench.heldout50f.kit import (
    Case,
    Draft,
    address_lines,
    before,
    german,
    name_form,
    salute,
    window,
)
from bench.heldout50f.layouts.base import layout
from bench.heldout50f.sheet import Sheet, glue


def _info_block(s: Sheet, rows: list[tuple[str, str]], x: float = 130.0, top: float = 50.0) -> None:
    """The reference column at the right of an authority's letter (label over value)."""
    y = top
    for label, value in rows:
        s.put(label, x, y, size=7.5)
        s.put(value, x, y + 3.8, size=9.5)
        y += 9.0


def _insured(case: Case, form: str, number_label: str, number: str) -> tuple[list[str], str]:
    """The block naming the insured person: name, birth date, number."""
    pat = case.pat
    written = name_form(pat, form)
    rows = [
        f"Versicherte/r: {written}",
        f"geboren am: {dates.num(pat.birth)}",
        f"{number_label}: {number}",
    ]
    if case.show_address:
        rows.insert(1, "Anschrift: " + ", ".join(address_lines(pat)))
    return rows, written


def _kv_number(case: Case) -> str:
    return f"{case.pat.surname[0].upper()}{case.rng.randint(100000000, 999999999)}"


@layout(
    "krankenkasse_kostenuebernahme",
    "Statutory health insurer: logo line and reference column (Ihr Zeichen, Unser Zeichen, "
    "Datum) at the right, 'Ihr Schreiben vom' date, a bold subject, the insured person block",
    titles=True,
    ages=(18, 90),
)
def krankenkasse(case: Case) -> Draft:
    rng = case.rng
    org = rng.choice(["Rheinische Betriebskrankenkasse Lindenwerk", "Krankenkasse Westfalia-Rhein"])
    short = "BKK Lindenwerk" if "Lindenwerk" in org else "KK Westfalia-Rhein"
    clerk = rng.choice(["Frau Schnitzler", "Herr Aydemir", "Frau Kowalczyk-Brandt"])
    s = Sheet(font="arial", size=10.5)
    s.put(short, 190, 20, font="arial-b", size=18, align="right")
    s.put("Die Gesundheitskasse im Rheinland", 190, 26, size=8, align="right")
    window(s, case, sender_line=f"{org} · 50597 Köln")
    theirs = before(case.day, 7, 30, rng)
    references = [("Ihr Zeichen, Ihr Schreiben vom", dates.num(theirs))]
    references += [
        ("Unser Zeichen", f"KÜ-{rng.randint(1000, 9999)}"),
        ("Ansprechpartner/in", clerk),
    ]
    _info_block(s, [*references, ("Telefon", "0221 9988-4410"), ("Datum", dates.num(case.day))])
    s.y = 105
    subject = "Antrag auf Kostenübernahme für eine Rehabilitationsmaßnahme"
    s.line(subject, font="arial-b")
    rows, written = _insured(case, "natural", "Versichertennummer", _kv_number(case))
    s.lines(rows)
    s.gap(5)
    s.line("Sehr geehrte Damen und Herren,")
    s.gap(2)
    s.para(
        f"zur Prüfung des Antrags unseres Mitglieds bitten wir Sie um einen aktuellen Befundbericht. Bitte verwenden Sie den beigefügten Vordruck und senden Sie ihn bis zum {glue(dates.num(case.day + datetime.timedelta(days=21)))} an uns zurück."
    )
    s.para(
        "Die Kosten für den Bericht übernehmen wir nach der Gebührenordnung. Vielen Dank für Ihre Unterstützung."
    )
    s.gap(3)
    s.lines(
        [
            "Mit freundlichen Grüßen",
            "",
            clerk.replace("Frau ", "").replace("Herr ", "") + " (Leistungsabteilung)",
        ]
    )
    s.footer(
        [
            f"{org} · Körperschaft des öffentlichen Rechts · Hohenzollernring 70 · 50672 Köln",
            "Vorstand: Dipl.-Kfm. Rainer Holtkötter · IK 101234567",
        ]
    )
    deadline = case.day + datetime.timedelta(days=21)
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=["Antrag auf Kostenübernahme"],
        sender_alternatives=[short],
        letter_date=case.day,
        other_dates=[(theirs, "your letter of"), (deadline, "reply by")],
        fax_number="0221 9988-4499",
        fax_label=short.upper(),
        cover_subject="Anforderung Befundbericht",
        notes=["an insurer's reference column holds the letter's date among other dates"],
    )


@layout(
    "rentenversicherung_befundbericht",
    "Pension insurer's request for a medical report: the insured person identified by the "
    "insurance number (birth date inside it) and 'Frau/Herrn Given Surname' in the subject",
    titles=True,
    ages=(18, 66),
)
def rentenversicherung(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Deutsche Rentenversicherung Rheinland-Mitte"
    s = Sheet(font="arial", size=10.5)
    s.y = 16
    s.line(org, font="arial-b", size=14)
    s.line("Abteilung Rehabilitation · Sozialmedizinischer Dienst", size=8.5)
    window(s, case, sender_line=f"{org}, 40194 Düsseldorf")
    number = f"{rng.randint(10, 69)} {pat.birth.strftime('%d%m%y')} {pat.surname[0].upper()} {rng.randint(500, 599)}"
    _info_block(
        s,
        [
            ("Versicherungsnummer", number),
            ("Bearbeitung", "Team 14"),
            ("Telefon", "0211 937-2214"),
            ("Datum", dates.long(case.day, "de")),
        ],
    )
    s.y = 100
    written = name_form(pat, "natural")
    subject = "Anforderung eines ärztlichen Befundberichts"
    s.line(subject, font="arial-b")
    s.line(f"für {salute(pat, 'de')} {written}, geboren am {dates.num(pat.birth)}", font="arial-b")
    s.gap(4)
    s.line("Sehr geehrte Damen und Herren,")
    s.gap(2)
    application = before(case.day, 10, 40, rng)
    s.para(
        f"die oben genannte Person hat am {glue(dates.num(application))} Leistungen zur medizinischen Rehabilitation beantragt und Sie als behandelnde Ärztin bzw. behandelnden Arzt benannt."
    )
    s.para(
        "Wir bitten Sie, den beigefügten Befundbericht auszufüllen. Für den Bericht zahlen wir eine Vergütung nach dem Justizvergütungs- und -entschädigungsgesetz."
    )
    s.lines(["Mit freundlichen Grüßen", "Ihre Deutsche Rentenversicherung"])
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=["Befundbericht"],
        sender_alternatives=["Deutsche Rentenversicherung"],
        letter_date=case.day,
        other_dates=[(application, "application")],
        fax_number="0211 937-3000",
        fax_label="DRV RHEINLAND MITTE",
        cover_subject="Befundbericht",
        notes=["the insurance number encodes the birth date (DDMMYY)"],
    )


@layout(
    "medizinischer_dienst_gutachten",
    "Medizinischer Dienst's care assessment: a centred head, visit and request dates, 'Name:' "
    "and 'Geburtsdatum:' rows, a module table, two pages, the date under the signature on the "
    "second",
    titles=True,
    ages=(45, 99),
)
def medizinischer_dienst(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Medizinischer Dienst Nordrhein-Süd"
    s = Sheet(font="sans", size=10)
    s.y = 18
    s.line(org, font="sans-b", size=15, x=105, align="center")
    s.gap(6)
    title = "Gutachten zur Feststellung der Pflegebedürftigkeit"
    s.line(title, font="sans-b", size=12, x=105, align="center")
    s.line("nach dem Elften Buch Sozialgesetzbuch (SGB XI)", size=9, x=105, align="center")
    s.gap(6)
    visit = before(case.day, 3, 12, rng)
    request = before(visit, 14, 40, rng)
    written = name_form(pat, "comma")
    rows = [
        ("Name:", written),
        ("Geburtsdatum:", dates.num(pat.birth)),
        ("Antrag vom:", dates.num(request)),
        ("Hausbesuch am:", dates.num(visit)),
        ("Hausärztin/Hausarzt:", f"{case.doctor}, {case.practice.name}"),
    ]
    if case.show_address:
        rows.insert(2, ("Anschrift:", ", ".join(address_lines(pat))))
    s.fields(rows, 45, "sans-b", 1.2)
    s.gap(6)
    _md_findings(s)
    s.new_page()
    s.line("- 2 -", x=105, align="center", size=9)
    s.line(f"Gutachten Pflegebedürftigkeit · {written}", size=8.5)
    s.gap(6)
    s.para(
        "Ergebnis: Die Voraussetzungen für den Pflegegrad 2 sind erfüllt. Die Beeinträchtigungen betreffen vor allem die Mobilität und die Selbstversorgung."
    )
    s.para(
        "Empfehlungen: Versorgung mit einem Rollator, Anpassung des Badezimmers, Beratung der pflegenden Angehörigen."
    )
    assessor = rng.choice(["Pflegefachkraft Sabine Ortmanns", "Dr. med. Volker Rütten"])
    s.gap(6)
    s.line(assessor)
    s.line(f"Köln, den {dates.num(case.day)}")
    return german(
        s,
        org,
        written,
        title=title,
        letter_date=case.day,
        other_dates=[(request, "request"), (visit, "home visit")],
        people=[(assessor, "assessor")],
        fax_number="0221 2806-190",
        fax_label="MD NORDRHEIN",
        cover_subject="Gutachten",
        notes=["the date stands under the signature"],
    )


MD_MODULES = [
    ("Modul 1: Mobilität", "5", "2,5"),
    ("Modul 2: Kognitive und kommunikative Fähigkeiten", "3", "3,75"),
    ("Modul 3: Verhaltensweisen und psychische Problemlagen", "1", "3,75"),
    ("Modul 4: Selbstversorgung", "9", "10"),
    ("Modul 5: Umgang mit krankheitsbedingten Anforderungen", "2", "5"),
    ("Modul 6: Gestaltung des Alltagslebens", "6", "7,5"),
]


def _md_findings(s: Sheet) -> None:
    """The assessment's history, findings and module table (it runs onto a second page)."""
    s.line("1. Pflegerelevante Vorgeschichte", font="sans-b")
    s.para(
        "Seit einem Sturz im Frühjahr zunehmende Unsicherheit beim Gehen, die Antragstellerin bzw. der Antragsteller verlässt die Wohnung nur noch in Begleitung. Bekannt sind eine Herzinsuffizienz, ein Diabetes mellitus Typ 2 und eine Gonarthrose beidseits."
    )
    s.line("2. Befunderhebung", font="sans-b")
    s.para(
        "Die Begutachtung fand in der Wohnung im zweiten Obergeschoss ohne Aufzug statt. Die Transfers gelingen mit Festhalten an Möbeln; das Treppensteigen ist nur mit Hilfe einer Person möglich. Die Orientierung ist erhalten, das Kurzzeitgedächtnis leicht eingeschränkt."
    )
    s.line("3. Ergebnisse der Module", font="sans-b")
    s.line(f"{'Modul':<54}{'Punkte':>8}{'gewichtet':>12}", font="mono", size=8.5)
    for name, points, weighted in MD_MODULES:
        s.line(f"{name:<54}{points:>8}{weighted:>12}", font="mono", size=8.5)
    s.line(f"{'Gesamtpunkte':<54}{'':>8}{'32,5':>12}", font="mono", size=8.5)
    s.gap(3)


@layout(
    "berufsgenossenschaft_unfall",
    "Employers' liability insurance about a work accident: accident date, file number, the "
    "insured person's name in the subject line as 'SURNAME, Given'",
    titles=True,
    ages=(16, 66),
)
def berufsgenossenschaft(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Berufsgenossenschaft Bau und Handwerk West"
    s = Sheet(font="times", size=11.5)
    s.y = 18
    s.line("BG BAU UND HANDWERK WEST", font="times-b", size=16)
    s.line(org + " · Bezirksverwaltung Köln", size=8.5)
    window(s, case, sender_line="BG Bau und Handwerk West · 50443 Köln")
    accident = before(case.day, 10, 60, rng)
    _info_block(
        s,
        [
            ("Aktenzeichen", f"3/{rng.randint(10000, 99999)}/{accident.year % 100}"),
            ("Sachbearbeitung", "Herr Dünnwald"),
            ("Durchwahl", "0221 3778-512"),
            ("Datum", dates.num(case.day)),
        ],
    )
    s.y = 102
    written = name_form(pat, "caps")
    s.line(f"Arbeitsunfall vom {dates.num(accident)}", font="times-b")
    s.line(f"Versicherte/r: {written}, geb. {dates.num(pat.birth)}", font="times-b")
    if case.show_address:
        s.line(", ".join(address_lines(pat)))
    s.gap(4)
    s.line("Sehr geehrte Damen und Herren,")
    s.gap(2)
    s.para(
        "wir bitten Sie um einen Zwischenbericht über den bisherigen Heilverlauf und die voraussichtliche Dauer der Arbeitsunfähigkeit. Bitte verwenden Sie den Vordruck F 2100."
    )
    s.lines(["Mit freundlichen Grüßen", "Im Auftrag", "Dünnwald"])
    return german(
        s,
        org,
        written,
        title=f"Arbeitsunfall vom {dates.num(accident)}",
        title_alternatives=["Arbeitsunfall", "Zwischenbericht"],
        sender_alternatives=["BG BAU UND HANDWERK WEST", "BG Bau und Handwerk West"],
        letter_date=case.day,
        other_dates=[(accident, "accident")],
        people=[("Herr Dünnwald", "clerk")],
        fax_number="0221 3778-599",
        fax_label="BG BAU HANDWERK",
        cover_subject="Zwischenbericht",
        notes=["the accident date is in the subject; the letter's date in the reference column"],
    )


@layout(
    "gesundheitsamt_umgebungsuntersuchung",
    "Public health office (department of a district): the district's name first, the "
    "office below it, 'Az.' and date lines, a contact tracing letter",
    titles=True,
    ages=(6, 90),
)
def gesundheitsamt(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Rhein-Erft-Kreis"
    s = Sheet(font="arial", size=10.5)
    s.y = 16
    s.line("Rhein-Erft-Kreis", font="arial-b", size=16)
    s.line("Der Landrat · Gesundheitsamt · Abteilung Infektionsschutz", size=9)
    window(s, case, sender_line="Rhein-Erft-Kreis · Willy-Brandt-Platz 1 · 50126 Bergheim")
    s.put(f"Az.: 53.2-TB-{rng.randint(100, 999)}/{case.day.year}", 190, 60, size=9.5, align="right")
    s.put(f"Bergheim, {dates.num(case.day)}", 190, 65, size=9.5, align="right")
    contact = before(case.day, 14, 50, rng)
    s.y = 100
    subject = "Tuberkulose-Umgebungsuntersuchung"
    s.line(subject, font="arial-b")
    written = name_form(pat, "natural")
    s.gap(4)
    s.line("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,")
    s.gap(2)
    s.para(
        f"im Rahmen einer Umgebungsuntersuchung wurde {salute(pat, 'de1')} {glue(written)}, geb. {glue(dates.num(pat.birth))}, als Kontaktperson ermittelt (letzter Kontakt am {glue(dates.num(contact))}). Der Interferon-Gamma-Test war negativ."
    )
    s.para(
        "Eine Wiederholung des Tests ist nicht erforderlich. Bei Husten über drei Wochen, Nachtschweiß oder Gewichtsverlust bitten wir um eine Röntgenaufnahme des Thorax."
    )
    officer = "Dr. med. Angelika Berens-Flock"
    s.lines(
        [
            "Mit freundlichen Grüßen",
            "Im Auftrag",
            officer,
            "Ärztin für Öffentliches Gesundheitswesen",
        ]
    )
    return german(
        s,
        org,
        written,
        title=subject,
        sender_alternatives=["Gesundheitsamt Rhein-Erft-Kreis", "Gesundheitsamt"],
        letter_date=case.day,
        other_dates=[(contact, "last contact")],
        people=[(officer, "signer")],
        fax_number="02271 83-15299",
        fax_label="GESUNDHEITSAMT REK",
        cover_subject="Umgebungsuntersuchung",
    )


@layout(
    "versorgungsamt_gdb",
    "Disability status office's request: a form-like block with 'Name, Vorname', "
    "'Geburtsdatum' and 'Geburtsname' fields, tick boxes for enclosed findings",
    titles=True,
)
def versorgungsamt(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Landesamt für Soziales und Versorgung Rheinland"
    s = Sheet(font="narrow", size=11)
    s.y = 16
    s.line(org, font="narrow-b", size=14)
    s.line("Versorgungsamt Köln · Schwerbehindertenrecht", size=9)
    window(s, case, sender_line=f"{org} · Postfach 10 11 11 · 50451 Köln")
    _info_block(
        s, [("Aktenzeichen", f"SB {rng.randint(100000, 999999)}"), ("Datum", dates.num(case.day))]
    )
    s.y = 98
    subject = "Feststellung des Grades der Behinderung - Anforderung eines Befundberichts"
    s.line(subject, font="narrow-b")
    s.gap(3)
    written = name_form(pat, "comma")
    rows = [
        ("Name, Vorname:", written),
        ("Geburtsname:", pat.birth_name or "-"),
        ("Geburtsdatum:", dates.num(pat.birth)),
    ]
    if case.show_address:
        rows.append(("Anschrift:", ", ".join(address_lines(pat))))
    s.fields(rows, 35, "narrow-b", 1.2)
    application = before(case.day, 10, 45, rng)
    s.gap(4)
    s.para(
        f"Der Antrag ist am {glue(dates.num(application))} bei uns eingegangen. Bitte teilen Sie uns die Ihnen bekannten Gesundheitsstörungen mit und fügen Sie vorhandene Befunde bei:"
    )
    for checked, text in [
        (True, "Krankenhausberichte"),
        (True, "fachärztliche Befunde"),
        (False, "Laborbefunde"),
        (False, "Röntgenbefunde"),
    ]:
        s.y += s.lead() * 1.4
        s.box(s.left, s.y - 3.0, checked)
        s.put(text, s.left + 6, s.y)
    s.gap(5)
    s.lines(["Mit freundlichen Grüßen", "Ihr Versorgungsamt"])
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=[
            "Feststellung des Grades der Behinderung",
            "Anforderung eines Befundberichts",
        ],
        sender_alternatives=["Versorgungsamt Köln"],
        letter_date=case.day,
        other_dates=[(application, "application received")],
        fax_number="0221 3310-888",
        fax_label="VERSORGUNGSAMT",
        cover_subject="Befundbericht",
    )


M52_TITLE = "Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit"


@layout(
    "muster52_krankenkasse",
    "A Muster 52 style form from an insurer: the form's own head fields ('Krankenkasse bzw. "
    "Kostenträger', 'Name, Vorname des Versicherten', 'geb. am', 'Versicherten-Nr.') with "
    "the values under their labels, tick boxes, the date in the form's 'Datum' field",
    ages=(16, 66),
)
def muster52(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Krankenkasse Westfalia-Rhein"
    s = Sheet(font="courier", size=10, left=18, right=15)
    s.y = 18
    s.line(M52_TITLE, font="arial-b", size=11)
    s.line("Muster 52 (Anfrage der Krankenkasse)", font="arial", size=8)
    s.gap(4)
    top = s.y
    s.shape("rect", 18, top, 95, 44)
    s.put("Krankenkasse bzw. Kostenträger", 20, top + 4, font="arial", size=6.5)
    s.put(org, 20, top + 8.5)
    s.put("Name, Vorname des Versicherten", 20, top + 14, font="arial", size=6.5)
    written = name_form(pat, "comma", title=False)
    s.put(written, 20, top + 18.5)
    s.put("geb. am", 90, top + 14, font="arial", size=6.5)
    s.put(dates.num(pat.birth), 90, top + 18.5)
    if case.show_address:
        s.put(f"{pat.street}, {pat.postcode} {pat.city}", 20, top + 23.5)
    s.put("Kostenträgerkennung   Versicherten-Nr.   Status", 20, top + 30, font="arial", size=6.5)
    s.put(f"104127692   {_kv_number(case)}   1000000", 20, top + 34.5)
    s.put("Betriebsstätten-Nr.   Arzt-Nr.   Datum", 20, top + 39, font="arial", size=6.5)
    s.put(
        f"381122300   {rng.randint(100000000, 999999999)}   {dates.num(case.day, short_year=True)}",
        20,
        top + 43,
    )
    s.y = top + 52
    since = before(case.day, 30, 70, rng)
    s.line(f"Arbeitsunfähig seit: {dates.num(since)}", font="arial")
    s.gap(2)
    for checked, text in [
        (False, "Wiedereingliederung empfohlen"),
        (True, "Leistungen zur medizinischen Rehabilitation angezeigt"),
        (False, "Arbeitsunfähigkeit voraussichtlich beendet"),
    ]:
        s.y += s.lead() * 1.5
        s.box(s.left, s.y - 3.0, checked)
        s.put(text, s.left + 6, s.y, font="arial")
    s.gap(6)
    s.para(
        "Bitte senden Sie den ausgefüllten Bericht innerhalb von drei Arbeitstagen an die oben genannte Krankenkasse zurück.",
        font="arial",
        size=9,
    )
    return german(
        s,
        org,
        written,
        title=M52_TITLE,
        title_alternatives=["Muster 52"],
        letter_date=case.day,
        other_dates=[(since, "unfit for work since")],
        fax_number="0221 9988-4499",
        fax_label="KK WESTFALIA",
        cover_subject="Muster 52",
        notes=["a form: values under their labels; the form's date with a two-digit year"],
    )
