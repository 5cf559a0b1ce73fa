"""Issue 13, finding 1: an id is never reused, and a derived file never outlives its content.

A deleted letter's scan was served for a new letter's page: the page id came back, and
the image was cached under it. Here: delete a document through `docvault delete`, take in a
new letter, and compare every image served with a fresh render of the new letter.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from sqlalchemy import text

from docvault import backup, db, derived
from docvault.cli import main
from docvault.render import RenderOptions, render_page
from docvault.web.app import create_app
from tests.support.webarchive import NURSE, WebArchive, add_document, finish_claimed
from tests.web.test_web import log_in


@pytest.fixture
def client(archive: WebArchive) -> Iterator[TestClient]:
    with TestClient(create_app(archive.context), follow_redirects=False) as test_client:
        log_in(test_client, NURSE)
        yield test_client


def _cli(archive: WebArchive, *arguments: str) -> str:
    result = CliRunner().invoke(
        main,
        list(arguments),
        env={"DOCVAULT_CONFIG": "", "DOCVAULT_DATA_DIR": str(archive.data_dir)},
    )
    assert result.exit_code == 0, result.output
    return result.output


def _newest_document(archive: WebArchive) -> int:
    with archive.database.connect() as connection:
        return int(connection.execute(text("SELECT MAX(id) FROM documents")).scalar_one())


def test_a_deleted_letters_scan_is_never_shown_for_a_new_letter(
    client: TestClient, archive: WebArchive
) -> None:
    # The newest document holds the highest ids: exactly the ids SQLite used to hand out again.
    old_document, old_count = add_document(
        archive.database, archive.data_dir, "pymupdf__small-table.pdf", "scans"
    )
    finish_claimed(archive.database, {})
    assert old_document == _newest_document(archive)
    old_pages = [archive.page_id(old_document, number) for number in range(1, old_count + 1)]
    old_images = [client.get(f"/pages/{page_id}/image.png").content for page_id in old_pages]
    assert all(image.startswith(b"\x89PNG") for image in old_images)

    _cli(archive, "delete", str(old_document), "--yes")
    assert list((archive.data_dir / "cache").rglob("*.png")) == []  # its derived files went
    new_document, pages = add_document(
        archive.database, archive.data_dir, "ocrmypdf__cardinal.pdf", "fax"
    )
    finish_claimed(archive.database, {})
    new_pages = [archive.page_id(new_document, number) for number in range(1, pages + 1)]
    assert new_document > old_document
    assert min(new_pages) > max(old_pages)
    for number, page_id in enumerate(new_pages, start=1):
        served = client.get(f"/pages/{page_id}/image.png")
        # As it was read: the page's stored turn (0 here), not a fresh detection.
        fresh = render_page(
            archive.data_dir / _archive_path(archive, new_document), number, RenderOptions(), 0
        ).image.data
        assert served.content == fresh
        assert served.content not in old_images
    for page_id in old_pages:
        assert client.get(f"/pages/{page_id}/image.png").status_code == 404


def _archive_path(archive: WebArchive, document_id: int) -> str:
    with archive.database.connect() as connection:
        return str(
            connection.execute(
                text("SELECT archive_path FROM documents WHERE id = :id"), {"id": document_id}
            ).scalar_one()
        )


def test_cached_images_are_named_by_content_page_and_render_settings(tmp_path: Path) -> None:
    sha = "ab" * 32
    plain = derived.page_image_path(tmp_path, sha, 1, repr(RenderOptions()))
    assert sha in str(plain)
    assert plain.name.startswith("1-")
    assert derived.page_image_path(tmp_path, sha, 2, repr(RenderOptions())) != plain
    assert derived.page_image_path(tmp_path, sha, 1, repr(RenderOptions(dpi=200))) != plain
    assert derived.page_image_path(tmp_path, "cd" * 32, 1, repr(RenderOptions())) != plain
    with pytest.raises(ValueError, match="sha256"):
        derived.page_image_path(tmp_path, "../../etc", 1, "")


def test_restore_empties_the_image_cache(
    client: TestClient, archive: WebArchive, tmp_path: Path
) -> None:
    snapshot = backup.backup(archive.database, archive.data_dir, tmp_path / "backups", False)
    client.get(f"/pages/{archive.page_id(archive.huck_finn, 1)}/image.png")
    assert list((archive.data_dir / "cache").rglob("*.png"))
    archive.database.dispose()
    client.close()
    backup.restore(snapshot.folder, archive.data_dir)
    assert not (archive.data_dir / "cache").exists()


# ----------------------------------------------------------------------------- migration


def _at_revision_0002(path: Path) -> None:
    from alembic import command

    database = db.make_engine(path)
    command.upgrade(db._alembic_config(database), "0002")
    with database.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO documents (id, sha256, original_name, inbox, original_path, "
                "archive_path, size_bytes, tags, page_count, status, received_at, updated_at) "
                "VALUES (:id, :sha, 'a.pdf', 'fax', '/in/a.pdf', 'archive/a', 1, '', 2, "
                "'done', '2026-01-01', '2026-01-01')"
            ),
            [{"id": 1, "sha": "1" * 64}, {"id": 2, "sha": "2" * 64}],
        )
        for page_id, document_id, number in ((1, 1, 1), (2, 1, 2), (3, 2, 1)):
            connection.execute(
                text(
                    "INSERT INTO pages (id, document_id, number, status, priority, created_at, "
                    "updated_at, markdown) VALUES (:id, :document, :number, 'done', 0, "
                    "'2026-01-01', '2026-01-01', :text)"
                ),
                {"id": page_id, "document": document_id, "number": number, "text": f"p{page_id}"},
            )
        # Page 4 of a document 3 was deleted before the upgrade: only the outbox names it.
        connection.execute(
            text(
                "INSERT INTO index_outbox (page_id, document_id, action, created_at) "
                "VALUES (4, 3, 'delete', '2026-01-01')"
            )
        )
    database.dispose()


def test_the_migration_keeps_every_row_and_no_id_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "docvault.sqlite3"
    _at_revision_0002(path)
    database = db.make_engine(path)
    db.upgrade(database)
    with database.begin() as connection:
        pages = connection.execute(text("SELECT id, markdown FROM pages ORDER BY id")).all()
        assert [tuple(row) for row in pages] == [(1, "p1"), (2, "p2"), (3, "p3")]
        schema = dict(connection.execute(text("SELECT name, sql FROM sqlite_master")).all())
        for table in ("documents", "pages", "attempts", "audit_events", "web_sessions"):
            assert "AUTOINCREMENT" in schema[table], table
        connection.execute(text("DELETE FROM pages WHERE id = 3"))
        connection.execute(text("DELETE FROM documents WHERE id = 2"))
        connection.execute(
            text(
                "INSERT INTO documents (sha256, original_name, inbox, original_path, "
                "archive_path, size_bytes, tags, page_count, status, received_at, updated_at) "
                "VALUES (:sha, 'b.pdf', 'fax', '/in/b.pdf', 'archive/b', 1, '', 1, 'done', "
                "'2026-01-02', '2026-01-02')"
            ),
            {"sha": "5" * 64},
        )
        document_id = connection.execute(text("SELECT MAX(id) FROM documents")).scalar_one()
        connection.execute(
            text(
                "INSERT INTO pages (document_id, number, status, priority, created_at, "
                "updated_at) VALUES (:document, 1, 'queued', 0, '2026-01-02', '2026-01-02')"
            ),
            {"document": document_id},
        )
        page_id = connection.execute(text("SELECT MAX(id) FROM pages")).scalar_one()
        foreign_keys = connection.execute(text("PRAGMA foreign_keys")).scalar_one()
    assert document_id == 4  # above the deleted 2 and the outbox's 3
    assert page_id == 5  # above the deleted 3 and the outbox's 4
    assert foreign_keys == 1
    database.dispose()
