"""Importing docvault does no work beyond definitions: every command pays for its imports."""

from __future__ import annotations

import subprocess
import sys

# Run in a fresh interpreter: this test process has imported docvault long ago.
HASHING_FORBIDDEN = """
import argon2

def refuse(*arguments, **options):
    raise AssertionError("a password was hashed at import")

argon2.PasswordHasher.hash = refuse
import docvault.auth
import docvault.cli
import docvault.cli_users
print("imported without hashing")
"""


def test_importing_the_command_line_hashes_no_password() -> None:
    result = subprocess.run(
        [sys.executable, "-c", HASHING_FORBIDDEN],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "imported without hashing"
