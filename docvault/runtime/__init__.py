"""The runtime: how docvault's parts run, wait, fail and stop, knowing nothing of documents.

Every part of the daemon (intake, the worker, the index writer, the hand-over, the web view)
is run by the one supervisor, waits out its faults the same way and backs off the same way.
Nothing here reads the database or the settings; the composition root (`service`) gives
plain values. The modules, each importing only those above it:

    backoff     exponential back-off: the wait after the n-th failure in a row, to a cap
    faults      the server's own faults (disk full or read-only, the database locked by
                another program) told from OSError and SQLite's errors, with the sentence
                an admin acts on, and how a part waits one out
    lifeline    child processes that die with docvault: parent-death signal, memory limit
    forkserver  where worker processes come from: a fork server that imported their
                modules once, bound to docvault's life
    notify      systemd's notify protocol: READY, STATUS, WATCHDOG, STOPPING
    threads     how blocking work runs: a part's loop in a daemon thread of its own, short
                calls in the one bounded executor, the hand-overs' fixed pool, the calendar's
                scheduler on the running loop
    supervisor  the one supervisor: parts started, watched, restarted (or, for a command,
                ended at the first failure) and stopped; their `Progress`; its docstring
                draws every thread, process, pool and timer
    jobs        the supervisor's timers: rescan and lease expiry, on the monotonic clock

This module gives their public names, as the rest of docvault imports them. It imports a
module only when one of its names is first asked for: a render worker or an engine started
through `lifeline` pays for `lifeline` alone, not for the supervisor and the scheduler.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

if TYPE_CHECKING:
    from docvault.runtime.backoff import Throttle, Try, backoff_seconds
    from docvault.runtime.faults import (
        BUSY_WAIT_SECONDS,
        RETRY_SECONDS,
        Place,
        Standing,
        database_locked,
        disk_full,
        fault_of,
        process_name,
    )
    from docvault.runtime.forkserver import prepare_worker, release, worker_context
    from docvault.runtime.jobs import ClockWatch, Job, RunningJobs, run_timers
    from docvault.runtime.lifeline import (
        bound_child_command,
        die_first_when_memory_runs_out,
        die_with_parent,
        limit_memory,
    )
    from docvault.runtime.notify import Notifier
    from docvault.runtime.supervisor import (
        Part,
        PartHealth,
        PartState,
        Policy,
        Progress,
        Supervisor,
        read_status_file,
        write_status_file,
    )
    from docvault.runtime.threads import (
        DaemonPool,
        blocking_calls,
        calendar_scheduler,
        in_thread,
        stop_relayed,
        thread_future,
    )

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "backoff": ["Throttle", "Try", "backoff_seconds"],
        "faults": [
            "BUSY_WAIT_SECONDS",
            "Place",
            "RETRY_SECONDS",
            "Standing",
            "database_locked",
            "disk_full",
            "fault_of",
            "process_name",
        ],
        "forkserver": ["prepare_worker", "release", "worker_context"],
        "jobs": ["ClockWatch", "Job", "RunningJobs", "run_timers"],
        "lifeline": [
            "bound_child_command",
            "die_first_when_memory_runs_out",
            "die_with_parent",
            "limit_memory",
        ],
        "notify": ["Notifier"],
        "supervisor": [
            "Part",
            "PartHealth",
            "PartState",
            "Policy",
            "Progress",
            "Supervisor",
            "read_status_file",
            "write_status_file",
        ],
        "threads": [
            "DaemonPool",
            "blocking_calls",
            "calendar_scheduler",
            "in_thread",
            "stop_relayed",
            "thread_future",
        ],
    },
)

__all__ = [
    "BUSY_WAIT_SECONDS",
    "RETRY_SECONDS",
    "ClockWatch",
    "DaemonPool",
    "Job",
    "Notifier",
    "Part",
    "PartHealth",
    "PartState",
    "Place",
    "Policy",
    "Progress",
    "RunningJobs",
    "Standing",
    "Supervisor",
    "Throttle",
    "Try",
    "backoff_seconds",
    "blocking_calls",
    "bound_child_command",
    "calendar_scheduler",
    "database_locked",
    "die_first_when_memory_runs_out",
    "die_with_parent",
    "disk_full",
    "fault_of",
    "in_thread",
    "limit_memory",
    "prepare_worker",
    "process_name",
    "read_status_file",
    "release",
    "run_timers",
    "stop_relayed",
    "thread_future",
    "worker_context",
    "write_status_file",
]
