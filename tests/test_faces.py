"""docvault.faces: a package's face imports an inner module only when one of its names is
first used, so a process pays for what it uses (issue 46).

Each check runs a fresh interpreter and reads what it loaded: the mail reader's worker
process, started for every message reader, must not load MuPDF and the database (its
first message waits for the import), and a command that reads no page no engine."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parent.parent
LAZY_FACES = [
    "docvault.runtime",
    "docvault.render",
    "docvault.ocr",
    "docvault.facts",
    "docvault.intake",
    "docvault.web",
]


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter has loaded once it ran `statement`."""
    code = f"import sys\n{statement}\nprint('\\n'.join(sys.modules))"
    finished = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPOSITORY,
        timeout=60,
    )
    return set(finished.stdout.split())


def test_importing_the_lazy_faces_imports_none_of_their_modules() -> None:
    loaded = loaded_after("import " + ", ".join(LAZY_FACES))
    own = sorted(module for module in loaded if module.startswith("docvault"))
    assert own == sorted(["docvault", "docvault.faces", *LAZY_FACES])


def test_the_mail_reader_worker_loads_neither_mupdf_nor_the_database() -> None:
    loaded = loaded_after("import docvault.intake.mailreader")
    heavy = {"pymupdf", "numpy", "onnxruntime", "sqlalchemy", "docvault.db", "docvault.records"}
    assert sorted(heavy & loaded) == []
    assert "docvault.render.kinds" in loaded  # what it asks: a file's kind


@pytest.mark.parametrize(
    ("statement", "unpaid"),
    [
        # `docvault doctor` checks a profile's name: no engine, no HTTP client.
        ("from docvault.ocr import get_profile", {"docvault.ocr.rapid", "httpx"}),
        # `docvault schedule` shows times in the clinic's zone: no web application.
        ("from docvault.web import Display, zone_named", {"fastapi", "starlette", "jinja2"}),
        # The query language reads a date as the facts do: no database.
        ("from docvault.facts import search_date", {"sqlalchemy", "docvault.facts.store"}),
    ],
)
def test_a_name_costs_only_its_own_module(statement: str, unpaid: set[str]) -> None:
    assert sorted(unpaid & loaded_after(statement)) == []


@pytest.mark.parametrize("package", LAZY_FACES)
def test_every_name_a_lazy_face_lists_is_given(package: str) -> None:
    """`from <face> import <name>` for each name of `__all__`: a name the face lists in
    `__all__` but maps to no module (or to the wrong one) fails here, not in production."""
    face = importlib.import_module(package)
    missing = [name for name in face.__all__ if not hasattr(_imported(package, name), name)]
    assert missing == []


def _imported(package: str, name: str) -> object:
    """The package as `from package import name` leaves it (an inner module imported)."""
    return __import__(package, fromlist=[name])


def test_a_name_no_face_lists_is_refused_with_the_face_named() -> None:
    face = importlib.import_module("docvault.ocr")
    with pytest.raises(AttributeError, match=r"module 'docvault\.ocr' has no attribute 'Engines'"):
        face.Engines  # noqa: B018
