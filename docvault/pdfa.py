"""The archive copy: the searchable PDF as a PDF/A-2u or 2b, validated before it is offered.

A stage leaf like `searchable`: a file and plain values in, bytes and a verdict out, no
database. It runs in the render pool (it calls `searchable.build`), through
`RenderPool.derive`.

How it is made
    `searchable.build` makes the searchable PDF (the original's pages, the transcription as
    OCRmyPDF's invisible text layer). pikepdf's `pdfa.save` then does what OCRmyPDF's own
    PDF/A step does without Ghostscript (its "speculative" conversion): the sRGB output
    intent every device colour space needs, the XMP packet declaring PDF/A-2B, the repairs
    PDF/A allows (no interpolation, annotations printable), written with PDF/A's save
    settings, and the written bytes validated by pikepdf's PDF/A check (veraPDF's rules).
    Images are never decoded: a G4 fax stays G4, a JPEG keeps its bytes.

When it is not a PDF/A
    Only what pikepdf can prove is called PDF/A. A born-digital PDF with a font that is not
    embedded, a CMYK image, transparency or anything else pikepdf cannot approve is not
    converted further (embedding a substitute font or converting colours would change what
    the page shows, and needs Ghostscript): it is offered as the searchable PDF it is, with
    a sentence saying why it is not PDF/A.

PDF/A-2u where the text allows
    Level U is level B and one more rule: every font that shows text maps its characters
    to Unicode (a ToUnicode map; or a simple font whose encoding is a standard one and
    whose glyph names are Adobe's; or a CID font of one of Adobe's Chinese, Japanese or
    Korean collections), so the text can be extracted as what it says. pikepdf checks
    level B only, so docvault checks the font rule itself (`fonts_without_unicode`, over
    every page's fonts, those of its forms, patterns, annotations and Type 3 glyphs, and
    each Type 0 font's descendant) and declares U (`pdfaid:conformance`) only where every
    font passes; else the file stays 2b. `check` is the two together: pikepdf's level B
    check, which flags nothing else in a U file than the declared level it does not
    know, and the font rule. The text layer docvault writes (OCRmyPDF's fonts) carries
    ToUnicode maps; a born-digital PDF whose font has none stays 2b.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pikepdf
import pymupdf
from pikepdf.pdfa import Finding, PdfaError, Report
from pikepdf.pdfa import save as save_pdfa

from docvault import searchable
from docvault.copies import ArchiveFile, PageText, declared_level
from docvault.render import RenderOptions

FLAVOUR = "2b"  # the level pikepdf validates
UNICODE_LEVEL = "2u"
# pikepdf's finding for a declared conformance other than B (PDF/A-2, clause 6.6.4).
_DECLARED_LEVEL_RULE = "ISO_19005_2:6.6.4-3"
# Adobe's character collections whose CIDs map to Unicode by Adobe's own CMaps.
_UNICODE_COLLECTIONS = frozenset({"GB1", "CNS1", "Japan1", "Korea1"})
_STANDARD_ENCODINGS = frozenset({"/WinAnsiEncoding", "/MacRomanEncoding", "/StandardEncoding"})
_SYMBOLIC_FLAG = 4  # FontDescriptor /Flags: the font's own encoding, not the standard one
_SYMBOL_FONTS = frozenset({"/Symbol", "/ZapfDingbats"})
_UNICODE_RULE = "ISO_19005_2:6.2.11.7-2"  # level U: every font maps to Unicode
_NOT_GLYPH_NAMES = (0, 0xFFFD)  # MuPDF's answers for a name outside Adobe's glyph list
# MuPDF also guesses at numbered names ("g42", "a123": a font's own glyph numbers), which
# Adobe's glyph list does not define: they count as unmapped (uniXXXX and uXXXX do not).
_NUMBERED_GLYPH = re.compile(r"(?!u[0-9A-F]{4,6}$)[A-Za-z]{1,2}[0-9A-Fa-f]+")
OUTPUT_INTENT = "sRGB"
# Keys MuPDF writes where PDF/A does not allow them and which show nothing: the document
# information dictionary repeated in the catalog (it stays in the trailer, where it
# belongs), and the action a viewer runs on opening the file.
_NOT_SHOWN_CATALOG_KEYS = ("/Info", "/OpenAction")
# Reasons named in the sentence at most (the report has them all).
_REASONS_TOLD = 2


def build(path: Path, options: RenderOptions, pages: Sequence[PageText]) -> ArchiveFile:
    """The archive copy of the file at `path` with the transcription `pages`."""
    return convert(searchable.build(path, options, pages))


def convert(layered: bytes) -> ArchiveFile:
    """The searchable PDF `layered` as a validated PDF/A-2u or 2b, or as it is with the reason."""
    written = io.BytesIO()
    with _opened_for_archive(layered) as pdf:
        try:
            report = save_pdfa(pdf, written, FLAVOUR, output_intent=OUTPUT_INTENT)
        except PdfaError as error:
            why = reason(error.report)
        else:
            unicode = _declared_unicode(written.getvalue(), report.save_kwargs)
            if unicode is not None:
                return ArchiveFile(unicode, pdfa=True, level=UNICODE_LEVEL)
            return ArchiveFile(written.getvalue(), pdfa=True, level=FLAVOUR)
    # Opened afresh: the failed save declared PDF/A in the one it prepared.
    with _opened_for_archive(layered) as pdf:
        pdf.save(written)
    return ArchiveFile(written.getvalue(), pdfa=False, not_pdfa_reason=why)


@contextlib.contextmanager
def _opened_for_archive(layered: bytes) -> Iterator[pikepdf.Pdf]:
    """The searchable PDF opened, without what MuPDF misplaces and without signatures."""
    with pikepdf.open(io.BytesIO(layered)) as pdf:
        for key in _NOT_SHOWN_CATALOG_KEYS:
            if key in pdf.Root:
                del pdf.Root[key]
        _without_signatures(pdf)
        yield pdf


def _without_signatures(pdf: pikepdf.Pdf) -> None:
    """A signed original's signature fields taken out of its copy.

    A signature covers the original's exact bytes: in a copy it can only show as broken.
    It stays where it is valid, in the original ("Download original"). What a visible
    signature shows on the page is kept: the annotations are flattened into the page
    content first (qpdf), then the form that held the fields is removed, and the fields of
    an invisible signature (no appearance to flatten) with it.
    """
    form = pdf.Root.get("/AcroForm")
    if form is None:
        return
    fields = form.get("/Fields", pikepdf.Array())
    if not any(field.get("/FT") == pikepdf.Name.Sig for field in fields):
        return
    pdf.flatten_annotations("all")  # qpdf removes the form once its fields are flattened
    if "/AcroForm" in pdf.Root:
        del pdf.Root.AcroForm
    for page in pdf.pages:
        annotations = page.obj.get("/Annots", pikepdf.Array())
        kept = [item for item in annotations if item.get("/FT") != pikepdf.Name.Sig]
        if len(kept) != len(annotations):
            page.obj[pikepdf.Name.Annots] = pikepdf.Array(kept)


def reason(report: Report) -> str:
    """Why a file is not PDF/A, as one sentence an admin can read."""
    messages = list(dict.fromkeys(finding.message for finding in report.findings))
    told = "; ".join(messages[:_REASONS_TOLD])
    more = len(messages) - _REASONS_TOLD
    if more > 0:
        told += f" (and {more} more)"
    return (
        f"It is not a PDF/A-{FLAVOUR}: pikepdf's PDF/A check cannot approve the original's "
        f"own content ({told}); making it one would change what its pages show, so it is "
        "offered as an ordinary searchable PDF and the original is kept as it is."
    )


def _declared_unicode(level_b: bytes, save_kwargs: dict[str, Any]) -> bytes | None:
    """The validated PDF/A-2b `level_b` declared 2u, where every text font allows it and
    the file written passes `check`; None where it stays 2b."""
    written = io.BytesIO()
    with pikepdf.open(io.BytesIO(level_b)) as pdf:
        if fonts_without_unicode(pdf):
            return None
        with pdf.open_metadata(set_pikepdf_as_editor=False) as metadata:
            metadata["pdfaid:conformance"] = "U"
        pdf.save(written, **save_kwargs)
    declared = written.getvalue()
    return declared if check(declared, save_kwargs).passed else None


def check(data: bytes, save_kwargs: dict[str, Any] | None = None) -> Report:
    """The PDF/A check of a file as written (the suite's and the bench's): pikepdf's level B
    check, and for a file that declares level U, every text font mapped to Unicode."""
    report = pikepdf.pdfa.validate_written(io.BytesIO(data), FLAVOUR, save_kwargs)
    if declared_level(data) != UNICODE_LEVEL:
        return report
    findings = [found for found in report.findings if found.rule != _DECLARED_LEVEL_RULE]
    with pikepdf.open(io.BytesIO(data)) as pdf:
        findings += [
            Finding(_UNICODE_RULE, name, "the font does not map its characters to Unicode")
            for name in fonts_without_unicode(pdf)
        ]
    return Report(report.flavour, findings, report.save_kwargs, report.output_intent)


def fonts_without_unicode(pdf: pikepdf.Pdf) -> list[str]:
    """Each font that can show text and does not map its characters to Unicode, by name.

    Every font a page's content can reach is looked at (those of its forms, patterns,
    annotations' appearances and Type 3 glyph procedures too), whether or not a character
    of it is drawn: a stricter rule than level U's, never a looser one.
    """
    seen: set[tuple[int, int]] = set()
    unmapped: list[str] = []
    pending: list[pikepdf.Object] = []
    for page in pdf.pages:
        pending.append(page.obj.get("/Resources", pikepdf.Dictionary()))
        for annotation in page.obj.get("/Annots", pikepdf.Array()):
            pending.extend(_appearances(annotation))
    while pending:
        resources = pending.pop()
        if not _first_visit(resources, seen):
            continue
        for font in resources.get("/Font", pikepdf.Dictionary()).values():
            if _first_visit(font, seen) and not maps_to_unicode(font):
                unmapped.append(str(font.get("/BaseFont", "an unnamed font")))
            if "/Resources" in font:  # a Type 3 font's glyphs are drawn with resources
                pending.append(font.Resources)
        for key in ("/XObject", "/Pattern"):
            for item in resources.get(key, pikepdf.Dictionary()).values():
                if isinstance(item, pikepdf.Dictionary | pikepdf.Stream) and "/Resources" in item:
                    pending.append(item.Resources)
    return unmapped


def _appearances(annotation: pikepdf.Object) -> list[pikepdf.Object]:
    """The resources of an annotation's appearance streams (all its states)."""
    found: list[pikepdf.Object] = []
    for appearance in annotation.get("/AP", pikepdf.Dictionary()).values():
        streams = [appearance] if isinstance(appearance, pikepdf.Stream) else appearance.values()
        found.extend(stream.Resources for stream in streams if "/Resources" in stream)
    return found


def _first_visit(item: pikepdf.Object, seen: set[tuple[int, int]]) -> bool:
    """False for an indirect object looked at before (a shared font, a cycle of forms)."""
    if not item.is_indirect:
        return True
    if item.objgen in seen:
        return False
    seen.add(item.objgen)
    return True


def maps_to_unicode(font: pikepdf.Object) -> bool:
    """Whether a font's characters map to Unicode, as PDF/A-2 level U asks (6.2.11.7.2)."""
    if "/ToUnicode" in font:
        return True
    if font.get("/Subtype") == pikepdf.Name.Type0:
        descendants = font.get("/DescendantFonts", pikepdf.Array())
        info = descendants[0].get("/CIDSystemInfo") if len(descendants) else None
        return (
            info is not None
            and str(info.get("/Registry")) == "Adobe"
            and str(info.get("/Ordering")) in _UNICODE_COLLECTIONS
        )
    encoding = font.get("/Encoding")
    if encoding is None:  # the font's own encoding: standard unless it is symbolic
        flags = int(font.get("/FontDescriptor", pikepdf.Dictionary()).get("/Flags", 0))
        return not flags & _SYMBOLIC_FLAG and str(font.get("/BaseFont", "")) not in _SYMBOL_FONTS
    if isinstance(encoding, pikepdf.Name):
        return str(encoding) in _STANDARD_ENCODINGS
    base = encoding.get("/BaseEncoding")
    if base is not None and str(base) not in _STANDARD_ENCODINGS:
        return False
    return all(
        _glyph_name_maps(str(name)[1:])
        for name in encoding.get("/Differences", pikepdf.Array())
        if isinstance(name, pikepdf.Name)
    )


def _glyph_name_maps(name: str) -> bool:
    """Whether a glyph name is one of Adobe's glyph list (or uniXXXX, uXXXX), MuPDF's lookup."""
    if _NUMBERED_GLYPH.fullmatch(name):
        return False
    return pymupdf.mupdf.fz_unicode_from_glyph_name(name) not in _NOT_GLYPH_NAMES
