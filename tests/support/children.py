"""A process's live children, read from /proc (for tests that no process is left behind)."""

from __future__ import annotations

from pathlib import Path


def children_of(pid: int) -> set[int]:
    """`pid`'s live children; not multiprocessing's resource tracker, which serves the whole
    test process and ends with it."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue  # ended while we looked
        if b"multiprocessing.resource_tracker" in command or stat[0] == "Z":
            continue
        if int(stat[1]) == pid:
            found.add(int(entry.name))
    return found
