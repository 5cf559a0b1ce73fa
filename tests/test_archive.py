"""Custody of originals: byte-for-byte copies under their sha256, repeatable after a crash."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from docvault.archive import archive_file


def test_the_archive_copy_is_byte_for_byte_identical(tmp_path: Path, fixtures_dir: Path) -> None:
    source = tmp_path / "fax.tiff"
    shutil.copy(fixtures_dir / "libtiff__testfax4.tiff", source)
    archived = archive_file(source, tmp_path / "data")
    copy = tmp_path / "data" / archived.relative_path
    expected = hashlib.sha256(source.read_bytes()).hexdigest()
    assert archived.sha256 == expected
    assert hashlib.sha256(copy.read_bytes()).hexdigest() == expected
    assert archived.size_bytes == source.stat().st_size
    assert source.exists(), "the inbox file is only moved after the document is recorded"


def test_archiving_the_same_bytes_twice_gives_one_copy(tmp_path: Path, fixtures_dir: Path) -> None:
    first = tmp_path / "a.pdf"
    second = tmp_path / "b.pdf"
    shutil.copy(fixtures_dir / "ocrmypdf__c02-22.pdf", first)
    shutil.copy(first, second)
    one = archive_file(first, tmp_path / "data")
    two = archive_file(second, tmp_path / "data")
    assert one == two
    stored = [path for path in (tmp_path / "data" / "archive").rglob("*") if path.is_file()]
    assert len(stored) == 1


def test_no_temporary_file_is_left_behind(tmp_path: Path, fixtures_dir: Path) -> None:
    source = tmp_path / "x.pdf"
    shutil.copy(fixtures_dir / "pymupdf__small-table.pdf", source)
    archive_file(source, tmp_path / "data")
    leftovers = list((tmp_path / "data" / "archive").glob(".incoming-*"))
    assert leftovers == []
