"""Waits stored as wall-clock times, with the clock set back an hour (issue 29).

A page's back-off, a lease, an index retry and a hand-over's next try are stored in the
database as wall-clock times, to outlive the process; a failed login is stamped so too.
Set the clock back an hour (by hand, or NTP stepping a clock that ran fast) and each lies
an hour ahead: none may make anyone wait that hour. tests/test_clock_daemon.py shows the
same with the real daemon under libfaketime; here each rule on a real database, with the
present moment passed in.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import select

from docvault import auth, records
from docvault.db import read_session, write_transaction
from docvault.models import IndexOutbox, Page, utcnow
from docvault.records import handover
from docvault.runtime.jobs import ClockWatch
from docvault.search.pages import not_indexable, record_problems, waiting_rows
from docvault.vocabulary import DocumentStatus, HandoverTarget, PageStatus
from tests.support.documents import recorded_document
from tests.support.finish import complete

HOUR = timedelta(hours=1)


def test_a_page_put_back_before_the_clock_was_set_back_is_due(database: Engine) -> None:
    recorded_document(database)
    (claim,) = records.claim(database, "w", limit=1, lease_seconds=60)
    assert records.release(database, claim.page_id, "w", delay_seconds=30)
    assert records.claim(database, "w", limit=1, lease_seconds=60) == [], "its back-off holds"
    an_hour_back = utcnow() - HOUR
    assert [c.page_id for c in records.claim(database, "w", 1, 60, now=an_hour_back)] == [
        claim.page_id
    ]


def test_a_lease_given_before_the_clock_was_set_back_runs_out_unless_its_worker_lives(
    database: Engine,
) -> None:
    recorded_document(database, pages=2)
    (dead,) = records.claim(database, "dead", limit=1, lease_seconds=60)
    (alive,) = records.claim(database, "alive", limit=1, lease_seconds=60)
    an_hour_back = utcnow() - HOUR
    assert records.expire_leases(database, now=an_hour_back) == 0, "without the bound: frozen"
    assert records.expire_leases(database, an_hour_back, lease_seconds=60, alive="alive") == 1
    with read_session(database) as session:
        states = {page.id: page.status for page in session.exec(select(Page)).all()}
    # The living worker knows its own pages; the dead one's page is queued again.
    assert states == {dead.page_id: PageStatus.queued, alive.page_id: PageStatus.running}


def test_an_index_retry_set_before_the_clock_was_set_back_is_due(database: Engine) -> None:
    document_id = recorded_document(database)
    (claim,) = records.claim(database, "w", limit=1, lease_seconds=60)
    assert complete(database, claim.page_id, "w", "Referral letter", False, [])
    error = not_indexable(document_id, "a.pdf", ValueError("a bad field"))
    record_problems(database, {document_id: error})

    def due(now: object) -> list[int | None]:
        with read_session(database) as session:
            rows = session.exec(select(IndexOutbox).where(~waiting_rows(now)))
            return [row.document_id for row in rows]

    with read_session(database) as session:
        assert len(session.exec(select(IndexOutbox)).all()) == 1, "its page waits in the outbox"
    assert due(utcnow()) == [], "for its retry"
    assert due(utcnow() - HOUR) == [document_id]


def test_a_hand_over_retry_set_before_the_clock_was_set_back_is_due(database: Engine) -> None:
    document_id = recorded_document(database)
    later = utcnow() + timedelta(seconds=60)
    with write_transaction(database) as session:
        handover.add_events(
            session, document_id, DocumentStatus.done, (HandoverTarget.webhook,), later
        )
    an_hour_back = utcnow() - HOUR
    assert handover.due(database, utcnow(), 10) == [], "not before its time"
    assert handover.due(database, an_hour_back, 10) == [], "without the bound: an hour"
    (delivery,) = handover.due(database, an_hour_back, 10, longest_seconds=300)
    assert delivery.document_id == document_id


def test_failed_logins_stamped_before_the_clock_was_set_back_lock_no_one_out(
    database: Engine,
) -> None:
    auth.add_user(database, "doctor", "the right passphrase")
    ahead = utcnow() + HOUR  # the clock as it was, an hour fast
    for _ in range(auth.FAILURES_PER_NAME):
        try:
            auth.log_in(database, "doctor", "a wrong guess", "10.0.0.9", now=ahead)
        except auth.LockedOut:
            raise AssertionError("locked out too early") from None
        except auth.AuthError:
            pass
    account = auth.log_in(database, "doctor", "the right passphrase", "10.0.0.9")
    assert account.name == "doctor"


def test_the_clock_watch_tells_a_jump_from_the_passing_of_time() -> None:
    wall, monotonic = [1_000_000.0], [50.0]
    watch = ClockWatch(wall=lambda: wall[0], monotonic=lambda: monotonic[0])
    wall[0] += 1.0
    monotonic[0] += 1.0
    assert watch.jumped() == 0.0, "both clocks ran"
    wall[0] -= 3600.0
    assert watch.jumped() == -3600.0
    assert watch.jumped() == 0.0, "said once"
