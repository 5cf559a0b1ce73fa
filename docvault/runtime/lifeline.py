"""Child processes that die with docvault: the parent-death signal and the memory limit.

A child of the daemon (a render worker, `vllm serve`) must never outlive it: after a
SIGKILL of the daemon nothing runs its clean-up, and orphaned render workers (about 175 MB
each) were found piling up after test runs. Linux delivers a chosen signal to a process
when the thread that created it ends (`PR_SET_PDEATHSIG`); the setting survives `execve`,
so `python -m docvault.runtime.lifeline -- COMMAND...` starts any program bound to its parent.

The parent-death signal follows the creating *thread*: create children from a thread that
lives as long as they should (the event loop's thread, or the process pool's manager).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

_PR_SET_PDEATHSIG = 1
# The highest score: the process the out-of-memory killer takes first.
OOM_SCORE_ADJ_FIRST = 1000


def die_with_parent(signal_number: int = signal.SIGKILL) -> None:
    """Ask Linux to send `signal_number` to this process when its parent ends."""
    parent = os.getppid()
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(_PR_SET_PDEATHSIG, signal_number, 0, 0, 0) != 0:
        error = ctypes.get_errno()
        raise OSError(error, f"prctl(PR_SET_PDEATHSIG) failed: {os.strerror(error)}")
    # The parent may have died between our start and the prctl call: then the signal
    # will never come, and we must not run on as an orphan.
    if os.getppid() != parent:
        os.kill(os.getpid(), signal_number)


def limit_memory(limit_bytes: int) -> None:
    """Cap this process's address space, so a decompression bomb fails its own page.

    An allocation past the cap fails inside MuPDF or numpy (an error for that page)
    instead of driving the whole server into the kernel's out-of-memory killer.
    """
    if limit_bytes > 0:
        resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))


def die_first_when_memory_runs_out() -> None:
    """Make this process the kernel's first choice when the server runs out of memory.

    The render workers and the mail reader's worker are the processes whose memory a file's
    content decides. Should the server run out of memory anyway (its limit is 0, or several
    workers at their limit are more than the server has), the kernel then kills the worker,
    whose page fails alone (`RenderCrashed`, after a second try) or whose message is kept
    unread with its sentence, and never docvault itself: a daemon killed for a page's or a
    message's memory would be killed again by the same one at every start. (Raising one's
    own score needs no privilege.)
    """
    # Not Linux, or no /proc: the memory limit still holds.
    with contextlib.suppress(OSError):
        Path("/proc/self/oom_score_adj").write_text(f"{OOM_SCORE_ADJ_FIRST}\n", encoding="ascii")


def bound_child_command(command: Sequence[str], signal_number: int = signal.SIGTERM) -> list[str]:
    """`command` run through this module, so that it ends with the process that starts it."""
    return [
        sys.executable,
        "-m",
        "docvault.runtime.lifeline",
        "--signal",
        str(int(signal_number)),
        "--",
        *command,
    ]


def main(arguments: Sequence[str]) -> None:
    """`python -m docvault.runtime.lifeline --signal N -- COMMAND...`: bind, then become COMMAND."""
    separator = list(arguments).index("--")
    options, command = list(arguments[:separator]), list(arguments[separator + 1 :])
    signal_number = int(options[options.index("--signal") + 1]) if "--signal" in options else 15
    die_with_parent(signal_number)
    try:
        os.execvp(command[0], command)  # noqa: S606 - the command is docvault's own setting
    except OSError as error:
        # The exit code and sentence a shell gives for a command that cannot run.
        sys.stderr.write(f"{command[0]}: {error.strerror}\n")
        os._exit(127)


if __name__ == "__main__":
    main(sys.argv[1:])
