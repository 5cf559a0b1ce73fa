"""The daemon's index writer, served in a thread of the test's own.

docvault runs `OutboxDriver.serve` only as the supervisor's index part (`docvault.parts`);
a test of the writer alone serves it in a thread it starts and joins here.
"""

from __future__ import annotations

import threading

from docvault.search import OutboxDriver

# A drain of a test's few pages takes well under a second; the bound only stops a hang.
JOIN_SECONDS = 60.0


class ServedWriter(OutboxDriver):
    """An `OutboxDriver` with `start` (serve in a thread) and `stop` (last drain, joined)."""

    _serving: threading.Thread | None = None

    def start(self) -> None:
        self._serving = threading.Thread(target=self.serve, name="index-writer", daemon=True)
        self._serving.start()

    def stop(self) -> None:
        self.request_stop()
        if self._serving is not None:
            self._serving.join(timeout=JOIN_SECONDS)
            assert not self._serving.is_alive(), "the index writer did not stop"
