"""The archive copy (the searchable PDF/A) on the real fixtures and on generated letters: is
every file a PDF/A that pikepdf's check passes, does its text layer hold the page's words, in
place, how much larger than the original is it, and how long does it take beside the
searchable PDF docvault made before (issue 51)?

    python -m bench.searchable_pdf_bench [--fixtures tests/fixtures] [--only NAME ...]
        [--letters N] [--before COMMIT] [--results FILE]

Every fixture that docvault reads (tests/fixtures/MANIFEST.tsv: opens with PyMuPDF, not
corrupt, not a text document, no password) is rendered as the worker renders it (upright)
and read by the CPU engine (docvault.ocr.rapid.RapidEngine; without the coverage check's
re-read). `--letters N` adds N generated one-page clinic letters (bench/letters.py, family
"test"), alternately a scan (a JPEG) and a fax (a G4 TIFF), read the same way. Then:

    before  the searchable PDF of docvault as it was at COMMIT (its docvault/searchable.py,
            loaded from git), with the CPU engine's reading: time and size, side by side
    cpu     the archive copy (docvault.pdfa.build) of the CPU engine's reading with its boxes
    vision  the archive copy of a vision model's Markdown without boxes, laid over the ink
            lines: for a fixture the CPU reading as Markdown, for a generated letter the
            Markdown the engine simulator (devtools/engine_sim.py) answers for its page image

pdf/a     the files (cpu and vision) that pass the PDF/A check (pdfa.check: pikepdf's level
          B check, and the Unicode font rule for a file that declares 2u); in brackets
          how many of them are PDF/A-2u (the rest 2b)
recall    the share of the reading's words (whitespace tokens, as written) found among the
          words PyMuPDF extracts from the file's text layer (a multiset: each word once)
in place  the share of the reading's lines whose first word is extracted inside the line's
          box (image pixels scaled to the page): where a viewer's selection lands
size      the archive copy (cpu) against the original file, in bytes
s/page    building time per page, before and now (cpu), in this process on this machine

A page docvault trusts the text layer of (a born-digital PDF) is kept as it is: its words
are the PDF's own, and "in place" counts them too.
"""

from __future__ import annotations

import argparse
import base64
import csv
import importlib.util
import io
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import httpx
import pymupdf

from bench.letters import Letter, letters, page_image
from devtools.engine_sim import EngineSimulator, SimulatorConfig
from docvault import pdfa, render
from docvault.copies import PageText
from docvault.ocr.rapid import RapidEngine
from docvault.render import RenderOptions
from docvault.textutil import strip_markup

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
REPOSITORY = Path(__file__).resolve().parents[1]
SKIPPED_CATEGORIES = {"corrupt", "zero_byte", "non_document", "encrypted"}
OPTIONS = RenderOptions()
# The last commit before the archive copy (issue 51): the searchable PDF as it was.
BEFORE_COMMIT = "bcc911d"
LETTER_PIXELS = 1754  # a page's long side, as a 150 dpi A4 scan


@dataclass
class Result:
    name: str
    pages: int = 0
    words: int = 0
    cpu_found: int = 0
    vision_words: int = 0
    vision_found: int = 0
    lines: int = 0
    cpu_in_place: int = 0
    original_bytes: int = 0
    before_bytes: int = 0
    pdf_bytes: int = 0
    pdfa_files: int = 0  # of `files` (cpu and vision)
    unicode_files: int = 0  # of `pdfa_files`: PDF/A-2u (the others 2b)
    files: int = 0
    before_seconds: float = 0.0
    build_seconds: float = 0.0


def fixtures(folder: Path, only: list[str]) -> list[Path]:
    with (folder / "MANIFEST.tsv").open(newline="") as manifest:
        rows = list(csv.DictReader(manifest, delimiter="\t"))
    chosen = [
        folder / row["file"]
        for row in rows
        if row["opens_with_pymupdf"] == "yes"
        and row["category"] not in SKIPPED_CATEGORIES
        and row["pages"] not in ("0", "n/a")
    ]
    return [path for path in chosen if not only or path.name in only]


def read(engine: RapidEngine, path: Path, pages: int) -> list[PageText]:
    return [read_page(engine, path, number) for number in range(1, pages + 1)]


def read_page(engine: RapidEngine, path: Path, number: int) -> PageText:
    """The page as the worker reads it: rendered upright, read by the CPU engine."""
    rendered = render.render_page(path, number, OPTIONS)
    reply = engine.read(rendered.image)
    return PageText(
        number=number,
        text=reply.text,
        text_format="plain",
        lines=tuple((line.box, line.text) for line in reply.lines),
        rotation=rendered.rotation,
        image_size=(rendered.image.width, rendered.image.height),
    )


def as_markdown(page: PageText) -> PageText:
    """The reading as a vision model would give it: Markdown, no boxes."""
    markdown = "\n\n".join(text for _, text in page.lines or ())
    return PageText(page.number, markdown, "markdown", None, page.rotation, None)


def shown_words(page: pymupdf.Page) -> list[tuple[pymupdf.Rect, str]]:
    turn = page.rotation_matrix
    return [(pymupdf.Rect(word[:4]) * turn, word[4]) for word in page.get_text("words")]


def found_words(document: pymupdf.Document, texts: list[PageText]) -> int:
    """The transcription's words found in the text layer, page by page."""
    found = 0
    for page_text in texts:
        extracted = Counter(word for _, word in shown_words(document[page_text.number - 1]))
        plain = (
            strip_markup(page_text.text) if page_text.text_format == "markdown" else page_text.text
        )
        for word, count in Counter(plain.split()).items():
            found += min(count, extracted[word])
    return found


def in_place(document: pymupdf.Document, texts: list[PageText]) -> int:
    """The lines whose first word lies inside the line's box, over every page."""
    placed = 0
    for page_text in texts:
        page = document[page_text.number - 1]
        words = shown_words(page)
        assert page_text.image_size is not None
        width, height = page_text.image_size
        across, down = page.rect.width / width, page.rect.height / height
        for (left, top, right, bottom), text in page_text.lines or ():
            if not text.split():
                continue
            where = pymupdf.Rect(left * across, top * down, right * across, bottom * down)
            first = text.split()[0]
            if any(first in word and where.intersects(rect) for rect, word in words):
                placed += 1
    return placed


def builder_before(commit: str) -> Callable[[Path, RenderOptions, list[PageText]], bytes]:
    """`docvault.searchable.build` as it was at `commit`, loaded from git beside today's."""
    source = subprocess.run(
        ["git", "show", f"{commit}:docvault/searchable.py"],
        cwd=REPOSITORY, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    folder = Path(tempfile.mkdtemp(prefix="searchable-before-"))
    (folder / "searchable_before.py").write_text(source)
    spec = importlib.util.spec_from_file_location(
        "searchable_before", folder / "searchable_before.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    built: Callable[[Path, RenderOptions, list[PageText]], bytes] = module.build
    return built


def measure(
    before: Callable[[Path, RenderOptions, list[PageText]], bytes],
    path: Path,
    texts: list[PageText],
    vision: list[PageText],
) -> Result:
    result = Result(path.name, pages=len(texts), original_bytes=path.stat().st_size)
    result.words = sum(len(page.text.split()) for page in texts)
    result.vision_words = sum(len(strip_markup(page.text).split()) for page in vision)
    result.lines = sum(1 for page in texts for _, text in page.lines or () if text.split())
    started = time.perf_counter()
    result.before_bytes = len(before(path, OPTIONS, texts))
    result.before_seconds = time.perf_counter() - started
    started = time.perf_counter()
    cpu = pdfa.build(path, OPTIONS, texts)
    result.build_seconds = time.perf_counter() - started
    result.pdf_bytes = len(cpu.data)
    with pymupdf.open("pdf", cpu.data) as document:
        result.cpu_found = found_words(document, texts)
        result.cpu_in_place = in_place(document, texts)
    seen = pdfa.build(path, OPTIONS, vision)
    with pymupdf.open("pdf", seen.data) as document:
        result.vision_found = found_words(document, vision)
    result.files = 2
    passed = [made for made in (cpu, seen) if pdfa.check(made.data).passed]
    result.pdfa_files = len(passed)
    result.unicode_files = sum(
        pdfa.declared_level(made.data) == pdfa.UNICODE_LEVEL for made in passed
    )
    if not cpu.pdfa:
        print(f"{path.name}: {cpu.not_pdfa_reason}", flush=True)
    return result


# --- generated letters --------------------------------------------------------------------


def letter_file(letter: Letter, index: int, folder: Path) -> Path:
    """A generated letter as it arrives: a scan (JPEG) or a fax (G4 TIFF)."""
    if index % 2 == 0:
        image, _ = page_image(letter, LETTER_PIXELS, "scan")
        path = folder / f"{letter.name}.jpg"
        image.save(path, "JPEG", quality=85, dpi=(150, 150))
    else:
        image, _ = page_image(letter, LETTER_PIXELS, "fax")
        path = folder / f"{letter.name}.tiff"
        image.convert("1").save(path, "TIFF", compression="group4", dpi=(150, 150))
    return path


def letter_markdown(letter: Letter) -> str:
    """The letter as a document-parsing model writes it: headings, list items, paragraphs."""
    marks = {"heading": "## ", "list": "- "}
    return "\n\n".join(marks.get(line.role, "") + line.text for line in letter.lines)


def simulator_markdown(simulator: EngineSimulator, path: Path) -> str:
    """The Markdown the engine simulator answers for the letter's page image, as docvault's
    engine client asks for it (the image as a data URL)."""
    rendered = render.render_page(path, 1, OPTIONS)
    image = rendered.image
    url = f"data:{image.media_type};base64," + base64.b64encode(image.data).decode()
    body = {
        "model": simulator.config.models[0],
        "messages": [
            {"role": "user", "content": [{"type": "image_url", "image_url": {"url": url}}]}
        ],
        "max_tokens": 8192,
        "temperature": 0.0,
    }
    answer = httpx.post(f"{simulator.base_url}/chat/completions", json=body, timeout=60)
    answer.raise_for_status()
    content: str = answer.json()["choices"][0]["message"]["content"]
    return content


def letter_results(engine: RapidEngine, before: Callable[..., bytes], count: int) -> list[Result]:
    folder = Path(tempfile.mkdtemp(prefix="archive-copy-letters-"))
    chosen = letters("test", count)
    files = [letter_file(letter, index, folder) for index, letter in enumerate(chosen)]
    truths: dict[bytes, str] = {}
    for letter, path in zip(chosen, files, strict=True):
        truths[render.render_page(path, 1, OPTIONS).image.data] = letter_markdown(letter)
    config = SimulatorConfig(instant=True, loop_fraction=0.0, page_text=lambda image: truths[image])
    results = []
    with EngineSimulator(config) as simulator:
        for path in files:
            texts = read(engine, path, 1)
            markdown = simulator_markdown(simulator, path)
            vision = [PageText(1, markdown, "markdown", None, texts[0].rotation, None)]
            results.append(measure(before, path, texts, vision))
            report(results[-1])
    return results


# --- the table ----------------------------------------------------------------------------


def share(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "n/a"


def per_page(seconds: float, pages: int) -> str:
    return f"{seconds / pages:.2f}" if pages else "n/a"


def table(results: list[Result]) -> str:
    header = (
        "| file | pages | words | pdf/a | recall cpu | in place cpu | recall vision "
        "| original | before | archive copy | size ratio | s/page before | s/page now |\n"
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: |"
    )
    rows = [header]
    for item in [*results, total(results)]:
        rows.append(
            f"| {item.name} | {item.pages} | {item.words} | {item.pdfa_files}/{item.files} "
            f"({item.unicode_files} 2u) "
            f"| {share(item.cpu_found, item.words)} | {share(item.cpu_in_place, item.lines)} "
            f"| {share(item.vision_found, item.vision_words)} "
            f"| {item.original_bytes / 1024:,.0f} KiB | {item.before_bytes / 1024:,.0f} KiB "
            f"| {item.pdf_bytes / 1024:,.0f} KiB | {item.pdf_bytes / item.original_bytes:.2f} "
            f"| {per_page(item.before_seconds, item.pages)} "
            f"| {per_page(item.build_seconds, item.pages)} |"
        )
    return "\n".join(rows)


def total(results: list[Result]) -> Result:
    overall = Result("**all**")
    for item in results:
        for name in (
            "pages", "words", "cpu_found", "vision_words", "vision_found", "lines",
            "cpu_in_place", "original_bytes", "before_bytes", "pdf_bytes", "pdfa_files",
            "unicode_files", "files",
            "before_seconds", "build_seconds",
        ):  # fmt: skip
            setattr(overall, name, getattr(overall, name) + getattr(item, name))
    return overall


def report(item: Result) -> None:
    print(
        f"{item.name}: {item.pages} pages, pdf/a {item.pdfa_files}/{item.files} "
        f"({item.unicode_files} 2u), "
        f"recall {share(item.cpu_found, item.words)}, "
        f"vision {share(item.vision_found, item.vision_words)}, "
        f"size {item.pdf_bytes / item.original_bytes:.2f}, "
        f"s/page {per_page(item.before_seconds, item.pages)} -> "
        f"{per_page(item.build_seconds, item.pages)}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=FIXTURES)
    parser.add_argument("--only", nargs="*", default=[])
    parser.add_argument("--letters", type=int, default=0, help="generated letters too")
    parser.add_argument("--before", default=BEFORE_COMMIT, help="the commit to compare with")
    parser.add_argument("--results", type=Path, help="write the tables here (Markdown)")
    arguments = parser.parse_args()
    engine = RapidEngine()
    before = builder_before(arguments.before)
    # Fonts, renderers and imports loaded once before any clock starts, for both builders.
    warm = FIXTURES / "ocrmypdf__c02-22.pdf"
    warm_pages = read(engine, warm, 1)
    before(warm, OPTIONS, warm_pages)
    pdfa.build(warm, OPTIONS, warm_pages)
    results = []
    for path in fixtures(arguments.fixtures, arguments.only):
        with pymupdf.open(path) as opened:
            texts = read(engine, path, opened.page_count)
        results.append(measure(before, path, texts, [as_markdown(page) for page in texts]))
        report(results[-1])
    generated = letter_results(engine, before, arguments.letters) if arguments.letters else []
    output = io.StringIO()
    print(f"The real fixtures (before: {arguments.before}; {sys.platform})\n", file=output)
    print(table(results), file=output)
    if generated:
        print("\nGenerated letters (bench/letters.py, family test)\n", file=output)
        print(table(generated), file=output)
        print("\nBoth\n", file=output)
        print(table(results + generated), file=output)
    print(output.getvalue())
    if arguments.results:
        arguments.results.write_text(output.getvalue())


if __name__ == "__main__":
    main()
