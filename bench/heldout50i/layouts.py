"""The letter kinds of the ninth blind set. Each layout writes one letter into a Ctx: what is drawn,
and
alongside it what is true (sender, title, the patient's first mention, which dates are which)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from bench.heldout50i import text
from bench.heldout50i.context import BREAK, SWISS, Ctx, keep
from bench.heldout50i.world import (
    ABROAD,
    CARE,
    EMERGENCY,
    HOSPITALS,
    LABS,
    PATHOLOGY,
    RADIOLOGY,
    REHAB,
    SPECIALISTS,
)


def discharge(ctx: Ctx) -> None:
    sender = ctx.rng.choice(HOSPITALS)
    ctx.letterhead(sender)
    ctx.address(f"{sender.name} · {sender.lines[-1]}")
    ctx.add(f"{sender.town}, {ctx.dated(ctx.rng.choice(('de_num', 'de_long')))}", right=True, gap=6)
    title = ctx.rng.choice(("Entlassbrief", "Vorläufiger Entlassbrief", "Arztbrief"))
    ctx.heading(title, ("Entlassungsbericht", "Arztbrief", "Entlassbrief"))
    former = ctx.surname == ctx.patient.birth_name
    maiden = f" (geb. {ctx.patient.birth_name})" if ctx.patient.birth_name and not former else ""
    pronoun = "Ihre Patientin" if ctx.female else "Ihren Patienten"
    name = ctx.mention(ctx.name())
    birth = ctx.birth("de_num")
    admit = ctx.other(-ctx.rng.randint(5, 14), "admission", "de_num")
    leave = ctx.other(-ctx.rng.randint(0, 3), "discharge", "de_num")
    ctx.para(
        f"Sehr geehrte Kolleginnen und Kollegen, wir berichten über {pronoun} "
        f"{'Frau' if ctx.female else 'Herrn'} {keep(name)}{maiden}, "
        f"geb. {birth}, "
        f"{'die' if ctx.female else 'der'} sich vom {admit} bis {leave} in unserer "
        "stationären Behandlung befand.",
        gap=5,
    )
    ctx.add("Diagnosen", "sansb", gap=4)
    for line in ctx.rng.sample(text.DIAGNOSES_DE, 4):
        ctx.add(f"– {line}", x=28)
    sections = (
        ("Anamnese", text.HISTORY_DE),
        ("Befunde", text.FINDINGS_DE),
        ("Verlauf", text.COURSE_DE),
        ("Procedere", text.PLAN_DE),
    )
    for heading, pool in sections:
        ctx.add(heading, "sansb", gap=4)
        ctx.para(" ".join(ctx.rng.sample(pool, 4)), gap=1)
    ctx.lines.append(BREAK)
    ctx.add("Medikation bei Entlassung", "sansb", gap=4)
    for line in ctx.rng.sample(text.MEDICATION, 5):
        ctx.add(line, "mono", 9, x=28)
    ctx.running = lambda n, t: (
        f"{ctx.salutation()} {ctx.given} {ctx.surname}, geb. {birth} – Seite {n}/{t}"
    )
    ctx.signature(sender)


def maiden_name(ctx: Ctx) -> str:
    """ ", geb. Kury" after a married woman's name, where the letter uses her current name."""
    birth_name = ctx.patient.birth_name
    return f" (geb. {birth_name})" if birth_name and birth_name != ctx.surname else ""


def patient_line(ctx: Ctx, birth_style: str) -> str:
    """The German ways of naming the patient under the address block."""
    style = ctx.rng.randrange(4)
    maiden = f" geb. {ctx.patient.birth_name}" if ctx.patient.birth_name != ctx.surname else ""
    maiden = maiden if ctx.patient.birth_name else ""
    if style == 0:
        name = ctx.mention(ctx.name())
        return f"{ctx.salutation()} {name}{maiden} *{ctx.birth(birth_style)}"
    if style == 1:
        name = ctx.mention(ctx.name())
        return f"Patient{'in' if ctx.female else ''}: {name}{maiden}, geb. {ctx.birth(birth_style)}"
    if style == 2:
        name = ctx.mention(f"{ctx.surname.upper()}, {ctx.given}")
        return f"{name}, geb. am {ctx.birth(birth_style)}"
    their = "Ihre Patientin Frau" if ctx.female else "Ihren Patienten Herrn"
    name = ctx.mention(ctx.name())
    return f"Betr.: {their} {name}{maiden}, geboren am {ctx.birth('de_long')}"


def specialist(ctx: Ctx) -> None:
    sender = ctx.rng.choice(SPECIALISTS)
    ctx.letterhead(sender)
    ctx.address()
    date_style = ctx.rng.choice(("de_short", "de_num"))
    ctx.add(f"Datum: {ctx.dated(date_style)}", right=True, gap=4)
    birth_style = ctx.rng.choice(("de_num", "de_short"))
    ctx.add(patient_line(ctx, birth_style), "sansb", gap=6)
    exam = ctx.other(-ctx.rng.randint(1, 12), "examination", date_style)
    kind = {
        "Kardio": "Kardiologischer Befundbericht",
        "Neuro": "Neurologischer Befundbericht",
        "Augen": "Augenärztlicher Befund",
    }
    title = next(value for key, value in kind.items() if key in sender.short)
    ctx.heading(title, ("Befundbericht",), size=11, gap=3)
    ctx.add(f"Untersuchung vom {exam}", gap=1)
    ctx.para("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,", gap=5)
    ctx.para(" ".join(ctx.rng.sample(text.FINDINGS_DE, 4)), gap=2)
    if ctx.rng.random() < 0.5:
        ctx.lines.append(BREAK)
        ctx.running = lambda n, t: (
            f"{ctx.surname}, {ctx.given}, geb. {ctx.birth(birth_style)} – Seite {n}"
        )
        ctx.add("Beurteilung", "sansb", gap=2)
        ctx.para(" ".join(ctx.rng.sample(text.FINDINGS_DE, 3)), gap=1)
        ctx.para(" ".join(ctx.rng.sample(text.COURSE_DE, 2)), gap=2)
    ctx.para(" ".join(ctx.rng.sample(text.PLAN_DE, 2)), gap=3)
    ctx.signature(sender, "Mit kollegialen Grüßen", 1)


def radiology(ctx: Ctx) -> None:
    sender = ctx.rng.choice(RADIOLOGY)
    ctx.letterhead(sender, 0)
    ctx.address()
    if ctx.rng.random() < 0.5:
        written = ctx.mention(f"Name: {ctx.surname}    Vorname: {ctx.given}")
        ctx.add(f"{written}    Geb.-Dat.: {ctx.birth('de_num')}", "sans", 9.5, gap=8)
    else:
        ctx.add(patient_line(ctx, "de_num"), "sans", 9.5, gap=8)
    exam = ctx.other(-ctx.rng.randint(1, 3), "examination", "de_num")
    ctx.add(f"Untersuchung: {exam}      Befunddatum: {ctx.dated('de_num')}", "sans", 9.5)
    region = ctx.rng.choice(text.IMAGING)
    ctx.heading(region, ("Radiologischer Befund", "Befund"), 12)
    ctx.add("Rechtfertigende Indikation:", "sansb", 9.5, gap=3)
    ctx.para(ctx.rng.choice(text.INDICATIONS), gap=0)
    ctx.add("Befund:", "sansb", 9.5, gap=3)
    ctx.para(" ".join(ctx.rng.sample(text.IMAGING_FINDINGS, 4)), gap=0)
    ctx.add("Beurteilung:", "sansb", 9.5, gap=3)
    ctx.para(ctx.rng.choice(text.IMAGING_IMPRESSIONS), gap=0)
    ctx.add("Elektronisch vidiert.", "sans", 8, gap=6)
    ctx.add(sender.signers[0], gap=2)
    ctx.other_people.append({"name": sender.signers[0], "role": "radiologist"})


def lab(ctx: Ctx) -> None:
    sender = LABS[0]
    ctx.letterhead(sender, 2)
    ctx.address(f"{sender.name} · {sender.lines[-1]}")
    ctx.patient_id = ctx.patient.id if ctx.in_register else None
    caps = f"{ctx.surname.upper()}, {ctx.given.upper()}"
    ctx.add(f"Patient: {ctx.mention(caps)}", "monob", 9.5, gap=6)
    ctx.add(
        f"Geb.-Datum: {ctx.birth('de_num')}   Geschlecht: {'W' if ctx.female else 'M'}", "mono", 9
    )
    if ctx.patient_id:
        ctx.add(
            f"Ihre Pat.-Nr.: {ctx.patient_id}   Auftrags-Nr.: {ctx.rng.randint(2300000, 2399999)}",
            "mono",
            9,
        )
        ctx.notes.append("prints the practice's own patient number")
    delay = ctx.rng.randint(1, 2)
    taken = ctx.other(-delay - ctx.rng.randint(0, 1), "sample collection", "de_num")
    arrived = ctx.other(-delay, "sample received", "de_num")
    ctx.add(f"Entnahme: {taken} 08:15   Eingang: {arrived} 14:02", "mono", 9)
    ctx.add(f"Befunddatum: {ctx.dated('de_num')}   Endbefund", "mono", 9)
    ctx.heading("Laborbefund", ("Befundbericht Labor", "Endbefund"), 12)
    ctx.add(
        f"{'Untersuchung':<26}{'Ergebnis':>10}  {'Einheit':<9}{'Referenz':<14}", "monob", 8.5, gap=3
    )
    for row in ctx.rng.sample(text.LAB_ROWS, ctx.rng.randint(9, 16)):
        ctx.add(row, "mono", 8.5)
    if ctx.rng.random() < 0.5:
        ctx.lines.append(BREAK)
        ctx.add(
            f"{'Untersuchung':<26}{'Ergebnis':>10}  {'Einheit':<9}{'Referenz':<14}",
            "monob",
            8.5,
            gap=3,
        )
        for row in text.LAB_ROWS_EXTRA:
            ctx.add(row, "mono", 8.5)
    ctx.add("+ = oberhalb, - = unterhalb des Referenzbereichs. Validiert durch:", "sans", 8, gap=4)
    ctx.add(sender.signers[0], "sans", 9)
    ctx.running = lambda n, t: f"Patient: {caps}, {ctx.birth('de_num')} · Blatt {n} von {t}"


def pathology(ctx: Ctx) -> None:
    sender = PATHOLOGY[0]
    ctx.letterhead(sender, 1)
    ctx.address()
    number = f"E-{ctx.date.year}-{ctx.rng.randint(10000, 39999)}"
    ctx.add(f"Eingangs-Nr.: {number}", "sansb", 10, gap=6)
    ctx.add(
        f"Eingang: {ctx.other(-ctx.rng.randint(2, 6), 'specimen received', 'de_num')}", "sans", 9.5
    )
    ctx.add(
        f"Patient/in: {ctx.mention(ctx.name(caps=True))}, geb. {ctx.birth('de_num')}", "sans", 9.5
    )
    ctx.heading("Histologischer Befund", ("Pathologischer Befund", "Befundbericht"), 12)
    ctx.add("Material:", "sansb", 9.5, gap=2)
    ctx.para(ctx.rng.choice(text.SPECIMENS), gap=0)
    ctx.add("Mikroskopie:", "sansb", 9.5, gap=2)
    if ctx.rng.random() < 0.5:
        ctx.lines.append(BREAK)
        ctx.running = lambda n, t: f"{ctx.surname.upper()}, {ctx.given} · {number} · Seite {n}"
    ctx.para(" ".join(ctx.rng.sample(text.MICROSCOPY, 2)), gap=0)
    ctx.add("Diagnose:", "sansb", 9.5, gap=2)
    ctx.para(ctx.rng.choice(text.PATHO_DIAGNOSES), gap=0)
    ctx.add(f"Freiburg, den {ctx.dated('de_num')}", gap=8)
    ctx.add(f"{sender.signers[0]}    {sender.signers[1]}", gap=6)
    ctx.notes.append("the letter date stands only above the signatures")


def form_muster52(ctx: Ctx) -> None:
    sender = REHAB[3]
    ctx.sender, ctx.sender_name, ctx.sender_alternatives = (
        sender,
        sender.name,
        list(sender.alternatives),
    )
    ctx.address()
    ctx.add("52", "sansb", 18, right=True, gap=2)
    ctx.add("Krankenkasse bzw. Kostenträger", "sans", 7, gap=2)
    ctx.add(sender.name, "monob", 10)
    ctx.add("Name, Vorname des Versicherten", "sans", 7, gap=2)
    ctx.add(ctx.mention(f"{ctx.surname}, {ctx.given}"), "mono", 10)
    ctx.add(f"{'':<32}geb. am", "sans", 7)
    ctx.add(f"{'':<40}{ctx.birth('de_short')}", "mono", 10)
    ctx.add("Kostenträgerkennung    Versicherten-Nr.         Status", "sans", 7, gap=2)
    ctx.add(
        f"108018007              {ctx.surname[0]}{ctx.rng.randint(100000000, 999999999)}      "
        "         1000000",
        "mono",
        10,
    )
    ctx.add("Betriebsstätten-Nr.    Arzt-Nr.                 Datum", "sans", 7, gap=2)
    ctx.add(f"                                                {ctx.dated('de_short')}", "mono", 10)
    ctx.heading(
        "Bericht für die Krankenkasse bei Fortbestehen der Arbeitsunfähigkeit",
        ("Muster 52", "Anfrage zur Arbeitsunfähigkeit"),
        11,
        gap=8,
    )
    since = ctx.other(-ctx.rng.randint(30, 60), "incapacity since", "de_num")
    ctx.para(
        f"Ihre Patientin/Ihr Patient ist seit {since} arbeitsunfähig. Zur Prüfung von "
        "Maßnahmen zur Wiederherstellung "
        "der Arbeitsfähigkeit bitten wir um Beantwortung der folgenden Fragen.",
        9,
        gap=4,
    )
    for question in text.FORM_QUESTIONS:
        ctx.add(question, "sans", 9, gap=3)
        ctx.add("☐ ja     ☐ nein     ____________________________________________", "sans", 9)
    ctx.add(f"{sender.lines[0]} · {sender.lines[1]} · Fax {sender.fax}", "sans", 7, gap=8)
    ctx.notes.append(
        "form: field labels, dates in the Datum box; the insurer is named only in the "
        "Kostenträger field"
    )


def referral_form(ctx: Ctx) -> None:
    sender = ctx.rng.choice(SPECIALISTS)
    ctx.sender, ctx.sender_name, ctx.sender_alternatives = (
        sender,
        sender.name,
        list(sender.alternatives),
    )
    ctx.add(
        f"Krankenkasse bzw. Kostenträger: {ctx.rng.choice(text.INSURERS)}",
        "sans",
        8,
    )
    ctx.add("Name, Vorname des Versicherten", "sans", 7, gap=2)
    written = f"{ctx.surname}, {ctx.given}"
    ctx.add(ctx.mention(written), "mono", 10)
    ctx.add(
        f"{ctx.patient.street or 'Unbekannt 1'}, {ctx.patient.postcode} {ctx.patient.city}".strip(
            ", "
        ),
        "mono",
        9,
    )
    ctx.add(f"geb. am {ctx.birth('de_short')}", "mono", 10)
    ctx.add("Betriebsstätten-Nr.  Arzt-Nr.     Datum", "sans", 7, gap=2)
    ctx.add(
        f"{ctx.rng.randint(100000000, 999999999)}            "
        f"{ctx.rng.randint(100000000, 999999999)}    {ctx.dated('de_short')}",
        "mono",
        10,
    )
    ctx.heading("Überweisungsschein", ("Überweisung", "Muster 6"), 13, gap=6)
    ctx.add("☒ Kurativ   ☐ Präventiv   ☐ bei belegärztlicher Behandlung", "sans", 9)
    ctx.add(f"Überweisung an: {ctx.practice.name}", "sans", 9, gap=2)
    ctx.add(
        "Auftrag: ☐ Ausführung von Auftragsleistungen  ☒ Mitbehandlung  ☐ Weiterbehandlung",
        "sans",
        9,
    )
    ctx.add(f"Diagnose/Verdachtsdiagnose: {ctx.rng.choice(text.DIAGNOSES_DE)}", "sans", 9, gap=2)
    ctx.para("Befund/Medikation: " + ctx.rng.choice(text.FINDINGS_DE), 9, gap=0)
    ctx.add("Vertragsarztstempel / Unterschrift des Arztes", "sans", 7, gap=6)
    for line in (sender.name, *sender.lines):
        ctx.add(line, "sansb" if line == sender.name else "sans", 8.5)
    ctx.notes.append("referral form: the sender is only in the doctor's stamp at the bottom")


def pension_insurer(ctx: Ctx) -> None:
    sender = REHAB[0]
    ctx.letterhead(sender, 0)
    ctx.address("Deutsche Rentenversicherung Baden-Württemberg · 76122 Karlsruhe")
    code = dt.date.fromisoformat(ctx.patient.birth_date).strftime("%d%m%y")
    ctx.add(
        f"Ihr Zeichen: –    Unser Zeichen: 52 {code} {ctx.surname[0]} 503    Datum: "
        f"{ctx.dated('de_num')}",
        "sans",
        8.5,
        gap=6,
    )
    former = ctx.surname == ctx.patient.birth_name
    ctx.heading(
        "Anforderung eines ärztlichen Befundberichts",
        ("Befundbericht-Anforderung", "Anforderung Befundbericht"),
        11,
    )
    written = f"{ctx.name()}{maiden_name(ctx)}, geb. {ctx.birth('de_num')}"
    ctx.add(f"Versicherte Person: {written}", "sans", 10, gap=3)
    ctx.mention(ctx.name())
    if former:
        ctx.notes.append("the pension insurer's file still has the birth name")
    ctx.para("Sehr geehrte Damen und Herren,", gap=5)
    ctx.para(" ".join(text.DRV_TEXT), gap=2)
    ctx.para(
        f"Bitte senden Sie den Bericht bis zum {ctx.other(28, 'reply deadline', 'de_num')} "
        "zurück. Die Vergütung "
        "erfolgt nach Eingang des vollständigen Berichts.",
        gap=2,
    )
    ctx.add("Mit freundlichen Grüßen", gap=5)
    ctx.add(sender.signers[0], gap=4)
    ctx.add(
        "Dieses Schreiben wurde maschinell erstellt und ist ohne Unterschrift gültig.",
        "sans",
        7.5,
        gap=2,
    )


def accident_insurer(ctx: Ctx) -> None:
    sender = REHAB[1]
    ctx.letterhead(sender, 2)
    ctx.address(f"BGHM · {sender.lines[-1]}")
    ctx.add(
        f"Unfallversicherte/r: {ctx.mention(ctx.name())}, geboren am {ctx.birth('de_long')}",
        "sans",
        10,
        gap=6,
    )
    ctx.add(
        f"Unfalltag: {ctx.other(-ctx.rng.randint(20, 90), 'accident', 'de_num')}    "
        f"Aktenzeichen: {ctx.rng.randint(10, 99)} 0{ctx.rng.randint(1000000, 9999999)} 4",
        "sans",
        9.5,
    )
    ctx.heading(
        "Heilverfahren nach Arbeitsunfall – Bitte um Zwischenbericht",
        ("Zwischenbericht", "Anfrage Zwischenbericht"),
        11,
    )
    ctx.para("Sehr geehrte Frau Doktor, sehr geehrter Herr Doktor,", gap=5)
    ctx.para(" ".join(text.BG_TEXT), gap=2)
    ctx.add(f"Stuttgart, den {ctx.dated('de_num')}", gap=6)
    ctx.add(sender.signers[0], gap=5)
    ctx.notes.append("date only at the end (Ort, den ...)")


def care_assessment(ctx: Ctx) -> None:
    sender = REHAB[2]
    ctx.letterhead(sender, 1)
    ctx.address()
    ctx.add(f"Lahr, {ctx.dated('de_long')}", right=True, gap=5)
    ctx.heading(
        "Mitteilung über das Ergebnis der Pflegebegutachtung",
        ("Pflegebegutachtung", "Gutachten zur Feststellung der Pflegebedürftigkeit"),
        11,
    )
    maiden = (
        f", geb. {ctx.patient.birth_name}"
        if ctx.patient.birth_name not in ("", ctx.surname)
        else ""
    )
    ctx.add(f"Antragsteller/in: {ctx.mention(ctx.name())}{maiden}", "sans", 10, gap=3)
    ctx.add(
        f"Geburtsdatum: {ctx.birth('de_num')}   Begutachtung am: "
        f"{ctx.other(-ctx.rng.randint(7, 21), 'assessment visit', 'de_num')}",
        "sans",
        10,
    )
    ctx.para("Sehr geehrte Damen und Herren,", gap=5)
    ctx.para(
        " ".join(text.MD_TEXT) + f" Es wurde Pflegegrad {ctx.rng.randint(2, 4)} empfohlen.", gap=2
    )
    ctx.signature(sender, count=1)


def care_home(ctx: Ctx) -> None:
    sender = CARE[0]
    ctx.letterhead(sender, 0)
    ctx.address()
    ctx.add(f"Kirchzarten, {ctx.dated('de_bare')}", right=True, gap=4)
    ctx.heading("Mitteilung an den Hausarzt", ("Pflegebericht", "Pflegeüberleitung"), 11)
    ctx.add(
        f"Bewohner/in: {ctx.mention(ctx.name())}{maiden_name(ctx)}, "
        f"geb. {ctx.birth('de_bare')}, Zimmer {ctx.rng.randint(101, 245)}",
        "sans",
        10,
        gap=2,
    )
    ctx.para(" ".join(ctx.rng.sample(text.CARE_TEXT, 3)), gap=4)
    ctx.para("Wir bitten um Rückruf oder einen Hausbesuch in den nächsten Tagen.", gap=2)
    ctx.add(sender.signers[0], gap=8)


def pharmacy(ctx: Ctx) -> None:
    sender = CARE[1]
    ctx.letterhead(sender, 1)
    ctx.address()
    ctx.add(f"{ctx.dated('de_num')}", right=True, gap=4)
    ctx.heading("Rückfrage zur Verordnung", ("Rückfrage Rezept",), 11)
    ctx.add(f"Patient/in: {ctx.mention(ctx.name())}", gap=2)
    ctx.para(ctx.rng.choice(text.PHARMACY_TEXT), gap=4)
    ctx.para(
        "Bitte faxen Sie uns ein korrigiertes Rezept oder rufen Sie uns kurz an. Vielen Dank!",
        gap=2,
    )
    ctx.add(sender.signers[0], gap=6)
    ctx.notes.append("no birth date: the pharmacy names the patient only")


def physio(ctx: Ctx) -> None:
    sender = CARE[2]
    ctx.letterhead(sender, 2)
    ctx.address()
    ctx.heading(
        "Therapiebericht", ("Physiotherapeutischer Bericht", "Bericht Physiotherapie"), 12, gap=8
    )
    written = ctx.mention(f"Name: {ctx.surname}   Vorname: {ctx.given}")
    ctx.add(f"{written}   geb.: {ctx.birth('de_num')}", "sans", 9.5, gap=2)
    ctx.add(
        f"Verordnung vom {ctx.other(-ctx.rng.randint(30, 50), 'prescription', 'de_num')}: KG "
        "6 x, Heilmittelbereich EX",
        "sans",
        9.5,
    )
    ctx.para(" ".join(text.PHYSIO_TEXT), gap=4)
    ctx.add(f"Staufen, den {ctx.dated('de_num')}", gap=6)
    ctx.add(sender.signers[0], gap=5)


def emergency_note(ctx: Ctx) -> None:
    """A printed out-of-hours pad filled in by hand: typed labels, handwritten entries."""
    ctx.handwritten = True
    sender = EMERGENCY
    ctx.sender, ctx.sender_name = sender, sender.name
    ctx.sender_alternatives = list(sender.alternatives)
    ctx.add(sender.name, "sansb", 13)
    for line in sender.lines:
        ctx.add(line, "sans", 8)
    ctx.heading("Befundbericht für den weiterbehandelnden Arzt", ("Notfallbericht",), 11, gap=6)
    ctx.add(f"An: {ctx.practice.name}", "sans", 9, gap=3)
    ctx.add("Name, Vorname:", "sans", 8, gap=5)
    ctx.add(ctx.mention(f"{ctx.surname}, {ctx.given}"), "hand", 15, x=30)
    ctx.add("geb. am:", "sans", 8, gap=2)
    ctx.add(ctx.birth("de_short"), "hand", 15, x=30)
    ctx.add("Datum / Uhrzeit:", "sans", 8, gap=2)
    ctx.add(
        f"{ctx.dated('de_bare')}  {ctx.rng.randint(19, 23)}:{ctx.rng.randrange(60):02d}",
        "hand",
        15,
        x=30,
    )
    ctx.add("Befund / Diagnose:", "sans", 8, gap=2)
    finding, more, advice = ctx.rng.choice(text.HAND_CASES)
    ctx.add(finding, "hand", 15, x=30, gap=2)
    ctx.add(more, "hand", 15, x=30, gap=2)
    ctx.add("Therapie / Empfehlung:", "sans", 8, gap=2)
    ctx.add(advice, "hand", 15, x=30)
    ctx.add("Stempel / Unterschrift", "sans", 8, gap=10)
    ctx.add(sender.signers[0], "hand", 14, x=30)
    ctx.other_people.append({"name": sender.signers[0], "role": "signer"})
    ctx.notes.append("printed form filled in by hand: the entries are handwriting")


def handwritten(ctx: Ctx) -> None:
    """A handwritten note from a care home nurse or a relative: no letterhead, sometimes no date."""
    ctx.handwritten = True
    sender = ctx.rng.choice((CARE[0], None))
    if sender:
        ctx.sender, ctx.sender_name, ctx.sender_alternatives = (
            sender,
            sender.name,
            list(sender.alternatives),
        )
        ctx.add(sender.name, "sansb", 11)
        ctx.add(sender.lines[-1], "sans", 8)
    dated = sender is not None and ctx.rng.random() < 0.7  # relatives rarely date a note
    if dated:
        ctx.add(ctx.dated("de_bare"), "hand", 15, right=True, gap=8)
    doctor = ctx.practice.doctor.split()[-1]
    greeting = (
        f"Liebe Frau Dr. {doctor},"
        if "Saskia" in ctx.practice.doctor
        else f"Lieber Herr Dr. {doctor},"
    )
    ctx.add(greeting, "hand", 16, gap=14)
    name = ctx.mention(f"{ctx.given} {ctx.surname}")
    birth = ctx.birth("de_short") if ctx.rng.random() < 0.6 else None
    lines = [f"wegen {name} (geb. {birth})" if birth else f"wegen {name}:"]
    lines += ctx.rng.sample(text.HAND_LINES, 3)
    for line in lines:
        ctx.add(line, "hand", 16, gap=5)
    ctx.add("Danke + Gruß", "hand", 16, gap=8)
    ctx.add(
        ctx.rng.choice(
            ("M. Zängerle", "Schw. Agnes") if sender else ("Ihre Tochter Petra", "Ihr Sohn Markus")
        ),
        "hand",
        16,
        gap=4,
    )
    if not sender:
        ctx.notes.append("handwritten by a relative: no sender organisation")
    if not dated:
        ctx.notes.append("undated")
    ctx.notes.append("handwritten; no title")


def ambiguous_day(ctx: Ctx) -> None:
    """Most English letters get a day of 12 or less: 05/03 reads differently in GB and US."""
    if ctx.date.day > 12 and ctx.rng.random() < 0.75:
        ctx.date = ctx.date.replace(day=ctx.rng.randint(1, 12))
        ctx.notes.append("day and month both 12 or less: the region decides how numeric dates read")


def british(ctx: Ctx) -> None:
    region = ctx.rng.choice(("GB", "IE"))
    sender = ABROAD[region]
    ctx.language, ctx.region = "en", region
    ambiguous_day(ctx)
    ctx.letterhead(sender, 1)
    ctx.address(english=True)
    style = ctx.rng.choice(("gb_long", "gb_ord", "gb_num"))
    ctx.add(f"Date: {ctx.dated(style)}", gap=4)
    clinic = ctx.other(-ctx.rng.randint(3, 9), "clinic date", "gb_num")
    typed = ctx.other(-1, "typed", "gb_num")
    ctx.add(f"Clinic date: {clinic}    Dictated: {clinic}    Typed: {typed}", "sans", 8.5)
    name = ctx.mention(f"{ctx.salutation('en')} {ctx.given} {ctx.surname.upper()}")
    ctx.add(f"Re: {name}, DOB {ctx.birth('gb_num')}", "sansb", 10, gap=5)
    ctx.add(
        f"Address: {ctx.patient.street}, {ctx.patient.postcode} {ctx.patient.city}, Germany"
        if ctx.patient.city
        else "Address: not given (visitor)",
        "sans",
        9,
    )
    ctx.title = None
    ctx.notes.append(
        "British/Irish dd/mm dates; clinic, dictated and typed dates are not the letter "
        "date; no subject line"
    )
    ctx.para(f"Dear Dr {ctx.practice.doctor.split()[-1]},", gap=5)
    ctx.para(" ".join(ctx.rng.sample(text.ENGLISH_BODY, 4)), gap=3)
    if ctx.rng.random() < 0.4:
        ctx.lines.append(BREAK)
        ctx.running = lambda n, t: (
            f"Re: {ctx.given} {ctx.surname.upper()} DOB {ctx.birth('gb_num')} – page {n} of {t}"
        )
        ctx.para(" ".join(ctx.rng.sample(text.ENGLISH_BODY, 3)), gap=3)
    ctx.para("Yours sincerely,", gap=5)
    ctx.add(sender.signers[0], gap=10)
    ctx.other_people.append({"name": sender.signers[0], "role": "signer"})
    ctx.add(f"cc: {ctx.salutation('en')} {ctx.given} {ctx.surname}", "sans", 8.5, gap=3)


def american(ctx: Ctx) -> None:
    sender = ABROAD["US"]
    ctx.language, ctx.region = "en", "US"
    ambiguous_day(ctx)
    ctx.letterhead(sender, 0)
    ctx.add(ctx.dated(ctx.rng.choice(("us_long", "us_plain", "us_num"))), gap=8)
    ctx.address(english=True)
    ctx.add(
        f"Patient: {ctx.mention(f'{ctx.surname.upper()}, {ctx.given.upper()}')}    DOB: "
        f"{ctx.birth('us_num')}",
        "sansb",
        10,
        gap=5,
    )
    ctx.add(
        f"MRN: {ctx.rng.randint(10000000, 99999999)}    Date of service: "
        f"{ctx.other(-ctx.rng.randint(1, 6), 'visit', 'us_num')}",
        "sans",
        9,
    )
    ctx.heading(
        "Consultation Note – Cardiology",
        ("Consultation Note", "Cardiology consultation"),
        11,
        gap=4,
    )
    ctx.para(f"Dear Dr. {ctx.practice.doctor.split()[-1]},", gap=5)
    ctx.para(" ".join(ctx.rng.sample(text.ENGLISH_BODY, 3)), gap=3)
    ctx.para("Sincerely,", gap=5)
    ctx.add(sender.signers[0], gap=10)
    ctx.notes.append("US month/day dates")


def swiss(ctx: Ctx) -> None:
    sender = ABROAD["CH"]
    ctx.region = "CH"
    ctx.letterhead(sender, 0)
    ctx.address(f"{sender.name} · {sender.lines[-1]}")
    ctx.add(f"Basel, {ctx.dated(ctx.rng.choice(('de_long', 'de_bare')))}", right=True, gap=5)
    ctx.heading("Austrittsbericht", ("Arztbericht", "Entlassungsbericht"), 12)
    ctx.translit = SWISS
    name = ctx.mention(ctx.name())
    ctx.add(
        f"{ctx.salutation()} {name}, {ctx.birth('de_bare')}, "
        f"{ctx.patient.street or 'Aeschenvorstadt 3'}",
        "sans",
        10,
        gap=2,
    )
    ctx.add(
        f"Hospitalisation vom {ctx.other(-9, 'admission', 'de_bare')} bis "
        f"{ctx.other(-2, 'discharge', 'de_bare')}",
        "sans",
        9.5,
    )
    ctx.para("Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege", gap=5)
    ctx.para(" ".join(ctx.rng.sample(text.COURSE_DE, 3)) + " Wir danken für die Zuweisung.", gap=2)
    ctx.add("Diagnosen", "sansb", gap=3)
    for line in ctx.rng.sample(text.DIAGNOSES_DE, 3):
        ctx.add(f"1. {line}", x=28)
    ctx.signature(sender, "Freundliche Grüsse")
    ctx.notes.append("Swiss German: ss for ß, dates without leading zeros")


def austrian(ctx: Ctx) -> None:
    sender = ABROAD["AT"]
    ctx.region = "AT"
    ctx.letterhead(sender, 2)
    ctx.address()
    ctx.add(f"Bludenz, am {ctx.dated('at_long')}", right=True, gap=4)
    ctx.heading("Arztbrief", ("Entlassungsbrief",), 12)
    svnr_birth = dt.date.fromisoformat(ctx.patient.birth_date).strftime("%d%m%y")
    ctx.add(
        f"Pat.: {ctx.mention(ctx.name(caps=True))}, geb. {ctx.birth('de_num')}, SVNR "
        f"{ctx.rng.randint(1000, 9999)} {svnr_birth}",
        "sans",
        10,
        gap=2,
    )
    ctx.add(
        f"Aufenthalt: {ctx.other(-6, 'admission', 'de_num')} – "
        f"{ctx.other(-1, 'discharge', 'de_num')} (Urlaubsunfall)",
        "sans",
        9.5,
    )
    ctx.para(" ".join(ctx.rng.sample(text.COURSE_DE, 3)), gap=4)
    ctx.signature(sender, "Mit kollegialen Grüßen")
    ctx.notes.append("Austrian: 'Jänner', SVNR contains the birth date")


def french(ctx: Ctx) -> None:
    sender = ABROAD["FR"]
    ctx.language, ctx.region = "fr", "FR"
    ctx.letterhead(sender, 1)
    ctx.address()
    ctx.add(f"Mulhouse, le {ctx.dated('fr_long')}", right=True, gap=5)
    ctx.heading("Compte rendu de consultation", ("Compte rendu", "Courrier de consultation"), 12)
    born = "née" if ctx.female else "né"
    ctx.add(
        f"Concerne : {ctx.salutation('fr')} {ctx.mention(ctx.name(caps=True, title=False))}, "
        f"{born} le {ctx.birth('fr_num')}",
        "sans",
        10,
        gap=2,
    )
    ctx.para("Cher Confrère,", gap=5)
    ctx.para(" ".join(text.FRENCH_BODY), gap=2)
    ctx.para(
        "Je vous prie d'agréer, cher Confrère, l'expression de mes sentiments les meilleurs.", gap=4
    )
    ctx.add(sender.signers[0], gap=8)


def dutch(ctx: Ctx) -> None:
    sender = ABROAD["NL"]
    ctx.language, ctx.region = "nl", "NL"
    ctx.letterhead(sender, 0)
    ctx.address()
    ctx.add(f"Arnhem, {ctx.dated(ctx.rng.choice(('nl_long', 'nl_num')))}", gap=5)
    ctx.heading("Ontslagbrief", ("Ontslagbericht",), 12)
    ctx.add(
        f"Betreft: {ctx.salutation('nl')} {ctx.mention(ctx.name())}, geboortedatum "
        f"{ctx.birth('nl_num')}",
        "sans",
        10,
        gap=2,
    )
    ctx.para("Geachte collega,", gap=5)
    ctx.para(" ".join(text.DUTCH_BODY), gap=2)
    ctx.para("Met vriendelijke groet,", gap=4)
    ctx.add(sender.signers[0], gap=8)


def ticino(ctx: Ctx) -> None:
    sender = ABROAD["IT"]
    ctx.language, ctx.region = "it", "CH"
    ctx.letterhead(sender, 2)
    ctx.address()
    ctx.add(f"Lugano, {ctx.dated('it_long')}", right=True, gap=5)
    ctx.heading("Lettera di dimissione", ("Rapporto di dimissione",), 12)
    born = "nata" if ctx.female else "nato"
    ctx.add(
        f"Paziente: {ctx.mention(ctx.name())}, {born} il {ctx.birth('de_num')}", "sans", 10, gap=2
    )
    ctx.para("Egregio Collega,", gap=5)
    ctx.para(" ".join(text.ITALIAN_BODY), gap=2)
    ctx.para("Cordiali saluti", gap=4)
    ctx.add(sender.signers[0], gap=8)


LAYOUTS: dict[str, Callable[[Ctx], None]] = {
    function.__name__: function
    for function in (
        discharge,
        specialist,
        radiology,
        lab,
        pathology,
        form_muster52,
        referral_form,
        pension_insurer,
        accident_insurer,
        care_assessment,
        care_home,
        pharmacy,
        physio,
        handwritten,
        emergency_note,
        british,
        american,
        swiss,
        austrian,
        french,
        dutch,
        ticino,
    )
}
# The kinds that print a married woman's birth name ("geb. Kury") next to her current name.
MAIDEN = ("discharge", "specialist", "radiology", "care_home", "pension_insurer", "care_assessment")
# The kinds a practice gets most often come up more than once in a cycle.
ORDER = [*list(LAYOUTS), "discharge", "discharge", "lab", "specialist", "radiology", "british"]
