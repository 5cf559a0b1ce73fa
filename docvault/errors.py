"""The exceptions docvault raises, and the sentence each one shows a clinic admin.

Every message says which file (or setting, or engine), what is wrong and what to do, so it
can be shown as is on the command line, in the log and in the web view::

    DocvaultError
    ├── ConfigError                 a setting is invalid (names the setting and its source)
    ├── UnknownProfile              no model profile has this name (also a KeyError)
    ├── DatabaseError               the database cannot be opened or upgraded
    ├── IntakeError                 a file in an inbox cannot be taken
    │   ├── FileNotReady            still being written or locked: retried with backoff
    │   ├── EmptyFile               zero bytes after the grace period
    │   ├── FileVanished            disappeared or changed while being read
    │   └── FileRefused             not taken at all; left in the inbox, reported once
    │       ├── LinkRefused         a symbolic link, a linked folder, a hard link
    │       ├── NotARegularFile     a named pipe, socket or device
    │       ├── FileTooLarge        more bytes than max_file_mb
    │       └── HiddenFileIgnored   a name starting with '.' that stayed (not a temp file)
    ├── RenderError                 a document or page cannot be turned into images
    │   ├── EncryptedDocument       needs a password
    │   ├── CorruptDocument         broken beyond repair, or has no pages
    │   ├── UnsupportedFormat       not a kind of file docvault reads
    │   ├── ImageTooLarge           over the pixel limit
    │   ├── TooManyPages            more pages than max_pages
    │   ├── RenderTimedOut          not drawn within render_timeout_seconds
    │   ├── RenderCrashed           the render worker died twice drawing it
    │   └── PageDamaged             drawn, but the file lost part of it: flagged, not failed
    ├── OcrError                    the engine could not transcribe a page
    │   ├── EngineUnavailable       not the page's fault: refused, 503, starting
    │   ├── EngineTimeout           no answer within the hard timeout
    │   ├── EngineConfigurationError  wrong model name, wrong URL: an admin must fix it
    │   ├── EngineRequestRejected   the engine refused this page's request (4xx)
    │   └── ReadingDoubtful         read, but mostly words no dictionary knows: flagged
    ├── SearchIndexError            the index cannot be opened or written
    │   ├── QuerySyntaxError        a search query cannot be understood
    │   └── DocumentNotIndexable    one document cannot be indexed; the others go on
    ├── FactRefused                 a fact a person typed is not what its field claims
    ├── RegisterRefused             a patient register export not taken (unreadable, too many gone)
    ├── RequestTooLarge             a request body over web_max_request_bytes
    ├── AuthError                   not logged in, or not allowed
    │   └── RateLimited             too many re-reads or unlock tries: wait
    ├── MailError                   a mailbox cannot be read now (its part starts again)
    │   ├── MailServerUnreachable   refused, TLS failed, stalled past the timeout, hung up
    │   ├── MailLoginRefused        the server refused the user and password
    │   ├── MailPasswordFileRefused missing, empty, or readable by other users
    │   └── MailFolderMissing       the folder to watch or to move to cannot be used
    ├── MailNoReadableAttachment    a message without a file docvault reads (message kept)
    ├── MailUnreadable              a message not read within the mail reader's limits (kept)
    ├── MailEncrypted               an S/MIME or PGP message (message kept)
    ├── MailMalformed               a message whose parts cannot be told apart (kept)
    ├── ServerFault                 the server is in the way (no document's fault): waited out
    │   ├── DiskFull                the disk of the archive, database, index or data folder
    │   ├── StorageReadOnly         that file system is (re)mounted read-only
    │   └── DatabaseLocked          another program holds the database's write lock
    ├── ArchivedFileDamaged         an archived original was removed or changed behind docvault
    │   ├── ArchivedFileMissing     it is gone from the archive
    │   └── ArchivedFileChanged     its bytes no longer match its sha256
    └── OnLegalHold                 a document on legal hold: no deletion removes it

Each class carries a `code` chosen once (`corrupt-document`): the word stored with a failed
document and shown in `docvault documents --json` and `/metrics`, so renaming a class never
changes stored data. A code is never reused or changed; tests/test_errors.py pins them all.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import ClassVar

from docvault.textutil import storable_text

# An absolute path inside a library's message, up to a quote, a space or a bracket.
_ABSOLUTE_PATH = re.compile(r"(?<![\w.])/(?:[^\s'\"()\[\]<>:,;]+/)*([^\s'\"()\[\]<>:,;/]+)")


def library_reason(error: BaseException, path: Path) -> str:
    """A library's message about `path` with no server folder in it, for a sentence staff read.

    Pillow, libheif and MuPDF put the full path of the file they failed on into their
    messages; the archive's folders are nobody's business in the web view (issue 25), so
    every absolute path keeps only its last part. The message is one line, as the sentence
    it goes into: libheif ends some of its messages with a newline (issue 29), and MuPDF
    quotes a file's bytes that need not be UTF-8.
    """
    text = " ".join(storable_text(str(error).replace(str(path), path.name)).split())
    return _ABSOLUTE_PATH.sub(lambda match: match.group(1), text)


class DocvaultError(Exception):
    """Base of every error docvault raises on purpose."""

    code: ClassVar[str] = "docvault-error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ConfigError(DocvaultError):
    """A setting has a value docvault cannot use."""

    code = "config-invalid"

    def __init__(self, setting: str, source: str, problem: str) -> None:
        super().__init__(f"Setting '{setting}' (from {source}) {problem}")
        self.setting = setting
        self.source = source


class PartFailed(DocvaultError):
    """A part of `docvault run` (or of a command that runs parts, as `docvault ingest`) could
    not be kept running: the daemon or the command stopped, and says which part and why."""

    code = "part-failed"


class UnknownProfile(DocvaultError, KeyError):
    """No model profile has this name. Also a KeyError: it is a failed lookup by name."""

    code = "unknown-profile"

    def __init__(self, name: str, known: tuple[str, ...]) -> None:
        super().__init__(
            f"There is no OCR profile named '{name}'. Choose one of: {', '.join(known)}."
        )
        self.profile = name

    def __str__(self) -> str:
        return self.message  # KeyError would show the message quoted, as a key


class DatabaseError(DocvaultError):
    """The database file cannot be opened, checked or upgraded."""

    code = "database-unusable"


class IntakeError(DocvaultError):
    """A file in an inbox cannot be taken into the archive."""

    code = "intake-failed"

    def __init__(self, path: Path | str, message: str) -> None:
        super().__init__(message)
        self.path = Path(path)


class FileNotReady(IntakeError):
    """The file cannot be read yet (still written, locked, no permission): retried later."""

    code = "file-not-ready"


class EmptyFile(IntakeError):
    """The file has stayed at zero bytes for longer than the grace period."""

    code = "empty-file"


class FileVanished(IntakeError):
    """The file disappeared or changed while docvault was copying it."""

    code = "file-vanished"


class RenderError(DocvaultError):
    """A document or one of its pages cannot be rendered to an image."""

    code = "render-failed"

    def __init__(self, path: Path | str, message: str, page: int | None = None) -> None:
        super().__init__(message)
        self.path = Path(path)
        self.page = page


class EncryptedDocument(RenderError):
    """The document needs a password that docvault does not have."""

    code = "encrypted-document"


class CorruptDocument(RenderError):
    """The document is broken beyond repair, or has no pages."""

    code = "corrupt-document"


class UnsupportedFormat(RenderError):
    """The file is not a kind of document docvault accepts."""

    code = "unsupported-format"


class ImageTooLarge(RenderError):
    """A page is larger than the configured pixel limit."""

    code = "image-too-large"


class RenderTimedOut(RenderError):
    """Opening or drawing a document took longer than the render time limit."""

    code = "render-timed-out"


class RenderCrashed(RenderError):
    """The render worker died twice while drawing this page (MuPDF crashing, or the page
    needing more memory than render_memory_limit_mb allows)."""

    code = "render-crashed"


class PageDamaged(RenderError):
    """A page drawn from a damaged file, part of its picture lost (a JPEG or an image stream
    cut short, a picture a repair dropped): its page is flagged with the sentence
    (`docvault.render.damage`) and kept, never plainly done and never failed."""

    code = "page-damaged"


class OcrError(DocvaultError):
    """The engine could not transcribe a page."""

    code = "ocr-failed"

    def __init__(self, message: str, endpoint: str | None = None) -> None:
        super().__init__(message)
        self.endpoint = endpoint
        # The page's attempts so far (AttemptRecord values), set by the retry schedule so
        # the worker can store them; and whether this call reached the engine at all (a
        # call refused before sending is no attempt).
        self.attempts: tuple[object, ...] = ()
        self.request_sent = True


class EngineUnavailable(OcrError):
    """The engine is down, starting or overloaded; the page goes back to the queue."""

    code = "engine-unavailable"


class EngineTimeout(OcrError):
    """The engine gave no answer within the hard timeout."""

    code = "engine-timed-out"


class EngineConfigurationError(OcrError):
    """The engine answered that docvault is configured wrongly (unknown model, bad URL)."""

    code = "engine-misconfigured"


class EngineRequestRejected(OcrError):
    """The engine refused this page's request; the attempt fails with its message."""

    code = "engine-request-rejected"

    def __init__(self, message: str, status_code: int, endpoint: str | None = None) -> None:
        super().__init__(message, endpoint)
        self.status_code = status_code


class ReadingDoubtful(OcrError):
    """A page read, but mostly into words no dictionary knows at the engine's low confidence
    (handwriting, another script): flagged for staff with the sentence (`docvault.legibility`)."""

    code = "reading-doubtful"


class SearchIndexError(DocvaultError):
    """The search index cannot be opened or written."""

    code = "search-index-unusable"


class QuerySyntaxError(SearchIndexError):
    """A search query cannot be understood."""

    code = "query-not-understood"


class AuthError(DocvaultError):
    """Not logged in, or not allowed to do this."""

    code = "not-allowed"


# ----------------------------------------------------------------- the web view's limits
# (issue 25: a request body, re-reads and unlock tries are bounded; each refusal says why)


class RequestTooLarge(DocvaultError):
    """A request's body is larger than web_max_request_bytes: refused before it is read."""

    code = "request-too-large"


class RateLimited(AuthError):
    """Too many re-reads, or too many wrong unlock passwords, in a short time: wait."""

    code = "rate-limited"


# --- facts a person enters, and the one document the index writer cannot take (issue 25) ---


class DocumentNotIndexable(SearchIndexError):
    """One document cannot be written to the search index; every other document is."""

    code = "document-not-indexable"

    def __init__(self, document_id: int, message: str) -> None:
        super().__init__(message)
        self.document_id = document_id


class FactRefused(DocvaultError, ValueError):
    """A value typed for a fact (patient, date of birth, letter date, sender, title) is
    refused; the message says what is wrong and how to write it. Also a ValueError: it is
    bad input, like the ValueError it replaced."""

    code = "fact-refused"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class RegisterRefused(DocvaultError):
    """A refresh of the patient register from the practice system's export was not taken
    (the export unreadable, or it would remove too much of the register); the register
    is unchanged and the sentence says what to do."""

    code = "register-refused"


# ---------------------------------------------------------------------------------------
# Intake refusals (issue 25). Anyone who can write to an inbox share chooses what lies in
# it, so intake takes only regular files that are really inside the inbox. Everything else
# is refused once, with its sentence in the log and on the status page, and left where it
# is: never opened (a pipe would block the read), never archived, never deleted.
# ---------------------------------------------------------------------------------------


class FileRefused(IntakeError):
    """Intake will not take this inbox entry; it stays where it is and is reported once."""

    code = "file-refused"


class LinkRefused(FileRefused):
    """A symbolic link, a file reached through a linked folder, or a hard-linked file."""

    code = "link-refused"


class NotARegularFile(FileRefused):
    """A named pipe, socket or device: never opened, since reading one can block forever."""

    code = "not-a-regular-file"


class FileTooLarge(FileRefused):
    """More bytes than the per-file limit (max_file_mb)."""

    code = "file-too-large"


class HiddenFileIgnored(FileRefused):
    """A file whose name starts with '.' stayed unchanged past the grace period."""

    code = "hidden-file-ignored"


# --- issue 25, the queue's limits (added here, apart, so that parallel additions do not clash)


class TooManyPages(RenderError):
    """A document has more pages than the `max_pages` setting allows."""

    code = "too-many-pages"


# --- issue 31, mail intake (added here, apart, so that parallel additions do not clash) ---


class MailError(DocvaultError):
    """A mailbox cannot be read now; its part says why and starts again with back-off."""

    code = "mail-failed"


class MailServerUnreachable(MailError):
    """The mail server cannot be reached, refused the TLS handshake, stalled or hung up."""

    code = "mail-server-unreachable"


class MailLoginRefused(MailError):
    """The mail server refused the user and password."""

    code = "mail-login-refused"


class MailPasswordFileRefused(MailError):
    """A mailbox's password file is missing, empty or readable by other users."""

    code = "mail-password-file-refused"


class MailFolderMissing(MailError):
    """The folder to watch (or to move taken messages to) cannot be selected or made."""

    code = "mail-folder-missing"


class MailNoReadableAttachment(DocvaultError):
    """A message has no attachment of a kind docvault reads; the message itself is kept."""

    code = "mail-no-readable-attachment"


class MailEncrypted(DocvaultError):
    """A message is encrypted (S/MIME, PGP); the message itself is kept."""

    code = "mail-encrypted"


class MailMalformed(DocvaultError):
    """A message's MIME structure is broken beyond telling its parts; the message is kept."""

    code = "mail-malformed"


# --- issue 29, faults a clinic server has (added here, apart, so that parallel additions do not
# clash). A server fault is nobody's document's: intake leaves the file in its inbox, the
# worker keeps what it read, the index keeps its outbox, and each part says the sentence and
# tries again by itself until the fault ends (docvault.runtime.faults tells them from OSError and
# SQLite's errors).


class ServerFault(DocvaultError):
    """The server itself is in the way (a disk full, a file system read-only, the database
    locked by another program, a disk reporting errors): docvault waits it out and carries on
    by itself. `summary` is the sentence without the server's folders, for staff."""

    code = "server-fault"

    def __init__(self, message: str, summary: str) -> None:
        super().__init__(message)
        self.summary = summary


class DiskFull(ServerFault):
    """The disk holding the archive, the database, the search index or the data folder is full."""

    code = "disk-full"


class StorageReadOnly(ServerFault):
    """The file system holding the archive, the database or the index is read-only."""

    code = "storage-read-only"


class DatabaseLocked(ServerFault):
    """Another program (a backup, a sqlite3 shell) holds the database's write lock."""

    code = "database-locked"


class ArchivedFileDamaged(DocvaultError):
    """An archived file (an original, an unlocked copy) is not what docvault put there.
    `summary` is the sentence without the server's folders, for staff."""

    code = "archived-file-damaged"

    def __init__(self, path: Path, message: str, summary: str) -> None:
        super().__init__(message)
        self.path = path
        self.summary = summary


class ArchivedFileMissing(ArchivedFileDamaged):
    """An archived file was removed behind docvault's back."""

    code = "archived-file-missing"


class ArchivedFileChanged(ArchivedFileDamaged):
    """An archived file's bytes no longer match its sha256 (changed, or the disk failing)."""

    code = "archived-file-changed"


class OnLegalHold(DocvaultError):
    """A deletion of a document on legal hold (by the retention review or by hand)."""

    code = "legal-hold"


class MailUnreadable(DocvaultError):
    """A message that could not be read within the mail reader's limits (time, memory,
    nesting, attachments per message); it is kept whole and not read again."""

    code = "mail-unreadable"
