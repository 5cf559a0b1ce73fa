"""The letters of set heldout50t: north-western German general practices' post."""

from __future__ import annotations

import io
import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any

import pymupdf
from PIL import Image, ImageDraw, ImageFont

from . import register, world
from .canvas import FONT_FILES, LEFT, RIGHT, Canvas, Page, to_pdf
from .world import PRACTICES, SENDERS, fmt

SPLITS = {"test": (5001, 40), "examples": (5002, 6)}
PLAN = [
    "discharge:Universitätsklinikum Münster",
    "lab:Laborarztpraxis Osnabrück",
    "foreign:Medisch Spectrum Twente",
    "letter:AOK Niedersachsen",
    "form:Deutsche Rentenversicherung Braunschweig-Hannover",
    "discharge:Franziskus-Hospital Harderberg",
    "hand:",
    "letter:Kardiologische Gemeinschaftspraxis Osnabrück",
    "foreign:Городская поликлиника № 4",
    "email:",
    "letter:Radiologie am Hasetor",
    "psychiatry:LWL-Klinik Münster",
    "foreign:Szpital Wojewódzki w Poznaniu",
    "letter:Medizinischer Dienst Niedersachsen",
    "forwarded:Neurologische Praxis Dr. Ostendorf & Dr. Yıldız",
    "discharge:Ev. Klinikum Bethel",
    "letter:Berufsgenossenschaft Holz und Metall",
    "kim:",
    "foreign:Landstuhl Regional Medical Center",
    "letter:Landkreis Emsland - Gesundheitsamt",
    "form:Niedersächsisches Landesamt für Soziales, Jugend und Familie",
    "discharge:Ludmillenstift Meppen",
    "letter:Amtsgericht Osnabrück",
    "foreign:Al-Mouwasat University Hospital",
    "letter:Seniorenzentrum St. Josef",
    "lab:MVZ Labor Münster",
    "letter:Hase-Apotheke",
    "rehab:Klinik am Rosengarten",
    "foreign:Centro Hospitalar Universitário de São João",
    "letter:Diakonie-Sozialstation Münster-Nord",
    "psychiatry:Karl-Jaspers-Klinik",
    "letter:Praxis für Physiotherapie Vosskamp",
    "foreign:Rizgary Teaching Hospital",
    "letter:Westfälische Private Krankenversicherung a.G.",
    "discharge:Klinikum Oldenburg",
    "letter:Hospiz Osnabrück",
    "foreign:Health Service Executive",
    "hand:",
    "letter:Radiologisches Zentrum Emsland",
    "foreign:Spitalul Clinic Județean de Urgență Cluj",
    # examples
    "discharge:Medizinische Hochschule Hannover",
    "form:Deutsche Rentenversicherung Westfalen",
    "letter:MVZ Orthopädie Bielefeld-Mitte",
    "letter:hkk Krankenkasse",
    "email:",
    "letter:BKK Melitta HMR",
]
ABROAD = {"NL", "PL", "KZ", "PT", "SY", "IQ", "RO", "US", "IE"}
NAME_COUNTRY = {
    "NL": ["de Vries", "Bakker"],
    "PL": ["Kowalski", "Wiśniewska", "Zieliński"],
    "KZ": ["Iwanowa", "Schmidt", "Kasakow", "Dück", "Neufeld"],
    "PT": ["Ferreira da Silva", "Gonçalves"],
    "SY": ["Al-Hassan", "Haddad"],
    "IQ": ["Ahmad"],
    "RO": ["Popescu", "Munteanu"],
    "US": ["Walker"],
    "IE": ["O'Sullivan"],
}


def practice_names() -> list[dict[str, Any]]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]


@dataclass
class Person:
    given: str  # as the letter spells them
    surname: str
    sex: str
    birth: date | None
    title: str
    reg: register.Patient | None
    notes: list[str] = field(default_factory=list)


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[Page]
    cover: Page | None
    facts: dict[str, Any]
    reg: register.Patient | None
    notes: list[str]
    handwritten: bool
    sent: datetime
    fax_number: str
    fax_sender: str
    vres: int
    g4: bool
    stamp: tuple[date, str] | None
    _pdf: list[bytes] = field(default_factory=list, repr=False)

    def pdf(self) -> bytes:
        """The letter's pages as a PDF (made once per Letter)."""
        if not self._pdf:
            self._pdf.append(to_pdf(self.pages))
        return self._pdf[0]

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    # -- rendering -------------------------------------------------------------------------
    def _fax_header(self, n: int, total: int) -> str:
        return (
            f"{self.sent.strftime('%d.%m.%Y %H:%M')}  FAX {self.fax_number}  "
            f"{self.fax_sender[:34]}  S. {n}/{total}"
        )

    def _stamp_lines(self) -> list[str]:
        assert self.stamp is not None
        return ["EINGEGANGEN", self.stamp[0].strftime("%d.%m.%Y"), self.stamp[1]]

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": self.pdf()}
        if condition == "scan200":
            return self._scan()
        return self._fax()

    def _scan(self) -> dict[str, bytes]:
        doc = pymupdf.open("pdf", self.pdf())
        out: dict[str, bytes] = {}
        for i, page in enumerate(doc):
            rng = random.Random(self.seed * 31 + i)
            pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
            img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
            if i == 0 and self.stamp is not None:
                d = ImageDraw.Draw(img)
                f = ImageFont.truetype(FONT_FILES["monob"], 26)
                x0, y0 = int(372 / 72 * 200), int(790 / 72 * 200)
                d.rectangle((x0, y0, x0 + 440, y0 + 118), outline=40, width=3)
                for k, s in enumerate(self._stamp_lines()):
                    d.text((x0 + 16, y0 + 10 + k * 34), s, fill=40, font=f)
            img = img.point(lambda v: 40 + v * 190 // 255)
            noise = Image.frombytes("L", img.size, rng.randbytes(img.size[0] * img.size[1]))
            noise = noise.point(lambda v: v // 20)
            img = Image.eval(img, lambda v: v)
            from PIL import ImageChops

            img = ImageChops.subtract(img, noise)
            img = img.rotate(
                rng.uniform(-0.7, 0.7), resample=Image.Resampling.BILINEAR, fillcolor=225
            )
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=78, dpi=(200, 200))
            out[f"scan200/page-{i + 1:02d}.jpg"] = buf.getvalue()
        return out

    def _fax(self) -> dict[str, bytes]:
        pages = ([self.cover] if self.cover else []) + self.pages
        doc = pymupdf.open("pdf", self.pdf())
        if self.cover is not None:
            doc.insert_pdf(pymupdf.open("pdf", to_pdf([self.cover])), start_at=0)
        out: dict[str, bytes] = {}
        total = len(pages)
        font = ImageFont.truetype(FONT_FILES["mono"], 24)
        for i, page in enumerate(doc):
            pix = page.get_pixmap(
                matrix=pymupdf.Matrix(204 / 72, 196 / 72), colorspace=pymupdf.csGRAY
            )
            img = Image.new("L", (1728, pix.height), 255)
            img.paste(
                Image.frombytes("L", (pix.width, pix.height), pix.samples),
                ((1728 - pix.width) // 2, 0),
            )
            ImageDraw.Draw(img).text((30, 6), self._fax_header(i + 1, total), fill=0, font=font)
            if self.vres == 98:
                img = img.resize((1728, pix.height // 2), Image.Resampling.BILINEAR)
            bw = img.point(lambda v: 255 if v > 160 else 0).convert("1", dither=Image.Dither.NONE)
            buf = io.BytesIO()
            bw.save(
                buf, "TIFF", compression="group4" if self.g4 else "group3", dpi=(204, self.vres)
            )
            out[f"fax/page-{i + 1:02d}.tif"] = buf.getvalue()
        return out

    # -- truth -----------------------------------------------------------------------------
    def page_texts(self, condition: str) -> list[tuple[str, str]]:
        """(page name, text) per image of a condition."""
        if condition == "pdf":
            return [(f"p{i + 1}", p.text()) for i, p in enumerate(self.pages)]
        if condition == "scan200":
            res = []
            for i, p in enumerate(self.pages):
                t = p.text()
                if i == 0 and self.stamp is not None:
                    t = t + "\n" + "\n".join(self._stamp_lines())
                res.append((f"p{i + 1}", t))
            return res
        pages = ([("cover", self.cover)] if self.cover else []) + [
            (f"p{i + 1}", p) for i, p in enumerate(self.pages)
        ]
        return [
            (name, self._fax_header(i + 1, len(pages)) + "\n" + p.text())
            for i, (name, p) in enumerate(pages)
        ]

    def truth(self) -> dict[str, Any]:
        conds: dict[str, Any] = {}
        for c in self.conditions():
            pages = []
            for i, (name, text) in enumerate(self.page_texts(c)):
                if c == "pdf":
                    pages.append(
                        {"page": name, "file": "pdf/letter.pdf", "pdf_page": i + 1, "text": text}
                    )
                else:
                    ext = "jpg" if c == "scan200" else "tif"
                    pages.append(
                        {"page": name, "file": f"{c}/page-{i + 1:02d}.{ext}", "text": text}
                    )
            conds[c] = {"pages": pages}
        reg = None
        if self.reg is not None:
            reg = {
                "id": self.reg.id,
                "collision": self.reg.collision or None,
                "collision_group": self.reg.collision_group or None,
            }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": reg,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": {
                "sent": self.sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover is not None,
                "number": self.fax_number,
                "resolution": f"204x{self.vres}",
            },
            "conditions": conds,
        }


# ---------------------------------------------------------------------------------------
LABELS: dict[str, dict[str, str]] = {
    "de": {
        "subj": "Betreff:",
        "pat": "Patient:",
        "patf": "Patientin:",
        "born": "geb.",
        "dear": "Sehr geehrte Frau Kollegin, sehr geehrter Herr Kollege,",
        "bye": "Mit freundlichen Grüßen",
        "date": "Datum:",
        "page": "Seite",
        "to": "An",
    },
    "nl": {
        "subj": "Betreft:",
        "pat": "Patiënt:",
        "patf": "Patiënte:",
        "born": "geboren",
        "dear": "Geachte collega,",
        "bye": "Met vriendelijke groet,",
        "date": "Datum:",
        "page": "Pagina",
        "to": "Aan",
    },
    "pl": {
        "subj": "Dotyczy:",
        "pat": "Pacjent:",
        "patf": "Pacjentka:",
        "born": "ur.",
        "dear": "Szanowni Państwo,",
        "bye": "Z poważaniem",
        "date": "Data:",
        "page": "Strona",
        "to": "Do",
    },
    "ru": {
        "subj": "",
        "pat": "Пациент:",
        "patf": "Пациентка:",
        "born": "дата рождения:",
        "dear": "Уважаемые коллеги!",
        "bye": "С уважением,",
        "date": "Дата:",
        "page": "Стр.",
        "to": "Кому:",
    },
    "pt": {
        "subj": "Assunto:",
        "pat": "Doente:",
        "patf": "Doente:",
        "born": "data de nascimento:",
        "dear": "Exmo(a). Colega,",
        "bye": "Com os melhores cumprimentos,",
        "date": "Data:",
        "page": "Página",
        "to": "Para",
    },
    "ro": {
        "subj": "Referitor la:",
        "pat": "Pacient:",
        "patf": "Pacientă:",
        "born": "data nașterii:",
        "dear": "Stimate coleg,",
        "bye": "Cu stimă,",
        "date": "Data:",
        "page": "Pagina",
        "to": "Către",
    },
    "en": {
        "subj": "Re:",
        "pat": "Patient:",
        "patf": "Patient:",
        "born": "DOB:",
        "dear": "Dear Colleague,",
        "bye": "Yours sincerely,",
        "date": "Date:",
        "page": "Page",
        "to": "To",
    },
}

TITLES: dict[str, list[str]] = {
    "discharge": ["Entlassungsbrief", "Vorläufiger Entlassungsbericht", "Arztbrief", "Epikrise"],
    "psychiatry": ["Entlassungsbericht", "Behandlungsbericht"],
    "specialist": [
        "Kardiologischer Befundbericht",
        "Neurologischer Befundbericht",
        "Konsiliarbericht",
        "Arztbrief",
    ],
    "radiology": [
        "MRT der Lendenwirbelsäule nativ",
        "CT Thorax mit Kontrastmittel",
        "Sonographie des Abdomens",
        "Mammographie beidseits in 2 Ebenen",
    ],
    "rehab": ["Ärztlicher Entlassungsbericht", "Reha-Entlassungsbericht"],
    "insurer": [
        "Anfrage zur Arbeitsunfähigkeit",
        "Kostenübernahme eines Hilfsmittels",
        "Bitte um Auskunft zum Behandlungsverlauf",
    ],
    "md": ["Gutachten zur Feststellung der Pflegebedürftigkeit"],
    "bg": ["Arbeitsunfall vom {acc}"],
    "health_office": ["Umgebungsuntersuchung Tuberkulose"],
    "court": ["Betreuungssache - Bitte um ärztliches Zeugnis"],
    "nursing_home": ["Information über ein Sturzereignis", "Bitte um Hausbesuch"],
    "care_service": ["Bitte um Verordnung häuslicher Krankenpflege"],
    "pharmacy": ["Rückfrage zu Ihrer Verordnung", "Hinweis auf eine Wechselwirkung"],
    "therapist": ["Therapiebericht Physiotherapie"],
    "hospice": ["Aufnahme in das stationäre Hospiz"],
}
BODY: dict[str, list[str]] = {
    "discharge": [
        "die stationäre Aufnahme erfolgte notfallmäßig über unsere Zentrale Notaufnahme bei "
        "zunehmender Belastungsdyspnoe und Beinödemen beidseits.",
        "Laborchemisch zeigten sich ein erhöhtes NT-proBNP sowie eine leichte Hyponatriämie. Unter "
        "intravenöser Diurese kam es zu einer raschen Rekompensation.",
        "Echokardiographisch fand sich eine mittelgradig eingeschränkte linksventrikuläre Funktion "
        "(LVEF 38 %). Eine Koronarangiographie zeigte keine interventionsbedürftigen Stenosen.",
        "Wir entlassen den Patienten in gebessertem Allgemeinzustand in Ihre "
        "ambulante Weiterbetreuung "
        "und bitten um regelmäßige Kontrollen von Gewicht, Elektrolyten und Nierenfunktion.",
        "Die Mobilisation erfolgte physiotherapeutisch begleitet; die Wundverhältnisse waren bei "
        "Entlassung reizlos. Die Fäden können am 12. postoperativen Tag entfernt werden.",
    ],
    "psychiatry": [
        "die Aufnahme erfolgte auf eigenen Wunsch bei depressiver Symptomatik "
        "mit Antriebsminderung, "
        "Schlafstörungen und sozialem Rückzug.",
        "Im Verlauf stabilisierte sich die Stimmung unter Sertralin 100 mg und "
        "psychotherapeutischen Einzel- und Gruppengesprächen deutlich.",
        "Bei Entlassung war der Patient von akuter Suizidalität glaubhaft distanziert. Eine "
        "ambulante Psychotherapie ist beantragt.",
    ],
    "specialist": [
        "vielen Dank für die Überweisung. In der heutigen Untersuchung zeigte sich ein "
        "altersentsprechender Befund ohne Hinweis auf eine höhergradige Pathologie.",
        "Im Langzeit-EKG fanden sich vereinzelte ventrikuläre Extrasystolen, keine Pausen. Die "
        "Belastungsergometrie wurde bis 125 Watt ohne Ischämiezeichen durchgeführt.",
        "Wir empfehlen die Fortführung der bestehenden Medikation und eine Kontrolle in sechs "
        "Monaten.",
    ],
    "radiology": [
        "Fragestellung: Bandscheibenvorfall? Radikuläre Symptomatik links.",
        "Befund: Regelrechte Lordose. Osteochondrose L4/5 mit breitbasiger Bandscheibenprotrusion "
        "und Betonung rechts mediolateral, Kontakt zur Nervenwurzel L5 rechts.",
        "Beurteilung: Degenerative Veränderungen L4/5 ohne Nachweis eines sequestrierten "
        "Bandscheibenvorfalls. Keine Spinalkanalstenose.",
    ],
    "rehab": [
        "der Patient wurde im Rahmen einer Anschlussheilbehandlung nach aortokoronarer Bypass-"
        "Operation in unserer Klinik behandelt.",
        "Die Belastbarkeit konnte von 50 auf 100 Watt gesteigert werden. Die Sternotomienarbe ist "
        "reizlos verheilt.",
        "Sozialmedizinische Beurteilung: Die letzte berufliche Tätigkeit als Maschinenführer ist "
        "ab sofort wieder sechs Stunden und mehr möglich.",
    ],
    "insurer": [
        "Ihr Patient bezieht seit längerer Zeit Krankengeld. Um den Leistungsanspruch prüfen zu "
        "können, bitten wir Sie um kurze Auskunft.",
        "Bitte teilen Sie uns die zugrunde liegenden Diagnosen sowie die "
        "voraussichtliche Dauer der "
        "Arbeitsunfähigkeit mit. Die Vergütung erfolgt nach den vertraglichen Vereinbarungen.",
        "Für Rückfragen stehen wir Ihnen gern zur Verfügung.",
    ],
    "md": [
        "im Auftrag der Pflegekasse haben wir eine Begutachtung im häuslichen Umfeld durchgeführt.",
        "Im Ergebnis liegen erhebliche Beeinträchtigungen der Selbständigkeit in den Bereichen "
        "Mobilität und Selbstversorgung vor. Empfohlen wird Pflegegrad 3.",
        "Wir bitten um Übersendung aktueller Befunde zur Herzinsuffizienz.",
    ],
    "bg": [
        "die oben genannte Versicherte erlitt nach Angaben des Arbeitgebers einen Arbeitsunfall. "
        "Die Erstversorgung erfolgte durch den Durchgangsarzt.",
        "Wir bitten Sie um einen Zwischenbericht über den Behandlungsverlauf und die "
        "voraussichtliche Dauer der Arbeitsunfähigkeit.",
    ],
    "health_office": [
        "bei einer Kontaktperson Ihres Patienten wurde eine offene Lungentuberkulose "
        "diagnostiziert. Im Rahmen der Umgebungsuntersuchung bitten wir um einen IGRA-Test.",
        "Bitte übersenden Sie uns das Ergebnis innerhalb von vier Wochen.",
    ],
    "court": [
        "in der Betreuungssache wird um ein ärztliches Zeugnis nach § 281 "
        "FamFG gebeten, insbesondere "
        "zur Frage, ob der Betroffene seine Angelegenheiten ganz oder "
        "teilweise nicht besorgen kann.",
        "Die Kosten werden nach dem JVEG erstattet.",
    ],
    "nursing_home": [
        "wir möchten Sie darüber informieren, dass Ihre Patientin in der Nacht gestürzt ist. Sie "
        "klagt über Schmerzen in der rechten Hüfte, eine äußere Verletzung ist nicht sichtbar.",
        "Wir bitten um einen zeitnahen Hausbesuch. Die Angehörigen sind informiert.",
    ],
    "care_service": [
        "für unsere Patientin bitten wir um Ausstellung einer Verordnung häuslicher Krankenpflege "
        "(Medikamentengabe, Kompressionsstrümpfe anziehen und ausziehen).",
        "Die bisherige Verordnung läuft aus. Bitte senden Sie die Verordnung per Post oder Fax.",
    ],
    "pharmacy": [
        "auf dem Rezept Ihrer Patientin sind Clarithromycin und Simvastatin 40 mg gleichzeitig "
        "verordnet. Wir bitten um Prüfung der Kombination.",
        "Bitte teilen Sie uns telefonisch mit, ob die Abgabe wie verordnet erfolgen soll.",
    ],
    "therapist": [
        "Ihre Patientin erhielt sechs Einheiten Krankengymnastik bei Lumboischialgie.",
        "Die Beweglichkeit der LWS hat sich deutlich gebessert, die Schmerzen "
        "liegen bei 3/10. Eine "
        "Folgeverordnung mit Schwerpunkt Rumpfstabilisation halten wir für sinnvoll.",
    ],
    "hospice": [
        "wir teilen Ihnen mit, dass Ihr Patient heute in unser stationäres Hospiz aufgenommen "
        "wurde. Die palliative Versorgung erfolgt in Zusammenarbeit mit dem SAPV-Team.",
        "Für die weitere Begleitung danken wir Ihnen herzlich.",
    ],
}
FOREIGN_BODY: dict[str, tuple[str, list[str]]] = {
    "nl": (
        "Ontslagbrief",
        [
            "Uw patiënt werd opgenomen op onze afdeling wegens atriumfibrilleren met snelle "
            "ventrikelrespons.",
            "Na elektrische cardioversie herstelde het sinusritme. Wij zijn gestart met apixaban "
            "5 mg tweemaal daags.",
            "Controle op de polikliniek cardiologie volgt over drie maanden.",
        ],
    ),
    "pl": (
        "Karta informacyjna leczenia szpitalnego",
        [
            "Pacjent został przyjęty do oddziału z powodu zaostrzenia przewlekłej obturacyjnej "
            "choroby płuc.",
            "W trakcie hospitalizacji zastosowano antybiotykoterapię oraz sterydoterapię z "
            "poprawą stanu ogólnego.",
            "Zalecana dalsza opieka lekarza rodzinnego w Niemczech.",
        ],
    ),
    "ru": (
        "Выписка из медицинской карты амбулаторного больного",
        [
            "Пациент наблюдается в поликлинике по поводу артериальной гипертензии II степени и "
            "сахарного диабета 2 типа.",
            "Получает лечение: эналаприл 10 мг, метформин 1000 мг два раза в день.",
            "Выписка выдана для предъявления по месту требования.",
        ],
    ),
    "pt": (
        "Relatório Clínico",
        [
            "O doente esteve internado no Serviço de Medicina Interna por pneumonia adquirida na "
            "comunidade.",
            "Cumpriu antibioterapia com amoxicilina e ácido clavulânico com boa evolução clínica.",
            "Solicitamos seguimento pelo médico de família.",
        ],
    ),
    "ro": (
        "Scrisoare medicală",
        [
            "Pacientul a fost internat în clinica noastră pentru ciroză hepatică decompensată "
            "vascular.",
            "S-a efectuat paracenteză evacuatorie și s-a ajustat tratamentul diuretic.",
            "Se recomandă control gastroenterologic și analize periodice.",
        ],
    ),
    "en": (
        "Medical Report",
        [
            "The patient was treated in our department for an acute exacerbation of a chronic "
            "condition and was discharged in a stable condition.",
            "Medication on discharge: metformin 850 mg twice daily, amlodipine 5 mg once daily.",
            "We kindly ask for continued follow-up by the family physician.",
        ],
    ),
}


# ---------------------------------------------------------------------------------------
class Ctx:
    def __init__(
        self,
        rng: random.Random,
        sender: dict[str, Any],
        practice: dict[str, Any],
        person: Person,
        d: date,
        patients: list[register.Patient],
    ) -> None:
        self.rng = rng
        self.s = sender
        self.p = practice
        self.person = person
        self.d = d
        self.lang = str(sender["lang"])
        self.region = str(sender["region"])
        self.patients = patients
        self.other_dates: list[dict[str, str]] = []
        self.other_people: list[dict[str, str]] = []
        self.notes: list[str] = list(person.notes)
        self.as_written = ""
        self.birth_printed = False
        self.pid_printed = False
        self.title: str | None = None
        self.title_alts: list[str] = []
        self.sender_name = str(sender["name"])
        self.sender_alts = list(sender["alts"])

    def f(self, d: date, style: int = 0) -> str:
        return fmt(d, self.lang, self.region, style)

    def od(self, d: date, role: str, style: int = 0) -> str:
        self.other_dates.append({"date": d.isoformat(), "role": role})
        return self.f(d, style)

    def name_forms(self, style: str) -> str:
        """The patient's name in one style; sets as_written on first use."""
        pe = self.person
        t = f"{pe.title} " if pe.title and style in ("natural", "comma") else ""
        if style == "comma":
            s = f"{pe.surname}, {t}{pe.given}" if t else f"{pe.surname}, {pe.given}"
        elif style == "caps":
            s = f"{pe.surname.upper()}, {pe.given.upper()}"
        elif style == "capsur":
            s = f"{pe.surname.upper()} {pe.given}"
        else:
            s = f"{t}{pe.given} {pe.surname}"
        if not self.as_written:
            self.as_written = s
        return s

    def birth(self, style: int = 0) -> str:
        assert self.person.birth is not None
        self.birth_printed = True
        return self.f(self.person.birth, style)


def _salut(pe: Person, lang: str) -> str:
    if lang == "de":
        return "Frau" if pe.sex == "female" else "Herrn"
    return ""


def _letterhead(c: Canvas, cx: Ctx, style: str) -> None:
    s = cx.s
    head = [str(h) for h in s["head"]]
    contact = f"Tel. {s['phone']}  ·  Fax {s['fax']}"
    if cx.lang == "en":
        contact = f"Tel {s['phone']}  |  Fax {s['fax']}"
    if style == "left":
        c.t(LEFT, 58, cx.sender_name, bold=True, size=13)
        y = 72.0
        for h in [*head, contact]:
            c.t(LEFT, y, h, size=8.5)
            y += 11
    elif style == "right":
        c.tr(RIGHT, 56, cx.sender_name, bold=True, size=12)
        y = 70.0
        for h in [*head, contact]:
            c.tr(RIGHT, y, h, size=8.5)
            y += 11
    elif style == "center":
        c.tc(
            56,
            cx.sender_name.upper() if cx.rng.random() < 0.4 else cx.sender_name,
            bold=True,
            size=13,
        )
        if cx.sender_name.upper() != cx.sender_name and c.page.lines[-1].text.isupper():
            cx.sender_alts.append(cx.sender_name)
            cx.sender_name = c.page.lines[-1].text
        c.tc(71, " · ".join(head[:2]), size=8.5)
        c.tc(82, contact, size=8.5)
        c.line(LEFT, 88, RIGHT, 88)
    elif style == "twocol":
        c.t(LEFT, 58, cx.sender_name, bold=True, size=12)
        c.tr(RIGHT, 58, head[0], size=9)
        y = 71.0
        for h in head[1:]:
            c.tr(RIGHT, y, h, size=8.5)
            y += 11
        c.t(LEFT, 71, contact, size=8.5)
        c.line(LEFT, max(y, 80), RIGHT, max(y, 80))
    # "footer": nothing at the top but a thin rule


def _footer(c: Canvas, cx: Ctx, with_name: bool) -> None:
    c.line(LEFT, 748, RIGHT, 748)
    parts = [str(h) for h in cx.s["head"]]
    if with_name:
        c.t(LEFT, 760, f"{cx.sender_name} · {parts[-1]}"[:95], size=7)
        c.t(LEFT, 770, f"Telefon {cx.s['phone']} · Telefax {cx.s['fax']}", size=7)
    else:
        if cx.lang == "de":
            c.t(LEFT, 760, "Bankverbindung: Sparkasse · IBAN DE44 2655 0105 0000 1234 56", size=7)
        else:
            c.t(LEFT, 760, " · ".join(parts)[:100], size=7)


def _address(c: Canvas, cx: Ctx, y: float) -> float:
    p = cx.p
    lines = c.wrap(str(p["name"]), 235, size=9.5)
    if cx.lang != "de":
        lines = [*lines]
    for ln in [*lines, str(p["doctor"]), str(p["street"]), str(p["city"])]:
        c.t(LEFT, y, ln, size=9.5)
        y += 12.5
    if cx.region in ABROAD and cx.region != "US":
        c.t(
            LEFT,
            y,
            "Germany"
            if cx.lang == "en"
            else "Duitsland"
            if cx.lang == "nl"
            else "Niemcy"
            if cx.lang == "pl"
            else "Германия"
            if cx.lang == "ru"
            else "Alemanha"
            if cx.lang == "pt"
            else "Germania",
            size=9.5,
        )
        y += 12.5
    if cx.region == "US":
        c.t(LEFT, y, "GERMANY", size=9.5)
        y += 12.5
    return y


def compose_letter(cx: Ctx, kind: str) -> list[Page]:
    rng = cx.rng
    L = LABELS[cx.lang]
    fam = rng.choice(["sans", "serif", "narrow", "cond", "dserif"])
    c = Canvas(fam, rng.choice([9.5, 10.0, 10.5]))
    head = rng.choice(["left", "right", "center", "twocol", "footer"])
    _letterhead(c, cx, head)
    date_pos = rng.choice(["top", "block", "end"])
    pe = cx.person
    y_addr = 150.0
    c.t(LEFT, y_addr - 16, f"{cx.sender_name} · {cx.s['city']}"[:70], size=7)
    y = _address(c, cx, y_addr)
    # information block on the right
    block: list[tuple[str, str]] = []
    if cx.lang == "de" and rng.random() < 0.6:
        block.append(
            ("Unser Zeichen:", f"{rng.choice(['kar', 'ne', 'gs', 'LB'])}/{rng.randint(100, 999)}")
        )
        if pe.reg is not None and rng.random() < 0.5:
            block.append(("Ihre Pat.-Nr.:", pe.reg.id))
            cx.pid_printed = True
        block.append(("Durchwahl:", str(cx.s["phone"]).split(" ")[-1]))
    date_str = cx.f(cx.d, rng.choice([0, 1]) if cx.lang != "de" or date_pos != "block" else 0)
    if date_pos == "block":
        block.append((L["date"], date_str))
    if block:
        by = y_addr
        for k, v in block:
            c.t(360, by, k, size=8.5)
            c.t(440, by, v, size=8.5)
            by += 12
        y = max(y, by)
    y += 22
    if date_pos == "top":
        c.tr(RIGHT, y, f"{cx.s['city']}, {date_str}" if rng.random() < 0.6 else date_str)
        y += 24
    # subject
    kind_title = TITLES.get(kind, ["Arztbrief"])
    for key, ts in SPECIAL_TITLES.items():
        if key in cx.sender_name:
            kind_title = ts
    title = rng.choice(kind_title)
    if "{acc}" in title:
        acc = cx.d - timedelta(days=rng.randint(20, 60))
        title = title.replace("{acc}", cx.od(acc, "accident"))
    if cx.lang != "de":
        title = FOREIGN_BODY[cx.lang][0]
    sstyle = rng.choice(["label", "bold", "caps", "two"])
    if sstyle == "label" and L["subj"]:
        c.t(LEFT, y, f"{L['subj']} {title}", bold=True)
        cx.title, cx.title_alts = title, [f"{L['subj']} {title}"]
    elif sstyle == "caps":
        c.t(LEFT, y, title.upper(), bold=True, size=c.size + 1.5)
        cx.title, cx.title_alts = title.upper(), [title]
    elif sstyle == "two" and cx.lang == "de" and (len(title.split()) >= 4 or kind in MEDICAL):
        words = title.split()
        if len(words) >= 4:
            first, second = " ".join(words[: len(words) // 2]), " ".join(words[len(words) // 2 :])
        else:
            first = title
            second = rng.choice(
                ["und Bitte um Weiterbehandlung", "zur Kenntnisnahme und Weiterbehandlung"]
            )
        c.t(LEFT, y, first, bold=True)
        y += c.lead
        c.t(LEFT, y, second, bold=True)
        cx.title, cx.title_alts = f"{first} {second}", [first]
        cx.notes.append("the subject continues on a second line")
    else:
        c.t(LEFT, y, title, bold=True)
        cx.title, cx.title_alts = title, []
    y += c.lead * 1.4
    # patient mention
    pstyle = rng.choice(["line", "table", "body", "labelled"])
    if cx.lang != "de" and pstyle == "body":
        pstyle = "labelled"
    has_birth = pe.birth is not None and rng.random() < 0.85
    lab = L["patf"] if pe.sex == "female" else L["pat"]
    if pstyle == "table":
        rows = [
            (
                "Name, Vorname" if cx.lang == "de" else lab.rstrip(":"),
                cx.name_forms(rng.choice(["comma", "caps"])),
            )
        ]
        if has_birth:
            rows.append(("Geburtsdatum" if cx.lang == "de" else L["born"].rstrip(":"), cx.birth()))
        if kind in ("discharge", "psychiatry", "rehab"):
            adm = cx.d - timedelta(days=rng.randint(9, 25))
            dis = adm + timedelta(days=rng.randint(3, 8))
            rows.append(
                (
                    "Aufenthalt" if cx.lang == "de" else "Stay",
                    f"{cx.od(adm, 'admission')} - {cx.od(dis, 'discharge')}",
                )
            )
        if cx.region == "NL":
            rows.append(("BSN", str(rng.randint(100000000, 999999999))))
        top = y - 10
        for k, v in rows:
            c.t(LEFT + 4, y, k, bold=True, size=c.size - 0.5)
            c.t(LEFT + 120, y, v, size=c.size - 0.5)
            c.line(LEFT, y + 4, RIGHT, y + 4)
            y += c.lead + 2
        c.rect(LEFT, top, RIGHT, y - c.lead + 2)
        c.line(LEFT + 114, top, LEFT + 114, y - c.lead + 2)
        y += 8
        cx.notes.append("the patient is named in a table")
    elif pstyle in ("line", "labelled"):
        nm = cx.name_forms(rng.choice(["comma", "natural", "caps", "capsur"]))
        bits = f"{lab} {nm}" if pstyle == "labelled" else (f"{_salut(pe, cx.lang)} {nm}".strip())
        if has_birth:
            bits += f", {L['born']} {cx.birth()}" if rng.random() < 0.6 else f" (*{cx.birth()})"
        if pe.reg is not None and pstyle == "line" and rng.random() < 0.5:
            bits += f", {pe.reg.street}, {pe.reg.postcode} {pe.reg.city}"
            cx.notes.append("the patient's address is printed (tells namesakes apart)")
        for ln in c.wrap(bits, RIGHT - LEFT):
            c.t(LEFT, y, ln)
            y += c.lead
        y += c.lead * 0.6
    c.y = y
    if date_pos == "top" and rng.random() < 0.3 and cx.lang == "de":
        pass
    c.para(
        L["dear"]
        if pstyle != "body"
        else ("Sehr geehrte Frau Dr. Terhorst-Lammers," if cx.p is PRACTICES[0] else L["dear"])
    )
    body = (
        list(BODY.get(kind, BODY["specialist"]))
        if cx.lang == "de"
        else list(FOREIGN_BODY[cx.lang][1])
    )
    if pstyle == "body":
        nm = cx.name_forms(rng.choice(["natural", "natural", "comma"]))
        brt = f" (geb. {cx.birth()})" if has_birth else ""
        body[0] = (
            f"wir berichten über {'Ihre Patientin' if pe.sex == 'female' else 'Ihren Patienten'}"
            f" {_salut(pe, 'de')} {nm}{brt}. " + body[0][0].upper() + body[0][1:]
        )
        cx.notes.append("the patient is named only in the running text")
    # running header for page 2+
    surname_line = f"{pe.surname}, {pe.given}"
    birth_bit = f", {L['born']} {cx.f(pe.birth)}" if has_birth and pe.birth else ""

    def brk(cv: Canvas) -> None:
        cv.t(LEFT, 48, f"{cx.sender_name[:40]} - {lab} {surname_line}{birth_bit}"[:96], size=8)
        cv.line(LEFT, 54, RIGHT, 54)

    c.on_break = brk
    long = kind in ("discharge", "rehab", "psychiatry") and rng.random() < 0.75
    if long and cx.lang == "de":
        c.para("Diagnosen:", bold=True, gap=0)
        for dx in rng.sample(DIAGNOSES, 5):
            c.para(f"- {dx}", x=LEFT + 8, gap=0)
        c.y += c.lead * 0.5
        c.para("Anamnese und Verlauf:", bold=True, gap=0)
    for b in body:
        c.para(b)
    if long and cx.lang == "de":
        c.para("Medikation bei Entlassung:", bold=True, gap=0)
        for m in rng.sample(MEDS, 6):
            c.para(f"{m}", x=LEFT + 8, gap=0)
        c.y += c.lead * 0.5
        fu = cx.d + timedelta(days=rng.randint(20, 90))
        c.para(
            f"Eine Wiedervorstellung in unserer Ambulanz ist am {cx.od(fu, 'follow-up')} "
            "vorgesehen."
        )
        for b in rng.sample(EXTRA, 3):
            c.para(b)
    if kind in ("nursing_home", "hospice") and cx.lang == "de":
        rel_b = date(rng.randint(1955, 1985), rng.randint(1, 12), rng.randint(1, 28))
        rel = f"{rng.choice(['Sabine', 'Martina', 'Thomas', 'Frank'])} {pe.surname}"
        c.para(
            f"Ansprechpartner/in der Familie: {rel} (Tochter/Sohn, geb. "
            f"{cx.od(rel_b, 'relative birth date')}), Telefon 0171 2233445."
        )
        cx.other_people.append({"name": rel, "role": "relative"})
        cx.notes.append("a relative's birth date is printed")
    c.need(c.lead * 6)
    c.para(L["bye"], gap=1.6)
    docs = [str(x) for x in cx.s["doctors"]]
    c.need(c.lead * 3)
    x = LEFT
    for dname in docs:
        c.t(x, c.y, dname, size=c.size - 1)
        cx.other_people.append({"name": dname, "role": "signature"})
        x += 220
    c.y += c.lead * 1.5
    if date_pos == "end":
        c.need(c.lead * 2)
        c.t(LEFT, c.y, f"{cx.s['city']}, {date_str}" if cx.lang == "de" else date_str)
        c.y += c.lead
        cx.notes.append("the letter's date is only at the end")
    # footers / page numbers
    n = len(c.pages)
    for i, pg in enumerate(c.pages):
        c.pages, keep = [pg], c.pages
        _footer(c, cx, with_name=(head == "footer" or i > 0 or rng.random() < 0.5))
        if n > 1:
            c.tr(RIGHT, 790 - 10, f"{L['page']} {i + 1}/{n}", size=7.5)
        c.pages = keep
    if n > 1:
        cx.notes.append("two pages with a running header")
    if head == "footer":
        cx.notes.append("the sender is named only in the footer and the small return line")
    return c.pages


MEDICAL = ("discharge", "psychiatry", "rehab", "specialist", "radiology")
SPECIAL_TITLES = {
    "Orthopädie": ["Orthopädischer Befundbericht", "Arztbrief"],
    "Neurologische": ["Neurologischer Befundbericht", "Befund der Elektroneurographie"],
    "Kardiologische": ["Kardiologischer Befundbericht", "Echokardiographie"],
}
DIAGNOSES = [
    "Akut dekompensierte Herzinsuffizienz NYHA III (I50.14)",
    "Arterielle Hypertonie (I10.90)",
    "Diabetes mellitus Typ 2, nicht insulinpflichtig (E11.90)",
    "Chronische Niereninsuffizienz Stadium G3a (N18.3)",
    "Vorhofflimmern, paroxysmal (I48.0)",
    "Hypercholesterinämie (E78.0)",
    "Pertrochantäre Femurfraktur rechts (S72.10)",
    "Osteoporose (M81.00)",
    "Mittelgradige depressive Episode (F32.1)",
    "COPD GOLD 2 (J44.99)",
]
MEDS = [
    "Ramipril 5 mg 1-0-0",
    "Bisoprolol 2,5 mg 1-0-1",
    "Torasemid 10 mg 1-0-0",
    "Apixaban 5 mg 1-0-1",
    "Metformin 1000 mg 1-0-1",
    "Atorvastatin 40 mg 0-0-1",
    "Pantoprazol 20 mg 1-0-0",
    "Spironolacton 25 mg 1-0-0",
    "Metamizol 500 mg bei Bedarf",
    "Colecalciferol 20.000 I.E. 1x/Woche",
]
EXTRA = [
    "Wir bitten um Kontrolle der Elektrolyte und des Kreatinins innerhalb einer Woche nach "
    "Entlassung. Bei erneuter Gewichtszunahme von mehr als zwei Kilogramm in drei Tagen sollte "
    "die Diuretikadosis angepasst werden.",
    "Eine Anschlussheilbehandlung wurde über unseren Sozialdienst beantragt. Die Bewilligung "
    "durch den Kostenträger steht noch aus.",
    "Der Patient wurde über die Notwendigkeit einer regelmäßigen Medikamenteneinnahme und über "
    "Warnzeichen einer erneuten Dekompensation ausführlich aufgeklärt.",
    "Die Fahrtauglichkeit ist bis zur kardiologischen Kontrolle eingeschränkt. Eine Rückkehr "
    "an den Arbeitsplatz ist frühestens in vier Wochen vorgesehen.",
]

LAB_ROWS = [
    ("Klinische Chemie", None),
    ("Natrium", ("mmol/l", 136, 145, 1)),
    ("Kalium", ("mmol/l", 3.5, 5.1, 1)),
    ("Calcium", ("mmol/l", 2.15, 2.55, 2)),
    ("Kreatinin", ("mg/dl", 0.5, 1.2, 2)),
    ("eGFR (CKD-EPI)", ("ml/min", 60, 120, 0)),
    ("Harnstoff", ("mg/dl", 17, 43, 0)),
    ("Harnsäure", ("mg/dl", 2.4, 7.0, 1)),
    ("GOT (AST)", ("U/l", 10, 35, 0)),
    ("GPT (ALT)", ("U/l", 10, 35, 0)),
    ("Gamma-GT", ("U/l", 5, 40, 0)),
    ("Alkalische Phosphatase", ("U/l", 35, 105, 0)),
    ("Bilirubin gesamt", ("mg/dl", 0.1, 1.2, 2)),
    ("CRP", ("mg/l", 0, 5, 1)),
    ("Fettstoffwechsel", None),
    ("Cholesterin gesamt", ("mg/dl", 120, 200, 0)),
    ("HDL-Cholesterin", ("mg/dl", 40, 90, 0)),
    ("LDL-Cholesterin", ("mg/dl", 50, 115, 0)),
    ("Triglyceride", ("mg/dl", 50, 150, 0)),
    ("Diabetes", None),
    ("Glucose nüchtern", ("mg/dl", 70, 100, 0)),
    ("HbA1c", ("%", 4.0, 5.7, 1)),
    ("Schilddrüse", None),
    ("TSH basal", ("mU/l", 0.27, 4.2, 2)),
    ("fT4", ("ng/dl", 0.93, 1.7, 2)),
    ("Hämatologie", None),
    ("Leukozyten", ("/nl", 3.9, 10.2, 1)),
    ("Erythrozyten", ("/pl", 4.1, 5.6, 2)),
    ("Hämoglobin", ("g/dl", 12.0, 16.5, 1)),
    ("Hämatokrit", ("%", 36, 48, 0)),
    ("MCV", ("fl", 80, 99, 0)),
    ("MCH", ("pg", 27, 33, 1)),
    ("Thrombozyten", ("/nl", 150, 370, 0)),
    ("Gerinnung", None),
    ("Quick", ("%", 70, 130, 0)),
    ("INR", ("", 0.85, 1.15, 2)),
    ("PTT", ("s", 25, 37, 0)),
    ("Urin", None),
    ("Albumin/Kreatinin-Quotient", ("mg/g", 0, 30, 0)),
    ("Eisenstoffwechsel", None),
    ("Ferritin", ("ng/ml", 30, 300, 0)),
    ("Transferrinsättigung", ("%", 16, 45, 0)),
    ("Vitamin B12", ("pg/ml", 197, 771, 0)),
    ("Folsäure", ("ng/ml", 3.9, 26.8, 1)),
    ("25-OH-Vitamin D", ("ng/ml", 30, 100, 0)),
]


def _num(v: float, dec: int) -> str:
    return f"{v:.{dec}f}".replace(".", ",")


def compose_lab(cx: Ctx) -> list[Page]:
    rng = cx.rng
    c = Canvas(rng.choice(["arial", "narrow", "cond"]), 9.0)
    pe = cx.person
    c.t(LEFT, 52, cx.sender_name, bold=True, size=12)
    c.t(LEFT, 64, str(cx.s["head"][0]), size=8)
    c.tr(RIGHT, 52, f"Tel. {cx.s['phone']}", size=8)
    c.tr(RIGHT, 62, f"Fax {cx.s['fax']}", size=8)
    y = _address(c, cx, 110)
    coll = cx.d - timedelta(days=rng.randint(1, 3))
    rec = coll + timedelta(days=rng.choice([0, 1]))
    title = rng.choice(["Laborbefund", "Befundbericht", "Endbefund"])
    cx.title, cx.title_alts = title, []
    tb = [("Patient", cx.name_forms(rng.choice(["comma", "caps"])))]
    if pe.birth:
        tb.append(("geb. am", cx.birth()))
    order = str(rng.randint(26000000, 26999999))
    tb += [
        ("Auftragsnr.", order),
        ("Entnahme", f"{cx.od(coll, 'collection')} 08:10"),
        ("Eingang", f"{cx.od(rec, 'receipt in the lab')} 13:42"),
        ("Befunddatum", cx.f(cx.d)),
    ]
    if pe.reg and rng.random() < 0.5:
        tb.insert(1, ("Pat.-Nr. Einsender", pe.reg.id))
        cx.pid_printed = True
    by = 110.0
    for k, v in tb:
        c.t(330, by, k, size=8.5)
        c.t(420, by, v, size=8.5, bold=k == "Patient")
        by += 11.5
    y = max(y, by) + 16
    c.t(LEFT, y, title.upper(), bold=True, size=12)
    y += 20
    cols = [LEFT, 230, 330, 390, 470]

    def header(cv: Canvas, yy: float) -> float:
        for x, h in zip(
            cols, ["Untersuchung", "Ergebnis", "Einheit", "Referenzbereich", "Vorwert"], strict=True
        ):
            cv.t(x, yy, h, bold=True, size=8.5)
        cv.line(LEFT, yy + 4, RIGHT, yy + 4)
        return yy + 16

    def brk(cv: Canvas) -> None:
        cv.t(
            LEFT,
            48,
            f"{cx.sender_name} - {title} - {pe.surname}, {pe.given} - Auftrag {order}",
            size=8,
        )
        cv.y = header(cv, 74)

    c.on_break = brk
    c.y = header(c, y)
    for name, spec in LAB_ROWS:
        c.need(c.lead)
        if spec is None:
            c.y += 4
            c.t(LEFT, c.y, name, bold=True, size=9)
        else:
            unit, lo, hi, dec = spec
            v = rng.uniform(lo, hi) if rng.random() < 0.8 else rng.uniform(lo * 0.7, hi * 1.4)
            flag = " +" if v > hi else " -" if v < lo else ""
            c.t(cols[0] + 6, c.y, name, size=8.5)
            c.t(cols[1], c.y, f"{_num(v, dec)}{flag}", size=8.5, bold=bool(flag))
            if unit:
                c.t(cols[2], c.y, unit, size=8.5)
            c.t(cols[3], c.y, f"{_num(lo, dec)} - {_num(hi, dec)}", size=8.5)
            if rng.random() < 0.3:
                c.t(cols[4], c.y, _num(rng.uniform(lo, hi), dec), size=8.5)
        c.y += c.lead
    c.y += 10
    c.para(
        "+ = oberhalb, - = unterhalb des Referenzbereichs. Technisch und medizinisch validiert.",
        size=8,
    )
    c.para(f"{cx.s['doctors'][0]}, Fachärztin/Facharzt für Laboratoriumsmedizin", size=8)
    cx.other_people.append({"name": str(cx.s["doctors"][0]), "role": "validating physician"})
    n = len(c.pages)
    for i, pg in enumerate(c.pages):
        c.pages, keep = [pg], c.pages
        c.line(LEFT, 755, RIGHT, 755)
        c.t(LEFT, 766, f"{cx.sender_name} · {cx.s['head'][-1]}"[:90], size=7)
        c.tr(RIGHT, 778, f"Seite {i + 1} von {n}", size=7.5)
        c.pages = keep
    cx.notes.append("lab table over two pages, running header with the patient")
    return c.pages


def compose_form(cx: Ctx) -> list[Page]:
    rng = cx.rng
    c = Canvas("arial", 9.0)
    pe = cx.person
    drv = "Rentenversicherung" in cx.sender_name
    c.t(LEFT, 50, cx.sender_name, bold=True, size=11)
    c.t(LEFT, 62, str(cx.s["head"][-1]), size=8)
    form_no = "S0051" if drv else "VA 12"
    c.tr(RIGHT, 50, f"Formular {form_no}", size=8)
    y = _address(c, cx, 100)
    if drv:
        title, alts = "Befundbericht", ["Anforderung eines Befundberichtes", "S0051 Befundbericht"]
        c.tr(RIGHT, 100, "Anforderung eines Befundberichtes", bold=True, size=9)
    else:
        title = "Feststellung des Grades der Behinderung (GdB)"
        alts = ["Befundanforderung", "Schwerbehindertenrecht"]
        c.tr(RIGHT, 100, "Schwerbehindertenrecht", bold=True, size=9)
    c.tr(RIGHT, 112, f"{LABELS['de']['date']} {cx.f(cx.d)}", size=9)
    y = max(y, 130) + 20
    c.t(LEFT, y, title, bold=True, size=13)
    cx.title, cx.title_alts = title, alts
    y += 24
    rows = [
        (
            "Versicherungsnummer" if drv else "Aktenzeichen",
            f"{rng.randint(10, 65)} {pe.birth.strftime('%d%m%y') if pe.birth else '000000'} "
            f"{pe.surname[0].upper()} {rng.randint(100, 999)}"
            if drv
            else f"{rng.randint(100, 999)}/{rng.randint(10000, 99999)}/SB",
        ),
        ("Name", pe.surname),
        ("Vorname", pe.given),
    ]
    cx.as_written = pe.surname
    if pe.birth:
        rows.append(("Geburtsdatum", cx.birth()))
    if pe.reg:
        rows.append(("Anschrift", f"{pe.reg.street}, {pe.reg.postcode} {pe.reg.city}"))
    top = y - 11
    for k, v in rows:
        c.t(LEFT + 4, y - 1, k, size=7)
        c.t(LEFT + 4, y + 10, v, size=10)
        c.line(LEFT, y + 14, RIGHT, y + 14)
        y += 26
    c.rect(LEFT, top, RIGHT, y - 12)
    y += 8
    c.t(LEFT, y, "Bitte Zutreffendes ankreuzen:", bold=True)
    y += 16
    qs = [
        "Der/die Versicherte ist mir seit mehr als einem Jahr bekannt",
        "Behandlung erfolgt regelmäßig (mindestens einmal im Quartal)",
        "Es liegen Krankenhausberichte vor (bitte beifügen)",
        "Eine Besserung ist durch weitere Behandlung zu erwarten",
        "Arbeitsunfähigkeit besteht zurzeit",
    ]
    for q in qs:
        c.rect(LEFT, y - 8, LEFT + 9, y + 1)
        c.t(LEFT + 16, y, q)
        c.t(RIGHT - 80, y, "[ ] ja   [ ] nein", size=8.5)
        y += 15
    y += 10
    c.t(LEFT, y, "Diagnosen (mit ICD-10), Beginn der Erkrankung:", bold=True)
    y += 6
    for _ in range(4):
        y += 18
        c.line(LEFT, y, RIGHT, y)
    y += 26
    c.t(
        LEFT,
        y,
        "Die Vergütung erfolgt nach JVEG bzw. den vereinbarten Sätzen (Befundbericht 28,20 EUR).",
        size=8.5,
    )
    y += 30
    c.line(LEFT, y, LEFT + 180, y)
    c.line(330, y, RIGHT, y)
    c.t(LEFT, y + 10, "Ort, Datum", size=7)
    c.t(330, y + 10, "Stempel und Unterschrift der Ärztin/des Arztes", size=7)
    c.t(LEFT, 764, f"Sachbearbeitung: {cx.s['doctors'][0]}", size=7)
    c.t(LEFT, 776, f"{cx.sender_name} · {form_no} · Seite 1/1", size=7)
    cx.other_people.append({"name": str(cx.s["doctors"][0]), "role": "clerk"})
    cx.notes.append(
        "a form with tick boxes and fields; the name split into surname and given-name fields"
    )
    return c.pages


WEEKDAYS = ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"]


def compose_email(cx: Ctx) -> list[Page]:
    rng = cx.rng
    c = Canvas("mono", 9.0)
    pe = cx.person
    sent = cx.d
    sender_mail = "befunde@kardiologie-neumarkt.de"
    cx.sender_name = "Kardiologie am Neumarkt"
    cx.sender_alts = ["Kardiologische Gemeinschaftspraxis Osnabrück", "Dr. med. Jana Wulf"]
    domain = str(cx.p["fax"]).replace(" ", "")[-4:]
    c.t(LEFT, 50, f"Ausdruck: Postfach praxis{domain}@praxismail.de", size=8)
    c.line(LEFT, 56, RIGHT, 56)
    y = 74.0
    nm = cx.name_forms("comma")
    subj = f"Befund Langzeit-EKG {nm}"
    hdr = [
        ("Von:", f"Kardiologie am Neumarkt <{sender_mail}>"),
        (
            "Gesendet:",
            f"{WEEKDAYS[sent.weekday()]}, {cx.f(sent, 1)} 16:47",
        ),
        ("An:", f"{cx.p['names'][-1]} <praxis{domain}@praxismail.de>"),
        ("Betreff:", subj),
    ]
    for k, v in hdr:
        c.t(LEFT, y, k, bold=True)
        for ln in c.wrap(v, RIGHT - LEFT - 80):
            c.t(LEFT + 80, y, ln)
            y += 12
    cx.title, cx.title_alts = subj, ["Befund Langzeit-EKG"]
    y += 10
    c.y = y
    birth = f" (geb. {cx.birth()})" if pe.birth else ""
    for b in [
        "Liebe Kolleginnen und Kollegen,",
        f"anbei vorab der Befund des Langzeit-EKGs von {nm}{birth}. Der schriftliche "
        "Befund folgt per Post.",
        "Grundrhythmus Sinusrhythmus, mittlere Frequenz 72/min, maximal 131/min. Vereinzelte "
        "supraventrikuläre Extrasystolen, keine Pausen über 2 Sekunden, kein Vorhofflimmern.",
        "Viele Grüße",
        "Dr. med. Jana Wulf",
        "Kardiologie am Neumarkt, Neumarkt 3, 49074 Osnabrück",
    ]:
        c.para(b, gap=0.4)
    cx.other_people.append({"name": "Dr. med. Jana Wulf", "role": "author"})
    c.t(LEFT, 776, "1/1", size=8)
    cx.notes.append("an e-mail printout; the date is in the header, spelled out")
    _ = rng
    return c.pages


def compose_kim(cx: Ctx) -> list[Page]:
    c = Canvas("sans", 9.0)
    pe = cx.person
    s = cx.s
    cx.sender_name = str(s["name"])
    c.t(LEFT, 46, "KIM - Kommunikation im Medizinwesen · eArztbrief", size=8)
    c.tr(RIGHT, 46, f"abgerufen {cx.d.isoformat()} 07:12", size=8)
    c.line(LEFT, 52, RIGHT, 52)
    rows = [
        ("Absender", f"{s['name']} ({str(s['name']).split()[0].lower()}@kim.telematik)"),
        ("Empfänger", f"{cx.p['names'][0]}"),
        ("Dokumenttyp", "Arztbrief (eArztbrief)"),
        ("Erstellt am", cx.f(cx.d)),
        ("Patient", f"{pe.surname}, {pe.given}"),
    ]
    cx.as_written = f"{pe.surname}, {pe.given}"
    if pe.birth:
        rows.append(("Geburtsdatum", cx.birth()))
    y = 70.0
    for k, v in rows:
        c.t(LEFT, y, k, bold=True)
        for ln in c.wrap(v, RIGHT - LEFT - 100):
            c.t(LEFT + 100, y, ln)
            y += 12.5
    c.line(LEFT, y, RIGHT, y)
    y += 20
    title = "Kurzarztbrief"
    c.t(LEFT, y, title, bold=True, size=12)
    cx.title, cx.title_alts = title, ["eArztbrief", "Arztbrief (eArztbrief)"]
    c.y = y + 20
    adm = cx.d - timedelta(days=6)
    c.para(f"Stationärer Aufenthalt vom {cx.od(adm, 'admission')} bis {cx.od(cx.d, 'discharge')}.")
    for b in BODY["discharge"][:3]:
        c.para(b[0].upper() + b[1:])
    c.para(f"{s['doctors'][0]}", gap=0)
    cx.other_people.append({"name": str(s["doctors"][0]), "role": "signature"})
    cx.notes.append("a KIM printout; the retrieval date is the letter's date (same day)")
    cx.notes.append("discharge date equals the letter date")
    return c.pages


def compose_hand(cx: Ctx, dated: bool) -> list[Page]:
    rng = cx.rng
    c = Canvas("hand", 14.0)
    fw = world.FORWARDERS[0]
    cx.sender_name, cx.sender_alts = fw[0], ["Dr. Feldhaus", "Ulrich Feldhaus"]
    c.t(80, 70, "Praxis Dr. med. Ulrich Feldhaus", size=11, fnt="sansb")
    c.t(80, 84, "Allgemeinmedizin · Iburger Str. 51 · 49082 Osnabrück", size=8, fnt="sans")
    c.line(80, 90, 520, 90)
    y = 130.0
    if dated:
        c.tr(510, y, f"Osnabrück, {cx.f(cx.d)}")
        y += 36
    c.t(80, y, "Liebe Frau Kollegin, lieber Herr Kollege,")
    y += 26
    nm = cx.name_forms(rng.choice(["natural", "comma"]))
    lines = [
        f"{nm} war in meiner Urlaubs-",
        "vertretung bei mir. RR 168/95,",
        "Ramipril auf 10 mg erhöht.",
        "Bitte Kontrolle in 2 Wochen.",
        "",
        "Herzliche Grüße",
        "U. Feldhaus",
    ]
    for ln in lines:
        if ln:
            c.t(95, y, ln)
        y += 24
    cx.title, cx.title_alts = None, []
    cx.other_people.append({"name": "U. Feldhaus", "role": "author"})
    cx.notes.append("handwritten note on a printed pad; the name is a whole first line")
    if not dated:
        cx.notes.append("undated note: letter_date is null")
    return c.pages


def compose_cover(
    cx: Ctx, sent: datetime, pages: int, forwarder: tuple[str, str, str] | None
) -> Page:
    c = Canvas("arial", 11.0)
    c.t(LEFT, 80, "TELEFAX", bold=True, size=24)
    frm = forwarder[0] if forwarder else cx.sender_name
    num = forwarder[1] if forwarder else str(cx.s["fax"])
    rows = [
        ("An:", str(cx.p["names"][-1])),
        ("Fax:", str(cx.p["fax"])),
        ("Von:", frm[:60]),
        ("Fax-Nr.:", num),
        ("Datum:", sent.strftime("%d.%m.%Y")),
        ("Seiten:", f"{pages} (inkl. Deckblatt)"),
    ]
    y = 130.0
    for k, v in rows:
        c.t(LEFT, y, k, bold=True)
        c.t(LEFT + 90, y, v)
        y += 20
    c.y = y + 20
    if forwarder:
        c.para(
            "Weitergeleitet: Der beigefügte Befund wurde irrtümlich an unsere Praxis "
            "gesendet. Wir leiten ihn zuständigkeitshalber an Sie weiter."
        )
    c.para(
        "Vertraulich! Diese Nachricht enthält Patientendaten. Sollten Sie dieses Fax "
        "irrtümlich erhalten haben, benachrichtigen Sie bitte sofort den Absender und "
        "vernichten Sie die Unterlagen.",
        size=9,
    )
    return c.page


# ---------------------------------------------------------------------------------------
UNREGISTERED = {
    "KZ": ("Ольга", "Фризен"),
    "IQ": ("Shilan", "Mustafa"),
    "SY": ("Lina", "Darwish"),
    "NL": ("Anouk", "Jansen"),
    "PL": ("Katarzyna", "Mazur"),
    "RO": ("Elena", "Dumitru"),
    "US": ("Jennifer", "Miller"),
    "IE": ("Aoife", "Byrne"),
    "PT": ("Maria", "Santos"),
}


def _person(rng: random.Random, patients: list[register.Patient], country: str | None) -> Person:
    if country and country in NAME_COUNTRY:
        cands = [p for p in patients if p.surname in NAME_COUNTRY[country]]
        if rng.random() < 0.3 or not cands:
            g, sn = UNREGISTERED.get(country, ("Maria", "Santos"))
            return Person(
                g, sn, "female", date(1960, 5, 14), "", None, ["the patient is not in the register"]
            )
        p = rng.choice(cands)
        pe = Person(p.given_names, p.surname, p.sex, p.birth_date, p.title, p)
        if country == "KZ":
            pe.given = " ".join(world.CYRILLIC.get(g, g) for g in p.given_names.split())
            pe.surname = world.CYRILLIC.get(p.surname, p.surname)
            pe.notes.append("the name is written in Cyrillic")
        return pe
    r = rng.random()
    if r < 0.12:
        nm = rng.choice(
            [
                ("Gesa", "Tammen", "female"),
                ("Bernd", "Feldkötter", "male"),
                ("Heinz-Dieter", "Sundermann", "male"),
            ]
        )
        return Person(
            nm[0],
            nm[1],
            nm[2],
            date(1944 + rng.randint(0, 40), rng.randint(1, 12), rng.randint(1, 28)),
            "",
            None,
            ["the patient is not in the register"],
        )
    if r < 0.5:
        coll = [p for p in patients if p.collision_group]
        p = rng.choice(coll)
    else:
        p = rng.choice(patients)
    pe = Person(p.given_names, p.surname, p.sex, p.birth_date, p.title, p)
    if p.former_names and rng.random() < 0.7:
        pe.surname = p.former_names[0]
        pe.notes.append("the letter uses the patient's former name")
    if p.collision:
        pe.notes.append(f"register collision: {p.collision}")
    return pe


def _make(split: str, idx: int, seed: int, plan: str, patients: list[register.Patient]) -> Letter:
    rng = random.Random(seed)
    layout, _, sname = plan.partition(":")
    practice = PRACTICES[rng.randrange(3)]
    if sname:
        sender = next(s for s in SENDERS if s["name"] == sname)
    elif layout == "kim":
        sender = rng.choice([s for s in SENDERS if s["kind"] == "discharge"])
    elif layout == "email":
        sender = next(s for s in SENDERS if s["name"].startswith("Kardiologische"))
    else:
        sender = {
            "name": "Praxis Dr. med. Ulrich Feldhaus",
            "alts": [],
            "kind": "hand",
            "lang": "de",
            "region": "DE",
            "head": ["Iburger Str. 51, 49082 Osnabrück"],
            "phone": "0541 770230",
            "fax": world.FORWARDERS[0][1],
            "doctors": [],
            "city": "Osnabrück",
        }
    region = str(sender["region"])
    person = _person(rng, patients, region if region in ABROAD else None)
    d = date(2026, 1, 5) + timedelta(days=rng.randint(0, 320))
    cx = Ctx(rng, sender, practice, person, d, patients)
    kind = str(sender["kind"])
    handwritten = layout == "hand"
    dated = True
    if layout == "lab":
        pages = compose_lab(cx)
    elif layout == "form":
        pages = compose_form(cx)
    elif layout == "email":
        pages = compose_email(cx)
    elif layout == "kim":
        pages = compose_kim(cx)
    elif handwritten:
        dated = idx % 2 == 0
        pages = compose_hand(cx, dated)
    else:
        if layout in ("discharge", "psychiatry", "rehab"):
            kind = layout
        if layout == "letter" and kind == "specialist" and rng.random() < 0.5:
            kind = "specialist"
        pages = compose_letter(cx, kind if kind != "abroad" else "abroad")
    sent = datetime(d.year, d.month, d.day, rng.randint(7, 18), rng.randint(0, 59)) + timedelta(
        days=rng.randint(0, 4)
    )
    if sent.date() == d:
        sent += timedelta(days=1)
    forwarder = world.FORWARDERS[1] if layout == "forwarded" else None
    with_cover = forwarder is not None or rng.random() < 0.33
    cover = compose_cover(cx, sent, len(pages) + 1, forwarder) if with_cover else None
    fax_number = forwarder[1] if forwarder else str(sender["fax"])
    fax_sender = forwarder[0] if forwarder else cx.sender_name
    notes = list(cx.notes)
    if forwarder:
        notes.append(
            "fax forwarded by another practice: the fax header and cover sheet name "
            "the forwarding practice, not the sender"
        )
    if with_cover:
        notes.append("the fax has a cover sheet (its date is the send date)")
    stamp = None
    if rng.random() < 0.4:
        stamp = (sent.date() + timedelta(days=rng.randint(0, 2)), str(practice["names"][-1]))
        notes.append("the scan carries the practice's receipt stamp")
    pe = person
    as_letter = f"{pe.given} {pe.surname}"
    reg = pe.reg
    facts = {
        "patient": {
            "full_name": reg.full_name if reg else as_letter,
            "surname": reg.surname if reg else pe.surname,
            "given_names": reg.given_names if reg else pe.given,
            "as_written": cx.as_written,
            "full_name_as_letter": as_letter,
            "register_id": reg.id if reg else None,
        },
        "birth_date": pe.birth.isoformat() if pe.birth and cx.birth_printed else None,
        "letter_date": d.isoformat() if dated else None,
        "sender": cx.sender_name,
        "sender_alternatives": cx.sender_alts,
        "title": cx.title,
        "title_alternatives": cx.title_alts,
        "patient_id": reg.id if reg and cx.pid_printed else None,
        "other_dates": cx.other_dates
        + ([{"date": stamp[0].isoformat(), "role": "receipt stamp (scan only)"}] if stamp else []),
        "other_people": cx.other_people,
    }
    return Letter(
        id=f"{split}-{idx + 1:03d}",
        split=split,
        seed=seed,
        layout=layout,
        language=cx.lang,
        region=region,
        pages=pages,
        cover=cover,
        facts=facts,
        reg=reg,
        notes=notes,
        handwritten=handwritten,
        sent=sent,
        fax_number=fax_number,
        fax_sender=fax_sender,
        vres=rng.choice([196, 98]),
        g4=rng.random() < 0.5,
        stamp=stamp,
    )


def split(name: str) -> list[Letter]:
    if name not in SPLITS:
        raise ValueError(f"unknown split {name!r}")
    seed, count = SPLITS[name]
    offset = 0 if name == "test" else SPLITS["test"][1]
    patients = register.build()
    return [_make(name, i, seed * 1000 + i, PLAN[offset + i], patients) for i in range(count)]


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    patients = register.build()
    return [_make(split_name, i, seed * 1000 + i, rng.choice(PLAN), patients) for i in range(count)]
