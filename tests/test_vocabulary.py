"""The state words users see (status output, JSON, templates) are the vocabulary's, unchanged."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from docvault.reporting import status_line
from docvault.vocabulary import DocumentStatus, EngineState, PageStatus

# What `docvault status`, the status page, `/api/status` and STATUS= show: scripts and
# dashboards match these words, so they stay as they are.
ENGINE_WORDS = {"unknown", "starting", "up", "down", "misconfigured", "stopped"}
PAGE_WORDS = {"queued", "running", "done", "incomplete", "looped", "failed"}
DOCUMENT_WORDS = {"processing", "done", "attention", "failed"}


def test_the_state_words_are_pinned() -> None:
    assert {state.value for state in EngineState} == ENGINE_WORDS
    assert {state.value for state in PageStatus} == PAGE_WORDS
    assert {state.value for state in DocumentStatus} == DOCUMENT_WORDS


def test_an_engine_state_is_its_word_in_json_and_in_text() -> None:
    assert json.dumps({"state": EngineState.starting}) == '{"state": "starting"}'
    counts = {state.value: 0 for state in PageStatus}
    assert status_line(counts, EngineState.down).endswith("; engine down")


def docvault_imports(module: str) -> set[str]:
    """What a module imports from docvault; of a package (docvault/render/), every module's."""
    base = Path(__file__).parent.parent / "docvault"
    paths = (
        sorted((base / module).glob("*.py"))
        if (base / module).is_dir()
        else [base / f"{module}.py"]
    )
    assert paths, module
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
    return {name for name in names if name.startswith("docvault")}


def test_the_shared_values_sit_below_every_stage() -> None:
    assert docvault_imports("vocabulary") == set()
    # render and the records are below OCR in the data flow: they may share its values, not
    # import it
    for module in ("render", "records", "figures", "models"):
        assert not any(name.startswith("docvault.ocr") for name in docvault_imports(module)), module
