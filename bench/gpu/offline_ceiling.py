#!/usr/bin/env python3
"""Issue 17 on the device: vLLM's own offline throughput, the engine's ceiling on this host.

The same pages as a bare-load-generator step (docvault_bench.py's page set of that name, the
`bench` profile's first-pass body: the same messages, image and chat-template arguments, 600
tokens out with ignore_eos, temperature 0), given to `vllm.LLM(...).chat` in one call: no
HTTP, no API server, vLLM's own batching of everything at once. pages/min over that one call
(first page in to last page out), after a warm-up call of 8 other pages; nvidia-smi sampled
once a second during the measured call.

  python3 offline_ceiling.py --out DIR --set b64 --pages 512 \
      --flags "--gpu-memory-utilization 0.9 --max-num-batched-tokens 16384"
  python3 offline_ceiling.py --out DIR --engine sim ...   # local dry run: no vLLM, instant
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import shlex
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parents[1]))

from bench.gpu.docvault_bench import (  # noqa: E402
    SET_OFFSETS,
    TUNED_FOR_OFFLINE,
    GpuSampler,
    bodies_for,
    letters_for,
    machine,
)

log = logging.getLogger("offline_ceiling")
WARMUP_PAGES = 8
# Flags of the API server, not of the engine: LLM has none of them.
SERVER_ONLY = ("--api-server-count", "--disable-uvicorn-access-log", "--host", "--port",
               "--served-model-name", "--uvicorn-log-level")


class SimulatedLLM:
    """Stands in for vllm.LLM in the local dry run: every page answered at once."""

    def chat(self, messages: list[Any], sampling_params: Any, **_: Any) -> list[Any]:
        answer = SimpleNamespace(token_ids=[0] * sampling_params.max_tokens, finish_reason="length")
        return [SimpleNamespace(outputs=[answer], prompt_token_ids=[0] * 2139) for _ in messages]


def engine_flags(flags: str) -> tuple[list[str], list[str]]:
    """The tuned flags plus --flags, without the API server's own (returned apart)."""
    words = [*TUNED_FOR_OFFLINE, *shlex.split(flags)]
    kept: list[str] = []
    dropped: list[str] = []
    target = kept
    for word in words:
        if word.startswith("--"):
            target = dropped if word.split("=", 1)[0] in SERVER_ONLY else kept
        target.append(word)
    return kept, dropped


def make_llm(args: argparse.Namespace, flags: list[str]) -> tuple[Any, Any]:
    if args.engine == "sim":
        return SimulatedLLM(), SimpleNamespace
    from vllm import LLM, EngineArgs, SamplingParams
    from vllm.utils.argparse_utils import FlexibleArgumentParser

    parser = EngineArgs.add_cli_args(FlexibleArgumentParser())
    namespace = parser.parse_args(["--model", args.model, *flags])
    return LLM.from_engine_args(EngineArgs.from_cli_args(namespace)), SamplingParams


def conversations(bodies: list[bytes]) -> tuple[list[Any], dict[str, Any], dict[str, Any]]:
    """Messages of each body; the sampling and chat-template arguments they share."""
    decoded = [json.loads(body) for body in bodies]
    first = decoded[0]
    sampling = {"max_tokens": first["max_tokens"], "temperature": first["temperature"],
                "ignore_eos": bool(first.get("ignore_eos", False))}
    return [body["messages"] for body in decoded], sampling, first.get("chat_template_kwargs") or {}


def generate(llm: Any, sampling_class: Any, bodies: list[bytes]) -> dict[str, Any]:
    messages, sampling, template = conversations(bodies)
    params = sampling_class(**sampling)
    started = time.monotonic()
    outputs = llm.chat(messages, params, use_tqdm=False, chat_template_kwargs=template)
    seconds = time.monotonic() - started
    completion = [len(output.outputs[0].token_ids) for output in outputs]
    prompt = [len(output.prompt_token_ids or []) for output in outputs]
    return {"pages": len(outputs), "seconds": round(seconds, 2),
            "pages_per_min": round(len(outputs) * 60 / seconds, 1) if seconds else None,
            "gpu_s_per_page": round(seconds / len(outputs), 4) if outputs else None,
            "mean_completion_tokens": round(sum(completion) / len(completion), 1),
            "mean_prompt_tokens": round(sum(prompt) / len(prompt), 1), "sampling": sampling}


def run(args: argparse.Namespace) -> dict[str, Any]:
    flags, dropped = engine_flags(args.flags)
    results: dict[str, Any] = {"kind": "vLLM offline (LLM.chat, no HTTP)", "engine": args.engine,
                               "flags": flags, "server_flags_left_out": dropped,
                               "machine": machine(), "set": args.set}
    with ProcessPoolExecutor(max_workers=min(8, os.cpu_count() or 2),
                             mp_context=multiprocessing.get_context("spawn")) as pool:
        warm_letters = pool.submit(letters_for, args.work, "offline-warmup", WARMUP_PAGES,
                                   args.seed + 100, 4)
        letters = pool.submit(letters_for, args.work, args.set, args.pages,
                              args.seed + SET_OFFSETS[args.set], 5)
        warm_bodies = pool.submit(bodies_for, warm_letters.result())
        chunks = [letters.result()[i:i + 4] for i in range(0, len(letters.result()), 4)]
        bodies = [body for part in pool.map(bodies_for, chunks) for body in part]
        warm = warm_bodies.result()
    started = time.monotonic()
    llm, sampling_class = make_llm(args, flags)
    results["init_s"] = round(time.monotonic() - started, 1)
    log.info("engine ready after %.1f s", results["init_s"])
    results["warmup"] = generate(llm, sampling_class, warm)
    with GpuSampler(args.work / "gpu-offline.csv") as sampler:
        results["measured"] = generate(llm, sampling_class, bodies)
    results["measured"]["gpu"] = sampler.summary()
    log.info("offline: %s", results["measured"])
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add = parser.add_argument
    add("--out", type=Path, required=True)
    add("--work", type=Path, default=Path("/tmp/dvbench"), help="page sets, shared with the bench")
    add("--engine", choices=("vllm", "sim"), default="vllm")
    add("--model", default="/tmp/model")
    add("--set", default="b64", choices=[name for name in SET_OFFSETS if name[0] == "b"],
        help="the bare step whose pages are used")
    add("--pages", type=int, default=512)
    add("--seed", type=int, default=8_000, help="as docvault_bench.py's --seed")
    add("--flags", default="", help="engine flags after the tuned ones (vllm serve's spelling)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                        format="[%(asctime)s] %(message)s", datefmt="%H:%M:%S")
    results = run(args)
    (args.out / "offline.json").write_text(json.dumps(results, indent=1, default=str))
    (args.work / "results_offline.json").write_text(json.dumps(results, indent=1, default=str))
    m = results["measured"]
    sys.stdout.write(f"\n| vLLM offline | {m['pages']} pages | {m['pages_per_min']} pages/min | "
                     f"{m['gpu_s_per_page']} GPU-s/page | GPU util mean "
                     f"{m['gpu'].get('util_mean_pct')} % | init {results['init_s']} s |\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
