"""Letters from abroad: the UK, the US, Austria, Switzerland, the Netherlands, Poland, Turkey,
Italy and Spain, each with its own date style, labels and habits (Jänner, née, MM/DD/YYYY)."""

from __future__ import annotations

from dataclasses import dataclass

from bench.heldout50h.context import Context
from bench.heldout50h.frame import Draft, Org, address_block, closing, info_block, letterhead
from bench.heldout50h.page import Writer


@dataclass
class Spec:
    lang: str
    region: str
    org: Org
    title: str
    title_alternatives: list[str]
    labels: dict[str, str]  # patient, dob, date, admitted, discharged
    date_style: str
    name_style: str
    head: str
    window: str
    body: list[str]
    greeting: str
    signer: tuple[str, str]
    stay: bool = True
    date_at: str = "info"  # info, end, top
    dob_style: str = ""  # the birth date's style where it differs from the letter date's


SPECS = {
    "GB": Spec(
        "en",
        "GB",
        Org(
            "Royal Wessex Hospitals NHS Foundation Trust",
            ["Royal Wessex Hospitals", "Royal Wessex Hospital, Department of Acute Medicine"],
            ["Department of Acute Medicine", "Queen Mary Wing"],
            "Harnham Road",
            "Salisbury SP2 8BJ",
            "+44 1722 336260",
            "+44 1722 336499",
        ),
        "Discharge Summary",
        ["Inpatient Discharge Summary"],
        {
            "patient": "Patient name",
            "dob": "Date of birth",
            "date": "Date",
            "admitted": "Date of admission",
            "discharged": "Date of discharge",
        },
        "en:slash",
        "upper",
        "right",
        "left",
        [
            "Dear Doctor,",
            "Your patient was admitted while on holiday in Wiltshire with chest pain. Serial "
            "troponins were "
            "negative and a CT pulmonary angiogram showed no embolism.",
            "The pain was felt to be musculoskeletal. The patient was discharged home to "
            "Germany with "
            "analgesia and advised to see you within two weeks.",
        ],
        "Yours sincerely",
        ("Dr Imogen Fairweather", "Specialty Registrar, Acute Medicine"),
    ),
    "US": Spec(
        "en",
        "US",
        Org(
            "Lakeshore Orthopedic Associates",
            ["Lakeshore Orthopedic Associates, P.C.", "Lakeshore Orthopedics"],
            ["Sports Medicine and Joint Replacement"],
            "2200 N Lincoln Ave, Suite 410",
            "Chicago, IL 60614",
            "+1 (312) 555-0148",
            "+1 (312) 555-0149",
        ),
        "Consultation Report",
        ["Consultation Note"],
        {
            "patient": "Patient",
            "dob": "DOB",
            "date": "Date of report",
            "admitted": "Date of service",
            "discharged": "",
        },
        "en:us",
        "clerk",
        "left",
        "left",
        [
            "Thank you for allowing us to participate in the care of your patient, who was seen "
            "for "
            "right knee pain after a fall during a business trip.",
            "Examination showed a small effusion, stable ligaments and tenderness over the "
            "medial joint line. "
            "MRI demonstrated a horizontal tear of the posterior horn of the medial meniscus.",
            "We recommend physical therapy for six weeks and follow-up with an orthopedic "
            "surgeon at home.",
        ],
        "Sincerely,",
        ("Michael T. Osei, MD", "Board Certified Orthopedic Surgeon"),
        stay=True,
        date_at="top",
    ),
    "AT": Spec(
        "de",
        "AT",
        Org(
            "Landeskrankenhaus Hochsteiermark",
            ["LKH Hochsteiermark", "LKH Hochsteiermark, Standort Leoben"],
            ["Abteilung für Innere Medizin", "Standort Leoben"],
            "Vordernberger Straße 42",
            "8700 Leoben, Österreich",
            "+43 3842 401-0",
            "+43 3842 401-2700",
        ),
        "Ambulanzbrief",
        ["Ambulanzbericht"],
        {
            "patient": "Patient/in",
            "dob": "Geb.-Datum",
            "date": "Leoben, am",
            "admitted": "Ambulanzbesuch",
            "discharged": "",
        },
        "at:long",
        "comma",
        "left",
        "left",
        [
            "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege!",
            "Ihr/e Patient/in stellte sich während eines Skiurlaubs mit Atemnot und Fieber in "
            "unserer Ambulanz vor. "
            "Radiologisch zeigte sich ein Infiltrat im rechten Unterlappen.",
            "Wir haben eine orale Antibiose mit Amoxicillin/Clavulansäure begonnen und bitten um "
            "Kontrolle des Röntgenbefundes in vier Wochen.",
        ],
        "Mit freundlichen Grüßen",
        ("OA Dr. Florian Pichler", "Facharzt für Innere Medizin"),
    ),
    "CH": Spec(
        "de",
        "CH",
        Org(
            "Kantonsspital Glarnerland",
            ["Kantonsspital Glarus", "KSGL Kantonsspital Glarnerland"],
            ["Medizinische Klinik", "Sprechstunde Gastroenterologie"],
            "Burgstrasse 99",
            "8750 Glarus, Schweiz",
            "+41 55 646 33 33",
            "+41 55 646 33 34",
        ),
        "Sprechstundenbericht",
        ["Bericht"],
        {
            "patient": "Patient",
            "dob": "Geburtsdatum",
            "date": "Glarus,",
            "admitted": "Konsultation vom",
            "discharged": "",
        },
        "de:dotshort",
        "clerk",
        "centre",
        "right",
        [
            "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege",
            "Besten Dank für die Zuweisung. Die Gastroskopie zeigte eine leichte Antrumgastritis, "
            "Helicobacter pylori wurde histologisch nachgewiesen.",
            "Wir empfehlen eine Eradikationstherapie über 14 Tage und eine Kontrolle mittels "
            "Atemtest.",
        ],
        "Freundliche Grüsse",
        ("Dr. med. Regula Tschudi", "Leitende Ärztin Gastroenterologie"),
        date_at="end",
    ),
    "NL": Spec(
        "nl",
        "NL",
        Org(
            "Maasland Ziekenhuis Venlo",
            ["Maasland Ziekenhuis", "Ziekenhuis Maasland, afdeling Cardiologie"],
            ["Afdeling Cardiologie"],
            "Tegelseweg 210",
            "5912 BL Venlo, Nederland",
            "+31 77 320 5555",
            "+31 77 320 6060",
        ),
        "Ontslagbrief",
        ["Ontslagbericht"],
        {
            "patient": "Patiënt",
            "dob": "Geboortedatum",
            "date": "Datum",
            "admitted": "Opname",
            "discharged": "Ontslag",
        },
        "nl:dmy",
        "comma",
        "right",
        "left",
        [
            "Geachte collega,",
            "Uw patiënt werd opgenomen wegens een atriumfibrilleren met snelle "
            "ventrikelrespons. Na "
            "elektrische cardioversie herstelde het sinusritme.",
            "Wij hebben gestart met apixaban 5 mg tweemaal daags. Controle op onze polikliniek "
            "over drie maanden.",
        ],
        "Met vriendelijke groet,",
        ("Dr. Maarten Hendriks", "cardioloog"),
    ),
    "PL": Spec(
        "pl",
        "PL",
        Org(
            "Szpital Wojewódzki w Opolu",
            [
                "Szpital Wojewódzki w Opolu Sp. z o.o.",
                "Oddział Chorób Wewnętrznych, Szpital Wojewódzki w Opolu",
            ],
            ["Oddział Chorób Wewnętrznych"],
            "ul. Katowicka 64",
            "45-061 Opole, Polska",
            "+48 77 443 30 00",
            "+48 77 443 30 01",
        ),
        "Karta informacyjna leczenia szpitalnego",
        ["Karta informacyjna", "Karta wypisowa"],
        {
            "patient": "Pacjent",
            "dob": "Data urodzenia",
            "date": "Opole, dnia",
            "admitted": "Data przyjęcia",
            "discharged": "Data wypisu",
        },
        "pl:dotr",
        "allupper",
        "centre",
        "left",
        [
            "Rozpoznanie: Zapalenie płuc prawostronne (J18.9).",
            "Pacjent przyjęty z powodu gorączki i duszności. W trakcie hospitalizacji stosowano "
            "antybiotykoterapię "
            "z dobrym efektem klinicznym.",
            "Zalecenia: kontrola u lekarza rodzinnego, RTG klatki piersiowej za 6 tygodni.",
        ],
        "Z poważaniem",
        ("lek. med. Tomasz Wróbel", "specjalista chorób wewnętrznych"),
        date_at="top",
        dob_style="pl:dot",
    ),
    "TR": Spec(
        "tr",
        "TR",
        Org(
            "Özel Ege Şifa Hastanesi",
            ["Ege Şifa Hastanesi", "Özel Ege Şifa Hastanesi İzmir"],
            ["İç Hastalıkları Kliniği"],
            "Mustafa Kemal Sahil Bulvarı No. 18",
            "35330 Balçova / İzmir, Türkiye",
            "+90 232 278 40 00",
            "+90 232 278 40 01",
        ),
        "Epikriz",
        ["Epikriz Raporu"],
        {
            "patient": "Hasta Adı Soyadı",
            "dob": "Doğum Tarihi",
            "date": "Tarih",
            "admitted": "Yatış Tarihi",
            "discharged": "Çıkış Tarihi",
        },
        "tr:dot",
        "clerk",
        "left",
        "left",
        [
            "Hasta ateş ve karın ağrısı şikayetiyle acil servise başvurdu. Yapılan tetkiklerde "
            "akut "
            "apandisit saptandı ve laparoskopik apendektomi uygulandı.",
            "Postoperatif dönem sorunsuz geçti. Hasta şifa ile taburcu edildi.",
            "Öneriler: 7. günde dikiş kontrolü, ağır kaldırmaktan kaçınılması.",
        ],
        "Saygılarımızla",
        ("Uzm. Dr. Aslı Karataş", "İç Hastalıkları Uzmanı"),
    ),
    "IT": Spec(
        "it",
        "IT",
        Org(
            "Ospedale San Vigilio Bolzano",
            ["Ospedale San Vigilio", "Azienda Sanitaria dell'Alto Adige – Ospedale San Vigilio"],
            ["Reparto di Ortopedia e Traumatologia"],
            "Via Lorenz Böhler 5",
            "39100 Bolzano (BZ), Italia",
            "+39 0471 908111",
            "+39 0471 908222",
        ),
        "Referto di Pronto Soccorso",
        ["Verbale di Pronto Soccorso"],
        {
            "patient": "Paziente",
            "dob": "Data di nascita",
            "date": "Bolzano,",
            "admitted": "Data accesso",
            "discharged": "",
        },
        "it:slash",
        "upper",
        "left",
        "right",
        [
            "Gentile collega,",
            "il paziente si è presentato in seguito a caduta sugli sci con dolore al polso "
            "destro. La radiografia "
            "ha evidenziato una frattura composta del radio distale.",
            "È stato confezionato un apparecchio gessato. Controllo radiografico tra 10 giorni.",
        ],
        "Cordiali saluti",
        ("Dott.ssa Chiara Moser", "Dirigente Medico"),
        date_at="end",
    ),
    "ES": Spec(
        "es",
        "ES",
        Org(
            "Hospital Universitario Costa Blanca",
            ["Hospital Costa Blanca", "H.U. Costa Blanca, Servicio de Medicina Interna"],
            ["Servicio de Medicina Interna"],
            "Avenida de Denia 105",
            "03016 Alicante, España",
            "+34 965 93 80 00",
            "+34 965 93 80 01",
        ),
        "Informe de Alta",
        ["Informe de alta hospitalaria"],
        {
            "patient": "Paciente",
            "dob": "Fecha de nacimiento",
            "date": "Fecha",
            "admitted": "Fecha de ingreso",
            "discharged": "Fecha de alta",
        },
        "es:es",
        "clerk",
        "right",
        "left",
        [
            "Motivo de ingreso: síncope durante las vacaciones.",
            "Evolución: monitorización sin arritmias, ecocardiograma normal. Se diagnostica "
            "síncope vasovagal.",
            "Recomendaciones: hidratación abundante y control por su médico de cabecera en "
            "Alemania.",
        ],
        "Atentamente,",
        ("Dr. Alejandro Ruiz Ortega", "Médico Adjunto, Medicina Interna"),
    ),
}


def _head_rows(ctx: Context, spec: Spec, stay_rows: list[tuple[str, str]]) -> list[tuple[str, str]]:
    rows = [
        (spec.labels["patient"], ctx.name(spec.name_style)),
        (spec.labels["dob"], ctx.dob(spec.dob_style or spec.date_style)),
    ]
    if ctx.region == "GB" and ctx.patient is not None:
        rows.append(("Hospital no.", f"RWH{ctx.rng.randint(1_000_000, 9_999_999)}"))
    if ctx.region == "AT":
        rows.append(("SV-Nummer", f"{ctx.rng.randint(1000, 9999)} {ctx.birth.strftime('%d%m%y')}"))
    return rows + stay_rows


def foreign(ctx: Context) -> Draft:
    spec = SPECS[ctx.region]
    rng, org = ctx.rng, spec.org
    w = Writer()
    w.font = "serif" if spec.lang in ("it", "es") else "sans"
    letterhead(w.page, org, spec.head, serif=spec.lang in ("it", "es"))
    if spec.date_at == "top":
        plain = spec.labels["date"]
        label = f"{plain} " if plain.endswith((",", "dnia", "am")) else f"{plain}: "
        w.page.put(label + ctx.dated(spec.date_style), 188.0, 44.0, 9.5, w.font, align="r")
    address_block(ctx, w.page, org, spec.window, 50.0)
    stay_rows: list[tuple[str, str]] = []
    if spec.stay:
        first = ctx.days(-rng.randint(3, 12))
        stay_rows.append((spec.labels["admitted"], ctx.other(first, "admission", spec.date_style)))
        if spec.labels["discharged"]:
            last = ctx.days(-rng.randint(0, 2))
            stay_rows.append(
                (spec.labels["discharged"], ctx.other(last, "discharge", spec.date_style))
            )
    rows = _head_rows(ctx, spec, stay_rows)
    if spec.date_at == "info":
        rows.append((spec.labels["date"], ctx.dated(spec.date_style)))
    column = 25.0 if spec.window == "right" else 126.0
    top = 50.0 if spec.window == "right" else 58.0
    end = info_block(w.page, rows, column, top, gap=32.0)
    w.y = max(end, 88.0) + 8
    w.line(spec.title, size=13, font_key="serifb" if w.font == "serif" else "sansb")
    w.gap(2)
    for paragraph in spec.body:
        w.para(paragraph)
    place_date = ""
    if spec.date_at == "end":
        place_date = f"{spec.labels['date']} {ctx.dated(spec.date_style)}"
        ctx.notes.append("the letter date stands only at the end (place, date)")
    closing(ctx, w, spec.greeting, [spec.signer], place_date=place_date)
    w.footer = [(f"{org.name} · {org.street} · {org.place} · {org.phone}", 7.0, "c")]
    layout = f"{ctx.region.lower()}-{spec.head}-{spec.date_at}"
    return Draft(
        w.finish(),
        layout,
        org.name,
        org.alternatives,
        spec.title,
        spec.title_alternatives,
        org.name,
        org.fax,
    )
