"""The records: what the database says about each document and page, and the only writers
of it. Intake records documents here, the worker leases and finishes pages here, people
ask for re-runs, rotations and removals here; everything above reads them.

How a page moves (``leases``):

    queued -> running (lease with expiry) -> done | incomplete | looped | failed

A finished page writes its index outbox row and, when its document becomes done or needs
attention, the document's hand-over events (``handover.add_events``) in the same
transaction, so a crash between them loses nothing.

The modules, each importing only those above it:

    mailstore      the mail tables: messages remembered by mailbox, UIDVALIDITY and UID;
                   a document's mail origin
    document_json  a document's one JSON description: for `documents --json`, the JSON
                   API and the hand-over
    handover       the hand-over outbox: what the practice system must be told, kept until
                   accepted
    worklist       staff's to-do list: a document to do until a person marks it handled
    reports        what the queue holds, told (read only): a batch's page counts and
                   totals for `docvault ingest`, a page's coverage report and its JSON
    documents      documents recorded: a new arrival with its pages queued, a refusal, an
                   unlock or a retry, a problem settled by a person
    leases         the page lease machine: claims, completions, failures, releases, expired
                   leases; the only writer of page state
    reruns         re-runs and rotations a person asks for, ahead of new work
    removal        a document removed: tombstone, rows in batches, derived files, original

This module gives their public names, as the rest of docvault imports them
(``from docvault import records``; ``records.claim``).
"""

from docvault.records import document_json, handover, mailstore, worklist
from docvault.records.document_json import Audience, describe
from docvault.records.documents import (
    NewDocument,
    Recorded,
    find_document,
    is_refused,
    record_document,
    record_failed_document,
    record_refused_again,
    record_retried,
    record_unlocked,
    settle,
    waits_for_password,
)
from docvault.records.handover import Delivery
from docvault.records.leases import (
    ATTENTION_PAGE_STATES,
    LONGEST_RELEASE_SECONDS,
    ClaimedPage,
    FinishedPage,
    claim,
    complete_many,
    expire_leases,
    fail,
    new_owner,
    release,
    release_dead_owners,
    remember_undrawn,
)
from docvault.records.mailstore import Delivered, MailOrigin, Seen, origin_of, origins_of
from docvault.records.removal import Removed, delete_document, remove_document
from docvault.records.reports import (
    coverage_json,
    coverage_report,
    finished_pages_of,
    page_flags,
    pages_of,
    summarise_documents,
)
from docvault.records.reruns import (
    RERUN_BY_DEFAULT,
    RERUN_PRIORITY,
    pages_in_work,
    request_rerun,
    request_rotation,
    rerun_failed_pages,
    rerun_failed_when_idle,
)

__all__ = [
    "ATTENTION_PAGE_STATES",
    "LONGEST_RELEASE_SECONDS",
    "RERUN_BY_DEFAULT",
    "RERUN_PRIORITY",
    "Audience",
    "ClaimedPage",
    "Delivered",
    "Delivery",
    "FinishedPage",
    "MailOrigin",
    "NewDocument",
    "Recorded",
    "Removed",
    "Seen",
    "claim",
    "complete_many",
    "coverage_json",
    "coverage_report",
    "delete_document",
    "describe",
    "document_json",
    "expire_leases",
    "fail",
    "find_document",
    "finished_pages_of",
    "handover",
    "is_refused",
    "mailstore",
    "new_owner",
    "origin_of",
    "origins_of",
    "page_flags",
    "pages_in_work",
    "pages_of",
    "record_document",
    "record_failed_document",
    "record_refused_again",
    "record_retried",
    "record_unlocked",
    "release",
    "release_dead_owners",
    "remember_undrawn",
    "remove_document",
    "request_rerun",
    "request_rotation",
    "rerun_failed_pages",
    "rerun_failed_when_idle",
    "settle",
    "summarise_documents",
    "waits_for_password",
    "worklist",
]
