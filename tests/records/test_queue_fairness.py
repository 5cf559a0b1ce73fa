"""The queue fair between senders (issue 44): one mail sender's hundreds of letters take one
turn per round, so another sender's letter queued after them is read next; re-runs still go
first, and documents of their own still take turns page by page (issue 25)."""

from __future__ import annotations

from sqlalchemy import Engine

from docvault import records
from docvault.vocabulary import PageStatus, SamplingMode
from tests.records.test_queue_limits import record
from tests.support.finish import complete


def claimed_order(database: Engine) -> list[int]:
    """Document ids in the order a worker taking 8 pages at a time reads them."""
    order: list[int] = []
    while claims := records.claim(database, "worker", 8, lease_seconds=60):
        for claim in claims:
            assert complete(database, claim.page_id, "worker", "text", False, [])
            order.append(claim.document_id)
    return order


def test_another_senders_letter_goes_before_a_senders_300_letters(database: Engine) -> None:
    bulk = [record(database, f"bulk-{n}", 1, "mail:labor:befund@labor.example") for n in range(300)]
    letter = record(database, "letter", 2, "mail:labor:post@roth.example")
    order = claimed_order(database)
    assert len(order) == 302
    # Its first page takes turn 1, right after the bulk's first letter (turn 1, older);
    # its second page turn 2, after the bulk's second.
    assert order.index(letter) == 1
    assert order[3] == letter
    assert sorted(order[:4]) == sorted([bulk[0], bulk[1], letter, letter])


def test_a_senders_next_letter_waits_behind_its_own_backlog_only(database: Engine) -> None:
    source = "mail:labor:befund@labor.example"
    first = [record(database, f"first-{n}", 1, source) for n in range(5)]
    (taken,) = records.claim(database, "worker", 1, lease_seconds=60)
    assert taken.document_id == first[0]
    assert complete(database, taken.page_id, "worker", "text", False, [])
    again = record(database, "again", 1, source)  # after its 4 letters still waiting
    other = record(database, "other", 1, "mail:labor:post@roth.example")
    # The other sender's letter takes turn 1, ahead of the 4 letters left (turns 2-5); the
    # sender's new one turn 6, behind them.
    assert claimed_order(database) == [other, *first[1:], again]


def test_reruns_go_first_and_own_documents_take_turns_page_by_page(database: Engine) -> None:
    long = record(database, "long", 3)
    bulk = [record(database, f"bulk-{n}", 1, "mail:labor:befund@labor.example") for n in range(3)]
    (first,) = records.claim(database, "worker", 1, lease_seconds=60)
    assert first.document_id == long
    assert complete(database, first.page_id, "worker", "text", False, [])
    assert records.request_rerun(database, [first.page_id], SamplingMode.penalty, [PageStatus.done])
    order = [
        (claim.document_id, claim.number)
        for claim in records.claim(database, "worker", 10, lease_seconds=60)
    ]
    assert order == [(long, 1), (bulk[0], 1), (long, 2), (bulk[1], 1), (long, 3), (bulk[2], 1)]
