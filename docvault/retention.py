"""A record's lifetime: which documents' time is up under the clinic's [[retention]] rules,
and their deletion, confirmed by an admin in batches with a reason.

What docvault decides: it counts the years (from the letter's date, or from its arrival
where the rule says so or no letter date is known), lists a document whose time is up on
the review page ("Due for deletion"), and never deletes one by itself. A document several
rules name is kept for the longest of them; one no rule names is kept for ever. What the
clinic decides: the rules (the law of its country, its data protection officer's word),
and each batch an admin confirms. A document on legal hold (`docvault.holds`) is listed
with its hold and refused at deletion with a sentence; the deletion is the project's one
delete path, `records.remove_document`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, tzinfo
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, or_, select

from docvault import audit, holds, records
from docvault.audit import AuditAction
from docvault.db import read_session
from docvault.errors import OnLegalHold
from docvault.facts import store as fact_store
from docvault.models import Document, has_tag, split_tags
from docvault.setting_types import CountedFrom, RetentionRule

# The review page lists this many documents at most; a batch is confirmed from them.
REVIEW_LIMIT = 500


@dataclass(frozen=True)
class Due:
    """A document whose time is up, and the rule that says so."""

    document_id: int
    file_name: str
    inbox: str
    counted_from: date  # the letter date (where known) or the arrival, as the rule counts
    rule: str  # "inbox fax, 10 years"
    due_on: date
    hold: holds.Hold | None


@dataclass(frozen=True)
class Batch:
    """What one confirmed batch did: the documents deleted, and each refusal's sentence."""

    deleted: list[records.Removed]
    refused: list[str]


def add_years(day: date, years: int) -> date:
    """The same day `years` later (29 February becomes 28 February)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def rules_for(document: Document, rules: Sequence[RetentionRule]) -> RetentionRule | None:
    """The rule that keeps the document longest, or None (kept for ever)."""
    tags = set(split_tags(document.tags))
    named = [rule for rule in rules if rule.inbox == document.inbox or rule.tag in tags]
    return max(named, key=lambda rule: rule.keep_years, default=None)


def due_documents(
    database: Engine,
    rules: Sequence[RetentionRule],
    today: date,
    zone: tzinfo,
    limit: int = REVIEW_LIMIT,
) -> list[Due]:
    """The documents whose time is up on `today`, oldest due first (at most `limit`)."""
    if not rules:
        return []
    with read_session(database) as session:
        documents = _named_documents(session, rules)
        letter_dates = _letter_dates(session, [int(doc.id or 0) for doc in documents])
        on_hold = holds.holds_of(session, [int(doc.id or 0) for doc in documents])
    found = []
    for document in documents:
        document_id = int(document.id or 0)
        rule = rules_for(document, rules)
        if rule is None:
            continue
        start = _start(document, rule, letter_dates.get(document_id), zone)
        due_on = add_years(start, rule.keep_years)
        if due_on <= today:
            found.append(
                Due(document_id, document.original_name, document.inbox, start,
                    _rule_words(rule), due_on, on_hold.get(document_id))
            )  # fmt: skip
    return sorted(found, key=lambda due: (due.due_on, due.document_id))[:limit]


def _rule_words(rule: RetentionRule) -> str:
    """The rule as the review page names it: "inbox fax, 10 years"."""
    return f"{rule.names}, {rule.keep_years} year{'' if rule.keep_years == 1 else 's'}"


def review_sentence(due: Sequence[Due], rules: Sequence[RetentionRule]) -> str:
    """The retention review's outcome: how many documents are due, and where to see them."""
    if not rules:
        return "no [[retention]] rules are set: every document is kept for ever"
    held = sum(1 for entry in due if entry.hold is not None)
    if not due:
        return "no document's time is up"
    return (
        f"{len(due)} document(s) are due for deletion ({held} of them on legal hold); an "
        "administrator confirms them on the page Due for deletion"
    )


def _named_documents(session: Session, rules: Sequence[RetentionRule]) -> list[Document]:
    inboxes = sorted({rule.inbox for rule in rules if rule.inbox})
    tags = sorted({rule.tag for rule in rules if rule.tag})
    named = [Document.inbox == inbox for inbox in inboxes] + [has_tag(tag) for tag in tags]
    return list(session.exec(select(Document).where(or_(*named))).all())


def _letter_dates(session: Session, document_ids: Iterable[int]) -> dict[int, date]:
    found = {}
    for document_id, values in fact_store.values_of(session, document_ids).items():
        try:
            found[document_id] = date.fromisoformat(values.get("letter_date", ""))
        except ValueError:
            continue  # no letter date, or one that is no date: counted from the arrival
    return found


def _start(document: Document, rule: RetentionRule, letter_date: date | None, zone: tzinfo) -> date:
    if rule.counted_from is CountedFrom.letter_date and letter_date is not None:
        return letter_date
    return document.received_at.astimezone(zone).date()


def confirm(
    database: Engine,
    data_dir: Path,
    document_ids: Sequence[int],
    reason: str,
    by: str,
    due: Sequence[Due],
    via: audit.AuditVia | None = None,
) -> Batch:
    """Delete the chosen documents that are due, each through the one delete path; a
    document on hold (or no longer due) is refused with its sentence, the rest go on.
    `via`: the door the person (`by`) came through, as their audit rows say."""
    if not reason.strip():
        raise ValueError("A deletion in the retention review needs a reason (the rule, the case).")
    still_due = {entry.document_id: entry for entry in due}
    deleted, refused = [], []
    for document_id in document_ids:
        entry = still_due.get(document_id)
        if entry is None:
            refused.append(f"Document {document_id} is not due for deletion; it was kept.")
            continue
        why = f"retention review ({entry.rule}, due {entry.due_on:%Y-%m-%d}): {reason.strip()}"
        try:
            removed = records.remove_document(
                database, data_dir, document_id, actor=by, reason=why, via=via
            )  # its tombstone says who, when, why, the file, its sha256 and pages
        except OnLegalHold as error:
            audit.record(database, by, AuditAction.delete_refused, error.message,
                         document_id=document_id, via=via)  # fmt: skip
            refused.append(error.message)
            continue
        if removed is None:
            continue
        deleted.append(removed)
    return Batch(deleted, refused)
