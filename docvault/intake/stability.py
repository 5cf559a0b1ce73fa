"""Which files have stopped changing: plain code, fed observations and a clock.

A file is stable when its size and modification time have been seen unchanged for the
settle time, confirmed by a look taken after the settle time had passed. The cases it must
survive (after paperless-ngx's `FileStabilityTracker`):

- a scanner that writes a PDF slowly over 30 s: every look sees a new size, so the settle
  time restarts;
- an SMB or NFS copy that pauses: the pause is shorter than the settle time, or the size is
  still short of the final size when the copy resumes and the next look catches it;
- a scanner that closes and reopens the file: the modification time moves;
- a rename into the inbox: a new path, observed from scratch.

No threads, no I/O: the inbox driver stats the files and passes the numbers in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def has_settled(unchanged_for: float, settle_seconds: float) -> bool:
    """The one rule of settling: a file's size and modification time have stayed the same
    for the settle time. The tracker measures `unchanged_for` between its own looks; a
    reader with a single look (`docvault status`) can only take the time since the file
    was last modified."""
    return unchanged_for >= settle_seconds


@dataclass
class _Track:
    size: int
    mtime_ns: int
    first_seen: float
    last_change: float
    last_look: float


class StabilityTracker:
    """Tracks candidate files until they have held still for `settle_seconds`."""

    def __init__(self, settle_seconds: float) -> None:
        self.settle_seconds = settle_seconds
        self._tracks: dict[Path, _Track] = {}

    def observe(self, path: Path, size: int, mtime_ns: int, now: float) -> None:
        """Record one look at a file (from an event or a scan)."""
        track = self._tracks.get(path)
        if track is None:
            self._tracks[path] = _Track(size, mtime_ns, now, now, now)
            return
        if (track.size, track.mtime_ns) != (size, mtime_ns):
            track.size, track.mtime_ns = size, mtime_ns
            track.last_change = now
        track.last_look = now

    def forget(self, path: Path) -> None:
        """Stop tracking a path (taken, deleted, or renamed away)."""
        self._tracks.pop(path, None)

    def tracked(self) -> list[Path]:
        """Every path under watch, to be looked at again."""
        return list(self._tracks)

    def is_stable(self, path: Path, now: float) -> bool:
        """Unchanged for the settle time, and seen unchanged after it had passed."""
        track = self._tracks.get(path)
        if track is None:
            return False
        held_still = track.last_look - track.last_change
        return has_settled(held_still, self.settle_seconds) and now >= track.last_look

    def stable(self, now: float) -> list[Path]:
        """The paths that may be taken now, oldest first."""
        ready = [path for path in self._tracks if self.is_stable(path, now)]
        return sorted(ready, key=lambda path: self._tracks[path].first_seen)

    def settling(self, now: float) -> list[Path]:
        """Paths still waiting to hold still."""
        return [path for path in self._tracks if not self.is_stable(path, now)]

    def size_of(self, path: Path) -> int | None:
        track = self._tracks.get(path)
        return track.size if track else None

    def waited(self, path: Path, now: float) -> float:
        """Seconds since the path was first seen."""
        track = self._tracks.get(path)
        return now - track.first_seen if track else 0.0
