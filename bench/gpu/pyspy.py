"""Where docvault's daemon spends its time during a step: py-spy's samples, summarised.

Issue 17's second device run left open whether docvault's own process (intake, client,
queue, index writer: one Python process) or its cores held it behind the engines. py-spy
(carried as a wheel in `.whl`, installed with docvault's packages) samples the daemon and its
render workers from outside, without pausing them (`--nonblocking`), while the step's pages
run; the summary keeps, for the daemon's own process, its sample count and the functions with
the largest share of its samples (inclusive and self), and the other processes' counts. Where
py-spy is missing or may not attach (no ptrace), the result says so and the step goes on.
"""

from __future__ import annotations

import collections
import contextlib
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

RATE = 25  # samples a second: enough for shares, little cost to the daemon
TOP = 25


def executable() -> str | None:
    """py-spy on PATH, or in the bin folder of a PYTHONPATH entry (pip --target)."""
    found = shutil.which("py-spy")
    if found:
        return found
    for entry in [*os.environ.get("PYTHONPATH", "").split(os.pathsep), *sys.path]:
        candidate = Path(entry or ".") / "bin" / "py-spy"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def start(pid: int, path: Path) -> subprocess.Popen[bytes] | None:
    """Start recording `pid` and its children into `path` (raw folded stacks)."""
    program = executable()
    if program is None:
        return None
    command = [program, "record", "--pid", str(pid), "--rate", str(RATE), "--subprocesses",
               "--nonblocking", "--format", "raw", "--output", str(path)]
    log = path.with_suffix(".log").open("wb")
    return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)


def stop(process: subprocess.Popen[bytes] | None) -> None:
    """py-spy writes its file when interrupted."""
    if process is None:
        return
    with contextlib.suppress(ProcessLookupError):
        process.send_signal(signal.SIGINT)
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(5)


def summary(path: Path) -> dict[str, Any]:
    """Per-process sample counts; the daemon's process: top functions inclusive and self."""
    if not path.exists():
        log = path.with_suffix(".log")
        reason = log.read_text(errors="replace")[-300:] if log.exists() else "py-spy not found"
        return {"note": f"no py-spy samples: {reason.strip()}"}
    processes: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    own: collections.Counter[str] = collections.Counter()
    for line in path.read_text(errors="replace").splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not count_text.isdigit():
            continue
        count, frames = int(count_text), stack.split(";")
        marks = [index for index, frame in enumerate(frames) if frame.startswith("process ")]
        if not marks:
            continue
        process = frames[marks[-1]]
        role = "daemon" if "docvault run" in process else process[:90]
        processes[role] += count
        if role == "daemon":
            body = frames[marks[-1] + 1:]
            for frame in set(body):
                inclusive[frame] += count
            if body:
                own[body[-1]] += count
    total = processes.get("daemon", 0)

    def shares(counter: collections.Counter[str]) -> list[str]:
        return [f"{100 * count / total:.1f}% {frame[:160]}" for frame, count in
                counter.most_common(TOP)] if total else []

    return {"rate": RATE, "samples_by_process": dict(processes.most_common(10)),
            "daemon_samples": total, "daemon_inclusive": shares(inclusive),
            "daemon_self": shares(own)}
