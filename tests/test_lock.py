"""The lock file: the exact versions measured, each file's hash, inside pyproject's ranges,
and installed exactly as locked (issue 29: the same install every time)."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).parent.parent
# A locked requirement as uv writes it: `name==version \` then its `--hash=sha256:...` lines.
PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>\S+)(?:\s*\\)?$")
HASH = re.compile(r"^--hash=sha256:[0-9a-f]{64}(?:\s*\\)?$")
# Installed beside the locked packages by the virtual environment itself, not by the lock.
VENV_OWN = {"pip", "setuptools", "wheel", "docvault"}


def locked_pins(lock: str = "requirements.lock") -> dict[str, tuple[Version, list[str]]]:
    """Each locked requirement by canonical name: its version and its file hashes."""
    locked: dict[str, tuple[Version, list[str]]] = {}
    current: list[str] | None = None
    for line in (ROOT / lock).read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.startswith("--hash="):
            assert current is not None, f"requirements.lock: a hash before any pin: {line!r}"
            assert HASH.match(stripped), f"requirements.lock: {line!r} is not a sha256 hash"
            current.append(stripped)
            continue
        match = PIN.match(stripped)
        assert match, f"requirements.lock: {line!r} is not an exact `name==version` pin"
        current = []
        locked[canonicalize_name(match["name"])] = (Version(match["version"]), current)
    return locked


def declared_requirements() -> list[Requirement]:
    """What pyproject.toml asks for: the dependencies and the dev extra (what `make` installs)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = project["dependencies"] + project["optional-dependencies"]["dev"]
    return [Requirement(text) for text in declared]


def test_every_declared_dependency_is_locked_at_a_version_its_range_allows() -> None:
    locked = locked_pins()
    problems = []
    for requirement in declared_requirements():
        pin = locked.get(canonicalize_name(requirement.name))
        if pin is None:
            problems.append(f"{requirement.name} is not in requirements.lock (run `make lock`)")
        elif not requirement.specifier.contains(pin[0], prereleases=True):
            problems.append(f"{requirement.name}=={pin[0]} is outside {requirement.specifier}")
    assert problems == []


def test_every_locked_package_carries_the_hashes_pip_checks() -> None:
    unhashed = [name for name, (_, hashes) in locked_pins().items() if not hashes]
    assert unhashed == []
    assert len(locked_pins()) > 50, "the lock holds every dependency, not only the direct ones"


def test_the_lock_does_not_carry_docvault_itself_or_the_gpu_extra() -> None:
    locked = locked_pins()
    assert "docvault" not in locked
    assert "vllm" not in locked, "the GPU engine is an optional extra, installed by hand"


def test_this_environment_holds_exactly_the_locked_versions() -> None:
    """What `make` installed is the lock: each package at its locked version, nothing else.

    On a fresh clone `make test` builds `.venv` from the lock alone, so an extra package or
    another version here means the install resolved something afresh."""
    locked = {name: version for name, (version, _) in locked_pins().items()}
    installed = {
        canonicalize_name(distribution.metadata["Name"]): Version(distribution.version)
        for distribution in metadata.distributions()
    }
    wrong = {
        name: f"{installed.get(name)} installed, {version} locked"
        for name, version in locked.items()
        if installed.get(name) != version
    }
    unlocked = sorted(set(installed) - set(locked) - VENV_OWN)
    assert wrong == {}
    assert unlocked == [], "installed but not in requirements.lock: " + ", ".join(unlocked)


# ----------------------------------------------------------------------------- make run's lock

RUN_LOCK = "requirements-run.lock"
# What installs docvault itself into the venv (`pip install -e .` without build isolation).
BUILD_BACKEND = {"hatchling", "editables"}


def runtime_closure() -> set[str]:
    """The packages running docvault needs: its dependencies (no extra) and theirs, read
    from the installed packages' own metadata, markers evaluated for this Python and for the
    extras each requirement asks for (ocrmypdf asks for pikepdf[pdfa])."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = [Requirement(text) for text in project["dependencies"]]
    wanted += [Requirement(name) for name in BUILD_BACKEND]
    found: set[str] = set()
    seen: set[tuple[str, str]] = set()
    while wanted:
        requirement = wanted.pop()
        name = canonicalize_name(requirement.name)
        for extra in ("", *sorted(requirement.extras)):
            if (name, extra) in seen:
                continue
            seen.add((name, extra))
            found.add(name)
            wanted += [
                needed
                for needed in map(Requirement, metadata.requires(name) or [])
                if not needed.marker or needed.marker.evaluate({"extra": extra})
            ]
    return found


def test_make_run_installs_the_locks_own_entries_that_running_docvault_needs() -> None:
    """Issue 48: `make run` installed the whole development lock (a 1.3 GB venv); it installs
    requirements-run.lock, the same versions and hashes as requirements.lock, of only the
    packages docvault's dependencies need (and the build backend that installs docvault)."""
    whole = locked_pins()
    running = locked_pins(RUN_LOCK)
    differing = {name: pin for name, pin in running.items() if whole.get(name) != pin}
    assert differing == {}, "requirements-run.lock differs from requirements.lock: make lock"
    assert set(running) == runtime_closure()
    for development_only in ("pytest", "mypy", "playwright", "mkdocs", "hypothesis", "ruff"):
        assert development_only not in running


def test_the_makefile_installs_the_runtime_lock_for_run_and_the_whole_lock_for_test() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "\nrun: $(RUN_STAMP)\n" in makefile
    assert "\ntest: $(STAMP) " in makefile
    assert "--require-hashes --no-deps -r $(RUN_LOCK)" in makefile
