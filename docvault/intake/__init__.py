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

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

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

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "folders": ["Intake"],
        "ingest": ["ProgressBar", "read_files"],
        "mailbox": ["MailIntake", "MailboxSnapshot", "ReadAgain"],
        "mailparse": ["readable_kinds"],
        "mailreader": ["MailReader"],
        "recording": ["Inspector", "retake_refused"],
        "rule": ["candidate_files"],
        "stability": ["has_settled"],
        "unlock": ["unlock_document"],
        "watchers": ["Watchers"],
    },
)

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
