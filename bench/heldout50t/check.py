"""Verify set heldout50t against its own truth; prints `problems: N` last.

The date reader here is written apart from the generator's date spelling (world.fmt): it
knows the conventions of each region (day first, the US month first) and the month names
of the languages in the set.
"""

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
import unicodedata
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pymupdf
from PIL import Image

from . import letters, register
from .canvas import H, W

MONTHS: dict[str, int] = {}
for _names in (
    "januar februar märz april mai juni juli august september oktober november dezember",
    "januari februari maart april mei juni juli augustus september oktober november december",
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "января февраля марта апреля мая июня июля августа сентября октября ноября декабря",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "ianuarie februarie martie aprilie mai iunie iulie august septembrie octombrie noiembrie "
    "decembrie",
    "january february march april may june july august september october november december",
):
    for _i, _m in enumerate(_names.split()):
        MONTHS[_m] = _i + 1

_MON = "|".join(sorted(MONTHS, key=len, reverse=True))
RX_NUM = re.compile(r"(?<![\d.])(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?![\d])")
RX_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
RX_DMY_WORD = re.compile(
    rf"(?<!\d)(\d{{1,2}})(?:\.|st|nd|rd|th)?\s+(?:de\s+)?({_MON})\s+(?:de\s+)?(\d{{4}})",
    re.IGNORECASE,
)
RX_MDY_WORD = re.compile(rf"\b({_MON})\s+(\d{{1,2}}),\s+(\d{{4}})", re.IGNORECASE)


def read_dates(text: str, region: str) -> list[tuple[str, date | None]]:
    """Every date printed in a text, read in the region's convention (None: unreadable)."""
    found: list[tuple[str, date | None]] = []

    def mk(y: int, m: int, d: int) -> date | None:
        try:
            return date(y, m, d)
        except ValueError:
            return None

    for m in RX_ISO.finditer(text):
        found.append((m.group(0), mk(int(m.group(1)), int(m.group(2)), int(m.group(3)))))
    for m in RX_NUM.finditer(text):
        a, sep, b, y = int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4))
        if region == "US" and sep == "/":
            found.append((m.group(0), mk(y, a, b)))
        else:
            found.append((m.group(0), mk(y, b, a)))
    for m in RX_DMY_WORD.finditer(text):
        found.append((m.group(0), mk(int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1)))))
    for m in RX_MDY_WORD.finditer(text):
        found.append((m.group(0), mk(int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2)))))
    return found


def fold(s: str) -> str:
    """Letters outside ISO-8859-1 without their marks (how the GDT export carries them)."""
    out = ""
    for ch in s:
        if ord(ch) < 256:
            out += ch
        elif ch in "łŁı":
            out += {"ł": "l", "Ł": "L", "ı": "i"}[ch]
        else:
            out += "".join(c for c in unicodedata.normalize("NFD", ch) if ord(c) < 0x300)
    return out


def norm(s: str) -> str:
    return " ".join(s.split())


def pdf_texts(data: bytes) -> tuple[list[str], list[str]]:
    """The text of each PDF page (its lines in stream order) and lines outside the sheet."""
    doc = pymupdf.open("pdf", data)
    texts: list[str] = []
    outside: list[str] = []
    for page in doc:
        lines = []
        for block in page.get_text("dict", sort=False)["blocks"]:
            for line in block.get("lines", []):
                t = "".join(s["text"] for s in line["spans"])
                lines.append(t)
                x0, y0, x1, y1 = line["bbox"]
                if x0 < 18 or y0 < 18 or x1 > W - 18 or y1 > H - 10:
                    outside.append(t)
        texts.append("\n".join(lines))
    return texts, outside


def _feed(h: Any, let: letters.Letter, rendered: dict[str, dict[str, bytes]]) -> None:
    h.update(json.dumps(let.truth(), sort_keys=True, ensure_ascii=False).encode())
    for cond in let.conditions():
        for fname, data in sorted(rendered[cond].items()):
            h.update(fname.encode())
            h.update(hashlib.sha256(data).digest())


def _feed_register(h: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(register.build(), tmp)
        for p in sorted(Path(tmp).rglob("*")):
            if p.is_file():
                h.update(str(p.relative_to(tmp)).encode())
                h.update(p.read_bytes())


def digest(split_names: list[str]) -> str:
    """One hash over every split's truth and rendered bytes and the register's exports."""
    h = hashlib.sha256()
    for name in split_names:
        for let in letters.split(name):
            _feed(h, let, {c: let.render(c) for c in let.conditions()})
    _feed_register(h)
    return h.hexdigest()


def check_register(problems: list[str]) -> None:
    pats = register.build()
    if len(pats) < 300:
        problems.append(f"register has only {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        problems.append("register ids not unique")
    groups = sorted({p.collision for p in pats if p.collision})
    if len(groups) < 4:
        problems.append(f"too few kinds of collision: {groups}")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        root = Path(tmp)
        rows = list(csv.DictReader(io.StringIO((root / "patients.csv").read_text("utf-8"))))
        bundle = json.loads((root / "patients.bundle.json").read_text("utf-8"))
        nd = [json.loads(x) for x in (root / "patients.ndjson").read_text("utf-8").splitlines()]
        if bundle.get("type") != "collection" or bundle.get("resourceType") != "Bundle":
            problems.append("bundle type")
        res = [e["resource"] for e in bundle["entry"]]
        if res != nd:
            problems.append("ndjson differs from the bundle")
        if len(rows) != len(pats) or len(res) != len(pats):
            problems.append("export sizes differ")
        for row, r in zip(rows, res, strict=False):
            off = next(n for n in r["name"] if n["use"] == "official")
            if (
                row["id"] != r["id"]
                or r["identifier"][0]["value"] != row["id"]
                or off["family"] != row["surname"]
                or " ".join(off["given"]) != row["given_names"]
                or r["birthDate"] != row["birth_date"]
                or r["gender"] != row["sex"]
            ):
                problems.append(f"csv and FHIR differ for {row['id']}")
            maiden = [n["family"] for n in r["name"] if n["use"] == "maiden"]
            if (maiden[0] if maiden else "") != row["birth_name"]:
                problems.append(f"maiden name differs for {row['id']}")
            if row["title"] and off.get("prefix") != [row["title"]]:
                problems.append(f"title differs for {row['id']}")
            raw = (root / "gdt" / f"{row['id']}.gdt").read_bytes()
            lines = raw.split(b"\r\n")[:-1]
            fields: dict[str, str] = {}
            row = {k: fold(v) for k, v in row.items()}
            for ln in lines:
                if int(ln[:3]) != len(ln) + 2:
                    problems.append(f"GDT line length wrong in {row['id']}: {ln!r}")
                fields[ln[3:7].decode()] = ln[7:].decode("latin-1")
            if int(fields.get("8100", "0")) != len(raw):
                problems.append(f"GDT record length wrong for {row['id']}")
            bd = datetime.strptime(fields["3103"], "%d%m%Y").date().isoformat()
            if (
                fields["8000"] != "6301"
                or fields["3000"] != row["id"]
                or fields["3101"] != row["surname"]
                or fields["3102"] != row["given_names"]
                or bd != row["birth_date"]
                or fields["3110"] != ("2" if row["sex"] == "female" else "1")
                or fields["3106"] != f"{row['postcode']} {row['city']}"
                or fields["3107"] != row["street"]
            ):
                problems.append(f"GDT differs from csv for {row['id']}")


def check_letter(let: letters.Letter, problems: list[str]) -> dict[str, dict[str, bytes]]:
    t = let.truth()
    f = t["facts"]
    pid = let.id
    practice_names = [n for p in letters.practice_names() for n in p["names"]]
    rendered = {c: let.render(c) for c in let.conditions()}
    # text layer
    if "pdf" in rendered:
        texts, outside = pdf_texts(rendered["pdf"]["pdf/letter.pdf"])
        want = [p["text"] for p in t["conditions"]["pdf"]["pages"]]
        if texts != want:
            problems.append(f"{pid}: PDF text layer differs from the truth")
    _, outside = pdf_texts(let.pdf())
    for o in outside:
        problems.append(f"{pid}: line outside the sheet: {o!r}")
    # images
    for cond in ("scan200", "fax"):
        files = rendered[cond]
        pages = t["conditions"][cond]["pages"]
        if sorted(files) != sorted(p["file"] for p in pages):
            problems.append(f"{pid}: {cond} files differ from truth pages")
        for name, data in files.items():
            im = Image.open(io.BytesIO(data))
            if cond == "scan200":
                if im.format != "JPEG" or im.mode != "L" or round(im.info["dpi"][0]) != 200:
                    problems.append(f"{pid}: {name} not a 200 dpi greyscale JPEG")
            else:
                vres = int(t["fax"]["resolution"].split("x")[1])
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.width != 1728
                    or im.info.get("compression") not in ("group3", "group4")
                    or tuple(round(v) for v in im.info["dpi"]) != (204, vres)
                ):
                    problems.append(f"{pid}: {name} not a 1728 px G3/G4 fax TIFF")
    sent = datetime.fromisoformat(t["fax"]["sent"])
    fpages = t["conditions"]["fax"]["pages"]
    if (fpages[0]["page"] == "cover") != t["fax"]["cover_sheet"]:
        problems.append(f"{pid}: cover sheet flag")
    for i, p in enumerate(fpages):
        head = p["text"].split("\n")[0]
        if (
            sent.strftime("%d.%m.%Y %H:%M") not in head
            or t["fax"]["number"] not in head
            or f"S. {i + 1}/{len(fpages)}" not in head
        ):
            problems.append(f"{pid}: fax header missing on {p['page']}")
    if f["letter_date"] and sent.date() <= date.fromisoformat(f["letter_date"]):
        problems.append(f"{pid}: fax sent before the letter's date")
    # truth on the pages
    main = "pdf" if "pdf" in t["conditions"] else "scan200"
    ptexts = [p["text"] for p in t["conditions"][main]["pages"]]
    alltext = norm("\n".join(ptexts))
    p1 = norm(ptexts[0])
    pt = f["patient"]
    if not pt["as_written"] or pt["as_written"] not in p1:
        problems.append(f"{pid}: as_written {pt['as_written']!r} not on page 1")
    for tok in pt["full_name_as_letter"].split():
        if tok.lower() not in alltext.lower():
            problems.append(f"{pid}: name part {tok!r} not on the pages")
    if norm(f["sender"]) not in alltext:
        problems.append(f"{pid}: sender {f['sender']!r} not on the pages")
    for n in practice_names:
        if n.lower() in f["sender"].lower() or f["sender"].lower() in n.lower():
            problems.append(f"{pid}: the sender is a receiving practice")
    if f["title"] is not None and norm(f["title"]) not in alltext:
        problems.append(f"{pid}: title {f['title']!r} not on the pages")
    if f["patient_id"] is not None and f["patient_id"] not in alltext:
        problems.append(f"{pid}: patient id not on the pages")
    if f["patient_id"] is not None and f["patient_id"] != pt["register_id"]:
        problems.append(f"{pid}: patient id is not the register id")
    for o in f["other_people"]:
        if norm(o["name"]) not in alltext:
            problems.append(f"{pid}: person {o['name']!r} not on the pages")
    reg = register.by_id()
    if pt["register_id"] is not None:
        r = reg[pt["register_id"]]
        if pt["full_name"] != f"{r.given_names} {r.surname}":
            problems.append(f"{pid}: full_name differs from the register")
        if f["birth_date"] and f["birth_date"] != r.birth_date.isoformat():
            problems.append(f"{pid}: birth date differs from the register")
    # dates: every truth date read back, every printed date known
    allowed = {sent.date()}
    wanted: list[str] = []
    for key in ("letter_date", "birth_date"):
        if f[key]:
            wanted.append(f[key])
    wanted += [o["date"] for o in f["other_dates"]]
    allowed |= {date.fromisoformat(x) for x in wanted}
    for cond, spec in t["conditions"].items():
        read: set[date] = set()
        for p in spec["pages"]:
            for raw, d in read_dates(p["text"], t["region"]):
                if d is None:
                    problems.append(f"{pid}: unreadable date {raw!r} ({cond})")
                elif d not in allowed:
                    problems.append(f"{pid}: printed date {raw!r} not in the truth ({cond})")
                read.add(d) if d else None
        for w in wanted:
            is_stamp = any(o["date"] == w and "stamp" in o["role"] for o in f["other_dates"])
            if is_stamp and cond != "scan200":
                continue
            if date.fromisoformat(w) not in read and not (cond == "fax" and is_stamp):
                problems.append(f"{pid}: date {w} not printed on {cond}")
    return rendered


def main() -> int:
    problems: list[str] = []
    env = dict(os.environ, PYTHONHASHSEED="4242")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from bench.heldout50t.check import digest;print(digest(['test', 'examples']))",
        ],
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    check_register(problems)
    counts: dict[str, int] = {}
    h = hashlib.sha256()
    for name, n in (("test", 40), ("examples", 6)):
        ls = letters.split(name)
        if len(ls) != n:
            problems.append(f"split {name} has {len(ls)} letters")
        for let in ls:
            _feed(h, let, check_letter(let, problems))
            counts[let.layout] = counts.get(let.layout, 0) + 1
    _feed_register(h)
    first = h.hexdigest()
    try:
        letters.split("nope")
        problems.append("unknown split accepted")
    except ValueError:
        pass
    if len(letters.generate(3, 77)) != 3:
        problems.append("generate")
    if digest(["test", "examples"]) != first:
        problems.append("not deterministic within one interpreter (whole set)")
    second = digest(["examples"])
    if second != digest(["examples"]):
        problems.append("not deterministic within one interpreter")
    out, _ = proc.communicate(timeout=300)
    if out.strip() != first:
        problems.append("another interpreter (PYTHONHASHSEED=4242) made other bytes")
    for p in problems:
        print(p)
    print("layouts:", json.dumps(counts, sort_keys=True))
    print(f"problems: {len(problems)}")
    return 0 if not problems else 1


if __name__ == "__main__":
    raise SystemExit(main())
