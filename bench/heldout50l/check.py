"""Verifies the set: `python -m bench.heldout50l.check` ends with `problems: 0`."""
# ruff: noqa: E501

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import itertools
import json
import os
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters as L
from . import register

# -- an independent reader of each region's date conventions --------------------------------
_MONTH_WORDS = {
    # de, fr, it, pt, nl, tr, ro, en, el (genitive): the month's number
    "januar": 1,
    "janvier": 1,
    "gennaio": 1,
    "janeiro": 1,
    "januari": 1,
    "ocak": 1,
    "ianuarie": 1,
    "january": 1,
    "ιανουαρίου": 1,
    "februar": 2,
    "février": 2,
    "febbraio": 2,
    "fevereiro": 2,
    "februari": 2,
    "şubat": 2,
    "februarie": 2,
    "february": 2,
    "φεβρουαρίου": 2,
    "märz": 3,
    "mars": 3,
    "marzo": 3,
    "março": 3,
    "maart": 3,
    "mart": 3,
    "martie": 3,
    "march": 3,
    "μαρτίου": 3,
    "april": 4,
    "avril": 4,
    "aprile": 4,
    "abril": 4,
    "nisan": 4,
    "aprilie": 4,
    "απριλίου": 4,
    "mai": 5,
    "maggio": 5,
    "maio": 5,
    "mei": 5,
    "mayıs": 5,
    "may": 5,
    "μαΐου": 5,
    "juni": 6,
    "juin": 6,
    "giugno": 6,
    "junho": 6,
    "haziran": 6,
    "iunie": 6,
    "june": 6,
    "ιουνίου": 6,
    "juli": 7,
    "juillet": 7,
    "luglio": 7,
    "julho": 7,
    "temmuz": 7,
    "iulie": 7,
    "july": 7,
    "ιουλίου": 7,
    "august": 8,
    "août": 8,
    "agosto": 8,
    "augustus": 8,
    "ağustos": 8,
    "αυγούστου": 8,
    "september": 9,
    "septembre": 9,
    "settembre": 9,
    "setembro": 9,
    "eylül": 9,
    "septembrie": 9,
    "σεπτεμβρίου": 9,
    "oktober": 10,
    "octobre": 10,
    "ottobre": 10,
    "outubro": 10,
    "ekim": 10,
    "octombrie": 10,
    "october": 10,
    "οκτωβρίου": 10,
    "november": 11,
    "novembre": 11,
    "novembro": 11,
    "kasım": 11,
    "noiembrie": 11,
    "νοεμβρίου": 11,
    "dezember": 12,
    "décembre": 12,
    "dicembre": 12,
    "dezembro": 12,
    "december": 12,
    "aralık": 12,
    "decembrie": 12,
    "δεκεμβρίου": 12,
}


def read_date(s: str, region: str, role: str) -> dt.date | None:
    """Read a date as a clerk of that region would (US: month first; everyone else: day first)."""
    t = s.strip()
    m = re.fullmatch(r"(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})", t)
    if m:
        a, b, y = int(m.group(1)), int(m.group(2)), m.group(3)
        year = (
            int(y)
            if len(y) == 4
            else (2000 + int(y) if role != "birth" or int(y) < 26 else 1900 + int(y))
        )
        day, month = (b, a) if region == "US" else (a, b)
        return dt.date(year, month, day)
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return dt.date.fromisoformat(t)
    m = re.fullmatch(r"(\w+) (\d{1,2}), (\d{4})", t)  # March 3, 2025
    if m and m.group(1).lower() in _MONTH_WORDS:
        return dt.date(int(m.group(3)), _MONTH_WORDS[m.group(1).lower()], int(m.group(2)))
    m = re.fullmatch(r"(\d{1,2})(?:\.|er|st|nd|rd|th)? (?:de )?(\w+) (?:de )?(\d{4})", t)
    if m:
        word = m.group(2).lower() if region != "TR" else m.group(2).replace("I", "ı").lower()
        if word in _MONTH_WORDS:
            return dt.date(int(m.group(3)), _MONTH_WORDS[word], int(m.group(1)))
    return None


def norm(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split())


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.n = 0

    def ok(self, cond: bool, msg: str) -> None:
        self.n += 1
        if not cond:
            self.problems.append(msg)


def check_letter(
    c: Checker, lt: L.Letter, reg: dict[str, register.Patient], practices: list[str]
) -> None:
    t = lt.truth()
    json.dumps(t)
    f = t["facts"]
    conds = t["conditions"]
    c.ok(set(conds) == set(lt.conditions()), f"{lt.id}: conditions")
    c.ok(
        ("pdf" in conds) != t["handwritten"], f"{lt.id}: handwritten letters have no pdf, others do"
    )
    # one baseline per drawn line, all on the page
    for cond in lt.conditions():
        for name, lines in lt.condition_pages(cond):
            ys = sorted(ln.y for ln in lines)
            c.ok(
                all(b - a >= 6 for a, b in itertools.pairwise(ys)),
                f"{lt.id} {cond} {name}: two lines share a baseline",
            )
            for ln in lines:
                c.ok(
                    ln.left() >= 10
                    and ln.left() + L.font(ln.font).text_length(ln.text, fontsize=ln.size)
                    <= L.W - 10,
                    f"{lt.id} {cond} {name}: line off the page: {ln.text[:40]}",
                )
                c.ok(
                    all(L.font(ln.font).has_glyph(ord(ch)) for ch in ln.text if ch != " "),
                    f"{lt.id}: glyph missing in {ln.text[:40]}",
                )
                c.ok(ln.y < L.H - 15 and ln.y > 10, f"{lt.id}: baseline off the page")
    pages = {cond: [p["text"] for p in v["pages"]] for cond, v in conds.items()}
    c.ok(
        not any("\x00" in x for v in pages.values() for x in v),
        f"{lt.id}: a control character in a page's text",
    )
    p1 = {
        cond: next(p["text"] for p in v["pages"] if p["page"] == "p1") for cond, v in conds.items()
    }
    # patient
    pt = f["patient"]
    c.ok(pt is not None, f"{lt.id}: patient")
    for cond, txt in p1.items():
        c.ok(pt["as_written"] in txt, f"{lt.id} {cond}: as_written not on p1: {pt['as_written']}")
        low = txt.lower()
        for part in pt["full_name_as_letter"].split(" "):
            c.ok(part.lower() in low, f"{lt.id} {cond}: name part {part} not on p1")
    rid = pt["register_id"]
    if rid is None:
        c.ok(t["register"] is None, f"{lt.id}: register without id")
        c.ok(
            not any(
                p.surname == pt["surname"] and p.given_names == pt["given_names"]
                for p in reg.values()
            ),
            f"{lt.id}: unregistered patient is in the register",
        )
    else:
        p = reg.get(rid)
        c.ok(p is not None, f"{lt.id}: register id {rid} unknown")
        if p is not None:
            c.ok(
                p.surname == pt["surname"]
                and p.given_names == pt["given_names"]
                and p.full_name == pt["full_name"],
                f"{lt.id}: patient names differ from the register",
            )
            c.ok(
                f["birth_date"] is None or p.birth_date == f["birth_date"],
                f"{lt.id}: birth date differs from the register",
            )
            same = [
                q
                for q in reg.values()
                if q.surname == p.surname
                and q.given_names == p.given_names
                and q.birth_date == p.birth_date
            ]
            if len(same) > 1:
                c.ok(
                    all(p.street in txt for txt in p1.values()),
                    f"{lt.id}: same-name-same-birth patient without the address that tells them apart",
                )
        c.ok(t["register"]["id"] == rid, f"{lt.id}: register block id")
    if f["patient_id"] is not None:
        c.ok(
            f["patient_id"] == rid and all(f["patient_id"] in x for x in p1.values()),
            f"{lt.id}: patient_id not printed",
        )
    # dates: every written date reads back to the truth in the region's convention
    region = t["region"]
    roles = {}
    for role, iso, s in lt.date_checks:
        back = read_date(s, region, role)
        c.ok(
            back is not None and back.isoformat() == iso,
            f"{lt.id}: date {s!r} ({role}) reads {back}, truth {iso}",
        )
        roles.setdefault(role, []).append(iso)
        for cond, texts in pages.items():
            if role == "fax_sent":
                found = cond != "fax" or any(s in x for x in texts)
            else:
                found = any(s in x for x in texts)
            c.ok(found, f"{lt.id} {cond}: date {s!r} ({role}) not on any page")
    if f["letter_date"] is None:
        c.ok("letter" not in roles, f"{lt.id}: letter date null but printed")
    else:
        c.ok(
            roles.get("letter") == [f["letter_date"]],
            f"{lt.id}: letter date printed {roles.get('letter')}",
        )
    c.ok(
        roles.get("birth") == ([f["birth_date"]] if f["birth_date"] else None),
        f"{lt.id}: birth date",
    )
    sent = dt.datetime.fromisoformat(t["fax"]["sent"]).date()
    if f["letter_date"]:
        c.ok(sent > dt.date.fromisoformat(f["letter_date"]), f"{lt.id}: fax not after the letter")
        c.ok(
            all(
                o["date"] != f["letter_date"]
                for o in f["other_dates"]
                if o["role"] in ("fax_sent", "receipt_stamp (scan200 only)")
            ),
            f"{lt.id}: send/receipt date equals the letter date",
        )
    # sender, practice, title
    c.ok(
        f["sender"] not in practices
        and not any(f["sender"] in pr or pr in f["sender"] for pr in practices),
        f"{lt.id}: a practice is the sender",
    )
    for cond, texts in pages.items():
        joined = "\n".join(texts)
        c.ok(
            f["sender"] in joined or any(a in joined for a in f["sender_alternatives"]),
            f"{lt.id} {cond}: sender not printed",
        )
        if f["title"] is not None:
            c.ok(f["title"] in p1[cond], f"{lt.id} {cond}: title not on p1")
        if t["layout"] not in ("handwritten", "medplan", "email"):
            c.ok(lt.practice["name"] in p1[cond], f"{lt.id} {cond}: practice not addressed")
    # fax headers
    fx = conds["fax"]["pages"]
    c.ok((fx[0]["page"] == "cover") == t["fax"]["cover_sheet"], f"{lt.id}: cover sheet flag")
    for i, pg in enumerate(fx):
        head = pg["text"].split("\n")[0]
        c.ok(
            t["fax"]["number"] in head
            and re.search(rf"\b0*{i + 1}/0*{len(fx)}\b", head) is not None,
            f"{lt.id}: fax header {head!r}",
        )


def check_pdf_text(c: Checker, lt: L.Letter) -> None:
    data = lt.render("pdf")["pdf/letter.pdf"]
    doc = pymupdf.open(stream=data, filetype="pdf")
    pages = lt.truth()["conditions"]["pdf"]["pages"]
    c.ok(doc.page_count == len(pages), f"{lt.id}: pdf page count")
    for page, tp in zip(doc, pages, strict=False):
        got = norm(page.get_text())
        c.ok(got == norm(tp["text"]), f"{lt.id}: pdf text layer differs from truth on {tp['page']}")
    doc.close()


def check_images(c: Checker, lt: L.Letter) -> None:
    for cond in ("scan200", "fax"):
        files = lt.render(cond)
        c.ok(
            len(files) == len(lt.truth()["conditions"][cond]["pages"]),
            f"{lt.id}: {cond} page files",
        )
        for name, data in files.items():
            im = Image.open(io.BytesIO(data))
            if cond == "scan200":
                c.ok(
                    im.format == "JPEG" and im.mode == "L" and round(im.info["dpi"][0]) == 200,
                    f"{lt.id}: scan {name}",
                )
            else:
                c.ok(
                    im.format == "TIFF" and im.mode == "1" and im.size[0] == 1728,
                    f"{lt.id}: fax {name} {im.size} {im.mode}",
                )
                c.ok(
                    im.info.get("compression") in ("group3", "group4"), f"{lt.id}: fax compression"
                )
                c.ok(
                    tuple(round(v) for v in im.info["dpi"]) in ((204, 196), (204, 98)),
                    f"{lt.id}: fax dpi {im.info.get('dpi')}",
                )


def check_register(c: Checker, patients: list[register.Patient]) -> None:
    c.ok(
        280 <= len(patients) <= 320 and len({p.id for p in patients}) == len(patients),
        "register size/ids",
    )
    kinds = {p.collision for p in patients}
    c.ok(
        {"same_name_same_birth", "twin", "name_change", "umlaut_spelling"} <= kinds,
        "register collisions",
    )
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(patients, tmp)
        with open(Path(tmp) / "patients.csv", encoding="utf-8") as fh:
            rows = list(csv.DictReader(fh))
        c.ok(
            (Path(tmp) / "patients.csv").read_text(encoding="utf-8").split("\n")[0]
            == register.HEADER,
            "csv header",
        )
        bundle = json.loads((Path(tmp) / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (Path(tmp) / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        c.ok(
            bundle["type"] == "collection" and [e["resource"] for e in bundle["entry"]] == nd,
            "bundle == ndjson",
        )
        for row, res in zip(rows, nd, strict=True):
            off = next(n for n in res["name"] if n["use"] == "official")
            c.ok(
                res["identifier"][0]["value"] == row["id"]
                and off["family"] == row["surname"]
                and " ".join(off["given"]) == row["given_names"]
                and res["birthDate"] == row["birth_date"],
                f"fhir/csv differ for {row['id']}",
            )
            raw = (Path(tmp) / "gdt" / f"{row['id']}.gdt").read_bytes()
            lines = raw.split(b"\r\n")[:-1]
            fields = {}
            for ln in lines:
                c.ok(int(ln[:3]) == len(ln) + 2, f"gdt line length {row['id']}")
                fields[ln[3:7].decode()] = ln[7:].decode("latin-1")
            b = row["birth_date"]
            c.ok(
                fields["8000"] == "6301"
                and int(fields["8100"]) == len(raw)
                and fields["9218"] == "02.10",
                f"gdt header {row['id']}",
            )
            c.ok(
                fields["3000"] == row["id"]
                and fields["3101"] == row["surname"]
                and fields["3102"] == row["given_names"]
                and fields["3103"] == b[8:] + b[5:7] + b[:4],
                f"gdt fields {row['id']}",
            )


def digest(sample: bool) -> str:
    h = hashlib.sha256()
    for name in ("test", "examples"):
        for lt in L.split(name):
            h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
    if sample:
        lts = L.split("test")
        for lt in lts[:3]:
            for cond in lt.conditions():
                for k, v in sorted(lt.render(cond).items()):
                    h.update(k.encode() + v)
        h.update(register.csv_text(register.build()).encode())
    return h.hexdigest()


def main() -> int:
    c = Checker()
    patients = register.build()
    reg = {p.id: p for p in patients}
    practices = L.practice_names()
    check_register(c, patients)
    test, ex = L.split("test"), L.split("examples")
    c.ok(len(test) == 40 and len(ex) == 6, "split sizes")
    try:
        L.split("dev")
        c.ok(False, "unknown split accepted")
    except ValueError:
        pass
    ids = [lt.id for lt in test + ex]
    c.ok(len(set(ids)) == len(ids), "ids unique")
    npages = sum(len(lt.pages) for lt in test)
    covers = sum(lt.fax["cover_sheet"] for lt in test)
    c.ok(45 <= npages <= 50, f"test pages {npages}")
    c.ok(10 <= covers <= 16, f"covers {covers}")
    c.ok(len({lt.kind["key"] for lt in test}) == 40, "test split has every kind once")
    for lt in test + ex:
        check_letter(c, lt, reg, practices)
        if "pdf" in lt.conditions():
            check_pdf_text(c, lt)
    for lt in [test[0], test[5], *[x for x in test if x.handwritten()]]:
        check_images(c, lt)
    gen = L.generate(40, 7)
    c.ok(len(gen) == 40, "generate(40, 7)")
    for lt in gen:
        check_letter(c, lt, reg, practices)
    # determinism, in this interpreter and in two others with other hash seeds
    d0 = digest(True)
    c.ok(d0 == digest(True), "not deterministic in one interpreter")
    code = "from bench.heldout50l.check import digest; print(digest(True))"
    root = str(Path(__file__).resolve().parents[2])
    for hs in ("1", "987"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        c.ok(
            out.stdout.strip() == d0,
            f"not deterministic with PYTHONHASHSEED={hs}: {out.stderr[-300:]}",
        )
    for p in c.problems:
        print("PROBLEM", p)
    print(
        f"letters: test {len(test)} ({npages} pages, {covers} fax cover sheets), examples {len(ex)}; checks: {c.n}"
    )
    print(f"problems: {len(c.problems)}")
    return 1 if c.problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
