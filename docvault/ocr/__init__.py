"""OCR: a rendered page read by an engine, attempt after attempt, until its text is clean.

A stage: plain values in and out (`PageImage`, `AttemptRequest`, `EngineReply` of
`docvault.vocabulary`), no database. The worker hands a page to `transcribe_page`, which
runs the profile's retry schedule: each attempt is one call of an `Engine`, and the loop
guard's verdict on its output says whether another attempt follows.

A page:  schedule.transcribe_page -> Engine.transcribe (rapid: the CPU; client: vLLM,
         SGLang) -> guard (clean, looped, cut off?) -> the next attempt, or the text

The modules, each importing only those above it:

    base            Engine, the protocol every engine implements: one attempt per call
    guard           the loop guard: is an engine's output clean, looped or cut off?
    profiles        model profiles as data: prompt, sampling, retry schedule, clean-up
    engine_cache    where Triton's autotuning results must lie for a restarted engine
    vllm_server     VllmReplicas: the `vllm serve` processes docvault starts and watches
    replica_layout  the replicas laid out from the settings: ports, GPUs, memory, flags
    client          OpenAIEngine: the OpenAI-compatible engines' client (vLLM, SGLang)
    rapid           RapidEngine: the CPU engine (rapidocr on onnxruntime), the default
    schedule        the retry schedule of one page: attempts chained by the guard

This module gives their public names, as the rest of docvault imports them. It imports a
module only when one of its names is first used: a command that reads no page pays for
neither engine (the composition root imports the one the settings choose where it builds
it), and the worker pays for the schedule, not for the engines' HTTP client.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docvault.faces import lazy_names

if TYPE_CHECKING:
    from docvault.ocr.base import Engine
    from docvault.ocr.client import OpenAIEngine
    from docvault.ocr.profiles import BENCH_PROFILE_NAMES, Profile, get_profile
    from docvault.ocr.rapid import RapidEngine
    from docvault.ocr.replica_layout import (
        EngineLayout,
        replica_gpus,
        replica_memory_shares,
        replica_ports,
        replica_settings,
        vllm_extra_arguments,
    )
    from docvault.ocr.schedule import attempts_of, reread_suspects, transcribe_page
    from docvault.ocr.vllm_server import SupervisorState, VllmReplicas, engine_environment

# Where each name lives: its module within the package, and the names it gives.
__getattr__ = lazy_names(
    __name__,
    {
        "base": ["Engine"],
        "client": ["OpenAIEngine"],
        "profiles": ["BENCH_PROFILE_NAMES", "Profile", "get_profile"],
        "rapid": ["RapidEngine"],
        "replica_layout": [
            "EngineLayout",
            "replica_gpus",
            "replica_memory_shares",
            "replica_ports",
            "replica_settings",
            "vllm_extra_arguments",
        ],
        "schedule": ["attempts_of", "reread_suspects", "transcribe_page"],
        "vllm_server": ["SupervisorState", "VllmReplicas", "engine_environment"],
    },
)

__all__ = [
    "BENCH_PROFILE_NAMES",
    "Engine",
    "EngineLayout",
    "OpenAIEngine",
    "Profile",
    "RapidEngine",
    "SupervisorState",
    "VllmReplicas",
    "attempts_of",
    "engine_environment",
    "get_profile",
    "replica_gpus",
    "replica_memory_shares",
    "replica_ports",
    "replica_settings",
    "reread_suspects",
    "transcribe_page",
    "vllm_extra_arguments",
]
