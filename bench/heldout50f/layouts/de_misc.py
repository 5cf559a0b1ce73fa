# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 (the letters' printed sentences are kept whole, one per line)
"""German rehabilitation and emergency letters, a care service with only a stamp, an e-mail
printout, a pharmacy's fax form and handwritten notes on printed pads."""

from __future__ import annotations

from bench.heldout50f import dates, people
from bench.heldout50f.kit import (
    DIAGNOSES_DE,
    MEDS,
    TEXT_DE,
    Case,
    Draft,
    address_lines,
    addressee,
    after,
    before,
    birth_clause,
    doctors,
    german,
    name_form,
    pick,
    salute,
    sign,
    stamp,
    window,
)
from bench.heldout50f.layouts.base import layout
from bench.heldout50f.sheet import Sheet, glue


@layout(
    "reha_entlassungsbericht",
    "Rehabilitation clinic's medical discharge report: a header table with insurance number "
    "(which encodes the birth date), admission and discharge, upper-case names, two pages",
    titles=True,
    ages=(20, 66),
)
def reha(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = rng.choice(["Rehaklinik Eifelhöhe", "Reha-Zentrum Bad Münstereifel-Quellenhof"])
    s = Sheet(font="arial", size=10)
    s.y = 16
    s.line(org, font="arial-b", size=15, x=190, align="right")
    s.line("Fachklinik für Orthopädie und Kardiologie", size=9, x=190, align="right")
    window(s, case, sender_line=f"{org} · Kurhausstraße 9 · 53902 Bad Münstereifel", top=42)
    s.y = 86
    s.line("Ärztlicher Entlassungsbericht", font="arial-b", size=13)
    out = before(case.day, 3, 12, rng)
    admit = before(out, 21, 28, rng)
    born = pat.birth
    insurance = f"{rng.randint(10, 69)} {born.strftime('%d%m%y')} {pat.surname[0].upper()} {rng.randint(100, 999)}"
    written = name_form(pat, "caps")
    rows = [
        ("Name, Vorname:", written),
        ("Geburtsdatum:", dates.num(born)),
        ("Versicherungsnummer:", insurance),
        ("Aufnahme:", dates.num(admit)),
        ("Entlassung:", dates.num(out)),
        ("Entlassungsform:", "regulär"),
    ]
    if pat.birth_name:
        rows.insert(1, ("Geburtsname:", pat.birth_name.upper()))
    if case.show_address:
        rows.insert(2, ("Wohnort:", ", ".join(address_lines(pat))))
    s.gap(3)
    s.fields(rows, 45, "arial-b")
    s.gap(6)
    s.line("Diagnosen", font="arial-b")
    s.lines(pick(rng, DIAGNOSES_DE, 3))
    s.gap(3)
    for text in pick(rng, TEXT_DE, 5):
        s.para(text)
    s.para(
        "Die Rehabilitandin bzw. der Rehabilitand wurde arbeitsfähig entlassen. Leistungsvermögen für die zuletzt ausgeübte Tätigkeit: sechs Stunden und mehr."
    )
    s.line("Empfohlene Medikation", font="arial-b")
    s.lines(pick(rng, MEDS, 4))
    chief, ward = doctors(rng, 2)
    s.gap(4)
    s.line(f"Bad Münstereifel, {dates.num(case.day)}")
    sign(s, "Mit freundlichen Grüßen", [chief, ward], ["Chefarzt", "Stationsärztin/Stationsarzt"])
    s.page_numbers("- {page} -", x=110)
    return german(
        s,
        org,
        written,
        title="Ärztlicher Entlassungsbericht",
        title_alternatives=["Entlassungsbericht"],
        letter_date=case.day,
        other_dates=[(admit, "admission"), (out, "discharge")],
        people=[(chief, "signer"), (ward, "signer")],
        fax_number="02253 5403-10",
        fax_label="REHAKLINIK",
        notes=["the insurance number encodes the birth date"],
    )


@layout(
    "notaufnahme_ambulanzbrief",
    "Emergency department note printed from the hospital system: arrival time, print time in "
    "the head, 'Datum' of the letter at the end, the department before the hospital",
    ages=(2, 99),
)
def notaufnahme(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Klinikum Rheinbogen"
    dept = "Zentrale Notaufnahme"
    arrival = before(case.day, 0, 1, rng)
    printed = after(case.day, 0, 1, rng)
    s = Sheet(font="cond", size=9.5)
    s.put(f"Druck: {dates.num(printed)} 02:31 · Seite 1", 190, 12, size=7, align="right")
    s.y = 18
    s.line(f"{dept} · {org}", font="cond-b", size=13)
    s.line("Neusser Straße 401 · 50733 Köln · Tel. 0221 8907-1100", size=8)
    s.gap(4)
    s.line("Ambulanzbrief", font="cond-b", size=13)
    written = name_form(pat, rng.choice(["caps", "bare"]))
    s.line(
        f"Patient: {written}   geb.: {dates.num(pat.birth)}   Fallnummer: {rng.randint(7000000, 7999999)}"
    )
    s.line(
        f"Vorstellung: {dates.num(arrival)} 23:14 Uhr   Hausarzt: {case.doctor}, {case.practice.name}"
    )
    if case.show_address:
        s.line("Anschrift: " + ", ".join(address_lines(pat)))
    s.gap(3)
    s.para("Vorstellungsgrund: Sturz im häuslichen Umfeld mit Prellung des rechten Handgelenks.")
    s.para(
        "Befund: Schwellung und Druckschmerz über dem distalen Radius, periphere Durchblutung, Motorik und Sensibilität intakt. Röntgen: kein Frakturnachweis."
    )
    s.para(
        "Procedere: Ruhigstellung in Unterarmschiene für eine Woche, Analgesie, Wiedervorstellung bei Beschwerdepersistenz beim Hausarzt."
    )
    (doctor,) = doctors(rng, 1)
    s.gap(5)
    s.line(f"Datum: {dates.num(case.day)}      {doctor}, Assistenzärztin/Assistenzarzt ZNA")
    return german(
        s,
        org,
        written,
        title="Ambulanzbrief",
        sender_alternatives=[f"{dept} · {org}", f"{org}, {dept}", dept],
        letter_date=case.day,
        other_dates=[(arrival, "arrival"), (printed, "printed")],
        people=[(doctor, "signer")],
        fax_number="+49 221 8907-1199",
        fax_label="ZNA RHEINBOGEN",
        notes=["the print date stands at the top, the letter's date at the end"],
    )


@layout(
    "pflegedienst_stempel",
    "Home care service's request on plain paper: no letterhead, the sender only in a rubber "
    "stamp at the bottom, the date as 'Ort, Datum' above the stamp",
    titles=True,
    ages=(55, 99),
)
def pflegedienst(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = rng.choice(["Ambulanter Pflegedienst Sonnenschein GmbH", "Pflegedienst Mobile Hände"])
    s = Sheet(font="arial", size=11)
    s.y = 30
    s.lines(addressee(case, "short"))
    s.gap(12)
    s.line("Bitte um Folgeverordnung häuslicher Krankenpflege", font="arial-b")
    s.gap(4)
    s.line("Sehr geehrte Damen und Herren,")
    s.gap(2)
    written = name_form(pat, "natural")
    since = before(case.day, 20, 60, rng)
    s.para(
        f"für {salute(pat, 'de')} {glue(written)}, geb. {glue(dates.num(pat.birth))}, "
        f"versorgen wir seit dem {glue(dates.num(since))} die chronische Wunde am rechten "
        "Unterschenkel (Ulcus cruris venosum) zweimal täglich. Die aktuelle Verordnung läuft "
        "in Kürze aus. Wir bitten Sie um eine Folgeverordnung für weitere vier Wochen."
    )
    if case.show_address:
        s.para("Anschrift: " + glue(", ".join(address_lines(pat))))
    s.para(
        "Die Wunddokumentation mit Fotos legen wir bei. Für Rückfragen erreichen Sie die Pflegedienstleitung unter der unten genannten Nummer."
    )
    s.gap(3)
    s.line("Mit freundlichen Grüßen")
    s.gap(10)
    s.line(f"Köln, {dates.num(case.day)}")
    lead = rng.choice(["Schwester Gabriele Hövelmann", "Pfleger Dennis Ruland"])
    s.line(f"{lead}, Pflegedienstleitung", size=9.5)
    stamp(s, [org, "Venloer Straße 601 · 50827 Köln", "Tel. 0221 5880912 · IK 461234567"], 110, 80)
    return german(
        s,
        org,
        written,
        title="Bitte um Folgeverordnung häuslicher Krankenpflege",
        title_alternatives=["Folgeverordnung häuslicher Krankenpflege"],
        letter_date=case.day,
        other_dates=[(since, "care since")],
        people=[(lead, "signer")],
        fax_number="0221 5880913",
        fax_label="PFLEGEDIENST",
        cover_subject="Verordnung",
        notes=["the sender is named only in the stamp"],
    )


@layout(
    "email_ausdruck",
    "E-mail printout: the mail program's header (Von, Gesendet, An, Betreff with AW:), the "
    "sent date as the letter's date, the sender organisation in the signature, a print footer",
    titles=True,
    ages=(18, 85),
)
def email_ausdruck(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Sozialpsychiatrisches Zentrum Köln-Kalk"
    person = rng.choice(["Miriam Odenthal", "Kevin Lorscheid"])
    s = Sheet(font="sans", size=9.5, left=15, right=15)
    s.y = 14
    s.line(case.practice.name, font="sans-b", size=10)
    s.shape("hline", 15, s.y + 2, 195)
    s.gap(5)
    sent = case.day
    written = name_form(pat, "natural")
    subject = f"AW: Patientin/Patient {pat.surname}"
    mailbox = people.plain_latin(case.practice.name.split()[-1]).lower()
    rows = [
        ("Von:", f"{person} <{person.replace(' ', '.').lower()}@spz-kalk.example>"),
        ("Gesendet:", f"{dates.weekday(sent, 'de')}, {dates.long(sent, 'de')} 14:32"),
        ("An:", f"{case.practice.name} <praxis@{mailbox}.example>"),
        ("Betreff:", subject),
    ]
    s.fields(rows, 22, "sans-b")
    s.gap(6)
    s.line("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,")
    s.gap(2)
    with_birth = not case.birth_optional or rng.random() < 0.4
    born = f" (geb. {glue(dates.num(pat.birth))})" if with_birth else ""
    s.para(
        f"vielen Dank für Ihre Anfrage. {salute(pat, 'de1')} {glue(written)}"
        f"{glue(birth_clause(pat))}{born} ist seit dem Frühjahr bei "
        "uns in Betreuung. Die nächste Sprechstunde bei unserer Psychiaterin ist bereits "
        "vereinbart; einen Befundbericht senden wir Ihnen im Anschluss per Post zu."
    )
    s.para("Die Medikation wurde bislang nicht verändert.")
    s.gap(2)
    s.lines(["Mit freundlichen Grüßen", person, "Sozialarbeit / Fallmanagement"])
    s.lines([org, "Kalker Hauptstraße 162, 51103 Köln"])
    printed = after(sent, 0, 2, rng)
    s.put(f"Gedruckt am {dates.num(printed)} um 08:05", 15, 285, size=7)
    return german(
        s,
        org,
        written,
        title=subject,
        title_alternatives=[f"Patientin/Patient {pat.surname}"],
        sender_alternatives=[person],
        letter_date=sent,
        birth_printed=with_birth,
        other_dates=[(printed, "printed")],
        people=[(person, "sender")],
        fax_number="0221 8894010",
        fax_label="PRAXIS",
        notes=[
            "an e-mail printout: the head is the receiving practice's own name (the mail program's user)"
        ],
    )


@layout(
    "apotheke_faxformular",
    "Pharmacy's query on its own fax form: An/Von/Datum/Seiten fields, tick boxes, the patient "
    "with 'Name, Vorname' and birth date in labelled fields",
    ages=(18, 99),
)
def apotheke(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = rng.choice(["Löwen-Apotheke am Neumarkt", "Brunnen-Apotheke Nippes"])
    s = Sheet(font="arial", size=10.5)
    s.y = 18
    s.line(org, font="arial-b", size=16)
    s.line(
        "Inh. Apothekerin Dr. Carola Weyer e.K. · Telefon 0221 2577301 · Telefax 0221 2577309",
        size=8,
    )
    s.gap(5)
    s.line("Rückfrage zur Verordnung", font="arial-b", size=13)
    s.gap(3)
    written = name_form(pat, "comma", title=False)
    rows = [
        ("An:", f"{case.practice.name}, {case.doctor}"),
        ("Fax:", case.practice.fax),
        ("Datum:", dates.num(case.day)),
        ("Seiten:", "1"),
        ("Name, Vorname des Patienten:", written),
        ("Geburtsdatum:", dates.num(pat.birth)),
    ]
    s.fields(rows, 58, "arial-b", 1.3)
    s.gap(6)
    prescribed = before(case.day, 0, 3, rng)
    s.line(f"Verordnung vom {dates.num(prescribed)}: Pantoprazol 40 mg, 100 Tbl. N3")
    s.gap(3)
    for checked, text in [
        (True, "Präparat nicht lieferbar, Austausch gegen wirkstoffgleiches Präparat?"),
        (False, "Dosierung unklar"),
        (False, "Unterschrift fehlt"),
        (rng.random() < 0.5, "Bitte um Rückruf"),
    ]:
        s.y += s.lead() * 1.4
        s.box(s.left, s.y - 3.0, checked)
        s.put(text, s.left + 6, s.y)
    s.gap(8)
    s.line("Vielen Dank! Ihr Apothekenteam")
    return german(
        s,
        org,
        written,
        title="Rückfrage zur Verordnung",
        sender_alternatives=["Dr. Carola Weyer"],
        letter_date=case.day,
        other_dates=[(prescribed, "prescription")],
        fax_number="0221 2577309",
        fax_label="APOTHEKE",
        notes=["a form: label and value on one line, tick boxes drawn"],
    )


def _pad_head(s: Sheet, lines: list[str]) -> None:
    """A printed note pad's head."""
    s.y = 16
    s.line(lines[0], font="serif-b", size=12, x=105, align="center")
    for text in lines[1:]:
        s.line(text, size=8, x=105, align="center", font="serif")
    s.shape("hline", 20, s.y + 3, 190)
    s.gap(8)


@layout(
    "handschrift_hno_block",
    "Handwritten note on an ENT specialist's printed pad: a short message to the colleague, "
    "the birth date, the date written at the top right",
)
def handschrift_hno(case: Case) -> Draft:
    pat = case.pat
    doctor = "Dr. med. Claudia Ternes"
    s = Sheet(font="hand", size=15, left=22, right=18)
    _pad_head(
        s,
        [
            doctor,
            "Fachärztin für Hals-Nasen-Ohren-Heilkunde · Allergologie",
            "Dürener Straße 88 · 50931 Köln · Tel. 0221 401177 · Fax 0221 401178",
        ],
    )
    s.line(dates.num(case.day, pad=False), x=185, align="right", hand=True)
    s.gap(3)
    s.line("Liebe Kollegin, lieber Kollege,", hand=True)
    written = f"{pat.given} {pat.surname}"
    s.line(
        f"{salute(pat, 'de1')} {written}, geb. {dates.num(pat.birth, short_year=True)},", hand=True
    )
    s.line("war heute bei mir wegen rez. Sinusitis.", hand=True)
    s.line("CT NNH empfohlen, Überweisung folgt.", hand=True)
    s.line("Bitte Antibiose noch 5 Tage fortsetzen.", hand=True)
    s.gap(4)
    s.line("Viele Grüße  C. Ternes", hand=True)
    return german(
        s,
        doctor,
        written,
        title=None,
        sender_alternatives=["Claudia Ternes", "C. Ternes"],
        letter_date=case.day,
        people=[("C. Ternes", "signer")],
        fax_number="0221 401178",
        fax_label="HNO TERNES",
        handwritten=True,
        cover_subject="Notiz",
        notes=["handwritten on a printed pad; the birth date with a two-digit year"],
    )


@layout(
    "handschrift_kurzmitteilung",
    "Hospital ward's printed 'Kurzmitteilung' slip with tick boxes, filled in by hand, no date "
    "at all, the patient as 'Pat. SURNAME, Given'",
    ages=(60, 99),
)
def handschrift_kurzmitteilung(case: Case) -> Draft:
    pat = case.pat
    org = "Krankenhaus Maria Frieden"
    s = Sheet(font="hand2", size=14, left=22)
    _pad_head(s, [org, "Station 3 Geriatrie · Telefon 02238 801-330"])
    s.line("KURZMITTEILUNG", font="sans-b", size=14)
    s.gap(3)
    for checked, text in [
        (False, "zur Kenntnisnahme"),
        (True, "mit der Bitte um Rückruf"),
        (False, "zum Verbleib"),
    ]:
        s.y += s.lead(10) * 1.5
        s.box(s.left, s.y - 3.0, checked)
        s.put(text, s.left + 6, s.y, font="sans", size=10)
    s.gap(6)
    written = f"Pat. {pat.surname.upper()}, {pat.given}"
    s.line(written, hand=True)
    s.line(f"geb. {dates.num(pat.birth)}", hand=True)
    s.line("Entlassung geplant, bitte Rückruf wg.", hand=True)
    s.line("Weiterverordnung Insulin + Pflegebett", hand=True)
    s.line("Tel. -330  Sr. Martina", hand=True)
    return german(
        s,
        org,
        f"{pat.surname.upper()}, {pat.given}",
        title="Kurzmitteilung",
        title_alternatives=["KURZMITTEILUNG"],
        sender_alternatives=[f"{org}, Station 3 Geriatrie"],
        letter_date=None,
        people=[("Sr. Martina", "signer")],
        fax_number="02238 801-339",
        fax_label="MARIA FRIEDEN ST3",
        handwritten=True,
        cover_subject="Kurzmitteilung",
        notes=["no date anywhere on the slip: letter_date is null"],
    )
