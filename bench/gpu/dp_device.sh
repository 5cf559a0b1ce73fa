#!/usr/bin/env bash
# Issue 19 on the device (nvidia-h200-x2): docvault end to end against (a) one vLLM server with
# --data-parallel-size 2 (dp2), (b) two vLLM servers, one per GPU, both in docvault's endpoint
# list (s2), (c) one GPU alone (g1), in one lease. Run from the repository root through the
# device tool. The calls, their carry and expected seconds (bench/gpu/RESULTS.md, "Issue 19"):
#
#   1  bash bench/gpu/dp_device.sh prep; bash bench/gpu/dp_device.sh install
#                                                  carry .stage5 .whl      ~150-250 s + start
#        environment report (both GPUs), part 0 kept, the model, docvault's wheels, the page
#        sets of every configuration (each its own seed: no engine sees a page twice)
#   2  bash bench/gpu/dp_device.sh stash           carry .stage6           ~10 s
#   3  bash bench/gpu/dp_device.sh first           carry .stage7           ~500-580 s
#        vLLM unpacked; s2 launched (two servers, CUDA_VISIBLE_DEVICES 0 and 1, 0.9 each,
#        started AT THE SAME TIME: different GPUs); then g1 measured on s2's first server
#        alone (one GPU, 0.9, the host flags: the same server g1 names) b64, c64; a step
#        that no longer fits the call (cold starts: 324 s for one engine in issue 17) is
#        skipped and measured first thing in call 4
#   4  bash bench/gpu/dp_device.sh second          carry nothing           ~350-560 s
#        g1's skipped steps if any; s2 measured (b64, c64: 64 in flight at each server, 128
#        in all); s2 stopped; dp2 launched in the background (one server,
#        --data-parallel-size 2, both GPUs)
#   5  bash bench/gpu/dp_device.sh third           carry nothing           ~450-560 s
#        waits for dp2, b128, c128 (the one endpoint gets the 128 in flight s2 shares out);
#        dp2 stopped; the report (summary.md)
#
# Pages: g1 sets of PAGES (512), s2 and dp2 sets of PAGES_TWO (1024): a step of either lasts
# about as long, and the tail where fewer than the in-flight number are left weighs the same.
# Steps: bN = the bare load generator, N in flight at each endpoint; cN = docvault's daemon with
# engine_url = the configuration's endpoints and concurrency N (per endpoint). Distinct pages
# in every engine process (per-configuration seeds; --mm-processor-cache-gb 0), pages/min over
# first request sent -> last page done; nvidia-smi once a second, every GPU apart.
#
# dp2b (--api-server-count 8 for the one data-parallel server) is there for a second lease or
# a spare call: EXTRA_CONFIGS=dp2b at install makes its sets, `launch dp2b` and
# `measure dp2b b128,c128` run it.
#
# Environment: PAGES, PAGES_TWO, BUDGET (seconds from this command's start to the benchmark's
# deadline, 540), RENDER_WORKERS (the daemon's, 6: 32 cores, two servers x five busy vLLM
# processes), ENGINE=sim (local dry run on the engine simulator, no GPU).
set -uo pipefail
# NVLink multicast off in every process started here (NCCL, PyTorch, NVSHMEM): on this host a
# program that uses it can put the shared GPUs out of service for a day or more. Exported
# first, so that every child inherits them, also those started with their own environment
# from this one (the daemon, the engines: docvault's supervisor sets them too).
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1
PAGES=${PAGES:-512}
PAGES_TWO=${PAGES_TWO:-1024}
RENDER_WORKERS=${RENDER_WORKERS:-6}
RUNDIR=${RUNDIR:-/tmp/dp}
# replicas_device.sh: config launch stop_replicas collect_launcher_logs install_wheels
# prepare_sets; through it docvault_device.sh (measure) and device.sh (env_report, parts)
source "$(cd "$(dirname "$0")" && pwd)/replicas_device.sh"
STEPS_ONE=b64,c64    # one GPU: 64 in flight
STEPS_TWO=b64,c64    # one server per GPU: 64 at each, 128 in all
STEPS_DP=b128,c128   # one data-parallel server over both: the same 128 at its one endpoint

config() {  # $1 name -> REPLICAS SHARE FLAGS GPUS SEED SET_PAGES (replicas_device.sh's launch)
  case "$1" in
    g1) REPLICAS=1; SHARE=0.9; FLAGS="$HOST_FLAGS"; GPUS=0; SEED=8000; SET_PAGES=$PAGES ;;
    s2) REPLICAS=2; SHARE=0.9; FLAGS="$HOST_FLAGS"; GPUS=0,1; SEED=9000; SET_PAGES=$PAGES_TWO ;;
    # no GPUS: the server sees both GPUs and places its two engine cores itself
    dp2) REPLICAS=1; SHARE=0.9; FLAGS="$HOST_FLAGS --data-parallel-size 2"; GPUS=""
         SEED=10000; SET_PAGES=$PAGES_TWO ;;
    # if dp2 trails s2: s2 has four API servers per GPU (the host-side preprocessing was the
    # limit on one H200, RESULTS.md issue 8), dp2 four for both; this gives it eight
    dp2b) REPLICAS=1; SHARE=0.9; FLAGS="--api-server-count 8 --max-num-batched-tokens 16384 --data-parallel-size 2"
          GPUS=""; SEED=11000; SET_PAGES=$PAGES_TWO ;;
    *) echo "unknown configuration '$1' (g1 s2 dp2 dp2b)"; exit 2 ;;
  esac
}

measure_config() {  # $1 config, $2 steps: against the servers `launch` started
  local name=$1 steps=$2 running endpoints=0
  running=$(cat "$RUNDIR/config" 2>/dev/null)
  # g1 is s2's first server alone: one GPU, 0.9, the host flags, one endpoint
  if [ "$name" = g1 ] && [ "$running" = s2 ]; then endpoints=1
  elif [ "$running" != "$name" ]; then log "the running servers are '${running}', not $name"; return 1; fi
  config "$name"
  measure "$name-$(echo "$steps" | tr ',' '-')" "$FLAGS" "$steps" --external "$RUNDIR/state.json" \
    --replicas "$REPLICAS" --endpoints "$endpoints" --gpus "$GPUS" --seed "$SEED" \
    --pages "$SET_PAGES" --render-workers "$RENDER_WORKERS"
  local rc=$?
  # two measurements in one call: each keeps its own copy (results.json is the last one's)
  cp "$OUT/results.json" "$OUT/results-$name.json" 2>/dev/null
  collect_launcher_logs
  placement >> "$OUT/key_lines.txt"
  nvidia-smi --query-gpu=index,memory.used,memory.total --format=csv,noheader 2>/dev/null | sed 's/^/gpu after: /'
  return "$rc"
}

placement() {  # what each running engine process was given: its GPUs, multicast off
  python3 - "$RUNDIR/state.json" <<'EOF'
import json, sys
from pathlib import Path
state = json.load(open(sys.argv[1]))
for replica in state.get("replicas", []):
    pid = replica.get("pid")
    try:
        pairs = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError as error:
        print(f"placement: replica {replica['replica']} pid {pid}: {error}")
        continue
    seen = [p.decode() for p in pairs if p.split(b"=")[0] in (
        b"CUDA_VISIBLE_DEVICES", b"NCCL_NVLS_ENABLE", b"TORCH_SYMM_MEM_DISABLE_MULTICAST",
        b"NVSHMEM_DISABLE_NVLS")]
    print(f"placement: replica {replica['replica']} pid {pid} gpus '{replica.get('gpus')}': {' '.join(seen)}")
EOF
}

missing_steps() {  # $1 config, $2 steps: those no finished run of $1 in WORK has measured
  python3 - "$WORK" "$1" "$2" <<'EOF'
import json, sys
from pathlib import Path
work, name, steps = Path(sys.argv[1]), sys.argv[2], sys.argv[3].split(",")
done = set()
for path in work.glob(f"results_{name}-*.json"):
    result = json.loads(path.read_text())
    for step in steps:
        measured = result.get(step) or {}
        # a step cut by the call's deadline (timed out, not settled) does not count
        if measured.get("pages_per_min") and not measured.get("timed_out") \
                and measured.get("settled", True):
            done.add(step)
print(",".join(step for step in steps if step not in done))
EOF
}

install_all() {  # call 1: wheels, then every configuration's page sets, each with its seed
  install_wheels || exit $?
  local name
  for name in g1 s2 dp2 ${EXTRA_CONFIGS:-}; do
    config "$name"
    local steps=$STEPS_TWO
    [ "$name" = g1 ] && steps=$STEPS_ONE
    [ "${name#dp2}" != "$name" ] && steps=$STEPS_DP
    prepare_sets --pages "$SET_PAGES" --seed "$SEED" --steps "$steps" || exit 6
  done
  df -h /tmp | tail -1; log "install done"
}

report_dp() {  # the three configurations, docvault / bare, and the scaling factors
  python3 - "$WORK" <<'EOF' | tee "$OUT/summary.md"
import json, sys
from pathlib import Path
runs = {p.stem[len("results_"):]: json.loads(p.read_text())
        for p in sorted(Path(sys.argv[1]).glob("results_*.json"))}
label = {"g1": "(c) one GPU alone", "s2": "(b) two servers, one per GPU",
         "dp2": "(a) one server, --data-parallel-size 2",
         "dp2b": "(a') the same, --api-server-count 8"}
found = {}
for run_label, result in runs.items():
    name = run_label.split("-")[0]
    for step, measured in result.items():
        if step[:1] in "bc" and step[1:].isdigit() and isinstance(measured, dict) \
                and measured.get("pages_per_min"):
            found.setdefault(name, {})[step[0]] = (step, measured, result)
print("| configuration | endpoints | step | in flight in all | pages/min | docvault / bare "
      "| GPU util mean % (each GPU) | boot |")
print("|---|---|---|---|---|---|---|---|")
for name in ("g1", "s2", "dp2", "dp2b"):
    for kind in ("b", "c"):
        if kind not in found.get(name, {}):
            continue
        step, measured, result = found[name][kind]
        gpu = measured.get("gpu") or {}
        each = ", ".join(f"{i}: {g.get('util_mean_pct')}" for i, g in (gpu.get("per_gpu") or {}).items())
        bare = found[name]["b"][1]["pages_per_min"] if "b" in found[name] else None
        ratio = f"{measured['pages_per_min'] / bare:.3f}" if kind == "c" and bare else "-"
        print(f"| {label[name]} | {measured.get('replicas')} | {step} "
              f"| {measured.get('in_flight')} | {measured['pages_per_min']} | {ratio} "
              f"| {gpu.get('util_mean_pct')} ({each or '-'}) | {result['machine']['boot_id'][:8]} |")
print()
for kind, what in (("c", "docvault"), ("b", "bare load generator")):
    base = found.get("g1", {}).get(kind)
    for name in ("dp2", "s2", "dp2b"):
        other = found.get(name, {}).get(kind)
        if base and other:
            factor = other[1]["pages_per_min"] / base[1]["pages_per_min"]
            print(f"- {what}: {label[name]} / {label['g1']}: {factor:.2f}x (goal >= 1.9)")
boots = {result["machine"]["boot_id"] for result in runs.values()}
print(f"- machines (boot ids): {len(boots)}; runs: {', '.join(runs) or 'none'}")
EOF
}

case "${1:-}" in
  prep) env_report; stash_parts; make_model; log "prep done" ;;
  install) install_all ;;
  stash) stash_parts ;;
  launch) launch "${2:?configuration}" ;;
  measure) measure_config "${2:?configuration}" "${3:?steps}" ;;
  first) launch s2; measure_config g1 "$STEPS_ONE" ;;
  second)
    BUDGET=${BUDGET_SECOND:-480}
    # what call 3 could not fit (a cold start of both servers took longer than planned)
    left=$(missing_steps g1 "$STEPS_ONE")
    if [ -n "$left" ]; then log "g1 steps still to measure: $left"; measure_config g1 "$left"; fi
    measure_config s2 "$STEPS_TWO"; rc=$?
    launch dp2  # stops s2 first
    exit "$rc" ;;
  third)
    BUDGET=${BUDGET_THIRD:-500}
    measure_config dp2 "$STEPS_DP"; rc=$?
    stop_replicas; report_dp
    exit "$rc" ;;
  stop) stop_replicas ;;
  report) report_dp ;;
  *) echo "usage: $0 prep|install|stash|first|second|third|launch CONFIG|measure CONFIG STEPS|stop|report"; exit 2 ;;
esac
