"""Making a write survive a power cut: the one folder-fsync every durable write ends with.

A rename is only durable once the folder that holds the name is synced (rename(2) changes
the folder, not the file), so the archive, the backups and the search index each call this
after moving a finished file into place.
"""

from __future__ import annotations

import os
from pathlib import Path


def fsync_folder(folder: Path) -> None:
    """Flush a folder's entries (new, renamed or removed names) to the disk."""
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)
