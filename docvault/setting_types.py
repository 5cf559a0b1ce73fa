"""The types of the settings' values as the stages receive them: each choice (a Literal or an
enum) and each table (`[[inboxes]]`, `[[mailboxes]]`, `[[retention]]`, `[[handover]]`) as a
frozen dataclass.

`docvault.config` reads and checks the settings and declares their defaults and help; the
composition root hands the values down. A stage that takes an inbox, a mailbox or a choice
imports its type from here, never the settings (tests/test_architecture.py: the settings are
read at the root).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Literal

from docvault.names import inbox_named


class ProfileName(StrEnum):
    """The model profiles docvault knows: each one is defined, under its name, in
    docvault/ocr/profiles.py (whose `Profile.name` has this type; a test checks that every
    name has its profile). They live here, below every stage, so that the `profile`
    setting's choices come from the same names without config importing the ocr stage.
    The two benchmark profiles (exactly 600 tokens a page) are no clinic's choice: a
    benchmark names one in DOCVAULT_BENCH_PROFILE, which only the composition root reads
    (docvault.service)."""

    ovisocr2 = "ovisocr2"
    deepseek_ocr_2 = "deepseek-ocr-2"
    bench = "bench"
    deepseek_ocr_2_bench = "deepseek-ocr-2-bench"
    cpu = "cpu"


# Every setting with a fixed set of values has a Literal type: its choices are read from
# it (so `docvault config`, the loader and the README check list them), and a comparison
# with a misspelt value (`settings.engine == "opneai"`) fails mypy.
AfterArchive = Literal["move", "delete"]
# What intake does with a file once archived: the setting's choices, or "keep" for a file
# named on the command line (`docvault ingest`), which stays where it is.
AfterArchiveAction = Literal["move", "delete", "keep"]
EngineKind = Literal["cpu", "openai"]
# "auto", then each ProfileName but the benchmarks' (a test keeps the two equal).
ProfileChoice = Literal["auto", "ovisocr2", "deepseek-ocr-2", "cpu"]
TextLayerUse = Literal["auto", "prefer", "ocr"]
# "off", then the languages Whoosh's Snowball stemmers know (whoosh.lang; a test keeps the
# two equal).
StemmingChoice = Literal[
    "off", "ar", "da", "de", "en", "es", "fi", "fr", "hu", "it", "nl", "no", "pt", "ro", "ru",
    "sv",
]  # fmt: skip
# The search index's engine (docvault.search): Whoosh in Python, or Tantivy in Rust. Tantivy
# is the default: Whoosh indexed 6,054 pages/min into 3.4 times the pages' text at 100,000
# pages, short of issue 32's 10,000 pages/min (bench/README.md, "Search at hospital scale").
IndexEngine = Literal["whoosh", "tantivy"]
DEFAULT_INDEX_ENGINE: IndexEngine = "tantivy"
DateFormat = Literal["german", "iso"]
PageTexts = Literal["inline", "link"]
# How the FHIR hand-over carries the PDF: a Binary resource in the Bundle, or a link to it.
FhirContent = Literal["binary", "url"]
# The GDT versions docvault writes, and their character sets (field 9206).
GdtVersion = Literal["2.1"]
GdtCharset = Literal["iso-8859-1", "cp437"]
# How the patient register's export is read (docvault.facts.register).
RegisterFormat = Literal["auto", "csv", "gdt", "fhir"]
LogLevel = Literal["debug", "info", "warning", "error"]


@dataclass(frozen=True)
class InboxSettings:
    """One watched inbox folder and what to do with its files."""

    name: str
    path: Path
    recursive: bool = False
    after_archive: AfterArchiveAction = "move"
    tags: tuple[str, ...] = ()
    settle_seconds: float = 2.0
    polling: bool = False


class AfterTaking(StrEnum):
    """What intake does to a message on the mail server once every part of it is taken."""

    seen = "seen"  # mark it read (\Seen): it stays where it is
    flag = "flag"  # flag it (\Flagged): it stays where it is
    move = "move"  # move it to the folder `move_to`
    delete = "delete"  # delete it (\Deleted, then expunged by its UID alone)


class MailTls(StrEnum):
    """How a mailbox's connection is protected."""

    implicit = "implicit"  # TLS from the first byte (imaps, port 993)
    starttls = "starttls"  # plain IMAP upgraded with STARTTLS before the login (port 143)
    none = "none"  # no TLS at all: only to a server on this machine (127.0.0.1, ::1)


@dataclass(frozen=True)
class MailboxSettings:
    """One watched mailbox (an IMAP folder) and what to do with its messages.

    The password is never a setting: `password_file` names a file only docvault's user may
    read, read afresh at every login and never logged.
    """

    name: str
    host: str
    user: str
    password_file: Path
    port: int = 0  # 0: 993 for implicit TLS, 143 otherwise
    tls: MailTls = MailTls.implicit
    # A CA (or the server's own self-signed certificate) to trust besides the system's.
    tls_ca_file: Path | None = None
    # The certificate is not checked for this host name only (the admin's explicit word);
    # empty: always checked.
    tls_unverified_host: str = ""
    folder: str = "INBOX"  # levels written with "/", whatever the server's delimiter is
    senders: tuple[str, ...] = ()  # addresses or "@domain"; empty: every sender
    subject_contains: tuple[str, ...] = ()  # any of these words; empty: every subject
    require_attachment: bool = True  # messages that cannot carry one are left alone
    after_taking: AfterTaking = AfterTaking.seen
    move_to: str = ""  # the folder for after_taking = "move"
    tags: tuple[str, ...] = ()
    poll_seconds: float = 60.0  # the rescan (UID SEARCH); IDLE delivers sooner
    idle: bool = True  # use IMAP IDLE where the server offers it

    @property
    def effective_port(self) -> int:
        if self.port:
            return self.port
        return 993 if self.tls is MailTls.implicit else 143

    @property
    def verifies_certificate(self) -> bool:
        return self.tls_unverified_host.strip().lower() != self.host.strip().lower()

    @property
    def address(self) -> str:
        """Where the mailbox is, for sentences and the status page (no password)."""
        scheme = "imaps" if self.tls is MailTls.implicit else "imap"
        return f"{scheme}://{self.user}@{self.host}:{self.effective_port}/{self.folder}"


class CountedFrom(StrEnum):
    """Where a retention rule's years start."""

    letter_date = "letter_date"  # the letter's own date (the arrival where none is known)
    arrival = "arrival"  # the day docvault took the file in


@dataclass(frozen=True)
class RetentionRule:
    """One [[retention]] table: how long the documents of an inbox (or with a tag) are kept.

    A document no rule names is kept for ever; one that several name is kept for the
    longest of them.
    """

    keep_years: int
    inbox: str = ""  # the documents of this inbox or mailbox (its name)
    tag: str = ""  # or the documents carrying this tag
    counted_from: CountedFrom = CountedFrom.letter_date

    @property
    def names(self) -> str:
        """Which documents, in words: "inbox fax" ("the inbox" for the `inbox` setting's
        one) or "tag xray"."""
        return inbox_named(self.inbox) if self.inbox else f"tag {self.tag}"


@dataclass(frozen=True)
class FhirReceiverSettings:
    """A `[[handover]]` table with target = "fhir": a FHIR server that takes each finished
    document as a transaction Bundle (docs/handover.md, "FHIR")."""

    url: str  # the FHIR base URL the Bundle is POSTed to
    token_file: Path  # the bearer token, in a file only docvault's user may read
    content: FhirContent = "binary"
    # The system (a URI) of the practice system's patient numbers, for the subject's
    # identifier; empty: the identifier carries the number alone.
    patient_system: str = ""


@dataclass(frozen=True)
class GdtReceiverSettings:
    """A `[[handover]]` table with target = "gdt": a practice system's GDT import folder
    (docs/handover.md, "GDT")."""

    folder: Path  # where docvault writes, as docvault's server sees it
    version: GdtVersion = "2.1"
    charset: GdtCharset = "iso-8859-1"
    receiver_id: str = "PRAX"  # GDT-ID of the practice system (field 8315, the file name)
    sender_id: str = "DOCV"  # GDT-ID of docvault (field 8316, the file name)
    procedure: str = "ALLG00"  # field 8402, the device and procedure code
    # The folder as the practice system sees it (a Windows share: P:\GDT); the PDF's path
    # in field 6305 starts with it. Empty: `folder` itself.
    folder_as_seen: str = ""
