# SPDX-License-Identifier: AGPL-3.0-or-later
# ruff: noqa: E501 (the letters' printed sentences are kept whole, one per line)
"""Letters from Austria, Switzerland, Britain, the United States, Ireland, France, Italy, the
Netherlands, Poland, Spain, Turkey and Denmark, each with its own conventions."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from bench.heldout50f import dates
from bench.heldout50f.kit import Case, Draft, address_lines, addressee, before, salute
from bench.heldout50f.layouts.base import layout
from bench.heldout50f.sheet import Sheet, glue


@dataclass
class Spec:
    """What a foreign letter prints, in its order; _write lays it out."""

    language: str
    region: str
    org: str
    head: list[str]  # the letterhead's lines, the organisation first
    place_date: str  # "Lyon, le 12 septembre 2024"
    title: str
    patient_lines: list[str]
    as_written: str
    salutation: str
    body: list[str]
    closing: str
    signer: str
    signer_role: str
    head_align: str = "left"  # left, right, center
    date_at_end: bool = False
    address_style: str = "intl"
    address_first: bool = False
    font: str = "times"
    paper: str = "A4"
    footer: list[str] = field(default_factory=list)
    sender_alternatives: list[str] = field(default_factory=list)
    title_alternatives: list[str] = field(default_factory=list)
    other_dates: list[tuple[datetime.date, str]] = field(default_factory=list)
    fax_number: str = ""
    fax_label: str = ""
    notes: list[str] = field(default_factory=list)


def _head(s: Sheet, spec: Spec) -> None:
    x = {"left": s.left, "right": s.width - s.right, "center": s.width / 2}[spec.head_align]
    s.line(spec.head[0], x=x, align=spec.head_align, font=spec.font + "-b", size=14)
    for text in spec.head[1:]:
        s.line(text, x=x, align=spec.head_align, size=8.5)


def _write(case: Case, spec: Spec) -> Draft:
    s = Sheet(font=spec.font, size=11 if spec.font == "times" else 10.5, paper=spec.paper)
    s.y = 16
    if spec.address_first:
        s.lines(addressee(case, spec.address_style, spec.language))
        s.gap(6)
        _head(s, spec)
    else:
        _head(s, spec)
        s.gap(8)
        s.lines(addressee(case, spec.address_style, spec.language))
    s.gap(6)
    if not spec.date_at_end:
        s.line(spec.place_date, x=s.width - s.right, align="right")
        s.gap(4)
    s.line(spec.title, font=spec.font + "-b", size=12.5)
    s.gap(2)
    s.lines(spec.patient_lines, font=spec.font + "-b")
    s.gap(4)
    if spec.salutation:
        s.line(spec.salutation)
        s.gap(2)
    for text in spec.body:
        s.para(text)
    s.gap(2)
    if spec.date_at_end:
        s.line(spec.place_date)
        s.gap(2)
    s.line(spec.closing)
    s.gap(10)
    s.line(spec.signer)
    s.line(spec.signer_role, size=9)
    if spec.footer:
        s.footer(spec.footer)
    return Draft(
        s,
        spec.language,
        spec.region,
        spec.org,
        spec.as_written,
        title=spec.title,
        title_alternatives=spec.title_alternatives,
        sender_alternatives=spec.sender_alternatives,
        letter_date=case.day,
        other_dates=spec.other_dates,
        people=[(spec.signer, "signer")],
        fax_number=spec.fax_number,
        fax_label=spec.fax_label,
        notes=spec.notes,
        cover_subject=spec.title,
        cover_from=spec.org,
    )


def _address(case: Case, word: str) -> list[str]:
    return [f"{word} " + ", ".join(address_lines(case.pat))] if case.show_address else []


@layout(
    "at_entlassungsbrief",
    "Austrian hospital: 'Abteilung für', 'Perchtoldsdorf, am' with Austrian month names (Jänner), the "
    "social insurance number (birth date inside it), 'Sehr geehrte Frau Kollegin!'",
    titles=True,
    ages=(18, 99),
)
def at_entlassungsbrief(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Landesklinikum Wienerwald-Süd"
    out = before(case.day, 1, 5, rng)
    admit = before(out, 2, 10, rng)
    written = f"{pat.title + ' ' if pat.title else ''}{pat.given} {pat.surname}"
    svnr = f"{rng.randint(1000, 9999)} {pat.birth.strftime('%d%m%y')}"
    signer = rng.choice(["OA Dr. Bernhard Pichler", "Dr.in Verena Schwaiger"])
    spec = Spec(
        "de",
        "AT",
        org,
        [
            org,
            "Abteilung für Innere Medizin",
            "Dr.-Karl-Renner-Promenade 14 · 2380 Perchtoldsdorf · Österreich",
        ],
        f"Perchtoldsdorf, am {dates.long(case.day, 'at')}",
        "Entlassungsbrief",
        [
            f"Patient/in: {salute(pat, 'de1')} {written}",
            f"geb. {dates.num(pat.birth)}, SVNR {svnr}",
            *_address(case, "wh."),
        ],
        written,
        "Sehr geehrte Frau Kollegin! Sehr geehrter Herr Kollege!",
        [
            f"Wir berichten über den stationären Aufenthalt vom {glue(dates.num(admit))} bis {glue(dates.num(out))} an unserer Abteilung.",
            "Die Aufnahme erfolgte wegen einer hypertensiven Entgleisung während eines Urlaubsaufenthaltes. Unter Anpassung der antihypertensiven Therapie kam es zu einer raschen Besserung.",
            "Wir ersuchen um Kontrolle der Blutdruckwerte und der Nierenfunktion in einer Woche.",
        ],
        "Mit kollegialen Grüßen",
        signer,
        "Oberarzt/Oberärztin",
        head_align="right",
        sender_alternatives=[f"{org}, Abteilung für Innere Medizin"],
        other_dates=[(admit, "admission"), (out, "discharge")],
        fax_number="+43 2236 9004-2719",
        fax_label="LK WIENERWALD SUED",
        notes=["Austrian conventions: Jänner for January, the SVNR holds the birth date"],
    )
    return _write(case, spec)


@layout(
    "ch_kantonsspital",
    "Swiss cantonal hospital: 'ss' for 'ß', 'Freundliche Grüsse', AHV number, the patient's "
    "date of birth as 'Geburtsdatum', the addressee block before the hospital's head",
    spelling="swiss",
)
def ch_kantonsspital(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Kantonsspital Aarewald"
    dept = "Klinik für Orthopädie und Traumatologie"
    exam = before(case.day, 1, 8, rng)
    written = f"{pat.given} {pat.surname}"
    signer = rng.choice(
        ["Dr. med. Reto Ammann, Leitender Arzt", "Dr. med. Corinne Vetsch, Oberärztin"]
    )
    spec = Spec(
        "de",
        "CH",
        org,
        [org, dept, "Tellstrasse 25 · 5001 Aarau · Schweiz"],
        f"Aarau, {dates.long(case.day, 'de')}",
        "Ambulanter Sprechstundenbericht",
        [
            f"{salute(pat, 'de1')} {written}, Geburtsdatum {dates.num(pat.birth)}",
            f"AHV-Nr. 756.{rng.randint(1000, 9999)}.{rng.randint(1000, 9999)}.{rng.randint(10, 99)}",
            *_address(case, "Adresse:"),
        ],
        written,
        "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege",
        [
            f"Wir sahen die oben genannte Person am {glue(dates.num(exam))} in unserer Sprechstunde nach einer Distorsion des oberen Sprunggelenks links beim Wandern.",
            "Klinisch und radiologisch kein Hinweis auf eine Fraktur. Wir empfehlen eine Stabilisierung in der Schiene für sechs Wochen sowie Physiotherapie.",
            "Eine weitere Kontrolle bei uns ist nicht vorgesehen; wir danken für die Weiterbetreuung.",
        ],
        "Freundliche Grüsse",
        signer.split(", ")[0],
        signer.split(", ")[1],
        address_first=True,
        address_style="intl",
        font="arial",
        sender_alternatives=[f"{org}, {dept}", dept],
        title_alternatives=["Sprechstundenbericht"],
        other_dates=[(exam, "consultation")],
        fax_number="+41 62 838 40 01",
        fax_label="KSA ORTHOPAEDIE",
    )
    return _write(case, spec)


@layout(
    "gb_nhs_clinic_letter",
    "British NHS trust clinic letter: trust and department, a reference block with clinic, "
    "dictated and typed dates, 'Re:' with the name in capitals and DOB dd/mm/yyyy, umlauts "
    "written out (ue)",
    spelling="translit",
)
def gb_nhs(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Northfield Teaching Hospitals NHS Foundation Trust"
    clinic = before(case.day, 3, 14, rng)
    typed = before(case.day, 0, 2, rng)
    written = f"{pat.given} {pat.surname.upper()}"
    title = rng.choice(["Cardiology Outpatient Clinic", "Respiratory Medicine Clinic"])
    signer = rng.choice(["Dr Alistair Pritchard", "Dr Nkechi Oduya"])
    spec = Spec(
        "en",
        "GB",
        org,
        [
            org,
            f"Department of {title.split()[0]} Medicine",
            "Eastfield Road, Northfield NF4 7QX, United Kingdom",
            f"Clinic date: {dates.num(clinic, '/')}  Dictated: {dates.num(clinic, '/')}  Typed: {dates.num(typed, '/')}",
        ],
        dates.long(case.day, "en"),
        title,
        [
            f"Re: {salute(pat, 'en')} {written}  DOB: {dates.num(pat.birth, '/')}",
            f"Hospital No: K{rng.randint(100000, 999999)}",
            *_address(case, "Address:"),
        ],
        written,
        f"Dear {case.doctor.replace('Dr. med. ', 'Dr ')},",
        [
            "Thank you for asking me to see this patient, who was visiting relatives in Northfield and attended our rapid access clinic.",
            "Examination was unremarkable apart from a soft ejection systolic murmur. The ECG showed sinus rhythm at 68 beats per minute.",
            "I have arranged no further follow-up here and have given the patient a copy of this letter to take home.",
        ],
        "Yours sincerely,",
        signer,
        "Consultant Physician",
        head_align="right",
        font="arial",
        other_dates=[(clinic, "clinic date / dictated"), (typed, "typed")],
        sender_alternatives=["Northfield Teaching Hospitals"],
        title_alternatives=[],
        fax_number="+44 1632 960 418",
        fax_label="NORTHFIELD NHS",
        notes=["a clinic, a dictation and a typing date beside the letter's own date"],
    )
    return _write(case, spec)


@layout(
    "us_consult_letter",
    "US consultation letter on US Letter paper: 'September 13, 2024', 'RE:' with DOB as "
    "MM/DD/YYYY, MRN, date of service, 'Sincerely,', accents dropped",
    spelling="plain",
)
def us_consult(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Lakeview Medical Group"
    service = before(case.day, 1, 7, rng)
    written = f"{pat.given.upper()} {pat.surname.upper()}"
    signer = rng.choice(["Jennifer L. Hartwell, MD", "Rajesh Venkataraman, MD, FACP"])
    spec = Spec(
        "en",
        "US",
        org,
        [
            org,
            "Department of Neurology",
            "2200 Shoreline Drive, Suite 410 · Madison, WI 53703 · USA",
        ],
        dates.us_long(case.day),
        "Neurology Consultation",
        [
            f"RE: {written}",
            f"DOB: {dates.us(pat.birth)}   MRN: {rng.randint(10000000, 99999999)}",
            f"Date of service: {dates.us(service)}",
            *_address(case, "Home address:"),
        ],
        written,
        f"Dear Dr. {case.doctor.split()[-1]}:",
        [
            "Thank you for the opportunity to participate in the care of your patient, who was seen in our clinic while visiting family in Wisconsin.",
            "The patient reports episodic headaches over the past three months. The neurological examination was non-focal and an MRI of the brain without contrast was unremarkable.",
            "I recommended lifestyle measures and a headache diary. Please do not hesitate to contact me with any questions.",
        ],
        "Sincerely,",
        signer,
        "Attending Neurologist",
        paper="letter",
        font="arial",
        other_dates=[(service, "date of service")],
        title_alternatives=["Consultation"],
        fax_number="+1 608 555 0143",
        fax_label="LAKEVIEW NEURO",
        notes=["US dates: month first (MM/DD/YYYY)"],
    )
    return _write(case, spec)


@layout(
    "ie_hospital_letter",
    "Irish university hospital: 'Date: 12th September 2024' at the end, 'Re: Ms Given "
    "Surname, D.O.B.', sender named in a capitalised logo line and the footer, umlauts "
    "written out (Mueller)",
    spelling="translit",
)
def ie_hospital(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "St. Brigid's University Hospital"
    seen = before(case.day, 2, 9, rng)
    written = f"{pat.given} {pat.surname}"
    spec = Spec(
        "en",
        "IE",
        org,
        [
            "ST. BRIGID'S",
            "University Hospital · Emergency Department",
            "Newcastle Road, Galway H91 XK20, Ireland",
        ],
        f"Date: {dates.ordinal(case.day)}",
        "Emergency Department Discharge Summary",
        [
            f"Re: {'Ms' if pat.sex == 'F' else 'Mr'} {written}, D.O.B. {dates.num(pat.birth, '/')}",
            f"Attended: {dates.num(seen, '/')}",
            *_address(case, "Home address:"),
        ],
        written,
        "Dear Doctor,",
        [
            "This patient presented to our department while on holiday with an acute left-sided renal colic.",
            "A CT KUB showed a 4 mm calculus at the left vesicoureteric junction. Analgesia was given and the patient was discharged with a plan for outpatient follow-up at home.",
        ],
        "Kind regards,",
        "Dr Ciarán Ó Súilleabháin",
        "Registrar in Emergency Medicine",
        date_at_end=True,
        font="sans",
        footer=[f"{org} · Saolta University Health Care Group · Tel +353 91 544 000"],
        sender_alternatives=["St. Brigid's", "ST. BRIGID'S University Hospital"],
        title_alternatives=["Discharge Summary"],
        other_dates=[(seen, "attendance")],
        fax_number="+353 91 544 511",
        fax_label="SBUH ED",
        notes=["the date stands at the end; an ordinal date (12th)"],
    )
    return _write(case, spec)


@layout(
    "fr_compte_rendu",
    "French hospital report: 'Compte rendu d'hospitalisation', 'Madame NOM née NAISSANCE "
    "Prénom', 'née le dd/mm/yyyy', 'Villefranche-sur-Saône, le 12 septembre 2024', 'Cher Confrère,'",
    ages=(30, 99),
)
def fr_compte_rendu(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Centre Hospitalier de Villefranche-en-Beaujolais"
    out = before(case.day, 1, 6, rng)
    admit = before(out, 2, 8, rng)
    birth = f" née {pat.birth_name.upper()}" if pat.birth_name and pat.sex == "F" else ""
    written = f"{pat.surname.upper()} {pat.given}"
    spec = Spec(
        "fr",
        "FR",
        org,
        [
            org,
            "Service de Cardiologie - Pr Antoine Lemaire",
            "Plateau d'Ouilly, 69655 Villefranche-sur-Saône Cedex, France",
        ],
        f"Villefranche-sur-Saône, le {dates.long(case.day, 'fr')}",
        "Compte rendu d'hospitalisation",
        [
            f"{salute(pat, 'fr')} {pat.surname.upper()}{birth} {pat.given}",
            f"{'née' if pat.sex == 'F' else 'né'} le {dates.num(pat.birth, '/')}",
            *_address(case, "domicile :"),
        ],
        written,
        "Cher Confrère,",
        [
            f"Votre patient(e) a été hospitalisé(e) dans notre service du {glue(dates.num(admit, '/'))} au {glue(dates.num(out, '/'))} pour une fibrillation atriale rapide découverte pendant un séjour touristique.",
            "Un traitement anticoagulant par apixaban a été introduit ainsi qu'un bêtabloquant. L'échographie cardiaque retrouve une fonction ventriculaire gauche conservée.",
            "Nous vous remercions d'assurer le suivi et restons à votre disposition.",
        ],
        "Bien confraternellement,",
        "Dr Camille Rouvière",
        "Praticien hospitalier",
        other_dates=[(admit, "admission"), (out, "discharge")],
        sender_alternatives=[f"{org}, Service de Cardiologie", "CH de Villefranche-en-Beaujolais"],
        title_alternatives=["Compte rendu"],
        fax_number="+33 4 74 09 29 30",
        fax_label="CH VILLEFRANCHE CARDIO",
        notes=["French order: SURNAME Given; 'née' introduces the birth name"],
    )
    draft = _write(case, spec)
    draft.as_written = f"{pat.surname.upper()}{birth} {pat.given}" if birth else written
    return draft


@layout(
    "it_lettera_dimissione",
    "Italian discharge letter: 'Azienda Ospedaliera', 'Unità Operativa', 'Sig.ra COGNOME "
    "Nome, nata il', 'Gentile Collega', German umlauts dropped (Muller)",
    spelling="umlauts",
    ages=(18, 99),
)
def it_lettera(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Azienda Ospedaliera Santa Lucia del Garda"
    out = before(case.day, 1, 4, rng)
    admit = before(out, 1, 7, rng)
    written = f"{pat.surname.upper()} {pat.given}"
    born = "nata" if pat.sex == "F" else "nato"
    spec = Spec(
        "it",
        "IT",
        org,
        [
            org,
            "Unità Operativa di Medicina Interna - Direttore: Dott. Paolo Bertolini",
            "Via dei Colli 18, 37019 Peschiera del Garda (VR), Italia",
        ],
        f"Peschiera del Garda, {dates.long(case.day, 'it')}",
        "Lettera di dimissione",
        [
            f"Paziente: {salute(pat, 'it')} {written}, {born} il {dates.num(pat.birth, '/')}",
            f"Ricovero dal {dates.num(admit, '/')} al {dates.num(out, '/')}",
            *_address(case, "residente in"),
        ],
        written,
        "Gentile Collega,",
        [
            "il/la paziente è stato/a ricoverato/a presso il nostro reparto per una polmonite comunitaria del lobo inferiore destro.",
            "È stata impostata terapia antibiotica con amoxicillina e acido clavulanico con pronta risposta clinica. Si consiglia controllo radiografico tra sei settimane.",
        ],
        "Cordiali saluti",
        "Dott.ssa Giulia Ferraresi",
        "Dirigente Medico",
        head_align="center",
        font="serif",
        other_dates=[(admit, "admission"), (out, "discharge")],
        sender_alternatives=["Unità Operativa di Medicina Interna", "Santa Lucia del Garda"],
        title_alternatives=[],
        fax_number="+39 045 640 1299",
        fax_label="AO S LUCIA MED INT",
        notes=["Italian order: SURNAME Given"],
    )
    return _write(case, spec)


@layout(
    "nl_ontslagbrief",
    "Dutch discharge letter: 'Betreft:' with 'mevrouw/de heer', 'geboren dd-mm-yyyy', "
    "'Geachte collega,', particles in lower case, umlauts written out",
    spelling="translit",
    ages=(25, 99),
)
def nl_ontslagbrief(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Ziekenhuis Rijnoever"
    out = before(case.day, 1, 5, rng)
    written = f"{pat.given} {pat.surname}"
    spec = Spec(
        "nl",
        "NL",
        org,
        [org, "Afdeling Interne Geneeskunde", "Postbus 9101, 6500 HB Nijmegen, Nederland"],
        f"Nijmegen, {dates.long(case.day, 'nl')}",
        "Ontslagbrief",
        [
            f"Betreft: {salute(pat, 'nl')} {written}, geboren {dates.num(pat.birth, '-')}",
            f"Opname tot {dates.num(out, '-')}",
            *_address(case, "Adres:"),
        ],
        written,
        "Geachte collega,",
        [
            "Bovengenoemde patiënt(e) werd tijdens een vakantie opgenomen in verband met een ontregelde diabetes mellitus type 2.",
            "De medicatie is aangepast; wij verzoeken u de glucosewaarden en het HbA1c over drie maanden te controleren.",
        ],
        "Met vriendelijke groet,",
        "Drs. Maarten van der Linde",
        "AIOS Interne Geneeskunde",
        address_first=True,
        font="arial",
        other_dates=[(out, "discharge")],
        sender_alternatives=[f"{org}, Afdeling Interne Geneeskunde"],
        fax_number="+31 24 361 9900",
        fax_label="RIJNOEVER INTERNE",
    )
    return _write(case, spec)


@layout(
    "pl_karta_informacyjna",
    "Polish hospital information card: 'Karta informacyjna leczenia szpitalnego', 'NAZWISKO "
    "Imię', PESEL (birth date inside it), 'dnia 12.09.2024 r.' at the end, German umlauts "
    "dropped (Muller)",
    spelling="umlauts",
    ages=(18, 99),
)
def pl_karta(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Szpital Wojewódzki im. św. Łukasza w Zielonej Górze"
    out = before(case.day, 0, 3, rng)
    admit = before(out, 2, 9, rng)
    written = f"{pat.surname.upper()} {pat.given}"
    pesel = f"{pat.birth.strftime('%y%m%d')}{rng.randint(10000, 99999)}"
    spec = Spec(
        "pl",
        "PL",
        org,
        [org, "Oddział Chorób Wewnętrznych", "ul. Zyty 26, 65-046 Zielona Góra, Polska"],
        f"Zielona Góra, dnia {dates.num(case.day)} r.",
        "Karta informacyjna leczenia szpitalnego",
        [
            f"Pacjent: {written}",
            f"Data urodzenia: {dates.num(pat.birth)}   PESEL: {pesel}",
            f"Okres hospitalizacji: {dates.num(admit)} - {dates.num(out)}",
            *_address(case, "Adres:"),
        ],
        written,
        "",
        [
            "Rozpoznanie: Zapalenie płuc prawostronne. Nadciśnienie tętnicze.",
            "Zalecenia: Kontrola u lekarza rodzinnego w ciągu 7 dni. Kontynuacja leczenia zgodnie z zaleceniami.",
        ],
        "Lekarz prowadzący",
        "lek. med. Tomasz Wróblewski",
        "specjalista chorób wewnętrznych",
        date_at_end=True,
        font="sans",
        other_dates=[(admit, "admission"), (out, "discharge")],
        sender_alternatives=["Szpital Wojewódzki w Zielonej Górze", "Oddział Chorób Wewnętrznych"],
        fax_number="+48 68 329 6801",
        fax_label="SZPITAL ZG",
        notes=[
            "Polish: the PESEL holds the birth date; the date stands at the end with 'dnia ... r.'"
        ],
    )
    return _write(case, spec)


@layout(
    "es_informe_alta",
    "Spanish discharge report: 'Informe de alta', 'Paciente: APELLIDO, Nombre', 'Fecha de "
    "nacimiento', '12 de septiembre de 2024', 'Estimado colega:'",
)
def es_informe(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Hospital Costa del Sol Oriental"
    out = before(case.day, 0, 3, rng)
    admit = before(out, 1, 6, rng)
    written = f"{pat.surname.upper()}, {pat.given}"
    spec = Spec(
        "es",
        "ES",
        org,
        [
            org,
            "Servicio de Medicina Interna",
            "Avda. del Mediterráneo s/n, 29740 Vélez-Málaga, España",
        ],
        f"Vélez-Málaga, {dates.long(case.day, 'es')}",
        "Informe de alta",
        [
            f"Paciente: {written}",
            f"Fecha de nacimiento: {dates.num(pat.birth, '/')}",
            f"Ingreso: {dates.num(admit, '/')}   Alta: {dates.num(out, '/')}",
            *_address(case, "Domicilio:"),
        ],
        written,
        "Estimado colega:",
        [
            "Paciente que ingresa durante sus vacaciones por un cuadro de gastroenteritis aguda con deshidratación.",
            "Evoluciona favorablemente con fluidoterapia. Se recomienda control analítico de la función renal por su médico de cabecera.",
        ],
        "Atentamente,",
        "Dra. Lucía Ortega Benítez",
        "Facultativa Especialista de Área",
        head_align="right",
        font="arial",
        other_dates=[(admit, "admission"), (out, "discharge")],
        sender_alternatives=["Servicio de Medicina Interna"],
        fax_number="+34 951 06 72 10",
        fax_label="HCSO MEDICINA",
    )
    return _write(case, spec)


@layout(
    "tr_epikriz",
    "Turkish epicrisis: 'EPİKRİZ', 'Hasta Adı Soyadı', 'Doğum Tarihi', 'Tarih:' in a field "
    "at the end, Turkish letters kept",
)
def tr_epikriz(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Özel Akdeniz Yaşam Hastanesi"
    out = before(case.day, 0, 2, rng)
    admit = before(out, 1, 5, rng)
    written = f"{pat.given} {pat.surname.upper()}"
    spec = Spec(
        "tr",
        "TR",
        org,
        [
            org,
            "İç Hastalıkları Kliniği",
            "Lara Caddesi No: 112, 07230 Muratpaşa / Antalya, Türkiye",
        ],
        f"Tarih: {dates.num(case.day)}",
        "EPİKRİZ",
        [
            f"Hasta Adı Soyadı: {written}",
            f"Doğum Tarihi: {dates.num(pat.birth)}",
            f"Yatış Tarihi: {dates.num(admit)}   Çıkış Tarihi: {dates.num(out)}",
            *_address(case, "Adres:"),
        ],
        written,
        "Sayın Meslektaşım,",
        [
            "Hasta tatil sırasında ateş ve idrar yolu enfeksiyonu bulguları ile başvurdu. Antibiyotik tedavisi ile klinik düzelme sağlandı.",
            "Aile hekimi kontrolü önerilir.",
        ],
        "Saygılarımla,",
        "Uzm. Dr. Elif Karaosmanoğlu",
        "İç Hastalıkları Uzmanı",
        date_at_end=True,
        font="sans",
        other_dates=[(admit, "admission"), (out, "discharge")],
        sender_alternatives=["Akdeniz Yaşam Hastanesi", "İç Hastalıkları Kliniği"],
        title_alternatives=["Epikriz"],
        fax_number="+90 242 310 4499",
        fax_label="AKDENIZ YASAM",
    )
    return _write(case, spec)


@layout(
    "dk_epikrise",
    "Danish epicrisis: 'Epikrise', 'født' with the CPR number (birth date inside it), "
    "'12. september 2024', 'Kære kollega', 'Med venlig hilsen', umlauts written out",
    spelling="translit",
)
def dk_epikrise(case: Case) -> Draft:
    rng, pat = case.rng, case.pat
    org = "Regionshospitalet Vestkysten"
    seen = before(case.day, 1, 6, rng)
    written = f"{pat.given} {pat.surname}"
    cpr = f"{pat.birth.strftime('%d%m%y')}-{rng.randint(1000, 9999)}"
    spec = Spec(
        "da",
        "DK",
        org,
        [org, "Akutmodtagelsen", "Finsensgade 35, 6700 Esbjerg, Danmark"],
        f"Esbjerg, {dates.long(case.day, 'da')}",
        "Epikrise",
        [
            f"Patient: {written}, født {dates.num(pat.birth)}",
            f"CPR-nr.: {cpr}   Kontakt: {dates.num(seen)}",
            *_address(case, "Adresse:"),
        ],
        written,
        "Kære kollega,",
        [
            "Patienten blev set i akutmodtagelsen under en ferie efter et fald på cykel med smerter i venstre skulder.",
            "Røntgen viste ingen fraktur. Patienten er afsluttet med smertestillende behandling og genoptræning.",
        ],
        "Med venlig hilsen",
        "Læge Søren Kjærgaard",
        "Akutlæge",
        head_align="center",
        font="serif",
        other_dates=[(seen, "contact")],
        sender_alternatives=["Regionshospitalet Vestkysten, Akutmodtagelsen"],
        fax_number="+45 7918 2030",
        fax_label="RHV AKUT",
        notes=["the CPR number holds the birth date"],
    )
    return _write(case, spec)
