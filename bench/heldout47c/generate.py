# SPDX-License-Identifier: AGPL-3.0-or-later
"""Generates the heldout47c set: clinic letters, handwritten notes and mixed pages as 300 dpi
scans (PDF),
150 dpi scans (JPEG/PNG/TIFF) and 204 x 98 dpi faxes, with the exact truth of every line.

    python bench/heldout47c/generate.py --out DIR [--seed N]
    python bench/heldout47c/generate.py --check DIR
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageDraw, ImageFilter

sys.path.insert(0, str(Path(__file__).resolve().parent))

from letters import KINDS, PLAN, Built
from notes import MIXED, NOTES, mixed, note
from pdfwrite import ImagePage, bilevel_page, write_pdf
from render import FONTS, PAGE_H, PAGE_W, PT, Page, font, marks_overlay, paint

VARIANTS = {"scan300": (300.0, 300.0), "scan150": (150.0, 150.0), "fax": (204.0, 98.0)}
TURNED_COUNT = 16


def build_documents(seed: int) -> list[tuple[str, str, Built]]:
    """(doc id, kind, built document) for every document, each from its own seeded generator."""
    docs = []
    for i, (kind, country) in enumerate(PLAN):
        doc = f"L{i + 1:02d}"
        docs.append((doc, "letter", KINDS[kind](random.Random(f"{seed}-{doc}"), country)))
    for i in range(len(NOTES)):
        doc = f"H{i + 1:02d}"
        docs.append((doc, "handwritten", note(random.Random(f"{seed}-{doc}"), i)))
    for i in range(len(MIXED)):
        doc = f"M{i + 1:02d}"
        docs.append((doc, "mixed", mixed(random.Random(f"{seed}-{doc}"), i)))
    return docs


# ---- geometry -----------------------------------------------------------------------------------
def transform(
    points: list[tuple[float, float]],
    scale: tuple[float, float],
    size: tuple[int, int],
    skew: float,
    turn: int,
) -> list[list[float]]:
    """Master (300 dpi) points -> stored image pixels: scale, skew (counter-clockwise about the
    centre,
    as PIL rotates), then a clockwise turn of the whole image."""
    w, h = size
    cx, cy = w / 2, h / 2
    c, s = math.cos(math.radians(skew)), math.sin(math.radians(skew))
    out = []
    for x, y in points:
        dx, dy = x * scale[0] - cx, y * scale[1] - cy
        x1, y1 = cx + dx * c + dy * s, cy - dx * s + dy * c
        if turn == 90:
            x1, y1 = h - y1, x1
        elif turn == 180:
            x1, y1 = w - x1, h - y1
        elif turn == 270:
            x1, y1 = y1, w - x1
        out.append([round(x1, 1), round(y1, 1)])
    return out


def box_quad(box: list[float], scale, size, skew, turn) -> tuple[list[float], list[list[float]]]:
    x0, y0, x1, y1 = box
    quad = transform([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], scale, size, skew, turn)
    xs, ys = [p[0] for p in quad], [p[1] for p in quad]
    return [min(xs), min(ys), max(xs), max(ys)], quad


def truth_lines(lines: list[dict], scale, size, skew, turn) -> list[dict]:
    out = []
    for line in lines:
        box, quad = box_quad(line["_box"], scale, size, skew, turn)
        item = {
            "id": line["id"],
            "text": line["text"],
            "box": box,
            "quad": quad,
            "role": line["role"],
        }
        if "_cells" in line:
            item["cells"] = [
                {"text": cell["text"], "box": box_quad(cell["_box"], scale, size, skew, turn)[0]}
                for cell in line["_cells"]
            ]
        if "language" in line:
            item["language"] = line["language"]
        out.append(item)
    return out


def truth_marks(marks: list[dict], scale, size, skew, turn) -> list[dict]:
    out = []
    for mark in marks:
        item = {k: v for k, v in mark.items() if k != "box"}
        item["box"] = box_quad(mark["box"], scale, size, skew, turn)[0]
        out.append(item)
    return out


# ---- imaging ------------------------------------------------------------------------------------
def scanned(
    master: Image.Image,
    scale: tuple[float, float],
    skew: float,
    rng: np.random.Generator,
    tone: int,
) -> Image.Image:
    """Grey scan of the master at `scale`: blur, paper tone, noise, dust, skew."""
    size = (round(PAGE_W * scale[0]), round(PAGE_H * scale[1]))
    grey = master.convert("L")
    if scale != (1.0, 1.0):
        grey = grey.resize(size, Image.BILINEAR, reducing_gap=2.0)
    grey = grey.filter(ImageFilter.GaussianBlur(0.55 if scale[0] > 0.9 else 0.35))
    values = np.asarray(grey, dtype=np.float32) * (tone / 255.0)
    values += rng.normal(0.0, 3.2, values.shape).astype(np.float32)
    for _ in range(int(rng.integers(5, 25))):
        y, x = int(rng.integers(0, size[1] - 4)), int(rng.integers(0, size[0] - 4))
        values[y : y + int(rng.integers(1, 4)), x : x + int(rng.integers(1, 4))] = 70
    image = Image.fromarray(np.clip(values, 0, 255).astype(np.uint8))
    if skew:
        image = image.rotate(skew, resample=Image.BILINEAR, fillcolor=tone)
    return image


def faxed(master: Image.Image, skew: float, header: str | None) -> tuple[Image.Image, dict | None]:
    """1-bit fax at 204 x 98 dpi; the fax machine's header line drawn into the top margin."""
    header_line = None
    if header:
        master = master.copy()
        draw = ImageDraw.Draw(master)
        draw.rectangle([0, 0, PAGE_W, 21 * PT], fill=(255, 255, 255))
        f = font("mono-b", 8)
        x0, base = 28 * PT, 16 * PT
        draw.text((x0, base), header, font=f, fill=(0, 0, 0), anchor="ls")
        ascent, descent = f.getmetrics()
        header_line = {
            "id": None,
            "text": header,
            "role": "fax_header",
            "_box": [x0, base - ascent, x0 + f.getlength(header), base + descent],
        }
    grey = master.convert("L")
    size = (round(PAGE_W * 204 / 300), round(PAGE_H * 98 / 300))
    small = grey.resize(size, Image.BOX)
    if skew:
        small = small.rotate(skew, resample=Image.BILINEAR, fillcolor=255)
    return small.point(lambda v: 255 if v > 200 else 0).convert(
        "1", dither=Image.Dither.NONE
    ), header_line


def jpeg_bytes(image: Image.Image, quality: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=quality, optimize=False)
    return buffer.getvalue()


def turned(image: Image.Image, turn: int) -> Image.Image:
    return {
        0: image,
        90: image.transpose(Image.Transpose.ROTATE_270),
        180: image.transpose(Image.Transpose.ROTATE_180),
        270: image.transpose(Image.Transpose.ROTATE_90),
    }[turn]


def source_pdf(pages: list[Page], path: Path) -> None:
    """The vector original: PyMuPDF text and shapes, the pen marks as a transparent image."""
    doc = pymupdf.open()
    for page in pages:
        pdf_page = doc.new_page(width=595.28, height=841.89)
        shape = pdf_page.new_shape()
        for order in page.draws:
            kind = order[0]
            if kind == "line":
                a = [v / PT for v in order[1]]
                shape.draw_line((a[0], a[1]), (a[2], a[3]))
                shape.finish(color=[c / 255 for c in order[3]], width=order[2] / PT)
            elif kind in ("rect", "ellipse"):
                r = pymupdf.Rect(*[v / PT for v in order[1]])
                shape.draw_rect(r) if kind == "rect" else shape.draw_oval(r)
                shape.finish(
                    color=[c / 255 for c in order[3]] if order[3] else None,
                    fill=[c / 255 for c in order[4]] if order[4] else None,
                    width=order[2] / PT,
                )
            elif kind == "polygon":
                shape.draw_polyline(
                    [(x / PT, y / PT) for x, y in order[1]]
                    + [(order[1][0][0] / PT, order[1][0][1] / PT)]
                )
                shape.finish(fill=[c / 255 for c in order[2]], color=None, closePath=True)
        shape.commit()
        for line in page.lines:
            for x0, base, text, face, size, color in line["_runs"]:
                pdf_page.insert_text(
                    (x0 / PT, base / PT),
                    text,
                    fontsize=round(size * PT) / PT,
                    fontname=face.replace("-", ""),
                    fontfile=FONTS[face],
                    color=[c / 255 for c in color],
                )
        if page.mark_layers:
            buffer = io.BytesIO()
            marks_overlay(page, 0.5).save(buffer, "PNG")
            pdf_page.insert_image(pdf_page.rect, stream=buffer.getvalue())
    doc.set_metadata({})
    doc.save(path, garbage=3, deflate=True, no_new_id=True)


# ---- one document, all variants -----------------------------------------------------------------
def fax_header(doc_index: int, page: int, pages: int) -> str | None:
    if doc_index % 3 == 2:
        return None
    senders = [
        "+49 711 123459",
        "+43 1 4052218",
        "+41 44 7332109",
        "+44 117 4960732",
        "+1 415 555 0188",
        "+353 1 6234411",
    ]
    return (
        f"12-MAR-2025 09:{14 + doc_index:02d}  FROM {senders[doc_index % len(senders)]}"
        f"  TO 0711 9988 770  P.{page:03d}/{pages:03d}"
    )


def write_document(
    out: Path, index: int, doc: str, kind: str, built: Built, turns: dict, seed: int
) -> tuple[list, dict]:
    rng = np.random.default_rng([seed, index])
    pyr = random.Random(f"{seed}-{doc}-variants")
    masters = [paint(page) for page in built.pages]
    source_pdf(built.pages, out / "source_pdf" / f"{doc}.pdf")
    n = len(masters)
    records = []
    files = {}
    # 300 dpi grey scans, one JPEG per page in a PDF
    pdf_pages, images150 = [], []
    for p, master in enumerate(masters):
        for variant in ("scan300", "scan150"):
            dpi = VARIANTS[variant]
            scale = (dpi[0] / 300, dpi[1] / 300)
            skew = round(pyr.uniform(-1.0, 1.0), 2)
            tone = pyr.randint(232, 250)
            image = scanned(master, scale, skew, rng, tone)
            turn = turns.get((doc, p + 1, variant), 0)
            size = image.size
            image = turned(image, turn)
            if variant == "scan300":
                pdf_pages.append(
                    ImagePage(image.width, image.height, dpi, jpeg_bytes(image, 72), "DCTDecode", 8)
                )
            else:
                images150.append(image)
            records.append(
                page_record(
                    built,
                    doc,
                    kind,
                    variant,
                    p,
                    n,
                    image.size,
                    dpi,
                    turn,
                    skew,
                    truth_lines(built.pages[p].lines, scale, size, skew, turn),
                    truth_marks(built.pages[p].marks, scale, size, skew, turn),
                )
            )
    files["scan300"] = f"scan300/{doc}.pdf"
    (out / files["scan300"]).write_bytes(write_pdf(pdf_pages))
    if n == 1:
        ext = "png" if index % 3 == 1 else "jpg"
        files["scan150"] = f"scan150/{doc}.{ext}"
        if ext == "png":
            images150[0].save(out / files["scan150"], "PNG", dpi=(150, 150))
        else:
            images150[0].save(out / files["scan150"], "JPEG", quality=78, dpi=(150, 150))
    else:
        files["scan150"] = f"scan150/{doc}.tif"
        images150[0].save(
            out / files["scan150"],
            "TIFF",
            compression="tiff_adobe_deflate",
            save_all=True,
            append_images=images150[1:],
            dpi=(150, 150),
        )
    records += write_fax(out, index, doc, kind, built, masters, pyr, files)
    for record in records:
        record["file"] = files[record["variant"]]
    return records, files


def write_fax(
    out: Path,
    index: int,
    doc: str,
    kind: str,
    built: Built,
    masters: list,
    pyr: random.Random,
    files: dict,
) -> list:
    records, faxes = [], []
    dpi = VARIANTS["fax"]
    scale = (dpi[0] / 300, dpi[1] / 300)
    n = len(masters)
    for p, master in enumerate(masters):
        skew = round(pyr.uniform(-1.0, 1.0), 2) if pyr.random() < 0.5 else 0.0
        header = fax_header(index, p + 1, n) if kind == "letter" or index % 2 == 0 else None
        image, header_line = faxed(master, skew, header)
        faxes.append(image)
        lines = list(built.pages[p].lines)
        if header_line:
            header_line["id"] = f"p{p + 1}-fax"
            lines = [header_line, *lines]
        records.append(
            page_record(
                built,
                doc,
                kind,
                "fax",
                p,
                n,
                image.size,
                dpi,
                0,
                skew,
                truth_lines(lines, scale, image.size, skew, 0),
                truth_marks(built.pages[p].marks, scale, image.size, skew, 0),
            )
        )
    if index % 2 == 0:
        files["fax"] = f"fax/{doc}.tif"
        faxes[0].save(
            out / files["fax"],
            "TIFF",
            compression="group4",
            save_all=True,
            append_images=faxes[1:],
            dpi=dpi,
        )
    else:
        files["fax"] = f"fax/{doc}.pdf"
        (out / files["fax"]).write_bytes(write_pdf([bilevel_page(f, dpi) for f in faxes]))
    return records


def page_record(
    built: Built,
    doc: str,
    kind: str,
    variant: str,
    p: int,
    n: int,
    size,
    dpi,
    turn: int,
    skew: float,
    lines: list,
    marks: list,
) -> dict:
    scripts = ["Latin"]
    return {
        "file": None,
        "page": p + 1,
        "pages_in_file": n,
        "variant": variant,
        "doc": doc,
        "doc_type": built.doc_type,
        "kind": kind,
        "language": built.language,
        "scripts": scripts,
        "image_size": list(size),
        "dpi": [dpi[0], dpi[1]],
        "turned_degrees": turn,
        "skew_degrees": skew,
        "lines": lines,
        "marks": marks,
        "search_terms": built.terms,
    }


def checked_terms(doc: str, built: Built) -> list[str]:
    """Keeps only the terms that occur verbatim in one printed line of the document."""
    texts = [line["text"] for page in built.pages for line in page.lines]
    kept = [t for t in built.terms if any(t in text for text in texts)]
    dropped = [t for t in built.terms if t not in kept]
    if dropped:
        print(f"{doc}: search terms not printed, dropped: {dropped}", file=sys.stderr)
    return list(dict.fromkeys(kept))


def choose_turns(docs: list, seed: int) -> dict:
    """TURNED_COUNT scan page variants of letters, turned 90/180/270 in turn; notes and mixed
    pages stay upright."""
    rng = random.Random(f"{seed}-turns")
    candidates = [
        (doc, p + 1, variant)
        for doc, kind, built in docs
        if kind == "letter"
        for p in range(len(built.pages))
        for variant in ("scan300", "scan150")
    ]
    chosen = rng.sample(candidates, TURNED_COUNT)
    return {key: (90, 180, 270)[i % 3] for i, key in enumerate(sorted(chosen))}


# ---- lost lines and clean pages -----------------------------------------------------------------
REMOVABLE = {
    "body",
    "list_item",
    "subject",
    "address",
    "info",
    "heading",
    "form_value",
    "closing",
    "letterhead",
    "footer",
    "signature_name",
}


def removal(record: dict, how: str, rng: random.Random) -> list[dict] | None:
    """A printed line, a table row or three consecutive body lines of one column, each text printed
    only once on the page (else its loss could not be seen in a transcription)."""
    counts = Counter(ln["text"] for ln in record["lines"])
    lines = [ln for ln in record["lines"] if counts[ln["text"]] == 1]
    if how == "line":
        options = [[ln] for ln in lines if ln["role"] in REMOVABLE and len(ln["text"]) >= 6]
    elif how == "row":
        options = [[ln] for ln in lines if ln["role"] == "table_row"]
    else:
        options = []
        for i in range(len(lines) - 2):
            three = lines[i : i + 3]
            same_column = (
                len({round(ln["box"][0] / 4) for ln in three}) == 1
                if record["turned_degrees"] in (0, 180)
                else len({round(ln["box"][1] / 4) for ln in three}) == 1
            )
            if all(ln["role"] == "body" for ln in three) and same_column:
                options.append(three)
    return rng.choice(options) if options else None


def choose_lost_and_clean(records: list[dict], seed: int) -> tuple[list[dict], list[dict]]:
    rng = random.Random(f"{seed}-lost")
    order = sorted(records, key=lambda r: (r["doc"], r["page"], r["variant"]))
    rng.shuffle(order)
    clean, used = [], set()
    for record in order:
        types = sorted({m["type"] for m in record["marks"]})
        if (
            {"signature", "stamp"} & set(types)
            and record["kind"] != "handwritten"
            and len(clean) < 56
        ):
            clean.append(
                {
                    "file": record["file"],
                    "doc": record["doc"],
                    "page": record["page"],
                    "variant": record["variant"],
                    "marks": types,
                }
            )
            used.add((record["file"], record["page"]))
    lost = []
    hows = ["line", "row", "block3"]
    pending = [
        r for r in order if (r["file"], r["page"]) not in used and r["kind"] != "handwritten"
    ]
    for turn in range(200):
        how = hows[turn % 3]
        for record in pending:
            key = (record["file"], record["page"])
            chosen = removal(record, how, rng) if key not in used else None
            if chosen:
                used.add(key)
                lost.append(
                    {
                        "file": record["file"],
                        "doc": record["doc"],
                        "page": record["page"],
                        "variant": record["variant"],
                        "remove": how,
                        "line_ids": [ln["id"] for ln in chosen],
                        "texts": [ln["text"] for ln in chosen],
                    }
                )
                break
        if len(lost) == 40:
            break
    return lost, clean


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path)
    parser.add_argument("--seed", type=int, default=4747)
    parser.add_argument("--check", type=Path, help="check an output folder instead of generating")
    args = parser.parse_args()
    if args.check:
        from check import check

        problems = check(args.check)
        print("\n".join(problems) if problems else "check: no problem")
        raise SystemExit(1 if problems else 0)
    out = args.out or Path(tempfile.mkdtemp(prefix="heldout47c-"))
    generate(out, args.seed)
    print(out)


def generate(out: Path, seed: int) -> None:
    started = time.process_time()
    wall = time.time()
    for folder in ("source_pdf", "scan300", "scan150", "fax", "damaged"):
        (out / folder).mkdir(parents=True, exist_ok=True)
    docs = build_documents(seed)
    for doc, _kind, built in docs:
        built.terms = checked_terms(doc, built)
    turns = choose_turns(docs, seed)
    records, documents, kept = [], [], {}
    from damage import damage_sources, write_damaged

    wanted = damage_sources(docs, turns)
    for index, (doc, kind, built) in enumerate(docs):
        doc_records, files = write_document(out, index, doc, kind, built, turns, seed)
        records += doc_records
        if doc in wanted:
            kept[doc] = (built, doc_records, out / files["scan150"], out / files["fax"])
        documents.append(
            {
                "doc": doc,
                "kind": kind,
                "doc_type": built.doc_type,
                "language": built.language,
                "scripts": ["Latin"],
                "pages": len(built.pages),
                "patient": built.patient,
                "files": files,
                "source_pdf": f"source_pdf/{doc}.pdf",
                "search_terms": built.terms,
            }
        )
    lost, clean = choose_lost_and_clean(records, seed)
    damaged = write_damaged(out / "damaged", kept, wanted)
    write_jsonl(out / "truth.jsonl", records)
    write_jsonl(out / "documents.jsonl", documents)
    write_jsonl(out / "lost_lines.jsonl", lost)
    write_jsonl(out / "clean_pages.jsonl", clean)
    write_jsonl(out / "damaged" / "damaged.jsonl", damaged)
    summary = {
        "seed": seed,
        "documents": len(docs),
        "letters": sum(k == "letter" for _, k, _ in docs),
        "handwritten": sum(k == "handwritten" for _, k, _ in docs),
        "mixed": sum(k == "mixed" for _, k, _ in docs),
        "pages": sum(len(b.pages) for _, _, b in docs),
        "page_variants": len(records),
        "turned_page_variants": sum(r["turned_degrees"] != 0 for r in records),
        "lost_lines": len(lost),
        "clean_pages": len(clean),
        "damaged_files": len(damaged),
        "seconds": round(time.process_time() - started, 1),
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"cpu {summary['seconds']} s, wall {time.time() - wall:.0f} s", file=sys.stderr)


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text(
        "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8"
    )


if __name__ == "__main__":
    main()
