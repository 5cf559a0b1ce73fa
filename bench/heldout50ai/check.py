"""python -m bench.heldout50ai.check: the set verified against its own truth."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, register
from .render import width_mm

# An independent reader of the region's date conventions (German, Dutch, English day-first,
# Russian and Ukrainian genitive months); it shares no table with the generator.
_MONTHS: dict[str, int] = {}
for _i, _names in enumerate(
    [
        "januar januari january января січня",
        "februar februari february февраля лютого",
        "märz maart march марта березня",
        "april april april апреля квітня",
        "mai mei may мая травня",
        "juni juni june июня червня",
        "juli juli july июля липня",
        "august augustus august августа серпня",
        "september september september сентября вересня",
        "oktober oktober october октября жовтня",
        "november november november ноября листопада",
        "dezember december december декабря грудня",
    ],
    start=1,
):
    for _n in _names.split():
        _MONTHS[_n] = _i
_MONTH_RE = "|".join(sorted(_MONTHS, key=len, reverse=True))
_PATTERNS = [
    ("iso", re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")),
    ("dot", re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])")),
    ("dash", re.compile(r"(?<![\d-])(\d{2})-(\d{2})-(\d{4})(?!\d)")),
    ("slash", re.compile(r"(?<![\d/])(\d{2})/(\d{2})/(\d{4})(?!\d)")),
    ("word", re.compile(r"(?<!\d)(\d{1,2})\.? (" + _MONTH_RE + r") (\d{4})", re.IGNORECASE)),
]


def read_dates(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []
    for kind, rx in _PATTERNS:
        for m in rx.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            g = m.groups()
            if kind == "iso":
                y, mo, d = int(g[0]), int(g[1]), int(g[2])
            elif kind == "word":
                d, mo, y = int(g[0]), _MONTHS[g[1].lower()], int(g[2])
            else:
                d, mo = int(g[0]), int(g[1])
                y = int(g[2])
                if len(g[2]) == 2:
                    y += 2000 if y <= 30 else 1900
            try:
                iso = date(y, mo, d).isoformat()
            except ValueError:
                iso = "invalid"
            taken.append((m.start(), m.end()))
            found.append((m.group(0), iso))
    return found


_TAILS = ("", " г.", " р.")


class Problems:
    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(f"{where}: {what}")


def _pdf_pages(data: bytes) -> list[str]:
    doc = pymupdf.open(stream=data, filetype="pdf")
    out = []
    for page in doc:
        lines = []
        for block in page.get_text("dict")["blocks"]:
            for ln in block.get("lines", []):
                lines.append("".join(s["text"] for s in ln["spans"]))
        out.append("\n".join(lines))
    doc.close()
    return out


def digest(items: list[letters.Letter]) -> str:
    h = hashlib.sha256()
    for letter in items:
        h.update(json.dumps(letter.truth(), ensure_ascii=False, sort_keys=True).encode())
        for cond in letter.conditions():
            for rel, data in sorted(letter.render(cond).items()):
                h.update(rel.encode())
                h.update(data)
    return h.hexdigest()


def check_letter(
    letter: letters.Letter, own: list[str], reg: dict[str, Any], pr: Problems, h: Any
) -> None:
    t = letter.truth()
    json.dumps(t)
    w, f = letter.id, t["facts"]
    conds = t["conditions"]
    if sorted(conds) != sorted(letter.conditions()):
        pr.add(w, "conditions differ from truth")
    all_text = {c: "\n".join(p["text"] for p in v["pages"]) for c, v in conds.items()}
    content = next(c for c in conds if c != "fax")
    p1 = {c: next(p["text"] for p in v["pages"] if p["page"] == "p1") for c, v in conds.items()}
    pat = f["patient"]
    for c in conds:
        if pat["as_written"] not in p1[c]:
            pr.add(w, f"as_written missing on p1 ({c})")
        for key in ("sender", "title", "patient_id"):
            if f[key] is not None and f[key] not in all_text[c]:
                pr.add(w, f"{key} {f[key]!r} not on the pages ({c})")
    # the patient against the register
    rid = pat["register_id"]
    if (t["register"] is None) != (rid is None):
        pr.add(w, "register block disagrees with register_id")
    if rid is not None:
        p = reg.get(rid)
        if p is None:
            pr.add(w, "register id unknown")
        else:
            if pat["full_name"] != f"{p.given_names} {p.surname}":
                pr.add(w, "full_name differs from register")
            if f["birth_date"] not in (None, p.birth_date.isoformat()):
                pr.add(w, "birth date differs from register")
    # dates: every printed date reads back; every date on a page is a known one
    known = {f["letter_date"], f["birth_date"], t["fax"]["sent"][:10]}
    known |= {d["date"] for d in f["other_dates"]}
    for s, iso, _style in letter.printed_dates:
        got = [i for txt, i in read_dates(s) if s.startswith(txt) and s[len(txt) :] in _TAILS]
        if got != [iso]:
            pr.add(w, f"printed date {s!r} reads {got} not {iso}")
        if not any(s in txt for txt in all_text.values()):
            pr.add(w, f"printed date {s!r} on no page")
    for c, txt in all_text.items():
        for s, iso in read_dates(txt):
            if iso not in known:
                pr.add(w, f"date {s!r} ({iso}) on a page is not in the truth ({c})")
    page_dates = {iso for txt in all_text.values() for _s, iso in read_dates(txt)}
    for key in ("letter_date", "birth_date"):
        if f[key] is not None and f[key] not in {i for _s, i in read_dates(all_text[content])}:
            pr.add(w, f"{key} not printed")
    for d in f["other_dates"]:
        if d["date"] not in page_dates:
            pr.add(w, f"other date {d} not printed")
    if f["letter_date"] is None and not letter.handwritten:
        pr.add(w, "only an undated note may lack a letter date")
    # never the receiving practice as sender
    for s in [f["sender"], *f["sender_alternatives"]]:
        if any(s == o or o in s or s in o for o in own):
            pr.add(w, f"sender {s!r} is a receiving practice")
    # fax: header on every page, sent after the letter
    fax_pages = conds["fax"]["pages"]
    sent = t["fax"]["sent"]
    if f["letter_date"] and sent[:10] < f["letter_date"]:
        pr.add(w, "fax sent before the letter's date")
    if t["fax"]["cover_sheet"] != (fax_pages[0]["page"] == "cover"):
        pr.add(w, "cover sheet flag disagrees")
    for n, p in enumerate(fax_pages, 1):
        head = p["text"].split("\n")[0]
        if f"{n}/{len(fax_pages)}" not in head or t["fax"]["number"] not in head:
            pr.add(w, f"fax header wrong on page {n}")
        if sent[11:] not in head or sent[:10] not in {i for _s, i in read_dates(head)}:
            pr.add(w, f"fax header date/time wrong on page {n}")
    # lines inside the sheet
    sheets = [*letter.scan_pages(), *[p for _n, p in letter.fax_pages()]]
    for lines in sheets:
        for ln in lines:
            right = ln.x + width_mm(ln.text, ln.font, ln.size)
            if ln.x < 5 or right > 205 or ln.y < 5 or ln.y > 292:
                pr.add(w, f"line outside the sheet: {ln.text[:40]!r}")
    # rendered files
    h.update(json.dumps(t, ensure_ascii=False, sort_keys=True).encode())
    for cond in letter.conditions():
        files = letter.render(cond)
        for rel, data in sorted(files.items()):
            h.update(rel.encode())
            h.update(data)
        pages = conds[cond]["pages"]
        if cond == "pdf":
            got = _pdf_pages(files["pdf/letter.pdf"])
            if got != [p["text"] for p in pages]:
                pr.add(w, "pdf text layer differs from truth")
            continue
        if sorted(files) != [p["file"] for p in pages]:
            pr.add(w, f"{cond} files differ from truth pages")
        for rel, data in files.items():
            img = Image.open(io.BytesIO(data))
            if cond == "scan200":
                ok = img.format == "JPEG" and img.mode == "L" and img.info.get("dpi") == (200, 200)
            else:
                res = t["fax"]["resolution"]
                ydpi = 196 if res == "204x196" else 98
                dpi = tuple(round(float(v)) for v in img.info.get("dpi", (0, 0)))
                comp = img.info.get("compression")
                ok = (
                    img.format == "TIFF"
                    and img.mode == "1"
                    and img.width == 1728
                    and dpi == (204, ydpi)
                    and comp in ("group3", "group4")
                )
            if not ok:
                pr.add(w, f"{rel}: wrong image format")


def check_register(pr: Problems) -> dict[str, Any]:
    pats = register.build()
    if len(pats) < 300:
        pr.add("register", "fewer than 300 patients")
    if len({p.id for p in pats}) != len(pats):
        pr.add("register", "duplicate ids")
    kinds = {p.collision for p in pats}
    for need in ("same_name_and_birth_date", "twins", "name_change", "umlaut_spelling", "namesake"):
        if need not in kinds:
            pr.add("register", f"no {need} collision")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        rows = list(csv.DictReader(io.StringIO(Path(tmp, "patients.csv").read_text("utf-8"))))
        bundle = json.loads(Path(tmp, "patients.bundle.json").read_text("utf-8"))
        nd = [json.loads(x) for x in Path(tmp, "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            pr.add("register", "bundle and ndjson disagree")
        for p, row, res in zip(pats, rows, nd, strict=True):
            off = res["name"][0]
            if (
                row["id"] != p.id
                or res["identifier"][0]["value"] != p.id
                or row["surname"] != off["family"]
                or row["given_names"] != " ".join(off["given"])
                or row["birth_date"] != res["birthDate"]
            ):
                pr.add("register", f"exports disagree for {p.id}")
            raw = Path(tmp, "gdt", f"{p.id}.gdt").read_bytes()
            fields: dict[str, str] = {}
            total = 0
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    pr.add("register", f"gdt line length wrong for {p.id}")
                total += len(line) + 2
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            bd = date.fromisoformat(row["birth_date"]).strftime("%d%m%Y")
            if (
                fields.get("8000") != "6301"
                or int(fields.get("8100", "0")) != total
                or fields.get("3000") != p.id
                or fields.get("3103") != bd
                or fields.get("3101") != p.surname.encode("latin-1", "replace").decode("latin-1")
            ):
                pr.add("register", f"gdt record wrong for {p.id}")
    return {p.id: p for p in pats}


def main() -> int:
    code = (
        "from bench.heldout50ai import check, letters;"
        "print(check.digest(letters.split('test') + letters.split('examples')))"
    )
    env = dict(os.environ, PYTHONHASHSEED="4242")
    other = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    pr = Problems()
    h = hashlib.sha256()
    reg = check_register(pr)
    own = [n for p in letters.practice_names() for n in p["names"]]
    sets = {name: letters.split(name) for name in ("test", "examples")}
    if [len(sets["test"]), len(sets["examples"])] != [40, 6]:
        pr.add("splits", "wrong sizes")
    try:
        letters.split("other")
        pr.add("splits", "unknown split accepted")
    except ValueError:
        pass
    for items in sets.values():
        for letter in items:
            check_letter(letter, own, reg, pr, h)
    everything = sets["test"] + sets["examples"]
    first = h.hexdigest()
    if digest(everything[:6]) != digest(letters.split("test")[:6]):
        pr.add("determinism", "a second run gives other bytes")
    out, err = other.communicate(timeout=300)
    if out.strip() != first:
        pr.add("determinism", f"another interpreter gives other bytes {err[-300:]}")
    for item in pr.items:
        print(item)
    nulls = {
        k: sum(1 for x in everything if x.facts[k] is None)
        for k in ("birth_date", "letter_date", "title", "patient_id")
    }
    unreg = sum(1 for x in everything if x.facts["patient"]["register_id"] is None)
    print(f"letters: {len(everything)}; nulls: {nulls}; not in register: {unreg}")
    print(f"problems: {len(pr.items)}")
    return 0 if not pr.items else 1


if __name__ == "__main__":
    raise SystemExit(main())
