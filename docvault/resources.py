"""Where the top-level `templates/` and `migrations/` folders are, installed or in a checkout.

A wheel carries them inside the package (see `force-include` in pyproject.toml); a checkout
or an editable install has them beside the package.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """The folder `name` ("templates" or "migrations"), inside the package or beside it."""
    for candidate in (PACKAGE_DIR / name, PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(
        f"docvault's {name}/ folder is missing from {PACKAGE_DIR}; reinstall docvault."
    )
