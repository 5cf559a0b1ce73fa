"""A start that cannot succeed ends with a sentence, exit code 1 and no process left (issue 45).

Settings each valid alone that only make sense together are refused where the settings are
loaded, by `docvault run`, `docvault config` and `docvault doctor` alike; and whatever fails
while the daemon's resources open closes every one opened before it (the render pool's
worker processes included).
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
from pathlib import Path

import pytest

from devtools.daemon import Daemon
from docvault.config import load_settings
from docvault.service import run_daemon
from tests.support.children import children_of

# Each combination, and the start of the sentence that refuses it.
COMBINATIONS = {
    "openai without an address": (
        {"DOCVAULT_ENGINE": "openai", "DOCVAULT_ENGINE_URL": ""},
        "Setting 'engine_url' (from environment variable DOCVAULT_ENGINE_URL) is empty but "
        "engine is 'openai'",
    ),
    "cpu with a GPU profile": (
        {"DOCVAULT_ENGINE": "cpu", "DOCVAULT_PROFILE": "ovisocr2"},
        "Setting 'profile' (from environment variable DOCVAULT_PROFILE) is 'ovisocr2' but "
        "engine is 'cpu'",
    ),
    "cpu starting vllm": (
        {"DOCVAULT_ENGINE": "cpu", "DOCVAULT_VLLM_START": "true"},
        "Setting 'vllm_start' (from environment variable DOCVAULT_VLLM_START) is true but "
        "engine is 'cpu'",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("combination", sorted(COMBINATIONS))
def test_a_combination_that_cannot_start_ends_with_a_sentence_and_no_process(
    tmp_path: Path, combination: str
) -> None:
    settings, sentence = COMBINATIONS[combination]
    daemon = Daemon(tmp_path, **settings)
    try:
        daemon.start(wait=False)
        assert daemon.process is not None
        assert daemon.process.wait(timeout=120) == 1
        log = daemon.log.read_text()
        assert sentence in log
        assert "Traceback" not in log
        assert daemon.processes() == []
        for command in (("config",), ("doctor",)):
            shown = daemon.cli(*command, check=False)
            assert sentence in shown.stdout + shown.stderr, command
    finally:
        daemon.kill_everything()


def _children() -> set[int]:
    """This process's live children (the render pools' workers, their fork server)."""
    return children_of(os.getpid())


def test_a_failure_while_the_daemon_opens_closes_everything_opened_before_it(
    tmp_path: Path,
) -> None:
    loaded = load_settings(
        environ={"DOCVAULT_DATA_DIR": str(tmp_path / "data"), "DOCVAULT_RENDER_WORKERS": "2"},
        cwd=tmp_path,
    )
    # Past the settings' check (as a caller building its settings in code is): the engine,
    # built after the database and both render pools opened, refuses to be made.
    settings = dataclasses.replace(loaded, engine="openai", engine_url=[])
    before = _children()
    with pytest.raises(ValueError, match="at least one endpoint URL"):
        asyncio.run(run_daemon(settings, asyncio.Event()))
    assert _children() - before == set()
