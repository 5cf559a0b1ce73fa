"""The lock file: the exact versions measured, which `make` installs, inside pyproject's ranges."""

from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parent.parent


def locked_versions() -> dict[str, Version]:
    """`name==version` lines of requirements.lock, by canonical name."""
    locked: dict[str, Version] = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, separator, version = line.partition("==")
        assert separator, f"requirements.lock: {line!r} is not an exact `name==version` pin"
        locked[canonicalize_name(name)] = Version(version)
    return locked


def declared_requirements() -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies and the dev extra (what `make` installs)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["dev"]
    return [Requirement(text) for text in declared]


def test_every_declared_dependency_is_locked_at_a_version_its_range_allows() -> None:
    locked = locked_versions()
    problems = []
    for requirement in declared_requirements():
        version = locked.get(canonicalize_name(requirement.name))
        if version is None:
            problems.append(f"{requirement.name} is not in requirements.lock (run `make lock`)")
        elif not requirement.specifier.contains(version, prereleases=True):
            problems.append(f"{requirement.name}=={version} is outside {requirement.specifier}")
    assert problems == []


def test_the_lock_does_not_carry_docvault_itself_or_the_gpu_extra() -> None:
    locked = locked_versions()
    assert "docvault" not in locked
    assert "vllm" not in locked, "the GPU engine is an optional extra, installed by hand"
