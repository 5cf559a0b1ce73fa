"""An installed wheel carries templates/, migrations/ and static/: no checkout needed."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
def test_a_wheel_installed_elsewhere_finds_its_templates_and_migrations(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path / "dist")],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("docvault-*.whl")
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
