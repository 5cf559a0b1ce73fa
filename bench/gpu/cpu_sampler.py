"""Where a benchmark step's CPU went, from /proc: every process's CPU seconds, grouped by role.

Issue 17's second device run found docvault's daemon 9-16 % behind the bare load generator at
820-1,060 pages/min, with docvault and two vLLM replicas (eight API server processes, two
engine cores) on the host's 16 cores. Whether the host ran out of cores, and whose they were,
decides what to change; nvidia-smi says nothing about it. So each step samples, once a second:

- the host's busy share from /proc/stat (all cores together, 100 % = every core busy);
- each process's user + system CPU from /proc/PID/stat, kept per process as first and last
  seen, so a process that ends inside the step (the daemon and its render workers stop before
  the step's end) still counts up to its last sample.

Processes are grouped by role: vLLM's own titles (`VLLM::APIServer_0` -> `VLLM::APIServer`,
`VLLM::EngineCore`, set by setproctitle), docvault's daemon (`python -m docvault run`) and
every process below it (the render workers), the benchmark itself, and the rest by command
name. Linux only; on another system the summary says so.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
import time
from pathlib import Path
from typing import Any

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PROC = Path("/proc")
TITLE_NUMBER = re.compile(r"_\d+$")


def host_ticks() -> tuple[int, int] | None:
    """(busy, total) jiffies of all cores from /proc/stat's first line."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = [int(value) for value in (PROC / "stat").read_text().split("\n", 1)[0].split()[1:]]
        idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
        return sum(fields) - idle, sum(fields)
    return None


def process_sample(pid: int) -> tuple[float, int, str] | None:
    """(CPU seconds, parent pid, name) of one process, or None once it is gone."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
        command = (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(
            "utf-8", "replace").strip()
    except OSError:
        return None
    name_end = stat.rfind(")")
    fields = stat[name_end + 2:].split()
    # After the name: state, ppid, ... utime and stime are fields 14 and 15 of the whole line.
    cpu = (int(fields[11]) + int(fields[12])) / CLOCK_TICKS
    return cpu, int(fields[1]), command or stat[stat.find("(") + 1:name_end]


def role_of(pid: int, names: dict[int, str], parents: dict[int, int]) -> str:
    """The role a process plays in the step, from its title, its command or its ancestors."""
    name = names[pid]
    if name.startswith("VLLM::"):
        return TITLE_NUMBER.sub("", name.split()[0])
    ancestor, seen = pid, 0
    while ancestor in names and seen < 32:
        command = names[ancestor]
        if "docvault run" in command:
            return "docvault daemon" if ancestor == pid else "docvault render workers"
        if "docvault_bench" in command:
            return "benchmark (load generator)" if ancestor == pid else "benchmark's children"
        ancestor, seen = parents.get(ancestor, 0), seen + 1
    if "engine_sim" in name:
        return "engine simulator"
    if "vllm" in name and " serve " in f" {name} ":
        return "vllm serve (main)"
    return Path(name.split()[0]).name if name else "?"


class CpuSampler:
    """Samples /proc once a second from a thread while a step runs (a context manager)."""

    def __init__(self, interval: float = 1.0) -> None:
        self.interval = interval
        self.first: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.names: dict[int, str] = {}
        self.parents: dict[int, int] = {}
        self.busy_shares: list[float] = []
        self.ticks: tuple[int, int] | None = None
        self.started = self.ended = 0.0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.loop, name="cpu-sampler", daemon=True)

    def __enter__(self) -> CpuSampler:
        self.started = time.monotonic()
        self.ticks = host_ticks()
        self.sample(first=True)
        if self.ticks is not None:
            self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join(5)
        self.sample()
        self.ended = time.monotonic()

    def loop(self) -> None:
        while not self.stop.wait(self.interval):
            self.sample()

    def sample(self, first: bool = False) -> None:
        ticks = host_ticks()
        if ticks is not None and self.ticks is not None and ticks[1] > self.ticks[1]:
            self.busy_shares.append((ticks[0] - self.ticks[0]) / (ticks[1] - self.ticks[1]))
            self.ticks = ticks
        for entry in PROC.iterdir() if PROC.exists() else ():
            if not entry.name.isdigit():
                continue
            pid = int(entry.name)
            sample = process_sample(pid)
            if sample is None:
                continue
            cpu, parent, name = sample
            # A process first seen after the step began did all its work inside the step.
            self.first.setdefault(pid, cpu if first else 0.0)
            self.last[pid], self.parents[pid], self.names[pid] = cpu, parent, name

    def summary(self, pages: int = 0) -> dict[str, Any]:
        """Host busy share, and each role's CPU seconds, cores' worth and CPU-ms per page."""
        if not self.last:
            return {"note": "no /proc here: CPU not sampled"}
        seconds = max(self.ended - self.started, 1e-9)
        roles: dict[str, float] = {}
        counts: dict[str, int] = {}
        for pid, cpu in self.last.items():
            used = cpu - self.first.get(pid, 0.0)
            if used <= 0.0:
                continue
            role = role_of(pid, self.names, self.parents)
            roles[role] = roles.get(role, 0.0) + used
            counts[role] = counts.get(role, 0) + 1
        ranked = sorted(roles.items(), key=lambda item: item[1], reverse=True)[:14]
        shares = self.busy_shares
        return {
            "seconds": round(seconds, 1),
            "cores": os.cpu_count(),
            "host_busy_mean_pct": round(100 * sum(shares) / len(shares), 1) if shares else None,
            "host_busy_max_pct": round(100 * max(shares), 1) if shares else None,
            "cpu_s_all": round(sum(roles.values()), 1),
            "roles": {role: {"cpu_s": round(used, 1), "cores": round(used / seconds, 2),
                             "ms_per_page": round(1000 * used / pages, 1) if pages else None,
                             "processes": counts[role]} for role, used in ranked},
        }
