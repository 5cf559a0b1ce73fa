"""The letters of the set: composition (lines on pages), truth and rendering (pdf, scan200, fax)."""
# ruff: noqa: E501

from __future__ import annotations

import copy
import datetime as dt
import io
import random
from dataclasses import dataclass, field

import numpy as np
import pymupdf
from PIL import Image

from . import register
from .dates import fmt
from .texts import BODY, DIAG, LAB, LAB_FR, MEDS, L
from .world import KINDS, PRACTICES

SEEDS = {"test": 5090100, "examples": 5090200}
W, H = 595.0, 842.0
LEFT, RIGHT = 62.0, 535.0
BOTTOM = 752.0
FONTDIR = "/usr/share/fonts/truetype/dejavu/"
FONTS = {
    "sans": "DejaVuSans.ttf",
    "sansb": "DejaVuSans-Bold.ttf",
    "serif": "DejaVuSerif.ttf",
    "serifb": "DejaVuSerif-Bold.ttf",
    "cond": "DejaVuSansCondensed.ttf",
    "mono": "DejaVuSansMono.ttf",
    "hand": "DejaVuSerifCondensed-Italic.ttf",
}
_FONT_CACHE: dict[str, pymupdf.Font] = {}


def font(name: str) -> pymupdf.Font:
    if name not in _FONT_CACHE:
        _FONT_CACHE[name] = pymupdf.Font(fontfile=FONTDIR + FONTS[name])
    return _FONT_CACHE[name]


@dataclass
class Ln:
    text: str
    x: float
    y: float
    size: float
    font: str
    align: str = "l"

    def left(self) -> float:
        if self.align == "l":
            return self.x
        w = font(self.font).text_length(self.text, fontsize=self.size)
        return self.x - w if self.align == "r" else self.x - w / 2


class Doc:
    """Lines drawn top to bottom; every drawn line has its own baseline."""

    def __init__(self, base_font: str = "sans") -> None:
        self.pages: list[list[Ln]] = [[]]
        self.y = 56.0
        self.base = base_font

    def line(
        self,
        text: str,
        size: float = 10,
        f: str | None = None,
        x: float = LEFT,
        align: str = "l",
        gap: float = 1.45,
    ) -> Ln:
        f = f or self.base
        self.y += size * gap
        if self.y > BOTTOM:
            self.newpage()
            self.y += size * gap
        ln = Ln(text.replace("\x00", " "), x, round(self.y, 2), size, f, align)
        self.pages[-1].append(ln)
        return ln

    def skip(self, pt: float) -> None:
        self.y += pt

    def para(
        self, text: str, size: float = 10, f: str | None = None, width: float = RIGHT - LEFT
    ) -> None:
        fo = font(f or self.base)
        words, cur = text.split(" "), ""
        for w in words:
            t = (cur + " " + w).strip()
            if fo.text_length(t, fontsize=size) > width and cur:
                self.line(cur, size, f)
                cur = w
            else:
                cur = t
        if cur:
            self.line(cur, size, f)

    def newpage(self) -> None:
        self.pages.append([])
        self.y = 70.0


def ascii_de(s: str) -> str:
    for a, b in (
        ("ä", "ae"),
        ("ö", "oe"),
        ("ü", "ue"),
        ("Ä", "Ae"),
        ("Ö", "Oe"),
        ("Ü", "Ue"),
        ("ß", "ss"),
    ):
        s = s.replace(a, b)
    return s


def up(s: str) -> str:
    return s.upper()


NOT_IN_REGISTER = [
    ("Dörr-Lambert", "Franziska", "1977-10-19", "F"),
    ("Haupenthal", "Roswitha", "1948-06-02", "F"),
    ("Kreutzer", "Ottmar", "1962-01-30", "M"),
    ("Zenner", "Aloys", "1941-12-24", "M"),
]


@dataclass
class Letter:
    id: str
    split: str
    seed: int
    kind: dict
    practice: dict
    patient: register.Patient | None
    out_of_register: tuple | None
    letter_date: dt.date
    pages: list[list[Ln]] = field(default_factory=list)
    facts: dict = field(default_factory=dict)
    date_checks: list[tuple[str, str, str]] = field(default_factory=list)  # (role, iso, as printed)
    other_dates: list[dict] = field(default_factory=list)
    other_people: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fax: dict = field(default_factory=dict)
    cover: list[Ln] = field(default_factory=list)
    stamp: Ln | None = None
    stamp_date: str | None = None

    # -- conditions -------------------------------------------------------------------------
    def handwritten(self) -> bool:
        return bool(self.kind.get("handwritten"))

    def fax_header(self, n: int, t: int) -> Ln:
        sent = dt.datetime.fromisoformat(self.fax["sent"])
        short = ascii_de(self.kind["alts"][0]) if self.kind["lang"] != "el" else "GNK KALAMATA"
        num = self.kind["fax"]
        reg = self.kind["region"]
        if reg == "DE":
            text = f"{sent:%d.%m.%Y %H:%M}   Fax {num}   {short}   S. {n}/{t}"
        elif reg in ("FR", "BE", "LU"):
            text = f"{sent:%d/%m/%Y %H:%M}  DE: {num}  {short}  P. {n:03d}/{t:03d}"
        elif reg == "US":
            text = f"{sent:%m/%d/%Y %H:%M}  FROM: {num}  {short}  PAGE {n}/{t}"
        else:
            text = f"{sent:%d/%m/%Y %H:%M}  FROM: {num}  {short}  PAGE {n}/{t}"
        return Ln(text, 18, 16, 7.5, "mono")

    def condition_pages(self, cond: str) -> list[tuple[str, list[Ln]]]:
        base = [(f"p{i + 1}", list(p)) for i, p in enumerate(self.pages)]
        if cond == "pdf":
            return base
        if cond == "scan200":
            if self.stamp is not None:
                base[0] = (base[0][0], [*base[0][1], self.stamp])
            return base
        pages = ([("cover", list(self.cover))] if self.fax["cover_sheet"] else []) + base
        t = len(pages)
        return [
            (name, [self.fax_header(i + 1, t), *lines]) for i, (name, lines) in enumerate(pages)
        ]

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.handwritten() else ["pdf", "scan200", "fax"]

    @staticmethod
    def page_text(lines: list[Ln]) -> str:
        return "\n".join(ln.text for ln in sorted(lines, key=lambda a: a.y))

    def truth(self) -> dict:
        conds = {}
        for cond in self.conditions():
            pages = []
            for i, (name, lines) in enumerate(self.condition_pages(cond)):
                if cond == "pdf":
                    pages.append(
                        {
                            "page": name,
                            "file": "pdf/letter.pdf",
                            "pdf_page": i + 1,
                            "text": self.page_text(lines),
                        }
                    )
                else:
                    ext = "jpg" if cond == "scan200" else "tif"
                    pages.append(
                        {
                            "page": name,
                            "file": f"{cond}/page-{i + 1:02d}.{ext}",
                            "text": self.page_text(lines),
                        }
                    )
            conds[cond] = {"pages": pages}
        p = self.patient
        reg = None
        if p is not None:
            reg = {"id": p.id, "collision": p.collision, "collision_group": p.collision_group}
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.kind["layout"],
            "language": self.kind["lang"],
            "region": self.kind["region"],
            "kind": self.kind["key"],
            "facts": copy.deepcopy(self.facts),
            "register": reg,
            "notes": list(self.notes),
            "handwritten": self.handwritten(),
            "fax": dict(self.fax),
            "conditions": conds,
        } | ({"clinic_names": practice_names()} if self.split == "examples" else {})

    # -- rendering --------------------------------------------------------------------------
    def _pdf(self, pages: list[list[Ln]]) -> pymupdf.Document:
        doc = pymupdf.open()
        for lines in pages:
            page = doc.new_page(width=W, height=H)
            used = sorted({ln.font for ln in lines})
            for f in used:
                page.insert_font(fontname=f"F{f}", fontfile=FONTDIR + FONTS[f])
            for ln in sorted(lines, key=lambda a: a.y):
                page.insert_text(
                    (ln.left(), ln.y), ln.text, fontname=f"F{ln.font}", fontsize=ln.size
                )
        doc.set_metadata(
            {
                "title": "",
                "author": "",
                "subject": "",
                "keywords": "",
                "creator": "heldout50l",
                "producer": "heldout50l",
                "creationDate": "D:20250101000000Z",
                "modDate": "D:20250101000000Z",
            }
        )
        return doc

    def pdf_bytes(self, pages: list[list[Ln]]) -> bytes:
        doc = self._pdf(pages)
        doc.subset_fonts()
        data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
        doc.close()
        return data

    def render(self, condition: str) -> dict[str, bytes]:
        if condition not in self.conditions():
            raise ValueError(f"{self.id} has no condition {condition}")
        pages = [lines for _, lines in self.condition_pages(condition)]
        if condition == "pdf":
            return {"pdf/letter.pdf": self.pdf_bytes(pages)}
        doc = self._pdf(pages)
        out = {}
        rng = np.random.default_rng(self.seed + (1 if condition == "scan200" else 2))
        for i, page in enumerate(doc):
            if condition == "scan200":
                pix = page.get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
                a = (
                    np.frombuffer(pix.samples, dtype=np.uint8)
                    .reshape(pix.height, pix.width)
                    .astype(np.float32)
                )
                a = a * (232 / 255.0) + rng.normal(0, 4, a.shape)
                img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8), "L")
                angle = float(rng.uniform(-0.9, 0.9))
                img = img.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=232)
                buf = io.BytesIO()
                img.save(buf, format="JPEG", quality=75, dpi=(200, 200))
                out[f"scan200/page-{i + 1:02d}.jpg"] = buf.getvalue()
            else:
                ydpi = self.fax["ydpi"]
                mat = pymupdf.Matrix(204 / 72, ydpi / 72)
                pix = page.get_pixmap(matrix=mat, colorspace=pymupdf.csGRAY)
                a = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width)
                full = np.full((a.shape[0], 1728), 255, dtype=np.uint8)
                off = (1728 - a.shape[1]) // 2
                full[:, off : off + a.shape[1]] = a[:, : 1728 - off]
                noise = rng.random(full.shape) < 0.0006
                bw = (full > 150) & ~noise
                img = Image.fromarray((bw * 255).astype(np.uint8), "L").convert("1")
                buf = io.BytesIO()
                img.save(buf, format="TIFF", compression=self.fax["compression"], dpi=(204, ydpi))
                out[f"fax/page-{i + 1:02d}.tif"] = buf.getvalue()
        doc.close()
        return out


# -- composition ------------------------------------------------------------------------------
def _pick_patient(
    kind: dict, rng: random.Random, patients: list[register.Patient], first: bool
) -> tuple[register.Patient | None, tuple | None]:
    keyed = {p.origin: p for p in patients}
    pick = (
        rng.random() < 0.7 or first
    )  # the first cycle of kinds takes each kind's designed patient
    who = kind["who"][0] if pick else rng.choice(kind["who"])
    if who == "none":
        return None, rng.choice(NOT_IN_REGISTER)
    if who == "de":
        pool = [p for p in patients if p.origin == "de" and not p.collision and not p.title]
        return rng.choice(pool), None
    return keyed[who], None


def _names(letter: Letter, rng: random.Random, born_s: str) -> tuple[str, str, str, list[str]]:
    aw, giv, sur, lines = _names_raw(letter, rng, born_s)
    # an upper-case name spells ß as SS: the letter's spelling is then "ss"
    if "ß" in sur and up(sur) in aw:
        sur = sur.replace("ß", "ss")
        letter.notes.append("upper-case surname: ß written as SS")
    if "ß" in giv and up(giv) in aw:
        giv = giv.replace("ß", "ss")
    return aw, giv, sur, lines


def _names_raw(letter: Letter, rng: random.Random, born_s: str) -> tuple[str, str, str, list[str]]:
    """(as_written, given as letter, surname as letter, lines to draw)."""
    p = letter.patient
    if p is not None:
        sur, giv, sex, title = p.surname, p.given_names, p.sex, p.title
    else:
        sur, giv, _, sex = letter.out_of_register
        title = ""
    style = letter.kind["names"]
    if p is not None and p.former_names and letter.kind.get("old_name"):
        sur = p.former_names[0]
        letter.notes.append("the sender still uses the patient's former surname")
    herr = "Herrn" if sex == "M" else "Frau"
    tt = f"{title} " if title else ""
    if style == "SUR_given_ascii":
        sur, giv = ascii_de(sur), ascii_de(giv)
        aw = f"{up(sur)}, {giv}"
        return aw, giv, sur, [f"Patient: {aw}    geb.: {born_s}"]
    if style == "SUR_given":
        aw = f"{up(sur)}, {giv}"
        return aw, giv, sur, [f"Patient: {aw}, geb. {born_s}" if born_s else f"Patient: {aw}"]
    if style in ("Herr_given_sur", "Herr_given_sur_addr"):
        aw = f"{herr} {tt}{giv} {sur}"
        lines = [f"Betr.: {aw}, geb. am {born_s}"]
        if style.endswith("addr") and p is not None:
            lines.append(f"wohnhaft {p.street}, {p.postcode} {p.city}")
            letter.notes.append("address printed to tell same-name-same-birth patients apart")
        return aw, giv, sur, lines
    if style == "geb_birthname":
        aw = f"{herr} {giv} {sur}" + (
            f" geb. {p.birth_name}" if p is not None and p.birth_name else ""
        )
        return aw, giv, sur, [f"{aw}, * {born_s}"]
    if style == "Name_Vorname":
        aw = f"Name: {sur}    Vorname: {giv}"
        return aw, giv, sur, [f"{aw}    Geburtsdatum: {born_s}"]
    if style == "Sur_given_comma":
        aw = f"{sur}, {giv}"
        return (
            aw,
            giv,
            sur,
            [
                f"Patient: {aw}",
                f"Geb.-Datum: {born_s}    Geschlecht: {'männlich' if sex == 'M' else 'weiblich'}",
            ],
        )
    if style == "Versicherte":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"Versicherte Person: {aw}, geb. {born_s}"]
    if style == "Klient":
        aw = f"{herr if sex == 'F' else 'Herr'} {giv} {sur}"
        return aw, giv, sur, [f"Klient/in: {aw} (geb. {born_s})"]
    if style == "Pat_comma":
        aw = f"{sur}, {giv}"
        return aw, giv, sur, [f"Pat.: {aw}   geb. {born_s}" if born_s else f"Pat.: {aw}"]
    if style == "Frau_given_sur_geb":
        aw = f"{herr} {giv} {sur}"
        return aw, giv, sur, [f"Betreff: {aw}, geb. {born_s}"]
    if style == "Betroffene":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"Betroffene Person: {aw}, geboren am {born_s}"]
    if style == "medplan":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"für: {aw}    geb. am: {born_s}"]
    if style == "hand":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"Pat. {aw}  * {born_s}"]
    if style == "form":
        aw = f"{sur}, {giv}"
        return aw, giv, sur, ["Name, Vorname des Versicherten", aw, "geb. am", born_s]
    if style == "fr_SUR_given":
        m = "M." if sex == "M" else "Mme"
        aw = f"{m} {up(sur)} {giv}"
        return aw, giv, sur, [f"Patient : {aw}, {'né' if sex == 'M' else 'née'} le {born_s}"]
    if style == "fr_nom_prenom":
        aw = f"Nom : {up(sur)}    Prénom : {giv}"
        return aw, giv, sur, [aw, f"Date de naissance : {born_s}    Sexe : {sex}"]
    if style == "nl":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"Patiënt: {aw}, geboren op {born_s}"]
    if style == "it":
        aw = f"{up(sur)} {giv}"
        return aw, giv, sur, [f"Paziente: {aw}, {'nato' if sex == 'M' else 'nata'} il {born_s}"]
    if style == "pt":
        aw = f"{giv} {sur}"
        return aw, giv, sur, [f"Utente: {aw}", f"Data de nascimento: {born_s}"]
    if style == "el":
        aw = f"{up(sur)} {up(giv)}"
        return aw, giv, sur, [f"Ασθενής: {aw}", f"Ημερομηνία γέννησης: {born_s}"]
    if style == "tr":
        aw = f"{giv} {up(sur)}"
        return aw, giv, sur, [f"Hasta Adı Soyadı: {aw}    Doğum Tarihi: {born_s}"]
    if style == "ro":
        aw = f"{up(sur)} {giv}"
        return aw, giv, sur, [f"Pacient: {aw}, {'născut' if sex == 'M' else 'născută'} la {born_s}"]
    if style == "gb":
        m = "Mr" if sex == "M" else "Ms"
        aw = f"{m} {giv} {up(sur)}"
        return (
            aw,
            giv,
            sur,
            [f"Patient: {aw}    DOB: {born_s}    Hospital No: RD{rng.randint(100000, 999999)}"],
        )
    if style == "us":
        aw = f"{up(sur)}, {up(giv)}"
        return (
            aw,
            giv,
            sur,
            [f"Patient: {aw}    DOB: {born_s}    MRN: {rng.randint(1000000, 9999999)}"],
        )
    raise ValueError(style)


BORN_LABEL = {
    "de": "geb.",
    "fr": "né(e) le",
    "en": "DOB",
    "nl": "geb.",
    "it": "nato/a il",
    "pt": "nasc.",
    "el": "ημ. γέν.",
    "tr": "D.T.",
    "ro": "n.",
}
SIGNERS = {
    "us_maine": "Jennifer M. Ruiz, MD, Attending Physician",
    "zahnarzt": "Dr. med. dent. Ioana Marin",
    "werksarzt": "Dr. med. Norbert Weyrich, Facharzt für Arbeitsmedizin",
    "derma": "Dr. med. Pauline Quint",
    "hno_notinreg": "Dr. med. Claudia Biwer",
    "be_arlon": "Dr Amélie Lambotte, gastro-entérologue",
    "lux_chl_fr": "Dr Paul Hoffmann, médecin spécialiste en neurologie",
    "it_udine": "Dott.ssa Chiara Fabbro",
    "pt_viana": "Dr.ª Teresa Magalhães",
    "gr_kalamata": "Dr. Nikolaos Petropoulos / Ν. Πετρόπουλος",
    "tr_izmir": "Uzm. Dr. Selin Karaca",
    "ro_timisoara": "Dr. Adrian Munteanu, medic primar",
    "be_nl": "Dr. Koen Peeters, internist",
    "gesundheitsamt": "Im Auftrag: Dr. med. Birgit Rauber, Ärztin für Öffentliches Gesundheitswesen",
    "pflegedienst": "Pflegedienstleitung: Anja Conrad",
    "zz": "",
}
SPEC_BODY = {
    "kardio_saarlouis": [
        "Im Ruhe-EKG Sinusrhythmus, Herzfrequenz 68/min, keine Erregungsrückbildungsstörungen.",
        "Echokardiographisch normale linksventrikuläre Pumpfunktion (LVEF 58 %), keine relevanten Vitien.",
        "Im Belastungs-EKG bis 150 Watt kein Hinweis auf eine myokardiale Ischämie.",
        "Wir empfehlen die Fortführung der antihypertensiven Therapie und eine Kontrolle in zwölf Monaten.",
    ],
    "hno_notinreg": [
        "Otoskopisch beidseits reizlose Trommelfelle. Im Tonaudiogramm symmetrische Hochtonsenke beidseits.",
        "Wir empfehlen eine Hörgeräteversorgung; die Verordnung wurde ausgestellt.",
    ],
    "derma": [
        "Im Prick-Test deutliche Reaktion auf Gräserpollen und Birke, Hausstaubmilbe negativ.",
        "Wir haben eine subkutane Immuntherapie begonnen und bitten um Mitbehandlung.",
    ],
    "lux_de": [
        "Klinisch Druckschmerz über dem medialen Gelenkspalt rechts, Lachman-Test negativ.",
        "Im MRT Innenmeniskus-Hinterhornriss rechts. Eine arthroskopische Teilresektion ist geplant.",
    ],
}


BIRTH_STYLE = {
    "DE": "dmy.",
    "LU": "dmy.",
    "FR": "dmy/",
    "BE": "dmy/",
    "IT": "dmy/",
    "PT": "dmy/",
    "GR": "dmy/",
    "TR": "dmy.",
    "RO": "dmy.",
    "GB": "dmy/",
    "US": "mdy/",
}


def _d(letter: Letter, role: str, d: dt.date, style: str) -> str:
    s = fmt(d, style)
    letter.date_checks.append((role, d.isoformat(), s))
    if role not in ("letter", "birth"):
        letter.other_dates.append({"date": d.isoformat(), "role": role})
    return s.replace(" ", "\x00")  # a date is never wrapped across lines


def compose(
    kind: dict,
    idx: int,
    split: str,
    seed: int,
    patients: list[register.Patient],
    first: bool = False,
) -> Letter:
    rng = random.Random(seed)
    practice = (
        PRACTICES[rng.randrange(3)]
        if kind["region"] != "DE" or rng.random() < 0.5
        else PRACTICES[
            1 if kind["city"] in ("Trier", "Bitburg", "Bernkastel-Kues") else rng.choice([0, 2])
        ]
    )
    patient, oor = _pick_patient(kind, rng, patients, first)
    ldate = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 480))
    while ldate.weekday() >= 5 or (ldate.month, ldate.day) in ((12, 25), (12, 26), (1, 1)):
        ldate += dt.timedelta(days=1)  # letters are written on working days
    lt = Letter(f"{split}-{idx:03d}", split, seed, kind, practice, patient, oor, ldate)
    lang, region = kind["lang"], kind["region"]
    lab = L[lang]
    hand = bool(kind.get("handwritten"))
    doc = Doc("hand" if hand else rng.choice(["sans", "sans", "serif", "cond"]))
    dstyle = kind["dstyle"]
    if dstyle == "fr_le":
        dstyle = "dmy/"
    if dstyle == "email":
        dstyle = "long-de"
    born = dt.date.fromisoformat(patient.birth_date if patient else oor[2])
    born_s = "" if kind.get("nobirth") else _d(lt, "birth", born, BIRTH_STYLE[region])
    bold = "sansb" if doc.base != "serif" else "serifb"

    # letterhead
    layout = kind["layout"]
    if layout == "email":
        sent = dt.datetime.combine(ldate, dt.time(rng.randint(7, 18), rng.randint(0, 59)))
        ds = _d(lt, "letter", ldate, "long-de")
        doc.line("Von: Neurologische Praxis Homburg <praxis@neuro-homburg.example>", 9)
        doc.line(
            f"Gesendet: Mittwoch, {ds} {sent:%H:%M}".replace(
                "Mittwoch",
                ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"][
                    ldate.weekday()
                ],
            ),
            9,
        )
        doc.line(
            f"An: {practice['name']} <praxis@{['staden', 'petrisberg', 'saargau'][PRACTICES.index(practice)]}.example>",
            9,
        )
        doc.line(f"Betreff: {kind['title']}", 9, bold)
        doc.skip(10)
    elif layout == "medplan":
        doc.line("Medikationsplan", 16, bold)
        doc.line("Seite 1 von 1", 8)
    elif not hand:
        doc.line(kind["sender"], 15 if len(kind["sender"]) < 40 else 12, bold)
        for h in kind["head"]:
            doc.line(h, 8.5)
        tel = {
            "de": ("Telefon", "Telefax"),
            "fr": ("Tél.", "Fax"),
            "nl": ("Tel.", "Fax"),
            "it": ("Tel.", "Fax"),
            "pt": ("Tel.", "Fax"),
            "el": ("Τηλ.", "Fax"),
            "tr": ("Tel", "Faks"),
            "ro": ("Tel.", "Fax"),
            "en": ("Tel", "Fax"),
        }[lang]
        doc.line(f"{tel[0]} {kind['fax'][:-2]}00 · {tel[1]} {kind['fax']}", 8)
    else:
        doc.line(kind["sender"], 9, "sans")
        doc.line(f"Tel. {kind['fax'][:-3]}00", 8, "sans")

    # addressee block
    if layout not in ("email", "medplan", "handwritten"):
        doc.skip(18)
        doc.line(f"{kind['sender']} · {kind['head'][-1] if kind['head'] else kind['city']}", 6.5)
        doc.skip(4)
        for i, pl in enumerate(practice["lines"]):
            doc.line(pl, 10, gap=1.3 if i else 1.45)
        if region != "DE":
            doc.line(
                {
                    "fr": "ALLEMAGNE",
                    "nl": "DUITSLAND",
                    "it": "GERMANIA",
                    "pt": "ALEMANHA",
                    "el": "GERMANY / ΓΕΡΜΑΝΙΑ",
                    "tr": "ALMANYA",
                    "ro": "GERMANIA",
                    "en": "GERMANY",
                    "de": "DEUTSCHLAND",
                }[lang],
                10,
                gap=1.3,
            )
        lt.other_people.append({"name": practice["doctor"], "role": "addressee"})
        doc.skip(10)

    # date (top) or info block
    date_end = kind.get("date_end") or hand
    if layout not in ("email", "form") and not date_end:
        ds = _d(lt, "letter", ldate, dstyle)
        if layout == "insurer" or kind["key"] in ("betreuungsgericht", "gesundheitsamt"):
            doc.line(
                f"Aktenzeichen: {rng.randint(10, 99)} {rng.choice(['XVII', 'AU', 'GA', 'U'])} {rng.randint(100, 999)}/{ldate:%y}",
                8.5,
                x=RIGHT,
                align="r",
            )
            doc.line(f"Datum: {ds}", 8.5, x=RIGHT, align="r", gap=1.3)
        elif layout == "medplan":
            doc.line(f"ausgedruckt von: {kind['sender']}, Klinik für Geriatrie, Tel. 0651 208-0", 8)
            doc.line(f"ausgedruckt am: {ds}", 8)
        elif kind["key"] == "lux_chl_fr":
            doc.line(f"Luxembourg, le {ds}", 10, x=RIGHT, align="r")
        elif lang == "de":
            doc.line(f"{kind['city']}, {ds}", 10, x=RIGHT, align="r")
        else:
            doc.line(f"{kind['city']}, {ds}" if lang not in ("en",) else ds, 10, x=RIGHT, align="r")

    # patient
    aw, giv_l, sur_l, plines = _names(lt, rng, born_s)
    if (
        patient is not None
        and patient.collision == "same_name_same_birth"
        and not any(patient.street in x for x in plines)
    ):
        plines.append(
            f"{'Anschrift' if lang == 'de' else 'Adresse'}: {patient.street}, {patient.postcode} {patient.city}"
        )
        lt.notes.append("address printed to tell same-name-same-birth patients apart")
    doc.skip(8)
    title = kind["title"]
    title_first = (
        layout in ("lab", "radiology", "pathology", "discharge", "reha", "certificate", "form")
        and rng.random() < 0.8
    )
    if title and title_first:
        doc.line(title, 13, bold)
        doc.skip(4)
    for pl in plines:
        doc.line(
            pl,
            10 if not hand else 12,
            bold if (pl.startswith(("Betr", "Patient")) and not hand) else None,
        )
    if kind.get("vsnr") and patient is not None:
        vs = f"{rng.randint(10, 99)} {born:%d%m%y} {patient.surname[0].upper()} {rng.randint(100, 999)}"
        doc.line(f"Versicherungsnummer: {vs}", 9)
    if kind.get("pid") and patient is not None:
        doc.line(
            f"Pat.-Nr. (Einsender): {patient.id}    Auftrags-Nr.: {rng.randint(10000000, 99999999)}",
            9,
        )
        lt.facts_pid = patient.id
    if title and not title_first and layout not in ("medplan", "email"):
        doc.skip(6)
        doc.line(title, 12, bold)
    doc.skip(6)

    # body
    body = BODY[lang]
    adm = ldate - dt.timedelta(days=rng.randint(4, 14))
    dis = ldate - dt.timedelta(days=rng.randint(0, 3))
    adm = min(adm, dis - dt.timedelta(days=2))
    if layout == "lab":
        coll = ldate - dt.timedelta(days=rng.randint(1, 2))
        cs = _d(lt, "collection", coll, dstyle if dstyle != "dmy.s" else "dmy.")
        rec = coll + dt.timedelta(days=rng.randint(0, 1))
        rs = _d(lt, "receipt_lab", rec, dstyle if dstyle != "dmy.s" else "dmy.")
        if lang == "de":
            doc.line(f"Entnahme: {cs} 07:40    Eingang Labor: {rs} 14:12", 9)
            doc.skip(4)
            doc.line(
                "Untersuchung                 Ergebnis     Einheit     Referenzbereich", 9, "mono"
            )
            rows = LAB[:]
            rng.shuffle(rows)
            for name, unit, lo, hi, val in rows[: 12 if kind.get("pages", 1) == 1 else 14]:
                doc.line(f"{name:<28} {val:<12} {unit:<11} {lo} – {hi}", 9, "mono", gap=1.5)
            if kind.get("pages", 1) == 2:
                doc.newpage()
                doc.line("Mikrobiologie: Urinkultur – kein Wachstum nach 48 h.", 9)
                doc.line("Befund vollständig. Technische Validation: MTLA K. Jost.", 9)
            doc.skip(8)
            doc.line(
                "Medizinisch validiert: Dr. med. Reinhold Kartes, Facharzt für Laboratoriumsmedizin",
                8.5,
            )
            lt.other_people.append({"name": "Dr. med. Reinhold Kartes", "role": "signer"})
        else:
            doc.line(f"Prélevé le {cs} à 08h05    Reçu le {rs}", 9)
            doc.skip(4)
            doc.line("Analyse                  Résultat    Unité", 9, "mono")
            for name, unit, val in LAB_FR:
                doc.line(f"{name:<24} {val:<11} {unit}", 9, "mono", gap=1.5)
            doc.skip(8)
            doc.line("Biologiste responsable : Dr Hélène Schaeffer", 8.5)
            lt.other_people.append({"name": "Dr Hélène Schaeffer", "role": "signer"})
    elif layout == "medplan":
        doc.line(
            "Wirkstoff              Handelsname        Stärke   Form   mo mi ab zur   Hinweise",
            8,
            "mono",
        )
        for m in rng.sample(MEDS, 6):
            nm, dose, sched = (
                m.rsplit(" ", 2)[0],
                " ".join(m.rsplit(" ", 2)[1:2]),
                m.rsplit(" ", 1)[1],
            )
            s = sched.split("-")
            doc.line(
                f"{nm:<22} {nm.split()[0] + ' Hexal':<18} {dose:<8} Tabl   {s[0]:<2} {s[1] if len(s) > 1 else '0':<2} {s[2] if len(s) > 2 else '0':<2} 0",
                8,
                "mono",
                gap=1.6,
            )
        doc.skip(8)
        doc.line(
            "Für Vollständigkeit und Aktualität des Medikationsplans wird keine Gewähr übernommen.",
            7,
        )
    elif layout == "handwritten":
        doc.skip(6)
        doc.line("Hausbesuch wg. Fieber 39,2 °C, Husten seit 3 Tg.", 12)
        doc.line("Lunge: RG re basal. V.a. Pneumonie.", 12)
        doc.line("Amoxicillin 1 g 1-1-1 rezeptiert.", 12)
        doc.line("Bitte Kontrolle in 2-3 Tagen durch HA!", 12)
        doc.skip(8)
        doc.line("Dr. Marx", 12)
        lt.other_people.append({"name": "Dr. Marx", "role": "signer"})
        lt.notes.append("handwritten note (stand-in font) without any date")
    elif layout == "form":
        doc.line("Kassen-Nr.    Versicherten-Nr.    Status", 8)
        doc.line(
            f"{rng.randint(1000000, 9999999)}      {chr(65 + rng.randint(0, 25))}{rng.randint(100000000, 999999999)}      1000000",
            9,
            "mono",
        )
        doc.skip(6)
        doc.line("Diagnose: Akute Gastroenteritis (A09.9 G)", 10)
        doc.line("Befund/Therapie: Exsikkose, orale Rehydratation, Dimenhydrinat supp.", 10)
        doc.line("Weiterbehandlung durch den Hausarzt erbeten.", 10)
        doc.skip(8)
        doc.line("Datum", 8)
        doc.line(_d(lt, "letter", ldate, "dmy."), 10)  # fill-in date in a box
        doc.line("Vertragsarztstempel / Unterschrift: Dr. med. Erwin Hoen, Bereitschaftsdienst", 8)
        lt.other_people.append({"name": "Dr. med. Erwin Hoen", "role": "signer"})
    else:
        formal = (
            layout in ("insurer", "court", "public_health", "care", "pharmacy") and lang == "de"
        )
        doc.line("Sehr geehrte Damen und Herren," if formal else lab["dear"], 10)
        if layout in ("discharge", "reha"):
            ads = _d(lt, "admission", adm, dstyle)
            dss = _d(lt, "discharge", dis, dstyle)
            doc.para(lab["intro"].format(adm=ads, dis=dss))
            doc.skip(4)
            doc.line(lab["diag"], 10, bold)
            for dgn in rng.sample(DIAG[lang], min(3, len(DIAG[lang]))):
                doc.line(f"– {dgn}", 10)
            doc.skip(4)
            doc.line(lab["ther"], 10, bold)
            for s in rng.sample(body, min(3, len(body))):
                doc.para(s)
            if kind.get("pages", 1) == 2:
                doc.newpage()
            if kind.get("many_dates"):
                prev = adm - dt.timedelta(days=rng.randint(40, 200))
                doc.para(
                    f"Vorbefund: Entlassbrief unseres Hauses vom {_d(lt, 'previous_letter', prev, 'dmy.')}."
                )
                appt = ldate + dt.timedelta(days=rng.randint(20, 60))
                doc.para(
                    f"Ein Kontrolltermin in der Geriatrischen Tagesklinik ist für den {_d(lt, 'appointment', appt, 'dmy.')} um 9:30 Uhr vereinbart."
                )
                doc.para(
                    f"Angehörige: Tochter Monika Weber, geb. {_d(lt, 'birth_relative', born + dt.timedelta(days=9000 + rng.randint(0, 2000)), 'dmy.')}, Tel. 06561 48 22."
                )
            doc.line(lab["med"], 10, bold)
            for m in rng.sample(MEDS, 4):
                doc.line(m if lang == "de" else m.replace(",", "."), 10)
            doc.skip(4)
            doc.line(lab["regards"], 10)
        elif layout in ("radiology", "pathology"):
            ex = ldate - dt.timedelta(days=rng.randint(1, 6))
            es = _d(lt, "examination", ex, dstyle)
            if layout == "radiology":
                doc.line(f"MRT der Lendenwirbelsäule nativ vom {es}", 10)
                doc.para(
                    "Fragestellung: Lumboischialgie links seit sechs Wochen, radikuläre Symptomatik L5?"
                )
                doc.para(
                    "Befund: Regelrechte Lordose. Bandscheibenprotrusion L4/5 mit Kontakt zur Nervenwurzel L5 links. Keine Spinalkanalstenose. Keine Frakturzeichen."
                )
                doc.para(
                    "Beurteilung: Mediolateral linksbetonte Protrusion L4/5 mit möglicher Irritation der L5-Wurzel links."
                )
            else:
                doc.line(
                    f"Eingangsnummer: H {rng.randint(1000, 9999)}/{ex:%y}    Entnahme vom {es}", 9
                )
                doc.para(
                    "Makroskopie: Hautspindel von 1,4 cm Länge mit zentraler pigmentierter Läsion."
                )
                doc.para(
                    "Mikroskopie: Compound-Nävus ohne Atypien. Die Läsion ist allseits im Gesunden exzidiert."
                )
                doc.para(
                    "Diagnose: Melanozytärer Compound-Nävus, vollständig entfernt. Kein Anhalt für Malignität."
                )
        elif layout == "insurer":
            prev = ldate - dt.timedelta(days=rng.randint(10, 40))
            if kind.get("accident"):
                acc = ldate - dt.timedelta(days=rng.randint(5, 30))
                doc.para(
                    f"Unfalltag: {_d(lt, 'accident', acc, 'dmy.')}, Unfallbetrieb: Metallbau Gillen GmbH, Wadgassen."
                )
                doc.para(
                    "Nach Angaben des Unternehmens haben Sie die versicherte Person nach dem Arbeitsunfall behandelt. Bitte übersenden Sie uns einen Befundbericht sowie Kopien vorliegender Röntgenbefunde."
                )
            else:
                doc.para(
                    f"wir beziehen uns auf die Arbeitsunfähigkeitsbescheinigung vom {_d(lt, 'previous_letter', prev, 'dmy.')}."
                )
                doc.para(
                    "Zur Prüfung unserer Leistungspflicht bitten wir Sie, die beigefügten Fragen zu beantworten und uns den Vordruck innerhalb von 14 Tagen zurückzusenden. Die Vergütung erfolgt nach den vertraglichen Vereinbarungen."
                )
            doc.para(
                "Die Einwilligung der versicherten Person liegt uns vor. Für Rückfragen stehen wir Ihnen gern zur Verfügung."
            )
            doc.line("Mit freundlichen Grüßen", 10)
            doc.line("Ihr Team Leistungen", 10)
            if kind.get("reply"):
                doc.newpage()
                doc.line("Antwort – bitte zurücksenden", 12, bold)
                doc.line(f"An: {kind['sender']}, Telefax {kind['fax']}", 9)
                doc.line(f"Betrifft: {giv_l} {sur_l}", 9)
                doc.line("Diagnose(n): ________________________________________", 10, gap=2.2)
                doc.line("Voraussichtliche Dauer der Behandlung: ____________________", 10, gap=2.2)
                doc.line(
                    "Datum: ______________    Stempel / Unterschrift: ______________________",
                    10,
                    gap=2.4,
                )
                lt.notes.append("page 2 is a reply slip with an empty date field")
        else:
            if kind["key"] == "gesundheitsamt":
                doc.para(
                    "im Rahmen einer Umgebungsuntersuchung bei einem Fall von offener Lungentuberkulose wurde die oben genannte Person als enge Kontaktperson ermittelt."
                )
                doc.para(
                    f"Im gleichen Haushalt leben: Ehefrau Ayşe (geb. {_d(lt, 'birth_relative', born + dt.timedelta(days=1500), 'dmy.')}) und Sohn Emre (geb. {_d(lt, 'birth_relative', born + dt.timedelta(days=11000), 'dmy.')})."
                )
                doc.para(
                    "Wir bitten um Durchführung eines Interferon-Gamma-Tests und Übersendung des Ergebnisses."
                )
            elif kind["key"] == "betreuungsgericht":
                doc.para(
                    "in der oben genannten Betreuungssache wird um Erstellung eines ärztlichen Zeugnisses gemäß § 281 FamFG gebeten, insbesondere zur Frage, ob die betroffene Person ihre Angelegenheiten ganz oder teilweise nicht mehr besorgen kann."
                )
                doc.para(
                    f"Anhörungstermin ist der {_d(lt, 'hearing', ldate + dt.timedelta(days=rng.randint(20, 40)), 'dmy.')}. Die Entschädigung erfolgt nach dem JVEG."
                )
            elif layout == "care":
                doc.para(
                    "bei der oben genannten Klientin hat sich der Hautzustand am Unterschenkel rechts verschlechtert. Das Ulcus misst aktuell 3 x 2 cm, mäßig exsudierend."
                )
                doc.para(
                    "Wir bitten um Verordnung häuslicher Krankenpflege (Wundversorgung, 3x wöchentlich) sowie um Rückmeldung zur weiteren Wundauflage."
                )
            elif layout == "pharmacy":
                doc.para(
                    f"zu Ihrem Rezept vom {_d(lt, 'prescription', ldate - dt.timedelta(days=1), 'dmy.')}: Das verordnete Präparat ist nicht lieferbar. Wir schlagen einen wirkstoffgleichen Austausch vor."
                )
                doc.para("Bitte kurze Bestätigung per Fax. Vielen Dank!")
            elif layout == "dental":
                doc.para(
                    "bei dem oben genannten Patienten ist die Extraktion zweier Molaren im Unterkiefer geplant. Laut Anamnesebogen erfolgt eine orale Antikoagulation."
                )
                doc.para(
                    "Wir bitten um Mitteilung, ob die Antikoagulation perioperativ pausiert werden kann, sowie um einen aktuellen Medikationsplan."
                )
            elif layout == "psychotherapy":
                doc.para(
                    "Ihre Patientin befindet sich seit einigen Wochen in ambulanter verhaltenstherapeutischer Behandlung bei mir. Für die Beantragung der Kurzzeittherapie bitte ich um den Konsiliarbericht."
                )
                doc.para(
                    "Bitte senden Sie mir den Konsiliarbericht vor Beginn der Behandlung zu. Vielen Dank für die Zusammenarbeit."
                )
            elif layout == "certificate":
                ex = ldate - dt.timedelta(days=rng.randint(0, 3))
                doc.para(
                    f"Herr/Frau {sur_l} wurde am {_d(lt, 'examination', ex, 'dmy.')} arbeitsmedizinisch untersucht (Vorsorge Lärm, G 20)."
                )
                doc.para(
                    "Es bestehen keine gesundheitlichen Bedenken gegen die Tätigkeit. Eine Nachuntersuchung ist in 36 Monaten vorgesehen."
                )
            elif lang == "en":
                ex = ldate - dt.timedelta(days=rng.randint(0, 2))
                doc.para(lab["intro_short"].format(exam=_d(lt, "examination", ex, "long-us")))
                for s in body:
                    doc.para(s)
            elif lang == "fr":
                ex = ldate - dt.timedelta(days=rng.randint(0, 5))
                doc.para(lab["intro_short"].format(exam=_d(lt, "examination", ex, dstyle)))
                for s in body[1:]:
                    doc.para(s)
            else:
                ex = ldate - dt.timedelta(days=rng.randint(0, 8))
                doc.para(
                    f"vielen Dank für die Überweisung. Ich sah die Patientin/den Patienten am {_d(lt, 'examination', ex, 'dmy.')} in meiner Sprechstunde."
                )
                for s in SPEC_BODY.get(kind["key"], rng.sample(BODY["de"], 3)):
                    doc.para(s)
            if layout != "pharmacy":
                doc.skip(4)
                doc.line(lab.get("regards", "Mit freundlichen Grüßen"), 10)
    # signature and end date
    signer = kind.get("signer") or SIGNERS.get(kind["key"])
    if layout not in ("lab", "medplan", "handwritten", "form", "insurer"):
        if date_end:
            doc.skip(6)
            doc.line(f"{kind['city']}, den {_d(lt, 'letter', ldate, dstyle)}", 10)
            lt.notes.append("the letter's only date is at its end")
        doc.skip(14)
        if signer:
            doc.line(signer, 10)
            lt.other_people.append({"name": signer, "role": "signer"})
        elif layout == "pharmacy":
            doc.line("Ihre Stern-Apotheke, S. Recktenwald", 10)
            lt.other_people.append({"name": "S. Recktenwald", "role": "signer"})
    # footer + running header
    n = len(doc.pages)
    for i, pg in enumerate(doc.pages):
        if hand:
            continue
        if i > 0:
            pg.insert(
                0,
                Ln(
                    f"{kind['alts'][0]} · {giv_l} {sur_l}, {BORN_LABEL.get(lang, 'geb.')} {born_s}".replace(
                        "\x00", " "
                    ),
                    LEFT,
                    50,
                    8,
                    doc.base,
                ),
            )
        if n > 1:
            pg.append(Ln(lab["page"].format(n=i + 1, t=n), RIGHT, 800, 8, doc.base, "r"))
        if layout not in ("email", "medplan"):
            pg.append(
                Ln(
                    f"{kind['sender']} · {kind['head'][-1] if kind['head'] else kind['city']}",
                    LEFT,
                    818,
                    6.5,
                    doc.base,
                )
            )
    if n > 1:
        lt.notes.append(
            "two pages with a running header"
            if layout != "insurer"
            else "two pages: letter and reply slip"
        )
    lt.pages = doc.pages

    # fax
    sent = dt.datetime.combine(
        ldate + dt.timedelta(days=rng.randint(1, 5)),
        dt.time(rng.randint(7, 19), rng.randint(0, 59)),
    )
    fine = rng.random() < 0.6
    lt.fax = {
        "sent": sent.isoformat(timespec="minutes"),
        "cover_sheet": bool(kind.get("cover")),
        "number": kind["fax"],
        "resolution": "fine" if fine else "standard",
        "ydpi": 196 if fine else 98,
        "compression": rng.choice(["group4", "group3"]),
    }
    lt.other_dates.append({"date": sent.date().isoformat(), "role": "fax_sent"})
    if kind.get("cover"):
        cl = L.get(lang, L["en"]).get("cover") or L["en"]["cover"]
        cstyle = {"de": "dmy.", "fr": "dmy/"}.get(lang, "dmy/" if region != "US" else "mdy/")
        cds = fmt(sent.date(), cstyle)
        lt.date_checks.append(("fax_sent", sent.date().isoformat(), cds))
        y = 80.0
        cov = []
        for i, c in enumerate(cl):
            t = c.format(
                to=practice["name"],
                tofax=practice["fax"],
                frm=kind["sender"],
                frmfax=kind["fax"],
                date=f"{cds} {sent:%H:%M}",
                n=n + 1,
            )
            cov.append(Ln(t, LEFT, y, 22 if i == 0 else 11, "sansb" if i == 0 else "sans"))
            y += 40 if i == 0 else 22
        lt.cover = cov
        lt.notes.append("fax with a cover sheet (its date is the send date)")
    # receipt stamp, scan only
    if not hand and rng.random() < 0.5:
        rd = sent.date() + dt.timedelta(days=rng.randint(0, 2))
        rs = fmt(rd, rng.choice(["dmy.", "long-de"]))
        lt.stamp = Ln(f"EINGANG {rs.upper()}", RIGHT, 775, 11, "sansb", "r")
        lt.other_dates.append({"date": rd.isoformat(), "role": "receipt_stamp (scan200 only)"})
        lt.stamp_date = rs

    # facts
    if patient is not None:
        ptruth = {
            "full_name": patient.full_name,
            "surname": patient.surname,
            "given_names": patient.given_names,
            "as_written": aw,
            "full_name_as_letter": f"{giv_l} {sur_l}",
            "register_id": patient.id,
        }
    else:
        ptruth = {
            "full_name": f"{oor[1]} {oor[0]}",
            "surname": oor[0],
            "given_names": oor[1],
            "as_written": aw,
            "full_name_as_letter": f"{giv_l} {sur_l}",
            "register_id": None,
        }
        lt.notes.append("patient not in the register")
    has_date = any(r == "letter" for r, _, _ in lt.date_checks)
    lt.facts = {
        "patient": ptruth,
        "birth_date": None if kind.get("nobirth") else born.isoformat(),
        "letter_date": ldate.isoformat() if has_date else None,
        "sender": kind["sender"],
        "sender_alternatives": list(kind["alts"]),
        "title": kind["title"],
        "title_alternatives": list(kind["talts"]),
        "patient_id": getattr(lt, "facts_pid", None),
        "other_dates": lt.other_dates,
        "other_people": lt.other_people,
    }
    return lt


def generate(count: int, seed: int, split: str = "gen") -> list[Letter]:
    rng = random.Random(seed)
    patients = register.build()
    out: list[Letter] = []
    order: list[int] = []
    for i in range(count):
        if not order:
            order = list(range(len(KINDS)))
            rng.shuffle(order)
        k = KINDS[order.pop()]
        out.append(compose(k, i + 1, split, seed * 1000 + i, patients, first=i < len(KINDS)))
    return out


def split(name: str) -> list[Letter]:
    if name == "test":
        return generate(40, SEEDS["test"], "test")
    if name == "examples":
        return generate(6, SEEDS["examples"], "examples")
    raise ValueError(f"unknown split {name!r}")


def practice_names() -> list[str]:
    return [p["name"] for p in PRACTICES]
