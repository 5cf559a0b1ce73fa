"""The files that turn `systemd/docvault-vllm@.service` into N engine replicas on one GPU.

Replica i is the unit instance `docvault-vllm@i.service`. The template reads its port and
memory share from `/etc/docvault/vllm-replica-i.env`; from the second replica on, a drop-in
orders it after the one before. The template's start ends only once the engine answers
/health (its ExecStartPost waits), so "after" means "after the previous replica is healthy":
vLLM sizes its KV cache from a profiling run at start, and another engine starting on the
same GPU at the same time would be counted against it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

ENVIRONMENT_FOLDER = Path("etc/docvault")
UNIT_FOLDER = Path("etc/systemd/system")
TEMPLATE = "docvault-vllm@.service"


def instance_name(number: int) -> str:
    return TEMPLATE.replace("@", f"@{number}")


def write_replica_units(root: Path, ports: Sequence[int], share: float) -> list[Path]:
    """Write each replica's environment file and ordering drop-in below `root`."""
    written: list[Path] = []
    for number, port in enumerate(ports):
        environment = root / ENVIRONMENT_FOLDER / f"vllm-replica-{number}.env"
        text = (
            f"# Replica {number} of {len(ports)} (docvault systemd-units)\n"
            f"VLLM_REPLICA_PORT={port}\nVLLM_REPLICA_MEMORY_SHARE={share:g}\n"
        )
        written.append(_write(environment, text))
        if number == 0:
            continue
        drop_in = root / UNIT_FOLDER / f"{instance_name(number)}.d" / "10-after-previous.conf"
        previous = instance_name(number - 1)
        text = (
            f"# Start only once replica {number - 1} is healthy (docvault systemd-units).\n"
            f"[Unit]\nAfter={previous}\n"
        )
        written.append(_write(drop_in, text))
    return written


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text)
    os.chmod(temporary, 0o644)
    temporary.replace(path)
    return path
