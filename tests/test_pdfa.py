"""The archive copy: every real fixture made into a PDF/A-2u that pikepdf's PDF/A check and
docvault's Unicode font check pass (or, for a born-digital file PDF/A cannot hold unchanged,
offered as it is with the reason; a 2b where a font has no Unicode map), its images kept as
they were, and a signed original still verifying after its copy is made."""

from __future__ import annotations

import datetime
import hashlib
import io
import warnings
from pathlib import Path

import pikepdf
import pymupdf
import pytest
from asn1crypto import keys as asn1_keys
from asn1crypto import x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.utils import CryptographyDeprecationWarning
from cryptography.x509.oid import NameOID

from bench.searchable_pdf_bench import FIXTURES, fixtures
from docvault import pdfa, transcription
from docvault.archive import archive_file
from docvault.copies import PageText
from docvault.render import RenderOptions
from docvault.transcription import SearchableSource

# pyhanko's signer module imports cryptography's DSA, which warns on import (pytest makes a
# warning an error): not docvault's to change, and the test signs with RSA.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", CryptographyDeprecationWarning)
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.pdf_utils.reader import PdfFileReader
    from pyhanko.sign import signers
    from pyhanko.sign.validation import validate_pdf_signature
    from pyhanko_certvalidator import ValidationContext
    from pyhanko_certvalidator.registry import SimpleCertificateStore

OPTIONS = RenderOptions()
# Born-digital, its fonts not embedded (Helvetica, a standard font): embedding a stand-in
# would change what the page shows, so it stays an ordinary PDF.
FONTS_NOT_EMBEDDED = "pymupdf__small-table.pdf"
TRANSCRIPTION = "Befund vom 12.03.2025\n\nPatientin Müller, geboren 1961"


def _vision_pages(path: Path) -> list[PageText]:
    """A vision model's page for every page: Markdown, no boxes (laid over the ink)."""
    with pymupdf.open(path) as document:
        count = document.page_count
    return [
        PageText(number, TRANSCRIPTION, "markdown", None, 0, None) for number in range(1, count + 1)
    ]


def _claims(data: bytes) -> str | None:
    with pikepdf.open(io.BytesIO(data)) as pdf:
        return pdf.open_metadata().pdfa_status or None


@pytest.mark.parametrize("path", fixtures(FIXTURES, []), ids=lambda path: path.name)
def test_every_real_fixture_becomes_a_validated_pdfa(path: Path) -> None:
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    made = pdfa.build(path, OPTIONS, _vision_pages(path))
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before  # the original untouched
    with pymupdf.open("pdf", made.data) as copy:
        text = "".join(page.get_text() for page in copy)
    if path.name == FONTS_NOT_EMBEDDED:
        assert not made.pdfa
        assert made.not_pdfa_reason is not None
        assert "not embedded" in made.not_pdfa_reason
        assert _claims(made.data) is None  # nothing claims what was not validated
        assert "Boiling Points" in text  # its own words, still searchable
        return
    assert made.pdfa, made.not_pdfa_reason
    assert made.not_pdfa_reason is None
    assert pdfa.check(made.data).passed
    # Every fixture's fonts (docvault's text layer, a born-digital file's own) map to
    # Unicode: each copy claims level U, and what it claims is what was checked.
    assert _claims(made.data) == "2U"
    assert made.level == pdfa.declared_level(made.data) == "2u"
    with pikepdf.open(io.BytesIO(made.data)) as copy:
        assert pdfa.fonts_without_unicode(copy) == []
    # The transcription's words (a born-digital page keeps only its own). Not "Müller": on
    # a tiny page MuPDF's extraction drops one of two "l" squeezed onto each other.
    assert "Patientin" in text or path.name == "paperless__multi-page-digital.pdf"


def test_a_jpeg_keeps_its_bytes_and_a_fax_stays_g4_in_the_archive_copy() -> None:
    scan = FIXTURES / "ocrmypdf__c02-22.pdf"
    made = pdfa.build(scan, OPTIONS, _vision_pages(scan))
    with pymupdf.open(scan) as original, pymupdf.open("pdf", made.data) as copy:
        kept = original.xref_stream_raw(original[0].get_images()[0][0])
        assert copy.xref_stream_raw(copy[0].get_images()[0][0]) == kept
    fax = FIXTURES / "libtiff__testfax4.tiff"
    made = pdfa.build(fax, OPTIONS, _vision_pages(fax))
    assert made.pdfa
    with pymupdf.open("pdf", made.data) as copy:
        xref = copy[0].get_images(full=True)[0][0]
        assert "CCITTFaxDecode" in copy.xref_get_key(xref, "Filter")[1]


def test_a_born_digital_pdf_becomes_pdfa_without_a_second_text_layer() -> None:
    path = FIXTURES / "paperless__multi-page-digital.pdf"
    with pymupdf.open(path) as original:
        before = [page.get_text() for page in original]
    own = [
        PageText(number, text, "plain", None, 0, None, own_layer=True)
        for number, text in enumerate(before, start=1)
    ]
    made = pdfa.build(path, OPTIONS, own)
    assert made.pdfa
    assert pdfa.check(made.data).passed
    assert made.level == "2u"  # LibreOffice's fonts carry ToUnicode maps
    with pymupdf.open("pdf", made.data) as copy:
        assert [page.get_text() for page in copy] == before  # each word once


def test_a_born_digital_pdf_whose_font_has_no_unicode_map_stays_2b(tmp_path: Path) -> None:
    # The born-digital letter above with its font's ToUnicode map taken out: a symbolic
    # TrueType subset without an encoding, whose codes say nothing about the characters.
    path = tmp_path / "no-unicode-map.pdf"
    with pikepdf.open(FIXTURES / "paperless__multi-page-digital.pdf") as pdf:
        for page in pdf.pages:
            for font in page.resources.Font.values():
                if "/ToUnicode" in font:  # one font, shared by the pages
                    del font.ToUnicode
        pdf.save(path)
    with pymupdf.open(path) as original:
        own = [
            PageText(number, page.get_text(), "plain", None, 0, None, own_layer=True)
            for number, page in enumerate(original, start=1)
        ]
    made = pdfa.build(path, OPTIONS, own)
    assert made.pdfa
    assert pdfa.check(made.data).passed
    assert (made.level, _claims(made.data)) == ("2b", "2B")
    with pikepdf.open(io.BytesIO(made.data)) as copy:
        assert pdfa.fonts_without_unicode(copy) == ["/BAAAAA+LiberationSerif"]
        # Claiming U anyway is caught: the check finds the font, not only the level.
        with copy.open_metadata(set_pikepdf_as_editor=False) as metadata:
            metadata["pdfaid:conformance"] = "U"
        claimed = io.BytesIO()
        copy.save(claimed)
    report = pdfa.check(claimed.getvalue())
    assert not report.passed
    assert [finding.where for finding in report.findings] == ["/BAAAAA+LiberationSerif"]


@pytest.mark.parametrize(
    ("font", "maps"),
    [
        ({"/Subtype": "/Type1", "/BaseFont": "/Helvetica"}, True),  # standard encoding
        ({"/Subtype": "/Type1", "/BaseFont": "/Symbol"}, False),  # its own encoding
        ({"/Subtype": "/Type1", "/Encoding": "/WinAnsiEncoding"}, True),
        ({"/Subtype": "/Type1", "/Encoding": "/Custom"}, False),
        ({"/Subtype": "/Type1", "/Encoding": ["/adieresis", "/uni20AC", "/Euro"]}, True),
        ({"/Subtype": "/Type1", "/Encoding": ["/adieresis", "/g42"]}, False),  # a glyph number
        ({"/Subtype": "/Type0", "/DescendantFonts": "Japan1"}, True),  # Adobe's CMaps
        ({"/Subtype": "/Type0", "/DescendantFonts": "Identity"}, False),  # glyph ids only
    ],
)
def test_which_fonts_map_their_characters_to_unicode(font: dict[str, object], maps: bool) -> None:
    entries: dict[str, object] = {}
    for key, value in font.items():
        if key == "/Encoding" and isinstance(value, list):
            names = [pikepdf.Name(name) for name in value]
            value = pikepdf.Dictionary(Differences=pikepdf.Array([128, *names]))
        elif key == "/DescendantFonts":
            info = pikepdf.Dictionary(Registry="Adobe", Ordering=value, Supplement=0)
            value = pikepdf.Array([pikepdf.Dictionary(CIDSystemInfo=info)])
        elif isinstance(value, str):
            value = pikepdf.Name(value)
        entries[key] = value
    assert pdfa.maps_to_unicode(pikepdf.Dictionary(entries)) is maps
    entries["/ToUnicode"] = pikepdf.Stream(pikepdf.new(), b"")  # a map: always Unicode
    assert pdfa.maps_to_unicode(pikepdf.Dictionary(entries))


def _self_signed() -> signers.SimpleSigner:
    """A practice's signing key and certificate, made for the test (RSA, self-signed)."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Praxis Dr. Test")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    signing_cert = asn1_x509.Certificate.load(certificate.public_bytes(serialization.Encoding.DER))
    signing_key = asn1_keys.PrivateKeyInfo.load(
        key.private_bytes(
            serialization.Encoding.DER,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return signers.SimpleSigner(
        signing_cert=signing_cert,
        signing_key=signing_key,
        cert_registry=SimpleCertificateStore.from_certs([signing_cert]),
    )


def _signature(data: bytes, signer: signers.SimpleSigner) -> tuple[bool, bool, str, list[int]]:
    """(intact, valid, coverage, byte range) of the file's one signature."""
    (embedded,) = PdfFileReader(io.BytesIO(data)).embedded_signatures
    status = validate_pdf_signature(embedded, ValidationContext(trust_roots=[signer.signing_cert]))
    byte_range = [int(value) for value in embedded.sig_object["/ByteRange"]]
    return status.intact, status.valid, status.coverage.name, byte_range


def test_a_signed_pdfs_original_still_verifies_after_its_archive_copy_is_made(
    tmp_path: Path,
) -> None:
    signer = _self_signed()
    unsigned = io.BytesIO((FIXTURES / "ocrmypdf__c02-22.pdf").read_bytes())
    signed = signers.sign_pdf(
        IncrementalPdfFileWriter(unsigned),
        signers.PdfSignatureMetadata(field_name="Signature1"),
        signer=signer,
    ).getvalue()
    inbox_file = tmp_path / "signed-letter.pdf"
    inbox_file.write_bytes(signed)
    before = _signature(signed, signer)
    assert before[:3] == (True, True, "ENTIRE_FILE")
    data_dir = tmp_path / "data"
    archived = archive_file(inbox_file, data_dir)
    page = PageText(
        1,
        "We scrouched down",
        "plain",
        (((40, 300, 700, 330), "We scrouched down"),),
        0,
        (800, 981),
    )
    source = SearchableSource(
        1, archived.sha256, inbox_file.name, "done", archived.relative_path, (page,)
    )

    def build(path: Path, pages: tuple[PageText, ...]) -> pdfa.ArchiveFile:
        return pdfa.build(path, OPTIONS, pages)

    copy = transcription.archive_copy(data_dir, source, build, "settings")
    # The original ("Download original" serves the archived file): the same bytes, and its
    # signature, its dictionary and byte range as they were, still verifying.
    original = (data_dir / archived.relative_path).read_bytes()
    assert original == signed
    assert _signature(original, signer) == before
    # The copy is a PDF/A, searchable, and carries no signature that could only show broken.
    assert copy.pdfa
    assert copy.level == "2u"
    assert pdfa.check(copy.read_bytes()).passed
    assert PdfFileReader(io.BytesIO(copy.read_bytes())).embedded_signatures == []
    with pymupdf.open(copy.path) as made:
        assert "scrouched" in made[0].get_text()
