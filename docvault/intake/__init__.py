"""Intake: files from the inbox folders and messages from the mailboxes, taken into the
archive and recorded, nothing lost and nothing taken twice.

Whoever can write to an inbox or send mail chooses what arrives (SECURITY.md, "The inbox's
trust boundary"): every entry is judged by one rule, opened without following links, and a
file intake must refuse keeps its original and gets one sentence an admin can act on.

A folder's file:    rule.judge -> stability (settled?) -> opening.open_inbox_file ->
                    archive -> recording.record_new -> clearing (processed/, quarantine/)
A mailbox message:  imap (headers, fetch) -> mailreader (mailparse in a worker process) ->
                    archive -> recording.record_new per attachment -> acted on at the server

The modules, each importing only those above it:

    stability   which files have stopped changing, from observations and a clock
    rule        the path rule: take, look into, ignore or refuse an entry below an inbox
    opening     inbox files and folders opened without following a link
    recording   the one recording step folders and mail share; a refused file retaken
    clearing    a recorded file moved to processed/ or quarantine/ (or deleted)
    folders     Intake, the folder driver: rescans, second looks, retries, the status
    watchers    watchdog's file events, which only make intake faster than the rescan
    mailparse   a message's bytes to what intake takes: sender, subject, date, attachments
    mailreader  a message parsed in a worker process of its own, within time and memory
    imap        one IMAP connection to a mailbox's folder: TLS, login, UIDs, fetch, IDLE
    mailbox     MailIntake: a mailbox's new messages into archive and queue, acted on at
                the server only after
    unlock      a password-protected PDF intake had to refuse, unlocked with its password
    ingest      `docvault ingest`'s own steps: the given files taken, their pages waited for

This module gives their public names, as the rest of docvault imports them. It imports a
module only when one of its names is first asked for: the mail reader's worker process
imports `mailparse`, not the folder driver, the records and the database.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from docvault.intake.folders import Intake
    from docvault.intake.ingest import ProgressBar, read_files
    from docvault.intake.mailbox import MailboxSnapshot, MailIntake, ReadAgain
    from docvault.intake.mailparse import readable_kinds
    from docvault.intake.mailreader import MailReader
    from docvault.intake.recording import Inspector, retake_refused
    from docvault.intake.rule import candidate_files
    from docvault.intake.stability import has_settled
    from docvault.intake.unlock import unlock_document
    from docvault.intake.watchers import Watchers

# Where each name lives.
_MODULES = {
    "Inspector": "docvault.intake.recording",
    "Intake": "docvault.intake.folders",
    "MailIntake": "docvault.intake.mailbox",
    "MailReader": "docvault.intake.mailreader",
    "MailboxSnapshot": "docvault.intake.mailbox",
    "ProgressBar": "docvault.intake.ingest",
    "ReadAgain": "docvault.intake.mailbox",
    "Watchers": "docvault.intake.watchers",
    "candidate_files": "docvault.intake.rule",
    "has_settled": "docvault.intake.stability",
    "read_files": "docvault.intake.ingest",
    "readable_kinds": "docvault.intake.mailparse",
    "retake_refused": "docvault.intake.recording",
    "unlock_document": "docvault.intake.unlock",
}


def __getattr__(name: str) -> Any:
    """A name of the face, imported from its module on first use (PEP 562)."""
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_MODULES[name]), name)


__all__ = [
    "Inspector",
    "Intake",
    "MailIntake",
    "MailReader",
    "MailboxSnapshot",
    "ProgressBar",
    "ReadAgain",
    "Watchers",
    "candidate_files",
    "has_settled",
    "read_files",
    "readable_kinds",
    "retake_refused",
    "unlock_document",
]
