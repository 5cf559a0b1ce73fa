"""The state words users see (status output, JSON, templates) are the vocabulary's, unchanged."""

from __future__ import annotations

import json

from docvault.service import status_line
from docvault.vocabulary import DocumentStatus, EngineState, PageStatus

# What `docvault status`, the status page, `/api/status` and STATUS= show: scripts and
# dashboards match these words, so they stay as they are.
ENGINE_WORDS = {"unknown", "starting", "up", "down", "misconfigured", "stopped"}
PAGE_WORDS = {"queued", "running", "done", "looped", "failed"}
DOCUMENT_WORDS = {"processing", "done", "attention", "failed"}


def test_the_state_words_are_pinned() -> None:
    assert {state.value for state in EngineState} == ENGINE_WORDS
    assert {state.value for state in PageStatus} == PAGE_WORDS
    assert {state.value for state in DocumentStatus} == DOCUMENT_WORDS


def test_an_engine_state_is_its_word_in_json_and_in_text() -> None:
    assert json.dumps({"state": EngineState.starting}) == '{"state": "starting"}'
    counts = {state.value: 0 for state in PageStatus}
    assert status_line(counts, EngineState.down).endswith("; engine down")
