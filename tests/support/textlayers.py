"""PDFs whose text layer must not be trusted, made from real scans."""

from __future__ import annotations

from pathlib import Path

import pymupdf

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# What a PDF whose fonts lack a Unicode map, or whose text went through a wrong code page,
# gives back: UTF-8 read as Latin-1 and symbol soup.
GARBAGE = (
    "Ã¤rztliche Ãœberweisung â€“ Ã–sophagus Â§ 3 Ã¼ber Ã© â€™ Ã¶ Ã„ #%&@ ~^| Ã¤Ã¶Ã¼ Ã© â€œ Â° Ã±"
)


def garbage_layer_scan(target: Path, scan: str = "ocrmypdf__c02-22.pdf") -> Path:
    """A real scanned page with a visible garbage text line drawn over its picture."""
    with pymupdf.open(FIXTURES / scan) as source, pymupdf.open() as document:
        document.insert_pdf(source)
        page = document[0]
        for line in range(6):
            page.insert_text((20, 20 + 14 * line), GARBAGE, fontsize=7)
        document.save(target)
    return target
