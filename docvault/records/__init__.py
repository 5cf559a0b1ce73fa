"""The records (map written in the next commit)."""

from docvault.records import document_json, handover, leases, mailstore, reports, worklist
from docvault.records.mailstore import Delivered, MailOrigin, Seen, origin_of, origins_of
from docvault.records.document_json import Audience, describe
from docvault.records.handover import Delivery
from docvault.records.leases import ClaimedPage, FinishedPage

__all__ = [
    "Audience",
    "ClaimedPage",
    "Delivered",
    "Delivery",
    "FinishedPage",
    "MailOrigin",
    "Seen",
    "describe",
    "document_json",
    "handover",
    "leases",
    "mailstore",
    "origin_of",
    "origins_of",
    "reports",
    "worklist",
]
