"""Shared fixtures: real SQLite files migrated the way production migrates them."""

from __future__ import annotations

import gc
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from docvault import db
from docvault.testing.engine_sim import EngineSimulator, SimulatorConfig
from tests.support.webarchive import WebArchive, build_archive, copy_archive

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture
def database(tmp_path: Path) -> Iterator[Engine]:
    """A database file in tmp_path, upgraded with Alembic to head (not create_all)."""
    engine = db.make_engine(tmp_path / "data" / "docvault.sqlite3")
    db.upgrade(engine)
    yield engine
    engine.dispose()


@pytest.fixture
def simulator() -> Iterator[EngineSimulator]:
    """The loopback engine simulator: fast, no loops, no 503s (tests override as needed)."""
    with EngineSimulator(SimulatorConfig(speed=50.0, loop_fraction=0.0)) as engine:
        yield engine


@pytest.fixture
def damaged_index_files() -> Iterator[None]:
    """For tests that damage an index on purpose: Whoosh leaves the file of a segment it
    failed to read unclosed; reclaim it here, quietly, instead of as a ResourceWarning in
    whichever later test the garbage collector happens to run."""
    yield
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ResourceWarning)
        gc.collect()


@pytest.fixture(scope="session")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small real archive for the web tests, built once; each test copies it."""
    root = tmp_path_factory.mktemp("web-template")
    build_archive(root).database.dispose()
    return root


@pytest.fixture
def archive(template: Path, tmp_path: Path) -> Iterator[WebArchive]:
    """A copy of the template archive of the test's own (database, index, data folder)."""
    copied = copy_archive(template, tmp_path)
    yield copied
    copied.database.dispose()


@pytest.fixture
def start_simulator() -> Iterator[Callable[..., EngineSimulator]]:
    """Start simulators configured per test (instant unless told otherwise); stop them after."""
    started: list[EngineSimulator] = []

    def start(**options: Any) -> EngineSimulator:
        simulator = EngineSimulator(SimulatorConfig(**{"instant": True, **options}))
        simulator.start()
        started.append(simulator)
        return simulator

    yield start
    for simulator in started:
        simulator.stop()
