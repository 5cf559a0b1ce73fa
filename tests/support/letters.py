"""A seeded generator of labelled clinic letters (German and English) for the facts tests
and ``bench/facts_bench.py``.

Each letter is Markdown as a vision model writes it, with its true facts: the patient, the
birth date, the letter date, the sender (the letter head's organisation, or the signer
where there is no letter head) and the title (None where the letter names none). Layouts
vary: letter head on top, as a return-address line, or read after the address (a column on
the right); "Betreff"/"Re:" lines, headings, key-value tables, header-row tables, phrases in
the body; signature blocks; lab reports; referrals; letters naming no patient; several
dates (admission, discharge, appointments) and several names (recipient, signer, GP,
relatives) in one letter; dates in every form clinics write, some of them ambiguous.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta

TODAY = date(2026, 12, 1)


def _words(text: str) -> list[str]:
    return text.split()


FIRST = _words("""Erika Hans Jürgen Sören Zoë Renée Björn Petra Klaus Ines Lukas Ursula Günther
    Sabine Mehmet Ayşe Agnieszka Paweł John Mary Oliver Charlotte Aisha Liam Grace Noah""")
LAST = [
    *_words("""Mustermann Müller Schäfer Groß Weiß Köhler Brandt Schröder Krämer Hoffmann
    Müller-Lüdenscheidt Yılmaz Nowak Smith O'Brien Patel Johnson Williams Taylor Kowalski
    Becker"""),
    "von der Heide",
]
DOCTORS = ["Anna Schmidt", "Peter Wolf", "Claudia Berg", "Thomas Keller", "Sarah Jones",
           "David Brown", "Fiona Clarke", "Markus Lang"]  # fmt: skip
CITIES = ["Berlin", "Hamburg", "München", "Köln", "Leipzig", "Freiburg i. Br."]
UK_CITIES = ["Leeds", "Bristol", "Manchester", "York"]
GERMAN_ORGS = ["Klinikum Nord", "Universitätsklinikum Freiburg", "St. Marien-Krankenhaus",
               "Gemeinschaftspraxis Dr. Lang & Kollegen", "MVZ Labor Dr. Kramer",
               "Radiologische Praxis am Dom", "Kreiskrankenhaus Waldstadt"]  # fmt: skip
ENGLISH_ORGS = ["The Park Surgery", "Leeds General Infirmary", "St James's University Hospital",
                "Riverside Medical Centre", "Northern Pathology Laboratory"]  # fmt: skip
GERMAN_KINDS = ["Entlassungsbrief", "Arztbrief", "Befundbericht", "Überweisung",
                "Laborbefund", "Konsiliarbericht", "Radiologischer Befund"]  # fmt: skip
ENGLISH_KINDS = ["Discharge summary", "Clinic letter", "Referral letter", "Laboratory report",
                 "Radiology report"]  # fmt: skip
GERMAN_MONTHS = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                 "September", "Oktober", "November", "Dezember"]  # fmt: skip
ENGLISH_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
                  "September", "October", "November", "December"]  # fmt: skip


@dataclass
class Letter:
    """One generated letter and its true facts (None: the letter does not state it)."""

    text: str
    truth: dict[str, str | None] = field(default_factory=dict)
    layout: str = ""


def _truth(
    patient: str | None, born: date | None, written: date, sender: str, title: str | None
) -> dict[str, str | None]:
    return {
        "patient": patient,
        "born": born.isoformat() if born else None,
        "letter_date": written.isoformat(),
        "sender": sender,
        "title": title,
    }


def german_date(day: date, rng: random.Random, birth: bool = False) -> str:
    forms: list[Callable[[date], str]] = [
        lambda d: f"{d:%d.%m.%Y}",
        lambda d: f"{d.day}.{d.month}.{d:%Y}",
        lambda d: f"{d.day}. {GERMAN_MONTHS[d.month - 1]} {d:%Y}",
        lambda d: f"{d:%Y-%m-%d}",
        lambda d: f"{d:%d/%m/%Y}",
    ]
    if birth:
        forms.append(lambda d: f"{d:%d.%m.%y}")  # two-digit year, decidable for most births
    return rng.choice(forms)(day)


def english_date(day: date, rng: random.Random, order: str) -> str:
    forms: list[Callable[[date], str]] = [
        lambda d: f"{d.day} {ENGLISH_MONTHS[d.month - 1]} {d:%Y}",
        lambda d: f"{d.day} {ENGLISH_MONTHS[d.month - 1][:3]} {d:%Y}",
        lambda d: f"{ENGLISH_MONTHS[d.month - 1]} {d.day}, {d:%Y}",
        lambda d: f"{d:%Y-%m-%d}",
        lambda d: f"{d:%d/%m/%Y}" if order == "uk" else f"{d:%m/%d/%Y}",
    ]
    return rng.choice(forms)(day)


def _birth(rng: random.Random) -> date:
    return TODAY - timedelta(days=rng.randint(2 * 365, 95 * 365))


def _letter_day(rng: random.Random) -> date:
    return TODAY - timedelta(days=rng.randint(1, 3 * 365))


def _person(rng: random.Random) -> tuple[str, str]:
    return rng.choice(FIRST), rng.choice(LAST)


def generate(count: int, seed: int = 18) -> Iterator[Letter]:
    """``count`` letters, the same ones for the same seed."""
    rng = random.Random(seed)
    makers = [german_letter, english_letter, german_lab_report, english_lab_report,
              letter_without_patient, referral_to_practice,
              letter_naming_patient_in_passing]  # fmt: skip
    weights = [35, 22, 12, 8, 9, 7, 7]
    for _ in range(count):
        letter = rng.choices(makers, weights)[0](rng)
        if rng.random() < 0.3:
            letter = roughen(letter, rng)
        yield letter


def roughen(letter: Letter, rng: random.Random) -> Letter:
    """What scanning and OCR do to a letter without changing its facts: a space before a
    label's colon, a label's value on the next line, doubled spaces, a stray bullet, plain
    lines without paragraphs (the CPU engine), misread letters in labels."""
    text = letter.text
    changes = [
        lambda t: t.replace("Patient:", "Patient :").replace("Datum:", "Datum :"),
        lambda t: t.replace("Patient: ", "Patient:\n").replace("Patient name: ", "Patient name:\n"),
        lambda t: t.replace(", geb. ", ",  geb. ").replace(" DOB ", "  DOB  "),
        lambda t: t.replace("\n\nMit freundlichen", "\n\n• Mit freundlichen"),
        lambda t: t.replace("Geburtsdatum:", "Geburtsdatum"),
        # The CPU engine writes plain lines, no paragraphs and no Markdown.
        lambda t: t.replace("\n\n", "\n").replace("**", "").replace("# ", ""),
        # Letters misread in the labels (the values are kept: the truth stays the truth).
        lambda t: t.replace("Patient", "Patlent").replace("Geburtsdatum", "Geburtsdaturn"),
    ]
    for change in rng.sample(changes, 2):
        text = change(text)
    return Letter(text, letter.truth, letter.layout + "/rough")


# ----------------------------------------------------------------------------- German letters


def german_letter(rng: random.Random) -> Letter:
    given, family = _person(rng)
    salutation = rng.choice(["Frau", "Herrn"])
    born, written = _birth(rng), _letter_day(rng)
    born_text, written_text = german_date(born, rng, birth=True), german_date(written, rng)
    org = rng.choice(GERMAN_ORGS)
    doctor = rng.choice(DOCTORS)
    gp = rng.choice([d for d in DOCTORS if d != doctor])
    kind = rng.choice(GERMAN_KINDS)
    city = rng.choice(CITIES)
    head = rng.choice(["top", "return", "right", "none"])
    sender = org if head != "none" else f"Dr. med. {doctor}"
    truth = _truth(f"{given} {family}", born, written, sender, kind)
    letterhead = (
        f"{org}\nKlinik für Innere Medizin\nChefarzt Prof. Dr. med. Markus Lang\n"
        f"Musterweg 4 · 79100 {city}\nTel. 0761 270-0"
    )
    recipient = f"Herrn\nDr. med. {gp}\nHauptstraße 12\n10115 Berlin"
    blocks: list[str] = []
    if head == "top":
        blocks.append(letterhead)
    if head == "return":
        blocks.append(f"{org} · Musterweg 4 · 79100 {city}")
    blocks.append(recipient)
    if head == "right":
        blocks.append(letterhead)
    blocks.append(
        rng.choice([f"{city}, den {written_text}", f"Datum: {written_text}", written_text])
    )
    patient_form = rng.randrange(6)
    title_form = rng.randrange(4)
    if title_form == 0:
        blocks.append(f"**{kind}**")
    elif title_form == 1:
        blocks.append(f"# {kind.upper()}")
    elif title_form == 2 and patient_form != 0:
        blocks.append(f"Betreff: {kind}")
    elif title_form == 3:
        truth["title"] = None
    pronoun = "Ihre Patientin" if salutation == "Frau" else "Ihren Patienten"
    if patient_form == 0:
        subject = f"{kind} – " if title_form == 2 else ""
        blocks.append(f"Betreff: {subject}{salutation} {given} {family}, geb. {born_text}")
    elif patient_form == 1:
        blocks.append(f"Patient: {family}, {given}\nGeburtsdatum: {born_text}")
    elif patient_form == 2:
        blocks.append(
            f"Name, Vorname: {family.upper()}, {given}\ngeb. am: {born_text}\n"
            f"Fall-Nr.: {rng.randint(10**6, 10**7)}"
        )
    elif patient_form == 3:
        blocks.append(
            f"<table><tr><td>Patient</td><td>{given} {family}</td></tr><tr><td>Geb.-Datum"
            f"</td><td>{born_text}</td></tr><tr><td>Station</td><td>4B</td></tr></table>"
        )
    elif patient_form == 4:
        blocks.append(
            f"| Patient | Geburtsdatum | Aufnahme |\n|---|---|---|\n| {family}, {given} | "
            f"{born_text} | {german_date(written - timedelta(days=9), rng)} |"
        )
    else:
        blocks.append(f"Pat.: {given} {family} * {born_text}")
    admission = written - timedelta(days=rng.randint(3, 20))
    body = (
        f"Sehr geehrter Herr Kollege,\n\nwir berichten über {pronoun} {salutation} {given} "
        f"{family}, geb. {born_text}, die sich vom {german_date(admission, rng)} bis "
        f"{german_date(written - timedelta(days=1), rng)} in unserer stationären Behandlung "
        f"befand. Die Ehefrau, Frau Helga {family}, war bei der Aufnahme anwesend."
    )
    if rng.random() < 0.5:
        body = body.replace(f", geb. {born_text}", "")
    blocks.append(body)
    blocks.append("**Diagnosen:**\n- Arterielle Hypertonie\n- Vorhofflimmern")
    blocks.append(f"Wiedervorstellung am {german_date(written + timedelta(days=30), rng)}.")
    blocks.append(f"Mit freundlichen Grüßen\n\nDr. med. {doctor}\nOberärztin")
    return Letter("\n\n".join(blocks), truth, f"de/{head}/patient{patient_form}/title{title_form}")


# ----------------------------------------------------------------------------- English letters


def english_letter(rng: random.Random) -> Letter:
    given, family = _person(rng)
    salutation = rng.choice(["Mrs", "Mr", "Ms", "Miss"])
    born, written = _birth(rng), _letter_day(rng)
    order = rng.choice(["uk", "us"])
    born_text, written_text = english_date(born, rng, order), english_date(written, rng, order)
    org = rng.choice(ENGLISH_ORGS)
    doctor = rng.choice(DOCTORS)
    gp = rng.choice([d for d in DOCTORS if d != doctor])
    kind = rng.choice(ENGLISH_KINDS)
    head = rng.choice(["top", "right", "none"])
    sender = org if head != "none" else f"Dr. {doctor}"
    truth = _truth(f"{given} {family}", born, written, sender, kind)
    letterhead = (
        f"{org}\n{rng.randint(1, 99)} High Street, {rng.choice(UK_CITIES)} LS1 4AB\n"
        "Tel 0113 243 3144"
    )
    blocks: list[str] = []
    if head == "top":
        blocks.append(letterhead)
    blocks.append(f"Dr {gp}\nThe Old Vicarage\n{rng.choice(UK_CITIES)}")
    if head == "right":
        blocks.append(letterhead)
    blocks.append(rng.choice([written_text, f"Date: {written_text}", f"Dated: {written_text}"]))
    title_form = rng.randrange(3)
    if title_form == 0:
        blocks.append(f"# {kind}")
    elif title_form == 1:
        blocks.append(f"**{kind.upper()}**")
    else:
        truth["title"] = None
    patient_form = rng.randrange(4)
    if patient_form == 0:
        blocks.append(f"Re: {salutation} {given} {family}, DOB {born_text}, NHS No. 943 476 5919")
    elif patient_form == 1:
        blocks.append(f"Patient name: {given} {family}\nDate of birth: {born_text}")
    elif patient_form == 2:
        blocks.append(
            f"| Patient | DOB | Hospital No. |\n|---|---|---|\n| {family.upper()}, {given} | "
            f"{born_text} | K{rng.randint(10**5, 10**6)} |"
        )
    else:
        blocks.append(f"Name: {given} {family}  \nD.O.B.: {born_text}")
    blocks.append(
        f"Dear Dr {gp.split()[-1]},\n\nThank you for referring your patient {salutation} "
        f"{given} {family}, whom I saw in clinic on "
        f"{english_date(written - timedelta(days=2), rng, order)}. "
        f"{salutation} {family} was accompanied by her son, Mr Robert {family}."
    )
    blocks.append(
        f"Next review appointment: {english_date(written + timedelta(days=60), rng, order)}."
    )
    blocks.append(f"Yours sincerely,\n\nDr. {doctor}\nConsultant Cardiologist")
    return Letter(
        "\n\n".join(blocks), truth, f"en/{order}/{head}/patient{patient_form}/title{title_form}"
    )


# ----------------------------------------------------------------------------- lab reports


def german_lab_report(rng: random.Random) -> Letter:
    given, family = _person(rng)
    born, written = _birth(rng), _letter_day(rng)
    org = "MVZ Labor Dr. Kramer"
    truth = _truth(f"{given} {family}", born, written, org, "Laborbefund")
    collected = written - timedelta(days=1)
    if rng.random() < 0.5:
        identity = f"Name: {family}\nVorname: {given}\nGeburtsdatum: {german_date(born, rng, True)}"
    else:
        identity = (
            f"<table><tr><th>Name, Vorname</th><th>Geb.-Datum</th><th>Abnahme</th></tr>"
            f"<tr><td>{family}, {given}</td><td>{german_date(born, rng, True)}</td>"
            f"<td>{german_date(collected, rng)}</td></tr></table>"
        )
    blocks = [
        f"{org} · Laborstraße 1 · 04109 Leipzig",
        "Gemeinschaftspraxis Dr. Lang & Kollegen\nAm Markt 3\n04109 Leipzig",
        "# Laborbefund",
        identity,
        f"Befunddatum: {german_date(written, rng)}   Probenentnahme: {german_date(collected, rng)}",
        "| Parameter | Ergebnis | Einheit | Referenz |\n|---|---|---|---|\n"
        "| Natrium | 140 | mmol/l | 135-145 |\n| Kalium | 4.1 | mmol/l | 3.5-5.1 |",
        "Technisch und medizinisch validiert: Dr. rer. nat. Thomas Keller",
    ]
    return Letter("\n\n".join(blocks), truth, "de/lab")


def english_lab_report(rng: random.Random) -> Letter:
    given, family = _person(rng)
    born, written = _birth(rng), _letter_day(rng)
    org = "Northern Pathology Laboratory"
    truth = _truth(f"{given} {family}", born, written, org, "Laboratory report")
    blocks = [
        f"**{org}**\nDepartment of Clinical Biochemistry",
        "# Laboratory report",
        f"Patient: {family.upper()}, {given}   DOB: {english_date(born, rng, 'uk')}",
        f"Report date: {english_date(written, rng, 'uk')}   "
        f"Collected: {english_date(written - timedelta(days=1), rng, 'uk')}",
        "| Test | Result | Units | Range |\n|---|---|---|---|\n| Sodium | 140 | mmol/L | 133-146 |",
        "Authorised by Dr. Fiona Clarke",
    ]
    return Letter("\n\n".join(blocks), truth, "en/lab")


# ----------------------------------------------------------------------------- no patient


def letter_without_patient(rng: random.Random) -> Letter:
    """Circulars, invitations, supplier letters: names and dates, but no patient."""
    written = _letter_day(rng)
    doctor = rng.choice(DOCTORS)
    if rng.random() < 0.5:
        org = rng.choice(GERMAN_ORGS)
        text = "\n\n".join([
            org,
            f"Herrn\nDr. med. {rng.choice(DOCTORS)}\nHauptstraße 12\n10115 Berlin",
            f"{rng.choice(CITIES)}, {german_date(written, rng)}",
            "Einladung zur Fortbildung Kardiologie",
            "Sehr geehrte Kolleginnen und Kollegen,\n\nwir laden Sie herzlich zu unserer "
            f"Fortbildung am {german_date(written + timedelta(days=20), rng)} ein. Es spricht "
            f"Frau Prof. Dr. Claudia Berg über Vorhofflimmern.",
            f"Mit freundlichen Grüßen\n\nDr. med. {doctor}",
        ])  # fmt: skip
        # Its heading is its title (the field's definition since issue 28: the subject
        # line or the heading, a document kind or not).
        title = "Einladung zur Fortbildung Kardiologie"
    else:
        org = rng.choice(ENGLISH_ORGS)
        text = "\n\n".join([
            org,
            f"{english_date(written, rng, 'uk')}",
            "Change to referral arrangements",
            "Dear Colleague,\n\nFrom next month, please send all routine referrals to the new "
            "address. Mr Paul Evans, our practice manager, will answer any questions.",
            f"Kind regards,\n\nDr. {doctor}",
        ])  # fmt: skip
        title = "Change to referral arrangements"
    truth = _truth(None, None, written, org, title)
    return Letter(text, truth, "no-patient")


# ----------------------------------------------------------------------------- harder cases


def referral_to_practice(rng: random.Random) -> Letter:
    """A referral from a GP (no letter head, signed) to a practice named without "Herrn"
    or "An": the recipient's practice is not the sender."""
    given, family = _person(rng)
    born, written = _birth(rng), _letter_day(rng)
    doctor = rng.choice(DOCTORS)
    practice = rng.choice(
        ["Radiologische Praxis am Dom", "Gemeinschaftspraxis Dr. Lang & Kollegen"]
    )
    born_text = german_date(born, rng, birth=True)
    blocks = [
        f"{practice}\nAm Dom 2\n50667 Köln",
        f"Köln, {german_date(written, rng)}",
        "Überweisung",
        f"Patient: {given} {family}, geb. {born_text}",
        f"Sehr geehrte Kolleginnen und Kollegen,\n\nich überweise {given} {family} zur "
        f"Abklärung. Befund vom {german_date(written - timedelta(days=7), rng)} liegt bei.",
        f"Mit freundlichen Grüßen\n\nDr. med. {doctor}\nFachärztin für Allgemeinmedizin",
    ]
    truth = _truth(f"{given} {family}", born, written, f"Dr. med. {doctor}", "Überweisung")
    return Letter("\n\n".join(blocks), truth, "de/referral-to-practice")


def letter_naming_patient_in_passing(rng: random.Random) -> Letter:
    """A short note that names its patient only in a sentence, without label or birth date,
    and also names a relative and two doctors: a person reads it; docvault should abstain."""
    given, family = _person(rng)
    written = _letter_day(rng)
    org = rng.choice(GERMAN_ORGS)
    blocks = [
        org,
        f"{rng.choice(CITIES)}, {german_date(written, rng)}",
        f"Sehr geehrte Frau Dr. {rng.choice(DOCTORS).split()[-1]},\n\nHerr {given} {family} "
        f"wurde heute von seiner Tochter, Frau Maria {family}, abgeholt. Die Medikation wurde "
        f"mit Herrn Dr. {rng.choice(DOCTORS).split()[-1]} besprochen.",
        f"Mit kollegialen Grüßen\n\nProf. Dr. med. {rng.choice(DOCTORS)}",
    ]
    truth = _truth(f"{given} {family}", None, written, org, None)
    return Letter("\n\n".join(blocks), truth, "de/in-passing")
