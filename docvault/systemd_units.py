"""The files that turn `systemd/docvault-vllm@.service` into N engine replicas.

Replica i is the unit instance `docvault-vllm@i.service`. The template reads its port, memory
share and environment from `/etc/docvault/vllm-replica-i.env`: its GPU (CUDA_VISIBLE_DEVICES)
when the replicas are spread over GPUs, and NVLink multicast off (`MULTICAST_OFF`, the same
variables docvault's own supervisor gives every engine). A replica that shares its GPU with
an earlier one gets a drop-in ordering it after the one before it on that GPU. The template's
start ends only once the engine answers /health (its ExecStartPost waits), so "after" means
"after the previous replica on the GPU is healthy": vLLM sizes its KV cache from a profiling
run at start, and another engine starting on the same GPU at the same time would be counted
against it. Replicas on different GPUs are not ordered and start at the same time.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from docvault.ocr import engine_environment

ENVIRONMENT_FOLDER = Path("etc/docvault")
UNIT_FOLDER = Path("etc/systemd/system")
TEMPLATE = "docvault-vllm@.service"
ORDER_DROP_IN = "10-after-previous.conf"


def instance_name(number: int) -> str:
    return TEMPLATE.replace("@", f"@{number}")


def write_replica_units(
    root: Path, ports: Sequence[int], shares: Sequence[float], gpus: Sequence[str]
) -> list[Path]:
    """Write each replica's environment file, and its ordering drop-in, below `root`.

    `gpus[i]` is replica i's CUDA_VISIBLE_DEVICES ("" when every replica shares the GPU the
    unit sees); replicas with the same value start one after another.
    """
    written: list[Path] = []
    for number, (port, share, gpu) in enumerate(zip(ports, shares, gpus, strict=True)):
        environment = root / ENVIRONMENT_FOLDER / f"vllm-replica-{number}.env"
        written.append(_write(environment, environment_text(number, len(ports), port, share, gpu)))
        drop_in = root / UNIT_FOLDER / f"{instance_name(number)}.d" / ORDER_DROP_IN
        earlier = [other for other in range(number) if gpus[other] == gpu]
        if earlier:
            previous = earlier[-1]
            text = (
                f"# Start only once replica {previous}, on the same GPU, is healthy "
                f"(docvault systemd-units).\n[Unit]\nAfter={instance_name(previous)}\n"
            )
            written.append(_write(drop_in, text))
        elif drop_in.exists():
            drop_in.unlink()  # an earlier layout ordered it; on a GPU of its own now
    return written


def environment_text(number: int, count: int, port: int, share: float, gpu: str) -> str:
    lines = [
        f"# Replica {number} of {count} (docvault systemd-units)",
        f"VLLM_REPLICA_PORT={port}",
        f"VLLM_REPLICA_MEMORY_SHARE={share:g}",
    ]
    # What docvault's own supervisor adds to an engine's environment: multicast off, and the
    # replica's GPU (with the device order in which the index is nvidia-smi's).
    lines += [f"{name}={value}" for name, value in engine_environment({}, gpu).items()]
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(text)
    os.chmod(temporary, 0o644)
    temporary.replace(path)
    return path
