"""Pages suspected of killing docvault: which were rendering when the daemon died, and what
each one does when it is rendered again alone, in a process of its own (issue 29).

A page whose render kills a render worker fails alone (`render.RenderPool`). One whose
render kills the whole daemon (a MuPDF bug that takes the parent down; the kernel's
out-of-memory killer, which under systemd stops the whole service) left its lease behind: at
the next start the page was queued again, rendered again, and the daemon died again, for
ever. What was leased says nothing (a claim leases a few pages ahead of the renderer); what
was *rendering* does, so every render leaves a durable marker for as long as it runs:

    <data>/run/rendering/<page id>     a render of this page started and has not ended
    <data>/run/probing/<page id>       this suspect's probe started and has not ended
    <data>/run/render-suspects.json    {"<page id>": deaths of docvault while probing it}

A marker is written and fsynced before the page is handed to the render pool, and removed
when the render ends in any way. A killed process removes nothing, so at start a marker left
behind names a page that was rendering when docvault died: a suspect, not yet a culprit,
since docvault may have died for any reason (`kill -9`, a power cut, the OOM killer choosing
it for another's memory) and an innocent page may have been rendering beside the culprit.

Before anything else runs, each suspect is rendered again alone by `render.probe_render`,
in a pool of its own inside a process that dies in docvault's place. The verdict decides:

- it rendered, or failed with an error of its own, or timed out: innocent of killing
  docvault; it goes back to the queue, which reads it (or records its error) as usual;
- its probe process was killed, or its render worker crashed twice: it takes down whatever
  renders it; it is set aside as failed with `RenderKilledDocvault`'s sentence;
- docvault itself died while the probe ran (the probing marker is left):
  `PROBE_DEATHS_BEFORE_FAILING` such deaths set it aside without a further probe.

So an innocent page is never failed for sharing docvault's death: only its own render, alone,
can fail it. The probes run at start, before docvault says it is ready.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from docvault import queue
from docvault.durable import fsync_folder
from docvault.render import ProbeVerdict, RenderOptions, probe_render
from docvault.vocabulary import HandoverTarget

logger = logging.getLogger(__name__)

# A death of docvault while a suspect rendered alone in its probe is the suspect's doing or a
# coincidence; two are not a coincidence. The probe's own verdict needs no repeat.
PROBE_DEATHS_BEFORE_FAILING = 2
RENDERING_FOLDER = "rendering"
PROBING_FOLDER = "probing"
SUSPECTS_FILE = "render-suspects.json"

# What the admin's sentence says happened to the probe (`errors.RenderKilledDocvault`).
WHAT_HAPPENED = {
    ProbeVerdict.killed: "it took that process down too",
    ProbeVerdict.crashed: "it crashed that process's render worker twice",
}
DIED_WHILE_PROBING = "docvault stopped again, {deaths} times, while it rendered"


def clear(run_folder: Path) -> None:
    """Forget every marker and suspect (after a restore: a restored database hands out the
    page ids of the rows it lacks again, so the ids here may name other pages)."""
    shutil.rmtree(run_folder / RENDERING_FOLDER, ignore_errors=True)
    shutil.rmtree(run_folder / PROBING_FOLDER, ignore_errors=True)
    (run_folder / SUSPECTS_FILE).unlink(missing_ok=True)


def _write_marker(folder: Path, page_id: int) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / str(page_id)).open("w", encoding="ascii") as handle:
        handle.write(f"{page_id}\n")
        handle.flush()
        os.fsync(handle.fileno())
    fsync_folder(folder)


def _markers(folder: Path) -> list[int]:
    if not folder.is_dir():
        return []
    return sorted(int(path.name) for path in folder.iterdir() if path.name.isdigit())


class RenderMarks:
    """The markers under `<data>/run/` (`run_folder`): one per render running now."""

    def __init__(self, run_folder: Path) -> None:
        self.folder = run_folder / RENDERING_FOLDER

    def started(self, page_id: int) -> None:
        """The render of `page_id` starts now: its marker, durably (blocking: a thread)."""
        try:
            _write_marker(self.folder, page_id)
        except OSError as error:
            # The marker is a safety net: a full disk must not stop the page being read.
            logger.warning("page %d: its render marker could not be written: %s", page_id, error)

    def ended(self, page_id: int) -> None:
        """The render of `page_id` ended (an image, an error, a stop): its marker goes.

        Not fsynced: a removal lost only to a power cut makes the page a suspect, and a
        suspect that renders alone is innocent. A read-only data folder that keeps one (it
        was made before the folder became read-only) makes it a suspect likewise."""
        try:
            (self.folder / str(page_id)).unlink(missing_ok=True)
        except OSError as error:
            logger.warning("page %d: its render marker could not be removed: %s", page_id, error)


@dataclass(frozen=True)
class Probe:
    """What rendering a suspect page alone needs: the settings' render options and limits."""

    options: RenderOptions
    timeout_seconds: float
    memory_limit_bytes: int


class Suspects:
    """The suspects and their probe deaths, in `<data>/run/render-suspects.json`."""

    def __init__(self, run_folder: Path) -> None:
        self.rendering = run_folder / RENDERING_FOLDER
        self.probing = run_folder / PROBING_FOLDER
        self.file = run_folder / SUSPECTS_FILE
        self._lock = threading.Lock()

    def gather(self) -> dict[int, int]:
        """At start: markers left behind become suspects (page id -> deaths while probing),
        written durably before the markers go."""
        with self._lock:
            suspects = self._read()
            for page_id in _markers(self.rendering):
                suspects.setdefault(page_id, 0)
            for page_id in _markers(self.probing):
                suspects[page_id] = suspects.get(page_id, 0) + 1
            self._write(suspects)
            for folder in (self.rendering, self.probing):
                for page_id in _markers(folder):
                    (folder / str(page_id)).unlink(missing_ok=True)
            return suspects

    def probing_started(self, page_id: int) -> None:
        _write_marker(self.probing, page_id)

    def forget(self, page_id: int) -> None:
        """The page has its verdict (or is gone): no longer a suspect."""
        with self._lock:
            suspects = self._read()
            if suspects.pop(page_id, None) is not None:
                self._write(suspects)
        (self.probing / str(page_id)).unlink(missing_ok=True)

    def _read(self) -> dict[int, int]:
        try:
            stored = json.loads(self.file.read_text(encoding="utf-8"))
            return {int(page): int(deaths) for page, deaths in stored.items()}
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, AttributeError) as error:
            logger.warning("%s cannot be read (%s); it is started afresh", self.file, error)
            return {}

    def _write(self, suspects: dict[int, int]) -> None:
        """Written whole under a temporary name, fsynced and renamed (call with the lock)."""
        self.file.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.file.with_name(f".{SUSPECTS_FILE}.{uuid.uuid4().hex}.tmp")
        try:
            with temporary.open("w", encoding="utf-8") as handle:
                json.dump({str(page): deaths for page, deaths in sorted(suspects.items())}, handle)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.file)
            fsync_folder(self.file.parent)
        finally:
            temporary.unlink(missing_ok=True)


async def examine(
    database: Engine,
    data_dir: Path,
    probe: Probe,
    handover: Sequence[HandoverTarget] = (),
) -> dict[int, str]:
    """At start, before any render: every suspect rendered alone, and those that take down
    what renders them set aside. Returns page id -> the sentence of each page set aside."""
    suspects = Suspects(data_dir / "run")
    set_aside: dict[int, str] = {}
    for page_id, deaths in (await asyncio.to_thread(suspects.gather)).items():
        what_happened = await _verdict(database, data_dir, probe, suspects, page_id, deaths)
        if what_happened is not None:
            sentence = queue.set_aside(database, page_id, what_happened, handover)
            if sentence is not None:
                logger.error("start: %s", sentence)
                set_aside[page_id] = sentence
        suspects.forget(page_id)
    return set_aside


async def _verdict(
    database: Engine, data_dir: Path, probe: Probe, suspects: Suspects, page_id: int, deaths: int
) -> str | None:
    """What happened when the page rendered alone (for its sentence); None: innocent."""
    target = queue.page_to_probe(database, page_id)
    if target is None:
        return None  # deleted, finished or failed meanwhile
    if deaths >= PROBE_DEATHS_BEFORE_FAILING:
        return DIED_WHILE_PROBING.format(deaths=deaths)
    logger.warning(
        "start: docvault stopped unexpectedly while %s was rendering; it is rendered again "
        "alone, in a process of its own, before anything else",
        target.label,
    )
    await asyncio.to_thread(suspects.probing_started, page_id)
    verdict = await asyncio.to_thread(
        probe_render,
        data_dir / target.archive_path,
        target.number,
        probe.options,
        target.rotation,
        probe.timeout_seconds,
        probe.memory_limit_bytes,
    )
    logger.info("start: %s rendered alone: %s", target.label, verdict.value)
    return WHAT_HAPPENED.get(verdict)
