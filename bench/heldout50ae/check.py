"""Verifies the set against its own truth: `python -m bench.heldout50ae.check`."""

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

import pymupdf
from PIL import Image

from . import register
from .letters import Letter, practice_names, split
from .render import H, W, pdf_line_boxes, pdf_page_texts

# --- an independent reader of the dates the region's letters print ------------------------
_MONTH_NAMES = """
januar februar märz april mai juni juli august september oktober november dezember
stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października listopada grudnia
januar februar marts april maj juni juli august september oktober november december
januari februari mars april maj juni juli augusti september oktober november december
sausio vasario kovo balandžio gegužės birželio liepos rugpjūčio rugsėjo spalio lapkričio gruodžio
janvārī februārī martā aprīlī maijā jūnijā jūlijā augustā septembrī oktobrī novembrī decembrī
січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня
января февраля марта апреля мая июня июля августа сентября октября ноября декабря
january february march april may june july august september october november december
"""
# German, Polish (genitive), Danish, Swedish, Lithuanian (genitive), Latvian (locative),
# Ukrainian and Russian (genitive), English: one language a row, January first.
_MONTHS = {m: i for row in _MONTH_NAMES.strip().splitlines() for i, m in enumerate(row.split(), 1)}
_MON3 = {m[:3]: i for m, i in _MONTHS.items() if m.isascii() and m.isalpha()}
_W = r"[^\W\d_]+"


def _year(y: str) -> int:
    n = int(y)
    if len(y) == 2:
        return 2000 + n if n <= 30 else 1900 + n
    return n


def read_dates(text: str) -> list[tuple[str, date]]:
    """Every date printed in the text, with the string it was read from."""
    found: list[tuple[str, date]] = []
    pats = [
        (r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])", "dmy"),
        (r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?!\d)", "dmy"),
        (r"(?<![\d-])(\d{2})-(\d{2})-(\d{4})(?!\d)", "dmy"),
        (r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?![\d-])", "ymd"),
        (rf"(?<!\d)(\d{{1,2}})\.? ({_W}) (\d{{4}})", "dMy"),
        (rf"(?<!\d)(\d{{4}}) m\. ({_W}) (\d{{1,2}}) d\.", "yMd"),
        (rf"(?<!\d)(\d{{4}})\. gada (\d{{1,2}})\. ({_W})", "ydM"),
        (r"ngày (\d{1,2}) tháng (\d{1,2}) năm (\d{4})", "dmy"),
        (r"(?<!\d)(\d{2})-([A-Z]{3})-(\d{4})", "dMy"),
    ]
    for pat, order in pats:
        for m in re.finditer(pat, text):
            g = m.groups()
            try:
                if order == "dmy":
                    d = date(_year(g[2]), int(g[1]), int(g[0]))
                elif order == "ymd":
                    d = date(int(g[0]), int(g[1]), int(g[2]))
                elif order == "dMy":
                    mon = _MONTHS.get(g[1].lower()) or _MON3.get(g[1].lower())
                    if not mon:
                        continue
                    d = date(int(g[2]), mon, int(g[0]))
                elif order == "yMd":
                    d = date(int(g[0]), _MONTHS[g[1].lower()], int(g[2]))
                else:
                    d = date(int(g[0]), _MONTHS[g[2].lower()], int(g[1]))
            except (KeyError, ValueError):
                found.append((m.group(0), date.min))
                continue
            found.append((m.group(0), d))
    return found


def digest(rendered: dict[str, dict[str, bytes]] | None = None) -> str:
    """One hash over every truth and file; renders the set unless given its files."""
    h = hashlib.sha256()
    for lt in split("test") + split("examples"):
        h.update(json.dumps(lt.truth(), sort_keys=True, ensure_ascii=False).encode())
        for c in lt.conditions():
            files = rendered[f"{lt.id}/{c}"] if rendered is not None else lt.render(c)
            for name, data in sorted(files.items()):
                h.update(name.encode())
                h.update(hashlib.sha256(data).digest())
    return h.hexdigest()


def check_letter(lt: Letter, own: list[str], rendered: dict[str, dict[str, bytes]]) -> list[str]:
    p: list[str] = []
    tr = lt.truth()
    fx = tr["facts"]
    pid = lt.id
    if fx["sender"] is None or any(
        o.casefold() in fx["sender"].casefold() or fx["sender"].casefold() in o.casefold()
        for o in own
    ):
        p.append(f"{pid}: sender is a receiving practice or missing")
    for alt in fx["sender_alternatives"]:
        if any(o.casefold() == alt.casefold() for o in own):
            p.append(f"{pid}: a sender alternative is a receiving practice")
    sent = datetime.fromisoformat(tr["fax"]["sent"])
    if fx["letter_date"] and sent.date() <= date.fromisoformat(fx["letter_date"]):
        p.append(f"{pid}: fax sent before or on the letter date")
    truth_dates = {d for d in [fx["birth_date"], fx["letter_date"]] if d}
    truth_dates |= {o["date"] for o in fx["other_dates"]}
    for cond in lt.conditions():
        pages = tr["conditions"][cond]["pages"]
        texts = [e["text"] for e in pages]
        letter_pages = [e for e in pages if e["page"] != "cover"]
        allowed = set(truth_dates)
        if cond == "fax":
            allowed.add(sent.date().isoformat())
        stamp = tr["conditions"]["scan200"].get("receipt_stamp")
        if cond == "scan200" and stamp:
            allowed.add(stamp)
        seen: set[str] = set()
        for e in letter_pages:
            for s, d in read_dates(e["text"]):
                if d.isoformat() not in allowed:
                    p.append(
                        f"{pid}/{cond}/{e['page']}: printed date {s!r} reads {d} "
                        "which the truth does not know"
                    )
                seen.add(d.isoformat())
        for e in pages:
            if e["page"] == "cover":
                for s, d in read_dates(e["text"]):
                    if d != sent.date():
                        p.append(f"{pid}: cover date {s!r} is not the send date")
        for need in truth_dates:
            if need not in seen:
                p.append(f"{pid}/{cond}: truth date {need} not printed")
        p1 = letter_pages[0]["text"]
        aw = fx["patient"]["as_written"]
        if aw not in p1:
            p.append(f"{pid}/{cond}: as_written {aw!r} not on page 1")
        alltext = "\n".join(texts)
        low = alltext.casefold()
        for tok in fx["patient"]["full_name_as_letter"].split():
            if tok.casefold() not in low:
                p.append(f"{pid}/{cond}: name part {tok!r} not printed")
        if fx["sender"] not in alltext:
            p.append(f"{pid}/{cond}: sender not printed")
        if fx["title"] and fx["title"] not in alltext and fx["title"].upper() not in alltext:
            p.append(f"{pid}/{cond}: title not printed")
        if fx["patient_id"] and fx["patient_id"] not in alltext:
            p.append(f"{pid}/{cond}: patient id not printed")
        if fx["patient_id"] and fx["patient_id"] != fx["patient"]["register_id"]:
            p.append(f"{pid}: patient id differs from the register id")
        for o in fx["other_people"]:
            if o["name"] not in alltext:
                p.append(f"{pid}/{cond}: other person {o['name']!r} not printed")
        # text layer of what was drawn equals the truth
        src = lt.source_pdf(cond)
        layer = ["\n".join(x) for x in pdf_page_texts(src)]
        if layer != texts:
            p.append(f"{pid}/{cond}: text layer differs from the truth")
        for i, boxes in enumerate(pdf_line_boxes(src), 1):
            for b in boxes:
                if b[0] < 8 or b[1] < 3 or b[2] > W - 8 or b[3] > H - 8:
                    p.append(f"{pid}/{cond}/page {i}: a line leaves the sheet {b}")
        files = lt.render(cond)
        rendered[f"{lt.id}/{cond}"] = files
        if cond == "pdf":
            doc = pymupdf.open("pdf", files["pdf/letter.pdf"])
            if doc.page_count != len(pages):
                p.append(f"{pid}: pdf page count")
            doc.close()
            if files["pdf/letter.pdf"] != src:
                p.append(f"{pid}: pdf differs from its source")
            continue
        if [e["file"] for e in pages] != sorted(files):
            p.append(f"{pid}/{cond}: files and truth pages differ")
        for e in pages:
            im = Image.open(io.BytesIO(files[e["file"]]))
            if cond == "scan200":
                dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                if im.format != "JPEG" or im.mode != "L" or dpi != (200, 200):
                    p.append(f"{pid}: scan format {im.format} {im.mode} {dpi}")
            else:
                dpi = tuple(round(v) for v in im.info.get("dpi", (0, 0)))
                comp = im.info.get("compression")
                if (
                    im.format != "TIFF"
                    or im.mode != "1"
                    or im.size[0] != 1728
                    or dpi not in ((204, 196), (204, 98))
                    or comp not in ("group3", "group4")
                    or f"{dpi[0]}x{dpi[1]}" != tr["fax"]["resolution"]
                ):
                    p.append(f"{pid}: fax format {im.format} {im.mode} {im.size} {dpi} {comp}")
        if cond == "fax":
            n = len(pages)
            for i, e in enumerate(pages, 1):
                head = e["text"].split("\n")[0]
                want = sent.strftime("%d.%m.%Y %H:%M")
                if not (
                    head.startswith(want)
                    and tr["fax"]["number"] in head
                    and head.endswith(f"S. {i}/{n}")
                ):
                    p.append(f"{pid}: fax header wrong on page {i}: {head!r}")
            if (pages[0]["page"] == "cover") != tr["fax"]["cover_sheet"]:
                p.append(f"{pid}: cover sheet flag")
    if lt.handwritten == ("pdf" in lt.conditions()):
        p.append(f"{pid}: handwritten letters have no pdf, others do")
    return p


def _fold(text: str) -> str:
    """What ISO-8859-1 can hold of a name: other letters without their diacritics."""
    special = {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D"}
    return "".join(
        ch if ord(ch) < 256 else special.get(ch, unicodedata.normalize("NFD", ch)[0]) for ch in text
    )


def check_register() -> list[str]:
    p: list[str] = []
    pats = register.build()
    if len(pats) < 300:
        p.append("register has fewer than 300 patients")
    if len({x.id for x in pats}) != len(pats):
        p.append("register ids not unique")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        csv_text = (Path(tmp) / "patients.csv").read_text(encoding="utf-8")
        rows = list(csv.DictReader(io.StringIO(csv_text)))
        bundle = json.loads((Path(tmp) / "patients.bundle.json").read_text(encoding="utf-8"))
        nd = [
            json.loads(x)
            for x in (Path(tmp) / "patients.ndjson").read_text(encoding="utf-8").splitlines()
        ]
        if bundle["type"] != "collection" or [e["resource"] for e in bundle["entry"]] != nd:
            p.append("FHIR bundle and ndjson differ")
        for row, res, pt in zip(rows, nd, pats, strict=True):
            if row["id"] != pt.id or res["identifier"][0]["value"] != pt.id:
                p.append(f"export ids differ for {pt.id}")
            if row["birth_date"] != res["birthDate"] or row["surname"] != res["name"][0]["family"]:
                p.append(f"csv and FHIR differ for {pt.id}")
            raw = (Path(tmp) / "gdt" / f"{pt.id}.gdt").read_bytes()
            fields = {}
            for line in raw.split(b"\r\n")[:-1]:
                if int(line[:3]) != len(line) + 2:
                    p.append(f"gdt line length wrong for {pt.id}")
                fields[line[3:7].decode()] = line[7:].decode("latin-1")
            if int(fields["8100"]) != len(raw) or fields["8000"] != "6301":
                p.append(f"gdt record length/type wrong for {pt.id}")
            if (
                fields["3000"] != row["id"]
                or fields["3101"] != _fold(row["surname"])
                or fields["3102"] != _fold(row["given_names"])
                or datetime.strptime(fields["3103"], "%d%m%Y").date().isoformat()
                != row["birth_date"]
            ):
                p.append(f"gdt and csv differ for {pt.id}")
    return p


def main() -> int:
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", "from bench.heldout50ae.check import digest; print(digest())"],
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONHASHSEED=seed),
        )
        for seed in ("4711",)
    ]
    problems: list[str] = []
    own = [n for pr in practice_names() for n in pr["names"]] + [
        pr["name"] for pr in practice_names()
    ]
    letters = split("test") + split("examples")
    if len(split("test")) != 40 or len(split("examples")) != 6:
        problems.append("split sizes")
    problems += check_register()
    rendered: dict[str, dict[str, bytes]] = {}
    for lt in letters:
        problems += check_letter(lt, own, rendered)
    first = digest(rendered)
    # Rendered a second time, in another interpreter with another PYTHONHASHSEED.
    for seed, proc in zip(("4711",), procs, strict=True):
        out, _ = proc.communicate()
        if out.strip() != first:
            problems.append(f"not the same bytes in another interpreter (PYTHONHASHSEED={seed})")
    for x in problems:
        print(x)
    print(f"letters: {len(letters)}")
    print(f"problems: {len(problems)}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
