"""File names as docvault shows and stores them, whatever bytes the file system holds.

A Samba share with a legacy code page writes names that are not UTF-8 (``Befund_\\xe4.pdf``,
Latin-1 for "ä"). Python hands such a name over with the bad bytes as lone surrogates,
which SQLite, the log and the browser cannot encode. Everywhere a name is shown or
stored as text it goes through `display_name`, which escapes each undecodable byte
visibly as ``\\xNN``; the exact bytes are kept once, in the audit trail, from `raw_name`.

Anyone who can write to an inbox chooses its file names, so a name is untrusted text. A
newline in it would end a log line and forge the next one; other control characters move
the cursor of the terminal that shows `docvault documents`; bidirectional controls make
``rtl_\\u202egnp.exe.pdf`` read as ``rtl_fdp.exe.png``. `display_name` escapes all of them
the same visible way: C0, DEL and C1 controls as ``\\xNN``, the Unicode line and paragraph
separators and the bidirectional controls as ``\\uNNNN``.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

# C0 controls, DEL, C1 controls; the line and paragraph separators (str.splitlines breaks
# there, and so do some log viewers); the bidirectional embeddings, overrides, isolates
# and marks (U+061C, U+200E/F, U+202A-E, U+2066-9).
UNSAFE_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def _raw(name: str | Path) -> bytes:
    return os.fsencode(str(name))


def _escaped(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def display_name(name: str | Path) -> str:
    """The name (or path) as one line of text any UTF-8 consumer accepts and no reader can
    be misled by: bad bytes as \\xNN, control and bidirectional characters escaped."""
    decoded = _raw(name).decode("utf-8", errors="backslashreplace")
    return UNSAFE_CHARACTERS.sub(_escaped, decoded)


def raw_name(name: str | Path) -> bytes | None:
    """The exact bytes of a name that `display_name` cannot show as it is (not UTF-8, or
    holding a character it escapes); None for an ordinary name."""
    raw = _raw(name)
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw
    return raw if UNSAFE_CHARACTERS.search(decoded) else None


# The name of the one inbox of the `inbox` setting (docvault.config); `[[inboxes]]` name theirs.
SINGLE_INBOX_NAME = "inbox"


def inbox_named(name: str) -> str:
    """An inbox as a sentence names it: "the inbox" for the single inbox of the `inbox`
    setting (issue 48: sentences read "in inbox inbox"), "inbox fax" for a named one."""
    return "the inbox" if name == SINGLE_INBOX_NAME else f"inbox {name}"


def message_named(sender: str, subject: str, sent_at: datetime | None) -> str:
    """A mail message as every sentence names it: sender, subject and date, with the
    sender's and subject's control and bidirectional characters escaped (a Subject with
    U+202E read backwards in the problem sentences and the log, issue 44). One wording for
    intake's sentences and the problems page's."""
    when = sent_at.strftime("%Y-%m-%d %H:%M UTC") if sent_at else "no date"
    shown_subject = f"'{display_name(subject)}'" if subject else "(no subject)"
    shown_sender = display_name(sender) if sender else "an unknown sender"
    return f"the message from {shown_sender} {shown_subject} of {when}"
