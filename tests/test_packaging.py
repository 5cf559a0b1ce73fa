"""The wheel: what production runs and nothing else; installed, it needs no checkout."""

from __future__ import annotations

import ast
import configparser
import os
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

import pytest

from docvault.cli import LAZY_GROUPS

ROOT = Path(__file__).parent.parent
# Alembic runs these from the data folder's migrations at `docvault db upgrade` and at start.
MIGRATIONS = "docvault/migrations/"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel `hatchling` builds from this checkout, built once for this module."""
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(dist)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (built,) = dist.glob("docvault-*.whl")
    return built


def module_name(path: str) -> str:
    """`docvault/ocr/base.py` -> `docvault.ocr.base`; a package's `__init__.py` -> the package."""
    parts = PurePosixPath(path).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_names(source: str) -> set[str]:
    """Every module name an import statement in `source` names, at any depth (lazy ones too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def in_checkout(name: str) -> bool:
    """Whether the checkout has a module of this name (a file, or a package's folder)."""
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def reached_from(roots: set[str], sources: dict[str, str]) -> set[str]:
    """The docvault modules production imports, following imports from its entry points.

    A name counts as a module when the wheel or the checkout has one by that name, so a
    module the wheel lacks is still reached; `from docvault.records import claim` names an
    attribute, not a module, and is not followed.
    """
    reached: set[str] = set()
    waiting = list(roots)
    while waiting:
        name = waiting.pop()
        if name in reached or not (name in sources or in_checkout(name)):
            continue
        reached.add(name)
        parent = name.rpartition(".")[0]
        if parent:
            waiting.append(parent)  # importing a.b.c runs a and a.b first
        found = imported_names(sources.get(name, ""))
        waiting.extend(found_name for found_name in found if found_name.startswith("docvault."))
    return reached


@pytest.mark.slow
def test_the_wheel_holds_what_production_runs_and_no_simulator_tests_or_benchmarks(
    wheel: Path,
) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (entry_points,) = (name for name in names if name.endswith(".dist-info/entry_points.txt"))
        scripts = configparser.ConfigParser()
        scripts.read_string(archive.read(entry_points).decode())
        sources = {
            module_name(name): archive.read(name).decode()
            for name in names
            if name.endswith(".py") and not name.startswith(MIGRATIONS)
        }
        migrations = [
            archive.read(name).decode()
            for name in names
            if name.startswith(MIGRATIONS) and name.endswith(".py")
        ]
    tops = {PurePosixPath(name).parts[0] for name in names}
    assert tops == {"docvault", "docvault-0.1.0.dist-info"}, tops
    for left_out in ("devtools/", "tests/", "bench/", "docvault/testing/", "engine_sim"):
        assert not [name for name in names if left_out in name], left_out
    roots = {"docvault.__main__"}  # `python -m docvault`, as the systemd unit runs it
    roots |= {target.split(":")[0] for target in scripts["console_scripts"].values()}
    for script in migrations:
        roots |= {name for name in imported_names(script) if name.startswith("docvault.")}
    # The command's groups that `docvault` imports when one is named (by module name).
    roots |= {target.split(":")[0] for target in LAZY_GROUPS.values()}
    reached = reached_from(roots, sources)
    shipped = set(sources)
    assert reached - shipped == set(), "production imports modules the wheel lacks"
    assert shipped - reached == set(), "the wheel ships modules production never imports"
    assert {"docvault.cli", "docvault.worker", "docvault.web.app"} <= reached


@pytest.mark.slow
def test_a_wheel_installed_elsewhere_finds_its_templates_and_migrations(
    wheel: Path, tmp_path: Path
) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    for expected in (
        "docvault/templates/search.html",
        "docvault/migrations/env.py",
        "docvault/static/docvault.css",
        "docvault/py.typed",
    ):
        assert expected in names
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    environment = {
        **os.environ,
        "PYTHONPATH": str(target),
        "DOCVAULT_CONFIG": "",
        "DOCVAULT_DATA_DIR": str(tmp_path / "data"),
    }
    probe = (
        "import docvault, docvault.resources as r; "
        "print(docvault.__file__); print(r.resource_dir('templates'))"
    )
    where = subprocess.run(
        [sys.executable, "-c", probe],
        env=environment,
        cwd=tmp_path,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert where == [
        str(target / "docvault" / "__init__.py"),
        str(target / "docvault" / "templates"),
    ]
    upgrade = subprocess.run(
        [sys.executable, "-m", "docvault", "db", "upgrade"],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert upgrade.returncode == 0, upgrade.stderr
    assert "revision empty ->" in upgrade.stdout
