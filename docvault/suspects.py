"""Pages suspected of killing docvault: which were rendering when the daemon died, and how
often each one was (issue 29).

A page whose render kills a render worker fails alone (`render.RenderPool`). One whose
render kills the whole daemon (a MuPDF bug that takes the parent down, the kernel's OOM
killer choosing the daemon) left its lease behind: at the next start the page was queued
again, rendered again, and the daemon died again, for ever. What was leased says nothing
(a claim leases a few pages ahead of the renderer); what was *rendering* does, so every
render leaves a durable marker for as long as it runs:

    <data>/run/rendering/<page id>      a render of this page started and has not ended
    <data>/run/render-deaths.json       {"<page id>": deaths while it was rendering}

A marker is written and fsynced (file and folder) before the page is handed to the render
pool, and removed when the render ends in any way (an image, an error, a stop). A killed
process removes nothing, so at start (`recover`) a marker left behind is a death of docvault
while that page was rendering; the deaths are counted per page in the JSON file.

A page is set aside as failed at its `DEATHS_BEFORE_FAILING`-th death. An innocent page
rendering beside the culprit is counted too, once: that is why a page with a death is
rendered alone at the next start (the worker renders every suspect, one after the other,
before it renders anything else), so that its next death can only be its own. A suspect
that renders without killing docvault is forgotten; so is one that is gone or finished.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path

from docvault.durable import fsync_folder

logger = logging.getLogger(__name__)

# The first death can be a coincidence (the OOM killer choosing docvault for another's
# memory, `kill -9` by hand, a power cut) and costs one restart; at the second the page was
# rendering alone, so it is the page's doing. Waiting for a third would only restart the
# daemon once more for the same page.
DEATHS_BEFORE_FAILING = 2
RENDERING_FOLDER = "rendering"
DEATHS_FILE = "render-deaths.json"


@dataclass(frozen=True)
class Recovery:
    """What the markers left by a dead daemon mean, at start."""

    set_aside: dict[int, int]  # page id -> deaths: to be failed now
    suspects: tuple[int, ...]  # page ids with fewer deaths: to be rendered alone first


def clear(run_folder: Path) -> None:
    """Forget every marker and death (after a restore: a restored database hands out the
    page ids of the rows it lacks again, so the ids here may name other pages)."""
    shutil.rmtree(run_folder / RENDERING_FOLDER, ignore_errors=True)
    (run_folder / DEATHS_FILE).unlink(missing_ok=True)


class RenderMarks:
    """The markers and death counts under `<data>/run/` (`run_folder`)."""

    def __init__(self, run_folder: Path) -> None:
        self.folder = run_folder / RENDERING_FOLDER
        self.deaths_file = run_folder / DEATHS_FILE
        self._lock = threading.Lock()  # markers are written from worker threads
        self._deaths = self._read_deaths()

    def started(self, page_id: int) -> None:
        """The render of `page_id` starts now: its marker, durably (blocking: a thread)."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            marker = self.folder / str(page_id)
            with marker.open("w", encoding="ascii") as handle:
                handle.write(f"{page_id}\n")
                handle.flush()
                os.fsync(handle.fileno())
            fsync_folder(self.folder)
        except OSError as error:
            # The marker is a safety net: a full disk must not stop the page being read.
            logger.warning("page %d: its render marker could not be written: %s", page_id, error)

    def ended(self, page_id: int) -> None:
        """The render of `page_id` ended (an image, an error, a stop): its marker goes.

        Not fsynced: a removal lost only to a power cut counts one death too many, and a
        page fails only after a death while rendering alone.
        """
        (self.folder / str(page_id)).unlink(missing_ok=True)

    def recover(self) -> Recovery:
        """At start, before any render: the markers left become deaths, counted durably."""
        rendering = self._markers()
        with self._lock:
            for page_id in rendering:
                self._deaths[page_id] = self._deaths.get(page_id, 0) + 1
            if rendering:
                self._write_deaths()
        for page_id in rendering:
            self.ended(page_id)
        with self._lock:
            counts = dict(self._deaths)
        set_aside = {
            page: deaths for page, deaths in counts.items() if deaths >= DEATHS_BEFORE_FAILING
        }
        suspects = tuple(sorted(page for page in counts if page not in set_aside))
        return Recovery(set_aside, suspects)

    def suspects(self) -> tuple[int, ...]:
        """Pages with a death, not yet rendered since: the worker renders them alone first."""
        with self._lock:
            return tuple(sorted(self._deaths))

    def forget(self, page_id: int) -> None:
        """The page rendered without killing docvault, or was set aside, or is gone."""
        with self._lock:
            if self._deaths.pop(page_id, None) is not None:
                self._write_deaths()

    def _markers(self) -> list[int]:
        if not self.folder.is_dir():
            return []
        return sorted(int(path.name) for path in self.folder.iterdir() if path.name.isdigit())

    def _read_deaths(self) -> dict[int, int]:
        try:
            stored = json.loads(self.deaths_file.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError) as error:
            logger.warning(
                "%s cannot be read (%s); render deaths count from 0", self.deaths_file, error
            )
            return {}
        return {int(page): int(deaths) for page, deaths in stored.items()}

    def _write_deaths(self) -> None:
        """Written whole under a temporary name, fsynced and renamed (call with the lock)."""
        self.deaths_file.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.deaths_file.with_name(f".{DEATHS_FILE}.{uuid.uuid4().hex}.tmp")
        try:
            with temporary.open("w", encoding="utf-8") as handle:
                json.dump(
                    {str(page): deaths for page, deaths in sorted(self._deaths.items())}, handle
                )
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, self.deaths_file)
            fsync_folder(self.deaths_file.parent)
        finally:
            temporary.unlink(missing_ok=True)
