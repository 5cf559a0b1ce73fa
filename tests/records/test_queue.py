"""The page queue: leases, exclusive claims, re-runs first, no page done twice."""

from __future__ import annotations

import threading
from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import select

from docvault import figures, records
from docvault.db import read_session
from docvault.models import Attempt, Document, IndexOutbox, Page, utcnow
from docvault.records.document_json import Audience, describe_all
from docvault.vocabulary import (
    AttemptRecord,
    AttemptRequest,
    EngineReply,
    PageStatus,
    ReadLine,
    SamplingMode,
    Verdict,
)
from tests.support.documents import recorded_document
from tests.support.finish import complete


def _attempt() -> AttemptRecord:
    reply = EngineReply(
        text="ok", finish_reason="stop", prompt_tokens=10, completion_tokens=2, seconds=0.1
    )
    return AttemptRecord(
        engine="test",
        request=AttemptRequest(SamplingMode.greedy, 4096),
        reply=reply,
        verdict=Verdict.clean,
        seconds=0.1,
    )


def test_two_workers_never_take_the_same_page(database: Engine) -> None:
    recorded_document(database, pages=200)
    taken: dict[str, list[int]] = {"one": [], "two": []}
    start = threading.Barrier(2)

    def work(name: str) -> None:
        start.wait()
        while claims := records.claim(database, name, limit=3, lease_seconds=60):
            taken[name].extend(claim.page_id for claim in claims)

    threads = [threading.Thread(target=work, args=(name,)) for name in taken]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    everything = taken["one"] + taken["two"]
    assert len(everything) == 200
    assert len(set(everything)) == 200


def test_completing_stores_text_attempts_and_an_outbox_row_together(database: Engine) -> None:
    document_id = recorded_document(database, pages=1)
    (claim,) = records.claim(database, "worker", limit=5, lease_seconds=60)
    assert complete(database, claim.page_id, "worker", "Metoprolol 50 mg", False, [_attempt()])
    with read_session(database) as session:
        page = session.exec(select(Page)).one()
        assert (page.status, page.markdown) == ("done", "Metoprolol 50 mg")
        assert len(session.exec(select(Attempt)).all()) == 1
        assert session.exec(select(IndexOutbox.page_id)).all() == [page.id]
        assert session.get(Document, document_id).status == "done"  # type: ignore[union-attr]


def test_a_page_whose_lease_expired_is_not_completed_twice(database: Engine) -> None:
    recorded_document(database, pages=1)
    (claim,) = records.claim(database, "slow", limit=1, lease_seconds=60)
    assert records.expire_leases(database, now=utcnow() + timedelta(seconds=61)) == 1
    (again,) = records.claim(database, "fast", limit=1, lease_seconds=60)
    assert again.page_id == claim.page_id
    assert complete(database, again.page_id, "fast", "text", False, [_attempt()])
    assert not complete(database, claim.page_id, "slow", "late", False, [_attempt()])
    with read_session(database) as session:
        assert session.exec(select(Page.markdown)).one() == "text"
        assert len(session.exec(select(Attempt)).all()) == 1


def test_requested_reruns_go_before_new_work(database: Engine) -> None:
    recorded_document(database, pages=1, sha="a")
    (first,) = records.claim(database, "w", limit=1, lease_seconds=60)
    complete(database, first.page_id, "w", "looping", True, [_attempt()])
    recorded_document(database, pages=3, sha="b")
    assert records.request_rerun(database, [first.page_id], SamplingMode.penalty) == 1
    claims = records.claim(database, "w", limit=1, lease_seconds=60)
    assert [(claim.page_id, claim.mode) for claim in claims] == [
        (first.page_id, SamplingMode.penalty)
    ]


def test_released_pages_wait_for_their_backoff(database: Engine) -> None:
    recorded_document(database, pages=1)
    (claim,) = records.claim(database, "w", limit=1, lease_seconds=60)
    assert records.release(database, claim.page_id, "w", delay_seconds=30)
    assert records.claim(database, "w", limit=1, lease_seconds=60) == []
    later = utcnow() + timedelta(seconds=31)
    assert [c.page_id for c in records.claim(database, "w", 1, 60, now=later)] == [claim.page_id]


def test_the_same_bytes_again_are_a_recorded_duplicate(database: Engine) -> None:
    first = recorded_document(database, pages=2, sha="c")
    again = records.record_document(
        database,
        records.NewDocument(
            sha256="c" * 64,
            original_name="copy.pdf",
            inbox="scanner",
            original_path="/scanner/copy.pdf",
            archive_path="archive/c",
            size_bytes=10,
        ),
        2,
    )
    assert again == records.Recorded(first, duplicate=True)
    (document,) = describe_all(database, Audience())
    assert (document["id"], document["file_name"], document["status"]) == (
        first,
        "c.pdf",
        "processing",
    )
    assert [copy["file_name"] for copy in document["duplicates"]] == ["copy.pdf"]
    assert figures.page_counts(database)["queued"] == 2


def test_a_pages_located_lines_are_stored_and_cleared_by_a_reading_without_them(
    database: Engine,
) -> None:
    document = recorded_document(database, 1, sha="lines")
    lines = (ReadLine((10, 20, 300, 40), "Dear Dr Weber", 0.98),)
    claim = records.claim(database, "w", limit=1, lease_seconds=60)[0]
    finished = records.FinishedPage(
        claim.page_id, "Dear Dr Weber", False, [_attempt()], lines=lines
    )
    assert records.complete_many(database, "w", [finished]) == [True]
    with read_session(database) as session:
        page = session.exec(select(Page).where(Page.document_id == document)).one()
        assert page.lines == '[[10, 20, 300, 40, "Dear Dr Weber"]]'
    records.request_rerun(database, [claim.page_id], SamplingMode.greedy, (PageStatus.done,))
    again = records.claim(database, "w", limit=1, lease_seconds=60)[0]
    markdown = records.FinishedPage(again.page_id, "# Dear Dr Weber", False, [_attempt()])
    assert records.complete_many(database, "w", [markdown]) == [True]
    with read_session(database) as session:
        assert session.get(Page, claim.page_id).lines is None  # type: ignore[union-attr]
