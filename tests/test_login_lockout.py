"""Issue 13, findings 4 and 7: the lock-out cannot be raced, and cannot lock the owner out."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from argon2 import PasswordHasher
from click.testing import CliRunner
from sqlalchemy import Engine

from docvault import audit, auth
from docvault.cli_base import State
from docvault.cli_users import user_group
from docvault.errors import AuthError
from docvault.models import utcnow

PASSWORD = "the right passphrase"
# Slow enough (tens of milliseconds) that forty parallel guesses overlap in the check.
SLOW_HASHER = PasswordHasher(time_cost=2, memory_cost=16384, parallelism=1)


def _try(database: Engine, password: str, address: str) -> str:
    try:
        auth.log_in(database, "doctor", password, address)
    except auth.LockedOut:
        return "locked"
    except AuthError:
        return "wrong"
    return "in"


def test_forty_parallel_guesses_get_only_five_real_checks(database: Engine) -> None:
    auth.add_user(database, "doctor", PASSWORD, hasher=SLOW_HASHER)
    with ThreadPoolExecutor(max_workers=40) as pool:
        answers = list(pool.map(lambda _: _try(database, "a wrong guess", "10.0.0.9"), range(40)))
    assert answers.count("wrong") == auth.FAILURES_PER_NAME
    assert answers.count("locked") == 40 - auth.FAILURES_PER_NAME
    assert _try(database, PASSWORD, "10.0.0.9") == "locked"


def test_failures_from_one_address_do_not_lock_the_owner_elsewhere(database: Engine) -> None:
    auth.add_user(database, "doctor", PASSWORD, hasher=SLOW_HASHER)
    audit.record(database, "doctor", "login", remote_address="10.0.0.5")
    for _ in range(auth.FAILURES_PER_NAME):
        assert _try(database, "a wrong guess", "10.0.0.66") == "wrong"
    assert _try(database, PASSWORD, "10.0.0.66") == "locked"
    assert _try(database, PASSWORD, "10.0.0.5") == "in"  # the owner's own workstation
    # A workstation never used before waits seconds, not the fifteen minutes of a lock.
    soon = utcnow() + timedelta(seconds=3)
    assert auth.log_in(database, "doctor", PASSWORD, "10.0.0.7", now=soon).name == "doctor"


def test_failures_from_many_addresses_slow_strangers_but_not_the_owners_workstation(
    database: Engine,
) -> None:
    auth.add_user(database, "doctor", PASSWORD, hasher=SLOW_HASHER)
    auth.log_in(database, "doctor", PASSWORD, "10.0.0.5")
    audit.record(database, "doctor", "login", remote_address="10.0.0.5")
    for number in range(auth.FAILURES_PER_NAME + 3):
        _try(database, "a wrong guess", f"192.0.2.{number}")
    assert _try(database, PASSWORD, "198.51.100.1") == "locked"  # a stranger waits
    assert _try(database, PASSWORD, "10.0.0.5") == "in"  # the owner does not
    later = utcnow() + auth.SLOWDOWN_LIMIT + timedelta(seconds=1)
    assert auth.log_in(database, "doctor", PASSWORD, "198.51.100.1", now=later).name == "doctor"


def test_unlock_lifts_the_lock_out(database: Engine) -> None:
    auth.add_user(database, "doctor", PASSWORD, hasher=SLOW_HASHER)
    for _ in range(auth.FAILURES_PER_NAME):
        _try(database, "a wrong guess", "10.0.0.9")
    assert _try(database, PASSWORD, "10.0.0.9") == "locked"
    result = CliRunner().invoke(user_group, ["unlock", "doctor"], obj=State(database=database))
    assert result.exit_code == 0, result.output
    assert "5 failed login(s) forgotten" in result.output
    assert _try(database, PASSWORD, "10.0.0.9") == "in"
