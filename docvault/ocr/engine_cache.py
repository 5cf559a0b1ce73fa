"""The engines' kept caches: where Triton's autotuning results must lie to be found again.

vLLM 0.22.1 keeps Triton's autotuning results on disk (TRITON_CACHE_AUTOTUNING) in
TRITON_CACHE_DIR. An engine that compiles its model points that variable into the compile
cache's own folder, so its results land there; an engine that loads the compiled model
instead (a second replica, every restart) leaves it at the process's setting and looks
there. docvault names that folder (`autotuning_folder`) and, once an engine it started is
healthy, copies what a compiling start tuned into it, so that no later start spends the
~75-100 s of tuning again (bench/gpu/RESULTS.md, "Issue 53").
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

# Below the engines' VLLM_CACHE_ROOT: the TRITON_CACHE_DIR of an engine that loads its model.
TRITON_FOLDER = "triton"
# vLLM's compile caches; each holds a triton_cache folder of the compiling engine's results.
COMPILE_FOLDER = "torch_compile_cache"
AUTOTUNING_SUFFIX = ".autotune.json"


def autotuning_folder(cache_folder: str) -> str:
    """The TRITON_CACHE_DIR docvault gives an engine whose VLLM_CACHE_ROOT is `cache_folder`."""
    return os.path.join(cache_folder, TRITON_FOLDER)


def share_autotuning(cache_folder: Path) -> int:
    """Copy the autotuning results of compiling starts where loading starts look; how many.

    Triton files a result as `<key>/<kernel>.autotune.json`, the key made from the kernel,
    its configurations and the shapes tuned for, not from the folder: the same file is found
    in either place. A result already there is kept (it is the same tuning).
    """
    target_root = Path(autotuning_folder(str(cache_folder)))
    copied = 0
    for result in (cache_folder / COMPILE_FOLDER).glob(f"**/*{AUTOTUNING_SUFFIX}"):
        target = target_root / result.parent.name / result.name
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        shutil.copyfile(result, temporary)
        temporary.replace(target)  # a replica starting meanwhile never reads half a file
        copied += 1
    return copied
