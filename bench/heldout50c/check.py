"""Self-check of a materialised set: `python -m bench.heldout50c.check OUT`.

Every truth value a clerk records is looked for on the pages (its printed form), the PDF's
text layer is compared with the transcription, faxes open with PyMuPDF, are G4 at 204x98 dpi
and 1728 px wide.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pymupdf
from PIL import Image

from . import letters


def _norm(s: str) -> str:
    return " ".join(s.split())


def check_letter(letter: letters.Letter, folder: Path) -> list[str]:
    problems: list[str] = []
    truth = json.loads((folder / "truth.json").read_text(encoding="utf-8"))
    facts = truth["facts"]
    for cond, data in truth["conditions"].items():
        text = _norm("\n".join(p["text"] for p in data["pages"]))
        for s in [*letter.built.must, facts["patient"]["as_written"]]:
            if _norm(s) not in text:
                problems.append(f"{cond}: {s!r} not on the pages")
        if facts["title"] and _norm(facts["title"]).lower() not in text.lower():
            problems.append(f"{cond}: title {facts['title']!r} not on the pages")
        if facts["sender"] and not any(
            _norm(x) in text for x in [facts["sender"], *facts["sender_alternatives"]]
        ):
            problems.append(f"{cond}: sender {facts['sender']!r} not on the pages")
        if facts["patient_id"] and facts["patient_id"] not in text:
            problems.append(f"{cond}: patient id not on the pages")
        for page in data["pages"]:
            path = folder / page["file"]
            if not path.exists():
                problems.append(f"missing {page['file']}")
    if "pdf" in truth["conditions"]:
        with pymupdf.open(folder / "pdf/letter.pdf") as pdf:
            for page in truth["conditions"]["pdf"]["pages"]:
                layer = set(pdf[page["pdf_page"] - 1].get_text().split())
                words = set(page["text"].split())
                missing = words - layer
                if len(missing) > 0.15 * len(words) + 3:  # logos and stamps are pixels only
                    problems.append(f"pdf {page['page']}: text layer lacks {sorted(missing)[:8]}")
    for page in truth["conditions"]["fax"]["pages"]:
        path = folder / page["file"]
        with Image.open(path) as im:
            if im.info.get("compression") != "group4" or im.width != 1728 or im.mode != "1":
                problems.append(
                    f"{page['file']}: {im.info.get('compression')} {im.width} {im.mode}"
                )
            dpi = im.info.get("dpi", (0, 0))
            if round(dpi[0]) != 204 or round(dpi[1]) != 98:
                problems.append(f"{page['file']}: dpi {dpi}")
        with pymupdf.open(path) as doc:
            if doc.page_count != 1:
                problems.append(f"{page['file']}: PyMuPDF sees {doc.page_count} pages")
    return problems


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    bad = 0
    for name in ("examples", "test"):
        for letter in letters.split(name):
            folder = out / name / letter.id
            if not folder.exists():
                continue
            for p in check_letter(letter, folder):
                bad += 1
                print(letter.id, letter.layout, p)
    print("problems:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
