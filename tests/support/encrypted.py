"""Password-protected copies of real PDFs, with a password no other text contains."""

from __future__ import annotations

from pathlib import Path

import pymupdf

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
# Distinctive, so that a search of logs and database files for it finds only a leak.
PASSWORD = "Kx7-unlock-9Qz-wharf"


def protected_copy(target: Path, source: str = "paperless__multi-page-digital.pdf") -> Path:
    """`source` saved with AES-256 and PASSWORD as the user password."""
    with pymupdf.open(FIXTURES / source) as document:
        document.save(
            target,
            encryption=pymupdf.PDF_ENCRYPT_AES_256,
            user_pw=PASSWORD,
            owner_pw=PASSWORD + "-owner",
        )
    return target


def files_containing(folder: Path, secret: str) -> list[Path]:
    """Every file under `folder` whose bytes contain `secret` (as UTF-8 or UTF-16)."""
    needles = (secret.encode(), secret.encode("utf-16-le"))
    return [
        path
        for path in sorted(folder.rglob("*"))
        if path.is_file() and any(needle in path.read_bytes() for needle in needles)
    ]
