"""The letters: composed from the world, with exact truth, rendered as PDF, scan and fax."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from . import register, render
from .render import H, Line, Page, W, width, wrap
from .world import FOREIGN, PRACTICES, SENDERS, fmt

SPLIT_SEEDS = {"test": 50_001, "examples": 50_002}
MARGIN_L, MARGIN_R = 62.0, W - 56.0

GERMAN_KINDS = [
    "discharge_uni",
    "short_discharge",
    "specialist",
    "lab",
    "radiology",
    "insurer",
    "drv",
    "md",
    "gesundheitsamt",
    "lagus",
    "care",
    "pharmacy",
    "therapy",
    "reha",
    "spa",
    "email",
    "handwritten",
]
FOREIGN_KINDS = [f"foreign_{k}" for k in FOREIGN]
TEST_PLAN: list[tuple[str, str | None]] = [
    ("discharge_uni", "C1a"),
    ("short_discharge", "twinJ"),
    ("specialist", "old4"),
    ("lab", "moeller"),
    ("radiology", "brandt"),
    ("insurer", None),
    ("drv", "old5"),
    ("md", None),
    ("gesundheitsamt", "twinB"),
    ("lagus", "title"),
    ("care", None),
    ("pharmacy", None),
    ("therapy", "particle"),
    ("reha", None),
    ("spa", "outsider"),
    ("email", None),
    ("handwritten", None),
    ("foreign_pl", None),
    ("foreign_da", None),
    ("foreign_sv", None),
    ("foreign_lt", None),
    ("foreign_lv", None),
    ("foreign_uk", None),
    ("foreign_ru", None),
    ("foreign_vi", None),
    ("foreign_en_uk", None),
    ("foreign_en_no", None),
    ("foreign_en_ship", "outsider"),
    ("discharge_uni", "outsider"),
    ("short_discharge", "C1b"),
    ("lab", "krueger"),
    ("specialist", "voss"),
    ("radiology", "moeller_u"),
    ("insurer", "old4"),
    ("reha", "particle"),
    ("handwritten", "outsider"),
    ("short_discharge", None),
    ("specialist", None),
    ("lab", None),
    ("foreign_pl", "outsider"),
]
EXAMPLE_PLAN: list[tuple[str, str | None]] = [
    ("discharge_uni", None),
    ("lab", "twinJ"),
    ("foreign_ru", None),
    ("handwritten", None),
    ("insurer", None),
    ("foreign_vi", None),
]
NATIVE = {
    ("Iwanow", "Sergej"): ("Иванов", "Сергей", "Петрович"),
    ("Petrowa", "Ljudmila"): ("Петрова", "Людмила", "Ивановна"),
    ("Shevchenko", "Oleksandr"): ("Шевченко", "Олександр", "Миколайович"),
    ("Kovalenko", "Olena"): ("Коваленко", "Олена", "Василівна"),
    ("Nguyen", "Thi Lan"): ("Nguyễn", "Thị Lan", ""),
    ("Tran", "Van Minh"): ("Trần", "Văn Minh", ""),
    ("Pham", "Thi Hoa"): ("Phạm", "Thị Hoa", ""),
}
COUNTRY_OF_LANG = {
    "pl": ["Kowalski", "Wiśniewska", "Nowak", "Zielińska"],
    "ru": ["Iwanow", "Petrowa"],
    "uk": ["Shevchenko", "Kovalenko"],
    "vi": ["Nguyen", "Tran", "Pham"],
    "da": ["Jensen", "Kristensen"],
    "sv": ["Lindqvist", "Johansson"],
    "lt": ["Kazlauskas", "Jankauskienė"],
    "lv": ["Bērziņš", "Ozola"],
    "en_no": ["Hansen"],
    "en_uk": ["MacLeod"],
}
OUTSIDERS = [
    ("Rickmann", "Tjalf", "M"),
    ("Zaremba", "Wioletta", "F"),
    ("Scheel", "Imme", "F"),
    ("Albrecht", "Gerold", "M"),
    ("Okonkwo", "Chidi", "M"),
]
BODY = {
    "discharge_uni": [
        "Diagnosen: Akuter Nicht-ST-Hebungsinfarkt (I21.4), koronare Dreigefäßerkrankung, "
        "arterielle Hypertonie, Diabetes mellitus Typ 2.",
        "Anamnese: Die stationäre Aufnahme erfolgte über die Notaufnahme bei seit dem Vorabend "
        "bestehendem retrosternalem Druckgefühl mit Ausstrahlung in den linken Arm.",
        "Verlauf: Koronarangiographisch zeigte sich eine hochgradige Stenose des RIVA, die mit "
        "einem medikamentefreisetzenden Stent versorgt wurde. Der weitere Verlauf war "
        "komplikationslos, die Mobilisation gelang zügig.",
        "Medikation bei Entlassung: ASS 100 mg 1-0-0, Ticagrelor 90 mg 1-0-1, Atorvastatin "
        "80 mg 0-0-1, Ramipril 5 mg 1-0-0, Metoprolol 47,5 mg 1-0-1, Metformin 1000 mg 1-0-1.",
        "Procedere: Duale Plättchenhemmung für zwölf Monate. Wir bitten um Kontrolle der "
        "Nierenwerte und des Kaliums in einer Woche sowie um Anmeldung zur kardiologischen "
        "Anschlussrehabilitation.",
        "Echokardiographie: Linksventrikuläre Funktion leicht eingeschränkt (EF 48 %), "
        "Hypokinesie anteroseptal, keine relevanten Vitien.",
        "Labor bei Entlassung: Troponin rückläufig, Kreatinin 1,1 mg/dl, Hb 13,4 g/dl.",
    ],
    "short_discharge": [
        "Diagnose: Cholezystolithiasis mit akuter Cholezystitis, laparoskopische Cholezystektomie.",
        "Der postoperative Verlauf war regelrecht. Fäden bzw. Klammern bitte am 10. "
        "postoperativen Tag entfernen. Leichte körperliche Schonung für zwei Wochen.",
        "Medikation: Metamizol 500 mg bei Bedarf bis 4x täglich, Pantoprazol 20 mg 1-0-0.",
    ],
    "specialist": [
        "Befund: Im Langzeit-EKG überwiegend Sinusrhythmus, einzelne ventrikuläre "
        "Extrasystolen, keine höhergradigen Rhythmusstörungen.",
        "Beurteilung: Kein Anhalt für eine behandlungsbedürftige Herzrhythmusstörung. Wir "
        "empfehlen die Fortführung der bisherigen Medikation und eine Kontrolle in zwölf "
        "Monaten.",
    ],
    "radiology": [
        "Technik: MRT der LWS nativ, T1/T2 sagittal, T2 transversal.",
        "Befund: Mediolateraler Bandscheibenvorfall LWK 4/5 links mit Kontakt zur Nervenwurzel "
        "L5. Keine Spinalkanalstenose. Osteochondrose LWK 5/SWK 1.",
        "Beurteilung: Bandscheibenvorfall L4/5 links, klinische Korrelation empfohlen.",
    ],
    "insurer": [
        "nach unseren Unterlagen ist Ihre Patientin/Ihr Patient seit längerer Zeit "
        "arbeitsunfähig. Um über den weiteren Anspruch auf Krankengeld entscheiden zu können, "
        "bitten wir Sie um einen kurzen ärztlichen Bericht.",
        "Bitte verwenden Sie den beigefügten Vordruck. Die Vergütung erfolgt nach den "
        "vertraglichen Regelungen. Vielen Dank für Ihre Unterstützung.",
    ],
    "drv": [
        "auf den Antrag Ihres Patienten hin haben wir eine Leistung zur medizinischen "
        "Rehabilitation bewilligt. Die Durchführung erfolgt stationär für voraussichtlich drei "
        "Wochen.",
        "Die Rehabilitationseinrichtung wird sich wegen des Aufnahmetermins direkt mit dem "
        "Versicherten in Verbindung setzen. Bitte übersenden Sie der Klinik aktuelle Befunde.",
    ],
    "md": [
        "im Auftrag der Pflegekasse haben wir die Pflegebedürftigkeit begutachtet. Das Gutachten "
        "empfiehlt den Pflegegrad 3.",
        "Die Versorgung erfolgt überwiegend durch die Tochter als Pflegeperson sowie einen "
        "ambulanten Pflegedienst. Eine Kopie des Gutachtens erhalten Sie zur Kenntnis.",
    ],
    "gesundheitsamt": [
        "uns wurde ein labordiagnostischer Nachweis von Norovirus gemeldet. Gemäß "
        "Infektionsschutzgesetz haben wir die Ermittlungen aufgenommen.",
        "Wir bitten Sie, uns über den Krankheitsverlauf und mögliche weitere Erkrankte im "
        "Haushalt zu informieren. Ein Besuch der Gemeinschaftseinrichtung ist bis 48 Stunden "
        "nach Symptomende nicht gestattet.",
    ],
    "lagus": [
        "in dem oben genannten Verfahren nach dem Neunten Buch Sozialgesetzbuch (SGB IX) "
        "benötigen wir zur Feststellung des Grades der Behinderung einen Befundbericht.",
        "Bitte füllen Sie den beigefügten Vordruck aus und fügen Sie vorliegende Fremdbefunde "
        "bei. Die Kosten werden nach dem JVEG erstattet.",
    ],
    "care": [
        "wir versorgen die oben genannte Patientin seit einigen Monaten im Rahmen der "
        "häuslichen Krankenpflege (Medikamentengabe, Kompressionsstrümpfe).",
        "Die bestehende Verordnung läuft aus. Wir bitten um eine Folgeverordnung häuslicher "
        "Krankenpflege für ein weiteres Quartal. Die Wunde am rechten Unterschenkel heilt gut.",
    ],
    "pharmacy": [
        "auf dem uns vorgelegten Rezept ist Ramipril 10 mg verordnet, der Patient erhielt "
        "bisher 5 mg. Bitte bestätigen Sie die Dosierung oder stellen Sie ein neues Rezept aus.",
        "Zudem besteht eine Wechselwirkung mit dem ebenfalls verordneten Spironolacton "
        "(Hyperkaliämie-Risiko).",
    ],
    "therapy": [
        "der Patient erhielt zehn Einheiten Krankengymnastik nach Knie-TEP rechts. Die Beugung "
        "hat sich von 80 auf 110 Grad verbessert, Gangbild noch leicht hinkend.",
        "Wir empfehlen eine Folgeverordnung über sechs Einheiten KG-Gerät.",
    ],
    "reha": [
        "Rehabilitationsdiagnosen: Zustand nach Hüft-TEP links bei Coxarthrose, arterielle "
        "Hypertonie, Adipositas Grad I.",
        "Verlauf: Der Patient nahm motiviert an Krankengymnastik, Bewegungsbad, Ergotherapie und "
        "Ernährungsschulung teil. Die Gehstrecke steigerte sich auf über 1000 Meter ohne "
        "Unterarmgehstützen.",
        "Sozialmedizinische Beurteilung: Für die zuletzt ausgeübte Tätigkeit als Hafenarbeiter "
        "besteht derzeit ein Leistungsvermögen von unter drei Stunden; für leichte Tätigkeiten "
        "sechs Stunden und mehr.",
        "Empfehlungen: Fortführung der Physiotherapie, Gewichtsreduktion, IRENA-Nachsorge "
        "wohnortnah.",
        "Medikation: Ibuprofen 400 mg bei Bedarf, Candesartan 8 mg 1-0-0, Pantoprazol 20 mg "
        "bei Einnahme von NSAR.",
        "Entlassungsbefund: Hüfte links Flexion 100 Grad, Abduktion 30 Grad, Narbe reizlos.",
    ],
    "spa": [
        "die Patientin befindet sich zur ambulanten Vorsorgeleistung in unserem Kurort. Die "
        "Anwendungen (Meerwasserbäder, Kreidepackungen, Atemtherapie) werden gut vertragen.",
        "Wir empfehlen nach Rückkehr eine Kontrolle des Blutdrucks, der hier wiederholt erhöht "
        "gemessen wurde (bis 165/95 mmHg).",
    ],
    "email": [
        "Hallo liebes Praxisteam,",
        "anbei wie telefonisch besprochen der Befund der Echokardiographie. Die Pumpfunktion ist "
        "normal, keine Klappenvitien. Eine weitere Kontrolle ist nicht erforderlich.",
        "Viele Grüße aus dem Sekretariat",
    ],
}
EXTRA_FINDINGS = [
    "Röntgen Thorax: Kein Infiltrat, kein Pleuraerguss, Herz normal groß.",
    "Sonographie Abdomen: Leber normal groß, homogen; Gallenblase steinfrei; Nieren beidseits "
    "ohne Aufstau.",
    "EKG: Sinusrhythmus 68/min, Linkstyp, keine Erregungsrückbildungsstörungen.",
    "Langzeit-Blutdruck: Mittelwert 138/84 mmHg, nächtliche Absenkung vorhanden.",
    "Lungenfunktion: Keine Obstruktion, Vitalkapazität im Normbereich.",
    "Duplexsonographie der Halsgefäße: Geringe Plaques ohne hämodynamische Relevanz.",
    "Ergometrie: Belastbar bis 125 Watt, Abbruch wegen Erschöpfung, keine Angina pectoris.",
    "Ernährungsberatung: Schulung zur kalorienreduzierten Mischkost durchgeführt.",
    "Sozialdienst: Kontakt zur Pflegekasse aufgenommen, Hilfsmittel (Rollator) verordnet.",
    "Physiotherapie: Treppensteigen über zwei Etagen sicher möglich.",
    "Psychologische Mitbetreuung: Keine Hinweise auf eine depressive Episode.",
    "Impfstatus: Tetanus aktuell, Pneumokokken-Impfung empfohlen.",
]
TITLES = {
    "discharge_uni": ["Entlassungsbrief", "Vorläufiger Arztbrief", "Arztbrief"],
    "short_discharge": ["Kurzarztbrief", "Vorläufiger Entlassungsbericht"],
    "specialist": ["Kardiologischer Befundbericht", "Befundbericht"],
    "lab": ["Laborbefund", "Endbefund"],
    "radiology": ["MRT der Lendenwirbelsäule", "Befundbericht MRT LWS"],
    "insurer": ["Anfrage zur Arbeitsunfähigkeit", "Krankengeldfall – Bitte um ärztliche Auskunft"],
    "drv": ["Bescheid über Leistungen zur medizinischen Rehabilitation"],
    "md": ["Mitteilung über das Ergebnis der Pflegebegutachtung"],
    "gesundheitsamt": ["Meldung nach §§ 6, 7 IfSG – Ermittlung"],
    "lagus": ["Anforderung eines Befundberichtes"],
    "care": ["Bitte um Folgeverordnung häuslicher Krankenpflege"],
    "pharmacy": ["Rückfrage zur Verordnung"],
    "therapy": ["Therapiebericht Physiotherapie"],
    "reha": ["Ärztlicher Entlassungsbericht"],
    "spa": ["Badeärztlicher Kurbericht"],
    "email": ["Befund Echo"],
}


@dataclass
class Who:
    surname: str
    given: str
    sex: str
    birth: date | None
    pid: str | None
    patient: register.Patient | None
    title: str = ""
    note: str = ""


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    layout: str
    language: str
    region: str
    pages: list[Page]
    facts: dict
    reg: dict | None
    notes: list[str]
    handwritten: bool
    fax: dict
    fax_fine: bool
    fax_g4: bool
    sender_fax: str
    sender_short: str
    cover: Page | None
    stamp: date | None
    stamp_name: str
    render_seed: int
    _cache: dict = field(default_factory=dict)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten else ["pdf", "scan200", "fax"]

    def fax_header(self, n: int, total: int) -> str:
        sent = datetime.fromisoformat(self.fax["sent"])
        return (
            f"{sent.strftime('%d.%m.%Y %H:%M')}   FAX {self.sender_fax}   "
            f"{self.sender_short}   S. {n}/{total}"
        )

    def condition_pages(self, condition: str) -> list[Page]:
        """The pages as that condition shows them (stamp, fax header, cover sheet)."""
        if condition == "pdf":
            return self.pages
        if condition == "scan200":
            pages = [Page(list(p.lines), list(p.rules)) for p in self.pages]
            if self.stamp is not None:
                x = W - 190
                pages[0].lines += [
                    Line(x + 8, 24, "EINGEGANGEN", "sansb", 8.5),
                    Line(x + 8, 35, fmt(self.stamp, "de"), "mono", 9),
                    Line(x + 8, 45, self.stamp_name, "sans", 7),
                ]
                pages[0].rules += [
                    (x, 14, x + 150, 14),
                    (x, 50, x + 150, 50),
                    (x, 14, x, 50),
                    (x + 150, 14, x + 150, 50),
                ]
            return pages
        src = ([self.cover] if self.cover else []) + self.pages
        out = []
        for i, p in enumerate(src, 1):
            head = Line(18, 11, self.fax_header(i, len(src)), "mono", 7.5)
            out.append(Page([head, *p.lines], list(p.rules)))
        return out

    def source_pdf(self, condition: str) -> bytes:
        key = f"src-{condition}"
        if key not in self._cache:
            self._cache[key] = render.draw_pdf(self.condition_pages(condition))
        return self._cache[key]

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(condition)
        src = self.source_pdf(condition)
        if condition == "pdf":
            return {"pdf/letter.pdf": src}
        rng = random.Random(self.render_seed * 7 + (1 if condition == "fax" else 2))
        if condition == "scan200":
            imgs = render.scan_jpegs(src, rng)
            return {f"scan200/page-{i:02d}.jpg": b for i, b in enumerate(imgs, 1)}
        tifs = render.fax_tiffs(src, self.fax_fine, self.fax_g4, rng)
        return {f"fax/page-{i:02d}.tif": b for i, b in enumerate(tifs, 1)}

    def truth(self) -> dict:
        conds: dict[str, dict] = {}
        for c in self.conditions():
            pages = self.condition_pages(c)
            entries = []
            for i, p in enumerate(pages, 1):
                if c == "fax" and self.cover is not None:
                    name = "cover" if i == 1 else f"p{i - 1}"
                else:
                    name = f"p{i}"
                e: dict = {"page": name}
                if c == "pdf":
                    e.update({"file": "pdf/letter.pdf", "pdf_page": i})
                elif c == "scan200":
                    e["file"] = f"scan200/page-{i:02d}.jpg"
                else:
                    e["file"] = f"fax/page-{i:02d}.tif"
                e["text"] = p.text()
                entries.append(e)
            conds[c] = {"pages": entries}
        conds["scan200"]["receipt_stamp"] = self.stamp.isoformat() if self.stamp else None
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.layout,
            "language": self.language,
            "region": self.region,
            "facts": self.facts,
            "register": self.reg,
            "notes": self.notes,
            "handwritten": self.handwritten,
            "fax": self.fax,
            "conditions": conds,
        }


# ---------------------------------------------------------------- composition helpers


class Composer:
    """Lays out lines top to bottom, breaking pages with a running header."""

    def __init__(self, running: str, font: str = "sans", size: float = 10.0) -> None:
        self.pages: list[Page] = [Page()]
        self.y = 60.0
        self.running = running
        self.font = font
        self.size = size

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def add(
        self,
        x: float,
        text: str,
        font: str | None = None,
        size: float | None = None,
        dy: float | None = None,
        align: str = "left",
    ) -> None:
        f = font or self.font
        s = size or self.size
        if self.y > 770:
            self.break_page()
        if align == "right":
            x = MARGIN_R - width(text, f, s)
        elif align == "center":
            x = (W - width(text, f, s)) / 2
        self.page.lines.append(Line(round(x, 2), round(self.y, 2), text, f, s))
        self.y += dy if dy is not None else s * 1.35

    def para(
        self, text: str, font: str | None = None, size: float | None = None, gap: float = 5
    ) -> None:
        f = font or self.font
        s = size or self.size
        for ln in wrap(text, f, s, MARGIN_R - MARGIN_L):
            self.add(MARGIN_L, ln, f, s)
        self.y += gap

    def break_page(self) -> None:
        self.pages.append(Page())
        self.page.lines.append(Line(MARGIN_L, 50, self.running, "sans", 8))
        self.page.rules.append((MARGIN_L, 55, MARGIN_R, 55))
        self.y = 78.0

    def finish(self, footer: str | None) -> list[Page]:
        n = len(self.pages)
        for i, p in enumerate(self.pages, 1):
            if footer:
                p.lines.append(Line(MARGIN_L, H - 30, footer, "sans", 6.5))
            if n > 1:
                t = f"Seite {i} von {n}"
                p.lines.append(Line(MARGIN_R - width(t, "sans", 8), H - 44, t, "sans", 8))
        return self.pages


def pick_patient(
    rng: random.Random, sel: str | None, pats: list[register.Patient], lang: str
) -> tuple[Who, dict | None, list[str]]:
    notes: list[str] = []

    def find(sur: str, given: str, dob: date | None = None) -> register.Patient:
        for p in pats:
            if p.surname == sur and p.given_names == given and (dob is None or p.birth_date == dob):
                return p
        raise KeyError(sur)

    p: register.Patient | None = None
    shown_sur = None
    if sel == "outsider":
        sur, given, sex = OUTSIDERS[rng.randrange(len(OUTSIDERS))]
        birth = date(1940, 1, 1) + timedelta(days=rng.randrange(25000))
        return (
            Who(sur, given, sex, birth, None, None),
            None,
            ["patient is not in the practice register"],
        )
    if sel == "C1a":
        p = next(q for q in pats if q.collision_group == "C1" and q.city == "Rostock")
        notes.append("two register patients share name and birth date; the address tells")
    elif sel == "C1b":
        p = next(q for q in pats if q.collision_group == "C1" and q.city == "Stralsund")
        notes.append("two register patients share name and birth date; the address tells")
    elif sel == "twinJ":
        p = find("Jahnke", rng.choice(["Finn", "Ole"]))
        notes.append("a twin: same surname and birth date as a sibling in the register")
    elif sel == "twinB":
        p = find("Bünning", rng.choice(["Lea-Marie", "Anna-Lena"]))
        notes.append("a twin: same surname and birth date as a sibling in the register")
    elif sel == "old4":
        p = find("Heydemann", "Katrin")
        shown_sur = "Köpke"
        notes.append("the letter uses the patient's former name (Köpke)")
    elif sel == "old5":
        p = find("Wittstock-Rambow", "Doreen")
        shown_sur = "Rambow"
        notes.append("the letter uses the patient's birth name (Rambow)")
    elif sel == "moeller":
        p = find("Moeller", "Juergen")
        notes.append("Moeller spelled with oe is a different register patient from Möller")
    elif sel == "moeller_u":
        p = find("Möller", "Jürgen")
        notes.append("Möller with umlaut; a Juergen Moeller is another patient")
    elif sel == "krueger":
        p = find("Krueger", "Guenter")
        notes.append("Guenter Krueger and Günter Krüger share a birth date; the spelling tells")
    elif sel == "brandt":
        p = [q for q in pats if q.collision_group == "C8"][rng.randrange(3)]
        notes.append("namesakes with different birth dates in the register")
    elif sel == "voss":
        p = [q for q in pats if q.collision_group == "C9"][rng.randrange(2)]
        notes.append("namesakes with different birth dates in the register")
    elif sel == "title":
        p = find("Brandt", "Ernst-August")
        notes.append("academic title before the name; a namesake surname Brandt exists")
    elif sel == "particle":
        p = [q for q in pats if q.surname.startswith(("von ", "zu "))][rng.randrange(3)]
        notes.append("name particle belongs to the surname")
    elif lang in COUNTRY_OF_LANG and rng.random() < 0.8:
        cands = [q for q in pats if q.surname in COUNTRY_OF_LANG[lang]]
        p = cands[rng.randrange(len(cands))]
    else:
        plain = [
            q
            for q in pats
            if q.collision is None
            and q.country == "DE"
            and not q.surname.startswith(("von", "zu "))
            and (q.surname, q.given_names) not in NATIVE
        ]
        p = plain[rng.randrange(len(plain))]
    reg = {"id": p.id, "collision": p.collision, "collision_group": p.collision_group}
    who = Who(shown_sur or p.surname, p.given_names, p.sex, p.birth_date, p.id, p, p.title)
    return who, reg, notes


def name_forms(rng: random.Random, who: Who, lang: str) -> tuple[str, str, list[str]]:
    """(as written, given + surname as the letter spells them, notes)."""
    nat = NATIVE.get((who.surname, who.given))
    if nat and lang in ("ru", "uk", "vi"):
        sur, given, patro = nat
        if lang == "vi":
            return (
                f"{sur.upper()} {given.upper()}",
                f"{given} {sur}",
                ["Vietnamese name order, family name first, in capitals"],
            )
        return (
            f"{sur} {given} {patro}",
            f"{given} {sur}",
            ["Cyrillic name, surname first with patronymic"],
        )
    t = f"{who.title} " if who.title and rng.random() < 0.8 else ""
    style = rng.choice(["comma", "natural", "caps", "comma", "natural"])
    if lang in ("en", "da", "sv", "lv", "lt", "pl") and style == "comma":
        style = "natural"
    if style == "comma":
        aw = f"{t}{who.surname}, {who.given}" if t else f"{who.surname}, {who.given}"
    elif style == "caps":
        aw = f"{who.surname.upper()}, {who.given}"
    else:
        aw = f"{t}{who.given} {who.surname}"
    return aw, f"{who.given} {who.surname}", []


def letterhead(c: Composer, rng: random.Random, s: dict, align: str) -> None:
    org_font = rng.choice(["sansb", "serifb", "libb"])
    c.y = 66
    c.add(
        MARGIN_L,
        s["org"],
        org_font,
        13 if width(s["org"], org_font, 13) < 470 else 10.5,
        align=align,
    )
    if s["dept"]:
        c.add(MARGIN_L, s["dept"], "sans", 8.5, align=align)
    c.add(MARGIN_L, f"{s['street']} · {s['city']}", "sans", 8, align=align)
    c.add(MARGIN_L, f"Telefon {s['tel']} · Telefax {s['fax']}", "sans", 8, align=align)
    c.page.rules.append((MARGIN_L, c.y - 4, MARGIN_R, c.y - 4))


def window(c: Composer, prac: dict, back: str) -> None:
    c.y = 148
    c.add(MARGIN_L, back, "sans", 6.5, dy=14)
    for ln in wrap(prac["name"], "sans", 10, 230):
        c.add(MARGIN_L, ln)
    if "Wollenberg" not in prac["name"]:
        c.add(MARGIN_L, prac["doctor"].split(",")[0])
    c.add(MARGIN_L, prac["street"])
    c.add(MARGIN_L, prac["city"])


# ---------------------------------------------------------------- the kinds


def compose_german(
    rng: random.Random,
    kind: str,
    who: Who,
    prac: dict,
    ldate: date,
    notes: list[str],
    reg_addr: bool,
) -> tuple[list[Page], dict]:
    group = {
        "discharge_uni": "uni",
        "short_discharge": "district",
        "reha": "reha",
        "email": "specialist",
    }.get(kind, kind)
    s = SENDERS[group][rng.randrange(len(SENDERS[group]))]
    title = rng.choice(TITLES[kind])
    dstyle = rng.choice(["de", "de", "de_long", "de_nopad", "de_short"])
    bstyle = rng.choice(["de", "de", "de_short"]) if dstyle != "de_long" else "de"
    aw, fl, nnotes = name_forms(rng, who, "de")
    notes += nnotes
    other_dates: list[dict] = []
    other_people: list[dict] = []
    dated: list[tuple[str, str]] = []  # labelled date lines
    ids: list[str] = []
    show_birth = kind not in ("pharmacy", "email") and rng.random() < 0.9
    patient_id = None

    def od(d: date, role: str, label: str) -> None:
        other_dates.append({"date": d.isoformat(), "role": role})
        dated.append((label, fmt(d, dstyle if dstyle != "de_long" else "de")))

    if kind in ("discharge_uni", "short_discharge", "reha"):
        dis = ldate - timedelta(days=rng.randrange(0, 4))
        adm = dis - timedelta(days=rng.randrange(2, 22))
        od(adm, "admission", "Aufnahme:" if kind != "reha" else "Reha-Beginn:")
        od(dis, "discharge", "Entlassung:" if kind != "reha" else "Reha-Ende:")
        ids.append(f"Fall-Nr.: {rng.randrange(10**7, 10**8)}")
        if rng.random() < 0.5:
            od(ldate + timedelta(days=rng.randrange(14, 60)), "follow-up", "Wiedervorstellung:")
    elif kind in ("specialist", "radiology", "spa"):
        od(ldate - timedelta(days=rng.randrange(0, 9)), "examination", "Untersuchung am:")
    elif kind == "lab":
        col = ldate - timedelta(days=rng.randrange(1, 4))
        od(col, "collection", "Abnahme:")
        od(col + timedelta(days=1), "receipt", "Eingang:")
        ids.append(f"Auftrags-Nr.: {rng.randrange(10**6, 10**7)}")
        if who.pid and rng.random() < 0.7:
            patient_id = who.pid
            ids.append(f"Ihre Pat.-Nr.: {who.pid}")
            notes.append("the practice's own patient number is printed (Einsender-ID)")
    elif kind == "insurer":
        od(ldate - timedelta(days=rng.randrange(30, 70)), "incapacity since", "AU seit:")
        od(ldate + timedelta(days=14), "reply by", "Antwort bis:")
        ids.append(
            f"Versichertennummer: {chr(65 + rng.randrange(26))}{rng.randrange(10**8, 10**9)}"
        )
    elif kind in ("drv", "lagus"):
        od(ldate - timedelta(days=rng.randrange(20, 90)), "application", "Antrag vom:")
        ids.append(
            f"Az.: {rng.randrange(10, 99)} {rng.randrange(100000, 999999)} "
            f"{chr(65 + rng.randrange(26))} {rng.randrange(100, 999)}"
        )
    elif kind == "md":
        od(ldate - timedelta(days=rng.randrange(5, 20)), "home visit", "Hausbesuch am:")
    elif kind == "gesundheitsamt":
        od(ldate - timedelta(days=rng.randrange(1, 5)), "notification", "Meldung vom:")
    elif kind in ("care", "therapy", "pharmacy"):
        od(ldate - timedelta(days=rng.randrange(3, 40)), "prescription", "Verordnung vom:")
        if kind == "pharmacy" and who.pid and rng.random() < 0.5:
            patient_id = who.pid
            ids.append(f"Pat.-Nr. lt. Rezept: {who.pid}")
            notes.append("the practice's own patient number is printed (from the prescription)")
    relative = None
    if kind in ("md", "care") or (kind == "spa" and rng.random() < 0.5):
        rel_b = date(1955, 1, 1) + timedelta(days=rng.randrange(9000))
        rel_name = f"{rng.choice(['Susanne', 'Kai', 'Bianca', 'Rico'])} {who.surname}"
        relative = (rel_name, rel_b)
        other_people.append({"name": rel_name, "role": "relative (carer)"})
        other_dates.append({"date": rel_b.isoformat(), "role": "relative's birth date"})
        notes.append("a relative's birth date is printed near the patient")
    doctor = s["doctors"][0]
    other_people += [
        {"name": d, "role": "signatory"}
        for d in s["doctors"]
        if not d.startswith(("Im Auftrag", "Ihr", "Ihre", "Sachgebiet", "Reha-", "Sachbearbeitung"))
    ]

    running = (
        f"{who.surname}, {who.given}"
        + (f", geb. {fmt(who.birth, 'de')}" if show_birth and who.birth else "")
        + f" – {title} vom {fmt(ldate, 'de')}"
    )
    c = Composer(running, rng.choice(["sans", "serif", "lib", "libserif"]), 10)
    align = rng.choice(["left", "right", "center"])
    date_pos = rng.choice(["top", "info", "end"])
    if kind == "email":
        return compose_email(rng, c, s, who, aw, prac, ldate, other_dates, dated, title, notes), {
            "sender": s["org"],
            "alts": s["alts"],
            "title": title,
            "aw": aw,
            "fl": fl,
            "birth": None,
            "pid": None,
            "other_dates": other_dates,
            "other_people": other_people,
        }
    letterhead(c, rng, s, align)
    window(c, prac, f"{s['org']} · {s['street']} · {s['city']}")
    iy = 162.0
    info = list(ids)
    if date_pos == "info":
        info.append(f"Datum: {fmt(ldate, dstyle)}")
    if doctor and kind in ("hospital", "discharge_uni", "short_discharge", "reha"):
        info.insert(0, f"Ansprechpartner: {doctor.split(',')[0]}")
    for t in info:
        c.page.lines.append(Line(360, iy, t, "sans", 8))
        iy += 11
    c.y = max(c.y, iy) + 20
    if date_pos == "top":
        c.add(MARGIN_L, f"{s['town']}, {fmt(ldate, dstyle)}", align="right", dy=22)
    tstyle = rng.choice(["label", "caps", "bold"])
    if tstyle == "label":
        c.add(MARGIN_L, f"Betreff: {title}", "sansb", 10.5, dy=18)
    elif tstyle == "caps":
        c.add(MARGIN_L, title.upper(), "sansb", 12, dy=20)
    else:
        c.add(MARGIN_L, title, "sansb", 12, dy=20)
    plabel = rng.choice(["Patient:", "Pat.:", "Name:", "Versicherte(r):", "für"])
    if kind in ("drv",):
        plabel = "Versicherter:"
    if kind == "lagus":
        plabel = "Antragsteller/in:"
    birth_txt = fmt(who.birth, bstyle) if (show_birth and who.birth) else ""
    addr_txt = ""
    if reg_addr and who.patient:
        addr_txt = f", {who.patient.street}, {who.patient.postcode} {who.patient.city}"
    if birth_txt and rng.random() < 0.5:
        c.add(MARGIN_L, f"{plabel} {aw}, geb. {birth_txt}{addr_txt}", "sansb", 10)
    else:
        c.add(MARGIN_L, f"{plabel} {aw}{addr_txt}", "sansb", 10)
        if birth_txt:
            c.add(MARGIN_L, f"{rng.choice(['Geburtsdatum:', 'geb. am', '*'])} {birth_txt}")
    if relative:
        c.add(
            MARGIN_L, f"Pflegeperson: {relative[0]} (Tochter/Sohn), geb. {fmt(relative[1], 'de')}"
        )
    for label, txt in dated:
        c.add(MARGIN_L, f"{label} {txt}")
    c.y += 10
    c.add(
        MARGIN_L, prac["salute"] if rng.random() < 0.6 else "Sehr geehrte Damen und Herren,", dy=18
    )
    body = list(BODY.get(kind, BODY["specialist"]))
    if kind == "lab":
        body = []
        rows = [
            ("Leukozyten", "6,8", "G/l", "3,9 - 10,2"),
            ("Hämoglobin", "12,1", "g/dl", "12,0 - 15,4"),
            ("Kreatinin", "1,34", "mg/dl", "0,50 - 0,95"),
            ("eGFR (CKD-EPI)", "41", "ml/min/1,73m²", "> 60"),
            ("HbA1c", "7,4", "%", "4,0 - 6,0"),
            ("TSH", "2,15", "mU/l", "0,27 - 4,20"),
        ]
        for name, val, unit, ref in rows:
            c.page.lines.append(Line(MARGIN_L, c.y, name, "mono", 9))
            c.page.lines.append(Line(230, c.y, val, "mono", 9))
            c.page.lines.append(Line(300, c.y, unit, "mono", 9))
            c.page.lines.append(Line(420, c.y, ref, "mono", 9))
            c.y += 13
        c.y += 8
        body.append("Kreatinin erhöht, eGFR eingeschränkt. HbA1c oberhalb des Zielbereichs.")
    for para in body:
        c.para(para)
    if kind in ("discharge_uni", "reha"):
        c.add(MARGIN_L, "Befunde im Einzelnen:", "sansb", 10, dy=16)
        for item in EXTRA_FINDINGS:
            c.para(item, gap=2)
    c.y += 6
    if date_pos == "end":
        c.add(MARGIN_L, f"{s['town']}, den {fmt(ldate, dstyle)}", dy=16)
    c.add(MARGIN_L, rng.choice(["Mit freundlichen Grüßen", "Mit kollegialen Grüßen"]), dy=30)
    for d in s["doctors"]:
        c.add(MARGIN_L, d, size=9)
    pages = c.finish(f"{s['org']} · {s['street']} · {s['city']} · Tel. {s['tel']}")
    if len(pages) > 1:
        notes.append("two pages with a running header naming the patient")
    notes.append(f"letterhead {align}, date {date_pos}, title as {tstyle}")
    return pages, {
        "sender": s["org"],
        "alts": list(dict.fromkeys([*s["alts"], *([s["dept"]] if s["dept"] else [])])),
        "title": title,
        "aw": aw,
        "fl": fl,
        "birth": who.birth if birth_txt else None,
        "pid": patient_id,
        "other_dates": other_dates,
        "other_people": other_people,
    }


def compose_email(
    rng: random.Random,
    c: Composer,
    s: dict,
    who: Who,
    aw: str,
    prac: dict,
    ldate: date,
    other_dates: list[dict],
    dated: list[tuple[str, str]],
    title: str,
    notes: list[str],
) -> list[Page]:
    c.font = "lib"
    c.y = 60
    c.add(MARGIN_L, f"{prac['names'][1]} – E-Mail-Ausdruck", "libb", 11, dy=20)
    hh = rng.randrange(7, 18)
    domain = "kardio-rosengarten.de" if "Rosengarten" in s["org"] else "praxis-mv.de"
    c.add(MARGIN_L, f"Von: Sekretariat {s['org']} <sekretariat@{domain}>", size=9)
    c.add(MARGIN_L, f"Gesendet: {fmt(ldate, 'de')} {hh:02d}:{rng.randrange(60):02d}", size=9)
    c.add(MARGIN_L, "An: praxis@hausarzt-mv.de", size=9)
    c.add(MARGIN_L, f"Betreff: {title} {aw}", size=9, dy=22)
    for label, txt in dated:
        c.add(MARGIN_L, f"{label} {txt}", size=9)
    c.y += 8
    for para in BODY["email"]:
        c.para(para)
    c.add(MARGIN_L, s["org"], size=9)
    c.add(MARGIN_L, f"{s['street']}, {s['city']}", size=9)
    notes.append("e-mail printout: the sending date is the letter date; patient in the subject")
    return c.finish(None)


def compose_foreign(
    rng: random.Random, key: str, who: Who, prac: dict, ldate: date, notes: list[str]
) -> tuple[list[Page], dict]:
    f = FOREIGN[key]
    lang = f["langs"]
    aw, fl, nn = name_forms(rng, who, lang)
    notes += nn
    dstyle = f["date_styles"][rng.randrange(2)]
    nstyle = f["date_styles"][0]
    dis = ldate - timedelta(days=rng.randrange(0, 3))
    adm = dis - timedelta(days=rng.randrange(1, 12))
    c = Composer(f"{f['org']} – {aw}", "sans", 10)
    align = rng.choice(["left", "center"])
    c.y = 66
    c.add(
        MARGIN_L, f["org"], "sansb", 12 if width(f["org"], "sansb", 12) < 470 else 9.5, align=align
    )
    c.add(MARGIN_L, f["dept"], "sans", 9, align=align)
    c.add(MARGIN_L, f"{f['street']}, {f['city']}", "sans", 8, align=align)
    c.add(MARGIN_L, f"Fax {f['fax']}", "sans", 8, align=align)
    c.y += 18
    for ln in [*wrap(prac["name"], "sans", 9, 300), prac["street"], f"{prac['city']}, Germany"]:
        c.add(MARGIN_L, ln, size=9)
    c.y += 14
    top = rng.random() < 0.5
    if top:
        c.add(MARGIN_L, f["place"].format(d=fmt(ldate, dstyle)), align="right", dy=20)
    c.add(MARGIN_L, f["title"], "sansb", 13, align="center", dy=22)
    c.add(MARGIN_L, f"{f['patient']} {aw}", "sansb", 10)
    c.add(MARGIN_L, f"{f['born']} {fmt(who.birth, nstyle)}" if who.birth else f["born"])
    if key == "en_ship":
        c.add(MARGIN_L, f"Cabin: {rng.randrange(4000, 9999)}   Nationality: German")
    c.add(MARGIN_L, f"{f['adm']} {fmt(adm, nstyle)}")
    c.add(MARGIN_L, f"{f['dis']} {fmt(dis, nstyle)}", dy=20)
    for para in f["body"]:
        c.para(para)
    c.y += 10
    if not top:
        c.add(MARGIN_L, f["place"].format(d=fmt(ldate, dstyle)), dy=18)
    c.add(MARGIN_L, f["sign"], dy=26)
    c.add(MARGIN_L, f["doctor"], size=9)
    notes.append(f"letter from abroad ({f['region']}) in its own language and date convention")
    return c.finish(None), {
        "sender": f["org"],
        "alts": [*f["alts"], f["dept"]],
        "title": f["title"],
        "aw": aw,
        "fl": fl,
        "birth": who.birth,
        "pid": None,
        "other_dates": [
            {"date": adm.isoformat(), "role": "admission"},
            {"date": dis.isoformat(), "role": "discharge"},
        ],
        "other_people": [{"name": f["doctor"], "role": "signatory"}],
        "lang": lang,
        "region": f["region"],
        "fax": f["fax"],
        "short": f["alts"][0],
    }


HAND_AUTHORS = [
    ("Dr. med. Hinrich Lassen", "Praxisvertretung Usedom"),
    ("Dipl.-Med. Ines Rackow", "Kurärztin Seebad Ahlbeck"),
]


def compose_hand(
    rng: random.Random, who: Who, prac: dict, ldate: date | None, notes: list[str]
) -> tuple[list[Page], dict]:
    author, role = HAND_AUTHORS[rng.randrange(len(HAND_AUTHORS))]
    pg = Page()
    y = 110.0
    aw = f"{who.given} {who.surname}" if rng.random() < 0.5 else f"Fr./Hr. {who.surname}"
    if aw.startswith("Fr./Hr."):
        aw = f"{who.surname}, {who.given}"
    texts = [f"Liebe Kollegen der {prac['names'][-1]},"]
    if ldate:
        texts.insert(0, f"Ahlbeck, {fmt(ldate, 'de_nopad')}")
    texts += [
        f"betr. {aw}" + (f" (geb. {fmt(who.birth, 'de_nopad')})" if who.birth else ""),
        "war heute hier in der Sprechstunde,",
        "RR 170/100, Kopfschmerz.",
        "Habe Amlodipin 5 mg mitgegeben,",
        "bitte RR-Kontrolle nächste Woche.",
        "Danke + Gruß",
        author,
    ]
    for i, t in enumerate(texts):
        x = 70 + (i * 7) % 19
        pg.lines.append(Line(x, y, t, "hand", 15))
        y += 30 + (i % 3) * 3
    notes.append("handwritten note (stand-in font)" + ("" if ldate else "; undated"))
    return [pg], {
        "sender": author,
        "alts": [role],
        "title": None,
        "aw": aw,
        "fl": f"{who.given} {who.surname}",
        "birth": who.birth,
        "pid": None,
        "other_dates": [],
        "other_people": [],
    }


def cover_page(sent: datetime, prac: dict, sender: str, fax_no: str, total: int) -> Page:
    c = Composer("")
    c.y = 90
    c.add(MARGIN_L, "TELEFAX", "sansb", 22, dy=40)
    for t in [
        f"An: {prac['names'][0 if len(prac['names'][0]) < 60 else 1]}",
        f"Fax-Nr.: {prac['fax']}",
        f"Von: {sender}",
        f"Fax-Nr.: {fax_no}",
        f"Datum: {fmt(sent.date(), 'de')}",
        f"Seiten inkl. Deckblatt: {total}",
    ]:
        c.add(MARGIN_L, t, "sans", 12, dy=22)
    c.y += 20
    c.para(
        "Vertraulich! Diese Übermittlung enthält Patientendaten. Sollten Sie nicht der "
        "richtige Empfänger sein, benachrichtigen Sie uns bitte und vernichten Sie das Fax.",
        size=9,
    )
    return c.pages[0]


def make_letter(
    split: str, idx: int, seed: int, kind: str, sel: str | None, pats: list[register.Patient]
) -> Letter:
    rng = random.Random(seed * 1000 + idx)
    prac = PRACTICES[rng.randrange(3)]
    lang = kind.removeprefix("foreign_") if kind.startswith("foreign_") else "de"
    llang = FOREIGN[lang]["langs"] if lang in FOREIGN else "de"
    who, reg, notes = pick_patient(rng, sel, pats, lang)
    ldate: date | None = date(2023, 1, 2) + timedelta(days=rng.randrange(900))
    region = "DE"
    if kind.startswith("foreign_"):
        pages, f = compose_foreign(rng, lang, who, prac, ldate, notes)
        region = f["region"]
        fax_no, short = f["fax"], f["short"]
    elif kind == "handwritten":
        if rng.random() < 0.5:
            ldate = None
        pages, f = compose_hand(rng, who, prac, ldate, notes)
        fax_no, short = "038378 40 11 2", f["sender"].split(" ")[-1]
    else:
        pages, f = compose_german(
            rng, kind, who, prac, ldate, notes, reg_addr=bool(sel in ("C1a", "C1b"))
        )
        s = next(x for g in SENDERS.values() for x in g if x["org"] == f["sender"])
        fax_no, short = s["fax"], s["alts"][0]
    base = ldate or date(2024, 5, 6)
    sent = datetime(base.year, base.month, base.day, rng.randrange(7, 19), rng.randrange(60))
    sent += timedelta(days=rng.randrange(1, 5))
    has_cover = rng.random() < 0.34
    cover = cover_page(sent, prac, f["sender"], fax_no, len(pages) + 1) if has_cover else None
    fine = rng.random() < 0.6
    stamp = None
    if rng.random() < 0.5:
        stamp = (ldate or base) + timedelta(days=rng.randrange(2, 8))
    facts = {
        "patient": {
            "full_name": (
                f"{who.patient.given_names} {who.patient.surname}"
                if who.patient
                else f"{who.given} {who.surname}"
            ),
            "surname": who.patient.surname if who.patient else who.surname,
            "given_names": who.patient.given_names if who.patient else who.given,
            "as_written": f["aw"],
            "full_name_as_letter": f["fl"],
            "register_id": who.pid,
        },
        "birth_date": f["birth"].isoformat() if f["birth"] else None,
        "letter_date": ldate.isoformat() if ldate else None,
        "sender": f["sender"],
        "sender_alternatives": f["alts"],
        "title": f["title"],
        "title_alternatives": ([f["title"].upper()] if f["title"] else []),
        "patient_id": f["pid"],
        "other_dates": f["other_dates"],
        "other_people": f["other_people"],
    }
    if cover:
        notes.append("fax with a cover sheet dated the send date")
    return Letter(
        id=f"{split}-{idx:03d}",
        split=split,
        seed=seed,
        layout=kind,
        language=f.get("lang", llang),
        region=region,
        pages=pages,
        facts=facts,
        reg=reg,
        notes=notes,
        handwritten=kind == "handwritten",
        fax={
            "sent": sent.strftime("%Y-%m-%dT%H:%M"),
            "cover_sheet": has_cover,
            "number": fax_no,
            "resolution": "204x196" if fine else "204x98",
        },
        fax_fine=fine,
        fax_g4=rng.random() < 0.5,
        sender_fax=fax_no,
        sender_short=short,
        cover=cover,
        stamp=stamp,
        stamp_name=prac["stamp"],
        render_seed=seed * 1000 + idx,
    )


def _letters(split: str, seed: int, plan: list[tuple[str, str | None]]) -> list[Letter]:
    pats = register.build()
    return [make_letter(split, i, seed, k, sel, pats) for i, (k, sel) in enumerate(plan, 1)]


def split(name: str) -> list[Letter]:
    if name == "test":
        return _letters("test", SPLIT_SEEDS["test"], TEST_PLAN)
    if name == "examples":
        return _letters("examples", SPLIT_SEEDS["examples"], EXAMPLE_PLAN)
    raise ValueError(f"unknown split {name!r}")


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    kinds = GERMAN_KINDS + FOREIGN_KINDS
    plan = [(kinds[rng.randrange(len(kinds))], None) for _ in range(count)]
    return _letters(split_name, seed, plan)


def practice_names() -> list[dict]:
    return [
        {k: p[k] for k in ("name", "names", "doctor", "address", "fax", "kind")} for p in PRACTICES
    ]
