"""The archive copy: the searchable PDF as a PDF/A-2b, validated before it is offered.

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

Why PDF/A-2b and not 2u: pikepdf validates conformance level B only (of parts 1 to 3), and
no validator that checks level U (veraPDF) is in the package registries docvault installs
from; docvault claims only what was validated.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from pikepdf.pdfa import PdfaError, Report
from pikepdf.pdfa import save as save_pdfa

from docvault import searchable
from docvault.render import RenderOptions
from docvault.searchable import PageText

FLAVOUR = "2b"
OUTPUT_INTENT = "sRGB"
# Keys MuPDF writes where PDF/A does not allow them and which show nothing: the document
# information dictionary repeated in the catalog (it stays in the trailer, where it
# belongs), and the action a viewer runs on opening the file.
_NOT_SHOWN_CATALOG_KEYS = ("/Info", "/OpenAction")
# Reasons named in the sentence at most (the report has them all).
_REASONS_TOLD = 2


@dataclass(frozen=True)
class ArchiveFile:
    """The bytes offered for a document, and whether they are a validated PDF/A."""

    data: bytes
    pdfa: bool
    # Null for a PDF/A; else one sentence: why this file is not one.
    not_pdfa_reason: str | None = None


def build(path: Path, options: RenderOptions, pages: Sequence[PageText]) -> ArchiveFile:
    """The archive copy of the file at `path` with the transcription `pages`."""
    return convert(searchable.build(path, options, pages))


def convert(layered: bytes) -> ArchiveFile:
    """The searchable PDF `layered` as a validated PDF/A-2b, or as it is with the reason."""
    written = io.BytesIO()
    with _opened_for_archive(layered) as pdf:
        try:
            save_pdfa(pdf, written, FLAVOUR, output_intent=OUTPUT_INTENT)
            return ArchiveFile(written.getvalue(), pdfa=True)
        except PdfaError as error:
            why = reason(error.report)
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


def check(data: bytes) -> Report:
    """pikepdf's PDF/A-2b check of a file as written (the suite's and the bench's)."""
    return pikepdf.pdfa.validate_written(io.BytesIO(data), FLAVOUR)
