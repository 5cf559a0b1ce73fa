"""`python -m bench.heldout50m.check`: verifies the set; ends with `problems: 0`."""

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
import time
from pathlib import Path

import pymupdf
from PIL import Image

from . import register
from .dates import parse
from .letters import PRACTICES, Letter, generate, split

ROOT = Path(__file__).resolve().parents[2]


def _digest(letters: list[Letter]) -> dict[str, str]:
    out = {}
    for lt in letters:
        h = hashlib.sha256(json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode())
        for cond in lt.conditions():
            for name, data in sorted(lt.render(cond).items()):
                h.update(name.encode())
                h.update(data)
        out[lt.id] = h.hexdigest()
    return out


def _flat(s: str) -> str:
    return " ".join(s.split())


def check_letter(lt: Letter, problems: list[str], files: dict[str, dict[str, bytes]]) -> None:
    t = lt.truth()
    json.dumps(t)
    f = t["facts"]
    say = problems.append
    lid = lt.id
    conds = t["conditions"]
    if lt.handwritten == ("pdf" in conds):
        say(f"{lid}: pdf condition present/absent wrongly")
    main = conds["pdf"] if "pdf" in conds else conds["scan200"]
    p1 = main["pages"][0]["text"]
    all_text = "\n".join(p["text"] for c in conds.values() for p in c["pages"])
    letter_text = "\n".join(p["text"] for p in main["pages"])
    flat_letter = _flat(letter_text)
    # patient
    p = f["patient"]
    if p is not None:
        aw = p["as_written"]
        idx = p1.find(aw) if aw else -1
        if idx < 0:
            say(f"{lid}: as_written {aw!r} not on page 1")
        sur_letter = p["full_name_as_letter"].split(" ")[-1]
        if idx >= 0:
            hit = re.search(rf"(?<!\w){re.escape(sur_letter)}(?!\w)", p1, re.IGNORECASE)
            first = hit.start() if hit else -1
            if first < idx:
                say(f"{lid}: the surname appears before as_written")
        for part in p["full_name_as_letter"].split(" "):
            if part.upper() not in p1.upper():
                say(f"{lid}: name part {part!r} not on page 1")
        rid = p["register_id"]
        if rid is not None:
            rp = REG[rid]
            if rp.full_name != p["full_name"]:
                say(f"{lid}: full_name differs from the register")
            if f["birth_date"] and f["birth_date"] != rp.birth_date:
                say(f"{lid}: birth date differs from the register")
            if t["register"]["id"] != rid:
                say(f"{lid}: register block id differs")
        elif t["register"] is not None:
            say(f"{lid}: register block for an outsider")
        elif any(
            r.surname == p["surname"] and r.given_names == p["given_names"] for r in REG.values()
        ):
            say(f"{lid}: outsider carries a register name")
    # dates: every truth date printed, and read back by the region's convention
    printed: dict[str, list[str]] = {}
    for iso, s, region in lt.printed_dates:
        back = parse(s, region)
        if back is None or back.isoformat() != iso:
            say(f"{lid}: printed date {s!r} ({region}) reads back as {back}, not {iso}")
        if s not in all_text:
            say(f"{lid}: printed date {s!r} not on any page")
        printed.setdefault(iso, []).append(s)
    wanted = [("birth", f["birth_date"]), ("letter", f["letter_date"])] + [
        (d["role"], d["date"]) for d in f["other_dates"]
    ]
    for role, iso in wanted:
        if iso is not None and iso not in printed:
            say(f"{lid}: {role} date {iso} is not printed")
    if f["letter_date"] is not None and not any(
        s in letter_text for s in printed.get(f["letter_date"], [])
    ):
        say(f"{lid}: letter date not on the letter's own pages")
    # sender, title, receiving practice
    if f["sender"] and f["sender"] not in flat_letter:
        say(f"{lid}: sender {f['sender']!r} not on the pages")
    if f["title"] and _flat(f["title"]).upper() not in flat_letter.upper():
        say(f"{lid}: title {f['title']!r} not on the pages")
    own = {n for pr in PRACTICES for n in pr.names}
    for s in [f["sender"], *f["sender_alternatives"]]:
        if s and any(n in s or s in n for n in own):
            say(f"{lid}: sender {s!r} is a receiving practice")
    if not lt.handwritten and not any(pr.name in letter_text for pr in PRACTICES):
        say(f"{lid}: typed letter not addressed to a receiving practice")
    if f["patient_id"] is not None and f["patient_id"] not in letter_text:
        say(f"{lid}: patient_id not printed")
    # fax
    fx = t["fax"]
    fax_pages = conds["fax"]["pages"]
    if fx["cover_sheet"] != (fax_pages[0]["page"] == "cover"):
        say(f"{lid}: cover sheet flag")
    if f["letter_date"] and fx["sent"][:10] <= f["letter_date"]:
        say(f"{lid}: fax sent before or on the letter date")
    total = len(fax_pages)
    for n, pg in enumerate(fax_pages, 1):
        head = pg["text"].split("\n", 1)[0]
        if fx["number"] not in head or (
            f"{n}/{total}" not in head and f"{n:03d}/{total:03d}" not in head
        ):
            say(f"{lid}: fax header of page {n}: {head!r}")
    # every line inside the sheet
    from .render import PAGE_W, text_width_mm

    for pg in ([lt.cover] if lt.cover else []) + lt.pages:
        for ln in pg.lines:
            w = text_width_mm(ln.text, ln.font, ln.size)
            x0 = ln.x - w if ln.align == "r" else ln.x
            if not (10 <= ln.y <= 292) or x0 < 5 or x0 + w > PAGE_W - 5:
                say(f"{lid}: line off the sheet: {ln.text[:40]!r} ({x0:.0f}, {ln.y:.0f} mm)")
    # rendered files
    for cond, c in conds.items():
        got = files[cond]
        names = sorted({pg["file"] for pg in c["pages"]})
        if sorted(got) != names:
            say(f"{lid}: {cond} files {sorted(got)} != {names}")
    if "pdf" in conds:
        doc = pymupdf.open(stream=files["pdf"]["pdf/letter.pdf"], filetype="pdf")
        if doc.page_count != len(conds["pdf"]["pages"]):
            say(f"{lid}: pdf page count")
        for pg, tp in zip(doc, conds["pdf"]["pages"], strict=False):
            layer = [ln.strip() for ln in pg.get_text("text", sort=True).split("\n") if ln.strip()]
            if _flat(" ".join(layer)) != _flat(tp["text"].replace("\n", " ")):
                say(f"{lid}: pdf text layer differs from the truth on {tp['page']}")
    for name, data in files["scan200"].items():
        im = Image.open(io.BytesIO(data))
        if im.format != "JPEG" or im.mode != "L" or round(im.info.get("dpi", (0, 0))[0]) != 200:
            say(f"{lid}: scan {name} format")
    for name, data in files["fax"].items():
        im = Image.open(io.BytesIO(data))
        dpi = tuple(round(x) for x in im.info.get("dpi", (0, 0)))
        if (
            im.width != 1728
            or im.mode != "1"
            or dpi not in ((204, 196), (204, 98))
            or im.info.get("compression") not in ("group3", "group4")
        ):
            say(f"{lid}: fax {name} format {im.size} {im.mode} {dpi}")


def check_register(problems: list[str]) -> None:
    pats = register.build()
    say = problems.append
    if not 280 <= len(pats) <= 320:
        say(f"register size {len(pats)}")
    if len({p.id for p in pats}) != len(pats):
        say("register ids not unique")
    kinds = {p.collision for p in pats}
    for k in ("same_name_same_birth", "twin", "name_change", "umlaut_spelling"):
        if k not in kinds:
            say(f"register lacks collision {k}")
    with tempfile.TemporaryDirectory() as tmp:
        register.write_all(pats, tmp)
        folder = Path(tmp)
        text = (folder / "patients.csv").read_text(encoding="utf-8")
        if text.split("\n", 1)[0] != register.HEADER:
            say("csv header")
        rows = {r["id"]: r for r in csv.DictReader(io.StringIO(text))}
        bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
        if bundle["type"] != "collection":
            say("bundle type")
        fb = {e["resource"]["identifier"][0]["value"]: e["resource"] for e in bundle["entry"]}
        nd = {}
        for line in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            nd[r["identifier"][0]["value"]] = r
        for p in pats:
            row = rows.get(p.id)
            if row is None or (row["surname"], row["given_names"], row["birth_date"]) != (
                p.surname,
                p.given_names,
                p.birth_date,
            ):
                say(f"csv row {p.id}")
            for src, res in (("bundle", fb.get(p.id)), ("ndjson", nd.get(p.id))):
                if res is None:
                    say(f"{src} lacks {p.id}")
                    continue
                off = next(n for n in res["name"] if n["use"] == "official")
                if (off["family"], " ".join(off["given"]), res["birthDate"]) != (
                    p.surname,
                    p.given_names,
                    p.birth_date,
                ):
                    say(f"{src} {p.id} differs")
            raw = (folder / "gdt" / f"{p.id}.gdt").read_bytes()
            fields = {}
            for ln in raw.split(b"\r\n")[:-1]:
                if int(ln[:3]) != len(ln) + 2:
                    say(f"gdt {p.id} line length {ln!r}")
                fields[ln[3:7].decode()] = ln[7:].decode("iso-8859-1")
            if int(fields["8100"]) != len(raw):
                say(f"gdt {p.id} record length")
            b = p.birth
            if (fields["8000"], fields["3000"], fields["3101"], fields["3102"], fields["3103"]) != (
                "6301",
                p.id,
                p.surname.encode("iso-8859-1", "replace").decode("iso-8859-1"),
                p.given_names.encode("iso-8859-1", "replace").decode("iso-8859-1"),
                f"{b.day:02d}{b.month:02d}{b.year}",
            ):
                say(f"gdt {p.id} fields")


REG = {p.id: p for p in register.build()}


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--digest":
        json.dump(_digest(split(sys.argv[2])), sys.stdout)
        return 0
    t0 = time.time()
    problems: list[str] = []
    # determinism: another interpreter with another hash seed, in parallel (2 processes)
    env = dict(os.environ, PYTHONHASHSEED="4242")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bench.heldout50m.check", "--digest", "test"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
    )
    check_register(problems)
    letters = {"test": split("test"), "examples": split("examples")}
    if len(letters["test"]) != 40 or len(letters["examples"]) != 6:
        problems.append("split sizes")
    try:
        split("train")
        problems.append("unknown split accepted")
    except ValueError:
        pass
    digests = {}
    for name, lts in letters.items():
        for lt in lts:
            files = {c: lt.render(c) for c in lt.conditions()}
            check_letter(lt, problems, files)
            if name == "test":
                h = hashlib.sha256(
                    json.dumps(lt.truth(), ensure_ascii=False, sort_keys=True).encode()
                )
                for cond in lt.conditions():
                    for fname, data in sorted(files[cond].items()):
                        h.update(fname.encode())
                        h.update(data)
                digests[lt.id] = h.hexdigest()
    # same bytes twice in this interpreter (a sample), and in the other interpreter (all)
    again = _digest(split("test")[:3])
    for k, v in again.items():
        if digests[k] != v:
            problems.append(f"{k}: not deterministic in one interpreter")
    other = json.loads(proc.communicate()[0])
    if other != digests:
        bad = [k for k in digests if other.get(k) != digests[k]]
        problems.append(f"not deterministic across interpreters: {bad[:5]}")
    gen = generate(60, 7)
    if len(gen) != 60 or len({g.layout for g in gen}) < 20:
        problems.append("generate(60, 7)")
    for g in gen:
        json.dumps(g.truth())
    test = letters["test"]
    pages = sum(len(lt.pages) for lt in test)
    covers = sum(1 for lt in test if lt.cover)
    print(f"test letters: {len(test)}, letter pages: {pages}, fax cover sheets: {covers}")
    print(
        f"layouts: {len({lt.layout for lt in test})}, regions: {sorted({lt.region for lt in test})}"
    )
    for p in problems:
        print("PROBLEM", p)
    print(f"time: {time.time() - t0:.1f} s")
    print(f"problems: {len(problems)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
