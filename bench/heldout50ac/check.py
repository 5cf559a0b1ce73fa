"""python -m bench.heldout50ac.check: the set against its own truth; ends with `problems: N`.

The date reader here is written apart from the generator's formatter (world.fmt): its own
month tables and patterns, read by the letter's region convention.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters, register, render

_MONTH_WORDS: dict[str, int] = {}
for _i, _names in enumerate(
    [
        "januar janvier januari janv jan enero stycznia января january",
        "februar février februari feb févr febrero lutego февраля february",
        "märz mars maart mäerz marzo marca марта march mrz mar",
        "april avril abrëll abril kwietnia апреля apr",
        "mai mei mee mayo maja мая may",
        "juni juin junio czerwca июня june jun",
        "juli juillet julio lipca июля july jul",
        "august août augustus agosto sierpnia августа aug",
        "september septembre septiembre września сентября sep",
        "oktober octobre october octubre października октября okt oct",
        "november novembre noviembre listopada ноября nov",
        "dezember décembre december diciembre grudnia декабря dez dec",
    ],
    start=1,
):
    for _w in _names.split():
        _MONTH_WORDS[_w] = _i

_MW = "|".join(sorted(_MONTH_WORDS, key=len, reverse=True))
_NUM = re.compile(r"(?<![\d.,/-])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d])")
_ISO = re.compile(r"(?<![\d.,/-])(\d{4})-(\d{2})-(\d{2})(?![\d])")
_DAY_MONTH = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:\.|er|st|nd|rd|th)?\s+(?:de\s+)?({_MW})\.?\s+(?:de\s+)?(\d{{4}})",
    re.IGNORECASE,
)
_MONTH_DAY = re.compile(rf"\b({_MW})\s+(\d{{1,2}}),\s+(\d{{4}})", re.IGNORECASE)


def read_dates(text: str, region: str) -> list[str]:
    """Every date printed in text, as ISO, by the region's convention."""
    found: list[tuple[int, str]] = []

    def keep(pos: int, y: int, m: int, d: int) -> None:
        try:
            found.append((pos, dt.date(y, m, d).isoformat()))
        except ValueError:
            found.append((pos, f"invalid:{y}-{m}-{d}"))

    for mo in _ISO.finditer(text):
        keep(mo.start(), int(mo.group(1)), int(mo.group(2)), int(mo.group(3)))
    for mo in _NUM.finditer(text):
        a, sep, b, y = int(mo.group(1)), mo.group(2), int(mo.group(3)), int(mo.group(4))
        if sep == "/" and region == "US":
            keep(mo.start(), y, a, b)
        else:
            keep(mo.start(), y, b, a)
    for mo in _DAY_MONTH.finditer(text):
        keep(mo.start(), int(mo.group(3)), _MONTH_WORDS[mo.group(2).lower()], int(mo.group(1)))
    for mo in _MONTH_DAY.finditer(text):
        keep(mo.start(), int(mo.group(3)), _MONTH_WORDS[mo.group(1).lower()], int(mo.group(2)))
    return [d for _, d in sorted(found)]


def _digest(names: list[str]) -> str:
    h = hashlib.sha256()
    for name in names:
        for lt in letters.split(name):
            h.update(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
            for cond in lt.conditions():
                for rel, data in sorted(lt.render(cond).items()):
                    h.update(rel.encode())
                    h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


class Checker:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}

    def fail(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def count(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    # ----- letters -------------------------------------------------------------------------

    def letter(
        self, lt: letters.Letter, own: list[str], reg: dict[str, register.Patient], h: hashlib._Hash
    ) -> None:
        t = lt.truth()
        h.update(json.dumps(t, ensure_ascii=False, sort_keys=True).encode())
        w = lt.id
        f = t["facts"]  # type: ignore[index]
        conds = t["conditions"]  # type: ignore[index]
        region = str(t["region"])
        if lt.conditions() != list(conds):
            self.fail(w, f"conditions {lt.conditions()} vs truth {list(conds)}")
        rendered: dict[str, dict[str, bytes]] = {}
        for cond in lt.conditions():
            rendered[cond] = lt.render(cond)
            for rel, data in sorted(rendered[cond].items()):
                h.update(rel.encode())
                h.update(hashlib.sha256(data).digest())
        self.count(f"layout {t['layout']}")
        self.count(f"region {region}")
        # Sender is never a receiving practice.
        sender = str(f["sender"])
        for n in own:
            if n.lower() == sender.lower() or (sender.lower() in n.lower() and len(sender) > 8):
                self.fail(w, f"sender {sender!r} is a receiving practice ({n!r})")
        # Patient.
        pat = f["patient"]
        rid = pat["register_id"]
        if rid is not None:
            p = reg.get(rid)
            if p is None:
                self.fail(w, f"register id {rid} not in the register")
            elif (
                p.full_name != pat["full_name"]
                or p.surname != pat["surname"]
                or p.given_names != pat["given_names"]
            ):
                self.fail(w, "patient names differ from the register")
            if (t["register"] or {}).get("id") != rid:  # type: ignore[union-attr]
                self.fail(w, "register block and register_id differ")
        else:
            self.count("patient not in register")
        # Every page text, per condition.
        allowed = {str(f["letter_date"]), str(f["birth_date"])}
        allowed |= {str(o["date"]) for o in f["other_dates"]}
        sent_day = str(t["fax"]["sent"])[:10]  # type: ignore[index]
        for cond, body in conds.items():
            pages = body["pages"]
            texts = [str(pg["text"]) for pg in pages]
            alltext = "\n".join(texts)
            first = next(pg["text"] for pg in pages if pg["page"] == "p1")
            if pat["as_written"] not in first:
                self.fail(w, f"{cond}: as_written {pat['as_written']!r} not on page 1")
            for tok in str(pat["full_name_as_letter"]).split(" "):
                if tok.lower() not in alltext.lower():
                    self.fail(w, f"{cond}: name part {tok!r} not printed")
            for key in ("sender", "title", "patient_id"):
                v = f[key]
                if v is not None and str(v) not in alltext:
                    self.fail(w, f"{cond}: {key} {v!r} not printed")
            seen: list[str] = []
            for pg in pages:
                ds = read_dates(str(pg["text"]), region)
                seen += ds
                for d in ds:
                    ok = d in allowed or (cond == "fax" and d == sent_day)
                    if not ok:
                        self.fail(w, f"{cond} {pg['page']}: printed date {d} not in the truth")
            for key in ("letter_date", "birth_date"):
                if f[key] is not None and f[key] not in seen:
                    self.fail(w, f"{cond}: {key} {f[key]} not read back from the pages")
            for o in f["other_dates"]:
                role = str(o["role"])
                if "scan200 only" in role and cond != "scan200":
                    continue
                if "cover" in role and cond != "fax":
                    continue
                if o["date"] not in seen:
                    self.fail(w, f"{cond}: other date {o} not printed")
            self._condition(w, cond, pages, rendered.get(cond, {}), lt, t)
        # Fax: after the letter.
        if f["letter_date"] is not None and sent_day <= str(f["letter_date"]):
            self.fail(w, "fax sent on or before the letter's date")
        if lt.stamp_date is not None and lt.stamp_date == f["letter_date"]:
            self.fail(w, "receipt stamp carries the letter's date")
        if f["letter_date"] is None:
            self.count("letter_date null")
        if f["birth_date"] is None:
            self.count("birth_date null")
        if f["title"] is None:
            self.count("title null")
        if f["patient_id"] is None:
            self.count("patient_id null")
        if lt.fax_cover:
            self.count("fax cover sheet")
        # Lines inside the sheet (every condition's drawn lines).
        all_lines = [ln for page in lt.comp.pages for ln in page] + lt.cover_lines
        for ln in all_lines:
            wd = render.width(ln.text, ln.font, ln.size)
            if ln.x < 12 or ln.x + wd > render.W - 12 or ln.y < 20 or ln.y > render.H - 12:
                self.fail(w, f"line outside the sheet: {ln.text[:40]!r} at {ln.x},{ln.y}")

    def _condition(
        self,
        w: str,
        cond: str,
        pages: list[dict[str, object]],
        files: dict[str, bytes],
        lt: letters.Letter,
        t: dict[str, object],
    ) -> None:
        names = sorted({str(pg["file"]) for pg in pages})
        if sorted(files) != names:
            self.fail(w, f"{cond}: files {sorted(files)} vs truth {names}")
            return
        if cond == "pdf":
            doc = pymupdf.open(stream=files["pdf/letter.pdf"], filetype="pdf")
            if doc.page_count != len(pages):
                self.fail(w, f"pdf: {doc.page_count} pages vs {len(pages)}")
            for pg in pages:
                page = doc[int(pg["pdf_page"]) - 1]  # type: ignore[call-overload]
                got = page.get_text("text", sort=False).rstrip("\n")
                if got != pg["text"]:
                    self.fail(w, f"pdf {pg['page']}: text layer differs from the truth")
                for b in page.get_text("dict")["blocks"]:
                    x0, y0, x1, y1 = b["bbox"]
                    if x0 < 10 or y0 < 10 or x1 > render.W - 10 or y1 > render.H - 8:
                        self.fail(w, f"pdf {pg['page']}: a block outside the sheet {b['bbox']}")
            doc.close()
        elif cond == "scan200":
            for pg in pages:
                im = Image.open(io.BytesIO(files[str(pg["file"])]))
                dpi = im.info.get("dpi", (0, 0))
                if im.format != "JPEG" or im.mode != "L" or round(dpi[0]) != 200:
                    self.fail(w, f"scan {pg['page']}: {im.format} {im.mode} {dpi}")
                if abs(im.width - 1654) > 3 or abs(im.height - 2339) > 3:
                    self.fail(w, f"scan {pg['page']}: size {im.size}")
            if lt.stamp_date and "EINGEGANGEN" not in str(pages[0]["text"]):
                self.fail(w, "scan: the receipt stamp is not in page 1's text")
        elif cond == "fax":
            n = len(pages)
            fax = t["fax"]
            yres = 196 if fax["resolution"] == "204x196" else 98  # type: ignore[index]
            if (pages[0]["page"] == "cover") != fax["cover_sheet"]:  # type: ignore[index]
                self.fail(w, "fax: cover sheet flag and pages differ")
            for i, pg in enumerate(pages, start=1):
                im = Image.open(io.BytesIO(files[str(pg["file"])]))
                dpi = im.info.get("dpi", (0, 0))
                comp = im.info.get("compression")
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or comp not in ("group3", "group4")
                    or (round(dpi[0]), round(dpi[1])) != (204, yres)
                ):
                    self.fail(w, f"fax {pg['page']}: {im.format} {im.mode} {im.size} {comp} {dpi}")
                head = str(pg["text"]).split("\n", 1)[0]
                if not head.endswith(f" {i}/{n}") or str(fax["number"]) not in head:  # type: ignore[index]
                    self.fail(w, f"fax {pg['page']}: header {head!r}")
                hd = read_dates(head, str(t["region"]))
                if hd != [str(fax["sent"])[:10]]:  # type: ignore[index]
                    self.fail(w, f"fax {pg['page']}: header date {hd} vs sent {fax['sent']}")  # type: ignore[index]

    # ----- register ------------------------------------------------------------------------

    def register_exports(self, patients: list[register.Patient]) -> None:
        if len(patients) < 300:
            self.fail("register", f"only {len(patients)} patients")
        ids = [p.id for p in patients]
        if len(set(ids)) != len(ids):
            self.fail("register", "duplicate ids")
        groups: dict[str, int] = {}
        for p in patients:
            if p.collision_group:
                groups[p.collision_group] = groups.get(p.collision_group, 0) + 1
        for g, k in sorted(groups.items()):
            if k < 2:
                self.fail("register", f"collision group {g} has one member")
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            register.write_all(patients, root)
            rows = list(csv.DictReader(io.StringIO((root / "patients.csv").read_text("utf-8"))))
            bundle = json.loads((root / "patients.bundle.json").read_text("utf-8"))
            nd = [json.loads(x) for x in (root / "patients.ndjson").read_text("utf-8").splitlines()]
            if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
                self.fail("register", "bundle type")
            res = [e["resource"] for e in bundle["entry"]]
            if res != nd:
                self.fail("register", "bundle and ndjson differ")
            if len(rows) != len(patients) or len(res) != len(patients):
                self.fail("register", "export sizes differ")
            for p, row, r in zip(patients, rows, res, strict=False):
                want = {
                    "id": p.id,
                    "surname": p.surname,
                    "given_names": p.given_names,
                    "birth_name": p.birth_name,
                    "former_names": ";".join(p.former_names),
                    "title": p.title,
                    "birth_date": p.birth_date,
                    "sex": p.sex,
                    "street": p.street,
                    "postcode": p.postcode,
                    "city": p.city,
                    "country": p.country,
                }
                if row != want:
                    self.fail("register", f"csv row {p.id} differs")
                off = next(n for n in r["name"] if n["use"] == "official")
                if (
                    r["identifier"][0]["value"] != p.id
                    or r["birthDate"] != p.birth_date
                    or off["family"] != p.surname
                    or " ".join(off["given"]) != p.given_names
                    or r["gender"] != ("male" if p.sex == "M" else "female")
                ):
                    self.fail("register", f"fhir {p.id} differs")
                if p.birth_name and not any(
                    n["use"] == "maiden" and n["family"] == p.birth_name for n in r["name"]
                ):
                    self.fail("register", f"fhir {p.id} lacks the maiden name")
                for fn in p.former_names:
                    if not any(n["use"] == "old" and n["family"] == fn for n in r["name"]):
                        self.fail("register", f"fhir {p.id} lacks the former name {fn}")
                raw = (root / "gdt" / f"{p.id}.gdt").read_bytes()
                self._gdt(p, raw)

    def _gdt(self, p: register.Patient, raw: bytes) -> None:
        fields: dict[str, str] = {}
        for line in raw.split(b"\r\n")[:-1]:
            if int(line[:3]) != len(line) + 2:
                self.fail("register", f"gdt {p.id}: line length {line[:7]!r}")
            fields[line[3:7].decode()] = line[7:].decode("latin-1")
        if fields.get("8100") != f"{len(raw):05d}":
            self.fail("register", f"gdt {p.id}: record length {fields.get('8100')} vs {len(raw)}")
        y, m, d = p.birth_date.split("-")
        want = {
            "8000": "6301",
            "3000": p.id,
            "3101": p.surname,
            "3102": p.given_names,
            "3103": d + m + y,
            "3110": "1" if p.sex == "M" else "2",
            "3106": f"{p.postcode} {p.city}",
            "3107": p.street,
        }
        for k, v in want.items():
            if fields.get(k) != v.encode("latin-1", errors="replace").decode("latin-1"):
                self.fail("register", f"gdt {p.id}: field {k} {fields.get(k)!r} vs {v!r}")


def main() -> int:
    env = dict(
        os.environ, PYTHONHASHSEED="4711" if os.environ.get("PYTHONHASHSEED") != "4711" else "17"
    )
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from bench.heldout50ac.check import _digest; print(_digest(['test', 'examples']))",
        ],
        env=env,
        stdout=subprocess.PIPE,
        text=True,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    ck = Checker()
    patients = register.build()
    reg = {p.id: p for p in patients}
    ck.register_exports(patients)
    if [p.__dict__ for p in register.build()] != [p.__dict__ for p in patients]:
        ck.fail("register", "build() is not deterministic")
    own: list[str] = []
    for pr in letters.practice_names():
        own += [str(pr["name"]), *[str(n) for n in pr["names"]]]  # type: ignore[attr-defined]
    try:
        letters.split("nope")
        ck.fail("split", "an unknown split name did not raise")
    except ValueError:
        pass
    h = hashlib.sha256()
    total = 0
    for name, size in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        if len(ls) != size:
            ck.fail(name, f"{len(ls)} letters, not {size}")
        for lt in ls:
            ck.letter(lt, own, reg, h)
            total += 1
    again = letters.split("examples")[0]
    first = letters.split("examples")[0]
    for cond in first.conditions():
        if first.render(cond) != again.render(cond):
            ck.fail("determinism", f"examples-001 {cond} differs between two renders")
    out, _ = child.communicate(timeout=300)
    if out.strip() != h.hexdigest():
        ck.fail("determinism", "another interpreter (other PYTHONHASHSEED) made other bytes")
    for k in sorted(ck.counts):
        print(f"  {k}: {ck.counts[k]}")
    for p in ck.problems[:60]:
        print("PROBLEM", p)
    print(f"letters: {total}, register: {len(patients)} patients")
    print(f"problems: {len(ck.problems)}")
    return 0 if not ck.problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
