"""Inbox tags: stored with the document, listed in the web view, searchable in the index."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import select

from docvault import records
from docvault.db import read_session
from docvault.models import Document, join_tags, split_tags
from docvault.search import SearchIndex, rebuild_from_database, search
from docvault.web import queries
from tests.support.finish import complete

LETTER = "Dear colleague, Mrs Hannelore Brückner was seen today; metoprolol 50 mg continued."


def test_stored_tags_split_back_into_the_same_tags_in_order() -> None:
    assert join_tags(("urgent", "cardiology")) == "urgent,cardiology"
    assert split_tags(join_tags(("urgent", "cardiology"))) == ("urgent", "cardiology")
    assert split_tags(join_tags(())) == ()


def test_each_inbox_tag_is_stored_listed_and_searchable(database: Engine, tmp_path: Path) -> None:
    new = records.NewDocument(
        sha256="t" * 64,
        original_name="tagged.pdf",
        inbox="fax",
        original_path="/inbox/tagged.pdf",
        archive_path="archive/t",
        size_bytes=10,
        tags=("urgent", "cardiology"),
    )
    document_id = records.record_document(database, new, 1).document_id
    (claim,) = records.claim(database, "worker", limit=1, lease_seconds=60)
    assert complete(database, claim.page_id, "worker", LETTER, False, [])
    with read_session(database) as session:
        assert session.exec(select(Document.tags)).one() == "urgent,cardiology"
    view = queries.document(database, document_id)
    assert view is not None
    assert view.tags == ["urgent", "cardiology"]
    assert queries.tag_names(database) == ["cardiology", "urgent"]
    assert rebuild_from_database(database, tmp_path / "index") == 1
    index = SearchIndex(tmp_path / "index")

    def found(query: str) -> list[str]:
        return [hit.file_name for hit in search(database, index, query).hits]

    assert found("tag:urgent") == ["tagged.pdf"]
    assert found("tag:cardiology metoprolol") == ["tagged.pdf"]
    assert found("tag:fax") == []
