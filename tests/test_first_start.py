"""One database, many docvault processes: a first start never races (issue 45).

On a fresh data folder, `docvault run` and the commands a new clinic types beside it (the
README's first account, a look at the status and the documents) start together. Each
opens the database the same way: the schema made under one lock (the second process waits
for the first), a busy timeout on every connection. All succeed, and the daemon stays up.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from devtools.daemon import Daemon, wait_for

# Each of the four places the daemon can start among the three commands, once (two rounds
# more repeated the first two places: 28 s of the suite for no other start order).
ROUNDS = len(("user add", "status", "documents")) + 1
COMMANDS = (("user", "add", "admin", "--admin"), ("status",), ("documents",))


@pytest.mark.slow
@pytest.mark.parametrize("round_number", range(ROUNDS))
def test_the_daemon_and_the_first_commands_started_together_all_succeed(
    tmp_path: Path, round_number: int
) -> None:
    daemon = Daemon(tmp_path, DOCVAULT_ENGINE="cpu")
    try:
        commands = []
        # Each round starts the daemon at another place among the commands.
        for position in range(len(COMMANDS) + 1):
            if position == round_number % (len(COMMANDS) + 1):
                daemon.start(wait=False)
            if position < len(COMMANDS):
                commands.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "docvault", *COMMANDS[position]],
                        cwd=tmp_path,
                        env=daemon.environment,
                        stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        text=True,
                    )
                )
        answers = [
            command.communicate("a long first password\n", timeout=120) for command in commands
        ]
        for arguments, command, (out, error) in zip(COMMANDS, commands, answers, strict=True):
            assert command.returncode == 0, (arguments, out, error)
        wait_for(daemon.ready, 120, "the daemon to say it is ready")
        listed = daemon.cli("user", "list").stdout
        assert "admin" in listed
        assert daemon.stop() == 0, daemon.log.read_text()
    finally:
        daemon.kill_everything()


@pytest.mark.slow
def test_a_command_that_meets_a_held_write_lock_gives_up_naming_the_holder(
    tmp_path: Path,
) -> None:
    # The busy timeout shortened from its 30 s default (the setting database_busy_seconds):
    # the command's sentence names the wait it was given.
    daemon = Daemon(tmp_path, DOCVAULT_ENGINE="cpu", DOCVAULT_DATABASE_BUSY_SECONDS="4")
    daemon.cli("status")  # the database made
    database = tmp_path / "docvault-data" / "docvault.sqlite3"
    # Another process holds the write lock until its standard input closes.
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            f"connection = sqlite3.connect({str(database)!r}, isolation_level=None)\n"
            "connection.execute('BEGIN IMMEDIATE')\n"
            "print('held', flush=True)\n"
            "sys.stdin.read()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        answer = daemon.cli("user", "add", "clerk", check=False, input_text="a long password\n")
        assert answer.returncode == 1
        assert (
            f"`docvault user add` waited 4 seconds for the database ({database}) and gave up: "
            "another process held its write lock all that time" in answer.stderr
        )
        assert f"(pid {holder.pid})" in answer.stderr
        assert "Nothing was changed. Run the command again" in answer.stderr
        assert "tries again" not in answer.stderr
    finally:
        holder.communicate("", timeout=30)
    assert daemon.cli("user", "add", "clerk", input_text="a long password\n").returncode == 0
