"""Letter kinds built from tables and fields: a laboratory report, a Muster-style form whose
sender is only the doctor's stamp, a handwritten note, and the fax cover sheet."""

from __future__ import annotations

import datetime

from bench.heldout50h.context import Context, fmt
from bench.heldout50h.frame import Draft, Org
from bench.heldout50h.page import Page, Writer

LAB_ROWS: tuple[tuple[str, str, tuple[float, float], str], ...] = (
    ("Natrium", "mmol/l", (131, 146), "135 – 145"),
    ("Kalium", "mmol/l", (3.2, 5.4), "3,5 – 5,1"),
    ("Kreatinin", "mg/dl", (0.6, 2.1), "0,5 – 1,1"),
    ("eGFR (CKD-EPI)", "ml/min", (28, 96), "> 60"),
    ("CRP", "mg/l", (0.5, 60), "< 5,0"),
    ("Hämoglobin", "g/dl", (9.8, 15.9), "12,0 – 16,0"),
    ("Leukozyten", "/nl", (3.9, 14.2), "4,0 – 10,0"),
    ("HbA1c", "%", (5.1, 9.4), "< 5,7"),
    ("TSH basal", "mU/l", (0.2, 6.1), "0,27 – 4,2"),
    ("Ferritin", "µg/l", (8, 310), "15 – 150"),
)


LABORATORY = Org(
    "Labor Dr. Kesseler & Kollegen MVZ",
    [
        "MVZ Labor Dr. Kesseler & Kollegen",
        "Labor Dr. Kesseler",
        "Labor Dr. Kesseler & Kollegen",
    ],
    ["Laboratoriumsmedizin · Mikrobiologie · Transfusionsmedizin"],
    "Industriering Ost 22",
    "47906 Kempen",
    "02152 5566-0",
    "02152 5566-90",
)


def _lab_columns(
    ctx: Context, w: Writer, left: list[tuple[str, str]], right: list[tuple[str, str]]
) -> float:
    """The patient column, then the order column, then the Einsender line, in one box."""
    y = 46.0
    for label, value in left:
        w.page.put(f"{label}:", 18.0, y, 8.5, "mono")
        w.page.put(value, 58.0, y, 8.5, "monob")
        y += 4.4
    y_right = 46.0
    for label, value in right:
        w.page.put(f"{label}:", 122.0, y_right, 8.5, "mono")
        w.page.put(value, 150.0, y_right, 8.5, "mono")
        y_right += 4.4
    y = max(y, y_right) + 1.0
    w.page.put(f"Einsender: {ctx.practice['name']}, {ctx.practice['place']}", 18.0, y, 8.5, "mono")
    y += 4.4
    w.page.boxes.append((16.0, 41.0, 194.0, y - 2.0))
    return y


def _lab_table(ctx: Context, w: Writer) -> None:
    rng = ctx.rng
    w.line(
        f"{'Untersuchung':<22}{'Ergebnis':>10}  {'Einheit':<8} Referenzbereich",
        size=8.5,
        font_key="monob",
    )
    for name, unit, (low, high), reference in rng.sample(LAB_ROWS, rng.randint(5, 9)):
        measured = rng.uniform(low, high)
        shown = f"{measured:.1f}".replace(".", ",") if high < 20 else str(round(measured))
        flag = " +" if rng.random() < 0.25 else "  "
        w.line(f"{name:<22}{shown:>10}{flag}{unit:<8} {reference}", size=8.5)
    w.gap(4)


def lab(ctx: Context) -> Draft:
    """A laboratory report: the practice is the Einsender; sample, arrival, report, print dates."""
    rng = ctx.rng
    org = LABORATORY
    w = Writer(left=18.0, right=192.0)
    w.font = "mono"
    w.page.put(org.name, 18.0, 16.0, 12, "sansb")
    w.page.put(org.sub[0], 18.0, 21.0, 8, "sans")
    w.page.put(f"{org.street}, {org.place} · Tel. {org.phone}", 18.0, 25.0, 8, "sans")
    w.page.rules.append((18.0, 28.0, 192.0, 28.0))
    sampled = ctx.days(-rng.randint(1, 2))
    arrived = sampled + datetime.timedelta(days=rng.randint(0, 1))
    w.page.put("LABORBEFUND", 18.0, 37.0, 13, "monob")
    status = ctx.pick(("Endbefund", "Teilbefund"))
    w.page.put(status, 192.0, 37.0, 11, "monob", align="r")
    left = [
        ("Patient", ctx.name(ctx.pick(("allupper", "upper", "comma")))),
        ("Geb.-Datum", ctx.dob(ctx.pick(("dot", "dot2")))),
        ("Geschlecht", {"F": "W", "M": "M"}.get(ctx.spelling.sex, "D")),
    ]
    if ctx.patient is not None and rng.random() < 0.7:
        left.append(("Pat.-Nr. Einsender", ctx.pid()))
    right = [
        ("Auftrags-Nr.", str(rng.randint(2_400_000_000, 2_499_999_999))),
        (
            "Entnahme",
            f"{ctx.other(sampled, 'sample', 'dot')} "
            f"{rng.randint(7, 11):02d}:{rng.randint(0, 59):02d}",
        ),
        ("Eingang", ctx.other(arrived, "arrival", "dot")),
        ("Befunddatum", ctx.dated("dot")),
    ]
    ctx.person(ctx.practice["name"], "addressee")
    w.y = _lab_columns(ctx, w, left, right) + 10
    _lab_table(ctx, w)
    w.para(
        "Befund technisch und medizinisch validiert. + = außerhalb des Referenzbereichs.", size=8
    )
    w.line(
        ctx.person("Dr. med. Ruth Kesseler", "signatory") + ", Fachärztin für Laboratoriumsmedizin",
        size=8,
    )
    printed = ctx.letter_date + datetime.timedelta(days=rng.randint(0, 1))
    w.footer = [
        (f"Druck: {ctx.other(printed, 'print date', 'dot')} · Seite {{page}}/{{total}}", 7, "r")
    ]
    ctx.notes.append(
        "the receiving practice appears as Einsender; several dates (sample, arrival, report, "
        "print)"
    )
    return Draft(
        w.finish(),
        "lab-table",
        org.name,
        org.alternatives,
        "LABORBEFUND",
        ["Laborbefund", status, f"Laborbefund – {status}"],
        org.name,
        org.fax,
    )


def _form_field(page: Page, label: str, value: str, x: float, y: float, width: float) -> None:
    page.boxes.append((x, y, x + width, y + 9.0))
    page.put(label, x + 1.0, y + 2.6, 6, "cond")
    page.put(value, x + 1.5, y + 7.3, 9.5, "mono")


def muster_form(ctx: Context) -> Draft:
    """A Muster-style referral form, labels and values; the sender is only the doctor's stamp."""
    rng = ctx.rng
    doctors = (
        ("Dr. med. Jannik Terhorst", "Facharzt für Orthopädie", "Orthopädische Praxis Terhorst"),
        ("Dr. med. Selin Aksoy", "Fachärztin für HNO-Heilkunde", "HNO-Praxis Dr. Aksoy"),
    )
    doctor, speciality, practice_name = rng.choice(doctors)
    page = Page()
    page.put("Überweisungsschein", 120.0, 16.0, 13, "sansb")
    page.put("Muster 6 (10.2014)", 120.0, 21.0, 7, "cond")
    insurer = ctx.pick(("AOK Rheinland/Hamburg", "Techniker Krankenkasse", "BARMER", "IKK classic"))
    _form_field(page, "Krankenkasse bzw. Kostenträger", insurer, 15.0, 14.0, 90.0)
    _form_field(page, "Name, Vorname des Versicherten", ctx.name("comma"), 15.0, 24.0, 70.0)
    _form_field(page, "geb. am", ctx.dob("dot2"), 85.0, 24.0, 20.0)
    _form_field(
        page, "Kostenträgerkennung", str(rng.randint(100_000_000, 109_999_999)), 15.0, 34.0, 30.0
    )
    insured = f"{ctx.spelling.surname[0].upper()}{rng.randint(100_000_000, 999_999_999)}"
    _form_field(page, "Versicherten-Nr.", insured, 45.0, 34.0, 38.0)
    _form_field(page, "Status", "1000000", 83.0, 34.0, 22.0)
    _form_field(
        page, "Betriebsstätten-Nr.", str(rng.randint(100_000_000, 999_999_999)), 15.0, 44.0, 45.0
    )
    _form_field(page, "Arzt-Nr.", str(rng.randint(100_000_000, 999_999_999)), 60.0, 44.0, 25.0)
    _form_field(page, "Datum", ctx.dated("dot2"), 85.0, 44.0, 20.0)
    page.put("Kurativ [X]   Präventiv [ ]   bei belegärztl. Behandlung [ ]", 15.0, 62.0, 9, "sans")
    page.put(f"Überweisung an: {ctx.practice['name']}", 15.0, 70.0, 9, "sans")
    ctx.person(ctx.practice["name"], "addressee")
    page.put("Diagnose/Verdachtsdiagnose: M54.5 G Lumboischialgie links", 15.0, 80.0, 9, "sans")
    page.put("Befund/Medikation: Mitbehandlung, Schmerztherapie", 15.0, 86.0, 9, "sans")
    page.put("und Laborkontrolle erbeten", 15.0, 91.0, 9, "sans")
    page.put("Auftrag: Weiterbehandlung", 15.0, 97.0, 9, "sans")
    page.boxes.append((120.0, 60.0, 195.0, 95.0))
    page.put("Vertragsarztstempel / Unterschrift des Arztes", 122.0, 63.5, 6, "cond")
    blue = (0.15, 0.2, 0.65)
    for index, text in enumerate(
        (practice_name, doctor, speciality, "Bahnhofstraße 40 · 47877 Willich")
    ):
        page.put(
            text, 124.0, 70.0 + index * 4.4, 8.5, "sansb" if index == 0 else "sans", colour=blue
        )
    ctx.person(doctor, "signatory")
    ctx.notes.append("the sender is named only in the doctor's stamp on the form")
    return Draft(
        [page],
        "muster-form",
        practice_name,
        [doctor],
        "Überweisungsschein",
        ["Überweisung"],
        practice_name,
        "02154 88 71 2",
    )


def handwritten(ctx: Context) -> Draft:
    """A handwritten note from a visiting nurse service or a colleague; no PDF exists of it."""
    senders = (
        ("Ambulanter Pflegedienst Lindenhof", "Pflegedienst Lindenhof"),
        ("Praxis Dr. Hagedorn", "Dr. Hagedorn"),
    )
    return _handwritten(ctx, *ctx.rng.choice(senders))


def handwritten_private(ctx: Context) -> Draft:
    """A handwritten note from a neighbour: no sender organisation at all."""
    return _handwritten(ctx, "", "")


def _handwritten(ctx: Context, sender: str, alternative: str) -> Draft:
    rng = ctx.rng
    page = Page(handwritten=True)
    y = 30.0

    def write(text: str, size: float = 15.0, x: float = 22.0) -> None:
        nonlocal y
        page.put(text, x, y, size, "hand")
        y += size * 0.62

    dated = rng.random() < 0.6
    if dated:
        page.put(ctx.dated(ctx.pick(("dotshort", "dot2"))), 185.0, 20.0, 14, "hand", align="r")
    else:
        ctx.notes.append("the note carries no date")
    if rng.random() < 0.5:
        write(f"An: {ctx.practice['name']}", size=12)
        ctx.person(ctx.practice["name"], "addressee")
        y += 4
    greetings = ("Liebe Frau Kollegin,", "Hallo Praxisteam,", "Liebe Kollegen,")
    write(ctx.pick(greetings if sender else ("Sehr geehrte Frau Doktor,", "Liebes Praxisteam,")))
    y += 3
    lead = "bei" if sender else "meine Nachbarin" if ctx.spelling.sex == "F" else "mein Nachbar"
    write(f"{lead} {ctx.name(ctx.pick(('first', 'surname', 'clerk')))}")
    if rng.random() < 0.6:
        write(f"(geb. {ctx.dob('dotshort')})")
    if sender:
        body: tuple[str, ...] = ("ist die Wunde am Unterschenkel", "wieder aufgegangen, bitte um")
        body += ("Verordnung von Verbandsmaterial", "und ggf. Rückruf.")
    else:
        body = ("ist seit gestern sehr durcheinander", "und isst kaum. Können Sie bitte")
        body += ("einen Hausbesuch machen?", "Der Schlüssel liegt bei mir.")
    for row in body:
        write(row)
    y += 6
    write("Danke + Gruß" if sender else "Vielen Dank!")
    if sender:
        write(
            ctx.person("Schwester Martina" if "Pflege" in sender else "Dr. Hagedorn", "signatory")
        )
        y += 8
        page.boxes.append((20.0, y - 6, 110.0, y + 12))
        page.put(sender, 24.0, y, 10, "sansb", colour=(0.1, 0.2, 0.6))
        page.put(
            "Krefelder Straße 61 · 47877 Willich", 24.0, y + 5, 8.5, "sans", colour=(0.1, 0.2, 0.6)
        )
        page.put("Tel. 02154 60 30 11", 24.0, y + 9.5, 8.5, "sans", colour=(0.1, 0.2, 0.6))
    else:
        write("Ihre Nachbarin, Frau Ohlendorf")
        ctx.person("Frau Ohlendorf", "neighbour")
        ctx.notes.append("written by a neighbour: no sender organisation")
    ctx.notes.append("handwritten: no PDF")
    alternatives = [alternative] if alternative else []
    return Draft(
        [page], "handwritten", sender or None, alternatives, None, [], sender or "Privat", ""
    )


def cover_sheet(ctx: Context, draft: Draft, sent: datetime.datetime, pages: int, lang: str) -> Page:
    """The fax cover sheet: its own date, the receiving practice as To:, no patient name."""
    page = Page()
    english = lang not in ("de", "at", "ch")
    heading = "FAX" if english else ctx.pick(("Telefax", "FAX-Mitteilung", "Faxdeckblatt"))
    page.put(heading, 25.0, 30.0, 22, "sansb")
    labels = (
        ("To", "From", "Fax", "Date", "Pages", "Re")
        if english
        else ("An", "Von", "Fax-Nr.", "Datum", "Seiten", "Betreff")
    )
    sender = draft.fax_name or "—"
    if draft.fax_name and not english and ctx.rng.random() < 0.35:
        # The office that sends the fax is not always the letterhead's name.
        sender = ctx.pick((f"Sekretariat {draft.fax_name}", f"{draft.fax_name} / Schreibdienst"))
    values = (
        ctx.practice["name"],
        sender,
        ctx.practice["fax"],
        sent.strftime("%d/%m/%Y") if english else fmt(sent.date(), "dot"),
        f"{pages} (incl. cover)" if english else f"{pages} (inkl. Deckblatt)",
        "Medical report"
        if english
        else ctx.pick(("Befund", "Arztbrief", "Unterlagen Ihres Patienten")),
    )
    y = 50.0
    for label, value in zip(labels, values, strict=True):
        page.put(f"{label}:", 25.0, y, 11, "sansb")
        page.put(value, 60.0, y, 11, "sans")
        page.rules.append((25.0, y + 2.0, 188.0, y + 2.0))
        y += 10.0
    notice = (
        "This fax contains confidential medical information. If you received it in error, "
        "please notify us."
        if english
        else "Diese Nachricht enthält vertrauliche Patientendaten. Falls Sie sie irrtümlich "
        "erhalten haben, benachrichtigen Sie uns bitte und vernichten Sie die Seiten."
    )
    writer = Writer()
    writer.pages = [page]
    writer.y = y + 10
    writer.para(notice, size=9)
    return page
