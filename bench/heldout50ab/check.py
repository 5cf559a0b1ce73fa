"""``python -m bench.heldout50ab.check``: the set checked against its own truth.

The date reader here is written separately from the generator's date formatting: it finds
every date-like string on every page with the conventions of the letter's region and asks
that each one is a date the truth knows, and that each truth date is printed.
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
import unicodedata
from functools import cache, lru_cache
from pathlib import Path

import pymupdf
from PIL import Image, ImageFont

from . import register
from .letters import Letter, practice_names, split
from .render import FONTS

# --- an independent date reader ---------------------------------------------------------------


def _fold(word: str) -> str:
    word = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in word if not unicodedata.combining(c)).rstrip(".")


_MONTH_WORDS: dict[str, int] = {}
for _names in (
    "januar februar märz april mai juni juli august september oktober november dezember",
    "jan feb mär apr mai jun jul aug sep okt nov dez",
    "jan feb mrz apr mai jun jul aug sept okt nov dez",
    "ocak şubat mart nisan mayıs haziran temmuz ağustos eylül ekim kasım aralık",
    "stycznia lutego marca kwietnia maja czerwca lipca sierpnia września października "
    "listopada grudnia",
    "ιανουαρίου φεβρουαρίου μαρτίου απριλίου μαΐου ιουνίου ιουλίου αυγούστου σεπτεμβρίου "
    "οκτωβρίου νοεμβρίου δεκεμβρίου",
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "januari februari maart april mei juni juli augustus september oktober november december",
    "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "january february march april may june july august september october november december",
    "jan feb mar apr may jun jul aug sep oct nov dec",
):
    for _i, _w in enumerate(_names.split()):
        _MONTH_WORDS.setdefault(_fold(_w), _i + 1)

_RE_DOT = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?!\d)(?!\.\d)")
_RE_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
_RE_SLASH = re.compile(r"(?<![\d/])(\d{1,2})/(\d{1,2})/(\d{4})(?![\d/])")
_RE_DASH = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})-(\d{4})(?![\d-])")
_RE_WORD = re.compile(r"(?<!\d)(\d{1,2})\.?\s+(?:de\s+)?([^\W\d_]+\.?)\s+(?:de\s+)?(\d{4})(?!\d)")


def _year(text: str) -> int:
    y = int(text)
    if len(text) == 2:
        y += 2000 if y <= 40 else 1900
    return y


def read_dates(text: str, region: str) -> list[tuple[dt.date, str]]:
    """Every date printed in ``text``, read with ``region``'s conventions."""
    found: list[tuple[dt.date, str]] = []

    def add(y: int, m: int, d: int, raw: str) -> None:
        try:
            found.append((dt.date(y, m, d), raw))
        except ValueError:
            found.append((dt.date(1, 1, 1), raw))  # an impossible date is a problem

    for mt in _RE_DOT.finditer(text):
        add(_year(mt.group(3)), int(mt.group(2)), int(mt.group(1)), mt.group(0))
    for mt in _RE_ISO.finditer(text):
        add(int(mt.group(1)), int(mt.group(2)), int(mt.group(3)), mt.group(0))
    for mt in _RE_SLASH.finditer(text):
        a, b = int(mt.group(1)), int(mt.group(2))
        if region == "US":
            add(int(mt.group(3)), a, b, mt.group(0))
        else:
            add(int(mt.group(3)), b, a, mt.group(0))
    for mt in _RE_DASH.finditer(text):
        add(int(mt.group(3)), int(mt.group(2)), int(mt.group(1)), mt.group(0))
    for mt in _RE_WORD.finditer(text):
        month = _MONTH_WORDS.get(_fold(mt.group(2)))
        if month:
            add(int(mt.group(3)), month, int(mt.group(1)), mt.group(0))
    return found


# --- geometry measured with PIL (not the generator's measure) -------------------------------


@cache
def _font(key: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(FONTS[key], 100)


def _inside(letter: Letter, cond: str) -> list[str]:
    bad = []
    for n, page in enumerate(letter.pages_for(cond)):
        for ln in page.lines:
            x0, y0, x1, y1 = _font(ln.font).getbbox(ln.text, anchor="ls")
            k = ln.size / 100
            box = (ln.x + x0 * k, ln.y + y0 * k, ln.x + x1 * k, ln.y + y1 * k)
            if box[0] < 12 or box[1] < 12 or box[2] > 595 - 12 or box[3] > 842 - 12:
                bad.append(f"{cond} page {n + 1}: line outside the sheet: {ln.text[:40]!r} {box}")
    return bad


# --- per letter -----------------------------------------------------------------------------


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def check_letter(letter: Letter, files: dict[str, dict[str, bytes]]) -> list[str]:
    probs: list[str] = []
    t = letter.truth()
    lid = t["id"]

    def bad(msg: str) -> None:
        probs.append(f"{lid}: {msg}")

    facts = t["facts"]
    own = [n for p in practice_names() for n in p["names"]]
    own_doctors = [p["doctor"] for p in practice_names()]
    conds = letter.conditions()
    if list(t["conditions"]) != conds:
        bad(f"conditions {list(t['conditions'])} != {conds}")
    if t["handwritten"] == ("pdf" in conds):
        bad("a handwritten letter has no pdf, every other letter has one")
    main = "pdf" if "pdf" in conds else "scan200"
    pages = [p["text"] for p in t["conditions"][main]["pages"]]
    alltext = _flat("\n".join(pages))
    p1 = _flat(pages[0])
    pat = facts["patient"]
    if not pat["as_written"] or _flat(pat["as_written"]) not in p1:
        bad(f"as_written {pat['as_written']!r} not on page 1")
    for part in pat["full_name_as_letter"].split():
        if part not in alltext:
            bad(f"full_name_as_letter part {part!r} not printed")
    for key in ("sender", "title", "patient_id"):
        v = facts[key]
        if v is not None and _flat(v) not in alltext:
            bad(f"{key} {v!r} not printed")
    if facts["title"] is None and not t["handwritten"]:
        bad("title is null on a typed letter")
    for person in facts["other_people"]:
        if _flat(person["name"]) not in alltext:
            bad(f"other person {person['name']!r} not printed")
    for name in [facts["sender"], *facts["sender_alternatives"]]:
        for o in own + own_doctors:
            if o.casefold() in name.casefold() or name.casefold() in o.casefold():
                bad(f"sender {name!r} is the receiving practice {o!r}")
    reg = t["register"]
    if reg is not None:
        pats = {p.id: p for p in _register()}
        rp = pats.get(pat["register_id"])
        if rp is None or reg["id"] != pat["register_id"]:
            bad("register id unknown")
        else:
            if pat["full_name"] != f"{rp.given_names} {rp.surname}":
                bad("full_name differs from the register")
            if facts["birth_date"] and facts["birth_date"] != rp.birth_date.isoformat():
                bad("birth date differs from the register")
            if facts["patient_id"] not in (None, rp.id):
                bad("printed patient id is not the register's")
    elif pat["register_id"] is not None:
        bad("register null but register_id set")
    # dates
    truth_dates = {x["date"] for x in facts["other_dates"]}
    if facts["birth_date"]:
        truth_dates.add(facts["birth_date"])
    if facts["letter_date"]:
        truth_dates.add(facts["letter_date"])
    elif not t["handwritten"]:
        bad("typed letter without a letter date")
    sent = dt.datetime.strptime(t["fax"]["sent"], "%Y-%m-%dT%H:%M")
    if facts["letter_date"] and sent.date() <= dt.date.fromisoformat(facts["letter_date"]):
        bad("fax sent on or before the letter's date")
    stamp = (t.get("receipt_stamp") or {}).get("date")
    if stamp and dt.date.fromisoformat(stamp) < dt.date.fromisoformat(
        facts["letter_date"] or stamp
    ):
        bad("receipt stamp before the letter date")
    seen: set[str] = set()
    for cond in conds:
        allowed = set(truth_dates)
        if cond == "fax":
            allowed.add(sent.date().isoformat())
        if cond == "scan200" and stamp:
            allowed.add(stamp)
        for page in t["conditions"][cond]["pages"]:
            for d, raw in read_dates(page["text"], t["region"]):
                if d.isoformat() not in allowed:
                    bad(f"{cond} {page['page']}: printed date {raw!r} reads as {d} (not in truth)")
                seen.add(d.isoformat())
    for d in sorted(truth_dates):
        if d not in seen:
            bad(f"truth date {d} is printed nowhere")
    if facts["letter_date"]:
        ld = facts["letter_date"]
        if not any(d.isoformat() == ld for p in pages for d, _ in read_dates(p, t["region"])):
            bad("letter date not read back from the letter's pages")
    # fax
    fax_pages = t["conditions"]["fax"]["pages"]
    n = len(fax_pages)
    if t["fax"]["cover_sheet"] != (fax_pages[0]["page"] == "cover"):
        bad("cover sheet flag disagrees with the fax pages")
    if n != len(pages) + (1 if t["fax"]["cover_sheet"] else 0):
        bad("fax page count")
    for i, page in enumerate(fax_pages):
        head = page["text"].split("\n")[0]
        if t["fax"]["number"] not in head or f"S. {i + 1}/{n}" not in head:
            bad(f"fax header of page {i + 1} lacks number or page n/t: {head!r}")
        hd = read_dates(head, "DE")
        if [d for d, _ in hd] != [sent.date()] or f"{sent:%H:%M}" not in head:
            bad(f"fax header date/time {head!r} != {sent}")
    # files
    rendered = files
    if "pdf" in conds:
        data = rendered["pdf"]["pdf/letter.pdf"]
        doc = pymupdf.open(stream=data, filetype="pdf")
        if doc.page_count != len(pages):
            bad("pdf page count")
        for i, page in enumerate(doc):
            got = []
            for block in page.get_text("dict")["blocks"]:
                for line in block.get("lines", []):
                    got.append("".join(s["text"] for s in line["spans"]))
                    x0, y0, x1, y1 = line["bbox"]
                    if x0 < 10 or y0 < 10 or x1 > 585 or y1 > 832:
                        bad(f"pdf p{i + 1}: text outside the sheet {line['bbox']}")
            want = t["conditions"]["pdf"]["pages"][i]["text"].split("\n")
            if got != want:
                diff = [(a, b) for a, b in zip(got, want, strict=False) if a != b][:2]
                bad(f"pdf p{i + 1}: text layer != truth ({len(got)} vs {len(want)} lines) {diff}")
        doc.close()
    scans = rendered["scan200"]
    if len(scans) != len(t["conditions"]["scan200"]["pages"]):
        bad("scan page count")
    for name, data in scans.items():
        im = Image.open(io.BytesIO(data))
        dpi = tuple(round(float(v)) for v in im.info.get("dpi", (0, 0)))
        if im.format != "JPEG" or im.mode != "L" or dpi != (200, 200) or im.size != (1653, 2339):
            bad(f"{name}: {im.format} {im.mode} {dpi} {im.size}")
    faxes = rendered["fax"]
    if len(faxes) != n:
        bad("fax file count")
    fine = t["fax"]["resolution"] == "204x196"
    for name, data in faxes.items():
        im = Image.open(io.BytesIO(data))
        comp = im.info.get("compression")
        dpi = tuple(round(float(v)) for v in im.info.get("dpi", (0, 0)))
        want_h = round(842 * 196 / 72) // (1 if fine else 2)
        if (
            im.format != "TIFF"
            or im.mode != "1"
            or im.width != 1728
            or comp not in ("group3", "group4")
            or comp != t["fax"]["compression"]
            or dpi != (204, 196 if fine else 98)
            or abs(im.height - want_h) > 1
        ):
            bad(f"{name}: {im.format} {im.mode} {im.size} {comp} {dpi}")
    for cond in conds:
        for msg in _inside(letter, cond):
            bad(msg)
        texts = [pg.text() for pg in letter.pages_for(cond)]
        if texts != [p["text"] for p in t["conditions"][cond]["pages"]]:
            bad(f"{cond}: truth text differs from the drawn lines")
    return probs


@lru_cache(maxsize=1)
def _register() -> tuple[register.Patient, ...]:
    return tuple(register.build())


# --- register -------------------------------------------------------------------------------


def check_register(folder: Path) -> list[str]:
    probs: list[str] = []
    pats = list(_register())
    if len(pats) < 300:
        probs.append(f"register: only {len(pats)} patients")
    ids = [p.id for p in pats]
    if len(set(ids)) != len(ids):
        probs.append("register: duplicate ids")
    kinds = {p.collision for p in pats if p.collision}
    for k in register.COLLISIONS:
        if k not in kinds:
            probs.append(f"register: no collision of kind {k}")
    register.write_all(pats, folder)
    with (folder / "patients.csv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    need = [
        "id",
        "surname",
        "given_names",
        "birth_name",
        "former_names",
        "title",
        "birth_date",
        "sex",
        "street",
        "postcode",
        "city",
        "country",
    ]
    if rows and any(c not in rows[0] for c in need):
        probs.append("register: csv columns")
    bundle = json.loads((folder / "patients.bundle.json").read_text(encoding="utf-8"))
    nd = [
        json.loads(x) for x in (folder / "patients.ndjson").read_text(encoding="utf-8").splitlines()
    ]
    if bundle.get("resourceType") != "Bundle" or bundle.get("type") != "collection":
        probs.append("register: bundle type")
    res = [e["resource"] for e in bundle["entry"]]
    if res != nd:
        probs.append("register: bundle and ndjson differ")
    if len(rows) != len(pats) or len(res) != len(pats):
        probs.append("register: export sizes differ")
    for p, row, r in zip(pats, rows, res, strict=False):
        if (row["id"], row["surname"], row["given_names"], row["birth_date"]) != (
            p.id,
            p.surname,
            p.given_names,
            p.birth_date.isoformat(),
        ):
            probs.append(f"register: csv row {p.id}")
        if row["former_names"].split(";") != (list(p.former_names) or [""]):
            probs.append(f"register: csv former names {p.id}")
        off = next(n for n in r["name"] if n["use"] == "official")
        if (
            r["identifier"][0]["value"] != row["id"]
            or off["family"] != row["surname"]
            or " ".join(off["given"]) != row["given_names"]
            or r["birthDate"] != row["birth_date"]
            or r["gender"] != {"M": "male", "F": "female"}[row["sex"]]
        ):
            probs.append(f"register: fhir {p.id} disagrees with csv")
        if row["birth_name"] and {"use": "maiden", "family": row["birth_name"]} not in r["name"]:
            probs.append(f"register: fhir maiden name {p.id}")
        if row["title"] and off.get("prefix") != [row["title"]]:
            probs.append(f"register: fhir title {p.id}")
        raw = (folder / "gdt" / f"{p.id}.gdt").read_bytes()
        lines = raw.split(b"\r\n")
        if lines[-1] != b"":
            probs.append(f"register: gdt {p.id} not CRLF-terminated")
        fields: dict[str, str] = {}
        for ln in lines[:-1]:
            if int(ln[:3]) != len(ln) + 2:
                probs.append(f"register: gdt {p.id} line length {ln[:12]!r}")
            fields.setdefault(ln[3:7].decode("ascii"), ln[7:].decode("latin-1"))
        if fields.get("8000") != "6301" or int(fields.get("8100", "0")) != len(raw):
            probs.append(f"register: gdt {p.id} record head")
        want = {
            "3000": row["id"],
            "3101": register.latin1(row["surname"]),
            "3102": register.latin1(row["given_names"]),
            "3103": dt.date.fromisoformat(row["birth_date"]).strftime("%d%m%Y"),
            "3110": "1" if row["sex"] == "M" else "2",
            "3106": register.latin1(f"{row['postcode']} {row['city']}"),
            "3107": register.latin1(row["street"]),
            "9218": "02.10",
        }
        for k, v in want.items():
            if fields.get(k) != v:
                probs.append(f"register: gdt {p.id} field {k} {fields.get(k)!r} != {v!r}")
    return probs


# --- determinism ----------------------------------------------------------------------------


def _digest(all_files: dict[str, dict[str, dict[str, bytes]]], truths: dict[str, dict]) -> str:
    h = hashlib.sha256()
    for lid in sorted(all_files):
        h.update(json.dumps(truths[lid], ensure_ascii=False, sort_keys=True).encode())
        for cond in sorted(all_files[lid]):
            for name in sorted(all_files[lid][cond]):
                h.update(f"{lid}/{name}".encode())
                h.update(hashlib.sha256(all_files[lid][cond][name]).digest())
    return h.hexdigest()


def _render_all(letters: list[Letter] | None = None) -> tuple[dict, dict]:
    files: dict[str, dict[str, dict[str, bytes]]] = {}
    truths: dict[str, dict] = {}
    if letters is None:
        letters = split("test") + split("examples")
    if True:
        for letter in letters:
            files[letter.id] = {c: letter.render(c) for c in letter.conditions()}
            truths[letter.id] = letter.truth()
    return files, truths


def main() -> int:
    if os.environ.get("HELDOUT50AB_DIGEST_ONLY"):
        files, truths = _render_all()
        print(_digest(files, truths))
        return 0
    env = dict(os.environ, PYTHONHASHSEED="4711", HELDOUT50AB_DIGEST_ONLY="1")
    child = subprocess.Popen(
        [sys.executable, "-m", "bench.heldout50ab.check"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=str(Path(__file__).resolve().parents[2]),
    )
    probs: list[str] = []
    try:
        split("nonsense")
        probs.append("split('nonsense') did not raise ValueError")
    except ValueError:
        pass
    tests, examples = split("test"), split("examples")
    if len(tests) != 40 or len(examples) != 6:
        probs.append("split sizes")
    ids = [x.id for x in tests + examples]
    if len(set(ids)) != len(ids):
        probs.append("duplicate letter ids")
    files, truths = _render_all(tests + examples)
    for letter in tests + examples:
        probs += check_letter(letter, files[letter.id])
    again = {}
    for letter in tests[:8] + examples[:2]:
        again[letter.id] = {c: letter.render(c) for c in letter.conditions()}
        if again[letter.id] != files[letter.id]:
            probs.append(f"{letter.id}: second render differs")
    with tempfile.TemporaryDirectory() as tmp:
        probs += check_register(Path(tmp) / "register")
    digest = _digest(files, truths)
    out, err = child.communicate(timeout=300)
    if child.returncode != 0 or out.strip() != digest:
        probs.append(
            f"determinism: other interpreter gave {out.strip()[:16]} vs {digest[:16]} {err[-300:]}"
        )
    kinds: dict[str, int] = {}
    for tr in truths.values():
        kinds[tr["layout"]] = kinds.get(tr["layout"], 0) + 1
    for p in probs:
        print(p)
    print(
        f"letters: {len(truths)} ({len(tests)} test, {len(examples)} examples); "
        f"layouts: {len(kinds)}; digest {digest[:16]}"
    )
    print(f"problems: {len(probs)}")
    return 0 if not probs else 1


if __name__ == "__main__":
    raise SystemExit(main())
