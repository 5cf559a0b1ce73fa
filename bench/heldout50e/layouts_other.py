"""Other things a practice receives: insurers, pharmacies, care services, notes, e-mails."""

from __future__ import annotations

from .base import Context, Draft, window
from .layouts_clinic import doctor
from .render import Item
from .sheet import Sheet, spell

CLERKS = ("Frau Neuhaus", "Herr Brinkmeier", "Frau Ohlendorf", "Herr Tewes", "Frau Kaminski")


def insurer_incapacity_request(ctx: Context) -> Draft:
    """A health insurer asks for a report on a long incapacity for work (Krankengeld)."""
    s, p = ctx.subject, ctx.practice
    sender = "BKK Rheinwerk"
    clerk = ctx.pick(CLERKS)
    letter, since, deadline = ctx.day, ctx.before(40, 90), ctx.after(14, 21)
    number = f"{'ABCDEFGHKLMNRSTW'[ctx.rng.randrange(16)]}{ctx.rng.randrange(10**8, 10**9)}"
    sheet = Sheet()
    sheet.put(150, 15, "BKK", 22, "bold")
    sheet.put(150, 21, "Rheinwerk", 12)
    window(sheet, p, "BKK Rheinwerk · Postfach 10 44 20 · 50484 Köln")
    rows = [
        ("Ihr Zeichen", ""),
        ("Unser Zeichen", "KG-41/" + clerk.split()[-1][:3].upper()),
        ("Ansprechpartner", clerk),
        ("Telefon", "0221 27 06-4411"),
        ("Datum", spell(letter, "de")),
    ]
    for row, (label, value) in enumerate(rows):
        sheet.put(130, 48 + row * 4.5, label, 7.5)
        if value:
            sheet.page.items.append(Item(157, 48 + row * 4.5, value, 8.5, cont=True))
    stamp = ctx.after(2, 4)
    # The practice's received stamp: on the posted paper only, so in the scan alone.
    sheet.page.items.append(
        Item(25, 33, f"EINGANG {spell(stamp, 'de')}", 11, "mono", (0.1, 0.2, 0.6), only="scan200")
    )
    sheet.y = 90
    as_written = f"{s.surname}, {s.given}"
    sheet.line(f"Versicherte/r: {as_written}, geb. {spell(s.born, 'de')}", 10, "bold")
    sheet.line(f"Versichertennummer: {number}", 10, "bold")
    title = "Anfrage zur Arbeitsunfähigkeit (Krankengeldfall)"
    sheet.line(title, 10, "bold")
    sheet.gap(5)
    sheet.line("Sehr geehrte Damen und Herren,")
    sheet.para(
        f"die oben genannte versicherte Person ist seit dem {spell(since, 'de')} "
        "arbeitsunfähig erkrankt. Um den Anspruch auf Krankengeld prüfen zu können, "
        "bitten wir Sie um Angaben zu Diagnosen, bisheriger Behandlung und voraussichtlicher "
        "Dauer der Arbeitsunfähigkeit (Vordruck Muster 52). Die Vergütung erfolgt nach der "
        "Gebührenordnungsposition 01622."
    )
    sheet.para(
        f"Bitte senden Sie den Bericht bis zum {spell(deadline, 'de')} zurück. Vielen "
        "Dank für Ihre Unterstützung."
    )
    sheet.line("Freundliche Grüße")
    sheet.line("Ihre BKK Rheinwerk")
    sheet.gap(6)
    sheet.line(clerk.replace("Frau ", "").replace("Herr ", ""), 9)
    return Draft(
        "de_bkk_krankengeld_anfrage",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["BKK Rheinwerk Köln"],
        title,
        ["Anfrage zur Arbeitsunfähigkeit", "Krankengeldfall"],
        other_dates=[
            (since, "incapacity since"),
            (deadline, "reply by"),
            (stamp, "received stamp (scan200 only)"),
        ],
        other_people=[(clerk, "clerk")],
        notes=[f"insurance number {number} is not the register id"],
        fax_name="BKK RHEINWERK KG",
        fax_number="0221 2706 4499",
        kind="other",
    )


def md_care_assessment(ctx: Context) -> Draft:
    """Medizinischer Dienst asks for findings before a home care-level assessment."""
    s, p = ctx.subject, ctx.practice
    sender = "Medizinischer Dienst Nordrhein"
    letter, visit = ctx.day, ctx.after(10, 25)
    assessor = doctor(ctx, True)
    sheet = Sheet()
    sheet.put(25, 15, "Medizinischer Dienst", 14, "bold")
    sheet.put(25, 21, "Nordrhein", 14)
    sheet.put(185, 15, "Bearbeiter: Pflegefachkraft Tobias Renne", 8, align="right")
    sheet.put(185, 19, f"Datum: {spell(letter, 'de_plain')}", 8, align="right")
    sheet.put(185, 23, "Geschäftszeichen: PG-2-73311", 8, align="right")
    window(sheet, p, "Medizinischer Dienst Nordrhein · Bismarckstraße 43 · 40210 Düsseldorf")
    sheet.y = 86
    title = "Begutachtung zur Feststellung der Pflegebedürftigkeit"
    sheet.line(title, 11, "bold")
    as_written = f"{s.herrn()} {s.given} {s.surname}"
    sheet.line(f"hier: {as_written}, geboren am {spell(s.born, 'de_long')}")
    sheet.gap(5)
    sheet.para(
        f"Sehr geehrte Damen und Herren, im Auftrag der Pflegekasse werden wir die oben "
        f"genannte Person am {spell(visit, 'de')} in ihrer Wohnung begutachten. Für eine "
        "sachgerechte Einschätzung bitten wir um aktuelle Befundberichte, Diagnosen und "
        "den Medikationsplan. Die Übersendung ist nach § 276 SGB V zulässig."
    )
    sheet.para("Bitte nutzen Sie für Rückfragen die oben genannte Durchwahl 0211 1382-550.")
    sheet.line("Mit freundlichen Grüßen")
    sheet.gap(8)
    sheet.line("i. A. Tobias Renne")
    sheet.line(f"Gutachterin: Dr. med. {assessor}", 8.5)
    return Draft(
        "de_md_nordrhein_pflegegrad",
        "de",
        "DE",
        sheet.pages,
        as_written.split(" ", 1)[1],
        letter,
        True,
        sender,
        ["Medizinischer Dienst", "MD Nordrhein"],
        title,
        ["Begutachtung Pflegebedürftigkeit"],
        other_dates=[(visit, "home visit planned")],
        other_people=[("Tobias Renne", "clerk"), (f"Dr. med. {assessor}", "assessor")],
        fax_name="MD NORDRHEIN PFLEGE",
        fax_number="0211 1382 599",
        kind="other",
    )


def pharmacy_shortage_fax(ctx: Context) -> Draft:
    """A pharmacy's fax form: tick boxes, a request for a new prescription."""
    s = ctx.subject
    sender = "Linden-Apotheke Ehrenfeld"
    pharmacist = ctx.pick(("Apothekerin Nora Kessing", "Apotheker Malte Hörsken"))
    letter, prescribed = ctx.day, ctx.before(1, 5)
    sheet = Sheet(left=20, right=190)
    sheet.put(20, 16, sender, 15, "condbold")
    sheet.put(
        20, 21, "Venloer Straße 301 · 50823 Köln · Tel 0221 51 22 43 · Fax 0221 51 22 44", 8, "cond"
    )
    sheet.y = 30
    sheet.line("FAX-RÜCKFRAGE AN DIE PRAXIS", 13, "condbold")
    sheet.line(f"Datum: {spell(letter, 'de_short')}   Uhrzeit: 10:25", 10, "cond")
    sheet.gap(4)
    as_written = f"{s.given} {s.surname}"
    sheet.fields(
        [
            ("Patient/in:", as_written),
            ("Geb.-Datum:", spell(s.born, "de")),
            ("Rezept vom:", spell(prescribed, "de")),
            ("Verordnet:", "Candesartan 16 mg, 98 Tabletten, N3"),
        ],
        32,
        10,
        "cond",
    )
    sheet.gap(4)
    for text in [
        "[X] Lieferengpass – Präparat nicht lieferbar",
        "[ ] Dosierung unklar",
        "[ ] Rezept unvollständig (Unterschrift fehlt)",
        "[X] Bitte neues Rezept über: Candesartan 16 mg (anderer Hersteller, aut idem)",
    ]:
        sheet.line(text, 10, "cond")
    sheet.gap(4)
    sheet.para(
        "Die Patientin bzw. der Patient ist informiert und holt das Rezept in der Praxis "
        "ab. Vielen Dank!",
        10,
        "cond",
    )
    sheet.gap(4)
    sheet.line(pharmacist, 10, "cond")
    return Draft(
        "de_pharmacy_tickbox_shortage_fax",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Linden-Apotheke", "Linden-Apotheke Köln"],
        "Fax-Rückfrage an die Praxis",
        ["Lieferengpass"],
        other_dates=[(prescribed, "prescription")],
        other_people=[(pharmacist.split(" ", 1)[1], "pharmacist")],
        fax_name="LINDEN APOTHEKE",
        fax_number="0221 512244",
        kind="other",
    )


def rehab_approval_copy(ctx: Context) -> Draft:
    """A pension fund's rehab approval to the patient; the practice gets a copy."""
    s, p = ctx.subject, ctx.practice
    sender = "Deutsche Rentenversicherung Rheinland"
    letter, start = ctx.day, ctx.after(30, 60)
    number = (
        f"{ctx.rng.randrange(10, 99)} {s.born:%d%m%y} {s.surname[0].upper()} "
        f"{ctx.rng.randrange(100, 999)}"
    )
    sheet = Sheet()
    sheet.put(185, 15, "Deutsche Rentenversicherung", 12, "bold", "right")
    sheet.put(185, 20, "Rheinland", 12, "sans", "right")
    sheet.put(25, 42, "Deutsche Rentenversicherung Rheinland · 40194 Düsseldorf", 6.5)
    as_written = f"{s.herrn()} {s.given} {s.surname}"
    street = s.record.street if s.record else "Brückenstraße 4"
    city = f"{s.record.postcode} {s.record.city}" if s.record else "50667 Köln"
    for row, text in enumerate([as_written, street, city]):
        sheet.put(25, 48 + row * 4.6, text, 10)
    sheet.put(130, 48, f"Versicherungsnummer {number}", 8)
    sheet.put(130, 52.5, f"Datum {spell(letter, 'de')}", 8)
    sheet.y = 82
    title = "Bescheid über Leistungen zur medizinischen Rehabilitation"
    sheet.line(title, 11, "bold")
    sheet.gap(3)
    sheet.line(f"Sehr geehrte{'r Herr' if s.sex == 'M' else ' Frau'} {s.surname},")
    sheet.para(
        "wir bewilligen Ihnen eine stationäre Leistung zur medizinischen Rehabilitation "
        "für voraussichtlich drei Wochen in der Klinik Hochsauerland, Fachbereich "
        f"Orthopädie. Die Aufnahme ist für den {spell(start, 'de')} vorgesehen; die Klinik "
        "schreibt Ihnen gesondert. Die Zuzahlung beträgt 10 Euro je Tag."
    )
    sheet.para(
        "Rechtsbehelfsbelehrung: Gegen diesen Bescheid kann innerhalb eines Monats nach "
        "Bekanntgabe Widerspruch erhoben werden.",
        8.5,
    )
    sheet.gap(4)
    sheet.line(f"Durchschrift: {p.doctor.split(' ', 1)[1]}, {p.name}", 8.5)
    return Draft(
        "de_drv_rehab_notice_copy",
        "de",
        "DE",
        sheet.pages,
        as_written.split(" ", 1)[1],
        letter,
        False,
        sender,
        ["DRV Rheinland", "Deutsche Rentenversicherung"],
        title,
        ["Bewilligung medizinische Rehabilitation"],
        other_dates=[(start, "planned admission")],
        other_people=[(p.doctor.split(" ", 1)[1], "copy to")],
        notes=[
            "addressed to the patient; the practice holds a copy",
            "no birth date printed, only inside the insurance number",
        ],
        fax_name="DRV RHEINLAND",
        fax_number="0211 937 3096",
        kind="other",
    )


def care_service_report(ctx: Context) -> Draft:
    """Home care service's wound and care report: visit table, sender in a boxed head."""
    s, p = ctx.subject, ctx.practice
    sender = "Pflegedienst Lebensbaum GmbH"
    nurse = ctx.pick(("Schwester Dagmar Wittkamp", "Pfleger Yusuf Aydoğan"))
    visits = sorted({ctx.before(1, 12) for _ in range(3)})
    letter = ctx.day
    sheet = Sheet()
    sheet.page.rules += [(25, 10, 185, 10), (25, 27, 185, 27)]
    sheet.put(105, 17, sender, 13, "bold", "centre")
    sheet.put(
        105,
        23,
        "Ambulante Kranken- und Altenpflege · Neusser Str. 612 · 50737 Köln",
        8,
        "sans",
        "centre",
    )
    sheet.y = 34
    sheet.line(f"An: {p.name} – per Fax {p.fax}", 9)
    sheet.gap(3)
    title = "Pflegebericht / Wunddokumentation"
    sheet.line(title, 12, "bold")
    as_written = f"{s.surname}, {s.given}"
    sheet.line(f"Klient/in: {as_written}   geb. {spell(s.born, 'de')}")
    sheet.gap(3)
    sheet.line("Besuch       Befund", 9.5, "mono")
    for day, text in zip(
        visits,
        [
            "Ulcus cruris re. 3 x 2 cm, Beläge, kein Geruch",
            "Wundrand gerötet, Exsudat mäßig, Schmerz 4/10",
            "Rötung zunehmend, Temperatur 38,1 °C",
        ],
        strict=False,
    ):
        sheet.line(f"{spell(day, 'de_short')}     {text}", 9.5, "mono")
    sheet.gap(4)
    sheet.para(
        "Wir bitten um einen Hausbesuch bzw. Rückruf, ob eine antibiotische Behandlung "
        "erforderlich ist, und um eine Verordnung häuslicher Krankenpflege (Muster 12) "
        "für die Wundversorgung ab dem nächsten Quartal."
    )
    sheet.line(f"Köln, {spell(letter, 'de')}")
    sheet.gap(8)
    sheet.line(f"{nurse}, Pflegefachkraft")
    return Draft(
        "de_home_care_wound_table",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Pflegedienst Lebensbaum"],
        title,
        ["Pflegebericht", "Wunddokumentation"],
        other_dates=[(day, "care visit") for day in visits],
        other_people=[(nurse.split(" ", 1)[1], "nurse")],
        fax_name="PD LEBENSBAUM",
        fax_number="0221 740 55 19",
        kind="other",
    )


def printed_email_relative(ctx: Context) -> Draft:
    """A relative's e-mail, printed by the practice: header lines, quoted earlier reply."""
    s, p = ctx.subject, ctx.practice
    relative_given = ctx.pick(("Sandra", "Markus", "Julia", "Tobias"))
    relative = f"{relative_given} {ctx.pick(('Engelbrecht', 'Hüsken', 'Wollny'))}"
    sent, printed, earlier = ctx.day, ctx.after(0, 1), ctx.before(5, 9)
    weekday = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
        sent.weekday()
    ]
    address = relative.lower().replace(" ", ".").replace("ü", "ue") + "@web.de"
    sheet = Sheet(left=20, right=190)
    sheet.put(20, 14, relative, 12, "bold")
    sheet.page.rules.append((20, 17, 190, 17))
    sheet.y = 20
    title = f"Befunde {'meiner Mutter' if s.sex == 'F' else 'meines Vaters'}"
    sheet.fields(
        [
            ("Von:", f"{relative} <{address}>"),
            ("Gesendet:", f"{weekday}, {spell(sent, 'de_long')} 21:37"),
            ("An:", f"info@{p.name.lower().split()[-1]}-praxis.de"),
            ("Betreff:", title),
        ],
        24,
        9.5,
    )
    sheet.gap(5)
    as_written = f"{s.given} {s.surname}"
    sheet.para(
        f"Guten Abend {p.doctor.replace('Herrn', 'Herr')}, ich schreibe wegen {as_written} "
        f"(geb. {spell(s.born, 'de')}). Können Sie mir bitte die Befunde aus dem "
        "Krankenhaus zuschicken? Eine Vollmacht liegt Ihnen vor. Außerdem braucht "
        f"{'sie' if s.sex == 'F' else 'er'} ein neues Rezept für "
        f"{'ihre' if s.sex == 'F' else 'seine'} Augentropfen.",
        10,
    )
    sheet.para(f"Viele Grüße, {relative}")
    sheet.line(f"Am {spell(earlier, 'de')} schrieb Praxisteam:", 9)
    sheet.para("> Bitte lassen Sie uns die Vollmacht Ihrer Mutter zukommen.", 9, indent=4)
    sheet.put(20, 285, f"Gedruckt: {spell(printed, 'de')} 08:02 – Seite 1 von 1", 7.5)
    return Draft(
        "de_relative_email_printout",
        "de",
        "DE",
        sheet.pages,
        as_written,
        sent,
        True,
        relative,
        [address],
        title,
        [],
        other_dates=[(printed, "printed"), (earlier, "earlier reply")],
        other_people=[(relative, "relative, sender")],
        notes=[
            "the sender is a relative, named in the From line",
            "letter date is the sent date; the print date is in the footer",
        ],
        fax_name="PRAXIS",
        fax_number=p.fax,
        kind="other",
    )


def colleague_fax_note(ctx: Context) -> Draft:
    """A colleague's one-page fax note with a stamp and tick boxes, no subject."""
    s, p = ctx.subject, ctx.practice
    colleague = doctor(ctx)
    sender = f"Praxis Dr. med. {colleague}"
    control = ctx.after(6, 8)
    sheet = Sheet()
    sheet.put(25, 16, "Kurze Nachricht von Praxis zu Praxis", 11, "italic")
    sheet.y = 26
    sheet.line(f"An: {p.doctor.split(' ', 1)[1]}   Fax: {p.fax}", 10, "mono")
    sheet.gap(6)
    as_written = f"Pat. {s.surname} {s.given}"
    sheet.para(
        f"Liebe Kollegin, {as_written}, geb. {spell(s.born, 'de_short')}, war heute "
        "in meiner Vertretungssprechstunde: Blutdruck 182/104, keine Beschwerden. Ich habe "
        "Amlodipin 5 mg zusätzlich angesetzt. Bitte Kontrolle in Ihrer Praxis am "
        f"{spell(control, 'de_plain')}.",
        10,
        "mono",
    )
    for text in ["[ ] zur Kenntnis", "[X] mit Bitte um Übernahme", "[ ] Rückruf erbeten"]:
        sheet.line(text, 10, "mono")
    sheet.gap(8)
    sheet.page.rules += [(120, sheet.y, 185, sheet.y), (120, sheet.y + 18, 185, sheet.y + 18)]
    stamp = [sender, "Allgemeinmedizin", "Subbelrather Str. 88, 50823 Köln", "Tel 0221 52 01 90"]
    for row, text in enumerate(stamp):
        sheet.put(122, sheet.y + 5 + row * 3.8, text, 8)
    return Draft(
        "de_colleague_note_stamp_sender",
        "de",
        "DE",
        sheet.pages,
        as_written.split(" ", 1)[1],
        None,
        True,
        sender,
        [f"Dr. med. {colleague}"],
        None,
        [],
        other_dates=[(control, "next appointment")],
        other_people=[(p.doctor.split(" ", 1)[1], "addressee")],
        notes=[
            "sender only in the practice stamp at the bottom",
            "no subject",
            "undated: only the fax header carries a date",
        ],
        fax_name=f"PRAXIS {colleague.split()[-1].upper()}",
        fax_number="0221 520199",
        kind="other",
    )


def handwritten_dentist_note(ctx: Context) -> Draft:
    """A dentist's handwritten note on a pad with a printed head."""
    s = ctx.subject
    sender = "Zahnarztpraxis Sonnenhof"
    dentist = "Dr. Tamara Uhlig"
    letter = ctx.day
    sheet = Sheet(left=22)
    sheet.put(22, 16, f"{sender} · {dentist} · Am Sonnenhof 3 · 50354 Hürth", 8, "cond")
    blue = (0.05, 0.1, 0.55)
    op_day = ctx.after(10, 20)
    rows = [
        (150, 32, spell(letter, "de_plain")),
        (22, 44, "Liebe Kollegin,"),
        (22, 56, f"Ihr{'e Patientin' if s.sex == 'F' else ' Patient'} {s.given} {s.surname}"),
        (22, 68, f"(geb. {spell(s.born, 'de_plain')}) braucht vor der"),
        (22, 80, "Weisheitszahn-OP eine Pause von"),
        (22, 92, "Apixaban – ist das aus"),
        (22, 104, "Ihrer Sicht vertretbar? OP am"),
        (22, 116, f"{spell(op_day, 'de_plain')}."),
        (22, 132, "Danke + Gruß, T. Uhlig"),
    ]
    for x, y, text in rows:
        sheet.page.items.append(Item(x, y, text, 15, "hand", colour=blue))
    return Draft(
        "de_dentist_handwritten_pad",
        "de",
        "DE",
        sheet.pages,
        f"{s.given} {s.surname}",
        letter,
        True,
        sender,
        [dentist, "Zahnarztpraxis Dr. Uhlig"],
        None,
        [],
        other_dates=[(op_day, "planned operation")],
        other_people=[(dentist, "signatory, printed head")],
        notes=["handwritten; the printed pad head names the sender", "no subject"],
        fax_name="ZA SONNENHOF",
        fax_number="02233 40 11 2",
        hand=True,
        kind="other",
    )


def sports_certificate(ctx: Context) -> Draft:
    """An orthopaedist's certificate (Ärztliche Bescheinigung) handed to the patient."""
    s = ctx.subject
    sender = "Orthopädie Zentrum Lindenthal"
    author = doctor(ctx, False)
    letter, until = ctx.day, ctx.after(40, 90)
    sheet = Sheet(left=30, right=180)
    sheet.put(30, 18, "ORTHOPÄDIE", 16, "bold")
    sheet.put(30, 24, "ZENTRUM LINDENTHAL", 10)
    sheet.put(180, 18, f"Dr. med. {author}", 9, align="right")
    sheet.put(180, 22, "Dürener Str. 199 · 50931 Köln", 8, align="right")
    sheet.y = 60
    title = "Ärztliche Bescheinigung"
    sheet.line(title, 16, "bold", align="centre")
    sheet.gap(10)
    as_written = f"{s.salutation()} {s.given} {s.surname}"
    sheet.para(
        f"Hiermit wird bescheinigt, dass {as_written}, geboren am "
        f"{spell(s.born, 'de')}, wegen einer Ruptur des vorderen Kreuzbandes bis "
        f"einschließlich {spell(until, 'de')} nicht am Vereins-, Betriebs- und "
        "Schulsport teilnehmen kann.",
        11,
    )
    sheet.gap(4)
    sheet.para(
        "Diese Bescheinigung wird auf Wunsch zur Vorlage bei Schule und Hausarzt ausgestellt.", 11
    )
    sheet.gap(14)
    sheet.line(f"Köln, {spell(letter, 'de')}", 11)
    sheet.gap(10)
    sheet.line(f"Dr. med. {author}", 11)
    sheet.line("Facharzt für Orthopädie und Unfallchirurgie", 9)
    sheet.put(
        105,
        282,
        f"{sender} · Dürener Str. 199 · 50931 Köln · Tel. 0221 400 77 10",
        7.5,
        "sans",
        "centre",
    )
    return Draft(
        "de_orthopaedic_sport_certificate",
        "de",
        "DE",
        sheet.pages,
        as_written.split(" ", 1)[1],
        letter,
        True,
        sender,
        ["Orthopädie Zentrum Lindenthal, Köln", f"Dr. med. {author}"],
        title,
        [],
        other_dates=[(until, "valid until")],
        other_people=[(f"Dr. med. {author}", "signatory")],
        notes=["the head splits the name over two lines; the footer prints it whole"],
        fax_name="ORTHO LINDENTHAL",
        fax_number="0221 400 7719",
        kind="other",
    )


def uk_travel_insurer_request(ctx: Context) -> Draft:
    """A UK travel insurer asks the German GP for the medical history before paying a claim."""
    s, p = ctx.subject, ctx.practice
    sender = "Harbourline Travel Insurance Ltd"
    handler = ctx.pick(("Megan Pritchard", "Owen Blackwood"))
    letter, incident, travel = ctx.day, ctx.before(20, 40), ctx.before(120, 200)
    claim = f"HTI/{ctx.rng.randrange(100000, 999999)}/MED"
    sheet = Sheet()
    sheet.put(25, 15, "harbourline", 18, "bold")
    sheet.put(25, 20.5, "travel insurance", 9)
    sheet.put(185, 15, "Claims Department", 8.5, align="right")
    sheet.put(185, 19, "PO Box 771, Bristol BS1 6XY, United Kingdom", 8, align="right")
    sheet.y = 36
    for text in [p.doctor.split(" ", 1)[1], p.name, p.street, p.city, "Germany"]:
        sheet.line(text)
    sheet.gap(5)
    sheet.line(f"Our ref: {claim}", 9)
    sheet.line(spell(letter, "uk_long"), 9)
    sheet.gap(4)
    as_written = f"{s.given} {s.surname}"
    title = "Request for medical information"
    sheet.line(title, 10, "bold")
    sheet.line(
        f"Our policyholder: {as_written}, date of birth {spell(s.born, 'uk_long')}", 10, "bold"
    )
    sheet.gap(3)
    sheet.para(
        f"Dear Doctor, our policyholder has claimed for treatment abroad following an "
        f"illness on {spell(incident, 'uk_long')}. The policy was bought on "
        f"{spell(travel, 'uk_long')}. To assess pre-existing conditions we ask you to "
        "complete the enclosed form covering the two years before travel. A signed "
        "consent is enclosed. We will pay a fee of 60 EUR on receipt of your report."
    )
    sheet.line("Yours faithfully,")
    sheet.gap(8)
    sheet.line(f"{handler}, Medical Claims Handler")
    sheet.put(
        105,
        282,
        f"{sender} is authorised and regulated by the Financial Conduct Authority.",
        6.5,
        "sans",
        "centre",
    )
    return Draft(
        "gb_travel_insurer_medical_request",
        "en",
        "GB",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Harbourline Travel Insurance", "harbourline"],
        title,
        [],
        other_dates=[(incident, "illness abroad"), (travel, "policy bought")],
        other_people=[(handler, "claims handler")],
        notes=[
            f"claim number {claim} is the insurer's; the sender's full name only "
            "in the small footer, the head shows the brand"
        ],
        fax_name="HARBOURLINE CLAIMS",
        fax_number="+44 117 496 0321",
        kind="other",
    )


def spa_clinic_admission_notice(ctx: Context) -> Draft:
    """A Kur clinic tells the GP that the patient has arrived, with the planned end."""
    s, p = ctx.subject, ctx.practice
    sender = "Kurklinik Haus Wiesengrund"
    arrived, letter, end = ctx.before(1, 3), ctx.day, ctx.after(18, 20)
    sheet = Sheet(left=30, right=185)
    sheet.put(30, 14, "Haus Wiesengrund", 18, "italic")
    sheet.put(30, 20, "Kurklinik für Mutter/Vater und Kind · Norderney", 8.5, "serif")
    window(sheet, p, "Kurklinik Haus Wiesengrund · Kaiserstr. 12 · 26548 Norderney", 30, 46)
    sheet.put(185, 46, "Norderney,", 10, "serif", "right")
    sheet.put(185, 50.5, spell(letter, "de_long"), 10, "serif", "right")
    sheet.y = 80
    title = "Aufnahmemitteilung"
    sheet.line(title, 12, "serifbold")
    sheet.gap(3)
    as_written = f"{s.surname.upper()} {s.given}"
    sheet.fields(
        [
            ("Kurgast:", as_written),
            ("geboren:", spell(s.born, "de")),
            ("Anreise:", spell(arrived, "de")),
            ("voraussichtliche Abreise:", spell(end, "de")),
        ],
        48,
        10,
        "serif",
    )
    sheet.gap(4)
    sheet.para(
        "Sehr geehrte Kollegin, sehr geehrter Kollege, wir teilen Ihnen mit, dass Ihr "
        "Patient bzw. Ihre Patientin die Vorsorgemaßnahme bei uns angetreten hat. Den "
        "Abschlussbericht erhalten Sie nach Ende des Aufenthaltes.",
        10,
        "serif",
    )
    sheet.line("Ihr Team vom Haus Wiesengrund", 10, "serif")
    return Draft(
        "de_kur_clinic_arrival_notice",
        "de",
        "DE",
        sheet.pages,
        as_written,
        letter,
        True,
        sender,
        ["Haus Wiesengrund", "Kurklinik Haus Wiesengrund, Norderney"],
        title,
        [],
        other_dates=[(arrived, "arrival"), (end, "planned departure")],
        notes=["the date is split from 'Norderney,' onto the next line"],
        fax_name="HAUS WIESENGRUND",
        fax_number="04932 8810 29",
        kind="other",
    )


def us_portal_message_printout(ctx: Context) -> Draft:
    """A US clinic's patient-portal message about a German visitor, printed from the browser."""
    s, p = ctx.subject, ctx.practice
    clinic = "Cascade Valley Family Medicine"
    nurse = ctx.pick(("Jordan Ellis, RN", "Priya Raman, RN"))
    sent, printed, seen = ctx.day, ctx.after(1, 3), ctx.before(4, 8)
    sheet = Sheet(left=15, right=195)
    sheet.put(15, 12, f"{spell(printed, 'us')}, 9:14 AM", 7.5)
    sheet.put(195, 12, "Message Center - CVFM Patient Portal", 7.5, align="right")
    sheet.y = 22
    sheet.line(clinic, 14, "bold")
    sheet.line("Secure message (printed copy)", 9)
    sheet.gap(3)
    title = "Your visit and lab results"
    as_written = f"{s.given} {s.surname}"
    sheet.fields(
        [
            ("From:", f"{nurse} for Dr. Hannah Whitcombe"),
            ("To:", f"{as_written} (DOB {spell(s.born, 'us')})"),
            ("Cc:", f"{p.doctor.split(' ', 1)[1]}, {p.name} (fax {p.fax})"),
            ("Sent:", f"{spell(sent, 'us_long')} 4:52 PM PST"),
            ("Subject:", title),
        ],
        22,
        9.5,
    )
    sheet.rule()
    sheet.gap(4)
    sheet.para(
        f"Hello {s.given}, your results from your visit on {spell(seen, 'us')} are back. "
        "Your thyroid test (TSH 6.8) is mildly high; your blood count and kidney tests are "
        "normal. Dr. Whitcombe recommends repeating the TSH with free T4 in 6 to 8 weeks with "
        "your doctor in Germany, whom we have copied on this message as you asked."
    )
    sheet.para("Please do not reply to this message with urgent concerns.", 8.5)
    sheet.put(195, 288, "Page 1 of 1", 7.5, align="right")
    return Draft(
        "us_patient_portal_message_print",
        "en",
        "US",
        sheet.pages,
        as_written,
        sent,
        True,
        clinic,
        ["CVFM", "CVFM Patient Portal", "Dr. Hannah Whitcombe"],
        title,
        [],
        other_dates=[(seen, "visit"), (printed, "printed")],
        other_people=[
            (nurse, "sender for the doctor"),
            ("Dr. Hannah Whitcombe", "doctor"),
            (p.doctor.split(" ", 1)[1], "copy to"),
        ],
        notes=[
            "the letter date is the Sent date; the browser's print date stands at the top",
            "addressed to the patient, the practice on copy",
        ],
        fax_name="CVFM",
        fax_number="+1 509 555 0172",
        kind="other",
    )


LAYOUTS = [
    insurer_incapacity_request,
    md_care_assessment,
    pharmacy_shortage_fax,
    rehab_approval_copy,
    care_service_report,
    printed_email_relative,
    colleague_fax_note,
    handwritten_dentist_note,
    sports_certificate,
    uk_travel_insurer_request,
    spa_clinic_admission_notice,
    us_portal_message_printout,
]
