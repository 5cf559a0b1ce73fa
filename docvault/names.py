"""File names as docvault shows and stores them, whatever bytes the file system holds.

A Samba share with a legacy code page writes names that are not UTF-8 (``Befund_\\xe4.pdf``,
Latin-1 for "ä"). Python hands such a name over with the bad bytes as lone surrogates,
which SQLite, the log and the browser cannot encode. Everywhere a name is shown or
stored as text it goes through `display_name`, which escapes each undecodable byte
visibly as ``\\xNN``; the exact bytes are kept once, in the audit trail, from `raw_name`.
"""

from __future__ import annotations

import os
from pathlib import Path


def _raw(name: str | Path) -> bytes:
    return os.fsencode(str(name))


def display_name(name: str | Path) -> str:
    """The name (or path) as text that any UTF-8 consumer accepts; bad bytes as \\xNN."""
    return _raw(name).decode("utf-8", errors="backslashreplace")


def raw_name(name: str | Path) -> bytes | None:
    """The exact bytes of a name that is not valid UTF-8; None for an ordinary name."""
    raw = _raw(name)
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw
    return None
