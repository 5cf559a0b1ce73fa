"""Letters of set 50af: generation, the three conditions, and the exact truth."""

import io
import random
from datetime import date, datetime, timedelta
from typing import Any

import pymupdf
from PIL import Image, ImageChops

from . import kinds
from .kinds import Ctx
from .layout import PAGE_H, PAGE_W, Line, Page, Rule, Sheet, draw, width
from .register import Patient, build
from .world import ADDRESS_BLOCKS, PRACTICES, SENDERS, Sender, fmt, sender

SPLIT_SEEDS = {"test": 50_0610_40, "examples": 50_0610_06}
SPLIT_SIZES = {"test": 40, "examples": 6}

OUTSIDERS = [
    Patient(
        "",
        "Pfotenhauer",
        "Hildegard",
        date(1936, 10, 4),
        "F",
        "Am Rathaus 2",
        "09488",
        "Thermalbad Wiesenbad",
    ),
    Patient(
        "",
        "Vondráček",
        "Karel",
        date(1963, 2, 14),
        "M",
        "Husova 8",
        "407 22",
        "Benešov nad Ploučnicí",
        "CZ",
    ),
    Patient(
        "", "Zschoche", "Wolfram", date(1949, 8, 30), "M", "Kirchgasse 4", "02694", "Malschwitz"
    ),
    Patient("", "Rjelka", "Bianka", date(1992, 12, 18), "F", "Am Teich 1", "02699", "Königswartha"),
    Patient(
        "", "Lötzsch-Baldauf", "Mandy", date(1978, 5, 27), "F", "Hohe Straße 19", "08294", "Lößnitz"
    ),
]

HAND_SENDER = Sender("privat", "", [], ["privat"], "", "0351 2134567", "", [])

_TEST_PLAN = [
    "hospital_discharge",
    "lab_report",
    "specialist_letter",
    "handwritten_note",
    "czech_report",
    "insurer_letter",
    "radiology_report",
    "email_printout",
    "care_service_form",
    "polish_discharge_card",
    "authority_request",
    "pharmacy_fax_form",
    "therapy_report",
    "rehab_discharge",
    "sorbian_bilingual_letter",
]


class Letter:
    def __init__(
        self,
        split: str,
        index: int,
        seed: int,
        kind: str,
        patients: list[Patient],
        undated: bool = False,
    ) -> None:
        self.split = split
        self.index = index
        self.seed = seed
        self.kind = kind
        self.id = f"{split}-{index:03d}"
        rng = random.Random(f"heldout50af:{split}:{seed}:{index}")
        self.rng = rng
        senders = kinds.KINDS[kind][1]
        snd = HAND_SENDER if senders == ["-"] else sender(rng.choice(senders))
        self.practice = self._practice(snd, rng)
        roll = rng.random()
        if roll < 0.06:
            pat, in_reg = OUTSIDERS[rng.randrange(len(OUTSIDERS))], False
        elif roll < 0.45:
            grouped = [p for p in patients if p.collision_group]
            pat, in_reg = grouped[rng.randrange(len(grouped))], True
        else:
            pat, in_reg = patients[rng.randrange(len(patients))], True
        old = bool(pat.former_names) and rng.random() < 0.75
        ldate: date | None = date(2026, 9, 1) + timedelta(days=rng.randint(0, 92))
        if kind == "handwritten_note" and undated:
            ldate = None
        c = Ctx(rng, pat, in_reg, self.practice, snd, ldate, old, Sheet())
        kinds.run(kind, c)
        if old:
            c.notes.append("the letter uses the patient's former surname")
        if not in_reg:
            c.notes.append("patient not in the register")
        if pat.collision:
            c.notes.append(f"register collision: {pat.collision}")
        self.ctx = c
        self.pages = c.sheet.finish()
        base = ldate or date(2026, 11, 20)
        sent_day = base + timedelta(days=rng.randint(1, 6))
        self.sent = datetime(
            sent_day.year, sent_day.month, sent_day.day, rng.randint(7, 19), rng.randint(0, 59)
        )
        self.cover = rng.random() < 0.25
        self.fax_res = rng.choice([196, 98])
        self.fax_comp = rng.choice(["group4", "group3"])
        self.header_style = "foreign" if snd.lang in ("cs", "pl") else rng.choice(["de", "iso"])
        self.stamp: date | None = None
        if rng.random() < 0.6 and self.pages[0].lines:
            last = max(ln.y for ln in self.pages[0].lines)
            if last < 680:
                self.stamp = base + timedelta(days=rng.randint(2, 9))
        self.skew = rng.uniform(-0.7, 0.7)
        self._cache: dict[str, tuple[dict[str, bytes], list[Page]]] = {}

    @staticmethod
    def _practice(snd: Sender, rng: random.Random) -> dict[str, object]:
        city = {
            "Leipzig": "LE",
            "Dresden": "DD",
            "Bautzen": "BZ",
            "Crostwitz": "BZ",
            "Zgorzelec": "BZ",
            "Děčín": "DD",
        }.get(snd.city)
        if city is None or rng.random() < 0.25:
            city = rng.choice(["LE", "DD", "BZ"])
        return next(p for p in PRACTICES if p["key"] == city)

    def conditions(self) -> list[str]:
        return ["scan200", "fax"] if self.ctx.handwritten else ["pdf", "scan200", "fax"]

    # ---- the pages each condition shows ----
    def condition_pages(self, cond: str) -> list[Page]:
        if cond == "pdf":
            return self.pages
        if cond == "scan200":
            out = [Page(list(p.lines), list(p.rules)) for p in self.pages]
            if self.stamp is not None:
                pr = self.practice
                short = ADDRESS_BLOCKS[str(pr["key"])][2][0]
                x, y = 370.0, 730.0
                out[0].rules.append(
                    Rule(x - 8, y - 14, x + 150, y + 38, box=True, lw=1.2, grey=0.35)
                )
                out[0].lines += [
                    Line("EINGANG", x, y, "sansb", 9, grey=0.35),
                    Line(fmt(self.stamp, "num"), x, y + 14, "monob", 10, grey=0.35),
                    Line(short, x, y + 28, "sans", 7, grey=0.35),
                ]
            return out
        if cond == "fax":
            pages = [Page(list(p.lines), list(p.rules)) for p in self.pages]
            if self.cover:
                pages.insert(0, self._cover(len(pages) + 1))
            total = len(pages)
            for n, p in enumerate(pages, 1):
                p.lines.insert(0, Line(self._fax_header(n, total), 24, 26, "mono", 7.5))
            return pages
        raise ValueError(cond)

    def _fax_header(self, n: int, t: int) -> str:
        s = self.sent
        num = self.ctx.snd.fax
        org = self.ctx.snd.org.upper()[:28] if self.ctx.snd.org else ""
        if self.header_style == "de":
            return f"{fmt(s.date(), 'num')} {s:%H:%M}  FAX {num}  {org}  S. {n}/{t}".replace(
                "    ", "  "
            )
        if self.header_style == "iso":
            return f"{fmt(s.date(), 'iso')} {s:%H:%M}  Von: {num}  Seite {n} von {t}"
        return f"{fmt(s.date(), 'slash')} {s:%H:%M}  {num}  {org}  P.{n:02d}/{t:02d}"

    def _cover(self, total: int) -> Page:
        c = self.ctx
        s = Sheet()
        lang = c.snd.lang
        word = {"cs": "FAXOVÁ ZPRÁVA", "pl": "FAKS"}.get(lang, "TELEFAX")
        s.y = 80
        s.put(word, 70, 22, "sansb", advance=40)
        lab = {
            "cs": ("Komu", "Od", "Datum", "Počet stran", "Věc"),
            "pl": ("Do", "Od", "Data", "Liczba stron", "Dotyczy"),
        }.get(lang, ("An", "Von", "Datum", "Seiten (inkl. Deckblatt)", "Betreff"))
        block = ADDRESS_BLOCKS[str(self.practice["key"])][0]
        s.put(f"{lab[0]}: {block[0]}", 70, 11, "sans")
        for extra in block[1:]:
            s.put(extra, 70 + width(f"{lab[0]}: ", "sans", 11), 11, "sans")
        s.put(f"Fax: {self.practice['fax']}", 70, 11, "sans")
        s.gap(8)
        s.put(f"{lab[1]}: {c.snd.org or 'privat'}", 70, 11, "sans")
        s.put(f"Fax: {c.snd.fax}", 70, 11, "sans")
        s.gap(8)
        s.put(f"{lab[2]}: {fmt(self.sent.date(), 'num')}", 70, 11, "sans")
        s.put(f"{lab[3]}: {total}", 70, 11, "sans")
        s.put(
            f"{lab[4]}: {'Patientenunterlagen' if lang == 'de' else 'Dokumentace / dokumenty'}",
            70,
            11,
            "sans",
        )
        s.gap(30)
        s.para(
            "Dieses Fax enthält vertrauliche medizinische Informationen. Sollten Sie nicht "
            "der vorgesehene Empfänger sein, benachrichtigen Sie bitte umgehend den Absender "
            "und vernichten Sie die Unterlagen.",
            70,
            455,
            8.5,
            "sans",
        )
        return s.finish()[0]

    # ---- rendering ----
    def _rendered(self, cond: str) -> tuple[dict[str, bytes], list[Page]]:
        if cond in self._cache:
            return self._cache[cond]
        if cond not in self.conditions():
            raise ValueError(cond)
        pages = self.condition_pages(cond)
        pdf = draw(pages)
        files: dict[str, bytes] = {}
        if cond == "pdf":
            files["pdf/letter.pdf"] = pdf
        else:
            doc = pymupdf.open("pdf", pdf)
            for i, pg in enumerate(doc):
                if cond == "scan200":
                    files[f"scan200/page-{i + 1:02d}.jpg"] = self._scan(pg, i)
                else:
                    files[f"fax/page-{i + 1:02d}.tif"] = self._fax(pg)
            doc.close()
        self._cache[cond] = (files, pages)
        return files, pages

    def render(self, condition: str) -> dict[str, bytes]:
        return dict(self._rendered(condition)[0])

    def _scan(self, pg: Any, i: int) -> bytes:
        pix = pg.get_pixmap(
            matrix=pymupdf.Matrix(200 / 72, 200 / 72), colorspace=pymupdf.csGRAY, alpha=False
        )
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        img = img.point(lambda v: int(v * 0.84 + 34))
        nrng = random.Random(f"{self.id}:scan:{i}")
        noise = Image.frombytes("L", img.size, nrng.randbytes(img.size[0] * img.size[1]))
        img = ImageChops.subtract(img, noise.point(lambda v: v // 18))
        img = img.rotate(self.skew + i * 0.15, resample=Image.Resampling.BICUBIC, fillcolor=240)
        buf = io.BytesIO()
        img.save(buf, format="JPEG", quality=78, dpi=(200, 200))
        return buf.getvalue()

    def _fax(self, pg: Any) -> bytes:
        res = self.fax_res
        pix = pg.get_pixmap(
            matrix=pymupdf.Matrix(204 / 72, res / 72), colorspace=pymupdf.csGRAY, alpha=False
        )
        img = Image.frombytes("L", (pix.width, pix.height), pix.samples)
        canvas = Image.new("L", (1728, pix.height), 255)
        canvas.paste(img, ((1728 - pix.width) // 2, 0))
        bw = canvas.point(lambda v: 0 if v < 165 else 255).convert("1", dither=Image.Dither.NONE)
        buf = io.BytesIO()
        bw.save(buf, format="TIFF", compression=self.fax_comp, dpi=(204, res))
        return buf.getvalue()

    # ---- truth ----
    def truth(self) -> dict[str, Any]:
        c = self.ctx
        p = c.p
        other_dates = [{"date": d.isoformat(), "role": r} for d, r in c.other_dates]
        if self.stamp is not None:
            other_dates.append(
                {"date": self.stamp.isoformat(), "role": "receipt stamp (scan200 only)"}
            )
        other_dates.append(
            {
                "date": self.sent.date().isoformat(),
                "role": "fax send date (fax header"
                + (" and cover sheet" if self.cover else "")
                + ", fax only)",
            }
        )
        conds: dict[str, Any] = {}
        for cond in self.conditions():
            pages = self.condition_pages(cond)
            rows = []
            for n, pg in enumerate(pages, 1):
                if cond == "pdf":
                    rows.append(
                        {
                            "page": f"p{n}",
                            "file": "pdf/letter.pdf",
                            "pdf_page": n,
                            "text": pg.text(),
                        }
                    )
                elif cond == "scan200":
                    rows.append(
                        {"page": f"p{n}", "file": f"scan200/page-{n:02d}.jpg", "text": pg.text()}
                    )
                else:
                    name = "cover" if self.cover and n == 1 else f"p{n - (1 if self.cover else 0)}"
                    rows.append({"page": name, "file": f"fax/page-{n:02d}.tif", "text": pg.text()})
            conds[cond] = {"pages": rows}
        reg = None
        if c.in_register:
            reg = {
                "id": p.id,
                "collision": p.collision or None,
                "collision_group": p.collision_group or None,
            }
        return {
            "id": self.id,
            "split": self.split,
            "seed": self.seed,
            "layout": self.kind,
            "language": c.language,
            "region": "DE",
            "facts": {
                "patient": {
                    "full_name": p.full_name,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "as_written": c.as_written,
                    "full_name_as_letter": c.name_as_letter,
                    "register_id": p.id if c.in_register else None,
                },
                "birth_date": p.birth_date.isoformat() if c.birth_printed else None,
                "letter_date": c.ldate.isoformat() if c.ldate else None,
                "sender": c.sender,
                "sender_alternatives": c.sender_alts,
                "title": c.title,
                "title_alternatives": c.title_alts if c.title else [],
                "patient_id": p.id if c.pid_printed else None,
                "other_dates": other_dates,
                "other_people": [{"name": n, "role": r} for n, r in c.other_people],
            },
            "register": reg,
            "notes": c.notes,
            "handwritten": c.handwritten,
            "fax": {
                "sent": self.sent.strftime("%Y-%m-%dT%H:%M"),
                "cover_sheet": self.cover,
                "number": c.snd.fax,
                "resolution": f"204x{self.fax_res} {self.fax_comp}",
            },
            "conditions": conds,
        }


def _plan(split: str, count: int, seed: int) -> list[str]:
    rng = random.Random(f"heldout50af-plan:{split}:{seed}")
    names = list(kinds.KINDS)
    if split == "test":
        plan = list(_TEST_PLAN) * 2
        extra = [
            "hospital_discharge",
            "lab_report",
            "specialist_letter",
            "email_printout",
            "authority_request",
            "radiology_report",
            "hospital_discharge",
            "lab_report",
            "insurer_letter",
            "care_service_form",
        ]
        plan += extra
        rng.shuffle(plan)
        return plan[:count]
    return [names[rng.randrange(len(names))] for _ in range(count)]


def generate(count: int, seed: int, split_name: str = "gen") -> list[Letter]:
    patients = build()
    plan = _plan(split_name, count, seed)
    notes = [i for i, k in enumerate(plan) if k == "handwritten_note"]
    # Every other handwritten note carries no date at all (the first one of a split among them).
    undated = set(notes[::2])
    return [
        Letter(split_name, i + 1, seed, kind, patients, i in undated) for i, kind in enumerate(plan)
    ]


def split(name: str) -> list[Letter]:
    if name not in SPLIT_SEEDS:
        raise ValueError(f"unknown split {name!r}: test or examples")
    return generate(SPLIT_SIZES[name], SPLIT_SEEDS[name], name)


def practice_names() -> list[dict[str, Any]]:
    return [
        {
            "name": p["name"],
            "names": list(p["names"]),
            "doctor": p["doctor"],  # type: ignore[call-overload]
            "address": ", ".join(p["address"]),
            "fax": p["fax"],
            "kind": p["kind"],
        }  # type: ignore[arg-type]
        for p in PRACTICES
    ]


__all__ = ["PAGE_H", "PAGE_W", "SENDERS", "Letter", "generate", "practice_names", "split"]
