"""The engine replicas docvault starts, laid out from the settings: ports, GPUs, shares, flags.

Replica i listens on vllm_port + i; with vllm_gpus it runs on its own GPU (round-robin), and
its --gpu-memory-utilization follows from how many replicas share that GPU. A data-parallel
server (--data-parallel-size N in vllm_extra_args) is one replica over N GPUs. Every setting
that would break the layout is refused here with a ConfigError naming it. The service builds
`VllmReplicas` from `replica_settings`, given the `EngineLayout` the root builds from the
settings; `docvault systemd-units` writes the same layout as unit environment files.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from docvault.errors import ConfigError
from docvault.ocr.vllm_server import VllmServerSettings, parse_flags

# GPU memory per engine replica when vllm_memory_share is 0, counted per GPU: the tuned 0.9
# for one replica on a GPU; for several on one GPU, 0.84 split evenly (two at 0.42 each:
# 885-951 pages/min on an H200 against 473-548 for one, bench/gpu/engine-baseline.md); what is left
# is the CUDA contexts' of the processes.
SINGLE_REPLICA_SHARE = 0.9
SEVERAL_REPLICAS_TOTAL_SHARE = 0.84
MOST_TOTAL_SHARE = 0.95
MEMORY_FLAG = "--gpu-memory-utilization"
# Below data_dir: vLLM's caches, which make a restarted engine start without retuning.
ENGINE_CACHE_FOLDER = "engine-cache"
DATA_PARALLEL_FLAG = "--data-parallel-size"
# How CUDA_VISIBLE_DEVICES names a GPU: nvidia-smi's index, or its GPU-/MIG- UUID.
GPU_NAME = re.compile(r"[0-9]+|(?:GPU|MIG)-[0-9A-Za-z/-]+")


@dataclass(frozen=True)
class EngineLayout:
    """What the replicas' layout reads of the layout, each under the setting's own name,
    handed down by the root (`docvault.from_settings.engine_layout`); `sources` says where
    each value came from, for the sentence that refuses it."""

    vllm_command: str
    vllm_cache_dir: str
    data_dir: Path
    vllm_extra_args: str
    vllm_replicas: int
    vllm_gpus: str
    vllm_memory_share: float
    vllm_port: int
    web_enabled: bool
    web_port: int
    sources: Mapping[str, str]
    # docvault's own environment, which each engine's child process starts from.
    environment: Mapping[str, str]


def replica_settings(layout: EngineLayout, model: str) -> list[VllmServerSettings]:
    """How each engine replica runs: its own port, GPU and memory share, the same flags."""
    extra = vllm_extra_arguments(layout)
    gpus = replica_gpus(layout, extra)
    shares = replica_memory_shares(layout, extra, gpus)
    command = tuple(shlex.split(layout.vllm_command))
    return [
        VllmServerSettings(
            model=model,
            port=port,
            command=command,
            arguments=(*extra, MEMORY_FLAG, f"{share:g}"),
            gpus=gpu,
            cache_folder=str(engine_cache_folder(layout)),
            environment=layout.environment,
        )
        for port, gpu, share in zip(replica_ports(layout), gpus, shares, strict=True)
    ]


def engine_cache_folder(layout: EngineLayout) -> Path:
    """Where the engines keep their compile and autotuning caches: vllm_cache_dir or data_dir's."""
    if layout.vllm_cache_dir:
        return Path(layout.vllm_cache_dir)
    return layout.data_dir / ENGINE_CACHE_FOLDER


def vllm_extra_arguments(layout: EngineLayout) -> tuple[str, ...]:
    """vllm_extra_args as words; refused where they would break the replicas' layout."""
    source = layout.sources["vllm_extra_args"]
    try:
        words = tuple(shlex.split(layout.vllm_extra_args))
        flags = parse_flags(words)
    except ValueError as error:
        raise ConfigError("vllm_extra_args", source, f"cannot be read: {error}") from None
    if "--port" in flags:
        raise ConfigError(
            "vllm_extra_args",
            source,
            "sets --port, but docvault gives each engine replica its port itself (vllm_port, "
            "vllm_port+1, ...); remove --port from it and set vllm_port instead.",
        )
    return words


def replica_gpus(layout: EngineLayout, extra: tuple[str, ...]) -> list[str]:
    """Each replica's GPUs (its CUDA_VISIBLE_DEVICES), round-robin over vllm_gpus; "" for all.

    A data-parallel server (--data-parallel-size N in vllm_extra_args) is one replica that
    spreads over N GPUs itself: it gets all of vllm_gpus, which must then name N GPUs.
    """
    count, size = layout.vllm_replicas, data_parallel_size(layout, extra)
    if size > 1 and count > 1:
        raise ConfigError(
            "vllm_replicas",
            layout.sources["vllm_replicas"],
            f"is {count} with {DATA_PARALLEL_FLAG} {size} in vllm_extra_args: docvault starts "
            "either one data-parallel server over several GPUs (vllm_replicas = 1) or several "
            "servers of one GPU each (vllm_gpus, no --data-parallel-size); several "
            "data-parallel servers on one host would contend for vLLM's coordination ports.",
        )
    names = gpu_names(layout)
    if not names:
        return [""] * count
    source = layout.sources["vllm_gpus"]
    if size > 1 and len(names) != size:
        raise ConfigError(
            "vllm_gpus",
            source,
            f"names {len(names)} GPU(s) but {DATA_PARALLEL_FLAG} {size} in vllm_extra_args "
            f"runs on exactly {size}: list {size} GPUs, or leave vllm_gpus empty (the server "
            "then uses every GPU docvault sees).",
        )
    if size > 1:
        return [",".join(names)]
    if len(names) > count:
        raise ConfigError(
            "vllm_gpus",
            source,
            f"names {len(names)} GPUs but vllm_replicas is {count}: GPU {names[count]} would "
            f"stay idle. Set vllm_replicas to {len(names)} (one replica per GPU) or list "
            "fewer GPUs.",
        )
    return [names[number % len(names)] for number in range(count)]


def gpu_names(layout: EngineLayout) -> list[str]:
    """vllm_gpus as a list: each GPU once, as CUDA_VISIBLE_DEVICES names it; [] when empty."""
    text = layout.vllm_gpus.strip()
    if not text:
        return []
    source = layout.sources["vllm_gpus"]
    example = 'write GPU indices as nvidia-smi numbers them, separated by commas, e.g. "0,1"'
    names = [name.strip() for name in text.split(",")]
    for position, name in enumerate(names, start=1):
        if not GPU_NAME.fullmatch(name):
            what = "is empty" if not name else f"'{name}' is not a GPU index"
            raise ConfigError(
                "vllm_gpus",
                source,
                f"is {text!r}: entry {position} {what}; {example} (or leave it empty: every "
                "replica on the GPU docvault sees).",
            )
    repeated = next((name for name in names if names.count(name) > 1), None)
    if repeated is not None:
        raise ConfigError(
            "vllm_gpus",
            source,
            f"is {text!r}: GPU {repeated} is listed twice; list each GPU once (replicas are "
            'placed round-robin: vllm_replicas = 4 with vllm_gpus = "0,1" puts two on each).',
        )
    return names


def data_parallel_size(layout: EngineLayout, extra: tuple[str, ...]) -> int:
    """The --data-parallel-size vllm_extra_args gives the server (1 when it gives none)."""
    source = layout.sources["vllm_extra_args"]
    if any(word == "-dp" or word.startswith("-dp=") for word in extra):
        raise ConfigError(
            "vllm_extra_args",
            source,
            f"uses -dp; write {DATA_PARALLEL_FLAG} N instead (docvault reads the long form to "
            "lay the engines out over the GPUs).",
        )
    given = parse_flags(extra).get(DATA_PARALLEL_FLAG)
    if given is None:
        return 1
    if len(given) != 1 or not given[0].isdigit() or int(given[0]) < 1:
        raise ConfigError(
            "vllm_extra_args",
            source,
            f"sets {DATA_PARALLEL_FLAG} {' '.join(given) or '(no value)'}; allowed: one whole "
            "number of at least 1 (the GPUs the one server spreads over).",
        )
    return int(given[0])


def replica_memory_shares(
    layout: EngineLayout, extra: tuple[str, ...], gpus: Sequence[str]
) -> list[float]:
    """Each replica's --gpu-memory-utilization, from how many replicas share its GPU.

    Automatic: 0.9 for a replica alone on its GPU, 0.84 split among those that share one. A
    given share (vllm_memory_share, or the flag in vllm_extra_args) is every replica's; the
    replicas on one GPU may not ask for more than 0.95 of it together.
    """
    per_gpu = [gpus.count(gpu) for gpu in gpus]
    given = given_memory_share(layout, extra, max(per_gpu))
    if given is not None:
        return [given] * len(gpus)
    return [
        SINGLE_REPLICA_SHARE if count == 1 else SEVERAL_REPLICAS_TOTAL_SHARE / count
        for count in per_gpu
    ]


def given_memory_share(layout: EngineLayout, extra: tuple[str, ...], count: int) -> float | None:
    """The share the settings give each replica (None: automatic), checked for `count`
    replicas on one GPU (the most any GPU carries)."""
    given = parse_flags(extra).get(MEMORY_FLAG)
    name = "vllm_memory_share"
    if layout.vllm_memory_share > 0 and given is not None:
        raise ConfigError(
            "vllm_extra_args",
            layout.sources["vllm_extra_args"],
            f"sets {MEMORY_FLAG} and vllm_memory_share is set too; keep only vllm_memory_share.",
        )
    if layout.vllm_memory_share > 0:
        share = layout.vllm_memory_share
    elif given is not None:
        name = "vllm_extra_args"
        share = _share_from_flag(layout, given)
    else:
        return None
    if count > 1 and share * count > MOST_TOTAL_SHARE:
        raise ConfigError(
            name,
            layout.sources[name],
            f"gives each of the {count} engine replicas on one GPU (vllm_replicas, vllm_gpus) "
            f"{share:g} of the GPU's memory, {share * count:.2f} in all; they share that GPU, "
            f"so at most {MOST_TOTAL_SHARE:g} in all. Set vllm_memory_share to "
            f"{SEVERAL_REPLICAS_TOTAL_SHARE / count:.2f} or to 0 (automatic), or spread the "
            "replicas over more GPUs (vllm_gpus).",
        )
    return share


def _share_from_flag(layout: EngineLayout, given: list[str]) -> float:
    try:
        share = float(given[0]) if len(given) == 1 else -1.0
    except ValueError:
        share = -1.0
    if not 0 < share <= 1:
        raise ConfigError(
            "vllm_extra_args",
            layout.sources["vllm_extra_args"],
            f"sets {MEMORY_FLAG} {' '.join(given) or '(no value)'}; allowed: one number "
            "above 0 and at most 1. Better: leave it out and set vllm_memory_share.",
        )
    return share


def replica_ports(layout: EngineLayout) -> list[int]:
    """Replica i listens on vllm_port + i; none may pass 65535 or take the web view's port."""
    first, count = layout.vllm_port, layout.vllm_replicas
    ports = list(range(first, first + count))
    if ports[-1] > 65535:
        raise ConfigError(
            "vllm_replicas",
            layout.sources["vllm_replicas"],
            f"is {count} with vllm_port {first}: the replicas would need ports up to "
            f"{ports[-1]}, past 65535. Lower vllm_port.",
        )
    if layout.web_enabled and layout.web_port in ports:
        raise ConfigError(
            "web_port",
            layout.sources["web_port"],
            f"is {layout.web_port}, one of the ports of the engine replicas "
            f"({first}-{ports[-1]}: vllm_port and vllm_replicas); give the web view or "
            "the engines other ports.",
        )
    return ports
