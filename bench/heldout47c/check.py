# SPDX-License-Identifier: AGPL-3.0-or-later
"""Self-check of a generated heldout47c folder: the truth against the stored images and files.

    python bench/heldout47c/check.py DIR        (or generate.py --check DIR)

Checks: every file named exists and decodes to the stated size and resolution; faxes are 1-bit at
204 x 98 dpi; every truth line's box and every cell box lies inside the image and on ink; lines are
not all ink (a box over a black blot would pass otherwise); search terms are printed verbatim;
lost_lines and clean_pages name existing page variants and line ids, do not overlap, and clean pages
carry a signature or stamp; handwritten pages are upright; damaged files fail to decode as stated
and
controls decode exactly like the intact page."""

from __future__ import annotations

import io
import json
import sys
import warnings
from collections import Counter
from pathlib import Path

import numpy as np
import pymupdf
from PIL import Image, ImageFile

INK_LEVEL = 150  # grey below this is ink


def read_jsonl(path: Path) -> list[dict]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def page_image(root: Path, record: dict, cache: dict) -> Image.Image:
    """The stored page image: the embedded image of a PDF page, or the TIFF frame, or the
    JPEG/PNG."""
    path = root / record["file"]
    key = (record["file"], record["page"])
    if key in cache:
        return cache[key]
    if path.suffix == ".pdf":
        with pymupdf.open(path) as doc:
            images = doc[record["page"] - 1].get_images(full=True)
            data = doc.extract_image(images[0][0])
            if data["ext"] in ("jpeg", "jpg", "png", "tiff"):
                image = Image.open(io.BytesIO(data["image"]))
                image.load()
            else:
                pix = pymupdf.Pixmap(doc, images[0][0])
                image = Image.frombytes("L", (pix.width, pix.height), pix.samples)
            image.info["bpc"] = images[0][4]
    else:
        image = Image.open(path)
        image.seek(record["page"] - 1)
        image.load()
        image = image.copy() if image.mode == "1" else image.convert("L")
        if path.suffix == ".tif":
            image.info["dpi_tag"] = Image.open(path).info.get("dpi")
    cache.clear()
    cache[key] = image
    return image


def ink_problems(record: dict, image: Image.Image) -> list[str]:
    grey = np.asarray(image.convert("L"))
    h, w = grey.shape
    problems = []
    where = f"{record['file']} p{record['page']} ({record['variant']})"
    for line in record["lines"]:
        boxes = [("line", line["box"])] + [("cell", c["box"]) for c in line.get("cells", [])]
        for what, (x0, y0, x1, y1) in boxes:
            if x0 < -1 or y0 < -1 or x1 > w + 1 or y1 > h + 1:
                problems.append(f"{where}: {line['id']} {what} box {line['box']} outside {w}x{h}")
                continue
            crop = grey[max(0, int(y0)) : int(np.ceil(y1)), max(0, int(x0)) : int(np.ceil(x1))]
            share = float((crop < INK_LEVEL).mean()) if crop.size else 0.0
            if share < 0.01 or share > 0.9:
                problems.append(
                    f"{where}: {line['id']} {what} {line['text'][:30]!r} ink share {share:.3f}"
                )
    return problems


def check_records(root: Path, truth: list[dict]) -> list[str]:
    problems, cache = [], {}
    for record in sorted(truth, key=lambda r: (r["file"], r["page"])):
        image = page_image(root, record, cache)
        where = f"{record['file']} p{record['page']}"
        if list(image.size) != record["image_size"]:
            problems.append(f"{where}: image {image.size} but truth says {record['image_size']}")
        if record["variant"] == "fax":
            if image.mode != "1" and image.info.get("bpc") != 1:
                problems.append(f"{where}: fax page is not 1-bit ({image.mode})")
            if record["file"].endswith(".tif") and tuple(
                round(v) for v in image.info.get("dpi", (0, 0))
            ) != (204, 98):
                problems.append(f"{where}: fax TIFF dpi {image.info.get('dpi')} is not 204 x 98")
            if record["dpi"] != [204.0, 98.0]:
                problems.append(f"{where}: fax dpi in truth {record['dpi']}")
        if record["kind"] in ("handwritten", "mixed") and record["turned_degrees"]:
            problems.append(f"{where}: a handwritten page is turned")
        problems += ink_problems(record, image)
    return problems


def check_pdf_sizes(root: Path, truth: list[dict]) -> list[str]:
    """A PDF page's size in points follows its image and dpi, so it renders at the stated
    resolution."""
    problems = []
    for record in truth:
        if not record["file"].endswith(".pdf"):
            continue
        with pymupdf.open(root / record["file"]) as doc:
            rect = doc[record["page"] - 1].rect
        w = record["image_size"][0] * 72 / record["dpi"][0]
        h = record["image_size"][1] * 72 / record["dpi"][1]
        if abs(rect.width - w) > 0.5 or abs(rect.height - h) > 0.5:
            problems.append(
                f"{record['file']} p{record['page']}: page {rect} "
                f"but image/dpi give {w:.1f}x{h:.1f}"
            )
    return problems


def check_lists(root: Path, truth: list[dict], documents: list[dict]) -> list[str]:
    problems = []
    index = {(r["file"], r["page"]): r for r in truth}
    lost = read_jsonl(root / "lost_lines.jsonl")
    clean = read_jsonl(root / "clean_pages.jsonl")
    if len(lost) != 40:
        problems.append(f"lost_lines has {len(lost)} entries, not 40")
    if len(clean) < 50:
        problems.append(f"clean_pages has {len(clean)} entries, fewer than 50")
    keys_lost = Counter((e["file"], e["page"]) for e in lost)
    keys_clean = Counter((e["file"], e["page"]) for e in clean)
    for key, n in (keys_lost + keys_clean).items():
        if n > 1:
            problems.append(f"{key} is listed {n} times in lost_lines/clean_pages")
    for entry in lost:
        record = index.get((entry["file"], entry["page"]))
        if record is None:
            problems.append(f"lost_lines: no page variant {entry['file']} p{entry['page']}")
            continue
        by_id = {ln["id"]: ln for ln in record["lines"]}
        texts = [by_id[i]["text"] if i in by_id else None for i in entry["line_ids"]]
        if texts != entry["texts"]:
            problems.append(
                f"lost_lines: {entry['file']} p{entry['page']} ids/texts disagree with truth"
            )
        expected = {"line": 1, "row": 1, "block3": 3}[entry["remove"]]
        if len(entry["line_ids"]) != expected:
            problems.append(
                f"lost_lines: {entry['file']} {entry['remove']} with {len(entry['line_ids'])} ids"
            )
        if entry["remove"] == "row" and any(
            by_id[i]["role"] != "table_row" for i in entry["line_ids"] if i in by_id
        ):
            problems.append(f"lost_lines: {entry['file']} row that is not a table row")
        others = [ln["text"] for ln in record["lines"] if ln["id"] not in entry["line_ids"]]
        for text in entry["texts"]:
            if text in others:
                problems.append(
                    f"lost_lines: {entry['file']} p{entry['page']} {text!r} also printed elsewhere"
                )
    for entry in clean:
        record = index.get((entry["file"], entry["page"]))
        if record is None:
            problems.append(f"clean_pages: no page variant {entry['file']} p{entry['page']}")
        elif not {"signature", "stamp"} & {m["type"] for m in record["marks"]}:
            problems.append(
                f"clean_pages: {entry['file']} p{entry['page']} has no signature or stamp"
            )
    for doc in documents:
        texts = [
            ln["text"]
            for r in truth
            if r["doc"] == doc["doc"] and r["variant"] == "scan300"
            for ln in r["lines"]
        ]
        for term in doc["search_terms"]:
            if not any(term in t for t in texts):
                problems.append(f"{doc['doc']}: search term {term!r} is not printed")
        if doc["kind"] == "letter" and len(doc["search_terms"]) < 6:
            problems.append(f"{doc['doc']}: only {len(doc['search_terms'])} search terms")
        for variant, name in doc["files"].items():
            if not (root / name).is_file():
                problems.append(f"{doc['doc']}: {variant} file {name} missing")
    turned = [r for r in truth if r["turned_degrees"]]
    if not turned or any(r["variant"] == "fax" for r in turned):
        problems.append("turned pages: none, or a fax page is turned")
    if not any(r["kind"] == "handwritten" and not r["turned_degrees"] for r in truth):
        problems.append("no upright handwritten page")
    return problems


def decodes_with_pillow(path: Path) -> str | None:
    """None when Pillow decodes every frame, else the error text."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a cut TIFF's "Corrupt EXIF data": the error says it
            with Image.open(path) as image:
                image.load()
        return None
    except Exception as error:
        return f"{type(error).__name__}: {error}"


def render_with_mupdf(path: Path, page: int) -> tuple[np.ndarray, str]:
    pymupdf.TOOLS.reset_mupdf_warnings()
    with pymupdf.open(path) as doc:
        pix = doc[page].get_pixmap(
            matrix=pymupdf.Matrix(150 / 72, 150 / 72), colorspace=pymupdf.csGRAY
        )
        array = np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width).copy()
    return array, pymupdf.TOOLS.mupdf_warnings()


def check_damaged(root: Path) -> list[str]:
    folder = root / "damaged"
    problems = []
    entries = read_jsonl(folder / "damaged.jsonl")
    reference, _ = render_with_mupdf(folder / "intact.pdf", 0)
    for entry in entries:
        path = folder / entry["file"]
        name = entry["file"]
        if path.suffix in (".jpg", ".tif", ".png"):
            error = decodes_with_pillow(path)
            if entry["expect_flag"] and error is None:
                problems.append(f"damaged/{name}: Pillow decodes it without complaint")
            if not entry["expect_flag"] and error:
                problems.append(f"damaged/{name}: control fails to decode: {error}")
            problems += _lost_rows_again(folder, entry)
            continue
        page = 1 if name.startswith("two_pages") else 0
        rendered, warnings = render_with_mupdf(path, page)
        if not entry["expect_flag"]:
            if page == 0 and not np.array_equal(rendered, reference):
                problems.append(f"damaged/{name}: control renders unlike intact.pdf")
            continue
        if page == 0 and np.array_equal(rendered, reference):
            problems.append(f"damaged/{name}: renders exactly like intact.pdf")
        row = entry.get("first_lost_row", 0)
        if row == 0 and (rendered < 200).mean() > 0.001:
            problems.append(f"damaged/{name}: should render blank but has ink")
        if not warnings:
            problems.append(f"damaged/{name}: MuPDF gave no warning")
        if page == 0 and row and _first_differing_row(reference, rendered) != row:
            problems.append(f"damaged/{name}: first lost row is not {row} when rendered again")
        if page == 1:
            first, _ = render_with_mupdf(path, 0)
            if (first < INK_LEVEL).mean() < 0.005:
                problems.append(f"damaged/{name}: page 1 should be intact")
    return problems


def _first_differing_row(full: np.ndarray, damaged: np.ndarray) -> int:
    difference = np.abs(full.astype(np.int16) - damaged.astype(np.int16)).mean(axis=1)
    rows = np.nonzero(difference > 6)[0]
    return int(rows[0]) if len(rows) else full.shape[0]


def _lost_rows_again(folder: Path, entry: dict) -> list[str]:
    """Decodes a cut JPEG or PNG again, as far as it goes, and compares the first lost row."""
    intact = {".jpg": "intact.jpg", ".png": "intact.tif"}.get(Path(entry["file"]).suffix)
    if not intact or "first_lost_row" not in entry:
        return []
    ImageFile.LOAD_TRUNCATED_IMAGES = True
    try:
        with Image.open(folder / entry["file"]) as cut, Image.open(folder / intact) as whole:
            row = _first_differing_row(np.asarray(whole.convert("L")), np.asarray(cut.convert("L")))
    finally:
        ImageFile.LOAD_TRUNCATED_IMAGES = False
    if row != entry["first_lost_row"]:
        return [f"damaged/{entry['file']}: first lost row {row}, not {entry['first_lost_row']}"]
    return []


def _plain(text: str) -> str:
    """MuPDF reads some fonts' space, middle dot, hyphen, semicolon as U+00A0, U+2219, U+00AD,
    U+037E (shared glyphs)."""
    return (
        text.replace("\xa0", " ")
        .replace("\u2219", "\u00b7")
        .replace("\xad", "-")
        .replace("\u037e", ";")
        .strip()
    )


def _offset(bbox: list[float], box: list[float], scale, size, record: dict) -> float:
    """How far (pixels) the source PDF's text box, carried into the stored image, lies beyond the
    tolerance from the truth box: across the text 0.45 x its height + 2 px, along the text that plus
    1 % of its length (Pillow's and MuPDF's advance widths differ that much)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from generate import box_quad

    predicted = box_quad(
        [v * 300 / 72 for v in bbox], scale, size, record["skew_degrees"], record["turned_degrees"]
    )[0]
    dx = max(abs(predicted[0] - box[0]), abs(predicted[2] - box[2]))
    dy = max(abs(predicted[1] - box[1]), abs(predicted[3] - box[3]))
    width, height = box[2] - box[0], box[3] - box[1]
    if record["turned_degrees"] in (90, 270):
        dx, dy, width, height = dy, dx, height, width
    across = 0.45 * height + 2
    return max(dx - across - 0.01 * width, dy - across, 0.0)


def check_against_source(root: Path, truth: list[dict]) -> list[str]:
    """The truth boxes of every variant against MuPDF's own text boxes in the vector source PDF,
    carried through the same scale, skew and turn: an independent check of the geometry."""
    problems = []
    for record in truth:
        scale = (record["dpi"][0] / 300, record["dpi"][1] / 300)
        with pymupdf.open(root / "source_pdf" / f"{record['doc']}.pdf") as doc:
            spans = [
                span
                for block in doc[record["page"] - 1].get_text("dict")["blocks"]
                for line in block.get("lines", [])
                for span in line["spans"]
            ]
        w, h = record["image_size"]
        size = (h, w) if record["turned_degrees"] in (90, 270) else (w, h)
        for line in record["lines"]:
            if line["role"] == "fax_header":  # printed by the fax machine, not in the source
                continue
            parts = line.get("cells") or [{"text": line["text"], "box": line["box"]}]
            for part in parts:
                found = [s for s in spans if _plain(s["text"]) == part["text"]]
                if not found:
                    problems.append(
                        f"{record['file']} p{record['page']}: {part['text'][:30]!r} "
                        "not in the source PDF"
                    )
                    continue
                off = min(_offset(s["bbox"], part["box"], scale, size, record) for s in found)
                if off > 0:
                    problems.append(
                        f"{record['file']} p{record['page']}: {part['text'][:30]!r} box off by "
                        f"{off:.1f} px beyond tolerance from the source PDF's"
                    )
    return problems


def check(root: Path) -> list[str]:
    truth = read_jsonl(root / "truth.jsonl")
    documents = read_jsonl(root / "documents.jsonl")
    problems = check_records(root, truth)
    problems += check_pdf_sizes(root, truth)
    problems += check_against_source(root, truth)
    problems += check_lists(root, truth, documents)
    problems += check_damaged(root)
    summary = json.loads((root / "summary.json").read_text())
    if summary["page_variants"] != len(truth):
        problems.append("summary.json page_variants disagrees with truth.jsonl")
    return problems


if __name__ == "__main__":
    found = check(Path(sys.argv[1]))
    print("\n".join(found) if found else "check: no problem")
    raise SystemExit(1 if found else 0)
