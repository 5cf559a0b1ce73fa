"""Intake (map written in the next commit)."""

from docvault.intake.stability import has_settled
from docvault.intake.mailparse import readable_kinds
from docvault.intake.mailreader import MailReader
from docvault.intake.folders import Inspector, Intake, Watchers, candidate_files, retake_refused
from docvault.intake.mailbox import MailIntake, MailboxSnapshot
from docvault.intake.unlock import unlock_document
from docvault.intake.ingest import ProgressBar, read_files

__all__ = [
    "Inspector",
    "Intake",
    "MailIntake",
    "MailReader",
    "MailboxSnapshot",
    "ProgressBar",
    "Watchers",
    "candidate_files",
    "has_settled",
    "read_files",
    "readable_kinds",
    "retake_refused",
    "unlock_document",
]
