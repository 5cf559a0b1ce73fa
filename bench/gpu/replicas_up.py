#!/usr/bin/env python3
"""Issue 17 on the device: keep N engine replicas running between device calls.

docvault's own `VllmReplicas` (docvault/ocr/vllm_server.py) starts the replicas one after
another on ports --port, --port+1, ... with the same flags and --memory-share each, exactly as
`vllm_replicas` does in the daemon, and supervises them; with --gpus (issue 19, as
`vllm_gpus`) each replica gets its own GPU and replicas on different GPUs start together. This process is meant to outlive the
device call that starts it (setsid, from /tmp, see replicas_device.sh): two engines started
one after another take ~400-550 s, more than a call can wait and measure in. It writes
--state (JSON, replaced whole once a second: each replica's status, pid, start-up seconds,
the command lines) and stops every replica on SIGTERM or SIGINT, or when --stop-file appears.

  python3 replicas_up.py --state=/tmp/replicas/state.json --replicas 2 --memory-share 0.42 \
      --flags "--api-server-count 4 --max-num-batched-tokens 16384"
  python3 replicas_up.py ... --engine sim       # local dry run: the engine simulator
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import signal
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]
sys.path.insert(0, str(HERE.parents[1]))

from bench.gpu.docvault_bench import arguments as bench_arguments  # noqa: E402
from bench.gpu.docvault_bench import log_engine_output, replica_settings  # noqa: E402
from docvault.ocr.vllm_server import VllmReplicas  # noqa: E402

log = logging.getLogger("replicas_up")


def write_state(path: Path, document: dict[str, Any]) -> None:
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(json.dumps(document, indent=1, default=str))
    temporary.replace(path)


async def keep_running(args: Any) -> int:
    replicas = VllmReplicas(replica_settings(args))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    started = time.time()
    document: dict[str, Any] = {
        "launched_at": started, "replicas_wanted": args.replicas, "flags": args.flags,
        "memory_share": args.memory_share, "gpus": args.gpus,
        "start_groups": replicas.start_groups,
        "commands": [" ".join(c) for c in replicas.command_lines()],
        "failed": None, "all_up_s": None, "stopped": False,
    }
    up_at: dict[int, float] = {}
    try:
        await replicas.start()
        while not stop.is_set() and not args.stop_file.exists():
            states = replicas.states
            for number, state in enumerate(states):
                if state.status.value == "up" and number not in up_at:
                    up_at[number] = time.time() - started
                    log.info("replica %d up after %.1f s", number, up_at[number])
            if document["all_up_s"] is None and len(up_at) == len(states):
                document["all_up_s"] = round(max(up_at.values()), 1)
            failure = replicas.failure()
            if failure is not None:
                document["failed"] = repr(failure)
            document["replicas"] = [
                {"replica": number, "base_url": state.base_url, "status": state.status.value,
                 "gpus": replicas.supervisors[number].settings.gpus,
                 "pid": state.pid, "restarts": state.restarts, "last_error": state.last_error,
                 "last_exit_code": state.last_exit_code,
                 "up_after_launch_s": round(up_at[number], 1) if number in up_at else None}
                for number, state in enumerate(states)]
            write_state(args.state, document)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1.0)
    finally:
        await replicas.stop()
        document["stopped"] = True
        document["replicas"] = [{**r, "status": "stopped", "pid": None}
                                for r in document.get("replicas", [])]
        write_state(args.state, document)
    return 0


def main(argv: list[str]) -> int:
    own = [argument for argument in argv if argument.startswith(("--state=", "--stop-file="))]
    state = Path(next((a.split("=", 1)[1] for a in own if a.startswith("--state=")),
                      "/tmp/replicas/state.json"))
    stop_file = Path(next((a.split("=", 1)[1] for a in own if a.startswith("--stop-file=")),
                          str(state.with_name("stop"))))
    rest = [argument for argument in argv if argument not in own]
    state.parent.mkdir(parents=True, exist_ok=True)
    stop_file.unlink(missing_ok=True)
    # The benchmark's own arguments (--engine, --replicas, --memory-share, --gpus, --flags,
    # --port, --model, --served-name, --vllm-command, --vllm-pythonpath, --sim-args); --out is where
    # the engines' output goes.
    args = bench_arguments(["--out", str(state.parent), "--work", str(state.parent), *rest])
    args.state, args.stop_file = state, stop_file
    logging.basicConfig(level=logging.INFO, stream=sys.stdout,
                        format="[%(asctime)s] %(message)s", datefmt="%H:%M:%S")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per health check otherwise
    log_engine_output(state.parent / "server.log")
    return asyncio.run(keep_running(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
